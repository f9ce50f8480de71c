"""The exception tree of legalcasts.

Every error raised by the library derives from :class:`LegalcastsError` and
also from the matching builtin, so a plain ``except ValueError`` keeps working.
Well-formed but illegal casts are data, not exceptions: see
``solver.legal.why_illegal``.
"""

from __future__ import annotations

__all__ = [
    "LegalcastsError",
    "json_text",
    "one_line",
    "InputError",
    "ManaCostError",
    "CardDataError",
    "StateError",
    "CastFormatError",
    "UnknownCardError",
    "UnsupportedRuleError",
    "SolverError",
]


class LegalcastsError(Exception):
    """Root of every error raised by legalcasts."""


class InputError(LegalcastsError, ValueError):
    """Malformed input: a file, a field or a string that is not what it must be.

    Parameters
    ----------
    path : str
        Where the bad value is, as a key path (``objects[3].card``) or a
        file name; empty when the input has no structure.
    message : str
        What is wrong with it.
    """

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class ManaCostError(InputError):
    """A cost string that is not a sequence of mana symbols (CR 107.4)."""


class CardDataError(InputError):
    """A card record that lacks a field or holds a value of the wrong shape."""


class StateError(InputError):
    """A game-state file that breaks the state-file contract."""


class CastFormatError(InputError):
    """A cast record (JSON) that does not describe a cast of the given state."""


class UnknownCardError(InputError):
    """A card name that is not in the card database."""


class UnsupportedRuleError(LegalcastsError, NotImplementedError):
    """Rules text that legalcasts does not model.

    Raised instead of guessing: a card whose casting-relevant text cannot be
    read never silently gets "no targets" or "no modes".

    Parameters
    ----------
    card : str
        The card name.
    span : str
        The text that could not be read.
    reason : str
        Why it is not modelled (which construct is missing).
    """

    def __init__(self, card: str, span: str, reason: str = "text not understood") -> None:
        self.card = card
        self.span = span
        self.reason = reason
        super().__init__(f"{card}: unsupported rules text ({reason}): {span!r}")


class SolverError(LegalcastsError, RuntimeError):
    """A solver engine stopped without an answer (a time limit, a model it refused).

    Parameters
    ----------
    engine : str
        The engine's name (``"cpsat"``).
    message : str
        What it reported.
    """

    def __init__(self, engine: str, message: str) -> None:
        self.engine = engine
        self.message = message
        super().__init__(f"{engine}: {message}")


def json_text(value: object, limit: int = 60) -> str:
    """A value as it is written in JSON (``true``, ``null``, ``"yes"``, ``[1, 2]``), for an error message.

    Parameters
    ----------
    value : object
        A decoded JSON value.
    limit : int
        The most characters shown; a longer text is cut and its length given.

    Returns
    -------
    str

    Examples
    --------
    >>> json_text(True), json_text(None), json_text("yes"), json_text(["P1", "P1"])
    ('true', 'null', '"yes"', '["P1", "P1"]')
    >>> json_text("x" * 100, limit=5)
    '"xxx… (102 characters)'
    """
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = str(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text):,} characters)"


QUOTED_LIMIT = 200
"""The most characters of one quoted value an error message shows; a longer one is cut, with its length."""
LINE_LIMIT = 2000
"""The most characters of an error message."""


def one_line(message: str) -> str:
    r"""An error message as one bounded line: quoted values cut after :data:`QUOTED_LIMIT` characters.

    Parameters
    ----------
    message : str
        The message, which may quote a value of any length (an id, a name, a span of text).

    Returns
    -------
    str
        The message on one line, each quoted value of more than :data:`QUOTED_LIMIT` characters cut and its
        length given, and the whole cut after :data:`LINE_LIMIT` characters.

    Examples
    --------
    >>> one_line("duplicate id '" + "r" * 300 + "'")[:20], one_line("duplicate id '" + "r" * 300 + "'")[-18:]
    ("duplicate id 'rrrrrr", "' (300 characters)")
    >>> one_line("two\nlines")
    'two lines'
    """
    import re

    def shorten(match: re.Match[str]) -> str:
        quote, text = match.group(1), match.group(2)
        return f"{quote}{text[:QUOTED_LIMIT]}…{quote} ({len(text):,} characters)"

    message = re.sub(rf"(['\"])([^'\"\n]{{{QUOTED_LIMIT + 1},}})\1", shorten, message)
    message = " ".join(message.split("\n"))
    if len(message) > LINE_LIMIT:
        message = message[:LINE_LIMIT] + f"… ({len(message):,} characters)"
    return message
