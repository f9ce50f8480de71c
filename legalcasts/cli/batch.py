"""The ``legalcasts batch`` command: the command line of :mod:`legalcasts.batch`.

``legalcasts batch DIR_OR_GLOB... [--engine local|dask] [--workers N]
[--scheduler ADDRESS] [--output FILE] [--mode count|casts]`` writes one
JSON line per state file. Exit codes: 0 every state file solved, 1 some
have an error record, 2 the batch can't run (bad arguments, no state file,
an output file that is not a batch output), 130 interrupted (Ctrl-C: rerun
the same command to resume).
"""

from __future__ import annotations

import argparse

from models.io.card_index import CARDS_OPTION_HELP
from solver.backends import ENGINES as BACKENDS
from legalcasts.batch import ENGINES, MODES, BatchOptions, run_batch

__all__ = ["add_batch_command", "run_batch_command"]


def add_batch_command(commands: argparse._SubParsersAction) -> None:
    """Add the ``batch`` command and its options.

    Parameters
    ----------
    commands : argparse subparsers
        The ``legalcasts`` commands.
    """
    batch = commands.add_parser(
        "batch",
        help="count (or list) the legal casts of many state files, in parallel",
        description='One JSON line per state file: {"state": FILE, "count": N} (with "casts" in --mode casts), '
        'or {"state": FILE, "error": MESSAGE, "exit_code": CODE}. Exit code 1 when some file failed.',
    )
    batch.add_argument(
        "sources",
        nargs="+",
        metavar="DIR_OR_GLOB",
        help="a directory (its *.json and *.pzl files, recursively), a quoted glob pattern "
        "('states/**/*.json') or a state file",
    )
    batch.add_argument(
        "--mode",
        choices=MODES,
        default="count",
        help="count: the number of legal casts; casts: also every cast (as casts --format jsonl)",
    )
    batch.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="local: a process pool on this machine; dask: a Dask cluster (default: local)",
    )
    batch.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="worker processes (local, or the dask LocalCluster; default: the CPU count)",
    )
    batch.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --engine dask: the scheduler of an existing cluster (tcp://host:8786) instead of "
        "a LocalCluster; its workers must see the files by the same paths",
    )
    batch.add_argument(
        "--chunk-size",
        type=int,
        metavar="N",
        help="state files per task (default: 1 local; dask: about 8 tasks per worker, at most 50)",
    )
    batch.add_argument(
        "--output",
        metavar="FILE",
        help="write the records here (default: stdout); an existing output is resumed: files that "
        "already have a record are skipped",
    )
    batch.add_argument(
        "--retry-errors", action="store_true", help="when resuming, solve again the files whose record is an error"
    )
    batch.add_argument("--card", metavar="NAME", help="only the cards of this name in the caster's hand")
    batch.add_argument("--player", metavar="ID", help="the caster (default: the player with priority)")
    batch.add_argument(
        "--without-paying-mana-cost",
        action="store_true",
        help="cast without paying the mana cost (CR 118.9); additional costs are still paid",
    )
    batch.add_argument("--limit", type=int, metavar="N", help="--mode casts: list at most N casts per state file")
    batch.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    batch.add_argument("--backend", choices=sorted(BACKENDS), default=None, help="the solver (default: as count)")
    batch.add_argument(
        "--strict",
        action="store_true",
        help="a card whose text can't be read makes its file an error record (default: as count, "
        "that card is left out and named in the record's left_out)",
    )
    batch.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run_batch_command(args: argparse.Namespace) -> int:
    """Run ``legalcasts batch`` with parsed arguments.

    Parameters
    ----------
    args : argparse.Namespace
        From the parser :func:`add_batch_command` set up.

    Returns
    -------
    int
        0 every state file solved; 1 some error records; 130 interrupted.

    Raises
    ------
    InputError, BatchError
        The batch can't run (the command line prints one line, exit code 2).
    """
    if args.scheduler and args.engine != "dask":
        from models.errors import InputError

        raise InputError("--scheduler", "needs --engine dask")
    options = BatchOptions(
        mode=args.mode,
        card=args.card,
        player=args.player,
        without_paying_mana_cost=args.without_paying_mana_cost,
        cards=args.cards,
        backend=args.backend,
        limit=args.limit,
        strict=args.strict,
    )
    summary = run_batch(
        args.sources,
        options,
        output=args.output,
        engine=args.engine,
        workers=args.workers,
        scheduler=args.scheduler,
        chunk_size=args.chunk_size,
        retry_errors=args.retry_errors,
        progress=not args.no_progress,
    )
    return summary.exit_code
