"""What the line readers have read of one card so far: the typed parts of its abilities, in printed order.

Each family's line reader (:mod:`models.oracle.parser` lists them in the order they are tried) reads one line
into a :class:`CardReading`: the frozen records of :mod:`models.abilities` it makes (costs, permissions,
modes, targets, mana abilities, unread spans) go to their lists, and the keywords and headers that shape the
card as a whole (Spree, "Choose one —", a weighted header, enchant) are noted for the end of the card, when
:func:`models.oracle.parser.parse_card` puts them together as one :class:`~models.abilities.CardAbilities`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from lark import Token, Tree

from models.abilities import (
    AdditionalCost,
    AlternativeCost,
    CastPermission,
    CastingRule,
    ContinuousEffect,
    CostModifier,
    Cost,
    Instruction,
    ManaAbility,
    ManaTrigger,
    Mode,
    Protection,
    Prototype,
    Requirement,
    SpliceAbility,
    TimingRestriction,
    UnsupportedText,
    XLimit,
    ZonePermission,
)
from models.mana import Color, ManaCost
from models.objects import Card, CardType, Zone

__all__ = [
    "CardReading",
    "RaisedChoice",
    "WeightedChoice",
    "Keyword",
    "KeywordKind",
    "KeywordReader",
    "LineReader",
    "TreeReader",
    "KeywordLineReader",
]


@dataclass(frozen=True, slots=True)
class RaisedChoice:
    """A modal header's raise: "If you control a Wizard as you cast this spell, you may choose two instead." (CR 700.2).

    Parameters
    ----------
    word : str
        How many modes the raise allows, as printed: ``"both"``, ``"two"``, ``"one or more"``.
    requirements : tuple of Requirement
        The conditions the state decides, all to hold ("If you control an artifact and an enchantment …": two);
        empty when the raise asks a cost paid, or its condition is not read.
    paid : tuple of str
        The optional costs whose payment allows the raise (any one of them).
    must : bool
        No "you may": the raised number is then the least chosen too.
    """

    word: str
    requirements: tuple[Requirement, ...]
    paid: tuple[str, ...]
    must: bool


@dataclass(frozen=True, slots=True)
class WeightedChoice:
    """A header of modes counted by weight: the least and the most total weight, and the header (CR 700.2i).

    Parameters
    ----------
    minimum, maximum : int
        The total weight of the modes chosen: "that total exactly 4" is 4 and 4, "up to five {P} worth" 0 and 5.
    header : str
        The header line, as printed.
    """

    minimum: int
    maximum: int
    header: str


@dataclass(slots=True)
class CardReading:
    """The parts of one card's abilities read so far, each list in printed order.

    Parameters
    ----------
    is_spell : bool
        The card is an instant or sorcery: its text is the spell's (CR 608.2).
    has_x : bool
        Its mana cost has {X} (CR 107.3).
    colors : frozenset of Color or None
        The card's colours (conspire's creatures share one, CR 702.78a); None when reading granted keywords.
    subtypes : tuple of str or None
        The card's subtypes (prowl's creature types, CR 702.76a); None when reading granted keywords.

    Notes
    -----
    The other fields are the parts of :class:`~models.abilities.CardAbilities` of the same names (lists where
    that has tuples), and what the end of the card reads together: ``choose`` (a "Choose …" header's word and
    text), ``raised``, ``repeatable``, ``weighted`` and ``weights``, ``enchant`` (the enchant lines, the Aura
    spell's target), ``spree``, ``tiered``, ``entwine``, ``escalate``, ``awaken`` (its N and cost), and
    ``ability_modes`` (the bullets read next are a triggered or activated ability's modes, not the spell's).
    """

    is_spell: bool = False
    has_x: bool = False
    colors: frozenset[Color] | None = None
    subtypes: tuple[str, ...] | None = None
    spell_text: list[Instruction] = field(default_factory=list)
    modes: list[Mode] = field(default_factory=list)
    additional: list[AdditionalCost] = field(default_factory=list)
    alternative: list[AlternativeCost] = field(default_factory=list)
    cost_modifiers: list[CostModifier] = field(default_factory=list)
    cast_permissions: list[CastPermission] = field(default_factory=list)
    zone_permissions: list[ZonePermission] = field(default_factory=list)
    mana_abilities: list[ManaAbility] = field(default_factory=list)
    x_limits: list[XLimit] = field(default_factory=list)
    unsupported: list[UnsupportedText] = field(default_factory=list)
    protections: list[Protection] = field(default_factory=list)
    static_effects: list[ContinuousEffect] = field(default_factory=list)
    static_unread: list[str] = field(default_factory=list)
    static_no_cast: list[str] = field(default_factory=list)
    casting_rules: list[CastingRule] = field(default_factory=list)
    mana_when_tapped: list[frozenset[str]] = field(default_factory=list)
    mana_triggers: list[ManaTrigger] = field(default_factory=list)
    keywords: set[str] = field(default_factory=set)
    hexproof_from: set[Color] = field(default_factory=set)
    hexproof_from_qualities: list[Protection] = field(default_factory=list)
    enchant: list[str] = field(default_factory=list)
    weights: list[int] = field(default_factory=list)
    hexproof: bool = False
    shroud: bool = False
    flash: bool = False
    ward: bool = False
    spree: bool = False
    fuse: bool = False
    tiered: bool = False
    delve: bool = False
    convoke: bool = False
    improvise: bool = False
    assist: bool = False
    controller_hexproof: bool = False
    controller_shroud: bool = False
    repeatable: bool = False
    ability_modes: bool = False
    splice: SpliceAbility | None = None
    entwine: Cost | None = None
    escalate: Cost | None = None
    awaken: tuple[int, ManaCost] | None = None
    choose: tuple[str, str] | None = None
    raised: RaisedChoice | None = None
    weighted: WeightedChoice | None = None
    timing_restriction: TimingRestriction | None = None
    cast_only_from: Zone | None = None
    x_colours: frozenset[str] = frozenset()
    face_down: str | None = None
    bestow: Cost | None = None
    prototype: Prototype | None = None
    more_than_meets_the_eye: Cost | None = None

    def add_cost(self, record: AdditionalCost | AlternativeCost) -> None:
        """Add a keyword's cost record to the alternative costs or the additional costs, as its kind is."""
        if isinstance(record, AlternativeCost):
            self.alternative.append(record)
        else:
            self.additional.append(record)

    @classmethod
    def of(cls, card: Card) -> CardReading:
        """An empty reading of ``card``: what its lines are read with (its types, mana cost, colours, subtypes)."""
        return cls(
            is_spell=card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY),
            has_x=card.mana_cost is not None and card.mana_cost.has_x,
            colors=card.colors,
            subtypes=card.subtypes,
        )


LineReader = Callable[[CardReading, str, str], bool]
"""A reader of one line by its words: ``(reading, line lowercased, line as printed)``; False when the line is not
its family's (the next reader is then tried), True when it read the line into ``reading``."""

TreeReader = Callable[[CardReading, Tree[Token], str, str], None]
"""A reader of one line that a start rule of the grammar read: ``(reading, tree, line lowercased, as printed)``."""


class KeywordKind(enum.Enum):
    """What a keyword is to casting its card (CR 702), as :data:`models.oracle.keywords.KEYWORDS` says."""

    ADDITIONAL_COST = "additional cost"
    """An optional or mandatory cost paid on top of the mana cost (CR 118.8): kicker, buyback, bargain, gift."""
    ALTERNATIVE_COST = "alternative cost"
    """A cost paid rather than the mana cost (CR 118.9): overload, evoke, dash, spectacle, prowl, emerge."""
    COST_CHANGE = "cost change"
    """A change of the total cost (CR 601.2f): affinity, undaunted, strive."""
    PAYMENT = "payment"
    """Another way to pay the total cost (CR 601.2h): delve, convoke, improvise, assist."""
    PERMISSION = "permission"
    """A permission to cast the card from another zone or at another time (CR 601.3): flash, flashback, retrace."""
    CAST_AS = "cast as"
    """The card cast as something else: face down (morph, disguise, CR 702.37), bestowed (CR 702.103)."""
    MODES = "modes"
    """How the modes are chosen or paid (CR 700.2): Spree, tiered, entwine, escalate."""
    SPLICE = "splice"
    """Another card's text added to a spell (CR 702.47)."""
    QUALITY = "quality"
    """A quality of a permanent that targets ask (CR 115.1, 702): flying, hexproof, shroud, protection, ward."""
    ENCHANT = "enchant"
    """What an Aura spell targets (CR 303.4a, 702.5a)."""
    ELSEWHERE = "elsewhere"
    """No bearing on casting the card from the hand: it works on the battlefield or in another zone (cycling)."""
    NOT_READ = "not read"
    """Changes how the card is cast, in a way not modelled: reported unsupported (offering, cleave)."""


KeywordReader = Callable[["Keyword", Tree[Token], str, CardReading], bool]
"""A reader of one keyword of a keyword line: ``(keyword, its tree, the line as printed, reading)``; False when the
words after the keyword are not read (the keyword is then reported as its kind of keyword line is)."""

KeywordLineReader = Callable[["Keyword", CardReading, str, str], bool]
"""A reader of a line that starts with a keyword the grammar reads as free text ("Kicker—Sacrifice a creature."):
``(keyword, reading, line lowercased, as printed)``; False when the line is not read so."""


@dataclass(frozen=True, slots=True)
class Keyword:
    """One keyword ability of CR 702: what it is, the rule that defines it, and the readers that read it.

    Parameters
    ----------
    name : str
        Lowercase, as printed: ``"kicker"``, ``"jump-start"``.
    kind : KeywordKind
        What it is to casting the card.
    rule : str
        The rule that defines it: ``"CR 702.33a"`` (empty for a keyword newer than the rules followed, whose
        reminder text defines it).
    terminals : tuple of str
        The grammar's terminals that name it at a keyword line's start (``oracle.lark``); empty when no rule of
        the grammar reads it whole, and a line reader does.
    read : KeywordReader or None
        Its reader in a keyword line; None when there is nothing to read (no bearing on casting from the hand).
    read_line : KeywordLineReader or None
        Its reader of a line the grammar reads as free text, "Kicker—Sacrifice a creature."; None if none.
    cost : callable or None
        The record a cost after it makes: an :class:`~models.abilities.AdditionalCost` or an
        :class:`~models.abilities.AlternativeCost`, given the :class:`~models.abilities.Cost` read.
    permission : callable or None
        The :class:`~models.abilities.ZonePermission` it gives, given the line as printed.
    """

    name: str
    kind: KeywordKind
    rule: str
    terminals: tuple[str, ...] = ()
    read: KeywordReader | None = None
    read_line: KeywordLineReader | None = None
    cost: Callable[[Cost], AdditionalCost | AlternativeCost] | None = None
    permission: Callable[[str], ZonePermission] | None = None
