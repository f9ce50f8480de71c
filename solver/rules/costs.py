"""Costs (CR 601.2f-h, 118): the total cost, whether it can be paid, discards.

- Total cost (CR 601.2f): the mana cost, or nothing when the spell is cast
  without paying its mana cost (an alternative cost, CR 118.9), plus the cost
  of each chosen Spree mode (CR 702.172a, 700.2h), the entwine cost when all
  modes are chosen beyond the printed number (CR 702.42a), the escalate cost
  per mode beyond the first (CR 702.120a) and the cost of each spliced card
  (CR 702.47a), plus cost increases, minus generic reductions (never below
  zero, never of coloured mana).
- Payment (CR 601.2g-h): the total must be payable with the mana in the
  caster's pool and what their untapped permanents' mana abilities make
  (basic land types give their colour, CR 305.6). Colours matter; a source
  that makes one of several colours pays one symbol (a matching, not a count).
- Discards (CR 601.2h, 118.10): "As an additional cost to cast this spell,
  discard a card" is a choice of a card in hand; a spliced card is still in
  hand and may be discarded (CR 702.47a).
- Mana value never includes any of this (CR 202.3).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from models.errors import UnsupportedRuleError
from models.mana import ManaCost, ManaPayer, ManaSource, simple_demand, sum_costs
from models.objects import Zone
from solver.abilities import abilities_of
from solver.problem import CastProblem
from solver.rules.splice import SPLICES
from solver.rules.modes import is_entwined, mode_variable
from solver.rules.timing import flash_additional_cost

__all__ = ["add_cost_rules", "add_kicker_choice", "add_sacrifice_choices", "available_mana_sources", "cost_modifier_total",
           "DISCARDS", "SACRIFICES", "X", "KICKED", "EXILES", "add_exile_choices"]

DISCARDS = "discards"
"""The name of the variable of discarded cards."""

SACRIFICES = "sacrifices"
"""The name of the variable of sacrificed permanents."""

X = "x"
"""The name of the variable of the value announced for X."""

KICKED = "kicked"
"""The name of the variable saying whether the kicker cost is paid."""

EXILES = "exiles"
"""The name of the variable of cards exiled from the graveyard to pay costs."""

_BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def available_mana_sources(problem: CastProblem) -> tuple[ManaSource, ...]:
    """The mana the caster can have while paying (CR 601.2g-h, 106.4, 305.6, 605).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    tuple of ManaSource
        Pool mana first, then one source per untapped permanent the caster
        controls that has mana abilities, file order.

    Raises
    ------
    UnsupportedRuleError
        A permanent of the caster's with a mana ability that can't be read.
    """
    state, caster = problem.state, problem.caster
    sources = list(ManaSource.from_pool(state.pool_of(caster)))
    for obj in state.objects_in(Zone.BATTLEFIELD, caster):
        abilities = abilities_of(obj)
        unread = [u for u in abilities.permanent_unsupported if u.topic == "mana"]
        if unread:
            raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
        if obj.tapped:
            continue
        options = [ability.units for ability in abilities.mana_abilities]
        options += [(frozenset(_BASIC_LAND_MANA[t]),) for t in obj.card.subtypes if t in _BASIC_LAND_MANA]
        options = list(dict.fromkeys(options))
        if not options:
            continue
        if len(options) == 1:
            sources.append(ManaSource(options[0], object_id=obj.id))
        elif all(len(units) == 1 for units in options):
            # Several {T} abilities: one of them (CR 605.1a), i.e. one mana of any of their colours.
            sources.append(ManaSource((frozenset().union(*(u[0] for u in options)),), object_id=obj.id))
        else:
            raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "a choice between mana abilities making different amounts")
    return tuple(sources)


def add_kicker_choice(problem: CastProblem) -> None:
    """Add the choices announced before targets: paying the kicker cost, the value of X (CR 601.2b).

    Parameters
    ----------
    problem : CastProblem
        Must come before the target rules: kicked-only targets (CR 702.33g)
        and "X target" depend on these.
    """
    if problem.abilities.kicker is not None:
        problem.add_variable(KICKED, (False, True), "CR 702.33a")
    mana_cost = problem.spell.card.mana_cost
    if mana_cost is not None and mana_cost.has_x:
        # CR 601.2b, 107.3: X is announced; without paying the mana cost it is 0 (CR 107.3b).
        # Announced before targets are chosen, so "X target" can depend on it.
        x_symbols = sum(1 for s in mana_cost.symbols if s.variable == "X")
        problem.mana_sources = available_mana_sources(problem)
        units = sum(len(source.units) for source in problem.mana_sources)
        top = 0 if problem.without_paying_mana_cost else units // max(1, x_symbols)
        problem.add_variable(X, tuple(range(top + 1)), "CR 107.3a")


def add_sacrifice_choices(problem: CastProblem) -> None:
    """Add the permanents sacrificed to pay additional costs (CR 118.8, 601.2h, 701.21).

    One variable, ``sacrifices``: the set of permanents the caster controls
    of the type asked for, all different (CR 118.10). Targets are chosen
    before costs are paid, so a spell may target what it sacrifices (CR
    601.2c before 601.2h); a creature tapped for mana may still be
    sacrificed (mana abilities come first, CR 601.2g).

    Raises
    ------
    UnsupportedRuleError
        Two sacrifice costs asking for different types.
    """
    _add_object_cost(problem, problem.abilities.sacrifice_costs, SACRIFICES, "sacrifice",
                     problem.state.objects_in(Zone.BATTLEFIELD, problem.caster))


def add_exile_choices(problem: CastProblem) -> None:
    """Add the cards exiled from the caster's graveyard to pay additional costs (CR 118.8, 601.2h).

    One variable, ``exiles``: the set of cards of the type asked for in the
    caster's graveyard, all different (CR 118.10).

    Raises
    ------
    UnsupportedRuleError
        Two exile costs asking for different types.
    """
    _add_object_cost(problem, problem.abilities.exile_costs, EXILES, "exile",
                     [o for o in problem.state.objects_in(Zone.GRAVEYARD) if o.owner == problem.caster])


def _add_object_cost(problem: CastProblem, costs, variable: str, action: str, objects) -> None:
    """One variable for the objects that pay costs of one action: sets of ``count`` of them of the type asked."""
    if not costs:
        return
    kinds = {cost.kind for cost in costs}
    if len(kinds) > 1:
        raise UnsupportedRuleError(problem.spell.name, f"{action} costs", f"{action} costs of different types")
    kind = kinds.pop()
    count = sum(cost.count for cost in costs)
    candidates = [o.id for o in objects if kind is None or kind in o.card.types]
    problem.add_variable(variable, tuple(itertools.combinations(candidates, count)), "CR 601.2h")


def cost_modifier_total(problem: CastProblem) -> int:
    """Generic mana added (positive) or taken off by static abilities (CR 601.2f).

    Raises
    ------
    UnsupportedRuleError
        A permanent whose text may change costs or forbid casting and can't be read.
    """
    total = 0
    for obj in problem.state.battlefield():
        abilities = abilities_of(obj)
        unread = [u for u in abilities.permanent_unsupported if u.topic == "cost"]
        if unread:
            raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
        for modifier in abilities.cost_modifiers:
            if modifier.applies_to(problem.spell_types):
                total += modifier.amount
    return total


def add_cost_rules(problem: CastProblem) -> None:
    """Add discard choices, the total cost and the payment constraint.

    Parameters
    ----------
    problem : CastProblem
        Modes and splices must have been added already.

    Raises
    ------
    UnsupportedRuleError
        Unreadable mana or cost text on the battlefield.
    """
    spell, abilities = problem.spell, problem.abilities
    mana_cost = spell.card.mana_cost
    if mana_cost is None and not problem.without_paying_mana_cost:
        problem.add_constraint(
            (), lambda: False, "CR 118.6",
            "a spell with no mana cost can't be cast by paying it",
            lambda: f"{spell.name} has no mana cost: it can be cast only without paying its mana cost",
        )

    choice = abilities.mode_choice
    discard_count = sum(cost.count for cost in abilities.discard_costs)
    per_mode = choice.escalate_discards if choice is not None else 0
    most = discard_count + per_mode * (len(abilities.modes) - 1 if per_mode else 0)
    if most:
        hand = [o.id for o in problem.state.hand(problem.caster) if o.id != spell.id]
        problem.add_variable(
            DISCARDS,
            tuple(c for size in range(discard_count, most + 1) for c in itertools.combinations(hand, size)),
            "CR 601.2h",
        )
        if per_mode:
            names = tuple(mode_variable(m.index) for m in abilities.modes)
            problem.add_constraint(
                names + (DISCARDS,),
                lambda *values: len(values[-1]) == discard_count + per_mode * max(0, sum(values[:-1]) - 1),
                "CR 702.120a",
                "escalate: discard a card for each mode beyond the first",
                lambda *values: (
                    f"{sum(values[:-1])} modes chosen need "
                    f"{discard_count + per_mode * max(0, sum(values[:-1]) - 1)} card(s) discarded; "
                    f"{len(values[-1])} given"
                ),
            )
    add_sacrifice_choices(problem)
    add_exile_choices(problem)

    base = ManaCost.parse("") if problem.without_paying_mana_cost or mana_cost is None else mana_cost
    mode_costs = {mode.index: mode.cost for mode in abilities.modes if mode.cost is not None}
    if choice is not None and (choice.entwine is not None or choice.escalate is not None):
        mode_costs = {mode.index: ManaCost.parse("") for mode in abilities.modes} | mode_costs
    splice_costs = {obj_id: abilities.splice.cost for obj_id, (_, abilities) in problem.splice_candidates.items()}
    modifier = cost_modifier_total(problem)
    modifier += flash_additional_cost(problem)  # cast as though it had flash: {2} more (CR 601.3c)
    mode_names = tuple(mode_variable(i) for i in mode_costs)
    sources = problem.mana_sources = problem.mana_sources or available_mana_sources(problem)
    payer = ManaPayer(sources)
    kicker = abilities.kicker
    scope = (mode_names + ((SPLICES,) if SPLICES in problem.variables else ()) + ((KICKED,) if kicker else ())
             + ((X,) if X in problem.variables else ()))
    life = problem.state.life_of(problem.caster)

    totals: dict[tuple, ManaCost] = {}
    payable: dict[tuple, bool] = {}

    has_splices = SPLICES in problem.variables
    has_x = X in problem.variables

    def parts_of(values: tuple) -> tuple[tuple, tuple, int, bool]:
        chosen_modes = values[: len(mode_names)]
        rest = list(values[len(mode_names):])
        spliced = rest.pop(0) if has_splices else ()
        kicked = bool(rest.pop(0)) if kicker else False
        x = rest.pop(0) if has_x else 0
        return chosen_modes, spliced, x, kicked

    def key_of(values: tuple) -> tuple:
        # The splice order never changes the total cost (CR 601.2f adds costs).
        chosen_modes, spliced, x, kicked = parts_of(values)
        return (chosen_modes, frozenset(spliced), x, kicked)

    def total_cost(*values: Any) -> ManaCost:
        key = key_of(values)
        total = totals.get(key)
        if total is None:
            total = totals[key] = _total_cost(*values)
        return total

    def can_pay_total(*values: Any) -> bool:
        key = key_of(values)
        answer = payable.get(key)
        if answer is None:
            answer = _count_payment(values)
            if answer is None:  # a choice in the payment: match sources to symbols
                answer = payer.can_pay(total_cost(*values), life=life)
            payable[key] = answer
        return answer

    def _count_payment(values: tuple) -> bool | None:
        # The demand of the total cost, summed part by part without building it (CR 601.2f).
        demand: dict[str, int] = {}
        generic = 0
        for part in _parts(*values):
            simple = simple_demand(part)
            if simple is None:
                return None
            for letter, need in simple[0].items():
                demand[letter] = demand.get(letter, 0) + need
            generic += simple[1]
        return payer.can_pay_demand(demand, max(0, generic + modifier))

    def _total_cost(*values: Any) -> ManaCost:
        total = sum_costs(_parts(*values))
        if modifier > 0:
            total = total.with_generic_increased(modifier)
        elif modifier < 0:
            total = total.with_generic_reduced(-modifier)
        return total

    def _parts(*values: Any) -> list[ManaCost]:
        """The costs that make up the total, before increases and reductions (CR 601.2f)."""
        chosen_modes, spliced, x, kicked = parts_of(values)
        parts = [base.with_x(x) if base.has_x else base]
        if kicked:
            parts.append(kicker)  # CR 702.33a
        parts += [mode_costs[int(name.split(":")[1])]
                  for name, chosen in zip(mode_names, chosen_modes) for _ in range(int(chosen))]
        count = sum(int(chosen) for chosen in chosen_modes)
        if choice is not None and is_entwined(problem, count):
            parts.append(choice.entwine)  # CR 702.42a
        if choice is not None and choice.escalate is not None:
            parts += [choice.escalate] * max(0, count - 1)  # CR 702.120a
        parts += [splice_costs[s] for s in spliced]
        return parts

    def total_of_assignment(assignment: Mapping[str, Any]) -> ManaCost:
        return total_cost(*(assignment[name] for name in scope))

    problem.total_cost_of = total_of_assignment
    problem.add_constraint(
        scope,
        can_pay_total,
        "CR 601.2h",
        "the total cost can be paid with the mana available",
        lambda *values: (
            f"the total cost {total_cost(*values)} can't be paid with the mana available to "
            f"{problem.caster} ({_describe(sources)})"
        ),
        kind="monotone",
    )


def _describe(sources: tuple[ManaSource, ...]) -> str:
    if not sources:
        return "none"
    parts = []
    for source in sources:
        letters = "/".join("".join(sorted(unit)) for unit in source.units)
        parts.append(f"{source.object_id or 'pool'}: {letters}")
    return ", ".join(parts)
