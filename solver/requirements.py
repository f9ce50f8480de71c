"""Conditions printed on a spell that the battlefield decides: "if an opponent controls a Plains"."""

from __future__ import annotations

from models.abilities import ControlRequirement, PresenceRequirement, Requirement, TurnRequirement
from models.objects import PlayerId, Zone
from models.state import GameState
from solver.problem import CastProblem

__all__ = ["holds_for", "presence_holds", "requirement_holds", "requirement_text", "turn_holds"]


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


def requirement_text(problem: CastProblem, requirement: Requirement) -> str:
    """The words of a requirement, with a note when the state does not give the turn fact it asks."""
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
