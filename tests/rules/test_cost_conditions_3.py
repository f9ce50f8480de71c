"""Conditions of cost changes and alternative costs, third pass: bargained, exactly N attacking, a hand with no land.

Each is decided by the state or by a choice of the cast (CR 601.2b, 601.2f, 118.9). Counts are worked out by hand;
each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from tests.rules.conftest import lands


def _bolt(object_id: str) -> dict:
    """P2's Lightning Bolt on the stack, at P1."""
    return {"id": object_id, "card": "Lightning Bolt", "zone": "stack", "controller": "P2",
            "cast": {"card": object_id, "targets": [{"source": object_id, "phrase": "any target",
                                                      "targets": ["P1"]}]}}


@pytest.mark.parametrize(("islands", "expected"), [(2, 1), (3, 2)])
def test_a_reduction_if_bargained(make_state, casts, islands, expected):
    """CR 702.166b, 601.2f: Ice Out ({1}{U}{U}) costs {1} less if it's bargained (Ornithopter sacrificed).

    Target spell: P2's Bolt, one choice. Two Islands: only bargained, {U}{U}: 1 cast. Three: bargained or not:
    2 casts.
    """
    state = make_state(hand=[("ice", "Ice Out")], battlefield=lands("Island", islands) + [("thopter", "Ornithopter")],
                       objects=[_bolt("bolt")], stack=["bolt"], active_player="P2", priority="P1")
    found = casts(state, "ice")
    assert len(found) == expected
    assert ("thopter",) in {c.sacrifices for c in found}


@pytest.mark.parametrize(("cast_by_p2", "expected"), [(3, 2), (2, 0)])
def test_an_alternative_cost_if_an_opponent_cast_three_spells(make_state, casts, cast_by_p2, expected):
    """CR 118.9: Mindbreak Trap ({2}{U}{U}) for {0} if an opponent cast three or more spells this turn.

    No land. "Any number of target spells": none, or P2's Bolt = 2 casts for {0} when P2 cast 3 (this_turn); with
    2 cast, {0} can't be paid, and the mana cost can't either: 0.
    """
    state = make_state(objects=[_bolt("bolt")], hand=[("trap", "Mindbreak Trap")], stack=["bolt"],
                       active_player="P2", priority="P1", this_turn={"spells_cast": {"P2": cast_by_p2}})
    assert len(casts(state, "trap")) == expected


@pytest.mark.parametrize(("attackers", "expected"), [(1, 1), (2, 0)])
def test_an_alternative_cost_if_exactly_one_creature_attacks(make_state, casts, attackers, expected):
    """CR 118.9, 506.4: Pitfall Trap ({2}{W}) for {W} if exactly one creature is attacking.

    P2's combat, P2's Grizzly Bears attacking (and, second case, a second one); one Plains. One attacker: {W},
    target the attacking Bears: 1 cast. Two: {2}{W} is 3 > 1: 0.
    """
    bears = [(f"bears{i}", "Grizzly Bears", {"attacking": True}) for i in range(attackers)]
    state = make_state(hand=[("trap", "Pitfall Trap")], battlefield=lands("Plains", 1), opponent=bears,
                       phase="combat", active_player="P2", priority="P1")
    assert len(casts(state, "trap")) == expected


@pytest.mark.parametrize(("hand", "expected"), [([("bears", "Grizzly Bears")], 1), ([("forest", "Forest")], 0)])
def test_an_alternative_cost_if_the_hand_has_no_land(make_state, casts, hand, expected):
    """CR 118.9: Land Grant ({1}{G}) by revealing the hand if it has no land card (no land on the battlefield).

    With Grizzly Bears beside it: revealed, 1 cast. With a Forest: the condition fails, and {1}{G} can't be paid: 0.
    """
    state = make_state(hand=[("grant", "Land Grant")] + hand)
    assert len(casts(state, "grant")) == expected
