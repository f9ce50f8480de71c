"""``legalcasts batch``: many state files, both engines, resuming, error records, globs, casts."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from models.cast import Cast
from models.io.state_json import load_state
from legalcasts.batch import BatchOptions, find_state_files, read_output_records, run_batch, solve_state_file
from legalcasts.cli.main import main
from solver.legal import is_legal_cast
from tests.conftest import ROOT, UNREAD_CURRENT_WORDING

# The whole-hand count of every state file under examples/ (what `legalcasts count FILE` must print),
# worked out by hand in tests/counts/*.jsonl and examples/README.md.
EXPECTED = {
    # after/: P2 has priority and an empty hand: a sum over no card = 0.
    **{
        f"examples/after/{name}": 0
        for name in (
            "copy07-raid-two-artifacts.json",
            "copy08-mists-ray.json",
            "resolve01-mists-ray-bears-gone.json",
            "resolve02-might-ray-bears-gone.json",
            "resolve03-ray-bears-protection-red.json",
            "resolve04-mists-ray-bears-protection-red.json",
            "resolve05-abunas-chant-entwined-target-gone.json",
            "resolve06-raid-artifact-gone.json",
        )
    },
    "examples/case01-mists-might-crusader.json": 2,  # Reach 1 + Might spliced onto it -> Crusader 1; Might 0
    "examples/case02-mists-ray-silver-knight.json": 6,  # Reach 1 + 3 spliced targets; Ray 2
    "examples/case03-raid-3plains.json": 18,  # the hand is Raid only: 2+2+2 + 4+4+4
    "examples/case03-raid-4plains.json": 26,  # 2+2+2 + 4+4+4 + 8
    "examples/case04-raid-no-artifacts-4plains.json": 2,  # only the player mode: P1 or P2
    # case05 is meant for --without-paying-mana-cost; paying it, Raid needs {W} + {1} per mode >= 2 mana: 0.
    "examples/case05-raid-free-0plains.json": 0,  # no land
    "examples/case05-raid-free-1plains.json": 0,  # 1 Plains < 2
    "examples/case06-accident-4swamps.json": 2,  # destroy Bears; token
    "examples/case06-accident-5swamps.json": 3,  # + both modes
    "examples/case07-derailment-2mountains.json": 0,  # cheapest cast is 3 mana
    "examples/case07-derailment-3mountains.json": 2,  # 4 damage to Bears; destroy Sol Ring
    "examples/case07-derailment-5mountains.json": 3,  # + both modes
    "examples/case08-thalia-2mountains.json": 4,  # Reach alone 1; Ray 3
    "examples/case08-thalia-3mountains.json": 7,  # Reach 1 + 3; Ray 3
    "examples/case09-opt-skill-end-step.json": 2,  # Opt 2; Splicer's Skill 0 (sorcery)
    "examples/case09-opt-skill-main-phase.json": 3,  # Opt 2; Skill 1
    "examples/case10-mists-ritual-ray.json": 15,  # Reach 8 + Ritual 3 + Ray 4
    "examples/case11-discard-draw-mountain-card.json": 8,  # Draw 2 + 2*2; Ray 2; Mountain 0
    "examples/case11-discard-draw.json": 5,  # Draw 1 + 2; Ray 2
    "examples/case12-mists-two-rays.json": 25,  # Reach 13 + 6 + 6
    "examples/case13-mists-might-shroud.json": 1,  # Reach alone
    # the hand is one card: the counts of tests/counts/candidates.jsonl
    "examples/explain01-dispel-sorcery-on-stack.json": 0,
    "examples/explain02-dispel-instant-and-sorcery.json": 1,
    "examples/explain03-raise-dead-graveyards.json": 0,
    "examples/explain04-raise-dead-own-creature.json": 1,
    "examples/rules01-crush-contraband.json": 3,
    "examples/rules02-izzet-charm.json": 3,
    "examples/rules03-fate-transfer-1.json": 0,
    "examples/rules03-fate-transfer-3.json": 6,
    "examples/rules04-scheming-2p.json": 1,
    "examples/rules04-scheming-4p.json": 6,
    "examples/rules05-cryptic.json": 18,
    "examples/rules06-mystic-confluence.json": 10,  # the hand is Mystic Confluence only
    "examples/rules07-tooth-7.json": 2,
    "examples/rules07-tooth-9.json": 3,
    "examples/rules08-collective-brutality.json": 10,
    "examples/rules09-forked-bolt.json": 6,  # the hand is Forked Bolt only
    "examples/rules10-fling.json": 8,  # the hand is Fling only
    "examples/rules11-probe-1.json": 0,
    "examples/rules11-probe-20.json": 2,
    # the hand counts of tests/counts/breadth.jsonl: Rout 1 + Ghitu Fire 15 at P2's end step
    "examples/rules12-flash-for-two-more.json": 16,
    # mode 1, mode 2, or both entwined (CR 702.42a), only during combat on P1's turn
    "examples/rules13-savage-beating-combat.json": 3,
    "examples/rules14-aerial-volley.json": 10,  # 3 + C(3,2) * 2 + 1
    "examples/rules15-blessings-of-nature.json": 70,  # 5 + 30 + 30 + 5
    "examples/rules16-fuse-far-away.json": 8,  # Far 2 + Away 2 + fused 2 * 2
    "examples/rules17-betrayal-entwine-sacrifice.json": 22,  # 1 + 1 + C(6,3)
    "examples/rules18-collective-effort-tap.json": 9,  # 4 + 5 + 0
    "examples/rules19-hundred-talon-splice.json": 35,  # Ray 5 + 5*3*2; Strike alone needs {W}: 0
    "examples/rules20-coastal-discovery-awaken.json": 7,  # 1 + 6
    "examples/rules21-blazing-shoal-exile.json": 6,  # Shoal 3 + Lightning Bolt's any target 3
    "examples/rules22-pacifism-aura.json": 2,  # either Grizzly Bears; not the hexproof, shroud or pro-white ones
    "examples/rules23-force-of-will.json": 4,  # Force of Will 2 (exile Brainstorm or Counterspell) + 1 + 1
    "examples/rules24-bedlam-reveler.json": 1,  # {6}{R}{R} less 3 instant and sorcery cards: {3}{R}{R}, 5 lands
    "examples/rules25-flashback.json": 4,  # flashback from the graveyard: Think Twice 1 + Firebolt 3
    "examples/rules26-treasure-cruise-delve.json": 6,  # four or five of five graveyard cards exiled: 5 + 1
    "examples/rules27-spectacle-this-turn.json": 3,  # spectacle {R}, P2 having lost life: any target, 3
    "examples/rules28-convoke.json": 4,  # both creatures convoke the {2}; any target: 4
    "examples/rules29-evoke-squad.json": 5,  # Mulldrifter for its mana cost or evoke 2; squad paid 0, 1 or 2 times 3
    "examples/rules30-cost-if-it-targets.json": 3,  # Seized from Slumber 2 (tapped creatures) + Vanish 1 (Sol Ring)
    "examples/rules31-additional-cost-kinds.json": 11,  # X creatures 3 + behold or pay 4 + random discard 4 + 0
    "examples/rules32-morph.json": 3,  # Zealot face down only 1; Willbender face up {U} or face down {3} 2
    "examples/rules33-target-restrictions.json": 6,  # Melody: X = 0, 1, 2, one creature each 3; Run Away 1 x 3
    "examples/rules35-modes-divisions.json": 44,  # Rolling Thunder X 1-3 19 + Remedy 21 + Pick Your Poison 4
    "examples/rules34-spell-keywords.json": 20,  # gift 3 + 12 (two recipients); strive 1 + 2 + 1; undaunted 1
    "examples/rules36-target-grammar.json": 10,  # Plains or Island 4 + black creature or planeswalker 2 + historic 4
    "examples/rules38-cost-changes-2.json": 5,  # Mind Grind X = 1 only 1 + Deadly Alliance 3 + Discovery 1
    "examples/rules39-target-restrictions-2.json": 10,  # Kroog 2 + 1; Wave (1 + 1) x (1 + 1); Heartless Act 1 + 2
    "examples/rules40-additional-costs-2.json": 24,  # collect evidence (4 + 1) x 3 targets 15; pay {4} 3 + sacrifice 6
    "examples/rules37-spell-keywords-2.json": 20,  # conspire 1 + 1; prowl only 2; kicker by sacrifice 4 + 12
    "examples/rules41-permissions-timing.json": 13,  # March 3 + 5; Silver Scrutiny X 0-3 4; Modulation 1; Lions 0
    "examples/rules42-target-restrictions-3.json": 17,  # Dwell 2^3 + 2; Return to the Earth 3; Patch Up 4
    "examples/rules43-target-restrictions-4.json": 8,  # Topple 2; Sacred Excavation 1 + 2 + 1; Mizzix's Mastery 2
    "examples/rules44-other-zones.json": 8,  # jump-start 2; retrace 2; Dawn 1; plotted Bolt 3
    "examples/rules45-harmonize-signet.json": 5,  # Divination 1; Channeled Dragonfire by harmonize, the Wurm tapped, 4
    "examples/rules46-teamwork-waterbend.json": 142,  # Go Nuts! 11 + 60; Water Whip 4 x 16; Timeline Inquiry 1 + 6
    "examples/rules47-arm-the-cathars-2.json": 6,  # 'other' differs from both earlier targets: 2 x (2 + 1)
    "examples/rules47-arm-the-cathars-3.json": 21,  # 3 x (3 + 2 x 2)
    "examples/rules22-capsize-buyback.json": 14,  # 7 + 7 bought back
    # batch DIR takes the Forge puzzles too: Cryptic Command 24 + Glacial Ray 4 (README, "Forge puzzles")
    "examples/forge-cryptic-counter.pzl": 28,
}
EXAMPLE_FILES = sorted(EXPECTED)  # the batch order: one directory, its files sorted
UNSUPPORTED = set(UNREAD_CURRENT_WORDING)  # card text not read in its current wording: an error record, exit code 3
SOLVED = len(EXPECTED) - len(UNSUPPORTED)


def expected_records(records: list[dict], files: list[str]) -> list[dict]:
    """The records of ``files`` as expected: each count of EXPECTED, or for an UNSUPPORTED file its own error record.

    An unsupported file's record must be an exit-code-3 record naming unread rules text (never a count).
    """
    by_state = {record["state"]: record for record in records}
    expected = []
    for path in files:
        if path in UNSUPPORTED:
            record = by_state.get(path, {})
            assert record.get("exit_code") == 3 and "unsupported rules text" in record.get("error", ""), record
            expected.append(record)
        else:
            expected.append({"state": path, "count": EXPECTED[path]})
    return expected


@pytest.fixture(autouse=True)
def _in_root(monkeypatch) -> None:
    """Run from the repository root, so records name files as examples/... ."""
    monkeypatch.chdir(ROOT)


def batch(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["batch", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def records_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_examples_directory_is_found_recursively_in_order() -> None:
    """The directory stands for its *.json files at any depth, sorted; the README.md is not a state file."""
    assert find_state_files("examples/") == EXAMPLE_FILES
    # however the sources spell them, each file is named once, the same way
    assert find_state_files(["./examples/case02-*.json", "examples//case02-mists-ray-silver-knight.json"]) == [
        "examples/case02-mists-ray-silver-knight.json"
    ]


def test_an_unexpected_failure_is_an_error_record_too(monkeypatch) -> None:
    """A bug met on one file (any exception) is recorded with exit code 1 and its name; the batch goes on."""
    import legalcasts.batch

    def broken(path, cards):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(legalcasts.batch, "load_state", broken)
    record = solve_state_file("examples/case02-mists-ray-silver-knight.json")
    assert record == {
        "state": "examples/case02-mists-ray-silver-knight.json",
        "error": "internal error: ZeroDivisionError: division by zero",
        "exit_code": 1,
    }


def test_local_engine_counts_every_example(capsys, tmp_path) -> None:
    """CR 601.2: one record per state file with the whole-hand count, in file order, exit 0."""
    output = tmp_path / "counts.jsonl"
    code, out, err = batch(capsys, "examples/", "--workers", "2", "--output", str(output))
    assert code == (1 if UNSUPPORTED else 0) and out == ""
    records = records_of(output.read_text())
    assert records == expected_records(records, EXAMPLE_FILES)
    assert f"{len(EXPECTED)} state files: {SOLVED} solved, {len(UNSUPPORTED)} failed, 0 resumed" in err


def test_batch_counts_equal_the_count_command(capsys) -> None:
    """The batch counts what ``legalcasts count FILE`` counts, file by file."""
    code, out, _ = batch(capsys, "examples/", "--workers", "1")
    assert code == (1 if UNSUPPORTED else 0)
    for record in records_of(out):
        if "error" in record:  # the count command exits with the same code and prints the same line
            assert main(["count", record["state"]]) == record["exit_code"]
            assert capsys.readouterr().err == f"legalcasts: unsupported: {record['error']}\n"
            continue
        assert main(["count", record["state"]]) == 0
        assert capsys.readouterr().out.strip() == str(record["count"]), record["state"]


@pytest.fixture(scope="module")
def dask_cluster():
    """A Dask cluster of 2 workers in this process (threads: quick to start; the per-file function is the same)."""
    distributed = pytest.importorskip("dask.distributed")
    import logging

    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        silence_logs=logging.ERROR,
        scheduler_kwargs={"dashboard": False, "dashboard_address": ":0"},
    )
    yield cluster
    cluster.close()


def test_dask_engine_gives_the_same_counts(capsys, dask_cluster) -> None:
    """The dask engine, on an existing cluster (--scheduler), writes the same records as the local engine."""
    code, out, _ = batch(capsys, "examples/", "--engine", "dask", "--scheduler", dask_cluster.scheduler_address)
    assert code == (1 if UNSUPPORTED else 0)
    records = records_of(out)
    assert records == expected_records(records, EXAMPLE_FILES)


def test_dask_engine_with_its_own_local_cluster(tmp_path) -> None:
    """Without --scheduler the dask engine makes a LocalCluster of ``workers`` workers for the run."""
    pytest.importorskip("dask.distributed")
    output = tmp_path / "out.jsonl"
    summary = run_batch(
        "examples/case1*.json", output=output, engine="dask", workers=2, processes=False, progress=False
    )
    files = [p for p in EXAMPLE_FILES if p.startswith("examples/case1")]  # case10, case11 (2), case12, case13: 5 files
    assert (summary.solved, summary.exit_code) == (5, 0)
    assert records_of(output.read_text()) == [{"state": path, "count": EXPECTED[path]} for path in files]


def test_glob_patterns(capsys) -> None:
    """A quoted pattern is expanded by the batch; ``**`` reaches subdirectories."""
    # issue case 5 cast without paying its mana cost (CR 118.9d): 1 Plains pays one Spree {1}: 3 modes * 2 = 6;
    # no Plains: no mode can be paid, and Spree needs one (CR 702.172a): 0
    code, out, _ = batch(capsys, "examples/case05-*.json", "--without-paying-mana-cost")
    assert code == 0 and records_of(out) == [
        {"state": "examples/case05-raid-free-0plains.json", "count": 0},
        {"state": "examples/case05-raid-free-1plains.json", "count": 6},
    ]
    code, out, _ = batch(capsys, "examples/**/resolve0*.json", "examples/case02-mists-ray-silver-knight.json")
    assert code == 0 and [r["state"] for r in records_of(out)] == [
        f"examples/after/resolve0{n}-{rest}"
        for n, rest in enumerate(
            (
                "mists-ray-bears-gone.json",
                "might-ray-bears-gone.json",
                "ray-bears-protection-red.json",
                "mists-ray-bears-protection-red.json",
                "abunas-chant-entwined-target-gone.json",
                "raid-artifact-gone.json",
            ),
            start=1,
        )
    ] + ["examples/case02-mists-ray-silver-knight.json"]
    code, _, err = batch(capsys, "examples/nothing-*.json")
    assert (code, err) == (2, "legalcasts: error: examples/nothing-*.json: the pattern matches no file\n")


def test_card_option_counts_one_card_name(capsys) -> None:
    """``--card`` as for ``count``: Glacial Ray in case 10 has 4 casts ({P1, P2} x alone or with Ritual mana)."""
    code, out, _ = batch(capsys, "examples/case10-mists-ritual-ray.json", "--card", "glacial ray")
    assert code == 0 and records_of(out) == [{"state": "examples/case10-mists-ritual-ray.json", "count": 4}]


def test_backend_option_names_the_solver_backends(capsys) -> None:
    """``--backend`` takes the solvers of ``count`` (cpsat, ...), not the batch engines (local, dask)."""
    code, out, _ = batch(capsys, "examples/case10-mists-ritual-ray.json", "--backend", "cpsat")
    assert code == 0 and records_of(out) == [{"state": "examples/case10-mists-ritual-ray.json", "count": 15}]
    code, _, err = batch(capsys, "examples/case10-mists-ritual-ray.json", "--backend", "dask")
    assert code == 2 and "invalid choice: 'dask'" in err


@pytest.fixture
def mixed_dir(tmp_path) -> Path:
    """Two good states, a file that is not JSON, a state with an unknown card, a card text not modelled."""
    folder = tmp_path / "states"
    folder.mkdir()
    shutil.copy(ROOT / "examples/case02-mists-ray-silver-knight.json", folder / "a-case02.json")
    shutil.copy(ROOT / "examples/case13-mists-might-shroud.json", folder / "e-case13.json")
    (folder / "b-broken.json").write_text('{"players": ["P1", "P2"], "objects": [', encoding="utf-8")
    (folder / "c-typo.json").write_text(
        json.dumps(
            {"players": ["P1", "P2"], "objects": [{"id": "ray", "card": "Glacal Ray", "zone": "hand", "owner": "P1"}]}
        ),
        encoding="utf-8",
    )
    (folder / "d-unsupported.json").write_text(
        json.dumps(
            {
                "players": ["P1", "P2"],
                "objects": [{"id": "blaze", "card": "Blaze of Glory", "zone": "hand", "owner": "P1"}],
            }
        ),
        encoding="utf-8",
    )
    return folder


def test_bad_state_files_become_error_records_and_the_batch_goes_on(capsys, mixed_dir) -> None:
    """Each failing file gets the one-line message and exit code of ``legalcasts count``; exit 1."""
    code, out, err = batch(capsys, str(mixed_dir), "--workers", "2", "--chunk-size", "4")  # tasks: a-d, e
    records = records_of(out)
    assert code == 1 and [Path(r["state"]).name for r in records] == [
        "a-case02.json",
        "b-broken.json",
        "c-typo.json",
        "d-unsupported.json",
        "e-case13.json",
    ]
    assert records[0]["count"] == 6 and records[4]["count"] == 1  # see EXPECTED
    assert [r.get("exit_code") for r in records] == [None, 2, 2, 3, None]
    assert "Glacal Ray" in records[2]["error"] and "did you mean 'Glacial Ray'" in records[2]["error"]
    assert "5 state files: 2 solved, 3 failed, 0 resumed" in err
    for record in records[1:4]:
        assert main(["count", record["state"]]) == record["exit_code"]
        kind = "unsupported" if record["exit_code"] == 3 else "error"
        assert capsys.readouterr().err == f"legalcasts: {kind}: {record['error']}\n"


def test_resume_skips_recorded_files_and_drops_a_half_written_line(capsys, tmp_path) -> None:
    """An interrupted output: its whole records are kept (not solved again), the torn last line is dropped."""
    output = tmp_path / "out.jsonl"
    files = [p for p in EXAMPLE_FILES if p.startswith("examples/case0")]  # case01 .. case09
    # 1 + 1 + 2 + 1 + 2 + 2 + 3 + 2 + 2 files = 16
    assert len(files) == 16
    # As an interrupted run leaves it: 3 records (one changed, to show it is not recomputed) and a torn 4th.
    output.write_text(
        json.dumps({"state": files[2], "count": 999})
        + "\n"
        + json.dumps({"state": files[0], "count": EXPECTED[files[0]]})
        + "\n"
        + json.dumps({"state": files[1], "count": EXPECTED[files[1]]})
        + "\n"
        + '{"state": "'
        + files[3][:20],
        encoding="utf-8",
    )
    code, out, err = batch(capsys, "examples/case0*.json", "--workers", "2", "--output", str(output))
    assert code == 0 and out == ""
    assert "discarded the half-written last line" in err
    assert "resuming: 3 of 16 state files already have a record" in err and "13 to solve" in err
    assert "16 state files: 13 solved, 0 failed, 3 resumed" in err
    expected = [{"state": path, "count": 999 if path == files[2] else EXPECTED[path]} for path in files]
    assert records_of(output.read_text()) == expected  # every file once, in file order
    # Everything recorded: a rerun solves nothing and leaves the file as it is.
    before = output.read_text()
    code, _, err = batch(capsys, "examples/case0*.json", "--output", str(output))
    assert code == 0 and "16 state files: 0 solved, 0 failed, 16 resumed" in err and output.read_text() == before


def test_a_whole_last_record_without_its_newline_is_kept(tmp_path) -> None:
    """Only a last line that is not a whole record is dropped."""
    output = tmp_path / "out.jsonl"
    output.write_text('{"state": "x.json", "count": 3}\n{"state": "y.json", "count": 4}', encoding="utf-8")
    resume = read_output_records(output)
    assert [r["state"] for r in resume.records] == ["x.json", "y.json"] and resume.discarded == ""


def test_resume_keeps_errors_unless_retried(capsys, mixed_dir, tmp_path) -> None:
    """Error records are resumed like counts; --retry-errors solves those files again."""
    output = tmp_path / "out.jsonl"
    assert batch(capsys, str(mixed_dir), "--output", str(output))[0] == 1
    shutil.copy(ROOT / "examples/case10-mists-ritual-ray.json", mixed_dir / "b-broken.json")  # fixed
    code, _, err = batch(capsys, str(mixed_dir), "--output", str(output))
    assert code == 1 and "resuming: 5 of 5" in err and "(3 of them errors)" in err
    code, _, err = batch(capsys, str(mixed_dir), "--output", str(output), "--retry-errors")
    records = records_of(output.read_text())
    assert code == 1 and "5 state files: 1 solved, 2 failed, 2 resumed" in err
    assert [r.get("count") for r in records] == [6, 15, None, None, 1]  # case02 6; case10 15; case13 1


def test_an_output_that_is_not_a_batch_output_is_refused_untouched(capsys, tmp_path) -> None:
    """Bad input: one line naming the file and line, exit 2, the file left as it was."""
    output = tmp_path / "notes.jsonl"
    output.write_text("shopping list\n", encoding="utf-8")
    code, out, err = batch(capsys, "examples/case02-mists-ray-silver-knight.json", "--output", str(output))
    assert (code, out) == (2, "") and err.startswith(f"legalcasts: error: {output}: line 1: not a batch record")
    assert output.read_text() == "shopping list\n"
    counts = tmp_path / "counts.jsonl"
    counts.write_text('{"state": "examples/case02-mists-ray-silver-knight.json", "count": 6}\n', encoding="utf-8")
    code, _, err = batch(capsys, "examples/case1*.json", "--mode", "casts", "--output", str(counts))
    assert code == 2 and "a record of --mode count; this run is --mode casts" in err


def test_casts_mode_parses_back_into_legal_casts(capsys) -> None:
    """``--mode casts``: every listed cast reads back with Cast.from_json and is legal; their number is the count."""
    code, out, _ = batch(
        capsys,
        "examples/case02-mists-ray-silver-knight.json",
        "examples/case13-mists-might-shroud.json",
        "--mode",
        "casts",
        "--workers",
        "2",
    )
    assert code == 0
    for record in records_of(out):
        state = load_state(record["state"])
        casts = [Cast.from_json(data) for data in record["casts"]]
        assert len(casts) == len(set(casts)) == record["count"] == EXPECTED[record["state"]]
        assert all(is_legal_cast(state, cast) for cast in casts)
    case02 = records_of(out)[0]["casts"]
    # Reach alone; Reach + Ray at P1, P2, Knight (the spell is blue, CR 702.47c); Ray at P1, P2 (pro red)
    assert sorted(
        (c["card"], tuple(c["splices"]), tuple(t for s in c["targets"] for t in s["targets"])) for c in case02
    ) == [
        ("mists", (), ()),
        ("mists", ("ray",), ("P1",)),
        ("mists", ("ray",), ("P2",)),
        ("mists", ("ray",), ("knight",)),
        ("ray", (), ("P1",)),
        ("ray", (), ("P2",)),
    ]


def test_casts_limit_keeps_the_full_count() -> None:
    """``limit`` bounds the listed casts per file, not the count (case 3: 26 = 2+2+2 + 4+4+4 + 8)."""
    record = solve_state_file("examples/case03-raid-4plains.json", BatchOptions(mode="casts", limit=5))
    assert record["count"] == 26 and len(record["casts"]) == 5


def test_options_are_checked_before_anything_runs(capsys, tmp_path) -> None:
    """Bad arguments: one line, exit 2, no output file made."""
    output = tmp_path / "out.jsonl"
    for argv, message in [
        (["--workers", "0"], "--workers: must be 1 or more (got 0)"),
        (["--chunk-size", "0"], "--chunk-size: must be 1 or more (got 0)"),
        (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler: needs --engine dask"),
        (["--mode", "casts", "--limit", "-1"], "--limit: must be 0 or more (got -1)"),
        (["--cards", str(tmp_path / "none.jsonl")], "none.jsonl"),
    ]:
        code, out, err = batch(capsys, "examples/case02-mists-ray-silver-knight.json", *argv, "--output", str(output))
        assert (code, out) == (2, "") and err.startswith("legalcasts: error: ") and message in err, err
        assert not output.exists()


def test_the_output_may_not_be_a_state_file(capsys, tmp_path) -> None:
    """An output named like a state file inside the batch would be read as one: refused."""
    folder = tmp_path / "states"
    folder.mkdir()
    shutil.copy(ROOT / "examples/case02-mists-ray-silver-knight.json", folder / "a.json")
    (folder / "out.json").write_text("", encoding="utf-8")
    code, _, err = batch(capsys, str(folder), "--output", str(folder / "out.json"))
    assert code == 2 and "is one of the state files" in err
    assert os.path.getsize(folder / "out.json") == 0
