"""legalcasts.gym: a Discrete action space of a position's casts and its mask (Gymnasium's shape)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from legalcasts.gym import CastActions, action_space  # noqa: E402
from models.errors import InputError  # noqa: E402
from models.io.state_json import load_state  # noqa: E402
from tests.conftest import ROOT  # noqa: E402

CASE10 = ROOT / "examples/case10-mists-ritual-ray.json"


def test_mask_and_actions_of_case10() -> None:
    """Case 10 has 15 casts (Reach 8, Desperate Ritual 3, Glacial Ray 4): actions 0-14 legal of 20."""
    actions = CastActions(load_state(CASE10), size=20)
    assert actions.mask.tolist() == [1] * 15 + [0] * 5 and actions.mask.dtype.name == "int8"
    assert actions.info["action_mask"] is actions.mask and actions.unreachable == 0
    for _ in range(50):  # Gymnasium draws only where the mask is 1
        action = int(actions.space.sample(mask=actions.mask))
        assert action < 15 and actions.action(actions.cast(action)) == action
    assert [actions.cast(i).card for i in (7, 8, 10, 11)] == ["mists", "ritual", "ritual", "ray"]
    with pytest.raises(InputError, match="15 is not a legal action of this position"):
        actions.cast(15)


def test_a_space_too_small_is_said() -> None:
    """15 casts do not fit 10 actions: refused, or kept with the 5 out of reach named."""
    with pytest.raises(InputError, match="the position has 15 legal casts, more than the 10 actions"):
        CastActions(load_state(CASE10), size=10)
    kept = CastActions(load_state(CASE10), size=10, truncate=True)
    assert kept.unreachable == 5 and kept.mask.tolist() == [1] * 10
    assert kept.action(CastActions(load_state(CASE10), size=20).cast(12)) is None  # id 12 lies past the space
    with pytest.raises(InputError, match="size: must be an integer of 1 or more"):
        action_space(0)
