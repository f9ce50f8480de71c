"""Draw the fidelity harness's cards at random, with a seed, from the whole card pool.

Usage: ``python -m scripts.fidelity_sample POOL.jsonl[.gz] [--seed N] [--count N] [--parts N]``

Writes ``tests/fidelity/cards-<k>.jsonl``: one line per card, its record as the pool gives it (name, mana cost,
type line, Oracle text) and ``"expected": null``, to be written by hand from the Oracle text (see
tests/fidelity/README.md). Only records that are cards to cast are drawn (a plane or a joke type is not).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

from models.cards import card_from_record
from models.errors import CardDataError

FIELDS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "faces_of")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pool")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--parts", type=int, default=4)
    args = parser.parse_args()
    opener = gzip.open if args.pool.endswith(".gz") else open
    records = {}
    with opener(args.pool, "rt", encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            try:
                card_from_record(record)
            except CardDataError:
                continue
            records[record["name"]] = {k: record[k] for k in FIELDS if record.get(k) is not None}
    names = random.Random(args.seed).sample(sorted(records), args.count)
    out = Path(__file__).resolve().parent.parent / "tests" / "fidelity"
    size = -(-args.count // args.parts)
    for part in range(args.parts):
        chosen = names[part * size : (part + 1) * size]
        with open(out / f"cards-{part + 1}.jsonl", "w", encoding="utf-8") as handle:
            for name in chosen:
                handle.write(json.dumps({**records[name], "expected": None}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
