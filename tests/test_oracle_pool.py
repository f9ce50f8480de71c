"""Cards of the whole 2026 pool that the Oracle reader once misread or crashed on, one class per test.

Each card is written here as its record (current Oracle text), so the test does not depend on which card
file is the default. Expected readings are worked out from the Oracle text and the rule cited.
"""

from __future__ import annotations

from models.abilities import Quality, TargetKind
from models.cards import card_from_record
from models.mana import Color
from models.objects import CardType
from models.oracle.parser import parse_card


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
