"""Cards of the whole 2026 pool that the Oracle reader once misread or crashed on, one class per test.

Each card is written here as its record (current Oracle text), so the test does not depend on which card
file is the default. Expected readings are worked out from the Oracle text and the rule cited.
"""

from __future__ import annotations

import json

import pytest

from models.abilities import Quality, TargetKind
from models.cards import card_from_record
from models.mana import Color
from models.objects import CardType, Zone
from models.oracle.parser import parse_card
from solver.cli import main


def read(text: str, type_line: str = "Sorcery", cost: str = "{1}", name: str = "Test Card"):
    """The abilities parse_card reads from a card of this text."""
    return parse_card(card_from_record({"name": name, "mana_cost": cost, "type_line": type_line,
                                        "oracle_text": text}))


def test_colour_list_then_another_quality_is_both():
    """Display of Dominance: "target blue or black noncreature permanent" is (blue or black) and noncreature.

    CR 105.2 and 115.1: a permanent that is blue or black, and not a creature. The reader once crashed on it.
    """
    card = read("Choose one —\n• Destroy target blue or black noncreature permanent.\n"
                "• Permanents you control can't be the targets of blue or black spells your opponents control "
                "this turn.", type_line="Instant", cost="{1}{G}", name="Display of Dominance")
    assert not card.unsupported
    (spec,) = card.modes[0].instruction.targets
    assert spec.kinds == frozenset({TargetKind.PERMANENT})
    assert set(spec.qualities.clauses) == {
        frozenset({Quality("color", Color.BLUE), Quality("color", Color.BLACK)}),
        frozenset({Quality("type", CardType.CREATURE, negated=True)}),
    }


def test_subtype_of_two_words():
    """Time Lord Regeneration: "target Time Lord you control" is one subtype of two words (CR 205.3m)."""
    card = read('Until end of turn, target Time Lord you control gains "When this creature dies, draw a card."',
                type_line="Instant", cost="{2}{U}", name="Time Lord Regeneration")
    assert not card.unsupported
    (spec,) = card.spell_text[0].targets
    assert spec.qualities.clauses == (frozenset({Quality("subtype", "Time Lord")}),)


def test_symbol_no_rule_defines_is_unsupported_with_its_line():
    """Cheap Ass: "{½}" is no mana symbol of CR 107.4, so its cost change is reported, never read as another."""
    card = read("Spells you cast cost {½} less to cast.", type_line="Creature — Donkey Townsfolk",
                cost="{1}{W}", name="Cheap Ass")
    (unread,) = card.unsupported
    assert unread.span == "Spells you cast cost {½} less to cast." and "{½}" in unread.reason
    assert unread.permanent_relevant and not card.cost_modifiers


def test_keyword_matches_whole_words_only():
    """Lightning Greaves: "Equipped creature has shroud" is no "Equip" line (CR 702.6): it grants shroud.

    Unread, it must bear on targeting (CR 702.18a), for either player's spells.
    """
    card = read("Equipped creature has shroud and haste.\nEquip {0}", type_line="Artifact — Equipment",
                cost="{2}", name="Lightning Greaves")
    (unread,) = card.unsupported
    assert unread.span == "Equipped creature has shroud and haste." and "targeting" in unread.topics
    reducer = read("Equipment spells you cast cost {1} less to cast.", type_line="Creature — Human",
                   cost="{1}{W}", name="Bureau Headmaster")
    (modifier,) = reducer.cost_modifiers
    assert modifier.amount == -1 and modifier.qualities.clauses == (frozenset({Quality("subtype", "Equipment")}),)


def test_unknown_or_unread_keyword_lines_are_reported():
    """Keyword lines the grammar does not read are never spell text (CR 702).

    "Sneak {2}{U}" is in no CR edition we follow; "Kicker—Sacrifice a creature." is kicker paid with an object
    (CR 702.33a), not read: both make casting the card unsupported.
    """
    for text in ("Sneak {2}{U}\nReturn target creature to its owner's hand.",
                 "Kicker—Sacrifice a creature.\nDestroy target artifact."):
        card = read(text, type_line="Instant")
        assert [u.span for u in card.casting_unsupported] == [text.split("\n")[0]]


def test_unread_other_zone_keyword_bears_on_that_zone_only():
    """Flashback with a cost of mana and life lets the card be cast from the graveyard (CR 702.34a).

    From the hand it is cast as usual, so only other zones are unsupported.
    """
    card = read("Target player draws two cards.\nFlashback—{1}{U}, Pay 3 life.", cost="{3}{U}", name="Deep Analysis")
    (unread,) = card.unsupported
    assert not unread.casting_relevant and Zone.HAND not in unread.zones and Zone.GRAVEYARD in unread.zones


def test_ward_with_another_cost_is_ward():
    """Ward with a cost of life is ward (CR 702.21a): a trigger, never a limit on targeting, whatever its cost."""
    card = read("Flying\nWard—Pay 2 life.", type_line="Creature — Spirit", cost="{2}{U}")
    assert card.ward and not card.unsupported


def test_unread_permanent_text_bears_on_every_topic_it_names():
    """Void Winnower's ban names spells' mana values (CR 202.3), not mana made: it bears on casting ("cost").

    "Protection from mana value 3 or greater" bears on targeting (CR 702.16) and not on mana.
    """
    winnower = read("Your opponents can't cast spells with even mana values.", type_line="Creature — Eldrazi",
                    cost="{9}", name="Void Winnower")
    (ban,) = winnower.permanent_unsupported
    assert ban.topics == {"cost"}
    skulk = read("Lifelink, protection from mana value 3 or greater", type_line="Creature — Rat", cost="{1}{W}")
    (protection,) = skulk.permanent_unsupported
    assert protection.topics == {"targeting"} and not protection.casting_relevant


GREAVES = {"name": "Lightning Greaves", "mana_cost": "{2}", "type_line": "Artifact — Equipment",
           "oracle_text": "Equipped creature has shroud and haste.\nEquip {0}"}
WINNOWER = {"name": "Void Winnower", "mana_cost": "{9}", "type_line": "Creature — Eldrazi", "power": "11",
            "toughness": "9", "oracle_text": "Your opponents can't cast spells with even mana values.\n"
                                             "Your opponents can't block with creatures with even mana values."}
SHOCK = {"name": "Shock", "mana_cost": "{R}", "type_line": "Instant",
         "oracle_text": "Shock deals 2 damage to any target."}


@pytest.mark.parametrize("permanent", [GREAVES, WINNOWER], ids=["Lightning Greaves", "Void Winnower"])
@pytest.mark.parametrize("controller", ["P1", "P2"])
def test_unread_permanent_on_either_side_makes_the_answer_unsupported(capsys, tmp_path, permanent, controller):
    """A permanent whose unread text may bear on the cast gives exit 3 whoever controls it (never a guess).

    Void Winnower bans even mana values for its controller's opponents (CR 101.2); Lightning Greaves may give
    a creature shroud (CR 702.18a). Shock's count can't be told with either on the battlefield.
    """
    state = {"players": ["P1", "P2"], "active_player": "P1", "phase": "precombat_main", "objects": [
        {"id": "s", "zone": "hand", "owner": "P1", "card": SHOCK},
        {"id": "m", "zone": "battlefield", "controller": "P1", "card": "Mountain"},
        {"id": "p", "zone": "battlefield", "controller": controller, "card": permanent}]}
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    code = main(["count", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (3, "") and permanent["name"] in err and "unsupported" in err
