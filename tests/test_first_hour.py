"""Issue 16: the first hour with legalcasts, and the bad input that broke it.

One test (or one parametrized case) per defect of the issue, numbered as there. The bad inputs are files of
``tests/bad_input/``. Every expected value is worked out by hand from the file and the rules, never copied from
what the code printed.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from legalcasts.cli.main import main
from tests.conftest import ROOT

EXAMPLES = ROOT / "examples"
BAD = ROOT / "tests" / "bad_input"
CASE02 = str(EXAMPLES / "case02-mists-ray-silver-knight.json")
"""P1: Reach Through Mists, Glacial Ray, an Island and two Mountains; P2: Silver Knight. 6 casts (README)."""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(code: int, err: str, expected_code: int = 2) -> str:
    """The one stderr line of a refused input, checked: the exit code, one line, no traceback."""
    lines = err.splitlines()
    assert code == expected_code and len(lines) == 1 and lines[0].startswith("legalcasts: "), err
    assert "Traceback" not in err
    return lines[0]


# 1. Tracebacks -------------------------------------------------------------------------------------------------


def test_1_batch_output_in_a_missing_folder_is_one_line(capsys, tmp_path):
    """Defect 1: ``batch --output`` into a folder that does not exist: one line naming it, exit 2, no file."""
    output = tmp_path / "no" / "such" / "out.jsonl"
    code, out, err = run(capsys, "batch", CASE02, "--output", str(output), "--no-progress")
    line = one_error_line(code, err)
    assert line == f"legalcasts: error: --output: {output}: no such folder '{output.parent}'"
    assert out == "" and not (tmp_path / "no").exists()


def test_1_batch_dask_scheduler_that_is_no_address_is_one_line(capsys):
    """Defect 1: ``--scheduler notanaddress`` (no port): one line naming the option, exit 2."""
    pytest.importorskip("dask.distributed")
    code, _, err = run(capsys, "batch", CASE02, "--engine", "dask", "--scheduler", "notanaddress", "--no-progress")
    line = one_error_line(code, err)
    assert line.startswith("legalcasts: error: --scheduler notanaddress: cannot reach the Dask scheduler")


def test_1_ctrl_c_is_one_line_and_exit_130(capsys, monkeypatch):
    """Defect 1: Ctrl-C during a command: ``legalcasts: interrupted`` and exit 130 (128 + SIGINT), no traceback."""
    import legalcasts.cli.main

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(legalcasts.cli.main, "_run", interrupted)
    code, out, err = run(capsys, "count", CASE02)
    assert (code, out, err) == (130, "", "legalcasts: interrupted\n")


def test_1_ctrl_c_while_the_modules_load_is_one_line(capsys, monkeypatch):
    """Defect 1: the console script (``legalcasts.cli.launch``) turns Ctrl-C during the imports into one line, 130."""
    import sys
    import types

    import legalcasts.cli.launch

    class Loading(types.ModuleType):
        def __getattr__(self, name):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "legalcasts.cli.main", Loading("legalcasts.cli.main"))
    assert legalcasts.cli.launch.main(["count", CASE02]) == 130
    assert capsys.readouterr() == ("", "legalcasts: interrupted\n")


def test_1_console_script_is_the_launcher():
    """Defect 1: pyproject's ``legalcasts`` script is the launcher, which runs the command line."""
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts == {"legalcasts": "legalcasts.cli.launch:main"}


# 2. The casts table --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("columns", [80, 100])
def test_2_table_keeps_the_total_cost_whole_and_drops_empty_columns(capsys, monkeypatch, columns):
    """Defect 2: at 80 and 100 columns the total cost is whole, and empty columns are left out.

    The spliced Reach costs {1}{U}{R} (CR 702.47a: {U} + the Ray's splice cost {1}{R}); case 2 has no modes
    and no costs paid with objects.
    """
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, _ = run(capsys, "casts", CASE02)
    assert code == 0
    assert all(len(line) <= columns for line in out.splitlines())
    assert "{1}{U}{R}" in out and "{1}{U}{…" not in out
    lines = out.splitlines()
    header = " ".join(lines[1 : next(i for i, line in enumerate(lines) if line.startswith("┡"))])
    assert "total cost" in header and "modes" not in header and "costs paid with" not in header
    assert out.splitlines()[-1] == "6 legal casts"


# 3. casts --help names the real default engine -----------------------------------------------------------------


def test_3_casts_help_names_the_fast_path_as_default(capsys):
    """Defect 3: both listing and counting use the fast path by default (``LegalCasts`` picks "fast")."""
    code, out, _ = run(capsys, "casts", "--help")
    text = " ".join(out.split())
    assert code == 0 and "default: fast" in text and "python-constraint to list" not in text


# 4. The timing rule of each card type --------------------------------------------------------------------------


def test_4_creature_at_the_wrong_time_cites_cr_302_1(capsys):
    """Defect 4, CR 302.1: Grizzly Bears in P1's end phase can't be cast; the reason is the creature rule."""
    code, out, _ = run(capsys, "explain", str(BAD / "creature-at-end-step.json"))
    assert code == 0
    assert out.splitlines() == [
        "Grizzly Bears (bears): 0 legal casts",
        "- Grizzly Bears can be cast only in its caster's main phase while the stack is empty (it is P1's end "
        "phase) (CR 302.1)",
    ]


# 5. Empty results say so ---------------------------------------------------------------------------------------


def test_5_explain_on_an_empty_hand_says_so(capsys):
    """Defect 5: P2 holds nothing: one sentence, not a blank line."""
    code, out, _ = run(capsys, "explain", str(BAD / "empty-hand-p2.json"), "--player", "P2")
    assert (code, out) == (
        0,
        "P2 has no card to cast: their hand is empty, and no card of their graveyard may be cast\n",
    )


@pytest.mark.parametrize(
    ("limit", "last_line", "rows"),
    [
        ("0", "0 of 6 legal casts shown (--limit 0)", 0),
        ("4", "4 of 6 legal casts shown (--limit 4)", 4),
        ("6", "6 legal casts", 6),
    ],
)
def test_5_limit_gives_the_total(capsys, limit, last_line, rows):
    """Defect 5: ``--limit`` says how many of the 6 casts of case 2 are shown; ``--limit 0`` draws no table."""
    code, out, _ = run(capsys, "casts", CASE02, "--limit", limit)
    lines = out.splitlines()
    assert code == 0 and lines[-1] == last_line
    assert sum(1 for line in lines if line.startswith("│")) == rows
    assert ("┏" in out) == (rows > 0)


# 6. check on JSON lines ---------------------------------------------------------------------------------------


def test_6_check_reads_each_line_of_casts_jsonl(capsys, tmp_path):
    """Defect 6: the whole ``casts --format jsonl`` output is checked line by line.

    One cast made illegal (the red Ray at the Knight, protection from red, CR 702.16b) makes exit code 1.
    """
    _, out, _ = run(capsys, "casts", CASE02, "--format", "jsonl")
    lines = out.splitlines()
    assert len(lines) == 6
    path = tmp_path / "casts.jsonl"
    path.write_text(out, encoding="utf-8")
    code, out, _ = run(capsys, "check", CASE02, str(path))
    assert code == 0 and out.splitlines() == [f"{path}:{n}: legal" for n in range(1, 7)] + [
        "6 of 6 casts legal, 0 illegal"
    ]
    ray = json.loads(lines[4])
    assert ray["card"] == "ray"
    ray["targets"][0]["targets"] = ["knight"]
    lines[4] = json.dumps(ray)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", CASE02, str(path))
    assert code == 1 and f"{path}:5: illegal" in out and out.splitlines()[-1] == "5 of 6 casts legal, 1 illegal"


# 7. Mode numbers say from what they count ---------------------------------------------------------------------


def test_7_mode_message_says_indices_count_from_0(capsys, tmp_path):
    """Defect 7, CR 700.2: Izzet Charm has modes 0, 1 and 2 in JSON; a cast naming mode 3 is told so."""
    path = tmp_path / "cast.json"
    path.write_text(json.dumps({"card": "charm", "modes": [3]}), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(EXAMPLES / "rules02-izzet-charm.json"), str(path))
    assert code == 1
    assert (
        "- Izzet Charm has no mode of index 3 (a cast's modes are indices from 0, its first mode 0; its mode "
        "indices are 0, 1, 2) (CR 700.2)"
    ) in out.splitlines()


# 8. cards find without an index -------------------------------------------------------------------------------


def test_8_cards_find_reads_the_embedded_pool_without_an_index(capsys, monkeypatch, tmp_path):
    """Defect 8: with no index at the default place, ``cards find`` reads the embedded pool."""
    monkeypatch.delenv("LEGALCASTS_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = run(capsys, "cards", "find", "glacial ray")
    assert code == 0 and out.splitlines()[:3] == [
        "Glacial Ray  {1}{R}",
        "Instant — Arcane",
        "Glacial Ray deals 2 damage to any target.",
    ]
    assert not (tmp_path / "legalcasts").exists()


# 9. French names on the command line --------------------------------------------------------------------------


def test_9_card_option_takes_a_french_name(capsys):
    """Defect 9: 'Rayon glaciaire' is Glacial Ray: 2 casts in case 2 (P1 and P2; not the Knight, CR 702.16b)."""
    assert run(capsys, "count", CASE02, "--card", "Rayon glaciaire") == (0, "2\n", "")


# 10. Messages in words, not Python -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("players-twice.json", "players[1]: player 'P1' is listed twice"),
        ("players-empty.json", "players: must have at least 1 item"),
        ("tapped-null.json", "objects[0].tapped: must be true or false, not null"),
        ("token-yes.json", 'objects[0].token: must be true or false, not "yes"'),
        ("unknown-key-true.json", "objects[0].flying: unknown key (value true)"),
        ("tapped-in-hand.json", "objects[0].tapped: only permanents can be tapped; this object is in the hand"),
    ],
)
def test_10_state_messages_are_words(capsys, name, message):
    """Defect 10: no Python reprs (True, None, ['P1', 'P1']) nor pydantic phrasing; the key path is named."""
    path = BAD / name
    line = one_error_line(*run(capsys, "count", str(path))[::2])
    assert line == f"legalcasts: error: {path}: {message}"


def test_10_copies_sentence_names_what_the_copy_keeps(capsys):
    """Defect 10, CR 707.10: the copy of Reach with the Ray spliced keeps the Ray's text; no "modes -"."""
    code, out, _ = run(capsys, "copies", str(EXAMPLES / "after" / "copy08-mists-ray.json"), "--spell", "mists")
    assert code == 0
    assert out.splitlines()[-1] == (
        "3 choices for a copy of Reach Through Mists (mists); it keeps the text of ray "
        "spliced onto it; nothing new can be spliced (CR 707.10)"
    )


def test_10_cast_file_messages_are_json_words(capsys, tmp_path):
    """Defect 10: a cast record's wrong value is shown as JSON (true), not Python (True)."""
    path = tmp_path / "cast.json"
    path.write_text(json.dumps({"card": "ray", "x": True}), encoding="utf-8")
    line = one_error_line(*run(capsys, "check", CASE02, str(path))[::2])
    assert "True" not in line and "true" in line and f"{path}: cast.x" in line


def test_10_card_file_that_is_not_json_has_no_bytes_repr(capsys, tmp_path):
    """Defect 10: ``cards import`` of a broken JSON file: the parser's message as text, not ``b'...'``."""
    path = tmp_path / "broken.json"
    path.write_text('{"data": {"OTJ": {"cards": [{"name": "x", ', encoding="utf-8")
    line = one_error_line(*run(capsys, "cards", "import", str(path), "--db", str(tmp_path / "i.sqlite"))[::2])
    assert "b'" not in line and 'b"' not in line and str(path) in line


# 11. An MTGJSON file given to --cards --------------------------------------------------------------------------


def test_11_mtgjson_file_given_to_cards_says_to_import_it(capsys):
    """Defect 11: OTJ.json is an MTGJSON set file: the message names its layout and the import command."""
    otj = ROOT / "tests" / "fixtures" / "cards" / "OTJ.json"
    line = one_error_line(*run(capsys, "count", CASE02, "--cards", str(otj))[::2])
    assert line == (
        f"legalcasts: error: {otj}: a card file of the layout 'MTGJSON v5 set file', which --cards does "
        f"not read directly: import it into an index first ('legalcasts cards import {otj} --db "
        "cards.sqlite'), then give --cards cards.sqlite"
    )


# 12. Bounds on numbers -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["coverage", "--top", "-1"], "legalcasts: error: --top: must be 0 or more (got -1)"),
        (["graph", "--top", "-3"], "legalcasts: error: --top: must be 0 or more (got -3)"),
        (["batch", CASE02, "--workers", "100000"], "legalcasts: error: --workers: at most 256 (got 100,000)"),
    ],
)
def test_12_counts_out_of_bounds_are_refused(capsys, argv, message):
    """Defect 12: a negative --top is refused by both reports; --workers is at most 256 processes."""
    line = one_error_line(*run(capsys, *argv)[::2])
    assert line.startswith(message)


# 13. Help and usage --------------------------------------------------------------------------------------------


def test_13_bare_command_prints_the_usage(capsys):
    """Defect 13: ``legalcasts`` alone prints the help (usage and the commands), exit 0."""
    code, out, err = run(capsys)
    assert code == 0 and err == "" and out.startswith("usage: legalcasts") and "casts" in out and "batch" in out


def test_13_subcommand_error_points_at_its_own_help(capsys):
    """Defect 13: an error of ``casts`` says ``see legalcasts casts --help``."""
    line = one_error_line(*run(capsys, "casts")[::2])
    assert line.endswith("(see legalcasts casts --help)")


@pytest.mark.parametrize("command", ["casts", "copies"])
def test_13_format_has_a_help_text(capsys, command):
    """Defect 13: ``--format`` says what table and jsonl are."""
    _, out, _ = run(capsys, command, "--help")
    text = " ".join(out.split())
    assert "--format {table,jsonl} table: one" in text and "jsonl: one JSON object per" in text


def test_13_graph_cards_help_names_an_index_too(capsys):
    """Defect 13: ``graph --cards`` takes JSON lines or a ``cards import`` index, as every command's --cards."""
    _, out, _ = run(capsys, "graph", "--help")
    assert "'legalcasts cards import'" in " ".join(out.split())


def test_13_synopses_list_every_option():
    """Defect 13: docs/commands.md's synopsis of each command lists every option its parser takes."""
    import argparse

    from legalcasts.cli.main import _build_parser

    text = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    synopsis = text[text.index("```\nlegalcasts casts") :]
    synopsis = synopsis[: synopsis.index("\n```\n")]
    entries: dict[str, str] = {}
    for line in synopsis.splitlines()[1:]:
        if line.startswith("legalcasts "):
            words = line.split()
            name = " ".join(words[1:3]) if words[1] == "cards" else words[1]
            entries[name] = line
        else:
            entries[name] += line

    def subparsers(parser):
        return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices

    commands = dict(subparsers(_build_parser()))
    cards = commands.pop("cards")
    commands.update({f"cards {name}": sub for name, sub in subparsers(cards).items()})
    for name, sub in commands.items():
        options = {o for action in sub._actions for o in action.option_strings if o.startswith("--")} - {"--help"}
        missing = sorted(o for o in options if f"[{o}" not in entries[name] and f" {o} " not in entries[name] + " ")
        assert not missing, (name, missing)


def test_13_extras_are_named_as_in_the_readme():
    """Defect 13: messages name the extras as pyproject.toml and the README do: 'dask' and 'plot'."""
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    batch = (ROOT / "legalcasts" / "batch.py").read_text(encoding="utf-8")
    analysis = (ROOT / "solver" / "analysis.py").read_text(encoding="utf-8")
    assert "dask" in extras and "plot" in extras
    assert "the 'dask' extra: pip install -e '.[dask]'" in batch
    assert "the 'plot' extra (matplotlib): pip install -e '.[plot]'" in analysis


# 14. One unsupported card in a hand ----------------------------------------------------------------------------


def test_14_one_unread_card_is_named_and_the_rest_counted(capsys):
    """Defect 14: an unread card is named on stderr and the others counted; ``--strict`` exits 3.

    Case 2's hand (6 casts) plus Odd Bolt, whose target phrase is not read: 6, exit 0.
    """
    path = str(BAD / "one-unread-card-in-hand.json")
    code, out, err = run(capsys, "count", path)
    assert (code, out) == (0, "6\n")
    assert err.startswith("legalcasts: left out Odd Bolt (odd), text not read: ") and len(err.splitlines()) == 1
    code, out, err = run(capsys, "count", path, "--strict")
    assert (code, out) == (3, "") and err.startswith("legalcasts: unsupported: Odd Bolt")
    code, out, err = run(capsys, "explain", path)
    assert code == 0 and out.startswith("Reach Through Mists (mists): 4 legal casts") and "Odd Bolt" in err
    code, out, err = run(capsys, "count", path, "--card", "Odd Bolt")  # the only card asked for: exit 3
    assert (code, out) == (3, "")


def test_14_batch_counts_a_file_as_count_does(capsys):
    """Defect 14: ``batch`` gives the file count's 6 and names Odd Bolt in ``left_out``; ``--strict``: exit code 3."""
    path = str(BAD / "one-unread-card-in-hand.json")
    code, out, _ = run(capsys, "batch", path, "--no-progress")
    record = json.loads(out.splitlines()[0])
    assert (
        code == 0
        and record["count"] == 6
        and [(r["card"], r["name"]) for r in record["left_out"]] == [("odd", "Odd Bolt")]
    )
    code, out, _ = run(capsys, "batch", path, "--no-progress", "--strict")
    record = json.loads(out.splitlines()[0])
    assert code == 1 and record["exit_code"] == 3 and record["error"].startswith("Odd Bolt: unsupported")


# 15. .gitignore covers what the README leaves behind -----------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["cards.sqlite", "casts.jsonl", "counts.jsonl", "counts-dask.jsonl", "partial.jsonl", "demo/x.json"]
)
def test_15_gitignore_covers_what_the_docs_leave(name):
    """Defect 15: the files the README's and docs' commands write at the repository root are ignored."""
    import subprocess

    result = subprocess.run(["git", "check-ignore", "-q", "--no-index", name], cwd=ROOT, check=False)
    assert result.returncode == 0, name


# 16. The plain install is enough -------------------------------------------------------------------------------


def test_16_quick_start_installs_without_the_test_extra():
    """Defect 16: the README's set-up command installs the package alone; the test extra is for the tests."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set up") :]
    setup = setup[: setup.index("```", setup.index("```") + 3)]
    assert "pip install -e ." in setup and "[test]" not in setup


_WITHOUT_EXTRAS = """
import sys

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"matplotlib", "dask", "distributed", "pandas", "hypothesis", "pytest"}:
            raise ImportError(name + " is in an extra")

sys.meta_path.insert(0, Block())
from legalcasts.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    ("argv", "code", "expected"),
    [
        (["count", "examples/case10-mists-ritual-ray.json"], 0, "15\n"),  # Reach 8 + Ritual 3 + Ray 4
        (
            ["batch", "examples/case02-mists-ray-silver-knight.json", "--engine", "dask", "--no-progress"],
            2,
            "legalcasts: error: the dask engine needs the 'dask' extra: pip install -e '.[dask]' in a checkout\n",
        ),
    ],
)
def test_16_the_main_job_needs_no_extra(argv, code, expected):
    """Defect 16: with the extras' packages unimportable, the main job runs; an extra's feature names the extra."""
    import os
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", _WITHOUT_EXTRAS, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert (result.returncode, result.stdout + result.stderr) == (code, expected)


# 17. Deep nesting ----------------------------------------------------------------------------------------------


def test_17_deeply_nested_state_and_cast_files_are_one_line(capsys):
    """Defect 17: 1,000 nested arrays in a state file and in a cast file: one line each, exit 2."""
    line = one_error_line(*run(capsys, "count", str(BAD / "deep-state.json"))[::2])
    assert line == f"legalcasts: error: {BAD / 'deep-state.json'}: nested more than 64 levels deep"
    line = one_error_line(*run(capsys, "check", CASE02, str(BAD / "deep-cast.json"))[::2])
    assert line == f"legalcasts: error: {BAD / 'deep-cast.json'}: nested more than 64 levels deep"


def test_17_and_19_bad_lines_of_a_card_file_are_skipped(capsys, tmp_path):
    """Defects 17 and 19: the bad lines of a card file are skipped, by --cards and by cards import.

    Foo, a line not JSON, one of invalid UTF-8, one with a NUL, one nested 1,000 deep, and Mountain: both keep
    Foo and Mountain.
    """
    cards = str(BAD / "cards-bad-lines.jsonl")
    # Foo deals 1 damage to any target: P1 or P2, no creature or planeswalker on the battlefield = 2
    assert run(capsys, "count", str(BAD / "foo-in-hand.json"), "--cards", cards)[:2] == (0, "2\n")
    db = tmp_path / "cards.sqlite"
    code, out, _ = run(capsys, "cards", "import", cards, "--db", str(db))
    assert code == 0 and out.splitlines()[1].startswith(f"imported 2 cards into {db}")
    assert "skipped 4 records:" in out


# 18. faces_of that is not a string -----------------------------------------------------------------------------


def test_18_faces_of_not_a_string_is_one_line_and_no_half_written_index(capsys, tmp_path):
    """Defect 18: Foo's ``faces_of`` is 5: ``count`` names the field, ``cards import`` skips Foo.

    The index holds Mountain alone; never a 0-byte file.
    """
    cards = str(BAD / "cards-faces-of-number.jsonl")
    line = one_error_line(*run(capsys, "count", str(BAD / "foo-in-hand.json"), "--cards", cards)[::2])
    assert line.endswith("objects[0].card: 'Foo' can't be used: faces_of: must be a string, not a number")
    db = tmp_path / "cards.sqlite"
    code, out, _ = run(capsys, "cards", "import", cards, "--db", str(db))
    assert code == 0 and f"{cards}:1 (Foo).faces_of: must be a string, not a number" in out
    with sqlite3.connect(db) as connection:
        assert [row[0] for row in connection.execute("SELECT name FROM cards")] == ["Mountain"]


def test_18_failed_import_leaves_no_file(capsys, tmp_path):
    """Defect 18: an import that fails (a file of no card layout) leaves no index file behind."""
    path = tmp_path / "nothing.json"
    path.write_text('{"meta": {}}', encoding="utf-8")
    db = tmp_path / "cards.sqlite"
    one_error_line(*run(capsys, "cards", "import", str(path), "--db", str(db))[::2])
    assert list(tmp_path.iterdir()) == [path]


# 19. A bad later copy never deletes a good one -----------------------------------------------------------------


def test_19_bad_later_copy_keeps_the_good_card(capsys, tmp_path):
    """Defect 19: Foo {R}, then Foo {Q} (no mana symbol): Foo {R} is imported and found; the bad copy is listed."""
    cards = str(BAD / "cards-later-bad-copy.jsonl")
    db = tmp_path / "cards.sqlite"
    code, out, _ = run(capsys, "cards", "import", cards, "--db", str(db))
    assert code == 0 and f"imported 2 cards into {db}" in out
    assert f"{cards}:2 (Foo).mana_cost: '{{Q}}' is not a mana symbol in '{{Q}}'" in out
    code, out, _ = run(capsys, "cards", "find", "Foo", "--db", str(db))
    assert code == 0 and out.splitlines()[0] == "Foo  {R}"


# 20. Errors about a card's text name the card ------------------------------------------------------------------


def test_20_card_text_errors_name_the_card_and_file(capsys):
    """Defect 20: ``{½}`` (not a symbol of the rules, CR 107) in a --cards record: the file, line and card."""
    cards = BAD / "cards-unreadable-symbol.jsonl"
    line = one_error_line(*run(capsys, "count", str(BAD / "foo-in-hand.json"), "--cards", str(cards))[::2])
    assert line.endswith(
        "objects[0].card: 'Foo' can't be used: oracle_text: '{½}' in the text is not a symbol of the rules (CR 107)"
    )


def test_20_opponent_permanent_with_unreadable_text_is_exit_3(capsys):
    """Defect 20: P2's Odd Relic says "{T}: Add {½}.": text legalcasts can't read, exit 3, card and file named."""
    path = BAD / "opponent-permanent-unreadable-symbol.json"
    line = one_error_line(*run(capsys, "count", str(path))[::2], expected_code=3)
    assert line.startswith(f"legalcasts: unsupported: {path}: objects[6].card (Odd Relic)") and "{½}" in line


# 21. Sizes -----------------------------------------------------------------------------------------------------


def test_21_huge_oracle_text_is_refused_at_once(capsys):
    """Defect 21: a 6,150-character text (41 characters x 150) is refused, before any reading."""
    path = BAD / "huge-oracle-text.json"
    line = one_error_line(*run(capsys, "count", str(path))[::2])
    assert line == (
        f"legalcasts: error: {path}: objects[6].card (Wordy Bolt).oracle_text: 6,150 characters, more "
        "than the 5,000 a card record may hold"
    )
    cards = BAD / "cards-huge-oracle-text.jsonl"
    line = one_error_line(*run(capsys, "count", str(BAD / "foo-in-hand.json"), "--cards", str(cards))[::2])
    assert "oracle_text: 6,800 characters, more than the 5,000 a card record may hold" in line  # 34 x 200


def test_21_a_quoted_long_id_is_cut(capsys):
    """Defect 21: a duplicate id of 5,000 characters is quoted by its first 200 and its length."""
    line = one_error_line(*run(capsys, "count", str(BAD / "long-id.json"))[::2])
    assert len(line) < 400
    assert f"'{'r' * 200}…' (5,000 characters) (also objects[6])" in line
    code, out, _ = run(capsys, "batch", str(BAD / "long-id.json"), "--no-progress")  # a batch's error record too
    record = json.loads(out)
    assert code == 1 and record["exit_code"] == 2 and len(record["error"]) < 400


# 22. Mana pools hold mana --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "symbol"),
    [
        ("mana-pool-snow.json", "{S}"),
        ("mana-pool-x.json", "{X}"),
        ("mana-pool-hybrid-generic.json", "{2/W}"),
        ("mana-pool-phyrexian.json", "{W/P}"),
    ],
)
def test_22_pool_symbols_that_are_not_mana_are_refused_on_reading(capsys, name, symbol):
    """Defect 22, CR 106.1: a pool holds W, U, B, R, G or C mana, checked when the file is read.

    The file, the key path and the value as written ("{R}" then the symbol) are named, whatever the command.
    """
    path = BAD / name
    for command in ("count", "explain"):
        line = one_error_line(*run(capsys, command, str(path))[::2])
        assert line == (
            f"legalcasts: error: {path}: mana_pool.P1: '{symbol}' is not a type of mana (a mana pool "
            f"holds {{W}}, {{U}}, {{B}}, {{R}}, {{G}} and {{C}}, CR 106.1) in '{{R}}{symbol}'"
        )


# 23. `in` agrees across engines --------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["fast", "python-constraint", "brute", "cpsat"])
def test_23_free_cast_is_not_in_a_view_that_pays(backend):
    """Defect 23, CR 118.9: a free cast is not ``in`` a view that pays, nor a paid one in a free view.

    With every engine. Case 3 (four Plains): Requisition Raid is legal both ways.
    """
    import legalcasts

    state = legalcasts.load_state(EXAMPLES / "case03-raid-4plains.json")
    free = legalcasts.legal_casts(state, "raid", without_paying_mana_cost=True, backend=backend)
    paid = legalcasts.legal_casts(state, "raid", backend=backend)
    free_cast, paid_cast = next(iter(free)), next(iter(paid))
    assert free_cast.without_paying_mana_cost and not paid_cast.without_paying_mana_cost
    assert free_cast in free and paid_cast in paid
    assert free_cast not in paid and paid_cast not in free


# README ---------------------------------------------------------------------------------------------------------


def test_readme_is_a_front_page():
    """README: a front page of at most 250 lines, every docs/ page linked.

    It has what legalcasts is, the set-up, the Python version and the test command; tests/test_docs.py runs
    the commands of the README and of docs/.
    """
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    for heading in (
        "## Set up and run",
        "## A first state file",
        "## Commands",
        "## Library",
        "## What is modelled",
        "## Card data: MTGJSON and Scryfall",
        "## Test",
    ):
        assert f"\n{heading}\n" in text, heading
    assert "Python 3.11 or newer" in text and "\n.venv/bin/python -m pytest\n" in text
    assert all(f"(docs/{page.name})" in text for page in (ROOT / "docs").glob("*.md"))
    assert max(len(line) for line in text.splitlines()) < 250  # no 2,000-character table cell
