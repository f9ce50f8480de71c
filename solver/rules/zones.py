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

import re
from dataclasses import dataclass

from models.abilities import (
    OTHER_ZONE_KEYWORDS,
    AdditionalCost,
    AlternativeCost,
    CardAbilities,
    Cost,
    CostModifier,
    ObjectCost,
    Requirement,
    TargetKind,
    UnsupportedText,
)
from models.choices import CostAction
from models.objects import CardType, GameObject, PlayerId, Zone

__all__ = ["CONVERTED", "RESOLVING_KEYWORDS", "ZoneWay", "has_resolving_keyword", "unread_permissions", "zone_ways"]

HARMONIZE_TAP = ObjectCost(
    CostAction.TAP, 1, frozenset({TargetKind.CREATURE}), text="tap an untapped creature you control (harmonize)"
)
"""The creature harmonize may tap: untapped (CR 107.5), the caster's, one (CR 702.180a-b)."""
HARMONIZE_COSTS = (
    AdditionalCost(
        Cost(objects=(HARMONIZE_TAP,), text="tap up to one untapped creature you control"),
        "harmonize creature",
        optional=True,
        rule="CR 702.180a",
    ),
    CostModifier(
        -1,
        text="reduced by an amount of generic mana equal to the tapped creature's power",
        own=True,
        per_object_of=HARMONIZE_TAP,
        per_value="power",
    ),
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
    requires : tuple of Requirement
        A printed permission's condition, which must hold as the card is cast ("as long as you control a
        Zombie", CR 601.3, 611.3a): the cast problem keeps the way only then (:func:`solver.build.build_cast_problem`).
    """

    keyword: str
    rule: str
    alternative: str | None = None
    additional: AdditionalCost | None = None
    modifier: CostModifier | None = None
    free: bool = False
    sorcery_timing: bool = False
    requires: tuple[Requirement, ...] = ()


CONVERTED = "more than meets the eye"
"""The keyword of the alternative cost that casts a card converted, its back face up, from the hand (CR 702.162a)."""

RESOLVING_KEYWORDS = {
    "madness": (Zone.EXILE, "CR 702.35a"),
    "miracle": (Zone.HAND, "CR 702.94a"),
    "suspend": (Zone.EXILE, "CR 702.62a"),
}
"""Keywords whose triggered ability lets its owner cast the card as it resolves, for the keyword's cost: where the
card is then (a madness card exiled as it was discarded, a miracle card revealed in the hand as it was drawn)."""


def _hand_ways(abilities: CardAbilities, transformed: bool) -> tuple[ZoneWay, ...]:
    """The ways its owner casts a card from their hand: front face up, or converted for that cost only (CR 702.162a)."""
    if not transformed:
        return (ZoneWay("hand", "CR 601.2a"),)
    if any(cost.keyword == CONVERTED for cost in abilities.alternative_costs):
        return (ZoneWay(CONVERTED, "CR 702.162a", alternative=CONVERTED),)
    return ()


def zone_ways(
    spell: GameObject,
    caster: PlayerId,
    abilities: CardAbilities,
    *,
    transformed: bool = False,
    resolving: str | None = None,
) -> tuple[ZoneWay, ...]:
    """The ways ``caster`` may cast ``spell`` from the zone it is in; empty when none.

    Parameters
    ----------
    spell : GameObject
        The card, with the characteristics cast (a split card's half, CR 709.3).
    caster : PlayerId
    abilities : CardAbilities
        Its abilities as cast.
    transformed : bool
        The card is cast transformed, its back face up: disturb is the way, and the only one (CR 702.146a), or
        from the hand More Than Meets the Eye (CR 702.162a); cast front face up, neither is.
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
    if resolving is not None:
        return _resolving_way(abilities, resolving, owner, zone)
    ways: list[ZoneWay] = []
    if zone is Zone.HAND and owner:
        ways.extend(_hand_ways(abilities, transformed))
    if zone is not Zone.HAND and owner:
        ways.extend(_keyword_ways(spell, abilities, transformed))
        if transformed:
            return tuple(ways)
        ways.extend(_status_ways(spell))
    for grant in () if transformed else spell.may_cast:
        if grant.player == caster:
            ways.append(ZoneWay("may_cast", "CR 601.3", free=grant.without_paying))
    return tuple(ways)


def _keyword_ways(spell: GameObject, abilities: CardAbilities, transformed: bool) -> list[ZoneWay]:
    """The ways the owner's keywords give from a zone other than the hand: costs of that zone, then permissions.

    Flashback casts only an instant or sorcery card (CR 702.34a), jump-start an instant or sorcery spell (CR
    702.133a); disturb only transformed (CR 702.146a); a keyword whose trigger casts the card is no way here.
    """
    zone = spell.zone
    is_spell_card = spell.card.has_type(CardType.INSTANT) or spell.card.has_type(CardType.SORCERY)
    ways: list[ZoneWay] = []
    for cost in abilities.alternative_costs:
        if (
            cost.zone is not zone
            or (cost.keyword == "flashback" and not is_spell_card)
            or ((cost.keyword == "disturb") != transformed)
            or cost.keyword in RESOLVING_KEYWORDS
        ):
            continue
        way = _zone_cost_way(spell, cost)
        if way is not None:
            ways.append(way)
    for permission in abilities.zone_permissions:
        if permission.zone is zone and not transformed and (permission.keyword != "jump-start" or is_spell_card):
            ways.append(
                ZoneWay(
                    permission.keyword,
                    permission.rule,
                    additional=permission.additional,
                    requires=permission.requires,
                )
            )
    return ways


def _zone_cost_way(spell: GameObject, cost: AlternativeCost) -> ZoneWay | None:
    """The way an alternative cost of the card's zone gives; None when the state doesn't mark it (foretold)."""
    if cost.keyword == "harmonize":
        return ZoneWay(
            cost.keyword,
            cost.rule,
            alternative=cost.keyword,
            additional=HARMONIZE_COSTS[0],
            modifier=HARMONIZE_COSTS[1],
        )
    flag = _NEEDS_FLAG.get(cost.keyword)
    if flag is None or getattr(spell, flag):
        return ZoneWay(cost.keyword, cost.rule, alternative=cost.keyword)
    return None


def _status_ways(spell: GameObject) -> list[ZoneWay]:
    """The ways a card's status in exile gives: plotted (CR 702.170d), on an adventure (CR 715.3d)."""
    ways = []
    if spell.zone is Zone.EXILE and spell.plotted:  # "without paying its mana cost … as a sorcery" (CR 702.170d)
        ways.append(ZoneWay("plotted", "CR 702.170d", free=True, sorcery_timing=True))
    if spell.zone is Zone.EXILE and spell.on_adventure:  # the card, not its Adventure (CR 715.3d)
        ways.append(ZoneWay("adventure", "CR 715.3d"))
    return ways


def _resolving_way(abilities: CardAbilities, resolving: str, owner: bool, zone: Zone) -> tuple[ZoneWay, ...]:
    """The one way a keyword's trigger casts its owner's card from where it put it, or none (CR 608.2g)."""
    where, rule = RESOLVING_KEYWORDS[resolving]
    if not (has_resolving_keyword(abilities, resolving) and owner and zone is where):
        return ()
    if resolving == "suspend":  # "you may play it without paying its mana cost" (CR 702.62a)
        return (ZoneWay(resolving, rule, free=True),)
    return (ZoneWay(resolving, rule, alternative=resolving),)


def has_resolving_keyword(abilities: CardAbilities, keyword: str) -> bool:
    """Whether the card has a keyword whose trigger casts it as it resolves (CR 702.35a, 702.62a, 702.94a).

    Madness and miracle are read as the alternative cost they give; suspend as the keyword (its cast is without
    paying the mana cost).

    Parameters
    ----------
    abilities : CardAbilities
    keyword : str
        A key of :data:`RESOLVING_KEYWORDS`.

    Returns
    -------
    bool
    """
    if keyword == "suspend":
        return "suspend" in abilities.keywords
    return any(cost.keyword == keyword for cost in abilities.alternative_costs)


CAST_AS_A_TRIGGER_RESOLVES = frozenset({"madness", "miracle", "suspend", "paradigm"})
"""Keywords whose cast from another zone is made only as a triggered ability resolves, never with priority (CR
702.35a, 702.94a, 702.62a, 608.2g; paradigm, newer than the rules followed, casts a copy "at the beginning of each
of your first main phases", a trigger, CR 603.1): their unread text is no permission to cast with priority."""

_ZONE_WORDS = {Zone.GRAVEYARD: r"\bgraveyards?\b", Zone.EXILE: r"\bexiled?\b", Zone.LIBRARY: r"\blibrar(?:y|ies)\b"}
"""How a text names a zone a card may be cast from (CR 404, 406, 401)."""
_ANYWHERE = r"(?<!not from )\banywhere\b"
_THIS_OBJECT = r"~|\bthis (?:card|spell|creature|artifact|enchantment|permanent|planeswalker|battle|land)\b"
"""How a card's text names the card itself (the reader writes its name as ``~``)."""
_LEADING_KEYWORD = re.compile(r"(?:[^—.]+ — )?(?P<keyword>[a-z-]+)")
"""A line's keyword, after an ability word if one comes first ("Flashback—…", "Max speed — Escape …")."""


def unread_permissions(spell: GameObject, abilities: CardAbilities) -> tuple[UnsupportedText, ...]:
    """The unread text of a card that might let its owner cast it, with priority, from the zone it is in.

    A card in its owner's graveyard, exile or library may be cast from there only if a rule or effect allows it
    (CR 601.3): a keyword or a printed permission of the card itself (its own abilities that say from what zones
    it may be cast function there, CR 113.6f), or an effect, which the state gives (``may_cast``). What the
    reader reads of those is :func:`zone_ways`; this is what it could not read, so that a card it might let be
    cast is never left out without a word: :func:`solver.legal.castable_objects` lists the card, and its cast
    problem is refused, naming the text (:meth:`~models.abilities.CardAbilities.unsupported_when_cast_from`).

    An unread span *might* be such a permission when

    - the reader knows it bears on casting the card from that zone (:attr:`UnsupportedText.zones`: a keyword of
      :data:`~models.abilities.OTHER_ZONE_KEYWORDS` with a cost not read, such as "Flashback—Sacrifice a
      creature.", or an instant's or sorcery's "You may cast this card from your graveyard."); or
    - it is text whose bearing is not known (``casting_relevant``) that begins with such a keyword for that
      zone, or that in one sentence names the card itself ("this card", "this creature", its name), says that
      it may or can be cast or played ("you may cast this card", "you may cast it") and names that zone as
      where it is cast from ("from your graveyard", "from anywhere") or where the card is ("as long as ~ is on
      top of your library"): "You may cast this card from your graveyard if you gained life this turn.", "As
      long as ~ is at the top of your library, … you may cast it." (Not "If there are three or more Lesson cards
      in your graveyard, you may cast this spell as though it had flash.")

    Nothing else is: a permission for other cards ("you may cast creature spells from your graveyard") is an
    ability of a permanent, which functions on the battlefield only (CR 113.6); a cost change ("this spell
    costs {1} less for each card in your graveyard") or an unread kicker lets nothing be cast from anywhere;
    and a keyword whose cast is made as a trigger resolves (madness, miracle, suspend, paradigm:
    :data:`CAST_AS_A_TRIGGER_RESOLVES`) is no cast with priority.

    Parameters
    ----------
    spell : GameObject
        The card, in its owner's graveyard, exile or library (the caster considered is its owner: "you" of its
        own text, CR 109.5).
    abilities : CardAbilities
        Its abilities.

    Returns
    -------
    tuple of UnsupportedText
        The spans that might be such a permission, in the card's order; empty when none could be, and for a
        card in another zone, or a land (lands are played, not cast, CR 305.9).

    Notes
    -----
    Every span returned is one :meth:`~models.abilities.CardAbilities.unsupported_when_cast_from` gives for
    the zone (it names the zone, or bears on casting from any zone): the card's cast problem is refused.
    """
    zone = spell.zone
    if zone not in _ZONE_WORDS or spell.card.is_land:
        return ()
    names = {spell.card.name, spell.card.name.removeprefix("A-"), spell.card.name.split(",")[0]}
    this = "|".join([_THIS_OBJECT, *(re.escape(name.lower()) for name in sorted(names, key=len, reverse=True))])
    found = []
    for unread in abilities.unsupported:
        text = unread.span.lower()
        leading = _LEADING_KEYWORD.match(text)
        word = leading["keyword"] if leading else None
        if word in CAST_AS_A_TRIGGER_RESOLVES:
            continue
        keyword = word if word in OTHER_ZONE_KEYWORDS else None
        if zone in unread.zones:
            found.append(unread)
        elif unread.casting_relevant and (
            (keyword is not None and zone in OTHER_ZONE_KEYWORDS[keyword])
            or any(_casts_itself_from(sentence, zone, this) for sentence in re.split(r"(?<=\.)\s+", text))
        ):
            found.append(unread)
    return tuple(found)


def _casts_itself_from(sentence: str, zone: Zone, this: str) -> bool:
    """Whether a sentence (lowercased) lets the card itself be cast from the zone (:func:`unread_permissions`).

    It names the card, says it may or can be cast or played, and names the zone as where it is cast from or
    where the card is.
    """
    where = _ZONE_WORDS[zone]
    named_zone = rf"\bfrom\b[^.,;]*?(?:{where}|{_ANYWHERE})|(?:{this})[^.,;]* is\b[^.,;]*?{where}"
    may_cast = rf"\b(?:may|can) (?:cast|play) (?:{this}|it)(?![a-z])|(?:{this}) can be cast\b"
    return bool(re.search(this, sentence) and re.search(named_zone, sentence) and re.search(may_cast, sentence))
