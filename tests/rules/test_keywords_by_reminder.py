"""Keywords newer than the rules edition the reader follows, read by their reminder text (CR 118.9, 903.3).

Sneak [cost]: "You may cast this spell for [cost] if you also return an unblocked attacker you control to hand
during the declare blockers step." An alternative cost (CR 118.9) that needs an attacking creature of the
caster's, so the combat phase (CR 506.4): outside it, or with no attacker of the caster's, it can't be paid;
within it, with one, the step and which attackers are blocked decide, and the state gives neither (CR 506.1).
Paradigm: "Then exile this spell. After you first resolve a spell with this name, you may cast a copy of it
from exile …": nothing about casting the card from the hand; from exile, a copy is cast, which is not
modelled. Spell commander: "This card can be your commander.": deck construction (CR 903.3). Counts are
worked out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.oracle.parser import parse_card


def test_sneak_reading() -> None:
    """CR 118.9: "Sneak {U}" is an alternative cost of {U} and an attacking creature returned to hand."""
    read = parse_card(default_card_database().get("Donatello's Technique"))
    assert not read.casting_unsupported
    (sneak,) = read.alternative_costs
    assert (sneak.keyword, str(sneak.cost.mana)) == ("sneak", "{U}")
    assert [o.action.value for o in sneak.cost.objects] == ["return"]


def test_sneak_outside_combat_is_not_offered(make_state, casts):
    """CR 506.4, 118.9: Donatello's Technique ({2}{U} sorcery, Sneak {U}) in P1's main phase.

    No creature attacks outside the combat phase, so the sneak cost can't be paid: three Islands pay the mana
    cost, 1 cast, without an alternative cost. (Grizzly Bears on the battlefield does not change it.)
    """
    state = make_state(
        hand=[("don", "Donatello's Technique")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("i3", "Island"), ("b1", "Grizzly Bears")],
    )
    found = casts(state, "don")
    assert len(found) == 1
    assert next(iter(found)).alternative_cost is None


def test_sneak_in_combat_without_an_attacker_of_the_caster(make_state, casts):
    """CR 506.2, 118.9: The Last Ronin's Technique ({3}{W} instant, Sneak {1}{W}) in P2's combat, P1 to act.

    Only P2's creatures attack; P1 controls none that attacks, so sneak can't be paid: four Plains pay the mana
    cost, 1 cast.
    """
    state = make_state(
        hand=[("ronin", "The Last Ronin's Technique")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains"), ("p4", "Plains")],
        opponent=[("o1", "Grizzly Bears", {"attacking": True, "tapped": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "ronin")
    assert len(found) == 1
    assert next(iter(found)).alternative_cost is None


def test_sneak_with_an_attacker_is_reported(make_state, casts):
    """CR 506.1, 509.1h: in P1's combat with an attacking creature of P1's, sneak is reported, not guessed.

    Which step it is and whether the creature is blocked decide it, and the state gives neither.
    """
    state = make_state(
        hand=[("ronin", "The Last Ronin's Technique")],
        battlefield=[
            ("p1", "Plains"),
            ("p2", "Plains"),
            ("p3", "Plains"),
            ("p4", "Plains"),
            ("b1", "Grizzly Bears", {"attacking": True, "tapped": True}),
        ],
        phase="combat",
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "ronin")


def test_paradigm_from_the_hand(make_state, casts):
    """CR 601.2: Paradigm does not change casting from the hand.

    Decorum Dissertation ({3}{B}{B}, "Target player draws two cards and loses 2 life.") with five Swamps: one
    target player of two, 2 casts.
    """
    state = make_state(hand=[("decorum", "Decorum Dissertation")], battlefield=[(f"s{i}", "Swamp") for i in range(5)])
    assert len(casts(state, "decorum")) == 2


def test_paradigm_from_exile_is_reported(make_state, casts):
    """CR 707.12: Paradigm casts a copy from exile, which a state does not describe: the card in exile is reported."""
    state = make_state(
        battlefield=[(f"s{i}", "Swamp") for i in range(5)],
        objects=[{"id": "decorum", "card": "Decorum Dissertation", "zone": "exile", "owner": "P1"}],
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "decorum")


def test_spell_commander_is_deck_construction(make_state, casts):
    """CR 903.3: "Spell commander" is about deck construction, not casting.

    Lava, Axe ({4}{R}, "deals 5 damage to target player or planeswalker") with five Mountains: P1 or P2, 2 casts.
    """
    state = make_state(hand=[("lava", "Lava, Axe")], battlefield=[(f"m{i}", "Mountain") for i in range(5)])
    assert len(casts(state, "lava")) == 2


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("Ambitious Augmenter", "Increment"),
        ("Amber-Plate Ainok", "Double team"),
        ("Alora, Rogue Companion", "Specialize {2}"),
        ("The Bus Runner", "Ready to run"),
        ("Drake with Set's Mechanic", "Poison Tolerance +2"),
        ("Bat-", "Augment {1}{B}"),
    ],
)
def test_keywords_whose_reminder_text_bears_on_no_cast_are_read(name, line) -> None:
    """Each is read whole: its reminder text works on the battlefield, in combat or in deck construction.

    Increment (a trigger on a spell cast, resolved after it, CR 601.2i), double team (a trigger on attacking, CR
    603), specialize (an activated ability, CR 602), ready to run (two commanders, as partner, CR 702.124a),
    Poison Tolerance (a player's losing, CR 704.5c), augment (the card put onto the battlefield from the hand
    by an ability, no cast, as ninjutsu, CR 702.49a): nothing unread.
    """
    card = default_card_database().get(name)
    assert line in card.oracle_text
    read = parse_card(card)
    assert not read.unsupported_casting_from_any_zone
    assert not read.permanent_unsupported


def test_a_creature_with_increment_and_one_with_double_team_on_the_battlefield(make_state, casts) -> None:
    """CR 115.1, 601.2i: Increment's and double team's triggers bear on no cast.

    Ambitious Augmenter ({G} 1/1, Increment) in P1's hand with a Forest and a Mountain: 1 cast. Lightning Bolt
    ({R}, any target) with P2's Ambitious Augmenter and Amber-Plate Ainok (double team) on the battlefield: P1,
    P2 and the two creatures = 4 casts.
    """
    state = make_state(
        hand=[("aug", "Ambitious Augmenter"), ("bolt", "Lightning Bolt")],
        battlefield=[("f", "Forest"), ("m", "Mountain")],
        opponent=[("o1", "Ambitious Augmenter"), ("o2", "Amber-Plate Ainok")],
    )
    assert len(casts(state, "aug")) == 1
    assert len(casts(state, "bolt")) == 4


@pytest.mark.parametrize(
    "name", ["Captain Howler, Sea Scourge", "Belt of Giant Strength", "Hexing Squelcher", "Winter, Cursed Rider"]
)
def test_ward_with_a_cost_other_than_mana_and_equip_with_a_cost_change_are_read(name) -> None:
    """CR 702.21a, 702.6a: "Ward—{2}, Pay 2 life." (given or printed) and "Equip {10}. This ability costs {X} less …".

    Ward triggers when its permanent becomes the target of a spell, after the spell is cast (CR 601.2i); equip is
    an activated ability of the permanent (CR 602): nothing unread.
    """
    read = parse_card(default_card_database().get(name))
    assert not read.unsupported_casting_from_any_zone
    assert not read.permanent_unsupported
    assert not read.static_unread


def test_ward_given_with_a_life_cost_does_not_stop_targeting(make_state, casts) -> None:
    """CR 702.21a, 115.1: Hexing Squelcher: 'Other creatures you control have "Ward—Pay 2 life."'.

    Ward is a triggered ability: it counters the spell after it is cast unless its cost is paid, and never makes a
    target illegal. Lightning Bolt with P2's Squelcher and Grizzly Bears: P1, P2, the Squelcher and the Bears = 4.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("m", "Mountain")],
        opponent=[("sq", "Hexing Squelcher"), ("bears", "Grizzly Bears")],
    )
    assert len(casts(state, "bolt")) == 4
