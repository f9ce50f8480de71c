"""Targets (CR 115, 601.2c, 601.2d): one variable per instance of the word "target", one per division.

Each instance is a slot (:class:`~solver.problem.TargetSlot`, keyed by
:class:`~models.choices.TargetKey`) whose value is the sorted tuple of the
objects and players chosen for it (a set: "two target creatures" chooses two
different ones, CR 115.3), or None when the text it is in is not part of the
spell (a mode not chosen, CR 700.2c; a card not spliced, CR 702.47d; text
that needs kicker or awaken paid, CR 702.33g, 702.113a; an overloaded
spell's own text, CR 702.96b): its :class:`~solver.problem.Switch`. Domains
hold the legal choices, judged against the spell's own characteristics: a
spliced text does not change the spell's colour (CR 702.47c). Different
instances may choose the same object (CR 115.3) unless the text says
"another" (CR 115.4). Damage or counters divided among an instance's targets
is a choice of its own (:class:`~models.choices.DivisionKey`, CR 601.2d),
made from the targets chosen.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from models.abilities import (
    Instruction,
    TargetKind,
    TargetRelation,
    TargetSpec,
)
from models.choices import DivisionKey, TargetKey, X
from models.errors import UnsupportedRuleError
from models.objects import (
    PERMANENT_TYPES,
    GameObject,
    ObjectId,
    Zone,
)
from models.oracle.parser import ANY_NUMBER
from solver.problem import (
    CastProblem,
    ConstraintKind,
    LazyDomain,
    never_listed,
    ProblemRef,
    Reason,
    Switch,
    TargetSlot,
    state_memo,
)
from models.oracle.unread import STATIC_CREATURE_TYPE_CHANGE
from solver.rules.characteristics import (
    card_types,
    creature_types,
    refuse_static_changes,
    refuse_static_power_changes,
)
from solver.rules.naming import (
    UNDECIDED_X,
    announced_x,
    candidates_of,
    clause_names_x,
    controller_of,
    legal_targets,
    why_not_legal_target,
)
from solver.rules.object_costs import MOST_CANDIDATES_FOR_ANY_NUMBER
from solver.rules.qualities import holds, names_x, number_of
from solver.rules.switches import kick_key, switch_of
from solver.rules.target_sets import TargetChoices, TargetSets, number_of_sets

__all__ = ["add_target_rules", "add_target_slot", "relation_holds", "total_of", "target_choices", "compositions"]


def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to split ``total`` into ``parts`` amounts of at least 1, in order (CR 601.2d)."""
    for cuts in itertools.combinations(range(1, total), parts - 1):
        yield tuple(b - a for a, b in zip((0,) + cuts, cuts + (total,)))


def _least_targets(spec: TargetSpec) -> int:
    """The fewest targets an instance takes: its minimum, and one where something is divided (CR 115.6, 601.2d)."""
    return max(spec.minimum, 1) if spec.is_divided else spec.minimum


def _is_division(spec: TargetSpec, value: Any, x: Any = None) -> bool:
    """Whether a value divides the instance's whole amount among 1 to its most targets, at least 1 each (CR 601.2d).

    The amount is the printed one, or X (``x``, the value announced, CR 107.3a) where X is divided; with X
    None only the shape is checked (one positive amount per target, at most as many as the phrase allows).
    """
    if not (
        isinstance(value, tuple)
        and 1 <= len(value)
        and (spec.count >= ANY_NUMBER or len(value) <= spec.count)
        and all(isinstance(a, int) and not isinstance(a, bool) and a >= 1 for a in value)
    ):
        return False
    if spec.divided_x:
        return x is None or sum(value) == x
    return len(value) <= spec.divided and sum(value) == spec.divided


def _most_targets(spec: TargetSpec, candidates: int) -> int:
    """The most targets an instance takes among ``candidates``: its number, all of them for "any number of"."""
    return candidates if spec.count >= ANY_NUMBER else min(spec.count, candidates)


def target_choices(problem: CastProblem, spec: TargetSpec, pool: tuple[str, ...] | None = None) -> TargetChoices:
    """The legal sets of targets of one instance: sorted tuples of ids, smallest sets first (CR 115.3, 115.6).

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec
    pool : tuple of str or None
        The objects and players to choose among; by default :func:`legal_targets`.

    Returns
    -------
    TargetSets or tuple of tuple of str
        A :class:`~solver.rules.target_sets.TargetSets` (counted, checked and drawn without listing a set) when
        any set of the allowed sizes is legal; the listed sets when the phrase also asks something of the
        set as a whole (the same controller, a relation between the targets, a total).

    Raises
    ------
    UnsupportedRuleError
        "Any number of target" asking something of the whole set, with more than
        :data:`MOST_CANDIDATES_FOR_ANY_NUMBER` candidates.
    """
    legal = legal_targets(problem, spec) if pool is None else pool
    if spec.relation is TargetRelation.DIFFERENT_CONTROLLERS:
        return _sets_with_different_controllers(problem, spec, legal)
    least, most = _least_targets(spec), _most_targets(spec, len(legal))
    # one object for the same legal candidates and sizes (the phrase of a card spliced onto each spell cast)
    shared = state_memo(problem.state).target_sets
    kept = shared.get((id(legal), least, most))
    sets: TargetSets
    if kept is not None and kept[0] is legal:
        sets = kept[1]
    else:
        sets = TargetSets(legal, least, most)
        if len(shared) >= 4096:
            shared.clear()
        shared[id(legal), least, most] = (legal, sets)
    if not (spec.same_controller or spec.relation is not None or spec.total_at_most is not None):
        return sets
    if spec.count >= ANY_NUMBER and len(legal) > MOST_CANDIDATES_FOR_ANY_NUMBER:
        raise UnsupportedRuleError(
            problem.spell.name,
            spec.phrase,
            f"{len(legal)} candidates make {sets.size:,} sets of targets; at most "
            f"{MOST_CANDIDATES_FOR_ANY_NUMBER} candidates are listed for 'any number of target' with a condition "
            "on the whole set",
        )
    listed = list(sets)
    if spec.same_controller:  # "… controlled by the same player"
        listed = [chosen for chosen in listed if len({controller_of(problem, c) for c in chosen}) <= 1]
    if spec.relation is not None:  # "… controlled by different players", "… that share a creature type"
        listed = [chosen for chosen in listed if relation_holds(problem, spec.relation, chosen)]
    if spec.total_at_most is not None:  # "… with total mana value 3 or less"
        listed = [
            chosen for chosen in listed if total_of(problem, spec.total_at_most[0], chosen) <= spec.total_at_most[1]
        ]
    return tuple(listed)


def total_of(problem: CastProblem, attribute: str, chosen: tuple[str, ...]) -> int:
    """The sum of a number over the objects chosen for one instance: "with total mana value 3 or less" (CR 601.2c).

    Parameters
    ----------
    problem : CastProblem
    attribute : str
        ``"mana value"`` (CR 202.3) or ``"power"`` (CR 208), as :func:`~solver.rules.qualities.number_of` reads them.
    chosen : tuple of str
        Ids of objects in the state.

    Returns
    -------
    int
        0 for no object.

    Raises
    ------
    UnsupportedRuleError
        A power defined by an ability, or the mana value of a spell with X (see
        :func:`~solver.rules.qualities.number_of`).
    """
    return sum(number_of(problem.state.object(c), attribute) for c in chosen)


def _sets_with_different_controllers(
    problem: CastProblem, spec: TargetSpec, legal: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """The legal sets of an instance whose targets have different controllers (CR 115.1, 601.2c).

    Made as at most one target per controller, never by filtering every subset: "for each opponent, up to one
    target creature that player controls" has one set per choice of at most one creature from each opponent.
    In the order of :func:`target_choices`: smaller sets first, then by the candidates' order in ``legal``.
    """
    by_controller: dict[str, list[int]] = {}
    for position, candidate in enumerate(legal):
        by_controller.setdefault(controller_of(problem, candidate), []).append(position)
    groups = list(by_controller.values())
    least, most = _least_targets(spec), min(spec.count, len(groups))
    found: list[tuple[int, ...]] = []
    for size in range(least, most + 1):
        for chosen_groups in itertools.combinations(groups, size):
            found.extend(tuple(sorted(positions)) for positions in itertools.product(*chosen_groups))
    found.sort(key=lambda positions: (len(positions), positions))
    return tuple(tuple(sorted(legal[p] for p in positions)) for positions in found)


_BROKEN_RELATION = {
    TargetRelation.DIFFERENT_CONTROLLERS: "two of the targets have the same controller",
    TargetRelation.SHARE_CREATURE_TYPE: "the targets share no creature type",
    TargetRelation.SHARE_NO_CREATURE_TYPE: "two of the targets share a creature type",
    TargetRelation.SHARE_CARD_TYPE: "the targets share no card type",
    TargetRelation.SHARE_PERMANENT_TYPE: "the targets share no permanent type",
    TargetRelation.DIFFERENT_NAMES: "two of the targets have a name in common, or one has no name",
    TargetRelation.DIFFERENT_MANA_VALUES: "two of the targets have the same mana value",
    TargetRelation.EQUAL_TOUGHNESS: "the targets' toughnesses are not all equal",
}
"""What a set of targets that breaks a relation does, for sentences."""


def relation_holds(problem: CastProblem, relation: TargetRelation, chosen: tuple[str, ...]) -> bool:
    """Whether the objects chosen for one instance of "target" stand to each other as its phrase asks (CR 115.1).

    Parameters
    ----------
    problem : CastProblem
    relation : TargetRelation
    chosen : tuple of str
        The ids chosen for the instance (objects; players have no types and control nothing).

    Returns
    -------
    bool
        For "controlled by different players" and "share no creature types", no two of them break it; for
        "share a creature / card / permanent type", one type is common to all of them. True for fewer than two.

    Raises
    ------
    UnsupportedRuleError
        Creature types asked of a state where a static ability may change them (CR 613.1d), which is not applied.
    """
    if len(chosen) < 2:
        return True
    if relation is TargetRelation.DIFFERENT_CONTROLLERS:
        controllers = [controller_of(problem, c) for c in chosen]
        return len(set(controllers)) == len(controllers)
    if not all(problem.state.has_object(c) for c in chosen):
        return False  # players have no types
    objects = [problem.state.object(c) for c in chosen]
    if relation in _NUMBER_RELATIONS:
        return _numbers_relate(problem, relation, objects)
    if relation in (TargetRelation.SHARE_CREATURE_TYPE, TargetRelation.SHARE_NO_CREATURE_TYPE):
        refuse_static_changes(
            problem,
            STATIC_CREATURE_TYPE_CHANGE,
            "CR 613.1d",
            "creature types",
            "whether targets share a creature type can't be told",
        )
        types = [creature_types(o) for o in objects]
        if relation is TargetRelation.SHARE_CREATURE_TYPE:
            return bool(frozenset.intersection(*types))
        return all(not (a & b) for a, b in itertools.combinations(types, 2))
    common = frozenset.intersection(*(card_types(o) for o in objects))
    if relation is TargetRelation.SHARE_PERMANENT_TYPE:
        common &= PERMANENT_TYPES
    return bool(common)


_NUMBER_RELATIONS = frozenset(
    {TargetRelation.DIFFERENT_NAMES, TargetRelation.DIFFERENT_MANA_VALUES, TargetRelation.EQUAL_TOUGHNESS}
)
"""Relations of names and numbers, judged by :func:`_numbers_relate`."""


def object_names(obj: GameObject) -> frozenset[str]:
    """The names of a card in a graveyard or exile (CR 201.2a): a split card's two there (CR 709.4).

    Target phrases read "with different names" of cards in graveyards only: face down, a permanent has no name
    (CR 708.2a), which the cards these phrases name never are.
    """
    if obj.card.halves and obj.zone is not Zone.STACK:
        return frozenset(half.name for half in obj.card.halves)
    return frozenset({obj.card.name})


def _numbers_relate(problem: CastProblem, relation: TargetRelation, objects: list[GameObject]) -> bool:
    """ "with different names" (CR 201.2b), "with different mana values" (CR 202.3), "with equal toughness" (CR 208.1).

    Two or more objects have different names only if each has a name and no two have one in common (CR 201.2b).
    """
    if relation is TargetRelation.DIFFERENT_NAMES:
        names = [object_names(o) for o in objects]
        return all(names) and all(not (a & b) for a, b in itertools.combinations(names, 2))
    if relation is TargetRelation.DIFFERENT_MANA_VALUES:
        values = [number_of(o, "mana value") for o in objects]
        return len(set(values)) == len(values)
    refuse_static_power_changes(problem)
    return len({number_of(o, "toughness") for o in objects}) == 1


# ---------------------------------------------------------------------------------------------- switches


# ---------------------------------------------------------------------------------------------- slots
def _slot_why_not(problem: CastProblem, spec: TargetSpec, source_name: str) -> Callable[[Any], tuple[Reason, ...]]:
    problem_of = ProblemRef(problem)  # kept by the problem: no reference back (see ProblemRef)

    def why_not(value: Any) -> tuple[Reason, ...]:
        problem = problem_of()
        if value is None:
            return (Reason("CR 601.2c", f"no target is chosen for '{spec.phrase}' of {source_name}"),)
        if not isinstance(value, tuple) or not all(isinstance(t, str) for t in value):
            return (Reason("CR 601.2c", f"{value!r} is not a set of targets for '{spec.phrase}'"),)
        reasons = []
        if len(set(value)) != len(value):
            reasons.append(Reason("CR 115.3", f"the same object is chosen twice for '{spec.phrase}'"))
        if (
            spec.same_controller
            and len({problem.state.object(t).controller for t in value if problem.state.has_object(t)}) > 1
        ):
            reasons.append(Reason("CR 601.2c", f"'{spec.phrase}': the targets have different controllers"))
        known = all(problem.state.has_object(t) or t in problem.state.players for t in value)
        if spec.relation is not None and known and not relation_holds(problem, spec.relation, value):
            reasons.append(Reason("CR 601.2c", f"'{spec.phrase}': {_BROKEN_RELATION[spec.relation]}"))
        objects = all(problem.state.has_object(t) for t in value)
        if spec.total_at_most is not None and objects:
            attribute, most = spec.total_at_most
            total = total_of(problem, attribute, value)
            if total > most:
                reasons.append(
                    Reason("CR 601.2c", f"'{spec.phrase}': the targets' total {attribute} is {total}, more than {most}")
                )
        low = _least_targets(spec)
        if not low <= len(value) <= (len(value) if spec.count >= ANY_NUMBER else spec.count):
            wanted = spec.count if low == spec.count else f"{low} to {min(spec.count, ANY_NUMBER - 1)}"
            if spec.count >= ANY_NUMBER:
                wanted = f"{low} or more"
            if spec.kicked_count:  # as many as kicks: chosen only when kicked (CR 601.2c, 702.33c)
                reasons.append(
                    Reason(
                        "CR 702.33c",
                        f"'{spec.phrase}' takes one target for each time the spell "
                        f"was kicked, at least one when it is part of the spell; "
                        f"{len(value)} given",
                    )
                )
            else:
                reasons.append(Reason("CR 601.2c", f"'{spec.phrase}' takes {wanted} target(s); {len(value)} given"))
        for target in value:
            why = why_not_legal_target(problem, spec, target)
            if why is not None:
                reasons.append(Reason(why.rule, f"'{spec.phrase}': {why.message}"))
        return tuple(reasons) or (Reason("CR 601.2c", f"{list(value)} is not a legal choice for '{spec.phrase}'"),)

    return why_not


def _why_not_legal_target_of(problem_of: ProblemRef, spec: TargetSpec, candidate: str) -> Reason | None:
    """:func:`why_not_legal_target` for the problem of a :class:`ProblemRef` (what a slot keeps)."""
    return why_not_legal_target(problem_of(), spec, candidate)


def add_target_slot(
    problem: CastProblem,
    key: TargetKey,
    spec: TargetSpec,
    switch: Switch | None,
    source_name: str,
    choices: TargetChoices | None = None,
    earlier: TargetSlot | None = None,
    divisions: tuple[tuple[int, ...], ...] | None = None,
    player: TargetSlot | None = None,
    kicked: int | None = None,
) -> TargetSlot:
    """Add one instance of "target": its variable, its division, and the rules tying it to other choices.

    Parameters
    ----------
    problem : CastProblem
    key : TargetKey
    spec : TargetSpec
    switch : Switch or None
        When the instance is part of the spell; None: always.
    source_name : str
        The name of the card whose text holds it, for sentences.
    choices : TargetSets or tuple of tuple of str, optional
        The legal sets of targets; by default :func:`target_choices` (a copy
        passes its own, CR 707.10c).
    earlier : TargetSlot or None
        For "another target": the instance it must differ from (CR 115.4).
    divisions : tuple of tuple of int, optional
        For a divided instance, the divisions allowed; by default every
        division of the amount (a copy keeps its original's, CR 707.10).
    player : TargetSlot or None
        For "… that player controls" (:attr:`~models.abilities.TargetSpec.controlled_by`): the instance
        whose one target names that player (CR 115.1, 601.2c).
    kicked : int or None
        For "another target for each time this spell was kicked"
        (:attr:`~models.abilities.TargetSpec.kicked_count`) on a spell whose kicks are announced already (on
        the stack, CR 707.10): how many; None: the problem's choice of the kicker cost (CR 702.33c).

    Returns
    -------
    TargetSlot
    """
    domain: tuple[Any, ...] | LazyDomain | None = None
    if choices is None and problem.recorded is not None:
        choices, domain, divisions = _recorded_choices(problem, key, spec, switch is not None)
    elif choices is None:
        choices = target_choices(problem, spec)
    problem.add_variable(
        key,
        domain if domain is not None else _slot_domain(choices, switch is not None),
        "CR 601.2c",
        _slot_why_not(problem, spec, source_name),
    )
    division = DivisionKey(key) if spec.is_divided else None
    slot = TargetSlot(
        key,
        spec,
        switch,
        choices,
        candidates_of(problem, spec),
        division,
        functools.partial(_why_not_legal_target_of, ProblemRef(problem), spec),
    )
    problem.slots.append(slot)
    if switch is not None:
        _add_activation(problem, slot, source_name)
    if division is not None:
        _add_division(problem, slot, divisions)
    if earlier is not None:
        _add_another(problem, earlier, slot)
    if player is not None and (problem.recorded is None or problem.is_copy):
        # the player named by the earlier target, as the spell was cast, is no shape of its record (CR 608.2b)
        _add_controlled_by(problem, player, slot)
    if spec.x_count:
        _add_x_count(problem, slot)
    if spec.kicked_count:
        _add_kicked_count(problem, slot, kicked)
    if (
        spec.qualities is not None
        and any(clause_names_x(clause) for clause in spec.qualities.clauses)
        and announced_x(problem, spec) == UNDECIDED_X
    ):
        _add_x_quality(problem, slot)
    return slot


def _recorded_choices(
    problem: CastProblem, key: TargetKey, spec: TargetSpec, may_be_off: bool
) -> tuple[TargetChoices, tuple[Any, ...] | LazyDomain | None, tuple[tuple[int, ...], ...] | None]:
    """What an instance of a spell on the stack may have chosen: its sets, its domain, its divisions.

    The spell's own record (CR 601.2i) is judged for its shape: any players and objects, as many as the phrase
    takes, all different (CR 115.3), the objects named by id whether or not they are still in the game (a target
    that left it is illegal on resolution, CR 608.2b, never a bad record); their legality now is the instance's
    :attr:`~solver.problem.TargetSlot.why_not_target`. A copy (CR 707.10c) keeps its original's targets, or, when
    it may choose new ones, takes any target legal for it or keeps the original's; it divides as the original did.

    Returns
    -------
    (TargetChoices, domain or None, divisions or None)
        The sets of targets; the domain of the instance's variable when it is not made of those sets (None:
        :func:`_slot_domain` of them); the divisions allowed when they are fixed (None: every division).

    Raises
    ------
    UnsupportedRuleError
        New targets for a copy that divides damage or counters.
    """
    recorded = problem.recorded
    assert recorded is not None, "only a spell on the stack has a record"
    original = next((choice for choice in recorded.targets if choice.slot == key.slot), None)
    chosen = tuple(original.targets) if original is not None else ()
    least, state = _least_targets(spec), problem.state
    if problem.is_copy:
        if problem.keep_targets:
            fixed = (tuple(original.division),) if original is not None and spec.is_divided else None
            return (chosen,) if original is not None else (), None, fixed
        if spec.is_divided:
            raise UnsupportedRuleError(problem.spell.name, spec.phrase, "new targets for a copy with divided damage")
        # keep the original targets, even illegal ones, or any legal for the copy (CR 707.10c)
        return target_choices(problem, spec, tuple(sorted(set(legal_targets(problem, spec)) | set(chosen)))), None, None
    every = tuple(state.players) + tuple(o.id for o in state.objects)
    most = len(every) if spec.count >= ANY_NUMBER else spec.count

    def has_shape(value: Any) -> bool:
        if value is None:
            return may_be_off
        return (
            isinstance(value, tuple)
            and all(isinstance(t, str) for t in value)
            and least <= len(value)
            and (spec.count >= ANY_NUMBER or len(value) <= spec.count)
            and len(set(value)) == len(value)
            and list(value) == sorted(value)
        )

    return (
        TargetSets(every, least, max(least, min(most, len(every)))),
        LazyDomain(never_listed, has_shape, f"sets of {least} or more targets, any player or object"),
        None,
    )


def _slot_domain(choices: TargetChoices, may_be_off: bool) -> tuple[Any, ...] | LazyDomain:
    """The domain of an instance's variable: its legal sets, and None first when it may be no part of the spell.

    Sets counted, not listed (:class:`~solver.rules.target_sets.TargetSets`), stay unlisted: a lazy domain.
    """
    if not isinstance(choices, TargetSets):
        return ((None,) + choices) if may_be_off else choices
    if may_be_off:
        return LazyDomain(
            lambda: itertools.chain((None,), choices),
            lambda value: value is None or value in choices,
            f"no target, or {choices!r}",
        )
    return LazyDomain(lambda: iter(choices), choices.__contains__, repr(choices))


def _add_activation(problem: CastProblem, slot: TargetSlot, source_name: str) -> None:
    switch = slot.switch
    if switch is None:
        return
    phrase = slot.spec.phrase
    choices = slot.choices
    rule = switch.atoms[0].rule if len(switch.atoms) == 1 else "CR 601.2c"

    def explain(*values: Any) -> str:
        value = values[-1]
        if switch.is_on(*values[:-1]):
            return (
                f"{switch.text} but no target is chosen for '{phrase}'"
                if choices
                else f"{switch.text} but '{phrase}' has no legal target"
            )
        off = next(atom for atom, v in zip(switch.atoms, values[:-1]) if not atom.holds(v))
        return f"a target ({', '.join(value)}) is given for '{phrase}' of {source_name}, which needs: {off.text}"

    problem.add_constraint(
        switch.scope + (slot.key,),
        lambda *values: switch.is_on(*values[:-1]) == (values[-1] is not None),
        rule,
        f"'{phrase}' of {source_name} has a target exactly when {switch.text}",
        explain,
        kind=ConstraintKind.ACTIVATION,
        generate=lambda *values: choices if switch.is_on(*values) else (None,),
        count=lambda *values: number_of_sets(choices) if switch.is_on(*values) else 1,
    )


def _add_division(problem: CastProblem, slot: TargetSlot, fixed: tuple[tuple[int, ...], ...] | None) -> None:
    """Damage or counters divided among the instance's targets, at least 1 each (CR 601.2d).

    The amount is the printed one or, for "X damage divided …", the X announced before targets (CR 107.3a,
    601.2b): :func:`_add_x_division`.
    """
    spec, division = slot.spec, slot.division
    if division is None:
        return
    if spec.divided_x:
        _add_x_division(problem, slot, fixed)
        return
    amount, most = spec.divided, min(spec.count, spec.divided)

    is_division = _division_member(spec, fixed)

    def divisions() -> Iterator[tuple[int, ...] | None]:
        if fixed is not None:
            yield from fixed
            return
        if slot.switch is not None:
            yield None
        for parts in range(1, most + 1):
            yield from compositions(amount, parts)

    wanted = f"{amount} {spec.divided_what} must be divided among the targets, at least 1 each"

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = list(value) if isinstance(value, tuple) else value
        return (Reason("CR 601.2d", f"'{spec.phrase}': {wanted}; the division given is {given}"),)

    problem.add_variable(division, LazyDomain(divisions, is_division, f"divisions of {amount}"), "CR 601.2d", why_not)
    problem.add_constraint(
        (slot.key, division),
        lambda targets, split: (targets is None) == (split is None) and (targets is None or len(targets) == len(split)),
        "CR 601.2d",
        f"'{spec.phrase}': one amount per target",
        lambda targets, split: (
            f"'{spec.phrase}': {wanted}; the division given is {list(split or ())} for {len(targets or ())} target(s)"
        ),
        generate=lambda targets: (
            (None,)
            if targets is None
            else (compositions(amount, len(targets)) if fixed is None else [d for d in fixed if len(d) == len(targets)])
        ),
        count=None
        if fixed is not None
        else (lambda targets: 1 if targets is None else math.comb(amount - 1, len(targets) - 1)),
    )


def _division_member(spec: TargetSpec, fixed: tuple[tuple[int, ...], ...] | None) -> Callable[[Any], bool]:
    """Whether a value is in the domain of an instance's division: one of ``fixed``, or a division (CR 601.2d).

    Without ``fixed``, None (no target chosen) or a division :func:`_is_division` accepts.
    """

    def is_division(value: Any) -> bool:
        if fixed is not None:
            return value in fixed
        return value is None or _is_division(spec, value)

    return is_division


def _add_x_division(  # noqa: C901
    problem: CastProblem, slot: TargetSlot, fixed: tuple[tuple[int, ...], ...] | None
) -> None:
    """X divided among the instance's targets, at least 1 each: X announced, then targets and division.

    X is announced before targets (CR 107.3a, 601.2b); the division gives each target at least 1 and adds
    up to X (CR 601.2d), so X targets at most, and X is at least 1: the division is among one or more
    targets. The division's domain is every division of every value X may take.

    Raises
    ------
    UnsupportedRuleError
        The spell has no X announced as it is cast (no {X} in its mana cost nor X in an additional cost).
    """
    spec, division = slot.spec, slot.division
    if division is None:
        return
    x_values = problem.variables[X].domain
    if isinstance(x_values, tuple) and x_values == (None,):
        raise UnsupportedRuleError(problem.spell.name, spec.phrase, "X divided without an X announced as it is cast")
    is_division = _division_member(spec, fixed)

    def divisions() -> Iterator[tuple[int, ...] | None]:
        if fixed is not None:
            yield from fixed
            return
        if slot.switch is not None:
            yield None
        for x in x_values:
            if isinstance(x, int) and x >= 1:
                for parts in range(1, _most_targets(spec, x) + 1):
                    yield from compositions(x, parts)

    wanted = f"X {spec.divided_what} must be divided among the targets, at least 1 each"

    def why_not(value: Any) -> tuple[Reason, ...]:
        given = list(value) if isinstance(value, tuple) else value
        return (Reason("CR 601.2d", f"'{spec.phrase}': {wanted}; the division given is {given}"),)

    def adds_up(x: Any, targets: Any, split: Any) -> bool:
        if targets is None or split is None:
            return targets is None and split is None
        return len(targets) == len(split) and sum(split) == x

    def generate(x: Any, targets: Any) -> Iterable[tuple[int, ...] | None]:
        if targets is None:
            return (None,)
        if fixed is not None:
            return [d for d in fixed if len(d) == len(targets) and sum(d) == x]
        return compositions(x, len(targets)) if isinstance(x, int) and x >= len(targets) else ()

    def count(x: Any, targets: Any) -> int:
        if targets is None:
            return 1
        return math.comb(x - 1, len(targets) - 1) if isinstance(x, int) and x >= len(targets) else 0

    problem.add_variable(division, LazyDomain(divisions, is_division, "divisions of X"), "CR 601.2d", why_not)
    problem.add_constraint(
        (X, slot.key, division),
        adds_up,
        "CR 601.2d",
        f"'{spec.phrase}': one amount per target, X in all",
        lambda x, targets, split: (
            f"'{spec.phrase}': {wanted}; X is {x} and the division given is "
            f"{list(split or ())} for {len(targets or ())} target(s)"
        ),
        generate=generate,
        count=None if fixed is not None else count,
    )


def _add_x_count(problem: CastProblem, slot: TargetSlot) -> None:
    """'X target …': as many targets as the value announced for X (CR 601.2b then 601.2c)."""
    if problem.variables[X].domain == (None,):
        raise UnsupportedRuleError(problem.spell.name, slot.spec.phrase, "'X target' without X in the mana cost")
    if slot.spec.x_up_to:  # "up to X target …"
        problem.add_constraint(
            (X, slot.key),
            lambda x, value: value is None or len(value) <= x,
            "CR 601.2c",
            f"'{slot.spec.phrase}' chooses at most X targets",
            lambda x, value: f"X is {x} but {len(value)} target(s) are chosen for '{slot.spec.phrase}'",
            kind=ConstraintKind.SIZE,
            sizes=lambda x: range(0, x + 1),
        )
        return
    problem.add_constraint(
        (X, slot.key),
        lambda x, value: value is None or len(value) == x,
        "CR 601.2c",
        f"'{slot.spec.phrase}' chooses exactly X targets",
        lambda x, value: f"X is {x} but {len(value)} target(s) are chosen for '{slot.spec.phrase}'",
        kind=ConstraintKind.SIZE,
        sizes=lambda x: range(x, x + 1),
    )


def _add_kicked_count(problem: CastProblem, slot: TargetSlot, kicked: int | None) -> None:
    """'another target for each time this spell was kicked': as many targets as kicks (CR 601.2c, 702.33c-d).

    The number of targets is defined by the text (CR 601.2c) from the times the kicker cost was paid,
    announced before targets (CR 601.2b, 702.33c). The instance has a value only when the spell was kicked
    (its switch, CR 702.33g); then it chooses exactly that many targets, all different (CR 115.3).

    Parameters
    ----------
    problem : CastProblem
    slot : TargetSlot
    kicked : int or None
        The times the spell was kicked, when already announced (a spell on the stack, CR 707.10); None: the
        problem's choice of the kicker cost.
    """
    phrase = slot.spec.phrase
    if kicked is not None:
        problem.add_constraint(
            (slot.key,),
            lambda value: value is None or len(value) == kicked,
            "CR 702.33c",
            f"'{phrase}' chooses one target for each of the {kicked} time(s) the spell was kicked",
            lambda value: (
                f"the spell was kicked {kicked} time(s) but {len(value)} target(s) are chosen for "
                f"'{phrase}', one for each time it was kicked"
            ),
            kind=ConstraintKind.SIZE,
            sizes=lambda: range(kicked, kicked + 1),
        )
        return
    key = kick_key(problem, phrase)
    problem.add_constraint(
        (key, slot.key),
        lambda times, value: value is None or len(value) == times,
        "CR 702.33c",
        f"'{phrase}' chooses one target for each time the spell was kicked",
        lambda times, value: (
            f"the spell is kicked {times} time(s) but {len(value)} target(s) are chosen for "
            f"'{phrase}', one for each time it is kicked"
        ),
        kind=ConstraintKind.SIZE,
        sizes=lambda times: range(times, times + 1),
    )


def _add_x_quality(problem: CastProblem, slot: TargetSlot) -> None:
    """'target creature with mana value X': each target has the quality with the X announced (CR 601.2b, 601.2c).

    X is announced before targets are chosen (CR 601.2b, 107.3a), so which objects the phrase names depends on
    that choice: the rule is over X and the instance, never a filter made before X is known. The other
    qualities of the phrase are in the instance's domain already (:func:`_quality_mismatch`).
    """
    spec, state = slot.spec, problem.state
    assert spec.qualities is not None, "only phrases with a quality naming X are tied to X"
    clauses = [clause for clause in spec.qualities.clauses if clause_names_x(clause)]
    fits_memo: dict[tuple[str, int], bool] = {}

    def fits(target: str, x: int) -> bool:
        found = fits_memo.get((target, x))
        if found is None:
            if not state.has_object(target) or not isinstance(x, int):
                return False  # a player, an unknown id or no X: nothing with a number (the domain says why)
            obj = state.object(target)
            found = fits_memo[(target, x)] = all(any(holds(q, obj, x) for q in clause) for clause in clauses)
        return found

    def predicate(x: Any, value: Any) -> bool:
        return value is None or all(fits(t, x) for t in value)

    def explain(x: Any, value: Any) -> str:
        failing = (
            "; ".join(
                f"{state.object(t).name} ({t}) has "
                + " and ".join(
                    f"{q.attribute} {number_of(state.object(t), q.attribute)}"
                    for clause in clauses
                    for q in clause
                    if names_x(q)
                )
                for t in value
                if not fits(t, x) and state.has_object(t)
            )
            or "a target that is no object"
        )
        return f"X is {x}, but {failing} ('{spec.phrase}')"

    domain = problem.variables[slot.key].domain
    problem.add_constraint(
        (X, slot.key),
        predicate,
        "CR 601.2c",
        f"'{spec.phrase}' names objects by the value announced for X",
        explain,
        generate=lambda x: [value for value in domain if predicate(x, value)],
    )


def _add_another(problem: CastProblem, earlier: TargetSlot, later: TargetSlot) -> None:
    problem.add_constraint(
        (earlier.key, later.key),
        lambda first, second: first is None or second is None or not set(first) & set(second),
        "CR 115.4",
        f"'{later.spec.phrase}' must differ from '{earlier.spec.phrase}'",
        lambda first, second: (
            f"{', '.join(sorted(set(first) & set(second)))} chosen for both "
            f"'{earlier.spec.phrase}' and '{later.spec.phrase}'"
        ),
        kind=ConstraintKind.ANOTHER,
    )


def _player_named(problem: CastProblem, chosen: tuple[str, ...]) -> str | None:
    """The player one target names: the player chosen, or the controller of the permanent chosen (CR 108.4, 109.5).

    None for anything else (no single target, an id the state does not have).
    """
    if len(chosen) != 1:
        return None
    target = chosen[0]
    if target in problem.state.players:
        return target
    return problem.state.object(target).controller if problem.state.has_object(target) else None


def _add_controlled_by(problem: CastProblem, earlier: TargetSlot, later: TargetSlot) -> None:
    """'… target land that player controls': the later instance's targets are controlled by that player.

    "That player" is the one target of the earlier instance ("Choose target opponent. Destroy target land that
    player controls."), or the controller of the permanent it chose ("target creature an opponent controls …
    another target creature that player controls"). What the later instance may choose depends on that choice
    (CR 115.1, 601.2c): a rule over the two instances, never a filter made before the first is chosen. For cards
    in a graveyard ("Target player shuffles up to three target cards from their graveyard into their library"),
    the cards are in that player's graveyard: their owner is that player (CR 404.1, 400.3, 115.2).
    """
    state = problem.state
    graveyard = TargetKind.GRAVEYARD_CARD in later.spec.kinds
    verb = "is in the graveyard of" if graveyard else "is controlled by"

    def whose(target: str) -> str | None:
        if not state.has_object(target):
            return None
        obj = state.object(target)
        return obj.owner if graveyard else obj.controller

    problem_of = ProblemRef(problem)  # kept by the problem: no reference back (see ProblemRef)

    def controlled(first: Any, second: Any) -> bool:
        if first is None or second is None:
            return True
        player = _player_named(problem_of(), first)
        return player is not None and all(whose(t) == player for t in second)

    def explain(first: Any, second: Any) -> str:
        player = _player_named(problem_of(), first)
        others = ", ".join(
            f"{state.object(t).name} ({t}) {verb} {whose(t)}" if state.has_object(t) else f"{t} is no object"
            for t in second
            if whose(t) != player
        )
        what = f"cards in {player}'s graveyard" if graveyard else f"what {player} controls"
        return f"'{later.spec.phrase}' names {what} (from '{earlier.spec.phrase}'), but {others}"

    problem.add_constraint(
        (earlier.key, later.key),
        controlled,
        "CR 601.2c",
        f"'{later.spec.phrase}' must be {'in the graveyard of' if graveyard else 'controlled by'} the player "
        f"'{earlier.spec.phrase}' names",
        explain,
    )


def _add_text(
    problem: CastProblem, source: GameObject, instructions: tuple[Instruction, ...], mode: int | None, copy: int = 0
) -> None:
    spliced = source.id != problem.spell.id
    for line, instruction in enumerate(instructions):
        made: list[TargetSlot] = []
        for index, spec in enumerate(instruction.targets):
            key = TargetKey(ObjectId(source.id), mode, line if mode is None else 0, index, copy)
            switch = switch_of(problem, source, instruction, spec, mode, copy, spliced)
            earlier = made[spec.distinct_from] if spec.distinct_from is not None else None
            player = made[spec.controlled_by] if spec.controlled_by is not None else None
            made.append(add_target_slot(problem, key, spec, switch, source.name, earlier=earlier, player=player))
            if spec.also_distinct_from is not None:  # "a third target" (CR 115.4)
                _add_another(problem, made[spec.also_distinct_from], made[-1])


def add_target_rules(problem: CastProblem) -> None:
    """Add one variable per target instance of the spell, its modes and its splice candidates.

    Parameters
    ----------
    problem : CastProblem
        Modes, splices and the cost announcements must have been added already.

    Notes
    -----
    CR 601.2c: targets are chosen for the spell's own text, for each chosen
    mode (CR 700.2c, each time it is chosen, 700.2d) and for each spliced
    text (CR 702.47d). A mode or splice whose instance has no legal choice
    can't be chosen (CR 700.2a, 702.47b).
    """
    spell = problem.spell
    _add_text(problem, spell, problem.abilities.spell_text, None)
    choice = problem.abilities.mode_choice
    for mode in problem.abilities.modes:
        copies = choice.most_times(mode.index) if choice is not None else 1
        for copy in range(copies):  # each time a mode is chosen is its own instance (CR 700.2d)
            _add_text(problem, spell, (mode.instruction,), mode.index, copy)
    for obj, abilities in problem.splice_candidates.values():
        _add_text(problem, obj, abilities.spell_text, None)
