"""The ``legalcasts`` command: counts, listings, checks and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from legalcasts.cli.main import main
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_takes_the_way_of_casting_from_the_question(capsys, tmp_path) -> None:
    """CR 118.9, 601.3, 702.35a: check judges a cast as count does; the cast can't grant itself a permission.

    Fiery Temper (mana cost {1}{R}{R}, madness {R}) in P1's exile, one Mountain: nothing lets P1 cast it with
    priority, so ``count`` is 0 and a madness cast is illegal; with ``--resolving madness`` it is legal (its
    target P2 among P1, P2). Lightning Bolt in hand with that Mountain tapped: a free cast is illegal unless
    ``--without-paying-mana-cost`` asks for free casts.
    """
    data = {
        "players": ["P1", "P2"],
        "phase": "upkeep",
        "active_player": "P2",
        "priority": "P1",
        "objects": [
            {"id": "temper", "card": "Fiery Temper", "zone": "exile", "owner": "P1"},
            {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
            {"id": "m", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
        ],
    }
    state = tmp_path / "state.json"
    state.write_text(json.dumps(data))
    target = [{"source": "temper", "instruction": 0, "index": 0, "targets": ["P2"]}]
    madness = tmp_path / "madness.json"
    madness.write_text(
        json.dumps({"card": "temper", "zone": "exile", "alternative_cost": "madness", "targets": target})
    )
    code, out, _ = run(capsys, "check", str(state), str(madness))
    assert code == 1 and "CR 702.35a" in out
    code, out, _ = run(capsys, "check", str(state), str(madness), "--resolving", "madness")
    assert (code, out.strip()) == (0, "legal")
    data["objects"][2]["tapped"] = True
    state.write_text(json.dumps(data))
    free = tmp_path / "free.json"
    free.write_text(
        json.dumps(
            {
                "card": "bolt",
                "without_paying_mana_cost": True,
                "targets": [{"source": "bolt", "instruction": 0, "index": 0, "targets": ["P2"]}],
            }
        )
    )
    code, out, _ = run(capsys, "check", str(state), str(free))
    assert code == 1 and "CR 118.9" in out
    code, out, _ = run(capsys, "check", str(state), str(free), "--without-paying-mana-cost")
    assert (code, out.strip()) == (0, "legal")


@pytest.mark.parametrize(
    ("example", "options", "expected"),
    [
        # Issue cases 2, 3 and 10 (arithmetic in tests/counts/seed.jsonl).
        ("case02-mists-ray-silver-knight.json", [], 6),  # Reach 1 + 3 spliced targets; Ray 2
        ("case03-raid-4plains.json", [], 26),  # 2+2+2 + 2*2*3 + 2*2*2
        ("case03-raid-3plains.json", [], 18),  # 26 minus the 8 three-mode casts
        ("case10-mists-ritual-ray.json", [], 15),  # Reach 8 + Ritual 3 + Ray 4
        ("case10-mists-ritual-ray.json", ["--card", "Reach Through Mists"], 8),
        ("case10-mists-ritual-ray.json", ["--card", "glacial ray"], 4),
        ("case05-raid-free-1plains.json", ["--without-paying-mana-cost"], 6),  # one {1} mode: 3 modes * 2
    ],
)
def test_count_prints_the_number(capsys, example, options, expected) -> None:
    """CR 601.2: ``legalcasts count`` prints only the number of legal casts."""
    code, out, err = run(capsys, "count", str(EXAMPLES / example), *options)
    assert (code, out.strip(), err) == (0, str(expected), "")


def test_casts_jsonl_lines_are_casts_of_the_state(capsys) -> None:
    """CR 702.47b: one JSON object per cast, ids as in the state file, splice order kept."""
    code, out, _ = run(
        capsys,
        "casts",
        str(EXAMPLES / "case10-mists-ritual-ray.json"),
        "--card",
        "Reach Through Mists",
        "--format",
        "jsonl",
    )
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) == 8  # 1 + 1 + 2 + 2 orders * 2 targets
    assert {tuple(line["splices"]) for line in lines} == {
        (),
        ("ritual",),
        ("ray",),
        ("ritual", "ray"),
        ("ray", "ritual"),
    }
    assert {line["mana_value"] for line in lines} == {1}  # CR 202.3: {U}
    assert all(set(t["targets"]) <= {"P1", "P2"} for line in lines for t in line["targets"])


def test_casts_limit_and_table(capsys) -> None:
    """CR 601.2: ``--limit`` bounds the listing; the table names objects by id."""
    code, out, _ = run(capsys, "casts", str(EXAMPLES / "case03-raid-4plains.json"), "--limit", "3")
    assert code == 0 and "3 of 26 legal casts shown (--limit 3)" in out and "Requisition Raid (raid)" in out
    code, out, _ = run(capsys, "casts", str(EXAMPLES / "case03-raid-4plains.json"), "--format", "jsonl", "--limit", "0")
    assert code == 0 and out == ""


def test_check_legal_and_illegal(capsys, tmp_path) -> None:
    """CR 702.16b: ``check`` says legal, or lists the broken rules and exits 1."""
    state = str(EXAMPLES / "case02-mists-ray-silver-knight.json")
    _, out, _ = run(capsys, "casts", state, "--card", "Glacial Ray", "--format", "jsonl")
    cast = json.loads(out.splitlines()[0])
    path = tmp_path / "cast.json"
    path.write_text(json.dumps(cast))
    code, out, _ = run(capsys, "check", state, str(path))
    assert (code, out.strip()) == (0, "legal")
    cast["targets"][0]["targets"] = ["knight"]  # Silver Knight: protection from red, the Ray is red
    path.write_text(json.dumps(cast))
    code, out, _ = run(capsys, "check", state, str(path))
    assert code == 1 and "CR 702.16b" in out and "protection from red" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["count", "missing.json"], "missing.json: cannot read state file"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--card", "Glacal Ray"], "did you mean 'Glacial Ray'"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--card", "Opt"], "no card named 'Opt' that P1 may cast"),
        # an object's id is not a card's name: --object names it; a name near one P1 may cast is suggested
        (["count", "EX/case02-mists-ray-silver-knight.json", "--card", "ray"], "--object ray names it"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--card", "glacial rey"], "did you mean 'Glacial Ray'"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--player", "P9"], "--player: unknown player 'P9'"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--object", "nope"], "--object: no object with id 'nope'"),
        (["casts", "EX/case02-mists-ray-silver-knight.json", "--limit", "-1"], "--limit: must be 0 or more"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--bogus"], "unrecognized arguments: --bogus"),
        (["count", "EX/case02-mists-ray-silver-knight.json", "--backend", "bogus"], "invalid choice: 'bogus'"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys, argv, fragment) -> None:
    """State-file contract: bad input gets one clear line on stderr and exit code 2, no traceback."""
    argv = [a.replace("EX", str(EXAMPLES)) for a in argv]
    code, out, err = run(capsys, *argv)
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 1 and lines[0].startswith("legalcasts:"), err
    assert fragment in lines[0], err
    assert "Traceback" not in err


def test_bad_state_names_the_key_path(capsys, tmp_path) -> None:
    """State-file contract: the error names the key path and the value."""
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "players": ["P1", "P2"],
                "objects": [
                    {"id": "a", "card": "Island", "zone": "battlefield", "controller": "P1"},
                    {"id": "b", "card": "Glacal Ray", "zone": "hand", "owner": "P1"},
                ],
            }
        )
    )
    code, _, err = run(capsys, "count", str(path))
    assert code == 2
    assert "objects[1].card: unknown card 'Glacal Ray' (did you mean 'Glacial Ray'?)" in err


def test_unsupported_text_is_reported_exit_3(capsys, tmp_path) -> None:
    """CR 115.1: a target phrase the grammar can't read is reported, never read as 'no targets'."""
    path = tmp_path / "state.json"
    path.write_text(
        json.dumps(
            {
                "players": ["P1", "P2"],
                "objects": [
                    {
                        "id": "x",
                        "zone": "hand",
                        "owner": "P1",
                        "card": {
                            "name": "Hindsight Kill",
                            "mana_cost": "{B}",
                            "type_line": "Instant",
                            "oracle_text": "Destroy target creature that was dealt damage this turn.",
                        },
                    }
                ],
            }
        )
    )
    code, out, err = run(capsys, "count", str(path))
    assert code == 3 and out == "" and "unsupported" in err and "dealt damage" in err


def test_console_script_runs(tmp_path) -> None:
    """Packaging: ``python -m legalcasts.cli.main`` counts an example in a fresh process."""
    result = subprocess.run(
        [sys.executable, "-m", "legalcasts.cli.main", "count", str(EXAMPLES / "case12-mists-two-rays.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert (result.returncode, result.stdout.strip()) == (0, "25")  # Reach 13 + 6 + 6


AFTER = EXAMPLES / "after"


def test_resolve_command(capsys) -> None:
    """CR 702.47d, 608.2b: ``resolve`` says the spell does not resolve and no instruction happens."""
    code, out, _ = run(capsys, "resolve", str(AFTER / "resolve01-mists-ray-bears-gone.json"), "--spell", "mists")
    assert code == 0
    assert out.splitlines()[0].startswith("Reach Through Mists (mists) does not resolve (CR 608.2b)")
    assert "1. Draw a card. -> does not happen" in out
    code, out, _ = run(
        capsys, "resolve", str(AFTER / "resolve04-mists-ray-bears-protection-red.json"), "--spell", "mists"
    )
    assert "resolves (CR 608.2b)" in out and "any target: bears (legal)" in out


def test_copies_command(capsys) -> None:
    """CR 707.10c: ``copies`` lists 2 x 2 = 4 choices for the Raid copy, 3 for the spliced Reach."""
    code, out, _ = run(capsys, "copies", str(AFTER / "copy07-raid-two-artifacts.json"), "--spell", "raid", "--count")
    assert (code, out.strip()) == (0, "4")
    code, out, _ = run(capsys, "copies", str(AFTER / "copy08-mists-ray.json"), "--spell", "mists")
    assert code == 0 and "3 choices for a copy" in out and "nothing new can be spliced" in out
    code, out, _ = run(
        capsys,
        "copies",
        str(AFTER / "copy08-mists-ray.json"),
        "--spell",
        "mists",
        "--keep-targets",
        "--format",
        "jsonl",
    )
    assert len(out.splitlines()) == 1 and json.loads(out)["splices"] == ["ray"]


def test_explain_command(capsys) -> None:
    """CR 702.47b: ``explain`` on issue 1's case 13 names Kodama's Might, the rule and the shroud."""
    code, out, _ = run(
        capsys, "explain", str(EXAMPLES / "case13-mists-might-shroud.json"), "--card", "Reach Through Mists"
    )
    assert code == 0
    assert "Kodama's Might (might) can't be spliced (CR 702.47b)" in out and "has shroud (CR 702.18a)" in out


def test_check_errors_name_the_cast_file(capsys, tmp_path) -> None:
    """Input contract: a bad cast file is named with the key path; a wrong derived field is noted."""
    state = str(EXAMPLES / "case02-mists-ray-silver-knight.json")
    path = tmp_path / "cast.json"
    path.write_text(json.dumps({"card": "ray", "colour": "blue"}))
    code, _, err = run(capsys, "check", state, str(path))
    assert code == 2 and f'{path}: cast.colour: unknown key (value "blue")' in err
    path.write_text(json.dumps({"card": "zzz"}))
    code, _, err = run(capsys, "check", state, str(path))
    assert code == 2 and f"{path}: cast.card: no object with id 'zzz'" in err
    path.write_text(json.dumps({"card": "mists", "mana_value": 9}))  # Reach alone: legal, mana value 1
    code, out, _ = run(capsys, "check", state, str(path))
    assert code == 0 and out.startswith("legal") and "mana_value is 9; the cast's is 1" in out


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("utf16.json", b"\xff\xfe{\x00}\x00"),  # UTF-16 from a Windows editor
        ("latin1.pzl", b"[state]\nhumanhand=\xe9\n"),  # Latin-1 bytes in a puzzle
    ],
)
def test_state_file_that_is_not_utf8_is_one_line(capsys, tmp_path, name, data):
    """Bad input: a state file in another encoding gets one line naming the file and the byte, exit 2."""
    path = tmp_path / name
    path.write_bytes(data)
    code, out, err = run(capsys, "count", str(path))
    assert code == 2 and out == "" and "not UTF-8" in err and len(err.strip().splitlines()) == 1


def test_check_notes_derived_fields_that_are_not_the_casts(capsys, tmp_path) -> None:
    """``check``: a legal record whose phrase or total cost was edited is legal, with a note on each field."""
    state = str(EXAMPLES / "case02-mists-ray-silver-knight.json")
    _, out, _ = run(capsys, "casts", state, "--card", "Glacial Ray", "--format", "jsonl")
    cast = json.loads(out.splitlines()[0])
    cast["targets"][0]["phrase"] = "target banana"
    cast["total_cost"] = "{5}"
    path = tmp_path / "cast.json"
    path.write_text(json.dumps(cast))
    code, out, _ = run(capsys, "check", state, str(path))
    assert code == 0 and out.splitlines() == [
        "legal",
        "note: the record's total_cost is '{5}'; the cast's is '{1}{R}' (derived fields are not choices)",
        "note: the record's targets[0].phrase is 'target banana'; the cast's is 'any target' (derived fields "
        "are not choices)",
    ]


def test_version(capsys) -> None:
    """``legalcasts --version`` names the version and the Comprehensive Rules edition followed."""
    from models import CR_EDITION

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("legalcasts ") and f"Comprehensive Rules of {CR_EDITION}" in out


def test_resolving_madness_counts_the_exiled_card(capsys, tmp_path) -> None:
    """``--resolving madness``: Fiery Temper in exile, one Mountain, P2's upkeep: any target P1 or P2, 2 casts.

    Without the option the card in exile has no way to be cast: 0 (CR 702.35a, 608.2g).
    """
    state = tmp_path / "madness.json"
    state.write_text(
        json.dumps(
            {
                "players": ["P1", "P2"],
                "phase": "upkeep",
                "active_player": "P2",
                "objects": [
                    {"id": "temper", "card": "Fiery Temper", "zone": "exile", "owner": "P1"},
                    {"id": "m", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
                ],
            }
        )
    )
    assert main(["count", str(state), "--player", "P1", "--resolving", "madness"]) == 0
    assert main(["count", str(state), "--player", "P1", "--object", "temper"]) == 0
    assert capsys.readouterr().out.split() == ["2", "0"]


def test_version_is_answered_without_loading_the_command_line() -> None:
    """``legalcasts --version`` prints the version and the rules edition, not importing :mod:`legalcasts.cli.main`."""
    code = (
        "import sys; from legalcasts.cli.launch import main; code = main(['--version']); "
        "print(code, 'legalcasts.cli.main' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    version, answer = done.stdout.splitlines()
    assert version.startswith("legalcasts ") and version.endswith("(Comprehensive Rules of 2026-01-16)")
    assert answer == "0 False"


def test_count_as_json_writes_a_big_count_as_a_string_too(capsys):
    """CR 115.1d: Eerie Interlude with 70 creatures has 2^70 casts, also written as a decimal string.

    Past 2^53 - 1 the count gets its string twin; a small count is the number alone.
    """
    code, out, _ = run(
        capsys, "count", str(ROOT / "tests/fixtures/big-count-eerie-interlude-70.json"), "--format", "json"
    )
    assert code == 0 and json.loads(out) == {"count": 2**70, "count_decimal": str(2**70)}
    code, out, _ = run(capsys, "count", str(ROOT / "examples/case10-mists-ritual-ray.json"), "--format", "json")
    assert code == 0 and json.loads(out) == {"count": 15}
