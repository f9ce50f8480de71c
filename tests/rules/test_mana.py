"""Tests of solver.rules.mana: the mana available, and what pays the total cost (CR 601.2g-h, 106.4, 605).

Mana comes from the caster's pool and their untapped permanents' mana abilities (CR 106.4, 605.1a; basic land
types, CR 305.6; a summoning-sick creature makes none, CR 302.6); colours matter (CR 107.4). Mana abilities that
sacrifice or exile their object: "{T}, Sacrifice this artifact: Add one mana of any color." is a mana ability like
"{T}: Add {G}"; its object is gone once used. "Sacrifice this creature: Add {R}{R}." has no {T}: a tapped or
summoning-sick creature can activate it (CR 302.6 restricts {T} abilities only). "Exile this card from your hand:
Add {G}." is activated from the hand. Mana abilities that cost mana ("{1}, {T}: Add {U}{B}.").

What else pays mana of the total cost: delve, each card exiled from the caster's graveyard paying {1} of the
generic mana, no more of them than that (CR 702.66a-b); convoke, each creature tapped paying one generic mana or
one mana of its colour (CR 702.51a-b); improvise, each artifact tapped paying one generic mana (CR 702.126a-b).
Which cards are exiled and which permanents are tapped is a choice of the cast (STATE_FORMAT: what counts as one
cast), each paying for exactly one mana; a permanent tapped this way, or to pay a cost, can't also tap for mana
(CR 601.2g).

How mana is paid is not a choice that tells casts apart: a cast is legal iff some payment exists. Counts are
worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from models.cast import Cast, TargetChoice
from models.errors import InputError, UnsupportedRuleError
from solver.legal import legal_casts, why_illegal
from tests.rules.conftest import lands, relics

RAY = [("ray", "Glacial Ray")]
MISTS_AND_RAY = [("mists", "Reach Through Mists"), ("ray", "Glacial Ray")]
TREASURE = {
    "name": "Treasure",
    "mana_cost": "",
    "type_line": "Artifact — Treasure",
    "oracle_text": "{T}, Sacrifice this artifact: Add one mana of any color.",
}
BOLT_ON_STACK = {
    "objects": [{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
    "stack": ["bolt"],
    "active_player": "P2",
    "priority": "P1",
}


def opts(n: int) -> list[dict]:
    """``n`` cards (Opt) in P1's graveyard."""
    return [{"id": f"g{i}", "card": "Opt", "zone": "graveyard", "owner": "P1"} for i in range(n)]


# ---------------------------------------------------------------- the mana available and its payment (CR 601.2g-h)
@pytest.mark.parametrize(
    ("lands", "expected"),
    [
        ([("i", "Island"), ("f", "Forest")], 0),  # no red source for {R}
        ([("m", "Mountain")], 0),  # {R} but nothing for {1}
        ([("m", "Mountain"), ("f", "Forest")], 2),  # {1} by green: P1 or P2
        ([("m", "Mountain"), ("i", "Island")], 2),  # {1} by blue
        ([("ring", "Sol Ring")], 0),  # {C}{C}: no {R}
        ([("m", "Mountain"), ("ring", "Sol Ring")], 2),  # {1} by colourless
    ],
)
def test_coloured_symbols_need_their_colour_generic_takes_any(make_state, casts, lands, expected):
    """CR 601.2h, 107.4, 305.6: Glacial Ray's {1}{R} needs a red mana; its {1} is paid by any mana."""
    state = make_state(hand=RAY, battlefield=lands)
    assert len(casts(state, "ray")) == expected


def test_sol_ring_pays_generic_of_a_splice(make_state, casts):
    """CR 601.2f-h, 106.1b: Sol Ring's {C}{C} pays the generic part of Reach + spliced Ray {1}{U}{R}."""
    state = make_state(hand=MISTS_AND_RAY, battlefield=[("i", "Island"), ("m", "Mountain"), ("ring", "Sol Ring")])
    # Reach alone {U} 1 + Ray spliced ({U}{1}{R}: Island, Mountain, Sol Ring) x {P1, P2} 2 = 3.
    assert len(casts(state, "mists")) == 3


@pytest.mark.parametrize(
    ("pool", "lands", "expected"),
    [
        ({"P1": "{R}"}, [("m", "Mountain")], 2),  # pool {R} + Mountain pays {1}{R}
        ({"P1": "{R}"}, [], 0),  # one mana for a 2-mana cost
        ({"P1": "{R}{R}"}, [], 2),  # the pool alone
        ({"P1": "{C}{R}"}, [], 2),  # colourless pays {1}
        ({"P2": "{R}"}, [("m", "Mountain")], 0),  # the opponent's pool is not P1's mana
    ],
)
def test_mana_pool_from_the_state_counts(make_state, casts, pool, lands, expected):
    """CR 106.4, 601.2g-h: mana in the caster's pool (state file "mana_pool") pays costs."""
    state = make_state(hand=RAY, battlefield=lands, mana_pool=pool)
    assert len(casts(state, "ray")) == expected


@pytest.mark.parametrize(
    ("battlefield", "opponent", "expected"),
    [
        ([("m1", "Mountain"), ("m2", "Mountain", {"tapped": True})], [], 0),  # a tapped land makes nothing
        ([("m1", "Mountain", {"tapped": True}), ("m2", "Mountain", {"tapped": True})], [], 0),
        ([], [("m1", "Mountain"), ("m2", "Mountain")], 0),  # the opponent's lands
        ([("m1", "Mountain"), ("m2", "Mountain")], [], 2),
    ],
)
def test_only_the_casters_untapped_sources(make_state, casts, battlefield, opponent, expected):
    """CR 106.4, 605.1a, 305.6: a land's mana ability needs {T}: tapped or opposing lands pay nothing."""
    state = make_state(hand=RAY, battlefield=battlefield, opponent=opponent)
    assert len(casts(state, "ray")) == expected


@pytest.mark.parametrize(
    ("lands", "expected"),
    [
        ([("f", "Forest"), ("elves", "Llanowar Elves")], 1),  # {T}: Add {G}
        ([("f", "Forest"), ("elves", "Llanowar Elves", {"tapped": True})], 0),
    ],
)
def test_mana_abilities_of_creatures(make_state, casts, lands, expected):
    """CR 605.1a: Llanowar Elves' "{T}: Add {G}" pays for Grizzly Bears {1}{G} with a Forest."""
    state = make_state(hand=[("bears", "Grizzly Bears")], battlefield=lands)
    assert len(casts(state, "bears")) == expected


@pytest.mark.parametrize(("land", "expected"), [("Island", 1), ("Forest", 1), ("Mountain", 0)])
def test_hybrid_mana_is_paid_with_either_colour(make_state, casts, land, expected):
    """CR 107.4e: Slippery Bogle's {G/U} is paid with green or blue mana."""
    state = make_state(hand=[("bogle", "Slippery Bogle")], battlefield=[("land", land)])
    assert len(casts(state, "bogle")) == expected


@pytest.mark.parametrize(
    ("sick", "granted", "expected"),
    [
        (False, [], 1),  # the Elves tap for {G}: Kodama's Might on the Elves, the only creature
        (True, [], 0),  # summoning sick: no {G}, nothing else makes mana
        (True, ["haste"], 1),  # haste lifts the rule
    ],
)
def test_summoning_sick_creature_makes_no_mana(make_state, casts, sick, granted, expected):
    """CR 302.6: a creature's {T} mana ability can't be activated while it is summoning sick, unless it has haste."""
    state = make_state(
        hand=[("might", "Kodama's Might")], battlefield=[("elves", "Llanowar Elves", {"granted": granted})]
    )
    elves = state.object("elves")
    state = replace(state, objects=tuple(replace(o, summoning_sick=sick) if o is elves else o for o in state.objects))
    assert len(casts(state, "might")) == expected


def test_why_illegal_unaffordable_cites_601_2h(make_state):
    """CR 601.2h: a cast whose total cost can't be paid is illegal ("partial payments are not allowed")."""
    state = make_state(hand=RAY, battlefield=[("m", "Mountain")])
    cast = Cast("ray", "Glacial Ray", targets=(TargetChoice("ray", None, 0, 0, "any target", ("P2",)),))
    reasons = why_illegal(state, cast)
    assert {reason.rule for reason in reasons} == {"CR 601.2h"}
    assert cast not in legal_casts(state, "ray")


def test_why_illegal_unaffordable_splice_cites_601_2h(make_state):
    """CR 601.2f-h: the splice cost is part of the total; Island + Mountain can't pay {U}+{1}{R}."""
    state = make_state(hand=MISTS_AND_RAY, battlefield=[("i", "Island"), ("m", "Mountain")])
    cast = Cast(
        "mists",
        "Reach Through Mists",
        splices=("ray",),
        targets=(TargetChoice("ray", None, 0, 0, "any target", ("P2",)),),
    )
    assert "CR 601.2h" in {reason.rule for reason in why_illegal(state, cast)}
    assert why_illegal(state, Cast("mists", "Reach Through Mists")) == ()


def test_a_creature_tapped_for_a_cost_makes_no_mana(make_state, casts):
    """CR 601.2g-h: Llanowar Elves tapped for mana can't also be tapped for escalate, and the reverse."""
    state = make_state(
        hand=[("effort", "Collective Effort")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("elves", "Llanowar Elves"), ("bears", "Grizzly Bears")],
        opponent=[("wurm", "Craw Wurm"), ("moon", "Smoke")],
    )
    found = casts(state, "effort")
    # {1}{W}{W} needs the Elves' mana, so only the Bears can be tapped for escalate.
    # One mode: 4. Two modes tapping the Bears: 1 + 2 + 2 = 5. Three modes need two taps: 0. 4 + 5 = 9.
    assert len(found) == 9
    assert {c.taps for c in found} == {(), ("bears",)}


def test_tap_any_number_of_creatures_keeps_mana_creatures_honest(make_state, casts):
    """CR 118.8, 601.2g-h: a creature tapped for mana can't also be tapped for Burn at the Stake's cost.

    Burn at the Stake ({2}{R}{R}{R}) taps any number of untapped creatures; Llanowar Elves tapped for
    mana can't also be tapped for the cost.
    """
    state = make_state(
        hand=[("burn", "Burn at the Stake")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)]
        + [("elves", "Llanowar Elves"), ("bears", "Grizzly Bears")],
    )
    found = casts(state, "burn")
    # Five mana are needed: the four Mountains and the Elves, so only the Bears may be tapped: {} or {bears} = 2.
    # Any target (CR 115.4: a creature, player, planeswalker or battle; no planeswalker or battle here):
    # P1, P2, elves, bears = 4. 2 * 4 = 8.
    assert len(found) == 8 and {c.taps for c in found} == {(), ("bears",)}


# ---------------------------------------------------- mana abilities that sacrifice or exile their object (CR 605.1a)
def test_a_treasure_pays_one_mana_of_any_color(make_state, casts):
    """CR 605.1a: Lightning Bolt ({R}) with a Treasure and no land: any target, P1 or P2 = 2 casts."""
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("t", TREASURE, {"token": True})])
    assert len(casts(state, "bolt")) == 2


def test_a_treasure_is_used_once(make_state, casts):
    """CR 701.21a: one Treasure makes one mana.

    Shock ({R}): any target, P1 or P2 = 2 casts. Divination ({2}{U}) with the Treasure and an Island: 2 mana of
    3 = 0 casts.
    """
    state = make_state(
        hand=[("shock", "Shock"), ("div", "Divination")],
        battlefield=[("t", TREASURE, {"token": True}), ("i", "Island")],
    )
    assert len(casts(state, "shock")) == 2
    assert casts(state, "div") == set()


def test_sacrificing_without_tapping_works_on_a_tapped_creature(make_state, casts):
    """CR 302.6, 605.1a: a tapped Reckless Barbarian still sacrifices itself for {R}{R}.

    Divination ({2}{U}) with an Island and the tapped Barbarian: {U} + {R}{R} pays it: 1 cast.
    """
    state = make_state(
        hand=[("div", "Divination")], battlefield=[("i", "Island"), ("barb", "Reckless Barbarian", {"tapped": True})]
    )
    assert len(casts(state, "div")) == 1


def test_a_spirit_guide_in_hand_pays(make_state, casts):
    """CR 605.1a: Simian Spirit Guide exiled from P1's hand adds {R}: Lightning Bolt with no land, 2 casts."""
    state = make_state(hand=[("bolt", "Lightning Bolt"), ("guide", "Simian Spirit Guide")])
    assert len(casts(state, "bolt")) == 2


def test_a_spirit_guide_is_not_its_own_mana(make_state, casts):
    """CR 601.2a: the Spirit Guide being cast is on the stack, not in the hand: it can't pay for itself.

    Elvish Spirit Guide ({2}{G}) with two Forests: 2 mana of 3: 0 casts.
    """
    state = make_state(hand=[("guide", "Elvish Spirit Guide")], battlefield=[("f1", "Forest"), ("f2", "Forest")])
    assert casts(state, "guide") == set()


def test_a_cost_that_may_take_a_treasure_is_refused(make_state):
    """CR 601.2g-h: a Treasure either makes mana or is sacrificed for a cost; that choice is refused, not guessed.

    Deadly Dispute ("As an additional cost, sacrifice an artifact or creature") with a Treasure on the battlefield.
    """
    state = make_state(
        hand=[("dispute", "Deadly Dispute")],
        battlefield=[("t", TREASURE, {"token": True}), ("s1", "Swamp"), ("s2", "Swamp")],
    )
    with pytest.raises(UnsupportedRuleError, match="Treasure"):
        legal_casts(state, "dispute").count()


# ------------------------------------------------------------------------------------- mana abilities that cost mana
def test_a_signet_needs_mana_made_before_it(make_state, casts):
    """CR 605.3, 106.4: Izzet Signet ("{1}, {T}: Add {U}{R}.") is paid with mana made before it.

    Opt ({U}) with the Signet alone: nothing pays its {1}: 0 casts.
    """
    state = make_state(hand=[("opt", "Opt")], battlefield=[("sig", "Izzet Signet")])
    assert casts(state, "opt") == set()


@pytest.mark.parametrize(("lands", "expected"), [(["Forest"], 0), (["Forest", "Mountain"], 1)])
def test_a_signet_turns_one_mana_into_two(make_state, casts, lands, expected):
    """CR 605.3: Divination ({2}{U}) with Izzet Signet.

    A Forest pays the Signet's {1}, which makes {U}{R}: 2 mana of 3, 0 casts. With a Mountain too: {U}{R} and the
    Mountain's {R} pay {2}{U}: 1 cast.
    """
    state = make_state(
        hand=[("div", "Divination")],
        battlefield=[("sig", "Izzet Signet")] + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "div")) == expected


def test_a_signet_cant_make_the_colour_its_cost_took(make_state, casts, card):
    """CR 605.3: the Forest's {G} pays the Signet's {1}, so Forest and Izzet Signet make {U}{R}, never {G}{U}.

    An inline {G}{U} sorcery, "Draw a card.": 0 casts. With an Island too: the Island's {U} and the Forest's {G},
    the Signet unused: 1 cast.
    """
    growth = card("Test Growth", "{G}{U}", "Sorcery", "Draw a card.")
    state = make_state(hand=[("g", growth)], battlefield=[("sig", "Izzet Signet"), ("f", "Forest")])
    assert casts(state, "g") == set()
    state = make_state(hand=[("g", growth)], battlefield=[("sig", "Izzet Signet"), ("f", "Forest"), ("i", "Island")])
    assert len(casts(state, "g")) == 1


def test_a_land_with_a_free_and_a_paid_mana_ability_makes_one(make_state, casts):
    """CR 605.1a: Cave of Temptation ("{T}: Add {C}." or "{1}, {T}: Add one mana of any color.") taps once.

    Lightning Bolt ({R}): the Cave alone makes {C}, or nothing (its {1} unpaid): 0 casts. With a Plains paying the
    {1}: {R} from the Cave: any target, P1 or P2 = 2 casts.
    """
    alone = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("cave", "Cave of Temptation")])
    assert casts(alone, "bolt") == set()
    paid = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("cave", "Cave of Temptation"), ("p", "Plains")])
    assert len(casts(paid, "bolt")) == 2


# ---------------------------------------------------------------- delve (CR 702.66)
@pytest.mark.parametrize(
    ("islands", "expected"),
    [
        (3, 1),  # {7}{U}: the Islands pay {U}{2}, five cards must pay {5}: all five, 1 way
        (4, math.comb(5, 4) + 1),  # {U}{3} from Islands: four or five cards: 5 + 1 = 6
        (8, 2**5),  # the Islands pay it all: any of the 2^5 sets of cards, none to five (5 <= the {7} generic)
        (2, 0),  # {U}{1} from Islands, {6} left, five cards pay only {5}
    ],
)
def test_treasure_cruise(make_state, casts, islands, expected):
    """Treasure Cruise ({7}{U}, delve) with five cards in P1's graveyard and some Islands."""
    state = make_state(
        hand=[("tc", "Treasure Cruise")], battlefield=[(f"i{i}", "Island") for i in range(islands)], objects=opts(5)
    )
    assert len(casts(state, "tc")) == expected


def test_delve_pays_generic_mana_only(make_state, casts):
    """Murderous Cut ({4}{B}, delve; destroy target creature): five cards in the graveyard and one Swamp.

    The cards pay at most the {4} (CR 702.66a): four of five exiled, C(5, 4) = 5 ways, the Swamp paying {B};
    one target, the opponent's Grizzly Bears: 5 casts. None exiles all five: a fifth card has nothing to pay.
    """
    state = make_state(
        hand=[("cut", "Murderous Cut")],
        battlefield=[("s", "Swamp")],
        opponent=[("bears", "Grizzly Bears")],
        objects=opts(5),
    )
    found = casts(state, "cut")
    assert len(found) == 5 and {len(c.exiles) for c in found} == {4}


# ---------------------------------------------------------------- convoke (CR 702.51)
def test_any_set_of_creatures_that_can_pay(make_state, casts):
    """Any set of creatures that can each pay a mana may be tapped for convoke (CR 702.51a).

    Stoke the Flames ({2}{R}{R}, convoke, 4 damage to any target) with four Mountains, a Grizzly Bears (green)
    and a Goblin Piker (red). The Mountains pay it all, so each of the 4 sets of the two creatures (none, either,
    both) can be tapped; any target: P1, P2, the Bears, the Piker = 4. 4 x 4 = 16 casts.
    """
    state = make_state(
        hand=[("stoke", "Stoke the Flames")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [("bear", "Grizzly Bears"), ("gob", "Goblin Piker")],
    )
    found = casts(state, "stoke")
    assert len(found) == 16 and {frozenset(c.taps) for c in found} == {
        frozenset(),
        frozenset({"bear"}),
        frozenset({"gob"}),
        frozenset({"bear", "gob"}),
    }


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
    state = make_state(
        hand=[("stoke", "Stoke the Flames")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [(f"g{i}", "Goblin Piker") for i in range(5)],
    )
    found = casts(state, "stoke")
    assert len(found) == 31 * 7 and max(len(c.taps) for c in found) == 4


# ---------------------------------------------------------------- improvise (CR 702.126)
def test_improvise_any_set_of_artifacts_that_pays_generic_mana(make_state, casts):
    """Metallic Rebuke ({2}{U}, improvise; counter target spell) with Lightning Bolt on the stack.

    One Island and two Relics: the Island pays {U}, so both Relics pay the {2}: 1 set, 1 target = 1 cast.
    Three Islands and two Relics: the Islands pay it all, so any of the 4 sets of Relics (none, r1, r2, both)
    may be tapped: 4 casts.
    """
    state = make_state(
        hand=[("rebuke", "Metallic Rebuke")], battlefield=lands("Island", 1) + relics(2), **BOLT_ON_STACK
    )
    assert [frozenset(c.taps) for c in casts(state, "rebuke")] == [frozenset({"r1", "r2"})]
    state = make_state(
        hand=[("rebuke", "Metallic Rebuke")], battlefield=lands("Island", 3) + relics(2), **BOLT_ON_STACK
    )
    assert {frozenset(c.taps) for c in casts(state, "rebuke")} == {
        frozenset(),
        frozenset({"r1"}),
        frozenset({"r2"}),
        frozenset({"r1", "r2"}),
    }


def test_improvise_pays_no_coloured_mana(make_state, casts):
    """Artifacts tapped for improvise pay generic mana only (CR 702.126a): three Relics and no land leave {U}: 0."""
    state = make_state(hand=[("rebuke", "Metallic Rebuke")], battlefield=relics(3), **BOLT_ON_STACK)
    assert casts(state, "rebuke") == set()


def test_an_artifact_tapped_for_improvise_makes_no_mana(make_state, casts):
    """Sol Ring tapped for improvise pays {1}, not its {C}{C} (CR 601.2g, 702.126a).

    Metallic Rebuke {2}{U} with an Island, a Sol Ring and a Relic. None tapped: Island {U} + Sol Ring {C}{C}: yes.
    The Relic: it pays {1}, Sol Ring the other: yes. Sol Ring alone: it pays {1}, and {1} is left with only the
    Island (paying {U}): no. Both: {2} paid, the Island {U}: yes. 3 casts.
    """
    state = make_state(
        hand=[("rebuke", "Metallic Rebuke")],
        battlefield=lands("Island", 1) + [("sol", "Sol Ring"), ("r1", "Darksteel Relic")],
        **BOLT_ON_STACK,
    )
    assert {frozenset(c.taps) for c in casts(state, "rebuke")} == {
        frozenset(),
        frozenset({"r1"}),
        frozenset({"sol", "r1"}),
    }


def test_an_opponents_restricted_mana_changes_no_cast(make_state, casts):
    """CR 106.6, 605.1a: Elfhame Druid's "Spend this mana only to cast kicked spells." bears on its controller's mana.

    P2's Druid beside P2's Grizzly Bears: P1's Lightning Bolt (one Mountain) at P1, P2, the Bears or the Druid: 4
    casts, answered. P1's own untapped Druid makes {G}{G} only for kicked spells, and Bolt has no kicker: the
    Druid's {G} and the Mountain's {R}, Bolt at P1, P2 or the Druid: 3 casts.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("bears", "Grizzly Bears"), ("druid", "Elfhame Druid")],
    )
    assert len(casts(state, "bolt")) == 4
    mine = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=lands("Mountain", 1) + [("druid", "Elfhame Druid")]
    )
    assert legal_casts(mine, "bolt").count() == 3


# ---------------------------------------------------------------- mana abilities that pay life, energy or counters


@pytest.mark.parametrize(("energy", "expected"), [(1, 2), (0, 0)])
def test_mana_for_energy(make_state, energy, expected):
    """Aether Hub: "{T}: Add {C}." and "{T}, Pay {E}: Add one mana of any color." (CR 605.1a, 122.1).

    With one energy the Hub makes {R} for Lightning Bolt: P1 or P2, 2 casts; with none it makes {C} only: 0.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("hub", "Aether Hub")], counters={"P1": {"energy": energy}}
    )
    assert legal_casts(state, "bolt").count() == expected


def test_mana_for_energy_shared_by_two_is_not_guessed(make_state):
    """Two Aether Hubs and one energy: either may pay it, not both (CR 122.8): not weighed, so unsupported."""
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("hub1", "Aether Hub"), ("hub2", "Aether Hub")],
        counters={"P1": {"energy": 1}},
    )
    with pytest.raises(UnsupportedRuleError, match="energy"):
        legal_casts(state, "bolt").count()


@pytest.mark.parametrize(("life", "expected"), [(20, 2), (0, 0)])
def test_mana_for_life(make_state, life, expected):
    """Mana Confluence: "{T}, Pay 1 life: Add one mana of any color." (CR 119.4: life paid only while one has it).

    At 20 life it makes {R} for Lightning Bolt (P1 or P2: 2 casts); at 0 life it can't be activated (0).
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("confluence", "Mana Confluence")], life={"P1": life}
    )
    assert legal_casts(state, "bolt").count() == expected


def test_mana_for_life_beside_a_spell_that_pays_life(make_state):
    """Gut Shot's {R/P} may be paid with 2 life, as Mana Confluence's mana may: their sharing is not weighed."""
    state = make_state(hand=[("shot", "Gut Shot")], battlefield=[("confluence", "Mana Confluence")])
    with pytest.raises(UnsupportedRuleError, match="life"):
        legal_casts(state, "shot").count()


@pytest.mark.parametrize(("counters", "expected"), [(1, 2), (0, 0)])
def test_mana_for_a_counter(make_state, counters, expected):
    """Tendo Ice Bridge: "{T}, Remove a charge counter from this land: Add one mana of any color." (CR 122.8).

    With a charge counter it makes {R} for Lightning Bolt (2 casts); without, only {C} (0).
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("bridge", "Tendo Ice Bridge", {"counters": {"charge": counters}})],
    )
    assert legal_casts(state, "bolt").count() == expected


@pytest.mark.parametrize(("counters", "expected"), [(2, 2), (0, 0)])
def test_depletion_land(make_state, counters, expected):
    """Hickory Woodlot: "{T}, Remove a depletion counter from this land: Add {G}{G}." and the sacrifice after it.

    Giant Growth ({G}) may target P2's Grizzly Bears or Llanowar Elves: with a depletion counter the Woodlot pays
    (2 casts); with none it can't be activated (0).
    """
    state = make_state(
        hand=[("growth", "Giant Growth")],
        battlefield=[("woodlot", "Hickory Woodlot", {"counters": {"depletion": counters}})],
        opponent=[("bears", "Grizzly Bears"), ("elves", "Llanowar Elves")],
    )
    assert legal_casts(state, "growth").count() == expected


@pytest.mark.parametrize(
    ("enchantment", "side", "refused"),
    [
        ("Overabundance", "P2", True),  # "a player taps a land": P1's Mountain too
        ("Regal Behemoth", "P2", False),  # "you tap … while you're the monarch": P2's lands alone
        ("Regal Behemoth", "P1", True),  # P1's own Mountain
    ],
)
def test_triggered_mana_abilities_refuse_whom_they_may_add_mana_to(make_state, enchantment, side, refused):
    """A triggered mana ability not read (CR 605.1b) refuses the answers of the players it may add mana to.

    Lightning Bolt with P1's one Mountain: its targets are P1 and P2, and Regal Behemoth (a creature) when it is
    P2's: 3 casts, when no mana trigger may change what P1 pays with.
    """
    board = [("ench", enchantment)]
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("mtn", "Mountain")] + (board if side == "P1" else []),
        opponent=board if side == "P2" else [],
    )
    if refused:
        with pytest.raises(UnsupportedRuleError, match="triggered mana ability"):
            legal_casts(state, "bolt").count()
    else:
        assert legal_casts(state, "bolt").count() == 3


# ---------------------------------------------------------------- mana abilities read whole (CR 605, 106)


def _sorcery(card, cost: str) -> dict:
    """An inline sorcery costing ``cost``, "Draw a card.": 1 cast when the cost can be paid, else 0."""
    return card(f"Test {cost}", cost, "Sorcery", "Draw a card.")


@pytest.mark.parametrize(
    ("lands", "cost", "expected"),
    [
        (["Plains", "Plains"], "{1}{R}", 1),  # the Plains pay {2}; the Terrarion adds {R} and one more: 2 of 2
        (["Plains"], "{R}", 0),  # {2} can't be paid: the Plains' {W} alone, no red
        (["Mountain", "Plains"], "{1}{R}{R}", 0),  # both pay {2} for two mana: 2 of 3 (CR 605.3, 118.3)
        (["Island", "Island", "Island"], "{U}{G}{G}", 1),  # two Islands pay {2}: {G}{G} and the third {U}
    ],
)
def test_terrarion_adds_two_mana_in_any_combination_of_colors(make_state, casts, card, lands, expected, cost):
    """CR 605.3, 106.1b: Terrarion's {2} is paid with mana made before it, and it adds two of any colours.

    "{2}, {T}, Sacrifice this artifact: Add two mana in any combination of colors."
    """
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("terrarion", "Terrarion")] + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("sphere", "mountains", "cost", "expected"),
    [
        ("Chromatic Sphere", 1, "{1}{R}", 0),  # the Mountain pays the Sphere's {1}, which adds one: 1 mana of 2
        ("Chromatic Sphere", 1, "{U}", 1),  # the Mountain's {R} turned into {U}
        ("Chromatic Sphere", 2, "{U}{R}", 1),  # one Mountain into {U}, the other's {R}
        ("Chromatic Sphere", 1, "{U}{R}", 0),  # {U} or {R}, not both
        ("Barbed Sextant", 2, "{U}{R}", 1),  # the same ability; the card drawn later changes no mana
        ("Chromatic Sphere", 2, "{2}{R}", 0),  # the Sphere turns one mana into one: 2 of 3
    ],
)
def test_a_sphere_turns_one_mana_into_one_of_any_color(make_state, casts, card, sphere, mountains, cost, expected):
    """CR 605.3, 605.1a: Chromatic Sphere filters one mana into one of any colour, and never adds any.

    "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card." (Barbed Sextant draws later.)
    """
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("sphere", sphere)] + [(f"m{i}", "Mountain") for i in range(mountains)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("lands", "cost", "sick", "expected"),
    [
        (["Forest", "Forest"], "{U}", False, 1),  # {1}{G} from the Forests: {U}
        (["Forest", "Forest"], "{U}", True, 1),  # no {T}: summoning sickness doesn't matter (CR 302.6)
        (["Forest", "Mountain"], "{U}", False, 1),  # the Mountain pays the {1}
        (["Mountain", "Mountain"], "{U}", False, 0),  # nothing pays its {G}
        (["Forest"] * 4, "{U}{U}", False, 1),  # activated twice, {1}{G} each time (CR 602.1)
        (["Forest"] * 3, "{U}{U}", False, 0),  # once: {U} and a Forest left, {U}{U} not made
        (["Forest"] * 3, "{G}{U}", False, 1),  # two Forests into {U}, the third's {G}
    ],
)
def test_nomadic_elf_turns_two_mana_into_one_again_and_again(make_state, casts, card, lands, cost, sick, expected):
    """CR 605.3, 602.1: Nomadic Elf, "{1}{G}: Add one mana of any color.", is activated while its cost is paid.

    No {T}: it may be activated again and again, each time with mana made before it.
    """
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("elf", "Nomadic Elf", {"summoning_sick": sick})]
        + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("lands", "cost", "expected"),
    [
        ([], "{1}{U}{U}", 1),  # {U}{U}{U}
        ([], "{U}{R}", 0),  # three of one colour: never {U} and {R}
        (["Mountain"], "{U}{R}", 1),  # {U}{U}{U} and the Mountain's {R}
        ([], "{1}{1}{1}{1}", 0),  # three mana of four
    ],
)
def test_gilded_lotus_adds_three_mana_of_one_color(make_state, casts, card, lands, cost, expected):
    """CR 106.1b, 605.1a: Gilded Lotus, "{T}: Add three mana of any one color.": one colour chosen for all three."""
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("lotus", "Gilded Lotus")] + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(("counters", "expected"), [(0, 0), (1, 1), (3, 1)])
def test_marwyn_adds_green_equal_to_her_power(make_state, casts, counters, expected):
    """CR 208.3, 122.1a: Marwyn, the Nurturer (1/1) adds as much {G} as her power.

    "{T}: Add an amount of {G} equal to ~'s power." Grizzly Bears ({1}{G}): power 1 adds {G} (1 of 2 mana: 0
    casts); with a +1/+1 counter, power 2 adds {G}{G} (1 cast); with three, {G}{G}{G}{G} pays it too (1).
    """
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=[("marwyn", "Marwyn, the Nurturer", {"counters": {"+1/+1": counters}})],
    )
    assert len(casts(state, "bears")) == expected


def test_marwyns_power_as_the_layers_give_it(make_state, casts):
    """CR 613.4c: an Anthem's +1/+1 makes Marwyn 2/2: {G}{G} pays Grizzly Bears' {1}{G} (1 cast)."""
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=[("marwyn", "Marwyn, the Nurturer"), ("anthem", "Glorious Anthem")],
    )
    assert len(casts(state, "bears")) == 1


@pytest.mark.parametrize(
    ("forest", "cost", "expected"),
    [
        ({}, "{R}{R}{G}{G}", 1),  # the Forest taps for {G}, then is sacrificed: {G} and three of {R}/{G}
        ({"tapped": True}, "{R}{R}{G}", 1),  # a tapped Forest is sacrificed all the same: three of {R}/{G}
        ({"tapped": True}, "{R}{R}{G}{G}", 0),  # 3 mana of 4
        (None, "{R}", 0),  # no Forest to sacrifice: the ability can't be activated (CR 118.3)
        ({}, "{R}{U}", 0),  # {R} and/or {G} only
    ],
)
def test_orcish_lumberjack_sacrifices_a_forest(make_state, casts, card, forest, cost, expected):
    """CR 118.3, 701.21a: Orcish Lumberjack is activated only with a Forest to sacrifice, tapped or not.

    "{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}."
    """
    battlefield = [("jack", "Orcish Lumberjack")] + ([("f", "Forest", forest)] if forest is not None else [])
    state = make_state(hand=[("s", _sorcery(card, cost))], battlefield=battlefield)
    assert len(casts(state, "s")) == expected


def test_two_lumberjacks_and_one_forest_are_not_guessed(make_state, card):
    """CR 701.21a: two Lumberjacks, one Forest: either may sacrifice it, not both; not weighed, so unsupported."""
    state = make_state(
        hand=[("s", _sorcery(card, "{R}"))],
        battlefield=[("j1", "Orcish Lumberjack"), ("j2", "Orcish Lumberjack"), ("f", "Forest")],
    )
    with pytest.raises(UnsupportedRuleError, match="Forest"):
        legal_casts(state, "s").count()


def test_a_cost_that_may_take_the_forest_a_lumberjack_sacrifices_is_refused(make_state):
    """CR 601.2g-h: Harrow ("sacrifice a land") could take the Forest the Lumberjack sacrifices: not weighed."""
    state = make_state(
        hand=[("harrow", "Harrow")],
        battlefield=[("jack", "Orcish Lumberjack"), ("f", "Forest"), ("f2", "Forest"), ("f3", "Forest")],
    )
    with pytest.raises(UnsupportedRuleError, match="sacrifice"):
        legal_casts(state, "harrow").count()


@pytest.mark.parametrize(("counters", "cost", "expected"), [(3, "{R}{R}{R}", 1), (2, "{R}", 0), (6, "{5}{R}", 1)])
def test_runaway_steam_kin_removes_three_counters_a_time(make_state, casts, card, counters, cost, expected):
    """CR 122.8, 602.1: Runaway Steam-Kin makes {R}{R}{R} once for each three +1/+1 counters it has.

    "Remove three +1/+1 counters from this creature: Add {R}{R}{R}.": 3 counters {R}{R}{R}; 2 none; 6 six {R}.
    """
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("kin", "Runaway Steam-Kin", {"counters": {"+1/+1": counters}, "summoning_sick": True})],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("lands", "cost", "expected"),
    [
        ([], "{W}{B}", 1),  # sacrificed: {W}{B}
        ([], "{U}", 1),  # tapped: {U}
        ([], "{U}{W}", 0),  # one {T}: {U} or {W}{B}, not both (CR 605.1a)
        (["Island"], "{U}{W}{B}", 1),  # the Island's {U}, the Spring's {W}{B}
    ],
)
def test_a_land_with_two_mana_abilities_of_different_amounts(make_state, casts, card, lands, cost, expected):
    """CR 605.1a: Ancient Spring, "{T}: Add {U}." and "{T}, Sacrifice this land: Add {W}{B}.": one of them."""
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("spring", "Ancient Spring")] + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("lands", "cost", "expected"),
    [
        (["Plains"], "{U}{U}", 1),  # the Plains' {W} pays {W/U}: {U}{U}
        ([], "{U}", 0),  # {C}, or nothing: its {W/U} unpaid
        (["Plains"], "{W}{U}{U}", 0),  # two mana of three
        (["Island"], "{W}{W}", 1),  # the Island's {U} pays {W/U}: {W}{W}
        (["Mountain"], "{W}", 0),  # {R} can't pay {W/U}: {C} or the Mountain's {R}
    ],
)
def test_a_filter_land(make_state, casts, card, lands, cost, expected):
    """CR 605.3, 107.4e: Mystic Gate, "{T}: Add {C}." and "{W/U}, {T}: Add {W}{W}, {W}{U}, or {U}{U}."."""
    state = make_state(
        hand=[("s", _sorcery(card, cost))],
        battlefield=[("gate", "Mystic Gate")] + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("hand", "lands", "expected"),
    [
        ("Grizzly Bears", ["Forest"], 1),  # a creature spell: the Savant's mana of any colour pays {1}
        ("Glacial Ray", ["Forest"], 0),  # an instant: the Forest's {G} alone
        ("Glacial Ray", ["Forest", "Mountain"], 3),  # the lands pay; any target: P1, P2, the Savant
    ],
)
def test_mana_only_for_creature_spells(make_state, casts, hand, lands, expected):
    """CR 106.6: Beastcaller Savant's mana pays a creature spell, and nothing else.

    "{T}: Add one mana of any color. Spend this mana only to cast a creature spell."
    """
    state = make_state(
        hand=[("s", hand)],
        battlefield=[("savant", "Beastcaller Savant")] + [(f"l{i}", land) for i, land in enumerate(lands)],
    )
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(
    ("type_line", "cost", "lands", "expected"),
    [
        ("Legendary Planeswalker — Liliana", "{U}{R}{G}", ["Island", "Island"], 1),  # an Island pays {1}: {R}{G}
        ("Sorcery", "{U}{R}{G}", ["Island", "Island"], 0),  # not a planeswalker: {C} and the Islands' {U}{U}
        # {B} and another colour, for the spell alone: not the Sphere's {1}, whose {B} it would need (CR 106.6)
        ("Legendary Planeswalker — Liliana", "{B}{B}", ["Island"], 0),
        ("Legendary Planeswalker — Liliana", "{B}{B}", ["Island", "Swamp"], 1),  # the Swamp's {B}
    ],
)
def test_mana_only_for_planeswalker_spells_pays_no_mana_ability(
    make_state, casts, card, type_line, cost, lands, expected
):
    """CR 106.6, 605.3: Interplanar Beacon's mana pays a planeswalker spell, and no mana ability's cost.

    "{1}, {T}: Add two mana of different colors. Spend this mana only to cast planeswalker spells.", beside
    Chromatic Sphere ("{1}, {T}, Sacrifice this artifact: Add one mana of any color.").
    """
    spell = card("Test Spell", cost, type_line, "Draw a card." if type_line == "Sorcery" else "+1: Draw a card.")
    battlefield = [("beacon", "Interplanar Beacon")] + [(f"l{i}", land) for i, land in enumerate(lands)]
    if cost == "{B}{B}":
        battlefield.append(("sphere", "Chromatic Sphere"))
    state = make_state(hand=[("s", spell)], battlefield=battlefield)
    assert len(casts(state, "s")) == expected


@pytest.mark.parametrize(("land", "expected"), [("Snow-Covered Island", 1), ("Island", 0)])
def test_snow_mana_pays_s(make_state, card, land, expected):
    """{S} is paid with one mana from a snow source (CR 107.4h): Snow-Covered Island's {U} pays it, Island's can't.

    An inline sorcery costing {S} ("Draw a card.", no target): 1 cast with the snow land, 0 with the basic one.
    """
    flurry = card("Snow Flurry", "{S}", "Sorcery", "Draw a card.")
    state = make_state(hand=[("flurry", flurry)], battlefield=[("land", land)])
    assert legal_casts(state, "flurry").count() == expected


def test_snow_cost_with_mana_in_the_pool_is_refused(make_state):
    """Mana a snow source made pays {S} wherever it waits (CR 107.4h, 106.3); the state gives the pool by symbols.

    Icehide Golem ({S}) with {G} in P1's pool and a tapped Snow-Covered Forest: if the Forest made the {G}, 1 cast;
    if a Forest did, 0. The state can't tell: unsupported, naming the cost. With an empty pool and the Forest
    untapped, its {G} is snow: 1 cast.
    """
    tapped = {"tapped": True}
    state = make_state(
        hand=[("golem", "Icehide Golem")],
        battlefield=[("forest", "Snow-Covered Forest", tapped)],
        mana_pool={"P1": "{G}"},
    )
    with pytest.raises(UnsupportedRuleError, match="snow source"):
        legal_casts(state, "golem").count()
    untapped = make_state(hand=[("golem", "Icehide Golem")], battlefield=[("forest", "Snow-Covered Forest")])
    assert legal_casts(untapped, "golem").count() == 1


@pytest.mark.parametrize(("life", "refused"), [(20, False), (3, False), (2, True)])
def test_pain_land_damage_comes_before_life_is_paid(make_state, life, refused):
    """A pain land's damage comes as its mana is made, before costs are paid (CR 601.2g-h).

    Adarkar Wastes: "{T}: Add {W} or {U}. This land deals 1 damage to you."; life is paid only while the total is
    at least the amount (CR 119.4).

    Gitaxian Probe ({U/P}, "Look at target player's hand": P1 or P2) takes at most 2 life. At 20 or 3 life,
    20 - 1 and 3 - 1 are still 2 or more: 2 casts, one per target. At 2 life the damage may leave 1: not weighed,
    unsupported.
    """
    wastes = [("wastes", "Adarkar Wastes")]
    state = make_state(hand=[("probe", "Gitaxian Probe")], battlefield=wastes, life={"P1": life})
    if refused:
        with pytest.raises(UnsupportedRuleError, match="119.4"):
            legal_casts(state, "probe").count()
    else:
        assert legal_casts(state, "probe").count() == 2


@pytest.mark.parametrize(
    ("aura", "aura_side", "land", "cost", "expected"),
    [
        ("Wild Growth", "P1", "Forest", "{G}{G}", 1),  # the Forest makes {G} and the trigger {G}: 2 mana
        ("Overgrowth", "P1", "Forest", "{G}{G}{G}", 1),  # {G} + {G}{G}
        ("Fertile Ground", "P1", "Mountain", "{U}{R}", 1),  # {R} + one of any colour
        ("Wild Growth", "P2", "Forest", "{G}{G}", 1),  # P2's Aura on P1's Forest: its controller, P1, adds it
        (None, "P1", "Forest", "{G}{G}", 0),  # one Forest alone: 1 mana
    ],
)
def test_auras_that_add_mana_as_the_land_is_tapped(make_state, card, aura, aura_side, land, cost, expected):
    """ "Whenever enchanted land is tapped for mana, its controller adds an additional {G}." (CR 605.1b).

    P1's one land, enchanted; an inline sorcery of the cost given ("Draw a card.", no target): 1 cast when the
    land and the Aura make its mana together, 0 otherwise.
    """
    spell = card("Mana Test", cost, "Sorcery", "Draw a card.")
    enchant = [("aura", aura, {"attached_to": "land"})] if aura else []
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("land", land)] + (enchant if aura_side == "P1" else []),
        opponent=enchant if aura_side == "P2" else [],
    )
    assert legal_casts(state, "spell").count() == expected


def test_an_opponents_aura_on_their_own_land_adds_nothing_to_the_caster(make_state):
    """P2's Fertile Ground on P2's Forest adds mana to P2 alone (CR 605.1b: "its controller").

    P1's Lightning Bolt with one Mountain targets P1 or P2, 2 casts; the same Aura attached to nothing the state
    names is refused.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("mtn", "Mountain")],
        opponent=[("forest", "Forest"), ("aura", "Fertile Ground", {"attached_to": "forest"})],
    )
    assert legal_casts(state, "bolt").count() == 2
    loose = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("mtn", "Mountain")], opponent=[("aura", "Fertile Ground")]
    )
    with pytest.raises(UnsupportedRuleError, match="303.4c"):
        legal_casts(loose, "bolt").count()


@pytest.mark.parametrize(("enchanted", "refused"), [("theirs", False), ("mine", True)])
def test_an_unread_aura_mana_trigger_refuses_only_the_enchanted_lands_controller(make_state, enchanted, refused):
    """An Aura's unread mana trigger refuses the answers of the enchanted land's controller alone (CR 605.1b).

    Utopia Sprawl with no colour chosen in the state: "… adds an additional one mana of the chosen color" is not
    read. P2's Sprawl on P2's Forest adds to P2 alone: P1's Bolt is 2 casts (P1, P2); on P1's Forest it may add
    to P1: refused.
    """
    sprawl = [("sprawl", "Utopia Sprawl", {"attached_to": enchanted})]
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("mtn", "Mountain"), ("mine", "Forest")],
        opponent=[("theirs", "Forest"), *sprawl],
    )
    if refused:
        with pytest.raises(UnsupportedRuleError, match="triggered mana ability"):
            legal_casts(state, "bolt").count()
    else:
        assert legal_casts(state, "bolt").count() == 2


def test_mana_for_kicked_spells_alone(make_state):
    """Elfhame Druid: "{T}: Add {G}." and "{T}: Add {G}{G}. Spend this mana only to cast kicked spells." (CR 106.6).

    Giant Growth has no kicker: it can't be kicked, so the {G}{G} is never its mana and the Druid makes {G} for
    it: 1 cast (its one target, the Druid). Grizzly Bears' {1}{G} can't be paid with that one {G}: 0 casts. A spell
    with kicker (Vines of Vastwood) is refused: whether the kicked cast spends that mana is not weighed.
    """
    druid = [("druid", "Elfhame Druid")]
    state = make_state(
        hand=[("growth", "Giant Growth"), ("bears", "Grizzly Bears"), ("vines", "Vines of Vastwood")], battlefield=druid
    )
    assert legal_casts(state, "growth").count() == 1
    assert legal_casts(state, "bears").count() == 0
    with pytest.raises(UnsupportedRuleError, match="kicked"):
        legal_casts(state, "vines").count()


# ---------------------------------------------------------------- amounts the state counts, damage of N (CR 106.1)
@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        (3, 0, 1),  # three creatures: {G}{G}{G}
        (2, 3, 0),  # two of P1's: {G}{G}; P2's three are not "you control"
        (0, 0, 0),  # none: the Cradle adds nothing (CR 107.1b)
    ],
)
def test_mana_for_each_creature_you_control(make_state, card, mine, theirs, expected):
    """CR 106.1, 605.3a: Gaea's Cradle, "{T}: Add {G} for each creature you control.", counted as it resolves.

    An inline sorcery costing {G}{G}{G} ("Draw a card.", no target): 1 cast when the Cradle makes three {G} (P1
    controls three Grizzly Bears, which make no mana themselves), 0 with two (P2's Bears count for P2 alone).
    """
    spell = card("Green Test", "{G}{G}{G}", "Sorcery", "Draw a card.")
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("cradle", "Gaea's Cradle")] + [(f"b{i}", "Grizzly Bears") for i in range(mine)],
        opponent=[(f"o{i}", "Grizzly Bears") for i in range(theirs)],
    )
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("swamps", "cost", "expected"), [(4, 6, 1), (4, 7, 0), (2, 2, 1), (2, 3, 0)])
def test_cabal_coffers_counts_swamps_and_costs_two(make_state, card, swamps, cost, expected):
    """CR 605.3, 106.1: Cabal Coffers, "{2}, {T}: Add {B} for each Swamp you control.", paid with mana made before.

    Four Swamps: two pay the Coffers' {2}, which adds {B}{B}{B}{B} (four Swamps, tapped or not), and the other two
    add {B}{B}: 4 + 2 = 6 black mana, so {B} x 6 is paid (1 cast) and {B} x 7 is not. Two Swamps: both pay {2}
    and the Coffers add {B}{B}, 2 in all, as without it: {B}{B} is paid, {B}{B}{B} not.
    """
    spell = card("Black Test", "{B}" * cost, "Sorcery", "Draw a card.")
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("coffers", "Cabal Coffers")] + [(f"s{i}", "Swamp") for i in range(swamps)],
    )
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(
    ("counters", "tapped", "expected"),
    [(2, False, 1), (3, False, 1), (1, False, 0), (2, True, 0), (0, False, 0)],
)
def test_storage_land_removes_its_counters_for_mana(make_state, card, counters, tapped, expected):
    """CR 122.8, 106.1: a storage land removes all its storage counters for as much mana.

    Mercadian Bazaar: "{T}, Remove any number of storage counters from this land: Add {R} for each storage counter
    removed this way.".
    An inline sorcery costing {R}{R}: with two or three storage counters the Bazaar adds {R}{R} or more (1 cast);
    with one, {R} (0); tapped, nothing (0); with none, nothing ("{T}: Put a storage counter" makes no mana).
    """
    spell = card("Red Test", "{R}{R}", "Sorcery", "Draw a card.")
    bazaar = ("bazaar", "Mercadian Bazaar", {"counters": {"storage": counters}, "tapped": tapped})
    state = make_state(hand=[("spell", spell)], battlefield=[bazaar])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("enchantments", "cost", "expected"), [(2, "{U}{U}", 1), (2, "{U}{R}", 0), (1, "{U}{U}", 0)])
def test_x_mana_of_one_color_by_a_count(make_state, card, enchantments, cost, expected):
    """CR 106.1b: X mana of any one color, where X is the number of enchantments you control.

    An inline artifact with that ability (itself no enchantment) and P1's inline enchantments without text: two
    make {U}{U} or {R}{R}, never {U}{R} (one colour); one makes one mana.
    """
    text = "{T}: Add X mana of any one color, where X is the number of enchantments you control."
    gem = card("Count Gem", "{3}", "Artifact", text)
    glyph = card("Plain Glyph", "{W}", "Enchantment", "")
    spell = card("Mixed Test", cost, "Sorcery", "Draw a card.")
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("gem", gem)] + [(f"e{i}", glyph) for i in range(enchantments)],
    )
    assert legal_casts(state, "spell").count() == expected


def test_a_count_the_state_alone_cannot_count_is_reported(make_state):
    """Overgrown Battlement, "{T}: Add {G} for each creature you control with defender.": not read, refused."""
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("wall", "Overgrown Battlement")])
    with pytest.raises(UnsupportedRuleError, match="defender"):
        legal_casts(state, "bolt").count()


@pytest.mark.parametrize(("life", "refused"), [(20, False), (4, False), (3, True)])
def test_ancient_tomb_deals_two_damage_before_life_is_paid(make_state, life, refused):
    """CR 601.2g-h, 119.4: Ancient Tomb, "{T}: Add {C}{C}. This land deals 2 damage to you.".

    Gitaxian Probe ({U/P}: {C} can't pay it, so 2 life) targets P1 or P2: at 20 or 4 life, 20 - 2 and 4 - 2 are
    still 2 or more (2 casts); at 3, 3 - 2 = 1 may be too little: not weighed, refused.
    """
    state = make_state(hand=[("probe", "Gitaxian Probe")], battlefield=[("tomb", "Ancient Tomb")], life={"P1": life})
    if refused:
        with pytest.raises(UnsupportedRuleError, match="2 damage"):
            legal_casts(state, "probe").count()
    else:
        assert legal_casts(state, "probe").count() == 2


# ---------------------------------------------------------------- triggered mana abilities (CR 605.1b, 106.12a)
@pytest.mark.parametrize(
    ("trigger", "side", "cost", "expected"),
    [
        ("Crypt Ghast", "P1", "{B}{B}{B}{B}", 1),  # two Swamps, each {B}{B}: 4
        ("Crypt Ghast", "P1", "{B}{B}{B}{B}{B}", 0),
        ("Crypt Ghast", "P2", "{B}{B}{B}", 0),  # "you tap": P2's, not P1's Swamps: 2
        ("Heartbeat of Spring", "P2", "{B}{B}{B}{B}", 1),  # "a player taps": P1's Swamps too
        ("Zendikar Resurgent", "P1", "{B}{B}{B}{B}", 1),  # one more of the type produced: {B}
        ("Zendikar Resurgent", "P2", "{B}{B}{B}", 0),
        (None, "P1", "{B}{B}{B}", 0),
    ],
)
def test_triggers_that_add_mana_as_lands_are_tapped(make_state, card, trigger, side, cost, expected):
    """CR 605.1b, 106.12a: triggered mana abilities add mana as the lands of the players they name are tapped.

    "Whenever you tap a Swamp for mana, add an additional {B}." (Crypt Ghast), "Whenever a player taps a land for
    mana, that player adds one mana of any type that land produced." (Heartbeat of Spring). P1's two Swamps and
    an inline black sorcery: 2 mana alone; each Swamp 2 with a trigger that applies to P1.
    """
    spell = card("Black Test", cost, "Sorcery", "Draw a card.")
    board = [("trigger", trigger)] if trigger else []
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp")] + (board if side == "P1" else []),
        opponent=board if side == "P2" else [],
    )
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("cost", "expected"), [("{R}{R}", 1), ("{G}{G}", 1), ("{R}{G}", 0)])
def test_mana_of_the_type_produced_is_the_type_chosen(make_state, card, cost, expected):
    """CR 106.12a: Mana Flare doubles Karplusan Forest's {R} or {G} in the type it made, never {R}{G}.

    Karplusan Forest: "{T}: Add {C}.", "{T}: Add {R} or {G}. This land deals 1 damage to you." One land tapped once:
    {C}{C}, {R}{R} or {G}{G}.
    """
    spell = card("Two Test", cost, "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("forest", "Karplusan Forest"), ("flare", "Mana Flare")])
    assert legal_casts(state, "spell").count() == expected


def test_a_station_symbols_mana_ability_is_refused_not_given_at_all_times(make_state):
    """A station symbol's ability exists only with that many charge counters (CR 721.2a): refused, not always given.

    Uthros, Titanic Godcore: "12+ | {U}, {T}: Add {U} for each artifact you control." P1's Uthros refuses the casts
    its mana could pay. P2's Uthros changes nothing of P1's: Lightning Bolt with a Mountain, at P1
    or P2 (Uthros is a land, no creature), 2 casts.
    """
    mine = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("u", "Uthros, Titanic Godcore")])
    with pytest.raises(UnsupportedRuleError, match="721.2a"):
        legal_casts(mine, "bolt").count()
    theirs = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("m", "Mountain")], opponent=[("u", "Uthros, Titanic Godcore")]
    )
    assert legal_casts(theirs, "bolt").count() == 2


# ---------------------------------------------------------------- the chosen colour, conditions of one of several
@pytest.mark.parametrize(
    ("card_name", "extra", "expected"),
    [
        ("Coldsteel Heart", {"chosen": {"color": "red"}}, 2),  # {R}: Bolt to P1 or P2
        ("Coldsteel Heart", {"chosen": {"color": "blue"}}, 0),  # {U} pays no {R}
        ("Sea Gate", {"chosen": {"color": "red"}}, 2),  # {U} or {R}: the {R}
        ("Sea Gate", {"chosen": {"color": "green"}}, 0),  # {U} or {G}
        ("Coldsteel Heart", {"tapped": True}, 0),  # no choice given, but tapped: it makes no mana (CR 302.6)
    ],
)
def test_one_mana_of_the_chosen_color(make_state, card_name, extra, expected):
    """CR 607.2a, 106.1: "{T}: Add one mana of the chosen color." makes mana of the colour chosen as it entered.

    Lightning Bolt {R} has two targets here (P1, P2; no creature or planeswalker): 2 casts when the permanent makes
    {R}, else 0 (nothing else makes mana).
    """
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("src", card_name, extra)])
    assert legal_casts(state, "bolt").count() == expected


def test_the_chosen_color_not_given_is_refused_for_its_controller_alone(make_state):
    """CR 607.2a: with no `chosen` in the state, Coldsteel Heart's mana can't be told: refused for its controller.

    P1's cast is refused, naming the card; the opponent's Heart makes no mana for P1 (CR 106.4), so P1's Bolt with a
    Mountain is 2 casts (P1, P2).
    """
    mine = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("mtn", "Mountain"), ("heart", "Coldsteel Heart")]
    )
    with pytest.raises(UnsupportedRuleError, match="chosen"):
        legal_casts(mine, "bolt").count()
    theirs = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("mtn", "Mountain")], opponent=[("heart", "Coldsteel Heart")]
    )
    assert legal_casts(theirs, "bolt").count() == 2


@pytest.mark.parametrize(
    ("lands", "expected"),
    [
        ([("swp", "Swamp")], 2),  # a Swamp: the Verge's {R} (CR 602.5b); Bolt to P1 or P2
        ([("isl", "Island")], 0),  # neither a Swamp nor a Mountain: the Verge makes {B} alone
        ([], 0),  # the Verge alone: {B}
    ],
)
def test_activate_only_if_you_control_one_of_two(make_state, lands, expected):
    """CR 602.5b: "Activate only if you control a Swamp or a Mountain.": one of the two is enough.

    Blazemire Verge, "{T}: Add {B}." and "{T}: Add {R}. Activate only if …": Lightning Bolt {R} is paid by the
    Verge's {R} only beside a Swamp or a Mountain.
    """
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("verge", "Blazemire Verge"), *lands])
    assert legal_casts(state, "bolt").count() == expected


@pytest.mark.parametrize(
    ("others", "status", "expected"),
    [
        ([("pla", "Plains")], {}, 1),  # a basic land: the Place's {G} pays Llanowar Elves' {G}
        ([("ring", "Sol Ring")], {}, 0),  # no basic land, and it has been there since the turn began: {C} alone
    ],
)
def test_activate_only_if_entered_this_turn_or_a_basic_land(make_state, others, status, expected):
    """CR 602.5b: a land that entered this turn, or a basic land of yours, lets the ability be activated.

    Gathering Place, "{T}: Add {C}." and "{T}: Add {G} or {W}. Activate only if …": Llanowar Elves ({G}, no target)
    is 1 cast when the {G} is made, else 0.
    """
    state = make_state(hand=[("elves", "Llanowar Elves")], battlefield=[("place", "Gathering Place", status), *others])
    assert legal_casts(state, "elves").count() == expected


def test_entered_this_turn_not_told_is_refused(make_state):
    """CR 602.5b: a Gathering Place under P1's control since this turn, with no basic land, is refused.

    It came under P1's control this turn (`summoning_sick`): whether it entered this turn or changed control is not
    in the state: refused, naming the card.
    """
    state = make_state(
        hand=[("elves", "Llanowar Elves")], battlefield=[("place", "Gathering Place", {"summoning_sick": True})]
    )
    with pytest.raises(UnsupportedRuleError, match="entered this turn"):
        legal_casts(state, "elves").count()


# ---------------------------------------------------------------- mana for abilities (CR 106.6)
ABILITY_ROCK = {
    "name": "Ability Rock",
    "mana_cost": "{2}",
    "type_line": "Artifact",
    "oracle_text": "{T}: Add {C}{C}. Spend this mana only to activate abilities.",
}
ARTIFACT_ROCK = {
    "name": "Artifact Rock",
    "mana_cost": "{2}",
    "type_line": "Artifact",
    "oracle_text": "{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities of artifacts.",
}


@pytest.mark.parametrize(
    ("rock", "type_line", "expected"),
    [
        (ABILITY_ROCK, "Artifact", 0),  # its {C}{C} pays no spell
        (ARTIFACT_ROCK, "Artifact", 1),  # an artifact spell: {C}{C} pays its {2}
        (ARTIFACT_ROCK, "Sorcery", 0),  # not an artifact spell
    ],
)
def test_mana_only_for_abilities_pays_no_spell(make_state, card, rock, type_line, expected):
    """CR 106.6: mana "only to activate abilities" pays no spell; "… artifact spells or …" an artifact spell.

    "Spend this mana only to activate abilities."; "… to cast artifact spells or activate abilities of artifacts.".
    The spell costs {2} and has no target: 1 cast when paid.
    """
    spell = card("Test Spell", "{2}", type_line, "" if type_line == "Artifact" else "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("rock", rock)])
    assert legal_casts(state, "spell").count() == expected


def test_mana_for_abilities_beside_a_mana_ability_that_costs_mana_is_refused(make_state, card):
    """CR 106.6, 605.3: mana for abilities beside a mana ability that costs mana: refused, naming the permanent.

    The Ability Rock's {C} may pay the {1} of "{1}, {T}: Add {R}{R}." (a mana ability): which of them it pays is not
    weighed, so a {R}{R} sorcery (payable so: 1 cast) is refused.
    """
    converter = card("Test Converter", "", "Land", "{1}, {T}: Add {R}{R}.")
    spell = card("Test Spell", "{R}{R}", "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("rock", ABILITY_ROCK), ("land", converter)])
    with pytest.raises(UnsupportedRuleError, match="activate abilities"):
        legal_casts(state, "spell").count()


@pytest.mark.parametrize(("type_line", "expected"), [("Creature — Human Rogue", 1), ("Creature — Bear", 0)])
def test_mana_for_spells_of_a_list_of_types(make_state, card, type_line, expected):
    """CR 106.6: "… only to cast a Cleric, Rogue, Warrior, or Wizard spell or to activate an ability of …".

    A spell of one of the four types: the camp's one mana of any colour pays the {R} of a Rogue (1 cast, no
    target); a Bear is none of them: 0.
    """
    camp = card(
        "Test Camp",
        "",
        "Land",
        "{T}: Add one mana of any color. Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard spell or "
        "to activate an ability of a Cleric, Rogue, Warrior, or Wizard.",
    )
    spell = card("Test Creature", "{R}", type_line, power="1", toughness="1")
    state = make_state(hand=[("spell", spell)], battlefield=[("camp", camp)])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(
    ("side", "tapped", "refused"), [("mine", False, True), ("mine", True, False), ("theirs", False, False)]
)
def test_commander_color_identity_is_refused_where_it_may_pay(make_state, side, tapped, refused):
    """CR 903.4, 903.4f: Arcane Signet, "{T}: Add one mana of any color in your commander's color identity.".

    The state names no commander: P1's untapped Signet is refused, naming it. Tapped (CR 302.6), or P2's (CR
    106.4), it makes no mana for P1: P1's Bolt with a Mountain is 2 casts (P1, P2).
    """
    signet = [("signet", "Arcane Signet", {"tapped": tapped})]
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("mtn", "Mountain"), *(signet if side == "mine" else [])],
        opponent=signet if side == "theirs" else [],
    )
    if refused:
        with pytest.raises(UnsupportedRuleError, match="commander"):
            legal_casts(state, "bolt").count()
    else:
        assert legal_casts(state, "bolt").count() == 2


@pytest.mark.parametrize(("supertype", "expected"), [("Legendary ", 1), ("", 0)])
def test_mana_only_for_legendary_spells(make_state, card, supertype, expected):
    """CR 106.6, 205.4d: "Spend this mana only to cast legendary spells." pays a legendary spell alone.

    The land's {G} pays the {G} of a legendary creature spell (1 cast, no target); of a nonlegendary one, never: 0.
    """
    hall = card("Test Hall", "", "Land", "{T}: Add {G}. Spend this mana only to cast legendary spells.")
    spell = card("Test Creature", "{G}", f"{supertype}Creature — Elf", power="1", toughness="1")
    state = make_state(hand=[("spell", spell)], battlefield=[("hall", hall)])
    assert legal_casts(state, "spell").count() == expected


# ---------------------------------------------------------------- mana a land could produce (CR 106.7)
@pytest.mark.parametrize(
    ("theirs", "expected"),
    [
        ([("m", "Mountain")], 2),  # P2's Mountain could produce {R}: the Orchard makes {R}, Bolt to P1 or P2
        ([("i", "Island")], 0),  # {U} alone
        ([], 0),  # P2 controls no land: the Orchard makes nothing
        ([("m", "Mountain", {"tapped": True})], 2),  # tapped, it still could produce {R} (costs ignored)
    ],
)
def test_exotic_orchard_makes_what_an_opponents_land_could_produce(make_state, theirs, expected):
    """CR 106.7: Exotic Orchard, "{T}: Add one mana of any color that a land an opponent controls could produce."."""
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("orchard", "Exotic Orchard")], opponent=theirs)
    assert legal_casts(state, "bolt").count() == expected


@pytest.mark.parametrize(("forest", "expected"), [(True, 1), (False, 0)])
def test_exotic_orchards_facing_each_other(make_state, forest, expected):
    """CR 106.7's example: Exotic Orchards on both sides, with or without P1's Forest.

    P1's Orchard asks P2's Orchard, which asks P1's lands: with P1's (tapped) Forest both could produce {G}, so P1's
    Orchard pays Llanowar Elves' {G} (1 cast, no target); Orchards alone produce nothing.
    """
    mine = [("orchard", "Exotic Orchard")] + ([("forest", "Forest", {"tapped": True})] if forest else [])
    state = make_state(
        hand=[("elves", "Llanowar Elves")], battlefield=mine, opponent=[("their-orchard", "Exotic Orchard")]
    )
    assert legal_casts(state, "elves").count() == expected


@pytest.mark.parametrize(("mountain", "expected"), [(True, 2), (False, 0)])
def test_reflecting_pool_alone_produces_nothing(make_state, mountain, expected):
    """CR 106.7: Reflecting Pool, "{T}: Add one mana of any type that a land you control could produce.".

    Beside a tapped Mountain it makes {R} (Bolt to P1 or P2: 2); alone, no land could produce anything: 0.
    """
    mine = [("pool", "Reflecting Pool")] + ([("mtn", "Mountain", {"tapped": True})] if mountain else [])
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=mine)
    assert legal_casts(state, "bolt").count() == expected


def test_a_land_whose_mana_is_not_read_leaves_what_could_be_produced_unknown(make_state, card):
    """CR 106.7: P2's land with a mana line not read: what it could produce can't be told.

    P1's Orchard is refused, naming that land.
    """
    odd = card("Odd Land", "", "Land", "{T}: Add {C}. If you have the initiative, add {R} instead.")
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("orchard", "Exotic Orchard")], opponent=[("odd", odd)]
    )
    with pytest.raises(UnsupportedRuleError, match="Odd Land"):
        legal_casts(state, "bolt").count()


# ---------------------------------------------------------------- "Activate only once each turn." (CR 602.5b)
@pytest.mark.parametrize(
    ("cost", "activated", "expected"),
    [
        ("{U}{R}", False, 1),  # one Island pays the {1}: {R}; the other Island the {U}
        ("{R}{R}", False, 0),  # a second {R} would be a second activation this turn
        ("{U}{R}", True, 0),  # activated this turn already: no {R} at all
    ],
)
def test_activate_only_once_each_turn(make_state, card, cost, activated, expected):
    """CR 602.5b: Salvaged Manaworker, "{1}: Add one mana of any color. Activate only once each turn.".

    Two Islands beside it; the sorcery has no target: 1 cast when paid. ``this_turn.activated`` lists a permanent
    whose such ability was activated this turn.
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    extra = {"this_turn": {"activated": ["worker"]}} if activated else {}
    state = make_state(
        hand=[("spell", spell)],
        objects=[{"id": "worker", "card": "Salvaged Manaworker", "zone": "battlefield", "controller": "P1"}],
        battlefield=lands("Island", 2),
        **extra,
    )
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("cost", "expected"), [("{G}", 1), ("{G}{G}", 0)])
def test_counters_removed_once_each_turn(make_state, card, cost, expected):
    """CR 602.5b, 122.8: Mana Bloom with three charge counters makes one mana, not three.

    "Remove a charge counter from this enchantment: Add one mana of any color. Activate only once each turn.": a
    {G} sorcery (no target) is 1 cast, a {G}{G} one 0.
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("bloom", "Mana Bloom", {"counters": {"charge": 3}})])
    assert legal_casts(state, "spell").count() == expected


def test_activated_this_turn_names_objects_of_the_state(make_state):
    """STATE_FORMAT: ``this_turn.activated`` names objects of the file; another id is bad input, at its key path."""
    with pytest.raises(InputError, match=r"this_turn\.activated\[0\]: no object with id 'nope'"):
        make_state(hand=[("bolt", "Lightning Bolt")], this_turn={"activated": ["nope"]})


# ---------------------------------------------------------------- conditions of activation (CR 602.5b)
@pytest.mark.parametrize(("others", "expected"), [(2, 2), (1, 0)])
def test_metalcraft_mox_opal(make_state, others, expected):
    """CR 602.5b, 207.2c: Mox Opal makes mana only beside two more artifacts; "Metalcraft" has no rules meaning.

    "Metalcraft — {T}: Add one mana of any color. Activate only if you control three or more artifacts.".
    With two Sol Rings tapped beside it (three artifacts) it makes {R}: Bolt to P1 or P2, 2 casts; with one (two
    artifacts), no mana: 0.
    """
    rings = [(f"ring{i}", "Sol Ring", {"tapped": True}) for i in range(others)]
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("opal", "Mox Opal"), *rings])
    assert legal_casts(state, "bolt").count() == expected


@pytest.mark.parametrize(("active", "expected"), [("P2", 1), ("P1", 0)])
def test_activate_only_during_an_opponents_turn(make_state, card, active, expected):
    """CR 602.5b: Lavinia, Foil to Conspiracy, "{T}: Add {C}{C}. Activate only during an opponent's turn.".

    An instant costing {2} (no target): on P2's turn Lavinia pays it, 1 cast; on P1's own turn she makes nothing: 0.
    """
    spell = card("Test Instant", "{2}", "Instant", "Draw a card.")
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("lavinia", "Lavinia, Foil to Conspiracy")],
        active_player=active,
        priority="P1",
    )
    assert legal_casts(state, "spell").count() == expected


# ---------------------------------------------------------------- counters removed, all of them (CR 107.3, 122.8)
@pytest.mark.parametrize(
    ("counters", "cost", "expected"),
    [
        (3, "{W}{W}{U}", 1),  # a Mountain pays the {1}; X = 3: {W}{W}{U}
        (3, "{1}{W}{W}{U}", 1),  # and the Pools' own {T}: Add {C} pays the {1}
        (2, "{W}{W}{U}", 0),  # X is at most 2
        (2, "{W}{W}{U}{U}", 0),  # two Mountains: a second activation has no counter left to remove
    ],
)
def test_storage_land_removes_x_counters(make_state, card, counters, cost, expected):
    """CR 107.3, 122.8: a storage land's counters, all removed for one {1}, make the most mana, once.

    Calciform Pools, "{T}: Add {C}." and "{1}, Remove X storage counters from this land: Add X mana in any
    combination of {W} and/or {U}.". Two Mountains beside it; the sorcery has no target: 1 cast when paid, else 0.
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    pools = ("pools", "Calciform Pools", {"counters": {"storage": counters}})
    state = make_state(hand=[("spell", spell)], battlefield=[pools, *lands("Mountain", 2)])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("cost", "expected"), [("{B}{B}{B}", 1), ("{B}{B}{B}{B}", 0)])
def test_mana_battery_adds_one_more_than_the_counters_removed(make_state, card, cost, expected):
    """CR 122.8, 106.1: Black Mana Battery with two charge counters makes {B}{B}{B}.

    "{T}, Remove any number of charge counters from this artifact: Add {B}, then add an additional {B} for each
    charge counter removed this way.". The sorcery has no target: 1 cast when paid, else 0.
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    battery = ("battery", "Black Mana Battery", {"counters": {"charge": 2}})
    state = make_state(hand=[("spell", spell)], battlefield=[battery])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(
    ("source", "spell", "expected"),
    [
        ("Carnelian Orb of Dragonkind", "Lightning Bolt", 2),  # {R}: Bolt to P1 or P2
        ("Pyromancer's Goggles", "Lightning Bolt", 2),  # {R}; the copy comes after the cast
        ("Lapis Orb of Dragonkind", "Lightning Bolt", 0),  # {U} pays no {R}
    ],
)
def test_what_happens_once_the_mana_is_spent_changes_no_cast(make_state, source, spell, expected):
    """CR 601.2h-i, 603.2: what happens once a mana ability's mana is spent changes nothing of the cast.

    "If that mana is spent on a Dragon creature spell, it gains haste until end of turn.", "When that mana is spent
    to cast a red instant or sorcery spell, copy that spell …": after the costs are paid; the mana ability makes
    its mana as printed.
    """
    state = make_state(hand=[("spell", spell)], battlefield=[("src", source)])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("cost", "expected"), [("{R}{U}{G}", 1), ("{R}{U}{G}{G}", 0)])
def test_enchanted_land_adds_two_mana_in_any_combination(make_state, card, cost, expected):
    """CR 605.1b, 106.1b: Dawn's Reflection on P1's Forest: the Forest makes {G} and two mana of any colours.

    "Whenever enchanted land is tapped for mana, its controller adds an additional two mana in any combination of
    colors.". The sorcery has no target: {R}{U}{G} is paid (1 cast); a fourth mana is not there (0).
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("forest", "Forest"), ("aura", "Dawn's Reflection", {"attached_to": "forest"})],
    )
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("cost", "expected"), [("{R}{G}", 1), ("{R}{R}", 0)])
def test_whenever_you_tap_a_land_for_mana_add(make_state, card, cost, expected):
    """CR 605.1b: Groundchuck & Dirtbag, "Whenever you tap a land for mana, add {G}.": a Mountain makes {R} and {G}.

    The sorcery has no target: {R}{G} is paid (1 cast), {R}{R} is not (0).
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("mtn", "Mountain"), ("pair", "Groundchuck & Dirtbag")])
    assert legal_casts(state, "spell").count() == expected


def test_unspent_mana_kept_changes_no_cast(make_state):
    """CR 106.4, 500.4: Upwelling, "Players don't lose unspent mana as steps and phases end.", changes no cast.

    Pools empty only as steps end, never while casting; the state gives the pool. {R} in P1's pool: Bolt to P1 or
    P2, 2 casts.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("upwelling", "Upwelling")], mana_pool={"P1": "{R}"}
    )
    assert legal_casts(state, "bolt").count() == 2


# ---------------------------------------------------------------- costs that tap another permanent (CR 107.5)
@pytest.mark.parametrize(
    ("creatures", "expected"),
    [
        ([("bears", "Grizzly Bears", {"summoning_sick": True})], 3),  # the Bears tapped: {R}; Bolt to P1, P2, Bears
        ([], 0),  # nothing to tap: the Drum can't be activated
        ([("bears", "Grizzly Bears", {"tapped": True})], 0),  # tapped already
    ],
)
def test_springleaf_drum_taps_a_creature_that_makes_no_mana(make_state, creatures, expected):
    """CR 107.5, 302.6: Springleaf Drum, "{T}, Tap an untapped creature you control: Add one mana of any color.".

    A summoning-sick creature can be tapped for it (no {T} of its own is activated).
    """
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("drum", "Springleaf Drum"), *creatures])
    assert legal_casts(state, "bolt").count() == expected


def test_springleaf_drum_beside_a_mana_creature_alone_is_refused(make_state):
    """CR 107.5, 605.1a: with Llanowar Elves the only creature, the Drum is refused, naming it.

    Tapping the Elves for the Drum forgoes their {G}: which they do is not weighed.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("drum", "Springleaf Drum"), ("elves", "Llanowar Elves")]
    )
    with pytest.raises(UnsupportedRuleError, match="Springleaf Drum"):
        legal_casts(state, "bolt").count()


def test_springleaf_drum_and_convoke_are_refused(make_state, card):
    """CR 702.51a, 107.5: a convoke spell may tap the creature the Drum would: which taps which is not weighed."""
    spell = card("Test Convoke", "{1}{R}", "Sorcery", "Convoke\nDraw a card.")
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("drum", "Springleaf Drum"), ("bears", "Grizzly Bears"), ("mtn", "Mountain")],
    )
    with pytest.raises(UnsupportedRuleError, match="Springleaf Drum"):
        legal_casts(state, "spell").count()


@pytest.mark.parametrize(("life", "refused"), [(20, False), (1, True)])
def test_life_gained_as_mana_is_made(make_state, life, refused):
    """CR 601.2g-h, 119.4: Pristine Talisman, "{T}: Add {C}. You gain 1 life.", gains life before costs are paid.

    Gitaxian Probe ({U/P}: the {C} can't pay it, so 2 life) targets P1 or P2: at 20 life the gain changes nothing (2
    casts); at 1, the gain makes 2 life, so whether it is paid hangs on the Talisman: not weighed, refused.
    """
    state = make_state(
        hand=[("probe", "Gitaxian Probe")], battlefield=[("talisman", "Pristine Talisman")], life={"P1": life}
    )
    if refused:
        with pytest.raises(UnsupportedRuleError, match="Pristine Talisman"):
            legal_casts(state, "probe").count()
    else:
        assert legal_casts(state, "probe").count() == 2


@pytest.mark.parametrize(("cost", "expected"), [("{R}", 1), ("{R}{R}", 0)])
def test_a_counter_put_as_mana_is_made(make_state, card, cost, expected):
    """CR 122.1, 605.1a: a counter a mana ability puts on its permanent changes nothing of the cast here.

    Vulshok Factory, "{T}: Add {R}. Put a charge counter on this artifact.": the sorcery (no target) is paid by {R}
    (1), not {R}{R} (0).
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("factory", "Vulshok Factory")])
    assert legal_casts(state, "spell").count() == expected


def test_a_counter_put_and_removed_by_mana_abilities_is_refused(make_state, card):
    """CR 122.1, 605.3a: a counter one mana ability puts and another removes is refused, naming the permanent.

    "{T}: Add {R}. Put a charge counter on this artifact." and "Remove a charge counter from this artifact: Add
    {G}.": which comes first changes the mana: not weighed.
    """
    both = card(
        "Test Battery",
        "{2}",
        "Artifact",
        "{T}: Add {R}. Put a charge counter on this artifact.\nRemove a charge counter from this artifact: Add {G}.",
    )
    spell = card("Test Spell", "{R}{G}", "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[("battery", both)])
    with pytest.raises(UnsupportedRuleError, match="Test Battery"):
        legal_casts(state, "spell").count()


def test_mana_ability_activated_only_as_an_instant_makes_no_mana_while_casting(make_state):
    """CR 602.5e, 601.2g: a mana ability activated only as an instant is never activated during a cast.

    Lion's Eye Diamond, "Discard your hand, Sacrifice this artifact: Add three mana of any one color. Activate only
    as an instant.": the Diamond alone pays nothing of Bolt (0); its mana already in the pool would (2: P1, P2).
    """
    led = [("led", "Lion's Eye Diamond")]
    assert legal_casts(make_state(hand=[("bolt", "Lightning Bolt")], battlefield=led), "bolt").count() == 0
    pooled = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=led, mana_pool={"P1": "{R}{R}{R}"})
    assert legal_casts(pooled, "bolt").count() == 2


@pytest.mark.parametrize(
    ("lands", "cost", "expected"),
    [
        (["Urza's Mine", "Urza's Power Plant", "Urza's Tower"], "{7}", 1),  # 2 + 2 + 3 = 7
        (["Urza's Mine", "Urza's Power Plant", "Urza's Tower"], "{8}", 0),
        (["Urza's Mine", "Urza's Tower", "Wastes"], "{4}", 0),  # no Power-Plant: 1 + 1 + 1 = 3
        (["Urza's Mine", "Urza's Tower", "Wastes"], "{3}", 1),
    ],
)
def test_urzas_lands_add_more_together(make_state, card, lands, cost, expected):
    """CR 614.1a, 205.3i: Urza's lands together make 7 mana; apart, one each.

    Urza's Mine, "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead." (and
    its kin). The sorcery has no target: 1 cast when paid, else 0.
    """
    spell = card("Test Spell", cost, "Sorcery", "Draw a card.")
    state = make_state(hand=[("spell", spell)], battlefield=[(f"l{i}", name) for i, name in enumerate(lands)])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(("creatures", "expected"), [(4, 1), (3, 0)])
def test_leafkin_druid_adds_more_with_four_creatures(make_state, card, creatures, expected):
    """CR 614.1a: Leafkin Druid, "{T}: Add {G}. If you control four or more creatures, add {G}{G} instead.".

    The Druid and three (tapped) Bears make it four: {G}{G} pays the {G}{G} sorcery (no target, 1); with two Bears,
    {G}: 0.
    """
    spell = card("Test Spell", "{G}{G}", "Sorcery", "Draw a card.")
    bears = [(f"bear{i}", "Grizzly Bears", {"tapped": True}) for i in range(creatures - 1)]
    state = make_state(hand=[("spell", spell)], battlefield=[("druid", "Leafkin Druid"), *bears])
    assert legal_casts(state, "spell").count() == expected


def test_a_tapped_land_that_entered_this_turn_is_not_refused(make_state):
    """CR 302.6, 602.5b: a tapped Gathering Place that came under P1's control this turn is not refused.

    It makes no mana whatever its condition: Llanowar Elves ({G}) can't be paid, 0 casts.
    """
    place = ("place", "Gathering Place", {"summoning_sick": True, "tapped": True})
    state = make_state(hand=[("elves", "Llanowar Elves")], battlefield=[place])
    assert legal_casts(state, "elves").count() == 0
