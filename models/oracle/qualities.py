"""Qualities of objects: the adjectives and "with …" clauses of target phrases and costs (CR 105, 115.1, 205).

Each reader turns words into :class:`~models.abilities.Quality` and :class:`~models.abilities.ObjectFilter`
records; a word no reader knows raises :class:`~models.oracle.unread.UnreadText`.
"""

from __future__ import annotations

import dataclasses
import itertools
import re


from models.abilities import (
    ANNOUNCED_X,
    PERMANENT_KIND_TYPES,
    StateNumber,
    ObjectFilter,
    Quality,
    TargetKind,
)
from models.objects import CardType, Zone

from models.oracle.unread import UnreadText
from models.oracle.words import (
    BATCH_WORDS,
    CARD_TYPE_WORDS,
    COLOR_WORDS,
    KIND_WORDS,
    STATUS_WORDS,
    SUBTYPE_BY_WORD,
    alternatives,
)

__all__ = [
    "quality_of_word",
    "OWNED_BY_YOU",
    "object_filter",
    "read_with_quality",
    "qualified_kind",
    "qualified_kinds",
    "either_card_filter",
    "either_noun",
    "card_type_filter",
    "targeting_quality",
    "spell_qualities",
    "add_quality",
    "last_kind_quality",
    "with_clause",
    "NOT_BASIC_LAND",
]


def quality_of_word(word: str) -> Quality | None:
    """One adjective as a Quality ("nonblack", "non-zombie", "spirit", "tapped", "instant"), or None if not one.

    A card type word ("instant and sorcery spells") is that type; with "non" or "non-", not that type.
    """
    if word in STATUS_WORDS:
        return STATUS_WORDS[word]
    negated = word.startswith("non")
    bare = word.removeprefix("non-") if word.startswith("non-") else word
    if bare in SUBTYPE_BY_WORD or bare.rstrip("s") in SUBTYPE_BY_WORD or bare[:-2] in SUBTYPE_BY_WORD:
        key = next(k for k in (bare, bare.rstrip("s"), bare[:-2]) if k in SUBTYPE_BY_WORD)
        return Quality("subtype", SUBTYPE_BY_WORD[key], negated=word.startswith("non-"))
    bare = word.removeprefix("non")
    if bare in COLOR_WORDS:
        return Quality("color", COLOR_WORDS[bare], negated=negated)
    bare = bare.removeprefix("-") if negated else bare
    if bare in CARD_TYPE_WORDS:
        return Quality("type", CardType(bare.capitalize()), negated=negated)  # "nonland", "non-creature"
    return None


OWNED_BY_YOU = Quality("owner", "you")
"""'… you own': the caster owns the object (CR 108.3)."""


def _read_quality(word: str, text: str) -> Quality:
    """The Quality of one adjective of ``text``; raises UnreadText when it is none the reader knows."""
    quality = quality_of_word(word)
    if quality is None:
        raise UnreadText(text, f"quality {word!r} not read")
    return quality


# One adjective: a subtype of several words ("Time Lord", CR 205.3) is one; otherwise a word, or a comma.
_ADJECTIVE_TOKEN = re.compile(
    r"(?:non-?)?(?:" + alternatives(w for w in SUBTYPE_BY_WORD if " " in w) + r")(?:e?s)?\b|[^ ,]+|,"
)


def object_filter(adjectives: str) -> ObjectFilter:
    """The qualities of "nonartifact, nonblack", "blue or black", "blue or black noncreature" (CR 115.1).

    Returns an ObjectFilter whose clauses all hold: words joined by "or" (and the commas of a list ending
    in "or") are one clause, any of them; words side by side are clauses of their own. So "blue or black
    noncreature" is (blue or black) and noncreature.

    Raises UnreadText for a word that is no quality the reader knows.
    """
    adjectives = adjectives.replace(" and/or ", " or ")  # "white and/or blue": white, blue or both, one clause
    listing = re.search(r"\bor\b", adjectives) is not None
    clauses: list[set[Quality]] = []
    join = False
    for token in _ADJECTIVE_TOKEN.findall(adjectives):
        if token == "or" or (token == "," and listing):
            join = True
        elif token == ",":
            continue
        elif token.removeprefix("non").removeprefix("-") in BATCH_WORDS:
            # "historic" is one clause of its qualities; "nonhistoric", "non-outlaw" a clause for each, negated
            batch = BATCH_WORDS[token.removeprefix("non").removeprefix("-")]
            if token.startswith("non"):
                if listing:  # "nonhistoric or blue": not one clause
                    raise UnreadText(adjectives, f"quality {token!r} joined by 'or' not read")
                clauses.extend({dataclasses.replace(q, negated=True)} for q in batch)
            elif join and clauses:
                clauses[-1].update(batch)
            else:
                clauses.append(set(batch))
            join = False
        else:
            quality = _read_quality(token, adjectives)
            if join and clauses:
                clauses[-1].add(quality)
            else:
                clauses.append({quality})
            join = False
    return ObjectFilter(tuple(frozenset(clause) for clause in clauses), adjectives)


def read_with_quality(text: str) -> Quality:
    """Read "with power 3 or less", "with flying", "without flying", "with a +1/+1 counter on it" as a Quality.

    CR 208 (power and toughness), 702 (keywords), 122 (counters: "with no counters on it", none of any kind;
    "that have -1/-1 counters on them", one or more of that kind). "with mana value X", "with power X or less":
    compared with the value announced for X (:data:`~models.abilities.ANNOUNCED_X`, CR 107.3a, 601.2b).
    "with an even mana value", "with an odd mana value": the parity of its mana value (CR 202.3).
    """
    parity = re.fullmatch(r"with an? (even|odd) mana value", text)
    if parity:  # "with an even mana value": zero is even (CR 202.3)
        return Quality("mana value parity", parity.group(1))
    found = re.search(r"\b(\d+|x)\b", text)
    number = None if found is None else int(found.group()) if found.group().isdigit() else ANNOUNCED_X
    comparison = "<=" if text.endswith("or less") else ">=" if text.endswith("or greater") else "="
    if text.startswith("with power") or text.startswith("with toughness"):
        assert number is not None, text  # WITH_QUALITY: "with power <number> or ..."
        return Quality(text.split()[1], number, comparison=comparison)
    if number is not None and ("mana cost" in text or "mana value" in text):
        return Quality("mana value", number, comparison=comparison)
    if text == "with no counters on it":  # no counter of any kind (CR 122.1)
        return Quality("counter", None, negated=True)
    counter = re.fullmatch(r"(?:with|that ha(?:s|ve)) (?:an? )?([+-]1/[+-]1) counters? on (?:it|them)", text)
    if counter:  # "with a +1/+1 counter on it", "that have -1/-1 counters on them": one or more (CR 122.1)
        return Quality("counter", counter.group(1))
    if text.startswith("without "):  # "creature without flying" (CR 702)
        return Quality("keyword", text.removeprefix("without "), negated=True)
    return Quality("keyword", text.removeprefix("with "))


def qualified_kind(text: str) -> tuple[set[TargetKind], ObjectFilter]:
    """Read "nonblack creature" as ({CREATURE}, nonblack), "spirit" as ({PERMANENT}, Spirit) (CR 115.1, 205.3)."""
    words = text.split(" ")
    head = words[-1].removesuffix("s")
    if head in KIND_WORDS and len(words) > 1:
        return {TargetKind(head)}, object_filter(" ".join(words[:-1]).removesuffix(","))
    # a subtype alone names permanents of that subtype: "target Spirit", "X target Mountains"
    return {TargetKind.PERMANENT}, object_filter(text)


def qualified_kinds(text: str) -> tuple[set[TargetKind], ObjectFilter | None]:
    """Read a list of kinds with qualities of their own: "plains or island", "black creature or black planeswalker".

    Each item names objects of its kind with its own qualities (CR 115.1, 205.2a, 205.3): the phrase names
    what one item or another names. The object's kind is one of the items' kinds, and the qualities are that
    disjunction written as clauses that all hold (each clause takes one test of each item: a card type or a
    clause of the item's qualities), so "black creature or black planeswalker" is a creature or planeswalker,
    (creature or black), (black or planeswalker), (black or black).

    Returns
    -------
    (set of TargetKind, ObjectFilter or None)
        None when an item is a bare "permanent": every permanent of the kinds is then named.

    Raises
    ------
    UnreadText
        A bare kind after an item with qualities ("nonblack creature or planeswalker"): whether the qualities
        are the bare kind's too is not read.
    """
    kinds: set[TargetKind] = set()
    items: list[list[frozenset[Quality]]] = []  # each item: the tests that all hold of what it names
    qualified = False
    for item in re.split(r", and/or |,? or |, ", text):
        if item.removesuffix("s") in KIND_WORDS:
            if qualified:
                raise UnreadText(text, "a quality before a list of kinds: its scope is not read")
            found_kinds, found = {TargetKind(item.removesuffix("s"))}, ObjectFilter(())
        else:
            found_kinds, found = qualified_kind(item)
            qualified = qualified or len(item.split(" ")) > 1
        kinds |= found_kinds
        (kind,) = found_kinds
        types = [frozenset({Quality("type", PERMANENT_KIND_TYPES[kind])})] if kind in PERMANENT_KIND_TYPES else []
        items.append(types + list(found.clauses))
    if any(not tests for tests in items):
        return kinds, None  # "permanent": the disjunction always holds
    found_clauses = list(dict.fromkeys(frozenset().union(*choice) for choice in itertools.product(*items)))
    # a clause holding whenever a smaller one holds adds nothing: (black) makes (black or creature) redundant
    # and the kinds themselves say the object is of one of the kinds' types: (land or creature) in "land or
    # nonblack creature"
    kind_types = {Quality("type", PERMANENT_KIND_TYPES[k]) for k in kinds if k in PERMANENT_KIND_TYPES}
    clauses = tuple(
        c
        for c in found_clauses
        if not any(other < c for other in found_clauses) and not (TargetKind.PERMANENT not in kinds and kind_types <= c)
    )
    return kinds, ObjectFilter(clauses, text)


def either_card_filter(words: str) -> ObjectFilter | None:
    """The filter of "red or green", "instant or sorcery" before "card": one clause of two card qualities.

    Each word a colour, a card type or a subtype (CR 105.2, 205.2a, 205.3); None for anything else.
    """
    found = re.fullmatch(r"(?P<one>[a-z]+) or (?P<other>[a-z]+)", words)
    if found is None or found["one"] == found["other"]:
        return None
    qualities = [quality_of_word(found[part]) for part in ("one", "other")]
    if any(q is None or q.attribute not in ("type", "subtype", "color") or q.negated for q in qualities):
        return None
    return ObjectFilter((frozenset(q for q in qualities if q is not None),), words)


def either_noun(noun: str) -> tuple[frozenset[TargetKind], ObjectFilter | None] | None:
    """ "artifact or creature", "artifact or Goblin": a permanent that is either, or None for other words.

    Each word is a kind of permanent (CR 110.4) or a subtype (CR 205.3); an object of either pays the cost
    ("Kicker—Sacrifice an artifact or Goblin.", CR 118.3). Two kinds are the cost's kinds; a subtype makes
    the pair one clause of qualities of any permanent (a Goblin is a permanent with that subtype).

    Returns
    -------
    (frozenset of TargetKind, ObjectFilter or None) or None
        The kinds (empty: any permanent) and the qualities.
    """
    found = re.fullmatch(r"(?P<first>[a-z-]+) or (?P<second>[a-z-]+)", noun.strip())
    if found is None:
        return None
    words = (found["first"], found["second"])
    if all(word in KIND_WORDS and word != "permanent" for word in words):
        return frozenset(TargetKind(word) for word in words), None
    either = []
    for word in words:
        if word in KIND_WORDS and word not in ("permanent", "battle"):
            either.append(Quality("type", CardType(word.capitalize())))
        elif word in SUBTYPE_BY_WORD:
            either.append(Quality("subtype", SUBTYPE_BY_WORD[word]))
        else:
            return None
    return frozenset(), ObjectFilter((frozenset(either),), noun.strip())


def card_type_filter(word: str) -> ObjectFilter:
    """The filter "a land card", "a creature card": the card type named by ``word`` (CR 205.2a)."""
    return ObjectFilter((frozenset({Quality("type", CardType(word.capitalize()))}),), word)


def targeting_quality(text: str) -> frozenset[Quality]:
    """Read "with a single target" (CR 115.9a), "that targets you" / "a player" / ... (CR 115.9b) as one clause.

    "that targets you or a permanent you control": either, a clause of two qualities. "cast from a graveyard":
    the zone the spell was cast from, as its cast record names it (CR 601.2a); "that wasn't cast from its owner's
    hand", any other.
    """
    if text == "with a single target":
        return frozenset({Quality("targeting", "single")})
    if text == "cast from a graveyard":  # the zone its cast record names (CR 601.2a)
        return frozenset({Quality("cast from", Zone.GRAVEYARD.value)})
    if text == "that wasn't cast from its owner's hand":  # a card in a hand is its owner's (CR 400.3)
        return frozenset({Quality("cast from", Zone.HAND.value, negated=True)})
    return frozenset(
        Quality("targeting", what.removeprefix("a ")) for what in text.removeprefix("that targets ").split(" or ")
    )


def spell_qualities(words: str) -> ObjectFilter | None:
    """The spells a cost change names: "white", "instant and sorcery", "arcane", "noncreature" (CR 601.2f).

    "X and Y spells" are the spells that are X or Y: one clause. None when a word is not read, or names what
    a spell can't be asked (its status, a supertype).
    """
    if " " in words and not re.search(r" and | or ", words):  # "goblin creature": each word holds (both)
        parts = [spell_qualities(word) for word in words.split(" ")]
        if any(part is None for part in parts):
            return None
        return ObjectFilter(tuple(clause for part in parts if part is not None for clause in part.clauses), words)
    read = [(word, quality_of_word(word)) for word in re.split(r" and | or ", words)]
    if any(
        quality is None
        or quality.attribute not in ("type", "color", "colors", "subtype")
        # a subtype is written in the singular before "spells"
        or (quality.attribute == "subtype" and word.removeprefix("non-") not in SUBTYPE_BY_WORD)
        for word, quality in read
    ):
        return None
    return ObjectFilter((frozenset(quality for _, quality in read if quality is not None),), words)


def add_quality(qualities: ObjectFilter | None, quality: Quality | frozenset[Quality], text: str) -> ObjectFilter:
    """The filter with one more clause: a quality, or a set of qualities one of which must hold."""
    clause = quality if isinstance(quality, frozenset) else frozenset({quality})
    clauses = (qualities.clauses if qualities else ()) + (clause,)
    return ObjectFilter(clauses, f"{qualities.text} … {text}" if qualities else text)


def last_kind_quality(kind_list: str | None, clause: frozenset[Quality]) -> frozenset[Quality] | None:
    """The clause of a keyword quality that qualifies only the last kind of a list; None when it is not one.

    "target artifact, enchantment, or creature with flying": an artifact, an enchantment, or a creature with
    flying (CR 115.1; the keyword describes the creature, the kind it follows). The clause returned holds for an
    object of any kind before the last or with the keyword, so with the kinds of the phrase it reads "artifact or
    enchantment or (creature with flying)". Only a keyword after a list whose last kind is "creature" is read so;
    other qualities after a list stay reported by :meth:`SpellTextReader._add`.

    Parameters
    ----------
    kind_list : str or None
        The list of kinds as printed (lowercase), e.g. ``"artifact, battle, enchantment, or creature"``.
    clause : frozenset of Quality
        The clause read from the "with …" words.

    Returns
    -------
    frozenset of Quality or None
    """
    if kind_list is None or len(clause) != 1 or next(iter(clause)).attribute != "keyword":
        return None
    words = re.findall(r"[a-z]+", kind_list)
    if len(words) < 4 or words[-1] != "creature" or words[-2] != "or" or "and" in words:
        return None
    others = [TargetKind(w) for w in words[:-2] if w != "or"]
    if not others or any(kind not in PERMANENT_KIND_TYPES or kind is TargetKind.CREATURE for kind in others):
        return None
    return clause | {Quality("type", PERMANENT_KIND_TYPES[kind]) for kind in others}


def with_clause(text: str) -> frozenset[Quality]:
    """Read a "with …" phrase as one clause: "with power or toughness 4 or greater" is power or toughness (CR 208).

    "that's black or red" is black or red, "that's one or more colors" not colorless (CR 105.2).
    """
    total = re.fullmatch(r"with total power and toughness (\d+) or less", text)
    if total:  # "target creature with total power and toughness 5 or less": power plus toughness (CR 208.1)
        return frozenset({Quality("power plus toughness", int(total.group(1)), comparison="<=")})
    compared = re.fullmatch(
        r"with (mana value|power) (less than or equal to|greater than or equal to|less than) "
        r"(.+)",
        text,
    )
    if compared:  # "with mana value less than or equal to the number of Plains you control" (CR 115.1, 601.2c)
        comparison = {"less than or equal to": "<=", "greater than or equal to": ">=", "less than": "<"}
        if compared.group(3) == "x":  # "with mana value less than X": the value announced (CR 107.3a, 601.2b)
            return frozenset({Quality(compared.group(1), ANNOUNCED_X, comparison=comparison[compared.group(2)])})
        return frozenset(
            {Quality(compared.group(1), StateNumber(compared.group(3)), comparison=comparison[compared.group(2)])}
        )
    if text == "with the greatest power among creatures on the battlefield":
        # Topple: its power is the greatest, ties included (CR 208.1); "at least the greatest" is "the greatest"
        return frozenset({Quality("power", StateNumber.GREATEST_POWER, comparison=">=")})
    if text == "who attacked this turn":  # a player who attacked with a creature this turn (CR 508.1)
        return frozenset({Quality("attacked this turn")})
    if re.fullmatch(r"that's (attacking|blocking)( or (attacking|blocking))?", text):
        # "target white creature that's attacking or blocking": either status (CR 506.4, 508.1k, 509.1h)
        return frozenset(STATUS_WORDS[word] for word in re.findall(r"attacking|blocking", text))
    if text == "that isn't enchanted":  # no Aura is attached to it (CR 303.4): "unenchanted"
        return frozenset({Quality("enchanted", negated=True)})
    if text.startswith("attached to "):  # "target Aura attached to a creature or land": what it enchants (CR 303.4)
        return frozenset(
            Quality("attached to", CardType(word.capitalize()))
            for word in re.findall(r"creature|land", text.removeprefix("attached to "))
        )
    if text == "with a morph ability":  # megamorph is a morph ability (CR 702.37a-b)
        return frozenset({Quality("keyword", "morph"), Quality("keyword", "megamorph")})
    if text == "that's attached to a permanent":  # an Aura on a permanent, not on a player (CR 303.4, 702.5d)
        return frozenset({Quality("attached to", "permanent")})
    if text == "that's one or more colors":  # not colorless (CR 105.2c)
        return frozenset({Quality("colors", "colorless", negated=True)})
    if text.startswith("that's "):  # "that's black or red": one of the colours (CR 105.2)
        return frozenset(Quality("color", COLOR_WORDS[word]) for word in text.removeprefix("that's ").split(" or "))
    if text.startswith("with power or toughness "):
        rest = text.removeprefix("with power or toughness ")
        return frozenset({read_with_quality(f"with power {rest}"), read_with_quality(f"with toughness {rest}")})
    return frozenset({read_with_quality(text)})


NOT_BASIC_LAND = frozenset({Quality("supertype", "Basic", negated=True), Quality("type", CardType.LAND, negated=True)})
"""One clause: a card other than a basic land card, nonbasic or not a land (CR 205.4a)."""
