"""Costs (CR 601.2b, 601.2f-h, 118): the entry points of the cost rules, the announcements and the cost terms.

Costs are data. A card's :class:`~models.abilities.AdditionalCost` and
:class:`~models.abilities.AlternativeCost` records, Spree, entwine and
escalate costs (:mod:`solver.rules.modes`, :mod:`solver.rules.spree`),
splice costs (:mod:`solver.rules.splice`) and the cost of casting as though
with flash (:mod:`solver.rules.timing`) all become
:class:`~solver.problem.CostTerm` records: a cost (mana, objects, life) and
how many times the choices make the caster pay it. The cost rules read them
all the same way, by area:

- :func:`add_cost_choices`, the announcements before targets (CR 601.2b):
  which alternative cost is paid, at most one and none when the spell is cast
  without paying its mana cost (CR 118.9, 118.9a); how many times each
  optional additional cost is paid (kicker, CR 702.33a; multikicker, any
  number of times within the mana available, CR 702.33c); the gift's
  opponent (CR 702.174a); and the value of X (:mod:`solver.rules.x`).
- :func:`add_cost_rules`, the costs themselves (CR 601.2f-h): the cost terms
  of the card, the objects paying them (:mod:`solver.rules.object_costs`,
  each need's matcher read here), life (CR 119.4), reveals (CR 701.20a),
  cards discarded at random (CR 701.9b), and the total cost with its changes
  (:mod:`solver.rules.cost_changes`) paid with the mana available
  (:mod:`solver.rules.mana`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from models.abilities import AdditionalCost, Cost, ObjectCost, RevealCost
from models.choices import ALTERNATIVE_COST, GIFT_RECIPIENT, ChoiceKey, CostAction, CostObjectsKey, OptionalCostKey, X
from models.errors import UnsupportedRuleError
from models.mana import SymbolKind
from models.objects import CardType, GameObject, Zone
from solver.problem import CastProblem, CostTerm, LazyDomain, ProblemRef, Reason, never_listed
from solver.rules.characteristics import refuse_static_power_changes, refuse_unread_topic
from solver.rules.conditions import requirement_holds, requirement_text
from solver.rules.cost_changes import cost_modifiers_of
from solver.rules.mana import (
    add_payment,
    add_waterbend_objects,
    available_mana_sources,
    mana_units,
    sacrificed_for_mana,
    tapping_keyword,
)
from solver.rules.object_costs import (
    COST_OBJECT_KEYS,
    ObjectNeed,
    add_cost_objects,
    add_joint_any_number_count,
    add_least_total_objects,
    cost_object_pool,
    cost_objects_reason,
    object_candidates,
    object_matcher,
)
from solver.rules.qualities import has_qualities
from solver.rules.switches import optional_cost_key
from solver.rules.x import add_mana_value_of_x, add_x, add_x_colours

__all__ = ["add_cost_choices", "add_cost_rules", "can_reveal"]


def abilities_rule(abilities: Any, keyword: str) -> str:
    """The rule of the alternative cost of this keyword (``"CR 702.34a"`` for flashback)."""
    return next((cost.rule for cost in abilities.alternative_costs if cost.keyword == keyword), "CR 118.9")


def add_cost_choices(problem: CastProblem) -> None:
    """Add the choices announced before targets: the alternative cost, optional costs, X (CR 601.2b).

    Parameters
    ----------
    problem : CastProblem
        Must come before the target rules: kicked-only and awakened targets
        (CR 702.33g, 702.113a), overloaded text (CR 702.96b) and "X target"
        depend on these.
    """
    ways = _alternative_ways(problem)
    problem.add_variable(ALTERNATIVE_COST, ways.domain, "CR 118.9", functools.partial(_alternative_why_not, ways))
    _add_optional_costs(problem)
    _add_gift_recipient(problem)
    add_x(problem)


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class _AlternativeWays:
    """What decides which alternative cost a cast may pay, from where the card is (CR 118.9, 601.2b).

    Kept by the problem's variable for its reasons: no reference back to the problem.
    """

    name: str
    caster: str
    zone: Zone
    cast_as: str | None
    free: bool
    abilities: Any
    alternatives: tuple[str, ...]
    unmet: dict[str, list[str]]
    elsewhere: dict[str, Zone]
    by_way: set[str]
    from_hand: bool
    domain: tuple[str | None, ...]


def _alternative_ways(problem: CastProblem) -> _AlternativeWays:
    """The alternative costs the cast may pay, and what says so (CR 118.9, 118.9a, 601.2b).

    Raises
    ------
    UnsupportedRuleError
        A card with an alternative cost of its own cast from another zone paying its mana cost otherwise.
    """
    spell, abilities = problem.spell, problem.abilities
    alternatives = tuple(cost.keyword for cost in abilities.alternative_costs)
    unmet = _unmet_requirements(problem)
    # a cost that casts the card from another zone (flashback) is paid exactly when it is cast that way; the
    # ways to cast it from where it is say which (solver.rules.zones)
    elsewhere = {cost.keyword: cost.zone for cost in abilities.alternative_costs if cost.zone is not None}
    ways = problem.zone_ways
    by_way = {way.alternative for way in ways if way.alternative is not None}
    # in the hand, the mana cost is paid unless the only ways are for their cost (converted, CR 702.162a)
    in_hand = spell.zone is Zone.HAND and not (ways and all(way.alternative is not None for way in ways))
    from_hand = in_hand or any(way.alternative is None for way in ways)  # the mana cost, or "without paying" it
    # a permanent's grant applies wherever the spell is cast paying its mana cost otherwise (CR 118.9)
    granted = {cost.keyword for cost in abilities.alternative_costs if cost.granted}
    payable = tuple(
        keyword
        for keyword in alternatives
        if not unmet[keyword] and _payable_from_here(keyword, elsewhere, by_way, granted, in_hand, from_hand)
    )
    if from_hand and not in_hand and not problem.without_paying_mana_cost:
        _refuse_alternatives_elsewhere(spell, alternatives, set(elsewhere) | granted)
    domain = _alternative_domain(problem, alternatives, payable, from_hand)
    return _AlternativeWays(
        spell.name,
        problem.caster,
        spell.zone,
        problem.cast_as,
        problem.without_paying_mana_cost,
        abilities,
        alternatives,
        unmet,
        elsewhere,
        by_way,
        from_hand,
        domain,
    )


def _unmet_requirements(problem: CastProblem) -> dict[str, list[str]]:
    """By alternative cost, the conditions of paying it that don't hold now ("if an opponent controls a Plains")."""
    return {
        cost.keyword: [requirement_text(problem, r) for r in cost.requires if not requirement_holds(problem, r)]
        for cost in problem.abilities.alternative_costs
    }


def _payable_from_here(
    keyword: str, elsewhere: dict[str, Zone], by_way: set[str], granted: set[str], in_hand: bool, from_hand: bool
) -> bool:
    """Whether an alternative cost may be paid casting the card from where it is (CR 118.9, 601.3).

    A cost of another zone (flashback) when a way to cast the card is for it; another in the hand, or a granted
    one wherever the mana cost would otherwise be paid.
    """
    if keyword in elsewhere:
        return keyword in by_way
    return (in_hand or keyword in granted) and from_hand


def _refuse_alternatives_elsewhere(spell: GameObject, alternatives: tuple[str, ...], apply: set[str]) -> None:
    """Refuse a card with an alternative cost of its own cast from another zone paying its mana cost otherwise.

    "Rather than pay this spell's mana cost" cast from a graveyard by jump-start, retrace, an effect: which of
    its alternative costs apply from there is not read (CR 118.9). ``apply``: the costs that do (of a zone, or
    granted).
    """
    if any(keyword not in apply for keyword in alternatives):
        raise UnsupportedRuleError(
            spell.name,
            ", ".join(k for k in alternatives if k not in apply),
            f"an alternative cost of a card cast from the {spell.zone.value}",
        )


def _alternative_domain(
    problem: CastProblem, alternatives: tuple[str, ...], payable: tuple[str, ...], from_hand: bool
) -> tuple[str | None, ...]:
    """The values of the alternative cost: None (the mana cost) where it may be paid, then the costs payable."""
    if problem.cast_as is not None:  # cast face down or bestowed: for that cost only (CR 702.37c, 702.103a)
        return tuple(keyword for keyword in alternatives if keyword == problem.cast_as)
    if problem.recorded is not None:  # on the stack: it was cast for one of its costs, as it could then (CR 118.9)
        return (None,) if problem.without_paying_mana_cost else (None,) + alternatives
    mana_cost: tuple[str | None, ...] = (None,) if from_hand else ()
    return mana_cost if problem.without_paying_mana_cost else mana_cost + payable


def _alternative_why_not(ways: _AlternativeWays, value: Any) -> tuple[Reason, ...]:
    """Why the cast can't pay the alternative cost ``value`` (None: the mana cost), CR 118.9, 118.9a, 601.2."""
    name, zone, cast_as = ways.name, ways.zone, ways.cast_as
    if value != cast_as and cast_as is not None:
        how = "bestowed" if cast_as == "bestow" else "face down"
        return (
            Reason(
                abilities_rule(ways.abilities, cast_as),
                f"cast {how}, {name} is cast for its {cast_as} cost, and no other",
            ),
        )
    if value is None and not ways.from_hand:
        return (_mana_cost_elsewhere(ways),)
    if value in ways.elsewhere and ways.elsewhere[value] is not zone:
        return (
            Reason(
                abilities_rule(ways.abilities, value),
                f"the {value} cost is paid only casting {name} from the {ways.elsewhere[value].value}",
            ),
        )
    if value not in ways.alternatives:
        return (Reason("CR 118.9", f"{name} has no alternative cost {value!r}"),)
    if ways.unmet[value]:  # its condition does not hold (CR 118.9)
        unmet = " and ".join(ways.unmet[value])
        return (Reason("CR 118.9", f"the {value} cost can be paid only if {unmet}, and that is not so"),)
    if ways.free:  # only one alternative cost (CR 118.9a)
        return (
            Reason(
                "CR 118.9a",
                f"only one alternative cost: the {value} cost can't be paid when the "
                "spell is cast without paying its mana cost",
            ),
        )
    return (
        Reason(abilities_rule(ways.abilities, value), f"the {value} cost is no way to cast {name} {zone.where} now"),
    )


def _mana_cost_elsewhere(ways: _AlternativeWays) -> Reason:
    """Why the mana cost isn't paid casting the card from where it is: a cost of that zone is (CR 601.2, 118.9)."""
    cost = next((c for c in ways.abilities.alternative_costs if c.keyword in ways.by_way), None)
    if cost is None:  # nothing lets it be cast from there: the zone rule says why (CR 601.2a)
        return Reason("CR 601.2", f"{ways.name} is {ways.zone.where}: nothing lets {ways.caster} cast it from there")
    return Reason(
        cost.rule,
        f"cast from the {ways.zone.value}, {ways.name} is cast for its {cost.keyword} cost, rather than its mana cost",
    )


def _add_optional_costs(problem: CastProblem) -> None:
    """How many times each optional additional cost is paid, and "exactly one of" such costs (CR 118.8, 601.2b)."""
    name, abilities = problem.spell.name, problem.abilities
    for additional in abilities.additional_costs:
        if not additional.optional:
            continue
        key = optional_cost_key(additional)
        if problem.recorded is not None:  # on the stack: paid as many times as the mana then allowed (CR 702.33c)
            limit = additional.most_times
            problem.add_variable(
                key,
                LazyDomain(never_listed, functools.partial(_is_times, limit), "times paid"),
                additional.rule,
                _times_why_not(name, key, limit or 0, limit),
            )
            continue
        most = _most_times(problem, additional)
        problem.add_variable(
            key, tuple(range(most + 1)), additional.rule, _times_why_not(name, key, most, additional.most_times)
        )
    for line in dict.fromkeys(a.one_of for a in abilities.additional_costs if a.one_of):
        keys = tuple(optional_cost_key(a) for a in abilities.additional_costs if a.one_of == line)
        problem.add_constraint(
            keys,
            lambda *times: sum(times) == 1,
            "CR 601.2b",
            f'exactly one of the additional costs of "{line}" is paid',
            lambda *times, keys=keys: f"{sum(times)} of {', '.join(repr(k.keyword) for k in keys)} paid; one must be",
        )


def _add_gift_recipient(problem: CastProblem) -> None:
    """The opponent chosen as a gift cost is paid: a choice of the cast (CR 702.174a, 601.2b).

    Gift's cost is "As an additional cost to cast this spell, you may choose an opponent" (CR 702.174a): one
    variable, :data:`~models.choices.GIFT_RECIPIENT`, whose value is None (not promised) or one of the
    caster's opponents, in turn order, and a constraint that it names an opponent exactly when the cost is
    paid. With no opponent, the gift can't be promised. Each opponent is a different cast.

    Raises
    ------
    UnsupportedRuleError
        Two costs on one spell that each choose an opponent.
    """
    caster = problem.caster  # closures kept by the problem hold no reference back to it
    choosing = [a for a in problem.abilities.additional_costs if a.optional and a.chooses_opponent]
    if not choosing:
        return
    spell = problem.spell
    if len(choosing) > 1:
        raise UnsupportedRuleError(spell.name, choosing[1].cost.text, "two costs that each choose an opponent")
    key = optional_cost_key(choosing[0])
    opponents = tuple(player for player in problem.state.players if player != caster)

    def why_not(value: Any) -> tuple[Reason, ...]:
        return (Reason("CR 702.174a", f"the gift is promised to an opponent of {caster}; {value!r} is not one"),)

    problem.add_variable(GIFT_RECIPIENT, (None,) + opponents, "CR 702.174a", why_not)
    problem.add_constraint(
        (key, GIFT_RECIPIENT),
        lambda times, recipient: (times > 0) == (recipient is not None),
        "CR 702.174a",
        "an opponent is chosen exactly when the gift is promised",
        lambda times, recipient: (
            "the gift is promised and no opponent is chosen"
            if times
            else f"the gift is not promised, and {recipient} is named its recipient"
        ),
    )


def _most_times(problem: CastProblem, additional: AdditionalCost) -> int:
    """How many times an optional additional cost can be paid: once, or as many as the mana allows (CR 702.33c)."""
    if additional.most_times is not None:
        return additional.most_times
    cost = additional.cost
    if cost.objects and (
        cost.life
        or cost.life_x
        or cost.reveals
        or cost.discards_at_random
        or any(part.count is None or part.x_count for part in cost.objects)
    ):
        raise UnsupportedRuleError(
            problem.spell.name,
            cost.text,
            "a cost paid any number of times with objects and life, reveals, or objects not counted",
        )
    # CR 702.33c, 702.56a, 601.2b: how many times is announced; more than the mana available, or the objects there
    # are for each part ("Replicate—Tap an untapped Horror you control."), can never be paid
    most = [mana_units(problem) // cost.mana.mana_value] if cost.mana.mana_value or not cost.objects else []
    most += [len(object_candidates(problem, part)) // (part.count or 1) for part in cost.objects]
    return min(most)


def _times_why_not(name: str, key: OptionalCostKey, most: int, limit: int | None) -> Callable[[Any], tuple[Any, ...]]:
    def why_not(value: Any) -> tuple[Reason, ...]:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return (Reason("CR 601.2b", f"{value!r} is not a number of times to pay {key}"),)
        if limit is not None and value > limit:
            return (Reason("CR 601.2b", f"{key} of {name} is paid at most {limit} time(s); {value} given"),)
        return (Reason("CR 601.2h", f"{key} can't be paid {value} times with the mana available (at most {most})"),)

    return why_not


def _is_times(limit: int | None, value: Any) -> bool:
    """Whether ``value`` is a number of times an optional cost may be paid: 0 or more, at most ``limit``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value and (limit is None or value <= limit)


def add_cost_rules(problem: CastProblem) -> None:
    """Add the objects paying costs, the total cost and the payment constraint (CR 601.2f-h).

    Parameters
    ----------
    problem : CastProblem
        Every other rules module has added its variables and cost terms.

    Raises
    ------
    UnsupportedRuleError
        Unreadable mana or cost text on the battlefield; costs this version does not model.
    """
    spell = problem.spell
    mana_cost = spell.card.mana_cost
    if mana_cost is None and not problem.without_paying_mana_cost:
        problem.add_constraint(
            (ALTERNATIVE_COST,),
            lambda alternative: alternative is not None,
            "CR 118.6",
            "a spell with no mana cost can't be cast by paying it",
            lambda alternative: f"{spell.name} has no mana cost: it can be cast only without paying its mana cost",
        )
    _base_terms(problem)
    terms = list(problem.cost_terms)
    _refuse_consumed_sources_as_cost_objects(problem, terms)
    delve = CostObjectsKey(CostAction.EXILE, Zone.GRAVEYARD)
    if problem.abilities.delve:  # any number of cards of the graveyard, each paying {1} (CR 702.66a)
        if any(c.action is CostAction.EXILE and c.zone is Zone.GRAVEYARD for t in terms for c in t.cost.objects):
            raise UnsupportedRuleError(spell.name, "Delve", "delve with another cost exiling from the graveyard")
        card = ObjectCost(CostAction.EXILE, None, zone=Zone.GRAVEYARD, text="exile cards from your graveyard (delve)")
        terms.append(CostTerm(Cost(objects=(card,), text="delve"), (), lambda: 1, 1, "delve"))
    tapper = tapping_keyword(problem)
    if tapper is not None:  # any number of creatures (artifacts) tapped, each paying one mana (CR 702.51a, 702.126a)
        if any(c.action is CostAction.TAP for t in terms for c in t.cost.objects):
            raise UnsupportedRuleError(
                spell.name, tapper.keyword.capitalize(), f"{tapper.keyword} with another cost that taps permanents"
            )
        tapped = ObjectCost(
            CostAction.TAP,
            None,
            frozenset({tapper.kind}),
            text=f"tap {tapper.kind.value}s you control ({tapper.keyword})",
        )
        terms.append(CostTerm(Cost(objects=(tapped,), text=tapper.keyword), (), lambda: 1, 1, tapper.keyword))
    candidates = _add_object_variables(problem, terms)
    _add_life(problem, terms)
    _add_reveals(problem, terms)
    _add_discards_at_random(problem, terms)
    add_mana_value_of_x(problem)
    tapping = set(candidates[CostObjectsKey(CostAction.TAP, Zone.BATTLEFIELD)])
    helpers = None if tapper is None else (tapper, tuple(problem.state.object(o) for o in tapping))
    add_payment(problem, terms, tapping, len(candidates[delve]) if problem.abilities.delve else None, helpers)
    for key in problem.memo.any_number:
        add_joint_any_number_count(problem, key)
    if problem.abilities.x_colours:
        add_x_colours(problem, terms)


def _base_terms(problem: CastProblem) -> None:
    """The mana cost, the alternative costs and the card's additional costs, as cost terms (CR 601.2f)."""
    spell, abilities = problem.spell, problem.abilities
    mana_cost = spell.card.mana_cost
    free = problem.without_paying_mana_cost
    if mana_cost is not None and not free:
        problem.add_cost(
            CostTerm(Cost(mana_cost), (ALTERNATIVE_COST,), lambda alternative: int(alternative is None), 1, "mana cost")
        )
    for alternative in abilities.alternative_costs:
        if free:
            break
        keyword = alternative.keyword
        problem.add_cost(
            CostTerm(
                alternative.cost,
                (ALTERNATIVE_COST,),
                lambda chosen, keyword=keyword: int(chosen == keyword),
                1,
                keyword,
            )
        )
    for additional in abilities.additional_costs:
        label = additional.keyword or additional.cost.text
        if additional.optional:
            problem.add_cost(
                CostTerm(
                    additional.cost, (optional_cost_key(additional),), int, _most_times(problem, additional), label
                )
            )
        else:
            problem.add_cost(CostTerm(additional.cost, (), lambda: 1, 1, label))
    for modifier in cost_modifiers_of(problem):
        if modifier.coloured is not None:  # "White spells you cast cost {W} more" (CR 601.2f)
            problem.add_cost(CostTerm(Cost(modifier.coloured), (), lambda: 1, 1, modifier.text))


def _refuse_consumed_sources_as_cost_objects(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Refuse a cost that may take an object whose mana ability sacrifices or exiles it (a Treasure, a Spirit Guide).

    Mana abilities are activated before costs are paid (CR 601.2g-h): such an object pays mana or the cost, not
    both, and which one is a choice of payment this version does not weigh. Tapping costs are weighed already
    (a permanent tapped to pay a cost makes no mana).

    Raises
    ------
    UnsupportedRuleError
        Naming the cost and the object.
    """
    _refuse_sacrificed_for_mana_as_cost_objects(problem, terms)
    costs = [
        c
        for t in terms
        for c in t.cost.objects
        if c.action is not CostAction.TAP and c.zone in (Zone.BATTLEFIELD, Zone.HAND)
    ]
    if not costs:
        return
    consumed = {s.object_id for s in available_mana_sources(problem) if s.consumed}
    for cost in costs:
        matches = object_matcher(cost)
        for obj in cost_object_pool(problem, CostObjectsKey(cost.action, cost.zone)):
            if obj.id in consumed and matches(obj):
                raise UnsupportedRuleError(
                    problem.spell.name,
                    cost.text or cost.action.value,
                    f"a cost that may take {obj.name} ({obj.id}), whose mana ability "
                    "sacrifices or exiles it (CR 601.2g-h)",
                )


def _refuse_sacrificed_for_mana_as_cost_objects(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Refuse a cost that may take a permanent another's mana ability may sacrifice ("{T}, Sacrifice a Forest:").

    That ability is activated before costs are paid (CR 601.2g-h): the Forest it sacrifices can't then be tapped,
    sacrificed or returned for a cost, nor tapped for convoke or improvise (CR 702.51a, 702.126a); which one pays
    what is a choice of payment this version does not weigh.

    Raises
    ------
    UnsupportedRuleError
        Naming the cost and the permanent.
    """
    sacrificed = sacrificed_for_mana(problem.state, problem.caster)
    if not sacrificed:
        return
    for cost in (c for t in terms for c in t.cost.objects if c.zone is Zone.BATTLEFIELD):
        matches = object_matcher(cost)
        for obj in cost_object_pool(problem, CostObjectsKey(cost.action, cost.zone)):
            if obj.id in sacrificed and matches(obj):
                raise UnsupportedRuleError(
                    problem.spell.name,
                    cost.text or cost.action.value,
                    f"a cost that may take {obj.name} ({obj.id}), which a mana ability may sacrifice (CR 601.2g-h)",
                )
    helper = tapping_keyword(problem)
    if helper is not None and any(
        problem.state.object(i).card.has_type(CardType.CREATURE if helper.keyword == "convoke" else CardType.ARTIFACT)
        for i in sacrificed
    ):
        raise UnsupportedRuleError(
            problem.spell.name,
            helper.keyword.capitalize(),
            f"{helper.keyword} with a permanent a mana ability may sacrifice (CR 601.2g-h)",
        )


def _add_object_variables(problem: CastProblem, terms: list[CostTerm]) -> dict[CostObjectsKey, tuple[str, ...]]:
    """One variable per action paying costs with objects; returns each one's candidates.

    Raises
    ------
    UnsupportedRuleError
        A cost naming power or toughness ("sacrifice a creature with power 4 or greater", casualty) while a
        static ability may change them (CR 613.4): power is read as printed, with counters.
    """
    problem_of = ProblemRef(problem)  # what the problem keeps holds no reference back to it
    if any(
        q.attribute in ("power", "toughness", "power plus toughness")
        for term in terms
        for cost in term.cost.objects
        if cost.qualities is not None
        for clause in cost.qualities.clauses
        for q in clause
    ):
        refuse_static_power_changes(problem)
    needs: dict[CostObjectsKey, list[ObjectNeed]] = {}
    for term in terms:
        for cost in term.cost.objects:
            key = CostObjectsKey(cost.action, cost.zone)
            needs.setdefault(key, []).append(ObjectNeed(cost, term, _tapped_by_mana_matcher(problem, cost)))
    keys = list(COST_OBJECT_KEYS) + [k for k in needs if k not in COST_OBJECT_KEYS]
    candidates: dict[CostObjectsKey, tuple[str, ...]] = {}
    for key in keys:
        if key in needs:
            candidates[key] = _add_objects_of(problem, key, needs[key])
        else:
            candidates[key] = ()

            def why_not(value: Any, key: CostObjectsKey = key) -> tuple[Reason, ...]:
                return (cost_objects_reason(problem_of(), key, tuple(value), (), 0, 0),)

            problem.add_variable(key, ((),), "CR 601.2h", why_not)
    return candidates


def _add_objects_of(problem: CastProblem, key: CostObjectsKey, needs: list[ObjectNeed]) -> tuple[str, ...]:
    """The variable of the objects one action uses, by what its costs ask; returns its candidates (CR 601.2h).

    Collect evidence and teamwork (a least total, :func:`~solver.rules.object_costs.add_least_total_objects`),
    waterbend (:func:`~solver.rules.mana.add_waterbend_objects`), or objects counted
    (:func:`~solver.rules.object_costs.add_cost_objects`).
    """
    if any(need.cost.least_total_mana_value is not None or need.cost.least_total_power is not None for need in needs):
        return add_least_total_objects(problem, key, needs)
    if any(need.cost.waterbend for need in needs):
        return add_waterbend_objects(problem, key, needs)
    return add_cost_objects(problem, key, needs)


def _tapped_by_mana_matcher(problem: CastProblem, cost: ObjectCost) -> Callable[[GameObject], bool]:
    """:func:`object_matcher`, where a permanent the caster may tap for mana counts as tapped (CR 601.2g-h).

    Mana abilities are activated before costs are paid (CR 601.2g), and the mana made stays in the pool to pay
    them, so a permanent of the caster's that is untapped now, with a {T} mana ability it can activate (a source
    of :func:`available_mana_sources`), is tapped when a cost asks for "a tapped creature" (web-slinging,
    CR 702.188a): returning it does not lose its mana. A cost that taps objects asks for untapped ones, and is
    read as it is.
    """
    matches = object_matcher(cost)
    if (
        cost.action is CostAction.TAP
        or cost.qualities is None
        or not any(q.attribute == "tapped" and not q.negated for clause in cost.qualities.clauses for q in clause)
    ):
        return matches
    tappable = {s.object_id for s in available_mana_sources(problem) if s.object_id is not None and not s.consumed}

    def tapped_by_mana(obj: GameObject) -> bool:
        if obj.id in tappable and not obj.tapped:
            return matches(dataclasses.replace(obj, tapped=True))
        return matches(obj)

    return tapped_by_mana


def _add_life(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Life paid: "pay 4 life" and "pay X life", never more than the caster's life total (CR 119.4)."""
    _add_fixed_life(problem, [term for term in terms if term.cost.life])
    spell = problem.spell
    if not any(term.cost.life_x for term in terms):
        return
    mana_cost = spell.card.mana_cost
    if problem.variables[X].domain == (None,):
        raise UnsupportedRuleError(spell.name, "pay X life", "X life without X in the mana cost")
    if any(s.kind is SymbolKind.PHYREXIAN for s in (mana_cost.symbols if mana_cost else ())):
        raise UnsupportedRuleError(spell.name, str(mana_cost), "life paid for X and for Phyrexian mana")
    life = problem.state.life_of(problem.caster)
    problem.add_constraint(
        (X,),
        lambda x: x is None or x == 0 or x <= life,
        "CR 119.4",
        f"X life can be paid only with a life total of X or more ({problem.caster} has {life})",
        lambda x: f"X is {x} and {problem.caster} has {life} life",
    )


def _add_fixed_life(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Life of "pay 4 life" terms, together no more than the caster's life total (CR 119.4).

    Raises
    ------
    UnsupportedRuleError
        Life paid both this way and for Phyrexian mana or X: one budget of life, not modelled.
    """
    caster = problem.caster  # closures kept by the problem hold no reference back to it
    if not terms:
        return
    spell = problem.spell
    phyrexian = any(s.kind is SymbolKind.PHYREXIAN for term in problem.cost_terms for s in term.cost.mana.symbols)
    if phyrexian or any(term.cost.life_x for term in problem.cost_terms):
        raise UnsupportedRuleError(
            spell.name, ", ".join(t.cost.text for t in terms), "life paid for a cost and for Phyrexian mana or X"
        )
    life = problem.state.life_of(caster)
    scope: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(k for term in terms for k in term.scope))
    positions = [tuple(scope.index(k) for k in term.scope) for term in terms]

    def paid(*values: Any) -> int:
        return sum(term.cost.life * term.times(*(values[i] for i in where)) for term, where in zip(terms, positions))

    problem.add_constraint(
        scope,
        lambda *values: paid(*values) <= life,
        "CR 119.4",
        f"life can be paid only with a life total at least as high ({caster} has {life})",
        lambda *values: f"{paid(*values)} life to pay and {caster} has {life}",
    )


def can_reveal(problem: CastProblem, reveal: RevealCost) -> bool:
    """Whether the caster can pay a cost revealing a card from their hand, or beholding (CR 701.20a, 701.4a).

    Parameters
    ----------
    problem : CastProblem
    reveal : RevealCost

    Returns
    -------
    bool
        A card of the caster's hand other than the spell (on the stack, CR 601.2a) has the qualities; or,
        to behold, a permanent the caster controls has them (CR 701.4a).
    """
    state, caster = problem.state, problem.caster
    if reveal.from_hand and any(
        o.id != problem.spell.id and has_qualities(o, reveal.qualities) for o in state.hand(caster)
    ):
        return True
    return reveal.behold and any(has_qualities(o, reveal.qualities) for o in state.objects_in(Zone.BATTLEFIELD, caster))


def _add_reveals(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Cards revealed or beheld to pay a cost: a condition of the cast, not a choice (CR 701.20, 701.4a, 601.2h).

    A term revealing what the caster can't show is paid zero times: a cost that can't be paid is not
    (CR 601.2h), so a mandatory one makes the spell uncastable, an optional one unpaid. Which card is shown
    does not tell casts apart (revealing moves nothing, CR 701.20b).
    """
    name = problem.spell.name
    if any(not reveal.from_hand for term in terms for reveal in term.cost.reveals):
        refuse_unread_topic(problem.state, "counters")  # a creature that can't take them can't pay (CR 118.3)
    for term in terms:
        missing = [r for r in term.cost.reveals if not can_reveal(problem, r)]
        if not missing:
            continue
        what = missing[0]
        if not what.from_hand:  # a creature of the caster's takes counters (CR 701.68a)
            lack = f"{problem.caster} controls no {what.qualities.text}"
            rule, asked = (
                "CR 701.68a",
                f"'{what.text}' can be paid only with a {what.qualities.text} {problem.caster} controls",
            )
        else:
            lack = f"{problem.caster} has no {what.qualities.text} card in hand other than {name}" + (
                f" and controls no {what.qualities.text}" if what.behold else ""
            )
            rule = "CR 701.4a" if what.behold else "CR 701.20a"
            asked = f"'{what.text}' can be paid only with such a card in {problem.caster}'s hand" + (
                " or such a permanent of theirs" if what.behold else ""
            )
        problem.add_constraint(
            term.scope,
            lambda *values, term=term: term.times(*values) == 0,
            rule,
            asked,
            lambda *values, what=what, lack=lack: f"'{what.text}' can't be paid: {lack}",
        )


def _add_discards_at_random(problem: CastProblem, terms: list[CostTerm]) -> None:
    """Cards discarded at random: enough cards left in hand, which ones no choice (CR 701.9b, 601.2h).

    Costs without random elements are paid first (CR 601.2h): the cards discarded or exiled from the hand
    for them are gone when the random discards are made, so the hand (the spell aside, CR 601.2a) must hold
    those and the random ones. The cards that go at random are not chosen by the caster (CR 701.9b) and
    tell no casts apart.
    """
    caster, spell_name = problem.caster, problem.spell.name  # kept by the problem: no reference back to it
    random_terms = [term for term in terms if term.cost.discards_at_random]
    if not random_terms:
        return
    hand = len(cost_object_pool(problem, CostObjectsKey(CostAction.DISCARD, Zone.HAND)))
    taking = tuple(key for key in problem.variables if isinstance(key, CostObjectsKey) and key.zone is Zone.HAND)
    scope: tuple[ChoiceKey, ...] = tuple(dict.fromkeys(k for term in random_terms for k in term.scope)) + taking
    positions = [tuple(scope.index(k) for k in term.scope) for term in random_terms]

    def at_random(values: tuple[Any, ...]) -> int:
        return sum(
            term.cost.discards_at_random * term.times(*(values[i] for i in where))
            for term, where in zip(random_terms, positions)
        )

    def enough(*values: Any) -> bool:
        taken = sum(len(v) for v in values[len(values) - len(taking) :])
        return at_random(values) <= hand - taken

    problem.add_constraint(
        scope,
        enough,
        "CR 701.9b",
        "the cards discarded at random are in the hand after the other costs are paid (CR 601.2h)",
        lambda *values: (
            f"{at_random(values)} card(s) to discard at random, and {caster}'s hand holds "
            f"{hand - sum(len(v) for v in values[len(values) - len(taking) :])} besides "
            f"{spell_name} and the cards the other costs take"
        ),
    )
