"""More of what a spell's own text says about casting it: X's bounds, cost changes, timing and permissions.

"X can't be 0." (CR 107.3, 601.2b); "This spell costs {1} less to cast for each …" / "… if …" (CR 601.2f);
"Cast this spell only if …" and "You may cast this spell as though it had flash if …" (CR 601.3, 307.1, 702.8).
Counts are worked out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.abilities import Count, ObjectFilter, Quality, XLimit
from models.cards import default_card_database
from models.objects import CardType, Zone
from models.oracle.parser import parse_card


def test_x_cant_be_0(make_state, casts, basics):
    """CR 107.3, 601.2b: Mind Grind ({X}{U}{B}) says "X can't be 0.": X is announced from 1 on.

    Island, Swamp and two Plains make 4 mana: {U}{B} leaves 2 for X, so X = 0, 1 or 2 can be paid, and X = 0
    is not allowed: 2 casts (X = 1, X = 2).
    """
    state = make_state(hand=[("grind", "Mind Grind")],
                       battlefield=basics("Island", 1) + basics("Swamp", 1) + basics("Plains", 2))
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
    snow_lands = ObjectFilter((frozenset({Quality("type", CardType.LAND)}), frozenset({Quality("supertype", "Snow")})),
                              "the number of snow lands you control")
    assert chill.x_limits == (XLimit(maximum=Count(Zone.BATTLEFIELD, "you", snow_lands,
                                                   text="the number of snow lands you control"),
                                     text="X can't be greater than the number of snow lands you control."),)


@pytest.mark.parametrize("name", ["Mind Grind", "Ornate Imitations"])
def test_x_cant_be_0_after_the_effect_keeps_the_effect(name):
    """CR 107.3: "X can't be 0." ending the spell's text line is the bound; the sentences before it are its text."""
    read = parse_card(default_card_database().get(name))
    assert read.x_limits == (XLimit(1, text="X can't be 0."),)
    assert len(read.spell_text) == 1 and not read.spell_text[0].text.endswith("X can't be 0.")
