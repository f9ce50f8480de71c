"""More kinds of printed additional costs (CR 118.8, 601.2b, 601.2h): collect evidence, and either-or costs.

Collect evidence N (CR 701.59a-b): the cards exiled from the graveyard are a choice of the cast; their mana
values total N or more. "Discard a red or green card", "an instant or sorcery card", "sacrifice an artifact or
creature", "exile a creature you control", and a choice of two costs one of which is such an object. Counts
are worked out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError


def graveyard(*entries: tuple[str, str]) -> list[dict]:
    """Cards ``(id, name)`` in P1's graveyard, as state-file objects."""
    return [{"id": object_id, "card": name, "zone": "graveyard", "owner": "P1"} for object_id, name in entries]


# ---------------------------------------------------------------- collect evidence (CR 701.59)

def test_collect_evidence_every_set_reaching_the_total(make_state, casts):
    """CR 701.59a, 601.2h: Behind the Mask ({U}) may collect evidence 6; each set of cards exiled is a cast.

    Graveyard: Shivan Dragon (mana value 6), Grizzly Bears (2), Opt (1), Lightning Bolt (1). Sets with total
    6 or more: every set holding the Dragon, 2^3 = 8; without it the most is 2 + 1 + 1 = 4. Not collecting:
    1. One target, P2's Grizzly Bears (the only artifact or creature). (8 + 1) x 1 = 9.
    """
    state = make_state(hand=[("mask", "Behind the Mask")], battlefield=[("i1", "Island")],
                       opponent=[("o1", "Grizzly Bears")],
                       objects=graveyard(("g1", "Shivan Dragon"), ("g2", "Grizzly Bears"), ("g3", "Opt"),
                                         ("g4", "Lightning Bolt")))
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
    state = make_state(hand=[("pollen", "Analyze the Pollen")], battlefield=[("f1", "Forest")],
                       objects=graveyard(("g1", "Shivan Dragon"), ("g2", "Grizzly Bears"), ("g3", "Opt")))
    found = casts(state, "pollen")
    assert len(found) == 3
    assert {c.exiles for c in found} == {(), ("g1", "g2"), ("g1", "g2", "g3")}


def test_evidence_that_cannot_reach_the_total_cannot_be_collected(make_state, casts):
    """CR 701.59b: with total mana value 3 in the graveyard, evidence 6 can't be collected.

    Extract a Confession ({1}{B}), graveyard Grizzly Bears (2) and Opt (1): only the cast that does not
    collect evidence, 1.
    """
    state = make_state(hand=[("extract", "Extract a Confession")], battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
                       objects=graveyard(("g1", "Grizzly Bears"), ("g2", "Opt")))
    found = casts(state, "extract")
    assert len(found) == 1
    assert not next(iter(found)).exiles


def test_collect_evidence_over_the_candidate_limit_is_reported(make_state, casts):
    """CR 701.59a: 17 cards in the graveyard are over the 16 candidates listed for 'any number of' objects."""
    state = make_state(hand=[("extract", "Extract a Confession")], battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
                       objects=graveyard(*((f"g{i}", "Opt") for i in range(17))))
    with pytest.raises(UnsupportedRuleError):
        casts(state, "extract")


# ---------------------------------------------------------------- either of two qualities or kinds

def test_discard_a_red_or_green_card(make_state, casts):
    """CR 118.8, 105.2: Surge of Strength ({R}{G}) discards a red or green card.

    Hand besides the spell: Shock (red), Llanowar Elves (green), Lightning Helix (red and white), Opt (blue).
    Three cards can pay; one target creature, P2's Grizzly Bears: 3 x 1 = 3.
    """
    state = make_state(hand=[("surge", "Surge of Strength"), ("shock", "Shock"), ("elves", "Llanowar Elves"),
                             ("helix", "Lightning Helix"), ("opt", "Opt")],
                       battlefield=[("m1", "Mountain"), ("f1", "Forest")], opponent=[("o1", "Grizzly Bears")])
    found = casts(state, "surge")
    assert len(found) == 3
    assert {c.discards for c in found} == {("shock",), ("elves",), ("helix",)}


def test_exile_an_instant_or_sorcery_card_from_the_graveyard(make_state, casts):
    """CR 118.8, 205.2a: Draconic Intervention ({2}{R}{R}) exiles an instant or sorcery card from the graveyard.

    Graveyard: Opt (instant), Divination (sorcery), Grizzly Bears (creature). Two cards can pay; no target: 2.
    """
    state = make_state(hand=[("draconic", "Draconic Intervention")],
                       battlefield=[(f"m{i}", "Mountain") for i in range(4)],
                       objects=graveyard(("g1", "Opt"), ("g2", "Divination"), ("g3", "Grizzly Bears")))
    found = casts(state, "draconic")
    assert {c.exiles for c in found} == {("g1",), ("g2",)}


def test_exile_a_creature_you_control(make_state, casts):
    """CR 118.8, 601.2h: Soul Exchange ({B}{B}) exiles a creature its caster controls; the creature is a choice.

    P1 controls Grizzly Bears and Llanowar Elves; the graveyard holds Shivan Dragon and Grizzly Bears, the
    creature cards to target. Exile one of two (2) x one of two targets (2) = 4. With no creature: 0.
    """
    state = make_state(hand=[("soul", "Soul Exchange")],
                       battlefield=[("s1", "Swamp"), ("s2", "Swamp"), ("b1", "Grizzly Bears"),
                                    ("b2", "Llanowar Elves")],
                       objects=graveyard(("g1", "Shivan Dragon"), ("g2", "Grizzly Bears"), ("g3", "Opt")))
    found = casts(state, "soul")
    assert len(found) == 4
    assert {c.exiles for c in found} == {("b1",), ("b2",)}
    bare = make_state(hand=[("soul", "Soul Exchange")], battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
                      objects=graveyard(("g1", "Shivan Dragon")))
    assert len(casts(bare, "soul")) == 0


@pytest.mark.parametrize(("swamps", "expected"), [(5, 9), (1, 6)])
def test_pay_or_sacrifice_an_artifact_or_creature(make_state, casts, swamps, expected):
    """CR 601.2b, 118.8: Annihilating Glare ({B}): pay {4} or sacrifice an artifact or creature, exactly one.

    P1 controls Grizzly Bears and Ornithopter (an artifact creature); P2 Grizzly Bears: three creatures to
    target, the ones sacrificed included (targets come before costs, CR 601.2c). Sacrifice one of two (2) x
    3 targets = 6; pay {4} ({4}{B}, five Swamps) x 3 targets = 3. Five Swamps: 9; one Swamp: 6.
    """
    state = make_state(hand=[("glare", "Annihilating Glare")],
                       battlefield=[(f"s{i}", "Swamp") for i in range(swamps)]
                       + [("b1", "Grizzly Bears"), ("a1", "Ornithopter")],
                       opponent=[("o1", "Grizzly Bears")])
    found = casts(state, "glare")
    assert len(found) == expected
    assert all(bool(c.sacrifices) != bool(c.times_paid("pay {4}")) for c in found)


def test_sacrifice_a_creature_or_enchantment_or_pay(make_state, casts):
    """CR 601.2b, 118.8: Betrayer's Bargain ({1}{R}): sacrifice a creature or enchantment, or pay {2}.

    P1: four Mountains, Grizzly Bears, Glorious Anthem; P2: Grizzly Bears. Two creatures to target. Sacrifice
    the Bears or the Anthem (2) x 2 targets = 4; pay {2} ({3}{R}) x 2 = 2. 6.
    """
    state = make_state(hand=[("bargain", "Betrayer's Bargain")],
                       battlefield=[(f"m{i}", "Mountain") for i in range(4)]
                       + [("b1", "Grizzly Bears"), ("e1", "Glorious Anthem")],
                       opponent=[("o1", "Grizzly Bears")])
    found = casts(state, "bargain")
    assert len(found) == 6
    assert {c.sacrifices for c in found} == {(), ("b1",), ("e1",)}


@pytest.mark.parametrize(("life", "expected"), [(20, 4), (4, 2)])
def test_pay_life_or_sacrifice(make_state, casts, life, expected):
    """CR 119.4, 601.2b: Final Payment ({W}{B}): pay 5 life or sacrifice a creature or enchantment.

    P1 controls Grizzly Bears; P2 Grizzly Bears: two targets. At 20 life: pay 5 life (2 targets) or sacrifice
    the Bears (2 targets) = 4. At 4 life, 5 life can't be paid: 2.
    """
    state = make_state(hand=[("payment", "Final Payment")],
                       battlefield=[("p1", "Plains"), ("s1", "Swamp"), ("b1", "Grizzly Bears")],
                       opponent=[("o1", "Grizzly Bears")], life={"P1": life, "P2": 20})
    assert len(casts(state, "payment")) == expected
