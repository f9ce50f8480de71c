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
    state = make_state(hand=[("pg", "Primal Growth")],
                       battlefield=[(f"f{i}", "Forest") for i in range(3)] + [("b1", "Grizzly Bears"),
                                                                              ("b2", "Grizzly Bears")])
    found = casts(state, "pg")
    assert sorted(c.sacrifices for c in found) == [(), ("b1",), ("b2",)]


@pytest.mark.parametrize(("life", "expected"), [(20, 2), (2, 1)])
def test_kicker_paying_life(make_state, casts, life, expected):
    """Phyrexian Scuta ({3}{B} creature, "Kicker—Pay 3 life."): four Swamps.

    Not kicked: 1; kicked with 3 life to pay (CR 119.4): 1 more at 20 life, none at 2. 2 and 1.
    """
    state = make_state(hand=[("scuta", "Phyrexian Scuta")], battlefield=[(f"s{i}", "Swamp") for i in range(4)],
                       life={"P1": life, "P2": 20})
    assert len(casts(state, "scuta")) == expected
