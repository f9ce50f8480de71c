"""Cards with several faces whose other face may be cast: never a cast silently missing.

A split card's half (CR 709.3), an aftermath half (CR 702.127a), an Adventure (CR 715.3) and a modal double-faced
card's other face (CR 712.11b) are each a way to cast the card. The bundled card data lacks the text of many of
these faces (its source carries front faces only): casting such a card is unsupported, naming the face, rather than
listing the front face's casts alone.
"""

from __future__ import annotations

import dataclasses

import pytest

from models.cards import CardDatabase, card_from_record
from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.io.state_json import state_from_data
from models.oracle.parser import parse_card
from models.state import GameState
from models.io.card_index import import_card_file, load_card_database
from solver.legal import castable_objects, count_legal_casts, legal_casts
from tests.conftest import ROOT


def _state(card: str, cards: CardDatabase | None = None, zone: str = "hand"):
    data = {
        "players": ["P1", "P2"],
        "objects": [
            {"id": "c", "card": card, "zone": zone, "owner": "P1"},
            *({"id": f"m{i}", "card": "Mountain", "zone": "battlefield", "controller": "P1"} for i in range(4)),
            *({"id": f"i{i}", "card": "Island", "zone": "battlefield", "controller": "P1"} for i in range(4)),
            {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
        ],
    }
    return state_from_data(data, cards=cards) if cards is not None else state_from_data(data)


@pytest.mark.parametrize(
    ("card", "face"),
    [
        ("Bonecrusher Giant", "Stomp"),  # an Adventure (CR 715.3)
        ("Depose", "Deploy"),  # a split card's other half (CR 709.3)
        ("Valki, God of Lies", "Tibalt, Cosmic Impostor"),  # a modal double-faced card's back face (CR 712.11b)
    ],
)
def test_a_card_whose_castable_face_the_data_lacks_is_unsupported(card, face):
    """The bundled data has the front face only: its casts would miss the other face's, so the answer is refused."""
    state = _state(card)
    with pytest.raises(UnsupportedRuleError, match=face):
        legal_casts(state, "c").count()
    assert face in default_card_database().get(card).faces_lacking


def test_an_aftermath_half_lacking_bears_only_on_the_graveyard():
    """CR 702.127a: the aftermath half is cast only from a graveyard; from the hand the first half is all there is.

    Road // Ruin lacks Ruin: Road cast from the hand is answered; from the graveyard the answer is refused.
    """
    abilities = parse_card(default_card_database().get("Road"))
    (lacking,) = [u for u in abilities.unsupported if "Ruin" in u.span]
    assert not lacking.casting_relevant and lacking.zones and "hand" not in {z.value for z in lacking.zones}


def _records(*records: dict) -> CardDatabase:
    return CardDatabase([card_from_record(r) for r in records])


_GIANT = {
    "name": "Bonecrusher Giant",
    "mana_cost": "{2}{R}",
    "type_line": "Creature — Giant",
    "power": "4",
    "toughness": "3",
    "layout": "adventure",
    "faces_of": "Bonecrusher Giant // Stomp",
    "oracle_text": "Whenever this creature becomes the target of a spell, this creature deals 2 damage to "
    "that spell's controller.",
}
_STOMP = {
    "name": "Stomp",
    "mana_cost": "{1}{R}",
    "type_line": "Instant — Adventure",
    "layout": "adventure",
    "faces_of": "Bonecrusher Giant // Stomp",
    "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target.",
}


def test_the_data_lacking_a_face_is_noted_once_per_card():
    """The whole name and the lacking face name stay refused by name, as before (never a guess at the text)."""
    cards = _records(_GIANT)
    assert cards.get("Bonecrusher Giant").faces_lacking == ("Stomp",)
    with pytest.raises(Exception, match="lacks"):
        cards.get("Stomp")


_BASICS = (
    {"name": "Mountain", "mana_cost": "", "type_line": "Basic Land — Mountain", "oracle_text": ""},
    {"name": "Plains", "mana_cost": "", "type_line": "Basic Land — Plains", "oracle_text": ""},
    {"name": "Island", "mana_cost": "", "type_line": "Basic Land — Island", "oracle_text": ""},
    {
        "name": "Grizzly Bears",
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
        "power": "2",
        "toughness": "2",
        "oracle_text": "",
    },
)


def test_a_transforming_cards_back_face_is_not_cast_from_the_hand():
    """CR 712.11: a transforming double-faced card is cast front face up: its lacking back face does not matter.

    Delver of Secrets ({U}), its back face not in the data, in hand with four Islands: 1 cast.
    """
    delver = {
        "name": "Delver of Secrets",
        "mana_cost": "{U}",
        "type_line": "Creature — Human Wizard",
        "power": "1",
        "toughness": "1",
        "layout": "transform",
        "faces_of": "Delver of Secrets // Insectile Aberration",
        "oracle_text": "At the beginning of your upkeep, look at the top card of your library. You may reveal "
        "that card. If an instant or sorcery card is revealed this way, transform this "
        "creature.",
    }
    cards = _records(delver, *_BASICS)
    assert cards.get("Delver of Secrets").faces_lacking == ("Insectile Aberration",)
    assert count_legal_casts(_state("Delver of Secrets", cards), "c") == 1


# ------------------------------------------------------------------------------------ faces in the data: cast them
def _whole_state(
    cards: CardDatabase, card: str, zone: str = "hand", lands: tuple[str, ...] = ("Mountain",) * 3, **extra
) -> GameState:
    data = {
        "players": ["P1", "P2"],
        "objects": [
            {"id": "c", "card": card, "zone": zone, "owner": "P1", **extra},
            *({"id": f"l{i}", "card": land, "zone": "battlefield", "controller": "P1"} for i, land in enumerate(lands)),
            {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
        ],
    }
    return state_from_data(data, cards=cards)


def test_an_adventurer_card_is_cast_as_itself_or_as_its_adventure(casts):
    """CR 715.3: Bonecrusher Giant ({2}{R} creature) or its Adventure Stomp ({1}{R}: 2 damage to any target).

    Three Mountains, P1's main phase: the Giant, 1 cast; Stomp at P1, P2 or P2's Grizzly Bears, 3 casts, each
    naming the face "Stomp". 1 + 3 = 4.
    """
    cards = _records(_GIANT, _STOMP, *_BASICS)
    found = casts(_whole_state(cards, "Bonecrusher Giant"), "c")
    assert sorted(c.halves for c in found) == [(), ("Stomp",), ("Stomp",), ("Stomp",)]


def test_an_adventure_keeps_its_own_timing(casts):
    """CR 715.3a: only the Adventure's characteristics are evaluated.

    On P2's turn, Stomp (an instant) 3 casts, the Giant (a creature) 0.
    """
    cards = _records(_GIANT, _STOMP, *_BASICS)
    state = _whole_state(cards, "Bonecrusher Giant")
    state = dataclasses.replace(state, active_player="P2", priority="P1")
    assert sorted(c.halves for c in casts(state, "c")) == [("Stomp",)] * 3


def test_a_card_on_an_adventure_is_cast_from_exile_as_itself_only(casts):
    """CR 715.3d: from exile after its Adventure resolved, the Giant may be cast, never Stomp again: 1 cast."""
    cards = _records(_GIANT, _STOMP, *_BASICS)
    found = casts(_whole_state(cards, "Bonecrusher Giant", zone="exile", on_adventure=True), "c")
    assert [(c.halves, c.zone.value) for c in found] == [((), "exile")]


_BOLT_FRONT = {
    "name": "Test Searing Charm",
    "mana_cost": "{1}{R}",
    "type_line": "Sorcery",
    "layout": "modal_dfc",
    "faces_of": "Test Searing Charm // Test Searing Peaks",
    "oracle_text": "Test Searing Charm deals 3 damage to any target.",
}
_LAND_BACK = {
    "name": "Test Searing Peaks",
    "mana_cost": "",
    "type_line": "Land",
    "layout": "modal_dfc",
    "faces_of": "Test Searing Charm // Test Searing Peaks",
    "oracle_text": "{T}: Add {R}.",
}
_CREATURE_FRONT = {
    "name": "Test Wanderer",
    "mana_cost": "{1}{R}",
    "type_line": "Creature — Human",
    "power": "2",
    "toughness": "2",
    "layout": "modal_dfc",
    "faces_of": "Test Wanderer // Test Wanderer's Trick",
    "oracle_text": "",
}
_INSTANT_BACK = {
    "name": "Test Wanderer's Trick",
    "mana_cost": "{R}",
    "type_line": "Instant",
    "layout": "modal_dfc",
    "faces_of": "Test Wanderer // Test Wanderer's Trick",
    "oracle_text": "Tap target creature.",
}


def test_a_modal_double_faced_cards_land_face_is_played_not_cast(casts):
    """CR 712.11b, 712.12: a spell front and a land back: only the front is cast: any target, 3 casts."""
    cards = _records(_BOLT_FRONT, _LAND_BACK, *_BASICS)
    found = casts(_whole_state(cards, "Test Searing Charm"), "c")
    assert [c.halves for c in found] == [(), (), ()]


def test_a_modal_double_faced_cards_back_face_is_cast(casts):
    """CR 712.11b: the caster chooses the face to cast.

    The creature front, 1 cast; the instant back taps target creature, P2's Grizzly Bears being the one: 1 cast.
    1 + 1 = 2.
    """
    cards = _records(_CREATURE_FRONT, _INSTANT_BACK, *_BASICS)
    found = casts(_whole_state(cards, "Test Wanderer"), "c")
    assert sorted(c.halves for c in found) == [(), ("Test Wanderer's Trick",)]


_SPIRIT = {
    "name": "Test Lost Spirit",
    "mana_cost": "{1}{W}",
    "type_line": "Creature — Spirit",
    "power": "2",
    "toughness": "1",
    "layout": "transform",
    "faces_of": "Test Lost Spirit // Test Spirit's Blessing",
    "oracle_text": "Flying\nDisturb {1}{U}",
}
_BLESSING = {
    "name": "Test Spirit's Blessing",
    "mana_cost": "",
    "type_line": "Enchantment — Aura",
    "colors": ["U"],
    "layout": "transform",
    "faces_of": "Test Lost Spirit // Test Spirit's Blessing",
    "oracle_text": "Enchant creature\nEnchanted creature gets +1/+1.",
}


def test_disturb_casts_the_back_face_from_the_graveyard(casts):
    """CR 702.146a, 712.11a: from the graveyard, the back face (an Aura) for the disturb cost {1}{U}.

    A Plains and an Island; the Aura's target (CR 303.4a): P2's Grizzly Bears, the one creature: 1 cast, naming
    the back face, for its disturb cost. The front face is not cast from the graveyard.
    """
    cards = _records(_SPIRIT, _BLESSING, *_BASICS)
    found = casts(_whole_state(cards, "Test Lost Spirit", zone="graveyard", lands=("Plains", "Island")), "c")
    assert [(c.halves, c.alternative_cost) for c in found] == [(("Test Spirit's Blessing",), "disturb")]


def test_disturb_is_not_a_way_from_the_hand(casts):
    """CR 702.146a: from the hand the front face is cast for its mana cost {1}{W}: 1 cast, no back face."""
    cards = _records(_SPIRIT, _BLESSING, *_BASICS)
    found = casts(_whole_state(cards, "Test Lost Spirit", lands=("Plains", "Island")), "c")
    assert [(c.halves, c.alternative_cost) for c in found] == [((), None)]


# ------------------------------------------------------------------------- a real Scryfall file with every face
_SCRYFALL = ROOT.parent / "shared" / "real" / "card-files" / "scryfall-cassette-cards.json.gz"


@pytest.mark.skipif(not _SCRYFALL.exists(), reason="the real card files are not beside the project")
def test_faces_from_a_real_scryfall_file(tmp_path):
    """CR 712.11b, 702.146a, 202.3b: faces as a Scryfall file gives them, imported into an index.

    Alrund, God of the Cosmos ({3}{U}{U}) // Hakka, Whispering Raven ({1}{U}), a modal double-faced card in hand,
    six lands (two Islands): either face, 2 casts. Beloved Beggar // Generous Soul (disturb {4}{W}{W}) in the
    graveyard, four Plains: the back face for its disturb cost, 1 cast, whose mana value is the front face's
    {1}{W}, 2.
    """
    db = tmp_path / "cards.sqlite"
    import_card_file(_SCRYFALL, db)
    cards = load_card_database(str(db))
    lands = [
        {"id": f"l{i}", "card": land, "zone": "battlefield", "controller": "P1"}
        for i, land in enumerate(["Plains"] * 4 + ["Island"] * 2)
    ]
    state = state_from_data(
        {
            "players": ["P1", "P2"],
            "objects": [
                {"id": "alrund", "card": "Alrund, God of the Cosmos", "zone": "hand", "owner": "P1"},
                {"id": "beg", "card": "Beloved Beggar", "zone": "graveyard", "owner": "P1"},
                *lands,
            ],
        },
        cards=cards,
    )
    assert sorted(c.name for c in legal_casts(state, "alrund")) == [
        "Alrund, God of the Cosmos",
        "Hakka, Whispering Raven",
    ]
    (soul,) = legal_casts(state, "beg")
    assert (soul.name, soul.alternative_cost, soul.mana_value) == ("Generous Soul", "disturb", 2)
    assert castable_objects(state, "P1") == ("alrund", "beg")
    assert cards.get("Beloved Beggar // Generous Soul").name == "Beloved Beggar"  # named whole: the front face
