"""Mana symbols, mana costs, mana sources and whether sources can pay a cost.

A mana cost is a sequence of mana symbols (CR 107.4, 202.1); its mana value
is the total amount of mana in it (CR 202.3).  Casting a spell fixes the value
of X (CR 107.3a, 601.2b), determines the total cost -- the mana cost plus
additional costs and cost increases, minus cost reductions (CR 601.2f,
118.7) -- and then pays it (CR 601.2g-h).  :func:`can_pay` answers the last
question as a bipartite matching between the mana that sources can add and
the symbols of the cost, solved as a maximum flow.

Examples
--------
>>> cost = ManaCost.parse("{2}{W}{W}")
>>> cost.mana_value
4
>>> str(cost + ManaCost.parse("{1}{U}"))
'{3}{W}{W}{U}'
>>> plains = [ManaSource.of_letters("W", object_id=f"plains{i}") for i in range(4)]
>>> can_pay(cost, plains)
True
>>> can_pay(cost, plains[:3])
False
"""

from __future__ import annotations

import enum
import functools
import itertools
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from models.errors import InputError, ManaCostError

__all__ = [
    "Color",
    "COLOR_ORDER",
    "COLORLESS",
    "MANA_LETTERS",
    "SymbolKind",
    "ManaSymbol",
    "ManaCost",
    "ManaSource",
    "ManaPayer",
    "simple_demand",
    "can_pay",
    "sum_costs",
]


class Color(enum.Enum):
    """The five colors (CR 105.1), valued by their mana-symbol letter (CR 107.4a).

    Examples
    --------
    >>> Color.from_letter("u")
    <Color.BLUE: 'U'>
    >>> Color.GREEN.letter
    'G'
    """

    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"

    @classmethod
    def from_letter(cls, letter: str) -> Color:
        """Return the color whose mana symbol is ``letter`` (case-insensitive).

        Parameters
        ----------
        letter : str
            One of ``W``, ``U``, ``B``, ``R``, ``G`` (CR 107.4a).

        Returns
        -------
        Color
            The color.

        Raises
        ------
        ManaCostError
            If ``letter`` is not a color letter (``C`` is colorless, not a
            color: CR 105.2c).

        Examples
        --------
        >>> Color.from_letter("W")
        <Color.WHITE: 'W'>
        >>> Color.from_letter("C")
        Traceback (most recent call last):
        ...
        models.errors.ManaCostError: color: 'C' is not a color letter (W, U, B, R, G)
        """
        if isinstance(letter, str):
            try:
                return cls(letter.upper())
            except ValueError:
                pass
        raise ManaCostError("color", f"{letter!r} is not a color letter (W, U, B, R, G)")

    @property
    def letter(self) -> str:
        """The letter of this color's mana symbol (CR 107.4a), e.g. ``"U"``."""
        return self.value


COLOR_ORDER: tuple[Color, ...] = (
    Color.WHITE,
    Color.BLUE,
    Color.BLACK,
    Color.RED,
    Color.GREEN,
)
"""The canonical WUBRG order of the colors (CR 105.1, 107.4)."""

COLORLESS = "C"
"""The letter of colorless mana and of the colorless mana symbol ``{C}`` (CR 107.4c)."""

MANA_LETTERS = "WUBRGC"
"""The letters of the six types of mana (CR 106.1b), in canonical order."""

_COLOR_INDEX = {color: index for index, color in enumerate(COLOR_ORDER)}
_LETTER_INDEX = {letter: index for index, letter in enumerate(MANA_LETTERS)}
_VARIABLE_LETTERS = "XYZ"


class SymbolKind(enum.Enum):
    """The kinds of mana symbol (CR 107.4)."""

    VARIABLE = "variable"  # {X}, {Y}, {Z}: CR 107.3, 107.4b
    GENERIC = "generic"  # {0}, {1}, {2}, ...: CR 107.4b
    HYBRID = "hybrid"  # {W/U}: CR 107.4e
    GENERIC_HYBRID = "generic hybrid"  # {2/W}, monocolored hybrid: CR 107.4e
    COLORLESS_HYBRID = "colorless hybrid"  # {C/W}, monocolored hybrid: CR 107.4e
    PHYREXIAN = "phyrexian"  # {W/P} and hybrid Phyrexian {G/U/P}: CR 107.4f
    COLORED = "colored"  # {W}, {U}, {B}, {R}, {G}: CR 107.4a
    COLORLESS = "colorless"  # {C}: CR 107.4c
    SNOW = "snow"  # {S}: CR 107.4h


# Canonical position of each kind in a summed cost: X, generic, then the rest.
_KIND_RANK = {kind: rank for rank, kind in enumerate(SymbolKind)}


def _ordered_pair(first: Color, second: Color) -> tuple[Color, Color]:
    """Order two colors of a hybrid symbol as CR 107.4 prints them.

    The first color is the one from which the second is one or two steps
    along the WUBRG wheel: ``W/U``, ``W/B``, ``U/B``, ``U/R``, ..., ``G/U``.
    """
    step = (_COLOR_INDEX[second] - _COLOR_INDEX[first]) % 5
    return (first, second) if step in (1, 2) else (second, first)


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One mana symbol of a cost (CR 107.4).

    Parameters
    ----------
    kind : SymbolKind
        What sort of symbol it is.
    colors : tuple of Color
        The colored components: one for ``{W}``, ``{2/W}``, ``{C/W}`` and
        ``{W/P}``; two for ``{W/U}`` and ``{G/U/P}``, in the order CR 107.4
        prints them; none otherwise.
    amount : int
        The number of a generic symbol (``3`` for ``{3}``) or the generic half
        of a generic hybrid symbol (``2`` for ``{2/W}``); 0 otherwise.
    variable : str
        ``"X"``, ``"Y"`` or ``"Z"`` for a variable symbol; ``""`` otherwise.

    Examples
    --------
    >>> symbol = ManaSymbol.parse("{u/w}")
    >>> symbol.kind, symbol.colors
    (<SymbolKind.HYBRID: 'hybrid'>, (<Color.WHITE: 'W'>, <Color.BLUE: 'U'>))
    >>> str(ManaSymbol.parse("{g/u/p}")), ManaSymbol.parse("{2/W}").mana_value
    ('{G/U/P}', 2)
    """

    kind: SymbolKind
    colors: tuple[Color, ...] = ()
    amount: int = 0
    variable: str = ""

    def __post_init__(self) -> None:
        """Check that the fields describe a symbol listed in CR 107.4."""
        kind, count = self.kind, len(self.colors)
        expected_colors = {
            SymbolKind.HYBRID: (2,),
            SymbolKind.GENERIC_HYBRID: (1,),
            SymbolKind.COLORLESS_HYBRID: (1,),
            SymbolKind.PHYREXIAN: (1, 2),
            SymbolKind.COLORED: (1,),
        }.get(kind, (0,))
        ok = (
            count in expected_colors
            and all(isinstance(color, Color) for color in self.colors)
            and len(set(self.colors)) == count
            and (count < 2 or self.colors == _ordered_pair(*self.colors))
            and isinstance(self.amount, int)
            and (self.amount >= 0 if kind is SymbolKind.GENERIC else True)
            and (self.amount >= 1 if kind is SymbolKind.GENERIC_HYBRID else True)
            and (self.amount == 0 or kind in (SymbolKind.GENERIC, SymbolKind.GENERIC_HYBRID))
            and ((self.variable in tuple(_VARIABLE_LETTERS)) == (kind is SymbolKind.VARIABLE))
        )
        if not ok:
            raise ValueError(f"not a mana symbol of CR 107.4: {self!r}")

    @classmethod
    def parse(cls, text: str, path: str = "mana_cost") -> ManaSymbol:
        """Read one mana symbol such as ``{3}``, ``{W/U}`` or ``{G/P}`` (CR 107.4).

        Letters are case-insensitive; the two colors of a hybrid symbol may be
        given in either order and are stored in the CR 107.4 order.

        Parameters
        ----------
        text : str
            The symbol with its braces.
        path : str
            Where the text comes from, for the error message.

        Returns
        -------
        ManaSymbol
            The symbol.

        Raises
        ------
        ManaCostError
            If ``text`` is not exactly one mana symbol.

        Examples
        --------
        >>> ManaSymbol.parse("{x}").kind
        <SymbolKind.VARIABLE: 'variable'>
        >>> ManaSymbol.parse("{W/W}")
        Traceback (most recent call last):
        ...
        models.errors.ManaCostError: mana_cost: '{W/W}' is not a mana symbol
        """
        symbol = None
        if isinstance(text, str) and len(text) >= 3 and text[0] == "{" and text[-1] == "}":
            symbol = _parse_body(text[1:-1].upper())
        if symbol is None:
            raise ManaCostError(path, f"{text!r} is not a mana symbol")
        return symbol

    def __str__(self) -> str:
        """Print the symbol as Oracle text does, e.g. ``{2/W}``."""
        letters = "/".join(color.letter for color in self.colors)
        kind = self.kind
        if kind is SymbolKind.GENERIC:
            body = str(self.amount)
        elif kind is SymbolKind.VARIABLE:
            body = self.variable
        elif kind is SymbolKind.COLORLESS:
            body = COLORLESS
        elif kind is SymbolKind.SNOW:
            body = "S"
        elif kind is SymbolKind.GENERIC_HYBRID:
            body = f"{self.amount}/{letters}"
        elif kind is SymbolKind.COLORLESS_HYBRID:
            body = f"{COLORLESS}/{letters}"
        elif kind is SymbolKind.PHYREXIAN:
            body = f"{letters}/P"
        else:  # colored, hybrid
            body = letters
        return "{" + body + "}"

    @property
    def mana_value(self) -> int:
        """What this symbol adds to a mana value (CR 202.3).

        X counts 0 off the stack (CR 202.3e), a hybrid symbol its largest half
        (CR 202.3f: ``{2/W}`` is 2), a Phyrexian symbol 1 (CR 202.3g).

        Examples
        --------
        >>> texts = ("{X}", "{3}", "{W/P}", "{2/W}", "{S}")
        >>> [ManaSymbol.parse(text).mana_value for text in texts]
        [0, 3, 1, 2, 1]
        """
        if self.kind is SymbolKind.VARIABLE:
            return 0
        if self.kind is SymbolKind.GENERIC:
            return self.amount
        if self.kind is SymbolKind.GENERIC_HYBRID:
            return max(self.amount, 1)
        return 1

    @property
    def is_hybrid(self) -> bool:
        """Whether it is hybrid, monocolored or Phyrexian hybrid (CR 107.4e-f)."""
        return self.kind in (
            SymbolKind.HYBRID,
            SymbolKind.GENERIC_HYBRID,
            SymbolKind.COLORLESS_HYBRID,
        ) or (self.kind is SymbolKind.PHYREXIAN and len(self.colors) == 2)

    def _sort_key(self) -> tuple[int, tuple[int, ...], int, str]:
        """Canonical order: kind (``SymbolKind`` order), WUBRG, amount, letter."""
        return (
            _KIND_RANK[self.kind],
            tuple(_COLOR_INDEX[color] for color in self.colors),
            self.amount,
            self.variable,
        )


_GENERIC_RE = re.compile(r"0|[1-9][0-9]*")


def _parse_body(body: str) -> ManaSymbol | None:
    """Read the upper-cased text between braces; None if it is no symbol of CR 107.4."""
    if _GENERIC_RE.fullmatch(body):
        return ManaSymbol(SymbolKind.GENERIC, amount=int(body))
    if len(body) == 1:
        return _one_letter_symbol(body)
    parts = body.split("/")
    colors = [Color(part) for part in parts if len(part) == 1 and part in "WUBRG"]
    if len(parts) == 2:
        return _two_part_symbol(parts, colors)
    if len(parts) == 3 and len(colors) == 2 and parts[2] == "P" and colors[0] != colors[1]:
        if parts[0] in "WUBRG" and parts[1] in "WUBRG":  # Phyrexian hybrid (CR 107.4f)
            return ManaSymbol(SymbolKind.PHYREXIAN, colors=_ordered_pair(*colors))
    return None


def _one_letter_symbol(body: str) -> ManaSymbol | None:
    """{X}, {C}, {S} or a coloured symbol (CR 107.3, 107.4b-c, 107.4h); None for another letter."""
    if body in _VARIABLE_LETTERS:
        return ManaSymbol(SymbolKind.VARIABLE, variable=body)
    if body == COLORLESS:
        return ManaSymbol(SymbolKind.COLORLESS)
    if body == "S":
        return ManaSymbol(SymbolKind.SNOW)
    if body in "WUBRG":
        return ManaSymbol(SymbolKind.COLORED, colors=(Color(body),))
    return None


def _two_part_symbol(parts: list[str], colors: list[Color]) -> ManaSymbol | None:
    """{C/W}, {2/W}, {W/P} or {W/U} (CR 107.4e-f); None for other halves."""
    if len(colors) == 1 and parts[1] == colors[0].letter:
        first = parts[0]
        if first == COLORLESS:
            return ManaSymbol(SymbolKind.COLORLESS_HYBRID, colors=(colors[0],))
        if _GENERIC_RE.fullmatch(first) and int(first) >= 1:
            return ManaSymbol(SymbolKind.GENERIC_HYBRID, colors=(colors[0],), amount=int(first))
    if len(colors) == 1 and parts[0] == colors[0].letter and parts[1] == "P":
        return ManaSymbol(SymbolKind.PHYREXIAN, colors=(colors[0],))
    if len(colors) == 2 and colors[0] != colors[1]:
        return ManaSymbol(SymbolKind.HYBRID, colors=_ordered_pair(*colors))
    return None


def _zero_symbol() -> ManaSymbol:
    return ManaSymbol(SymbolKind.GENERIC, amount=0)


def _assemble(
    variables: list[ManaSymbol],
    generic: int,
    had_generic: bool,
    others: list[ManaSymbol],
) -> ManaCost:
    """Build a cost as X symbols, one generic symbol, then the other symbols.

    The generic symbol is left out when it is 0, unless it is the only symbol
    (the cost ``{0}``, CR 107.4d, 118.7, 601.2f).
    """
    symbols: list[ManaSymbol] = list(variables)
    if generic > 0 or (had_generic and not variables and not others):
        symbol = _GENERIC_SYMBOLS.get(generic)
        if symbol is None:
            symbol = ManaSymbol(SymbolKind.GENERIC, amount=generic)
            if len(_GENERIC_SYMBOLS) < 1024:
                _GENERIC_SYMBOLS[generic] = symbol
        symbols.append(symbol)
    symbols.extend(others)
    return ManaCost(tuple(symbols))


_GENERIC_SYMBOLS: dict[int, ManaSymbol] = {}
"""The generic symbol of each amount met (symbols are immutable): made and checked once."""


_TEXTS: dict[tuple[Any, ...], str] = {}
"""The text of each cost printed, by its symbols."""


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost: a sequence of mana symbols (CR 107.4, 202.1).

    Costs made by :meth:`parse` hold the X symbols first, then at most one
    generic symbol (the sum of the generic symbols), then the other symbols
    in the order given, which for Oracle costs is the printed order.  A cost
    with no symbols is the empty cost (no mana cost, CR 202.1b, printed
    ``""``); a cost whose only symbol is ``{0}`` is the zero cost (CR 107.4d).

    Sums (:meth:`__add__`) put their symbols in the canonical order: X
    symbols (X, Y, Z), one generic symbol, hybrid, generic hybrid
    (``{2/W}``), colorless hybrid (``{C/W}``), Phyrexian, colored, colorless
    ``{C}``, snow ``{S}``; within one kind by WUBRG order.

    Parameters
    ----------
    symbols : tuple of ManaSymbol
        The symbols, in printed order.

    Examples
    --------
    >>> cost = ManaCost.parse("{X}{R}")
    >>> cost.mana_value, cost.has_x, str(cost)
    (1, True, '{X}{R}')
    """

    symbols: tuple[ManaSymbol, ...] = ()

    EMPTY: ClassVar[ManaCost]
    ZERO: ClassVar[ManaCost]

    def __post_init__(self) -> None:
        """Store the symbols as a tuple and check that they are symbols."""
        if not isinstance(self.symbols, tuple):
            object.__setattr__(self, "symbols", tuple(self.symbols))
        for symbol in self.symbols:
            if not isinstance(symbol, ManaSymbol):
                raise TypeError(f"ManaCost symbols must be ManaSymbol, not {symbol!r}")

    @classmethod
    def parse(cls, text: str, path: str = "mana_cost") -> ManaCost:
        """Read a mana cost such as ``{2}{W}{W}`` (CR 107.4, 202.1).

        Parameters
        ----------
        text : str
            A sequence of braced mana symbols with nothing between them, or
            ``""`` for no mana cost.  Letters are case-insensitive.
        path : str
            Where the text comes from (a field name such as
            ``cards[3].mana_cost``), for the error message.

        Returns
        -------
        ManaCost
            The cost: X symbols, one summed generic symbol, then the other
            symbols in the order given.

        Raises
        ------
        ManaCostError
            If ``text`` is not a string made only of mana symbols; the
            message names ``path`` and quotes ``text``.

        Examples
        --------
        >>> str(ManaCost.parse("{2}{w}{w}"))
        '{2}{W}{W}'
        >>> ManaCost.parse("") == ManaCost.EMPTY
        True
        >>> ManaCost.parse("{1}{Q}", path="card.cost")
        Traceback (most recent call last):
        ...
        models.errors.ManaCostError: card.cost: '{Q}' is not a mana symbol in '{1}{Q}'
        >>> ManaCost.parse("2W")
        Traceback (most recent call last):
        ...
        models.errors.ManaCostError: mana_cost: expected '{' at position 0 in '2W'
        """
        if not isinstance(text, str):
            raise ManaCostError(path, f"a mana cost must be a string, not {text!r}")
        variables: list[ManaSymbol] = []
        others: list[ManaSymbol] = []
        generic, had_generic = 0, False
        position = 0
        while position < len(text):
            if text[position] != "{":
                raise ManaCostError(path, f"expected '{{' at position {position} in {text!r}")
            end = text.find("}", position)
            nested = text.find("{", position + 1)
            if end < 0 or (0 <= nested < end):
                raise ManaCostError(path, f"unclosed '{{' at position {position} in {text!r}")
            piece = text[position : end + 1]
            symbol = _parse_body(piece[1:-1].upper())
            if symbol is None:
                raise ManaCostError(path, f"{piece!r} is not a mana symbol in {text!r}")
            if symbol.kind is SymbolKind.GENERIC:
                generic += symbol.amount
                had_generic = True
            elif symbol.kind is SymbolKind.VARIABLE:
                variables.append(symbol)
            else:
                others.append(symbol)
            position = end + 1
        return _assemble(variables, generic, had_generic, others)

    def __str__(self) -> str:
        """Print the cost as Oracle text does; the empty cost prints ``""``.

        Examples
        --------
        >>> [str(ManaCost.parse(text)) for text in ("{1}{R}", "{0}", "")]
        ['{1}{R}', '{0}', '']
        """
        found = _TEXTS.get(self.symbols)
        if found is None:  # a cast's total cost is written with every cast: each cost's text is made once
            if len(_TEXTS) >= 4096:
                _TEXTS.clear()
            found = _TEXTS[self.symbols] = "".join(str(symbol) for symbol in self.symbols)
        return found

    def __add__(self, other: ManaCost) -> ManaCost:
        """Return the sum of two costs, e.g. a mana cost plus a kicker cost (CR 601.2f).

        The generic symbols are summed into one; the result is in canonical
        order (see the class docstring), so ``a + b == b + a``.  Adding a cost
        that asks for no mana (``""`` or ``{0}``) returns the other cost
        unchanged; the sum of ``{0}`` and ``""`` is ``{0}``.

        Parameters
        ----------
        other : ManaCost
            The cost to add.

        Returns
        -------
        ManaCost
            The sum.

        Examples
        --------
        >>> str(ManaCost.parse("{W}") + ManaCost.parse("{1}") + ManaCost.parse("{1}"))
        '{2}{W}'
        >>> str(ManaCost.parse("{R}{W}") + ManaCost.EMPTY)
        '{R}{W}'
        """
        if not isinstance(other, ManaCost):
            return NotImplemented
        if other.is_zero and not self.is_zero:
            return self
        if self.is_zero and not other.is_zero:
            return other
        return _canonical(self.symbols + other.symbols)

    def canonical(self) -> ManaCost:
        """Return this cost with its symbols in canonical order (see the class).

        Two costs with the same symbols in different printed orders have the
        same canonical cost.

        Returns
        -------
        ManaCost
            The reordered cost.

        Examples
        --------
        >>> ManaCost.parse("{R}{W}").canonical() == ManaCost.parse("{W}{R}")
        True
        """
        return _canonical(self.symbols)

    @property
    def mana_value(self) -> int:
        """The mana value of the cost: total mana in it, X counted as 0 (CR 202.3).

        Examples
        --------
        >>> ManaCost.parse("{X}{X}{2/W}{G/P}").mana_value
        3
        """
        return sum(symbol.mana_value for symbol in self.symbols)

    @property
    def generic(self) -> int:
        """The total of the generic (numerical) symbols, X excluded (CR 107.4b).

        Examples
        --------
        >>> ManaCost.parse("{X}{3}{R}").generic
        3
        """
        return sum(symbol.amount for symbol in self.symbols if symbol.kind is SymbolKind.GENERIC)

    @property
    def has_x(self) -> bool:
        """Whether the cost has a variable symbol: {X}, {Y} or {Z} (CR 107.3)."""
        return any(symbol.kind is SymbolKind.VARIABLE for symbol in self.symbols)

    @property
    def is_empty(self) -> bool:
        """Whether the cost has no symbols (no mana cost, CR 202.1b); ``{0}`` is not."""
        return not self.symbols

    @property
    def is_zero(self) -> bool:
        """Whether the cost asks for no mana: ``""`` or ``{0}`` (CR 107.4d, 118.5)."""
        return all(symbol.kind is SymbolKind.GENERIC and symbol.amount == 0 for symbol in self.symbols)

    @property
    def colors(self) -> frozenset[Color]:
        """The colors of the cost's mana symbols (CR 202.2), all colors of hybrids."""
        return frozenset(color for symbol in self.symbols for color in symbol.colors)

    def with_x(self, x: int) -> ManaCost:
        """Return the cost with each variable symbol as ``x`` generic mana (CR 107.3a).

        Parameters
        ----------
        x : int
            The announced value of X (and of Y and Z), at least 0.

        Returns
        -------
        ManaCost
            The cost without variable symbols, generic symbol first.

        Raises
        ------
        InputError
            If ``x`` is negative.

        Examples
        --------
        >>> str(ManaCost.parse("{X}{X}{R}").with_x(3))
        '{6}{R}'
        """
        _check_count("x", x)
        if not self.has_x:
            return self
        others = [s for s in self.symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)]
        count = sum(1 for symbol in self.symbols if symbol.kind is SymbolKind.VARIABLE)
        return _assemble([], self.generic + count * x, True, others)

    def with_generic_increased(self, amount: int) -> ManaCost:
        """Return the cost increased by ``amount`` generic mana (CR 601.2f).

        Parameters
        ----------
        amount : int
            The increase, at least 0.

        Returns
        -------
        ManaCost
            The cost with one summed generic symbol after the X symbols; the
            other symbols keep their order.

        Raises
        ------
        InputError
            If ``amount`` is negative.

        Examples
        --------
        >>> str(ManaCost.parse("{R}").with_generic_increased(1))
        '{1}{R}'
        >>> str(ManaCost.EMPTY.with_generic_increased(2))
        '{2}'
        """
        _check_count("amount", amount)
        if amount == 0:
            return self
        return self._with_generic(self.generic + amount)

    def with_generic_reduced(self, amount: int) -> ManaCost:
        """Return the cost reduced by ``amount`` generic mana (CR 601.2f, 118.7a).

        Only the generic component shrinks, never below zero; colored,
        colorless, hybrid, Phyrexian and snow symbols are untouched
        (CR 118.7a), and so are X symbols: reduce ``cost.with_x(x)`` to let a
        reduction reach the value of X.  A cost reduced to nothing is
        ``{0}`` (CR 601.2f); the empty cost stays empty.

        Parameters
        ----------
        amount : int
            The reduction, at least 0.

        Returns
        -------
        ManaCost
            The reduced cost.

        Raises
        ------
        InputError
            If ``amount`` is negative.

        Notes
        -----
        A generic reduction applied to a ``{2/W}`` symbol that the player
        chose to pay with generic mana is not modelled here; choose that half
        first (replace the symbol by ``{2}``) and then reduce.

        Examples
        --------
        >>> str(ManaCost.parse("{2}{W}{W}").with_generic_reduced(5))
        '{W}{W}'
        >>> str(ManaCost.parse("{3}").with_generic_reduced(3))
        '{0}'
        """
        _check_count("amount", amount)
        if amount == 0 or self.is_empty:
            return self
        return self._with_generic(max(0, self.generic - amount))

    def generic_reduction_options(self, amount: int) -> tuple[ManaCost, ...]:
        """The costs a reduction of ``amount`` generic mana can leave (CR 601.2b, 118.13a, 601.2f, 118.7a).

        The player announces which half of each monocolored hybrid symbol
        (``{2/R}``) they will pay before the total cost is determined
        (CR 601.2b); a generic reduction then also reduces the generic halves
        announced. One cost per choice that can matter: the printed symbols
        reduced (no generic half announced), then each number of ``{2/C}``
        symbols of each colour announced as generic, as long as the
        reduction still reaches them.

        Parameters
        ----------
        amount : int
            The reduction, at least 0.

        Returns
        -------
        tuple of ManaCost
            At least one; the first is :meth:`with_generic_reduced`.

        Examples
        --------
        >>> [str(c) for c in ManaCost.parse("{2/R}{2/R}").generic_reduction_options(1)]
        ['{2/R}{2/R}', '{1}{2/R}']
        """
        _check_count("amount", amount)
        plain = self.with_generic_reduced(amount)
        groups = Counter(s for s in self.symbols if s.kind is SymbolKind.GENERIC_HYBRID)
        left = amount - self.generic  # what the reduction still takes off once the generic symbols are gone
        if left <= 0 or not groups:
            return (plain,)
        kinds = list(groups)
        options = [plain]
        for counts in itertools.product(*(range(groups[k] + 1) for k in kinds)):
            generic_halves = sum(k.amount * n for k, n in zip(kinds, counts))
            if not any(counts) or generic_halves - max(k.amount for k, n in zip(kinds, counts) if n) >= left:
                continue  # nothing announced, or one symbol fewer would already use the whole reduction up
            removed = Counter(dict(zip(kinds, counts)))
            kept = []
            for symbol in self.symbols:
                if removed[symbol]:
                    removed[symbol] -= 1
                else:
                    kept.append(symbol)
            announced = _assemble(
                [s for s in kept if s.kind is SymbolKind.VARIABLE],
                self.generic + generic_halves,
                True,
                [s for s in kept if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)],
            )
            options.append(announced.with_generic_reduced(amount))
        return tuple(dict.fromkeys(options))

    def _with_generic(self, generic: int) -> ManaCost:
        variables = [s for s in self.symbols if s.kind is SymbolKind.VARIABLE]
        others = [s for s in self.symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)]
        return _assemble(variables, generic, True, others)


ManaCost.EMPTY = ManaCost(())
ManaCost.ZERO = ManaCost((_zero_symbol(),))


def _canonical(symbols: Iterable[ManaSymbol]) -> ManaCost:
    """Build the cost of these symbols in canonical order (see :class:`ManaCost`)."""
    symbols = tuple(symbols)
    generic = sum(s.amount for s in symbols if s.kind is SymbolKind.GENERIC)
    had_generic = any(s.kind is SymbolKind.GENERIC for s in symbols)
    variables = sorted((s for s in symbols if s.kind is SymbolKind.VARIABLE), key=ManaSymbol._sort_key)
    others = sorted(
        (s for s in symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)),
        key=ManaSymbol._sort_key,
    )
    return _assemble(variables, generic, had_generic, others)


def sum_costs(costs: Iterable[ManaCost]) -> ManaCost:
    """Return the sum of costs, e.g. a mana cost and its additional costs (CR 601.2f).

    Parameters
    ----------
    costs : iterable of ManaCost
        The costs to add.

    Returns
    -------
    ManaCost
        Their sum, as by repeated ``+``; the empty cost when there are none.

    Examples
    --------
    >>> str(sum_costs(ManaCost.parse(s) for s in ("{R}", "{1}{G}", "{2}")))
    '{3}{R}{G}'
    >>> sum_costs([]) == ManaCost.EMPTY
    True
    """
    costs = list(costs)
    nonzero = [cost for cost in costs if not cost.is_zero]
    if len(nonzero) == 1:
        return nonzero[0]
    if len(nonzero) > 1:
        # One canonical pass over all symbols: the same as repeated ``+``,
        # which sorts and sums at each step.
        return _canonical(symbol for cost in nonzero for symbol in cost.symbols)
    total = ManaCost.EMPTY
    for cost in costs:
        total = total + cost
    return total


_MANA_LETTER_SET = frozenset(MANA_LETTERS)


def _check_count(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(name, f"must be a whole number at least 0, not {value!r}")


def _normalize_unit(unit: Iterable[str] | str) -> frozenset[str]:
    if type(unit) is frozenset and unit and unit <= _MANA_LETTER_SET:
        return unit  # already upper-case letters (abilities read from text give these)
    letters = frozenset(letter.upper() for letter in unit)
    if not letters or not letters <= _MANA_LETTER_SET:
        raise InputError("units", f"a unit of mana must be some of {MANA_LETTERS!r}, not {unit!r}")
    return letters


@dataclass(frozen=True, slots=True)
class ManaSource:
    """Something that can add mana once: an untapped mana source, or pool mana.

    Parameters
    ----------
    units : tuple of frozenset of str
        One entry per mana it adds, each the set of letters among
        ``"WUBRGC"`` that this mana may be (the controller picks one as the
        mana ability resolves, CR 106.1b, 605).  A string or any iterable of
        letters is accepted and turned into a frozenset of upper-case letters.
    object_id : str or None
        The id of the permanent; None for mana already in a mana pool.
    is_snow : bool
        Whether the source is a snow permanent, so its mana can pay ``{S}``
        (CR 107.4h, 106.3).
    consumed : bool
        Making the mana sacrifices or exiles the object ("{T}, Sacrifice this artifact: Add one mana of any
        color."): once used, the object is gone, and can't also pay a cost of the spell.
    activation : int
        Generic mana paid, with mana made before, to make this mana ("{1}, {T}: Add {R}{W}.": 1, CR 605.3);
        0 for a source that costs no mana. Another source of the same object is the choice of its other mana
        ability: the object makes one or the other (one {T}, CR 605.1a).
    activation_colours : tuple of frozenset of str
        The coloured part of that cost, one entry per symbol, each the letters that may pay it ("{1}{G}:": one
        entry ``{"G"}``; a filter land's "{W/U}, {T}:": ``{"W", "U"}``, CR 107.4e); empty when none.
    options : tuple of tuple of frozenset of str
        When not empty, the source adds exactly one of these, each like ``units``, chosen as its ability resolves
        ("{T}: Add three mana of any one color.": five options; "{T}: Add {U}." or "{T}, Sacrifice this land: Add
        {W}{B}.", one {T} for either: two options, CR 106.1b, 605.1a); ``units`` is then the first.
    taps : bool
        Whether a source that costs mana (``activation``) taps its object (CR 605.1a): only then is the object's
        other mana not made when it is activated.
    repeatable : bool
        A source that costs mana and neither taps nor sacrifices its object ("{1}{G}: Add one mana of any
        color."): it can be activated again and again while its cost can be paid (CR 602.1, 605.3).
    spell_only : bool
        Its mana may pay the spell's total cost but no cost of a mana ability ("Spend this mana only to cast
        planeswalker spells.", CR 106.6), the spell being one it may be spent on.

    Raises
    ------
    InputError
        If a unit is empty or holds a letter outside ``"WUBRGC"``.

    Examples
    --------
    >>> ManaSource(("C", "C"), object_id="sol-ring").units
    (frozenset({'C'}), frozenset({'C'}))
    >>> ManaSource.of_letters("rg", object_id="taiga").units == (frozenset("RG"),)
    True
    """

    units: tuple[frozenset[str], ...]
    object_id: str | None = None
    is_snow: bool = False
    consumed: bool = False
    activation: int = 0
    activation_colours: tuple[frozenset[str], ...] = ()
    options: tuple[tuple[frozenset[str], ...], ...] = ()
    taps: bool = True
    repeatable: bool = False
    spell_only: bool = False

    def __post_init__(self) -> None:
        """Normalize each unit to a frozenset of upper-case mana letters."""
        units = self.units
        if isinstance(units, str):
            raise InputError(
                "units",
                f"units must be a sequence of letter sets, not the string {units!r}",
            )
        object.__setattr__(self, "units", tuple(_normalize_unit(unit) for unit in units))
        if self.options:
            options = tuple(tuple(_normalize_unit(unit) for unit in option) for option in self.options)
            object.__setattr__(self, "options", options)
            object.__setattr__(self, "units", options[0])
        if self.activation_colours:
            colours = tuple(_normalize_unit(unit) for unit in self.activation_colours)
            object.__setattr__(self, "activation_colours", colours)

    @property
    def costs_mana(self) -> bool:
        """Whether mana is paid to make this mana ("{1}, {T}: Add {U}{R}.", "{1}{G}: Add …", CR 605.3)."""
        return bool(self.activation or self.activation_colours)

    @property
    def most_units(self) -> int:
        """The most mana one activation adds: the largest of its options."""
        return max((len(option) for option in self.options), default=len(self.units))

    @classmethod
    def of_letters(
        cls,
        letters: str,
        object_id: str | None = None,
        *,
        count: int = 1,
        is_snow: bool = False,
    ) -> ManaSource:
        """Make a source of ``count`` mana, each one of ``letters`` (e.g. ``"RG"``).

        Parameters
        ----------
        letters : str
            The letters among ``"WUBRGC"`` each mana may be; ``"WUBRG"`` for
            "one mana of any color".
        object_id : str or None
            The permanent's id; None for pool mana.
        count : int
            How many mana it adds (2 for ``{T}: Add {C}{C}``).
        is_snow : bool
            Whether the source is snow (CR 107.4h).

        Returns
        -------
        ManaSource
            The source.

        Examples
        --------
        >>> len(ManaSource.of_letters("C", "sol-ring", count=2).units)
        2
        """
        _check_count("count", count)
        return cls(tuple(_normalize_unit(letters) for _ in range(count)), object_id, is_snow)

    @classmethod
    def from_pool(cls, pool: str | ManaCost, path: str = "mana_pool") -> tuple[ManaSource, ...]:
        """Make one source per mana in a pool written like ``"{R}{R}{G}"`` (CR 106.4).

        Parameters
        ----------
        pool : str or ManaCost
            The pool, with only ``{W}``, ``{U}``, ``{B}``, ``{R}``, ``{G}``
            and ``{C}`` symbols.
        path : str
            Where the text comes from, for the error message.

        Returns
        -------
        tuple of ManaSource
            One source per mana, in the order given, each with object_id None.

        Raises
        ------
        ManaCostError
            If ``pool`` is malformed or holds a symbol that is not a type of mana.

        Examples
        --------
        >>> [sorted(source.units[0]) for source in ManaSource.from_pool("{R}{R}{G}")]
        [['R'], ['R'], ['G']]
        """
        cost = pool if isinstance(pool, ManaCost) else ManaCost.parse(pool, path)
        sources = []
        for symbol in cost.symbols:
            if symbol.kind is SymbolKind.COLORED:
                sources.append(cls((frozenset(symbol.colors[0].letter),)))
            elif symbol.kind is SymbolKind.COLORLESS:
                sources.append(cls((frozenset(COLORLESS),)))
            elif not (symbol.kind is SymbolKind.GENERIC and symbol.amount == 0):
                raise ManaCostError(
                    path,
                    f"{str(symbol)!r} is not a type of mana (a mana pool holds {{W}}, {{U}}, {{B}}, {{R}}, "
                    f"{{G}} and {{C}}, CR 106.1) in {pool if isinstance(pool, str) else str(cost)!r}",
                )
        return tuple(sources)


# ---------------------------------------------------------------------------
# Payment feasibility (CR 601.2g-h)

_ANY = "WUBRGC"  # a demand that any mana can pay: generic (CR 107.4b)
_SNOW = "S"  # a demand only snow mana can pay (CR 107.4h)


def can_pay(cost: ManaCost, sources: Sequence[ManaSource], *, x: int = 0, life: int = 0) -> bool:
    """Whether the sources can pay the whole cost (CR 601.2h, 107.4, 118).

    Each unit of each source pays at most one mana of the cost.  A colored
    symbol needs mana of its color (CR 107.4a); ``{C}`` needs colorless mana
    (CR 107.4c); generic symbols take any mana (CR 107.4b) and each ``{X}``
    is ``x`` generic (CR 107.3a); a hybrid symbol needs mana of one of its
    halves (CR 107.4e), so ``{2/W}`` is one white mana or two mana of any
    type; a Phyrexian symbol is one mana of its color(s) or 2 life
    (CR 107.4f), and the life paid in all may not exceed ``life``
    (CR 119.4: a player may pay life down to 0); ``{S}`` needs mana from a
    snow source (CR 107.4h).

    Parameters
    ----------
    cost : ManaCost
        The total cost (CR 601.2f).
    sources : sequence of ManaSource
        The untapped sources and pool mana available.
    x : int
        The value announced for X (and Y, Z), at least 0.
    life : int
        The player's life total; 0 (the default) forbids paying life.

    Returns
    -------
    bool
        True iff some assignment of units to symbols pays every symbol.

    Raises
    ------
    InputError
        If ``x`` is negative.

    Notes
    -----
    The check is a maximum flow from unit groups (units with the same set of
    letters) to demand groups (symbols accepting the same letters); the
    choices of ``{2/W}`` and Phyrexian symbols are enumerated by how many
    identical symbols take each option.  Results are cached on (cost, counts
    of unit kinds, x, life capped at what the cost could use).

    Examples
    --------
    >>> taiga = ManaSource.of_letters("RG", "taiga")
    >>> can_pay(ManaCost.parse("{R}{G}"), [taiga])
    False
    >>> can_pay(ManaCost.parse("{R}{G}"), [taiga, ManaSource.of_letters("RG", "t2")])
    True
    >>> phyrexian = ManaCost.parse("{W/P}")
    >>> can_pay(phyrexian, [], life=2), can_pay(phyrexian, [], life=1)
    (True, False)
    """
    return ManaPayer(sources).can_pay(cost, x=x, life=life)


class ManaPayer:
    """The mana a player has available, prepared once for many :func:`can_pay` questions.

    Parameters
    ----------
    sources : sequence of ManaSource

    Examples
    --------
    >>> payer = ManaPayer(ManaSource.from_pool("{R}{G}"))
    >>> payer.can_pay(ManaCost.parse("{1}{R}")), payer.can_pay(ManaCost.parse("{R}{R}"))
    (True, False)
    """

    __slots__ = ("_key", "_base", "_reserved", "_choosers", "_supply", "_total", "_converters")

    def __init__(self, sources: Sequence[ManaSource]) -> None:
        base: Counter[tuple[str, bool]] = Counter()  # mana that pays anything
        reserved: Counter[tuple[str, bool]] = Counter()  # mana that pays the spell alone (CR 106.6)
        choosers: Counter[tuple[tuple[tuple[tuple[str, bool], ...], ...], bool]] = Counter()
        converters: list[_Converter] = []
        for source in sources:
            if source.costs_mana:
                converters.append(_converter(source, sources))
            elif source.options:  # one of several outputs (CR 106.1b, 605.1a)
                options = tuple(sorted(tuple(sorted(_unit_key(u, source.is_snow) for u in o)) for o in source.options))
                choosers[options, source.spell_only] += 1
            else:
                for unit in source.units:
                    (reserved if source.spell_only else base)[_unit_key(unit, source.is_snow)] += 1
        self._converters = tuple(sorted(converters))
        self._choosers = tuple(sorted((options, only, count) for (options, only), count in choosers.items()))
        self._base = tuple(sorted(base.items()))
        self._reserved = tuple(sorted(reserved.items()))
        units = base + reserved
        self._key = tuple(sorted(units.items()))
        simple = (
            all(len(letters) == 1 and not snow for letters, snow in units)
            and not self._converters
            and not self._choosers
        )
        self._supply = {letters: count for (letters, _), count in units.items()} if simple else None
        self._total = sum(units.values())

    def can_pay_demand(self, demand: dict[str, int], generic: int) -> bool | None:
        """Whether this mana pays so much of each type plus ``generic`` of any; None if that can't be counted.

        Counting decides only when every unit makes one known type of mana
        (no source with a choice of colours, no snow); then no matching is
        needed (CR 601.2h).
        """
        supply = self._supply
        if supply is None:
            return None
        if any(supply.get(letter, 0) < need for letter, need in demand.items()):
            return False
        return self._total - sum(demand.values()) >= generic

    def can_pay(self, cost: ManaCost, *, x: int = 0, life: int = 0) -> bool:
        """Whether this mana pays ``cost``; see :func:`can_pay` for the rules and errors."""
        if not isinstance(cost, ManaCost):
            raise TypeError(f"cost must be a ManaCost, not {cost!r}")
        _check_count("x", x)
        simple = _simple_demand(cost, x)
        if simple is not None and self._supply is not None:
            # Every unit makes one known type of mana and every symbol asks for one
            # type or for any: no choice to match, so counting decides (CR 601.2h).
            demand, generic = simple
            supply = self._supply
            if any(supply.get(letter, 0) < need for letter, need in demand.items()):
                return False
            return self._total - sum(demand.values()) >= generic
        phyrexian = sum(1 for symbol in cost.symbols if symbol.kind is SymbolKind.PHYREXIAN)
        usable_life = min(max(life, 0), 2 * phyrexian)
        if self._converters or self._choosers:
            return _can_pay_choosing(cost, self._base, self._reserved, self._choosers, self._converters, x, usable_life)
        return _can_pay_cached(cost, self._key, x, usable_life)


def simple_demand(cost: ManaCost, x: int = 0) -> tuple[dict[str, int], int] | None:
    """(mana of each type a cost needs, generic mana it needs), or None if paying it involves a choice.

    Parameters
    ----------
    cost : ManaCost
    x : int
        The value of X.

    Returns
    -------
    (dict of str to int, int) or None
        None for hybrid, Phyrexian and snow symbols.

    Examples
    --------
    >>> simple_demand(ManaCost.parse("{2}{R}{R}"))
    ({'R': 2}, 2)
    """
    return _simple_demand(cost, x)


@functools.lru_cache(maxsize=4096)
def _simple_demand(cost: ManaCost, x: int) -> tuple[dict[str, int], int] | None:
    """(mana of each type needed, generic needed), or None if the cost has a choice in it."""
    demand: dict[str, int] = {}
    generic = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.COLORED:
            demand[symbol.colors[0].letter] = demand.get(symbol.colors[0].letter, 0) + 1
        elif symbol.kind is SymbolKind.COLORLESS:
            demand[COLORLESS] = demand.get(COLORLESS, 0) + 1
        elif symbol.kind is SymbolKind.GENERIC:
            generic += symbol.amount
        elif symbol.kind is SymbolKind.VARIABLE:
            generic += x
        else:
            return None
    return demand, generic


def _unit_key(unit: frozenset[str], is_snow: bool) -> tuple[str, bool]:
    """One unit of mana as :class:`ManaPayer` counts it: its letters in WUBRGC order, and whether snow made it."""
    return "".join(sorted(unit, key=_LETTER_INDEX.__getitem__)), is_snow


_Unit = tuple[str, bool]
"""One unit of mana as :class:`ManaPayer` counts it: its letters in WUBRGC order, and whether snow made it."""

_Converter = tuple[int, tuple[str, ...], tuple[tuple[_Unit, ...], ...], tuple[tuple[_Unit, bool], ...], bool, bool, str]
"""A source that costs mana, as :class:`ManaPayer` weighs it: its generic cost, the letters each coloured symbol
of its cost accepts, its options (each the units it adds), the units its object then does not make (with whether
each pays the spell alone), whether it is repeatable, whether its mana pays the spell alone, and the object its
{T} taps ("" when it taps none)."""


def _converter(source: ManaSource, sources: Sequence[ManaSource]) -> _Converter:
    """The :data:`_Converter` of a source that costs mana; ``sources`` give the mana its {T} forgoes (CR 605.1a).

    Raises
    ------
    InputError
        Its object's other mana, forgone when it is activated, is itself a choice of outputs.
    """
    instead: list[tuple[_Unit, bool]] = []
    if source.taps and source.object_id is not None:
        for other in sources:
            if other.object_id == source.object_id and other.taps and not other.costs_mana:
                if other.options:
                    raise InputError(
                        "options",
                        f"{source.object_id}: a mana ability that costs mana beside one whose mana is a choice",
                    )
                instead += [(_unit_key(unit, other.is_snow), other.spell_only) for unit in other.units]
    options = source.options or (source.units,)
    return (
        source.activation,
        tuple(sorted(_unit_key(unit, False)[0] for unit in source.activation_colours)),
        tuple(sorted(tuple(sorted(_unit_key(unit, source.is_snow) for unit in option)) for option in options)),
        tuple(sorted(instead)),
        source.repeatable,
        source.spell_only,
        source.object_id if source.taps and source.object_id is not None else "",
    )


@functools.lru_cache(maxsize=16384)
def _can_pay_choosing(
    cost: ManaCost,
    base: tuple[tuple[_Unit, int], ...],
    reserved: tuple[tuple[_Unit, int], ...],
    choosers: tuple[tuple[tuple[tuple[_Unit, ...], ...], bool, int], ...],
    converters: tuple[_Converter, ...],
    x: int,
    life: int,
) -> bool:
    """Decide :meth:`ManaPayer.can_pay` with sources whose output is a choice, or that cost mana.

    Each source with options adds one of them (CR 106.1b): every multiset of choices of alike sources is tried.
    Sources that cost mana ("{1}, {T}: Add {R}{W}.", "{1}{G}: Add one mana of any color.") are then activated
    or not, in any order, each paid with mana made before it and not reserved for the spell (CR 605.3, 106.4,
    106.6), a repeatable one any number of times; a tapping one's object then does not make its other mana (one
    {T}, CR 605.1a). Every reachable pool is tried once; the cost is paid with what is left (exact).

    Parameters
    ----------
    cost : ManaCost
    base, reserved : tuple
        The mana that pays anything, and the mana that pays the spell alone, as ``ManaPayer`` keys it (sorted
        (unit, count) pairs), each converting object's other mana included.
    choosers : tuple of (options, bool, int)
        Alike sources with options: the options, whether their mana pays the spell alone, and how many.
    converters : tuple of _Converter
    x, life : int
        As for :func:`can_pay`.

    Returns
    -------
    bool
    """
    start, kept = Counter(dict(base)), Counter(dict(reserved))
    picks = [list(itertools.combinations_with_replacement(range(len(o)), n)) for o, _, n in choosers]
    if choosers and not converters:  # the choices as they could fall, every one at once: a bound
        loose = start + kept
        for options, _, count in choosers:
            letters = "".join(sorted({letter for o in options for u in o for letter in u[0]}, key="WUBRGC".index))
            snow = any(u[1] for o in options for u in o)
            loose[letters, snow] += count * max(len(o) for o in options)
        if not _can_pay_cached(cost, tuple(sorted(loose.items())), x, life):
            return False
    for chosen in itertools.product(*picks):
        pool, spell = start.copy(), kept.copy()
        for (options, spell_only, _), indices in zip(choosers, chosen):
            for index in indices:
                (spell if spell_only else pool).update(options[index])
        if converters:
            if _pays_converting(cost, pool, spell, converters, x, life):
                return True
        elif _can_pay_cached(cost, tuple(sorted((pool + spell).items())), x, life):
            return True
    return False


def _pays_converting(
    cost: ManaCost,
    pool: Counter[_Unit],
    spell: Counter[_Unit],
    converters: tuple[_Converter, ...],
    x: int,
    life: int,
) -> bool:
    """Whether ``cost`` is paid after activating some of ``converters``, in some order (see _can_pay_choosing).

    An object whose {T} one of them taps is tapped once (CR 605.1a): either for its other mana, or for one of those
    abilities. Which objects do the latter is chosen first, alike objects by how many of them: their other mana
    is then never in the pool, so mana made later can't stand in for it.
    """
    tapping: dict[str, list[int]] = {}
    for index, converter in enumerate(converters):
        if converter[6]:
            tapping.setdefault(converter[6], []).append(index)
    alike: dict[tuple[_Converter, ...], list[str]] = {}
    for obj, indices in sorted(tapping.items()):
        alike.setdefault(tuple(converters[i][:6] + ("",) for i in indices), []).append(obj)
    groups = list(alike.values())
    for counts in itertools.product(*(range(len(group) + 1) for group in groups)):
        start, start_spell = pool.copy(), spell.copy()
        uses = [1] * len(converters)
        feasible = True
        for group, converting in zip(groups, counts):
            for position, obj in enumerate(group):
                if position < converting:  # tapped for one of its abilities that cost mana: its other mana forgone
                    feasible = feasible and _forgo(start, start_spell, converters[tapping[obj][0]][3])
                else:
                    for index in tapping[obj]:
                        uses[index] = 0
        if feasible and _search_converting(cost, start, start_spell, converters, tapping, tuple(uses), x, life):
            return True
    return False


def _search_converting(
    cost: ManaCost,
    pool: Counter[_Unit],
    spell: Counter[_Unit],
    converters: tuple[_Converter, ...],
    tapping: dict[str, list[int]],
    uses: tuple[int, ...],
    x: int,
    life: int,
) -> bool:
    """Activate the usable converters in any order, each paid with mana made before it (CR 605.3, 106.6)."""
    seen: set[Any] = set()

    def search(pool: Counter[_Unit], spell: Counter[_Unit], uses: tuple[int, ...]) -> bool:
        signature = (tuple(sorted(pool.items())), tuple(sorted(spell.items())), uses)
        if signature in seen:
            return False
        seen.add(signature)
        if _can_pay_cached(cost, tuple(sorted((pool + spell).items())), x, life):
            return True
        for index, (generic, colours, options, _, repeatable, spell_only, obj) in enumerate(converters):
            if not uses[index]:
                continue
            left = list(uses)
            if obj:  # its object is tapped: none of its abilities with {T} again (CR 605.1a)
                for other in tapping[obj]:
                    left[other] = 0
            elif not repeatable:
                left[index] = 0
            for paid in _activation_payments(pool, generic, colours):
                after = pool - paid
                for option in options:
                    made = Counter(option)
                    if spell_only and search(after, spell + made, tuple(left)):
                        return True
                    if not spell_only and search(after + made, spell, tuple(left)):
                        return True
        return False

    return search(pool, spell, uses)


def _forgo(pool: Counter[_Unit], spell: Counter[_Unit], instead: tuple[tuple[_Unit, bool], ...]) -> bool:
    """Take the mana a converting object makes otherwise out of the pools; False when some of it is spent."""
    for unit, spell_only in instead:
        where = spell if spell_only else pool
        if where[unit] <= 0:
            return False
        where[unit] -= 1
    return True


def _activation_payments(pool: Counter[_Unit], generic: int, colours: tuple[str, ...]) -> Iterator[Counter[_Unit]]:
    """Every multiset of units of ``pool`` that pays a mana ability's cost: each coloured symbol, then generic."""
    found: set[tuple[tuple[_Unit, int], ...]] = set()

    def coloured(index: int, left: Counter[_Unit], taken: Counter[_Unit]) -> Iterator[Counter[_Unit]]:
        if index == len(colours):
            kinds = sorted(k for k, n in left.items() if n > 0)
            for rest in _multisets(kinds, left, generic):
                yield taken + rest
            return
        for kind in sorted(left):
            if left[kind] > 0 and set(kind[0]) & set(colours[index]):
                left[kind] -= 1
                taken[kind] += 1
                yield from coloured(index + 1, left, taken)
                left[kind] += 1
                taken[kind] -= 1

    for paid in coloured(0, pool.copy(), Counter()):
        signature = tuple(sorted((k, n) for k, n in paid.items() if n > 0))
        if signature not in found:
            found.add(signature)
            yield paid


def _multisets(kinds: list[Any], pool: Counter[Any], size: int, start: int = 0) -> Iterator[Counter[Any]]:
    """Every multiset of ``size`` units drawn from ``pool`` (kinds in order, so each multiset once)."""
    if size == 0:
        yield Counter()
        return
    for index in range(start, len(kinds)):
        kind = kinds[index]
        for taken in range(min(pool[kind], size), 0, -1):
            for rest in _multisets(kinds, pool, size - taken, index + 1):
                rest[kind] += taken
                yield rest


@functools.lru_cache(maxsize=65536)
def _can_pay_cached(cost: ManaCost, units: tuple[tuple[tuple[str, bool], int], ...], x: int, life: int) -> bool:
    """Decide :func:`can_pay`; ``units`` is sorted ((letters, is_snow), count)."""
    fixed: Counter[str] = Counter()
    choices: Counter[ManaSymbol] = Counter()
    for symbol in cost.symbols:
        kind = symbol.kind
        if kind is SymbolKind.GENERIC:
            fixed[_ANY] += symbol.amount
        elif kind is SymbolKind.VARIABLE:
            fixed[_ANY] += x
        elif kind is SymbolKind.COLORLESS:
            fixed[COLORLESS] += 1
        elif kind is SymbolKind.SNOW:
            fixed[_SNOW] += 1
        elif kind is SymbolKind.COLORLESS_HYBRID:
            fixed[COLORLESS + symbol.colors[0].letter] += 1
        elif kind in (SymbolKind.COLORED, SymbolKind.HYBRID):
            fixed["".join(color.letter for color in symbol.colors)] += 1
        else:  # GENERIC_HYBRID, PHYREXIAN: a choice between two ways to pay
            choices[symbol] += 1
    total_units = sum(count for _, count in units)
    options = [range(count + 1) for count in choices.values()]
    for alternatives in itertools.product(*options):
        # alternatives[i]: how many copies of choice symbol i are paid the
        # other way (generic mana for {2/W}, 2 life for Phyrexian).
        demands = Counter(fixed)
        life_paid = 0
        for (symbol, count), other_way in zip(choices.items(), alternatives, strict=True):
            letters = "".join(color.letter for color in symbol.colors)
            demands[letters] += count - other_way
            if symbol.kind is SymbolKind.GENERIC_HYBRID:
                demands[_ANY] += symbol.amount * other_way
            else:
                life_paid += 2 * other_way
        if life_paid > life:  # CR 119.4
            continue
        demands = Counter({key: count for key, count in demands.items() if count > 0})
        if sum(demands.values()) > total_units:
            continue
        if _is_matchable(demands, units):
            return True
    return False


_HALL_KINDS = 10
"""Up to this many kinds of demand, Hall's condition is checked subset by subset; above, a max flow decides."""


def _is_matchable(demands: Counter[str], units: tuple[tuple[tuple[str, bool], int], ...]) -> bool:
    """Whether every demand gets its own unit (CR 601.2h: each symbol paid by one mana).

    The units (kinds of mana, each with a count) supply the demands (kinds of symbol, each with a count) that
    accept them. By Hall's condition, every demand is met iff each set of demand kinds asks for no more than
    the units that some kind of the set accepts can give; with few kinds (the usual: the colours, generic
    and a hybrid or two) that is checked directly, with many by a maximum flow (networkx, imported then).
    """
    needed = sum(demands.values())
    if needed == 0 or set(demands) == {_ANY}:
        return needed <= sum(count for _, count in units)  # only generic: any unit pays

    def accepts(accepted: str, letters: str, is_snow: bool) -> bool:
        return is_snow if accepted == _SNOW else bool(set(letters) & set(accepted))

    kinds = list(demands)
    if len(kinds) <= _HALL_KINDS:
        reach = [
            sum(1 << i for i, accepted in enumerate(kinds) if accepts(accepted, letters, is_snow))
            for (letters, is_snow), _ in units
        ]
        counts = [count for _, count in units]
        wanted = [demands[accepted] for accepted in kinds]
        for subset in range(1, 1 << len(kinds)):
            asked = sum(wanted[i] for i in range(len(kinds)) if subset >> i & 1)
            if asked > sum(count for mask, count in zip(reach, counts) if mask & subset):
                return False
        return True
    import networkx  # many kinds of demand: a maximum flow

    graph: networkx.DiGraph[Hashable] = networkx.DiGraph()
    for (letters, is_snow), count in units:
        unit_node = ("unit", letters, is_snow)
        graph.add_edge("source", unit_node, capacity=count)
        for accepted in demands:
            if accepts(accepted, letters, is_snow):
                graph.add_edge(unit_node, ("demand", accepted))  # no capacity: unbounded
    for accepted, count in demands.items():
        graph.add_edge(("demand", accepted), "sink", capacity=count)
    if "source" not in graph:
        return False
    return networkx.maximum_flow_value(graph, "source", "sink") == needed
