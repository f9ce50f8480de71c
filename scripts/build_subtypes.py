"""Write ``models/subtypes.py``: the subtypes listed in CR 205.3g-m.

Usage: ``python scripts/build_subtypes.py COMPREHENSIVE_RULES.txt``. The
grammar needs them to tell "target Spirit" or "non-Zombie creature" from free
text (CR 205.3).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

RULES = {
    "205.3g": "artifact",
    "205.3h": "enchantment",
    "205.3i": "land",
    "205.3j": "planeswalker",
    "205.3k": "spell",
    "205.3m": "creature",
}


def subtypes(text: str) -> dict[str, list[str]]:
    """The subtype lists of CR 205.3g-m, by kind of subtype."""
    found = {}
    for rule, kind in RULES.items():
        line = next(line for line in text.splitlines() if line.startswith(rule + " "))
        listed = re.search(r"(?:The \w+ types are|one word long:) (.*?)\.(?: |$)", line)
        names = re.sub(r"\s*\(see rules? [^)]*\)", "", listed.group(1)).split(",")
        two_words = re.search(r"is two words long: ([^.]*)\.", line)  # "Time Lord" (CR 205.3m)
        names += [two_words.group(1)] if two_words else []
        found[kind] = sorted({n.strip().removeprefix("and ").strip() for n in names if n.strip()})
    return found


def main(path: str) -> None:
    """Write the module next to the package's other data."""
    lists = subtypes(Path(path).read_text(encoding="utf-8"))
    out = [
        '"""Subtypes by kind, as listed in CR 205.3g-m (written by scripts/build_subtypes.py)."""',
        "",
        "SUBTYPES: dict[str, frozenset[str]] = {",
    ]
    for kind, names in lists.items():
        out.append(f"    {kind!r}: frozenset({{")
        for start in range(0, len(names), 8):
            out.append("        " + ", ".join(repr(n) for n in names[start : start + 8]) + ",")
        out.append("    }),")
    out.append("}")
    Path(__file__).resolve().parents[1].joinpath("models", "subtypes.py").write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
