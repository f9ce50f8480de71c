"""The ``legalcasts cards`` command: a local card index from MTGJSON or Scryfall files.

``legalcasts cards import FILE [--db PATH]`` reads a card file (its layout is
detected) into a SQLite card index; ``legalcasts cards find NAME [--db PATH]``
prints a card. The index is ``--db``, else ``$LEGALCASTS_DB``, else
``$XDG_DATA_HOME/legalcasts/cards.sqlite``; ``find`` reads the card pool
embedded in the package when no ``--db`` is given and there is no index at the
default place. Other commands use an index with ``--cards PATH``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from models.io.card_pool import default_card_database
from models.errors import CardDataError
from models.io.card_files import FORMATS
from models.io.card_index import CardIndex, default_index_path, import_card_file

__all__ = ["add_cards_command", "run_cards_command"]

_SKIPPED_SHOWN = 10


def add_cards_command(commands: Any) -> None:
    """Add ``cards import`` and ``cards find`` to the subcommands of ``legalcasts``.

    Parameters
    ----------
    commands : argparse subparsers action
        The ``add_subparsers`` result of the main parser.
    """
    cards = commands.add_parser("cards", help="a local card index: import MTGJSON or Scryfall files, find cards")
    actions = cards.add_subparsers(
        dest="cards_command", metavar="{import,find}", required=True, parser_class=type(cards)
    )
    where = "the card index (default: $LEGALCASTS_DB, else $XDG_DATA_HOME/legalcasts/cards.sqlite)"
    importing = actions.add_parser("import", help="add the cards of an MTGJSON or Scryfall file to the index")
    importing.add_argument(
        "file",
        help="AtomicCards.json, AllPrintings.json, a set file, a Scryfall bulk file, "
        "or JSON lines (gzip, bzip2 or xz compressed too)",
    )
    importing.add_argument("--db", metavar="PATH", help=where)
    finding = actions.add_parser(
        "find",
        help="print a card of the index (or of the embedded card pool when there is no index): name, cost, type, text",
    )
    finding.add_argument("name", help="the card name, its French name, or 'Front // Back'; any case")
    finding.add_argument(
        "--db",
        metavar="PATH",
        help=where + "; without --db and with no index there, the card pool embedded in the package",
    )


def run_cards_command(args: argparse.Namespace) -> int:
    """Run ``cards import`` or ``cards find``.

    Parameters
    ----------
    args : argparse.Namespace
        ``cards_command`` (``"import"`` or ``"find"``), ``file`` or ``name``,
        and ``db`` (None for the default index).

    Returns
    -------
    int
        0 done.

    Raises
    ------
    CardDataError
        A card file or index that can't be read; ``find``: a ``--db`` that
        is not there, or a name whose record can't be a card or whose face the
        card data lacks (exit code 2 at the CLI).
    UnknownCardError
        ``find``: no card of that name, with a did-you-mean (exit code 2).
    """
    db_path = Path(args.db) if args.db else default_index_path()
    if args.cards_command == "import":
        return _import(Path(args.file), db_path)
    if args.db or db_path.exists():
        index = CardIndex(db_path)
        try:
            records = index.find(args.name)
        finally:
            index.close()
    else:  # no index of the user's: the embedded pool (an index too, kept open for the process)
        pool = default_card_database()
        assert isinstance(pool, CardIndex)
        records = pool.find(args.name)
    print("\n\n".join(_describe(record) for record in records))
    return 0


def _import(file: Path, db_path: Path) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    size = file.stat().st_size if file.is_file() else None
    started = time.perf_counter()
    with Progress(
        TextColumn("reading {task.description}"),
        BarColumn(),
        DownloadColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(file.name, total=size)
        contents = import_card_file(file, db_path, on_progress=lambda done: progress.update(task, completed=done))
    seconds = time.perf_counter() - started
    if not contents.records:  # never "imported 0 cards" and exit 0
        first = f"; the first: {contents.skipped[0]}" if contents.skipped else ""
        raise CardDataError(
            str(file),
            f"{FORMATS[contents.format]} with no card that could be read "
            f"({_count(len(contents.skipped), 'record')} skipped{first})",
        )
    index = CardIndex(db_path)
    try:
        total = len(index)
    finally:
        index.close()
    print(f"{file}: {FORMATS[contents.format]}")
    print(
        f"imported {_count(len(contents.records), 'card')} into {db_path} in {seconds:.1f} s "
        f"({_count(total, 'card')} in the index)"
    )
    if contents.skipped:
        count = len(contents.skipped)
        print(f"skipped {_count(count, 'record')}:")
        for skipped in contents.skipped[:_SKIPPED_SHOWN]:
            print(f"  {skipped}")
        if count > _SKIPPED_SHOWN:
            print(f"  ... and {count - _SKIPPED_SHOWN:,} more")
    return 0


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _describe(record: dict[str, Any]) -> str:
    """A card as text: name and cost, type line, Oracle text, P/T or loyalty, French name."""
    lines = [f"{record['name']}  {record.get('mana_cost') or '(no mana cost)'}", record.get("type_line") or ""]
    if record.get("oracle_text"):
        lines.append(record["oracle_text"])
    if record.get("power") is not None or record.get("toughness") is not None:
        lines.append(f"{record.get('power')}/{record.get('toughness')}")
    if record.get("loyalty") is not None:
        lines.append(f"Loyalty: {record['loyalty']}")
    notes = []
    if record.get("faces_of"):
        notes.append(f"a face of {record['faces_of']}")
    if record.get("name_fr"):
        notes.append(f"French name: {record['name_fr']}")
    if record.get("sets"):
        notes.append(f"sets: {', '.join(record['sets'])}")
    if notes:
        lines.append(f"({'; '.join(notes)})")
    return "\n".join(lines)
