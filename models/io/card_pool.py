"""The embedded card pool: every card of the 2026 Oracle data, as a card index built on first use.

The package ships two card files in ``models/data``:

- ``oracle-2026.jsonl.gz``: the whole card pool in current Oracle wording
  ("any target", "When this creature enters"), one Scryfall-style record per
  card face (:data:`POOL_FILE`);
- ``cards.jsonl``: 3,159 cards of 13 older sets, some in historical wording,
  with French names and rulings (:data:`OLDER_FILE`).

They are merged with the current wording first (:func:`merge_pool_records`):
where both files have a face, the pool's record stands, and the older file
only fills in the fields of :data:`FILLED_FIELDS` (French name, rulings) that
the pool lacks; a face only the older file has is added whole. Records that
can't be cards (a plane, CR 311.2; a joke type) are kept aside with their
reason.

Parsing 35,000 records takes a second or two, too long for every command, so
the merged pool is written once into a SQLite card index
(:class:`models.io.card_index.CardIndex`, read card by card when asked for)
in the user's cache folder (:func:`cache_dir`), named after a hash of what
it is built from (:func:`pool_key`): a change of the data files, of the
index schema or of the code that reads a record makes a new one. The file
is written in a temporary file and renamed, so two processes starting at
once never read half an index; when the cache folder can't be written, the
index is built in memory for the process.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from models.cards import CardDatabase, SkippedRecord, card_from_record
from models.errors import CardDataError
from models.io.card_index import INDEX_SCHEMA, CardIndex, write_card_index

__all__ = [
    "FILLED_FIELDS",
    "OLDER_FILE",
    "POOL_FILE",
    "build_pool_index",
    "cache_dir",
    "checked_records",
    "default_card_database",
    "merge_pool_records",
    "pool_index",
    "pool_key",
    "pool_records",
]

POOL_FILE = "oracle-2026.jsonl.gz"
"""The pool, current Oracle wording, in ``models/data`` (gzip-compressed JSON lines)."""

OLDER_FILE = "cards.jsonl"
"""The 13 older sets, with French names and rulings, in ``models/data`` (JSON lines)."""

FILLED_FIELDS = ("name_fr", "rulings")
"""The fields the older file fills in on a pool record that lacks them (empty or missing)."""

_BUILD = "1"  # the way records are merged and written; a change makes a new cache file
# Modules whose code decides what a record becomes (which records are cards, which are skipped and why).
_READER_MODULES = ("cards.py", "mana.py")

Placed = tuple[str, dict[str, Any]]
"""A record with its place in its file (``oracle-2026.jsonl.gz:12``)."""


def cache_dir() -> Path:
    """The folder of the pool index: ``$XDG_CACHE_HOME/legalcasts``, else ``~/.cache/legalcasts``.

    Returns
    -------
    Path
        A relative ``XDG_CACHE_HOME`` is ignored, as the XDG Base Directory
        specification asks.
    """
    cache_home = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(cache_home) if cache_home and os.path.isabs(cache_home) else Path.home() / ".cache"
    return base / "legalcasts"


def _data_bytes(name: str) -> bytes:
    try:
        return resources.files("models.data").joinpath(name).read_bytes()
    except OSError as exc:
        reason = exc.strerror or exc
        raise CardDataError(f"models/data/{name}", f"the embedded card data is missing ({reason})") from None


def pool_key() -> str:
    """The hash of what the pool index is built from: data files, index schema, record-reading code.

    Returns
    -------
    str
        64 hexadecimal digits (SHA-256).

    Raises
    ------
    CardDataError
        A shipped data file can't be read.
    """
    digest = hashlib.sha256()
    parts = [_BUILD.encode(), INDEX_SCHEMA.encode(), _data_bytes(POOL_FILE), _data_bytes(OLDER_FILE)]
    for module in _READER_MODULES:
        try:
            parts.append(resources.files("models").joinpath(module).read_bytes())
        except OSError:  # no source shipped (a frozen install): the data and schema still key the file
            parts.append(module.encode())
    for part in parts:
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def _lines(name: str, text: str) -> Iterator[Placed | SkippedRecord]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{name}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield SkippedRecord(where, f"not JSON ({exc.msg})")
            continue
        if not isinstance(record, dict) or not isinstance(record.get("name"), str) or not record["name"]:
            yield SkippedRecord(where, "not a card record with a name")
            continue
        yield where, record


def merge_pool_records(current: Iterable[Placed], older: Iterable[Placed]) -> list[Placed]:
    """The pool's records merged with an older file's: current wording first, the older file fills gaps.

    Parameters
    ----------
    current : iterable of (str, dict)
        The pool's records, current Oracle wording, with their places.
    older : iterable of (str, dict)
        The older file's records (French names, rulings, faces the pool
        lacks), with their places.

    Returns
    -------
    list of (str, dict)
        Every record of ``current`` in order: its name, cost, types, text and
        every other field as the pool has them, with each field of
        :data:`FILLED_FIELDS` that it lacks (missing, null or empty) taken
        from the older record of the same face name (case-insensitively).
        Then each record of ``older`` whose name ``current`` lacks, whole.
        A name met twice in one file keeps its last record.

    Examples
    --------
    >>> merged = merge_pool_records(
    ...     [("pool:1", {"name": "Lightning Bolt", "oracle_text": "... to any target.", "name_fr": None})],
    ...     [("old:1", {"name": "Lightning Bolt", "oracle_text": "... to target creature or player.",
    ...                 "name_fr": "Foudre"}),
    ...      ("old:2", {"name": "Ice", "oracle_text": "Tap target permanent.", "faces_of": "Fire // Ice"})])
    >>> [(where, r["name"], r["oracle_text"], r.get("name_fr")) for where, r in merged]
    [('pool:1', 'Lightning Bolt', '... to any target.', 'Foudre'), ('old:2', 'Ice', 'Tap target permanent.', None)]
    """
    merged: dict[str, Placed] = {}
    for where, record in current:
        merged[record["name"].casefold()] = (where, dict(record))
    extra: dict[str, Placed] = {}
    for where, record in older:
        folded = record["name"].casefold()
        if folded not in merged:
            extra[folded] = (where, dict(record))
            continue
        kept = merged[folded][1]
        for field in FILLED_FIELDS:
            if not kept.get(field) and record.get(field):
                kept[field] = record[field]
    return [*merged.values(), *extra.values()]


def pool_records() -> tuple[list[Placed], list[SkippedRecord]]:
    """The shipped files read and merged (:func:`merge_pool_records`), every record not yet checked.

    Returns
    -------
    (list of (str, dict), list of SkippedRecord)
        The merged records with their places, and the lines that are not
        JSON records with a name.

    Raises
    ------
    CardDataError
        A shipped data file is missing or can't be decompressed.
    """
    try:
        pool_text = gzip.decompress(_data_bytes(POOL_FILE)).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise CardDataError(f"models/data/{POOL_FILE}", f"can't read the embedded card pool ({exc})") from None
    older_text = _data_bytes(OLDER_FILE).decode("utf-8")
    bad: list[SkippedRecord] = []

    def placed(name: str, text: str) -> list[Placed]:
        found: list[Placed] = []
        for item in _lines(name, text):
            if isinstance(item, SkippedRecord):
                bad.append(item)
            else:
                found.append(item)
        return found

    return merge_pool_records(placed(POOL_FILE, pool_text), placed(OLDER_FILE, older_text)), bad


def checked_records(placed: Iterable[Placed]) -> tuple[list[dict[str, Any]], list[SkippedRecord]]:
    """Records split into those that are cards and those that can't be (with the reason).

    Parameters
    ----------
    placed : iterable of (str, dict)
        Records with their places.

    Returns
    -------
    (list of dict, list of SkippedRecord)
        The records that :func:`models.cards.card_from_record` reads, and one
        :class:`models.cards.SkippedRecord` (place, reason, name) for each it
        refuses: a card type that is never cast (a plane, CR 311.2), a type
        or mana symbol that is not one of the rules (a joke card), a bad field.
    """
    cards: list[dict[str, Any]] = []
    skipped: list[SkippedRecord] = []
    for where, record in placed:
        try:
            card_from_record(record, path=where)
        except CardDataError as error:
            skipped.append(SkippedRecord(error.path, error.message, record["name"]))
        else:
            cards.append(record)
    return cards, skipped


def build_pool_index(path: str | Path | None, key: str | None = None) -> CardIndex:
    """Build the pool index from the shipped files, into ``path`` (atomically) or into memory.

    Parameters
    ----------
    path : str, Path or None
        The index file to write, whose folder is created if need be; None
        builds it in memory.
    key : str or None
        The :func:`pool_key` to store in the index (computed when None).

    Returns
    -------
    CardIndex
        The file's index; or an index in memory when ``path`` is None or the
        file can't be written (a read-only cache folder, a full disk).

    Raises
    ------
    CardDataError
        A shipped data file is missing or can't be decompressed.
    """
    key = pool_key() if key is None else key
    placed, bad = pool_records()
    records, skipped = checked_records(placed)
    skipped = bad + skipped
    meta = {"pool": key, "pool_records": str(len(placed)), "pool_skipped": str(len(skipped))}
    if path is not None:
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            write_card_index(records, skipped, path, meta)
            return CardIndex(path)
        except (OSError, sqlite3.Error, CardDataError):
            pass  # no cache for this process: build it in memory below
    return CardIndex.in_memory(records, skipped, where="the embedded card pool")


def pool_index(folder: str | Path | None = None) -> CardIndex:
    """The embedded pool as a card index: the cached file when it is current, else built now.

    Parameters
    ----------
    folder : str, Path or None
        Where the index file is kept; :func:`cache_dir` when None.

    Returns
    -------
    CardIndex
        ``FOLDER/pool-<first 16 digits of pool_key()>.sqlite``, reused when it
        holds that key, else (re)built (:func:`build_pool_index`).

    Raises
    ------
    CardDataError
        A shipped data file is missing or can't be decompressed.
    """
    key = pool_key()
    path = Path(cache_dir() if folder is None else folder) / f"pool-{key[:16]}.sqlite"
    if path.is_file():
        try:
            index = CardIndex(path)
        except CardDataError:
            pass  # not an index (a file cut short by a crash of another tool): build it again
        else:
            try:
                if index.meta("pool") == key:
                    return index
            except sqlite3.Error:
                pass  # a damaged file: build it again
            index.close()
    return build_pool_index(path, key)


@functools.cache
def default_card_database() -> CardDatabase:
    """The card database embedded in the package: the whole 2026 card pool, current Oracle wording.

    Returns
    -------
    CardDatabase
        A :class:`models.io.card_index.CardIndex` read card by card, opened
        once per process, from the index that :func:`models.io.card_pool.pool_index`
        keeps in the user's cache folder (built there on first use, in a
        second or two, or in memory when the folder can't be written).
        Records that can't be cards are in its ``skipped``, with the reason.

    Raises
    ------
    CardDataError
        The embedded data files are missing or damaged.
    """
    from models.io.card_pool import pool_index

    return pool_index()
