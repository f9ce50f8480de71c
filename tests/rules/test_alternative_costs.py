"""Printed alternative costs: "you may … rather than pay this spell's mana cost" (CR 118.9, 118.9a).

Each is one value of the alternative-cost choice; its parts are mana, life (CR 119.4), cards exiled from the
hand or discarded, and permanents sacrificed, tapped or returned; a condition "if you control a [subtype]" is
decided by the battlefield, "if an opponent cast three or more spells this turn", "if exactly one creature is
attacking" and "if there are no land cards in your hand" by the state. Counts are worked out by hand; each
scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from solver.legal import legal_casts

from tests.rules.conftest import lands

BOLT_ON_STACK = {
    "objects": [{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
    "stack": ["bolt"],
    "active_player": "P2",
    "priority": "P1",
}


def _bolt(object_id: str) -> dict:
    """P2's Lightning Bolt on the stack, at P1."""
    return {
        "id": object_id,
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": object_id, "targets": [{"source": object_id, "phrase": "any target", "targets": ["P1"]}]},
    }


def alternatives(found) -> list[str | None]:
    """The alternative cost of each cast, sorted."""
    return sorted((cast.alternative_cost or "") for cast in found)


def test_force_of_will_exiles_a_blue_card_and_pays_life(make_state, casts):
    """Force of Will's alternative cost exiles a blue card from the hand and pays 1 life.

    Two Islands: the mana cost {3}{U}{U} can't be paid; the alternative exiles Brainstorm (blue) but not
    Lightning Bolt (red) nor itself (on the stack): 1 cast, Brainstorm exiled.
    """
    state = make_state(
        hand=[("fow", "Force of Will"), ("storm", "Brainstorm"), ("red", "Lightning Bolt")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        **BOLT_ON_STACK,
    )
    found = casts(state, "fow")
    assert [(c.alternative_cost, c.exiles) for c in found] == [
        ("pay 1 life and exile a blue card from your hand", ("storm",))
    ]


@pytest.mark.parametrize(("life", "expected"), [(20, 1), (4, 1), (3, 0)])
def test_snuff_out_pays_life_only_with_that_much(make_state, casts, life, expected):
    """Snuff Out's alternative cost of 4 life is paid only with 4 life or more (CR 119.4).

    "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost."

    One Swamp: the mana cost {3}{B} can't be paid; 4 life can be paid with 4 or more life (CR 119.4): the one
    nonblack creature is the target: 1 cast at 20 or 4 life, 0 at 3.
    """
    state = make_state(
        hand=[("snuff", "Snuff Out")],
        battlefield=[("s1", "Swamp")],
        opponent=[("bears", "Grizzly Bears")],
        life={"P1": life, "P2": 20},
    )
    assert len(casts(state, "snuff")) == expected


def test_condition_of_an_alternative_cost(make_state, casts):
    """An alternative cost's condition is decided by the battlefield (CR 118.9).

    Snuff Out with four Mountains: no Swamp, and {3}{B} can't be paid: 0 casts. Three Mountains and a Swamp:
    the mana cost and the alternative: 2 casts.
    """
    mountains = [(f"m{i}", "Mountain") for i in range(4)]
    state = make_state(hand=[("snuff", "Snuff Out")], battlefield=mountains, opponent=[("bears", "Grizzly Bears")])
    assert casts(state, "snuff") == set()
    state = make_state(
        hand=[("snuff", "Snuff Out")],
        battlefield=mountains[:3] + [("s", "Swamp")],
        opponent=[("bears", "Grizzly Bears")],
    )
    assert alternatives(casts(state, "snuff")) == ["", "pay 4 life"]


def test_fireblast_sacrifices_two_mountains(make_state, casts):
    """Fireblast's alternative cost sacrifices two Mountains.

    Three Mountains: {4}{R}{R} can't be paid; two of three Mountains sacrificed: C(3, 2) = 3 ways, times its
    any target P1 or P2 (no creature): 3 x 2 = 6 casts.
    """
    state = make_state(hand=[("blast", "Fireblast")], battlefield=[(f"m{i}", "Mountain") for i in range(3)])
    found = casts(state, "blast")
    assert len(found) == 6 and {len(c.sacrifices) for c in found} == {2}


def test_daze_returns_an_island(make_state, casts):
    """Daze: return an Island you control to its owner's hand instead of paying {1}{U}.

    One tapped Island (the cost returns it, it doesn't tap it): the alternative only, targeting Lightning
    Bolt: 1 cast.
    """
    state = make_state(hand=[("daze", "Daze")], battlefield=[("isl", "Island", {"tapped": True})], **BOLT_ON_STACK)
    found = casts(state, "daze")
    assert alternatives(found) == ["return an Island you control to its owner's hand"]


def test_force_of_negation_only_on_another_players_turn(make_state, casts):
    """Force of Negation's alternative cost only if it's not the caster's turn (CR 118.9, 102.1).

    "If it's not your turn, you may exile a blue card from your hand rather than pay this spell's mana cost."

    No land; Lightning Bolt (P2's) on the stack; Brainstorm in P1's hand. On P2's turn: the blue card exiled:
    1 cast. On P1's own turn: the alternative can't be paid, nor {1}{U}{U}: 0.
    """
    bolt = {
        "objects": [{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        "stack": ["bolt"],
        "priority": "P1",
    }
    state = make_state(hand=[("fon", "Force of Negation"), ("storm", "Brainstorm")], active_player="P2", **bolt)
    assert [(c.alternative_cost, c.exiles) for c in casts(state, "fon")] == [
        ("exile a blue card from your hand", ("storm",))
    ]
    state = make_state(hand=[("fon", "Force of Negation"), ("storm", "Brainstorm")], active_player="P1", **bolt)
    assert casts(state, "fon") == set()


def test_gush_returns_two_islands(make_state, casts):
    """Gush returns two Islands its caster controls rather than paying its mana cost (CR 118.9).

    Three Islands: {4}{U} can't be paid; two of three Islands returned: C(3, 2) = 3 casts.
    """
    state = make_state(hand=[("gush", "Gush")], battlefield=[(f"i{n}", "Island") for n in range(3)])
    found = casts(state, "gush")
    assert len(found) == 3 and {len(c.returns) for c in found} == {2}


@pytest.mark.parametrize(("creatures", "expected"), [(13, 1), (12, 0)])
def test_condition_of_so_many_creatures(make_state, casts, creatures, expected):
    """Blasphemous Edict's {B} if there are thirteen or more creatures on the battlefield (CR 118.9).

    One Swamp ({3}{B}{B} can't be paid) and Grizzly Bears split between the players: 13 creatures, {B}: 1 cast;
    12: 0.
    """
    mine = [(f"b{n}", "Grizzly Bears") for n in range(creatures // 2)]
    theirs = [(f"o{n}", "Grizzly Bears") for n in range(creatures - creatures // 2)]
    state = make_state(hand=[("edict", "Blasphemous Edict")], battlefield=[("s", "Swamp")] + mine, opponent=theirs)
    assert len(casts(state, "edict")) == expected


def test_an_opponent_gains_life_rather_than_paying(make_state, casts):
    """Invigorate: an opponent gains 3 life rather than its mana cost being paid, if its caster controls a Forest.

    A cost with no choice in it (CR 118.9).

    A tapped Forest (no mana) and P1's Grizzly Bears: the alternative, targeting the Bears: 1 cast. A tapped
    Plains instead: no Forest, and {2}{G} can't be paid: 0.
    """
    state = make_state(
        hand=[("inv", "Invigorate")], battlefield=[("f", "Forest", {"tapped": True}), ("bears", "Grizzly Bears")]
    )
    assert [c.alternative_cost for c in casts(state, "inv")] == ["have an opponent gain 3 life"]
    state = make_state(
        hand=[("inv", "Invigorate")], battlefield=[("p", "Plains", {"tapped": True}), ("bears", "Grizzly Bears")]
    )
    assert casts(state, "inv") == set()


def test_discard_an_island_card_and_another_card(make_state, casts):
    """CR 118.9, 118.10: Foil ({2}{U}{U}) may be cast discarding an Island card and another card.

    "You may discard an Island card and another card rather than pay this spell's mana cost." P1, no lands,
    holds two Island cards and Opt; P2's Lightning Bolt is on the stack. Pairs with an Island:
    {Island 1, Island 2}, {Island 1, Opt}, {Island 2, Opt}: 3 casts, each countering the Bolt.
    """
    state = make_state(
        hand=[("foil", "Foil"), ("i1", "Island"), ("i2", "Island"), ("opt", "Opt")],
        objects=[
            {
                "id": "bolt",
                "card": "Lightning Bolt",
                "zone": "stack",
                "controller": "P2",
                "cast": {"card": "bolt", "targets": [{"source": "bolt", "phrase": "any target", "targets": ["P1"]}]},
            }
        ],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "foil")
    assert {tuple(sorted(c.discards)) for c in found} == {("i1", "i2"), ("i1", "opt"), ("i2", "opt")}


@pytest.mark.parametrize(("cast_by_p2", "expected"), [(3, 2), (2, 0)])
def test_an_alternative_cost_if_an_opponent_cast_three_spells(make_state, casts, cast_by_p2, expected):
    """CR 118.9: Mindbreak Trap ({2}{U}{U}) for {0} if an opponent cast three or more spells this turn.

    No land. "Any number of target spells": none, or P2's Bolt = 2 casts for {0} when P2 cast 3 (this_turn); with
    2 cast, {0} can't be paid, and the mana cost can't either: 0.
    """
    state = make_state(
        objects=[_bolt("bolt")],
        hand=[("trap", "Mindbreak Trap")],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
        this_turn={"spells_cast": {"P2": cast_by_p2}},
    )
    assert len(casts(state, "trap")) == expected


@pytest.mark.parametrize(("attackers", "expected"), [(1, 1), (2, 0)])
def test_an_alternative_cost_if_exactly_one_creature_attacks(make_state, casts, attackers, expected):
    """CR 118.9, 506.4: Pitfall Trap ({2}{W}) for {W} if exactly one creature is attacking.

    P2's combat, P2's Grizzly Bears attacking (and, second case, a second one); one Plains. One attacker: {W},
    target the attacking Bears: 1 cast. Two: {2}{W} is 3 > 1: 0.
    """
    bears = [(f"bears{i}", "Grizzly Bears", {"attacking": True}) for i in range(attackers)]
    state = make_state(
        hand=[("trap", "Pitfall Trap")],
        battlefield=lands("Plains", 1),
        opponent=bears,
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    assert len(casts(state, "trap")) == expected


@pytest.mark.parametrize(("hand", "expected"), [([("bears", "Grizzly Bears")], 1), ([("forest", "Forest")], 0)])
def test_an_alternative_cost_if_the_hand_has_no_land(make_state, casts, hand, expected):
    """CR 118.9: Land Grant ({1}{G}) by revealing the hand if it has no land card (no land on the battlefield).

    With Grizzly Bears beside it: revealed, 1 cast. With a Forest: the condition fails, and {1}{G} can't be paid: 0.
    """
    state = make_state(hand=[("grant", "Land Grant")] + hand)
    assert len(casts(state, "grant")) == expected


# ------------------------------------------------------------------ alternative costs a permanent grants (CR 118.9)
FIVE_BASICS = [("p", "Plains"), ("i", "Island"), ("s", "Swamp"), ("m", "Mountain"), ("f", "Forest")]


@pytest.mark.parametrize(("side", "expected"), [("P1", [None, "granted {W}{U}{B}{R}{G}"]), ("P2", [None])])
def test_jodah_grants_its_controller_a_cost_rather_than_the_mana_cost(make_state, casts, side, expected):
    """CR 118.9, 109.5: Jodah, Archmage Eternal's granted cost is its controller's only.

    "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."

    Grizzly Bears ({1}{G}) in P1's hand, a Plains, Island, Swamp, Mountain and Forest. Jodah on P1's side: its
    mana cost (1) or {W}{U}{B}{R}{G} (1), 2 casts. On P2's side: the mana cost alone, 1.
    """
    jodah = [("jodah", "Jodah, Archmage Eternal")]
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=FIVE_BASICS + (jodah if side == "P1" else []),
        opponent=jodah if side == "P2" else [],
    )
    found = casts(state, "bears")
    assert [c.alternative_cost for c in sorted(found, key=lambda c: c.alternative_cost or "")] == expected
    assert {str(c.total_cost) for c in found} == ({"{1}{G}", "{W}{U}{B}{R}{G}"} if side == "P1" else {"{1}{G}"})


def test_a_granted_cost_with_no_x_fixes_x_at_0(make_state, casts):
    """CR 107.3b, 118.9: Blaze ({X}{R}, X damage to any target) under Jodah: X is 0 paying Jodah's cost.

    Six lands: the five basics and a Mountain.

    The mana cost: X from 0 to 5 (one land for {R}), 6 values; {W}{U}{B}{R}{G} rather than it: X is 0 (the cost
    has no X, CR 107.3b), 1 value. Any target: P1, P2 or Jodah, 3. (6 + 1) x 3 = 21 casts.
    """
    state = make_state(
        hand=[("blaze", "Blaze")],
        battlefield=FIVE_BASICS + [("m2", "Mountain"), ("jodah", "Jodah, Archmage Eternal")],
    )
    found = casts(state, "blaze")
    assert len(found) == 21
    assert {c.x for c in found if c.alternative_cost} == {0}


def test_a_grant_and_a_free_cast_are_each_one_alternative_cost(make_state):
    """CR 118.9a: Jodah and Omniscience on P1's side: one alternative cost at most.

    Grizzly Bears for its mana cost, for {W}{U}{B}{R}{G}, or without paying its mana cost: 3 casts, never two of
    them at once.
    """
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=FIVE_BASICS + [("jodah", "Jodah, Archmage Eternal"), ("omni", "Omniscience")],
    )
    found = sorted((c.alternative_cost or "", c.without_paying_mana_cost) for c in legal_casts(state, "bears"))
    assert found == [("", False), ("", True), ("granted {W}{U}{B}{R}{G}", False)]


@pytest.mark.parametrize(
    ("spell", "side", "expected"),
    [("Walking Corpse", "P1", 1), ("Walking Corpse", "P2", 0), ("Grizzly Bears", "P1", 0)],
)
def test_rooftop_storm_grants_zombie_creature_spells_a_cost_of_0(make_state, casts, spell, side, expected):
    """CR 118.9: Rooftop Storm's {0} rather than the mana cost, for Zombie creature spells its controller casts.

    No lands. Walking Corpse (a Zombie, {1}{B}) with the Storm on P1's side: {0}, 1 cast. On P2's side: 0. Grizzly
    Bears (a Bear, not a Zombie): 0.
    """
    storm = [("storm", "Rooftop Storm")]
    state = make_state(
        hand=[("spell", spell)], battlefield=storm if side == "P1" else [], opponent=storm if side == "P2" else []
    )
    found = casts(state, "spell")
    assert len(found) == expected
    assert all(c.alternative_cost == "granted {0}" for c in found)


def test_a_granted_cost_of_objects(make_state, casts):
    """CR 118.9, 701.59a: Conspiracy Unraveler's granted cost is paid with objects: collect evidence 10.

    No lands; P1's graveyard: Shivan Dragon (6), Serra Angel (5), Grizzly Bears (2). Sets with total mana value 10
    or greater: Dragon and Angel (11), all three (13); the Dragon and the Bears make 8, the Angel and the Bears 7.
    Grizzly Bears from the hand: 2 casts.
    """
    graveyard = [
        {"id": g, "card": name, "zone": "graveyard", "owner": "P1"}
        for g, name in (("g1", "Shivan Dragon"), ("g2", "Serra Angel"), ("g3", "Grizzly Bears"))
    ]
    state = make_state(
        hand=[("bears", "Grizzly Bears")], battlefield=[("cu", "Conspiracy Unraveler")], objects=graveyard
    )
    assert sorted(c.exiles for c in casts(state, "bears")) == [("g1", "g2"), ("g1", "g2", "g3")]


# ---------------------------------------------------------------------------------------------- a commander
def _isamaru(controller: str, **extra: object) -> dict:
    """Isamaru, Hound of Konda (a legendary creature) on the battlefield, under ``controller``."""
    return {"id": "isamaru", "card": "Isamaru, Hound of Konda", "zone": "battlefield", "controller": controller} | extra


@pytest.mark.parametrize(
    ("isamaru", "islands", "expected"),
    [
        ({"commander": True}, 0, 1),  # the commander alone: the free cast, at the Bolt
        ({}, 0, 0),  # a legendary creature that is no commander: no way to pay
        ({"commander": True, "owner": "P2"}, 0, 1),  # P2's commander under P1's control: P1 controls a commander
        ({"commander": True}, 3, 2),  # {2}{U} paid, or free: two casts at the one Bolt
        ({}, 3, 1),  # the mana cost only
    ],
)
def test_free_cast_if_you_control_a_commander(make_state, isamaru, islands, expected):
    """CR 903.3d, 118.9: Fierce Guardianship's free cast "if you control a commander", at P2's Lightning Bolt.

    "If you control a commander, you may cast this spell without paying its mana cost. Counter target noncreature
    spell." "Control a commander" is a permanent on the battlefield that is a commander (CR 903.3d), whoever owns
    it. One target (the Bolt), so casts = ways to pay: the free cast when P1 controls a commander (1), {2}{U} with
    three Islands (1).
    """
    state = make_state(
        hand=[("guardianship", "Fierce Guardianship")],
        battlefield=lands("Island", islands),
        objects=[_bolt("bolt"), _isamaru("P1", **isamaru)],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    found = list(legal_casts(state, "guardianship"))
    assert len(found) == expected
    assert all(cast.targets[0].targets == ("bolt",) for cast in found)


def test_an_opponents_commander_is_not_yours(make_state):
    """CR 903.3d: P2 controls their commander; P1 controls none, and can't cast Fierce Guardianship for free: 0."""
    state = make_state(
        hand=[("guardianship", "Fierce Guardianship")],
        objects=[_bolt("bolt"), _isamaru("P2", commander=True)],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert legal_casts(state, "guardianship").count() == 0


# ---------------------------------------------------------------------------------------------- this turn's facts
@pytest.mark.parametrize(
    ("card", "land", "this_turn", "expected"),
    [
        ("Needlebite Trap", "Swamp", {"life_gained": {"P2": 1}}, 2),
        ("Needlebite Trap", "Swamp", {"life_gained": {"P1": 4}}, 0),
        ("Needlebite Trap", "Swamp", {}, 0),
        ("Runeflare Trap", "Mountain", {"cards_drawn": {"P2": 3}}, 2),
        ("Runeflare Trap", "Mountain", {"cards_drawn": {"P2": 2, "P1": 5}}, 0),
    ],
)
def test_trap_on_life_gained_or_cards_drawn(make_state, card, land, this_turn, expected):
    """CR 118.9, 119.3, 121.1: Traps whose condition is life an opponent gained, or cards an opponent drew.

    Needlebite Trap: {B} if an opponent gained life this turn; Runeflare Trap: {R} if an opponent drew three or
    more cards this turn. One land pays the alternative cost only; each targets a player, P1 or P2: 2 casts when
    an opponent did it (this_turn.life_gained, this_turn.cards_drawn), else 0 (the caster's own don't count; not
    given: none).
    """
    state = make_state(hand=[("trap", card)], battlefield=lands(land, 1), this_turn=this_turn)
    found = list(legal_casts(state, "trap"))
    assert len(found) == expected
    assert all(cast.alternative_cost is not None for cast in found)
