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

from collections.abc import Callable
from typing import Any

from models.abilities import CastPermission, Cost
from models.choices import ZONE, X
from models.errors import UnsupportedRuleError
from models.objects import Card, CardType, Phase, Zone
from solver.abilities import abilities_of
from solver.problem import CastProblem, CostTerm, ProblemRef, Reason
from solver.rules.conditions import requirement_holds, requirement_text
from solver.rules.naming import is_named_by
from solver.rules.prohibitions import granted_flash
from solver.rules.target_sets import named_candidates
from solver.rules.zones import RESOLVING_KEYWORDS, has_resolving_keyword

__all__ = [
    "add_choice_timing_rules",
    "add_timing_rules",
    "has_sorcery_timing",
    "is_sorcery_timing",
    "permissions_that_apply",
    "flash_additional_cost",
]


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
            1
            for obj in problem.state.objects_in(Zone.GRAVEYARD)
            if obj.owner == problem.caster
            and (obj.card.has_type(CardType.INSTANT) or obj.card.has_type(CardType.SORCERY))
        )
        return spells >= permission.graveyard_spells
    return True


def permissions_that_apply(problem: CastProblem) -> list[CastPermission]:
    """The card's own permissions (CR 601.3) for the zone it is in, or any zone, whose conditions hold now."""
    return [
        p for p in problem.abilities.cast_permissions if p.zone in (None, problem.spell.zone) and _holds(problem, p)
    ]


def has_sorcery_timing(problem: CastProblem) -> bool:
    """Whether the card may be cast only at sorcery speed (CR 117.1a, 307.1, 702.8a, 601.3c-d).

    Instants, cards with flash, and cards with a permission to be cast as
    though they had flash that applies may be cast whenever the caster has
    priority; everything else only in the caster's main phase with an empty
    stack. A permission that depends on the choices of the cast ("if X is 3 or
    less") does not count here: :func:`add_choice_timing_rules` checks it.
    """
    card = problem.spell.card
    return not (
        card.has_type(CardType.INSTANT)
        or problem.abilities.flash
        or any(p.as_though_flash and not p.on_choices for p in permissions_that_apply(problem))
        or granted_flash(problem)
    )


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
    if (
        is_sorcery_timing(problem)
        or card.has_type(CardType.INSTANT)
        or problem.abilities.flash
        or granted_flash(problem)
    ):
        return None  # it may be cast at that time anyway (CR 702.8a)
    applying = permissions_that_apply(problem)
    costs = [p.cost for p in applying if p.as_though_flash and not p.on_choices]
    paid = [cost for cost in costs if cost is not None]
    if paid and any(p.on_choices for p in applying):  # which permission allows the cast would be a choice
        raise UnsupportedRuleError(
            card.name,
            " ".join(p.text for p in applying),
            "a flash permission with a cost beside one that depends on X or the targets",
        )
    if not costs or len(paid) < len(costs):
        return None
    return Cost(min(paid, key=lambda cost: cost.mana_value))


_TIMING_RULES = (
    (CardType.SORCERY, "CR 307.1"),
    (CardType.CREATURE, "CR 302.1"),
    (CardType.ARTIFACT, "CR 301.1"),
    (CardType.ENCHANTMENT, "CR 303.1"),
    (CardType.PLANESWALKER, "CR 306.1"),
    (CardType.BATTLE, "CR 310.1"),
)
"""Each card type cast in a main phase with an empty stack, and the rule that says so, in the order looked up."""


def sorcery_timing_rule(card: Card) -> str:
    """The rule that casts this card only in its caster's main phase with an empty stack: that of its type.

    A sorcery's is CR 307.1, a creature's CR 302.1, an artifact's CR 301.1, an enchantment's CR 303.1, a
    planeswalker's CR 306.1 and a battle's CR 310.1; a card of several of these types gets the first of that
    list (an artifact creature: CR 302.1). A kindred card follows its other type (CR 308.1).

    Parameters
    ----------
    card : Card

    Returns
    -------
    str
        ``"CR 302.1"`` and the like; ``"CR 307.1"`` for a card of none of those types (an instant cast
        only as a sorcery is, by a rule of its own text, CR 601.3).

    Examples
    --------
    >>> from models.cards import card_from_record
    >>> sorcery_timing_rule(card_from_record({"name": "Grizzly Bears", "mana_cost": "{1}{G}",
    ...                                       "type_line": "Creature — Bear"}))
    'CR 302.1'
    """
    for card_type, rule in _TIMING_RULES:
        if card.has_type(card_type):
            return rule
    return "CR 307.1"


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
    if problem.recorded is not None:  # on the stack: cast from where its record says, at a time it could be
        problem.add_variable(
            ZONE, tuple(z for z in Zone if z is not Zone.STACK), "CR 601.2a", _zone_variable_reason(problem)
        )
        return
    problem.add_variable(ZONE, (problem.spell.zone,), "CR 601.2a", _zone_variable_reason(problem))
    card = problem.spell.card
    problem.add_constraint(
        (),
        lambda: not card.is_land,
        "CR 305.9",
        "a land is played, not cast",
        lambda: f"{card.name} is a land: lands are played, never cast",
    )
    resolving = problem.resolving is not None  # cast as an ability resolves: no priority, no timing (CR 608.2g)
    _add_zone_rules(problem, resolving)
    if not resolving:
        _add_priority_rules(problem)
    _add_legendary_rule(problem)
    _add_split_second_rule(problem)
    if not resolving and has_sorcery_timing(problem) and not _choice_permissions(problem):
        _add_sorcery_timing_rule(problem)
    _add_timing_restriction_rules(problem, resolving)
    extra = None if resolving else flash_additional_cost(problem)
    if extra is not None:  # cast as though it had flash: {2} more (CR 601.3c, 601.2f)
        problem.add_cost(CostTerm(extra, (), lambda: 1, 1, "cast as though it had flash"))


def _zone_variable_reason(problem: CastProblem) -> Callable[[Any], tuple[Reason, ...]]:
    """Why the card is not cast from a zone it is not in (CR 601.2): the reason of a value of :data:`ZONE`."""
    caster, spell = problem.caster, problem.spell
    card = spell.card

    def zone_why_not(value: Any) -> tuple[Reason, ...]:
        where = f"the hand of {caster}" if value is Zone.HAND else f"the {getattr(value, 'value', value)}"
        return (Reason("CR 601.2", f"{card.name} is {spell.zone.where}, not in {where}"),)

    return zone_why_not


def _not_from_there_reason(problem: CastProblem) -> Callable[[Zone], str]:
    """Why nothing lets the caster cast the card from the zone it is in (CR 601.2, 702.34a, 702.127a, 702.143a).

    The explanation of the zone constraint of :func:`_add_zone_rules`: the trigger that casts it as it
    resolves, another player's hand, a keyword that casts only its owner's cards, only instants and sorceries,
    or only foretold cards, or nothing at all.
    """
    problem_of, zone_permissions = ProblemRef(problem), problem.abilities.zone_permissions  # no reference back
    caster, spell = problem.caster, problem.spell
    card = spell.card
    keywords = {cost.keyword: cost for cost in problem.abilities.alternative_costs if cost.zone is not None}

    def not_from_there(zone: Zone) -> str:
        if problem_of().resolving is not None:  # the trigger casts the card where it put it (CR 702.35a, 702.94a)
            keyword = problem_of().resolving
            where = RESOLVING_KEYWORDS[str(keyword)][0]
            has = has_resolving_keyword(problem_of().abilities, str(keyword))
            if not has:
                return f"{card.name} has no {keyword}: no {keyword} trigger casts it"
            return (
                f"{card.name} is {zone.where}: as its {keyword} trigger resolves, the card its owner casts is "
                f"in {'exile' if where is Zone.EXILE else 'their ' + where.value}"
            )
        if zone is Zone.HAND:
            return f"{card.name} is in {spell.owner}'s hand, not {caster}'s"
        mine = [c for c in keywords.values() if c.zone is zone] + [p for p in zone_permissions if p.zone is zone]
        if mine and spell.owner != caster:
            return f"{card.name} is in {spell.owner}'s {zone.value}: {mine[0].keyword} casts it from its owner's only"
        if any(c.keyword == "flashback" for c in mine):
            return f"{card.name} is not an instant or sorcery: flashback casts only those ({mine[0].rule})"
        if any(c.keyword == "foretell" for c in mine):
            return f"{card.name} is in exile but was not foretold: its foretell cost casts only a foretold card"
        unmet = [
            requirement_text(problem_of(), r)
            for p in zone_permissions
            if p.zone is zone
            for r in p.requires
            if not requirement_holds(problem_of(), r)
        ]
        if unmet:  # "as long as you control a Zombie" (CR 601.3, 611.3a)
            return (
                f"{card.name} is {zone.where}: it may be cast from there only if {' and '.join(unmet)}, and that is "
                "not so"
            )
        return f"{card.name} is {zone.where}: nothing lets {caster} cast it from there"

    return not_from_there


def _add_zone_rules(problem: CastProblem, resolving: bool) -> None:
    """Add that the card is cast from a zone something lets it be cast from, at the time that allows it.

    Parameters
    ----------
    problem : CastProblem
    resolving : bool
        Whether the card is cast as an ability resolves (CR 608.2g): no timing then.

    Notes
    -----
    - CR 601.2, 601.3: from its owner's hand, or from the zone a keyword of it or an effect allows
      (flashback, CR 702.34a; jump-start, 702.133a; plotted, 702.170d), as
      :func:`solver.rules.zones.zone_ways` reads it.
    - CR 702.170d: a plotted card is cast only in its caster's main phase with an empty stack.
    - CR 702.127a: aftermath: "Cast this spell only from your graveyard."
    """
    problem_of, state, caster = ProblemRef(problem), problem.state, problem.caster  # no reference back
    card = problem.spell.card
    ways = problem.zone_ways
    problem.add_constraint(
        (ZONE,),
        lambda zone: bool(ways),
        "CR 601.2",
        "the card is cast from its owner's hand, or from the zone a keyword of it or an effect allows (flashback's "
        "graveyard, a plotted card's exile)",
        _not_from_there_reason(problem),
    )
    if ways and all(way.sorcery_timing for way in ways) and not resolving:  # a plotted card (CR 702.170d)
        problem.add_constraint(
            (),
            lambda: is_sorcery_timing(problem_of()),
            ways[0].rule,
            "cast this way only in the caster's main phase with an empty stack",
            lambda: (
                f"{card.name} is cast from exile as a plotted card only in {caster}'s main phase while the "
                f"stack is empty (it is {state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
                f"{', the stack is not empty' if state.stack else ''})"
            ),
        )
    only = problem.abilities.cast_only_from
    if only is not None:  # aftermath: "Cast this spell only from your graveyard." (CR 702.127a)
        problem.add_constraint(
            (ZONE,),
            lambda zone: zone is only,
            "CR 702.127a",
            f"{card.name} is cast only from its owner's {only.value}",
            lambda zone: f"{card.name} has aftermath: it can be cast only from a graveyard, and it is {zone.where}",
        )


def _add_priority_rules(problem: CastProblem) -> None:
    """Add that the caster holds priority, which no player does in the untap and cleanup steps.

    Parameters
    ----------
    problem : CastProblem

    Notes
    -----
    - CR 502.4: no player receives priority during the untap step; CR 514.3: nor during the cleanup step.
    - CR 117.1a: a player may cast a spell only while holding priority.
    """
    state, caster = problem.state, problem.caster
    problem.add_constraint(
        (),
        lambda: state.phase is not Phase.UNTAP,
        "CR 502.4",
        "no player receives priority during the untap step",
        lambda: "it is the untap step: no player receives priority, so no spell can be cast",
    )
    problem.add_constraint(
        (),
        lambda: state.phase is not Phase.CLEANUP,
        "CR 514.3",
        "no player receives priority during the cleanup step",
        lambda: "it is the cleanup step: no player receives priority, so no spell can be cast",
    )
    problem.add_constraint(
        (),
        lambda: state.priority == caster,
        "CR 117.1a",
        "the caster has priority",
        lambda: f"{caster} does not have priority ({state.priority} has)",
    )


def _add_legendary_rule(problem: CastProblem) -> None:
    """Add that a legendary instant or sorcery needs its caster to control a legendary creature or planeswalker.

    Parameters
    ----------
    problem : CastProblem

    Notes
    -----
    - CR 205.4e: nothing is added for a card that is not a legendary instant or sorcery.
    """
    problem_of, caster, card = ProblemRef(problem), problem.caster, problem.spell.card  # no reference back
    if "Legendary" not in card.supertypes or not (card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)):
        return
    problem.add_constraint(
        (),
        lambda: _controls_legendary_creature_or_planeswalker(problem_of()),
        "CR 205.4e",
        "a legendary instant or sorcery needs its caster to control a legendary creature or planeswalker",
        lambda: (
            f"{card.name} is a legendary {'instant' if card.has_type(CardType.INSTANT) else 'sorcery'} and "
            f"{caster} controls no legendary creature or legendary planeswalker"
        ),
    )


def _add_split_second_rule(problem: CastProblem) -> None:
    """Add that no spell can be cast while a spell with split second is on the stack (CR 702.61a).

    Parameters
    ----------
    problem : CastProblem
    """
    split_second = _split_second_spells(problem)
    if not split_second:
        return
    problem.add_constraint(
        (),
        lambda: False,
        "CR 702.61a",
        "no spell with split second is on the stack",
        lambda: (
            f"{', '.join(split_second)} on the stack {'has' if len(split_second) == 1 else 'have'} split "
            f"second: no other spell can be cast while it is there"
        ),
    )


def _add_sorcery_timing_rule(problem: CastProblem) -> None:
    """Add that a sorcery-speed card is cast in its caster's main phase with an empty stack.

    Parameters
    ----------
    problem : CastProblem
        Of a card with sorcery timing (:func:`has_sorcery_timing`), not cast as an ability resolves.

    Notes
    -----
    - CR 307.1, 301.1, 302.1, 303.1, 306.1, 310.1: the rule of the card's type (:func:`sorcery_timing_rule`).
    - CR 601.3d: the explanation names the spell mastery that would let it be cast as though it had flash.
    """
    problem_of, state, caster = ProblemRef(problem), problem.state, problem.caster  # no reference back
    card = problem.spell.card
    mastery = [p for p in problem.abilities.cast_permissions if p.graveyard_spells]
    unmet = (
        (
            f"; it could be cast as though it had flash with {mastery[0].graveyard_spells} or more "
            f"instant and/or sorcery cards in {caster}'s graveyard (CR 601.3d)"
        )
        if mastery
        else ""
    )
    problem.add_constraint(
        (),
        lambda: is_sorcery_timing(problem_of()),
        sorcery_timing_rule(card),
        "a sorcery-speed spell is cast in the caster's main phase with an empty stack",
        lambda: (
            f"{card.name} can be cast only in its caster's main phase while the stack is empty "
            f"(it is {state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
            f"{', the stack is not empty' if state.stack else ''}){unmet}"
        ),
    )


def _add_timing_restriction_rules(problem: CastProblem, resolving: bool) -> None:
    """Add the card's own "Cast this spell only during …" / "… only if …" (CR 601.3, 604.6).

    Parameters
    ----------
    problem : CastProblem
    resolving : bool
        Whether the card is cast as an ability resolves (CR 608.2g).

    Notes
    -----
    - CR 506.1: a restriction naming steps of combat, in combat: the state does not say which step it is, so
      the restriction is assumed to hold and is one of the problem's undecided conditions.
    """
    restriction = problem.abilities.timing_restriction
    if restriction is None:
        return
    problem_of, state, card = ProblemRef(problem), problem.state, problem.spell.card  # no reference back
    if restriction.combat_steps and state.phase is Phase.COMBAT and not resolving:
        # only some steps of combat allow it, and the state does not say which step it is (CR 506.1): it can only
        # forbid casts, so it is assumed to hold and decides nothing unless some cast would be legal
        problem.undecided.append(
            UnsupportedRuleError(
                card.name,
                restriction.text,
                "a timing restriction naming steps of combat, and the state is in combat: "
                "its steps are not told apart (CR 506.1)",
            )
        )
    problem.add_constraint(
        (),
        lambda: _restriction_holds(problem_of()),
        "CR 601.3",
        "the spell's own text says when it may be cast",
        lambda: (
            f'{card.name} says "{restriction.text.replace("~", card.name)}" (CR 604.6), and it is '
            f"{state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
            + "".join(
                f"; not so: {requirement_text(problem_of(), r)}"
                for r in restriction.requires
                if not requirement_holds(problem_of(), r)
            )
        ),
    )


def _controls_legendary_creature_or_planeswalker(problem: CastProblem) -> bool:
    """Whether the caster controls a legendary creature or a legendary planeswalker (CR 205.4e)."""
    return any(
        "Legendary" in obj.card.supertypes
        and (obj.card.has_type(CardType.CREATURE) or obj.card.has_type(CardType.PLANESWALKER))
        for obj in problem.state.objects_in(Zone.BATTLEFIELD, problem.caster)
    )


def _split_second_spells(problem: CastProblem) -> list[str]:
    """The spells on the stack with split second, as "Name (id)" (CR 702.61a); the spell being cast is not one."""
    return [
        f"{obj.name} ({obj.id})"
        for obj in problem.state.objects_in(Zone.STACK)
        if obj.id != problem.spell.id and "split second" in abilities_of(obj).keywords
    ]


def _restriction_holds(problem: CastProblem) -> bool:
    """Whether "Cast this spell only during …" / "… only if …" allows casting now (CR 601.3, 604.6)."""
    restriction, state = problem.abilities.timing_restriction, problem.state
    if restriction is None:
        return True
    if restriction.phases and state.phase not in restriction.phases:
        return False
    if restriction.turn == "yours" and state.active_player != problem.caster:
        return False
    if restriction.turn == "opponent" and state.active_player == problem.caster:
        return False
    if restriction.requires and not all(requirement_holds(problem, r) for r in restriction.requires):
        return False  # "Cast this spell only if you control two or more Vampires" (CR 601.3)
    return True  # in combat, the steps it names are for the problem's undecided conditions (see add_timing_rules)


def _choice_permissions(problem: CastProblem) -> list[CastPermission]:
    """The permissions to cast as though it had flash that depend on X or the targets, whose state holds."""
    return [p for p in permissions_that_apply(problem) if p.as_though_flash and p.on_choices]


def add_choice_timing_rules(problem: CastProblem) -> None:
    """Sorcery timing, for a card whose permission to be cast as though it had flash depends on its choices.

    Parameters
    ----------
    problem : CastProblem
        With its X and target variables added (:func:`~solver.rules.costs.add_cost_choices`,
        :func:`~solver.rules.targets.add_target_rules`).

    Notes
    -----
    - CR 601.3, 601.2b-c: "You may cast this spell as though it had flash if X is 3 or less" / "… if it
      targets a permanent you control": X is announced and the targets chosen as the spell is cast; at a time
      a sorcery could not be cast (CR 307.1), the cast is legal only with choices that meet one such
      permission. At a time it could be, every cast is (CR 307.5a), and nothing is added.
    - CR 702.8a: the permission is that of flash: any time the caster could cast an instant.

    Raises
    ------
    UnsupportedRuleError
        As :func:`~solver.rules.naming.is_named_by`.
    """
    if (
        problem.recorded is not None
        or problem.resolving is not None
        or not has_sorcery_timing(problem)
        or is_sorcery_timing(problem)
    ):
        return  # cast as an ability resolves, timing permissions don't matter (CR 608.2g)
    permissions = _choice_permissions(problem)
    if not permissions:
        return
    state, card = problem.state, problem.spell.card
    by_targets = [p for p in permissions if p.if_targets is not None]
    slots = list(problem.slots) if by_targets else []
    candidates = dict.fromkeys(c for slot in slots for c in named_candidates(slot.choices))
    named = [
        frozenset(c for c in candidates if p.if_targets is not None and is_named_by(problem, p.if_targets, c))
        for p in by_targets
    ]
    scope = ((X,) if any(p.x_at_most is not None for p in permissions) else ()) + tuple(slot.key for slot in slots)
    has_x = bool(scope) and scope[0] == X

    def meets(permission: CastPermission, values: tuple[Any, ...]) -> bool:
        if permission.x_at_most is not None:
            x = values[0] or 0
            if x > permission.x_at_most:
                return False
        if permission.if_targets is not None:
            chosen = {t for value in values[1 if has_x else 0 :] if value for t in value}
            return not chosen.isdisjoint(named[by_targets.index(permission)])
        return True

    def allowed(*values: Any) -> bool:
        return any(meets(p, values) for p in permissions)

    problem.add_constraint(
        scope,
        allowed,
        "CR 601.3",
        "a sorcery-speed spell is cast in the caster's main phase with an empty stack, or as its permission allows",
        lambda *values: (
            f"{card.name} can be cast only in its caster's main phase while the stack is empty (it is "
            f"{state.active_player}'s {state.phase.value.replace('_', ' ')} phase"
            f'{", the stack is not empty" if state.stack else ""}), or as "{permissions[0].text}" allows, and '
            f"the choices made do not meet that"
        ),
    )
