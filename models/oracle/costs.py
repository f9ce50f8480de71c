"""Parts of costs (CR 118): mana, life, and objects discarded, sacrificed, tapped, exiled, returned or revealed.

:func:`cost_of_parts` reads a cost written as parts joined by "and"; :func:`object_cost` one part paid with
objects.
"""

from __future__ import annotations

import dataclasses
import re


from models.abilities import (
    Cost,
    ObjectCost,
    RevealCost,
    ObjectFilter,
    Quality,
    TargetKind,
)
from models.choices import CostAction
from models.mana import ManaCost
from models.objects import CardType, Zone

from models.oracle.grammar import quality_patterns
from models.oracle.qualities import card_type_filter, either_card_filter, either_noun, qualified_kind, quality_of_word
from models.oracle.targets import PLAIN_TARGET, phrase_spec
from models.oracle.unread import UnreadText
from models.oracle.words import CARD_TYPE_WORDS, COLOR_WORDS, KIND_WORDS, NUMBER_WORDS, SUBTYPE_BY_WORD

__all__ = ["object_cost", "cost_of_parts", "without_either_nouns"]


_COST_ACTION = re.compile(
    r"(?P<action>sacrifice|tap|return|exile) (?P<count>a|an|one|two|three|four|five|six) (?P<untapped>untapped )?"
    r"(?P<noun>.+?)(?P<yours> you control)?(?P<graveyard> from your graveyard)?"
    r"(?P<hand> to (?:its owner's|their owner's|their owners') hand)?\.?"
)


def object_cost(text: str) -> ObjectCost | None:
    """A cost paid with objects, from its printed words, or None when it isn't one read here (CR 118, 601.2h).

    "sacrifice three lands", "sacrifice two mountains", "tap an untapped white creature you control",
    "return a blue creature you control to its owner's hand", "exile four cards from your graveyard".
    """
    found = _COST_ACTION.fullmatch(text.strip())
    if found is None:
        return None
    action, noun = CostAction(found["action"]), found["noun"]
    count = 1 if found["count"] in ("a", "an") else NUMBER_WORDS[found["count"]]
    exiling_permanent = action is CostAction.EXILE and found["yours"] and not (found["graveyard"] or found["hand"])
    if action is CostAction.EXILE and not exiling_permanent:
        if not found["graveyard"] or found["yours"] or found["hand"]:
            return None
        if noun in ("card", "cards", "other card", "other cards"):  # "other": the spell is on the stack (CR 601.2a)
            return ObjectCost(action, count, zone=Zone.GRAVEYARD, text=text)
        words = noun.removesuffix(" cards").removesuffix(" card")
        if words in ("creature", "artifact", "enchantment", "land", "instant", "sorcery"):
            return ObjectCost(action, count, qualities=card_type_filter(words), zone=Zone.GRAVEYARD, text=text)
        if (either := either_card_filter(words)) is not None:  # "an instant or sorcery card"
            return ObjectCost(action, count, qualities=either, zone=Zone.GRAVEYARD, text=text)
        if words in COLOR_WORDS:  # "exile X blue cards from your graveyard" (Flash of Insight, CR 105.2)
            of_colour = ObjectFilter((frozenset({Quality("color", COLOR_WORDS[words])}),), words)
            return ObjectCost(action, count, qualities=of_colour, zone=Zone.GRAVEYARD, text=text)
        return None
    returning = action is CostAction.RETURN
    if found["graveyard"] or (found["hand"] and not returning) or (returning and not found["hand"]):
        return None
    if bool(found["untapped"]) != (action is CostAction.TAP):
        return None  # "tap an untapped …"; "untapped" names nothing else here
    if action in (CostAction.TAP, CostAction.RETURN) and not found["yours"]:
        return None  # a permanent the caster controls is what the cost means; other wordings aren't read
    head = noun.split(" ")[-1].removesuffix("s")
    if head in KIND_WORDS and " " not in noun.strip():
        return ObjectCost(action, count, frozenset({TargetKind(head)}), text=text)
    if (pair := either_noun(noun)) is not None:  # "sacrifice an artifact or creature" (CR 205.2a)
        return ObjectCost(action, count, pair[0], pair[1], text=text)
    if (
        re.fullmatch(r"[a-z]+ with (?:power|toughness|mana value) \d+ or (?:greater|less)", noun)
        and (spec := phrase_spec(f"target {noun}")) is not None
        and spec.qualities is not None
        and dataclasses.replace(spec, phrase="", kinds=frozenset(), qualities=None) == PLAIN_TARGET
    ):
        # "sacrifice a creature with power 4 or greater": the kind and quality as a target phrase reads them
        return ObjectCost(action, count, spec.kinds, spec.qualities, text=text)
    if not re.fullmatch(quality_patterns()["__QUALIFIED_KIND__"], noun):
        return None
    kinds, qualities = qualified_kind(noun)
    return ObjectCost(action, count, frozenset(kinds), qualities, text=text)


_HAND_EXILE = re.compile(
    r"exile (?P<count>a|an|one|two|three) (?P<colour>white|blue|black|red|green) cards? from "
    r"your hand"
)


_DISCARD_TYPED = re.compile(r"discard (?P<count>a|an|one|two) (?P<what>[a-z]+) cards?")


_DISCARD_EITHER = re.compile(r"discard (?:a|an) (?P<what>[a-z]+ or [a-z]+) card")


def _discard_part(part: str, objects: list[ObjectCost]) -> ObjectCost | None:
    """A part of a cost that discards cards from the hand, or None (CR 701.9a).

    "discard a card", "discard two cards", "discard a creature card", "discard an Island card", "discard a red or
    green card"; "and another card" after a discard: a second card discarded, any other (CR 118.10).
    """
    if (
        part == "another card"
        and objects
        and objects[-1].action is CostAction.DISCARD
        and objects[-1].zone is Zone.HAND
    ):
        return ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text=f"discard {part}")
    if part in ("discard a card", "discard two cards", "discard three cards"):
        count = 1 if part == "discard a card" else NUMBER_WORDS[part.split()[1]]
        return ObjectCost(CostAction.DISCARD, count, zone=Zone.HAND, text=part)
    discarded = _DISCARD_TYPED.fullmatch(part)
    if discarded and (discarded["what"] in SUBTYPE_BY_WORD or discarded["what"] in CARD_TYPE_WORDS):
        count = 1 if discarded["count"] in ("a", "an") else NUMBER_WORDS[discarded["count"]]
        what = discarded["what"]
        quality = (
            Quality("subtype", SUBTYPE_BY_WORD[what])
            if what in SUBTYPE_BY_WORD
            else Quality("type", CardType(what.capitalize()))
        )
        return ObjectCost(
            CostAction.DISCARD, count, qualities=ObjectFilter((frozenset({quality}),), what), zone=Zone.HAND, text=part
        )
    if (either := _DISCARD_EITHER.fullmatch(part)) and (
        qualities := either_card_filter(either["what"])
    ) is not None:  # "discard a red or green card"
        return ObjectCost(CostAction.DISCARD, 1, qualities=qualities, zone=Zone.HAND, text=part)
    return None


def cost_of_parts(text: str, x_objects: bool = False) -> Cost | str:
    """A cost written as parts joined by "and" (CR 118): "pay 1 life and exile a blue card from your hand".

    Each part is mana ("pay {1}{U}"), life ("pay 4 life", CR 119.4), cards exiled from the hand or of a
    subtype or type discarded, a card discarded (or discarded at random, CR 701.9b), a card revealed or
    beheld (CR 701.20a, 701.4a), or objects sacrificed, tapped, exiled or returned (as in other costs).
    With ``x_objects``, also X of them ("discard X cards", "sacrifice X Mountains": X the value announced,
    CR 107.3a). Returns the part that is not read, when one is not.
    """
    mana, life, objects, reveals, at_random = ManaCost.EMPTY, 0, [], [], 0
    for part in re.split(r",? and |, ", text):
        if x_objects and (counted := _x_objects_part(part)) is not None:
            objects.append(counted)
            continue
        paid = re.fullmatch(r"(?:pay )?((?:\{[^}]+\})+)", part)
        life_paid = re.fullmatch(r"pay (\d+) life", part)
        exiled = _HAND_EXILE.fullmatch(part)
        if paid:
            mana = ManaCost.parse(paid.group(1), path="oracle_text")
            if mana.has_x:
                return part
        elif life_paid:
            life = int(life_paid.group(1))
        elif exiled:
            count = 1 if exiled["count"] in ("a", "an") else NUMBER_WORDS[exiled["count"]]
            of_colour = ObjectFilter((frozenset({Quality("color", COLOR_WORDS[exiled["colour"]])}),), exiled["colour"])
            objects.append(ObjectCost(CostAction.EXILE, count, qualities=of_colour, zone=Zone.HAND, text=part))
        elif (discard := _discard_part(part, objects)) is not None:
            objects.append(discard)
        elif part == "discard a card at random":  # not the caster's choice of card (CR 701.9b)
            at_random += 1
        elif evidence := _COLLECT_EVIDENCE.fullmatch(part):  # CR 701.59a: cards totalling N mana value or more
            objects.append(
                ObjectCost(
                    CostAction.EXILE,
                    None,
                    zone=Zone.GRAVEYARD,
                    least_total_mana_value=int(evidence["total"]),
                    text=part,
                )
            )
        elif (revealed := _reveal_part(part)) is not None:
            reveals.append(revealed)  # "reveal a creature card from your hand", "behold a Dragon"
        elif _COUNTERS_ON_YOURS.fullmatch(part):
            # "blight 2", "put a -1/-1 counter on a creature you control": a creature of the caster's takes the
            # counters (CR 701.68a); a condition of the cast, as beholding is
            creature = ObjectFilter((frozenset({Quality("type", CardType.CREATURE)}),), "creature")
            reveals.append(RevealCost(creature, behold=True, text=part, from_hand=False))
        else:
            try:
                cost = object_cost(part)
            except UnreadText:
                cost = None
            if cost is None:
                return part
            objects.append(cost)
    return Cost(mana, tuple(objects), life=life, reveals=tuple(reveals), discards_at_random=at_random, text=text)


_X_OBJECTS_PART = re.compile(r"(?P<action>discard|sacrifice|exile) x (?P<what>.+)")


def _x_objects_part(part: str) -> ObjectCost | None:
    """ "discard X cards", "sacrifice X Mountains", "exile X cards from your graveyard": X objects, X announced.

    The objects are read as two of them are ("sacrifice two Mountains"), then made X of them (CR 107.3a, 601.2b);
    None for other words.
    """
    found = _X_OBJECTS_PART.fullmatch(part)
    if found is None:
        return None
    if found["action"] == "discard":
        if found["what"] != "cards":
            return None
        return ObjectCost(CostAction.DISCARD, None, zone=Zone.HAND, x_count=True, text=part)
    try:
        cost = object_cost(f"{found['action']} two {found['what']}")
    except UnreadText:
        return None
    return None if cost is None else dataclasses.replace(cost, count=None, x_count=True, text=part)


_COLLECT_EVIDENCE = re.compile(r"collect evidence (?P<total>\d+)")
"""Collect evidence N: exile any number of cards from your graveyard with total mana value N or more (CR 701.59a)."""


_REVEAL = re.compile(r"reveal (?:a|an) (?P<revealed>[a-z ]+?) card from your hand|behold (?:a|an) (?P<beheld>[a-z ]+)")


_CARD_QUALITIES = ("type", "subtype", "color", "colors", "supertype")


_COUNTERS_ON_YOURS = re.compile(
    r"blight (?:[1-9]|one|two|three)|put (?:a|one|two|three) -1/-1 counters? on a "
    r"creature you control"
)


def _reveal_part(part: str) -> RevealCost | None:
    """A cost part revealing a card from the hand, or beholding (CR 701.20a, 701.4a), or None when not read.

    "reveal a creature card from your hand", "reveal a colorless creature card from your hand", "behold a
    Dragon", "behold a Dragon creature": each word a card type, subtype, colour or supertype, every one
    holding. A word that is none of these ("behold a Gamma creature") leaves the part unread.
    """
    found = _REVEAL.fullmatch(part)
    if found is None:
        return None
    words = (found["revealed"] or found["beheld"]).split()
    qualities = [quality_of_word(word) for word in words]
    if not qualities or any(q is None or q.attribute not in _CARD_QUALITIES for q in qualities):
        return None
    named = " ".join(words)
    return RevealCost(
        ObjectFilter(tuple(frozenset({q}) for q in qualities if q is not None), named),
        behold=found["beheld"] is not None,
        text=part,
    )


def without_either_nouns(text: str) -> str:
    """``text`` with each "red or green", "artifact or creature" (two qualities or kinds, one object) taken out.

    What is left holds "or" only where the cost offers a choice of costs ("discard a card or pay {5}").
    """

    def either(found: re.Match[str]) -> str:
        words = (found["one"], found["other"])
        if all(word in KIND_WORDS or quality_of_word(word) is not None for word in words):
            return "…"
        return found.group()

    return re.sub(r"\b(?P<one>[a-z]+) or (?P<other>[a-z]+)\b", either, text)
