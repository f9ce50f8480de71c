"""Tests of solver.rules.spree: Spree modes and their costs (CR 702.172, 700.2).

Requisition Raid: {W}, Spree; +{1} destroy target artifact (mode 0); +{1}
destroy target enchantment (mode 1); +{1} a counter on each creature target
player controls (mode 2). Every count is worked out by hand with the
arithmetic in a comment; each scenario runs on both backends.
"""

from __future__ import annotations

import math

import pytest

from models.cast import Cast, TargetChoice
from solver.legal import legal_casts, why_illegal

RAID = [("raid", "Requisition Raid")]


def plains(n: int) -> list[tuple[str, str]]:
    """``n`` untapped Plains for P1."""
    return [(f"p{i}", "Plains") for i in range(n)]


@pytest.fixture
def sandals(card):
    """A made-up permanent that is both an artifact and an enchantment (the issue's "Artifact Enchantment")."""
    return card(
        "Hypothetical Artifact Enchantment",
        "{2}",
        "Artifact Enchantment — Equipment",
        "Equipped creature has flying and haste.\nEquip {2}",
    )


@pytest.mark.parametrize("n_plains", [0, 1, 2, 3])
def test_spree_needs_at_least_one_mode(make_state, casts, n_plains):
    """CR 702.172a: Spree means "choose one or more modes": the bare {W} is never a cast."""
    state = make_state(hand=RAID, battlefield=plains(n_plains))
    found = casts(state, "raid")
    # No artifact or enchantment: only mode 2 (target player: P1 or P2), costing {1}{W} = 2 mana.
    # 0 or 1 Plains: 0 (one Plains pays {W} only, and zero modes is not allowed); 2+ Plains: 2.
    assert len(found) == (2 if n_plains >= 2 else 0)
    assert all(cast.modes == (2,) for cast in found)


@pytest.mark.parametrize(
    ("n_plains", "expected"),
    [
        (1, 0),  # {W} + at least one {1}: 2 mana needed
        (2, 4),  # one mode: artifact 1 (Sol Ring) + enchantment 1 (Bad Moon) + player 2 = 4
        (3, 9),  # + two modes: art+ench 1x1 + art+player 1x2 + ench+player 1x2 = 5 -> 9
        (4, 11),  # + three modes: 1x1x2 = 2 -> 11
        (5, 11),  # nothing more to buy
    ],
)
def test_each_chosen_modes_cost_is_added(make_state, casts, n_plains, expected):
    """CR 702.172a, 601.2f: each chosen mode adds its {1}: k modes cost {k}{W}."""
    state = make_state(hand=RAID, battlefield=plains(n_plains), opponent=[("ring", "Sol Ring"), ("moon", "Bad Moon")])
    found = casts(state, "raid")
    assert len(found) == expected
    for cast in found:
        assert str(cast.total_cost) == f"{{{len(cast.modes)}}}{{W}}"


def test_a_mode_without_a_legal_target_cant_be_chosen(make_state, casts):
    """CR 700.2a: with no artifact on the battlefield, "destroy target artifact" is not a choice."""
    state = make_state(hand=RAID, battlefield=plains(4), opponent=[("moon", "Bad Moon")])
    found = casts(state, "raid")
    # enchantment 1 + player 2 + (enchantment and player) 1x2 = 5; nothing with mode 0.
    assert len(found) == 1 + 2 + 2
    assert all(0 not in cast.modes for cast in found)
    reasons = why_illegal(state, Cast("raid", "Requisition Raid", modes=(0,)))
    assert "CR 700.2a" in {reason.rule for reason in reasons}


@pytest.mark.parametrize(
    ("n_plains", "expected"),
    [
        # Targets: artifact {ring, sandals} 2, enchantment {moon, sandals} 2, player {P1, P2} 2.
        (2, 2 + 2 + 2),  # one mode = 6
        (3, 6 + 2 * 2 + 2 * 2 + 2 * 2),  # + two modes = 18
        (4, 18 + 2 * 2 * 2),  # + three modes = 26
    ],
)
def test_the_same_object_may_be_the_target_of_two_modes(make_state, casts, sandals, n_plains, expected):
    """CR 115.3, 700.2 (INTERACTIONS B3): an Artifact Enchantment may be destroyed by both modes' targets."""
    state = make_state(
        hand=RAID,
        battlefield=plains(n_plains),
        opponent=[("ring", "Sol Ring"), ("moon", "Bad Moon"), ("sandals", sandals)],
    )
    found = casts(state, "raid")
    assert len(found) == expected
    twice = Cast(
        "raid",
        "Requisition Raid",
        modes=(0, 1),
        targets=(
            TargetChoice("raid", 0, 0, 0, "target artifact", ("sandals",)),
            TargetChoice("raid", 1, 0, 0, "target enchantment", ("sandals",)),
        ),
    )
    assert (twice in found) is (n_plains >= 3)


@pytest.mark.parametrize(
    ("n_plains", "expected"),
    [
        (0, 0),  # a free cast still needs a mode, and each mode costs {1}
        (1, 6),  # one mode: 2 + 2 + 2
        (2, 18),  # + two modes: 4 + 4 + 4
        (3, 26),  # + three modes: 8
    ],
)
def test_without_paying_mana_cost_still_pays_modes(make_state, casts, sandals, n_plains, expected):
    """CR 118.9d, 702.172a (INTERACTIONS B4): a free Raid waives {W} only: k modes cost {k}, k >= 1."""
    state = make_state(
        hand=RAID,
        battlefield=plains(n_plains),
        opponent=[("ring", "Sol Ring"), ("moon", "Bad Moon"), ("sandals", sandals)],
    )
    found = casts(state, "raid", without_paying_mana_cost=True)
    assert len(found) == expected
    for cast in found:
        assert cast.modes
        assert cast.without_paying_mana_cost
        assert str(cast.total_cost) == f"{{{len(cast.modes)}}}"


def test_mana_value_of_a_spree_spell_is_its_mana_cost(make_state, casts, sandals):
    """CR 202.3 (INTERACTIONS B5): Raid's mana value is 1 in every cast, whatever the modes cost."""
    state = make_state(
        hand=RAID, battlefield=plains(4), opponent=[("ring", "Sol Ring"), ("moon", "Bad Moon"), ("sandals", sandals)]
    )
    found = casts(state, "raid")
    assert len(found) == 26
    assert {cast.mana_value for cast in found} == {1}
    assert {str(cast.total_cost) for cast in found} == {"{1}{W}", "{2}{W}", "{3}{W}"}


@pytest.mark.parametrize(
    ("n_swamps", "with_bears", "expected"),
    [
        (2, True, 1),  # token {1}{B} only (destroy costs {2}{B}{B} = 4)
        (3, True, 1),
        (4, True, 2),  # destroy Bears 1 + token 1
        (5, True, 3),  # + both modes {3}{B}{B} = 5
        (5, False, 1),  # no creature: only the token mode (CR 700.2a)
    ],
)
def test_unfortunate_accident(make_state, casts, n_swamps, with_bears, expected):
    """CR 702.172a, 700.2a: Unfortunate Accident {B}: +{2}{B} destroy target creature, +{1} a token."""
    state = make_state(
        hand=[("acc", "Unfortunate Accident")],
        battlefield=[(f"s{i}", "Swamp") for i in range(n_swamps)],
        opponent=[("bears", "Grizzly Bears")] if with_bears else [],
    )
    assert len(casts(state, "acc")) == expected


def test_unfortunate_accident_may_destroy_the_casters_own_creature(make_state, casts):
    """CR 115.1: "target creature" is any creature, the caster's own included."""
    state = make_state(
        hand=[("acc", "Unfortunate Accident")],
        battlefield=[(f"s{i}", "Swamp") for i in range(5)] + [("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    # destroy x {mine, theirs} 2 + token 1 + both 2 = 5.
    assert len(casts(state, "acc")) == 5


@pytest.mark.parametrize(
    ("n_mountains", "opponent", "expected"),
    [
        (2, [("bears", "Grizzly Bears"), ("ring", "Sol Ring")], 0),  # cheapest cast {2}{R} = 3
        (3, [("bears", "Grizzly Bears"), ("ring", "Sol Ring")], 2),  # 4 damage to Bears; destroy Sol Ring
        (5, [("bears", "Grizzly Bears"), ("ring", "Sol Ring")], 3),  # + both modes {4}{R}
        # Kappa Cannoneer is an artifact creature: it is the target of either mode, or both.
        (3, [("kappa", "Kappa Cannoneer")], 2),
        (5, [("kappa", "Kappa Cannoneer")], 3),
    ],
)
def test_explosive_derailment(make_state, casts, n_mountains, opponent, expected):
    """CR 702.172a, 115.3: Explosive Derailment {R}: +{2} 4 damage to target creature, +{2} destroy target artifact."""
    state = make_state(
        hand=[("derail", "Explosive Derailment")],
        battlefield=[(f"m{i}", "Mountain") for i in range(n_mountains)],
        opponent=opponent,
    )
    # P2's Sol Ring is not P1's mana (CR 106.4: a player adds mana with their own permanents).
    assert len(casts(state, "derail")) == expected


@pytest.mark.parametrize("free", [False, True])
def test_why_illegal_zero_modes_cites_spree(make_state, free):
    """CR 702.172a: a Spree cast with no mode is illegal, paid or free."""
    state = make_state(hand=RAID, battlefield=plains(4), opponent=[("ring", "Sol Ring")])
    cast = Cast("raid", "Requisition Raid", without_paying_mana_cost=free)
    assert "CR 702.172a" in {reason.rule for reason in why_illegal(state, cast)}
    assert cast not in legal_casts(state, "raid", without_paying_mana_cost=free)


def test_why_illegal_a_mode_that_does_not_exist(make_state):
    """CR 700.2: Requisition Raid has three modes (0, 1, 2); mode 3 is not a choice."""
    state = make_state(hand=RAID, battlefield=plains(4))
    reasons = why_illegal(state, Cast("raid", "Requisition Raid", modes=(3,)))
    assert "CR 700.2" in {reason.rule for reason in reasons}


def test_why_illegal_a_mode_chosen_twice(make_state):
    """CR 700.2d: a Spree mode may be chosen at most once."""
    state = make_state(hand=RAID, battlefield=plains(4))
    player_mode = TargetChoice("raid", 2, 0, 0, "target player", ("P2",))
    cast = Cast("raid", "Requisition Raid", modes=(2, 2), targets=(player_mode,))
    assert "CR 700.2d" in {reason.rule for reason in why_illegal(state, cast)}


def test_spree_mode_with_two_targets(make_state, casts):
    """CR 115.3, 700.2a: Shifting Grift's "+{2} — exchange control of two target creatures" picks 2 creatures."""
    state = make_state(
        hand=[("grift", "Shifting Grift")],
        battlefield=[(f"i{i}", "Island") for i in range(4)],
        opponent=[(f"c{i}", "Grizzly Bears") for i in range(4)],
    )
    found = casts(state, "grift")
    # No artifact or enchantment: only the creature mode ({2}{U}{U} = 4 Islands),
    # with a pair of different creatures: C(4, 2) = 6.
    assert len(found) == math.comb(4, 2) == 6
    assert all(len(cast.targets[0].targets) == 2 for cast in found)
