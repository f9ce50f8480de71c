"""A local SQLite card index, built from the card files people already have.

``legalcasts cards import FILE`` reads an MTGJSON, Scryfall or JSON-lines
card file (:mod:`models.io.card_files`) into the index; ``legalcasts cards
find NAME`` looks a card up. :class:`CardIndex` is a
:class:`models.cards.CardDatabase`: every command that takes ``--cards FILE``
accepts an index there (a SQLite file is told from JSON lines by its header).

The index holds one row per face name, with the Scryfall-style record as
JSON, and one row per named record that could not be a card (a plane, a bad
mana cost), with the reason, so that asking for it says why. Cards are read
from it when asked for, not all at once. A face that a multi-face card names
(``faces_of``) but that the index lacks is reported as such when asked for.
The package's default card data is an index of this form, built from the
embedded pool (:mod:`models.io.card_pool`).
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from models.cards import CardDatabase, SkippedRecord, card_from_record, missing_face_error, with_faces_lacking
from models.errors import CardDataError, UnknownCardError
from models.io.card_files import FORMATS, CardFileContents, detect_card_file_format, merge_records, read_card_file
from models.objects import Card
from models.split import whole_split_cards

__all__ = [
    "INDEX_SCHEMA",
    "INDEX_SCHEMA_VERSION",
    "CardIndex",
    "default_index_path",
    "import_card_file",
    "is_card_index",
    "load_card_database",
    "write_card_index",
]

_SQLITE_HEADER = b"SQLite format 3\x00"
INDEX_SCHEMA_VERSION = "1"
INDEX_SCHEMA = """
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
CREATE TABLE IF NOT EXISTS skipped (
    folded TEXT PRIMARY KEY,     -- the name the record gives, casefolded
    name TEXT NOT NULL,          -- the name the record gives
    place TEXT NOT NULL,         -- where the record was: FILE:LINE, FILE: data['Name'][0]
    reason TEXT NOT NULL         -- why it is not a card of the index
);
"""
# Indexes written before the ``skipped`` table existed have schema 1 too: they are read as having skipped nothing.

# An index is read from any thread (the dask engine's workers may be threads): SQLite built serialized
# (threadsafety 3) lets threads share a connection; any other build keeps Python's one-thread check.
_SHARED_CONNECTIONS_UNSAFE = sqlite3.threadsafety != 3


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


CARDS_OPTION_HELP = (
    "card data instead of the embedded pool: Scryfall-style JSON lines (plain or .gz), or an "
    "index that 'legalcasts cards import' built from an MTGJSON or Scryfall file"
)
"""The help of every command's ``--cards FILE``: what :func:`load_card_database` reads."""


def load_card_database(path: str | Path) -> CardDatabase:
    """The card database of a ``--cards FILE``: a card index or JSON lines.

    Parameters
    ----------
    path : str or Path
        A SQLite card index built by ``legalcasts cards import`` (told by its
        header), or a Scryfall-style JSON-lines file, plain or gzip-compressed.

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
    try:
        return CardDatabase.from_jsonl(path)
    except CardDataError:
        hint = _import_hint(Path(path))
        if hint:
            raise CardDataError(str(path), hint) from None
        raise


def _import_hint(path: Path) -> str:
    """What to do with a card file that is not JSON lines but an MTGJSON or Scryfall file, or ``""``."""
    try:
        layout = detect_card_file_format(path)
    except (CardDataError, RecursionError):
        return ""
    if layout == "jsonl":
        return ""
    return (
        f"a card file of the layout '{FORMATS[layout]}', which --cards does not read directly: import it "
        f"into an index first ('legalcasts cards import {path} --db cards.sqlite'), then give --cards cards.sqlite"
    )


def _close_names(name: str, candidates: Iterable[str], count: int) -> list[str]:
    """Up to ``count`` candidates closest to ``name``, all equally close (difflib ratio at least 0.75, case ignored).

    Only the names as close as the closest one are given ('Plains' and 'Plaine' for 'Plaines'), so a large
    pool does not add the merely similar ('Glacial Grasp' for 'Glacal Ray', beside 'Glacial Ray').
    """
    by_folded: dict[str, str] = {}
    for candidate in candidates:
        by_folded.setdefault(candidate.casefold(), candidate)
    folded = name.casefold()
    close = difflib.get_close_matches(folded, list(by_folded), n=count, cutoff=0.75)
    ratios = [difflib.SequenceMatcher(None, folded, c).ratio() for c in close]
    return [by_folded[c] for c, ratio in zip(close, ratios) if ratio >= ratios[0] - 1e-9]


def _suggestion(name: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'A'?)`` or `` (did you mean 'A', 'B' or 'C'?)``, or ``""``."""
    close = _close_names(name, candidates, 3)
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
        An index built by :func:`import_card_file` or :func:`write_card_index`.

    Raises
    ------
    CardDataError
        The file does not exist or is not a legalcasts card index.

    Notes
    -----
    Same interface as :class:`models.cards.CardDatabase`: ``get`` (by name
    case-insensitively, or by French name), ``in``, iteration (by name),
    ``len``, ``suggest`` and ``skipped``. The index is opened read-only; a
    process forked after opening it opens its own connection on first use
    (SQLite connections must not cross a ``fork``).
    """

    def __init__(self, path: str | Path) -> None:
        self.path: Path | None = Path(path)
        self.where = str(self.path)
        if not self.path.is_file():
            raise CardDataError(str(self.path), "no card index here (build one with 'legalcasts cards import FILE')")
        if not is_card_index(self.path):
            raise CardDataError(str(self.path), "not a card index (not a SQLite database)")
        self._open(self._connect(), check=True)

    @classmethod
    def in_memory(
        cls, records: Iterable[Mapping[str, Any]], skipped: Iterable[SkippedRecord] = (), where: str = "card data"
    ) -> CardIndex:
        """An index held in memory, for the life of the process (when no file can be written).

        Parameters
        ----------
        records : iterable of mapping
            Scryfall-style records, each one that :func:`models.cards.card_from_record` reads.
        skipped : iterable of SkippedRecord
            Records that are not cards; those with a name are kept.
        where : str
            What the cards are, for error messages.

        Returns
        -------
        CardIndex
        """
        connection = sqlite3.connect(":memory:", check_same_thread=_SHARED_CONNECTIONS_UNSAFE)
        _fill(connection, records, skipped)
        index = cls.__new__(cls)
        index.path, index.where = None, where
        index._open(connection, check=False)
        return index

    def _connect(self) -> sqlite3.Connection:
        assert self.path is not None
        return sqlite3.connect(
            f"{self.path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=_SHARED_CONNECTIONS_UNSAFE
        )

    def _open(self, connection: sqlite3.Connection, check: bool) -> None:
        if check:
            try:
                version = connection.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            except sqlite3.DatabaseError:
                version = None
            if version is None or version[0] != INDEX_SCHEMA_VERSION:
                connection.close()
                raise CardDataError(self.where, "a SQLite database but not a legalcasts card index")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        self._has_skipped = "skipped" in tables
        self._connection = connection
        self._pid = os.getpid()
        self._cards: dict[str, Card] = {}
        self._by_name: dict[str, Card] = {}  # each name asked for, as asked: found once, then without a query

    @property
    def _db(self) -> sqlite3.Connection:
        """The connection, opened again in a process forked since it was opened."""
        if self.path is not None and self._pid != os.getpid():
            self._connection = self._connect()
            self._pid = os.getpid()
        return self._connection

    def meta(self, key: str) -> str | None:
        """A value of the index's ``meta`` table (``schema``, or what its builder stored).

        Parameters
        ----------
        key : str

        Returns
        -------
        str or None
        """
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    @property
    def skipped(self) -> tuple[SkippedRecord, ...]:  # type: ignore[override]
        """The named records of the source(s) that are not cards of the index, by name."""
        if not self._has_skipped:
            return ()
        rows = self._db.execute("SELECT place, reason, name FROM skipped ORDER BY folded")
        return tuple(SkippedRecord(place, reason, name) for place, reason, name in rows)

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM cards").fetchone()[0])

    def __iter__(self) -> Iterator[Card]:
        for (record,) in self._db.execute("SELECT record FROM cards ORDER BY name"):
            yield self._card(record)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (
            self._row(name.casefold()) is not None or self._whole_split(name.casefold()) is not None
        )

    def _whole_split(self, folded: str) -> Card | None:
        """The card of this whole name, or None when there is none.

        A split card ("Alive // Well", CR 709) built from its halves, or another multi-face card's front face.
        """
        rows = self._db.execute("SELECT record FROM cards WHERE folded_faces_of = ?", (folded,)).fetchall()
        if not rows:
            return None
        halves = [self._card(text) for (text,) in rows]
        # A half whose own record does not name the whole card (the pool's "Liberate" of "Bind // Liberate").
        named = {card.name.casefold() for card in halves}
        for part in folded.split(" // "):
            if part not in named and (text := self._row_by_name(part)) is not None:
                halves.append(self._card(text))
        found = whole_split_cards(halves)
        if found:
            return found[0]
        # another multi-face card named whole ("Delver of Secrets // Insectile Aberration"): its front face, whose
        # other faces the state builder attaches (models.cards.card_of_object)
        front = [card for card in halves if card.faces and card.name == card.faces[0] and not card.halves]
        return (
            front[0] if front and front[0].layout not in ("split", "aftermath") and not front[0].faces_lacking else None
        )

    def _row_by_name(self, folded: str) -> str | None:
        row = self._db.execute("SELECT record FROM cards WHERE folded = ?", (folded,)).fetchone()
        return None if row is None else row[0]

    def _card(self, text: str) -> Card:
        record = json.loads(text)
        card = self._cards.get(record["name"])
        if card is None:
            card = card_from_record(record, path=f"{self.where}: {record['name']!r}")
            if card.faces:  # the faces the index has no record of (Card.faces_lacking)
                present = {
                    str(n).casefold()
                    for (n,) in self._db.execute(
                        "SELECT name FROM cards WHERE folded_faces_of = ?", (record["faces_of"].casefold(),)
                    )
                }
                card = with_faces_lacking(
                    card,
                    [
                        face
                        for face in card.faces
                        if face.casefold() not in present and self._row(face.casefold()) is None
                    ],
                )
            self._cards[record["name"]] = card
        return card

    def _row(self, folded: str) -> str | None:
        row = self._db.execute("SELECT record FROM cards WHERE folded = ?", (folded,)).fetchone()
        if row is None:
            row = self._db.execute(
                "SELECT record FROM cards WHERE folded_fr = ? ORDER BY name LIMIT 1", (folded,)
            ).fetchone()
        return None if row is None else row[0]

    def names(self) -> Iterator[str]:
        """Every name that finds a card: face names, then French names.

        Yields
        ------
        str
        """
        for (name,) in self._db.execute("SELECT name FROM cards"):
            yield name
        for (record,) in self._db.execute("SELECT record FROM cards WHERE folded_fr IS NOT NULL"):
            yield json.loads(record)["name_fr"]

    def suggest(self, name: str) -> str | None:
        """The card name closest to a misspelt one, or None when none is close.

        Parameters
        ----------
        name : str

        Returns
        -------
        str or None
            A face or French name of the index (difflib ratio at least 0.75, case ignored).
        """
        close = _close_names(name, self.names(), 1)
        return close[0] if close else None

    def _refusal(self, name: str, path: str) -> CardDataError | None:
        """Why a name that finds no card can't be used: a skipped record, or a face the data lacks; or None."""
        folded = name.casefold()
        if self._has_skipped:
            row = self._db.execute("SELECT reason FROM skipped WHERE folded = ?", (folded,)).fetchone()
            if row is not None:  # named at the key path asked from; the record's place is in ``skipped``
                return CardDataError(path, f"{name!r} can't be used: {row[0]}")
        # A whole multi-face name: its faces present are the rows naming it.
        rows = self._db.execute("SELECT record FROM cards WHERE folded_faces_of = ?", (folded,)).fetchall()
        if not rows:  # a face name: the records of multi-face cards that name it (a scan, on this failing path only)
            rows = self._db.execute(
                "SELECT record FROM cards WHERE instr(folded_faces_of, ?) > 0", (folded,)
            ).fetchall()
        for (text,) in rows:
            whole = json.loads(text)["faces_of"]
            faces = whole.split(" // ")
            if folded not in (whole.casefold(), *(face.casefold() for face in faces)):
                continue
            present = {
                str(n).casefold()
                for (n,) in self._db.execute("SELECT name FROM cards WHERE folded_faces_of = ?", (whole.casefold(),))
            }
            missing = [face for face in faces if face.casefold() not in present and self._row(face.casefold()) is None]
            if missing:
                return missing_face_error(path, name, whole, missing)
        return None

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
        CardDataError
            The name is that of a record the index skipped (a plane, CR 311.2;
            a bad field): the message says why. Or it is a face of a
            multi-face card, or the whole card, whose face the card data lacks.
        """
        found = self._by_name.get(name)
        if found is not None:  # a name asked for before: its card, without a query
            return found
        record = self._row(name.casefold())
        if record is None:
            whole = self._whole_split(name.casefold())
            if whole is not None:
                return whole
            refusal = self._refusal(name, path)
            if refusal is not None:
                raise refusal
            raise UnknownCardError(path, f"unknown card {name!r}{_suggestion(name, self.names())}")
        card = self._by_name[name] = self._card(record)
        return card

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
        CardDataError
            A record the index skipped, or a face the card data lacks (as
            for :meth:`get`).
        """
        folded = name.casefold()
        record = self._row(folded)
        if record is not None:
            return [json.loads(record)]
        refusal = self._refusal(name, "NAME")
        if refusal is not None:
            raise refusal
        rows = self._db.execute("SELECT record FROM cards WHERE folded_faces_of = ?", (folded,)).fetchall()
        if rows:
            records = [json.loads(text) for (text,) in rows]
            order = [part.strip().casefold() for part in records[0]["faces_of"].split("//")]
            return sorted(
                records,
                key=lambda r: order.index(r["name"].casefold()) if r["name"].casefold() in order else len(order),
            )
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
        What was read: the records written and the records skipped. The
        skipped records that give a name are kept in the index with their
        reason (asking for one says why), unless a card of that name is there.

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
    new = not db_path.exists() or not db_path.stat().st_size
    # A new index is written beside its place and renamed into it once whole: an error leaves no file behind.
    target = db_path.with_name(f".{db_path.name}.{os.getpid()}.tmp") if new else db_path
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(target)
    except (OSError, sqlite3.Error) as exc:
        raise CardDataError(str(db_path), f"cannot open the card index ({exc})") from None
    done = False
    try:
        with connection:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "cards" not in tables:
                raise CardDataError(str(db_path), "a SQLite database but not a legalcasts card index")
            connection.executescript("BEGIN;" + INDEX_SCHEMA)
            connection.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (INDEX_SCHEMA_VERSION,))
            rows = []
            for record in contents.records:
                old = connection.execute("SELECT record FROM cards WHERE folded = ?", (record["name"].casefold(),))
                found = old.fetchone()
                rows.append(_row_of(record if found is None else merge_records(json.loads(found[0]), record)))
            _insert(connection, rows, contents.skipped)
        done = True
    except sqlite3.Error as exc:
        raise CardDataError(str(db_path), f"cannot write the card index ({exc})") from None
    finally:
        connection.close()
        if new and done:
            os.replace(target, db_path)
        elif new:
            target.unlink(missing_ok=True)
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


def _insert(
    connection: sqlite3.Connection,
    rows: list[tuple[str, str, str | None, str | None, str]],
    skipped: Iterable[SkippedRecord],
) -> None:
    """Write card rows and skipped records; a card's name is no longer skipped, a skipped name never hides a card."""
    connection.executemany(
        "INSERT OR REPLACE INTO cards (folded, name, folded_fr, folded_faces_of, record) VALUES (?, ?, ?, ?, ?)", rows
    )
    connection.executemany("DELETE FROM skipped WHERE folded = ?", [(row[0],) for row in rows])
    connection.executemany(
        "INSERT OR REPLACE INTO skipped (folded, name, place, reason) "
        "SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM cards WHERE folded = ?)",
        [(s.name.casefold(), s.name, s.where, s.reason, s.name.casefold()) for s in skipped if s.name],
    )


def _fill(
    connection: sqlite3.Connection,
    records: Iterable[Mapping[str, Any]],
    skipped: Iterable[SkippedRecord],
    meta: Mapping[str, str] | None = None,
) -> None:
    """Create the tables of an empty index and write records, skipped records and meta values, in one transaction."""
    with connection:
        connection.executescript("BEGIN;" + INDEX_SCHEMA)
        connection.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)", [("schema", INDEX_SCHEMA_VERSION), *(meta or {}).items()]
        )
        _insert(connection, [_row_of(record) for record in records], skipped)


def write_card_index(
    records: Iterable[Mapping[str, Any]],
    skipped: Iterable[SkippedRecord],
    path: str | Path,
    meta: Mapping[str, str] | None = None,
) -> Path:
    """Write a new card index, whole or not at all: built in a temporary file, then renamed.

    Parameters
    ----------
    records : iterable of mapping
        Scryfall-style records, one per face name, each one that
        :func:`models.cards.card_from_record` reads (a later record of the
        same name, case-insensitively, replaces an earlier one).
    skipped : iterable of SkippedRecord
        Records that are not cards; those with a name are kept with their
        reason.
    path : str or Path
        The index to write; its folder must exist. A file already there is
        replaced at once (``os.replace``): a reader that opened it keeps
        reading it, and a process opening ``path`` sees the old file or the
        new one, never half of one.
    meta : mapping of str to str or None
        Values to keep in the ``meta`` table (e.g. what the index was built from).

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    OSError, sqlite3.Error
        The folder is not writable, or the disk is full; nothing is left behind.
    """
    import tempfile

    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        connection = sqlite3.connect(temporary)
        try:
            _fill(connection, records, skipped, meta)
        finally:
            connection.close()
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return path
