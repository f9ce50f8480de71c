"""Qualities target phrases ask of their objects: kinds in a list, graveyards, colours, numbers, counters, power.

"Destroy target artifact, enchantment, or creature with flying": "with flying" qualifies the creature only, the kind
it follows (CR 115.1). Cards "from their graveyard" follow the target player; totals over the targets; numbers the
state gives ("mana value less than or equal to the number of Plains you control"); counters (CR 122.1); "the
greatest power among creatures on the battlefield" (CR 208.1); cards with cycling, typecycling included
(CR 702.29f); "card that's an instant or sorcery" (CR 205.2a); enchanted permanents (CR 303.4); what the turn's
history would decide stays reported. Every count is worked out by hand with the arithmetic in the docstring; each
scenario runs on every backend (the ``casts`` fixture checks they agree).
"""

from __future__ import annotations

import dataclasses

import pytest

from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.oracle.parser import ANY_NUMBER, parse_card
from solver.legal import legal_casts
from tests.rules.conftest import lands


def targets_of(found) -> set[tuple[tuple[str, ...], ...]]:
    """The targets of each cast, one tuple per instance in printed order."""
    return {tuple(choice.targets for choice in cast.targets) for cast in found}


def first_targets_of(found) -> set[tuple[str, ...]]:
    """The objects chosen for the first instance of "target" of each cast."""
    return {cast.targets[0].targets if cast.targets else () for cast in found}


# ---------------------------------------------------------------------------------------------- "…, or creature with"
_FLYING_BOARD = [
    ("bears", "Grizzly Bears"),
    ("angel", "Serra Angel"),
    ("thopter", "Ornithopter"),
    ("juggernaut", "Juggernaut"),
    ("anthem", "Glorious Anthem"),
    ("forest", "Forest"),
]


@pytest.mark.parametrize(("card", "lands", "expected"), [("Shoot Down", 4, 4), ("Mutant Chain Reaction", 3, 5)])
def test_quality_after_a_list_of_kinds_names_the_last_kind(make_state, casts, card, lands, expected):
    """CR 115.1: "target artifact, enchantment, or creature with flying": any artifact, any enchantment, a flyer.

    P2 has Grizzly Bears (a creature without flying: no), Serra Angel (a creature with flying: yes), Ornithopter
    (an artifact creature with flying: yes), Juggernaut (an artifact creature without flying: yes, an artifact),
    Glorious Anthem (an enchantment: yes) and a Forest (a land: no). Shoot Down: 4 targets = 4 casts. Mutant Chain
    Reaction's "up to one target": the 4, or none = 5 casts.
    """
    state = make_state(
        hand=[("spell", card)], battlefield=[(f"f{i}", "Forest") for i in range(lands)], opponent=_FLYING_BOARD
    )
    found = casts(state, "spell")
    assert len(found) == expected
    assert {t for cast in found for choice in cast.targets for t in choice.targets} == {
        "angel",
        "thopter",
        "juggernaut",
        "anthem",
    }


def test_quality_after_a_list_of_kinds_battle(make_state, casts):
    """CR 115.1: Atraxa's Fall ("target artifact, battle, enchantment, or creature with flying") on P1's own board.

    P1 has Grizzly Bears (no), Serra Angel (yes), Glorious Anthem (yes) and two Forests (no): 2 casts for {1}{G}.
    """
    state = make_state(
        hand=[("fall", "Atraxa's Fall")],
        battlefield=[
            ("f1", "Forest"),
            ("f2", "Forest"),
            ("bears", "Grizzly Bears"),
            ("angel", "Serra Angel"),
            ("anthem", "Glorious Anthem"),
        ],
    )
    assert targets_of(casts(state, "fall")) == {(("angel",),), (("anthem",),)}


@pytest.mark.parametrize(
    "name",
    [
        "Airship Crash",
        "Broken Wings",
        "Carnivorous Canopy",
        "Return to the Earth",
        "Shattered Wings",
        "Shoot Down",
        "Shower of Arrows",
        "Atraxa's Fall",
        "Mutant Chain Reaction",
        "Spider Food",
    ],
)
def test_cards_with_a_flyer_among_kinds_are_read(name):
    """CR 115.1: the ten instants and sorceries of "…, or creature with flying" are read whole."""
    assert not parse_card(default_card_database().get(name)).casting_unsupported


# ---------------------------------------------------------------------------------------------- "from their graveyard"
def _graveyard(object_id: str, card: str, owner: str) -> dict:
    return {"id": object_id, "card": card, "zone": "graveyard", "owner": owner}


_GRAVEYARDS = [
    _graveyard("bears", "Grizzly Bears", "P1"),
    _graveyard("opt", "Opt", "P1"),
    _graveyard("shock", "Shock", "P2"),
]


def test_cards_from_the_target_players_graveyard(make_state, casts):
    """CR 115.1, 601.2c, 404.1: Dwell on the Past: the cards are in the graveyard of the player chosen first.

    "Target player shuffles up to four target cards from their graveyard into their library." P1's graveyard holds
    Grizzly Bears and Opt, P2's holds Shock. Target P1: any subset of {Bears, Opt} = 4 sets; target P2: {} or
    {Shock} = 2 sets. 4 + 2 = 6 casts; never P2 with a card of P1's graveyard.
    """
    state = make_state(hand=[("dwell", "Dwell on the Past")], battlefield=[("f1", "Forest")], objects=_GRAVEYARDS)
    found = targets_of(casts(state, "dwell"))
    assert found == {
        (("P1",), ()),
        (("P1",), ("bears",)),
        (("P1",), ("opt",)),
        (("P1",), ("bears", "opt")),
        (("P2",), ()),
        (("P2",), ("shock",)),
    }


def test_their_graveyard_and_flashback(make_state, casts):
    """CR 601.2a, 702.34a, 115.1: Krosan Reclamation cast with flashback is on the stack, not among its targets.

    Krosan Reclamation ({1}{G}, flashback {1}{G}) is in P1's graveyard with Grizzly Bears and Opt; Shock is in
    P2's. Cast from the graveyard, the spell has left it: target P1 and up to two of {Bears, Opt}: 1 + 2 + 1 = 4
    sets; target P2 and {} or {Shock}: 2. 4 + 2 = 6 casts.
    """
    state = make_state(
        battlefield=[("f1", "Forest"), ("f2", "Forest")],
        objects=[_graveyard("krosan", "Krosan Reclamation", "P1"), *_GRAVEYARDS],
    )
    found = casts(state, "krosan")
    assert len(found) == 6
    assert all("krosan" not in choice.targets for cast in found for choice in cast.targets)


def test_their_graveyard_after_another_target(make_state, casts):
    """CR 115.3, 601.2c: Rite of Renewal's two sentences: the same card may be chosen for both instances.

    "Return up to two target permanent cards from your graveyard to your hand. Target player shuffles up to four
    target cards from their graveyard into their library." Graveyards as above. First instance: {} or {Bears}
    (Opt is no permanent card) = 2. Then P1 with any subset of {Bears, Opt} = 4, or P2 with {} or {Shock} = 2:
    6. 2 x 6 = 12 casts, for {3}{G}.
    """
    state = make_state(
        hand=[("rite", "Rite of Renewal")], battlefield=[(f"f{i}", "Forest") for i in range(4)], objects=_GRAVEYARDS
    )
    assert len(casts(state, "rite")) == 2 * 6


def test_their_graveyard_in_a_mode(make_state, casts):
    """CR 700.2, 601.2c, 115.1: Quandrix Command's fourth mode ties its cards to its target player.

    Choose two of: (1) return target creature or planeswalker, (2) counter target artifact or enchantment spell,
    (3) two +1/+1 counters on target creature, (4) target player shuffles up to three target cards from their
    graveyard. P1 has Grizzly Bears; no spell is on the stack, so (2) has no target; Opt is in P1's graveyard, P2's
    is empty. (1): Bears = 1; (3): Bears = 1; (4): P1 with {} or {Opt}, or P2 with {} = 3.
    {1,3} = 1, {1,4} = 3, {3,4} = 3: 7 casts.
    """
    state = make_state(
        hand=[("command", "Quandrix Command")],
        battlefield=[("f1", "Forest"), ("i1", "Island"), ("i2", "Island"), ("bears", "Grizzly Bears")],
        objects=[_graveyard("opt", "Opt", "P1")],
    )
    assert len(casts(state, "command")) == 1 + 3 + 3


# ---------------------------------------------------------------------------------------------- kinds of cards
def test_list_of_card_types_from_your_graveyard(make_state, casts):
    """CR 115.1, 115.2: Repair and Recharge: "target artifact, enchantment, or planeswalker card from your graveyard".

    P1's graveyard: Ornithopter (an artifact card: yes), Glorious Anthem (an enchantment card: yes), Grizzly Bears
    (a creature card: no), Opt (an instant card: no); P2's: Juggernaut (an artifact card, not in P1's graveyard:
    no). 2 casts, for {3}{W}{W}.
    """
    state = make_state(
        hand=[("repair", "Repair and Recharge")],
        battlefield=[(f"p{i}", "Plains") for i in range(5)],
        objects=[
            _graveyard("thopter", "Ornithopter", "P1"),
            _graveyard("anthem", "Glorious Anthem", "P1"),
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("opt", "Opt", "P1"),
            _graveyard("juggernaut", "Juggernaut", "P2"),
        ],
    )
    assert targets_of(casts(state, "repair")) == {(("thopter",),), (("anthem",),)}


def test_cards_in_graveyards(make_state, casts):
    """CR 115.1, 115.2, 115.6: Turn the Earth: "Choose up to three target cards in graveyards", any graveyard.

    Three cards in all (Grizzly Bears and Opt in P1's graveyard, Shock in P2's): every subset of at most three of
    them, 2^3 = 8 casts, for {G}.
    """
    state = make_state(hand=[("turn", "Turn the Earth")], battlefield=[("f1", "Forest")], objects=_GRAVEYARDS)
    assert len(casts(state, "turn")) == 8


def test_creature_and_or_planeswalker_cards(make_state, casts):
    """CR 700.2, 115.1: Archenemy's Charm's second mode: "one or two target creature and/or planeswalker cards".

    Choose one; the second mode's cards are from your graveyard. (1) exile target creature or planeswalker: P2's
    Grizzly Bears = 1. (2) P1's graveyard holds Grizzly Bears (a creature card), Jace Beleren (a planeswalker card)
    and Opt (no): one or two of the two = 2 + 1 = 3. (3) two counters on target creature you control: P1 controls
    none = 0. 1 + 3 = 4 casts, for {B}{B}{B}.
    """
    state = make_state(
        hand=[("charm", "Archenemy's Charm")],
        battlefield=[(f"s{i}", "Swamp") for i in range(3)],
        opponent=[("their_bears", "Grizzly Bears")],
        objects=[
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("jace", "Jace Beleren", "P1"),
            _graveyard("opt", "Opt", "P1"),
        ],
    )
    assert len(casts(state, "charm")) == 1 + 3


def test_permanent_card_with_mana_value(make_state, casts):
    """CR 110.4, 202.3, 115.1: Sevinne's Reclamation: "target permanent card with mana value 3 or less".

    The card is from P1's graveyard: Grizzly Bears (a permanent card, mana value 2: yes), Forest (a land card is a
    permanent card, mana value 0: yes), Serra Angel (mana value 5: no), Opt (an instant card: no). 2 casts, for
    {2}{W}.
    """
    state = make_state(
        hand=[("sevinne", "Sevinne's Reclamation")],
        battlefield=[(f"p{i}", "Plains") for i in range(3)],
        objects=[
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("forest", "Forest", "P1"),
            _graveyard("angel", "Serra Angel", "P1"),
            _graveyard("opt", "Opt", "P1"),
        ],
    )
    assert targets_of(casts(state, "sevinne")) == {(("bears",),), (("forest",),)}


def test_twice_x_targets_stays_reported():
    """CR 115.6: Erebos's Intervention's "up to twice X target cards" is not "X target cards": it stays reported."""
    read = parse_card(default_card_database().get("Erebos's Intervention"))
    assert [u.span for u in read.casting_unsupported] == ["twice x target cards from graveyards"]


def test_each_card_of_a_list_is_from_your_graveyard(make_state, casts):
    """CR 115.1, 115.2: Pull from the Deep: both instances name cards in P1's graveyard.

    "Return up to one target instant card and up to one target sorcery card from your graveyard to your hand."
    P1's graveyard: Opt and Lightning Bolt (instant cards), Divination (a sorcery card), Grizzly Bears (neither);
    P2's: Shock (an instant card, not P1's). First instance: none, Opt or Bolt = 3; second: none or Divination = 2.
    3 x 2 = 6 casts, for {2}{U}{U}.
    """
    state = make_state(
        hand=[("pull", "Pull from the Deep")],
        battlefield=[(f"i{i}", "Island") for i in range(4)],
        objects=[
            _graveyard("opt", "Opt", "P1"),
            _graveyard("bolt", "Lightning Bolt", "P1"),
            _graveyard("divination", "Divination", "P1"),
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("shock", "Shock", "P2"),
        ],
    )
    found = targets_of(casts(state, "pull"))
    assert len(found) == 3 * 2
    assert (("opt",), ("divination",)) in found and not any("shock" in t for cast in found for t in cast)


def test_noncreature_permanent_card_after_a_creature_card(make_state, casts):
    """CR 110.4, 115.1: Retrieve: a creature card and a noncreature permanent card, both from your graveyard.

    "Return up to one target creature card and up to one target noncreature permanent card from your graveyard to
    your hand." P1's graveyard: Grizzly Bears and Ornithopter (creature cards; Ornithopter is an artifact creature,
    so not noncreature), Glorious Anthem (a noncreature permanent card), Opt (an instant card: neither). First
    instance: none, Bears or Ornithopter = 3; second: none or Anthem = 2. 3 x 2 = 6 casts, for {2}{G}.
    """
    state = make_state(
        hand=[("retrieve", "Retrieve")],
        battlefield=[(f"f{i}", "Forest") for i in range(3)],
        objects=[
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("thopter", "Ornithopter", "P1"),
            _graveyard("anthem", "Glorious Anthem", "P1"),
            _graveyard("opt", "Opt", "P1"),
        ],
    )
    assert len(casts(state, "retrieve")) == 3 * 2


# ---------------------------------------------------------------------------------------------- "that's black or red"
def test_colour_of_either_kind(make_state, casts):
    """CR 105.2, 115.1: Fry: "target creature or planeswalker that's white or blue": the colour holds of both kinds.

    P2 has Grizzly Bears (green: no), Serra Angel (white: yes), Jace Beleren (a blue planeswalker: yes) and
    Ornithopter (colorless: no). 2 casts, for {1}{R}.
    """
    state = make_state(
        hand=[("fry", "Fry")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("angel", "Serra Angel"),
            ("jace", "Jace Beleren", {"counters": {"loyalty": 3}}),
            ("thopter", "Ornithopter"),
        ],
    )
    assert targets_of(casts(state, "fry")) == {(("angel",),), (("jace",),)}


def test_one_or_more_colors(make_state, casts):
    """CR 105.2c: Reach of Shadows: "target creature that's one or more colors": not a colorless creature.

    P2 has Grizzly Bears (green: yes), Serra Angel (white: yes), Ornithopter (colorless: no). 2 casts, for {4}{B}.
    """
    state = make_state(
        hand=[("reach", "Reach of Shadows")],
        battlefield=[(f"s{i}", "Swamp") for i in range(5)],
        opponent=[("bears", "Grizzly Bears"), ("angel", "Serra Angel"), ("thopter", "Ornithopter")],
    )
    assert targets_of(casts(state, "reach")) == {(("bears",),), (("angel",),)}


def test_spell_or_permanent_of_a_colour(make_state, casts):
    """CR 105.2, 115.1, 115.2: Aether Gust: "target spell or permanent that's red or green", spells on the stack too.

    P2's Lightning Bolt (a red spell: yes) is on the stack, aimed at P1; P2 has Grizzly Bears (green: yes) and Serra
    Angel (white: no); P1's Islands are colorless (no). 2 casts, for {1}{U}.
    """
    bolt = {
        "id": "bolt",
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": "bolt", "targets": [{"source": "bolt", "phrase": "any target", "targets": ["P1"]}]},
    }
    state = make_state(
        hand=[("gust", "Aether Gust")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        opponent=[("bears", "Grizzly Bears"), ("angel", "Serra Angel")],
        objects=[bolt],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "gust")) == {(("bolt",),), (("bears",),)}


def test_other_than_a_basic_land_card(make_state, casts):
    """CR 205.4a, 115.1: Extirpate: "target card in a graveyard other than a basic land card", any graveyard.

    P1's graveyard: Forest (a basic land card: no), Opt (yes); P2's: Shock (yes), Strip Mine (a land, not basic:
    yes), Snow-Covered Forest (basic: no). 3 casts, for {B}.
    """
    state = make_state(
        hand=[("extirpate", "Extirpate")],
        battlefield=[("s1", "Swamp")],
        objects=[
            _graveyard("forest", "Forest", "P1"),
            _graveyard("opt", "Opt", "P1"),
            _graveyard("shock", "Shock", "P2"),
            _graveyard("strip", "Strip Mine", "P2"),
            _graveyard("snow", "Snow-Covered Forest", "P2"),
        ],
    )
    assert targets_of(casts(state, "extirpate")) == {(("opt",),), (("shock",),), (("strip",),)}


# ---------------------------------------------------------------------------------------------- totals
def test_total_mana_value_of_the_targets(make_state, casts):
    """CR 601.2c, 202.3: Patch Up: "up to three target creature cards with total mana value 3 or less".

    P1's graveyard: Grizzly Bears (2), Savannah Lions (1), Memnite (0), Serra Angel (5), Opt (not a creature card).
    Sets of at most three of the four creature cards totalling 3 or less: none = 1; one: Bears, Lions, Memnite = 3
    (Angel alone is 5); two: Bears+Lions 3, Bears+Memnite 2, Lions+Memnite 1 = 3; three: Bears+Lions+Memnite 3 = 1.
    1 + 3 + 3 + 1 = 8 casts, for {2}{W}.
    """
    state = make_state(
        hand=[("patch", "Patch Up")],
        battlefield=[(f"p{i}", "Plains") for i in range(3)],
        objects=[
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("lions", "Savannah Lions", "P1"),
            _graveyard("memnite", "Memnite", "P1"),
            _graveyard("angel", "Serra Angel", "P1"),
            _graveyard("opt", "Opt", "P1"),
        ],
    )
    found = targets_of(casts(state, "patch"))
    assert len(found) == 1 + 3 + 3 + 1
    assert (("bears", "lions", "memnite"),) in found and (("angel",),) not in found


def test_total_power_of_the_targets(make_state, casts):
    """CR 601.2c, 208: Reunion of the House: "any number of target creature cards with total power 10 or less".

    P1's graveyard: Serra Angel (power 4), Grizzly Bears (2), Craw Wurm (6). Sets totalling 10 or less: none, each
    one alone (3), Angel+Bears 6, Angel+Wurm 10, Bears+Wurm 8 (3); all three 12: no. 1 + 3 + 3 = 7 casts, for
    {5}{W}{W}.
    """
    state = make_state(
        hand=[("reunion", "Reunion of the House")],
        battlefield=[(f"p{i}", "Plains") for i in range(7)],
        objects=[
            _graveyard("angel", "Serra Angel", "P1"),
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("wurm", "Craw Wurm", "P1"),
        ],
    )
    assert len(casts(state, "reunion")) == 1 + 3 + 3


# ---------------------------------------------------------------------------------------------- numbers of the state
def test_mana_value_up_to_the_plains_you_control(make_state, casts):
    """CR 115.1, 601.2c, 202.3, 205.3i: Lay Down Arms: mana value up to the number of Plains you control.

    "Exile target creature with mana value less than or equal to the number of Plains you control." P1 controls
    two Plains: mana value 2 or less. Grizzly Bears (2: yes), Serra Angel (5: no), Memnite (0: yes), P1's own
    Savannah Lions (1: yes, any creature). 3 casts, for {W}.
    """
    state = make_state(
        hand=[("arms", "Lay Down Arms")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("lions", "Savannah Lions")],
        opponent=[("bears", "Grizzly Bears"), ("angel", "Serra Angel"), ("memnite", "Memnite")],
    )
    assert targets_of(casts(state, "arms")) == {(("bears",),), (("memnite",),), (("lions",),)}


def test_mana_value_up_to_its_controllers_graveyard(make_state, casts):
    """CR 700.2, 115.1, 108.4: Drown in the Loch counts the graveyard of the controller of each spell or creature.

    Choose one: counter target spell, or destroy target creature, "with mana value less than or equal to the number
    of cards in its controller's graveyard". P2's graveyard holds Shock and Opt (2), P1's none (0). P2's Lightning
    Bolt on the stack (1 <= 2: yes); P2's Grizzly Bears (2 <= 2: yes), Serra Angel (5: no); P1's Savannah Lions
    (1 <= 0: no). 1 + 1 = 2 casts, for {U}{B}.
    """
    bolt = {
        "id": "bolt",
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": "bolt", "targets": [{"source": "bolt", "phrase": "any target", "targets": ["P1"]}]},
    }
    state = make_state(
        hand=[("loch", "Drown in the Loch")],
        battlefield=[("i1", "Island"), ("s1", "Swamp"), ("lions", "Savannah Lions")],
        opponent=[("bears", "Grizzly Bears"), ("angel", "Serra Angel")],
        objects=[bolt, _graveyard("shock", "Shock", "P2"), _graveyard("opt", "Opt", "P2")],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "loch")) == {(("bolt",),), (("bears",),)}


def test_power_less_than_the_cards_in_your_graveyard(make_state, casts):
    """CR 115.1, 208: Temporary Insanity: "with power less than the number of cards in your graveyard".

    P1's graveyard: Opt, Shock and a Forest (3): power 2 or less. Grizzly Bears (2: yes), Serra Angel (4: no),
    Memnite (1: yes). 2 casts, for {3}{R}.
    """
    state = make_state(
        hand=[("insanity", "Temporary Insanity")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)],
        opponent=[("bears", "Grizzly Bears"), ("angel", "Serra Angel"), ("memnite", "Memnite")],
        objects=[
            _graveyard("opt", "Opt", "P1"),
            _graveyard("shock", "Shock", "P1"),
            _graveyard("forest", "Forest", "P1"),
        ],
    )
    assert targets_of(casts(state, "insanity")) == {(("bears",),), (("memnite",),)}


def test_power_at_least_your_life_total(make_state, casts):
    """CR 115.1, 119.1: Blazing Hope: "target creature with power greater than or equal to your life total".

    P1 is at 4 life: Serra Angel (4: yes), Craw Wurm (6: yes), Grizzly Bears (2: no). 2 casts, for {W}.
    """
    state = make_state(
        hand=[("hope", "Blazing Hope")],
        battlefield=[("p1", "Plains")],
        opponent=[("angel", "Serra Angel"), ("wurm", "Craw Wurm"), ("bears", "Grizzly Bears")],
        life={"P1": 4},
    )
    assert targets_of(casts(state, "hope")) == {(("angel",),), (("wurm",),)}


def test_card_cast_without_paying_from_an_opponents_graveyard(make_state, casts):
    """CR 115.1, 115.2: Memory Plunder's "without paying its mana cost" says how, not what, it casts.

    "You may cast target instant or sorcery card from an opponent's graveyard without paying its mana cost." P2's
    graveyard: Shock (an instant card: yes), Divination (a sorcery card: yes), Grizzly Bears (no); P1's: Opt (not
    an opponent's: no). 2 casts, for {U/B}{U/B}{U/B}{U/B} with four Islands.
    """
    state = make_state(
        hand=[("plunder", "Memory Plunder")],
        battlefield=[(f"i{i}", "Island") for i in range(4)],
        objects=[
            _graveyard("shock", "Shock", "P2"),
            _graveyard("divination", "Divination", "P2"),
            _graveyard("bears", "Grizzly Bears", "P2"),
            _graveyard("opt", "Opt", "P1"),
        ],
    )
    assert targets_of(casts(state, "plunder")) == {(("shock",),), (("divination",),)}


def test_spell_or_permanent_with_mana_value(make_state, casts):
    """CR 202.3, 115.1, 115.2: Divide by Zero: "target spell or permanent with mana value 1 or greater".

    P2's Lightning Bolt on the stack (1: yes), P2's Grizzly Bears (2: yes), Memnite (0: no), Forest (0: no); P1's
    Islands (0: no). 2 casts, for {2}{U}.
    """
    bolt = {
        "id": "bolt",
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": "bolt", "targets": [{"source": "bolt", "phrase": "any target", "targets": ["P1"]}]},
    }
    state = make_state(
        hand=[("zero", "Divide by Zero")],
        battlefield=[(f"i{i}", "Island") for i in range(3)],
        opponent=[("bears", "Grizzly Bears"), ("memnite", "Memnite"), ("forest", "Forest")],
        objects=[bolt],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "zero")) == {(("bolt",),), (("bears",),)}


def test_instant_and_or_sorcery_spells(make_state, casts):
    """CR 115.1, 115.6: Display of Power: "Copy any number of target instant and/or sorcery spells".

    On the stack: P2's Lightning Bolt (an instant spell: yes) and P2's Grizzly Bears spell (a creature spell: no).
    None or the Bolt = 2 casts, for {1}{R}{R}.
    """
    bolt = {
        "id": "bolt",
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": "bolt", "targets": [{"source": "bolt", "phrase": "any target", "targets": ["P1"]}]},
    }
    bears = {"id": "bears", "card": "Grizzly Bears", "zone": "stack", "controller": "P2"}
    state = make_state(
        hand=[("display", "Display of Power")],
        battlefield=[(f"m{i}", "Mountain") for i in range(3)],
        objects=[bears, bolt],
        stack=["bears", "bolt"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "display")) == {((),), (("bolt",),)}


# ---------------------------------------------------------------------------------------------- what the state lacks
@pytest.mark.parametrize(
    ("name", "lacks"),
    [
        ("Crushing Pain", "which objects were dealt damage this turn"),
        ("Reciprocate", "which creatures dealt damage this turn"),
        ("Sizzling Barrage", "which creatures blocked or were blocked this turn"),
        ("Cradle to Grave", "when each permanent entered the battlefield"),
        ("Grim Return", "where each card in a graveyard came from, and when"),
    ],
)
def test_histories_the_state_lacks_stay_reported(name, lacks):
    """CR 115.1: a target restriction on the turn's history stays reported, saying what the state file lacks."""
    reasons = [u.reason for u in parse_card(default_card_database().get(name)).casting_unsupported]
    assert reasons == [f"target restriction not modelled: {lacks} is not in the state"]


def test_total_power_and_toughness(make_state, casts):
    """CR 208.1, 122.1a: Cut Down: "target creature with total power and toughness 5 or less", counters counted.

    Grizzly Bears 2/2 (4: yes), Savannah Lions 2/1 (3: yes), Serra Angel 4/4 (8: no), a second Grizzly Bears with
    a +1/+1 counter, 3/3 (6: no). 2 casts, for {B}.
    """
    state = make_state(
        hand=[("cut", "Cut Down")],
        battlefield=[("s1", "Swamp")],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("lions", "Savannah Lions"),
            ("angel", "Serra Angel"),
            ("big", "Grizzly Bears", {"counters": {"+1/+1": 1}}),
        ],
    )
    assert targets_of(casts(state, "cut")) == {(("bears",),), (("lions",),)}


# ---------------------------------------------------------------------------------------------- small readings
@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        ({"attacked": ["P2"]}, {(("P2",),)}),
        ({"attacked": ["P1", "P2"]}, {(("P1",),), (("P2",),)}),
        ({"attacked": []}, set()),
        ({}, set()),
    ],
)
def test_player_who_attacked_this_turn(make_state, casts, facts, expected):
    """CR 508.1, 115.1: Fire and Brimstone: "target player who attacked this turn", by ``this_turn.attacked``.

    {3}{W}{W} with five Plains. P2 attacked: P2 only = 1 cast. P1 and P2 attacked: 2 casts. Nobody attacked, or the
    state gives no ``attacked`` key (the conservative reading of STATE_FORMAT.md: taken as none): 0 casts.
    """
    state = make_state(
        hand=[("fire", "Fire and Brimstone")], battlefield=[(f"p{i}", "Plains") for i in range(5)], this_turn=facts
    )
    assert targets_of(casts(state, "fire")) == expected


def _spell_cast_from(object_id: str, card: str, zone: str | None) -> dict:
    """A spell of P2's on the stack, with a cast record naming the zone it was cast from (None: no record)."""
    spell: dict = {"id": object_id, "card": card, "zone": "stack", "controller": "P2", "owner": "P2"}
    if zone is not None:
        spell["cast"] = {"card": object_id, "zone": zone}
    return spell


def test_spell_cast_from_a_graveyard(make_state, casts):
    """CR 601.2a, 115.1: Laquatus's Disdain: "target spell cast from a graveyard", as the cast record says.

    On the stack: P2's Grizzly Bears cast from the graveyard (yes) and P2's Hill Giant cast from the hand (no).
    1 cast, for {1}{U} with two Islands.
    """
    state = make_state(
        hand=[("disdain", "Laquatus's Disdain")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        objects=[
            _spell_cast_from("bears", "Grizzly Bears", "graveyard"),
            _spell_cast_from("giant", "Hill Giant", "hand"),
        ],
        stack=["giant", "bears"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "disdain")) == {(("bears",),)}


@pytest.mark.parametrize(
    ("islands", "expected"), [(1, {(None, "bears")}), (3, {(None, "bears"), ("cleave", "bears"), ("cleave", "giant")})]
)
def test_spell_that_was_not_cast_from_its_owners_hand(make_state, casts, islands, expected):
    """CR 601.2a, 400.3, 702.148a: Wash Away, "Counter target spell [that wasn't cast from its owner's hand]".

    On the stack: P2's Grizzly Bears cast from the graveyard and Hill Giant cast from the hand. For {U} the words
    in brackets stay: the Bears only, 1 cast. Cleaved for {1}{U}{U} they are removed: either spell, 2 more casts
    with three Islands.
    """
    state = make_state(
        hand=[("wash", "Wash Away")],
        battlefield=[(f"i{i}", "Island") for i in range(islands)],
        objects=[
            _spell_cast_from("bears", "Grizzly Bears", "graveyard"),
            _spell_cast_from("giant", "Hill Giant", "hand"),
        ],
        stack=["giant", "bears"],
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "wash")
    assert {(cast.alternative_cost, cast.targets[0].targets[0]) for cast in found} == expected


def test_spell_cast_from_a_graveyard_without_a_record_is_unsupported(make_state, casts):
    """CR 601.2a: a spell on the stack with no cast record: where it was cast from is not known, never guessed."""
    state = make_state(
        hand=[("disdain", "Laquatus's Disdain")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        objects=[_spell_cast_from("bears", "Grizzly Bears", None)],
        stack=["bears"],
        active_player="P2",
        priority="P1",
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "disdain")


@pytest.mark.parametrize("card", ["Back on Track", "Okiba Salvage"])
def test_creature_or_vehicle_card(make_state, casts, card):
    """CR 205.3g, 115.1: "target creature or Vehicle card from your graveyard": a creature card or a Vehicle card.

    P1's graveyard: Grizzly Bears (a creature: yes), Smuggler's Copter (an artifact, Vehicle: yes), Opt (no),
    Sol Ring (an artifact, no Vehicle: no); P2's: Hill Giant (not P1's: no). 2 casts, {4}{B} paid with five
    Plains and five Swamps.
    """
    lands = [(f"p{i}", "Plains") for i in range(5)] + [(f"s{i}", "Swamp") for i in range(5)]
    state = make_state(
        hand=[("spell", card)],
        battlefield=lands,
        objects=[
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("copter", "Smuggler's Copter", "P1"),
            _graveyard("opt", "Opt", "P1"),
            _graveyard("ring", "Sol Ring", "P1"),
            _graveyard("giant", "Hill Giant", "P2"),
        ],
    )
    assert targets_of(casts(state, "spell")) == {(("bears",),), (("copter",),)}


def test_even_mana_value(make_state, casts):
    """CR 202.3: Desecrate Reality: "up to one target permanent that player controls with an even mana value".

    One opponent, P2: Grizzly Bears (2: even, yes), Memnite (0: zero is even, yes), Forest (0: yes), Savannah
    Lions (1: odd, no), Hill Giant (4: yes). Up to one: the 4, or none = 5 casts, for {7} with seven Islands.
    """
    state = make_state(
        hand=[("desecrate", "Desecrate Reality")],
        battlefield=[(f"i{i}", "Island") for i in range(7)],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("memnite", "Memnite"),
            ("forest", "Forest"),
            ("lions", "Savannah Lions"),
            ("giant", "Hill Giant"),
        ],
    )
    assert targets_of(casts(state, "desecrate")) == {
        ((),),
        (("bears",),),
        (("memnite",),),
        (("forest",),),
        (("giant",),),
    }


@pytest.mark.parametrize(
    "name", ["Fire and Brimstone", "Laquatus's Disdain", "Back on Track", "Okiba Salvage", "Desecrate Reality"]
)
def test_small_readings_are_whole(name):
    """CR 115.1: the cards of these readings are read whole."""
    assert not parse_card(default_card_database().get(name)).casting_unsupported


# ---------------------------------------------------------------------------------------------- counters
def test_creature_with_no_counters_on_it(make_state, casts):
    """CR 122.1, 700.2: Heartless Act: destroy target creature with no counters on it, or remove counters from one.

    P2's three Grizzly Bears: none, a +1/+1 counter, a -1/-1 counter. Mode one: only the Bears with no counter of
    any kind = 1; mode two ("target creature"): all three = 3. Choose one: 1 + 3 = 4 casts.
    """
    state = make_state(
        hand=[("act", "Heartless Act")],
        battlefield=[("s1", "Swamp"), ("s2", "Swamp")],
        opponent=[
            ("plain", "Grizzly Bears"),
            ("plus", "Grizzly Bears", {"counters": {"+1/+1": 1}}),
            ("minus", "Grizzly Bears", {"counters": {"-1/-1": 1}}),
        ],
    )
    found = casts(state, "act")
    assert len(found) == 1 + 3
    assert {cast.targets[0].targets for cast in found if cast.modes == (0,)} == {("plain",)}


def test_creatures_that_have_minus_one_counters_are_read():
    """CR 122.1: Dust exiles any number of target creatures that have -1/-1 counters on them: that kind, one or more."""
    (spec,) = parse_card(default_card_database().get("Dust")).spell_text[0].targets
    assert (spec.count, spec.minimum) == (ANY_NUMBER, 0)
    assert spec.qualities is not None and [
        [(q.attribute, q.value, q.negated) for q in clause] for clause in spec.qualities.clauses
    ] == [[("counter", "-1/-1", False)]]


# ------------------------------------------------------------------------------------------------- the greatest power
def test_topple_targets_a_creature_with_the_greatest_power(make_state, casts):
    """CR 208.1, 115.1: Topple exiles "target creature with the greatest power among creatures on the battlefield".

    Powers: Grizzly Bears 2, Hill Giant 3, P2's Craw Wurm 6, and P2's Hill Giant with three +1/+1 counters
    3 + 3 = 6 (CR 122.1a). The greatest is 6, and both 6-power creatures qualify (tied): 2 casts.
    """
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
        opponent=[("wurm", "Craw Wurm"), ("big", "Hill Giant", {"counters": {"+1/+1": 3}})],
    )
    assert first_targets_of(casts(state, "topple")) == {("wurm",), ("big",)}


def test_topple_counts_every_controllers_creatures(make_state, casts):
    """CR 208.1: "among creatures on the battlefield" is everyone's, the caster's creatures too.

    P2's Craw Wurm (6) beside P1's Hill Giant (3): P1's own creature can't be targeted; the Wurm is the one target:
    1 cast.
    """
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("giant", "Hill Giant")],
        opponent=[("wurm", "Craw Wurm")],
    )
    assert first_targets_of(casts(state, "topple")) == {("wurm",)}


def test_topple_with_a_power_the_state_cannot_give_is_unsupported(make_state, card):
    """A power defined by an ability not read (CR 604.3): the greatest power can't be known, so no answer."""
    racer = card(
        "Speed Racer",
        "{1}{R}",
        "Creature — Human",
        "Speed Racer's power is equal to your speed.",
        power="*",
        toughness="2",
    )
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("giant", "Hill Giant")],
        opponent=[("racer", racer)],
    )
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "topple").count()


def test_topple_with_tarmogoyf_read(make_state, casts):
    """CR 604.3, 613.4a: Tarmogoyf's power is read; with every graveyard empty it is 0/1.

    Hill Giant (3) has the greatest power: Topple's one target, 1 cast.
    """
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("giant", "Hill Giant")],
        opponent=[("goyf", "Tarmogoyf")],
    )
    assert first_targets_of(casts(state, "topple")) == {("giant",)}


# ------------------------------------------------------------------------------------------------ cards with cycling
def test_cards_with_cycling_include_typecycling(make_state, casts):
    """CR 702.29f: "any effect that looks for a card with cycling will find a card with typecycling".

    Sacred Excavation ({3}{U}): "Return up to two target cards with cycling from your graveyard". P1's graveyard
    holds Street Wraith (cycling), Ash Barrens (basic landcycling), Sojourner's Companion (artifact landcycling),
    Fluctuator (a line about cycling abilities, no cycling of its own) and Grizzly Bears; P2's graveyard holds
    Lórien Revealed (cycling, but not P1's). Subsets of the 3 candidates of size 0 to 2: 1 + 3 + 3 = 7 casts.
    """
    state = make_state(
        hand=[("dig", "Sacred Excavation")],
        battlefield=lands("Island", 4),
        objects=[
            _graveyard("wraith", "Street Wraith", "P1"),
            _graveyard("barrens", "Ash Barrens", "P1"),
            _graveyard("companion", "Sojourner's Companion", "P1"),
            _graveyard("fluctuator", "Fluctuator", "P1"),
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("revealed", "Lórien Revealed", "P2"),
        ],
    )
    found = casts(state, "dig")
    chosen = {frozenset(c.targets[0].targets) for c in found}
    assert len(found) == 7
    assert set().union(*chosen) == {"wraith", "barrens", "companion"}


# ------------------------------------------------------------------------------------- "card that's an instant or …"
def test_card_thats_an_instant_or_sorcery(make_state, casts):
    """CR 205.2a: "target card that's an instant or sorcery from your graveyard" is an instant or sorcery card.

    Mizzix's Mastery ({3}{R}) with four Mountains; P1's graveyard: Lightning Bolt (instant), Divination (sorcery),
    Grizzly Bears (creature); P2's graveyard: Shock (not P1's). Targets: Bolt or Divination = 2 casts. The overload
    cost {5}{R}{R}{R} needs 8 mana: not with 4 lands.
    """
    state = make_state(
        hand=[("mastery", "Mizzix's Mastery")],
        battlefield=lands("Mountain", 4),
        objects=[
            _graveyard("bolt", "Lightning Bolt", "P1"),
            _graveyard("div", "Divination", "P1"),
            _graveyard("bears", "Grizzly Bears", "P1"),
            _graveyard("shock", "Shock", "P2"),
        ],
    )
    assert first_targets_of(casts(state, "mastery")) == {("bolt",), ("div",)}


def test_card_thats_an_instant_or_sorcery_overloaded(make_state, casts):
    """CR 702.96a: with eight Mountains, overload ({5}{R}{R}{R}) is payable too and has no target: 2 + 1 = 3 casts."""
    state = make_state(
        hand=[("mastery", "Mizzix's Mastery")],
        battlefield=lands("Mountain", 8),
        objects=[_graveyard("bolt", "Lightning Bolt", "P1"), _graveyard("div", "Divination", "P1")],
    )
    found = casts(state, "mastery")
    assert sorted((c.alternative_cost or "", first_targets_of([c]).pop()) for c in found) == [
        ("", ("bolt",)),
        ("", ("div",)),
        ("overload", ()),
    ]


# ------------------------------------------------------------------------------------------------------- enchanted
def test_target_enchanted_permanent(make_state, casts):
    """CR 303.4: Cut the Earthly Bond ({U}) returns "target enchanted permanent": one an Aura is attached to.

    P1's Pacifism is attached to P2's Grizzly Bears (as a Forge puzzle's ``AttachedTo`` says; the JSON state has
    no attachments); P2's Hill Giant has none; Pacifism is not enchanted itself. 1 target: 1 cast.
    """
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")],
        battlefield=lands("Island", 1) + [("pacifism", "Pacifism")],
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    state = state.with_object(dataclasses.replace(state.object("pacifism"), attached_to="bears"))
    assert first_targets_of(casts(state, "cut")) == {("bears",)}


def test_enchanted_tells_apart_two_alike_permanents(make_state, casts):
    """CR 303.4: of two Grizzly Bears alike in every field, only the one Pacifism is attached to is enchanted.

    What an Aura is attached to is a fact of the Aura, not of the Bears: the two are not judged as one. 1 cast.
    """
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")],
        battlefield=lands("Island", 1) + [("pacifism", "Pacifism")],
        opponent=[("bears1", "Grizzly Bears"), ("bears2", "Grizzly Bears")],
    )
    state = state.with_object(dataclasses.replace(state.object("pacifism"), attached_to="bears2"))
    assert first_targets_of(casts(state, "cut")) == {("bears2",)}


def test_nothing_is_enchanted_without_an_aura(make_state, casts):
    """CR 303.4: with no Aura on the battlefield no permanent is enchanted: Cut the Earthly Bond has no target, 0."""
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")], battlefield=lands("Island", 1), opponent=[("bears", "Grizzly Bears")]
    )
    assert casts(state, "cut") == set()


def test_an_aura_attached_to_what_the_state_does_not_say(make_state):
    """CR 303.4: with an Aura whose attachment the state does not give, what is enchanted is unknown: refused."""
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")],
        battlefield=lands("Island", 1) + [("pacifism", "Pacifism")],
        opponent=[("bears", "Grizzly Bears")],
    )
    with pytest.raises(UnsupportedRuleError, match="attached"):
        legal_casts(state, "cut").count()


# ------------------------------------------------------------------------------------- counters of every +X/+Y kind
@pytest.mark.parametrize(
    ("counters", "expected"),
    [
        # Clockwork Steed is printed 0/3: four +1/+0 counters make it 4/3 (CR 122.1a): power 4, a target
        ({"+1/+0": 4}, {(("steed",),)}),
        # three +1/+0 counters: power 3, not "power 4 or greater"
        ({"+1/+0": 3}, set()),
        # four +1/+0 and one -1/-0 (CR 122.1a: each adds its own): 0 + 4 - 1 = 3, no target
        ({"+1/+0": 4, "-1/-0": 1}, set()),
        # two +2/+2 counters: 0 + 2 * 2 = 4, a target
        ({"+2/+2": 2}, {(("steed",),)}),
        # +0/+1 counters change toughness only: power 0
        ({"+0/+1": 5}, set()),
    ],
)
def test_power_with_counters_of_every_kind(make_state, casts, counters, expected):
    """CR 122.1a, 613.4c: a +X/+Y counter of any kind adds X to power.

    Smite the Monstrous: "target creature with power 4 or greater", for {3}{W} from four Plains. P2's Clockwork Steed
    (0/3) is the only creature.
    """
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=[(f"p{i}", "Plains") for i in range(4)],
        opponent=[("steed", "Clockwork Steed", {"counters": counters})],
    )
    assert targets_of(casts(state, "smite")) == expected


@pytest.mark.parametrize(
    ("forests", "expected"), [(3, {(2, "elves")}), (4, {(2, "elves"), (3, "elves"), (3, "bears")})]
)
def test_mana_value_less_than_x(make_state, casts, forests, expected):
    """CR 107.3a, 601.2b-c, 202.3: March of Burgeoning Life targets a creature with mana value less than X.

    P2's Llanowar Elves (1), Grizzly Bears (2), Hill Giant (4); no green card in P1's hand to exile.
    {X}{G} with three Forests: X up to 2; X = 0 or 1 names no creature (1 is not less than 1), X = 2 the Elves: 1
    cast. With four: X = 3 names the Elves and the Bears too: 3 casts.
    """
    state = make_state(
        hand=[("march", "March of Burgeoning Life")],
        battlefield=[(f"f{i}", "Forest") for i in range(forests)],
        opponent=[("elves", "Llanowar Elves"), ("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    assert {(cast.x, cast.targets[0].targets[0]) for cast in casts(state, "march")} == expected


def test_creature_with_a_morph_ability(make_state, casts):
    """CR 702.37a-b, 708.2a: Backslide turns "target creature with a morph ability" face down.

    P2's Exalted Angel (morph) and Den Protector (megamorph, a morph ability) are targets; Serra Angel has none,
    and a face-down Exalted Angel has no abilities at all (CR 708.2a). 2 casts, {1}{U} with two Islands.
    """
    state = make_state(
        hand=[("backslide", "Backslide")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        opponent=[
            ("angel", "Exalted Angel"),
            ("protector", "Den Protector"),
            ("serra", "Serra Angel"),
            ("hidden", "Exalted Angel", {"face_down": True, "cast_as": "morph"}),
        ],
    )
    assert {c.targets[0].targets for c in casts(state, "backslide")} == {("angel",), ("protector",)}
