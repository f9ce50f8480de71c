"""The X of the mana cost: its bounds, the mana that may pay it, and X that no cost announces (CR 107.3, 601.2b).

"X can't be 0.", "X can't be greater than …", "Spend only black mana on X.", and target phrases naming an X
no cost of the card announces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


from models.abilities import (
    ANNOUNCED_X,
    AdditionalCost,
    AlternativeCost,
    Count,
    Instruction,
    Mode,
    ObjectFilter,
    Quality,
    XLimit,
    UnsupportedText,
)
from models.objects import Card, CardType, Zone


from models.oracle.reading import CardReading
from models.oracle.words import COLOR_WORDS, strip_reminder

__all__ = [
    "read_x_limit",
    "SPEND_ON_X",
    "x_without_announcement",
    "read_x_limit_sentence",
    "read_spend_on_x_line",
    "unmodelled_x",
]


_X_LIMIT = re.compile(r"(?:^|(?<=\. ))x can't be (?:(?P<zero>0)|greater than (?P<most>[^.]+))\.$")


_X_COUNTED_PERMANENTS = re.compile(
    r"the number of (?:(?P<supertype>snow|basic|legendary) )?"
    r"(?P<kind>creature|artifact|enchantment|land|planeswalker|permanent)s you control"
)


_ABILITY_START = re.compile(r"(?:when|whenever|at)\b|[^.]*:")


def read_x_limit(original: str, has_x: bool, is_spell: bool) -> tuple[XLimit | UnsupportedText, str] | None:
    """The bound "X can't be 0." or "X can't be greater than …" that ends a line, and the rest of the line.

    The sentence bounds the X of the spell's mana cost, announced as it is cast (CR 107.3, 601.2b), when it
    stands alone or ends the text of an instant or sorcery; after an activated or triggered ability, it bounds
    that ability's X, and is left to the line's reader.

    Parameters
    ----------
    original : str
        One line of Oracle text, as printed.
    has_x : bool
        Whether the card's mana cost has {X}.
    is_spell : bool
        Whether the card is an instant or sorcery.

    Returns
    -------
    (XLimit or UnsupportedText, str) or None
        The bound (an UnsupportedText when its number is not read), and the text before the sentence (empty
        when the sentence is the line); None when the line ends with no such sentence of the spell.
    """
    found = _X_LIMIT.search(original.lower())
    if found is None or not has_x:
        return None
    rest = original[: found.start()].strip()
    if rest and (not is_spell or _ABILITY_START.match(rest.lower())):
        return None
    text = original[found.start() :]
    if found["zero"]:
        return XLimit(1, text=text), rest
    most = found["most"]
    if most == "the number of players in the game":
        return XLimit(maximum=Count(quantity="players", text=most), text=text), rest
    permanents = _X_COUNTED_PERMANENTS.fullmatch(most)
    if permanents is None:
        return UnsupportedText(text, "a bound on X not read"), rest
    kind = permanents["kind"]
    clauses = [] if kind == "permanent" else [frozenset({Quality("type", CardType(kind.capitalize()))})]
    if permanents["supertype"]:
        clauses.append(frozenset({Quality("supertype", permanents["supertype"].capitalize())}))
    qualities = ObjectFilter(tuple(clauses), most) if clauses else None
    return XLimit(maximum=Count(Zone.BATTLEFIELD, "you", qualities, text=most), text=text), rest


SPEND_ON_X = re.compile(
    r"spend only (?P<colours>(?:white|blue|black|red|green)(?: and/or "
    r"(?:white|blue|black|red|green))?) mana on x\."
)


def x_without_announcement(
    card: Card,
    spell_text: Iterable[Instruction],
    modes: Iterable[Mode],
    additional: Iterable[AdditionalCost],
    alternative: Iterable[AlternativeCost],
) -> list[UnsupportedText]:
    """The target phrases that name an X no cost of the card announces, each reported (CR 107.3a, 601.2b).

    "Return up to X target creatures …, where X is one plus the number of cards named Aether Burst …": X is
    announced with an {X} of the mana cost or of another cost ("pay X life", "discard X cards", "Foretell
    {X}{X}{W}"), or counted for a division ("X damage divided …, where X is the number of Mountains you
    control"); else the text defines it in words not read here, and the phrase is reported.
    """
    if (
        (card.mana_cost is not None and card.mana_cost.has_x)
        or any(a.cost.mana.has_x for a in alternative)
        or any(a.cost.mana.has_x or a.cost.life_x or any(o.x_count for o in a.cost.objects) for a in additional)
    ):
        return []
    found = []
    for instruction in list(spell_text) + [mode.instruction for mode in modes]:
        for spec in instruction.targets:
            names_x = (
                spec.x_count
                or (spec.divided_x and spec.divided_count is None)
                or (
                    spec.qualities is not None
                    and any(q.value == ANNOUNCED_X for c in spec.qualities.clauses for q in c)
                )
            )
            if names_x:
                found.append(
                    UnsupportedText(
                        spec.phrase,
                        "X with no {X} in a cost that announces it: what the text says X is, is not read (CR 107.3a)",
                    )
                )
    return found


def read_x_limit_sentence(reading: CardReading, original: str) -> str:
    """Read the "X can't be 0." that ends a line (:func:`read_x_limit`); the rest of the line, to read on.

    Parameters
    ----------
    reading : CardReading
        Where the bound goes (or the report of a bound not read).
    original : str
        The line, as printed.

    Returns
    -------
    str
        The line before the sentence (empty when the sentence is the line), or the whole line when it ends with
        no such sentence.
    """
    found = read_x_limit(original, reading.has_x, reading.is_spell)
    if found is None:
        return original
    limit, rest = found
    if isinstance(limit, UnsupportedText):
        reading.unsupported.append(limit)
    else:
        reading.x_limits.append(limit)
    return rest


def read_spend_on_x_line(reading: CardReading, line: str, original: str) -> bool:
    """ "Spend only black mana on X.": only mana of those colours pays for X (CR 107.3, 601.2h)."""
    if not reading.is_spell or (spend := SPEND_ON_X.fullmatch(line)) is None:
        return False
    reading.x_colours = frozenset(COLOR_WORDS[word].letter for word in spend["colours"].split(" and/or "))
    return True


def unmodelled_x(card: Card, reading: CardReading) -> list[UnsupportedText]:
    """Reports of X (and Y, Z) the cast problem does not announce: in the mana cost, mode costs, splice, division.

    Y or Z in the mana cost (CR 107.3); X in a mode's cost or a splice cost (an additional cost, CR 601.2b);
    "X damage divided …" where the text defines X ("X is the number of … as you cast this spell", CR 107.3c),
    or where no {X} of the mana cost announces it (Fire Covenant's "pay X life").
    """
    found = []
    if card.mana_cost is not None and any(s.variable in ("Y", "Z") for s in card.mana_cost.symbols):
        found.append(UnsupportedText(str(card.mana_cost), "Y or Z in the mana cost is not modelled"))
    costs = [(m.cost, m.instruction.text) for m in reading.modes if m.cost is not None]
    if reading.splice:
        costs.append((reading.splice.cost.mana, "splice cost"))
    found.extend(
        UnsupportedText(where, "X in an additional cost is not modelled") for cost, where in costs if cost.has_x
    )
    divided_x = [
        spec.phrase
        for instruction in reading.spell_text + [m.instruction for m in reading.modes]
        for spec in instruction.targets
        if spec.divided_x and spec.divided_count is None
    ]
    if divided_x and re.search(r"\bx is\b", strip_reminder(card.oracle_text).lower()):
        # "X is the number of … as you cast this spell": X is defined by the text (CR 107.3c), not announced
        found.append(UnsupportedText(divided_x[0], "a divided amount the text defines or changes"))
    elif divided_x and (card.mana_cost is None or not card.mana_cost.has_x):
        # Fire Covenant's "pay X life": X announced for an additional cost, which the cost rules don't announce yet
        found.append(UnsupportedText(divided_x[0], "X divided without {X} in the mana cost"))
    return found
