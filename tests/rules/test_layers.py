"""The layer system: static abilities of permanents change what other casts read (CR 611.3, 613).

Each test puts a permanent whose static ability changes other objects on the battlefield, on one side or the
other, and counts a spell whose casts read what it changes, with the count worked out by hand.
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from models.io.card_pool import default_card_database
from models.oracle.parser import parse_card
from solver.legal import legal_casts
from solver.rules.layers import as_the_game_sees_it, devotion
from tests.rules.conftest import lands


def _targets(state, card):
    """The target sets of every legal cast of ``card``, sorted, each a tuple of the chosen ids."""
    return sorted(tuple(sorted(t.targets)) for cast in legal_casts(state, card) for t in cast.targets)


# ---------------------------------------------------------------- layer 6: abilities gained and lost (CR 613.1f)


@pytest.mark.parametrize("side", ["P2", "P1"])
def test_creatures_you_control_have_flying(make_state, side):
    """Tobita, Master of Winds (flipped Student of Elements): "Creatures you control have flying." (CR 613.1f, 611.3a).

    Plummet destroys target creature with flying. Tobita's controller's creatures fly, Tobita with them: on P2's
    side, Tobita and P2's Grizzly Bears (2 casts); on P1's side, Tobita and P1's Hill Giant (2 casts). Nobody
    else flies.
    """
    tobita = ("tobita", "Student of Elements", {"flipped": True})
    mine, theirs = [("giant", "Hill Giant")], [("bears", "Grizzly Bears")]
    if side == "P2":
        theirs.append(tobita)
    else:
        mine.append(tobita)
    state = make_state(hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2) + mine, opponent=theirs)
    expected = [("bears",), ("tobita",)] if side == "P2" else [("giant",), ("tobita",)]
    assert _targets(state, "plummet") == expected


def test_loses_flying(make_state):
    """Grounded: "Enchanted creature loses flying." (CR 613.1f). Serra Angel enchanted: Plummet has no target.

    Without Grounded the Angel is Plummet's one target (1 cast); with it, none (0 casts).
    """
    angel = [("angel", "Serra Angel")]
    bare = make_state(hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2), opponent=angel)
    assert _targets(bare, "plummet") == [("angel",)]
    grounded = angel + [("grounded", "Grounded", {"attached_to": "angel"})]
    state = make_state(hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2), opponent=grounded)
    assert legal_casts(state, "plummet").count() == 0


def test_deep_freeze_base_power_lost_abilities_colour_and_type(make_state):
    """Deep Freeze: base power and toughness 0/4 (7b), defender, loses all other abilities (6), a blue Wall (4, 5).

    Serra Angel (4/4, flying, vigilance) enchanted: Smite the Monstrous (power 4 or greater) and Plummet (with
    flying) have no target (0 casts each); without Deep Freeze each has one. The Angel is then a blue and white
    Angel Wall with defender (CR 205.1b: "in addition to its other colors and types").
    """
    frozen = [("angel", "Serra Angel"), ("freeze", "Deep Freeze", {"attached_to": "angel"})]
    state = make_state(
        hand=[("smite", "Smite the Monstrous"), ("plummet", "Plummet")],
        battlefield=lands("Plains", 4) + lands("Forest", 2),
        opponent=frozen,
    )
    assert legal_casts(state, "smite").count() == 0
    assert legal_casts(state, "plummet").count() == 0
    angel = as_the_game_sees_it(state).object("angel")
    assert angel.card.power == "0" and angel.card.toughness == "4"
    assert set(angel.card.subtypes) == {"Angel", "Wall"}
    assert {c.letter for c in angel.card.colors} == {"W", "U"}
    assert angel.abilities_lost and "defender" in angel.granted


def test_an_ability_lost_makes_no_effect(make_state):
    """CR 613.8a: Deep Freeze on Tobita takes its "Creatures you control have flying" before that applies.

    Tobita loses all other abilities, so neither it nor P2's Grizzly Bears fly: Plummet has no target (0 casts).
    """
    board = [
        ("tobita", "Student of Elements", {"flipped": True}),
        ("freeze", "Deep Freeze", {"attached_to": "tobita"}),
        ("bears", "Grizzly Bears"),
    ]
    state = make_state(hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2), opponent=board)
    assert legal_casts(state, "plummet").count() == 0


def test_order_of_effects_unknown_is_unsupported(make_state):
    """CR 613.7: Tobita gives flying and Grounded takes it, both in layer 6: the later timestamp wins.

    A state has no timestamps, so whether the enchanted creature flies can't be told: unsupported, never guessed.
    """
    board = [
        ("tobita", "Student of Elements", {"flipped": True}),
        ("bears", "Grizzly Bears"),
        ("grounded", "Grounded", {"attached_to": "bears"}),
    ]
    state = make_state(hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2), opponent=board)
    with pytest.raises(UnsupportedRuleError, match="613.7"):
        legal_casts(state, "plummet").count()


@pytest.mark.parametrize(("side", "expected"), [("P1", 1), ("P2", 0)])
def test_haste_given_lets_a_new_creature_tap_for_mana(make_state, side, expected):
    """Fervor: "Creatures you control have haste." (CR 613.1f); a summoning-sick creature with haste taps (302.6).

    Giant Growth ({G}) with a summoning-sick Llanowar Elves as P1's only mana: with P1's Fervor it pays, and
    the Elves are the one creature to target (1 cast); with P2's Fervor, P1's Elves have no haste (0 casts).
    """
    fervor = [("fervor", "Fervor")]
    state = make_state(
        hand=[("growth", "Giant Growth")],
        battlefield=[("elves", "Llanowar Elves", {"summoning_sick": True})] + (fervor if side == "P1" else []),
        opponent=fervor if side == "P2" else [],
    )
    assert legal_casts(state, "growth").count() == expected


def test_activated_abilities_cant_be_activated(make_state):
    """Arrest: "its activated abilities can't be activated" (CR 602.5): its mana abilities neither (605.3a).

    P1's Llanowar Elves, P1's only mana, arrested by P2: Giant Growth can't be paid (0 casts). Unarrested, it
    pays and targets the Elves (1 cast).
    """
    elves = [("elves", "Llanowar Elves")]
    free = make_state(hand=[("growth", "Giant Growth")], battlefield=elves)
    assert legal_casts(free, "growth").count() == 1
    arrest = [("arrest", "Arrest", {"attached_to": "elves"})]
    state = make_state(hand=[("growth", "Giant Growth")], battlefield=elves, opponent=arrest)
    assert legal_casts(state, "growth").count() == 0


# ---------------------------------------------------------------- layer 2: control (CR 613.1b)


@pytest.mark.parametrize(("persuaded", "expected"), [(True, [("elves",)]), (False, [])])
def test_control_of_enchanted_creature(make_state, persuaded, expected):
    """Persuasion: "You control enchanted creature." (CR 613.1b). P1's Persuasion on P2's Llanowar Elves.

    Ranger's Guile ({G}: target creature you control) with the Elves as P1's only mana: persuaded, P1 controls
    the Elves, which pay and are the target (1 cast); without Persuasion P1 has neither mana nor a creature.
    """
    mine = [("persuasion", "Persuasion", {"attached_to": "elves"})] if persuaded else []
    state = make_state(hand=[("guile", "Ranger's Guile")], battlefield=mine, opponent=[("elves", "Llanowar Elves")])
    assert _targets(state, "guile") == expected


# ---------------------------------------------------------------- layer 4: types, with a condition (CR 613.1d)


def test_god_below_devotion_is_no_creature(make_state):
    """Pharika's "As long as your devotion to black and green is less than seven, Pharika isn't a creature".

    Pharika ({2}{B}{G}) alone gives P2 devotion 2 (CR 700.5): no creature, and no God either (CR 205.1a: the
    creature types go with the creature type). Lightning Bolt's any target: P1 or P2 (2 casts).
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("pharika", "Pharika, God of Affliction")],
    )
    assert _targets(state, "bolt") == [("P1",), ("P2",)]
    seen = as_the_game_sees_it(state).object("pharika")
    assert [t.value for t in seen.card.types] == ["Enchantment"] and seen.card.subtypes == ()


@pytest.mark.parametrize("side", ["P2", "P1"])
def test_god_with_devotion_is_a_creature(make_state, side):
    """Devotion counts the symbols of the permanents its player controls (CR 700.5).

    Pharika {2}{B}{G} (2) + Phyrexian Obliterator {B}{B}{B}{B} (4) + Llanowar Elves {G} (1): 7 for P2 with all
    three, and Pharika is a creature: Bolt has 5 targets (P1, P2, Pharika, Obliterator, Elves). With the
    Obliterator on P1's side, P2's devotion is 3: Pharika is no creature, and Bolt has 4 (P1, P2, Obliterator, Elves).
    """
    obliterator = [("obliterator", "Phyrexian Obliterator")]
    theirs = [("pharika", "Pharika, God of Affliction"), ("elves", "Llanowar Elves")]
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1) + (obliterator if side == "P1" else []),
        opponent=theirs + (obliterator if side == "P2" else []),
    )
    assert devotion(state, "P2", [c for c in state.object("pharika").card.colors]) == (7 if side == "P2" else 3)
    expected = {("P1",), ("P2",), ("obliterator",), ("elves",)} | ({("pharika",)} if side == "P2" else set())
    assert set(_targets(state, "bolt")) == expected


def test_creature_types_set(make_state):
    """Oni Possession's "Enchanted creature gets +3/+3 …" and "Enchanted creature is a Demon Spirit".

    CR 205.1a: the Demon Spirit replaces the Bears' creature types; +3/+3 makes it 5/5 (layer 7c), so Smite the
    Monstrous (power 4 or greater) has it as its one target (1 cast).
    """
    board = [("bears", "Grizzly Bears"), ("oni", "Oni Possession", {"attached_to": "bears"})]
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board)
    assert _targets(state, "smite") == [("bears",)]
    bears = as_the_game_sees_it(state).object("bears")
    assert set(bears.card.subtypes) == {"Demon", "Spirit"} and bears.card.power == "5"


# ---------------------------------------------------------------- what is not read refuses narrowly


def test_power_change_by_a_count_of_cards_in_all_graveyards(make_state):
    """Exoskeletal Armor: "+X/+X, where X is the number of creature cards in all graveyards" (CR 613.4c).

    With one creature card in each graveyard the Bears are 2/2 + 2 = 4/4: Smite the Monstrous (power 4 or greater)
    has them as its one target, 1 cast. With the opponent's card alone they are 3/3: no target, 0 casts.
    """
    board = [("bears", "Grizzly Bears"), ("armor", "Exoskeletal Armor", {"attached_to": "bears"})]
    dead = [
        {"id": "g1", "card": "Hill Giant", "zone": "graveyard", "owner": "P1"},
        {"id": "g2", "card": "Hill Giant", "zone": "graveyard", "owner": "P2"},
        {"id": "g3", "card": "Lightning Bolt", "zone": "graveyard", "owner": "P2"},  # no creature card: not counted
    ]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board, objects=dead
    )
    assert _targets(state, "smite") == [("bears",)]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board, objects=dead[1:]
    )
    assert legal_casts(state, "smite").count() == 0


def test_power_change_not_read_refuses_power_only(make_state, card):
    """ "+2/+0 as long as you've drawn two or more cards this turn" is not read (the state gives no draws, CR 613.4).

    So Smite is unsupported. Lightning Bolt reads no power: its targets are P1, P2 and the kite, 3 casts.
    """
    kite = card(
        "Drawn Kite",
        "{1}{U}",
        "Creature — Bird",
        "This creature gets +2/+0 as long as you've drawn two or more cards this turn.",
        power="1",
        toughness="1",
    )
    state = make_state(
        hand=[("smite", "Smite the Monstrous"), ("bolt", "Lightning Bolt")],
        battlefield=lands("Plains", 4) + lands("Mountain", 1),
        opponent=[("wombat", kite)],
    )
    with pytest.raises(UnsupportedRuleError, match="613.4"):
        legal_casts(state, "smite").count()
    assert legal_casts(state, "bolt").count() == 3


def test_keyword_change_not_read_refuses_that_keyword_only(make_state, card):
    """An unread "… have flying" line: Plummet (with flying) is unsupported (CR 613.1f); Lightning Bolt is not.

    Bolt's targets: P1, P2 and the opponent's creature: 3 casts.
    """
    oddity = card(
        "Sky Oddity",
        "{2}{U}",
        "Creature — Bird",
        "As long as you've completed a dungeon, creatures you control have flying.",
        power="1",
        toughness="1",
    )
    state = make_state(
        hand=[("plummet", "Plummet"), ("bolt", "Lightning Bolt")],
        battlefield=lands("Forest", 2) + lands("Mountain", 1),
        opponent=[("oddity", oddity)],
    )
    with pytest.raises(UnsupportedRuleError, match="613.1f"):
        legal_casts(state, "plummet").count()
    assert legal_casts(state, "bolt").count() == 3


@pytest.mark.parametrize(("cards_in_hand", "expected"), [(7, 1), (6, 0)])
def test_condition_on_cards_in_hand(make_state, card, cards_in_hand, expected):
    """ "As long as you have seven or more cards in hand, creatures you control have flying." (CR 611.3a).

    The condition is P2's ("you" is the source's controller). With 7 cards in P2's hand, P2's Oddity has flying:
    Plummet (destroy target creature with flying) has it as its one target, 1 cast; with 6, none, 0 casts.
    """
    oddity = card(
        "Sky Oddity",
        "{2}{U}",
        "Creature — Bird",
        "As long as you have seven or more cards in hand, creatures you control have flying.",
        power="1",
        toughness="1",
    )
    their_hand = [{"id": f"p2h{i}", "card": "Island", "zone": "hand", "owner": "P2"} for i in range(cards_in_hand)]
    state = make_state(
        hand=[("plummet", "Plummet")] + [(f"p1h{i}", "Island") for i in range(7)],  # P1's hand counts for nothing
        battlefield=lands("Forest", 2),
        opponent=[("oddity", oddity)],
        objects=their_hand,
    )
    assert legal_casts(state, "plummet").count() == expected


@pytest.mark.parametrize(("lands_of_p2", "expected"), [(7, 1), (6, 0)])
def test_condition_on_how_many_lands_are_controlled(make_state, card, lands_of_p2, expected):
    """ "As long as you control seven or more lands, this creature gets +2/+2." (CR 611.3a).

    An inline 2/2 with that line on P2's side: with 7 lands it is 4/4, and Smite the Monstrous (power 4 or greater)
    has it as its one target, 1 cast; with 6 it is 2/2: 0 casts.
    """
    giant = card(
        "Land Eater",
        "{2}{G}",
        "Creature — Giant",
        "As long as you control seven or more lands, this creature gets +2/+2.",
        power="2",
        toughness="2",
    )
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("giant", giant)] + lands("Forest", lands_of_p2, "p2f"),
    )
    assert legal_casts(state, "smite").count() == expected


@pytest.mark.parametrize(("counters", "expected"), [(2, 1), (1, 0)])
def test_power_by_counters_on_the_source(make_state, card, counters, expected):
    """Opaline Bracers: "+X/+X, where X is the number of charge counters on this Equipment" (CR 122.1, 613.4c).

    Opaline Bracers with 2 charge counters on P2's Bears (2/2): 4/4, Smite the Monstrous's one target, 1 cast; with
    1 counter, 3/3: 0 casts.
    """
    bracers = {"attached_to": "bears", "counters": {"charge": counters}}
    board = [("bears", "Grizzly Bears"), ("bracers", "Opaline Bracers", bracers)]
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board)
    assert legal_casts(state, "smite").count() == expected


@pytest.mark.parametrize(("spell", "expected"), [("Lightning Bolt", 0), ("Opt", 1)])
def test_land_type_set(make_state, spell, expected):
    """Spreading Seas: "Enchanted land is an Island." (CR 305.7): the Mountain taps for {U}, no longer {R}.

    P1's one Mountain, enchanted by P2's Spreading Seas: Lightning Bolt ({R}) can't be paid (0 casts); Opt ({U},
    no target) can (1 cast).
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[("mountain", "Mountain")],
        opponent=[("seas", "Spreading Seas", {"attached_to": "mountain"})],
    )
    assert legal_casts(state, "spell").count() == expected
    assert as_the_game_sees_it(state).object("mountain").card.subtypes == ("Island",)


# ---------------------------------------------------------------- conditions and counts (CR 611.3a, 613.4)


@pytest.mark.parametrize(("plains_side", "expected"), [("P2", 0), ("P1", 1)])
def test_conditions_on_what_the_controller_controls(make_state, plains_side, expected):
    """Wild Nacatl (1/1): "+1/+1 as long as you control a Mountain" and "+1/+1 as long as you control a Plains".

    P2's Nacatl with P2's Mountain: 2/2. With P2's Plains too it is 3/3, and Defeat (power 2 or less) has no
    target (0 casts); with the Plains on P1's side it stays 2/2, Defeat's one target (1 cast).
    """
    plains = [("plains", "Plains")]
    state = make_state(
        hand=[("defeat", "Defeat")],
        battlefield=lands("Swamp", 2) + (plains if plains_side == "P1" else []),
        opponent=[("nacatl", "Wild Nacatl"), ("mountain", "Mountain")] + (plains if plains_side == "P2" else []),
    )
    assert legal_casts(state, "defeat").count() == expected


@pytest.mark.parametrize(("relics", "expected"), [(3, [("master",)]), (2, [])])
def test_power_defined_by_a_count(make_state, relics, expected):
    """Master of Etherium: "~'s power and toughness are each equal to the number of artifacts you control" (7a).

    P2's Master with three of P2's Darksteel Relics counts 4 artifacts (itself included): 4/4, Smite the
    Monstrous's one target (1 cast). With two, 3/3: none (0 casts). P1's two Relics are not P2's.
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4) + [("mine1", "Darksteel Relic"), ("mine2", "Darksteel Relic")],
        opponent=[("master", "Master of Etherium")] + [(f"relic{i}", "Darksteel Relic") for i in range(relics)],
    )
    assert _targets(state, "smite") == expected


@pytest.mark.parametrize("attacking", [True, False])
def test_condition_on_the_permanent_itself(make_state, attacking):
    """Thorned Moloch: "This creature has first strike as long as it's attacking." (CR 611.3a, 506.4)."""
    state = make_state(opponent=[("moloch", "Thorned Moloch", {"attacking": attacking})], active_player="P2")
    assert ("first strike" in as_the_game_sees_it(state).object("moloch").granted) is attacking


# ---------------------------------------------------------------- effects of resolved spells (CR 611.2)


def _growth(text, timestamp=1, affects=("bears",)):
    return {"source": "gy", "affects": list(affects), "text": text, "timestamp": timestamp}


def _with_effects(make_state, hand, effects, battlefield=()):
    graveyard = [{"id": "gy", "card": "Giant Growth", "zone": "graveyard", "owner": "P2"}]
    return make_state(
        hand=hand,
        battlefield=lands("Plains", 4) + lands("Forest", 2) + lands("Mountain", 1) + list(battlefield),
        opponent=[("bears", "Grizzly Bears")],
        objects=graveyard,
        effects=effects,
    )


def test_effect_of_a_resolved_spell(make_state):
    """A resolved Giant Growth: "gets +3/+3 until end of turn" on P2's Bears (CR 611.2c, 613.4c): 5/5.

    Smite the Monstrous (power 4 or greater) has the Bears as its one target (1 cast); without the effect, none.
    """
    state = _with_effects(make_state, [("smite", "Smite the Monstrous")], [_growth("gets +3/+3 until end of turn")])
    assert _targets(state, "smite") == [("bears",)]
    assert legal_casts(_with_effects(make_state, [("smite", "Smite the Monstrous")], []), "smite").count() == 0


@pytest.mark.parametrize(("gain", "lose", "expected"), [(1, 2, 0), (2, 1, 1)])
def test_effects_apply_in_timestamp_order(make_state, gain, lose, expected):
    """Two effects in layer 6 on the Bears: "gains flying" and "loses flying" (CR 613.7b: the later one wins).

    Lost last: the Bears don't fly, and Plummet has no target (0 casts); gained last: they fly (1 cast).
    """
    effects = [_growth("gains flying until end of turn", gain), _growth("loses flying until end of turn", lose)]
    state = _with_effects(make_state, [("plummet", "Plummet")], effects)
    assert legal_casts(state, "plummet").count() == expected


def test_effect_not_read_refuses_what_it_may_change(make_state):
    """An effect whose text is not read ("gets +X/+X, where X is …"): power can't be judged (CR 613.4).

    Smite the Monstrous is unsupported; Lightning Bolt reads no power: P1, P2 or the Bears, 3 casts.
    """
    effect = _growth("gets +X/+X until end of turn, where X is the number of creatures you control")
    state = _with_effects(make_state, [("smite", "Smite the Monstrous"), ("bolt", "Lightning Bolt")], [effect])
    with pytest.raises(UnsupportedRuleError, match="613.4"):
        legal_casts(state, "smite").count()
    assert legal_casts(state, "bolt").count() == 3


def test_effect_naming_an_unknown_object_is_bad_input(make_state):
    """An effect must name objects of the state: the error names the key path."""
    from models.errors import InputError

    with pytest.raises(InputError, match=r"effects\[0\]\.affects\[1\]"):
        _with_effects(make_state, [], [_growth("gets +3/+3", affects=("bears", "nobody"))])


@pytest.mark.parametrize("arrested", ["elves1", "elves2"])
def test_one_of_two_alike_permanents_arrested(make_state, arrested):
    """Two Llanowar Elves, one arrested (CR 602.5): the other still taps for {G}, whichever comes first.

    Giant Growth ({G}) then targets either Elves: 2 casts.
    """
    elves = [("elves1", "Llanowar Elves"), ("elves2", "Llanowar Elves")]
    state = make_state(
        hand=[("growth", "Giant Growth")],
        battlefield=elves,
        opponent=[("arrest", "Arrest", {"attached_to": arrested})],
    )
    assert legal_casts(state, "growth").count() == 2


# ---------------------------------------------------------------- a leveler's striations (CR 711)


@pytest.mark.parametrize(("level", "expected"), [(0, 0), (5, 0), (6, 1), (11, 1), (12, 1)])
def test_leveler_striations(make_state, level, expected):
    """Transcendent Master (3/3): "LEVEL 6-11 6/6 Lifelink", "LEVEL 12+ 9/9 Lifelink, indestructible" (CR 711.2).

    With 6 to 11 level counters it has base power and toughness 6/6, with 12 or more 9/9, with fewer than 6 its
    printed 3/3 (CR 711.5). Smite the Monstrous (power 4 or greater), four Plains: the Master is its one target
    from level 6 up (1 cast), none below (0).
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("master", "Transcendent Master", {"counters": {"level": level}})],
    )
    assert legal_casts(state, "smite").count() == expected
    master = as_the_game_sees_it(state).object("master")
    assert ("lifelink" in master.granted) is (level >= 6)
    assert ("indestructible" in master.granted) is (level >= 12)


@pytest.mark.parametrize(("side", "expected"), [("P1", 3), ("P2", 0), (None, 0)])
def test_mana_ability_given(make_state, side, expected):
    """Cryptolith Rite: 'Creatures you control have "{T}: Add one mana of any color."' (CR 613.1f, 605.1a).

    P1's Grizzly Bears, not summoning sick, with P1's Rite: {R} for Lightning Bolt, whose targets are P1, P2 and
    the Bears (3 casts). The Rite on P2's side gives P2's creatures the ability; without it the Bears make no
    mana (0).
    """
    rite = [("rite", "Cryptolith Rite")]
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("bears", "Grizzly Bears")] + (rite if side == "P1" else []),
        opponent=rite if side == "P2" else [],
    )
    assert legal_casts(state, "bolt").count() == expected


# ---------------------------------------------------------------- what was chosen as a permanent entered


@pytest.mark.parametrize(("colour", "expected"), [("red", 2), ("blue", 0)])
def test_mana_of_the_chosen_color(make_state, colour, expected):
    """Coldsteel Heart: "{T}: Add one mana of the chosen color." (CR 607.2a): the state says which (``chosen``).

    Red chosen: {R} for Lightning Bolt, P1 or P2, 2 casts; blue: 0.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("heart", "Coldsteel Heart", {"chosen": {"color": colour}})]
    )
    assert legal_casts(state, "bolt").count() == expected


@pytest.mark.parametrize(("chosen", "expected"), [("Giant", 1), ("Elf", 0)])
def test_creatures_of_the_chosen_type(make_state, chosen, expected):
    """Icon of Ancestry: "Creatures you control of the chosen type get +1/+1." (CR 607.2a, 613.4c).

    P2's Icon with Giant chosen makes P2's Hill Giant 4/4: Smite the Monstrous (power 4 or greater) has it as its
    one target (1 cast); with Elf chosen the Giant stays 3/3 (0).
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("icon", "Icon of Ancestry", {"chosen": {"type": chosen}}), ("giant", "Hill Giant")],
    )
    assert legal_casts(state, "smite").count() == expected


def test_creatures_of_the_chosen_type_without_a_choice_are_not_guessed(make_state):
    """Icon of Ancestry with no ``chosen`` in the state: which creatures get +1/+1 is not known (CR 607.2a).

    Smite the Monstrous (power 4 or greater) would see P2's Hill Giant as 3/3 or 4/4: unsupported, never guessed.
    Lightning Bolt reads no power: P1, P2 or the Giant, 3 casts.
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous"), ("bolt", "Lightning Bolt")],
        battlefield=lands("Plains", 4) + lands("Mountain", 1),
        opponent=[("icon", "Icon of Ancestry"), ("giant", "Hill Giant")],
    )
    with pytest.raises(UnsupportedRuleError, match="613"):
        legal_casts(state, "smite").count()
    assert legal_casts(state, "bolt").count() == 3


def test_a_choice_that_is_no_colour_is_bad_input(make_state):
    """``chosen`` names a colour, a type or a name: anything else is refused with its key path."""
    from models.errors import InputError

    with pytest.raises(InputError, match=r"objects\[0\]\.chosen"):
        make_state(battlefield=[("heart", "Coldsteel Heart", {"chosen": {"color": "purple"}})])


@pytest.mark.parametrize(("spell", "expected"), [("Lightning Bolt", [("P1",), ("P2",)]), ("Unsummon", [("walker",)])])
def test_cant_be_the_target_of_spells_of_a_colour(make_state, spell, expected):
    """Suq'Ata Firewalker: "can't be the target of red spells or abilities from red sources" (CR 702.16b).

    What protection from red says of targets: Lightning Bolt (red) can't target it, only P1 or P2 (2 casts);
    Unsummon (blue, target creature) can (1).
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=lands("Mountain", 1) + lands("Island", 1),
        opponent=[("walker", "Suq'Ata Firewalker")],
    )
    assert _targets(state, "spell") == expected


def test_a_copy_on_the_battlefield_is_not_guessed(make_state):
    """Clone "may enter as a copy of any creature" (CR 707.2, 613.2): the state does not say what it copies.

    Plummet (with flying) can't be judged with a Clone on the battlefield: unsupported. Lightning Bolt reads its
    candidates' card types (any target: a creature, a planeswalker, a battle), which the copy sets: unsupported
    too, never guessed.
    """
    state = make_state(
        hand=[("plummet", "Plummet"), ("bolt", "Lightning Bolt")],
        battlefield=lands("Forest", 2) + lands("Mountain", 1),
        opponent=[("clone", "Clone")],
    )
    with pytest.raises(UnsupportedRuleError, match="copy"):
        legal_casts(state, "plummet").count()
    with pytest.raises(UnsupportedRuleError, match="copy"):
        legal_casts(state, "bolt").count()


@pytest.mark.parametrize(("side", "expected"), [("P2", 0), ("P1", 0), (None, 1)])
def test_activated_abilities_of_artifacts_cant_be_activated(make_state, side, expected):
    """Stony Silence: "Activated abilities of artifacts can't be activated." (CR 602.5, 605.3a), on either side.

    Divination ({2}{U}) with an Island and Sol Ring ({T}: Add {C}{C}): 1 cast; with Stony Silence the Ring makes
    nothing, and one Island is not enough (0).
    """
    silence = [("silence", "Stony Silence")]
    state = make_state(
        hand=[("div", "Divination")],
        battlefield=[("island", "Island"), ("ring", "Sol Ring")] + (silence if side == "P1" else []),
        opponent=silence if side == "P2" else [],
    )
    assert legal_casts(state, "div").count() == expected


def test_all_colors(make_state):
    """Sphinx of the Guildpact: "~ is all colors." (CR 105.2, 613.1e)."""
    state = make_state(opponent=[("sphinx", "Sphinx of the Guildpact")])
    assert {c.letter for c in as_the_game_sees_it(state).object("sphinx").card.colors} == set("WUBRG")


@pytest.mark.parametrize(
    ("side", "spell", "expected"), [("P1", "Giant Growth", [("bears",)]), ("P2", "Lightning Bolt", [("P1",), ("P2",)])]
)
def test_equipment_gives_hexproof(make_state, side, spell, expected):
    """Swiftfoot Boots: "Equipped creature has hexproof and haste." (CR 702.11b: only opponents are stopped).

    On P1's own Bears, Giant Growth still targets them (1 cast); on P2's Bears, Lightning Bolt can't: P1 or P2 (2).
    """
    bears = [("bears", "Grizzly Bears"), ("boots", "Swiftfoot Boots", {"attached_to": "bears"})]
    state = make_state(
        hand=[("spell", spell)],
        battlefield=lands("Forest", 1) + lands("Mountain", 1) + (bears if side == "P1" else []),
        opponent=bears if side == "P2" else [],
    )
    assert _targets(state, "spell") == expected


@pytest.mark.parametrize(("side", "spell"), [("P1", "Giant Growth"), ("P2", "Giant Growth")])
def test_your_opponents_of_an_aura(make_state, side, spell):
    """Shielding Plax's "Enchanted creature can't be the target of spells or abilities your opponents control".

    "Your opponents" are the Aura's controller's (CR 109.5), not the creature's: on an opponent's creature it is
    no hexproof of that creature (CR 702.11b). Not read: targeting the enchanted creature is unsupported, on either
    side, never guessed.
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=lands("Forest", 1)
        + ([("plax", "Shielding Plax", {"attached_to": "bears"})] if side == "P1" else []),
        opponent=[("bears", "Grizzly Bears")]
        + ([("plax", "Shielding Plax", {"attached_to": "bears"})] if side == "P2" else []),
    )
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "spell").count()


def test_a_rooms_door_is_not_guessed_unlocked(make_state):
    """Greenhouse (a Room's door): 'Lands you control have "{T}: Add one mana of any color."' (CR 709.5).

    A locked door's text doesn't exist, and the state does not say which doors are unlocked: P1's Forest's mana,
    which decides whether Lightning Bolt can be paid, is unsupported.
    """
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=lands("Forest", 1) + [("room", "Greenhouse")])
    with pytest.raises(UnsupportedRuleError, match="709.5|mana ability"):
        legal_casts(state, "bolt").count()


@pytest.mark.parametrize(("counters", "expected"), [(1, 2), (0, 0)])
def test_mana_given_to_creatures_with_a_counter(make_state, counters, expected):
    """Rishkar, Peema Renegade: 'Each creature you control with a counter on it has "{T}: Add {G}."' (CR 122.1).

    P1's Grizzly Bears with a +1/+1 counter tap for {G}: Giant Growth targets the Bears or Rishkar (2 casts);
    without the counter, nothing makes {G} (0).
    """
    state = make_state(
        hand=[("growth", "Giant Growth")],
        battlefield=[
            ("rishkar", "Rishkar, Peema Renegade"),
            ("bears", "Grizzly Bears", {"counters": {"+1/+1": counters}}),
        ],
    )
    assert legal_casts(state, "growth").count() == expected


@pytest.mark.parametrize(("aura", "expected"), [("Faith's Fetters", 1), ("Arrest", 0)])
def test_activation_banned_unless_mana_abilities(make_state, aura, expected):
    """Faith's Fetters bans activated abilities "unless they're mana abilities" (CR 605.3a); Arrest bans them all.

    P1's Llanowar Elves, enchanted by P2's Aura, is P1's one mana source. Giant Growth ({G}, target creature: the
    Elves are the one creature): under Fetters the Elves still tap for {G}, 1 cast; under Arrest, 0 casts.
    """
    state = make_state(
        hand=[("growth", "Giant Growth")],
        battlefield=[("elves", "Llanowar Elves")],
        opponent=[("aura", aura, {"attached_to": "elves"})],
    )
    assert legal_casts(state, "growth").count() == expected


@pytest.mark.parametrize(("cards_in_hand", "expected"), [(2, 1), (1, 0)])
def test_power_by_the_cards_in_the_controllers_hand(make_state, cards_in_hand, expected):
    """Empyrial Armor: "Enchanted creature gets +1/+1 for each card in your hand." (CR 613.4c).

    P2's Armor on P2's Bears (2/2) with 2 cards in P2's hand: 4/4, Smite the Monstrous's one target, 1 cast; with
    1 card, 3/3, 0 casts. "Your" is the Armor's controller's (P1's hand holds Smite and counts for nothing).
    """
    their_hand = [{"id": f"p2h{i}", "card": "Island", "zone": "hand", "owner": "P2"} for i in range(cards_in_hand)]
    board = [("bears", "Grizzly Bears"), ("armor", "Empyrial Armor", {"attached_to": "bears"})]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board, objects=their_hand
    )
    assert legal_casts(state, "smite").count() == expected


# ---------------------------------------------------------------- groups, conditions and counts read more widely


@pytest.mark.parametrize("side", ["P1", "P2"])
def test_merfolk_a_plural_like_its_singular(make_state, side):
    """Merfolk Mistbinder: "Other Merfolk you control get +1/+1." (CR 613.4c): "Merfolk" is the plural.

    Defeat destroys target creature with power 2 or less. The Mistbinder (2/2) and Silvergill Adept (2/1) on one
    side: the Adept is 3/2, the Mistbinder ("other") stays 2/2, and the other side's Grizzly Bears (2/2) are no
    Merfolk: 2 casts (Mistbinder, Bears), whichever side the Merfolk are on.
    """
    merfolk = [("mistbinder", "Merfolk Mistbinder"), ("adept", "Silvergill Adept")]
    bears = [("bears", "Grizzly Bears")]
    mine, theirs = (merfolk, bears) if side == "P1" else (bears, merfolk)
    state = make_state(hand=[("defeat", "Defeat")], battlefield=lands("Swamp", 2) + mine, opponent=theirs)
    assert _targets(state, "defeat") == [("bears",), ("mistbinder",)]


@pytest.mark.parametrize(
    "line",
    [
        "Each other creature you control that's a Wolf or a Werewolf gets +1/+1.",
        "Other Wolves and Werewolves you control get +1/+1.",
    ],
)
def test_a_group_of_two_creature_types(make_state, card, line):
    """A lord of two creature types (CR 205.3, 613.4c): the permanents of either type get +1/+1.

    P2's lord (a 2/2 Human) with P2's Wolf (2/2), Werewolf (2/2) and Grizzly Bears (2/2): the Wolf and the Werewolf
    are 3/3, the Bears and the lord ("other") 2/2. Defeat (power 2 or less): the Bears and the lord, 2 casts.
    """
    lord = card("Pack Lord", "{1}{G}", "Creature — Human", line, power="2", toughness="2")
    wolf = card("Test Wolf", "{1}{G}", "Creature — Wolf", "", power="2", toughness="2")
    werewolf = card("Test Werewolf", "{1}{G}", "Creature — Human Werewolf", "", power="2", toughness="2")
    board = [("lord", lord), ("wolf", wolf), ("werewolf", werewolf), ("bears", "Grizzly Bears")]
    state = make_state(hand=[("defeat", "Defeat")], battlefield=lands("Swamp", 2), opponent=board)
    assert _targets(state, "defeat") == [("bears",), ("lord",)]


@pytest.mark.parametrize(("cost", "expected"), [("{1}{R}", 0), ("{1}{G}", 1)])
def test_condition_on_what_the_aura_enchants(make_state, card, cost, expected):
    """CR 611.3a, 303.4: "As long as enchanted creature is red, it gets +1/+1 and has haste.".

    "It" is the enchanted creature. P2's Aura on P2's 2/2 Bear, the one creature. Red: 3/3, not Defeat's (power 2
    or less), 0 casts; green: 2/2, Defeat's one target, 1 cast.
    """
    bear = card("Test Bear", cost, "Creature — Bear", "", power="2", toughness="2")
    aura = card(
        "Red Gift",
        "{R}",
        "Enchantment — Aura",
        "Enchant creature\nAs long as enchanted creature is red, it gets +1/+1 and has haste.",
    )
    board = [("bears", bear), ("aura", aura, {"attached_to": "bears"})]
    state = make_state(hand=[("defeat", "Defeat")], battlefield=lands("Swamp", 2), opponent=board)
    assert legal_casts(state, "defeat").count() == expected


@pytest.mark.parametrize(("equipped", "expected"), [(True, 0), (False, 1)])
def test_condition_this_creature_is_equipped(make_state, card, equipped, expected):
    """ "As long as this creature is equipped, it gets +1/+1 and has flying." (CR 301.5, 611.3a).

    P2's 2/2 with it, and P2's Bone Saw (an Equipment giving +1/+0) attached or not. Equipped: 4/3 with flying,
    Defeat (power 2 or less) has no target, 0 casts; unattached: 2/2, 1 cast. Plummet (with flying): 1 and 0.
    """
    knight = card(
        "Armed Knight",
        "{1}{W}",
        "Creature — Human Knight",
        "As long as this creature is equipped, it gets +1/+1 and has flying.",
        power="2",
        toughness="2",
    )
    saw = ("saw", "Bone Saw", {"attached_to": "knight"} if equipped else {})
    state = make_state(
        hand=[("defeat", "Defeat"), ("plummet", "Plummet")],
        battlefield=lands("Swamp", 2) + lands("Forest", 2),
        opponent=[("knight", knight), saw],
    )
    assert legal_casts(state, "defeat").count() == expected
    assert legal_casts(state, "plummet").count() == 1 - expected


@pytest.mark.parametrize(("counters", "expected"), [({"+1/+1": 3}, 1), ({"+1/+1": 2}, 0), ({"+1/+1": 1, "oil": 2}, 0)])
def test_condition_on_counters_on_it(make_state, card, counters, expected):
    """ "As long as this creature has three or more +1/+1 counters on it, it has flying." (CR 122.1, 611.3a).

    P2's creature with 3 +1/+1 counters flies: Plummet's one target, 1 cast; with 2, or 1 and 2 oil counters (of
    another kind), it doesn't: 0 casts.
    """
    drake = card(
        "Growing Drake",
        "{1}{U}",
        "Creature — Drake",
        "As long as this creature has three or more +1/+1 counters on it, it has flying.",
        power="1",
        toughness="1",
    )
    state = make_state(
        hand=[("plummet", "Plummet")],
        battlefield=lands("Forest", 2),
        opponent=[("drake", drake, {"counters": counters})],
    )
    assert legal_casts(state, "plummet").count() == expected


def _graveyard(owner, names):
    return [{"id": f"g{owner}{i}", "card": n, "zone": "graveyard", "owner": owner} for i, n in enumerate(names)]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (["Grizzly Bears", "Forest", "Shock", "Divination"], 0),  # creature, land, instant, sorcery: four
        (["Grizzly Bears", "Forest", "Shock", "Lightning Bolt"], 1),  # three card types
    ],
)
def test_delirium_card_types_among_cards_in_your_graveyard(make_state, card, cards, expected):
    """CR 205.2a, 207.2c, 611.3a: delirium, four or more card types among cards in your graveyard.

    "This creature gets +2/+2 as long as there are four or more card types among cards in your graveyard." P2's
    2/2 with it, P2's graveyard holding creature, land, instant and sorcery cards: 4/4, not Defeat's (power 2 or
    less), 0 casts; with two instants instead, three types, 2/2: 1 cast, P1's graveyard of four types counting
    for nothing.
    """
    ghoul = card(
        "Delirious Ghoul",
        "{1}{B}",
        "Creature — Zombie",
        "Delirium — This creature gets +2/+2 as long as there are four or more card types among cards in your "
        "graveyard.",
        power="2",
        toughness="2",
    )
    mine = _graveyard("P1", ["Grizzly Bears", "Forest", "Shock", "Divination"])
    state = make_state(
        hand=[("defeat", "Defeat")],
        battlefield=lands("Swamp", 2),
        opponent=[("ghoul", ghoul)],
        objects=_graveyard("P2", cards) + (mine if expected else []),
    )
    assert legal_casts(state, "defeat").count() == expected


@pytest.mark.parametrize(("spells", "expected"), [(2, 0), (1, 1)])
def test_condition_on_spells_cast_this_turn(make_state, card, spells, expected):
    """CR 611.3a: "This creature gets +2/+0 as long as you've cast two or more spells this turn.".

    P2's 2/2 after P2 cast 2 spells this turn (the state's ``this_turn``): 4/2, not Defeat's, 0 casts; after 1:
    2/2, 1 cast. P1's spells count for nothing (P1 cast 5).
    """
    adept = card(
        "Spell Adept",
        "{1}{R}",
        "Creature — Human Wizard",
        "This creature gets +2/+0 as long as you've cast two or more spells this turn.",
        power="2",
        toughness="2",
    )
    state = make_state(
        hand=[("defeat", "Defeat")],
        battlefield=lands("Swamp", 2),
        opponent=[("adept", adept)],
        this_turn={"spells_cast": {"P1": 5, "P2": spells}},
    )
    assert legal_casts(state, "defeat").count() == expected


@pytest.mark.parametrize(("poison", "expected"), [(3, 1), (2, 0)])
def test_corrupted_an_opponent_with_poison_counters(make_state, card, poison, expected):
    """CR 122.1, 611.3a: corrupted, "As long as an opponent has three or more poison counters, …".

    "… this creature has flying." P2's creature; P1 (P2's opponent) has 3 poison counters: it flies, Plummet's
    one target, 1 cast; with 2, 0. P2's own poison counters count for nothing (P2 has 9).
    """
    mite = card(
        "Corrupt Mite",
        "{1}{B}",
        "Creature — Phyrexian Insect",
        "Corrupted — As long as an opponent has three or more poison counters, this creature has flying.",
        power="1",
        toughness="1",
    )
    state = make_state(
        hand=[("plummet", "Plummet")],
        battlefield=lands("Forest", 2),
        opponent=[("mite", mite)],
        counters={"P1": {"poison": poison}, "P2": {"poison": 9}},
    )
    assert legal_casts(state, "plummet").count() == expected


def test_threshold_an_additional_change(make_state, card):
    """CR 613.4c, 611.3a: threshold, "gets an additional +2/+2 as long as seven or more cards are in your graveyard".

    "Additional" says it is besides another change: the same +2/+2. P2's Aura on P2's Grizzly Bears (2/2), P2's
    graveyard with 7 cards: 4/4, Smite the Monstrous (power 4 or greater) has it as its one target, 1 cast; with
    6 cards, 2/2: 0 casts.
    """
    aura = card(
        "Threshold Gift",
        "{G}",
        "Enchantment — Aura",
        "Enchant creature\nThreshold — Enchanted creature gets an additional +2/+2 as long as seven or more cards "
        "are in your graveyard.",
    )
    for cards, expected in ((7, 1), (6, 0)):
        state = make_state(
            hand=[("smite", "Smite the Monstrous")],
            battlefield=lands("Plains", 4),
            opponent=[("bears", "Grizzly Bears"), ("aura", aura, {"attached_to": "bears"})],
            objects=_graveyard("P2", ["Forest"] * cards),
        )
        assert legal_casts(state, "smite").count() == expected


def test_a_condition_the_effects_change_is_refused(make_state, card):
    """CR 611.3a: "as long as enchanted permanent is a creature" asks of the game as the effects make it.

    P2's "Artifacts you control are creatures in addition to their other types." makes P2's Darksteel Relic a
    creature (layer 4); the Aura's condition, false of the printed Relic, holds once the effects apply: which
    effects apply is not settled by one pass, and the answer is refused, never guessed.
    """
    animator = card(
        "Animator", "{2}{U}", "Enchantment", "Artifacts you control are creatures in addition to their other types."
    )
    aura = card(
        "Creature Gift",
        "{G}",
        "Enchantment — Aura",
        "Enchant permanent\nAs long as enchanted permanent is a creature, it gets +2/+1.",
    )
    board = [("relic", "Darksteel Relic"), ("animator", animator), ("aura", aura, {"attached_to": "relic"})]
    state = make_state(hand=[("defeat", "Defeat")], battlefield=lands("Swamp", 2), opponent=board)
    with pytest.raises(UnsupportedRuleError, match="611.3a"):
        legal_casts(state, "defeat").count()


@pytest.mark.parametrize("side", ["P1", "P2"])
def test_card_type_set_frogify(make_state, side):
    """CR 205.1a: Frogify, "loses all abilities and is a blue Frog creature with base power and toughness 1/1".

    The card type is set: Ornithopter (an artifact creature, 0/2, flying) is a creature and no artifact, a blue
    Frog with no Thopter type, 1/1, no flying. Shatter (target artifact) has no target, 0 casts; Plummet (with
    flying) none, 0; Defeat (power 2 or less) has it, 1. Without Frogify: Shatter 1, Plummet 1.
    """
    bird = [("thopter", "Ornithopter")]
    aura = [("frogify", "Frogify", {"attached_to": "thopter"})]
    mine, theirs = (bird + aura, []) if side == "P1" else (aura, bird)
    hand = [("shatter", "Shatter"), ("plummet", "Plummet"), ("defeat", "Defeat")]
    mana = lands("Mountain", 2) + lands("Forest", 2) + lands("Swamp", 2)
    state = make_state(hand=hand, battlefield=mana + mine, opponent=theirs)
    assert [legal_casts(state, s).count() for s in ("shatter", "plummet", "defeat")] == [0, 0, 1]
    frog = as_the_game_sees_it(state).object("thopter")
    assert frog.card.subtypes == ("Frog",) and [t.value for t in frog.card.types] == ["Creature"]
    assert (frog.card.power, frog.card.toughness) == ("1", "1")
    bare = make_state(hand=hand, battlefield=mana, opponent=bird)
    assert [legal_casts(bare, s).count() for s in ("shatter", "plummet")] == [1, 1]


@pytest.mark.parametrize("side", ["P1", "P2"])
def test_still_a_land_zendikon(make_state, side):
    """CR 205.1b, 613.4b: Vastwood Zendikon, "Enchanted land is a 6/4 green Elemental creature. It's still a land.".

    The enchanted Forest is a 6/4 Forest land creature: Smite the Monstrous (power 4 or greater) has it as its one
    target, 1 cast, whichever side it is on; without the Zendikon there is no creature, 0.
    """
    forest = [("forest", "Forest"), ("zendikon", "Vastwood Zendikon", {"attached_to": "forest"})]
    mine, theirs = (forest, []) if side == "P1" else ([], forest)
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4) + mine, opponent=theirs)
    assert _targets(state, "smite") == [("forest",)]
    land = as_the_game_sees_it(state).object("forest")
    assert {t.value for t in land.card.types} == {"Land", "Creature"} and set(land.card.subtypes) == {
        "Forest",
        "Elemental",
    }
    bare = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=[forest[0]])
    assert legal_casts(bare, "smite").count() == 0


def test_every_creature_type(make_state):
    """CR 702.73a, 613.1d: Amorphous Axe, "Equipped creature gets +3/+0 and is every creature type.".

    P2's Grizzly Bears equipped: 5/2, Smite the Monstrous's one target (1 cast), and a Goblin and a Bear at once.
    """
    board = [("bears", "Grizzly Bears"), ("axe", "Amorphous Axe", {"attached_to": "bears"})]
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board)
    assert legal_casts(state, "smite").count() == 1
    assert {"Goblin", "Bear", "Sliver"} <= set(as_the_game_sees_it(state).object("bears").card.subtypes)


def test_exert_and_suspect_bear_on_no_cast(make_state, card):
    """CR 701.43, 701.60: exerting as it attacks, and "can't become suspected", change nothing a cast reads.

    P2's 4/4 "You may exert this creature as it attacks. When you do, it gets +1/+0 …" and P2's Aura on it "gets
    +2/+2 and can't become suspected": 6/6, Smite the Monstrous's one target, 1 cast (no refusal).
    """
    brute = card(
        "Exerting Brute",
        "{3}{R}",
        "Creature — Ogre",
        "You may exert this creature as it attacks. When you do, it gets +1/+0 and gains deathtouch until end of turn.",
        power="4",
        toughness="4",
    )
    aura = card(
        "Lawful Gift",
        "{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +2/+2 and can't become suspected.",
    )
    board = [("brute", brute), ("aura", aura, {"attached_to": "brute"})]
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=board)
    assert legal_casts(state, "smite").count() == 1
    assert as_the_game_sees_it(state).object("brute").card.power == "6"


@pytest.mark.parametrize(("islands", "expected"), [(1, 0), (2, 1)])
def test_a_count_of_the_hand_leaves_out_the_spell_being_cast(make_state, islands, expected):
    """The spell is on the stack as its targets are chosen (CR 601.2a, 601.2c): a count of the hand leaves it out.

    P1's Empyrial Armor on P1's Bears (2/2); P1's hand: Smite the Monstrous and Islands. Casting Smite, the hand
    holds the Islands alone: with 1 the Bears are 3/3, no target (0 casts); with 2, 4/4, Smite's one target (1).
    """
    board = [("bears", "Grizzly Bears"), ("armor", "Empyrial Armor", {"attached_to": "bears"})]
    hand = [("smite", "Smite the Monstrous")] + [(f"isl{i}", "Island") for i in range(islands)]
    state = make_state(hand=hand, battlefield=board + lands("Plains", 4))
    assert legal_casts(state, "smite").count() == expected


@pytest.mark.parametrize(("bolts", "expected"), [(1, 0), (2, 1)])
def test_a_count_of_the_graveyard_leaves_out_the_spell_cast_from_it(make_state, card, bolts, expected):
    """Cast from the graveyard, the spell is on the stack (CR 601.2a): a count of the graveyard leaves it out.

    P1's Tomb Lurker (2/2, "+1/+1 for each instant card in your graveyard"); P1 casts Smite the Monstrous from the
    graveyard (an effect's may_cast), beside Lightning Bolts there. With 1 Bolt the Lurker is 3/3: 0 casts; with 2,
    4/4, Smite's one target: 1 cast.
    """
    lurker = card(
        "Tomb Lurker",
        "{2}{B}",
        "Creature — Horror",
        "This creature gets +1/+1 for each instant card in your graveyard.",
        power="2",
        toughness="2",
    )
    smite = {"id": "smite", "card": "Smite the Monstrous", "zone": "graveyard", "owner": "P1"}
    smite["may_cast"] = [{"player": "P1", "without_paying": False}]
    graveyard = [smite] + [
        {"id": f"bolt{i}", "card": "Lightning Bolt", "zone": "graveyard", "owner": "P1"} for i in range(bolts)
    ]
    state = make_state(battlefield=[("lurker", lurker)] + lands("Plains", 4), objects=graveyard)
    assert legal_casts(state, "smite").count() == expected


# ---------------------------------------------------------------- layer 7a: power defined by a number (CR 604.3)


@pytest.mark.parametrize(
    ("graveyards", "expected"),
    [
        ({"P1": ["Lightning Bolt", "Forest"]}, (1, 0)),  # instant, land: 2/3
        ({"P1": ["Lightning Bolt", "Forest"], "P2": ["Grizzly Bears", "Bone Saw"]}, (0, 1)),  # + creature, artifact
        ({"P1": ["Commit // Memory"]}, (1, 0)),  # a split card: instant and sorcery, its halves' (CR 709.4c): 2/3
        ({"P1": ["Commit // Memory", "Forest"], "P2": ["Grizzly Bears"]}, (0, 1)),  # four types: 4/5
    ],
)
def test_tarmogoyf_card_types_among_cards_in_all_graveyards(make_state, graveyards, expected):
    """CR 604.3, 613.4a, 205.2a, 709.4c: Tarmogoyf's power, the card types among cards in all graveyards.

    "~'s power is equal to the number of card types among cards in all graveyards and its toughness is equal to
    that number plus 1".

    P2's Tarmogoyf. Bolt and Forest in P1's graveyard: 2 types, 2/3, Defeat's (power 2 or less) one target, 1
    cast, not Smite's (power 4 or greater). With P2's Grizzly Bears and Bone Saw too: 4 types, 4/5, Smite 1,
    Defeat 0. Commit // Memory alone is an instant and a sorcery (2 types, 2/3); with a Forest and the Bears, 4
    types (4/5). Both graveyards count, whoever controls the Goyf.
    """
    objects = [
        {"id": f"g{owner}{i}", "card": name, "zone": "graveyard", "owner": owner}
        for owner, names in graveyards.items()
        for i, name in enumerate(names)
    ]
    state = make_state(
        hand=[("defeat", "Defeat"), ("smite", "Smite the Monstrous")],
        battlefield=lands("Swamp", 2) + lands("Plains", 4),
        opponent=[("goyf", "Tarmogoyf")],
        objects=objects,
    )
    assert (legal_casts(state, "defeat").count(), legal_casts(state, "smite").count()) == expected
    goyf = as_the_game_sees_it(state).object("goyf")
    types = 2 if expected == (1, 0) else 4
    assert (goyf.card.power, goyf.card.toughness) == (str(types), str(types + 1))


@pytest.mark.parametrize(("in_hand", "expected"), [(0, 1), (1, 0)])
def test_power_one_plus_twice_a_count(make_state, card, in_hand, expected):
    """CR 604.3, 613.4a, 107.1: power and toughness equal to 1 plus twice a count.

    "~'s power and toughness are each equal to 1 plus twice the number of cards in your hand."

    P2's creature counts P2's hand ("your"), never P1's three Shocks: P2 holding 0 cards, 1 + 2×0 = 1, a 1/1,
    Defeat's (power 2 or less) one target, 1 cast; 1 card, 1 + 2×1 = 3, a 3/3: 0 casts.
    """
    hoarder = card(
        "Hoarding Sage",
        "{2}{U}",
        "Creature — Human Wizard",
        "Hoarding Sage's power and toughness are each equal to 1 plus twice the number of cards in your hand.",
        power="*",
        toughness="*",
    )
    held = [{"id": f"p2h{i}", "card": "Shock", "zone": "hand", "owner": "P2"} for i in range(in_hand)]
    state = make_state(
        hand=[("defeat", "Defeat")] + [(f"shock{i}", "Shock") for i in range(3)],
        battlefield=lands("Swamp", 2),
        opponent=[("sage", hoarder)],
        objects=held,
    )
    assert legal_casts(state, "defeat").count() == expected


@pytest.mark.parametrize(("side", "expected"), [("P2", 1), ("P1", 0)])
def test_toughness_by_devotion_power_printed(make_state, card, side, expected):
    """CR 604.3, 613.4a, 700.5: "~'s power is equal to your devotion to red." Its toughness stays printed (3).

    The creature ({2}{R}{R}) and a Shivan Dragon ({4}{R}{R}) under one player: devotion 2 + 2 = 4, power 4,
    Smite the Monstrous's (power 4 or greater) target. P2's creature with P2's Dragon: the Dragon (power 5) and
    the creature, 2 casts; P1's creature with P2's Dragon: devotion 2, power 2, the Dragon alone, 1 cast.
    """
    forger = card(
        "Devoted Forger",
        "{2}{R}{R}",
        "Creature — Human Shaman",
        "Devoted Forger's power is equal to your devotion to red.",
        power="*",
        toughness="3",
    )
    mine = [("forger", forger)] if side == "P1" else []
    theirs = [("dragon", "Shivan Dragon")] + ([("forger", forger)] if side == "P2" else [])
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4) + mine, opponent=theirs)
    assert legal_casts(state, "smite").count() == 1 + expected
    seen = as_the_game_sees_it(state).object("forger")
    assert (seen.card.power, seen.card.toughness) == ("4" if side == "P2" else "2", "3")


@pytest.mark.parametrize(("life", "expected"), [(2, 1), (3, 0)])
def test_power_equal_to_your_life_total(make_state, card, life, expected):
    """CR 604.3, 613.4a, 119: "~'s power and toughness are each equal to your life total.".

    P2's creature, P2 at 2 life: a 2/2, Defeat's (power 2 or less) target, 1 cast; at 3: 3/3, 0 casts. P1's 20
    life is not its controller's.
    """
    enforcer = card(
        "Life Enforcer",
        "{2}{W}",
        "Creature — Angel",
        "Life Enforcer's power and toughness are each equal to your life total.",
        power="*",
        toughness="*",
    )
    state = make_state(
        hand=[("defeat", "Defeat")],
        battlefield=lands("Swamp", 2),
        opponent=[("enforcer", enforcer)],
        life={"P1": 20, "P2": life},
    )
    assert legal_casts(state, "defeat").count() == expected


@pytest.mark.parametrize(("side", "expected"), [("P2", 1), ("P1", 0)])
def test_domain_basic_land_types_among_lands_you_control(make_state, card, side, expected):
    """CR 305.6, 604.3, 613.4a: domain, the basic land types among lands its controller controls.

    "~'s power and toughness are each equal to the number of basic land types among lands you control."

    P2's lands are a Plains, an Island, a Swamp and two Forests: 4 types, a 4/4 under P2, Smite the Monstrous's
    (power 4 or greater) one target, 1 cast. Under P1, whose lands are four Plains: 1 type, a 1/1, 0 casts.
    """
    rioter = card(
        "Domain Rioter",
        "{2}{G}",
        "Creature — Human Warrior",
        "Domain — Domain Rioter's power and toughness are each equal to the number of basic land types among lands "
        "you control.",
        power="*",
        toughness="*",
    )
    theirs = [("p2plains", "Plains"), ("p2island", "Island"), ("p2swamp", "Swamp")] + lands("Forest", 2, "p2for")
    mine = lands("Plains", 4)
    if side == "P2":
        theirs.append(("rioter", rioter))
    else:
        mine.append(("rioter", rioter))
    state = make_state(hand=[("smite", "Smite the Monstrous")], battlefield=mine, opponent=theirs)
    assert legal_casts(state, "smite").count() == expected


def test_a_count_of_power_in_layer_7_is_not_read(make_state, card):
    """CR 613.4: a count of power made in layer 7 is not read.

    "creatures you control with power 4 or greater" counted in layer 7 would read power before layer 7 is done:
    the line stays unread, and Smite (power 4 or greater) is refused, never guessed.

    Lightning Bolt reads no power: P1, P2 and the creature, 3 casts.
    """
    captain = card(
        "Mighty Captain",
        "{2}{G}",
        "Creature — Human Warrior",
        "Mighty Captain's power and toughness are each equal to the number of creatures you control with power 4 "
        "or greater.",
        power="*",
        toughness="*",
    )
    state = make_state(
        hand=[("smite", "Smite the Monstrous"), ("bolt", "Lightning Bolt")],
        battlefield=lands("Plains", 4) + lands("Mountain", 1),
        opponent=[("captain", captain)],
    )
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "smite").count()
    assert legal_casts(state, "bolt").count() == 3


# ---------------------------------------------------------------- counts of what is attached to "it" (CR 301.5, 303.4)


@pytest.mark.parametrize(("auras", "expected"), [(0, 0), (1, 0), (2, 1)])
def test_for_each_aura_attached_to_it(make_state, auras, expected):
    """CR 303.4, 613.4c: Rabid Wombat (0/1), "This creature gets +2/+2 for each Aura attached to it.".

    P2's Wombat with Pacifisms attached, one of P1's and one of P2's (whoever controls them): 0 Auras, 0/1; 1,
    2/3; 2, 4/5, Smite the Monstrous's (power 4 or greater) one target: 0, 0, 1 casts.
    """
    pacifisms = [("pac1", "Pacifism", {"attached_to": "wombat"})][: min(auras, 1)]
    theirs = [("wombat", "Rabid Wombat")] + ([("pac2", "Pacifism", {"attached_to": "wombat"})] if auras == 2 else [])
    state = make_state(
        hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4) + pacifisms, opponent=theirs
    )
    assert legal_casts(state, "smite").count() == expected


def test_for_each_equipment_attached_to_it_each_creature(make_state, card):
    """CR 301.5, 611.3, 613.4c: "for each Equipment attached to it", "it" each creature, not the source.

    "Each creature you control gets +2/+0 for each Equipment attached to it."

    P2's source (a 1/1 with nothing attached) and two P2 Grizzly Bears, one with Bone Saw (+1/+0): 2 + 2×1 + 1 =
    5 power, Smite's (power 4 or greater) one target, 1 cast; the source stays 1/1 and the other Bears 2/2, Defeat's
    (power 2 or less) targets with P1's own Bears, 3 casts.
    """
    smith = card(
        "Armed Dwarf",
        "{2}{R}",
        "Creature — Dwarf",
        "Each creature you control gets +2/+0 for each Equipment attached to it.",
        power="1",
        toughness="1",
    )
    state = make_state(
        hand=[("smite", "Smite the Monstrous"), ("defeat", "Defeat")],
        battlefield=lands("Plains", 4) + lands("Swamp", 2) + [("mine", "Grizzly Bears")],
        opponent=[
            ("smith", smith),
            ("bears1", "Grizzly Bears"),
            ("bears2", "Grizzly Bears"),
            ("saw", "Bone Saw", {"attached_to": "bears1"}),
        ],
    )
    assert _targets(state, "smite") == [("bears1",)]
    assert _targets(state, "defeat") == [("bears2",), ("mine",), ("smith",)]


# ---------------------------------------------------------------- groups judged on the board (CR 301.5, 303.4, 700.9)


def test_equipped_creatures_you_control(make_state):
    """CR 301.5, 611.3: Kemba, Kha Enduring, "Equipped creatures you control get +1/+1.".

    P2's Kemba (2/2, nothing attached), P2's Grizzly Bears with P2's Bone Saw (+1/+0): 2 + 1 + 1 = 4 power, and
    P2's other Bears (2/2); P1's Bears with P1's Bone Saw: 3/2, not P2's. Smite the Monstrous (power 4 or
    greater): the equipped Bears of P2, 1 cast. Defeat (power 2 or less): Kemba and P2's bare Bears, 2 casts.
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous"), ("defeat", "Defeat")],
        battlefield=lands("Plains", 4)
        + lands("Swamp", 2)
        + [("mine", "Grizzly Bears"), ("mysaw", "Bone Saw", {"attached_to": "mine"})],
        opponent=[
            ("kemba", "Kemba, Kha Enduring"),
            ("bears1", "Grizzly Bears"),
            ("bears2", "Grizzly Bears"),
            ("saw", "Bone Saw", {"attached_to": "bears1"}),
        ],
    )
    assert _targets(state, "smite") == [("bears1",)]
    assert _targets(state, "defeat") == [("bears2",), ("kemba",)]


def test_modified_and_enchanted_creatures_you_control(make_state, card):
    """CR 700.9, 303.4: "Modified creatures you control have flying." and "… that are enchanted …".

    P2's creatures: one with a +1/+1 counter (modified), one enchanted by P2's Pacifism (modified: the Aura is
    its controller's), one enchanted by P1's Pacifism (not modified: the Aura is another player's), one bare.
    Plummet (with flying): the first two, 2 casts. With "Creatures you control that are enchanted have flying."
    instead: the two enchanted ones, 2 casts.
    """
    modified = card(
        "Modified Keeper",
        "{2}{G}",
        "Creature — Spirit",
        "Modified creatures you control have flying.",
        power="1",
        toughness="1",
    )
    enchanted = card(
        "Enchanted Keeper",
        "{2}{G}",
        "Creature — Spirit",
        "Creatures you control that are enchanted have flying.",
        power="1",
        toughness="1",
    )
    for keeper, expected in ((modified, [("counted",), ("ours",)]), (enchanted, [("ours",), ("theirs",)])):
        state = make_state(
            hand=[("plummet", "Plummet")],
            battlefield=lands("Forest", 2) + [("pac1", "Pacifism", {"attached_to": "theirs"})],
            opponent=[
                ("keeper", keeper),
                ("counted", "Grizzly Bears", {"counters": {"+1/+1": 1}}),
                ("ours", "Grizzly Bears"),
                ("pac2", "Pacifism", {"attached_to": "ours"}),
                ("theirs", "Grizzly Bears"),
                ("bare", "Grizzly Bears"),
            ],
        )
        assert _targets(state, "plummet") == expected


# ---------------------------------------------------------------- keywords a creature can't have (CR 613.1f)


@pytest.mark.parametrize(("side", "expected"), [("P1", [("archetype",)]), ("P2", [("angel",), ("archetype",)])])
def test_archetype_lose_flying_and_cant_gain_it(make_state, side, expected):
    """CR 613.1f, 101.2: Archetype of Imagination: its opponents' creatures lose flying and can't gain it.

    "Creatures you control have flying." and "Creatures your opponents control lose flying and can't have or gain
    flying."

    P2's Serra Angel (flying) and a flipped Tobita, Master of Winds ("Creatures you control have flying"). The
    Archetype P1's: P2's creatures lose flying and can't gain Tobita's, whatever the order; the Archetype flies:
    Plummet's one target, 1 cast. The Archetype P2's: the Angel, Tobita and the Archetype fly; Plummet 3 casts
    (the Archetype's opponent P1 has no other creature).
    """
    archetype = ("archetype", "Archetype of Imagination")
    theirs = [("angel", "Serra Angel"), ("tobita", "Student of Elements", {"flipped": True})]
    mine = lands("Forest", 2)
    if side == "P1":
        mine.append(archetype)
    else:
        theirs.append(archetype)
        expected = [("angel",), ("archetype",), ("tobita",)]
    state = make_state(hand=[("plummet", "Plummet")], battlefield=mine, opponent=theirs)
    assert _targets(state, "plummet") == expected


# ---------------------------------------------------------------- a permanent made a land (CR 205.1a, 613.1d-f)


def test_imprisoned_in_the_moon(make_state):
    """CR 205.1a, 613.1d-f: Imprisoned in the Moon makes the permanent a colourless land and nothing else.

    'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types and abilities.'

    P2's Serra Angel enchanted: a colourless Land, its creature type gone, no flying: Plummet and Smite the
    Monstrous have no target (0 casts each; 1 each without the Aura).
    """
    angel = [("angel", "Serra Angel")]
    moon = angel + [("moon", "Imprisoned in the Moon", {"attached_to": "angel"})]
    for board, expected in ((angel, 1), (moon, 0)):
        state = make_state(
            hand=[("plummet", "Plummet"), ("smite", "Smite the Monstrous")],
            battlefield=lands("Forest", 2) + lands("Plains", 4),
            opponent=board,
        )
        assert legal_casts(state, "plummet").count() == expected
        assert legal_casts(state, "smite").count() == expected
    seen = as_the_game_sees_it(state).object("angel")
    assert [t.value for t in seen.card.types] == ["Land"] and not seen.card.subtypes and not seen.card.colors


# ---------------------------------------------------------------- combat only (CR 506, 509)


def test_how_it_is_blocked_bears_on_no_cast(make_state):
    """CR 509.1b, 702.11b: Alpha Authority's hexproof read, its blocking restriction bearing on no cast.

    "Enchanted creature has hexproof and can't be blocked by more than one creature."

    P2's Grizzly Bears enchanted by P2's Alpha Authority: Shock's targets P1 and P2, not the Bears: 2 casts.
    """
    state = make_state(
        hand=[("shock", "Shock")],
        battlefield=lands("Mountain", 1),
        opponent=[("bears", "Grizzly Bears"), ("alpha", "Alpha Authority", {"attached_to": "bears"})],
    )
    assert legal_casts(state, "shock").count() == 2


@pytest.mark.parametrize(("tapped", "expected"), [(True, 3), (False, 2)])
def test_a_condition_on_it_after_enchanted_creature_is_the_creatures(make_state, tapped, expected):
    """ "It" after "enchanted creature" is the enchanted creature (CR 611.3a), never the Aura.

    Spectral Cloak: "Enchanted creature has shroud as long as it's untapped."

    P2's Bears enchanted by P2's Cloak; P1's Lightning Bolt: tapped Bears have no shroud, targets P1, P2 and the
    Bears, 3 casts; untapped they have shroud (CR 702.18a), P1 or P2, 2 casts.
    """
    cloak = ("cloak", "Spectral Cloak", {"attached_to": "bears"})
    board = [("bears", "Grizzly Bears", {"tapped": tapped}), cloak]
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=lands("Mountain", 1), opponent=board)
    assert legal_casts(state, "bolt").count() == expected


# ------------------------------------------------- unread lines that change what permanents are: refused, not passed


@pytest.mark.parametrize(
    ("permanent", "spell", "lands_of"),
    [
        # "During your turn, ~ is a 4/4 Human Soldier creature … that's still a planeswalker." (CR 613.1d): whether
        # P2's Gideon is a creature in P2's turn is the target set of Murder ("target creature")
        ("Gideon Blackblade", "Murder", "Swamp"),
        # "Enchanted land is a 5/6 green Treefolk creature that's still a land." (CR 613.1d)
        ("Living Terrain", "Murder", "Swamp"),
        # "All nonland permanents are legendary." (CR 205.4, 613.1d): Cast Down's "target nonlegendary creature"
        ("Leyline of Singularity", "Cast Down", "Swamp"),
        # "Creatures your opponents control have base toughness 1." (CR 613.4b): Smite the Monstrous reads power
        ("Maha, Its Feathers Night", "Smite the Monstrous", "Plains"),
        # "Enchanted creature gets +X/+Y, where X is half …" (CR 613.4c)
        ("Aspect of Wolf", "Smite the Monstrous", "Plains"),
    ],
)
def test_unread_characteristic_changes_are_refused(make_state, permanent, spell, lands_of):
    """An unread static line that may change types, supertypes or power is refused where a cast reads them.

    Each permanent is on P2's side (an Aura attached to P2's Grizzly Bears) in P2's turn, with the spell in P1's
    hand and four lands to pay it: which objects the spell may target depends on the line, which is not read, so
    the answer is unsupported, naming the permanent (never a count that ignores it).
    """
    extra = {"attached_to": "bears"} if permanent in ("Living Terrain", "Aspect of Wolf") else {}
    opponent = [("bears", "Grizzly Bears"), ("forest", "Forest"), ("it", permanent, extra)]
    state = make_state(hand=[("spell", spell)], battlefield=lands(lands_of, 4), opponent=opponent, active_player="P2")
    with pytest.raises(UnsupportedRuleError, match=permanent.split(",")[0]):
        legal_casts(state, "spell").count()


# ---------------------------------------------------------------- counts of "other" permanents, conditions, combat


@pytest.mark.parametrize(("others", "expected"), [(["Raging Goblin"], 0), (["Raging Goblin", "Hill Giant"], 1)])
def test_for_each_other_creature_leaves_out_the_enchanted_creature(make_state, others, expected):
    """Bravado: "Enchanted creature gets +1/+1 for each other creature you control." (CR 611.3, 613.4c).

    P2's Bravado on P2's Grizzly Bears (2/2). With P2's Raging Goblin the Bears are 2+1 = 3/3 (the Bears are not
    "other"): Smite the Monstrous (power 4 or greater) has no target, 0 casts. With the Goblin and Hill Giant
    (3/3): 2+2 = 4/4, the Bears its one target (the Giant is 3/3), 1 cast.
    """
    theirs = [("bears", "Grizzly Bears"), ("bravado", "Bravado", {"attached_to": "bears"})]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=theirs + [(f"c{i}", name) for i, name in enumerate(others)],
    )
    assert len(_targets(state, "smite")) == expected


@pytest.mark.parametrize(("cards", "expected"), [(8, 1), (7, 0)])
def test_an_opponent_with_eight_cards_in_their_graveyard(make_state, cards, expected):
    """Blackbloom Rogue (2/3): "gets +3/+0 as long as an opponent has eight or more cards in their graveyard".

    P2's Rogue; P1, its controller's opponent, has ``cards`` Islands in the graveyard (CR 611.3a). Eight: 2+3 =
    5/3, Smite the Monstrous's one target, 1 cast; seven: 2/3, 0 casts.
    """
    graveyard = [{"id": f"g{i}", "card": "Island", "zone": "graveyard", "owner": "P1"} for i in range(cards)]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("rogue", "Blackbloom Rogue")],
        objects=graveyard,
    )
    assert len(_targets(state, "smite")) == expected


def test_a_change_of_power_with_what_only_combat_reads(make_state):
    """Furor of the Bitten: "Enchanted creature gets +2/+2 and attacks each combat if able." (CR 613.4c, 508.1d).

    Attacking is for combat: the line is read, its +2/+2 applied. P2's Grizzly Bears with it are 4/4: Smite the
    Monstrous (power 4 or greater) has them as its one target, 1 cast.
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("bears", "Grizzly Bears"), ("furor", "Furor of the Bitten", {"attached_to": "bears"})],
    )
    assert _targets(state, "smite") == [("bears",)]


def test_a_line_of_blocking_bears_on_no_cast(make_state):
    """Great Wall: "Creatures with plainswalk can be blocked as though they didn't have plainswalk." (CR 702.14c).

    Blocking is for combat (CR 509.1): nothing a cast reads, the line read. Lightning Bolt with Great Wall (an
    enchantment) on P2's side has P1 and P2 as targets: 2 casts.
    """
    card = parse_card(default_card_database().get("Great Wall"))
    assert not card.static_unread and not card.permanent_unsupported
    state = make_state(hand=[("bolt", "Lightning Bolt")], battlefield=lands("Mountain", 1), opponent=["Great Wall"])
    assert legal_casts(state, "bolt").count() == 2


@pytest.mark.parametrize("chosen", [{"name": "Sol Ring"}, None])
def test_a_ban_on_abilities_that_are_not_mana_abilities(make_state, chosen):
    """Pithing Needle bans activated abilities that are not mana abilities (CR 602.5, 605.3a).

    "Activated abilities of sources with the chosen name can't be activated unless they're mana abilities.":
    whatever the name, mana abilities stay: Divination ({2}{U}) with an Island and Sol Ring ({T}: Add {C}{C}), P2's
    Needle naming Sol Ring or with no name in the state: 1 cast.
    """
    needle = ("needle", "Pithing Needle", {"chosen": chosen}) if chosen else ("needle", "Pithing Needle")
    state = make_state(
        hand=[("div", "Divination")], battlefield=[("island", "Island"), ("ring", "Sol Ring")], opponent=[needle]
    )
    assert legal_casts(state, "div").count() == 1


@pytest.mark.parametrize(("zombie", "expected"), [("Warpath Ghoul", [("ghoul",)]), ("Canyon Minotaur", [])])
def test_a_group_of_a_supertype_and_a_creature_type(make_state, zombie, expected):
    """Narfi, Betrayer King: "Other snow and Zombie creatures you control get +1/+1." (CR 205.4, 613.4c).

    The creatures that are snow or Zombies, Narfi aside. Smite the Monstrous (power 4 or greater) always has
    P2's Narfi (4/3) as a target. P2's Warpath Ghoul (3/2 Zombie) is 4/3, a target too (2); Canyon Minotaur (3/3,
    neither snow nor Zombie) stays 3/3: Narfi alone (1).
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("narfi", "Narfi, Betrayer King"), ("ghoul", zombie)],
    )
    assert _targets(state, "smite") == sorted(expected + [("narfi",)])


@pytest.mark.parametrize(("counted", "expected"), [(1, 0), (2, 1)])
def test_for_each_artifact_and_or_enchantment(make_state, counted, expected):
    """All That Glitters counts permanents of either card type (CR 205.2a, 613.4c).

    "Enchanted creature gets +1/+1 for each artifact and/or enchantment you control." P2's Aura (an
    enchantment, counted) on P2's Grizzly Bears (2/2), and ``counted`` - 1 Darksteel Relics (artifacts): one in
    all = 3/3, Smite the Monstrous has no target (0); two = 4/4, the Bears (1).
    """
    theirs = [("bears", "Grizzly Bears"), ("aura", "All That Glitters", {"attached_to": "bears"})]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=theirs + [(f"r{i}", "Darksteel Relic") for i in range(counted - 1)],
    )
    assert len(_targets(state, "smite")) == expected


def test_attacking_tokens(make_state):
    """Bone-Cairn Butcher: "Attacking tokens you control have deathtouch." (CR 111.1, 506.4, 613.1f).

    Read: the group is the tokens that are attacking. With P2's Butcher and no token, Lightning Bolt has P1, P2
    and the Butcher as targets (3).
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=lands("Mountain", 1), opponent=[("b", "Bone-Cairn Butcher")]
    )
    assert legal_casts(state, "bolt").count() == 3
    assert not parse_card(default_card_database().get("Bone-Cairn Butcher")).static_unread


def test_mounts_and_vehicles(make_state):
    """Cloudspire Captain: "Mounts and Vehicles you control get +1/+1." (CR 205.3, 613.4c).

    Any permanent with either subtype: P2's Adventurer's Airship (a Vehicle, 3/x) is 4/x, the Captain itself
    (2/3 Human Pilot) is not changed; as for a cast, Lightning Bolt's targets are P1, P2 and the Captain (the
    Airship is no creature till crewed): 3.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("captain", "Cloudspire Captain"), ("ship", "Adventurer's Airship")],
    )
    assert legal_casts(state, "bolt").count() == 3
    assert as_the_game_sees_it(state).object("ship").card.power == "4"


@pytest.mark.parametrize(("enchanted", "expected"), [(True, [("osprey",)]), (False, [])])
def test_flying_as_long_as_it_is_enchanted(make_state, enchanted, expected):
    """Fledgling Osprey: "This creature has flying as long as it's enchanted." (CR 303.4, 611.3a, 613.1f).

    P2's Osprey with P2's Pacifism attached flies: Plummet (target creature with flying) has it as its one
    target (1); without an Aura it doesn't fly (0).
    """
    aura = [("pacifism", "Pacifism", {"attached_to": "osprey"})] if enchanted else []
    state = make_state(
        hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2), opponent=[("osprey", "Fledgling Osprey"), *aura]
    )
    assert _targets(state, "plummet") == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [(["Island", "Grizzly Bears", "Sol Ring", "Pacifism"], [("capybara",)]), (["Island"] * 3 + ["Shock"], [])],
)
def test_descend_four_counts_permanent_cards(make_state, cards, expected):
    """Basking Capybara counts permanent cards in its controller's graveyard (CR 207.2c, 110.4a, 611.3a).

    Basking Capybara (1/3): "Descend 4 — This creature gets +3/+0 as long as there are four or more permanent
    cards in your graveyard." The ability word has no rules meaning. P2's graveyard with a land, a creature, an
    artifact and an enchantment card: four permanent cards, 1+3 = 4/3, Smite the Monstrous's one target (1).
    Three lands and Shock (an instant, no permanent card): three, 1/3, no target (0).
    """
    graveyard = [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": "P2"} for i, name in enumerate(cards)]
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=lands("Plains", 4),
        opponent=[("capybara", "Basking Capybara")],
        objects=graveyard,
    )
    assert _targets(state, "smite") == expected


@pytest.mark.parametrize(("card", "power"), [("Academic Probation", "2"), ("Shock", "1")])
def test_a_lesson_card_in_your_graveyard(make_state, card, power):
    """First-Time Flyer counts a Lesson card in its controller's graveyard (CR 205.3, 611.3a).

    "This creature gets +1/+1 as long as there's a Lesson card in your graveyard." P2's Flyer (1/2), and in P2's
    graveyard Academic Probation (a Lesson sorcery): 1+1 = 2 power; with Shock there instead (no Lesson): 1.
    """
    graveyard = [{"id": "g", "card": card, "zone": "graveyard", "owner": "P2"}]
    state = make_state(opponent=[("flyer", "First-Time Flyer")], objects=graveyard)
    assert as_the_game_sees_it(state).object("flyer").card.power == power


@pytest.mark.parametrize(("active", "power"), [("P2", "4"), ("P1", "2")])
def test_during_turns_other_than_yours(make_state, active, power):
    """Glory of Warfare: the turn it is decides which line applies (CR 611.3a).

    "During your turn, creatures you control get +2/+0." and "During turns other than yours, creatures you
    control get +0/+2.", "your" being P2's, its controller: P2's Grizzly Bears are 4/2 on P2's turn, 2/4 on P1's.
    """
    state = make_state(opponent=[("glory", "Glory of Warfare"), ("bears", "Grizzly Bears")], active_player=active)
    assert as_the_game_sees_it(state).object("bears").card.power == power


@pytest.mark.parametrize(("counters", "expected"), [({"+1/+1": 1}, [("spider",)]), ({}, [])])
def test_flying_as_long_as_it_is_modified(make_state, counters, expected):
    """Skyward Spider: "This creature has flying as long as it's modified." (CR 700.9, 611.3a, 613.1f).

    A counter on it is a modification: P2's Spider with a +1/+1 counter flies, Plummet's one target (1); with
    none, no Equipment and no Aura, it doesn't (0).
    """
    spider = ("spider", "Skyward Spider", {"counters": counters}) if counters else ("spider", "Skyward Spider")
    state = make_state(hand=[("plummet", "Plummet")], battlefield=lands("Forest", 2), opponent=[spider])
    assert _targets(state, "plummet") == expected


def test_a_condition_of_what_only_combat_reads_needs_no_reading(make_state):
    """A condition of a line that only combat reads needs no reading (Bristlepack Sentry, CR 508.1).

    Bristlepack Sentry (3/3, defender): "As long as you control a creature with power 4 or greater, this
    creature can attack as though it didn't have defender." Whether it may attack is for combat, whatever the
    condition: read. Lightning Bolt with P2's Sentry: P1, P2 and the Sentry (3).
    """
    assert not parse_card(default_card_database().get("Bristlepack Sentry")).static_unread
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=lands("Mountain", 1), opponent=[("s", "Bristlepack Sentry")]
    )
    assert legal_casts(state, "bolt").count() == 3


def test_max_speed_is_no_ability_word(make_state):
    """CR 702.178a, 207.2c: "Max speed — This creature gets +1/+1 and has menace." applies only at speed 4.

    Speed is no fact of the state, so the line is not read as always applying (Gastal Raider, a 3/3, is not a 4/4
    for Smite the Monstrous's "power 4 or greater"): the answer is refused, naming it. An ability word has no rules
    meaning (CR 207.2c): "Domain — …" lines are read without it (tests above).
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")], battlefield=lands("Plains", 4), opponent=[("raider", "Gastal Raider")]
    )
    with pytest.raises(UnsupportedRuleError, match="Gastal Raider"):
        legal_casts(state, "smite").count()
