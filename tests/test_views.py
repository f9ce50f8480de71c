"""Held views: is_legal_cast, why_illegal, sample_cast and count_legal_casts build a state's problem once.

CR 601.2: the casts of a card depend on the state and the choices only, so the problem of one state object
(states are immutable) is built once and read by every later question; a new state object gets its own.
"""

from __future__ import annotations

import random

import solver.legal
from models.io.state_json import state_from_data
from solver.legal import count_legal_casts, held_view, is_legal_cast, legal_casts, sample_cast, why_illegal

DATA = {
    "players": ["P1", "P2"],
    "objects": [
        {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
        {"id": "m1", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
        {"id": "bear", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
    ],
}


def test_questions_on_one_state_build_one_problem(monkeypatch):
    """CR 601.2c: Lightning Bolt, any target: P1, P2 or the Bears, 3 casts; each question builds nothing new."""
    built = []
    real = solver.legal.build_cast_problem
    monkeypatch.setattr(solver.legal, "build_cast_problem", lambda *a, **k: built.append(a) or real(*a, **k))
    state = state_from_data(DATA)
    casts = list(legal_casts(state, "bolt"))
    assert len(casts) == 3 and len(built) == 1
    for _ in range(3):
        assert all(is_legal_cast(state, cast) for cast in casts)
        assert all(why_illegal(state, cast) == () for cast in casts)
        assert sample_cast(state, "bolt", random.Random(1)) in casts
        assert count_legal_casts(state) == count_legal_casts(state, "bolt") == 3
    assert len(built) == 3  # the view of the list above, the problem the checks read, the held view
    assert held_view(state, "bolt") is held_view(state, "bolt")


def test_a_new_state_object_gets_its_own_view():
    """CR 601.2c: the same data read again is another state object; a changed state gives other answers."""
    state = state_from_data(DATA)
    other = state_from_data({**DATA, "objects": DATA["objects"][:2]})  # no Bears: P1 or P2
    assert held_view(state, "bolt") is not held_view(state_from_data(DATA), "bolt")
    assert count_legal_casts(state) == 3 and count_legal_casts(other) == 2
    bears = next(cast for cast in legal_casts(state, "bolt") if cast.targets[0].targets == ("bear",))
    assert is_legal_cast(state, bears) and not is_legal_cast(other, bears)
