"""Keywords that are costs or change the cost: each keyword's reader of its cost (CR 702, 118.8, 118.9).

Each reader makes the record of one keyword: an :class:`~models.abilities.AdditionalCost`, an
:class:`~models.abilities.AlternativeCost` or a :class:`~models.abilities.CostModifier`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable

from lark import Token, Tree

from models.abilities import (
    AdditionalCost,
    AlternativeCost,
    ZonePermission,
    CombatDamageRequirement,
    TurnRequirement,
    Cost,
    CostModifier,
    ObjectCost,
    ObjectFilter,
    Quality,
    TargetKind,
)
from models.choices import CostAction
from models.mana import Color, ManaCost
from models.objects import Card, CardType, Zone

from models.oracle.costs import cost_of_parts, object_cost
from models.oracle.grammar import first_token
from models.oracle.targets import read_counted
from models.oracle.unread import UnreadText
from models.oracle.words import CREATURE_TYPE_WORDS, prepare_lines

__all__ = [
    "ZONE_KEYWORDS", "ZONE_COST_KEYWORDS", "KEYWORD_COSTS", "graveyard_keyword", "optional_keyword_cost",
    "two_kickers", "TEAMWORK", "read_teamwork", "SNEAK", "read_sneak", "turn_alternative_cost",
    "combat_damage_alternative", "CAST_KEYWORD_COSTS", "cast_keyword_cost", "read_strive", "read_gift",
    "read_conspire", "bestow_cost", "read_affinity", "sacrifice_keyword", "read_emerge", "cycling_keywords",
]


ZONE_KEYWORDS = {
    "jump-start": lambda line: ZonePermission("jump-start", Zone.GRAVEYARD, "CR 702.133a", AdditionalCost(
        Cost(objects=(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text="discard a card"),), text=line),
        "jump-start", rule="CR 702.133a")),
    "retrace": lambda line: ZonePermission("retrace", Zone.GRAVEYARD, "CR 702.81a", AdditionalCost(
        Cost(objects=(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, qualities=ObjectFilter(
            (frozenset({Quality("type", CardType.LAND)}),), "land"), text="discard a land card"),), text=line),
        "retrace", rule="CR 702.81a")),
    "aftermath": lambda line: ZonePermission("aftermath", Zone.GRAVEYARD, "CR 702.127a"),
}
"""Keywords that let the card be cast from its owner's graveyard for its mana cost, with the cost they add."""


ZONE_COST_KEYWORDS = {
    "flashback": ("CR 702.34a", Zone.GRAVEYARD),
    "foretell": ("CR 702.143a", Zone.EXILE),  # a foretold card; foretelling is a special action (CR 702.143b)
    "disturb": ("CR 702.146a", Zone.GRAVEYARD),  # the back face, cast transformed
    "harmonize": ("CR 702.180a", Zone.GRAVEYARD),  # with up to one creature tapped, its power off the cost
    "madness": ("CR 702.35a", Zone.EXILE),  # as its trigger resolves, the card exiled as it was discarded
    "miracle": ("CR 702.94a", Zone.HAND),  # as its trigger resolves, revealed as it was drawn
}
"""Keywords followed by a mana cost that cast the card from a zone for that cost rather than its mana cost: the
rule of each and the zone (an :class:`AlternativeCost` with that zone; CR 118.9)."""


KEYWORD_COSTS = {
    "kicker": lambda cost: AdditionalCost(cost, "kicker", optional=True, rule="CR 702.33a"),
    "multikicker": lambda cost: AdditionalCost(cost, "multikicker", optional=True, most_times=None, rule="CR 702.33c"),
    "overload": lambda cost: AlternativeCost("overload", cost, "CR 702.96a", removes_targets=True),
    "buyback": lambda cost: AdditionalCost(cost, "buyback", optional=True, rule="CR 702.27a"),
    "replicate": lambda cost: AdditionalCost(cost, "replicate", optional=True, most_times=None, rule="CR 702.56a"),
}
"""Keywords followed by a cost ("Kicker {2}{R}"), read by the grammar's ``cost_keyword`` rule: each makes one record.

A keyword's record says what kind of cost it is (an optional additional cost, CR 118.8, or an alternative
cost, CR 118.9) and the rule that defines it; the cast problem reads every record the same way.
"""


_GRAVEYARD_KEYWORD = re.compile(r"(?P<keyword>flashback|escape)(?:—| (?=\{))(?P<cost>[^.]+)\.?")


_GRAVEYARD_KEYWORD_RULES = {"flashback": "CR 702.34a", "escape": "CR 702.138a"}


def graveyard_keyword(line: str, original: str) -> AlternativeCost | None:
    """Flashback or escape with a cost of several parts, or None (CR 702.34a, 702.138a).

    "Escape—{3}{B}{B}, Exile four other cards from your graveyard.": the card is cast from its owner's
    graveyard for that cost rather than its mana cost.
    """
    found = _GRAVEYARD_KEYWORD.fullmatch(line)
    if found is None:
        return None
    cost = cost_of_parts(found["cost"])
    if isinstance(cost, str):
        return None
    keyword = found["keyword"]
    return AlternativeCost(keyword, dataclasses.replace(cost, text=original), _GRAVEYARD_KEYWORD_RULES[keyword],
                           zone=Zone.GRAVEYARD)


_OPTIONAL_KEYWORD = re.compile(r"(?P<keyword>kicker|buyback|replicate)—(?P<cost>[^.]+)\.?")


def optional_keyword_cost(line: str, original: str) -> AdditionalCost | None:
    """Kicker, buyback or replicate paid with more than mana, or None (CR 702.33a, 702.27a, 702.56a).

    "Kicker—Sacrifice a creature.", "Buyback—Pay 3 life.": an optional additional cost of those parts, the
    same record as "Kicker {2}".
    """
    found = _OPTIONAL_KEYWORD.fullmatch(line)
    if found is None:
        return None
    cost = cost_of_parts(found["cost"])
    if isinstance(cost, str):
        return None
    record = KEYWORD_COSTS[found["keyword"]](dataclasses.replace(cost, text=original))
    assert isinstance(record, AdditionalCost)  # kicker and buyback are additional costs (CR 702.33a, 702.27a)
    return record


_TWO_KICKERS = re.compile(r"kicker (?P<first>(?:\{[^}]+\})+) and/or (?P<second>(?:\{[^}]+\})+)")


def two_kickers(line: str, original: str) -> tuple[AdditionalCost, AdditionalCost] | None:
    """"Kicker {1}{B} and/or {R}": two optional kicker costs, each paid or not (CR 702.33b), or None.

    Each is named by its cost, ``"kicker {1}{B}"`` and ``"kicker {R}"``, as the text linked to it names it ("if
    it was kicked with its {1}{B} kicker", CR 702.33f); text that asks only "if it was kicked" is linked to
    either, and the cast rules report it rather than read it.
    """
    found = _TWO_KICKERS.fullmatch(line)
    if found is None:
        return None
    costs = []
    for part in ("first", "second"):
        mana = ManaCost.parse(found[part], path="oracle_text")
        if mana.has_x:
            return None
        costs.append(AdditionalCost(Cost(mana, text=original), f"kicker {mana}", optional=True, rule="CR 702.33b"))
    return costs[0], costs[1]


TEAMWORK = re.compile(r"teamwork (?P<total>\d+)")


def read_teamwork(total: int, line: str) -> AdditionalCost:
    """Teamwork N: an optional additional cost of creatures tapped, their powers totalling N or more.

    The keyword is newer than the rules this reader follows; its reminder text defines it: "As an additional cost
    to cast this spell, you may tap any number of creatures you control with total power N or more." (CR 118.8,
    601.2b: an optional additional cost; a cost that taps asks for untapped permanents, CR 701.26a). "If this
    spell was cast using teamwork" asks it paid, as "if this spell was kicked" asks kicker.

    Parameters
    ----------
    total : int
        N.
    line : str
        The keyword line, as printed.

    Returns
    -------
    AdditionalCost
        Keyword ``"teamwork"``, optional, paid at most once.
    """
    tapped = ObjectCost(CostAction.TAP, None, frozenset({TargetKind.CREATURE}), least_total_power=total,
                        text=f"tap any number of creatures you control with total power {total} or more")
    return AdditionalCost(Cost(objects=(tapped,), text=line), "teamwork", optional=True, rule="CR 118.8")


SNEAK = re.compile(r"sneak (?P<cost>(?:\{[0-9wubrgc]+\})+)")


_SNEAK_WINDOW = TurnRequirement("unblocked attacker you control", "you control an unblocked attacking creature, "
                                "during the declare blockers step")


def read_sneak(mana: str, line: str) -> AlternativeCost:
    """Sneak with its mana cost: an alternative cost with an unblocked attacker returned to its owner's hand.

    The keyword is newer than the rules this reader follows; its reminder text defines it: "You may cast this
    spell for [cost] if you also return an unblocked attacker you control to hand during the declare blockers
    step." (an alternative cost, CR 118.9). Attacking creatures exist only in the combat phase (CR 506.4), and
    only the active player's (CR 506.2), so outside it, or when the caster controls no attacking creature, the
    cost can't be paid; otherwise which step it is and which attackers are unblocked, which the state does not
    tell, decide it (``solver.rules.conditions``).

    Parameters
    ----------
    mana : str
        The mana cost after the keyword, lowercase: ``"{1}{w}"``.
    line : str
        The keyword line, as printed.

    Returns
    -------
    AlternativeCost
        Keyword ``"sneak"``, requiring :data:`_SNEAK_WINDOW`.
    """
    returned = object_cost("return an attacking creature you control to its owner's hand")
    assert returned is not None  # the words are read by object_cost
    cost = Cost(ManaCost.parse(mana.upper(), path="oracle_text"), objects=(returned,), text=line)
    return AlternativeCost("sneak", cost, "CR 118.9", requires=(_SNEAK_WINDOW,))


_TURN_ALTERNATIVES = {
    "spectacle": ("CR 702.137a", TurnRequirement("opponent lost life", "an opponent lost life this turn")),
    "surge": ("CR 702.117a", TurnRequirement("cast another spell", "you have cast another spell this turn")),
}


def turn_alternative_cost(tree: Tree, line: str) -> AlternativeCost | None:
    """Spectacle or surge with a mana cost: an alternative cost payable when this turn's facts say so, or None.

    Spectacle: if an opponent lost life this turn (CR 702.137a); surge: if the caster has cast another spell
    this turn (CR 702.117a, teammates aside).
    """
    tokens = [t for t in tree.children if isinstance(t, Token)]
    keyword = str(tokens[0]).lower()
    if keyword not in _TURN_ALTERNATIVES or len(tokens) < 2 or any(t.type != "MANA_SYMBOL" for t in tokens[1:]):
        return None
    rule, requirement = _TURN_ALTERNATIVES[keyword]
    cost = ManaCost.parse("".join(str(t) for t in tokens[1:]), path="oracle_text")
    return AlternativeCost(keyword, Cost(cost, text=line), rule, requires=(requirement,))


_COMBAT_DAMAGE_KEYWORDS = {"prowl": "CR 702.76a", "freerunning": "CR 702.173a"}


def combat_damage_alternative(tree: Tree, line: str, subtypes: Iterable[str]) -> AlternativeCost | None:
    """Prowl or freerunning with its cost: an alternative cost payable after combat damage to a player, or None.

    "Prowl {1}{B}": the cost may be paid rather than the mana cost "if a player was dealt combat damage this turn
    by a source that, at the time it dealt that damage, was under your control and had any of this spell's
    creature types" (CR 702.76a). "Freerunning {1}{B}", "Freerunning—Return a blue creature you control to its
    owner's hand.": likewise, by "an Assassin creature or a commander under your control" (CR 702.173a). The cost
    is mana (X included: "Freerunning {X}{R}", X announced only for that cost, CR 107.3, 601.2b) or parts read as
    other costs are.

    Parameters
    ----------
    tree : lark.Tree
        A ``cast_keyword`` tree.
    line : str
        The line as printed.
    subtypes : iterable of str
        The card's subtypes: its creature types are prowl's (a Kindred card's, CR 205.3m, 308.3).

    Returns
    -------
    AlternativeCost or None
        Keyword ``"prowl"`` or ``"freerunning"``, requiring a :class:`~models.abilities.CombatDamageRequirement`;
        None for another keyword, a cost not read, or prowl on a card with no creature type.
    """
    token = first_token(tree)
    keyword = str(token).lower()
    if keyword not in _COMBAT_DAMAGE_KEYWORDS:
        return None
    printed = line[token.start_pos:].strip()
    found = re.fullmatch(rf"{keyword}(?: (?=\{{)|—)(?P<cost>[^.(]+?)\.?", printed.lower())
    if found is None:
        return None
    mana_only = re.fullmatch(r"(?:\{[^{}]+\})+", found["cost"].strip())
    # "Freerunning {X}{R}": X announced with the cost (CR 107.3, 601.2b); other parts are read as other costs are
    cost = Cost(ManaCost.parse(found["cost"].strip(), path="oracle_text")) if mana_only else cost_of_parts(
        found["cost"].strip())
    if isinstance(cost, str):
        return None
    if keyword == "prowl":
        types = frozenset(t for t in subtypes if t in CREATURE_TYPE_WORDS)
        if not types:
            return None
        names = " or ".join(sorted(types))
        requirement = CombatDamageRequirement(types, text=f"a player was dealt combat damage this turn by a {names} "
                                                          "you controlled")
    else:
        requirement = CombatDamageRequirement(frozenset({"Assassin"}), commander=True,
                                              text="a player was dealt combat damage this turn by an Assassin or a "
                                                   "commander you controlled")
    return AlternativeCost(keyword, dataclasses.replace(cost, text=printed), _COMBAT_DAMAGE_KEYWORDS[keyword],
                           requires=(requirement,))


_RETURN_TAPPED_CREATURE = ObjectCost(CostAction.RETURN, 1, frozenset({TargetKind.CREATURE}),
                                     ObjectFilter((frozenset({Quality("tapped")}),), "tapped"),
                                     text="return a tapped creature you control to its owner's hand")
"""Web-slinging's object: the creature returned is a choice of the cast (CR 702.188a, 601.2h)."""


CAST_KEYWORD_COSTS: dict[str, Callable[[Cost], AlternativeCost | AdditionalCost]] = {
    "evoke": lambda cost: AlternativeCost("evoke", cost, "CR 702.74a"),
    "dash": lambda cost: AlternativeCost("dash", cost, "CR 702.109a"),
    "blitz": lambda cost: AlternativeCost("blitz", cost, "CR 702.152a"),
    "warp": lambda cost: AlternativeCost("warp", cost, "CR 702.185a"),  # from the hand only
    "impending": lambda cost: AlternativeCost("impending", cost, "CR 702.176a"),
    "offspring": lambda cost: AdditionalCost(cost, "offspring", optional=True, rule="CR 702.175a"),
    "squad": lambda cost: AdditionalCost(cost, "squad", optional=True, most_times=None, rule="CR 702.157a"),
    # "paying [cost] and returning a tapped creature you control to its owner's hand" (CR 702.188a)
    "web-slinging": lambda cost: AlternativeCost("web-slinging", dataclasses.replace(
        cost, objects=cost.objects + (_RETURN_TAPPED_CREATURE,)), "CR 702.188a"),
}
"""Keywords of the grammar's CAST_KEYWORD that are one cost paid as the card is cast from the hand.

"Evoke {2}{U}", "Evoke—Exile a white card from your hand.", "Impending 4—{2}{W}{W}", "Squad {2}": the cost
is mana or parts read as other costs are; web-slinging adds a tapped creature returned to its owner's hand
(CR 702.188a). What the keyword does once the spell resolves (sacrificed, returned,
counters, tokens) does not bear on casting it. Each makes one record, as KEYWORD_COSTS does.
"""


_CAST_KEYWORD_COST = re.compile(r"(?P<keyword>[a-z-]+)(?: (?P<number>\d+))?(?:—| )(?P<cost>[^.(]+?)\.?")


def cast_keyword_cost(tree: Tree, line: str) -> AlternativeCost | AdditionalCost | None:
    """A keyword of :data:`CAST_KEYWORD_COSTS` with its cost, as its record; None for any other line.

    "Impending N" takes a number before its cost (CR 702.176a); no other keyword of the table does.
    """
    token = first_token(tree)
    keyword = str(token).lower()
    if keyword not in CAST_KEYWORD_COSTS:
        return None
    found = _CAST_KEYWORD_COST.fullmatch(line[token.start_pos:].lower().strip())
    if found is None or found["keyword"] != keyword or bool(found["number"]) != (keyword == "impending"):
        return None
    cost = cost_of_parts(found["cost"].strip())
    if isinstance(cost, str):
        return None
    return CAST_KEYWORD_COSTS[keyword](dataclasses.replace(cost, text=line[token.start_pos:].strip()))


_STRIVE = re.compile(r"strive — this spell costs (?P<cost>(?:\{[^{}]+\})+) more to cast for each target beyond "
                     r"the first\.?", re.IGNORECASE)


def read_strive(line: str) -> CostModifier | None:
    """"Strive — This spell costs {2}{R} more to cast for each target beyond the first.", or None.

    Strive is an ability word (CR 207.2c): the rule is the cost increase, applied for each target the spell
    has beyond the first (CR 601.2f), so the total cost depends on the targets chosen (CR 601.2c).

    Parameters
    ----------
    line : str
        The line as printed, reminder text removed.

    Returns
    -------
    CostModifier or None
        The spell's own increase, ``per_target_beyond_first`` the mana; None for another line, or a cost with X.
    """
    found = _STRIVE.fullmatch(line.strip())
    if found is None:
        return None
    cost = ManaCost.parse(found["cost"].upper(), path="oracle_text")
    if cost.has_x or cost.is_empty:
        return None
    return CostModifier(0, line.strip(), own=True, per_target_beyond_first=cost)


def read_gift(tree: Tree) -> AdditionalCost | None:
    """"Gift a card", "Gift a tapped Fish", "Gift an extra turn": the gift cost, or None for another keyword.

    Whatever the gift is, its first ability is always "As an additional cost to cast this spell, you may
    choose an opponent" (CR 702.174a): an optional additional cost of no mana and no object, paid by choosing
    the opponent who gets the gift. What the gift is (CR 702.174d-i) happens as the spell resolves, or as the
    permanent enters, and bears on no cast.

    Parameters
    ----------
    tree : lark.Tree
        A ``cast_keyword`` tree.

    Returns
    -------
    AdditionalCost or None
        Keyword ``"gift"``, optional, ``chooses_opponent``; its cost's text the keyword as printed.
    """
    words = [str(t) for t in tree.children if isinstance(t, Token)]
    if len(words) < 3 or words[0].lower() != "gift" or words[1].lower() not in ("a", "an") \
            or not all(re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w) for w in words[2:]):
        return None
    return AdditionalCost(Cost(text=" ".join(words)), "gift", optional=True, rule="CR 702.174a",
                          chooses_opponent=True)


def read_conspire(tree: Tree, colors: frozenset[Color]) -> AdditionalCost | None:
    """"Conspire": an optional additional cost of two creatures tapped that share a colour with the spell, or None.

    "As an additional cost to cast this spell, you may tap two untapped creatures you control that each share a
    color with it" (CR 702.78a). "It" is the spell, whose colours are its card's (CR 105.2, 202.2): the creatures
    tapped each have one of them, so a colourless spell's conspire cost can't be paid. The two creatures are a
    choice of the cast (CR 601.2h); the copy the cost's trigger makes, and its targets, are chosen as it
    resolves (CR 702.78a, 707.10c), not while casting.

    Parameters
    ----------
    tree : lark.Tree
        A ``cast_keyword`` tree.
    colors : frozenset of Color
        The card's colours.

    Returns
    -------
    AdditionalCost or None
        Keyword ``"conspire"``, optional, paid at most once (each instance is paid separately, CR 702.78b: a card
        prints one); None for another keyword, or words after "conspire".
    """
    if [str(t).lower() for t in tree.children if isinstance(t, Token)] != ["conspire"]:
        return None
    ordered = sorted(colors, key=lambda c: "WUBRG".index(c.letter))
    shares = ObjectFilter((frozenset(Quality("color", c) for c in ordered),), "that share a color with it")
    text = "tap two untapped creatures you control that share a color with it"
    tapped = ObjectCost(CostAction.TAP, 2, frozenset({TargetKind.CREATURE}), shares, text=text)
    return AdditionalCost(Cost(objects=(tapped,), text="Conspire"), "conspire", optional=True, rule="CR 702.78a")


def bestow_cost(tree: Tree, line: str) -> Cost | None:
    """"Bestow {3}{G}{G}": the cost of casting the card bestowed (CR 702.103a), or None for another line."""
    token = first_token(tree)
    if str(token).lower() != "bestow":
        return None
    found = re.fullmatch(r"bestow(?: |—)(?P<cost>[^.(]+?)\.?", line[token.start_pos:].lower().strip())
    if found is None:
        return None
    cost = cost_of_parts(found["cost"].strip())
    return None if isinstance(cost, str) else dataclasses.replace(cost, text=line[token.start_pos:].strip())


_AFFINITY = re.compile(r"affinity for (?P<what>[a-z][a-z -]*[a-z])")


def read_affinity(line: str) -> CostModifier | None:
    """"Affinity for artifacts": "This spell costs {1} less to cast for each artifact you control" (CR 702.41a).

    What is counted is read as the own cost change's "for each … you control" is, in the singular ("Affinity
    for Swamps": each Swamp; "Affinity for Allies": each Ally); None when it is not read. Several instances
    each apply (CR 702.41b).
    """
    found = _AFFINITY.fullmatch(line.strip().lower())
    if found is None:
        return None
    what = found["what"]
    plural_y = (what[:-3] + "y",) if what.endswith("ies") else ()  # "Affinity for Allies": each Ally
    for singular in dict.fromkeys(plural_y + (what.removesuffix("s"), what)):
        try:
            counted = read_counted(f"{singular} you control")
        except UnreadText:
            counted = None
        if counted is not None:
            return CostModifier(-1, line.strip(), own=True, per=counted)
    return None


def sacrifice_keyword(tree: Tree, line: str) -> AdditionalCost | None:
    """Bargain or "Casualty N": an optional additional cost of one permanent sacrificed, or None.

    Bargain: "you may sacrifice an artifact, enchantment, or token" (CR 702.166a); casualty N: "you may
    sacrifice a creature with power N or greater" (CR 702.153a). The copy casualty makes is chosen later.
    """
    words = [str(t).lower() for t in tree.children if isinstance(t, Token)]
    if words == ["bargain"]:
        either = frozenset({Quality("type", CardType.ARTIFACT), Quality("type", CardType.ENCHANTMENT),
                            Quality("token")})
        cost = ObjectCost(CostAction.SACRIFICE, 1, qualities=ObjectFilter((either,), "artifact, enchantment, or token"),
                          text="sacrifice an artifact, enchantment, or token")
        return AdditionalCost(Cost(objects=(cost,), text=line), "bargain", optional=True, rule="CR 702.166a")
    if len(words) == 2 and words[0] == "casualty" and words[1].isdigit():
        power = ObjectFilter((frozenset({Quality("power", int(words[1]), comparison=">=")}),),
                             f"with power {words[1]} or greater")
        cost = ObjectCost(CostAction.SACRIFICE, 1, frozenset({TargetKind.CREATURE}), power,
                          text=f"sacrifice a creature with power {words[1]} or greater")
        return AdditionalCost(Cost(objects=(cost,), text=line), "casualty", optional=True, rule="CR 702.153a")
    return None


_EMERGE = re.compile(r"emerge(?: from (?P<kind>artifact|creature|enchantment|land|planeswalker))? "
                     r"(?P<cost>(?:\{[^{}\s]+\})+)")


def read_emerge(line: str) -> tuple[AlternativeCost, CostModifier] | None:
    """"Emerge {5}{U}{U}", "Emerge from artifact {5}{B}{B}": the alternative cost and its reduction, or None.

    "You may cast this spell by paying [cost] and sacrificing a creature [a permanent of that type] rather than
    paying its mana cost", and "its total cost is reduced by an amount of generic mana equal to the sacrificed
    creature's mana value" (CR 702.119a-b). The permanent sacrificed is a choice of the cast (CR 702.119c).
    """
    found = _EMERGE.fullmatch(line.strip().rstrip(".").lower())
    if found is None:
        return None
    mana = ManaCost.parse(found["cost"].upper(), path="oracle_text")
    if mana.has_x:
        return None
    kind = TargetKind(found["kind"] or "creature")
    what = f"a {kind.value}" if found["kind"] is None else f"an {kind.value}" if kind.value[0] in "aeiou" \
        else f"a {kind.value}"
    sacrificed = ObjectCost(CostAction.SACRIFICE, 1, frozenset({kind}), text=f"sacrifice {what} (emerge)")
    cost = AlternativeCost("emerge", Cost(mana, objects=(sacrificed,), text=line), "CR 702.119a")
    reduction = CostModifier(-1, text="reduced by the sacrificed permanent's mana value", own=True,
                             per_object_of=sacrificed, per_value="mana value")
    return cost, reduction


_CYCLING_LINE = re.compile(r"(?:[a-z]+ )*[a-z]*cycling (?:\{[^{}]+\})+(?:, [a-z]*cycling (?:\{[^{}]+\})+)*"
                           r"|(?:[a-z]+ )*[a-z]*cycling—[^.]+\.?")
"""A cycling keyword line: "Cycling {2}", "Cycling—Pay 2 life.", "Basic landcycling {1}", "Artifact landcycling {2}",
"Swampcycling {2}, mountaincycling {2}" (CR 702.29a, 702.29e); never a line about cycling ("Cycling abilities you
activate cost {2} less")."""


def cycling_keywords(card: Card) -> frozenset[str]:
    """``{"cycling"}`` when a line of the card is a cycling or typecycling keyword, whatever else reads it.

    "Any effect that looks for a card with cycling will find a card with typecycling" (CR 702.29f): "target cards
    with cycling" asks this of the cards in a graveyard.
    """
    if "cycling" not in card.oracle_text.lower():
        return frozenset()
    lines = [line.lower() for line in prepare_lines(card)]
    return frozenset({"cycling"}) if any(_CYCLING_LINE.fullmatch(line) for line in lines) else frozenset()
