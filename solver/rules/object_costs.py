"""Costs paid with objects (CR 601.2h, 118.10): the sets of objects each action uses, and how many sets pay.

One variable per action (discard, sacrifice, exile, tap, return) and zone: the set of objects used, all
different, each paying exactly one part of the costs that ask for that action (CR 118.10). Its values are made
when asked for, within what the choices before targets ask: never every subset up front.

- What may pay: the objects where a cost takes them from, the caster's (:func:`cost_object_pool`), of the kind
  and qualities it names (:func:`object_matcher`).
- Whether a set pays (:func:`can_split`), and how many sets pay, counted without listing them
  (:func:`count_splits`): objects alike to every need are interchangeable, and a choice of how many to take of
  each group pays iff Hall's condition holds on the needs (:func:`halls_condition`).
- Least totals: collect evidence N and teamwork N (:func:`add_least_total_objects`).
- Joint counts: where the set is also read by another rule (the mana of the permanents left untapped, the total
  cost that counts the objects), the number of sets that every rule allows, counted by groups of alike
  candidates (:func:`add_joint_tap_count`, :func:`add_joint_any_number_count`).

The payment of mana by tapped permanents (convoke, improvise, waterbend) is :mod:`solver.rules.mana`'s; which
costs ask for objects, and which matcher each need has, is :mod:`solver.rules.costs`'.
"""

from __future__ import annotations

import dataclasses

import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from models.abilities import ObjectCost
from models.choices import ChoiceKey, CostAction, CostObjectsKey, X
from models.errors import UnsupportedRuleError
from models.mana import ManaPayer, ManaSource
from models.objects import GameObject, Zone, alike_signature
from solver.problem import CastProblem, Constraint, CostTerm, LazyDomain, ProblemRef, Reason, state_memo
from solver.rules.characteristics import (
    refuse_static_power_changes,
    refuse_static_type_changes,
    refuse_unread_topic,
)
from solver.rules.qualities import has_qualities, is_of_kinds, number_of

__all__ = [
    "COST_OBJECT_KEYS",
    "MOST_CANDIDATES_FOR_ANY_NUMBER",
    "ObjectNeed",
    "add_cost_objects",
    "add_joint_any_number_count",
    "add_joint_tap_count",
    "add_least_total_objects",
    "can_split",
    "cost_object_pool",
    "cost_objects_reason",
    "count_splits",
    "halls_condition",
    "object_candidates",
    "object_matcher",
    "takings",
]


COST_OBJECT_KEYS = (
    CostObjectsKey(CostAction.DISCARD, Zone.HAND),
    CostObjectsKey(CostAction.SACRIFICE, Zone.BATTLEFIELD),
    CostObjectsKey(CostAction.EXILE, Zone.GRAVEYARD),
    CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD),
    CostObjectsKey(CostAction.RETURN, Zone.BATTLEFIELD),
)
"""The cost-object variables every problem has (one more, exile from the hand, where a cost asks for it)."""


MOST_CANDIDATES_FOR_ANY_NUMBER = 16
""""Any number of" objects, to target or to pay a cost, are listed for at most this many candidates (2^16 sets)."""


def object_matcher(cost: ObjectCost) -> Callable[[GameObject], bool]:
    """Whether an object is of the kind and has the qualities an object cost names (where it is aside).

    Parameters
    ----------
    cost : ObjectCost

    Returns
    -------
    callable
        ``matches(obj) -> bool``; its answers are kept per cost and object, shared by the problems of a state
        (the cards in a hand splice the same costs), and asked anew for another object of the same id.
    """
    kinds = cost.kinds
    known = _MATCHES.get(cost)
    if known is None:
        if len(_MATCHES) >= _COSTS_LIMIT:
            _MATCHES.clear()
        known = _MATCHES[cost] = {}  # by object id, for that very object (another state's, or a changed copy,
        # is judged anew)

    def matches(obj: GameObject) -> bool:
        found = known.get(obj.id)
        if found is not None and found[0] is obj:
            return found[1]
        answer = (not kinds or is_of_kinds(obj.card.types, kinds)) and has_qualities(obj, cost.qualities)
        if len(known) >= _MATCHES_LIMIT:
            known.clear()
        known[obj.id] = (obj, answer)
        return answer

    return matches


_MATCHES: dict[ObjectCost, dict[str, tuple[GameObject, bool]]] = {}
"""Per object cost, whether each object it was asked about matches it: shared by the problems of a state (the
cards in a hand splice the same costs)."""
_MATCHES_LIMIT = 4096
"""Objects kept per cost."""
_COSTS_LIMIT = 256
"""Costs kept."""


def cost_object_pool(problem: CastProblem, key: CostObjectsKey) -> list[GameObject]:
    """The objects an action may use, file order: where the costs take them from, the caster's (CR 601.2h).

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
        The action and the zone it takes objects from.

    Returns
    -------
    list of GameObject
        Cards in the caster's hand (never the spell: it is on the stack, CR 601.2a), cards in their
        graveyard, or permanents they control (untapped ones, to tap).
    """
    state, caster = problem.state, problem.caster
    if key.zone is Zone.HAND:
        return [o for o in state.hand(caster) if o.id != problem.spell.id]
    if key.zone is Zone.GRAVEYARD:  # never the spell: cast from there, it is on the stack (CR 601.2a)
        return [o for o in state.objects_in(Zone.GRAVEYARD) if o.owner == caster and o.id != problem.spell.id]
    if key.action is CostAction.SACRIFICE:
        refuse_unread_topic(state, "sacrifice")  # what can't be sacrificed can't pay (CR 118.3)
    known = state_memo(state).permanents_to_pay  # the spell is never on the battlefield: kept per state
    tapping = key.action is CostAction.TAP
    found = known.get((caster, tapping))
    if found is None:
        found = known[caster, tapping] = tuple(
            o for o in state.objects_in(Zone.BATTLEFIELD, caster) if not (tapping and o.tapped)
        )
    return list(found)


def object_candidates(problem: CastProblem, cost: ObjectCost) -> list[GameObject]:
    """The objects that could pay one object cost (CR 601.2h).

    Parameters
    ----------
    problem : CastProblem
    cost : ObjectCost

    Returns
    -------
    list of GameObject
        Those of :func:`cost_object_pool` for its action and zone that :func:`object_matcher` accepts, file order.
    """
    key = CostObjectsKey(cost.action, cost.zone)
    matches = object_matcher(cost)
    return [o for o in cost_object_pool(problem, key) if matches(o)]


@dataclass(frozen=True)
class ObjectNeed:
    """Objects one term asks one action for: ``cost.count`` per time the term is paid (None: any number).

    Parameters
    ----------
    cost : ObjectCost
        The part of the term's cost that asks for the objects.
    term : CostTerm
        The cost term, which says how many times the choices make the caster pay it.
    matches : callable
        ``matches(obj) -> bool``: whether an object may pay it (:func:`object_matcher`, or a matcher that counts
        what the caster may tap for mana as tapped).
    """

    cost: ObjectCost
    term: CostTerm
    matches: Callable[[GameObject], bool]


def can_split(
    chosen: tuple[str, ...],
    needs: list[tuple[int, Callable[[GameObject], bool]]],
    objects: Mapping[str, GameObject],
    rest: Callable[[GameObject], bool] | None = None,
) -> bool:
    """Whether the chosen objects pay each need, every object paying exactly one (CR 118.10).

    Parameters
    ----------
    chosen : tuple of str
        The ids of the objects chosen.
    needs : list of (int, callable)
        How many objects each need asks for, and which objects may pay it.
    objects : mapping of str to GameObject
        The candidates by id.
    rest : callable, optional
        For a cost of "any number of" objects: takes the objects the needs leave, if they match it.

    Returns
    -------
    bool
    """
    total = sum(n for n, _ in needs)
    if len(chosen) < total or (rest is None and len(chosen) != total):
        return False
    return _places_from(0, chosen, needs, objects, [n for n, _ in needs], rest)


def _places_from(
    index: int,
    chosen: tuple[str, ...],
    needs: list[tuple[int, Callable[[GameObject], bool]]],
    objects: Mapping[str, GameObject],
    left: list[int],
    rest: Callable[[GameObject], bool] | None,
) -> bool:
    """:func:`can_split` from the object at ``index`` on, each need still asking for ``left`` objects."""
    if index == len(chosen):
        return not any(left)
    obj = objects[chosen[index]]
    for i, (_, matches) in enumerate(needs):
        if left[i] and matches(obj):
            left[i] -= 1
            if _places_from(index + 1, chosen, needs, objects, left, rest):
                return True
            left[i] += 1
    return rest is not None and rest(obj) and _places_from(index + 1, chosen, needs, objects, left, rest)


def count_splits(
    needs: list[tuple[int, Callable[[GameObject], bool]]],
    candidates: tuple[str, ...],
    objects: Mapping[str, GameObject],
) -> int:
    """How many sets of the candidates pay each need exactly, every object paying one (CR 118.10, 601.2h).

    The candidates are grouped by which needs they match (two Mountains are alike to "sacrifice two Mountains"
    and "tap an untapped white creature"); a set is how many it takes of each group, and such a choice pays
    the needs iff no group of needs is asked for fewer objects than the objects that can pay only them
    (Hall's condition on the needs). So the count is the sum, over the feasible numbers per group, of the
    product of the binomials: no set is listed.

    Parameters
    ----------
    needs : list of (int, callable)
        How many objects each need asks for, and which objects may pay it.
    candidates : tuple of str
    objects : mapping of str to GameObject

    Returns
    -------
    int
        Equal to the number of sets :func:`can_split` accepts (no ``rest``).

    Examples
    --------
    Two Mountains and one white creature, among two Mountains, one white creature and one object that is
    both: every set of three of the four pays (the both-object pays whichever need the others leave), 4.

    >>> from types import SimpleNamespace as O
    >>> things = {"m1": O(m=1, w=0), "m2": O(m=1, w=0), "mw": O(m=1, w=1), "w1": O(m=0, w=1)}
    >>> count_splits([(2, lambda o: o.m), (1, lambda o: o.w)], tuple(things), things)
    4
    """
    groups: dict[tuple[bool, ...], int] = {}
    for candidate in candidates:
        obj = objects[candidate]
        mask = tuple(bool(matches(obj)) for _, matches in needs)
        if any(mask):
            groups[mask] = groups.get(mask, 0) + 1
    amounts = [n for n, _ in needs]
    fits = halls_condition(list(groups), amounts)
    return sum(ways for taken, ways in takings(list(groups.values()), sum(amounts)) if fits(taken))


def takings(sizes: Sequence[int], total: int | None = None) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to take objects from groups of alike ones: (how many of each group, how many sets that is).

    Parameters
    ----------
    sizes : sequence of int
        How many objects each group has.
    total : int, optional
        Only the ways that take that many objects in all.

    Yields
    ------
    (tuple of int, int)
        How many objects of each group are taken, and the number of sets that is: the product of the binomials
        C(size, taken). The last group varies fastest, fewest first.

    Examples
    --------
    >>> list(takings([2, 1], total=2))
    [((1, 1), 2), ((2, 0), 1)]
    """
    return _takings_from(sizes, total, 0, total or 0, (), 1)


def _takings_from(
    sizes: Sequence[int], total: int | None, at: int, left: int, taken: tuple[int, ...], ways: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """:func:`takings` from group ``at`` on, ``left`` objects still to take, having taken ``taken`` in ``ways``."""
    if at == len(sizes):
        if total is None or not left:
            yield taken, ways
        return
    size = sizes[at]
    for amount in range(min(left, size) + 1 if total is not None else size + 1):
        yield from _takings_from(sizes, total, at + 1, left - amount, taken + (amount,), ways * math.comb(size, amount))


def halls_condition(masks: list[tuple[bool, ...]], amounts: list[int]) -> Callable[[tuple[int, ...]], bool]:
    """Whether so many objects of each group (each group's mask: the needs its objects match) can pay each need.

    The objects taken pay the needs, each object one need and each need its amount, iff no set of needs is given
    more objects that can pay only them than the set asks for in all (Hall's condition, CR 118.10, 601.2h).

    Parameters
    ----------
    masks : list of tuple of bool
        Per group of alike objects, whether its objects match each need.
    amounts : list of int
        How many objects each need asks for.

    Returns
    -------
    callable
        ``fits(taken) -> bool``, ``taken`` being how many objects of each group are taken.
    """
    subsets = [tuple(i for i in range(len(amounts)) if bits >> i & 1) for bits in range(1, 1 << len(amounts))]
    inside = [
        [g for g, mask in enumerate(masks) if not any(mask[i] for i in range(len(amounts)) if i not in subset)]
        for subset in subsets
    ]
    capacity = [sum(amounts[i] for i in subset) for subset in subsets]
    return lambda taken: all(sum(taken[g] for g in group) <= room for group, room in zip(inside, capacity))


def add_cost_objects(problem: CastProblem, key: CostObjectsKey, needs: list[ObjectNeed]) -> tuple[str, ...]:
    """One variable for the objects an action uses, and the constraint that they pay exactly what is asked.

    Targets are chosen before costs are paid, so a spell may target what pays its cost (CR 601.2c
    before 601.2h). When how many objects are asked depends on choices (entwine, escalate, a spliced
    card, kicker), the constraint ties the set to them. Least totals and waterbend have their own
    (:func:`add_least_total_objects`, :func:`solver.rules.mana.add_waterbend_objects`).

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
        The action and the zone it takes objects from.
    needs : list of ObjectNeed
        The parts of the cost terms that ask for that action, in the order of the terms.

    Returns
    -------
    tuple of str
        The candidates: the objects of :func:`cost_object_pool` some need matches, file order.

    Raises
    ------
    UnsupportedRuleError
        "All" with another cost of the action; "any number of" with another such cost, or over
        :data:`MOST_CANDIDATES_FOR_ANY_NUMBER` candidates.
    """
    action = key.action
    kept_as, costs, objects, candidates = _kept_candidates(problem, key, needs)
    by_count = _needs_by_count(problem.spell.name, action, needs, candidates)
    every, rest, counted, x_counted = by_count
    rest_matches = rest[0].matches if rest else None
    low, most = _set_sizes(by_count, candidates)
    scope = tuple(dict.fromkeys(k for n in counted + rest + every + x_counted for k in n.term.scope))
    if x_counted:
        scope += (X,)
    asked_of_values = _asked_function(by_count, scope)

    def asked(given: Mapping[ChoiceKey, Any]) -> _Asked:
        """What the needs ask for, given the values of ``scope`` by key (``asked_of_values``)."""
        return asked_of_values(tuple(given[k] for k in scope))

    _add_object_set_variable(problem, key, candidates, low, most)
    count = (
        None if rest else _count_function(problem, (kept_as, costs), needs, every, candidates, objects, asked_of_values)
    )
    problem.add_constraint(
        scope + (key,),
        _pays_function(every, candidates, objects, rest_matches, asked_of_values),
        "CR 601.2h",
        f"the objects to {action.value} pay exactly the costs that ask for them",
        _describe_function(action, by_count, scope),
        generate=_generate_function(scope, every, rest, candidates, objects, asked),
        count=count,
    )
    if not rest and not every:
        problem.memo.object_needs[key] = (scope, asked, candidates, objects)
    elif rest and not counted and not every and not x_counted and rest_matches is not None:
        problem.memo.any_number[key] = (candidates, objects, rest_matches)
    return candidates


def _kept_candidates(
    problem: CastProblem, key: CostObjectsKey, needs: list[ObjectNeed]
) -> tuple[tuple[Any, ...], tuple[ObjectCost, ...], Mapping[str, GameObject], tuple[str, ...]]:
    """What could pay the needs, kept per state: (the key it is kept by, the costs, objects by id, candidates).

    What could pay is the same for every spell of the caster cast in the state, the spell itself aside (never on
    the battlefield while cast, CR 601.2a): kept per state by the costs asked, by identity (a card's costs are
    read once, and kept with them).
    """
    memo = state_memo(problem.state).cost_candidates
    costs = tuple(need.cost for need in needs)
    kept_as = (
        key,
        problem.caster,
        None if key.zone is Zone.BATTLEFIELD else problem.spell.id,
        tuple(id(cost) for cost in costs),
    )
    kept = memo.get(kept_as)
    if kept is None or any(a is not b for a, b in zip(kept[0], costs)):
        pool = cost_object_pool(problem, key)
        if len(memo) >= 1024:
            memo.clear()
        kept = memo[kept_as] = (
            costs,
            {o.id: o for o in pool},
            tuple(o.id for o in pool if any(need.matches(o) for need in needs)),
        )
    return kept_as, costs, kept[1], kept[2]


_Asked = list[tuple[int, Callable[[GameObject], bool]]]
"""What the needs of an action ask for the choices made: how many objects each, and which objects may pay it."""


class _NeedsByCount(NamedTuple):
    """The needs of one action by how many objects each asks for (CR 118.8, 601.2h, 107.3a).

    Parameters
    ----------
    every : list of ObjectNeed
        "Sacrifice all creatures you control": every candidate.
    rest : list of ObjectNeed
        "Any number of": the objects the other needs leave, if they match.
    counted : list of ObjectNeed
        A number of objects each time the term is paid.
    x_counted : list of ObjectNeed
        "Discard X cards": X of them each time.
    """

    every: list[ObjectNeed]
    rest: list[ObjectNeed]
    counted: list[ObjectNeed]
    x_counted: list[ObjectNeed]


def _needs_by_count(
    name: str, action: CostAction, needs: list[ObjectNeed], candidates: tuple[str, ...]
) -> _NeedsByCount:
    """The :class:`_NeedsByCount` of the needs of one action.

    Raises
    ------
    UnsupportedRuleError
        "All" with another need; "any number of" twice, or over :data:`MOST_CANDIDATES_FOR_ANY_NUMBER`
        candidates.
    """
    every = [need for need in needs if need.cost.count == 0]  # "sacrifice all creatures you control"
    rest = [need for need in needs if need.cost.count is None and not need.cost.x_count]  # "any number of"
    counted = [need for need in needs if need.cost.count]
    x_counted = [need for need in needs if need.cost.x_count]  # "discard X cards": X of them (CR 107.3a)
    if every and len(needs) > 1:
        raise UnsupportedRuleError(name, every[0].cost.text, f"'all' with other costs to {action.value}")
    if len(rest) > 1 or (rest and len(candidates) > MOST_CANDIDATES_FOR_ANY_NUMBER):
        raise UnsupportedRuleError(
            name,
            rest[0].cost.text,
            f"'any number' of objects to {action.value} with "
            f"another such cost, or over {MOST_CANDIDATES_FOR_ANY_NUMBER} candidates",
        )
    return _NeedsByCount(every, rest, counted, x_counted)


def _set_sizes(by_count: _NeedsByCount, candidates: tuple[str, ...]) -> tuple[int, int]:
    """The fewest and the most objects the needs can take, whatever the choices they depend on."""
    every, rest, counted, x_counted = by_count
    # the needs in `counted` have a count (`or 0` only tells the type checker so)
    fixed = sum(n.cost.count or 0 for n in counted if not n.term.scope)
    most = (
        len(candidates)
        if rest or every or x_counted
        else fixed + sum((n.cost.count or 0) * n.term.most_times for n in counted if n.term.scope)
    )
    return (len(candidates) if every else fixed), most


def _asked_function(by_count: _NeedsByCount, scope: tuple[ChoiceKey, ...]) -> Callable[[tuple[Any, ...]], _Asked]:
    """``asked_of_values(values)``: how many objects each counted need asks for, given the values of ``scope``.

    Each need of ``counted`` and ``x_counted`` is compiled once as (objects per time, how many times from the
    values of ``scope``, where in ``scope`` those values are, matcher): a need asking for none is left out.
    """
    x_at = len(scope) - 1 if by_count.x_counted else None
    compiled = [
        (
            need.cost.count or 0,
            need.term.times,
            tuple(scope.index(k) for k in need.term.scope),
            need.matches,
            need.term.member,
        )
        for need in by_count.counted
    ]
    compiled_x = [
        (need.term.times, tuple(scope.index(k) for k in need.term.scope), need.matches) for need in by_count.x_counted
    ]

    def asked_of_values(values: tuple[Any, ...]) -> _Asked:
        found = []
        for per_time, times_of, where, matches, member in compiled:
            times = (member in values[where[0]]) if member is not None else times_of(*[values[i] for i in where])
            if times and per_time:
                found.append((per_time * times, matches))
        x = values[x_at] if x_at is not None else 0
        for times_of, where, matches in compiled_x:
            times = times_of(*[values[i] for i in where])
            if times and x:
                found.append((x * times, matches))
        return found

    return asked_of_values


def _generate_function(
    scope: tuple[ChoiceKey, ...],
    every: list[ObjectNeed],
    rest: list[ObjectNeed],
    candidates: tuple[str, ...],
    objects: Mapping[str, GameObject],
    asked: Callable[[Mapping[ChoiceKey, Any]], _Asked],
) -> Callable[..., Iterator[tuple[str, ...]]]:
    """``generate(*values)``: the sets that pay what the needs ask for the values of ``scope``, smallest first."""
    rest_matches = rest[0].matches if rest else None

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        given = dict(zip(scope, values))
        if every:
            yield candidates
            return
        needs_now = asked(given)
        size = sum(n for n, _ in needs_now)
        sizes = range(size, len(candidates) + 1) if rest else (size,)
        for length in sizes:
            for chosen in itertools.combinations(candidates, length):
                if can_split(chosen, needs_now, objects, rest_matches):
                    yield chosen

    return generate


def _count_function(
    problem: CastProblem,
    kept: tuple[Any, ...],
    needs: list[ObjectNeed],
    every: list[ObjectNeed],
    candidates: tuple[str, ...],
    objects: Mapping[str, GameObject],
    asked_of_values: Callable[[tuple[Any, ...]], _Asked],
) -> Callable[..., int]:
    """``count(*values)``: how many sets pay what the needs ask for the values of the scope (:func:`count_splits`).

    The numbers of sets are shared by the problems of the state that ask the same of the same candidates (kept
    with the candidates, ``kept`` being the key and the costs of :func:`_kept_candidates`): each need named by
    its place among the costs asked.
    """
    kept_as, costs = kept
    counts: dict[tuple[Any, ...], int] = {}
    shared_counts = state_memo(problem.state).cost_counts
    place_of = {id(need.matches): i for i, need in enumerate(needs)}

    def count(*values: Any) -> int:
        if every:
            return 1
        needs_now = asked_of_values(values)
        if not needs_now:
            return 1  # nothing asked: the empty set alone
        signature = tuple(needs_now)
        found = counts.get(signature)
        if found is None:
            shared_as = (kept_as, costs, tuple((n, place_of[id(matches)]) for n, matches in needs_now))
            found = shared_counts.get(shared_as)
            if found is None:
                if len(shared_counts) >= 4096:
                    shared_counts.clear()
                found = shared_counts[shared_as] = count_splits(needs_now, candidates, objects)
            counts[signature] = found
        return found

    return count


def _add_object_set_variable(
    problem: CastProblem, key: CostObjectsKey, candidates: tuple[str, ...], low: int, most: int
) -> None:
    """The variable of the objects an action uses: the sets of ``low`` to ``most`` candidates (CR 601.2h).

    A set: any order of the same objects is the same value. Its values are made when asked for.
    """
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    candidate_set = frozenset(candidates)

    def in_domain(value: Any) -> bool:  # a set: any order of the same objects is the same value
        return (
            isinstance(value, tuple)
            and len(set(value)) == len(value)
            and low <= len(value) <= most
            and candidate_set.issuperset(value)
        )

    def all_values() -> Iterator[tuple[str, ...]]:
        for length in range(low, most + 1):
            yield from itertools.combinations(candidates, length)

    def why_not(value: Any) -> tuple[Reason, ...]:
        return (cost_objects_reason(problem_of(), key, tuple(value), candidates, low, most),)

    problem.add_variable(
        key, LazyDomain(all_values, in_domain, f"sets of objects to {key.action.value}"), "CR 601.2h", why_not
    )


def _pays_function(
    every: list[ObjectNeed],
    candidates: tuple[str, ...],
    objects: Mapping[str, GameObject],
    rest_matches: Callable[[GameObject], bool] | None,
    asked_of_values: Callable[[tuple[Any, ...]], _Asked],
) -> Callable[..., bool]:
    """``pays(*values, chosen)``: whether the objects chosen pay exactly what the needs ask (CR 118.10, 601.2h)."""

    def pays(*values: Any) -> bool:
        chosen = values[-1]
        if every:  # a set: the cast writes its objects sorted by id, the candidates come in battlefield order
            return len(chosen) == len(candidates) and set(chosen) == set(candidates)
        return all(c in objects for c in chosen) and can_split(
            tuple(chosen), asked_of_values(values[:-1]), objects, rest_matches
        )

    return pays


def _describe_function(action: CostAction, by_count: _NeedsByCount, scope: tuple[ChoiceKey, ...]) -> Callable[..., str]:
    """``describe(*values, chosen)``: what the costs ask to do with objects, and what was given (CR 601.2h)."""
    every, rest, counted, x_counted = by_count

    def describe(*values: Any) -> str:
        given = dict(zip(scope, values[:-1]))
        wanted = [
            f"{(n.cost.count or 0) * n.term.times(*(given[k] for k in n.term.scope))} for '{n.term.label}'"
            for n in counted
        ]
        wanted += [f"X = {given[X]} for '{n.term.label}'" for n in x_counted]
        wanted += [f"any number for '{n.term.label}'" for n in rest] + [f"all for '{n.term.label}'" for n in every]
        return f"the costs ask to {action.value} {', '.join(wanted)}; {list(values[-1]) or 'nothing'} was given"

    return describe


def _least_total_values(problem: CastProblem, key: CostObjectsKey, need: ObjectNeed) -> dict[str, int]:
    """What each candidate counts toward a least total: its mana value (collect evidence) or its power (teamwork).

    The candidates are the objects of the pool of ``key`` the need matches, file order.

    Raises
    ------
    UnsupportedRuleError
        More than :data:`MOST_CANDIDATES_FOR_ANY_NUMBER` candidates; a card in the graveyard whose text changes
        its own mana value ("Treat … mana value as 10 while it's in your graveyard"); a static ability that may
        change power or what is a creature (CR 613.4, 613.1d); a creature with negative power, whose share of a
        total is not read.
    """
    pool = [o for o in cost_object_pool(problem, key) if need.matches(o)]
    if len(pool) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(
            problem.spell.name,
            need.cost.text,
            f"'any number' of objects to {key.action.value} over {MOST_CANDIDATES_FOR_ANY_NUMBER} candidates",
        )
    if need.cost.least_total_power is None:
        for obj in pool:
            if "mana value as" in obj.card.oracle_text.lower():
                raise UnsupportedRuleError(
                    obj.name,
                    obj.card.oracle_text,
                    "a card that changes its own mana value in the graveyard, to collect as evidence",
                )
        return {o.id: o.card.mana_value for o in pool}
    refuse_static_power_changes(problem)
    refuse_static_type_changes(problem)
    powers: dict[str, int] = {o.id: number_of(o, "power") for o in pool}
    for obj in pool:
        if powers[obj.id] < 0:
            raise UnsupportedRuleError(
                problem.spell.name, need.cost.text, f"{obj.name} ({obj.id}) has negative power, in a total of powers"
            )
    return powers


def add_least_total_objects(problem: CastProblem, key: CostObjectsKey, needs: list[ObjectNeed]) -> tuple[str, ...]:
    """Objects whose values total N or more: collect evidence N (CR 701.59a-b), teamwork N.

    Collect evidence N exiles cards of the caster's graveyard whose mana values (CR 202.3) total N or more;
    teamwork N ("As an additional cost to cast this spell, you may tap any number of untapped creatures you
    control with total power N or more", the keyword's reminder text) taps creatures of the caster's whose
    powers (CR 208.1, with counters, CR 122.1a) total N or more. One variable, the set of objects used (a choice
    of the cast: they leave the graveyard or become tapped, CR 601.2h), and one constraint over it and the
    choice of paying: unpaid, none is used; paid, the values total N or more. Any such set is a different
    cast, so a set beyond the least that reaches N is one too. Where no set reaches N, paying can't be chosen
    (CR 701.59b, 601.2h). A creature tapped this way does not also tap for mana (CR 601.2g-h: see
    :func:`add_payment`).

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
        Exile from the graveyard, or tap on the battlefield.
    needs : list of ObjectNeed
        The costs that use that action: one, collecting evidence or teamwork.

    Returns
    -------
    tuple of str
        The candidates, file order: the cards of the caster's graveyard (the spell aside, CR 601.2a), or the
        untapped creatures they control.

    Raises
    ------
    UnsupportedRuleError
        Another cost using the same action beside it; more than :data:`MOST_CANDIDATES_FOR_ANY_NUMBER`
        candidates; a value not read (:func:`_least_total_values`).
    """
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    name = problem.spell.name
    need = needs[0]
    power = need.cost.least_total_power is not None
    least = need.cost.least_total_power if power else need.cost.least_total_mana_value
    keyword, what, rule = (
        ("teamwork", "power", "CR 601.2h") if power else ("collect evidence", "mana value", "CR 701.59a")
    )
    verb = "tap" if power else "exile"
    if len(needs) > 1 or least is None:
        raise UnsupportedRuleError(name, need.cost.text, f"{keyword} with another cost to {key.action.value}")
    value_of = _least_total_values(problem, key, need)
    candidates = tuple(value_of)
    term = need.term
    scope = term.scope

    def in_domain(value: Any) -> bool:
        return (
            isinstance(value, tuple)
            and len(set(value)) == len(value)
            and all(v in value_of for v in value)
            and (not value or sum(value_of[v] for v in value) >= least)
        )

    def all_values() -> Iterator[tuple[str, ...]]:
        yield ()
        yield from _sets_reaching(value_of, least)

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = tuple(value) if isinstance(value, (tuple, list)) else ()
        reason = cost_objects_reason(problem_of(), key, given, candidates, 0, len(candidates))
        if reason.message.startswith("[") and all(v in value_of for v in given):
            total = sum(value_of[v] for v in given)
            return (
                Reason(
                    rule,
                    f"for {keyword} {least}, the objects to {verb} total {what} {least} or more; "
                    f"{list(given)} total {total}",
                ),
            )
        return (reason,)

    problem.add_variable(
        key, LazyDomain(all_values, in_domain, f"sets of objects to {verb} ({keyword} {least})"), "CR 601.2h", why_not
    )

    def pays(*values: Any) -> bool:
        chosen = values[-1]
        if not term.times(*values[:-1]):
            return bool(chosen == ())
        return bool(chosen) and all(c in value_of for c in chosen) and bool(sum(value_of[c] for c in chosen) >= least)

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        if not term.times(*values):
            yield ()
            return
        yield from _sets_reaching(value_of, least)

    def describe(*values: Any) -> str:
        chosen = values[-1]
        if not term.times(*values[:-1]):
            return f"{keyword} is not paid, and {list(chosen)} is used for it"
        total = sum(value_of.get(c, 0) for c in chosen)
        return f"paying {keyword} {least}, the objects to {verb} ({list(chosen) or 'none'}) total {what} {total}"

    problem.add_constraint(
        scope + (key,),
        pays,
        rule,
        f"{keyword} {least} uses objects with total {what} {least} or more, and none when it is not paid",
        describe,
        generate=generate,
    )
    return candidates


def _sets_reaching(value_of: Mapping[str, int], least: int) -> Iterator[tuple[str, ...]]:
    """The sets of candidates (the keys of ``value_of``) whose values total ``least`` or more, but the empty one.

    Smallest first, then in the order of the candidates (:func:`itertools.combinations`).
    """
    candidates = tuple(value_of)
    for length in range(1, len(candidates) + 1):
        for chosen in itertools.combinations(candidates, length):
            if sum(value_of[c] for c in chosen) >= least:
                yield chosen


def cost_objects_reason(
    problem: CastProblem, key: CostObjectsKey, given: tuple[str, ...], candidates: tuple[str, ...], low: int, most: int
) -> Reason:
    """Why a set of objects given to pay a cost can't pay what the costs ask (CR 601.2h, 118.10).

    Each object is checked first (it exists, is where the cost takes it from, is not the spell itself,
    is given once), then how many are given against the sizes the costs allow, then what they are.

    Parameters
    ----------
    problem : CastProblem
    key : CostObjectsKey
    given : tuple of str
        The ids given.
    candidates : tuple of str
        The objects that could pay.
    low, most : int
        The fewest and the most objects the costs of the cast can take.

    Returns
    -------
    Reason
    """
    state, action = problem.state, key.action
    if not candidates and not most:
        if action in (CostAction.DISCARD, CostAction.SACRIFICE, CostAction.EXILE):
            return Reason("CR 601.2h", f"{problem.spell.name} has no {action.value} cost")
        return Reason("CR 601.2h", f"no cost of this cast asks to {action.value} a permanent")
    for object_id in given:
        if object_id == problem.spell.id:
            return Reason("CR 601.2a", f"{problem.spell.name} is on the stack: it can't pay its own cost")
        if not state.has_object(object_id):
            return Reason("CR 601.2h", f"there is no object {object_id!r}")
        obj = state.object(object_id)
        if key.zone is not Zone.BATTLEFIELD and (obj.zone is not key.zone or obj.owner != problem.caster):
            return Reason("CR 601.2h", f"{object_id} is not a card in {problem.caster}'s {key.zone.value}")
        if key.zone is Zone.BATTLEFIELD and obj.zone is not Zone.BATTLEFIELD:
            return Reason("CR 701.21a", f"{object_id} is not a permanent on the battlefield")
        if key.zone is Zone.BATTLEFIELD and obj.controller != problem.caster:
            return Reason(
                "CR 701.21a",
                f"{obj.name} ({object_id}) is controlled by {obj.controller}: "
                f"a player can {action.value} only permanents they control",
            )
    if len(set(given)) != len(given):
        return Reason("CR 118.10", f"the same object can't be used twice to {action.value}")
    if not low <= len(given) <= most:
        sizes = " to ".join(str(n) for n in sorted({low, most}))
        return Reason(
            "CR 601.2h", f"{sizes} object(s) to {action.value} can pay the costs of this cast; {len(given)} given"
        )
    return Reason(
        "CR 601.2h", f"{list(given)} can't pay the costs that ask to {action.value} (not of the kind asked for)"
    )


def add_joint_tap_count(
    problem: CastProblem,
    tap: CostObjectsKey,
    scope: tuple[ChoiceKey, ...],
    sources: tuple[ManaSource, ...],
    pays: Callable[[ManaPayer, tuple[Any, ...]], Any],
) -> None:
    """Count the permanents tapped to pay costs without listing them, when some could also make mana (CR 601.2g-h).

    A set is legal iff it pays the costs that ask to tap (each permanent one need, CR 118.10) and the mana of
    the permanents left untapped pays the total cost. Permanents alike to both rules (the same needs matched,
    the same mana made) are interchangeable, so a set is how many it takes of each such group: the count is
    the sum, over the numbers per group that pass both rules (Hall's condition on the needs, then a payment
    with the mana of the untapped rest), of the product of binomials. The count goes to
    :attr:`CastProblem.joint_counts`; the rules themselves stay as they are, for checks and explanations.

    Parameters
    ----------
    problem : CastProblem
        With the needs of ``tap`` kept (:attr:`ProblemMemo.object_needs`) and its two rules added: the objects'
        and the mana's (nothing is recorded otherwise).
    tap : CostObjectsKey
        The permanents tapped to pay costs.
    scope : tuple of ChoiceKey
        The choices the total cost reads.
    sources : tuple of ManaSource
        The mana available.
    pays : callable
        ``pays(payer, values)``: not None iff that payer pays the total cost for those values of ``scope``.
    """
    need_scope, asked, candidates, objects = problem.memo.object_needs[tap]
    joint = tuple(dict.fromkeys(scope + need_scope))
    made: dict[str, tuple[Any, ...]] = {}
    for source in sources:
        if source.object_id is not None:
            made.setdefault(source.object_id, ())
            made[source.object_id] += (dataclasses.replace(source, object_id=None),)  # all it is, but its id
    known: dict[tuple[Any, ...], int] = {}

    def count(*values: Any) -> int:
        given = dict(zip(joint, values))
        needs_now = asked(given)
        rest_values = tuple(given[k] for k in scope)
        signature = (tuple(needs_now), rest_values)
        found = known.get(signature)
        if found is not None:
            return found
        groups: dict[tuple[Any, ...], list[str]] = {}
        for candidate in candidates:
            mask = tuple(bool(matches(objects[candidate])) for _, matches in needs_now)
            if any(mask):
                groups.setdefault((mask, made.get(candidate, ())), []).append(candidate)
        keys = list(groups)
        amounts = [n for n, _ in needs_now]
        fits = halls_condition([mask for mask, _ in keys], amounts)
        total = 0
        for taken, ways in takings([len(groups[key]) for key in keys], sum(amounts)):
            if fits(taken):
                tapped = {c for key, n in zip(keys, taken) for c in groups[key][:n]}
                rest = ManaPayer(tuple(s for s in sources if s.object_id not in tapped))
                if pays(rest, rest_values) is not None:
                    total += ways
        known[signature] = total
        return total

    rules = [c for c in problem.constraints if c.scope and c.scope[-1] == tap]  # the objects' rule, the mana's
    if len(rules) != 2:
        return  # another rule ends in the permanents tapped: the engines list them

    _add_joint_count(
        problem,
        tap,
        joint,
        rules,
        count,
        "CR 601.2g",
        "the permanents tapped pay the costs that ask for them, and the mana of the others pays the rest",
    )


def add_joint_any_number_count(problem: CastProblem, key: ChoiceKey) -> None:
    """Count "any number of" objects paying a cost without listing their sets, when other rules read the set too.

    "Exile any number of white cards from your hand. This spell costs {2} less to cast for each card exiled this
    way": which sets are legal depends on the set through the total cost (CR 601.2b, 601.2f-h). Objects alike
    but for their id (the same card, the same status) are interchangeable to every rule, so a set is how many it
    takes of each group of alike candidates: the count is the sum, over those numbers whose set (the first
    objects of each group) every rule allows, of the product of the binomials. The count goes to
    :attr:`CastProblem.joint_counts`; the rules stay as they are, for checks and explanations.

    Parameters
    ----------
    problem : CastProblem
        With the candidates of ``key`` kept (:attr:`ProblemMemo.any_number`) and every rule over it added.
    key : ChoiceKey
        The objects taken for the cost of "any number of" them.
    """
    candidates, objects, may_take = problem.memo.any_number[key]
    rules = [c for c in problem.constraints if key in c.scope]
    if len(rules) < 2:
        return  # the objects' own rule alone: counted with it
    if not any(c.generate is not None and c.scope[-1] == key for c in rules):
        return
    joint = tuple(dict.fromkeys(k for c in rules for k in c.scope if k != key))
    groups: dict[tuple[Any, ...], list[str]] = {}
    for candidate in candidates:
        obj = objects[candidate]
        if may_take(obj):
            groups.setdefault(alike_signature(obj), []).append(candidate)
    members = list(groups.values())
    if math.prod(len(group) + 1 for group in members) > 4 * 2**MOST_CANDIDATES_FOR_ANY_NUMBER:
        return  # too many kinds of candidates: as many numbers as sets, listed instead
    known: dict[tuple[Any, ...], int] = {}

    def count(*values: Any) -> int:
        found = known.get(values)
        if found is not None:
            return found
        given = dict(zip(joint, values))
        total = 0
        for taken, ways in takings([len(group) for group in members]):
            chosen = {c for candidate_ids, n in zip(members, taken) for c in candidate_ids[:n]}
            given[key] = tuple(c for c in candidates if c in chosen)  # in candidate order, as listed
            if all(c.holds(given) for c in rules):
                total += ways
        known[values] = total
        return total

    _add_joint_count(
        problem,
        key,
        joint,
        rules,
        count,
        "CR 601.2h",
        "the objects taken pay the cost that asks for any number of them, and the total cost is paid",
    )


def _add_joint_count(
    problem: CastProblem,
    key: ChoiceKey,
    joint: tuple[ChoiceKey, ...],
    rules: list[Constraint],
    count: Callable[..., int],
    rule: str,
    description: str,
) -> None:
    """Record in :attr:`CastProblem.joint_counts` one rule that holds where every rule of ``rules`` does.

    Its scope is ``joint`` then ``key``; its values of ``key`` are made by the rule of ``rules`` that makes
    them, each kept when every rule holds, and counted by ``count`` (over the values of ``joint``). Engines
    count ``key`` with it when no other rule ends in ``key``; the rules stay as they are, for checks and
    explanations.
    """

    def generate(*values: Any) -> Iterator[tuple[str, ...]]:
        given = dict(zip(joint, values))
        source = next(c for c in rules if c.generate is not None and c.scope[-1] == key)
        assert source.generate is not None  # found for it
        for chosen in source.generate(*(given[k] for k in source.scope[:-1])):
            given[key] = chosen
            if all(c.holds(given) for c in rules):
                yield chosen

    problem.joint_counts[key] = (
        Constraint(
            joint + (key,),
            lambda *values: all(c.holds(dict(zip(joint + (key,), values))) for c in rules),
            rule,
            description,
            generate=generate,
            count=count,
        ),
        tuple(rules),
    )
