"""Mana abilities that sacrifice or exile their object: Treasures, Lotus Petal, Spirit Guides (CR 605.1a, 601.2g).

"{T}, Sacrifice this artifact: Add one mana of any color." is a mana ability like "{T}: Add {G}"; its object is gone
once used. "Sacrifice this creature: Add {R}{R}." has no {T}: a tapped or summoning-sick creature can activate it
(CR 302.6 restricts {T} abilities only). "Exile this card from your hand: Add {G}." is activated from the hand.
How mana is paid is not a choice that tells casts apart: a cast is legal iff some payment exists. Counts are
worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from solver.legal import legal_casts

TREASURE = {"name": "Treasure", "mana_cost": "", "type_line": "Artifact — Treasure",
            "oracle_text": "{T}, Sacrifice this artifact: Add one mana of any color."}


def test_a_treasure_pays_one_mana_of_any_color(make_state, casts):
    """CR 605.1a: Lightning Bolt ({R}) with a Treasure and no land: any target, P1 or P2 = 2 casts."""
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=[("t", TREASURE, {"token": True})])
    assert len(casts(state, "bolt")) == 2


def test_a_treasure_is_used_once(make_state, casts):
    """CR 701.21a: one Treasure makes one mana.

    Shock ({R}): any target, P1 or P2 = 2 casts. Divination ({2}{U}) with the Treasure and an Island: 2 mana of
    3 = 0 casts.
    """
    state = make_state(hand=[("shock", "Shock"), ("div", "Divination")],
                       battlefield=[("t", TREASURE, {"token": True}), ("i", "Island")])
    assert len(casts(state, "shock")) == 2
    assert casts(state, "div") == set()


def test_sacrificing_without_tapping_works_on_a_tapped_creature(make_state, casts):
    """CR 302.6, 605.1a: a tapped Reckless Barbarian still sacrifices itself for {R}{R}.

    Divination ({2}{U}) with an Island and the tapped Barbarian: {U} + {R}{R} pays it: 1 cast.
    """
    state = make_state(hand=[("div", "Divination")],
                       battlefield=[("i", "Island"), ("barb", "Reckless Barbarian", {"tapped": True})])
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
    state = make_state(hand=[("dispute", "Deadly Dispute")],
                       battlefield=[("t", TREASURE, {"token": True}), ("s1", "Swamp"), ("s2", "Swamp")])
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
    state = make_state(hand=[("div", "Divination")],
                       battlefield=[("sig", "Izzet Signet")] + [(f"l{i}", land) for i, land in enumerate(lands)])
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
