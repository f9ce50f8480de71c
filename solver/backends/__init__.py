"""Engines that solve a :class:`solver.problem.CastProblem`, behind one protocol.

Every engine has a ``name`` and answers the same questions of a problem:
``solutions`` (assignments, lazily), ``casts`` (:class:`~models.cast.Cast`
objects, lazily), ``count``, ``contains`` (is a proposed cast legal),
``sample`` (one cast drawn uniformly), ``best`` (the cast with the highest
score), ``cast_at``, ``index_of`` and ``casts_from`` (casts by their place in
the listing) and ``options`` (prompt by prompt, :mod:`solver.prompts`).
:class:`Engine` gives every answer from ``solutions`` alone; an engine
overrides the ones it answers better. Solver-library types never leave this
package, and nothing outside it imports an engine's module: engines are found
by name with :func:`get_engine`.
"""

from __future__ import annotations

import importlib
import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from models.cast import Cast
from models.choices import ChoiceKey
from models.errors import InputError
from solver.problem import Assignment, CastProblem
from solver.prompts import DEFAULT_LIMIT, Options, options_by_listing

__all__ = ["Engine", "ENGINES", "get_engine", "Score"]

Score = Callable[[ChoiceKey, Any], int]
"""``score(key, value) -> int``: the points of one choice; a cast scores the sum over its choices."""


class Engine:
    """The protocol of engines, with answers made from :meth:`solutions` alone.

    Subclasses set ``name`` and implement :meth:`solutions`; they override
    the other methods where they can answer without enumerating.
    """

    name = "engine"

    def solutions(self, problem: CastProblem) -> Iterator[dict[ChoiceKey, Any]]:
        """Yield every solution of the problem, lazily, as a dict of key to value.

        Raises
        ------
        NotImplementedError
            In this base class.
        """
        raise NotImplementedError

    def casts(self, problem: CastProblem) -> Iterator[Cast]:
        """Yield every legal cast, lazily, in :meth:`solutions` order; closing it closes the solutions."""
        solutions = self.solutions(problem)
        try:
            for solution in solutions:
                yield problem.to_cast(solution)
        finally:
            close = getattr(solutions, "close", None)
            if close is not None:
                close()

    def count(self, problem: CastProblem) -> int:
        """The number of legal casts (by enumerating them, unless the engine can count)."""
        return sum(1 for _ in self.solutions(problem))

    def contains(self, problem: CastProblem, cast: Cast) -> bool:
        """Whether a proposed cast is legal: the problem's own check (:meth:`CastProblem.is_legal`)."""
        return problem.is_legal(cast)

    def sample(self, problem: CastProblem, rng: random.Random) -> Cast | None:
        """One legal cast drawn uniformly at random (reservoir sampling over :meth:`solutions`), or None."""
        chosen: Assignment | None = None
        for seen, solution in enumerate(self.solutions(problem), start=1):
            if rng.randrange(seen) == 0:
                chosen = solution
        return problem.to_cast(chosen) if chosen is not None else None

    def cast_at(self, problem: CastProblem, index: int) -> Cast:
        """The cast :meth:`casts` yields at ``index`` (0-based), by listing the casts up to it.

        Raises
        ------
        IndexError
            ``index`` is out of range.
        """
        if index >= 0:
            for found in itertools.islice(self.casts(problem), index, index + 1):
                return found
        raise IndexError(f"cast {index} of {self.count(problem)}")

    def index_of(self, problem: CastProblem, cast: Cast) -> int | None:
        """Where :meth:`casts` yields a cast (0-based), by listing them; None when it is not legal."""
        return next((i for i, found in enumerate(self.casts(problem)) if found == cast), None)

    def casts_from(self, problem: CastProblem, start: int) -> Iterator[Cast]:
        """The casts :meth:`casts` yields from index ``start`` on (the ones before are listed and dropped)."""
        return itertools.islice(self.casts(problem), max(start, 0), None)

    def options(
        self,
        problems: Sequence[CastProblem],
        chosen: Mapping[str, Any] | None = None,
        *,
        offset: int = 0,
        limit: int = DEFAULT_LIMIT,
    ) -> Options:
        """The next prompt of a cast of these problems and its options with their counts, by listing the casts.

        See :mod:`solver.prompts` (:func:`~solver.prompts.options_by_listing`).

        Parameters
        ----------
        problems : sequence of CastProblem
            The problems of one view, in order.
        chosen : mapping of str to JSON value or None
            Prompt name -> option taken.
        offset, limit : int
            The page of options.

        Returns
        -------
        Options
            Without ``action_id``.

        Raises
        ------
        InputError
            A bad choice (see :class:`~solver.prompts.Walk`).
        """
        casts = itertools.chain.from_iterable(self.casts(problem) for problem in problems)
        return options_by_listing(casts, chosen, offset=offset, limit=limit)

    def best(self, problem: CastProblem, score: Score) -> tuple[Cast, int] | None:
        """The legal cast with the highest score, the first found on ties; None when there is none.

        Parameters
        ----------
        problem : CastProblem
        score : callable
            ``score(key, value) -> int`` summed over the problem's variables.
        """
        found: tuple[dict[ChoiceKey, Any], int] | None = None
        for solution in self.solutions(problem):
            points = sum(int(score(key, value)) for key, value in solution.items())
            if found is None or points > found[1]:
                found = (solution, points)
        return None if found is None else (problem.to_cast(found[0]), found[1])


ENGINES = {
    "fast": ("solver.backends.fast", "DecompositionEngine"),
    "python-constraint": ("solver.backends.pyconstraint", "PythonConstraintEngine"),
    "brute": ("solver.backends.brute", "BruteForceEngine"),
    "cpsat": ("solver.backends.cpsat", "CpSatEngine"),
}
"""The engines by name: (module, class), imported when first used (OR-Tools takes a second to load)."""


def get_engine(name: str = "fast", **options: Any) -> Engine:
    """The engine with this name.

    Parameters
    ----------
    name : str
        A key of :data:`ENGINES`.
    **options
        The engine's own options (``time_limit`` for ``"cpsat"``).

    Returns
    -------
    Engine

    Raises
    ------
    InputError
        Unknown name.
    """
    try:
        module, class_name = ENGINES[name]
    except KeyError:
        raise InputError("backend", f"unknown backend {name!r} (known: {', '.join(ENGINES)})") from None
    return getattr(importlib.import_module(module), class_name)(**options)
