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


def example_files() -> list[Path]:
    """The example states, in name order (JSON states and Forge puzzles)."""
    return sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".json", ".pzl"))


def render(example: Path, suffix: str) -> str:
    """What the command line prints for one example and one golden file, with its exit code when not 0.

    Parameters
    ----------
    example : Path
        A state file in ``examples/``.
    suffix : str
        A key of :data:`COMMANDS`.

    Returns
    -------
    str
        Standard output, then standard error and the exit code when the command does not exit 0.
    """
    from solver.cli import main

    out, err = io.StringIO(), io.StringIO()
    relative = example.relative_to(ROOT).as_posix()
    command, *options = COMMANDS[suffix]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([command, relative, *options])
    text = out.getvalue()
    if code:
        text += f"[exit {code}] {err.getvalue()}"
    return text


def golden_path(example: Path, suffix: str) -> Path:
    """Where the golden output of an example is kept."""
    return GOLDEN / f"{example.stem}.{suffix}"


def main() -> int:
    """Write every golden file again; print the names of those that changed."""
    import os

    os.chdir(ROOT)
    GOLDEN.mkdir(exist_ok=True)
    changed = 0
    for example in example_files():
        for suffix in COMMANDS:
            path = golden_path(example, suffix)
            text = render(example, suffix)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
                changed += 1
    print(f"{changed} golden file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
