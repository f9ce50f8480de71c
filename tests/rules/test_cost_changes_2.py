"""More of what a spell's own text says about casting it: X's bounds, cost changes, timing and permissions.

"X can't be 0." (CR 107.3, 601.2b); "This spell costs {1} less to cast for each …" / "… if …" (CR 601.2f);
"Cast this spell only if …" and "You may cast this spell as though it had flash if …" (CR 601.3, 307.1, 702.8).
Counts are worked out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.abilities import Count, ObjectFilter, Quality, XLimit
from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.objects import CardType, Zone
from models.oracle.parser import parse_card
from tests.rules.conftest import one_face


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


# ---------------------------------------------------------------------------------------------- what is counted
@pytest.mark.parametrize(("this_turn", "expected"), [
    ({"spells_cast": {"P2": 2, "P1": 3}}, 1),  # P2's two spells: {4}{U} - 2 = {2}{U}, three Islands pay it
    ({"spells_cast": {"P1": 3}}, 0),  # the caster's own spells are not counted: {4}{U}, 5 > 3
    ({}, 0),  # not given: none cast (the conservative reading)
])
def test_for_each_spell_your_opponents_have_cast_this_turn(make_state, casts, basics, this_turn, expected):
    """CR 601.2f: Delightful Discovery ({4}{U}) costs {1} less per spell P1's opponents cast this turn.

    Three Islands; no target: 1 cast when the total is {2}{U}, else 0.
    """
    state = make_state(hand=[("dd", "Delightful Discovery")], battlefield=basics("Island", 3), this_turn=this_turn)
    assert len(casts(state, "dd")) == expected


@pytest.mark.parametrize(("life_lost", "expected"), [
    ({"P2": 4}, 1),  # {5}{B/R}{B/R} - 4 = {1}{B/R}{B/R}: three Swamps; target opponent: P2 only
    ({"P1": 4}, 0),  # the caster's own loss is not counted: 7 mana > 3
])
def test_for_each_1_life_your_opponents_have_lost_this_turn(make_state, casts, basics, life_lost, expected):
    """CR 601.2f: Bloodsoaked Insight costs {1} less per 1 life P1's opponents lost this turn (this_turn.life_lost).

    Its front face as a one-faced card (the card data lacks its back face, so the card itself is unsupported).

    "Target opponent": P2, one choice. 1 cast when the reduction is 4, else 0.
    """
    state = make_state(hand=[("bi", one_face("Bloodsoaked Insight"))], battlefield=basics("Swamp", 3),
                       this_turn={"life_lost": life_lost})
    assert len(casts(state, "bi")) == expected


def test_for_each_creature_you_control_with_power_4_or_greater(make_state, casts, basics):
    """CR 601.2f, 118.7a: Spectral Denial ({X}{U}) costs {1} less per creature P1 controls with power 4 or greater.

    P1: Craw Wurm (6/4), Grizzly Bears with three +1/+1 counters (5/5) and Grizzly Bears (2/2), one Island; P2's
    Craw Wurm is not P1's. Two counted: the generic part, X included, is 2 less. With one Island: X = 0, 1, 2 cost
    {U} (X - 2 of generic mana can't go below 0), X = 3 costs {1}{U}, 2 > 1. Target spell: P2's Divination on the
    stack, one choice. 3 casts.
    """
    state = make_state(hand=[("sd", "Spectral Denial")],
                       battlefield=basics("Island", 1) + [("wurm", "Craw Wurm"),
                                                           ("big", "Grizzly Bears", {"counters": {"+1/+1": 3}}),
                                                           ("bears", "Grizzly Bears")],
                       opponent=[("their", "Craw Wurm")],
                       objects=[{"id": "div", "card": "Divination", "zone": "stack", "controller": "P2"}],
                       stack=["div"])
    assert sorted(c.x for c in casts(state, "sd")) == [0, 1, 2]


@pytest.mark.parametrize(("attacking", "expected"), [(3, 1), (2, 0)])
def test_for_each_attacking_creature(make_state, casts, basics, attacking, expected):
    """CR 601.2f, 506.4: Stone Idol Trap ({5}{R}) costs {1} less per attacking creature (the state's ``attacking``).

    P2's turn, combat, P1 with priority; P2 attacks with some of four Grizzly Bears. Three Mountains: with three
    attackers {2}{R} (1 cast); with two {3}{R}, 4 > 3 (0).
    """
    bears = [(f"b{i}", "Grizzly Bears", {"attacking": i < attacking}) for i in range(4)]
    state = make_state(hand=[("trap", "Stone Idol Trap")], battlefield=basics("Mountain", 3), opponent=bears,
                       phase="combat", active_player="P2", priority="P1")
    assert len(casts(state, "trap")) == expected


@pytest.mark.parametrize(("creatures", "expected"), [
    (("Prodigal Sorcerer", "Cloudkin Seer"), 0),  # two Wizards are one member: {4}{B} - 1 = {3}{B}, 4 > 3
    (("Prodigal Sorcerer", "Changeling Outcast"), 1),  # a Wizard, and a changeling as Rogue: {2}{B}
    (("Changeling Outcast", "Changeling Outcast"), 1),  # each changeling a different role: 2 members, {2}{B}
])
def test_for_each_creature_in_your_party(make_state, casts, basics, creatures, expected):
    """CR 700.8, 702.73a: Deadly Alliance ({4}{B}) costs {1} less per creature in P1's party.

    A party is up to one each of Cleric, Rogue, Warrior and Wizard among P1's creatures; a changeling has every
    creature type but fills one role. Three Swamps; target creature or planeswalker: P2's Grizzly Bears, and P1's
    two creatures, 3 targets when castable.
    """
    board = basics("Swamp", 3) + [(f"c{i}", name) for i, name in enumerate(creatures)]
    state = make_state(hand=[("da", "Deadly Alliance")], battlefield=board, opponent=["Grizzly Bears"])
    assert len(casts(state, "da")) == 3 * expected


def test_the_party_of_a_creature_that_is_also_every_role(make_state, casts, basics):
    """CR 700.8, 205.3: Veteran Adventurer "is also a Cleric, Rogue, Warrior, and Wizard": one member, not four.

    With Veteran Adventurer and Prodigal Sorcerer (Wizard) the party is 2: Deadly Alliance costs {2}{B}, three
    Swamps pay it; targets: P2's Grizzly Bears and P1's two creatures, 3 casts.
    """
    board = basics("Swamp", 3) + [("vet", "Veteran Adventurer"), ("wiz", "Prodigal Sorcerer")]
    state = make_state(hand=[("da", "Deadly Alliance")], battlefield=board, opponent=["Grizzly Bears"])
    assert len(casts(state, "da")) == 3


@pytest.mark.parametrize(("artifacts", "in_hand", "expected"), [
    (2, 1, 1),  # {4}{U} - 3 = {1}{U}: two Islands
    (1, 1, 0),  # {2}{U}: 3 > 2
    (0, 3, 1),  # cards in hand count as much as permanents
])
def test_for_each_artifact_you_control_and_each_artifact_card_in_your_hand(make_state, casts, basics, artifacts,
                                                                           in_hand, expected):
    """CR 601.2f: Machinist's Dismissal ({4}{U}) costs {1} less per artifact P1 controls and per artifact card in hand.

    Ornithopters on the battlefield, Ornithopters in hand; two Islands; target noncreature spell: P2's Divination,
    one choice.
    """
    hand = [("md", "Machinist's Dismissal")] + [(f"h{i}", "Ornithopter") for i in range(in_hand)]
    board = basics("Island", 2) + [(f"a{i}", "Ornithopter") for i in range(artifacts)]
    state = make_state(hand=hand, battlefield=board,
                       objects=[{"id": "div", "card": "Divination", "zone": "stack", "controller": "P2"}],
                       stack=["div"])
    assert len(casts(state, "md")) == expected


@pytest.mark.parametrize(("permanents", "expected"), [
    (("Grizzly Bears", "Prodigal Sorcerer", "Hill Giant"), 1),  # green, blue, red: {6}{U} - 3 = {3}{U}
    (("Grizzly Bears", "Llanowar Elves", "Ornithopter"), 0),  # green only: {5}{U}, 6 > 4
])
def test_for_each_color_among_permanents_you_control(make_state, casts, basics, permanents, expected):
    """CR 601.2f, 105.2: Rime Chill ({6}{U}) costs {1} less per colour among P1's permanents (lands are colourless).

    Four Islands. "Tap up to two target creatures": P1's three creatures and none of P2's; 0, 1 or 2 of the three:
    1 + 3 + 3 = 7 target sets when castable.
    """
    board = basics("Island", 4) + [(f"c{i}", name) for i, name in enumerate(permanents)]
    state = make_state(hand=[("rc", "Rime Chill")], battlefield=board)
    assert len(casts(state, "rc")) == 7 * expected


# ---------------------------------------------------------------------------------------------- conditions
@pytest.mark.parametrize(("enchantment", "expected"), [(True, 2), (False, 0)])
def test_two_conditions_each_take_their_own_mana(make_state, casts, basics, enchantment, expected):
    """CR 601.2f: Assassin's Ink ({2}{B}{B}) costs {1} less if P1 controls an artifact and {1} less if an enchantment.

    Two Swamps and an Ornithopter; with Underworld Dreams both hold: {B}{B} (paid), without it {1}{B}{B} (3 > 2).
    Target creature or planeswalker: Ornithopter or P2's Grizzly Bears: 2 casts when castable.
    """
    board = basics("Swamp", 2) + [("thopter", "Ornithopter")] + ([("dreams", "Underworld Dreams")] if enchantment
                                                                  else [])
    state = make_state(hand=[("ink", "Assassin's Ink")], battlefield=board, opponent=["Grizzly Bears"])
    assert len(casts(state, "ink")) == expected


@pytest.mark.parametrize(("lands", "expected"), [
    ({"P2": "Evolving Wilds", "P3": "Plains"}, 1),  # P2 controls no basic land: {1}{B}{B}, three Swamps
    ({"P2": "Forest", "P3": "Plains"}, 0),  # each controls one: {2}{B}{B}, 4 > 3
    ({"P2": "Forest", "P3": "Evolving Wilds"}, 1),  # one opponent (P3) controls none: enough
])
def test_an_opponent_controls_no_basic_lands(make_state, casts, basics, lands, expected):
    """CR 601.2f, 205.4a: Hagra Mauling ({2}{B}{B}) costs {1} less if an opponent controls no basic lands.

    Its front face as a one-faced card (the card data lacks its back face, so the card itself is unsupported).

    Three players; three Swamps; target creature: P2's Grizzly Bears only, 1 cast when castable.
    """
    objects = [{"id": f"land-{player}", "card": land, "zone": "battlefield", "controller": player}
               for player, land in lands.items()]
    state = make_state(hand=[("hm", one_face("Hagra Mauling"))], battlefield=basics("Swamp", 3),
                       opponent=["Grizzly Bears"],
                       objects=objects, players=["P1", "P2", "P3"])
    assert len(casts(state, "hm")) == expected


@pytest.mark.parametrize(("artifact", "expected"), [("Ornithopter", 1), ("Bonesplitter", 0)])
def test_you_control_an_artifact_creature(make_state, casts, basics, artifact, expected):
    """CR 601.2f, 205.2a: Machine Over Matter ({1}{U}) costs {1} less if P1 controls an artifact creature.

    One Island. Ornithopter is an artifact creature: {U}; Bonesplitter is an artifact, not a creature: {1}{U},
    2 > 1. Target nonland permanent: the artifact, 1 cast when castable.
    """
    state = make_state(hand=[("mom", "Machine Over Matter")], battlefield=basics("Island", 1) + [("a", artifact)])
    assert len(casts(state, "mom")) == expected


@pytest.mark.parametrize(("creatures", "expected"), [
    (("Elite Vanguard", "Grizzly Bears"), 1),  # a Human and a non-Human: {U}
    (("Elite Vanguard", "Elite Vanguard"), 0),  # no non-Human: {2}{U}, 3 > 1
])
def test_a_human_creature_and_a_non_human_creature(make_state, casts, basics, creatures, expected):
    """CR 601.2f: Of One Mind ({2}{U}) costs {2} less if P1 controls a Human creature and a non-Human creature.

    One Island; no target.
    """
    board = basics("Island", 1) + [(f"c{i}", name) for i, name in enumerate(creatures)]
    state = make_state(hand=[("oom", "Of One Mind")], battlefield=board)
    assert len(casts(state, "oom")) == expected


@pytest.mark.parametrize(("cards", "expected"), [
    (("Grizzly Bears", "Opt", "Ornithopter", "Forest"), 1),  # creature, instant, artifact, land: 4 types
    (("Grizzly Bears", "Opt", "Ornithopter", "Lightning Bolt"), 0),  # creature, instant, artifact: 3
])
def test_four_or_more_card_types_among_cards_in_your_graveyard(make_state, casts, basics, cards, expected):
    """CR 601.2f, 205.2a: Scour the Laboratory ({4}{U}{U}) costs {2} less with delirium.

    Card types are counted once each, Ornithopter giving artifact and creature. Four Islands: {2}{U}{U} paid,
    {4}{U}{U} not. No target.
    """
    graveyard = [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": "P1"} for i, name in enumerate(cards)]
    state = make_state(hand=[("scour", "Scour the Laboratory")], battlefield=basics("Island", 4), objects=graveyard)
    assert len(casts(state, "scour")) == expected


@pytest.mark.parametrize(("life", "expected"), [(5, 1), (6, 0)])
def test_your_life_total_is_5_or_less(make_state, casts, basics, life, expected):
    """CR 601.2f, 119: The End ({2}{B}{B}) costs {2} less if P1's life total is 5 or less.

    Two Swamps pay {B}{B}; target creature or planeswalker: P2's Grizzly Bears, 1 cast when castable.
    """
    state = make_state(hand=[("end", "The End")], battlefield=basics("Swamp", 2), opponent=["Grizzly Bears"],
                       life={"P1": life})
    assert len(casts(state, "end")) == expected


@pytest.mark.parametrize(("attacking", "expected"), [(True, 1), (False, 0)])
def test_a_creature_is_attacking_you(make_state, casts, basics, attacking, expected):
    """CR 601.2f, 508.1b: Swat Away ({2}{U}{U}) costs {2} less if a creature is attacking P1.

    Two players, P2's combat, P1 with priority and no planeswalker, no battle: an attacking creature of P2
    attacks P1. Two Islands pay {U}{U}; target spell or creature: P2's Grizzly Bears (no spell on the stack),
    1 cast when castable.
    """
    state = make_state(hand=[("swat", "Swat Away")], battlefield=basics("Island", 2),
                       opponent=[("bear", "Grizzly Bears", {"attacking": attacking})],
                       phase="combat", active_player="P2", priority="P1")
    assert len(casts(state, "swat")) == expected


def test_whom_a_creature_attacks_is_not_guessed(make_state, casts, basics):
    """CR 508.1b: with a planeswalker of P1's on the battlefield, P2's attacker may attack it, not P1: reported."""
    state = make_state(hand=[("swat", "Swat Away")], battlefield=basics("Island", 2) + [("jace", "Jace Beleren")],
                       opponent=[("bear", "Grizzly Bears", {"attacking": True})],
                       phase="combat", active_player="P2", priority="P1")
    with pytest.raises(UnsupportedRuleError):
        casts(state, "swat")
