"""Conditions printed on a spell that the battlefield decides: "if an opponent controls a Plains"."""

from __future__ import annotations

from models.abilities import ControlRequirement
from models.objects import Zone
from solver.problem import CastProblem

__all__ = ["requirement_holds"]


def requirement_holds(problem: CastProblem, requirement: ControlRequirement) -> bool:
    """Whether the caster (or an opponent of theirs) controls a permanent of the subtype (CR 205.3, 608.2c).

    Parameters
    ----------
    problem : CastProblem
        Gives the state and the caster.
    requirement : ControlRequirement

    Returns
    -------
    bool
    """
    state = problem.state
    players = [problem.caster] if requirement.who == "you" else [p for p in state.players if p != problem.caster]
    return any(requirement.subtype in obj.card.subtypes
               for player in players for obj in state.objects_in(Zone.BATTLEFIELD, player))
