"""An engine on python-constraint2 (import name ``constraint``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import constraint

from models.choices import ChoiceKey
from solver.backends import Engine
from solver.problem import CastProblem

__all__ = ["PythonConstraintEngine"]


class PythonConstraintEngine(Engine):
    """Solve with python-constraint's backtracking solver.

    Variables with one value (the zone, the half, costs nothing asks for) are
    given their value, not a variable; the others are given to the library by
    position and their values by index in the domain, so it sees only small
    integers (its solver copies and hashes values). Lazy domains are listed
    in full.
    """

    name = "python-constraint"

    def solutions(self, problem: CastProblem) -> Iterator[dict[ChoiceKey, Any]]:
        """Yield every solution; the order is the solver's, fixed for a given problem.

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of ChoiceKey to value
        """
        domains = {key: tuple(variable.domain) for key, variable in problem.variables.items()}
        if not all(domains.values()):
            return
        fixed = {key: domain[0] for key, domain in domains.items() if len(domain) == 1}
        keys = [key for key in domains if key not in fixed]
        position = {key: i for i, key in enumerate(keys)}
        csp = constraint.Problem(constraint.BacktrackingSolver())
        for index, key in enumerate(keys):
            # The solver tries values from the end of the list: reversed, it
            # tries them in domain order, so solutions come in a natural order.
            csp.addVariable(index, list(reversed(range(len(domains[key])))))
        if not _add_rules(csp, problem, domains, fixed, position):
            return
        if not keys:
            yield dict(fixed)
            return
        values = [domains[key] for key in keys]
        for solution in csp.getSolutionIter():
            assignment = dict(fixed)
            for index, value in solution.items():
                assignment[keys[index]] = values[index][value]
            yield assignment


def _add_rules(
    csp: constraint.Problem,
    problem: CastProblem,
    domains: dict[ChoiceKey, tuple[Any, ...]],
    fixed: dict[ChoiceKey, Any],
    position: dict[ChoiceKey, int],
) -> bool:
    """Give the library each rule over the variables it was given; False when a rule over fixed values fails."""
    for rule in problem.constraints:
        free = [key for key in rule.scope if key not in fixed]
        if not free:
            if not rule.predicate(*(fixed[key] for key in rule.scope)):
                return False
            continue
        parts = [(None, domains[key]) if key not in fixed else (fixed[key], None) for key in rule.scope]
        csp.addConstraint(constraint.FunctionConstraint(_check(rule.predicate, parts)), [position[key] for key in free])
    return True


def _check(predicate: Any, parts: Sequence[tuple[Any, tuple[Any, ...] | None]]) -> Any:
    """A rule asked of the library's indices: each free value read from its domain, the fixed ones given."""

    def check(*indices: int) -> bool:
        found = iter(indices)
        return predicate(*(value if domain is None else domain[next(found)] for value, domain in parts))

    return check
