"""Delve: each card exiled from the caster's graveyard pays for {1} of the generic mana (CR 702.66a-b).

Which cards are exiled is a choice of the cast (each set its own cast), no more of them than the total cost's
generic mana, and the mana pays the rest. Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import math

import pytest


def opts(n: int) -> list[dict]:
    """``n`` cards (Opt) in P1's graveyard."""
    return [{"id": f"g{i}", "card": "Opt", "zone": "graveyard", "owner": "P1"} for i in range(n)]


@pytest.mark.parametrize(("islands", "expected"), [
    (3, 1),  # {7}{U}: the Islands pay {U}{2}, five cards must pay {5}: all five, 1 way
    (4, math.comb(5, 4) + 1),  # {U}{3} from Islands: four or five cards: 5 + 1 = 6
    (8, 2 ** 5),  # the Islands pay it all: any of the 2^5 sets of cards, none to five (5 <= the {7} generic)
    (2, 0),  # {U}{1} from Islands, {6} left, five cards pay only {5}
])
def test_treasure_cruise(make_state, casts, islands, expected):
    """Treasure Cruise ({7}{U}, delve) with five cards in P1's graveyard and some Islands."""
    state = make_state(hand=[("tc", "Treasure Cruise")],
                       battlefield=[(f"i{i}", "Island") for i in range(islands)], objects=opts(5))
    assert len(casts(state, "tc")) == expected


def test_delve_pays_generic_mana_only(make_state, casts):
    """Murderous Cut ({4}{B}, delve; destroy target creature): five cards in the graveyard and one Swamp.

    The cards pay at most the {4} (CR 702.66a): four of five exiled, C(5, 4) = 5 ways, the Swamp paying {B};
    one target, the opponent's Grizzly Bears: 5 casts. None exiles all five: a fifth card has nothing to pay.
    """
    state = make_state(hand=[("cut", "Murderous Cut")], battlefield=[("s", "Swamp")],
                       opponent=[("bears", "Grizzly Bears")], objects=opts(5))
    found = casts(state, "cut")
    assert len(found) == 5 and {len(c.exiles) for c in found} == {4}
