"""Shared fixtures: the repository root and the count suite."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SUITES = ROOT / "tests" / "counts"

UNREAD_CURRENT_WORDING: dict[str, str] = {}
"""Example states whose card the Oracle reader can't read in its current wording, with why.

They are reported unsupported (exit code 3), never counted wrong; the tests expect that, and mark the
hand-derived counts as expected failures (strict: once the reader reads the text, they must be restored).
"""


def load_count_suite(path: Path | None = None) -> list[dict]:
    """The cases of a count-suite file, or of every ``tests/counts/*.jsonl`` (one JSON object per line)."""
    paths = [path] if path is not None else sorted(SUITES.glob("*.jsonl"))
    return [json.loads(line) for p in paths for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository root."""
    return ROOT


@pytest.fixture(autouse=True)
def _no_saved_readings_after_a_test():
    """A command run in a test keeps cards' readings (models.oracle.saved) only while that test runs."""
    yield
    from models.oracle.saved import disable_saved_readings

    disable_saved_readings()
