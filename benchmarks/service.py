"""Benchmark: round trips of ``legalcasts serve``, over stdio and over HTTP, on positions of 50 permanents a side.

Usage::

    python -m benchmarks.service                    # every hand; memory over 20,000 requests
    python -m benchmarks.service --requests 100000  # memory over 100,000 requests (a few minutes)
    python -m benchmarks.service --hands burn --repeat 20
    python -m benchmarks.service --new 300            # the p99 of a new position over 300 a hand

For each hand of :data:`benchmarks.positions.HANDS`, the position :func:`benchmarks.positions.position_data`
(50 permanents a side) is sent once by ``load_state``; every later call names it by its digest. Over each
transport (a stdio server, an HTTP server on a free loopback port, each a process of its own, driven by
:mod:`legalcasts.client`) the median round trip of each call is timed, **wall time** (``time.perf_counter``,
the client's send to its decoded answer), after one call that builds what the server holds:

- ``count``: the whole hand;
- ``casts``: a page of 100 casts of the whole hand;
- ``options``: the first prompt of the hand's first card that has a legal cast, and the prompt after its first
  option;
- ``check``: the first cast of that card.

With each median, the server's mean CPU time per call (``/proc/PID/schedstat``): the wall time adds the
client's work and whatever else the machine runs. These are **warm** figures: the state held by its digest,
and the same call made once before, so that the views it reads are built and held (``docs/performance.md``,
"What is held between calls").

The counts are asserted equal over both transports before anything is timed. Then the memory of a stdio server:
its resident set size (``VmRSS``) after 1,000 requests, and after ``--requests`` (a mix of the calls above on
every hand's digest, sampling with a new seed each time). The run ends with one line per target, met or MISSED:
count and options at most 2 ms over stdio; a page of 100 casts at most 5 ms over stdio; the resident set after
``--requests`` at most 10% over that after 1,000. Then the memory over positions: ``--states`` distinct positions
(600 by default), each sent once and counted; the resident set after them at most 10% over that after 300 (the
server holds the last 256 states and what was made of them).

Last, a **new position**: ``load_state``, the first ``count`` (the whole hand) and the first ``options`` (of that
card) on a state never seen, a new digest: the hand's position under object ids never given before
(:func:`benchmarks.positions.fresh_prefix`), ``--new`` times a hand, p50 and p99 of the three calls' total
(:func:`measure_new_positions`). Its **warm** figure: right after, the same three calls again, ``load_state``
sending the same state (found by its digest: not built again). Measured through a
:class:`~legalcasts.service.Service` of this process (CPU time of ``handle_line``: no transport) and through a
stdio server of its own (wall time, and the server's CPU time), each having answered an untimed position of
every hand first: the cards are met before (read, and their readings kept). And the same new position with
its cards met first, ``--firsts`` times a hand (medians): in a fork of a process that has read 3,124 other
cards and none of these (:func:`benchmarks.positions.prepare_other_cards`; each card read from its text), and
as the first position of a new ``legalcasts serve`` (the readings of its cards taken from the store on disk
that the run's earlier servers wrote, ``models/oracle/saved.py``; the engine's modules imported on first use).

Records go to ``benchmarks/results/service-<stamp>.jsonl``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.positions import HANDS, fresh_prefix, position_data, prepare_other_cards
from benchmarks.timing import FreshProcess, FullCollections, percentile
from legalcasts.client import Client
from legalcasts.service import MAX_STATES, Service

__all__ = ["main", "measure_hand", "measure_new_positions", "rss_bytes"]

N = 50
"""Permanents a side."""

TARGETS = {"count": 0.002, "options": 0.002, "casts": 0.005}
"""The most a median round trip over stdio may take, in seconds (wall time)."""

MEMORY_GROWTH = 0.10
"""The most the server's resident set may grow from 1,000 requests to ``--requests``."""


def rss_bytes(pid: int) -> int:
    """The resident set size of a process, in bytes (``VmRSS`` of ``/proc/PID/status``; Linux)."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    found = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    if found is None:
        raise RuntimeError(f"no VmRSS for process {pid}")
    return int(found.group(1)) * 1024


def cpu_seconds(pid: int) -> float:
    """The CPU time a process's main thread has run, in seconds (``/proc/PID/schedstat``; Linux, nanoseconds)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text(encoding="ascii").split()[0]) / 1e9


def _timed(function: Callable[[], Any], repeat: int, pid: int) -> tuple[float, float]:
    """The median wall time of ``function()`` over ``repeat`` calls, and the server's mean CPU time per call.

    One call is made first, not timed. The CPU time is that of the process ``pid``.
    """
    function()
    times = []
    cpu = cpu_seconds(pid)
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), (cpu_seconds(pid) - cpu) / repeat


def _first_castable(client: Client, digest: str, castable: list[str]) -> str:
    """The first card of the hand that has a legal cast."""
    for card in castable:
        if client.count(digest=digest, card=card)["count"] > 0:
            return card
    raise RuntimeError("no card of the hand has a legal cast")


def measure_hand(client: Client, hand: str, repeat: int, pid: int) -> dict[str, Any]:
    """The median round trips of one hand's calls over one client; and what they answered.

    Parameters
    ----------
    client : Client
    hand : str
        A key of :data:`benchmarks.positions.HANDS`.
    repeat : int
        Timed calls per median.
    pid : int
        The server's process id, for the CPU time it spends per call.

    Returns
    -------
    dict
        ``count``, ``card``, ``left_out``, the first prompt (``options_prompt``, ``options_listed`` of
        ``options_total``) and the medians in seconds: ``count_s``, ``casts_s``,
        ``options_first_s``, ``options_next_s``, ``check_s``, each with the server's mean CPU time per call
        (``count_server_cpu_s``, ...), and ``load_state_s`` (the one load: states are sent once).
    """
    data = position_data(N, hand)
    start = time.perf_counter()
    loaded = client.load_state(data)
    load_s = time.perf_counter() - start
    digest = loaded["digest"]
    counted = client.count(digest=digest)
    card = _first_castable(client, digest, loaded["castable"])
    first = client.options(card, digest=digest)
    chosen = {} if first["cast"] is not None else {first["prompt"]: first["options"][0]["value"]}
    cast = client.casts(digest=digest, card=card, limit=1)["casts"][0]["cast"]
    assert client.check(cast, digest=digest, card=card)["legal"]
    record: dict[str, Any] = {
        "hand": hand,
        "count": counted["count"],
        "card": card,
        "options_prompt": first["prompt"],
        "options_listed": len(first["options"]),
        "options_total": first["options_total"],
        "left_out": [item["name"] for item in counted["left_out"]],
        "load_state_s": load_s,
    }
    for name, call in (
        ("count", lambda: client.count(digest=digest)),
        ("casts", lambda: client.casts(digest=digest, limit=100)),
        ("options_first", lambda: client.options(card, digest=digest)),
        ("options_next", lambda: client.options(card, chosen, digest=digest)),
        ("check", lambda: client.check(cast, digest=digest, card=card)),
    ):
        record[f"{name}_s"], record[f"{name}_server_cpu_s"] = _timed(call, repeat, pid)
    return record


Call = Callable[[str, dict[str, Any]], tuple[Any, float, float]]
"""A method called with its params: its result, the time it took, and the server's CPU time in it (seconds)."""


def in_process(service: Service) -> Call:
    """Calls answered by ``service`` in this process: the request a JSON line, its answer decoded.

    The time is the CPU time of :meth:`~legalcasts.service.Service.handle_line` (the request decoded, answered, the
    answer encoded), which is the server's CPU time too: no transport.

    Parameters
    ----------
    service : Service

    Returns
    -------
    Call
    """
    ids = itertools.count(1)

    def call(method: str, params: dict[str, Any]) -> tuple[Any, float, float]:
        line = (
            json.dumps(
                {"jsonrpc": "2.0", "id": next(ids), "method": method, "params": params}, separators=(",", ":")
            ).encode("utf-8")
            + b"\n"
        )
        start = time.process_time()
        answer = service.handle_line(line)
        spent = time.process_time() - start
        assert answer is not None  # a request with an id is answered
        response = json.loads(answer)
        if "error" in response:
            raise RuntimeError(f"{method}: {response['error']['message']}")
        return response["result"], spent, spent

    return call


def over(client: Client, pid: int) -> Call:
    """Calls made through ``client``: the wall time of each round trip, and the server's CPU time in it.

    Parameters
    ----------
    client : Client
    pid : int
        The server's process id (``/proc/PID/schedstat``, read before and after each call, outside its time).

    Returns
    -------
    Call
    """

    def call(method: str, params: dict[str, Any]) -> tuple[Any, float, float]:
        cpu = cpu_seconds(pid)
        start = time.perf_counter()
        result = client.call(method, **params)
        wall = time.perf_counter() - start
        return result, wall, cpu_seconds(pid) - cpu

    return call


def new_position(call: Call, data: dict[str, Any], card: str) -> dict[str, Any]:
    """The first answers on a position: ``load_state``, then ``count`` (the whole hand), then ``options`` of a card.

    Parameters
    ----------
    call : Call
    data : dict
        The state's JSON data.
    card : str
        An object id of the state: the card whose first prompt is asked.

    Returns
    -------
    dict
        ``count``, and the seconds of each call (``load_state_s``, ``count_s``, ``options_s``), their sum
        (``total_s``) and the server's CPU time in the three (``server_cpu_s``).
    """
    loaded, load_s, load_cpu = call("load_state", {"state": data})
    counted, count_s, count_cpu = call("count", {"digest": loaded["digest"]})
    _, options_s, options_cpu = call("options", {"digest": loaded["digest"], "card": card})
    return {
        "count": counted["count"],
        "load_state_s": load_s,
        "count_s": count_s,
        "options_s": options_s,
        "total_s": load_s + count_s + options_s,
        "server_cpu_s": load_cpu + count_cpu + options_cpu,
    }


def _summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """p50 and p99 of the total and of the server's CPU time; p50 of each call; how many runs."""
    summary: dict[str, Any] = {"runs": len(runs)}
    for key in ("total_s", "server_cpu_s"):
        values = [run[key] for run in runs]
        summary[f"{key[:-2]}_p50_s"], summary[f"{key[:-2]}_p99_s"] = percentile(values, 50), percentile(values, 99)
    for key in ("load_state_s", "count_s", "options_s"):
        summary[f"{key[:-2]}_p50_s"] = percentile([run[key] for run in runs], 50)
    return summary


def measure_new_positions(call: Call, hand: str, card: str, count: int, expected: int) -> dict[str, Any]:
    """A hand's new positions through one service, cold and warm: :func:`new_position`, p50 and p99.

    Cold: ``count`` times, the hand's position (:data:`N` permanents a side) under object ids never given
    before (:func:`~benchmarks.positions.fresh_prefix`): a new digest, a state never seen. Warm: right after
    each, the same three calls again, ``load_state`` sending the same state (found by its digest, not built).

    Parameters
    ----------
    call : Call
    hand : str
        A key of :data:`benchmarks.positions.HANDS`.
    card : str
        The id of the card asked for ``options`` in :func:`~benchmarks.positions.position_data` (``h0``).
    count : int
        New positions.
    expected : int
        The hand's count: each answer is asserted equal to it.

    Returns
    -------
    dict
        ``hand``, and ``cold`` and ``warm``, each the p50 and p99 of the three calls' total and of the
        server's CPU time, and the p50 of each call (seconds).
    """
    cold, warm = [], []
    for _ in range(count):
        prefix = fresh_prefix("s")
        data = position_data(N, hand, prefix=prefix)
        for runs in (cold, warm):
            runs.append(new_position(call, data, prefix + card))
            if runs[-1]["count"] != expected:
                raise AssertionError(f"{hand}: {runs[-1]['count']} casts under new ids, {expected} before")
    return {"hand": hand, "cold": _summary(cold), "warm": _summary(warm)}


def _first_met_position(data: dict[str, Any], card: str) -> dict[str, Any]:
    """:func:`new_position` through a new :class:`~legalcasts.service.Service` in this process (made before timing).

    Run in a fork of a process that has read none of the position's cards (``FreshProcess``).
    """
    return new_position(in_process(Service()), data, card)


def _new_server_position(hand: str, card: str) -> dict[str, Any]:
    """:func:`new_position` as the first position of a new ``legalcasts serve`` over stdio (started, then timed)."""
    with Client.stdio() as client:
        assert client.process is not None
        client.call("version")  # the server is up: modules imported, card data opened
        prefix = fresh_prefix("n")
        return new_position(over(client, client.process.pid), position_data(N, hand, prefix=prefix), prefix + card)


def _http_server() -> tuple[subprocess.Popen, str]:
    """``legalcasts serve --port 0`` in a process of its own, and its URL (read from its first line on stderr)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "legalcasts.cli.launch", "serve", "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    line = process.stderr.readline().decode()
    found = re.search(r"listening on (http://\S+)", line)
    if found is None:
        process.kill()
        raise RuntimeError(f"the HTTP server did not start: {line.strip()}")
    return process, found.group(1)


def _memory(client: Client, digests: list[tuple[str, str]], requests: int) -> tuple[int, int]:
    """The stdio server's resident set after 1,000 requests and after ``requests``, in bytes."""
    if client.process is None:
        raise RuntimeError("memory is measured on a stdio server")
    calls: list[Callable[[int], Any]] = []
    for digest, card in digests:
        calls += [
            lambda i, d=digest: client.count(digest=d),
            lambda i, d=digest: client.casts(digest=d, offset=i % 500, limit=10),
            lambda i, d=digest, c=card: client.options(c, digest=d),
            lambda i, d=digest, c=card: client.sample(i, digest=d, card=c),
        ]
    after_1000 = 0
    for i, call in zip(range(requests), itertools.cycle(calls)):
        call(i)
        if i + 1 == 1000:
            after_1000 = rss_bytes(client.process.pid)
    return after_1000, rss_bytes(client.process.pid)


def _memory_states(client: Client, states: int, first: int) -> tuple[int, int]:
    """The stdio server's resident set after counting ``first`` distinct positions and after ``states``, in bytes.

    Each position is sent once, as ``state``, and counted; the server holds the last
    :data:`legalcasts.service.MAX_STATES`, so past them its memory should stay flat.
    """
    if client.process is None:
        raise RuntimeError("memory is measured on a stdio server")
    after_first = 0
    hands = list(HANDS)
    for i in range(states):
        client.count(state=position_data(N, hands[i % len(hands)], seed=1000 + i))
        if i + 1 == first:
            after_first = rss_bytes(client.process.pid)
    return after_first, rss_bytes(client.process.pid)


def _number(count: int) -> str:
    """A count for the table: with thousands separators, or in powers of ten past a billion."""
    return f"{count:,}" if count < 10**9 else f"{count:.2e}"


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def _new_positions(records: list[dict[str, Any]], args: argparse.Namespace, fresh: FreshProcess) -> list[dict]:
    """Each hand's new positions: in this process and over stdio (cards met before), then with cards first met.

    A service of this process and a stdio server of its own each answer an untimed position of every hand first,
    so that their cards are met before (read, and kept) when the new positions are timed. Then, per hand,
    ``args.firsts`` positions whose cards are met first: each in a fork of ``fresh`` (a process that has read
    other cards only), and each as the first position of a new ``legalcasts serve``, after every other server
    of the run has ended (its cards' readings written to the store on disk, which a new server reads).
    """
    cards = {r["hand"]: (r["card"], r["count"]) for r in records if r["transport"] == "stdio"}
    service = Service()
    news: list[dict[str, Any]] = []
    with Client.stdio() as stdio:
        assert stdio.process is not None
        for where, call in (("in-process", in_process(service)), ("stdio", over(stdio, stdio.process.pid))):
            for hand, (card, _) in cards.items():
                prefix = fresh_prefix("w")
                new_position(call, position_data(N, hand, prefix=prefix), prefix + card)  # the cards met
            for hand, (card, count) in cards.items():
                with FullCollections() as collections:  # seen in this process only
                    measured = measure_new_positions(call, hand, card, args.new, count)
                if where == "in-process":
                    measured["full_collections_s"] = collections.seconds
                news.append({"through": where, "cards": "met before", **measured})
    for hand, (card, count) in cards.items():
        for where, runs in (
            (
                "in-process",
                [
                    fresh.run(_first_met_position, position_data(N, hand, prefix=prefix), prefix + card)
                    for prefix in [fresh_prefix("f") for _ in range(args.firsts)]
                ],
            ),
            ("new server", [_new_server_position(hand, card) for _ in range(args.firsts)]),
        ):
            if any(run["count"] != count for run in runs):
                raise AssertionError(f"{hand}: {[run['count'] for run in runs]} casts, {count} before")
            news.append({"through": where, "cards": "first met", "hand": hand, "cold": _summary(runs)})
    return news


def _print_new_positions(news: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """The table of new positions, cold and warm, and one line of the worst of each."""
    print(
        f"new position, {N} permanents a side: load_state + the first count (the whole hand) + the first options "
        f"(the first card with a cast), on a state never seen (a new digest); warm: the same three calls again "
        f"(the same state, the same digest). in-process: CPU time of Service.handle_line; stdio: wall time of "
        f"the round trips, and the server's CPU time. p99 of {args.new} positions a hand; 'first met': medians "
        f"of {args.firsts}"
    )
    print(
        f"{'hand':8} {'through':11} {'cards':10} {'cold p50':>9} {'cold p99':>9} {'warm p50':>9} {'warm p99':>9} "
        f"{'server CPU, cold p50 / p99':>27}   p50 of load_state / count / options: cold; warm"
    )
    for new in news:
        cold, warm = new["cold"], new.get("warm")
        cpu = (
            f"{_ms(cold['server_cpu_p50_s'])} / {_ms(cold['server_cpu_p99_s'])}"
            if new["through"] != "in-process"
            else "(the same)"
        )
        print(
            f"{new['hand']:8} {new['through']:11} {new['cards']:10} {_ms(cold['total_p50_s']):>9} "
            f"{_ms(cold['total_p99_s']) if warm else '-':>9} {_ms(warm['total_p50_s']) if warm else '-':>9} "
            f"{_ms(warm['total_p99_s']) if warm else '-':>9} {cpu:>27}   "
            + "; ".join(
                f"{_ms(part['load_state_p50_s'])} / {_ms(part['count_p50_s'])} / {_ms(part['options_p50_s'])}"
                for part in (cold, warm)
                if part
            )
        )
    pauses = [pause for new in news for pause in new.get("full_collections_s", ())]
    if pauses:
        print(
            f"in-process, Python's garbage collector during the new positions (the service holding up to "
            f"{MAX_STATES} states): {len(pauses)} full collections, the longest {_ms(max(pauses))}, "
            f"{_ms(sum(pauses))} in all (each lands on the call that allocates at that moment: the p99)"
        )
    for through, cards, figure in (
        ("in-process", "met before", "cold"),
        ("stdio", "met before", "cold"),
        ("in-process", "met before", "warm"),
        ("stdio", "met before", "warm"),
        ("in-process", "first met", "cold"),
        ("new server", "first met", "cold"),
    ):
        chosen = [new for new in news if new["through"] == through and new["cards"] == cards]
        if not chosen:
            continue
        key = "total_p99_s" if cards == "met before" else "total_p50_s"
        worst = max(chosen, key=lambda new: new[figure][key])
        what = "p99" if cards == "met before" else "median"
        print(
            f"new position, {figure}, {through}, cards {cards}, no target: worst {what} "
            f"{_ms(worst[figure][key])} ({worst['hand']})"
        )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table and one line per target, met or MISSED.

    Parameters
    ----------
    argv : list of str or None
        The options (``--hands``, ``--repeat``, ``--requests``, ``--out``).

    Returns
    -------
    int
        0.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", nargs="+", choices=sorted(HANDS), default=list(HANDS))
    parser.add_argument("--repeat", type=int, default=30, help="timed calls per median (default 30)")
    parser.add_argument(
        "--requests",
        type=int,
        default=20_000,
        help="requests before the second memory reading (default 20,000; at least 1,000)",
    )
    parser.add_argument(
        "--states",
        type=int,
        default=600,
        help=f"distinct positions counted for the memory over states (default 600; more than {MAX_STATES + 44})",
    )
    parser.add_argument(
        "--new",
        type=int,
        default=100,
        help="new positions per hand, for the p50 and p99 of a new position (default 100)",
    )
    parser.add_argument(
        "--firsts",
        type=int,
        default=3,
        help="positions per hand whose cards are met first: forks of a process that has read "
        "other cards, and new servers (default 3)",
    )
    parser.add_argument("--out", default="benchmarks/results")
    args = parser.parse_args(argv)
    if args.requests < 1000:
        parser.error("--requests must be at least 1000")
    if args.states <= MAX_STATES + 44:
        parser.error(f"--states must be more than {MAX_STATES + 44}")
    print(
        f"legalcasts serve on positions of {N} permanents a side; wall-time medians of {args.repeat} round "
        f"trips ({platform.python_implementation()} {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f})"
    )
    records: list[dict[str, Any]] = []
    # forked now, before this process reads a card: each fork of it meets the positions' cards first
    fresh = FreshProcess(prepare_other_cards)
    process, url = _http_server()
    try:
        with Client.stdio() as stdio, Client.http(url) as http:
            print(
                f"{'hand':8} {'transport':9} {'casts':>9} {'count':>9} {'casts 100':>10} {'options 1st':>11} "
                f"{'options 2nd':>11} {'check':>9}"
            )
            for hand in args.hands:
                assert stdio.process is not None  # a stdio client has its server's process
                for transport, client, pid in (("stdio", stdio, stdio.process.pid), ("http", http, process.pid)):
                    record = {"transport": transport, **measure_hand(client, hand, args.repeat, pid)}
                    records.append(record)
                    print(
                        f"{hand:8} {transport:9} {_number(record['count']):>9} {_ms(record['count_s']):>9} "
                        f"{_ms(record['casts_s']):>10} {_ms(record['options_first_s']):>11} "
                        f"{_ms(record['options_next_s']):>11} {_ms(record['check_s']):>9}"
                    )
                counts = {r["count"] for r in records if r["hand"] == hand}
                if len(counts) != 1:
                    raise AssertionError(f"{hand}: stdio and HTTP count differently: {sorted(counts)}")
            print(
                f"the server's CPU time per call (mean), the same calls:\n{'hand':8} {'transport':9} {'count':>9} "
                f"{'casts 100':>10} {'options 1st':>11} {'options 2nd':>11} {'check':>9}"
            )
            for r in records:
                print(
                    f"{r['hand']:8} {r['transport']:9} {_ms(r['count_server_cpu_s']):>9} "
                    f"{_ms(r['casts_server_cpu_s']):>10} {_ms(r['options_first_server_cpu_s']):>11} "
                    f"{_ms(r['options_next_server_cpu_s']):>11} {_ms(r['check_server_cpu_s']):>9}"
                )
            held = [(r["hand"], r["card"]) for r in records if r["transport"] == "stdio"]
            digests = [(stdio.load_state(position_data(N, hand))["digest"], card) for hand, card in held]
            rss_1000, rss_last = _memory(stdio, digests, args.requests)
            rss_states_first, rss_states_last = _memory_states(stdio, args.states, MAX_STATES + 44)
        news = _new_positions(records, args, fresh)
    finally:
        process.terminate()
        process.wait()
        fresh.close()
    _print_new_positions(news, args)
    for record in records:
        if record["left_out"]:
            print(f"{record['hand']}: left out, text not read: {', '.join(sorted(set(record['left_out'])))}")
    stdio_records = [r for r in records if r["transport"] == "stdio"]
    for name, keys in (
        ("count", ("count_s",)),
        ("options", ("options_first_s", "options_next_s")),
        ("casts", ("casts_s",)),
    ):
        worst = max(stdio_records, key=lambda r: max(r[k] for k in keys))
        value = max(worst[k] for k in keys)
        what = "a page of 100 casts" if name == "casts" else name
        where = worst["hand"]
        if name == "options" and value == worst["options_first_s"]:  # a prompt's options are listed a page at a time
            where += (
                f", first prompt {worst['options_prompt']}: {worst['options_listed']:,} of "
                f"{_number(worst['options_total'])} options listed"
            )
        print(
            f"target {what} over stdio <= {TARGETS[name] * 1e3:.0f} ms (wall, median), checked on the warm calls "
            f"(the state held, each call made once before): worst {_ms(value)} "
            f"({where}) -> {'met' if value <= TARGETS[name] else 'MISSED'}"
        )
    cpu = {
        name: max(r[f"{name}_server_cpu_s"] for r in stdio_records)
        for name in ("count", "casts", "options_first", "options_next")
    }
    print(
        f"the server's own CPU time per call over stdio, worst: count {_ms(cpu['count'])}, a page of 100 casts "
        f"{_ms(cpu['casts'])}, options {_ms(max(cpu['options_first'], cpu['options_next']))} (the wall times add "
        f"the client's work and the machine's other load: load average {os.getloadavg()[0]:.2f} at the end)"
    )
    growth = rss_last / rss_1000 - 1
    print(
        f"target server memory after {args.requests:,} requests <= {MEMORY_GROWTH:.0%} over after 1,000: "
        f"{rss_1000 / 2**20:.1f} MiB -> {rss_last / 2**20:.1f} MiB ({growth:+.1%}) -> "
        f"{'met' if growth <= MEMORY_GROWTH else 'MISSED'}"
    )
    growth = rss_states_last / rss_states_first - 1
    print(
        f"target server memory after {args.states:,} distinct positions <= {MEMORY_GROWTH:.0%} over after "
        f"{MAX_STATES + 44} (it holds the last {MAX_STATES}): {rss_states_first / 2**20:.1f} MiB -> "
        f"{rss_states_last / 2**20:.1f} MiB ({growth:+.1%}) -> {'met' if growth <= MEMORY_GROWTH else 'MISSED'}"
    )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"service-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
    with path.open("w", encoding="utf-8") as file:
        for record in records:
            file.write(json.dumps(record) + "\n")
        for new in news:
            file.write(json.dumps(new) + "\n")
        file.write(
            json.dumps(
                {
                    "requests": args.requests,
                    "rss_after_1000": rss_1000,
                    "rss_after": rss_last,
                    "states": args.states,
                    "rss_after_first_states": rss_states_first,
                    "rss_after_states": rss_states_last,
                }
            )
            + "\n"
        )
    print(f"records: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
