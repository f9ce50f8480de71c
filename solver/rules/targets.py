"""Targets (CR 115, 601.2c, 601.2d): one variable per instance of the word "target", one per division.

Each instance is a slot (:class:`~solver.problem.TargetSlot`, keyed by
:class:`~models.choices.TargetKey`) whose value is the sorted tuple of the
objects and players chosen for it (a set: "two target creatures" chooses two
different ones, CR 115.3), or None when the text it is in is not part of the
spell (a mode not chosen, CR 700.2c; a card not spliced, CR 702.47d; text
that needs kicker or awaken paid, CR 702.33g, 702.113a; an overloaded
spell's own text, CR 702.96b): its :class:`~solver.problem.Switch`. Domains
hold the legal choices, judged against the spell's own characteristics: a
spliced text does not change the spell's colour (CR 702.47c). Different
instances may choose the same object (CR 115.3) unless the text says
"another" (CR 115.4). Damage or counters divided among an instance's targets
is a choice of its own (:class:`~models.choices.DivisionKey`, CR 601.2d),
made from the targets chosen.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import operator
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from models.abilities import (
    KICKED, AlternativeCost, CardAbilities, ControllerFilter, Instruction, Quality, StateNumber, TargetKind,
    TargetRelation, TargetSpec,
)
from models.cast import Cast
from models.choices import ALTERNATIVE_COST, SPLICE_SET, X, DivisionKey, ModeKey, OptionalCostKey, TargetKey
from models.errors import SolverError, UnsupportedRuleError
from models.oracle.parser import ANY_NUMBER
from models.objects import (
    FIELDS_BUT_ID, PERMANENT_TYPES, Card, CardType, GameObject, ObjectId, Phase, PlayerId, Zone, alike_signature,
)
from models.state import GameState
from models.subtypes import SUBTYPES
from solver.abilities import abilities_of, battlefield_groups, kept_by_identity
from solver.problem import (
    CastProblem, ConstraintKind, LazyDomain, ProblemRef, Reason, Switch, SwitchAtom, TargetSlot, state_memo,
)
from solver.qualities import STATE_FACTS, holds, is_of_kinds, names_x, number_of
from solver.rules.costs import MOST_CANDIDATES_FOR_ANY_NUMBER, optional_cost_key
from solver.target_sets import TargetChoices, TargetSets, number_of_sets

__all__ = ["add_target_rules", "add_target_slot", "paid_atom", "candidates_of", "legal_targets", "why_not_legal_target",
           "relation_holds", "total_of",
           "is_named_by", "controller_of", "target_choices", "switch_of", "kick_key",
           "MOST_CANDIDATES_FOR_ANY_NUMBER"]


def _a(words: str) -> str:
    """Words with their indefinite article: ``_a("instant spell") == "an instant spell"``."""
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _matches_kind(problem: CastProblem, spec: TargetSpec, candidate: str,
                  defer_x: bool = False) -> Callable[[], str] | None:
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
            return lambda: (f"{obj.name} ({obj.id}) is {obj.zone.where}: "
                            f"'{spec.phrase}' names cards in a graveyard")
        if spec.card_types and not any(t in spec.card_types for t in obj.card.types):
            return lambda: (f"{obj.name} ({obj.id}) is not "
                            f"{_a(' or '.join(sorted(t.value.lower() for t in spec.card_types)) + ' card')}")
        if spec.controller is ControllerFilter.YOU and obj.owner != problem.caster:
            return lambda: f"{obj.name} ({obj.id}) is in {obj.owner}'s graveyard, not {problem.caster}'s"
        if spec.controller is ControllerFilter.OPPONENT and obj.owner == problem.caster:
            return lambda: f"{obj.name} ({obj.id}) is in {problem.caster}'s own graveyard, not an opponent's"
        return _quality_mismatch(problem, spec, obj, defer_x)
    if TargetKind.SPELL in spec.kinds and (obj.zone is Zone.STACK or spec.kinds == {TargetKind.SPELL}):
        if obj.zone is not Zone.STACK:
            return lambda: (f"{obj.name} ({obj.id}) is {obj.zone.where}: "
                            f"'{spec.phrase}' names spells on the stack")
        spells = spec.spells
        if spells is not None and not spells.matches(obj.card.types):
            return lambda: f"{obj.name} ({obj.id}) is not {_a(spells.value)}"
        return _controller_mismatch(problem, spec, obj) or _quality_mismatch(problem, spec, obj, defer_x)
    if obj.zone is not Zone.BATTLEFIELD:
        return lambda: (f"{obj.name} ({obj.id}) is {obj.zone.where}: "
                        f"'{spec.phrase}' names only permanents (CR 115.2)")
    _static_type_changes(problem)
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


def _check_stack_records(state: GameState) -> None:
    """:func:`solver.resolve.check_stack_records`: what a record says is read only once it is checked."""
    from solver.resolve import check_stack_records  # resolving reads the target rules

    check_stack_records(state)


def _cast_from_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether a spell on the stack was cast from the zone named ("target spell cast from a graveyard", CR 601.2a).

    Read from the spell's cast record, which names the zone it was cast from (STATE_FORMAT.md).

    Raises
    ------
    UnsupportedRuleError
        The state gives no cast record for the spell, or one that names no zone.
    """
    record = problem.state.cast_record_of(obj.id)
    if record is not None:
        _check_stack_records(problem.state)
    if not isinstance(record, Mapping) or "zone" not in record:
        raise UnsupportedRuleError(obj.name, "cast", f"where {obj.name} ({obj.id}) was cast from is not in the "
                                   "state: give its cast record with its zone (CR 601.2a)")
    zone = Cast.from_json(record, path=f"stack {obj.id}: cast").zone
    return (zone.value == quality.value) != quality.negated


def _chosen_targets(problem: CastProblem, obj: GameObject) -> list[str]:
    """Every object and player a spell on the stack chose as a target, once per time chosen (CR 115.9a)."""
    record = problem.state.cast_record_of(obj.id)
    if record is None:
        abilities = abilities_of(obj)
        if any(i.targets for i in abilities.spell_text) or any(m.instruction.targets for m in abilities.modes):
            raise UnsupportedRuleError(obj.name, "cast", f"what {obj.name} ({obj.id}) targets is not in the state: "
                                       "give its cast record (CR 115.9)")
        return []  # a spell whose text has no "target" targets nothing
    _check_stack_records(problem.state)
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
        raise UnsupportedRuleError(obj.name, quality.attribute, f"which creatures are {quality.attribute} is not in "
                                                                "the state (combat steps are not told apart)")
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
        raise UnsupportedRuleError(problem.spell.name, "enchanted",
                                   f"{unknown[0].name} ({unknown[0].id}) is an Aura and the state does not say what "
                                   "it is attached to")
    return any(a.attached_to == obj.id for a in auras) != quality.negated


def _attached_to_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether the object is attached to a permanent of a card type ("target Aura attached to a creature", CR 303.4).

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
            raise UnsupportedRuleError(problem.spell.name, "attached to",
                                       f"{obj.name} ({obj.id}) is an Aura and the state does not say what it is "
                                       "attached to")
        return quality.negated
    _static_type_changes(problem)
    host = problem.state.object(obj.attached_to) if problem.state.has_object(obj.attached_to) else None
    kind = quality.value
    attached = host is not None and host.zone is Zone.BATTLEFIELD and isinstance(kind, CardType) \
        and host.card.has_type(kind)
    return attached != quality.negated


def _owner_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether the caster owns the object ("target creature you own", CR 108.3), or, negated, does not."""
    return (obj.owner == problem.caster) != quality.negated


_STATIC_POWER_CHANGE = re.compile(r"\bgets? [+-]\d+/[+-]\d+|\bbase power\b|\bpower and toughness (are|is) each")


_STATIC_TYPE_CHANGE = re.compile(r"\b(are|is|becomes?|it's) (still )?(an? |all )?(\d+/\d+ )?([a-z]+ )?"
                                 r"(artifact |enchantment |land )?(creatures?|artifacts?|lands?|enchantments?)\b")


_STATIC_LINES: dict[int, tuple[Card, tuple[str, ...]]] = {}


def _static_lines(obj: GameObject) -> tuple[str, ...]:
    """The lines of a permanent's text that are static abilities: not activated, not triggered, no reminder.

    Kept per card, by identity: a board holds many permanents of few cards.
    """
    return kept_by_identity(_STATIC_LINES, obj.card, _read_static_lines)


def _read_static_lines(card: Card) -> tuple[str, ...]:
    lines = []
    for line in card.oracle_text.lower().split("\n"):
        line = re.sub(r"\([^()]*\)", "", line)
        if ":" in line or re.match(r"(when|whenever|at the beginning)\b", line):
            continue  # activated and triggered abilities change nothing until they resolve
        lines.append(line)
    return tuple(lines)


def _refuse_static_changes(problem: CastProblem, pattern: re.Pattern, rule: str, what: str, consequence: str) -> None:
    """Raise when a permanent on the battlefield has a static ability the pattern finds (once per problem)."""
    if pattern.pattern in problem.memo.checked:
        return
    for _, permanents in battlefield_groups(problem.state):  # one card's lines: asked once per group
        seen: set[int] = set()
        for obj in permanents:
            if id(obj.card) in seen:
                continue
            seen.add(id(obj.card))
            for line in _static_lines(obj):
                if pattern.search(line):
                    raise UnsupportedRuleError(obj.name, line,
                                               f"a static change of {what} is not applied ({rule}): {consequence}")
    problem.memo.checked.add(pattern.pattern)


_GRANTS_PROTECTION = re.compile(r"\b(hexproof|shroud|protection|can't be the targets?)\b")


def _granted_protections(problem: CastProblem) -> None:
    """Refuse to judge targets when a permanent's unread text may give others hexproof, shroud or protection.

    "Other Spirit creatures you control get +1/+1 and have hexproof." (Drogskol
    Captain) or "You and Humans you control have hexproof." (Sigarda) change
    what may be targeted (CR 702.11, 702.16, 702.18) but are not read: with such
    a permanent on the battlefield, a target is unsupported, never guessed.
    """
    if "granted protections" in problem.memo.checked:
        return
    for abilities, permanents in battlefield_groups(problem.state):  # permanents alike in abilities, asked once
        for unread in abilities.permanent_unsupported:
            if "targeting" in unread.topics and _GRANTS_PROTECTION.search(re.sub(r'"[^"]*"', "", unread.span.lower())):
                raise UnsupportedRuleError(permanents[0].name, unread.span, "it may give other permanents or "
                                                                            "players hexproof, shroud or "
                                                                            "protection, which is not read")
        given = [g for g in abilities.attached_grants if _GRANTS_PROTECTION.search(g)]
        obj = next((o for o in permanents if o.attached_to is None), None) if given else None
        if given and obj is not None:
            raise UnsupportedRuleError(obj.name, ", ".join(given), "it gives the permanent it is attached to "
                                       f"{', '.join(given)}, and the state does not say what it is attached to "
                                       "(CR 301.5, 303.4)")
    problem.memo.checked.add("granted protections")


def _static_type_changes(problem: CastProblem) -> None:
    """Refuse to judge what a permanent is when a static ability may change card types (CR 613.1d, 205.1b).

    "All Forests are 1/1 creatures that are still lands." (Living Lands) is not
    applied, so which permanents are creatures can't be told: unsupported,
    never guessed.
    """
    _refuse_static_changes(problem, _STATIC_TYPE_CHANGE, "CR 613.1d", "card types", "what a permanent is can't be told")


def _static_power_changes(problem: CastProblem) -> None:
    """Refuse to judge power or toughness when a permanent's static ability may change them (CR 613.4).

    Power and toughness are read as printed, with +1/+1 and -1/-1 counters
    (CR 122.1a); effects like "Spirit creatures you control get +1/+1" are not
    applied, so a quality naming power is then unsupported, never guessed.
    """
    _refuse_static_changes(problem, _STATIC_POWER_CHANGE, "CR 613.4", "power or toughness",
                           "a target quality naming power can't be judged")


_UNDECIDED = -1
"""What :func:`_announced_x` returns while X is a choice of the problem still to make."""


def _announced_x(problem: CastProblem, spec: TargetSpec) -> int:
    """The value announced for X where the problem has made that choice, else ``_UNDECIDED`` (CR 107.3a, 601.2b).

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
        return _UNDECIDED
    value = variable.domain[0]
    if value is None:
        raise UnsupportedRuleError(problem.spell.name, spec.phrase, "a target quality naming X, and no X in the "
                                                                    "spell's mana cost")
    return int(value)


def _names_x(clause: frozenset[Quality]) -> bool:
    return any(names_x(q) for q in clause)


def _quality_mismatch(problem: CastProblem, spec: TargetSpec, obj: GameObject,
                      defer_x: bool = False) -> Callable[[], str] | None:
    """None when the object has every quality the phrase names ("nonblack", "with flying"), CR 115.1.

    A quality naming X ("with mana value X") is judged with the X announced (CR 601.2b before 601.2c); while X
    is still to choose it is left to the rule tying the instance to X when ``defer_x`` (see
    :func:`_add_x_quality`), and unsupported otherwise.
    """
    qualities = spec.qualities
    if qualities is None:
        return None
    if any(q.attribute in ("power", "toughness", "power plus toughness") for clause in qualities.clauses
           for q in clause):
        _static_power_changes(problem)
    x: int | None = None
    if any(_names_x(clause) for clause in qualities.clauses):
        x = _announced_x(problem, spec)
        if x == _UNDECIDED and not defer_x:
            raise UnsupportedRuleError(problem.spell.name, spec.phrase, "what the phrase names depends on the "
                                                                        "value of X, not chosen yet")
    for clause in qualities.clauses:
        if x == _UNDECIDED and _names_x(clause):
            continue  # judged with each value of X (CR 601.2b, 601.2c)
        clause = frozenset(_counted_now(problem, q, obj) if isinstance(q.value, StateNumber) else q for q in clause)
        # a combat status the state may not decide last: "attacking or blocking" holds of an attacking creature
        # without asking whether it blocks (CR 506.4)
        if not any(_targeting_holds(problem, q, obj) if q.attribute == "targeting"
                   else _cast_from_holds(problem, q, obj) if q.attribute == "cast from"
                   else _blocking_holds(problem, q, obj) if q.attribute in _COMBAT_STATUSES
                   else _owner_holds(problem, q, obj) if q.attribute == "owner"
                   else _enchanted_holds(problem, q, obj) if q.attribute == "enchanted"
                   else _attached_to_holds(problem, q, obj) if q.attribute == "attached to" else holds(q, obj, x)
                   for q in sorted(clause, key=lambda q: q.attribute in _COMBAT_STATUSES)):
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
                    o.controller == player for o in permanents):
                hexproof = hexproof or abilities.controller_hexproof
                shroud = shroud or abilities.controller_shroud
        memo[player] = (hexproof, shroud)
    hexproof, shroud = memo[player]
    if shroud:
        return Reason("CR 702.18b", f"{player} has shroud")
    if hexproof and player != problem.caster:
        return Reason("CR 702.11c", f"{player} has hexproof and {problem.caster} is an opponent")
    return None


def why_not_legal_target(problem: CastProblem, spec: TargetSpec, candidate: str, explain: bool = True,
                         but_the_spell: bool = False) -> Reason | None:
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
    _granted_protections(problem)
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
        return Reason("CR 702.11d", f"{name} has hexproof from {colors}, the colour of {problem.spell.name}, "
                      f"and {problem.caster} is an opponent of its controller")
    for protection in abilities.protections:
        if protection.stops(problem.spell_colors, problem.spell_types):
            colors = "".join(sorted(c.value for c in problem.spell_colors)) or "colorless"
            return Reason(
                "CR 702.16b",
                f"{name} has {protection.text.lower() if protection.text else 'protection'}; "
                f"the spell {problem.spell.name} is {colors}",
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
            ids = tuple(state.players) + tuple(o.id for o in state.battlefield()) + (
                tuple(state.stack) if kind == "permanents and spells" else ())
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
            (spell.id, spell.zone) if counted_without_it else ())
        bases = state_memo(problem.state).target_bases
        kept = bases.get(base_key)
        if kept is None:
            base = _legal_by_kind(problem, spec, candidates, grouped=True, but_the_spell=True)
            facts = state_memo(problem.state)
            if facts.shielded is None:
                facts.shielded = frozenset(o.id for abilities, permanents in battlefield_groups(problem.state)
                                           if abilities.hexproof_from or abilities.protections for o in permanents)
            kept = bases[base_key] = (base, tuple(c for c in base if c in facts.shielded))
        base, shielded = kept
        stopped = {c for c in shielded if _is_stopped(problem, c)}
        found = known[shared] = tuple(c for c in base if c not in stopped) if stopped else base
    elif found is None:
        found = _legal_by_kind(problem, spec, candidates, grouped=False)
    memo[spec] = found
    return found


_BY_ID = frozenset({"targeting"}) | STATE_FACTS | _COMBAT_STATUSES
"""Qualities read from records of the object's id, not its fields: what it targets, the state's facts about it
(:data:`~solver.qualities.STATE_FACTS`: where it was cast from, whether it attacked this turn, whether an Aura is
attached to it, what it is attached to, CR 303.4), combat statuses."""


_STATUS_FIELDS = frozenset({"tapped", "counters", "token", "attacking", "summoning_sick"})
"""Fields only a quality of a phrase reads ("tapped", "with a +1/+1 counter", "nontoken", "attacking"): a
phrase without qualities names an object by its card, zone, control and abilities (CR 115.1, 702.11, 702.16)."""

_KIND_FIELDS = operator.attrgetter(*(name for name in FIELDS_BUT_ID if name not in _STATUS_FIELDS))
"""An object's fields but its id, card and status, as a tuple."""


def _kind_signature(obj: GameObject) -> tuple:
    """:func:`~models.objects.alike_signature` without the status fields: what phrases with no quality read."""
    return (id(obj.card),) + _KIND_FIELDS(obj)


def _shared_key(problem: CastProblem, spec: TargetSpec) -> tuple | None:
    """The key of a phrase's legal targets shared by the problems on one state, or None when not shared.

    Legality reads the phrase, the state, and of the problem only the spell (its colours and types, CR 702.16b;
    its id, CR 115.5, only when it is a candidate), the caster (CR 702.11b) and whether it is a copy
    (CR 707.10): shared, unless a quality of the phrase reads X (announced per problem, CR 601.2b) or a record
    kept by object id, or the spell is itself a candidate.
    """
    if spec.qualities is not None and any(_names_x(clause) or any(q.attribute in _BY_ID for q in clause)
                                          for clause in spec.qualities.clauses):
        return None
    spell = problem.spell
    if spec.qualities is not None and any(isinstance(q.value, StateNumber) for clause in spec.qualities.clauses
                                          for q in clause):  # counted without the spell (CR 601.2a): its own
        return (spec, spell.id, spell.zone, spell.card.colors, spell.card.types, problem.caster, problem.is_copy)
    return (spec, spell.card.colors, spell.card.types, problem.caster, problem.is_copy)


def _legal_by_kind(problem: CastProblem, spec: TargetSpec, candidates: tuple[str, ...],
                   grouped: bool, but_the_spell: bool = False) -> tuple[str, ...]:
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
        return tuple(c for c in candidates
                     if why_not_legal_target(problem, spec, c, explain=False, but_the_spell=but_the_spell) is None)
    seen: dict[int, bool] = {}
    memo = state_memo(state)
    alike, signature_of = (memo.alike, alike_signature) if spec.qualities is not None else \
        (memo.alike_kind, _kind_signature)
    groups = memo.groups
    kinds = spec.kinds
    by_types, others = _by_types(problem, candidates)
    legal: set[str] = {c for c in others
                       if why_not_legal_target(problem, spec, c, explain=False, but_the_spell=but_the_spell) is None}
    if any(types is not None for types, _ in by_types):
        _static_type_changes(problem)  # what may change card types is asked about first (CR 613.1d)
    for types, members in by_types:
        if types is not None and not is_of_kinds(types, kinds):
            continue  # a permanent of none of the kinds named (CR 115.1): the first test of _matches_kind
        for candidate, obj in members:
            signature = alike.get(candidate)
            if signature is None:  # the group's number: equal signatures, one number (hashed once per object)
                signature = alike[candidate] = groups.setdefault(signature_of(obj), len(groups))
            found = seen.get(signature)
            if found is None:
                found = seen[signature] = why_not_legal_target(problem, spec, candidate, explain=False,
                                                               but_the_spell=but_the_spell) is None
            if found:
                legal.add(candidate)
    return tuple(c for c in candidates if c in legal)


def _by_types(problem: CastProblem, candidates: tuple[str, ...]) -> tuple[list[tuple[Any, list]], list[str]]:
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
    by_types: dict[int, tuple[Any, list]] = {}
    others = []
    elsewhere: list[tuple[str, Any]] = []
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
    grouped = list(by_types.values()) + ([(None, elsewhere)] if elsewhere else [])
    if len(known) >= 64:
        known.clear()
    known[id(candidates), spell_id] = (candidates, grouped, others)
    return grouped, others


def controller_of(problem: CastProblem, candidate: str) -> str:
    """Who controls a target: the object's controller, or the player itself."""
    return candidate if candidate in problem.state.players else problem.state.object(candidate).controller


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to split ``total`` into ``parts`` amounts of at least 1, in order (CR 601.2d)."""
    for cuts in itertools.combinations(range(1, total), parts - 1):
        yield tuple(b - a for a, b in zip((0,) + cuts, cuts + (total,)))


def _least_targets(spec: TargetSpec) -> int:
    """The fewest targets an instance takes: its minimum, and one where something is divided (CR 115.6, 601.2d)."""
    return max(spec.minimum, 1) if spec.is_divided else spec.minimum


def _is_division(spec: TargetSpec, value: Any, x: Any = None) -> bool:
    """Whether a value divides the instance's whole amount among 1 to its most targets, at least 1 each (CR 601.2d).

    The amount is the printed one, or X (``x``, the value announced, CR 107.3a) where X is divided; with X
    None only the shape is checked (one positive amount per target, at most as many as the phrase allows).
    """
    if not (isinstance(value, tuple) and 1 <= len(value) and (spec.count >= ANY_NUMBER or len(value) <= spec.count)
            and all(isinstance(a, int) and not isinstance(a, bool) and a >= 1 for a in value)):
        return False
    if spec.divided_x:
        return x is None or sum(value) == x
    return len(value) <= spec.divided and sum(value) == spec.divided


def _most_targets(spec: TargetSpec, candidates: int) -> int:
    """The most targets an instance takes among ``candidates``: its number, all of them for "any number of"."""
    return candidates if spec.count >= ANY_NUMBER else min(spec.count, candidates)


def target_choices(problem: CastProblem, spec: TargetSpec, pool: tuple[str, ...] | None = None) -> TargetChoices:
    """The legal sets of targets of one instance: sorted tuples of ids, smallest sets first (CR 115.3, 115.6).

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec
    pool : tuple of str or None
        The objects and players to choose among; by default :func:`legal_targets`.

    Returns
    -------
    TargetSets or tuple of tuple of str
        A :class:`~solver.target_sets.TargetSets` (counted, checked and drawn without listing a set) when
        any set of the allowed sizes is legal; the listed sets when the phrase also asks something of the
        set as a whole (the same controller, a relation between the targets, a total).

    Raises
    ------
    UnsupportedRuleError
        "Any number of target" asking something of the whole set, with more than
        :data:`MOST_CANDIDATES_FOR_ANY_NUMBER` candidates.
    """
    legal = legal_targets(problem, spec) if pool is None else pool
    if spec.relation is TargetRelation.DIFFERENT_CONTROLLERS:
        return _sets_with_different_controllers(problem, spec, legal)
    least, most = _least_targets(spec), _most_targets(spec, len(legal))
    # one object for the same legal candidates and sizes (the phrase of a card spliced onto each spell cast)
    shared = state_memo(problem.state).target_sets
    kept = shared.get((id(legal), least, most))
    if kept is not None and kept[0] is legal:
        sets = kept[1]
    else:
        sets = TargetSets(legal, least, most)
        if len(shared) >= 4096:
            shared.clear()
        shared[id(legal), least, most] = (legal, sets)
    if not (spec.same_controller or spec.relation is not None or spec.total_at_most is not None):
        return sets
    if spec.count >= ANY_NUMBER and len(legal) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(
            problem.spell.name, spec.phrase,
            f"{len(legal)} candidates make {sets.size:,} sets of targets; at most "
            f"{MOST_CANDIDATES_FOR_ANY_NUMBER} candidates are listed for 'any number of target' with a condition "
            "on the whole set",
        )
    listed = list(sets)
    if spec.same_controller:  # "… controlled by the same player"
        listed = [chosen for chosen in listed if len({controller_of(problem, c) for c in chosen}) <= 1]
    if spec.relation is not None:  # "… controlled by different players", "… that share a creature type"
        listed = [chosen for chosen in listed if relation_holds(problem, spec.relation, chosen)]
    if spec.total_at_most is not None:  # "… with total mana value 3 or less"
        listed = [chosen for chosen in listed
                  if total_of(problem, spec.total_at_most[0], chosen) <= spec.total_at_most[1]]
    return tuple(listed)


def total_of(problem: CastProblem, attribute: str, chosen: tuple[str, ...]) -> int:
    """The sum of a number over the objects chosen for one instance: "with total mana value 3 or less" (CR 601.2c).

    Parameters
    ----------
    problem : CastProblem
    attribute : str
        ``"mana value"`` (CR 202.3) or ``"power"`` (CR 208), as :func:`~solver.qualities.number_of` reads them.
    chosen : tuple of str
        Ids of objects in the state.

    Returns
    -------
    int
        0 for no object.

    Raises
    ------
    UnsupportedRuleError
        A power defined by an ability, or the mana value of a spell with X (see :func:`~solver.qualities.number_of`).
    """
    return sum(number_of(problem.state.object(c), attribute) for c in chosen)


def _sets_with_different_controllers(problem: CastProblem, spec: TargetSpec,
                                     legal: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The legal sets of an instance whose targets have different controllers (CR 115.1, 601.2c).

    Made as at most one target per controller, never by filtering every subset: "for each opponent, up to one
    target creature that player controls" has one set per choice of at most one creature from each opponent.
    In the order of :func:`target_choices`: smaller sets first, then by the candidates' order in ``legal``.
    """
    by_controller: dict[str, list[int]] = {}
    for position, candidate in enumerate(legal):
        by_controller.setdefault(controller_of(problem, candidate), []).append(position)
    groups = list(by_controller.values())
    least, most = _least_targets(spec), min(spec.count, len(groups))
    found: list[tuple[int, ...]] = []
    for size in range(least, most + 1):
        for chosen_groups in itertools.combinations(groups, size):
            found.extend(tuple(sorted(positions)) for positions in itertools.product(*chosen_groups))
    found.sort(key=lambda positions: (len(positions), positions))
    return tuple(tuple(sorted(legal[p] for p in positions)) for positions in found)


_CREATURE_TYPES = SUBTYPES["creature"]

_BROKEN_RELATION = {
    TargetRelation.DIFFERENT_CONTROLLERS: "two of the targets have the same controller",
    TargetRelation.SHARE_CREATURE_TYPE: "the targets share no creature type",
    TargetRelation.SHARE_NO_CREATURE_TYPE: "two of the targets share a creature type",
    TargetRelation.SHARE_CARD_TYPE: "the targets share no card type",
    TargetRelation.SHARE_PERMANENT_TYPE: "the targets share no permanent type",
}
"""What a set of targets that breaks a relation does, for sentences."""

_STATIC_CREATURE_TYPE_CHANGE = re.compile(
    r"\bevery creature type\b|\bchosen (creature )?type\b|\bcreature types?\b|\bin addition to (its|their) other "
    r"(creature )?types\b|\b(has|have|gains?) changeling\b")


def _creature_types(obj: GameObject) -> frozenset[str]:
    """An object's creature types (CR 205.3m): every one with changeling or "is every creature type" (CR 702.73a)."""
    if "changeling" in abilities_of(obj).keywords or re.search(r"\bis every creature type\b",
                                                               obj.card.oracle_text.lower()):
        return _CREATURE_TYPES
    return frozenset(obj.card.subtypes) & _CREATURE_TYPES


def _card_types(obj: GameObject) -> frozenset[CardType]:
    """An object's card types (CR 205.2a), Tribal read as its current name Kindred."""
    return frozenset(CardType.KINDRED if t is CardType.TRIBAL else t for t in obj.card.types)


def relation_holds(problem: CastProblem, relation: TargetRelation, chosen: tuple[str, ...]) -> bool:
    """Whether the objects chosen for one instance of "target" stand to each other as its phrase asks (CR 115.1).

    Parameters
    ----------
    problem : CastProblem
    relation : TargetRelation
    chosen : tuple of str
        The ids chosen for the instance (objects; players have no types and control nothing).

    Returns
    -------
    bool
        For "controlled by different players" and "share no creature types", no two of them break it; for
        "share a creature / card / permanent type", one type is common to all of them. True for fewer than two.

    Raises
    ------
    UnsupportedRuleError
        Creature types asked of a state where a static ability may change them (CR 613.1d), which is not applied.
    """
    if len(chosen) < 2:
        return True
    if relation is TargetRelation.DIFFERENT_CONTROLLERS:
        controllers = [controller_of(problem, c) for c in chosen]
        return len(set(controllers)) == len(controllers)
    if not all(problem.state.has_object(c) for c in chosen):
        return False  # players have no types
    objects = [problem.state.object(c) for c in chosen]
    if relation in (TargetRelation.SHARE_CREATURE_TYPE, TargetRelation.SHARE_NO_CREATURE_TYPE):
        _refuse_static_changes(problem, _STATIC_CREATURE_TYPE_CHANGE, "CR 613.1d", "creature types",
                               "whether targets share a creature type can't be told")
        types = [_creature_types(o) for o in objects]
        if relation is TargetRelation.SHARE_CREATURE_TYPE:
            return bool(frozenset.intersection(*types))
        return all(not (a & b) for a, b in itertools.combinations(types, 2))
    common = frozenset.intersection(*(_card_types(o) for o in objects))
    if relation is TargetRelation.SHARE_PERMANENT_TYPE:
        common &= PERMANENT_TYPES
    return bool(common)


# ---------------------------------------------------------------------------------------------- switches
def _mode_atom(index: int, copy: int) -> SwitchAtom:
    key = ModeKey(index)
    if copy:
        return SwitchAtom(key, lambda chosen: chosen > copy, f"{key} is chosen {copy + 1} times or more",
                          "CR 700.2d")
    return SwitchAtom(key, lambda chosen: chosen > 0, f"{key} is chosen", "CR 700.2a")


def _splice_atom(card: GameObject) -> SwitchAtom:
    card_id = card.id
    return SwitchAtom(SPLICE_SET, lambda spliced: card_id in spliced, f"{card.name} ({card_id}) is spliced",
                      "CR 702.47b", member=card_id)


def paid_atom(problem: CastProblem, source: GameObject, condition: tuple[str, ...], phrase: str) -> SwitchAtom:
    """The atom of text that happens only if a cost was paid: kicker (CR 702.33g), awaken (CR 702.113a).

    Parameters
    ----------
    problem : CastProblem
    source : GameObject
        Whose text it is: the spell's own, or the cost is not one of this cast.
    condition : tuple of str
        The keywords of the costs any one of which, paid, makes the text apply (``TargetSpec.condition``).
    phrase : str
        The words, for the error.

    Returns
    -------
    SwitchAtom
        Over the choice of paying the optional cost, or of the alternative cost.

    Raises
    ------
    UnsupportedRuleError
        Text outside the spell's own, or a spell with none or several costs of those named.
    """
    if source.id != problem.spell.id:
        raise UnsupportedRuleError(source.name, phrase, "text that needs a cost paid, outside the spell's own text")
    optional = [a for a in problem.abilities.additional_costs if a.optional and a.keyword in condition]
    alternative = [a for a in problem.abilities.alternative_costs if a.keyword in condition]
    if len(optional) + len(alternative) != 1:
        # (multikicker's "if it was kicked" beside kicker, or such text on a spell without the cost)
        raise UnsupportedRuleError(source.name, phrase, f"text that needs {' or '.join(condition)} paid, on a "
                                                        "spell with none or several such costs")
    if optional:
        key = optional_cost_key(optional[0])
        kicked = condition == ("kicker", "multikicker")
        text = "the spell is kicked" if kicked else f"the {optional[0].keyword} cost is paid"
        return SwitchAtom(key, lambda times: times > 0, text, "CR 702.33g" if kicked else optional[0].rule)
    keyword = alternative[0].keyword
    rule = "CR 702.113b" if keyword == "awaken" else alternative[0].rule
    return SwitchAtom(ALTERNATIVE_COST, lambda chosen: chosen == keyword, f"the {keyword} cost is paid", rule)


def _unpaid_atom(problem: CastProblem, source: GameObject, unless: tuple[str, ...], phrase: str) -> SwitchAtom:
    """The atom of text that is part of the spell only if no cost of ``unless`` was paid.

    Cleave (CR 702.148a-b): paid, it removes the words in square brackets (a text-changing effect, CR 612), so
    the printed version of such a line is then not the spell's text, and its cleaved version is. Kicker or gift
    text that replaces the sentence before it ("If this spell was kicked, instead …", CR 702.33g, 608.2c): the
    atom is that of :func:`paid_atom`, negated.

    Raises
    ------
    UnsupportedRuleError
        Such text outside the spell's own text, or naming a cost the spell does not have.
    """
    if source.id != problem.spell.id:
        raise UnsupportedRuleError(source.name, phrase, "text changed by a cost paid, outside the spell's own text")
    names = tuple(a.keyword for a in problem.abilities.alternative_costs if a.keyword in unless)
    if not names and any(a.optional and a.keyword in unless for a in problem.abilities.additional_costs):
        paid = paid_atom(problem, source, unless, phrase)

        def unpaid(value: Any, paid: SwitchAtom = paid) -> bool:
            return not paid.holds(value)

        return SwitchAtom(paid.key, unpaid, f"not ({paid.text}): the text paying it replaces", paid.rule)
    if not names:
        raise UnsupportedRuleError(source.name, phrase, f"text changed by {' or '.join(unless)}, on a spell without "
                                                        "that cost")
    rule = next(a.rule for a in problem.abilities.alternative_costs if a.keyword in unless)
    return SwitchAtom(ALTERNATIVE_COST, lambda chosen: chosen not in names,
                      f"the {' or '.join(names)} cost is not paid (paid, the words in square brackets are removed)",
                      "CR 702.148b" if names == ("cleave",) else rule)


def _not_removed_atom(removing: tuple[AlternativeCost, ...]) -> SwitchAtom:
    """Overload: paid, the spell's own "target" reads "each" and takes no target (CR 702.96b)."""
    names = tuple(a.keyword for a in removing)
    return SwitchAtom(ALTERNATIVE_COST, lambda chosen: chosen not in names,
                      f"the {' or '.join(names)} cost is not paid (paid, 'target' reads 'each')", "CR 702.96b")


def switch_of(problem: CastProblem, source: GameObject, instruction: Instruction, spec: TargetSpec,
              mode: int | None, copy: int, spliced: bool) -> Switch | None:
    """When one instance of "target" is part of the spell (CR 601.2c), or None for always.

    Parameters
    ----------
    problem : CastProblem
    source : GameObject
        The card whose text holds it.
    instruction : Instruction
    spec : TargetSpec
    mode, copy : int or None, int
        The mode whose text holds it and which time it is chosen.
    spliced : bool
        The text is a spliced card's.

    Raises
    ------
    UnsupportedRuleError
        Conditions this version does not model (see :func:`paid_atom`).
    """
    atoms: list[SwitchAtom] = []
    if spliced:
        atoms.append(_splice_atom(source))
    if mode is not None:
        atoms.append(_mode_atom(mode, copy))
    for condition in (instruction.condition, spec.condition):
        if condition:
            atoms.append(paid_atom(problem, source, condition, spec.phrase))
    for unless in (instruction.unless, spec.unless):  # cleave's printed text; text kicked text replaces
        if unless:
            atoms.append(_unpaid_atom(problem, source, unless, spec.phrase))
    removing = tuple(a for a in problem.abilities.alternative_costs if a.removes_targets)
    if removing and not spliced and not problem.without_paying_mana_cost:
        if problem.splice_candidates:
            raise UnsupportedRuleError(problem.spell.name, removing[0].keyword,
                                       "an alternative cost that removes targets with spliced text")
        atoms.append(_not_removed_atom(removing))
    return Switch(tuple(atoms)) if atoms else None


# ---------------------------------------------------------------------------------------------- slots
def _slot_why_not(problem: CastProblem, spec: TargetSpec, source_name: str) -> Callable:
    problem_of = ProblemRef(problem)  # kept by the problem: no reference back (see ProblemRef)

    def why_not(value: Any) -> tuple[Reason, ...]:
        problem = problem_of()
        if value is None:
            return (Reason("CR 601.2c", f"no target is chosen for '{spec.phrase}' of {source_name}"),)
        if not isinstance(value, tuple) or not all(isinstance(t, str) for t in value):
            return (Reason("CR 601.2c", f"{value!r} is not a set of targets for '{spec.phrase}'"),)
        reasons = []
        if len(set(value)) != len(value):
            reasons.append(Reason("CR 115.3", f"the same object is chosen twice for '{spec.phrase}'"))
        if spec.same_controller and len({problem.state.object(t).controller for t in value
                                         if problem.state.has_object(t)}) > 1:
            reasons.append(Reason("CR 601.2c", f"'{spec.phrase}': the targets have different controllers"))
        known = all(problem.state.has_object(t) or t in problem.state.players for t in value)
        if spec.relation is not None and known and not relation_holds(problem, spec.relation, value):
            reasons.append(Reason("CR 601.2c", f"'{spec.phrase}': {_BROKEN_RELATION[spec.relation]}"))
        objects = all(problem.state.has_object(t) for t in value)
        if spec.total_at_most is not None and objects:
            attribute, most = spec.total_at_most
            total = total_of(problem, attribute, value)
            if total > most:
                reasons.append(Reason("CR 601.2c", f"'{spec.phrase}': the targets' total {attribute} is {total}, "
                                                   f"more than {most}"))
        low = _least_targets(spec)
        if not low <= len(value) <= (len(value) if spec.count >= ANY_NUMBER else spec.count):
            wanted = spec.count if low == spec.count else f"{low} to {min(spec.count, ANY_NUMBER - 1)}"
            if spec.count >= ANY_NUMBER:
                wanted = f"{low} or more"
            if spec.kicked_count:  # as many as kicks: chosen only when kicked (CR 601.2c, 702.33c)
                reasons.append(Reason("CR 702.33c", f"'{spec.phrase}' takes one target for each time the spell "
                                                    f"was kicked, at least one when it is part of the spell; "
                                                    f"{len(value)} given"))
            else:
                reasons.append(Reason("CR 601.2c", f"'{spec.phrase}' takes {wanted} target(s); {len(value)} given"))
        for target in value:
            why = why_not_legal_target(problem, spec, target)
            if why is not None:
                reasons.append(Reason(why.rule, f"'{spec.phrase}': {why.message}"))
        return tuple(reasons) or (Reason("CR 601.2c", f"{list(value)} is not a legal choice for '{spec.phrase}'"),)
    return why_not


def _why_not_legal_target_of(problem_of: ProblemRef, spec: TargetSpec, candidate: str) -> Reason | None:
    """:func:`why_not_legal_target` for the problem of a :class:`ProblemRef` (what a slot keeps)."""
    return why_not_legal_target(problem_of(), spec, candidate)


def add_target_slot(problem: CastProblem, key: TargetKey, spec: TargetSpec, switch: Switch | None,
                    source_name: str, choices: TargetChoices | None = None,
                    earlier: TargetSlot | None = None,
                    divisions: tuple[tuple[int, ...], ...] | None = None,
                    player: TargetSlot | None = None, kicked: int | None = None) -> TargetSlot:
    """Add one instance of "target": its variable, its division, and the rules tying it to other choices.

    Parameters
    ----------
    problem : CastProblem
    key : TargetKey
    spec : TargetSpec
    switch : Switch or None
        When the instance is part of the spell; None: always.
    source_name : str
        The name of the card whose text holds it, for sentences.
    choices : TargetSets or tuple of tuple of str, optional
        The legal sets of targets; by default :func:`target_choices` (a copy
        passes its own, CR 707.10c).
    earlier : TargetSlot or None
        For "another target": the instance it must differ from (CR 115.4).
    divisions : tuple of tuple of int, optional
        For a divided instance, the divisions allowed; by default every
        division of the amount (a copy keeps its original's, CR 707.10).
    player : TargetSlot or None
        For "… that player controls" (:attr:`~models.abilities.TargetSpec.controlled_by`): the instance
        whose one target names that player (CR 115.1, 601.2c).
    kicked : int or None
        For "another target for each time this spell was kicked"
        (:attr:`~models.abilities.TargetSpec.kicked_count`) on a spell whose kicks are announced already (on
        the stack, CR 707.10): how many; None: the problem's choice of the kicker cost (CR 702.33c).

    Returns
    -------
    TargetSlot
    """
    domain: tuple | LazyDomain | None = None
    if choices is None and problem.recorded is not None:
        choices, domain, divisions = _recorded_choices(problem, key, spec, switch is not None)
    elif choices is None:
        choices = target_choices(problem, spec)
    problem.add_variable(key, domain if domain is not None else _slot_domain(choices, switch is not None),
                         "CR 601.2c", _slot_why_not(problem, spec, source_name))
    division = DivisionKey(key) if spec.is_divided else None
    slot = TargetSlot(key, spec, switch, choices, candidates_of(problem, spec), division,
                      functools.partial(_why_not_legal_target_of, ProblemRef(problem), spec))
    problem.slots.append(slot)
    if switch is not None:
        _add_activation(problem, slot, source_name)
    if division is not None:
        _add_division(problem, slot, divisions)
    if earlier is not None:
        _add_another(problem, earlier, slot)
    if player is not None and (problem.recorded is None or problem.is_copy):
        # the player named by the earlier target, as the spell was cast, is no shape of its record (CR 608.2b)
        _add_controlled_by(problem, player, slot)
    if spec.x_count:
        _add_x_count(problem, slot)
    if spec.kicked_count:
        _add_kicked_count(problem, slot, kicked)
    if spec.qualities is not None and any(_names_x(clause) for clause in spec.qualities.clauses) \
            and _announced_x(problem, spec) == _UNDECIDED:
        _add_x_quality(problem, slot)
    return slot


def _recorded_choices(problem: CastProblem, key: TargetKey, spec: TargetSpec, may_be_off: bool) -> tuple[
        TargetChoices, tuple | LazyDomain | None, tuple[tuple[int, ...], ...] | None]:
    """What an instance of a spell on the stack may have chosen: its sets, its domain, its divisions.

    The spell's own record (CR 601.2i) is judged for its shape: any players and objects, as many as the phrase
    takes, all different (CR 115.3), the objects named by id whether or not they are still in the game (a target
    that left it is illegal on resolution, CR 608.2b, never a bad record); their legality now is the instance's
    :attr:`~solver.problem.TargetSlot.why_not_target`. A copy (CR 707.10c) keeps its original's targets, or, when
    it may choose new ones, takes any target legal for it or keeps the original's; it divides as the original did.

    Returns
    -------
    (TargetChoices, domain or None, divisions or None)
        The sets of targets; the domain of the instance's variable when it is not made of those sets (None:
        :func:`_slot_domain` of them); the divisions allowed when they are fixed (None: every division).

    Raises
    ------
    UnsupportedRuleError
        New targets for a copy that divides damage or counters.
    """
    recorded = problem.recorded
    assert recorded is not None, "only a spell on the stack has a record"
    original = next((choice for choice in recorded.targets if choice.slot == key.slot), None)
    chosen = tuple(original.targets) if original is not None else ()
    least, state = _least_targets(spec), problem.state
    if problem.is_copy:
        if problem.keep_targets:
            fixed = (tuple(original.division),) if original is not None and spec.is_divided else None
            return (chosen,) if original is not None else (), None, fixed
        if spec.is_divided:
            raise UnsupportedRuleError(problem.spell.name, spec.phrase, "new targets for a copy with divided damage")
        # keep the original targets, even illegal ones, or any legal for the copy (CR 707.10c)
        return target_choices(problem, spec, tuple(sorted(set(legal_targets(problem, spec)) | set(chosen)))), None, \
            None
    every = tuple(state.players) + tuple(o.id for o in state.objects)
    most = len(every) if spec.count >= ANY_NUMBER else spec.count

    def has_shape(value: Any) -> bool:
        if value is None:
            return may_be_off
        return (isinstance(value, tuple) and all(isinstance(t, str) for t in value) and least <= len(value)
                and (spec.count >= ANY_NUMBER or len(value) <= spec.count) and len(set(value)) == len(value)
                and list(value) == sorted(value))

    return TargetSets(every, least, max(least, min(most, len(every)))), LazyDomain(
        _recorded_sets, has_shape, f"sets of {least} or more targets, any player or object"), None


def _recorded_sets() -> Iterator[Any]:
    """The sets a spell on the stack may have chosen: never listed (its problem is judged, not solved).

    Raises
    ------
    SolverError
        Always.
    """
    raise SolverError("fast", "the targets a spell on the stack may have chosen are its record's: they are never "
                              "listed")


def _slot_domain(choices: TargetChoices, may_be_off: bool) -> tuple | LazyDomain:
    """The domain of an instance's variable: its legal sets, and None first when it may be no part of the spell.

    Sets counted, not listed (:class:`~solver.target_sets.TargetSets`), stay unlisted: a lazy domain.
    """
    if not isinstance(choices, TargetSets):
        return ((None,) + choices) if may_be_off else choices
    if may_be_off:
        return LazyDomain(lambda: itertools.chain((None,), choices), lambda value: value is None or value in choices,
                          f"no target, or {choices!r}")
    return LazyDomain(lambda: iter(choices), choices.__contains__, repr(choices))


def _add_activation(problem: CastProblem, slot: TargetSlot, source_name: str) -> None:
    switch = slot.switch
    if switch is None:
        return
    phrase = slot.spec.phrase
    choices = slot.choices
    rule = switch.atoms[0].rule if len(switch.atoms) == 1 else "CR 601.2c"

    def explain(*values: Any) -> str:
        value = values[-1]
        if switch.is_on(*values[:-1]):
            return (f"{switch.text} but no target is chosen for '{phrase}'" if choices
                    else f"{switch.text} but '{phrase}' has no legal target")
        off = next(atom for atom, v in zip(switch.atoms, values[:-1]) if not atom.holds(v))
        return f"a target ({', '.join(value)}) is given for '{phrase}' of {source_name}, which needs: {off.text}"

    problem.add_constraint(
        switch.scope + (slot.key,),
        lambda *values: switch.is_on(*values[:-1]) == (values[-1] is not None),
        rule,
        f"'{phrase}' of {source_name} has a target exactly when {switch.text}",
        explain,
        kind=ConstraintKind.ACTIVATION,
        generate=lambda *values: choices if switch.is_on(*values) else (None,),
        count=lambda *values: number_of_sets(choices) if switch.is_on(*values) else 1,
    )


def _add_division(problem: CastProblem, slot: TargetSlot, fixed: tuple[tuple[int, ...], ...] | None) -> None:
    """Damage or counters divided among the instance's targets, at least 1 each (CR 601.2d).

    The amount is the printed one or, for "X damage divided …", the X announced before targets (CR 107.3a,
    601.2b): :func:`_add_x_division`.
    """
    spec, division = slot.spec, slot.division
    if division is None:
        return
    if spec.divided_x:
        _add_x_division(problem, slot, fixed)
        return
    amount, most = spec.divided, min(spec.count, spec.divided)

    is_division = _division_member(spec, fixed)

    def divisions() -> Iterator[tuple[int, ...] | None]:
        if fixed is not None:
            yield from fixed
            return
        if slot.switch is not None:
            yield None
        for parts in range(1, most + 1):
            yield from compositions(amount, parts)

    wanted = f"{amount} {spec.divided_what} must be divided among the targets, at least 1 each"

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = list(value) if isinstance(value, tuple) else value
        return (Reason("CR 601.2d", f"'{spec.phrase}': {wanted}; the division given is {given}"),)

    problem.add_variable(division, LazyDomain(divisions, is_division, f"divisions of {amount}"), "CR 601.2d",
                         why_not)
    problem.add_constraint(
        (slot.key, division),
        lambda targets, split: (targets is None) == (split is None) and (targets is None or len(targets) == len(split)),
        "CR 601.2d",
        f"'{spec.phrase}': one amount per target",
        lambda targets, split: f"'{spec.phrase}': {wanted}; the division given is {list(split or ())} for "
                               f"{len(targets or ())} target(s)",
        generate=lambda targets: (None,) if targets is None else (
            compositions(amount, len(targets)) if fixed is None else [d for d in fixed if len(d) == len(targets)]),
        count=None if fixed is not None else
        (lambda targets: 1 if targets is None else math.comb(amount - 1, len(targets) - 1)),
    )


def _division_member(spec: TargetSpec, fixed: tuple[tuple[int, ...], ...] | None) -> Callable[[Any], bool]:
    """Whether a value is in the domain of an instance's division: one of ``fixed``, or a division (CR 601.2d).

    Without ``fixed``, None (no target chosen) or a division :func:`_is_division` accepts.
    """
    def is_division(value: Any) -> bool:
        if fixed is not None:
            return value in fixed
        return value is None or _is_division(spec, value)

    return is_division


def _add_x_division(problem: CastProblem, slot: TargetSlot, fixed: tuple[tuple[int, ...], ...] | None) -> None:
    """X divided among the instance's targets, at least 1 each: X announced, then targets and division.

    X is announced before targets (CR 107.3a, 601.2b); the division gives each target at least 1 and adds
    up to X (CR 601.2d), so X targets at most, and X is at least 1: the division is among one or more
    targets. The division's domain is every division of every value X may take.

    Raises
    ------
    UnsupportedRuleError
        The spell has no X announced as it is cast (no {X} in its mana cost nor X in an additional cost).
    """
    spec, division = slot.spec, slot.division
    if division is None:
        return
    x_values = problem.variables[X].domain
    if isinstance(x_values, tuple) and x_values == (None,):
        raise UnsupportedRuleError(problem.spell.name, spec.phrase, "X divided without an X announced as it is cast")
    is_division = _division_member(spec, fixed)

    def divisions() -> Iterator[tuple[int, ...] | None]:
        if fixed is not None:
            yield from fixed
            return
        if slot.switch is not None:
            yield None
        for x in x_values:
            if isinstance(x, int) and x >= 1:
                for parts in range(1, _most_targets(spec, x) + 1):
                    yield from compositions(x, parts)

    wanted = f"X {spec.divided_what} must be divided among the targets, at least 1 each"

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = list(value) if isinstance(value, tuple) else value
        return (Reason("CR 601.2d", f"'{spec.phrase}': {wanted}; the division given is {given}"),)

    def adds_up(x: Any, targets: Any, split: Any) -> bool:
        if targets is None or split is None:
            return targets is None and split is None
        return len(targets) == len(split) and sum(split) == x

    def generate(x: Any, targets: Any) -> Iterable[tuple[int, ...] | None]:
        if targets is None:
            return (None,)
        if fixed is not None:
            return [d for d in fixed if len(d) == len(targets) and sum(d) == x]
        return compositions(x, len(targets)) if isinstance(x, int) and x >= len(targets) else ()

    def count(x: Any, targets: Any) -> int:
        if targets is None:
            return 1
        return math.comb(x - 1, len(targets) - 1) if isinstance(x, int) and x >= len(targets) else 0

    problem.add_variable(division, LazyDomain(divisions, is_division, "divisions of X"), "CR 601.2d", why_not)
    problem.add_constraint(
        (X, slot.key, division),
        adds_up,
        "CR 601.2d",
        f"'{spec.phrase}': one amount per target, X in all",
        lambda x, targets, split: f"'{spec.phrase}': {wanted}; X is {x} and the division given is "
                                  f"{list(split or ())} for {len(targets or ())} target(s)",
        generate=generate,
        count=None if fixed is not None else count,
    )


def _add_x_count(problem: CastProblem, slot: TargetSlot) -> None:
    """'X target …': as many targets as the value announced for X (CR 601.2b then 601.2c)."""
    if problem.variables[X].domain == (None,):
        raise UnsupportedRuleError(problem.spell.name, slot.spec.phrase, "'X target' without X in the mana cost")
    if slot.spec.x_up_to:  # "up to X target …"
        problem.add_constraint(
            (X, slot.key),
            lambda x, value: value is None or len(value) <= x,
            "CR 601.2c",
            f"'{slot.spec.phrase}' chooses at most X targets",
            lambda x, value: f"X is {x} but {len(value)} target(s) are chosen for '{slot.spec.phrase}'",
            kind=ConstraintKind.SIZE,
            sizes=lambda x: range(0, x + 1),
        )
        return
    problem.add_constraint(
        (X, slot.key),
        lambda x, value: value is None or len(value) == x,
        "CR 601.2c",
        f"'{slot.spec.phrase}' chooses exactly X targets",
        lambda x, value: f"X is {x} but {len(value)} target(s) are chosen for '{slot.spec.phrase}'",
        kind=ConstraintKind.SIZE,
        sizes=lambda x: range(x, x + 1),
    )


def kick_key(problem: CastProblem, phrase: str) -> OptionalCostKey:
    """The choice of how many times the spell is kicked, for text that counts the kicks (CR 702.33c-d).

    Parameters
    ----------
    problem : CastProblem
    phrase : str
        The words that count the kicks, for the error.

    Returns
    -------
    OptionalCostKey
        The key of the spell's one kicker or multikicker cost.

    Raises
    ------
    UnsupportedRuleError
        The spell has no kicker cost, or several.
    """
    kickers = [a for a in problem.abilities.additional_costs if a.optional and a.keyword in KICKED]
    if len(kickers) != 1:
        raise UnsupportedRuleError(problem.spell.name, phrase, "text that counts the kicks, on a spell with none or "
                                                               "several kicker costs")
    return optional_cost_key(kickers[0])


def _add_kicked_count(problem: CastProblem, slot: TargetSlot, kicked: int | None) -> None:
    """'another target for each time this spell was kicked': as many targets as kicks (CR 601.2c, 702.33c-d).

    The number of targets is defined by the text (CR 601.2c) from the times the kicker cost was paid,
    announced before targets (CR 601.2b, 702.33c). The instance has a value only when the spell was kicked
    (its switch, CR 702.33g); then it chooses exactly that many targets, all different (CR 115.3).

    Parameters
    ----------
    problem : CastProblem
    slot : TargetSlot
    kicked : int or None
        The times the spell was kicked, when already announced (a spell on the stack, CR 707.10); None: the
        problem's choice of the kicker cost.
    """
    phrase = slot.spec.phrase
    if kicked is not None:
        problem.add_constraint(
            (slot.key,),
            lambda value: value is None or len(value) == kicked,
            "CR 702.33c",
            f"'{phrase}' chooses one target for each of the {kicked} time(s) the spell was kicked",
            lambda value: f"the spell was kicked {kicked} time(s) but {len(value)} target(s) are chosen for "
                          f"'{phrase}', one for each time it was kicked",
            kind=ConstraintKind.SIZE,
            sizes=lambda: range(kicked, kicked + 1),
        )
        return
    key = kick_key(problem, phrase)
    problem.add_constraint(
        (key, slot.key),
        lambda times, value: value is None or len(value) == times,
        "CR 702.33c",
        f"'{phrase}' chooses one target for each time the spell was kicked",
        lambda times, value: f"the spell is kicked {times} time(s) but {len(value)} target(s) are chosen for "
                             f"'{phrase}', one for each time it is kicked",
        kind=ConstraintKind.SIZE,
        sizes=lambda times: range(times, times + 1),
    )


def _add_x_quality(problem: CastProblem, slot: TargetSlot) -> None:
    """'target creature with mana value X': each target has the quality with the X announced (CR 601.2b, 601.2c).

    X is announced before targets are chosen (CR 601.2b, 107.3a), so which objects the phrase names depends on
    that choice: the rule is over X and the instance, never a filter made before X is known. The other
    qualities of the phrase are in the instance's domain already (:func:`_quality_mismatch`).
    """
    spec, state = slot.spec, problem.state
    assert spec.qualities is not None, "only phrases with a quality naming X are tied to X"
    clauses = [clause for clause in spec.qualities.clauses if _names_x(clause)]
    fits_memo: dict[tuple[str, int], bool] = {}

    def fits(target: str, x: int) -> bool:
        found = fits_memo.get((target, x))
        if found is None:
            if not state.has_object(target) or not isinstance(x, int):
                return False  # a player, an unknown id or no X: nothing with a number (the domain says why)
            obj = state.object(target)
            found = fits_memo[(target, x)] = all(any(holds(q, obj, x) for q in clause) for clause in clauses)
        return found

    def predicate(x: Any, value: Any) -> bool:
        return value is None or all(fits(t, x) for t in value)

    def explain(x: Any, value: Any) -> str:
        failing = "; ".join(
            f"{state.object(t).name} ({t}) has "
            + " and ".join(f"{q.attribute} {number_of(state.object(t), q.attribute)}"
                           for clause in clauses for q in clause if names_x(q))
            for t in value if not fits(t, x) and state.has_object(t)) or "a target that is no object"
        return f"X is {x}, but {failing} ('{spec.phrase}')"

    domain = problem.variables[slot.key].domain
    problem.add_constraint(
        (X, slot.key),
        predicate,
        "CR 601.2c",
        f"'{spec.phrase}' names objects by the value announced for X",
        explain,
        generate=lambda x: [value for value in domain if predicate(x, value)],
    )


def _add_another(problem: CastProblem, earlier: TargetSlot, later: TargetSlot) -> None:
    problem.add_constraint(
        (earlier.key, later.key),
        lambda first, second: first is None or second is None or not set(first) & set(second),
        "CR 115.4",
        f"'{later.spec.phrase}' must differ from '{earlier.spec.phrase}'",
        lambda first, second: f"{', '.join(sorted(set(first) & set(second)))} chosen for both "
        f"'{earlier.spec.phrase}' and '{later.spec.phrase}'",
        kind=ConstraintKind.ANOTHER,
    )


def _player_named(problem: CastProblem, chosen: tuple[str, ...]) -> str | None:
    """The player one target names: the player chosen, or the controller of the permanent chosen (CR 108.4, 109.5).

    None for anything else (no single target, an id the state does not have).
    """
    if len(chosen) != 1:
        return None
    target = chosen[0]
    if target in problem.state.players:
        return target
    return problem.state.object(target).controller if problem.state.has_object(target) else None


def _add_controlled_by(problem: CastProblem, earlier: TargetSlot, later: TargetSlot) -> None:
    """'… target land that player controls': the later instance's targets are controlled by that player.

    "That player" is the one target of the earlier instance ("Choose target opponent. Destroy target land that
    player controls."), or the controller of the permanent it chose ("target creature an opponent controls …
    another target creature that player controls"). What the later instance may choose depends on that choice
    (CR 115.1, 601.2c): a rule over the two instances, never a filter made before the first is chosen. For cards
    in a graveyard ("Target player shuffles up to three target cards from their graveyard into their library"),
    the cards are in that player's graveyard: their owner is that player (CR 404.1, 400.3, 115.2).
    """
    state = problem.state
    graveyard = TargetKind.GRAVEYARD_CARD in later.spec.kinds
    verb = "is in the graveyard of" if graveyard else "is controlled by"

    def whose(target: str) -> str | None:
        if not state.has_object(target):
            return None
        obj = state.object(target)
        return obj.owner if graveyard else obj.controller

    problem_of = ProblemRef(problem)  # kept by the problem: no reference back (see ProblemRef)

    def controlled(first: Any, second: Any) -> bool:
        if first is None or second is None:
            return True
        player = _player_named(problem_of(), first)
        return player is not None and all(whose(t) == player for t in second)

    def explain(first: Any, second: Any) -> str:
        player = _player_named(problem_of(), first)
        others = ", ".join(f"{state.object(t).name} ({t}) {verb} {whose(t)}"
                           if state.has_object(t) else f"{t} is no object" for t in second if whose(t) != player)
        what = f"cards in {player}'s graveyard" if graveyard else f"what {player} controls"
        return f"'{later.spec.phrase}' names {what} (from '{earlier.spec.phrase}'), but {others}"

    problem.add_constraint(
        (earlier.key, later.key),
        controlled,
        "CR 601.2c",
        f"'{later.spec.phrase}' must be {'in the graveyard of' if graveyard else 'controlled by'} the player "
        f"'{earlier.spec.phrase}' names",
        explain,
    )


def _add_text(problem: CastProblem, source: GameObject, instructions: tuple[Instruction, ...], mode: int | None,
              copy: int = 0) -> None:
    spliced = source.id != problem.spell.id
    for line, instruction in enumerate(instructions):
        made: list[TargetSlot] = []
        for index, spec in enumerate(instruction.targets):
            key = TargetKey(ObjectId(source.id), mode, line if mode is None else 0, index, copy)
            switch = switch_of(problem, source, instruction, spec, mode, copy, spliced)
            earlier = made[spec.distinct_from] if spec.distinct_from is not None else None
            player = made[spec.controlled_by] if spec.controlled_by is not None else None
            made.append(add_target_slot(problem, key, spec, switch, source.name, earlier=earlier, player=player))
            if spec.also_distinct_from is not None:  # "a third target" (CR 115.4)
                _add_another(problem, made[spec.also_distinct_from], made[-1])


def add_target_rules(problem: CastProblem) -> None:
    """Add one variable per target instance of the spell, its modes and its splice candidates.

    Parameters
    ----------
    problem : CastProblem
        Modes, splices and the cost announcements must have been added already.

    Notes
    -----
    CR 601.2c: targets are chosen for the spell's own text, for each chosen
    mode (CR 700.2c, each time it is chosen, 700.2d) and for each spliced
    text (CR 702.47d). A mode or splice whose instance has no legal choice
    can't be chosen (CR 700.2a, 702.47b).
    """
    spell = problem.spell
    _add_text(problem, spell, problem.abilities.spell_text, None)
    choice = problem.abilities.mode_choice
    for mode in problem.abilities.modes:
        copies = choice.most_times(mode.index) if choice is not None else 1
        for copy in range(copies):  # each time a mode is chosen is its own instance (CR 700.2d)
            _add_text(problem, spell, (mode.instruction,), mode.index, copy)
    for obj, abilities in problem.splice_candidates.values():
        _add_text(problem, obj, abilities.spell_text, None)
