"""Card text as data: instructions, modes, target specifications, keyword costs.

This module plays the role of Forge's card scripts: everything the casting
rules need from a card's text (CR 601.2b-h) is held here as immutable data,
produced by :mod:`models.oracle` from Oracle text. Nothing here depends on a
solver.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from models.mana import Color, ManaCost
from models.objects import CardType, Phase

__all__ = [
    "TargetKind",
    "SpellFilter",
    "ControllerFilter",
    "Quality",
    "ObjectFilter",
    "TargetSpec",
    "Instruction",
    "Mode",
    "ModeChoice",
    "SpliceAbility",
    "DiscardCost",
    "SacrificeCost",
    "ExileCost",
    "ObjectCost",
    "Protection",
    "ManaAbility",
    "CostModifier",
    "FlashPermission",
    "TimingRestriction",
    "UnsupportedText",
    "CardAbilities",
    "ANY_TARGET_KINDS",
    "PERMANENT_KIND_TYPES",
]


class TargetKind(enum.Enum):
    """What one instance of the word "target" may refer to (CR 115.1, 115.2)."""

    CREATURE = "creature"
    PLAYER = "player"
    OPPONENT = "opponent"
    ARTIFACT = "artifact"
    ENCHANTMENT = "enchantment"
    LAND = "land"
    PERMANENT = "permanent"
    PLANESWALKER = "planeswalker"
    BATTLE = "battle"
    SPELL = "spell"
    GRAVEYARD_CARD = "card in a graveyard"


class SpellFilter(enum.Enum):
    """Which spells a "target … spell" phrase names (CR 115.1, 115.2: spells are on the stack)."""

    ANY = "spell"
    NONCREATURE = "noncreature spell"
    CREATURE = "creature spell"
    INSTANT_OR_SORCERY = "instant or sorcery spell"
    INSTANT = "instant spell"
    SORCERY = "sorcery spell"
    ARTIFACT = "artifact spell"
    ENCHANTMENT = "enchantment spell"
    NONARTIFACT = "nonartifact spell"

    def matches(self, types: tuple[CardType, ...]) -> bool:
        """Whether a spell with these card types is named by the phrase."""
        if self is SpellFilter.ANY:
            return True
        if self is SpellFilter.NONCREATURE:
            return CardType.CREATURE not in types
        if self is SpellFilter.NONARTIFACT:
            return CardType.ARTIFACT not in types
        if self is SpellFilter.INSTANT_OR_SORCERY:
            return CardType.INSTANT in types or CardType.SORCERY in types
        wanted = {
            SpellFilter.CREATURE: CardType.CREATURE, SpellFilter.INSTANT: CardType.INSTANT,
            SpellFilter.SORCERY: CardType.SORCERY, SpellFilter.ARTIFACT: CardType.ARTIFACT,
            SpellFilter.ENCHANTMENT: CardType.ENCHANTMENT,
        }[self]
        return wanted in types


PERMANENT_KIND_TYPES = {
    TargetKind.CREATURE: CardType.CREATURE,
    TargetKind.ARTIFACT: CardType.ARTIFACT,
    TargetKind.ENCHANTMENT: CardType.ENCHANTMENT,
    TargetKind.LAND: CardType.LAND,
    TargetKind.PLANESWALKER: CardType.PLANESWALKER,
    TargetKind.BATTLE: CardType.BATTLE,
}
"""The card type a permanent of each kind has (CR 110.4): "target creature" names creatures."""

ANY_TARGET_KINDS = frozenset(
    {TargetKind.CREATURE, TargetKind.PLAYER, TargetKind.PLANESWALKER, TargetKind.BATTLE}
)
""""Any target": a creature, player, planeswalker or battle (CR 115.4)."""


class ControllerFilter(enum.Enum):
    """Who must control a targeted permanent ("you control", CR 109.5)."""

    ANY = "any"
    YOU = "you"
    OPPONENT = "opponent"


@dataclass(frozen=True, slots=True)
class Quality:
    """One test of a characteristic or status named before or after a kind.

    "nonblack" (colour, CR 105.2), "non-Zombie" (subtype, CR 205.3),
    "legendary" (supertype, CR 205.4), "tapped" and "attacking" (status, CR
    110.5, 506.4), "with power 3 or less" (CR 208), "with flying" (CR 702),
    "with converted mana cost 4 or less" (mana value, CR 202.3).

    Parameters
    ----------
    attribute : str
        One of ``"color"`` (value: a Color), ``"colors"`` (value:
        ``"multicolored"``, ``"monocolored"`` or ``"colorless"``, CR
        105.2b-c), ``"type"`` (a CardType), ``"subtype"`` / ``"supertype"``
        (the word as on type lines, e.g. ``"Spirit"``, ``"Legendary"``),
        ``"token"``, ``"tapped"``, ``"attacking"`` (no value), ``"keyword"``
        (e.g. ``"flying"``), ``"power"``, ``"toughness"``, ``"mana value"``
        (an int), ``"counter"`` (a counter kind, e.g. ``"+1/+1"``: at least one on it),
        ``"targeting"`` (of a spell: ``"single"``, one target chosen in all, CR 115.9a;
        ``"you"``, ``"player"``, ``"creature"``, ``"land you control"``: what
        one of its targets is now, CR 115.9b).
    value : Color, CardType, str, int or None
    negated : bool
        "non…" / "un…": the test must fail.
    comparison : str
        For numbers: ``"="``, ``"<="`` ("or less") or ``">="`` ("or greater").
    """

    attribute: str
    value: object = None
    negated: bool = False
    comparison: str = "="


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """The qualities a target must have beyond its kind (CR 115.1, 601.2c).

    Parameters
    ----------
    clauses : tuple of frozenset of Quality
        Every clause must hold; a clause holds when one of its qualities
        does ("blue or black" is one clause of two qualities, "nonartifact,
        nonblack" two clauses of one).
    text : str
        The words it was read from, e.g. ``"nonartifact, nonblack"``.
    """

    clauses: tuple[frozenset[Quality], ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One instance of the word "target" in a text (CR 115.1, 601.2c).

    Parameters
    ----------
    phrase : str
        The target phrase as printed, e.g. ``"two target creatures"``.
    kinds : frozenset of TargetKind
        What the instance may choose: a union (``"creature or player"``).
    controller : ControllerFilter
        Restriction on who controls a targeted permanent.
    count : int
        How many objects or players this one instance chooses ("N target",
        all different, CR 115.3): a set, not a sequence.
    minimum : int
        The least number that may be chosen (``count`` unless "up to N",
        CR 115.6).
    distinct_from : int or None
        For "another target": index, within the same text, of the earlier
        instance whose choices this one must differ from (CR 115.4).
    spells : SpellFilter or None
        For ``TargetKind.SPELL``: which spells.
    divided : int
        Damage (or counters, see ``divided_what``) divided among the targets
        chosen for this instance, each getting at least 1 (CR 601.2d); 0
        when nothing is divided.
    divided_what : str
        What is divided: ``"damage"`` ("3 damage divided as you choose
        among …") or ``"+1/+1 counters"`` ("distribute two +1/+1 counters
        among …").
    kicked_only : bool
        The instance is in text that happens only if the spell was kicked:
        it is chosen only then (CR 702.33g).
    same_controller : bool
        "… controlled by the same player": every object chosen for the
        instance has one controller (CR 115.1, 601.2c).
    x_count : bool
        "X target …": exactly X are chosen, X being the value announced for
        the spell's mana cost (CR 601.2b, 601.2c).
    qualities : ObjectFilter or None
        What else each chosen object must be ("target nonblack creature",
        "target creature with flying", "target red spell").
    card_types : frozenset of CardType
        For ``TargetKind.GRAVEYARD_CARD``: the card must have one of these
        types (empty: any card). ``controller`` then filters the graveyard's
        owner ("your graveyard", "an opponent's graveyard").
    """

    phrase: str
    kinds: frozenset[TargetKind]
    controller: ControllerFilter = ControllerFilter.ANY
    count: int = 1
    minimum: int = 1
    distinct_from: int | None = None
    spells: SpellFilter | None = None
    divided: int = 0
    divided_what: str = "damage"
    kicked_only: bool = False
    card_types: frozenset[CardType] = frozenset()
    same_controller: bool = False
    x_count: bool = False
    qualities: ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class Instruction:
    """A piece of spell text with the target instances it contains, in order.

    Parameters
    ----------
    text : str
        The text (one line, or one mode's text).
    targets : tuple of TargetSpec
        Each instance of "target" in printed order (CR 601.2c).
    kicked_only : bool
        The text starts "If this spell was kicked, …": it happens only if
        the spell was kicked (CR 702.33e).
    awakened_only : bool
        The spell ability of awaken: it exists only if the awaken cost was
        paid (CR 702.113a-b).
    """

    text: str
    targets: tuple[TargetSpec, ...] = ()
    kicked_only: bool = False
    awakened_only: bool = False


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal spell (CR 700.2).

    Parameters
    ----------
    index : int
        0-based, printed order.
    instruction : Instruction
    cost : ManaCost or None
        The cost printed before the mode (Spree, CR 700.2h, 702.172a), paid as
        an additional cost when the mode is chosen.
    """

    index: int
    instruction: Instruction
    cost: ManaCost | None = None


@dataclass(frozen=True, slots=True)
class ModeChoice:
    """How many modes must be chosen (CR 700.2, 702.172a).

    Parameters
    ----------
    minimum, maximum : int
        Bounds on the number of distinct modes chosen.
    spree : bool
        The spell has Spree: each chosen mode's cost is added (CR 702.172a).
    entwine : ManaCost or None
        Entwine cost: all modes may be chosen by paying it (CR 702.42a).
    escalate : ManaCost or None
        Escalate cost, paid once per mode beyond the first (CR 702.120a).
    escalate_discards : int
        Cards discarded per mode beyond the first ("Escalate—Discard a card", CR 702.120a).
    entwine_objects : ObjectCost or None
        An entwine cost paid with objects ("Entwine—Sacrifice three lands.",
        CR 702.42a); ``entwine`` is then the empty mana cost.
    escalate_objects : ObjectCost or None
        An escalate cost paid with objects, once per mode beyond the first
        ("Escalate—Tap an untapped creature you control.", CR 702.120a);
        ``escalate`` is then the empty mana cost.
    repeatable : bool
        "You may choose the same mode more than once" (CR 700.2d): ``minimum``
        and ``maximum`` then count every time a mode is chosen.
    """

    minimum: int
    maximum: int
    spree: bool = False
    entwine: ManaCost | None = None
    escalate: ManaCost | None = None
    escalate_discards: int = 0
    repeatable: bool = False
    entwine_objects: ObjectCost | None = None
    escalate_objects: ObjectCost | None = None


@dataclass(frozen=True, slots=True)
class SpliceAbility:
    """``Splice onto <quality> <cost>`` (CR 702.47a).

    Parameters
    ----------
    quality : str
        ``"Arcane"`` (a subtype) or ``"instant or sorcery"`` (card types).
    cost : ManaCost
        The mana part of the splice cost, paid as an additional cost (empty
        for a splice cost without mana).
    object_cost : ObjectCost or None
        A splice cost paid with objects ("Splice onto Arcane—Sacrifice two
        Mountains.", CR 702.47a, 601.2h).
    other_cost : str or None
        A splice cost that needs no choice and can always be paid ("An
        opponent gains 5 life."), as printed.
    """

    quality: str
    cost: ManaCost
    object_cost: ObjectCost | None = None
    other_cost: str | None = None

    def applies_to(self, types: tuple[CardType, ...], subtypes: tuple[str, ...]) -> bool:
        """Whether a spell with these types and subtypes has this quality (CR 702.47a).

        Parameters
        ----------
        types : tuple of CardType
        subtypes : tuple of str

        Returns
        -------
        bool
        """
        if self.quality == "instant or sorcery":
            return CardType.INSTANT in types or CardType.SORCERY in types
        return self.quality in subtypes


@dataclass(frozen=True, slots=True)
class DiscardCost:
    """"As an additional cost to cast this spell, discard N cards" (CR 118.8, 601.2h).

    Parameters
    ----------
    count : int
        Number of cards discarded, all different (CR 118.10).
    kind : CardType or None
        "Discard a land card": the card type they must have; None for any card.
    """

    count: int = 1
    kind: CardType | None = None


@dataclass(frozen=True, slots=True)
class SacrificeCost:
    """"As an additional cost to cast this spell, sacrifice a creature" (CR 118.8, 601.2h, 701.21).

    Parameters
    ----------
    count : int
        Number of permanents sacrificed, all different (CR 118.10).
    kind : CardType or None
        The card type they must have; None for "a permanent".
    alternatives : frozenset of CardType
        "Sacrifice a creature or land": any of these types (``kind`` is then None).
    """

    count: int = 1
    kind: CardType | None = None
    alternatives: frozenset[CardType] = frozenset()


@dataclass(frozen=True, slots=True)
class ExileCost:
    """"As an additional cost to cast this spell, exile a creature card from your graveyard" (CR 118.8, 601.2h).

    Parameters
    ----------
    count : int
        Number of cards exiled, all different (CR 118.10).
    kind : CardType or None
        The card type they must have; None for any card.
    """

    count: int = 1
    kind: CardType | None = None


@dataclass(frozen=True, slots=True)
class ObjectCost:
    """A cost paid with objects the caster chooses (CR 118.3, 601.2h).

    "Sacrifice three lands" (CR 701.21), "tap an untapped white creature you
    control", "return a blue creature you control to its owner's hand",
    "exile four cards from your graveyard". The objects are all different,
    and an object that pays one cost pays no other (CR 118.10).

    Parameters
    ----------
    action : str
        ``"sacrifice"``, ``"tap"`` or ``"return"`` (permanents the caster
        controls) or ``"exile"`` (cards in the caster's graveyard).
    count : int or None
        How many objects; None for "any number of" (none included); 0 for
        "all" of them ("sacrifice all creatures you control").
    kinds : frozenset of TargetKind
        What the objects must be (``CREATURE``, ``LAND``, ``PERMANENT``);
        empty for "cards" in a graveyard.
    qualities : ObjectFilter or None
        What else they must be ("white", "Mountain"): the qualities of target
        phrases.
    text : str
        The cost as printed.
    """

    action: str
    count: int | None
    kinds: frozenset[TargetKind] = frozenset()
    qualities: ObjectFilter | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Protection:
    """One protection ability: "protection from <quality>" (CR 702.16).

    Parameters
    ----------
    colors : frozenset of Color
        Protection from these colours (CR 702.16a).
    card_types : frozenset of CardType
        Protection from these card types (CR 702.16a).
    everything : bool
        Protection from everything (CR 702.16j).
    text : str
        The ability as printed.
    """

    colors: frozenset[Color] = frozenset()
    card_types: frozenset[CardType] = frozenset()
    everything: bool = False
    text: str = ""

    def stops(self, spell_colors: frozenset[Color], spell_types: tuple[CardType, ...]) -> bool:
        """Whether this protection stops targeting by a spell (CR 702.16b).

        Parameters
        ----------
        spell_colors : frozenset of Color
            The spell's colours on the stack (a spliced text adds none, CR 702.47c).
        spell_types : tuple of CardType

        Returns
        -------
        bool
        """
        return (
            self.everything
            or bool(self.colors & spell_colors)
            or any(t in self.card_types for t in spell_types)
        )


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """``{T}: Add …`` on a permanent (CR 605.1a); basic land types give their own (305.6).

    Parameters
    ----------
    units : tuple of frozenset of str
        One entry per mana added; each the letters among ``"WUBRGC"`` that
        mana may be.
    """

    units: tuple[frozenset[str], ...]


@dataclass(frozen=True, slots=True)
class CostModifier:
    """A static cost increase or reduction for spells (CR 601.2f).

    Parameters
    ----------
    amount : int
        Generic mana added (positive) or taken off (negative).
    noncreature_only : bool
        "Noncreature spells cost …" (kept for callers; ``qualities`` says it too).
    text : str
        As printed.
    qualities : ObjectFilter or None
        Which spells: "white", "instant and sorcery", "Arcane", "noncreature"
        (None: every spell).
    casters : str
        ``"any"`` ("Spells cost …"), ``"you"`` ("Spells you cast cost …":
        the permanent's controller) or ``"opponents"`` ("Spells your opponents
        cast cost …").
    coloured : ManaCost or None
        Coloured mana added ("White spells you cast cost {W} more", CR 601.2f).
    """

    amount: int
    noncreature_only: bool = False
    text: str = ""
    qualities: ObjectFilter | None = None
    casters: str = "any"
    coloured: ManaCost | None = None

    def applies_to(self, types: tuple[CardType, ...]) -> bool:
        """Whether a spell with these card types may be affected ("noncreature" only; see ``qualities``).

        Parameters
        ----------
        types : tuple of CardType

        Returns
        -------
        bool
        """
        return not (self.noncreature_only and CardType.CREATURE in types)


@dataclass(frozen=True, slots=True)
class FlashPermission:
    """"You may cast this spell as though it had flash …", printed on the spell (CR 601.3c-d, 702.8a).

    The spell may then be cast any time its caster could cast an instant
    (CR 304.5): with priority, on any turn, in any phase, with a spell on the
    stack.

    Parameters
    ----------
    cost : ManaCost or None
        "… if you pay {2} more to cast it": an additional cost (CR 601.3c,
        601.2f), paid exactly when the spell is cast at a time a sorcery
        couldn't have been cast (CR 307.5a); cast at sorcery timing it costs
        its mana cost only. None when nothing more is paid.
    graveyard_spells : int
        Spell mastery, "If there are two or more instant and/or sorcery
        cards in your graveyard, …": the permission holds only while the
        caster's graveyard has at least this many (CR 601.3d); 0 when it
        always holds.
    text : str
        As printed.
    """

    cost: ManaCost | None = None
    graveyard_spells: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class TimingRestriction:
    """"Cast this spell only during …", printed on the spell (CR 601.3, 604.6).

    Every part must hold for the spell to be cast; the usual timing rules
    (priority, sorcery timing, CR 117.1a, 307.1) apply as well.

    Parameters
    ----------
    phases : frozenset of Phase
        "only during combat": the phase must be one of these (CR 506); empty
        when any phase will do.
    turn : str
        ``"any"``; ``"yours"`` ("only during your turn": the caster is the
        active player, CR 102.1); ``"opponent"`` ("only during an opponent's
        turn").
    text : str
        As printed.
    """

    phases: frozenset[Phase] = frozenset()
    turn: str = "any"
    text: str = ""


@dataclass(frozen=True, slots=True)
class UnsupportedText:
    """Text that the grammar could not read, with why (never guessed).

    Parameters
    ----------
    span : str
        The unread text.
    reason : str
    casting_relevant : bool
        True when the text bears on casting this card as a spell; False when
        it bears only on the card as a permanent (targeting it, mana).
    permanent_relevant : bool
        True when the text may change how the card acts on the battlefield
        for the casting of other spells (protection-like, cost, mana).
    topic : str
        What the text bears on as a permanent: ``"mana"`` (it may make
        mana), ``"targeting"`` (it may change who can target it), ``"cost"``
        (it may change what spells cost or whether they can be cast), or
        ``"other"``.
    """

    span: str
    reason: str
    casting_relevant: bool = True
    permanent_relevant: bool = False
    topic: str = "other"


@dataclass(frozen=True, slots=True)
class CardAbilities:
    """Everything the casting rules need from one card's text.

    Parameters
    ----------
    spell_text : tuple of Instruction
        The non-modal instructions of an instant or sorcery, printed order;
        this is also the text a splice adds (CR 702.47a).
    modes : tuple of Mode
    mode_choice : ModeChoice or None
    splice : SpliceAbility or None
    discard_costs : tuple of DiscardCost
        Additional costs of discarding cards.
    sacrifice_costs : tuple of SacrificeCost
        Additional costs of sacrificing permanents.
    object_costs : tuple of ObjectCost
        Other additional costs paid with objects, such as "tap any number of
        untapped creatures you control" (CR 118.8).
    exile_costs : tuple of ExileCost
        Additional costs of exiling cards from the caster's graveyard.
    kicker : ManaCost or None
        "Kicker [cost]": an optional additional cost (CR 702.33a).
    flash : bool
        CR 702.8.
    flash_permission : FlashPermission or None
        "You may cast this spell as though it had flash if you pay {2} more
        to cast it" and the like (CR 601.3c-d).
    timing_restriction : TimingRestriction or None
        "Cast this spell only during combat" and the like (CR 601.3, 604.6).
    protections : tuple of Protection
    hexproof, shroud : bool
        CR 702.11, 702.18.
    hexproof_from : frozenset of Color
        "Hexproof from <colour>": opponents' spells of that colour can't target it (CR 702.11d).
    ward : bool
        CR 702.21: a trigger, never a targeting restriction; kept to annotate.
    mana_abilities : tuple of ManaAbility
    cost_modifiers : tuple of CostModifier
    controller_hexproof, controller_shroud : bool
        "You have hexproof." / "You have shroud.": the permanent's controller
        has the ability (CR 702.11c, 702.18b).
    other_zone_casting : tuple of str
        Keywords that let the card be cast from a zone other than the hand
        (flashback, retrace, madness, ...): not modelled, so casting it from
        such a zone is reported unsupported rather than counted as 0.
    exile_from_hand_instead : Color or None
        "You may exile a [colour] card with mana value X from your hand rather
        than pay this spell's mana cost" (the Shoals): an alternative cost
        (CR 118.9); X is then the exiled card's mana value.
    pay_x_life : bool
        "As an additional cost to cast this spell, pay X life": X is at most
        the caster's life total (CR 119.4, 119.4b).
    cost_reduction_per : (int, CardType, str) or None
        "~ costs {N} less to cast for each creature on the battlefield" / "for
        each creature card in your graveyard": N generic mana less per object
        of that type there (``"battlefield"`` or ``"your graveyard"``), the
        spell's own reduction (CR 601.2f, 118.7a).
    overload : ManaCost or None
        "Overload [cost]": an alternative cost; paid, every "target" of the
        spell's text reads "each", so the spell has no targets (CR 702.96a-b).
    multikicker : ManaCost or None
        "Multikicker [cost]": an additional cost that may be paid any number
        of times (CR 702.33c).
    awaken : ManaCost or None
        "Awaken N—[cost]": an alternative cost; when it is paid, the last
        instruction of ``spell_text`` (its ``awakened_only`` target land) is
        part of the spell (CR 702.113a).
    fuse : bool
        Fuse: a split card with it may be cast from the hand as both halves,
        a fused split spell (CR 702.102a).
    keywords : frozenset of str
        Keyword abilities that matter only as qualities of a permanent
        ("target creature with flying"), lowercased: ``{"flying"}`` (CR 702).
    unsupported : tuple of UnsupportedText
    """

    spell_text: tuple[Instruction, ...] = ()
    modes: tuple[Mode, ...] = ()
    mode_choice: ModeChoice | None = None
    splice: SpliceAbility | None = None
    discard_costs: tuple[DiscardCost, ...] = ()
    sacrifice_costs: tuple[SacrificeCost, ...] = ()
    exile_costs: tuple[ExileCost, ...] = ()
    object_costs: tuple[ObjectCost, ...] = ()
    kicker: ManaCost | None = None
    flash: bool = False
    flash_permission: FlashPermission | None = None
    timing_restriction: TimingRestriction | None = None
    protections: tuple[Protection, ...] = ()
    hexproof: bool = False
    hexproof_from: frozenset[Color] = frozenset()
    shroud: bool = False
    ward: bool = False
    mana_abilities: tuple[ManaAbility, ...] = ()
    cost_modifiers: tuple[CostModifier, ...] = ()
    controller_hexproof: bool = False
    controller_shroud: bool = False
    other_zone_casting: tuple[str, ...] = ()
    keywords: frozenset[str] = frozenset()
    fuse: bool = False
    awaken: ManaCost | None = None
    multikicker: ManaCost | None = None
    overload: ManaCost | None = None
    cost_reduction_per: tuple[int, CardType, str] | None = None
    pay_x_life: bool = False
    exile_from_hand_instead: Color | None = None
    unsupported: tuple[UnsupportedText, ...] = ()

    @property
    def casting_unsupported(self) -> tuple[UnsupportedText, ...]:
        """The unread spans that bear on casting this card."""
        return tuple(u for u in self.unsupported if u.casting_relevant)

    @property
    def permanent_unsupported(self) -> tuple[UnsupportedText, ...]:
        """The unread spans that bear on the card as a permanent."""
        return tuple(u for u in self.unsupported if u.permanent_relevant)
