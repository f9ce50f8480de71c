"""Compile one cast into a :class:`solver.problem.CastProblem` (CR 601.2).

The rules modules add their variables, constraints and cost terms in the
order the rules make the choices: the zone and timing (CR 601.2a, 601.3,
117, 307), the half of a split card (709.3, 702.102a), modes (601.2b, 700.2,
702.42, 702.120), Spree (702.172), splices (601.2b, 702.47), the alternative
cost, optional costs and X (601.2b, 118.8-9, 107.3), targets and divisions
(601.2c-d, 115), then the total cost and the objects that pay it (601.2f-h,
118).
"""

from __future__ import annotations

import dataclasses
import functools
import operator

from models.abilities import FACE_DOWN_KEYWORDS, AlternativeCost, CardAbilities, Instruction
from models.cast import Cast
from models.choices import DivisionKey, TargetKey
from models.errors import CastFormatError, InputError, UnsupportedRuleError
from models.objects import Card, GameObject, ObjectId, Phase, PlayerId, Zone
from models.state import GameState
from solver.abilities import abilities_of
from solver.backends import get_engine
from solver.problem import CastProblem, Variable, share_state_memo, state_memo
from solver.rules.cast_as import (
    can_be_prototyped,
    cast_as_abilities,
    cast_as_choices,
    spell_cast_as,
    spell_prototyped,
)
from solver.rules.conditions import count_of, requirement_holds
from solver.rules.costs import add_cost_choices, add_cost_rules
from solver.rules.layers import as_the_game_sees_it_while_cast
from solver.rules.modes import add_mode_rules, add_paid_mode_rules
from solver.rules.splice import add_splice_rules
from solver.rules.split import add_face_rules, halves_reason, spell_of_halves
from solver.rules.spree import add_spree_rules
from solver.rules.targets import add_target_rules
from solver.rules.prohibitions import add_casting_rules, granted_alternative_costs, top_of_library
from solver.rules.timing import add_choice_timing_rules, add_timing_rules
from solver.rules.zones import CONVERTED, RESOLVING_KEYWORDS, ZoneWay, zone_ways

__all__ = ["build_cast_problem", "recorded_problem", "spell_problem", "check_stack_records", "cast_of_spell"]


def _with_way_costs(name: str, abilities: CardAbilities, ways: tuple[ZoneWay, ...]) -> CardAbilities:
    """The abilities with the costs the way of casting adds: jump-start's and retrace's discards, harmonize's tap.

    CR 702.133a, 702.81a, 702.180a.

    Raises
    ------
    UnsupportedRuleError
        Two ways from one zone of which one adds a cost: which way is used would be a choice, not modelled.
    """
    added = [way.additional for way in ways if way.additional is not None]
    changes = [way.modifier for way in ways if way.modifier is not None]
    if not added and not changes:
        return abilities
    if len(ways) > 1:
        raise UnsupportedRuleError(
            name,
            ", ".join(way.keyword for way in ways),
            "two ways to cast the card from one zone, one with a cost added",
        )
    return dataclasses.replace(
        abilities,
        additional_costs=abilities.additional_costs + tuple(added),
        cost_modifiers=abilities.cost_modifiers + tuple(changes),
    )


def _way_of_record(
    spell: GameObject, caster: PlayerId, abilities: CardAbilities, recorded: Cast, transformed: bool
) -> tuple[ZoneWay, ...]:
    """The way a spell on the stack was cast from the zone its record names, for the costs it added (CR 601.2b).

    The ways from that zone (:func:`~solver.rules.zones.zone_ways`, the card put back where it was) whose
    alternative cost is the record's; of several, those that add a cost the record paid, or else those that add
    none. A madness or miracle cast is its trigger's (CR 702.35a, 702.94a).
    """
    resolving = recorded.alternative_cost if recorded.alternative_cost in RESOLVING_KEYWORDS else None
    placed = dataclasses.replace(spell, zone=recorded.zone)
    ways = [
        way
        for way in zone_ways(placed, caster, abilities, transformed=transformed, resolving=resolving)
        if way.alternative == recorded.alternative_cost
    ]
    if len(ways) > 1:
        paid = {keyword for keyword, times in recorded.additional_costs if times}
        ways = [way for way in ways if way.additional is not None and way.additional.keyword in paid] or [
            way for way in ways if way.additional is None
        ]
    return tuple(ways[:1])


def _with_counted_divisions(problem: CastProblem) -> CardAbilities:
    """The abilities with each "X divided …, where X is the number of …" read as that number now (CR 107.3c).

    X is counted as the spell is cast; the instance then divides that fixed amount (CR 601.2d).

    Raises
    ------
    UnsupportedRuleError
        A count of 0: nothing to divide, which this version does not model.
    """
    abilities = problem.abilities

    def counted(instruction: Instruction) -> Instruction:
        specs = []
        for spec in instruction.targets:
            if spec.divided_count is not None:
                amount = count_of(problem, spec.divided_count)
                if amount < 1:
                    raise UnsupportedRuleError(problem.spell.name, spec.phrase, "X divided is 0: nothing to divide")
                spec = dataclasses.replace(spec, divided=amount, divided_x=False, divided_count=None)
            specs.append(spec)
        return dataclasses.replace(instruction, targets=tuple(specs))

    if not any(
        s.divided_count for i in abilities.spell_text + tuple(m.instruction for m in abilities.modes) for s in i.targets
    ):
        return abilities
    return dataclasses.replace(
        abilities,
        spell_text=tuple(counted(i) for i in abilities.spell_text),
        modes=tuple(dataclasses.replace(m, instruction=counted(m.instruction)) for m in abilities.modes),
    )


def _differ_only_in(state: GameState, other: GameState, card: str) -> bool:
    """Whether two states hold the same objects (by identity) but the one with id ``card``, and the same rest."""
    if len(state.objects) != len(other.objects) or state.players != other.players or state.stack != other.stack:
        return False
    return all(a is b or (a.id == b.id == card) for a, b in zip(state.objects, other.objects)) and (
        (state.active_player, state.priority, state.phase, state.life, state.mana_pool, state.this_turn)
        == (other.active_player, other.priority, other.phase, other.life, other.mana_pool, other.this_turn)
    )


def _states_while_cast(
    state: GameState,
    card: str,
    halves: tuple[str, ...],
    cast_as: str | None,
    prototyped: bool,
    recorded: Cast | None,
    without_paying_mana_cost: bool,
) -> tuple[GameState, GameState]:
    """The game as it is seen while the card is cast, and that state with the object the way it is cast.

    The first has every permanent's characteristics, the layers applied with the card on the stack (CR 613,
    601.2a); the second the card's half, face, face down, bestowed or prototyped (:func:`_state_as_cast`).

    Raises
    ------
    InputError
        No object ``card`` in the state.
    """
    if not state.has_object(card):
        raise InputError("card", f"no object with id {card!r} in the state")
    if recorded is None:  # what the spells on the stack were cast with is read by rules only once judged
        check_stack_records(state)
    whole = as_the_game_sees_it_while_cast(state, card)
    as_cast = _state_as_cast(
        whole,
        card,
        halves=halves,
        cast_as=cast_as,
        prototyped=prototyped,
        cast_from=recorded.zone if recorded is not None else None,
        recorded=recorded,
        without_paying_mana_cost=without_paying_mana_cost,
    )
    return whole, as_cast


def _refuse_the_top_of_the_library(whole: GameState, card: str, caster: PlayerId) -> None:
    """Refuse a cast that hangs on which card is on top of the library, which the state doesn't say (CR 401.2)."""
    if (top := top_of_library(whole, whole.object(card), caster)) is not None:
        raise UnsupportedRuleError(
            top[0].name, top[1].text, "which card is on top of the library is not in the state (CR 401.2)"
        )


def _refuse_converted_elsewhere(spell: GameObject, abilities: CardAbilities) -> None:
    """Refuse a card with More Than Meets the Eye cast from another zone than the hand (an effect's may_cast).

    It may be cast converted from there too: not modelled (CR 702.162a).
    """
    converted = abilities.more_than_meets_the_eye
    if converted is not None:
        raise UnsupportedRuleError(
            spell.name, converted.text, "casting converted from another zone than the hand is not modelled"
        )


def build_cast_problem(
    state: GameState,
    card: str,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    halves: tuple[str, ...] = (),
    cast_as: str | None = None,
    prototyped: bool = False,
    resolving: str | None = None,
    recorded: Cast | None = None,
    is_copy: bool = False,
    keep_targets: bool = False,
) -> CastProblem:
    """The CSP of casting one object.

    Parameters
    ----------
    state : GameState
    card : str
        The id of the object to cast.
    player : str or None
        The caster; by default the card's owner.
    without_paying_mana_cost : bool
        Cast with the alternative cost "without paying its mana cost"
        (CR 118.9); additional costs (Spree modes, splice) are still paid.
    halves : tuple of str
        For a split card, the half cast, or both halves for a fused split
        spell (CR 709.3, 702.102a); see :func:`solver.rules.split.half_choices`.
    cast_as : str or None
        Cast face down (``"morph"``, ``"megamorph"``, ``"disguise"``: a 2/2 creature with no text, for {3}, CR
        702.37a-c, 702.168a, 708.4) or bestowed (``"bestow"``: an Aura spell with enchant creature, CR
        702.103a-b); see :func:`solver.rules.cast_as.cast_as_choices`.
    prototyped : bool
        Cast prototyped: with the prototype's mana cost, power, toughness and colours (CR 702.160a, 718.3b),
        with any alternative cost; see :func:`solver.rules.cast_as.can_be_prototyped`.
    resolving : str or None
        ``"madness"`` or ``"miracle"``: cast as that keyword's triggered ability resolves, for its cost, with no
        priority and no timing rule (CR 702.35a, 702.94a, 608.2g); see
        :data:`solver.rules.zones.RESOLVING_KEYWORDS`.
    recorded : Cast or None
        The object is a spell on the stack cast with these choices (:attr:`CastProblem.recorded`; see
        :func:`recorded_problem`, which reads ``halves``, ``cast_as`` and ``without_paying_mana_cost`` from it).
    is_copy, keep_targets : bool
        With ``recorded``: the problem is of a copy of the spell, a new object that may target the original
        (CR 707.10, 115.5), choosing new targets or, with ``keep_targets``, keeping the original's (CR 707.10c).

    Returns
    -------
    CastProblem

    Raises
    ------
    InputError
        Unknown object or player; halves that can't be chosen for the object; an unknown ``resolving``.
    UnsupportedRuleError
        Text bearing on this cast that legalcasts can't read.
    """
    whole, state = _states_while_cast(
        state, card, tuple(halves), cast_as, prototyped, recorded, without_paying_mana_cost
    )
    cast_from = recorded.zone if recorded is not None else None  # a spell on the stack: where it was cast from
    spell = state.object(card)
    caster = _caster_of(state, spell, player)
    if recorded is None:
        _refuse_the_top_of_the_library(whole, card, caster)
    transformed = bool(halves) and whole.object(card).card.layout == "transform"
    abilities = _abilities_as_cast(
        spell, whole.object(card), cast_as=cast_as, cast_from=cast_from, transformed=transformed
    )
    abilities, ways = _with_ways_to_cast(
        spell, caster, abilities, recorded=recorded, transformed=transformed, resolving=resolving
    )
    if ways and not halves and recorded is None and spell.zone is not Zone.HAND:
        _refuse_converted_elsewhere(spell, abilities)
    # plotted, or an effect's "without paying" (CR 118.9); beside a way that pays, the view holds both problems
    ways, free, free_too = _ways_paying_or_free(ways, without_paying_mana_cost)
    problem = CastProblem(
        state,
        caster,
        spell,
        abilities,
        without_paying_mana_cost or free,
        halves=tuple(halves),
        cast_as=cast_as,
        prototyped=prototyped,
        resolving=resolving,
        zone_ways=ways,
        is_copy=is_copy,
        recorded=recorded,
        keep_targets=keep_targets,
        free_too=free_too,
    )
    _add_everything_else(problem, whole)
    return problem


def _add_everything_else(problem: CastProblem, whole: GameState) -> None:
    """Complete a new problem: its ways that hold, its rules in the order the choices are made (CR 601.2).

    Before the rules: what the state decides shared, divisions counted, the alternative costs permanents grant
    (CR 118.9) added.
    """
    problem.zone_ways = _ways_that_hold(problem)
    _share_what_the_state_decides(problem)
    problem.abilities = _with_counted_divisions(problem)
    if not problem.spell.card.is_land and (granted := granted_alternative_costs(problem)):  # CR 118.9
        problem.abilities = dataclasses.replace(
            problem.abilities, alternative_costs=problem.abilities.alternative_costs + granted
        )
    _add_rules_in_choice_order(problem, whole)


def _state_as_cast(
    whole: GameState,
    card: str,
    *,
    halves: tuple[str, ...],
    cast_as: str | None,
    prototyped: bool,
    cast_from: Zone | None,
    recorded: Cast | None,
    without_paying_mana_cost: bool,
) -> GameState:
    """The state with the object the way it is cast: the halves or face cast, face down or bestowed.

    Parameters
    ----------
    whole : GameState
        The state as the game sees it (its layers applied, CR 613).
    card : str
        The id of the object cast.
    halves, cast_as, prototyped, recorded, without_paying_mana_cost
        As :func:`build_cast_problem` takes them.
    cast_from : Zone or None
        For a spell on the stack, the zone its record says it was cast from.

    Returns
    -------
    GameState
        ``whole`` itself when nothing changes; else a state that shares ``whole``'s memo when only the card
        differs (:func:`~solver.problem.share_state_memo`).

    Raises
    ------
    InputError
        Halves that can't be chosen (:func:`~solver.rules.split.spell_of_halves`); a way of casting
        (``cast_as``) the card can't be cast with, or one given with halves (CR 702.37a, 702.103a, 702.168a);
        prototyped for a card with no prototype, or with halves or another way of casting (CR 702.160a).
    """
    state = spell_of_halves(whole, card, halves, cast_from=cast_from)
    if cast_as is not None:
        # a spell on the stack cast face down is face down in the state already (CR 708.4)
        allowed = cast_as_choices(whole, card, without_paying_mana_cost) + (
            tuple(FACE_DOWN_KEYWORDS) if recorded is not None else ()
        )
        if cast_as not in allowed or halves:
            raise InputError(
                "cast_as", f"{whole.object(card).name} can't be cast with {cast_as!r} (CR 702.37a, 702.103a, 702.168a)"
            )
        state = spell_cast_as(state, card, cast_as)
    if prototyped:
        if halves or cast_as is not None or not can_be_prototyped(whole, card):
            raise InputError("prototyped", f"{whole.object(card).name} can't be cast prototyped (CR 702.160a)")
        state = spell_prototyped(state, card)
    if state is not whole and _differ_only_in(state, whole, card):
        share_state_memo(state, whole)  # a half or a face of the card: the rest of the state is read once
    return state


def _caster_of(state: GameState, spell: GameObject, player: str | None) -> PlayerId:
    """Who casts the spell: ``player``, or by default its owner (CR 601.2).

    Raises
    ------
    UnsupportedRuleError
        The object is a prepared permanent: casting a copy of its spell is newer than the rules followed.
    InputError
        ``player`` is not a player of the state.
    """
    if spell.zone is Zone.BATTLEFIELD and spell.prepared:
        # the permanent's controller may cast a copy of its spell: a mechanic newer than the rules followed
        raise UnsupportedRuleError(
            spell.name,
            "prepared",
            "casting a copy of a prepared permanent's spell is not "
            "modelled (the Comprehensive Rules followed have no prepare "
            "rules)",
        )
    if player is not None and player not in state.players:
        raise InputError("player", f"unknown player {player!r} (players are {', '.join(state.players)})")
    return PlayerId(player) if player is not None else spell.owner


def _abilities_as_cast(
    spell: GameObject, front: GameObject, *, cast_as: str | None, cast_from: Zone | None, transformed: bool
) -> CardAbilities:
    """The abilities of the object cast: its own, or those of the way it is cast, with disturb's cost.

    Parameters
    ----------
    spell : GameObject
        The object as it is cast (its half, face, face down or bestowed).
    front : GameObject
        The object as the game sees it, before it is cast.
    cast_as : str or None
        Cast face down or bestowed (:func:`~solver.rules.cast_as.cast_as_abilities`).
    cast_from : Zone or None
        For a spell on the stack, the zone it was cast from; else the zone it is in.
    transformed : bool
        The back face is cast by disturb, for the front face's disturb cost (CR 702.146a, 712.11d), or converted
        by More Than Meets the Eye, for that cost (CR 702.162a).

    Returns
    -------
    CardAbilities

    Raises
    ------
    UnsupportedRuleError
        Text of a card that is not a land that bears on casting it from that zone and is not read.
    """
    abilities = abilities_of(spell) if cast_as is None else cast_as_abilities(spell, cast_as, abilities_of(front))
    if not spell.card.is_land:
        unread = abilities.unsupported_when_cast_from(cast_from or spell.zone)
        if unread:
            raise UnsupportedRuleError(spell.name, unread[0].span, unread[0].reason)
    if transformed:  # cast by disturb: the back face, for its front face's disturb cost (CR 702.146a, 712.11d)
        disturb = tuple(c for c in abilities_of(front).alternative_costs if c.keyword == "disturb")
        converted = abilities_of(front).more_than_meets_the_eye  # or converted, from the hand (CR 702.162a)
        if converted is not None:
            disturb += (AlternativeCost(CONVERTED, converted, "CR 702.162a", zone=Zone.HAND),)
        abilities = dataclasses.replace(abilities, alternative_costs=abilities.alternative_costs + disturb)
    return abilities


def _with_ways_to_cast(
    spell: GameObject,
    caster: PlayerId,
    abilities: CardAbilities,
    *,
    recorded: Cast | None,
    transformed: bool,
    resolving: str | None,
) -> tuple[CardAbilities, tuple[ZoneWay, ...]]:
    """The abilities with the costs the way of casting from the card's zone adds, and the ways (CR 601.2b, 601.3).

    A spell on the stack was cast already: whether it was allowed to be is history, and no ways are returned;
    the choices the way its record names added (harmonize's tap, jump-start's discard) are among its choices.

    Returns
    -------
    tuple
        The abilities, and the ways to cast the card from where it is (:func:`~solver.rules.zones.zone_ways`),
        empty for a spell on the stack.

    Raises
    ------
    InputError
        ``resolving`` names no keyword whose triggered ability casts the card as it resolves
        (:data:`~solver.rules.zones.RESOLVING_KEYWORDS`).
    UnsupportedRuleError
        Two ways from one zone of which one adds a cost (:func:`_with_way_costs`).
    """
    if resolving is not None and resolving not in RESOLVING_KEYWORDS:
        raise InputError(
            "resolving",
            f"{resolving!r} is not a keyword whose ability casts the card as it resolves "
            f"({', '.join(RESOLVING_KEYWORDS)})",
        )
    if recorded is not None:
        way = _way_of_record(spell, caster, abilities, recorded, transformed)
        return _with_way_costs(spell.name, abilities, way), ()
    ways = zone_ways(spell, caster, abilities, transformed=transformed, resolving=resolving)
    return _with_way_costs(spell.name, abilities, ways), ways


def _ways_that_hold(problem: CastProblem) -> tuple[ZoneWay, ...]:
    """The problem's ways to cast the card whose conditions hold now, on the board as the game sees it.

    A printed permission "as long as you control a Zombie" lets the card be cast from its zone only while that is
    so (CR 601.3, 611.3a); the problem's state is the game's view, its layers applied (CR 613).
    """
    return tuple(
        way for way in problem.zone_ways if not way.requires or all(requirement_holds(problem, r) for r in way.requires)
    )


def _ways_paying_or_free(
    ways: tuple[ZoneWay, ...], without_paying_mana_cost: bool
) -> tuple[tuple[ZoneWay, ...], bool, bool]:
    """The ways of this problem, whether every one is without paying the mana cost, and whether one left out is.

    A plotted card, or an effect's ``may_cast`` "without paying", is cast only without paying its mana cost (CR
    118.9, 702.170d). When another way from the same zone pays it, the two are different casts (the alternative
    cost is a choice, CR 118.9a): this problem keeps the ways that pay, and the view adds the problem of casts
    without paying (:class:`~solver.legal.LegalCasts`). Asked for casts without paying, every way stays.

    Returns
    -------
    (tuple of ZoneWay, bool, bool)
        The ways kept, whether the problem is of casts without paying, and whether a free way was left out.
    """
    free = [way for way in ways if way.free]
    if without_paying_mana_cost or not free:
        return ways, bool(ways) and len(free) == len(ways), False
    if len(free) == len(ways):
        return ways, True, False
    return tuple(way for way in ways if not way.free), False, True


def _share_what_the_state_decides(problem: CastProblem) -> None:
    """Give the problem the memo of what its state alone decides, read once for every card cast in it.

    The guards against unread static abilities already passed, and the players' protections
    (:func:`~solver.problem.state_memo`).
    """
    shared = state_memo(problem.state)
    problem.memo.checked = shared.checked
    problem.memo.player_protections = shared.player_protections


def _add_rules_in_choice_order(problem: CastProblem, whole: GameState) -> None:
    """Add the rules of casting in the order they make their choices (CR 601.2a-h).

    Parameters
    ----------
    problem : CastProblem
    whole : GameState
        The state as the game sees it, the whole card (its faces, CR 712).

    Notes
    -----
    A land gets only its zone, timing and faces (CR 305.9); a spell on the stack (its record) no costs, no
    prohibitions and no timing on its choices: its costs were paid, its timing met, as it was cast
    (CR 601.2f-i).
    """
    add_timing_rules(problem)
    add_face_rules(problem, whole)
    if problem.spell.card.is_land:
        return
    add_mode_rules(problem)
    add_spree_rules(problem)
    add_splice_rules(problem)
    add_cost_choices(problem)
    add_paid_mode_rules(problem)  # modes raised by a cost paid, once paying it is a choice (CR 601.4)
    add_target_rules(problem)
    if problem.recorded is not None:  # its costs were paid, its timing met, as it was cast (CR 601.2f-i)
        return
    add_cost_rules(problem)
    add_casting_rules(problem)  # what permanents forbid (CR 101.2)
    add_choice_timing_rules(problem)  # a flash permission on X or the targets (CR 601.3)
    _settle_undecided(problem)


def recorded_problem(
    state: GameState,
    spell_id: str,
    cast: Cast,
    *,
    controller: str | None = None,
    is_copy: bool = False,
    keep_targets: bool = False,
    path: str = "cast",
) -> CastProblem:
    """The problem of a spell on the stack and the choices it was cast with (:attr:`CastProblem.recorded`).

    Built by :func:`build_cast_problem` from the record: the half or face cast (CR 709.3, 712), cast face down
    or bestowed (its morph, megamorph, disguise or bestow cost, CR 702.37c, 702.103b), prototyped (CR 718.3b),
    without paying its mana cost (CR 118.9). A record that names a half the card doesn't have, or says prototyped
    of a card with no prototype, is refused here; whether its other choices describe a cast of the spell is the
    problem's to say (:meth:`CastProblem.why_illegal` of the record).

    Parameters
    ----------
    state : GameState
    spell_id : str
        The spell on the stack.
    cast : Cast
        Its record.
    controller : str or None
        Who controls the spell (or the copy); the spell's controller by default.
    is_copy, keep_targets : bool
        The problem is of a copy (see :func:`build_cast_problem`).
    path : str
        Where the record is, for errors.

    Returns
    -------
    CastProblem

    Raises
    ------
    CastFormatError
        The record names halves or faces the card doesn't have.
    UnsupportedRuleError
        Text of the spell bearing on its choices that can't be read.
    """
    spell = state.object(spell_id)
    halves = tuple(cast.halves)
    refused = halves_reason(state, spell_id, halves, cast_from=cast.zone)
    if refused is not None:
        raise CastFormatError(f"{path}.halves", f"{refused[1]} ({refused[0]})")
    if cast.prototyped and (halves or not can_be_prototyped(state, spell_id)):
        raise CastFormatError(f"{path}.prototyped", f"{spell.name} has no prototype (CR 702.160a)")
    keyword = cast.alternative_cost
    cast_as = (
        keyword
        if not halves and (keyword in cast_as_choices(state, spell_id) or keyword in FACE_DOWN_KEYWORDS)
        else None
    )
    problem = build_cast_problem(
        state,
        spell_id,
        player=controller or spell.controller,
        halves=halves,
        cast_as=cast_as,
        prototyped=cast.prototyped,
        without_paying_mana_cost=cast.without_paying_mana_cost,
        recorded=cast,
        is_copy=is_copy,
        keep_targets=keep_targets,
    )
    if is_copy:  # a copy copies every choice but its targets (CR 707.10): one value each, the original's
        # the domain says it for what reads domains (X's is never listed otherwise), the rule for the fast engine's
        # walk, which counts modes and optional costs up from 0 to the most its domain has
        values = problem.assignment_of(cast).values
        for key, variable in list(problem.variables.items()):
            if not isinstance(key, (TargetKey, DivisionKey)):
                value = values[key]
                problem.variables[key] = Variable(key, (value,), variable.rule, variable.why_not)
                problem.add_constraint(
                    (key,), functools.partial(operator.eq, value), "CR 707.10", f"a copy copies {key} of the original"
                )
    return problem


def _settle_undecided(problem: CastProblem) -> None:
    """Refuse a problem whose answer depends on a condition the state can't decide (:attr:`CastProblem.undecided`).

    Such a condition can only forbid casts, and the problem's rules assume it holds: when no cast is legal even
    so, it changes no answer, and the problem (with no cast) is kept; otherwise every answer could depend on it.

    Raises
    ------
    UnsupportedRuleError
        The first undecided condition, when some cast would be legal if it held.
    """
    if problem.undecided and get_engine("fast").count(problem):
        raise problem.undecided[0]


def refusal_in_an_empty_game(card: Card) -> str | None:
    """Why casting a card from its owner's hand is refused in a game with nothing else in it, or None.

    The game: two players, the card alone in the first one's hand, their precombat main phase, an empty stack
    and battlefield (CR 103, 505). A reading the cast problem refuses there ("X life without X in the mana
    cost", a count of 0 to divide) is not a reading that models the card, whatever other games allow: the
    coverage report counts it unsupported. Each half of a split card is tried (CR 709.3).

    Parameters
    ----------
    card : Card
        An instant or sorcery the Oracle reader reads fully.

    Returns
    -------
    str or None
        The reason of the :class:`~models.errors.UnsupportedRuleError` building its cast problem raises, or
        None when every problem is built.

    Examples
    --------
    >>> from models.io.card_pool import default_card_database
    >>> refusal_in_an_empty_game(default_card_database().get("Lightning Bolt")) is None
    True
    """
    caster, other = PlayerId("P1"), PlayerId("P2")
    state = GameState(
        players=(caster, other),
        active_player=caster,
        priority=caster,
        phase=Phase.PRECOMBAT_MAIN,
        objects=(GameObject(ObjectId("card"), card, Zone.HAND, caster, caster),),
    )
    tries: list[tuple[str, ...]] = [(half.name,) for half in card.halves] or [()]
    for halves in tries:
        try:
            build_cast_problem(state, "card", halves=halves)
        except UnsupportedRuleError as exc:
            return exc.reason
    return None


def cast_of_spell(state: GameState, spell_id: str) -> tuple[GameObject, Cast]:
    """The spell object and the cast record it carries, as read (its choices are judged by :func:`spell_problem`).

    Raises
    ------
    InputError
        No such object, not on the stack, or no cast record.
    CastFormatError
        A record that is not a cast record, or one of another object.
    """
    if not state.has_object(spell_id):
        raise InputError("--spell", f"no object with id {spell_id!r} in the state")
    spell = state.object(spell_id)
    if spell.zone is not Zone.STACK:
        raise InputError("--spell", f"{spell.name} ({spell_id}) is {spell.zone.where}, not on the stack")
    record = state.cast_record_of(spell_id)
    if record is None:
        raise InputError(
            f"--spell {spell_id}",
            f"{spell.name} has no cast record (the choices it was cast with): "
            "in a state file, give it as the object's \"cast\", the line 'legalcasts casts --format "
            "jsonl' printed for it; a Forge puzzle has no such record",
        )
    cast = Cast.from_json(record, path=f"objects[{spell_id}].cast")
    if cast.card != spell_id:
        raise CastFormatError(f"objects[{spell_id}].cast.card", f"the record is of {cast.card!r}, not {spell_id!r}")
    if not cast.name:
        cast = cast._replace(name=spell.name)
    return spell, cast


def spell_problem(state: GameState, spell_id: str) -> tuple[CastProblem, Cast]:
    """The cast problem of a spell on the stack with its record, and the record, once the problem accepts it.

    The problem is :func:`solver.build.recorded_problem`'s: the spell's cast problem, built by the same rules
    as every cast, judging the record's choices for what a cast of the spell could choose (CR 601.2b-d): its
    modes, the cards spliced, the costs paid, X, and for each instance of "target" the cast makes part of the
    spell, as many targets as its phrase takes, all different where the text says so (CR 115.3), divided as it
    says (CR 601.2d).

    Parameters
    ----------
    state : GameState
    spell_id : str

    Returns
    -------
    (CastProblem, Cast)

    Raises
    ------
    InputError
        As :func:`cast_of_spell`.
    CastFormatError
        A record no cast of the spell could have: every rule it breaks, with the record's key path.
    UnsupportedRuleError
        Text of the spell bearing on its choices that can't be read.
    """
    spell, cast = cast_of_spell(state, spell_id)
    path = f"objects[{spell_id}].cast"
    problem = recorded_problem(state, spell_id, cast, controller=spell.controller, path=path)
    broken = problem.broken(problem.assignment_of(cast))
    if broken:
        place = problem.place_in(cast, broken[0][0])
        reasons = dict.fromkeys(str(reason) for _, reason in broken)
        raise CastFormatError(
            f"{path}.{place}" if place else path,
            f"no cast of {problem.spell.name} could have these choices: {'; '.join(reasons)}",
        )
    return problem, cast


def check_stack_records(state: GameState) -> None:
    """Refuse a state whose spells on the stack carry cast records no cast of them could have (once per state).

    Each record is judged by its spell's cast problem (:func:`spell_problem`). A spell whose text can't be read
    is left to what reads it (it is reported there).

    Parameters
    ----------
    state : GameState

    Raises
    ------
    CastFormatError
        The first record that can't describe a cast of its spell, with its key path (``objects[<id>].cast``).
    """
    memo = state_memo(state)
    if memo.stack_records_checked:
        return
    for spell_id, _ in state.stack_casts:
        try:
            spell_problem(state, spell_id)
        except UnsupportedRuleError:
            continue
    memo.stack_records_checked = True
