"""A view dropped is freed at once: the problems, rules and analyses it keeps make no reference cycle.

A rule kept by a problem that held the problem itself would be a cycle, freed only by Python's garbage
collector: an AI that counts a whole hand at every decision would pay the collector milliseconds a position
(see ``solver.problem.ProblemRef``). Here every card of the example states and of benchmark positions is
counted, listed, checked, sampled and explained, the view dropped, and the collector must find nothing.
"""

from __future__ import annotations

import gc
import itertools
import random
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.positions import position_state
from legalcasts import castable_objects, legal_casts
from models.errors import InputError, UnsupportedRuleError
from models.io.state_json import load_state
from models.state import GameState

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _states() -> Iterator[tuple[str, GameState]]:
    for path in sorted(EXAMPLES.glob("*.json")):
        try:
            yield path.name, load_state(path)
        except InputError:
            continue
    for hand in ("arcane", "burn", "control", "targets", "costs"):
        for variant in ("2p", "stack"):
            yield f"{hand}/{variant}", position_state(25, hand, variant)


def _use(state: GameState, card: str, player: str) -> None:
    """Every way a user reads a view: count, the first casts, membership, reasons, action ids, a sample, prompts."""
    view = legal_casts(state, card, player=player)
    total = view.count()
    for cast in itertools.islice(view, 3):
        assert cast in view
        problem = view.problem_for(cast)
        assert problem is not None and not problem.why_illegal(cast)
        action = view.action_id(cast)
        assert action is not None and view.cast_of(action) == cast
    if total:
        view.sample(random.Random(7))
    view.options()


def _garbage_after(state: GameState, card: str, player: str) -> int:
    """How many objects the collector finds unreachable once the view of ``card`` is used and dropped.

    Called with the collector disabled: what the view makes stays in the youngest generation, whose collection
    finds any cycle among it without a pass over the whole heap.
    """
    gc.collect(0)
    try:
        _use(state, card, player)
    except (UnsupportedRuleError, InputError):
        pass
    return gc.collect(0)


@pytest.mark.parametrize("name,state", list(_states()), ids=lambda value: value if isinstance(value, str) else "")
def test_dropped_views_leave_no_reference_cycle(name: str, state: GameState) -> None:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        # the cards read once first: a card's first reading fills caches that live on (not garbage either way)
        for player in state.players:
            for card in castable_objects(state, player):
                _garbage_after(state, card, player)
        left = {
            f"{player}/{card}": found
            for player in state.players
            for card in castable_objects(state, player)
            if (found := _garbage_after(state, card, player))
        }
    finally:
        if was_enabled:
            gc.enable()
    assert left == {}, f"{name}: views whose objects only the garbage collector frees: {left}"


@pytest.mark.parametrize("hand", ["arcane", "targets"])
def test_a_dropped_state_is_freed_at_once_with_what_was_kept_for_it(hand: str) -> None:
    # What is worked out per state (its memo, its twin with granted abilities) lives as long as the state and
    # does not keep it alive: once the views and the state are dropped, reference counting frees them all.
    from solver.problem import _STATE_MEMOS

    state = position_state(25, hand, "2p")
    for card in castable_objects(state, "P1"):
        _use(state, card, "P1")
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect(0)
        kept = len(_STATE_MEMOS)
        alive = weakref.ref(state)
        del state
        assert alive() is None
        assert len(_STATE_MEMOS) == kept - 1  # its memo went with it
        assert gc.collect(0) == 0
    finally:
        if was_enabled:
            gc.enable()
