"""Conditions printed on a spell that the battlefield decides: "if an opponent controls a Plains"."""

from __future__ import annotations

from models.abilities import ControlRequirement
from models.objects import PlayerId, Zone
from models.state import GameState
from solver.problem import CastProblem

__all__ = ["holds_for", "requirement_holds"]


def requirement_holds(problem: CastProblem, requirement: ControlRequirement) -> bool:
    """Whether a requirement holds for the caster of a problem: see :func:`holds_for`."""
    return holds_for(problem.state, problem.caster, requirement)


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
