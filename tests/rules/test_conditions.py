"""Casting rules that read the state's ``this_turn`` facts: spectacle, surge, "if …this turn" cost changes.

A fact the state does not give is taken as nothing happened (the conservative reading), and ``explain`` says
so. Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from solver.explain import explain_card


@pytest.mark.parametrize(
    ("this_turn", "expected"),
    [
        ({"life_lost": {"P2": 2}}, 2),  # spectacle {R} payable: any target P1 or P2
        ({"life_lost": {"P1": 2}}, 0),  # P1 is no opponent of P1's
        ({}, 0),  # not given: taken as no life lost
    ],
)
def test_spectacle(make_state, casts, this_turn, expected):
    """Skewer the Critics ({2}{R}, spectacle {R}) with one Mountain: only the spectacle cost can be paid.

    It may be paid only if an opponent lost life this turn (CR 702.137a).
    """
    state = make_state(hand=[("sk", "Skewer the Critics")], battlefield=[("m", "Mountain")], this_turn=this_turn)
    found = casts(state, "sk")
    assert len(found) == expected and all(c.alternative_cost == "spectacle" for c in found)


def test_a_fact_not_given_is_said_in_explain(make_state):
    """Without ``this_turn.life_lost``, the spectacle cost is not payable, and explain says why (STATE_FORMAT)."""
    state = make_state(hand=[("sk", "Skewer the Critics")], battlefield=[("m", "Mountain")])
    explanation = explain_card(state, "sk")
    assert explanation.count == 0
    assert any("spectacle" in r.message and "this_turn.life_lost" in r.message for r in explanation.reasons)


@pytest.mark.parametrize(("this_turn", "expected"), [({"spells_cast": {"P1": 1}}, 1), ({"spells_cast": {"P2": 3}}, 0)])
def test_cost_less_if_you_cast_another_spell(make_state, casts, this_turn, expected):
    """Focus the Mind ({4}{U}) costs {2} less if its caster has cast another spell this turn (CR 601.2f).

    Three Islands: {2}{U} is paid only when P1 has cast one: 1; P2's spells don't count: 0.
    """
    state = make_state(
        hand=[("ftm", "Focus the Mind")], battlefield=[(f"i{i}", "Island") for i in range(3)], this_turn=this_turn
    )
    assert len(casts(state, "ftm")) == expected


def test_surge(make_state, casts):
    """Crush of Tentacles ({4}{U}{U}, surge {3}{U}{U}; no target) with five Islands: only the surge cost.

    It may be paid only if P1 has cast another spell this turn (CR 702.117a): 1 cast with one cast, 0 without.
    """
    islands = [(f"i{i}", "Island") for i in range(5)]
    state = make_state(
        hand=[("crush", "Crush of Tentacles")], battlefield=islands, this_turn={"spells_cast": {"P1": 1}}
    )
    assert [c.alternative_cost for c in casts(state, "crush")] == ["surge"]
    state = make_state(hand=[("crush", "Crush of Tentacles")], battlefield=islands)
    assert casts(state, "crush") == set()
