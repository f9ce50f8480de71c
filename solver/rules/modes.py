"""Modal spells: the choice of modes (CR 700.2, 702.42 Entwine, 702.120 Escalate).

One boolean variable per mode, ``mode:<i>`` (printed order). "Choose one /
two / one or both / one or more —" bound how many are chosen (CR 700.2, each
mode at most once, 700.2d); with Entwine all modes may be chosen instead,
paying the entwine cost (CR 702.42a); with Escalate the escalate cost is paid
once per mode beyond the first (CR 702.120a; both costs are summed in
:mod:`solver.rules.costs`). Spree's bound is added by
:mod:`solver.rules.spree`. A mode whose targets can't be chosen can't be
chosen (CR 700.2a): that follows from its target slots
(:mod:`solver.rules.targets`).
"""

from __future__ import annotations

from solver.problem import CastProblem

__all__ = ["add_mode_rules", "mode_variable", "mode_variables", "is_entwined"]


def mode_variable(index: int) -> str:
    """The name of the variable of mode ``index`` (0-based, printed order)."""
    return f"mode:{index}"


def mode_variables(problem: CastProblem) -> tuple[str, ...]:
    """The mode variables of the problem, printed order."""
    return tuple(mode_variable(mode.index) for mode in problem.abilities.modes)


def is_entwined(problem: CastProblem, chosen_count: int) -> bool:
    """Whether choosing this many modes means paying the entwine cost (CR 702.42a).

    All modes chosen where the printed number allows fewer.
    """
    choice = problem.abilities.mode_choice
    return bool(choice and choice.entwine is not None and chosen_count > choice.maximum)


def add_mode_rules(problem: CastProblem) -> None:
    """Add one boolean per mode and, for "Choose …" spells, the bounds on their number.

    Parameters
    ----------
    problem : CastProblem
    """
    choice = problem.abilities.mode_choice
    if choice is None:
        return
    names = mode_variables(problem)
    for name in names:
        if choice.repeatable:
            # How many times the mode is chosen (CR 700.2d).
            problem.add_variable(name, tuple(range(choice.maximum + 1)), "CR 700.2d")
        else:
            problem.add_variable(name, (False, True), "CR 700.2")
    if choice.spree:
        return
    low, high = choice.minimum, choice.maximum
    everything = len(names)
    word = {1: "one", 2: "two", 3: "three", 4: "four"}
    wanted = f"{word.get(low, low)}" if low == high else f"{word.get(low, low)} to {word.get(high, high)}"
    if choice.entwine is not None:
        problem.add_constraint(
            names,
            lambda *chosen: low <= sum(chosen) <= high or sum(chosen) == everything,
            "CR 702.42a",
            f"choose {wanted} modes, or all of them with entwine",
            lambda *chosen: f"{sum(chosen)} modes chosen; {problem.spell.name} needs {wanted}, "
            f"or all {everything} with its entwine cost",
        )
    else:
        problem.add_constraint(
            names,
            lambda *chosen: low <= sum(chosen) <= high,
            "CR 700.2",
            f"choose {wanted} modes",
            lambda *chosen: f"{sum(chosen)} modes chosen; {problem.spell.name} needs {wanted}",
        )
