"""Lines that print a cost of the spell: additional costs (CR 118.8) and alternative costs (CR 118.9).

"As an additional cost to cast this spell, …", "You may … rather than pay this spell's mana cost.", and the
lines that pair a cost with the reduction it gives.
"""

from __future__ import annotations

import dataclasses
import re

from lark import Token, Tree

from models.abilities import (
    AdditionalCost,
    AlternativeCost,
    Requirement,
    Cost,
    CostModifier,
    ObjectCost,
    ObjectFilter,
    Quality,
    TargetKind,
    UnsupportedText,
)
from models.choices import CostAction
from models.mana import ManaCost
from models.objects import Zone

from models.oracle.conditions import COMMANDER_CONTROLLED, alternative_condition
from models.oracle.costs import cost_of_parts, object_cost, without_either_nouns
from models.oracle.qualities import card_type_filter
from models.oracle.unread import UnreadText
from models.oracle.words import CARD_TYPE_WORDS, COLOR_WORDS, NUMBER_WORDS, SUBTYPE_BY_WORD

from models.oracle.reading import CardReading

__all__ = [
    "rather_than_pay",
    "read_cost_then_change",
    "COMMANDER_FREE_CAST",
    "additional_cost_choice",
    "read_waterbend",
    "printed_additional_cost",
    "x_objects_additional_cost",
    "additional_object_cost",
    "read_cost_then_change_line",
    "read_commander_free_cast_line",
    "read_additional_cost_line",
    "read_alternative_cost_line",
    "read_x_objects_line",
    "read_additional_choice_line",
    "read_waterbend_line",
    "read_printed_additional_line",
]


_RATHER_THAN_PAY = re.compile(
    r"(?:if (?P<condition>[^,]+), )?(?:you may (?P<cost>[^.]+) rather than pay (?:this spell's|~'s) mana cost"
    r"|rather than pay (?:this spell's|~'s) mana cost, you may (?P<cost_after>[^.]+?))"
    r"(?: if (?P<condition_after>[^,.]+))?\."
)


_NO_CHOICE_COST = re.compile(r"have (?:an opponent|each other player|each opponent) gain \d+ life|reveal your hand")


def rather_than_pay(original: str) -> AlternativeCost | UnsupportedText:
    """A printed alternative cost, "you may … rather than pay this spell's mana cost" (CR 118.9).

    Its parts, joined by "and", are mana ("pay {1}{U}"), life ("pay 1 life", CR 119.4), cards exiled from the
    hand ("exile a blue card from your hand"), a card of a subtype discarded, or objects sacrificed, tapped or
    returned (as in other costs); its condition, if any, is "if you control a [subtype]". Anything else is
    reported.
    """
    line = original.lower()
    found = _RATHER_THAN_PAY.fullmatch(line)
    if found is None or (found["condition"] and found["condition_after"]):
        return UnsupportedText(original, "an alternative cost whose condition or cost is not read")
    requires: tuple[Requirement, ...] = ()
    condition = found["condition"] or found["condition_after"]
    if condition:
        requirement = alternative_condition(condition)
        if requirement is None:
            return UnsupportedText(original, "an alternative cost whose condition is not read")
        requires = (requirement,)
    group = "cost" if found["cost"] else "cost_after"
    if _NO_CHOICE_COST.fullmatch(found[group]):  # "have an opponent gain 3 life": nothing chosen, always paid
        cost: Cost | str = Cost(text=found[group])
    else:
        cost = cost_of_parts(found[group])
    if isinstance(cost, str):
        return UnsupportedText(original, f"alternative cost {cost!r} not modelled")
    printed = original[found.start(group) : found.end(group)]  # its name, as printed: "pay {2}{R}{R}"
    if printed.lower() != found[group]:
        printed = found[group]
    return AlternativeCost(printed, dataclasses.replace(cost, text=printed), "CR 118.9", requires=requires)


_COST_THEN_CHANGE = re.compile(
    r"(?P<cost>as an additional cost to cast (?:this spell|~), [^.]+\.) "
    r"(?:this spell|~) costs \{(?P<amount>\d+)\} less to cast (?:for each (?P<each>card "
    r"exiled|creature tapped) this way|if (?P<paid>evidence was collected))\."
)


_ANY_NUMBER_FROM_HAND = re.compile(
    r"as an additional cost to cast (?:this spell|~), you may exile any number of "
    r"(?P<colour>white|blue|black|red|green) cards from your hand\."
)


def read_cost_then_change(line: str, original: str) -> tuple[AdditionalCost, CostModifier] | None:
    """An additional cost and the reduction it gives, one line (CR 118.8, 601.2b, 601.2f), or None.

    "As an additional cost to cast this spell, you may exile any number of white cards from your hand. This spell
    costs {2} less to cast for each card exiled this way." (the March cycle): the cards exiled are a choice of
    the cast, and the reduction counts them. "… you may tap any number of untapped creatures you control. This
    spell costs {1} less to cast for each creature tapped this way." "… you may collect evidence 6. This spell
    costs {2} less to cast if evidence was collected." (the reduction asks whether the cost is paid, CR
    701.59c).

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    (AdditionalCost, CostModifier) or None
        None when the line is not one of these, or its cost is not read.
    """
    found = _COST_THEN_CHANGE.fullmatch(line)
    if found is None:
        return None
    printed = original[: found.end("cost")]
    amount = -int(found["amount"])
    if (exiled := _ANY_NUMBER_FROM_HAND.fullmatch(found["cost"])) is not None:
        colour = exiled["colour"]
        of_colour = ObjectFilter((frozenset({Quality("color", COLOR_WORDS[colour])}),), colour)
        paid = ObjectCost(
            CostAction.EXILE,
            None,
            qualities=of_colour,
            zone=Zone.HAND,
            text=f"exile any number of {colour} cards from your hand",
        )
        additional = AdditionalCost(Cost(objects=(paid,), text=printed))  # none included (CR 601.2b)
    elif found["cost"].endswith(", you may tap any number of untapped creatures you control."):
        paid = ObjectCost(
            CostAction.TAP,
            None,
            kinds=frozenset({TargetKind.CREATURE}),
            zone=Zone.BATTLEFIELD,
            text="tap any number of untapped creatures you control",
        )  # untapped: CR 107.5
        additional = AdditionalCost(Cost(objects=(paid,), text=printed))
    else:
        read = printed_additional_cost(found["cost"], printed)
        if read is None or len(read.cost.objects) != 1 or read.cost.mana.symbols:
            return None
        additional, paid = read, read.cost.objects[0]
    if found["paid"]:  # "if evidence was collected": the optional cost is paid (CR 701.59c)
        if additional.keyword != "collect evidence" or not additional.optional:
            return None
        return additional, CostModifier(amount, original, own=True, if_paid="collect evidence")
    wanted = (CostAction.EXILE, Zone.HAND) if found["each"] == "card exiled" else (CostAction.TAP, Zone.BATTLEFIELD)
    if (paid.action, paid.zone) != wanted or paid.count is not None or additional.optional:
        return None  # "any number of": none included, so the cost itself is always paid
    if wanted[0] is CostAction.TAP and paid.kinds != frozenset({TargetKind.CREATURE}):
        return None
    return additional, CostModifier(amount, original, own=True, per_object_of=paid)


COMMANDER_FREE_CAST = re.compile(
    r"if you control a commander, you may cast (?:this spell|~) without paying its mana "
    r"cost\."
)
"""An alternative cost on controlling a commander (CR 903.3d, 118.9): :func:`read_commander_free_cast_line`."""


_ADDITIONAL = re.compile(r"as an additional cost to cast (?:this spell|~), (?P<optional>you may )?(?P<cost>[^.]+)\.")


_ADDITIONAL_CHOICE = re.compile(
    r"as an additional cost to cast (?:this spell|~), (?P<first>[^.]+?) or "
    r"(?P<second>(?:discard|sacrifice|pay|exile|tap|return)\b[^.]+)\."
)


def additional_cost_choice(line: str, original: str) -> tuple[AdditionalCost, AdditionalCost] | None:
    """A choice between two additional costs, "discard a card or pay {5}" (CR 601.2b, 118.8), or None.

    Both are read as costs, each optional, with the line as their ``one_of``: exactly one is paid.
    """
    found = _ADDITIONAL_CHOICE.fullmatch(line)
    if found is None:
        return None
    costs = [cost_of_parts(found[part]) for part in ("first", "second")]
    if any(isinstance(cost, str) for cost in costs) or any(
        c.mana.has_x or c.life_x for c in costs if isinstance(c, Cost)
    ):
        return None
    first, second = (
        dataclasses.replace(c, text=found[part]) for c, part in zip(costs, ("first", "second")) if isinstance(c, Cost)
    )
    if first.text == second.text:
        return None
    return (
        AdditionalCost(first, optional=True, one_of=original),
        AdditionalCost(second, optional=True, one_of=original),
    )


_BEHOLD_SPELLED_OUT = re.compile(
    r"reveal an? (?P<revealed>[a-z]+(?: [a-z]+)?) card from your hand or choose an? (?P<chosen>[a-z]+(?: [a-z]+)?) "
    r"you control|choose an? (?P<chosen_first>[a-z]+(?: [a-z]+)?) you control or reveal an? "
    r"(?P<revealed_second>[a-z]+(?: [a-z]+)?) card from your hand"
)
"""Behold's own words (CR 701.4a): "reveal a Dragon card from your hand or choose a Dragon you control", either
order."""


def _behold_words(found: re.Match[str]) -> str:
    """ "behold a [quality]" for its spelled-out words when both name the same quality (CR 701.4a), else as is."""
    revealed = found["revealed"] or found["revealed_second"]
    chosen = found["chosen"] or found["chosen_first"]
    return f"behold a {revealed}" if revealed == chosen else found.group()


_WATERBEND = re.compile(
    r"as an additional cost to cast (?:this spell|~), (?P<optional>you may )?waterbend "
    r"\{(?P<amount>\d+|x)\}\."
)


def read_waterbend(line: str, original: str) -> tuple[AdditionalCost, CostModifier] | None:
    """An additional cost "waterbend {N}", and the {1} each artifact or creature tapped for it takes off, or None.

    "Waterbend [cost]" means "Pay [cost]. For each generic mana in that cost, you may tap an untapped artifact or
    creature you control rather than pay that mana." (CR 701.67a); only the waterbend cost's generic mana is paid
    so (CR 701.67b). The permanents tapped are a choice of the cast, as convoke's are. "waterbend {X}" on a card
    with no {X} in its mana cost: X is announced with the cost (CR 601.2b, 107.3a); read when the cost must be
    paid ("you may waterbend {X}" is not).

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    (AdditionalCost, CostModifier) or None
        The cost ({N}, with the permanents tapped), optional with "you may"; the reduction per permanent.
    """
    found = _WATERBEND.fullmatch(line)
    if found is None or (found["amount"] == "x" and found["optional"]):
        return None
    tapped = ObjectCost(
        CostAction.TAP,
        None,
        frozenset({TargetKind.ARTIFACT, TargetKind.CREATURE}),
        waterbend=True,
        text="tap untapped artifacts and creatures you control (waterbend)",
    )
    cost = Cost(ManaCost.parse(f"{{{found['amount'].upper()}}}", path="oracle_text"), objects=(tapped,), text=original)
    additional = AdditionalCost(cost, "waterbend", optional=bool(found["optional"]), rule="CR 701.67a")
    return additional, CostModifier(
        -1, "each artifact or creature tapped pays for {1} (waterbend)", own=True, per_object_of=tapped
    )


def printed_additional_cost(line: str, original: str) -> AdditionalCost | None:
    """An additional cost printed "As an additional cost to cast this spell, …" (CR 118.8), or None.

    None when the cost has a choice ("discard a card or pay {5}"), an X, or a part not read: the line is then
    read as before, and reported.
    """
    found = _ADDITIONAL.fullmatch(line)
    if found is None:
        return None
    if found["optional"] and (
        repeated := re.fullmatch(r"pay ((?:\{[0-9wubrgc]\})+) any number of times", found["cost"])
    ):
        # "you may pay {1}{G} any number of times": announced as the spell is cast, each time paid in full
        # (CR 601.2b, 601.2f), as multikicker is (CR 702.33c)
        mana = ManaCost.parse(repeated.group(1).upper(), path="oracle_text")
        return AdditionalCost(Cost(mana, text=original), "optional additional cost", optional=True, most_times=None)
    words = _BEHOLD_SPELLED_OUT.sub(_behold_words, found["cost"])
    if re.search(r"\bor\b(?! greater\b| less\b)|\bx\b", without_either_nouns(words)):  # "4 or greater": no choice
        return None
    cost = cost_of_parts(words)
    if isinstance(cost, str):
        return None
    optional = bool(found["optional"])
    if any(part.least_total_mana_value is not None for part in cost.objects):
        # "you may collect evidence 6": the keyword action names the cost, which "if evidence was collected" asks
        # paid (CR 701.59a, 701.59c)
        return AdditionalCost(
            dataclasses.replace(cost, text=original), "collect evidence", optional=optional, rule="CR 701.59a"
        )
    return AdditionalCost(
        dataclasses.replace(cost, text=original), "optional additional cost" if optional else None, optional=optional
    )


_X_OBJECTS = re.compile(
    r"as an additional cost to cast (?:this spell|~), (?P<action>discard|sacrifice|exile) x "
    r"(?P<what>[^.]+)\."
)


def x_objects_additional_cost(line: str, original: str) -> AdditionalCost | None:
    """A mandatory additional cost of X objects, X the spell's X (CR 118.8, 107.3a, 601.2b), or None.

    "discard X cards", "discard X creature cards", "sacrifice X creatures", "exile X creature cards from
    your graveyard": the cost asks for exactly X objects, where X is the value of {X} in the mana cost
    (Aether Tide) or, with none there, a number the caster announces (Nahiri's Wrath), as X targets or
    X damage of the spell's text then use (CR 107.3a, 107.3i). The objects are a distinguishing choice
    (CR 601.2h). None for anything else, at random ("discard X cards at random": not the caster's
    choice, CR 701.9b) included: the line is then reported.
    """
    found = _X_OBJECTS.fullmatch(line)
    if found is None:
        return None
    action, what = found["action"], found["what"]
    if action == "discard":
        noun = re.fullmatch(r"(?:(?P<kind>[a-z]+) )?cards", what)
        if noun is None:
            return None
        kind = noun["kind"]
        if kind is None:
            qualities = None
        elif kind in CARD_TYPE_WORDS:
            qualities = card_type_filter(kind)
        elif kind in SUBTYPE_BY_WORD:
            qualities = ObjectFilter((frozenset({Quality("subtype", SUBTYPE_BY_WORD[kind])}),), kind)
        else:
            return None
        cost: ObjectCost | None = ObjectCost(CostAction.DISCARD, None, qualities=qualities, zone=Zone.HAND)
    else:
        try:  # read as "two" of them, then made X of them
            cost = object_cost(f"{action} two {what}")
        except UnreadText:
            cost = None
    if cost is None:
        return None
    text = line[found.start("action") :].rstrip(".")
    cost = dataclasses.replace(cost, count=None, x_count=True, text=text)
    return AdditionalCost(Cost(objects=(cost,), text=original))


def additional_object_cost(tree: Tree[Token], line: str) -> ObjectCost:
    """The objects of an additional cost line (CR 118.8, 601.2h, 701.21).

    "As an additional cost to cast this spell, discard a card / sacrifice a
    creature / exile a creature card from your graveyard."
    """
    amount = next(c for c in tree.children if isinstance(c, Tree))
    text = re.sub(r"^as an additional cost to cast (this spell|~), ", "", line).rstrip(".")
    if amount.data.startswith("exile"):
        tokens = [t for t in amount.children if isinstance(t, Token)]
        noun = str(tokens[-1]).split()
        count = 1 if amount.data == "exile_one" else NUMBER_WORDS[str(tokens[0])]
        qualities = card_type_filter(noun[0]) if len(noun) == 2 else None
        return ObjectCost(CostAction.EXILE, count, qualities=qualities, zone=Zone.GRAVEYARD, text=text)
    if amount.data.startswith("discard"):
        count = 1 if amount.data == "discard_one" else NUMBER_WORDS[str(amount.children[0])]
        noun = str(amount.children[-1]).split() if amount.data == "discard_one" else ["card"]
        # "discard a land card": a card of that type (CR 118.8)
        qualities = card_type_filter(noun[0]) if len(noun) == 2 else None
        return ObjectCost(CostAction.DISCARD, count, qualities=qualities, zone=Zone.HAND, text=text)
    tokens = [t for t in amount.children if isinstance(t, Token)]
    nouns = [str(t).removesuffix("s") for t in tokens if t.type == "PERMANENT_NOUN"]
    count = 1 if amount.data == "sacrifice_one" else NUMBER_WORDS[str(tokens[0])]
    # "sacrifice a creature", "a creature or land" (either), "a creature or permanent" (any permanent)
    kinds = frozenset() if "permanent" in nouns else frozenset(TargetKind(noun) for noun in nouns)
    return ObjectCost(CostAction.SACRIFICE, count, kinds, text=text)


def read_cost_then_change_line(reading: CardReading, line: str, original: str) -> bool:
    """An additional cost and the reduction it gives, one line (:func:`read_cost_then_change`)."""
    if (cost_then_change := read_cost_then_change(line, original)) is None:
        return False
    reading.additional.append(cost_then_change[0])
    reading.cost_modifiers.append(cost_then_change[1])
    return True


def read_commander_free_cast_line(reading: CardReading, line: str, original: str) -> bool:
    """ "If you control a commander, you may cast this spell without paying its mana cost." (CR 903.3d, 118.9).

    An alternative cost: the mana cost is not paid, when the caster controls a permanent that is a commander.
    """
    if not COMMANDER_FREE_CAST.fullmatch(line):
        return False
    reading.alternative.append(
        AlternativeCost(
            "without paying its mana cost", Cost(text=original), "CR 118.9", requires=(COMMANDER_CONTROLLED,)
        )
    )
    return True


def read_additional_cost_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "As an additional cost to cast this spell, discard a card." and its kin, read by the grammar (CR 118.8).

    "… you may sacrifice any number of Spirits.", "… sacrifice all creatures you control.": any number of them,
    none included, or all of them (CR 601.2h); "… pay X life." (CR 119.4); "… exile X cards from your
    graveyard." (X the spell's X, CR 107.3a, 601.2b).
    """
    if tree.data != "any_number_cost_line":
        reading.additional.append(AdditionalCost(Cost(objects=(additional_object_cost(tree, line),), text=original)))
        return
    text = str(tree.children[-1]).removeprefix("you may ")
    if text == "pay x life.":
        reading.additional.append(AdditionalCost(Cost(life_x=True, text=original)))  # CR 119.4
        return
    if text == "exile x cards from your graveyard.":
        cost = ObjectCost(CostAction.EXILE, None, zone=Zone.GRAVEYARD, x_count=True, text=text)
        reading.additional.append(AdditionalCost(Cost(objects=(cost,), text=original)))
        return
    every = text.startswith("sacrifice all ")
    read = object_cost(re.sub(r"any number of |all ", "a ", text, count=1))
    if read is None or read.count != 1:
        reading.unsupported.append(UnsupportedText(original, f"additional cost {text!r} not modelled"))
    else:
        cost = dataclasses.replace(read, count=0 if every else None, text=text)
        reading.additional.append(AdditionalCost(Cost(objects=(cost,), text=original)))


def read_alternative_cost_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "You may … rather than pay this spell's mana cost." (:func:`rather_than_pay`); the Shoals' (CR 118.9).

    "You may exile a red card with mana value X from your hand rather than pay this spell's mana cost.": a card
    of that colour exiled, its mana value the X.
    """
    if tree.data == "rather_than_pay_line":
        printed = rather_than_pay(original)
        if isinstance(printed, UnsupportedText):
            reading.unsupported.append(printed)
        else:
            reading.alternative.append(printed)
        return
    colour = str(tree.children[0]).split()[4]  # "you may exile a <colour> card ..."
    # "exile a red card with mana value X from your hand", as printed
    text = re.sub(r"^you may | rather than pay .*$", "", original, flags=re.IGNORECASE)
    of_colour = ObjectFilter((frozenset({Quality("color", COLOR_WORDS[colour])}),), colour)
    exiled = ObjectCost(CostAction.EXILE, 1, qualities=of_colour, zone=Zone.HAND, mana_value_is_x=True, text=text)
    reading.alternative.append(AlternativeCost(text, Cost(objects=(exiled,), text=text), "CR 118.9"))


def read_x_objects_line(reading: CardReading, line: str, original: str) -> bool:
    """ "As an additional cost to cast this spell, discard X cards." (:func:`x_objects_additional_cost`)."""
    if (x_objects := x_objects_additional_cost(line, original)) is None:
        return False
    reading.additional.append(x_objects)
    return True


def read_additional_choice_line(reading: CardReading, line: str, original: str) -> bool:
    """ "…, discard a card or pay {5}." (:func:`additional_cost_choice`, CR 601.2b)."""
    if (choice := additional_cost_choice(line, original)) is None:
        return False
    reading.additional.extend(choice)
    return True


def read_waterbend_line(reading: CardReading, line: str, original: str) -> bool:
    """ "…, you may waterbend {6}." (:func:`read_waterbend`, CR 701.67a)."""
    if (waterbend := read_waterbend(line, original)) is None:
        return False
    reading.additional.append(waterbend[0])
    reading.cost_modifiers.append(waterbend[1])
    return True


def read_printed_additional_line(reading: CardReading, line: str, original: str) -> bool:
    """ "As an additional cost to cast this spell, sacrifice a Goblin." (:func:`printed_additional_cost`, CR 118.8)."""
    if (extra := printed_additional_cost(line, original)) is None:
        return False
    reading.additional.append(extra)
    return True
