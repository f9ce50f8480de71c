"""Game states from files of each kind read: a state file (JSON, the state format) or a Forge puzzle (``.pzl``).

A puzzle is read into a state file and that file is read (:mod:`models.io.forge_pzl`), so this module sits above
both readers.
"""

from __future__ import annotations

from pathlib import Path

from models.cards import CardDatabase
from models.io.forge_pzl import load_puzzle
from models.io import state_json
from models.state import GameState

__all__ = ["load_state"]


def load_state(path: str | Path, cards: CardDatabase | None = None) -> GameState:
    """Read a state file: JSON, or a Forge puzzle when the name ends in ``.pzl``.

    Parameters
    ----------
    path : str or Path
        A ``.pzl`` file is read by :func:`models.io.forge_pzl.load_puzzle` (its notes and warnings are on the
        :class:`~models.io.forge_pzl.Puzzle` it gives).
    cards : CardDatabase or None

    Returns
    -------
    GameState

    Raises
    ------
    StateError
        Unreadable file or any error of :func:`models.io.state_json.state_from_data` (of
        :func:`models.io.forge_pzl.puzzle_from_text` for a puzzle).
    """
    if Path(path).suffix.casefold() == ".pzl":
        return load_puzzle(path, cards).state
    return state_json.load_state(path, cards)
