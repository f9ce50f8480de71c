"""Benchmark: reading the whole card pool's Oracle text.

Usage::

    python -m benchmarks.pool_reading            # 3 runs
    python -m benchmarks.pool_reading --runs 5

Every card of the default card data (the whole 2026 pool) is read with
:func:`models.oracle.parser.parse_card`, its caches and the line cache
emptied before each run; the grammar is built once, before the first run.
Prints the CPU median and spread of a run, and whether it meets the target
(at most 10 s, so that ``legalcasts coverage`` of the whole pool runs in the
tests), and the per-card rate.
"""

from __future__ import annotations

import argparse
import statistics
import time

from models.io.card_pool import default_card_database
from models.oracle.parser import oracle_parser, parse_card, read_line

__all__ = ["TARGET_SECONDS", "main"]

TARGET_SECONDS = 10.0
"""The most a whole-pool read may take, CPU seconds."""


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cards = list(default_card_database())
    oracle_parser()  # the grammar is built once per process, as in any command
    times = []
    for _ in range(args.runs):
        parse_card.cache_clear()
        read_line.cache_clear()
        started = time.process_time()
        for card in cards:
            parse_card(card)
        times.append(time.process_time() - started)
    median = statistics.median(times)
    print(
        f"read {len(cards):,} cards of the pool: CPU median {median:.2f} s over {args.runs} runs "
        f"(min {min(times):.2f} s, max {max(times):.2f} s); {1e6 * median / len(cards):.0f} µs per card"
    )
    print(
        f"target read of the whole pool <= {TARGET_SECONDS:.0f} s: {median:.2f} s -> "
        f"{'met' if median <= TARGET_SECONDS else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
