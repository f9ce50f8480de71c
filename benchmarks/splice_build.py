"""Benchmark: building the cast problem of a spell with many splice cards in hand.

Usage::

    python -m benchmarks.splice_build            # 1 to 10 splice cards
    python -m benchmarks.splice_build --cards 9  # one size

P1 casts Reach Through Mists ({U}, Arcane) with ``n`` different Arcane
splice cards in hand and four lands (Island, Plains, Mountain, Forest), so
only a few of the 2^n sets of spliced cards can be paid for; P2 controls one
Grizzly Bears. For each ``n`` the count is asserted first against an
independent count (every set of splice cards whose total cost the mana can
pay, times its orders and its targets, CR 702.47b, 601.2h); then the CPU
median of building the problem, its peak traced memory, and the CPU median
of counting (problem built inside) are printed.
"""

from __future__ import annotations

import argparse
import itertools
import math
import tracemalloc

from models.io.state_json import state_from_data
from models.mana import ManaPayer, sum_costs
from models.state import GameState

__all__ = ["SPLICE_CARDS", "splice_state", "independent_count", "main"]

SPLICE_CARDS = (
    "Psychic Puppetry",
    "Kodama's Might",
    "Glacial Ray",
    "Blessed Breath",
    "Candles' Glow",
    "Dampen Thought",
    "Desperate Ritual",
    "Spiritual Visit",
    "Into the Fray",
    "Vital Surge",
)
"""Arcane splice cards, cheapest splice costs first."""


def splice_state(n: int) -> GameState:
    """Reach Through Mists with the first ``n`` of :data:`SPLICE_CARDS` in hand and four lands."""
    objects = [{"id": "mists", "card": "Reach Through Mists", "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"s{i}", "card": name, "zone": "hand", "owner": "P1"} for i, name in enumerate(SPLICE_CARDS[:n])]
    objects += [
        {"id": f"land{i}", "card": land, "zone": "battlefield", "controller": "P1"}
        for i, land in enumerate(("Island", "Plains", "Mountain", "Forest"))
    ]
    objects += [{"id": "bear", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"}]
    return state_from_data({"players": ["P1", "P2"], "objects": objects})


def independent_count(state: GameState) -> int:
    """The number of legal casts, counted without the solver (CR 702.47a-b, 601.2c, 601.2h).

    Every set of splice cards whose costs, with Reach Through Mists' {U}, the
    lands can pay; each gives ``k!`` orders and, per spliced card, as many
    choices as its instances of "target" have candidates (creatures: the
    Bears; "target creature you control": none; "any target": the Bears and
    two players; "target player": two; "target permanent": the five
    permanents; no target: one).
    """
    from models.io.card_pool import default_card_database
    from models.oracle.parser import parse_card

    database = default_card_database()
    mists = database.get("Reach Through Mists")
    payer = ManaPayer(tuple(_land_sources(state)))
    cards = [o for o in state.hand("P1") if o.id != "mists"]
    choices = {
        "target creature": 1,
        "target creature you control": 0,
        "any target": 3,
        "target player": 2,
        "target permanent": 5,
    }
    total = 0
    for size in range(len(cards) + 1):
        for chosen in itertools.combinations(cards, size):
            abilities = [parse_card(card.card) for card in chosen]
            cost = sum_costs([mists.mana_cost] + [a.splice.cost.mana for a in abilities])
            if not payer.can_pay(cost):
                continue
            targets = math.prod(choices[t.phrase] for a in abilities for i in a.spell_text for t in i.targets)
            total += math.factorial(size) * targets
    return total


def _land_sources(state: GameState):
    from models.mana import ManaSource

    letters = {"Island": "U", "Plains": "W", "Mountain": "R", "Forest": "G"}
    for obj in state.battlefield():
        if obj.card.name in letters:
            yield ManaSource.of_letters(letters[obj.card.name], object_id=obj.id)


def main(argv: list[str] | None = None) -> int:
    """Print, per number of splice cards, the count, the build time and memory, and the count time."""
    from benchmarks.timing import cpu_median
    from legalcasts import build_cast_problem, count_legal_casts, legal_casts

    parser = argparse.ArgumentParser(prog="python -m benchmarks.splice_build", description=__doc__.split("\n")[0])
    parser.add_argument("--cards", type=int, default=None, help="only this many splice cards (1 to 10)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per median")
    args = parser.parse_args(argv)
    sizes = [args.cards] if args.cards else list(range(1, len(SPLICE_CARDS) + 1))
    print(f"{'cards':>5} {'casts':>7} {'build (CPU median)':>19} {'build peak memory':>18} {'count (CPU median)':>19}")
    worst = 0.0
    for n in sizes:
        state = splice_state(n)
        expected = independent_count(state)
        got = count_legal_casts(state, "mists")
        if got != expected:
            raise AssertionError(f"{n} splice cards: the solver counts {got}, the independent count is {expected}")
        build = cpu_median(lambda state=state: build_cast_problem(state, "mists"), args.repeat)
        tracemalloc.start()
        build_cast_problem(state, "mists")
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        # a view of its own each time: count_legal_casts keeps the view of a state it has seen (held_view)
        count = cpu_median(lambda state=state: legal_casts(state, "mists").count(), args.repeat)
        worst = max(worst, build) if n == 10 else worst
        print(f"{n:>5} {got:>7} {build * 1e3:>16.2f} ms {peak / 1e6:>15.2f} MB {count * 1e3:>16.2f} ms", flush=True)
    if 10 in sizes:
        verdict = "met" if worst <= 0.05 else "MISSED"
        print(f"target build <= 50 ms with 10 splice cards: {worst * 1e3:.2f} ms -> {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
