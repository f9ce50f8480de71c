"""Benchmark: the move generator inside an AI's loop, in-process (the position changes at every decision).

Usage::

    python -m benchmarks.ai_loop                              # 25 and 100 permanents a side, 20 positions, 12 moves
    python -m benchmarks.ai_loop --sizes 25 --positions 5 --moves 8 --seed 3

Each position is dealt from two real decks (:func:`benchmarks.deck_positions.build_position`), then each
battlefield is topped up to ``N`` permanents with more permanents of its player's deck (lands and nonland
permanents in the deck's proportion, tapped with probability 0.3, no second copy of a legendary permanent, no
Aura, none that chooses something as it enters). P1, active with priority in their main phase, then makes up to
``--moves`` successive moves, each chosen at random among the legal ones (a fixed seed):

- a land play from the hand while P1 has played none this turn (CR 305.2);
- else a cast of the whole hand's legal casts (:class:`legalcasts.PositionCasts`), paid the default way
  (:func:`legalcasts.payments`), followed by its resolution as a move of its own: the spell moved to the
  battlefield (a permanent spell) or its owner's graveyard (CR 608.2n); its effects are not carried out;
- the sequence of a position stops when P1 has no move left.

After each move the whole hand is answered on the new state (:class:`legalcasts.PositionCasts` ``count()``, every
card P1 may cast, the cards whose text is not read left out): **cold**, the first answer on that state object, and
**warm**, the same question again (the views held). Times are CPU times of this process
(``time.process_time``), with the collector on: the move (``legalcasts.after``, a cast with its payment found),
the cold answer, the two together, and the warm answer; medians and 99th percentiles over every step. Before the
timing, each position's first state is answered once, so that its cards are met (read) before: reading a card
the first time is not part of a step.
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from legalcasts import (
    CastSpell,
    GameState,
    MoveCard,
    PlayLand,
    PositionCasts,
    after,
    default_payment,
    state_from_data,
)
from benchmarks.deck_positions import DECKS_DIR, Deck, build_position, load_decks, permanent_entry
from models.errors import LegalcastsError
from models.io.card_pool import default_card_database
from models.objects import Zone

__all__ = ["main", "scaled_position"]


def scaled_position(rng: random.Random, decks: Sequence[Deck], cards: Any, size: int) -> dict[str, Any]:
    """A real-deck position with ``size`` permanents on each battlefield (at least those it was dealt).

    Parameters
    ----------
    rng : random.Random
    decks : sequence of Deck
    cards : CardDatabase
    size : int
        Permanents a side.

    Returns
    -------
    dict
        The state's JSON data.
    """
    data, names = build_position(rng, decks, cards)
    by_name = {deck.name: deck for deck in decks}
    objects = data["objects"]
    for player, deck_name in zip(("P1", "P2"), names):
        deck = by_name[deck_name]
        pool = [
            cards.get(name)
            for name in deck.cards
            if cards.get(name).is_permanent_card
            and "Aura" not in cards.get(name).subtypes
            and "enters, choose" not in cards.get(name).oracle_text  # what it chose is not dealt here
        ]
        legendary = {o["card"] for o in objects if o["zone"] == "battlefield" and o.get("controller") == player}
        count = sum(1 for o in objects if o["zone"] == "battlefield" and o.get("controller") == player)
        while count < size and pool:
            card = rng.choice(pool)
            if "Legendary" in card.supertypes:
                if card.name in legendary:
                    continue
                legendary.add(card.name)
            count += 1
            objects.append(permanent_entry(rng, card, player, f"{player.lower()}x{count}"))
    return data


def _answer(state: GameState) -> int:
    """The whole hand's answer: every card P1 may cast, counted (cards not read left out)."""
    return PositionCasts(state, "P1").count()


def _next_move(rng: random.Random, state: GameState) -> tuple[str, Any] | None:
    """A legal move of P1 at random: a land play if P1 has none this turn, else a cast paid the default way."""
    if state.stack:  # the last cast resolves: to the battlefield if a permanent spell, else the graveyard
        top = state.object(state.stack[-1])
        zone = Zone.BATTLEFIELD if top.card.is_permanent_card else Zone.GRAVEYARD
        return "resolve", MoveCard(top.id, zone, controller="P1")
    lands = [o.id for o in state.hand("P1") if o.card.is_land]
    if lands and not dict(state.this_turn.lands_played).get("P1"):
        return "land", PlayLand(rng.choice(lands))
    position = PositionCasts(state, "P1")
    if not position.count():
        return None
    cast = position.cast_of(rng.randrange(position.count()))
    return "cast", CastSpell(cast, default_payment(state, cast))


def _steps(rng: random.Random, state: GameState, moves: int, ends: list[str]) -> list[dict[str, Any]]:
    """Up to ``moves`` moves from ``state`` (a resolution counts as one), each timed with the answers after it.

    Why the sequence ended early, if it did, is added to ``ends``: no move left, or the error a move raised (a land
    that enters on a condition, a cost whose effect is not carried out).
    """
    found: list[dict[str, Any]] = []
    for _ in range(moves):
        start = time.process_time()
        try:
            chosen = _next_move(rng, state)
            if chosen is None:
                ends.append("no move left")
                break
            kind, move = chosen
            state = after(state, move)
        except LegalcastsError as exc:
            ends.append(f"{type(exc).__name__}: {str(exc)[:100]}")
            break
        moved = time.process_time()
        count = _answer(state)
        cold = time.process_time()
        again = _answer(state)
        warm = time.process_time()
        assert again == count
        found.append({"kind": kind, "move": moved - start, "cold": cold - moved, "warm": warm - cold, "count": count})
    return found


def _quantiles(values: list[float]) -> tuple[float, float]:
    """(median, 99th percentile) in milliseconds."""
    if len(values) < 2:
        return (values[0] * 1000, values[0] * 1000) if values else (0.0, 0.0)
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered) * 1000, p99 * 1000


def run(
    size: int, positions: int, moves: int, seed: int, decks: Sequence[Deck], cards: Any, ends: list[str]
) -> list[dict[str, Any]]:
    """The steps of ``positions`` positions of ``size`` permanents a side; why sequences ended early in ``ends``."""
    rng = random.Random(seed)
    states = []
    while len(states) < positions:
        data = scaled_position(rng, decks, cards, size)
        try:
            state = state_from_data(data, cards)
            _answer(state)  # its cards met (read) before the timing
        except LegalcastsError:
            continue
        states.append(state)
    steps: list[dict[str, Any]] = []
    for state in states:
        steps += _steps(rng, state, moves, ends)
    return steps


def _print(size: int, steps: list[dict[str, Any]], ends: list[str]) -> None:
    kinds = {kind: sum(1 for s in steps if s["kind"] == kind) for kind in ("land", "cast", "resolve")}
    print(
        f"{size} permanents a side: {len(steps)} steps ({kinds['cast']} casts with their payments, "
        f"{kinds['resolve']} resolutions, {kinds['land']} land plays)"
    )
    print(f"  {'CPU ms':<34}{'median':>9}{'p99':>9}")
    for label, values in (
        ("move (after)", [s["move"] for s in steps]),
        ("whole hand, cold", [s["cold"] for s in steps]),
        ("move + whole hand, cold", [s["move"] + s["cold"] for s in steps]),
        ("whole hand, warm", [s["warm"] for s in steps]),
    ):
        median, p99 = _quantiles(values)
        print(f"  {label:<34}{median:9.2f}{p99:9.2f}")
    casts = [s["move"] for s in steps if s["kind"] == "cast"]
    if casts:
        median, p99 = _quantiles(casts)
        print(f"  {'a cast (choice, payment, after)':<34}{median:9.2f}{p99:9.2f}")
    for reason, times in sorted(collections.Counter(ends).items(), key=lambda item: -item[1]):
        print(f"  sequences ended early, {times}: {reason}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its table; 0."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_loop", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[25, 100], help="permanents a side")
    parser.add_argument("--positions", type=int, default=20, help="positions per size")
    parser.add_argument("--moves", type=int, default=12, help="moves per position, at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decks", type=Path, default=DECKS_DIR)
    args = parser.parse_args(argv)
    cards = default_card_database()
    decks = load_decks(args.decks, cards, report=lambda *_: None)
    for size in args.sizes:
        ends: list[str] = []
        _print(size, run(size, args.positions, args.moves, args.seed, decks, cards, ends), ends)
    return 0


if __name__ == "__main__":
    sys.exit(main())
