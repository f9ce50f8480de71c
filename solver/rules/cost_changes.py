"""Cost changes (CR 601.2f, 118.7): what is added to the total cost and what is taken off it.

The spell's own changes ("This spell costs {1} less to cast for each …") and the static abilities of permanents
that name spells like it (:func:`cost_modifiers_of`), read as:

- generic changes the state decides (:func:`generic_change`), never below zero, never of coloured mana
  beyond what the spell's own coloured reductions take (:func:`coloured_reduction`, :func:`take_coloured`,
  CR 118.7b-c);
- changes on the targets chosen ("if it targets a tapped creature": :func:`target_cost_changes`,
  :func:`targeted_changes`; strive's "for each target beyond the first": :func:`per_target_increases`), which
  are chosen before the total cost is determined (CR 601.2c before 601.2f);
- changes on how the additional costs are paid ("for each card exiled this way", "if evidence was collected":
  :func:`paid_cost_changes`), announced before the total cost too (CR 601.2b);
- the lowest change any choice could give (:func:`least_generic_change`), a bound used before targets.

Mana value never includes any of this (CR 202.3). The payment rule that reads these is
:func:`solver.rules.mana.add_payment`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from models.abilities import ControllerFilter, CostModifier, ObjectFilter, Quality, TargetKind, TargetSpec
from models.choices import ChoiceKey, CostObjectsKey, TargetKey
from models.errors import UnsupportedRuleError
from models.mana import ManaCost, ManaSymbol, SymbolKind
from models.objects import CardType, GameObject
from models.state import GameState
from solver.abilities import abilities_of
from solver.problem import CastProblem, state_memo
from solver.rules.characteristics import battlefield_groups, refuse_static_power_changes, refuse_static_type_changes
from solver.rules.conditions import count_in_state, count_of, requirement_holds
from solver.rules.naming import is_named_by
from solver.rules.object_costs import cost_object_pool
from solver.rules.qualities import has_qualities, number_of
from solver.rules.switches import optional_cost_key
from solver.rules.target_sets import named_candidates

__all__ = [
    "coloured_reduction",
    "cost_modifiers_of",
    "generic_change",
    "least_generic_change",
    "most_paid",
    "paid_amount",
    "paid_cost_changes",
    "per_target_increases",
    "take_coloured",
    "target_cost_changes",
    "targeted_changes",
]


def cost_modifiers_of(problem: CastProblem) -> list[CostModifier]:
    """The cost changes that apply to this spell and caster (CR 601.2f), read once per problem.

    The spell's own ("This spell costs {1} less to cast for each …"), and
    the static abilities of permanents naming spells like it.

    Raises
    ------
    UnsupportedRuleError
        A permanent whose text may change costs or forbid casting and can't be read.
    """
    found = problem.memo.cost_modifiers
    if found is not None:
        return found
    found = [m for m in problem.abilities.cost_modifiers if m.own]
    for obj, modifier in _cost_changers(problem.state):
        if not has_qualities(problem.spell, modifier.qualities):
            continue
        if modifier.casters == "you" and obj.controller != problem.caster:
            continue
        if modifier.casters == "opponents" and obj.controller == problem.caster:
            continue
        if modifier.from_zone is not None and problem.spell.zone is not modifier.from_zone:
            continue  # "Spells you cast from your graveyard cost {1} less" (CR 601.2f)
        if modifier.except_from_zone is not None and problem.spell.zone is modifier.except_from_zone:
            continue  # "Spells you cast from anywhere other than your hand cost {2} less"
        if modifier.first_of_qualities and problem.state.this_turn.spells_cast_by(problem.caster) > 0:
            raise UnsupportedRuleError(
                obj.name,
                modifier.text,
                "which of the spells cast this turn had the qualities named is not in the state",
            )
        if modifier.if_targets is not None and obj.controller != problem.caster:
            modifier = _from_the_casters_side(problem, obj, modifier)
        if modifier.per is not None:
            modifier = _counted_by_its_permanent(problem, obj, modifier)
        found.append(modifier)
    problem.memo.cost_modifiers = found
    return found


def _counted_by_its_permanent(problem: CastProblem, obj: GameObject, modifier: CostModifier) -> CostModifier:
    """A permanent's change "for each …", counted for that permanent: its amount times the count, ``per`` gone.

    "Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~" counts the counters on that
    permanent (CR 122.1); "for each experience counter you have", "for each Ally you control" count what its
    controller ("you", CR 109.5) has. A count that needs the cast problem (objects named by a phrase, the total
    power) is counted from the caster's side, so only when the caster controls the permanent.

    Raises
    ------
    UnsupportedRuleError
        Such a count of a permanent an opponent of the caster controls.
    """
    per = modifier.per
    assert per is not None
    number = count_in_state(problem.state, obj.controller, per, obj)
    if number is None:
        if obj.controller != problem.caster:
            raise UnsupportedRuleError(obj.name, modifier.text, "a count of another player's cost change, not read")
        number = count_of(problem, per)
    return dataclasses.replace(modifier, amount=modifier.amount * number, per=None)


def _from_the_casters_side(problem: CastProblem, obj: GameObject, modifier: CostModifier) -> CostModifier:
    """A permanent's change on what spells target, its "you control" said from the caster's side (CR 109.5).

    "Spells your opponents cast that target a creature or planeswalker you control": "you" is the permanent's
    controller, an opponent of the caster; with two players, the phrase names what "an opponent" controls.

    Raises
    ------
    UnsupportedRuleError
        More than two players: which opponent controls the object would be a quality not modelled.
    """
    spec = modifier.if_targets
    assert spec is not None
    if spec.controller is ControllerFilter.ANY:
        return modifier
    if len(problem.state.players) > 2:
        raise UnsupportedRuleError(
            obj.name, modifier.text, "a cost change on what one opponent controls, with more than two players"
        )
    flipped = ControllerFilter.OPPONENT if spec.controller is ControllerFilter.YOU else ControllerFilter.YOU
    return dataclasses.replace(modifier, if_targets=dataclasses.replace(spec, controller=flipped))


def _cost_changers(state: GameState) -> tuple[tuple[GameObject, CostModifier], ...]:
    """The permanents' cost changes of other spells, each with its permanent, read once per state (CR 601.2f).

    Raises
    ------
    UnsupportedRuleError
        A permanent whose text may change costs or forbid casting and can't be read.
    """
    memo = state_memo(state)
    if memo.cost_changers is None:
        found = []
        for abilities, permanents in battlefield_groups(state):  # permanents alike in abilities, asked once
            unread = [u for u in abilities.permanent_unsupported if "cost" in u.topics]
            if unread:
                raise UnsupportedRuleError(permanents[0].name, unread[0].span, unread[0].reason)
            modifiers = [modifier for modifier in abilities.cost_modifiers if not modifier.own]
            if modifiers:
                found += [(obj, modifier) for obj in permanents for modifier in modifiers]
        # battlefield order, as one pass over the permanents gives them
        order = {obj.id: i for i, obj in enumerate(state.battlefield())} if found else {}
        found.sort(key=lambda pair: order[pair[0].id])
        found += _stack_cost_changers(state)
        memo.cost_changers = tuple(found)  # kept only once every permanent was read
    return memo.cost_changers


def _stack_cost_changers(state: GameState) -> list[tuple[GameObject, CostModifier]]:
    """Spells on the stack that make spells targeting them cost more (Kaervek's Torch, CR 601.2f), bottom first.

    Each change's ``if_targets`` names that spell alone: a spell on the stack is a target of "target spell".
    """
    found = []
    for spell_id in state.stack:
        spell = state.object(spell_id)
        for modifier in abilities_of(spell).cost_modifiers:
            if modifier.targets_itself:
                itself = ObjectFilter((frozenset({Quality("object", spell.id)}),), "it")
                spec = TargetSpec("it", frozenset({TargetKind.SPELL}), qualities=itself)
                found.append((spell, dataclasses.replace(modifier, if_targets=spec)))
    return found


def generic_change(problem: CastProblem) -> int:
    """Generic mana added (positive) or taken off (negative) by the cost changes the state decides (CR 601.2f).

    Changes that apply only if the spell targets an object of a kind are left out: see
    :func:`target_cost_changes`.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int
        Generic mana, the sum of every change whose conditions hold.

    Raises
    ------
    UnsupportedRuleError
        As :func:`cost_modifiers_of`.
    """
    total = 0
    for modifier in cost_modifiers_of(problem):
        if modifier.if_targets is not None or not all(requirement_holds(problem, r) for r in modifier.requires):
            continue  # "if you control a Wizard", and the caster doesn't
        if modifier.per_object_of is not None or modifier.if_paid is not None:
            continue  # on the choices of the cast: see paid_cost_changes
        total += modifier.amount * (1 if modifier.per is None else count_of(problem, modifier.per))
    return total


def target_cost_changes(problem: CastProblem) -> list[CostModifier]:
    """The cost changes that apply if the spell targets an object of a kind, their other conditions holding.

    "This spell costs {3} less to cast if it targets a tapped creature": the
    targets are chosen (CR 601.2c) before the total cost is determined (CR
    601.2f), so the change is a function of the target choices.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    list of CostModifier
        Each with ``if_targets`` set, in the order of :func:`cost_modifiers_of`.

    Raises
    ------
    UnsupportedRuleError
        As :func:`cost_modifiers_of`.
    """
    return [
        m
        for m in cost_modifiers_of(problem)
        if m.if_targets is not None and all(requirement_holds(problem, r) for r in m.requires)
    ]


def least_generic_change(problem: CastProblem) -> int:
    """The lowest generic change any choice of targets can give: every reduction that targets may give, no increase.

    What must be payable whatever the targets are (CR 601.2f): a bound, used
    before targets are chosen.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int
        :func:`generic_change` plus the negative amounts of :func:`target_cost_changes`.

    Raises
    ------
    UnsupportedRuleError
        As :func:`cost_modifiers_of`.
    """
    return (
        generic_change(problem)
        + sum(min(0, m.amount) for m in target_cost_changes(problem))
        + sum(min(0, amount) * most_paid(problem, key, each) for amount, key, each in paid_cost_changes(problem))
    )


def coloured_reduction(problem: CastProblem) -> ManaCost | None:
    """The coloured mana the spell's own reductions take off, their conditions holding (CR 601.2f, 118.7b-c).

    "During your turn, this spell costs {2}{U}{U} less to cast": {U}{U} (the {2} is a generic change).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    ManaCost or None
        The coloured symbols, all reductions together; None when none applies.

    Raises
    ------
    UnsupportedRuleError
        A coloured reduction that also depends on the choices of the cast (targets, objects paid).
    """
    symbols: list[ManaSymbol] = []
    for modifier in cost_modifiers_of(problem):
        if modifier.coloured_reduction is None:
            continue
        if (
            modifier.if_targets is not None
            or modifier.per is not None
            or modifier.per_object_of is not None
            or modifier.if_paid is not None
        ):
            raise UnsupportedRuleError(
                problem.spell.name, modifier.text, "a coloured reduction on the choices of the cast is not modelled"
            )
        if all(requirement_holds(problem, r) for r in modifier.requires):
            symbols.extend(modifier.coloured_reduction.symbols)
    return ManaCost(tuple(symbols)) if symbols else None


def take_coloured(problem: CastProblem, total: ManaCost, reduction: ManaCost) -> tuple[ManaCost, int]:
    """The total cost with coloured symbols taken off, and how much generic mana is left to take (CR 118.7b-c).

    Each {U} of the reduction takes off one {U} of the total; with none left, one generic mana instead.

    Parameters
    ----------
    problem : CastProblem
        For the error's card name.
    total : ManaCost
    reduction : ManaCost
        Coloured symbols only (:func:`coloured_reduction`).

    Returns
    -------
    (ManaCost, int)
        The total without the symbols taken, and how many symbols of the reduction found none.

    Raises
    ------
    UnsupportedRuleError
        The total has a hybrid or Phyrexian symbol of that colour: whether it "requires" that colour is not
        decided here.
    """
    remaining = list(total.symbols)
    beyond = 0
    for symbol in reduction.symbols:
        (colour,) = symbol.colors
        at = next((i for i, s in enumerate(remaining) if s.kind is SymbolKind.COLORED and s.colors == (colour,)), None)
        if at is not None:
            del remaining[at]
        elif any(colour in s.colors for s in remaining):
            raise UnsupportedRuleError(
                problem.spell.name,
                str(total),
                f"a {{{colour.letter}}} reduction of a total cost with a hybrid or Phyrexian "
                f"symbol of that colour (CR 118.7)",
            )
        else:
            beyond += 1
    return ManaCost(tuple(remaining)), beyond


def most_paid(problem: CastProblem, key: ChoiceKey, each: bool | str) -> int:
    """The most a change of :func:`paid_cost_changes` can count.

    Parameters
    ----------
    problem : CastProblem
    key : ChoiceKey
        The choice the change reads.
    each : bool or str
        As :func:`paid_cost_changes` gives it.

    Returns
    -------
    int
        Every object that could pay; the greatest power or mana value of one (harmonize's creature, emerge's,
        each one object; any permanent of the caster's bounds it); or once.
    """
    if isinstance(each, str) and isinstance(key, CostObjectsKey):
        return max((_value_of(o, each) for o in cost_object_pool(problem, key)), default=0)
    return len(cost_object_pool(problem, key)) if each and isinstance(key, CostObjectsKey) else 1


def _value_of(obj: GameObject, attribute: str) -> int:
    """An object's power or mana value as a cost change counts it, at least 0 (CR 208, 202.3, 107.1b).

    A noncreature has no power: 0. A power an ability defines raises :class:`UnsupportedRuleError`
    (:func:`solver.rules.qualities.number_of`).
    """
    if attribute == "power" and not obj.card.has_type(CardType.CREATURE):
        return 0
    return max(0, number_of(obj, attribute))


def paid_amount(state: GameState, chosen: tuple[Any, ...], each: bool | str) -> int:
    """How many times a change of :func:`paid_cost_changes` applies for the choice made.

    Parameters
    ----------
    state : GameState
    chosen : tuple
        The value of the choice the change reads: the ids of the objects paying, or (non-empty) the times an
        optional cost is paid.
    each : bool or str
        As :func:`paid_cost_changes` gives it.

    Returns
    -------
    int
        The objects chosen, their total power (or mana value), or once.
    """
    if isinstance(each, str):
        return sum(max(0, number_of(state.object(o), each)) for o in chosen)
    return len(chosen) if each else 1


def paid_cost_changes(problem: CastProblem) -> list[tuple[int, ChoiceKey, bool | str]]:
    """The spell's own cost changes on how its additional costs are paid, their other conditions holding (CR 601.2f).

    "This spell costs {2} less to cast for each card exiled this way" counts the objects chosen to pay the
    additional cost before it; "… if evidence was collected" asks whether that optional cost is paid. Both are
    announced (CR 601.2b) before the total cost is determined (CR 601.2f), so the total is a function of them.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    list of (int, ChoiceKey, bool or str)
        Each change's generic amount, the key of the choice it reads (the objects paying, or the optional cost),
        and whether it counts each object (True), each point of their power (``"power"``, harmonize, CR
        702.180a) or asks only that the cost is paid (False); printed order.

    Raises
    ------
    UnsupportedRuleError
        Another cost of the spell pays with objects of the same action from the same zone, so "this way" can't
        be told apart.
    """
    changes = []
    for modifier in cost_modifiers_of(problem):
        if not modifier.own or not all(requirement_holds(problem, r) for r in modifier.requires):
            continue
        if modifier.per_object_of is not None:
            paid = modifier.per_object_of
            key: ChoiceKey = CostObjectsKey(paid.action, paid.zone)
            others = [c for a in problem.abilities.additional_costs for c in a.cost.objects if c != paid] + [
                c for a in problem.abilities.alternative_costs for c in a.cost.objects if c != paid
            ]
            if any((c.action, c.zone) == (paid.action, paid.zone) for c in others):
                raise UnsupportedRuleError(
                    problem.spell.name,
                    modifier.text,
                    "a reduction for each object paid 'this way', with another cost paying with the same objects",
                )
            if modifier.per_value == "power":  # the power of what is tapped, as the state gives it (CR 208, 613.4)
                refuse_static_power_changes(problem)
                refuse_static_type_changes(problem)
            changes.append((modifier.amount, key, modifier.per_value or True))
        elif modifier.if_paid is not None:
            additional = next(
                (a for a in problem.abilities.additional_costs if a.optional and a.keyword == modifier.if_paid), None
            )
            if additional is None:
                raise UnsupportedRuleError(problem.spell.name, modifier.text, "a reduction on an unknown cost")
            changes.append((modifier.amount, optional_cost_key(additional), False))
    return changes


def per_target_increases(problem: CastProblem) -> list[tuple[ManaCost, tuple[TargetKey, ...]]]:
    """Strive's increases, each with the instances of "target" whose targets it counts (CR 207.2c, 601.2f).

    "This spell costs {2}{R} more to cast for each target beyond the first" counts the targets of the spell:
    every instance of its text. The cards with strive have one instance ("any number of target creatures");
    a spell with such an increase and more than one instance, or a spliced text, is not modelled.

    Parameters
    ----------
    problem : CastProblem
        With its target slots added.

    Returns
    -------
    list of (ManaCost, tuple of TargetKey)
        The mana added per target beyond the first, and the instances counted; empty when none applies.

    Raises
    ------
    UnsupportedRuleError
        Such an increase on a spell with several instances of "target", or spliced text.
    """
    increases = [m for m in cost_modifiers_of(problem) if m.per_target_beyond_first is not None]
    if not increases:
        return []
    keys = tuple(slot.key for slot in problem.slots)
    if len(keys) > 1 or problem.splice_candidates or len(increases) > 1:
        raise UnsupportedRuleError(
            problem.spell.name,
            increases[0].text,
            "a cost per target beyond the first, with several instances of 'target'",
        )
    return [(m.per_target_beyond_first, keys) for m in increases if m.per_target_beyond_first is not None]


def targeted_changes(problem: CastProblem) -> tuple[list[tuple[int, frozenset[str]]], tuple[TargetKey, ...]]:
    """The cost changes that depend on the spell's targets, and the instances of "target" they read (CR 601.2f).

    Parameters
    ----------
    problem : CastProblem
        With its target slots added.

    Returns
    -------
    (list of (int, frozenset of str), tuple of TargetKey)
        Each change's generic amount and the candidates its phrase names ("a tapped creature": the tapped
        creatures); the instances that have a legal choice naming one of them (the others never change the
        cost), in problem order. Both empty when no change of the spell depends on targets.
    """
    changes = target_cost_changes(problem)
    if not changes:
        return [], ()
    candidates = dict.fromkeys(c for slot in problem.slots for c in named_candidates(slot.choices))
    named = []
    for modifier in changes:
        spec = modifier.if_targets
        assert spec is not None, "target_cost_changes keeps changes with if_targets"
        named.append((modifier.amount, frozenset(c for c in candidates if is_named_by(problem, spec, c))))
    touched = frozenset().union(*(ids for _, ids in named))
    keys = tuple(slot.key for slot in problem.slots if any(c in touched for c in named_candidates(slot.choices)))
    if not keys:
        return [], ()
    return [(amount, ids) for amount, ids in named if ids], keys
