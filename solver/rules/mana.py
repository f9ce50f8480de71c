"""Mana and its payment (CR 601.2g-h, 106.4, 305.6, 605): the mana available, and the rule that it pays the total.

- The mana the caster can have while paying (:func:`available_mana_sources`): the pool, and what their untapped
  permanents' mana abilities make (basic land types give their colour, CR 305.6; a summoning-sick creature
  without haste makes none, CR 302.6), and an assisting player's (:func:`assist_sources`, CR 702.132a).
  Colours matter; a source that makes one of several colours pays one symbol (a matching, not a count:
  :class:`~models.mana.ManaPayer`, one per state and sources, :func:`payer_of`).
- The total cost (CR 601.2f): the mana cost (or the alternative cost, or nothing) plus every cost term, plus
  increases, minus reductions (:mod:`solver.rules.cost_changes`), and the constraint that the mana pays it
  (:func:`add_payment`), made once per problem and asked per frame by the engines.
- What pays mana of the total otherwise: delve's cards exiled (CR 702.66a), convoke's creatures and
  improvise's artifacts tapped (CR 702.51a, 702.126a: :class:`TappingKeyword`), waterbend's artifacts and
  creatures tapped (CR 701.67a-b: :func:`add_waterbend_objects`); a permanent tapped to pay a cost makes no
  mana (CR 601.2g).
"""

from __future__ import annotations

import collections
import itertools
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from models.abilities import KICKED, Cost, ManaAbility, ManaTrigger, ObjectFilter, Requirement, TargetKind
from models.choices import ChoiceKey, CostAction, CostObjectsKey, X
from models.errors import UnsupportedRuleError
from models.mana import ManaCost, ManaPayer, ManaSource, ManaSymbol, SymbolKind, simple_demand, sum_costs
from models.objects import Card, CardType, GameObject, PlayerId, Zone
from models.state import GameState
from solver.abilities import abilities_of, keyword_counters
from solver.problem import CastProblem, Constraint, ConstraintKind, CostTerm, LazyDomain, ProblemRef, Reason, state_memo
from models.oracle.mana_abilities import KICKED_SPELLS
from models.oracle.unread import STATIC_POWER_CHANGE
from solver.rules.characteristics import unread_static_line
from solver.rules.conditions import count_in_state, holds_for, requirement_holds
from solver.rules.cost_changes import (
    coloured_reduction,
    cost_modifiers_of,
    generic_change,
    most_paid,
    paid_amount,
    paid_cost_changes,
    per_target_increases,
    take_coloured,
    target_cost_changes,
    targeted_changes,
)
from solver.rules.qualities import has_qualities, number_of
from solver.rules.object_costs import (
    MOST_CANDIDATES_FOR_ANY_NUMBER,
    ObjectNeed,
    add_joint_tap_count,
    cost_object_pool,
    cost_objects_reason,
)

__all__ = [
    "MOST_CONVERTERS",
    "TappingKeyword",
    "activation_conditions",
    "add_payment",
    "add_waterbend_objects",
    "assist_sources",
    "available_mana_sources",
    "mana_sources_of",
    "mana_units",
    "payer_of",
    "sacrificed_for_mana",
    "spending_restrictions",
    "tapping_keyword",
]


_BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


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
        restrictions = spending_restrictions(problem.state, problem.caster)
        allowed = frozenset(r for r in restrictions if _meets(problem, r))
        conditions = activation_conditions(problem.state, problem.caster)
        held = frozenset(c for c in conditions if requirement_holds(problem, c))
        key = (problem.caster, allowed, held) if restrictions or conditions else problem.caster
        found = known.get(key)
        if found is None:  # and the restrictions the spell meets, if their permanents have some (CR 106.6)
            found = known[key] = mana_sources_of(problem.state, problem.caster, allowed, held)
        _refuse_damage_before_life(problem)
        if _spell_may_tap_permanents(problem) and (tapping := _taps_others(problem.state, problem.caster)):
            raise UnsupportedRuleError(
                tapping[0].name,
                "Tap an untapped creature you control",
                f"{problem.spell.name} may tap permanents to be cast, and so may {tapping[0].name}'s mana ability: "
                "which permanents each taps is not weighed (CR 601.2g-h)",
            )
        life_payer = _resource_costs(problem.state, problem.caster).get("life")
        if life_payer is not None and spell_may_pay_life(problem):
            obj = life_payer[0]
            raise UnsupportedRuleError(
                obj.name,
                "pay life for mana",
                f"{problem.spell.name} may take life to pay for, and so may {obj.name}'s mana: "
                "how they share the life total is not weighed (CR 119.4)",
            )
        # never the spell itself: it is on the stack (CR 601.2a); the state's tuple itself when it is not one
        spell = problem.spell.id
        problem.mana_sources = (
            found if all(s.object_id != spell for s in found) else tuple(s for s in found if s.object_id != spell)
        )
    return problem.mana_sources


def _meets(problem: CastProblem, restriction: ObjectFilter) -> bool:
    """Whether the spell meets a restriction on spending mana (CR 106.6).

    "Spend this mana only to cast kicked spells." (Elfhame Druid): a spell with no kicker never is; one with a
    kicker is as the cast chooses to pay it, which this model does not tie to the mana (refused).

    Raises
    ------
    UnsupportedRuleError
        Mana for kicked spells, and a spell that may be kicked.
    """
    if restriction != KICKED_SPELLS:
        return has_qualities(problem.spell, restriction)
    if any(cost.keyword in KICKED for cost in problem.abilities.additional_costs):
        raise UnsupportedRuleError(
            problem.spell.name,
            "kicker",
            "mana only for kicked spells, and a spell that may be kicked: whether it is paid with that mana is not "
            "weighed (CR 106.6, 702.33d)",
        )
    return False


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


def _once_per_caster(state: GameState, caster: PlayerId, what: str, compute: Callable[[], Any]) -> Any:
    """``compute()`` once per state object and caster (its memo): every card cast in a state reads the same board."""
    kept = state_memo(state).by_caster
    key = (what, caster)
    if key not in kept:
        kept[key] = compute()
    return kept[key]


def spending_restrictions(state: GameState, caster: PlayerId) -> frozenset[ObjectFilter]:
    """The spells the mana of the caster's permanents may be spent on, where a mana ability says (CR 106.6).

    Parameters
    ----------
    state : GameState
    caster : PlayerId

    Returns
    -------
    frozenset of ObjectFilter
        Each "Spend this mana only to cast … spells." of a mana ability of a permanent the caster controls.
    """
    found: frozenset[ObjectFilter] = _once_per_caster(
        state,
        caster,
        "spending",
        lambda: frozenset(
            a.spend_only
            for obj in state.objects_in(Zone.BATTLEFIELD, caster)
            for a in abilities_of(obj).mana_abilities
            if a.spend_only is not None
        ),
    )
    return found


def _taps_others(state: GameState, caster: PlayerId) -> list[GameObject]:
    """The caster's permanents with a mana ability whose cost taps another permanent of theirs (CR 107.5).

    "{T}, Tap an untapped creature you control: Add one mana of any color." (Springleaf Drum).
    """
    found: list[GameObject] = _once_per_caster(
        state,
        caster,
        "taps others",
        lambda: [
            o
            for o in state.objects_in(Zone.BATTLEFIELD, caster)
            if any(a.taps_other for a in abilities_of(o).mana_abilities)
        ],
    )
    return found


def _others_to_tap(state: GameState, caster: PlayerId) -> bool:
    """Whether the mana abilities that tap another permanent may be activated: there is one to tap, each its own.

    With none of that kind untapped at all, they can't be (CR 602.2b, 107.5): False. Else see
    :func:`_refuse_too_few_to_tap`.
    """
    found: bool = _once_per_caster(state, caster, "others to tap", lambda: _refuse_too_few_to_tap(state, caster))
    return found


def _refuse_too_few_to_tap(state: GameState, caster: PlayerId) -> bool:
    """Refuse unless each mana ability that taps another permanent has one of its own that makes no mana.

    "{T}, Tap an untapped creature you control: Add one mana of any color." (Springleaf Drum): with as many untapped
    permanents of that kind of the caster's that have no mana ability (summoning sick or not: no {T} of theirs is
    activated, CR 302.6) and no mana ability sacrifices, as there are such abilities' permanents, each taps one of
    them and makes its mana, and nothing else is forgone; with fewer, which permanents are tapped for which is a
    choice not weighed.

    Returns
    -------
    bool
        False when no permanent of that kind is untapped: they can't be activated (CR 602.2b).

    Raises
    ------
    UnsupportedRuleError
        Fewer such permanents than permanents with such abilities, some of that kind untapped.
    """
    tapping = _taps_others(state, caster)
    kinds = {a.taps_other for o in tapping for a in abilities_of(o).mana_abilities if a.taps_other}
    asking = {o.id for o in tapping}
    candidates = [  # one such permanent alone can't tap itself twice ({T} and the other, CR 601.2h)
        o
        for o in state.objects_in(Zone.BATTLEFIELD, caster)
        if not o.tapped and _of_any(o, kinds) and (len(tapping) > 1 or o.id not in asking)
    ]
    if not candidates:
        return False  # nothing to tap: they can't be activated
    free = [
        o
        for o in candidates
        if o.id not in asking
        and all(_of_kind(o, kind) for kind in kinds)
        and not abilities_of(o).mana_abilities
        and not any(t in _BASIC_LAND_MANA for t in o.card.subtypes)
        and o.id not in sacrificed_for_mana(state, caster)
    ]
    if len(free) < len(tapping):
        raise UnsupportedRuleError(
            tapping[0].name,
            "Tap an untapped creature you control",
            f"{len(tapping)} permanent(s) whose mana ability taps another, and {len(free)} untapped one(s) to tap that "
            "make no mana: which are tapped for which is not weighed (CR 107.5, 605.1a)",
        )
    return True


def _of_any(obj: GameObject, kinds: set[str]) -> bool:
    """Whether a permanent is of one of the kinds "Tap an untapped …" names."""
    return any(_of_kind(obj, kind) for kind in kinds)


def _of_kind(obj: GameObject, kind: str) -> bool:
    """Whether a permanent is of what "Tap an untapped creature" or "… artifact or creature" names."""
    return obj.card.has_type(CardType.CREATURE) or (
        kind == "artifact or creature" and obj.card.has_type(CardType.ARTIFACT)
    )


def _spell_may_tap_permanents(problem: CastProblem) -> bool:
    """Whether casting the spell may tap permanents: convoke, improvise, harmonize, a cost that taps or waterbends."""
    abilities = problem.abilities
    costs, _ = _life_bearing_costs(problem)
    return (
        abilities.convoke
        or abilities.improvise
        or any(c.keyword == "harmonize" for c in abilities.alternative_costs)
        or any(o.action is CostAction.TAP or o.waterbend for cost in costs for o in cost.objects)
    )


def activation_conditions(state: GameState, caster: PlayerId) -> frozenset[Requirement]:
    """The conditions of activation of the mana abilities of the caster's permanents (CR 602.5b).

    "Activate only if you control three or more artifacts." (Mox Opal), "Activate only during your turn.": each
    decided by the state as the spell is cast, "you" the caster (:func:`~solver.rules.conditions.requirement_holds`).

    Parameters
    ----------
    state : GameState
    caster : PlayerId

    Returns
    -------
    frozenset of Requirement

    Raises
    ------
    UnsupportedRuleError
        A condition beside a mana ability that costs mana and one that sacrifices a permanent: the ability that
        costs mana may need the other's mana first, which may change what the condition counts (not weighed).
    """
    found: frozenset[Requirement] = _once_per_caster(
        state, caster, "activation conditions", lambda: _activation_conditions(state, caster)
    )
    return found


def _activation_conditions(state: GameState, caster: PlayerId) -> frozenset[Requirement]:
    """See :func:`activation_conditions`."""
    abilities = [(o, a) for o in state.objects_in(Zone.BATTLEFIELD, caster) for a in abilities_of(o).mana_abilities]
    conditions = frozenset(c for _, a in abilities for c in a.conditions + a.instead_if)
    costing = next((o for o, a in abilities if (a.conditions or a.instead_if) and _costs_mana(a)), None)
    if costing is not None and any(a.sacrifices or a.sacrifices_other for _, a in abilities):
        raise UnsupportedRuleError(
            costing.name,
            "Activate only if …",
            "a mana ability under a condition that costs mana, beside mana abilities that sacrifice permanents: "
            "whether the condition still holds when it is activated is not weighed (CR 602.5b, 601.2g)",
        )
    return conditions


def mana_sources_of(
    state: GameState,
    caster: PlayerId,
    allowed: frozenset[ObjectFilter] | None = None,
    held: frozenset[Requirement] = frozenset(),
) -> tuple[ManaSource, ...]:
    """The mana a player can have while paying: see :func:`available_mana_sources`.

    ``allowed``: the restrictions on spending mana (CR 106.6, :func:`spending_restrictions`) the spell meets;
    mana whose restriction it doesn't meet is not made, mana whose restriction it meets pays that spell alone
    (``spell_only``: no cost of a mana ability). None: there is no such spell (another player's mana, assist),
    and a permanent with such mana is refused, as is one whose mana ability has a condition to hold. ``held``:
    the conditions of activation (:func:`activation_conditions`) that hold as the spell is cast (CR 602.5b).

    A permanent's {T} mana abilities are one source (one of them, CR 605.1a), if it is untapped and, a creature,
    free of summoning sickness (CR 302.6); a mana ability without {T} that sacrifices the permanent ("Sacrifice
    this creature: Add {R}{R}") is a source of its own, whatever the permanent's status; a card in the player's
    hand that exiles itself for mana ("Exile this card from your hand: Add {G}") is one too. A source whose
    ability sacrifices or exiles its object is ``consumed``.
    """
    sources = list(ManaSource.from_pool(state.pool_of(caster)))
    if (giving := unread_static_line(state, _GIVES_MANA)) is not None:
        raise UnsupportedRuleError(
            giving[0].name, giving[1], "it may give permanents a mana ability (CR 613.1f), which is not read"
        )
    _refuse_others_mana_triggers(state, caster)
    paid = _resources_paid_for_mana(state, caster)
    sacrificing = _permanents_sacrificed_for_mana(state, caster)
    mixed: list[str] = []  # permanents whose one {T} makes mana for the spell alone or for anything
    # what a permanent makes is read from its card, granted abilities and status: once per kind of permanent
    made: dict[tuple[Any, ...], tuple[Card, list[ManaSource]]] = {}
    added = _added_when_tapped(state)
    triggers = _mana_triggers_for(state, caster)
    for obj in state.objects_in(Zone.BATTLEFIELD, caster):
        more, again = _triggered_mana(obj, added.get(obj.id, ()), triggers)
        # what effects took from it too (CR 613.1f, 602.5, 305.7): two Elves, one of them arrested, differ
        kind = (
            more,
            again,
            id(obj.card),
            obj.granted + keyword_counters(obj),
            obj.tapped,
            obj.summoning_sick,
            obj.abilities_lost,
            obj.keywords_lost,
            obj.activation_banned,
            obj.rules_text_lost,
            obj.counters,
            obj.id in state.this_turn.activated,  # "Activate only once each turn." (CR 602.5b)
        )
        found = made.get(kind)
        if found is None or found[0] is not obj.card:
            found = made[kind] = (
                obj.card,
                _mana_of_permanent(state, caster, obj, paid, sacrificing, allowed, mixed, more, again, held),
            )
        snow = "Snow" in obj.card.supertypes  # its mana pays {S} (CR 107.4h, 106.3)
        sources += [replace(source, object_id=obj.id, is_snow=snow) for source in found[1]]
    for obj in state.hand(caster):  # "Exile this card from your hand: Add {G}." (CR 605.1a)
        sources += [
            ManaSource(a.units, object_id=obj.id, consumed=True)
            for a in abilities_of(obj).mana_abilities
            if a.from_hand
        ]
    converters = [s for s in sources if s.costs_mana]
    if converters and (paying := _pays_abilities(state, caster)) is not None:
        raise UnsupportedRuleError(
            paying,
            "Spend this mana only to … activate abilities",
            "mana that may pay a mana ability's cost, beside mana abilities that cost mana (CR 106.6, 605.3): which "
            "of them it pays is not weighed",
        )
    if mixed and converters:  # which mana pays a mana ability's cost is then a choice of each output
        raise UnsupportedRuleError(
            mixed[0],
            "Spend this mana only …",
            "one {T} making mana for some spells only, or for anything, beside mana abilities that cost mana "
            "(CR 106.6): not weighed",
        )
    if len(converters) > MOST_CONVERTERS:  # each reachable pool is tried (models.mana.ManaPayer)
        raise UnsupportedRuleError(
            state.object(str(converters[0].object_id)).name,
            "mana abilities that cost mana",
            f"more than {MOST_CONVERTERS} permanents whose mana abilities cost mana",
        )
    choosing = [s for s in sources if s.options and not s.costs_mana]
    alike = collections.Counter((s.options, s.spell_only) for s in choosing)
    if math.prod(math.comb(n + len(options) - 1, n) for (options, _), n in alike.items()) > MOST_CHOICES:
        raise UnsupportedRuleError(
            state.object(str(choosing[0].object_id)).name,
            "mana abilities whose mana is a choice",
            f"more than {MOST_CHOICES} ways the choices of mana of {caster}'s permanents can fall",
        )
    return tuple(sources)


def _pays_abilities(state: GameState, caster: PlayerId) -> str | None:
    """The name of a permanent of the caster's whose mana may pay activated abilities' costs, or None (CR 106.6).

    "Spend this mana only to cast artifact spells or activate abilities of artifacts.", "… only to activate
    abilities.": the payer weighs such mana for spells alone; beside a mana ability that costs mana, it might pay
    that cost, which is not weighed.
    """
    found: str | None = _once_per_caster(
        state,
        caster,
        "pays abilities",
        lambda: next(
            (
                obj.name
                for obj in state.objects_in(Zone.BATTLEFIELD, caster)
                if any(a.pays_abilities for a in abilities_of(obj).mana_abilities)
            ),
            None,
        ),
    )
    return found


MOST_CONVERTERS = 4
"""The most permanents with a mana ability that costs mana ("{1}, {T}: Add {R}{W}.") one player's payment weighs."""

MOST_CHOICES = 4096
"""The most ways the outputs of a player's mana abilities that add one of several ("three mana of any one color")
may fall that one payment weighs, each tried (models.mana.ManaPayer)."""


def _resource_costs(state: GameState, caster: PlayerId) -> dict[str, tuple[GameObject, list[int]]]:
    """The life and energy each untapped permanent of the caster's may pay for mana, by resource (CR 119.4, 122.1).

    Each permanent is counted once, at the most its mana abilities ask: it taps for one of them (CR 605.1a).
    """
    memo = state_memo(state).resource_costs
    if caster in memo:
        return memo[caster]  # type: ignore[no-any-return]
    found: dict[str, tuple[GameObject, list[int]]] = {}
    for obj in state.objects_in(Zone.BATTLEFIELD, caster):
        if obj.tapped:
            continue
        abilities = abilities_of(obj).mana_abilities
        for resource in ("life", "energy"):
            most = max((getattr(a, resource) for a in abilities), default=0)
            if most:
                first, costs = found.setdefault(resource, (obj, []))
                costs.append(most)
    memo[caster] = found
    return found


def _resources_paid_for_mana(state: GameState, caster: PlayerId) -> frozenset[str]:
    """The resources every mana ability of the caster's that pays one can pay at once: "life", "energy".

    A player pays life or energy only while they have that much (CR 119.4, 122.8). When they have enough for all
    such abilities together, each ability can be activated whatever the others do; when not for any one, none
    can. Between the two, which ones can be depends on the others: this model does not weigh that.

    Raises
    ------
    UnsupportedRuleError
        Enough life or energy for some of those abilities but not all.
    """
    has = {"life": state.life_of(caster), "energy": state.counters_of(caster).get("energy", 0)}
    paid = set()
    for resource, (obj, costs) in _resource_costs(state, caster).items():
        if sum(costs) <= has[resource]:
            paid.add(resource)
        elif min(costs) <= has[resource]:
            raise UnsupportedRuleError(
                obj.name,
                f"pay {resource} for mana",
                f"{caster} has {has[resource]} {resource}, enough for some of their mana abilities that pay "
                f"{resource} ({', '.join(map(str, costs))}) but not all: which can be activated is not weighed",
            )
    return frozenset(paid)


def _refuse_damage_before_life(problem: CastProblem) -> None:
    """Refuse where a mana ability's damage to the caster, or life it gains, may change the spell's life payment.

    "{T}: Add {W} or {B}. This land deals 1 damage to you." (or Ancient Tomb's 2) deals its damage as the mana is
    made, before the costs are paid (CR 601.2g-h); "{T}: Add {C}. You gain 1 life." gains life then; life is paid
    only while the life total is at least the amount (CR 119.4). When the caster's life less every such damage is
    still the most life the spell can take, nothing changes.

    Raises
    ------
    UnsupportedRuleError
        Such a source of the caster's, and a spell whose life payments the damage may stop.
    """
    state, caster = problem.state, problem.caster
    hurting: list[GameObject] = _once_per_caster(
        state,
        caster,
        "hurting",
        lambda: [
            obj
            for obj in state.objects_in(Zone.BATTLEFIELD, caster)
            if not obj.tapped and any(a.damage or a.life_gained for a in abilities_of(obj).mana_abilities)
        ],
    )
    if not hurting or not spell_may_pay_life(problem):
        return
    most = _most_life_paid(problem)
    damage = sum(max(a.damage for a in abilities_of(obj).mana_abilities) for obj in hurting)
    if most is not None and state.life_of(caster) - damage >= most:
        return
    hurts = [obj for obj in hurting if any(a.damage for a in abilities_of(obj).mana_abilities)]
    if not hurts:  # "You gain 2 life.": activated or not, the spell's life may be paid or not (CR 119.4)
        raise UnsupportedRuleError(
            hurting[0].name,
            "you gain life",
            f"its mana gives {caster} life before {problem.spell.name}'s life is paid, which may then be paid or "
            "not (CR 601.2g-h, 119.4): not weighed",
        )
    raise UnsupportedRuleError(
        hurts[0].name,
        f"deals {max(a.damage for a in abilities_of(hurts[0]).mana_abilities)} damage to you",
        f"its mana costs {caster} life before {problem.spell.name}'s life is paid (CR 601.2g-h, 119.4): not weighed",
    )


def _most_life_paid(problem: CastProblem) -> int | None:
    """The most life the spell's costs can take: 2 a Phyrexian symbol, and each life cost (None: X life)."""
    costs, mana = _life_bearing_costs(problem)
    if any(c.life_x for c in costs):
        return None
    phyrexian = sum(1 for cost in mana if cost is not None for s in cost.symbols if s.kind is SymbolKind.PHYREXIAN)
    return 2 * phyrexian + sum(c.life for c in costs)


def _life_bearing_costs(problem: CastProblem) -> tuple[list[Cost], list[ManaCost | None]]:
    """The spell's costs beyond its mana cost (additional, alternative, splice), and every mana cost among them."""
    abilities = problem.abilities
    costs = [c.cost for c in abilities.additional_costs] + [c.cost for c in abilities.alternative_costs]
    if abilities.splice is not None:
        costs.append(abilities.splice.cost)
    return costs, [problem.spell.card.mana_cost] + [c.mana for c in costs]


def spell_may_pay_life(problem: CastProblem) -> bool:
    """Whether paying for the spell may take life: a Phyrexian symbol, or a cost that pays life (CR 107.4f, 119.4).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    bool
    """
    costs, mana = _life_bearing_costs(problem)
    return any(c.life or c.life_x for c in costs) or any(
        s.kind is SymbolKind.PHYREXIAN for cost in mana if cost is not None for s in cost.symbols
    )


def _permanents_sacrificed_for_mana(state: GameState, caster: PlayerId) -> dict[str, int]:
    """How many of the caster's permanents each mana ability "{T}, Sacrifice a Forest:" could sacrifice, by subtype.

    Only subtypes some untapped permanent of the caster's asks for (CR 701.21a: any permanent of that subtype they
    control, tapped or not: a Forest may be tapped for mana first). Each subtype: ``(asked, there)``, read as the
    game sees the permanents (CR 613).

    Raises
    ------
    UnsupportedRuleError
        More abilities ask for permanents of a subtype than there are, and at least one: which can be activated
        is not weighed.
    """
    asked: collections.Counter[str] = collections.Counter()
    asking: dict[str, str] = {}
    for obj in state.objects_in(Zone.BATTLEFIELD, caster):
        if obj.tapped:
            continue
        wanted = {a.sacrifices_other for a in abilities_of(obj).mana_abilities if a.sacrifices_other}
        asked.update(wanted)  # one {T}: each permanent sacrifices once
        for subtype in wanted:
            asking.setdefault(subtype, obj.name)
    found: dict[str, int] = {}
    for subtype, count in asked.items():
        there = sum(1 for obj in state.objects_in(Zone.BATTLEFIELD, caster) if subtype in obj.card.subtypes)
        if 0 < there < count:
            raise UnsupportedRuleError(
                asking[subtype],
                f"sacrifice a {subtype}",
                f"{caster} has {there} {subtype}(s) for {count} mana abilities that each sacrifice one: which can "
                "be activated is not weighed (CR 701.21a)",
            )
        found[subtype] = there
    return found


def sacrificed_for_mana(state: GameState, caster: PlayerId) -> frozenset[str]:
    """The caster's permanents a mana ability of theirs may sacrifice ("{T}, Sacrifice a Forest:", CR 701.21a).

    Parameters
    ----------
    state : GameState
    caster : PlayerId

    Returns
    -------
    frozenset of str
        The ids of every permanent of a subtype an untapped permanent's mana ability sacrifices.
    """
    found: frozenset[str] = _once_per_caster(state, caster, "sacrificed", lambda: _sacrificed(state, caster))
    return found


def _sacrificed(state: GameState, caster: PlayerId) -> frozenset[str]:
    subtypes = {
        a.sacrifices_other
        for obj in state.objects_in(Zone.BATTLEFIELD, caster)
        if not obj.tapped
        for a in abilities_of(obj).mana_abilities
        if a.sacrifices_other
    }
    if not subtypes:
        return frozenset()
    return frozenset(
        obj.id for obj in state.objects_in(Zone.BATTLEFIELD, caster) if subtypes.intersection(obj.card.subtypes)
    )


def _mana_of_permanent(
    state: GameState,
    caster: PlayerId,
    obj: GameObject,
    paid: frozenset[str] = frozenset(),
    sacrificing: Mapping[str, int] | None = None,
    allowed: frozenset[ObjectFilter] | None = frozenset(),
    mixed: list[str] | None = None,
    added: tuple[frozenset[str], ...] = (),
    again: int = 0,
    held: frozenset[Requirement] = frozenset(),
) -> list[ManaSource]:
    """What one permanent of the caster's adds as sources, each without its object's id, in order.

    ``added``: the mana triggered mana abilities add each time it is tapped for mana (CR 605.1b: "Whenever
    enchanted land is tapped for mana, its controller adds an additional {G}", "Whenever you tap a Swamp for mana,
    add an additional {B}"), joined to the output of each of its {T} abilities; ``again``: how many times one
    more mana of a type that output was is added ("that player adds one mana of any type that land produced",
    CR 106.12a).

    See :func:`mana_sources_of`; read from the permanent's abilities (its card's and those granted to it), its
    card's subtypes and power, and its status, so equal for permanents alike in those.

    - without {T}: "Sacrifice this creature: Add {R}{R}." once, consumed; "Remove three +1/+1 counters from this
      creature: Add {R}{R}{R}." once for each three counters it has (CR 122.8); "{1}{G}: Add one mana of any
      color." repeatable, paid with mana made before (CR 605.3);
    - with {T}, if it is untapped and may tap (CR 302.6): a mana ability that costs mana, whose activation
      forgoes the others (one {T}, CR 605.1a); and one source for the others, one of their outputs (a single
      unit of any of their colours when each adds one mana; else a choice of outputs, CR 106.1b).

    "An amount of {G} equal to ~'s power" is as many units as its power as the game sees it (CR 208.3), none at
    0 or less (CR 107.1b). Mana whose spending restriction the spell meets (``allowed``, CR 106.6) pays the spell
    alone (``spell_only``); mana whose restriction it doesn't meet is not made; a {T} making either names the
    permanent in ``mixed``.

    Raises
    ------
    UnsupportedRuleError
        A mana ability that can't be read, or a choice between mana abilities this model does not weigh.
    """
    abilities = abilities_of(obj)
    _refuse_unread_mana(state, obj, allowed)
    counters = dict(obj.counters)
    sacrificing = sacrificing or {}
    usable = [
        a
        for a in _with_what_lands_could_produce(state, obj, _with_instead(abilities.mana_abilities, held))
        if not a.from_hand
        and (a.spend_only is None or (allowed is not None and a.spend_only in allowed))  # CR 106.6
        and all(holds_for(state, caster, r) for r in a.requires)
        and _may_activate(state, caster, obj, a)
        and (not a.taps_other or _others_to_tap(state, caster))  # "{T}, Tap an untapped creature you control:"
        and not (a.once_each_turn and obj.id in state.this_turn.activated)  # CR 602.5b
        and all(c in held for c in a.conditions)  # "Activate only if you control three or more artifacts."
        and (not a.counter or counters.get(a.counter, 0) >= a.counters_removed)  # "Remove a charge counter" (122.8)
        and (not a.life or "life" in paid)
        and (not a.energy or "energy" in paid)
        and (not a.sacrifices_other or sacrificing.get(a.sacrifices_other, 0) > 0)
    ]
    _refuse_counters_put_and_read(obj, usable, abilities.mana_abilities)
    kinds = [a.counter for a in usable if a.counter]
    if len(kinds) != len(set(kinds)):
        raise UnsupportedRuleError(
            obj.name, obj.card.oracle_text, "mana abilities that remove counters of one kind from one permanent"
        )
    untapping = [a for a in usable if not a.taps]
    if sum(1 for a in usable if a.sacrifices) > 1 and any(a.sacrifices for a in untapping):
        raise UnsupportedRuleError(
            obj.name, obj.card.oracle_text, "a choice between mana abilities that each sacrifice the permanent"
        )
    untapping_amounts = _amounts(state, caster, obj, untapping)
    found = [s for s in (_untapping_source(a, counters, untapping_amounts) for a in untapping) if s is not None]
    may_tap = not (obj.tapped or (obj.summoning_sick and obj.card.has_type(CardType.CREATURE) and not _has_haste(obj)))
    _refuse_unknown_colour(obj, [a for a in usable if may_tap or not a.taps])
    if not may_tap:
        taps = any(a.taps for a in usable) or any(t in _BASIC_LAND_MANA for t in obj.card.subtypes)
        if not obj.tapped and taps and (hasty := unread_static_line(state, _GIVES_HASTE)) is not None:
            raise UnsupportedRuleError(
                hasty[0].name,
                hasty[1],
                "it may give haste (CR 613.1f), which is not read: whether a "
                f"summoning-sick {obj.name} can tap for mana can't be told (CR 302.6)",
            )
        return found  # CR 302.6: a summoning-sick creature can't activate {T} abilities
    amounts = _amounts(state, caster, obj, usable)
    tapping = _tapping_sources(obj, [a for a in usable if a.taps], amounts, mixed)
    if (added or again) and tapping:
        if len(tapping) > 1 or tapping[0].activation or tapping[0].activation_colours or tapping[0].spell_only:
            raise UnsupportedRuleError(
                obj.name, obj.card.oracle_text, "mana a trigger adds as it is tapped, beside a choice of its abilities"
            )
        source = tapping[0]
        outputs = list(
            dict.fromkeys(
                output + added
                for option in (source.options or (source.units,))
                for output in _produced_again(obj, option, again)
            )
        )
        tapping = [replace(source, units=outputs[0], options=tuple(outputs) if len(outputs) > 1 else ())]
    return found + tapping


def _with_what_lands_could_produce(
    state: GameState, obj: GameObject, abilities: tuple[ManaAbility, ...]
) -> tuple[ManaAbility, ...]:
    """The abilities with the mana the lands could produce made of the letters the state gives (CR 106.7).

    "One mana of any color that a land an opponent controls could produce": the letters those lands could produce;
    one that could produce none is dropped (it adds no mana), and so is one that taps a tapped permanent.

    Raises
    ------
    UnsupportedRuleError
        A land asked whose mana can't be told (:func:`_could_produce`).
    """
    if not any(a.could_produce for a in abilities):
        return abilities
    produced = _could_produce(state)
    found = []
    for a in abilities:
        if not a.could_produce:
            found.append(a)
            continue
        if a.taps and obj.tapped:  # it makes no mana now: the lands are not asked (CR 302.6)
            continue
        letters = _letters_of_lands(state, obj.controller, a.could_produce, produced) & a.units[0]
        if letters:
            found.append(replace(a, units=(letters,), could_produce=()))
    return tuple(found)


_Unknown = tuple[GameObject, str, str]
"""A permanent whose mana can't be told: it, the words, the reason."""


def _letters_of_lands(
    state: GameState,
    controller: PlayerId,
    asked: tuple[str, ...],
    produced: Mapping[str, frozenset[str] | _Unknown],
) -> frozenset[str]:
    """What the lands ``asked`` names ("land", "opponent") could produce, for a permanent of ``controller``'s.

    Raises
    ------
    UnsupportedRuleError
        One of those lands whose mana can't be told.
    """
    letters: frozenset[str] = frozenset()
    for land in _lands_asked(state, controller, asked):
        made = produced[land.id]
        if not isinstance(made, frozenset):
            raise UnsupportedRuleError(
                made[0].name, made[1], f"{made[2]}: what {land.name} could produce can't be told (CR 106.7)"
            )
        letters |= made
    return letters


def _lands_asked(state: GameState, controller: PlayerId, asked: tuple[str, ...]) -> list[GameObject]:
    """The permanents "a land an opponent controls", "a basic land you control", "a Gate you control" name."""
    kind, who = asked
    return [
        o
        for o in state.battlefield()
        if (o.controller != controller if who == "opponent" else o.controller == controller)
        and (o.card.has_type(CardType.LAND) if kind != "gate" else "Gate" in o.card.subtypes)
        and (kind != "basic land" or "Basic" in o.card.supertypes)
    ]


_REPLACES_MANA = re.compile(r"\bfor mana\b|\bproduces?\b|\bwould add\b|\binstead\b[^.]*\bmana\b")
"""An unread line that may replace the mana a permanent's ability would produce (CR 106.7, 614)."""


def _could_produce(state: GameState) -> dict[str, frozenset[str] | _Unknown]:
    """The types of mana each land and Gate of the state could produce, by id (CR 106.7), once per state.

    What its mana abilities' units and its basic land types' abilities may be (CR 305.6), whatever their costs or
    whether they may be activated now; "any color that a land an opponent controls could produce" what those lands
    could produce, found together (none to begin with, then more until nothing changes: Exotic Orchards facing each
    other alone produce nothing, CR 106.7's example). A permanent whose mana can't be told this way (a mana line not
    read, an amount that may be none, a choice the state does not give, abilities that can't be activated) is
    unknown, and so is one that asks an unknown one; all are unknown under an unread line that may replace mana.
    """
    memo: dict[str, frozenset[str] | _Unknown] = _once_per_caster(state, PlayerId(""), "could produce", dict)
    if memo:
        return memo
    found: dict[str, frozenset[str] | _Unknown] = {}  # kept only once whole: a refusal midway leaves no part of it
    lands = [o for o in state.battlefield() if o.card.has_type(CardType.LAND) or "Gate" in o.card.subtypes]
    replacing = unread_static_line(state, _REPLACES_MANA)
    for land in lands:
        found[land.id] = (replacing[0], replacing[1], "it may replace mana") if replacing else _printed_letters(land)
    changed = True
    while changed:
        changed = False
        for land in lands:
            made = found[land.id]
            if not isinstance(made, frozenset):
                continue
            for a in abilities_of(land).mana_abilities:
                if a.could_produce:
                    asked = [found[o.id] for o in _lands_asked(state, land.controller, a.could_produce)]
                    unknown = next((m for m in asked if not isinstance(m, frozenset)), None)
                    if unknown is not None:
                        found[land.id], changed = unknown, True
                        break
                    more = frozenset[str]().union(*(m for m in asked if isinstance(m, frozenset))) & a.units[0]
                    if not more <= made:
                        made = found[land.id] = made | more
                        changed = True
    memo.update(found)
    return memo


def _printed_letters(land: GameObject) -> frozenset[str] | _Unknown:
    """What a permanent's mana abilities other than "could produce" ones, and its land types, may make (CR 106.7)."""
    abilities = abilities_of(land)
    unread = [u for u in abilities.permanent_unsupported if "mana" in u.topics]
    if unread:
        return land, unread[0].span, unread[0].reason
    if land.activation_banned:
        return land, "its activated abilities can't be activated", "what they would produce is not weighed"
    letters: set[str] = set()
    for a in abilities.mana_abilities:
        if a.per_power or a.per_count is not None or a.chosen_colour or a.commander_identity:
            return land, land.card.oracle_text, "mana of an amount or a colour the state alone does not give"
        if not a.could_produce and not a.from_hand:  # what it prints, or makes instead (CR 106.7)
            outputs = (a.options or (a.units,)) + a.instead
            letters.update(letter for option in outputs for unit in option for letter in unit)
    if not land.abilities_lost:
        letters.update(_BASIC_LAND_MANA[t] for t in land.card.subtypes if t in _BASIC_LAND_MANA)
    return frozenset(letters)


def _with_instead(abilities: tuple[ManaAbility, ...], held: frozenset[Requirement]) -> tuple[ManaAbility, ...]:
    """The abilities with their "If …, add … instead." applied, as the spell is cast (CR 614.1a).

    "If you control four or more creatures, add {G}{G} instead.": that, when its requirements hold (``held``);
    else what it prints.
    """
    if not any(a.instead for a in abilities):
        return abilities
    found = []
    for a in abilities:
        if a.instead and all(c in held for c in a.instead_if):
            options = a.instead
            a = replace(a, units=options[0], options=options if len(options) > 1 else ())
        found.append(replace(a, instead=(), instead_if=()) if a.instead else a)
    return tuple(found)


def _refuse_counters_put_and_read(obj: GameObject, usable: list[ManaAbility], every: tuple[ManaAbility, ...]) -> None:
    """Refuse a permanent whose mana ability puts a counter on it that another mana ability of its without {T} reads.

    "{T}: Add {R}. Put a charge counter on this artifact." beside "Remove a charge counter from this artifact: Add
    …" (or "… for each charge counter on it"), usable now or once the counter is there (``every``): which comes
    first changes the mana (CR 122.1, 605.3a): not weighed. Beside {T} abilities alone, one {T} activates one of
    them (CR 605.1a), and the counter changes nothing.
    """
    for a in usable:
        if a.puts_counter and any(
            b is not a
            and not b.taps
            and (b.counter == a.puts_counter or (b.per_count and b.per_count.counters_on in (a.puts_counter, "any")))
            for b in every
        ):
            raise UnsupportedRuleError(
                obj.name, f"put a {a.puts_counter} counter", "a counter one mana ability puts and another reads"
            )


def _may_activate(state: GameState, caster: PlayerId, obj: GameObject, ability: ManaAbility) -> bool:
    """Whether a condition of one of several holds for the ability's activation (CR 602.5b).

    "Activate only if you control a Swamp or a Mountain.": one of them, the caster's; "Activate only if this land
    entered this turn or if you control a basic land.": a basic land of the caster's, or the permanent entered this
    turn. A permanent that has not been under its controller's control since this turn began (the state's
    ``summoning_sick``) did not enter this turn; one that has may have entered or changed control this turn.

    Raises
    ------
    UnsupportedRuleError
        No basic land, and a permanent that came under its controller's control this turn: whether it entered this
        turn the state does not say.
    """
    if not ability.requires_one_of or any(holds_for(state, caster, r) for r in ability.requires_one_of):
        return True
    if ability.taps and obj.tapped:  # it makes no mana now whatever the condition (CR 302.6)
        return False
    if ability.or_entered_this_turn and obj.summoning_sick:
        raise UnsupportedRuleError(
            obj.name,
            "Activate only if this land entered this turn",
            "it came under its controller's control this turn: whether it entered this turn or changed control the "
            "state does not say (CR 602.5b)",
        )
    return False


def _refuse_unknown_colour(obj: GameObject, usable: list[ManaAbility]) -> None:
    """Refuse a permanent that may make mana whose colour the state does not give.

    "One mana of the chosen color": a state that gives the permanent's ``chosen`` colour has its words read as that
    colour's symbol (CR 607.2a); these are the abilities of a permanent whose state gives none. "One mana of any
    color in your commander's color identity": the state names no commander (CR 903.4). ``usable``: the abilities
    it may activate now.

    Raises
    ------
    UnsupportedRuleError
        Such an ability among ``usable``.
    """
    if any(a.chosen_colour for a in usable):
        raise UnsupportedRuleError(
            obj.name,
            "one mana of the chosen color",
            "the state does not say which colour was chosen as it entered (its chosen color, CR 607.2a)",
        )
    if any(a.commander_identity for a in usable):
        raise UnsupportedRuleError(
            obj.name,
            "one mana of any color in your commander's color identity",
            "the state names no commander: the colours of its identity can't be told (CR 903.4, 903.4f)",
        )


def _produced_again(
    obj: GameObject, output: tuple[frozenset[str], ...], again: int
) -> list[tuple[frozenset[str], ...]]:
    """An output with ``again`` more mana, each of any type that output's mana is (CR 106.12a), as outputs.

    "{T}: Add {W}{U}." and one more: {W}{U} and a {W} or a {U} (one unit of either); "{T}: Add one mana of any
    color." and one more: the colour chosen twice, five outputs ({W}{W}, {U}{U}, …): the type is the one made.

    Raises
    ------
    UnsupportedRuleError
        More than two mana of the output chosen among several types: not weighed.
    """
    if not again:
        return [output]
    chosen = [i for i, unit in enumerate(output) if len(unit) > 1]
    if len(chosen) > 2:
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "mana of any type it produced, of many choices")
    outputs = []
    for letters in itertools.product(*(sorted(output[i]) for i in chosen)):
        made = list(output)
        for i, letter in zip(chosen, letters):
            made[i] = frozenset(letter)
        produced = frozenset().union(*made)
        outputs.append(tuple(made) + (produced,) * again)
    return outputs


def _mana_triggers_for(state: GameState, caster: PlayerId) -> tuple[ManaTrigger, ...]:
    """The triggered mana abilities that add mana to the caster as they tap their permanents (CR 605.1b).

    "Whenever a player taps a land for mana, that player adds …" (anyone's), "Whenever you tap a Swamp for mana,
    add …" (the caster's own permanents'). An Aura's ("Whenever enchanted land …") are :func:`_added_when_tapped`.
    """
    return tuple(
        trigger
        for obj in state.battlefield()
        for trigger in abilities_of(obj).mana_triggers
        if trigger.anyone or obj.controller == caster
    )


def _triggered_mana(
    obj: GameObject, added: tuple[frozenset[str], ...], triggers: tuple[ManaTrigger, ...]
) -> tuple[tuple[frozenset[str], ...], int]:
    """The mana the triggers add as the permanent is tapped for mana: (units added, times one more of its types)."""
    again = 0
    for trigger in triggers:
        if has_qualities(obj, trigger.tapped):
            added += trigger.added
            again += trigger.produced
    return added, again


def _added_when_tapped(state: GameState) -> dict[str, tuple[frozenset[str], ...]]:
    """The mana Auras' triggered mana abilities add to each permanent tapped for mana, by its id (CR 605.1b).

    Raises
    ------
    UnsupportedRuleError
        Such an Aura the state does not say is attached to anything (it always is, CR 303.4c).
    """
    added: dict[str, tuple[frozenset[str], ...]] = {}
    for aura in state.battlefield():
        units = abilities_of(aura).mana_when_tapped
        if not units:
            continue
        if aura.attached_to is None:
            raise UnsupportedRuleError(
                aura.name, "enchanted land", "the state does not say what it is attached to (CR 303.4c)"
            )
        added[aura.attached_to] = added.get(aura.attached_to, ()) + units
    return added


def _refuse_unread_mana(state: GameState, obj: GameObject, allowed: frozenset[ObjectFilter] | None) -> None:
    """Refuse a permanent whose mana can't be told: a mana line not read, a line that may stop its activation.

    Raises
    ------
    UnsupportedRuleError
        A mana line of its not read; an unread line of any permanent that may keep mana abilities from being
        activated (CR 602.5); mana only for some spells with no spell to judge (``allowed`` None, CR 106.6).
    """
    abilities = abilities_of(obj)
    unread = [u for u in abilities.permanent_unsupported if "mana" in u.topics]
    if unread:
        raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
    if (abilities.mana_abilities or any(t in _BASIC_LAND_MANA for t in obj.card.subtypes)) and (
        banned := unread_static_line(state, _STOPS_ACTIVATION)
    ) is not None:
        raise UnsupportedRuleError(
            banned[0].name,
            banned[1],
            f"it may keep mana abilities from being activated (CR 602.5), which is not read: {obj.name}'s mana "
            "can't be told",
        )
    if allowed is None and any(a.spend_only is not None for a in abilities.mana_abilities):
        raise UnsupportedRuleError(
            obj.name, obj.card.oracle_text, "mana only for some spells, made for another player's spell (CR 106.6)"
        )
    if allowed is None and any(a.conditions or a.instead_if for a in abilities.mana_abilities):
        raise UnsupportedRuleError(
            obj.name, obj.card.oracle_text, "a condition of a mana ability, for another player's spell (CR 602.5b)"
        )


def _amounts(state: GameState, caster: PlayerId, obj: GameObject, usable: list[ManaAbility]) -> dict[ManaAbility, int]:
    """How many times over each ability adds its units: its permanent's power, or what its count counts.

    "An amount of {G} equal to ~'s power" (CR 208.3); "Add {G} for each creature you control" (Gaea's Cradle),
    "{W} for each storage counter removed this way": the objects or counters the state counts now, "you" the
    permanent's controller (CR 106.1, 122.1). Mana abilities are activated before any cost is paid (CR 601.2g-h),
    and one that taps alone can be activated first of them all, so what other mana abilities sacrifice is still
    counted; one that costs mana is refused when a mana ability may sacrifice what it counts.

    Raises
    ------
    UnsupportedRuleError
        A count the state alone can't count; a count that costs mana beside a mana ability that may sacrifice
        what it counts (which comes first is a choice not weighed).
    """
    amounts: dict[ManaAbility, int] = {}
    for a in usable:
        if a.per_power:
            amounts[a] = _power_for_mana(state, obj)
        elif a.per_count is not None:
            number = count_in_state(state, caster, a.per_count, obj)
            if number is None:
                raise UnsupportedRuleError(obj.name, a.per_count.text, "a mana ability's amount not counted")
            if _costs_mana(a) and a.per_count.counters_on is None and _count_may_lose(state, caster, a):
                raise UnsupportedRuleError(
                    obj.name,
                    a.per_count.text,
                    "a mana ability that costs mana and adds as much as it counts, beside a mana ability that may "
                    "sacrifice what it counts: which comes first is not weighed (CR 601.2g)",
                )
            amounts[a] = number
    return amounts


def _count_may_lose(state: GameState, caster: PlayerId, ability: ManaAbility) -> bool:
    """Whether a mana ability of the caster's may sacrifice or exile a permanent the ability's count counts."""
    count = ability.per_count
    if count is None:
        return False
    owners = {"you": {caster}, "opponents": set(state.players) - {caster}}.get(count.controller, set(state.players))
    counted = {o.id for o in state.battlefield() if o.controller in owners and has_qualities(o, count.qualities)}
    if count.zone is not Zone.BATTLEFIELD or not counted:
        return False
    if counted & sacrificed_for_mana(state, caster):
        return True
    return any(
        a.sacrifices
        for obj in state.objects_in(Zone.BATTLEFIELD, caster)
        if obj.id in counted
        for a in abilities_of(obj).mana_abilities
    )


def _tapping_sources(
    obj: GameObject, usable: list[ManaAbility], amounts: Mapping[ManaAbility, int], mixed: list[str] | None
) -> list[ManaSource]:
    """The sources of an untapped permanent's {T} mana abilities (``usable``), and its land types' (CR 305.6).

    A mana ability that costs mana, whose activation forgoes the others (one {T}, CR 605.1a); and one source for
    the others, one of their outputs: a single unit of any of their colours when each adds one mana, else a
    choice of outputs (CR 106.1b). Mana for some spells alone beside mana for anything under one {T} names the
    permanent in ``mixed``, and pays for anything (weighed only without mana abilities that cost mana).

    Raises
    ------
    UnsupportedRuleError
        Two mana abilities that cost mana, or one beside a choice of outputs of different amounts.
    """
    found = []
    converting = [a for a in usable if _costs_mana(a)]  # "{1}, {T}: Add {R}{W}." (CR 605.3)
    if len(converting) > 1:
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "two mana abilities that cost mana")
    for a in converting:
        options = _outputs(a, amounts)
        if options:
            found.append(
                ManaSource(
                    options[0],
                    consumed=a.sacrifices,
                    activation=a.activation,
                    activation_colours=a.activation_colours,
                    options=tuple(options) if len(options) > 1 else (),
                    spell_only=a.spend_only is not None,
                )
            )
    tapping = [a for a in usable if not _costs_mana(a)]
    consumed = any(a.sacrifices for a in tapping)
    restricted = {a.spend_only is not None for a in tapping}
    if len(restricted) > 1 or (restricted == {True} and any(t in _BASIC_LAND_MANA for t in obj.card.subtypes)):
        if mixed is not None:
            mixed.append(obj.name)
        restricted = {False}  # it pays mana abilities' costs too: weighed only without such abilities
    spell_only = restricted == {True}
    outputs = [option for ability in tapping for option in _outputs(ability, amounts)]
    if not (obj.activation_banned or obj.abilities_lost):  # a land type's "{T}: Add …" is an ability (CR 305.6)
        outputs += [(frozenset(_BASIC_LAND_MANA[t]),) for t in obj.card.subtypes if t in _BASIC_LAND_MANA]
    outputs = list(dict.fromkeys(outputs))
    if not outputs:
        return found
    if len(outputs) == 1:
        found.append(ManaSource(outputs[0], consumed=consumed, spell_only=spell_only))
    elif all(len(units) == 1 for units in outputs):
        # Several {T} abilities: one of them (CR 605.1a), i.e. one mana of any of their colours.
        found.append(
            ManaSource((frozenset().union(*(u[0] for u in outputs)),), consumed=consumed, spell_only=spell_only)
        )
    elif converting:
        raise UnsupportedRuleError(
            obj.name, obj.card.oracle_text, "a mana ability that costs mana beside a choice of mana of others"
        )
    else:  # "{T}: Add {U}." or "{T}, Sacrifice this land: Add {W}{B}.": one {T}, one of them (CR 605.1a)
        found.append(ManaSource(outputs[0], consumed=consumed, options=tuple(outputs), spell_only=spell_only))
    return found


def _costs_mana(ability: ManaAbility) -> bool:
    """Whether mana is paid to activate the ability ("{1}, {T}:", "{1}{G}:", "{W/U}, {T}:", CR 605.3)."""
    return bool(ability.activation or ability.activation_colours)


def _outputs(ability: ManaAbility, amounts: Mapping[ManaAbility, int]) -> list[tuple[frozenset[str], ...]]:
    """What one activation of the ability may add: its units, or each of its options; none when it adds nothing.

    "An amount of {G} equal to ~'s power", "{G} for each creature you control": each unit once for each point
    of power or each object counted (``amounts``, :func:`_amounts`; CR 208.3, 107.1b, 106.1).
    """
    options = list(ability.options or (ability.units,))
    if ability.per_power or ability.per_count is not None:
        times = max(0, amounts[ability]) + ability.per_count_plus  # "{B}, then an additional {B} for each …"
        options = [tuple(unit for unit in option for _ in range(times)) for option in options]
    return [option for option in options if option]


def _untapping_source(
    ability: ManaAbility, counters: Mapping[str, int], amounts: Mapping[ManaAbility, int]
) -> ManaSource | None:
    """The source of a mana ability without {T}, or None when it adds nothing (CR 302.6: no {T}, any status).

    "Sacrifice this creature: Add {R}{R}." once, its object consumed; "Remove three +1/+1 counters from this
    creature: Add {R}{R}{R}." once for each three counters (CR 122.8): its units that many times over, or, with
    options, one choice each time (not read: the reader makes no such ability); "{1}{G}: Add one mana of any
    color." as often as it is paid (CR 605.3). "Activate only once each turn.": once (CR 602.5b). "{1}, Remove X
    storage counters from this land: Add X mana …": once, with every such counter (``amounts``, CR 107.3).
    """
    options = list(ability.options or (ability.units,))
    spell_only = ability.spend_only is not None
    if _costs_mana(ability):
        options = _outputs(ability, amounts)  # "Remove X storage counters: Add X mana …": all of them, once
        if not options:
            return None
        return ManaSource(
            options[0],
            consumed=ability.sacrifices,
            activation=ability.activation,
            activation_colours=ability.activation_colours,
            options=tuple(options) if len(options) > 1 else (),
            taps=False,
            repeatable=not (ability.sacrifices or ability.once_each_turn or ability.removes_counted),
            spell_only=spell_only,
        )
    if ability.per_power or ability.per_count is not None or len(options) > 1:
        raise UnsupportedRuleError("", str(ability), "a mana ability without {T} whose mana is a choice or a number")
    times = 1
    if ability.counter and not ability.sacrifices:
        times = counters.get(ability.counter, 0) // ability.counters_removed
        times = min(times, 1) if ability.once_each_turn else times  # (CR 602.5b)
    if not times:
        return None
    return ManaSource(options[0] * times, consumed=ability.sacrifices, taps=False, spell_only=spell_only)


def _power_for_mana(state: GameState, obj: GameObject) -> int:
    """The permanent's power as the game sees it, with counters, for "an amount of {G} equal to ~'s power" (CR 208.3).

    Raises
    ------
    UnsupportedRuleError
        An unread static line that may change power (CR 613.4), or a power an ability defines.
    """
    if (changing := unread_static_line(state, STATIC_POWER_CHANGE)) is not None:
        raise UnsupportedRuleError(
            changing[0].name,
            changing[1],
            f"it may change power (CR 613.4), which is not read: how much mana {obj.name} makes can't be told",
        )
    return number_of(obj, "power")


_GIVES_HASTE = re.compile(r"\bhaste\b|\blose(s)? all\b")


def _refuse_others_mana_triggers(state: GameState, caster: PlayerId) -> None:
    """Refuse under another's triggered mana ability not read that may add mana to the caster (CR 605.1b).

    "Whenever a player taps a land for mana, that player adds one mana of any type that land produced." (Heartbeat
    of Spring), "Whenever enchanted land is tapped for mana, its controller adds an additional {G}." (Wild Growth,
    on anyone's land): whoever controls it. "Whenever you tap …" adds to its controller alone, refused where that
    player's own permanents are read (:func:`_mana_of_permanent`).

    Raises
    ------
    UnsupportedRuleError
        Such an ability of a permanent another player controls.
    """
    for obj in state.battlefield():
        if obj.controller == caster:
            continue
        for unread in abilities_of(obj).permanent_unsupported:
            if _enchants_anothers(state, obj, caster) and unread.span.lower().startswith("whenever enchanted"):
                continue  # "its controller adds": the enchanted permanent's controller, not the caster
            if "mana" in unread.topics and _ANYONES_MANA_TRIGGER.match(unread.span.lower()):
                raise UnsupportedRuleError(obj.name, unread.span, f"{unread.reason}: it may add mana to {caster}")


def _enchants_anothers(state: GameState, aura: GameObject, caster: PlayerId) -> bool:
    """Whether the state says the Aura is attached to a permanent another player than the caster controls."""
    attached = aura.attached_to
    return attached is not None and state.has_object(attached) and state.object(attached).controller != caster


_ANYONES_MANA_TRIGGER = re.compile(r"whenever (?!you tap\b)")
"""A triggered mana ability that may add mana to another player than its controller (not "Whenever you tap …")."""

_GIVES_MANA = re.compile(r'\b(has|have|gains?)\b[^.]*"[^"]*: add\b')
"""An unread line that may give permanents a mana ability ('Lands you control have "{T}: Add …"', CR 613.1f)."""

_STOPS_ACTIVATION = re.compile(
    r"can't be activated(?! unless they're mana abilities)|\blose(s)? all\b[^.]*\babilities\b"
)
"""An unread line that may keep mana abilities from being activated (CR 602.5, 605.3a, 613.1f)."""


def _has_haste(obj: GameObject) -> bool:
    """Whether a keyword line of its text, a granted ability or a haste counter is haste (CR 702.10, 122.1b).

    Its text's haste counts unless effects took it away (all its abilities, or haste, CR 613.1f); what effects
    gave it after is in ``granted``.
    """
    given = any(word.strip().casefold() == "haste" for line in obj.granted for word in line.split(","))
    if given or "haste" in keyword_counters(obj):
        return True
    if obj.abilities_lost or "haste" in (k.casefold() for k in obj.keywords_lost):
        return False
    lines = [line.split("(")[0] for line in obj.card.oracle_text.split("\n")]
    return any(word.strip().casefold() == "haste" for line in lines for word in line.split(","))


def mana_units(problem: CastProblem) -> int:
    """How much mana the caster can make at most (each source's units), with an assisting player's (CR 702.132a).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int
        The units of :func:`available_mana_sources` and :func:`assist_sources`: a bound on what can be paid.
    """
    return sum(source.most_units for source in available_mana_sources(problem) + assist_sources(problem))


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
    printed = (
        [spell.card.mana_cost]
        + [a.cost.mana for a in problem.abilities.alternative_costs]
        + [a.cost.mana for a in problem.abilities.additional_costs]
    )
    if any(
        s.kind not in (SymbolKind.VARIABLE, SymbolKind.GENERIC, SymbolKind.COLORED)
        for cost in printed
        if cost
        for s in cost.symbols
    ):
        raise UnsupportedRuleError(
            spell.name, "Assist", "assist with a cost that has symbols other than X, generic and coloured mana"
        )
    best: tuple[ManaSource, ...] = ()
    for player in problem.state.players:
        if player == problem.caster:
            continue
        found = mana_sources_of(problem.state, player)
        if any(source.activation_colours for source in found):  # paid with coloured mana, not generic
            raise UnsupportedRuleError(
                spell.name, "Assist", "assist with another player's mana ability whose cost has coloured mana"
            )
        theirs = tuple(
            ManaSource(
                (frozenset("C"),) * source.most_units,
                object_id=source.object_id,
                activation=source.activation,
                taps=source.taps,
                repeatable=source.repeatable,
            )
            for source in found
        )
        if sum(len(s.units) for s in theirs) > sum(len(s.units) for s in best):
            best = theirs
    return best


def _refuse_snow_from_the_pool(problem: CastProblem) -> None:
    """Refuse a cost with {S} while the caster has mana in their pool: whether a snow source made it is not given.

    Mana a snow permanent made pays {S} (CR 107.4h, 106.3), wherever it waits; the state gives the pool's mana by
    its symbols alone, so which of it may pay {S} can't be told (Icehide Golem with {G} in the pool and a tapped
    Snow-Covered Forest).
    """
    if not problem.state.pool_of(problem.caster).symbols:
        return
    abilities = problem.abilities
    printed = [problem.spell.card.mana_cost] + [
        a.cost.mana for a in abilities.alternative_costs + abilities.additional_costs
    ]
    for cost in printed:
        if cost and any(symbol.kind is SymbolKind.SNOW for symbol in cost.symbols):
            raise UnsupportedRuleError(
                problem.spell.name,
                str(cost),
                "{S} with mana in the pool: whether a snow source made that mana is not in the state (CR 107.4h)",
            )


Change = tuple[int, tuple[ManaCost, ...]]
"""What the targets chosen change in the total cost: generic mana (added or taken off), and mana added (CR 601.2f)."""

_NO_CHANGE: Change = (0, ())
"""No change: nothing chosen after the frame changes the total cost."""


def add_payment(
    problem: CastProblem,
    terms: list[CostTerm],
    tapping: set[str],
    delve: int | None = None,
    helpers: tuple[TappingKeyword, tuple[GameObject, ...]] | None = None,
) -> None:
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

    Parameters
    ----------
    problem : CastProblem
        With every cost term and cost-object variable added.
    terms : list of CostTerm
        The cost terms of the cast, delve's, convoke's or improvise's included.
    tapping : set of str
        The permanents that could be tapped to pay a cost: one tapped that way makes no mana (CR 601.2g).
    delve : int, optional
        How many cards of the graveyard could pay for delve; None without delve.
    helpers : (TappingKeyword, tuple of GameObject), optional
        Convoke or improvise, and the permanents that could be tapped for it; None without.

    Raises
    ------
    UnsupportedRuleError
        Convoke or improvise with delve; delve with permanents tapped to pay a cost; or as the cost changes
        read (:mod:`solver.rules.cost_changes`).
    """
    _refuse_snow_from_the_pool(problem)
    assisting = assist_sources(problem)
    sources = available_mana_sources(problem) + assisting if assisting else available_mana_sources(problem)
    payer = payer_of(problem, sources)
    if helpers is not None:
        payer = _payer_with_helpers(problem, sources, delve, *helpers)
    exact = generic_change(problem)
    total = _total_cost_of(problem, terms, payer, exact, exact - (delve or 0))
    problem.total_cost_targets = total.targets
    _set_total_cost_readers(problem, total)
    paying = _add_payment_rules(problem, total, sources)
    if delve is None and helpers is None and not assisting:
        problem.payment_rule = paying  # the mana of the sources available, the whole total cost
    if delve is not None:
        _add_delve(problem, total.scope, total.before_cost_objects, payer, total.life)
    if helpers is not None:
        _add_convoke(problem, total.scope, total.before_cost_objects, sources, total.life, helpers[0])
        return
    if any(source.object_id in tapping for source in sources):
        if delve is not None:
            raise UnsupportedRuleError(problem.spell.name, "Delve", "delve with permanents tapped to pay a cost")
        _add_untapped_payment(problem, total, sources)


def _payer_with_helpers(
    problem: CastProblem,
    sources: tuple[ManaSource, ...],
    delve: int | None,
    tapper: TappingKeyword,
    convoking: tuple[GameObject, ...],
) -> ManaPayer:
    """The payer of the choices before costs with convoke or improvise: each permanent counts as one more mana.

    Over the choices before costs, each permanent that could be tapped counts as one more mana of its colours, or
    generic ("C"): a condition the payment needs; the exact rule is over the permanents tapped (CR 702.51a,
    702.126a).

    Raises
    ------
    UnsupportedRuleError
        Convoke or improvise with delve.
    """
    if delve is not None:
        raise UnsupportedRuleError(
            problem.spell.name, tapper.keyword.capitalize(), f"{tapper.keyword} and delve on one spell"
        )
    return ManaPayer(
        sources + tuple(ManaSource((tapper.unit(c) or frozenset("C"),), object_id=None) for c in convoking)
    )


@dataclass(frozen=True, slots=True)
class _Frame:
    """The mana terms of the total cost and the choices before targets they read (CR 601.2b, 601.2f).

    Parameters
    ----------
    terms : list of CostTerm
        The terms with mana.
    keys : tuple of ChoiceKey
        The choices they read, X last if no term reads it and one has X.
    positions : list of tuple of int
        Per term, where in ``keys`` the values of its scope are.
    x_position : int or None
        Where X is in ``keys``; None when no term has X.
    """

    terms: list[CostTerm]
    keys: tuple[ChoiceKey, ...]
    positions: list[tuple[int, ...]]
    x_position: int | None


def _frame_of(terms: list[CostTerm]) -> _Frame:
    """The :class:`_Frame` of the terms with mana, in the order of ``terms``."""
    mana_terms = [term for term in terms if not term.cost.mana.is_empty]
    before: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(k for term in mana_terms for k in term.scope))
    has_x = any(term.cost.mana.has_x for term in mana_terms)
    if has_x and X not in before:
        before += (X,)
    positions = [tuple(before.index(k) for k in term.scope) for term in mana_terms]
    return _Frame(mana_terms, before, positions, before.index(X) if has_x else None)


@dataclass(frozen=True, slots=True)
class _LaterChanges:
    """What the choices after the frame change in the total cost (CR 601.2c, 601.2f): targets and objects paid.

    Parameters
    ----------
    keys : tuple of ChoiceKey
        The choices read after the frame's: the instances of "target" the changes read, then the choices whose
        payment the spell's own changes count that are not the frame's.
    named : list of (int, frozenset of str)
        Each change "if it targets …": its generic amount and the candidates it names.
    target_at : range
        Where the instances of "target" are in the frame's values followed by those of ``keys``.
    striving_at : list of (ManaCost, tuple of int)
        Strive's increases, each with where the instances it counts are.
    paid_at : list of (int, int, bool or str)
        The changes on how costs are paid: amount, where the choice is, and what is counted.
    cheapest : Change
        The lowest change the later choices can give: a bound before they are made.
    """

    keys: tuple[ChoiceKey, ...]
    named: list[tuple[int, frozenset[str]]]
    target_at: range
    striving_at: list[tuple[ManaCost, tuple[int, ...]]]
    paid_at: list[tuple[int, int, bool | str]]
    cheapest: Change


def _later_changes_of(problem: CastProblem, before: tuple[ChoiceKey, ...]) -> _LaterChanges:
    """The :class:`_LaterChanges` of the spell, after the frame's choices ``before``.

    Raises
    ------
    UnsupportedRuleError
        As :func:`~solver.rules.cost_changes.targeted_changes`, :func:`~solver.rules.cost_changes.per_target_increases`
        and :func:`~solver.rules.cost_changes.paid_cost_changes`.
    """
    named, targeted = targeted_changes(problem)
    striving = per_target_increases(problem)
    targets: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(targeted + tuple(key for _, keys in striving for key in keys)))
    width = len(before)
    target_at = range(width, width + len(targets))
    # "for each card exiled this way" (CR 601.2b, 601.2f); a choice with no variable is never made
    paid_changes = [change for change in paid_cost_changes(problem) if change[1] in problem.variables]
    targets += tuple(dict.fromkeys(key for _, key, _ in paid_changes if key not in before + targets))
    scope = before + targets
    paid_at = [(amount, scope.index(key), each) for amount, key, each in paid_changes]
    cheapest: Change = (
        sum(min(0, amount) for amount, _ in named)  # strive: no target beyond the first
        + sum(min(0, amount) * most_paid(problem, key, each) for amount, key, each in paid_changes),
        (),
    )
    striving_at = [(increase, tuple(scope.index(k) for k in keys)) for increase, keys in striving]
    return _LaterChanges(targets, named, target_at, striving_at, paid_at, cheapest)


def _target_change_function(state: GameState, later: _LaterChanges) -> Callable[[tuple[Any, ...]], Change]:
    """``target_change(values)``: what the later choices change, ``values`` the frame's then those of ``later.keys``.

    The generic change of the changes "if it targets …" and "for each … paid", and the mana strive adds for each
    target beyond the first (CR 207.2c, 601.2f), as a tuple of costs.
    """
    named, target_at, striving_at, paid_at = later.named, later.target_at, later.striving_at, later.paid_at

    def target_change(values: tuple[Any, ...]) -> Change:
        added: tuple[ManaCost, ...] = ()
        for increase, where in striving_at:
            beyond = sum(len(values[i]) for i in where if values[i]) - 1
            added += (increase,) * max(0, beyond)
        generic = 0
        for amount, at, each in paid_at:  # the objects paying, or whether the optional cost is paid
            if at < len(values) and values[at]:
                generic += amount * paid_amount(state, values[at], each)
        if not named:
            return generic, added
        chosen = {target for at in target_at if at < len(values) and values[at] for target in values[at]}
        return generic + sum(amount for amount, ids in named if not chosen.isdisjoint(ids)), added

    return target_change


def _changed_options_function(
    problem: CastProblem, frame: _Frame, coloured_off: ManaCost | None
) -> Callable[[tuple[Any, ...], Change], tuple[ManaCost, ...]]:
    """``changed_options(values, change)``: the frame's costs summed and changed, printed symbols reduced first.

    The parts of the total (each mana term as many times as the frame's ``values`` pay it, with X's value) and
    the mana ``change`` adds, summed; then the coloured reduction (CR 118.7b-c) and the generic change. A
    reduction meeting {2/C} symbols gives several options (CR 601.2b, 601.2f).
    """
    problem_of = ProblemRef(problem)  # kept by the problem: no reference back to it
    mana_terms, positions, x_position = frame.terms, frame.positions, frame.x_position
    # per term: whether its mana has X, and whether it is generic mana alone (then paid k times it is one sum)
    term_shapes = [
        (
            term.cost.mana.has_x,
            bool(term.cost.mana.symbols) and all(s.kind is SymbolKind.GENERIC for s in term.cost.mana.symbols),
        )
        for term in mana_terms
    ]

    def parts(values: tuple[Any, ...], added: tuple[ManaCost, ...] = ()) -> list[ManaCost]:
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

    def changed_options(values: tuple[Any, ...], change: Change) -> tuple[ManaCost, ...]:
        generic, added = change
        total = sum_costs(parts(values, added))
        if coloured_off is not None:  # "{2}{U}{U} less": the {U}{U} first (CR 118.7b-c)
            total, beyond = take_coloured(problem_of(), total, coloured_off)
            generic -= beyond
        if generic > 0:
            return (total.with_generic_increased(generic),)
        if generic < 0:
            return total.generic_reduction_options(-generic)
        return (total,)

    return changed_options


_Demand = tuple[dict[str, int], int]
"""What a total cost asks: mana of each type (by letter), and generic mana."""


def _demand_function(
    frame: _Frame, coloured_off: ManaCost | None, modifier: int
) -> Callable[[tuple[Any, ...], Change], _Demand | None]:
    """``demand(values, change)``: what the total cost asks, summed term by term without building it (CR 601.2f).

    Mana of each type, and generic mana after the generic changes (``modifier`` and the change's); None when a
    symbol is a choice (hybrid, Phyrexian, …) or coloured mana is taken off (the total is built then, CR
    118.7b-c). Read per frame by the engines: each term is compiled once.
    """
    mana_terms, positions, x_position = frame.terms, frame.positions, frame.x_position
    # each term's demand with X = 0 and its number of X symbols (X, Y or Z: each is X's value, as with_x reads
    # them), or None when a symbol is a choice (hybrid, Phyrexian, ...)
    term_demands = [
        (
            simple_demand(term.cost.mana),
            sum(1 for symbol in term.cost.mana.symbols if symbol.kind is SymbolKind.VARIABLE),
        )
        for term in mana_terms
    ]
    # per term: how many times it is paid as a function of the values (one argument read directly), and its
    # demand as (letter, amount) pairs, its generic amount and X symbols; None for a symbol that is a choice
    compiled = [
        (
            term.times,
            where[0] if len(where) == 1 else -1,
            where,
            None if simple is None else (tuple(simple[0].items()), simple[1], xs),
        )
        for (simple, xs), term, where in zip(term_demands, mana_terms, positions)
        if term.member is None
    ]
    member_tables = _member_tables(mana_terms, positions, term_demands)

    def demand_of(values: tuple[Any, ...], change: Change) -> _Demand | None:
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

    return demand_of


def _member_tables(
    mana_terms: list[CostTerm], positions: list[tuple[int, ...]], term_demands: list[tuple[_Demand | None, int]]
) -> list[tuple[int, dict[str, Any]]]:
    """The terms paid once when an object is in a value (splice costs, by the card spliced), by the value's place.

    Asked as membership in the value, without calling each term's ``times``: per place, each member's demand as
    (letter, amount) pairs, its generic amount and X symbols, or None for a symbol that is a choice.
    """
    members: dict[int, dict[str, Any]] = {}
    for (simple, xs), term, where in zip(term_demands, mana_terms, positions):
        if term.member is not None:
            members.setdefault(where[0], {})[term.member] = (
                None if simple is None else (tuple(simple[0].items()), simple[1], xs)
            )
    return list(members.items())


@dataclass(frozen=True, slots=True)
class _TotalCost:
    """The total cost of a cast as a function of its choices, and whether the mana pays it (CR 601.2f-h).

    Each function reads the values of the frame's choices (``before``), as a tuple in that order, and a
    :data:`Change` the later choices give (:attr:`split` makes both from the values of :attr:`scope`). Made once
    per problem; the engines ask them per frame.

    Parameters
    ----------
    before : tuple of ChoiceKey
        The frame's choices the total reads.
    targets : tuple of ChoiceKey
        The later choices it reads (:class:`_LaterChanges`).
    cheapest : Change
        The lowest change the later choices can give.
    life : int
        The caster's life, which pays Phyrexian mana (CR 119.4).
    split : callable
        ``split(values)``: the frame's values and the change, from the values of :attr:`scope`.
    target_change : callable
        ``target_change(values)``: the change, from the values of :attr:`scope`.
    total_cost : callable
        ``total_cost(values, change)``: the total announced (with several options, one that can be paid).
    can_pay_total : callable
        ``can_pay_total(values, change)``: whether the mana available pays it.
    count_payment : callable
        ``count_payment(values, change)``: the same when told from the demand alone, else None.
    pays : callable
        ``pays(payer, values, change)``: the first option that payer pays, or None.
    before_cost_objects : callable
        ``before_cost_objects(values)``: the total before delve or convoke pay any of it (CR 702.66b,
        702.51b), from the values of :attr:`scope`.
    reads_later_choices : bool
        Whether a later choice (a target, strive's targets, an object paid) may change the total: the payment
        rule then splits its values; else they are the frame's alone.
    """

    before: tuple[ChoiceKey, ...]
    targets: tuple[ChoiceKey, ...]
    cheapest: Change
    life: int
    split: Callable[[tuple[Any, ...]], tuple[tuple[Any, ...], Change]]
    target_change: Callable[[tuple[Any, ...]], Change]
    total_cost: Callable[[tuple[Any, ...], Change], ManaCost]
    can_pay_total: Callable[[tuple[Any, ...], Change], bool]
    count_payment: Callable[[tuple[Any, ...], Change], bool | None]
    pays: Callable[[ManaPayer, tuple[Any, ...], Change], ManaCost | None]
    before_cost_objects: Callable[[tuple[Any, ...]], ManaCost]
    reads_later_choices: bool

    @property
    def scope(self) -> tuple[ChoiceKey, ...]:
        """The frame's choices, then the later ones."""
        return self.before + self.targets


def _total_cost_of(
    problem: CastProblem, terms: list[CostTerm], payer: ManaPayer, exact: int, modifier: int
) -> _TotalCost:
    """The :class:`_TotalCost` of the cast, paid with ``payer``.

    ``exact`` is the generic change the state decides; ``modifier`` is it less what delve could pay, which the
    rule over the choices before costs assumes paid (:func:`add_payment`).
    """
    coloured_off = coloured_reduction(problem)
    life = problem.state.life_of(problem.caster)
    frame = _frame_of(terms)
    later = _later_changes_of(problem, frame.keys)
    width = len(frame.keys)
    target_change = _target_change_function(problem.state, later)
    changed_options = _changed_options_function(problem, frame, coloured_off)
    demand = _demand_function(frame, coloured_off, modifier)

    def total_options(values: tuple[Any, ...], change: Change) -> tuple[ManaCost, ...]:
        """The total cost, or its options when a reduction meets {2/C} symbols (CR 601.2b, 601.2f)."""
        return changed_options(values, (modifier + change[0], change[1]))

    def before_cost_objects(values: tuple[Any, ...]) -> ManaCost:
        generic, added = target_change(values)
        return changed_options(values[:width], (exact + generic, added))[0]

    def split(values: tuple[Any, ...]) -> tuple[tuple[Any, ...], Change]:
        return values[:width], target_change(values)

    pays, total_cost, can_pay_total, count_payment = _payment_functions(payer, life, total_options, demand)
    return _TotalCost(
        frame.keys,
        later.keys,
        later.cheapest,
        life,
        split,
        target_change,
        total_cost,
        can_pay_total,
        count_payment,
        pays,
        before_cost_objects,
        bool(later.keys or later.striving_at or later.paid_at),
    )


def _payment_functions(
    payer: ManaPayer,
    life: int,
    total_options: Callable[[tuple[Any, ...], Change], tuple[ManaCost, ...]],
    demand: Callable[[tuple[Any, ...], Change], _Demand | None],
) -> tuple[Callable[..., Any], ...]:
    """``pays``, ``total_cost``, ``can_pay_total`` and ``count_payment`` of :class:`_TotalCost`, kept per values.

    A total told by its demand alone is paid as counted (:meth:`~models.mana.ManaPayer.can_pay_demand`); else the
    sources are matched to the symbols (CR 601.2g-h).
    """
    totals: dict[tuple[Any, ...], ManaCost] = {}
    payable: dict[tuple[Any, ...], bool] = {}
    by_demand: dict[tuple[Any, ...], ManaCost] = {}  # a total of mana of one type or any alone, by what it asks
    can_pay_demand = payer.can_pay_demand

    def pays(with_payer: ManaPayer, values: tuple[Any, ...], change: Change) -> ManaCost | None:
        """The first total cost option this payer can pay, or None."""
        return next((option for option in total_options(values, change) if with_payer.can_pay(option, life=life)), None)

    def total_cost(values: tuple[Any, ...], change: Change) -> ManaCost:
        total = totals.get((values, change))
        if total is None:
            # a total whose every symbol asks for one type of mana or any is told by how much of each it asks
            # (the canonical order of its symbols is fixed, CR 107.4): one such total, many frames (X and kicks)
            found = demand(values, change)
            asked = (tuple(sorted((k, v) for k, v in found[0].items() if v)), found[1]) if found else None
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

    def count_payment(values: tuple[Any, ...], change: Change) -> bool | None:
        found = demand(values, change)
        return None if found is None else can_pay_demand(*found)

    def can_pay_total(values: tuple[Any, ...], change: Change) -> bool:
        answer = payable.get((values, change))
        if answer is None:
            answer = count_payment(values, change)
            if answer is None:  # a choice in the payment: match sources to symbols
                options = total_options(values, change)
                answer = (
                    payer.can_pay(total_cost(values, change), life=life)
                    if len(options) == 1
                    else pays(payer, values, change) is not None
                )
            payable[values, change] = answer
        return answer

    return pays, total_cost, can_pay_total, count_payment


def _set_total_cost_readers(problem: CastProblem, total: _TotalCost) -> None:
    """Set :attr:`CastProblem.total_cost_of`, ``total_cost_keys`` and ``total_cost_of_values`` (CR 601.2f)."""
    before, targets, cheapest = total.before, total.targets, total.cheapest
    total_cost, target_change = total.total_cost, total.target_change

    def total_of_assignment(assignment: Mapping[ChoiceKey, Any]) -> ManaCost:
        values = tuple(assignment[key] for key in before)
        if all(key in assignment for key in targets):
            return total_cost(values, target_change(values + tuple(assignment[key] for key in targets)))
        return total_cost(values, cheapest)  # targets not chosen yet: the cheapest total they allow

    problem.total_cost_of = total_of_assignment
    problem.total_cost_keys = before
    scope, before_cost_objects = total.scope, total.before_cost_objects
    problem.total_cost_before_cost_objects = lambda assignment: before_cost_objects(
        tuple(assignment[key] for key in scope)
    )
    no_change = _NO_CHANGE
    if not targets:  # nothing chosen later changes the total (CR 601.2f)
        problem.total_cost_of_values = lambda values: total_cost(values, no_change)


def _add_payment_rules(problem: CastProblem, total: _TotalCost, sources: tuple[ManaSource, ...]) -> Constraint:
    """The constraint that the mana available pays the total cost (CR 601.2h); returns the one over the frame.

    Over the frame's choices and the later ones the total reads; when there are later ones, one more over the
    frame's alone asks that the cheapest total they allow can be paid (a condition the payment needs).
    """
    caster, life, scope, targets, cheapest = problem.caster, total.life, total.scope, total.targets, total.cheapest
    split, total_cost, can_pay_total, count_payment = (
        total.split,
        total.total_cost,
        total.can_pay_total,
        total.count_payment,
    )

    no_change = _NO_CHANGE

    def can_pay_before_targets(*values: Any) -> bool:
        """The payment rule when no choice after the frame changes the total: the values are the frame's.

        Counted from the demand when it can be (nothing kept: the walk over the frames asks each frame once),
        else matched and kept as ``can_pay_total`` does.
        """
        counted = count_payment(values, no_change)
        return counted if counted is not None else can_pay_total(values, no_change)

    unknown_facts = _turn_facts_note(problem)  # a string: the reason keeps no reference to the problem
    paying = problem.add_constraint(
        scope,
        (lambda *values: can_pay_total(*split(values))) if total.reads_later_choices else can_pay_before_targets,
        "CR 601.2h",
        "the total cost can be paid with the mana available",
        lambda *values: (
            f"the total cost {total_cost(*split(values))} can't be paid with the mana available to "
            f"{caster} ({_describe(sources)})" + _life_note(total_cost(*split(values)), caster, life) + unknown_facts
        ),
        kind=ConstraintKind.GENERAL if targets else ConstraintKind.MONOTONE,
    )
    if targets:
        paying = problem.add_constraint(
            total.before,
            lambda *values: can_pay_total(values, cheapest),
            "CR 601.2h",
            "the total cost with every reduction the targets can give can be paid with the mana available",
            lambda *values: (
                f"the total cost {total_cost(values, cheapest)}, with every reduction its targets can give, can't "
                f"be paid with the mana available to {caster} ({_describe(sources)})"
                + _life_note(total_cost(values, cheapest), caster, life)
            ),
            kind=ConstraintKind.MONOTONE,
        )
    return paying


def _add_untapped_payment(problem: CastProblem, total: _TotalCost, sources: tuple[ManaSource, ...]) -> None:
    """A permanent tapped to pay a cost can't also have been tapped for mana: the rest pays (CR 601.2g-h).

    One constraint over the total cost's choices and the permanents tapped; and, where the permanents tapped
    have their count of needs (:attr:`ProblemMemo.object_needs`), their joint count
    (:func:`~solver.rules.object_costs.add_joint_tap_count`).
    """
    tap = CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD)
    scope, split, can_pay_total, pays, total_cost = (
        total.scope,
        total.split,
        total.can_pay_total,
        total.pays,
        total.total_cost,
    )
    # the permanents tapped may already be in the scope, when the total cost counts them (CR 601.2f)
    full = scope if tap in scope else scope + (tap,)
    tap_at = full.index(tap)

    source_ids = frozenset(s.object_id for s in sources if s.object_id is not None)
    untapped: dict[frozenset[str], ManaPayer] = {}  # the payer of the sources left, by the sources tapped

    def pay_untapped(*values: Any) -> bool:
        taps, rest_values = values[tap_at], values[: len(scope)]
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
        full,
        pay_untapped,
        "CR 601.2g",
        "a permanent tapped to pay a cost can't also have been tapped for mana",
        lambda *values: (
            f"the total cost {total_cost(*split(values[: len(scope)]))} can't be paid without the "
            f"mana of {', '.join(values[tap_at])}, tapped to pay a cost"
        ),
    )
    if tap not in scope and tap in problem.memo.object_needs:
        add_joint_tap_count(problem, tap, scope, sources, lambda rest, values: pays(rest, *split(values)))


def _add_delve(
    problem: CastProblem,
    scope: tuple[ChoiceKey, ...],
    total: Callable[[tuple[Any, ...]], ManaCost],
    payer: ManaPayer,
    life: int,
) -> None:
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
            return (
                f"{len(exiled)} cards exiled for delve, but the total cost {cost} has {cost.generic} generic mana "
                "for them to pay"
            )
        return (
            f"the total cost {cost}, less {{{len(exiled)}}} paid by the cards exiled for delve, can't be paid "
            f"with the mana available to {caster}"
        )

    problem.add_constraint(
        scope + (key,),
        pays,
        "CR 702.66a",
        "each card exiled for delve pays {1} of the generic mana, and the mana the rest",
        describe,
    )


@dataclass(frozen=True, slots=True)
class TappingKeyword:
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


def tapping_keyword(problem: CastProblem) -> TappingKeyword | None:
    """The spell's convoke or improvise, or None; both on one spell is not modelled.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    TappingKeyword or None

    Raises
    ------
    UnsupportedRuleError
        Convoke and improvise on one spell.
    """
    abilities = problem.abilities
    if abilities.convoke and abilities.improvise:
        raise UnsupportedRuleError(problem.spell.name, "Convoke, Improvise", "convoke and improvise on one spell")
    if abilities.convoke:
        return TappingKeyword("convoke", TargetKind.CREATURE, _convoke_unit, "CR 702.51a")
    if abilities.improvise:
        return TappingKeyword("improvise", TargetKind.ARTIFACT, lambda artifact: frozenset(), "CR 702.126a")
    return None


def _convoke_unit(creature: GameObject) -> frozenset[str]:
    """The mana a creature convoking may stand for: one of its colours, or generic only ("C" then, CR 702.51a)."""
    return frozenset(c.letter for c in creature.card.colors) or frozenset("C")


def _add_convoke(
    problem: CastProblem,
    scope: tuple[ChoiceKey, ...],
    total: Callable[[tuple[Any, ...]], ManaCost],
    sources: tuple[ManaSource, ...],
    life: int,
    tapper: TappingKeyword,
) -> None:
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
        if (
            tapper.keyword == "convoke"
            and any(s.kind is SymbolKind.COLORLESS for s in cost.symbols)
            and any(not state.object(c).card.colors for c in tapped)
        ):
            raise UnsupportedRuleError(spell_name, "Convoke", "a colorless creature convoking a cost with {C}")
        rest = ManaPayer(tuple(s for s in sources if s.object_id not in tapped))
        units = [tapper.unit(state.object(c)) for c in tapped]
        return _convoke_pays(list(cost.symbols), units, rest, life)

    def describe(*values: Any) -> str:
        return (
            f"the {kind} tapped for {tapper.keyword} ({', '.join(values[-1])}) can't each pay one mana of the "
            f"total cost {total(values[:-1])} with the mana of {caster} paying the rest"
        )

    problem.add_constraint(
        scope + (key,),
        pays,
        tapper.rule,
        f"each of the {kind} tapped for {tapper.keyword} pays one mana of the total cost, and the mana the rest",
        describe,
    )


def _convoke_pays(symbols: list[ManaSymbol], units: list[frozenset[str]], rest: ManaPayer, life: int) -> bool:
    """Whether each convoking unit can pay one mana (generic, or a symbol of its colour) and ``rest`` the others."""
    if not units:
        return rest.can_pay(ManaCost(tuple(symbols)), life=life)
    unit, others = units[0], units[1:]
    tried: set[tuple[Any, ...]] = set()
    for index, symbol in enumerate(symbols):
        letters = {c.letter for c in symbol.colors}
        if symbol.kind is SymbolKind.GENERIC and symbol.amount > 0:
            left = ManaSymbol(SymbolKind.GENERIC, amount=symbol.amount - 1)
            remaining = symbols[:index] + ([left] if left.amount else []) + symbols[index + 1 :]
        elif (
            symbol.kind
            in (
                SymbolKind.COLORED,
                SymbolKind.HYBRID,
                SymbolKind.PHYREXIAN,
                SymbolKind.GENERIC_HYBRID,
                SymbolKind.COLORLESS_HYBRID,
            )
            and letters & unit
        ):
            remaining = symbols[:index] + symbols[index + 1 :]  # the creature pays that coloured mana
        else:
            continue
        signature = tuple(sorted(str(s) for s in remaining))
        if signature in tried:
            continue
        tried.add(signature)
        if _convoke_pays(remaining, others, rest, life):
            return True
    return False


def add_waterbend_objects(problem: CastProblem, key: CostObjectsKey, needs: list[ObjectNeed]) -> tuple[str, ...]:
    """The artifacts and creatures tapped for a waterbend cost: at most its generic mana (CR 701.67a-b).

    One variable, the set tapped (a choice of the cast: they become tapped, CR 601.2h), and one constraint over
    it and the choice of paying: no more of them than the generic mana of the waterbend cost each time it is
    paid, none when it is not. Each one tapped takes {1} off the total cost (the spell's own cost change, read
    by :func:`paid_cost_changes`), and can't also be tapped for mana (CR 601.2g, :func:`add_payment`).

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
        Tap, on the battlefield.
    needs : list of ObjectNeed
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
    if (
        generic_change(problem)
        or target_cost_changes(problem)
        or coloured_reduction(problem) is not None
        or len(paid_cost_changes(problem)) > 1
        or per_target_increases(problem)
    ):
        raise UnsupportedRuleError(
            name,
            need.term.cost.text,
            "waterbend with another change of the total cost: "
            "which generic mana the permanents tapped pay is not "
            "read (CR 701.67b)",
        )
    candidates = tuple(o.id for o in cost_object_pool(problem, key) if need.matches(o))
    if len(candidates) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(
            name, need.cost.text, f"'any number' of permanents to tap over {MOST_CANDIDATES_FOR_ANY_NUMBER} candidates"
        )
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
        return (
            isinstance(value, tuple)
            and len(set(value)) == len(value)
            and all(v in candidates for v in value)
            and len(value) <= ceiling
        )

    def all_values() -> Iterator[tuple[str, ...]]:
        for length in range(min(len(candidates), ceiling) + 1):
            yield from itertools.combinations(candidates, length)

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = tuple(value) if isinstance(value, (tuple, list)) else ()
        return (cost_objects_reason(problem_of(), key, given, candidates, 0, ceiling),)

    problem.add_variable(
        key,
        LazyDomain(all_values, in_domain, "sets of artifacts and creatures to tap (waterbend)"),
        "CR 601.2h",
        why_not,
    )

    def pays(*values: Any) -> bool:
        chosen = values[-1]
        return all(c in candidates for c in chosen) and len(chosen) <= most(*values[:-1])

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        for length in range(min(len(candidates), most(*values)) + 1):
            yield from itertools.combinations(candidates, length)

    def describe(*values: Any) -> str:
        return (
            f"{len(values[-1])} permanents tapped for waterbend; the waterbend cost paid has {most(*values[:-1])} "
            "generic mana for them to pay"
        )

    problem.add_constraint(
        scope + (key,),
        pays,
        "CR 701.67b",
        "the permanents tapped for waterbend pay only its generic mana, and none when it is not paid",
        describe,
        generate=generate,
    )
    return candidates


def _turn_facts_note(problem: CastProblem) -> str:
    """For a cost change counted from a ``this_turn`` fact the state does not give: it was taken as none."""
    given = problem.state.this_turn.given
    facts = sorted(
        {
            modifier.per.turn_fact
            for modifier in cost_modifiers_of(problem)
            if modifier.per is not None and modifier.per.turn_fact is not None and modifier.per.turn_fact not in given
        }
    )
    if not facts:
        return ""
    return (
        f"; its cost change counts this_turn.{', this_turn.'.join(facts)}, which the state does not give: taken as none"
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
