"""The abilities of an object: its card's text plus abilities granted by effects."""

from __future__ import annotations

import dataclasses

from models.abilities import CardAbilities
from models.objects import Card, GameObject, Zone
from models.oracle.parser import parse_card, parse_granted
from models.state import GameState

__all__ = ["abilities_of", "with_attached_grants"]


_BY_IDENTITY: dict[int, tuple[GameObject, CardAbilities]] = {}
_LIMIT = 8192


def abilities_of(obj: GameObject) -> CardAbilities:
    """The card's abilities with the object's granted abilities added (CR 613.1f).

    Parameters
    ----------
    obj : GameObject

    Returns
    -------
    CardAbilities
    """
    # Kept by identity: hashing a whole object (its card's every field) on
    # each call costs more than reading the abilities.
    found = _BY_IDENTITY.get(id(obj))
    if found is not None and found[0] is obj:
        return found[1]
    if len(_BY_IDENTITY) >= _LIMIT:
        _BY_IDENTITY.clear()
    abilities = _abilities_of(obj)
    _BY_IDENTITY[id(obj)] = (obj, abilities)
    return abilities


_CARDS: dict[int, tuple[Card, CardAbilities]] = {}


def _read(card: Card) -> CardAbilities:
    """:func:`parse_card`, kept by the card's identity: the states of one card data share their cards."""
    found = _CARDS.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    if len(_CARDS) >= _LIMIT:
        _CARDS.clear()
    abilities = parse_card(card)
    _CARDS[id(card)] = (card, abilities)
    return abilities


def _abilities_of(obj: GameObject) -> CardAbilities:
    own = _read(obj.card)
    if not obj.granted:
        return own
    granted = parse_granted(obj.granted)
    return dataclasses.replace(
        own,
        flash=own.flash or granted.flash,
        protections=own.protections + granted.protections,
        hexproof=own.hexproof or granted.hexproof, hexproof_from=own.hexproof_from | granted.hexproof_from,
        shroud=own.shroud or granted.shroud, ward=own.ward or granted.ward,
        keywords=own.keywords | granted.keywords,
    )


_GRANTED_STATES: dict[int, tuple[GameState, GameState]] = {}
_STATES_LIMIT = 64
"""States kept with their granted abilities: a few positions' worth (each holds its objects)."""


def with_attached_grants(state: GameState) -> GameState:
    """The state with what Auras and Equipment give the permanents they are attached to added to their abilities.

    "Equipped creature has shroud" (CR 301.5, 303.4, 613.1f): each keyword an attached Aura or Equipment gives
    (:attr:`~models.abilities.CardAbilities.attached_grants`) is added to the ``granted`` abilities of the
    permanent it is attached to, once (a state that already lists it is unchanged).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    GameState
        ``state`` itself when nothing is given; else a state whose objects carry the keywords. Kept by
        identity, as :func:`abilities_of` keeps abilities.
    """
    found = _GRANTED_STATES.get(id(state))
    if found is not None and found[0] is state:
        return found[1]
    extra: dict[str, list[str]] = {}
    for obj in state.objects:
        if obj.zone is not Zone.BATTLEFIELD or obj.attached_to is None:
            continue
        grants = abilities_of(obj).attached_grants
        if grants and state.has_object(obj.attached_to) \
                and state.object(obj.attached_to).zone is Zone.BATTLEFIELD:
            extra.setdefault(obj.attached_to, []).extend(grants)
    result = state
    if extra:
        objects = tuple(
            dataclasses.replace(o, granted=tuple(dict.fromkeys(o.granted + tuple(extra[o.id])))) if o.id in extra
            else o for o in state.objects)
        result = dataclasses.replace(state, objects=objects)
    if len(_GRANTED_STATES) >= _STATES_LIMIT:
        _GRANTED_STATES.clear()
    _GRANTED_STATES[id(state)] = (state, result)
    return result
