"""The brute-force reference backend: every combination of values, checked.

It is the oracle the other backends are tested against: no pruning, no
cleverness, every assignment of the product of the domains (itertools), in
the order of the variables and of their domains.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from solver.problem import CastProblem

__all__ = ["BruteForceBackend"]


class BruteForceBackend:
    """Enumerate the product of all domains and keep the solutions.

    Only for small problems: the work is the product of the domain sizes.
    """

    name = "brute"

    def solutions(self, problem: CastProblem) -> Iterator[dict[str, Any]]:
        """Yield every solution, in lexicographic order of (variable order, domain order).

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of str to value
        """
        if not problem.unconditional_constraints_hold():
            return
        names = list(problem.variables)
        domains = [problem.variables[name].domain for name in names]
        constraints = [c for c in problem.constraints if c.scope]
        for values in itertools.product(*domains):
            assignment = dict(zip(names, values))
            if all(c.holds(assignment) for c in constraints):
                yield assignment
