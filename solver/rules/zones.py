"""Where a card may be cast from: its owner's hand, or another zone a keyword or an effect allows (CR 601.2a, 601.3).

Each way to cast a card from the zone it is in is a :class:`ZoneWay`: the hand (CR 601.2a); a keyword of the
card that casts it from its owner's graveyard or exile for an alternative cost (flashback, escape, foretell:
CR 702.34a, 702.138a, 702.143a) or for its mana cost with a cost added (jump-start, retrace, aftermath: CR
702.133a, 702.81a, 702.127a); or a fact the state gives about the object (plotted, on an Adventure, an effect's
``may_cast``: CR 702.170d, 715.3d, 601.3). The cast problem of an object asks which ways apply to its caster:
none, and the card can't be cast from there; the ways say which alternative costs may be paid, whether the mana
cost may be, which cost is added, and whether the cast waits for a main phase with an empty stack.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.abilities import AdditionalCost, CardAbilities, Cost, CostModifier, ObjectCost, TargetKind
from models.choices import CostAction
from models.objects import CardType, GameObject, PlayerId, Zone

__all__ = ["RESOLVING_KEYWORDS", "ZoneWay", "zone_ways"]

HARMONIZE_TAP = ObjectCost(CostAction.TAP, 1, frozenset({TargetKind.CREATURE}),
                           text="tap an untapped creature you control (harmonize)")
"""The creature harmonize may tap: untapped (CR 107.5), the caster's, one (CR 702.180a-b)."""
HARMONIZE_COSTS = (
    AdditionalCost(Cost(objects=(HARMONIZE_TAP,), text="tap up to one untapped creature you control"),
                   "harmonize creature", optional=True, rule="CR 702.180a"),
    CostModifier(-1, text="reduced by an amount of generic mana equal to the tapped creature's power", own=True,
                 per_object_of=HARMONIZE_TAP, per_value="power"),
)
"""Harmonize's optional tap, a choice of the cast (CR 702.180b), and the reduction by the tapped creature's power
(CR 702.180a)."""

_NEEDS_FLAG = {"foretell": "foretold"}
"""Alternative costs from another zone that only a card exiled a certain way may use: a foretold card is cast for
its foretell cost (CR 702.143a); another card in exile is not."""


@dataclass(frozen=True, slots=True)
class ZoneWay:
    """One way the rules let a player cast a card from the zone it is in (CR 601.2a, 601.3).

    Parameters
    ----------
    keyword : str
        ``"hand"``, the card's keyword (``"flashback"``, ``"jump-start"``, ``"aftermath"``), or what the state
        says of the object: ``"plotted"``, ``"adventure"`` (exiled on an Adventure), ``"may_cast"``.
    rule : str
    alternative : str or None
        The alternative cost paid casting it this way (``"flashback"``, CR 118.9); None when the mana cost is
        paid (or another alternative cost the card has, from the hand).
    additional : AdditionalCost or None
        A cost added casting it this way (jump-start's discard, CR 702.133a; harmonize's optional tap, CR
        702.180a).
    modifier : CostModifier or None
        A change of the total cost casting it this way (harmonize: less by the tapped creature's power).
    free : bool
        Cast this way only without paying its mana cost (plot, CR 702.170d; an effect that says so).
    sorcery_timing : bool
        Cast this way only during its caster's main phase with an empty stack, whatever its card type (plot,
        CR 702.170d).
    """

    keyword: str
    rule: str
    alternative: str | None = None
    additional: AdditionalCost | None = None
    modifier: CostModifier | None = None
    free: bool = False
    sorcery_timing: bool = False


RESOLVING_KEYWORDS = {"madness": (Zone.EXILE, "CR 702.35a"), "miracle": (Zone.HAND, "CR 702.94a")}
"""Keywords whose triggered ability lets its owner cast the card as it resolves, for the keyword's cost: where the
card is then (a madness card exiled as it was discarded, a miracle card revealed in the hand as it was drawn)."""


def zone_ways(spell: GameObject, caster: PlayerId, abilities: CardAbilities, *,
              transformed: bool = False, resolving: str | None = None) -> tuple[ZoneWay, ...]:
    """The ways ``caster`` may cast ``spell`` from the zone it is in; empty when none.

    Parameters
    ----------
    spell : GameObject
        The card, with the characteristics cast (a split card's half, CR 709.3).
    caster : PlayerId
    abilities : CardAbilities
        Its abilities as cast.
    transformed : bool
        The card is cast transformed, its back face up: disturb is the way, and the only one (CR 702.146a);
        cast front face up, disturb is none.
    resolving : str or None
        ``"madness"`` or ``"miracle"``: the card is cast as that triggered ability resolves, for that cost, and
        that is the only way (CR 702.35a, 702.94a, 608.2g); None: those are no way.

    Returns
    -------
    tuple of ZoneWay
        Printed keywords let only the card's owner cast it (CR 702.34a "your graveyard", 702.133a, 702.81a,
        702.127a, 702.138a, 702.143a, 702.170d); an effect's ``may_cast`` names its player. Flashback casts only
        an instant or sorcery card (as legalcasts reads it, CR 702.34a); jump-start only an instant or sorcery
        spell (CR 702.133a).
    """
    zone, owner = spell.zone, spell.owner == caster
    card = spell.card
    if resolving is not None:
        where, rule = RESOLVING_KEYWORDS[resolving]
        has = any(cost.keyword == resolving for cost in abilities.alternative_costs)
        return (ZoneWay(resolving, rule, alternative=resolving),) if has and owner and zone is where else ()
    is_spell_card = card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)
    ways: list[ZoneWay] = []
    if zone is Zone.HAND and owner and not transformed:
        ways.append(ZoneWay("hand", "CR 601.2a"))
    if zone is not Zone.HAND and owner:
        for cost in abilities.alternative_costs:
            if cost.zone is not zone or (cost.keyword == "flashback" and not is_spell_card) or (
                    (cost.keyword == "disturb") != transformed) or cost.keyword in RESOLVING_KEYWORDS:
                continue
            flag = _NEEDS_FLAG.get(cost.keyword)
            if cost.keyword == "harmonize":
                ways.append(ZoneWay(cost.keyword, cost.rule, alternative=cost.keyword,
                                    additional=HARMONIZE_COSTS[0], modifier=HARMONIZE_COSTS[1]))
            elif flag is None or getattr(spell, flag):
                ways.append(ZoneWay(cost.keyword, cost.rule, alternative=cost.keyword))
        for permission in abilities.zone_permissions:
            if permission.zone is zone and not transformed and (permission.keyword != "jump-start" or is_spell_card):
                ways.append(ZoneWay(permission.keyword, permission.rule, additional=permission.additional))
        if transformed:
            return tuple(ways)
        if zone is Zone.EXILE and spell.plotted:  # "without paying its mana cost … as a sorcery" (CR 702.170d)
            ways.append(ZoneWay("plotted", "CR 702.170d", free=True, sorcery_timing=True))
        if zone is Zone.EXILE and spell.on_adventure:  # the card, not its Adventure (CR 715.3d)
            ways.append(ZoneWay("adventure", "CR 715.3d"))
    for grant in () if transformed else spell.may_cast:
        if grant.player == caster:
            ways.append(ZoneWay("may_cast", "CR 601.3", free=grant.without_paying))
    return tuple(ways)
