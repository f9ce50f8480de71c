"""Build the embedded card pool, ``models/data/oracle-2026.jsonl.gz``, from the pool with its recovered faces.

The source is ``oracle-2026-faces.jsonl.gz`` of the project's shared card data (its README tells how it was
made): the 35,055 records of the 2026 pool, current Oracle wording, with 313 faces of adventure, modal
double-faced, split, prepare and aftermath cards recovered from Forge's card scripts (``source`` is
``forge-cardsfolder``) and the transform back faces linked to their cards (``faces_of``). Every record is
copied as it is, every field kept, in the source's order, except the Forge faces of :data:`CORRECTIONS`:
slips of Forge's text that would be read differently from the printed card, each replaced by the words of
current Oracle, the Forge text kept in ``oracle_text_forge``. Other older wording of those faces ("enters the
battlefield", a permanent naming itself) reads the same as current wording and is kept as Forge has it.

The output is written with gzip's timestamp and file name left out, so that the same source gives the same
bytes. Usage::

    python -m scripts.build_pool SOURCE [TARGET]     # TARGET: models/data/oracle-2026.jsonl.gz
"""

from __future__ import annotations

import gzip
import io
import json
import sys
from pathlib import Path
from typing import Any

TARGET = Path(__file__).resolve().parent.parent / "models" / "data" / "oracle-2026.jsonl.gz"

CORRECTIONS: dict[str, tuple[str, str, str]] = {
    "Tidechannel Pathway": ("Add {U}.", "{T}: Add {U}.", "Forge's text lacks the cost of the mana ability"),
    "Searstep Pathway": ("Add {R}.", "{T}: Add {R}.", "Forge's text lacks the cost of the mana ability"),
    "Murkwater Pathway": ("Add {B}.", "{T}: Add {B}.", "Forge's text lacks the cost of the mana ability"),
    "Scale Deflection": ("until the end of turn", "until end of turn", "a slip of Forge's text"),
}
"""Forge faces whose text is corrected: face name -> (Forge's words, current Oracle's words, why).

A pathway's land face is "{T}: Add {U}." (CR 605.1a: a mana ability with a cost); without "{T}: " the
line is no ability the reader knows, and the land would make no mana.
"""


def corrected(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its face's correction (:data:`CORRECTIONS`) made, or the record itself.

    Parameters
    ----------
    record : dict
        A Scryfall-style record of the source.

    Returns
    -------
    dict
        A corrected record keeps Forge's text in ``oracle_text_forge``.

    Raises
    ------
    ValueError
        A face of :data:`CORRECTIONS` whose text no longer holds the words to correct: the source changed,
        and the correction must be looked at again.
    """
    if record.get("source") != "forge-cardsfolder" or record["name"] not in CORRECTIONS:
        return record
    old, new, _why = CORRECTIONS[record["name"]]
    text = record["oracle_text"]
    if text.count(old) != 1 or new in text:
        raise ValueError(f"{record['name']}: {old!r} is not once in its text {text!r}, or it is corrected already")
    fixed = dict(record, oracle_text=text.replace(old, new))
    fixed["oracle_text_forge"] = text
    return fixed


def build(source: Path, target: Path) -> tuple[int, int]:
    """Write the embedded pool from the faces file.

    Parameters
    ----------
    source : Path
        ``oracle-2026-faces.jsonl.gz``: gzip-compressed JSON lines, one record per card face.
    target : Path
        The file to write, gzip-compressed JSON lines (9, no timestamp: reproducible bytes).

    Returns
    -------
    (int, int)
        The records written, and how many of them were corrected.

    Raises
    ------
    ValueError
        A correction no longer applies (:func:`corrected`), or a correction names no face of the source.
    """
    lines: list[str] = []
    fixed: set[str] = set()
    with gzip.open(source, "rt", encoding="utf-8") as infile:
        for line in infile:
            if not line.strip():
                continue
            record = json.loads(line)
            kept = corrected(record)
            if kept is not record:
                fixed.add(record["name"])
            lines.append(json.dumps(kept, ensure_ascii=False) + "\n")
    missing = sorted(set(CORRECTIONS) - fixed)
    if missing:
        raise ValueError(f"corrections of faces not in {source.name}: {', '.join(missing)}")
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=buffer, mtime=0) as out:
        out.write("".join(lines).encode("utf-8"))
    target.write_bytes(buffer.getvalue())
    return len(lines), len(fixed)


def main(argv: list[str] | None = None) -> int:
    """Run the build from the command line; print what was written."""
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("source", type=Path, help="oracle-2026-faces.jsonl.gz of the shared card data")
    parser.add_argument("target", type=Path, nargs="?", default=TARGET, help="the pool file to write")
    arguments = parser.parse_args(argv)
    count, fixed = build(arguments.source, arguments.target)
    print(f"{count} records written to {arguments.target} ({fixed} faces corrected)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
