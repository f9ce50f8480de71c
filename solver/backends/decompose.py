"""The fast engine: count, enumerate, check and sample by decomposition.

A cast's choices split in two. The *frame*: the choices made before targets
(CR 601.2a-b): the zone, the half, the alternative cost, optional costs,
modes, the cards spliced and X. The rest (the splice order, targets,
divisions, the objects paying costs) depend on the frame only through the
rules that tie them to it, and on each other only where a rule ties them
("another target", CR 115.4; a division and its targets, CR 601.2d). So

- the rest splits into independent *components* (connected by the rules
  between them, found by union-find), and the number of casts of a frame is
  the product of its components' counts; a lone instance of "target" counts
  its legal sets, the splice order k! (CR 702.47b), an instance and a later
  "another target" one by how many targets they could share
  (:mod:`solver.backends.decompose_another`, CR 115.4), others their
  solutions;
- frames are made directly, by a depth-first walk over modes, optional costs
  and splice cards that stops as soon as the total cost can't be paid
  (paying only gets harder as more is chosen, CR 601.2f-h), never by
  filtering every combination; the largest X paid at each step is found by
  stepping down from the step before and bisecting, not by trying every X;
- a component's values are made from the frame by the rules' own generators
  (the orders of the spliced cards, the objects that pay exactly what the
  frame asks, the divisions of a set of targets), never from a whole domain;
- enumeration streams the product of the components' values per frame,
  building casts in C where the instances are independent;
- sampling draws a frame weighted by its count, then each component
  uniformly: a uniform draw over all legal casts;
- checking a proposed cast reads it onto the problem
  (:meth:`~solver.problem.CastProblem.assignment_of`) and looks its frame up
  among the frames with casts, then checks each component's rules. It is
  compared with the problem's own check on every state the differential
  tests draw.
"""

from __future__ import annotations

import functools
import itertools
import random
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from models.cast import COST_OBJECT_FIELDS, Cast, TargetChoice
from models.choices import (
    AlternativeCostKey,
    ChoiceKey,
    CostObjectsKey,
    DivisionKey,
    FaceKey,
    GiftRecipientKey,
    ModeKey,
    OptionalCostKey,
    SpliceOrderKey,
    SpliceSetKey,
    TargetKey,
    XKey,
    ZoneKey,
)
from models.mana import ManaCost
from models.objects import ObjectId
from solver.backends.decompose_another import AnotherPair, PairLayout, allowed_sizes
from solver.problem import CastProblem, Constraint, ConstraintKind, ProblemRef, TargetSlot
from solver.rules.target_sets import TargetSets, drawn_by_weight, is_set_in, number_of_sets

__all__ = [
    "Analysis",
    "Component",
    "Frame",
    "LISTED",
    "Remade",
    "analyse",
    "digits_of",
    "is_on",
    "iter_from_index",
    "product",
    "product_from",
]

_FRAME_TYPES = (ZoneKey, FaceKey, AlternativeCostKey, GiftRecipientKey, OptionalCostKey, ModeKey, SpliceSetKey, XKey)
"""The choices made before targets (CR 601.2a-b): the frame of a cast."""

_FIXED_TYPES = (ZoneKey, FaceKey, AlternativeCostKey, GiftRecipientKey)
"""Frame choices walked as a plain product (choosing another value need not cost more)."""

Frame = tuple[Any, ...]
"""The values of the frame keys, in variable order."""

LISTED = 4096
"""Components with at most this many values in a frame are listed (and kept) for enumeration; larger ones are
made lazily, one value at a time."""


class Remade:
    """An iterable made again at each iteration, by a function: values too many to list.

    ``make_from(index)``, when given, makes the values from ``index`` on without making the ones before.
    """

    __slots__ = ("_make", "_make_from")

    def __init__(
        self, make: Callable[[], Iterator[Any]], make_from: Callable[[int], Iterator[Any]] | None = None
    ) -> None:
        self._make = make
        self._make_from = make_from

    def __iter__(self) -> Iterator[Any]:
        return self._make()

    def iter_from(self, index: int) -> Iterator[Any]:
        """The values from ``index`` on."""
        if self._make_from is not None:
            return self._make_from(index)
        return itertools.islice(self._make(), index, None)


def iter_from_index(part: Iterable[Any], index: int) -> Iterator[Any]:
    """A part's values from ``index`` on: a list skipped in C, a lazy part from its own start when it has one."""
    if isinstance(part, Remade):
        return part.iter_from(index)
    return itertools.islice(part, index, None)


def product_from(parts: list[Iterable[Any]], digits: list[int]) -> Iterator[tuple[Any, ...]]:
    """:func:`product` from the combination whose place in each part is ``digits`` on, none before made."""
    if not any(digits):
        return product(parts)
    return _product_from(parts, digits)


def _product_from(parts: list[Iterable[Any]], digits: list[int]) -> Iterator[tuple[Any, ...]]:
    for i, value in enumerate(iter_from_index(parts[0], digits[0])):
        for rest in product_from(parts[1:], digits[1:]) if i == 0 else product(parts[1:]):
            yield (value,) + rest


def digits_of(index: int, counts: list[int]) -> list[int]:
    """``index`` as a mixed-radix number of these counts, most significant first."""
    digits = []
    for count in reversed(counts):
        index, digit = divmod(index, count)
        digits.append(digit)
    return digits[::-1]


def product(parts: list[Iterable[Any]]) -> Iterator[tuple[Any, ...]]:
    """The product of iterables, in :func:`itertools.product` order, without listing the lazy ones.

    Listed parts go through :func:`itertools.product` (in C); a part made lazily (:class:`Remade`) is iterated
    again for each combination of the parts before it, so no part is ever listed whole.
    """
    if not any(isinstance(part, Remade) for part in parts):
        return itertools.product(*parts)
    return _lazy_product(parts, 0, ())


def _lazy_product(parts: list[Iterable[Any]], at: int, prefix: tuple[Any, ...]) -> Iterator[tuple[Any, ...]]:
    if at == len(parts):
        yield prefix
        return
    if not any(isinstance(part, Remade) for part in parts[at:]):
        for rest in itertools.product(*parts[at:]):
            yield prefix + rest
        return
    for value in parts[at]:
        yield from _lazy_product(parts, at + 1, prefix + (value,))


def _at(frame: Frame, position: int | None) -> Any:
    """The frame's value at a position, or None where the frame has no such choice."""
    return frame[position] if position is not None else None


def _tied_groups(problem: CastProblem, frame_set: set[ChoiceKey]) -> list[tuple[list[ChoiceKey], list[Constraint]]]:
    """The keys outside the frame that rules tie together, each group with the rules that read it.

    A union-find over the rules' scopes; each group is in variable order, and the groups come by their first key.
    """
    rest = [k for k in problem.variables if k not in frame_set]
    touching: dict[ChoiceKey, list[Constraint]] = {k: [] for k in rest}
    joined: dict[ChoiceKey, ChoiceKey] = {k: k for k in rest}

    def root(key: ChoiceKey) -> ChoiceKey:
        while joined[key] != key:
            joined[key] = joined[joined[key]]
            key = joined[key]
        return key

    for constraint in problem.constraints:
        others = [k for k in constraint.scope if k not in frame_set]
        for key in others:
            touching[key].append(constraint)
        for first, second in itertools.pairwise(others):
            joined[root(first)] = root(second)
    groups: dict[ChoiceKey, list[ChoiceKey]] = {}
    for key in rest:
        groups.setdefault(root(key), []).append(key)
    return [(group, list(dict.fromkeys(c for k in group for c in touching[k]))) for group in groups.values()]


class Component:
    """Keys of the rest tied together by rules, with those rules and the frame keys they read."""

    def __init__(
        self, keys: list[ChoiceKey], constraints: list[Constraint], frame_keys: list[ChoiceKey], slot: TargetSlot | None
    ) -> None:
        self.keys = keys
        self.constraints = constraints
        self.frame_keys = frame_keys
        self.slot = slot  # a lone instance of "target" whose only rule is its switch
        counting = [c for c in constraints if c.count is not None and c.scope[-1] == keys[0]]
        self.counted_by = counting[0] if len(keys) == 1 and len(constraints) == 1 and counting else None
        self.solutions: dict[tuple, list[dict[ChoiceKey, Any]]] = {}
        self.divided: tuple[TargetSlot, Constraint] | None = None  # see Analysis._divided
        self.counts: dict[tuple, int] = {}
        self.sizes: dict[Any, list[tuple[Any, int]]] = {}  # see Analysis._divided_sizes
        self.another: tuple[PairLayout, list[Constraint]] | None = None  # see Analysis._another
        self.pairs: dict[tuple, AnotherPair] = {}  # its values per frame signature


class Analysis:
    """What the fast engine knows of a problem, worked out once."""

    @property
    def problem(self) -> CastProblem:
        """The problem analysed."""
        return self._problem_of()

    def __init__(self, problem: CastProblem) -> None:
        self._problem_of = ProblemRef(problem)  # the problem keeps its analysis: no reference back to it
        frame_set = self._read_frame(problem)
        self.slot_of = {slot.key: slot for slot in problem.slots}
        self.components: list[Component] = [
            self._component(problem, group, rules, frame_set) for group, rules in _tied_groups(problem, frame_set)
        ]
        self._read_modes(problem)
        self.blocked = self._blocked()
        # each lone instance's switch, as (frame position, test) pairs
        self.atoms = {
            slot.key: [(self.frame_index[a.key], a.holds) for a in slot.switch.atoms]
            for slot in problem.slots
            if slot.switch is not None
        }
        self._empty_memos()
        self._plan_checks(problem)

    def _read_frame(self, problem: CastProblem) -> set[ChoiceKey]:
        """The frame's keys (the choices made before targets) and the rules among them alone; returns the keys.

        ``castable`` is False when some choice has no value or a rule with no choice left fails (CR 601.2).
        """
        variables = problem.variables
        self.frame_keys: list[ChoiceKey] = [k for k in variables if isinstance(k, _FRAME_TYPES)]
        self.frame_index = {k: i for i, k in enumerate(self.frame_keys)}
        frame_set = set(self.frame_keys)
        self.castable = all(not isinstance(v.domain, tuple) or v.domain for v in variables.values())
        self.frame_constraints = [
            (c, [self.frame_index[k] for k in c.scope]) for c in problem.constraints if frame_set.issuperset(c.scope)
        ]
        self.monotone = [(c, where) for c, where in self.frame_constraints if c.kind is ConstraintKind.MONOTONE]
        self.castable = self.castable and all(c.predicate() for c, where in self.frame_constraints if not where)
        # what a frame of the walk still has to satisfy: the rules with a scope (those without one are in
        # `castable`) that are not monotone (those are checked first, for every X, in `frames`)
        self.frame_checks = [
            (c, where) for c, where in self.frame_constraints if where and c.kind is not ConstraintKind.MONOTONE
        ]
        return frame_set

    def _component(
        self, problem: CastProblem, group: list[ChoiceKey], rules: list[Constraint], frame_set: set[ChoiceKey]
    ) -> Component:
        """One component: its keys, its rules and the frame keys they read, how it is counted and drawn."""
        reads = list(dict.fromkeys(k for c in rules for k in c.scope if k in frame_set))
        slot = None
        if len(group) == 1 and type(group[0]) is TargetKey and all(c.kind is ConstraintKind.ACTIVATION for c in rules):
            slot = self.slot_of[group[0]]
        component = Component(group, rules, reads, slot)
        component.divided = self._divided(component)
        component.another = self._another(component) if component.divided is None else None
        joint, covered = problem.joint_counts.get(group[0], (None, ())) if len(group) == 1 else (None, ())
        if (
            joint is not None
            and component.counted_by is None
            and {id(c) for c in rules} == {id(c) for c in covered}
            and all(k in self.frame_index for k in joint.scope[:-1])
        ):
            component.counted_by = joint  # counts what every rule of the choice allows (CR 601.2g-h)
            component.frame_keys = list(joint.scope[:-1])
        return component

    def _read_modes(self, problem: CastProblem) -> None:
        """The modes' keys, and how many may be chosen, each counted every time it is (CR 700.2, 700.2d)."""
        self.mode_keys = [k for k in self.frame_keys if type(k) is ModeKey]
        choice = problem.abilities.mode_choice
        self.repeatable = bool(choice and choice.repeatable)
        self.most_modes = choice.maximum if self.repeatable and choice else len(self.mode_keys)

    def _empty_memos(self) -> None:
        """What the engine works out later, on first use (frames, counts, fields), not yet worked out."""
        self._choice_objects: dict[TargetKey, list[TargetChoice]] = {}
        self._frames: list[tuple[Frame, int]] | None = None
        self._valid: set[Frame] | None = None
        self._weights: tuple[list[Frame], list[int], int] | None = None
        self._starts: dict[Frame, int] | None = None
        self._counters: list[Callable[[Frame], int]] | None = None
        self._switched: list[tuple[int, Any]] = []  # lone instances with a switch: their sets and atoms
        # lone instances switched on by one object being in a frame value (a spliced card's text): by the
        # value's frame position, the product of their sets per object
        self._member_weights: list[tuple[int, dict[str, int]]] = []
        # the frame position of X when no component reads it (None otherwise), and the counts of frames but X
        self._x_unread_at: int | None = None
        self._x_unread_counts: dict[tuple, int] = {}
        self._fixed_count = 1
        self._digit_plans: dict[Frame, tuple[list[tuple[Component, Iterable[Any], int]], list[TargetSlot]]] = {}
        self._fields: dict[Frame, dict[str, Any]] = {}
        self._field_layout: tuple[Any, ...] | None = None  # see frame_fields
        self._mana_values: dict[int | None, int] = {}  # the spell's mana value by X (see frame_fields)
        # what DecompositionEngine.sample draws: the values of the components with one value in every frame,
        # and the other components
        self.sample_plan: tuple[dict[ChoiceKey, Any], list[Component]] | None = None
        self._frame_dicts: dict[Frame, dict[ChoiceKey, Any]] = {}

    def _plan_checks(self, problem: CastProblem) -> None:
        """What the fast check of one cast reads: the frame's parts, lone instances, the other components."""
        variables = problem.variables
        self.mode_indices = frozenset(k.index for k in self.mode_keys)
        self.keywords = frozenset(k.keyword for k in self.frame_keys if type(k) is OptionalCostKey)
        self.keyword_at = {i: k.keyword for i, k in enumerate(self.frame_keys) if type(k) is OptionalCostKey}
        self.position = {card: i for i, card in enumerate(problem.splice_candidates)}
        self.lone = [
            (c.slot.key.slot, c.slot, self.atoms.get(c.slot.key, []), is_set_in(c.slot.choices))
            for c in self.components
            if c.slot is not None
        ]  # sets of targets are checked, not listed
        self.others = [c for c in self.components if c.slot is None]
        self.linked = any(type(k) is TargetKey for c in self.others for k in c.keys)
        """Whether instances of "target" are tied by rules to other choices (then casts sort their targets)."""
        # What the fast check reads: components other than lone instances and cost objects no cost asks for
        # (those are checked by being left over); the order of the spliced cards is in its domain when its
        # rule holds and its set is (the frame's), so only its rule is checked.
        self.checked = [
            (c, [k for k in c.keys if type(k) is not SpliceOrderKey])
            for c in self.others
            if c.constraints or not all(type(k) is CostObjectsKey and variables[k].domain == ((),) for k in c.keys)
        ]

    def _divided(self, component: Component) -> tuple[TargetSlot, Constraint] | None:
        """An instance of "target" and its division, tied by nothing else: counted and drawn by number of targets.

        The component is the instance's key and its :class:`~models.choices.DivisionKey`; its rules are the
        instance's switch and the division's rule (one amount per target, adding up to the amount or to X,
        CR 601.2d), and the division's rule counts: the number of divisions depends on the number of targets
        only (the compositions of the amount into that many parts, at least 1 each), so the casts are
        ``sum over k of (sets of k targets) x (divisions among k)``, never a list of pairs.
        """
        keys = component.keys
        if len(keys) != 2 or type(keys[0]) is not TargetKey or type(keys[1]) is not DivisionKey:
            return None
        slot = self.slot_of[keys[0]]
        if slot.division != keys[1]:
            return None
        division = [c for c in component.constraints if c.scope[-1] == keys[1]]
        others = [c for c in component.constraints if c not in division]
        if len(division) != 1 or division[0].count is None or division[0].generate is None:
            return None
        if keys[0] in division[0].scope[:-2] or division[0].scope[-2] != keys[0]:
            return None
        if not all(c.kind is ConstraintKind.ACTIVATION and c.scope[-1] == keys[0] for c in others):
            return None
        if any(type(k) not in (TargetKey, XKey) for k in division[0].scope[:-1]):
            return None
        return slot, division[0]

    def _another(self, component: Component) -> tuple[PairLayout, list[Constraint]] | None:
        """An earlier instance of "target" and a later "another target" one, tied by nothing else (CR 115.4).

        The component is the two instances' keys; its rules are their switches (CR 601.2c), the rule that they
        share no target (:attr:`~solver.problem.ConstraintKind.ANOTHER`), and rules on how many targets each
        chooses that read only choices made before targets (:attr:`~solver.problem.ConstraintKind.SIZE`: the
        times the spell was kicked, X). Each instance's sets are counted, not listed
        (:class:`~solver.rules.target_sets.TargetSets`). Such a component is counted, made, ranked and drawn in
        closed form (:class:`~solver.backends.decompose_another.AnotherPair`), never listed.

        Returns
        -------
        (PairLayout, list of Constraint) or None
            The earlier instance and the later one, and the size rules; None for any other component.
        """
        keys = component.keys
        if len(keys) != 2 or type(keys[0]) is not TargetKey or type(keys[1]) is not TargetKey:
            return None
        first, second = self.slot_of[keys[0]], self.slot_of[keys[1]]
        if (
            first.division is not None
            or second.division is not None
            or not isinstance(first.choices, TargetSets)
            or not isinstance(second.choices, TargetSets)
        ):
            return None
        apart = [c for c in component.constraints if c.kind is ConstraintKind.ANOTHER]
        if len(apart) != 1 or apart[0].scope != (first.key, second.key):
            return None
        sizes = []
        for rule in component.constraints:
            if rule is apart[0]:
                continue
            if (
                rule.kind not in (ConstraintKind.ACTIVATION, ConstraintKind.SIZE)
                or rule.scope[-1] not in keys
                or not all(k in self.frame_index for k in rule.scope[:-1])
            ):
                return None
            if rule.kind is ConstraintKind.SIZE:
                sizes.append(rule)
        return PairLayout(first, second), sizes

    def another_pair(self, component: Component, frame: Frame) -> AnotherPair:
        """The values of an earlier instance and a later "another target" one in a frame (kept per signature)."""
        assert component.another is not None
        signature = self._signature(component, frame)
        found = component.pairs.get(signature)
        if found is None:
            layout, rules = component.another

            def sizes(slot: TargetSlot) -> list[int] | None:
                if not self.slot_is_on(slot, frame):
                    return None
                own = [
                    (rule, [frame[self.frame_index[k]] for k in rule.scope[:-1]])
                    for rule in rules
                    if rule.scope[-1] == slot.key
                ]
                return allowed_sizes(slot, own)

            found = component.pairs[signature] = AnotherPair(layout, sizes(layout.first), sizes(layout.second))
        return found

    def listed_components(self) -> list[tuple[str, ...]]:
        """The components counted by listing their values (each kept per frame signature), by their keys' names.

        Every other component is counted in closed form: a lone instance of "target" (its sets,
        :class:`~solver.rules.target_sets.TargetSets`), an instance with its division (by number of targets), a choice
        whose one rule counts (the orders of the spliced cards, the objects paying a cost), or a choice no rule
        ties (its domain), an instance and a later "another target" one (by how many targets each shares with
        the other's candidates). What remains is listed: three instances tied by "a third target", instances
        tied by "that player controls", objects tapped to pay a cost that could also have been tapped for
        mana, ... The positions benchmark names them.
        """
        return [
            tuple(str(key) for key in c.keys)
            for c in self.components
            if c.slot is None and c.divided is None and c.another is None and c.counted_by is None and c.constraints
        ]

    # ---------------------------------------------------------------- frames
    def _blocked(self) -> list[tuple[ChoiceKey, Any]]:
        """Atoms that can never hold: the switch, alone, of an instance with no legal choice (CR 700.2a, 702.47b)."""
        return [
            (slot.switch.atoms[0].key, slot.switch.atoms[0].holds)
            for slot in self.problem.slots
            if slot.switch is not None and len(slot.switch.atoms) == 1 and not slot.choices
        ]

    def _allowed(self, key: ChoiceKey, value: Any) -> bool:
        return not self.blocked or not any(blocked_key == key and holds(value) for blocked_key, holds in self.blocked)

    def _holds(self, checks: list[tuple[Constraint, list[int]]], frame: list[Any]) -> bool:
        return all(c.predicate(*(frame[i] for i in where)) for c, where in checks)

    def frames(self) -> Iterator[Frame]:
        """Every frame whose frame rules hold, depth-first: fixed choices, then modes, optional costs, splices."""
        return self._walk(False)

    def frame_runs(self) -> Iterator[tuple[Frame, int]]:
        """:meth:`frames` taken by runs of X: each frame with the first X of its run, and how many X the run has.

        The frames of a run differ in X alone (the values of X the total cost allows with the other choices,
        CR 107.3a, 601.2f-h), in :meth:`frames` order.
        """
        return self._walk(True)

    def total(self) -> int:
        """The number of casts: the sum of the frames' counts.

        When no component reads X (only the total cost does), the frames of a run of X have one count, and the
        run is counted at once (:meth:`frame_runs`): a spell with X and kicks need not make each frame.
        """
        if self._weights is not None:
            return self._weights[2]
        if self._frames is None:
            if self._counters is None:
                self._set_up_counting()
            if self._x_unread_at is not None:
                return sum(self.frame_count(frame) * n for frame, n in self.frame_runs())
        return self.weights()[2]

    def _walk(self, runs: bool) -> Iterator[Any]:
        """:meth:`frames`, or with ``runs`` :meth:`frame_runs`."""
        if not self.castable:
            return iter(())
        return _FrameWalk(self, self.problem, runs).frames()

    def counted_frames(self) -> list[tuple[Frame, int]]:
        """Every frame with at least one cast and its number of casts, in :meth:`frames` order (kept)."""
        if self._frames is None:
            self._frames = [(frame, count) for frame in self.frames() if (count := self.frame_count(frame))]
        return self._frames

    def frames_with_casts(self) -> Iterator[tuple[Frame, int]]:
        """:meth:`counted_frames`, made lazily when not kept yet: the first casts need only the first frames.

        A walk that goes to the end keeps what it found, as :meth:`counted_frames` does.
        """
        if self._frames is not None:
            yield from self._frames
            return
        found = []
        for frame in self.frames():
            count = self.frame_count(frame)
            if count:
                found.append((frame, count))
                yield frame, count
        if self._frames is None:
            self._frames = found

    def valid_frames(self) -> set[Frame]:
        """The frames with at least one cast (kept)."""
        if self._valid is None:
            self._valid = {frame for frame, _ in self.counted_frames()}
        return self._valid

    def frame_of(self, cast: Cast) -> Frame | None:
        """The frame a proposed cast names, read from its fields; None when it names a choice the spell lacks."""
        costs = dict(cast.additional_costs)
        if len(costs) != len(cast.additional_costs) or not self.keywords.issuperset(costs):
            return None
        if not self.mode_indices.issuperset(cast.modes):
            return None
        if cast.gift_recipient is not None and not any(type(k) is GiftRecipientKey for k in self.frame_keys):
            return None
        values: list[Any] = []
        for key in self.frame_keys:
            if type(key) is ModeKey:
                values.append(cast.modes.count(key.index))
            elif type(key) is OptionalCostKey:
                values.append(costs.get(key.keyword, 0))
            elif type(key) is SpliceSetKey:
                position = self.position
                if not all(card in position for card in cast.splices):
                    return None
                values.append(tuple(sorted(cast.splices, key=position.__getitem__)))
            elif type(key) is XKey:
                values.append(cast.x)
            elif type(key) is AlternativeCostKey:
                values.append(cast.alternative_cost)
            elif type(key) is GiftRecipientKey:
                values.append(cast.gift_recipient)
            elif type(key) is ZoneKey:
                values.append(cast.zone)
            else:
                values.append(tuple(cast.halves))
        return tuple(values)

    # ---------------------------------------------------------------- components
    def slot_is_on(self, slot: TargetSlot, frame: Frame) -> bool:
        """Whether an instance of "target" is part of the spell in this frame (its switch, CR 601.2c)."""
        return is_on(self.atoms.get(slot.key, ()), frame)

    def _signature(self, component: Component, frame: Frame) -> tuple:
        return tuple(frame[self.frame_index[k]] for k in component.frame_keys)

    def component_count(self, component: Component, frame: Frame) -> int:
        """The number of values of a component in a frame."""
        if component.slot is not None:
            return number_of_sets(component.slot.choices) if self.slot_is_on(component.slot, frame) else 1
        if component.divided is not None:
            return self._divided_count(component, frame)
        if component.another is not None:
            return self.another_pair(component, frame).size
        counted = component.counted_by
        if counted is not None and counted.count is not None:  # counted_by always has a count
            return counted.count(*(frame[self.frame_index[k]] for k in counted.scope[:-1]))
        if not component.constraints:
            domain = self.problem.variables[component.keys[0]].domain
            if isinstance(domain, tuple):
                return len(domain)
        return len(self.component_solutions(component, frame))

    def component_solutions(self, component: Component, frame: Frame) -> list[dict[ChoiceKey, Any]]:
        """Every value of a component's keys that its rules allow in this frame, made by the rules' generators."""
        signature = self._signature(component, frame)
        found = component.solutions.get(signature)
        if found is not None:
            return found
        assignment = {k: frame[self.frame_index[k]] for k in component.frame_keys}
        keys = component.keys
        known = set(component.frame_keys)
        plans = []
        for key in keys:
            known.add(key)
            ready = [c for c in component.constraints if key in c.scope and known.issuperset(c.scope)]
            source = next(
                (c for c in ready if c.generate is not None and c.scope[-1] == key and key not in c.scope[:-1]), None
            )
            plans.append((key, source, [c for c in ready if c is not source]))
        solutions: list[dict[ChoiceKey, Any]] = []
        _place(0, plans, assignment, keys, self.problem.variables, solutions)
        component.solutions[signature] = solutions
        return solutions

    def component_values(self, component: Component, frame: Frame) -> Iterable[dict[ChoiceKey, Any]]:
        """A component's values in a frame, in :meth:`component_solutions` order.

        The orders of a splice set are made, not kept; an instance of "target" with more than :data:`LISTED`
        sets, or with its division, is made lazily (an iterable that can be iterated again).
        """
        counted = component.counted_by
        if counted is not None and counted.generate is not None:
            key = component.keys[0]
            return [
                {key: value} for value in counted.generate(*(frame[self.frame_index[k]] for k in counted.scope[:-1]))
            ]
        if component.slot is not None:
            slot = component.slot
            if not self.slot_is_on(slot, frame):
                return [{slot.key: None}]
            if number_of_sets(slot.choices) > LISTED:
                return Remade(lambda: ({slot.key: choice} for choice in slot.choices))
            return [{slot.key: choice} for choice in slot.choices]
        if component.divided is not None:  # made by number of targets, lazily: the first casts come at once
            analysis = weakref.proxy(self)  # the values may be kept here (frame_digits): no reference back
            return Remade(
                functools.partial(Analysis._divided_values, analysis, component, frame),
                functools.partial(Analysis._divided_values_from, analysis, component, frame),
            )
        if component.another is not None:  # two instances, one "another": made lazily, never listed
            pair = self.another_pair(component, frame)
            return Remade(pair.values, pair.values_from)
        return self.component_solutions(component, frame)

    # ---------------------------------------------------------------- an instance and its division (CR 601.2d)
    def _division_prefix(self, component: Component, frame: Frame) -> tuple[Any, ...]:
        """The values the division's rule reads before the targets (X, where X is divided)."""
        assert component.divided is not None
        _, rule = component.divided
        return tuple(frame[self.frame_index[k]] for k in rule.scope[:-2])

    def _divided_count(self, component: Component, frame: Frame) -> int:
        """Sets of targets times their divisions, summed by number of targets (kept per frame signature)."""
        signature = self._signature(component, frame)
        found = component.counts.get(signature)
        if found is None:
            found = component.counts[signature] = sum(weight for _, weight in self._divided_sizes(component, frame))
        return found

    def _divided_sizes(self, component: Component, frame: Frame) -> list[tuple[Any, int]]:
        """:meth:`_count_divided_sizes`, kept per frame signature (what the component reads of the frame)."""
        signature = (
            (self._signature(component, frame), self.slot_is_on(component.divided[0], frame))
            if component.divided is not None
            else None
        )
        found = component.sizes.get(signature)
        if found is None:
            found = component.sizes[signature] = self._count_divided_sizes(component, frame)
        return found

    def _count_divided_sizes(self, component: Component, frame: Frame) -> list[tuple[Any, int]]:
        """(number of targets or None, casts with that many) of an instance and its division in a frame.

        None stands for the instance being no part of the spell (one value: no target, no division). Each
        number of targets ``k`` weighs (sets of ``k``) x (divisions among ``k``); the divisions are counted
        by the rule on the first set of that size, as their number depends on ``k`` only (CR 601.2d).
        """
        assert component.divided is not None
        slot, rule = component.divided
        if not self.slot_is_on(slot, frame):
            return [(None, 1)]
        assert rule.count is not None
        prefix = self._division_prefix(component, frame)
        choices = slot.choices
        found: list[tuple[Any, int]] = []
        if isinstance(choices, TargetSets):
            for k, sets in choices.sizes:
                if sets:
                    found.append((k, sets * rule.count(*prefix, next(choices.of_size(k)))))
        else:
            by_size: dict[int, int] = {}
            for targets in choices:
                by_size[len(targets)] = by_size.get(len(targets), 0) + 1
            found = [
                (k, sets * rule.count(*prefix, choices[[len(t) for t in choices].index(k)]))
                for k, sets in sorted(by_size.items())
            ]
        return [(k, weight) for k, weight in found if weight]

    def _divided_values(self, component: Component, frame: Frame) -> Iterator[dict[ChoiceKey, Any]]:
        """Every (targets, division) of the component, lazily, in :meth:`component_solutions` order."""
        assert component.divided is not None
        slot, rule = component.divided
        assert rule.generate is not None
        division = rule.scope[-1]
        if not self.slot_is_on(slot, frame):
            yield {slot.key: None, division: None}
            return
        prefix = self._division_prefix(component, frame)
        for targets in slot.choices:
            for split in rule.generate(*prefix, targets):
                yield {slot.key: targets, division: split}

    def _divided_blocks(self, component: Component, frame: Frame) -> Iterator[tuple[int, int, int, int]]:
        """(first set, sets, divisions of each, casts before) of each run of sets with as many divisions each.

        In :meth:`_divided_values` order: a :class:`~solver.rules.target_sets.TargetSets` by number of targets (each
        set of ``k`` targets has as many divisions, CR 601.2d), a listed tuple set by set.
        """
        slot, rule = component.divided or (None, None)
        assert slot is not None and rule is not None and rule.count is not None
        prefix = self._division_prefix(component, frame)
        choices = slot.choices
        before = first = 0
        runs = (
            ((k, sets, next(choices.of_size(k))) for k, sets in choices.sizes if sets)
            if isinstance(choices, TargetSets)
            else ((len(t), 1, t) for t in choices)
        )
        for _, sets, example in runs:
            each = rule.count(*prefix, example)
            yield first, sets, each, before
            first += sets
            before += sets * each

    def _divided_values_from(self, component: Component, frame: Frame, index: int) -> Iterator[dict[ChoiceKey, Any]]:
        """:meth:`_divided_values` from the ``index``-th value on, the sets before it skipped by their counts."""
        slot, rule = component.divided or (None, None)
        assert slot is not None and rule is not None and rule.generate is not None
        if index <= 0 or not self.slot_is_on(slot, frame):
            yield from itertools.islice(self._divided_values(component, frame), max(index, 0), None)
            return
        division = rule.scope[-1]
        prefix = self._division_prefix(component, frame)
        for first, sets, each, before in self._divided_blocks(component, frame):
            if index < before + sets * each:
                at, split = divmod(index - before, each)
                choices = slot.choices
                later = (
                    choices.iter_from(first + at)
                    if isinstance(choices, TargetSets)
                    else itertools.islice(choices, first + at, None)
                )
                for n, targets in enumerate(later):
                    made = rule.generate(*prefix, targets)
                    for value in itertools.islice(made, split, None) if n == 0 else made:
                        yield {slot.key: targets, division: value}
                return

    def divided_at(self, component: Component, frame: Frame, digit: int) -> dict[ChoiceKey, Any]:
        """The value of an instance and its division at ``digit`` in :meth:`_divided_values` order, not walked to."""
        slot, rule = component.divided or (None, None)
        assert slot is not None and rule is not None and rule.generate is not None
        if not self.slot_is_on(slot, frame):
            return {slot.key: None, rule.scope[-1]: None}
        for first, sets, each, before in self._divided_blocks(component, frame):
            if digit < before + sets * each:
                at, split = divmod(digit - before, each)
                targets = slot.choices[first + at]
                made = rule.generate(*self._division_prefix(component, frame), targets)
                return {slot.key: targets, rule.scope[-1]: next(itertools.islice(iter(made), split, None))}
        raise IndexError(digit)

    def divided_index(self, component: Component, frame: Frame, value: dict[ChoiceKey, Any]) -> int | None:
        """Where a value of an instance and its division is in :meth:`_divided_values` order (None: not there)."""
        slot, rule = component.divided or (None, None)
        assert slot is not None and rule is not None and rule.generate is not None
        if not self.slot_is_on(slot, frame):
            return 0
        targets, split = value[slot.key], value[rule.scope[-1]]
        try:
            where = slot.choices.index(targets)
        except ValueError:
            return None
        for first, sets, each, before in self._divided_blocks(component, frame):
            if where < first + sets:
                made = rule.generate(*self._division_prefix(component, frame), targets)
                at = next((i for i, item in enumerate(made) if tuple(item) == tuple(split)), None)
                return None if at is None else before + (where - first) * each + at
        return None

    def _divided_sample(self, component: Component, frame: Frame, rng: random.Random) -> dict[ChoiceKey, Any]:
        """One (targets, division) drawn uniformly: a number of targets by its casts, a set, then a division."""
        assert component.divided is not None
        slot, rule = component.divided
        division = rule.scope[-1]
        sizes = self._divided_sizes(component, frame)
        if sizes[0][0] is None:
            return {slot.key: None, division: None}
        k = drawn_by_weight(sizes, rng)
        choices = slot.choices
        if isinstance(choices, TargetSets):
            targets = choices.sample_of_size(k, rng)
        else:
            targets = rng.choice([t for t in choices if len(t) == k])
        assert rule.generate is not None
        splits = rule.generate(*self._division_prefix(component, frame), targets)
        amount = slot.spec.divided if not slot.spec.divided_x else self._division_prefix(component, frame)[-1]
        if isinstance(amount, int) and amount > LISTED:  # cuts drawn uniformly: a composition, not a list of them
            cuts = sorted(rng.sample(range(1, amount), k - 1))
            return {slot.key: targets, division: tuple(b - a for a, b in zip([0, *cuts], [*cuts, amount]))}
        return {slot.key: targets, division: rng.choice(list(splits))}

    def frame_count(self, frame: Frame) -> int:
        """The number of casts of a frame: the product of its components' counts.

        Each component's count is a function of the frame made once (:meth:`_make_counters`); those that never
        change are multiplied once.
        """
        if self._counters is None:
            self._set_up_counting()
        at = self._x_unread_at
        if at is None:
            return self._frame_count(frame)
        # no component reads X (only the total cost does): frames that differ in X alone have one count
        key = frame[:at] + frame[at + 1 :]
        found = self._x_unread_counts.get(key)
        if found is None:
            found = self._x_unread_counts[key] = self._frame_count(frame)
        return found

    def _set_up_counting(self) -> None:
        """Make the counters of :meth:`frame_count` (once)."""
        if self._counters is None:
            self._counters, self._fixed_count = self._make_counters()
            x_key = next((k for k in self.frame_keys if type(k) is XKey), None)
            x_at = self.frame_index[x_key] if x_key is not None else None
            domain = self.problem.variables[x_key].domain if x_key is not None else ()
            if (
                x_at is not None
                and isinstance(domain, tuple)
                and len(domain) > 1
                and not any(x_key in c.frame_keys for c in self.components)
                and not any(at == x_at for atoms in self.atoms.values() for at, _ in atoms)
            ):
                self._x_unread_at = x_at
            self._switched = []
            by_member: dict[int, dict[str, int]] = {}  # by the value's frame position, each object's product
            for c in self.components:
                if c.slot is None or not self.atoms.get(c.slot.key):
                    continue
                sets, atoms = number_of_sets(c.slot.choices), c.slot.switch.atoms if c.slot.switch else ()
                if len(atoms) == 1 and atoms[0].member is not None:  # on when its card is spliced (CR 702.47b)
                    weights = by_member.setdefault(self.frame_index[atoms[0].key], {})
                    weights[atoms[0].member] = weights.get(atoms[0].member, 1) * sets
                else:
                    self._switched.append((sets, self.atoms[c.slot.key]))
            self._member_weights = list(by_member.items())

    def _frame_count(self, frame: Frame) -> int:
        """:meth:`frame_count`, worked out."""
        count = self._fixed_count
        for at, weights in self._member_weights:  # the instances of the cards in the value, by membership
            value = frame[at]
            for member, weight in weights.items():
                if member in value:
                    count *= weight
        for sets, atoms in self._switched:  # lone instances: their sets when their switch is on (CR 601.2c)
            if is_on(atoms, frame):
                count *= sets
        if not count:
            return 0
        for counter in self._counters or ():
            count *= counter(frame)
            if not count:
                return 0
        return count

    def _make_counters(self) -> tuple[list[Callable[[Frame], int]], int]:
        """A count of each component as a function of the frame, and the product of those that are constant.

        A lone instance always part of the spell counts its sets; one with a switch is counted by
        :meth:`frame_count` itself, its sets when its switch is on (CR 601.2c). A choice no rule ties, with a
        listed domain, counts its domain; a choice a rule counts from frame keys of one value each, that count
        once; an instance and a later "another target" one, its count kept by what it reads of the frame (the
        kicks, X); any other component as :meth:`component_count` says.
        """
        counters: list[Callable[[Frame], int]] = []
        fixed = 1
        analysis = weakref.proxy(self)  # the counters are kept here: no reference back
        for component in self.components:
            slot = component.slot
            if slot is not None:
                sets, atoms = number_of_sets(slot.choices), self.atoms.get(slot.key, ())
                if not atoms:
                    fixed *= sets
                # with a switch: counted in frame_count itself
            elif (
                component.divided is None
                and component.counted_by is None
                and not component.constraints
                and isinstance(domain := self.problem.variables[component.keys[0]].domain, tuple)
            ):
                fixed *= len(domain)
            elif (
                component.counted_by is not None
                and (count := component.counted_by.count) is not None
                and component.divided is None
            ):
                read = component.counted_by.scope[:-1]
                single = [
                    domain[0]
                    for k in read
                    if type(k) not in (ModeKey, OptionalCostKey)
                    and isinstance(domain := self.problem.variables[k].domain, tuple)
                    and len(domain) == 1
                ]
                if len(single) == len(read):
                    fixed *= count(*single)  # what it reads has one value in every frame (no splice card: one order)
                else:
                    at = tuple(self.frame_index[k] for k in read)
                    counters.append(
                        _counter_of_one(count, at[0]) if len(at) == 1 else functools.partial(_count_by_rule, count, at)
                    )
            elif component.another is not None:
                at = tuple(self.frame_index[k] for k in component.frame_keys)
                counters.append(functools.partial(Analysis._another_count, analysis, component, at, {}))
            else:
                counters.append(functools.partial(Analysis.component_count, analysis, component))
        return counters, fixed

    def _another_count(self, component: Component, at: tuple[int, ...], kept: dict[Any, int], frame: Frame) -> int:
        """An instance and a later "another target" one: their count in a frame, kept by what it reads of it."""
        signature = frame[at[0]] if len(at) == 1 else tuple(frame[i] for i in at)
        found = kept.get(signature)
        if found is None:
            found = kept[signature] = self.another_pair(component, frame).size
        return found

    def choice_objects(self, slot: TargetSlot) -> Iterable[TargetChoice]:
        """The :class:`TargetChoice` of each legal choice of a lone instance, in the order of its sets.

        Made once and kept; made lazily (an iterable that can be iterated again) when the instance has more
        than :data:`LISTED` sets.
        """
        found = self._choice_objects.get(slot.key)
        if found is None:
            key = slot.key
            made = (
                TargetChoice(key.source, key.mode, key.instruction, key.index, slot.spec.phrase, choice, key.copy)
                for choice in slot.choices
            )
            if number_of_sets(slot.choices) > LISTED:

                def objects(sets: Iterable[tuple[str, ...]]) -> Iterator[TargetChoice]:
                    return (
                        TargetChoice(
                            key.source, key.mode, key.instruction, key.index, slot.spec.phrase, choice, key.copy
                        )
                        for choice in sets
                    )

                choices = slot.choices
                return Remade(
                    lambda: objects(choices),
                    lambda index: objects(
                        choices.iter_from(index)
                        if isinstance(choices, TargetSets)
                        else itertools.islice(choices, index, None)
                    ),
                )
            found = self._choice_objects[key] = list(made)
        return found

    def sample_choice(self, slot: TargetSlot, rng: random.Random) -> TargetChoice:
        """One legal choice of a lone instance, drawn uniformly (a set of targets drawn, never a list of them)."""
        choices = slot.choices
        if number_of_sets(choices) <= LISTED:  # listed once and kept: one draw
            listed = self.choice_objects(slot)
            assert isinstance(listed, list), "at most LISTED sets are listed"
            return rng.choice(listed)
        if isinstance(choices, TargetSets):
            key = slot.key
            return TargetChoice(
                key.source, key.mode, key.instruction, key.index, slot.spec.phrase, choices.sample(rng), key.copy
            )
        key = slot.key
        return TargetChoice(
            key.source, key.mode, key.instruction, key.index, slot.spec.phrase, rng.choice(choices), key.copy
        )

    def frame_values(self, frame: Frame) -> dict[ChoiceKey, Any]:
        """The frame as an assignment of the frame keys (kept: do not change it)."""
        found = self._frame_dicts.get(frame)
        if found is None:
            found = self._frame_dicts[frame] = dict(zip(self.frame_keys, frame))
        return found

    def frame_fields(self, frame: Frame) -> dict[str, Any]:
        """The fields of every cast of a frame: the choices made before targets and the total cost (kept)."""
        found = self._fields.get(frame)
        if found is not None:
            return found
        problem = self.problem
        layout = self._field_layout
        if layout is None:  # where each field's frame key is, once
            layout = self._field_layout = self._fields_layout(problem)
        x_at, zone_at, face_at, alternative_at, gift_at, modes_at, optional_at, cost_at = layout
        x = frame[x_at] if x_at is not None else None
        found = self._fields[frame] = {
            "card": problem.spell.id,
            "name": problem.spell.card.name,
            "zone": _at(frame, zone_at),
            "halves": _at(frame, face_at),
            "prototyped": problem.prototyped,
            "modes": tuple(index for index, i in modes_at for _ in range(int(frame[i]))) if modes_at else (),
            "x": x,
            "alternative_cost": _at(frame, alternative_at),
            "additional_costs": tuple((self.keyword_at[i], int(frame[i])) for i in optional_at if frame[i])
            if optional_at
            else (),
            "gift_recipient": _at(frame, gift_at),
            "without_paying_mana_cost": problem.without_paying_mana_cost,
            "total_cost": self._frame_total_cost(problem, frame, cost_at),
            "mana_value": self._mana_value(problem, x),
        }
        return found

    def _fields_layout(self, problem: CastProblem) -> tuple[Any, ...]:
        """Where each field of :meth:`frame_fields` is in a frame, and where the choices the total cost reads are."""

        def first(kind: type) -> int | None:
            return next((i for i, k in enumerate(self.frame_keys) if type(k) is kind), None)

        keys = problem.total_cost_keys
        cost_at = (
            tuple(self.frame_index[k] for k in keys)
            if problem.total_cost_of_values is not None and all(k in self.frame_index for k in keys)
            else None
        )
        return (
            first(XKey),
            first(ZoneKey),
            first(FaceKey),
            first(AlternativeCostKey),
            first(GiftRecipientKey),
            [(key.index, i) for i, key in enumerate(self.frame_keys) if type(key) is ModeKey],
            [i for i, key in enumerate(self.frame_keys) if type(key) is OptionalCostKey],
            cost_at,
        )

    def _frame_total_cost(self, problem: CastProblem, frame: Frame, cost_at: tuple[int, ...] | None) -> ManaCost:
        """The total cost of a frame's casts (CR 601.2f), from the frame's values the total cost reads."""
        of_values = problem.total_cost_of_values
        if cost_at is not None and of_values is not None:
            return of_values(tuple([frame[i] for i in cost_at]))
        return problem.total_cost_of(self.frame_values(frame)) if problem.total_cost_of else ManaCost.EMPTY

    def _mana_value(self, problem: CastProblem, x: int | None) -> int:
        """The spell's mana value with X as announced (CR 202.3e), kept by X."""
        mana_value = self._mana_values.get(x)
        if mana_value is None:
            mana_value = self._mana_values[x] = problem.mana_value_with(x)
        return mana_value

    def total_cost_with(self, frame: Frame, chosen: dict[ChoiceKey, Any]) -> ManaCost:
        """The total cost of the casts of a frame with these values of the rest, when targets change it (CR 601.2f).

        The instances of "target" the total cost reads are tied to the frame by the payment rule, so they are
        in ``chosen``, never lone.
        """
        problem = self.problem
        if problem.total_cost_of is None:
            return ManaCost.EMPTY
        return problem.total_cost_of({**self.frame_values(frame), **chosen})

    def rest_fields(self, chosen: dict[ChoiceKey, Any]) -> tuple[dict[str, Any], dict[ObjectId, int], list]:
        """What values of the rest give a cast: its splices and cost objects, and its tied instances' choices.

        Returns
        -------
        (dict, dict, list)
            The fields ``splices`` and the cost-object fields; each spliced card's place in the splice
            order; (place in :attr:`Cast.targets`, TargetChoice) of each instance in ``chosen``.
        """
        problem = self.problem
        splices: tuple[ObjectId, ...] = next((v for k, v in chosen.items() if type(k) is SpliceOrderKey), ())
        position = {source: i for i, source in enumerate(splices)}
        paid: dict[str, list[ObjectId]] = {}
        targets = []
        for key, value in chosen.items():
            if type(key) is CostObjectsKey:
                if value:  # none: the field's default, ()
                    paid.setdefault(COST_OBJECT_FIELDS[key.action], []).extend(value)
            elif type(key) is TargetKey and value is not None:
                slot = self.slot_of[key]
                division = tuple(chosen[slot.division]) if slot.division is not None else ()
                targets.append(
                    (
                        problem.target_order(key, position),
                        TargetChoice(
                            key.source,
                            key.mode,
                            key.instruction,
                            key.index,
                            slot.spec.phrase,
                            value,
                            key.copy,
                            division,
                        ),
                    )
                )
        fields: dict[str, Any] = {name: tuple(sorted(ids)) for name, ids in paid.items()}
        fields["splices"] = splices
        return fields, position, targets

    def weights(self) -> tuple[list[Frame], list[int], int]:
        """(frames, cumulative counts, total), for drawing a frame by its number of casts (kept)."""
        if self._weights is None:
            frames, cumulative, total = [], [], 0
            for frame, count in self.counted_frames():
                total += count
                frames.append(frame)
                cumulative.append(total)
            self._weights = (frames, cumulative, total)
        return self._weights

    def frame_starts(self) -> dict[Frame, int]:
        """Each frame with casts, and how many casts come before its first (kept): where its action ids start."""
        if self._starts is None:
            frames, cumulative, total = self.weights()
            self._starts = {
                frame: end - count
                for frame, end, count in zip(frames, cumulative, (count for _, count in self.counted_frames()))
            }
        return self._starts

    def active_lone(self, frame: Frame) -> list[TargetSlot]:
        """The lone instances of "target" that are part of the spell in a frame, in component order."""
        return [c.slot for c in self.components if c.slot is not None and self.slot_is_on(c.slot, frame)]

    def frame_digits(self, frame: Frame) -> tuple[list[tuple[Component, Iterable[Any], int]], list[TargetSlot]]:
        """The digits of a frame's casts in enumeration order: the tied components, then the lone instances.

        Returns
        -------
        (list, list)
            (component, its values, how many) of each component other than lone instances of "target", most
            significant first; and the lone instances that are part of the spell in this frame, in
            :meth:`DecompositionEngine.casts` order before the splice order sorts them.
        """
        found = self._digit_plans.get(frame)
        if found is None:
            others = [(c, self.component_values(c, frame), self.component_count(c, frame)) for c in self.others]
            active = self.active_lone(frame)
            if len(self._digit_plans) >= 16:  # the frames asked last: a few, as the values of some are long lists
                del self._digit_plans[next(iter(self._digit_plans))]
            found = self._digit_plans[frame] = (others, active)
        return found

    def lone_order(self, active: list[TargetSlot], position: dict[ObjectId, int]) -> list[TargetSlot]:
        """The lone instances as :meth:`DecompositionEngine.casts` walks them.

        In :attr:`Cast.targets` order, unless instances tied by rules are among the rest: then in variable
        order, the targets sorted per cast.
        """
        if self.linked:
            return active
        return sorted(active, key=lambda slot: self.problem.target_order(slot.key, position))


def analyse(problem: CastProblem) -> Analysis:
    """The decomposition of a problem (frames, components), made once per problem.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    object
        The analysis the fast engine reads.
    """
    found = problem.engine_memo.get("fast")
    if found is None:  # kept on the problem: dropped with it (a table by problem would keep every problem)
        found = problem.engine_memo["fast"] = Analysis(problem)
    return found


def _place(
    depth: int,
    plans: list[tuple[ChoiceKey, Constraint | None, list[Constraint]]],
    assignment: dict[ChoiceKey, Any],
    keys: list[ChoiceKey],
    variables: Mapping[ChoiceKey, Any],
    found: list[dict[ChoiceKey, Any]],
) -> None:
    """Add to ``found`` the values of ``keys`` the plans allow from ``depth`` on (see ``component_solutions``).

    Each plan is a key, the rule that generates its values (None: its domain) and the rules checked once it
    has one.
    """
    if depth == len(plans):
        found.append({k: assignment[k] for k in keys})
        return
    key, source, checks = plans[depth]
    values = (
        source.generate(*(assignment[k] for k in source.scope[:-1]))
        if source is not None and source.generate is not None  # a source always generates
        else variables[key].domain
    )
    for value in values:
        assignment[key] = value
        if all(c.holds(assignment) for c in checks):
            _place(depth + 1, plans, assignment, keys, variables, found)
    assignment.pop(key, None)


def _counter_of_one(count: Callable[[Any], int], at: int) -> Callable[[Frame], int]:
    """:func:`_count_by_rule` of a rule that reads one frame value: that value, passed as it is."""
    return lambda frame: count(frame[at])


def _count_by_rule(count: Callable[..., int], at: tuple[int, ...], frame: Frame) -> int:
    """A component a rule counts: its count of the frame values it reads (the splice order, cost objects)."""
    return count(*[frame[i] for i in at])


def is_on(atoms: Any, frame: Frame) -> bool:
    """Whether every (frame position, test) of a switch holds in a frame (CR 601.2c)."""
    for at, holds in atoms:
        if not holds(frame[at]):
            return False
    return True


class _FrameWalk:
    """One walk over the frames of an analysis: depth-first, fixed choices, then modes, optional costs, splices.

    The frame rules over fixed choices only are checked once per product of them; the monotone ones (the total
    cost being payable, CR 601.2f-h) find the last X paid at each node; the others are checked at every frame.
    """

    def __init__(self, analysis: Analysis, problem: CastProblem, runs: bool) -> None:
        self.analysis, self.runs = analysis, runs
        self.fixed = [k for k in analysis.frame_keys if isinstance(k, _FIXED_TYPES)]
        self.fixed_domains = [tuple(problem.variables[k].domain) for k in self.fixed]
        x_key = next((k for k in analysis.frame_keys if type(k) is XKey), None)
        self.x_values = tuple(problem.variables[x_key].domain) if x_key is not None else (None,)
        self.x_at = analysis.frame_index[x_key] if x_key is not None else None
        self.splice_key = next((k for k in analysis.frame_keys if type(k) is SpliceSetKey), None)
        self.items = self._items(problem)
        self.tops = {
            analysis.frame_index[k]: max(problem.variables[k].domain)
            for k in analysis.frame_keys
            if type(k) in (ModeKey, OptionalCostKey)
        }
        self.base = self._base(problem)
        self._sort_checks()
        self.monotone = [(c.predicate, where) for c, where in analysis.monotone]
        self.in_splice_domain = self._splice_test(problem)
        # the usual one: the total cost
        self.pays: Callable[..., bool] | None = self.monotone[0][0] if len(self.monotone) == 1 else None
        self.paid_at: Sequence[int] = self.monotone[0][1] if len(self.monotone) == 1 else ()
        self.x_allowed = [x_key is None or analysis._allowed(x_key, x) for x in self.x_values]
        self.allowed_up_to = list(itertools.accumulate(self.x_allowed, initial=0))  # allowed X before each place

    def _sort_checks(self) -> None:
        """The frame rules by when they are checked.

        Those over fixed choices only once per product of them; those that read X for each X; the others once for
        all the X values of a node.
        """
        analysis = self.analysis
        fixed_at = {analysis.frame_index[k] for k in self.fixed}
        self.fixed_checks = [(c, where) for c, where in analysis.frame_checks if fixed_at.issuperset(where)]
        unfixed = [(c, where) for c, where in analysis.frame_checks if not fixed_at.issuperset(where)]
        self.x_checks = [(c, where) for c, where in unfixed if self.x_at in where]
        self.other_checks = [(c, where) for c, where in unfixed if self.x_at not in where]

    def _items(self, problem: CastProblem) -> list[tuple[int, Any]]:
        """The steps of the walk: (frame position, what the step adds), a mode or cost once more, or a card."""
        analysis = self.analysis
        items: list[tuple[int, Any]] = []
        for key in analysis.frame_keys:
            if type(key) in (ModeKey, OptionalCostKey):
                items.append((analysis.frame_index[key], None))
            elif type(key) is SpliceSetKey:
                items += [(analysis.frame_index[key], card) for card in problem.splice_candidates]
        return items

    def _base(self, problem: CastProblem) -> list[Any]:
        """The frame the walk starts from: each fixed choice's first value, no mode, kick or spliced card."""
        base: list[Any] = []
        for key in self.analysis.frame_keys:
            domain = problem.variables[key].domain
            base.append(next(iter(domain)) if not isinstance(key, (ModeKey, OptionalCostKey)) else 0)
        if self.splice_key is not None:
            base[self.analysis.frame_index[self.splice_key]] = ()
        return base

    def _splice_test(self, problem: CastProblem) -> Callable[[Any], bool]:
        """Whether a set of spliced cards may be the frame's: made in candidate order, each card once.

        Only whether its costs can be paid is asked, and only whether the objects they ask for are there when a
        monotone rule over the splice set is the total cost being payable (the splice costs' mana is part of it,
        CR 601.2f-h), checked next.
        """
        splice_key = self.splice_key
        splice_domain = problem.variables[splice_key].domain if splice_key is not None else ()
        affords = problem.splice_affords
        if (
            problem.splice_objects_available is not None
            and splice_key is not None
            and any(c is problem.payment_rule and splice_key in c.scope for c, _ in self.analysis.monotone)
        ):
            affords = problem.splice_objects_available
        return affords if affords is not None else splice_domain.__contains__

    def frames(self) -> Iterator[Any]:
        """The frames (or runs of X), for each product of the fixed choices whose rules hold."""
        analysis = self.analysis
        # the frames' only choice a set of spliced cards, X one value: walked as sets (the usual Arcane spell)
        splices_only = (
            self.splice_key is not None and len(self.x_values) == 1 and all(card is not None for _, card in self.items)
        )
        for values in itertools.product(*self.fixed_domains):
            frame = list(self.base)
            blocked = False
            for key, value in zip(self.fixed, values):
                frame[analysis.frame_index[key]] = value
                blocked = blocked or not analysis._allowed(key, value)
            if not blocked and analysis._holds(self.fixed_checks, frame):
                yield from (self.splice_walk(frame) if splices_only else self.walk(frame))

    def paid(self, frame: list[Any], position: int) -> bool:
        """Whether the monotone rules hold with the X at ``position`` in ``x_values`` (set in ``frame``)."""
        if self.x_at is not None:
            frame[self.x_at] = self.x_values[position]
        if self.pays is not None:
            return self.pays(*[frame[i] for i in self.paid_at])
        return all(holds(*[frame[i] for i in where]) for holds, where in self.monotone)

    def paid_up_to(self, frame: list[Any], most: int) -> int:
        """The last place in ``x_values`` whose X the monotone rules allow with the rest of ``frame``; -1: none.

        They hold for a first run of X values and for none after (paying only gets harder as X grows,
        CR 601.2f-h), and that run ends at ``most`` or before (the end of the run of the frame with one mode,
        kick or splice less). The end is found by stepping down from ``most`` by 1, 2, 4, … and then by
        bisection, not by trying every X: one more kick usually takes one X away.
        """
        paid = self.paid
        if most <= 0:  # one X to try (or none)
            return 0 if paid(frame, 0) else -1
        if not paid(frame, 0):
            return -1
        if paid(frame, most):
            return most
        high, step = most, 1  # not paid(high)
        low = 0
        while high - step > 0:
            if paid(frame, high - step):
                low = high - step
                break
            high, step = high - step, step * 2
        while high - low > 1:  # paid(low) and not paid(high)
            middle = (low + high) // 2
            if paid(frame, middle):
                low = middle
            else:
                high = middle
        return low

    def at_node(self, frame: list[Any], last: int) -> Iterator[Any]:
        """The frames of one node, one per X paid up to ``last`` that its rules allow (or their runs)."""
        x_at, x_values, x_allowed, x_checks, runs = self.x_at, self.x_values, self.x_allowed, self.x_checks, self.runs
        holds = self.analysis._holds
        first, n = None, 0
        for position in range(last + 1):
            if not x_allowed[position]:
                continue
            if x_at is not None:
                frame[x_at] = x_values[position]
            if not x_checks or holds(x_checks, frame):
                if not runs:
                    yield tuple(frame)
                    continue
                if first is None:
                    first = tuple(frame)
                    if not x_checks:  # the allowed X up to the last paid, all at once
                        n = self.allowed_up_to[last + 1] - self.allowed_up_to[position]
                        break
                n += 1
        if runs and first is not None:
            yield first, n

    def child(self, frame: list[Any], node: list[Any]) -> list[Any] | None:
        """The node's next child: one more mode, kick or spliced card, set in ``frame``; None when there is none.

        A repeatable mode or a cost paid again stays on its item (CR 700.2d, 702.33c).
        """
        analysis, items, tops = self.analysis, self.items, self.tops
        index, modes = node[0], node[1]
        child = None
        while index < len(items):
            at, card = items[index]
            key = analysis.frame_keys[at]
            old = frame[at]
            if card is None:  # a mode or an optional cost, once more
                new = old + 1
                is_mode = type(key) is ModeKey
                if new > tops[at] or (is_mode and modes >= analysis.most_modes) or not analysis._allowed(key, new):
                    index += 1
                    continue
                frame[at] = new
                again = analysis.repeatable if is_mode else tops[at] > 1
                child = [index if again else index + 1, modes + is_mode, at, old, None]
            else:
                new = old + (card,)
                if not analysis._allowed(key, new) or not self.in_splice_domain(new):
                    index += 1
                    continue
                frame[at] = new
                child = [index + 1, modes, at, old, None]
            break
        node[0] = index + 1
        return child

    def walk(self, frame: list[Any]) -> Iterator[Any]:
        """Depth-first over the items, with a stack.

        Not nested generators: a frame is yielded at once, however many kicks or modes deep. Each node is
        [next item, modes chosen, position changed, its old value, the last X paid].
        """
        x_at, x_values = self.x_at, self.x_values
        stack: list[list[Any]] = [[0, 0, None, None, len(x_values) - 1]]
        entered = True
        while stack:
            node = stack[-1]
            if entered:
                entered = False
                last = node[4] = self.paid_up_to(frame, stack[-2][4] if len(stack) > 1 else node[4])
                if last < 0:  # nothing larger can be paid either
                    if x_at is not None:
                        frame[x_at] = x_values[0]
                    stack.pop()
                    if node[2] is not None:
                        frame[node[2]] = node[3]
                    continue
                if self.analysis._holds(self.other_checks, frame):
                    yield from self.at_node(frame, last)
                if x_at is not None:
                    frame[x_at] = x_values[0]
            child = self.child(frame, node)
            if child is not None:
                stack.append(child)
                entered = True
                continue
            stack.pop()
            if node[2] is not None:
                frame[node[2]] = node[3]

    def splice_walk(self, frame: list[Any]) -> Iterator[Any]:
        """:meth:`walk` when the only choices it adds are spliced cards and X has one value (or none).

        The sets of spliced cards depth-first in candidate order, each set before the larger ones it starts, a
        set whose rules over the frame fail checked no further (the payment rule is monotone).
        """
        splice_key, analysis = self.splice_key, self.analysis
        assert splice_key is not None
        at = analysis.frame_index[splice_key]
        cards = [card for _, card in self.items]
        other_checks, x_checks = self.other_checks, self.x_checks
        stack: list[tuple[int, tuple[ObjectId, ...]]] = [(0, ())]
        while stack:
            start, chosen = stack.pop()
            frame[at] = chosen
            if not self.paid(frame, 0):  # the one X (sets it)
                continue
            if (
                self.x_allowed[0]
                and (not other_checks or analysis._holds(other_checks, frame))
                and (not x_checks or analysis._holds(x_checks, frame))
            ):
                yield (tuple(frame), 1) if self.runs else tuple(frame)
            larger = []
            for index in range(start, len(cards)):
                new = chosen + (cards[index],)
                if analysis._allowed(splice_key, new) and self.in_splice_domain(new):
                    larger.append((index + 1, new))
            stack.extend(reversed(larger))
