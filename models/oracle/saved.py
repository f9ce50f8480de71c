"""Cards' readings kept between runs, so that a command reads a card's text once, not at every start.

Reading a card (:func:`models.oracle.parser.parse_card`) needs the grammar's parser, which takes a fifth
of a second to load, and a few milliseconds a card. A command that starts, counts the casts of one state and
ends would pay that at every call. With the store enabled (:func:`enable_saved_readings`; the ``legalcasts``
command enables it), each card's :class:`~models.abilities.CardAbilities` is kept in a SQLite file of the
user's cache folder, keyed by the card's fields; a later run takes it from there, and loads no grammar when
every card of its state was read before.

The file's name holds a hash of the code that reads cards (every module and grammar of ``models``, lark's
version and Python's): a changed reader starts a new file, so a reading is never one an older reader made.
A store that can't be opened or written is left aside: cards are then read as without it.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import sqlite3
import sys
from importlib import resources
from pathlib import Path

from models.abilities import CardAbilities
from models.objects import Card

__all__ = ["enable_saved_readings", "saved_reading", "save_reading", "reader_digest"]

_FLUSH_EVERY = 512
"""Readings written in one transaction."""


class _Store:
    """One SQLite file of readings, with the readings not yet written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.connection: sqlite3.Connection | None = None
        self.pending: list[tuple[str, bytes]] = []
        self.pid = os.getpid()

    def here(self) -> None:
        """In a forked process (batch workers), forget the parent's connection and readings not yet written."""
        if self.pid != os.getpid():
            self.connection, self.pending, self.pid = None, [], os.getpid()

    def open(self) -> sqlite3.Connection | None:
        self.here()
        if self.connection is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                connection = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
                connection.execute("CREATE TABLE IF NOT EXISTS readings (key TEXT PRIMARY KEY, abilities BLOB)")
                connection.commit()
            except (OSError, sqlite3.Error):
                return None
            self.connection = connection
        return self.connection

    def get(self, key: str) -> CardAbilities | None:
        connection = self.open()
        if connection is None:
            return None
        try:
            row = connection.execute("SELECT abilities FROM readings WHERE key = ?", (key,)).fetchone()
            found = pickle.loads(row[0]) if row is not None else None
        except (sqlite3.Error, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
            return None  # a file of another reader, or cut short: read the card again
        return found if isinstance(found, CardAbilities) else None

    def put(self, key: str, abilities: CardAbilities) -> None:
        self.here()
        try:
            self.pending.append((key, pickle.dumps(abilities, protocol=pickle.HIGHEST_PROTOCOL)))
        except (pickle.PicklingError, TypeError, AttributeError):
            return
        if len(self.pending) >= _FLUSH_EVERY:
            self.flush()

    def flush(self) -> None:
        self.here()
        if not self.pending:
            return
        connection = self.open()
        pending, self.pending = self.pending, []
        if connection is None:
            return
        try:
            connection.executemany("INSERT OR IGNORE INTO readings VALUES (?, ?)", pending)
            connection.commit()
        except sqlite3.Error:
            pass  # another process holds the file: these readings are made again next time


_STORE: _Store | None = None


def reader_digest() -> str:
    """A hash of the code that reads cards: the modules and grammar of ``models``, lark's and Python's versions.

    Returns
    -------
    str
        Hex digits.
    """
    import lark

    digest = hashlib.sha256(f"{lark.__version__} {sys.version}".encode())
    root = resources.files("models")
    for folder in (root, root.joinpath("oracle"), root.joinpath("io")):
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith((".py", ".lark")):
                digest.update(entry.name.encode())
                digest.update(entry.read_bytes())
    return digest.hexdigest()


def enable_saved_readings(folder: Path | None = None) -> None:
    """Keep cards' readings between runs, in ``folder`` (the user's cache folder by default).

    Parameters
    ----------
    folder : Path or None
        Where the SQLite file goes; :func:`models.io.card_pool.cache_dir` by default.
    """
    global _STORE
    if folder is None:
        from models.io.card_pool import cache_dir

        folder = cache_dir()
    if _STORE is not None:
        _STORE.flush()
    _STORE = _Store(folder / f"readings-{reader_digest()[:20]}.sqlite")
    _forget_stale_readings(folder, _STORE.path)
    atexit.register(_flush)


STALE_AFTER_DAYS = 7
"""Readings of another reader left unused this long are removed (a changed reader starts a new file)."""


def _forget_stale_readings(folder: Path, current: Path) -> None:
    """Remove the readings files of other readers that no run has used for :data:`STALE_AFTER_DAYS` days."""
    import time

    cutoff = time.time() - STALE_AFTER_DAYS * 86400
    try:
        stale = [f for f in folder.glob("readings-*.sqlite") if f != current and f.stat().st_mtime < cutoff]
        for old in stale:
            old.unlink(missing_ok=True)
    except OSError:
        return  # a folder that can't be listed or written: leave it as it is


def disable_saved_readings() -> None:
    """Stop keeping readings (those not yet written are written first)."""
    global _STORE
    if _STORE is not None:
        _STORE.flush()
    _STORE = None


def _flush() -> None:
    if _STORE is not None:
        _STORE.flush()


def _key(card: Card) -> str:
    return hashlib.sha1(repr(card).encode(), usedforsecurity=False).hexdigest()


def saved_reading(card: Card) -> CardAbilities | None:
    """The reading of a card kept by an earlier run, or None (also when no store is enabled).

    Parameters
    ----------
    card : Card

    Returns
    -------
    CardAbilities or None
    """
    return _STORE.get(_key(card)) if _STORE is not None else None


def save_reading(card: Card, abilities: CardAbilities) -> None:
    """Keep a card's reading for later runs (nothing when no store is enabled).

    Parameters
    ----------
    card : Card
    abilities : CardAbilities
    """
    if _STORE is not None:
        _STORE.put(_key(card), abilities)
