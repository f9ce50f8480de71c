"""Cards with several faces whose other face may be cast: never a cast silently missing.

A split card's half (CR 709.3), an aftermath half (CR 702.127a), an Adventure (CR 715.3) and a modal double-faced
card's other face (CR 712.11b) are each a way to cast the card. The bundled card data lacks the text of many of
these faces (its source carries front faces only): casting such a card is unsupported, naming the face, rather than
listing the front face's casts alone.
"""

from __future__ import annotations

import pytest

from models.cards import CardDatabase, card_from_record, default_card_database
from models.errors import UnsupportedRuleError
from models.io.state_json import state_from_data
from models.oracle.parser import parse_card
from solver.legal import count_legal_casts, legal_casts


def _state(card: str, cards: CardDatabase | None = None, zone: str = "hand"):
    data = {"players": ["P1", "P2"], "objects": [
        {"id": "c", "card": card, "zone": zone, "owner": "P1"},
        *({"id": f"m{i}", "card": "Mountain", "zone": "battlefield", "controller": "P1"} for i in range(4)),
        *({"id": f"i{i}", "card": "Island", "zone": "battlefield", "controller": "P1"} for i in range(4)),
        {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"}]}
    return state_from_data(data, cards=cards) if cards is not None else state_from_data(data)


@pytest.mark.parametrize(("card", "face"), [
    ("Bonecrusher Giant", "Stomp"),  # an Adventure (CR 715.3)
    ("Depose", "Deploy"),  # a split card's other half (CR 709.3)
    ("Valki, God of Lies", "Tibalt, Cosmic Impostor"),  # a modal double-faced card's back face (CR 712.11b)
])
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


_GIANT = {"name": "Bonecrusher Giant", "mana_cost": "{2}{R}", "type_line": "Creature — Giant", "power": "4",
          "toughness": "3", "layout": "adventure", "faces_of": "Bonecrusher Giant // Stomp",
          "oracle_text": "Whenever this creature becomes the target of a spell, this creature deals 2 damage to "
                         "that spell's controller."}
_STOMP = {"name": "Stomp", "mana_cost": "{1}{R}", "type_line": "Instant — Adventure", "layout": "adventure",
          "faces_of": "Bonecrusher Giant // Stomp",
          "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target."}


def test_an_adventure_in_the_data_is_still_refused_until_modelled():
    """CR 715.3: with both faces in the data, casting the Adventure is not modelled yet: refused, never left out."""
    cards = _records(_GIANT, _STOMP, *_BASICS)
    assert cards.get("Bonecrusher Giant").faces_lacking == ()
    with pytest.raises(UnsupportedRuleError, match="Adventure"):
        legal_casts(_state("Bonecrusher Giant", cards), "c").count()


def test_the_data_lacking_a_face_is_noted_once_per_card():
    """The whole name and the lacking face name stay refused by name, as before (never a guess at the text)."""
    cards = _records(_GIANT)
    assert cards.get("Bonecrusher Giant").faces_lacking == ("Stomp",)
    with pytest.raises(Exception, match="lacks"):
        cards.get("Stomp")


_BASICS = ({"name": "Mountain", "mana_cost": "", "type_line": "Basic Land — Mountain", "oracle_text": ""},
           {"name": "Island", "mana_cost": "", "type_line": "Basic Land — Island", "oracle_text": ""},
           {"name": "Grizzly Bears", "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "power": "2",
            "toughness": "2", "oracle_text": ""})


def test_a_transforming_cards_back_face_is_not_cast_from_the_hand():
    """CR 712.11: a transforming double-faced card is cast front face up: its lacking back face does not matter.

    Delver of Secrets ({U}), its back face not in the data, in hand with four Islands: 1 cast.
    """
    delver = {"name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard", "power": "1",
              "toughness": "1", "layout": "transform", "faces_of": "Delver of Secrets // Insectile Aberration",
              "oracle_text": "At the beginning of your upkeep, look at the top card of your library. You may reveal "
                             "that card. If an instant or sorcery card is revealed this way, transform this "
                             "creature."}
    cards = _records(delver, *_BASICS)
    assert cards.get("Delver of Secrets").faces_lacking == ("Insectile Aberration",)
    assert count_legal_casts(_state("Delver of Secrets", cards), "c") == 1
