"""Additional costs printed as "As an additional cost to cast this spell, …" (CR 118.8, 601.2f-h).

Life (CR 119.4), permanents of a quality sacrificed, permanents returned: each an object or life choice of the
cast. Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest


LANDS_FOR_FUMAROLE = [("s1", "Swamp"), ("s2", "Swamp"), ("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain")]


@pytest.mark.parametrize(("life", "expected"), [(3, 5), (2, 0)])
def test_pay_life_as_an_additional_cost(make_state, casts, life, expected):
    """Fumarole's additional cost of 3 life is paid only with 3 life or more (CR 119.4).

    {3}{B}{R}, target creature and target land: one creature x five lands = 5 casts at 3 life; at 2, none.
    """
    state = make_state(
        hand=[("fum", "Fumarole")],
        battlefield=LANDS_FOR_FUMAROLE + [("bears", "Grizzly Bears")],
        life={"P1": life, "P2": 20},
    )
    assert len(casts(state, "fum")) == expected


def test_sacrifice_a_permanent_of_a_subtype(make_state, casts):
    """Fodder Launch's additional cost sacrifices a Goblin, never another permanent (CR 118.8).

    {3}{B}, target creature: two Goblin Pikers to choose from, and the target is either Piker or the opponent's
    Grizzly Bears (a spell may target what pays its cost, CR 601.2c, 601.2h): 2 x 3 = 6 casts.
    """
    state = make_state(
        hand=[("fl", "Fodder Launch")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)] + [("g1", "Goblin Piker"), ("g2", "Goblin Piker")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "fl")
    assert len(found) == 6 and {c.sacrifices for c in found} == {("g1",), ("g2",)}


def test_return_a_land_as_an_additional_cost(make_state, casts):
    """Deprive's additional cost returns a land its caster controls to its owner's hand (CR 118.8).

    {U}{U} with two Islands: a land tapped for mana may then be returned (CR 601.2g-h), so either Island is
    returned: 2 casts, the target being Lightning Bolt.
    """
    state = make_state(
        hand=[("dep", "Deprive")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert {c.returns for c in casts(state, "dep")} == {("i1",), ("i2",)}


@pytest.mark.parametrize(
    ("mountains", "other_card", "expected"),
    [
        (6, True, 2),  # discard Opt, or pay {5} more: 2
        (1, True, 1),  # {R} only: discard Opt: 1
        (6, False, 1),  # nothing to discard: pay {5}: 1
        (1, False, 0),  # neither
    ],
)
def test_a_choice_between_two_additional_costs(make_state, casts, mountains, other_card, expected):
    """Lightning Axe's additional cost is a choice: discard a card or pay {5}; exactly one is paid (CR 601.2b).

    {R}, one target: the opponent's Grizzly Bears.
    """
    hand = [("axe", "Lightning Axe")] + ([("opt", "Opt")] if other_card else [])
    state = make_state(
        hand=hand, battlefield=[(f"m{i}", "Mountain") for i in range(mountains)], opponent=[("bears", "Grizzly Bears")]
    )
    found = casts(state, "axe")
    assert len(found) == expected and all(len(c.additional_costs) == 1 for c in found)


# ---------------------------------------------------------------- more wordings of printed additional costs


def test_behold_spelled_out_is_behold(make_state, casts):
    """CR 701.4a: "you may reveal a Dragon card from your hand or choose a Dragon you control" is beholding.

    Dragon's Fire ({1}{R}), 3 damage to target creature or planeswalker. P1: two Mountains and Shivan Dragon;
    P2: Grizzly Bears. Targets: the Dragon or the Bears, 2. P1 controls a Dragon, so the optional cost can be
    paid or not (which Dragon is no choice of the cast): 2 x 2 = 4.
    """
    state = make_state(
        hand=[("fire", "Dragon's Fire")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("dragon", "Shivan Dragon")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "fire")
    assert len(found) == 4
    assert sum(1 for c in found if c.times_paid("optional additional cost")) == 2


def test_behold_spelled_out_without_the_quality(make_state, casts):
    """CR 701.4a, 601.2h: with no Dragon on the battlefield or in the hand, Dragon's Fire can't behold one.

    P1: two Mountains; P2: Grizzly Bears, the one target. 1 cast, the cost not paid.
    """
    state = make_state(
        hand=[("fire", "Dragon's Fire")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "fire")
    assert len(found) == 1
    assert not next(iter(found)).times_paid("optional additional cost")


def test_sacrifice_a_creature_with_power_four_or_greater(make_state, casts):
    """CR 118.8, 208.1, 122.1a: Savage Order ({2}{G}{G}) sacrifices a creature with power 4 or greater.

    P1: four Forests, Grizzly Bears (2/2), Grizzly Bears with two +1/+1 counters (4/4), Craw Wurm (6/4). The
    plain Bears has power 2; the other two qualify: 2 casts, one per creature sacrificed.
    """
    state = make_state(
        hand=[("order", "Savage Order")],
        battlefield=[
            ("f1", "Forest"),
            ("f2", "Forest"),
            ("f3", "Forest"),
            ("f4", "Forest"),
            ("bears", "Grizzly Bears"),
            ("big", "Grizzly Bears", {"counters": {"+1/+1": 2}}),
            ("wurm", "Craw Wurm"),
        ],
    )
    found = casts(state, "order")
    assert {c.sacrifices for c in found} == {("big",), ("wurm",)}


@pytest.mark.parametrize(("anthem", "expected"), [(True, 1), (False, 0)])
def test_sacrifice_by_power_with_an_anthem(make_state, casts, anthem, expected):
    """CR 613.4c: Glorious Anthem ("Creatures you control get +1/+1") makes Hill Giant 4/4.

    Savage Order ({2}{G}{G}, four Forests) costs "sacrifice a creature with power 4 or greater" (CR 118.8): with
    the Anthem, the Giant (3 + 1 = 4) pays it, 1 cast; without, its power is 3 and nothing pays it, 0 casts.
    """
    state = make_state(
        hand=[("order", "Savage Order")],
        battlefield=[(f"f{i}", "Forest") for i in range(1, 5)]
        + [("giant", "Hill Giant")]
        + ([("anthem", "Glorious Anthem")] if anthem else []),
    )
    assert len(casts(state, "order")) == expected


def test_pay_any_number_of_times(make_state, casts):
    """CR 601.2b, 601.2f: Taste of Paradise ({3}{G}), "you may pay {1}{G} any number of times".

    P1: eight Forests, 8 mana: the mana cost takes 4, each payment 2 more, so 0, 1 or 2 payments: 3 casts.
    """
    state = make_state(hand=[("taste", "Taste of Paradise")], battlefield=[(f"f{i}", "Forest") for i in range(8)])
    found = casts(state, "taste")
    assert sorted(c.times_paid("optional additional cost") for c in found) == [0, 1, 2]
