"""Kicker and buyback paid with more than mana, as "Kicker—Sacrifice a creature." and "Kicker—Pay 3 life".

An optional additional cost (CR 702.33a, 702.27a, 118.8) of objects or life: not kicked, or kicked paying it.
Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest


def test_kicker_sacrificing_a_creature(make_state, casts):
    """Primal Growth ({2}{G}, "Kicker—Sacrifice a creature."): three Forests and two Grizzly Bears.

    Not kicked: 1; kicked, sacrificing either Bears: 2. Total 3.
    """
    state = make_state(
        hand=[("pg", "Primal Growth")],
        battlefield=[(f"f{i}", "Forest") for i in range(3)] + [("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
    )
    found = casts(state, "pg")
    assert sorted(c.sacrifices for c in found) == [(), ("b1",), ("b2",)]


@pytest.mark.parametrize(("life", "expected"), [(20, 2), (2, 1)])
def test_kicker_paying_life(make_state, casts, life, expected):
    """Phyrexian Scuta ({3}{B} creature, "Kicker—Pay 3 life."): four Swamps.

    Not kicked: 1; kicked with 3 life to pay (CR 119.4): 1 more at 20 life, none at 2. 2 and 1.
    """
    state = make_state(
        hand=[("scuta", "Phyrexian Scuta")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)],
        life={"P1": life, "P2": 20},
    )
    assert len(casts(state, "scuta")) == expected


def test_two_kicker_costs_are_each_paid_or_not(make_state, casts):
    """ "Kicker {1}{B} and/or {R}" is two kicker costs, "Kicker {1}{B}, kicker {R}" (CR 702.33b, 702.33d).

    Degavolver {1}{W}. Two Plains, a Swamp and a Mountain (W, W, B, R): neither ({1}{W}) yes; {1}{B}
    ({2}{W}{B}, four mana) yes; {R} ({1}{W}{R}) yes; both ({2}{W}{B}{R}, five mana) no: 3 casts. A third Plains
    pays both: 4 casts.
    """

    def paid(found) -> list[tuple[str, ...]]:
        return sorted(tuple(sorted(keyword for keyword, times in c.additional_costs if times)) for c in found)

    board = [("p1", "Plains"), ("p2", "Plains"), ("s", "Swamp"), ("m", "Mountain")]
    state = make_state(hand=[("volver", "Degavolver")], battlefield=board)
    assert paid(casts(state, "volver")) == [(), ("kicker {1}{B}",), ("kicker {R}",)]
    state = make_state(hand=[("volver", "Degavolver")], battlefield=board + [("p3", "Plains")])
    assert paid(casts(state, "volver")) == [(), ("kicker {1}{B}",), ("kicker {1}{B}", "kicker {R}"), ("kicker {R}",)]


def test_kicked_text_that_replaces_the_text_before_it(make_state, casts):
    """ "If this spell was kicked, exile target nonland permanent instead." (CR 702.33g, 608.2c).

    Tear Asunder ({1}{G}, kicker {1}{B}): exile target artifact or enchantment; kicked, target nonland permanent
    instead, and only that target is chosen. P2 has Sol Ring (artifact) and Grizzly Bears. Not kicked: Sol Ring
    only, 1. Kicked: Sol Ring or the Bears, 2. Four lands pay either: 3 casts; two lands pay only {1}{G}: 1.
    """
    lands_ = [("f1", "Forest"), ("f2", "Forest"), ("s1", "Swamp"), ("s2", "Swamp")]
    state = make_state(
        hand=[("tear", "Tear Asunder")], battlefield=lands_, opponent=[("ring", "Sol Ring"), ("bears", "Grizzly Bears")]
    )
    found = sorted(
        (c.times_paid("kicker"), tuple(t for ch in c.targets for t in ch.targets)) for c in casts(state, "tear")
    )
    assert found == [(0, ("ring",)), (1, ("bears",)), (1, ("ring",))]
    state = make_state(
        hand=[("tear", "Tear Asunder")],
        battlefield=lands_[:1] + lands_[2:3],
        opponent=[("ring", "Sol Ring"), ("bears", "Grizzly Bears")],
    )
    assert len(casts(state, "tear")) == 1
