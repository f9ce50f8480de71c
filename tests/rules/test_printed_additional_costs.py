"""Additional costs printed as "As an additional cost to cast this spell, …" (CR 118.8, 601.2b, 601.2f-h).

Life (CR 119.4), permanents of a quality sacrificed, permanents returned: each an object or life choice of the
cast. Kinds beyond a fixed number of objects: X objects, X the spell's X (CR 107.3a); cards revealed from the hand;
cards discarded at random; the keyword actions of CR 701 used as costs. Counts are worked out by hand from the
rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from solver.legal import legal_casts


def graveyard(*entries: tuple[str, str]) -> list[dict]:
    """Cards ``(id, name)`` in P1's graveyard, as state-file objects."""
    return [{"id": object_id, "card": name, "zone": "graveyard", "owner": "P1"} for object_id, name in entries]


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


# ---------------------------------------------------------------- X objects, X the spell's X (CR 107.3a)


def test_discard_x_cards_with_no_x_in_the_mana_cost(make_state, casts):
    """CR 107.3a, 601.2b: Nahiri's Wrath ({2}{R}): X is announced, X cards discarded, up to X targets.

    Hand besides the spell: Opt, Shock. Creatures: P2's Grizzly Bears only. Three Mountains pay {2}{R}.
    X = 0: discard nothing, no target: 1. X = 1: discard one of two (2) x targets {} or {bears} (2) = 4.
    X = 2: discard both (1) x targets {} or {bears} (2) = 2. X = 3: three cards to discard, two in hand: none.
    1 + 4 + 2 = 7.
    """
    state = make_state(
        hand=[("wrath", "Nahiri's Wrath"), ("opt", "Opt"), ("shock", "Shock")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "wrath")
    assert len(found) == 7
    assert all(len(c.discards) == c.x for c in found)


def test_sacrifice_x_creatures_and_destroy_x_targets(make_state, casts):
    """CR 107.3a, 601.2c, 601.2h: Eliminate the Competition ({4}{B}): sacrifice X creatures, X target creatures.

    P1 controls two Grizzly Bears (a1, a2) and five Swamps; P2 one Grizzly Bears. Targets are chosen before
    costs are paid, so a creature sacrificed may be targeted. X = 0: 1. X = 1: sacrifice a1 or a2 (2) x one
    of three creatures (3) = 6. X = 2: sacrifice both (1) x two of three (C(3,2) = 3) = 3. X = 3: P1 has two
    creatures: none. 1 + 6 + 3 = 10.
    """
    state = make_state(
        hand=[("elim", "Eliminate the Competition")],
        battlefield=[(f"s{i}", "Swamp") for i in range(5)] + [("a1", "Grizzly Bears"), ("a2", "Grizzly Bears")],
        opponent=[("o1", "Grizzly Bears")],
    )
    found = casts(state, "elim")
    assert len(found) == 10
    assert {c.x for c in found} == {0, 1, 2}


@pytest.mark.parametrize(("islands", "expected"), [(3, 6), (2, 5)])
def test_discard_x_creature_cards_with_x_in_the_mana_cost(make_state, casts, islands, expected):
    """CR 107.3a: Aether Tide ({X}{U}): the X of "discard X creature cards" is the X of the mana cost.

    Hand besides the spell: two Grizzly Bears cards (h1, h2) and Opt (not a creature card); P2 controls two
    Grizzly Bears, the only creatures to target. X = 0: 1. X = 1 ({1}{U}): discard h1 or h2 (2) x one of two
    targets (2) = 4. X = 2 ({2}{U}): discard both (1) x both targets (1) = 1. Three Islands: 1 + 4 + 1 = 6;
    two Islands can't pay {2}{U}: 1 + 4 = 5.
    """
    state = make_state(
        hand=[("tide", "Aether Tide"), ("h1", "Grizzly Bears"), ("h2", "Grizzly Bears"), ("opt", "Opt")],
        battlefield=[(f"i{i}", "Island") for i in range(islands)],
        opponent=[("o1", "Grizzly Bears"), ("o2", "Grizzly Bears")],
    )
    found = casts(state, "tide")
    assert len(found) == expected
    assert all("opt" not in c.discards for c in found)


def test_exile_x_creature_cards_from_the_graveyard(make_state, casts):
    """CR 107.3a, 601.2h: Chill Haunting ({1}{B}): exile X creature cards from the graveyard; X announced.

    Graveyard: two Grizzly Bears (g1, g2) and Opt; the one target creature is P2's Grizzly Bears. Sets of
    creature cards: X = 0: 1, X = 1: 2, X = 2: 1; Opt never. (1 + 2 + 1) x 1 target = 4.
    """
    state = make_state(
        hand=[("chill", "Chill Haunting")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
        opponent=[("o1", "Grizzly Bears")],
        objects=graveyard(("g1", "Grizzly Bears"), ("g2", "Grizzly Bears"), ("g3", "Opt")),
    )
    found = casts(state, "chill")
    assert len(found) == 4
    assert sorted(c.x for c in found) == [0, 1, 1, 2]


@pytest.mark.parametrize(("swamps", "expected"), [(3, 7), (5, 8)])
def test_exile_x_cards_with_x_in_the_mana_cost(make_state, casts, swamps, expected):
    """CR 107.3a: Skeletal Scrying ({X}{B}): the cards exiled from the graveyard are as many as the mana's X.

    Three cards in the graveyard. Three Swamps: X <= 2: C(3,0) + C(3,1) + C(3,2) = 1 + 3 + 3 = 7. Five
    Swamps: X <= 4, but three cards: 1 + 3 + 3 + 1 = 8.
    """
    state = make_state(
        hand=[("scry", "Skeletal Scrying")],
        battlefield=[(f"s{i}", "Swamp") for i in range(swamps)],
        objects=graveyard(("g1", "Opt"), ("g2", "Shock"), ("g3", "Grizzly Bears")),
    )
    found = casts(state, "scry")
    assert len(found) == expected
    assert all(len(c.exiles) == c.x for c in found)


# ---------------------------------------------------------------- cards revealed, or beheld (CR 701.20, 701.4)


@pytest.mark.parametrize(("other_card", "expected"), [("Grizzly Bears", 1), ("Opt", 0)])
def test_reveal_a_creature_card_is_a_condition(make_state, casts, other_card, expected):
    """CR 701.20a, 601.2h: Disaster Radius's "reveal a creature card from your hand" needs such a card.

    {5}{R}{R} with seven Mountains, no target. With Grizzly Bears in hand: revealed, moving nothing, so one
    cast (the card revealed is no choice of the count). With only Opt, no creature card: no cast.
    """
    state = make_state(
        hand=[("radius", "Disaster Radius"), ("other", other_card)],
        battlefield=[(f"m{i}", "Mountain") for i in range(7)],
    )
    found = casts(state, "radius")
    assert len(found) == expected
    assert all(not (c.discards or c.exiles) for c in found)


@pytest.mark.parametrize(("in_hand", "expected"), [("Ornithopter", 1), ("Grizzly Bears", 0)])
def test_reveal_a_colorless_creature_card(make_state, casts, in_hand, expected):
    """CR 701.20a, 601.2a: Titan's Presence reveals a colorless creature card, never itself (on the stack).

    {3} with three Islands; one target creature, P2's Grizzly Bears. Ornithopter (a colorless artifact
    creature) in hand: 1 target x 1 = 1. Grizzly Bears in hand is green: the cost can't be paid, 0.
    """
    state = make_state(
        hand=[("presence", "Titan's Presence"), ("card", in_hand)],
        battlefield=[(f"i{i}", "Island") for i in range(3)],
        opponent=[("bears", "Grizzly Bears")],
    )
    assert len(casts(state, "presence")) == expected


@pytest.mark.parametrize(("in_hand", "expected"), [("Shivan Dragon", 2), ("Grizzly Bears", 1)])
def test_optional_reveal_is_paid_or_not(make_state, casts, in_hand, expected):
    """CR 118.8b, 601.2b, 701.20a: Dragonlord's Prerogative's "you may reveal a Dragon card from your hand".

    {4}{U}{U} with six Islands, no target. Whether the optional additional cost is paid is a choice of the
    cast (STATE_FORMAT.md); it can be paid only with a Dragon card in hand. Shivan Dragon in hand: revealed
    or not, 2. Grizzly Bears only: not paid, 1.
    """
    state = make_state(
        hand=[("prerogative", "Dragonlord's Prerogative"), ("card", in_hand)],
        battlefield=[(f"i{i}", "Island") for i in range(6)],
    )
    found = casts(state, "prerogative")
    assert len(found) == expected
    assert sorted(dict(c.additional_costs).get("optional additional cost", 0) for c in found) == list(range(expected))


@pytest.mark.parametrize(
    ("hand", "battlefield", "swamps", "expected"),
    [
        ((), ("Shivan Dragon",), 2, 4),
        ((), (), 2, 1),
        (("Shivan Dragon",), (), 1, 1),
        ((), (), 1, 0),
    ],
)
def test_behold_a_dragon_or_pay(make_state, casts, hand, battlefield, swamps, expected):
    """CR 701.4a, 601.2b: Caustic Exhale's "behold a Dragon or pay {1}": exactly one of the two is paid.

    {B}; one target creature: P2's Grizzly Bears, and P1's Shivan Dragon when on the battlefield. Beholding
    is a Dragon P1 controls or a Dragon card in P1's hand (a condition, no choice of which).
    - Shivan Dragon on the battlefield, two Swamps: behold (1) or pay {1} ({1}{B}: 1) = 2 x targets (dragon,
      bears) 2 = 4.
    - No Dragon, two Swamps: pay {1} only, target bears: 1.
    - Shivan Dragon in hand, one Swamp: behold (from the hand) only, target bears: 1.
    - No Dragon, one Swamp: {1}{B} can't be paid and nothing to behold: 0.
    """
    state = make_state(
        hand=[("exhale", "Caustic Exhale")] + [(f"h{i}", n) for i, n in enumerate(hand)],
        battlefield=[(f"s{i}", "Swamp") for i in range(swamps)] + [(f"b{i}", n) for i, n in enumerate(battlefield)],
        opponent=[("bears", "Grizzly Bears")],
    )
    assert len(casts(state, "exhale")) == expected


# ---------------------------------------------------------------- a card discarded at random (CR 701.9b)


@pytest.mark.parametrize(("hand", "expected"), [(("Opt", "Shock"), 3), (("Opt",), 3), ((), 0)])
def test_discard_at_random_is_a_condition(make_state, casts, hand, expected):
    """CR 701.9b, 601.2a: Sonic Burst's "discard a card at random": which card is not the caster's choice.

    {1}{R} with two Mountains; any target: P1, P2, P2's Grizzly Bears = 3. With one or two other cards in
    hand the cost can be paid, and the card that goes tells no casts apart: 3 either way. With no other card
    (the spell is on the stack), it can't: 0.
    """
    state = make_state(
        hand=[("burst", "Sonic Burst")] + [(f"h{i}", n) for i, n in enumerate(hand)],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "burst")
    assert len(found) == expected
    assert all(not c.discards for c in found)


@pytest.mark.parametrize(("hand", "expected"), [(("Opt",), 8), ((), 4)])
def test_buyback_with_a_random_discard(make_state, casts, hand, expected):
    """CR 702.27a, 701.9b: Flowstone Flood's buyback pays 3 life and discards a card at random.

    {3}{R} with four Mountains; target land: one of P1's four Mountains = 4. Buyback is paid with 3 life and
    a card at random from the hand: with Opt in hand, paid or not, 2 x 4 = 8; with no other card, never: 4.
    """
    state = make_state(
        hand=[("flood", "Flowstone Flood")] + [(f"h{i}", n) for i, n in enumerate(hand)],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)],
    )
    assert len(casts(state, "flood")) == expected


def test_blight_needs_a_creature_of_the_casters(make_state, casts):
    """Blight N puts N -1/-1 counters on a creature its caster controls (CR 701.68a): a condition of the cast.

    Which creature is not a choice that tells casts apart (STATE_FORMAT lists discarded, sacrificed, exiled,
    tapped, returned objects).

    Requiting Hex ({B}, "you may blight 1"; destroy target creature with mana value 2 or less). P1 controls a
    Swamp and Grizzly Bears, P2 Grizzly Bears: either Bears targeted (2), blight paid or not (2): 4 casts. With
    no creature of P1's, blight can't be paid: P2's Bears, unpaid: 1. Lethal Sting ({2}{B}; "put a -1/-1
    counter on a creature you control", not optional) with no creature of P1's: 0.
    """
    state = make_state(
        hand=[("hex", "Requiting Hex")],
        battlefield=[("s", "Swamp"), ("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    assert len(casts(state, "hex")) == 4
    state = make_state(
        hand=[("hex", "Requiting Hex")], battlefield=[("s", "Swamp")], opponent=[("theirs", "Grizzly Bears")]
    )
    assert [c.times_paid("optional additional cost") for c in casts(state, "hex")] == [0]
    state = make_state(
        hand=[("sting", "Lethal Sting")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp"), ("s3", "Swamp")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    assert casts(state, "sting") == set()


@pytest.mark.parametrize("banning", ["Tatterkite", "Melira, Sylvok Outcast", "Solemnity"])
def test_a_ban_on_counters_refuses_a_cost_that_puts_counters(make_state, banning):
    """A creature that can't have counters put on it can't take blight's counters (CR 118.3, 701.68a).

    "This creature can't have counters put on it" (Tatterkite), "Creatures you control can't have -1/-1 counters
    put on them" (Melira), "Counters can't be put on artifacts, creatures, …" (Solemnity): not read, so Scarscale
    Ritual ({1}{U/B}, "put a -1/-1 counter on a creature you control") is refused beside any of them, whoever
    controls it. Lightning Bolt, with no such cost, is not: P1, P2, P2's Grizzly Bears and the banning creature
    (Tatterkite, Melira) are its targets (CR 115.4), 4, or 3 beside Solemnity, an enchantment; {R} from the Mountain.
    """
    state = make_state(
        hand=[("ritual", "Scarscale Ritual"), ("bolt", "Lightning Bolt")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("m", "Mountain"), ("ban", banning)],
        opponent=[("bears", "Grizzly Bears")],
    )
    with pytest.raises(UnsupportedRuleError, match=banning.split(",")[0]):
        legal_casts(state, "ritual").count()
    targets = 4 if banning != "Solemnity" else 3
    assert legal_casts(state, "bolt").count() == targets


def test_a_ban_on_sacrifice_refuses_a_sacrifice_cost(make_state):
    """A permanent that can't be sacrificed can't pay a sacrifice cost (CR 118.3, 701.21a).

    Hithlain Rope ("This artifact can't be sacrificed.") is not read: Thud ({R}, "As an additional cost …, sacrifice
    a creature") is refused beside it. Lightning Bolt, with no such cost, is not: P1, P2 and P1's Grizzly Bears are
    its targets (the Rope is no creature, CR 115.4): 3 casts.
    """
    state = make_state(
        hand=[("thud", "Thud"), ("bolt", "Lightning Bolt")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("bears", "Grizzly Bears")],
        opponent=[("rope", "Hithlain Rope")],
    )
    with pytest.raises(UnsupportedRuleError, match="Hithlain Rope"):
        legal_casts(state, "thud").count()
    assert legal_casts(state, "bolt").count() == 3


def test_a_life_total_that_cant_change_refuses_paying_life(make_state):
    """A player who can't lose life can't pay life (CR 119.8); "Your life total can't change." is not read.

    Gitaxian Probe ({U/P}) with no blue mana is cast only by paying 2 life (CR 107.4f): beside Platinum Emperion the
    answer is refused, naming it, never 2 casts that pay life P1 may not pay.
    """
    state = make_state(hand=[("probe", "Gitaxian Probe")], battlefield=[("emperion", "Platinum Emperion")])
    with pytest.raises(UnsupportedRuleError, match="Platinum Emperion"):
        legal_casts(state, "probe").count()
