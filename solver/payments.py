"""The payments of a legal cast: which mana abilities are activated, and what they add (CR 601.2g-h, 106, 605).

A cast names every choice that tells casts apart, the objects paying its costs included; how its mana is paid
is not one of them: a cast is legal iff some payment exists (STATE_FORMAT.md, "What counts as one cast"). To
carry a cast out, an engine needs one: :func:`payments` gives them all, lazily, in a stable order, the default
first.

A payment is a set of mana sources the caster activates (CR 601.2g): mana of their pool (CR 106.4), and mana
abilities of their permanents (each its object's id), each adding the mana it is shown to add; the mana pays the
total cost (CR 601.2h), Phyrexian symbols possibly with life (CR 107.4f). Two payments are different iff they
activate different sources (different objects, or an object's other option: "{T}: Add {U}." or "{T}, Sacrifice
this land: Add {W}{B}.") or spend different mana of the pool. Only payments that need every source they activate
are given (removing any one leaves the cost unpaid): activating more makes mana that pays nothing.

Whether a set of sources pays is asked of the mana rules the judge asks (:class:`~models.mana.ManaPayer`,
:mod:`solver.rules.mana`): the sources are those :func:`~solver.rules.mana.available_mana_sources` gives the cast
problem, less the permanents the cast taps to pay a cost (CR 601.2g); the total cost is the problem's (CR
601.2f), less what the cards exiled for delve and the permanents tapped for convoke or improvise pay (CR 702.66a,
702.51a, 702.126a). A cast the judge rejects has no payment (:class:`~models.errors.InputError`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from models.cast import Cast
from models.errors import InputError, UnsupportedRuleError
from models.mana import COLORLESS, ManaCost, ManaPayer, ManaSource, ManaSymbol, SymbolKind
from models.state import GameState
from solver.legal import judging_view
from solver.problem import CastProblem
from solver.rules.mana import assist_sources, available_mana_sources, tapping_keyword

__all__ = ["ManaUse", "Payment", "payments", "payments_of_problem", "default_payment", "life_paid_for_costs"]

_LETTERS = "WUBRGC"


@dataclass(frozen=True, slots=True)
class ManaUse:
    """One mana source activated for a payment: a mana ability of a permanent, or mana of the pool.

    Parameters
    ----------
    source : str or None
        The id of the object whose mana ability is activated (CR 605); None for mana already in the pool
        (CR 106.4).
    adds : ManaCost
        The mana it adds, each unit in the type it is shown to make (CR 106.1b): ``{R}``, ``{C}{C}``,
        ``{W}{B}``; for pool mana, the mana spent from the pool.
    activation : ManaCost
        Mana paid to activate it, with mana made before ("{W/U}, {T}: Add {W}{W}." paid with ``{W}``, CR
        605.3); empty for most.
    consumed : bool
        Its ability sacrifices or exiles its object (a Treasure: "{T}, Sacrifice this artifact: Add one mana of any
        color."); the object is gone once it is used.
    taps : bool
        Its ability's cost has {T}: the permanent becomes tapped (CR 602.2).
    """

    source: str | None
    adds: ManaCost
    activation: ManaCost = ManaCost.EMPTY
    consumed: bool = False
    taps: bool = True

    def to_json(self) -> dict[str, Any]:
        """The use as a JSON object: ``{"source", "adds", "activation", "consumed", "taps"}``."""
        return {
            "source": self.source,
            "adds": str(self.adds),
            "activation": str(self.activation),
            "consumed": self.consumed,
            "taps": self.taps and self.source is not None,
        }


@dataclass(frozen=True, slots=True)
class Payment:
    """One way to pay a legal cast's total cost (CR 601.2g-h).

    Parameters
    ----------
    cast : Cast
        The cast paid; the objects its other costs use are its own (discards, sacrifices, exiles, taps, returns).
    total_cost : ManaCost
        Its total cost (CR 601.2f), before delve, convoke or improvise pay any of it.
    mana : tuple of ManaUse
        The mana sources activated: pool mana first (one entry, the mana spent from it), then each mana ability
        activated, in the order of the state's objects.
    life : int
        Life paid for Phyrexian mana symbols (2 a symbol, CR 107.4f).
    left : ManaCost
        Mana made and not spent: it stays in the caster's pool (CR 106.4).
    """

    cast: Cast
    total_cost: ManaCost
    mana: tuple[ManaUse, ...]
    life: int = 0
    left: ManaCost = ManaCost.EMPTY

    @property
    def sources(self) -> tuple[str, ...]:
        """The ids of the objects whose mana abilities are activated, in order."""
        return tuple(use.source for use in self.mana if use.source is not None)

    @property
    def pool_spent(self) -> ManaCost:
        """The mana spent from the caster's pool (empty when none)."""
        return next((use.adds for use in self.mana if use.source is None), ManaCost.EMPTY)

    def to_json(self) -> dict[str, Any]:
        """The payment as a JSON object: ``{"total_cost", "mana": [...], "life", "left"}``."""
        return {
            "total_cost": str(self.total_cost),
            "mana": [use.to_json() for use in self.mana],
            "life": self.life,
            "left": str(self.left),
        }


def payments(
    state: GameState,
    cast: Cast,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    resolving: str | None = None,
) -> Iterator[Payment]:
    """Yield the distinct ways to pay a legal cast, the default first (CR 601.2g-h).

    Parameters
    ----------
    state : GameState
    cast : Cast
        A cast the judge finds legal with these options (:func:`solver.legal.is_legal_cast`).
    player, without_paying_mana_cost, resolving
        As :func:`solver.legal.is_legal_cast`.

    Yields
    ------
    Payment
        Each once. Order: fewest sources first; among as many, pool mana before permanents, a permanent that
        stays before one sacrificed (a Treasure), a source of one type of mana before one of several (a dual
        land kept untapped), then the state's object order. The first is the default.

    Raises
    ------
    InputError
        The cast is not legal (its reasons, each with its CR rule), or names an object the state lacks.
    UnsupportedRuleError
        Text bearing on the cast that can't be read; or a payment the mana rules find but whose mana abilities
        pay each other's costs in a chain, which is not laid out.

    Notes
    -----
    The first payment comes without listing the others; each later one after the payments of fewer sources.
    A payment is given exactly when :class:`~models.mana.ManaPayer` finds that its sources pay the total cost,
    and none of them can be left out.
    """
    view = judging_view(
        state, cast, player=player, without_paying_mana_cost=without_paying_mana_cost, resolving=resolving
    )
    reasons = view.why_illegal(cast)
    if reasons:
        raise InputError("cast", "not a legal cast: " + "; ".join(f"{r.message} ({r.rule})" for r in reasons))
    problem = view.problem_for(cast)
    if problem is None:  # pragma: no cover - a legal cast has its problem
        raise InputError("cast", "not a legal cast")
    yield from payments_of_problem(problem, cast)


def default_payment(state: GameState, cast: Cast, **options: Any) -> Payment:
    """The first of :func:`payments`: the default way to pay a legal cast.

    Raises
    ------
    InputError, UnsupportedRuleError
        As :func:`payments`.
    """
    return next(payments(state, cast, **options))


def life_paid_for_costs(problem: CastProblem, cast: Cast) -> int:
    """The life a cast's costs take besides Phyrexian mana: "Pay 2 life", "pay X life" (CR 119.4, 601.2h).

    Parameters
    ----------
    problem : CastProblem
        The problem that judges the cast.
    cast : Cast

    Returns
    -------
    int
    """
    values = problem.assignment_of(cast).values
    paid = 0
    for term in problem.cost_terms:
        if term.cost.life or term.cost.life_x:
            times = term.times(*(values[k] for k in term.scope))
            paid += times * (term.cost.life + ((cast.x or 0) if term.cost.life_x else 0))
    return paid


def payments_of_problem(problem: CastProblem, cast: Cast) -> Iterator[Payment]:
    """The payments of a cast of this problem, which the caller has found legal; see :func:`payments`.

    Parameters
    ----------
    problem : CastProblem
        The problem that judges the cast (:meth:`solver.legal.LegalCasts.problem_for`).
    cast : Cast

    Yields
    ------
    Payment
    """
    if problem.without_paying_mana_cost and problem.total_cost_of is None:
        yield Payment(cast, ManaCost.EMPTY, ())
        return
    values = problem.assignment_of(cast).values
    total = _total_before_cost_objects(problem, values)
    tapped = frozenset(cast.taps)
    assisting = assist_sources(problem)
    sources = tuple(
        s for s in available_mana_sources(problem) + assisting if s.object_id is None or s.object_id not in tapped
    )
    life = problem.state.life_of(problem.caster)
    seen: set[tuple[Any, ...]] = set()
    for rest in _costs_left(problem, cast, total):
        for payment in _mana_payments(rest, sources, life):
            uses, phyrexian_life, left = payment
            signature = tuple(sorted((u.source or "", str(u.adds), str(u.activation)) for u in uses))
            if signature in seen:
                continue
            seen.add(signature)
            yield Payment(cast, total, uses, phyrexian_life, left)


def _total_before_cost_objects(problem: CastProblem, values: dict[Any, Any]) -> ManaCost:
    """The total cost the cast's choices give, before delve, convoke or improvise pay any of it (CR 601.2f)."""
    if problem.total_cost_before_cost_objects is not None:
        return problem.total_cost_before_cost_objects(values)
    if problem.total_cost_of is not None:
        return problem.total_cost_of(values)
    return ManaCost.EMPTY


def _costs_left(problem: CastProblem, cast: Cast, total: ManaCost) -> Iterator[ManaCost]:
    """The mana left for mana to pay, once the cards exiled for delve or the permanents tapped for convoke pay.

    Delve: each card exiled pays {1} (CR 702.66a). Convoke: each creature tapped pays {1} or one mana of its
    colour; improvise: each artifact tapped pays {1} (CR 702.51a, 702.126a): every way they can fall, each once.
    """
    x = cast.x or 0
    total = total.with_x(x) if total.has_x else total
    if problem.abilities.delve and cast.exiles:
        yield total.with_generic_reduced(len(cast.exiles))
        return
    tapper = tapping_keyword(problem)
    if tapper is None or not cast.taps:
        yield total
        return
    units = [tapper.unit(problem.state.object(c)) for c in cast.taps]
    seen: set[tuple[str, ...]] = set()
    for symbols in _helped(list(total.symbols), units):
        key = tuple(sorted(str(s) for s in symbols))
        if key not in seen:
            seen.add(key)
            yield ManaCost(tuple(symbols)).canonical() if symbols else ManaCost.EMPTY


def _helped(symbols: list[ManaSymbol], units: list[frozenset[str]]) -> Iterator[list[ManaSymbol]]:
    """Each way the helping permanents' units can each pay one mana of ``symbols``: the symbols left."""
    if not units:
        yield symbols
        return
    unit, others = units[0], units[1:]
    for index, symbol in enumerate(symbols):
        letters = {c.letter for c in symbol.colors}
        if symbol.kind is SymbolKind.GENERIC and symbol.amount > 0:
            left = ManaSymbol(SymbolKind.GENERIC, amount=symbol.amount - 1)
            remaining = symbols[:index] + ([left] if left.amount else []) + symbols[index + 1 :]
        elif symbol.kind is not SymbolKind.GENERIC and letters & unit:
            remaining = symbols[:index] + symbols[index + 1 :]
        else:
            continue
        yield from _helped(remaining, others)


# ---------------------------------------------------------------------------------------------- the mana part


def _kind(source: ManaSource) -> ManaSource:
    """What a source is but its object: alike sources (two Mountains) pay alike."""
    return replace(source, object_id=None)


def _preference(source: ManaSource, index: int) -> tuple[Any, ...]:
    """The order sources are taken in: pool mana, then what stays, makes one type, costs nothing; then file order."""
    letters = {letter for option in (source.options or (source.units,)) for unit in option for letter in unit}
    return (source.object_id is not None, source.consumed, source.costs_mana, len(letters), index)


def _mana_payments(
    cost: ManaCost, sources: Sequence[ManaSource], life: int
) -> Iterator[tuple[tuple[ManaUse, ...], int, ManaCost]]:
    """The minimal sets of sources that pay ``cost``, each laid out, fewest first (see :func:`payments`)."""
    ordered = sorted(range(len(sources)), key=lambda i: _preference(sources[i], i))
    groups: list[list[ManaSource]] = []
    where: dict[ManaSource, int] = {}
    for i in ordered:
        kind = _kind(sources[i])
        if kind not in where:
            where[kind] = len(groups)
            groups.append([])
        groups[where[kind]].append(sources[i])
    sizes = [len(g) for g in groups]
    place = {id(source): i for i, source in enumerate(sources)}
    known: dict[tuple[int, ...], bool] = {}

    def pays(counts: tuple[int, ...]) -> bool:
        found = known.get(counts)
        if found is None:
            chosen = [s for g, n in zip(groups, counts) for s in g[:n]]
            found = known[counts] = ManaPayer(chosen).can_pay(cost, life=life)
        return found

    if not pays(tuple(sizes)):
        return
    most = min(sum(sizes), _most_sources(cost, groups))
    for n in range(_least_sources(cost, sources, life), most + 1):
        for counts in _vectors(sizes, n, pays):
            if not pays(counts) or any(
                pays(counts[:g] + (counts[g] - 1,) + counts[g + 1 :]) for g in range(len(counts)) if counts[g]
            ):
                continue
            for picked in _choices_of(groups, counts):
                picked.sort(key=lambda s: place[id(s)])
                yield _laid_out(cost, picked, life)


def _choices_of(groups: list[list[ManaSource]], counts: tuple[int, ...], at: int = 0) -> Iterator[list[ManaSource]]:
    """Each choice of ``counts[g]`` sources of each group ``g``, lazily (``itertools.product`` would list them all)."""
    if at == len(groups):
        yield []
        return
    for part in itertools.combinations(groups[at], counts[at]):
        for rest in _choices_of(groups, counts, at + 1):
            yield list(part) + rest


def _least_sources(cost: ManaCost, sources: Sequence[ManaSource], life: int) -> int:
    """The fewest sources that could make as much mana as the cost asks at least (the largest sources first)."""
    asked = 0
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            asked += symbol.amount
        elif symbol.kind is SymbolKind.PHYREXIAN:
            asked += 0 if life >= 2 else 1
        else:
            asked += 1
    made = 0
    for n, units in enumerate(sorted((s.most_units for s in sources), reverse=True)):
        if made >= asked:
            return n
        made += units
    return len(sources)


def _most_sources(cost: ManaCost, groups: list[list[ManaSource]]) -> int:
    """A bound on the sources a minimal payment activates: one per mana asked, and two per source costing mana."""
    asked = sum(s.amount if s.kind is SymbolKind.GENERIC else (s.amount or 1) for s in cost.symbols)
    converters = sum(len(g) for g in groups if g[0].costs_mana)
    return asked + 2 * converters


def _vectors(
    sizes: list[int], total: int, pays: Callable[[tuple[int, ...]], bool], head: tuple[int, ...] = ()
) -> Iterator[tuple[int, ...]]:
    """Every vector of counts, each at most its size, summing to ``total``: earlier groups take more first.

    A start of a vector is followed only when it and every source of the groups after it pay (``pays``): more
    sources never pay less, so no vector that starts so can pay otherwise.
    """
    start = len(head)
    if start == len(sizes):
        if total == 0:
            yield head
        return
    rest = sum(sizes[start + 1 :])
    for k in range(min(sizes[start], total), max(0, total - rest) - 1, -1):
        if start + 1 < len(sizes) and not pays(head + (k,) + tuple(sizes[start + 1 :])):
            continue
        yield from _vectors(sizes, total - k, pays, head + (k,))


# ------------------------------------------------------------------- laying a payment out: what each source adds

_Unit = tuple[frozenset[str], bool, bool, int]
"""One unit of mana made: the letters it may be, snow, whether it pays the spell alone, and its source's place."""


def _accepts(symbol: ManaSymbol, letters: frozenset[str], snow: bool) -> frozenset[str]:
    """The letters of a unit that pay one mana of ``symbol`` paid as mana (generic: any; CR 107.4)."""
    kind = symbol.kind
    if kind in (SymbolKind.GENERIC, SymbolKind.VARIABLE):
        return letters
    if kind is SymbolKind.COLORLESS:
        return letters & {COLORLESS}
    if kind is SymbolKind.SNOW:
        return letters if snow else frozenset()
    wanted = {c.letter for c in symbol.colors}
    if kind is SymbolKind.COLORLESS_HYBRID:
        wanted.add(COLORLESS)
    return letters & wanted


def _demands(cost: ManaCost, life: int) -> Iterator[tuple[list[ManaSymbol], int]]:
    """The ways to read a cost as one-mana demands: {2/W} as {W} or {1}{1}, {W/P} as {W} or 2 life (CR 107.4e-f)."""
    fixed: list[ManaSymbol] = []
    choosing: list[ManaSymbol] = []
    one = ManaSymbol(SymbolKind.GENERIC, amount=1)
    for symbol in cost.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            fixed += [one] * symbol.amount
        elif symbol.kind in (SymbolKind.GENERIC_HYBRID, SymbolKind.PHYREXIAN):
            choosing.append(symbol)
        else:
            fixed.append(symbol)
    for other_ways in itertools.product((False, True), repeat=len(choosing)):
        demands, paid = list(fixed), 0
        for symbol, other in zip(choosing, other_ways, strict=True):
            if not other:
                demands.append(symbol)
            elif symbol.kind is SymbolKind.GENERIC_HYBRID:
                demands += [one] * symbol.amount
            else:
                paid += 2
        if paid <= life:
            yield demands, paid


def _match(demands: list[ManaSymbol], units: list[_Unit]) -> list[tuple[int, str]] | None:
    """Each demand paid by its own unit (the unit's index and the letter it is made as), or None (CR 601.2h)."""
    order = sorted(range(len(demands)), key=lambda i: demands[i].kind is SymbolKind.GENERIC)
    used: list[bool] = [False] * len(units)
    chosen: list[tuple[int, str]] = [(-1, "")] * len(demands)

    def place(at: int) -> bool:
        if at == len(order):
            return True
        demand = demands[order[at]]
        tried: set[tuple[Any, ...]] = set()
        for u, (letters, snow, _, _) in enumerate(units):
            if used[u]:
                continue
            accepted = _accepts(demand, letters, snow)
            if not accepted or (letters, snow) in tried:
                continue
            tried.add((letters, snow))
            used[u] = True
            chosen[order[at]] = (u, min(accepted, key=_LETTERS.index))
            if place(at + 1):
                return True
            used[u] = False
        return False

    return chosen if place(0) else None


def _laid_out(cost: ManaCost, picked: list[ManaSource], life: int) -> tuple[tuple[ManaUse, ...], int, ManaCost]:
    """What each picked source adds, and what pays each symbol: the first layout found (CR 106.1b, 605.3)."""
    plain = [s for s in picked if not s.costs_mana]
    converters = [s for s in picked if s.costs_mana]
    for options in itertools.product(*((s.options or (s.units,)) for s in plain)):
        units: list[_Unit] = [
            (unit, s.is_snow, s.spell_only, i) for i, (s, option) in enumerate(zip(plain, options)) for unit in option
        ]
        for activations, more in _activations(converters, units):
            for demands, paid in _demands(cost, life):
                free = [u for k, u in enumerate(units) if k not in activations] + more
                matched = _match(demands, free)
                if matched is not None:
                    return (
                        _uses(plain, options, converters, units, activations, more, free, matched),
                        paid,
                        _left(free, matched),
                    )
    raise UnsupportedRuleError(
        ", ".join(str(s.object_id) for s in converters) or "mana",
        "mana abilities that cost mana",
        "a payment whose mana abilities pay each other's costs: how it is laid out is not worked out (CR 605.3)",
    )


def _activations(
    converters: list[ManaSource], units: list[_Unit]
) -> Iterator[tuple[dict[int, tuple[int, str]], list[_Unit]]]:
    """Each way the converters' costs are paid with the plain units (not the spell's alone), and what they add."""
    if not converters:
        yield {}, []
        return
    place = len(units) + 100  # converters' units come after the plain ones
    asks: list[tuple[int, ManaSymbol]] = []
    for c, source in enumerate(converters):
        asks += [(c, ManaSymbol(SymbolKind.GENERIC, amount=1))] * source.activation
        for letters in source.activation_colours:
            colours = tuple(sorted(letters, key=_LETTERS.index))
            symbol = (
                ManaSymbol.parse("{" + colours[0] + "}")
                if len(colours) == 1
                else ManaSymbol.parse("{" + "/".join(colours) + "}")
            )
            asks.append((c, symbol))
    usable = [(k, u) for k, u in enumerate(units) if not u[2]]
    matched = _match([a[1] for a in asks], [u for _, u in usable])
    if matched is None:
        return
    activations = {usable[u][0]: (c, letter) for (c, _), (u, letter) in zip(asks, matched, strict=True)}
    for options in itertools.product(*((s.options or (s.units,)) for s in converters)):
        more: list[_Unit] = [
            (unit, s.is_snow, s.spell_only, place + c)
            for c, (s, option) in enumerate(zip(converters, options))
            for unit in option
        ]
        yield activations, more


def _uses(
    plain: list[ManaSource],
    options: tuple[tuple[frozenset[str], ...], ...],
    converters: list[ManaSource],
    units: list[_Unit],
    activations: dict[int, tuple[int, str]],
    more: list[_Unit],
    free: list[_Unit],
    matched: list[tuple[int, str]],
) -> tuple[ManaUse, ...]:
    """The :class:`ManaUse` of each source: the letters its units are made as, pool mana first as one entry."""
    made: dict[int, list[str]] = {}
    letter_of = {id(free[u]): letter for u, letter in matched}
    for k, unit in enumerate(units):
        letter = activations[k][1] if k in activations else letter_of.get(id(unit), min(unit[0], key=_LETTERS.index))
        made.setdefault(unit[3], []).append(letter)
    for unit in more:
        made.setdefault(unit[3], []).append(letter_of.get(id(unit), min(unit[0], key=_LETTERS.index)))
    paid: dict[int, list[str]] = {}
    for c, letter in activations.values():
        paid.setdefault(c, []).append(letter)
    place = len(units) + 100
    pool: list[str] = []
    uses: list[ManaUse] = []
    for i, source in enumerate(plain):
        if source.object_id is None:
            pool += made.get(i, [])
        else:
            uses.append(
                ManaUse(source.object_id, _mana_of(made.get(i, [])), consumed=source.consumed, taps=source.taps)
            )
    for c, source in enumerate(converters):
        uses.append(
            ManaUse(
                source.object_id,
                _mana_of(made.get(place + c, [])),
                _mana_of(paid.get(c, [])),
                consumed=source.consumed,
                taps=source.taps,
            )
        )
    head = [ManaUse(None, _mana_of(pool), taps=False)] if pool else []
    return tuple(head + uses)


def _left(free: list[_Unit], matched: list[tuple[int, str]]) -> ManaCost:
    """The mana made and not spent: it stays in the pool (CR 106.4), each unit as the first type it may be."""
    spent = {u for u, _ in matched}
    return _mana_of([min(unit[0], key=_LETTERS.index) for k, unit in enumerate(free) if k not in spent])


def _mana_of(letters: list[str]) -> ManaCost:
    """Mana of these types as symbols, in WUBRGC order: ``["R", "C"]`` is ``{R}{C}``."""
    if not letters:
        return ManaCost.EMPTY
    counted = Counter(letters)
    return ManaCost.parse("".join("{" + letter + "}" for letter in _LETTERS for _ in range(counted[letter])))
