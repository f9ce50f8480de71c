"""Targets (CR 115, 601.2c): one variable per instance of the word "target".

Each instance is a slot whose value is the sorted tuple of the objects and
players chosen for it (a set: "two target creatures" chooses two different
ones, CR 115.3), or None when the text it is in is not part of the spell (a
mode not chosen, CR 700.2c; a card not spliced, CR 702.47d). Domains hold the
legal choices, judged against the spell's own characteristics: a spliced text
does not change the spell's colour (CR 702.47c). Different instances may
choose the same object (CR 115.3) unless the text says "another" (CR 115.4).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable

from models.abilities import PERMANENT_KIND_TYPES, ControllerFilter, Quality, TargetKind, TargetSpec
from models.cast import Cast
from models.errors import UnsupportedRuleError
from models.oracle.parser import ANY_NUMBER
from models.objects import CardType, GameObject, Zone
from solver.abilities import abilities_of
from solver.qualities import holds
from solver.problem import CastProblem, Reason, TargetSlot, split_value, target_ids, value_of_choice
from solver.rules.costs import AWAKENED, KICKED, OVERLOADED, X
from solver.rules.splice import SPLICES
from solver.rules.modes import mode_variable

__all__ = ["add_target_rules", "legal_targets", "why_not_legal_target", "slot_variable", "target_ids", "controller_of",
           "split_value", "value_of_choice"]


def slot_variable(source: str, mode: int | None, instruction: int, index: int, copy: int = 0) -> str:
    """The variable name of one target instance (``copy``: which time a repeated mode is chosen)."""
    where = f"m{mode}" if mode is not None else f"t{instruction}"
    return f"target:{source}:{where}:{index}" + (f":c{copy}" if copy else "")


@functools.cache
def _accepted_types(kinds: frozenset[TargetKind]) -> frozenset[CardType]:
    """The card types a permanent may have to be named by these kinds."""
    return frozenset(PERMANENT_KIND_TYPES[k] for k in kinds if k in PERMANENT_KIND_TYPES)


def _matches_kind(problem: CastProblem, spec: TargetSpec, candidate: str) -> Callable[[], str] | None:
    """None when the candidate is of a kind the phrase names, else a function saying why not (CR 115.1).

    The sentence is made only when asked for: most candidates of a phrase fail
    here, and legality needs only the answer.
    """
    state = problem.state
    if candidate in state.players:
        if TargetKind.PLAYER in spec.kinds:
            return None
        if TargetKind.OPPONENT in spec.kinds:
            return None if candidate != problem.caster else (lambda: f"{candidate} is not an opponent of {problem.caster}")
        return lambda: f"{candidate} is a player, and '{spec.phrase}' does not name players"
    obj = state.object(candidate)
    if TargetKind.GRAVEYARD_CARD in spec.kinds:
        if obj.zone is not Zone.GRAVEYARD:
            return lambda: f"{obj.name} ({obj.id}) is in the {obj.zone.value}: '{spec.phrase}' names cards in a graveyard"
        if spec.card_types and not any(t in spec.card_types for t in obj.card.types):
            return lambda: f"{obj.name} ({obj.id}) is not a {' or '.join(sorted(t.value.lower() for t in spec.card_types))} card"
        if spec.controller is ControllerFilter.YOU and obj.owner != problem.caster:
            return lambda: f"{obj.name} ({obj.id}) is in {obj.owner}'s graveyard, not {problem.caster}'s"
        if spec.controller is ControllerFilter.OPPONENT and obj.owner == problem.caster:
            return lambda: f"{obj.name} ({obj.id}) is in {problem.caster}'s own graveyard, not an opponent's"
        return _quality_mismatch(problem, spec, obj)
    if TargetKind.SPELL in spec.kinds and (obj.zone is Zone.STACK or spec.kinds == {TargetKind.SPELL}):
        if obj.zone is not Zone.STACK:
            return lambda: f"{obj.name} ({obj.id}) is in the {obj.zone.value}: '{spec.phrase}' names spells on the stack"
        if spec.spells is not None and not spec.spells.matches(obj.card.types):
            return lambda: f"{obj.name} ({obj.id}) is not a {spec.spells.value}"
        return _controller_mismatch(problem, spec, obj) or _quality_mismatch(problem, spec, obj)
    if obj.zone is not Zone.BATTLEFIELD:
        return lambda: f"{obj.name} ({obj.id}) is in the {obj.zone.value}: '{spec.phrase}' names only permanents (CR 115.2)"
    _static_type_changes(problem)
    types = obj.card.types
    if TargetKind.PERMANENT not in spec.kinds and not _accepted_types(spec.kinds).intersection(types):
        return lambda: f"{obj.name} ({obj.id}) is not a {' or '.join(sorted(k.value for k in spec.kinds))}"
    return _controller_mismatch(problem, spec, obj) or _quality_mismatch(problem, spec, obj)


def _chosen_targets(problem: CastProblem, obj: GameObject) -> list[str]:
    """Every object and player a spell on the stack chose as a target, once per time chosen (CR 115.9a)."""
    record = problem.state.cast_record_of(obj.id)
    if record is None:
        abilities = abilities_of(obj)
        if any(i.targets for i in abilities.spell_text) or any(m.instruction.targets for m in abilities.modes):
            raise UnsupportedRuleError(obj.name, "cast", f"what {obj.name} ({obj.id}) targets is not in the state: "
                                       "give its cast record (CR 115.9)")
        return []  # a spell whose text has no "target" targets nothing
    return [t for choice in Cast.from_json(record, path=f"stack {obj.id}: cast").targets for t in choice.targets]


def _targeting_holds(problem: CastProblem, quality: Quality, obj: GameObject) -> bool:
    """Whether a spell has "a single target" (CR 115.9a), or "targets you / a player / ..." (CR 115.9b)."""
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
            return permanent.card.has_type(CardType.LAND) and permanent.controller == problem.caster
        found = any(now(t) for t in chosen)
    return found != quality.negated


_STATIC_POWER_CHANGE = re.compile(r"\bgets? [+-]\d+/[+-]\d+|\bbase power\b|\bpower and toughness (are|is) each")


_STATIC_TYPE_CHANGE = re.compile(r"\b(are|is|becomes?|it's) (still )?(an? |all )?(\d+/\d+ )?([a-z]+ )?"
                                 r"(artifact |enchantment |land )?(creatures?|artifacts?|lands?|enchantments?)\b")


def _static_lines(obj: GameObject):
    """The lines of a permanent's text that are static abilities: not activated, not triggered, no reminder."""
    for line in obj.card.oracle_text.lower().split("\n"):
        line = re.sub(r"\([^()]*\)", "", line)
        if ":" in line or re.match(r"(when|whenever|at the beginning)\b", line):
            continue  # activated and triggered abilities change nothing until they resolve
        yield line


def _refuse_static_changes(problem: CastProblem, pattern: re.Pattern, rule: str, what: str, consequence: str) -> None:
    """Raise when a permanent on the battlefield has a static ability the pattern finds (once per problem)."""
    if pattern.pattern in problem.cache:
        return
    for obj in problem.state.battlefield():
        for line in _static_lines(obj):
            if pattern.search(line):
                raise UnsupportedRuleError(obj.name, line,
                                           f"a static change of {what} is not applied ({rule}): {consequence}")
    problem.cache[pattern.pattern] = True


_GRANTS_PROTECTION = re.compile(r"\b(hexproof|shroud|protection|can't be the targets?)\b")


def _granted_protections(problem: CastProblem) -> None:
    """Refuse to judge targets when a permanent's unread text may give others hexproof, shroud or protection.

    "Other Spirit creatures you control get +1/+1 and have hexproof." (Drogskol
    Captain) or "You and Humans you control have hexproof." (Sigarda) change
    what may be targeted (CR 702.11, 702.16, 702.18) but are not read: with such
    a permanent on the battlefield, a target is unsupported, never guessed.
    """
    if "granted protections checked" in problem.cache:
        return
    for obj in problem.state.battlefield():
        for unread in abilities_of(obj).permanent_unsupported:
            if unread.topic == "targeting" and _GRANTS_PROTECTION.search(re.sub(r'"[^"]*"', "", unread.span.lower())):
                raise UnsupportedRuleError(obj.name, unread.span, "it may give other permanents or players hexproof, "
                                                                  "shroud or protection, which is not read")
    problem.cache["granted protections checked"] = True


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


def _quality_mismatch(problem: CastProblem, spec: TargetSpec, obj: GameObject) -> Callable[[], str] | None:
    """None when the object has every quality the phrase names ("nonblack", "with flying"), CR 115.1."""
    if spec.qualities is None:
        return None
    if any(q.attribute in ("power", "toughness") for clause in spec.qualities.clauses for q in clause):
        _static_power_changes(problem)
    for clause in spec.qualities.clauses:
        if not any(_targeting_holds(problem, q, obj) if q.attribute == "targeting" else holds(q, obj)
                   for q in clause):
            return lambda: f"{obj.name} ({obj.id}) is not {spec.qualities.text} ('{spec.phrase}')"
    return None


def _controller_mismatch(problem: CastProblem, spec: TargetSpec, obj: GameObject) -> Callable[[], str] | None:
    """'you control' / 'an opponent controls' for a permanent or a spell: None when it fits."""
    if spec.controller is ControllerFilter.YOU and obj.controller != problem.caster:
        return lambda: f"{obj.name} ({obj.id}) is controlled by {obj.controller}, not by {problem.caster}"
    if spec.controller is ControllerFilter.OPPONENT and obj.controller == problem.caster:
        return lambda: f"{obj.name} ({obj.id}) is controlled by {problem.caster}, not by an opponent"
    return None


def _player_protection(problem: CastProblem, player: str) -> Reason | None:
    """Hexproof or shroud a player has from a permanent they control (CR 702.11c, 702.18b)."""
    memo = problem.cache.setdefault("player abilities", {})
    if player not in memo:
        hexproof = shroud = False
        for obj in problem.state.objects_in(Zone.BATTLEFIELD, player):
            abilities = abilities_of(obj)
            hexproof = hexproof or abilities.controller_hexproof
            shroud = shroud or abilities.controller_shroud
        memo[player] = (hexproof, shroud)
    hexproof, shroud = memo[player]
    if shroud:
        return Reason("CR 702.18b", f"{player} has shroud")
    if hexproof and player != problem.caster:
        return Reason("CR 702.11c", f"{player} has hexproof and {problem.caster} is an opponent")
    return None


def why_not_legal_target(problem: CastProblem, spec: TargetSpec, candidate: str, explain: bool = True) -> Reason | None:
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

    Returns
    -------
    Reason or None
        None when the candidate is legal.

    Raises
    ------
    UnsupportedRuleError
        The candidate has text bearing on targeting that can't be read.
    """
    state = problem.state
    if candidate not in state.players and not state.has_object(candidate):
        return Reason("CR 115.1", f"there is no object or player {candidate!r}")
    if candidate == problem.spell.id and not problem.cache.get("targets are a copy's"):
        return Reason("CR 115.5", f"{problem.spell.name} can't target itself")
    mismatch = _matches_kind(problem, spec, candidate)
    if mismatch:
        return Reason("CR 115.1", mismatch() if explain else "")
    _granted_protections(problem)
    if candidate in state.players:
        return _player_protection(problem, candidate)
    obj = state.object(candidate)
    if obj.zone is not Zone.BATTLEFIELD:
        return None  # hexproof, shroud and protection of cards elsewhere are not modelled (CR 702.11b: permanents)
    abilities = abilities_of(obj)
    unread = [u for u in abilities.permanent_unsupported if u.topic == "targeting"]
    if unread:
        raise UnsupportedRuleError(obj.name, unread[0].span, unread[0].reason)
    name = f"{obj.name} ({obj.id})"
    if abilities.shroud:
        return Reason("CR 702.18a", f"{name} has shroud")
    if abilities.hexproof and obj.controller != problem.caster:
        return Reason("CR 702.11b", f"{name} has hexproof and {problem.caster} is an opponent of its controller")
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


def legal_targets(problem: CastProblem, spec: TargetSpec) -> tuple[str, ...]:
    """Every object and player legal for one instance, players first (turn order), then permanents (file order).

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
    memo = problem.cache.setdefault("legal targets", {})
    found = memo.get(spec)
    if found is None:
        candidates = list(problem.state.players) + [o.id for o in problem.state.battlefield()]
        if spec.kinds == {TargetKind.SPELL}:
            candidates = list(problem.state.stack)  # bottom first (CR 405.1)
        elif TargetKind.SPELL in spec.kinds:  # "target spell or permanent": permanents, then spells
            candidates += list(problem.state.stack)
        elif TargetKind.GRAVEYARD_CARD in spec.kinds:
            candidates = [o.id for o in problem.state.objects_in(Zone.GRAVEYARD)]
        found = memo[spec] = tuple(
            c for c in candidates if why_not_legal_target(problem, spec, c, explain=False) is None
        )
    return found


def controller_of(problem: CastProblem, candidate: str) -> str:
    """Who controls a target: the object's controller, or the player itself."""
    return candidate if candidate in problem.state.players else problem.state.object(candidate).controller


MOST_CANDIDATES_FOR_ANY_NUMBER = 16
"""'any number of target' lists every subset of the candidates: 2^16 = 65,536 at most."""


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to split ``total`` into ``parts`` amounts of at least 1, in order (CR 601.2d)."""
    return [
        tuple(b - a for a, b in zip((0,) + cuts, cuts + (total,)))
        for cuts in itertools.combinations(range(1, total), parts - 1)
    ]


def _choices(problem: CastProblem, spec: TargetSpec) -> tuple[tuple, ...]:
    legal = legal_targets(problem, spec)
    if spec.count > len(legal) and spec.count >= ANY_NUMBER and len(legal) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(
            problem.spell.name, spec.phrase,
            f"{len(legal)} candidates make {2 ** len(legal):,} sets of targets; at most "
            f"{MOST_CANDIDATES_FOR_ANY_NUMBER} candidates are listed for 'any number of target'",
        )
    sizes = range(spec.minimum, min(spec.count, len(legal)) + 1)
    sets = [tuple(sorted(combination)) for size in sizes for combination in itertools.combinations(legal, size)]
    if spec.same_controller:  # "… controlled by the same player"
        sets = [chosen for chosen in sets if len({controller_of(problem, c) for c in chosen}) <= 1]
    if not spec.divided:
        return tuple(sets)
    # Divided damage: each distinct division is its own choice (CR 601.2d).
    return tuple(
        tuple(zip(chosen, amounts)) for chosen in sets if chosen for amounts in _compositions(spec.divided, len(chosen))
    )


def _add_text(problem: CastProblem, source: GameObject, instructions, mode: int | None, activator: str | None,
              copy: int = 0) -> None:
    for line, instruction in enumerate(instructions):
        first_slot = len(problem.slots)
        for index, spec in enumerate(instruction.targets):
            name = slot_variable(source.id, mode, line if mode is None else 0, index, copy)
            choices = _choices(problem, spec)
            switch = activator
            if OVERLOADED in problem.variables and source.id == problem.spell.id:
                if activator is not None or instruction.awakened_only or spec.kicked_only:
                    raise UnsupportedRuleError(source.name, spec.phrase, "overload with modes, awaken or kicker text")
                switch = OVERLOADED  # no target when overloaded: "target" reads "each" (CR 702.96a-b)
            elif instruction.awakened_only:
                if activator is not None or source.id != problem.spell.id or AWAKENED not in problem.variables:
                    raise UnsupportedRuleError(source.name, spec.phrase, "awaken text outside the spell's own text")
                switch = AWAKENED  # chosen only if the awaken cost is paid (CR 702.113b)
            elif spec.kicked_only:
                if activator is not None or source.id != problem.spell.id or KICKED not in problem.variables:
                    # (multikicker's "if it was kicked" text is not modelled either)
                    raise UnsupportedRuleError(source.name, spec.phrase,
                                               "kicked-only target in a mode, a spliced text or without kicker")
                switch = KICKED  # chosen only if the spell is kicked (CR 702.33g)
            domain = ((None,) + choices) if switch else choices
            problem.add_variable(name, domain, "CR 601.2c")
            slot = TargetSlot(name, source.id, mode, line if mode is None else 0, index, spec, switch, choices,
                              copy)
            problem.slots.append(slot)
            _add_activation(problem, slot, source)
            if spec.distinct_from is not None:
                earlier = problem.slots[first_slot + spec.distinct_from]
                _add_another(problem, earlier, slot)
            if spec.x_count:
                _add_x_count(problem, slot)
        if mode is None and not instruction.targets:
            continue


def _add_activation(problem: CastProblem, slot: TargetSlot, source: GameObject) -> None:
    if slot.activator is None:
        return
    phrase = slot.spec.phrase
    if slot.activator == SPLICES:
        source_id = source.id
        problem.add_constraint(
            (SPLICES, slot.variable),
            lambda spliced, value: (source_id in spliced) == (value is not None),
            "CR 702.47b",
            f"'{phrase}' of {source.name} has a target exactly when {source.name} is spliced",
            lambda spliced, value: (
                (f"{source.name} ({source_id}) is spliced but no target is chosen for '{phrase}'" if slot.choices
                 else f"{source.name} ({source_id}) is spliced but '{phrase}' has no legal target")
                if source_id in spliced else
                f"a target is given for '{phrase}' of {source.name}, which is not spliced"
            ),
            kind="activation",
        )
    elif slot.activator == OVERLOADED:
        problem.add_constraint(
            (OVERLOADED, slot.variable),
            lambda overloaded, value: bool(overloaded) == (value is None),
            "CR 702.96b",
            f"'{phrase}' has a target exactly when the overload cost is not paid",
            lambda overloaded, value: (
                f"the overload cost is paid, so '{phrase}' reads 'each' and takes no target" if overloaded
                else (f"no target is chosen for '{phrase}'" if slot.choices else f"'{phrase}' has no legal target")
            ),
            kind="activation",
        )
    elif slot.activator in (AWAKENED, KICKED):
        rule, condition = {AWAKENED: ("CR 702.113b", "the awaken cost is paid"),
                           KICKED: ("CR 702.33g", "the spell is kicked")}[slot.activator]
        problem.add_constraint(
            (slot.activator, slot.variable),
            lambda paid, value: bool(paid) == (value is not None),
            rule,
            f"'{phrase}' has a target exactly when {condition}",
            lambda paid, value: (
                (f"{condition} but no target is chosen for '{phrase}'" if slot.choices
                 else f"{condition} but '{phrase}' has no legal target") if paid
                else f"a target is given for '{phrase}', which needs {condition.replace(' is ', ' ')}"
            ),
            kind="activation",
        )
    else:
        problem.add_constraint(
            (slot.activator, slot.variable),
            lambda chosen, value: (chosen > slot.copy) == (value is not None),
            "CR 700.2a",
            f"'{phrase}' of mode {slot.mode} has a target exactly when the mode is chosen",
            lambda chosen, value: (
                (f"mode {slot.mode} is chosen but no target is chosen for '{phrase}'" if slot.choices
                 else f"mode {slot.mode} is chosen but '{phrase}' has no legal target")
                if chosen else f"a target is given for '{phrase}' of mode {slot.mode}, which is not chosen"
            ),
            kind="activation",
        )


def _add_x_count(problem: CastProblem, slot: TargetSlot) -> None:
    """'X target …': as many targets as the value announced for X (CR 601.2b then 601.2c)."""
    if X not in problem.variables:
        raise UnsupportedRuleError(problem.spell.name, slot.spec.phrase, "'X target' without X in the mana cost")
    problem.add_constraint(
        (X, slot.variable),
        lambda x, value: value is None or len(value) == x,
        "CR 601.2c",
        f"'{slot.spec.phrase}' chooses exactly X targets",
        lambda x, value: f"X is {x} but {len(value)} target(s) are chosen for '{slot.spec.phrase}'",
    )


def _add_another(problem: CastProblem, earlier: TargetSlot, later: TargetSlot) -> None:
    problem.add_constraint(
        (earlier.variable, later.variable),
        lambda first, second: first is None or second is None or not set(target_ids(first)) & set(target_ids(second)),
        "CR 115.4",
        f"'{later.spec.phrase}' must differ from '{earlier.spec.phrase}'",
        lambda first, second: f"{', '.join(sorted(set(target_ids(first)) & set(target_ids(second))))} chosen for both "
        f"'{earlier.spec.phrase}' and '{later.spec.phrase}'",
    )


def add_target_rules(problem: CastProblem) -> None:
    """Add one variable per target instance of the spell, its modes and its splice candidates.

    Parameters
    ----------
    problem : CastProblem
        Modes and splices must have been added already.

    Notes
    -----
    CR 601.2c: targets are chosen for the spell's own text, for each chosen
    mode (CR 700.2c) and for each spliced text (CR 702.47d). A mode or splice
    whose instance has no legal choice can't be chosen (CR 700.2a, 702.47b).
    """
    spell = problem.spell
    _add_text(problem, spell, problem.abilities.spell_text, None, None)
    choice = problem.abilities.mode_choice
    copies = choice.maximum if choice is not None and choice.repeatable else 1
    for mode in problem.abilities.modes:
        for copy in range(copies):  # each time a mode is chosen is its own instance (CR 700.2d)
            _add_text(problem, spell, (mode.instruction,), mode.index, mode_variable(mode.index), copy)
    for obj, abilities in problem.splice_candidates.values():
        _add_text(problem, obj, abilities.spell_text, None, SPLICES)
