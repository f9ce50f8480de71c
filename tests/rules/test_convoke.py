"""Convoke: each creature its caster taps pays one generic mana or one mana of its colour (CR 702.51a-b).

Which creatures are tapped is a choice of the cast (STATE_FORMAT: what counts as one cast); each tapped creature
pays for exactly one mana; a creature tapped this way can't also tap for mana. Counts are worked out by hand; each
scenario runs on every backend.
"""

from __future__ import annotations


def test_any_set_of_creatures_that_can_pay(make_state, casts):
    """Any set of creatures that can each pay a mana may be tapped for convoke (CR 702.51a).

    Stoke the Flames ({2}{R}{R}, convoke, 4 damage to any target) with four Mountains, a Grizzly Bears (green)
    and a Goblin Piker (red). The Mountains pay it all, so each of the 4 sets of the two creatures (none, either,
    both) can be tapped; any target: P1, P2, the Bears, the Piker = 4. 4 x 4 = 16 casts.
    """
    state = make_state(hand=[("stoke", "Stoke the Flames")],
                       battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [("bear", "Grizzly Bears"),
                                                                              ("gob", "Goblin Piker")])
    found = casts(state, "stoke")
    assert len(found) == 16 and {frozenset(c.taps) for c in found} == {
        frozenset(), frozenset({"bear"}), frozenset({"gob"}), frozenset({"bear", "gob"})}


def test_coloured_mana_needs_a_creature_of_that_colour(make_state, casts):
    """Stoke the Flames with no land: {R}{R} must be paid by red creatures, {2} by any (CR 702.51a).

    Two Goblin Pikers and two Grizzly Bears: all four tapped, 1 set, times 6 targets (P1, P2, four creatures) = 6.
    One Goblin Piker and three Grizzly Bears: one red creature for two {R}: 0.
    """
    red_and_green = [("g1", "Goblin Piker"), ("g2", "Goblin Piker"), ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")]
    state = make_state(hand=[("stoke", "Stoke the Flames")], battlefield=red_and_green)
    found = casts(state, "stoke")
    assert len(found) == 6 and {frozenset(c.taps) for c in found} == {frozenset({"g1", "g2", "b1", "b2"})}
    mostly_green = [("g1", "Goblin Piker"), ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears"), ("b3", "Grizzly Bears")]
    state = make_state(hand=[("stoke", "Stoke the Flames")], battlefield=mostly_green)
    assert casts(state, "stoke") == set()


def test_a_creature_tapped_for_convoke_pays_for_one_mana(make_state, casts):
    """Every creature tapped for convoke must pay for a mana of the cost (CR 702.51a).

    Stoke the Flames with four Mountains and five Goblin Pikers can't tap all five (4 mana to pay): sets of at
    most four, C(5, 0..4) = 1 + 5 + 10 + 10 + 5 = 31, times any target (P1, P2, five Pikers = 7): 217 casts.
    """
    state = make_state(hand=[("stoke", "Stoke the Flames")],
                       battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [(f"g{i}", "Goblin Piker")
                                                                              for i in range(5)])
    found = casts(state, "stoke")
    assert len(found) == 31 * 7 and max(len(c.taps) for c in found) == 4
