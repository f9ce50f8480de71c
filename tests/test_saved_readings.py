"""Cards' readings kept between runs (models.oracle.saved): the same abilities, without reading the text again.

CR 207.2, 201.5: what a card's text says does not change between runs; a reading kept by an earlier run of the
same reader is the reading.
"""

from __future__ import annotations

import os
import time

import pytest

from models.io.card_pool import default_card_database
from models.oracle import parser, saved


@pytest.mark.parametrize("name", ["Glacial Ray", "Requisition Raid", "Cryptic Command", "Silver Knight"])
def test_a_kept_reading_is_the_reading(name, tmp_path, monkeypatch):
    """CR 702.47a, 702.172a, 700.2, 702.16a: the kept abilities equal those read from the text."""
    card = default_card_database().get(name)
    read = parser._read_card(card)
    saved.enable_saved_readings(tmp_path)
    parser.parse_card.cache_clear()
    assert parser.parse_card(card) == read
    saved.disable_saved_readings()  # written to the file
    saved.enable_saved_readings(tmp_path)
    parser.parse_card.cache_clear()
    monkeypatch.setattr(parser, "_read_card", lambda card: pytest.fail("the text was read again"))
    assert parser.parse_card(card) == read
    assert list(tmp_path.glob("readings-*.sqlite"))
    parser.parse_card.cache_clear()


def test_another_reader_keeps_another_file(tmp_path, monkeypatch):
    """A changed reader (another hash of the code) never takes an older reader's readings."""
    card = default_card_database().get("Glacial Ray")
    saved.enable_saved_readings(tmp_path)
    parser.parse_card.cache_clear()
    parser.parse_card(card)
    saved.disable_saved_readings()
    monkeypatch.setattr(saved, "reader_digest", lambda: "0" * 64)
    saved.enable_saved_readings(tmp_path)
    assert saved.saved_reading(card) is None
    assert len(list(tmp_path.glob("readings-*.sqlite"))) == 2
    parser.parse_card.cache_clear()
    saved.disable_saved_readings()


def test_an_unused_file_of_another_reader_is_removed(tmp_path, monkeypatch):
    """Readings of another reader untouched for more than STALE_AFTER_DAYS days go; recent ones stay."""
    old, recent = tmp_path / "readings-old.sqlite", tmp_path / "readings-recent.sqlite"
    old.write_bytes(b"")
    recent.write_bytes(b"")
    long_ago = time.time() - (saved.STALE_AFTER_DAYS + 1) * 86400
    os.utime(old, (long_ago, long_ago))
    saved.enable_saved_readings(tmp_path)
    saved.disable_saved_readings()
    assert not old.exists() and recent.exists()
