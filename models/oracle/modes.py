"""Modes of modal spells: headers, bullets, weighted modes, and a choice raised by a condition (CR 700.2)."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedInput

from models.abilities import (
    Instruction,
    Mode,
    UnsupportedText,
)

from models.oracle.grammar import oracle_parser
from models.oracle.targets import SpellTextReader
from models.oracle.unread import error_span
from models.oracle.words import NUMBER_WORDS, PAID_CONDITIONS

__all__ = ["CHOICE_BOUNDS", "PRICED_MODE", "DIE_RESULT_ROW", "read_weighted_modes", "RAISED_CHOICE", "paid_raise"]


# Bounds on the number of modes for "Choose …" (CR 700.2), given the number of modes.
CHOICE_BOUNDS = {
    "one": lambda n: (1, 1),
    "two": lambda n: (2, 2),
    "three": lambda n: (3, 3),
    "four": lambda n: (4, 4),
    "one or both": lambda n: (1, 2),
    "one or more": lambda n: (1, n),
}


# Modes counted by weight, with the same mode allowed more than once (CR 700.2i, 700.2d): the header, then one
# line per mode that starts with its pawprints ("{P}{P} — …") or its number ("[2] …").
_WEIGHTED_HEADER = re.compile(
    r"choose (?:any number of modes that total exactly (?P<exactly>\w+)|up to (?P<most>\w+) \{p\} worth of modes)"
    r"\. you may choose the same mode more than once\.")


_WEIGHTED_MODE = re.compile(r"(?:(?P<pawprints>(?:\{p\})+) —|\[(?P<number>[1-9]\d*)\]) (?P<effect>.+)")


PRICED_MODE = re.compile(r"[^—{}]+? — (?P<cost>(?:\{[^}]+\})+) — (?P<effect>.+)")
"""A mode with its name and cost before its effect, "Cross-Slash — {0} — Destroy target tapped creature." (tiered)."""


DIE_RESULT_ROW = re.compile(r"\d+(?:[—–-]\d+|\+)? \| (?P<effect>.+)")
"""A line of a die roll's results table, "1—14 | …", "15+ | …", "20 | …" (CR 706.3a)."""


def read_weighted_modes(line: str, original: str, out: dict, modes: list[Mode]) -> bool:
    """Read a header or a mode of a spell whose modes count by weight; False when the line is neither.

    "Choose up to five {P} worth of modes. You may choose the same mode more than once." chooses modes whose
    pawprints total at most five, none included (CR 700.2i, 700.2d); "Choose any number of modes that total
    exactly 4. You may choose the same mode more than once." chooses modes whose numbers ("[1] …", "[2] …")
    total exactly 4. Each mode after the header is read as spell text; its weight goes to ``out["weights"]``
    and the bounds to ``out["weighted"]``, as ``(minimum, maximum, header)``.
    """
    header = _WEIGHTED_HEADER.fullmatch(line)
    if header is not None:
        number = header["exactly"] or header["most"]
        total = NUMBER_WORDS.get(number) or (int(number) if number.isdigit() else None)
        if total is None:
            return False
        out["weighted"] = (total if header["exactly"] else 0, total, original)
        out["weights"] = []
        return True
    mode = _WEIGHTED_MODE.fullmatch(line)
    if mode is None or out.get("weighted") is None:
        return False
    weight = len(mode["pawprints"]) // 3 if mode["pawprints"] else int(mode["number"])
    rest = mode["effect"]
    text = original[len(original) - len(rest):]
    try:
        effect = oracle_parser().parse(rest, start="effect")
    except UnexpectedInput as error:
        out["unsupported"].append(UnsupportedText(error_span(text, error), "text the grammar cannot read"))
        return True
    reader = SpellTextReader(rest)
    reader.read(effect)
    out["unsupported"].extend(reader.unsupported)
    if not text.endswith((".", '"')):
        out["unsupported"].append(UnsupportedText(original, "a mode that is not a sentence"))
    out["weights"].append(weight)
    modes.append(Mode(len(modes), Instruction(text, tuple(reader.targets))))
    return True


RAISED_CHOICE = re.compile(r"(?:[a-z0-9' ]+ — )?choose (?P<number>one|two)\. if (?P<condition>[^,]+?)(?: as you cast "
                            r"this spell)?, (?P<may>you may )?choose (?P<raised>both|two|one or more) instead\.")
"""A modal header whose number of modes grows when a condition holds as the spell is cast: "Choose one. If you
control a Wizard as you cast this spell, you may choose two instead." (CR 700.2)."""


_PAID_RAISE = re.compile(r"(?:~|this spell|it) was (?:cast using (?P<keyword>teamwork)|(?P<kicked>kicked|bargained))"
                         r"|this spell's additional cost was paid")
"""A raise of the modes chosen that hangs on an optional cost paid: "If this spell was cast using teamwork, choose
both instead." (CR 601.4: the modes may be chosen as if that cost's payment were announced first)."""


def paid_raise(condition: str) -> tuple[str, ...] | None:
    """The optional costs whose payment a raise of the modes chosen asks (any one of them), or None."""
    found = _PAID_RAISE.fullmatch(condition)
    if found is None:
        return None
    if found["keyword"]:
        return (found["keyword"],)
    if found["kicked"]:
        return PAID_CONDITIONS[found["kicked"]]
    return ("optional additional cost",)  # the one "As an additional cost …, you may …" (CR 118.8)
