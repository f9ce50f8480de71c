"""Count the casts of every card of the pool, in hand and in the graveyard, on one board: no Python error.

Usage: ``python -m scripts.pool_smoke [--cards N] [--seed S]``

Each non-land card of the default card data is put in P1's hand, then in P1's graveyard, on a board of ten basic
lands, creatures on both sides, an artifact and a few cards in graveyards and hand, and its casts are counted.
A card may be unsupported (a ``LegalcastsError``: reported, the answer of the tool); any other exception is a
bug, printed with the card and the zone. Exit 1 when there is one. About 80 s for the whole pool.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

from models.io.card_pool import default_card_database
from models.errors import LegalcastsError
from models.io.state_json import state_from_data
from solver.legal import legal_casts

BOARD = [
    *(
        {"id": f"l{i}", "card": land, "zone": "battlefield", "controller": "P1"}
        for i, land in enumerate(["Plains", "Island", "Swamp", "Mountain", "Forest"] * 2)
    ),
    {"id": "c1", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
    {"id": "c2", "card": "Hill Giant", "zone": "battlefield", "controller": "P2"},
    {"id": "a1", "card": "Sol Ring", "zone": "battlefield", "controller": "P2"},
    {"id": "g1", "card": "Opt", "zone": "graveyard", "owner": "P1"},
    {"id": "g2", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P2"},
    {"id": "h2", "card": "Shock", "zone": "hand", "owner": "P1"},
]


def main() -> int:
    """Run over the pool; print the count of cards, the seconds and every failure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=None, help="only this many cards, drawn with --seed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cards = [card for card in default_card_database() if not card.is_land]
    if args.cards is not None:
        cards = random.Random(args.seed).sample(cards, min(args.cards, len(cards)))
    started = time.perf_counter()
    failures = 0
    for card in cards:
        for zone in ("hand", "graveyard"):
            objects = [*BOARD, {"id": "x", "card": card.name, "zone": zone, "owner": "P1"}]
            try:
                legal_casts(state_from_data({"players": ["P1", "P2"], "objects": objects}), "x").count()
            except LegalcastsError:
                continue  # unsupported or refused: an answer of the tool
            except Exception:  # a bug: named, and the run goes on
                failures += 1
                print(f"{card.name} ({zone}):\n{traceback.format_exc()}", file=sys.stderr)
    print(
        f"{len(cards):,} cards, each in hand and in the graveyard: {failures} failures in "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
