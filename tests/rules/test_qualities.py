"""Qualities of objects: the numbers and tests target phrases and costs read (CR 115.1, 122.1a, 202.3, 208)."""

from __future__ import annotations

import pytest

from models.abilities import ANNOUNCED_X, ObjectFilter, Quality, TargetKind
from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.mana import Color
from models.objects import CardType, GameObject, ObjectId, PlayerId, Zone
from solver.rules.qualities import has_qualities, holds, is_of_kinds, number_of


def _object(name: str, zone: Zone = Zone.BATTLEFIELD, **fields) -> GameObject:
    card = default_card_database().get(name)
    return GameObject(ObjectId("o"), card, zone, PlayerId("P1"), PlayerId("P1"), **fields)


def test_power_and_toughness_count_their_counters_on_the_battlefield():
    """CR 208.1, 122.1a: Grizzly Bears (2/2) with two +1/+1 counters and one -1/-1 counter is 3/3: 2 + 2 - 1 = 3.

    In the graveyard counters don't stay on it (CR 122.2), and its power is its printed 2.
    """
    bears = _object("Grizzly Bears", counters=(("+1/+1", 2), ("-1/-1", 1)))
    assert (number_of(bears, "power"), number_of(bears, "toughness")) == (3, 3)
    assert number_of(bears, "power plus toughness") == 6  # 3 + 3
    assert number_of(_object("Grizzly Bears", Zone.GRAVEYARD, counters=(("+1/+1", 2),)), "power") == 2


def test_a_power_an_ability_defines_is_never_guessed():
    """CR 208.2a: Tarmogoyf's power is defined by its ability ("*/1+*"): unsupported, not read as 0."""
    with pytest.raises(UnsupportedRuleError, match="power defined by an ability"):
        number_of(_object("Tarmogoyf"), "power")


def test_numbers_compare_with_the_value_announced_for_x():
    """CR 107.3a, 202.3: Grizzly Bears has mana value 2 ({1}{G}): "mana value X or less" holds for X = 2, not X = 1."""
    bears = _object("Grizzly Bears")
    at_most_x = Quality("mana value", ANNOUNCED_X, comparison="<=")
    assert holds(at_most_x, bears, x=2) and not holds(at_most_x, bears, x=1)
    with pytest.raises(ValueError, match="no value given"):
        holds(at_most_x, bears)


def test_clauses_are_and_of_ors_and_negation_inverts():
    """CR 105.2, 205.2a: "nonblack creature": Grizzly Bears (green) is; "blue or black": it is neither."""
    bears = _object("Grizzly Bears")
    nonblack = ObjectFilter((frozenset({Quality("color", Color.BLACK, negated=True)}),), "nonblack")
    blue_or_black = ObjectFilter(
        (frozenset({Quality("color", Color.BLUE), Quality("color", Color.BLACK)}),), "blue or black"
    )
    assert has_qualities(bears, nonblack) and not has_qualities(bears, blue_or_black)
    assert has_qualities(bears, None)


def test_permanent_kinds_are_read_from_card_types():
    """CR 110.4, 115.1: an artifact creature is a creature and an artifact, and every permanent is a permanent."""
    types = (CardType.ARTIFACT, CardType.CREATURE)
    assert is_of_kinds(types, frozenset({TargetKind.CREATURE}))
    assert is_of_kinds(types, frozenset({TargetKind.PERMANENT}))
    assert not is_of_kinds(types, frozenset({TargetKind.LAND}))
    assert not is_of_kinds((CardType.INSTANT,), frozenset({TargetKind.CREATURE, TargetKind.LAND}))
