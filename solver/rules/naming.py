"""Which objects and players a target phrase names, and why one is not a legal target (CR 115, 601.2c).

A phrase names candidates of its kinds (players, permanents, spells on the stack, cards in graveyards,
CR 115.1-115.2) with its qualities; a candidate is a legal target unless the spell can't target it
(protection, hexproof, shroud: CR 702.11, 702.16, 702.18; a spell can't target itself, CR 115.5). The
instances of "target" of a cast (:mod:`solver.rules.targets`), the costs that count what a phrase names
(:mod:`solver.rules.cost_changes`) and the conditions of the state (:mod:`solver.rules.conditions`) ask here.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Mapping
from typing import Any

from models.abilities import (
    SPELL_OWNER,
    CardAbilities,
    ControllerFilter,
    Quality,
    StateNumber,
    TargetKind,
    TargetSpec,
)
from models.cast import Cast
from models.choices import X
from models.errors import UnsupportedRuleError
from models.objects import (
    FIELDS_BUT_ID,
    CardType,
    GameObject,
    Phase,
    PlayerId,
    Zone,
    alike_signature,
)
from solver.abilities import abilities_of
from solver.problem import (
    CastProblem,
    Reason,
    state_memo,
)
from solver.rules.characteristics import (
    battlefield_groups,
    refuse_granted_protections,
    refuse_static_colour_changes,
    refuse_static_keyword_changes,
    refuse_static_power_changes,
    refuse_static_type_changes,
)
from solver.rules.qualities import STATE_FACTS, holds, is_of_kinds, names_x, number_of


__all__ = [
    "UNDECIDED_X",
    "announced_x",
    "candidates_of",
    "clause_names_x",
    "controller_of",
    "is_named_by",
    "legal_by_kind",
    "legal_targets",
    "state_number",
    "why_not_legal_target",
]


def _a(words: str) -> str:
    """Words with their indefinite article: ``_a("instant spell") == "an instant spell"``."""
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _matches_kind(
    problem: CastProblem, spec: TargetSpec, candidate: str, defer_x: bool = False
) -> Callable[[], str] | None:
    """None when the candidate is of a kind the phrase names, else a function saying why not (CR 115.1).

    The sentence is made only when asked for: most candidates of a phrase fail
    here, and legality needs only the answer. ``defer_x``: a quality naming X
    is left to the rule tying the instance to X (:func:`_quality_mismatch`).
    """
    state = problem.state
    if candidate in state.players:
        if TargetKind.PLAYER in spec.kinds:
            return _player_quality_mismatch(problem, spec, candidate)
        if TargetKind.OPPONENT in spec.kinds:
            if candidate == problem.caster:
                return lambda: f"{candidate} is not an opponent of {problem.caster}"
            return _player_quality_mismatch(problem, spec, candidate)
        return lambda: f"{candidate} is a player, and '{spec.phrase}' does not name players"
    obj = state.object(candidate)
    if TargetKind.GRAVEYARD_CARD in spec.kinds:
        if obj.zone is not Zone.GRAVEYARD:
            return lambda: f"{obj.name} ({obj.id}) is {obj.zone.where}: '{spec.phrase}' names cards in a graveyard"
        if spec.card_types and not any(t in spec.card_types for t in obj.card.types):
            return lambda: (
                f"{obj.name} ({obj.id}) is not "
                f"{_a(' or '.join(sorted(t.value.lower() for t in spec.card_types)) + ' card')}"
            )
        if spec.controller is ControllerFilter.YOU and obj.owner != problem.caster:
            return lambda: f"{obj.name} ({obj.id}) is in {obj.owner}'s graveyard, not {problem.caster}'s"
        if spec.controller is ControllerFilter.OPPONENT and obj.owner == problem.caster:
            return lambda: f"{obj.name} ({obj.id}) is in {problem.caster}'s own graveyard, not an opponent's"
        return _quality_mismatch(problem, spec, obj, defer_x)
    if TargetKind.SPELL in spec.kinds and (obj.zone is Zone.STACK or spec.kinds == {TargetKind.SPELL}):
        if obj.zone is not Zone.STACK:
            return lambda: f"{obj.name} ({obj.id}) is {obj.zone.where}: '{spec.phrase}' names spells on the stack"
        spells = spec.spells
        if spells is not None and not spells.matches(obj.card.types):
            return lambda: f"{obj.name} ({obj.id}) is not {_a(spells.value)}"
        return _controller_mismatch(problem, spec, obj) or _quality_mismatch(problem, spec, obj, defer_x)
    if obj.zone is not Zone.BATTLEFIELD:
        return lambda: f"{obj.name} ({obj.id}) is {obj.zone.where}: '{spec.phrase}' names only permanents (CR 115.2)"
    refuse_static_type_changes(problem)
    types = obj.card.types
    if not is_of_kinds(types, spec.kinds):
        return lambda: f"{obj.name} ({obj.id}) is not {_a(' or '.join(sorted(k.value for k in spec.kinds)))}"
    return _controller_mismatch(problem, spec, obj) or _quality_mismatch(problem, spec, obj, defer_x)


def is_named_by(problem: CastProblem, spec: TargetSpec, candidate: str) -> bool:
    """Whether an object or player is what a target phrase names: its kind, controller and qualities (CR 115.1).

    Protections, hexproof and shroud are not looked at: this asks what the
    object is, as "if it targets a tapped creature" does (CR 601.2f), not
    whether it can be targeted.

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec
        The phrase, e.g. "target tapped creature".
    candidate : str
        An object or player id.

    Returns
    -------
    bool
        False for an id the state does not have.

    Raises
    ------
    UnsupportedRuleError
        A quality the state's static abilities may change and can't be judged (power, types).
    """
    state = problem.state
    if candidate not in state.players and not state.has_object(candidate):
        return False
    return _matches_kind(problem, spec, candidate) is None


def _player_quality_mismatch(problem: CastProblem, spec: TargetSpec, player: str) -> Callable[[], str] | None:
    """None when a player is what the phrase's qualities ask, else a function saying why not (CR 115.1).

    The one quality a player target is read with is "who attacked this turn" (Fire and Brimstone): a player the
    state's ``this_turn.attacked`` lists, having attacked with a creature this turn (CR 508.1). A state that does not
    give the key is taken as no player having attacked (STATE_FORMAT.md's conservative reading), and the reason
    says so. Any other quality of a player is reported unsupported, never ignored.

    Raises
    ------
    UnsupportedRuleError
        A quality of a player other than "who attacked this turn".
    """
    if spec.qualities is None:
        return None
    facts = problem.state.this_turn
    for clause in spec.qualities.clauses:
        if any(q.attribute != "attacked this turn" for q in clause):
            raise UnsupportedRuleError(problem.spell.name, spec.phrase, "a quality of a player not modelled")
        if any((player in facts.attacked) != q.negated for q in clause):
            continue
        note = "" if "attacked" in facts.given else " (the state gives no this_turn.attacked: taken as none)"
        return lambda: f"{player} did not attack with a creature this turn ('{spec.phrase}'){note}"
    return None


def _cast_from_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether a spell on the stack was cast from the zone named ("target spell cast from a graveyard", CR 601.2a).

    Read from the spell's cast record, which names the zone it was cast from (STATE_FORMAT.md).

    Raises
    ------
    UnsupportedRuleError
        The state gives no cast record for the spell, or one that names no zone.
    """
    record = problem.state.cast_record_of(obj.id)  # checked before any problem is built (check_stack_records)
    if not isinstance(record, Mapping) or "zone" not in record:
        raise UnsupportedRuleError(
            obj.name,
            "cast",
            f"where {obj.name} ({obj.id}) was cast from is not in the "
            "state: give its cast record with its zone (CR 601.2a)",
        )
    zone = Cast.from_json(record, path=f"stack {obj.id}: cast").zone
    return (zone.value == quality.value) != quality.negated


def _chosen_targets(problem: CastProblem, obj: GameObject) -> list[str]:
    """Every object and player a spell on the stack chose as a target, once per time chosen (CR 115.9a)."""
    record = problem.state.cast_record_of(obj.id)
    if record is None:
        abilities = abilities_of(obj)
        if any(i.targets for i in abilities.spell_text) or any(m.instruction.targets for m in abilities.modes):
            raise UnsupportedRuleError(
                obj.name,
                "cast",
                f"what {obj.name} ({obj.id}) targets is not in the state: give its cast record (CR 115.9)",
            )
        return []  # a spell whose text has no "target" targets nothing
    return [t for choice in Cast.from_json(record, path=f"stack {obj.id}: cast").targets for t in choice.targets]


def _targeting_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether a spell has "a single target" (CR 115.9a), or "targets you / a player / …" (CR 115.9b).

    What it targets: you, a player, a creature, a land you control or a permanent you control.
    """
    chosen = _chosen_targets(problem, obj)
    if quality.value == "single":
        found = len(chosen) == 1
    else:
        state = problem.state

        def now(target: str) -> bool:  # CR 115.9b: the target's current information
            if quality.value == "you":
                return target == problem.caster
            if quality.value == "player":
                return target in state.players
            if target in state.players or not state.has_object(target):
                return False
            permanent = state.object(target)
            if permanent.zone is not Zone.BATTLEFIELD:
                return False
            if quality.value == "creature":
                return permanent.card.has_type(CardType.CREATURE)
            if quality.value == "permanent you control":  # any permanent (CR 110.1) the caster controls
                return permanent.controller == problem.caster
            return permanent.card.has_type(CardType.LAND) and permanent.controller == problem.caster

        found = any(now(t) for t in chosen)
    return found != quality.negated


_COMBAT_STATUSES = frozenset({"blocking", "blocked", "unblocked"})
"""Qualities only creatures in combat have, and the state does not give (CR 509.1g-h, 506.4)."""


def _blocking_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether a creature is blocking, blocked or unblocked (or, negated, is not): decided only outside combat.

    Outside combat no creature is blocking, blocked or unblocked: all are removed from combat as the end of
    combat step ends (CR 511.3, 506.4), and none is any of these before the declare blockers step (CR 509.1g-h:
    a blocked or unblocked creature is an attacking creature, once blockers are declared). During the combat
    phase the state does not say which creatures block or are blocked, so the answer is unsupported, never
    guessed.

    Raises
    ------
    UnsupportedRuleError
        During the combat phase.
    """
    if problem.state.phase is Phase.COMBAT:
        raise UnsupportedRuleError(
            obj.name,
            quality.attribute,
            f"which creatures are {quality.attribute} is not in the state (combat steps are not told apart)",
        )
    return quality.negated


def _enchanted_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether an Aura on the battlefield is attached to the object ("target enchanted permanent", CR 303.4).

    Raises
    ------
    UnsupportedRuleError
        An Aura on the battlefield whose state says not what it is attached to: it may be this object.
    """
    auras = [o for o in problem.state.objects_in(Zone.BATTLEFIELD) if "Aura" in o.card.subtypes]
    unknown = [a for a in auras if a.attached_to is None]
    if unknown:
        raise UnsupportedRuleError(
            problem.spell.name,
            "enchanted",
            f"{unknown[0].name} ({unknown[0].id}) is an Aura and the state does not say what it is attached to",
        )
    return any(a.attached_to == obj.id for a in auras) != quality.negated


def _attached_to_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether the object is attached to a permanent of a card type ("target Aura attached to a creature", CR 303.4).

    Value ``"permanent"``: to any permanent, not to a player ("target Aura that's attached to a permanent").

    The state says what each Aura or Equipment on the battlefield is attached to (``attached_to``); the type is
    that permanent's now.

    Raises
    ------
    UnsupportedRuleError
        An Aura on the battlefield whose state does not say what it is attached to (an Aura on the battlefield is
        attached to something, CR 303.4), or a permanent whose text may change what is a creature or a land.
    """
    if obj.zone is not Zone.BATTLEFIELD:
        return quality.negated
    if obj.attached_to is None:
        if "Aura" in obj.card.subtypes:
            raise UnsupportedRuleError(
                problem.spell.name,
                "attached to",
                f"{obj.name} ({obj.id}) is an Aura and the state does not say what it is attached to",
            )
        return quality.negated
    host = problem.state.object(obj.attached_to) if problem.state.has_object(obj.attached_to) else None
    kind = quality.value
    if kind == "permanent":  # "that's attached to a permanent": any permanent, not a player (CR 303.4)
        return (host is not None and host.zone is Zone.BATTLEFIELD) != quality.negated
    refuse_static_type_changes(problem)
    attached = (
        host is not None and host.zone is Zone.BATTLEFIELD and isinstance(kind, CardType) and host.card.has_type(kind)
    )
    return attached != quality.negated


def _owner_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether the caster owns the object ("target creature you own", CR 108.3), or, negated, does not.

    With :data:`~models.abilities.SPELL_OWNER`, whether the spell's owner does: "with the same owner as this
    spell" (mutate, CR 702.140a), the card's owner, whoever casts it (CR 108.3).
    """
    owner = problem.spell.owner if quality.value == SPELL_OWNER else problem.caster
    return (obj.owner == owner) != quality.negated


UNDECIDED_X = -1
"""What :func:`announced_x` returns while X is a choice of the problem still to make."""


def announced_x(problem: CastProblem, spec: TargetSpec) -> int:
    """The value announced for X where the problem has made that choice, else ``UNDECIDED_X`` (CR 107.3a, 601.2b).

    A cast problem whose X has one possible value (0 without paying the mana cost, CR 107.3b) and the problem
    of a spell on the stack (its record's X) have decided it; a cast problem with several values has not: its
    targets are then tied to X by :func:`_add_x_quality`.

    Raises
    ------
    UnsupportedRuleError
        The phrase names X and the spell has no X in its mana cost: X is then defined by text not read here.
    """
    if problem.recorded is not None and isinstance(problem.recorded.x, int):
        return problem.recorded.x  # a spell on the stack: X as announced when it was cast (CR 601.2b, 608.2b)
    variable = problem.variables.get(X)
    if variable is None or not isinstance(variable.domain, tuple) or len(variable.domain) != 1:
        return UNDECIDED_X
    value = variable.domain[0]
    if value is None:
        raise UnsupportedRuleError(
            problem.spell.name, spec.phrase, "a target quality naming X, and no X in the spell's mana cost"
        )
    return int(value)


def clause_names_x(clause: frozenset[Quality]) -> bool:
    """Whether a clause of a phrase's qualities names X ("with mana value X or less", CR 107.3a)."""
    return any(names_x(q) for q in clause)


def _recorded_prototyped(problem: CastProblem, obj: GameObject) -> bool:
    """Whether the state's record of a spell on the stack says it was cast prototyped (CR 718.3)."""
    record = problem.state.cast_record_of(obj.id)
    if record is None:
        return False
    if isinstance(record, dict):
        return bool(record.get("prototyped"))
    return bool(getattr(record, "prototyped", False))


def _quality_mismatch(
    problem: CastProblem, spec: TargetSpec, obj: GameObject, defer_x: bool = False
) -> Callable[[], str] | None:
    """None when the object has every quality the phrase names ("nonblack", "with flying"), CR 115.1.

    A quality naming X ("with mana value X") is judged with the X announced (CR 601.2b before 601.2c); while X
    is still to choose it is left to the rule tying the instance to X when ``defer_x`` (see
    :func:`_add_x_quality`), and unsupported otherwise.
    """
    qualities = spec.qualities
    if qualities is None:
        return None
    if obj.zone is Zone.STACK and obj.id != problem.spell.id and _recorded_prototyped(problem, obj):
        raise UnsupportedRuleError(
            obj.name,
            "prototyped",
            "a prototyped spell on the stack has the prototype's colours, mana value, power and toughness (CR 718.3b), "
            "which other spells' target phrases don't read yet",
        )
    if any(
        q.attribute in ("power", "toughness", "power plus toughness") for clause in qualities.clauses for q in clause
    ):
        refuse_static_power_changes(problem)
    named = {q.attribute: q.value for clause in qualities.clauses for q in clause}
    if "color" in named or "colors" in named:
        refuse_static_colour_changes(problem)
    keywords = [q.value for clause in qualities.clauses for q in clause if q.attribute == "keyword"]
    if keywords:
        refuse_static_keyword_changes(problem, [str(k) for k in keywords])
    x: int | None = None
    if any(clause_names_x(clause) for clause in qualities.clauses):
        x = announced_x(problem, spec)
        if x == UNDECIDED_X and not defer_x:
            raise UnsupportedRuleError(
                problem.spell.name, spec.phrase, "what the phrase names depends on the value of X, not chosen yet"
            )
    for clause in qualities.clauses:
        if x == UNDECIDED_X and clause_names_x(clause):
            continue  # judged with each value of X (CR 601.2b, 601.2c)
        clause = frozenset(_counted_now(problem, q, obj) if isinstance(q.value, StateNumber) else q for q in clause)
        # a combat status the state may not decide last: "attacking or blocking" holds of an attacking creature
        # without asking whether it blocks (CR 506.4)
        if not any(
            _targeting_holds(problem, q, obj)
            if q.attribute == "targeting"
            else _cast_from_holds(problem, q, obj)
            if q.attribute == "cast from"
            else _blocking_holds(problem, q, obj)
            if q.attribute in _COMBAT_STATUSES
            else _owner_holds(problem, q, obj)
            if q.attribute == "owner"
            else _enchanted_holds(problem, q, obj)
            if q.attribute == "enchanted"
            else _attached_to_holds(problem, q, obj)
            if q.attribute == "attached to"
            else holds(q, obj, x)
            for q in sorted(clause, key=lambda q: q.attribute in _COMBAT_STATUSES)
        ):
            return lambda: f"{obj.name} ({obj.id}) is not {qualities.text} ('{spec.phrase}')"
    return None


def state_number(problem: CastProblem, number: StateNumber, obj: GameObject) -> int:
    """The number the state gives for "the number of Plains you control", "your life total", … (CR 115.1, 601.2c).

    Parameters
    ----------
    problem : CastProblem
        Its caster is "you"; its spell is on the stack (CR 601.2a), so never counted in a graveyard.
    number : StateNumber
    obj : GameObject
        The object judged: "its controller" is its controller (CR 108.4).

    Returns
    -------
    int
        A count of objects, or a life total.
    """
    state, caster = problem.state, PlayerId(problem.caster)
    if number is StateNumber.YOUR_LIFE_TOTAL:
        return state.life_of(caster)
    if number is StateNumber.GREATEST_POWER:  # Topple: never empty, the creature judged is one of them
        creatures = [o for o in state.objects_in(Zone.BATTLEFIELD) if o.card.has_type(CardType.CREATURE)]
        return max((number_of(o, "power") for o in creatures), default=0)
    if number is StateNumber.PLAINS_YOU_CONTROL:
        return sum(1 for o in state.objects_in(Zone.BATTLEFIELD, caster) if "Plains" in o.card.subtypes)
    player = PlayerId(obj.controller) if number is StateNumber.CARDS_IN_ITS_CONTROLLERS_GRAVEYARD else caster
    cards = [o for o in state.objects_in(Zone.GRAVEYARD) if o.owner == player and o.id != problem.spell.id]
    if number is StateNumber.PERMANENT_CARDS_IN_YOUR_GRAVEYARD:
        return sum(1 for o in cards if o.card.is_permanent_card)
    return len(cards)


def _counted_now(problem: CastProblem, quality: Quality, obj: GameObject) -> Quality:
    """A quality comparing with a :class:`StateNumber`, as one comparing with the number counted now.

    "less than N" is "N - 1 or less" (numbers are whole, CR 107.1).
    """
    if not isinstance(quality.value, StateNumber):
        return quality
    value = state_number(problem, quality.value, obj)
    if quality.comparison == "<":
        return dataclasses.replace(quality, value=value - 1, comparison="<=")
    return dataclasses.replace(quality, value=value)


def _controller_mismatch(problem: CastProblem, spec: TargetSpec, obj: GameObject) -> Callable[[], str] | None:
    """'you control' / 'an opponent controls' for a permanent or a spell: None when it fits."""
    if spec.controller is ControllerFilter.YOU and obj.controller != problem.caster:
        return lambda: f"{obj.name} ({obj.id}) is controlled by {obj.controller}, not by {problem.caster}"
    if spec.controller is ControllerFilter.OPPONENT and obj.controller == problem.caster:
        return lambda: f"{obj.name} ({obj.id}) is controlled by {problem.caster}, not by an opponent"
    return None


def _player_protection(problem: CastProblem, player: str) -> Reason | None:
    """Hexproof or shroud a player has from a permanent they control (CR 702.11c, 702.18b)."""
    memo = problem.memo.player_protections
    if player not in memo:
        hexproof = shroud = False
        for abilities, permanents in battlefield_groups(problem.state):
            if (abilities.controller_hexproof or abilities.controller_shroud) and any(
                o.controller == player for o in permanents
            ):
                hexproof = hexproof or abilities.controller_hexproof
                shroud = shroud or abilities.controller_shroud
        memo[player] = (hexproof, shroud)
    hexproof, shroud = memo[player]
    if shroud:
        return Reason("CR 702.18b", f"{player} has shroud")
    if hexproof and player != problem.caster:
        return Reason("CR 702.11c", f"{player} has hexproof and {problem.caster} is an opponent")
    return None


def why_not_legal_target(
    problem: CastProblem, spec: TargetSpec, candidate: str, explain: bool = True, but_the_spell: bool = False
) -> Reason | None:
    """Why an object or player is not a legal choice for one target instance.

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec
    candidate : str
        An object or player id.
    explain : bool
        False when only legality matters: the sentence of a kind mismatch is
        then left empty (it is the most common failure and the costliest to word).
    but_the_spell : bool
        True: leave out what reads the spell's colours and types (hexproof from a colour, protection,
        CR 702.11d, 702.16b), which :func:`_stopped_by_spell` judges.

    Returns
    -------
    Reason or None
        None when the candidate is legal.

    Raises
    ------
    UnsupportedRuleError
        The candidate has text bearing on targeting that can't be read.

    Notes
    -----
    A quality naming X ("with mana value X") is judged here only when the
    problem's X is decided (a spell on the stack, or one possible value);
    otherwise the rule over X and the instance judges it (CR 601.2b before
    601.2c), and a candidate it alone rules out is not reported here.
    """
    state = problem.state
    if candidate not in state.players and not state.has_object(candidate):
        return Reason("CR 115.1", f"there is no object or player {candidate!r}")
    if candidate == problem.spell.id and not problem.is_copy:
        return Reason("CR 115.5", f"{problem.spell.name} can't target itself")
    mismatch = _matches_kind(problem, spec, candidate, defer_x=True)
    if mismatch:
        return Reason("CR 115.1", mismatch() if explain else "")
    refuse_granted_protections(problem)
    if candidate in state.players:
        return _player_protection(problem, candidate)
    obj = state.object(candidate)
    if obj.zone is not Zone.BATTLEFIELD:
        return None  # hexproof, shroud and protection of cards elsewhere are not modelled (CR 702.11b: permanents)
    abilities = abilities_of(obj)
    unread = [u for u in abilities.permanent_unsupported if "targeting" in u.topics]
    if unread:
        raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
    name = f"{obj.name} ({obj.id})"
    if abilities.shroud:
        return Reason("CR 702.18a", f"{name} has shroud")
    if abilities.hexproof and obj.controller != problem.caster:
        return Reason("CR 702.11b", f"{name} has hexproof and {problem.caster} is an opponent of its controller")
    return None if but_the_spell else _stopped_by_spell(problem, candidate)


def _permanent_of(problem: CastProblem, candidate: str) -> tuple[GameObject, CardAbilities] | None:
    """A candidate that is a permanent, with its abilities; None for a player or an object elsewhere."""
    state = problem.state
    if candidate in state.players:
        return None
    obj = state.object(candidate)
    if obj.zone is not Zone.BATTLEFIELD:
        return None
    return obj, abilities_of(obj)


def _is_stopped(problem: CastProblem, candidate: str) -> bool:
    """Whether :func:`_stopped_by_spell` stops a permanent: kept per state by what it reads.

    That is the permanent's abilities (by identity: permanents of one card without granted abilities share
    them), whether the caster controls it, and the spell's colours and types (CR 702.11d, 702.16b).
    """
    found_permanent = _permanent_of(problem, candidate)
    if found_permanent is None:
        return False
    obj, abilities = found_permanent
    known = state_memo(problem.state).stopped
    key = (id(abilities), obj.controller == problem.caster, problem.spell_colors, problem.spell_types)
    found = known.get(key)
    if found is None or found[0] is not abilities:
        found = known[key] = (abilities, _stopped_by_spell(problem, candidate) is not None)
    return found[1]


def _stopped_by_spell(problem: CastProblem, candidate: str) -> Reason | None:
    """Hexproof from the spell's colours or protection from its colours or types (CR 702.11d, 702.16b).

    What of a target's legality reads the spell itself: the rest (:func:`why_not_legal_target` with
    ``but_the_spell``) is the same for every spell of the caster, so it is kept per state.
    """
    found_permanent = _permanent_of(problem, candidate)
    if found_permanent is None:
        return None
    obj, abilities = found_permanent
    name = f"{obj.name} ({obj.id})"
    if abilities.hexproof_from & problem.spell_colors and obj.controller != problem.caster:
        colors = "/".join(sorted(c.name.lower() for c in abilities.hexproof_from & problem.spell_colors))
        return Reason(
            "CR 702.11d",
            f"{name} has hexproof from {colors}, the colour of {problem.spell.name}, "
            f"and {problem.caster} is an opponent of its controller",
        )
    card = problem.spell.card
    for hexproof in abilities.hexproof_from_qualities if obj.controller != problem.caster else ():
        if hexproof.stops(problem.spell_colors, problem.spell_types, card.subtypes, card.supertypes):
            return Reason(
                "CR 702.11d",
                f"{name} has {hexproof.text.lower()}, which {problem.spell.name} is, "
                f"and {problem.caster} is an opponent of its controller",
            )
    for protection in abilities.protections:
        if protection.stops(problem.spell_colors, problem.spell_types, card.subtypes, card.supertypes):
            colors = "".join(sorted(c.value for c in problem.spell_colors)) or "colorless"
            by_kind = protection.subtypes or protection.supertypes  # "from Goblins": say what the spell is
            kinds = " ".join((*card.supertypes, *card.subtypes)) if by_kind else ""
            return Reason(
                "CR 702.16b",
                f"{name} has {protection.text.lower() if protection.text else 'protection'}; "
                f"the spell {problem.spell.name} is {colors}{f' ({kinds})' if kinds else ''}",
            )
    return None


_PLAYER_KINDS = frozenset({TargetKind.PLAYER, TargetKind.OPPONENT})


def candidates_of(problem: CastProblem, spec: TargetSpec) -> tuple[str, ...]:
    """Every object and player a target phrase could name in this state, legal or not (CR 115.1-115.2).

    Players (turn order) and permanents (file order); for "target player" or
    "target opponent", the players only; for "target spell", the
    spells on the stack, bottom first (CR 405.1); for "target spell or
    permanent", permanents then spells; for a card in a graveyard, the cards
    in graveyards (file order).

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec

    Returns
    -------
    tuple of str
    """
    return _candidates(problem, spec)[0]


def _candidates(problem: CastProblem, spec: TargetSpec) -> tuple[tuple[str, ...], frozenset[str]]:
    """:func:`candidates_of`, and the same as a set (both kept per state)."""
    state = problem.state
    if spec.kinds == {TargetKind.SPELL}:
        kind = "spells"
    elif TargetKind.GRAVEYARD_CARD in spec.kinds:
        kind = "graveyards"
    elif spec.kinds <= _PLAYER_KINDS:  # "target player", "target opponent": no permanent is one (CR 115.1)
        kind = "players"
    else:
        kind = "permanents and spells" if TargetKind.SPELL in spec.kinds else "permanents"
    known = state_memo(state).candidates
    found = known.get(kind)
    if found is None:
        ids: tuple[str, ...]
        if kind == "spells":
            ids = tuple(state.stack)
        elif kind == "graveyards":
            ids = tuple(o.id for o in state.objects_in(Zone.GRAVEYARD))
        elif kind == "players":
            ids = tuple(state.players)
        else:
            ids = (
                tuple(state.players)
                + tuple(o.id for o in state.battlefield())
                + (tuple(state.stack) if kind == "permanents and spells" else ())
            )
        found = known[kind] = (ids, frozenset(ids))
    return found


def legal_targets(problem: CastProblem, spec: TargetSpec) -> tuple[str, ...]:
    """Every object and player legal for one instance, in the order of :func:`candidates_of`.

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec

    Returns
    -------
    tuple of str

    Notes
    -----
    Legality depends on the phrase and the spell, never on which text the
    phrase is in, so the answer is kept per phrase for the problem.
    """
    memo = problem.memo.legal_targets
    found = memo.get(spec)
    if found is not None:
        return found
    candidates, among = _candidates(problem, spec)
    shared = _shared_key(problem, spec) if problem.spell.id not in among else None
    known = state_memo(problem.state).legal_targets
    found = known.get(shared) if shared is not None else None
    if found is None and shared is not None:
        # what does not read the spell's colours and types is shared by every spell of the caster; the
        # protections that do are judged for this spell on what is left (CR 702.11d, 702.16b)
        spell = problem.spell
        counted_without_it = len(shared) > 5  # the key names the spell's id and zone (see _shared_key)
        base_key = ("but the spell", spec, problem.caster, problem.is_copy) + (
            (spell.id, spell.zone) if counted_without_it else ()
        )
        bases = state_memo(problem.state).target_bases
        kept = bases.get(base_key)
        if kept is None:
            base = legal_by_kind(problem, spec, candidates, grouped=True, but_the_spell=True)
            facts = state_memo(problem.state)
            if facts.shielded is None:
                facts.shielded = frozenset(
                    o.id
                    for abilities, permanents in battlefield_groups(problem.state)
                    if abilities.hexproof_from or abilities.protections or abilities.hexproof_from_qualities
                    for o in permanents
                )
            kept = bases[base_key] = (base, tuple(c for c in base if c in facts.shielded))
        base, shielded = kept
        stopped = {c for c in shielded if _is_stopped(problem, c)}
        found = known[shared] = tuple(c for c in base if c not in stopped) if stopped else base
    elif found is None:
        found = legal_by_kind(problem, spec, candidates, grouped=False)
    memo[spec] = found
    return found


_BY_ID = frozenset({"targeting"}) | STATE_FACTS | _COMBAT_STATUSES
"""Qualities read from records of the object's id, not its fields: what it targets, the state's facts about it
(:data:`~solver.rules.qualities.STATE_FACTS`: where it was cast from, whether it attacked this turn, whether an Aura is
attached to it, what it is attached to, CR 303.4), combat statuses."""


_STATUS_FIELDS = frozenset({"tapped", "counters", "token", "attacking", "summoning_sick", "commander"})
"""Fields only a quality of a phrase reads ("tapped", "with a +1/+1 counter", "nontoken", "attacking"): a
phrase without qualities names an object by its card, zone, control and abilities (CR 115.1, 702.11, 702.16)."""


_KIND_FIELDS = operator.attrgetter(*(name for name in FIELDS_BUT_ID if name not in _STATUS_FIELDS))
"""An object's fields but its id, card and status, as a tuple."""


def _kind_signature(obj: GameObject) -> tuple[Any, ...]:
    """:func:`~models.objects.alike_signature` without the status fields: what phrases with no quality read."""
    return (id(obj.card),) + _KIND_FIELDS(obj)


def _shared_key(problem: CastProblem, spec: TargetSpec) -> tuple[Any, ...] | None:
    """The key of a phrase's legal targets shared by the problems on one state, or None when not shared.

    Legality reads the phrase, the state, and of the problem only the spell (its colours and types, CR 702.16b;
    its id, CR 115.5, only when it is a candidate), the caster (CR 702.11b) and whether it is a copy
    (CR 707.10): shared, unless a quality of the phrase reads X (announced per problem, CR 601.2b) or a record
    kept by object id, or the spell is itself a candidate.
    """
    if spec.qualities is not None and any(
        clause_names_x(clause) or any(q.attribute in _BY_ID for q in clause) for clause in spec.qualities.clauses
    ):
        return None
    spell = problem.spell
    if spec.qualities is not None and any(
        isinstance(q.value, StateNumber) for clause in spec.qualities.clauses for q in clause
    ):  # counted without the spell (CR 601.2a): its own
        return (spec, spell.id, spell.zone, spell.card.colors, spell.card.types, problem.caster, problem.is_copy)
    return (spec, spell.card.colors, spell.card.types, problem.caster, problem.is_copy)


def legal_by_kind(
    problem: CastProblem, spec: TargetSpec, candidates: tuple[str, ...], grouped: bool, but_the_spell: bool = False
) -> tuple[str, ...]:
    """The legal candidates, in order; with ``grouped``, objects alike but for their id are judged once.

    Two permanents of the same card with the same controller, owner, zone, status, counters and granted
    abilities are either both legal or both not, for a phrase whose qualities read no record kept by id
    (:func:`_shared_key`): the spell itself aside (CR 115.5), it is judged once per group. A phrase with no
    quality reads no status either: tapped and untapped Bears are then one group. Grouped, the permanents are
    first taken by their card's types (:func:`_by_types`): those of none of the kinds the phrase names are
    never legal (CR 115.1), and are passed over together.
    """
    state = problem.state
    if not grouped:
        return tuple(
            c
            for c in candidates
            if why_not_legal_target(problem, spec, c, explain=False, but_the_spell=but_the_spell) is None
        )
    seen: dict[int, bool] = {}
    memo = state_memo(state)
    alike, signature_of = (
        (memo.alike, alike_signature) if spec.qualities is not None else (memo.alike_kind, _kind_signature)
    )
    groups = memo.groups
    kinds = spec.kinds
    by_types, others = _by_types(problem, candidates)
    legal: set[str] = {
        c for c in others if why_not_legal_target(problem, spec, c, explain=False, but_the_spell=but_the_spell) is None
    }
    if any(types is not None for types, _ in by_types):
        refuse_static_type_changes(problem)  # what may change card types is asked about first (CR 613.1d)
    for types, members in by_types:
        if types is not None and not is_of_kinds(types, kinds):
            continue  # a permanent of none of the kinds named (CR 115.1): the first test of _matches_kind
        for candidate, obj in members:
            signature = alike.get(candidate)
            if signature is None:  # the group's number: equal signatures, one number (hashed once per object)
                signature = alike[candidate] = groups.setdefault(signature_of(obj), len(groups))
            found = seen.get(signature)
            if found is None:
                found = seen[signature] = (
                    why_not_legal_target(problem, spec, candidate, explain=False, but_the_spell=but_the_spell) is None
                )
            if found:
                legal.add(candidate)
    return tuple(c for c in candidates if c in legal)


def _by_types(
    problem: CastProblem, candidates: tuple[str, ...]
) -> tuple[list[tuple[Any, list[tuple[str, GameObject]]]], list[str]]:
    """The permanents among the candidates grouped by their card's types, and the other candidates.

    Groups by the types' identity, first met first, each member with its object, then one group (types None)
    of the objects elsewhere than the battlefield (cards in graveyards, spells); the others are the players and
    the spell. Kept per state.
    """
    state = problem.state
    spell_id = problem.spell.id
    known = state_memo(state).by_types
    kept = known.get((id(candidates), spell_id))
    if kept is not None and kept[0] is candidates:
        return kept[1], kept[2]
    by_types: dict[int, tuple[Any, list[tuple[str, GameObject]]]] = {}
    others = []
    elsewhere: list[tuple[str, GameObject]] = []
    players = state.players
    for candidate in candidates:
        if candidate == spell_id or candidate in players:
            others.append(candidate)
            continue
        obj = state.object(candidate)
        if obj.zone is not Zone.BATTLEFIELD:
            elsewhere.append((candidate, obj))
            continue
        types = obj.card.types
        group = by_types.get(id(types))
        if group is None:
            group = by_types[id(types)] = (types, [])
        group[1].append((candidate, obj))
    grouped: list[tuple[Any, list[tuple[str, GameObject]]]] = list(by_types.values()) + (
        [(None, elsewhere)] if elsewhere else []
    )
    if len(known) >= 64:
        known.clear()
    known[id(candidates), spell_id] = (candidates, grouped, others)
    return grouped, others


def controller_of(problem: CastProblem, candidate: str) -> str:
    """Who controls a target: the object's controller, or the player itself."""
    return candidate if candidate in problem.state.players else problem.state.object(candidate).controller
