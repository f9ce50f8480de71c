"""Casting a card face down: morph, megamorph and disguise (CR 702.37, 702.168, 708).

A card with one of these keywords may be cast as a 2/2 face-down creature with no text, no name, no subtypes
and no mana cost, by paying {3} rather than its mana cost (CR 702.37a, 702.168a): an alternative cost (CR
118.9), so no other alternative cost is paid with it (CR 118.9a). It is turned face down before it is put on
the stack, so every rule that looks at the spell sees only the face-down characteristics (CR 708.4): its
timing (a creature's, CR 307.1-style sorcery timing unless an effect grants flash), the cost changes that
apply to it, its mana value 0. The choice to cast it face down is made first, so it is its own cast problem,
as a split card's half is (CR 709.3): the face-down object standing in the card's place, with the one
alternative cost.
"""

from __future__ import annotations

import dataclasses

from models.abilities import FACE_DOWN_KEYWORDS, AlternativeCost, CardAbilities, Cost
from models.mana import ManaCost
from models.objects import face_down_card
from models.state import GameState
from solver.abilities import abilities_of

__all__ = ["FACE_DOWN_COST", "face_down_choices", "face_down_abilities", "spell_cast_face_down"]

FACE_DOWN_COST = ManaCost.parse("{3}", path="face-down cost")
"""What is paid to cast a card face down, rather than its mana cost (CR 702.37a, 702.168a)."""


def face_down_choices(state: GameState, object_id: str, without_paying_mana_cost: bool = False) -> tuple[str, ...]:
    """The keywords the object may be cast face down with: ``("morph",)``, or ``()``.

    Parameters
    ----------
    state : GameState
    object_id : str
    without_paying_mana_cost : bool
        Cast without paying the mana cost, itself an alternative cost: then never face down (CR 118.9a).

    Returns
    -------
    tuple of str
        The object's morph, megamorph or disguise keyword (CR 702.37a, 702.168a), when it has one and is not
        a land; empty otherwise. It may be cast face down from any zone it could be cast from (CR 702.37c):
        the zone rules of the face-down problem decide.
    """
    obj = state.object(object_id)
    keyword = abilities_of(obj).face_down
    if keyword is None or without_paying_mana_cost or obj.card.is_land:
        return ()
    return (keyword,)


def face_down_abilities(keyword: str) -> CardAbilities:
    """The abilities of the face-down spell: none but the alternative cost of {3} it is cast for.

    Parameters
    ----------
    keyword : str
        ``"morph"``, ``"megamorph"`` or ``"disguise"``: the name of the alternative cost in the cast record.

    Returns
    -------
    CardAbilities
        No text (CR 708.2a); one alternative cost, {3} (CR 702.37a, 702.168a).
    """
    cost = Cost(FACE_DOWN_COST, text=f"{keyword} (cast face down for {{3}})")
    return CardAbilities(alternative_costs=(AlternativeCost(keyword, cost, FACE_DOWN_KEYWORDS[keyword]),))


def spell_cast_face_down(state: GameState, object_id: str) -> GameState:
    """The state in which the face-down spell stands in the card's place (CR 702.37c, 708.4).

    Parameters
    ----------
    state : GameState
    object_id : str

    Returns
    -------
    GameState
        ``state`` with the object's card replaced by its face-down characteristics
        (:func:`models.objects.face_down_card`).
    """
    obj = state.object(object_id)
    changed = dataclasses.replace(obj, card=face_down_card(obj.card), granted=())
    return dataclasses.replace(state, objects=tuple(changed if o.id == obj.id else o for o in state.objects))
