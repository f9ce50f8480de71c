"""Modes of modal spells: headers, bullets, weighted modes, and a choice raised by a condition (CR 700.2)."""

from __future__ import annotations

import re
from collections.abc import Callable

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

from lark import Token, Tree

from models.abilities import ModeChoice, Requirement
from models.mana import ManaCost
from models.oracle.conditions import alternative_condition, state_condition
from models.oracle.grammar import mana_cost_of
from models.oracle.reading import CardReading, RaisedChoice, WeightedChoice

__all__ = [
    "CHOICE_BOUNDS",
    "PRICED_MODE",
    "RAISED_CHOICE",
    "paid_raise",
    "read_raised_choice_line",
    "read_weighted_mode_line",
    "read_spree_mode",
    "read_modal_header",
    "read_bullet_mode",
    "read_mode_choice",
]


# Bounds on the number of modes for "Choose …" (CR 700.2), given the number of modes.
CHOICE_BOUNDS: dict[str, Callable[[int], tuple[int, int]]] = {
    "one": lambda n: (1, 1),
    "two": lambda n: (2, 2),
    "three": lambda n: (3, 3),
    "four": lambda n: (4, 4),
    "five": lambda n: (5, 5),
    # "Choose up to four.": that many at most, none included, as "up to" admits fewer (CR 700.2, 107.1c)
    "up to two": lambda n: (0, 2),
    "up to three": lambda n: (0, 3),
    "up to four": lambda n: (0, 4),
    "up to five": lambda n: (0, 5),
    "one or both": lambda n: (1, 2),
    "one or more": lambda n: (1, n),
    "any number": lambda n: (0, n),  # zero too (CR 107.1c)
}


# Modes counted by weight, with the same mode allowed more than once (CR 700.2i, 700.2d): the header, then one
# line per mode that starts with its pawprints ("{P}{P} — …") or its number ("[2] …").
_WEIGHTED_HEADER = re.compile(
    r"choose (?:any number of modes that total exactly (?P<exactly>\w+)|up to (?P<most>\w+) \{p\} worth of modes)"
    r"\. you may choose the same mode more than once\."
)


_WEIGHTED_MODE = re.compile(r"(?:(?P<pawprints>(?:\{p\})+) —|\[(?P<number>[1-9]\d*)\]) (?P<effect>.+)")


PRICED_MODE = re.compile(r"[^—{}]+? — (?P<cost>(?:\{[^}]+\})+) — (?P<effect>.+)")
"""A mode with its name and cost before its effect, "Cross-Slash — {0} — Destroy target tapped creature." (tiered)."""


RAISED_CHOICE = re.compile(
    r"(?:[a-z0-9' ]+ — )?choose (?P<number>one|two)\. if (?P<condition>[^,]+?)(?: as you cast "
    r"this spell)?, (?P<may>you may )?choose (?P<raised>both|two|one or more|any number) instead\."
)
"""A modal header whose number of modes grows when a condition holds as the spell is cast: "Choose one. If you
control a Wizard as you cast this spell, you may choose two instead." (CR 700.2)."""


_PAID_RAISE = re.compile(
    r"(?:~|this spell|it) was (?:cast using (?P<keyword>teamwork)|(?P<kicked>kicked|bargained))"
    r"|this spell's additional cost was paid"
)
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


def read_raised_choice_line(reading: CardReading, line: str, original: str) -> bool:
    """ "Choose one. If you control a Wizard as you cast this spell, you may choose two instead." (CR 700.2)."""
    if not reading.is_spell or (raised := RAISED_CHOICE.fullmatch(line)) is None:
        return False
    paid = paid_raise(raised["condition"])
    requirements: tuple[Requirement, ...] | None = ()
    if paid is None:  # asked as the modes are chosen (CR 601.2b): the state decides it
        requirement = alternative_condition(raised["condition"])
        requirements = (requirement,) if requirement is not None else state_condition(raised["condition"])
    if requirements is None:
        reading.unsupported.append(UnsupportedText(original, "the condition for choosing more modes is not read"))
    reading.choose = (raised["number"], original)
    reading.raised = RaisedChoice(raised["raised"], requirements or (), paid or (), not raised["may"])
    return True


def read_weighted_mode_line(reading: CardReading, line: str, original: str) -> bool:
    """Read a header or a mode of a spell whose modes count by weight; False when the line is neither.

    "Choose up to five {P} worth of modes. You may choose the same mode more than once." chooses modes whose
    pawprints total at most five, none included (CR 700.2i, 700.2d); "Choose any number of modes that total
    exactly 4. You may choose the same mode more than once." chooses modes whose numbers ("[1] …", "[2] …")
    total exactly 4. Each mode after the header is read as spell text; its weight goes to ``reading.weights``
    and the bounds to ``reading.weighted``.
    """
    header = _WEIGHTED_HEADER.fullmatch(line)
    if header is not None:
        number = header["exactly"] or header["most"]
        total = NUMBER_WORDS.get(number) or (int(number) if number.isdigit() else None)
        if total is None:
            return False
        reading.weighted = WeightedChoice(total if header["exactly"] else 0, total, original)
        reading.weights = []
        return True
    mode = _WEIGHTED_MODE.fullmatch(line)
    if mode is None or reading.weighted is None:
        return False
    weight = len(mode["pawprints"]) // 3 if mode["pawprints"] else int(mode["number"])
    rest = mode["effect"]
    text = original[len(original) - len(rest) :]
    try:
        effect = oracle_parser().parse(rest, start="effect")
    except UnexpectedInput as error:
        reading.unsupported.append(UnsupportedText(error_span(text, error), "text the grammar cannot read"))
        return True
    reader = SpellTextReader(rest)
    reader.read(effect)
    reading.unsupported.extend(reader.unsupported)
    if not text.endswith((".", '"')):
        reading.unsupported.append(UnsupportedText(original, "a mode that is not a sentence"))
    reading.weights.append(weight)
    reading.modes.append(Mode(len(reading.modes), Instruction(text, tuple(reader.targets))))
    return True


def read_spree_mode(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "+ {1} — Destroy target artifact.": a Spree mode and its additional cost (CR 702.172a)."""
    cost_tree = next(c for c in tree.children if isinstance(c, Tree) and c.data == "mana_cost")
    effect = next(c for c in tree.children if isinstance(c, Tree) and c.data == "effect")
    reader = SpellTextReader(line)
    reader.read(effect)
    text = re.sub(r"^\+\s*(\{[^}]*\})+\s*—\s*", "", original)  # the mode's text, after its cost
    reading.unsupported.extend(reader.unsupported)
    reading.modes.append(Mode(len(reading.modes), Instruction(text, tuple(reader.targets)), mana_cost_of(cost_tree)))


def read_modal_header(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "Choose one —", "Choose three. You may choose the same mode more than once." (CR 700.2, 700.2d)."""
    word = str(tree.children[0]).removeprefix("choose ").split(".")[0].strip()
    reading.choose = (word, original)
    reading.repeatable = tree.data == "repeatable_header"


def read_bullet_mode(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "• Destroy target creature.": one mode; "• Cross-Slash — {0} — …" a tiered mode with its cost (CR 702.183a)."""
    effect = next(c for c in tree.children if isinstance(c, Tree) and c.data == "effect")
    reader = SpellTextReader(line)
    reader.read(effect)
    reading.unsupported.extend(reader.unsupported)
    text = original.lstrip("•").strip()
    if not text.endswith((".", '"')):
        # "• Giant Growth": a mode that names another card's text (play-test cards), not read
        reading.unsupported.append(UnsupportedText(original, "a mode that is not a sentence"))
    priced = PRICED_MODE.fullmatch(text)
    if priced:
        reading.modes.append(
            Mode(
                len(reading.modes),
                Instruction(priced["effect"], tuple(reader.targets)),
                ManaCost.parse(priced["cost"], path="oracle_text"),
            )
        )
    else:
        reading.modes.append(Mode(len(reading.modes), Instruction(text, tuple(reader.targets))))


def _chosen_modes(reading: CardReading) -> ModeChoice:
    """How many modes "Choose …" chooses, raised when its condition holds (CR 700.2); reports modes not read."""
    assert reading.choose is not None
    number, header = reading.choose
    modes = reading.modes
    low, high = CHOICE_BOUNDS[number](len(modes))
    if any(m.cost is not None for m in modes) or len(modes) < 2 or (high > len(modes) and not reading.repeatable):
        reading.unsupported.append(UnsupportedText(header, "modal text whose modes can't be read"))
    raised_to: int | None = None
    raised_least: int | None = None
    raised_if: tuple[Requirement, ...] = ()
    raised_if_paid: tuple[str, ...] = ()
    if reading.raised is not None:  # more modes when a condition holds as it is cast (CR 700.2)
        word, raised_if_paid = reading.raised.word, reading.raised.paid
        raised_to = 2 if word == "both" else CHOICE_BOUNDS[word](len(modes))[1]
        # "choose both instead", no "you may": then exactly both; "choose one or more instead": one at least
        raised_least = CHOICE_BOUNDS["two" if word == "both" else word](len(modes))[0] if reading.raised.must else None
        raised_if = reading.raised.requirements
    return ModeChoice(
        low,
        high,
        entwine=reading.entwine,
        escalate=reading.escalate,
        repeatable=reading.repeatable,
        raised_maximum=raised_to,
        raised_if=raised_if,
        raised_minimum=raised_least,
        raised_if_paid=raised_if_paid,
    )


def read_mode_choice(reading: CardReading) -> ModeChoice | None:
    """How the card's modes are chosen, from its keywords and headers: Spree, tiered, weighted, "Choose …".

    Spree chooses one or more modes, each with its cost (CR 702.172a); tiered one, its cost an additional cost
    (CR 702.183a); a weighted header modes by weight (CR 700.2i); "Choose …" so many (CR 700.2). Modes with
    none of these, entwine or escalate with no "Choose …" modes, and modes that don't fit their header are
    reported in ``reading.unsupported``.

    Returns
    -------
    ModeChoice or None
        None when the card has no modes read.
    """
    modes = reading.modes
    costed = [m for m in modes if m.cost is not None]
    mode_choice = None
    if reading.spree:
        if not modes or len(costed) != len(modes):
            reading.unsupported.append(UnsupportedText("Spree", "Spree needs one '+ cost —' line per mode"))
        mode_choice = ModeChoice(1, len(modes), spree=True)
    elif reading.tiered:
        if len(modes) < 2 or len(costed) != len(modes) or reading.choose or reading.entwine or reading.escalate:
            reading.unsupported.append(
                UnsupportedText("Tiered", "Tiered needs one '• name — cost — effect' line per mode")
            )
        mode_choice = ModeChoice(1, 1, tiered=True)
    elif reading.weighted is not None:
        weights = tuple(reading.weights)
        if costed or len(modes) < 2 or len(weights) != len(modes) or reading.entwine or reading.escalate:
            reading.unsupported.append(UnsupportedText(reading.weighted.header, "modal text whose modes can't be read"))
        else:
            mode_choice = ModeChoice(
                reading.weighted.minimum, reading.weighted.maximum, repeatable=True, weights=weights
            )
    elif reading.choose is not None:
        mode_choice = _chosen_modes(reading)
    elif modes:
        reading.unsupported.append(UnsupportedText(modes[0].instruction.text, "modes without Spree or 'Choose …'"))
    if (reading.entwine or reading.escalate) and (mode_choice is None or mode_choice.spree):
        reading.unsupported.append(UnsupportedText("Entwine/Escalate", "entwine or escalate without 'Choose …' modes"))
    return mode_choice
