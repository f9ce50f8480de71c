"""The abilities of an object: its card's text plus abilities granted by effects."""

from __future__ import annotations

import dataclasses

from models.abilities import CardAbilities
from models.objects import GameObject
from models.oracle.parser import parse_card, parse_granted

__all__ = ["abilities_of"]


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


def _abilities_of(obj: GameObject) -> CardAbilities:
    own = parse_card(obj.card)
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
