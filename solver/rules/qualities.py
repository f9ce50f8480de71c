"""Qualities of objects named by target phrases and costs: "nonblack", "tapped", "with flying" (CR 115.1)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from models.abilities import ANNOUNCED_X, PERMANENT_KIND_TYPES, ObjectFilter, Quality, StateNumber, TargetKind
from models.errors import UnsupportedRuleError
from models.objects import CardType, GameObject, Zone
from models.subtypes import SUBTYPES
from solver.abilities import abilities_of
from solver.rules.characteristics import creature_types

_CREATURE_TYPES = SUBTYPES["creature"]

__all__ = ["holds", "has_qualities", "is_of_kinds", "names_x", "number_of", "STATE_FACTS"]

STATE_FACTS = frozenset({"cast from", "attacked this turn", "enchanted", "attached to"})
"""Qualities that are facts of the state about an object (read by its id), not of the object's fields: the
target rules judge them. Objects alike in every field may differ in them."""


def _number(obj: GameObject, attribute: str) -> int:
    """Power or toughness with +X/+Y counters (CR 208, 122.1a), their sum, or mana value (CR 202.3)."""
    if attribute == "power plus toughness":  # "with total power and toughness 5 or less" (CR 208.1)
        return _number(obj, "power") + _number(obj, "toughness")
    if attribute == "mana value":
        if obj.card.mana_cost is not None and obj.card.mana_cost.has_x and obj.zone is Zone.STACK:
            # CR 202.3e: X is the value announced; it is in the spell's cast record, not modelled here
            raise UnsupportedRuleError(obj.name, str(obj.card.mana_cost), "mana value of a spell with X")
        return obj.card.mana_value
    printed = obj.card.power if attribute == "power" else obj.card.toughness
    if printed is None or not printed.lstrip("-").isdigit():
        raise UnsupportedRuleError(obj.name, str(printed), f"{attribute} defined by an ability is not modelled")
    value = int(printed)
    if obj.zone is Zone.BATTLEFIELD:
        value += sum(_counter_change(kind, attribute) * number for kind, number in obj.counters)
    return value


_POWER_TOUGHNESS_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def _counter_change(kind: str, attribute: str) -> int:
    """What one counter of a kind adds to power or toughness: +1/+0 adds 1 to power, 0 to toughness (CR 122.1a)."""
    found = _POWER_TOUGHNESS_COUNTER.fullmatch(kind)
    if found is None:
        return 0
    return int(found.group(1) if attribute == "power" else found.group(2))


def number_of(obj: GameObject, attribute: str) -> int:
    """An object's power or toughness (with +X/+Y counters of every kind, CR 208, 122.1a), or mana value (CR 202.3).

    Parameters
    ----------
    obj : GameObject
    attribute : str
        ``"power"``, ``"toughness"`` or ``"mana value"``.

    Returns
    -------
    int

    Raises
    ------
    UnsupportedRuleError
        Power or toughness defined by an ability, or the mana value of a spell with X.
    """
    return _number(obj, attribute)


def names_x(quality: Quality) -> bool:
    """Whether a quality compares a number with the value announced for X ("with mana value X", CR 107.3a)."""
    return quality.value == ANNOUNCED_X


def holds(quality: Quality, obj: GameObject, x: int | None = None) -> bool:  # noqa: C901
    """Whether one quality holds for an object (CR 105, 110.5, 205, 208, 702).

    Parameters
    ----------
    quality : Quality
    obj : GameObject
    x : int or None
        The value announced for X (CR 107.3a, 601.2b), for a quality that
        names X (:func:`names_x`); unused otherwise.

    Returns
    -------
    bool

    Raises
    ------
    UnsupportedRuleError
        Power or toughness defined by an ability, or the mana value of a
        spell with X (its announced value is not modelled here).
    ValueError
        A quality that names X, and no value of X given.
    """
    card = obj.card
    attribute, value = quality.attribute, quality.value
    if attribute == "color":
        found = value in card.colors
    elif attribute == "colors":
        by_word: dict[object, bool] = {
            "multicolored": len(card.colors) >= 2,
            "monocolored": len(card.colors) == 1,
            "colorless": not card.colors,
        }
        found = by_word[value]
    elif attribute == "type":
        found = value in card.types
    elif attribute == "subtype":
        # changeling, "is every creature type": a characteristic-defining ability, in every zone (CR 702.73a, 604.3)
        found = value in card.subtypes or (value in _CREATURE_TYPES and value in creature_types(obj))
    elif attribute == "supertype":
        found = value in card.supertypes
    elif attribute in ("token", "tapped", "attacking", "commander"):  # commander: a card's designation, CR 903.3
        found = getattr(obj, attribute)
    elif attribute in ("blocking", "blocked", "unblocked"):  # the state says which attack, not which block (509.1)
        raise UnsupportedRuleError(obj.name, attribute, f"which creatures are {attribute} is not in the state")
    elif attribute == "owner":  # "you own": whose the object is, asked of the caster (CR 108.3)
        raise UnsupportedRuleError(obj.name, "you own", "who owns the object is judged with the caster only")
    elif attribute in STATE_FACTS:  # judged by the target rules, with the state
        raise UnsupportedRuleError(obj.name, attribute, "a fact of the state, not of the object, is not judged here")
    elif attribute == "keyword":  # morph and its kin are read apart from other keywords (CR 702.37)
        found = value in abilities_of(obj).keywords or value == abilities_of(obj).face_down
    elif attribute == "mana value parity":  # "with an even mana value"; zero is even (CR 202.3)
        found = _number(obj, "mana value") % 2 == (0 if value == "even" else 1)
    elif attribute == "object":  # one object itself ("spells that target it": Kaervek's Torch on the stack)
        found = obj.id == value
    elif attribute == "counter":  # CR 122.1: value None is a counter of any kind
        counts: dict[object, int] = dict(obj.counters)
        found = any(n > 0 for n in counts.values()) if value is None else counts.get(value, 0) > 0
    else:
        number = _number(obj, attribute)
        if value == ANNOUNCED_X:
            if x is None:
                raise ValueError(f"'{attribute} X' is compared with the value announced for X: no value given")
            value = x
        if isinstance(value, StateNumber):  # counted by the target rules, which have the state (CR 601.2c)
            raise UnsupportedRuleError(obj.name, value.value, "a number the state gives is not counted here")
        if not isinstance(value, int):
            raise TypeError(f"{attribute} is compared with a whole number, not {value!r}")
        found = {"=": number == value, "<=": number <= value, ">=": number >= value, "<": number < value}[
            quality.comparison
        ]
    return found != quality.negated


def has_qualities(obj: GameObject, qualities: ObjectFilter | None) -> bool:
    """Whether an object has every clause of a filter (a clause: one of its qualities); True for None."""
    return qualities is None or all(any(holds(q, obj) for q in clause) for clause in qualities.clauses)


def is_of_kinds(types: Collection[CardType], kinds: Iterable[TargetKind]) -> bool:
    """Whether a permanent with these card types is of one of the kinds named (CR 110.4, 115.1).

    "Permanent" names every permanent; "creature", "land", ... name the permanents with that card type
    (:data:`~models.abilities.PERMANENT_KIND_TYPES`); players, spells and graveyard cards are no permanent kind.

    Parameters
    ----------
    types : collection of CardType
    kinds : iterable of TargetKind

    Returns
    -------
    bool
    """
    if isinstance(kinds, frozenset):  # a phrase's or a cost's kinds: kept by the types' identity
        key = (id(types), kinds)
        found = _KINDS_MET.get(key)
        if found is not None and found[0] is types:
            return found[1]
        answer = TargetKind.PERMANENT in kinds or any(PERMANENT_KIND_TYPES.get(kind) in types for kind in kinds)
        if len(_KINDS_MET) >= 4096:
            _KINDS_MET.clear()
        _KINDS_MET[key] = (types, answer)
        return answer
    kinds = tuple(kinds)
    return TargetKind.PERMANENT in kinds or any(PERMANENT_KIND_TYPES.get(kind) in types for kind in kinds)


_KINDS_MET: dict[tuple[int, frozenset[TargetKind]], tuple[Collection[CardType], bool]] = {}
""":func:`is_of_kinds` of a card's types (by identity, kept beside the answer) and a set of kinds."""
