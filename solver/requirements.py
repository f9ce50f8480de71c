"""Conditions printed on a spell that the battlefield decides: "if an opponent controls a Plains"."""

from __future__ import annotations

from models.abilities import ControlRequirement
from models.objects import Zone
from solver.problem import CastProblem

__all__ = ["requirement_holds"]


def requirement_holds(problem: CastProblem, requirement: ControlRequirement) -> bool:
    """Whether the caster (or an opponent of theirs) controls a permanent of the subtype and type (CR 205.3).

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
    return any((not requirement.subtype or requirement.subtype in obj.card.subtypes)
               and (requirement.card_type is None or obj.card.has_type(requirement.card_type))
               for player in players for obj in state.objects_in(Zone.BATTLEFIELD, player))
