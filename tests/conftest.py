"""Shared fixtures: the repository root and the count suite."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEED_SUITE = ROOT / "tests" / "counts" / "seed.jsonl"


def load_count_suite(path: Path = SEED_SUITE) -> list[dict]:
    """The cases of a count-suite file (one JSON object per line)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository root."""
    return ROOT
