"""Benchmark: positions from real preconstructed decks, and the share whose whole hand is answered in full.

Usage::

    python -m benchmarks.deck_positions                       # 300 positions, seed 1
    python -m benchmarks.deck_positions --positions 50 --seed 7 --out /tmp/deck-positions.jsonl
    python -m benchmarks.deck_positions --decks benchmarks/decks --timeout 30 --top 20

The decklists are the main decks of 60 real 60-card preconstructed decks of
many eras, from 1996 to 2020 (theme decks of Mirage to Coldsnap, intro packs,
planeswalker, welcome and challenger decks), one file each in
``benchmarks/decks/`` (:func:`read_decklist`), taken from the Forge project's
``forge-gui/res/quest/precons/`` folder (each file names its source). Every
card name is looked up in the default card pool; a name the pool lacks is
reported and left out of its deck, never a reason to stop.

Each position (:func:`build_position`, a fixed seed) takes a random deck for
each of two players, shuffles it and deals:

- P1 (the caster, active, with priority in their precombat main phase): a
  7-card hand;
- each player: a battlefield of 3 to 7 lands and 0 to 4 nonland permanents
  of their deck (each tapped with probability 0.3; an Aura is attached to a
  random creature on the battlefield, or left out when there is none; a
  legendary permanent at most once a side; a planeswalker gets 1 to 5
  loyalty counters; a permanent that chose a colour or creature type as it
  entered says which, ``chosen``, CR 607.2a), and 0 to 3 cards of their deck
  in their graveyard.

The state is written as the JSON contract documents (``docs/state-format.md``,
card names as strings) and read by
:func:`models.io.state_json.state_from_data`. The position is then asked
what :func:`legalcasts.count_legal_casts` sums for P1: each object of
:func:`legalcasts.castable_objects` (the hand, then cards a keyword lets P1
cast from the graveyard) is counted through its held view
(:func:`legalcasts.held_view`), one at a time, so that a card whose answer is
refused is named while the others are still counted. A position is
**answered in full** when every one of those objects is counted; otherwise:

- **blocked**: some object's answer raised
  :class:`~models.errors.UnsupportedRuleError` (text legalcasts does not
  read, reported and never guessed). The error names the card whose text is
  not read (a card of the hand, or a permanent on either battlefield), the
  span and the reason: the blockers are ranked by the number of positions
  each blocks;
- **crash**: an unexpected Python exception inside the library (a bug), listed
  on its own with the exception and the position's card names;
- **timeout**: the position took more than ``--timeout`` seconds (wall
  time, a ``SIGALRM`` timer, so Unix only);
- **refused**: the state or a count was refused as bad input
  (:class:`~models.errors.LegalcastsError` other than unsupported text): a
  fault of the generator or of the reader, listed on its own.

Prints the share answered in full against the target of the issue (at least
98%), the blockers, crashes, timeouts and refusals, the seed and counts, and
the wall time; ``--out`` writes one JSON line per position (its decks,
hand, status, counts per object, blockers, and the state itself, so that
any position can be counted again alone).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import random
import signal
import statistics
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from legalcasts import castable_objects, held_view
from models.errors import LegalcastsError, UnsupportedRuleError
from models.io.card_pool import default_card_database
from models.io.state_json import state_from_data

__all__ = [
    "DECKS_DIR",
    "TARGET_SHARE",
    "Deck",
    "PositionResult",
    "build_position",
    "load_decks",
    "main",
    "read_decklist",
    "solve_position",
]

DECKS_DIR = Path(__file__).with_name("decks")
"""The folder of the decklists, one ``.txt`` file per deck."""
TARGET_SHARE = 0.98
"""The share of positions whose whole hand must be answered in full (the issue's target)."""
HAND_SIZE = 7
LANDS = (3, 7)
"""The fewest and most lands on each battlefield."""
NONLANDS = (0, 4)
"""The fewest and most nonland permanents on each battlefield."""
GRAVEYARD = (0, 3)
"""The fewest and most cards in each graveyard."""
TAPPED = 0.3
"""The probability that a permanent is tapped."""
PLAYERS = ("P1", "P2")


@dataclasses.dataclass(frozen=True)
class Deck:
    """A decklist with its cards looked up.

    Parameters
    ----------
    name : str
        The deck's name (the first comment line of its file).
    path : str
        Its file.
    cards : tuple of str
        One entry per card of the main deck (a card with 4 copies appears 4 times), as the card pool names them;
        cards whose name the pool lacks are left out.
    unknown : tuple of str
        The names the pool lacks (each once).
    """

    name: str
    path: str
    cards: tuple[str, ...]
    unknown: tuple[str, ...] = ()


@dataclasses.dataclass
class PositionResult:
    """What one position was answered.

    Parameters
    ----------
    index : int
        The position's number, from 0.
    status : str
        ``"full"``, ``"blocked"``, ``"crash"``, ``"timeout"`` or ``"refused"``.
    count : int
        The sum of the counts of the objects answered.
    objects : list of dict
        One entry per object P1 may try to cast: id, name, zone, and its ``count`` or its ``blocked`` record.
    blockers : list of dict
        Each unread text that blocked an answer: ``card``, ``span``, ``reason`` and the ``object`` it blocked.
    error : dict or None
        The crash, timeout or refusal: exception type, message, the object being counted, the last frames.
    seconds : float
        Wall time of loading the state and counting.
    """

    index: int
    status: str = "full"
    count: int = 0
    objects: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    blockers: list[dict[str, str]] = dataclasses.field(default_factory=list)
    error: dict[str, Any] | None = None
    seconds: float = 0.0


def read_decklist(path: Path) -> tuple[str, list[tuple[int, str]]]:
    """The name and the entries of a decklist file.

    Parameters
    ----------
    path : Path
        A text file: comment lines start with ``#`` (the first one is the deck's name), every other non-empty line
        is ``N Card Name``.

    Returns
    -------
    tuple of (str, list of (int, str))
        The deck's name (the file's stem when there is no comment) and its ``(count, name)`` entries in file order.

    Raises
    ------
    ValueError
        A line that is not ``N Card Name``, naming the file and the line.
    """
    name = ""
    entries: list[tuple[int, str]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            name = name or line.lstrip("#").strip()
            continue
        count, _, card = line.partition(" ")
        if not count.isdigit() or not card.strip():
            raise ValueError(f"{path}:{number}: not 'N Card Name': {line!r}")
        entries.append((int(count), card.strip()))
    return name or path.stem, entries


def load_decks(folder: Path, cards: Any, report: Any = print) -> list[Deck]:
    """Every decklist of a folder, each card looked up in the card pool.

    Parameters
    ----------
    folder : Path
        The ``.txt`` decklists, read in name order.
    cards : CardDatabase or CardIndex
        Where names are looked up (``cards.get(name)`` raises for an unknown name).
    report : callable
        Called with one line for each problem: an unreadable file, an unknown card.

    Returns
    -------
    list of Deck
        The decks that were read and kept at least one card; an unreadable file or a card the pool lacks is
        reported and skipped.
    """
    decks: list[Deck] = []
    for path in sorted(folder.glob("*.txt")):
        try:
            name, entries = read_decklist(path)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            report(f"skipped deck {path}: {error}")
            continue
        found: list[str] = []
        unknown: list[str] = []
        for count, card in entries:
            try:
                found.extend([cards.get(card).name] * count)
            except LegalcastsError as error:
                unknown.append(card)
                report(f"{path.name}: card {card!r} skipped: {error}")
        if found:
            decks.append(Deck(name, str(path), tuple(found), tuple(unknown)))
        else:
            report(f"skipped deck {path}: no card found in the card pool")
    return decks


def _deal_permanents(
    rng: random.Random, rest: list[str], cards: Any, player: str, prefix: str
) -> tuple[list[dict[str, Any]], list[str]]:
    """The lands and nonland permanents of one battlefield, taken from ``rest`` (changed in place), and its Auras.

    Returns the objects (Auras not yet attached) and the names of the Auras picked, to be attached once both
    battlefields are known.
    """
    objects: list[dict[str, Any]] = []
    auras: list[str] = []
    legendary: set[str] = set()
    lands_wanted, nonlands_wanted = rng.randint(*LANDS), rng.randint(*NONLANDS)
    lands = nonlands = 0
    kept: list[str] = []
    for name in rest:
        card = cards.get(name)
        if card.is_land and lands < lands_wanted:
            lands += 1
        elif not card.is_land and card.is_permanent_card and nonlands < nonlands_wanted:
            if "Legendary" in card.supertypes and name in legendary:
                kept.append(name)
                continue
            legendary.add(name)
            nonlands += 1
            if "Aura" in card.subtypes:
                auras.append(name)
                continue
        else:
            kept.append(name)
            continue
        objects.append(permanent_entry(rng, card, player, f"{prefix}b{len(objects) + 1}"))
    rest[:] = kept
    return objects, auras


def permanent_entry(rng: random.Random, card: Any, player: str, object_id: str) -> dict[str, Any]:
    """The JSON object of a permanent: tapped at random, a planeswalker with loyalty counters."""
    entry: dict[str, Any] = {
        "id": object_id,
        "card": card.name,
        "zone": "battlefield",
        "controller": player,
        "tapped": rng.random() < TAPPED,
    }
    if any(t.value == "Planeswalker" for t in card.types):
        entry["counters"] = {"loyalty": rng.randint(1, 5)}
    chosen = _choice(rng, card.oracle_text.lower())
    if chosen:  # what a game knows was chosen as it entered (CR 607.2a)
        entry["chosen"] = chosen
    return entry


_CHOICES = {
    "enters, choose a color": ("color", ("white", "blue", "black", "red", "green")),
    "enters, choose a creature type": ("type", ("Elf", "Goblin", "Human", "Merfolk", "Zombie", "Soldier", "Wizard")),
    "enters, choose a basic land type": ("type", ("Plains", "Island", "Swamp", "Mountain", "Forest")),
}


def _choice(rng: random.Random, text: str) -> dict[str, str]:
    """What a permanent whose text says "As ~ enters, choose a color / creature type" chose, at random."""
    for words, (kind, values) in _CHOICES.items():
        if words in text:
            return {kind: rng.choice(values)}
    return {}


def build_position(rng: random.Random, decks: Sequence[Deck], cards: Any) -> tuple[dict[str, Any], list[str]]:
    """A two-player position dealt from two random decks, as the JSON of a state file.

    Parameters
    ----------
    rng : random.Random
        The only source of randomness: the same generator state gives the same position.
    decks : sequence of Deck
        P1's and P2's decks are drawn from these (the same deck may be drawn twice).
    cards : CardDatabase or CardIndex
        For the card types (land, permanent, Aura, legendary, planeswalker).

    Returns
    -------
    tuple of (dict, list of str)
        The state's JSON data (``docs/state-format.md``), and the names of the two decks.
    """
    chosen = [rng.choice(list(decks)) for _ in PLAYERS]
    objects: list[dict[str, Any]] = []
    pending_auras: list[tuple[str, str]] = []
    graveyards: list[tuple[str, list[str]]] = []
    for player, deck in zip(PLAYERS, chosen):
        prefix = player.lower()
        library = list(deck.cards)
        rng.shuffle(library)
        if player == "P1":
            hand, library = library[:HAND_SIZE], library[HAND_SIZE:]
            objects += [
                {"id": f"{prefix}h{i + 1}", "card": name, "zone": "hand", "owner": player}
                for i, name in enumerate(hand)
            ]
        permanents, auras = _deal_permanents(rng, library, cards, player, prefix)
        objects += permanents
        pending_auras += [(player, name) for name in auras]
        graveyards.append((player, library[: rng.randint(*GRAVEYARD)]))
    creatures = [
        o["id"]
        for o in objects
        if o["zone"] == "battlefield" and any(t.value == "Creature" for t in cards.get(o["card"]).types)
    ]
    for number, (player, name) in enumerate(pending_auras, 1):
        if creatures:  # an Aura on the battlefield is always attached (CR 303.4c)
            entry = permanent_entry(rng, cards.get(name), player, f"{player.lower()}a{number}")
            entry["attached_to"] = rng.choice(creatures)
            objects.append(entry)
    for player, names in graveyards:
        objects += [
            {"id": f"{player.lower()}g{i + 1}", "card": name, "zone": "graveyard", "owner": player}
            for i, name in enumerate(names)
        ]
    data = {
        "players": list(PLAYERS),
        "active_player": "P1",
        "priority": "P1",
        "phase": "precombat_main",
        "stack": [],
        "objects": objects,
    }
    return data, [deck.name for deck in chosen]


class PositionTimeout(BaseException):
    """The position took longer than its time limit (a BaseException, so that no ``except Exception`` hides it)."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`PositionTimeout` in the block after ``seconds`` of wall time (no limit when 0 or less)."""
    if seconds <= 0 or not hasattr(signal, "SIGALRM"):
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise PositionTimeout(f"more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _blocker(error: UnsupportedRuleError, object_id: str, name: str) -> dict[str, str]:
    """The record of an unread text that blocked one object's answer."""
    return {"card": error.card, "span": error.span, "reason": error.reason, "object": object_id, "object_name": name}


def _failure(error: BaseException, where: str) -> dict[str, Any]:
    """The record of a crash, timeout or refusal: the exception, where it happened, the library's last frames."""
    frames = traceback.extract_tb(error.__traceback__)[-4:]
    return {
        "type": type(error).__name__,
        "message": str(error)[:500],
        "where": where,
        "frames": [f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames],
    }


def solve_position(index: int, data: dict[str, Any], cards: Any, timeout: float) -> PositionResult:
    """Load one position and count every object P1 may try to cast, one at a time.

    Parameters
    ----------
    index : int
        The position's number.
    data : dict
        The state's JSON data.
    cards : CardDatabase or CardIndex
    timeout : float
        Wall-time limit of the position in seconds (0: none).

    Returns
    -------
    PositionResult
        Never raises for anything the library does: a crash, a timeout or a refusal becomes the result's status.
    """
    result = PositionResult(index)
    started = time.perf_counter()
    where = "loading the state"
    try:
        with _time_limit(timeout):
            state = state_from_data(data, cards)
            for object_id in castable_objects(state, "P1"):
                obj = state.object(object_id)
                entry: dict[str, Any] = {"id": object_id, "name": obj.name, "zone": obj.zone.value}
                where = f"counting {object_id} ({obj.name})"
                try:
                    entry["count"] = held_view(state, object_id, player="P1").count()
                    result.count += entry["count"]
                except UnsupportedRuleError as error:
                    entry["blocked"] = _blocker(error, object_id, obj.name)
                    result.blockers.append(entry["blocked"])
                result.objects.append(entry)
        result.status = "blocked" if result.blockers else "full"
    except PositionTimeout as error:
        result.status, result.error = "timeout", _failure(error, where)
    except UnsupportedRuleError as error:  # raised outside one object's count (the state itself)
        result.status = "blocked"
        result.blockers.append(_blocker(error, "(state)", "(state)"))
    except LegalcastsError as error:
        result.status, result.error = "refused", _failure(error, where)
    except Exception as error:  # noqa: BLE001 - a bug of the library is counted and named, never stops the run
        result.status, result.error = "crash", _failure(error, where)
    result.seconds = time.perf_counter() - started
    return result


def _card_names(data: dict[str, Any]) -> dict[str, list[str]]:
    """The card names of a position, by zone and player (``P1 hand``, ``P2 battlefield``, ...)."""
    names: dict[str, list[str]] = collections.defaultdict(list)
    for o in data["objects"]:
        names[f"{o.get('owner') or o.get('controller')} {o['zone']}"].append(o["card"])
    return dict(names)


def _print_report(
    args: argparse.Namespace,
    decks: Sequence[Deck],
    results: Sequence[PositionResult],
    positions: Sequence[tuple[dict[str, Any], list[str]]],
    wall: float,
) -> None:
    """Print the figures of the run."""
    total = len(results)
    statuses = collections.Counter(r.status for r in results)
    full = statuses["full"]
    share = full / total if total else 0.0
    unknown = sorted({name for deck in decks for name in deck.unknown})
    try:
        folder = args.decks.resolve().relative_to(Path.cwd())
    except ValueError:
        folder = args.decks
    print(
        f"positions from real decks: {total} positions dealt from {len(decks)} decklists ({folder}), "
        f"seed {args.seed}; {len({c for d in decks for c in d.cards}):,} distinct cards, "
        f"{len(unknown)} names unknown to the card pool (skipped){': ' + ', '.join(unknown) if unknown else ''}"
    )
    print(
        f"answered in full: {full} of {total} ({100 * share:.1f}%); target >= {100 * TARGET_SHARE:.0f}% -> "
        f"{'met' if share >= TARGET_SHARE else 'NOT met'}"
    )
    print(
        "not in full: "
        + ", ".join(f"{statuses[s]} {s}" for s in ("blocked", "crash", "timeout", "refused"))
        + f" (timeout {args.timeout:g} s a position)"
    )
    _print_blockers(results, args.top)
    for status in ("crash", "timeout", "refused"):
        failed = [r for r in results if r.status == status]
        if failed:
            print(f"{status}es:" if status == "crash" else f"{status}s:")
        for r in failed:
            assert r.error is not None
            print(f"  position {r.index}: {r.error['type']}: {r.error['message'][:200]} ({r.error['where']})")
            print(f"    at {' <- '.join(reversed(r.error['frames']))}")
            for zone, names in _card_names(positions[r.index][0]).items():
                print(f"    {zone}: {', '.join(names)}")
    times = [r.seconds for r in results]
    if times:
        print(
            f"wall time {wall:.1f} s: per position median {1000 * statistics.median(times):.0f} ms, "
            f"max {max(times):.2f} s (position {times.index(max(times))})"
        )


def _print_blockers(results: Sequence[PositionResult], top: int) -> None:
    """Print the blockers ranked by the number of positions each blocks, then the reasons alone."""
    by_text: collections.Counter[tuple[str, str, str]] = collections.Counter()
    by_reason: collections.Counter[str] = collections.Counter()
    for r in results:
        by_text.update({(b["card"], b["span"], b["reason"]) for b in r.blockers})
        by_reason.update({b["reason"] for b in r.blockers})
    if not by_text:
        return
    print(f"blockers (card, text not read, reason), by positions blocked ({len(by_text)} in all, top {top}):")
    ranked = sorted(by_text.items(), key=lambda item: (-item[1], item[0]))  # ties in name order: the same every run
    for (card, span, reason), n in ranked[:top]:
        print(f"  {n:4d}  {card}  {span[:90]!r}  ({reason})")
    print("by reason:")
    for reason, n in sorted(by_reason.items(), key=lambda item: (-item[1], item[0]))[:top]:
        print(f"  {n:4d}  {reason}")


def _record(result: PositionResult, data: dict[str, Any], deck_names: list[str]) -> dict[str, Any]:
    """The JSON line of one position."""
    return {
        "position": result.index,
        "decks": {"P1": deck_names[0], "P2": deck_names[1]},
        "hand": [o["card"] for o in data["objects"] if o["zone"] == "hand"],
        "status": result.status,
        "count": result.count,
        "objects": result.objects,
        "blockers": result.blockers,
        "error": result.error,
        "seconds": round(result.seconds, 4),
        "state": data,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Deal the positions, count them, and print the figures.

    Parameters
    ----------
    argv : sequence of str or None
        The command-line arguments (``sys.argv[1:]`` by default).

    Returns
    -------
    int
        0 (the run's figures are its result; a crash in the library is reported, not an exit code).
    """
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300, help="how many positions (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument("--decks", type=Path, default=DECKS_DIR, help="the folder of decklists")
    parser.add_argument("--out", type=Path, default=None, help="write one JSON line per position here")
    parser.add_argument("--timeout", type=float, default=30.0, help="wall seconds a position may take (0: none)")
    parser.add_argument("--top", type=int, default=15, help="how many blockers to list (default 15)")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    cards = default_card_database()
    decks = load_decks(args.decks, cards, report=lambda line: print(line, file=sys.stderr))
    if not decks:
        print(f"no decklist read in {args.decks}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    positions = [build_position(rng, decks, cards) for _ in range(args.positions)]
    results: list[PositionResult] = []
    for index, (data, _) in enumerate(positions):
        results.append(solve_position(index, data, cards, args.timeout))
        if (index + 1) % 50 == 0:
            done = sum(r.status == "full" for r in results)
            print(f"  {index + 1} positions, {done} in full, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    wall = time.perf_counter() - started
    _print_report(args, decks, results, positions, wall)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with args.out.open("w", encoding="utf-8") as out:
            for result, (data, deck_names) in zip(results, positions):
                out.write(json.dumps(_record(result, data, deck_names), ensure_ascii=False) + "\n")
        print(f"records: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
