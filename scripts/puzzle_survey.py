"""How many Forge puzzles of a folder load, and how many are answered in full (every card counted, none refused).

Usage: ``python -m scripts.puzzle_survey DIR [--cards FILE]``

Each ``*.pzl`` of the folder is read as ``legalcasts count`` reads it; it loads, or one line says why not (a bad
file, or what it needs that is not modelled). A puzzle that loads is answered in full when every card its human
player may cast is counted, none left out for text not read; otherwise the cards left out are named. The last
line gives the three numbers.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

from models.cards import CardDatabase
from models.errors import LegalcastsError, one_line
from models.io.card_index import load_card_database
from models.io.card_pool import default_card_database
from models.io.forge_pzl import HUMAN, load_puzzle
from solver.actions import PositionCasts


def survey(folder: Path, cards: CardDatabase) -> tuple[int, int, int]:
    """Print one line per puzzle of ``folder``, in name order; return (puzzles, loaded, answered in full)."""
    paths = sorted(folder.glob("*.pzl"))
    loaded = full = 0
    for path in paths:
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                puzzle = load_puzzle(path, cards)
        except LegalcastsError as exc:
            print(f"{path.name}: not loaded: {one_line(str(exc))}")
            continue
        loaded += 1
        try:
            position = PositionCasts(puzzle.state, HUMAN)
        except LegalcastsError as exc:
            print(f"{path.name}: loaded, not counted: {one_line(str(exc))}")
            continue
        if position.left_out:
            names = sorted({puzzle.state.object(object_id).name for object_id, _ in position.left_out})
            print(f"{path.name}: loaded, {len(position.left_out)} card(s) left out: {', '.join(names)}")
        else:
            full += 1
            print(f"{path.name}: answered in full: {position.count()}")
    return len(paths), loaded, full


def main() -> int:
    """Survey the folder given; print the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of Forge puzzles (*.pzl)")
    parser.add_argument("--cards", metavar="FILE", help="a card file or index (default: the embedded pool)")
    args = parser.parse_args()
    cards = load_card_database(args.cards) if args.cards else default_card_database()
    puzzles, loaded, full = survey(args.folder, cards)
    print(f"{puzzles} puzzles, {loaded} load, {full} answered in full")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
