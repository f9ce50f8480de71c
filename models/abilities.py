"""Card text as data: instructions, modes, target specifications, keyword costs.

This module plays the role of Forge's card scripts: everything the casting
rules need from a card's text (CR 601.2b-h) is held here as immutable data,
produced by :mod:`models.oracle` from Oracle text. Nothing here depends on a
solver.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from models.choices import CostAction
from models.mana import Color, ManaCost
from models.objects import CardType, Phase, Zone

__all__ = [
    "TargetKind",
    "TargetRelation",
    "SpellFilter",
    "ControllerFilter",
    "Quality",
    "ObjectFilter",
    "TargetSpec",
    "Instruction",
    "Mode",
    "ModeChoice",
    "SpliceAbility",
    "ObjectCost",
    "RevealCost",
    "Cost",
    "Prototype",
    "AdditionalCost",
    "AlternativeCost",
    "Protection",
    "ManaAbility",
    "ManaTrigger",
    "CostModifier",
    "CastPermission",
    "TimingRestriction",
    "UnsupportedText",
    "CardAbilities",
    "ANY_TARGET_KINDS",
    "OTHER_ZONE_KEYWORDS",
    "KICKED",
    "PROMISED",
    "PERMANENT_KIND_TYPES",
    "ControlRequirement",
    "CombatDamageRequirement",
    "Count",
    "CountedNumber",
    "Requirement",
    "TurnRequirement",
    "PresenceRequirement",
    "CountRequirement",
    "XLimit",
    "ANNOUNCED_X",
    "SPELL_OWNER",
    "StateNumber",
    "AffectedObjects",
    "CastingRule",
    "ContinuousEffect",
    "EffectCondition",
    "EffectScope",
    "Layer",
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


class TargetRelation(enum.Enum):
    """How the objects chosen for one instance of "target" must stand to each other (CR 115.1, 601.2c).

    "Two target creatures controlled by different players", "two target creature cards that share a creature
    type": a test of the set chosen, not of each object. "Controlled by the same player" is
    :attr:`TargetSpec.same_controller`.
    """

    DIFFERENT_CONTROLLERS = "controlled by different players"
    """No two of them have the same controller (CR 108.4)."""
    SHARE_CREATURE_TYPE = "share a creature type"
    """Some creature type is one of each of them (CR 205.3m; changeling: every creature type, CR 702.73a)."""
    SHARE_NO_CREATURE_TYPE = "share no creature types"
    """No creature type is one of two of them (CR 205.3m, 702.73a)."""
    SHARE_CARD_TYPE = "share a card type"
    """Some card type is one of each of them (CR 205.2a)."""
    SHARE_PERMANENT_TYPE = "share a permanent type"
    """Some permanent type (artifact, battle, creature, enchantment, land, planeswalker) is one of each (CR 110.4)."""
    DIFFERENT_NAMES = "with different names"
    """Each has a name and no two have a name in common (CR 201.2a-b): "up to six target creature cards with
    different names"."""
    DIFFERENT_MANA_VALUES = "with different mana values"
    """No two have the same mana value (CR 202.3): "any number of target cards with different mana values"."""
    EQUAL_TOUGHNESS = "with equal toughness"
    """All have the same toughness (CR 208.1): "any number of target creatures with equal toughness"."""


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
            SpellFilter.CREATURE: CardType.CREATURE,
            SpellFilter.INSTANT: CardType.INSTANT,
            SpellFilter.SORCERY: CardType.SORCERY,
            SpellFilter.ARTIFACT: CardType.ARTIFACT,
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

ANY_TARGET_KINDS = frozenset({TargetKind.CREATURE, TargetKind.PLAYER, TargetKind.PLANESWALKER, TargetKind.BATTLE})
""""Any target": a creature, player, planeswalker or battle (CR 115.4)."""

OTHER_ZONE_KEYWORDS = {
    "flashback": frozenset({Zone.GRAVEYARD}),  # CR 702.34a
    "retrace": frozenset({Zone.GRAVEYARD}),  # CR 702.81a
    "aftermath": frozenset({Zone.GRAVEYARD}),  # CR 702.127a
    "jump-start": frozenset({Zone.GRAVEYARD}),  # CR 702.133a
    "escape": frozenset({Zone.GRAVEYARD}),  # CR 702.138a
    "disturb": frozenset({Zone.GRAVEYARD}),  # CR 702.146a: the back face, transformed
    "harmonize": frozenset({Zone.GRAVEYARD}),  # CR 702.180a
    "mayhem": frozenset({Zone.GRAVEYARD}),  # CR 702.187a
    "madness": frozenset({Zone.EXILE}),  # CR 702.35a: as its trigger resolves
    "suspend": frozenset({Zone.EXILE}),  # CR 702.62a: as its last time counter's trigger resolves
    "foretell": frozenset({Zone.EXILE}),  # CR 702.143a: a foretold card
    "plot": frozenset({Zone.EXILE}),  # CR 702.170d: a plotted card
    # CR 702.94a: from the hand as its trigger resolves; zones can't tell that cast from one with priority (which
    # the text does not bear on), so an unread miracle line is taken to bear on every zone but the hand
    "miracle": frozenset(Zone) - {Zone.HAND},
}
"""Keywords that let a card be cast from another zone than the hand, with the zones they cast it from.

An unread line with one of them bears on casting the card from those zones only
(:attr:`UnsupportedText.zones`): a flashback card in exile or in a library is not cast by its flashback, whatever
its flashback cost says.
"""


class ControllerFilter(enum.Enum):
    """Who must control a targeted permanent ("you control", CR 109.5)."""

    ANY = "any"
    YOU = "you"
    OPPONENT = "opponent"


ANNOUNCED_X = "X"
"""The value of a :class:`Quality` compared with the value announced for X ("target creature with mana value X",
CR 107.3a, 601.2b): what it names depends on a choice made before targets, so it is judged with that choice."""

SPELL_OWNER = "the spell's owner"
"""The value of an ``"owner"`` :class:`Quality` that asks for the owner of the spell, not the caster: "a non-Human
creature with the same owner as this spell" (mutate, CR 702.140a). The two differ when the caster casts a card
another player owns (CR 108.3)."""


class StateNumber(enum.Enum):
    """A number the game state gives, as the value of a :class:`Quality` (CR 115.1, 601.2c).

    "with mana value less than or equal to the number of Plains you control": counted when the target is chosen, as
    the spell is cast. The spell being cast is on the stack (CR 601.2a), never in a graveyard it counts.
    """

    PLAINS_YOU_CONTROL = "the number of plains you control"
    """Permanents with the land type Plains the caster controls (CR 205.3i, 305.6)."""
    CARDS_IN_YOUR_GRAVEYARD = "the number of cards in your graveyard"
    """Cards in the caster's graveyard (CR 404.1)."""
    PERMANENT_CARDS_IN_YOUR_GRAVEYARD = "the number of permanent cards in your graveyard"
    """Artifact, battle, creature, enchantment, land and planeswalker cards in the caster's graveyard (CR 110.4)."""
    CARDS_IN_ITS_CONTROLLERS_GRAVEYARD = "the number of cards in its controller's graveyard"
    """Cards in the graveyard of the controller of the object judged (CR 404.1, 108.4)."""
    YOUR_LIFE_TOTAL = "your life total"
    """The caster's life total (CR 119.1)."""
    GREATEST_POWER = "the greatest power among creatures on the battlefield"
    """The greatest power of a creature on the battlefield, whoever controls it (CR 208.1)."""


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
        ``"token"``, ``"tapped"``, ``"attacking"``, ``"blocking"``, ``"blocked"``,
        ``"unblocked"`` (no value; the last three only in combat, CR 509.1g-h), ``"owner"``
        (value ``"you"``: the caster owns it, CR 108.3; :data:`SPELL_OWNER`: the spell's owner does), ``"keyword"``
        (e.g. ``"flying"``), ``"power"``, ``"toughness"``, ``"power plus toughness"`` ("with total power and
        toughness 5 or less", CR 208.1), ``"mana value"``
        (an int, or :data:`ANNOUNCED_X`: the value announced for X, "with mana value X or less", CR
        107.3a), ``"mana value parity"`` (``"even"`` or ``"odd"``: "with an even mana value", zero being even,
        CR 202.3), ``"counter"`` (a counter kind, e.g. ``"+1/+1"``: at least one on it; None: a counter of any
        kind, so negated "with no counters on it", CR 122.1), ``"object"`` (an object's id: that object alone,
        as "spells that target it" names the spell whose ability it is),
        ``"targeting"`` (of a spell: ``"single"``, one target chosen in all, CR 115.9a;
        ``"you"``, ``"player"``, ``"creature"``, ``"land you control"``, ``"permanent you control"``: what
        one of its targets is now, CR 115.9b).
    value : Color, CardType, str, int, StateNumber or None
        ``ANNOUNCED_X`` for a number compared with X; a :class:`StateNumber` for a number the state gives
        (compared with ``"<="``, ``">="`` or ``"<"``: "less than").
    negated : bool
        "non…" / "un…": the test must fail.
    comparison : str
        For numbers: ``"="``, ``"<="`` ("or less"), ``">="`` ("or greater") or ``"<"`` ("less than").
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
        among …"), ``"+1/+1 counters"`` ("distribute two +1/+1 counters
        among …", likewise ``"-1/-1 counters"``) or ``"damage to prevent"``
        ("prevent the next 5 damage … to any number of targets, divided as you
        choose").
    divided_x : bool
        The amount divided is X ("X damage divided as you choose among …"), the
        value announced for the spell before its targets (CR 107.3a, 601.2b,
        601.2d); ``divided`` is then 0. :attr:`is_divided` tells either kind.
    divided_count : Count or None
        With ``divided_x``, X defined by the text: "where X is the number of Mountains you control as you cast
        this spell" (CR 107.3c); the cast rules count it from the state. None: X is announced.
    condition : tuple of str
        The instance is in text that happens only if one of these costs was
        paid (``("kicker", "multikicker")`` after "if this spell was kicked",
        CR 702.33d-e): it is chosen only then (CR 702.33g); empty when always.
    also_distinct_from : int or None
        For "a third target": the index of the first of the two earlier instances it must differ from too (the
        second is ``distinct_from``, CR 115.4).
    unless : tuple of str
        The instance is in text that later text replaces if one of these costs was paid ("Destroy target
        artifact. If this spell was kicked, instead destroy target creature."): it is chosen only when none
        was (CR 702.33g, 608.2c); empty when always.
    same_controller : bool
        "… controlled by the same player": every object chosen for the
        instance has one controller (CR 115.1, 601.2c).
    x_count : bool
        "X target …": exactly X are chosen, X being the value announced for
        the spell's mana cost (CR 601.2b, 601.2c).
    x_up_to : bool
        With ``x_count``: "up to X target …", at most X are chosen.
    kicked_count : bool
        "another target for each time this spell was kicked": exactly as many
        targets as the times the spell's multikicker (or kicker) cost was paid
        (CR 601.2c: the number of targets is defined by the text; CR 702.33c-d).
        The instance is part of the spell only when it was kicked at least
        once (``condition`` is ``KICKED``, CR 702.33g).
    qualities : ObjectFilter or None
        What else each chosen object must be ("target nonblack creature",
        "target creature with flying", "target red spell").
    card_types : frozenset of CardType
        For ``TargetKind.GRAVEYARD_CARD``: the card must have one of these
        types (empty: any card). ``controller`` then filters the graveyard's
        owner ("your graveyard", "an opponent's graveyard").
    relation : TargetRelation or None
        How the objects chosen for the instance must stand to each other
        ("two target creatures controlled by different players", CR 115.1,
        601.2c); None when the phrase asks nothing of the set.
    controlled_by : int or None
        "… that player controls", where that player is the one target of an
        earlier instance in the same text: its index there. Each object chosen
        for this instance is controlled by the player chosen for that instance,
        or by the controller of the object chosen for it ("target creature an
        opponent controls … another target creature that player controls"),
        CR 115.1, 601.2c. For cards in a graveyard, "… target cards from
        their graveyard" after "Target player shuffles": each card chosen is
        in the graveyard of the player chosen for that instance (its owner's,
        CR 404.1, 400.3). None when the phrase names no earlier target.
    total_at_most : tuple of (str, int) or None
        "… with total mana value 3 or less", "… with total power 10 or
        less": the number (``"mana value"`` or ``"power"``) summed over the
        objects chosen for the instance is at most the int (CR 601.2c; mana
        value CR 202.3, power CR 208). None when the phrase asks no total.
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
    condition: tuple[str, ...] = ()
    card_types: frozenset[CardType] = frozenset()
    same_controller: bool = False
    x_count: bool = False
    x_up_to: bool = False
    kicked_count: bool = False
    qualities: ObjectFilter | None = None
    relation: TargetRelation | None = None
    divided_x: bool = False
    divided_count: Count | None = None
    unless: tuple[str, ...] = ()
    controlled_by: int | None = None
    also_distinct_from: int | None = None
    total_at_most: tuple[str, int] | None = None

    @property
    def is_divided(self) -> bool:
        """Whether something is divided among this instance's targets: a fixed amount or X (CR 601.2d)."""
        return bool(self.divided) or self.divided_x


KICKED = ("kicker", "multikicker")
"""The costs whose payment makes a spell "kicked" (CR 702.33d): the condition of "if this spell was kicked"."""

PROMISED = ("gift",)
"""The cost whose payment means a spell's gift "was promised" (CR 702.174k): the condition of "if the gift was
promised"."""


@dataclass(frozen=True, slots=True)
class Instruction:
    """A piece of spell text with the target instances it contains, in order.

    Parameters
    ----------
    text : str
        The text (one line, or one mode's text).
    targets : tuple of TargetSpec
        Each instance of "target" in printed order (CR 601.2c).
    condition : tuple of str
        The text is part of the spell only if one of these costs was paid:
        ``KICKED`` for a line that starts "If this spell was kicked, …"
        (CR 702.33e), ``("awaken",)`` for the spell ability awaken gives
        (CR 702.113a); empty when it always is.
    unless : tuple of str
        The text is part of the spell only if none of these alternative costs was paid: ``("cleave",)`` for a
        line with words in square brackets, as printed, whose cleaved version (the words removed) is its own
        instruction with condition ``("cleave",)`` (CR 702.148a-b, 612); empty when none.
    """

    text: str
    targets: tuple[TargetSpec, ...] = ()
    condition: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()


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
class ObjectCost:
    """A cost paid with objects the caster chooses (CR 118.3, 601.2h).

    "Discard a card", "sacrifice three lands" (CR 701.21), "tap an untapped
    white creature you control", "return a blue creature you control to its
    owner's hand", "exile four cards from your graveyard", the Shoals' "exile a
    red card with mana value X from your hand". The objects are all different,
    and an object that pays one cost pays no other (CR 118.10).

    Parameters
    ----------
    action : CostAction
    count : int or None
        How many objects; None for "any number of" (none included); 0 for
        "all" of them ("sacrifice all creatures you control").
    kinds : frozenset of TargetKind
        What permanents must be (``CREATURE``, ``LAND``, ``PERMANENT``);
        empty for cards in a hand or graveyard, and for any permanent.
    qualities : ObjectFilter or None
        What else they must be ("white", "Mountain", "land card"): the
        qualities of target phrases.
    zone : Zone
        Where the objects are: the caster's hand (discard, or exile for the
        Shoals), their graveyard (exile), or the battlefield, controlled by
        the caster (sacrifice, tap, return).
    mana_value_is_x : bool
        "… with mana value X": the object's mana value is the value of X (CR 107.3).
    x_count : bool
        "Discard X cards", "sacrifice X creatures": as many objects as the
        value announced for the spell's X (CR 107.3a, 601.2b), ``count``
        being None. X is that of the mana cost where it has one, else a
        number the caster announces for this cost.
    least_total_mana_value : int or None
        "Collect evidence 6": any number of objects (``count`` None) whose mana values total this many or
        more (CR 701.59a); paid, the set can't be empty, and where no set of the candidates reaches the total
        the cost can't be paid (CR 701.59b). None: no such total.
    least_total_power : int or None
        "Tap any number of untapped creatures you control with total power N or more" (teamwork): any number
        of creatures (``count`` None) whose powers total this many or more; paid, the set can't be empty, and
        where no set of the candidates reaches the total the cost can't be paid (CR 601.2b, 118.3). None: no
        such total.
    waterbend : bool
        The artifacts and creatures tapped while paying a waterbend cost, "For each generic mana in that cost,
        you may tap an untapped artifact or creature you control rather than pay that mana" (CR 701.67a): any
        number (``count`` None), at most the generic mana of the cost this is part of, each time it is paid
        (CR 701.67b); each taking {1} off the total cost (a :class:`CostModifier` with ``per_object_of``).
    text : str
        The cost as printed.
    """

    action: CostAction
    count: int | None = 1
    kinds: frozenset[TargetKind] = frozenset()
    qualities: ObjectFilter | None = None
    zone: Zone = Zone.BATTLEFIELD
    mana_value_is_x: bool = False
    x_count: bool = False
    least_total_mana_value: int | None = None
    least_total_power: int | None = None
    waterbend: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealCost:
    """A card revealed from the caster's hand to pay a cost, or a permanent of theirs chosen (CR 701.20, 701.4a).

    "Reveal a creature card from your hand" (Disaster Radius); "behold a Dragon": reveal a Dragon card
    from the hand or choose a Dragon the caster controls (CR 701.4a). Revealing moves nothing (CR 701.20b)
    and choosing a permanent changes nothing, so which card or permanent is used does not tell casts apart
    (STATE_FORMAT.md, "What counts as one cast"): the cost is a condition of the cast. It can be paid iff
    the caster's hand holds such a card other than the spell (on the stack from the start, CR 601.2a) or,
    to behold, the caster controls such a permanent (CR 601.2h: a cost that can't be paid can't be chosen).
    Revealing comes first among the costs (CR 601.2h: any order), so a card revealed may then pay
    another cost. Where the cost is optional ("you may reveal a Dragon card"), whether it is paid is a
    choice like any optional additional cost (CR 601.2b, 118.8b), open only when it can be paid.

    Parameters
    ----------
    qualities : ObjectFilter
        What the card (and, to behold, the permanent) is: a card type, a subtype, a colour ("colorless
        creature"), every clause holding.
    behold : bool
        "Behold": a permanent the caster controls with those qualities does as well as a card (CR 701.4a).
    text : str
        The cost as printed: ``"reveal a creature card from your hand"``.
    from_hand : bool
        A card from the hand does. False for a permanent chosen to take counters as a cost: "blight 1", "put a
        -1/-1 counter on a creature you control" (CR 701.68a, 122.1): a creature the caster controls is needed,
        and which one is chosen is not a choice that tells casts apart (STATE_FORMAT.md lists the objects
        discarded, sacrificed, exiled, tapped or returned), so it too is a condition of the cast.
    """

    qualities: ObjectFilter
    behold: bool = False
    text: str = ""
    from_hand: bool = True


@dataclass(frozen=True, slots=True)
class Prototype:
    """A prototype card's second set of mana cost, power and toughness (CR 702.160a, 718.1-2).

    Parameters
    ----------
    mana_cost : ManaCost
        The prototype's mana cost: the spell's when it is cast prototyped (CR 718.3b).
    power, toughness : str
        The prototype's power and toughness, as printed.
    text : str
        The line as printed ("Prototype {1}{R} — 3/2").

    Examples
    --------
    >>> Prototype(ManaCost.parse("{2}{R}"), "3", "2", "Prototype {2}{R} — 3/2").power
    '3'
    """

    mana_cost: ManaCost
    power: str
    toughness: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost: mana, objects, life, or a payment that needs no choice (CR 118.1, 118.3).

    Parameters
    ----------
    mana : ManaCost
        The mana part (empty when none).
    objects : tuple of ObjectCost
        The parts paid with objects.
    life_x : bool
        "Pay X life": X life, X no more than the caster's life total (CR 119.4).
    life : int
        "Pay 1 life": that much life, payable only with a life total at least
        that high (CR 119.4).
    reveals : tuple of RevealCost
        Cards revealed from the hand or beheld: conditions, not choices that
        tell casts apart (CR 701.20, 701.4a).
    discards_at_random : int
        "Discard a card at random": how many cards. Which card goes is not
        the caster's choice (CR 701.9b), so it tells no casts apart; the cost
        is paid after the costs without random elements (CR 601.2h), so it
        can be paid iff the hand holds that many cards besides the spell
        (on the stack, CR 601.2a) and the cards the other costs take from it.
    text : str
        As printed; also the whole of a cost that needs no choice and can
        always be paid ("An opponent gains 5 life.").
    """

    mana: ManaCost = ManaCost.EMPTY
    objects: tuple[ObjectCost, ...] = ()
    life_x: bool = False
    life: int = 0
    reveals: tuple[RevealCost, ...] = ()
    discards_at_random: int = 0
    text: str = ""

    def __str__(self) -> str:
        """The mana, then what else is paid: ``"{1}{R}"``, ``"sacrifice two mountains."``."""
        parts = ([str(self.mana)] if not self.mana.is_empty else []) + [o.text for o in self.objects]
        parts += [r.text for r in self.reveals]
        parts += [f"discard {self.discards_at_random} card(s) at random"] if self.discards_at_random else []
        parts += ["pay X life"] if self.life_x else []
        parts += [f"pay {self.life} life"] if self.life else []
        return ", ".join(parts) or self.text or "{0}"


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """A cost paid on top of the mana cost (CR 118.8, 601.2b, 601.2f).

    One record serves every keyword that is an additional cost and the plain
    "As an additional cost to cast this spell, …" lines: the cast problem
    reads them all the same way.

    Parameters
    ----------
    cost : Cost
    keyword : str or None
        ``"kicker"``, ``"multikicker"``, ``"buyback"``…; None for a line
        "As an additional cost to cast this spell, …".
    optional : bool
        The caster may choose not to pay it (kicker, CR 702.33a); a cost that
        is not optional must be paid.
    most_times : int or None
        How many times it may be paid: 1, or None for any number of times
        (multikicker, CR 702.33c).
    rule : str
        The rule that defines it (``"CR 702.33a"``).
    one_of : str or None
        "As an additional cost to cast this spell, discard a card or pay {5}":
        the costs with the same ``one_of`` (the printed line) are each
        optional, and exactly one of them is paid (CR 601.2b, 601.2h).
    chooses_opponent : bool
        Paying it is choosing an opponent of the caster, who gets what the
        keyword gives: gift's "you may choose an opponent" (CR 702.174a).
        The opponent chosen is a choice of the cast (a cast record's
        ``gift_recipient``); with no opponent the cost can't be paid.
    """

    cost: Cost
    keyword: str | None = None
    optional: bool = False
    most_times: int | None = 1
    rule: str = "CR 118.8"
    one_of: str | None = None
    chooses_opponent: bool = False


@dataclass(frozen=True, slots=True)
class ControlRequirement:
    """A player controls a permanent of a subtype: "an opponent controls a Plains" (a condition, CR 608.2c).

    Parameters
    ----------
    who : str
        ``"you"`` (the caster) or ``"opponent"`` (any opponent of the caster).
    subtype : str
        The subtype, as CR 205.3 spells it (``"Plains"``), or ``""`` for any.
    text : str
        The words of the condition.
    card_type : CardType or None
        A card type the permanent must have ("if you control an artifact").
    supertype : str
        A supertype the permanent must have ("if you control a basic land": ``"Basic"``, CR 205.4); empty for any.
    """

    who: str
    subtype: str
    text: str = ""
    card_type: CardType | None = None
    supertype: str = ""


@dataclass(frozen=True, slots=True)
class TurnRequirement:
    """Something happened this turn: "if an opponent lost life this turn" (read from the state's ``this_turn``).

    Parameters
    ----------
    fact : str
        ``"opponent lost life"`` (spectacle, CR 702.137a), ``"cast another spell"`` (the caster has cast
        another spell this turn: surge, CR 702.117a), ``"creature died"`` (a creature died this turn), or
        ``"your turn"`` / ``"not your turn"`` (whether the caster is the active player, CR 102.1).
    text : str
        The words of the condition.
    """

    fact: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class PresenceRequirement:
    """At least so many objects are as a phrase names them: "if you control a creature with flying" (CR 601.2f).

    The objects are read as a target phrase is ("target creature you control with flying": kinds, controller,
    qualities, CR 115.1), never looking at protections; the state decides it.

    Parameters
    ----------
    objects : TargetSpec
        What each object counted is: a permanent, or a card in a graveyard.
    at_least : int
        How many must exist ("ten or more nonland permanents": 10; "a creature": 1).
    one_player : bool
        The objects counted must all be of one player's ("an opponent has seven or more cards in their
        graveyard": one opponent's graveyard, not all of theirs together): owner for cards in a graveyard,
        controller for permanents.
    text : str
        The words of the condition.

    Examples
    --------
    >>> flier = ObjectFilter((frozenset({Quality("keyword", "flying")}),), "with flying")
    >>> PresenceRequirement(TargetSpec("target creature you control with flying", frozenset({TargetKind.CREATURE}),
    ...                                ControllerFilter.YOU, qualities=flier)).at_least
    1
    """

    objects: TargetSpec
    at_least: int = 1
    one_player: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Count:
    """What a cost change counts: "for each creature card in your graveyard", "for each opponent you have".

    Parameters
    ----------
    zone : Zone
        The battlefield, the caster's graveyard, or the caster's hand.
    controller : str
        On the battlefield, whose permanents: ``"any"``, ``"you"`` or ``"opponents"``; with ``turn_fact``, whose
        facts: ``"you"`` or ``"opponents"`` (all of them together).
    qualities : ObjectFilter or None
        What each counted object is (None: any).
    opponents : bool
        Count the caster's opponents, not objects (``zone`` and ``qualities`` unused).
    turn_fact : str or None
        Count a fact of this turn instead, a key of the state's ``this_turn``: ``"creatures_died"`` ("for each
        creature that died this turn"), ``"spells_cast"`` ("for each spell your opponents have cast this turn"),
        ``"life_lost"`` ("for each 1 life your opponents have lost this turn"), ``"life_gained"`` ("if you gained
        life this turn"), ``"cards_drawn"`` ("for each card you've drawn this turn"), summed over the players of
        ``controller``.
    text : str
        As printed.
    objects : TargetSpec or None
        Count the permanents this phrase names, read as a target phrase is ("creature you control with power 4
        or greater": "target creature you control with power 4 or greater", its kinds, controller and qualities,
        CR 115.1), never looking at protections. None: ``zone``, ``controller`` and ``qualities`` say what.
    quantity : str or None
        Count no objects but a number the state gives: ``"players"`` (the players in the game), ``"party"`` (the
        creatures in the caster's party: up to one each of Cleric, Rogue, Warrior and Wizard among the creatures
        they control, CR 700.8), ``"life"`` (the caster's life total, CR 119), ``"total power"`` (the total power of
        the creatures the caster controls, CR 208), ``"total toughness"`` (their total toughness),
        ``"greatest power"`` (the greatest power among them, 0 with none, CR 107.1b), ``"devotion to black"`` (and
        the other colours: the mana symbols of that colour among the mana costs of the caster's permanents, CR 700.5),
        ``"experience counters"`` (the counters of a kind the player has, CR 122.1). None: objects are counted.
    distinct : str or None
        Count the different values among the objects, not the objects: ``"color"`` ("each color among permanents
        you control", CR 105.2), ``"card type"`` ("card types among cards in your graveyard", CR 205.2a),
        ``"mana value"`` ("mana values among cards in your graveyard", CR 202.3). None: each object counts once.
    counters_on : str or None
        Count the counters on the permanent whose ability it is, of this kind (``"+1/+1"``, ``"charge"``) or of any
        kind (``"any"``): "for each +1/+1 counter on this creature" (CR 122.1). None: objects are counted.
    attached : bool
        Count the permanents with ``qualities`` attached to that permanent, whoever controls them: "for each Aura
        and Equipment attached to this creature" (CR 301.5, 303.4).
    of_affected : bool
        With ``counters_on`` or ``attached``, "it" is the object the effect applies to, not its source: "each
        creature you control gets +2/+0 for each Equipment attached to it" (CR 611.3).
    other : bool
        Of permanents counted for a continuous effect: the object the effect applies to is not one of them, "~
        gets +1/+1 for each other creature you control", "enchanted creature gets +1/+1 for each other creature
        you control" (CR 611.3).

    Examples
    --------
    >>> Count(Zone.GRAVEYARD, "you", distinct="card type").distinct
    'card type'
    """

    zone: Zone = Zone.BATTLEFIELD
    controller: str = "any"
    qualities: ObjectFilter | None = None
    opponents: bool = False
    turn_fact: str | None = None
    text: str = ""
    objects: TargetSpec | None = None
    quantity: str | None = None
    distinct: str | None = None
    counters_on: str | None = None
    attached: bool = False
    of_affected: bool = False
    other: bool = False


@dataclass(frozen=True, slots=True)
class CountedNumber:
    """A number the state gives: a constant plus multiples of counts ("1 plus twice the number of …", CR 107.1).

    Parameters
    ----------
    constant : int
        Added to the counts ("1 plus the number of lands you control").
    terms : tuple of (int, Count)
        Each count with what it is multiplied by ("twice the number of cards in your hand": 2), printed order.
    text : str
        As printed.

    Examples
    --------
    >>> lands = Count(qualities=None, text="lands you control")
    >>> CountedNumber(1, ((2, lands),), "1 plus twice the number of lands you control").constant
    1
    """

    constant: int = 0
    terms: tuple[tuple[int, Count], ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class CountRequirement:
    """A number the state gives is within bounds: "if your life total is 5 or less" (CR 601.2f, 601.3).

    "If there are four or more card types among cards in your graveyard", "if an opponent controls no basic
    lands": what is counted, the bounds, and whether one opponent's count at a time is asked.

    Parameters
    ----------
    count : Count
        What is counted.
    at_least : int
        The least the count may be (0: no lower bound).
    at_most : int or None
        The most it may be (None: no upper bound).
    one_opponent : bool
        The count is of one opponent's objects at a time, and the requirement holds if it holds for one of the
        caster's opponents ("an opponent controls no basic lands"); ``count.controller`` is then unused.
    text : str
        The words of the condition.
    fewer_than_each_opponent : bool
        "you control fewer creatures than each opponent": the count of the caster's objects is less than the
        same count of each of their opponents' (``at_least`` and ``at_most`` unused).

    Examples
    --------
    >>> CountRequirement(Count(quantity="life"), at_most=5, text="your life total is 5 or less").at_most
    5
    """

    count: Count
    at_least: int = 0
    at_most: int | None = None
    one_opponent: bool = False
    text: str = ""
    fewer_than_each_opponent: bool = False


@dataclass(frozen=True, slots=True)
class CombatDamageRequirement:
    """A player was dealt combat damage this turn by a creature of the caster's of a subtype (prowl, freerunning).

    Prowl: "… if a player was dealt combat damage this turn by a source that, at the time it dealt that damage,
    was under your control and had any of this spell's creature types" (CR 702.76a); freerunning: "… by a
    creature that, at the time it dealt that damage, was an Assassin creature or a commander under your
    control" (CR 702.173a). Only attacking and blocking creatures deal combat damage (CR 510.1), so the source is
    a creature. The state's ``this_turn.combat_damage_by`` decides it (see
    :func:`solver.rules.conditions.combat_damage_holds`).

    Parameters
    ----------
    subtypes : frozenset of str
        The creature types, one of which the creature had (CR 205.3m): the spell's creature types for prowl,
        ``{"Assassin"}`` for freerunning.
    commander : bool
        A commander of the caster's does as well (freerunning, CR 702.173a, 903.3).
    text : str
        The words of the condition.
    """

    subtypes: frozenset[str]
    commander: bool = False
    text: str = ""


Requirement = ControlRequirement | TurnRequirement | PresenceRequirement | CountRequirement | CombatDamageRequirement
"""A condition a cost, a cost change or a permission asks, decided by the state."""


FACE_DOWN_KEYWORDS = {"morph": "CR 702.37a", "megamorph": "CR 702.37b", "disguise": "CR 702.168a"}
"""The keywords that let a card be cast face down for {3}, with the rule that defines each (the name of that
alternative cost in a cast record)."""


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """A cost paid rather than the mana cost; at most one is paid (CR 118.9, 118.9a).

    Parameters
    ----------
    keyword : str
        ``"overload"``, ``"awaken"``; ``"exile"`` for the Shoals' "you may
        exile a [colour] card with mana value X from your hand rather than pay
        this spell's mana cost".
    cost : Cost
    rule : str
        The rule that defines it (``"CR 702.96a"``).
    removes_targets : bool
        Paid, every "target" of the spell's own text reads "each", so those
        instances take no target (overload, CR 702.96b).
    requires : tuple of ControlRequirement
        Conditions that must all hold for the cost to be paid ("If an opponent
        controls a Plains and you control a Swamp, you may cast this spell
        without paying its mana cost"); empty when none.
    zone : Zone or None
        The zone the card is cast from when this cost is paid, and the cost
        that casting it from there asks: flashback's graveyard (CR 702.34a).
        None: the cost is paid casting it from its owner's hand.
    granted : bool
        The cost is applied to the spell by another object's effect, not listed in its text ("You may pay
        {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.", CR 118.9): it may be paid from any
        zone the spell is cast from paying its mana cost otherwise.
    resolves_untargeted : bool
        Paid, the spell still resolves when every target it has is illegal as it resolves, as the permanent spell
        it is without the cost (a mutating creature spell becomes a creature spell, CR 702.140b, 608.3b); False:
        it doesn't resolve then (CR 608.2b).
    """

    keyword: str
    cost: Cost
    rule: str = "CR 118.9"
    removes_targets: bool = False
    requires: tuple[Requirement, ...] = ()
    zone: Zone | None = None
    granted: bool = False
    resolves_untargeted: bool = False


@dataclass(frozen=True, slots=True)
class ModeChoice:
    """How many modes must be chosen (CR 700.2, 702.172a).

    Parameters
    ----------
    minimum, maximum : int
        Bounds on the number of distinct modes chosen.
    spree : bool
        The spell has Spree: each chosen mode's cost is added (CR 702.172a).
    tiered : bool
        Tiered: exactly one mode, the cost printed with it an additional cost (CR 702.183a).
    entwine : Cost or None
        Entwine cost: all modes may be chosen by paying it (CR 702.42a), in
        mana ("Entwine {2}") or with objects ("Entwine—Sacrifice three lands.").
    escalate : Cost or None
        Escalate cost, paid once per mode beyond the first (CR 702.120a): mana,
        or objects ("Escalate—Discard a card.").
    repeatable : bool
        "You may choose the same mode more than once" (CR 700.2d): ``minimum``
        and ``maximum`` then count every time a mode is chosen.
    raised_maximum : int or None
        "Choose one. If you control a Wizard as you cast this spell, you may choose two instead.": the most modes
        when every requirement of ``raised_if`` holds as the spell is cast (CR 700.2); None when there is none.
    raised_if : tuple of Requirement
        What must hold for ``raised_maximum``; empty with it when the condition is not read (then reported).
    raised_minimum : int or None
        The fewest modes where ``raised_maximum`` applies, when the text says to choose more rather than that the
        caster may ("If this spell was cast using teamwork, choose both instead": exactly two); None: ``minimum``.
    raised_if_paid : tuple of str
        The optional costs (their keywords, as ``TargetSpec.condition`` names them) any one of which, paid, makes
        ``raised_maximum`` apply instead of ``raised_if``: "If this spell was cast using teamwork, choose both
        instead." (CR 601.4: the modes are chosen as if that payment were announced first).
    weights : tuple of int
        What each mode counts for, printed order, one per mode: its pawprints
        ("{P}{P} — …", CR 700.2i) or its number ("[2] …", "choose any number
        of modes that total exactly 4"); ``minimum`` and ``maximum`` then bound
        the total of the modes chosen, each counted every time it is chosen.
        Empty: each mode counts one.

    Examples
    --------
    >>> season = ModeChoice(0, 5, repeatable=True, weights=(1, 2, 3))  # "up to five {P} worth of modes"
    >>> season.most_times(2)
    1
    """

    minimum: int
    maximum: int
    spree: bool = False
    tiered: bool = False
    entwine: Cost | None = None
    escalate: Cost | None = None
    repeatable: bool = False
    weights: tuple[int, ...] = ()
    raised_maximum: int | None = None
    raised_if: tuple[Requirement, ...] = ()
    raised_minimum: int | None = None
    raised_if_paid: tuple[str, ...] = ()

    def weight(self, index: int) -> int:
        """What the mode at ``index`` (printed order, from 0) counts for: its weight, or 1 (CR 700.2i)."""
        return self.weights[index] if self.weights else 1

    def most_times(self, index: int) -> int:
        """The most times the mode at ``index`` may be chosen: 1, or as many as the bound allows (CR 700.2d)."""
        return self.maximum // self.weight(index) if self.repeatable else 1


@dataclass(frozen=True, slots=True)
class SpliceAbility:
    """``Splice onto <quality> <cost>`` (CR 702.47a).

    Parameters
    ----------
    quality : str
        ``"Arcane"`` (a subtype) or ``"instant or sorcery"`` (card types).
    cost : Cost
        The splice cost, paid as an additional cost: mana ("{1}{R}"),
        objects ("Sacrifice two Mountains."), or a payment that needs no
        choice ("An opponent gains 5 life.", in ``cost.text``).
    """

    quality: str
    cost: Cost

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
    subtypes : frozenset of str
        Protection from objects of these subtypes ("protection from Goblins", "from Arcane"; CR 702.16a, 205.3).
    supertypes : frozenset of str
        Protection from objects of these supertypes ("protection from snow", CR 205.4).
    colour_counts : frozenset of str
        ``"multicolored"`` (two colours or more, CR 105.4) and ``"monocolored"`` (exactly one, CR 105.4).
    """

    colors: frozenset[Color] = frozenset()
    card_types: frozenset[CardType] = frozenset()
    everything: bool = False
    text: str = ""
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    colour_counts: frozenset[str] = frozenset()

    def stops(
        self,
        spell_colors: frozenset[Color],
        spell_types: tuple[CardType, ...],
        spell_subtypes: tuple[str, ...] = (),
        spell_supertypes: tuple[str, ...] = (),
    ) -> bool:
        """Whether this protection stops targeting by a spell (CR 702.16b).

        Parameters
        ----------
        spell_colors : frozenset of Color
            The spell's colours on the stack (a spliced text adds none, CR 702.47c).
        spell_types : tuple of CardType
        spell_subtypes, spell_supertypes : tuple of str
            The spell's subtypes ("Goblin" of a Kindred spell, "Arcane") and supertypes ("Snow").

        Returns
        -------
        bool
        """
        if self.everything or self.colors & spell_colors or any(t in self.card_types for t in spell_types):
            return True
        if ("multicolored" in self.colour_counts and len(spell_colors) >= 2) or (
            "monocolored" in self.colour_counts and len(spell_colors) == 1
        ):
            return True
        return bool(self.subtypes.intersection(spell_subtypes) or self.supertypes.intersection(spell_supertypes))


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """``{T}: Add …`` on a permanent (CR 605.1a); basic land types give their own (305.6).

    Parameters
    ----------
    units : tuple of frozenset of str
        One entry per mana added; each the letters among ``"WUBRGC"`` that
        mana may be.
    requires : tuple of ControlRequirement
        "Activate only if you control a Swamp": the ability can be activated
        only while these hold (CR 602.5b); empty when always.
    taps : bool
        Its cost has {T}: a tapped permanent, or a creature with summoning sickness, can't activate it (CR 302.6).
    sacrifices : bool
        Its cost sacrifices the permanent ("{T}, Sacrifice this artifact:", "Sacrifice this creature:"): it can be
        activated once, and the permanent is gone (CR 701.21a).
    from_hand : bool
        "Exile this card from your hand: Add {G}.": activated from its owner's hand, exiling it (CR 605.1a).
    activation : int
        Generic mana paid to activate it ("{1}, {T}: Add {R}{W}.": 1), with mana made before (CR 605.1a, 605.3).
    life, energy : int
        Life ("{T}, Pay 1 life:", CR 119.4) or energy counters ("{T}, Pay {E}:", CR 122.1) its controller pays to
        activate it.
    counter : str
        "{T}, Remove a charge counter from this land:": the kind of counter the permanent must have one of, and
        loses (CR 122.8); empty when none.
    counters_removed : int
        How many of those counters it removes ("Remove three +1/+1 counters from this creature:": 3).
    activation_colours : tuple of frozenset of str
        The coloured symbols of its mana cost, each the letters that may pay it ("{1}{G}:": ``({"G"},)``; a filter
        land's "{W/U}, {T}:": ``({"W", "U"},)``, CR 107.4e); ``activation`` is its generic part.
    options : tuple of tuple of frozenset of str
        When not empty, it adds exactly one of these, each like ``units`` ("Add three mana of any one color.":
        five; "Add {W}{W}, {W}{U}, or {U}{U}.": three), chosen as it resolves (CR 106.1b); ``units`` is the first.
    per_power : bool
        "Add an amount of {G} equal to ~'s power.": ``units`` (or each option) once for each point of the
        permanent's power as the game sees it (CR 208.3, 613), none when it is 0 or less (CR 107.1b).
    sacrifices_other : str
        "{T}, Sacrifice a Forest:": the subtype of the other permanent its controller sacrifices to activate it
        (CR 701.21a); empty when none.
    spend_only : ObjectFilter or None
        "Spend this mana only to cast a creature spell.": the spells its mana may pay for (CR 106.6), none of a
        mana ability's cost; None when any.
    damage : int
        "This land deals 1 damage to you.", "~ deals 2 damage to you." (Ancient Tomb): damage dealt to its
        controller as it makes mana, before the costs are paid (CR 601.2g-h, 605.3a).
    per_count : Count or None
        "Add {G} for each creature you control." (Gaea's Cradle), "X mana of any one color, where X is the number
        of Allies you control", "{W} for each storage counter removed this way" (all the counters of that kind on
        it, the most it may remove, CR 122.8): ``units`` (or each option) once for each object or counter the
        state counts, "you" its controller, as the mana ability resolves (CR 106.1, 605.3a), none at 0; None when
        its amount is printed.
    requires_one_of : tuple of ControlRequirement
        "Activate only if you control a Swamp or a Mountain.", "… if you control a basic land": the ability can be
        activated only while one of these holds (CR 602.5b); empty when none is asked.
    or_entered_this_turn : bool
        "Activate only if this land entered this turn or if you control a basic land.": the permanent having
        entered the battlefield this turn is enough too (CR 602.5b).
    chosen_colour : bool
        "Add one mana of the chosen color." (Coldsteel Heart) read from a card whose choice the state does not give
        (a state that gives it has the words rewritten to the colour's symbol, CR 607.2a): ``units`` is one mana
        of any colour, and what it makes can't be told: the payer refuses it.
    pays_abilities : bool
        "Spend this mana only to cast artifact spells or activate abilities of artifacts.", "… only to activate
        abilities." (``spend_only`` then no spell): its mana may pay costs of some activated abilities too, a mana
        ability's among them (CR 106.6, 605.3).
    commander_identity : bool
        "Add one mana of any color in your commander's color identity." (Arcane Signet): ``units`` is one mana of
        any colour; the state names no commander, so which colours (none without a commander, CR 903.4f) can't be
        told: the payer refuses it.
    could_produce : tuple of str
        "Add one mana of any color that a land an opponent controls could produce." (Exotic Orchard): what lands
        are asked (``"land"``, ``"basic land"``, ``"gate"``) and whose (``"opponent"``, ``"you"``); ``units`` is
        one unit of the letters it may be at most (any colour, or any type with ``C``), of which it makes those the
        lands could produce as the state stands (CR 106.7); empty when its mana is printed.
    once_each_turn : bool
        "Activate only once each turn." (CR 602.5b): activated once at most, and not at all if the state's
        ``this_turn.activated`` lists its permanent.
    conditions : tuple of Requirement
        "Activate only if you control three or more artifacts.", "Activate only during your turn.": what the state
        must hold for it to be activated (CR 602.5b), read as a spell's conditions are, "you" its controller.
    per_count_plus : int
        "Add {B}, then add an additional {B} for each charge counter removed this way.": ``units`` that many times
        more than ``per_count`` counts (1).
    removes_counted : bool
        Its cost removes the counters ``per_count`` counts, every one of them ("Remove any number of storage
        counters", "Remove X storage counters": removing all makes the most mana for the same cost, CR 107.3,
        122.8): activated once, it leaves none to remove again.
    taps_other : str
        "{T}, Tap an untapped creature you control:": what other untapped permanent of its controller's its cost
        taps (``"creature"``, ``"artifact or creature"``, CR 107.5); empty when none.
    life_gained : int
        "You gain 2 life." (and "If you control a God, …, you gain 2 life."): the most life its controller gains as
        it makes mana, before the spell's costs are paid (CR 601.2g-h).
    puts_counter : str
        "Put a charge counter on this artifact.": the kind of counter it puts on its permanent as it makes mana
        (CR 122.1); empty when none.
    instead, instead_if : tuple
        "If you control four or more creatures, add {G}{G} instead.": what it adds instead (one of these outputs,
        like ``options``) when every requirement of ``instead_if`` holds as the spell is cast (CR 614.1a); empty
        when its mana is always ``units``.
    """

    units: tuple[frozenset[str], ...]
    requires: tuple[ControlRequirement, ...] = ()
    taps: bool = True
    sacrifices: bool = False
    from_hand: bool = False
    activation: int = 0
    life: int = 0
    energy: int = 0
    counter: str = ""
    counters_removed: int = 1
    activation_colours: tuple[frozenset[str], ...] = ()
    options: tuple[tuple[frozenset[str], ...], ...] = ()
    per_power: bool = False
    sacrifices_other: str = ""
    spend_only: ObjectFilter | None = None
    damage: int = 0
    per_count: Count | None = None
    requires_one_of: tuple[ControlRequirement, ...] = ()
    or_entered_this_turn: bool = False
    chosen_colour: bool = False
    pays_abilities: bool = False
    commander_identity: bool = False
    could_produce: tuple[str, ...] = ()
    once_each_turn: bool = False
    conditions: tuple[Requirement, ...] = ()
    per_count_plus: int = 0
    removes_counted: bool = False
    taps_other: str = ""
    life_gained: int = 0
    puts_counter: str = ""
    instead: tuple[tuple[frozenset[str], ...], ...] = ()
    instead_if: tuple[Requirement, ...] = ()


@dataclass(frozen=True, slots=True)
class ManaTrigger:
    """A triggered mana ability that adds mana as a permanent is tapped for mana (CR 605.1b, 106.12a).

    Parameters
    ----------
    tapped : ObjectFilter
        What is tapped: "a land", "a Swamp", "a basic land", "a creature", "a Mountain, Forest, or Plains".
    anyone : bool
        "Whenever a player taps …, that player adds", "Whenever a Forest is tapped for mana, its controller adds":
        whoever controls the permanent tapped; False for "Whenever you tap …, add": its own controller's alone.
    added : tuple of frozenset of str
        "add an additional {B}": the units added, each the letters it may be; empty with ``produced``.
    produced : bool
        "add one mana of any type that land produced": one more mana of a type the permanent's mana ability just
        added (Mana Reflection's kin, CR 106.12a); the type is the one that ability's mana was.
    text : str
        As printed.
    """

    tapped: ObjectFilter
    anyone: bool
    added: tuple[frozenset[str], ...] = ()
    produced: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class XLimit:
    """A bound on the value of X that the spell's text sets: "X can't be 0." (CR 107.3, 601.2b).

    The caster announces X as the spell is cast (CR 601.2b); a value outside the bounds can't be announced.
    Cast without paying its mana cost, X is 0 (CR 107.3b), so a spell whose X can't be 0 can't be cast so.

    Parameters
    ----------
    minimum : int
        The least value of X ("X can't be 0.": 1).
    maximum : Count or None
        X can't be greater than this number, as the state gives it when the spell is cast ("the number of snow
        lands you control"); None when unbounded.
    text : str
        As printed.

    Examples
    --------
    >>> XLimit(1, text="X can't be 0.").minimum
    1
    """

    minimum: int = 0
    maximum: Count | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class CostModifier:
    """A cost increase or reduction for spells (CR 601.2f).

    Parameters
    ----------
    amount : int
        Generic mana added (positive) or taken off (negative); with ``per``,
        for each object counted.
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
    own : bool
        The spell's own ability ("This spell costs {1} less to cast for each
        creature on the battlefield"): it changes the cost of that spell only;
        otherwise a permanent's static ability changing the spells it names.
    per : Count or None
        What is counted, "for each creature card in your graveyard" (None: the
        amount once).
    requires : tuple of ControlRequirement
        The change applies only while these hold ("This spell costs {1} less to
        cast if you control a Wizard"); empty when always.
    if_targets : TargetSpec or None
        The change applies only if one of the spell's targets is an object or
        player this phrase names ("if it targets a tapped creature", read as
        "target tapped creature": its kinds, controller and qualities, never
        protections). Targets are chosen before the total cost is determined
        (CR 601.2c, 601.2f), so the total cost depends on them. With several
        instances of "target", one target named is enough. None: no such condition.
    per_target_beyond_first : ManaCost or None
        Strive's "This spell costs {2}{R} more to cast for each target beyond the first": this mana, coloured
        or not, is added once for each target the spell has beyond the first (CR 207.2c, 601.2f). The targets
        are chosen before the total cost is determined (CR 601.2c), so the total depends on how many are
        chosen. ``amount`` is then 0. None: no such increase.
    per_object_of : ObjectCost or None
        "This spell costs {2} less to cast for each card exiled this way": ``amount`` for each object used to
        pay this part of the spell's own additional cost (the cards exiled, the creatures tapped). Those are
        chosen as the cost is announced (CR 601.2b), before the total cost is determined (CR 601.2f), so the
        total depends on how many are chosen. None: no such change.
    per_value : str or None
        With ``per_object_of``: ``amount`` for each point of this value of each object used, not for each
        object: ``"power"`` (harmonize: the total cost "is reduced by an amount of generic mana equal to the
        tapped creature's power", CR 702.180a) or ``"mana value"`` (emerge: "… equal to the sacrificed
        creature's mana value", CR 702.119a). None: each object counts once.
    if_paid : str or None
        "This spell costs {2} less to cast if evidence was collected": the change applies only if the optional
        additional cost with this keyword is paid (its choice is announced, CR 601.2b, before the total cost is
        determined, CR 601.2f). None: no such condition.
    coloured_reduction : ManaCost or None
        The spell's own coloured reduction, "this spell costs {2}{U}{U} less to cast": the coloured symbols
        ({U}{U}) taken off the total cost's symbols of those colours, any beyond them off its generic mana (CR
        118.7b-c); ``amount`` holds the generic part (-2). None: no coloured mana taken off.
    from_zone : Zone or None
        "Spells you cast from your graveyard cost {1} less": only spells cast from that zone (CR 601.2f).
    except_from_zone : Zone or None
        "Spells you cast from anywhere other than your hand cost {2} less": only spells cast from another zone
        than that one (CR 601.2f). None: from any zone.
    targets_itself : bool
        "As long as ~ is on the stack, spells that target it cost {2} more to cast." (Kaervek's Torch): a change
        of other spells' costs by a spell on the stack, if they target that spell (CR 601.2f); ``if_targets`` is
        made naming it (:func:`solver.rules.cost_changes.cost_modifiers_of`).
    first_of_qualities : bool
        "The first creature spell you cast each turn costs {2} less": the change applies to the caster's first
        spell with ``qualities`` this turn. It applies when the caster has cast no spell this turn (the state's
        ``this_turn.spells_cast``); after one, whether that spell had the qualities is not in the state, and the
        cast is refused, never guessed (:func:`solver.rules.cost_changes.cost_modifiers_of`).

    Examples
    --------
    >>> tapped = ObjectFilter((frozenset({Quality("tapped")}),), "tapped")
    >>> seized = CostModifier(-3, own=True, if_targets=TargetSpec(
    ...     "target tapped creature", frozenset({TargetKind.CREATURE}), qualities=tapped))
    >>> seized.amount, seized.if_targets.phrase
    (-3, 'target tapped creature')
    """

    amount: int
    text: str = ""
    qualities: ObjectFilter | None = None
    casters: str = "any"
    coloured: ManaCost | None = None
    own: bool = False
    per: Count | None = None
    requires: tuple[Requirement, ...] = ()
    if_targets: TargetSpec | None = None
    per_target_beyond_first: ManaCost | None = None
    per_object_of: ObjectCost | None = None
    per_value: str | None = None
    if_paid: str | None = None
    coloured_reduction: ManaCost | None = None
    from_zone: Zone | None = None
    except_from_zone: Zone | None = None
    first_of_qualities: bool = False
    targets_itself: bool = False


@dataclass(frozen=True, slots=True)
class CastPermission:
    """A rule or effect that allows the card to be cast, printed on it (CR 601.3).

    "You may cast this spell as though it had flash if you pay {2} more to
    cast it" (CR 601.3c), spell mastery's "… you may cast ~ as though it had
    flash" (CR 601.3d). The card may always be cast from its owner's hand at
    the time its type allows (CR 117.1a, 307.1); a permission adds a zone, a
    timing, or both, and may ask for a cost.

    Parameters
    ----------
    zone : Zone or None
        Where the card may be cast from; None: from wherever it is cast, the permission changing only when
        ("You may cast this spell as though it had flash if …", a rule of the spell wherever it is cast from).
    as_though_flash : bool
        Any time its caster could cast an instant (CR 304.5, 702.8a): with
        priority, on any turn, in any phase, with a spell on the stack.
    cost : ManaCost or None
        An additional cost paid when this permission is what allows the cast
        (CR 601.3c, 601.2f): "{2}" for "if you pay {2} more to cast it". Cast
        at a time its type allows anyway, the card costs its usual total.
    graveyard_spells : int
        Spell mastery: the permission holds only while the caster's graveyard
        has at least this many instant and/or sorcery cards (CR 601.3d); 0
        when it always holds.
    requires : tuple of Requirement
        The permission holds only while these hold ("This spell has flash as
        long as you control a Merfolk", CR 702.8a, 611.3a; "… if you control an
        attacking legendary creature", CR 601.3).
    text : str
        As printed.
    x_at_most : int or None
        "… as though it had flash if X is 3 or less": the permission holds only for a value of X announced at
        most this (X is chosen as the spell is cast, CR 601.2b, before its timing is checked, CR 601.3); None
        when X does not matter.
    if_targets : TargetSpec or None
        "… as though it had flash if it targets a permanent you control": the permission holds only if one of
        the spell's targets (CR 601.2c) is an object this phrase names (read as "target permanent you control":
        its kinds, controller and qualities, never protections); None when the targets do not matter.
    """

    zone: Zone | None = Zone.HAND
    as_though_flash: bool = True
    cost: ManaCost | None = None
    graveyard_spells: int = 0
    requires: tuple[Requirement, ...] = ()
    text: str = ""
    x_at_most: int | None = None
    if_targets: TargetSpec | None = None

    @property
    def on_choices(self) -> bool:
        """Whether the permission depends on the choices of the cast (X, targets), not on the state alone."""
        return self.x_at_most is not None or self.if_targets is not None


@dataclass(frozen=True, slots=True)
class TimingRestriction:
    """ "Cast this spell only during …", printed on the spell (CR 601.3, 604.6).

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
    combat_steps : bool
        The text names steps of combat ("only during the declare blockers step", "only before attackers are
        declared"): in the combat phase only some of its steps allow it, and the state does not tell the steps
        apart (CR 506.1), so there the answer is unsupported; ``phases`` holds the phases it may be cast in,
        the combat phase included.
    requires : tuple of Requirement
        "Cast this spell only if you control two or more Vampires": conditions the state decides, all of which
        must hold (CR 601.3); empty when none.
    """

    phases: frozenset[Phase] = frozenset()
    turn: str = "any"
    text: str = ""
    combat_steps: bool = False
    requires: tuple[Requirement, ...] = ()


@dataclass(frozen=True, slots=True)
class UnsupportedText:
    """Text that the grammar could not read, with why (never guessed).

    Parameters
    ----------
    span : str
        The unread text.
    reason : str
    casting_relevant : bool
        True when the text bears on casting this card as a spell, from any zone.
    permanent_relevant : bool
        True when the text may change how the card acts on the battlefield
        for the casting of other spells (protection-like, cost, mana).
    topics : frozenset of str
        Everything the text may bear on as a permanent, whoever controls it:
        ``"mana"`` (it may make mana), ``"targeting"`` (it may change who
        can target it, or what), ``"cost"`` (it may change what spells cost
        or whether they can be cast). Empty when none. Each rule that asks
        about a topic refuses to answer while such text is on the battlefield.
    zones : frozenset of Zone
        Zones from which casting the card depends on this text (a keyword
        such as flashback, which lets the card be cast from the graveyard):
        casting it from there is unsupported, casting it from elsewhere is
        not (empty when ``casting_relevant`` says all).
    """

    span: str
    reason: str
    casting_relevant: bool = True
    permanent_relevant: bool = False
    topics: frozenset[str] = frozenset()
    zones: frozenset[Zone] = frozenset()


@dataclass(frozen=True, slots=True)
class ZonePermission:
    """A keyword or printed permission that lets its card be cast from another zone than the hand (CR 601.3).

    "Jump-start": from its owner's graveyard, discarding a card as an additional cost (CR 702.133a); "Retrace":
    discarding a land card (CR 702.81a); "Aftermath": this half, from its owner's graveyard (CR 702.127a); a
    printed permission (keyword ``"permission"``): "You may cast this card from exile.", "… from your graveyard by
    discarding a card in addition to paying its other costs.", which functions from that zone (CR 113.6f).
    Keywords whose cast from there pays a cost rather than the mana cost (flashback, escape, foretell) are
    :class:`AlternativeCost` records with a zone instead.

    Parameters
    ----------
    keyword : str
    zone : Zone
        Where the card may be cast from: its owner's graveyard, or exile.
    rule : str
    additional : AdditionalCost or None
        The cost added when the card is cast this way; None when none.
    requires : tuple of Requirement
        A printed permission's condition, all of which must hold as the card is cast ("You may cast this card
        from your graveyard as long as you control a Zombie.", CR 601.3, 611.3a); empty for none.
    text : str
        The printed line of a permission that is no keyword ("You may cast this card from exile."); empty for a
        keyword's.
    """

    keyword: str
    zone: Zone
    rule: str
    additional: AdditionalCost | None = None
    requires: tuple[Requirement, ...] = ()
    text: str = ""


class EffectScope(enum.Enum):
    """Whom an effect of a static ability applies to (CR 611.3, 613.1).

    ``SELF``: the permanent that has the ability ("~ isn't a creature"); ``ATTACHED``: the object the Aura or
    Equipment with the ability is attached to ("Enchanted creature has flying", CR 301.5, 303.4); ``GROUP``: every
    permanent a phrase names ("Creatures you control have haste"); ``LISTED``: the objects a resolved spell or
    ability's effect applies to, named by the state (CR 611.2c).
    """

    SELF = "self"
    ATTACHED = "attached"
    GROUP = "group"
    LISTED = "listed"


class Layer(enum.IntEnum):
    """The layers continuous effects apply in (CR 613.1), of those the casting rules read."""

    CONTROL = 2
    TYPES = 4
    COLOURS = 5
    ABILITIES = 6
    POWER = 7


@dataclass(frozen=True, slots=True)
class AffectedObjects:
    """The objects an effect applies to (CR 611.3, 613.6).

    Parameters
    ----------
    scope : EffectScope
    kinds : frozenset of TargetKind
        Of a group: the kinds of permanent named ("creatures": ``{CREATURE}``, "permanents": ``{PERMANENT}``);
        of an attached object: what it must be ("enchanted creature"); unused for ``SELF``.
    qualities : ObjectFilter or None
        Of a group: the qualities named ("green creatures", "creatures with flying"); None for none.
    controller : ControllerFilter
        Of a group: whose permanents, as seen from the controller of the effect's source ("you control",
        "your opponents control").
    other : bool
        "Other creatures you control": the source itself is left out.
    tokens : bool
        "Creature tokens you control": tokens alone.
    """

    scope: EffectScope
    kinds: frozenset[TargetKind] = frozenset({TargetKind.PERMANENT})
    qualities: ObjectFilter | None = None
    controller: ControllerFilter = ControllerFilter.ANY
    other: bool = False
    tokens: bool = False


@dataclass(frozen=True, slots=True)
class EffectCondition:
    """When an effect applies: "as long as …", "during your turn" (CR 611.3a, 611.3b).

    Parameters
    ----------
    kind : str
        ``"devotion below"``: the controller's devotion to ``colours`` is less than ``number`` (CR 700.5);
        ``"your turn"`` / ``"not your turn"``: the controller of the source is (isn't) the active player (CR 500.1);
        ``"attacking"``, ``"untapped"``, ``"tapped"``: the source is so (CR 506.4, 110.5); ``"counter"``: the
        source has a counter of the kind ``counter`` (CR 122.1); ``"control"``: ``requirement`` holds for the
        source's controller; ``"graveyard at least"``: its controller's graveyard holds ``number`` cards or more;
        ``"no cards in hand"``: its controller's hand is empty; ``"count"``: what ``count`` counts, "you" being the
        source's controller (or, with ``an_opponent``, for some opponent of theirs), is at least ``number`` and at
        most ``at_most`` ("as long as you control seven or more lands", "as long as an opponent has no cards in
        hand", "as long as your life total is 10 or less"); ``"attached is"``: the permanent the source is attached
        to has ``qualities`` ("as long as enchanted creature is red", CR 301.5, 303.4); ``"enchanted"``,
        ``"equipped"``: an Aura, an Equipment is attached to the source (CR 303.4, 301.5).
    colours : frozenset of Color
        The colours of a devotion condition ("devotion to black and green": both, counted together, CR 700.5a).
    number : int
        The bound of a devotion or graveyard condition.
    text : str
        The condition's words, for explanations.
    counter : str
        The counter kind of a ``"counter"`` condition ("divinity"), or of a ``"counters"`` one (``"any"``: counters
        of every kind, summed: "as long as this creature has five or more counters on it").
    at_most : int or None
        A ``"counters"`` condition: the source has at least ``number`` and at most ``at_most`` (None: no most)
        counters of the kind ``counter`` (a leveler's striation, CR 711.2a-b).
    requirement : ControlRequirement or None
        What a ``"control"`` condition asks ("you control a Forest", "an opponent controls an Island").
    count : Count or None
        What a ``"count"`` condition counts.
    an_opponent : bool
        A ``"count"`` condition holds when it holds for one opponent of the source's controller, "you" being them.
    other : bool
        A ``"count"`` condition of "another …": the source itself is not counted.
    qualities : ObjectFilter or None
        What an ``"attached is"`` condition asks of the permanent the source is attached to.
    """

    kind: str
    colours: frozenset[Color] = frozenset()
    number: int = 0
    text: str = ""
    counter: str = ""
    requirement: ControlRequirement | None = None
    at_most: int | None = None
    count: Count | None = None
    an_opponent: bool = False
    other: bool = False
    qualities: ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """One continuous effect of a static ability, by what it changes in each layer (CR 613.1).

    Parameters
    ----------
    text : str
        The line of the card it is read from.
    affected : AffectedObjects
    condition : EffectCondition or None
        None: it always applies while its source is on the battlefield.
    gains_control : bool
        Layer 2: the controller of the source controls the affected object ("You control enchanted creature",
        CR 613.1b).
    add_types, remove_types : frozenset of CardType
        Layer 4: card types added ("is an artifact in addition to its other types") or taken away ("isn't a
        creature"), CR 205.1b, 613.1d.
    set_types : frozenset of CardType or None
        Layer 4: card types that replace the object's ("is a blue Frog creature"), the subtypes of the types it
        no longer has going with them (CR 205.1a); None when not set.
    creature_types : frozenset of str or None
        Layer 4: creature types that replace the object's ("Enchanted creature is a Demon Spirit", CR 205.1a);
        None when they are not set.
    add_subtypes : frozenset of str
        Layer 4: subtypes added ("in addition to its other creature types").
    land_types : frozenset of str or None
        Layer 4: the basic land types that replace the land's land types ("Enchanted land is an Island"): it loses
        the abilities of its rules text and has the new types' mana abilities (CR 305.7); None when not set.
    colours : frozenset of Color or None
        Layer 5: the colours that replace the object's ("is blue", CR 105.3); None when not set.
    add_colours : frozenset of Color
        Layer 5: colours added ("in addition to its other colors").
    add_keywords, remove_keywords : tuple of str
        Layer 6: keyword abilities gained ("has flying") or lost ("loses flying"), as keyword text (CR 613.1f).
    denied_keywords : tuple of str
        Layer 6: keyword abilities the object can't have: whatever gives them, in whatever order, it hasn't them
        ("can't have or gain trample").
    loses_abilities : bool
        Layer 6: the object loses all abilities, but those this same effect gives ("loses all other abilities").
    activation_banned : bool
        Its activated abilities can't be activated (CR 602.5): its mana abilities among them (CR 605.3a).
    base_power : tuple of (int, int) or None
        Layer 7b: the base power and toughness set ("has base power and toughness 0/4").
    power_change : tuple of (int, int)
        Layer 7c: added to power and toughness ("gets +2/+2"), times ``power_per`` when it is given.
    power_per : Count or None
        "gets +1/+1 for each artifact you control": what the change is multiplied by, counted from the effect's
        source (its controller is "you").
    defined_power, defined_toughness : CountedNumber or None
        Layer 7a: a characteristic-defining ability sets power, toughness, or both, to this number ("~'s power is
        equal to the number of creatures you control", CR 604.3, 613.4a); None: not defined by it.
    """

    text: str
    affected: AffectedObjects
    condition: EffectCondition | None = None
    gains_control: bool = False
    add_types: frozenset[CardType] = frozenset()
    remove_types: frozenset[CardType] = frozenset()
    set_types: frozenset[CardType] | None = None
    creature_types: frozenset[str] | None = None
    add_subtypes: frozenset[str] = frozenset()
    land_types: frozenset[str] | None = None
    colours: frozenset[Color] | None = None
    add_colours: frozenset[Color] = frozenset()
    add_keywords: tuple[str, ...] = ()
    remove_keywords: tuple[str, ...] = ()
    denied_keywords: tuple[str, ...] = ()
    loses_abilities: bool = False
    activation_banned: bool = False
    base_power: tuple[int, int] | None = None
    power_change: tuple[int, int] = (0, 0)
    power_per: Count | None = None
    defined_power: CountedNumber | None = None
    defined_toughness: CountedNumber | None = None

    @property
    def layers(self) -> frozenset[Layer]:
        """The layers this effect changes something in (CR 613.6: each part applies in its own)."""
        found = set()
        if self.gains_control:
            found.add(Layer.CONTROL)
        if (
            self.add_types
            or self.remove_types
            or self.creature_types is not None
            or self.set_types is not None
            or self.add_subtypes
            or self.land_types is not None
        ):
            found.add(Layer.TYPES)
        if self.colours is not None or self.add_colours:
            found.add(Layer.COLOURS)
        if (
            self.add_keywords
            or self.remove_keywords
            or self.denied_keywords
            or self.loses_abilities
            or self.activation_banned
        ):
            found.add(Layer.ABILITIES)
        if (
            self.base_power is not None
            or self.power_change != (0, 0)
            or self.defined_power is not None
            or self.defined_toughness is not None
        ):
            found.add(Layer.POWER)
        return frozenset(found)


@dataclass(frozen=True, slots=True)
class CastingRule:
    """A static ability of a permanent that forbids or allows casting other spells (CR 101.2, 601.3, 702.8a).

    Parameters
    ----------
    text : str
        The line it is read from.
    kind : str
        ``"can't cast"``: the players named can't cast the spells named (CR 101.2: a "can't" beats any "can");
        ``"sorcery timing"``: they can cast them only any time they could cast a sorcery (CR 307.1);
        ``"one each turn"``: they can't cast more than ``limit`` spells each turn (the state's
        ``this_turn.spells_cast``); ``"as though flash"``: they may cast them as though they had flash (CR 601.3c,
        702.8a); ``"without paying"``: they may cast them without paying their mana costs (CR 118.9); ``"top of
        library"``: its controller may cast spells (or play lands) from the top of their library, which card is
        on top being no fact of the state (CR 401.2): the cast of a card of that library is refused;
        ``"alternative cost"``: they may pay ``alternative`` rather than the spells' mana costs (CR 118.9).
    players : str
        ``"you"`` (the permanent's controller), ``"opponents"`` (its controller's opponents) or ``"each"``.
    spells : ObjectFilter or None
        The qualities of the spells named ("creature", "noncreature", "with mana value 4 or greater"); None for
        every spell.
    with_x : bool
        Only spells with {X} in their mana costs (CR 107.3).
    even_mana_value : bool
        Only spells with an even mana value, X counted on the stack (CR 202.3e).
    from_zones : frozenset of Zone or None
        Only spells cast from these zones ("from graveyards or libraries"); None for any zone.
    not_from_hand : bool
        Only spells cast from anywhere other than their caster's hand.
    condition : EffectCondition or None
        "During your turn", "during turns other than yours" (kind ``"not your turn"``: "you can cast spells only
        during your turn"), "during combat" (kind ``"combat"``), "who attacked with a creature this turn" (kind
        ``"attacked this turn"``: the caster did, the state's ``this_turn.attacked``): when it applies.
    limit : int
        Of ``"one each turn"``: how many spells each turn ("no more than two spells each turn").
    mana_value_at_most : Count or None
        Only spells whose mana value is at most what this counts, "you" being the permanent's controller ("with
        mana value less than or equal to the number of lands you control", CR 202.3).
    alternative : Cost or None
        Of ``"alternative cost"``: the cost paid rather than the mana cost ("{W}{U}{B}{R}{G}", "collect evidence
        10").
    named : str
        Only spells with this name, lowercased ("spells with the name Lightning Bolt", a name chosen as the
        permanent entered, CR 201.2, 607.2a); empty: any name.
    """

    text: str
    kind: str
    players: str
    spells: ObjectFilter | None = None
    with_x: bool = False
    even_mana_value: bool = False
    from_zones: frozenset[Zone] | None = None
    not_from_hand: bool = False
    condition: EffectCondition | None = None
    limit: int = 1
    mana_value_at_most: Count | None = None
    alternative: Cost | None = None
    named: str = ""


@dataclass(frozen=True, slots=True)
class CardAbilities:
    """Everything the casting rules need from one card's text.

    Costs and permissions are lists of typed records, whatever keyword
    they come from: the cast problem reads every additional cost, every
    alternative cost, every cost modifier and every permission the same way.

    Parameters
    ----------
    spell_text : tuple of Instruction
        The non-modal instructions of an instant or sorcery, printed order;
        this is also the text a splice adds (CR 702.47a).
    modes : tuple of Mode
    mode_choice : ModeChoice or None
    splice : SpliceAbility or None
    additional_costs : tuple of AdditionalCost
        Kicker, multikicker, "As an additional cost to cast this spell, …"
        (CR 118.8), printed order.
    alternative_costs : tuple of AlternativeCost
        Overload, awaken, the Shoals' exile (CR 118.9), printed order.
    cost_modifiers : tuple of CostModifier
        The spell's own cost changes and, for a permanent, the changes it makes
        to the spells it names (CR 601.2f).
    cast_permissions : tuple of CastPermission
        What the card's own text lets it be cast from and when (CR 601.3).
    zone_permissions : tuple of ZonePermission
        Keywords that let the card be cast from another zone than the hand with its mana cost, or with an
        additional cost (jump-start, retrace, aftermath); those that ask an alternative cost instead (flashback,
        escape, foretell) are among ``alternative_costs`` with their zone.
    timing_restriction : TimingRestriction or None
        "Cast this spell only during combat" and the like (CR 601.3, 604.6).
    x_limits : tuple of XLimit
        Bounds the text sets on the X announced ("X can't be 0.", CR 107.3, 601.2b), printed order.
    cast_only_from : Zone or None
        The only zone the card may be cast from: the graveyard for an
        aftermath half (CR 702.127a); None when its type's usual zone applies.
    delve : bool
        Each card exiled from its caster's graveyard while it is cast pays
        for {1} of its total cost's generic mana (CR 702.66a).
    convoke : bool
        Each creature its caster taps while it is cast pays for one generic
        mana or one mana of the creature's colour (CR 702.51a).
    face_down : str or None
        ``"morph"``, ``"megamorph"`` or ``"disguise"``: the card may also be cast face down, as a 2/2 creature
        with no text, for {3} rather than its mana cost (CR 702.37a-c, 702.168a); None when it can't.
    bestow : Cost or None
        The card may be cast bestowed, an Aura spell with enchant creature, for this cost rather than its mana
        cost (CR 702.103a-b); None when it has no bestow.
    more_than_meets_the_eye : Cost or None
        The card may be cast converted, its back face up, for this cost rather than its mana cost (CR
        702.162a, 712.11a); None when it has no More Than Meets the Eye.
    prototype : Prototype or None
        The card may be cast prototyped, with the prototype's mana cost, power and toughness (CR 702.160a,
        718.3); None when it has no prototype.
    x_colours : frozenset of str
        "Spend only black mana on X.": the letters of the colours of mana that may pay for X (CR 107.3, 601.2h);
        empty when any mana may.
    improvise : bool
        Each artifact its caster taps while it is cast pays for one generic
        mana of its total cost (CR 702.126a).
    assist : bool
        Another player may pay for any amount of the generic mana of its total cost (CR 702.132a).
    flash : bool
        CR 702.8.
    fuse : bool
        Fuse: a split card with it may be cast from the hand as both halves,
        a fused split spell (CR 702.102a).
    protections : tuple of Protection
    hexproof, shroud : bool
        CR 702.11, 702.18.
    hexproof_from : frozenset of Color
        "Hexproof from <colour>": opponents' spells of that colour can't target it (CR 702.11d).
    hexproof_from_qualities : tuple of Protection
        "Hexproof from artifacts and enchantments", "hexproof from monocolored", "hexproof from each color": each
        the quality of the opponents' spells that can't target it, as protection names them (CR 702.11d).
    ward : bool
        CR 702.21: a trigger, never a targeting restriction; kept to annotate.
    controller_hexproof, controller_shroud : bool
        "You have hexproof." / "You have shroud.": the permanent's controller
        has the ability (CR 702.11c, 702.18b).
    mana_abilities : tuple of ManaAbility
    keywords : frozenset of str
        Keyword abilities that matter only as qualities of a permanent
        ("target creature with flying"), lowercased: ``{"flying"}`` (CR 702).
    unsupported : tuple of UnsupportedText
    static_effects : tuple of ContinuousEffect
        The continuous effects of the permanent's static abilities, read (CR 611.3, 613).
    static_unread : tuple of str
        The permanent's static lines, prepared and lowercased, that are read into no effect and no rule: the rules
        that read what such a line may change (card types, power) refuse to judge under one, never guess.
    casting_rules : tuple of CastingRule
        What the permanent's static abilities forbid or allow in casting other spells (CR 101.2, 601.3).
    static_no_cast : tuple of str
        The permanent's static lines read as bearing on no cast (combat, untapping, how it entered, countering:
        CR 601.2 reads none of them), as printed.
    mana_when_tapped : tuple of frozenset of str
        "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.": the mana (each unit
        the letters it may be) a triggered mana ability adds to the enchanted permanent's controller each time
        that permanent is tapped for mana (CR 605.1b, 106.12a); empty when none.
    mana_triggers : tuple of ManaTrigger
        "Whenever you tap a Swamp for mana, add an additional {B}.", "Whenever a player taps a land for mana, that
        player adds one mana of any type that land produced." (CR 605.1b, 106.12a).
    """

    spell_text: tuple[Instruction, ...] = ()
    modes: tuple[Mode, ...] = ()
    mode_choice: ModeChoice | None = None
    splice: SpliceAbility | None = None
    additional_costs: tuple[AdditionalCost, ...] = ()
    alternative_costs: tuple[AlternativeCost, ...] = ()
    cost_modifiers: tuple[CostModifier, ...] = ()
    cast_permissions: tuple[CastPermission, ...] = ()
    zone_permissions: tuple[ZonePermission, ...] = ()
    timing_restriction: TimingRestriction | None = None
    x_limits: tuple[XLimit, ...] = ()
    cast_only_from: Zone | None = None
    delve: bool = False
    convoke: bool = False
    improvise: bool = False
    x_colours: frozenset[str] = frozenset()
    assist: bool = False
    face_down: str | None = None
    bestow: Cost | None = None
    more_than_meets_the_eye: Cost | None = None
    prototype: Prototype | None = None
    flash: bool = False
    fuse: bool = False
    protections: tuple[Protection, ...] = ()
    hexproof: bool = False
    hexproof_from: frozenset[Color] = frozenset()
    shroud: bool = False
    ward: bool = False
    hexproof_from_qualities: tuple[Protection, ...] = ()
    controller_hexproof: bool = False
    controller_shroud: bool = False
    mana_abilities: tuple[ManaAbility, ...] = ()
    keywords: frozenset[str] = frozenset()
    unsupported: tuple[UnsupportedText, ...] = ()
    static_effects: tuple[ContinuousEffect, ...] = ()
    static_unread: tuple[str, ...] = ()
    static_no_cast: tuple[str, ...] = ()
    casting_rules: tuple[CastingRule, ...] = ()
    mana_when_tapped: tuple[frozenset[str], ...] = ()
    mana_triggers: tuple[ManaTrigger, ...] = ()

    @property
    def casting_unsupported(self) -> tuple[UnsupportedText, ...]:
        """The unread spans that bear on casting this card, from any zone."""
        return tuple(u for u in self.unsupported if u.casting_relevant)

    def unsupported_when_cast_from(self, zone: Zone) -> tuple[UnsupportedText, ...]:
        """The unread spans that bear on casting this card from ``zone``."""
        return tuple(u for u in self.unsupported if u.casting_relevant or zone in u.zones)

    @property
    def unsupported_casting_from_any_zone(self) -> tuple[UnsupportedText, ...]:
        """Unread text that bears on casting the card from some zone: any zone, or the zones it names.

        What ``legalcasts coverage`` counts unsupported: a flashback cost not read leaves the card's casts from
        its owner's graveyard unread, as text bearing on every cast leaves all of them (CR 601.3).
        """
        return tuple(u for u in self.unsupported if u.casting_relevant or u.zones)

    @property
    def permanent_unsupported(self) -> tuple[UnsupportedText, ...]:
        """The unread spans that bear on the card as a permanent."""
        return tuple(u for u in self.unsupported if u.permanent_relevant)
