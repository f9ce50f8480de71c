"""Keywords that are one cost paid as the card is cast from the hand.

Alternative costs (CR 118.9, at most one per cast, 118.9a): evoke (CR 702.74a), dash (702.109a), blitz
(702.152a), warp (702.185a, from the hand only), impending (702.176a). Optional additional costs (CR 118.8):
offspring, paid once (702.175a), and squad, paid any number of times (702.157a). What each does once the spell
resolves (sacrificed, returned, counters, token copies) does not bear on casting it. Counts are worked out by
hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from tests.rules.conftest import lands


def alternatives(found) -> list[str]:
    """The alternative cost of each cast ("" for the mana cost), sorted."""
    return sorted(cast.alternative_cost or "" for cast in found)


@pytest.mark.parametrize(("islands", "expected"), [(2, []), (3, ["evoke"]), (5, ["", "evoke"])])
def test_mulldrifter_evoke(make_state, casts, islands, expected):
    """Mulldrifter {4}{U}, evoke {2}{U} (CR 702.74a).

    Two Islands pay neither; three pay the evoke cost only; five pay either: one cast per cost that can be paid.
    """
    state = make_state(hand=[("drifter", "Mulldrifter")], battlefield=lands("Island", islands))
    assert alternatives(casts(state, "drifter")) == expected


def test_solitude_evokes_by_exiling_a_white_card(make_state, casts):
    """Solitude: "Evoke—Exile a white card from your hand." (CR 702.74a, 118.9).

    No land, so {3}{W}{W} can't be paid. The hand also holds Swords to Plowshares (white), Path to Exile (white)
    and Lightning Bolt (red); Solitude itself is on the stack (CR 601.2a). Two white cards, one exiled: 2 casts.
    """
    state = make_state(
        hand=[
            ("sol", "Solitude"),
            ("stp", "Swords to Plowshares"),
            ("path", "Path to Exile"),
            ("bolt", "Lightning Bolt"),
        ]
    )
    found = casts(state, "sol")
    assert sorted((c.alternative_cost, c.exiles) for c in found) == [("evoke", ("path",)), ("evoke", ("stp",))]


def test_dash_and_blitz(make_state, casts):
    """Dash (CR 702.109a) and blitz (CR 702.152a) are alternative costs paid rather than the mana cost.

    Kolaghan, the Storm's Fury {3}{B}{R}, dash {3}{B}{R}; two Swamps and three Mountains pay either: 2 casts.
    Star Athlete {1}{R}{R}, blitz {3}{R}: three Mountains pay the mana cost only (1 cast); four pay either (2).
    """
    state = make_state(
        hand=[("kol", "Kolaghan, the Storm's Fury")], battlefield=lands("Swamp", 2) + lands("Mountain", 3)
    )
    assert alternatives(casts(state, "kol")) == ["", "dash"]
    state = make_state(hand=[("star", "Star Athlete")], battlefield=lands("Mountain", 3))
    assert alternatives(casts(state, "star")) == [""]
    state = make_state(hand=[("star", "Star Athlete")], battlefield=lands("Mountain", 4))
    assert alternatives(casts(state, "star")) == ["", "blitz"]


def test_impending(make_state, casts):
    """Overlord of the Mistmoors {5}{W}{W}, "Impending 4—{2}{W}{W}" (CR 702.176a).

    Four Plains pay the impending cost only (1 cast); seven pay either (2 casts).
    """
    state = make_state(hand=[("lord", "Overlord of the Mistmoors")], battlefield=lands("Plains", 4))
    assert alternatives(casts(state, "lord")) == ["impending"]
    state = make_state(hand=[("lord", "Overlord of the Mistmoors")], battlefield=lands("Plains", 7))
    assert alternatives(casts(state, "lord")) == ["", "impending"]


def test_warp_only_from_the_hand(make_state, casts):
    """Anticausal Vestige {6}, warp {4}: "cast this card from your hand by paying [cost]" (CR 702.185a).

    Four Wastes pay the warp cost only: 1 cast. In the graveyard, nothing lets it be cast (CR 601.3): 0.
    """
    state = make_state(hand=[("vest", "Anticausal Vestige")], battlefield=lands("Wastes", 4))
    assert alternatives(casts(state, "vest")) == ["warp"]
    state = make_state(
        battlefield=lands("Wastes", 6),
        objects=[{"id": "vest", "card": "Anticausal Vestige", "zone": "graveyard", "owner": "P1"}],
    )
    assert casts(state, "vest") == set()


def test_offspring_is_paid_at_most_once(make_state, casts):
    """Flowerfoot Swordmaster {W}, offspring {2} (CR 702.175a): an optional additional cost paid once.

    Three Plains pay {W} and {W} + {2}: 2 casts; the one paying it says offspring once.
    """
    state = make_state(hand=[("mouse", "Flowerfoot Swordmaster")], battlefield=lands("Plains", 3))
    found = casts(state, "mouse")
    assert sorted(c.times_paid("offspring") for c in found) == [0, 1]


def test_squad_is_paid_any_number_of_times(make_state, casts):
    """Space Marine Devastator {3}{W}, squad {2} (CR 702.157a): an additional cost paid any number of times.

    Nine Plains: {3}{W} + k x {2} <= 9 for k = 0, 1, 2 (4 + 2k <= 9): 3 casts.
    """
    state = make_state(hand=[("marine", "Space Marine Devastator")], battlefield=lands("Plains", 9))
    found = casts(state, "marine")
    assert sorted(c.times_paid("squad") for c in found) == [0, 1, 2]
