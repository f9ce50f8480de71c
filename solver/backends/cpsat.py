"""The OR-Tools CP-SAT backend: the same problem, an independent solver.

Each variable becomes an integer (the index of its value in the domain).
Each constraint becomes a table of the allowed index tuples of its scope,
computed from the constraint's predicate (``AddAllowedAssignments``): exact
for any predicate, and small because scopes are small (a slot and its
activator, two slots, the modes and splices for the total cost). CP-SAT is
slower than python-constraint for listing every cast; it serves as a
cross-check and for :func:`solver.legal.best_cast` (maximise a linear score).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Any

from ortools.sat.python import cp_model

from solver.problem import CastProblem

__all__ = ["CpSatBackend"]


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, variables: dict[str, cp_model.IntVar], limit: int | None) -> None:
        super().__init__()
        self.variables = variables
        self.limit = limit
        self.found: list[dict[str, int]] = []

    def on_solution_callback(self) -> None:
        self.found.append({name: self.Value(var) for name, var in self.variables.items()})
        if self.limit is not None and len(self.found) >= self.limit:
            self.StopSearch()


class CpSatBackend:
    """Solve with CP-SAT: enumerate all solutions, or find the best one.

    Parameters
    ----------
    limit : int or None
        Stop enumerating after this many solutions.
    """

    name = "cpsat"

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit

    def _model(self, problem: CastProblem) -> tuple[cp_model.CpModel, dict[str, cp_model.IntVar]] | None:
        if not problem.unconditional_constraints_hold():
            return None
        model = cp_model.CpModel()
        variables = {}
        for name, variable in problem.variables.items():
            if not variable.domain:
                return None
            variables[name] = model.NewIntVar(0, len(variable.domain) - 1, name)
        for constraint in problem.constraints:
            if not constraint.scope:
                continue
            domains = [problem.variables[name].domain for name in constraint.scope]
            allowed = [
                indices
                for indices in itertools.product(*(range(len(d)) for d in domains))
                if constraint.predicate(*(d[i] for d, i in zip(domains, indices)))
            ]
            model.AddAllowedAssignments([variables[name] for name in constraint.scope], allowed)
        return model, variables

    def _decode(self, problem: CastProblem, indices: Mapping[str, int]) -> dict[str, Any]:
        return {name: problem.variables[name].domain[index] for name, index in indices.items()}

    def solutions(self, problem: CastProblem) -> Iterator[dict[str, Any]]:
        """Yield every solution (up to ``limit``), in CP-SAT's order.

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of str to value
        """
        built = self._model(problem)
        if built is None:
            return
        model, variables = built
        if not variables:
            yield {}
            return
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        collector = _Collector(variables, self.limit)
        status = solver.Solve(model, collector)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE):
            raise RuntimeError(f"CP-SAT stopped with status {solver.StatusName(status)}")
        for indices in collector.found:
            yield self._decode(problem, indices)

    def best(
        self, problem: CastProblem, score: Callable[[str, Hashable], int]
    ) -> tuple[dict[str, Any], int] | None:
        """The solution maximising a score that is a sum over variables.

        Parameters
        ----------
        problem : CastProblem
        score : callable
            ``score(variable_name, value) -> int``: the points of one choice;
            the score of a cast is the sum over its variables.

        Returns
        -------
        (dict of str to value, int) or None
            The best assignment and its score; None when there is no solution.

        Raises
        ------
        RuntimeError
            CP-SAT ends without a proof (time limit, model invalid).
        """
        built = self._model(problem)
        if built is None:
            return None
        model, variables = built
        terms = []
        for name, var in variables.items():
            points = [int(score(name, value)) for value in problem.variables[name].domain]
            if any(points):
                weight = model.NewIntVar(min(points), max(points), f"score:{name}")
                model.AddElement(var, points, weight)
                terms.append(weight)
        model.Maximize(sum(terms) if terms else 0)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL:
            raise RuntimeError(f"CP-SAT stopped with status {solver.StatusName(status)}")
        indices = {name: solver.Value(var) for name, var in variables.items()}
        return self._decode(problem, indices), int(round(solver.ObjectiveValue()))
