"""Meta-tests: every rules module has its test file; every example is in the suite."""

from __future__ import annotations

from tests.conftest import ROOT, load_count_suite


def test_every_rules_module_has_a_test_file() -> None:
    """Style contract: solver/rules/<area>.py is tested by tests/rules/test_<area>.py."""
    modules = sorted(p.stem for p in (ROOT / "solver" / "rules").glob("*.py") if p.stem != "__init__")
    missing = [m for m in modules if not (ROOT / "tests" / "rules" / f"test_{m}.py").exists()]
    assert modules and not missing, f"rules modules without tests: {missing}"


def test_every_example_is_in_the_count_suite() -> None:
    """Suite contract: each ready example state has at least one expected count."""
    used = {case["state"] for case in load_count_suite()}
    examples = {f"examples/{p.name}" for p in (ROOT / "examples").glob("*.json")}
    assert examples and examples <= used, f"examples without a count: {sorted(examples - used)}"
