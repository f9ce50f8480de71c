"""Two instances of "target" tied by "another target", counted in closed form (CR 115.3, 115.4, 601.2c).

"Choose any target, then choose another target for each time this spell was kicked" (Comet Storm), "target
creature … another target creature": the later instance chooses objects and players none of which the earlier
instance chose (CR 115.4), and how many each chooses may depend on choices made before targets: the times the
spell was kicked (CR 702.33c-d), X (CR 601.2b). Nothing else ties them. The fast engine
(:mod:`solver.backends.decompose`) would list every pair of values per frame; here a pair is never listed:

- the earlier instance chooses a set ``a`` of ``i`` of its ``n0`` candidates, ``j`` of them also among the
  later instance's ``m1`` candidates; the later instance then chooses ``k`` of the ``m1 - j`` left, so

  ``count = sum over i, j of C(s, j) * C(n0 - s, i - j) * W(j)``, with ``W(j) = sum over k of C(m1 - j, k)``,

  ``s`` being how many of the earlier candidates the later instance may also choose, and ``i`` and ``k``
  ranging over the sizes the frame allows;
- the values are made lazily in the order the listing gives them (the earlier instance's sets in their order,
  then, for each, the later instance's sets among the candidates left, in theirs), and a value's place in that
  order is found (and a place's value made) by ranking combinations weighted by ``W``, never by walking;
- a uniform draw picks ``(i, j)`` by weight, then ``a`` among the sets with that many shared candidates, then
  the later instance's set among those left.

An instance that is no part of the spell in the frame (its switch off, CR 601.2c) has one value, None.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from models.choices import ChoiceKey
from solver.problem import Constraint, TargetSlot
from solver.rules.target_sets import TargetSets, drawn_by_weight, drawn_indices

__all__ = ["SetsOfSizes", "PairLayout", "AnotherPair", "allowed_sizes", "weighted_first_page"]


class SetsOfSizes:
    """Every set of distinct candidates whose size is one of ``sizes``, as sorted tuples, in :class:`TargetSets` order.

    Parameters
    ----------
    candidates : tuple of str
        In the instance's order.
    sizes : sequence of int
        The numbers of targets allowed, increasing.

    Examples
    --------
    >>> sets = SetsOfSizes(("b", "a", "c"), [0, 2])
    >>> sets.size, list(sets)
    (4, [(), ('a', 'b'), ('b', 'c'), ('a', 'c')])
    >>> [sets.index(v) for v in sets], sets.at(2)
    ([0, 1, 2, 3], ('b', 'c'))
    """

    __slots__ = ("runs", "starts", "size")

    def __init__(self, candidates: tuple[str, ...], sizes: Sequence[int]) -> None:
        runs: list[TargetSets] = []
        for _, run in itertools.groupby(enumerate(sizes), key=lambda item: item[1] - item[0]):
            ks = [k for _, k in run]
            if ks[0] <= len(candidates):
                runs.append(TargetSets(candidates, ks[0], ks[-1]))
        self.runs = [run for run in runs if run.size]
        self.starts = list(itertools.accumulate((run.size for run in self.runs), initial=0))
        self.size = self.starts[-1]

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        """Every set: smaller first, then in combination order of the candidates."""
        return itertools.chain.from_iterable(self.runs)

    def iter_from(self, index: int) -> Iterator[tuple[str, ...]]:
        """The sets from ``index`` on, none before made."""
        if index <= 0:
            return iter(self)
        at = bisect.bisect_right(self.starts, index) - 1
        if at >= len(self.runs):
            return iter(())
        return itertools.chain(
            self.runs[at].iter_from(index - self.starts[at]), itertools.chain.from_iterable(self.runs[at + 1 :])
        )

    def at(self, index: int) -> tuple[str, ...]:
        """The set at ``index`` (unranked, not walked to)."""
        at = bisect.bisect_right(self.starts, index) - 1
        return self.runs[at][index - self.starts[at]]

    def index(self, value: tuple[str, ...]) -> int | None:
        """Where a set is, or None when it is not one of them."""
        for start, run in zip(self.starts, self.runs):
            if value in run:
                return start + run.index(value)
        return None

    def __contains__(self, value: object) -> bool:
        return any(value in run for run in self.runs)

    def sample(self, rng: random.Random) -> tuple[str, ...]:
        """One set drawn uniformly (a run by its number of sets, then a set of it)."""
        pick = rng.randrange(self.size)
        at = bisect.bisect_right(self.starts, pick) - 1
        return self.runs[at].sample(rng)


def allowed_sizes(slot: TargetSlot, rules: list[tuple[Constraint, list[Any]]]) -> list[int]:
    """The numbers of targets an instance may choose: those its sets have that every size rule allows (CR 601.2c).

    Parameters
    ----------
    slot : TargetSlot
        With :class:`~solver.rules.target_sets.TargetSets` choices.
    rules : list of (Constraint, list)
        Each size rule (:attr:`~solver.problem.ConstraintKind.SIZE`) of the instance with the values of the
        frame keys it reads, in its scope's order. A rule that gives its sizes (``Constraint.sizes``) narrows
        the numbers at once; the others are asked number by number.

    Returns
    -------
    list of int
        Increasing.
    """
    choices = slot.choices
    assert isinstance(choices, TargetSets), "only sets counted in closed form"
    low, high = choices.least, choices.most
    asked = []
    for rule, values in rules:
        if rule.sizes is None:
            asked.append((rule, values))
            continue
        allowed = rule.sizes(*values)
        low, high = max(low, allowed.start), min(high, allowed.stop - 1)
    return [k for k in range(low, high + 1) if all(rule.predicate(*values, ("",) * k) for rule, values in asked)]


class PairLayout:
    """What the two instances' candidates are to each other, worked out once for every frame (CR 115.4).

    Parameters
    ----------
    first, second : TargetSlot
        The earlier instance and the later one, each with :class:`~solver.rules.target_sets.TargetSets` choices.
    """

    def __init__(self, first: TargetSlot, second: TargetSlot) -> None:
        assert isinstance(first.choices, TargetSets) and isinstance(second.choices, TargetSets)
        self.first, self.second = first, second
        self.candidates = first.choices.candidates
        self.later = second.choices.candidates
        self.later_set = frozenset(self.later)
        self.later_position = {c: i for i, c in enumerate(self.later)}
        self.later_sorted = list(self.later) == sorted(self.later)  # then sets drawn sort by position
        self.shared = [c in self.later_set for c in self.candidates]  # which earlier candidates the later may choose
        self.shared_candidates = [c for c, is_shared in zip(self.candidates, self.shared) if is_shared]
        self.other_candidates = [c for c, is_shared in zip(self.candidates, self.shared) if not is_shared]
        n0 = len(self.candidates)
        # after[p] = (shared, not shared) among the earlier candidates from position p on
        self.after = [(0, 0)] * (n0 + 1)
        for p in range(n0 - 1, -1, -1):
            shared, other = self.after[p + 1]
            self.after[p] = (shared + 1, other) if self.shared[p] else (shared, other + 1)


class AnotherPair:
    """The values of an earlier instance and a later "another target" instance in one frame (CR 115.4).

    Parameters
    ----------
    layout : PairLayout
        The two instances and their candidates.
    first_sizes, second_sizes : list of int or None
        The numbers of targets each may choose in the frame, increasing; None: the instance is no part of the
        spell in the frame (CR 601.2c), its one value None.

    Attributes
    ----------
    size : int
        The number of values (pairs of sets), exact.
    """

    def __init__(self, layout: PairLayout, first_sizes: list[int] | None, second_sizes: list[int] | None) -> None:
        self.first, self.second = layout.first, layout.second
        self.first_sizes, self.second_sizes = first_sizes, second_sizes
        self.later, self.candidates = layout.later, layout.candidates
        self.later_set, self.shared, self.after = layout.later_set, layout.shared, layout.after
        self.layout = layout
        n0, m1 = len(self.candidates), len(self.later)
        s = self.after[0][0]
        most = max(first_sizes, default=0) if first_sizes is not None else 0
        # W[j]: the later instance's sets when j of its candidates are taken by the earlier one (none when the
        # earlier takes more than the later has: j > m1 never happens, as j counts shared candidates)
        self.weight = [
            (sum(math.comb(m1 - j, k) for k in second_sizes) if j <= m1 else 0) if second_sizes is not None else 1
            for j in range(most + 1)
        ]
        self._full: SetsOfSizes | None = None
        self._parts: tuple[list[tuple[int, int]], list[int]] | None = None  # see sample
        if first_sizes is None:
            self.by_size: list[tuple[int, int]] = []
            self.size = self.weight[0]
        else:
            self.by_size = [
                (i, sum(math.comb(s, j) * math.comb(n0 - s, i - j) * self.weight[j] for j in range(min(i, s) + 1)))
                for i in first_sizes
            ]
            self.size = sum(total for _, total in self.by_size)
        self.before = list(itertools.accumulate((total for _, total in self.by_size), initial=0))

    # ---------------------------------------------------------------- the later instance, given the earlier
    def later_sets(self, first: tuple[str, ...] | None) -> SetsOfSizes | None:
        """The later instance's sets given the earlier one's, in their order; None when it is no part of the spell."""
        if self.second_sizes is None:
            return None
        if not first or not any(c in self.later_set for c in first):
            if self._full is None:
                self._full = SetsOfSizes(self.later, self.second_sizes)
            return self._full
        taken = frozenset(first)
        return SetsOfSizes(tuple(c for c in self.later if c not in taken), self.second_sizes)

    def _later_sample(self, first: tuple[str, ...], rng: random.Random) -> tuple[str, ...] | None:
        """The later instance's set drawn uniformly among the candidates ``first`` leaves, none of them listed.

        A size by its number of sets; then that many of the candidates ``first`` leaves, every set of them
        equally likely (:func:`~solver.rules.target_sets.drawn_indices`, the positions ``first`` takes skipped): as
        :meth:`later_sets` then a draw, without making the sets.
        """
        if self.second_sizes is None:
            return None
        layout = self.layout
        skipped = [layout.later_position[c] for c in first if c in layout.later_set]
        if len(skipped) > 1:
            skipped.sort()
        size = self.second_sizes[-1]
        if len(self.second_sizes) > 1:  # a size by its number of sets (one size: no draw)
            left = len(self.later) - len(skipped)
            size = drawn_by_weight([(k, math.comb(left, k)) for k in self.second_sizes], rng)
        later = self.later
        drawn = drawn_indices(len(later), size, rng, skipped)
        if layout.later_sorted:  # positions sort as the ids do
            drawn.sort()
            return tuple([later[i] for i in drawn])
        return tuple(sorted([later[i] for i in drawn]))

    def _value(self, first: tuple[str, ...] | None, second: tuple[str, ...] | None) -> dict[ChoiceKey, Any]:
        return {self.first.key: first, self.second.key: second}

    def _pairs(self, first: tuple[str, ...] | None, start: int = 0) -> Iterator[dict[ChoiceKey, Any]]:
        """The values with this earlier set, from the ``start``-th on."""
        sets = self.later_sets(first)
        if sets is None:
            if start == 0:
                yield self._value(first, None)
            return
        for second in sets.iter_from(start):
            yield self._value(first, second)

    def _first_sets(self) -> SetsOfSizes:
        assert self.first_sizes is not None
        return SetsOfSizes(self.candidates, self.first_sizes)

    # ---------------------------------------------------------------- the values, in order
    def values(self) -> Iterator[dict[ChoiceKey, Any]]:
        """Every value, lazily: the earlier instance's sets in order, each with the later sets left, in order."""
        if self.first_sizes is None:
            yield from self._pairs(None)
            return
        for first in self._first_sets():
            yield from self._pairs(first)

    def values_from(self, index: int) -> Iterator[dict[ChoiceKey, Any]]:
        """:meth:`values` from the ``index``-th on, none before made."""
        if index <= 0:
            yield from self.values()
            return
        if index >= self.size:
            return
        if self.first_sizes is None:
            yield from self._pairs(None, index)
            return
        first, rest = self._unrank(index)
        yield from self._pairs(first, rest)
        sets = self._first_sets()
        at = sets.index(first)
        assert at is not None
        for later in sets.iter_from(at + 1):
            yield from self._pairs(later)

    def _completions(self, p: int, left: int, j: int) -> int:
        """The values whose earlier set takes ``left`` more candidates from position ``p`` on, ``j`` shared so far."""
        shared, other = self.after[p]
        return sum(
            math.comb(shared, t) * math.comb(other, left - t) * self.weight[j + t] for t in range(min(left, shared) + 1)
        )

    def _unrank(self, index: int) -> tuple[tuple[str, ...], int]:
        """(earlier set, place among its later sets) of the ``index``-th value (the earlier instance on)."""
        at = bisect.bisect_right(self.before, index) - 1
        i, rank = self.by_size[at][0], index - self.before[at]
        chosen: list[int] = []
        start, j = 0, 0
        for left in range(i, 0, -1):
            for p in range(start, len(self.candidates)):
                below = self._completions(p + 1, left - 1, j + self.shared[p])
                if rank < below:
                    chosen.append(p)
                    start, j = p + 1, j + self.shared[p]
                    break
                rank -= below
        return tuple(sorted(self.candidates[p] for p in chosen)), rank

    def at(self, index: int) -> dict[ChoiceKey, Any]:
        """The ``index``-th value of :meth:`values` (ranked, not walked to)."""
        if not 0 <= index < self.size:
            raise IndexError(index)
        if self.first_sizes is None:
            sets = self.later_sets(None)
            return self._value(None, sets.at(index) if sets is not None else None)
        first, rest = self._unrank(index)
        sets = self.later_sets(first)
        return self._value(first, sets.at(rest) if sets is not None else None)

    def index(self, value: dict[ChoiceKey, Any]) -> int | None:
        """Where a value is in :meth:`values`, or None when it is not one of them."""
        first, second = value.get(self.first.key), value.get(self.second.key)
        if self.first_sizes is None:
            if first is not None:
                return None
            offset = 0
        else:
            if not isinstance(first, tuple) or first not in self.first.choices or len(first) not in self.first_sizes:
                return None
            i = len(first)
            at = next(n for n, (size, _) in enumerate(self.by_size) if size == i)
            offset = self.before[at]
            position = {c: p for p, c in enumerate(self.candidates)}
            start, j = 0, 0
            for left, chosen in zip(range(i, 0, -1), sorted(position[c] for c in first)):
                for p in range(start, chosen):
                    offset += self._completions(p + 1, left - 1, j + self.shared[p])
                start, j = chosen + 1, j + self.shared[chosen]
        sets = self.later_sets(first)
        if sets is None:
            return offset if second is None else None
        if not isinstance(second, tuple):
            return None
        found = sets.index(second)
        return None if found is None else offset + found

    def sample(self, rng: random.Random) -> dict[ChoiceKey, Any]:
        """One value drawn uniformly: a size and a number of shared candidates by weight, then the sets."""
        if self.first_sizes is None:
            sets = self.later_sets(None)
            return self._value(None, sets.sample(rng) if sets is not None else None)
        shared, others = self.layout.shared_candidates, self.layout.other_candidates
        if self._parts is None:  # (size, shared) of every part with values, and the values up to each, once
            parts, ends = [], []
            total = 0
            for i, _ in self.by_size:
                for j in range(min(i, len(shared)) + 1):
                    weight = math.comb(len(shared), j) * math.comb(len(others), i - j) * self.weight[j]
                    if weight:
                        total += weight
                        parts.append((i, j))
                        ends.append(total)
            self._parts = (parts, ends)
        parts, ends = self._parts
        i, j = parts[bisect.bisect_right(ends, rng.randrange(self.size))] if len(parts) > 1 else parts[0]
        first = tuple(
            sorted(
                [shared[p] for p in drawn_indices(len(shared), j, rng)]
                + [others[p] for p in drawn_indices(len(others), i - j, rng)]
            )
        )
        return self._value(first, self._later_sample(first, rng))

    def first_choices(self) -> int:
        """How many of the earlier instance's sets (of the sizes allowed) have at least one value."""
        s, n0 = sum(self.shared), len(self.candidates)
        return sum(
            math.comb(s, j) * math.comb(n0 - s, i - j)
            for i, _ in self.by_size
            for j in range(min(i, s) + 1)
            if self.weight[j]
        )

    def count_with_first(self, first: tuple[str, ...]) -> int:
        """How many values have this earlier set (the later instance's sets left, or 1)."""
        j = sum(1 for c in first if c in self.later_set)
        return self.weight[j] if j < len(self.weight) else 0

    def count_with_second(self, second: tuple[str, ...]) -> int:
        """How many values have this later set: the earlier sets of the sizes allowed that avoid it."""
        if self.first_sizes is None:
            return 1
        taken = frozenset(second)
        left = len(self.candidates) - sum(1 for c in self.candidates if c in taken)
        return sum(math.comb(left, i) for i in self.first_sizes)

    def first_sets_avoiding(self, second: tuple[str, ...]) -> SetsOfSizes:
        """The earlier instance's sets none of whose targets is in ``second``, in their order."""
        assert self.first_sizes is not None
        taken = frozenset(second)
        return SetsOfSizes(tuple(c for c in self.candidates if c not in taken), self.first_sizes)


def weighted_first_page(
    pair: AnotherPair, offset: int, limit: int, weigh: Callable[[tuple[str, ...]], int] | None = None
) -> list[tuple[tuple[str, ...], int]]:
    """A page of the earlier instance's sets (the sizes allowed), each with its number of values.

    Parameters
    ----------
    pair : AnotherPair
        Its earlier instance part of the spell.
    offset, limit : int
        The page.
    weigh : callable or None
        The number of values of a set; :meth:`AnotherPair.count_with_first` by default.

    Returns
    -------
    list of (tuple of str, int)
        Sets with no value are left out.
    """
    weigh = weigh or pair.count_with_first
    found: list[tuple[tuple[str, ...], int]] = []
    seen = 0
    for first in pair._first_sets():
        n = weigh(first)
        if not n:
            continue
        if seen >= offset:
            found.append((first, n))
            if len(found) >= limit:
                break
        seen += 1
    return found
