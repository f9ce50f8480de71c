"""When a card may be cast: priority, sorcery timing and the card's own timing text.

CR 117.1a, 307.1, 305.9; "You may cast this spell as though it had flash"
(CR 601.3c-d); "Cast this spell only during …" (CR 601.3, 604.6).

Timing does not depend on any casting choice, so it is added as a condition
of the whole cast (a constraint with an empty scope). The {2} more that
some spells ask for when cast as though they had flash is likewise a
condition of the state, not a choice: :func:`flash_additional_cost` gives it
to the total cost (CR 601.2f).
"""

from __future__ import annotations

from models.objects import CardType, Phase, Zone
from solver.problem import CastProblem

__all__ = ["add_timing_rules", "has_sorcery_timing", "is_sorcery_timing", "flash_permission_holds",
           "flash_additional_cost"]


def is_sorcery_timing(problem: CastProblem) -> bool:
    """Whether a sorcery could be cast now as far as the turn goes (CR 307.1, 307.5a).

    True in the caster's own main phase with an empty stack (priority is a
    separate condition, CR 117.1a).
    """
    state = problem.state
    return state.active_player == problem.caster and state.phase.is_main and not state.stack


def flash_permission_holds(problem: CastProblem) -> bool:
    """Whether the spell's "you may cast it as though it had flash" applies now (CR 601.3c-d).

    A permission with a cost always applies: paying is part of casting
    (CR 601.3c). Spell mastery applies while the caster's graveyard has at
    least two instant and/or sorcery cards (CR 601.3d).
    """
    permission = problem.abilities.flash_permission
    if permission is None:
        return False
    if permission.graveyard_spells:
        spells = sum(
            1 for obj in problem.state.objects_in(Zone.GRAVEYARD)
            if obj.owner == problem.caster
            and (obj.card.has_type(CardType.INSTANT) or obj.card.has_type(CardType.SORCERY))
        )
        return spells >= permission.graveyard_spells
    return True


def has_sorcery_timing(problem: CastProblem) -> bool:
    """Whether the card may be cast only at sorcery speed (CR 117.1a, 307.1, 702.8a, 601.3c-d).

    Instants, cards with flash, and cards whose permission to be cast as
    though they had flash applies may be cast whenever the caster has
    priority; everything else only in the caster's main phase with an empty
    stack.
    """
    card = problem.spell.card
    return not (card.has_type(CardType.INSTANT) or problem.abilities.flash or flash_permission_holds(problem))


def flash_additional_cost(problem: CastProblem) -> int:
    """Generic mana added for casting the spell as though it had flash (CR 601.3c, 601.2f, 307.5a).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int
        The permission's cost ("if you pay {2} more to cast it": 2) when the
        spell is cast at a time a sorcery couldn't have been cast (not the
        caster's main phase, or a nonempty stack, CR 307.5a), else 0. The
        permission is then what allows the cast, and its cost is an
        additional cost, paid even when the spell is cast without paying its
        mana cost (CR 118.9). A spell that could be cast as a sorcery costs
        its usual total: the permission is not used.
    """
    permission = problem.abilities.flash_permission
    if permission is None or permission.cost is None or is_sorcery_timing(problem):
        return 0
    card = problem.spell.card
    if card.has_type(CardType.INSTANT) or problem.abilities.flash:
        return 0  # it may be cast at that time anyway (CR 702.8a)
    return permission.cost.generic


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
      caster's main phase, while the stack is empty; unless the card may be
      cast as though it had flash (CR 601.3c-d, 702.8a).
    - CR 601.3, 604.6: "Cast this spell only during combat / your turn /
      an opponent's turn" forbids casting it at other times.
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
        permission = problem.abilities.flash_permission
        unmet = (f"; it could be cast as though it had flash with {permission.graveyard_spells} or more "
                 f"instant and/or sorcery cards in {caster}'s graveyard (CR 601.3d)") if permission else ""
        problem.add_constraint(
            (),
            lambda: is_sorcery_timing(problem),
            "CR 307.1",
            "a sorcery-speed spell is cast in the caster's main phase with an empty stack",
            lambda: (
                f"{card.name} can be cast only in its caster's main phase while the stack is empty "
                f"(it is {state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
                f"{', the stack is not empty' if state.stack else ''}){unmet}"
            ),
        )
    restriction = problem.abilities.timing_restriction
    if restriction is not None:
        problem.add_constraint(
            (),
            lambda: _restriction_holds(problem),
            "CR 601.3",
            "the spell's own text says when it may be cast",
            lambda: (
                f"{card.name} says \"{restriction.text.replace('~', card.name)}\" (CR 604.6), and it is "
                f"{state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
            ),
        )


def _restriction_holds(problem: CastProblem) -> bool:
    """Whether "Cast this spell only during …" allows casting now (CR 601.3, 604.6)."""
    restriction, state = problem.abilities.timing_restriction, problem.state
    if restriction.phases and state.phase not in restriction.phases:
        return False
    if restriction.turn == "yours":
        return state.active_player == problem.caster
    if restriction.turn == "opponent":
        return state.active_player != problem.caster
    return True
