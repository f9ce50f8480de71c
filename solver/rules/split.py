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
from models.objects import GameObject, Zone
from models.state import GameState
from solver.abilities import abilities_of
from solver.problem import CastProblem, Reason

__all__ = ["half_choices", "spell_of_halves", "halves_reason", "add_face_rules"]


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
        ``((),)`` for a card that is not a split card; else each half alone,
        left first (CR 709.3), then both halves when the card has fuse and is
        in a hand (CR 702.102a).
    """
    obj = state.object(object_id)
    if not obj.card.halves:
        return ((),)
    names = tuple(h.name for h in obj.card.halves)
    return tuple((n,) for n in names) + ((names,) if _fuses(obj) else ())


def halves_reason(state: GameState, object_id: str, halves: tuple[str, ...]) -> tuple[str, str] | None:
    """Why a choice of halves can't be made for an object, as (rule, sentence), or None when it can.

    Parameters
    ----------
    state : GameState
    object_id : str
    halves : tuple of str
        Names of the halves cast; empty for a card that is not split.
    """
    obj = state.object(object_id)
    if not obj.card.halves:
        return None if not halves else ("CR 709.1", f"{obj.name} is not a split card: no halves can be named")
    names = tuple(h.name for h in obj.card.halves)
    if halves in half_choices(state, object_id):
        return None
    if not halves:
        return "CR 709.3", f"{obj.name} is a split card: the cast names the half cast ({' or '.join(names)})"
    if halves == names:
        where = "is not in a hand" if obj.zone is not Zone.HAND else "has no fuse"
        return "CR 702.102a", f"both halves of {obj.name} are cast only by fuse from the hand, and it {where}"
    return "CR 709.3", f"{', '.join(halves)} is not a half of {obj.name} ({' or '.join(names)})"


def spell_of_halves(state: GameState, object_id: str, halves: tuple[str, ...]) -> GameState:
    """The state in which the chosen half (or the fused whole) stands in the split card's place.

    Parameters
    ----------
    state : GameState
    object_id : str
    halves : tuple of str
        One of :func:`half_choices`.

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
    reason = halves_reason(state, object_id, halves)
    if reason is not None:
        raise InputError("halves", f"{reason[1]} ({reason[0]})")
    obj = state.object(object_id)
    if len(halves) != 1:
        return state
    half = next(h for h in obj.card.halves if h.name == halves[0])
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

    def why_not(value: Any) -> tuple[Reason, ...]:
        refused = halves_reason(state, card_id, tuple(value))
        if refused is not None:
            return (Reason(*refused),)
        return (Reason("CR 709.3", f"this is the cast of {' and '.join(problem.halves) or problem.spell.name}, "
                                   f"not of {' and '.join(value)}"),)

    problem.add_variable(FACE, (problem.halves,), "CR 709.3", why_not)
