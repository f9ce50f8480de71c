"""A card another zone's unread text might let be cast is left out with a word, on every path, never silently.

Lightning Bolt in P1's hand with one Mountain: "any target" is a creature, player, planeswalker or battle (CR
115.4); the battlefield holds a land only, so P1 or P2: 2 casts, {R} paid by the Mountain. A card of P1's
graveyard or exile whose text the reader does not read, and which might be a permission to cast it from there
(CR 601.3), is named as left out with that text: ``count`` says 2 and notes it (``--strict``: exit 3), and so do
``explain``, ``batch``, the service and the Gymnasium mask. A card nothing lets be cast from there (Lightning Bolt
in the graveyard) is neither counted nor named.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from models.errors import UnsupportedRuleError
from models.io.state_json import state_from_data
from solver.actions import PositionCasts
from legalcasts.cli.main import main
from solver.legal import count_legal_casts
from legalcasts.service import UNSUPPORTED, Service
from tests.conftest import ROOT

BOLT_CASTS = 2
"""Lightning Bolt at P1 or at P2 (no creature, planeswalker or battle: CR 115.4), {R} from the one Mountain."""

LEFT_OUT = [
    # (card, zone, the unread text named)
    ("Kindle the Inner Flame", "graveyard", "Flashback—{1}{R}, Behold three Elementals."),  # CR 702.34a
    (
        "Ebondeath, Dracolich",
        "graveyard",
        "You may cast this card from your graveyard if a creature not named ~ died this turn.",
    ),
    (
        "Chittering Illuminator",
        "library",
        "As long as ~ is at the top of your library, you may look at it any time and you may cast it.",
    ),
]


def state_data(name: str, zone: str) -> dict[str, Any]:
    return {
        "players": ["P1", "P2"],
        "objects": [
            {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
            {"id": "m1", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
            {"id": "x", "card": name, "zone": zone, "owner": "P1"},
        ],
    }


def write_state(tmp_path: Path, name: str, zone: str) -> str:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state_data(name, zone)), encoding="utf-8")
    return str(path)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("name", "zone", "span"), LEFT_OUT)
def test_position_counts_the_hand_and_leaves_the_card_out_with_its_text(name, zone, span):
    """CR 601.3: the position's casts are Lightning Bolt's 2; the card is in ``left_out``, its span named."""
    state = state_from_data(state_data(name, zone))
    position = PositionCasts(state, "P1")
    assert position.count() == BOLT_CASTS
    assert [(object_id, error.span) for object_id, error in position.left_out] == [("x", span)]
    with pytest.raises(UnsupportedRuleError):  # the library's sum over the player's cards: never a silent 2
        count_legal_casts(state)


@pytest.mark.parametrize(("name", "zone", "span"), LEFT_OUT)
def test_count_notes_the_card_and_strict_exits_3(capsys, tmp_path, name, zone, span):
    """CR 601.3: ``count`` prints Lightning Bolt's 2 and names the card on stderr; ``--strict``: exit 3, no count."""
    path = write_state(tmp_path, name, zone)
    code, out, err = run(capsys, "count", path)
    assert (code, out) == (0, f"{BOLT_CASTS}\n")
    assert err.startswith(f"legalcasts: left out {name} (x), text not read: ") and span in err
    code, out, err = run(capsys, "count", path, "--strict")
    assert (code, out) == (3, "") and err.startswith(f"legalcasts: unsupported: {name}") and span in err


@pytest.mark.parametrize(("name", "zone", "span"), LEFT_OUT)
def test_explain_and_batch_name_the_card(capsys, tmp_path, name, zone, span):
    """CR 601.3: ``explain`` explains Lightning Bolt and names the card; ``batch`` counts 2 and lists it."""
    path = write_state(tmp_path, name, zone)
    code, out, err = run(capsys, "explain", path)
    assert code == 0 and out.startswith(f"Lightning Bolt (bolt): {BOLT_CASTS} legal casts") and span in err
    code, out, _ = run(capsys, "batch", path, "--no-progress")
    record = json.loads(out.splitlines()[0])
    assert code == 0 and record["count"] == BOLT_CASTS
    assert [(r["card"], r["name"]) for r in record["left_out"]] == [("x", name)] and span in record["left_out"][0][
        "error"
    ]


def test_the_command_exits_3_in_a_fresh_process(tmp_path):
    """CR 601.3: ``python -m legalcasts.cli.main count --strict``, Ebondeath in the graveyard: exit 3, no output."""
    path = write_state(tmp_path, "Ebondeath, Dracolich", "graveyard")
    result = subprocess.run(
        [sys.executable, "-m", "legalcasts.cli.main", "count", "--strict", path],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert (result.returncode, result.stdout) == (3, "") and "died this turn" in result.stderr


@pytest.mark.parametrize(("name", "zone", "span"), LEFT_OUT)
def test_service_names_the_card_in_left_out(name, zone, span):
    """CR 601.3: the service's ``count``, ``casts`` and ``explain`` name the card in ``left_out``."""
    service = Service()

    def result(method: str, **params: Any) -> Any:
        response = service.handle({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        assert "error" not in response, response["error"]
        return response["result"]

    data = state_data(name, zone)
    counted = result("count", state=data)
    assert counted["count"] == BOLT_CASTS
    assert [(item["card"], item["name"]) for item in counted["left_out"]] == [("x", name)]
    assert span in counted["left_out"][0]["reason"]
    page = result("casts", state=data)
    assert len(page["casts"]) == BOLT_CASTS and [item["card"] for item in page["left_out"]] == ["x"]
    explained = result("explain", state=data)
    assert [item["card"] for item in explained["explanations"]] == ["bolt"]
    assert [item["card"] for item in explained["left_out"]] == ["x"]
    response = service.handle({"jsonrpc": "2.0", "id": 2, "method": "count", "params": {"state": data, "card": "x"}})
    assert response["error"]["code"] == UNSUPPORTED  # asked alone: refused, as ``--object`` is


@pytest.mark.parametrize(("name", "zone", "span"), LEFT_OUT)
def test_gym_mask_leaves_the_card_out_and_says_so(name, zone, span):
    """CR 601.3: the Gymnasium mask holds Lightning Bolt's 2 actions; ``left_out`` names the card."""
    pytest.importorskip("gymnasium")
    from legalcasts.gym import CastActions

    actions = CastActions(state_from_data(state_data(name, zone)), size=4)
    assert actions.mask.tolist() == [1] * BOLT_CASTS + [0] * (4 - BOLT_CASTS)
    assert [(object_id, error.span) for object_id, error in actions.left_out] == [("x", span)]


def test_a_card_nothing_lets_be_cast_from_the_graveyard_is_not_named(capsys, tmp_path):
    """CR 601.3: Lightning Bolt in P1's graveyard has no permission to be cast from there: not counted, not named."""
    state = state_from_data(state_data("Lightning Bolt", "graveyard"))
    position = PositionCasts(state, "P1")
    assert (position.count(), position.left_out) == (BOLT_CASTS, [])
    assert count_legal_casts(state) == BOLT_CASTS
    code, out, err = run(capsys, "count", write_state(tmp_path, "Lightning Bolt", "graveyard"), "--strict")
    assert (code, out, err) == (0, f"{BOLT_CASTS}\n", "")
