"""Tests of solver.rules.splice: which cards may be spliced, and in which order (CR 702.47).

Every count is worked out by hand from the rules; the arithmetic is in a
comment next to it. Each scenario runs on both backends (``casts`` fixture).
"""

from __future__ import annotations

import json
import math

import pytest

from models.cast import Cast, TargetChoice
from solver.legal import is_legal_cast, legal_casts, why_illegal


def ray_target(source: str, *targets: str) -> TargetChoice:
    """The choice for Glacial Ray's one instance of "any target"."""
    return TargetChoice(source, None, 0, 0, "any target", tuple(sorted(targets)))


@pytest.mark.parametrize(
    ("host", "host_card", "expected"),
    [
        # Opt is an instant but not Arcane: Glacial Ray can't be spliced -> alone only = 1.
        ("opt", "Opt", 1),
        # Reach Through Mists is Arcane: alone 1 + Ray spliced x {P1, P2} 2 = 3.
        ("mists", "Reach Through Mists", 3),
    ],
)
def test_splice_onto_arcane_needs_an_arcane_spell(make_state, casts, host, host_card, expected):
    """CR 702.47a: "Splice onto Arcane" adds the card only to a spell with the Arcane subtype."""
    state = make_state(
        hand=[(host, host_card), ("ray", "Glacial Ray")],
        battlefield=[("isl", "Island"), ("m1", "Mountain"), ("m2", "Mountain")],
    )
    found = casts(state, host)
    assert len(found) == expected
    assert all(cast.splices in ((), ("ray",)) for cast in found)


def test_splice_onto_instant_or_sorcery_reaches_a_non_arcane_instant(make_state, casts):
    """CR 702.47a: Splicer's Skill ("Splice onto instant or sorcery") may be spliced onto Opt."""
    state = make_state(
        hand=[("opt", "Opt"), ("skill", "Splicer's Skill")],
        battlefield=[("isl", "Island"), ("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains"), ("p4", "Plains")],
    )
    found = casts(state, "opt")
    # Opt alone {U} 1 + Skill spliced {U}+{3}{W} = 5 mana, Island + 4 Plains 1 = 2.
    assert len(found) == 2
    assert {cast.splices for cast in found} == {(), ("skill",)}
    spliced = next(cast for cast in found if cast.splices)
    assert str(spliced.total_cost) == "{3}{W}{U}"


def test_splice_onto_instant_or_sorcery_not_onto_a_creature_spell(make_state, casts):
    """CR 702.47a: a creature spell is neither an instant nor a sorcery: nothing is spliced onto it."""
    state = make_state(
        hand=[("bears", "Grizzly Bears"), ("skill", "Splicer's Skill")],
        battlefield=[
            ("f1", "Forest"),
            ("f2", "Forest"),
            ("p1", "Plains"),
            ("p2", "Plains"),
            ("p3", "Plains"),
            ("p4", "Plains"),
        ],
    )
    # Bears alone {1}{G}: 1; the mana for the splice ({3}{W}) is there but the quality is not.
    assert {cast.splices for cast in casts(state, "bears")} == {()}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # One Ray: alone x {P1, P2} = 2; it is on the stack, so never spliced onto itself.
        ([("r1", "Glacial Ray")], 2),
        # Two Rays, casting r1: alone 2 + r2 spliced (own target x host target) 2 x 2 = 6.
        ([("r1", "Glacial Ray"), ("r2", "Glacial Ray")], 6),
    ],
)
def test_a_card_is_never_spliced_onto_itself(make_state, casts, hand, expected):
    """CR 702.47a, 601.2a: the card being cast is on the stack, not in hand, so it can't splice onto itself."""
    state = make_state(hand=hand, battlefield=[(f"m{i}", "Mountain") for i in range(4)])
    found = casts(state, "r1")
    assert len(found) == expected
    assert all("r1" not in cast.splices for cast in found)
    assert why_illegal(state, Cast("r1", "Glacial Ray", splices=("r1",), targets=(ray_target("r1", "P2"),)))


def test_two_copies_of_a_card_are_two_splice_choices_in_either_order(make_state, casts):
    """CR 702.47b: two Glacial Rays are two cards to splice, and their order is the caster's choice."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("ray1", "Glacial Ray"), ("ray2", "Glacial Ray")],
        battlefield=[("isl", "Island")] + [(f"m{i}", "Mountain") for i in range(4)],
    )
    found = casts(state, "mists")
    # No creatures: a Ray's "any target" is P1 or P2.
    # alone 1 + ray1 2 + ray2 2 + (2 orders x 2 targets x 2 targets) 8 = 13;
    # both spliced cost {U}+{1}{R}+{1}{R} = 5 = Island + 4 Mountains.
    assert len(found) == 1 + 2 + 2 + 2 * 2 * 2 == 13
    assert sum(1 for cast in found if cast.splices == ("ray1", "ray2")) == 4
    assert sum(1 for cast in found if cast.splices == ("ray2", "ray1")) == 4


# Splice cards without targets, so each subset and order of them is exactly one cast.
NO_TARGET_SPLICES = [
    ("ritual", "Desperate Ritual"),  # {1}{R}
    ("surge", "Vital Surge"),  # {1}{G}
    ("visit", "Spiritual Visit"),  # {W}
    ("ever", "Evermind"),  # {1}{U}
]


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_splice_order_counts_k_factorial(make_state, casts, k):
    """CR 702.47b: with k cards spliced, each of the k! orders of their texts is a different cast."""
    lands = [("i1", "Island"), ("i2", "Island"), ("mtn", "Mountain"), ("for", "Forest")]
    lands += [(f"p{i}", "Plains") for i in range(4)]
    # 8 lands pay Reach {U} + all four splices {1}{R}+{1}{G}+{W}+{1}{U}: 2U+R+G+W+3 = 8 mana.
    state = make_state(hand=[("mists", "Reach Through Mists")] + NO_TARGET_SPLICES[:k], battlefield=lands)
    found = casts(state, "mists")
    # sum over j spliced of C(k, j) sets x j! orders: k=0 1, k=1 2, k=2 5, k=3 16, k=4 65.
    expected = sum(math.comb(k, j) * math.factorial(j) for j in range(k + 1))
    assert len(found) == expected == [1, 2, 5, 16, 65][k]
    assert sum(1 for cast in found if len(cast.splices) == k) == math.factorial(k)


@pytest.mark.parametrize("shroud_creature", ["Humble Budoka", "Kodama of the North Tree"])
def test_no_legal_target_means_no_splice(make_state, casts, shroud_creature):
    """CR 702.47b: Kodama's Might can't be spliced when its "target creature" has no legal choice (shroud)."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("might", "Kodama's Might")],
        battlefield=[("isl", "Island"), ("for", "Forest")],
        opponent=[("shroud", shroud_creature)],
    )
    # The only creature has shroud (CR 702.18a): Reach alone = 1.
    assert len(casts(state, "mists")) == 1
    reasons = why_illegal(state, Cast("mists", "Reach Through Mists", splices=("might",)))
    assert "CR 702.47b" in {reason.rule for reason in reasons}


def test_two_target_lands_with_one_land_means_no_splice(make_state, casts):
    """CR 702.47b, 115.3: Shifting Borders needs two different lands; with one land it can't be spliced."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("borders", "Shifting Borders")],
        battlefield=[("isl", "Island")],
        mana_pool={"P1": "{U}{C}{C}{C}"},
    )
    # Mana for both ({U} + {3}{U} = Island + pool) but a single land in play:
    # "two target lands" can't be chosen, so Borders can't be spliced: Reach alone = 1.
    assert len(casts(state, "mists")) == 1


@pytest.mark.parametrize(
    ("creature", "expected", "creature_targetable"),
    [
        # Silver Knight has protection from red; the spell is blue Reach Through Mists:
        # alone 1 + Ray x {P1, P2, knight} 3 = 4.
        ("Silver Knight", 4, True),
        # Yavimaya Barbarian has protection from blue: alone 1 + Ray x {P1, P2} 2 = 3.
        ("Yavimaya Barbarian", 3, False),
    ],
)
def test_spliced_text_is_checked_against_the_hosts_colour(make_state, casts, creature, expected, creature_targetable):
    """CR 702.47c: spliced Glacial Ray is part of a blue spell: pro-red doesn't stop it, pro-blue does."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("ray", "Glacial Ray")],
        battlefield=[("isl", "Island"), ("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("c", creature)],
    )
    found = casts(state, "mists")
    assert len(found) == expected
    at_creature = Cast("mists", "Reach Through Mists", splices=("ray",), targets=(ray_target("ray", "c"),))
    assert (at_creature in found) is creature_targetable
    rules = {reason.rule for reason in why_illegal(state, at_creature)}
    assert rules == (set() if creature_targetable else {"CR 702.16b"})


def test_spliced_green_text_on_a_blue_host_targets_a_pro_green_creature(make_state, casts, card):
    """CR 702.47c: Kodama's Might spliced onto blue Reach may target Mirran Crusader (pro black and green)."""
    crusader = card(
        "Mirran Crusader",
        "{1}{W}{W}",
        "Creature — Human Knight",
        "Double strike, protection from black and from green",
        power="2",
        toughness="2",
    )
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("might", "Kodama's Might")],
        battlefield=[("isl", "Island"), ("for", "Forest")],
        opponent=[("crusader", crusader)],
    )
    # Reach alone 1 + Might spliced -> Crusader 1 = 2; Might cast alone (green) has no target: 0.
    assert len(casts(state, "mists")) == 2
    assert len(casts(state, "might")) == 0


def test_host_and_spliced_text_may_target_the_same_creature(make_state, casts):
    """CR 115.3, 601.2c (INTERACTIONS A6): each instance of "target" may choose the same object."""
    state = make_state(
        hand=[("might", "Kodama's Might"), ("ray", "Glacial Ray")],
        battlefield=[("for", "Forest"), ("m1", "Mountain"), ("m2", "Mountain"), ("bears", "Grizzly Bears")],
    )
    found = casts(state, "might")
    # Might -> bears (the only creature) x (no splice 1 + Ray x {P1, P2, bears} 3) = 4.
    assert len(found) == 4
    both = Cast(
        "might",
        "Kodama's Might",
        splices=("ray",),
        targets=(TargetChoice("might", None, 0, 0, "target creature", ("bears",)), ray_target("ray", "bears")),
    )
    assert both in found
    assert is_legal_cast(state, both)


@pytest.mark.parametrize(
    ("extra_hand", "expected"),
    [
        # Only Ray besides the host: alone discarding Ray 1 + Ray spliced ({R}+{1}{R} = 3 Mountains)
        # x {P1, P2}, discarding that same Ray 2 = 3.
        ([], 3),
        # Plus a Mountain card: alone x 2 discards 2 + spliced x 2 targets x 2 discards 4 = 6.
        ([("mcard", "Mountain")], 6),
    ],
)
def test_the_spliced_card_may_be_the_discarded_card(make_state, casts, card, extra_hand, expected):
    """CR 702.47a, 601.2h (INTERACTIONS A1): the spliced card stays in hand and may pay the discard cost."""
    draw = card(
        "Arcane Discard Draw",
        "{R}",
        "Instant — Arcane",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
    )
    state = make_state(
        hand=[("draw", draw), ("ray", "Glacial Ray")] + extra_hand,
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain")],
    )
    found = casts(state, "draw")
    assert len(found) == expected
    spliced_and_discarded = Cast(
        "draw", "Arcane Discard Draw", splices=("ray",), targets=(ray_target("ray", "P2"),), discards=("ray",)
    )
    assert spliced_and_discarded in found


@pytest.mark.parametrize(
    ("mountains", "expected"),
    [
        (0, 1),  # free Reach alone 1; Ritual's {1}{R} unpaid -> 1
        (1, 1),  # one Mountain can't pay {1}{R} -> 1
        (2, 2),  # alone 1 + Ritual spliced, paying {1}{R} 1 = 2
    ],
)
def test_splice_cost_is_paid_when_cast_without_paying_mana_cost(make_state, casts, mountains, expected):
    """CR 118.9d, 702.47a (INTERACTIONS A9): only the host's mana cost is waived; the splice cost is paid."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("ritual", "Desperate Ritual")],
        battlefield=[(f"m{i}", "Mountain") for i in range(mountains)],
    )
    found = casts(state, "mists", without_paying_mana_cost=True)
    assert len(found) == expected
    assert all(cast.without_paying_mana_cost for cast in found)
    assert {str(cast.total_cost) for cast in found if cast.splices} <= {"{1}{R}"}


def test_mana_value_stays_the_hosts(make_state, casts):
    """CR 202.3, 702.47c (INTERACTIONS A10): splicing adds to the total cost, never to the mana value."""
    state = make_state(
        hand=[("might", "Kodama's Might"), ("ray", "Glacial Ray")],
        battlefield=[("for", "Forest"), ("m1", "Mountain"), ("m2", "Mountain"), ("bears", "Grizzly Bears")],
    )
    found = casts(state, "might")
    # Kodama's Might {G}: mana value 1 with or without Ray ({G} + {1}{R} = total {1}{R}{G}).
    assert {cast.mana_value for cast in found} == {1}
    assert {str(cast.total_cost) for cast in found if cast.splices} == {"{1}{R}{G}"}


def test_evermind_is_spliced_though_it_cannot_be_cast(make_state, casts):
    """CR 118.6, 702.47a (INTERACTIONS A15): Evermind has no mana cost but may be spliced for {1}{U}."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("ever", "Evermind")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("i3", "Island")],
    )
    # Reach alone 1 + Evermind spliced ({U}+{1}{U} = 3 Islands) 1 = 2; Evermind itself 0.
    assert len(casts(state, "mists")) == 2
    assert len(casts(state, "ever")) == 0


def test_a_sorcery_is_spliced_at_instant_speed(make_state, casts):
    """CR 702.47a, 307.1: splicing Splicer's Skill onto Opt at P2's end step is not casting the sorcery."""
    state = make_state(
        hand=[("opt", "Opt"), ("skill", "Splicer's Skill")],
        battlefield=[("isl", "Island"), ("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains"), ("p4", "Plains")],
        active_player="P2",
        priority="P1",
        phase="end",
    )
    # Opt alone 1 + Skill spliced 1 = 2; Splicer's Skill cast on P2's turn 0.
    assert len(casts(state, "opt")) == 2
    assert len(casts(state, "skill")) == 0


@pytest.mark.parametrize(
    ("splices", "rule"),
    [
        (("gray",), "CR 702.47a"),  # a Glacial Ray in the graveyard, not in hand
        (("opray",), "CR 702.47a"),  # a Glacial Ray in the opponent's hand
        (("opt",), "CR 702.47a"),  # Opt has no splice ability
        (("mists",), "CR 702.47a"),  # the spell itself: it is on the stack
        (("ray", "ray"), "CR 702.47b"),  # the same card twice
    ],
)
def test_why_illegal_names_the_splice_rule(make_state, splices, rule):
    """CR 702.47a-b: a splice of a card not in hand, without splice, the spell itself, or twice is illegal."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("ray", "Glacial Ray"), ("opt", "Opt")],
        battlefield=[("isl", "Island")] + [(f"m{i}", "Mountain") for i in range(4)],
        objects=[
            {"id": "gray", "card": "Glacial Ray", "zone": "graveyard", "owner": "P1"},
            {"id": "opray", "card": "Glacial Ray", "zone": "hand", "owner": "P2"},
        ],
    )
    targets = tuple(ray_target(s, "P2") for s in dict.fromkeys(splices) if s in ("ray", "gray", "opray"))
    cast = Cast("mists", "Reach Through Mists", splices=splices, targets=targets)
    reasons = why_illegal(state, cast)
    assert rule in {reason.rule for reason in reasons}
    assert cast not in legal_casts(state, "mists")
    assert not is_legal_cast(state, cast)


def test_cast_json_round_trip_stays_legal(make_state, casts):
    """CR 601.2b-c: a cast written as a jsonl line and read back is the same legal cast."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("ray1", "Glacial Ray"), ("ray2", "Glacial Ray")],
        battlefield=[("isl", "Island")] + [(f"m{i}", "Mountain") for i in range(4)],
    )
    found = casts(state, "mists")
    assert len(found) == 13  # as in the two-copies test: 1 + 2 + 2 + 2*2*2
    view = legal_casts(state, "mists")
    for cast in found:
        line = json.dumps(cast.to_json())
        back = Cast.from_json(json.loads(line))
        assert back == cast
        assert back in view
        assert is_legal_cast(state, back)
        # total_cost and mana_value may be left out: they follow from the choices.
        short = {k: v for k, v in json.loads(line).items() if k not in ("total_cost", "mana_value")}
        assert Cast.from_json(short) in view
