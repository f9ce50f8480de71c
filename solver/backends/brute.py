"""The brute-force reference engine: every combination of values, checked.

It is the oracle the other engines are tested against: no pruning, no
cleverness, every assignment of the product of the domains (itertools), in
the order of the variables and of their domains.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from models.choices import ChoiceKey
from solver.backends import Engine
from solver.problem import CastProblem

__all__ = ["BruteForceEngine"]


class BruteForceEngine(Engine):
    """Enumerate the product of all domains and keep the solutions.

    Only for small problems: the work is the product of the domain sizes
    (lazy domains are listed in full).
    """

    name = "brute"

    def solutions(self, problem: CastProblem) -> Iterator[dict[ChoiceKey, Any]]:
        """Yield every solution, in lexicographic order of (variable order, domain order).

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of ChoiceKey to value
        """
        keys = list(problem.variables)
        domains = [tuple(problem.variables[key].domain) for key in keys]
        for values in itertools.product(*domains):
            assignment = dict(zip(keys, values))
            if all(c.holds(assignment) for c in problem.constraints):
                yield assignment
