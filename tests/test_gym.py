"""legalcasts.gym: a Discrete action space of a position's casts and its mask (Gymnasium's shape)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

from legalcasts.gym import CastActions, action_space  # noqa: E402
from models.errors import InputError  # noqa: E402
from models.io.state_json import load_state, state_from_data  # noqa: E402
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
    # 10 actions over Reach 8, Ritual 3, Ray 4 casts: 3 each, the one left over to the first card: 4 + 3 + 3
    assert kept.kept == [4, 3, 3] and kept.unreachable == 5 and kept.mask.tolist() == [1] * 10
    whole = CastActions(load_state(CASE10), size=20)
    # Ray's second cast (position id 8 + 3 + 1 = 12) is kept, after Reach's 4 and Ritual's 3: action 4 + 3 + 1
    assert kept.action(whole.cast(12)) == 8 and kept.cast(8) == whole.cast(12)
    assert kept.action(whole.cast(5)) is None  # Reach's sixth cast is out of reach
    with pytest.raises(InputError, match="size: must be an integer of 1 or more"):
        action_space(0)


def test_truncation_keeps_every_card() -> None:
    """Every card of the hand keeps casts: 7 cards, the first with many casts, in a space of 14 actions."""
    hand = ["Glacial Ray", "Lightning Bolt", "Shock", "Opt", "Giant Growth", "Duress", "Divination"]
    objects = [{"id": f"h{i}", "card": name, "zone": "hand", "owner": "P1"} for i, name in enumerate(hand)]
    objects += [
        {"id": f"l{i}", "card": land, "zone": "battlefield", "controller": "P1"}
        for i, land in enumerate(["Mountain", "Island", "Swamp", "Forest", "Island"])
    ]
    objects += [{"id": f"c{i}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} for i in range(9)]
    state = state_from_data({"players": ["P1", "P2"], "objects": objects})
    whole = CastActions(state, size=1000)
    counts = whole.position.counts
    # Glacial Ray, Bolt and Shock have 11 targets each (2 players, 9 Bears): the first 13 ids are 2 cards' casts
    assert len(counts) == 7 and counts[0] + counts[1] > 13
    kept = CastActions(state, size=14, truncate=True, pass_action=True)
    # 13 actions for casts (the 14th is the pass) over 7 cards: at least one each, every card kept
    assert all(k >= 1 for k in kept.kept) and sum(kept.kept) == 13 and kept.pass_id == 13
    assert {kept.cast(a).card for a in range(13)} == {f"h{i}" for i in range(7)}
    with pytest.raises(InputError, match="passing priority"):
        kept.cast(13)
