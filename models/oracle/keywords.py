"""Keyword lines (CR 702): the keyword abilities a line of the grammar's ``keyword_line`` rule names."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from models.abilities import (
    ManaAbility,
    OTHER_ZONE_KEYWORDS,
    SPELL_OWNER,
    AdditionalCost,
    AlternativeCost,
    CardAbilities,
    Cost,
    CostModifier,
    Count,
    Instruction,
    ObjectCost,
    ObjectFilter,
    Protection,
    Prototype,
    Quality,
    SpliceAbility,
    TargetKind,
    TargetSpec,
    TurnRequirement,
    UnsupportedText,
    ZonePermission,
)
from models.choices import CostAction
from models.errors import InputError
from models.mana import Color, ManaCost
from models.objects import CardType, Zone
from models.oracle.costs import cost_of_parts, object_cost
from models.oracle.grammar import any_terminal, first_token, mana_cost_of, oracle_parser, tree_tokens
from models.oracle.keyword_costs import (
    RETURN_TAPPED_CREATURE,
    affinity_modifier,
    bestow_cost,
    conspire_cost,
    emerge_costs,
    gift_cost,
    read_cast_keyword_cost,
    read_combat_damage_alternative,
    read_cost_of_parts_line,
    read_keyword_cost,
    read_kicker_line,
    read_optional_cost_line,
    read_sneak_line,
    read_teamwork_line,
    read_turn_alternative,
    sacrifice_keyword,
    strive_modifier,
)
from models.oracle.reading import CardReading, Keyword, KeywordKind, KeywordReader
from models.oracle.mana_abilities import mana_ability
from models.oracle.unread import PERMANENT_RELEVANT, UnreadText, topics_of
from models.oracle.words import COLOR_WORDS, SUBTYPE_BY_WORD, TYPE_WORDS, singular_noun, strip_reminder

__all__ = [
    "KEYWORD_TABLE",
    "KEYWORDS",
    "KEYWORD_COSTS",
    "KEYWORD_SHAPED",
    "KEYWORD_COST_DASH",
    "WITH_ITS_COST",
    "battlefield_keyword_start",
    "keyword_then_cost",
    "read_keywords",
    "read_keyword_line",
    "read_keyword_led_line",
    "read_unread_keyword_line",
    "parse_granted",
]


# A line shaped like a keyword ability (CR 702): no sentence, so no closing period, colon or quote; a modal
# bullet or a power/toughness line ("4/4", a level up card's) is not one.
KEYWORD_SHAPED = re.compile(r"(?!.*•)(?!level \d)(?!\d+/\d+$).*[^.:\"~]")


# "Flashback—{R}, Pay 3 life.", "Ward—Discard a card.": a keyword and a cost joined by an unspaced dash
# (an ability word's dash is spaced: "Landfall — Whenever …")
KEYWORD_COST_DASH = re.compile(r"[a-z][a-z' -]*[a-z0-9]—\S")


WITH_ITS_COST = re.compile(r"—| ?\{| \d| x\b|\.?$")
"""What follows a keyword with its cost, or alone ("Flashback—…", "Escape {…", "Suspend 4—…", "Suspend X—…",
"Mayhem"); not a line about the keyword ("Flashback costs you pay cost {2} less.")."""


@functools.cache
def battlefield_keyword_start() -> re.Pattern[str]:
    """The keywords of the grammar that don't change how the card is cast from the hand, at a line's start.

    A keyword line that starts with one but is not read ("Protection from non-Spirit creatures", "Flashback—{R},
    Pay 3 life.") bears on the card as a permanent, or on casting it from another zone, not from the hand.
    """
    return any_terminal(
        (
            "COMBAT_KEYWORD",
            "NUMBERED_KEYWORD",
            "HAND_KEYWORD",
            "LANDWALK",
            "PROTECTION_FROM",
            "HEXPROOF",
            "HEXPROOF_FROM",
            "SHROUD",
            "WARD",
        )
    )


def keyword_then_cost(line: str) -> bool:
    """Whether a line is a keyword of the grammar followed by a cost ("Flashback {3}{B}, Pay 3 life.", CR 702)."""
    keyword = battlefield_keyword_start().match(line) or _cast_keyword_start().match(line)
    return keyword is not None and line[keyword.end() :].startswith((" {", "—"))


@functools.cache
def _cast_keyword_start() -> re.Pattern[str]:
    """The keywords that change how the card is cast from the hand, at a line's start (CAST_KEYWORD, COST_KEYWORD)."""
    return any_terminal(("CAST_KEYWORD", "COST_KEYWORD"))


def _set(name: str) -> KeywordReader:
    """A reader that notes the keyword ``name`` of the card: flash, hexproof, shroud, ward, Spree, fuse."""

    def read(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
        setattr(reading, name, True)
        return True

    return read


def _read_alone(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """A keyword that is a way to pay (delve, convoke, improvise, assist) or undaunted, alone on its line.

    Delve: each card exiled from the graveyard pays for {1} (CR 702.66a); convoke: each creature tapped pays for
    {1} or one mana of its colour (CR 702.51a); improvise: each artifact tapped pays for {1} (CR 702.126a);
    assist: another player may pay generic mana of the total cost (CR 702.132a); undaunted: "This spell costs
    {1} less to cast for each opponent you have", each instance applying (CR 702.125a-c).
    """
    if [str(t).lower() for t in tree.children if isinstance(t, Token)] != [keyword.name]:
        return False
    if keyword.name == "undaunted":
        opponents = Count(opponents=True, text="opponent you have")
        reading.cost_modifiers.append(CostModifier(-1, line, own=True, per=opponents))
    else:
        setattr(reading, keyword.name, True)
    return True


def _read_hexproof_from(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Hexproof from black": opponents' spells of that colour can't target it (CR 702.11d)."""
    if tree.data == "hexproof":
        reading.hexproof = True
    else:
        reading.hexproof_from |= {
            COLOR_WORDS[str(t)] for t in tree.children if isinstance(t, Token) and t.type == "COLOR"
        }
    return True


_HEXPROOF_FROM_LINE = re.compile(r"hexproof from (?P<what>[a-z ,]+)")
_HEXPROOF_TYPES = {
    "artifacts": CardType.ARTIFACT,
    "creatures": CardType.CREATURE,
    "enchantments": CardType.ENCHANTMENT,
    "instants": CardType.INSTANT,
    "sorceries": CardType.SORCERY,
    "planeswalkers": CardType.PLANESWALKER,
}


def _read_hexproof_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Hexproof from artifacts and enchantments", "… from monocolored", "… from each color" (CR 702.11d).

    The spells of the quality that the permanent's controller's opponents control can't target it; the quality
    is read as protection's (card types, colour counts, every colour). False for any other word.
    """
    found = _HEXPROOF_FROM_LINE.fullmatch(line)
    if found is None:
        return False
    if found["what"] == "activated and triggered abilities":
        return True  # abilities, never spells: no cast's target (CR 113.1, 115.1)
    words = [w for w in re.split(r",? and |, ", found["what"]) if w]
    types = {_HEXPROOF_TYPES[w] for w in words if w in _HEXPROOF_TYPES}
    counts = {w for w in words if w in ("monocolored", "multicolored")}
    every = "each color" in words
    if len(types) + len(counts) + every != len(words):
        return False
    colours = frozenset(COLOR_WORDS.values()) if every else frozenset()
    text = original[: len("hexproof from ") + len(found["what"])]
    reading.hexproof_from_qualities.append(
        Protection(colours, frozenset(types), text=text, colour_counts=frozenset(counts))
    )
    return True


def _read_protection(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Protection from red and from blue" (CR 702.16a); a quality not read is reported, the rest kept."""
    colors: set[Color] = set()
    types: set[CardType] = set()
    subtypes: set[str] = set()
    supertypes: set[str] = set()
    colour_counts: set[str] = set()
    everything = False
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        word = str(child.children[0])
        if child.data == "protection_color":
            colors.add(COLOR_WORDS[word])
        elif child.data == "protection_type":
            types.add(TYPE_WORDS[word])
        elif child.data == "protection_everything":
            everything = True
        elif word.lower() in ("multicolored", "monocolored"):
            colour_counts.add(word.lower())
        elif word.lower() == "snow":
            supertypes.add("Snow")
        elif (subtype := _subtype_of_plural(word.lower())) is not None:
            subtypes.add(subtype)
        else:
            reading.unsupported.append(
                UnsupportedText(
                    line,
                    f"protection from {word!r} not modelled",
                    casting_relevant=False,
                    permanent_relevant=True,
                    topics=frozenset({"targeting"}),
                )
            )
    tokens = tree_tokens(tree)
    reading.protections.append(
        Protection(
            frozenset(colors),
            frozenset(types),
            everything,
            line[tokens[0].start_pos : tokens[-1].end_pos],
            frozenset(subtypes),
            frozenset(supertypes),
            frozenset(colour_counts),
        )
    )
    return True


def _subtype_of_plural(word: str) -> str | None:
    """The subtype a plural word names ("clerics", "elves", "werewolves", "arcane"), or None (CR 205.3)."""
    if word in SUBTYPE_BY_WORD:
        return SUBTYPE_BY_WORD[word]
    single = singular_noun(word)
    return SUBTYPE_BY_WORD.get(single) if single is not None else None


def _read_awaken(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Awaken 3—{5}{W}{W}": its N and cost, an alternative cost with text of its own (CR 702.113a)."""
    reading.awaken = (int(str(tree.children[1])), mana_cost_of(tree.children[-1]))
    return True


def _read_mode_cost(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Entwine or escalate with its cost: mana, "discard a card", or objects (CR 702.42a, 702.120a)."""
    name = keyword.name
    if tree.data == name:
        setattr(reading, name, Cost(mana_cost_of(tree.children[1]), text=line))
        return True
    text = str(tree.children[-1])
    if name == "escalate" and text.rstrip(".") == "discard a card":  # CR 702.120a
        reading.escalate = Cost(objects=(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text=text),), text=text)
        return True
    cost = object_cost(text)
    if cost is None:
        reading.unsupported.append(UnsupportedText(line, f"{name} cost {text!r} not modelled"))
    else:
        setattr(reading, name, Cost(objects=(cost,), text=text))
    return True


def _read_splice(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Splice onto Arcane {1}{R}" and its cost: mana, "an opponent gains N life", or objects (CR 702.47a)."""
    quality_tree, cost_part = tree.children[1], tree.children[-1]
    quality = (
        "Arcane" if isinstance(quality_tree, Tree) and quality_tree.data == "splice_arcane" else "instant or sorcery"
    )
    if isinstance(cost_part, Tree):
        reading.splice = SpliceAbility(quality, Cost(mana_cost_of(cost_part), text=line))
    elif re.fullmatch(r"an opponent gains \d+ life\.?", str(cost_part)):
        # no object is chosen and nothing can stop it being paid (CR 118.3, 119.10)
        reading.splice = SpliceAbility(quality, Cost(text=str(cost_part)))
    else:
        cost = object_cost(str(cost_part))
        if cost is None:
            reading.unsupported.append(UnsupportedText(line, f"splice cost {str(cost_part)!r} not modelled"))
        else:
            reading.splice = SpliceAbility(quality, Cost(objects=(cost,), text=str(cost_part)))
    return True


def _read_enchant(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Enchant creature": read as the Aura spell's target when the card is read whole (CR 303.4a, 702.5a)."""
    reading.enchant.append(line)
    return True


def _read_quality(keyword: Keyword | None, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """A keyword of a permanent that bears on no cast but is a quality targets ask: "target creature with flying"."""
    reading.keywords.add(" ".join(str(tree.children[0]).lower().split()))
    return True


def _read_zone_permission(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Jump-start, retrace, aftermath alone: cast from the graveyard, with a cost added (CR 601.3).

    Aftermath's half is cast only from the graveyard (CR 702.127a), whatever follows the keyword.
    """
    if keyword.name == "aftermath":  # "Cast this spell only from your graveyard." (CR 702.127a)
        reading.cast_only_from = Zone.GRAVEYARD
    if len(tree.children) != 1 or keyword.permission is None:
        return False
    reading.zone_permissions.append(keyword.permission(line))
    return True


def _read_zone_cost(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Flashback {2}{R}", "Foretell {1}{U}", "Madness {1}{R}": cast from that zone for that cost (CR 118.9).

    Which cards may use it, from which zone: :mod:`solver.rules.zones`.
    """
    if keyword.cost is None or len(tree.children) < 2:
        return False
    if not all(isinstance(t, Token) and t.type == "MANA_SYMBOL" for t in tree.children[1:]):
        # "Flashback—Sacrifice a Mountain.": a cost of parts, read as the free-text line is (CR 702.34a)
        return keyword.read_line is not None and keyword.read_line(keyword, reading, line.strip().lower(), line.strip())
    zone_cost = ManaCost.parse("".join(str(t) for t in tree.children[1:]), path="oracle_text")
    reading.add_cost(keyword.cost(Cost(zone_cost, text=line)))
    return True


def _read_suspend(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Suspend 4—{1}{R}": the card is cast from exile, free, as its last time counter's trigger resolves.

    Exiling the card with time counters is a special action, no cast (CR 116.2f); the cast as the trigger resolves
    is without paying its mana cost (CR 702.62a).

    Read as the keyword alone (:attr:`CardAbilities.keywords`): the question of that cast names the trigger
    (``resolving="suspend"``, :data:`solver.rules.zones.RESOLVING_KEYWORDS`).
    """
    if not re.match(r"suspend (?:\d+|x)—(?:\{[^}]+\})+", line.strip().lower()):
        return False
    reading.keywords.add("suspend")
    return True


def _read_nothing(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Plot: nothing to read; exiling the card is a special action (CR 702.170a).

    The card is cast from exile while plotted, which the state says, whether or not it has plot then (CR
    702.170d).
    """
    return True


def _read_face_down(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Morph {4}{G}", "Morph—Reveal a white card in your hand.", "Disguise {1}{W}": also cast face down for {3}.

    The cost after the keyword turns the permanent face up, and bears on no cast (CR 702.37a-e, 702.168).
    """
    reading.face_down = keyword.name
    return True


def _read_tiered(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Tiered alone: choose one mode, paying its cost as an additional cost (CR 702.183a)."""
    if len(tree.children) != 1:
        return False
    reading.tiered = True
    return True


def _read_emerge(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Emerge: the alternative cost, sacrificing a creature, and its reduction (CR 702.119a)."""
    found = emerge_costs(line)
    if found is None:
        return False
    reading.alternative.append(found[0])
    reading.cost_modifiers.append(found[1])
    return True


def _read_bestow(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Bestow: cast as an Aura with enchant creature for this cost (CR 702.103a-b)."""
    reading.bestow = bestow_cost(tree, line)
    return reading.bestow is not None


_PROTOTYPE = re.compile(r"prototype (?P<cost>(?:\{[^}]+\})+) ?[—-] ?(?P<power>\d+)/(?P<toughness>\d+)")


def _read_prototype(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Prototype: cast with another mana cost, power and toughness, "Prototype {2}{R} — 3/2" (CR 702.160a, 718)."""
    token = first_token(tree)
    text = re.split(r" ?\(", line[token.start_pos :], maxsplit=1)[0].strip()
    found = _PROTOTYPE.fullmatch(text.lower())
    if found is None:
        return False
    try:
        cost = ManaCost.parse(found["cost"], path="prototype")
    except InputError:
        return False
    reading.prototype = Prototype(cost, found["power"], found["toughness"], text)
    return True


def _read_converted(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """More Than Meets the Eye: cast converted, its back face up, for this cost (CR 702.162a, 712.11a)."""
    token = first_token(tree)
    text = re.split(r" ?\(", line[token.start_pos :], maxsplit=1)[0].strip()
    found = re.fullmatch(r"more than meets the eye (?P<cost>(?:\{[^}]+\})+)", text.lower())
    if found is None:
        return False
    cost = cost_of_parts(found["cost"])
    if isinstance(cost, str):
        return False
    reading.more_than_meets_the_eye = dataclasses.replace(cost, text=text)
    return True


MUTATE_TARGET = TargetSpec(
    "target non-Human creature with the same owner as this spell",
    frozenset({TargetKind.CREATURE}),
    qualities=ObjectFilter(
        (frozenset({Quality("subtype", "Human", negated=True)}), frozenset({Quality("owner", SPELL_OWNER)})),
        "non-Human, with the same owner as this spell",
    ),
    condition=("mutate",),
)
"""The target a spell cast for its mutate cost has (CR 702.140a, 115.1e): the rule, not the card, says "target"."""


def _read_mutate(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """ "Mutate {2}{U}": an alternative cost that makes the spell a mutating creature spell with a target.

    Paid, the spell "targets a non-Human creature with the same owner as this spell" (CR 702.140a): that target
    is part of the spell only then, as awaken's is (CR 601.2c). Chosen legally as it is cast, the target may be
    illegal as it resolves: the spell then resolves as a creature spell (CR 702.140b, 608.3b).
    """
    if not read_cast_keyword_cost(keyword, tree, line, reading):
        return False
    reading.spell_text.append(
        Instruction(
            "Merge with target non-Human creature with the same owner as this spell.", (MUTATE_TARGET,), ("mutate",)
        )
    )
    return True


def _read_cost_change(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Affinity ({1} less for each …, CR 702.41a) or strive (more for each target beyond the first, CR 207.2c)."""
    change = affinity_modifier(line) if keyword.name == "affinity" else strive_modifier(line)
    if change is None:
        return False
    reading.cost_modifiers.append(change)
    return True


def _read_additional(keyword: Keyword, tree: Tree[Token], line: str, reading: CardReading) -> bool:
    """Bargain, casualty N (an optional sacrifice, CR 702.166a, 702.153a), conspire (CR 702.78a), gift (CR 702.174a).

    Conspire's creatures share a colour with the card: with no card (granted keywords), it is not read.
    """
    if keyword.name == "conspire":
        cost = None if reading.colors is None else conspire_cost(tree, reading.colors)
    elif keyword.name == "gift":
        cost = gift_cost(tree)
    else:
        cost = sacrifice_keyword(tree, line)
    if cost is None:
        return False
    reading.additional.append(cost)
    return True


def _read_paradigm_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """Paradigm: a copy cast from exile, which the state does not describe, reported (CR 707.12).

    "Then exile this spell. After you first resolve a spell with this name, you may cast a copy of it from exile
    …" (its reminder text): nothing about casting the card from the hand or a graveyard.
    """
    if line != keyword.name:
        return False
    reading.unsupported.append(
        UnsupportedText(
            original,
            "casting a copy of a card with paradigm from exile is not modelled (CR 707.12)",
            casting_relevant=False,
            zones=frozenset({Zone.EXILE}),
        )
    )
    return True


def _read_commander_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Spell commander": what a deck may hold (CR 903.3), nothing to read.

    Cast as a commander it is cast from the command zone (CR 903.8), which no state holds.
    """
    return line == keyword.name


_INERT_LINES = {
    "specialize": re.compile(r"specialize (?:\{[^}]+\})+"),
    "augment": re.compile(r"augment (?:\{[^}]+\})+"),
    "double team": re.compile(r"double team"),
    "increment": re.compile(r"increment"),
    "ready to run": re.compile(r"ready to run"),
    "poison tolerance": re.compile(r"poison tolerance \+\d+"),
}
"""The shape of each keyword line :func:`_read_inert_line` reads: the keyword, and its cost or number."""


def _read_inert_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """A keyword newer than the rules followed whose reminder text bears on no cast: read, nothing to record.

    Each is defined by its reminder text, which says what it does once the card is a permanent or a player's:
    "Specialize {2}" ("{2}, Discard a card: This creature perpetually specializes …. Activate only as a
    sorcery.", an activated ability, CR 602), "Double team" ("When this creature attacks, conjure a duplicate
    …", a triggered ability, CR 603), "Increment" ("Whenever you cast a spell, if the amount of mana you spent is
    greater than this creature's power or toughness, put a +1/+1 counter on this creature.": it triggers once the
    spell is cast, CR 601.2i, and resolves after it), "Augment {2}{G}" ("{2}{G}, Reveal this card from your hand:
    Combine it with target host.": a way to put the card onto the battlefield that is no cast, as ninjutsu, CR
    702.49a), "Ready to run" (two commanders, deck construction, as partner, CR 702.124a), "Poison Tolerance +1"
    (more poison counters before a player loses, CR 704.5c). No spell of the pool targets or counts by them.
    """
    shape = _INERT_LINES.get(keyword.name)
    return shape is not None and shape.fullmatch(line) is not None


_EQUIP_LINE = re.compile(r"equip(?:—[^.]+\.| (?:\{[^}]+\})+\.?)(?: this ability costs [^.]+ to activate[^.]*\.)?")
"""Equip with its cost, and a change of that cost ("Equip {4}. This ability costs {1} less to activate for each
…"): an activated ability of the permanent (CR 702.6a, 602), no cast."""


def _read_equip_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Equip {4}. This ability costs {1} less to activate …", "Equip—Discard a card.": read, no cast (CR 702.6a)."""
    return _EQUIP_LINE.fullmatch(line.rstrip()) is not None


_WARD_LINE = re.compile(r"ward—[^.]+\.")
"""Ward with a cost other than mana ("Ward—{2}, Pay 2 life."): a triggered ability (CR 702.21a)."""


def _read_ward_line(keyword: Keyword, reading: CardReading, line: str, original: str) -> bool:
    """ "Ward—{4}, Pay 4 life.": ward, whose trigger counters a spell after it is cast unless its cost is paid.

    Becoming the target of a spell triggers it (CR 702.21a): the cast is made whole before (CR 601.2i), so the
    cost bears on no cast; the permanent has ward, as with a mana cost.
    """
    if _WARD_LINE.fullmatch(line) is None:
        return False
    reading.ward = True
    return True


_COST = KeywordKind.ADDITIONAL_COST
_ALTERNATIVE = KeywordKind.ALTERNATIVE_COST


def _plain(kind: KeywordKind, terminal: str, *named: tuple[str, str]) -> tuple[Keyword, ...]:
    """Keywords of one kind and terminal with no reader of their own: their names and rules."""
    return tuple(Keyword(name, kind, rule, (terminal,)) for name, rule in named)


_TURN_REQUIREMENTS = {
    "spectacle": TurnRequirement("opponent lost life", "an opponent lost life this turn"),
    "surge": TurnRequirement("cast another spell", "you have cast another spell this turn"),
}


def _turn_alternative(name: str, rule: str) -> Callable[[Cost], AlternativeCost]:
    """The record of spectacle or surge: payable when this turn's facts say so (CR 702.137a, 702.117a)."""
    return lambda cost: AlternativeCost(name, cost, rule, requires=(_TURN_REQUIREMENTS[name],))


_HAND = "HAND_KEYWORD"
_CAST = "CAST_KEYWORD"
_COST_TERMINAL = "COST_KEYWORD"


KEYWORD_TABLE: tuple[Keyword, ...] = (
    # ---- costs after the keyword (CR 118.8, 118.9): each makes one record, read the same way by the cast problem
    Keyword(
        "kicker",
        _COST,
        "CR 702.33a",
        (_COST_TERMINAL,),
        read_keyword_cost,
        read_kicker_line,
        cost=lambda cost: AdditionalCost(cost, "kicker", optional=True, rule="CR 702.33a"),
    ),
    Keyword(
        "multikicker",
        _COST,
        "CR 702.33c",
        (_COST_TERMINAL,),
        read_keyword_cost,
        cost=lambda cost: AdditionalCost(cost, "multikicker", optional=True, most_times=None, rule="CR 702.33c"),
    ),
    Keyword(
        "overload",
        _ALTERNATIVE,
        "CR 702.96a",
        (_COST_TERMINAL,),
        read_keyword_cost,
        cost=lambda cost: AlternativeCost("overload", cost, "CR 702.96a", removes_targets=True),
    ),
    Keyword(
        "buyback",
        _COST,
        "CR 702.27a",
        (_COST_TERMINAL, _CAST),
        read_keyword_cost,
        read_optional_cost_line,
        cost=lambda cost: AdditionalCost(cost, "buyback", optional=True, rule="CR 702.27a"),
    ),
    Keyword(
        "replicate",
        _COST,
        "CR 702.56a",
        (_COST_TERMINAL, _CAST),
        read_keyword_cost,
        read_optional_cost_line,
        cost=lambda cost: AdditionalCost(cost, "replicate", optional=True, most_times=None, rule="CR 702.56a"),
    ),
    Keyword(
        "offspring",
        _COST,
        "CR 702.175a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AdditionalCost(cost, "offspring", optional=True, rule="CR 702.175a"),
    ),
    Keyword(
        "squad",
        _COST,
        "CR 702.157a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AdditionalCost(cost, "squad", optional=True, most_times=None, rule="CR 702.157a"),
    ),
    Keyword("bargain", _COST, "CR 702.166a", (_CAST,), _read_additional),
    Keyword("casualty", _COST, "CR 702.153a", (_CAST,), _read_additional),
    Keyword("conspire", _COST, "CR 702.78a", (_CAST,), _read_additional),
    Keyword("gift", _COST, "CR 702.174a", (_CAST,), _read_additional),
    # newer than the rules followed: its reminder text defines it, an optional additional cost (CR 118.8)
    Keyword("teamwork", _COST, "", (), read_line=read_teamwork_line),
    Keyword(
        "evoke",
        _ALTERNATIVE,
        "CR 702.74a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AlternativeCost("evoke", cost, "CR 702.74a"),
    ),
    Keyword(
        "dash",
        _ALTERNATIVE,
        "CR 702.109a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AlternativeCost("dash", cost, "CR 702.109a"),
    ),
    Keyword(
        "blitz",
        _ALTERNATIVE,
        "CR 702.152a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AlternativeCost("blitz", cost, "CR 702.152a"),
    ),
    Keyword(
        "warp",
        _ALTERNATIVE,
        "CR 702.185a",
        (_CAST,),
        read_cast_keyword_cost,  # from the hand only
        cost=lambda cost: AlternativeCost("warp", cost, "CR 702.185a"),
    ),
    Keyword(
        "impending",
        _ALTERNATIVE,
        "CR 702.176a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AlternativeCost("impending", cost, "CR 702.176a"),
    ),
    # "paying [cost] and returning a tapped creature you control to its owner's hand" (CR 702.188a)
    Keyword(
        "web-slinging",
        _ALTERNATIVE,
        "CR 702.188a",
        (_CAST,),
        read_cast_keyword_cost,
        cost=lambda cost: AlternativeCost(
            "web-slinging", dataclasses.replace(cost, objects=cost.objects + (RETURN_TAPPED_CREATURE,)), "CR 702.188a"
        ),
    ),
    Keyword(
        "spectacle",
        _ALTERNATIVE,
        "CR 702.137a",
        (_CAST,),
        read_turn_alternative,
        cost=_turn_alternative("spectacle", "CR 702.137a"),
    ),
    Keyword(
        "surge",
        _ALTERNATIVE,
        "CR 702.117a",
        (_CAST,),
        read_turn_alternative,
        cost=_turn_alternative("surge", "CR 702.117a"),
    ),
    # a mutating creature spell, with a target (CR 702.140a-b)
    Keyword(
        "mutate",
        _ALTERNATIVE,
        "CR 702.140a",
        (_CAST,),
        _read_mutate,
        cost=lambda cost: AlternativeCost("mutate", cost, "CR 702.140a", resolves_untargeted=True),
    ),
    Keyword("prowl", _ALTERNATIVE, "CR 702.76a", (_CAST,), read_combat_damage_alternative),
    Keyword("freerunning", _ALTERNATIVE, "CR 702.173a", (_CAST,), read_combat_damage_alternative),
    Keyword("emerge", _ALTERNATIVE, "CR 702.119a", (_CAST,), _read_emerge),
    # newer than the rules followed: its reminder text defines it, an alternative cost (CR 118.9)
    Keyword("sneak", _ALTERNATIVE, "", (), read_line=read_sneak_line),
    # ---- changes of the total cost (CR 601.2f) and other ways to pay it (CR 601.2h)
    Keyword("affinity", KeywordKind.COST_CHANGE, "CR 702.41a", (_CAST,), _read_cost_change),
    Keyword("strive", KeywordKind.COST_CHANGE, "CR 207.2c", (_CAST,), _read_cost_change),  # an ability word
    Keyword("undaunted", KeywordKind.COST_CHANGE, "CR 702.125a", (_CAST,), _read_alone),
    Keyword("delve", KeywordKind.PAYMENT, "CR 702.66a", (_CAST,), _read_alone),
    Keyword("convoke", KeywordKind.PAYMENT, "CR 702.51a", (_CAST,), _read_alone),
    Keyword("improvise", KeywordKind.PAYMENT, "CR 702.126a", (_CAST,), _read_alone),
    Keyword("assist", KeywordKind.PAYMENT, "CR 702.132a", (_CAST,), _read_alone),
    # ---- cast as something else
    Keyword("morph", KeywordKind.CAST_AS, "CR 702.37a", (_CAST,), _read_face_down),
    Keyword("megamorph", KeywordKind.CAST_AS, "CR 702.37b", (_CAST,), _read_face_down),
    Keyword("disguise", KeywordKind.CAST_AS, "CR 702.168a", (_CAST,), _read_face_down),
    Keyword("bestow", KeywordKind.CAST_AS, "CR 702.103a", (_CAST,), _read_bestow),
    Keyword("prototype", KeywordKind.CAST_AS, "CR 702.160a", (_CAST,), _read_prototype),
    Keyword("more than meets the eye", KeywordKind.CAST_AS, "CR 702.162a", (_CAST,), _read_converted),
    # ---- modes, splice
    Keyword("spree", KeywordKind.MODES, "CR 702.172a", ("SPREE",), _set("spree")),
    Keyword("tiered", KeywordKind.MODES, "CR 702.183a", (_CAST,), _read_tiered),
    Keyword("entwine", KeywordKind.MODES, "CR 702.42a", ("ENTWINE",), _read_mode_cost),
    Keyword("escalate", KeywordKind.MODES, "CR 702.120a", ("ESCALATE",), _read_mode_cost),
    Keyword("splice", KeywordKind.SPLICE, "CR 702.47a", ("SPLICE_ONTO",), _read_splice),
    # ---- permissions: another time, another zone (CR 601.3)
    Keyword("flash", KeywordKind.PERMISSION, "CR 702.8a", ("FLASH",), _set("flash")),
    Keyword(
        "jump-start",
        KeywordKind.PERMISSION,
        "CR 702.133a",
        (_HAND,),
        _read_zone_permission,
        permission=lambda line: ZonePermission(
            "jump-start",
            Zone.GRAVEYARD,
            "CR 702.133a",
            AdditionalCost(
                Cost(objects=(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text="discard a card"),), text=line),
                "jump-start",
                rule="CR 702.133a",
            ),
        ),
    ),
    Keyword(
        "retrace",
        KeywordKind.PERMISSION,
        "CR 702.81a",
        (_HAND,),
        _read_zone_permission,
        permission=lambda line: ZonePermission(
            "retrace",
            Zone.GRAVEYARD,
            "CR 702.81a",
            AdditionalCost(
                Cost(
                    objects=(
                        ObjectCost(
                            CostAction.DISCARD,
                            1,
                            zone=Zone.HAND,
                            qualities=ObjectFilter((frozenset({Quality("type", CardType.LAND)}),), "land"),
                            text="discard a land card",
                        ),
                    ),
                    text=line,
                ),
                "retrace",
                rule="CR 702.81a",
            ),
        ),
    ),
    Keyword(
        "aftermath",
        KeywordKind.PERMISSION,
        "CR 702.127a",
        (_HAND,),
        _read_zone_permission,
        permission=lambda line: ZonePermission("aftermath", Zone.GRAVEYARD, "CR 702.127a"),
    ),
    # a mana cost after the keyword casts the card from a zone for that cost rather than its mana cost (CR 118.9)
    Keyword(
        "flashback",
        KeywordKind.PERMISSION,
        "CR 702.34a",
        (_HAND,),
        _read_zone_cost,
        read_cost_of_parts_line,
        cost=lambda cost: AlternativeCost("flashback", cost, "CR 702.34a", zone=Zone.GRAVEYARD),
    ),
    Keyword(
        "escape",
        KeywordKind.PERMISSION,
        "CR 702.138a",
        (_HAND,),
        read_line=read_cost_of_parts_line,
        cost=lambda cost: AlternativeCost("escape", cost, "CR 702.138a", zone=Zone.GRAVEYARD),
    ),
    # a foretold card; foretelling is a special action (CR 702.143b)
    Keyword(
        "foretell",
        KeywordKind.PERMISSION,
        "CR 702.143a",
        (_HAND,),
        _read_zone_cost,
        cost=lambda cost: AlternativeCost("foretell", cost, "CR 702.143a", zone=Zone.EXILE),
    ),
    # the back face, cast transformed
    Keyword(
        "disturb",
        KeywordKind.PERMISSION,
        "CR 702.146a",
        (_HAND,),
        _read_zone_cost,
        cost=lambda cost: AlternativeCost("disturb", cost, "CR 702.146a", zone=Zone.GRAVEYARD),
    ),
    # with up to one creature tapped, its power off the cost
    Keyword(
        "harmonize",
        KeywordKind.PERMISSION,
        "CR 702.180a",
        (_HAND,),
        _read_zone_cost,
        cost=lambda cost: AlternativeCost("harmonize", cost, "CR 702.180a", zone=Zone.GRAVEYARD),
    ),
    # as its trigger resolves, the card exiled as it was discarded
    Keyword(
        "madness",
        KeywordKind.PERMISSION,
        "CR 702.35a",
        (_HAND,),
        _read_zone_cost,
        cost=lambda cost: AlternativeCost("madness", cost, "CR 702.35a", zone=Zone.EXILE),
    ),
    # as its trigger resolves, revealed as it was drawn
    Keyword(
        "miracle",
        KeywordKind.PERMISSION,
        "CR 702.94a",
        (_HAND,),
        _read_zone_cost,
        cost=lambda cost: AlternativeCost("miracle", cost, "CR 702.94a", zone=Zone.HAND),
    ),
    Keyword("plot", KeywordKind.PERMISSION, "CR 702.170a", (_HAND,), _read_nothing),
    Keyword("suspend", KeywordKind.PERMISSION, "CR 702.62a", (_HAND,), _read_suspend),
    Keyword("mayhem", KeywordKind.PERMISSION, "CR 702.187a", (_HAND,)),
    Keyword("paradigm", KeywordKind.PERMISSION, "CR 707.12", (), read_line=_read_paradigm_line),
    Keyword("spell commander", KeywordKind.ELSEWHERE, "CR 903.3", (), read_line=_read_commander_line),
    # newer than the rules followed: each reminder text says it bears on no cast (:func:`_read_inert_line`)
    *(Keyword(name, KeywordKind.ELSEWHERE, "", (), read_line=_read_inert_line) for name in _INERT_LINES),
    Keyword("equip", KeywordKind.ELSEWHERE, "CR 702.6a", (_HAND,), read_line=_read_equip_line),
    # ---- qualities of a permanent that targets ask (CR 115.1)
    Keyword(
        "hexproof",
        KeywordKind.QUALITY,
        "CR 702.11a",
        ("HEXPROOF", "HEXPROOF_FROM"),
        _read_hexproof_from,
        read_line=_read_hexproof_line,
    ),
    Keyword("shroud", KeywordKind.QUALITY, "CR 702.18a", ("SHROUD",), _set("shroud")),
    Keyword(  # a trigger, kept to annotate
        "ward", KeywordKind.QUALITY, "CR 702.21a", ("WARD",), _set("ward"), read_line=_read_ward_line
    ),
    Keyword("protection", KeywordKind.QUALITY, "CR 702.16a", ("PROTECTION_FROM",), _read_protection),
    Keyword("fuse", KeywordKind.CAST_AS, "CR 702.102a", ("FUSE",), _set("fuse")),  # both halves (solver.rules.split)
    Keyword("awaken", _ALTERNATIVE, "CR 702.113a", ("AWAKEN",), _read_awaken),
    Keyword("enchant", KeywordKind.ENCHANT, "CR 702.5a", ("ENCHANT",), _read_enchant),
    # keywords of permanents read as qualities ("target creature with flying", CR 702)
    *_plain(
        KeywordKind.QUALITY,
        "COMBAT_KEYWORD",
        ("start your engines!", "CR 702.179a"),
        ("indestructible", "CR 702.12a"),
        ("living weapon", "CR 702.92a"),
        ("for mirrodin!", "CR 702.163a"),
        ("double strike", "CR 702.4a"),
        ("horsemanship", "CR 702.31a"),
        ("split second", "CR 702.61a"),
        ("living metal", "CR 702.161a"),
        ("first strike", "CR 702.7a"),
        ("demonstrate", "CR 702.144a"),
        ("umbra armor", "CR 702.89a"),
        ("totem armor", "CR 702.89a"),
        ("intimidate", "CR 702.13a"),
        ("compleated", "CR 702.150a"),
        ("battle cry", "CR 702.91a"),
        ("read ahead", "CR 702.155a"),
        ("changeling", "CR 702.73a"),
        ("nightbound", "CR 702.145a"),
        ("job select", "CR 702.182a"),
        ("deathtouch", "CR 702.2a"),
        ("gravestorm", "CR 702.69a"),
        ("vigilance", "CR 702.20a"),
        ("defender", "CR 702.3a"),
        ("dethrone", "CR 702.105a"),
        ("ravenous", "CR 702.156a"),
        ("training", "CR 702.149a"),
        ("flanking", "CR 702.25a"),
        ("lifelink", "CR 702.15a"),
        ("soulbond", "CR 702.95a"),
        ("sunburst", "CR 702.44a"),
        ("daybound", "CR 702.145a"),
        ("prowess", "CR 702.108a"),
        ("station", "CR 702.184a"),
        ("trample", "CR 702.19a"),
        ("exalted", "CR 702.83a"),
        ("cascade", "CR 702.85a"),
        ("decayed", "CR 702.147a"),
        ("banding", "CR 702.22a"),
        ("unleash", "CR 702.98a"),
        ("persist", "CR 702.79a"),
        ("partner", "CR 702.124a"),
        ("rebound", "CR 702.88a"),
        ("phasing", "CR 702.26a"),
        ("provoke", "CR 702.39a"),
        ("undying", "CR 702.93a"),
        ("exploit", "CR 702.110a"),
        ("devoid", "CR 702.114a"),
        ("wither", "CR 702.80a"),
        ("ingest", "CR 702.115a"),
        ("shadow", "CR 702.28a"),
        ("flying", "CR 702.9a"),
        ("menace", "CR 702.111a"),
        ("extort", "CR 702.101a"),
        ("enlist", "CR 702.154a"),
        ("evolve", "CR 702.100a"),
        ("ascend", "CR 702.131a"),
        ("infect", "CR 702.90a"),
        ("myriad", "CR 702.116a"),
        ("mentor", "CR 702.134a"),
        ("cipher", "CR 702.99a"),
        ("reach", "CR 702.17a"),
        ("melee", "CR 702.121a"),
        ("haste", "CR 702.10a"),
        ("storm", "CR 702.40a"),
        ("haunt", "CR 702.55a"),
        ("skulk", "CR 702.118a"),
        ("fear", "CR 702.36a"),
        ("epic", "CR 702.50a"),
        ("riot", "CR 702.136a"),
    ),
    *_plain(
        KeywordKind.QUALITY,
        "NUMBERED_KEYWORD",
        ("starting intensity", ""),
        ("annihilator", "CR 702.86a"),
        ("bloodthirst", "CR 702.54a"),
        ("firebending", "CR 702.189a"),
        ("afterlife", "CR 702.135a"),
        ("poisonous", "CR 702.70a"),
        ("fabricate", "CR 702.123a"),
        ("vanishing", "CR 702.63a"),
        ("hideaway", "CR 702.75a"),
        ("mobilize", "CR 702.181a"),
        ("afflict", "CR 702.130a"),
        ("rampage", "CR 702.23a"),
        ("bushido", "CR 702.45a"),
        ("tribute", "CR 702.104a"),
        ("amplify", "CR 702.38a"),
        ("modular", "CR 702.43a"),
        ("renown", "CR 702.112a"),
        ("backup", "CR 702.165a"),
        ("fading", "CR 702.32a"),
        ("saddle", "CR 702.171a"),
        ("absorb", "CR 702.64a"),
        ("dredge", "CR 702.52a"),
        ("devour", "CR 702.82a"),
        ("ripple", "CR 702.60a"),
        ("frenzy", "CR 702.68a"),
        ("graft", "CR 702.58a"),
        ("toxic", "CR 702.164a"),
        ("crew", "CR 702.122a"),
    ),
    # no bearing on casting from the hand: from other zones, on the battlefield, deck construction
    *_plain(
        KeywordKind.ELSEWHERE,
        _HAND,
        ("doctor's companion", "CR 702.124m"),
        ("choose a background", "CR 702.124k"),
        ("friends forever", "CR 702.124i"),
        ("partner with", "CR 702.124j"),
        ("commander ninjutsu", "CR 702.49d"),
        ("basic landcycling", "CR 702.29e"),
        ("cumulative upkeep", "CR 702.24a"),
        ("reconfigure", "CR 702.151a"),
        ("transfigure", "CR 702.71a"),
        ("eternalize", "CR 702.129a"),
        ("aura swap", "CR 702.65a"),
        ("transmute", "CR 702.53a"),
        ("soulshift", "CR 702.46a"),
        ("reinforce", "CR 702.77a"),
        ("ninjutsu", "CR 702.49a"),
        ("scavenge", "CR 702.97a"),
        ("forecast", "CR 702.57a"),
        ("champion", "CR 702.72a"),
        ("level up", "CR 702.87a"),
        ("outlast", "CR 702.107a"),
        ("cycling", "CR 702.29a"),
        ("unearth", "CR 702.84a"),
        ("fortify", "CR 702.67a"),
        ("recover", "CR 702.59a"),
        ("encore", "CR 702.141a"),
        ("embalm", "CR 702.128a"),
        ("craft", "CR 702.167a"),
        ("echo", "CR 702.30a"),
        ("typecycling", "CR 702.29e"),
    ),
    # change how the card is cast, not modelled: reported
    *_plain(
        KeywordKind.NOT_READ,
        _CAST,
        ("offering", "CR 702.48a"),
        ("cleave", "CR 702.148a"),
    ),
)
"""Every keyword ability the reader knows (CR 702), one entry each: what it is, its rule, and its readers.

The grammar names them in its keyword terminals (:attr:`Keyword.terminals`; ``tests/test_oracle.py`` checks
that the two agree); a keyword line's keyword is read by its :attr:`Keyword.read`, a line the grammar reads as
free text ("Kicker—Sacrifice a creature.") by its :attr:`Keyword.read_line`.
"""

KEYWORDS: dict[str, Keyword] = {keyword.name: keyword for keyword in KEYWORD_TABLE}
""":data:`KEYWORD_TABLE` by name."""

KEYWORD_COSTS = {
    keyword.name: keyword.cost
    for keyword in KEYWORD_TABLE
    if _COST_TERMINAL in keyword.terminals and keyword.cost is not None
}
"""The records of the keywords followed by a mana cost that the grammar's ``cost_keyword`` rule reads ("Kicker
{2}{R}"): an optional additional cost (CR 118.8) or an alternative cost (CR 118.9), and the rule defining it."""

_FORMS = {  # the grammar's forms of a keyword in a keyword line, and the keyword each names
    "protection": "protection",
    "hexproof": "hexproof",
    "hexproof_from": "hexproof",
    "shroud": "shroud",
    "flash": "flash",
    "ward": "ward",
    "spree": "spree",
    "awaken": "awaken",
    "fuse": "fuse",
    "entwine": "entwine",
    "entwine_other": "entwine",
    "escalate": "escalate",
    "escalate_other": "escalate",
    "splice": "splice",
    "enchant": "enchant",
}
_NAMED_FORMS = ("cost_keyword", "hand_keyword", "cast_keyword")
"""Forms whose first token is the keyword's name."""


def read_keywords(tree: Tree[Token], line: str, reading: CardReading) -> None:
    """Read each keyword of a ``keyword_line`` tree into ``reading``, by its entry of :data:`KEYWORDS` (CR 702).

    Parameters
    ----------
    tree : lark.Tree
        The line's tree.
    line : str
        The line as printed.
    reading : CardReading
        Where the keywords go.
    """
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "combat_keyword":
            _read_quality(None, child, line, reading)
            continue
        name = str(first_token(child)).lower() if child.data in _NAMED_FORMS else _FORMS[child.data]
        keyword = KEYWORDS.get(name)
        if keyword is not None and keyword.read is not None and keyword.read(keyword, child, line, reading):
            continue
        if child.data == "hand_keyword":
            _hand_keyword_not_read(name, line, reading)
        elif child.data == "cast_keyword":
            _cast_keyword_not_read(child, line, reading)


def _hand_keyword_not_read(word: str, line: str, reading: CardReading) -> None:
    """A keyword of another zone not read: reported for that zone when with its cost, else as a line about it.

    With its cost ("Escape—{3}{B}{B}, …"), the card may be cast from the keyword's zone: from there it is
    unsupported, from the hand (and any other zone) it is not. Without ("Flashback costs you pay cost {2} less."),
    it is not the keyword but a line about it, which a permanent's ability changes for other spells (CR 113.6).
    """
    if word in OTHER_ZONE_KEYWORDS and WITH_ITS_COST.match(line.lower()[len(word) :]):
        reading.unsupported.append(
            UnsupportedText(
                line,
                f"casting with {word} from another zone than the hand is not modelled",
                casting_relevant=False,
                zones=OTHER_ZONE_KEYWORDS[word],
            )
        )
    elif word in OTHER_ZONE_KEYWORDS:
        reading.unsupported.append(
            UnsupportedText(
                line,
                "keyword ability not read",
                casting_relevant=False,
                permanent_relevant=bool(topics_of(line)),
                topics=topics_of(line),
            )
        )


def _cast_keyword_not_read(tree: Tree[Token], line: str, reading: CardReading) -> None:
    """A keyword that changes how the card is cast, not read: reported.

    "Buyback costs cost {2} less." reads like a keyword line but changes other spells' costs: on the
    battlefield it bears on casting them (a static ability, CR 601.2f), so it is marked so.
    """
    token = first_token(tree)
    relevant = bool(PERMANENT_RELEVANT.search(line.lower()))
    reading.unsupported.append(
        UnsupportedText(
            line[token.start_pos :],
            f"keyword {str(token)!r} changes how the card is cast; not modelled",
            permanent_relevant=relevant,
            topics=topics_of(line) if relevant else frozenset(),
        )
    )


def read_keyword_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """The ``keyword_line`` rule's reader: each keyword of the line (:func:`read_keywords`)."""
    read_keywords(tree, original, reading)


_FIRST_WORD = re.compile(r"[a-z][a-z-]*")
_FIRST_TWO_WORDS = re.compile(r"[a-z][a-z-]* [a-z][a-z-]*")


def read_keyword_led_line(reading: CardReading, line: str, original: str) -> bool:
    """A line the grammar reads as free text that starts with a keyword: read by its :attr:`Keyword.read_line`.

    "Kicker—Sacrifice a creature.", "Flashback—{R}{R}, Pay 3 life.", "Teamwork 2", "Sneak {1}{W}", "Paradigm":
    False when the line starts with no such keyword, or its reader does not read it.
    """
    if _read_led_line(reading, line, original) or _read_keyword_list(reading, line, original):
        return True
    worded = _FLAVOR_WORD.fullmatch(line)  # "Diana — Equip {2}": a flavor word has no rules meaning (CR 207.2d)
    return worded is not None and _read_led_line(reading, worded["rest"], original)


def _read_keyword_list(reading: CardReading, line: str, original: str) -> bool:
    """ "Flying, hexproof from monocolored": keywords the grammar reads and keywords read by their line's reader.

    Every keyword of the list is read, or none: False when one is not (CR 702.1).
    """
    parts = line.split(", ")
    if len(parts) < 2 or not all(_KEYWORD_PART.fullmatch(part) for part in parts):
        return False
    trees: list[Tree[Token] | None] = []
    for part in parts:
        try:
            trees.append(oracle_parser().parse(part, start="keyword_line"))
        except UnexpectedInput:
            if not _read_led_line(CardReading(), part, part):
                return False
            trees.append(None)
    start = 0
    for part, tree in zip(parts, trees):
        printed = original[start : start + len(part)]  # the line is the printed one lowercased
        start += len(part) + len(", ")
        if tree is None:
            _read_led_line(reading, part, printed)
        else:
            read_keywords(tree, printed, reading)
    return True


_KEYWORD_PART = re.compile(r"[a-z][a-z ]*(?: \{[^}]+\})*")
"""One keyword of a list: words, and a cost after them; no sentence."""


_FLAVOR_WORD = re.compile(r"[a-z0-9' ,!-]+ — (?P<rest>.+)")


def _read_led_line(reading: CardReading, line: str, original: str) -> bool:
    """The line read by the :attr:`Keyword.read_line` of the keyword it starts with; False when none reads it."""
    first = _FIRST_WORD.match(line)
    two = _FIRST_TWO_WORDS.match(line)  # "Poison Tolerance +1"
    keyword = (
        KEYWORDS.get(line)
        or (KEYWORDS.get(first.group()) if first else None)
        or (KEYWORDS.get(two.group()) if two else None)
    )
    return keyword is not None and keyword.read_line is not None and keyword.read_line(keyword, reading, line, original)


def read_unread_keyword_line(reading: CardReading, line: str, original: str) -> bool:
    """A keyword-shaped line that no keyword reads: reported, never taken for spell text (CR 702).

    "Enchant creature, land, or planeswalker", "Kicker {1}{B} and/or {X}": it may change how the card is cast, or
    let it be cast from another zone. A keyword with its cost ("Flashback—{R}{R}, Discard X cards.", "Suspend
    4—{R}") casts the card from the keyword's zone; a line about the keyword ("Flashback costs you pay cost {2}
    less.") does not.
    """
    if not (KEYWORD_SHAPED.fullmatch(line) or KEYWORD_COST_DASH.match(line) or keyword_then_cost(line)):
        return False
    what = "modal or list header not read" if line.endswith("—") else "keyword ability not read"
    keyword = battlefield_keyword_start().match(line)
    with_cost = keyword is not None and WITH_ITS_COST.match(line[keyword.end() :])
    zones = OTHER_ZONE_KEYWORDS.get(keyword.group(), frozenset()) if keyword and with_cost else frozenset()
    reading.unsupported.append(
        UnsupportedText(
            original,
            what,
            casting_relevant=keyword is None,
            permanent_relevant=bool(topics_of(original)),
            topics=topics_of(original),
            zones=zones,
        )
    )
    return True


@functools.lru_cache(maxsize=1024)
def parse_granted(texts: tuple[str, ...]) -> CardAbilities:
    """Read abilities gained from effects, given as keyword text.

    Parameters
    ----------
    texts : tuple of str
        E.g. ``("protection from red", "hexproof")``.

    Returns
    -------
    CardAbilities

    Raises
    ------
    InputError
        A text that is not a keyword ability the grammar reads.

    Examples
    --------
    >>> parse_granted(("hexproof",)).hexproof
    True
    """
    reading = CardReading()
    for text in texts:
        line = strip_reminder(text).strip()
        if re.search(r":\s*add\b", line.lower()):  # '{T}: Add one mana of any color.' given (CR 605.1a)
            reading.mana_abilities.append(_granted_mana_ability(text, line))
            continue
        if _WARD_LINE.fullmatch(line.lower().rstrip(".") + "."):  # 'have "Ward—Pay 2 life."' (CR 702.21a)
            reading.ward = True
            continue
        try:
            tree = oracle_parser().parse(line.lower(), start="keyword_line")
        except UnexpectedInput:
            if _read_led_line(reading, line.lower(), line):  # "hexproof from monocolored" (CR 702.11d)
                continue
            raise InputError("", f"{text!r} is not a keyword ability legalcasts reads") from None
        read_keywords(tree, line, reading)
        if reading.unsupported:
            raise InputError("", f"{text!r}: {reading.unsupported[0].reason}")
        if (
            reading.spree
            or reading.splice
            or reading.additional
            or reading.alternative
            or reading.cost_modifiers
            or reading.enchant
        ):
            raise InputError("", f"{text!r} is an ability of spells in hand, not one a permanent can gain")
    return CardAbilities(
        protections=tuple(reading.protections),
        hexproof=reading.hexproof,
        hexproof_from=frozenset(reading.hexproof_from),
        hexproof_from_qualities=tuple(reading.hexproof_from_qualities),
        shroud=reading.shroud,
        ward=reading.ward,
        flash=reading.flash,
        keywords=frozenset(reading.keywords),
        mana_abilities=tuple(reading.mana_abilities),
    )


def _granted_mana_ability(text: str, line: str) -> ManaAbility:
    """A mana ability an effect gives, "{T}: Add one mana of any color." (CR 605.1a, 613.1f).

    Raises
    ------
    InputError
        Words the mana ability reader doesn't read.
    """
    lowered = line.lower()
    try:
        tree = oracle_parser().parse(lowered if lowered.endswith(".") else lowered + ".", start="mana_ability_line")
        ability = mana_ability(tree)
    except (UnexpectedInput, UnreadText, ValueError):
        raise InputError("", f"{text!r} is not a mana ability legalcasts reads") from None
    if ability.from_hand:
        raise InputError("", f"{text!r} is an ability of a card in hand, not one a permanent can gain")
    return ability
