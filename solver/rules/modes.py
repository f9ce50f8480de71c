"""Modal spells: the choice of modes (CR 700.2, 702.42 Entwine, 702.120 Escalate).

One variable per mode, keyed :class:`~models.choices.ModeKey` (printed
order): chosen or not, or how many times where the same mode may be chosen
more than once (CR 700.2d). "Choose one / two / one or both / one or more —"
bound how many are chosen; with Entwine all modes may be chosen instead,
paying the entwine cost (CR 702.42a); with Escalate the escalate cost is paid
once per mode beyond the first (CR 702.120a). Both costs are cost terms read
by :mod:`solver.rules.costs`, in mana or in objects. Spree's bound and mode
costs are added by :mod:`solver.rules.spree`. A mode whose targets can't be
chosen can't be chosen (CR 700.2a): that follows from its target slots
(:mod:`solver.rules.targets`).
"""

from __future__ import annotations

from typing import Any

from models.abilities import Cost, ModeChoice
from models.choices import ModeKey, mode_label
from models.errors import UnsupportedRuleError
from solver.problem import CastProblem, CostTerm, ProblemRef, Reason
from solver.rules.conditions import requirement_holds
from solver.rules.switches import paid_atom

__all__ = ["add_mode_rules", "add_paid_mode_rules", "mode_keys", "is_entwined", "describe_mode"]

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def mode_keys(problem: CastProblem) -> tuple[ModeKey, ...]:
    """The keys of the mode variables, printed order."""
    return tuple(ModeKey(mode.index) for mode in problem.abilities.modes)


def is_entwined(problem: CastProblem, chosen_count: int) -> bool:
    """Whether choosing this many modes means paying the entwine cost (CR 702.42a).

    All modes chosen where the printed number allows fewer.
    """
    choice = problem.abilities.mode_choice
    return bool(choice and choice.entwine is not None and chosen_count > choice.maximum)


def _why_not(problem: CastProblem, key: ModeKey) -> Any:
    choice = problem.abilities.mode_choice
    name = problem.spell.name

    def why_not(value: Any) -> tuple[Reason, ...]:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return (Reason("CR 700.2", f"{value!r} is not a number of times {key} is chosen"),)
        if choice is not None and choice.repeatable:
            return (
                Reason(
                    "CR 700.2", f"{key} is chosen {value} times; at most {choice.maximum} modes of {name} are chosen"
                ),
            )
        return (Reason("CR 700.2d", f"{key} is chosen more than once: a mode of {name} is chosen at most once"),)

    return why_not


def add_mode_rules(problem: CastProblem) -> None:
    """Add one variable per mode and, for "Choose …" spells, the bounds on their number and their costs.

    Parameters
    ----------
    problem : CastProblem
    """
    choice = problem.abilities.mode_choice
    if choice is None:
        return
    keys = mode_keys(problem)
    for key in keys:
        if choice.repeatable:
            # How many times the mode is chosen (CR 700.2d).
            problem.add_variable(
                key, tuple(range(choice.most_times(key.index) + 1)), "CR 700.2d", _why_not(problem, key)
            )
        else:
            problem.add_variable(key, (False, True), "CR 700.2", _why_not(problem, key))
    if choice.spree:
        return
    if choice.tiered:
        _add_tiered(problem, keys)
    elif choice.weights:
        _add_weight_bound(problem, keys)
    elif choice.raised_if_paid:  # bounded by add_paid_mode_rules, once the optional costs are choices
        if choice.entwine is not None or choice.escalate is not None:
            raise UnsupportedRuleError(
                problem.spell.name, "Entwine/Escalate", "entwine or escalate on modes whose number hangs on a cost paid"
            )
    else:
        _add_mode_count(problem, choice, keys)


def _add_tiered(problem: CastProblem, keys: tuple[ModeKey, ...]) -> None:
    """Tiered: one mode, its printed cost an additional cost (CR 702.183a, 700.2h)."""
    spell_name = problem.spell.name
    problem.add_constraint(
        keys,
        lambda *chosen: sum(chosen) == 1,
        "CR 702.183a",
        "choose one mode (tiered)",
        lambda *chosen: f"{sum(chosen)} modes chosen; {spell_name} needs one (tiered)",
    )
    for mode, key in zip(problem.abilities.modes, keys):
        if mode.cost is not None:
            problem.add_cost(CostTerm(Cost(mode.cost), (key,), int, 1, f"{key} (tiered)"))


def _mode_bounds(problem: CastProblem, choice: ModeChoice) -> tuple[int, int]:
    """The fewest and most modes chosen: raised when the condition holds as the spell is cast (CR 700.2).

    A spell on the stack: whether the condition held as it was cast is not the state's now to say.
    """
    low, high = choice.minimum, choice.maximum
    if (
        choice.raised_maximum is not None
        and choice.raised_if
        and (problem.recorded is not None or all(requirement_holds(problem, r) for r in choice.raised_if))
    ):
        high = choice.raised_maximum  # "If you control a Wizard …, you may choose two instead." (CR 700.2)
        low = choice.raised_minimum if choice.raised_minimum is not None else low  # "… choose both instead."
    return low, high


def _add_mode_count(problem: CastProblem, choice: ModeChoice, keys: tuple[ModeKey, ...]) -> None:
    """How many modes are chosen, all of them with entwine (CR 700.2, 702.42a); escalate's cost (CR 702.120a)."""
    problem_of = ProblemRef(problem)  # kept by the problem: no reference back
    low, high = _mode_bounds(problem, choice)
    everything = len(keys)
    wanted = f"{_WORDS.get(low, low)}" if low == high else f"{_WORDS.get(low, low)} to {_WORDS.get(high, high)}"
    name = problem.spell.name
    if choice.entwine is not None:
        problem.add_constraint(
            keys,
            lambda *chosen: low <= sum(chosen) <= high or sum(chosen) == everything,
            "CR 702.42a",
            f"choose {wanted} modes, or all of them with entwine",
            lambda *chosen: (
                f"{sum(chosen)} modes chosen; {name} needs {wanted}, or all {everything} with its entwine cost"
            ),
        )
        problem.add_cost(
            CostTerm(choice.entwine, keys, lambda *chosen: int(is_entwined(problem_of(), sum(chosen))), 1, "entwine")
        )
    else:
        problem.add_constraint(
            keys,
            lambda *chosen: low <= sum(chosen) <= high,
            "CR 700.2",
            f"choose {wanted} modes",
            lambda *chosen: f"{sum(chosen)} modes chosen; {name} needs {wanted}",
        )
    if choice.escalate is not None:
        problem.add_cost(
            CostTerm(choice.escalate, keys, lambda *chosen: max(0, sum(chosen) - 1), max(0, everything - 1), "escalate")
        )


def add_paid_mode_rules(problem: CastProblem) -> None:
    """Bound the modes chosen where paying an optional cost raises their number (CR 700.2, 601.4).

    "Choose one. If this spell was cast using teamwork, choose both instead.": unpaid, the printed number;
    paid, the raised one (exactly both, here; "you may choose both" would allow one or two). The modes are
    announced before the costs (CR 601.2b), and may be chosen as though the payment were announced first
    (CR 601.4), so the bound is one constraint over the mode variables and the choice of paying.

    Parameters
    ----------
    problem : CastProblem
        After :func:`solver.rules.costs.add_cost_choices`, whose variables the bound names.

    Raises
    ------
    UnsupportedRuleError
        The spell has none or several optional costs of those named (:func:`solver.rules.switches.paid_atom`).
    """
    choice = problem.abilities.mode_choice
    if choice is None or not choice.raised_if_paid or choice.raised_maximum is None:
        return
    keys = mode_keys(problem)
    atom = paid_atom(problem, problem.spell, choice.raised_if_paid, "the number of modes chosen")
    low, high = choice.minimum, choice.maximum
    raised_low = choice.raised_minimum if choice.raised_minimum is not None else low
    raised_high = choice.raised_maximum
    name = problem.spell.name

    def wanted(paid: bool) -> str:
        least, most = (raised_low, raised_high) if paid else (low, high)
        return (
            _WORDS.get(least, str(least))
            if least == most
            else f"{_WORDS.get(least, least)} to {_WORDS.get(most, most)}"
        )

    def holds(*values: Any) -> bool:
        paid = atom.holds(values[-1])
        return bool((raised_low <= sum(values[:-1]) <= raised_high) if paid else (low <= sum(values[:-1]) <= high))

    problem.add_constraint(
        keys + (atom.key,),
        holds,
        "CR 700.2",
        f"choose {wanted(False)} modes, or {wanted(True)} when {atom.text}",
        lambda *values: (
            f"{sum(values[:-1])} modes chosen; {name} needs "
            f"{wanted(atom.holds(values[-1]))}" + (f" ({atom.text})" if atom.holds(values[-1]) else "")
        ),
    )


def _add_weight_bound(problem: CastProblem, keys: tuple[ModeKey, ...]) -> None:
    """The modes chosen, each counted for its weight each time, total within the card's bounds (CR 700.2i).

    "Choose up to five {P} worth of modes": the pawprints total 0 to 5; "choose any number of modes that
    total exactly 4": the numbers total 4. A mode may be chosen more than once (CR 700.2d).
    """
    choice = problem.abilities.mode_choice
    if choice is None:
        return
    low, high = choice.minimum, choice.maximum
    weights = tuple(choice.weight(key.index) for key in keys)
    wanted = f"exactly {high}" if low == high else f"{low} to {high}"
    name = problem.spell.name

    def total(*times: int) -> int:
        return sum(w * t for w, t in zip(weights, times))

    problem.add_constraint(
        keys,
        lambda *times: low <= total(*times) <= high,
        "CR 700.2i",
        f"the modes chosen total {wanted}",
        lambda *times: f"the modes chosen total {total(*times)}; {name} needs {wanted}",
    )


def describe_mode(problem: CastProblem, index: int) -> str:
    """A mode as sentences name it: ``"mode 2 ('Draw a card.')"``, numbered from 1."""
    text = problem.abilities.modes[index].instruction.text.replace("~", problem.spell.name)
    return f"{mode_label(index)} ('{text}')"
