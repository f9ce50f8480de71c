"""Reading the text of an input file: one clear error for a missing file or one in another encoding."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from models.errors import InputError, StateError

__all__ = ["read_input_text", "parse_json", "MAX_JSON_DEPTH"]


def read_input_text(path: Path, what: str) -> str:
    """The text of a UTF-8 file, a byte-order mark dropped.

    Parameters
    ----------
    path : Path
    what : str
        What the file is, for the message ("state file", "puzzle file").

    Returns
    -------
    str

    Raises
    ------
    StateError
        The file can't be read, or is not UTF-8 text (the byte and its offset are named).
    """
    try:
        return path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise StateError(str(path), f"cannot read {what} ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise StateError(
            str(path),
            f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start}); save the file as UTF-8",
        ) from None


MAX_JSON_DEPTH = 64
"""The deepest nesting of arrays and objects a JSON input may have; a state file needs 5 levels."""


def _depth(value: Any) -> int:
    """The nesting depth of decoded JSON (a scalar: 0), found without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            if depth + 1 > MAX_JSON_DEPTH:
                break
            stack.extend((child, depth + 1) for child in item)
    return deepest


def parse_json(text: str | bytes, path: str, error: type[InputError] = StateError) -> Any:
    """Decode one JSON document, with one error naming ``path`` for text that is not JSON or nests too deep.

    Parameters
    ----------
    text : str or bytes
        The JSON text.
    path : str
        Where it comes from (a file name, ``file:line``), for the message.
    error : type of InputError
        The error raised (``StateError``, ``CardDataError``, ``CastFormatError``).

    Returns
    -------
    object
        The decoded document.

    Raises
    ------
    InputError
        Of the type ``error``: not JSON (with line and column), or nested more than
        :data:`MAX_JSON_DEPTH` levels deep (Python's decoder would run out of stack near 1,000).

    Examples
    --------
    >>> parse_json('{"players": ["P1"]}', "state.json")
    {'players': ['P1']}
    >>> parse_json("[" * 100 + "]" * 100, "deep.json")
    Traceback (most recent call last):
    ...
    models.errors.StateError: deep.json: nested more than 64 levels deep
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(path, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise error(path, f"nested more than {MAX_JSON_DEPTH} levels deep") from None
    except UnicodeDecodeError as exc:
        raise error(path, f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise error(path, f"nested more than {MAX_JSON_DEPTH} levels deep")
    return data
