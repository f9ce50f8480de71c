"""Golden outputs of every example state: its casts as JSON lines and its ``explain`` text.

Like OpenSpiel's playthroughs, the files in ``tests/golden/`` hold what the
command line printed for each state in ``examples/``; ``tests/test_golden.py``
diffs them, so that every change of behaviour shows as a diff. After a change
that is meant, regenerate them and read the diff before committing::

    python -m tests.golden
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "golden"

COMMANDS = {
    "casts.jsonl": ("casts", "--format", "jsonl"),
    "explain.txt": ("explain",),
}
"""The output files of one example and the command that prints each (the state file is added)."""

STACK_COMMANDS = {
    "resolve.txt": ("resolve",),
    "copies.txt": ("copies",),
}
"""The output files of each spell on the stack of an ``examples/after/`` state (``--spell ID`` is added)."""


def example_files() -> list[Path]:
    """The example states, in name order (JSON states and Forge puzzles)."""
    return sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".json", ".pzl"))


def stack_cases() -> list[tuple[Path, str, str]]:
    """(state, spell id, golden suffix) for every spell on the stack of every ``examples/after/`` state."""
    from models.io.state_json import load_state

    found = []
    for path in sorted((EXAMPLES / "after").glob("*.json")):
        for spell in load_state(path).stack:
            found += [(path, spell, suffix) for suffix in STACK_COMMANDS]
    return found


def render(example: Path, suffix: str, spell: str | None = None) -> str:
    """What the command line prints for one example and one golden file, with its exit code when not 0.

    Parameters
    ----------
    example : Path
        A state file in ``examples/``.
    suffix : str
        A key of :data:`COMMANDS`, or of :data:`STACK_COMMANDS` with ``spell``.
    spell : str or None
        For a state with spells on the stack: the spell resolved or copied.

    Returns
    -------
    str
        Standard output, then standard error and the exit code when the command does not exit 0.
    """
    from legalcasts.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    relative = example.relative_to(ROOT).as_posix()
    command, *options = COMMANDS[suffix] if spell is None else STACK_COMMANDS[suffix] + ("--spell", spell)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([command, relative, *options])
    text = out.getvalue()
    if code:
        text += f"[exit {code}] {err.getvalue()}"
    return text


def golden_path(example: Path, suffix: str, spell: str | None = None) -> Path:
    """Where the golden output of an example (or of one spell on its stack) is kept."""
    if spell is None:
        return GOLDEN / f"{example.stem}.{suffix}"
    return GOLDEN / "after" / f"{example.stem}.{spell}.{suffix}"


def main() -> int:
    """Write every golden file again; print the names of those that changed."""
    import os

    os.chdir(ROOT)
    (GOLDEN / "after").mkdir(parents=True, exist_ok=True)
    changed = 0
    cases = [(example, suffix, None) for example in example_files() for suffix in COMMANDS]
    cases += [(example, suffix, spell) for example, spell, suffix in stack_cases()]
    for example, suffix, spell in cases:
        path = golden_path(example, suffix, spell)
        text = render(example, suffix, spell)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
            changed += 1
    print(f"{changed} golden file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
