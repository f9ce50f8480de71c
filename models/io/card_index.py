"""A local SQLite card index, built from the card files people already have.

``legalcasts cards import FILE`` reads an MTGJSON, Scryfall or JSON-lines
card file (:mod:`models.io.card_files`) into the index; ``legalcasts cards
find NAME`` looks a card up. :class:`CardIndex` is a
:class:`models.cards.CardDatabase`: every command that takes ``--cards FILE``
accepts an index there (a SQLite file is told from JSON lines by its header).

The index is one table, one row per face name, holding the Scryfall-style
record as JSON. Cards are read from it when asked for, not all at once.
"""

from __future__ import annotations

import difflib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from models.cards import CardDatabase, card_from_record
from models.errors import CardDataError, UnknownCardError
from models.io.card_files import CardFileContents, merge_records, read_card_file
from models.objects import Card
from models.split import whole_split_cards

__all__ = ["CardIndex", "default_index_path", "import_card_file", "is_card_index", "load_card_database"]

_SQLITE_HEADER = b"SQLite format 3\x00"
_SCHEMA_VERSION = "1"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cards (
    folded TEXT PRIMARY KEY,     -- the face name, casefolded
    name TEXT NOT NULL,          -- the face name
    folded_fr TEXT,              -- the French name, casefolded, or NULL
    folded_faces_of TEXT,        -- "front // back", casefolded, or NULL
    record TEXT NOT NULL         -- the Scryfall-style record, JSON
);
CREATE INDEX IF NOT EXISTS cards_by_french_name ON cards (folded_fr);
CREATE INDEX IF NOT EXISTS cards_by_whole_name ON cards (folded_faces_of);
"""


def default_index_path() -> Path:
    """Where ``cards import`` and ``cards find`` keep the index by default.

    Returns
    -------
    Path
        ``$LEGALCASTS_DB`` when set, else ``$XDG_DATA_HOME/legalcasts/cards.sqlite``
        (``~/.local/share/legalcasts/cards.sqlite`` when ``XDG_DATA_HOME`` is unset).
    """
    if os.environ.get("LEGALCASTS_DB"):
        return Path(os.environ["LEGALCASTS_DB"]).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "legalcasts" / "cards.sqlite"


def is_card_index(path: str | Path) -> bool:
    """Whether the file is a SQLite database (by its 16-byte header).

    Parameters
    ----------
    path : str or Path

    Returns
    -------
    bool
        False for a file that can't be read, too.
    """
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_SQLITE_HEADER)) == _SQLITE_HEADER
    except OSError:
        return False


def load_card_database(path: str | Path) -> CardDatabase:
    """The card database of a ``--cards FILE``: a card index or JSON lines.

    Parameters
    ----------
    path : str or Path
        A SQLite card index built by ``legalcasts cards import`` (told by its
        header), or a Scryfall-style JSON-lines file.

    Returns
    -------
    CardDatabase
        A :class:`CardIndex` or an in-memory :class:`CardDatabase`.

    Raises
    ------
    CardDataError
        The file can't be read, or is not a card index / JSON lines.
    """
    if is_card_index(path):
        return CardIndex(path)
    return CardDatabase.from_jsonl(path)


def _suggestion(name: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'A'?)`` or `` (did you mean 'A', 'B' or 'C'?)``, or ``""``."""
    by_folded: dict[str, str] = {}
    for candidate in candidates:
        by_folded.setdefault(candidate.casefold(), candidate)
    close = [by_folded[c] for c in difflib.get_close_matches(name.casefold(), list(by_folded), n=3, cutoff=0.75)]
    if not close:
        return ""
    quoted = [repr(c) for c in close]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f" (did you mean {listed}?)"


class CardIndex(CardDatabase):
    """Cards by name from a SQLite card index, read when asked for.

    Parameters
    ----------
    path : str or Path
        An index built by :func:`import_card_file`.

    Raises
    ------
    CardDataError
        The file does not exist or is not a legalcasts card index.

    Notes
    -----
    Same interface as :class:`models.cards.CardDatabase`: ``get`` (by name
    case-insensitively, or by French name), ``in``, iteration (by name) and
    ``len``.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise CardDataError(str(self.path), "no card index here (build one with 'legalcasts cards import FILE')")
        if not is_card_index(self.path):
            raise CardDataError(str(self.path), "not a card index (not a SQLite database)")
        self._connection = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            version = self._connection.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        except sqlite3.DatabaseError:
            version = None
        if version is None or version[0] != _SCHEMA_VERSION:
            self._connection.close()
            raise CardDataError(str(self.path), "a SQLite database but not a legalcasts card index")
        self._cards: dict[str, Card] = {}

    def __len__(self) -> int:
        return self._connection.execute("SELECT count(*) FROM cards").fetchone()[0]

    def __iter__(self) -> Iterator[Card]:
        for (record,) in self._connection.execute("SELECT record FROM cards ORDER BY name"):
            yield self._card(record)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (self._row(name.casefold()) is not None
                                          or self._whole_split(name.casefold()) is not None)

    def _whole_split(self, folded: str) -> Card | None:
        """The whole split card of this name ("Alive // Well", CR 709), built from its halves, or None."""
        rows = self._connection.execute("SELECT record FROM cards WHERE folded_faces_of = ?", (folded,)).fetchall()
        found = whole_split_cards(self._card(text) for (text,) in rows)
        return found[0] if found else None

    def _card(self, text: str) -> Card:
        record = json.loads(text)
        card = self._cards.get(record["name"])
        if card is None:
            card = self._cards[record["name"]] = card_from_record(record, path=f"{self.path}: {record['name']!r}")
        return card

    def _row(self, folded: str) -> str | None:
        row = self._connection.execute("SELECT record FROM cards WHERE folded = ?", (folded,)).fetchone()
        if row is None:
            row = self._connection.execute(
                "SELECT record FROM cards WHERE folded_fr = ? ORDER BY name LIMIT 1", (folded,)).fetchone()
        return None if row is None else row[0]

    def names(self) -> Iterator[str]:
        """Every name that finds a card: face names, then French names.

        Yields
        ------
        str
        """
        for (name,) in self._connection.execute("SELECT name FROM cards"):
            yield name
        for (record,) in self._connection.execute("SELECT record FROM cards WHERE folded_fr IS NOT NULL"):
            yield json.loads(record)["name_fr"]

    def get(self, name: str, path: str = "card") -> Card:
        """The card with this name (case-insensitive; French names too).

        Parameters
        ----------
        name : str
        path : str
            Key path for the error message.

        Returns
        -------
        Card

        Raises
        ------
        UnknownCardError
            With up to three close names as a suggestion.
        """
        record = self._row(name.casefold())
        if record is None:
            whole = self._whole_split(name.casefold())
            if whole is not None:
                return whole
            raise UnknownCardError(path, f"unknown card {name!r}{_suggestion(name, self.names())}")
        return self._card(record)

    def find(self, name: str) -> list[dict[str, Any]]:
        """The records a name finds: one face, or every face of ``"Front // Back"``.

        Parameters
        ----------
        name : str
            A face name, a French name or a whole multi-face name, any case.

        Returns
        -------
        list of dict
            Scryfall-style records, printed order of the faces.

        Raises
        ------
        UnknownCardError
            With up to three close names as a suggestion.
        """
        folded = name.casefold()
        record = self._row(folded)
        if record is not None:
            return [json.loads(record)]
        rows = self._connection.execute("SELECT record FROM cards WHERE folded_faces_of = ?", (folded,)).fetchall()
        if rows:
            records = [json.loads(text) for (text,) in rows]
            order = [part.strip().casefold() for part in records[0]["faces_of"].split("//")]
            return sorted(records, key=lambda r: order.index(r["name"].casefold())
                          if r["name"].casefold() in order else len(order))
        raise UnknownCardError("NAME", f"unknown card {name!r}{_suggestion(name, self.names())}")

    def close(self) -> None:
        """Close the database connection."""
        self._connection.close()


def import_card_file(
    file: str | Path, db_path: str | Path, on_progress: Callable[[int], None] | None = None
) -> CardFileContents:
    """Read a card file and add its cards to a card index (created if absent).

    Parameters
    ----------
    file : str or Path
        An MTGJSON, Scryfall or JSON-lines card file (see
        :mod:`models.io.card_files`).
    db_path : str or Path
        The index. A card already there under the same face name
        (case-insensitively) is updated: the file's record replaces it, but
        keeps the index's French name when the file has none, and the sets
        and rulings of both (:func:`models.io.card_files.merge_records`).
    on_progress : callable or None
        Called with the number of bytes of ``file`` read so far.

    Returns
    -------
    CardFileContents
        What was read: the records written and the records skipped.

    Raises
    ------
    CardDataError
        The card file is unreadable or of no known layout, or ``db_path`` is
        a file that is not a card index. The index is then left as it was:
        the file is read whole before anything is written, in one transaction.
    """
    db_path = Path(db_path)
    if db_path.exists() and db_path.stat().st_size and not is_card_index(db_path):
        raise CardDataError(str(db_path), "exists and is not a card index (not a SQLite database)")
    contents = read_card_file(file, on_progress)
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(db_path)
    except (OSError, sqlite3.Error) as exc:
        raise CardDataError(str(db_path), f"cannot open the card index ({exc})") from None
    try:
        with connection:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "cards" not in tables:
                raise CardDataError(str(db_path), "a SQLite database but not a legalcasts card index")
            connection.executescript("BEGIN;" + _SCHEMA)
            connection.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (_SCHEMA_VERSION,))
            rows = []
            for record in contents.records:
                old = connection.execute("SELECT record FROM cards WHERE folded = ?", (record["name"].casefold(),))
                found = old.fetchone()
                rows.append(_row_of(record if found is None else merge_records(json.loads(found[0]), record)))
            connection.executemany("INSERT OR REPLACE INTO cards "
                                   "(folded, name, folded_fr, folded_faces_of, record) VALUES (?, ?, ?, ?, ?)", rows)
    except sqlite3.Error as exc:
        raise CardDataError(str(db_path), f"cannot write the card index ({exc})") from None
    finally:
        connection.close()
    return contents


def _row_of(record: Mapping[str, Any]) -> tuple[str, str, str | None, str | None, str]:
    french, whole = record.get("name_fr"), record.get("faces_of")
    return (
        record["name"].casefold(),
        record["name"],
        french.casefold() if french else None,
        whole.casefold() if whole else None,
        json.dumps(record, ensure_ascii=False),
    )
