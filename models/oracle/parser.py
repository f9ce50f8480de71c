"""Oracle text to :class:`models.abilities.CardAbilities`, through a lark grammar.

The grammar (``oracle.lark``) has one start rule per kind of line: keyword
lines, Spree modes, additional costs, cost modifiers, mana abilities,
triggered and activated abilities of permanents, and spell text. Each line of
a card is read by the first rule that reads all of it. Spell text is free text
in which every instance of the word "target" must be read as a known target
phrase (CR 115.1, 601.2c); a "target" the grammar cannot read, or a casting
construct not modelled (kicker, divided damage, choose-one modes, ...), is
reported as :class:`models.abilities.UnsupportedText` with the span, never
ignored.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from models.abilities import (
    ANNOUNCED_X,
    ANY_TARGET_KINDS,
    FACE_DOWN_KEYWORDS,
    KICKED,
    OTHER_ZONE_KEYWORDS,
    PERMANENT_KIND_TYPES,
    StateNumber,
    PROMISED,
    AdditionalCost,
    AlternativeCost,
    CardAbilities,
    CastPermission,
    ZonePermission,
    CombatDamageRequirement,
    ControllerFilter,
    ControlRequirement,
    Count,
    Requirement,
    TurnRequirement,
    Cost,
    CostModifier,
    Instruction,
    ManaAbility,
    Mode,
    ObjectCost,
    RevealCost,
    ObjectFilter,
    Quality,
    ModeChoice,
    Protection,
    SpellFilter,
    SpliceAbility,
    TargetKind,
    TargetRelation,
    TargetSpec,
    PresenceRequirement,
    CountRequirement,
    XLimit,
    TimingRestriction,
    UnsupportedText,
)
from models.choices import CostAction
from models.errors import InputError, ManaCostError
from models.mana import Color, ManaCost, SymbolKind
from models.objects import PERMANENT_TYPES, Card, CardType, Phase, Zone
from models.oracle.saved import save_reading, saved_reading
from models.subtypes import SUBTYPES

__all__ = ["parse_card", "parse_granted", "LINE_RULES", "read_line"]

LINE_RULES = (
    "keyword_line",
    "spree_mode",
    "modal_header",
    "bullet_mode",
    "additional_cost_line",
    "cost_modifier_line",
    "flash_permission_line",
    "timing_restriction_line",
    "player_ability_line",
    "alternative_cost_line",
    "self_cost_line",
    "free_cast_line",
    "mana_ability_line",
    "basic_mana_line",
    "triggered_line",
    "chapter_line",
    "activated_line",
    "effect",
)
"""The grammar's start rules, in the order a line is tried against them."""

ANY_NUMBER = 64
"""The count of "any number of target …": more than any board's candidates (the choices are capped)."""

_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13,
}
_COLOR_WORDS = {
    "white": Color.WHITE, "blue": Color.BLUE, "black": Color.BLACK,
    "red": Color.RED, "green": Color.GREEN,
}
_TYPE_WORDS = {
    "artifacts": CardType.ARTIFACT, "creatures": CardType.CREATURE,
    "enchantments": CardType.ENCHANTMENT, "instants": CardType.INSTANT,
    "sorceries": CardType.SORCERY, "lands": CardType.LAND,
    "planeswalkers": CardType.PLANESWALKER,
}
_ZONE_KEYWORDS = {
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
_ZONE_COST_KEYWORDS = {
    "flashback": ("CR 702.34a", Zone.GRAVEYARD),
    "foretell": ("CR 702.143a", Zone.EXILE),  # a foretold card; foretelling is a special action (CR 702.143b)
    "disturb": ("CR 702.146a", Zone.GRAVEYARD),  # the back face, cast transformed
    "harmonize": ("CR 702.180a", Zone.GRAVEYARD),  # with up to one creature tapped, its power off the cost
    "madness": ("CR 702.35a", Zone.EXILE),  # as its trigger resolves, the card exiled as it was discarded
    "miracle": ("CR 702.94a", Zone.HAND),  # as its trigger resolves, revealed as it was drawn
}
"""Keywords followed by a mana cost that cast the card from a zone for that cost rather than its mana cost: the
rule of each and the zone (an :class:`AlternativeCost` with that zone; CR 118.9)."""
_PAID_CONDITIONS = {"kicked": KICKED, "bargained": ("bargain",), "promised": PROMISED, "teamwork": ("teamwork",)}
"""The optional costs "if this spell was kicked / bargained", "if the gift was promised", "if this spell was cast
using teamwork" ask paid (CR 702.33d, 702.166b, 702.174k)."""
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
# Bounds on the number of modes for "Choose …" (CR 700.2), given the number of modes.
_CHOICE_BOUNDS = {
    "one": lambda n: (1, 1),
    "two": lambda n: (2, 2),
    "three": lambda n: (3, 3),
    "four": lambda n: (4, 4),
    "one or both": lambda n: (1, 2),
    "one or more": lambda n: (1, n),
}
# Modes counted by weight, with the same mode allowed more than once (CR 700.2i, 700.2d): the header, then one
# line per mode that starts with its pawprints ("{P}{P} — …") or its number ("[2] …").
_WEIGHTED_HEADER = re.compile(
    r"choose (?:any number of modes that total exactly (?P<exactly>\w+)|up to (?P<most>\w+) \{p\} worth of modes)"
    r"\. you may choose the same mode more than once\.")
_WEIGHTED_MODE = re.compile(r"(?:(?P<pawprints>(?:\{p\})+) —|\[(?P<number>[1-9]\d*)\]) (?P<effect>.+)")
# A line shaped like a keyword ability (CR 702): no sentence, so no closing period, colon or quote; a modal
# bullet or a power/toughness line ("4/4", a level up card's) is not one.
_KEYWORD_SHAPED = re.compile(r"(?!.*•)(?!level \d)(?!\d+/\d+$).*[^.:\"~]")
# "Flashback—{R}, Pay 3 life.", "Ward—Discard a card.": a keyword and a cost joined by an unspaced dash
# (an ability word's dash is spaced: "Landfall — Whenever …")
_KEYWORD_COST_DASH = re.compile(r"[a-z][a-z' -]*[a-z0-9]—\S")
_WITH_ITS_COST = re.compile(r"—| ?\{| \d| x\b|\.?$")
"""What follows a keyword with its cost, or alone ("Flashback—…", "Escape {…", "Suspend 4—…", "Suspend X—…",
"Mayhem"); not a line about the keyword ("Flashback costs you pay cost {2} less.")."""
_BASIC_LETTERS = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}
_REMINDER = re.compile(r"\s*\([^()]*\)")
# Lines of a permanent that, when not read, may change how spells are cast or targeted.
_PERMANENT_RELEVANT = re.compile(
    r"\b(cost|costs|cast|target|targeted|hexproof|shroud|protection|ward|add|mana)\b|\blose(s)? all abilities\b"
    r"|\b(is|are) (an? )?(plains|island|swamp|mountain|forest)"  # a basic land type gives its mana (CR 305.7)
)


# ---------------------------------------------------------------- qualities of targets
# Words of a qualified target phrase (CR 105 colours, 205 types, 110.5 status). Subtypes come from CR 205.3.
_SUBTYPE_BY_WORD = {name.lower(): name for names in SUBTYPES.values() for name in names}
# Subtypes GRAVEYARD_CARD reads among the card types of a graveyard target: "creature or Vehicle card" (CR 205.3g)
_CARD_SUBTYPE_WORDS = frozenset({"vehicle", "spacecraft", "mount"})
_KIND_WORDS = ("creature", "artifact", "enchantment", "land", "permanent", "planeswalker", "battle")
_STATUS_WORDS = {
    "tapped": Quality("tapped"), "untapped": Quality("tapped", negated=True),
    "attacking": Quality("attacking"), "blocking": Quality("blocking"),
    "token": Quality("token"), "nontoken": Quality("token", negated=True),
    # an Aura is attached to it (CR 303.4): the state's attachments say (solver.rules.targets)
    "enchanted": Quality("enchanted"), "unenchanted": Quality("enchanted", negated=True),
    "multicolored": Quality("colors", "multicolored"), "monocolored": Quality("colors", "monocolored"),
    "colorless": Quality("colors", "colorless"),
    "legendary": Quality("supertype", "Legendary"), "nonlegendary": Quality("supertype", "Legendary", negated=True),
    "basic": Quality("supertype", "Basic"), "nonbasic": Quality("supertype", "Basic", negated=True),
    "snow": Quality("supertype", "Snow"), "nonsnow": Quality("supertype", "Snow", negated=True),
    # CR 508.1k, 509.1h, 506.4: statuses of combat; outside the combat phase no creature has them
    "nonattacking": Quality("attacking", negated=True),
    "blocked": Quality("blocked"), "unblocked": Quality("unblocked"),
}
# Words that name one of several qualities (CR 700.6 historic, 700.12 outlaw): one clause, any of them
_BATCH_WORDS = {
    "historic": frozenset({Quality("type", CardType.ARTIFACT), Quality("supertype", "Legendary"),
                           Quality("subtype", "Saga")}),
    "outlaw": frozenset(Quality("subtype", name) for name in ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")),
}


def _alternatives(words) -> str:
    """The words as one regex alternation, longest first.

    Ties go by the words, so the grammar text is the same in every process: its built parser is cached by its
    hash.
    """
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


def _quality_patterns() -> dict[str, str]:
    """The regular expressions of the grammar's QUALIFIED_* terminals."""
    subtype = f"(?:{_alternatives(_SUBTYPE_BY_WORD)})(?:e?s)?"
    colour = _alternatives(_COLOR_WORDS)
    adjective = (f"(?:non(?:{colour}|{_alternatives(_KIND_WORDS)})|{colour}|{_alternatives(_STATUS_WORDS)}"
                 f"|(?:non-?)?(?:{_alternatives(_BATCH_WORDS)})|(?:non-)?{subtype})")
    adjectives = f"{adjective}(?:(?:, |,? or |,? and/or | ){adjective})*"
    not_joined = r"(?!,? or\b)(?!, )"  # "Spirit or enchantment": the "or" joins kinds, not qualities
    kind = f"(?:{_alternatives(_KIND_WORDS)})s?"
    # a card type before the kind: "artifact creature", "land creature" (CR 205.2a: the object has both types)
    typed_kind = f"(?:(?:{_alternatives(_KIND_WORDS[:4])}) )?{kind}"
    typed = f"(?:{_alternatives(_KIND_WORDS[:4])}) {kind}"
    # "target nontoken creature, then …": a comma is the phrase's end unless a kind follows it (a list)
    listed = (r"(?!,? (?:or|and/or)\b)(?!, (?:[a-z-]+ )?(?:" + _alternatives([*_KIND_WORDS, "player", "spell", "card"])
              + f"|{subtype}|tokens?)\b)" + r"(?!, [^.,;]*,? (?:or|and/or) )")
    # one item of a list of kinds: its qualities are its own, side by side (no "or" inside an item)
    item = f"(?:(?:{adjective} )+(?:{typed_kind}|{subtype}|tokens?)|{subtype}|tokens?)"
    plain = f"(?:{kind})"
    joined = "(?:, |,? or |, and/or )"
    card_types = "(?:creature|artifact|enchantment|land|instant|sorcery|planeswalker|permanent)"
    # "… cards with mana value 3 or less", "… cards with total mana value 8 or less" (CR 202.3, 601.2c)
    card_with = (r"(?: with (?:mana value (?:\d+|x)(?: or (?:less|greater))?|power (?:\d+|x) or (?:less|greater)"
                 r"|total (?:mana value|power) \d+ or less))?")
    # a spell's qualities may be card types too: "artifact or enchantment spell" (CR 205.2a)
    spell_adjective = f"(?:{adjective}|{_alternatives(_CARD_TYPE_WORDS)})"
    spell_adjectives = f"{spell_adjective}(?:(?:, |,? or | ){spell_adjective})*"
    return {
        "__QUALIFIED_KIND__": rf"(?:(?:{adjectives} )?{typed}|{adjectives} {kind}|{adjectives} {subtype}|{subtype}"
                              rf"|(?:{adjectives} )?tokens?)\b{listed}",
        # "Plains or Island", "black creature or black planeswalker", "Forest, green enchantment, or green
        # planeswalker": two or more kinds, one at least with qualities of its own or a subtype (CR 115.1, 205.3)
        "__QUALIFIED_KINDS__": rf"(?:(?:{plain}{joined})+{item}|{item}(?:{joined}(?:{item}|{plain}))+)\b"
                               r"(?!,? (?:or|and/or)\b)(?!, )(?! (?:spells?|cards?)\b)",  # never cut short
        "__QUALIFIED_SPELL__": rf"{spell_adjectives} spells?\b{not_joined}",
        # "monocolored instant or sorcery card from your graveyard": a quality, then one or two card types
        "__QUALIFIED_CARD__": rf"(?:{adjectives} (?:{card_types} (?:or {card_types} )?)?|permanent )cards?{card_with}"
                              r" (?:from|in) (?:your|a|an opponent's) graveyard\b",
    }


@functools.cache
def _parser() -> Lark:
    """The grammar's LALR parser: built once, then loaded prebuilt from the user's cache folder.

    Building it (the LALR tables and the contextual lexer) takes a third of a second; loading the built parser,
    saved by :meth:`lark.Lark.save` in ``oracle-grammar-<hash>.lark`` of
    :func:`~models.io.card_pool.cache_dir`, a few milliseconds. The hash covers the grammar text, lark's
    version and Python's, so a changed grammar is built again; a file that can't be read or written is
    ignored (the parser is then built, as without a cache).
    """
    grammar = resources.files("models.oracle").joinpath("oracle.lark").read_text("utf-8")
    for placeholder, pattern in _quality_patterns().items():
        grammar = grammar.replace(placeholder, pattern.replace("/", "\\/"))
    start = sorted(LINE_RULES)
    digest = hashlib.sha256("\n".join((grammar, lark.__version__, sys.version, repr(start))).encode()).hexdigest()
    path = _grammar_cache_path(digest)
    if path is not None and path.exists():
        try:
            with open(path, "rb") as handle:
                return Lark.load(handle)
        except Exception:  # a file cut short or of another lark: built again below  # noqa: BLE001
            pass
    parser = Lark(grammar, parser="lalr", lexer="contextual", start=start)
    if path is not None:
        try:  # written whole, then renamed: another process reads the old file or the new one, never half
            with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".oracle-grammar-", delete=False) as out:
                parser.save(out)
            os.replace(out.name, path)
        except OSError:
            pass
    return parser


def _grammar_cache_path(digest: str) -> Path | None:
    """Where the built parser of a grammar is kept, or None when the cache folder can't be made."""
    from models.io.card_pool import cache_dir  # the card data modules import this one

    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"oracle-grammar-{digest[:24]}.lark"


_CARD_TYPE_WORDS = {"creature", "artifact", "enchantment", "instant", "sorcery", "planeswalker", "land", "battle"}


def _quality_of_word(word: str) -> Quality | None:
    """One adjective as a Quality ("nonblack", "non-zombie", "spirit", "tapped", "instant"), or None if not one.

    A card type word ("instant and sorcery spells") is that type; with "non" or "non-", not that type.
    """
    if word in _STATUS_WORDS:
        return _STATUS_WORDS[word]
    negated = word.startswith("non")
    bare = word.removeprefix("non-") if word.startswith("non-") else word
    if bare in _SUBTYPE_BY_WORD or bare.rstrip("s") in _SUBTYPE_BY_WORD or bare[:-2] in _SUBTYPE_BY_WORD:
        key = next(k for k in (bare, bare.rstrip("s"), bare[:-2]) if k in _SUBTYPE_BY_WORD)
        return Quality("subtype", _SUBTYPE_BY_WORD[key], negated=word.startswith("non-"))
    bare = word.removeprefix("non")
    if bare in _COLOR_WORDS:
        return Quality("color", _COLOR_WORDS[bare], negated=negated)
    bare = bare.removeprefix("-") if negated else bare
    if bare in _CARD_TYPE_WORDS:
        return Quality("type", CardType(bare.capitalize()), negated=negated)  # "nonland", "non-creature"
    return None


_OWNED_BY_YOU = Quality("owner", "you")
"""'… you own': the caster owns the object (CR 108.3)."""


class _UnreadText(Exception):
    """A phrase the grammar took in whose words the reader can't give a meaning to: the line is unsupported."""

    def __init__(self, span: str, reason: str) -> None:
        super().__init__(reason)
        self.span = span
        self.reason = reason


def _read_quality(word: str, text: str) -> Quality:
    """The Quality of one adjective of ``text``; raises _UnreadText when it is none the reader knows."""
    quality = _quality_of_word(word)
    if quality is None:
        raise _UnreadText(text, f"quality {word!r} not read")
    return quality


# One adjective: a subtype of several words ("Time Lord", CR 205.3) is one; otherwise a word, or a comma.
_ADJECTIVE_TOKEN = re.compile(
    r"(?:non-?)?(?:" + _alternatives(w for w in _SUBTYPE_BY_WORD if " " in w) + r")(?:e?s)?\b|[^ ,]+|,")


def _object_filter(adjectives: str) -> ObjectFilter:
    """The qualities of "nonartifact, nonblack", "blue or black", "blue or black noncreature" (CR 115.1).

    Returns an ObjectFilter whose clauses all hold: words joined by "or" (and the commas of a list ending
    in "or") are one clause, any of them; words side by side are clauses of their own. So "blue or black
    noncreature" is (blue or black) and noncreature.

    Raises _UnreadText for a word that is no quality the reader knows.
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
        elif token.removeprefix("non").removeprefix("-") in _BATCH_WORDS:
            # "historic" is one clause of its qualities; "nonhistoric", "non-outlaw" a clause for each, negated
            batch = _BATCH_WORDS[token.removeprefix("non").removeprefix("-")]
            if token.startswith("non"):
                if listing:  # "nonhistoric or blue": not one clause
                    raise _UnreadText(adjectives, f"quality {token!r} joined by 'or' not read")
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


def _with_quality(text: str) -> Quality:
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


def _qualified_kind(text: str) -> tuple[set[TargetKind], ObjectFilter]:
    """Read "nonblack creature" as ({CREATURE}, nonblack), "spirit" as ({PERMANENT}, Spirit) (CR 115.1, 205.3)."""
    words = text.split(" ")
    head = words[-1].removesuffix("s")
    if head in _KIND_WORDS and len(words) > 1:
        return {TargetKind(head)}, _object_filter(" ".join(words[:-1]).removesuffix(","))
    # a subtype alone names permanents of that subtype: "target Spirit", "X target Mountains"
    return {TargetKind.PERMANENT}, _object_filter(text)


def _qualified_kinds(text: str) -> tuple[set[TargetKind], ObjectFilter | None]:
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
    _UnreadText
        A bare kind after an item with qualities ("nonblack creature or planeswalker"): whether the qualities
        are the bare kind's too is not read.
    """
    kinds: set[TargetKind] = set()
    items: list[list[frozenset[Quality]]] = []  # each item: the tests that all hold of what it names
    qualified = False
    for item in re.split(r", and/or |,? or |, ", text):
        if item.removesuffix("s") in _KIND_WORDS:
            if qualified:
                raise _UnreadText(text, "a quality before a list of kinds: its scope is not read")
            found_kinds, found = {TargetKind(item.removesuffix("s"))}, ObjectFilter(())
        else:
            found_kinds, found = _qualified_kind(item)
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
    clauses = tuple(c for c in found_clauses if not any(other < c for other in found_clauses)
                    and not (TargetKind.PERMANENT not in kinds and kind_types <= c))
    return kinds, ObjectFilter(clauses, text)


_COST_ACTION = re.compile(
    r"(?P<action>sacrifice|tap|return|exile) (?P<count>a|an|one|two|three|four|five|six) (?P<untapped>untapped )?"
    r"(?P<noun>.+?)(?P<yours> you control)?(?P<graveyard> from your graveyard)?"
    r"(?P<hand> to (?:its owner's|their owner's|their owners') hand)?\.?"
)


def _object_cost(text: str) -> ObjectCost | None:
    """A cost paid with objects, from its printed words, or None when it isn't one read here (CR 118, 601.2h).

    "sacrifice three lands", "sacrifice two mountains", "tap an untapped white creature you control",
    "return a blue creature you control to its owner's hand", "exile four cards from your graveyard".
    """
    found = _COST_ACTION.fullmatch(text.strip())
    if found is None:
        return None
    action, noun = CostAction(found["action"]), found["noun"]
    count = 1 if found["count"] in ("a", "an") else _NUMBER_WORDS[found["count"]]
    exiling_permanent = action is CostAction.EXILE and found["yours"] and not (found["graveyard"] or found["hand"])
    if action is CostAction.EXILE and not exiling_permanent:
        if not found["graveyard"] or found["yours"] or found["hand"]:
            return None
        if noun in ("card", "cards", "other card", "other cards"):  # "other": the spell is on the stack (CR 601.2a)
            return ObjectCost(action, count, zone=Zone.GRAVEYARD, text=text)
        words = noun.removesuffix(" cards").removesuffix(" card")
        if words in ("creature", "artifact", "enchantment", "land", "instant", "sorcery"):
            return ObjectCost(action, count, qualities=_card_type_filter(words), zone=Zone.GRAVEYARD, text=text)
        if (either := _either_card_filter(words)) is not None:  # "an instant or sorcery card"
            return ObjectCost(action, count, qualities=either, zone=Zone.GRAVEYARD, text=text)
        return None
    returning = action is CostAction.RETURN
    if found["graveyard"] or (found["hand"] and not returning) or (returning and not found["hand"]):
        return None
    if bool(found["untapped"]) != (action is CostAction.TAP):
        return None  # "tap an untapped …"; "untapped" names nothing else here
    if action in (CostAction.TAP, CostAction.RETURN) and not found["yours"]:
        return None  # a permanent the caster controls is what the cost means; other wordings aren't read
    head = noun.split(" ")[-1].removesuffix("s")
    if head in _KIND_WORDS and " " not in noun.strip():
        return ObjectCost(action, count, frozenset({TargetKind(head)}), text=text)
    if (pair := _either_noun(noun)) is not None:  # "sacrifice an artifact or creature" (CR 205.2a)
        return ObjectCost(action, count, pair[0], pair[1], text=text)
    if re.fullmatch(r"[a-z]+ with (?:power|toughness|mana value) \d+ or (?:greater|less)", noun) and (
            spec := _phrase_spec(f"target {noun}")) is not None and spec.qualities is not None and dataclasses.replace(
            spec, phrase="", kinds=frozenset(), qualities=None) == _PLAIN_TARGET:
        # "sacrifice a creature with power 4 or greater": the kind and quality as a target phrase reads them
        return ObjectCost(action, count, spec.kinds, spec.qualities, text=text)
    if not re.fullmatch(_quality_patterns()["__QUALIFIED_KIND__"], noun):
        return None
    kinds, qualities = _qualified_kind(noun)
    return ObjectCost(action, count, frozenset(kinds), qualities, text=text)


def _either_card_filter(words: str) -> ObjectFilter | None:
    """The filter of "red or green", "instant or sorcery" before "card": one clause of two card qualities.

    Each word a colour, a card type or a subtype (CR 105.2, 205.2a, 205.3); None for anything else.
    """
    found = re.fullmatch(r"(?P<one>[a-z]+) or (?P<other>[a-z]+)", words)
    if found is None or found["one"] == found["other"]:
        return None
    qualities = [_quality_of_word(found[part]) for part in ("one", "other")]
    if any(q is None or q.attribute not in ("type", "subtype", "color") or q.negated for q in qualities):
        return None
    return ObjectFilter((frozenset(q for q in qualities if q is not None),), words)


def _either_noun(noun: str) -> tuple[frozenset[TargetKind], ObjectFilter | None] | None:
    """"artifact or creature", "artifact or Goblin": a permanent that is either, or None for other words.

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
    if all(word in _KIND_WORDS and word != "permanent" for word in words):
        return frozenset(TargetKind(word) for word in words), None
    either = []
    for word in words:
        if word in _KIND_WORDS and word not in ("permanent", "battle"):
            either.append(Quality("type", CardType(word.capitalize())))
        elif word in _SUBTYPE_BY_WORD:
            either.append(Quality("subtype", _SUBTYPE_BY_WORD[word]))
        else:
            return None
    return frozenset(), ObjectFilter((frozenset(either),), noun.strip())


def _card_type_filter(word: str) -> ObjectFilter:
    """The filter "a land card", "a creature card": the card type named by ``word`` (CR 205.2a)."""
    return ObjectFilter((frozenset({Quality("type", CardType(word.capitalize()))}),), word)


def _targeting_quality(text: str) -> frozenset[Quality]:
    """Read "with a single target" (CR 115.9a), "that targets you" / "a player" / ... (CR 115.9b) as one clause.

    "that targets you or a permanent you control": either, a clause of two qualities. "cast from a graveyard":
    the zone the spell was cast from, as its cast record names it (CR 601.2a).
    """
    if text == "with a single target":
        return frozenset({Quality("targeting", "single")})
    if text == "cast from a graveyard":  # the zone its cast record names (CR 601.2a)
        return frozenset({Quality("cast from", Zone.GRAVEYARD.value)})
    return frozenset(Quality("targeting", what.removeprefix("a "))
                     for what in text.removeprefix("that targets ").split(" or "))


def _spell_qualities(words: str) -> ObjectFilter | None:
    """The spells a cost change names: "white", "instant and sorcery", "arcane", "noncreature" (CR 601.2f).

    "X and Y spells" are the spells that are X or Y: one clause. None when a word is not read, or names what
    a spell can't be asked (its status, a supertype).
    """
    read = [(word, _quality_of_word(word)) for word in re.split(r" and | or ", words)]
    if any(quality is None or quality.attribute not in ("type", "color", "colors", "subtype")
           # a subtype is written in the singular before "spells"
           or (quality.attribute == "subtype" and word.removeprefix("non-") not in _SUBTYPE_BY_WORD)
           for word, quality in read):
        return None
    return ObjectFilter((frozenset(quality for _, quality in read if quality is not None),), words)


def _add_quality(qualities: ObjectFilter | None, quality: Quality | frozenset[Quality], text: str) -> ObjectFilter:
    """The filter with one more clause: a quality, or a set of qualities one of which must hold."""
    clause = quality if isinstance(quality, frozenset) else frozenset({quality})
    clauses = (qualities.clauses if qualities else ()) + (clause,)
    return ObjectFilter(clauses, f"{qualities.text} … {text}" if qualities else text)


def _last_kind_quality(kind_list: str | None, clause: frozenset[Quality]) -> frozenset[Quality] | None:
    """The clause of a keyword quality that qualifies only the last kind of a list; None when it is not one.

    "target artifact, enchantment, or creature with flying": an artifact, an enchantment, or a creature with
    flying (CR 115.1; the keyword describes the creature, the kind it follows). The clause returned holds for an
    object of any kind before the last or with the keyword, so with the kinds of the phrase it reads "artifact or
    enchantment or (creature with flying)". Only a keyword after a list whose last kind is "creature" is read so;
    other qualities after a list stay reported by :meth:`_SpellTextReader._add`.

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


def _with_clause(text: str) -> frozenset[Quality]:
    """Read a "with …" phrase as one clause: "with power or toughness 4 or greater" is power or toughness (CR 208).

    "that's black or red" is black or red, "that's one or more colors" not colorless (CR 105.2).
    """
    total = re.fullmatch(r"with total power and toughness (\d+) or less", text)
    if total:  # "target creature with total power and toughness 5 or less": power plus toughness (CR 208.1)
        return frozenset({Quality("power plus toughness", int(total.group(1)), comparison="<=")})
    compared = re.fullmatch(r"with (mana value|power) (less than or equal to|greater than or equal to|less than) "
                            r"(.+)", text)
    if compared:  # "with mana value less than or equal to the number of Plains you control" (CR 115.1, 601.2c)
        comparison = {"less than or equal to": "<=", "greater than or equal to": ">=", "less than": "<"}
        return frozenset({Quality(compared.group(1), StateNumber(compared.group(3)),
                                  comparison=comparison[compared.group(2)])})
    if text == "with the greatest power among creatures on the battlefield":
        # Topple: its power is the greatest, ties included (CR 208.1); "at least the greatest" is "the greatest"
        return frozenset({Quality("power", StateNumber.GREATEST_POWER, comparison=">=")})
    if text == "who attacked this turn":  # a player who attacked with a creature this turn (CR 508.1)
        return frozenset({Quality("attacked this turn")})
    if re.fullmatch(r"that's (attacking|blocking)( or (attacking|blocking))?", text):
        # "target white creature that's attacking or blocking": either status (CR 506.4, 508.1k, 509.1h)
        return frozenset(_STATUS_WORDS[word] for word in re.findall(r"attacking|blocking", text))
    if text == "that isn't enchanted":  # no Aura is attached to it (CR 303.4): "unenchanted"
        return frozenset({Quality("enchanted", negated=True)})
    if text.startswith("attached to "):  # "target Aura attached to a creature or land": what it enchants (CR 303.4)
        return frozenset(Quality("attached to", CardType(word.capitalize()))
                         for word in re.findall(r"creature|land", text.removeprefix("attached to ")))
    if text == "that's one or more colors":  # not colorless (CR 105.2c)
        return frozenset({Quality("colors", "colorless", negated=True)})
    if text.startswith("that's "):  # "that's black or red": one of the colours (CR 105.2)
        return frozenset(Quality("color", _COLOR_WORDS[word]) for word in text.removeprefix("that's ").split(" or "))
    if text.startswith("with power or toughness "):
        rest = text.removeprefix("with power or toughness ")
        return frozenset({_with_quality(f"with power {rest}"), _with_quality(f"with toughness {rest}")})
    return frozenset({_with_quality(text)})


@functools.cache
def _first_token_patterns() -> dict[str, re.Pattern[str]]:
    """For each start rule, a pattern of the terminals a line it reads can begin with (its FIRST set).

    A line no such terminal matches at its start can't be read by the rule, so the rule is not tried:
    the answer is the same, found without the parser's failed attempts.
    """
    parser = _parser()
    table = parser.parser.parser.parser.parse_table
    regexps = {terminal.name: terminal.pattern.to_regexp() for terminal in parser.terminals}
    patterns = {}
    for rule in LINE_RULES:
        first = [regexps[name] for name in table.states[table.start_states[rule]] if name in regexps]
        patterns[rule] = _any_of(first)
    return patterns


def _any_of(regexps: Iterable[str]) -> re.Pattern[str]:
    """One pattern matching where any of ``regexps`` does."""
    return re.compile("|".join(f"(?:{regexp})" for regexp in regexps))


def _any_terminal(names: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern matching where any of the grammar's terminals ``names`` does."""
    return _any_of(t.pattern.to_regexp() for t in _parser().terminals if t.name in names)


@functools.cache
def _battlefield_keyword_start() -> re.Pattern[str]:
    """The keywords of the grammar that don't change how the card is cast from the hand, at a line's start.

    A keyword line that starts with one but is not read ("Protection from non-Spirit creatures", "Flashback—{R},
    Pay 3 life.") bears on the card as a permanent, or on casting it from another zone, not from the hand.
    """
    return _any_terminal(("COMBAT_KEYWORD", "NUMBERED_KEYWORD", "HAND_KEYWORD", "LANDWALK", "PROTECTION_FROM",
                          "HEXPROOF", "HEXPROOF_FROM", "SHROUD", "WARD"))


_ENCHANT_LINE = re.compile(r"enchant [a-z][a-z ,'/-]*")


def _aura_target(lines: list[str]) -> Instruction | UnsupportedText:
    """The target of an Aura spell, read from its enchant ability (CR 303.4a, 702.5a).

    "Enchant creature you control" is read as "target creature you control" would be, one instance of
    "target". Several enchant abilities (CR 702.5c), or words the target grammar does not take in whole,
    are reported.
    """
    if len(lines) > 1:
        return UnsupportedText(" / ".join(lines), "an Aura with several enchant abilities (CR 702.5c) not modelled")
    (original,) = lines
    what = original.split(" ", 1)[1] if " " in original else ""
    read = _one_target(f"target {what.lower()}")
    if read is None:
        return UnsupportedText(original, "enchant ability whose object is not read")
    return Instruction(original, (dataclasses.replace(read, phrase=original),))


_OWN_COST = re.compile(r"(?:[a-z ]+ — )?(?:~|this spell) costs \{(?P<amount>\d+)\} (?P<sign>less|more) to cast "
                       r"(?:for each (?P<each>[^.]+)|if (?P<condition>[^.]+))\.")
_COUNTED = re.compile(r"(?P<what>.+?) (?P<where>on the battlefield|you control|your opponents control|"
                      r"an opponent controls|in your graveyard)")


def _counted(text: str) -> Count | None:
    """What "for each …" counts: "creature card in your graveyard", "artifact you control", "opponent you have".

    None when the words are not read.
    """
    if text == "opponent you have":
        return Count(opponents=True, text=text)
    if text in _COUNTED_QUANTITIES:  # the state's this_turn facts, the party (CR 700.8)
        return dataclasses.replace(_COUNTED_QUANTITIES[text], text=text)
    if text == "color among permanents you control":  # the colours of them all (CR 105.2)
        return Count(Zone.BATTLEFIELD, "you", distinct="color", text=text)
    in_hand = re.fullmatch(r"(?P<type>[a-z]+) card in your hand", text)
    if in_hand is not None and in_hand["type"] in _CARD_TYPE_WORDS:  # the spell itself is on the stack (CR 601.2a)
        return Count(Zone.HAND, "you", _card_type_filter(in_hand["type"]), text=text)
    found = _COUNTED.fullmatch(text)
    if found is None:
        spec = _counted_objects(text)
        return None if spec is None else Count(objects=spec, text=text)
    what, where = found["what"], found["where"]
    if where == "in your graveyard":
        if not what.endswith((" card", " cards")):
            return None
        types = [w for w in re.split(r" and/or | and | or ", what.rsplit(" ", 1)[0])]
        if not all(t in _CARD_TYPE_WORDS for t in types):
            return None
        clause = frozenset(Quality("type", CardType(t.capitalize())) for t in types)
        return Count(Zone.GRAVEYARD, "you", ObjectFilter((clause,), what), text=text)
    controller = {"on the battlefield": "any", "you control": "you"}.get(where, "opponents")
    if what in _KIND_WORDS:
        kind = what
        qualities = None if kind == "permanent" else ObjectFilter(
            (frozenset({Quality("type", CardType(kind.capitalize()))}),), kind)
        return Count(Zone.BATTLEFIELD, controller, qualities, text=text)
    if not re.fullmatch(_quality_patterns()["__QUALIFIED_KIND__"], what):
        return None
    kinds, qualities = _qualified_kind(what)
    (kind,) = kinds
    if kind is not TargetKind.PERMANENT:
        qualities = _add_quality(qualities, Quality("type", CardType(kind.value.capitalize())), kind.value)
    return Count(Zone.BATTLEFIELD, controller, qualities, text=text)


_COUNTED_QUANTITIES = {
    "creature that died this turn": Count(turn_fact="creatures_died"),
    "spell your opponents have cast this turn": Count(controller="opponents", turn_fact="spells_cast"),
    "1 life your opponents have lost this turn": Count(controller="opponents", turn_fact="life_lost"),
    "creature in your party": Count(quantity="party"),
}
"""What "for each …" counts when it counts no objects: facts of this turn (the state's ``this_turn``), the party."""


def _one_target(phrase: str) -> TargetSpec | None:
    """The one instance of "target" a phrase is, the whole phrase read by the spell-text grammar, or None (CR 115.1).

    Parameters
    ----------
    phrase : str
        Lowercased, starting "target ": ``"target creature you control with flying"``.

    Returns
    -------
    TargetSpec or None
        None when the grammar or the reader does not take the phrase in whole as one instance.
    """
    try:
        tree = _parser().parse(phrase + ".", start="effect")
    except UnexpectedInput:
        return None
    reader = _SpellTextReader(phrase + ".")
    reader.read(tree)
    if reader.unsupported or len(reader.targets) != 1 or reader.targets[0].phrase.lower() != phrase:
        return None
    return reader.targets[0]


def _phrase_spec(phrase: str) -> TargetSpec | None:
    """:func:`_one_target`, naming one object, neither divided nor "another" (CR 115.1); or None."""
    spec = _one_target(phrase)
    if spec is None or spec.count != 1 or spec.is_divided or spec.distinct_from is not None:
        return None
    return spec


def _counted_objects(text: str) -> TargetSpec | None:
    """The permanents "for each creature you control with power 4 or greater" counts, as a target phrase names them.

    "creature you control with power 4 or greater" is read as "target creature you control with power 4 or
    greater", "attacking creature" as "target attacking creature" (CR 115.1): kinds, controller, qualities. None
    when the words are not one target phrase naming permanents only.
    """
    spec = _phrase_spec("target " + text.replace("your opponents control", "an opponent controls"))
    if spec is None or not spec.kinds or not all(k in PERMANENT_KIND_TYPES or k is TargetKind.PERMANENT
                                                  for k in spec.kinds):
        return None
    return spec


def _targeted_condition(what: str) -> TargetSpec | None:
    """What "if it targets …" asks of one of the spell's targets, read as a target phrase (CR 601.2c, 601.2f).

    "a tapped creature" is read as "target tapped creature" is, by the spell-text grammar; "a creature card
    with mana value 3 or less" as "target creature card with mana value 3 or less in a graveyard" (the only
    cards a spell targets here are in graveyards, CR 115.1). None when the words are not one target phrase
    read in whole.

    Parameters
    ----------
    what : str
        The words after "it targets", lowercased: ``"a blue permanent you don't control"``.

    Returns
    -------
    TargetSpec or None
        One instance of "target" naming one object; its ``phrase`` is the phrase read.
    """
    article = re.match(r"an? ", what)
    if article is None:
        return None
    phrase = "target " + what[article.end():]
    if re.search(r"\bcards?\b", phrase) and "graveyard" not in phrase:
        phrase += " in a graveyard"
    return _phrase_spec(phrase)


_OWN_COST_START = re.compile(r"(?:[a-z ]+ — )?(?:~|this spell) costs ")
_OWN_COST_PARTS = re.compile(r" and (?=\{\d+\} (?:less|more) to cast )")


def _own_cost_change(original: str) -> tuple[CostModifier, ...] | UnsupportedText:
    """The spell's own cost changes, "This spell costs {1} less to cast for each …" or "… if …" (CR 601.2f).

    What it counts ("creature card in your graveyard", "opponent you have") or asks ("if you control a Wizard")
    must be read, or the line is reported. One line may make several changes, each read on its own: "{1} less
    to cast if you control an artifact and {1} less to cast if you control an enchantment", "for each artifact
    you control and each artifact card in your hand" (a reduction for each of both).

    Parameters
    ----------
    original : str
        The line, as printed.

    Returns
    -------
    tuple of CostModifier, or UnsupportedText
        One change per clause and per thing counted, printed order, each with the whole line as its text.
    """
    lowered = original.lower()
    start = _OWN_COST_START.match(lowered)
    if start is None or _OWN_COST.fullmatch(lowered) is None:
        return UnsupportedText(original, "a cost change of the spell not read")
    changes: list[CostModifier] = []
    for clause in _OWN_COST_PARTS.split(lowered[start.end():].removesuffix(".")):
        found = _OWN_COST.fullmatch(f"{start.group()}{clause}.")
        if found is None:
            return UnsupportedText(original, "a cost change of the spell not read")
        amount = int(found["amount"]) * (-1 if found["sign"] == "less" else 1)
        if not found["each"]:
            change = _own_conditional_change(original, amount, found["condition"])
            if isinstance(change, UnsupportedText):
                return change
            changes.append(change)
            continue
        for each in found["each"].split(" and each "):
            try:
                counted = _counted(each)
            except _UnreadText:
                counted = None
            if counted is None:
                return UnsupportedText(original, "what the spell's cost change counts is not read")
            changes.append(CostModifier(amount, original, own=True, per=counted))
    return tuple(changes)


_COST_CONDITIONS: dict[str, Requirement] = {
    "a creature died this turn": TurnRequirement("creature died", "a creature died this turn"),
    "you've cast another spell this turn": TurnRequirement("cast another spell",
                                                           "you have cast another spell this turn"),
    # the state says which creatures attack; whether one attacks this player, the solver decides or reports
    "a creature is attacking you": TurnRequirement("creature attacking you", "a creature is attacking you"),
}
"""Conditions of a cost change read whole: facts of this turn and of the combat."""
_LIFE_CONDITION = re.compile(r"your life total is (?P<number>\d+) or (?P<way>less|greater)")
_AMONG_CONDITION = re.compile(r"there are (?P<number>[a-z]+) or more (?P<what>card types|mana values) among cards in "
                              r"your graveyard")
_NONE_CONDITION = re.compile(r"(?P<who>you control|an opponent controls) no (?P<what>[a-z ]+s)")
_BOTH_CONDITION = re.compile(r"you control an? (?P<what>[a-z]+) (?P<kind>[a-z]+) and an? non-(?P=what) (?P=kind)")


def _count_condition(condition: str) -> Requirement | tuple[Requirement, ...] | None:
    """A condition on a number the state gives, or on two exclusive kinds of permanents, or None (CR 601.2f).

    "your life total is 5 or less" (CR 119); "there are four or more card types among cards in your graveyard"
    (CR 205.2a); "an opponent cast two or more spells this turn" (one opponent's, from the state's this_turn);
    "an opponent controls no basic lands" (one opponent's permanents, none of them so); "you control a Human
    creature and a non-Human creature" (two requirements, which no one permanent meets both of).
    """
    if (life := _LIFE_CONDITION.fullmatch(condition)) is not None:
        number = int(life["number"])
        life_total = Count(quantity="life", text="your life total")
        if life["way"] == "less":
            return CountRequirement(life_total, at_most=number, text=condition)
        return CountRequirement(life_total, at_least=number, text=condition)
    among = _AMONG_CONDITION.fullmatch(condition)
    if among is not None and among["number"] in _NUMBER_WORDS:
        count = Count(Zone.GRAVEYARD, "you", distinct=among["what"].removesuffix("s"), text=among["what"])
        return CountRequirement(count, at_least=_NUMBER_WORDS[among["number"]], text=condition)
    spells = re.fullmatch(r"an opponent cast (?P<number>[a-z]+) or more spells this turn", condition)
    if spells is not None and spells["number"] in _NUMBER_WORDS:  # one opponent's spells (the state's this_turn)
        cast = Count(turn_fact="spells_cast", controller="opponents", text="spells cast this turn")
        return CountRequirement(cast, at_least=_NUMBER_WORDS[spells["number"]], one_opponent=True, text=condition)
    if (none := _NONE_CONDITION.fullmatch(condition)) is not None:
        where = "you control" if none["who"] == "you control" else "an opponent controls"
        spec = _counted_objects(f"{none['what'][:-1]} {where}")
        if spec is None:
            return None
        return CountRequirement(Count(objects=spec, text=none["what"]), at_most=0,
                                one_opponent=none["who"] != "you control", text=condition)
    two_types = re.fullmatch(r"you control an? (?P<first>[a-z]+) (?P<second>[a-z]+)", condition)
    if two_types is not None and {two_types["first"], two_types["second"]} <= _CARD_TYPE_WORDS - {"instant", "sorcery"}:
        qualities = ObjectFilter(tuple(frozenset({Quality("type", CardType(w.capitalize()))})
                                       for w in (two_types["first"], two_types["second"])), condition)
        return CountRequirement(Count(Zone.BATTLEFIELD, "you", qualities, text=condition), at_least=1,
                                text=condition)  # "an artifact creature": both card types (CR 205.2a)
    if (both := _BOTH_CONDITION.fullmatch(condition)) is not None:
        first = _presence_condition(f"you control a {both['what']} {both['kind']}")
        second = _presence_condition(f"you control a non-{both['what']} {both['kind']}")
        if first is None or second is None:
            return None
        return first, second
    return None


def _own_conditional_change(original: str, amount: int, condition: str) -> CostModifier | UnsupportedText:
    """One "This spell costs {2} less to cast if …" change, its condition read (CR 601.2f); else the line reported."""
    if condition in _COST_CONDITIONS:  # read from the state's this_turn facts and its attackers
        return CostModifier(amount, original, own=True, requires=(_COST_CONDITIONS[condition],))
    if condition in ("it's bargained", "this spell was bargained", "~ was bargained"):
        return CostModifier(amount, original, own=True, if_paid="bargain")  # the optional cost paid (CR 702.166b)
    if condition.startswith("it targets "):
        spec = _targeted_condition(condition.removeprefix("it targets "))
        if spec is None:
            return UnsupportedText(original, "the condition of the spell's cost change is not read")
        return CostModifier(amount, original, own=True, if_targets=spec)
    found = re.fullmatch(r"you control an? (?P<what>[a-z]+)", condition)
    what = found["what"] if found else ""
    if what in _SUBTYPE_BY_WORD:
        requirement: Requirement = ControlRequirement("you", _SUBTYPE_BY_WORD[what],
                                                      f"you control a {_SUBTYPE_BY_WORD[what]}")
    elif what in _CARD_TYPE_WORDS:
        requirement = ControlRequirement("you", "", f"you control a {what}", card_type=CardType(what.capitalize()))
    elif (counted := _count_condition(condition)) is not None:
        return CostModifier(amount, original, own=True,
                            requires=counted if isinstance(counted, tuple) else (counted,))
    else:
        presence = _presence_condition(condition)
        if presence is None:
            return UnsupportedText(original, "the condition of the spell's cost change is not read")
        requirement = presence
    return CostModifier(amount, original, own=True, requires=(requirement,))


_X_LIMIT = re.compile(r"(?:^|(?<=\. ))x can't be (?:(?P<zero>0)|greater than (?P<most>[^.]+))\.$")
_X_COUNTED_PERMANENTS = re.compile(r"the number of (?:(?P<supertype>snow|basic|legendary) )?"
                                   r"(?P<kind>creature|artifact|enchantment|land|planeswalker|permanent)s you control")
_ABILITY_START = re.compile(r"(?:when|whenever|at)\b|[^.]*:")


def _x_limit(original: str, has_x: bool, is_spell: bool) -> tuple[XLimit | UnsupportedText, str] | None:
    """The bound "X can't be 0." or "X can't be greater than …" that ends a line, and the rest of the line.

    The sentence bounds the X of the spell's mana cost, announced as it is cast (CR 107.3, 601.2b), when it
    stands alone or ends the text of an instant or sorcery; after an activated or triggered ability, it bounds
    that ability's X, and is left to the line's reader.

    Parameters
    ----------
    original : str
        One line of Oracle text, as printed.
    has_x : bool
        Whether the card's mana cost has {X}.
    is_spell : bool
        Whether the card is an instant or sorcery.

    Returns
    -------
    (XLimit or UnsupportedText, str) or None
        The bound (an UnsupportedText when its number is not read), and the text before the sentence (empty
        when the sentence is the line); None when the line ends with no such sentence of the spell.
    """
    found = _X_LIMIT.search(original.lower())
    if found is None or not has_x:
        return None
    rest = original[:found.start()].strip()
    if rest and (not is_spell or _ABILITY_START.match(rest.lower())):
        return None
    text = original[found.start():]
    if found["zero"]:
        return XLimit(1, text=text), rest
    most = found["most"]
    if most == "the number of players in the game":
        return XLimit(maximum=Count(quantity="players", text=most), text=text), rest
    permanents = _X_COUNTED_PERMANENTS.fullmatch(most)
    if permanents is None:
        return UnsupportedText(text, "a bound on X not read"), rest
    kind = permanents["kind"]
    clauses = [] if kind == "permanent" else [frozenset({Quality("type", CardType(kind.capitalize()))})]
    if permanents["supertype"]:
        clauses.append(frozenset({Quality("supertype", permanents["supertype"].capitalize())}))
    qualities = ObjectFilter(tuple(clauses), most) if clauses else None
    return XLimit(maximum=Count(Zone.BATTLEFIELD, "you", qualities, text=most), text=text), rest


_AMOUNT = r"(?P<amount>an?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) or more)"
_PRESENCE = (  # (pattern, the target phrase that names each object, one player's only)
    (re.compile(rf"you control {_AMOUNT} (?P<what>.+)"), "target {head} you control{tail}", False),
    (re.compile(rf"an opponent controls {_AMOUNT} (?P<what>.+)"), "target {head} an opponent controls{tail}", True),
    (re.compile(rf"your opponents control {_AMOUNT} (?P<what>.+)"), "target {head} an opponent controls{tail}",
     False),
    (re.compile(rf"there (?:are|is) {_AMOUNT} (?P<what>.+) on the battlefield"), "target {head}{tail}", False),
    (re.compile(rf"there (?:are|is) {_AMOUNT} (?P<what>.+) in your graveyard"), "target {head}{tail} in your graveyard",
     False),
    (re.compile(rf"you have {_AMOUNT} (?P<what>.+) in your graveyard"), "target {head}{tail} in your graveyard", False),
    (re.compile(rf"an opponent has {_AMOUNT} (?P<what>.+) in their graveyard"),
     "target {head}{tail} in an opponent's graveyard", True),
    (re.compile(rf"{_AMOUNT} (?P<what>.+) (?:is|are) attacking"), "target attacking {head}{tail}", False),
)


def _presence_condition(condition: str) -> PresenceRequirement | None:
    """A condition that so many objects exist, read as a target phrase naming each (CR 601.2f, 115.1).

    "you control a creature with flying" is "target creature you control with flying", at least 1; "there are
    ten or more nonland permanents on the battlefield" is "target nonland permanent", at least 10; "an opponent
    has seven or more cards in their graveyard" is "target card in an opponent's graveyard", at least 7 of one
    opponent's. A plural is made singular by its noun ("permanents", "cards"). None when the words are not one
    target phrase read in whole.

    Parameters
    ----------
    condition : str
        The words after "if", lowercased.

    Returns
    -------
    PresenceRequirement or None
    """
    for pattern, template, one_player in _PRESENCE:
        found = pattern.fullmatch(condition)
        if found is None:
            continue
        amount = found["amount"]
        at_least = 1 if amount in ("a", "an") else _NUMBER_WORDS[amount.split()[0]]
        what = found["what"]
        head, tail = (what.split(" with ", 1)[0], " with " + what.split(" with ", 1)[1]) if " with " in what \
            else (what, "")
        if at_least > 1:  # "nonland permanents": the plural noun ends the head
            if not head.endswith("s"):
                return None
            head = head[:-1]
        elif head.endswith("s") and not head.endswith("ss"):
            return None  # a plural after "a": words not read
        # (a divided instance's phrase starts with its amount, never "target": _phrase_spec's test of it holds)
        spec = _phrase_spec(template.format(head=head, tail=tail))
        return None if spec is None else PresenceRequirement(spec, at_least, one_player, condition)
    return None


_RATHER_THAN_PAY = re.compile(
    r"(?:if (?P<condition>[^,]+), )?(?:you may (?P<cost>[^.]+) rather than pay (?:this spell's|~'s) mana cost"
    r"|rather than pay (?:this spell's|~'s) mana cost, you may (?P<cost_after>[^.]+?))"
    r"(?: if (?P<condition_after>[^,.]+))?\.")
_TURN_CONDITIONS = {
    "it's your turn": TurnRequirement("your turn", "it is your turn"),
    "it's not your turn": TurnRequirement("not your turn", "it is not your turn"),
}
_NO_CHOICE_COST = re.compile(r"have (?:an opponent|each other player|each opponent) gain \d+ life|reveal your hand")
_HAND_EXILE = re.compile(r"exile (?P<count>a|an|one|two|three) (?P<colour>white|blue|black|red|green) cards? from "
                         r"your hand")
_DISCARD_TYPED = re.compile(r"discard (?P<count>a|an|one|two) (?P<what>[a-z]+) cards?")
_DISCARD_EITHER = re.compile(r"discard (?:a|an) (?P<what>[a-z]+ or [a-z]+) card")


def _rather_than_pay(original: str) -> AlternativeCost | UnsupportedText:
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
        requirement = _alternative_condition(condition)
        if requirement is None:
            return UnsupportedText(original, "an alternative cost whose condition is not read")
        requires = (requirement,)
    group = "cost" if found["cost"] else "cost_after"
    if _NO_CHOICE_COST.fullmatch(found[group]):  # "have an opponent gain 3 life": nothing chosen, always paid
        cost: Cost | str = Cost(text=found[group])
    else:
        cost = _cost_of_parts(found[group])
    if isinstance(cost, str):
        return UnsupportedText(original, f"alternative cost {cost!r} not modelled")
    printed = original[found.start(group):found.end(group)]  # its name, as printed: "pay {2}{R}{R}"
    if printed.lower() != found[group]:
        printed = found[group]
    return AlternativeCost(printed, dataclasses.replace(cost, text=printed), "CR 118.9", requires=requires)


def _alternative_condition(condition: str) -> Requirement | None:
    """The condition of a printed alternative cost, decided by the state, or None when not read (CR 118.9).

    "you control a Swamp" (a subtype), "it's not your turn" / "it's your turn" (whose turn, CR 102.1), and
    the conditions that so many objects exist ("there are thirteen or more creatures on the battlefield",
    "four or more creatures are attacking": :func:`_presence_condition`).
    """
    if condition in _TURN_CONDITIONS:
        return _TURN_CONDITIONS[condition]
    exactly = re.fullmatch(r"exactly (?P<number>[a-z]+) (?P<what>creatures?) (?:is|are) attacking", condition)
    if exactly is not None and exactly["number"] in _NUMBER_WORDS:  # Pitfall Trap (CR 506.4, 508.1)
        spec = _phrase_spec("target attacking creature")
        number = _NUMBER_WORDS[exactly["number"]]
        if spec is not None:
            return CountRequirement(Count(objects=spec, text="attacking creatures"), at_least=number, at_most=number,
                                    text=condition)
    if condition == "you have no land cards in hand":  # Land Grant: the caster's hand (CR 402)
        lands = ObjectFilter((frozenset({Quality("type", CardType.LAND)}),), "land cards")
        return CountRequirement(Count(Zone.HAND, "you", lands, text="land cards in your hand"), at_most=0,
                                text=condition)
    counted = _count_condition(condition)  # "an opponent cast three or more spells this turn" (Mindbreak Trap)
    if isinstance(counted, CountRequirement):
        return counted
    control = re.fullmatch(r"you control an? (?P<subtype>[a-z]+)", condition)
    if control and control["subtype"] in _SUBTYPE_BY_WORD:
        subtype = _SUBTYPE_BY_WORD[control["subtype"]]
        return ControlRequirement("you", subtype, f"you control a {subtype}")
    return _presence_condition(condition)


def _cost_of_parts(text: str) -> Cost | str:
    """A cost written as parts joined by "and" (CR 118): "pay 1 life and exile a blue card from your hand".

    Each part is mana ("pay {1}{U}"), life ("pay 4 life", CR 119.4), cards exiled from the hand or of a
    subtype or type discarded, a card discarded (or discarded at random, CR 701.9b), a card revealed or
    beheld (CR 701.20a, 701.4a), or objects sacrificed, tapped, exiled or returned (as in other costs).
    Returns the part that is not read, when one is not.
    """
    mana, life, objects, reveals, at_random = ManaCost.EMPTY, 0, [], [], 0
    for part in re.split(r",? and |, ", text):
        paid = re.fullmatch(r"(?:pay )?((?:\{[^}]+\})+)", part)
        life_paid = re.fullmatch(r"pay (\d+) life", part)
        exiled = _HAND_EXILE.fullmatch(part)
        discarded = _DISCARD_TYPED.fullmatch(part)
        if paid:
            mana = ManaCost.parse(paid.group(1), path="oracle_text")
            if mana.has_x:
                return part
        elif life_paid:
            life = int(life_paid.group(1))
        elif exiled:
            count = 1 if exiled["count"] in ("a", "an") else _NUMBER_WORDS[exiled["count"]]
            of_colour = ObjectFilter((frozenset({Quality("color", _COLOR_WORDS[exiled["colour"]])}),),
                                     exiled["colour"])
            objects.append(ObjectCost(CostAction.EXILE, count, qualities=of_colour, zone=Zone.HAND, text=part))
        elif part == "another card" and objects and objects[-1].action is CostAction.DISCARD \
                and objects[-1].zone is Zone.HAND:
            # "discard an Island card and another card": a second card discarded, any other (CR 118.10)
            objects.append(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text=f"discard {part}"))
        elif part in ("discard a card", "discard two cards", "discard three cards"):
            count = 1 if part == "discard a card" else _NUMBER_WORDS[part.split()[1]]
            objects.append(ObjectCost(CostAction.DISCARD, count, zone=Zone.HAND, text=part))
        elif discarded and (discarded["what"] in _SUBTYPE_BY_WORD or discarded["what"] in _CARD_TYPE_WORDS):
            count = 1 if discarded["count"] in ("a", "an") else _NUMBER_WORDS[discarded["count"]]
            what = discarded["what"]
            quality = (Quality("subtype", _SUBTYPE_BY_WORD[what]) if what in _SUBTYPE_BY_WORD
                       else Quality("type", CardType(what.capitalize())))
            objects.append(ObjectCost(CostAction.DISCARD, count, qualities=ObjectFilter((frozenset({quality}),), what),
                                      zone=Zone.HAND, text=part))
        elif (either := _DISCARD_EITHER.fullmatch(part)) and (
                qualities := _either_card_filter(either["what"])) is not None:  # "discard a red or green card"
            objects.append(ObjectCost(CostAction.DISCARD, 1, qualities=qualities, zone=Zone.HAND, text=part))
        elif part == "discard a card at random":  # not the caster's choice of card (CR 701.9b)
            at_random += 1
        elif evidence := _COLLECT_EVIDENCE.fullmatch(part):  # CR 701.59a: cards totalling N mana value or more
            objects.append(ObjectCost(CostAction.EXILE, None, zone=Zone.GRAVEYARD,
                                      least_total_mana_value=int(evidence["total"]), text=part))
        elif (revealed := _reveal_part(part)) is not None:
            reveals.append(revealed)  # "reveal a creature card from your hand", "behold a Dragon"
        elif _COUNTERS_ON_YOURS.fullmatch(part):
            # "blight 2", "put a -1/-1 counter on a creature you control": a creature of the caster's takes the
            # counters (CR 701.68a); a condition of the cast, as beholding is
            creature = ObjectFilter((frozenset({Quality("type", CardType.CREATURE)}),), "creature")
            reveals.append(RevealCost(creature, behold=True, text=part, from_hand=False))
        else:
            try:
                cost = _object_cost(part)
            except _UnreadText:
                cost = None
            if cost is None:
                return part
            objects.append(cost)
    return Cost(mana, tuple(objects), life=life, reveals=tuple(reveals), discards_at_random=at_random, text=text)


_COLLECT_EVIDENCE = re.compile(r"collect evidence (?P<total>\d+)")
"""Collect evidence N: exile any number of cards from your graveyard with total mana value N or more (CR 701.59a)."""
_REVEAL = re.compile(r"reveal (?:a|an) (?P<revealed>[a-z ]+?) card from your hand|behold (?:a|an) (?P<beheld>[a-z ]+)")
_CARD_QUALITIES = ("type", "subtype", "color", "colors", "supertype")


_PAID_RIDER = re.compile(r" was paid\b")
_STRUCTURAL_WORDS = re.compile(r"\b(target|targets|choose|chosen|mode|modes|both|cost|costs|cast|copy|x)\b")
"""Words that make a sentence linked to an optional cost bear on the cast (its targets, modes or costs)."""
_COUNTERS_ON_YOURS = re.compile(r"blight (?:[1-9]|one|two|three)|put (?:a|one|two|three) -1/-1 counters? on a "
                                r"creature you control")


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
    qualities = [_quality_of_word(word) for word in words]
    if not qualities or any(q is None or q.attribute not in _CARD_QUALITIES for q in qualities):
        return None
    named = " ".join(words)
    return RevealCost(ObjectFilter(tuple(frozenset({q}) for q in qualities if q is not None), named),
                      behold=found["beheld"] is not None, text=part)


_GRAVEYARD_KEYWORD = re.compile(r"(?P<keyword>flashback|escape)(?:—| (?=\{))(?P<cost>[^.]+)\.?")
_GRAVEYARD_KEYWORD_RULES = {"flashback": "CR 702.34a", "escape": "CR 702.138a"}


def _graveyard_keyword(line: str, original: str) -> AlternativeCost | None:
    """Flashback or escape with a cost of several parts, or None (CR 702.34a, 702.138a).

    "Escape—{3}{B}{B}, Exile four other cards from your graveyard.": the card is cast from its owner's
    graveyard for that cost rather than its mana cost.
    """
    found = _GRAVEYARD_KEYWORD.fullmatch(line)
    if found is None:
        return None
    cost = _cost_of_parts(found["cost"])
    if isinstance(cost, str):
        return None
    keyword = found["keyword"]
    return AlternativeCost(keyword, dataclasses.replace(cost, text=original), _GRAVEYARD_KEYWORD_RULES[keyword],
                           zone=Zone.GRAVEYARD)


_OPTIONAL_KEYWORD = re.compile(r"(?P<keyword>kicker|buyback|replicate)—(?P<cost>[^.]+)\.?")


def _optional_keyword_cost(line: str, original: str) -> AdditionalCost | None:
    """Kicker, buyback or replicate paid with more than mana, or None (CR 702.33a, 702.27a, 702.56a).

    "Kicker—Sacrifice a creature.", "Buyback—Pay 3 life.": an optional additional cost of those parts, the
    same record as "Kicker {2}".
    """
    found = _OPTIONAL_KEYWORD.fullmatch(line)
    if found is None:
        return None
    cost = _cost_of_parts(found["cost"])
    if isinstance(cost, str):
        return None
    record = KEYWORD_COSTS[found["keyword"]](dataclasses.replace(cost, text=original))
    assert isinstance(record, AdditionalCost)  # kicker and buyback are additional costs (CR 702.33a, 702.27a)
    return record


_SPEND_ON_X = re.compile(r"spend only (?P<colours>(?:white|blue|black|red|green)(?: and/or "
                         r"(?:white|blue|black|red|green))?) mana on x\.")
_BEFORE_COMBAT = frozenset({Phase.UNTAP, Phase.UPKEEP, Phase.DRAW, Phase.PRECOMBAT_MAIN, Phase.COMBAT})
_STEP_TIMINGS = {
    # the phases it may be cast in, the turn, and whether only some combat steps allow it (CR 506.1, 507-511)
    "during the declare attackers step": (frozenset({Phase.COMBAT}), "any"),
    "during your declare attackers step": (frozenset({Phase.COMBAT}), "yours"),
    "during the declare attackers step and only if you've been attacked this step": (frozenset({Phase.COMBAT}),
                                                                                      "any"),
    "during the declare blockers step": (frozenset({Phase.COMBAT}), "any"),
    "during the declare blockers step on an opponent's turn": (frozenset({Phase.COMBAT}), "opponent"),
    "during combat before blockers are declared": (frozenset({Phase.COMBAT}), "any"),
    "during combat after blockers are declared": (frozenset({Phase.COMBAT}), "any"),
    "during combat on your turn before blockers are declared": (frozenset({Phase.COMBAT}), "yours"),
    "before the combat damage step": (_BEFORE_COMBAT, "any"),
    "before attackers are declared": (_BEFORE_COMBAT, "any"),
    "before blockers are declared": (_BEFORE_COMBAT, "any"),
    "before combat or during combat before blockers are declared": (_BEFORE_COMBAT, "any"),
    "during an opponent's turn, before attackers are declared": (_BEFORE_COMBAT, "opponent"),
}
"""'Cast this spell only …' windows that name steps of combat: read as phases, and unsupported within combat.

Each window is a span of the turn (CR 500.1): "before attackers are declared" is every phase before combat
and the first steps of combat; "during the declare blockers step" is within combat only. Outside the combat
phase the answer follows from the phase; within it, from the step, which the state does not give.
"""
_STEP_TIMING_LINE = re.compile(r"cast (?:~|this spell) only (?P<window>[^.]+)\.")


def _step_timing(line: str, original: str) -> TimingRestriction | None:
    """A "Cast this spell only during the declare blockers step." line, or None when not one of those read."""
    found = _STEP_TIMING_LINE.fullmatch(line)
    if found is None or found["window"] not in _STEP_TIMINGS:
        if found is not None and found["window"] == "during an opponent's turn after their upkeep step":
            # every phase of the opponent's turn after the beginning phase's upkeep (CR 502, 503)
            return TimingRestriction(frozenset(Phase) - {Phase.UNTAP, Phase.UPKEEP}, "opponent", original)
        return None
    phases, turn = _STEP_TIMINGS[found["window"]]
    return TimingRestriction(phases, turn, original, combat_steps=True)


_LOYALTY_COST = re.compile(r"\[?[+−-]?(?:\d+|x)\]?:", re.IGNORECASE)
"""The cost of a loyalty ability starting a line: bracketed (``[+1]:``, the pool's) or not (``+1:``, CR 606.4)."""

_AFTER_COMBAT = frozenset({Phase.POSTCOMBAT_MAIN, Phase.END, Phase.CLEANUP})
_PHASE_WINDOWS = {
    # the phases it may be cast in and the turn (CR 500.1): the state names these phases whole
    "after combat": (_AFTER_COMBAT, "any"),  # the postcombat main phase and the end phase (CR 505.1, 511.3, 512)
    "during an opponent's upkeep": (frozenset({Phase.UPKEEP}), "opponent"),  # CR 503.1
}
"""'Cast this spell only …' windows that are whole phases of the state (CR 500.1, 601.3)."""
_END_STEP_REASON = ("the end step: the state's end phase holds the end step and the cleanup step, in which a player "
                    "may get priority too, and does not tell them apart (CR 512.1, 513, 514.3a)")
_CAST_ONLY_LINE = re.compile(r"cast (?:~|this spell) only (?:if (?P<condition>[^.]+)|(?P<window>[^.]+))\.")


def _cast_only(line: str, original: str) -> TimingRestriction | UnsupportedText | None:
    """A "Cast this spell only if …" or "Cast this spell only after combat." line (CR 601.3, 604.6).

    "Cast this spell only if you control two or more Vampires": a condition the state decides
    (:func:`_state_condition`); "only after combat" (the postcombat main phase and the end phase, CR 505.1,
    511.3), "only during an opponent's upkeep" (CR 503.1): phases the state names.

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    TimingRestriction, UnsupportedText or None
        The restriction; the line reported when its condition is not read; None when the line is not one of
        these (other windows are read by the grammar or by :func:`_step_timing`).
    """
    found = _CAST_ONLY_LINE.fullmatch(line)
    if found is None:
        return None
    if found["window"] is not None:
        if found["window"] == "during your end step":
            return UnsupportedText(original, _END_STEP_REASON)
        if found["window"] not in _PHASE_WINDOWS:
            return None
        phases, turn = _PHASE_WINDOWS[found["window"]]
        return TimingRestriction(phases, turn, original)
    requires = _state_condition(found["condition"])
    if requires is None:
        return UnsupportedText(original, "the condition of 'Cast this spell only if' is not read (CR 601.3)")
    return TimingRestriction(text=original, requires=requires)


def _state_condition(condition: str) -> tuple[Requirement, ...] | None:
    """A condition that the state decides when the spell is cast, or None when not read (CR 601.2f, 601.3).

    Facts of this turn and of the combat ("a creature is attacking you"), whose turn it is, "you control a
    Wizard" / "you control an enchantment" (a subtype or a card type), "you control fewer creatures than each
    opponent" (a count of each player's permanents compared), numbers the state gives
    (:func:`_count_condition`), and so many objects existing (:func:`_presence_condition`).

    Parameters
    ----------
    condition : str
        The words after "if" or "as long as", lowercased.

    Returns
    -------
    tuple of Requirement, or None
        All must hold.
    """
    if condition in _COST_CONDITIONS:
        return (_COST_CONDITIONS[condition],)
    fewer = re.fullmatch(r"you control fewer (?P<what>[a-z]+)s than each opponent", condition)
    if fewer is not None and fewer["what"] in _CARD_TYPE_WORDS - {"instant", "sorcery"}:
        kind = ObjectFilter((frozenset({Quality("type", CardType(fewer["what"].capitalize()))}),), fewer["what"])
        return (CountRequirement(Count(Zone.BATTLEFIELD, "you", kind, text=f"{fewer['what']}s"),
                                 fewer_than_each_opponent=True, text=condition),)
    if condition in _TURN_CONDITIONS:
        return (_TURN_CONDITIONS[condition],)
    found = re.fullmatch(r"you control an? (?P<what>[a-z]+)", condition)
    what = found["what"] if found else ""
    if what in _SUBTYPE_BY_WORD:
        return (ControlRequirement("you", _SUBTYPE_BY_WORD[what], f"you control a {_SUBTYPE_BY_WORD[what]}"),)
    if what in _CARD_TYPE_WORDS:
        return (ControlRequirement("you", "", f"you control a {what}", card_type=CardType(what.capitalize())),)
    if (counted := _count_condition(condition)) is not None:
        return counted if isinstance(counted, tuple) else (counted,)
    presence = _presence_condition(condition)
    return None if presence is None else (presence,)


_FLASH_IF_LINE = re.compile(r"(?:you may cast (?:~|this spell) as though it had flash if (?P<condition>[^.]+)"
                            r"|(?:this spell|~) has flash as long as (?P<while>[^.]+))\.")


def _conditional_flash(line: str, original: str) -> CastPermission | None:
    """"You may cast this spell as though it had flash if …" / "This spell has flash as long as …" (CR 601.3).

    The condition is one the state decides (:func:`_state_condition`): "if you control an attacking legendary
    creature", "as long as there are five or more mana values among cards in your graveyard"; or one on the
    choices of the cast: "if X is 3 or less" (X announced, CR 601.2b), "if it targets a permanent you control"
    (the targets chosen, CR 601.2c), which the cast problem checks. Either way the card may be cast any time
    its caster could cast an instant while the condition holds (CR 702.8a, 611.3a), from any zone it is cast
    from.

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    CastPermission or None
        None when the line is not one of these or its condition is not read (the grammar then reads or reports
        it: "if you pay {2} more to cast it", CR 601.3c).
    """
    found = _FLASH_IF_LINE.fullmatch(line)
    if found is None:
        return None
    if found["condition"] is not None:
        if (x := re.fullmatch(r"x is (\d+) or less", found["condition"])) is not None:
            return CastPermission(zone=None, x_at_most=int(x.group(1)), text=original)  # CR 601.2b, 601.3
        if found["condition"].startswith("it targets "):  # on the targets chosen (CR 601.2c, 601.3)
            spec = _targeted_condition(found["condition"].removeprefix("it targets "))
            return None if spec is None else CastPermission(zone=None, if_targets=spec, text=original)
    requires = _state_condition(found["condition"] or found["while"])
    if requires is None:
        return None
    return CastPermission(zone=None, requires=requires, text=original)


_COST_THEN_CHANGE = re.compile(r"(?P<cost>as an additional cost to cast (?:this spell|~), [^.]+\.) "
                               r"(?:this spell|~) costs \{(?P<amount>\d+)\} less to cast (?:for each (?P<each>card "
                               r"exiled|creature tapped) this way|if (?P<paid>evidence was collected))\.")
_ANY_NUMBER_FROM_HAND = re.compile(r"as an additional cost to cast (?:this spell|~), you may exile any number of "
                                   r"(?P<colour>white|blue|black|red|green) cards from your hand\.")


def _cost_then_change(line: str, original: str) -> tuple[AdditionalCost, CostModifier] | None:
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
    printed = original[:found.end("cost")]
    amount = -int(found["amount"])
    if (exiled := _ANY_NUMBER_FROM_HAND.fullmatch(found["cost"])) is not None:
        colour = exiled["colour"]
        of_colour = ObjectFilter((frozenset({Quality("color", _COLOR_WORDS[colour])}),), colour)
        paid = ObjectCost(CostAction.EXILE, None, qualities=of_colour, zone=Zone.HAND,
                          text=f"exile any number of {colour} cards from your hand")
        additional = AdditionalCost(Cost(objects=(paid,), text=printed))  # none included (CR 601.2b)
    elif found["cost"].endswith(", you may tap any number of untapped creatures you control."):
        paid = ObjectCost(CostAction.TAP, None, kinds=frozenset({TargetKind.CREATURE}), zone=Zone.BATTLEFIELD,
                          text="tap any number of untapped creatures you control")  # untapped: CR 107.5
        additional = AdditionalCost(Cost(objects=(paid,), text=printed))
    else:
        read = _printed_additional_cost(found["cost"], printed)
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


_OWN_COST_WHEN = (
    re.compile(r"(?:[a-z ]+ — )?(?P<during>during your turn|during turns other than yours), (?:this spell|~) costs "
               r"(?P<mana>(?:\{[0-9wubrg]\})+) (?P<sign>less|more) to cast\."),
    re.compile(r"(?:[a-z ]+ — )?(?:this spell|~) costs (?P<mana>(?:\{[0-9wubrg]\})+) (?P<sign>less|more) to cast "
               r"(?:(?P<during>during your turn)|as long as (?P<condition>[^.]+))\."),
    re.compile(r"(?:[a-z ]+ — )?(?:this spell|~) costs (?P<mana>(?:\{\d+\})?\{[wubrg]\}(?:\{[wubrg]\})*) "
               r"(?P<sign>less) to cast if (?P<condition>[^.]+)\."),
    re.compile(r"(?:this spell|~) costs \{(?P<amount>\d+)\} (?P<sign>less) to cast if (?P<condition>[^.]+)\. "
               r"it also costs \{(?P<also>\d+)\} less to cast if (?P<also_condition>[^.]+)\."),
)
_DURING = {"during your turn": TurnRequirement("your turn", "it is your turn"),
           "during turns other than yours": TurnRequirement("not your turn", "it is not your turn")}


def _own_cost_when(line: str, original: str) -> tuple[CostModifier, ...] | UnsupportedText | None:
    """The spell's own cost change on whose turn it is or "as long as …", or two in two sentences (CR 601.2f).

    "This spell costs {1} less to cast during your turn.", "During turns other than yours, this spell costs {3}
    more to cast." (whose turn, CR 102.1); "This spell costs {2} less to cast as long as there are four or more
    card types among cards in your graveyard." (as "if …": :func:`_own_conditional_change`); "This spell costs
    {1} less to cast if you control a Spirit. It also costs {1} less to cast if you control an enchantment."
    (two changes, each with its condition).

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    tuple of CostModifier, UnsupportedText or None
        The changes, each with the whole line as its text; the line reported when a condition is not read;
        None when the line is not one of these.
    """
    if re.fullmatch(r"(?:this spell|~) costs \{\d+\} less to cast during your end step\.", line):
        return UnsupportedText(original, _END_STEP_REASON)
    for pattern in _OWN_COST_WHEN:
        found = pattern.fullmatch(line)
        if found is None:
            continue
        if "mana" in pattern.groupindex:
            mana = ManaCost.parse(found["mana"].upper(), path="oracle_text")
            amount = mana.generic * (-1 if found["sign"] == "less" else 1)
            symbols = tuple(s for s in mana.symbols if s.kind is SymbolKind.COLORED)
            coloured = ManaCost(symbols) if symbols else None
        else:
            amount, coloured = int(found["amount"]) * (-1 if found["sign"] == "less" else 1), None
        if coloured is not None and found["sign"] == "more":
            return None  # "costs {R} more": not one of these
        if "during" in pattern.groupindex and found["during"]:
            return (CostModifier(amount, original, own=True, requires=(_DURING[found["during"]],),
                                 coloured_reduction=coloured),)
        changes = [_own_conditional_change(original, amount, found["condition"])]
        if "also" in pattern.groupindex:
            changes.append(_own_conditional_change(original, -int(found["also"]), found["also_condition"]))
        unread = next((c for c in changes if isinstance(c, UnsupportedText)), None)
        if unread is not None:
            return unread
        read = tuple(c for c in changes if isinstance(c, CostModifier))
        if coloured is not None:
            if any(c.if_targets is not None or c.per is not None for c in read):
                return UnsupportedText(original, "a coloured reduction on the spell's targets is not modelled")
            read = tuple(dataclasses.replace(c, coloured_reduction=coloured) for c in read)
        return read
    return None


_NEXT_SPELL_FLASH = re.compile(r"the next (?:[a-z]+ )*?(?:spell|card) you (?:cast|play)(?: this turn)? (?:can be "
                               r"(?:cast|played) as though it had flash|costs (?:\{[^}]+\})+ less to cast)\.(?: |$)")
"""Quicken's "The next sorcery spell you cast this turn can be cast as though it had flash.", Draconic Debut's "The
next Dragon creature spell you cast costs {X} less to cast.": effects of the spell as it resolves, on the spells
cast after it (CR 601.3, 601.2f, 608.2), never a permission or a cost change of the spell itself."""
_STARTING_PLAYER = re.compile(r"if you (?:weren't|aren't) the starting player, (?:(?:this spell|~) costs \{\d+\} "
                              r"less to cast|you may cast (?:this spell|~) as though it had flash)\.")
"""A cost change or permission on who took the first turn (CR 103.1): the state does not say, so it is reported."""


def _next_spell_flash(line: str, original: str) -> Instruction | list[UnsupportedText] | None:
    """A line of spell text that starts "The next … spell you cast this turn can be cast as though it had flash.".

    The sentence is what the spell does as it resolves (CR 608.2): it chooses no target, and it is no
    permission to cast this spell (CR 601.3). The rest of the line is read as spell text is.

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    Instruction, list of UnsupportedText, or None
        The instruction with the targets of the rest of the line; what of the rest is not read; None when the
        line does not start so.
    """
    found = _NEXT_SPELL_FLASH.match(line)
    if found is None:
        return None
    rest = line[found.end():]
    if not rest:
        return Instruction(original, ())
    try:
        tree = _parser().parse(rest, start="effect")
    except UnexpectedInput as error:
        span = _error_span(original[found.end():], error)
        return [UnsupportedText(span, _unread_reason(span))]
    reader = _SpellTextReader(rest)
    reader.read(tree)
    if reader.unsupported:
        return reader.unsupported
    return Instruction(original, tuple(reader.targets))


_COMMANDER_FREE_CAST = re.compile(r"if you control a commander, you may cast (?:this spell|~) without paying its mana "
                                  r"cost\.")
"""An alternative cost on controlling a commander (CR 903.3, 118.9): the state format has no commander, so it is
reported, never taken as absent."""
_OWN_COST_WHERE_X = re.compile(r"(?:[a-z ]+ — )?(?:this spell|~) costs \{x\} less to cast, where x is "
                               r"(?P<what>the total power of creatures you control"
                               r"|your devotion to (?:white|blue|black|red|green))\.")
"""The spell's own reduction by a number the state gives: "This spell costs {X} less to cast, where X is your
devotion to black." (CR 601.2f, 700.5); this X is not the spell's X (CR 107.3)."""


def _own_cost_where_x(line: str, original: str) -> CostModifier | None:
    """The spell's own "{X} less to cast, where X is the total power of creatures you control", or None.

    Also "… where X is your devotion to black." (CR 700.5): a reduction of one generic mana for each (CR 601.2f).
    """
    found = _OWN_COST_WHERE_X.fullmatch(line)
    if found is None:
        return None
    what = found["what"]
    quantity = "total power" if what.startswith("the total power") else what.removeprefix("your ")
    return CostModifier(-1, original, own=True, per=Count(quantity=quantity, text=what))


_PRICED_MODE = re.compile(r"[^—{}]+? — (?P<cost>(?:\{[^}]+\})+) — (?P<effect>.+)")
"""A mode with its name and cost before its effect, "Cross-Slash — {0} — Destroy target tapped creature." (tiered)."""
_DIE_RESULT_ROW = re.compile(r"\d+(?:[—–-]\d+|\+)? \| (?P<effect>.+)")
"""A line of a die roll's results table, "1—14 | …", "15+ | …", "20 | …" (CR 706.3a)."""
_ATTACHED_GRANT = re.compile(r"(?:enchanted|equipped) (?:creature|permanent) (?:gets [+-]\d+/[+-]\d+(?:,| and) )?"
                             r"has (?P<what>.+?)\.?")


def _attached_grants(line: str) -> tuple[str, ...] | None:
    """The keywords an Aura or Equipment gives the permanent it is attached to, or None when not read.

    "Equipped creature gets +2/+2 and has protection from red and from blue.", "Enchanted creature has
    shroud.": each keyword the grammar reads as a granted keyword (the state's ``granted`` form); a change of
    power and toughness beside it is judged where it matters (targets refuse to judge power under such text);
    a quoted triggered or activated ability other than a mana ability is given too, but bears on no cast (its
    targets are not a spell's, CR 115.1b, 602, 603). Anything else in the line (a quoted mana ability, a type
    added, "protection from the chosen color") makes it not read: None.

    Parameters
    ----------
    line : str
        The prepared line (lowercased, reminder text removed).

    Returns
    -------
    tuple of str or None
        The keyword texts given (CR 613.1f), possibly empty; None when the line is not such a grant or a part
        of it is not read.
    """
    found = _ATTACHED_GRANT.fullmatch(line)
    if found is None:
        return None
    quoted: list[str] = []

    def hold(match: re.Match[str]) -> str:
        quoted.append(match.group(1))
        return f"\x00{len(quoted) - 1}"

    what = re.sub(r'"([^"]*)"', hold, found["what"])
    grants = []
    for item in re.split(r",? and (?!from\b)|, ", what):
        item = item.strip()
        if "\x00" in item and not re.fullmatch(r"\x00\d+", item):
            return None  # a quoted ability inside other words: 'has "…" until …'
        if item.startswith("\x00"):
            ability = quoted[int(item[1:])].strip()
            read = read_line(ability.rstrip(".") + ".") if not ability.endswith(".") else read_line(ability)
            if isinstance(read, UnexpectedInput) or read[0] not in ("triggered_line", "activated_line") \
                    or re.search(r":\s*add\b", ability):
                return None
            continue
        try:
            parse_granted((item,))
        except InputError:
            return None
        grants.append(item)
    return tuple(grants)


_TWO_KICKERS = re.compile(r"kicker (?P<first>(?:\{[^}]+\})+) and/or (?P<second>(?:\{[^}]+\})+)")


def _two_kickers(line: str, original: str) -> tuple[AdditionalCost, AdditionalCost] | None:
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


_ADDITIONAL = re.compile(r"as an additional cost to cast (?:this spell|~), (?P<optional>you may )?(?P<cost>[^.]+)\.")


_ADDITIONAL_CHOICE = re.compile(r"as an additional cost to cast (?:this spell|~), (?P<first>[^.]+?) or "
                                r"(?P<second>(?:discard|sacrifice|pay|exile|tap|return)\b[^.]+)\.")


def _additional_cost_choice(line: str, original: str) -> tuple[AdditionalCost, AdditionalCost] | None:
    """A choice between two additional costs, "discard a card or pay {5}" (CR 601.2b, 118.8), or None.

    Both are read as costs, each optional, with the line as their ``one_of``: exactly one is paid.
    """
    found = _ADDITIONAL_CHOICE.fullmatch(line)
    if found is None:
        return None
    costs = [_cost_of_parts(found[part]) for part in ("first", "second")]
    if any(isinstance(cost, str) for cost in costs) or any(
            c.mana.has_x or c.life_x for c in costs if isinstance(c, Cost)):
        return None
    first, second = (dataclasses.replace(c, text=found[part]) for c, part in zip(costs, ("first", "second"))
                     if isinstance(c, Cost))
    if first.text == second.text:
        return None
    return (AdditionalCost(first, optional=True, one_of=original),
            AdditionalCost(second, optional=True, one_of=original))


_BEHOLD_SPELLED_OUT = re.compile(
    r"reveal an? (?P<revealed>[a-z]+(?: [a-z]+)?) card from your hand or choose an? (?P<chosen>[a-z]+(?: [a-z]+)?) "
    r"you control|choose an? (?P<chosen_first>[a-z]+(?: [a-z]+)?) you control or reveal an? "
    r"(?P<revealed_second>[a-z]+(?: [a-z]+)?) card from your hand")
"""Behold's own words (CR 701.4a): "reveal a Dragon card from your hand or choose a Dragon you control", either
order."""


def _behold_words(found: re.Match[str]) -> str:
    """"behold a [quality]" for its spelled-out words when both name the same quality (CR 701.4a), else as is."""
    revealed = found["revealed"] or found["revealed_second"]
    chosen = found["chosen"] or found["chosen_first"]
    return f"behold a {revealed}" if revealed == chosen else found.group()


_WATERBEND = re.compile(r"as an additional cost to cast (?:this spell|~), (?P<optional>you may )?waterbend "
                        r"\{(?P<amount>\d+|x)\}\.")


def _waterbend(line: str, original: str) -> tuple[AdditionalCost, CostModifier] | None:
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
    tapped = ObjectCost(CostAction.TAP, None, frozenset({TargetKind.ARTIFACT, TargetKind.CREATURE}), waterbend=True,
                        text="tap untapped artifacts and creatures you control (waterbend)")
    cost = Cost(ManaCost.parse(f"{{{found['amount'].upper()}}}", path="oracle_text"), objects=(tapped,),
                text=original)
    additional = AdditionalCost(cost, "waterbend", optional=bool(found["optional"]), rule="CR 701.67a")
    return additional, CostModifier(-1, "each artifact or creature tapped pays for {1} (waterbend)", own=True,
                                    per_object_of=tapped)


def _printed_additional_cost(line: str, original: str) -> AdditionalCost | None:
    """An additional cost printed "As an additional cost to cast this spell, …" (CR 118.8), or None.

    None when the cost has a choice ("discard a card or pay {5}"), an X, or a part not read: the line is then
    read as before, and reported.
    """
    found = _ADDITIONAL.fullmatch(line)
    if found is None:
        return None
    if found["optional"] and (repeated := re.fullmatch(r"pay ((?:\{[0-9wubrgc]\})+) any number of times",
                                                      found["cost"])):
        # "you may pay {1}{G} any number of times": announced as the spell is cast, each time paid in full
        # (CR 601.2b, 601.2f), as multikicker is (CR 702.33c)
        mana = ManaCost.parse(repeated.group(1).upper(), path="oracle_text")
        return AdditionalCost(Cost(mana, text=original), "optional additional cost", optional=True, most_times=None)
    words = _BEHOLD_SPELLED_OUT.sub(_behold_words, found["cost"])
    if re.search(r"\bor\b(?! greater\b| less\b)|\bx\b", _without_either_nouns(words)):  # "4 or greater": no choice
        return None
    cost = _cost_of_parts(words)
    if isinstance(cost, str):
        return None
    optional = bool(found["optional"])
    if any(part.least_total_mana_value is not None for part in cost.objects):
        # "you may collect evidence 6": the keyword action names the cost, which "if evidence was collected" asks
        # paid (CR 701.59a, 701.59c)
        return AdditionalCost(dataclasses.replace(cost, text=original), "collect evidence", optional=optional,
                              rule="CR 701.59a")
    return AdditionalCost(dataclasses.replace(cost, text=original), "optional additional cost" if optional else None,
                          optional=optional)


def _without_either_nouns(text: str) -> str:
    """``text`` with each "red or green", "artifact or creature" (two qualities or kinds, one object) taken out.

    What is left holds "or" only where the cost offers a choice of costs ("discard a card or pay {5}").
    """
    def either(found: re.Match[str]) -> str:
        words = (found["one"], found["other"])
        if all(word in _KIND_WORDS or _quality_of_word(word) is not None for word in words):
            return "…"
        return found.group()
    return re.sub(r"\b(?P<one>[a-z]+) or (?P<other>[a-z]+)\b", either, text)


_X_OBJECTS = re.compile(r"as an additional cost to cast (?:this spell|~), (?P<action>discard|sacrifice|exile) x "
                        r"(?P<what>[^.]+)\.")


def _x_objects_additional_cost(line: str, original: str) -> AdditionalCost | None:
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
        elif kind in _CARD_TYPE_WORDS:
            qualities = _card_type_filter(kind)
        elif kind in _SUBTYPE_BY_WORD:
            qualities = ObjectFilter((frozenset({Quality("subtype", _SUBTYPE_BY_WORD[kind])}),), kind)
        else:
            return None
        cost: ObjectCost | None = ObjectCost(CostAction.DISCARD, None, qualities=qualities, zone=Zone.HAND)
    else:
        try:  # read as "two" of them, then made X of them
            cost = _object_cost(f"{action} two {what}")
        except _UnreadText:
            cost = None
    if cost is None:
        return None
    text = line[found.start("action"):].rstrip(".")
    cost = dataclasses.replace(cost, count=None, x_count=True, text=text)
    return AdditionalCost(Cost(objects=(cost,), text=original))


def _keyword_then_cost(line: str) -> bool:
    """Whether a line is a keyword of the grammar followed by a cost ("Flashback {3}{B}, Pay 3 life.", CR 702)."""
    keyword = _battlefield_keyword_start().match(line) or _cast_keyword_start().match(line)
    return keyword is not None and line[keyword.end():].startswith((" {", "—"))


@functools.cache
def _cast_keyword_start() -> re.Pattern[str]:
    """The keywords that change how the card is cast from the hand, at a line's start (CAST_KEYWORD, COST_KEYWORD)."""
    return _any_terminal(("CAST_KEYWORD", "COST_KEYWORD"))


@functools.lru_cache(maxsize=65536)
def read_line(line: str) -> tuple[str, Tree] | UnexpectedInput:
    """Read one prepared line (lowercased, no reminder text) with the grammar.

    Parameters
    ----------
    line : str

    Returns
    -------
    (str, lark.Tree) or lark.exceptions.UnexpectedInput
        The start rule that read the whole line and its tree, or the error of
        the spell-text rule (the last tried) when none did. Results are
        cached per line: many cards share lines ("Flying", "Draw a card.").
    """
    parser = _parser()
    first_tokens = _first_token_patterns()
    error: UnexpectedInput | None = None
    for rule in LINE_RULES:
        if rule != "effect" and (first_tokens[rule].match(line) is None
                                 or (rule == "activated_line" and ":" not in line)):
            continue  # the rule can't read this line: its first token, or the colon of a cost, is missing
        try:
            return rule, parser.parse(line, start=rule)
        except UnexpectedInput as exc:
            error = exc.with_traceback(None)  # its frames would hold it: a reference cycle kept in the cache
    assert error is not None
    return error


_TOPICS = (
    # "mana value" and "mana cost" name a quality of spells, not mana a permanent makes (CR 202.3)
    ("mana", re.compile(r"\badd\b|\bmana\b(?! (value|cost)s?\b)"
                        r"|\b(is|are) (an? )?(plains|island|swamp|mountain|forest)")),
    ("targeting", re.compile(r"\b(target|targets|targeted|hexproof|shroud|protection|ward)\b")),
    ("cost", re.compile(r"\b(cost|costs|cast|spend)\b")),
)


def _topics(line: str) -> frozenset[str]:
    """Every topic an unread line of a permanent may bear on: one line may ban spells and make mana.

    "Creatures lose all abilities" takes away hexproof, protection, mana abilities and cost changes alike
    (CR 613.1f): it bears on every topic.
    """
    lowered = line.lower()
    if re.search(r"\blose(s)? all abilities\b", lowered):
        return frozenset(topic for topic, _ in _TOPICS)
    return frozenset(topic for topic, pattern in _TOPICS if pattern.search(lowered))


def _strip_reminder(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text


def _prepare_lines(card: Card) -> list[str]:
    text = _strip_reminder(card.oracle_text)
    names = {card.name}
    if "," in card.name:
        names.add(card.name.split(",")[0])  # "Thalia" for Thalia, Guardian of Thraben
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "~")
    return [line.strip() for line in text.split("\n") if line.strip()]


def _tokens(tree: Tree) -> list[Token]:
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def _first_token(tree: Tree) -> Token:
    """The first child of a rule whose grammar starts it with a terminal."""
    token = tree.children[0]
    assert isinstance(token, Token), tree.data
    return token


def _mana_cost_of(tree: Tree) -> ManaCost:
    return ManaCost.parse("".join(str(t) for t in _tokens(tree)), path="oracle_text")


_HISTORIES = tuple((re.compile(pattern), lacks) for pattern, lacks in (
    (r"\bwas dealt damage this turn\b", "which objects were dealt damage this turn"),
    (r"\bdealt damage (to you )?this turn\b", "which creatures dealt damage this turn"),
    (r"\bblocked\b[^.]* this turn\b", "which creatures blocked or were blocked this turn"),
    (r"\battacked you this turn\b", "which creatures attacked this turn"),
    (r"\bentered (this turn|since your last turn ended)\b", "when each permanent entered the battlefield"),
    (r"\bput there from [a-z ]+ this turn\b", "where each card in a graveyard came from, and when"),
    (r"\bwas activated this turn\b", "which abilities were activated this turn"),
    (r"\bthe second spell cast this turn\b", "the order of the spells cast this turn"),
))
"""What a target restriction asks of the turn's history, and the words for what the state file lacks (CR 115.1)."""

_NOT_BASIC_LAND = frozenset({Quality("supertype", "Basic", negated=True), Quality("type", CardType.LAND, negated=True)})
"""One clause: a card other than a basic land card, nonbasic or not a land (CR 205.4a)."""


class _SpellTextReader:
    """Collects targets and unsupported spans of one effect tree."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.targets: list[TargetSpec] = []
        self.unsupported: list[UnsupportedText] = []
        self.kicked_only: tuple[str, ...] = ()  # the costs the text of this sentence needs paid (CR 702.33g)
        self.trigger: str | None = None  # in a triggered ability the spell creates: "condition", then "effect"
        self.read_up_to = 0  # where the last target phrase read ends in the line
        self.counted_x: Count | None = None  # "where X is the number of …": the divided X, a count (CR 107.3c)

    def read(self, tree: Tree) -> None:
        for child in tree.children:
            if not isinstance(child, Tree):
                continue
            if child.data == "kicked_clause":
                # until the end of the sentence: "if this spell was kicked / bargained," (CR 702.33g, 702.166b)
                clause = str(_first_token(child)).rstrip(",")
                named = re.fullmatch(r".* kicked with its ((?:\{[^{}]+\})+) kicker", clause)
                # "if this spell was kicked with its {2}{R} kicker,": that one of two kicker costs (CR 702.33f)
                self.kicked_only = ((f"kicker {ManaCost.parse(named.group(1).upper(), path='oracle_text')}",)
                                    if named else _PAID_CONDITIONS[clause.rsplit(" ", 1)[-1]])
            elif child.data == "trigger_start":
                # "When target creature dies this turn, …": the condition's targets are the spell's; after the
                # comma, the triggered ability's targets are chosen when it triggers (CR 603.3d, 603.7a, 603.12)
                self.trigger = "condition"
            elif child.data == "free" and any(str(t) == "," for t in child.children) and self.trigger == "condition":
                self.trigger = "effect"
            elif child.data == "free" and any(str(t) == "." for t in child.children):
                self.kicked_only = ()
                self.trigger = None
            elif self.trigger == "effect":
                continue  # not a target chosen as the spell is cast
            elif child.data == "divided_target":
                token = _first_token(child)
                count, minimum, amount, what, is_x = _division(str(token))
                phrase = self.line[token.start_pos:token.end_pos]
                if not self._division_is_read(token, is_x):
                    continue
                self._add(TargetSpec(phrase, ANY_TARGET_KINDS, count=count, minimum=minimum,
                                     divided=amount, divided_what=what, divided_x=is_x), False)
            elif child.data in ("spell_or_other", "spell_list"):
                self._spell_or_other(child)
            elif child.data in ("target_phrase", "any_target", "any_other_target", "spell_target",
                                "graveyard_target", "another_any_target", "third_any_target", "divided_kind_target",
                                "counted_any_target"):
                self._target(child)
            elif child.data == "keyword_action_target":
                token = _first_token(child)
                action, number = str(token).split()
                phrase = self.line[token.start_pos:token.end_pos]
                if action == "earthbend":  # "Target land you control becomes a 0/0 …" (CR 701.66a)
                    self._add(TargetSpec(phrase, frozenset({TargetKind.LAND}), ControllerFilter.YOU), False)
                elif number == "x":  # "each of up to X target creatures" (CR 701.41a, on a spell)
                    self._add(TargetSpec(phrase, frozenset({TargetKind.CREATURE}), count=ANY_NUMBER, minimum=0,
                                         x_count=True, x_up_to=True), False)
                else:  # "each of up to N target creatures" (CR 701.41a, on an instant or sorcery)
                    count = int(number) if number.isdigit() else _NUMBER_WORDS[number]
                    self._add(TargetSpec(phrase, frozenset({TargetKind.CREATURE}), count=count, minimum=0), False)
            elif child.data == "step_timing":
                token = _first_token(child)
                self.unsupported.append(UnsupportedText(
                    self._span(token),
                    "timing restriction narrower than a phase (CR 506.7): "
                    "combat steps are not modelled",
                ))
            elif child.data == "unsupported_phrase":
                token = _first_token(child)
                if str(token) == "additional cost" and _PAID_RIDER.match(self.line[token.end_pos:]) \
                        and not _STRUCTURAL_WORDS.search(self._sentence_of(token).replace(
                            "additional cost was paid", "")):
                    # "If this spell's additional cost was paid, you gain 2 life.": what the spell does, linked to
                    # the optional cost (CR 607.2); no target, mode or cost of the cast in it
                    continue
                self.unsupported.append(
                    UnsupportedText(
                        span=self._span(token),
                        reason=f"casting construct not modelled: {str(token)!r}",
                    )
                )

    def _sentence_of(self, token: Token) -> str:
        """The sentence of the line that holds ``token``."""
        start = self.line.rfind(". ", 0, token.start_pos)
        end = self.line.find(".", token.end_pos)
        return self.line[start + 2 if start >= 0 else 0: end if end >= 0 else len(self.line)]

    def _restriction(self, token: Token) -> UnsupportedText:
        """The report of a target restriction not read, from ``token`` to the line's end (CR 115.1).

        Where the restriction asks what happened earlier in the turn, which a state file does not record ("that
        was dealt damage this turn", "that entered this turn"), the reason says what the state lacks.
        """
        span = self._span(token)
        sentence = span.split(". ", 1)[0]
        for pattern, lacks in _HISTORIES:
            if pattern.search(sentence):
                return UnsupportedText(span, f"target restriction not modelled: {lacks} is not in the state")
        return UnsupportedText(span, "target restriction not modelled")

    def _span(self, start: Token, end: int | None = None) -> str:
        end = len(self.line) if end is None else min(end, len(self.line))
        return self.line[start.start_pos : end]

    def _target(self, tree: Tree) -> None:
        tokens = _tokens(tree)
        phrase = self.line[tokens[0].start_pos : tokens[-1].end_pos]
        if tree.data == "graveyard_target":
            if any(isinstance(c, Tree) and c.data == "filter" for c in tree.children):
                self.unsupported.append(self._restriction(tokens[0]))
                return
            token = next(t for t in tree.children if isinstance(t, Token)
                         and t.type in ("GRAVEYARD_CARD", "QUALIFIED_CARD", "LISTED_CARD"))
            text = str(token)
            if token.type == "LISTED_CARD":  # "… target instant card and … target sorcery card from your graveyard"
                zone = re.search(r" from (?:your|a|an opponent's) graveyard\b", self.line[token.end_pos or 0:])
                if zone is None:  # not expected: the terminal's lookahead found one
                    self.unsupported.append(self._restriction(tokens[0]))
                    return
                text += zone.group()
            qualities = None
            if any(isinstance(c, Tree) and c.data == "graveyard_except" for c in tree.children):
                # "other than a basic land card": not both basic and a land (CR 205.4a)
                qualities = _add_quality(None, _NOT_BASIC_LAND, "other than a basic land card")
            that_is = re.fullmatch(r"(cards?) that's an? ([a-z]+(?: or [a-z]+)?)( .*)", text)
            if that_is:  # "target card that's an instant or sorcery from your graveyard" (CR 205.2a)
                text = f"{that_is.group(2)} {that_is.group(1)}{that_is.group(3)}"
            relation = None
            shared = re.search(r" that share (a creature type|no creature types|a card type)", text)
            if shared:  # "two target creature cards that share a creature type from your graveyard" (CR 205.3m)
                text = text.replace(shared.group(), "")
                relation = TargetRelation(shared.group().removeprefix(" that "))
            total = re.search(r" with total (mana value|power) (\d+) or less", text)
            total_at_most = None
            if total:  # "up to three target creature cards with total mana value 3 or less" (CR 601.2c)
                text = text.replace(total.group(), "")
                total_at_most = (total.group(1), int(total.group(2)))
            with_part = re.search(r" with (mana value (\d+|x)( or (less|greater))?|power (\d+|x) or (less|greater)"
                                  r"|cycling)", text)
            if with_part:  # "creature card with mana value 3 or less from your graveyard" (CR 202.3, 208)
                text = text.replace(with_part.group(), "")
                qualities = _add_quality(qualities, _with_quality(with_part.group().strip()), with_part.group().strip())
            if text.endswith(" graveyards"):  # "from graveyards", "in graveyards": any graveyard (CR 115.2)
                text = text.removesuffix("graveyards") + "a graveyard"
            before_card = re.split(r" cards? (?:from|in) ", " " + text)[0].strip()
            if token.type == "QUALIFIED_CARD":
                words = before_card.split(" ")
                if words[-1] in ("creature", "artifact", "enchantment", "land", "instant", "sorcery",
                                 "planeswalker", "permanent") and len(words) > 1 and words[-2] != "or":
                    before_card, kind_words = " ".join(words[:-1]), [words[-1]]
                else:
                    kind_words = []
                if before_card == "permanent" or kind_words == ["permanent"]:
                    kind_words = [t.value for t in PERMANENT_TYPES]
                    before_card = "" if before_card == "permanent" else before_card
                if before_card:
                    adjectives = _object_filter(before_card)
                    qualities = adjectives if qualities is None else ObjectFilter(
                        adjectives.clauses + qualities.clauses, f"{adjectives.text} … {qualities.text}")
            else:  # "creature or planeswalker", "artifact, enchantment, or planeswalker", "creature and/or …"
                kind_words = [w for w in re.split(r",? (?:or|and/or) |, ", before_card) if w] if before_card else []
                if kind_words == ["permanent"]:  # "target permanent card" (CR 110.4)
                    kind_words = [t.value for t in PERMANENT_TYPES]
                if set(kind_words) & _CARD_SUBTYPE_WORDS:
                    # "target creature or Vehicle card": a card with one of the types or the subtype (CR 205.3g,
                    # 205.3m), one clause of qualities in place of the card types
                    type_or_subtype = frozenset(Quality("subtype", _SUBTYPE_BY_WORD[w]) if w in _CARD_SUBTYPE_WORDS
                                                else Quality("type", CardType(w.capitalize())) for w in kind_words)
                    qualities = _add_quality(qualities, type_or_subtype, before_card)
                    kind_words = []
            owner = text.rsplit(" ", 2)[-2].replace("her", "their")  # "his or her graveyard" (older wording)
            controller = {"your": ControllerFilter.YOU, "a": ControllerFilter.ANY, "single": ControllerFilter.ANY,
                          "opponent's": ControllerFilter.OPPONENT, "their": ControllerFilter.ANY}[owner]
            single = owner == "single"  # "from a single graveyard": every card chosen has one owner (CR 115.1)
            count, minimum = self._count(tokens[0])[:2]
            if relation is not None and not self._relates(tokens[0], count):
                return
            in_graveyard_of = None
            if owner == "their":
                in_graveyard_of = self._their_graveyard(tokens[0])
                if in_graveyard_of is None:
                    return
            self._add(TargetSpec(phrase, frozenset({TargetKind.GRAVEYARD_CARD}), controller, count, minimum,
                                 card_types=frozenset(CardType(w.strip().capitalize()) for w in kind_words if w),
                                 qualities=qualities, same_controller=single, relation=relation,
                                 controlled_by=in_graveyard_of, total_at_most=total_at_most),
                      self._is_other(tokens[0]))
            return
        if tree.data == "spell_target":
            kind_token = next(t for t in tree.children if isinstance(t, Token)
                              and t.type in ("SPELL_KIND", "QUALIFIED_SPELL"))
            if any(isinstance(c, Tree) and c.data == "filter" for c in tree.children):
                self.unsupported.append(self._restriction(tokens[0]))
                return
            words = str(kind_token).split()
            qualities = None
            if kind_token.type == "QUALIFIED_SPELL":
                spell_filter = SpellFilter.ANY
                qualities = _object_filter(" ".join(words[:-1]))
            else:
                # "instant and/or sorcery spells": each an instant or a sorcery spell (CR 115.1)
                spell_filter = SpellFilter(" ".join(words[:-1] + ["spell"]).replace(" and/or ", " or "))
            for child in tree.children:
                if isinstance(child, Tree) and child.data == "with_quality":
                    text = str(child.children[0])
                    qualities = _add_quality(qualities, _with_clause(text), text)
                elif isinstance(child, Tree) and child.data == "spell_targeting":
                    text = str(child.children[0])
                    qualities = _add_quality(qualities, _targeting_quality(text), text)
            count, minimum = self._count(tokens[0])[:2]
            controller = ControllerFilter.ANY
            for child in tree.children:
                if isinstance(child, Tree) and child.data == "you_control":
                    controller = ControllerFilter.YOU
                elif isinstance(child, Tree) and child.data == "opponent_controls":
                    controller = ControllerFilter.OPPONENT
                elif isinstance(child, Tree) and child.data == "you_own":  # "target spell you own" (CR 108.3)
                    qualities = _add_quality(qualities, _OWNED_BY_YOU, "you own")
                elif isinstance(child, Tree) and child.data in ("same_controller", "same_opponent",
                                                                 "different_controllers", "that_player_controls"):
                    self.unsupported.append(self._restriction(tokens[0]))
                    return
            self._add(TargetSpec(phrase, frozenset({TargetKind.SPELL}), controller, count=count, minimum=minimum,
                                 spells=spell_filter, qualities=qualities), self._is_other(tokens[0]))
            return
        if tree.data == "another_any_target":
            # a bare "another target": any other target (CR 115.4)
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS), True)
            return
        if tree.data == "third_any_target":
            # a bare "a third target": any target other than the two before it (CR 115.4)
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS), True, third=True)
            return
        if any(isinstance(c, Tree) and c.data == "filter" for c in tree.children) and tree.data in (
                "any_target", "counted_any_target"):
            # "any target that was dealt damage this turn": a restriction after the phrase, not read (CR 115.1)
            self.unsupported.append(self._restriction(tokens[0]))
            return
        if tree.data == "any_target":
            # "any other target" / "any another target": different from the earlier one (CR 115.4)
            another = bool(re.search(r"\b(other|another)\b", phrase.lower()))
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS), another)
            return
        if tree.data == "counted_any_target":
            # "each of two targets", "up to X targets": that many targets, each any target (CR 115.4, 115.6)
            count, minimum = self._count(tokens[0])[:2]
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS, count=count, minimum=minimum), self._is_other(tokens[0]))
            return
        count, minimum = 1, 1
        kinds: set[TargetKind] = set()
        controller = ControllerFilter.ANY
        another = third = False
        same_controller = False
        relation = None
        qualities = None
        that_player = False
        kind_list: str | None = None  # "artifact, enchantment, or creature": a KIND_LIST, as printed
        divided, divided_what, divided_x = 0, "damage", False
        for child in tree.children:
            if isinstance(child, Token):
                if child.type == "ANOTHER_TARGET":
                    another = True
                elif child.type == "THIRD_TARGET":
                    another = third = True
                elif child.type == "DIVIDED_AMONG_KIND":
                    count, minimum, divided, divided_what, divided_x = _division(str(child))
                    if not self._division_is_read(child, divided_x):
                        return
                elif child.type == "COUNTED_TARGET":
                    count, minimum = self._count(child)[:2]
                    another = another or self._is_other(child)
                elif child.type == "QUALIFIED_KIND":
                    kinds_found, qualities = _qualified_kind(str(child))
                    kinds |= kinds_found
                elif child.type == "QUALIFIED_KINDS":
                    kinds_found, qualities = _qualified_kinds(str(child))
                    kinds |= kinds_found
                continue
            if child.data == "kind_or_qualified":
                plain, qualified = [t for t in child.children if isinstance(t, Token) and t.type != "OR"]
                plain_kind = TargetKind(str(plain).removesuffix("s"))
                found_kinds, found = _qualified_kind(str(qualified))
                if plain_kind not in PERMANENT_KIND_TYPES:
                    self.unsupported.append(self._restriction(tokens[0]))
                    return
                kinds |= {plain_kind} | found_kinds
                # "land or nonblack creature": a land, or else what the qualities say (each clause gains "a land")
                either = Quality("type", PERMANENT_KIND_TYPES[plain_kind])
                qualities = ObjectFilter(tuple(clause | {either} for clause in found.clauses),
                                         f"{plain} or {found.text}")
            elif child.data == "with_quality":
                text = str(child.children[0])
                clause = _with_clause(text)
                scoped = _last_kind_quality(kind_list, clause)
                qualities = _add_quality(qualities, clause if scoped is None else scoped, text)
            if child.data == "kinds":
                kind_list = str(child.children[0]) if len(child.children) == 1 else None
                for part in child.children:
                    for word in re.findall(r"[a-z]+", str(part)):
                        if word not in ("or", "and"):
                            kinds.add(TargetKind(word.removesuffix("s")))
            elif child.data == "you_control":
                controller = ControllerFilter.YOU
            elif child.data == "you_own":  # "target permanent you own" (CR 108.3)
                qualities = _add_quality(qualities, _OWNED_BY_YOU, "you own")
            elif child.data == "opponent_controls":
                controller = ControllerFilter.OPPONENT
            elif child.data == "same_controller":
                same_controller = True
            elif child.data == "token":  # "target creature token" (CR 111.1)
                qualities = _add_quality(qualities, _STATUS_WORDS["token"], "token")
            elif child.data == "same_opponent":  # "controlled by the same opponent": an opponent's, all one's
                controller, same_controller = ControllerFilter.OPPONENT, True
            elif child.data == "different_controllers":
                relation = TargetRelation.DIFFERENT_CONTROLLERS
            elif child.data == "that_player_controls":
                that_player = True
            elif child.data == "relation":
                relation = TargetRelation(str(child.children[0]).removeprefix("that "))
            elif child.data == "filter":
                self.unsupported.append(self._restriction(tokens[0]))
                return
        if relation is not None and not self._relates(tokens[0], count):
            return
        controlled_by = None
        if that_player:
            read = self._that_player(tokens[0], count, minimum, bool(relation or same_controller or divided))
            if read is None:
                return
            if isinstance(read, int):
                controlled_by = read
            else:  # one target for each opponent or player, each of its own: at most one per controller
                controller, count, minimum, relation = read, ANY_NUMBER, 0, TargetRelation.DIFFERENT_CONTROLLERS
        # "target creature or player" (older wording) is read as written:
        # creatures and players, not planeswalkers or battles (unlike "any target", CR 115.4).
        self._add(TargetSpec(phrase, frozenset(kinds), controller, count, minimum,
                             same_controller=same_controller, qualities=qualities, divided=divided,
                             divided_what=divided_what, relation=relation, divided_x=divided_x,
                             controlled_by=controlled_by), another, third=third)

    def _their_graveyard(self, token: Token) -> int | None:
        """Whose graveyard "their graveyard" is in "Target player shuffles … target cards from their graveyard".

        The sentence begins with one target player or opponent, the subject "their" names (CR 115.1): the cards
        are in that player's graveyard, a rule over the two instances (CR 601.2c). Returns the index of that
        instance in the text; anything else ("their" naming no target of the sentence) is reported and None
        returned.
        """
        start = token.start_pos or 0
        sentence = self.line[:start].rsplit(". ", 1)[-1]
        subject = re.fullmatch(r"(?:• )?(target (?:player|opponent)) [a-z]+ ", sentence)  # a mode's bullet
        earlier = self.targets[-1] if self.targets else None
        # the last target read is the sentence's subject: it ends where "target player" ends
        is_subject = subject is not None and self.read_up_to == start - len(sentence) + subject.end(1)
        if (earlier is not None and is_subject and earlier.kinds <= {TargetKind.PLAYER, TargetKind.OPPONENT}
                and earlier.count == earlier.minimum == 1 and not earlier.x_count
                and earlier.condition == self.kicked_only):
            return len(self.targets) - 1
        self.unsupported.append(UnsupportedText(self._span(token), "target restriction not modelled: 'their "
                                                                   "graveyard' names no earlier target player"))
        return None

    def _that_player(self, token: Token, count: int, minimum: int,
                     related: bool) -> int | ControllerFilter | None:
        """Who "that player" is in "… target creature that player controls" (CR 115.1, 601.2c); None: reported.

        - After "For each opponent," / "For each player," with "up to one target", or after "For any number of
          opponents," with "target": one target for each of those players, controlled by them. Taken together,
          the targets are any set of objects those players control, no two with one controller: the
          ControllerFilter of the players is returned (OPPONENT or ANY).
        - Else the one target of the instance just before, in the same text, when it is a player or an opponent
          ("Choose target opponent. Destroy target land that player controls.") or a permanent an opponent
          controls ("Target creature an opponent controls deals damage … to another target creature that
          player controls"), and no other player is named between the two: that instance's index.

        Anything else ("For each opponent, … target permanent that player controls", one target each whatever
        the opponent controls; "that player" being the opponent whose turn it is, or the one who chose a mode)
        is reported.
        """
        start = token.start_pos
        sentence = self.line[: start].rsplit(". ", 1)[-1]
        each = re.match(r"for (each opponent|each player|any number of opponents), ", sentence)
        reason = "'that player' names no earlier target of the text"
        if each and not related:
            players = each.group(1)
            if (count, minimum) == ((1, 0) if players.startswith("each") else (1, 1)):
                return ControllerFilter.ANY if players == "each player" else ControllerFilter.OPPONENT
            reason = f"one target for {players}, each chosen whatever that player controls, is not modelled"
        elif self.targets and not related:
            earlier = self.targets[-1]
            between = self.line[self.read_up_to: start]
            is_player = earlier.kinds <= {TargetKind.PLAYER, TargetKind.OPPONENT}
            opponents = earlier.controller is ControllerFilter.OPPONENT and not earlier.kinds & {
                TargetKind.PLAYER, TargetKind.OPPONENT, TargetKind.SPELL, TargetKind.GRAVEYARD_CARD}
            if ((is_player or opponents) and earlier.count == earlier.minimum == 1 and not earlier.x_count
                    and earlier.condition == self.kicked_only and not each
                    and not re.search(r"\b(players?|opponents?|you|they|their|its controller)\b", between)):
                return len(self.targets) - 1
        self.unsupported.append(UnsupportedText(self._span(token), f"target restriction not modelled: {reason}"))
        return None

    def _division_is_read(self, token: Token, is_x: bool) -> bool:
        """Whether a division is all the line says of its amount; if not, report the line's rest (CR 601.2d).

        "… where X is the number of Mountains you control" defines X by the text (CR 107.3c), so X is not
        the value announced; "If this spell was kicked, prevent the next 6 damage this way instead" changes
        the amount. Both are reported, never read as the division before them.
        """
        rest = self.line[token.start_pos:]
        counted = re.search(r"\bwhere x is the number of (?P<what>[a-z ]+?)(?: as you cast this spell)?\.$", rest)
        if is_x and counted is not None and not re.search(r"\bthis way instead\b", rest):
            # "X damage divided …, where X is the number of Mountains you control as you cast this spell": X is
            # that count, as the spell is cast (CR 107.3c, 601.2d)
            singular = re.sub(r"\b(mountain|creature|artifact|land|permanent|card|island|swamp|forest|enchantment|"
                              r"planeswalker)s\b", r"\1", counted["what"])
            self.counted_x = _counted(singular)
            if self.counted_x is not None:
                return True
        if (is_x and re.search(r"\bx is\b", rest)) or re.search(r"\bthis way instead\b", rest):
            self.unsupported.append(UnsupportedText(rest, "a divided amount the text defines or changes"))
            return False
        return True

    def _spell_or_other(self, tree: Tree) -> None:
        """Read "target spell or permanent", "target spell or creature" and lists of spells and abilities.

        "target instant spell, sorcery spell, activated ability, or triggered
        ability" (CR 115.1, 115.2).

        Abilities on the stack are not objects a game state holds (CR 113.7a): of such a list only the
        spells can be chosen. A list naming anything else is reported.
        """
        tokens = _tokens(tree)
        phrase = self.line[tokens[0].start_pos : tokens[-1].end_pos]
        if any(isinstance(c, Tree) and c.data == "filter" for c in tree.children):
            self.unsupported.append(self._restriction(tokens[0]))
            return
        controller = ControllerFilter.ANY
        qualities = None
        for child in tree.children:
            if isinstance(child, Tree) and child.data == "you_control":
                controller = ControllerFilter.YOU
            elif isinstance(child, Tree) and child.data == "opponent_controls":
                controller = ControllerFilter.OPPONENT
            elif isinstance(child, Tree) and child.data == "spell_targeting":
                text = str(child.children[0])
                qualities = _add_quality(qualities, _targeting_quality(text), text)
            elif isinstance(child, Tree) and child.data == "with_quality" and re.match(
                    r"that's |with mana value \d+ or (less|greater)$", str(child.children[0])):
                # "target spell or permanent that's red or green", "… with mana value 1 or greater": of both kinds
                # (CR 105.2, 202.3)
                text = str(child.children[0])
                qualities = _add_quality(qualities, _with_clause(text), text)
            elif isinstance(child, Tree):
                self.unsupported.append(self._restriction(tokens[0]))
                return
        kinds = {TargetKind.SPELL}
        spell_types: set[str] = set()
        words = str(tokens[1])
        if tree.data == "spell_or_other":
            spell_types.add(" ".join(words.split()[:-1]))
            other = str(tokens[3])
            if tokens[3].type == "QUALIFIED_KIND":
                # "target spell or nonland permanent": no spell is a land (CR 305.9: a land is played, never
                # cast), so "nonland" holds of every spell and the phrase is spells or nonland permanents
                other_kinds, other_qualities = _qualified_kind(other)
                if other_qualities.clauses != (frozenset({Quality("type", CardType.LAND, negated=True)}),):
                    self.unsupported.append(UnsupportedText(phrase, "target restriction not modelled"))
                    return
                kinds |= other_kinds
                qualities = _add_quality(qualities, other_qualities.clauses[0], other_qualities.text)
            elif not other.startswith(("ability", "activated", "triggered")):
                kinds.add(TargetKind(other.removesuffix("s")))
        else:
            for item in re.split(r",? (?:or|and/or) |, ", words):
                if re.fullmatch(r"(activated |triggered )?abilit(y|ies)", item):
                    continue
                found = re.fullmatch(r"(noncreature |nonartifact |creature |instant |sorcery |artifact |enchantment )?"
                                     r"spells?", item)
                if found is None:
                    self.unsupported.append(UnsupportedText(phrase, f"target {item!r} not modelled"))
                    return
                spell_types.add((found.group(1) or "").strip())
        if "" in spell_types:
            spells = SpellFilter.ANY
        elif spell_types == {"instant", "sorcery"}:
            spells = SpellFilter.INSTANT_OR_SORCERY
        elif len(spell_types) == 1:
            spells = SpellFilter(f"{spell_types.pop()} spell")
        else:
            self.unsupported.append(UnsupportedText(phrase, "target restriction not modelled"))
            return
        count, minimum = self._count(tokens[0])[:2]
        if qualities is not None and kinds != {TargetKind.SPELL} and any(
                q.attribute in ("targeting", "cast from") for clause in qualities.clauses for q in clause):
            self.unsupported.append(UnsupportedText(phrase, "target restriction not modelled"))
            return
        self._add(TargetSpec(phrase, frozenset(kinds), controller, count, minimum, spells=spells,
                             qualities=qualities), self._is_other(tokens[0]))

    @staticmethod
    def _count(token: Token) -> tuple[int, int, str | None]:
        """(count, minimum, X) of "two target", "up to three target", "one or more target" (CR 115.6, 601.2c).

        (1, 1, None) for a bare "target". X is ``"exactly"`` for "X target", ``"up to"`` for "up to X target",
        else None; the count is then bounded by X, not by the number returned.
        """
        if token.type not in ("COUNTED_TARGET", "COUNTED_TARGETS"):
            return 1, 1, None
        text = str(token).removeprefix("each of ")
        if text.startswith("any number"):
            return ANY_NUMBER, 0, None  # any number, none included (CR 115.6)
        if text.startswith("one or more"):
            return ANY_NUMBER, 1, None
        if text.startswith(("x ", "up to x ")):
            return ANY_NUMBER, 0, "up to" if text.startswith("up to") else "exactly"
        words = text.replace(",", " ").split()
        numbers = [int(w) if w.isdigit() else _NUMBER_WORDS[w] for w in words
                   if w.isdigit() or w in _NUMBER_WORDS]
        # "two target", "one or two target" (1 to 2), "up to three target" (0 to 3), CR 115.6
        return numbers[-1], 0 if words[0] == "up" else numbers[0], None

    def _relates(self, token: Token, count: int) -> bool:
        """Whether a relation among the targets of one instance is read for this count; reports it when not.

        "Two target creatures controlled by different players" and "any number of target creatures controlled by
        different players" relate the objects of one set (CR 115.1, 601.2c); with one target, or a count that X
        sets, the words mean something else or are not read.
        """
        if count >= 2 and self._count(token)[2] is None:
            return True
        self.unsupported.append(UnsupportedText(self._span(token), "target restriction not modelled"))
        return False

    @staticmethod
    def _count_x(phrase: str) -> str | None:
        """How X bounds the count of a target phrase: "X target" exactly, "up to X target" at most, else None."""
        found = re.match(r"(?:each of )?(up to )?x (?:other )?targets?\b", phrase.lower())
        return None if found is None else "up to" if found.group(1) else "exactly"

    @staticmethod
    def _is_other(token: Token) -> bool:
        """Whether the phrase says "another" or "other": different from the targets before it (CR 115.3)."""
        return token.type == "ANOTHER_TARGET" or (
            token.type in ("COUNTED_TARGET", "COUNTED_TARGETS") and " other target" in str(token))

    def _kicked_count(self, spec: TargetSpec, another: bool, rest: str, end: int) -> TargetSpec | None:
        """"another target … for each time this spell was kicked": the instance, sized by the kicks, or None.

        Read only as "another target [kind] for each time this spell was kicked" ending its sentence, after
        an earlier target, with no condition other than "if this spell was kicked": one instance of the word
        "target" choosing exactly as many targets as the times the spell was kicked (CR 601.2c, 702.33c-d),
        part of the spell only when kicked (CR 702.33g). Anything else is reported with its span, never
        guessed: "for each time …" after another phrase, or followed by more words in its sentence.

        Parameters
        ----------
        spec : TargetSpec
            The phrase read ("another target creature" reads as "target creature" and ``another``).
        another : bool
            The phrase says "another".
        rest : str
            The lowercased line after the phrase.
        end : int
            Where "… was kicked" ends in ``rest``.
        """
        after = rest[end:]
        if not another or spec.count != 1 or spec.minimum != 1 or not re.match(r"\.(?: |$)|$", after) \
                or self.kicked_only not in ((), KICKED) or self._count_x(spec.phrase) is not None:
            sentence = rest[:end] + after.split(".", 1)[0]
            self.unsupported.append(UnsupportedText(spec.phrase + sentence, "a target for each time this spell "
                                                                            "was kicked, in words not read"))
            return None
        return dataclasses.replace(spec, phrase=spec.phrase + rest[:end], count=ANY_NUMBER, minimum=1,
                                   kicked_count=True, condition=KICKED)

    def _add(self, spec: TargetSpec, another: bool, third: bool = False) -> None:
        if spec.divided_x and self.counted_x is not None:  # X is a count the state gives (CR 107.3c)
            spec = dataclasses.replace(spec, divided_count=self.counted_x)
            self.counted_x = None
        start = self.line.find(spec.phrase.lower(), self.read_up_to)
        rest = self.line[start + len(spec.phrase):] if start >= 0 else ""
        if start >= 0:
            self.read_up_to = start + len(spec.phrase)  # the next phrase is after this one
        if start >= 0 and re.search(r"\b(twice|three times|half)( up to)? $", self.line[:start]):
            # "Exile up to twice X target cards from graveyards": a count that is a multiple of X (CR 115.6)
            self.unsupported.append(UnsupportedText(self.line[:start].rsplit(" ", 2)[-2] + " " + spec.phrase,
                                                    "a number of targets that is a multiple of X is not modelled"))
            return
        if _CONTINUED_KINDS.match(rest):
            listed = _listed_permanents(spec, rest)
            if listed is None:
                # "two target artifacts, creatures, and/or lands", "target enchantment, instant, or sorcery
                # spell": a list the phrase did not take in (CR 115.1)
                self.unsupported.append(UnsupportedText(spec.phrase + rest,
                                                        "target phrase continues with kinds not read"))
                return
            spec = listed  # "target creature, Vehicle, or nonbasic land": one target, any item of the list
            self.read_up_to = start + len(spec.phrase)
        if re.match(r" the [a-z' ]+ controls?\b", rest):
            # "target creature the opponent to your left controls": whose it is, not read (CR 115.1)
            self.unsupported.append(UnsupportedText(spec.phrase + rest, "target restriction not modelled"))
            return
        if len(spec.kinds & PERMANENT_KIND_TYPES.keys()) > 1 and any(
                q.attribute == "keyword" and not any(other.attribute == "type" for other in clause)
                for clause in (spec.qualities.clauses if spec.qualities else ()) for q in clause):
            # "target artifacts, enchantments, or creatures with flying": which kinds "with flying" qualifies is
            # not read, so the phrase is reported rather than read either way (CR 115.1). After "…, or creature"
            # the clause names the other kinds (:func:`_last_kind_quality`) and is read.
            self.unsupported.append(UnsupportedText(spec.phrase, "a quality after a list of kinds: its scope is "
                                                                 "not read"))
            return
        kicks = re.match(r" for each time (?:it|~|this spell) was kicked\b", rest)
        if kicks is not None:
            # "choose another target creature for each time this spell was kicked": one instance of the word
            # choosing as many targets as kicks paid (CR 601.2c, 702.33c-d), each different from the earlier
            # instance's (CR 115.4); with no kick it is no part of the spell (CR 702.33g)
            read = self._kicked_count(spec, another, rest, kicks.end())
            if read is None:
                return
            spec = read
            self.read_up_to = start + len(spec.phrase)
        x = self._count_x(spec.phrase)
        if x is not None:
            spec = dataclasses.replace(spec, x_count=True, x_up_to=x == "up to")
        if self.kicked_only:
            spec = dataclasses.replace(spec, condition=self.kicked_only)
        if another and not self.targets:
            self.unsupported.append(UnsupportedText(spec.phrase, "'another target' with no earlier target in its text"))
            return
        if third:
            # "a third target": after "target …" and "another target …", different from both (CR 115.4)
            if len(self.targets) < 2 or self.targets[-1].distinct_from != len(self.targets) - 2:
                self.unsupported.append(UnsupportedText(spec.phrase, "'a third target' without a target and "
                                                                     "another target before it"))
                return
            spec = dataclasses.replace(spec, distinct_from=len(self.targets) - 1,
                                       also_distinct_from=len(self.targets) - 2)
        elif another:
            # "other" / "another": different from every earlier instance of this text that could name the same
            # object, not the one just before alone ("target creature …, up to one other target creature …, and up
            # to one other target creature …", CR 115.3); none such: the one before, which it can't be anyway
            same = [index for index, earlier in enumerate(self.targets) if _may_name_the_same(earlier, spec)]
            if len(same) > 2:
                self.unsupported.append(UnsupportedText(spec.phrase, "'other target' after more than two earlier "
                                                                     "targets that could name the same object"))
                return
            spec = dataclasses.replace(spec, distinct_from=same[-1] if same else len(self.targets) - 1,
                                       also_distinct_from=same[0] if len(same) == 2 else None)
        self.targets.append(spec)


_SAME_OBJECT_KINDS = (
    frozenset(PERMANENT_KIND_TYPES) | {TargetKind.PERMANENT},  # an artifact creature is both (CR 110.4)
    frozenset({TargetKind.PLAYER, TargetKind.OPPONENT}),
    frozenset({TargetKind.SPELL}),
    frozenset({TargetKind.GRAVEYARD_CARD}),
)
"""Kinds of target whose instances may name one object: permanents of any kind, players, spells, cards in a
graveyard (CR 115.1)."""


def _may_name_the_same(earlier: TargetSpec, later: TargetSpec) -> bool:
    """Whether two instances of "target" in one text could be given the same object or player (CR 115.3)."""
    return any(earlier.kinds & kinds and later.kinds & kinds for kinds in _SAME_OBJECT_KINDS)


_PLAIN_TARGET = TargetSpec("", frozenset())
_LIST_OF_ITEMS = re.compile(r"[^,]+(?:, [^,]+)*,? or [^,]+")


def _listed_permanents(spec: TargetSpec, rest: str) -> TargetSpec | None:
    """One target that is any item of a list of permanents, each with its own qualities, or None (CR 115.1).

    "target artifact creature or black creature", "target creature, Vehicle, or nonbasic land", "target land
    creature or nonbasic land": the phrase read, then ", item" / ", or item" / "or item" to the end of the
    sentence. Each item is read as "target <item>" alone is: one kind of permanent (or a subtype: any
    permanent with it) with qualities, and nothing else (no controller, count or other restriction). The
    target is a permanent that is one of the items: the kinds are those of all items, and the qualities are
    the disjunction of the items' (each item's kind a quality of it), written as every clause taking one
    clause of each item (the qualities hold when every clause does, :class:`~models.abilities.ObjectFilter`).

    Parameters
    ----------
    spec : TargetSpec
        The phrase read, up to the list: its first item, or the words of it the grammar took ("target
        artifact" of "target artifact creature or …"); the list is read again from its start.
    rest : str
        The lowercased line after the phrase.

    Returns
    -------
    TargetSpec or None
        The target, its phrase running to the list's end; None when the list has another shape, an item is
        not read so, or the phrase read has more than a kind and qualities.
    """
    tail = rest.split(".", 1)[0]
    whole = (spec.phrase + tail).lower()
    if not whole.startswith("target ") or not _LIST_OF_ITEMS.fullmatch(whole.removeprefix("target ")) \
            or whole.count(" or ") != 1 or " and/or " in whole:
        return None
    items = [_phrase_spec("target " + item) for item in re.split(r", or |, | or ", whole.removeprefix("target "))]
    disjuncts: list[list[frozenset[Quality]]] = []
    for item in items:
        if item is None or len(item.kinds) != 1 or not item.kinds <= PERMANENT_KIND_TYPES.keys() | {
                TargetKind.PERMANENT}:
            return None
        if dataclasses.replace(item, phrase="", kinds=frozenset(), qualities=None) != _PLAIN_TARGET:
            return None
        (kind,) = item.kinds
        clauses = list(item.qualities.clauses) if item.qualities is not None else []
        if kind in PERMANENT_KIND_TYPES:
            clauses.append(frozenset({Quality("type", PERMANENT_KIND_TYPES[kind])}))
        if not clauses:  # "or permanent": any permanent is one
            return dataclasses.replace(spec, phrase=spec.phrase + tail, kinds=frozenset({TargetKind.PERMANENT}),
                                       qualities=None)
        disjuncts.append(clauses)
    combined = tuple(dict.fromkeys(frozenset().union(*chosen) for chosen in itertools.product(*disjuncts)))
    kinds = frozenset(kind for item in items if item is not None for kind in item.kinds)
    return dataclasses.replace(spec, phrase=spec.phrase + tail, kinds=kinds,
                               qualities=ObjectFilter(combined, (spec.phrase + tail).removeprefix("target ")))


# After a target phrase: more kinds joined to it by a comma or "or" ("…, instant, or sorcery spell", "…, Vehicle,
# or nonbasic land", "… or a permanent you control"): a card type, a kind, "spell", a subtype or a colour, maybe
# negated, or a word before a kind.
_CONTINUED_KINDS = re.compile(
    r",? (?:and/or |or )?(?:non-?)?(?:" + _alternatives(
        [*_KIND_WORDS, "player", "opponent", "spell", "instant", "sorcery", *_COLOR_WORDS,
         *_SUBTYPE_BY_WORD]) + r")(?:e?s)?\b"
    r"|,? (?:and/or |or )?(?!target\b)(?:non)?[a-z]+ (?:creature|spell|permanent)s?\b"
    r"|(?:,|,? (?:and/or|or)) (?!target\b)(?:[a-z]+ )?cards?\b")


_OWN_OTHER_ZONE_PERMISSION = re.compile(r"\byou may cast (this card|~) from (your|a) (graveyard|exile|library)\b")
_PERMISSION_FROM = re.compile(r"\bfrom (?:your |a )?(graveyard|exile|library)\b")
_PERMISSION_ZONES = {"graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE, "library": Zone.LIBRARY}


def _permission_zones(line: str) -> frozenset[Zone]:
    """The zones a printed permission to cast the card lets it be cast from: those its sentence names after "from".

    "You may cast this card from your graveyard or from exile." bears on both zones; "… from your graveyard as long
    as …. If you cast it this way and it would be put into a graveyard, exile it instead." on the graveyard only
    (CR 601.3): the exile of the next sentence is where the spell goes, not where it is cast from.
    """
    found = _OWN_OTHER_ZONE_PERMISSION.search(line)
    assert found is not None  # the caller matched it
    sentence = line[found.start():].split(".", 1)[0]
    return frozenset(_PERMISSION_ZONES[word] for word in _PERMISSION_FROM.findall(sentence))


# "If this creature was kicked, it enters with two +1/+1 counters on it.": how the permanent enters (CR 614.1c),
# the kicker itself being read from its keyword line; nothing of casting
_ENTERS_IF_KICKED = re.compile(
    r"if (~|this [a-z]+|it) was kicked( with its (\{[^}]+\})+ kicker)?, (it|~) enters with\b")
_COST_START = re.compile(r"[{\[+−-]|(tap|untap|sacrifice|discard|exile|pay|remove|return|reveal|put)\b")


def _is_spell_text(rule: str, line: str) -> bool:
    """Whether a line of an instant or sorcery read as an ability is the spell's own text (CR 608.2c).

    "When target creature dies this turn, return it …" makes a delayed triggered ability as the spell resolves
    (CR 603.7a): its condition's targets are the spell's. "Destroy target … Magic: The Gathering …" has a colon
    but no cost before it (CR 602.1a). Cast triggers ("When you cast this spell, …", CR 603.2) and activated
    abilities with a cost stay abilities.
    """
    if rule == "triggered_line":  # after an ability word ("Morbid — When you cast this spell, …")
        return not re.match(r"([a-z][a-z ]* — )?(when|whenever) you cast (this spell|~)\b", line)
    if rule == "activated_line":
        return _COST_START.match(line.split(":", 1)[0].split("—")[-1].strip()) is None
    return False


def _read_weighted_modes(line: str, original: str, out: dict, modes: list[Mode]) -> bool:
    """Read a header or a mode of a spell whose modes count by weight; False when the line is neither.

    "Choose up to five {P} worth of modes. You may choose the same mode more than once." chooses modes whose
    pawprints total at most five, none included (CR 700.2i, 700.2d); "Choose any number of modes that total
    exactly 4. You may choose the same mode more than once." chooses modes whose numbers ("[1] …", "[2] …")
    total exactly 4. Each mode after the header is read as spell text; its weight goes to ``out["weights"]``
    and the bounds to ``out["weighted"]``, as ``(minimum, maximum, header)``.
    """
    header = _WEIGHTED_HEADER.fullmatch(line)
    if header is not None:
        number = header["exactly"] or header["most"]
        total = _NUMBER_WORDS.get(number) or (int(number) if number.isdigit() else None)
        if total is None:
            return False
        out["weighted"] = (total if header["exactly"] else 0, total, original)
        out["weights"] = []
        return True
    mode = _WEIGHTED_MODE.fullmatch(line)
    if mode is None or out.get("weighted") is None:
        return False
    weight = len(mode["pawprints"]) // 3 if mode["pawprints"] else int(mode["number"])
    rest = mode["effect"]
    text = original[len(original) - len(rest):]
    try:
        effect = _parser().parse(rest, start="effect")
    except UnexpectedInput as error:
        out["unsupported"].append(UnsupportedText(_error_span(text, error), "text the grammar cannot read"))
        return True
    reader = _SpellTextReader(rest)
    reader.read(effect)
    out["unsupported"].extend(reader.unsupported)
    if not text.endswith((".", '"')):
        out["unsupported"].append(UnsupportedText(original, "a mode that is not a sentence"))
    out["weights"].append(weight)
    modes.append(Mode(len(modes), Instruction(text, tuple(reader.targets))))
    return True


def _division(text: str) -> tuple[int, int, int, str, bool]:
    """(count, minimum, amount, what, X) of a divided or distributed amount (CR 601.2d).

    The text is "3 damage divided as you choose among one, two, or three target(s)",
    "distribute four +1/+1 counters among any number of target", "X damage divided as you choose among
    any number of targets" or "prevent the next 5 damage that would be dealt this turn to any number of
    targets, divided as you choose". Each target gets at least one, so at most ``amount`` targets are
    chosen, and at least one. Where the amount is X (the last value True), the amount returned is 0 and
    the count is bounded by X, announced before targets (CR 107.3a, 601.2b), not by the number returned.
    """
    prevention = re.fullmatch(r"prevent the next (\d+) damage that would be dealt this turn to (.*) targets, "
                              r"divided as you choose", text)
    if prevention is not None:
        head, among, what = prevention.group(1) + " damage", prevention.group(2), "damage to prevent"
    else:
        head, among = text.split(" among ")
        among = among.removesuffix(" targets").removesuffix(" target")
        what = head.split()[2] + " counters" if head.startswith("distribute") else "damage"
    words = head.split()
    number = words[1] if words[0] == "distribute" else words[0]
    is_x = number == "x"
    amount = 0 if is_x else _NUMBER_WORDS.get(number) or int(number)
    most = {"one or two": 2, "one, two, or three": 3, "any number of": ANY_NUMBER if is_x else amount,
            "up to two": 2, "up to three": 3, "up to four": 4}[among]
    return (most if is_x else min(most, amount)), 1, amount, what, is_x


# Target phrases naming what a game state does not hold (STATE_FORMAT.md), each with what is missing
_STATE_LACKS = (
    (re.compile(r"\btargets? (?:activated|triggered|loyalty)\b[^.]*?\babilit", re.IGNORECASE),
     "a target ability on the stack: abilities on the stack are not in the state (CR 113.7a, 115.1)"),
    (re.compile(r"\bsuspended card\b", re.IGNORECASE),
     "a suspended card: the state does not say which exiled cards are suspended (CR 702.62b)"),
    (re.compile(r"\bcards? in the ante\b", re.IGNORECASE),
     "a card in the ante: the state has no ante zone (CR 407)"),
)


def _unread_reason(span: str) -> str:
    """Why a span the grammar stops at is unsupported: what the state lacks, when the span names it, else unread."""
    return next((reason for pattern, reason in _STATE_LACKS if pattern.search(span)), "text the grammar cannot read")


def _error_span(line: str, error: UnexpectedInput) -> str:
    position = getattr(error, "pos_in_stream", None)
    if position is None:
        position = 0
    start = max(0, line.rfind(" ", 0, max(0, position - 1)) + 1) if position else 0
    return line[start:]


def _keyword_abilities(tree: Tree, line: str, out: dict) -> None:
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        kind = child.data
        if kind == "protection":
            out["protections"].append(_protection(child, line, out))
        elif kind == "hexproof":
            out["hexproof"] = True
        elif kind == "hexproof_from":
            out["hexproof_from"] |= {_COLOR_WORDS[str(t)] for t in child.children if isinstance(t, Token)
                                     and t.type == "COLOR"}
        elif kind == "shroud":
            out["shroud"] = True
        elif kind == "flash":
            out["flash"] = True
        elif kind == "ward":
            out["ward"] = True
        elif kind == "spree":
            out["spree"] = True
        elif kind == "awaken":
            out["awaken"] = (int(str(child.children[1])), _mana_cost_of(child.children[-1]))  # CR 702.113a
        elif kind == "fuse":
            out["fuse"] = True  # both halves may be cast from the hand (CR 702.102a): see solver.rules.split
        elif kind == "cost_keyword":
            keyword = str(child.children[0]).lower()
            record = KEYWORD_COSTS[keyword](Cost(_mana_cost_of(child.children[1]), text=line))
            out["alternative" if isinstance(record, AlternativeCost) else "additional"].append(record)
        elif kind in ("entwine", "escalate"):
            out[kind] = Cost(_mana_cost_of(child.children[1]), text=line)  # CR 702.42a, 702.120a
        elif kind in ("escalate_other", "entwine_other"):
            text = str(child.children[-1])
            which = kind.split("_")[0]
            if which == "escalate" and text.rstrip(".") == "discard a card":  # CR 702.120a
                out[which] = Cost(objects=(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text=text),), text=text)
                continue
            cost = _object_cost(text)
            if cost is None:
                out["unsupported"].append(UnsupportedText(line, f"{which} cost {text!r} not modelled"))
                continue
            out[which] = Cost(objects=(cost,), text=text)
        elif kind == "splice":
            quality_tree, cost_part = child.children[1], child.children[-1]
            quality = "Arcane" if quality_tree.data == "splice_arcane" else "instant or sorcery"
            if isinstance(cost_part, Tree):
                out["splice"] = SpliceAbility(quality, Cost(_mana_cost_of(cost_part), text=line))
            elif re.fullmatch(r"an opponent gains \d+ life\.?", str(cost_part)):
                # no object is chosen and nothing can stop it being paid (CR 118.3, 119.10)
                out["splice"] = SpliceAbility(quality, Cost(text=str(cost_part)))
            else:
                cost = _object_cost(str(cost_part))
                if cost is None:
                    out["unsupported"].append(UnsupportedText(line, f"splice cost {str(cost_part)!r} not modelled"))
                else:
                    out["splice"] = SpliceAbility(quality, Cost(objects=(cost,), text=str(cost_part)))
        elif kind == "hand_keyword":
            word = str(child.children[0]).lower()
            if word == "aftermath":  # "Cast this spell only from your graveyard." (CR 702.127a)
                out["cast_only_from"] = Zone.GRAVEYARD
            if word in _ZONE_KEYWORDS and len(child.children) == 1:
                # "Jump-start", "Retrace", "Aftermath": cast from the graveyard, with a cost added (CR 601.3)
                out.setdefault("zone_permissions", []).append(_ZONE_KEYWORDS[word](line))
                continue
            if word in _ZONE_COST_KEYWORDS and len(child.children) > 1 and all(
                    isinstance(t, Token) and t.type == "MANA_SYMBOL" for t in child.children[1:]):
                # "Flashback {2}{R}", "Foretell {1}{U}", "Madness {1}{R}": cast from that zone for that cost rather
                # than the mana cost (CR 118.9); which cards may use it: solver.rules.zones
                rule, zone = _ZONE_COST_KEYWORDS[word]
                zone_cost = ManaCost.parse("".join(str(t) for t in child.children[1:]), path="oracle_text")
                out["alternative"].append(AlternativeCost(word, Cost(zone_cost, text=line), rule, zone=zone))
                continue
            if word == "plot":
                # "Plot {1}{R}": exiling it is a special action; cast from exile while plotted, which the state
                # says, whether or not the card has plot then (CR 702.170a, 702.170d)
                continue
            if word in OTHER_ZONE_KEYWORDS and _WITH_ITS_COST.match(line.lower()[len(word):]):
                # the card may be cast from the keyword's zone: from there it is unsupported, from the hand (and
                # any other zone) it is not
                out["unsupported"].append(UnsupportedText(
                    line, f"casting with {word} from another zone than the hand is not modelled",
                    casting_relevant=False, zones=OTHER_ZONE_KEYWORDS[word]))
            elif word in OTHER_ZONE_KEYWORDS:
                # "Flashback costs you pay cost {2} less.": not the keyword with its cost but a line about it, which
                # a permanent's ability changes for other spells (CR 113.6): what it bears on, not read
                out["unsupported"].append(UnsupportedText(
                    line, "keyword ability not read", casting_relevant=False, permanent_relevant=bool(_topics(line)),
                    topics=_topics(line)))
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == ["delve"]:
            out["delve"] = True  # each card exiled from the graveyard pays for {1} (CR 702.66a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == ["convoke"]:
            out["convoke"] = True  # each creature tapped pays for {1} or one mana of its colour (CR 702.51a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == [
                "improvise"]:
            out["improvise"] = True  # each artifact tapped pays for {1} (CR 702.126a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == ["assist"]:
            out["assist"] = True  # another player may pay generic mana of the total cost (CR 702.132a)
        elif kind == "cast_keyword" and str(_first_token(child)).lower() in FACE_DOWN_KEYWORDS:
            # "Morph {4}{G}", "Morph—Reveal a white card in your hand.", "Disguise {1}{W}": cast face down for {3};
            # the cost after the keyword turns the permanent face up, and bears on no cast (CR 702.37a-e, 702.168)
            out["face_down"] = str(_first_token(child)).lower()
        elif kind == "cast_keyword" and str(_first_token(child)).lower() == "tiered" and len(child.children) == 1:
            out["tiered"] = True  # choose one mode, paying its cost as an additional cost (CR 702.183a)
        elif kind == "cast_keyword" and (emerge := _emerge(line)) is not None:
            out["alternative"].append(emerge[0])  # cast for the emerge cost, sacrificing a creature (CR 702.119a)
            out.setdefault("cost_modifiers", []).append(emerge[1])
        elif kind == "cast_keyword" and (bestow := _bestow_cost(child, line)) is not None:
            out["bestow"] = bestow  # cast as an Aura with enchant creature for this cost (CR 702.103a-b)
        elif kind == "cast_keyword" and (affinity := _affinity(line)) is not None:
            out.setdefault("cost_modifiers", []).append(affinity)  # {1} less for each … (CR 702.41a)
        elif kind == "cast_keyword" and (turn_cost := _turn_alternative_cost(child, line)) is not None:
            out["alternative"].append(turn_cost)  # spectacle, surge (CR 702.137a, 702.117a)
        elif kind == "cast_keyword" and "subtypes" in out and (
                combat := _combat_damage_alternative(child, line, out["subtypes"])) is not None:
            out["alternative"].append(combat)  # prowl, freerunning (CR 702.76a, 702.173a)
        elif kind == "cast_keyword" and (sacrifice := _sacrifice_keyword(child, line)) is not None:
            out["additional"].append(sacrifice)  # bargain, casualty N: an optional sacrifice (CR 702.166a, 702.153a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == [
                "undaunted"]:
            # "This spell costs {1} less to cast for each opponent you have"; each instance applies (CR 702.125a-c)
            opponents = Count(opponents=True, text="opponent you have")
            out["cost_modifiers"].append(CostModifier(-1, line, own=True, per=opponents))
        elif kind == "cast_keyword" and (strive := _strive(line)) is not None:
            out["cost_modifiers"].append(strive)  # more for each target beyond the first (CR 207.2c, 601.2f)
        elif kind == "cast_keyword" and "colors" in out and (conspire := _conspire(child, out["colors"])) is not None:
            out["additional"].append(conspire)  # tap two untapped creatures sharing a colour with it (CR 702.78a)
        elif kind == "cast_keyword" and (gift := _gift(child)) is not None:
            out["additional"].append(gift)  # "Gift a card": you may choose an opponent (CR 702.174a)
        elif kind == "cast_keyword" and (optional := _optional_keyword_cost(line.strip().lower(), line.strip())):
            out["additional"].append(optional)  # "Buyback—Sacrifice a land." (CR 702.27a, 702.56a)
        elif kind == "cast_keyword" and (paid := _cast_keyword_cost(child, line)) is not None:
            # evoke, dash, blitz, warp, impending: an alternative cost; offspring, squad: an additional one
            out["alternative" if isinstance(paid, AlternativeCost) else "additional"].append(paid)
        elif kind == "cast_keyword":
            token = _first_token(child)
            # "Buyback costs cost {2} less." reads like a keyword line but changes other spells' costs: on the
            # battlefield it bears on casting them (a static ability, CR 601.2f), so it is marked so
            relevant = bool(_PERMANENT_RELEVANT.search(line.lower()))
            out["unsupported"].append(
                UnsupportedText(
                    line[token.start_pos :],
                    f"keyword {str(token)!r} changes how the card is cast; not modelled",
                    permanent_relevant=relevant, topics=_topics(line) if relevant else frozenset(),
                )
            )
        elif kind == "enchant":
            out["enchant"].append(line)  # read as the Aura spell's target by parse_card (CR 303.4a, 702.5a)
        elif kind == "combat_keyword":
            # no bearing on casting from hand, but a quality of a permanent ("target creature with flying")
            out.setdefault("keywords", set()).add(" ".join(str(child.children[0]).lower().split()))


_TEAMWORK = re.compile(r"teamwork (?P<total>\d+)")


def _teamwork(total: int, line: str) -> AdditionalCost:
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


_SNEAK = re.compile(r"sneak (?P<cost>(?:\{[0-9wubrgc]+\})+)")
_SNEAK_WINDOW = TurnRequirement("unblocked attacker you control", "you control an unblocked attacking creature, "
                                "during the declare blockers step")


def _sneak(mana: str, line: str) -> AlternativeCost:
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
    returned = _object_cost("return an attacking creature you control to its owner's hand")
    assert returned is not None  # the words are read by _object_cost
    cost = Cost(ManaCost.parse(mana.upper(), path="oracle_text"), objects=(returned,), text=line)
    return AlternativeCost("sneak", cost, "CR 118.9", requires=(_SNEAK_WINDOW,))


_TURN_ALTERNATIVES = {
    "spectacle": ("CR 702.137a", TurnRequirement("opponent lost life", "an opponent lost life this turn")),
    "surge": ("CR 702.117a", TurnRequirement("cast another spell", "you have cast another spell this turn")),
}


def _turn_alternative_cost(tree: Tree, line: str) -> AlternativeCost | None:
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
_CREATURE_TYPE_WORDS = frozenset(SUBTYPES["creature"])


def _combat_damage_alternative(tree: Tree, line: str, subtypes: Iterable[str]) -> AlternativeCost | None:
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
    token = _first_token(tree)
    keyword = str(token).lower()
    if keyword not in _COMBAT_DAMAGE_KEYWORDS:
        return None
    printed = line[token.start_pos:].strip()
    found = re.fullmatch(rf"{keyword}(?: (?=\{{)|—)(?P<cost>[^.(]+?)\.?", printed.lower())
    if found is None:
        return None
    mana_only = re.fullmatch(r"(?:\{[^{}]+\})+", found["cost"].strip())
    # "Freerunning {X}{R}": X announced with the cost (CR 107.3, 601.2b); other parts are read as other costs are
    cost = Cost(ManaCost.parse(found["cost"].strip(), path="oracle_text")) if mana_only else _cost_of_parts(
        found["cost"].strip())
    if isinstance(cost, str):
        return None
    if keyword == "prowl":
        types = frozenset(t for t in subtypes if t in _CREATURE_TYPE_WORDS)
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


def _cast_keyword_cost(tree: Tree, line: str) -> AlternativeCost | AdditionalCost | None:
    """A keyword of :data:`CAST_KEYWORD_COSTS` with its cost, as its record; None for any other line.

    "Impending N" takes a number before its cost (CR 702.176a); no other keyword of the table does.
    """
    token = _first_token(tree)
    keyword = str(token).lower()
    if keyword not in CAST_KEYWORD_COSTS:
        return None
    found = _CAST_KEYWORD_COST.fullmatch(line[token.start_pos:].lower().strip())
    if found is None or found["keyword"] != keyword or bool(found["number"]) != (keyword == "impending"):
        return None
    cost = _cost_of_parts(found["cost"].strip())
    if isinstance(cost, str):
        return None
    return CAST_KEYWORD_COSTS[keyword](dataclasses.replace(cost, text=line[token.start_pos:].strip()))


_STRIVE = re.compile(r"strive — this spell costs (?P<cost>(?:\{[^{}]+\})+) more to cast for each target beyond "
                     r"the first\.?", re.IGNORECASE)


def _strive(line: str) -> CostModifier | None:
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


_GIFT_CONDITION = re.compile(r"\bgift (?:was|wasn't|was not) promised\b")


_REPLACING = re.compile(r"\b(?:was kicked|was cast using teamwork|gift was promised), "
                        r"(?:[^.]*\btargets?\b[^.]*\binstead\b|instead\b[^.]*"
                        r"\btargets?\b)")
"""A sentence of text paid for that replaces earlier text with targets: "If this spell was kicked, instead …"."""


def _replaced_targets(line: str, tree: Tree) -> tuple[TargetSpec, ...] | None:
    """The targets of a line whose paid-for sentence replaces the sentence before it ('instead'), or None.

    "Destroy target creature or planeswalker with mana value 2 or less. If this spell was kicked, instead destroy
    target creature or planeswalker.": paid, the second sentence's text is the spell's in place of the first's,
    so only its targets are chosen; not paid, only the first's (CR 702.33g, 702.174m, 608.2c). Read when the line
    is exactly one sentence with targets, then the sentence "If this spell was kicked, …" / "If the gift was
    promised, …" with targets and "instead", then sentences with no target; the first sentence's targets are
    chosen unless the cost is paid.

    Parameters
    ----------
    line : str
        The prepared line, lowercased.
    tree : lark.Tree
        The line read by the grammar's spell-text rule.

    Returns
    -------
    tuple of TargetSpec or None
        In printed order; None when the line has another shape, or its text is not read in whole.
    """
    sentences = re.split(r"(?<=\.) ", line)
    paid = [i for i, sentence in enumerate(sentences)
            if re.match(r"if (?:~|this spell|it) was (?:kicked|cast using teamwork), |if the gift was promised, ",
                        sentence)]
    if paid != [1] or "instead" not in sentences[1] or any(re.search(r"\btargets?\b", s) for s in sentences[2:]):
        return None
    reader = _SpellTextReader(line)
    reader.read(tree)
    if reader.unsupported:
        return None
    before = [spec for spec in reader.targets if not spec.condition]
    after = [spec for spec in reader.targets if spec.condition]
    if not after or reader.targets[:len(before)] != before or len({s.condition for s in after}) != 1:
        return None
    if not before:  # the text replaced has no target (Wildfire Howl): the paid-for targets, as read
        return tuple(after)
    condition = after[0].condition
    return tuple(dataclasses.replace(spec, unless=condition) for spec in before) + tuple(after)


def _unread_gift_condition(line: str) -> str | None:
    """Why a spell's line whose targets hang on the gift in a way not read is reported, or None (CR 702.174m).

    A sentence that starts "If the gift was promised," has its targets chosen only if the gift was promised
    (CR 702.174m): that is read, as "if this spell was kicked," is. A sentence with a target that names the gift
    otherwise ("If the gift wasn't promised, … target …", "… target … if the gift was promised") is not read:
    which of its targets the condition governs is not known.

    Parameters
    ----------
    line : str
        The prepared line, lowercased.

    Returns
    -------
    str or None
        The reason, or None when each sentence naming the gift with a target starts with the condition read.
    """
    for sentence in re.split(r"(?<=\.) ", line):
        if _GIFT_CONDITION.search(sentence) and re.search(r"\btargets?\b", sentence) and not (
                sentence.startswith("if the gift was promised,") and len(_GIFT_CONDITION.findall(sentence)) == 1):
            return "targets in text that the gift's promise governs otherwise than 'If the gift was promised, …'"
    return None


def _gift_replacements(spell_text: list[Instruction]) -> list[UnsupportedText]:
    """"If the gift was promised, instead … target …" beside targets chosen either way: reported (CR 608.2c).

    The text after "instead" replaces earlier text of the spell, and with it, maybe, that text's targets: which
    targets are then still chosen is not read. Where every target of the spell is in text that happens only if
    the gift was promised (Wildfire Howl: "… deals 2 damage to each creature. If the gift was promised, instead
    … deals 1 damage to any target …"), the text replaced has none, and the targets are those of CR 702.174m.
    """
    replacing = [i for i in spell_text if re.search(r"\bgift was promised, instead\b", i.text.lower())
                 and any(spec.condition == PROMISED for spec in i.targets)]
    if not replacing or all(spec.condition or spec.unless for i in spell_text for spec in i.targets):
        return []
    return [UnsupportedText(i.text, "text that replaces the spell's earlier text ('instead'), with targets, is not "
                                    "modelled") for i in replacing]


def _gift(tree: Tree) -> AdditionalCost | None:
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


def _conspire(tree: Tree, colors: frozenset[Color]) -> AdditionalCost | None:
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


def _bestow_cost(tree: Tree, line: str) -> Cost | None:
    """"Bestow {3}{G}{G}": the cost of casting the card bestowed (CR 702.103a), or None for another line."""
    token = _first_token(tree)
    if str(token).lower() != "bestow":
        return None
    found = re.fullmatch(r"bestow(?: |—)(?P<cost>[^.(]+?)\.?", line[token.start_pos:].lower().strip())
    if found is None:
        return None
    cost = _cost_of_parts(found["cost"].strip())
    return None if isinstance(cost, str) else dataclasses.replace(cost, text=line[token.start_pos:].strip())


_AFFINITY = re.compile(r"affinity for (?P<what>[a-z][a-z -]*[a-z])")


def _affinity(line: str) -> CostModifier | None:
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
            counted = _counted(f"{singular} you control")
        except _UnreadText:
            counted = None
        if counted is not None:
            return CostModifier(-1, line.strip(), own=True, per=counted)
    return None


def _sacrifice_keyword(tree: Tree, line: str) -> AdditionalCost | None:
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


def _protection(tree: Tree, line: str, out: dict) -> Protection:
    colors: set[Color] = set()
    types: set[CardType] = set()
    everything = False
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        word = str(child.children[0])
        if child.data == "protection_color":
            colors.add(_COLOR_WORDS[word])
        elif child.data == "protection_type":
            types.add(_TYPE_WORDS[word])
        elif child.data == "protection_everything":
            everything = True
        else:
            out["unsupported"].append(
                UnsupportedText(
                    line, f"protection from {word!r} not modelled",
                    casting_relevant=False, permanent_relevant=True, topics=frozenset({"targeting"}),
                )
            )
    tokens = _tokens(tree)
    return Protection(frozenset(colors), frozenset(types), everything,
                      line[tokens[0].start_pos : tokens[-1].end_pos])


def _mana_ability(tree: Tree) -> ManaAbility:
    costs = {t.type: str(t) for t in tree.children if isinstance(t, Token)}
    activation = int(costs["ACTIVATION_GENERIC"].strip("{}")) if "ACTIVATION_GENERIC" in costs else 0
    ability = dataclasses.replace(_mana_units(tree), taps="TAP_COST" in costs, activation=activation,
                                  sacrifices="SELF_SACRIFICE" in costs, from_hand="SELF_EXILE_FROM_HAND" in costs)
    rider = next((str(t) for t in tree.children if isinstance(t, Token) and t.type == "MANA_RIDER"), "")
    found = re.fullmatch(r"activate only if you control an? ([a-z]+)\.", rider)
    if found:  # "Activate only if you control a Swamp." (CR 602.5b)
        subtype = _SUBTYPE_BY_WORD.get(found.group(1))
        if subtype is None:
            raise _UnreadText(rider, "a condition of a mana ability not read")
        return dataclasses.replace(ability, requires=(ControlRequirement("you", subtype, f"you control a {subtype}"),))
    return ability


def _mana_units(tree: Tree) -> ManaAbility:
    output = next(c for c in tree.children if isinstance(c, Tree))
    if output.data == "add_symbols":
        units = []
        for token in _tokens(output):
            letter = str(token).strip("{}").upper()
            if letter.isdigit():
                raise ValueError(letter)
            units.append(frozenset(letter))
        return ManaAbility(tuple(units))
    if output.data == "add_one_of":
        letters = frozenset(str(t).strip("{}").upper() for t in output.children if isinstance(t, Token)
                            and t.type == "MANA_SYMBOL")
        return ManaAbility((letters,))
    return ManaAbility((frozenset("WUBRG"),))


_EMERGE = re.compile(r"emerge(?: from (?P<kind>artifact|creature|enchantment|land|planeswalker))? "
                     r"(?P<cost>(?:\{[^{}\s]+\})+)")


def _emerge(line: str) -> tuple[AlternativeCost, CostModifier] | None:
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


_RAISED_CHOICE = re.compile(r"(?:[a-z0-9' ]+ — )?choose (?P<number>one|two)\. if (?P<condition>[^,]+?)(?: as you cast "
                            r"this spell)?, (?P<may>you may )?choose (?P<raised>both|two|one or more) instead\.")
"""A modal header whose number of modes grows when a condition holds as the spell is cast: "Choose one. If you
control a Wizard as you cast this spell, you may choose two instead." (CR 700.2)."""

_PAID_RAISE = re.compile(r"(?:~|this spell|it) was (?:cast using (?P<keyword>teamwork)|(?P<kicked>kicked|bargained))"
                         r"|this spell's additional cost was paid")
"""A raise of the modes chosen that hangs on an optional cost paid: "If this spell was cast using teamwork, choose
both instead." (CR 601.4: the modes may be chosen as if that cost's payment were announced first)."""


def _paid_raise(condition: str) -> tuple[str, ...] | None:
    """The optional costs whose payment a raise of the modes chosen asks (any one of them), or None."""
    found = _PAID_RAISE.fullmatch(condition)
    if found is None:
        return None
    if found["keyword"]:
        return (found["keyword"],)
    if found["kicked"]:
        return _PAID_CONDITIONS[found["kicked"]]
    return ("optional additional cost",)  # the one "As an additional cost …, you may …" (CR 118.8)


_CYCLING_LINE = re.compile(r"(?:[a-z]+ )*[a-z]*cycling (?:\{[^{}]+\})+(?:, [a-z]*cycling (?:\{[^{}]+\})+)*"
                           r"|(?:[a-z]+ )*[a-z]*cycling—[^.]+\.?")
"""A cycling keyword line: "Cycling {2}", "Cycling—Pay 2 life.", "Basic landcycling {1}", "Artifact landcycling {2}",
"Swampcycling {2}, mountaincycling {2}" (CR 702.29a, 702.29e); never a line about cycling ("Cycling abilities you
activate cost {2} less")."""


def _cycling(card: Card) -> frozenset[str]:
    """``{"cycling"}`` when a line of the card is a cycling or typecycling keyword, whatever else reads it.

    "Any effect that looks for a card with cycling will find a card with typecycling" (CR 702.29f): "target cards
    with cycling" asks this of the cards in a graveyard.
    """
    if "cycling" not in card.oracle_text.lower():
        return frozenset()
    lines = [line.lower() for line in _prepare_lines(card)]
    return frozenset({"cycling"}) if any(_CYCLING_LINE.fullmatch(line) for line in lines) else frozenset()


_CAST_FACES = {
    "split": ("CR 709.3", "the other half of the split card"),
    "aftermath": ("CR 702.127a", "the other half of the split card"),
    "adventure": ("CR 715.3", "the Adventure"),
    "modal_dfc": ("CR 712.11b", "the other face of the modal double-faced card"),
}
"""Layouts whose other faces may be cast too: the rule that lets the caster choose, and what the face is."""


def _faces_lacking(card: Card) -> list[UnsupportedText]:
    """The other faces of this card that could be cast, when they can't be: their text is lacking, or not modelled.

    A split card's half (CR 709.3), an aftermath half (CR 702.127a), an Adventure (CR 715.3) and a modal
    double-faced card's other face (CR 712.11b) are each a way to cast the card: without them the list of its
    casts would be incomplete, so casting the card is unsupported (never a cast silently missing). With every
    face in the data, the cast rules choose the face (``solver.rules.split.castable_faces``). The other faces of
    a transforming, flip or meld card are not cast from the hand.
    """
    rule, what = _CAST_FACES.get(card.layout or "", (None, ""))
    if rule is None or card.halves:
        return []
    whole = " // ".join(card.faces)
    if card.faces_lacking:
        # an aftermath half is cast only from a graveyard (CR 702.127a): from the hand, the first half is all
        from_graveyard = card.layout == "aftermath" and card.faces_lacking == card.faces[-1:]
        return [UnsupportedText(f"{face} (of {whole})", f"the card data lacks the text of {what}, which may be "
                                                        f"cast instead ({rule})", casting_relevant=not from_graveyard,
                                zones=frozenset({Zone.GRAVEYARD}) if from_graveyard else frozenset())
                for face in card.faces_lacking]
    return []


@functools.lru_cache(maxsize=8192)
def parse_card(card: Card) -> CardAbilities:
    """Read a card's Oracle text into the abilities the casting rules use.

    Parameters
    ----------
    card : Card

    Returns
    -------
    CardAbilities
        With ``unsupported`` listing every span that was not understood and
        could bear on casting (as a spell) or targeting and mana (as a
        permanent).

    Notes
    -----
    Reminder text (in parentheses) is dropped first: it has no rules meaning
    (CR 207.2). The card's own name in its text is read as "this object"
    (CR 201.5). Results are cached per card, and kept between runs when
    :func:`models.oracle.saved.enable_saved_readings` was called (the
    ``legalcasts`` command does).

    Examples
    --------
    >>> from models.io.card_pool import default_card_database
    >>> ray = parse_card(default_card_database().get("Glacial Ray"))
    >>> [t.phrase for i in ray.spell_text for t in i.targets], str(ray.splice.cost)
    (['any target'], '{1}{R}')
    """
    found = saved_reading(card)
    if found is None:
        found = _read_card(card)
        save_reading(card, found)
    return found


def _x_without_announcement(card: Card, spell_text: Iterable[Instruction], modes: Iterable[Mode],
                             additional: Iterable[AdditionalCost],
                             alternative: Iterable[AlternativeCost]) -> list[UnsupportedText]:
    """The target phrases that name an X no cost of the card announces, each reported (CR 107.3a, 601.2b).

    "Return up to X target creatures …, where X is one plus the number of cards named Aether Burst …": X is
    announced with an {X} of the mana cost or of another cost ("pay X life", "discard X cards", "Foretell
    {X}{X}{W}"), or counted for a division ("X damage divided …, where X is the number of Mountains you
    control"); else the text defines it in words not read here, and the phrase is reported.
    """
    if (card.mana_cost is not None and card.mana_cost.has_x) or any(a.cost.mana.has_x for a in alternative) or any(
            a.cost.mana.has_x or a.cost.life_x or any(o.x_count for o in a.cost.objects) for a in additional):
        return []
    found = []
    for instruction in list(spell_text) + [mode.instruction for mode in modes]:
        for spec in instruction.targets:
            names_x = spec.x_count or (spec.divided_x and spec.divided_count is None) or (
                spec.qualities is not None and any(q.value == ANNOUNCED_X for c in spec.qualities.clauses for q in c))
            if names_x:
                found.append(UnsupportedText(spec.phrase, "X with no {X} in a cost that announces it: what the text "
                                                          "says X is, is not read (CR 107.3a)"))
    return found


def _read_card(card: Card) -> CardAbilities:
    """:func:`parse_card`, always read from the text."""
    if (cleave := _cleave_line(card)) is not None:
        return _read_cleave(card, cleave)
    is_spell = card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)
    out: dict = {
        "protections": [], "hexproof": False, "hexproof_from": set(), "shroud": False, "flash": False,
        "ward": False, "spree": False, "splice": None, "unsupported": [],
        "entwine": None, "escalate": None, "choose": None, "additional": [], "alternative": [], "enchant": [],
        "cost_modifiers": [], "colors": card.colors, "subtypes": card.subtypes,
    }
    spell_text: list[Instruction] = []
    modes: list[Mode] = []
    additional: list[AdditionalCost] = out["additional"]
    alternative: list[AlternativeCost] = out["alternative"]
    cast_permissions: list[CastPermission] = []
    mana_abilities: list[ManaAbility] = []
    cost_modifiers: list[CostModifier] = out["cost_modifiers"]
    x_limits: list[XLimit] = []
    unsupported: list[UnsupportedText] = out["unsupported"]

    ability_modes = False  # the bullets read next are the modes of a triggered or activated ability
    for original in _prepare_lines(card):
        if (row := _DIE_RESULT_ROW.fullmatch(original)) is not None:
            # "1—14 | Draw X cards.": "If the result was in this range, [effect]" (CR 706.3a), one ability with
            # the roll (706.3b): its targets are the spell's, chosen as it is cast (CR 601.2c)
            original = row["effect"]
        if (x_limit := _x_limit(original, card.mana_cost is not None and card.mana_cost.has_x, is_spell)) is not None:
            read_limit, original = x_limit  # "X can't be 0." (CR 107.3, 601.2b)
            if isinstance(read_limit, UnsupportedText):
                unsupported.append(read_limit)
            else:
                x_limits.append(read_limit)
            if not original:
                continue
        line = original.lower()
        if is_spell and (spend := _SPEND_ON_X.fullmatch(line)) is not None:
            # "Spend only black mana on X.": only mana of those colours pays for X (CR 107.3, 601.2h)
            out["x_colours"] = frozenset(_COLOR_WORDS[word].letter for word in spend["colours"].split(" and/or "))
            continue
        if is_spell and (step_timing := _step_timing(line, original)) is not None:
            out["timing_restriction"] = step_timing  # "Cast this spell only during the declare blockers step."
            continue
        if is_spell and (raised := _RAISED_CHOICE.fullmatch(line)) is not None:
            # "Choose one. If you control a Wizard as you cast this spell, you may choose two instead." (CR 700.2)
            paid = _paid_raise(raised["condition"])
            requirement = None if paid is not None else _alternative_condition(raised["condition"])
            if requirement is None and paid is None:
                unsupported.append(UnsupportedText(original, "the condition for choosing more modes is not read"))
            out["choose"] = (raised["number"], original)
            out["raised"] = (raised["raised"], requirement, paid or (), not raised["may"])
            continue
        if (cost_then_change := _cost_then_change(line, original)) is not None:
            additional.append(cost_then_change[0])  # "… This spell costs {2} less to cast for each card exiled …"
            cost_modifiers.append(cost_then_change[1])
            continue
        if _STARTING_PLAYER.fullmatch(line):
            unsupported.append(UnsupportedText(original, "a cost change or permission on whether the caster was the "
                                                         "starting player: the state does not say (CR 103.1)"))
            continue
        if _COMMANDER_FREE_CAST.fullmatch(line):
            unsupported.append(UnsupportedText(original, "an alternative cost for controlling a commander: the "
                                                         "state gives no commander (CR 903.3, 118.9)"))
            continue
        if is_spell and (next_spell := _next_spell_flash(line, original)) is not None:
            if isinstance(next_spell, Instruction):  # "The next sorcery spell you cast this turn can be cast as …"
                spell_text.append(next_spell)
            else:
                unsupported.extend(next_spell)
            continue
        if (where_x := _own_cost_where_x(line, original)) is not None:
            cost_modifiers.append(where_x)  # "This spell costs {X} less to cast, where X is your devotion to black."
            continue
        if (own_when := _own_cost_when(line, original)) is not None:
            if isinstance(own_when, UnsupportedText):  # "This spell costs {1} less to cast during your turn."
                unsupported.append(own_when)
            else:
                cost_modifiers.extend(own_when)
            continue
        if (flash_if := _conditional_flash(line, original)) is not None:
            cast_permissions.append(flash_if)  # "… as though it had flash if you control a …" (CR 601.3)
            continue
        if is_spell and (cast_only := _cast_only(line, original)) is not None:
            if isinstance(cast_only, UnsupportedText):  # "Cast this spell only if …" (CR 601.3)
                unsupported.append(cast_only)
            else:
                out["timing_restriction"] = cast_only
            continue
        if _ENCHANT_LINE.fullmatch(line):  # "Enchant creature, land, or planeswalker" (CR 702.5a)
            out["enchant"].append(original)
            continue
        if _read_weighted_modes(line, original, out, modes):
            continue
        try:
            result = read_line(line)
            if isinstance(result, UnexpectedInput):
                span = _error_span(original, result)
                relevant = bool(_PERMANENT_RELEVANT.search(line))
                unsupported.append(
                    UnsupportedText(
                        span, _unread_reason(span),
                        casting_relevant=is_spell or "cast" in line or "additional cost" in line,
                        permanent_relevant=relevant, topics=_topics(original),
                    )
                )
                continue
            rule, tree = result
            if rule == "bullet_mode" and ability_modes:
                continue  # a mode of the triggered or activated ability above, chosen when it is put on the stack
            # "When this creature enters, choose one —": the bullets that follow are that ability's modes (CR 700.2)
            ability_modes = rule in ("triggered_line", "activated_line") and line.endswith("—")
            if is_spell and _is_spell_text(rule, line):
                try:
                    rule, tree = "effect", _parser().parse(line, start="effect")
                except UnexpectedInput as error:
                    span = _error_span(original, error)
                    unsupported.append(UnsupportedText(span, _unread_reason(span)))
                    continue
            if rule == "keyword_line":
                _keyword_abilities(tree, original, out)
            elif rule == "spree_mode":
                cost_tree = next(c for c in tree.children if isinstance(c, Tree) and c.data == "mana_cost")
                effect = next(c for c in tree.children if isinstance(c, Tree) and c.data == "effect")
                reader = _SpellTextReader(line)
                reader.read(effect)
                text = re.sub(r"^\+\s*(\{[^}]*\})+\s*—\s*", "", original)  # the mode's text, after its cost
                unsupported.extend(reader.unsupported)
                modes.append(
                    Mode(len(modes), Instruction(text, tuple(reader.targets)),
                         _mana_cost_of(cost_tree))
                )
            elif rule == "modal_header":
                word = str(tree.children[0]).removeprefix("choose ").split(".")[0].strip()
                out["choose"] = (word, original)
                out["repeatable"] = tree.data == "repeatable_header"
            elif rule == "bullet_mode":
                effect = next(c for c in tree.children if isinstance(c, Tree) and c.data == "effect")
                reader = _SpellTextReader(line)
                reader.read(effect)
                unsupported.extend(reader.unsupported)
                text = original.lstrip("•").strip()
                if not text.endswith((".", '"')):
                    # "• Giant Growth": a mode that names another card's text (play-test cards), not read
                    unsupported.append(UnsupportedText(original, "a mode that is not a sentence"))
                priced = _PRICED_MODE.fullmatch(text)
                if priced:  # "• Cross-Slash — {0} — Destroy target tapped creature." (tiered, CR 702.183a)
                    modes.append(Mode(len(modes), Instruction(priced["effect"], tuple(reader.targets)),
                                      ManaCost.parse(priced["cost"], path="oracle_text")))
                else:
                    modes.append(Mode(len(modes), Instruction(text, tuple(reader.targets))))
            elif rule == "additional_cost_line" and tree.data == "any_number_cost_line":
                text = str(tree.children[-1]).removeprefix("you may ")
                if text == "pay x life.":
                    additional.append(AdditionalCost(Cost(life_x=True, text=original)))  # CR 119.4
                    continue
                if text == "exile x cards from your graveyard.":
                    # X cards, X the spell's X: that of {X} in the mana cost, or announced (CR 107.3a, 601.2b)
                    cost = ObjectCost(CostAction.EXILE, None, zone=Zone.GRAVEYARD, x_count=True, text=text)
                    additional.append(AdditionalCost(Cost(objects=(cost,), text=original)))
                    continue
                every = text.startswith("sacrifice all ")
                read = _object_cost(re.sub(r"any number of |all ", "a ", text, count=1))
                if read is None or read.count != 1:
                    unsupported.append(UnsupportedText(original, f"additional cost {text!r} not modelled"))
                else:  # any number of them, none included; or all of them (CR 118.8, 601.2h)
                    cost = dataclasses.replace(read, count=0 if every else None, text=text)
                    additional.append(AdditionalCost(Cost(objects=(cost,), text=original)))
            elif rule == "additional_cost_line":
                additional.append(AdditionalCost(Cost(objects=(_additional_object_cost(tree, line),), text=original)))
            elif rule == "cost_modifier_line":
                tokens = _tokens(tree)
                amount = _mana_cost_of(next(c for c in tree.children if isinstance(c, Tree)))
                sign = 1 if any(str(t) == "more" for t in tokens) else -1
                words = next((str(t) for t in tokens if t.type == "SPELL_QUALITIES"), "")
                who = next(str(t) for t in tokens if t.type == "SPELLS_COST")
                qualities = _spell_qualities(words) if words else None
                if words and qualities is None:
                    unsupported.append(UnsupportedText(
                        original, f"cost change for {words!r} spells not modelled",
                        casting_relevant=False, permanent_relevant=True, topics=_topics(original)))
                elif amount.generic != amount.mana_value and sign < 0:
                    unsupported.append(UnsupportedText(
                        original, "coloured cost reduction not modelled",
                        casting_relevant=False, permanent_relevant=True, topics=_topics(original)))
                else:
                    coloured = ManaCost(tuple(s for s in amount.symbols if s.kind is not SymbolKind.GENERIC))
                    cost_modifiers.append(CostModifier(
                        sign * amount.generic, original, qualities=qualities,
                        casters="you" if "you cast" in who else "opponents" if "opponents" in who else "any",
                        coloured=coloured if coloured.symbols else None))
            elif rule == "flash_permission_line":
                if tree.data == "flash_for_cost":
                    flash_cost = _mana_cost_of(next(c for c in tree.children if isinstance(c, Tree)))
                    if flash_cost.generic != flash_cost.mana_value or flash_cost.has_x:
                        unsupported.append(UnsupportedText(original, "a coloured or X cost for casting with flash"))
                    else:
                        cast_permissions.append(CastPermission(cost=flash_cost, text=original))  # CR 601.3c
                else:
                    cast_permissions.append(CastPermission(graveyard_spells=2, text=original))  # CR 601.3d
            elif rule == "timing_restriction_line":
                phases: set[Phase] = set()
                turns: set[str] = set()
                for token in _tokens(tree):
                    if token.type != "TIMING_WINDOW":
                        continue
                    window = str(token)  # "combat", "your turn", "combat on an opponent's turn", ...
                    if window.startswith("combat"):
                        phases.add(Phase.COMBAT)
                    if window.endswith("your turn"):
                        turns.add("yours")
                    elif window.endswith("opponent's turn"):
                        turns.add("opponent")
                if len(turns) > 1:  # "only during your turn and only during an opponent's turn": never
                    unsupported.append(UnsupportedText(original, "contradictory timing restriction"))
                else:
                    out["timing_restriction"] = TimingRestriction(frozenset(phases), turns.pop() if turns else "any",
                                                                  original)
            elif rule == "self_cost_line":
                own = _own_cost_change(original)
                if isinstance(own, UnsupportedText):
                    unsupported.append(own)
                else:
                    cost_modifiers.extend(own)
            elif rule == "alternative_cost_line" and tree.data == "rather_than_pay_line":
                printed = _rather_than_pay(original)
                if isinstance(printed, UnsupportedText):
                    unsupported.append(printed)
                else:
                    alternative.append(printed)
            elif rule == "alternative_cost_line":
                colour = str(tree.children[0]).split()[4]  # "you may exile a <colour> card ..."
                # "exile a red card with mana value X from your hand", as printed
                text = re.sub(r"^you may | rather than pay .*$", "", original, flags=re.IGNORECASE)
                of_colour = ObjectFilter((frozenset({Quality("color", _COLOR_WORDS[colour])}),), colour)
                exiled = ObjectCost(CostAction.EXILE, 1, qualities=of_colour, zone=Zone.HAND, mana_value_is_x=True,
                                    text=text)
                alternative.append(AlternativeCost(text, Cost(objects=(exiled,), text=text), "CR 118.9"))
            elif rule == "free_cast_line" and tree.data == "flash_while_line":
                subtype = _SUBTYPE_BY_WORD.get(line.rstrip(".").split()[-1])
                if subtype is None:
                    unsupported.append(UnsupportedText(original, "a condition naming no subtype"))
                    continue
                cast_permissions.append(CastPermission(
                    requires=(ControlRequirement("you", subtype, f"you control a {subtype}"),), text=original))
            elif rule == "free_cast_line":
                found = re.match(r"if an opponent controls an? ([a-z]+) and you control an? ([a-z]+),", line)
                assert found is not None, line  # CONDITIONAL_FREE_CAST matched the line
                theirs, yours = (_SUBTYPE_BY_WORD.get(word) for word in found.groups())
                if theirs is None or yours is None:
                    unsupported.append(UnsupportedText(original, "a condition naming no subtype"))
                    continue
                alternative.append(AlternativeCost(  # CR 118.9: the mana cost is not paid
                    "without paying its mana cost", Cost(text=original), "CR 118.9",
                    requires=(ControlRequirement("opponent", theirs, f"an opponent controls a {theirs}"),
                              ControlRequirement("you", yours, f"you control a {yours}"))))
            elif rule == "player_ability_line":
                word = str(tree.children[1])
                out["controller_" + word] = True
            elif rule == "mana_ability_line":
                try:
                    mana_abilities.append(_mana_ability(tree))
                except ValueError:
                    unsupported.append(UnsupportedText(
                        original, "generic mana in a mana ability",
                        casting_relevant=False, permanent_relevant=True, topics=_topics(original)))
            elif rule == "basic_mana_line":
                mana_abilities.append(ManaAbility((frozenset(_BASIC_LETTERS[line]),)))
            elif rule == "triggered_line" and re.search(r"\btapped for mana\b.*\badds?\b", line):
                # "Whenever enchanted land is tapped for mana, its controller adds an additional {G}": a triggered
                # mana ability (CR 605.1b), changing the mana a permanent makes: not read
                unsupported.append(UnsupportedText(
                    original, "triggered mana ability not read", casting_relevant=False, permanent_relevant=True,
                    topics=frozenset({"mana"})))
            elif rule == "chapter_line":
                pass  # a chapter ability is a triggered ability (CR 714.2b): its targets are not the spell's
            elif rule in ("triggered_line", "activated_line"):
                if rule == "activated_line" and re.search(r":\s*add\b", line) and not _LOYALTY_COST.match(line):
                    # (a loyalty ability is never a mana ability, CR 605.1a: it makes mana as it resolves)
                    unsupported.append(UnsupportedText(
                        original, "mana ability with a cost other than {T}",
                        casting_relevant=False, permanent_relevant=True, topics=_topics(original)))
                # Targets of triggered and activated abilities are not the spell's (CR 115.1b).
            elif (from_graveyard := _graveyard_keyword(line, original)) is not None:
                alternative.append(from_graveyard)  # "Escape—{3}{B}{B}, Exile four other cards from your graveyard."
            elif (kickers := _two_kickers(line, original)) is not None:
                additional.extend(kickers)  # "Kicker {1}{B} and/or {R}": two kicker costs (CR 702.33b)
            elif (optional := _optional_keyword_cost(line, original)) is not None:
                additional.append(optional)  # "Kicker—Sacrifice a creature.", "Buyback—Pay 3 life."
            elif (teamwork := _TEAMWORK.fullmatch(line)) is not None:
                additional.append(_teamwork(int(teamwork["total"]), original))  # "Teamwork 2"
            elif (sneak := _SNEAK.fullmatch(line)) is not None:
                alternative.append(_sneak(sneak["cost"], original))  # "Sneak {1}{W}"
            elif line == "paradigm":
                # "Then exile this spell. After you first resolve a spell with this name, you may cast a copy of it
                # from exile …" (its reminder text): nothing about casting the card from the hand or a graveyard;
                # from exile, a copy is cast, which the state does not describe
                unsupported.append(UnsupportedText(
                    original, "casting a copy of a card with paradigm from exile is not modelled (CR 707.12)",
                    casting_relevant=False, zones=frozenset({Zone.EXILE})))
            elif line == "spell commander":
                # "This card can be your commander." (its reminder text): what a deck may hold (CR 903.3); cast
                # as a commander it is cast from the command zone (CR 903.8), which no state holds
                continue
            elif _KEYWORD_SHAPED.fullmatch(line) or _KEYWORD_COST_DASH.match(line) or _keyword_then_cost(line):
                # a keyword line none of the grammar's keywords reads ("Sneak {2}{U}", "Enchant creature, land, or
                # planeswalker", "Kicker {1}{B} and/or {R}"): it may change how the card is cast, or be cast from
                # another zone; never taken for spell text
                what = "modal or list header not read" if line.endswith("—") else "keyword ability not read"
                keyword = _battlefield_keyword_start().match(line)
                # a keyword with its cost ("Flashback—{R}{R}, Discard X cards.", "Suspend 4—{R}") casts the card from
                # the keyword's zone; a line about the keyword ("Flashback costs you pay cost {2} less.") does not
                with_cost = keyword is not None and _WITH_ITS_COST.match(line[keyword.end():])
                zones = OTHER_ZONE_KEYWORDS.get(keyword.group(), frozenset()) if keyword and with_cost else frozenset()
                unsupported.append(UnsupportedText(
                    original, what, casting_relevant=keyword is None, permanent_relevant=bool(_topics(original)),
                    topics=_topics(original), zones=zones))
            elif (x_objects := _x_objects_additional_cost(line, original)) is not None:
                additional.append(x_objects)  # "…, discard X cards." (CR 107.3a, 601.2b)
            elif (choice := _additional_cost_choice(line, original)) is not None:
                additional.extend(choice)  # "…, discard a card or pay {5}." (CR 601.2b)
            elif (waterbend := _waterbend(line, original)) is not None:
                additional.append(waterbend[0])  # "…, you may waterbend {6}." (CR 701.67a)
                cost_modifiers.append(waterbend[1])
            elif (extra := _printed_additional_cost(line, original)) is not None:
                additional.append(extra)  # "As an additional cost to cast this spell, sacrifice a Goblin." (CR 118.8)
            elif is_spell and _OWN_OTHER_ZONE_PERMISSION.search(line):
                # "You may cast this card from your graveyard.": a permission to cast it from another zone
                # (CR 601.3); casting it from the hand is as usual
                unsupported.append(UnsupportedText(
                    original, "casting from another zone than the hand is not modelled", casting_relevant=False,
                    zones=_permission_zones(line)))
            elif is_spell and _REPLACING.search(line) and _replaced_targets(line, tree) is None:
                # "If this spell was kicked, exile target nonland permanent instead": the kicked text replaces
                # the text before it, and with it its targets (CR 608.2c); a form not read
                unsupported.append(UnsupportedText(original, "text that replaces the spell's earlier text "
                                                             "('instead') is not modelled"))
            elif is_spell and _REPLACING.search(line):
                replaced = _replaced_targets(line, tree)
                assert replaced is not None  # the branch above took the other case
                spell_text.append(Instruction(original, replaced))
            elif is_spell and re.search(r"\bevidence was collected\b[^.]*\btarget\b", line):
                # targets chosen only if evidence was collected (CR 701.59c): not modelled
                unsupported.append(UnsupportedText(original, "targets that depend on evidence collected are not "
                                                             "modelled"))
            elif is_spell and (gift_reason := _unread_gift_condition(line)) is not None:
                unsupported.append(UnsupportedText(original, gift_reason))  # targets the condition's words decide
            else:  # effect
                reader = _SpellTextReader(line)
                reader.read(tree)
                if is_spell:
                    unsupported.extend(reader.unsupported)
                    paid_text = re.match(r"if (?:~|this spell|it) was (kicked|bargained),|if the gift was (promised),",
                                         line)
                    spell_text.append(Instruction(original, tuple(reader.targets),
                                                  _PAID_CONDITIONS[paid_text.group(paid_text.lastindex or 1)]
                                                  if paid_text else ()))
                elif (grants := _attached_grants(line)) is not None:
                    out.setdefault("attached_grants", []).extend(grants)  # "Equipped creature has shroud." (CR 613)
                elif _PERMANENT_RELEVANT.search(line):
                    unsupported.append(UnsupportedText(
                        original, "static ability that may bear on casting or targeting",
                        casting_relevant="cast" in line or "cost" in line,
                        permanent_relevant=True, topics=_topics(original)))
                elif reader.unsupported and not _ENTERS_IF_KICKED.match(line):
                    unsupported.extend(reader.unsupported)
        except (_UnreadText, ManaCostError) as unread:
            # a word or symbol of a phrase the grammar took in that the reader can't give a meaning to
            span = unread.span if isinstance(unread, _UnreadText) else original
            reason = unread.reason if isinstance(unread, _UnreadText) else f"mana symbol not read ({unread.message})"
            unsupported.append(UnsupportedText(
                span, reason, casting_relevant=is_spell or "cast" in line or "additional cost" in line,
                permanent_relevant=bool(_PERMANENT_RELEVANT.search(line)), topics=_topics(original)))

    unsupported.extend(_gift_replacements(spell_text))
    unsupported.extend(_faces_lacking(card))
    if out["enchant"]:
        aura = _aura_target(out["enchant"])
        if isinstance(aura, UnsupportedText):
            unsupported.append(aura)
        else:
            spell_text.append(aura)
    if card.mana_cost is not None and any(s.variable in ("Y", "Z") for s in card.mana_cost.symbols):
        unsupported.append(UnsupportedText(str(card.mana_cost), "Y or Z in the mana cost is not modelled"))
    for cost, where in [(m.cost, m.instruction.text) for m in modes if m.cost is not None] + (
        [(out["splice"].cost.mana, "splice cost")] if out["splice"] else []
    ):
        if cost.has_x:
            unsupported.append(UnsupportedText(where, "X in an additional cost is not modelled"))
    divided_x = [spec.phrase for instruction in spell_text + [m.instruction for m in modes]
                 for spec in instruction.targets if spec.divided_x]
    divided_x = [spec.phrase for instruction in spell_text + [m.instruction for m in modes]
                 for spec in instruction.targets if spec.divided_x and spec.divided_count is None]
    if divided_x and re.search(r"\bx is\b", _strip_reminder(card.oracle_text).lower()):
        # "X is the number of … as you cast this spell": X is defined by the text (CR 107.3c), not announced
        unsupported.append(UnsupportedText(divided_x[0], "a divided amount the text defines or changes"))
    elif divided_x and (card.mana_cost is None or not card.mana_cost.has_x):
        # Fire Covenant's "pay X life": X announced for an additional cost, which the cost rules don't announce yet
        unsupported.append(UnsupportedText(divided_x[0], "X divided without {X} in the mana cost"))
    mode_choice = None
    costed = [m for m in modes if m.cost is not None]
    if out["spree"]:
        if not modes or len(costed) != len(modes):
            unsupported.append(UnsupportedText("Spree", "Spree needs one '+ cost —' line per mode"))
        mode_choice = ModeChoice(1, len(modes), spree=True)
    elif out.get("tiered"):
        # "Tiered (Choose one additional cost.)": one mode, its cost an additional cost (CR 702.183a)
        if len(modes) < 2 or len(costed) != len(modes) or out["choose"] or out["entwine"] or out["escalate"]:
            unsupported.append(UnsupportedText("Tiered", "Tiered needs one '• name — cost — effect' line per mode"))
        mode_choice = ModeChoice(1, 1, tiered=True)
    elif out.get("weighted") is not None:
        low, high, header = out["weighted"]
        weights = tuple(out["weights"])
        if costed or len(modes) < 2 or len(weights) != len(modes) or out["entwine"] or out["escalate"]:
            unsupported.append(UnsupportedText(header, "modal text whose modes can't be read"))
        else:
            mode_choice = ModeChoice(low, high, repeatable=True, weights=weights)
    elif out["choose"] is not None:
        number, header = out["choose"]
        low, high = _CHOICE_BOUNDS[number](len(modes))
        repeatable = out.get("repeatable", False)
        if costed or len(modes) < 2 or (high > len(modes) and not repeatable):
            unsupported.append(UnsupportedText(header, "modal text whose modes can't be read"))
        raised_to: int | None = None
        raised_least: int | None = None
        raised_if: tuple[Requirement, ...] = ()
        raised_if_paid: tuple[str, ...] = ()
        if out.get("raised") is not None:  # more modes when a condition holds as it is cast (CR 700.2)
            word, requirement, raised_if_paid, must = out["raised"]
            raised_to = 2 if word == "both" else _CHOICE_BOUNDS[word](len(modes))[1]
            # "choose both instead", no "you may": then exactly both; "choose one or more instead": one at least
            raised_least = _CHOICE_BOUNDS["two" if word == "both" else word](len(modes))[0] if must else None
            raised_if = (requirement,) if requirement is not None else ()
        mode_choice = ModeChoice(low, high, entwine=out["entwine"], escalate=out["escalate"], repeatable=repeatable,
                                 raised_maximum=raised_to, raised_if=raised_if, raised_minimum=raised_least,
                                 raised_if_paid=raised_if_paid)
    elif modes:
        unsupported.append(UnsupportedText(modes[0].instruction.text, "modes without Spree or 'Choose …'"))
    if (out["entwine"] or out["escalate"]) and (mode_choice is None or mode_choice.spree):
        unsupported.append(UnsupportedText("Entwine/Escalate", "entwine or escalate without 'Choose …' modes"))
    if out.get("awaken"):
        # CR 702.113a: an alternative cost, and "If this spell's awaken cost was paid, put N +1/+1 counters on
        # target land you control. ..."
        count, cost = out["awaken"]
        alternative.append(AlternativeCost("awaken", Cost(cost, text=f"Awaken {count}—{cost}"), "CR 702.113a"))
        spell_text.append(Instruction(
            f"Put {count} +1/+1 counters on target land you control. That land becomes a 0/0 Elemental creature "
            "with haste. It's still a land.",
            (TargetSpec("target land you control", frozenset({TargetKind.LAND}), ControllerFilter.YOU),),
            condition=("awaken",)))
    if is_spell:
        unsupported.extend(_x_without_announcement(card, spell_text, modes, additional, alternative))
    # Only the spell's own text (not Spree modes) is what a splice adds (CR 702.47a).
    return CardAbilities(
        spell_text=tuple(spell_text),
        modes=tuple(modes),
        mode_choice=mode_choice,
        splice=out["splice"],
        additional_costs=tuple(additional),
        alternative_costs=tuple(alternative),
        cost_modifiers=tuple(cost_modifiers),
        cast_permissions=tuple(cast_permissions),
        zone_permissions=tuple(out.get("zone_permissions", ())),
        timing_restriction=out.get("timing_restriction"),
        x_limits=tuple(x_limits),
        cast_only_from=out.get("cast_only_from"),
        delve=out.get("delve", False),
        convoke=out.get("convoke", False),
        improvise=out.get("improvise", False),
        x_colours=out.get("x_colours", frozenset()),
        assist=out.get("assist", False),
        face_down=out.get("face_down"),
        bestow=out.get("bestow"),
        attached_grants=tuple(out.get("attached_grants", ())),
        flash=out["flash"],
        fuse=out.get("fuse", False),
        protections=tuple(out["protections"]),
        hexproof=out["hexproof"],
        hexproof_from=frozenset(out["hexproof_from"]),
        shroud=out["shroud"],
        ward=out["ward"],
        controller_hexproof=out.get("controller_hexproof", False),
        controller_shroud=out.get("controller_shroud", False),
        mana_abilities=tuple(mana_abilities),
        keywords=frozenset(out.get("keywords", ())) | _cycling(card),
        unsupported=tuple(unsupported),
    )


_CLEAVE_LINE = re.compile(r"Cleave (?P<cost>(?:\{[^{}]+\})+)(?: \([^()]*\))?")


def _cleave_line(card: Card) -> str | None:
    """The card's "Cleave {cost}" line as printed, or None when it has none (CR 702.148a)."""
    return next((line for line in card.oracle_text.split("\n") if _CLEAVE_LINE.fullmatch(line.strip())), None)


def _read_cleave(card: Card, cleave: str) -> CardAbilities:
    """A card with cleave: both versions of its text, each read as any text is (CR 702.148a-b, 612).

    "Cleave [cost]" means "You may cast this spell by paying [cost] rather than paying its mana cost" and "If
    this spell's cleave cost was paid, change its text by removing all text found within square brackets"
    (CR 702.148a). The card is read twice, without the cleave line: as printed (the brackets dropped, their
    words kept), and cleaved (the bracketed words removed). Lines the same in both are the spell's text either
    way; a line that differs is two instructions: the printed one with ``unless=("cleave",)``, the cleaved one
    with ``condition=("cleave",)``, so the targets and their restrictions are those of the text the cost paid
    leaves. The cleave cost is an alternative cost (keyword ``"cleave"``).

    Everything else the two readings give (costs, modes, permissions, …) must be the same; a difference there, a
    line that differs and already has a condition, or a line removed whole is reported unsupported, as is any
    span either reading reports. An X in the cleave cost ("Cleave {X}{R}{W}") is announced only for that cost
    (CR 107.3, 601.2b).

    Parameters
    ----------
    card : Card
    cleave : str
        The card's cleave line, as printed.

    Returns
    -------
    CardAbilities
    """
    others = "\n".join(line for line in card.oracle_text.split("\n") if line != cleave)
    printed = parse_card(dataclasses.replace(card, oracle_text=re.sub(r"[\[\]]", "", others)))
    cleaved = parse_card(dataclasses.replace(card, oracle_text=re.sub(r"\s*\[[^\[\]]*\]", "", others)))
    found = _CLEAVE_LINE.fullmatch(cleave.strip())
    assert found is not None  # _cleave_line found it
    cost = ManaCost.parse(found["cost"], path="oracle_text")
    unsupported = list(dict.fromkeys(printed.unsupported + cleaved.unsupported))
    keyword_span = cleave.strip().split(" (")[0]
    if dataclasses.replace(printed, spell_text=(), unsupported=()) != dataclasses.replace(
            cleaved, spell_text=(), unsupported=()):
        unsupported.append(UnsupportedText(keyword_span, "words in square brackets outside the spell's text"))
    spell_text: list[Instruction] = []
    if len(printed.spell_text) != len(cleaved.spell_text):
        unsupported.append(UnsupportedText(keyword_span, "cleave removing a whole line"))
    else:
        for whole, cut in zip(printed.spell_text, cleaved.spell_text):
            if whole == cut:
                spell_text.append(whole)
            elif whole.condition or cut.condition or any(s.condition for s in whole.targets + cut.targets):
                unsupported.append(UnsupportedText(whole.text, "cleave changing text that has a condition"))
            else:
                spell_text += [dataclasses.replace(whole, unless=("cleave",)),
                               dataclasses.replace(cut, condition=("cleave",))]
    alternative = AlternativeCost("cleave", Cost(cost, text=keyword_span), "CR 702.148a")
    return dataclasses.replace(printed, spell_text=tuple(spell_text),
                               alternative_costs=printed.alternative_costs + (alternative,),
                               unsupported=tuple(unsupported))


def _additional_object_cost(tree: Tree, line: str) -> ObjectCost:
    """The objects of an additional cost line (CR 118.8, 601.2h, 701.21).

    "As an additional cost to cast this spell, discard a card / sacrifice a
    creature / exile a creature card from your graveyard."
    """
    amount = next(c for c in tree.children if isinstance(c, Tree))
    text = re.sub(r"^as an additional cost to cast (this spell|~), ", "", line).rstrip(".")
    if amount.data.startswith("exile"):
        tokens = [t for t in amount.children if isinstance(t, Token)]
        noun = str(tokens[-1]).split()
        count = 1 if amount.data == "exile_one" else _NUMBER_WORDS[str(tokens[0])]
        qualities = _card_type_filter(noun[0]) if len(noun) == 2 else None
        return ObjectCost(CostAction.EXILE, count, qualities=qualities, zone=Zone.GRAVEYARD, text=text)
    if amount.data.startswith("discard"):
        count = 1 if amount.data == "discard_one" else _NUMBER_WORDS[str(amount.children[0])]
        noun = str(amount.children[-1]).split() if amount.data == "discard_one" else ["card"]
        # "discard a land card": a card of that type (CR 118.8)
        qualities = _card_type_filter(noun[0]) if len(noun) == 2 else None
        return ObjectCost(CostAction.DISCARD, count, qualities=qualities, zone=Zone.HAND, text=text)
    tokens = [t for t in amount.children if isinstance(t, Token)]
    nouns = [str(t).removesuffix("s") for t in tokens if t.type == "PERMANENT_NOUN"]
    count = 1 if amount.data == "sacrifice_one" else _NUMBER_WORDS[str(tokens[0])]
    # "sacrifice a creature", "a creature or land" (either), "a creature or permanent" (any permanent)
    kinds = frozenset() if "permanent" in nouns else frozenset(TargetKind(noun) for noun in nouns)
    return ObjectCost(CostAction.SACRIFICE, count, kinds, text=text)


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
    out: dict = {
        "protections": [], "hexproof": False, "hexproof_from": set(), "shroud": False, "flash": False,
        "ward": False, "spree": False, "splice": None, "unsupported": [],
    }
    for text in texts:
        line = _strip_reminder(text).strip()
        try:
            tree = _parser().parse(line.lower(), start="keyword_line")
        except UnexpectedInput:
            raise InputError("", f"{text!r} is not a keyword ability legalcasts reads") from None
        _keyword_abilities(tree, line, out)
        if out["unsupported"]:
            raise InputError("", f"{text!r}: {out['unsupported'][0].reason}")
        if out["spree"] or out["splice"]:
            raise InputError("", f"{text!r} is an ability of spells in hand, not one a permanent can gain")
    return CardAbilities(
        protections=tuple(out["protections"]), hexproof=out["hexproof"],
        hexproof_from=frozenset(out["hexproof_from"]),
        shroud=out["shroud"], ward=out["ward"], flash=out["flash"],
        keywords=frozenset(out.get("keywords", ())),
    )
