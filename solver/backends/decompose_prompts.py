"""The fast engine's options, prompt by prompt, from its decomposition: no cast is listed (CR 601.2a-h).

The choices made before targets are the decomposition's frames, each with its
number of casts: the options of those prompts are the frames' values, each
counted by the casts of the frames that take it. After them, a frame's casts
are the product of independent components (:mod:`solver.backends.decompose`):
an option's count is its component's count for that value times the other
components' counts. A lone instance of "target" answers from its
:class:`~solver.rules.target_sets.TargetSets` (a page of 2^n sets without listing
them), an instance and its division by number of targets (CR 601.2d), an instance
and a later "another target" one by how many targets they could share
(CR 115.4); the components tied by other rules (the splice order, the objects
paying costs, other tied instances) from their listed values. The prompts and their values are
:mod:`solver.prompts`'s, and its :func:`~solver.prompts.options_by_listing`
gives the same answers by listing every cast (compared in the tests).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from models.cast import COST_OBJECT_FIELDS
from models.choices import ChoiceKey, CostObjectsKey, SpliceOrderKey, SpliceSetKey, TargetKey
from models.errors import SolverError
from solver.backends.decompose import Analysis, Component, analyse
from solver.backends.decompose_another import AnotherPair, SetsOfSizes, weighted_first_page
from solver.problem import CastProblem, TargetSlot
from solver.prompts import COST_PROMPTS, DEFAULT_LIMIT, FRAME_PROMPTS, Options, Walk
from solver.rules.target_sets import TargetSets, number_of_sets

__all__ = ["fast_options"]


def _frame_value(prompt: str, entry: tuple) -> Any:
    """A frame's value of a prompt in the form :func:`~solver.prompts.read_chosen` gives (modes, costs sorted)."""
    value = entry[3][prompt]
    return tuple(sorted(value)) if prompt in ("modes", "additional_costs") else value


def _frame_weight(entry: tuple) -> int:
    """A frame's number of casts."""
    return entry[2]


def _frame_prompts(analysis: Analysis, frame: tuple) -> dict[str, Any]:
    """The values a frame gives the prompts made before targets (hashable), as its casts write them."""
    fields = analysis.frame_fields(frame)
    values = analysis.frame_values(frame)
    splice_set = next((v for k, v in values.items() if type(k) is SpliceSetKey), ())
    return {
        "halves": fields["halves"],
        "prototyped": fields["prototyped"],
        "zone": fields["zone"].value,
        "without_paying_mana_cost": fields["without_paying_mana_cost"],
        "alternative_cost": fields["alternative_cost"],
        "modes": fields["modes"],
        "splice_set": tuple(sorted(splice_set)),
        "additional_costs": fields["additional_costs"],
        "gift_recipient": fields["gift_recipient"],
        "x": fields["x"],
    }


class _Factor:
    """The values of some choices of a frame's casts, independent of the other factors' (a product)."""

    def count(self) -> int:
        """How many values are left."""
        raise NotImplementedError

    def answers(self) -> set[str]:
        """The prompts this factor's values decide."""
        raise NotImplementedError

    def options(self, prompt: str) -> tuple[int, Callable[[int, int], list[tuple[Any, int]]]]:
        """(how many options, ``page(offset, limit) -> [(value, values left that choose it)]``)."""
        raise NotImplementedError

    def restrict(self, prompt: str, value: Any) -> bool:
        """Keep the values that choose ``value``; False when none does."""
        raise NotImplementedError

    def assignment(self) -> dict[ChoiceKey, Any]:
        """The one value left, as an assignment of its keys."""
        raise NotImplementedError


class _Listed(_Factor):
    """A component whose values are listed (tied instances, the splice order, the objects paying costs)."""

    def __init__(self, values: list[dict[ChoiceKey, Any]], prompt_of: dict[ChoiceKey, str]) -> None:
        self.values = values
        self.prompt_of = {key: prompt for key, prompt in prompt_of.items() if key in values[0]} if values else {}

    def value(self, prompt: str, item: dict[ChoiceKey, Any]) -> Any:
        keys = [key for key, named in self.prompt_of.items() if named == prompt]
        if len(keys) == 1 and type(keys[0]) is not CostObjectsKey:
            found = item[keys[0]]
            return tuple(found) if found is not None else None
        return tuple(sorted(itertools.chain.from_iterable(item[key] for key in keys)))  # objects: a set

    def count(self) -> int:
        return len(self.values)

    def answers(self) -> set[str]:
        return set(self.prompt_of.values())

    def options(self, prompt: str) -> tuple[int, Callable[[int, int], list[tuple[Any, int]]]]:
        groups: dict[Any, int] = {}
        for item in self.values:
            value = self.value(prompt, item)
            groups[value] = groups.get(value, 0) + 1
        listed = list(groups.items())
        return len(listed), lambda offset, limit: listed[offset : offset + limit]

    def restrict(self, prompt: str, value: Any) -> bool:
        self.values = [item for item in self.values if self.value(prompt, item) == value]
        return bool(self.values)

    def assignment(self) -> dict[ChoiceKey, Any]:
        return dict(self.values[0])


class _Lone(_Factor):
    """A lone instance of "target": its legal sets, never listed (:class:`~solver.rules.target_sets.TargetSets`)."""

    def __init__(self, slot: TargetSlot, prompt: str) -> None:
        self.slot = slot
        self.prompt = prompt
        self.chosen: tuple[str, ...] | None = None

    def count(self) -> int:
        return 1 if self.chosen is not None else number_of_sets(self.slot.choices)

    def answers(self) -> set[str]:
        return {self.prompt}

    def options(self, prompt: str) -> tuple[int, Callable[[int, int], list[tuple[Any, int]]]]:
        if self.chosen is not None:
            return 1, lambda offset, limit: [(self.chosen, 1)][offset : offset + limit]
        choices = self.slot.choices
        total = number_of_sets(choices)
        return total, lambda offset, limit: [
            (value, 1) for value in itertools.islice(_sets_from(choices, offset), limit)
        ]

    def restrict(self, prompt: str, value: Any) -> bool:
        if self.chosen is not None:
            return value == self.chosen
        if value not in (self.slot.choices if isinstance(self.slot.choices, TargetSets) else set(self.slot.choices)):
            return False
        self.chosen = value
        return True

    def assignment(self) -> dict[ChoiceKey, Any]:
        return {self.slot.key: self.chosen if self.chosen is not None else self.slot.choices[0]}


class _Divided(_Factor):
    """An instance of "target" and its division (CR 601.2d): sets counted by their number of divisions."""

    def __init__(self, analysis: Analysis, component: Component, frame: tuple, prompt: str, division: str) -> None:
        assert component.divided is not None
        self.slot, self.rule = component.divided
        self.prefix = analysis._division_prefix(component, frame)
        self.total = analysis.component_count(component, frame)
        self.prompt, self.division = prompt, division
        self.chosen: tuple[str, ...] | None = None
        self.split: tuple[int, ...] | None = None

    def divisions(self, targets: tuple[str, ...]) -> int:
        assert self.rule.count is not None
        return self.rule.count(*self.prefix, targets)

    def count(self) -> int:
        if self.chosen is None:
            return self.total
        return 1 if self.split is not None else self.divisions(self.chosen)

    def answers(self) -> set[str]:
        return {self.prompt, self.division}

    def options(self, prompt: str) -> tuple[int, Callable[[int, int], list[tuple[Any, int]]]]:
        if prompt == self.division:
            assert self.chosen is not None and self.rule.generate is not None
            splits = [self.split] if self.split is not None else list(self.rule.generate(*self.prefix, self.chosen))
            return len(splits), lambda offset, limit: [(split, 1) for split in splits[offset : offset + limit]]
        if self.chosen is not None:
            return 1, lambda offset, limit: [(self.chosen, self.count())][offset : offset + limit]
        choices = self.slot.choices
        if not isinstance(choices, TargetSets):  # listed: each set by its divisions
            listed = [(targets, n) for targets in choices if (n := self.divisions(targets))]
            return len(listed), lambda offset, limit: listed[offset : offset + limit]
        # by number of targets: every set of k targets has as many divisions (CR 601.2d)
        sizes = []  # (first index in the sets, sets of this size, divisions of each)
        start = 0
        for k, sets in choices.sizes:
            if sets and (n := self.divisions(next(choices.of_size(k)))):
                sizes.append((start, sets, n))
            start += sets
        total = sum(sets for _, sets, _ in sizes)

        def page(offset: int, limit: int) -> list[tuple[Any, int]]:
            found: list[tuple[Any, int]] = []
            for first, sets, n in sizes:
                if offset >= sets:
                    offset -= sets
                    continue
                for value in itertools.islice(
                    choices.iter_from(first + offset), min(sets - offset, limit - len(found))
                ):
                    found.append((value, n))
                offset = 0
                if len(found) >= limit:
                    break
            return found

        return total, page

    def restrict(self, prompt: str, value: Any) -> bool:
        if prompt == self.division:
            assert self.chosen is not None and self.rule.generate is not None
            if value not in set(self.rule.generate(*self.prefix, self.chosen)):
                return False
            self.split = value
            return True
        if self.chosen is not None:
            return value == self.chosen
        if value not in (
            self.slot.choices if isinstance(self.slot.choices, TargetSets) else set(self.slot.choices)
        ) or not self.divisions(value):
            return False
        self.chosen = value
        return True

    def assignment(self) -> dict[ChoiceKey, Any]:
        assert self.chosen is not None and self.split is not None, "every prompt answered"
        division = self.rule.scope[-1]
        return {self.slot.key: self.chosen, division: self.split}


class _Another(_Factor):
    """An instance and a later "another target" one (CR 115.4): counted by how many targets they could share.

    The values are :class:`~solver.backends.decompose_another.AnotherPair`'s; the earlier instance's options
    are its sets, each counted by the later instance's sets left, and once one is chosen the later instance's
    options are the sets among the candidates left (either prompt may come first). An instance that is no
    part of the spell in the frame is never asked.
    """

    def __init__(self, pair: AnotherPair) -> None:
        self.pair = pair
        self.prompts: dict[TargetKey, str] = {}
        self.first: tuple[str, ...] | None = None
        self.second: tuple[str, ...] | None = None

    def _is_first(self, prompt: str) -> bool:
        return self.prompts.get(self.pair.first.key) == prompt

    def count(self) -> int:
        pair = self.pair
        if self.first is not None and self.second is not None:
            return 1
        if self.first is not None:
            return pair.count_with_first(self.first)
        if self.second is not None:
            return pair.count_with_second(self.second)
        return pair.size

    def answers(self) -> set[str]:
        return set(self.prompts.values())

    def _later(self) -> SetsOfSizes:
        sets = self.pair.later_sets(self.first)
        assert sets is not None, "only an instance part of the spell is asked"
        return sets

    def options(self, prompt: str) -> tuple[int, Callable[[int, int], list[tuple[Any, int]]]]:
        pair = self.pair
        if self._is_first(prompt):
            if self.first is not None:
                return 1, lambda offset, limit: [(self.first, self.count())][offset : offset + limit]
            if self.second is not None:
                sets = pair.first_sets_avoiding(self.second)
                return sets.size, lambda offset, limit: [
                    (v, 1) for v in itertools.islice(sets.iter_from(offset), limit)
                ]
            return pair.first_choices(), lambda offset, limit: weighted_first_page(pair, offset, limit)
        if self.second is not None:
            return 1, lambda offset, limit: [(self.second, self.count())][offset : offset + limit]
        if self.first is not None or pair.first_sizes is None:
            later = self._later()
            return later.size, lambda offset, limit: [(v, 1) for v in itertools.islice(later.iter_from(offset), limit)]
        full = self._later()  # asked before the earlier instance: each set by the earlier sets avoiding it
        listed = [(v, n) for v in full if (n := pair.count_with_second(v))]
        return len(listed), lambda offset, limit: listed[offset : offset + limit]

    def restrict(self, prompt: str, value: Any) -> bool:
        pair = self.pair
        if self._is_first(prompt):
            if self.first is not None:
                return value == self.first
            if (
                not isinstance(value, tuple)
                or value not in pair.first.choices
                or pair.first_sizes is None
                or len(value) not in pair.first_sizes
            ):
                return False
            if self.second is not None and set(value) & set(self.second):
                return False
            if self.second is None and not pair.count_with_first(value):
                return False
            self.first = value
            return True
        if self.second is not None:
            return value == self.second
        if not isinstance(value, tuple) or pair.second_sizes is None:
            return False
        if self.first is not None or pair.first_sizes is None:
            if value not in self._later():
                return False
        elif value not in self._later() or not pair.count_with_second(value):
            return False
        self.second = value
        return True

    def assignment(self) -> dict[ChoiceKey, Any]:
        pair = self.pair
        first = self.first if pair.first_sizes is not None else None
        second = self.second if pair.second_sizes is not None else None
        return {pair.first.key: first, pair.second.key: second}


def _sets_from(choices: Any, offset: int) -> Any:
    """An instance's sets from the ``offset``-th on, made in order (never unranked one by one)."""
    return choices.iter_from(offset) if isinstance(choices, TargetSets) else itertools.islice(choices, offset, None)


def _instance_json(slot: TargetSlot) -> dict[str, Any]:
    key = slot.key
    return {
        "source": key.source,
        "mode": key.mode,
        "instruction": key.instruction,
        "index": key.index,
        "copy": key.copy,
        "phrase": slot.spec.phrase,
    }


def fast_options(
    problems: Sequence[CastProblem],
    chosen: Mapping[str, Any] | None = None,
    *,
    offset: int = 0,
    limit: int = DEFAULT_LIMIT,
) -> Options:
    """The next prompt of a cast and its options with their counts, from the decomposition of each problem.

    Parameters
    ----------
    problems : sequence of CastProblem
        The problems of one view (its ways to cast the card), in order.
    chosen, offset, limit
        As for :class:`~solver.prompts.Walk`.

    Returns
    -------
    Options
        Without ``action_id`` (the view's to give).

    Raises
    ------
    InputError
        As :class:`~solver.prompts.Walk`; a choice that leads to no legal cast.
    """
    walk = Walk(chosen, offset, limit)
    # Before targets: the frames of every problem, each with its number of casts (CR 601.2a-b)
    entries = [
        (problem, frame, count, _frame_prompts(analyse(problem), frame))
        for problem in problems
        for frame, count in analyse(problem).counted_frames()
    ]
    for prompt in FRAME_PROMPTS:
        asked, entries = walk.grouped(prompt, entries, functools.partial(_frame_value, prompt), _frame_weight)
        if asked is not None:
            return asked
    if not entries:  # no legal cast at all
        return walk.nothing()
    if len(entries) > 1:  # two frames every prompt before targets agrees on: their casts would be listed twice
        raise SolverError("options", "two ways to cast the card make the same choices before targets")
    problem, frame, _, _ = entries[0]
    return _after_frame(problem, analyse(problem), frame, walk)


class _Factors:
    """The factors of a frame's casts, and which factor holds each instance, division and cost's objects."""

    def __init__(self, problem: CastProblem, analysis: Analysis, frame: tuple) -> None:
        self.cost_prompt: dict[CostObjectsKey, str] = {
            key: COST_OBJECT_FIELDS[key.action] for key in problem.variables if type(key) is CostObjectsKey
        }
        self.factors: list[_Factor] = []
        self.lone_of: dict[TargetKey, _Lone] = {}
        self.divided_of: dict[TargetKey, _Divided] = {}
        self.another_of: dict[TargetKey, _Another] = {}
        self.listed_keys: dict[ChoiceKey, _Listed] = {}
        for component in analysis.components:
            self._add(analysis, component, frame)
        self._join_cost_objects()
        for listed in dict.fromkeys(self.listed_keys.values()):
            first = listed.values[0] if listed.values else {}
            listed.prompt_of = {key: "splices" for key in first if type(key) is SpliceOrderKey}
            listed.prompt_of.update({key: self.cost_prompt[key] for key in first if key in self.cost_prompt})

    def _add(self, analysis: Analysis, component: Component, frame: tuple) -> None:
        """The factor of one component in the frame: a lone instance, a division, a pair, or listed values."""
        if component.slot is not None:
            if analysis.slot_is_on(component.slot, frame):
                self.lone_of[component.slot.key] = _Lone(component.slot, "")
                self.factors.append(self.lone_of[component.slot.key])
        elif component.divided is not None:
            if analysis.slot_is_on(component.divided[0], frame):
                self.divided_of[component.divided[0].key] = _Divided(analysis, component, frame, "", "")
                self.factors.append(self.divided_of[component.divided[0].key])
        elif component.another is not None:
            pair = analysis.another_pair(component, frame)
            another = _Another(pair)
            self.factors.append(another)
            self.another_of[pair.first.key] = self.another_of[pair.second.key] = another
        else:
            listed = _Listed(list(analysis.component_values(component, frame)), {})
            self.factors.append(listed)
            for key in component.keys:
                self.listed_keys[key] = listed

    def _join_cost_objects(self) -> None:
        """One factor per cost prompt, the product of the components that hold its objects.

        The objects paying one kind of cost may be split among components (from the hand, from the graveyard), and
        their prompt is the union, so those components are one factor, their product.
        """
        by_prompt: dict[str, list[_Listed]] = {}
        for key, prompt in self.cost_prompt.items():
            if key in self.listed_keys and self.listed_keys[key] not in by_prompt.setdefault(prompt, []):
                by_prompt[prompt].append(self.listed_keys[key])
        for joined in by_prompt.values():
            if len(joined) <= 1:
                continue
            merged = _Listed(
                [
                    {k: v for part in combination for k, v in part.items()}
                    for combination in itertools.product(*(part.values for part in joined))
                ],
                {},
            )
            self.factors = [f for f in self.factors if f not in joined] + [merged]
            for held, owner in list(self.listed_keys.items()):
                if owner in joined:
                    self.listed_keys[held] = merged

    def of_slot(self, slot: TargetSlot, prompt: str, division: str) -> _Factor:
        """The factor holding an instance of "target" (and its division), named by its prompts."""
        if slot.key in self.lone_of:
            self.lone_of[slot.key].prompt = prompt
            return self.lone_of[slot.key]
        if slot.key in self.divided_of:
            self.divided_of[slot.key].prompt, self.divided_of[slot.key].division = prompt, division
            return self.divided_of[slot.key]
        if slot.key in self.another_of:
            self.another_of[slot.key].prompts[slot.key] = prompt
            return self.another_of[slot.key]
        listed = self.listed_keys[slot.key]
        listed.prompt_of[slot.key] = prompt
        if slot.division is not None:
            listed.prompt_of[slot.division] = division
        return listed


class _AfterFrame:
    """The prompts after a frame, answered in order.

    The splice order, each instance's targets and division, the cost objects (CR 601.2b-c, 601.2d, 601.2h).
    """

    def __init__(self, problem: CastProblem, analysis: Analysis, frame: tuple, walk: Walk) -> None:
        self.problem, self.analysis, self.frame, self.walk = problem, analysis, frame, walk
        self.parts = _Factors(problem, analysis, frame)

    def options(self) -> Options:
        """The first prompt left to ask, or the one cast every prompt answered leaves."""
        for step in (self._splices, self._targets, self._cost_objects):
            if (asked := step()) is not None:
                return asked
        return self._cast()

    def settle(self, prompt: str, factor: _Factor, instance: dict[str, Any] | None) -> Options | None:
        """Answer one prompt: take the chosen option, or the one option, or return the answer that asks it."""
        walk = self.walk
        total, page = factor.options(prompt)
        if walk.chose(prompt):
            if not factor.restrict(prompt, walk.wanted[prompt]):
                raise walk.no_cast(prompt, [v for v, _ in page(0, 8)], total)
            return None
        if total > 1:
            others = math.prod(f.count() for f in self.parts.factors if f is not factor)
            return walk.ask(
                prompt,
                instance,
                total,
                [(v, n * others) for v, n in page(walk.offset, walk.limit)],
                factor.count() * others,
            )
        value = page(0, 1)[0][0]
        factor.restrict(prompt, value)
        walk.take(prompt, value)
        return None

    def _splice_owner(self) -> _Listed | None:
        listed_keys = self.parts.listed_keys
        return next((listed_keys[key] for key in listed_keys if type(key) is SpliceOrderKey), None)

    def _splices(self) -> Options | None:
        """The order of the spliced cards, when some are spliced (CR 702.47b)."""
        owner = self._splice_owner()
        if owner is not None and any(
            value for key, value in self.analysis.frame_values(self.frame).items() if type(key) is SpliceSetKey
        ):
            return self.settle("splices", owner, None)
        return None

    def _targets(self) -> Options | None:
        """Each instance of "target" in the spell's order (the splice order chosen), and its division."""
        owner = self._splice_owner()
        order = (
            next((v for k, v in owner.values[0].items() if type(k) is SpliceOrderKey), ())
            if owner is not None and owner.values
            else ()
        )
        position = {card: i for i, card in enumerate(order)}
        problem, analysis = self.problem, self.analysis
        active = sorted(
            (slot for slot in problem.slots if analysis.slot_is_on(slot, self.frame)),
            key=lambda slot: problem.target_order(slot.key, position),
        )
        for i, slot in enumerate(active):
            prompt, division = f"target_{i}", f"division_{i}"
            factor = self.parts.of_slot(slot, prompt, division)
            if (asked := self.settle(prompt, factor, _instance_json(slot))) is not None:
                return asked
            if slot.division is not None and (asked := self.settle(division, factor, _instance_json(slot))) is not None:
                return asked
        return None

    def _cost_objects(self) -> Options | None:
        """The objects paying each kind of cost, in the prompts' order."""
        listed_keys, cost_prompt = self.parts.listed_keys, self.parts.cost_prompt
        for prompt in COST_PROMPTS:
            owners = list(
                dict.fromkeys(
                    listed_keys[key] for key, named in cost_prompt.items() if named == prompt and key in listed_keys
                )
            )
            if owners and (asked := self.settle(prompt, owners[0], None)) is not None:
                return asked
        return None

    def _cast(self) -> Options:
        """The one cast left once every prompt is answered."""
        problem, factors = self.problem, self.parts.factors
        count = math.prod(f.count() for f in factors)
        if count != 1:
            raise SolverError("options", f"every prompt of {problem.spell.id} is answered and {count} casts are left")
        assignment = dict(self.analysis.frame_values(self.frame))
        for factor in factors:
            assignment.update(factor.assignment())
        for slot in problem.slots:
            assignment.setdefault(slot.key, None)
            if slot.division is not None:
                assignment.setdefault(slot.division, None)
        return self.walk.done(problem.to_cast(assignment))


def _after_frame(problem: CastProblem, analysis: Analysis, frame: tuple, walk: Walk) -> Options:
    """The prompts after the frame: the splice order, each instance's targets and division, the cost objects."""
    return _AfterFrame(problem, analysis, frame, walk).options()
