"""The abilities of an object: its card's text plus abilities granted by effects."""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from models.abilities import CardAbilities
from models.objects import Card, GameObject
from models.oracle.parser import parse_card, parse_granted
from models.state import GameState

__all__ = [
    "KEYWORD_COUNTERS",
    "abilities_of",
    "keyword_counters",
    "kept_by_identity",
    "StateTable",
]


_BY_IDENTITY: dict[int, tuple[GameObject, CardAbilities]] = {}
_CARDS: dict[int, tuple[Card, CardAbilities]] = {}
_LIMIT = 8192
Made = TypeVar("Made")


Kept = TypeVar("Kept")


class StateTable(Generic[Kept]):
    """What is kept for each state object, by identity, dropped when the state is.

    A state is the position of one decision: what is worked out for it (the targets legal for a phrase, the
    caster's mana) lives as long as the state and no longer, without keeping the state alive, so that a
    position dropped is freed at once, and no object of it lingers for Python's garbage collector to scan. At
    most ``limit`` states are kept; past that, the one kept longest is dropped.

    Parameters
    ----------
    limit : int
        The most states kept at once.
    """

    def __init__(self, limit: int) -> None:
        self._entries: dict[int, tuple[weakref.ref[GameState], Kept]] = {}
        self._limit = limit

    def get(self, state: GameState, default: Any = None) -> Any:
        """What is kept for this state object; ``default`` when nothing is."""
        found = self._entries.get(id(state))
        if found is not None and found[0]() is state:
            return found[1]
        return default

    def put(self, state: GameState, value: Kept) -> None:
        """Keep ``value`` for this state object until it is dropped (or the table is full)."""
        entries = self._entries
        if len(entries) >= self._limit:
            del entries[next(iter(entries))]
        key = id(state)

        def drop(ref: weakref.ref[GameState]) -> None:  # the state is being freed
            found = entries.get(key)
            if found is not None and found[0] is ref:
                del entries[key]

        entries[key] = (weakref.ref(state, drop), value)

    def __len__(self) -> int:
        return len(self._entries)


def kept_by_identity(table: dict[int, tuple[Any, Made]], thing: Any, make: Callable[[Any], Made]) -> Made:
    """``make(thing)``, kept in ``table`` by the thing's identity (at most 8,192 kept, then made anew).

    Hashing a whole object or card (every field of it) on each call costs more than what is made of it. The
    thing itself is kept beside what is made of it, so an identity reused by another object never answers.

    Parameters
    ----------
    table : dict of int to (object, value)
    thing : object
    make : callable
        ``make(thing) -> value``.

    Returns
    -------
    value
    """
    found = table.get(id(thing))
    if found is not None and found[0] is thing:
        return found[1]
    if len(table) >= _LIMIT:
        table.clear()
    made = make(thing)
    table[id(thing)] = (thing, made)
    return made


KEYWORD_COUNTERS = frozenset(
    {
        "flying",
        "first strike",
        "double strike",
        "deathtouch",
        "decayed",
        "exalted",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "shadow",
        "trample",
        "vigilance",
    }
)
"""The kinds of keyword counter: a counter of one gives its object that keyword, in any zone (CR 122.1b)."""


def keyword_counters(obj: GameObject) -> tuple[str, ...]:
    """The keywords the object's keyword counters give it (CR 122.1b, 613.1f), in its counters' order.

    Parameters
    ----------
    obj : GameObject

    Returns
    -------
    tuple of str
        Each keyword of a counter kind of :data:`KEYWORD_COUNTERS` the object has at least one of.
    """
    return tuple(kind for kind, number in obj.counters if number > 0 and kind.lower() in KEYWORD_COUNTERS)


def abilities_of(obj: GameObject) -> CardAbilities:
    """The card's abilities with the object's granted abilities and keyword counters added (CR 613.1f, 122.1b).

    Parameters
    ----------
    obj : GameObject

    Returns
    -------
    CardAbilities
    """
    if (
        not obj.granted
        and not (obj.counters and keyword_counters(obj))
        and not (obj.abilities_lost or obj.keywords_lost or obj.activation_banned or obj.rules_text_lost)
    ):
        return kept_by_identity(_CARDS, obj.card, parse_card)  # the card's own: kept by the card, not by objects
    return kept_by_identity(_BY_IDENTITY, obj, _abilities_of)


def _read(card: Card) -> CardAbilities:
    """:func:`parse_card`, kept by the card's identity: the states of one card data share their cards."""
    return kept_by_identity(_CARDS, card, parse_card)


def _abilities_of(obj: GameObject) -> CardAbilities:
    own = _taken_away(obj, _read(obj.card))
    gained = tuple(dict.fromkeys(obj.granted + keyword_counters(obj)))  # a counter is a grant (CR 122.1b)
    if not gained:
        return own
    granted = parse_granted(gained)
    return dataclasses.replace(
        own,
        flash=own.flash or granted.flash,
        protections=own.protections + granted.protections,
        hexproof=own.hexproof or granted.hexproof,
        hexproof_from=own.hexproof_from | granted.hexproof_from,
        hexproof_from_qualities=own.hexproof_from_qualities + granted.hexproof_from_qualities,
        shroud=own.shroud or granted.shroud,
        ward=own.ward or granted.ward,
        keywords=own.keywords | granted.keywords,
        # a mana ability given ('Lands you control have "{T}: Add one mana of any color."', CR 613.1f), unless
        # its activated abilities can't be activated (CR 602.5)
        mana_abilities=own.mana_abilities + (() if obj.activation_banned else granted.mana_abilities),
    )


def _taken_away(obj: GameObject, own: CardAbilities) -> CardAbilities:
    """The card's abilities less what effects took from the permanent (CR 613.1f, 602.5).

    All its abilities lost: none of its card's (its unread text with them: it says nothing any more); keywords
    lost ("loses flying"): those keywords, hexproof, shroud and protections among them; its activated abilities
    banned: its mana abilities (CR 605.3a).
    """
    if obj.abilities_lost or obj.rules_text_lost:
        return CardAbilities()
    if not (obj.keywords_lost or obj.activation_banned):
        return own
    lost = {keyword.lower() for keyword in obj.keywords_lost}
    return dataclasses.replace(
        own,
        keywords=own.keywords - lost,
        hexproof=own.hexproof and "hexproof" not in lost,
        shroud=own.shroud and "shroud" not in lost,
        flash=own.flash and "flash" not in lost,
        protections=tuple(p for p in own.protections if p.text.lower() not in lost and "protection" not in lost),
        hexproof_from_qualities=tuple(p for p in own.hexproof_from_qualities if p.text.lower() not in lost),
        mana_abilities=() if obj.activation_banned else own.mana_abilities,
    )
