"""Where and when a card may be cast: the zone, the permissions, priority, sorcery timing, timing text.

CR 601.2a, 601.3, 117.1a, 307.1, 305.9; "You may cast this spell as though it
had flash" (CR 601.3c-d); "Cast this spell only during …" (CR 601.3, 604.6).

The zone the card is cast from is a choice with one value: where the card
is (:data:`~models.choices.ZONE`). A card is cast from its owner's hand
(CR 601.2a), at the time its type allows (CR 117.1a, 307.1); its own
:class:`~models.abilities.CastPermission` records may allow another time
(or, once modelled, another zone). Timing does not depend on any other
casting choice, so it is a condition of the whole cast (a constraint with an
empty scope). The {2} more that some spells ask for when cast as though they
had flash is a cost term of the permission (CR 601.2f, 601.3c).
"""

from __future__ import annotations

from typing import Any

from models.abilities import CastPermission, Cost
from models.choices import ZONE
from models.errors import UnsupportedRuleError
from models.objects import CardType, Phase, Zone
from solver.abilities import abilities_of
from solver.requirements import requirement_holds
from solver.problem import CastProblem, CostTerm, Reason

__all__ = ["add_timing_rules", "has_sorcery_timing", "is_sorcery_timing", "permissions_that_apply",
           "flash_additional_cost"]


def is_sorcery_timing(problem: CastProblem) -> bool:
    """Whether a sorcery could be cast now as far as the turn goes (CR 307.1, 307.5a).

    True in the caster's own main phase with an empty stack (priority is a
    separate condition, CR 117.1a).
    """
    state = problem.state
    return state.active_player == problem.caster and state.phase.is_main and not state.stack


def _holds(problem: CastProblem, permission: CastPermission) -> bool:
    """Whether a permission's condition holds now.

    Spell mastery counts the caster's graveyard (CR 601.3d); "as long as you control a Merfolk" looks at the
    battlefield (CR 611.3a).
    """
    if permission.requires and not all(requirement_holds(problem, r) for r in permission.requires):
        return False
    if permission.graveyard_spells:
        spells = sum(
            1 for obj in problem.state.objects_in(Zone.GRAVEYARD)
            if obj.owner == problem.caster
            and (obj.card.has_type(CardType.INSTANT) or obj.card.has_type(CardType.SORCERY))
        )
        return spells >= permission.graveyard_spells
    return True


def permissions_that_apply(problem: CastProblem) -> list[CastPermission]:
    """The card's own permissions (CR 601.3) for the zone it is in whose conditions hold now, printed order."""
    return [p for p in problem.abilities.cast_permissions if p.zone is problem.spell.zone and _holds(problem, p)]


def has_sorcery_timing(problem: CastProblem) -> bool:
    """Whether the card may be cast only at sorcery speed (CR 117.1a, 307.1, 702.8a, 601.3c-d).

    Instants, cards with flash, and cards with a permission to be cast as
    though they had flash that applies may be cast whenever the caster has
    priority; everything else only in the caster's main phase with an empty
    stack.
    """
    card = problem.spell.card
    return not (card.has_type(CardType.INSTANT) or problem.abilities.flash
                or any(p.as_though_flash for p in permissions_that_apply(problem)))


def flash_additional_cost(problem: CastProblem) -> Cost | None:
    """The cost of the permission that lets the spell be cast now, if one is needed and asks for one (CR 601.3c).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    Cost or None
        None when the card may be cast now without a permission (an instant,
        flash, or a time a sorcery could be cast, CR 307.5a), or a permission
        without a cost applies; else the cheapest permission's cost ("if you
        pay {2} more to cast it": {2}), an additional cost paid even when the
        spell is cast without paying its mana cost (CR 118.9, 601.2f).
    """
    card = problem.spell.card
    if is_sorcery_timing(problem) or card.has_type(CardType.INSTANT) or problem.abilities.flash:
        return None  # it may be cast at that time anyway (CR 702.8a)
    costs = [p.cost for p in permissions_that_apply(problem) if p.as_though_flash]
    paid = [cost for cost in costs if cost is not None]
    if not costs or len(paid) < len(costs):
        return None
    return Cost(min(paid, key=lambda cost: cost.mana_value))


def add_timing_rules(problem: CastProblem) -> None:
    """Add the zone cast from and the timing conditions of casting.

    Parameters
    ----------
    problem : CastProblem

    Notes
    -----
    - CR 601.2a, 601.3: the card is cast from where it is; from its owner's
      hand, unless a permission it has allows another zone.
    - CR 117.1a: a player may cast a spell only while holding priority;
      CR 502.4: no player receives priority in the untap step.
    - CR 307.1 (sorceries), 301.1, 302.1, 303.1 (permanents): only in the
      caster's main phase, while the stack is empty; unless the card may be
      cast as though it had flash (CR 601.3c-d, 702.8a).
    - CR 601.3, 604.6: "Cast this spell only during combat / your turn /
      an opponent's turn" forbids casting it at other times.
    - CR 305.9: a land is played, never cast.
    - CR 205.4e: a legendary instant or sorcery is cast only by a player who
      controls a legendary creature or a legendary planeswalker.
    - CR 702.61a: while a spell with split second is on the stack, no other
      spell can be cast.
    """
    state, caster, spell = problem.state, problem.caster, problem.spell
    card = spell.card

    def zone_why_not(value: Any) -> tuple[Reason, ...]:
        where = f"the hand of {caster}" if value is Zone.HAND else f"the {getattr(value, 'value', value)}"
        return (Reason("CR 601.2", f"{card.name} is {spell.zone.where}, not in {where}"),)

    problem.add_variable(ZONE, (spell.zone,), "CR 601.2a", zone_why_not)
    problem.add_constraint(
        (), lambda: not card.is_land, "CR 305.9",
        "a land is played, not cast",
        lambda: f"{card.name} is a land: lands are played, never cast",
    )
    # another zone than the hand: a cost the card has for casting it from there (flashback, CR 702.34a)
    other_zones = {cost.zone: cost for cost in problem.abilities.alternative_costs if cost.zone is not None}

    def from_a_zone_it_may_be_cast_from(zone: Zone) -> bool:
        if zone is Zone.HAND:
            return True
        cost = other_zones.get(zone)
        return cost is not None and spell.owner == caster and (
            cost.keyword != "flashback" or card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY))

    def not_from_there(zone: Zone) -> str:
        cost = other_zones.get(zone)
        if cost is None:
            return f"{card.name} is {zone.where}, not in the hand of {caster}"
        if spell.owner != caster:
            return f"{card.name} is in {spell.owner}'s {zone.value}: {cost.keyword} casts it from its owner's"
        return f"{card.name} is not an instant or sorcery: {cost.keyword} casts only those ({cost.rule})"

    problem.add_constraint(
        (ZONE,), from_a_zone_it_may_be_cast_from, "CR 601.2",
        "the card is cast from its owner's hand, or from the zone a keyword of it allows (flashback's graveyard)",
        not_from_there,
    )
    only = problem.abilities.cast_only_from
    if only is not None:  # aftermath: "Cast this spell only from your graveyard." (CR 702.127a)
        problem.add_constraint(
            (ZONE,), lambda zone: zone is only, "CR 702.127a",
            f"{card.name} is cast only from its owner's {only.value}",
            lambda zone: f"{card.name} has aftermath: it can be cast only from a graveyard, and it is {zone.where}",
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
    if "Legendary" in card.supertypes and (card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)):
        problem.add_constraint(
            (), lambda: _controls_legendary_creature_or_planeswalker(problem), "CR 205.4e",
            "a legendary instant or sorcery needs its caster to control a legendary creature or planeswalker",
            lambda: f"{card.name} is a legendary {'instant' if card.has_type(CardType.INSTANT) else 'sorcery'} and "
                    f"{caster} controls no legendary creature or legendary planeswalker",
        )
    split_second = _split_second_spells(problem)
    if split_second:
        problem.add_constraint(
            (), lambda: False, "CR 702.61a",
            "no spell with split second is on the stack",
            lambda: f"{', '.join(split_second)} on the stack {'has' if len(split_second) == 1 else 'have'} split "
                    f"second: no other spell can be cast while it is there",
        )
    if has_sorcery_timing(problem):
        mastery = [p for p in problem.abilities.cast_permissions if p.graveyard_spells]
        unmet = (f"; it could be cast as though it had flash with {mastery[0].graveyard_spells} or more "
                 f"instant and/or sorcery cards in {caster}'s graveyard (CR 601.3d)") if mastery else ""
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
    extra = flash_additional_cost(problem)
    if extra is not None:  # cast as though it had flash: {2} more (CR 601.3c, 601.2f)
        problem.add_cost(CostTerm(extra, (), lambda: 1, 1, "cast as though it had flash"))


def _controls_legendary_creature_or_planeswalker(problem: CastProblem) -> bool:
    """Whether the caster controls a legendary creature or a legendary planeswalker (CR 205.4e)."""
    return any("Legendary" in obj.card.supertypes
               and (obj.card.has_type(CardType.CREATURE) or obj.card.has_type(CardType.PLANESWALKER))
               for obj in problem.state.objects_in(Zone.BATTLEFIELD, problem.caster))


def _split_second_spells(problem: CastProblem) -> list[str]:
    """The spells on the stack with split second, as "Name (id)" (CR 702.61a); the spell being cast is not one."""
    return [f"{obj.name} ({obj.id})" for obj in problem.state.objects_in(Zone.STACK)
            if obj.id != problem.spell.id and "split second" in abilities_of(obj).keywords]


def _restriction_holds(problem: CastProblem) -> bool:
    """Whether "Cast this spell only during …" allows casting now (CR 601.3, 604.6)."""
    restriction, state = problem.abilities.timing_restriction, problem.state
    if restriction is None:
        return True
    if restriction.phases and state.phase not in restriction.phases:
        return False
    if restriction.turn == "yours" and state.active_player != problem.caster:
        return False
    if restriction.turn == "opponent" and state.active_player == problem.caster:
        return False
    if restriction.combat_steps and state.phase is Phase.COMBAT:
        # only some steps of combat allow it, and the state does not say which step it is (CR 506.1)
        raise UnsupportedRuleError(problem.spell.name, restriction.text,
                                   "a timing restriction naming steps of combat, and the state is in combat: "
                                   "its steps are not told apart (CR 506.1)")
    return True
