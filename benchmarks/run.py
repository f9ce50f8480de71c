"""Benchmark the engines on the scaling family and the count suite, in one process.

Usage::

    python -m benchmarks.run                 # the whole family, n in 2..40, k in 0..4
    python -m benchmarks.run --quick         # a smaller grid
    python -m benchmarks.run --stream 10000000   # memory while streaming 10^7 casts

For every case the count is asserted against the hand formula first
(:func:`benchmarks.family.family_count`); then, side by side: count (fast
path, python-constraint, CP-SAT), enumeration (capped), sampling and checking
one cast. What each figure finds held: the count builds a new view (its
problem) at every call, on one state object per case, so what the state
decides (:func:`solver.problem.state_memo`) is read at the first call only,
and the cards are met before; python-constraint and CP-SAT count once, their
problem built inside. Enumeration times a problem already analysed; sampling
and checking, a held view. Engines too slow for a case are skipped above a cap and the table
says so. Every time is CPU time (``time.process_time``), so a busy machine
slows the figures less; the ratios are measured in the same run. Prints a
table and the ratios, writes JSON lines and a log-log PNG plot of count time
against the number of casts into ``--out``.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import platform
import random
import statistics
import time
import tracemalloc
from pathlib import Path

from benchmarks.family import SIZES, SPLICE_COUNTS, family_count, family_state
from benchmarks.timing import cpu_median, per_call
from legalcasts import build_cast_problem, castable_objects, get_engine, legal_casts

__all__ = ["main", "run_case"]


def _rate(iterator, cap: int) -> tuple[int, float]:
    """(items taken, items per second) for the first ``cap`` items of an iterator."""
    start = time.process_time()
    taken = 0
    for _ in itertools.islice(iterator, cap):
        taken += 1
    elapsed = time.process_time() - start
    return taken, taken / elapsed if elapsed else float("inf")


def run_case(n: int, k: int, args: argparse.Namespace) -> dict:
    """Measure one case of the family; see the module notes. Returns one JSON-able record."""
    state = family_state(n, k)
    expected = family_count(n, k)
    fast = get_engine("fast")
    record: dict = {"n": n, "k": k, "casts": expected}

    # --- count (problem built inside the timing for every backend)
    got = legal_casts(state, "spell").count()
    if got != expected:
        raise AssertionError(f"n={n} k={k}: fast path counts {got}, the formula says {expected}")
    record["count_fast_s"] = cpu_median(lambda: legal_casts(state, "spell").count(), args.repeat)
    if expected <= args.constraint_cap:

        def constraint_count():
            return sum(1 for _ in get_engine("python-constraint").solutions(build_cast_problem(state, "spell")))

        start = time.process_time()
        assert constraint_count() == expected
        record["count_constraint_s"] = time.process_time() - start
    if expected <= args.cpsat_cap:
        start = time.process_time()
        assert sum(1 for _ in get_engine("cpsat").solutions(build_cast_problem(state, "spell"))) == expected
        record["count_cpsat_s"] = time.process_time() - start

    # --- enumerate (capped): compact tuples and Cast objects from the fast path; assignments elsewhere
    cap = min(expected, args.enumerate_cap)
    problem = build_cast_problem(state, "spell")
    fast.count(problem)  # the decomposition is made once per problem: time the streaming, not that
    record["enumerated"] = cap
    record["enum_fast_compact_per_s"] = _rate(fast.iter_compact(problem), cap)[1]
    record["enum_fast_casts_per_s"] = _rate(fast.casts(problem), cap)[1]
    constraint_cap = min(cap, args.constraint_enumerate_cap)
    record["enum_constraint_solutions_per_s"] = _rate(
        get_engine("python-constraint").solutions(problem), constraint_cap
    )[1]
    record["enum_constraint_casts_per_s"] = _rate(
        (problem.to_cast(s) for s in get_engine("python-constraint").solutions(problem)), constraint_cap
    )[1]
    record["enum_fast_solutions_per_s"] = _rate(fast.solutions(problem), constraint_cap)[1]
    if expected <= args.cpsat_cap:
        record["enum_cpsat_solutions_per_s"] = _rate(get_engine("cpsat").solutions(problem), min(cap, args.cpsat_cap))[
            1
        ]

    # --- sample and check one cast
    view = legal_casts(state, "spell")
    rng = random.Random(1)
    view.sample(rng)
    record["sample_s"] = per_call(lambda: view.sample(rng), args.calls)
    casts = [view.sample(rng) for _ in range(200)]
    cycle = itertools.cycle(casts)
    assert all(cast in view for cast in casts)
    record["check_s"] = per_call(lambda: next(cycle) in view, args.calls)
    return record


def run_suite(args: argparse.Namespace) -> list[dict]:
    """Count every case of the count suites with the fast path and python-constraint."""
    from models.io.state_json import load_state

    root = Path(__file__).resolve().parent.parent
    records = []
    lines = [
        line
        for suite in sorted((root / "tests" / "counts").glob("*.jsonl"))
        for line in suite.read_text("utf-8").splitlines()
        if line.strip()
    ]
    for line in lines:
        case = json.loads(line)
        state = load_state(root / case["state"])
        player = case.get("player") or state.priority
        if case.get("object"):
            objects = [case["object"]]
        else:
            objects = [
                o
                for o in castable_objects(state, player)
                if not case.get("card") or state.object(o).card.name == case["card"]
            ]
        options = {"player": player, "without_paying_mana_cost": case["without_paying_mana_cost"]}

        def fast_count(state=state, objects=objects, options=options):
            return sum(legal_casts(state, o, **options).count() for o in objects)

        def constraint_count(state=state, objects=objects, options=options):
            return sum(legal_casts(state, o, backend="python-constraint", **options).count() for o in objects)

        assert fast_count() == constraint_count() == case["casts"], case["id"]
        records.append(
            {
                "suite": case["id"],
                "casts": case["casts"],
                "count_fast_s": cpu_median(fast_count, args.repeat),
                "count_constraint_s": cpu_median(constraint_count, args.repeat),
            }
        )
    return records


def _stream_memory(n: int, k: int, count: int) -> dict:
    """Peak traced memory while streaming ``count`` casts in compact form."""
    problem = build_cast_problem(family_state(n, k), "spell")
    fast = get_engine("fast")
    gc.collect()
    tracemalloc.start()
    taken = 0
    start = time.process_time()
    for _ in itertools.islice(fast.iter_compact(problem), count):
        taken += 1
    elapsed = time.process_time() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"n": n, "k": k, "streamed": taken, "peak_bytes": peak, "seconds_traced": elapsed}


def _format_rate(value: float | None) -> str:
    return "-" if value is None else f"{value / 1e6:.2f}M" if value >= 1e6 else f"{value / 1e3:.0f}k"


def _format_time(value: float | None) -> str:
    if value is None:
        return "skipped"
    return f"{value * 1e3:.2f} ms" if value >= 1e-3 else f"{value * 1e6:.1f} µs"


def _print(records: list[dict], memory: dict | None) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="legalcasts on the Arcane Spree family (CPU times, medians)")
    for column in (
        "n",
        "k",
        "casts",
        "count fast",
        "count p-c",
        "count CP-SAT",
        "fast/p-c",
        "enum compact/s",
        "enum Cast/s",
        "p-c sol/s",
        "fast sol/s",
        "CP-SAT sol/s",
        "sample",
        "check",
    ):
        table.add_column(column, justify="right")
    for r in records:
        ratio = r.get("count_constraint_s", 0) / r["count_fast_s"] if "count_constraint_s" in r else None
        table.add_row(
            str(r["n"]),
            str(r["k"]),
            f"{r['casts']:.3g}",
            _format_time(r["count_fast_s"]),
            _format_time(r.get("count_constraint_s")),
            _format_time(r.get("count_cpsat_s")),
            "-" if ratio is None else f"{ratio:.0f}x",
            _format_rate(r["enum_fast_compact_per_s"]),
            _format_rate(r["enum_fast_casts_per_s"]),
            _format_rate(r["enum_constraint_solutions_per_s"]),
            _format_rate(r["enum_fast_solutions_per_s"]),
            _format_rate(r.get("enum_cpsat_solutions_per_s")),
            _format_time(r["sample_s"]),
            _format_time(r["check_s"]),
        )
    console = Console(width=200)
    console.print(table)
    _verdicts(records)
    worst = max(r["count_fast_s"] for r in records)
    print(
        f"count, fast path: worst median {worst * 1e3:.2f} ms (target <= 20 ms; a new view each time, its problem "
        f"built, on the case's one state object, whose state memo is kept)"
    )
    compact = (
        min(r["enum_fast_compact_per_s"] for r in records if r["enumerated"] >= 100_000)
        if any(r["enumerated"] >= 100_000 for r in records)
        else None
    )
    casts = (
        min(r["enum_fast_casts_per_s"] for r in records if r["enumerated"] >= 100_000)
        if any(r["enumerated"] >= 100_000 for r in records)
        else None
    )
    if compact:
        print(
            f"enumerate, cases with >= 10^5 casts: compact at least {compact / 1e6:.2f} M/s (target >= 5), "
            f"Cast objects at least {casts / 1e6:.2f} M/s (target >= 1)"
        )
    cast_ratios = [r["enum_fast_casts_per_s"] / r["enum_constraint_casts_per_s"] for r in records]
    big = [r["enum_fast_casts_per_s"] / r["enum_constraint_casts_per_s"] for r in records if r["casts"] >= 1000]
    print(
        f"enumerate Cast objects, fast vs python-constraint (same work: Cast objects): {min(cast_ratios):.1f}x "
        f"to {max(cast_ratios):.1f}x; on cases with >= 1000 casts at least {min(big):.1f}x (target >= 5x)"
    )
    enum_ratios = [r["enum_fast_solutions_per_s"] / r["enum_constraint_solutions_per_s"] for r in records]
    compact_ratios = [r["enum_fast_compact_per_s"] / r["enum_constraint_solutions_per_s"] for r in records]
    print(
        f"enumerate, fast vs python-constraint, same work (assignments): {min(enum_ratios):.1f}x to "
        f"{max(enum_ratios):.1f}x; compact vs python-constraint: {min(compact_ratios):.0f}x to "
        f"{max(compact_ratios):.0f}x (for information: the target is on Cast objects, above)"
    )
    cpsat = [
        r["enum_fast_solutions_per_s"] / r["enum_cpsat_solutions_per_s"]
        for r in records
        if "enum_cpsat_solutions_per_s" in r
    ]
    if cpsat:
        print(f"enumerate, fast vs CP-SAT (assignments): {min(cpsat):.0f}x to {max(cpsat):.0f}x")
    print(
        f"check: worst median {max(r['check_s'] for r in records) * 1e6:.1f} µs (target <= 20 µs); "
        f"sample: worst median {max(r['sample_s'] for r in records) * 1e6:.1f} µs (target <= 50 µs)"
    )
    if memory:
        print(
            f"memory: streaming {memory['streamed']:,} compact casts (n={memory['n']}, k={memory['k']}) "
            f"peaked at {memory['peak_bytes'] / 1e6:.2f} MB traced"
        )


def _verdicts(records: list[dict]) -> None:
    """One line per target of the speed issue: the measured value and met or MISSED."""
    big = [r for r in records if r["enumerated"] >= 100_000]
    thousand = [r for r in records if r["casts"] >= 1000]
    checks = [
        (
            "count <= 20 ms (median, every case; problem built, the state object's memo kept)",
            max(r["count_fast_s"] for r in records) * 1e3,
            "ms",
            20,
            "<=",
        ),
        (
            "enumerate compact >= 5 M/s (cases >= 10^5 casts)",
            min((r["enum_fast_compact_per_s"] for r in big), default=float("nan")) / 1e6,
            "M/s",
            5,
            ">=",
        ),
        (
            "enumerate Cast objects >= 1 M/s (cases >= 10^5 casts)",
            min((r["enum_fast_casts_per_s"] for r in big), default=float("nan")) / 1e6,
            "M/s",
            1,
            ">=",
        ),
        (
            ">= 5x python-constraint, Cast objects (cases >= 1000 casts)",
            min(
                (r["enum_fast_casts_per_s"] / r["enum_constraint_casts_per_s"] for r in thousand), default=float("nan")
            ),
            "x",
            5,
            ">=",
        ),
        ("check one cast <= 20 µs", max(r["check_s"] for r in records) * 1e6, "µs", 20, "<="),
        ("sample one cast <= 50 µs", max(r["sample_s"] for r in records) * 1e6, "µs", 50, "<="),
    ]
    for label, value, unit, target, sense in checks:
        met = value <= target if sense == "<=" else value >= target
        print(f"target {label}: {value:.2f} {unit} -> {'met' if met else 'MISSED'}")


def _plot(records: list[dict], path: Path) -> bool:
    records = [r for r in records if "n" in r]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (pip install -e '.[bench]')")
        return False
    figure, axes = plt.subplots(figsize=(7, 5))
    for key, label, marker in (
        ("count_fast_s", "fast path (decomposition)", "o"),
        ("count_constraint_s", "python-constraint (enumerates)", "s"),
        ("count_cpsat_s", "CP-SAT (enumerates)", "^"),
    ):
        points = sorted((r["casts"], r[key]) for r in records if key in r)
        if points:
            axes.plot([p[0] for p in points], [p[1] for p in points], marker=marker, linestyle="", label=label)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("legal casts of the case")
    axes.set_ylabel("seconds to count them")
    axes.set_title("Counting legal casts: the Arcane Spree family")
    axes.legend()
    axes.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    return True


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; see the module notes for the options."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="n in 2, 10, 40 and k in 0, 2, 4")
    parser.add_argument("--repeat", type=int, default=7, help="runs per count median")
    parser.add_argument("--calls", type=int, default=2000, help="calls per sample/check median")
    parser.add_argument("--enumerate-cap", type=int, default=300_000)
    parser.add_argument(
        "--constraint-cap", type=int, default=300_000, help="largest case python-constraint counts by enumerating"
    )
    parser.add_argument("--constraint-enumerate-cap", type=int, default=100_000)
    parser.add_argument("--cpsat-cap", type=int, default=5_000, help="largest case CP-SAT enumerates")
    parser.add_argument("--stream", type=int, default=1_000_000, help="casts streamed for the memory figure")
    parser.add_argument("--out", default="benchmarks/results")
    args = parser.parse_args(argv)
    sizes = (2, 10, 40) if args.quick else SIZES
    splices = (0, 2, 4) if args.quick else SPLICE_COUNTS
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    records = []
    for n in sizes:
        for k in splices:
            record = run_case(n, k, args)
            records.append(record)
            print(
                f"n={n:>2} k={k}: {record['casts']:>15,} casts, count {_format_time(record['count_fast_s'])}",
                flush=True,
            )
    memory = _stream_memory(max(sizes), max(splices), args.stream) if args.stream else None
    _print(records, memory)
    suite = run_suite(args)
    ratios = [r["count_constraint_s"] / r["count_fast_s"] for r in suite]
    print(
        f"count suite ({len(suite)} cases, every count asserted): fast path median "
        f"{statistics.median(r['count_fast_s'] for r in suite) * 1e3:.2f} ms per case, "
        f"python-constraint {statistics.median(r['count_constraint_s'] for r in suite) * 1e3:.2f} ms; "
        f"ratio {min(ratios):.1f}x to {max(ratios):.1f}x"
    )
    records = records + suite
    stamp = time.strftime("%Y%m%d-%H%M%S")
    with open(out / f"family-{stamp}.jsonl", "w", encoding="utf-8") as handle:
        meta = {"python": platform.python_version(), "machine": platform.machine(), "processor_count": None}
        for record in records:
            handle.write(json.dumps({**record, **meta}) + "\n")
        if memory:
            handle.write(json.dumps({"memory": memory, **meta}) + "\n")
    if _plot(records, out / f"family-{stamp}.png"):
        print(f"wrote {out / f'family-{stamp}.jsonl'} and {out / f'family-{stamp}.png'}")
    else:
        print(f"wrote {out / f'family-{stamp}.jsonl'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
