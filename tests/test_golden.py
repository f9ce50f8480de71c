"""Every example's casts and explanation are what the golden files say (regenerate: ``python -m tests.golden``)."""

from __future__ import annotations

import difflib
import os

import pytest

from tests.golden import COMMANDS, ROOT, example_files, golden_path, render, stack_cases

CASES = [(example, suffix) for example in example_files() for suffix in COMMANDS]
STACK_CASES = stack_cases()


@pytest.mark.parametrize("example, suffix", CASES, ids=[f"{e.stem}.{s}" for e, s in CASES])
def test_output_is_golden(example, suffix, monkeypatch) -> None:
    """CR 601.2: the casts and explanation of each example state are unchanged, or the diff is shown."""
    monkeypatch.chdir(ROOT)
    path = golden_path(example, suffix)
    assert path.exists(), f"no golden file {path.name}: run python -m tests.golden"
    expected = path.read_text(encoding="utf-8")
    actual = render(example, suffix)
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), f"golden/{path.name}", "now", n=1)
        )
        pytest.fail(f"{path.name} changed (regenerate with python -m tests.golden if meant):\n{diff[:6000]}")


@pytest.mark.parametrize(
    "example, spell, suffix", STACK_CASES, ids=[f"{e.stem}.{spell}.{s}" for e, spell, s in STACK_CASES]
)
def test_stack_output_is_golden(example, spell, suffix, monkeypatch) -> None:
    """CR 608.2b, 707.10: how each spell on the stack resolves and what a copy of it may choose are unchanged."""
    monkeypatch.chdir(ROOT)
    path = golden_path(example, suffix, spell)
    assert path.exists(), f"no golden file {path.name}: run python -m tests.golden"
    actual = render(example, suffix, spell)
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(True), actual.splitlines(True), f"golden/after/{path.name}", "now", n=1
            )
        )
        pytest.fail(f"{path.name} changed (regenerate with python -m tests.golden if meant):\n{diff[:6000]}")


def test_every_golden_file_has_an_example() -> None:
    """Golden contract: no golden file outlives its example."""
    expected = {golden_path(e, s).name for e, s in CASES}
    present = {name for name in os.listdir(golden_path(example_files()[0], "x").parent) if name != "after"}
    assert present <= expected, f"golden files without an example: {sorted(present - expected)}"
    expected_after = {golden_path(e, s, spell).name for e, spell, s in STACK_CASES}
    present_after = set(os.listdir(golden_path(example_files()[0], "x", "spell").parent))
    assert present_after <= expected_after, f"golden files without a state: {sorted(present_after - expected_after)}"
