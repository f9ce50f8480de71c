"""CPU-time medians shared by the benchmarks (``time.process_time``: the machines are shared and noisy).

And :class:`FreshProcess`, a process that has met no card, for the figures of a card's first meeting.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import statistics
import time
import traceback
from collections.abc import Callable
from typing import Any

__all__ = ["cpu_median", "per_call", "percentile", "FreshProcess", "FullCollections"]


def cpu_median(function: Callable[[], Any], repeat: int) -> float:
    """The median CPU time of ``repeat`` calls of ``function``, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return statistics.median(times)


def per_call(function: Callable[[], Any], calls: int, batch: int = 50) -> float:
    """Median CPU seconds per call, over batches of ``batch`` calls (``calls`` in all, at least one batch)."""
    means = []
    for _ in range(max(1, calls // batch)):
        start = time.process_time()
        for _ in range(batch):
            function()
        means.append((time.process_time() - start) / batch)
    return statistics.median(means)


def percentile(values: list[float], p: int) -> float:
    """The ``p``-th percentile of ``values`` (1 to 99; interpolated between the two nearest, as numpy's default).

    Parameters
    ----------
    values : list of float
        At least one value.
    p : int

    Returns
    -------
    float
        The median for ``p = 50``; with fewer than 100 values, ``p = 99`` lies between the two largest.
    """
    ordered = sorted(values)
    place = (len(ordered) - 1) * p / 100
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def _serve_forks(connection: Any, prepare: Callable[[], Any] | None) -> None:
    """The loop of a :class:`FreshProcess`: each request ``(function, args)`` is run in a fork of this process."""
    if prepare is not None:
        prepare()
    connection.send("ready")
    while True:
        request = connection.recv()
        if request is None:
            return
        function, args = request
        reader, writer = multiprocessing.Pipe(duplex=False)
        pid = os.fork()
        if pid == 0:  # the child: run, answer, and end without running the parent's exit handlers
            try:
                answer: tuple[str, Any] = ("ok", function(*args))
            except BaseException:  # reported to the caller, who raises it  # noqa: BLE001
                answer = ("error", traceback.format_exc())
            try:
                writer.send(answer)
            finally:
                os._exit(0)
        writer.close()
        try:
            answer = reader.recv()
        except EOFError:
            answer = ("error", "the fork ended without an answer")
        os.waitpid(pid, 0)
        reader.close()
        connection.send(answer)


class FreshProcess:
    """A process that has met no card: each :meth:`run` is a fork of it, so every call meets its cards first.

    Start it before the process that starts it reads any card (it is forked from it): it holds what that
    process had then (the modules imported, the card data opened) and what ``prepare`` adds (the grammar's
    parser, say). A call run in a fork of it finds the process-wide caches as they were then: no card read,
    no line of text read, no state seen. Use it as a context manager, or call :meth:`close`.

    Parameters
    ----------
    prepare : callable or None
        Called once in the process, before the first fork; the constructor returns once it is done.
    """

    def __init__(self, prepare: Callable[[], Any] | None = None) -> None:
        context = multiprocessing.get_context("fork")
        self._connection, child = context.Pipe()
        self._process = context.Process(target=_serve_forks, args=(child, prepare))
        self._process.start()
        child.close()
        if self._connection.recv() != "ready":  # prepared before anything else is timed: it takes a CPU
            raise RuntimeError("the fresh process did not start")

    def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a new fork of the process, and its result.

        Parameters
        ----------
        function : callable
            A module-level function (it is pickled), as are ``args`` and the result.
        *args

        Returns
        -------
        object

        Raises
        ------
        RuntimeError
            The call raised in the fork (its traceback is the message).
        """
        self._connection.send((function, args))
        status, value = self._connection.recv()
        if status != "ok":
            raise RuntimeError(f"in a fresh process: {value}")
        return value

    def close(self) -> None:
        """End the process."""
        try:
            self._connection.send(None)
        except OSError:
            pass
        self._process.join(timeout=10)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()

    def __enter__(self) -> FreshProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class FullCollections:
    """The full collections (generation 2) of Python's garbage collector while in the ``with`` block.

    Each one's CPU time is kept in :attr:`seconds`: a full collection scans every object the process holds
    (the states a service holds, their views), and its time lands on whatever call allocates at that moment.

    Attributes
    ----------
    seconds : list of float
        The CPU time of each full collection, in order.
    """

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self._started = 0.0

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started = time.process_time()
        else:
            self.seconds.append(time.process_time() - self._started)

    def __enter__(self) -> FullCollections:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc_info: object) -> None:
        gc.callbacks.remove(self._callback)
