"""The words of Oracle text the readers share: numbers, colours, card types, kinds, subtypes, statuses.

Also how a card's text is prepared for reading: reminder text dropped (CR 207.2), the card's own name read as
"this object" (CR 201.5).
"""

from __future__ import annotations

import re
from collections.abc import Iterable


from models.abilities import (
    KICKED,
    PROMISED,
    Quality,
)
from models.mana import Color
from models.objects import Card, CardType
from models.subtypes import SUBTYPES


__all__ = [
    "NUMBER_WORDS",
    "COLOR_WORDS",
    "TYPE_WORDS",
    "PAID_CONDITIONS",
    "SUBTYPE_BY_WORD",
    "CARD_SUBTYPE_WORDS",
    "KIND_WORDS",
    "STATUS_WORDS",
    "BATCH_WORDS",
    "alternatives",
    "CARD_TYPE_WORDS",
    "strip_reminder",
    "prepare_lines",
    "CREATURE_TYPE_WORDS",
    "singular_noun",
]


NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
}


COLOR_WORDS = {
    "white": Color.WHITE,
    "blue": Color.BLUE,
    "black": Color.BLACK,
    "red": Color.RED,
    "green": Color.GREEN,
}


TYPE_WORDS = {
    "artifacts": CardType.ARTIFACT,
    "creatures": CardType.CREATURE,
    "enchantments": CardType.ENCHANTMENT,
    "instants": CardType.INSTANT,
    "sorceries": CardType.SORCERY,
    "lands": CardType.LAND,
    "planeswalkers": CardType.PLANESWALKER,
}


PAID_CONDITIONS = {"kicked": KICKED, "bargained": ("bargain",), "promised": PROMISED, "teamwork": ("teamwork",)}
"""The optional costs "if this spell was kicked / bargained", "if the gift was promised", "if this spell was cast
using teamwork" ask paid (CR 702.33d, 702.166b, 702.174k)."""


_REMINDER = re.compile(r"\s*\([^()]*\)")


# ---------------------------------------------------------------- qualities of targets
# Words of a qualified target phrase (CR 105 colours, 205 types, 110.5 status). Subtypes come from CR 205.3.
SUBTYPE_BY_WORD = {name.lower(): name for names in SUBTYPES.values() for name in names}


# Subtypes GRAVEYARD_CARD reads among the card types of a graveyard target: "creature or Vehicle card" (CR 205.3g)
CARD_SUBTYPE_WORDS = frozenset({"vehicle", "spacecraft", "mount"})


KIND_WORDS = ("creature", "artifact", "enchantment", "land", "permanent", "planeswalker", "battle")


NOT_ABILITY_WORDS = frozenset({"max speed"})
"""Words before a dash that have a rules meaning, unlike an ability word (CR 207.2c): "Max speed — …" gives its
ability only at speed 4 (CR 702.178a), which the state does not give."""

ABILITY_WORD_PREFIX = r"(?!(?:" + "|".join(sorted(NOT_ABILITY_WORDS)) + r") —)[a-z' ]+(?: \d+)? — "
"""An ability or flavour word and its dash before a line's text (CR 207.2c-d), never one of
:data:`NOT_ABILITY_WORDS`."""

STATUS_WORDS = {
    "tapped": Quality("tapped"),
    "untapped": Quality("tapped", negated=True),
    "attacking": Quality("attacking"),
    "blocking": Quality("blocking"),
    "token": Quality("token"),
    "nontoken": Quality("token", negated=True),
    # an Aura is attached to it (CR 303.4): the state's attachments say (solver.rules.targets)
    "enchanted": Quality("enchanted"),
    "unenchanted": Quality("enchanted", negated=True),
    "multicolored": Quality("colors", "multicolored"),
    "monocolored": Quality("colors", "monocolored"),
    "colorless": Quality("colors", "colorless"),
    "legendary": Quality("supertype", "Legendary"),
    "nonlegendary": Quality("supertype", "Legendary", negated=True),
    "basic": Quality("supertype", "Basic"),
    "nonbasic": Quality("supertype", "Basic", negated=True),
    "snow": Quality("supertype", "Snow"),
    "nonsnow": Quality("supertype", "Snow", negated=True),
    # CR 508.1k, 509.1h, 506.4: statuses of combat; outside the combat phase no creature has them
    "nonattacking": Quality("attacking", negated=True),
    "blocked": Quality("blocked"),
    "unblocked": Quality("unblocked"),
}


# Words that name one of several qualities (CR 700.6 historic, 700.12 outlaw): one clause, any of them
BATCH_WORDS = {
    "historic": frozenset(
        {Quality("type", CardType.ARTIFACT), Quality("supertype", "Legendary"), Quality("subtype", "Saga")}
    ),
    "outlaw": frozenset(Quality("subtype", name) for name in ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")),
}


def singular_noun(word: str) -> str | None:
    """A plural noun of a kind or subtype, singular: "creatures", "elves", "faeries", "clerics" (None when none reads).

    Parameters
    ----------
    word : str
        Lowercased.

    Returns
    -------
    str or None
        The singular, one of :data:`KIND_WORDS` or a key of :data:`SUBTYPE_BY_WORD`.
    """
    for plural, single in (("ves", "f"), ("ies", "y"), ("es", ""), ("s", ""), ("ies", "ie")):
        if word.endswith(plural):
            candidate = word[: -len(plural)] + single
            if candidate in KIND_WORDS or candidate in SUBTYPE_BY_WORD:
                return candidate
    return None


def alternatives(words: Iterable[str]) -> str:
    """The words as one regex alternation, longest first.

    Ties go by the words, so the grammar text is the same in every process: its built parser is cached by its
    hash.
    """
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


CARD_TYPE_WORDS = {"creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker", "land", "battle"}


def strip_reminder(text: str) -> str:
    """``text`` without its reminder text, parenthesized, nested or not (CR 207.2)."""
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text


def prepare_lines(card: Card) -> list[str]:
    """The card's lines as read: reminder text dropped, its name as "~" (CR 201.5), blank lines left out."""
    text = strip_reminder(card.oracle_text)
    names = {card.name}
    if "," in card.name:
        names.add(card.name.split(",")[0])  # "Thalia" for Thalia, Guardian of Thraben
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "~")
    return [line.strip() for line in text.split("\n") if line.strip()]


CREATURE_TYPE_WORDS = frozenset(SUBTYPES["creature"])
