"""When a text's instance of "target" is part of the spell: its mode, its splice, its kicker (CR 601.2c)."""

from __future__ import annotations

import pytest

from models.choices import SPLICE_SET, ModeKey, OptionalCostKey
from models.errors import UnsupportedRuleError
from models.io.state_json import load_state, state_from_data
from solver.build import build_cast_problem
from solver.rules.switches import kick_key
from tests.conftest import ROOT


def _slots_by_source(problem):
    return {(slot.key.source, slot.key.mode, slot.key.instruction, slot.key.index): slot for slot in problem.slots}


def test_a_modes_instance_is_on_when_the_mode_is_chosen():
    """CR 700.2c: Requisition Raid's "Destroy target artifact." (mode 1) is part of the spell when mode 1 is chosen."""
    problem = build_cast_problem(load_state(ROOT / "examples" / "case03-raid-4plains.json"), "raid")
    slot = _slots_by_source(problem)[("raid", 0, 0, 0)]
    assert slot.switch is not None and slot.switch.scope == (ModeKey(0),)
    assert slot.switch.is_on(1) and not slot.switch.is_on(0)


def test_a_spliced_texts_instance_is_on_when_its_card_is_spliced():
    """CR 702.47d: Glacial Ray's "any target", spliced onto Reach Through Mists, is on when the Ray is spliced."""
    problem = build_cast_problem(load_state(ROOT / "examples" / "case02-mists-ray-silver-knight.json"), "mists")
    slot = _slots_by_source(problem)[("ray", None, 0, 0)]
    assert slot.switch is not None and slot.switch.scope == (SPLICE_SET,)
    assert slot.switch.atoms[0].member == "ray"
    assert slot.switch.is_on(("ray",)) and not slot.switch.is_on(())


def test_kicked_text_is_on_when_the_kicker_is_paid():
    """CR 702.33d, 702.33g: Jilt's "another target creature" (if kicked) is on exactly when its kicker is paid."""
    state = state_from_data(
        {"players": ["P1", "P2"], "objects": [{"id": "jilt", "card": "Jilt", "zone": "hand", "owner": "P1"}]}
    )
    problem = build_cast_problem(state, "jilt")
    kicked = [slot for slot in problem.slots if slot.switch is not None]
    assert len(kicked) == 1 and kicked[0].switch.scope == (OptionalCostKey("kicker"),)
    assert kicked[0].switch.is_on(1) and not kicked[0].switch.is_on(0)
    assert kick_key(problem, "another target creature") == OptionalCostKey("kicker")


def test_text_that_counts_kicks_on_a_spell_with_no_kicker_is_unsupported():
    """CR 702.33d: "for each time this spell was kicked" reads a kicker cost; Lightning Bolt has none: refused."""
    state = state_from_data(
        {"players": ["P1", "P2"], "objects": [{"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"}]}
    )
    with pytest.raises(UnsupportedRuleError, match="counts the kicks"):
        kick_key(build_cast_problem(state, "bolt"), "another target for each time this spell was kicked")
