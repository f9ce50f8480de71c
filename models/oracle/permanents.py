"""Static and mana abilities of permanents: mana abilities (CR 605), keywords an Aura or Equipment grants."""

from __future__ import annotations

import re

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from models.abilities import (
    ManaAbility,
    ManaTrigger,
    ObjectFilter,
    Quality,
)
from models.objects import CardType
from models.oracle.words import SUBTYPE_BY_WORD

from models.oracle.grammar import read_line
from models.oracle.mana_abilities import mana_ability

from models.abilities import UnsupportedText
from models.oracle.reading import CardReading
from models.oracle.unread import UnreadText, topics_of

__all__ = [
    "BASIC_LETTERS",
    "LOYALTY_COST",
    "quoted_ability_bears_on_no_cast",
    "read_player_ability_line",
    "read_mana_ability_line",
    "read_basic_mana_line",
    "read_ability_line",
]


BASIC_LETTERS = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}


LOYALTY_COST = re.compile(r"\[?[+−-]?(?:\d+|x)\]?:", re.IGNORECASE)
"""The cost of a loyalty ability starting a line: bracketed (``[+1]:``, the pool's) or not (``+1:``, CR 606.4)."""


def quoted_ability_bears_on_no_cast(ability: str) -> bool:
    """Whether an ability given in quotes ('has "Whenever this creature attacks, …"') bears on no cast.

    A triggered or activated ability the grammar reads, other than a mana ability: its targets are not a spell's
    (CR 115.1b, 602, 603), and it makes no mana (CR 605). A mana ability or anything else: False.

    Parameters
    ----------
    ability : str
        The quoted text, lowercased, without its quotes.

    Returns
    -------
    bool
    """
    ability = ability.strip()
    read = read_line(ability if ability.endswith(".") else ability.rstrip(".") + ".")
    return (
        not isinstance(read, UnexpectedInput)
        and read[0] in ("triggered_line", "activated_line")
        and not re.search(r":\s*add\b", ability)
    )


def read_player_ability_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "You have hexproof." / "You have shroud.": the permanent's controller has it (CR 702.11c, 702.18b)."""
    setattr(reading, "controller_" + str(tree.children[1]), True)


def read_mana_ability_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "{T}: Add {R} or {G}." (:func:`mana_ability`, CR 605.1a); what the payer doesn't weigh is reported.

    Generic mana made is reported too. What is reported bears on the permanent's mana; its restriction on what
    that mana pays for ("Spend this mana only to cast kicked spells", CR 106.6) bears on that mana alone, no
    cost of other spells: the line's other topics are read without it.
    """
    try:
        reading.mana_abilities.append(mana_ability(tree))
    except UnreadText as unread:
        reading.unsupported.append(
            UnsupportedText(
                unread.span,
                unread.reason,
                casting_relevant=False,
                permanent_relevant=True,
                topics=frozenset({"mana"}) | topics_of(_SPEND_ONLY.sub("", original)),
            )
        )
    except ValueError:
        reading.unsupported.append(
            UnsupportedText(
                original,
                "generic mana in a mana ability",
                casting_relevant=False,
                permanent_relevant=True,
                topics=topics_of(original),
            )
        )


def read_basic_mana_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """A basic land's mana symbol alone, "({T}: Add {G}.)" dropped as reminder text (CR 305.6)."""
    reading.mana_abilities.append(ManaAbility((frozenset(BASIC_LETTERS[line]),)))


_SPEND_ONLY = re.compile(r"\bspend this mana only\b[^.]*\.", re.IGNORECASE)
"""A mana ability's restriction on what its mana pays for (CR 106.6): a rule of that mana, no cost of other spells."""


_TRIGGERED_MANA = re.compile(
    r"whenever [^.]*(?:\btaps? [^.]*\bfor (?:mana\b|\{[wubrgc]\})|\btapped for mana\b|\bcauses you to add\b)"
    r"[^.]*,[^.]*\badds?\b"
)
"""A triggered mana ability (CR 605.1b): "Whenever a player taps a land for mana, that player adds one mana of any
type that land produced.", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
"Whenever you tap a creature for mana, add an additional {G}."."""


_ENCHANTED_TAPPED = re.compile(
    r"whenever enchanted (?:land|[a-z]+) is tapped for mana, its controller adds an additional "
    r"(?P<what>(?:\{[wubrgc]\})+|one mana of any color|two mana in any combination of colors)\."
)


def _added_when_enchanted_is_tapped(line: str) -> list[frozenset[str]] | None:
    """The mana "Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}." adds.

    Each unit the letters it may be: "{G}{G}" two of G, "one mana of any color" one of WUBRG, "two mana in any
    combination of colors" two of WUBRG (CR 605.1b, 106.1b);
    None when the line is not one of these.
    """
    found = _ENCHANTED_TAPPED.fullmatch(line)
    if found is None:
        return None
    what = found["what"]
    if what == "one mana of any color":
        return [frozenset("WUBRG")]
    if what == "two mana in any combination of colors":  # each of any colour (CR 106.1b)
        return [frozenset("WUBRG")] * 2
    return [frozenset(symbol.upper()) for symbol in re.findall(r"\{([wubrgc])\}", what)]


_TAPPED_WORDS = r"(?:an? )?(?P<what>[a-z]+(?: land)?|mountain, forest, or plains)"

_MANA_TRIGGER = (
    re.compile(
        rf"whenever (?P<who>you tap|a player taps) {_TAPPED_WORDS} for mana, (?:add|that player adds) one mana of "
        r"any type that (?:land|creature) produced\."
    ),
    re.compile(
        rf"whenever (?P<who>you tap) {_TAPPED_WORDS} for mana, add (?:an additional )?(?P<mana>(?:\{{[wubrgc]\}})+)\."
    ),
    re.compile(
        rf"whenever (?P<who>){_TAPPED_WORDS} is tapped for mana, its controller adds an additional "
        r"(?P<mana>(?:\{[wubrgc]\})+)\."
    ),
)
"""Triggered mana abilities read (CR 605.1b): "Whenever you tap a Swamp for mana, add an additional {B}.",
"Whenever a Forest is tapped for mana, its controller adds an additional {G}.", "Whenever a player taps a land for
mana, that player adds one mana of any type that land produced."."""


def _mana_trigger(line: str, original: str) -> ManaTrigger | None:
    """The :class:`~models.abilities.ManaTrigger` a line is, or None (CR 605.1b, 106.12a)."""
    for pattern in _MANA_TRIGGER:
        found = pattern.fullmatch(line)
        if found is None:
            continue
        tapped = _tapped_filter(found["what"])
        if tapped is None:
            return None
        mana = found.groupdict().get("mana") or ""
        added = tuple(frozenset(letter.upper()) for letter in re.findall(r"\{([wubrgc])\}", mana))
        return ManaTrigger(tapped, found["who"] != "you tap", added, produced=not added, text=original)
    return None


def _tapped_filter(what: str) -> ObjectFilter | None:
    """What "a land", "a basic land", "a Swamp", "a creature", "a Mountain, Forest, or Plains" names; or None."""
    if what in ("land", "creature"):
        return ObjectFilter((frozenset({Quality("type", CardType(what.capitalize()))}),), what)
    if what == "basic land":
        clauses = (frozenset({Quality("supertype", "Basic")}), frozenset({Quality("type", CardType.LAND)}))
        return ObjectFilter(clauses, what)
    words = what.replace(", or ", ", ").split(", ")
    subtypes = [SUBTYPE_BY_WORD.get(word) for word in words]
    if not all(subtypes):
        return None
    return ObjectFilter((frozenset(Quality("subtype", subtype) for subtype in subtypes),), what)


_AS_AN_INSTANT = re.compile(r"\bactivate only as an? (?:instant|sorcery)\b")
"""A mana ability with the timing of an instant or a sorcery (Lion's Eye Diamond): activated only with priority,
never while a spell is being cast (CR 602.5e, 601.2g, 117.1a)."""

_CREATES = re.compile(r'\s*(?:each player )?creates? [^"]*"[^"]*"[^"]*')
"""An effect that creates tokens with a quoted ability and nothing else outside the quotes."""


def _adds_mana(line: str) -> bool:
    """Whether an activated ability's line may be a mana ability: it adds mana (CR 605.1a).

    "{4}: Create two 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this token: Add {C}."" is
    not: its effect creates tokens, whose ability adds mana once they exist, and it can't be activated while a
    spell is cast (CR 601.2g: mana abilities alone).
    """
    if not re.search(r":\s*add\b", line):
        return False
    effect = line.split(":", 1)[1]
    return re.search(r"\badd\b", re.sub(r'"[^"]*"', "", effect)) is not None or _CREATES.fullmatch(effect) is None


def read_ability_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """A triggered, activated or chapter ability: its targets are not the spell's (CR 115.1b, 714.2b).

    A triggered mana ability ("Whenever enchanted land is tapped for mana, its controller adds an additional
    {G}", CR 605.1b) and a mana ability with a cost other than {T} change the mana a permanent makes: reported;
    one that may be activated only as an instant or a sorcery is never activated while a spell is cast (CR 602.5e).
    (A loyalty ability is never a mana ability, CR 605.1a: it makes mana as it resolves.) Its restriction on what
    its mana pays for ("Spend this mana only to cast kicked spells", CR 106.6) bears on that mana alone, no cost of
    other spells: the line's other topics are read without it.
    """
    if tree.data == "triggered_line" and (added := _added_when_enchanted_is_tapped(line)) is not None:
        reading.mana_when_tapped.extend(added)  # read: the enchanted land makes that much more (CR 605.1b)
    elif tree.data == "triggered_line" and (trigger := _mana_trigger(line, original)) is not None:
        reading.mana_triggers.append(trigger)  # "Whenever you tap a Swamp for mana, add an additional {B}."
    elif tree.data == "triggered_line" and _TRIGGERED_MANA.match(line):
        reading.unsupported.append(
            UnsupportedText(
                original,
                "triggered mana ability not read",
                casting_relevant=False,
                permanent_relevant=True,
                topics=frozenset({"mana"}),
            )
        )
    elif tree.data == "activated_line" and _adds_mana(line) and _AS_AN_INSTANT.search(line):
        pass  # never activated while a spell is cast: that needs priority (CR 602.5e, 601.2g); the state gives the pool
    elif tree.data == "activated_line" and _adds_mana(line) and not LOYALTY_COST.match(line):
        reading.unsupported.append(
            UnsupportedText(
                original,
                "mana ability with a cost other than {T}",
                casting_relevant=False,
                permanent_relevant=True,
                topics=frozenset({"mana"}) | topics_of(_SPEND_ONLY.sub("", original)),
            )
        )
