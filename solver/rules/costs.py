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
  (basic land types give their colour, CR 305.6; a summoning-sick creature
  without haste makes none, CR 302.6). Colours matter; a source
  that makes one of several colours pays one symbol (a matching, not a count).
- Discards (CR 601.2h, 118.10): "As an additional cost to cast this spell,
  discard a card" is a choice of a card in hand; a spliced card is still in
  hand and may be discarded (CR 702.47a).
- Mana value never includes any of this (CR 202.3).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from models.abilities import PERMANENT_KIND_TYPES, ObjectCost, TargetKind
from models.errors import UnsupportedRuleError
from models.mana import ManaCost, ManaPayer, ManaSource, SymbolKind, simple_demand, sum_costs
from models.objects import CardType, GameObject, Zone
from solver.abilities import abilities_of
from solver.problem import CastProblem
from solver.qualities import has_qualities
from solver.rules.splice import SPLICES
from solver.rules.modes import is_entwined, mode_variable
from solver.rules.timing import flash_additional_cost

__all__ = ["add_cost_rules", "add_kicker_choice", "add_object_cost_choices", "available_mana_sources",
           "cost_modifier_total", "DISCARDS", "SACRIFICES", "X", "KICKED", "EXILES", "TAPS", "RETURNS", "AWAKENED", "TIMES_KICKED", "OVERLOADED",
           "EXILED_INSTEAD"]

DISCARDS = "discards"
"""The name of the variable of discarded cards."""

SACRIFICES = "sacrifices"
"""The name of the variable of sacrificed permanents."""

X = "x"
"""The name of the variable of the value announced for X."""

KICKED = "kicked"
"""The name of the variable saying whether the kicker cost is paid."""

EXILED_INSTEAD = "exiled instead"
"""The name of the variable of the card exiled from the hand rather than paying the mana cost (or None)."""

TIMES_KICKED = "times kicked"
"""The name of the variable of how many times a multikicker cost is paid."""

OVERLOADED = "overloaded"
"""The name of the variable saying whether the overload cost is paid instead of the mana cost."""

AWAKENED = "awakened"
"""The name of the variable saying whether the awaken cost is paid instead of the mana cost."""

EXILES = "exiles"
"""The name of the variable of cards exiled from the graveyard to pay costs."""

TAPS = "taps"
"""The name of the variable of untapped permanents tapped to pay costs."""

RETURNS = "returns"
"""The name of the variable of permanents returned to their owner's hand to pay costs."""

_ACTION_VARIABLES = {"sacrifice": SACRIFICES, "exile": EXILES, "tap": TAPS, "return": RETURNS}

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
        if obj.tapped or (obj.summoning_sick and obj.card.has_type(CardType.CREATURE) and not _has_haste(obj)):
            continue  # CR 302.6: a summoning-sick creature can't activate {T} abilities
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


def _has_haste(obj: GameObject) -> bool:
    """Whether a keyword line of the object's text, or a granted ability, is haste (CR 702.10)."""
    lines = [line.split("(")[0] for line in obj.card.oracle_text.split("\n")] + list(obj.granted)
    return any(word.strip().casefold() == "haste" for line in lines for word in line.split(","))


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
    if problem.abilities.overload is not None:
        # CR 702.96a, 118.9a: an alternative cost, never with "without paying its mana cost"
        problem.add_variable(OVERLOADED, (False,) if problem.without_paying_mana_cost else (False, True), "CR 702.96a")
    if problem.abilities.awaken is not None:
        # CR 702.113a, 118.9a: an alternative cost, never with "without paying its mana cost" (one alternative cost)
        problem.add_variable(AWAKENED, (False,) if problem.without_paying_mana_cost else (False, True), "CR 702.113a")
    mana_cost = problem.spell.card.mana_cost
    if problem.abilities.multikicker is not None:
        # CR 702.33c, 601.2b: how many times is announced; more than the mana available can never be paid
        problem.mana_sources = problem.mana_sources or available_mana_sources(problem)
        units = sum(len(source.units) for source in problem.mana_sources)
        each = max(1, problem.abilities.multikicker.mana_value)
        problem.add_variable(TIMES_KICKED, tuple(range(units // each + 1)), "CR 702.33c")
    colour = problem.abilities.exile_from_hand_instead
    pitched: tuple = ()
    if colour is not None and not problem.without_paying_mana_cost:  # one alternative cost only (CR 118.9a)
        pitched = tuple(o.id for o in problem.state.hand(problem.caster)
                        if o.id != problem.spell.id and colour in o.card.colors)
        problem.add_variable(EXILED_INSTEAD, (None,) + pitched, "CR 118.9")
    if mana_cost is not None and mana_cost.has_x:
        # CR 601.2b, 107.3: X is announced; without paying the mana cost it is 0 (CR 107.3b).
        # Announced before targets are chosen, so "X target" can depend on it.
        x_symbols = sum(1 for s in mana_cost.symbols if s.variable == "X")
        problem.mana_sources = available_mana_sources(problem)
        units = sum(len(source.units) for source in problem.mana_sources)
        top = 0 if problem.without_paying_mana_cost else units // max(1, x_symbols)
        # a Shoal cast for its alternative cost: X is the mana value of the card exiled (CR 118.9, 107.3)
        values = set(range(top + 1)) | {problem.state.object(i).card.mana_value for i in pitched}
        problem.add_variable(X, tuple(sorted(values)), "CR 107.3a")


@dataclass(frozen=True)
class _Requirement:
    """Objects one cost asks for: ``count`` per unit, units decided by the variables of ``scope``."""

    count: int
    matches: Callable[[GameObject], bool]
    scope: tuple[str, ...]
    units: Callable[..., int]
    most_units: int
    text: str


def _kind_matcher(kind: CardType | None, alternatives: frozenset = frozenset()) -> Callable[[GameObject], bool]:
    if alternatives:  # "a creature or land"
        return lambda obj: any(t in alternatives for t in obj.card.types)
    return lambda obj: kind is None or kind in obj.card.types


def _cost_matcher(cost: ObjectCost) -> Callable[[GameObject], bool]:
    """Whether an object is of the kind and has the qualities an object cost names."""
    kinds = cost.kinds

    def matches(obj: GameObject) -> bool:
        if kinds and TargetKind.PERMANENT not in kinds and not any(
                PERMANENT_KIND_TYPES[k] in obj.card.types for k in kinds if k in PERMANENT_KIND_TYPES):
            return False
        return has_qualities(obj, cost.qualities)
    return matches


def _requirements(problem: CastProblem) -> dict[str, list[_Requirement]]:
    """Every cost paid with objects, by action.

    Additional costs (CR 118.8), entwine (CR 702.42a), escalate (CR 702.120a)
    and splice costs (CR 702.47a) that are not mana.
    """
    abilities = problem.abilities
    found: dict[str, list[_Requirement]] = {}
    for cost in abilities.sacrifice_costs:
        found.setdefault("sacrifice", []).append(
            _Requirement(cost.count, _kind_matcher(cost.kind, cost.alternatives), (), lambda: 1, 1, "sacrifice"))
    for cost in abilities.exile_costs:
        found.setdefault("exile", []).append(
            _Requirement(cost.count, _kind_matcher(cost.kind), (), lambda: 1, 1, "exile"))
    for cost in abilities.object_costs:
        found.setdefault(cost.action, []).append(
            _Requirement(cost.count, _cost_matcher(cost), (), lambda: 1, 1, cost.text))
    choice = abilities.mode_choice
    mode_names = tuple(mode_variable(m.index) for m in abilities.modes)
    if choice is not None and choice.entwine_objects is not None:
        cost = choice.entwine_objects
        found.setdefault(cost.action, []).append(_Requirement(
            cost.count, _cost_matcher(cost), mode_names,
            lambda *chosen: int(is_entwined(problem, sum(int(c) for c in chosen))), 1, f"entwine—{cost.text}"))
    if choice is not None and choice.escalate_objects is not None:
        cost = choice.escalate_objects
        found.setdefault(cost.action, []).append(_Requirement(
            cost.count, _cost_matcher(cost), mode_names,
            lambda *chosen: max(0, sum(int(c) for c in chosen) - 1), max(0, len(mode_names) - 1),
            f"escalate—{cost.text}"))
    for card_id, (_, splicing) in problem.splice_candidates.items():
        cost = splicing.splice.object_cost
        if cost is not None:
            found.setdefault(cost.action, []).append(_Requirement(
                cost.count, _cost_matcher(cost), (SPLICES,),
                lambda spliced, card_id=card_id: int(card_id in spliced), 1, f"splice {card_id}: {cost.text}"))
    return found


def _can_split(chosen: tuple[str, ...], needs: list[tuple[int, Callable[[GameObject], bool]]], objects,
               rest: Callable[[GameObject], bool] | None = None) -> bool:
    """Whether the chosen objects pay each need, every object paying exactly one (CR 118.10).

    ``rest``, for a cost of "any number of" objects, takes the objects the needs leave, if they match it.
    """
    if len(chosen) < sum(n for n, _ in needs) or (rest is None and len(chosen) != sum(n for n, _ in needs)):
        return False
    left = [n for n, _ in needs]

    def place(index: int) -> bool:
        if index == len(chosen):
            return not any(left)
        obj = objects[chosen[index]]
        for i, (_, matches) in enumerate(needs):
            if left[i] and matches(obj):
                left[i] -= 1
                if place(index + 1):
                    return True
                left[i] += 1
        return rest is not None and rest(obj) and place(index + 1)
    return place(0)


def add_object_cost_choices(problem: CastProblem) -> None:
    """Add one variable per action paying costs with objects: sacrifices, exiles, taps, returns (CR 601.2h).

    Each is the set of objects used, all different (CR 118.10). Sacrificed,
    tapped and returned objects are permanents the caster controls (an
    untapped one to tap); exiled ones are cards in the caster's graveyard.
    Targets are chosen before costs are paid, so a spell may target what
    pays its cost (CR 601.2c before 601.2h). When how many objects are paid
    depends on other choices (entwine, escalate, a spliced card), a
    constraint ties the set to them.
    """
    state, caster = problem.state, problem.caster
    for action, requirements in _requirements(problem).items():
        variable = _ACTION_VARIABLES[action]
        if action == "exile":
            pool = [o for o in state.objects_in(Zone.GRAVEYARD) if o.owner == caster]
        else:
            pool = [o for o in state.objects_in(Zone.BATTLEFIELD, caster) if not (action == "tap" and o.tapped)]
        objects = {o.id: o for o in pool}
        candidates = [o.id for o in pool if any(r.matches(o) for r in requirements)]
        if any(r.count == 0 for r in requirements):  # "sacrifice all creatures you control": no choice
            if len(requirements) > 1:
                raise UnsupportedRuleError(problem.spell.name, requirements[0].text, f"'all' with other {action} costs")
            problem.add_variable(variable, (tuple(candidates),), "CR 601.2h")
            continue
        rest = [r for r in requirements if r.count is None]  # "any number of": none included
        if len(rest) > 1 or (rest and len(candidates) > 16):
            raise UnsupportedRuleError(problem.spell.name, rest[0].text, f"'any number' of objects to {action} with "
                                                                         "another such cost, or over 16 candidates")
        rest_matches = rest[0].matches if rest else None
        requirements = [r for r in requirements if r.count is not None]
        fixed = [r for r in requirements if not r.scope]
        low = sum(r.count for r in fixed)
        high = len(candidates) if rest else low + sum(r.count * r.most_units for r in requirements if r.scope)
        if not any(r.scope for r in requirements):
            needs = [(r.count, r.matches) for r in fixed]
            domain = tuple(c for size in range(low, high + 1) for c in itertools.combinations(candidates, size)
                           if _can_split(c, needs, objects, rest_matches))
            problem.add_variable(variable, domain, "CR 601.2h")
            continue
        domain = tuple(c for size in range(low, high + 1) for c in itertools.combinations(candidates, size))
        problem.add_variable(variable, domain, "CR 601.2h")
        scope = tuple(dict.fromkeys(v for r in requirements for v in r.scope))

        def pays(*values, requirements=requirements, scope=scope, objects=objects, rest=rest_matches) -> bool:
            given = dict(zip(scope, values[:-1]))
            needs = [(r.count * r.units(*(given[v] for v in r.scope)), r.matches) for r in requirements]
            return _can_split(values[-1], [n for n in needs if n[0]], objects, rest)

        def describe(*values, requirements=requirements, scope=scope, action=action, rest=rest) -> str:
            given = dict(zip(scope, values[:-1]))
            asked = [f"{r.count * r.units(*(given[v] for v in r.scope))} for '{r.text}'" for r in requirements]
            asked += [f"any number for '{r.text}'" for r in rest]
            return f"the costs ask to {action} {', '.join(asked)}; {list(values[-1]) or 'nothing'} was given"

        problem.add_constraint(scope + (variable,), pays, "CR 601.2h",
                               f"the objects to {action} pay exactly the costs that ask for them", describe)


def cost_modifier_total(problem: CastProblem) -> int:
    """Generic mana added (positive) or taken off by static abilities (CR 601.2f).

    Raises
    ------
    UnsupportedRuleError
        A permanent whose text may change costs or forbid casting and can't be read.
    """
    total = sum(modifier.amount for modifier in _cost_modifiers(problem))
    if problem.abilities.cost_reduction_per is not None:  # the spell's own "costs {1} less for each …"
        amount, card_type, where = problem.abilities.cost_reduction_per
        state = problem.state
        objects = state.battlefield() if where == "battlefield" else [
            o for o in state.objects_in(Zone.GRAVEYARD) if o.owner == problem.caster]
        total -= amount * sum(1 for o in objects if card_type in o.card.types)
    return total


def _cost_modifiers(problem: CastProblem) -> list:
    """The static cost changes of permanents that apply to this spell and caster (CR 601.2f), read once."""
    found = problem.cache.get("cost modifiers")
    if found is not None:
        return found
    found = []
    for obj in problem.state.battlefield():
        abilities = abilities_of(obj)
        unread = [u for u in abilities.permanent_unsupported if u.topic == "cost"]
        if unread:
            raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
        for modifier in abilities.cost_modifiers:
            if not modifier.applies_to(problem.spell_types) or not has_qualities(problem.spell, modifier.qualities):
                continue
            if modifier.casters == "you" and obj.controller != problem.caster:
                continue
            if modifier.casters == "opponents" and obj.controller == problem.caster:
                continue
            found.append(modifier)
    problem.cache["cost modifiers"] = found  # kept only once every permanent was read
    return found


def coloured_cost_increases(problem: CastProblem) -> list[ManaCost]:
    """Coloured mana added by static abilities: "White spells you cast cost {W} more" (CR 601.2f)."""
    return [m.coloured for m in _cost_modifiers(problem) if m.coloured is not None]


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
    kinds = {cost.kind for cost in abilities.discard_costs}
    if len(kinds) > 1 or (kinds - {None} and per_mode):
        raise UnsupportedRuleError(spell.name, "discard", "discard costs of different card types")
    kind = next(iter(kinds), None)
    if most:
        hand = [o.id for o in problem.state.hand(problem.caster)
                if o.id != spell.id and (kind is None or kind in o.card.types)]  # "discard a land card"
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
    add_object_cost_choices(problem)
    if abilities.pay_x_life and X in problem.variables:
        if any(s.kind is SymbolKind.PHYREXIAN for s in (mana_cost.symbols if mana_cost else ())):
            raise UnsupportedRuleError(spell.name, str(mana_cost), "life paid for X and for Phyrexian mana")
        life = problem.state.life_of(problem.caster)
        problem.add_constraint(
            (X,), lambda x: x == 0 or x <= life, "CR 119.4",
            f"X life can be paid only with a life total of X or more ({problem.caster} has {life})",
            lambda x: f"X is {x} and {problem.caster} has {life} life",
        )
    elif abilities.pay_x_life:
        raise UnsupportedRuleError(spell.name, "pay X life", "X life without X in the mana cost")
    if EXILED_INSTEAD in problem.variables:
        x_present = X in problem.variables
        problem.add_constraint(
            (EXILED_INSTEAD,) + ((X,) if x_present else ()),
            lambda card, x=0: card is None or problem.state.object(card).card.mana_value == x,
            "CR 118.9", "the card exiled instead of paying the mana cost has mana value X",
            lambda card, x=0: f"{card} has mana value {problem.state.object(card).card.mana_value}, and X is {x}",
        )

    base = ManaCost.parse("") if problem.without_paying_mana_cost or mana_cost is None else mana_cost
    mode_costs = {mode.index: mode.cost for mode in abilities.modes if mode.cost is not None}
    if choice is not None and (choice.entwine is not None or choice.escalate is not None):
        mode_costs = {mode.index: ManaCost.parse("") for mode in abilities.modes} | mode_costs
    splice_costs = {obj_id: abilities.splice.cost for obj_id, (_, abilities) in problem.splice_candidates.items()}
    modifier = cost_modifier_total(problem)
    modifier += flash_additional_cost(problem)  # cast as though it had flash: {2} more (CR 601.3c)
    coloured_increases = coloured_cost_increases(problem)
    mode_names = tuple(mode_variable(i) for i in mode_costs)
    sources = problem.mana_sources = problem.mana_sources or available_mana_sources(problem)
    payer = ManaPayer(sources)
    kicker = abilities.kicker
    awaken = abilities.awaken
    multikicker = abilities.multikicker
    overload = abilities.overload
    pitching = EXILED_INSTEAD in problem.variables
    scope = (mode_names + ((SPLICES,) if SPLICES in problem.variables else ()) + ((KICKED,) if kicker else ())
             + ((X,) if X in problem.variables else ()) + ((AWAKENED,) if awaken else ())
             + ((TIMES_KICKED,) if multikicker else ()) + ((EXILED_INSTEAD,) if pitching else ())
             + ((OVERLOADED,) if overload else ()))
    life = problem.state.life_of(problem.caster)

    totals: dict[tuple, ManaCost] = {}
    payable: dict[tuple, bool] = {}

    has_splices = SPLICES in problem.variables
    has_x = X in problem.variables

    def parts_of(values: tuple) -> tuple[tuple, tuple, int, bool, bool]:
        chosen_modes = values[: len(mode_names)]
        rest = list(values[len(mode_names):])
        spliced = rest.pop(0) if has_splices else ()
        kicked = bool(rest.pop(0)) if kicker else False
        x = rest.pop(0) if has_x else 0
        awakened = bool(rest.pop(0)) if awaken else False
        times = rest.pop(0) if multikicker else 0
        instead = rest.pop(0) is not None if pitching else False
        overloaded = bool(rest.pop(0)) if overload else False
        # the cost paid instead of the mana cost, if any (CR 118.9: one at most)
        alternative = awaken if awakened else overload if overloaded else ManaCost.EMPTY if instead else None
        return chosen_modes, spliced, x, kicked, alternative, times

    def key_of(values: tuple) -> tuple:
        # The splice order never changes the total cost (CR 601.2f adds costs).
        chosen_modes, spliced, x, kicked, alternative, times = parts_of(values)
        return (chosen_modes, frozenset(spliced), x, kicked, alternative, times)

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
        chosen_modes, spliced, x, kicked, alternative, times = parts_of(values)
        # CR 118.9, 702.96a, 702.113a: an alternative cost replaces the mana cost (exiling a card pays no mana)
        parts = [alternative if alternative is not None else base.with_x(x) if base.has_x else base]
        if kicked:
            parts.append(kicker)  # CR 702.33a
        parts += [multikicker] * times  # CR 702.33c
        parts += [mode_costs[int(name.split(":")[1])]
                  for name, chosen in zip(mode_names, chosen_modes) for _ in range(int(chosen))]
        count = sum(int(chosen) for chosen in chosen_modes)
        if choice is not None and is_entwined(problem, count):
            parts.append(choice.entwine)  # CR 702.42a
        if choice is not None and choice.escalate is not None:
            parts += [choice.escalate] * max(0, count - 1)  # CR 702.120a
        parts += [splice_costs[s] for s in spliced]
        return parts + coloured_increases  # CR 601.2f: increases, then reductions (of generic mana only)

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
            f"{problem.caster} ({_describe(sources)})" + _life_note(total_cost(*values), problem.caster, life)
        ),
        kind="monotone",
    )
    if TAPS in problem.variables:
        tapping = {object_id for combo in problem.variables[TAPS].domain for object_id in combo}
        if any(source.object_id in tapping for source in sources):
            def pay_untapped(*values: Any) -> bool:
                taps = values[-1]
                if not any(source.object_id in taps for source in sources):
                    return can_pay_total(*values[:-1])
                rest = ManaPayer(tuple(s for s in sources if s.object_id not in taps))
                return rest.can_pay(total_cost(*values[:-1]), life=life)

            problem.add_constraint(
                scope + (TAPS,), pay_untapped, "CR 601.2g",
                "a permanent tapped to pay a cost can't also have been tapped for mana",
                lambda *values: (f"the total cost {total_cost(*values[:-1])} can't be paid without the mana of "
                                 f"{', '.join(values[-1])}, tapped to pay a cost"),
            )


def _life_note(total: ManaCost, caster: str, life: int) -> str:
    """For a cost with Phyrexian symbols: the life that could pay them (CR 119.4)."""
    phyrexian = sum(1 for symbol in total.symbols if symbol.kind is SymbolKind.PHYREXIAN)
    if not phyrexian:
        return ""
    return f", nor with life: {caster} has {life}, and each of its {phyrexian} Phyrexian symbol(s) takes 2 (CR 119.4)"


def _describe(sources: tuple[ManaSource, ...]) -> str:
    if not sources:
        return "none"
    parts = []
    for source in sources:
        letters = "/".join("".join(sorted(unit)) for unit in source.units)
        parts.append(f"{source.object_id or 'pool'}: {letters}")
    return ", ".join(parts)
