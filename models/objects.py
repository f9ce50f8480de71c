"""Players, cards and objects in zones, with their characteristics (CR 109, 200s).

Everything here is immutable and hashable. A *card* is the printed data
(characteristics, CR 109.3); a :class:`GameObject` is one card or token in a
zone of a game, with its controller and status (CR 110, 400.1).
"""

from __future__ import annotations

import dataclasses
import enum
import operator
from dataclasses import dataclass, field
from typing import Any, NewType

from models.mana import Color, ManaCost

__all__ = [
    "ObjectId",
    "PlayerId",
    "Zone",
    "CardType",
    "Phase",
    "Card",
    "CastGrant",
    "GameObject",
    "FIELDS_BUT_ID",
    "alike_signature",
]

ObjectId = NewType("ObjectId", str)
"""The id of an object in a state file (``"mists"``)."""

PlayerId = NewType("PlayerId", str)
"""The id of a player in a state file (``"P1"``)."""


class Zone(enum.Enum):
    """The zones an object can be in (CR 400.1)."""

    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    LIBRARY = "library"
    STACK = "stack"

    @property
    def where(self) -> str:
        """The zone as sentences say where something is: ``"on the battlefield"``, ``"in exile"``, ``"in the hand"``."""
        return {"battlefield": "on the battlefield", "stack": "on the stack", "exile": "in exile"}.get(
            self.value, f"in the {self.value}"
        )


class CardType(enum.Enum):
    """Card types (CR 205.2a)."""

    ARTIFACT = "Artifact"
    BATTLE = "Battle"
    CREATURE = "Creature"
    ENCHANTMENT = "Enchantment"
    INSTANT = "Instant"
    KINDRED = "Kindred"
    LAND = "Land"
    PLANESWALKER = "Planeswalker"
    SORCERY = "Sorcery"
    TRIBAL = "Tribal"  # the older name of Kindred, still in older card data


PERMANENT_TYPES = frozenset(
    {
        CardType.ARTIFACT,
        CardType.BATTLE,
        CardType.CREATURE,
        CardType.ENCHANTMENT,
        CardType.LAND,
        CardType.PLANESWALKER,
    }
)
"""The card types that make a card a permanent card (CR 110.4a)."""


class Phase(enum.Enum):
    """Phases of a turn as the state file names them (CR 500.1).

    Combat steps are not distinguished: the rules that matter for casting
    (CR 117.1a, 307.1) only ask whether it is a main phase.
    """

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    COMBAT = "combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_main(self) -> bool:
        """Whether this is a main phase (CR 505.1)."""
        return self in (Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN)


@dataclass(frozen=True, slots=True)
class Card:
    r"""The printed characteristics of a card or card face (CR 109.3).

    Parameters
    ----------
    name : str
        The card name (a face name for split, flip and double-faced cards).
    mana_cost : ManaCost or None
        The mana cost; ``None`` when the card has no mana cost at all (CR
        118.6: it can't be cast by paying it), which differs from ``{0}``.
    colors : frozenset of Color
        The card's colours (CR 105.2, 202.2); from its colour indicator or
        mana cost.
    supertypes, types, subtypes : tuple of str
        From the type line (CR 205), e.g. ``("Legendary",)``,
        ``(CardType.CREATURE,)``, ``("Human", "Soldier")``.
    oracle_text : str
        The rules text, lines separated by ``"\n"``.
    power, toughness : str or None
        As printed (``"2"``, ``"*"``).
    name_fr : str or None
        The French name, where the data has it.
    split_of : str or None
        For one half of a split card, the split card's name (``"Alive // Well"``).
    halves : tuple of Card
        For a whole split card, its two halves, left first (CR 709.1); empty
        for other cards. The whole card's characteristics are those of both
        halves combined (CR 709.4).
    faces : tuple of str
        For a card with two faces (split, flip, transform), every face name
        in printed order, this one included (``("Delver of Secrets",
        "Insectile Aberration")``); empty for a one-faced card.
    layout : str or None
        The card data's layout of a multi-face card (``"split"``, ``"adventure"``, ``"modal_dfc"``, …), or None.
    faces_lacking : tuple of str
        The faces the card data lacks, of those ``faces`` names: their text can't be read, and a face that could be
        cast (a split card's half, an Adventure, a modal double-faced card's face) makes its casts unsupported.
    other_faces : tuple of Card
        For a card object whose other faces have their own characteristics (an adventurer card's Adventure, a
        double-faced card's back face, CR 715.2, 712.2), those faces as the card data has them; empty for a
        face on its own (as a card database gives it) and for other cards.
    """

    name: str
    mana_cost: ManaCost | None
    colors: frozenset[Color]
    type_line: str
    supertypes: tuple[str, ...] = ()
    types: tuple[CardType, ...] = ()
    subtypes: tuple[str, ...] = ()
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    name_fr: str | None = None
    split_of: str | None = None
    halves: tuple[Card, ...] = ()
    faces: tuple[str, ...] = ()
    layout: str | None = None
    faces_lacking: tuple[str, ...] = ()
    other_faces: tuple[Card, ...] = ()

    def has_type(self, card_type: CardType) -> bool:
        """Whether the card has this card type (CR 205.2)."""
        return card_type in self.types

    @property
    def is_permanent_card(self) -> bool:
        """Whether the card is a permanent card (CR 110.4a)."""
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def is_land(self) -> bool:
        """Whether the card is a land: played, never cast (CR 305.1, 305.9)."""
        return CardType.LAND in self.types

    @property
    def mana_value(self) -> int:
        """The mana value of the card (CR 202.3); 0 with no mana cost (202.3a)."""
        return 0 if self.mana_cost is None else self.mana_cost.mana_value


def face_down_card(card: Card) -> Card:
    """The characteristics of a card cast face down: a 2/2 creature with no text, no subtypes, no mana cost.

    CR 702.37a-c (morph, megamorph), 702.168a (disguise), 708.2, 708.4: the face-down spell is a colourless
    2/2 creature with no name, text, subtypes or mana cost (so mana value 0, CR 202.3a), and effects that care
    about a spell's characteristics see only these.

    Parameters
    ----------
    card : Card
        The face-up card.

    Returns
    -------
    Card
        The face-down characteristics. Its ``name`` keeps the face-up name only so that a cast and its messages
        can name the card for its caster, who knows it; no rule of legalcasts reads a spell's name.
    """
    return Card(
        name=card.name,
        mana_cost=None,
        colors=frozenset(),
        type_line="Creature",
        types=(CardType.CREATURE,),
        power="2",
        toughness="2",
    )


@dataclass(frozen=True, slots=True)
class CastGrant:
    """An effect that lets a player cast a card from where it is: a state file's ``may_cast`` entry (CR 601.3).

    Parameters
    ----------
    player : PlayerId
        Who may cast it.
    without_paying : bool
        The effect lets it be cast only without paying its mana cost, itself an alternative cost (CR 118.9).
    until : str or None
        ``"end_of_turn"``, as the state file says: the state is a moment of the turn, so it holds now.
    """

    player: PlayerId
    without_paying: bool = False
    until: str | None = None


@dataclass(frozen=True, slots=True)
class GameObject:
    """One object of the game: a card or token in a zone (CR 109.1).

    Parameters
    ----------
    id : ObjectId
        Unique within the state.
    card : Card
        Its characteristics.
    zone : Zone
    owner, controller : PlayerId
        Owner (CR 108.3) and controller (CR 108.4; for objects outside the
        battlefield and stack, the owner).
    tapped : bool
        Battlefield only (CR 110.5).
    counters : tuple of (str, int)
        Counter kind and number, sorted by kind.
    token : bool
    attacking : bool
    granted : tuple of str
        Abilities gained from effects, as keyword text
        (``"protection from red"``).
    summoning_sick : bool
        Not under its controller's control continuously since their most
        recent turn began: a creature's {T} mana abilities can't be activated
        unless it has haste (CR 302.6).
    attached_to : str or None
        The id of the object or player this Aura, Equipment or Fortification
        is attached to (CR 301.5, 303.4); None when not attached.
    foretold, plotted, on_adventure : bool
        Exile only: the card was exiled by its foretell or plot special action on an earlier turn (CR 702.143a,
        702.170a), or as a resolved Adventure spell (CR 715.3d), and may be cast from exile as that says.
    prepared : bool
        Battlefield only: the permanent is prepared, and its controller may cast a copy of its spell.
    exiled_with : str or None
        Exile only: the id of the object whose ability exiled it ("cards exiled with ~").
    may_cast : tuple of CastGrant
        Effects that let a player cast this card from where it is (CR 601.3).
    commander : bool
        The card is a commander (CR 903.3): a designation of the card, not a characteristic, kept in every zone and
        face down; never a token's. "You control a commander" asks for a permanent so designated (CR 903.3d).
    abilities_lost, keywords_lost, activation_banned : bool, tuple of str, bool
        What continuous effects took from the permanent (CR 613.1f): all its abilities but those given after,
        the keywords it lost ("loses flying"), and whether its activated abilities can't be activated (CR
        602.5). Worked out by the rules from the static abilities in play (:mod:`solver.rules.layers`), never
        read from a state file.
    rules_text_lost : bool
        A land whose land types an effect set has lost the abilities of its rules text, and has the mana ability
        of each of its new basic land types (CR 305.7). Worked out by the rules, like ``abilities_lost``.
    """

    id: ObjectId
    card: Card
    zone: Zone
    owner: PlayerId
    controller: PlayerId
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    token: bool = False
    attacking: bool = False
    granted: tuple[str, ...] = field(default=())
    summoning_sick: bool = False
    attached_to: str | None = None
    foretold: bool = False
    plotted: bool = False
    on_adventure: bool = False
    prepared: bool = False
    exiled_with: str | None = None
    may_cast: tuple[CastGrant, ...] = ()
    abilities_lost: bool = False
    keywords_lost: tuple[str, ...] = ()
    activation_banned: bool = False
    rules_text_lost: bool = False
    commander: bool = False

    @property
    def name(self) -> str:
        """The object's name (CR 201)."""
        return self.card.name


FIELDS_BUT_ID = tuple(f.name for f in dataclasses.fields(GameObject) if f.name not in ("id", "card"))
"""A game object's fields but its id and its card (zone, control, status, counters, granted abilities, ...)."""

_OTHER_FIELDS = operator.attrgetter(*FIELDS_BUT_ID)


def alike_signature(obj: GameObject) -> tuple[Any, ...]:
    """What tells an object from others but its id: its card (by identity) and every other field.

    Two objects with the same signature are alike to every rule that reads no record kept by id: the same
    target phrases name both, the same costs take both.

    Parameters
    ----------
    obj : GameObject

    Returns
    -------
    tuple
        Hashable.
    """
    return (id(obj.card),) + _OTHER_FIELDS(obj)
