"""The vocabulary of casting choices: what a caster chooses while casting a spell (CR 601.2a-h).

Every variable of a cast problem is keyed by one of the small frozen classes
below, and every part of a :class:`models.cast.Cast` is the value of one of
them. The same keys reach the public API (``best_cast``'s score receives a
key and a value), so no string names a choice across a module border.

==================  ==========================  ===================================================
kind                key                         value
==================  ==========================  ===================================================
zone                :class:`ZoneKey`            the :class:`~models.objects.Zone` cast from (CR 601.2a)
face or half        :class:`FaceKey`            names of the halves cast, ``()`` for other cards (CR 709.3)
alternative cost    :class:`AlternativeCostKey` the keyword of the alternative cost paid, or None (CR 118.9)
optional cost       :class:`OptionalCostKey`    how many times it is paid: 0, 1, or more (CR 118.8)
gift recipient      :class:`GiftRecipientKey`   the opponent chosen to pay a gift cost, or None (CR 702.174a)
mode                :class:`ModeKey`            chosen or not; how many times where a mode repeats (CR 700.2)
splice set          :class:`SpliceSetKey`       the cards spliced, in candidate order (CR 702.47a)
splice order        :class:`SpliceOrderKey`     the same cards in the order their texts are added (CR 702.47b)
X                   :class:`XKey`               the value announced for X (CR 107.3, 601.2b)
target              :class:`TargetKey`          the ids chosen for one instance of "target", sorted (CR 601.2c)
division            :class:`DivisionKey`        the amount each target of a divided instance gets (CR 601.2d)
cost objects        :class:`CostObjectsKey`     the objects used to pay costs with one action (CR 601.2h)
==================  ==========================  ===================================================

Examples
--------
>>> ModeKey(2)
ModeKey(index=2)
>>> ModeKey(2).kind is ChoiceKind.MODE, str(ModeKey(2))
(True, 'mode 3')
>>> str(CostObjectsKey(CostAction.SACRIFICE))
'objects sacrificed'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from models.objects import ObjectId, Zone

__all__ = [
    "ChoiceKind",
    "CostAction",
    "ChoiceKey",
    "ZoneKey",
    "FaceKey",
    "AlternativeCostKey",
    "OptionalCostKey",
    "GiftRecipientKey",
    "ModeKey",
    "SpliceSetKey",
    "SpliceOrderKey",
    "XKey",
    "TargetKey",
    "DivisionKey",
    "CostObjectsKey",
    "ZONE",
    "FACE",
    "ALTERNATIVE_COST",
    "GIFT_RECIPIENT",
    "SPLICE_SET",
    "SPLICE_ORDER",
    "X",
    "mode_label",
]


class ChoiceKind(enum.Enum):
    """The kinds of choice a caster makes while casting a spell, in the order the rules make them."""

    ZONE = "zone"
    FACE = "face or half"
    ALTERNATIVE_COST = "alternative cost"
    OPTIONAL_COST = "optional additional cost"
    GIFT_RECIPIENT = "gift recipient"
    MODE = "mode"
    SPLICE_SET = "splice set"
    SPLICE_ORDER = "splice order"
    X = "x"
    TARGET = "target"
    DIVISION = "division"
    COST_OBJECTS = "cost objects"


class CostAction(enum.Enum):
    """What is done to the objects that pay a cost (CR 118.3, 601.2h)."""

    DISCARD = "discard"
    SACRIFICE = "sacrifice"
    EXILE = "exile"
    TAP = "tap"
    RETURN = "return"

    @property
    def past(self) -> str:
        """The verb's past participle: ``"sacrificed"``."""
        return {
            "discard": "discarded",
            "sacrifice": "sacrificed",
            "exile": "exiled",
            "tap": "tapped",
            "return": "returned",
        }[self.value]


def mode_label(index: int) -> str:
    """How messages name a mode: ``mode_label(0) == "mode 1"`` (printed order, counted from 1).

    JSON records number modes from 0; every sentence for people numbers them from 1.
    """
    return f"mode {index + 1}"


class ChoiceKey:
    """Base of the keys of casting choices; ``kind`` says which :class:`ChoiceKind` a key is.

    Keys are hashed once, when made: engines look them up millions of times.
    """

    __slots__ = ()
    kind: ClassVar[ChoiceKind]


_COMPARED: dict[type, tuple[str, ...]] = {}
"""Per key class, the names of the fields equality compares."""


def _set_hash(key: Any) -> None:
    """Compute a key's hash once, from its class and fields (equal keys have equal hashes)."""
    names = _COMPARED.get(type(key))
    if names is None:
        names = _COMPARED[type(key)] = tuple(f.name for f in fields(key) if f.compare)
    object.__setattr__(key, "_hash", hash((type(key).__name__,) + tuple(getattr(key, name) for name in names)))


@dataclass(frozen=True, slots=True)
class ZoneKey(ChoiceKey):
    """The zone the card is cast from (CR 601.2a, 601.3); its value is a :class:`~models.objects.Zone`."""

    kind: ClassVar[ChoiceKind] = ChoiceKind.ZONE

    def __str__(self) -> str:
        return "the zone cast from"


@dataclass(frozen=True, slots=True)
class FaceKey(ChoiceKey):
    """The half of a split card cast, or both when fused (CR 709.3, 702.102a); value: tuple of half names."""

    kind: ClassVar[ChoiceKind] = ChoiceKind.FACE

    def __str__(self) -> str:
        return "the half cast"


@dataclass(frozen=True, slots=True)
class AlternativeCostKey(ChoiceKey):
    """Which alternative cost is paid instead of the mana cost, at most one (CR 118.9, 118.9a).

    The value is the keyword of an :class:`~models.abilities.AlternativeCost`
    (``"overload"``), or None when the mana cost is paid.
    """

    kind: ClassVar[ChoiceKind] = ChoiceKind.ALTERNATIVE_COST

    def __str__(self) -> str:
        return "the alternative cost"


@dataclass(frozen=True, slots=True)
class OptionalCostKey(ChoiceKey):
    """An optional additional cost ("kicker", "multikicker"): how many times it is paid (CR 118.8, 702.33).

    Parameters
    ----------
    keyword : str
        The keyword of the :class:`~models.abilities.AdditionalCost`.
    """

    keyword: str
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    kind: ClassVar[ChoiceKind] = ChoiceKind.OPTIONAL_COST

    def __post_init__(self) -> None:
        _set_hash(self)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"the {self.keyword} cost"


@dataclass(frozen=True, slots=True)
class GiftRecipientKey(ChoiceKey):
    """The opponent chosen as the gift cost is paid (CR 702.174a: "you may choose an opponent").

    The value is that opponent's player id, or None when the gift is not
    promised (CR 702.174k). Promising the gift to one opponent or to another
    are two casts.
    """

    kind: ClassVar[ChoiceKind] = ChoiceKind.GIFT_RECIPIENT

    def __str__(self) -> str:
        return "the opponent promised the gift"


@dataclass(frozen=True, slots=True)
class ModeKey(ChoiceKey):
    """One mode (CR 700.2): chosen or not (bool), or how many times where a mode may repeat (int, CR 700.2d).

    Parameters
    ----------
    index : int
        0-based, printed order.
    """

    index: int
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    kind: ClassVar[ChoiceKind] = ChoiceKind.MODE

    def __post_init__(self) -> None:
        _set_hash(self)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return mode_label(self.index)


@dataclass(frozen=True, slots=True)
class SpliceSetKey(ChoiceKey):
    """The cards spliced onto the spell, in candidate (state-file) order (CR 702.47a)."""

    kind: ClassVar[ChoiceKind] = ChoiceKind.SPLICE_SET

    def __str__(self) -> str:
        return "the cards spliced"


@dataclass(frozen=True, slots=True)
class SpliceOrderKey(ChoiceKey):
    """The spliced cards in the order their texts follow the spell's (CR 702.47b)."""

    kind: ClassVar[ChoiceKind] = ChoiceKind.SPLICE_ORDER

    def __str__(self) -> str:
        return "the order of the spliced texts"


@dataclass(frozen=True, slots=True)
class XKey(ChoiceKey):
    """The value announced for X (CR 107.3a, 601.2b)."""

    kind: ClassVar[ChoiceKind] = ChoiceKind.X

    def __str__(self) -> str:
        return "X"


@dataclass(frozen=True, slots=True, order=True)
class TargetKey(ChoiceKey):
    """One instance of the word "target" (CR 115.1, 601.2c).

    Parameters
    ----------
    source : ObjectId
        The card whose text holds it: the spell, or a spliced card.
    mode : int or None
        The mode (0-based) whose text holds it, or None.
    instruction : int
        0-based line of the source's spell text (0 inside a mode).
    index : int
        0-based instance within that text.
    copy : int
        For a mode chosen more than once, which time (0-based, CR 700.2d).
    """

    source: ObjectId
    mode: int | None
    instruction: int
    index: int
    copy: int = 0
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    kind: ClassVar[ChoiceKind] = ChoiceKind.TARGET

    def __post_init__(self) -> None:
        _set_hash(self)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        where = f" of {mode_label(self.mode)}" if self.mode is not None else ""
        again = f" (time {self.copy + 1})" if self.copy else ""
        return f"target {self.index + 1} of {self.source}{where}{again}"

    @property
    def slot(self) -> tuple[ObjectId, int | None, int, int, int]:
        """(source, mode, instruction, index, copy), as :attr:`models.cast.TargetChoice.slot`."""
        return (self.source, self.mode, self.instruction, self.index, self.copy)


@dataclass(frozen=True, slots=True)
class DivisionKey(ChoiceKey):
    """How the damage or counters of one divided instance are divided among its targets (CR 601.2d).

    The value is a tuple of amounts, one per target in the order of the
    instance's (sorted) targets, or None when the instance has no target.

    Parameters
    ----------
    target : TargetKey
    """

    target: TargetKey
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    kind: ClassVar[ChoiceKind] = ChoiceKind.DIVISION

    def __post_init__(self) -> None:
        _set_hash(self)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return f"the division of {self.target}"


@dataclass(frozen=True, slots=True)
class CostObjectsKey(ChoiceKey):
    """The objects used to pay costs with one action, a set (CR 601.2h, 118.10).

    Parameters
    ----------
    action : CostAction
    zone : Zone
        Where those objects are: the hand (discard; exile for the Shoals), the
        graveyard (exile), the battlefield (sacrifice, tap, return).
    """

    action: CostAction
    zone: Zone = Zone.BATTLEFIELD
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    kind: ClassVar[ChoiceKind] = ChoiceKind.COST_OBJECTS

    def __post_init__(self) -> None:
        _set_hash(self)

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        plain = self.zone is Zone.BATTLEFIELD or self.action is CostAction.DISCARD
        where = "" if plain else f" from the {self.zone.value}"
        return f"objects {self.action.past}{where}"


ZONE = ZoneKey()
FACE = FaceKey()
ALTERNATIVE_COST = AlternativeCostKey()
GIFT_RECIPIENT = GiftRecipientKey()
SPLICE_SET = SpliceSetKey()
SPLICE_ORDER = SpliceOrderKey()
X = XKey()
