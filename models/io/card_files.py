"""Card files people already have: MTGJSON and Scryfall, read as a stream.

Every layout is mapped to the Scryfall-style record that
:func:`models.cards.card_from_record` reads (the fields of the bundled
``models/data/cards.jsonl``), one record per face name. The layouts:

- ``mtgjson-atomic``: MTGJSON v5 ``AtomicCards.json``, ``{"meta", "data"}``
  where ``data`` maps a card name to a list of face objects.
- ``mtgjson-all-printings``: MTGJSON v5 ``AllPrintings.json``, ``data`` maps
  a set code to a set object with ``cards``.
- ``mtgjson-set``: an MTGJSON v5 set file (``data`` is one set object).
- ``mtgjson-db-set``: the older set files of the ``mtgjson/db`` repository: a
  set object at the top level, colours as words, ``names`` for multi-face
  cards, ``foreignNames`` (whose ``name`` and ``language`` are sometimes
  swapped).
- ``scryfall``: Scryfall bulk files (``oracle-cards``, ``default-cards``,
  ``all-cards``): a JSON array of card objects; ``card_faces`` for multi-face
  cards; printings in other languages carry ``lang`` and ``printed_name``.
- ``jsonl``: Scryfall-style JSON lines, the format of the bundled file.

Files are read with ijson, never whole; gzip, bzip2 and xz files are read
compressed. Records that can't be mapped (a cost that is not mana symbols, a
type that is not a card type, a token) are skipped and reported, each with
its place in the file.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import html
import json
import lzma
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

import ijson

from models.cards import SUPERTYPES, SkippedRecord, card_from_record
from models.errors import CardDataError, ManaCostError
from models.mana import ManaCost

__all__ = ["FORMATS", "CardFileContents", "SkippedRecord", "detect_card_file_format", "merge_records", "read_card_file"]

#: The layouts :func:`read_card_file` reads, with a description for messages.
FORMATS = {
    "mtgjson-atomic": "MTGJSON v5 AtomicCards",
    "mtgjson-all-printings": "MTGJSON v5 AllPrintings",
    "mtgjson-set": "MTGJSON v5 set file",
    "mtgjson-db-set": "MTGJSON set file, older layout (mtgjson/db)",
    "mtgjson-bare-set": "MTGJSON v5 set object (no data wrapper)",
    "mtgjson-bare-atomic": "MTGJSON v5 AtomicCards entries (no data wrapper)",
    "mtgjson-cards": "array of MTGJSON v5 card objects",
    "scryfall": "Scryfall card array",
    "scryfall-list": "Scryfall API list object (a search page)",
    "scryfall-card": "Scryfall card object",
    "jsonl": "Scryfall-style JSON lines",
}

_COLOR_WORDS = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
_WUBRG = "WUBRG"
_LANGUAGES = frozenset(
    {
        "English",
        "French",
        "German",
        "Italian",
        "Spanish",
        "Portuguese",
        "Portuguese (Brazil)",
        "Japanese",
        "Korean",
        "Russian",
        "Chinese Simplified",
        "Chinese Traditional",
        "Phyrexian",
        "Ancient Greek",
        "Arabic",
        "Hebrew",
        "Latin",
        "Sanskrit",
    }
)
# Older spellings of mana symbols, and their current form.
_SYMBOL_SPELLINGS = {"{Variable Colorless}": "{X}", "{White or Black}": "{W/B}"}
_OLD_LAYOUTS = {"double-faced": "transform"}
# Scryfall layouts of objects that are not cards one casts or plays.
_NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series", "vanguard", "planar", "scheme"})
# Keys that tell a card object from the other objects of a card file.
_CARD_KEYS = frozenset({"type", "type_line", "manaCost", "mana_cost", "text", "oracle_text"})
_KIND_KEYS = frozenset({"types", "type_line", "layout", "card_faces"})
# Keys of a Scryfall card object, and keys only MTGJSON v5 (and v4) card objects have.
_SCRYFALL_KEYS = frozenset({"object", "type_line", "oracle_text", "mana_cost", "card_faces", "oracle_id"})
_MTGJSON_V5_KEYS = frozenset(
    {
        "availability",
        "convertedManaCost",
        "manaValue",
        "identifiers",
        "uuid",
        "faceName",
        "setCode",
        "colorIndicator",
        "edhrecRank",
        "finishes",
        "isFunny",
    }
)
_PEEK_EVENTS = 2_000_000
_SPLICE_DASH = re.compile(r"(?m)^(Splice onto [A-Z][a-z]+)-(?=[A-Z])")


@dataclass(frozen=True, slots=True)
class CardFileContents:
    """The cards of one card file, mapped to Scryfall-style records.

    Parameters
    ----------
    path : str
        The file read.
    format : str
        Its layout, a key of :data:`FORMATS`.
    records : tuple of dict
        One record per face name, in the order first met. A name met again
        (another printing) keeps the last record's fields, the union of the
        ``sets`` and ``rulings``, and the first French name found.
    skipped : tuple of SkippedRecord
        The records that could not be mapped, in file order.
    """

    path: str
    format: str
    records: tuple[dict[str, Any], ...]
    skipped: tuple[SkippedRecord, ...]


class _Skip(Exception):
    """A record that can't be mapped; the message says why."""


class _ByteStream(Protocol):
    """A binary stream read forward: a card file, decompressed when needed."""

    def read(self, size: int = -1, /) -> bytes: ...

    def readline(self, size: int = -1, /) -> bytes: ...

    def __iter__(self) -> Iterator[bytes]: ...


class _CountingReader:
    """A binary file that reports how many bytes have been read from it."""

    def __init__(self, raw: IO[bytes], on_progress: Callable[[int], None] | None) -> None:
        self._raw = raw
        self._on_progress = on_progress

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size)
        if self._on_progress is not None:
            self._on_progress(self._raw.tell())
        return data

    def readline(self, size: int = -1) -> bytes:
        data = self._raw.readline(size)
        if self._on_progress is not None:
            self._on_progress(self._raw.tell())
        return data

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def seekable(self) -> bool:
        return self._raw.seekable()

    def seek(self, offset: int, whence: int = 0) -> int:
        return self._raw.seek(offset, whence)


def _open(path: Path, on_progress: Callable[[int], None] | None = None) -> tuple[_ByteStream, IO[bytes]]:
    """Open a card file, decompressing it when needed.

    Returns the stream to parse and the raw file (to close it, and whose
    position is the number of bytes read for the progress report).
    """
    try:
        raw = path.open("rb")
    except OSError as exc:
        raise CardDataError(str(path), f"cannot read card file ({exc.strerror})") from exc
    magic = raw.read(6)
    raw.seek(0)
    counting = _CountingReader(raw, on_progress)
    if magic[:2] == b"\x1f\x8b":
        return gzip.GzipFile(fileobj=counting), raw
    if magic[:3] == b"BZh":
        return bz2.BZ2File(counting), raw
    if magic == b"\xfd7zXZ\x00":
        # typeshed asks LZMAFile for an IO[bytes], though like GzipFile and BZ2File it only reads and seeks it.
        return lzma.LZMAFile(counting), raw  # type: ignore[arg-type]
    return counting, raw


def detect_card_file_format(path: str | Path) -> str:
    """The layout of a card file, read from where its first card object sits.

    Parameters
    ----------
    path : str or Path

    Returns
    -------
    str
        A key of :data:`FORMATS`.

    Raises
    ------
    CardDataError
        The file can't be read, is not JSON, or no layout matches; the message
        names the file.
    """
    path = Path(path)
    with _reading(path):
        stream, raw = _open(path)
        try:
            first_line = stream.readline(1 << 20)
        finally:
            raw.close()
        if first_line.endswith(b"\n") and first_line.lstrip().startswith(b"{"):
            try:
                record = json.loads(first_line)
            except ValueError:
                record = None
            if isinstance(record, dict) and "name" in record and ("type_line" in record or "card_faces" in record):
                return "jsonl"
        stream, raw = _open(path)
        try:
            layout = _layout_of_stream(stream)
        finally:
            raw.close()
    if not layout:
        with _reading(path):
            stream, raw = _open(path)
            try:
                looks = _looks_like(stream)
            finally:
                raw.close()
        raise CardDataError(str(path), f"not a known card file layout: it looks like {looks} (accepted: {_ACCEPTED})")
    return layout


_ACCEPTED = (
    "MTGJSON AtomicCards, AllPrintings, a set file or an array of its card objects, the older MTGJSON "
    "set layout, a Scryfall bulk file, card or search page, or Scryfall-style JSON lines"
)


def _looks_like(stream: _ByteStream) -> str:
    """What a JSON file with no card object at a known place looks like, for the one-line refusal."""
    top = ""
    maps: list[set[str]] = []  # the keys of the maps met (closed), in order
    stack: list[set[str] | None] = []
    for count, (_, event, value) in enumerate(ijson.parse(stream)):
        if count > _PEEK_EVENTS or len(maps) > 200:
            break
        if not top:
            top = {"start_map": "an object", "start_array": "an array"}.get(event, "a single value")
        _note_event(event, value, stack, maps)
    return _kind_of_maps(maps, top)


def _note_event(event: str, value: Any, stack: list[set[str] | None], maps: list[set[str]]) -> None:
    """Follow one parse event: the keys of the map open, and each map's keys once it is closed."""
    if event == "start_map":
        stack.append(set())
    elif event == "start_array":
        stack.append(None)
    elif event == "map_key" and stack and stack[-1] is not None:
        stack[-1].add(value)
    elif event in ("end_map", "end_array"):
        keys = stack.pop()
        if keys is not None:
            maps.append(keys)


def _kind_of_maps(maps: list[set[str]], top: str) -> str:
    """What a file whose maps have these keys is: a deck list, a set list, slim printings, or other JSON."""
    if any({"count"} <= keys and keys & {"entry", "name", "card"} for keys in maps):
        return "a deck list (card names and counts, no card text)"
    if any({"code", "releaseDate"} <= keys and "cards" not in keys for keys in maps) and not any(
        "cards" in keys for keys in maps
    ):
        return "an MTGJSON SetList (sets, without their cards)"
    if any("name" in keys and keys & {"uuid", "identifiers"} for keys in maps):
        return "MTGJSON card printings without rules text (no 'type', 'types' or 'text': a slim file)"
    return f"JSON ({top or 'nothing'}) with no card object (an object with a name, a type and a layout)"


@contextlib.contextmanager
def _reading(path: Path) -> Iterator[None]:
    """Turn the errors of reading and parsing a card file into one CardDataError naming it."""
    try:
        yield
    except ijson.JSONError as exc:
        raise CardDataError(str(path), f"not valid JSON ({_first_line(exc)})") from None
    except (OSError, EOFError, lzma.LZMAError) as exc:
        raise CardDataError(str(path), f"cannot read card file ({_first_line(exc)})") from None


def _layout_of_stream(stream: _ByteStream) -> str:
    """The layout given by the first card object of the stream at a known place, or ``""``."""
    # One frame per open map or array: its path, whether it is an array, and the keys met so far
    # (None once the map was found to be a card at no known place).
    frames: list[tuple[tuple[str, ...], bool, set[str] | None]] = []
    key = ""
    for count, (_, event, value) in enumerate(ijson.parse(stream)):
        if count > _PEEK_EVENTS:
            return ""
        if event == "map_key":
            key = value
            path, _, seen = frames[-1]
            if seen is not None:
                seen.add(value)
                if "name" in seen and seen & _CARD_KEYS and seen & _KIND_KEYS:
                    layout = _format_of_card_path(path, seen)
                    if layout:
                        return layout
                    frames[-1] = (path, False, None)  # a card somewhere else (a deck list): look further
        elif event in ("start_map", "start_array"):
            if not frames:
                here: tuple[str, ...] = ()
            else:
                parent, parent_is_array, _ = frames[-1]
                here = (*parent, "item" if parent_is_array else key)
            is_array = event == "start_array"
            frames.append((here, is_array, None if is_array else set()))
        elif event in ("end_map", "end_array"):
            frames.pop()
    return ""


def _format_of_card_path(card_path: tuple[str, ...], keys: set[str]) -> str:
    """The layout of a file whose first card object sits at ``card_path``, its keys so far ``keys``.

    Scryfall card objects start with ``object``; MTGJSON's keys are in alphabetical order, so a v5 card has
    shown one of its v5 keys (``availability``, ``convertedManaCost``, ``identifiers``...) before ``name``,
    which the older layout (``cmc``, ``imageName``) does not have.
    """
    scryfall = bool(keys & _SCRYFALL_KEYS)
    if card_path == ("item",):
        return "scryfall" if scryfall else "mtgjson-cards"
    if card_path == ():
        return "scryfall-card" if scryfall else ""
    if card_path == ("data", "item") and scryfall:
        return "scryfall-list"
    if len(card_path) == 3 and card_path[0] == "data" and card_path[2] == "item":
        return "mtgjson-set" if card_path[1] == "cards" else "mtgjson-atomic"
    if len(card_path) == 4 and card_path[0] == "data" and card_path[2:] == ("cards", "item"):
        return "mtgjson-all-printings"
    if card_path == ("cards", "item"):
        return "mtgjson-bare-set" if keys & _MTGJSON_V5_KEYS else "mtgjson-db-set"
    if len(card_path) == 2 and card_path[1] == "item" and not scryfall and keys & _MTGJSON_V5_KEYS:
        return "mtgjson-bare-atomic"
    return ""


def read_card_file(path: str | Path, on_progress: Callable[[int], None] | None = None) -> CardFileContents:
    """Read every card of an MTGJSON, Scryfall or JSON-lines card file.

    Parameters
    ----------
    path : str or Path
        The file; its layout is detected (:func:`detect_card_file_format`).
    on_progress : callable or None
        Called with the number of bytes read so far (of the file as stored,
        compressed or not), as the reading goes.

    Returns
    -------
    CardFileContents
        One Scryfall-style record per face name; each was checked with
        :func:`models.cards.card_from_record`.

    Raises
    ------
    CardDataError
        The file can't be read, is not JSON (or breaks off), or is not a
        known layout. The message names the file.
    """
    path = Path(path)
    layout = detect_card_file_format(path)
    merged: dict[str, dict[str, Any]] = {}
    places: dict[str, tuple[int, str]] = {}  # name -> (number of the record, where) of its last printing
    skipped: list[tuple[int, SkippedRecord]] = []
    with _reading(path):
        stream, raw = _open(path, on_progress)
        try:
            for number, (where, faces) in enumerate(_FACE_READERS[layout](stream, str(path))):
                try:
                    records = list(faces())
                except _Skip as exc:
                    skipped.append((number, SkippedRecord(where, str(exc))))
                    continue
                except (KeyError, TypeError, AttributeError, ValueError) as exc:
                    reason = f"not a card record ({type(exc).__name__}: {exc})"
                    skipped.append((number, SkippedRecord(where, reason)))
                    continue
                for record in records:
                    try:  # each printing checked alone: a bad copy is skipped, never spoiling a good one
                        card_from_record(record, path=f"{where} ({record['name']})")
                    except CardDataError as exc:
                        skipped.append((number, SkippedRecord(exc.path, exc.message, record["name"])))
                        continue
                    _merge(merged, record)
                    places[record["name"]] = (number, where)
        finally:
            raw.close()
    _drop_shared_french_names(merged)
    for name, record in list(merged.items()):  # each name checked once, not once per printing
        number, where = places[name]
        try:
            card_from_record(record, path=f"{where} ({name})")
        except CardDataError as exc:
            skipped.append((number, SkippedRecord(exc.path, exc.message, name)))
            del merged[name]
    skipped.sort(key=lambda item: item[0])
    return CardFileContents(str(path), layout, tuple(merged.values()), tuple(s for _, s in skipped))


def _drop_shared_french_names(merged: dict[str, dict[str, Any]]) -> None:
    """Drop the French name a later face of a multi-face card shares with its first face.

    The older MTGJSON files give both faces of a flip card the French name of the card, which is its first
    face's (Callow Jushi and Jaraku the Interloper both "Jushi novice"): that is not the flipped face's name.
    """
    for record in merged.values():
        whole = record.get("faces_of")
        if not whole or not record.get("name_fr"):
            continue
        first = merged.get(whole.split(" // ")[0])
        if first is not None and first is not record and first.get("name_fr") == record["name_fr"]:
            record["name_fr"] = None


def _first_line(error: Exception) -> str:
    """The first line of a parser's message (yajl draws a pointer on the lines after it)."""
    text = str(error)
    if error.args and isinstance(error.args[0], bytes):  # yajl's message comes as bytes: no b'...' repr shown
        text = error.args[0].decode("utf-8", "replace")
    lines = text.strip().splitlines()
    return lines[0].strip() if lines else type(error).__name__


def _merge(merged: dict[str, dict[str, Any]], record: dict[str, Any]) -> None:
    """Add one face record to ``merged`` (by name), merged with the record of that name already there."""
    old = merged.get(record["name"])
    merged[record["name"]] = record if old is None else merge_records(old, record)


def merge_records(old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """Two records of one face name (two printings, or an index entry and a new file) as one.

    Parameters
    ----------
    old, new : mapping
        Scryfall-style records of the same face name.

    Returns
    -------
    dict
        ``new``'s fields, with the union of both ``sets`` and ``rulings``
        (``old``'s first) and ``old``'s French name when ``new`` has none.

    Examples
    --------
    >>> merge_records({"name": "Plains", "name_fr": "Plaine", "sets": ["OTJ"]},
    ...               {"name": "Plains", "name_fr": None, "sets": ["LEA"]})
    {'name': 'Plains', 'name_fr': 'Plaine', 'sets': ['OTJ', 'LEA'], 'rulings': []}
    """
    record = dict(new)
    record["name_fr"] = new.get("name_fr") or old.get("name_fr")
    record["sets"] = list(dict.fromkeys([*(old.get("sets") or []), *(new.get("sets") or [])]))
    rulings = {(r.get("date"), r.get("text")): r for r in [*(old.get("rulings") or []), *(new.get("rulings") or [])]}
    record["rulings"] = list(rulings.values())
    return record


# Readers: each yields (where, faces) for every record of the file, where ``faces`` maps the record
# to its face records when called (raising _Skip when it can't).

_Read = Iterator[tuple[str, Callable[[], Iterator[dict[str, Any]]]]]
"""What a reader yields: each record's place in the file, and a function making its faces."""
_FaceReader = Callable[[_ByteStream, str], _Read]


def _read_jsonl(stream: _ByteStream, source: str) -> _Read:
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except UnicodeDecodeError as exc:
            yield f"{source}:{number}", _bound(_raise_skip, f"not UTF-8 text (byte {exc.object[exc.start]:#04x})")
        except ValueError as exc:
            yield f"{source}:{number}", _bound(_raise_skip, f"not JSON ({_first_line(exc)})")
        except RecursionError:
            yield f"{source}:{number}", _bound(_raise_skip, "not a card record (JSON nested too deeply)")
        else:
            yield f"{source}:{number}", _bound(_jsonl_faces, record)


def _read_scryfall(stream: _ByteStream, source: str) -> _Read:
    for index, card in enumerate(ijson.items(stream, "item", use_float=True)):
        yield f"{source}: [{index}]", _bound(_scryfall_faces, card)


def _read_scryfall_at(prefix: str, where: str) -> _FaceReader:
    """A reader of the Scryfall card objects at an ijson ``prefix``: a list object's ``data``, or the file."""

    def read(stream: _ByteStream, source: str) -> _Read:
        for index, card in enumerate(ijson.items(stream, prefix, use_float=True)):
            yield (f"{source}: {where}[{index}]" if where else f"{source}"), _bound(_scryfall_faces, card)

    return read


def _read_mtgjson_cards(stream: _ByteStream, source: str) -> _Read:
    for index, card in enumerate(ijson.items(stream, "item", use_float=True)):
        code = card.get("setCode") if isinstance(card, Mapping) else None
        yield f"{source}: [{index}]", _bound(_mtgjson_faces, card, code)


def _read_bare_atomic(stream: _ByteStream, source: str) -> _Read:
    for name, faces in ijson.kvitems(stream, "", use_float=True):
        if not isinstance(faces, list):
            yield f"{source}: [{name!r}]", _bound(_raise_skip, "expected a list of faces")
            continue
        for index, face in enumerate(faces):
            yield f"{source}: [{name!r}][{index}]", _bound(_mtgjson_faces, face, None)


def _read_atomic(stream: _ByteStream, source: str) -> _Read:
    for name, faces in ijson.kvitems(stream, "data", use_float=True):
        if not isinstance(faces, list):
            yield f"{source}: data[{name!r}]", _bound(_raise_skip, "expected a list of faces")
            continue
        for index, face in enumerate(faces):
            yield f"{source}: data[{name!r}][{index}]", _bound(_mtgjson_faces, face, None)


def _read_set(prefix: str, old: bool) -> _FaceReader:
    """A reader of the set object(s) under ``prefix``: ``""`` (the file is one set) or ``"data"``.

    One set object is built at a time (MTGJSON puts the set code after the
    cards), then its cards are mapped; the rest of the file is not held.
    """

    def read(stream: _ByteStream, source: str) -> _Read:
        faces = _old_faces if old else _mtgjson_faces
        for code, cards, where in _sets(stream, prefix):
            if not isinstance(cards, list):
                yield where, _bound(_raise_skip, "expected a list of cards")
                continue
            for index, card in enumerate(cards):
                yield f"{source}: {where}[{index}]", _bound(faces, card, code)

    return read


def _sets(stream: _ByteStream, prefix: str) -> Iterator[tuple[str | None, Any, str]]:
    """(set code, cards, key path of the cards) of each set object of the file."""
    if prefix == "data":
        yield from _take_set_file(ijson.kvitems(stream, "data", use_float=True))
    else:
        yield from _take_set_file(ijson.kvitems(stream, "", use_float=True), where="cards")


def _take_set_file(
    items: Iterator[tuple[str, Any]], where: str = "data.cards"
) -> Iterator[tuple[str | None, Any, str]]:
    """From the key-value pairs of one set object (or of AllPrintings' ``data``): the sets."""
    code: str | None = None
    cards: Any = None
    for key, value in items:
        if isinstance(value, dict) and "cards" in value:  # AllPrintings: a set object per set code
            yield value.get("code") or key, value["cards"], f"data.{key}.cards"
        elif key == "code" and isinstance(value, str):
            code = value
        elif key == "cards":
            cards = value
    if cards is not None:
        yield code, cards, where


def _bound(function: Callable[..., Iterator[dict[str, Any]]], *args: Any) -> Callable[[], Iterator[dict[str, Any]]]:
    return lambda: function(*args)


def _raise_skip(reason: str) -> Iterator[dict[str, Any]]:
    raise _Skip(reason)


def _jsonl_faces(record: Any) -> Iterator[dict[str, Any]]:
    if not isinstance(record, dict) or not isinstance(record.get("name"), str):
        raise _Skip("expected a card object with a name")
    record = dict(record)
    if isinstance(record.get("oracle_text"), str):
        record["oracle_text"] = _loyalty_lines(record["oracle_text"])
    yield record


def _fold_int(value: Any) -> Any:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _mana_value(cost: str) -> int | None:
    try:
        return ManaCost.parse(cost).mana_value if cost else 0
    except ManaCostError:
        return None


def _type_parts(type_line: str) -> tuple[list[str], list[str], list[str]]:
    left, _, right = type_line.partition("—")
    supertypes = [w for w in left.split() if w in SUPERTYPES]
    types = [w for w in left.split() if w not in SUPERTYPES]
    return supertypes, types, right.split()


def _ordered_colors(letters: Any) -> list[str] | None:
    if letters is None:
        return None
    return sorted(letters, key=lambda c: _WUBRG.index(c) if c in _WUBRG else len(_WUBRG))


def _face_name(full: str | None, index: int) -> str | None:
    """The face's part of a foreign name (``"Vivant // En pleine forme"``, face 0: ``"Vivant"``)."""
    if not full:
        return None
    parts = [part.strip() for part in full.split("//")]
    return parts[index] if len(parts) > 1 and index < len(parts) else full


def _french_name(
    entries: Any, face_index: int, english: str, multi_face: bool, faces: Sequence[str] = ()
) -> str | None:
    """The French name among MTGJSON ``foreignData`` / ``foreignNames`` entries.

    A French name that is the English name of a face of a multi-face card (this face's, or another of
    ``faces``) is taken for a slip of the data and dropped (the older files give some flip and split cards
    their English name as French name, and the flipped face of a flip card the English name of its other
    face); on a one-face card it is a real French name ("Zap").
    """
    for entry in entries or ():
        if not isinstance(entry, dict):
            continue
        language, name = entry.get("language"), entry.get("name")
        if name in _LANGUAGES and language not in _LANGUAGES:  # the older files swap the two fields
            language, name = name, language
        if language == "French":
            french = entry.get("faceName") or _face_name(name, face_index)
            return None if multi_face and (french == english or french in faces) else french
    return None


def _type_line_of(card: Mapping[str, Any]) -> str:
    """A type line from MTGJSON's ``supertypes``, ``types`` and ``subtypes``, for a card object without ``type``."""
    parts = [*(card.get("supertypes") or []), *(card.get("types") or [])]
    if not all(isinstance(part, str) for part in parts) or not parts:
        return ""
    line = " ".join(parts)
    subtypes = [part for part in card.get("subtypes") or [] if isinstance(part, str)]
    return f"{line} — {' '.join(subtypes)}" if subtypes else line


def _mtgjson_faces(card: Mapping[str, Any], set_code: str | None) -> Iterator[dict[str, Any]]:
    """The record of one MTGJSON v5 card (face) object."""
    if not isinstance(card, Mapping) or not isinstance(card.get("name"), str):
        raise _Skip("expected a card object with a name")
    full = card["name"]
    name = card.get("faceName") or full
    is_face = " // " in full
    mana_cost = card.get("manaCost") or ""
    cmc = _mtgjson_mana_value(card)
    side = card.get("side") or "a"
    face_index = ord(side) - ord("a") if len(side) == 1 else 0
    code = card.get("setCode") or set_code
    record: dict[str, Any] = {
        "name": name,
        "mana_cost": mana_cost,
        "cmc": _fold_int(cmc if cmc is not None else _mana_value(mana_cost)),
        "colors": _ordered_colors(card.get("colors")),
        "type_line": card.get("type") or _type_line_of(card),
        "supertypes": list(card.get("supertypes") or []),
        "types": list(card.get("types") or []),
        "subtypes": list(card.get("subtypes") or []),
        "oracle_text": _loyalty_lines(card.get("text") or ""),
        "keywords": list(card.get("keywords") or []),
        "power": card.get("power"),
        "toughness": card.get("toughness"),
        "loyalty": card.get("loyalty"),
        "layout": card.get("layout") or "normal",
    }
    if is_face:
        record["faces_of"] = full
    record["name_fr"] = _french_name(card.get("foreignData"), face_index, name, is_face, full.split(" // "))
    record["sets"] = [code] if code else []
    record["rulings"] = [{"date": r.get("date"), "text": r.get("text")} for r in card.get("rulings") or []]
    if card.get("printings"):
        record["printings"] = list(card["printings"])
    yield record


def _mtgjson_mana_value(card: Mapping[str, Any]) -> Any:
    """A face's mana value where MTGJSON gives one (its face's, else the card's, CR 202.3); None when none."""
    if card.get("faceName"):
        return card.get("faceManaValue", card.get("faceConvertedManaCost", card.get("manaValue")))
    return card.get("manaValue", card.get("convertedManaCost"))


_LOYALTY_LINE = re.compile(r"(?m)^([+−-]?(?:\d+|X)):")


def _loyalty_lines(text: str) -> str:
    """Loyalty abilities in the card pool's form: ``+1: ...`` (Scryfall, older MTGJSON) is ``[+1]: ...``.

    A line that starts with a number and a colon is a loyalty ability (CR 606.4): no other ability's cost is
    a bare number. Written bracketed, it is read as one, never as a mana ability (CR 605.1a) or static text.
    """
    return _LOYALTY_LINE.sub(r"[\1]:", text)


def _old_text(text: str) -> str:
    """Text of the older files as current text: entities unescaped, dashes restored, symbols renamed."""
    text = _loyalty_lines(html.unescape(text).replace(" - ", " — "))
    text = _SPLICE_DASH.sub(lambda m: m.group(1) + "—", text)
    for old, new in _SYMBOL_SPELLINGS.items():
        text = text.replace(old, new)
    return text


def _old_faces(card: Mapping[str, Any], set_code: str | None) -> Iterator[dict[str, Any]]:
    """The record of one card object of the older ``mtgjson/db`` set files."""
    if not isinstance(card, Mapping) or not isinstance(card.get("name"), str):
        raise _Skip("expected a card object with a name")
    name = card["name"]
    names = card.get("names") or []
    mana_cost = _old_text(card.get("manaCost") or "")
    text = _old_text(card.get("text") or "")
    cmc = card.get("cmc")
    record: dict[str, Any] = {
        "name": name,
        "mana_cost": mana_cost,
        "cmc": _fold_int(cmc if cmc is not None else _mana_value(mana_cost)),
        "colors": _ordered_colors(_old_colors(card, names, mana_cost, text)),
        "type_line": _old_text(card.get("type") or ""),
        "supertypes": list(card.get("supertypes") or []),
        "types": list(card.get("types") or []),
        "subtypes": list(card.get("subtypes") or []),
        "oracle_text": text,
        "keywords": [],
        "power": card.get("power"),
        "toughness": card.get("toughness"),
        "loyalty": None if card.get("loyalty") is None else str(card["loyalty"]),
        "layout": _OLD_LAYOUTS.get(card["layout"], card["layout"] or "normal") if "layout" in card else "normal",
    }
    if len(names) > 1:
        record["faces_of"] = " // ".join(names)
    face_index = names.index(name) if name in names else 0
    record["name_fr"] = _french_name(
        card.get("foreignNames") or card.get("foreignData"), face_index, name, len(names) > 1, names
    )
    record["sets"] = [set_code] if set_code else []
    record["rulings"] = [{"date": r.get("date"), "text": r.get("text")} for r in card.get("rulings") or []]
    if card.get("printings"):
        record["printings"] = list(card["printings"])
    yield record


def _old_colors(card: Mapping[str, Any], names: list[str], mana_cost: str, text: str) -> list[str] | None:
    """An older record's colours: as listed, none for devoid (CR 702.114a), else from the mana cost (CR 202.2).

    None for a back face, whose colour indicator the older files omit.
    """
    if card.get("colors") is not None:
        return [_COLOR_WORDS.get(word, word) for word in card["colors"]]
    if "Devoid" in text:
        return []
    if card.get("layout") == "double-faced" and names and card["name"] != names[0]:
        return None
    return [c for c in _WUBRG if c in mana_cost.replace("{X}", "")]


def _scryfall_faces(card: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The records of one Scryfall card object: one per face."""
    if not isinstance(card, Mapping) or not isinstance(card.get("name"), str):
        raise _Skip("expected a card object with a name")
    layout = card.get("layout") or "normal"
    if layout in _NOT_CARDS:
        raise _Skip(f"{card['name']!r}: layout {layout!r} is not a card one casts or plays")
    faces = card.get("card_faces") or [card]
    for index, face in enumerate(faces):
        yield _scryfall_face(card, faces, index, face, layout)


def _scryfall_face(
    card: Mapping[str, Any], faces: list[Any], index: int, face: Mapping[str, Any], layout: str
) -> dict[str, Any]:
    """The record of one face of a Scryfall card object (the object itself when it has one face)."""
    multi = len(faces) > 1
    name = face.get("name") or card["name"]
    mana_cost = _scryfall_mana_cost(card, faces, face, layout)
    text: str = face["oracle_text"] if face.get("oracle_text") is not None else card.get("oracle_text") or ""
    type_line = face.get("type_line") or card.get("type_line") or ""
    keywords = list(card.get("keywords") or [])
    supertypes, types, subtypes = _type_parts(type_line)
    record: dict[str, Any] = {
        "name": name,
        "mana_cost": mana_cost,
        "cmc": _fold_int(_scryfall_mana_value(card, face, multi, mana_cost)),
        "colors": _ordered_colors(_scryfall_colors(card, face, multi, layout, mana_cost)),
        "type_line": type_line,
        "supertypes": supertypes,
        "types": types,
        "subtypes": subtypes,
        "oracle_text": _loyalty_lines(text),
        "keywords": [k for k in keywords if k.casefold() in text.casefold()] if multi else keywords,
        "power": face.get("power", card.get("power") if not multi else None),
        "toughness": face.get("toughness", card.get("toughness") if not multi else None),
        "loyalty": face.get("loyalty", card.get("loyalty") if not multi else None),
        "layout": layout,
    }
    if multi:
        record["faces_of"] = card["name"]
    printed = face.get("printed_name") or (
        _face_name(card.get("printed_name"), index) if multi else card.get("printed_name")
    )
    french = card.get("lang") == "fr"
    record["name_fr"] = printed if french and printed and not (multi and printed == name) else None
    record["sets"] = [card["set"].upper()] if card.get("set") else []
    record["rulings"] = []
    return record


def _scryfall_mana_cost(card: Mapping[str, Any], faces: list[Any], face: Mapping[str, Any], layout: str) -> str:
    """A face's mana cost; a flip card's flipped face keeps the unflipped one's (CR 710.1c)."""
    if len(faces) == 1:
        return card.get("mana_cost") or ""
    if layout == "flip":
        return faces[0].get("mana_cost") or ""
    return face.get("mana_cost") or ""


def _scryfall_colors(card: Mapping[str, Any], face: Mapping[str, Any], multi: bool, layout: str, mana_cost: str) -> Any:
    """A face's colours: its own, else a split card's half's from its mana cost (CR 202.2), else the card's."""
    if face.get("colors") is not None:
        return face["colors"]
    if multi and layout in ("split", "aftermath", "adventure") and mana_cost:
        return [c for c in _WUBRG if c in mana_cost.replace("{X}", "")]
    return card.get("colors")


def _scryfall_mana_value(card: Mapping[str, Any], face: Mapping[str, Any], multi: bool, mana_cost: str) -> Any:
    """A face's mana value: its own, else its mana cost's (CR 202.3), else the card's (a back face: the front's)."""
    if not multi:
        return card.get("cmc")
    if face.get("cmc") is not None:
        return face["cmc"]
    if mana_cost:
        return _mana_value(mana_cost)
    return card.get("cmc")


_FACE_READERS: dict[str, _FaceReader] = {
    "jsonl": _read_jsonl,
    "scryfall": _read_scryfall,
    "scryfall-list": _read_scryfall_at("data.item", "data"),
    "scryfall-card": _read_scryfall_at("", ""),
    "mtgjson-cards": _read_mtgjson_cards,
    "mtgjson-bare-set": _read_set("", old=False),
    "mtgjson-bare-atomic": _read_bare_atomic,
    "mtgjson-atomic": _read_atomic,
    "mtgjson-set": _read_set("data", old=False),
    "mtgjson-all-printings": _read_set("data", old=False),
    "mtgjson-db-set": _read_set("", old=True),
}
