"""The ``legalcasts state`` command: ``state export P.pzl`` writes a Forge puzzle's game state as a state file.

The state file is the JSON of the state format (docs/state-format.md) of the state legalcasts reads from the
puzzle, so that the service and other tools can use it: it loads to the same state, and every count on it is
the count on the puzzle. On stdout, or ``--output FILE`` (written whole, or not at all).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from models.cards import CardDatabase
from models.errors import InputError
from models.io.forge_pzl import Puzzle, export_state, load_puzzle

__all__ = ["add_state_command", "run_state_command", "print_puzzle_notes"]


def add_state_command(commands: Any, cards_help: str) -> None:
    """Add ``state export`` to the subcommands of ``legalcasts``.

    Parameters
    ----------
    commands : argparse subparsers action
        The ``add_subparsers`` result of the main parser.
    cards_help : str
        The help of ``--cards``.
    """
    state = commands.add_parser("state", help="game states: export a Forge puzzle's state as a state file (JSON)")
    actions = state.add_subparsers(dest="state_command", metavar="{export}", required=True, parser_class=type(state))
    export = actions.add_parser(
        "export", help="write the state a Forge puzzle (.pzl) is read as, as a state file (docs/state-format.md)"
    )
    export.add_argument("puzzle", help="a Forge puzzle file (.pzl)")
    export.add_argument("--output", metavar="FILE", help="write the state file here (default: stdout)")
    export.add_argument("--cards", metavar="FILE", help=cards_help)


def print_puzzle_notes(puzzle: Puzzle, path: str) -> None:
    """Print what a puzzle's reading left out (warnings) and ignored (notes) on stderr, one line each.

    Parameters
    ----------
    puzzle : Puzzle
    path : str
        The file, named before each note (a warning names it itself, with its line).
    """
    for warning in puzzle.warnings:
        print(f"legalcasts: warning: {warning}", file=sys.stderr)
    for note in puzzle.notes:
        print(f"legalcasts: note: {path}: {note}", file=sys.stderr)


def run_state_command(args: argparse.Namespace, cards: CardDatabase) -> int:
    """Run ``state export``: the puzzle's state file on stdout or in ``--output``.

    Parameters
    ----------
    args : argparse.Namespace
        ``puzzle`` and ``output`` (None: stdout).
    cards : CardDatabase
        Where the puzzle's card names are looked up.

    Returns
    -------
    int
        0 done.

    Raises
    ------
    InputError
        A file that is not a puzzle (``.pzl``), a puzzle that does not load or that the state format can't say
        (a ``StateError``), an output file that can't be written.
    UnsupportedRuleError
        What the puzzle needs and legalcasts does not model (exit code 3).
    """
    if not str(args.puzzle).casefold().endswith(".pzl"):
        raise InputError(args.puzzle, "state export reads a Forge puzzle, a file whose name ends in .pzl")
    puzzle = load_puzzle(args.puzzle, cards)
    print_puzzle_notes(puzzle, args.puzzle)
    text = json.dumps(export_state(puzzle), indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        _write_whole(Path(args.output), text)
    return 0


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a file beside it renamed into place: whole, or not at all."""
    try:
        if path.is_dir():
            raise InputError(str(path), "--output: is a folder, not a file")
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent if str(path.parent) else ".")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise InputError(str(path), f"--output: can't write the file ({exc.strerror or exc})") from None
