"""Text the readers do not read: the exception that marks it, and what an unread line may bear on.

An unread span is reported as :class:`~models.abilities.UnsupportedText`, never ignored; the topics say what an
unread line of a permanent may change (mana, targeting, costs), and the reason says what a state lacks when the
span names it (CR 113.7a, 115.1).
"""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedInput

from models.subtypes import SUBTYPES


__all__ = [
    "PERMANENT_RELEVANT",
    "STATIC_COLOUR_CHANGE",
    "STATIC_CREATURE_TYPE_CHANGE",
    "STATIC_POWER_CHANGE",
    "STATIC_TYPE_CHANGE",
    "UnreadText",
    "may_change_characteristics",
    "topics_of",
    "unread_reason",
    "error_span",
]


_NO_COUNTERS = r"\bcan't have (?:[^.]* )?counters put\b|\bcounters can't be put\b"
"""A ban on counters ("This creature can't have counters put on it", Solemnity's "Counters can't be put on
artifacts, creatures, …"): a cost that puts counters on a permanent can't be paid with what it protects (CR 118.3,
701.68a)."""

_COST_GRANTS = (
    r"\bpay life\b|\bgraveyards? (?:are|is) also\b|\bcan't lose life\b|\blife totals? can't change\b"
    r"|\bmay play\b(?![^.]*\blands?\b)|\bcan bargain\b|\binterchangeably\b"
    r"|\b(?:has|have) (?:flashback|retrace|jump-start|escape|sneak|disturb|foretell|madness|harmonize|mayhem|blitz"
    r"|dash|evoke|kicker|splice|convoke|delve|improvise|affinity|emerge|spectacle|surge|prowl|overload|replicate"
    r"|entwine|buyback|casualty|bargain|offspring|plot|warp|web-slinging)\b"
)
"""A line that may give cards a way to be cast ("Each lesson card in your graveyard has flashback {2}", Iroh; CR
702.34a), change whose graveyard a card is in, let cards be played ("During your turn, you may play cards from your
graveyard.", Hades; to play a card is to cast it or play it as a land, CR 601.1), or forbid paying life ("Your
life total can't change.", Platinum Emperion; CR 119.8): it bears on casting (CR 601.2, 601.3)."""

_NOT_SACRIFICED = r"\bcan't be sacrificed\b"
"""A ban on sacrificing ("This artifact can't be sacrificed", Hithlain Rope): a sacrifice cost can't be paid with
what it protects (CR 118.3, 701.21a)."""

_MANA_RELEVANT = r"\b(?:is|are)(?: no longer)? snow\b|\bactivate abilities of [^.]*\bas though [^.]*\bhad haste\b"
"""A line that may change mana a permanent makes: which permanents are snow (their mana pays {S}, CR 107.4h), or
summoning-sick creatures' {T} abilities activated as though they had haste (CR 302.6)."""

# Lines of a permanent that, when not read, may change how spells are cast or targeted.
PERMANENT_RELEVANT = re.compile(
    r"\b(cost|costs|cast|target|targeted|hexproof|shroud|protection|ward|add|mana)\b|\blose(s)? all abilities\b"
    r"|\b(spells?|flash|adventure)\b|\bcards? in (your|their|a player's) hand\b"  # what is cast, and how
    r"|\b(is|are) (an? )?(plains|island|swamp|mountain|forest)"  # a basic land type gives its mana (CR 305.7)
    + "|"
    + _NO_COUNTERS  # a cost that puts counters can't be paid with it (CR 118.3)
    + "|"
    + _COST_GRANTS
    + "|"
    + _MANA_RELEVANT
    + "|"
    + _NOT_SACRIFICED
)


_COPY = r"|\b(as|is|becomes?) a copy of\b"
"""A copy effect (CR 707.2, 613.2): what the copy is, the state does not say; every characteristic may change."""

STATIC_POWER_CHANGE = re.compile(
    r"\bgets? (an additional )?[+-](\d+|x)/[+-](\d+|x|y)\b|\bbase (power|toughness)\b"
    r"|\bpower and toughness (are |is )?each|\b(power|toughness) (is|are) equal|\bdevotion\b[^.]*\bincreased\b"
    r"|\bpowers and toughnesses\b" + _COPY
)
"""An unread static line that may change power or toughness (CR 613.4): "gets +X/+X, where X is …"."""

STATIC_TYPE_CHANGE = re.compile(
    r"\b(are|is|becomes?|it's) (still )?(an? |all )?(\d+/\d+ )?([a-z]+ )?"
    r"(artifact |enchantment |land )?(creatures?|artifacts?|lands?|enchantments?)\b"
    r"|\b(are|is|becomes?|it's) (still )?(an? |all )?\d+/\d+ ([a-z]+ ){0,3}(artifact |enchantment |land )?creatures?\b"
    r"|\b(is|are|isn't|aren't|becomes?)( no longer| also| still)? (an? |all )?(legendary|snow|basic|nonbasic|tokens?)\b"
    r"|\b(isn't|aren't) (an? )?(artifact|creature|land|enchantment|planeswalker|battle)s?\b|\bevery [a-z ]*land type\b"
    r"|\benchanted (permanent|creature|land|artifact) is an? [a-z' -]+\.$|\bdevotion\b[^.]*\bincreased\b" + _COPY
)
"""An unread static line that may change card types (CR 613.1d): "All Forests are 1/1 creatures …"."""

STATIC_COLOUR_CHANGE = re.compile(
    r"\b(is|are|becomes?|it's) (still )?(an? )?(all )?(white|blue|black|red|green|colorless|the chosen color)\b"
    r"|\bin addition to (its|their) other colors\b|\b(is|are) all colors\b|\bis the colou?r of\b" + _COPY
)
"""An unread static line that may change colours (CR 613.1e): "All creatures are black."."""

STATIC_CREATURE_TYPE_CHANGE = re.compile(
    r"\bevery creature type\b|\bchosen (creature )?type\b|\bcreature types?\b|\bin addition to (its|their) other "
    r"(creature )?types\b|\b(has|have|gains?) changeling\b|\b(is|are) also an? \b"
    r"|\b(are|is) (an? )?(" + "|".join(sorted(t.lower() for t in SUBTYPES["creature"])) + r")(s|es)?\.$"
    # "Nagas and Serpents you control are Snakes." (Hish of the Snake Cult)
)
"""An unread static line that may change creature types (CR 205.3, 613.1d): "… is the chosen type …"."""


def may_change_characteristics(line: str) -> bool:
    """Whether an unread static line may change what permanents are (CR 613): types, colours, power, abilities.

    The patterns the rules refuse under (:data:`STATIC_TYPE_CHANGE`, :data:`STATIC_POWER_CHANGE`,
    :data:`STATIC_COLOUR_CHANGE`, :data:`STATIC_CREATURE_TYPE_CHANGE`) and a keyword ability given or taken
    ("have trample", "loses flying", "loses all abilities").

    Parameters
    ----------
    line : str
        A static line, prepared and lowercased.

    Returns
    -------
    bool
    """
    return any(
        pattern.search(line)
        for pattern in (STATIC_TYPE_CHANGE, STATIC_POWER_CHANGE, STATIC_COLOUR_CHANGE, STATIC_CREATURE_TYPE_CHANGE)
    ) or bool(_ABILITY_CHANGE.search(line))


_ABILITY_CHANGE = re.compile(
    r"\b(has|have|gains?|loses?|lose)\b[^.]*\b(flying|first strike|double strike|deathtouch|haste|hexproof|"
    r"indestructible|lifelink|menace|reach|shroud|trample|vigilance|defender|protection|ward|flash|changeling|"
    r"intimidate|fear|shadow|horsemanship|landwalk|[a-z]+walk|abilities|ability|wither|infect|persist|undying|"
    r"prowess|flanking|bushido|rampage|banding|exalted|provoke|skulk|toxic)\b|\bcan't be activated\b|\btext box\b"
    + _COPY
)
"""An ability given or taken ("have trample", "loses all abilities", 'has "{T}: …"' is not: see the callers)."""


class UnreadText(Exception):
    """A phrase the grammar took in whose words the reader can't give a meaning to: the line is unsupported."""

    def __init__(self, span: str, reason: str) -> None:
        super().__init__(reason)
        self.span = span
        self.reason = reason


_TOPICS = (
    # "mana value" and "mana cost" name a quality of spells, not mana a permanent makes (CR 202.3)
    (
        "mana",
        re.compile(
            r"\badd\b|\bmana\b(?! (value|cost)s?\b)"
            r"|\b(is|are) (an? )?(plains|island|swamp|mountain|forest)|" + _MANA_RELEVANT
        ),
    ),
    ("targeting", re.compile(r"\b(target|targets|targeted|hexproof|shroud|protection|ward)\b")),
    (
        "cost",
        re.compile(
            r"\b(cost|costs|cast|spend|spells?|flash|adventure)\b|\bcards? in (your|their|a player's) hand\b|"
            + _COST_GRANTS
        ),
    ),
    ("counters", re.compile(_NO_COUNTERS)),
    ("sacrifice", re.compile(_NOT_SACRIFICED)),
)


def topics_of(line: str) -> frozenset[str]:
    """Every topic an unread line of a permanent may bear on: one line may ban spells and make mana.

    "Creatures lose all abilities" takes away hexproof, protection, mana abilities and cost changes alike
    (CR 613.1f): it bears on every topic.
    """
    lowered = line.lower()
    if re.search(r"\blose(s)? all abilities\b", lowered):
        return frozenset(topic for topic, _ in _TOPICS)
    return frozenset(topic for topic, pattern in _TOPICS if pattern.search(lowered))


# Target phrases naming what a game state does not hold (STATE_FORMAT.md), each with what is missing
_STATE_LACKS = (
    (
        re.compile(r"\btargets? (?:activated|triggered|loyalty)\b[^.]*?\babilit", re.IGNORECASE),
        "a target ability on the stack: abilities on the stack are not in the state (CR 113.7a, 115.1)",
    ),
    (
        re.compile(r"\bsuspended card\b", re.IGNORECASE),
        "a suspended card: the state does not say which exiled cards are suspended (CR 702.62b)",
    ),
    (re.compile(r"\bcards? in the ante\b", re.IGNORECASE), "a card in the ante: the state has no ante zone (CR 407)"),
)


def unread_reason(span: str) -> str:
    """Why a span the grammar stops at is unsupported: what the state lacks, when the span names it, else unread."""
    return next((reason for pattern, reason in _STATE_LACKS if pattern.search(span)), "text the grammar cannot read")


def error_span(line: str, error: UnexpectedInput) -> str:
    """The span of ``line`` from the word where the grammar stopped reading it to the line's end."""
    position = getattr(error, "pos_in_stream", None)
    if position is None:
        position = 0
    start = max(0, line.rfind(" ", 0, max(0, position - 1)) + 1) if position else 0
    return line[start:]
