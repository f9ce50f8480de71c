"""X (CR 107.3, 601.2b): its domain, announced before targets, and the bounds the text and the costs give it.

X is announced with the cost it is in (CR 601.2b): the mana cost (0 cast without paying it, CR 107.3b), an
additional cost ("discard X cards", "pay X life", "Kicker {X}", "waterbend {X}"), or an alternative cost
("Freerunning {X}{R}", "Flashback—{R}{R}, Discard X cards."). Its domain is the values the text's bounds allow
("X can't be 0.": :func:`x_bounds`) and the caster could pay at most: the mana available and what else pays
generic mana, or the objects an alternative cost of X objects could take (CR 601.2h); the payment
rule (:func:`solver.rules.mana.add_payment`) then decides exactly. For a spell on the stack the domain is lazy
and never listed (:func:`solver.problem.never_listed`). Also what X's mana must be ("Spend only black mana on X":
:func:`add_x_colours`) and a card exiled "with mana value X" (:func:`add_mana_value_of_x`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from models.abilities import AlternativeCost, ObjectCost
from models.choices import ALTERNATIVE_COST, CostObjectsKey, X
from models.errors import UnsupportedRuleError
from models.mana import Color, ManaCost, ManaSymbol, SymbolKind
from models.objects import CardType, Zone
from solver.problem import CastProblem, CostTerm, LazyDomain, Reason, never_listed
from solver.rules.conditions import count_of
from solver.rules.cost_changes import coloured_reduction, generic_change, least_generic_change
from solver.rules.mana import available_mana_sources, mana_units, payer_of
from solver.rules.object_costs import object_candidates
from solver.rules.switches import optional_cost_key

__all__ = ["add_mana_value_of_x", "add_x", "add_x_colours", "x_bounds"]


def x_bounds(problem: CastProblem) -> tuple[int, int | None]:
    """The least and the greatest value of X the spell's text allows ("X can't be 0."), now (CR 107.3, 601.2b).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    (int, int or None)
        The greatest of the printed minimums (0 when none), and the least of the printed maximums, each counted
        in the state as the spell is cast (None when none).
    """
    limits = problem.abilities.x_limits
    least = max((limit.minimum for limit in limits), default=0)
    greatest = [count_of(problem, limit.maximum) for limit in limits if limit.maximum is not None]
    return least, min(greatest, default=None)


def add_x(problem: CastProblem) -> None:
    """Add the choice of X: announced before targets (CR 601.2b, 107.3a), so "X target" can depend on it.

    X is announced with the cost it is in: an additional cost of X objects, of X life, or with {X} mana; an
    alternative cost with {X}; or the mana cost (0 cast without paying it, CR 107.3b). A spell with none has
    one value, None.

    Parameters
    ----------
    problem : CastProblem
        With its alternative-cost and optional-cost variables added (X in a cost is announced with it).

    Raises
    ------
    UnsupportedRuleError
        X in two additional costs or two alternative costs, twice in one additional cost, or in one paid any
        number of times.
    """
    mana_cost = problem.spell.card.mana_cost
    if mana_cost is not None and mana_cost.has_x:
        _add_x_of_mana_cost(problem, sum(1 for s in mana_cost.symbols if s.variable == "X"))
    elif not _add_x_of_another_cost(problem):
        name = problem.spell.name
        problem.add_variable(
            X, (None,), "CR 107.3", lambda value: (Reason("CR 107.3", f"{name} has no X in its mana cost"),)
        )


def _add_x_of_another_cost(problem: CastProblem) -> bool:
    """X announced with a cost other than the mana cost, when one has X: objects, life, mana (CR 107.3a, 601.2b).

    Returns whether one has: the additional costs first, then the alternative costs with {X}.
    """
    if x_objects := _x_object_costs(problem):
        _add_x_of_objects(problem, x_objects)
    elif any(a.cost.life_x for a in problem.abilities.additional_costs):
        _add_x_of_life(problem)
    elif any(a.cost.mana.has_x for a in problem.abilities.additional_costs):
        _add_x_of_additional_mana(problem)
    elif x_alternatives := [a for a in problem.abilities.alternative_costs if a.cost.mana.has_x]:
        _add_x_of_alternative_cost(problem, x_alternatives)
    else:
        return False
    return True


def _add_x_of_mana_cost(problem: CastProblem, x_symbols: int) -> None:
    """X of the mana cost: 0 cast without paying it (CR 107.3b), else what the mana and the rest can pay.

    Also, paying a granted alternative cost with no X of its own, X is 0 (CR 107.3b).
    """
    name = problem.spell.name
    free = problem.without_paying_mana_cost

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{name} has X in its mana cost: a value must be announced"),)
        if free:
            return (Reason("CR 107.3b", f"cast without paying its mana cost, X is 0, not {value!r}"),)
        return (Reason("CR 601.2h", f"X = {value} can't be paid"),)

    # free: 0, on the stack too
    domain = _within_limits(problem, (0,)) if free else _x_domain(problem, _x_values_paid(problem, x_symbols))
    problem.add_variable(X, domain, "CR 107.3a", _limited_why_not(problem, why_not))
    granted = frozenset(a.keyword for a in problem.abilities.alternative_costs if a.granted and not a.cost.mana.has_x)
    if granted and not free:
        # a permanent's cost paid rather than the mana cost, with no X of its own: X is 0 (CR 107.3b)
        problem.add_constraint(
            (ALTERNATIVE_COST, X),
            lambda alternative, x: alternative not in granted or x == 0,
            "CR 107.3b",
            "paying a granted alternative cost with no X, X is 0",
            lambda alternative, x: f"paying the {alternative} cost rather than the mana cost, X is 0, not {x!r}",
        )


def _x_values_paid(problem: CastProblem, x_symbols: int) -> set[int]:
    """The values of X the mana and what else pays generic mana may pay (CR 107.3a, 601.2h).

    And the mana value of each card an alternative cost may exile "with mana value X" (CR 118.9), and each number
    of objects an alternative cost of X objects may take.
    """
    top = (mana_units(problem) + _generic_help(problem)) // max(1, x_symbols)
    values = set(range(top + 1))
    values |= {
        obj.card.mana_value
        for alternative in problem.abilities.alternative_costs
        for cost in alternative.cost.objects
        if cost.mana_value_is_x
        for obj in object_candidates(problem, cost)
    }
    # an alternative cost of X objects ("Flashback—{R}{R}, Discard X cards."): X is announced with it, as many as
    # the cost could take (CR 107.3a, 601.2b, 601.2h); its mana has no X, the mana cost's is not paid
    values |= {
        count
        for alternative in problem.abilities.alternative_costs
        for cost in alternative.cost.objects
        if cost.x_count
        for count in range(len(object_candidates(problem, cost)) + 1)
    }
    return values


def _x_object_costs(problem: CastProblem) -> list[ObjectCost]:
    """The card's additional costs of X objects ("discard X cards"), in printed order (CR 107.3a)."""
    return [
        cost for additional in problem.abilities.additional_costs for cost in additional.cost.objects if cost.x_count
    ]


def _add_x_of_objects(problem: CastProblem, costs: list[ObjectCost]) -> None:
    """X of a spell with no {X} in its mana cost and an additional cost of X objects (CR 107.3a, 601.2b).

    "As an additional cost to cast this spell, discard X cards": the caster announces X, and the cost asks
    for X objects, so X is at most the objects the cost could take (CR 601.2h: a cost that can't be paid
    can't be announced); 0 included. Casting without paying the mana cost does not fix this X at 0: it is
    not in the mana cost (CR 107.3b).
    """
    spell = problem.spell
    top = min(len(object_candidates(problem, cost)) for cost in costs)

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{spell.name} has X in an additional cost: a value must be announced"),)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        return (
            Reason(
                "CR 601.2h", f"X = {value} can't be paid: the cost '{costs[0].text}' can take at most {top} object(s)"
            ),
        )

    problem.add_variable(X, _x_domain(problem, range(top + 1)), "CR 107.3a", _limited_why_not(problem, why_not))


def _add_x_of_additional_mana(problem: CastProblem) -> None:
    """X of a spell with no {X} in its mana cost and an additional cost with one (CR 107.3a, 601.2b).

    "Kicker {X}", "waterbend {X}": the caster announces X with the cost (CR 601.2b). A cost that must be paid
    always has X; an optional one has X exactly when it is paid (the variable is None otherwise). X is at most
    what the mana available and the permanents that could pay generic mana instead (waterbend's artifacts and
    creatures, CR 701.67a) could pay; the payment rules decide which values can be paid. Casting without paying
    the mana cost does not fix this X at 0: it is not in the mana cost (CR 107.3b).

    Raises
    ------
    UnsupportedRuleError
        Two costs with X, X in one more than once, or X in a cost paid any number of times.
    """
    spell = problem.spell
    with_x = [a for a in problem.abilities.additional_costs if a.cost.mana.has_x]
    cost = with_x[0]
    if len(with_x) > 1 or cost.most_times != 1 or sum(1 for s in cost.cost.mana.symbols if s.variable == "X") > 1:
        raise UnsupportedRuleError(
            spell.name, cost.cost.text, "X in two additional costs, twice in one, or in one paid any number of times"
        )
    helpers = sum(1 for part in cost.cost.objects if part.waterbend for _ in object_candidates(problem, part))
    top = mana_units(problem) + helpers

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (
                Reason("CR 601.2b", f"{spell.name} has X in an additional cost it pays: a value must be announced"),
            )
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        return (Reason("CR 601.2h", f"X = {value} can't be paid"),)

    if not cost.optional:
        problem.add_variable(X, _x_domain(problem, range(top + 1)), "CR 107.3a", _limited_why_not(problem, why_not))
        return
    key = optional_cost_key(cost)
    problem.add_variable(
        X, _x_domain(problem, range(top + 1), none_first=True), "CR 107.3a", _limited_why_not(problem, why_not)
    )
    problem.add_constraint(
        (key, X),
        lambda times, x: (times > 0) == (x is not None),
        "CR 601.2b",
        f"X is announced exactly when the {cost.keyword or 'additional'} cost with X is paid",
        lambda times, x: (
            f"the {cost.keyword} cost is paid and no X is announced"
            if times
            else f"X = {x} is announced, but {spell.name} has X only in its {cost.keyword} cost"
        ),
    )


def _add_x_of_life(problem: CastProblem) -> None:
    """X of a spell with no {X} in its mana cost and the additional cost "pay X life" (CR 107.3a, 601.2b, 119.4).

    "As an additional cost to cast this spell, pay X life." (Toxic Deluge): the caster announces X with the
    cost, and can pay X life only with a life total of X or more, 0 always (CR 119.4): X is 0 to that life.
    Casting without paying the mana cost does not fix this X at 0: it is not in the mana cost (CR 107.3b).
    """
    spell = problem.spell
    life = max(0, problem.state.life_of(problem.caster))

    def why_not(value: Any) -> tuple[Reason, ...]:
        if value is None:
            return (Reason("CR 601.2b", f"{spell.name} has X in an additional cost: a value must be announced"),)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        return (Reason("CR 119.4", f"X = {value}: {problem.caster} can't pay {value} life with {life}"),)

    problem.add_variable(X, _x_domain(problem, range(life + 1)), "CR 107.3a", _limited_why_not(problem, why_not))


def _add_x_of_alternative_cost(problem: CastProblem, alternatives: list[AlternativeCost]) -> None:
    """X of a spell with no {X} in its mana cost and an alternative cost with one (CR 107.3, 601.2b, 601.2f).

    "Freerunning {X}{R}", "Cleave {X}{R}{W}": the caster announces X only casting the spell for that cost
    (CR 601.2b: the value of X in a cost is announced with the cost); for any other way, the spell has no X
    (the variable is None). X is at most the mana the caster could make for it (more can't be paid, CR 601.2h).
    Cast without paying its mana cost, no alternative cost is paid (CR 118.9a) and there is no X.

    Raises
    ------
    UnsupportedRuleError
        Two alternative costs with X.
    """
    spell = problem.spell
    if len(alternatives) > 1:
        raise UnsupportedRuleError(spell.name, alternatives[0].cost.text, "X in two alternative costs")
    keyword = alternatives[0].keyword
    # "Foretell {X}{X}{W}": each X is the value announced, so twice X is paid (CR 107.3a)
    times = sum(1 for s in alternatives[0].cost.mana.symbols if s.variable == "X")
    top = -1 if problem.without_paying_mana_cost else mana_units(problem) // times

    def why_not(value: Any) -> tuple[Reason, ...]:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 107.3a", f"{value!r} is not a value of X"),)
        if top < 0:
            return (
                Reason(
                    "CR 118.9a",
                    f"cast without paying its mana cost, {spell.name} is not cast for its {keyword} cost, and has no X",
                ),
            )
        return (Reason("CR 601.2h", f"X = {value} can't be paid"),)

    problem.add_variable(X, _x_domain(problem, range(top + 1), none_first=True, limited=False), "CR 107.3a", why_not)
    problem.add_constraint(
        (ALTERNATIVE_COST, X),
        lambda chosen, x: (chosen == keyword) == (x is not None),
        "CR 601.2b",
        f"X is announced exactly when the {keyword} cost is paid",
        lambda chosen, x: (
            f"the {keyword} cost is paid and no X is announced"
            if chosen == keyword
            else f"X = {x} is announced, but {spell.name} has X only in its {keyword} cost"
        ),
    )


def _generic_help(problem: CastProblem) -> int:
    """The most generic mana of the total cost that is paid, or taken off, otherwise than with mana (CR 601.2f).

    Reductions (every one that the state and any targets could give), and the objects delve, convoke or
    improvise could use (CR 702.66a, 702.51a, 702.126a): a bound on the value of X that can be paid, which the
    payment rule then decides exactly (CR 601.2h).
    """
    state, caster, abilities = problem.state, problem.caster, problem.abilities
    help_ = max(0, -least_generic_change(problem))
    coloured_off = coloured_reduction(problem)
    if coloured_off is not None:  # a coloured reduction beyond the colour's symbols takes generic mana (CR 118.7c)
        help_ += coloured_off.mana_value
    if abilities.delve:
        help_ += sum(1 for o in state.objects_in(Zone.GRAVEYARD) if o.owner == caster)
    if abilities.convoke or abilities.improvise:
        kind = CardType.CREATURE if abilities.convoke else CardType.ARTIFACT
        help_ += sum(1 for o in state.objects_in(Zone.BATTLEFIELD, caster) if not o.tapped and o.card.has_type(kind))
    return help_


def _within_limits(problem: CastProblem, values: Iterable[int]) -> tuple[int, ...]:
    """The values of X, in increasing order, that the spell's own bounds allow (CR 107.3, 601.2b)."""
    least, greatest = x_bounds(problem)
    return tuple(v for v in sorted(values) if v >= least and (greatest is None or v <= greatest))


def _x_domain(
    problem: CastProblem, values: Iterable[int], *, none_first: bool = False, limited: bool = True
) -> tuple[Any, ...] | LazyDomain:
    """The domain of X: ``values`` (within the text's bounds when ``limited``), None first when it may be none.

    For a spell on the stack (:attr:`CastProblem.recorded`), X was announced as it was cast, with the mana and
    objects there were then (CR 601.2b, 601.2f-h): any whole number within the text's least bound may have been,
    and the domain is lazy. Its values are never listed: a spell on the stack is judged, never solved.
    """
    if problem.recorded is None:
        found = _within_limits(problem, values) if limited else tuple(values)
        return ((None,) if none_first else ()) + found
    least = x_bounds(problem)[0] if limited else 0

    def contains(value: Any) -> bool:
        return (value is None and none_first) or (
            isinstance(value, int) and not isinstance(value, bool) and value >= least
        )

    return LazyDomain(never_listed, contains, f"whole numbers from {least}{', or none' if none_first else ''}")


def _limited_why_not(
    problem: CastProblem, why_not: Callable[[Any], tuple[Reason, ...]]
) -> Callable[[Any], tuple[Reason, ...]]:
    """``why_not`` of X, saying first when a value is outside the bounds the spell's text sets (CR 107.3)."""
    spell_name = problem.spell.name  # kept by the problem: no reference back to it
    least, greatest = x_bounds(problem)
    texts = " ".join(limit.text for limit in problem.abilities.x_limits)

    def limited(value: Any) -> tuple[Reason, ...]:
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (value < least or (greatest is not None and value > greatest))
        ):
            bound = f"at most {greatest}" if greatest is not None and value > greatest else f"at least {least}"
            return (Reason("CR 107.3", f'{spell_name} says "{texts}": X is {bound} here, and {value} was announced'),)
        return why_not(value)

    return limited


def add_x_colours(problem: CastProblem, terms: list[CostTerm]) -> None:
    """ "Spend only black mana on X.": the mana paying for X is of those colours (CR 107.3, 601.2h).

    The total cost with each {X} paid by one mana of those colours (a {B}, or a {B/R} for "black and/or red")
    must be payable. Read where the total cost is the mana cost alone, no cost change applying.

    Parameters
    ----------
    problem : CastProblem
    terms : list of CostTerm
        The cost terms of the cast.

    Raises
    ------
    UnsupportedRuleError
        Any other cost term, cost change, delve, convoke, improvise or splice: how X's mana then stands in the
        total cost is not modelled.
    """
    mana_cost = _x_colours_read(problem, terms)
    colours, symbol = _x_symbol(problem)
    fixed = tuple(s for s in mana_cost.symbols if s.kind is not SymbolKind.VARIABLE)
    per_x = sum(1 for s in mana_cost.symbols if s.kind is SymbolKind.VARIABLE)
    payer = payer_of(problem, available_mana_sources(problem))
    life = problem.state.life_of(problem.caster)

    def pays(x: Any) -> bool:
        if problem.without_paying_mana_cost or not x:
            return True
        return payer.can_pay(ManaCost(fixed + (symbol,) * (per_x * x)), life=life)

    problem.add_constraint(
        (X,),
        pays,
        "CR 107.3",
        f"the mana spent on X is {'/'.join(c.name.lower() for c in colours)}",
        lambda x: f"X = {x} can't be paid with {'/'.join(c.name.lower() for c in colours)} mana only",
    )


def _x_colours_read(problem: CastProblem, terms: list[CostTerm]) -> ManaCost:
    """The mana cost with X whose X's colours are read: the total cost is it alone, no cost change applying.

    Raises
    ------
    UnsupportedRuleError
        Any other cost term, cost change, delve, convoke, improvise, alternative cost or splice.
    """
    spell, abilities = problem.spell, problem.abilities
    mana_cost = spell.card.mana_cost
    others = [t for t in terms if t.label != "mana cost" and not t.cost.mana.is_empty]
    if (
        mana_cost is None
        or not mana_cost.has_x
        or others
        or problem.splice_candidates
        or generic_change(problem)
        or abilities.delve
        or abilities.convoke
        or abilities.improvise
        or abilities.alternative_costs
    ):
        raise UnsupportedRuleError(spell.name, "spend only", "mana spent on X with other costs or cost changes")
    return mana_cost


def _x_symbol(problem: CastProblem) -> tuple[tuple[Color, ...], ManaSymbol]:
    """The colours X's mana may be, and the symbol one mana of X stands as: {B}, or {B/R} for two colours.

    Raises
    ------
    UnsupportedRuleError
        Three colours or more.
    """
    colours = tuple(Color(letter) for letter in sorted(problem.abilities.x_colours, key="WUBRG".index))
    if len(colours) == 1:
        return colours, ManaSymbol(SymbolKind.COLORED, colors=colours)
    if len(colours) == 2:
        return colours, ManaSymbol(SymbolKind.HYBRID, colors=colours)
    raise UnsupportedRuleError(problem.spell.name, "spend only", "mana of three colours or more spent on X")


def add_mana_value_of_x(problem: CastProblem) -> None:
    """An alternative cost exiling a card "with mana value X": that card's mana value is X (CR 118.9, 107.3).

    Parameters
    ----------
    problem : CastProblem
        With its cost-object variables added; one constraint per such cost whose objects have a variable.
    """
    state = problem.state
    for alternative in problem.abilities.alternative_costs:
        for cost in alternative.cost.objects:
            key = CostObjectsKey(cost.action, cost.zone)
            if not cost.mana_value_is_x or key not in problem.variables or problem.without_paying_mana_cost:
                continue
            keyword = alternative.keyword

            def same(chosen: Any, x: Any, paid: tuple[str, ...], keyword: str = keyword) -> bool:
                return chosen != keyword or all(state.object(o).card.mana_value == x for o in paid)

            problem.add_constraint(
                (ALTERNATIVE_COST, X, key),
                same,
                "CR 118.9",
                "the card exiled instead of paying the mana cost has mana value X",
                lambda chosen, x, paid: "; ".join(
                    f"{o} has mana value {state.object(o).card.mana_value}, and X is {x}" for o in paid
                ),
            )
