"""Batch runs: count or list the legal casts of many state files, in parallel.

One state file gives one record, a JSON object that is one line of the
output (JSON lines):

- ``{"state": "examples/case02-mists-ray-silver-knight.json", "count": 6}``
  in mode ``count``;
- the same with ``"casts": [...]`` (each cast as :meth:`models.cast.Cast.to_json`
  gives it) in mode ``casts``;
- ``{"state": "bad.json", "error": "...", "exit_code": 2}`` when the file
  can't be solved. ``error`` is the message ``legalcasts count FILE`` prints
  (``legalcasts: error: MESSAGE``, or ``legalcasts: unsupported: MESSAGE``
  for exit code 3), and ``exit_code`` the code it exits with. The batch goes on.

Which casts are counted follows ``legalcasts count STATE``: every card in the
hand of the caster (the player with priority unless ``player`` is given),
or only the cards of one name; a land in hand counts 0 (CR 305.9).

The per-file function, :func:`solve_state_file`, is the same for both
engines: ``local`` runs it in a process pool (:mod:`concurrent.futures`),
``dask`` on a Dask cluster (:mod:`dask.distributed`, the ``dask`` extra):
a ``LocalCluster`` made for the run, or an existing cluster by its scheduler
address. The workers read the state files (and the card file) by path.

:func:`iter_batch_records` yields the records as they finish;
:func:`run_batch` writes them to a file (or a stream), resumes an
interrupted run and shows a progress bar. ``legalcasts batch`` is its
command line (:mod:`legalcasts.cli.batch`).

>>> solve_state_file("missing.json")  # doctest: +NORMALIZE_WHITESPACE
{'state': 'missing.json', 'error': 'missing.json: cannot read state file (No such file or directory)',
 'exit_code': 2}
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import glob
import io
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from legalcasts.numbers import with_decimals
from models.cards import CardDatabase
from models.io.card_pool import default_card_database
from models.errors import InputError, LegalcastsError, UnsupportedRuleError, one_line
from models.io.card_index import load_card_database
from models.io.forge_pzl import load_puzzle
from models.io.state_json import load_state
from models.objects import ObjectId, PlayerId
from models.state import GameState
from solver.legal import LegalCasts, castable_objects

__all__ = [
    "MODES",
    "MAX_WORKERS",
    "ENGINES",
    "BatchError",
    "BatchOptions",
    "BatchSummary",
    "ResumeState",
    "find_state_files",
    "objects_to_cast",
    "solve_state_file",
    "solve_state_files",
    "default_chunk_size",
    "iter_batch_records",
    "read_output_records",
    "run_batch",
    "default_workers",
]

MODES = ("count", "casts")
ENGINES = ("local", "dask")

EXIT_INTERNAL, EXIT_INPUT, EXIT_UNSUPPORTED = 1, 2, 3


class BatchError(LegalcastsError, RuntimeError):
    """A batch that can't run or can't go on: no state file found, a worker lost, no cluster, no dask."""


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """What to compute for each state file (the same for every file of a batch).

    Parameters
    ----------
    mode : str
        ``"count"``: the number of legal casts; ``"casts"``: the number and
        the casts themselves.
    card : str or None
        Only the cards of this name in the caster's hand (case-insensitive),
        as ``legalcasts count --card NAME``; a state whose hand has none is
        an error record, as for ``count``. None: every card in the hand.
    player : str or None
        The caster; None: the player with priority.
    without_paying_mana_cost : bool
        Cast without paying the mana cost (CR 118.9); additional costs are
        still paid.
    cards : str or None
        Path of a card file (Scryfall-style JSON lines) used instead of the
        bundled card data; read once per worker process.
    backend : str or None
        The solver (see :class:`solver.legal.LegalCasts`); None: the default.
    limit : int or None
        Mode ``casts``: list at most this many casts per state file (the
        ``count`` is still the full number). None: all of them.
    strict : bool
        A card whose text legalcasts can't read makes the file's record an
        error (exit code 3). False: as ``legalcasts count`` does, that card is
        left out, named in the record's ``left_out``, and the others counted.

    Raises
    ------
    InputError
        An unknown mode, or a negative limit.
    """

    mode: str = "count"
    card: str | None = None
    player: str | None = None
    without_paying_mana_cost: bool = False
    cards: str | None = None
    backend: str | None = None
    limit: int | None = None
    strict: bool = False

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise InputError("--mode", f"unknown mode {self.mode!r} (modes are {', '.join(MODES)})")
        if self.limit is not None and self.limit < 0:
            raise InputError("--limit", f"must be 0 or more (got {self.limit})")


@dataclass(slots=True)
class BatchSummary:
    """What a batch did.

    Attributes
    ----------
    files : int
        State files in the batch (resumed ones included).
    solved : int
        Records with a count written by this run.
    failed : int
        Error records written by this run.
    resumed : int
        State files skipped because the output already held their record.
    resumed_failed : int
        Of those, how many are error records (kept as they are unless
        ``retry_errors``).
    discarded : str
        The half-written last line of the output, dropped before resuming
        ("" when there was none).
    seconds : float
        Wall-clock time of the run, in seconds.
    interrupted : bool
        The run was stopped (Ctrl-C) before every file was solved; rerun to resume.
    """

    files: int = 0
    solved: int = 0
    failed: int = 0
    resumed: int = 0
    resumed_failed: int = 0
    discarded: str = ""
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def exit_code(self) -> int:
        """0 when every state file has a count (this run's or a resumed one), 130 interrupted, else 1."""
        if self.interrupted:
            return 130
        return 1 if self.failed or self.resumed_failed else 0


def default_workers() -> int:
    """The number of CPUs this process may use (at least 1).

    Returns
    -------
    int
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _has_glob(text: str) -> bool:
    return any(char in text for char in "*?[")


def _json_files_under(directory: Path) -> list[str]:
    """The state files under a directory, recursively: ``*.json`` and Forge puzzles ``*.pzl`` (any case)."""
    return sorted(str(p) for p in directory.rglob("*") if p.is_file() and p.suffix.casefold() in (".json", ".pzl"))


def find_state_files(sources: str | Sequence[str]) -> list[str]:
    """The state files named by directories, glob patterns and file names.

    Parameters
    ----------
    sources : str or sequence of str
        Each is a directory (its ``*.json`` and ``*.pzl`` files, recursively), a
        glob pattern (``examples/case0*.json``; ``**`` matches any depth; a
        matched directory stands for its state files) or a file.

    Returns
    -------
    list of str
        Paths as found (relative when the source is; normalised, so
        ``./examples/`` and ``examples`` name a file alike), each source's
        files sorted, sources in the given order, each file once. This is the
        order of the records in the output.

    Raises
    ------
    InputError
        A source that names nothing, a pattern that matches no file, a
        directory with no ``*.json`` or ``*.pzl`` file.
    """
    if isinstance(sources, str):
        sources = [sources]
    found: dict[str, None] = {}
    for source in sources:
        if _has_glob(source) and not os.path.exists(source):
            files: list[str] = []
            for match in sorted(glob.glob(source, recursive=True)):
                files.extend(_json_files_under(Path(match)) if os.path.isdir(match) else [match])
            if not files:
                raise InputError(source, "the pattern matches no file")
        elif os.path.isdir(source):
            files = _json_files_under(Path(source))
            if not files:
                raise InputError(source, "the directory holds no state file (*.json, or Forge puzzle *.pzl)")
        elif os.path.exists(source):
            files = [source]
        else:
            raise InputError(source, "no such file or directory")
        found.update(dict.fromkeys(os.path.normpath(file) for file in files))
    return list(found)


def objects_to_cast(
    state: GameState,
    cards: CardDatabase,
    *,
    player: str | None = None,
    card: str | None = None,
    candidates: Sequence[str] | None = None,
) -> tuple[PlayerId, list[ObjectId]]:
    """The caster and the objects ``legalcasts count`` casts in a state.

    Parameters
    ----------
    state : GameState
    cards : CardDatabase
        For the did-you-mean of an unknown ``card``.
    player : str or None
        The caster; None: the player with priority (CR 117.1).
    card : str or None
        Only the cards of this name (case-insensitive; the French name, or
        any other name the card data gives the card, too) in the caster's
        hand; None: every card in the hand.
    candidates : sequence of str or None
        The objects to choose among, instead of the cards the caster may try to cast
        (:func:`~solver.legal.castable_objects`): ``--resolving`` gives the cards where a trigger finds them.

    Returns
    -------
    tuple of (PlayerId, list of ObjectId)
        The caster's id and the object ids, in hand order.

    Raises
    ------
    InputError
        An unknown player, an unknown card name, or no card of that name in
        the hand (the messages of ``legalcasts count``).
    """
    caster = PlayerId(player or state.priority)
    if caster not in state.players:
        raise InputError("--player", f"unknown player {caster!r} (players are {', '.join(state.players)})")
    among = castable_objects(state, caster) if candidates is None else candidates
    hand = [state.object(object_id) for object_id in among]
    if card is None:
        return caster, [o.id for o in hand]
    wanted = {card.casefold()}
    if card in cards:  # a French name names the card too (CardDatabase.get reads French names)
        wanted.add(cards.get(card, path="--card").name.casefold())
    chosen = [
        o.id
        for o in hand
        if o.card.name.casefold() in wanted or (o.card.name_fr is not None and o.card.name_fr.casefold() in wanted)
    ]
    if not chosen:
        raise InputError("--card", _no_such_card(state, card, caster, sorted({o.name for o in hand}), cards))
    return caster, chosen


def _no_such_card(state: GameState, card: str, caster: PlayerId, names: list[str], cards: CardDatabase) -> str:
    """Why ``--card`` names nothing the player may cast: an object's id, a near name of theirs, or an unknown card."""
    if state.has_object(card):
        return f"{card!r} is an object's id, not a card's name: --object {card} names it"
    folded = {name.casefold(): name for name in names}
    close = [folded[n] for n in difflib.get_close_matches(card.casefold(), list(folded), n=2, cutoff=0.6)]
    listed = ", ".join(names) or "nothing"
    if close:
        return f"no card named {card!r} that {caster} may cast (did you mean {' or '.join(map(repr, close))}?)"
    known = "" if card in cards else "unknown card; "
    return f"{known}no card named {card!r} that {caster} may cast ({caster} may cast: {listed})"


@functools.lru_cache(maxsize=4)
def _card_database(path: str | None) -> CardDatabase:
    """The card data of a worker process, read once per process and path."""
    return load_card_database(path) if path else default_card_database()


def _views(
    state: GameState, options: BatchOptions, cards: CardDatabase
) -> tuple[list[tuple[LegalCasts, int]], list[dict[str, str]]]:
    """The views of the cards to cast with their counts, and the cards left out because their text can't be read.

    As ``legalcasts count``: a card left out is named (id, name, the error) and the others counted; under
    ``strict``, or when no other card is left, the error is raised (an error record, exit code 3).
    """
    caster, object_ids = objects_to_cast(state, cards, player=options.player, card=options.card)
    views: list[tuple[LegalCasts, int]] = []
    left_out: list[tuple[str, UnsupportedRuleError]] = []
    for object_id in object_ids:
        if state.object(object_id).card.is_land:  # lands are played, not cast (CR 305.9)
            continue
        try:
            view = LegalCasts(
                state,
                object_id,
                player=caster,
                without_paying_mana_cost=options.without_paying_mana_cost,
                backend=options.backend,
            )
            views.append((view, view.count()))  # text that is read only when counting fails here
        except UnsupportedRuleError as error:
            left_out.append((object_id, error))
    if left_out and (options.strict or not views):
        raise left_out[0][1]
    return views, [
        {"card": object_id, "name": state.object(object_id).name, "error": str(error)} for object_id, error in left_out
    ]


def solve_state_file(path: str, options: BatchOptions = BatchOptions()) -> dict[str, Any]:
    """The record of one state file: its count (and casts), or its error.

    This is the function both engines run, once per state file. It never
    raises for a bad or unsupported state: the error becomes the record.

    Parameters
    ----------
    path : str
        The state file, as it should appear in the record.
    options : BatchOptions

    Returns
    -------
    dict
        ``{"state": path, "count": int}``, plus ``"casts"`` (list of
        :meth:`Cast.to_json` objects, hand order then each card's cast order,
        at most ``options.limit``) in mode ``casts``, plus ``"left_out"``
        (``{"card": id, "name": str, "error": str}`` for each card whose text
        can't be read, left out of the count) when there are such cards, plus ``"warnings"`` (lines) for a
        Forge puzzle naming cards Forge's data does not have, left out as Forge leaves them out; or
        ``{"state": path, "error": str, "exit_code": int}``: 2 bad input,
        3 text legalcasts can't read (the message and code of
        ``legalcasts count``), 1 an unexpected failure (a bug: the message
        names the exception).
    """
    try:
        cards = _card_database(options.cards)
        warnings: list[str] = []
        if str(path).casefold().endswith(".pzl"):  # a Forge puzzle: the cards Forge would leave out, warned
            puzzle = load_puzzle(path, cards)
            state, warnings = puzzle.state, list(puzzle.warnings)
        else:
            state = load_state(path, cards)
        views, left_out = _views(state, options, cards)  # every problem is built before any count
        record: dict[str, Any] = with_decimals({"state": path, "count": sum(count for _, count in views)})
        if left_out:
            record["left_out"] = left_out
        if warnings:
            record["warnings"] = warnings
        if options.mode == "casts":
            casts: list[dict[str, Any]] = []
            for view, _ in views:
                for cast in view:
                    if options.limit is not None and len(casts) >= options.limit:
                        break
                    casts.append(cast.to_json())
            record["casts"] = casts
        return record
    except UnsupportedRuleError as exc:
        return {"state": path, "error": one_line(str(exc)), "exit_code": EXIT_UNSUPPORTED}
    except LegalcastsError as exc:
        return {"state": path, "error": one_line(str(exc)), "exit_code": EXIT_INPUT}
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
        return {"state": path, "error": f"internal error: {type(exc).__name__}: {exc}", "exit_code": EXIT_INTERNAL}


def solve_state_files(paths: Sequence[str], options: BatchOptions = BatchOptions()) -> list[dict[str, Any]]:
    """The records of a chunk of state files: :func:`solve_state_file` on each, in order.

    One task of an engine: a chunk of several files costs the engine's
    per-task overhead (about a millisecond for Dask) once.

    Parameters
    ----------
    paths : sequence of str
    options : BatchOptions

    Returns
    -------
    list of dict
        One record per path, in the order of ``paths``.
    """
    return [solve_state_file(path, options) for path in paths]


def default_chunk_size(files: int, workers: int, engine: str) -> int:
    """How many state files one task solves, by default.

    Parameters
    ----------
    files : int
        State files to solve.
    workers : int
    engine : str

    Returns
    -------
    int
        1 for the local engine (a process pool's overhead per task is
        small); for dask, enough files per task to give each worker about 8
        tasks, at most 50.

    Examples
    --------
    >>> default_chunk_size(44, 2, "dask"), default_chunk_size(10_000, 2, "dask"), default_chunk_size(44, 2, "local")
    (3, 50, 1)
    """
    if engine == "local":
        return 1
    return max(1, min(50, -(-files // (workers * 8))))


def _chunks(paths: Sequence[str], size: int) -> list[list[str]]:
    return [list(paths[start : start + size]) for start in range(0, len(paths), size)]


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl-C is for the parent, which stops the pool and keeps what was written."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _iter_local(paths: Sequence[str], options: BatchOptions, workers: int, chunk_size: int) -> Iterator[dict[str, Any]]:
    if workers == 1:
        for path in paths:
            yield solve_state_file(path, options)
        return
    chunks = _chunks(paths, chunk_size)
    pool = ProcessPoolExecutor(max_workers=min(workers, len(chunks)), initializer=_ignore_interrupts)
    try:
        futures = [pool.submit(solve_state_files, chunk, options) for chunk in chunks]
        try:
            for future in as_completed(futures):
                yield from future.result()
        except BrokenProcessPool as exc:
            raise BatchError(f"a worker process died ({exc}); the records written so far are kept") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while processes are started (they keep ignoring it), then restore the handler."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _iter_dask(
    paths: Sequence[str],
    options: BatchOptions,
    workers: int,
    chunk_size: int,
    scheduler: str | None,
    processes: bool,
) -> Iterator[dict[str, Any]]:
    try:
        import logging

        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as dask_as_completed
    except ImportError:
        raise BatchError("the dask engine needs the 'dask' extra: pip install -e '.[dask]' in a checkout") from None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="10s")
        else:
            with _interrupts_ignored():  # the worker processes inherit it: Ctrl-C is for this process
                cluster = LocalCluster(
                    n_workers=min(workers, -(-len(paths) // chunk_size)),
                    threads_per_worker=1,
                    processes=processes,
                    dashboard_address=None,
                    silence_logs=logging.CRITICAL,
                    scheduler_kwargs={"dashboard": False, "dashboard_address": ":0"},
                )
            client = Client(cluster)
    except (OSError, TimeoutError, ValueError) as exc:  # ValueError: an address Dask can't parse
        if cluster is not None:
            cluster.close()
        raise BatchError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc})") from None
    try:
        futures = client.map(solve_state_files, _chunks(paths, chunk_size), options=options, pure=False)
        try:
            for future in dask_as_completed(futures):
                yield from future.result()
        except Exception as exc:  # noqa: BLE001 - a lost worker (KilledWorker), a closed scheduler
            raise BatchError(
                f"the Dask cluster failed ({type(exc).__name__}: {exc}); the records written so far are kept"
            ) from None
        finally:
            client.cancel(futures)
    finally:
        # a worker still talking as the cluster closes logs its closed connection with a traceback: the run's
        # outcome is known by now (its records, or the BatchError above), so closing says nothing
        dask_logger = logging.getLogger("distributed")
        level = dask_logger.level
        dask_logger.setLevel(logging.CRITICAL + 1)
        try:
            client.close()
            if cluster is not None:
                cluster.close()
        finally:
            dask_logger.setLevel(level)


MAX_WORKERS = 256
"""The most worker processes a batch starts: each is a Python process holding the card data."""


def _check_engine(engine: str, workers: int | None) -> int:
    """The number of workers, once the engine and the count are checked."""
    if engine not in ENGINES:
        raise InputError("--engine", f"unknown engine {engine!r} (engines are {', '.join(ENGINES)})")
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise InputError("--workers", f"must be 1 or more (got {workers})")
    if workers > MAX_WORKERS:
        raise InputError(
            "--workers", f"at most {MAX_WORKERS} (got {workers:,}); this machine has {default_workers()} CPUs"
        )
    return workers


def _check_chunk_size(chunk_size: int | None, files: int, workers: int, engine: str) -> int:
    if chunk_size is None:
        return default_chunk_size(files, workers, engine)
    if chunk_size < 1:
        raise InputError("--chunk-size", f"must be 1 or more (got {chunk_size})")
    return chunk_size


def iter_batch_records(
    paths: Sequence[str],
    options: BatchOptions = BatchOptions(),
    *,
    engine: str = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    processes: bool = True,
    chunk_size: int | None = None,
) -> Iterator[dict[str, Any]]:
    """The records of many state files, as they finish.

    Parameters
    ----------
    paths : sequence of str
        State files (see :func:`find_state_files`).
    options : BatchOptions
    engine : str
        ``"local"``: a process pool of this machine; ``"dask"``: a Dask
        cluster.
    workers : int or None
        Worker processes (local engine; dask engine without ``scheduler``:
        workers of the ``LocalCluster``, one thread each). None: the CPU
        count. The local engine with 1 worker solves in this process.
    scheduler : str or None
        Dask engine: address of the scheduler of an existing cluster
        (``tcp://host:8786``); its workers must see the state files by the
        same paths. None: a ``LocalCluster`` for this run.
    processes : bool
        Dask ``LocalCluster``: workers are processes (True) or threads of
        this process (False: quick to start, but the GIL runs one at a time).
    chunk_size : int or None
        State files per task (:func:`solve_state_files`); their records come
        together when the task ends. None: :func:`default_chunk_size`.

    Yields
    ------
    dict
        One record per path (see :func:`solve_state_file`), in the order
        they finish (not the order of ``paths``).

    Raises
    ------
    InputError
        An unknown engine or a worker count below 1.
    BatchError
        Dask missing or unreachable, a worker lost.
    """
    workers = _check_engine(engine, workers)
    if not paths:
        return
    chunk_size = _check_chunk_size(chunk_size, len(paths), workers, engine)
    if engine == "local":
        yield from _iter_local(paths, options, workers, chunk_size)
    else:
        yield from _iter_dask(paths, options, workers, chunk_size, scheduler, processes)


def _read_batch_record(record: Any, where: str, mode: str) -> dict[str, Any]:
    if (
        not isinstance(record, dict)
        or not isinstance(record.get("state"), str)
        or not ("count" in record or "error" in record)
    ):
        raise InputError(
            where,
            "not a batch record (a JSON object with 'state' and 'count' or 'error'); "
            "is this the output of an earlier batch?",
        )
    if "error" not in record and ("casts" in record) != (mode == "casts"):
        written = "casts" if "casts" in record else "count"
        raise InputError(where, f"a record of --mode {written}; this run is --mode {mode}: use another --output file")
    return record


@dataclass(slots=True)
class ResumeState:
    """The records an output file already holds, read before a batch resumes.

    Attributes
    ----------
    records : list of dict
        The whole records, in file order.
    keep_bytes : int
        Length of the file up to the end of its last whole record line.
    discarded : str
        The half-written last line (no newline, not a whole record); "" when none.
    needs_newline : bool
        The last line is a whole record without its newline.
    """

    records: list[dict[str, Any]] = field(default_factory=list)
    keep_bytes: int = 0
    discarded: str = ""
    needs_newline: bool = False


def read_output_records(output: str | Path, mode: str = "count") -> ResumeState:
    """Read the records an earlier (maybe interrupted) batch wrote.

    A last line without its newline is kept when it is a whole record, and
    dropped otherwise (a run stopped in the middle of a write). Blank lines
    are skipped.

    Parameters
    ----------
    output : str or Path
        The output file; a missing file holds no record.
    mode : str
        This run's mode: records of the other mode can't be mixed in.

    Returns
    -------
    ResumeState

    Raises
    ------
    InputError
        A line (other than a half-written last one) that is not a batch
        record, or a record of the other mode; the path names the line.
    """
    path = Path(output)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return ResumeState()
    except OSError as exc:
        raise InputError(str(path), f"cannot read the output file ({exc.strerror})") from None
    lines = data.split(b"\n")
    tail = lines.pop()  # what follows the last newline: b"" when the file ends with one
    state = ResumeState(keep_bytes=len(data) - len(tail))
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            record = None
        state.records.append(_read_batch_record(record, f"{path}: line {number}", mode))
    if tail.strip():
        try:
            record = json.loads(tail)
        except (json.JSONDecodeError, UnicodeDecodeError):
            record = None
        if (
            isinstance(record, dict)
            and isinstance(record.get("state"), str)
            and ("count" in record or "error" in record)
        ):
            state.records.append(_read_batch_record(record, f"{path}: line {len(lines) + 1}", mode))
            state.keep_bytes, state.needs_newline = len(data), True
        else:
            state.discarded = tail.decode("utf-8", errors="replace")
    return state


def _dump(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False) + "\n"


def _rewrite(output: Path, records: Iterable[dict[str, Any]]) -> None:
    """Replace the output file by these records, atomically (a temporary file renamed over it)."""
    temporary = output.with_name(f".{output.name}.tmp")
    with temporary.open("w", encoding="utf-8") as handle:
        handle.writelines(_dump(record) for record in records)
    os.replace(temporary, output)


def _in_input_order(records: list[dict[str, Any]], paths: Sequence[str]) -> list[dict[str, Any]]:
    """Records sorted as ``paths``; records of other files last, in their order (a stable sort)."""
    rank = {path: index for index, path in enumerate(paths)}
    return sorted(records, key=lambda record: rank.get(record["state"], len(rank)))


def _progress(enabled: bool, console: Any) -> Any:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[failed]} failed"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        disable=not enabled,
    )


def run_batch(
    sources: str | Sequence[str],
    options: BatchOptions = BatchOptions(),
    *,
    output: str | Path | None = None,
    stream: IO[str] | None = None,
    engine: str = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    processes: bool = True,
    chunk_size: int | None = None,
    retry_errors: bool = False,
    progress: bool = True,
    log: IO[str] | None = None,
) -> BatchSummary:
    """Solve many state files and write one JSON line per file.

    Parameters
    ----------
    sources : str or sequence of str
        Directories, glob patterns or files (see :func:`find_state_files`).
    options : BatchOptions
        What to compute for each file.
    output : str, Path or None
        The output file. Records are appended as each file finishes (so an
        interrupted run loses nothing finished); when the run ends they are
        sorted into the order of the state files (:func:`find_state_files`).
        If the file already holds records (an earlier run of the same
        batch), their files are skipped: the run resumes. None: write to
        ``stream`` instead, in the order of the state files, each record as
        soon as those before it are written; nothing is resumed.
    stream : text stream or None
        Where records go without ``output``; default ``sys.stdout``.
    engine, workers, scheduler, processes, chunk_size
        See :func:`iter_batch_records`.
    retry_errors : bool
        Resume, but solve again the files whose record is an error (their
        old records are dropped).
    progress : bool
        Show a progress bar (rich) on ``log``.
    log : text stream or None
        Where the progress bar and the notes go (resumed files, a discarded
        half line, the summary); default ``sys.stderr``.

    Returns
    -------
    BatchSummary
        Its ``exit_code`` is 1 when some state file has an error record, 130 when interrupted.

    Raises
    ------
    InputError
        Bad sources or options, an output file that is not a batch output
        (of this mode), or an output that is one of the state files; raised
        before anything is written.
    BatchError
        Dask missing or unreachable, a worker lost (the records written so
        far are kept: rerun to resume).
    KeyboardInterrupt
        Not raised: the run stops, keeps what it wrote and reports
        ``interrupted``.
    """
    from rich.console import Console

    started = time.perf_counter()
    workers = _check_engine(engine, workers)
    paths = find_state_files(sources)
    chunk_size = _check_chunk_size(chunk_size, len(paths), workers, engine)
    _card_database(options.cards)  # a bad card file stops the batch before it starts; forked workers inherit it
    console = Console(file=log or sys.stderr, highlight=False, markup=False, soft_wrap=True)
    summary = BatchSummary(files=len(paths))
    output_path = _checked_output(output, paths)
    todo = _resume_output(output_path, paths, options.mode, retry_errors, summary, console)
    sink = _open_sink(output_path, stream)
    try:
        with _progress(progress, console) as bar:
            label = f"dask {scheduler}" if engine == "dask" and scheduler else f"{engine} x{workers}"
            task = bar.add_task(label, total=len(todo), failed=0)
            records = iter_batch_records(
                todo,
                options,
                engine=engine,
                workers=workers,
                scheduler=scheduler,
                processes=processes,
                chunk_size=chunk_size,
            )
            write = _append_record(sink) if output_path is not None else _record_writer_in_order(sink, todo)
            _write_records(records, write, summary, lambda: bar.update(task, advance=1, failed=summary.failed))
    finally:
        if output_path is not None:
            sink.close()
    if output_path is not None and not summary.interrupted:
        _rewrite(output_path, _in_input_order(read_output_records(output_path, options.mode).records, paths))
    summary.seconds = time.perf_counter() - started
    _print_summary(console, summary, len(todo), output_path)
    return summary


def _checked_output(output: str | Path | None, paths: Sequence[str]) -> Path | None:
    """The output file as a Path, checked before anything is written; None for none.

    Raises
    ------
    InputError
        Its folder does not exist, it is a folder, or it is one of the state files.
    """
    if output is None:
        return None
    output = Path(output)
    if not output.parent.is_dir():
        raise InputError("--output", f"{output}: no such folder {str(output.parent)!r}")
    if output.is_dir():
        raise InputError("--output", f"{output} is a folder; name a file (*.jsonl)")
    if output.exists() and any(os.path.samefile(output, path) for path in paths):
        raise InputError("--output", f"{output} is one of the state files (name the output *.jsonl)")
    return output


def _resume_output(
    output: Path | None, paths: Sequence[str], mode: str, retry_errors: bool, summary: BatchSummary, console: Any
) -> list[str]:
    """The state files still to solve, with the output file cut back to the records kept.

    Parameters
    ----------
    output : Path or None
        The output file; None: nothing is resumed.
    paths : sequence of str
        The state files of the batch, in order.
    mode : str
        The run's mode (:attr:`BatchOptions.mode`): records of the other mode are refused.
    retry_errors : bool
        Drop the error records, to solve their files again.
    summary : BatchSummary
        Given the files resumed, those of them that failed, and the half line discarded.
    console : rich Console
        Where the notes go: a half line discarded, the files resumed.

    Returns
    -------
    list of str
        The state files without a record kept, in the order of ``paths``.

    Raises
    ------
    InputError
        As :func:`read_output_records`.
    """
    resume = read_output_records(output, mode) if output is not None else ResumeState()
    kept = resume.records
    if retry_errors:
        kept = [record for record in kept if "error" not in record]
    done = {record["state"]: record for record in kept}
    todo = [path for path in paths if path not in done]
    summary.resumed = len(paths) - len(todo)
    summary.resumed_failed = sum(1 for path in paths if "error" in done.get(path, {}))
    summary.discarded = resume.discarded
    if output is not None and (resume.records or resume.discarded):
        if resume.discarded:
            console.print(f"discarded the half-written last line of {output} ({len(resume.discarded)} characters)")
        if kept is not resume.records:
            _rewrite(output, kept)  # the error records to retry go
        else:
            _cut_to_whole_records(output, resume)
        console.print(
            f"resuming: {summary.resumed} of {len(paths)} state files already have a record in {output}"
            f" ({summary.resumed_failed} of them errors); {len(todo)} to solve"
        )
    return todo


def _cut_to_whole_records(output: Path, resume: ResumeState) -> None:
    """Cut the output file after its last whole record, and end that record's line if it has no newline."""
    with output.open("r+b") as handle:
        handle.truncate(resume.keep_bytes)
        if resume.needs_newline:
            handle.seek(0, io.SEEK_END)
            handle.write(b"\n")


def _open_sink(output: Path | None, stream: IO[str] | None) -> IO[str]:
    """Where the records are written: the output file opened to append, or else ``stream`` or stdout.

    Raises
    ------
    InputError
        The output file can't be opened.
    """
    try:
        return output.open("a", encoding="utf-8") if output is not None else (stream or sys.stdout)
    except OSError as exc:
        raise InputError("--output", f"cannot write {output} ({exc.strerror})") from None


def _append_record(sink: IO[str]) -> Callable[[dict[str, Any]], None]:
    """A writer of each record to the output file as it finishes (sorted when the run ends)."""

    def write(record: dict[str, Any]) -> None:
        sink.write(_dump(record))
        sink.flush()

    return write


def _record_writer_in_order(sink: IO[str], todo: Sequence[str]) -> Callable[[dict[str, Any]], None]:
    """A writer of the records in the order of ``todo``, each as soon as those before it are written."""
    rank = {path: index for index, path in enumerate(todo)}
    waiting: dict[int, dict[str, Any]] = {}
    next_rank = 0

    def write(record: dict[str, Any]) -> None:
        nonlocal next_rank
        waiting[rank[record["state"]]] = record
        while next_rank in waiting:
            sink.write(_dump(waiting.pop(next_rank)))
            next_rank += 1
        sink.flush()

    return write


def _write_records(
    records: Iterator[dict[str, Any]],
    write: Callable[[dict[str, Any]], None],
    summary: BatchSummary,
    advance: Callable[[], None],
) -> None:
    """Write each record as it comes, counting it solved or failed; Ctrl-C stops the run, marked interrupted."""
    try:
        for record in records:
            if "error" in record:
                summary.failed += 1
            else:
                summary.solved += 1
            write(record)
            advance()
    except KeyboardInterrupt:
        summary.interrupted = True


def _print_summary(console: Any, summary: BatchSummary, todo: int, output: Path | None) -> None:
    """Print what the run did: the files solved, failed and resumed, and its time; or how far it got."""
    where = f"; records in {output}" if output is not None else ""
    if summary.interrupted:
        console.print(
            f"interrupted: {summary.solved + summary.failed} of {todo} state files solved{where}; "
            "run the same command again to resume"
        )
    else:
        files = f"{summary.files} state file{'' if summary.files == 1 else 's'}"
        console.print(
            f"{files}: {summary.solved} solved, {summary.failed} failed, "
            f"{summary.resumed} resumed in {summary.seconds:.2f} s{where}"
        )
