"""The fast engine: count, enumerate, check and sample a cast problem by its decomposition.

The decomposition itself (frames and components, :class:`~solver.backends.decompose.Analysis`) is worked out
once per problem; this engine answers every question of the engine protocol from it
(:mod:`solver.backends.decompose`), and the prompts from :mod:`solver.backends.decompose_prompts`.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from models.cast import Cast, TargetChoice, casts_of_targets
from models.choices import (
    ChoiceKey,
    CostObjectsKey,
    SpliceOrderKey,
    TargetKey,
)
from models.objects import ObjectId
from solver.backends import Engine
from solver.backends.decompose import (
    LISTED,
    Analysis,
    Component,
    Frame,
    Remade,
    analyse,
    digits_of,
    is_on,
    iter_from_index,
    product,
    product_from,
)
from solver.backends.decompose_prompts import fast_options
from solver.problem import CastProblem, TargetSlot
from solver.prompts import DEFAULT_LIMIT, Options
from solver.rules.target_sets import number_of_sets

__all__ = ["DecompositionEngine"]


class DecompositionEngine(Engine):
    """Count, enumerate, check and sample casts by decomposition (see the module notes)."""

    name = "fast"

    def listed_components(self, problem: CastProblem) -> list[tuple[str, ...]]:
        """The choices of a problem this engine counts by listing their values (see ``Analysis.listed_components``).

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        list of tuple of str
            One tuple of key names per component; empty when every count is in closed form.
        """
        return analyse(problem).listed_components()

    def count(self, problem: CastProblem) -> int:
        """The number of legal casts, without enumerating them (exact integer).

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        int
        """
        return analyse(problem).total()

    def solutions(self, problem: CastProblem) -> Iterator[dict[ChoiceKey, Any]]:
        """Yield every solution lazily: frames depth-first, then the product of the components' values.

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of ChoiceKey to value
        """
        analysis = analyse(problem)
        for frame, _ in analysis.frames_with_casts():
            base = analysis.frame_values(frame)
            parts = [analysis.component_values(c, frame) for c in analysis.components]
            for combination in product(parts):
                assignment = dict(base)
                for part in combination:
                    assignment.update(part)
                yield assignment

    # ------------------------------------------------------------------ fast forms
    def iter_compact(self, problem: CastProblem) -> Iterator[tuple[tuple, tuple]]:
        """Every legal cast in compact form, lazily, in :meth:`solutions` order.

        Each item is ``(frame, values)``: ``frame`` holds the values of the
        choices made before targets, in variable order; ``values`` one entry
        per component of the rest (a tuple of ids for a lone instance of
        "target", or a dict of key to value). Items are made by itertools in
        C: no Python code runs per cast.

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        iterator of (tuple, tuple)
        """
        return itertools.chain.from_iterable(self._compact_blocks(problem))

    def _compact_blocks(self, problem: CastProblem) -> Iterator[Iterator[tuple[tuple, tuple]]]:
        analysis = analyse(problem)
        for frame, _ in analysis.frames_with_casts():
            lists: list[Any] = []
            for component in analysis.components:
                slot = component.slot
                if slot is not None:
                    on = analysis.slot_is_on(slot, frame)
                    choices = slot.choices
                    lists.append(
                        (None,) if not on else Remade(choices.__iter__) if number_of_sets(choices) > LISTED else choices
                    )
                else:
                    lists.append(analysis.component_values(component, frame))
            yield zip(itertools.repeat(frame), product(lists))

    def casts(self, problem: CastProblem) -> Iterator[Cast]:
        """Every legal cast as a :class:`Cast`, lazily, without building assignments.

        Casts of a frame whose instances of "target" are independent are
        built by itertools in C (:func:`models.cast.casts_of_targets`).

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        iterator of Cast
            In :meth:`solutions` order for frames; targets ordered as in
            :meth:`CastProblem.to_cast`.
        """
        return itertools.chain.from_iterable(self._cast_blocks(problem))

    def _cast_blocks(self, problem: CastProblem) -> Iterator[Iterator[Cast]]:
        analysis = analyse(problem)
        for frame, _ in analysis.frames_with_casts():
            yield from self._frame_blocks(analysis, frame)

    def casts_from(self, problem: CastProblem, start: int) -> Iterator[Cast]:
        """The casts :meth:`casts` yields from index ``start`` on (0-based), without making the ones before.

        The frame holding ``start`` is found by the counts of the frames before it; within it, the place of
        ``start`` in each choice is its digit (as :meth:`cast_at` finds it), and the product of the choices'
        values starts there.

        Parameters
        ----------
        problem : CastProblem
        start : int
            0 or more.

        Returns
        -------
        iterator of Cast
        """
        analysis = analyse(problem)
        frames, cumulative, total = analysis.weights()
        if start >= total:
            return iter(())
        at = bisect.bisect_right(cumulative, max(start, 0))
        skip = max(start, 0) - (cumulative[at - 1] if at else 0)
        first = itertools.chain.from_iterable(self._frame_blocks(analysis, frames[at], skip))
        later = (self._frame_blocks(analysis, frame) for frame in frames[at + 1 :])
        return itertools.chain(first, itertools.chain.from_iterable(itertools.chain.from_iterable(later)))

    def _frame_blocks(self, analysis: Analysis, frame: Frame, start: int = 0) -> Iterator[Iterator[Cast]]:
        """The casts of one frame from its ``start``-th on, in blocks made in C.

        One block per combination of the tied components' values, from the combination holding ``start``; the
        first block from the lone instances' digits of ``start``.
        """
        problem = analysis.problem
        active, lone_start, parts, combinations = _frame_start(analysis, frame, start)
        linked = analysis.linked
        fields = analysis.frame_fields(frame)
        if linked and not active and not problem.total_cost_targets:
            # one instance and its division is all that varies (damage divided, no other target): its casts
            # are made from one template, not one by one from every component (the same casts, in order)
            varying = [i for i, part in enumerate(parts) if not (isinstance(part, list) and len(part) == 1)]
            if len(varying) == 1 and analysis.others[varying[0]].divided is not None:
                yield self._divided_casts(analysis, frame, fields, parts, varying[0], start)
                return
        for at, combination in enumerate(combinations):
            chosen: dict[ChoiceKey, Any] = {}
            for part in combination:
                chosen.update(part)
            rest, position, tied = analysis.rest_fields(chosen)
            template = Cast(**fields, **rest)
            if problem.total_cost_targets:  # the targets chosen change the total cost (CR 601.2f)
                template = template._replace(total_cost=analysis.total_cost_with(frame, chosen))
            ordered = analysis.lone_order(active, position)
            digits = (
                digits_of(lone_start, [number_of_sets(slot.choices) for slot in ordered])
                if at == 0 and lone_start
                else [0] * len(ordered)
            )
            if not linked:
                lists = [analysis.choice_objects(slot) for slot in ordered]
                yield casts_of_targets(template, product_from(lists, digits))
            else:
                yield self._linked_casts(analysis, template, active, tied, position, digits)

    def _divided_casts(
        self, analysis: Analysis, frame: Frame, fields: dict[str, Any], parts: list[Iterable[Any]], at: int, start: int
    ) -> Iterator[Cast]:
        """The casts of a frame where one instance and its division (part ``at``) is all that varies, from ``start``.

        The other parts have one value each: the template is made once from them, and each cast puts the
        instance's targets and division in their place in :attr:`Cast.targets` (CR 601.2c-d).
        """
        problem = analysis.problem
        constant: dict[ChoiceKey, Any] = {}
        for i, part in enumerate(parts):
            if i != at:
                constant.update(next(iter(part)))
        component = analysis.others[at]
        assert component.divided is not None
        slot, rule = component.divided
        division_key = rule.scope[-1]
        rest, position, tied = analysis.rest_fields(constant)
        template = Cast(**fields, **rest)
        key, order = slot.key, problem.target_order(slot.key, position)
        for value in iter_from_index(parts[at], start):
            targets = value[key]
            if targets is None:
                chosen = list(tied)
            else:
                chosen = tied + [
                    (
                        order,
                        TargetChoice(
                            key.source,
                            key.mode,
                            key.instruction,
                            key.index,
                            slot.spec.phrase,
                            targets,
                            key.copy,
                            tuple(value[division_key]),
                        ),
                    )
                ]
            chosen.sort(key=lambda item: item[0])
            yield template._replace(targets=tuple(choice for _, choice in chosen))

    def _linked_casts(
        self,
        analysis: Analysis,
        template: Cast,
        active: list[TargetSlot],
        tied: list[tuple[tuple, TargetChoice]],
        position: dict[ObjectId, int],
        digits: list[int],
    ) -> Iterator[Cast]:
        """Casts whose instances of "target" are tied by rules: their choices sorted per cast (from ``digits``)."""
        problem = analysis.problem
        lists: list[Iterable[Any]] = []
        for slot in active:
            order = problem.target_order(slot.key, position)
            objects = analysis.choice_objects(slot)
            lists.append(
                Remade(functools.partial(_ordered, order, objects), functools.partial(_ordered_from, order, objects))
                if isinstance(objects, Remade)
                else [(order, choice) for choice in objects]
            )
        for combination in product_from(lists, digits):
            targets = sorted(tied + list(combination), key=lambda item: item[0])
            yield template._replace(targets=tuple(choice for _, choice in targets))

    def contains(self, problem: CastProblem, cast: Cast) -> bool:
        """Whether a cast is legal, checked against the decomposition: its frame, then each component.

        The frame is read from the cast's fields and looked up among the
        frames with casts; each lone instance of "target" is checked against
        its set of legal choices; the other components by their domains and
        rules. The differential tests compare this with the problem's own
        check (:meth:`CastProblem.is_legal`).

        Parameters
        ----------
        problem : CastProblem
        cast : Cast

        Returns
        -------
        bool
        """
        analysis = analyse(problem)
        frame = _frame_of_cast(analysis, problem, cast)
        if frame is None:
            return False
        given = {choice.slot: choice for choice in cast.targets}
        if len(given) != len(cast.targets) or not _lone_instances_hold(analysis, frame, given):
            return False
        paid = problem.objects_named(cast)
        return _components_hold(analysis, problem, cast, frame, given, paid) and not given and not paid

    # ------------------------------------------------------------------ action ids
    def cast_at(self, problem: CastProblem, index: int) -> Cast:
        """The cast :meth:`casts` yields at ``index`` (0-based), found without enumerating the casts before it.

        A frame by the counts of the frames before it, then each choice of the frame's casts as a digit of a
        mixed-radix number: the tied components (most significant first), then the lone instances of "target",
        in the order :meth:`casts` walks them. Only a component made lazily (an instance with its division) is
        walked to its value.

        Parameters
        ----------
        problem : CastProblem
        index : int
            ``0 <= index < count(problem)``.

        Returns
        -------
        Cast

        Raises
        ------
        IndexError
            ``index`` is out of range.
        """
        analysis = analyse(problem)
        frames, cumulative, total = analysis.weights()
        if not 0 <= index < total:
            raise IndexError(f"cast {index} of {total}")
        at = bisect.bisect_right(cumulative, index)
        frame = frames[at]
        rest = index - (cumulative[at - 1] if at else 0)
        others, active = analysis.frame_digits(frame)
        lone = 1
        for slot in active:
            lone *= number_of_sets(slot.choices)
        rest, lone_rest = divmod(rest, lone)
        assignment = dict(analysis.frame_values(frame))
        for component, values, count in reversed(others):
            rest, digit = divmod(rest, count)
            assignment.update(
                values[digit]
                if isinstance(values, list)
                else analysis.divided_at(component, frame, digit)
                if component.divided is not None
                else analysis.another_pair(component, frame).at(digit)
                if component.another is not None
                else next(itertools.islice(iter(values), digit, None))
            )
        splices = next((v for k, v in assignment.items() if type(k) is SpliceOrderKey), ())
        for slot in reversed(analysis.lone_order(active, {card: i for i, card in enumerate(splices)})):
            lone_rest, digit = divmod(lone_rest, number_of_sets(slot.choices))
            assignment[slot.key] = slot.choices[digit]
        for slot in problem.slots:
            assignment.setdefault(slot.key, None)
        return problem.to_cast(assignment)

    def index_of(self, problem: CastProblem, cast: Cast) -> int | None:
        """Where :meth:`casts` yields a cast (0-based): the inverse of :meth:`cast_at`; None when it is not legal.

        Parameters
        ----------
        problem : CastProblem
        cast : Cast

        Returns
        -------
        int or None
        """
        if not self.contains(problem, cast):
            return None
        analysis = analyse(problem)
        frame = analysis.frame_of(cast)
        assert frame is not None  # a legal cast names a frame
        values = problem.assignment_of(cast).values
        others, active = analysis.frame_digits(frame)
        index = 0
        for component, listed, count in others:
            value = _as_sets({key: values[key] for key in component.keys})
            digit = (
                analysis.divided_index(component, frame, value)
                if component.divided is not None
                else analysis.another_pair(component, frame).index(value)
                if component.another is not None
                else next((i for i, item in enumerate(listed) if _as_sets(item) == value), None)
            )
            if digit is None:
                return None
            index = index * count + digit
        splices = tuple(cast.splices)
        for slot in analysis.lone_order(active, {card: i for i, card in enumerate(splices)}):
            choices = slot.choices
            index = index * number_of_sets(choices) + choices.index(values[slot.key])
        return analysis.frame_starts()[frame] + index

    def options(
        self,
        problems: Sequence[CastProblem],
        chosen: Mapping[str, Any] | None = None,
        *,
        offset: int = 0,
        limit: int = DEFAULT_LIMIT,
    ) -> Options:
        """The next prompt and its options with their counts, from the decomposition: no cast is listed.

        See :mod:`solver.backends.decompose_prompts`; the arguments and answer are :meth:`Engine.options`'s.
        """
        return fast_options(problems, chosen, offset=offset, limit=limit)

    def sample(self, problem: CastProblem, rng: random.Random) -> Cast | None:
        """One legal cast drawn uniformly at random: a frame by its count, then each component uniformly.

        Parameters
        ----------
        problem : CastProblem
        rng : random.Random

        Returns
        -------
        Cast or None
        """
        analysis = analyse(problem)
        frames, cumulative, total = analysis.weights()
        if not total:
            return None
        frame = frames[bisect.bisect_right(cumulative, rng.randrange(total))]
        fields = analysis.frame_fields(frame)
        plan = analysis.sample_plan
        if plan is None:  # the components with one value in every frame (a cost no choice asks for), once
            plan = analysis.sample_plan = _sample_plan(analysis, frame)
        chosen: dict[ChoiceKey, Any] = dict(plan[0])
        for component in plan[1]:
            chosen.update(_drawn(analysis, component, frame, rng))
        rest, position, targets = analysis.rest_fields(chosen)
        if problem.total_cost_targets:  # the targets chosen change the total cost (CR 601.2f)
            fields = {**fields, "total_cost": analysis.total_cost_with(frame, chosen)}
        for _, slot, atoms, _ in analysis.lone:
            if is_on(atoms, frame):
                targets.append((problem.target_order(slot.key, position), analysis.sample_choice(slot, rng)))
        targets.sort(key=lambda item: item[0])
        return Cast(targets=tuple(choice for _, choice in targets), **fields, **rest)


def _frame_start(
    analysis: Analysis, frame: Frame, start: int
) -> tuple[list[TargetSlot], int, list[Iterable[Any]], Iterable[tuple[Any, ...]]]:
    """Where a frame's casts from the ``start``-th on begin.

    Its lone instances and their digit of ``start``, the tied components' values and their combinations from the
    one holding ``start``.
    """
    if not start:  # from the frame's first cast: no count needed
        parts = [analysis.component_values(c, frame) for c in analysis.others]
        return analysis.active_lone(frame), 0, parts, product(parts)
    others, active = analysis.frame_digits(frame)
    lone_counts = [number_of_sets(slot.choices) for slot in active]
    tied_start, lone_start = divmod(start, math.prod(lone_counts))
    parts = [values for _, values, _ in others]
    return active, lone_start, parts, product_from(parts, digits_of(tied_start, [n for _, _, n in others]))


def _sample_plan(analysis: Analysis, frame: Frame) -> tuple[dict[ChoiceKey, Any], list[Component]]:
    """The values of the components with one value in every frame (a cost no choice asks for), and the others."""
    fixed: dict[ChoiceKey, Any] = {}
    drawn = []
    for component in analysis.others:
        if (
            not component.frame_keys
            and component.counted_by is None
            and component.divided is None
            and component.another is None
        ):
            solutions = analysis.component_solutions(component, frame)  # reads no frame value
            if len(solutions) == 1:
                fixed.update(solutions[0])
                continue
        drawn.append(component)
    return fixed, drawn


def _drawn(analysis: Analysis, component: Component, frame: Frame, rng: random.Random) -> dict[ChoiceKey, Any]:
    """One component's values drawn uniformly among its solutions in the frame (no draw for one)."""
    counted = component.counted_by
    key = component.keys[0]
    if counted is not None and type(key) is SpliceOrderKey:
        spliced = frame[analysis.frame_index[counted.scope[0]]]
        return {key: tuple(rng.sample(spliced, len(spliced))) if len(spliced) > 1 else spliced}
    if component.divided is not None:
        return analysis._divided_sample(component, frame, rng)
    if component.another is not None:
        return analysis.another_pair(component, frame).sample(rng)
    solutions = analysis.component_solutions(component, frame)
    return solutions[0] if len(solutions) == 1 else rng.choice(solutions)


def _ordered_from(order: tuple, objects: Remade, index: int) -> Iterator[tuple[tuple, TargetChoice]]:
    """:func:`_ordered` from the ``index``-th choice on."""
    return _ordered(order, objects.iter_from(index))


def _as_sets(values: dict[ChoiceKey, Any]) -> dict[ChoiceKey, Any]:
    """Values of a component with the objects paying a cost as sets: which objects, not in which order."""
    return {key: frozenset(value) if type(key) is CostObjectsKey else value for key, value in values.items()}


def _ordered(order: tuple, objects: Iterable[TargetChoice]) -> Iterator[tuple[tuple, TargetChoice]]:
    """Each choice with its place in :attr:`Cast.targets`."""
    return ((order, choice) for choice in objects)


def _frame_of_cast(analysis: Analysis, problem: CastProblem, cast: Cast) -> Frame | None:
    """The cast's frame when it is one with casts of this problem (its card, its way of paying); else None."""
    if (
        cast.card != problem.spell.id
        or cast.without_paying_mana_cost != problem.without_paying_mana_cost
        or cast.prototyped != problem.prototyped
    ):
        return None
    frame = analysis.frame_of(cast)
    try:
        if frame is None or frame not in analysis.valid_frames():
            return None
    except TypeError:  # a value that can't be hashed is in no domain
        return None
    return frame


def _lone_instances_hold(analysis: Analysis, frame: Frame, given: dict[tuple, TargetChoice]) -> bool:
    """Whether each lone instance of "target" has a legal set of targets exactly when it is part of the spell.

    The instances checked are taken out of ``given``.
    """
    for slot_tuple, _, atoms, choice_set in analysis.lone:
        choice = given.pop(slot_tuple, None)
        if is_on(atoms, frame):
            if choice is None or choice.division or choice.targets not in choice_set:
                return False
        elif choice is not None:
            return False
    return True


def _components_hold(
    analysis: Analysis,
    problem: CastProblem,
    cast: Cast,
    frame: Frame,
    given: dict[tuple, TargetChoice],
    paid: dict[tuple, tuple],
) -> bool:
    """Whether the other components' values, read from the cast, are in their domains and keep their rules.

    The targets and objects read are taken out of ``given`` and ``paid``.
    """
    values = dict(analysis.frame_values(frame))
    variables = problem.variables
    for component, in_domain in analysis.checked:
        for key in component.keys:
            if type(key) is TargetKey:
                choice = given.pop(key.slot, None)
                values[key] = None if choice is None else choice.targets
                slot = analysis.slot_of[key]
                if slot.division is not None:
                    values[slot.division] = None if choice is None else choice.division
                elif choice is not None and choice.division:
                    return False
            elif type(key) is SpliceOrderKey:
                values[key] = tuple(cast.splices)
            elif type(key) is CostObjectsKey:
                values[key] = paid.pop((key.action, key.zone), ())
        for key in in_domain:  # a value outside its domain first: rules are asked of values in their domains
            if values[key] not in variables[key].domain:
                return False
        for constraint in component.constraints:
            if not constraint.holds(values):
                return False
    return True
