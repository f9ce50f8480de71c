"""Costs (CR 601.2b, 601.2f-h, 118): alternative and optional costs, X, the total cost, objects paying costs.

Costs are data. A card's :class:`~models.abilities.AdditionalCost` and
:class:`~models.abilities.AlternativeCost` records, Spree, entwine and
escalate costs (:mod:`solver.rules.modes`, :mod:`solver.rules.spree`),
splice costs (:mod:`solver.rules.splice`) and the cost of casting as though
with flash (:mod:`solver.rules.timing`) all become
:class:`~solver.problem.CostTerm` records: a cost (mana, objects, life) and
how many times the choices make the caster pay it. This module reads them
all the same way:

- Announcements before targets (CR 601.2b): which alternative cost is paid,
  at most one and none when the spell is cast without paying its mana cost
  (CR 118.9, 118.9a); how many times each optional additional cost is paid
  (kicker, CR 702.33a; multikicker, any number of times within the mana
  available, CR 702.33c); the value of X (CR 107.3a; 0 without paying the
  mana cost, CR 107.3b; the exiled card's mana value for a Shoal).
- Total cost (CR 601.2f): the mana cost (or the alternative cost, or
  nothing) plus every term, plus cost increases, minus generic reductions
  (never below zero, never of coloured mana). Mana value never includes any
  of this (CR 202.3).
- Payment (CR 601.2g-h): the total must be payable with the mana in the
  caster's pool and what their untapped permanents' mana abilities make
  (basic land types give their colour, CR 305.6; a summoning-sick creature
  without haste makes none, CR 302.6). Colours matter; a source that makes
  one of several colours pays one symbol (a matching, not a count).
- Objects (CR 601.2h, 118.10): one variable per action (discard, sacrifice,
  exile, tap, return): the set of objects used, all different, each paying
  exactly one part. Its values are made when asked for, within what the
  choices before targets ask: never every subset up front.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from models.abilities import (
    AdditionalCost,
    AlternativeCost,
    Cost,
    CostModifier,
    ObjectCost,
    RevealCost,
    TargetKind,
)
from models.choices import (
    ALTERNATIVE_COST,
    GIFT_RECIPIENT,
    ChoiceKey,
    CostAction,
    CostObjectsKey,
    OptionalCostKey,
    TargetKey,
    X,
)
from models.errors import SolverError, UnsupportedRuleError
from models.mana import Color, ManaCost, ManaPayer, ManaSource, ManaSymbol, SymbolKind, simple_demand, sum_costs
from models.objects import Card, CardType, GameObject, PlayerId, Zone, alike_signature
from models.state import GameState
from solver.abilities import abilities_of
from solver.problem import (
    CastProblem,
    Constraint,
    ConstraintKind,
    CostTerm,
    LazyDomain,
    ProblemRef,
    Reason,
    state_memo,
)
from solver.rules.characteristics import battlefield_groups, refuse_static_power_changes, refuse_static_type_changes
from solver.rules.conditions import count_of, holds_for, requirement_holds, requirement_text
from solver.rules.naming import is_named_by
from solver.rules.qualities import has_qualities, is_of_kinds, number_of
from solver.rules.target_sets import named_candidates

__all__ = [
    "add_cost_choices", "add_cost_rules", "assist_sources", "available_mana_sources", "can_reveal", "mana_sources_of",
    "generic_change", "x_bounds", "cost_modifiers_of", "target_cost_changes", "paid_cost_changes",
    "coloured_reduction", "least_generic_change", "optional_cost_key",
    "cost_object_pool", "payer_of", "COST_OBJECT_KEYS", "MOST_CANDIDATES_FOR_ANY_NUMBER",
]

COST_OBJECT_KEYS = (
    CostObjectsKey(CostAction.DISCARD, Zone.HAND),
    CostObjectsKey(CostAction.SACRIFICE, Zone.BATTLEFIELD),
    CostObjectsKey(CostAction.EXILE, Zone.GRAVEYARD),
    CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD),
    CostObjectsKey(CostAction.RETURN, Zone.BATTLEFIELD),
)
"""The cost-object variables every problem has (one more, exile from the hand, where a cost asks for it)."""

MOST_CANDIDATES_FOR_ANY_NUMBER = 16
""""Any number of" objects, to target or to pay a cost, are listed for at most this many candidates (2^16 sets)."""

_BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


# ---------------------------------------------------------------------------------------------- mana available
def available_mana_sources(problem: CastProblem) -> tuple[ManaSource, ...]:
    """The mana the caster can have while paying (CR 601.2g-h, 106.4, 305.6, 605), read once per problem.

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
    if problem.mana_sources is None:
        known = state_memo(problem.state).mana_sources  # the state and the caster decide it: read once
        found = known.get(problem.caster)
        if found is None:
            found = known[problem.caster] = mana_sources_of(problem.state, problem.caster)
        # never the spell itself: it is on the stack (CR 601.2a); the state's tuple itself when it is not one
        spell = problem.spell.id
        problem.mana_sources = found if all(s.object_id != spell for s in found) else tuple(
            s for s in found if s.object_id != spell)
    return problem.mana_sources


def payer_of(problem: CastProblem, sources: tuple[ManaSource, ...]) -> ManaPayer:
    """The :class:`~models.mana.ManaPayer` of these sources, made once per state for the same tuple object.

    The caster's sources (:func:`available_mana_sources`) are one tuple for every card cast in a state, so their
    payer, which sorts every unit of every source, is made once.
    """
    known = state_memo(problem.state).payers
    found = known.get(id(sources))
    if found is None or found[0] is not sources:
        found = known[id(sources)] = (sources, ManaPayer(sources))
    return found[1]


def mana_sources_of(state, caster) -> tuple[ManaSource, ...]:
    """The mana a player can have while paying: see :func:`available_mana_sources`.

    A permanent's {T} mana abilities are one source (one of them, CR 605.1a), if it is untapped and, a creature,
    free of summoning sickness (CR 302.6); a mana ability without {T} that sacrifices the permanent ("Sacrifice
    this creature: Add {R}{R}") is a source of its own, whatever the permanent's status; a card in the player's
    hand that exiles itself for mana ("Exile this card from your hand: Add {G}") is one too. A source whose
    ability sacrifices or exiles its object is ``consumed``.
    """
    sources = list(ManaSource.from_pool(state.pool_of(caster)))
    # what a permanent makes is read from its card, granted abilities and status: once per kind of permanent
    made: dict[tuple[int, tuple[str, ...], bool, bool], tuple[Card, list[tuple[Any, bool, int]]]] = {}
    for obj in state.objects_in(Zone.BATTLEFIELD, caster):
        kind = (id(obj.card), obj.granted, obj.tapped, obj.summoning_sick)
        found = made.get(kind)
        if found is None or found[0] is not obj.card:
            found = made[kind] = (obj.card, _mana_of_permanent(state, caster, obj))
        sources += [ManaSource(units, object_id=obj.id, consumed=consumed, activation=activation)
                    for units, consumed, activation in found[1]]
    for obj in state.hand(caster):  # "Exile this card from your hand: Add {G}." (CR 605.1a)
        sources += [ManaSource(a.units, object_id=obj.id, consumed=True)
                    for a in abilities_of(obj).mana_abilities if a.from_hand]
    converters = [s for s in sources if s.activation]
    if len(converters) > MOST_CONVERTERS:  # each subset in each order is tried (models.mana.ManaPayer)
        raise UnsupportedRuleError(state.object(converters[0].object_id).name, "mana abilities that cost mana",
                                   f"more than {MOST_CONVERTERS} permanents whose mana abilities cost mana")
    return tuple(sources)


MOST_CONVERTERS = 4
"""The most permanents with a mana ability that costs mana ("{1}, {T}: Add {R}{W}.") one player's payment weighs."""


def _mana_of_permanent(state: GameState, caster: PlayerId, obj: GameObject) -> list[tuple[Any, bool, int]]:
    """What one permanent of the caster's adds as sources: (units, consumed, activation) of each, in order.

    See :func:`mana_sources_of`; read from the permanent's abilities (its card's and those granted to it), its
    card's subtypes and its status, so equal for permanents alike in those.

    Raises
    ------
    UnsupportedRuleError
        A mana ability that can't be read, or a choice between mana abilities this model does not weigh.
    """
    abilities = abilities_of(obj)
    unread = [u for u in abilities.permanent_unsupported if "mana" in u.topics]
    if unread:
        raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
    usable = [a for a in abilities.mana_abilities
              if not a.from_hand and all(holds_for(state, caster, r) for r in a.requires)]
    untapping = [a for a in usable if not a.taps]  # "Sacrifice this creature: Add {R}{R}."
    if len(untapping) > 1 or (untapping and any(a.sacrifices for a in usable if a.taps)):
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text,
                                   "a choice between mana abilities that each sacrifice the permanent")
    found: list[tuple[Any, bool, int]] = [(a.units, True, 0) for a in untapping]
    if obj.tapped or (obj.summoning_sick and obj.card.has_type(CardType.CREATURE) and not _has_haste(obj)):
        return found  # CR 302.6: a summoning-sick creature can't activate {T} abilities
    converting = [a for a in usable if a.taps and a.activation]  # "{1}, {T}: Add {R}{W}." (CR 605.3)
    if len(converting) > 1:
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "two mana abilities that cost mana")
    found += [(a.units, a.sacrifices, a.activation) for a in converting]
    tapping = [a for a in usable if a.taps and not a.activation]
    consumed = any(a.sacrifices for a in tapping)
    options = [ability.units for ability in tapping]
    options += [(frozenset(_BASIC_LAND_MANA[t]),) for t in obj.card.subtypes if t in _BASIC_LAND_MANA]
    options = list(dict.fromkeys(options))
    if not options:
        return found
    if len(options) == 1:
        found.append((options[0], consumed, 0))
    elif all(len(units) == 1 for units in options):
        # Several {T} abilities: one of them (CR 605.1a), i.e. one mana of any of their colours.
        found.append(((frozenset().union(*(u[0] for u in options)),), consumed, 0))
    else:
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text,
                                   "a choice between mana abilities making different amounts")
    return found


def _has_haste(obj: GameObject) -> bool:
    """Whether a keyword line of the object's text, or a granted ability, is haste (CR 702.10)."""
    lines = [line.split("(")[0] for line in obj.card.oracle_text.split("\n")] + list(obj.granted)
    return any(word.strip().casefold() == "haste" for line in lines for word in line.split(","))


def _mana_units(problem: CastProblem) -> int:
    """How much mana the caster can make at most (each source's units), with an assisting player's (CR 702.132a)."""
    return sum(len(source.units) for source in available_mana_sources(problem) + assist_sources(problem))


def assist_sources(problem: CastProblem) -> tuple[ManaSource, ...]:
    """Assist: the mana another player can make to pay generic mana of the total cost (CR 702.132a).

    "Before you begin to pay the total cost of the spell, the player you chose may pay for any amount of the
    generic mana in the spell's total cost." Which player is chosen, and how much they pay, is how the cost is
    paid: a cast is legal iff some payment exists (STATE_FORMAT.md, "What counts as one cast"), so the other
    player's mana counts, as the state gives it (their pool and untapped permanents, CR 601.2g), and the player
    is no choice of the cast. Their mana pays only generic mana: each unit is colourless mana that the cost
    rules let pay generic symbols. The player with the most mana is taken: any payment another player could
    help with, they can help with too.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    tuple of ManaSource
        One source per mana the chosen player can make, each ``("C",)``, the permanent's id kept; empty without
        assist, or with no other player.

    Raises
    ------
    UnsupportedRuleError
        A cost of the spell with mana symbols other than X, generic and coloured ({C}, hybrid, Phyrexian, snow:
        what of them is "generic mana" is not modelled), or another player's mana permanent that can't be read.
    """
    if not problem.abilities.assist:
        return ()
    spell = problem.spell
    printed = [spell.card.mana_cost] + [a.cost.mana for a in problem.abilities.alternative_costs] + [
        a.cost.mana for a in problem.abilities.additional_costs]
    if any(s.kind not in (SymbolKind.VARIABLE, SymbolKind.GENERIC, SymbolKind.COLORED)
           for cost in printed if cost for s in cost.symbols):
        raise UnsupportedRuleError(spell.name, "Assist", "assist with a cost that has symbols other than X, generic "
                                                        "and coloured mana")
    best: tuple[ManaSource, ...] = ()
    for player in problem.state.players:
        if player == problem.caster:
            continue
        theirs = tuple(ManaSource((frozenset("C"),) * len(source.units), object_id=source.object_id,
                                  activation=source.activation)
                       for source in mana_sources_of(problem.state, player))
        if sum(len(s.units) for s in theirs) > sum(len(s.units) for s in best):
            best = theirs
    return best


# ---------------------------------------------------------------------------------------------- cost changes
def cost_modifiers_of(problem: CastProblem) -> list[CostModifier]:
    """The cost changes that apply to this spell and caster (CR 601.2f), read once per problem.

    The spell's own ("This spell costs {1} less to cast for each …"), and
    the static abilities of permanents naming spells like it.

    Raises
    ------
    UnsupportedRuleError
        A permanent whose text may change costs or forbid casting and can't be read.
    """
    found = problem.memo.cost_modifiers
    if found is not None:
        return found
    found = [m for m in problem.abilities.cost_modifiers if m.own]
    for obj, modifier in _cost_changers(problem.state):
        if not has_qualities(problem.spell, modifier.qualities):
            continue
        if modifier.casters == "you" and obj.controller != problem.caster:
            continue
        if modifier.casters == "opponents" and obj.controller == problem.caster:
            continue
        found.append(modifier)
    problem.memo.cost_modifiers = found
    return found


def _cost_changers(state: GameState) -> tuple[tuple[GameObject, CostModifier], ...]:
    """The permanents' cost changes of other spells, each with its permanent, read once per state (CR 601.2f).

    Raises
    ------
    UnsupportedRuleError
        A permanent whose text may change costs or forbid casting and can't be read.
    """
    memo = state_memo(state)
    if memo.cost_changers is None:
        found = []
        for abilities, permanents in battlefield_groups(state):  # permanents alike in abilities, asked once
            unread = [u for u in abilities.permanent_unsupported if "cost" in u.topics]
            if unread:
                raise UnsupportedRuleError(permanents[0].name, unread[0].span, unread[0].reason)
            modifiers = [modifier for modifier in abilities.cost_modifiers if not modifier.own]
            if modifiers:
                found += [(obj, modifier) for obj in permanents for modifier in modifiers]
        # battlefield order, as one pass over the permanents gives them
        order = {obj.id: i for i, obj in enumerate(state.battlefield())} if found else {}
        found.sort(key=lambda pair: order[pair[0].id])
        memo.cost_changers = tuple(found)  # kept only once every permanent was read
    return memo.cost_changers


def generic_change(problem: CastProblem) -> int:
    """Generic mana added (positive) or taken off (negative) by the cost changes the state decides (CR 601.2f).

    Changes that apply only if the spell targets an object of a kind are left out: see
    :func:`target_cost_changes`.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int
        Generic mana, the sum of every change whose conditions hold.

    Raises
    ------
    UnsupportedRuleError
        As :func:`cost_modifiers_of`.
    """
    total = 0
    for modifier in cost_modifiers_of(problem):
        if modifier.if_targets is not None or not all(requirement_holds(problem, r) for r in modifier.requires):
            continue  # "if you control a Wizard", and the caster doesn't
        if modifier.per_object_of is not None or modifier.if_paid is not None:
            continue  # on the choices of the cast: see paid_cost_changes
        total += modifier.amount * (1 if modifier.per is None else count_of(problem, modifier.per))
    return total


def target_cost_changes(problem: CastProblem) -> list[CostModifier]:
    """The cost changes that apply if the spell targets an object of a kind, their other conditions holding.

    "This spell costs {3} less to cast if it targets a tapped creature": the
    targets are chosen (CR 601.2c) before the total cost is determined (CR
    601.2f), so the change is a function of the target choices.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    list of CostModifier
        Each with ``if_targets`` set, in the order of :func:`cost_modifiers_of`.

    Raises
    ------
    UnsupportedRuleError
        As :func:`cost_modifiers_of`.
    """
    return [m for m in cost_modifiers_of(problem)
            if m.if_targets is not None and all(requirement_holds(problem, r) for r in m.requires)]


def least_generic_change(problem: CastProblem) -> int:
    """The lowest generic change any choice of targets can give: every reduction that targets may give, no increase.

    What must be payable whatever the targets are (CR 601.2f): a bound, used
    before targets are chosen.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int
        :func:`generic_change` plus the negative amounts of :func:`target_cost_changes`.

    Raises
    ------
    UnsupportedRuleError
        As :func:`cost_modifiers_of`.
    """
    return (generic_change(problem) + sum(min(0, m.amount) for m in target_cost_changes(problem))
            + sum(min(0, amount) * _most_paid(problem, key, each) for amount, key, each in paid_cost_changes(problem)))


def coloured_reduction(problem: CastProblem) -> ManaCost | None:
    """The coloured mana the spell's own reductions take off, their conditions holding (CR 601.2f, 118.7b-c).

    "During your turn, this spell costs {2}{U}{U} less to cast": {U}{U} (the {2} is a generic change).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    ManaCost or None
        The coloured symbols, all reductions together; None when none applies.

    Raises
    ------
    UnsupportedRuleError
        A coloured reduction that also depends on the choices of the cast (targets, objects paid).
    """
    symbols: list[ManaSymbol] = []
    for modifier in cost_modifiers_of(problem):
        if modifier.coloured_reduction is None:
            continue
        if (modifier.if_targets is not None or modifier.per is not None or modifier.per_object_of is not None
                or modifier.if_paid is not None):
            raise UnsupportedRuleError(problem.spell.name, modifier.text,
                                       "a coloured reduction on the choices of the cast is not modelled")
        if all(requirement_holds(problem, r) for r in modifier.requires):
            symbols.extend(modifier.coloured_reduction.symbols)
    return ManaCost(tuple(symbols)) if symbols else None


def _take_coloured(problem: CastProblem, total: ManaCost, reduction: ManaCost) -> tuple[ManaCost, int]:
    """The total cost with coloured symbols taken off, and how much generic mana is left to take (CR 118.7b-c).

    Each {U} of the reduction takes off one {U} of the total; with none left, one generic mana instead.

    Raises
    ------
    UnsupportedRuleError
        The total has a hybrid or Phyrexian symbol of that colour: whether it "requires" that colour is not
        decided here.
    """
    remaining = list(total.symbols)
    beyond = 0
    for symbol in reduction.symbols:
        (colour,) = symbol.colors
        at = next((i for i, s in enumerate(remaining) if s.kind is SymbolKind.COLORED and s.colors == (colour,)),
                  None)
        if at is not None:
            del remaining[at]
        elif any(colour in s.colors for s in remaining):
            raise UnsupportedRuleError(problem.spell.name, str(total),
                                       f"a {{{colour.letter}}} reduction of a total cost with a hybrid or Phyrexian "
                                       f"symbol of that colour (CR 118.7)")
        else:
            beyond += 1
    return ManaCost(tuple(remaining)), beyond


def _most_paid(problem: CastProblem, key: ChoiceKey, each: bool | str) -> int:
    """The most a change of :func:`paid_cost_changes` can count.

    Every object that could pay; the greatest power or mana value of one (harmonize's creature, emerge's, each
    one object; any permanent of the caster's bounds it); or once.
    """
    if isinstance(each, str) and isinstance(key, CostObjectsKey):
        return max((_value_of(o, each) for o in cost_object_pool(problem, key)), default=0)
    return len(cost_object_pool(problem, key)) if each and isinstance(key, CostObjectsKey) else 1


def _value_of(obj: GameObject, attribute: str) -> int:
    """An object's power or mana value as a cost change counts it, at least 0 (CR 208, 202.3, 107.1b).

    A noncreature has no power: 0. A power an ability defines raises :class:`UnsupportedRuleError`
    (:func:`solver.rules.qualities.number_of`).
    """
    if attribute == "power" and not obj.card.has_type(CardType.CREATURE):
        return 0
    return max(0, number_of(obj, attribute))


def _paid_amount(state: GameState, chosen: tuple, each: bool | str) -> int:
    """How many times a change of :func:`paid_cost_changes` applies for the choice made.

    The objects chosen, their total power, or once.
    """
    if isinstance(each, str):
        return sum(max(0, number_of(state.object(o), each)) for o in chosen)
    return len(chosen) if each else 1


def paid_cost_changes(problem: CastProblem) -> list[tuple[int, ChoiceKey, bool | str]]:
    """The spell's own cost changes on how its additional costs are paid, their other conditions holding (CR 601.2f).

    "This spell costs {2} less to cast for each card exiled this way" counts the objects chosen to pay the
    additional cost before it; "… if evidence was collected" asks whether that optional cost is paid. Both are
    announced (CR 601.2b) before the total cost is determined (CR 601.2f), so the total is a function of them.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    list of (int, ChoiceKey, bool or str)
        Each change's generic amount, the key of the choice it reads (the objects paying, or the optional cost),
        and whether it counts each object (True), each point of their power (``"power"``, harmonize, CR
        702.180a) or asks only that the cost is paid (False); printed order.

    Raises
    ------
    UnsupportedRuleError
        Another cost of the spell pays with objects of the same action from the same zone, so "this way" can't
        be told apart.
    """
    changes = []
    for modifier in cost_modifiers_of(problem):
        if not modifier.own or not all(requirement_holds(problem, r) for r in modifier.requires):
            continue
        if modifier.per_object_of is not None:
            paid = modifier.per_object_of
            key: ChoiceKey = CostObjectsKey(paid.action, paid.zone)
            others = [c for a in problem.abilities.additional_costs for c in a.cost.objects if c != paid] + [
                c for a in problem.abilities.alternative_costs for c in a.cost.objects if c != paid]
            if any((c.action, c.zone) == (paid.action, paid.zone) for c in others):
                raise UnsupportedRuleError(problem.spell.name, modifier.text,
                                           "a reduction for each object paid 'this way', with another cost paying "
                                           "with the same objects")
            if modifier.per_value == "power":  # the power of what is tapped, as the state gives it (CR 208, 613.4)
                refuse_static_power_changes(problem)
                refuse_static_type_changes(problem)
            changes.append((modifier.amount, key, modifier.per_value or True))
        elif modifier.if_paid is not None:
            additional = next((a for a in problem.abilities.additional_costs
                               if a.optional and a.keyword == modifier.if_paid), None)
            if additional is None:
                raise UnsupportedRuleError(problem.spell.name, modifier.text, "a reduction on an unknown cost")
            changes.append((modifier.amount, optional_cost_key(additional), False))
    return changes


# ---------------------------------------------------------------------------------------------- announcements
def abilities_rule(abilities: Any, keyword: str) -> str:
    """The rule of the alternative cost of this keyword (``"CR 702.34a"`` for flashback)."""
    return next((cost.rule for cost in abilities.alternative_costs if cost.keyword == keyword), "CR 118.9")


def add_cost_choices(problem: CastProblem) -> None:
    """Add the choices announced before targets: the alternative cost, optional costs, X (CR 601.2b).

    Parameters
    ----------
    problem : CastProblem
        Must come before the target rules: kicked-only and awakened targets
        (CR 702.33g, 702.113a), overloaded text (CR 702.96b) and "X target"
        depend on these.
    """
    caster, cast_as = problem.caster, problem.cast_as  # kept by the problem: no reference back to it
    problem_free = problem.without_paying_mana_cost
    spell, abilities = problem.spell, problem.abilities
    name = spell.name
    alternatives = tuple(cost.keyword for cost in abilities.alternative_costs)
    unmet = {cost.keyword: [requirement_text(problem, r) for r in cost.requires if not requirement_holds(problem, r)]
             for cost in abilities.alternative_costs}
    # a cost that casts the card from another zone (flashback) is paid exactly when it is cast that way; the
    # ways to cast it from where it is say which (solver.rules.zones)
    elsewhere = {cost.keyword: cost.zone for cost in abilities.alternative_costs if cost.zone is not None}
    zone = spell.zone
    ways = problem.zone_ways
    by_way = {way.alternative for way in ways if way.alternative is not None}
    in_hand = zone is Zone.HAND
    from_hand = in_hand or any(way.alternative is None for way in ways)  # the mana cost, or "without paying" it
    payable = tuple(keyword for keyword in alternatives if not unmet[keyword]
                    and (keyword in by_way if keyword in elsewhere else in_hand and from_hand))
    if from_hand and not in_hand and not problem.without_paying_mana_cost and any(
            keyword not in elsewhere for keyword in alternatives):
        # "rather than pay this spell's mana cost" cast from a graveyard by jump-start, retrace, an effect: which
        # of its alternative costs apply from there is not read (CR 118.9)
        raise UnsupportedRuleError(name, ", ".join(k for k in alternatives if k not in elsewhere),
                                   f"an alternative cost of a card cast from the {zone.value}")
    domain = ((None,) if from_hand else ()) if problem.without_paying_mana_cost else \
        ((None,) if from_hand else ()) + payable
    if problem.recorded is not None:  # on the stack: it was cast for one of its costs, as it could then (CR 118.9)
        domain = (None,) if problem.without_paying_mana_cost else (None,) + alternatives
    if cast_as is not None:  # cast face down or bestowed: for that cost only (CR 702.37c, 702.103a)
        domain = tuple(keyword for keyword in alternatives if keyword == cast_as)

    def alternative_why_not(value: Any) -> tuple[Reason, ...]:
        if value != cast_as and cast_as is not None:
            how = "bestowed" if cast_as == "bestow" else "face down"
            return (Reason(abilities_rule(abilities, cast_as),
                           f"cast {how}, {name} is cast for its {cast_as} cost, and no other"),)
        if value is None and not from_hand:
            cost = next((c for c in abilities.alternative_costs if c.keyword in by_way), None)
            if cost is None:  # nothing lets it be cast from there: the zone rule says why (CR 601.2a)
                return (Reason("CR 601.2", f"{name} is {zone.where}: nothing lets {caster} cast it from "
                                           "there"),)
            return (Reason(cost.rule, f"cast from the {zone.value}, {name} is cast for its {cost.keyword} cost, "
                                      "rather than its mana cost"),)
        if value in elsewhere and elsewhere[value] is not zone:
            return (Reason(abilities_rule(abilities, value), f"the {value} cost is paid only casting {name} from "
                                                             f"the {elsewhere[value].value}"),)
        if value in alternatives and unmet[value]:  # its condition does not hold (CR 118.9)
            return (Reason("CR 118.9", f"the {value} cost can be paid only if {' and '.join(unmet[value])}, and "
                                       "that is not so"),)
        if value in alternatives and problem_free:  # only one alternative cost (CR 118.9a)
            return (Reason("CR 118.9a", f"only one alternative cost: the {value} cost can't be paid when the "
                                        "spell is cast without paying its mana cost"),)
        if value in alternatives:
            return (Reason(abilities_rule(abilities, value), f"the {value} cost is no way to cast {name} "
                                                             f"{zone.where} now"),)
        return (Reason("CR 118.9", f"{name} has no alternative cost {value!r}"),)

    problem.add_variable(ALTERNATIVE_COST, domain, "CR 118.9", alternative_why_not)
    for additional in abilities.additional_costs:
        if not additional.optional:
            continue
        key = optional_cost_key(additional)
        if problem.recorded is not None:  # on the stack: paid as many times as the mana then allowed (CR 702.33c)
            limit = additional.most_times
            problem.add_variable(key, LazyDomain(_never_listed, functools.partial(_is_times, limit), "times paid"),
                                 additional.rule, _times_why_not(name, key, limit or 0, limit))
            continue
        most = _most_times(problem, additional)
        problem.add_variable(key, tuple(range(most + 1)), additional.rule,
                             _times_why_not(name, key, most, additional.most_times))
    for line in dict.fromkeys(a.one_of for a in abilities.additional_costs if a.one_of):
        keys = tuple(optional_cost_key(a) for a in abilities.additional_costs if a.one_of == line)
        problem.add_constraint(
            keys, lambda *times: sum(times) == 1, "CR 601.2b",
            f"exactly one of the additional costs of \"{line}\" is paid",
            lambda *times, keys=keys: f"{sum(times)} of {', '.join(repr(k.keyword) for k in keys)} paid; one must be",
        )
    _add_gift_recipient(problem)
    _add_x(problem)


def _add_gift_recipient(problem: CastProblem) -> None:
    """The opponent chosen as a gift cost is paid: a choice of the cast (CR 702.174a, 601.2b).

    Gift's cost is "As an additional cost to cast this spell, you may choose an opponent" (CR 702.174a): one
    variable, :data:`~models.choices.GIFT_RECIPIENT`, whose value is None (not promised) or one of the
    caster's opponents, in turn order, and a constraint that it names an opponent exactly when the cost is
    paid. With no opponent, the gift can't be promised. Each opponent is a different cast.

    Raises
    ------
    UnsupportedRuleError
        Two costs on one spell that each choose an opponent.
    """
    caster = problem.caster  # closures kept by the problem hold no reference back to it
    choosing = [a for a in problem.abilities.additional_costs if a.optional and a.chooses_opponent]
    if not choosing:
        return
    spell = problem.spell
    if len(choosing) > 1:
        raise UnsupportedRuleError(spell.name, choosing[1].cost.text, "two costs that each choose an opponent")
    key = optional_cost_key(choosing[0])
    opponents = tuple(player for player in problem.state.players if player != caster)

    def why_not(value: Any) -> tuple[Reason, ...]:
        return (Reason("CR 702.174a", f"the gift is promised to an opponent of {caster}; {value!r} is not "
                                      "one"),)

    problem.add_variable(GIFT_RECIPIENT, (None,) + opponents, "CR 702.174a", why_not)
    problem.add_constraint(
        (key, GIFT_RECIPIENT), lambda times, recipient: (times > 0) == (recipient is not None), "CR 702.174a",
        "an opponent is chosen exactly when the gift is promised",
        lambda times, recipient: ("the gift is promised and no opponent is chosen" if times
                                  else f"the gift is not promised, and {recipient} is named its recipient"),
    )


def optional_cost_key(additional: AdditionalCost) -> OptionalCostKey:
    """The key of the choice of paying an optional additional cost: its keyword (or, with none, its text)."""
    return OptionalCostKey(additional.keyword or additional.cost.text)


def _most_times(problem: CastProblem, additional: AdditionalCost) -> int:
    """How many times an optional additional cost can be paid: once, or as many as the mana allows (CR 702.33c)."""
    if additional.most_times is not None:
        return additional.most_times
    cost = additional.cost
    if cost.objects and (cost.life or cost.life_x or cost.reveals or cost.discards_at_random
                         or any(part.count is None or part.x_count for part in cost.objects)):
        raise UnsupportedRuleError(problem.spell.name, cost.text, "a cost paid any number of times with objects "
                                   "and life, reveals, or objects not counted")
    # CR 702.33c, 702.56a, 601.2b: how many times is announced; more than the mana available, or the objects there
    # are for each part ("Replicate—Tap an untapped Horror you control."), can never be paid
    most = [_mana_units(problem) // cost.mana.mana_value] if cost.mana.mana_value or not cost.objects else []
    most += [len(_candidates(problem, part)) // (part.count or 1) for part in cost.objects]
    return min(most)


def _times_why_not(name: str, key: OptionalCostKey, most: int, limit: int | None) -> Callable[[Any], tuple]:
    def why_not(value: Any) -> tuple[Reason, ...]:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 601.2b", f"{value!r} is not a number of times to pay {key}"),)
        if limit is not None and value > limit:
            return (Reason("CR 601.2b", f"{key} of {name} is paid at most {limit} time(s); {value} given"),)
        return (Reason("CR 601.2h", f"{key} can't be paid {value} times with the mana available (at most {most})"),)
    return why_not


def _x_object_costs(problem: CastProblem) -> list[ObjectCost]:
    """The card's additional costs of X objects ("discard X cards"), in printed order (CR 107.3a)."""
    return [cost for additional in problem.abilities.additional_costs for cost in additional.cost.objects
            if cost.x_count]


def _add_x_of_objects(problem: CastProblem, costs: list[ObjectCost]) -> None:
    """X of a spell with no {X} in its mana cost and an additional cost of X objects (CR 107.3a, 601.2b).

    "As an additional cost to cast this spell, discard X cards": the caster announces X, and the cost asks
    for X objects, so X is at most the objects the cost could take (CR 601.2h: a cost that can't be paid
    can't be announced); 0 included. Casting without paying the mana cost does not fix this X at 0: it is
    not in the mana cost (CR 107.3b).
    """
    spell = problem.spell
    top = min(len(_candidates(problem, cost)) for cost in costs)

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{spell.name} has X in an additional cost: a value must be announced"),)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        return (Reason("CR 601.2h", f"X = {value} can't be paid: the cost '{costs[0].text}' can take at most "
                                    f"{top} object(s)"),)

    problem.add_variable(X, _x_domain(problem, range(top + 1)), "CR 107.3a", _limited_why_not(problem, why_not))


def x_bounds(problem: CastProblem) -> tuple[int, int | None]:
    """The least and the greatest value of X the spell's text allows ("X can't be 0."), now (CR 107.3, 601.2b).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    (int, int or None)
        The greatest of the printed minimums (0 when none), and the least of the printed maximums, each counted
        in the state as the spell is cast (None when none).
    """
    limits = problem.abilities.x_limits
    least = max((limit.minimum for limit in limits), default=0)
    greatest = [count_of(problem, limit.maximum) for limit in limits if limit.maximum is not None]
    return least, min(greatest, default=None)


def _within_limits(problem: CastProblem, values: Iterable[int]) -> tuple[int, ...]:
    """The values of X, in increasing order, that the spell's own bounds allow (CR 107.3, 601.2b)."""
    least, greatest = x_bounds(problem)
    return tuple(v for v in sorted(values) if v >= least and (greatest is None or v <= greatest))


def _never_listed() -> Iterator[Any]:
    """The values of a choice of a spell on the stack: its record's, never listed (the problem is judged, not solved).

    Raises
    ------
    SolverError
        Always.
    """
    raise SolverError("fast", "the values of a choice of a spell on the stack are its record's: they are never listed")


def _is_times(limit: int | None, value: Any) -> bool:
    """Whether ``value`` is a number of times an optional cost may be paid: 0 or more, at most ``limit``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value and (limit is None or value <= limit)


def _x_domain(problem: CastProblem, values: Iterable[int], *, none_first: bool = False,
              limited: bool = True) -> tuple[Any, ...] | LazyDomain:
    """The domain of X: ``values`` (within the text's bounds when ``limited``), None first when it may be none.

    For a spell on the stack (:attr:`CastProblem.recorded`), X was announced as it was cast, with the mana and
    objects there were then (CR 601.2b, 601.2f-h): any whole number within the text's least bound may have been,
    and the domain is lazy. Its values are never listed: a spell on the stack is judged, never solved.
    """
    if problem.recorded is None:
        found = _within_limits(problem, values) if limited else tuple(values)
        return ((None,) if none_first else ()) + found
    least = x_bounds(problem)[0] if limited else 0

    def contains(value: Any) -> bool:
        return (value is None and none_first) or (
            isinstance(value, int) and not isinstance(value, bool) and value >= least)

    return LazyDomain(_never_listed, contains, f"whole numbers from {least}{', or none' if none_first else ''}")


def _limited_why_not(problem: CastProblem, why_not: Callable[[Any], tuple[Reason, ...]]) -> Callable[[Any], tuple]:
    """``why_not`` of X, saying first when a value is outside the bounds the spell's text sets (CR 107.3)."""
    spell_name = problem.spell.name  # kept by the problem: no reference back to it
    least, greatest = x_bounds(problem)
    texts = " ".join(limit.text for limit in problem.abilities.x_limits)

    def limited(value: Any) -> tuple[Reason, ...]:
        if isinstance(value, int) and not isinstance(value, bool) and (
                value < least or (greatest is not None and value > greatest)):
            bound = f"at most {greatest}" if greatest is not None and value > greatest else f"at least {least}"
            return (Reason("CR 107.3", f"{spell_name} says \"{texts}\": X is {bound} here, "
                                       f"and {value} was announced"),)
        return why_not(value)
    return limited


def _generic_help(problem: CastProblem) -> int:
    """The most generic mana of the total cost that is paid, or taken off, otherwise than with mana (CR 601.2f).

    Reductions (every one that the state and any targets could give), and the objects delve, convoke or
    improvise could use (CR 702.66a, 702.51a, 702.126a): a bound on the value of X that can be paid, which the
    payment rule then decides exactly (CR 601.2h).
    """
    state, caster, abilities = problem.state, problem.caster, problem.abilities
    help_ = max(0, -least_generic_change(problem))
    coloured_off = coloured_reduction(problem)
    if coloured_off is not None:  # a coloured reduction beyond the colour's symbols takes generic mana (CR 118.7c)
        help_ += coloured_off.mana_value
    if abilities.delve:
        help_ += sum(1 for o in state.objects_in(Zone.GRAVEYARD) if o.owner == caster)
    if abilities.convoke or abilities.improvise:
        kind = CardType.CREATURE if abilities.convoke else CardType.ARTIFACT
        help_ += sum(1 for o in state.objects_in(Zone.BATTLEFIELD, caster) if not o.tapped and o.card.has_type(kind))
    return help_


def _add_x_of_additional_mana(problem: CastProblem) -> None:
    """X of a spell with no {X} in its mana cost and an additional cost with one (CR 107.3a, 601.2b).

    "Kicker {X}", "waterbend {X}": the caster announces X with the cost (CR 601.2b). A cost that must be paid
    always has X; an optional one has X exactly when it is paid (the variable is None otherwise). X is at most
    what the mana available and the permanents that could pay generic mana instead (waterbend's artifacts and
    creatures, CR 701.67a) could pay; the payment rules decide which values can be paid. Casting without paying
    the mana cost does not fix this X at 0: it is not in the mana cost (CR 107.3b).

    Raises
    ------
    UnsupportedRuleError
        Two costs with X, X in one more than once, or X in a cost paid any number of times.
    """
    spell = problem.spell
    with_x = [a for a in problem.abilities.additional_costs if a.cost.mana.has_x]
    cost = with_x[0]
    if len(with_x) > 1 or cost.most_times != 1 or sum(1 for s in cost.cost.mana.symbols if s.variable == "X") > 1:
        raise UnsupportedRuleError(spell.name, cost.cost.text, "X in two additional costs, twice in one, or in one "
                                                               "paid any number of times")
    helpers = sum(1 for part in cost.cost.objects if part.waterbend for _ in _candidates(problem, part))
    top = _mana_units(problem) + helpers

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{spell.name} has X in an additional cost it pays: a value must be "
                                        "announced"),)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        return (Reason("CR 601.2h", f"X = {value} can't be paid"),)

    if not cost.optional:
        problem.add_variable(X, _x_domain(problem, range(top + 1)), "CR 107.3a", _limited_why_not(problem, why_not))
        return
    key = optional_cost_key(cost)
    problem.add_variable(X, _x_domain(problem, range(top + 1), none_first=True), "CR 107.3a",
                         _limited_why_not(problem, why_not))
    problem.add_constraint(
        (key, X), lambda times, x: (times > 0) == (x is not None), "CR 601.2b",
        f"X is announced exactly when the {cost.keyword or 'additional'} cost with X is paid",
        lambda times, x: (f"the {cost.keyword} cost is paid and no X is announced" if times
                          else f"X = {x} is announced, but {spell.name} has X only in its {cost.keyword} cost"),
    )


def _add_x_of_life(problem: CastProblem) -> None:
    """X of a spell with no {X} in its mana cost and the additional cost "pay X life" (CR 107.3a, 601.2b, 119.4).

    "As an additional cost to cast this spell, pay X life." (Toxic Deluge): the caster announces X with the
    cost, and can pay X life only with a life total of X or more, 0 always (CR 119.4): X is 0 to that life.
    Casting without paying the mana cost does not fix this X at 0: it is not in the mana cost (CR 107.3b).
    """
    spell = problem.spell
    life = max(0, problem.state.life_of(problem.caster))

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{spell.name} has X in an additional cost: a value must be announced"),)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        return (Reason("CR 119.4", f"X = {value}: {problem.caster} can't pay {value} life with {life}"),)

    problem.add_variable(X, _x_domain(problem, range(life + 1)), "CR 107.3a", _limited_why_not(problem, why_not))


def _add_x_of_alternative_cost(problem: CastProblem, alternatives: list[AlternativeCost]) -> None:
    """X of a spell with no {X} in its mana cost and an alternative cost with one (CR 107.3, 601.2b, 601.2f).

    "Freerunning {X}{R}", "Cleave {X}{R}{W}": the caster announces X only casting the spell for that cost
    (CR 601.2b: the value of X in a cost is announced with the cost); for any other way, the spell has no X
    (the variable is None). X is at most the mana the caster could make for it (more can't be paid, CR 601.2h).
    Cast without paying its mana cost, no alternative cost is paid (CR 118.9a) and there is no X.

    Raises
    ------
    UnsupportedRuleError
        Two alternative costs with X.
    """
    spell = problem.spell
    if len(alternatives) > 1:
        raise UnsupportedRuleError(spell.name, alternatives[0].cost.text, "X in two alternative costs")
    keyword = alternatives[0].keyword
    # "Foretell {X}{X}{W}": each X is the value announced, so twice X is paid (CR 107.3a)
    times = sum(1 for s in alternatives[0].cost.mana.symbols if s.variable == "X")
    top = -1 if problem.without_paying_mana_cost else _mana_units(problem) // times

    def why_not(value: Any) -> tuple[Reason, ...]:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        if top < 0:
            return (Reason("CR 118.9a", f"cast without paying its mana cost, {spell.name} is not cast for its "
                                        f"{keyword} cost, and has no X"),)
        return (Reason("CR 601.2h", f"X = {value} can't be paid"),)

    problem.add_variable(X, _x_domain(problem, range(top + 1), none_first=True, limited=False), "CR 107.3a", why_not)
    problem.add_constraint(
        (ALTERNATIVE_COST, X), lambda chosen, x: (chosen == keyword) == (x is not None), "CR 601.2b",
        f"X is announced exactly when the {keyword} cost is paid",
        lambda chosen, x: (f"the {keyword} cost is paid and no X is announced" if chosen == keyword
                           else f"X = {x} is announced, but {spell.name} has X only in its {keyword} cost"),
    )


def _add_x(problem: CastProblem) -> None:
    """X: announced before targets (CR 601.2b, 107.3a), so "X target" can depend on it."""
    spell = problem.spell
    mana_cost = spell.card.mana_cost
    if (mana_cost is None or not mana_cost.has_x) and (x_objects := _x_object_costs(problem)):
        _add_x_of_objects(problem, x_objects)
        return
    if (mana_cost is None or not mana_cost.has_x) and any(a.cost.life_x for a in problem.abilities.additional_costs):
        _add_x_of_life(problem)
        return
    if (mana_cost is None or not mana_cost.has_x) and any(
            a.cost.mana.has_x for a in problem.abilities.additional_costs):
        _add_x_of_additional_mana(problem)
        return
    x_alternatives = [a for a in problem.abilities.alternative_costs if a.cost.mana.has_x]
    if (mana_cost is None or not mana_cost.has_x) and x_alternatives:
        _add_x_of_alternative_cost(problem, x_alternatives)
        return
    if mana_cost is None or not mana_cost.has_x:
        problem.add_variable(X, (None,), "CR 107.3", lambda value: (
            Reason("CR 107.3", f"{spell.name} has no X in its mana cost"),))
        return
    x_symbols = sum(1 for s in mana_cost.symbols if s.variable == "X")
    free = problem.without_paying_mana_cost
    # CR 107.3b: 0 without paying the mana cost; else as much as the mana and what else pays generic mana allow
    top = 0 if free else (_mana_units(problem) + _generic_help(problem)) // max(1, x_symbols)
    values = set(range(top + 1))
    if not free:  # an alternative cost exiling a card "with mana value X": that card's mana value (CR 118.9)
        values |= {obj.card.mana_value for alternative in problem.abilities.alternative_costs
                   for cost in alternative.cost.objects if cost.mana_value_is_x for obj in _candidates(problem, cost)}

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{spell.name} has X in its mana cost: a value must be announced"),)
        if free:
            return (Reason("CR 107.3b", f"cast without paying its mana cost, X is 0, not {value!r}"),)
        return (Reason("CR 601.2h", f"X = {value} can't be paid"),)

    domain = _within_limits(problem, (0,)) if free else _x_domain(problem, values)  # free: 0, on the stack too
    problem.add_variable(X, domain, "CR 107.3a", _limited_why_not(problem, why_not))


# ---------------------------------------------------------------------------------------------- objects
def _matcher(cost: ObjectCost) -> Callable[[GameObject], bool]:
    """Whether an object is of the kind and has the qualities an object cost names (where it is aside)."""
    kinds = cost.kinds
    known = _MATCHES.get(cost)
    if known is None:
        if len(_MATCHES) >= _COSTS_LIMIT:
            _MATCHES.clear()
        known = _MATCHES[cost] = {}  # by object id, for that very object (another state's, or a changed copy,
        # is judged anew)

    def matches(obj: GameObject) -> bool:
        found = known.get(obj.id)
        if found is not None and found[0] is obj:
            return found[1]
        answer = (not kinds or is_of_kinds(obj.card.types, kinds)) and has_qualities(obj, cost.qualities)
        if len(known) >= _MATCHES_LIMIT:
            known.clear()
        known[obj.id] = (obj, answer)
        return answer
    return matches


_MATCHES: dict[ObjectCost, dict[str, tuple[GameObject, bool]]] = {}
"""Per object cost, whether each object it was asked about matches it: shared by the problems of a state (the
cards in a hand splice the same costs)."""
_MATCHES_LIMIT = 4096
"""Objects kept per cost."""
_COSTS_LIMIT = 256
"""Costs kept."""


def _tapped_by_mana_matcher(problem: CastProblem, cost: ObjectCost) -> Callable[[GameObject], bool]:
    """:func:`_matcher`, where a permanent the caster may tap for mana counts as tapped (CR 601.2g-h).

    Mana abilities are activated before costs are paid (CR 601.2g), and the mana made stays in the pool to pay
    them, so a permanent of the caster's that is untapped now, with a {T} mana ability it can activate (a source
    of :func:`available_mana_sources`), is tapped when a cost asks for "a tapped creature" (web-slinging,
    CR 702.188a): returning it does not lose its mana. A cost that taps objects asks for untapped ones, and is
    read as it is.
    """
    matches = _matcher(cost)
    if cost.action is CostAction.TAP or cost.qualities is None or not any(
            q.attribute == "tapped" and not q.negated for clause in cost.qualities.clauses for q in clause):
        return matches
    tappable = {s.object_id for s in available_mana_sources(problem) if s.object_id is not None and not s.consumed}

    def tapped_by_mana(obj: GameObject) -> bool:
        if obj.id in tappable and not obj.tapped:
            return matches(dataclasses.replace(obj, tapped=True))
        return matches(obj)
    return tapped_by_mana


def cost_object_pool(problem: CastProblem, key: CostObjectsKey) -> list[GameObject]:
    """The objects an action may use, file order: where the costs take them from, the caster's (CR 601.2h).

    Cards in the caster's hand (never the spell: it is on the stack, CR 601.2a), cards in their
    graveyard, or permanents they control (untapped ones, to tap).
    """
    state, caster = problem.state, problem.caster
    if key.zone is Zone.HAND:
        return [o for o in state.hand(caster) if o.id != problem.spell.id]
    if key.zone is Zone.GRAVEYARD:  # never the spell: cast from there, it is on the stack (CR 601.2a)
        return [o for o in state.objects_in(Zone.GRAVEYARD) if o.owner == caster and o.id != problem.spell.id]
    known = state_memo(state).permanents_to_pay  # the spell is never on the battlefield: kept per state
    tapping = key.action is CostAction.TAP
    found = known.get((caster, tapping))
    if found is None:
        found = known[caster, tapping] = tuple(o for o in state.objects_in(Zone.BATTLEFIELD, caster)
                                               if not (tapping and o.tapped))
    return list(found)


def _candidates(problem: CastProblem, cost: ObjectCost) -> list[GameObject]:
    key = CostObjectsKey(cost.action, cost.zone)
    matches = _matcher(cost)
    return [o for o in cost_object_pool(problem, key) if matches(o)]


@dataclass(frozen=True)
class _Need:
    """Objects one term asks one action for: ``count`` per time the term is paid (None: any number)."""

    cost: ObjectCost
    term: CostTerm
    matches: Callable[[GameObject], bool]


def _can_split(chosen: tuple[str, ...], needs: list[tuple[int, Callable[[GameObject], bool]]],
               objects: Mapping[str, GameObject], rest: Callable[[GameObject], bool] | None = None) -> bool:
    """Whether the chosen objects pay each need, every object paying exactly one (CR 118.10).

    ``rest``, for a cost of "any number of" objects, takes the objects the needs leave, if they match it.
    """
    total = sum(n for n, _ in needs)
    if len(chosen) < total or (rest is None and len(chosen) != total):
        return False
    return _places_from(0, chosen, needs, objects, [n for n, _ in needs], rest)


def _places_from(index: int, chosen: tuple[str, ...], needs: list[tuple[int, Callable[[GameObject], bool]]],
                 objects: Mapping[str, GameObject], left: list[int], rest: Callable[[GameObject], bool] | None) -> bool:
    """:func:`_can_split` from the object at ``index`` on, each need still asking for ``left`` objects."""
    if index == len(chosen):
        return not any(left)
    obj = objects[chosen[index]]
    for i, (_, matches) in enumerate(needs):
        if left[i] and matches(obj):
            left[i] -= 1
            if _places_from(index + 1, chosen, needs, objects, left, rest):
                return True
            left[i] += 1
    return rest is not None and rest(obj) and _places_from(index + 1, chosen, needs, objects, left, rest)


def count_splits(needs: list[tuple[int, Callable[[GameObject], bool]]], candidates: tuple[str, ...],
                 objects: Mapping[str, GameObject]) -> int:
    """How many sets of the candidates pay each need exactly, every object paying one (CR 118.10, 601.2h).

    The candidates are grouped by which needs they match (two Mountains are alike to "sacrifice two Mountains"
    and "tap an untapped white creature"); a set is how many it takes of each group, and such a choice pays
    the needs iff no group of needs is asked for fewer objects than the objects that can pay only them
    (Hall's condition on the needs). So the count is the sum, over the feasible numbers per group, of the
    product of the binomials: no set is listed.

    Parameters
    ----------
    needs : list of (int, callable)
        How many objects each need asks for, and which objects may pay it.
    candidates : tuple of str
    objects : mapping of str to GameObject

    Returns
    -------
    int
        Equal to the number of sets :func:`_can_split` accepts (no ``rest``).

    Examples
    --------
    Two Mountains and one white creature, among two Mountains, one white creature and one object that is
    both: every set of three of the four pays (the both-object pays whichever need the others leave), 4.

    >>> from types import SimpleNamespace as O
    >>> things = {"m1": O(m=1, w=0), "m2": O(m=1, w=0), "mw": O(m=1, w=1), "w1": O(m=0, w=1)}
    >>> count_splits([(2, lambda o: o.m), (1, lambda o: o.w)], tuple(things), things)
    4
    """
    groups: dict[tuple[bool, ...], int] = {}
    for candidate in candidates:
        obj = objects[candidate]
        mask = tuple(bool(matches(obj)) for _, matches in needs)
        if any(mask):
            groups[mask] = groups.get(mask, 0) + 1
    amounts = [n for n, _ in needs]
    fits = _hall(list(groups), amounts)
    return sum(ways for taken, ways in _takings(list(groups.values()), sum(amounts)) if fits(taken))


def _takings(sizes: Sequence[int], total: int | None = None) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to take objects from groups of alike ones: (how many of each group, how many sets that is).

    The number of sets is the product of the binomials C(size, taken). With ``total``, only the ways that take
    that many objects in all.

    Examples
    --------
    >>> list(_takings([2, 1], total=2))
    [((1, 1), 2), ((2, 0), 1)]
    """
    return _takings_from(sizes, total, 0, total or 0, (), 1)


def _takings_from(sizes: Sequence[int], total: int | None, at: int, left: int, taken: tuple[int, ...],
                  ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """:func:`_takings` from group ``at`` on, ``left`` objects still to take, having taken ``taken`` in ``ways``."""
    if at == len(sizes):
        if total is None or not left:
            yield taken, ways
        return
    size = sizes[at]
    for amount in range(min(left, size) + 1 if total is not None else size + 1):
        yield from _takings_from(sizes, total, at + 1, left - amount, taken + (amount,), ways * math.comb(size, amount))


def _hall(masks: list[tuple[bool, ...]], amounts: list[int]) -> Callable[[tuple[int, ...]], bool]:
    """Whether so many objects of each group (each group's mask: the needs its objects match) can pay each need.

    The objects taken pay the needs, each object one need and each need its amount, iff no set of needs is given
    more objects that can pay only them than the set asks for in all (Hall's condition, CR 118.10, 601.2h).
    """
    subsets = [tuple(i for i in range(len(amounts)) if bits >> i & 1) for bits in range(1, 1 << len(amounts))]
    inside = [[g for g, mask in enumerate(masks) if not any(mask[i] for i in range(len(amounts)) if i not in subset)]
              for subset in subsets]
    capacity = [sum(amounts[i] for i in subset) for subset in subsets]
    return lambda taken: all(sum(taken[g] for g in group) <= room for group, room in zip(inside, capacity))


def _add_cost_objects(problem: CastProblem, key: CostObjectsKey, needs: list[_Need]) -> tuple[str, ...]:
    """One variable for the objects an action uses, and the constraint that they pay exactly what is asked.

    Targets are chosen before costs are paid, so a spell may target what pays its cost (CR 601.2c
    before 601.2h). When how many objects are asked depends on choices (entwine, escalate, a spliced
    card, kicker), the constraint ties the set to them.
    """
    if any(need.cost.least_total_mana_value is not None or need.cost.least_total_power is not None
           for need in needs):
        return _add_least_total_objects(problem, key, needs)
    if any(need.cost.waterbend for need in needs):
        return _add_waterbend_objects(problem, key, needs)
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    name = problem.spell.name
    action = key.action
    # what could pay is the same for every spell of the caster cast in the state, the spell itself aside
    # (never on the battlefield while cast, CR 601.2a): kept per state by the costs asked
    memo = state_memo(problem.state).cost_candidates
    costs = tuple(need.cost for need in needs)  # by identity: a card's costs are read once (kept with them)
    kept_as = (key, problem.caster, None if key.zone is Zone.BATTLEFIELD else problem.spell.id,
               tuple(id(cost) for cost in costs))
    kept = memo.get(kept_as)
    if kept is None or any(a is not b for a, b in zip(kept[0], costs)):
        pool = cost_object_pool(problem, key)
        if len(memo) >= 1024:
            memo.clear()
        kept = memo[kept_as] = (costs, {o.id: o for o in pool},
                                tuple(o.id for o in pool if any(need.matches(o) for need in needs)))
    objects: Mapping[str, GameObject] = kept[1]
    candidates: tuple[str, ...] = kept[2]
    every = [need for need in needs if need.cost.count == 0]  # "sacrifice all creatures you control"
    rest = [need for need in needs if need.cost.count is None and not need.cost.x_count]  # "any number of"
    counted = [need for need in needs if need.cost.count]
    x_counted = [need for need in needs if need.cost.x_count]  # "discard X cards": X of them (CR 107.3a)
    if every and len(needs) > 1:
        raise UnsupportedRuleError(name, every[0].cost.text, f"'all' with other costs to {action.value}")
    if len(rest) > 1 or (rest and len(candidates) > MOST_CANDIDATES_FOR_ANY_NUMBER):
        raise UnsupportedRuleError(name, rest[0].cost.text, f"'any number' of objects to {action.value} with "
                                   f"another such cost, or over {MOST_CANDIDATES_FOR_ANY_NUMBER} candidates")
    rest_matches = rest[0].matches if rest else None
    # the needs in `counted` have a count (`or 0` only tells the type checker so)
    fixed = sum(n.cost.count or 0 for n in counted if not n.term.scope)
    most = len(candidates) if rest or every or x_counted else fixed + sum(
        (n.cost.count or 0) * n.term.most_times for n in counted if n.term.scope)
    low = len(candidates) if every else fixed
    scope = tuple(dict.fromkeys(k for n in counted + rest + every + x_counted for k in n.term.scope))
    if x_counted:
        scope += (X,)

    def asked(given: Mapping[ChoiceKey, Any]) -> list[tuple[int, Callable[[GameObject], bool]]]:
        """What the needs ask for, given the values of :data:`scope` by key (:func:`asked_of_values`)."""
        return asked_of_values(tuple(given[k] for k in scope))

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        given = dict(zip(scope, values))
        if every:
            yield candidates
            return
        needs_now = asked(given)
        size = sum(n for n, _ in needs_now)
        sizes = range(size, len(candidates) + 1) if rest else (size,)
        for length in sizes:
            for chosen in itertools.combinations(candidates, length):
                if _can_split(chosen, needs_now, objects, rest_matches):
                    yield chosen

    counts: dict[tuple, int] = {}
    # each need of `counted` and `x_counted` as (objects per time, how many times from the values of `scope`,
    # where in `scope` those values are, or None for X's count, matcher): :func:`asked` over a tuple of values
    x_at = len(scope) - 1 if x_counted else None
    compiled = [(need.cost.count or 0, need.term.times, tuple(scope.index(k) for k in need.term.scope), need.matches,
                 need.term.member) for need in counted]
    compiled_x = [(need.term.times, tuple(scope.index(k) for k in need.term.scope), need.matches)
                  for need in x_counted]

    def asked_of_values(values: tuple) -> list[tuple[int, Callable[[GameObject], bool]]]:
        found = []
        for per_time, times_of, where, matches, member in compiled:
            times = (member in values[where[0]]) if member is not None else times_of(*[values[i] for i in where])
            if times and per_time:
                found.append((per_time * times, matches))
        x = values[x_at] if x_at is not None else 0
        for times_of, where, matches in compiled_x:
            times = times_of(*[values[i] for i in where])
            if times and x:
                found.append((x * times, matches))
        return found

    # the numbers of sets are shared by the problems of the state that ask the same of the same candidates
    # (kept with the candidates, by the costs' identity): each need named by its place among the costs asked
    shared_counts = state_memo(problem.state).cost_counts
    place_of = {id(need.matches): i for i, need in enumerate(needs)}

    def count(*values: Any) -> int:
        if every:
            return 1
        needs_now = asked_of_values(values)
        if not needs_now:
            return 1  # nothing asked: the empty set alone
        signature = tuple(needs_now)
        found = counts.get(signature)
        if found is None:
            shared_as = (kept_as, costs, tuple((n, place_of[id(matches)]) for n, matches in needs_now))
            found = shared_counts.get(shared_as)
            if found is None:
                if len(shared_counts) >= 4096:
                    shared_counts.clear()
                found = shared_counts[shared_as] = count_splits(needs_now, candidates, objects)
            counts[signature] = found
        return found

    candidate_set = frozenset(candidates)

    def in_domain(value: Any) -> bool:  # a set: any order of the same objects is the same value
        return (isinstance(value, tuple) and len(set(value)) == len(value) and low <= len(value) <= most
                and candidate_set.issuperset(value))

    def all_values() -> Iterator[tuple[str, ...]]:
        for length in range(low, most + 1):
            yield from itertools.combinations(candidates, length)

    def why_not(value: Any) -> tuple[Reason, ...]:
        return (_cost_objects_reason(problem_of(), key, tuple(value), candidates, low, most),)

    problem.add_variable(key, LazyDomain(all_values, in_domain, f"sets of objects to {action.value}"),
                         "CR 601.2h", why_not)

    def pays(*values: Any) -> bool:
        chosen = values[-1]
        if every:
            return tuple(chosen) == candidates
        return all(c in objects for c in chosen) and _can_split(tuple(chosen), asked_of_values(values[:-1]),
                                                                objects, rest_matches)

    def describe(*values: Any) -> str:
        given = dict(zip(scope, values[:-1]))
        wanted = [f"{(n.cost.count or 0) * n.term.times(*(given[k] for k in n.term.scope))} for '{n.term.label}'"
                  for n in counted]
        wanted += [f"X = {given[X]} for '{n.term.label}'" for n in x_counted]
        wanted += [f"any number for '{n.term.label}'" for n in rest] + [f"all for '{n.term.label}'" for n in every]
        return f"the costs ask to {action.value} {', '.join(wanted)}; {list(values[-1]) or 'nothing'} was given"

    problem.add_constraint(scope + (key,), pays, "CR 601.2h",
                           f"the objects to {action.value} pay exactly the costs that ask for them", describe,
                           generate=generate, count=None if rest else count)
    if not rest and not every:
        problem.memo.object_needs[key] = (scope, asked, candidates, objects)
    elif rest and not counted and not every and not x_counted and rest_matches is not None:
        problem.memo.any_number[key] = (candidates, objects, rest_matches)
    return candidates


def _least_total_values(problem: CastProblem, need: _Need, pool: list[GameObject]) -> dict[str, int]:
    """What each candidate counts toward a least total: its mana value (collect evidence) or its power (teamwork).

    Raises
    ------
    UnsupportedRuleError
        A card in the graveyard whose text changes its own mana value ("Treat … mana value as 10 while it's in
        your graveyard"); a static ability that may change power or what is a creature (CR 613.4, 613.1d); a
        creature with negative power, whose share of a total is not read.
    """
    if need.cost.least_total_power is None:
        for obj in pool:
            if "mana value as" in obj.card.oracle_text.lower():
                raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "a card that changes its own mana value "
                                                                           "in the graveyard, to collect as evidence")
        return {o.id: o.card.mana_value for o in pool}
    refuse_static_power_changes(problem)
    refuse_static_type_changes(problem)
    powers: dict[str, int] = {o.id: number_of(o, "power") for o in pool}
    for obj in pool:
        if powers[obj.id] < 0:
            raise UnsupportedRuleError(problem.spell.name, need.cost.text, f"{obj.name} ({obj.id}) has negative "
                                                                           "power, in a total of powers")
    return powers


def _add_least_total_objects(problem: CastProblem, key: CostObjectsKey, needs: list[_Need]) -> tuple[str, ...]:
    """Objects whose values total N or more: collect evidence N (CR 701.59a-b), teamwork N.

    Collect evidence N exiles cards of the caster's graveyard whose mana values (CR 202.3) total N or more;
    teamwork N ("As an additional cost to cast this spell, you may tap any number of untapped creatures you
    control with total power N or more", the keyword's reminder text) taps creatures of the caster's whose
    powers (CR 208.1, with counters, CR 122.1a) total N or more. One variable, the set of objects used (a choice
    of the cast: they leave the graveyard or become tapped, CR 601.2h), and one constraint over it and the
    choice of paying: unpaid, none is used; paid, the values total N or more. Any such set is a different
    cast, so a set beyond the least that reaches N is one too. Where no set reaches N, paying can't be chosen
    (CR 701.59b, 601.2h). A creature tapped this way does not also tap for mana (CR 601.2g-h: see
    :func:`_add_payment`).

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
        Exile from the graveyard, or tap on the battlefield.
    needs : list of _Need
        The costs that use that action: one, collecting evidence or teamwork.

    Returns
    -------
    tuple of str
        The candidates, file order: the cards of the caster's graveyard (the spell aside, CR 601.2a), or the
        untapped creatures they control.

    Raises
    ------
    UnsupportedRuleError
        Another cost using the same action beside it; more than :data:`MOST_CANDIDATES_FOR_ANY_NUMBER`
        candidates; a value not read (:func:`_least_total_values`).
    """
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    name = problem.spell.name
    need = needs[0]
    power = need.cost.least_total_power is not None
    least = need.cost.least_total_power if power else need.cost.least_total_mana_value
    keyword, what, rule = (("teamwork", "power", "CR 601.2h") if power
                           else ("collect evidence", "mana value", "CR 701.59a"))
    verb = "tap" if power else "exile"
    if len(needs) > 1 or least is None:
        raise UnsupportedRuleError(name, need.cost.text, f"{keyword} with another cost to {key.action.value}")
    pool = [o for o in cost_object_pool(problem, key) if need.matches(o)]
    if len(pool) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(name, need.cost.text, f"'any number' of objects to {key.action.value} over "
                                                         f"{MOST_CANDIDATES_FOR_ANY_NUMBER} candidates")
    value_of = _least_total_values(problem, need, pool)
    candidates = tuple(value_of)
    term = need.term
    scope = term.scope

    def reaching() -> Iterator[tuple[str, ...]]:
        for length in range(1, len(candidates) + 1):
            for chosen in itertools.combinations(candidates, length):
                if sum(value_of[c] for c in chosen) >= least:
                    yield chosen

    def in_domain(value: Any) -> bool:
        return (isinstance(value, tuple) and len(set(value)) == len(value) and all(v in value_of for v in value)
                and (not value or sum(value_of[v] for v in value) >= least))

    def all_values() -> Iterator[tuple[str, ...]]:
        yield ()
        yield from reaching()

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = tuple(value) if isinstance(value, (tuple, list)) else ()
        reason = _cost_objects_reason(problem_of(), key, given, candidates, 0, len(candidates))
        if reason.message.startswith("[") and all(v in value_of for v in given):
            total = sum(value_of[v] for v in given)
            return (Reason(rule, f"for {keyword} {least}, the objects to {verb} total {what} {least} or more; "
                                 f"{list(given)} total {total}"),)
        return (reason,)

    problem.add_variable(key, LazyDomain(all_values, in_domain, f"sets of objects to {verb} ({keyword} {least})"),
                         "CR 601.2h", why_not)

    def pays(*values: Any) -> bool:
        chosen = values[-1]
        if not term.times(*values[:-1]):
            return chosen == ()
        return bool(chosen) and all(c in value_of for c in chosen) and sum(value_of[c] for c in chosen) >= least

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        if not term.times(*values):
            yield ()
            return
        yield from reaching()

    def describe(*values: Any) -> str:
        chosen = values[-1]
        if not term.times(*values[:-1]):
            return f"{keyword} is not paid, and {list(chosen)} is used for it"
        total = sum(value_of.get(c, 0) for c in chosen)
        return f"paying {keyword} {least}, the objects to {verb} ({list(chosen) or 'none'}) total {what} {total}"

    problem.add_constraint(scope + (key,), pays, rule,
                           f"{keyword} {least} uses objects with total {what} {least} or more, and none when it is "
                           "not paid", describe, generate=generate)
    return candidates


def _add_waterbend_objects(problem: CastProblem, key: CostObjectsKey, needs: list[_Need]) -> tuple[str, ...]:
    """The artifacts and creatures tapped for a waterbend cost: at most its generic mana (CR 701.67a-b).

    One variable, the set tapped (a choice of the cast: they become tapped, CR 601.2h), and one constraint over
    it and the choice of paying: no more of them than the generic mana of the waterbend cost each time it is
    paid, none when it is not. Each one tapped takes {1} off the total cost (the spell's own cost change, read
    by :func:`paid_cost_changes`), and can't also be tapped for mana (CR 601.2g, :func:`_add_payment`).

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
        Tap, on the battlefield.
    needs : list of _Need
        The costs that tap permanents: the waterbend cost alone.

    Returns
    -------
    tuple of str
        The candidates: the untapped artifacts and creatures the caster controls, file order.

    Raises
    ------
    UnsupportedRuleError
        Another cost that taps permanents; more than :data:`MOST_CANDIDATES_FOR_ANY_NUMBER` candidates; another
        change of the total cost's generic mana, which would leave open which part of the total the permanents
        tapped pay (CR 701.67b).
    """
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    name = problem.spell.name
    need = needs[0]
    if len(needs) > 1:
        raise UnsupportedRuleError(name, need.term.cost.text, "waterbend with another cost that taps permanents")
    if generic_change(problem) or target_cost_changes(problem) or coloured_reduction(problem) is not None or len(
            paid_cost_changes(problem)) > 1 or _per_target_increases(problem):
        raise UnsupportedRuleError(name, need.term.cost.text, "waterbend with another change of the total cost: "
                                                              "which generic mana the permanents tapped pay is not "
                                                              "read (CR 701.67b)")
    candidates = tuple(o.id for o in cost_object_pool(problem, key) if need.matches(o))
    if len(candidates) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(name, need.cost.text, f"'any number' of permanents to tap over "
                                                         f"{MOST_CANDIDATES_FOR_ANY_NUMBER} candidates")
    term = need.term
    generic = sum(s.amount for s in term.cost.mana.symbols if s.kind is SymbolKind.GENERIC)
    has_x = term.cost.mana.has_x  # "waterbend {X}": X generic mana (CR 107.3a)
    scope = term.scope + ((X,) if has_x else ())
    ceiling = len(candidates) if has_x else generic * term.most_times

    def most(*values: Any) -> int:
        if has_x:
            x = values[-1]
            return (x or 0) * term.times(*values[:-1])
        return generic * term.times(*values)

    def in_domain(value: Any) -> bool:
        return (isinstance(value, tuple) and len(set(value)) == len(value) and all(v in candidates for v in value)
                and len(value) <= ceiling)

    def all_values() -> Iterator[tuple[str, ...]]:
        for length in range(min(len(candidates), ceiling) + 1):
            yield from itertools.combinations(candidates, length)

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = tuple(value) if isinstance(value, (tuple, list)) else ()
        return (_cost_objects_reason(problem_of(), key, given, candidates, 0, ceiling),)

    problem.add_variable(key, LazyDomain(all_values, in_domain, "sets of artifacts and creatures to tap (waterbend)"),
                         "CR 601.2h", why_not)

    def pays(*values: Any) -> bool:
        chosen = values[-1]
        return all(c in candidates for c in chosen) and len(chosen) <= most(*values[:-1])

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        for length in range(min(len(candidates), most(*values)) + 1):
            yield from itertools.combinations(candidates, length)

    def describe(*values: Any) -> str:
        return (f"{len(values[-1])} permanents tapped for waterbend; the waterbend cost paid has {most(*values[:-1])} "
                "generic mana for them to pay")

    problem.add_constraint(scope + (key,), pays, "CR 701.67b",
                           "the permanents tapped for waterbend pay only its generic mana, and none when it is not "
                           "paid", describe, generate=generate)
    return candidates


def _cost_objects_reason(problem: CastProblem, key: CostObjectsKey, given: tuple[str, ...],
                         candidates: tuple[str, ...], low: int, most: int) -> Reason:
    """Why a set of objects given to pay a cost can't pay what the costs ask (CR 601.2h, 118.10).

    Each object is checked first (it exists, is where the cost takes it from, is not the spell itself,
    is given once), then how many are given against the sizes the costs allow, then what they are.
    """
    state, action = problem.state, key.action
    if not candidates and not most:
        if action in (CostAction.DISCARD, CostAction.SACRIFICE, CostAction.EXILE):
            return Reason("CR 601.2h", f"{problem.spell.name} has no {action.value} cost")
        return Reason("CR 601.2h", f"no cost of this cast asks to {action.value} a permanent")
    for object_id in given:
        if object_id == problem.spell.id:
            return Reason("CR 601.2a", f"{problem.spell.name} is on the stack: it can't pay its own cost")
        if not state.has_object(object_id):
            return Reason("CR 601.2h", f"there is no object {object_id!r}")
        obj = state.object(object_id)
        if key.zone is not Zone.BATTLEFIELD and (obj.zone is not key.zone or obj.owner != problem.caster):
            return Reason("CR 601.2h", f"{object_id} is not a card in {problem.caster}'s {key.zone.value}")
        if key.zone is Zone.BATTLEFIELD and obj.zone is not Zone.BATTLEFIELD:
            return Reason("CR 701.21a", f"{object_id} is not a permanent on the battlefield")
        if key.zone is Zone.BATTLEFIELD and obj.controller != problem.caster:
            return Reason("CR 701.21a", f"{obj.name} ({object_id}) is controlled by {obj.controller}: "
                          f"a player can {action.value} only permanents they control")
    if len(set(given)) != len(given):
        return Reason("CR 118.10", f"the same object can't be used twice to {action.value}")
    if not low <= len(given) <= most:
        sizes = " to ".join(str(n) for n in sorted({low, most}))
        return Reason("CR 601.2h", f"{sizes} object(s) to {action.value} can pay the costs of this cast; "
                      f"{len(given)} given")
    return Reason("CR 601.2h", f"{list(given)} can't pay the costs that ask to {action.value} (not of the kind "
                  "asked for)")


# ---------------------------------------------------------------------------------------------- the total cost
def _base_terms(problem: CastProblem) -> None:
    """The mana cost, the alternative costs and the card's additional costs, as cost terms (CR 601.2f)."""
    spell, abilities = problem.spell, problem.abilities
    mana_cost = spell.card.mana_cost
    free = problem.without_paying_mana_cost
    if mana_cost is not None and not free:
        problem.add_cost(CostTerm(Cost(mana_cost), (ALTERNATIVE_COST,), lambda alternative: int(alternative is None),
                                  1, "mana cost"))
    for alternative in abilities.alternative_costs:
        if free:
            break
        keyword = alternative.keyword
        problem.add_cost(CostTerm(alternative.cost, (ALTERNATIVE_COST,),
                                  lambda chosen, keyword=keyword: int(chosen == keyword), 1, keyword))
    for additional in abilities.additional_costs:
        label = additional.keyword or additional.cost.text
        if additional.optional:
            problem.add_cost(CostTerm(additional.cost, (optional_cost_key(additional),), int,
                                      _most_times(problem, additional), label))
        else:
            problem.add_cost(CostTerm(additional.cost, (), lambda: 1, 1, label))
    for modifier in cost_modifiers_of(problem):
        if modifier.coloured is not None:  # "White spells you cast cost {W} more" (CR 601.2f)
            problem.add_cost(CostTerm(Cost(modifier.coloured), (), lambda: 1, 1, modifier.text))


def _refuse_consumed_sources_as_cost_objects(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Refuse a cost that may take an object whose mana ability sacrifices or exiles it (a Treasure, a Spirit Guide).

    Mana abilities are activated before costs are paid (CR 601.2g-h): such an object pays mana or the cost, not
    both, and which one is a choice of payment this version does not weigh. Tapping costs are weighed already
    (a permanent tapped to pay a cost makes no mana).

    Raises
    ------
    UnsupportedRuleError
        Naming the cost and the object.
    """
    costs = [c for t in terms for c in t.cost.objects
             if c.action is not CostAction.TAP and c.zone in (Zone.BATTLEFIELD, Zone.HAND)]
    if not costs:
        return
    consumed = {s.object_id for s in available_mana_sources(problem) if s.consumed}
    for cost in costs:
        matches = _matcher(cost)
        for obj in cost_object_pool(problem, CostObjectsKey(cost.action, cost.zone)):
            if obj.id in consumed and matches(obj):
                raise UnsupportedRuleError(problem.spell.name, cost.text or cost.action.value,
                                           f"a cost that may take {obj.name} ({obj.id}), whose mana ability "
                                           "sacrifices or exiles it (CR 601.2g-h)")


def add_cost_rules(problem: CastProblem) -> None:
    """Add the objects paying costs, the total cost and the payment constraint (CR 601.2f-h).

    Parameters
    ----------
    problem : CastProblem
        Every other rules module has added its variables and cost terms.

    Raises
    ------
    UnsupportedRuleError
        Unreadable mana or cost text on the battlefield; costs this version does not model.
    """
    spell = problem.spell
    mana_cost = spell.card.mana_cost
    if mana_cost is None and not problem.without_paying_mana_cost:
        problem.add_constraint(
            (ALTERNATIVE_COST,), lambda alternative: alternative is not None, "CR 118.6",
            "a spell with no mana cost can't be cast by paying it",
            lambda alternative: f"{spell.name} has no mana cost: it can be cast only without paying its mana cost",
        )
    _base_terms(problem)
    terms = list(problem.cost_terms)
    _refuse_consumed_sources_as_cost_objects(problem, terms)
    delve = CostObjectsKey(CostAction.EXILE, Zone.GRAVEYARD)
    if problem.abilities.delve:  # any number of cards of the graveyard, each paying {1} (CR 702.66a)
        if any(c.action is CostAction.EXILE and c.zone is Zone.GRAVEYARD for t in terms for c in t.cost.objects):
            raise UnsupportedRuleError(spell.name, "Delve", "delve with another cost exiling from the graveyard")
        card = ObjectCost(CostAction.EXILE, None, zone=Zone.GRAVEYARD, text="exile cards from your graveyard (delve)")
        terms.append(CostTerm(Cost(objects=(card,), text="delve"), (), lambda: 1, 1, "delve"))
    tapper = _tapping_keyword(problem)
    if tapper is not None:  # any number of creatures (artifacts) tapped, each paying one mana (CR 702.51a, 702.126a)
        if any(c.action is CostAction.TAP for t in terms for c in t.cost.objects):
            raise UnsupportedRuleError(spell.name, tapper.keyword.capitalize(),
                                       f"{tapper.keyword} with another cost that taps permanents")
        tapped = ObjectCost(CostAction.TAP, None, frozenset({tapper.kind}),
                            text=f"tap {tapper.kind.value}s you control ({tapper.keyword})")
        terms.append(CostTerm(Cost(objects=(tapped,), text=tapper.keyword), (), lambda: 1, 1, tapper.keyword))
    candidates = _add_object_variables(problem, terms)
    _add_life(problem, terms)
    _add_reveals(problem, terms)
    _add_discards_at_random(problem, terms)
    _add_mana_value_of_x(problem)
    tapping = set(candidates[CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD)])
    helpers = None if tapper is None else (tapper, tuple(problem.state.object(o) for o in tapping))
    _add_payment(problem, terms, tapping, len(candidates[delve]) if problem.abilities.delve else None, helpers)
    for key in problem.memo.any_number:
        _add_joint_any_number_count(problem, key)
    if problem.abilities.x_colours:
        _add_x_colours(problem, terms)


def _add_x_colours(problem: CastProblem, terms: list[CostTerm]) -> None:
    """"Spend only black mana on X.": the mana paying for X is of those colours (CR 107.3, 601.2h).

    The total cost with each {X} paid by one mana of those colours (a {B}, or a {B/R} for "black and/or red")
    must be payable. Read where the total cost is the mana cost alone, no cost change applying.

    Raises
    ------
    UnsupportedRuleError
        Any other cost term, cost change, delve, convoke, improvise or splice: how X's mana then stands in the
        total cost is not modelled.
    """
    spell, abilities = problem.spell, problem.abilities
    mana_cost = spell.card.mana_cost
    others = [t for t in terms if t.label != "mana cost" and not t.cost.mana.is_empty]
    if (mana_cost is None or not mana_cost.has_x or others or problem.splice_candidates or generic_change(problem)
            or abilities.delve or abilities.convoke or abilities.improvise or abilities.alternative_costs):
        raise UnsupportedRuleError(spell.name, "spend only", "mana spent on X with other costs or cost changes")
    colours = tuple(Color(letter) for letter in sorted(abilities.x_colours, key="WUBRG".index))
    if len(colours) == 1:
        symbol = ManaSymbol(SymbolKind.COLORED, colors=colours)
    elif len(colours) == 2:
        symbol = ManaSymbol(SymbolKind.HYBRID, colors=colours)
    else:
        raise UnsupportedRuleError(spell.name, "spend only", "mana of three colours or more spent on X")
    fixed = tuple(s for s in mana_cost.symbols if s.kind is not SymbolKind.VARIABLE)
    per_x = sum(1 for s in mana_cost.symbols if s.kind is SymbolKind.VARIABLE)
    payer = payer_of(problem, available_mana_sources(problem))
    life = problem.state.life_of(problem.caster)

    def pays(x: Any) -> bool:
        if problem.without_paying_mana_cost or not x:
            return True
        return payer.can_pay(ManaCost(fixed + (symbol,) * (per_x * x)), life=life)

    problem.add_constraint(
        (X,), pays, "CR 107.3",
        f"the mana spent on X is {'/'.join(c.name.lower() for c in colours)}",
        lambda x: f"X = {x} can't be paid with {'/'.join(c.name.lower() for c in colours)} mana only",
    )


@dataclass(frozen=True, slots=True)
class _TappingKeyword:
    """Convoke or improvise: the permanents tapped while casting, each paying one mana (CR 702.51a, 702.126a).

    Parameters
    ----------
    keyword : str
        ``"convoke"`` or ``"improvise"``.
    kind : TargetKind
        What is tapped: creatures, or artifacts.
    unit : callable
        A tapped permanent's mana: the letters it may pay a coloured symbol with (empty: generic only).
    rule : str
    """

    keyword: str
    kind: TargetKind
    unit: Callable[[GameObject], frozenset[str]]
    rule: str


def _tapping_keyword(problem: CastProblem) -> _TappingKeyword | None:
    """The spell's convoke or improvise, or None; both on one spell is not modelled.

    Raises
    ------
    UnsupportedRuleError
        Convoke and improvise on one spell.
    """
    abilities = problem.abilities
    if abilities.convoke and abilities.improvise:
        raise UnsupportedRuleError(problem.spell.name, "Convoke, Improvise", "convoke and improvise on one spell")
    if abilities.convoke:
        return _TappingKeyword("convoke", TargetKind.CREATURE, _convoke_unit, "CR 702.51a")
    if abilities.improvise:
        return _TappingKeyword("improvise", TargetKind.ARTIFACT, lambda artifact: frozenset(), "CR 702.126a")
    return None


def _add_object_variables(problem: CastProblem, terms: list[CostTerm]) -> dict[CostObjectsKey, tuple[str, ...]]:
    """One variable per action paying costs with objects; returns each one's candidates.

    Raises
    ------
    UnsupportedRuleError
        A cost naming power or toughness ("sacrifice a creature with power 4 or greater", casualty) while a
        static ability may change them (CR 613.4): power is read as printed, with counters.
    """
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    if any(q.attribute in ("power", "toughness", "power plus toughness") for term in terms
           for cost in term.cost.objects if cost.qualities is not None for clause in cost.qualities.clauses
           for q in clause):
        refuse_static_power_changes(problem)
    needs: dict[CostObjectsKey, list[_Need]] = {}
    for term in terms:
        for cost in term.cost.objects:
            key = CostObjectsKey(cost.action, cost.zone)
            needs.setdefault(key, []).append(_Need(cost, term, _tapped_by_mana_matcher(problem, cost)))
    keys = list(COST_OBJECT_KEYS) + [k for k in needs if k not in COST_OBJECT_KEYS]
    candidates: dict[CostObjectsKey, tuple[str, ...]] = {}
    for key in keys:
        if key in needs:
            candidates[key] = _add_cost_objects(problem, key, needs[key])
        else:
            candidates[key] = ()

            def why_not(value: Any, key: CostObjectsKey = key) -> tuple[Reason, ...]:
                return (_cost_objects_reason(problem_of(), key, tuple(value), (), 0, 0),)

            problem.add_variable(key, ((),), "CR 601.2h", why_not)
    return candidates


def _add_life(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Life paid: "pay 4 life" and "pay X life", never more than the caster's life total (CR 119.4)."""
    _add_fixed_life(problem, [term for term in terms if term.cost.life])
    spell = problem.spell
    if not any(term.cost.life_x for term in terms):
        return
    mana_cost = spell.card.mana_cost
    if problem.variables[X].domain == (None,):
        raise UnsupportedRuleError(spell.name, "pay X life", "X life without X in the mana cost")
    if any(s.kind is SymbolKind.PHYREXIAN for s in (mana_cost.symbols if mana_cost else ())):
        raise UnsupportedRuleError(spell.name, str(mana_cost), "life paid for X and for Phyrexian mana")
    life = problem.state.life_of(problem.caster)
    problem.add_constraint(
        (X,), lambda x: x is None or x == 0 or x <= life, "CR 119.4",
        f"X life can be paid only with a life total of X or more ({problem.caster} has {life})",
        lambda x: f"X is {x} and {problem.caster} has {life} life",
    )


def can_reveal(problem: CastProblem, reveal: RevealCost) -> bool:
    """Whether the caster can pay a cost revealing a card from their hand, or beholding (CR 701.20a, 701.4a).

    Parameters
    ----------
    problem : CastProblem
    reveal : RevealCost

    Returns
    -------
    bool
        A card of the caster's hand other than the spell (on the stack, CR 601.2a) has the qualities; or,
        to behold, a permanent the caster controls has them (CR 701.4a).
    """
    state, caster = problem.state, problem.caster
    if reveal.from_hand and any(o.id != problem.spell.id and has_qualities(o, reveal.qualities)
                                for o in state.hand(caster)):
        return True
    return reveal.behold and any(has_qualities(o, reveal.qualities)
                                 for o in state.objects_in(Zone.BATTLEFIELD, caster))


def _add_reveals(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Cards revealed or beheld to pay a cost: a condition of the cast, not a choice (CR 701.20, 701.4a, 601.2h).

    A term revealing what the caster can't show is paid zero times: a cost that can't be paid is not
    (CR 601.2h), so a mandatory one makes the spell uncastable, an optional one unpaid. Which card is shown
    does not tell casts apart (revealing moves nothing, CR 701.20b).
    """
    name = problem.spell.name
    for term in terms:
        missing = [r for r in term.cost.reveals if not can_reveal(problem, r)]
        if not missing:
            continue
        what = missing[0]
        if not what.from_hand:  # a creature of the caster's takes counters (CR 701.68a)
            lack = f"{problem.caster} controls no {what.qualities.text}"
            rule, asked = "CR 701.68a", f"'{what.text}' can be paid only with a {what.qualities.text} " \
                                        f"{problem.caster} controls"
        else:
            lack = (f"{problem.caster} has no {what.qualities.text} card in hand other than {name}"
                    + (f" and controls no {what.qualities.text}" if what.behold else ""))
            rule = "CR 701.4a" if what.behold else "CR 701.20a"
            asked = (f"'{what.text}' can be paid only with such a card in {problem.caster}'s hand"
                     + (" or such a permanent of theirs" if what.behold else ""))
        problem.add_constraint(
            term.scope, lambda *values, term=term: term.times(*values) == 0, rule, asked,
            lambda *values, what=what, lack=lack: f"'{what.text}' can't be paid: {lack}",
        )


def _add_discards_at_random(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Cards discarded at random: enough cards left in hand, which ones no choice (CR 701.9b, 601.2h).

    Costs without random elements are paid first (CR 601.2h): the cards discarded or exiled from the hand
    for them are gone when the random discards are made, so the hand (the spell aside, CR 601.2a) must hold
    those and the random ones. The cards that go at random are not chosen by the caster (CR 701.9b) and
    tell no casts apart.
    """
    caster, spell_name = problem.caster, problem.spell.name  # kept by the problem: no reference back to it
    random_terms = [term for term in terms if term.cost.discards_at_random]
    if not random_terms:
        return
    hand = len(cost_object_pool(problem, CostObjectsKey(CostAction.DISCARD, Zone.HAND)))
    taking = tuple(key for key in problem.variables
                   if isinstance(key, CostObjectsKey) and key.zone is Zone.HAND)
    scope: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(k for term in random_terms for k in term.scope)) + taking
    positions = [tuple(scope.index(k) for k in term.scope) for term in random_terms]

    def at_random(values: tuple) -> int:
        return sum(term.cost.discards_at_random * term.times(*(values[i] for i in where))
                   for term, where in zip(random_terms, positions))

    def enough(*values: Any) -> bool:
        taken = sum(len(v) for v in values[len(values) - len(taking):])
        return at_random(values) <= hand - taken

    problem.add_constraint(
        scope, enough, "CR 701.9b",
        "the cards discarded at random are in the hand after the other costs are paid (CR 601.2h)",
        lambda *values: (f"{at_random(values)} card(s) to discard at random, and {caster}'s hand holds "
                         f"{hand - sum(len(v) for v in values[len(values) - len(taking):])} besides "
                         f"{spell_name} and the cards the other costs take"),
    )


def _add_fixed_life(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Life of "pay 4 life" terms, together no more than the caster's life total (CR 119.4).

    Raises
    ------
    UnsupportedRuleError
        Life paid both this way and for Phyrexian mana or X: one budget of life, not modelled.
    """
    caster = problem.caster  # closures kept by the problem hold no reference back to it
    if not terms:
        return
    spell = problem.spell
    phyrexian = any(s.kind is SymbolKind.PHYREXIAN for term in problem.cost_terms for s in term.cost.mana.symbols)
    if phyrexian or any(term.cost.life_x for term in problem.cost_terms):
        raise UnsupportedRuleError(spell.name, ", ".join(t.cost.text for t in terms),
                                   "life paid for a cost and for Phyrexian mana or X")
    life = problem.state.life_of(caster)
    scope: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(k for term in terms for k in term.scope))
    positions = [tuple(scope.index(k) for k in term.scope) for term in terms]

    def paid(*values: Any) -> int:
        return sum(term.cost.life * term.times(*(values[i] for i in where)) for term, where in zip(terms, positions))

    problem.add_constraint(
        scope, lambda *values: paid(*values) <= life, "CR 119.4",
        f"life can be paid only with a life total at least as high ({caster} has {life})",
        lambda *values: f"{paid(*values)} life to pay and {caster} has {life}",
    )


def _add_mana_value_of_x(problem: CastProblem) -> None:
    """An alternative cost exiling a card "with mana value X": that card's mana value is X (CR 118.9, 107.3)."""
    state = problem.state
    for alternative in problem.abilities.alternative_costs:
        for cost in alternative.cost.objects:
            key = CostObjectsKey(cost.action, cost.zone)
            if not cost.mana_value_is_x or key not in problem.variables or problem.without_paying_mana_cost:
                continue
            keyword = alternative.keyword

            def same(chosen: Any, x: Any, paid: tuple[str, ...], keyword: str = keyword) -> bool:
                return chosen != keyword or all(state.object(o).card.mana_value == x for o in paid)

            problem.add_constraint(
                (ALTERNATIVE_COST, X, key), same, "CR 118.9",
                "the card exiled instead of paying the mana cost has mana value X",
                lambda chosen, x, paid: "; ".join(
                    f"{o} has mana value {state.object(o).card.mana_value}, and X is {x}" for o in paid),
            )


def _add_payment(problem: CastProblem, terms: list[CostTerm], tapping: set[str], delve: int | None = None,
                 helpers: tuple[_TappingKeyword, tuple[GameObject, ...]] | None = None) -> None:
    """The total cost (CR 601.2f) and the constraint that it can be paid (CR 601.2g-h).

    With delve (``delve``: how many graveyard cards could pay), the constraint over the choices before costs
    are paid assumes every one of them pays {1} (a condition it needs), and one more constraint, over the cards
    exiled, asks that they pay generic mana only and that the mana pays the rest (CR 702.66a-b). Convoke or
    improvise (``helpers``: the keyword and the permanents that could be tapped for it) likewise.

    A cost change that applies if the spell targets an object of a kind ("if it targets a tapped creature")
    makes the total cost a function of the instances of "target" that could choose such an object (CR 601.2c
    comes before 601.2f): the payment constraint is over them too, and one more constraint, over the choices
    made before targets only, asks that the cheapest total the targets allow can be paid (a condition the
    payment needs, which stays broken as more is chosen).
    """
    assisting = assist_sources(problem)
    sources = available_mana_sources(problem) + assisting if assisting else available_mana_sources(problem)
    payer = payer_of(problem, sources)
    if helpers is not None:
        tapper, convoking = helpers
        if delve is not None:
            raise UnsupportedRuleError(problem.spell.name, tapper.keyword.capitalize(),
                                       f"{tapper.keyword} and delve on one spell")
        # over the choices before costs, each permanent that could be tapped counts as one more mana of its
        # colours, or generic ("C"): a condition the payment needs; the exact rule is over the permanents tapped
        payer = ManaPayer(sources + tuple(ManaSource((tapper.unit(c) or frozenset("C"),), object_id=None)
                                          for c in convoking))
    exact = generic_change(problem)
    modifier = exact - (delve or 0)
    coloured_off = coloured_reduction(problem)
    life = problem.state.life_of(problem.caster)
    mana_terms = [term for term in terms if not term.cost.mana.is_empty]
    before: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(k for term in mana_terms for k in term.scope))
    has_x = any(term.cost.mana.has_x for term in mana_terms)
    if has_x and X not in before:
        before += (X,)
    positions = [tuple(before.index(k) for k in term.scope) for term in mana_terms]
    x_position = before.index(X) if has_x else None
    named, targeted = _targeted_changes(problem)
    striving = _per_target_increases(problem)
    targets: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(targeted + tuple(key for _, keys in striving for key in keys)))
    width = len(before)
    target_at = range(width, width + len(targets))
    # "for each card exiled this way" (CR 601.2b, 601.2f); a choice with no variable is never made
    paid_changes = [change for change in paid_cost_changes(problem) if change[1] in problem.variables]
    targets += tuple(dict.fromkeys(key for _, key, _ in paid_changes if key not in before + targets))
    problem.total_cost_targets = targets
    scope = before + targets
    paid_at = [(amount, scope.index(key), each) for amount, key, each in paid_changes]
    cheapest: Change = (sum(min(0, amount) for amount, _ in named)  # strive: no target beyond the first
                        + sum(min(0, amount) * _most_paid(problem, key, each) for amount, key, each in paid_changes),
                        ())
    totals: dict[tuple, ManaCost] = {}
    payable: dict[tuple, bool] = {}
    striving_at = [(increase, tuple(scope.index(k) for k in keys)) for increase, keys in striving]
    state, problem_of = problem.state, ProblemRef(problem)  # kept by the problem: no reference back to it

    def target_change(values: tuple) -> Change:
        """What the targets chosen change, ``values`` being those of :data:`scope` (CR 601.2f).

        The generic change of the changes "if it targets …", and the mana strive adds for each target beyond the
        first (CR 207.2c), as a tuple of costs.
        """
        added: tuple[ManaCost, ...] = ()
        for increase, where in striving_at:
            beyond = sum(len(values[i]) for i in where if values[i]) - 1
            added += (increase,) * max(0, beyond)
        generic = 0
        for amount, at, each in paid_at:  # the objects paying, or whether the optional cost is paid
            if at < len(values) and values[at]:
                generic += amount * _paid_amount(state, values[at], each)
        if not named:
            return generic, added
        chosen = {target for at in target_at if at < len(values) and values[at] for target in values[at]}
        return generic + sum(amount for amount, ids in named if not chosen.isdisjoint(ids)), added

    # per term: whether its mana has X, and whether it is generic mana alone (then paid k times it is one sum)
    term_shapes = [(term.cost.mana.has_x, bool(term.cost.mana.symbols) and all(
        s.kind is SymbolKind.GENERIC for s in term.cost.mana.symbols)) for term in mana_terms]

    def parts(values: tuple, added: tuple[ManaCost, ...] = ()) -> list[ManaCost]:
        """The costs that make up the total, before generic increases and reductions (CR 601.2f)."""
        x = values[x_position] if x_position is not None else 0
        found = []
        for term, where, (has_x, generic_only) in zip(mana_terms, positions, term_shapes):
            times = term.times(*[values[i] for i in where])
            if times:
                mana = term.cost.mana.with_x(x or 0) if has_x else term.cost.mana
                if times > 1 and generic_only:
                    found.append(mana.with_generic_increased(mana.generic * (times - 1)))  # multikicker {1}, k times
                else:
                    found.extend([mana] * times)
        return found + list(added)

    def changed_options(values: tuple, change: Change) -> tuple[ManaCost, ...]:
        """The parts summed, changed by ``change``: the options, printed symbols reduced first.

        A reduction meeting {2/C} symbols gives several (CR 601.2b, 601.2f).
        """
        generic, added = change
        total = sum_costs(parts(values, added))
        if coloured_off is not None:  # "{2}{U}{U} less": the {U}{U} first (CR 118.7b-c)
            total, beyond = _take_coloured(problem_of(), total, coloured_off)
            generic -= beyond
        if generic > 0:
            return (total.with_generic_increased(generic),)
        if generic < 0:
            return total.generic_reduction_options(-generic)
        return (total,)

    def total_options(values: tuple, change: Change) -> tuple[ManaCost, ...]:
        """The total cost, or its options when a reduction meets {2/C} symbols (CR 601.2b, 601.2f)."""
        return changed_options(values, (modifier + change[0], change[1]))

    def total_before_cost_objects(values: tuple) -> ManaCost:
        """The total cost before delve or convoke pay any of it (CR 702.66b, 702.51b); its first option."""
        generic, added = target_change(values)
        return changed_options(values[:width], (exact + generic, added))[0]

    def pays(with_payer: ManaPayer, values: tuple, change: Change) -> ManaCost | None:
        """The first total cost option this payer can pay, or None."""
        return next((option for option in total_options(values, change)
                     if with_payer.can_pay(option, life=life)), None)

    by_demand: dict[tuple, ManaCost] = {}  # a total of mana of one type or any alone, by what it asks

    def total_cost(values: tuple, change: Change) -> ManaCost:
        total = totals.get((values, change))
        if total is None:
            # a total whose every symbol asks for one type of mana or any is told by how much of each it asks
            # (the canonical order of its symbols is fixed, CR 107.4): one such total, many frames (X and kicks)
            demand = _demand(values, change)
            asked = (tuple(sorted((k, v) for k, v in demand[0].items() if v)), demand[1]) if demand else None
            if asked is not None and (asked[0] or asked[1]):
                total = by_demand.get(asked)
            if total is None:
                options = total_options(values, change)
                # with several options, the one announced is one that can be paid (CR 601.2b), if any
                total = options[0] if len(options) == 1 else (pays(payer, values, change) or options[0])
                if asked is not None and (asked[0] or asked[1]) and len(options) == 1:
                    by_demand[asked] = total
            totals[values, change] = total
        return total

    def can_pay_total(values: tuple, change: Change) -> bool:
        answer = payable.get((values, change))
        if answer is None:
            answer = _count_payment(values, change)
            if answer is None:  # a choice in the payment: match sources to symbols
                options = total_options(values, change)
                answer = (payer.can_pay(total_cost(values, change), life=life) if len(options) == 1
                          else pays(payer, values, change) is not None)
            payable[values, change] = answer
        return answer

    # each term's demand with X = 0 and its number of X symbols (X, Y or Z: each is X's value, as with_x reads
    # them), or None when a symbol is a choice (hybrid, Phyrexian, ...)
    term_demands = [(simple_demand(term.cost.mana),
                     sum(1 for symbol in term.cost.mana.symbols if symbol.kind is SymbolKind.VARIABLE))
                    for term in mana_terms]

    # per term: how many times it is paid as a function of the values (one argument read directly), and its
    # demand as (letter, amount) pairs, its generic amount and X symbols; None for a symbol that is a choice
    compiled = [(term.times, where[0] if len(where) == 1 else -1, where,
                 None if simple is None else (tuple(simple[0].items()), simple[1], xs))
                for (simple, xs), term, where in zip(term_demands, mana_terms, positions) if term.member is None]
    # terms paid once when an object is in a value (splice costs, by the card spliced), by the value's place:
    # asked as membership in the value, without calling each term's `times`
    members: dict[int, dict[str, Any]] = {}
    for (simple, xs), term, where in zip(term_demands, mana_terms, positions):
        if term.member is not None:
            members.setdefault(where[0], {})[term.member] = None if simple is None else (
                tuple(simple[0].items()), simple[1], xs)
    member_tables = list(members.items())

    can_pay_demand = payer.can_pay_demand

    def _count_payment(values: tuple, change: Change) -> bool | None:
        found = _demand(values, change)
        return None if found is None else can_pay_demand(*found)

    def _demand(values: tuple, change: Change) -> tuple[dict[str, int], int] | None:
        # The demand of the total cost, summed term by term without building it (CR 601.2f): mana of each type,
        # and generic mana after the generic changes; None when a symbol is a choice.
        if coloured_off is not None:
            return None  # coloured mana taken off: the total is built (CR 118.7b-c)
        demand: dict[str, int] = {}
        generic = 0
        x = (values[x_position] if x_position is not None else 0) or 0
        for times_of, single, where, simple in compiled:
            times = times_of(values[single]) if single >= 0 else times_of(*[values[i] for i in where])
            if not times:
                continue
            if simple is None:
                return None
            letters, amount, xs = simple
            for letter, need in letters:
                demand[letter] = demand.get(letter, 0) + need * times
            generic += (amount + xs * x) * times
        for at, table in member_tables:
            value = values[at]
            for member, simple in table.items():
                if member not in value:
                    continue
                if simple is None:
                    return None
                letters, amount, xs = simple
                for letter, need in letters:
                    demand[letter] = demand.get(letter, 0) + need
                generic += amount + xs * x
        for part in change[1]:
            added = simple_demand(part)
            if added is None:
                return None
            for letter, need in added[0].items():
                demand[letter] = demand.get(letter, 0) + need
            generic += added[1]
        return demand, max(0, generic + modifier + change[0])

    def split(values: tuple) -> tuple[tuple, Change]:
        """The values of the choices before targets, and the change the targets give."""
        return values[:width], target_change(values)

    def total_of_assignment(assignment: Mapping[ChoiceKey, Any]) -> ManaCost:
        values = tuple(assignment[key] for key in before)
        if all(key in assignment for key in targets):
            return total_cost(values, target_change(values + tuple(assignment[key] for key in targets)))
        return total_cost(values, cheapest)  # targets not chosen yet: the cheapest total they allow

    problem.total_cost_of = total_of_assignment
    problem.total_cost_keys = before
    no_change: Change = (0, ())
    if not targets:  # nothing chosen later changes the total (CR 601.2f)
        problem.total_cost_of_values = lambda values: total_cost(values, no_change)

    def can_pay_before_targets(*values: Any) -> bool:
        """The payment rule when no choice after the frame changes the total: the values are the frame's.

        Counted from the demand when it can be (nothing kept: the walk over the frames asks each frame once),
        else matched and kept as :func:`can_pay_total` does.
        """
        counted = _count_payment(values, no_change)
        return counted if counted is not None else can_pay_total(values, no_change)

    caster = problem.caster
    paying = problem.add_constraint(
        scope, (lambda *values: can_pay_total(*split(values))) if targets or striving_at or paid_at
        else can_pay_before_targets, "CR 601.2h",
        "the total cost can be paid with the mana available",
        lambda *values: (
            f"the total cost {total_cost(*split(values))} can't be paid with the mana available to "
            f"{caster} ({_describe(sources)})" + _life_note(total_cost(*split(values)), caster, life)
        ),
        kind=ConstraintKind.GENERAL if targets else ConstraintKind.MONOTONE,
    )
    if targets:
        paying = problem.add_constraint(
            before, lambda *values: can_pay_total(values, cheapest), "CR 601.2h",
            "the total cost with every reduction the targets can give can be paid with the mana available",
            lambda *values: (
                f"the total cost {total_cost(values, cheapest)}, with every reduction its targets can give, can't "
                f"be paid with the mana available to {caster} ({_describe(sources)})"
                + _life_note(total_cost(values, cheapest), caster, life)
            ),
            kind=ConstraintKind.MONOTONE,
        )
    if delve is None and helpers is None and not assisting:
        problem.payment_rule = paying  # the mana of the sources available, the whole total cost
    if delve is not None:
        _add_delve(problem, scope, total_before_cost_objects, payer, life)
    if helpers is not None:
        _add_convoke(problem, scope, total_before_cost_objects, sources, life, helpers[0])
        return
    tap = CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD)
    if any(source.object_id in tapping for source in sources):
        if delve is not None:
            raise UnsupportedRuleError(problem.spell.name, "Delve", "delve with permanents tapped to pay a cost")
        # the permanents tapped may already be in the scope, when the total cost counts them (CR 601.2f)
        full = scope if tap in scope else scope + (tap,)
        tap_at = full.index(tap)

        source_ids = frozenset(s.object_id for s in sources if s.object_id is not None)
        untapped: dict[frozenset[str], ManaPayer] = {}  # the payer of the sources left, by the sources tapped

        def pay_untapped(*values: Any) -> bool:
            taps, rest_values = values[tap_at], values[:len(scope)]
            used = source_ids.intersection(taps)
            if not used:
                return can_pay_total(*split(rest_values))
            rest = untapped.get(used)
            if rest is None:
                if len(untapped) >= 1024:  # a few sets of tapped sources are met again and again: keep those
                    untapped.clear()
                rest = untapped[used] = ManaPayer(tuple(s for s in sources if s.object_id not in used))
            return pays(rest, *split(rest_values)) is not None

        problem.add_constraint(
            full, pay_untapped, "CR 601.2g",
            "a permanent tapped to pay a cost can't also have been tapped for mana",
            lambda *values: (f"the total cost {total_cost(*split(values[:len(scope)]))} can't be paid without the "
                             f"mana of {', '.join(values[tap_at])}, tapped to pay a cost"),
        )
        if tap not in scope and tap in problem.memo.object_needs:
            _add_joint_tap_count(problem, tap, scope, sources, lambda rest, values: pays(rest, *split(values)))


def _add_joint_tap_count(problem: CastProblem, tap: CostObjectsKey, scope: tuple[ChoiceKey, ...],
                         sources: tuple[ManaSource, ...], pays: Callable[[ManaPayer, tuple], Any]) -> None:
    """Count the permanents tapped to pay costs without listing them, when some could also make mana (CR 601.2g-h).

    A set is legal iff it pays the costs that ask to tap (each permanent one need, CR 118.10) and the mana of
    the permanents left untapped pays the total cost. Permanents alike to both rules (the same needs matched,
    the same mana made) are interchangeable, so a set is how many it takes of each such group: the count is
    the sum, over the numbers per group that pass both rules (Hall's condition on the needs, then a payment
    with the mana of the untapped rest), of the product of binomials. The count goes to
    :attr:`CastProblem.joint_counts`; the rules themselves stay as they are, for checks and explanations.
    """
    need_scope, asked, candidates, objects = problem.memo.object_needs[tap]
    joint = tuple(dict.fromkeys(scope + need_scope))
    made: dict[str, tuple] = {}
    for source in sources:
        if source.object_id is not None:
            made.setdefault(source.object_id, ())
            made[source.object_id] += ((source.units, source.is_snow, source.consumed),)
    known: dict[tuple, int] = {}

    def count(*values: Any) -> int:
        given = dict(zip(joint, values))
        needs_now = asked(given)
        rest_values = tuple(given[k] for k in scope)
        signature = (tuple(needs_now), rest_values)
        found = known.get(signature)
        if found is not None:
            return found
        groups: dict[tuple, list[str]] = {}
        for candidate in candidates:
            mask = tuple(bool(matches(objects[candidate])) for _, matches in needs_now)
            if any(mask):
                groups.setdefault((mask, made.get(candidate, ())), []).append(candidate)
        keys = list(groups)
        amounts = [n for n, _ in needs_now]
        fits = _hall([mask for mask, _ in keys], amounts)
        total = 0
        for taken, ways in _takings([len(groups[key]) for key in keys], sum(amounts)):
            if fits(taken):
                tapped = {c for key, n in zip(keys, taken) for c in groups[key][:n]}
                rest = ManaPayer(tuple(s for s in sources if s.object_id not in tapped))
                if pays(rest, rest_values) is not None:
                    total += ways
        known[signature] = total
        return total

    rules = [c for c in problem.constraints if c.scope and c.scope[-1] == tap]  # the objects' rule, the mana's
    if len(rules) != 2:
        return  # another rule ends in the permanents tapped: the engines list them

    _add_joint_count(problem, tap, joint, rules, count, "CR 601.2g",
                     "the permanents tapped pay the costs that ask for them, and the mana of the others pays the rest")


def _add_joint_any_number_count(problem: CastProblem, key: ChoiceKey) -> None:
    """Count "any number of" objects paying a cost without listing their sets, when other rules read the set too.

    "Exile any number of white cards from your hand. This spell costs {2} less to cast for each card exiled this
    way": which sets are legal depends on the set through the total cost (CR 601.2b, 601.2f-h). Objects alike
    but for their id (the same card, the same status) are interchangeable to every rule, so a set is how many it
    takes of each group of alike candidates: the count is the sum, over those numbers whose set (the first
    objects of each group) every rule allows, of the product of the binomials. The count goes to
    :attr:`CastProblem.joint_counts`; the rules stay as they are, for checks and explanations.
    """
    candidates, objects, may_take = problem.memo.any_number[key]
    rules = [c for c in problem.constraints if key in c.scope]
    if len(rules) < 2:
        return  # the objects' own rule alone: counted with it
    if not any(c.generate is not None and c.scope[-1] == key for c in rules):
        return
    joint = tuple(dict.fromkeys(k for c in rules for k in c.scope if k != key))
    groups: dict[tuple, list[str]] = {}
    for candidate in candidates:
        obj = objects[candidate]
        if may_take(obj):
            groups.setdefault(alike_signature(obj), []).append(candidate)
    members = list(groups.values())
    if math.prod(len(group) + 1 for group in members) > 4 * 2 ** MOST_CANDIDATES_FOR_ANY_NUMBER:
        return  # too many kinds of candidates: as many numbers as sets, listed instead
    known: dict[tuple, int] = {}

    def count(*values: Any) -> int:
        found = known.get(values)
        if found is not None:
            return found
        given = dict(zip(joint, values))
        total = 0
        for taken, ways in _takings([len(group) for group in members]):
            chosen = {c for candidate_ids, n in zip(members, taken) for c in candidate_ids[:n]}
            given[key] = tuple(c for c in candidates if c in chosen)  # in candidate order, as listed
            if all(c.holds(given) for c in rules):
                total += ways
        known[values] = total
        return total

    _add_joint_count(problem, key, joint, rules, count, "CR 601.2h",
                     "the objects taken pay the cost that asks for any number of them, and the total cost is paid")


def _add_joint_count(problem: CastProblem, key: ChoiceKey, joint: tuple[ChoiceKey, ...], rules: list[Constraint],
                     count: Callable[..., int], rule: str, description: str) -> None:
    """Record in :attr:`CastProblem.joint_counts` one rule that holds where every rule of ``rules`` does.

    Its scope is ``joint`` then ``key``; its values of ``key`` are made by the rule of ``rules`` that makes
    them, each kept when every rule holds, and counted by ``count`` (over the values of ``joint``). Engines
    count ``key`` with it when no other rule ends in ``key``; the rules stay as they are, for checks and
    explanations.
    """
    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        given = dict(zip(joint, values))
        source = next(c for c in rules if c.generate is not None and c.scope[-1] == key)
        assert source.generate is not None  # found for it
        for chosen in source.generate(*(given[k] for k in source.scope[:-1])):
            given[key] = chosen
            if all(c.holds(given) for c in rules):
                yield chosen

    problem.joint_counts[key] = (Constraint(
        joint + (key,), lambda *values: all(c.holds(dict(zip(joint + (key,), values))) for c in rules), rule,
        description, generate=generate, count=count), tuple(rules))


Change = tuple[int, tuple[ManaCost, ...]]
"""What the targets chosen change in the total cost: generic mana (added or taken off), and mana added (CR 601.2f)."""


def _per_target_increases(problem: CastProblem) -> list[tuple[ManaCost, tuple[TargetKey, ...]]]:
    """Strive's increases, each with the instances of "target" whose targets it counts (CR 207.2c, 601.2f).

    "This spell costs {2}{R} more to cast for each target beyond the first" counts the targets of the spell:
    every instance of its text. The cards with strive have one instance ("any number of target creatures");
    a spell with such an increase and more than one instance, or a spliced text, is not modelled.

    Returns
    -------
    list of (ManaCost, tuple of TargetKey)
        The mana added per target beyond the first, and the instances counted; empty when none applies.

    Raises
    ------
    UnsupportedRuleError
        Such an increase on a spell with several instances of "target", or spliced text.
    """
    increases = [m for m in cost_modifiers_of(problem) if m.per_target_beyond_first is not None]
    if not increases:
        return []
    keys = tuple(slot.key for slot in problem.slots)
    if len(keys) > 1 or problem.splice_candidates or len(increases) > 1:
        raise UnsupportedRuleError(problem.spell.name, increases[0].text,
                                   "a cost per target beyond the first, with several instances of 'target'")
    return [(m.per_target_beyond_first, keys) for m in increases if m.per_target_beyond_first is not None]


def _targeted_changes(problem: CastProblem) -> tuple[list[tuple[int, frozenset[str]]], tuple[TargetKey, ...]]:
    """The cost changes that depend on the spell's targets, and the instances of "target" they read (CR 601.2f).

    Returns
    -------
    (list of (int, frozenset of str), tuple of TargetKey)
        Each change's generic amount and the candidates its phrase names ("a tapped creature": the tapped
        creatures); the instances that have a legal choice naming one of them (the others never change the
        cost), in problem order. Both empty when no change of the spell depends on targets.
    """
    changes = target_cost_changes(problem)
    if not changes:
        return [], ()
    candidates = dict.fromkeys(c for slot in problem.slots for c in named_candidates(slot.choices))
    named = []
    for modifier in changes:
        spec = modifier.if_targets
        assert spec is not None, "target_cost_changes keeps changes with if_targets"
        named.append((modifier.amount, frozenset(c for c in candidates if is_named_by(problem, spec, c))))
    touched = frozenset().union(*(ids for _, ids in named))
    keys = tuple(slot.key for slot in problem.slots if any(c in touched for c in named_candidates(slot.choices)))
    if not keys:
        return [], ()
    return [(amount, ids) for amount, ids in named if ids], keys


def _add_delve(problem: CastProblem, scope: tuple[ChoiceKey, ...], total: Callable[[tuple], ManaCost],
               payer: ManaPayer, life: int) -> None:
    """Delve: each card exiled pays {1} of the total cost's generic mana, and the mana pays the rest (CR 702.66a).

    The total cost is determined first, delve aside (CR 702.66b); a card can't pay more than the generic mana
    there is, so no more cards are exiled than the generic part of the total cost.
    """
    caster = problem.caster  # closures kept by the problem hold no reference back to it
    key = CostObjectsKey(CostAction.EXILE, Zone.GRAVEYARD)

    def pays(*values: Any) -> bool:
        cost, exiled = total(values[:-1]), values[-1]
        return len(exiled) <= cost.generic and payer.can_pay(cost.with_generic_reduced(len(exiled)), life=life)

    def describe(*values: Any) -> str:
        cost, exiled = total(values[:-1]), values[-1]
        if len(exiled) > cost.generic:
            return (f"{len(exiled)} cards exiled for delve, but the total cost {cost} has {cost.generic} generic mana "
                    "for them to pay")
        return (f"the total cost {cost}, less {{{len(exiled)}}} paid by the cards exiled for delve, can't be paid "
                f"with the mana available to {caster}")

    problem.add_constraint(scope + (key,), pays, "CR 702.66a",
                           "each card exiled for delve pays {1} of the generic mana, and the mana the rest", describe)


def _convoke_unit(creature: GameObject) -> frozenset[str]:
    """The mana a creature convoking may stand for: one of its colours, or generic only ("C" then, CR 702.51a)."""
    return frozenset(c.letter for c in creature.card.colors) or frozenset("C")


def _add_convoke(problem: CastProblem, scope: tuple[ChoiceKey, ...], total: Callable[[tuple], ManaCost],
                 sources: tuple[ManaSource, ...], life: int, tapper: _TappingKeyword) -> None:
    """Convoke or improvise: each permanent tapped pays one mana of the total cost, and the mana the rest.

    Convoke (CR 702.51a-b): each creature tapped pays one generic mana or one mana of its colour. Improvise
    (CR 702.126a-b): each artifact tapped pays one generic mana. The total cost is determined first; each
    permanent tapped pays for one mana of it (so every one tapped must pay for one); a permanent tapped this way
    can't also be tapped for mana (CR 601.2g).
    """
    caster, spell_name = problem.caster, problem.spell.name  # kept by the problem: no reference back to it
    key = CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD)
    state = problem.state
    kind = f"{tapper.kind.value}s"

    def pays(*values: Any) -> bool:
        cost, tapped = total(values[:-1]), values[-1]
        if tapper.keyword == "convoke" and any(s.kind is SymbolKind.COLORLESS for s in cost.symbols) and any(
                not state.object(c).card.colors for c in tapped):
            raise UnsupportedRuleError(spell_name, "Convoke", "a colorless creature convoking a cost with {C}")
        rest = ManaPayer(tuple(s for s in sources if s.object_id not in tapped))
        units = [tapper.unit(state.object(c)) for c in tapped]
        return _convoke_pays(list(cost.symbols), units, rest, life)

    def describe(*values: Any) -> str:
        return (f"the {kind} tapped for {tapper.keyword} ({', '.join(values[-1])}) can't each pay one mana of the "
                f"total cost {total(values[:-1])} with the mana of {caster} paying the rest")

    problem.add_constraint(scope + (key,), pays, tapper.rule,
                           f"each of the {kind} tapped for {tapper.keyword} pays one mana of the total cost, "
                           "and the mana the rest", describe)


def _convoke_pays(symbols: list[ManaSymbol], units: list[frozenset[str]], rest: ManaPayer, life: int) -> bool:
    """Whether each convoking unit can pay one mana (generic, or a symbol of its colour) and ``rest`` the others."""
    if not units:
        return rest.can_pay(ManaCost(tuple(symbols)), life=life)
    unit, others = units[0], units[1:]
    tried: set[tuple] = set()
    for index, symbol in enumerate(symbols):
        letters = {c.letter for c in symbol.colors}
        if symbol.kind is SymbolKind.GENERIC and symbol.amount > 0:
            left = ManaSymbol(SymbolKind.GENERIC, amount=symbol.amount - 1)
            remaining = symbols[:index] + ([left] if left.amount else []) + symbols[index + 1:]
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.HYBRID, SymbolKind.PHYREXIAN, SymbolKind.GENERIC_HYBRID,
                             SymbolKind.COLORLESS_HYBRID) and letters & unit:
            remaining = symbols[:index] + symbols[index + 1:]  # the creature pays that coloured mana
        else:
            continue
        signature = tuple(sorted(str(s) for s in remaining))
        if signature in tried:
            continue
        tried.add(signature)
        if _convoke_pays(remaining, others, rest, life):
            return True
    return False


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
