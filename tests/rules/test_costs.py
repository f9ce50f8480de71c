"""Tests of solver.rules.costs: total cost, payment, discards (CR 601.2f-h, 118, 202.3, 305.6).

Every count is worked out by hand with the arithmetic in a comment; each
scenario runs on both backends. How mana is paid is not a choice that tells
casts apart: a cast is legal iff some payment exists.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from models.cast import Cast, TargetChoice
from solver.legal import legal_casts, why_illegal
from tests.rules.conftest import older_text

RAY = [("ray", "Glacial Ray")]
MISTS_AND_RAY = [("mists", "Reach Through Mists"), ("ray", "Glacial Ray")]


@pytest.fixture
def discard_draw(card):
    """A made-up Arcane instant {R} with a discard cost (examples/case11)."""
    return card("Arcane Discard Draw", "{R}", "Instant — Arcane",
                "As an additional cost to cast this spell, discard a card.\nDraw two cards.")


@pytest.mark.parametrize(
    ("lands", "expected"),
    [
        ([("i", "Island"), ("f", "Forest")], 0),     # no red source for {R}
        ([("m", "Mountain")], 0),                     # {R} but nothing for {1}
        ([("m", "Mountain"), ("f", "Forest")], 2),    # {1} by green: P1 or P2
        ([("m", "Mountain"), ("i", "Island")], 2),    # {1} by blue
        ([("ring", "Sol Ring")], 0),                  # {C}{C}: no {R}
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
    ("mountains", "mists", "ray"),
    [
        # Island + 3 Mountains. Reach alone {1}{U} 1 + Reach+Ray {U}+{1}{R}+{1} = 4 mana
        # x {P1, P2, Thalia} 3 -> 4. Ray {2}{R} x 3 -> 3.
        (3, 4, 3),
        # Island + 2 Mountains: the splice costs 4 > 3 -> Reach 1; Ray {2}{R} = 3 mana -> 3.
        (2, 1, 3),
    ],
)
def test_thalia_taxes_noncreature_spells(make_state, casts, mountains, mists, ray):
    """CR 601.2f: Thalia's "Noncreature spells cost {1} more" adds {1} to the total cost."""
    state = make_state(
        hand=MISTS_AND_RAY,
        battlefield=[("i", "Island")] + [(f"m{i}", "Mountain") for i in range(mountains)],
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
    )
    assert len(casts(state, "mists")) == mists
    assert len(casts(state, "ray")) == ray


@pytest.mark.parametrize(
    ("mountains", "expected"),
    [
        # Targets {P1, P2, Thalia} = 3 per Ray. Costs with the tax once: alone {1}{U} 2,
        # one Ray {2}{U}{R} 4, two Rays {3}{U}{R}{R} 6 (taxed per card it would be 7).
        (4, 1 + 2 * 3),              # 5 mana: alone 1 + one Ray 6 = 7
        (5, 1 + 2 * 3 + 2 * 3 * 3),  # 6 mana: + two Rays in 2 orders x 3 x 3 = 18 -> 25
    ],
)
def test_thalia_tax_is_applied_once_to_the_total(make_state, casts, mountains, expected):
    """CR 601.2f (INTERACTIONS A11): a cost increase applies once to the whole total, not to each splice."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("r1", "Glacial Ray"), ("r2", "Glacial Ray")],
        battlefield=[("i", "Island")] + [(f"m{i}", "Mountain") for i in range(mountains)],
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
    )
    found = casts(state, "mists")
    assert len(found) == expected
    assert {str(c.total_cost) for c in found if len(c.splices) == 2} <= {"{3}{U}{R}{R}"}


def test_thalia_does_not_tax_creature_spells(make_state, casts):
    """CR 601.2f: Thalia taxes noncreature spells only: Grizzly Bears {1}{G} with 2 Forests is castable."""
    state = make_state(hand=[("bears", "Grizzly Bears")], battlefield=[("f1", "Forest"), ("f2", "Forest")],
                       opponent=[("thalia", "Thalia, Guardian of Thraben")])
    found = casts(state, "bears")
    assert len(found) == 1
    assert str(next(iter(found)).total_cost) == "{1}{G}"


@pytest.mark.parametrize(("mountains", "expected"), [(2, 0), (3, 3)])
def test_thalia_taxes_her_controllers_spells_too(make_state, casts, mountains, expected):
    """CR 601.2f: "Noncreature spells cost {1} more" applies to every player's spells, Thalia's controller's too."""
    state = make_state(hand=RAY, battlefield=[(f"m{i}", "Mountain") for i in range(mountains)]
                       + [("thalia", "Thalia, Guardian of Thraben")])
    # Ray costs {2}{R} = 3: 2 Mountains 0; 3 Mountains -> P1, P2, Thalia = 3.
    assert len(casts(state, "ray")) == expected


@pytest.mark.parametrize(
    ("pool", "lands", "expected"),
    [
        ({"P1": "{R}"}, [("m", "Mountain")], 2),   # pool {R} + Mountain pays {1}{R}
        ({"P1": "{R}"}, [], 0),                    # one mana for a 2-mana cost
        ({"P1": "{R}{R}"}, [], 2),                 # the pool alone
        ({"P1": "{C}{R}"}, [], 2),                 # colourless pays {1}
        ({"P2": "{R}"}, [("m", "Mountain")], 0),   # the opponent's pool is not P1's mana
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
        ([], [("m1", "Mountain"), ("m2", "Mountain")], 0),                    # the opponent's lands
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
        ([("f", "Forest"), ("elves", "Llanowar Elves")], 1),                      # {T}: Add {G}
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
    ("others", "expected"),
    [
        ([], 0),  # nothing else in hand: the spell can't discard itself (it is on the stack)
        ([("x1", "Opt")], 1),
        ([("x1", "Opt"), ("x2", "Grizzly Bears"), ("x3", "Mountain")], 3),  # one cast per discarded card
    ],
)
def test_discard_cost_chooses_another_card_in_hand(make_state, casts, discard_draw, others, expected):
    """CR 601.2h, 118.10, 601.2a: "discard a card" is paid with another card in hand; each choice is a cast."""
    state = make_state(hand=[("draw", discard_draw)] + others, battlefield=[("m", "Mountain")])
    found = casts(state, "draw")
    assert len(found) == expected
    assert {cast.discards for cast in found} == {(object_id,) for object_id, _ in others}


@pytest.mark.parametrize(("others", "expected"), [(1, 0), (2, 1), (3, 3), (4, 6)])
def test_discard_two_cards_is_a_set_of_two_other_cards(make_state, casts, card, others, expected):
    """CR 601.2h, 118.10: "discard two cards" needs two different other cards; each pair is one cast."""
    spell = card("Discard Two Draw", "{R}", "Sorcery",
                 "As an additional cost to cast this spell, discard two cards.\nDraw three cards.")
    state = make_state(hand=[("spell", spell)] + [(f"x{i}", "Opt") for i in range(others)],
                       battlefield=[("m", "Mountain")])
    found = casts(state, "spell")
    # C(others, 2): 1 -> 0, 2 -> 1, 3 -> 3, 4 -> 6.
    assert len(found) == expected
    assert all(len(set(cast.discards)) == 2 and "spell" not in cast.discards for cast in found)


@pytest.mark.parametrize(
    ("discards", "rule"),
    [
        (("draw",), "CR 601.2a"),        # itself: it is on the stack
        ((), "CR 601.2h"),               # the discard cost left unpaid
        (("x1", "x2"), "CR 601.2h"),     # one card is discarded, not two
        (("m",), "CR 601.2h"),           # a Mountain on the battlefield is not a card in hand
    ],
)
def test_why_illegal_discard(make_state, discard_draw, discards, rule):
    """CR 601.2h: the discard cost is exactly one other card from the caster's hand."""
    state = make_state(hand=[("draw", discard_draw), ("x1", "Opt"), ("x2", "Grizzly Bears")],
                       battlefield=[("m", "Mountain")])
    cast = Cast("draw", "Arcane Discard Draw", discards=tuple(sorted(discards)))
    assert rule in {reason.rule for reason in why_illegal(state, cast)}
    assert cast not in legal_casts(state, "draw")


def test_discard_cost_written_with_the_card_name(make_state, casts):
    """CR 118.8, 601.2h, 201.5: Tormenting Voice's "discard a card" cost, written with its own name, is read."""
    state = make_state(hand=[("voice", "Tormenting Voice"), ("x1", "Opt"), ("x2", "Grizzly Bears")],
                       battlefield=[("m1", "Mountain"), ("m2", "Mountain")])
    # {1}{R} with 2 Mountains, discarding Opt or Grizzly Bears = 2.
    assert len(casts(state, "voice")) == 2


@pytest.mark.parametrize(
    ("lands", "free", "expected"),
    [
        ([("i1", "Island"), ("i2", "Island"), ("i3", "Island")], False, 0),  # no mana cost: unpayable
        ([], False, 0),
        ([("i1", "Island"), ("i2", "Island"), ("i3", "Island")], True, 1),   # the alternative cost
        ([], True, 1),
    ],
)
def test_a_card_with_no_mana_cost(make_state, casts, lands, free, expected):
    """CR 118.6, 118.6a: Evermind can't be cast by paying its (nonexistent) mana cost, only without paying it."""
    state = make_state(hand=[("ever", "Evermind")], battlefield=lands)
    found = casts(state, "ever", without_paying_mana_cost=free)
    assert len(found) == expected
    assert all(cast.mana_value == 0 for cast in found)  # CR 202.3a


def test_why_illegal_no_mana_cost_cites_118_6(make_state):
    """CR 118.6: the normal cast of Evermind is illegal because its cost can't be paid."""
    state = make_state(hand=[("ever", "Evermind")], battlefield=[("i1", "Island"), ("i2", "Island")])
    assert "CR 118.6" in {reason.rule for reason in why_illegal(state, Cast("ever", "Evermind"))}


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
    cast = Cast("mists", "Reach Through Mists", splices=("ray",),
                targets=(TargetChoice("ray", None, 0, 0, "any target", ("P2",)),))
    assert "CR 601.2h" in {reason.rule for reason in why_illegal(state, cast)}
    assert why_illegal(state, Cast("mists", "Reach Through Mists")) == ()


def test_sacrifice_cost_choices_and_the_sacrificed_target(make_state, casts, basics):
    """CR 601.2c before 601.2h, 701.21a: the creature Fling sacrifices may also be its target.

    Fling with two Bears: 4 targets (P1, P2, two Bears) x 2 to sacrifice = 8.
    """
    state = make_state(hand=[("fling", "Fling")], battlefield=basics("Mountain", 2)
                       + [("bear1", "Grizzly Bears"), ("bear2", "Grizzly Bears")])
    found = casts(state, "fling")
    assert len(found) == 8
    assert {cast.sacrifices for cast in found} == {("bear1",), ("bear2",)}
    assert any(cast.sacrifices == ("bear1",) and cast.targets[0].targets == ("bear1",) for cast in found)


def test_sacrifice_cost_needs_a_permanent_of_the_caster(make_state, casts, basics):
    """CR 701.21a: a player sacrifices only permanents they control: P2's Bears can't pay Fling's cost (0 casts)."""
    state = make_state(hand=[("fling", "Fling")], battlefield=basics("Mountain", 2),
                       opponent=[("bear", "Grizzly Bears")])
    assert casts(state, "fling") == set()
    cast = Cast("fling", "Fling", targets=(TargetChoice("fling", None, 1, 0, "any target", ("P2",)),),
                sacrifices=("bear",))
    assert "CR 701.21a" in {reason.rule for reason in why_illegal(state, cast)}


@pytest.mark.parametrize(("mountains", "free", "expected_x"), [
    (3, False, (0, 1, 2)),  # {X}{R} with 3 Mountains: R + X <= 3
    (1, False, (0,)),
    (3, True, (0,)),        # without paying its mana cost, X is 0 (CR 107.3b)
])
def test_x_is_announced_within_what_can_be_paid(make_state, casts, basics, mountains, free, expected_x):
    """CR 601.2b, 107.3a, 202.3e: each X of Disintegrate is its own cast, and its mana value is 1 + X.

    Disintegrate ({X}{R}): each X is its own cast, times 3 targets (P1, P2, the Bears); the spell's mana
    value on the stack is 1 + X.
    """
    state = make_state(hand=[("dis", "Disintegrate")], battlefield=basics("Mountain", mountains),
                       opponent=[("bear", "Grizzly Bears")])
    found = casts(state, "dis", without_paying_mana_cost=free)
    assert len(found) == 3 * len(expected_x)
    assert {cast.x for cast in found} == set(expected_x)
    assert all(cast.mana_value == 1 + cast.x for cast in found)
    if not free:
        assert {str(cast.total_cost) for cast in found if cast.x == 2} <= {"{2}{R}"}


def test_x_that_cannot_be_paid_is_explained(make_state, basics):
    """CR 601.2h: Braingeyser ({X}{U}{U}) with 4 Islands: X = 3 can't be paid; no X at all is not a cast either."""
    state = make_state(hand=[("geyser", "Braingeyser")], battlefield=basics("Island", 4))
    target = (TargetChoice("geyser", None, 0, 0, "target player", ("P1",)),)
    assert not why_illegal(state, Cast("geyser", "Braingeyser", targets=target, x=2))
    assert "CR 601.2h" in {r.rule for r in why_illegal(state, Cast("geyser", "Braingeyser", targets=target, x=3))}
    assert "CR 601.2b" in {r.rule for r in why_illegal(state, Cast("geyser", "Braingeyser", targets=target))}


@pytest.mark.parametrize(("lands", "expected"), [
    ({"Island": 3}, 1),               # {2}{U}: unkicked only; no target in the unkicked text
    ({"Island": 3, "Swamp": 2}, 3),   # + kicked ({1}{B} more): 'target player' (P1 or P2) chosen only then
])
def test_kicker_and_kicked_only_targets(make_state, casts, basics, lands, expected):
    """CR 702.33a, 702.33g: Probe's kicker is an optional additional cost; its target exists only if kicked."""
    battlefield = [land for name, count in lands.items() for land in basics(name, count)]
    state = make_state(hand=[("probe", "Probe")], battlefield=battlefield)
    found = casts(state, "probe")
    assert len(found) == expected
    assert all(bool(cast.targets) == bool(cast.times_paid("kicker")) for cast in found)
    assert all(cast.mana_value == 3 for cast in found)  # CR 202.3: kicker never counts


def test_kicker_adds_its_cost(make_state, casts, basics):
    """CR 702.33a, 601.2f: Dismantling Blow ({2}{W}, kicker {2}{U}) at Sol Ring or Bad Moon: 2 unkicked + 2 kicked."""
    state = make_state(hand=[("blow", "Dismantling Blow")], battlefield=basics("Plains", 5) + basics("Island", 1),
                       opponent=[("ring", "Sol Ring"), ("moon", "Bad Moon")])
    found = casts(state, "blow")
    assert len(found) == 4
    assert {str(cast.total_cost) for cast in found if cast.times_paid("kicker")} == {"{4}{W}{U}"}
    unkicked = next(c for c in found if not c.times_paid("kicker"))
    assert not why_illegal(state, unkicked._replace(additional_costs=(("kicker", 1),)))  # 6 lands pay {4}{W}{U}
    poor = make_state(hand=[("blow", "Dismantling Blow")], battlefield=basics("Plains", 3),
                      opponent=[("ring", "Sol Ring")])
    assert "CR 601.2h" in {r.rule for r in why_illegal(poor, unkicked._replace(additional_costs=(("kicker", 1),)))}


@pytest.mark.parametrize(("graveyard", "expected"), [
    ([("g1", "Grizzly Bears"), ("g2", "Silver Knight"), ("g3", "Opt")], 2),  # 1 target x 2 creature cards to exile
    ([("g3", "Opt")], 0),                                                    # no creature card: the cost can't be paid
])
def test_exile_a_creature_card_from_your_graveyard(make_state, casts, basics, graveyard, expected):
    """CR 601.2h, 118.10: which card Corpse Lunge's cost exiles is a choice: each is its own cast.

    Corpse Lunge's additional cost exiles a creature card from P1's graveyard.
    """
    objects = [{"id": i, "card": name, "zone": "graveyard", "owner": "P1"} for i, name in graveyard]
    objects.append({"id": "theirs", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P2"})
    state = make_state(hand=[("lunge", "Corpse Lunge")], battlefield=basics("Swamp", 3),
                       opponent=[("bear", "Grizzly Bears")], objects=objects)
    found = casts(state, "lunge")
    assert len(found) == expected
    assert all(cast.exiles in {("g1",), ("g2",)} for cast in found)


@pytest.mark.parametrize(
    ("sick", "granted", "expected"),
    [
        (False, [], 1),         # the Elves tap for {G}: Kodama's Might on the Elves, the only creature
        (True, [], 0),          # summoning sick: no {G}, nothing else makes mana
        (True, ["haste"], 1),   # haste lifts the rule
    ],
)
def test_summoning_sick_creature_makes_no_mana(make_state, casts, sick, granted, expected):
    """CR 302.6: a creature's {T} mana ability can't be activated while it is summoning sick, unless it has haste."""
    state = make_state(hand=[("might", "Kodama's Might")],
                       battlefield=[("elves", "Llanowar Elves", {"granted": granted})])
    elves = state.object("elves")
    state = replace(state, objects=tuple(replace(o, summoning_sick=sick) if o is elves else o for o in state.objects))
    assert len(casts(state, "might")) == expected


# ---------------------------------------------------------------- costs paid with objects (CR 601.2h, 118.10)
def _by_sets(found, field):
    return sorted(tuple(getattr(c, field)) for c in found)


def test_entwine_by_sacrificing_lands(make_state, casts):
    """CR 702.42a, 601.2h, 601.2g: lands tapped for mana may pay Betrayal of Flesh's entwine cost.

    Betrayal of Flesh entwined for "Sacrifice three lands": the lands tapped for mana may be sacrificed
    (mana abilities come before costs are paid).
    """
    swamps = [(f"s{i}", "Swamp") for i in range(6)]
    state = make_state(hand=[("betrayal", "Betrayal of Flesh")], battlefield=swamps,
                       opponent=[("bears", "Grizzly Bears")],
                       objects=[{"id": "giant", "card": "Hill Giant", "zone": "graveyard", "owner": "P1"}])
    found = casts(state, "betrayal")
    # Mode 1: bears (1). Mode 2: Hill Giant from P1's graveyard (1). Entwined: 1 * 1 * C(6, 3) = 20 sets of three
    # Swamps. 1 + 1 + 20 = 22; only entwined casts sacrifice.
    assert len(found) == 22
    entwined = [c for c in found if c.modes == (0, 1)]
    assert len(entwined) == 20 and all(len(c.sacrifices) == 3 for c in entwined)
    assert all(c.sacrifices == () for c in found if len(c.modes) == 1)


def test_escalate_by_tapping_creatures(make_state, casts):
    """CR 702.120a, 601.2h: Collective Effort taps an untapped creature of the caster's per mode beyond the first."""
    state = make_state(hand=[("effort", "Collective Effort")],
                       battlefield=[(f"p{i}", "Plains") for i in range(3)] + [
                           ("c1", "Grizzly Bears"), ("c2", "Grizzly Bears"), ("c3", "Grizzly Bears", {"tapped": True})],
                       opponent=[("wurm", "Craw Wurm"), ("moon", "Smoke")])
    found = casts(state, "effort")
    # Mode 1: Craw Wurm (power 6) = 1; mode 2: Smoke (an enchantment) = 1; mode 3: target player P1 or P2 = 2.
    # One mode: 1 + 1 + 2 = 4, nothing tapped. Two modes, tap c1 or c2 (c3 is tapped): {1,2} 1*1*2 = 2,
    # {1,3} 1*2*2 = 4, {2,3} 1*2*2 = 4 -> 10. Three modes, tap both: 1*1*2*1 = 2. 4 + 10 + 2 = 16.
    assert len(found) == 16
    assert {c.taps for c in found if len(c.modes) == 3} == {("c1", "c2")}


def test_a_creature_tapped_for_a_cost_makes_no_mana(make_state, casts):
    """CR 601.2g-h: Llanowar Elves tapped for mana can't also be tapped for escalate, and the reverse."""
    state = make_state(hand=[("effort", "Collective Effort")],
                       battlefield=[("p1", "Plains"), ("p2", "Plains"), ("elves", "Llanowar Elves"),
                                    ("bears", "Grizzly Bears")],
                       opponent=[("wurm", "Craw Wurm"), ("moon", "Smoke")])
    found = casts(state, "effort")
    # {1}{W}{W} needs the Elves' mana, so only the Bears can be tapped for escalate.
    # One mode: 4. Two modes tapping the Bears: 1 + 2 + 2 = 5. Three modes need two taps: 0. 4 + 5 = 9.
    assert len(found) == 9
    assert {c.taps for c in found} == {(), ("bears",)}


def test_splice_by_tapping_a_white_creature(make_state, casts):
    """CR 702.47a, 601.2h: a spliced card's cost taps a creature, and its text's target is chosen.

    Hundred-Talon Strike spliced onto Glacial Ray for "Tap an untapped white creature you control"; the
    spliced text's target is chosen as well.
    """
    state = make_state(hand=[("ray", "Glacial Ray"), ("strike", "Hundred-Talon Strike")],
                       battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("kami1", "Kami of Ancient Law"),
                                    ("kami2", "Kami of Ancient Law"), ("bears", "Grizzly Bears")])
    found = casts(state, "ray")
    # Ray's any target: P1, P2, kami1, kami2, bears = 5. Spliced: + target creature (3) and tap a white creature
    # (kami1 or kami2, 2): 5 * 3 * 2 = 30. 5 + 30 = 35. No mana is added to {1}{R}.
    assert len(found) == 35
    spliced = [c for c in found if c.splices]
    assert {c.taps for c in spliced} == {("kami1",), ("kami2",)} and all(str(c.total_cost) == "{1}{R}" for c in spliced)


def test_splice_by_sacrificing_mountains(make_state, casts):
    """CR 702.47a, 701.21: Torrent of Stone's "Sacrifice two Mountains" picks two of the caster's Mountains."""
    state = make_state(hand=[("ray", "Glacial Ray"), ("torrent", "Torrent of Stone")],
                       battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain"), ("f", "Forest")],
                       opponent=[("bears", "Grizzly Bears")])
    found = casts(state, "ray")
    # Ray: P1, P2, bears = 3. Spliced: Torrent's target creature (bears, 1) and two of three Mountains (3): 3*1*3 = 9.
    # 3 + 9 = 12; the Forest is not a Mountain.
    assert len(found) == 12
    assert {c.sacrifices for c in found if c.splices} == {("m1", "m2"), ("m1", "m3"), ("m2", "m3")}


def test_splice_by_returning_and_exiling(make_state, casts):
    """CR 702.47a: Veil of Secrecy returns a blue creature; Horobi's Whisper exiles four cards from the graveyard."""
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(5)]
    state = make_state(hand=[("ray", "Glacial Ray"), ("veil", "Veil of Secrecy"), ("whisper", "Horobi's Whisper")],
                       battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("s", "Swamp"),
                                    ("air", "Air Elemental")],
                       opponent=[("bears", "Grizzly Bears")], objects=graveyard)
    found = casts(state, "ray")
    # Ray's any target: P1, P2, air, bears = 4.
    # Veil: its target creature (air, bears: 2), return the blue Air Elemental (1): x2.
    # Whisper: "If you control a Swamp, destroy target nonblack creature." (air, bears: 2), exile 4 of 5 cards (5): x10.
    # none 4; Veil 4*2 = 8; Whisper 4*10 = 40; both, in either order: 4*2*10*2 = 160. 4 + 8 + 40 + 160 = 212.
    assert len(found) == 212
    assert {c.returns for c in found if "veil" in c.splices} == {("air",)}
    assert {len(c.exiles) for c in found if "whisper" in c.splices} == {4}


# ---------------------------------------------------------------- awaken (CR 702.113), an alternative cost (CR 118.9)
def test_awaken_is_an_alternative_cost_with_a_land_target(make_state, casts):
    """CR 702.113a-b, 118.9: Coastal Discovery's awaken cost adds a target; the mana value stays 4.

    Coastal Discovery ({3}{U}) or its awaken cost {5}{U}, which adds "target land you control"; the mana
    value stays 4 (CR 118.9c).
    """
    islands = [(f"i{i}", "Island") for i in range(6)]
    state = make_state(hand=[("discovery", "Coastal Discovery")], battlefield=islands,
                       opponent=[("theirs", "Forest")])
    found = casts(state, "discovery")
    # Normal cast: no target, 1. Awakened for {5}{U} (six Islands pay it): one of P1's six lands, 6. 1 + 6 = 7.
    assert len(found) == 7
    awakened = [c for c in found if c.alternative_cost == "awaken"]
    assert len(awakened) == 6 and {str(c.total_cost) for c in awakened} == {"{5}{U}"}
    assert {c.mana_value for c in found} == {4}


def test_awaken_needs_its_cost_and_never_with_another_alternative_cost(make_state, casts):
    """CR 702.113a, 118.9a: with five Islands only the normal cast; cast without paying its mana cost, no awaken."""
    state = make_state(hand=[("discovery", "Coastal Discovery")], battlefield=[(f"i{i}", "Island") for i in range(5)])
    # {5}{U} needs six mana: only the normal cast, 1.
    assert len(casts(state, "discovery")) == 1
    # Without paying its mana cost: one alternative cost only, so no awaken: 1.
    free = casts(state, "discovery", without_paying_mana_cost=True)
    assert len(free) == 1 and not any(c.alternative_cost == "awaken" for c in free)
    from models.cast import Cast
    from solver.legal import why_illegal

    free_awaken = Cast("discovery", "", alternative_cost="awaken", without_paying_mana_cost=True)
    rules = [r.rule for r in why_illegal(state, free_awaken, without_paying_mana_cost=True)]
    assert "CR 118.9a" in rules
    # asked without the permission, the free cast is illegal for that alone too: nothing grants it (CR 118.9)
    assert "CR 118.9" in [r.rule for r in why_illegal(state, free_awaken)]


def test_choices_a_cast_cannot_have_are_refused(make_state):
    """CR 601.2h, 702.113a: taps, returns or an awaken cost on a spell without such costs make a cast illegal."""
    from models.cast import Cast
    from solver.legal import legal_casts, why_illegal

    state = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m1", "Mountain"), ("m2", "Mountain"),
                                                                   ("bears", "Grizzly Bears")])
    legal = next(iter(legal_casts(state, "ray")))
    for changed in (legal._replace(taps=("bears",)), legal._replace(returns=("bears",)),
                    legal._replace(alternative_cost="awaken")):
        assert changed not in legal_casts(state, "ray")
        assert why_illegal(state, changed)
    assert legal in legal_casts(state, "ray") and isinstance(legal, Cast)


# ---------------------------------------------------------------- cost changes of permanents (CR 601.2f)
def test_arcane_spells_you_cast_cost_less(make_state, casts):
    """CR 601.2f: Long-Forgotten Gohei reduces its controller's Arcane spells only.

    Long-Forgotten Gohei makes its controller's Arcane spells cost {1} less: Glacial Ray ({1}{R}) for one
    Mountain; an opponent's Gohei does not.
    """
    mine = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m", "Mountain"), ("gohei", "Long-Forgotten Gohei")])
    # {1}{R} - {1} = {R}: any target P1 or P2 (the Gohei is no creature) = 2.
    found = casts(mine, "ray")
    assert len(found) == 2 and {str(c.total_cost) for c in found} == {"{R}"}
    theirs = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m", "Mountain")],
                        opponent=[("gohei", "Long-Forgotten Gohei")])
    assert len(casts(theirs, "ray")) == 0  # {1}{R} with one Mountain


def test_coloured_cost_increase(make_state, casts):
    """CR 601.2f: Alabaster Leech: white spells its controller casts cost {W} more."""
    two = make_state(hand=[("strike", "Hundred-Talon Strike")],
                     battlefield=[("p1", "Plains"), ("p2", "Plains"), ("leech", "Alabaster Leech")])
    # {W} + {W} = {W}{W}, two Plains; target creature: the Leech = 1.
    found = casts(two, "strike")
    assert len(found) == 1 and {str(c.total_cost) for c in found} == {"{W}{W}"}
    one = make_state(hand=[("strike", "Hundred-Talon Strike")],
                     battlefield=[("p1", "Plains"), ("leech", "Alabaster Leech")])
    assert len(casts(one, "strike")) == 0


def test_spells_your_opponents_cast_cost_more(make_state, casts):
    """CR 601.2f: Grand Arbiter Augustin IV makes its controller's opponents' spells cost {1} more."""
    state = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m1", "Mountain"), ("m2", "Mountain"),
                                                                   ("m3", "Mountain")],
                       opponent=[("arbiter", "Grand Arbiter Augustin IV")])
    found = casts(state, "ray")
    # {1}{R} + {1} = {2}{R}: P1, P2, the Arbiter = 3.
    assert len(found) == 3 and {str(c.total_cost) for c in found} == {"{2}{R}"}


def test_power_quality_with_an_anthem_is_unsupported(make_state):
    """CR 613.4: "Spirit creatures you control get +1/+1" is not applied: "with power 4 or greater" can't be judged."""
    import pytest

    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=[(f"p{i}", "Plains") for i in range(4)],
                       opponent=[("gohei", "Long-Forgotten Gohei"), ("bears", "Grizzly Bears")])
    with pytest.raises(UnsupportedRuleError, match="613.4"):
        legal_casts(state, "smite").count()


# ---------------------------------------------------------------- multikicker (CR 702.33c)
CHALICE = {"name": "Everflowing Chalice", "mana_cost": "{0}", "type_line": "Artifact",
           "oracle_text": "Multikicker {2} (You may pay an additional {2} any number of times as you cast this "
                          "spell.)\nEverflowing Chalice enters the battlefield with a charge counter on it for "
                          "each time it was kicked.\n{T}: Add {C} for each charge counter on Everflowing Chalice."}


def test_multikicker_any_number_of_times(make_state, casts):
    """CR 702.33c: each number of times Everflowing Chalice is kicked is its own cast.

    Everflowing Chalice ({0}, multikicker {2}) with seven Islands: kicked 0, 1, 2 or 3 times
    (3 * {2} = 6 <= 7 < 8): 4 casts.
    """
    state = make_state(hand=[("chalice", CHALICE)], battlefield=[(f"i{i}", "Island") for i in range(7)])
    found = casts(state, "chalice")
    kicks = sorted((c.times_paid("multikicker"), c.times_paid("multikicker") > 0, str(c.total_cost) or "{0}")
                   for c in found)
    assert kicks == [(0, False, "{0}"), (1, True, "{2}"), (2, True, "{4}"), (3, True, "{6}")]
    from solver.legal import why_illegal

    kicked_three_times = next(c for c in found if c.times_paid("multikicker") == 3)
    assert why_illegal(state, kicked_three_times._replace(additional_costs=(("multikicker", 4),)))


# ---------------------------------------------------------------- an alternative cost written on the card (CR 118.9)
def test_shoal_exiles_a_card_instead_of_paying(make_state, casts):
    """CR 118.9, 107.3: Blazing Shoal's X is the mana value of the red card it exiles.

    Blazing Shoal ({X}{R}{R}) cast by exiling a red card with mana value X from the hand: X is then that
    card's mana value, whatever mana is available.
    """
    state = make_state(hand=[("shoal", "Blazing Shoal"), ("giant", "Hill Giant"), ("bolt", "Lightning Bolt"),
                             ("bears", "Grizzly Bears")],
                       battlefield=[("m1", "Mountain"), ("m2", "Mountain")], opponent=[("theirs", "Grizzly Bears")])
    found = casts(state, "shoal")
    # Target creature: theirs = 1. Paying {X}{R}{R} with two Mountains: X = 0 only -> 1.
    # Exiling Hill Giant (red, mana value 4): X = 4 -> 1; Lightning Bolt (red, 1): X = 1 -> 1; Grizzly Bears is green.
    # 1 + 1 + 1 = 3.
    assert sorted((c.x, c.exiles, str(c.total_cost) or "{0}") for c in found) == [
        (0, (), "{R}{R}"), (1, ("bolt",), "{0}"), (4, ("giant",), "{0}")]
    assert {c.mana_value for c in found} == {2, 3, 6}  # CR 202.3e: X counts as announced: 0+2, 1+2, 4+2


def test_shoal_never_with_another_alternative_cost(make_state, casts):
    """CR 118.9a: cast without paying its mana cost, a Shoal can't also exile a card; X is 0 (CR 107.3b)."""
    state = make_state(hand=[("shoal", "Blazing Shoal"), ("giant", "Hill Giant")],
                       opponent=[("theirs", "Grizzly Bears")])
    free = casts(state, "shoal", without_paying_mana_cost=True)
    assert [(c.x, c.exiles) for c in free] == [(0, ())]


def test_wrong_objects_for_a_cost_get_their_reason():
    """CR 118.10, 601.2a, 701.21a: a land given twice, an opponent's creature, the spell itself as a discard."""
    from models.io.state_json import load_state
    from solver.legal import legal_casts, why_illegal
    from tests.conftest import ROOT

    state = load_state(ROOT / "examples/rules17-betrayal-entwine-sacrifice.json")
    entwined = next(c for c in legal_casts(state, "betrayal") if c.sacrifices)
    twice = why_illegal(state, entwined._replace(sacrifices=("swa1", "swa1", "swa2")))
    theirs = why_illegal(state, entwined._replace(sacrifices=("bears", "swa1", "swa2")))
    assert [r.rule for r in twice] == ["CR 118.10"] and [r.rule for r in theirs] == ["CR 701.21a"]
    brutality = load_state(ROOT / "examples/rules08-collective-brutality.json")
    spell = next(o.id for o in brutality.hand("P1") if o.name == "Collective Brutality")
    escalated = next(c for c in legal_casts(brutality, spell) if len(c.discards) == 1)
    itself = why_illegal(brutality, escalated._replace(discards=(spell,)))
    assert [r.rule for r in itself] == ["CR 601.2a"]


# ---------------------------------------------------------------- overload (CR 702.96), an alternative cost
def test_overload_replaces_target_with_each(make_state, casts):
    """CR 702.96a-b: Weapon Surge targets one creature, or is overloaded with no target.

    Weapon Surge ({R}, overload {1}{R}): one creature P1 controls as its target, or overloaded with no
    target at all.
    """
    state = make_state(hand=[("surge", "Weapon Surge")], battlefield=[("m1", "Mountain"), ("m2", "Mountain"),
                                                                      ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
                       opponent=[("theirs", "Grizzly Bears")])
    found = casts(state, "surge")
    # {R}: target creature you control, b1 or b2 = 2; overloaded for {1}{R}: no target = 1. 2 + 1 = 3.
    assert sorted((c.alternative_cost == "overload", str(c.total_cost), len(c.targets)) for c in found) == [
        (False, "{R}", 1), (False, "{R}", 1), (True, "{1}{R}", 0)]
    # with one Mountain only the targeted cast; with no creature of P1's only the overloaded one
    assert len(casts(make_state(hand=[("surge", "Weapon Surge")], battlefield=[("m1", "Mountain"),
                                                                               ("b1", "Grizzly Bears")]), "surge")) == 1
    alone = casts(make_state(hand=[("surge", "Weapon Surge")], battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
                             opponent=[("theirs", "Grizzly Bears")]), "surge")
    assert [(c.alternative_cost == "overload", len(c.targets)) for c in alone] == [(True, 0)]


def test_overload_with_spliced_text_is_unsupported(make_state):
    """CR 702.96a, 702.47c, 612: overload and splice both change the spell's text; which applies first is not decided.

    Weapon Surge (an instant with overload) with Splicer's Skill (splice onto instant or sorcery) in hand:
    whether the spliced "target" reads "each" too is not modelled, so the cast is unsupported, never guessed.
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    state = make_state(hand=[("surge", "Weapon Surge"), ("skill", "Splicer's Skill")],
                       battlefield=[("m1", "Mountain"), ("b1", "Grizzly Bears")])
    with pytest.raises(UnsupportedRuleError, match="removes targets with spliced text"):
        legal_casts(state, "surge")


@pytest.mark.parametrize("act", [
    # Current wording: "This spell costs {1} less to cast for each creature on the battlefield."
    pytest.param("Blasphemous Act", id="current"),
    # Older wording: "Blasphemous Act costs {1} less to cast for each creature on the battlefield."
    pytest.param(older_text("Blasphemous Act"), id="older"),
])
def test_spell_that_costs_less_for_each_creature(make_state, casts, act):
    """CR 601.2f, 118.7a: Blasphemous Act costs {1} less per creature, never less than its {R}.

    Blasphemous Act ({8}{R}) costs {1} less for each creature on the battlefield.
    """
    four_mountains = [(f"m{i}", "Mountain") for i in range(4)]
    five = make_state(hand=[("act", act)], battlefield=four_mountains + [("b0", "Grizzly Bears")],
                      opponent=[(f"o{i}", "Grizzly Bears") for i in range(4)])
    # 5 creatures: {8}{R} - {5} = {3}{R}, four Mountains pay it: 1 cast (no targets).
    assert [str(c.total_cost) for c in casts(five, "act")] == ["{3}{R}"]
    four = make_state(hand=[("act", act)], battlefield=four_mountains,
                      opponent=[(f"o{i}", "Grizzly Bears") for i in range(4)])
    assert casts(four, "act") == set()  # {4}{R} needs five mana
    many = make_state(hand=[("act", act)], battlefield=[("m0", "Mountain")],
                      opponent=[(f"o{i}", "Grizzly Bears") for i in range(12)])
    assert [str(c.total_cost) for c in casts(many, "act")] == ["{R}"]  # 12 creatures: generic to 0, {R} stays


def test_discard_a_card_of_a_type(make_state, casts):
    """CR 118.8, 601.2h: Magmatic Insight's "discard a land card": one of the land cards in hand."""
    state = make_state(hand=[("insight", "Magmatic Insight"), ("mcard", "Mountain"), ("fcard", "Forest"),
                             ("bcard", "Grizzly Bears")], battlefield=[("m1", "Mountain")])
    # Land cards in hand: Mountain, Forest = 2 (not the Bears).
    assert sorted(c.discards for c in casts(state, "insight")) == [("fcard",), ("mcard",)]


def test_sacrifice_a_creature_or_land(make_state, casts):
    """CR 701.21, 601.2h: Merciless Resolve's "sacrifice a creature or land": any of P1's creatures and lands."""
    state = make_state(hand=[("resolve", "Merciless Resolve")],
                       battlefield=[("s1", "Swamp"), ("s2", "Swamp"), ("s3", "Swamp"), ("bears", "Grizzly Bears"),
                                    ("ring", "Sol Ring")], opponent=[("theirs", "Grizzly Bears")])
    # Swamps (tapped for mana, still sacrificable) 3 + the Bears 1 = 4; not Sol Ring, not P2's Bears.
    assert sorted(c.sacrifices for c in casts(state, "resolve")) == [("bears",), ("s1",), ("s2",), ("s3",)]


def test_any_number_of_objects_as_an_additional_cost(make_state, casts):
    """CR 118.8, 601.2h: Devouring Greed's "you may sacrifice any number of Spirits": every set of P1's Spirits."""
    state = make_state(hand=[("greed", "Devouring Greed")],
                       battlefield=[(f"s{i}", "Swamp") for i in range(4)] + [
                           ("k1", "Kami of Ancient Law"), ("k2", "Kami of Ancient Law"), ("bears", "Grizzly Bears")])
    found = casts(state, "greed")
    # target player: P1 or P2 = 2; Spirits to sacrifice: any subset of {k1, k2} = 4 (the Bears is no Spirit). 2 * 4 = 8.
    assert len(found) == 8 and {c.sacrifices for c in found} == {(), ("k1",), ("k2",), ("k1", "k2")}


def test_tap_any_number_of_creatures_keeps_mana_creatures_honest(make_state, casts):
    """CR 118.8, 601.2g-h: a creature tapped for mana can't also be tapped for Burn at the Stake's cost.

    Burn at the Stake ({2}{R}{R}{R}) taps any number of untapped creatures; Llanowar Elves tapped for
    mana can't also be tapped for the cost.
    """
    state = make_state(hand=[("burn", "Burn at the Stake")],
                       battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [
                           ("elves", "Llanowar Elves"), ("bears", "Grizzly Bears")])
    found = casts(state, "burn")
    # Five mana are needed: the four Mountains and the Elves, so only the Bears may be tapped: {} or {bears} = 2.
    # Any target (CR 115.4: a creature, player, planeswalker or battle; no planeswalker or battle here):
    # P1, P2, elves, bears = 4. 2 * 4 = 8.
    assert len(found) == 8 and {c.taps for c in found} == {(), ("bears",)}


def test_sacrifice_all_creatures(make_state, casts):
    """CR 118.8: Soulblast's "sacrifice all creatures you control" is no choice: every creature P1 controls."""
    state = make_state(hand=[("blast", "Soulblast")], battlefield=[(f"m{i}", "Mountain") for i in range(6)] + [
        ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")], opponent=[("theirs", "Grizzly Bears")])
    found = casts(state, "blast")
    # any target (CR 115.4; no planeswalker or battle here): P1, P2, b1, b2, theirs = 5; the sacrifice is always
    # {b1, b2}.
    assert len(found) == 5 and {c.sacrifices for c in found} == {("b1", "b2")}


def test_pay_x_life(make_state, casts):
    """CR 119.4, 119.4b: Bond of Agony ({X}{B}, pay X life): X up to the mana, and no more than P1's life."""
    lands = [(f"s{i}", "Swamp") for i in range(6)]
    rich = make_state(hand=[("bond", "Bond of Agony")], battlefield=lands)
    # Six Swamps: {X}{B} allows X = 0..5; at 20 life all of them: 6 casts.
    assert sorted(c.x for c in casts(rich, "bond")) == [0, 1, 2, 3, 4, 5]
    poor = make_state(hand=[("bond", "Bond of Agony")], battlefield=lands, life={"P1": 3})
    # At 3 life, X = 0..3 (0 life can always be paid): 4 casts.
    assert sorted(c.x for c in casts(poor, "bond")) == [0, 1, 2, 3]


def test_exile_x_cards(make_state, casts):
    """CR 601.2b, 118.8: Harvest Pyre's "exile X cards from your graveyard": every set of P1's graveyard cards."""
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(3)]
    state = make_state(hand=[("pyre", "Harvest Pyre")], battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
                       opponent=[("theirs", "Grizzly Bears")], objects=graveyard)
    # target creature: theirs = 1; cards exiled: any subset of three, 2^3 = 8. 1 * 8 = 8.
    assert len(casts(state, "pyre")) == 8


def test_any_number_beside_a_splice_sacrifice(make_state, casts):
    """CR 118.10, 702.47a: each object pays one cost, the splice cost or the spell's own.

    Devouring Greed ("you may sacrifice any number of Spirits") with Torrent of Stone spliced ("Sacrifice
    two Mountains"): the Mountains pay the splice cost, the Spirits the other.
    """
    state = make_state(hand=[("greed", "Devouring Greed"), ("torrent", "Torrent of Stone")],
                       battlefield=[(f"s{i}", "Swamp") for i in range(4)] + [
                           ("m1", "Mountain"), ("m2", "Mountain"), ("kami", "Kami of Ancient Law")],
                       opponent=[("bears", "Grizzly Bears")])
    found = casts(state, "greed")
    # Not spliced: target player 2 * Spirits sacrificed ({} or {kami}) 2 = 4. Spliced: target player 2 * Torrent's
    # target creature (kami, bears) 2 * the two Mountains 1 * Spirits 2 = 8. 4 + 8 = 12.
    assert len(found) == 12
    assert {c.sacrifices for c in found if c.splices} == {("m1", "m2"), ("kami", "m1", "m2")}


# ---------------------------------------------------------------- buyback (CR 702.27), an optional additional cost

CAPSIZE = {"name": "Capsize", "mana_cost": "{1}{U}{U}", "type_line": "Instant",
           "oracle_text": "Buyback {3} (You may pay an additional {3} as you cast this spell. If you do, put this "
                          "card into your hand as it resolves.)\nReturn target permanent to its owner's hand."}


@pytest.mark.parametrize(("mountains", "expected"), [
    # three Islands and three Mountains: 'target permanent' has 6 lands + the Bears = 7 choices;
    # {1}{U}{U}: 7; bought back, {4}{U}{U} is 6 mana and the six lands pay it: 7. 7 + 7 = 14
    (3, 14),
    # three Islands and two Mountains: 5 lands + the Bears = 6 choices; {1}{U}{U}: 6; {4}{U}{U} needs 6 mana of 5: 0
    (2, 6),
])
def test_buyback_is_an_optional_additional_cost(make_state, casts, basics, mountains, expected):
    """CR 702.27a, 601.2b, 601.2f: "Buyback [cost]": the caster may pay [cost] more; each choice is its own cast."""
    state = make_state(hand=[("capsize", CAPSIZE)],
                       battlefield=basics("Island", 3, "isl") + basics("Mountain", mountains, "mtn"),
                       opponent=[("bears", "Grizzly Bears")])
    found = casts(state, "capsize")
    assert len(found) == expected
    bought = [c for c in found if c.times_paid("buyback")]
    assert len(bought) == (7 if mountains == 3 else 0)
    assert {str(c.total_cost) for c in bought} <= {"{4}{U}{U}"}
    assert {c.mana_value for c in found} == {3}  # CR 202.3: the buyback cost never counts
    assert all(c.additional_costs in ((), (("buyback", 1),)) for c in found)


def test_buyback_cost_changers_are_unsupported(make_state):
    """CR 702.27a, 601.2f: "Buyback costs cost {2} less." is not read: unsupported.

    It is not guessed: a permanent that changes buyback costs makes every buyback cast unsupported while it
    is on the battlefield. (A buyback cost paid with objects, "Buyback—Sacrifice a land.", is read: see
    tests/rules/test_spell_keywords_2.py.)
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    crystal = {"name": "Memory Crystal", "mana_cost": "{3}", "type_line": "Artifact",
               "oracle_text": "Buyback costs cost {2} less."}
    state = make_state(hand=[("capsize", CAPSIZE)], battlefield=[("isl1", "Island"), ("crystal", crystal)])
    with pytest.raises(UnsupportedRuleError, match="Memory Crystal"):
        legal_casts(state, "capsize")


def test_buyback_named_on_a_spell_without_it_is_illegal(make_state):
    """CR 601.2b: a cast can't pay an optional cost the spell does not have; a cast record names it by keyword."""
    state = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m1", "Mountain"), ("m2", "Mountain")])
    target = (TargetChoice("ray", None, 0, 0, "any target", ("P2",)),)
    cast = Cast("ray", "Glacial Ray", targets=target, additional_costs=(("buyback", 1),))
    assert [r.rule for r in why_illegal(state, cast)] == ["CR 601.2b"]
    assert "has no buyback cost" in why_illegal(state, cast)[0].message


def test_spend_only_black_mana_on_x(make_state, casts):
    """Consume Spirit {X}{1}{B}: "Spend only black mana on X." (CR 107.3, 601.2h); X damage to any target.

    Two Swamps and two Mountains: {1}{B} by a Mountain and a Swamp leaves one Swamp for X: X = 0 or 1, each at
    any target (P1, P2): 2 x 2 = 4 casts. Without the rule X = 2 would be payable (four lands); with it, X = 2
    needs {B}{B} for X and {B} more: three black sources, and there are two.
    """
    state = make_state(hand=[("spirit", "Consume Spirit")],
                       battlefield=[("s1", "Swamp"), ("s2", "Swamp"), ("m1", "Mountain"), ("m2", "Mountain")])
    assert sorted(c.x for c in casts(state, "spirit")) == [0, 0, 1, 1]
