"""Alternative costs that change what the spell is: cast face down, or cast bestowed.

Morph, megamorph and disguise cast the card as a 2/2 face-down creature with no text, no name, no subtypes and
no mana cost, for {3} rather than its mana cost (CR 702.37a-c, 702.168a, 708.2a). Bestow casts it as an Aura
enchantment spell with enchant creature, for its bestow cost rather than its mana cost (CR 702.103a-b), and, as
an Aura spell, it targets the creature it will enchant (CR 303.4a). Each is an alternative cost (CR 118.9), so no
other is paid with it (CR 118.9a), and only the characteristics it gives are evaluated to see whether the spell
can be cast (CR 702.103d, 708.4): its timing, the cost changes that apply to it, its targets. The choice is made
first, so each is its own cast problem, as a split card's half is (CR 709.3): the changed object standing in the
card's place, with that one alternative cost.

Prototype is no alternative cost: casting the card prototyped (CR 702.160a, 718.3) gives the spell the
prototype's mana cost, power and toughness, and the colours of that mana cost (CR 718.3b), and only those are
evaluated to see whether it can be cast (CR 718.3a); any alternative cost may be paid with it, "without paying
its mana cost" too. It is one more problem beside the card's (:func:`can_be_prototyped`,
:func:`prototyped_card`), its casts saying ``prototyped``.
"""

from __future__ import annotations

import dataclasses

from models.abilities import FACE_DOWN_KEYWORDS, AlternativeCost, CardAbilities, Cost, Prototype
from models.mana import ManaCost
from models.objects import Card, CardType, GameObject, face_down_card
from models.state import GameState
from solver.abilities import abilities_of

__all__ = [
    "FACE_DOWN_COST",
    "cast_as_choices",
    "cast_as_abilities",
    "spell_cast_as",
    "bestowed_card",
    "can_be_prototyped",
    "prototyped_card",
    "spell_prototyped",
]

FACE_DOWN_COST = ManaCost.parse("{3}", path="face-down cost")
"""What is paid to cast a card face down, rather than its mana cost (CR 702.37a, 702.168a)."""

BESTOW_RULE = "CR 702.103a"


def cast_as_choices(state: GameState, object_id: str, without_paying_mana_cost: bool = False) -> tuple[str, ...]:
    """The keywords that let the object be cast as something else: ``("morph",)``, ``("bestow",)`` or ``()``.

    Parameters
    ----------
    state : GameState
    object_id : str
    without_paying_mana_cost : bool
        Cast without paying the mana cost, itself an alternative cost: then neither (CR 118.9a).

    Returns
    -------
    tuple of str
        The object's morph, megamorph or disguise keyword (CR 702.37a, 702.168a), then ``"bestow"`` (CR
        702.103a), those it has. Either works from any zone the card could be cast from (CR 702.37c,
        702.103a): the zone rules of the changed problem decide.
    """
    obj = state.object(object_id)
    if without_paying_mana_cost or obj.card.is_land:
        return ()
    abilities = abilities_of(obj)
    return ((abilities.face_down,) if abilities.face_down else ()) + (("bestow",) if abilities.bestow else ())


def bestowed_card(card: Card) -> Card:
    """The characteristics of a card cast bestowed: an Aura enchantment with enchant creature (CR 702.103b).

    It is no longer a creature (nor has creature subtypes or power and toughness); it keeps its name, mana
    cost, colours, supertypes and text, and gains "Enchant creature".

    Parameters
    ----------
    card : Card

    Returns
    -------
    Card
    """
    text = "Enchant creature\n" + card.oracle_text
    supertypes = " ".join(card.supertypes) + " " if card.supertypes else ""
    return Card(
        name=card.name,
        mana_cost=card.mana_cost,
        colors=card.colors,
        type_line=f"{supertypes}Enchantment — Aura",
        supertypes=card.supertypes,
        types=(CardType.ENCHANTMENT,),
        subtypes=("Aura",),
        oracle_text=text,
        name_fr=card.name_fr,
    )


def spell_cast_as(state: GameState, object_id: str, keyword: str) -> GameState:
    """The state in which the face-down or bestowed spell stands in the card's place (CR 708.4, 702.103b).

    Parameters
    ----------
    state : GameState
    object_id : str
    keyword : str
        One of :func:`cast_as_choices`.

    Returns
    -------
    GameState
        ``state`` with the object's card replaced (:func:`models.objects.face_down_card`,
        :func:`bestowed_card`); a face-down spell has no abilities granted to the card.
    """
    obj = state.object(object_id)
    if keyword in FACE_DOWN_KEYWORDS:
        changed = dataclasses.replace(obj, card=face_down_card(obj.card), granted=())
    else:
        changed = dataclasses.replace(obj, card=bestowed_card(obj.card))
    return state.with_object(changed)


def cast_as_abilities(spell: GameObject, keyword: str, original: CardAbilities) -> CardAbilities:
    """The abilities of the changed spell, with the one alternative cost it is cast for.

    Parameters
    ----------
    spell : GameObject
        The changed object (:func:`spell_cast_as`).
    keyword : str
    original : CardAbilities
        The face-up card's abilities (its bestow cost).

    Returns
    -------
    CardAbilities
        Face down: no text (CR 708.2a), and the alternative cost {3} (CR 702.37a, 702.168a). Bestowed: the
        abilities of the Aura it becomes (its "Enchant creature" a target, CR 303.4a) and the alternative cost
        of its bestow cost (CR 702.103a).
    """
    if keyword in FACE_DOWN_KEYWORDS:
        cost = Cost(FACE_DOWN_COST, text=f"{keyword} (cast face down for {{3}})")
        return CardAbilities(alternative_costs=(AlternativeCost(keyword, cost, FACE_DOWN_KEYWORDS[keyword]),))
    assert original.bestow is not None
    aura = abilities_of(spell)
    bestow = AlternativeCost("bestow", original.bestow, BESTOW_RULE)
    return dataclasses.replace(aura, alternative_costs=aura.alternative_costs + (bestow,))


def can_be_prototyped(state: GameState, object_id: str) -> bool:
    """Whether the object may be cast prototyped: a card with prototype, not a land (CR 702.160a, 718.3).

    Prototype works wherever the card is cast from, and with any alternative cost (it is none itself, CR
    118.9): the zone and cost rules of the prototyped problem decide.

    Parameters
    ----------
    state : GameState
    object_id : str

    Returns
    -------
    bool
    """
    obj = state.object(object_id)
    return not obj.card.is_land and abilities_of(obj).prototype is not None


def prototyped_card(card: Card, prototype: Prototype) -> Card:
    """The characteristics of a card cast prototyped (CR 718.3b, 718.5).

    Only its mana cost, power and toughness change, to the prototype's, and its colours, to those of that
    mana cost (CR 105.2); its name, types, subtypes and text stay (CR 718.5).

    Parameters
    ----------
    card : Card
    prototype : Prototype

    Returns
    -------
    Card

    Examples
    --------
    >>> from models.mana import ManaCost
    >>> card = Card("Blitz Automaton", ManaCost.parse("{7}"), frozenset(), "Artifact Creature")
    >>> proto = prototyped_card(card, Prototype(ManaCost.parse("{2}{R}"), "3", "2"))
    >>> str(proto.mana_cost), sorted(c.value for c in proto.colors), proto.power
    ('{2}{R}', ['R'], '3')
    """
    return dataclasses.replace(
        card,
        mana_cost=prototype.mana_cost,
        colors=frozenset(prototype.mana_cost.colors),
        power=prototype.power,
        toughness=prototype.toughness,
    )


def spell_prototyped(state: GameState, object_id: str) -> GameState:
    """The state in which the prototyped spell stands in the card's place (CR 718.3a-b).

    Parameters
    ----------
    state : GameState
    object_id : str
        An object that :func:`can_be_prototyped`.

    Returns
    -------
    GameState
    """
    obj = state.object(object_id)
    prototype = abilities_of(obj).prototype
    assert prototype is not None  # checked by can_be_prototyped
    return state.with_object(dataclasses.replace(obj, card=prototyped_card(obj.card, prototype)))
