"""CPU-time medians shared by the benchmarks (``time.process_time``: the machines are shared and noisy)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

__all__ = ["cpu_median", "per_call"]


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
