"""Tests of solver.rules.split: split cards (CR 709) and fuse (CR 702.102).

A split card is cast as one half (CR 709.3); a split card with fuse cast from
the hand may be cast as both halves, a fused split spell whose total cost
includes both mana costs (CR 702.102a-c). Counts are worked out by hand, on
every backend.
"""

from __future__ import annotations

import pytest

from models.cast import Cast, TargetChoice
from models.errors import InputError
from solver.legal import legal_casts, why_illegal
from solver.rules.split import half_choices

FIVE_LANDS = [("i1", "Island"), ("i2", "Island"), ("s1", "Swamp"), ("s2", "Swamp"), ("s3", "Swamp")]


def by_halves(found) -> dict[tuple[str, ...], int]:
    counts: dict[tuple[str, ...], int] = {}
    for cast in found:
        counts[cast.halves] = counts.get(cast.halves, 0) + 1
    return counts


def test_fused_far_away(make_state, casts):
    """CR 709.3, 702.102a, 702.102c: Far // Away as Far, as Away, or fused for {1}{U} + {2}{B}."""
    state = make_state(hand=[("fa", "Far // Away")], battlefield=FIVE_LANDS, opponent=[("bears", "Grizzly Bears")])
    found = casts(state, "fa")
    # Far: target creature = bears, 1. Away: target player = P1 or P2, 2. Fused: 1 * 2 = 2, for {2}{U}{B}... total
    # 5 mana, which the five lands pay. 1 + 2 + 2 = 5.
    assert by_halves(found) == {("Far",): 1, ("Away",): 2, ("Far", "Away"): 2}
    fused = next(c for c in found if c.halves == ("Far", "Away"))
    # CR 702.102c: {1}{U} + {2}{B} = {3}{U}{B}; CR 709.4d: the fused spell's mana value is 2 + 3 = 5.
    assert (str(fused.total_cost), fused.mana_value, fused.name) == ("{3}{U}{B}", 5, "Far // Away")
    far = next(c for c in found if c.halves == ("Far",))
    assert (str(far.total_cost), far.mana_value, far.name) == ("{1}{U}", 2, "Far")  # CR 709.3b: only Far exists


def test_fuse_needs_both_costs_paid(make_state, casts):
    """CR 702.102c: with four lands the fused Far // Away (5 mana) can't be cast; each half still can."""
    state = make_state(hand=[("fa", "Far // Away")], battlefield=FIVE_LANDS[1:], opponent=[("bears", "Grizzly Bears")])
    # Far 1 + Away 2 = 3; no fused casts.
    assert by_halves(casts(state, "fa")) == {("Far",): 1, ("Away",): 2}


def test_no_fuse_from_graveyard_or_without_fuse(make_state):
    """CR 702.102a: fuse works from the hand only; a split card without fuse is never cast as both halves."""
    state = make_state(
        hand=[("sd", "Stand // Deliver")],
        battlefield=FIVE_LANDS,
        objects=[{"id": "gy", "card": "Far // Away", "zone": "graveyard", "owner": "P1"}],
    )
    assert half_choices(state, "sd") == (("Stand",), ("Deliver",))
    assert half_choices(state, "gy") == (("Far",), ("Away",))


def test_split_without_fuse_counts_each_half(make_state, casts):
    """CR 709.3: Stand // Deliver (no fuse) is cast as Stand or as Deliver."""
    state = make_state(
        hand=[("sd", "Stand // Deliver")],
        battlefield=[("p", "Plains"), ("i1", "Island"), ("i2", "Island")],
        opponent=[("bears", "Grizzly Bears")],
    )
    # Stand: target creature = bears, 1. Deliver: target permanent = p, i1, i2, bears, 4. 1 + 4 = 5.
    assert by_halves(casts(state, "sd")) == {("Stand",): 1, ("Deliver",): 4}


def test_a_half_is_checked_alone(make_state):
    """CR 709.3, 702.102a: a cast of a split card names its half; both halves need fuse; wrong names are refused."""
    state = make_state(
        hand=[("sd", "Stand // Deliver"), ("fa", "Far // Away")],
        battlefield=FIVE_LANDS,
        opponent=[("bears", "Grizzly Bears")],
    )
    far = Cast("fa", "Far", targets=(TargetChoice("fa", None, 0, 0, "target creature", ("bears",)),), halves=("Far",))
    assert why_illegal(state, far) == ()
    assert far in legal_casts(state, "fa")
    assert [r.rule for r in why_illegal(state, far._replace(halves=()))] == ["CR 709.3"]
    assert [r.rule for r in why_illegal(state, far._replace(halves=("Fire",)))] == ["CR 709.3"]
    both = Cast("sd", "Stand // Deliver", halves=("Stand", "Deliver"))
    assert [r.rule for r in why_illegal(state, both)] == ["CR 702.102a"]
    not_split = Cast("i1", "Island", halves=("Island",))
    assert [r.rule for r in why_illegal(state, not_split)] == ["CR 709.1"]


def test_building_a_problem_for_a_split_card_needs_its_half(make_state):
    """CR 709.3: the problem of a split card is the problem of the half chosen; none chosen is bad input."""
    from solver.build import build_cast_problem

    state = make_state(hand=[("fa", "Far // Away")], battlefield=FIVE_LANDS)
    with pytest.raises(InputError, match="CR 709.3"):
        build_cast_problem(state, "fa")
    assert build_cast_problem(state, "fa", halves=("Away",)).spell.name == "Away"


def test_halves_round_trip_through_json(make_state):
    """The cast record keeps the halves (STATE_FORMAT: the choice of half is a choice of the cast)."""
    state = make_state(hand=[("fa", "Far // Away")], battlefield=FIVE_LANDS, opponent=[("bears", "Grizzly Bears")])
    for cast in legal_casts(state, "fa"):
        again = Cast.from_json(cast.to_json())
        assert again == cast and again.halves == cast.halves
