"""Build the card file shipped in ``models/data/cards.jsonl``.

Reads a Scryfall-style JSON-lines card file and keeps, for every card, the
fields the library reads (name, costs, colours, types, Oracle text, power,
toughness, the French name), with the older files' spellings of mana symbols
("{Variable Colorless}") written as current ones ("{X}"). Usage::

    python scripts/build_card_data.py SOURCE.jsonl models/data/cards.jsonl
"""

from __future__ import annotations

import json
import sys

# Spellings of mana symbols in the older source files, and their current form.
SYMBOL_SPELLINGS = {
    "{Variable Colorless}": "{X}",
    "{White or Black}": "{W/B}",
}

KEPT_FIELDS = (
    "name",
    "mana_cost",
    "cmc",
    "colors",
    "type_line",
    "supertypes",
    "types",
    "subtypes",
    "oracle_text",
    "keywords",
    "power",
    "toughness",
    "loyalty",
    "layout",
    "faces_of",
    "name_fr",
    "sets",
)


def main(source: str, target: str) -> int:
    """Copy the kept fields of every card of ``source`` into ``target``."""
    count = 0
    with open(source, encoding="utf-8") as infile, open(target, "w", encoding="utf-8") as outfile:
        for line in infile:
            if not line.strip():
                continue
            record = json.loads(line)
            kept = {key: record[key] for key in KEPT_FIELDS if key in record}
            for key in ("mana_cost", "oracle_text"):
                for old, new in SYMBOL_SPELLINGS.items():
                    if isinstance(kept.get(key), str):
                        kept[key] = kept[key].replace(old, new)
            outfile.write(json.dumps(kept, ensure_ascii=False, sort_keys=False) + "\n")
            count += 1
    print(f"{count} cards written to {target}")
    return 0


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", help="a Scryfall-style JSON-lines card file")
    parser.add_argument("target", help="the card file to write (models/data/cards.jsonl)")
    arguments = parser.parse_args()
    sys.exit(main(arguments.source, arguments.target))
