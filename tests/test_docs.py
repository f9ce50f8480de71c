"""Every command shown in the README and in ``docs/`` runs, and prints what the page shows.

A page shows a session in a fenced block: lines starting with ``$ `` are commands, the lines after each its
output (stdout and stderr, as a terminal shows them). Each page's sessions run in order in a fresh folder
that holds links to the repository's ``examples/``, ``tests/`` and ``models/`` (what a reader at the
repository root sees), so the files they write (``counts.jsonl``, ``cards.sqlite``) stay out of the checkout.
``.venv/bin/legalcasts`` is this checkout's ``legalcasts``.

What varies from run to run is made the same before comparing: times (``in 0.50 s``) and progress bars
(which only a terminal shows). A mismatch prints the page, the command and the diff: when a change of the
code changes an output on purpose, paste the new output into the page. Python sessions (``pycon`` blocks)
run as doctests. ``sh`` blocks are instructions with no output shown (the set-up, the benchmarks, minutes
long), not sessions.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import re
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

CHECKED_ELSEWHERE = {
    "legalcasts coverage --top 15": "tests/test_coverage.py runs it over the whole pool and compares the block",
}
"""Commands a page shows whose output another test compares (each needs a minute of CPU otherwise)."""

_TIME = re.compile(r"\b\d+(\.\d+)? s\b")
_PROGRESS = re.compile(r"━+\s+\d+/\d+")


def sessions(page: Path) -> list[tuple[int, str, list[str]]]:
    """The commands a page shows: (line number, command, the output lines shown after it), in page order."""
    found: list[tuple[int, str, list[str]]] = []
    current: tuple[int, str, list[str]] | None = None
    fenced = False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            fenced = not fenced
            current = None
            continue
        if not fenced:
            continue
        if line.startswith("$ "):
            current = (number, line[2:], [])
            found.append(current)
        elif current is not None:
            current[2].append(line)
    return found


def normalized(lines: list[str]) -> list[str]:
    """Output lines with times and progress bars made the same in every run."""
    return [_TIME.sub("N s", line.rstrip()) for line in lines if not _PROGRESS.search(line)]


@pytest.fixture(scope="module")
def shell_bin(tmp_path_factory) -> Path:
    """A folder holding ``legalcasts``: this checkout's command line, run by this Python."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "legalcasts"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m legalcasts.cli.main "$@"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return folder


def test_the_pages_show_commands():
    """The README and docs/ pages show commands to run (the harness would pass vacuously otherwise)."""
    counts = {page.name: len(sessions(page)) for page in PAGES}
    assert counts["README.md"] >= 8 and sum(counts.values()) >= 30, counts


def _in_process(command: str) -> list[str] | None:
    """The arguments of a plain ``legalcasts`` command, run in this process to spare a start-up; else None.

    A command with shell syntax (a pipe, a redirection, ``$?``) runs in bash, and so does the dask engine
    (its cluster is best started and stopped in a process of its own).
    """
    if any(character in command for character in "|&;<>$`") or "--engine dask" in command:
        return None
    words = shlex.split(command)
    return words[1:] if words[0] == "legalcasts" else None


def _run_in_process(argv: list[str]) -> tuple[int, str]:
    """``legalcasts ARGV`` in this process: its exit code, and stdout and stderr as a terminal interleaves them."""
    from legalcasts.cli.main import main

    both = io.StringIO()
    with contextlib.redirect_stdout(both), contextlib.redirect_stderr(both):
        code = main(argv)
    return code, both.getvalue()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_page_commands_print_what_the_page_shows(page, tmp_path, shell_bin, monkeypatch):
    """Each command of the page, run in order in a folder of its own, prints the lines the page shows."""
    for name in ("examples", "tests", "models"):
        (tmp_path / name).symlink_to(ROOT / name)
    settings = {"XDG_DATA_HOME": str(tmp_path / "data"), "COLUMNS": "200", "NO_COLOR": "1"}
    for key, value in settings.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("LEGALCASTS_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    env = {**os.environ, "PATH": f"{shell_bin}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    status = 0  # the exit code of the command before, for a page's "echo $?"
    for number, command, shown in sessions(page):
        command = command.replace(".venv/bin/legalcasts", "legalcasts")
        if any(command.startswith(skipped) for skipped in CHECKED_ELSEWHERE):
            continue
        argv = _in_process(command)
        if argv is not None:
            status, printed = _run_in_process(argv)
        else:
            result = subprocess.run(
                ["bash", "-c", f"(exit {status}); {{ {command}\n}} 2>&1"],
                cwd=tmp_path,
                env=env,
                capture_output=True,
                text=True,
                check=False,
                timeout=300,
            )
            status, printed = result.returncode, result.stdout
        expected, actual = normalized(shown), normalized(printed.splitlines())
        if actual != expected:
            diff = "\n".join(difflib.unified_diff(expected, actual, "shown", "printed", lineterm=""))
            pytest.fail(f"{page.name}:{number}: $ {command}\n{diff}")


def pycon_blocks(page: Path) -> list[tuple[int, str]]:
    """The ``pycon`` blocks of a page (Python sessions, ``>>>`` and what they print): (line number, text)."""
    blocks: list[tuple[int, str]] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if line == "```pycon":
            end = lines.index("```", number)
            blocks.append((number, "\n".join(lines[number:end]) + "\n"))
    return blocks


@pytest.mark.parametrize("page", [page for page in PAGES if pycon_blocks(page)], ids=lambda page: page.name)
def test_page_python_sessions_print_what_the_page_shows(page, monkeypatch):
    """Each Python session of the page, run as a doctest from the repository root, prints what it shows."""
    import doctest

    monkeypatch.chdir(ROOT)
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, text in pycon_blocks(page):
        test = parser.get_doctest(text, {}, f"{page.name}:{number}", str(page), number)
        reports: list[str] = []
        result = runner.run(test, out=reports.append)
        assert result.attempted > 0 and not result.failed, f"{page.name}:{number}:\n{''.join(reports)}"


def shown_files(page: Path) -> list[tuple[int, str, str]]:
    """The JSON blocks a page shows as a file of the repository: (line number, path, the block's text).

    A block is such a file when the line before it names the file alone, in backquotes, with a colon:
    ```examples/case02-mists-ray-silver-knight.json`:``.
    """
    lines = page.read_text(encoding="utf-8").splitlines()
    found = []
    for number, line in enumerate(lines, start=1):
        named = re.fullmatch(r".*`([\w./-]+\.json)`:", lines[number - 3] if number >= 3 else "")
        if line == "```json" and named and (ROOT / named.group(1)).is_file():
            end = lines.index("```", number)
            found.append((number, named.group(1), "\n".join(lines[number:end])))
    return found


def test_json_shown_as_a_file_is_that_file():
    """A state file the README shows as an example file is that file, key for key."""
    import json

    shown = [(page, *found) for page in PAGES for found in shown_files(page)]
    assert any(page.name == "README.md" for page, *_ in shown)
    for page, number, path, text in shown:
        assert json.loads(text) == json.loads((ROOT / path).read_text(encoding="utf-8")), f"{page.name}:{number}"


def _update_pages() -> None:
    """Write each command's output into the pages, in place of what they show (``python -m tests.test_docs``).

    For a change of output that is meant: run it, then read the diff before committing, as for the golden files.
    The commands of :data:`CHECKED_ELSEWHERE` are left as they are.
    """
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        bin_folder = Path(folder) / "bin"
        bin_folder.mkdir()
        script = bin_folder / "legalcasts"
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m legalcasts.cli.main "$@"\n', encoding="utf-8")
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
        env = {
            **os.environ,
            "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": str(ROOT),
            "COLUMNS": "200",
            "NO_COLOR": "1",
        }
        env.pop("LEGALCASTS_DB", None)
        for page in PAGES:
            work = Path(tempfile.mkdtemp(dir=folder))
            for name in ("examples", "tests", "models"):
                (work / name).symlink_to(ROOT / name)
            lines = page.read_text(encoding="utf-8").splitlines()
            status, replaced = 0, {}
            for number, command, shown in sessions(page):
                run = command.replace(".venv/bin/legalcasts", "legalcasts")
                if any(run.startswith(skipped) for skipped in CHECKED_ELSEWHERE):
                    continue
                result = subprocess.run(
                    ["bash", "-c", f"(exit {status}); {{ {run}\n}} 2>&1"],
                    cwd=work,
                    env={**env, "XDG_DATA_HOME": str(work / "data")},
                    capture_output=True,
                    text=True,
                    check=False,
                )
                status = result.returncode
                printed = [line.rstrip() for line in result.stdout.splitlines() if not _PROGRESS.search(line)]
                if len(printed) == len(shown):  # a line that differs only in a time keeps the page's
                    printed = [
                        old if normalized([old]) == normalized([new]) else new for old, new in zip(shown, printed)
                    ]
                replaced[number] = (len(shown), printed)
            for number in sorted(replaced, reverse=True):
                count, printed = replaced[number]
                lines[number : number + count] = printed
            page.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    _update_pages()
