"""Splice (CR 702.47): which cards are spliced, and in which order.

Two choices. The *splice set* (:data:`~models.choices.SPLICE_SET`): the cards
spliced, each a card in the caster's hand with "Splice onto <quality>" where
the spell has that quality (CR 702.47a), never the spell itself (it is on the
stack, CR 601.2a), listed in candidate order. The *splice order*
(:data:`~models.choices.SPLICE_ORDER`): the same cards in the order their
texts follow the spell's (CR 702.47b); two orders are two casts, and the
order never changes what is legal or what the cast costs.

Neither domain is listed up front. The sets are made depth-first within the
budget: a set whose splice costs alone can't be paid (with every reduction
the spell could get), or that asks for more objects than the caster has, is
never made, and neither is any larger one. The orders of a set are made
from the set (``itertools.permutations``) by the constraint that ties them.

A card whose text needs targets that can't be chosen can't be spliced
(CR 702.47b): that follows from its target slots (:mod:`solver.rules.targets`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any

from models.abilities import CardAbilities, Cost, SpliceAbility
from models.choices import SPLICE_ORDER, SPLICE_SET, CostObjectsKey
from models.errors import UnsupportedRuleError
from models.mana import simple_demand, sum_costs
from models.objects import GameObject, ObjectId, Zone
from solver.abilities import abilities_of
from solver.problem import CastProblem, CostTerm, LazyDomain, ProblemRef, Reason
from solver.rules.cost_changes import least_generic_change
from solver.rules.mana import available_mana_sources, payer_of
from solver.rules.object_costs import cost_object_pool

__all__ = ["add_splice_rules", "splice_candidates", "splicing_cards", "explain_splices"]


def splicing_cards(problem: CastProblem) -> list[GameObject]:
    """The cards in the caster's hand with a splice ability, other than the spell, state-file order."""
    return [
        card
        for card in problem.state.hand(problem.caster)
        if card.id != problem.spell.id and abilities_of(card).splice is not None
    ]


def splice_candidates(problem: CastProblem) -> list[tuple[GameObject, CardAbilities]]:
    """Cards in the caster's hand that may be spliced onto this spell (CR 702.47a).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    list of (GameObject, CardAbilities)
        In state-file order.

    Raises
    ------
    UnsupportedRuleError
        A card with a splice ability onto this spell whose text can't be read.
    """
    card = problem.spell.card
    found = []
    # a spell on the stack: the cards spliced were revealed from the hand, and may be anywhere now (CR 702.47a)
    pool = (
        problem.state.hand(problem.caster)
        if problem.recorded is None
        else [o for o in problem.state.objects if o.owner == problem.caster]
    )
    for candidate in pool:
        if candidate.id == problem.spell.id:
            continue  # on the stack now (CR 601.2a): never spliced onto itself
        abilities = abilities_of(candidate)
        splice = abilities.splice
        unread_splice = [u for u in abilities.casting_unsupported if "splice" in u.span.lower()]
        if splice is None:
            if unread_splice:
                raise UnsupportedRuleError(candidate.name, unread_splice[0].span, unread_splice[0].reason)
            continue
        if not splice.applies_to(card.types, card.subtypes):
            continue
        unread = list(abilities.casting_unsupported)
        if unread:
            raise UnsupportedRuleError(candidate.name, unread[0].span, unread[0].reason)
        found.append((candidate, abilities))
    return found


def _splice_of(abilities: CardAbilities) -> SpliceAbility:
    """The splice ability of a splice candidate: :func:`splice_candidates` takes only cards that have one."""
    splice = abilities.splice
    assert splice is not None, "a splice candidate has a splice ability"
    return splice


class _Budget:
    """Whether the splice costs of a set can be paid at all: the mana with every reduction, and the objects.

    A necessary condition of paying the total cost (the splice costs are part of it whatever else is
    chosen, CR 702.47a, 601.2f), and monotone: a set that fails makes every larger set fail.
    """

    def __init__(self, problem: CastProblem) -> None:
        self.candidates = problem.splice_candidates  # kept by the problem: no reference back to it
        self.payer = payer_of(problem, available_mana_sources(problem))
        self.reduction = max(0, -least_generic_change(problem))  # with every reduction targets may give
        self.life = problem.state.life_of(problem.caster)
        self.objects = {
            key: len(cost_object_pool(problem, key))
            for key in {
                CostObjectsKey(c.action, c.zone)
                for _, a in problem.splice_candidates.values()
                for c in _splice_of(a).cost.objects
            }
        }
        self._known: dict[frozenset[ObjectId], bool] = {}
        self._demands: dict[int, tuple[dict[str, int], int]] = {}
        self._asked: dict[ObjectId, list[tuple[CostObjectsKey, int]]] = {}
        self._asking = frozenset(card for card in problem.splice_candidates if self._asked_of(card))

    def affords(self, spliced: tuple[ObjectId, ...]) -> bool:
        key = frozenset(spliced)
        known = self._known.get(key)
        if known is None:
            costs = [_splice_of(self.candidates[c][1]).cost for c in spliced]
            known = self._known[key] = self.has_objects(spliced) and self._pays(costs)
        return known

    def has_objects(self, spliced: tuple[ObjectId, ...]) -> bool:
        """Whether the objects the splice costs of these cards ask for are there, mana aside (CR 702.47a, 601.2h).

        :meth:`affords` less the mana: what a walk that then checks the whole total cost can be paid (which the
        mana of the splice costs is part of) still has to ask.
        """
        if self._asking.isdisjoint(spliced):
            return True
        asked: dict[CostObjectsKey, int] = {}
        for card in spliced:
            for where, count in self._asked_of(card):
                asked[where] = asked.get(where, 0) + count
        return all(asked[k] <= self.objects.get(k, 0) for k in asked)

    def _asked_of(self, card: ObjectId) -> list[tuple[CostObjectsKey, int]]:
        """The objects one card's splice cost asks for, by action and zone (kept)."""
        found = self._asked.get(card)
        if found is None:
            cost = _splice_of(self.candidates[card][1]).cost
            found = self._asked[card] = [
                (CostObjectsKey(part.action, part.zone), part.count or 0) for part in cost.objects
            ]
        return found

    def _pays(self, costs: list[Cost]) -> bool:
        """Whether the mana of these splice costs, less the reduction, can be paid (CR 601.2f-h).

        Counted symbol by symbol when every symbol asks for one type of mana or for any (no hybrid, no
        Phyrexian) and the mana counts that way (:meth:`~models.mana.ManaPayer.can_pay_demand`); else the
        costs are summed and matched to the sources.
        """
        demand: dict[str, int] = {}
        generic = 0
        for cost in costs:
            simple = self._demands.get(id(cost.mana))
            if simple is None:
                simple = self._demands[id(cost.mana)] = simple_demand(cost.mana) or ({}, -1)
            if simple[1] < 0:
                break
            for letter, need in simple[0].items():
                demand[letter] = demand.get(letter, 0) + need
            generic += simple[1]
        else:
            counted = self.payer.can_pay_demand(demand, max(0, generic - self.reduction))
            if counted is not None:
                return counted
        mana = sum_costs(cost.mana for cost in costs)
        if self.reduction:
            mana = mana.with_generic_reduced(self.reduction)
        return self.payer.can_pay(mana, life=self.life)


def add_splice_rules(problem: CastProblem) -> None:
    """Add the splice set and the splice order (CR 601.2b, 702.47a-b), and each card's splice cost.

    Parameters
    ----------
    problem : CastProblem
        Its ``splice_candidates`` are filled in.
    """
    candidates = splice_candidates(problem)
    problem.splice_candidates = {obj.id: (obj, abilities) for obj, abilities in candidates}
    ids = tuple(obj.id for obj, _ in candidates)
    position = {card: i for i, card in enumerate(ids)}
    recorded = problem.recorded is not None  # a spell on the stack paid its splice costs as it was cast
    budget = _Budget(problem) if ids and not recorded else None

    def sets() -> Iterator[tuple[ObjectId, ...]]:
        """Every affordable set, depth-first in candidate order, the empty set first."""
        return _affordable_sets(ids, budget, 0, ())

    def is_set(value: Any) -> bool:
        return (
            isinstance(value, tuple)
            and all(card in position for card in value)
            and len(set(value)) == len(value)
            and list(value) == sorted(value, key=position.__getitem__)
            and (not value or recorded or budget is not None and budget.affords(value))
        )

    def is_order(value: Any) -> bool:
        return isinstance(value, tuple) and is_set(tuple(sorted(value, key=lambda c: position.get(c, -1))))

    def orders() -> Iterator[tuple[ObjectId, ...]]:
        for chosen in sets():
            yield from itertools.permutations(chosen)

    problem_of, caster = ProblemRef(problem), problem.caster  # kept by the problem: no reference back to it

    def why_not(value: Any) -> tuple[Reason, ...]:
        reasons = explain_splices(problem_of(), tuple(value))
        if not reasons:
            reasons = [
                Reason(
                    "CR 601.2h",
                    f"the splice costs of {', '.join(value)} can't be paid with the mana "
                    f"and objects available to {caster}",
                )
            ]
        return tuple(reasons)

    if ids and budget is None:  # a spell on the stack: the cards it was cast with, judged for their shape only
        problem.add_variable(SPLICE_SET, LazyDomain(sets, is_set, "sets of splice cards"), "CR 702.47a", why_not)
        problem.add_variable(
            SPLICE_ORDER, LazyDomain(orders, is_order, "orders of sets of splice cards"), "CR 702.47b", why_not
        )
    elif ids:
        assert budget is not None, "a budget is made whenever a card can be spliced"
        problem.splice_affords = budget.affords
        problem.splice_objects_available = budget.has_objects
        problem.add_variable(
            SPLICE_SET, LazyDomain(sets, is_set, "affordable sets of splice cards"), "CR 702.47a", why_not
        )
        problem.add_variable(
            SPLICE_ORDER, LazyDomain(orders, is_order, "orders of affordable sets"), "CR 702.47b", why_not
        )
    else:
        problem.add_variable(SPLICE_SET, ((),), "CR 702.47a", why_not)
        problem.add_variable(SPLICE_ORDER, ((),), "CR 702.47b", why_not)
    problem.add_constraint(
        (SPLICE_SET, SPLICE_ORDER),
        lambda spliced, order: len(order) == len(spliced) and set(order) == set(spliced),
        "CR 702.47b",
        "the order of the spliced texts is an order of the cards spliced",
        lambda spliced, order: f"the splice order {list(order)} is not an order of the cards spliced {list(spliced)}",
        generate=lambda spliced: itertools.permutations(spliced),
        count=lambda spliced: math.factorial(len(spliced)),
    )
    for card_id, (card, abilities) in () if problem.recorded is not None else problem.splice_candidates.items():
        problem.add_cost(
            CostTerm(
                _splice_of(abilities).cost,
                (SPLICE_SET,),
                lambda spliced, card_id=card_id: int(card_id in spliced),
                1,
                f"splice {card.name} ({card_id})",
                member=card_id,
            )
        )


def _affordable_sets(
    ids: tuple[ObjectId, ...], budget: _Budget | None, start: int, chosen: tuple[ObjectId, ...]
) -> Iterator[tuple[ObjectId, ...]]:
    """``chosen`` and every affordable set that adds cards of ``ids[start:]`` to it, depth-first in their order."""
    yield chosen
    for index in range(start, len(ids)):
        larger = chosen + (ids[index],)
        if budget is not None and budget.affords(larger):
            yield from _affordable_sets(ids, budget, index + 1, larger)


def explain_splices(problem: CastProblem, spliced: tuple[str, ...]) -> list[Reason]:
    """Why a proposed sequence of spliced cards is not a legal choice, cost aside.

    Parameters
    ----------
    problem : CastProblem
    spliced : tuple of str
        Object ids in splice order.

    Returns
    -------
    list of Reason
        Empty when every card may be spliced (targets and costs aside).
    """
    reasons = []
    state, spell = problem.state, problem.spell
    seen = set()
    for object_id in spliced:
        if object_id in seen:
            reasons.append(
                Reason("CR 702.47b", f"{object_id} is spliced twice: a card is spliced onto a spell at most once")
            )
            continue
        seen.add(object_id)
        if object_id == spell.id:
            reasons.append(
                Reason(
                    "CR 702.47a",
                    f"{spell.name} ({object_id}) can't be spliced onto itself: it is on the stack, not in hand",
                )
            )
            continue
        if not state.has_object(object_id):
            reasons.append(Reason("CR 702.47a", f"there is no object {object_id!r}"))
            continue
        obj = state.object(object_id)
        if obj.zone is not Zone.HAND or obj.owner != problem.caster:
            reasons.append(Reason("CR 702.47a", f"{obj.name} ({object_id}) is not in {problem.caster}'s hand"))
            continue
        splice = abilities_of(obj).splice
        if splice is None:
            reasons.append(Reason("CR 702.47a", f"{obj.name} ({object_id}) has no splice ability"))
        elif not splice.applies_to(spell.card.types, spell.card.subtypes):
            reasons.append(
                Reason(
                    "CR 702.47a",
                    f"{obj.name} ({object_id}) splices onto {splice.quality} spells; {spell.name} is not one",
                )
            )
    return reasons
