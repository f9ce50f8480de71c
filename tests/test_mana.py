"""Tests of models.mana: symbols, costs, sources, payment (CR 107, 202.3, 601.2f-h)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.errors import InputError, ManaCostError
from models.mana import (
    COLOR_ORDER,
    COLORLESS,
    Color,
    ManaCost,
    ManaSource,
    ManaSymbol,
    SymbolKind,
    can_pay,
    sum_costs,
)


def cost(text: str) -> ManaCost:
    """Parse a cost string (CR 107.4)."""
    return ManaCost.parse(text)


def lands(letters: str) -> list[ManaSource]:
    """One basic land per letter: "RRU" is two Mountains and an Island."""
    return [ManaSource.of_letters(letter, object_id=f"land{i}") for i, letter in enumerate(letters)]


# --- colors ---------------------------------------------------------------


@pytest.mark.parametrize(
    "letter, color",
    [
        ("W", Color.WHITE),
        ("u", Color.BLUE),
        ("B", Color.BLACK),
        ("r", Color.RED),
        ("G", Color.GREEN),
    ],
)
def test_color_from_letter(letter, color):
    """CR 107.4a: {W} is white, {U} blue, {B} black, {R} red, {G} green."""
    assert Color.from_letter(letter) is color
    assert color.letter == letter.upper()


@pytest.mark.parametrize("letter", ["C", "X", "", "WU", "P"])
def test_color_from_bad_letter(letter):
    """CR 105.1: there are five colors; C is colorless (CR 105.2c), not a color."""
    with pytest.raises(ManaCostError):
        Color.from_letter(letter)
    with pytest.raises(ValueError):
        Color.from_letter(letter)


def test_color_order_is_wubrg():
    """CR 105.1: the five colors in WUBRG order."""
    assert "".join(color.letter for color in COLOR_ORDER) == "WUBRG"
    assert COLORLESS == "C"


# --- parse and print ----------------------------------------------------------


ROUND_TRIP = [
    "",
    "{0}",
    "{U}",
    "{1}{R}",
    "{2}{W}{W}",
    "{X}{R}",
    "{3}{W}{U}{B}{R}{G}",
    "{W/U}{W/U}",
    "{2/W}",
    "{G/P}",
    "{C}",
    "{X}{X}{G}",
    "{1}{G/W}{G/W}",
    "{1}{B/P}{B/P}",
    "{G/U/P}",
    "{C/W}",
    "{S}",
    "{8}{C}{C}",
    "{2/W}{2/U}{2/B}{2/R}{2/G}",
    "{R}{W}",
    "{16}",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_parse_print_round_trip(text):
    """CR 107.4: a cost is a sequence of mana symbols and prints back as given."""
    parsed = ManaCost.parse(text)
    assert str(parsed) == text
    assert ManaCost.parse(str(parsed)) == parsed


@pytest.mark.parametrize(
    "text, printed",
    [
        ("{2}{w}{w}", "{2}{W}{W}"),  # letters are case-insensitive
        ("{x}{r}", "{X}{R}"),
        ("{u/w}", "{W/U}"),  # hybrid halves in CR 107.4 order: W/U, not U/W
        ("{w/g}", "{G/W}"),  # G/W, as CR 107.4 lists it
        ("{U/G/P}", "{G/U/P}"),
        ("{1}{1}", "{2}"),  # generic symbols summed: 1 + 1 = 2
        ("{R}{1}", "{1}{R}"),  # generic before colored symbols
        ("{R}{X}", "{X}{R}"),  # X before everything
        ("{0}{R}", "{R}"),  # a {0} next to other symbols adds nothing
        ("{0}{0}", "{0}"),  # 0 + 0 = 0, still the zero cost
    ],
)
def test_parse_normalizes(text, printed):
    """CR 107.4: letters in any case; costs print X, generic, then the rest."""
    assert str(ManaCost.parse(text)) == printed


@pytest.mark.parametrize(
    "text, kind, value",
    [
        ("{3}", SymbolKind.GENERIC, 3),
        ("{X}", SymbolKind.VARIABLE, 0),
        ("{W}", SymbolKind.COLORED, 1),
        ("{C}", SymbolKind.COLORLESS, 1),
        ("{S}", SymbolKind.SNOW, 1),
        ("{W/U}", SymbolKind.HYBRID, 1),
        ("{2/W}", SymbolKind.GENERIC_HYBRID, 2),
        ("{C/W}", SymbolKind.COLORLESS_HYBRID, 1),
        ("{W/P}", SymbolKind.PHYREXIAN, 1),
        ("{G/U/P}", SymbolKind.PHYREXIAN, 1),
    ],
)
def test_symbol_parse(text, kind, value):
    """CR 107.4: every kind of mana symbol; CR 202.3e-g: its share of mana value."""
    symbol = ManaSymbol.parse(text)
    assert symbol.kind is kind
    assert symbol.mana_value == value
    assert str(symbol) == text


@pytest.mark.parametrize(
    "text, hybrid",
    [
        ("{W/U}", True),
        ("{2/W}", True),
        ("{C/W}", True),
        ("{G/U/P}", True),
        ("{G/P}", False),
        ("{G}", False),
    ],
)
def test_symbol_is_hybrid(text, hybrid):
    """CR 107.4e-f: hybrid, monocolored hybrid and hybrid Phyrexian are hybrid."""
    assert ManaSymbol.parse(text).is_hybrid is hybrid


@pytest.mark.parametrize(
    "text",
    [
        "2W",
        "{Q}",
        "{1}{",
        "{W/W}",
        "W",
        "{}",
        "{1}}",
        "{1}x",
        " {1}",
        "{W/P/U}",
        "{P}",
        "{H}",
        "{01}",
        "{-1}",
        "{0/W}",
        "{W/C}",
        "{{1}}",
        "{1} {R}",
        "{U/U/P}",
        "{W/U/B}",
    ],
)
def test_parse_rejects_malformed(text):
    """CR 107.4: only listed mana symbols, braced, one after another, make a cost."""
    with pytest.raises(ManaCostError) as raised:
        ManaCost.parse(text, path="cards[7].mana_cost")
    message = str(raised.value)
    assert "cards[7].mana_cost" in message
    assert repr(text) in message
    assert raised.value.path == "cards[7].mana_cost"
    assert isinstance(raised.value, ValueError)


def test_parse_rejects_unknown_symbol_naming_it():
    """CR 107.4: {Q} is no mana symbol; the error names symbol, text and path."""
    with pytest.raises(
        ManaCostError,
        match=r"^mana_cost: '\{Q\}' is not a mana symbol in '\{1\}\{Q\}'$",
    ):
        ManaCost.parse("{1}{Q}")


@pytest.mark.parametrize("value", [None, 2, ["{R}"]])
def test_parse_rejects_non_strings(value):
    """CR 107.4: a mana cost is written as a string of symbols."""
    with pytest.raises(ManaCostError):
        ManaCost.parse(value)


def test_empty_and_zero_costs():
    """CR 202.1b, 107.4d: no mana cost prints ""; {0} prints "{0}"; both are free."""
    assert ManaCost.parse("") == ManaCost.EMPTY
    assert ManaCost.parse("{0}") == ManaCost.ZERO
    assert ManaCost.EMPTY.is_empty and not ManaCost.ZERO.is_empty
    assert ManaCost.EMPTY.is_zero and ManaCost.ZERO.is_zero
    assert not cost("{R}").is_zero
    assert (str(ManaCost.EMPTY), str(ManaCost.ZERO)) == ("", "{0}")


# --- mana value ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("", 0),
        ("{0}", 0),
        ("{X}{R}", 1),  # X = 0 off the stack (CR 202.3e): 0 + 1
        ("{X}{X}{G}", 1),  # 0 + 0 + 1
        ("{2/W}", 2),  # the larger half of {2/W} is 2 (CR 202.3f)
        ("{W/P}", 1),  # CR 202.3g
        ("{1}{B/P}{B/P}", 3),  # 1 + 1 + 1
        ("{W/U}{W/U}", 2),  # 1 + 1
        ("{2}{W}{W}", 4),  # 2 + 1 + 1
        ("{3}{W}{U}{B}{R}{G}", 8),  # 3 + 5
        ("{2/W}{2/U}{2/B}{2/R}{2/G}", 10),  # 5 * 2
        ("{8}{C}{C}", 10),  # 8 + 1 + 1
        ("{C/W}", 1),
        ("{S}", 1),
    ],
)
def test_mana_value(text, value):
    """CR 202.3: the mana value is the total amount of mana in the mana cost."""
    assert cost(text).mana_value == value


@pytest.mark.parametrize(
    "text, generic, has_x",
    [
        ("", 0, False),
        ("{0}", 0, False),
        ("{3}{R}", 3, False),
        ("{X}{2}{R}", 2, True),
        ("{2/W}", 0, False),
        ("{X}{Y}", 0, True),
    ],
)
def test_generic_and_has_x(text, generic, has_x):
    """CR 107.4b: numerical symbols are generic mana; {X} is variable (CR 107.3)."""
    parsed = cost(text)
    assert parsed.generic == generic
    assert parsed.has_x is has_x


@pytest.mark.parametrize(
    "text, colors",
    [
        ("{2}{W}{W}", {Color.WHITE}),
        ("{W/U}", {Color.WHITE, Color.BLUE}),
        ("{2/B}", {Color.BLACK}),
        ("{G/U/P}", {Color.GREEN, Color.BLUE}),
        ("{8}{C}", set()),
        ("", set()),
    ],
)
def test_cost_colors(text, colors):
    """CR 202.2: the colors of the cost's symbols; a hybrid symbol is all its colors."""
    assert cost(text).colors == frozenset(colors)


# --- sums, increases, reductions -------------------------------------------------


@pytest.mark.parametrize(
    "parts, total",
    [
        (("{W}", "{1}", "{1}"), "{2}{W}"),  # generic 1 + 1 = 2; {W} kept
        (("{1}{R}", "{2}{R}"), "{3}{R}{R}"),  # 1 + 2 = 3 generic; R, R
        (("{U}", "{W}"), "{W}{U}"),  # canonical WUBRG order
        (("{C}", "{G}", "{W/U}"), "{W/U}{G}{C}"),  # hybrid, colored, colorless
        (("{X}{R}", "{1}"), "{X}{1}{R}"),  # X first, then generic
        (("{S}", "{2/W}", "{B/P}", "{X}"), "{X}{2/W}{B/P}{S}"),
        (("{0}", "{0}"), "{0}"),  # 0 + 0 = 0
        (("", ""), ""),
        (("{0}", ""), "{0}"),
    ],
)
def test_sum_of_costs(parts, total):
    """CR 601.2f: total cost is the mana cost plus additional costs and increases."""
    costs = [cost(part) for part in parts]
    assert str(sum_costs(costs)) == total
    assert str(sum_costs(reversed(costs))) == total
    assert sum_costs(costs).mana_value == sum(c.mana_value for c in costs)


@pytest.mark.parametrize(
    "left, right",
    [
        ("{W}", "{1}"),
        ("{R}{W}", "{2}{G}"),
        ("{X}{U}", "{B/P}{C}"),
        ("{0}", ""),
        ("{1}", "{0}"),
        ("{R}{W}", "{0}"),
    ],
)
def test_sum_is_commutative(left, right):
    """CR 601.2f: adding costs does not depend on their order."""
    assert cost(left) + cost(right) == cost(right) + cost(left)


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_adding_no_mana_keeps_the_cost(text):
    """CR 118.5, 202.1b: adding {0} or no cost leaves a cost as printed."""
    assert cost(text) + ManaCost.EMPTY == cost(text)
    assert ManaCost.EMPTY + cost(text) == cost(text)
    if cost(text) != ManaCost.EMPTY:
        assert cost(text) + ManaCost.ZERO == cost(text)


def test_sum_of_nothing_is_empty():
    """CR 202.1b: with no costs there is no mana to pay."""
    assert sum_costs([]) == ManaCost.EMPTY


def test_canonical_ignores_printed_order():
    """CR 107.4: the same symbols in another order have the same canonical cost."""
    assert cost("{R}{W}").canonical() == cost("{W}{R}").canonical() == cost("{W}{R}")
    assert cost("{R}{W}") != cost("{W}{R}")  # equality itself follows the printed order


@pytest.mark.parametrize(
    "text, amount, result",
    [
        ("{R}", 1, "{1}{R}"),  # 0 + 1 = 1
        ("{2}{W}", 3, "{5}{W}"),  # 2 + 3 = 5
        ("", 2, "{2}"),
        ("{0}", 1, "{1}"),
        ("{X}{R}", 1, "{X}{1}{R}"),
        ("{R}{W}", 1, "{1}{R}{W}"),  # the printed order of the rest is kept
        ("{3}", 0, "{3}"),
    ],
)
def test_with_generic_increased(text, amount, result):
    """CR 601.2f: cost increases add to the total cost (here generic mana)."""
    assert str(cost(text).with_generic_increased(amount)) == result


@pytest.mark.parametrize(
    "text, amount, result",
    [
        ("{2}{W}{W}", 1, "{1}{W}{W}"),  # 2 - 1 = 1
        ("{2}{W}{W}", 2, "{W}{W}"),  # 2 - 2 = 0, colored untouched
        ("{2}{W}{W}", 5, "{W}{W}"),  # 2 - 5 < 0: stops at 0 (CR 601.2f)
        ("{3}", 3, "{0}"),  # reduced to nothing is {0} (CR 601.2f, 118.7)
        ("{1}", 4, "{0}"),
        (
            "{W/U}{2/W}{B/P}{C}",
            2,
            "{W/U}{2/W}{B/P}{C}",
        ),  # no generic component (CR 118.7a)
        ("{X}{2}{R}", 3, "{X}{R}"),  # X is not generic until chosen
        ("", 1, ""),
        ("{4}", 0, "{4}"),
    ],
)
def test_with_generic_reduced(text, amount, result):
    """CR 118.7a: generic reductions touch only generic mana, not below 0 (601.2f)."""
    reduced = cost(text).with_generic_reduced(amount)
    assert str(reduced) == result
    assert reduced.generic == max(0, cost(text).generic - amount)


@pytest.mark.parametrize(
    "text, x, result",
    [
        ("{X}{R}", 3, "{3}{R}"),
        ("{X}{X}{1}{G}", 2, "{5}{G}"),
        ("{X}", 0, "{0}"),
        ("{2}{U}", 9, "{2}{U}"),
    ],
)
def test_with_x(text, x, result):
    """CR 107.3a: {X} is the announced value; {X}{X}{1} with X=2 is 2+2+1 = 5."""
    assert str(cost(text).with_x(x)) == result


@pytest.mark.parametrize("method", ["with_generic_increased", "with_generic_reduced", "with_x"])
def test_negative_amounts_rejected(method):
    """CR 107.1b: amounts of mana and values of X are not negative here."""
    with pytest.raises(InputError):
        getattr(cost("{1}{R}"), method)(-1)


# --- sources ----------------------------------------------------------------------


def test_source_constructors():
    """CR 106.1b: each mana a source adds is one of the six types it may be."""
    assert ManaSource.of_letters("U", "island").units == (frozenset("U"),)
    assert ManaSource.of_letters("C", "sol", count=2).units == (
        frozenset("C"),
        frozenset("C"),
    )
    assert ManaSource.of_letters("rg").units == (frozenset("RG"),)
    assert ManaSource(("WUBRG",), "any").units == (frozenset("WUBRG"),)
    pool = ManaSource.from_pool("{R}{R}{G}")
    assert [source.units for source in pool] == [
        (frozenset("R"),),
        (frozenset("R"),),
        (frozenset("G"),),
    ]
    assert all(source.object_id is None for source in pool)
    assert ManaSource.from_pool(cost("{C}{W}"))[0].units == (frozenset("C"),)
    assert ManaSource.from_pool("") == ()


@pytest.mark.parametrize("pool", ["{1}", "{X}", "{W/U}", "{S}", "{Q}"])
def test_from_pool_rejects_non_mana(pool):
    """CR 106.1b, 106.4: a mana pool holds mana of the six types only."""
    with pytest.raises(ManaCostError):
        ManaSource.from_pool(pool)


@pytest.mark.parametrize("units", [("",), ("Q",), ("RX",), "RG"])
def test_source_rejects_bad_units(units):
    """CR 106.1b: mana is W, U, B, R, G or C."""
    with pytest.raises(InputError):
        ManaSource(units)


# --- can_pay ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, sources, x, life, payable",
    [
        # Island + Forest: U pays {U}, G pays {G}; {U}{U} needs two blue.
        ("{U}{G}", lands("UG"), 0, 0, True),
        ("{U}{U}", lands("UG"), 0, 0, False),
        # Two Mountains + Island: R for {R}, U for {U}, R for {1}: 3 units, 3 mana.
        ("{1}{R}{U}", lands("RRU"), 0, 0, True),
        ("{2}{R}{U}", lands("RRU"), 0, 0, False),  # 4 mana > 3 units
        ("{R}{R}{U}", lands("RRU"), 0, 0, True),
        ("{R}{U}{U}", lands("RRU"), 0, 0, False),
        # {C} needs colorless mana (CR 107.4c): not a Mountain, yes Sol Ring.
        ("{C}", lands("R"), 0, 0, False),
        ("{C}", [ManaSource.of_letters("C", "sol", count=2)], 0, 0, True),
        # Sol Ring's two colorless mana pay {2} alone.
        ("{2}", [ManaSource.of_letters("C", "sol", count=2)], 0, 0, True),
        ("{3}", [ManaSource.of_letters("C", "sol", count=2)], 0, 0, False),
        # Generic takes any type (CR 107.4b).
        ("{3}", lands("WUC"), 0, 0, True),
        # X = 2: {X}{R} is 2 + 1 = 3 mana.
        ("{X}{R}", lands("RRR"), 2, 0, True),
        ("{X}{R}", lands("RRR"), 3, 0, False),
        ("{X}{X}", lands("RRRR"), 2, 0, True),  # 2 + 2 = 4
        ("{X}{X}", lands("RRRR"), 3, 0, False),  # 3 + 3 = 6 > 4
        # Hybrid {W/U}: one white or blue (CR 107.4e).
        ("{W/U}", lands("U"), 0, 0, True),
        ("{W/U}", lands("R"), 0, 0, False),
        ("{W/U}{W/U}", lands("WU"), 0, 0, True),
        ("{C/W}", lands("C"), 0, 0, True),
        ("{C/W}", lands("R"), 0, 0, False),
        # {2/W}: one white, or two of any type.
        ("{2/W}", lands("RR"), 0, 0, True),
        ("{2/W}", lands("R"), 0, 0, False),
        ("{2/W}", lands("W"), 0, 0, True),
        ("{2/W}{2/W}", lands("WRR"), 0, 0, True),  # W pays one, R+R the other
        ("{2/W}{2/W}", lands("RRR"), 0, 0, False),  # 2 + 2 = 4 > 3
        # Phyrexian: its color or 2 life (CR 107.4f), only with life >= 2 (CR 119.4).
        ("{W/P}", [], 0, 2, True),
        ("{W/P}", [], 0, 1, False),
        ("{W/P}", [], 0, 20, True),
        ("{W/P}", lands("W"), 0, 0, True),
        ("{W/P}", lands("R"), 0, 0, False),
        ("{1}{B/P}{B/P}", lands("R"), 0, 4, True),  # 2 + 2 = 4 life, R for {1}
        ("{1}{B/P}{B/P}", lands("R"), 0, 3, False),  # 4 life > 3
        ("{1}{B/P}{B/P}", lands("RB"), 0, 3, True),  # B, 2 life, R
        ("{G/U/P}", lands("U"), 0, 0, True),
        ("{G/U/P}", lands("R"), 0, 0, False),
        # Snow {S}: only mana from a snow source (CR 107.4h).
        ("{S}", lands("G"), 0, 0, False),
        ("{S}", [ManaSource.of_letters("G", "snow-forest", is_snow=True)], 0, 0, True),
        (
            "{S}{G}",
            [ManaSource.of_letters("G", "snow-forest", is_snow=True)] + lands("R"),
            0,
            0,
            False,
        ),
        # Nothing to pay.
        ("", [], 0, 0, True),
        ("{0}", [], 0, 0, True),
        ("{X}", [], 0, 0, True),
        ("{1}", [], 0, 0, False),
    ],
)
def test_can_pay(text, sources, x, life, payable):
    """CR 601.2h: the total cost is paid with the mana sources can add (CR 107.4)."""
    assert can_pay(cost(text), sources, x=x, life=life) is payable


def test_dual_source_pays_only_one_symbol():
    """CR 601.2h: one R-or-G mana pays {R} or {G}, not both; two sources pay both."""
    taiga = ManaSource.of_letters("RG", "taiga")
    other = ManaSource.of_letters("RG", "taiga2")
    assert not can_pay(cost("{R}{G}"), [taiga])
    assert can_pay(cost("{R}{G}"), [taiga, other])
    assert can_pay(cost("{R}"), [taiga]) and can_pay(cost("{G}"), [taiga])


def test_matching_not_color_counting():
    """CR 601.2h: payment is a matching of mana to symbols, not counting of colors."""
    # R/G land and Wastes: color counting sees R and G available, but the
    # single R/G unit cannot be both; C pays neither.
    sources = [
        ManaSource.of_letters("RG", "karplusan"),
        ManaSource.of_letters("C", "wastes"),
    ]
    assert not can_pay(cost("{R}{G}"), sources)
    assert can_pay(cost("{1}{R}"), sources)
    # Any-color source plus Forest: {W}{G} yes, {W}{U} no (the Forest is only G).
    any_color = [
        ManaSource.of_letters("WUBRG", "city"),
        ManaSource.of_letters("G", "forest"),
    ]
    assert can_pay(cost("{W}{G}"), any_color)
    assert not can_pay(cost("{W}{U}"), any_color)


def test_pool_mana_pays():
    """CR 106.4: mana already in the pool pays costs like any other mana."""
    pool = ManaSource.from_pool("{R}{R}{G}")
    assert can_pay(cost("{1}{R}{G}"), pool)
    assert not can_pay(cost("{G}{G}"), pool)


def test_can_pay_rejects_negative_x():
    """CR 107.1b: X is never negative here."""
    with pytest.raises(InputError):
        can_pay(cost("{X}"), [], x=-1)


def test_can_pay_result_does_not_depend_on_source_order_or_ids():
    """CR 601.2h: which sources exist matters, not their order or names."""
    first = [
        ManaSource.of_letters("RG", "a"),
        ManaSource.of_letters("U", "b"),
        ManaSource.of_letters("G", "c"),
    ]
    second = [
        ManaSource.of_letters("G", "z"),
        ManaSource.of_letters("RG", "y"),
        ManaSource.of_letters("U", "x"),
    ]
    for text in ("{R}{G}{U}", "{G}{G}{U}", "{R}{R}", "{2}{U}"):
        assert can_pay(cost(text), first) == can_pay(cost(text), second)


# --- property test against brute force ---------------------------------------------


def brute_force_can_pay(symbols: list[ManaSymbol], units: list[frozenset[str]], x: int, life: int) -> bool:
    """Try every way to pay each symbol, then every assignment of units to the mana."""
    ways_per_symbol = []
    for symbol in symbols:
        letters = frozenset(color.letter for color in symbol.colors)
        if symbol.kind is SymbolKind.GENERIC:
            ways_per_symbol.append([([None] * symbol.amount, 0)])
        elif symbol.kind is SymbolKind.VARIABLE:
            ways_per_symbol.append([([None] * x, 0)])
        elif symbol.kind is SymbolKind.COLORLESS:
            ways_per_symbol.append([([frozenset("C")], 0)])
        elif symbol.kind is SymbolKind.COLORLESS_HYBRID:
            ways_per_symbol.append([([letters | {"C"}], 0)])
        elif symbol.kind is SymbolKind.GENERIC_HYBRID:
            ways_per_symbol.append([([letters], 0), ([None] * symbol.amount, 0)])
        elif symbol.kind is SymbolKind.PHYREXIAN:
            ways_per_symbol.append([([letters], 0), ([], 2)])
        else:  # colored, hybrid
            ways_per_symbol.append([([letters], 0)])
    for ways in itertools.product(*ways_per_symbol):
        if sum(life_paid for _, life_paid in ways) > life:
            continue
        needs = [need for asked, _ in ways for need in asked]
        if len(needs) > len(units):
            continue
        for chosen in itertools.permutations(units, len(needs)):
            if all(need is None or unit & need for need, unit in zip(needs, chosen, strict=True)):
                return True
    return False


SIMPLE_SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{1}", "{2}"]
RICH_SYMBOLS = SIMPLE_SYMBOLS + [
    "{C}",
    "{X}",
    "{W/U}",
    "{R/G}",
    "{2/W}",
    "{B/P}",
    "{G/U/P}",
    "{C/R}",
]


@settings(max_examples=300, deadline=None)
@given(
    symbols=st.lists(st.sampled_from(SIMPLE_SYMBOLS), max_size=4),
    letters=st.lists(st.sampled_from("WUBRG"), max_size=6),
)
def test_can_pay_matches_brute_force_single_color(symbols, letters):
    """CR 601.2h: colored and generic symbols, one-color lands: equals brute force."""
    parsed = cost("".join(symbols))
    sources = lands("".join(letters))
    expected = brute_force_can_pay(list(parsed.symbols), [frozenset(letter) for letter in letters], 0, 0)
    assert can_pay(parsed, sources) is expected


@settings(max_examples=300, deadline=None)
@given(
    symbols=st.lists(st.sampled_from(RICH_SYMBOLS), max_size=4),
    units=st.lists(st.sets(st.sampled_from("WUBRGC"), min_size=1).map(frozenset), max_size=6),
    x=st.integers(0, 2),
    life=st.integers(0, 5),
)
def test_can_pay_matches_brute_force_all_kinds(symbols, units, x, life):
    """CR 107.4, 119.4, 601.2h: every symbol kind and source agrees with brute force."""
    parsed = cost("".join(symbols))
    sources = [ManaSource((unit,), f"source{i}") for i, unit in enumerate(units)]
    expected = brute_force_can_pay(list(parsed.symbols), units, x, life)
    assert can_pay(parsed, sources, x=x, life=life) is expected


@pytest.mark.parametrize("seed", range(40))
def test_hall_condition_decides_as_the_maximum_flow(seed, monkeypatch):
    """CR 601.2h: each symbol is paid by one mana; Hall's condition and a maximum flow agree on random costs."""
    import random
    from collections import Counter

    from models import mana

    rng = random.Random(seed)
    letters = ["W", "U", "B", "R", "G", "C", "WU", "BR", "WUBRG"]
    units = tuple(((rng.choice(letters), rng.random() < 0.2), rng.randrange(1, 4)) for _ in range(rng.randrange(1, 6)))
    demands = Counter(
        {
            rng.choice(["W", "U", "B", "R", "G", "WU", "RG", mana._ANY, mana._SNOW]): rng.randrange(1, 4)
            for _ in range(rng.randrange(1, 5))
        }
    )
    direct = mana._is_matchable(demands, units)
    monkeypatch.setattr(mana, "_HALL_KINDS", 0)
    assert mana._is_matchable(demands, units) == direct


# --- mana abilities whose output is a choice, or that cost mana, against brute force -----------------------------


def _brute_force_activations(cost_: ManaCost, sources: list[ManaSource], repeats: int = 3) -> bool:
    """Activate the sources' abilities one by one in every order, with every choice, then pay (CR 605.3, 601.2g-h).

    Each mana made is a concrete letter in the pool; an ability with {T} taps its object (one {T} per object,
    CR 605.1a), one without is activated once, or up to ``repeats`` times if repeatable; a cost of mana is paid
    from the pool with mana not reserved for the spell (CR 106.6).
    """
    seen: set[object] = set()

    def made(source: ManaSource) -> set[tuple[str, ...]]:
        return {
            tuple(sorted(letters))
            for option in (source.options or (source.units,))
            for letters in itertools.product(*[sorted(unit) for unit in option])
        }

    def payments(pool: tuple[tuple[str, bool], ...], source: ManaSource) -> set[tuple[int, ...]]:
        free = [i for i, (_, only) in enumerate(pool) if not only]
        size = source.activation + len(source.activation_colours)
        found = set()
        for chosen in itertools.combinations(free, size):
            for picked in itertools.permutations(chosen, len(source.activation_colours)):
                if all(pool[i][0] in unit for i, unit in zip(picked, source.activation_colours, strict=True)):
                    found.add(chosen)
        return found

    def search(pool: tuple[tuple[str, bool], ...], tapped: frozenset[str], uses: tuple[int, ...]) -> bool:
        state = (pool, tapped, uses)
        if state in seen:
            return False
        seen.add(state)
        if brute_force_can_pay(list(cost_.symbols), [frozenset(letter) for letter, _ in pool], 0, 0):
            return True
        for index, source in enumerate(sources):
            limit = repeats if source.repeatable else 1
            if uses[index] >= limit or (source.taps and source.object_id in tapped):
                continue
            now_tapped = tapped | {source.object_id} if source.taps else tapped
            counted = uses[:index] + (uses[index] + 1,) + uses[index + 1 :]
            for paid in payments(pool, source) if source.costs_mana else {()}:
                left = [unit for i, unit in enumerate(pool) if i not in paid]
                for letters in made(source):
                    after = tuple(sorted(left + [(letter, source.spell_only) for letter in letters]))
                    if search(after, frozenset(now_tapped), counted):
                        return True
        return False

    return search((), frozenset(), tuple(0 for _ in sources))


UNIT_LETTERS = ["R", "G", "U", "RG", "C", "WUBRG"]


@st.composite
def mana_abilities_of_objects(draw: st.DrawFn) -> list[ManaSource]:
    """A few objects, each with a {T} ability adding mana or one of some options, and perhaps one that costs mana."""
    sources = []
    for number in range(draw(st.integers(1, 4))):
        name = f"object{number}"
        unit = st.sampled_from(UNIT_LETTERS).map(frozenset)
        option = st.lists(unit, min_size=1, max_size=2).map(tuple)
        converting = draw(st.booleans())
        if draw(st.booleans()) or not converting:
            options = () if converting else tuple(draw(st.lists(option, max_size=3, unique=True)))
            if len(options) == 1:
                options = ()
            sources.append(ManaSource(draw(option), name, options=options, spell_only=draw(st.booleans())))
        if converting:
            colours = tuple(draw(st.lists(st.sampled_from(["R", "G", "RG"]).map(frozenset), max_size=1)))
            activation = draw(st.integers(0 if colours else 1, 2))
            taps = draw(st.booleans())
            outputs = tuple(draw(st.lists(option, min_size=1, max_size=2, unique=True)))
            repeatable = not taps and max(map(len, outputs)) <= activation + len(colours)
            sources.append(
                ManaSource(
                    outputs[0],
                    name,
                    activation=activation,
                    activation_colours=colours,
                    options=outputs if len(outputs) > 1 else (),
                    taps=taps,
                    repeatable=repeatable,
                    spell_only=draw(st.booleans()),
                )
            )
    return sources


@settings(max_examples=150, deadline=None)
@given(
    symbols=st.lists(st.sampled_from(["{R}", "{G}", "{U}", "{1}", "{C}", "{R/G}"]), max_size=4),
    sources=mana_abilities_of_objects(),
)
def test_can_pay_with_choices_and_mana_abilities_that_cost_mana_matches_brute_force(symbols, sources):
    """CR 106.1b, 106.6, 605.1a, 605.3, 601.2g-h: outputs chosen, costs paid with mana made before, one {T} each."""
    parsed = cost("".join(symbols))
    assert can_pay(parsed, sources) is _brute_force_activations(parsed, sources)


def test_an_objects_other_mana_spent_is_not_made_again_by_another_source():
    """CR 605.1a, 106.6: an object taps once; mana made later can't stand in for its other mana, once spent.

    {G} to pay. Object A: "{T}: Add {R}" whose mana pays the spell alone. Object B: "{1}: Add {R}", any number of
    times. Object C: "{T}: Add {R}" and "{1}, {T}: Add {G}". Object D: "{1}: Add {R}{R}" once. Only C makes {G},
    for {1} that can't come from C itself (it taps) nor from A (spell only); B and D each cost {1} too, so the
    first {1} has no source: not payable. (Spending C's {R} on D's {1} and then "forgoing" one of D's {R} as if it
    were C's used to say yes.)
    """
    sources = [
        ManaSource((frozenset("R"),), "a", taps=True, spell_only=True),
        ManaSource((frozenset("R"),), "b", activation=1, taps=False, repeatable=True),
        ManaSource((frozenset("R"),), "c", taps=True),
        ManaSource((frozenset("G"),), "c", activation=1, taps=True),
        ManaSource((frozenset("R"), frozenset("R")), "d", activation=1, taps=False),
    ]
    assert can_pay(cost("{G}"), sources) is False
    # with a Mountain's {R} beside them, it pays C's {1}: {G} is made (C taps for {G} alone)
    assert can_pay(cost("{G}"), sources + [ManaSource((frozenset("R"),), "m", taps=True)]) is True
