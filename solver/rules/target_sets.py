"""The legal sets of targets of one instance of "target", counted and drawn without being listed (CR 115.3, 601.2c).

"Up to three target creatures", "any number of target creatures", "one or
more targets" and "two target creatures" each choose a set of distinct
objects and players among the instance's legal candidates, of a size between
a least and a most number (CR 115.3, 115.6). With ``n`` candidates there are
``sum(C(n, k))`` such sets: 2^n for "any number of". :class:`TargetSets`
holds only the candidates and the sizes: it counts in closed form, checks a
set without listing any, draws one uniformly, and makes them lazily, in the
order the problem always gave them (smaller sets first; within a size,
combination order of the candidates; each set a tuple sorted by id).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator, Sequence
from typing import Any

__all__ = [
    "TargetSets",
    "TargetChoices",
    "number_of_sets",
    "is_set_in",
    "named_candidates",
    "drawn_indices",
    "drawn_by_weight",
]


def drawn_indices(n: int, k: int, rng: random.Random, skipped: Sequence[int] = ()) -> list[int]:
    """``k`` distinct indices below ``n``, none of them in ``skipped``, every such set equally likely.

    Floyd's algorithm: for j from n' - k to n' - 1 (n' the indices not skipped), a uniform t in [0, j] is
    taken, or j itself when t was taken already; each set of k is then drawn with probability 1 / C(n', k).
    Each t is drawn with ``getrandbits`` and rejection, as ``random.Random.randrange`` does, without its
    per-call overhead: a set of sixty targets of four hundred takes about a third less time than with
    ``random.sample``.

    Parameters
    ----------
    n : int
        How many indices there are.
    k : int
        How many to draw; at most ``n - len(skipped)``.
    rng : random.Random
    skipped : sequence of int
        Distinct indices below ``n`` never drawn, in increasing order.

    Returns
    -------
    list of int
        The indices drawn, in no particular order.

    Examples
    --------
    >>> sorted(drawn_indices(5, 5, random.Random(1), skipped=()))
    [0, 1, 2, 3, 4]
    >>> sorted(drawn_indices(6, 4, random.Random(1), skipped=(1, 4)))
    [0, 2, 3, 5]
    """
    left = n - len(skipped)
    if not 0 <= k <= left:
        raise ValueError(f"{k} indices can't be drawn from {left}")
    if k <= 1 and not skipped:  # none, or one index: a single draw
        return [rng.randrange(n)] if k else []
    getrandbits = rng.getrandbits
    chosen: set[int] = set()
    add = chosen.add
    bits = (left - k).bit_length()
    for j in range(left - k, left):
        bound = j + 1
        if bound >> bits:  # the bound gained a bit
            bits = bound.bit_length()
        t = getrandbits(bits)
        while t >= bound:
            t = getrandbits(bits)
        add(j if t in chosen else t)
    if skipped:
        # the indices below n - s, s the number skipped, stand for the indices not skipped: each itself, but the
        # skipped ones below n - s, each for one of the indices from n - s on that is not skipped (a one-to-one
        # map, so the sets drawn stay equally likely)
        low = [position for position in skipped if position < left]
        if low:
            taken = set(skipped)
            for position, instead in zip(low, [i for i in range(left, n) if i not in taken]):
                if position in chosen:
                    chosen.discard(position)
                    chosen.add(instead)
    return list(chosen)


def drawn_by_weight(weighted: Sequence[tuple[Any, int]], rng: random.Random) -> Any:
    """One of the values drawn with probability its weight over the sum of the weights, exactly.

    Weights are whole numbers, however large (the numbers of sets of targets): ``random.choices`` would weigh
    them as floats.

    Parameters
    ----------
    weighted : sequence of (value, int)
        Each value with its weight, at least one weight above 0.
    rng : random.Random

    Returns
    -------
    value

    Examples
    --------
    >>> drawn_by_weight([("none", 0), ("one", 3)], random.Random(1))
    'one'
    """
    pick = rng.randrange(sum(weight for _, weight in weighted))
    for value, weight in weighted:
        if pick < weight:
            return value
        pick -= weight
    raise AssertionError("a draw below the sum falls on one of the weights")


class TargetSets:
    """Every set of ``least`` to ``most`` distinct candidates, as sorted tuples of ids, made when asked for.

    Parameters
    ----------
    candidates : tuple of str
        The legal targets of the instance, in the problem's order (players, then permanents, ...).
    least : int
        The fewest targets (0 for "up to N" and "any number of", CR 115.6).
    most : int
        The most targets ("any number of" passes a number at least the candidates').

    Attributes
    ----------
    size : int
        How many sets there are, exactly (an int of any size: 2^n for "any number of").

    Examples
    --------
    >>> sets = TargetSets(("b", "a", "c"), 1, 2)
    >>> sets.size, list(sets)
    (6, [('b',), ('a',), ('c',), ('a', 'b'), ('b', 'c'), ('a', 'c')])
    >>> ("a", "b") in sets, ("b", "a") in sets, ("a", "a") in sets, sets[3]
    (True, False, False, ('a', 'b'))
    >>> TargetSets(tuple(f"c{i}" for i in range(100)), 0, 64).size > 2 ** 64
    True
    """

    __slots__ = ("candidates", "least", "most", "size", "_position", "_sizes", "_cumulative")

    def __init__(self, candidates: tuple[str, ...], least: int, most: int) -> None:
        self.candidates = tuple(candidates)
        self.least = least
        self.most = min(most, len(self.candidates))
        self._position: dict[str, int] | None = None  # made when a set is first looked up
        n = len(self.candidates)
        self._sizes = tuple((k, math.comb(n, k)) for k in range(least, self.most + 1))
        self._cumulative = list(itertools.accumulate(count for _, count in self._sizes))
        self.size = self._cumulative[-1] if self._cumulative else 0

    # ---------------------------------------------------------------- the sequence
    def __len__(self) -> int:
        """The number of sets (OverflowError past ``sys.maxsize``: read :attr:`size` for any size)."""
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __iter__(self) -> Iterator[tuple[str, ...]]:
        """Yield every set, lazily: smaller first, then in combination order of the candidates."""
        for k, _ in self._sizes:
            for combination in itertools.combinations(self.candidates, k):
                yield tuple(sorted(combination))

    def __contains__(self, value: object) -> bool:
        """Whether ``value`` is one of the sets: a tuple of distinct candidates, sorted by id, of an allowed size."""
        if not isinstance(value, tuple) or not self.least <= len(value) <= self.most:
            return False
        position = self._positions_of()
        if len(value) == 1:  # the usual: one target
            try:
                return value[0] in position
            except TypeError:
                return False
        try:
            if not all(target in position for target in value):
                return False
        except TypeError:  # an unhashable item names no candidate
            return False
        return len(set(value)) == len(value) and list(value) == sorted(value)

    def __getitem__(self, index: int) -> tuple[str, ...]:
        """The set at ``index`` in iteration order (combinations unranked, not listed)."""
        if not isinstance(index, int):
            raise TypeError("TargetSets indices are integers")
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        at = bisect.bisect_right(self._cumulative, index)
        k = self._sizes[at][0]
        rank = index - (self._cumulative[at - 1] if at else 0)
        return self._unrank(k, rank)

    def _unrank(self, k: int, rank: int) -> tuple[str, ...]:
        """The ``rank``-th combination of ``k`` candidates, in :func:`itertools.combinations` order."""
        return tuple(sorted(self.candidates[position] for position in self._positions(k, rank)))

    def _positions_of(self) -> dict[str, int]:
        """Each candidate's place in :attr:`candidates` (made once, when first asked)."""
        if self._position is None:
            self._position = {c: i for i, c in enumerate(self.candidates)}
        return self._position

    def _positions(self, k: int, rank: int) -> list[int]:
        """The candidates' positions of the ``rank``-th combination of ``k``, increasing."""
        n = len(self.candidates)
        chosen = []
        start = 0
        for left in range(k, 0, -1):
            for position in range(start, n):
                below = math.comb(n - position - 1, left - 1)
                if rank < below:
                    chosen.append(position)
                    start = position + 1
                    break
                rank -= below
        return chosen

    def iter_from(self, index: int) -> Iterator[tuple[str, ...]]:
        """Yield the sets from ``index`` on, in iteration order, without making the ones before.

        Examples
        --------
        >>> sets = TargetSets(("b", "a", "c", "d"), 0, 3)
        >>> all(list(sets.iter_from(i)) == list(sets)[i:] for i in range(sets.size + 1))
        True
        """
        if index <= 0:
            yield from self
            return
        if index >= self.size:
            return
        at = bisect.bisect_right(self._cumulative, index)
        k = self._sizes[at][0]
        positions = self._positions(k, index - (self._cumulative[at - 1] if at else 0))
        candidates, n = self.candidates, len(self.candidates)
        while True:  # the next combinations of k, in itertools.combinations order
            yield tuple(sorted(candidates[p] for p in positions))
            i = k - 1
            while i >= 0 and positions[i] == i + n - k:
                i -= 1
            if i < 0:
                break
            positions[i] += 1
            for j in range(i + 1, k):
                positions[j] = positions[j - 1] + 1
        for larger, _ in self._sizes[at + 1 :]:
            for combination in itertools.combinations(candidates, larger):
                yield tuple(sorted(combination))

    def index(self, value: tuple[str, ...]) -> int:
        """Where a set is in iteration order: the inverse of ``sets[i]`` (combinations ranked, not listed).

        Parameters
        ----------
        value : tuple of str
            A set as :meth:`__iter__` makes it: distinct candidates, sorted by id.

        Returns
        -------
        int

        Raises
        ------
        ValueError
            ``value`` is not one of the sets.

        Examples
        --------
        >>> sets = TargetSets(("b", "a", "c"), 1, 2)
        >>> [sets.index(s) for s in sets] == list(range(sets.size))
        True
        """
        if value not in self:
            raise ValueError(f"{value!r} is not one of the sets")
        k = len(value)
        at = next(i for i, (size, _) in enumerate(self._sizes) if size == k)
        before = self._cumulative[at - 1] if at else 0
        n = len(self.candidates)
        positions = sorted(self._positions_of()[target] for target in value)
        rank, start = 0, 0
        for left, position in zip(range(k, 0, -1), positions):
            rank += sum(math.comb(n - skipped - 1, left - 1) for skipped in range(start, position))
            start = position + 1
        return before + rank

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TargetSets):
            return (self.candidates, self.least, self.most) == (other.candidates, other.least, other.most)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((TargetSets, self.candidates, self.least, self.most))

    def __repr__(self) -> str:
        return f"<TargetSets: {self.size:,} sets of {self.least} to {self.most} of {len(self.candidates)} candidates>"

    # ---------------------------------------------------------------- counting and drawing by size
    @property
    def sizes(self) -> tuple[tuple[int, int], ...]:
        """(number of targets, number of sets of that many), for every size allowed, smallest first."""
        return self._sizes

    def of_size(self, k: int) -> Iterator[tuple[str, ...]]:
        """Every set of exactly ``k`` targets, lazily, in iteration order."""
        if self.least <= k <= self.most:
            for combination in itertools.combinations(self.candidates, k):
                yield tuple(sorted(combination))

    def sample_of_size(self, k: int, rng: random.Random) -> tuple[str, ...]:
        """One set of exactly ``k`` targets, drawn uniformly."""
        candidates = self.candidates
        return tuple(sorted([candidates[i] for i in drawn_indices(len(candidates), k, rng)]))

    def sample(self, rng: random.Random) -> tuple[str, ...]:
        """One set drawn uniformly among all :attr:`size` of them (a size by its number of sets, then a set)."""
        at = bisect.bisect_right(self._cumulative, rng.randrange(self.size))
        return self.sample_of_size(self._sizes[at][0], rng)

    @property
    def named(self) -> tuple[str, ...]:
        """The candidates that are in at least one set (all of them, when a set of one or more exists)."""
        return self.candidates if self.size and self.most >= 1 else ()


def number_of_sets(choices: Any) -> int:
    """How many sets a slot's choices hold: :attr:`TargetSets.size`, or the length of a tuple of sets."""
    return choices.size if isinstance(choices, TargetSets) else len(choices)


def is_set_in(choices: Any) -> Any:
    """A container answering ``value in`` for a slot's choices: the :class:`TargetSets` itself, or a frozenset."""
    return choices if isinstance(choices, TargetSets) else frozenset(choices)


def named_candidates(choices: Any) -> tuple[str, ...]:
    """Every object or player that is in at least one of a slot's sets, in first-met order."""
    if isinstance(choices, TargetSets):
        return choices.named
    return tuple(dict.fromkeys(c for choice in choices for c in choice))


TargetChoices = tuple[tuple[str, ...], ...] | TargetSets
"""The legal sets of an instance: listed (a tuple of sorted tuples of ids), or a :class:`TargetSets`."""
