"""Tests of solver.rules.x: X announced before targets, within what can be paid and the bounds the text sets.

X in the mana cost: each value announced is its own cast, within what the mana can pay (CR 601.2b, 601.2h), 0
without paying the mana cost (CR 107.3b); "Spend only black mana on X." (CR 107.3). X announced with a cost other
than the mana cost (CR 107.3a, 601.2b, 119.4): "As an additional cost to cast this spell, pay X life" (Toxic
Deluge): X is announced with the cost, 0 up to the caster's life total; "exile X cards"; "Kicker {X}", X only
when kicked. "Foretell {X}{X}{W}": X is announced casting it for that cost, and paid twice. An X that only words
define ("up to X target creatures, where X is one plus the number of cards named Aether Burst in all graveyards")
is reported when the card is read. The text's own bounds: "X can't be 0.", "X can't be greater than …" (CR 107.3,
601.2b). Counts are worked out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.abilities import Count, ObjectFilter, Quality, XLimit
from models.cast import Cast, TargetChoice
from models.io.card_pool import default_card_database
from models.objects import CardType, Zone
from models.oracle.parser import parse_card
from solver.legal import why_illegal


# ---------------------------------------------------------------------------------------------- X in the mana cost
@pytest.mark.parametrize(
    ("mountains", "free", "expected_x"),
    [
        (3, False, (0, 1, 2)),  # {X}{R} with 3 Mountains: R + X <= 3
        (1, False, (0,)),
        (3, True, (0,)),  # without paying its mana cost, X is 0 (CR 107.3b)
    ],
)
def test_x_is_announced_within_what_can_be_paid(make_state, casts, basics, mountains, free, expected_x):
    """CR 601.2b, 107.3a, 202.3e: each X of Disintegrate is its own cast, and its mana value is 1 + X.

    Disintegrate ({X}{R}): each X is its own cast, times 3 targets (P1, P2, the Bears); the spell's mana
    value on the stack is 1 + X.
    """
    state = make_state(
        hand=[("dis", "Disintegrate")], battlefield=basics("Mountain", mountains), opponent=[("bear", "Grizzly Bears")]
    )
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


def test_pay_x_life(make_state, casts):
    """CR 119.4, 119.4b: Bond of Agony ({X}{B}, pay X life): X up to the mana, and no more than P1's life."""
    lands = [(f"s{i}", "Swamp") for i in range(6)]
    rich = make_state(hand=[("bond", "Bond of Agony")], battlefield=lands)
    # Six Swamps: {X}{B} allows X = 0..5; at 20 life all of them: 6 casts.
    assert sorted(c.x for c in casts(rich, "bond")) == [0, 1, 2, 3, 4, 5]
    poor = make_state(hand=[("bond", "Bond of Agony")], battlefield=lands, life={"P1": 3})
    # At 3 life, X = 0..3 (0 life can always be paid): 4 casts.
    assert sorted(c.x for c in casts(poor, "bond")) == [0, 1, 2, 3]


def test_spend_only_black_mana_on_x(make_state, casts):
    """Consume Spirit {X}{1}{B}: "Spend only black mana on X." (CR 107.3, 601.2h); X damage to any target.

    Two Swamps and two Mountains: {1}{B} by a Mountain and a Swamp leaves one Swamp for X: X = 0 or 1, each at
    any target (P1, P2): 2 x 2 = 4 casts. Without the rule X = 2 would be payable (four lands); with it, X = 2
    needs {B}{B} for X and {B} more: three black sources, and there are two.
    """
    state = make_state(
        hand=[("spirit", "Consume Spirit")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp"), ("m1", "Mountain"), ("m2", "Mountain")],
    )
    assert sorted(c.x for c in casts(state, "spirit")) == [0, 0, 1, 1]


# ------------------------------------------------------------------------------ X announced with another cost
def test_pay_x_life_announces_x(make_state, casts):
    """CR 107.3a, 119.4: Toxic Deluge ({2}{B}), "pay X life", P1 at 3 life with three Swamps.

    X may be 0, 1, 2 or 3 (no more life than P1 has; 0 life can always be paid): 4 casts.
    """
    state = make_state(
        hand=[("deluge", "Toxic Deluge")], battlefield=[(f"s{i}", "Swamp") for i in range(3)], life={"P1": 3, "P2": 20}
    )
    assert sorted(c.x for c in casts(state, "deluge")) == [0, 1, 2, 3]


def test_exile_x_cards(make_state, casts):
    """CR 601.2b, 118.8: Harvest Pyre's "exile X cards from your graveyard": every set of P1's graveyard cards."""
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(3)]
    state = make_state(
        hand=[("pyre", "Harvest Pyre")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("theirs", "Grizzly Bears")],
        objects=graveyard,
    )
    # target creature: theirs = 1; cards exiled: any subset of three, 2^3 = 8. 1 * 8 = 8.
    assert len(casts(state, "pyre")) == 8


def test_kicker_x_announces_x_only_when_kicked(make_state, casts):
    """CR 107.3a, 601.2b, 702.33a: Verdeloth the Ancient ({4}{G}{G}, "Kicker {X}") with eight Forests.

    Not kicked: no X, 1 cast. Kicked: X announced with the kicker, {4}{G}{G} + X within 8 mana: X = 0, 1 or 2,
    3 casts. 1 + 3 = 4.
    """
    state = make_state(
        hand=[("verdeloth", "Verdeloth the Ancient")], battlefield=[(f"f{i}", "Forest") for i in range(8)]
    )
    found = casts(state, "verdeloth")
    assert sorted((c.times_paid("kicker"), c.x if c.x is not None else -1) for c in found) == [
        (0, -1),
        (1, 0),
        (1, 1),
        (1, 2),
    ]


def test_x_twice_in_the_foretell_cost(make_state, casts):
    """CR 107.3a, 702.143a: Starnheim Unleashed, foretold, cast from exile for {X}{X}{W} with five Plains.

    2X + 1 <= 5: X is 0, 1 or 2: 3 casts, each for its foretell cost.
    """
    state = make_state(
        battlefield=[(f"p{i}", "Plains") for i in range(5)],
        objects=[{"id": "star", "card": "Starnheim Unleashed", "zone": "exile", "owner": "P1", "foretold": True}],
    )
    found = casts(state, "star")
    assert sorted(c.x for c in found) == [0, 1, 2]
    assert {c.alternative_cost for c in found} == {"foretell"}


def test_x_only_words_define_is_reported() -> None:
    """CR 107.3a: Aether Burst's "up to X target creatures, where X is …": no cost announces X; reported."""
    read = parse_card(default_card_database().get("Aether Burst"))
    assert [u.span for u in read.casting_unsupported] == ["up to x target creatures"]


# ---------------------------------------------------------------------------------------------- bounds the text sets
def test_x_cant_be_0(make_state, casts, basics):
    """CR 107.3, 601.2b: Mind Grind ({X}{U}{B}) says "X can't be 0.": X is announced from 1 on.

    Island, Swamp and two Plains make 4 mana: {U}{B} leaves 2 for X, so X = 0, 1 or 2 can be paid, and X = 0
    is not allowed: 2 casts (X = 1, X = 2).
    """
    state = make_state(
        hand=[("grind", "Mind Grind")], battlefield=basics("Island", 1) + basics("Swamp", 1) + basics("Plains", 2)
    )
    found = casts(state, "grind")
    assert sorted(c.x for c in found) == [1, 2]


def test_x_cant_be_0_without_paying_the_mana_cost(make_state, casts, basics):
    """CR 107.3b: cast without paying its mana cost, X is 0; Welcome the Darkness's X can't be 0: no cast.

    With the mana it is X = 1 (Swamp and Swamp pay {1}{B}): 1 cast; without paying its mana cost: 0.
    """
    state = make_state(hand=[("dark", "Welcome the Darkness")], battlefield=basics("Swamp", 2))
    assert [c.x for c in casts(state, "dark")] == [1]
    assert casts(state, "dark", without_paying_mana_cost=True) == set()


def test_x_cant_be_greater_than_the_number_of_players(make_state, casts, basics):
    """CR 107.3, 601.2b: Open the Way ({X}{G}{G}): X is at most the number of players in the game.

    Six Forests make 6 mana: {G}{G} leaves 4, so X = 0..4 can be paid; with two players X <= 2: X = 0, 1, 2,
    3 casts.
    """
    state = make_state(hand=[("way", "Open the Way")], battlefield=basics("Forest", 6))
    assert sorted(c.x for c in casts(state, "way")) == [0, 1, 2]


def test_x_bound_by_snow_lands_is_read():
    """CR 107.3: Winter's Chill's "X can't be greater than the number of snow lands you control" is a bound.

    Read as the count of the lands with the supertype Snow its caster controls (CR 205.4a).
    """
    chill = parse_card(default_card_database().get("Winter's Chill"))
    assert not chill.casting_unsupported
    snow_lands = ObjectFilter(
        (frozenset({Quality("type", CardType.LAND)}), frozenset({Quality("supertype", "Snow")})),
        "the number of snow lands you control",
    )
    assert chill.x_limits == (
        XLimit(
            maximum=Count(Zone.BATTLEFIELD, "you", snow_lands, text="the number of snow lands you control"),
            text="X can't be greater than the number of snow lands you control.",
        ),
    )


@pytest.mark.parametrize("name", ["Mind Grind", "Ornate Imitations"])
def test_x_cant_be_0_after_the_effect_keeps_the_effect(name):
    """CR 107.3: "X can't be 0." ending the spell's text line is the bound; the sentences before it are its text."""
    read = parse_card(default_card_database().get(name))
    assert read.x_limits == (XLimit(1, text="X can't be 0."),)
    assert len(read.spell_text) == 1 and not read.spell_text[0].text.endswith("X can't be 0.")
