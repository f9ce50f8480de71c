"""Keywords that change how an instant or sorcery is cast: gift (CR 702.174), and more below.

Gift: "As an additional cost to cast this spell, you may choose an opponent" (CR 702.174a); the opponent
chosen is a choice of the cast (a cast record's ``gift_recipient``), and text that happens "if the gift was
promised" has its targets chosen only then (CR 702.174k, 702.174m). Counts are worked out by hand; each
scenario runs on every backend.
"""

from __future__ import annotations

import json

import pytest

from models.cast import Cast
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
