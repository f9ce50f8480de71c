"""``legalcasts state export``: a Forge puzzle's state written as a state file, which loads back to the same state.

The state file follows the state format (``STATE_FORMAT.md``, read by :func:`models.io.state_json.state_from_data`,
which refuses any key it does not know); every count on it is the count on the puzzle. The real puzzles of
``../shared/real/forge-puzzles`` are used when they are there; the service's ``load_state`` takes a puzzle too.
"""

from __future__ import annotations

import json

import pytest

from models.errors import LegalcastsError, StateError
from models.io.card_index import load_card_database
from models.io.forge_pzl import HUMAN, export_state, load_puzzle, puzzle_from_text
from models.io.state_json import load_state, state_from_data
from legalcasts.cli.main import main
from legalcasts.service import INVALID_PARAMS, Service
from models.objects import Zone
from solver.actions import PositionCasts
from solver.legal import castable_objects
from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "forge-cryptic-counter.pzl"
PUZZLES = ROOT.parent / "shared" / "real" / "forge-puzzles"
POOL = ROOT.parent / "shared" / "cards" / "oracle-2026.jsonl.gz"
NAMES = sorted(p.name for p in PUZZLES.glob("*.pzl")) if PUZZLES.is_dir() else []


@pytest.fixture(scope="module")
def pool():
    return load_card_database(POOL)


def counts(state) -> tuple[list[tuple[str, int]], list[str]]:
    """Each card the human may cast with its count, and the cards left out (text not read), as ``count`` does."""
    position = PositionCasts(state, HUMAN)
    left_out = [object_id for object_id, _ in position.left_out]
    cast = [o for o in castable_objects(state, HUMAN) if o not in left_out and not is_land_in_hand(state, o)]
    assert len(cast) == len(position.counts)
    return list(zip(cast, position.counts)), left_out


def is_land_in_hand(state, object_id: str) -> bool:
    """A land in hand is played, not cast (CR 305.9): ``count`` leaves it out."""
    obj = state.object(object_id)
    return obj.zone is Zone.HAND and obj.card.is_land


def test_the_example_exports_to_a_state_file_that_counts_the_same(capsys) -> None:
    """The Cryptic Command example: 28 on the puzzle (docs/forge-puzzles.md), 28 on its state file (CR 601.2)."""
    assert main(["state", "export", str(EXAMPLE)]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""
    assert (data["players"], data["active_player"], data["priority"], data["phase"]) == (
        ["human", "ai"],
        "ai",
        "human",
        "precombat_main",
    )
    assert data["stack"] == ["9"] and data["life"] == {"human": 3, "ai": 10}
    state = state_from_data(data)
    assert state == load_puzzle(EXAMPLE).state
    # Cryptic Command 24 + Glacial Ray 4 (docs/forge-puzzles.md): 28.
    assert sum(count for _, count in counts(state)[0]) == 28


def test_export_to_a_file(capsys, tmp_path) -> None:
    """``--output FILE`` writes the file, nothing on stdout; the file loads as a state file."""
    path = tmp_path / "cryptic.json"
    assert main(["state", "export", str(EXAMPLE), "--output", str(path)]) == 0
    assert capsys.readouterr() == ("", "")
    assert load_state(path) == load_puzzle(EXAMPLE).state


def test_tokens_faces_counters_and_attackers_are_written() -> None:
    """Tokens inline (Scryfall fields), a back face up, counters, attachments, attackers and the turn's facts."""
    puzzle = puzzle_from_text(
        "[state]\nactiveplayer=ai\nactivephase=COMBAT_DECLARE_BLOCKERS\nhumanhand=Kill Shot\n"
        "humanbattlefield=Plains;Plains;Plains;t:c_a_treasure_sac|Tapped\n"
        "aibattlefield=Grizzly Bears|Id:4|Attacking|Tapped|Counters:P1P1=2;Holy Strength|AttachedTo:4;"
        "Delver of Secrets|Transformed\n"
    )
    data = export_state(puzzle)
    by_id = {o["id"]: o for o in data["objects"]}
    assert by_id["human-battlefield-4"] == {
        "id": "human-battlefield-4",
        "card": {
            "name": "Treasure Token",
            "type_line": "Artifact — Treasure",
            "oracle_text": "{T}, Sacrifice this artifact: Add one mana of any color.",
            "colors": [],
        },
        "zone": "battlefield",
        "owner": "human",
        "controller": "human",
        "tapped": True,
        "token": True,
    }
    assert by_id["4"]["counters"] == {"+1/+1": 2} and by_id["4"]["attacking"] is True
    assert by_id["ai-battlefield-2"]["attached_to"] == "4"
    assert (by_id["ai-battlefield-3"]["card"], by_id["ai-battlefield-3"]["transformed"]) == ("Delver of Secrets", True)
    assert data["this_turn"] == {"attacked": ["ai"]}
    state = state_from_data(data)
    assert state == puzzle.state
    # Kill Shot {2}{W}, target attacking creature: the Bears, 1 (CR 508.1).
    assert counts(state) == ([("human-hand-1", 1)], [])


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("[state]\nactivephase=CLEANUP\nhumanhand=Shock\n", "can't export: the game is in the cleanup step"),
        (
            "[state]\nhumanexile=Glacial Ray|FaceDown\n",
            "p.pzl:2: humanexile: 'Glacial Ray|FaceDown': the state format has no face-down card in exile",
        ),
    ],
)
def test_what_the_state_format_cannot_say_is_not_exported(text, fragment) -> None:
    """The cleanup step and a face-down card in exile have no words in the state format: one error, no file."""
    puzzle = puzzle_from_text(text, source="p.pzl")
    with pytest.raises(StateError) as caught:
        export_state(puzzle)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["state", "export", "examples/case03-raid-4plains.json"], "state export reads a Forge puzzle"),
        (["state", "export", "no-such.pzl"], "no-such.pzl"),
        (["state", "export", str(EXAMPLE), "--output", "examples"], "--output: is a folder, not a file"),
        (["state", "export"], "the following arguments are required: puzzle"),
    ],
)
def test_export_bad_input_is_one_line_and_exit_2(capsys, argv, fragment) -> None:
    """Bad input: one line on stderr, nothing on stdout, exit code 2."""
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("legalcasts: error: ") and fragment in err, err


def test_export_of_a_cleanup_puzzle_is_one_line(capsys, tmp_path) -> None:
    """A puzzle in the cleanup step: exit 2, one line, and no file written."""
    path = tmp_path / "cleanup.pzl"
    path.write_text("[state]\nactivephase=CLEANUP\n", encoding="utf-8")
    output = tmp_path / "out.json"
    assert main(["state", "export", str(path), "--output", str(output)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "can't export: the game is in the cleanup step" in err
    assert not output.exists()


@pytest.mark.skipif(not (PUZZLES.is_dir() and POOL.is_file()), reason="the real files are not here")
@pytest.mark.parametrize("name", NAMES)
def test_each_real_puzzle_that_loads_counts_the_same_exported(pool, name) -> None:
    """count(puzzle) == count(its exported state file), card by card, the same cards left out; the same state."""
    try:
        puzzle = load_puzzle(PUZZLES / name, pool)
    except LegalcastsError:
        pytest.skip("the puzzle does not load (tests/test_real_puzzles.py says why)")
    data = json.loads(json.dumps(export_state(puzzle)))  # as written to a file and read back
    state = state_from_data(data, pool)
    assert state == puzzle.state
    assert counts(state) == counts(puzzle.state)


def test_service_loads_a_puzzle() -> None:
    """load_state takes a puzzle's text: held as its exported state file, the same digest; counts as the puzzle.

    The Cryptic Command example: 28 (docs/forge-puzzles.md). A puzzle with a misspelled card: loaded with a
    warning. Both ``state`` and ``puzzle``, or a bad puzzle: one-line errors (-32602).
    """
    service = Service()
    text = EXAMPLE.read_text(encoding="utf-8")

    def call(**params):
        return service.handle({"jsonrpc": "2.0", "id": 1, "method": "load_state", "params": params})

    loaded = call(puzzle=text)["result"]
    by_state = call(state=export_state(load_puzzle(EXAMPLE)))["result"]
    assert loaded["digest"] == by_state["digest"] and loaded["castable"] == ["human-hand-1", "human-hand-2"]
    assert (loaded["warnings"], loaded["notes"]) == ([], [])
    count = service.handle({"jsonrpc": "2.0", "id": 2, "method": "count", "params": {"digest": loaded["digest"]}})
    assert count["result"] == {"count": 28, "left_out": []}
    typo = call(puzzle="[state]\nhumanhand=Glacal Ray;Shock\nhumanbattlefield=Mountain\n")["result"]
    assert typo["warnings"] == [
        "puzzle:2: humanhand: unknown card 'Glacal Ray' left out, as Forge leaves it out (did you mean 'Glacial Ray'?)"
    ]
    both = call(puzzle=text, state={"players": ["P1"]})["error"]
    assert both == {"code": INVALID_PARAMS, "message": "error: puzzle: give either 'state' or 'puzzle', not both"}
    bad = call(puzzle="[state]\nhumanlife=twenty\n")["error"]
    assert bad == {
        "code": INVALID_PARAMS,
        "message": "error: puzzle:2: humanlife: expected a whole number, got 'twenty'",
    }
    assert call()["error"]["message"] == "error: state: load_state needs 'state' or 'puzzle'"


def test_load_state_reads_a_puzzle_and_the_state_file_reader_says_where_to() -> None:
    """``legalcasts.load_state`` reads a puzzle; the state file's reader names it a puzzle (one line), not JSON."""
    import legalcasts
    from models.io import state_json

    assert legalcasts.load_state(EXAMPLE) == load_puzzle(EXAMPLE).state
    with pytest.raises(StateError, match=r"forge-cryptic-counter.pzl: a Forge puzzle is read by legalcasts.load_state"):
        state_json.load_state(EXAMPLE)
