"""Conditions printed on a spell that the battlefield decides: "if an opponent controls a Plains"."""

from __future__ import annotations

from models.abilities import (
    CombatDamageRequirement, ControlRequirement, PresenceRequirement, Requirement, TurnRequirement,
)
from models.errors import UnsupportedRuleError
from models.objects import PlayerId, Zone
from models.state import GameState
from models.subtypes import SUBTYPES
from solver.abilities import abilities_of
from solver.problem import CastProblem

__all__ = ["combat_damage_holds", "holds_for", "presence_holds", "requirement_holds", "requirement_text",
           "turn_holds"]


def requirement_holds(problem: CastProblem, requirement: Requirement) -> bool:
    """Whether a requirement holds for the caster of a problem.

    See :func:`holds_for`, :func:`turn_holds` and :func:`presence_holds`.

    Raises
    ------
    UnsupportedRuleError
        As :func:`presence_holds`.
    """
    if isinstance(requirement, TurnRequirement):
        return turn_holds(problem.state, problem.caster, requirement)
    if isinstance(requirement, PresenceRequirement):
        return presence_holds(problem, requirement)
    if isinstance(requirement, CombatDamageRequirement):
        return combat_damage_holds(problem.state, problem.caster, requirement, problem.spell.name)
    return holds_for(problem.state, problem.caster, requirement)


def presence_holds(problem: CastProblem, requirement: PresenceRequirement) -> bool:
    """Whether at least so many objects are as the requirement's phrase names them (CR 601.2f, 115.1).

    Each object or card the phrase could name in the state (:func:`~solver.rules.targets.candidates_of`) is
    tested by what it is (:func:`~solver.rules.targets.is_named_by`: kind, controller, qualities), never by
    whether the spell could target it.

    Parameters
    ----------
    problem : CastProblem
    requirement : PresenceRequirement

    Returns
    -------
    bool
        With ``one_player``, whether one player's objects (owner of a card in a graveyard, controller of a
        permanent) reach ``at_least``.

    Raises
    ------
    UnsupportedRuleError
        A quality of the phrase the state's static abilities may change (power, types) and can't be judged.
    """
    from solver.rules.targets import candidates_of, is_named_by  # the target rules import the cost rules

    state, spec = problem.state, requirement.objects
    named = [state.object(c) for c in candidates_of(problem, spec)
             if c not in state.players and is_named_by(problem, spec, c)]
    if not requirement.one_player:
        return len(named) >= requirement.at_least
    per_player: dict[str, int] = {}
    for obj in named:
        player = obj.owner if obj.zone is Zone.GRAVEYARD else obj.controller
        per_player[player] = per_player.get(player, 0) + 1
    return any(count >= requirement.at_least for count in per_player.values())


_FACT_KEYS = {"opponent lost life": "life_lost", "cast another spell": "spells_cast", "creature died": "creatures_died"}


def turn_holds(state: GameState, caster: str, requirement: TurnRequirement) -> bool:
    """Whether what the requirement asks happened this turn, by the state's ``this_turn`` facts.

    A fact the state does not give is taken as nothing happened (the conservative reading).

    Parameters
    ----------
    state : GameState
    caster : str
    requirement : TurnRequirement

    Returns
    -------
    bool
    """
    if requirement.fact in ("your turn", "not your turn"):  # whose turn it is (CR 102.1, 500.1)
        return (state.active_player == caster) == (requirement.fact == "your turn")
    facts = state.this_turn
    if requirement.fact == "opponent lost life":  # CR 702.137a
        return any(facts.life_lost_by(p) > 0 for p in state.players if p != caster)
    if requirement.fact == "cast another spell":  # CR 702.117a: before this one, so any in the facts
        return facts.spells_cast_by(caster) > 0
    return facts.creatures_died > 0


_CREATURE_TYPES = frozenset(SUBTYPES["creature"])


def combat_damage_holds(state: GameState, caster: str, requirement: CombatDamageRequirement,
                        card: str = "") -> bool:
    """Whether a creature of the caster's with one of the subtypes dealt combat damage to a player this turn.

    Read from the state's ``this_turn.combat_damage_by``, which STATE_FORMAT.md gives for freerunning: each entry
    is taken as a source that dealt combat damage *to a player* this turn (freerunning's and prowl's condition,
    CR 702.173a, 702.76a). Only creatures deal combat damage (CR 510.1). An entry is

    - ``{"player": P, "subtype": T}``: a creature P controlled, with creature type T, dealt it; or
    - an object id: that object dealt it. The state has no history of characteristics, so a permanent on the
      battlefield is taken with its controller and creature types now (changeling: every one, CR 702.73a).
      An id of an object elsewhere, or of none in the state, does not say whose creature it was, nor what.

    A fact the file does not give is taken as absent (STATE_FORMAT.md's conservative reading), so the condition
    holds only if an entry shows it. Commanders (freerunning, CR 702.173a, 903.3) are not in the state format,
    and that format does not say a creature is not one: whether a creature of the caster's that dealt combat
    damage was a commander is not decided, and is reported unsupported whenever the answer hangs on it (no
    entry shows an Assassin of the caster's, and one shows another creature of theirs, or an object the state
    does not describe). An entry the state does not describe is likewise reported when the answer hangs on it.

    Parameters
    ----------
    state : GameState
    caster : str
        The player "you" is.
    requirement : CombatDamageRequirement
    card : str
        The card's name, for the error.

    Returns
    -------
    bool

    Raises
    ------
    UnsupportedRuleError
        The answer hangs on whether a creature was a commander, or on an entry the state does not describe.
    ValueError
        An entry that is neither an id nor exactly ``{"player", "subtype"}``.
    """
    undecided: list[str] = []
    for entry in state.this_turn.combat_damage_by:
        if isinstance(entry, str):
            obj = state.object(entry) if state.has_object(entry) else None
            if obj is None or obj.zone is not Zone.BATTLEFIELD:
                undecided.append(f"{entry!r}: no permanent of the state says whose it was and what")
                continue
            if obj.controller != caster:
                continue
            changeling = "changeling" in abilities_of(obj).keywords
            types = _CREATURE_TYPES if changeling else frozenset(obj.card.subtypes) & _CREATURE_TYPES
            if types & requirement.subtypes:
                return True
            if requirement.commander:
                undecided.append(f"{obj.name} ({entry}) of {caster}: whether it is a commander")
            continue
        fact = dict(entry)
        if set(fact) != {"player", "subtype"}:
            raise ValueError(f"this_turn.combat_damage_by: {fact!r} is neither an id nor {{'player', 'subtype'}}")
        if fact["player"] != caster:
            continue
        if fact["subtype"] in requirement.subtypes:
            return True
        if requirement.commander:
            undecided.append(f"a {fact['subtype']} of {caster}: whether it is a commander")
    if undecided:
        raise UnsupportedRuleError(card, requirement.text, "combat damage by a creature the state does not decide "
                                   f"({'; '.join(undecided)}; the state format has no commanders)")
    return False


def requirement_text(problem: CastProblem, requirement: Requirement) -> str:
    """The words of a requirement, with a note when the state does not give the turn fact it asks."""
    if isinstance(requirement, CombatDamageRequirement) and "combat_damage_by" not in problem.state.this_turn.given:
        return f"{requirement.text} (the state gives no this_turn.combat_damage_by: taken as none)"
    if isinstance(requirement, TurnRequirement) and requirement.fact in _FACT_KEYS \
            and _FACT_KEYS[requirement.fact] not in problem.state.this_turn.given:
        return f"{requirement.text} (the state gives no this_turn.{_FACT_KEYS[requirement.fact]}: taken as none)"
    return requirement.text


def holds_for(state: GameState, caster: str, requirement: ControlRequirement) -> bool:
    """Whether the caster (or an opponent of theirs) controls a permanent of the subtype and type (CR 205.3).

    Parameters
    ----------
    state : GameState
    caster : str
        The player "you" is.
    requirement : ControlRequirement

    Returns
    -------
    bool
    """
    players = [PlayerId(caster)] if requirement.who == "you" else [p for p in state.players if p != caster]
    return any((not requirement.subtype or requirement.subtype in obj.card.subtypes)
               and (requirement.card_type is None or obj.card.has_type(requirement.card_type))
               for player in players for obj in state.objects_in(Zone.BATTLEFIELD, player))
