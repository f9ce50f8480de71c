"""When a card may be cast: priority and sorcery timing (CR 117.1a, 307.1, 305.9).

Timing does not depend on any casting choice, so it is added as a condition
of the whole cast (a constraint with an empty scope).
"""

from __future__ import annotations

from models.objects import CardType, Phase, Zone
from solver.problem import CastProblem

__all__ = ["add_timing_rules", "has_sorcery_timing"]


def has_sorcery_timing(problem: CastProblem) -> bool:
    """Whether the card may be cast only at sorcery speed (CR 117.1a, 307.1, 702.8a).

    Instants, and cards with flash, may be cast whenever the caster has
    priority; everything else only in the caster's main phase with an empty
    stack.
    """
    card = problem.spell.card
    return not (card.has_type(CardType.INSTANT) or problem.abilities.flash)


def add_timing_rules(problem: CastProblem) -> None:
    """Add the timing conditions of casting (empty-scope constraints).

    Parameters
    ----------
    problem : CastProblem

    Notes
    -----
    - CR 117.1a: a player may cast a spell only while holding priority;
      CR 502.4: no player receives priority in the untap step.
    - CR 307.1 (sorceries), 301.1, 302.1, 303.1 (permanents): only in the
      caster's main phase, while the stack is empty.
    - CR 305.9: a land is played, never cast.
    - CR 601.2 (with 702.47a): the card must be in its owner's hand; cards in
      other zones need a permission this version does not model.
    """
    state, caster, card = problem.state, problem.caster, problem.spell.card
    problem.add_constraint(
        (), lambda: not card.is_land, "CR 305.9",
        "a land is played, not cast",
        lambda: f"{card.name} is a land: lands are played, never cast",
    )
    problem.add_constraint(
        (), lambda: problem.spell.zone is Zone.HAND, "CR 601.2",
        "the card is cast from its owner's hand",
        lambda: f"{card.name} is in the {problem.spell.zone.value}, not in the hand of {caster}",
    )
    problem.add_constraint(
        (), lambda: state.phase is not Phase.UNTAP, "CR 502.4",
        "no player receives priority during the untap step",
        lambda: "it is the untap step: no player receives priority, so no spell can be cast",
    )
    problem.add_constraint(
        (), lambda: state.priority == caster, "CR 117.1a",
        "the caster has priority",
        lambda: f"{caster} does not have priority ({state.priority} has)",
    )
    if has_sorcery_timing(problem):
        problem.add_constraint(
            (),
            lambda: state.active_player == caster and state.phase.is_main and not state.stack,
            "CR 307.1",
            "a sorcery-speed spell is cast in the caster's main phase with an empty stack",
            lambda: (
                f"{card.name} can be cast only in its caster's main phase while the stack is empty "
                f"(it is {state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
                f"{', the stack is not empty' if state.stack else ''})"
            ),
        )
