"""Tests of solver.rules.object_costs: costs paid with objects (CR 601.2h, 118.8, 118.10).

Which objects pay is a choice of the cast: a set, each object paying exactly one part (CR 118.10), taken from
where the cost says, the caster's (the spell itself is on the stack, CR 601.2a; permanents they control,
CR 701.21a). "Discard a card", "discard two cards", "sacrifice a creature or land", "exile a creature card from
your graveyard"; the costs of modes (entwine, escalate) and of spliced cards; "any number of" and "all".
Collect evidence N (CR 701.59a-b): the cards exiled from the graveyard are a choice of the cast; their mana
values total N or more. "Discard a red or green card", "an instant or sorcery card", "sacrifice an artifact or
creature", "exile a creature you control", and a choice of two costs one of which is such an object. Counts
are worked out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.cast import Cast, TargetChoice
from models.errors import UnsupportedRuleError
from solver.legal import legal_casts, why_illegal
from tests.rules.conftest import lands


def graveyard(*entries: tuple[str, str]) -> list[dict]:
    """Cards ``(id, name)`` in P1's graveyard, as state-file objects."""
    return [{"id": object_id, "card": name, "zone": "graveyard", "owner": "P1"} for object_id, name in entries]


@pytest.fixture
def discard_draw(card):
    """A made-up Arcane instant {R} with a discard cost (examples/case11)."""
    return card(
        "Arcane Discard Draw",
        "{R}",
        "Instant — Arcane",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
    )


# ---------------------------------------------------------------- one object or a set of a size (CR 601.2h, 118.10)
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
    spell = card(
        "Discard Two Draw",
        "{R}",
        "Sorcery",
        "As an additional cost to cast this spell, discard two cards.\nDraw three cards.",
    )
    state = make_state(
        hand=[("spell", spell)] + [(f"x{i}", "Opt") for i in range(others)], battlefield=[("m", "Mountain")]
    )
    found = casts(state, "spell")
    # C(others, 2): 1 -> 0, 2 -> 1, 3 -> 3, 4 -> 6.
    assert len(found) == expected
    assert all(len(set(cast.discards)) == 2 and "spell" not in cast.discards for cast in found)


@pytest.mark.parametrize(
    ("discards", "rule"),
    [
        (("draw",), "CR 601.2a"),  # itself: it is on the stack
        ((), "CR 601.2h"),  # the discard cost left unpaid
        (("x1", "x2"), "CR 601.2h"),  # one card is discarded, not two
        (("m",), "CR 601.2h"),  # a Mountain on the battlefield is not a card in hand
    ],
)
def test_why_illegal_discard(make_state, discard_draw, discards, rule):
    """CR 601.2h: the discard cost is exactly one other card from the caster's hand."""
    state = make_state(
        hand=[("draw", discard_draw), ("x1", "Opt"), ("x2", "Grizzly Bears")], battlefield=[("m", "Mountain")]
    )
    cast = Cast("draw", "Arcane Discard Draw", discards=tuple(sorted(discards)))
    assert rule in {reason.rule for reason in why_illegal(state, cast)}
    assert cast not in legal_casts(state, "draw")


def test_discard_cost_written_with_the_card_name(make_state, casts):
    """CR 118.8, 601.2h, 201.5: Tormenting Voice's "discard a card" cost, written with its own name, is read."""
    state = make_state(
        hand=[("voice", "Tormenting Voice"), ("x1", "Opt"), ("x2", "Grizzly Bears")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
    )
    # {1}{R} with 2 Mountains, discarding Opt or Grizzly Bears = 2.
    assert len(casts(state, "voice")) == 2


def test_discard_a_card_of_a_type(make_state, casts):
    """CR 118.8, 601.2h: Magmatic Insight's "discard a land card": one of the land cards in hand."""
    state = make_state(
        hand=[("insight", "Magmatic Insight"), ("mcard", "Mountain"), ("fcard", "Forest"), ("bcard", "Grizzly Bears")],
        battlefield=[("m1", "Mountain")],
    )
    # Land cards in hand: Mountain, Forest = 2 (not the Bears).
    assert sorted(c.discards for c in casts(state, "insight")) == [("fcard",), ("mcard",)]


def test_sacrifice_cost_choices_and_the_sacrificed_target(make_state, casts, basics):
    """CR 601.2c before 601.2h, 701.21a: the creature Fling sacrifices may also be its target.

    Fling with two Bears: 4 targets (P1, P2, two Bears) x 2 to sacrifice = 8.
    """
    state = make_state(
        hand=[("fling", "Fling")],
        battlefield=basics("Mountain", 2) + [("bear1", "Grizzly Bears"), ("bear2", "Grizzly Bears")],
    )
    found = casts(state, "fling")
    assert len(found) == 8
    assert {cast.sacrifices for cast in found} == {("bear1",), ("bear2",)}
    assert any(cast.sacrifices == ("bear1",) and cast.targets[0].targets == ("bear1",) for cast in found)


def test_sacrifice_cost_needs_a_permanent_of_the_caster(make_state, casts, basics):
    """CR 701.21a: a player sacrifices only permanents they control: P2's Bears can't pay Fling's cost (0 casts)."""
    state = make_state(
        hand=[("fling", "Fling")], battlefield=basics("Mountain", 2), opponent=[("bear", "Grizzly Bears")]
    )
    assert casts(state, "fling") == set()
    cast = Cast(
        "fling", "Fling", targets=(TargetChoice("fling", None, 1, 0, "any target", ("P2",)),), sacrifices=("bear",)
    )
    assert "CR 701.21a" in {reason.rule for reason in why_illegal(state, cast)}


def test_sacrifice_a_creature_or_land(make_state, casts):
    """CR 701.21, 601.2h: Merciless Resolve's "sacrifice a creature or land": any of P1's creatures and lands."""
    state = make_state(
        hand=[("resolve", "Merciless Resolve")],
        battlefield=[
            ("s1", "Swamp"),
            ("s2", "Swamp"),
            ("s3", "Swamp"),
            ("bears", "Grizzly Bears"),
            ("ring", "Sol Ring"),
        ],
        opponent=[("theirs", "Grizzly Bears")],
    )
    # Swamps (tapped for mana, still sacrificable) 3 + the Bears 1 = 4; not Sol Ring, not P2's Bears.
    assert sorted(c.sacrifices for c in casts(state, "resolve")) == [("bears",), ("s1",), ("s2",), ("s3",)]


@pytest.mark.parametrize(
    ("graveyard", "expected"),
    [
        ([("g1", "Grizzly Bears"), ("g2", "Silver Knight"), ("g3", "Opt")], 2),  # 1 target x 2 creature cards to exile
        ([("g3", "Opt")], 0),  # no creature card: the cost can't be paid
    ],
)
def test_exile_a_creature_card_from_your_graveyard(make_state, casts, basics, graveyard, expected):
    """CR 601.2h, 118.10: which card Corpse Lunge's cost exiles is a choice: each is its own cast.

    Corpse Lunge's additional cost exiles a creature card from P1's graveyard.
    """
    objects = [{"id": i, "card": name, "zone": "graveyard", "owner": "P1"} for i, name in graveyard]
    objects.append({"id": "theirs", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P2"})
    state = make_state(
        hand=[("lunge", "Corpse Lunge")],
        battlefield=basics("Swamp", 3),
        opponent=[("bear", "Grizzly Bears")],
        objects=objects,
    )
    found = casts(state, "lunge")
    assert len(found) == expected
    assert all(cast.exiles in {("g1",), ("g2",)} for cast in found)


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


# ---------------------------------------------------------------- either of two qualities or kinds
def test_discard_a_red_or_green_card(make_state, casts):
    """CR 118.8, 105.2: Surge of Strength ({R}{G}) discards a red or green card.

    Hand besides the spell: Shock (red), Llanowar Elves (green), Lightning Helix (red and white), Opt (blue).
    Three cards can pay; one target creature, P2's Grizzly Bears: 3 x 1 = 3.
    """
    state = make_state(
        hand=[
            ("surge", "Surge of Strength"),
            ("shock", "Shock"),
            ("elves", "Llanowar Elves"),
            ("helix", "Lightning Helix"),
            ("opt", "Opt"),
        ],
        battlefield=[("m1", "Mountain"), ("f1", "Forest")],
        opponent=[("o1", "Grizzly Bears")],
    )
    found = casts(state, "surge")
    assert len(found) == 3
    assert {c.discards for c in found} == {("shock",), ("elves",), ("helix",)}


def test_exile_an_instant_or_sorcery_card_from_the_graveyard(make_state, casts):
    """CR 118.8, 205.2a: Draconic Intervention ({2}{R}{R}) exiles an instant or sorcery card from the graveyard.

    Graveyard: Opt (instant), Divination (sorcery), Grizzly Bears (creature). Two cards can pay; no target: 2.
    """
    state = make_state(
        hand=[("draconic", "Draconic Intervention")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)],
        objects=graveyard(("g1", "Opt"), ("g2", "Divination"), ("g3", "Grizzly Bears")),
    )
    found = casts(state, "draconic")
    assert {c.exiles for c in found} == {("g1",), ("g2",)}


def test_exile_a_creature_you_control(make_state, casts):
    """CR 118.8, 601.2h: Soul Exchange ({B}{B}) exiles a creature its caster controls; the creature is a choice.

    P1 controls Grizzly Bears and Llanowar Elves; the graveyard holds Shivan Dragon and Grizzly Bears, the
    creature cards to target. Exile one of two (2) x one of two targets (2) = 4. With no creature: 0.
    """
    state = make_state(
        hand=[("soul", "Soul Exchange")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp"), ("b1", "Grizzly Bears"), ("b2", "Llanowar Elves")],
        objects=graveyard(("g1", "Shivan Dragon"), ("g2", "Grizzly Bears"), ("g3", "Opt")),
    )
    found = casts(state, "soul")
    assert len(found) == 4
    assert {c.exiles for c in found} == {("b1",), ("b2",)}
    bare = make_state(
        hand=[("soul", "Soul Exchange")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
        objects=graveyard(("g1", "Shivan Dragon")),
    )
    assert len(casts(bare, "soul")) == 0


@pytest.mark.parametrize(("swamps", "expected"), [(5, 9), (1, 6)])
def test_pay_or_sacrifice_an_artifact_or_creature(make_state, casts, swamps, expected):
    """CR 601.2b, 118.8: Annihilating Glare ({B}): pay {4} or sacrifice an artifact or creature, exactly one.

    P1 controls Grizzly Bears and Ornithopter (an artifact creature); P2 Grizzly Bears: three creatures to
    target, the ones sacrificed included (targets come before costs, CR 601.2c). Sacrifice one of two (2) x
    3 targets = 6; pay {4} ({4}{B}, five Swamps) x 3 targets = 3. Five Swamps: 9; one Swamp: 6.
    """
    state = make_state(
        hand=[("glare", "Annihilating Glare")],
        battlefield=[(f"s{i}", "Swamp") for i in range(swamps)] + [("b1", "Grizzly Bears"), ("a1", "Ornithopter")],
        opponent=[("o1", "Grizzly Bears")],
    )
    found = casts(state, "glare")
    assert len(found) == expected
    assert all(bool(c.sacrifices) != bool(c.times_paid("pay {4}")) for c in found)


def test_sacrifice_a_creature_or_enchantment_or_pay(make_state, casts):
    """CR 601.2b, 118.8: Betrayer's Bargain ({1}{R}): sacrifice a creature or enchantment, or pay {2}.

    P1: four Mountains, Grizzly Bears, Glorious Anthem; P2: Grizzly Bears. Two creatures to target. Sacrifice
    the Bears or the Anthem (2) x 2 targets = 4; pay {2} ({3}{R}) x 2 = 2. 6.
    """
    state = make_state(
        hand=[("bargain", "Betrayer's Bargain")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [("b1", "Grizzly Bears"), ("e1", "Glorious Anthem")],
        opponent=[("o1", "Grizzly Bears")],
    )
    found = casts(state, "bargain")
    assert len(found) == 6
    assert {c.sacrifices for c in found} == {(), ("b1",), ("e1",)}


@pytest.mark.parametrize(("life", "expected"), [(20, 4), (4, 2)])
def test_pay_life_or_sacrifice(make_state, casts, life, expected):
    """CR 119.4, 601.2b: Final Payment ({W}{B}): pay 5 life or sacrifice a creature or enchantment.

    P1 controls Grizzly Bears; P2 Grizzly Bears: two targets. At 20 life: pay 5 life (2 targets) or sacrifice
    the Bears (2 targets) = 4. At 4 life, 5 life can't be paid: 2.
    """
    state = make_state(
        hand=[("payment", "Final Payment")],
        battlefield=[("p1", "Plains"), ("s1", "Swamp"), ("b1", "Grizzly Bears")],
        opponent=[("o1", "Grizzly Bears")],
        life={"P1": life, "P2": 20},
    )
    assert len(casts(state, "payment")) == expected


# ---------------------------------------------------------------- costs of modes and spliced cards
def test_entwine_by_sacrificing_lands(make_state, casts):
    """CR 702.42a, 601.2h, 601.2g: lands tapped for mana may pay Betrayal of Flesh's entwine cost.

    Betrayal of Flesh entwined for "Sacrifice three lands": the lands tapped for mana may be sacrificed
    (mana abilities come before costs are paid).
    """
    swamps = [(f"s{i}", "Swamp") for i in range(6)]
    state = make_state(
        hand=[("betrayal", "Betrayal of Flesh")],
        battlefield=swamps,
        opponent=[("bears", "Grizzly Bears")],
        objects=[{"id": "giant", "card": "Hill Giant", "zone": "graveyard", "owner": "P1"}],
    )
    found = casts(state, "betrayal")
    # Mode 1: bears (1). Mode 2: Hill Giant from P1's graveyard (1). Entwined: 1 * 1 * C(6, 3) = 20 sets of three
    # Swamps. 1 + 1 + 20 = 22; only entwined casts sacrifice.
    assert len(found) == 22
    entwined = [c for c in found if c.modes == (0, 1)]
    assert len(entwined) == 20 and all(len(c.sacrifices) == 3 for c in entwined)
    assert all(c.sacrifices == () for c in found if len(c.modes) == 1)


def test_escalate_by_tapping_creatures(make_state, casts):
    """CR 702.120a, 601.2h: Collective Effort taps an untapped creature of the caster's per mode beyond the first."""
    state = make_state(
        hand=[("effort", "Collective Effort")],
        battlefield=[(f"p{i}", "Plains") for i in range(3)]
        + [("c1", "Grizzly Bears"), ("c2", "Grizzly Bears"), ("c3", "Grizzly Bears", {"tapped": True})],
        opponent=[("wurm", "Craw Wurm"), ("moon", "Smoke")],
    )
    found = casts(state, "effort")
    # Mode 1: Craw Wurm (power 6) = 1; mode 2: Smoke (an enchantment) = 1; mode 3: target player P1 or P2 = 2.
    # One mode: 1 + 1 + 2 = 4, nothing tapped. Two modes, tap c1 or c2 (c3 is tapped): {1,2} 1*1*2 = 2,
    # {1,3} 1*2*2 = 4, {2,3} 1*2*2 = 4 -> 10. Three modes, tap both: 1*1*2*1 = 2. 4 + 10 + 2 = 16.
    assert len(found) == 16
    assert {c.taps for c in found if len(c.modes) == 3} == {("c1", "c2")}


def test_splice_by_tapping_a_white_creature(make_state, casts):
    """CR 702.47a, 601.2h: a spliced card's cost taps a creature, and its text's target is chosen.

    Hundred-Talon Strike spliced onto Glacial Ray for "Tap an untapped white creature you control"; the
    spliced text's target is chosen as well.
    """
    state = make_state(
        hand=[("ray", "Glacial Ray"), ("strike", "Hundred-Talon Strike")],
        battlefield=[
            ("m1", "Mountain"),
            ("m2", "Mountain"),
            ("kami1", "Kami of Ancient Law"),
            ("kami2", "Kami of Ancient Law"),
            ("bears", "Grizzly Bears"),
        ],
    )
    found = casts(state, "ray")
    # Ray's any target: P1, P2, kami1, kami2, bears = 5. Spliced: + target creature (3) and tap a white creature
    # (kami1 or kami2, 2): 5 * 3 * 2 = 30. 5 + 30 = 35. No mana is added to {1}{R}.
    assert len(found) == 35
    spliced = [c for c in found if c.splices]
    assert {c.taps for c in spliced} == {("kami1",), ("kami2",)} and all(str(c.total_cost) == "{1}{R}" for c in spliced)


def test_splice_by_sacrificing_mountains(make_state, casts):
    """CR 702.47a, 701.21: Torrent of Stone's "Sacrifice two Mountains" picks two of the caster's Mountains."""
    state = make_state(
        hand=[("ray", "Glacial Ray"), ("torrent", "Torrent of Stone")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain"), ("f", "Forest")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "ray")
    # Ray: P1, P2, bears = 3. Spliced: Torrent's target creature (bears, 1) and two of three Mountains (3): 3*1*3 = 9.
    # 3 + 9 = 12; the Forest is not a Mountain.
    assert len(found) == 12
    assert {c.sacrifices for c in found if c.splices} == {("m1", "m2"), ("m1", "m3"), ("m2", "m3")}


def test_splice_by_returning_and_exiling(make_state, casts):
    """CR 702.47a: Veil of Secrecy returns a blue creature; Horobi's Whisper exiles four cards from the graveyard."""
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(5)]
    state = make_state(
        hand=[("ray", "Glacial Ray"), ("veil", "Veil of Secrecy"), ("whisper", "Horobi's Whisper")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("s", "Swamp"), ("air", "Air Elemental")],
        opponent=[("bears", "Grizzly Bears")],
        objects=graveyard,
    )
    found = casts(state, "ray")
    # Ray's any target: P1, P2, air, bears = 4.
    # Veil: its target creature (air, bears: 2), return the blue Air Elemental (1): x2.
    # Whisper: "If you control a Swamp, destroy target nonblack creature." (air, bears: 2), exile 4 of 5 cards (5): x10.
    # none 4; Veil 4*2 = 8; Whisper 4*10 = 40; both, in either order: 4*2*10*2 = 160. 4 + 8 + 40 + 160 = 212.
    assert len(found) == 212
    assert {c.returns for c in found if "veil" in c.splices} == {("air",)}
    assert {len(c.exiles) for c in found if "whisper" in c.splices} == {4}


# ---------------------------------------------------------------- all, or any number of (CR 118.8)
def test_any_number_of_objects_as_an_additional_cost(make_state, casts):
    """CR 118.8, 601.2h: Devouring Greed's "you may sacrifice any number of Spirits": every set of P1's Spirits."""
    state = make_state(
        hand=[("greed", "Devouring Greed")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)]
        + [("k1", "Kami of Ancient Law"), ("k2", "Kami of Ancient Law"), ("bears", "Grizzly Bears")],
    )
    found = casts(state, "greed")
    # target player: P1 or P2 = 2; Spirits to sacrifice: any subset of {k1, k2} = 4 (the Bears is no Spirit). 2 * 4 = 8.
    assert len(found) == 8 and {c.sacrifices for c in found} == {(), ("k1",), ("k2",), ("k1", "k2")}


def test_any_number_beside_a_splice_sacrifice(make_state, casts):
    """CR 118.10, 702.47a: each object pays one cost, the splice cost or the spell's own.

    Devouring Greed ("you may sacrifice any number of Spirits") with Torrent of Stone spliced ("Sacrifice
    two Mountains"): the Mountains pay the splice cost, the Spirits the other.
    """
    state = make_state(
        hand=[("greed", "Devouring Greed"), ("torrent", "Torrent of Stone")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)]
        + [("m1", "Mountain"), ("m2", "Mountain"), ("kami", "Kami of Ancient Law")],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "greed")
    # Not spliced: target player 2 * Spirits sacrificed ({} or {kami}) 2 = 4. Spliced: target player 2 * Torrent's
    # target creature (kami, bears) 2 * the two Mountains 1 * Spirits 2 = 8. 4 + 8 = 12.
    assert len(found) == 12
    assert {c.sacrifices for c in found if c.splices} == {("m1", "m2"), ("kami", "m1", "m2")}


def test_sacrifice_all_creatures(make_state, casts):
    """CR 118.8: Soulblast's "sacrifice all creatures you control" is no choice: every creature P1 controls."""
    state = make_state(
        hand=[("blast", "Soulblast")],
        battlefield=[(f"m{i}", "Mountain") for i in range(6)] + [("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "blast")
    # any target (CR 115.4; no planeswalker or battle here): P1, P2, b1, b2, theirs = 5; the sacrifice is always
    # {b1, b2}.
    assert len(found) == 5 and {c.sacrifices for c in found} == {("b1", "b2")}


# ---------------------------------------------------------------- collect evidence (CR 701.59)
def test_collect_evidence_every_set_reaching_the_total(make_state, casts):
    """CR 701.59a, 601.2h: Behind the Mask ({U}) may collect evidence 6; each set of cards exiled is a cast.

    Graveyard: Shivan Dragon (mana value 6), Grizzly Bears (2), Opt (1), Lightning Bolt (1). Sets with total
    6 or more: every set holding the Dragon, 2^3 = 8; without it the most is 2 + 1 + 1 = 4. Not collecting:
    1. One target, P2's Grizzly Bears (the only artifact or creature). (8 + 1) x 1 = 9.
    """
    state = make_state(
        hand=[("mask", "Behind the Mask")],
        battlefield=[("i1", "Island")],
        opponent=[("o1", "Grizzly Bears")],
        objects=graveyard(("g1", "Shivan Dragon"), ("g2", "Grizzly Bears"), ("g3", "Opt"), ("g4", "Lightning Bolt")),
    )
    found = casts(state, "mask")
    assert len(found) == 9
    assert sum(1 for c in found if c.times_paid("collect evidence")) == 8
    assert all(("g1" in c.exiles) == bool(c.times_paid("collect evidence")) for c in found)
    assert all(not c.exiles for c in found if not c.times_paid("collect evidence"))


def test_collect_evidence_eight(make_state, casts):
    """CR 701.59a: Analyze the Pollen ({G}) may collect evidence 8.

    Graveyard: Shivan Dragon (6), Grizzly Bears (2), Opt (1). Totals: {Dragon, Bears} 8 and {Dragon, Bears,
    Opt} 9 reach 8; {Dragon, Opt} 7 and every other set fall short. 2 sets + not collecting = 3; no target.
    """
    state = make_state(
        hand=[("pollen", "Analyze the Pollen")],
        battlefield=[("f1", "Forest")],
        objects=graveyard(("g1", "Shivan Dragon"), ("g2", "Grizzly Bears"), ("g3", "Opt")),
    )
    found = casts(state, "pollen")
    assert len(found) == 3
    assert {c.exiles for c in found} == {(), ("g1", "g2"), ("g1", "g2", "g3")}


def test_evidence_that_cannot_reach_the_total_cannot_be_collected(make_state, casts):
    """CR 701.59b: with total mana value 3 in the graveyard, evidence 6 can't be collected.

    Extract a Confession ({1}{B}), graveyard Grizzly Bears (2) and Opt (1): only the cast that does not
    collect evidence, 1.
    """
    state = make_state(
        hand=[("extract", "Extract a Confession")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
        objects=graveyard(("g1", "Grizzly Bears"), ("g2", "Opt")),
    )
    found = casts(state, "extract")
    assert len(found) == 1
    assert not next(iter(found)).exiles


def test_collect_evidence_over_the_candidate_limit_is_reported(make_state, casts):
    """CR 701.59a: 17 cards in the graveyard are over the 16 candidates listed for 'any number of' objects."""
    state = make_state(
        hand=[("extract", "Extract a Confession")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
        objects=graveyard(*((f"g{i}", "Opt") for i in range(17))),
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "extract")


def test_sacrifice_all_with_ids_that_sort_apart_from_the_battlefield_order(make_state):
    """Soulblast: "As an additional cost to cast this spell, sacrifice all creatures you control." (CR 601.2h).

    Eleven Bears b0..b10 (the cast writes them sorted as text: b0, b1, b10, b2, …). 3 Islands and 3 Mountains pay
    {3}{R}{R}{R}; any target: P1, P2 or one of the Bears (gone as the cost is paid, but chosen before, CR 601.2c):
    2 + 11 = 13 casts, each one the view lists and also judges legal.
    """
    bears = [(f"b{i}", "Grizzly Bears") for i in range(11)]
    state = make_state(hand=[("blast", "Soulblast")], battlefield=bears + lands("Island", 3) + lands("Mountain", 3))
    view = legal_casts(state, "blast")
    casts = list(view)
    assert len(casts) == view.count() == 13
    assert all(cast in view and not view.why_illegal(cast) for cast in casts)
