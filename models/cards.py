"""Card databases: Scryfall-style JSON lines to :class:`models.objects.Card`.

The default database is the whole card pool embedded in the package, in
current Oracle wording (``models/data/oracle-2026.jsonl.gz``, merged with the
French names and rulings of ``models/data/cards.jsonl``; see
:mod:`models.io.card_pool`), read from a card index built on first use.
``--cards FILE`` gives another: one JSON object per line with Scryfall's
field names (``name``, ``mana_cost``, ``type_line``, ``oracle_text``, optional
``colors``, ``power``, ``toughness``), or a card index.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import gzip
import json
import re
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Protocol

from models.errors import CardDataError, ManaCostError, UnknownCardError
from models.mana import Color, ManaCost, ManaSymbol
from models.split import whole_split_cards
from models.objects import Card, CardType

__all__ = [
    "NEVER_CAST_TYPES",
    "SUPERTYPES",
    "TEXT_SYMBOLS",
    "CardDatabase",
    "SkippedRecord",
    "card_from_record",
    "card_of_object",
    "missing_face_error",
    "older_sets_card_database",
    "parse_type_line",
    "with_faces_lacking",
    "UnreadableSymbolError",
    "MAX_FIELD_LENGTH",
]

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
_TYPES_BY_NAME = {t.value: t for t in CardType}
NEVER_CAST_TYPES = {
    "Dungeon": "CR 309.2c: dungeon cards can't be cast",
    "Plane": "CR 311.2: plane cards can't be cast",
    "Phenomenon": "CR 312.2: phenomenon cards can't be cast",
    "Vanguard": "CR 313.2: vanguard cards can't be cast",
    "Scheme": "CR 314.2: scheme cards can't be cast",
    "Conspiracy": "CR 315.3: conspiracy cards remain in the command zone and can't be cast",
    "Stickers": "CR 123.2: a sticker sheet is not a card",
}
"""Card types of cards that are never cast, with the rule that says so.

A record of one of these types is refused by :func:`card_from_record` with
this reason, and skipped by every reader of many cards.
"""

TEXT_SYMBOLS = {
    "{H}": "CR 107.4g",
    "{T}": "CR 107.5",
    "{Q}": "CR 107.6",
    "{PW}": "CR 107.11",
    "{CHAOS}": "CR 107.12",
    "{E}": "CR 107.14",
    "{TK}": "CR 107.17",
    "{P}": "CR 107.18",
}
"""The symbols of rules text other than mana symbols (CR 107.4), with their rule.

A record whose text holds a braced symbol that is neither (a joke card's
``{½}`` or ``{∞}``) is refused by :func:`card_from_record`.
"""

_GZIP_MAGIC = b"\x1f\x8b"  # the first bytes of a gzip file (RFC 1952)
_BRACED = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class SkippedRecord:
    """A record of a card file that could not be mapped to a card.

    Parameters
    ----------
    where : str
        The record's place: ``FILE: data['Little Girl'][0]``, ``FILE:12``.
    reason : str
        What is wrong with it, or why the card is never cast.
    name : str or None
        The card name the record gives, when it gives one.
    """

    where: str
    reason: str
    name: str | None = None

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


def missing_face_error(path: str, name: str, whole: str, missing: Iterable[str]) -> CardDataError:
    """The error for a face of a multi-face card, or the whole card, when the card data lacks a face.

    Parameters
    ----------
    path : str
        Key path of the name asked for (``objects[3].card``).
    name : str
        The name asked for: a face name, or the whole name.
    whole : str
        The whole card's name, ``"Front // Back"`` (a record's ``faces_of``).
    missing : iterable of str
        The faces the card data lacks, in printed order.

    Returns
    -------
    CardDataError
        One line, never a guess at the missing text.

    Examples
    --------
    >>> str(missing_face_error("card", "Cast Off", "Realm-Cloaked Giant // Cast Off", ["Cast Off"]))
    "card: 'Cast Off' is a face of 'Realm-Cloaked Giant // Cast Off' whose text the card data lacks"
    """
    missing = list(missing)
    if name.casefold() != whole.casefold():
        return CardDataError(path, f"{name!r} is a face of {whole!r} whose text the card data lacks")
    faces = " and ".join(repr(face) for face in missing)
    plural = "s" if len(missing) > 1 else ""
    return CardDataError(path, f"{name!r} can't be used: the card data lacks the text of its face{plural} {faces}")


def with_faces_lacking(card: Card, missing: Iterable[str]) -> Card:
    """The card, noting the faces of it that the card data lacks (``Card.faces_lacking``).

    Parameters
    ----------
    card : Card
        A face of a multi-face card (its ``faces`` name them all), or any card.
    missing : iterable of str
        The face names the card data has no record of.

    Returns
    -------
    Card
        The same card when none is missing, else a copy with ``faces_lacking`` in printed order.
    """
    missing = tuple(face for face in card.faces if face in set(missing))
    return dataclasses.replace(card, faces_lacking=missing) if missing else card


class _Cards(Protocol):
    def get(self, name: str, path: str = "card") -> Card: ...


_WHOLE_SPLIT_LAYOUTS = frozenset({"split", "aftermath"})


def card_of_object(cards: _Cards, card: Card, path: str = "card") -> Card:
    """The card an object of the game is, from the face a state names.

    A split card is one card with both halves (CR 709.1): named by one half, it is the whole card when the card
    data has both. Any other multi-face card is its front face (CR 712.8a, 715.2) with its other faces, those the
    card data has, in ``other_faces``, so that the face cast or up can be chosen.

    Parameters
    ----------
    cards : CardDatabase or CardIndex
        Where the other faces are looked up.
    card : Card
        A face as ``cards.get`` gives it.
    path : str
        Key path for errors.

    Returns
    -------
    Card
        ``card`` itself for a one-faced card.

    Raises
    ------
    CardDataError
        The card data lacks the front face of a card named by another face.
    """
    if not card.faces or card.halves:
        return card
    if card.layout in _WHOLE_SPLIT_LAYOUTS:
        if card.faces_lacking:
            return card
        return cards.get(" // ".join(card.faces), path=path)
    front = card if card.name == card.faces[0] else cards.get(card.faces[0], path=path)
    others = tuple(cards.get(face, path=path) for face in front.faces[1:] if face not in front.faces_lacking)
    return dataclasses.replace(front, other_faces=others) if others else front


def parse_type_line(
    type_line: str, path: str = "type_line"
) -> tuple[tuple[str, ...], tuple[CardType, ...], tuple[str, ...]]:
    """Split a type line into supertypes, card types and subtypes (CR 205).

    Parameters
    ----------
    type_line : str
        E.g. ``"Legendary Creature — Human Soldier"``.
    path : str
        Where the value came from, for the error message.

    Returns
    -------
    (tuple of str, tuple of CardType, tuple of str)

    Raises
    ------
    CardDataError
        When a word before the dash is neither a supertype nor a card type.

    Examples
    --------
    >>> parse_type_line("Instant — Arcane")
    ((), (<CardType.INSTANT: 'Instant'>,), ('Arcane',))
    """
    left, _, right = type_line.replace(" - ", " — ").partition("—")
    for word in left.split():
        if word in NEVER_CAST_TYPES:
            what = "sticker sheet" if word == "Stickers" else f"{word.lower()} card"
            raise CardDataError(path, f"a {what} ({NEVER_CAST_TYPES[word]})")
    supertypes: list[str] = []
    types: list[CardType] = []
    for word in left.split():
        if word in SUPERTYPES:
            supertypes.append(word)
        elif word in _TYPES_BY_NAME:
            types.append(_TYPES_BY_NAME[word])
        else:
            raise CardDataError(path, f"{word!r} in {type_line!r} is not a card type or supertype")
    return tuple(supertypes), tuple(types), tuple(right.split())


class UnreadableSymbolError(CardDataError):
    """A braced symbol in a card's text that is not one of the rules (``{½}``, CR 107).

    A card file's record holding one is skipped as no card of the rules; a state file's inline card holding
    one is text legalcasts can't read (exit code 3 at the command line).

    Parameters
    ----------
    path : str
        The key path of the text.
    message : str
        What is wrong.
    symbol : str
        The symbol, braces included.
    """

    def __init__(self, path: str, message: str, symbol: str) -> None:
        super().__init__(path, message)
        self.symbol = symbol


MAX_FIELD_LENGTH = {
    "name": 200,
    "type_line": 200,
    "mana_cost": 100,
    "oracle_text": 5000,
    "faces_of": 500,
    "name_fr": 200,
    "layout": 50,
}
"""The longest string each field of a card record may hold, in characters.

The longest of the 2026 pool are far shorter (an Oracle text of 774 characters, a name of 141); a record over
these is refused with one line rather than read for minutes.
"""


def _json_kind(value: Any) -> str:
    """A JSON value's kind in words: ``"a number"``, ``"true or false"``, ``"null"``, ``"a list"``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "an object" if isinstance(value, Mapping) else type(value).__name__


def _checked_fields(record: Any, path: str) -> str:
    """Check a record's shape (an object, a name and a type line, text fields of bounded length).

    Returns the path that errors about the card's text give: the card's name added.
    """
    if not isinstance(record, Mapping):
        raise CardDataError(path, f"expected a card object, got {_json_kind(record)}")
    for key in ("name", "type_line"):
        if not isinstance(record.get(key), str) or not record[key]:
            raise CardDataError(f"{path}.{key}", "missing or not a string")
    if len(record["name"]) <= MAX_FIELD_LENGTH["name"] and record["name"] not in path:
        path = f"{path} ({record['name']})"  # errors about the card's text name the card
    for key, limit in MAX_FIELD_LENGTH.items():
        value = record.get(key)
        if value is not None and not isinstance(value, str):
            raise CardDataError(f"{path}.{key}", f"must be a string, not {_json_kind(value)}")
        if value is not None and len(value) > limit:
            raise CardDataError(
                f"{path}.{key}", f"{len(value):,} characters, more than the {limit:,} a card record may hold"
            )
    return path


def _check_symbols(text: str, path: str) -> None:
    """Refuse a text holding a braced symbol that is not one of the rules (CR 107), as a joke card's ``{½}``."""
    for symbol in dict.fromkeys(_BRACED.findall(text)):
        if symbol.upper() not in TEXT_SYMBOLS and not _is_mana_symbol(symbol):
            raise UnreadableSymbolError(
                f"{path}.oracle_text", f"{symbol!r} in the text is not a symbol of the rules (CR 107)", symbol
            )


def _record_mana_cost(record: Mapping[str, Any], path: str) -> ManaCost | None:
    """The record's mana cost; None when it has none (``""`` or missing, CR 118.6)."""
    cost_text = record.get("mana_cost") or ""
    if not isinstance(cost_text, str):
        raise CardDataError(f"{path}.mana_cost", "not a string")
    try:
        return ManaCost.parse(cost_text, path=f"{path}.mana_cost") if cost_text else None
    except ManaCostError as exc:
        raise CardDataError(exc.path, exc.message) from None


def _record_colors(record: Mapping[str, Any], mana_cost: ManaCost | None, text: str, path: str) -> frozenset[Color]:
    """The record's colours: its ``colors`` letters, or when missing what the card says (CR 202.2, 204)."""
    colors_field = record.get("colors")
    if colors_field is None:
        return _colors_of_record(record, mana_cost, text, path)
    if not isinstance(colors_field, list):
        raise CardDataError(f"{path}.colors", "expected a list of colour letters")
    try:
        return frozenset(Color.from_letter(c) for c in colors_field)
    except ValueError as exc:
        raise CardDataError(f"{path}.colors", f"bad colour in {colors_field!r}") from exc


def card_from_record(record: Mapping[str, Any], path: str = "card") -> Card:
    """Build a :class:`Card` from one Scryfall-style record.

    Parameters
    ----------
    record : mapping
        Needs ``name`` and ``type_line``; ``mana_cost`` (``""`` or missing means
        no mana cost, CR 118.6), ``oracle_text``, ``colors`` (letters; when
        missing, derived from Devoid, "~ is colorless", the mana cost and
        ``color_indicator``, CR 202.2, 204, 702.114a), ``power``, ``toughness``.
    path : str
        Key path of the record, for error messages.

    Returns
    -------
    Card

    Raises
    ------
    CardDataError
        A missing name or type line, or a field of the wrong type.
        A mana cost that is not mana symbols is one too, and so is a text
        holding a braced symbol that is not one of the rules (CR 107: mana
        symbols and :data:`TEXT_SYMBOLS`), as a joke card's ``{½}``. A card
        type that is never cast is refused with its rule (:data:`NEVER_CAST_TYPES`).
    """
    path = _checked_fields(record, path)
    text = record.get("oracle_text") or ""
    _check_symbols(text, path)
    mana_cost = _record_mana_cost(record, path)
    colors = _record_colors(record, mana_cost, text, path)
    supertypes, types, subtypes = parse_type_line(record["type_line"], f"{path}.type_line")
    power, toughness = record.get("power"), record.get("toughness")
    faces_of = record.get("faces_of")
    faces = tuple(faces_of.split(" // ")) if isinstance(faces_of, str) and " // " in faces_of else ()
    return Card(
        name=record["name"],
        mana_cost=mana_cost,
        colors=colors,
        type_line=record["type_line"],
        supertypes=supertypes,
        types=types,
        subtypes=subtypes,
        oracle_text=text,
        power=None if power is None else str(power),
        toughness=None if toughness is None else str(toughness),
        name_fr=record.get("name_fr"),
        split_of=record.get("faces_of") if record.get("layout") in ("split", "aftermath") else None,
        faces=faces,
        layout=record.get("layout") if faces and isinstance(record.get("layout"), str) else None,
    )


def _colors_of_record(record: Mapping[str, Any], cost: ManaCost | None, text: str, path: str) -> frozenset[Color]:
    """The colours of a card whose record gives none (CR 105.2, 202.2).

    A colour-defining ability wins: Devoid (CR 702.114a) and "~ is colorless" make it colourless, "~ is all
    colors" all five (CR 604.3). Otherwise the colours of its mana cost's symbols (CR 202.2) and of its colour
    indicator (``color_indicator``, letters, CR 204).
    """
    name = re.escape(str(record.get("name", "")))
    lines = [re.sub(r"\s*\([^()]*\)", "", line).strip().lower() for line in text.split("\n")]
    if any(re.fullmatch(r"devoid", line) for line in lines) or re.search(
        rf"(?i)\b(?:{name}|this (?:card|spell|permanent|creature|land)) is colorless\b", text
    ):
        return frozenset()
    if re.search(rf"(?i)\b(?:{name}|this (?:card|spell|permanent|creature)) is all colors\b", text):
        return frozenset(Color)
    indicator = record.get("color_indicator")
    if indicator is None:
        return _colors_of_cost(cost)
    if not isinstance(indicator, list):
        raise CardDataError(f"{path}.color_indicator", "expected a list of colour letters")
    try:
        return _colors_of_cost(cost) | frozenset(Color.from_letter(c) for c in indicator)
    except (ValueError, TypeError) as exc:
        raise CardDataError(f"{path}.color_indicator", f"bad colour in {indicator!r}") from exc


def _is_mana_symbol(symbol: str) -> bool:
    try:
        ManaSymbol.parse(symbol)
    except ManaCostError:
        return False
    return True


def _colors_of_cost(cost: ManaCost | None) -> frozenset[Color]:
    if cost is None:
        return frozenset()
    text = str(cost)
    return frozenset(c for c in Color if c.letter in text.replace("{X}", ""))


class CardDatabase:
    """Cards by name, with a did-you-mean for misspellings.

    Parameters
    ----------
    cards : iterable of Card
        Later cards with the same name replace earlier ones. Iteration and
        ``len`` give these; a whole split card made of two of them
        (``"Alive // Well"``, CR 709) is found by ``get`` and ``in`` as well.
    skipped : iterable of SkippedRecord
        Records of the source that are not cards of this database (a plane,
        a joke type, a bad field), kept as ``skipped``: ``get`` of one of
        their names says why instead of "unknown card".
    """

    def __init__(self, cards: Iterable[Card], skipped: Iterable[SkippedRecord] = ()) -> None:
        self._by_name: dict[str, Card] = {}
        self._by_folded: dict[str, Card] = {}
        self.skipped: tuple[SkippedRecord, ...] = tuple(skipped)
        self._skipped_by_folded = {s.name.casefold(): s for s in self.skipped if s.name}
        cards = list(cards)
        names = {card.name.casefold() for card in cards}
        cards = [
            with_faces_lacking(card, [face for face in card.faces if face.casefold() not in names]) for card in cards
        ]
        for card in cards:
            self._by_name[card.name] = card
            self._by_folded[card.name.casefold()] = card
            if card.name_fr:
                self._by_folded.setdefault(card.name_fr.casefold(), card)
        # A whole split card ("Alive // Well", CR 709) is found by name; its halves are the entries.
        for card in whole_split_cards(cards):
            self._by_folded.setdefault(card.name.casefold(), card)
        # Another multi-face card named whole ("Delver of Secrets // Insectile Aberration") is its front face.
        for card in cards:
            if (
                card.faces
                and card.name == card.faces[0]
                and card.layout not in ("split", "aftermath")
                and not card.faces_lacking
            ):
                self._by_folded.setdefault(" // ".join(card.faces).casefold(), card)
        # A face that a multi-face card names but the data lacks, and that card's whole name: (whole, missing faces).
        self._missing_faces: dict[str, tuple[str, list[str]]] = {}
        for card in cards:
            if card.faces_lacking:
                whole = " // ".join(card.faces)
                for folded in (whole.casefold(), *(face.casefold() for face in card.faces_lacking)):
                    self._missing_faces.setdefault(folded, (whole, list(card.faces_lacking)))

    @classmethod
    def from_jsonl(cls, path: str | Path) -> CardDatabase:
        """Load a Scryfall-style JSON-lines file, plain or gzip-compressed (told by its first bytes).

        Parameters
        ----------
        path : str or Path

        Returns
        -------
        CardDatabase

        Raises
        ------
        CardDataError
            The file can't be read, is a damaged gzip file, or none of its lines is a card record;
            the message names the file and line number. A file with some card
            records skips the others, keeping them as ``skipped`` (one bad
            card never stops a run over many).
        """
        path = Path(path)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise CardDataError(str(path), f"cannot read card file ({exc.strerror})") from exc
        if data.startswith(_GZIP_MAGIC):
            try:
                data = gzip.decompress(data)
            except (OSError, EOFError) as exc:
                raise CardDataError(str(path), f"not a whole gzip file ({exc})") from None
        if data.startswith(b"\xef\xbb\xbf"):  # a byte-order mark
            data = data[3:]
        cards: list[Card] = []
        skipped: list[SkippedRecord] = []
        first_error: CardDataError | None = None
        for number, raw in enumerate(data.split(b"\n"), start=1):
            if not raw.strip():
                continue
            error: CardDataError | None
            try:
                record = json.loads(raw.decode("utf-8"))
            except UnicodeDecodeError as exc:  # one line in another encoding: that line is skipped
                error = CardDataError(f"{path}:{number}", f"not UTF-8 text (byte {exc.object[exc.start]:#04x})")
            except json.JSONDecodeError as exc:
                error = CardDataError(f"{path}:{number}", f"not JSON ({exc.msg})")
            except RecursionError:
                error = CardDataError(f"{path}:{number}", "not a card record (JSON nested too deeply)")
            else:
                error = None
            if error is not None:
                skipped.append(SkippedRecord(error.path, error.message))
                first_error = first_error or error
                continue
            try:
                cards.append(card_from_record(record, path=f"{path}:{number}"))
            except CardDataError as bad:
                name = record.get("name") if isinstance(record, Mapping) else None
                skipped.append(SkippedRecord(bad.path, bad.message, name if isinstance(name, str) else None))
                first_error = first_error or bad
        if first_error is not None and not cards:
            raise first_error
        return cls(cards, skipped)

    def __len__(self) -> int:
        return len(self._by_name)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_name.values())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.casefold() in self._by_folded

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
            With the closest names as a suggestion.
        CardDataError
            The name is a record the database skipped (a plane, a bad field):
            the message says why. Or it is a face of a multi-face card, or
            the whole card, whose face the data lacks (:func:`missing_face_error`).
        """
        card = self._by_folded.get(name.casefold())
        if card is not None:
            return card
        skipped = self._skipped_by_folded.get(name.casefold())
        if skipped is not None:  # named at the key path asked from; the record's place is in ``skipped``
            field = re.search(r"\)\.(\w+)$", skipped.where)  # the record's field at fault, when one is
            named = field is not None and field.group(1) != "type_line"  # a type line's reason names it already
            reason = f"{field.group(1)}: {skipped.reason}" if field is not None and named else skipped.reason
            raise CardDataError(path, f"{name!r} can't be used: {reason}")
        if name.casefold() in self._missing_faces:
            raise missing_face_error(path, name, *self._missing_faces[name.casefold()])
        close = self.suggest(name)
        hint = f" (did you mean {close!r}?)" if close else ""
        raise UnknownCardError(path, f"unknown card {name!r}{hint}")

    def suggest(self, name: str) -> str | None:
        """The card name closest to a misspelt one, or None when none is close.

        Parameters
        ----------
        name : str

        Returns
        -------
        str or None
            A name of the database (difflib ratio at least 0.75).
        """
        close = difflib.get_close_matches(name, list(self._by_name), n=1, cutoff=0.75)
        return close[0] if close else None


@functools.cache
def older_sets_card_database() -> CardDatabase:
    """The 3,159 cards of 13 older sets shipped as ``models/data/cards.jsonl``, in memory.

    Their wording is that of their source, some of it historical ("target
    creature or player", "to your mana pool"); the default database has the
    current wording. The analyses that describe this fixed pool (coverage
    figures, the splice and Spree card lists) read it.

    Returns
    -------
    CardDatabase
        Loaded once per process.
    """
    text = resources.files("models.data").joinpath("cards.jsonl").read_text("utf-8")
    return CardDatabase(_cards_of_lines(text.splitlines(), "models/data/cards.jsonl"))


def _cards_of_lines(lines: Iterable[str], source: str) -> Iterable[Card]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CardDataError(f"{source}:{number}", f"not JSON ({exc.msg})") from exc
        yield card_from_record(record, path=f"{source}:{number}")
