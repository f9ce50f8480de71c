"""Split cards (CR 709) and fuse (CR 702.102): which half, or both, is cast.

A split card is cast as one of its halves: only that half is evaluated to see
if it can be cast, and only its characteristics exist on the stack (CR 709.3,
709.3a-b). A split card with fuse cast from its owner's hand may instead be
cast as both halves, a fused split spell with the halves' characteristics
combined and a total cost including both mana costs (CR 702.102a-c). The
choice is made before anything else (CR 702.102a: before the card is put
onto the stack), so each choice is its own cast problem: the problem of the
half, or of the whole card, standing in the card's place, whose face variable
(:data:`~models.choices.FACE`) has that one value.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from models.choices import FACE
from models.errors import InputError
from models.objects import Card, GameObject, Zone
from models.state import GameState
from solver.abilities import abilities_of
from solver.problem import CastProblem, Reason

__all__ = ["add_face_rules", "castable_faces", "half_choices", "halves_reason", "spell_of_halves"]


def _fuses(obj: GameObject) -> bool:
    """Whether the object is a split card with fuse in its owner's hand (CR 702.102a)."""
    return obj.zone is Zone.HAND and any(abilities_of(dataclasses.replace(obj, card=h)).fuse for h in obj.card.halves)


def half_choices(state: GameState, object_id: str) -> tuple[tuple[str, ...], ...]:
    """The ways to choose halves when casting an object.

    Parameters
    ----------
    state : GameState
    object_id : str

    Returns
    -------
    tuple of tuple of str
        ``((),)`` for a card that is not a split card, then each other face that may be cast instead
        (:func:`castable_faces`: an Adventure, a modal double-faced card's back face, a disturb back face); for
        a split card each half alone, left first (CR 709.3), then both halves when the card has fuse and is in
        a hand (CR 702.102a).
    """
    obj = state.object(object_id)
    if not obj.card.halves:
        return ((),) + tuple((face.name,) for face in castable_faces(obj))
    names = tuple(h.name for h in obj.card.halves)
    return tuple((n,) for n in names) + ((names,) if _fuses(obj) else ())


def castable_faces(obj: GameObject) -> tuple[Card, ...]:
    """The other faces of a card that may be cast instead of its front face from where it is.

    An adventurer card's Adventure (CR 715.3), but not from exile after its Adventure resolved (CR 715.3d), and an
    omen card's Omen (CR 720.3; the card data gives omen cards the layout ``"adventure"``); a
    modal double-faced card's back face unless it is a land, which is played (CR 712.11b, 712.12); a
    transforming card's back face from its owner's graveyard by disturb (CR 702.146a, 712.11a, 712.11d), or from
    its hand converted by More Than Meets the Eye (CR 702.162a).

    Parameters
    ----------
    obj : GameObject
        Its card as :func:`models.cards.card_of_object` gives it, with ``other_faces``.

    Returns
    -------
    tuple of Card
        Empty for a card with no such face, or whose face the card data lacks (the reader reports that).
    """
    card = obj.card
    if card.layout == "adventure":
        return () if obj.zone is Zone.EXILE and obj.on_adventure else card.other_faces[:1]
    if card.layout == "modal_dfc":
        return tuple(face for face in card.other_faces[:1] if not face.is_land)
    if (
        card.layout == "transform"
        and obj.zone is Zone.GRAVEYARD
        and any(cost.keyword == "disturb" for cost in abilities_of(obj).alternative_costs)
    ):
        return card.other_faces[:1]
    if card.layout == "transform" and obj.zone is Zone.HAND and abilities_of(obj).more_than_meets_the_eye:
        return card.other_faces[:1]  # converted, from the hand (CR 702.162a, 712.11a)
    return ()


def halves_reason(
    state: GameState, object_id: str, halves: tuple[str, ...], cast_from: Zone | None = None
) -> tuple[str, str] | None:
    """Why a choice of halves can't be made for an object, as (rule, sentence), or None when it can.

    Parameters
    ----------
    state : GameState
    object_id : str
    halves : tuple of str
        Names of the halves cast; empty for a card that is not split.
    cast_from : Zone or None
        For a spell on the stack, the zone it was cast from (fuse casts both halves only from a hand, CR
        702.102a); None: the zone the object is in.
    """
    if cast_from is not None and state.object(object_id).zone is not cast_from:
        state = state.with_object(dataclasses.replace(state.object(object_id), zone=cast_from))
    obj = state.object(object_id)
    if not obj.card.halves:
        if halves in half_choices(state, object_id):
            return None
        faces = [face.name for face in castable_faces(obj)]
        if faces:
            return "CR 712.11", f"{', '.join(halves)} is not a face of {obj.name} that can be cast now ({faces[0]})"
        return "CR 709.1", f"{obj.name} is not a split card: no halves can be named"
    names = tuple(h.name for h in obj.card.halves)
    if halves in half_choices(state, object_id):
        return None
    if not halves:
        return "CR 709.3", f"{obj.name} is a split card: the cast names the half cast ({' or '.join(names)})"
    if halves == names:
        where = "is not in a hand" if obj.zone is not Zone.HAND else "has no fuse"
        return "CR 702.102a", f"both halves of {obj.name} are cast only by fuse from the hand, and it {where}"
    return "CR 709.3", f"{', '.join(halves)} is not a half of {obj.name} ({' or '.join(names)})"


def spell_of_halves(
    state: GameState, object_id: str, halves: tuple[str, ...], cast_from: Zone | None = None
) -> GameState:
    """The state in which the chosen half (or the fused whole) stands in the split card's place.

    Parameters
    ----------
    state : GameState
    object_id : str
    halves : tuple of str
        One of :func:`half_choices`.
    cast_from : Zone or None
        As :func:`halves_reason`.

    Returns
    -------
    GameState
        ``state`` itself for a card that is not split or cast fused (the whole
        card has the combined characteristics, CR 702.102b); else the state with
        the object's card replaced by the half (CR 709.3b).

    Raises
    ------
    InputError
        A choice of halves that :func:`halves_reason` refuses.
    """
    reason = halves_reason(state, object_id, halves, cast_from)
    if reason is not None:
        raise InputError("halves", f"{reason[1]} ({reason[0]})")
    obj = state.object(object_id)
    if len(halves) != 1:
        return state
    half = next(h for h in obj.card.halves + obj.card.other_faces if h.name == halves[0])
    if obj.card.layout == "transform":  # cast transformed: its mana value is its front face's (CR 202.3b, 712.8c)
        half = dataclasses.replace(half, mana_cost=obj.card.mana_cost)
    return state.with_object(dataclasses.replace(obj, card=half))


def add_face_rules(problem: CastProblem, state: GameState) -> None:
    """Add the face variable: the half (or both, fused) this problem casts, one value (CR 709.3, 702.102a).

    Parameters
    ----------
    problem : CastProblem
    state : GameState
        The state with the whole card (the problem's holds the half standing in its place).
    """
    card_id = problem.spell.id
    halves, name = problem.halves, problem.spell.name  # kept by the problem: no reference back to it

    def why_not(value: Any) -> tuple[Reason, ...]:
        refused = halves_reason(state, card_id, tuple(value))
        if refused is not None:
            return (Reason(*refused),)
        return (
            Reason("CR 709.3", f"this is the cast of {' and '.join(halves) or name}, not of {' and '.join(value)}"),
        )

    problem.add_variable(FACE, (problem.halves,), "CR 709.3", why_not)
