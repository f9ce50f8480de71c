"""Conditions printed on a spell that the battlefield decides: "if an opponent controls a Plains"."""

from __future__ import annotations

from models.abilities import ControlRequirement, Requirement, TurnRequirement
from models.objects import PlayerId, Zone
from models.state import GameState
from solver.problem import CastProblem

__all__ = ["holds_for", "requirement_holds", "requirement_text", "turn_holds"]


def requirement_holds(problem: CastProblem, requirement: Requirement) -> bool:
    """Whether a requirement holds for the caster of a problem: see :func:`holds_for` and :func:`turn_holds`."""
    if isinstance(requirement, TurnRequirement):
        return turn_holds(problem.state, problem.caster, requirement)
    return holds_for(problem.state, problem.caster, requirement)


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
    facts = state.this_turn
    if requirement.fact == "opponent lost life":  # CR 702.137a
        return any(facts.life_lost_by(p) > 0 for p in state.players if p != caster)
    if requirement.fact == "cast another spell":  # CR 702.117a: before this one, so any in the facts
        return facts.spells_cast_by(caster) > 0
    return facts.creatures_died > 0


def requirement_text(problem: CastProblem, requirement: Requirement) -> str:
    """The words of a requirement, with a note when the state does not give the turn fact it asks."""
    if isinstance(requirement, TurnRequirement) and _FACT_KEYS[requirement.fact] not in problem.state.this_turn.given:
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
