"""Keywords that change how an instant or sorcery is cast: gift, strive, undaunted, conspire, prowl, cleave and more.

Gift: "As an additional cost to cast this spell, you may choose an opponent" (CR 702.174a); the opponent
chosen is a choice of the cast (a cast record's ``gift_recipient``), and text that happens "if the gift was
promised" has its targets chosen only then (CR 702.174k, 702.174m). Strive (an ability word, CR 207.2c) and
undaunted (CR 702.125) change the cost.

Conspire (CR 702.78); optional keyword costs paid with objects (buyback, CR 702.27a; kicker, CR 702.33a;
replicate, CR 702.56a); prowl and freerunning, alternative costs after combat damage to a player (CR 702.76a,
702.173a), read from the state's ``this_turn.combat_damage_by``; web-slinging (CR 702.188a); cleave, whose cost
paid removes the words in square brackets (CR 702.148a-b); tiered (CR 702.183a); assist, another player's mana
paying generic mana (CR 702.132a); affinity.

Conspire: "As an additional cost to cast this spell, you may tap two untapped creatures you control that each share
a color with it" (CR 702.78a); the creatures tapped are a choice of the cast (CR 601.2h), and a creature tapped
for mana can't also be tapped for the cost (CR 601.2g-h). Counts are worked out by hand; each scenario runs on
every backend.
"""

from __future__ import annotations

import json

import pytest

from models.cast import Cast
from models.errors import UnsupportedRuleError
from solver.explain import explain_card
from solver.legal import is_legal_cast, legal_casts, why_illegal
from tests.rules.conftest import lands


def gifts(found) -> list[str]:
    """The recipient of each cast's gift ("" when it is not promised), sorted."""
    return sorted(cast.gift_recipient or "" for cast in found)


# ---------------------------------------------------------------- gift (CR 702.174)
def test_mind_spiral_promises_to_each_opponent(make_state, casts):
    """CR 702.174a, 702.174m: Mind Spiral {4}{U}, "Gift a tapped Fish", three players (P1 casting, P2, P3).

    "Target player draws three cards. If the gift was promised, tap target creature an opponent controls …".
    Five Islands pay {4}{U}. Target player: P1, P2 or P3 (3). Not promised: 3 casts, no second target.
    Promised: to P2 or P3 (2), and the creature an opponent controls is P2's Grizzly Bears (1): 3 x 2 x 1 = 6.
    P1's own Grizzly Bears is no choice for it. 3 + 6 = 9.
    """
    state = make_state(
        hand=[("spiral", "Mind Spiral")],
        battlefield=lands("Island", 5) + [("mine", "Grizzly Bears")],
        opponent=[("bears", "Grizzly Bears")],
        players=["P1", "P2", "P3"],
    )
    found = casts(state, "spiral")
    assert len(found) == 9
    assert gifts(found) == [""] * 3 + ["P2"] * 3 + ["P3"] * 3
    promised = [c for c in found if c.gift_recipient]
    assert all(c.additional_costs == (("gift", 1),) and c.targets[1].targets == ("bears",) for c in promised)
    assert all(len(c.targets) == 1 and not c.additional_costs for c in found if not c.gift_recipient)


def test_gift_targets_that_exist_only_if_promised(make_state, casts):
    """CR 702.174m, 601.2c: with no creature an opponent controls, Mind Spiral's gift can't be promised.

    The promised text's "target creature an opponent controls" has no legal choice, so a cast that promises the
    gift can't choose its targets. Not promised: target player P1 or P2: 2 casts.
    """
    state = make_state(hand=[("spiral", "Mind Spiral")], battlefield=lands("Island", 5) + [("mine", "Grizzly Bears")])
    assert gifts(casts(state, "spiral")) == ["", ""]


def test_blooming_blast_two_players(make_state, casts):
    """CR 702.174a: Blooming Blast {1}{R}, "Gift a Treasure"; two players, so one opponent to promise it to.

    "~ deals 2 damage to target creature. If the gift was promised, ~ also deals 3 damage to that creature's
    controller": no target only the gift brings. Target creature: P1's or P2's Grizzly Bears (2), each with the
    gift not promised or promised to P2: 2 x 2 = 4.
    """
    state = make_state(
        hand=[("blast", "Blooming Blast")],
        battlefield=lands("Mountain", 2) + [("mine", "Grizzly Bears")],
        opponent=[("bears", "Grizzly Bears")],
    )
    assert gifts(casts(state, "blast")) == ["", "", "P2", "P2"]


def test_a_gift_with_no_opponent_is_not_promised(make_state, casts):
    """CR 702.174a: the cost is choosing an opponent; with none (a state of one player), it can't be paid.

    Blooming Blast, P1 alone with Grizzly Bears: target creature 1, gift not promised: 1 cast.
    """
    state = make_state(
        hand=[("blast", "Blooming Blast")],
        battlefield=lands("Mountain", 2) + [("mine", "Grizzly Bears")],
        players=["P1"],
    )
    assert gifts(casts(state, "blast")) == [""]


def test_wildfire_howl_instead_text_with_the_only_target(make_state, casts):
    """CR 702.174m: Wildfire Howl, "instead" text that holds the spell's only target.

    Wildfire Howl {1}{R}{R}: "~ deals 2 damage to each creature. If the gift was promised, instead ~ deals 1 damage
    to any target and 2 damage to each creature." The text replaced has no target, so the only target is the
    promised text's. Not promised: no target, 1 cast.
    Promised to P2: any target is P1, P2 or P2's Grizzly Bears (3). 1 + 3 = 4.
    """
    state = make_state(
        hand=[("howl", "Wildfire Howl")], battlefield=lands("Mountain", 3), opponent=[("bears", "Grizzly Bears")]
    )
    found = casts(state, "howl")
    assert gifts(found) == ["", "P2", "P2", "P2"]
    assert sorted(c.targets[0].targets[0] for c in found if c.targets) == ["P1", "P2", "bears"]


def test_gift_with_an_additional_cost(make_state, casts):
    """CR 702.174a, 118.8: Sazacap's Brew {1}{R}: gift, and an additional cost, discard a card.

    "Target player draws two cards. If the gift was promised, target creature you control gets +2/+0 …". The hand
    holds two Mountains besides it (2 discards); target player P1 or P2 (2); not promised, or promised to P2 with
    P1's Grizzly Bears the creature (1). 2 x 2 x (1 + 1) = 8.
    """
    state = make_state(
        hand=[("brew", "Sazacap's Brew"), ("m1", "Mountain"), ("m2", "Mountain")],
        battlefield=lands("Mountain", 2) + [("mine", "Grizzly Bears")],
    )
    found = casts(state, "brew")
    assert len(found) == 8 and gifts(found) == [""] * 4 + ["P2"] * 4


def test_gift_recipient_in_the_cast_record(make_state):
    """CR 702.174a: the recipient is part of the record: it round-trips through JSON and is checked.

    A record promising the gift to the caster, or naming a recipient without promising, is illegal (CR
    702.174a); the same record promising to P2 is legal.
    """
    state = make_state(
        hand=[("blast", "Blooming Blast")], battlefield=lands("Mountain", 2), opponent=[("bears", "Grizzly Bears")]
    )
    promised = next(c for c in legal_casts(state, "blast") if c.gift_recipient == "P2")
    record = json.loads(json.dumps(promised.to_json()))
    assert record["gift_recipient"] == "P2" and record["additional_costs"] == {"gift": 1}
    assert Cast.from_json(record) == promised and is_legal_cast(state, Cast.from_json(record))
    to_self = Cast.from_json({**record, "gift_recipient": "P1"})
    assert any(r.rule == "CR 702.174a" for r in why_illegal(state, to_self))
    unpaid = Cast.from_json({**record, "additional_costs": {}})
    assert not is_legal_cast(state, unpaid)
    assert not is_legal_cast(state, promised._replace(gift_recipient=None))


@pytest.mark.parametrize("name", ["Long River's Pull", "Into the Flood Maw", "Wear Down", "Peerless Recycling"])
def test_gift_instead_text_replaces_the_targets_before_it(name):
    """CR 608.2c, 702.174m: "If the gift was promised, instead …" replaces the sentence before it and its targets.

    The first sentence's targets are chosen unless the gift is promised; the second's only if it is.
    """
    from models.io.card_pool import default_card_database
    from models.oracle.parser import parse_card

    specs = [spec for i in parse_card(default_card_database().get(name)).spell_text for spec in i.targets]
    assert [(spec.condition, spec.unless) for spec in specs] == [((), ("gift",)), (("gift",), ())]


# ---------------------------------------------------------------- strive (an ability word, CR 207.2c, 601.2f)
@pytest.mark.parametrize(("mountains", "expected"), [(1, 4), (2, 7), (3, 8)])
def test_blinding_flare_costs_more_for_each_target_beyond_the_first(make_state, casts, mountains, expected):
    """CR 601.2c, 601.2f: Blinding Flare {R}, strive {R}: more for each target beyond the first.

    "Any number of target creatures can't block this turn." Three Grizzly Bears (one P1's, two P2's). Zero
    targets ({R}) 1 set, one target ({R}) 3 sets, two targets
    ({R}{R}) 3 sets, three targets ({R}{R}{R}) 1 set. One Mountain: 1 + 3 = 4; two: 4 + 3 = 7; three: 7 + 1 = 8.
    """
    state = make_state(
        hand=[("flare", "Blinding Flare")],
        battlefield=lands("Mountain", mountains) + [("mine", "Grizzly Bears")],
        opponent=[("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
    )
    found = casts(state, "flare")
    assert len(found) == expected
    assert all(str(c.total_cost) == "{R}" * max(1, len(c.targets[0].targets if c.targets else ())) for c in found)


def test_strive_generic_and_coloured_increase(make_state, casts):
    """CR 601.2f: Hour of Need {2}{U}, strive {1}{U}, "Exile any number of target creatures".

    Two Grizzly Bears of P2's; four Islands. Zero or one target: {2}{U}, 1 + 2 = 3 casts; both: {3}{U}{U}, five
    mana, not payable with four Islands. 3 casts; with a fifth Island, 3 + 1 = 4.
    """
    bears = [("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")]
    state = make_state(hand=[("hour", "Hour of Need")], battlefield=lands("Island", 4), opponent=bears)
    assert len(casts(state, "hour")) == 3
    state = make_state(hand=[("hour", "Hour of Need")], battlefield=lands("Island", 5), opponent=bears)
    found = casts(state, "hour")
    assert len(found) == 4 and {str(c.total_cost) for c in found if len(c.targets[0].targets) == 2} == {"{3}{U}{U}"}


# ---------------------------------------------------------------- undaunted (CR 702.125)
@pytest.mark.parametrize(
    ("players", "swamps", "expected"),
    [
        (["P1", "P2"], 4, 0),
        (["P1", "P2"], 5, 1),
        (["P1", "P2", "P3"], 4, 1),
        (["P1", "P2", "P3"], 3, 0),
        (["P1", "P2", "P3", "P4"], 3, 1),
    ],
)
def test_curtains_call_costs_less_for_each_opponent(make_state, casts, players, swamps, expected):
    """CR 702.125a: Curtains' Call {5}{B}, undaunted, {1} less for each opponent.

    "Destroy two target creatures." Two Grizzly Bears of P2's: one set of two targets. One opponent: {4}{B},
    four Swamps can't pay it, five can;
    two opponents: {3}{B}, four Swamps pay it, three can't; three opponents: {2}{B}, three Swamps pay it.
    """
    state = make_state(
        hand=[("call", "Curtains' Call")],
        battlefield=lands("Swamp", swamps),
        opponent=[("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
        players=players,
    )
    assert len(casts(state, "call")) == expected


def test_gift_text_that_replaces_the_text_before_it(make_state, casts):
    """ "Counter target creature spell. If the gift was promised, instead counter target spell." (CR 702.174m, 608.2c).

    Long River's Pull ({U}{U}, gift a card) with P2's Lightning Bolt on the stack and two Islands. Not promised:
    the Bolt is no creature spell: no cast. Promised (to P2, the only opponent): target spell, the Bolt: 1 cast.
    """
    state = make_state(
        hand=[("pull", "Long River's Pull")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "pull")
    assert [(c.times_paid("gift"), c.gift_recipient) for c in found] == [(1, "P2")]


def paid(found, keyword: str) -> list[int]:
    """How many times each cast paid an optional cost, sorted."""
    return sorted(cast.times_paid(keyword) for cast in found)


# ---------------------------------------------------------------- conspire (CR 702.78)
def test_conspire_taps_two_creatures_sharing_a_colour(make_state, casts):
    """CR 702.78a, 601.2g-h: Gleeful Sabotage {1}{G}, "Destroy target artifact or enchantment. Conspire".

    P1: one Forest, Llanowar Elves (green, "{T}: Add {G}"), two Grizzly Bears (green), Goblin Piker (red).
    P2: Ornithopter, the only artifact or enchantment: 1 target. {1}{G} needs both the Forest and the Elves'
    mana, so the Elves can't also be tapped for conspire. Not conspired: 1. Conspired: two green creatures
    other than the Elves: the two Bears (the red Piker shares no colour): 1. 1 + 1 = 2.
    """
    state = make_state(
        hand=[("sab", "Gleeful Sabotage")],
        battlefield=lands("Forest", 1)
        + [("elf", "Llanowar Elves"), ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears"), ("gob", "Goblin Piker")],
        opponent=[("orn", "Ornithopter")],
    )
    found = casts(state, "sab")
    assert paid(found, "conspire") == [0, 1]
    assert [c.taps for c in found if c.times_paid("conspire")] == [("b1", "b2")]


def test_conspire_each_creature_shares_a_colour_with_the_spell(make_state, casts):
    """CR 702.78a, 105.2: Memory Sluice {U/B} is blue and black; each creature tapped shares a colour with it.

    "Target player mills four cards": P1 or P2 (2). Creatures: Coral Merfolk (blue), Walking Corpse (black),
    Goblin Piker (red), Ornithopter (colourless). The Merfolk and the Corpse share no colour with each other but
    each shares one with the spell: the one pair. An Island pays {U/B}. 2 x (1 + 1) = 4.
    """
    state = make_state(
        hand=[("ms", "Memory Sluice")],
        battlefield=lands("Island", 1)
        + [("mer", "Coral Merfolk"), ("cor", "Walking Corpse"), ("gob", "Goblin Piker"), ("orn", "Ornithopter")],
    )
    found = casts(state, "ms")
    assert len(found) == 4
    assert {c.taps for c in found if c.times_paid("conspire")} == {("cor", "mer")}


def test_conspire_needs_two_creatures(make_state, casts):
    """CR 702.78a, 601.2h: with one green creature, Gleeful Sabotage can't be conspired.

    Two Forests pay {1}{G}; one Grizzly Bears; target Ornithopter (1): 1 cast, not conspired.
    """
    state = make_state(
        hand=[("sab", "Gleeful Sabotage")],
        battlefield=lands("Forest", 2) + [("b1", "Grizzly Bears")],
        opponent=[("orn", "Ornithopter")],
    )
    assert paid(casts(state, "sab"), "conspire") == [0]


# ---------------------------------------------------------------- buyback, kicker, replicate paid with objects
def test_buyback_sacrificing_a_land_tapped_for_mana(make_state, casts):
    """CR 702.27a, 601.2g-h: Pegasus Stampede {1}{W}, "Buyback—Sacrifice a land."; no target.

    Three Plains: two pay {1}{W}. Without buyback: 1. With it: any of the three Plains is sacrificed, one tapped
    for mana included (mana abilities are activated before costs are paid, CR 601.2g): 3. 1 + 3 = 4.
    """
    state = make_state(hand=[("peg", "Pegasus Stampede")], battlefield=lands("Plains", 3))
    found = casts(state, "peg")
    assert paid(found, "buyback") == [0, 1, 1, 1]
    assert sorted(c.sacrifices for c in found) == [(), ("pla1",), ("pla2",), ("pla3",)]


def test_buyback_discarding_two_cards(make_state, casts):
    """CR 702.27a, 601.2h: Forbid {1}{U}{U}, "Buyback—Discard two cards. Counter target spell".

    P2's Lightning Bolt on the stack: 1 target. P1's hand: Forbid and three other cards. Three Islands pay.
    Without buyback: 1. With it: two of the three other cards (Forbid is on the stack, CR 601.2a): 3. 1 + 3 = 4.
    """
    state = make_state(
        hand=[("forbid", "Forbid"), ("c1", "Island"), ("c2", "Grizzly Bears"), ("c3", "Shock")],
        battlefield=lands("Island", 3),
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
    )
    found = casts(state, "forbid")
    assert paid(found, "buyback") == [0, 1, 1, 1]
    assert sorted(c.discards for c in found if c.discards) == [("c1", "c2"), ("c1", "c3"), ("c2", "c3")]


def test_buyback_paying_life(make_state, casts):
    """CR 702.27a, 119.4: Slaughter {2}{B}{B}, "Buyback—Pay 4 life. Destroy target nonblack creature".

    P2's Grizzly Bears: 1 target (P2's Walking Corpse is black). Four Swamps. P1 at 4 life can pay 4 life (CR 119.4):
    2 casts; at 3 life, only without buyback: 1.
    """
    for life, expected in ((4, [0, 1]), (3, [0])):
        state = make_state(
            hand=[("sl", "Slaughter")],
            battlefield=lands("Swamp", 4),
            opponent=[("bears", "Grizzly Bears"), ("cor", "Walking Corpse")],
            life={"P1": life},
        )
        assert paid(casts(state, "sl"), "buyback") == expected


def test_kicker_sacrificing_an_artifact_or_creature(make_state, casts):
    """CR 702.33a, 601.2c-h: Vayne's Treachery {1}{B}, "Kicker—Sacrifice an artifact or creature".

    "Target creature gets -2/-2 …": P1's Ornithopter (artifact creature) and Grizzly Bears, P2's Grizzly Bears: 3.
    Two Swamps pay. Not kicked: 3. Kicked: sacrifice the Ornithopter, the Bears or Sol Ring (an artifact) (3),
    the target any of the three (targets are chosen before costs are paid, CR 601.2c, 601.2h): 9. 3 + 9 = 12.
    """
    state = make_state(
        hand=[("vt", "Vayne's Treachery")],
        battlefield=lands("Swamp", 2) + [("orn", "Ornithopter"), ("bears", "Grizzly Bears"), ("ring", "Sol Ring")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "vt")
    assert len(found) == 12
    assert sorted({c.sacrifices for c in found}) == [(), ("bears",), ("orn",), ("ring",)]


def test_kicker_sacrificing_an_artifact_or_goblin(make_state, casts):
    """CR 702.33a, 702.33g: Goblin Barrage {3}{R}, "Kicker—Sacrifice an artifact or Goblin".

    "~ deals 4 damage to target creature. If this spell was kicked, it also deals 4 damage to target player or
    planeswalker." P1: four Mountains, Goblin Piker (a Goblin), Ornithopter (an artifact), Grizzly Bears
    (neither). Target creature: any of the three (3). Not kicked: 3. Kicked: sacrifice the Piker or the
    Ornithopter (2), target creature (3), target player P1 or P2 (2): 12. 3 + 12 = 15.
    """
    state = make_state(
        hand=[("gb", "Goblin Barrage")],
        battlefield=lands("Mountain", 4)
        + [("gob", "Goblin Piker"), ("orn", "Ornithopter"), ("bears", "Grizzly Bears")],
    )
    found = casts(state, "gb")
    assert len(found) == 15
    assert sorted({c.sacrifices for c in found}) == [(), ("gob",), ("orn",)]


def test_replicate_tapping_daleks(make_state, casts):
    """CR 702.56a, 601.2b, 601.2h: Exterminate! {2}{B}, "Replicate—Tap an untapped Dalek you control".

    "Destroy target creature. …": P1's two Dalek Squadrons and P2's Grizzly Bears: 3. Three Swamps pay {2}{B}.
    Replicate paid 0 times (1 way), once (one of two Daleks tapped: 2 ways) or twice (both: 1 way): 4 ways, each
    with 3 targets: 12. (The copies' targets are chosen as the trigger resolves, not while casting.)
    """
    state = make_state(
        hand=[("ex", "Exterminate!")],
        battlefield=lands("Swamp", 3) + [("d1", "Dalek Squadron"), ("d2", "Dalek Squadron")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "ex")
    assert len(found) == 12
    assert paid(found, "replicate") == [0] * 3 + [1] * 6 + [2] * 3


# ---------------------------------------------------------------- prowl (CR 702.76) and freerunning (CR 702.173)
@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        ({"combat_damage_by": [{"player": "P1", "subtype": "Rogue"}]}, 2),
        ({}, 0),
        ({"combat_damage_by": [{"player": "P2", "subtype": "Rogue"}]}, 0),
        ({"combat_damage_by": [{"player": "P1", "subtype": "Faerie"}]}, 0),
        ({"combat_damage_by": ["outcast"]}, 2),
    ],
)
def test_prowl_after_combat_damage_by_a_rogue(make_state, casts, facts, expected):
    """CR 702.76a, 205.3m: Morsel Theft {2}{B}{B}, Kindred Sorcery — Rogue, "Prowl {1}{B}".

    "Target player loses 3 life …": P1 or P2 (2). Two Swamps pay {1}{B}, not {2}{B}{B}: a cast exists only for
    the prowl cost, payable iff a Rogue of P1's dealt combat damage to a player this turn. A P1 Rogue fact: 2. No
    fact (taken as none): 0. P2's Rogue (not under P1's control): 0. P1's Faerie (not the spell's type): 0.
    P1's Changeling Outcast on the battlefield (changeling: every creature type, CR 702.73a): 2.
    """
    state = make_state(
        hand=[("mt", "Morsel Theft")],
        battlefield=lands("Swamp", 2) + [("outcast", "Changeling Outcast")],
        this_turn=facts,
    )
    found = casts(state, "mt")
    assert len(found) == expected
    assert all(c.alternative_cost == "prowl" for c in found)


def test_prowl_or_the_mana_cost(make_state, casts):
    """CR 702.76a, 118.9a: with four Swamps and a P1 Rogue fact, Morsel Theft is cast for its mana cost or prowl.

    Target player P1 or P2 (2), for each of the two costs: 4.
    """
    state = make_state(
        hand=[("mt", "Morsel Theft")],
        battlefield=lands("Swamp", 4),
        this_turn={"combat_damage_by": [{"player": "P1", "subtype": "Rogue"}]},
    )
    assert sorted(str(c.alternative_cost) for c in casts(state, "mt")) == ["None", "None", "prowl", "prowl"]


def test_freerunning_after_combat_damage_by_an_assassin(make_state, casts):
    """CR 702.173a: Eagle Vision {4}{U}, "Freerunning {1}{U}. Draw three cards."; two Islands pay only {1}{U}.

    A P1 Assassin dealt combat damage to a player: 1 cast (no target), for the freerunning cost. An Assassin of
    P2's: none; no ``combat_damage_by``: none, and ``explain`` says the fact was taken as absent.
    """
    for facts, expected in (
        ([{"player": "P1", "subtype": "Assassin"}], 1),
        ([{"player": "P2", "subtype": "Assassin"}], 0),
    ):
        state = make_state(
            hand=[("ev", "Eagle Vision")], battlefield=lands("Island", 2), this_turn={"combat_damage_by": facts}
        )
        assert [c.alternative_cost for c in casts(state, "ev")] == ["freerunning"] * expected
    state = make_state(hand=[("ev", "Eagle Vision")], battlefield=lands("Island", 2))
    assert not casts(state, "ev")
    assert "no this_turn.combat_damage_by: taken as none" in str(explain_card(state, "ev").reasons)


def test_freerunning_commander_part_is_not_decided(make_state):
    """CR 702.173a, 903.3: an entry of a P1 Human (not an object) does not say whether it was P1's commander.

    Eagle Vision's freerunning cost may or may not be payable, and the cast set is reported unsupported rather
    than guessed.
    """
    state = make_state(
        hand=[("ev", "Eagle Vision")],
        battlefield=lands("Island", 2),
        this_turn={"combat_damage_by": [{"player": "P1", "subtype": "Human"}]},
    )
    with pytest.raises(UnsupportedRuleError, match="commander"):
        legal_casts(state, "ev").count()


@pytest.mark.parametrize(("commander", "expected"), [(True, 1), (False, 0)])
def test_freerunning_after_combat_damage_by_your_commander(make_state, casts, commander, expected):
    """CR 702.173a, 903.3: P1's Isamaru, Hound of Konda (a Dog, no Assassin) dealt combat damage to a player.

    Marked as a commander: Eagle Vision's freerunning {1}{U} is paid with the two Islands, 1 cast (no target).
    Not marked: it is no commander, and {4}{U} can't be paid: 0.
    """
    isamaru = ("isamaru", "Isamaru, Hound of Konda", {"commander": True} if commander else {})
    state = make_state(
        hand=[("ev", "Eagle Vision")],
        battlefield=lands("Island", 2) + [isamaru],
        this_turn={"combat_damage_by": ["isamaru"]},
    )
    assert [c.alternative_cost for c in casts(state, "ev")] == ["freerunning"] * expected


def test_combat_damage_by_an_object_the_state_does_not_describe(make_state):
    """CR 702.76a: an id in ``combat_damage_by`` with no permanent in the state says neither whose nor what it was.

    Morsel Theft, two Swamps (only prowl is payable): whether a Rogue of P1's dealt the damage hangs on the
    object "gone", which the state does not give: reported unsupported, not guessed.
    """
    state = make_state(
        hand=[("mt", "Morsel Theft")], battlefield=lands("Swamp", 2), this_turn={"combat_damage_by": ["gone"]}
    )
    with pytest.raises(UnsupportedRuleError, match="gone"):
        legal_casts(state, "mt").count()


def test_freerunning_returning_a_blue_creature(make_state, casts):
    """CR 702.173a, 601.2c, 601.2h: Escape Detection, freerunning by returning a blue creature you control.

    "Freerunning—Return a blue creature you control to its owner's hand."

    No lands: only the freerunning cost, which is no mana. P1 Assassin fact. Returned: Coral Merfolk, P1's only
    blue creature (1). "Return target creature to its owner's hand": the Merfolk itself (targets are chosen before
    costs are paid) or P2's Grizzly Bears (2). 1 x 2 = 2.
    """
    state = make_state(
        hand=[("ed", "Escape Detection")],
        battlefield=[("mer", "Coral Merfolk")],
        opponent=[("bears", "Grizzly Bears")],
        this_turn={"combat_damage_by": [{"player": "P1", "subtype": "Assassin"}]},
    )
    found = casts(state, "ed")
    assert len(found) == 2
    assert all(c.returns == ("mer",) and c.alternative_cost == "freerunning" for c in found)


# ---------------------------------------------------------------- web-slinging (CR 702.188)
BOLT_ON_THE_STACK = {
    "objects": [{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
    "stack": ["bolt"],
}


def test_web_slinging_returns_a_tapped_creature(make_state, casts):
    """CR 702.188a, 601.2h: Spider-Sense {1}{U}, "Web-slinging {U}. Counter target instant spell, …".

    P2's Lightning Bolt on the stack: 1 target. Two Islands; P1's tapped Grizzly Bears and Coral Merfolk, an
    untapped Grizzly Bears. Mana cost: 1. Web-slinging: {U} and one of the two tapped creatures returned (the
    untapped Bears is no tapped creature, and has no mana ability to tap it with): 2. 1 + 2 = 3.
    """
    state = make_state(
        hand=[("ss", "Spider-Sense")],
        battlefield=lands("Island", 2)
        + [
            ("b1", "Grizzly Bears", {"tapped": True}),
            ("mer", "Coral Merfolk", {"tapped": True}),
            ("b2", "Grizzly Bears"),
        ],
        **BOLT_ON_THE_STACK,
    )
    found = casts(state, "ss")
    assert sorted(c.returns for c in found) == [(), ("b1",), ("mer",)]


def test_web_slinging_a_creature_tapped_for_mana(make_state, casts):
    """CR 702.188a, 601.2g-h: a creature tapped for mana while casting is a tapped creature when costs are paid.

    Spider-Sense; one Island, Llanowar Elves ("{T}: Add {G}") and Grizzly Bears, both untapped; Bolt on the stack.
    Mana cost {1}{U}: the Island and the Elves: 1. Web-slinging {U}: the Island pays; the Elves, tapped for mana
    first (its {G} unspent), is returned: 1. The Bears can't be tapped before costs are paid: no. 1 + 1 = 2.
    """
    state = make_state(
        hand=[("ss", "Spider-Sense")],
        battlefield=lands("Island", 1) + [("elf", "Llanowar Elves"), ("b1", "Grizzly Bears")],
        **BOLT_ON_THE_STACK,
    )
    assert sorted(c.returns for c in casts(state, "ss")) == [(), ("elf",)]


# ---------------------------------------------------------------- cleave (CR 702.148)
def test_cleave_removes_the_bracketed_restriction(make_state, casts):
    """CR 702.148a-b, 612: Fierce Retribution {1}{W}, "Cleave {5}{W}. Destroy target [attacking] creature".

    Combat; P1's Grizzly Bears attacks, P2's does not. Six Plains pay either cost. For the mana cost: target
    attacking creature: P1's Bears (1). Cleaved, "Destroy target creature.": either Bears (2). 1 + 2 = 3. With
    two Plains the cleave cost {5}{W} can't be paid: 1.
    """
    for plains, expected in ((6, [None, "cleave", "cleave"]), (2, [None])):
        state = make_state(
            hand=[("fr", "Fierce Retribution")],
            battlefield=lands("Plains", plains) + [("mine", "Grizzly Bears", {"attacking": True})],
            opponent=[("theirs", "Grizzly Bears")],
            phase="combat",
        )
        found = casts(state, "fr")
        assert sorted((c.alternative_cost for c in found), key=str) == expected
        assert all(c.targets[0].targets == ("mine",) for c in found if c.alternative_cost is None)


def test_cleave_widens_the_controller(make_state, casts):
    """CR 702.148a-b: Alchemist's Retrieval {U}, "Cleave {1}{U}. Return target nonland permanent [you control] …".

    Two Islands. For {U}: a nonland permanent P1 controls: P1's Grizzly Bears (the Islands are lands) (1).
    Cleaved for {1}{U}: any nonland permanent: P1's or P2's Bears (2). 1 + 2 = 3. A cast that pays cleave and
    keeps the printed text's target is illegal: that text is not the spell's (CR 702.148b).
    """
    state = make_state(
        hand=[("ar", "Alchemist's Retrieval")],
        battlefield=lands("Island", 2) + [("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "ar")
    assert sorted((str(c.alternative_cost), c.targets[0].instruction, c.targets[0].targets) for c in found) == [
        ("None", 0, ("mine",)),
        ("cleave", 1, ("mine",)),
        ("cleave", 1, ("theirs",)),
    ]
    printed = next(c for c in found if c.alternative_cost is None)
    mixed = printed._replace(alternative_cost="cleave")
    assert not is_legal_cast(state, mixed)
    assert any(r.rule == "CR 702.148b" for r in why_illegal(state, mixed))


def test_cleave_with_x_announced_only_for_that_cost(make_state, casts):
    """CR 702.148a, 107.3, 601.2b: Lantern Flare {1}{W}, "Cleave {X}{R}{W}": X only when cast for its cleave cost.

    "~ deals X damage to target creature or planeswalker and you gain X life. [X is the number of creatures you
    control.]": P1's or P2's Grizzly Bears (2) either way. Two Plains and two Mountains. For {1}{W}: no X
    announced (the text defines it): 2. Cleaved: {R}{W} and X = 0, 1 or 2 from the two other lands: 3 x 2 = 6.
    2 + 6 = 8.
    """
    state = make_state(
        hand=[("lf", "Lantern Flare")],
        battlefield=lands("Plains", 2) + lands("Mountain", 2) + [("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "lf")
    assert sorted((str(c.alternative_cost), str(c.x)) for c in found) == [("None", "None")] * 2 + [
        ("cleave", "0"),
        ("cleave", "0"),
        ("cleave", "1"),
        ("cleave", "1"),
        ("cleave", "2"),
        ("cleave", "2"),
    ]


def test_freerunning_with_x(make_state, casts):
    """CR 702.173a, 107.3, 118.9a: Monastery Raid {2}{R}, "Freerunning {X}{R}"; two Mountains, P1 Assassin fact.

    The mana cost {2}{R} can't be paid. Freerunning: {R} and X = 0 or 1: 2 casts, no target. Cast without paying
    its mana cost, no alternative cost is paid, so no X: 1 cast.
    """
    state = make_state(
        hand=[("mr", "Monastery Raid")],
        battlefield=lands("Mountain", 2),
        this_turn={"combat_damage_by": [{"player": "P1", "subtype": "Assassin"}]},
    )
    assert sorted(c.x for c in casts(state, "mr")) == [0, 1]
    assert [c.x for c in casts(state, "mr", without_paying_mana_cost=True)] == [None]


# ---------------------------------------------------------------- tiered (CR 702.183)
@pytest.mark.parametrize(("plains", "expected"), [(3, 9), (6, 10)])
def test_tiered_chooses_one_mode_and_pays_its_cost(make_state, casts, plains, expected):
    """CR 702.183a, 700.2h, 601.2c: Cloud's Limit Break {1}{W}, "Tiered": one mode, its cost added.

    "• Cross-Slash — {0} — Destroy target tapped creature. • Blade Beam — {1} — Destroy any number of target tapped
    creatures with different controllers. • Omnislash — {3}{W} — Destroy all tapped creatures." Tapped creatures:
    P1's Grizzly Bears, P2's Grizzly Bears and Hill Giant; P2's other Bears is untapped. Cross-Slash ({1}{W}):
    3 targets. Blade Beam ({2}{W}): none, one of the three (3), or P1's with one of P2's two (2): 6. Omnislash
    ({4}{W}{W}): no target, 1 cast, payable with six Plains, not three. Three Plains: 3 + 6 = 9; six: 10.
    """
    state = make_state(
        hand=[("clb", "Cloud's Limit Break")],
        battlefield=lands("Plains", plains) + [("mine", "Grizzly Bears", {"tapped": True})],
        opponent=[
            ("t1", "Grizzly Bears", {"tapped": True}),
            ("t2", "Hill Giant", {"tapped": True}),
            ("u", "Grizzly Bears"),
        ],
    )
    found = casts(state, "clb")
    assert len(found) == expected
    assert all(len(c.modes) == 1 for c in found)
    assert {str(c.total_cost) for c in found if c.modes == (1,)} == {"{2}{W}"}


# ---------------------------------------------------------------- assist (CR 702.132)
@pytest.mark.parametrize(("islands", "expected"), [(3, 1), (2, 0)])
def test_assist_counts_another_players_mana_for_generic(make_state, casts, islands, expected):
    """CR 702.132a, 601.2g-h: Bring Down {3}{W}, "Assist. Destroy target creature with power 4 or greater".

    P1: one Plains and Hill Giant (power 3). P2: Islands and Shivan Dragon (power 5): 1 target. P1's Plains pays
    {W}; the generic {3} only P2's mana can pay, as assist lets it (a cast is legal iff some payment exists).
    Three Islands: 1 cast. Two: {3} can't be paid: 0. (P2's blue mana never pays {W}: it pays generic only.)
    """
    state = make_state(
        hand=[("bd", "Bring Down")],
        battlefield=lands("Plains", 1) + [("giant", "Hill Giant")],
        opponent=lands("Island", islands, "i") + [("dragon", "Shivan Dragon")],
    )
    assert len(casts(state, "bd")) == expected


def test_assist_with_x(make_state, casts):
    """CR 702.132a, 107.3a: Gang Up {X}{B}, "Assist. Destroy target creature with power X or less".

    P1: two Swamps ({B} and 1 generic); P2: two Islands (2 generic, by assist); X is at most 3. P2's Grizzly Bears
    (power 2) and Hill Giant (power 3). X = 0 or 1: no target. X = 2: Bears (1). X = 3: Bears or Giant (2). 3 casts.
    """
    state = make_state(
        hand=[("gu", "Gang Up")],
        battlefield=lands("Swamp", 2),
        opponent=lands("Island", 2, "i") + [("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    found = casts(state, "gu")
    assert sorted((c.x, c.targets[0].targets) for c in found) == [(2, ("bears",)), (3, ("bears",)), (3, ("giant",))]


# ---------------------------------------------------------------- affinity for a plural in -ies (CR 702.41)
def test_affinity_for_allies(make_state, casts):
    """CR 702.41a, 601.2f: Allies at Last {2}{G}, "Affinity for Allies": {1} less for each Ally P1 controls.

    P1: one Forest, Hada Freeblade and Kazandu Blademaster (both Allies): {2}{G} less {2} = {G}, paid by the
    Forest. "Up to two target creatures you control each deal damage … to target creature an opponent controls":
    none, either Ally, or both (4), and P2's Grizzly Bears (1): 4 casts.
    """
    state = make_state(
        hand=[("al", "Allies at Last")],
        battlefield=lands("Forest", 1) + [("hada", "Hada Freeblade"), ("kaz", "Kazandu Blademaster")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "al")
    assert sorted(c.targets[0].targets for c in found) == [(), ("hada",), ("hada", "kaz"), ("kaz",)]
    assert {str(c.total_cost) for c in found} == {"{G}"}
