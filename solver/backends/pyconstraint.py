"""The default backend: python-constraint2 (import name ``constraint``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import constraint

from solver.problem import CastProblem

__all__ = ["PythonConstraintBackend"]


class PythonConstraintBackend:
    """Solve with python-constraint's backtracking solver.

    Values of the problem are mapped to their index in the domain, so the
    library sees only small integers (its solver copies and hashes values).
    """

    name = "python-constraint"

    def solutions(self, problem: CastProblem) -> Iterator[dict[str, Any]]:
        """Yield every solution; the order is the solver's, fixed for a given problem.

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of str to value
        """
        if not problem.unconditional_constraints_hold():
            return
        if not problem.variables:
            yield {}
            return
        csp = constraint.Problem(constraint.BacktrackingSolver())
        domains = {name: variable.domain for name, variable in problem.variables.items()}
        for name, domain in domains.items():
            if not domain:
                return
            # The solver tries values from the end of the list: reversed, it
            # tries them in domain order, so solutions come in a natural order.
            csp.addVariable(name, list(reversed(range(len(domain)))))
        for rule in problem.constraints:
            if not rule.scope:
                continue
            scope_domains = [domains[name] for name in rule.scope]
            predicate = rule.predicate

            def check(*indices: int, _predicate=predicate, _domains=scope_domains) -> bool:
                return _predicate(*(domain[i] for domain, i in zip(_domains, indices)))

            csp.addConstraint(constraint.FunctionConstraint(check), list(rule.scope))
        for solution in csp.getSolutionIter():
            yield {name: domains[name][index] for name, index in solution.items()}
