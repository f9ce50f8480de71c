"""Keywords that are costs or change the cost: each keyword's reader of its cost (CR 702, 118.8, 118.9).

Each reader makes the record of one keyword: an :class:`~models.abilities.AdditionalCost`, an
:class:`~models.abilities.AlternativeCost` or a :class:`~models.abilities.CostModifier`.
"""

from __future__ import annotations

import dataclasses
import re

from lark import Token, Tree

from models.abilities import (
    AdditionalCost,
    AlternativeCost,
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
from models.objects import Card, CardType

from models.oracle.costs import cost_of_parts, object_cost
from models.oracle.grammar import first_token, mana_cost_of
from models.oracle.reading import CardReading, Keyword
from models.oracle.targets import read_counted
from models.oracle.unread import UnreadText
from models.oracle.words import CREATURE_TYPE_WORDS, prepare_lines

__all__ = [
    "read_cost_of_parts_line",
    "read_optional_cost_line",
    "read_keyword_cost",
    "read_kicker_line",
    "teamwork_cost",
    "sneak_cost",
    "SNEAK_WINDOW",
    "read_teamwork_line",
    "read_sneak_line",
    "read_turn_alternative",
    "read_combat_damage_alternative",
    "RETURN_TAPPED_CREATURE",
    "read_cast_keyword_cost",
    "strive_modifier",
    "gift_cost",
    "conspire_cost",
    "bestow_cost",
    "affinity_modifier",
    "sacrifice_keyword",
    "emerge_costs",
    "cycling_keywords",
]


_GRAVEYARD_KEYWORD = re.compile(r"(?P<keyword>flashback|escape)(?:—| (?=\{))(?P<cost>[^.]+)\.?")


def read_cost_of_parts_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """Flashback or escape with a cost of several parts (CR 702.34a, 702.138a); False when not read so.

    "Escape—{3}{B}{B}, Exile four other cards from your graveyard.": the card is cast from its owner's
    graveyard for that cost rather than its mana cost (the keyword's record, :attr:`Keyword.cost`).
    """
    found = _GRAVEYARD_KEYWORD.fullmatch(line)
    if found is None or keyword.cost is None:
        return False
    # "Flashback—{R}{R}, Discard X cards.": X announced with the cost (CR 107.3a)
    cost = cost_of_parts(found["cost"], x_objects=found["keyword"] == "flashback")
    if isinstance(cost, str):
        return False
    reading.add_cost(keyword.cost(dataclasses.replace(cost, text=original)))
    return True


_OPTIONAL_KEYWORD = re.compile(r"(?P<keyword>kicker|buyback|replicate)—(?P<cost>[^.]+)\.?")


def read_optional_cost_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """Kicker, buyback or replicate paid with more than mana (CR 702.33a, 702.27a, 702.56a); False when not read.

    "Kicker—Sacrifice a creature.", "Buyback—Pay 3 life.": an optional additional cost of those parts, the
    same record as "Kicker {2}".
    """
    found = _OPTIONAL_KEYWORD.fullmatch(line)
    if found is None or keyword.cost is None:
        return False
    cost = cost_of_parts(found["cost"])
    if isinstance(cost, str):
        return False
    reading.add_cost(keyword.cost(dataclasses.replace(cost, text=original)))
    return True


def read_keyword_cost(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """A keyword and its cost: "Kicker {2}{R}" (the grammar's ``cost_keyword``), "Buyback—Pay 3 life." (CR 118.8-9).

    The keyword's record (:attr:`Keyword.cost`) says what kind of cost it is and the rule that defines it.
    """
    if keyword.cost is None:
        return False
    if tree.data == "cost_keyword":
        reading.add_cost(keyword.cost(Cost(mana_cost_of(tree.children[1]), text=line)))
        return True
    return read_optional_cost_line(keyword, reading, line.strip().lower(), line.strip())


_TWO_KICKERS = re.compile(r"kicker (?P<first>(?:\{[^}]+\})+) and/or (?P<second>(?:\{[^}]+\})+)")


def read_kicker_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Kicker {1}{B} and/or {R}" (two kicker costs, CR 702.33b) or "Kicker—Sacrifice a creature."; else False.

    Each of two kicker costs is named by its cost, ``"kicker {1}{B}"`` and ``"kicker {R}"``, as the text linked to
    it names it ("if it was kicked with its {1}{B} kicker", CR 702.33f); text that asks only "if it was kicked"
    is linked to either, and the cast rules report it rather than read it.
    """
    found = _TWO_KICKERS.fullmatch(line)
    if found is None:
        return read_optional_cost_line(keyword, reading, line, original)
    costs = []
    for part in ("first", "second"):
        mana = ManaCost.parse(found[part], path="oracle_text")
        if mana.has_x:
            return read_optional_cost_line(keyword, reading, line, original)
        costs.append(AdditionalCost(Cost(mana, text=original), f"kicker {mana}", optional=True, rule="CR 702.33b"))
    reading.additional.extend(costs)
    return True


_TEAMWORK = re.compile(r"teamwork (?P<total>\d+)")


def teamwork_cost(total: int, line: str) -> AdditionalCost:
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
    tapped = ObjectCost(
        CostAction.TAP,
        None,
        frozenset({TargetKind.CREATURE}),
        least_total_power=total,
        text=f"tap any number of creatures you control with total power {total} or more",
    )
    return AdditionalCost(Cost(objects=(tapped,), text=line), "teamwork", optional=True, rule="CR 118.8")


_SNEAK = re.compile(r"sneak (?P<cost>(?:\{[0-9wubrgc]+\})+)")


SNEAK_WINDOW = TurnRequirement(
    "unblocked attacker you control", "you control an unblocked attacking creature, during the declare blockers step"
)


def sneak_cost(mana: str, line: str) -> AlternativeCost:
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
        Keyword ``"sneak"``, requiring :data:`SNEAK_WINDOW`.
    """
    returned = object_cost("return an attacking creature you control to its owner's hand")
    assert returned is not None  # the words are read by object_cost
    cost = Cost(ManaCost.parse(mana.upper(), path="oracle_text"), objects=(returned,), text=line)
    return AlternativeCost("sneak", cost, "CR 118.9", requires=(SNEAK_WINDOW,))


def read_teamwork_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Teamwork 2": its additional cost (:func:`teamwork_cost`); False for another line."""
    found = _TEAMWORK.fullmatch(line)
    if found is None:
        return False
    reading.additional.append(teamwork_cost(int(found["total"]), original))
    return True


def read_sneak_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Sneak {1}{W}": its alternative cost (:func:`sneak_cost`); False for another line."""
    found = _SNEAK.fullmatch(line)
    if found is None:
        return False
    reading.alternative.append(sneak_cost(found["cost"], original))
    return True


def read_turn_alternative(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Spectacle or surge with a mana cost: an alternative cost payable when this turn's facts say so; else False.

    Spectacle: if an opponent lost life this turn (CR 702.137a); surge: if the caster has cast another spell
    this turn (CR 702.117a, teammates aside). The requirement is in the keyword's record.
    """
    tokens = [t for t in tree.children if isinstance(t, Token)]
    if keyword.cost is None or len(tokens) < 2 or any(t.type != "MANA_SYMBOL" for t in tokens[1:]):
        return False
    cost = ManaCost.parse("".join(str(t) for t in tokens[1:]), path="oracle_text")
    reading.add_cost(keyword.cost(Cost(cost, text=line)))
    return True


def read_combat_damage_alternative(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Prowl or freerunning with its cost: an alternative cost payable after combat damage to a player, or None.

    "Prowl {1}{B}": the cost may be paid rather than the mana cost "if a player was dealt combat damage this turn
    by a source that, at the time it dealt that damage, was under your control and had any of this spell's
    creature types" (CR 702.76a). "Freerunning {1}{B}", "Freerunning—Return a blue creature you control to its
    owner's hand.": likewise, by "an Assassin creature or a commander under your control" (CR 702.173a). The cost
    is mana (X included: "Freerunning {X}{R}", X announced only for that cost, CR 107.3, 601.2b) or parts read as
    other costs are.

    The card's creature types (its subtypes, ``reading.subtypes``) are prowl's (a Kindred card's, CR 205.3m,
    308.3). Adds keyword ``"prowl"`` or ``"freerunning"``, requiring a
    :class:`~models.abilities.CombatDamageRequirement`; False for a cost not read, or prowl on a card with no
    creature type, or granted keywords (no card).
    """
    if reading.subtypes is None:
        return False
    token = first_token(tree)
    name = keyword.name
    printed = line[token.start_pos :].strip()
    found = re.fullmatch(rf"{name}(?: (?=\{{)|—)(?P<cost>[^.(]+?)\.?", printed.lower())
    if found is None:
        return False
    mana_only = re.fullmatch(r"(?:\{[^{}]+\})+", found["cost"].strip())
    # "Freerunning {X}{R}": X announced with the cost (CR 107.3, 601.2b); other parts are read as other costs are
    cost = (
        Cost(ManaCost.parse(found["cost"].strip(), path="oracle_text"))
        if mana_only
        else cost_of_parts(found["cost"].strip())
    )
    if isinstance(cost, str):
        return False
    if name == "prowl":
        types = frozenset(t for t in reading.subtypes if t in CREATURE_TYPE_WORDS)
        if not types:
            return False
        names = " or ".join(sorted(types))
        requirement = CombatDamageRequirement(
            types, text=f"a player was dealt combat damage this turn by a {names} you controlled"
        )
    else:
        requirement = CombatDamageRequirement(
            frozenset({"Assassin"}),
            commander=True,
            text="a player was dealt combat damage this turn by an Assassin or a commander you controlled",
        )
    reading.alternative.append(
        AlternativeCost(name, dataclasses.replace(cost, text=printed), keyword.rule, requires=(requirement,))
    )
    return True


RETURN_TAPPED_CREATURE = ObjectCost(
    CostAction.RETURN,
    1,
    frozenset({TargetKind.CREATURE}),
    ObjectFilter((frozenset({Quality("tapped")}),), "tapped"),
    text="return a tapped creature you control to its owner's hand",
)
"""Web-slinging's object: the creature returned is a choice of the cast (CR 702.188a, 601.2h)."""


_CAST_KEYWORD_COST = re.compile(r"(?P<keyword>[a-z-]+)(?: (?P<number>\d+))?(?:—| )(?P<cost>[^.(]+?)\.?")


def read_cast_keyword_cost(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """A keyword with one cost paid as the card is cast from the hand, as its record; False when not read.

    "Evoke {2}{U}", "Evoke—Exile a white card from your hand.", "Impending 4—{2}{W}{W}", "Squad {2}": the cost
    is mana or parts read as other costs are; the keyword's record (:attr:`Keyword.cost`) says which kind of
    cost it is. What the keyword does once the spell resolves (sacrificed, returned, counters, tokens) does
    not bear on casting it. "Impending N" takes a number before its cost (CR 702.176a); no other keyword does.
    """
    token = first_token(tree)
    name = keyword.name
    found = _CAST_KEYWORD_COST.fullmatch(line[token.start_pos :].lower().strip())
    if (
        keyword.cost is None
        or found is None
        or found["keyword"] != name
        or bool(found["number"]) != (name == "impending")
    ):
        return False
    cost = cost_of_parts(found["cost"].strip())
    if isinstance(cost, str):
        return False
    reading.add_cost(keyword.cost(dataclasses.replace(cost, text=line[token.start_pos :].strip())))
    return True


_STRIVE = re.compile(
    r"(?:strive — )?this spell costs (?P<cost>(?:\{[^{}]+\})+) more to cast for each target beyond "
    r"the first\.?",
    re.IGNORECASE,
)


def strive_modifier(line: str) -> CostModifier | None:
    """ "Strive — This spell costs {2}{R} more to cast for each target beyond the first.", or None.

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


def gift_cost(tree: Tree[Token]) -> AdditionalCost | None:
    """ "Gift a card", "Gift a tapped Fish", "Gift an extra turn": the gift cost, or None for another keyword.

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
    if (
        len(words) < 3
        or words[0].lower() != "gift"
        or words[1].lower() not in ("a", "an")
        or not all(re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w) for w in words[2:])
    ):
        return None
    return AdditionalCost(Cost(text=" ".join(words)), "gift", optional=True, rule="CR 702.174a", chooses_opponent=True)


def conspire_cost(tree: Tree[Token], colors: frozenset[Color]) -> AdditionalCost | None:
    """ "Conspire": an optional additional cost of two creatures tapped that share a colour with the spell, or None.

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


def bestow_cost(tree: Tree[Token], line: str) -> Cost | None:
    """ "Bestow {3}{G}{G}": the cost of casting the card bestowed (CR 702.103a), or None for another line."""
    token = first_token(tree)
    if str(token).lower() != "bestow":
        return None
    found = re.fullmatch(r"bestow(?: |—)(?P<cost>[^.(]+?)\.?", line[token.start_pos :].lower().strip())
    if found is None:
        return None
    cost = cost_of_parts(found["cost"].strip())
    return None if isinstance(cost, str) else dataclasses.replace(cost, text=line[token.start_pos :].strip())


_AFFINITY = re.compile(r"affinity for (?P<what>[a-z][a-z -]*[a-z])")


def affinity_modifier(line: str) -> CostModifier | None:
    """ "Affinity for artifacts": "This spell costs {1} less to cast for each artifact you control" (CR 702.41a).

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


def sacrifice_keyword(tree: Tree[Token], line: str) -> AdditionalCost | None:
    """Bargain or "Casualty N": an optional additional cost of one permanent sacrificed, or None.

    Bargain: "you may sacrifice an artifact, enchantment, or token" (CR 702.166a); casualty N: "you may
    sacrifice a creature with power N or greater" (CR 702.153a). The copy casualty makes is chosen later.
    """
    words = [str(t).lower() for t in tree.children if isinstance(t, Token)]
    if words == ["bargain"]:
        either = frozenset(
            {Quality("type", CardType.ARTIFACT), Quality("type", CardType.ENCHANTMENT), Quality("token")}
        )
        cost = ObjectCost(
            CostAction.SACRIFICE,
            1,
            qualities=ObjectFilter((either,), "artifact, enchantment, or token"),
            text="sacrifice an artifact, enchantment, or token",
        )
        return AdditionalCost(Cost(objects=(cost,), text=line), "bargain", optional=True, rule="CR 702.166a")
    if len(words) == 2 and words[0] == "casualty" and words[1].isdigit():
        power = ObjectFilter(
            (frozenset({Quality("power", int(words[1]), comparison=">=")}),), f"with power {words[1]} or greater"
        )
        cost = ObjectCost(
            CostAction.SACRIFICE,
            1,
            frozenset({TargetKind.CREATURE}),
            power,
            text=f"sacrifice a creature with power {words[1]} or greater",
        )
        return AdditionalCost(Cost(objects=(cost,), text=line), "casualty", optional=True, rule="CR 702.153a")
    return None


_EMERGE = re.compile(
    r"emerge(?: from (?P<kind>artifact|creature|enchantment|land|planeswalker))? "
    r"(?P<cost>(?:\{[^{}\s]+\})+)"
)


def emerge_costs(line: str) -> tuple[AlternativeCost, CostModifier] | None:
    """ "Emerge {5}{U}{U}", "Emerge from artifact {5}{B}{B}": the alternative cost and its reduction, or None.

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
    what = (
        f"a {kind.value}"
        if found["kind"] is None
        else f"an {kind.value}"
        if kind.value[0] in "aeiou"
        else f"a {kind.value}"
    )
    sacrificed = ObjectCost(CostAction.SACRIFICE, 1, frozenset({kind}), text=f"sacrifice {what} (emerge)")
    cost = AlternativeCost("emerge", Cost(mana, objects=(sacrificed,), text=line), "CR 702.119a")
    reduction = CostModifier(
        -1,
        text="reduced by the sacrificed permanent's mana value",
        own=True,
        per_object_of=sacrificed,
        per_value="mana value",
    )
    return cost, reduction


_CYCLING_LINE = re.compile(
    r"(?:[a-z]+ )*[a-z]*cycling (?:\{[^{}]+\})+(?:, [a-z]*cycling (?:\{[^{}]+\})+)*"
    r"|(?:[a-z]+ )*[a-z]*cycling—[^.]+\.?"
)
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
