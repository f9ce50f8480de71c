"""Reading the text of an input file: one clear error for a missing file or one in another encoding."""

from __future__ import annotations

from pathlib import Path

from models.errors import StateError

__all__ = ["read_input_text"]


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
        raise StateError(str(path), f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start}); "
                                    "save the file as UTF-8") from None
