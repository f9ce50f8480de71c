"""The OR-Tools CP-SAT engine: the same problem, an independent solver.

Each variable becomes an integer (the index of its value in the domain).
Each constraint becomes a table of the allowed index tuples of its scope,
computed from the constraint's predicate (``add_allowed_assignments``): exact
for any predicate, and small because scopes are small (a slot and its
switch, two slots, the choices made before targets for the total cost).
CP-SAT is slower than the other engines for listing every cast; it serves
as a cross-check and for :meth:`CpSatEngine.best` (maximise a linear score).

Solutions are streamed: the solver runs in a thread and hands each solution
over as it is found; when the consumer stops early, the search is stopped.
"""

from __future__ import annotations

import atexit
import itertools
import math
import queue
import threading
from collections.abc import Iterator
from typing import Any

from ortools.sat.python import cp_model

from models.cast import Cast
from models.choices import ChoiceKey
from models.errors import SolverError
from solver.backends import Engine, Score
from solver.problem import CastProblem

__all__ = ["CpSatEngine"]

_DONE = object()

_RUNNING: set[tuple[threading.Event, threading.Thread]] = set()
"""The searches running in their threads: stopped and joined when the interpreter exits."""


@atexit.register
def _stop_running_searches() -> None:
    """Stop every search whose consumer is still open when the interpreter exits.

    A solver thread still inside CP-SAT when the process ends would abort it
    (a C++ thread killed mid-search); stopped, the search returns and its
    thread ends.
    """
    for stop, thread in list(_RUNNING):
        stop.set()
        thread.join(timeout=5)


_OK = (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)


MOST_VALUES = 100_000
"""The most values one choice may have in a CP-SAT model (each is an integer of the model, listed)."""
MOST_TUPLES = 2_000_000
"""The most combinations a rule's table may weigh (each is checked when the model is written)."""


class _Model:
    """A problem written as a CP-SAT model: one integer per variable, one table per constraint."""

    def __init__(self, problem: CastProblem) -> None:
        self.keys = list(problem.variables)
        self.domains = []
        for key in self.keys:  # listed, up to a bound: a domain of 2^40 sets of targets is no model to build
            domain = tuple(itertools.islice(iter(problem.variables[key].domain), MOST_VALUES + 1))
            if len(domain) > MOST_VALUES:
                raise SolverError(
                    "cpsat", f"{key} has more than {MOST_VALUES:,} values: too many to write as a CP-SAT model"
                )
            self.domains.append(domain)
        self.model = cp_model.CpModel()
        self.feasible = all(self.domains) and all(c.predicate() for c in problem.constraints if not c.scope)
        self.variables = [self.model.new_int_var(0, max(0, len(d) - 1), f"v{i}") for i, d in enumerate(self.domains)]
        position = {key: i for i, key in enumerate(self.keys)}
        for constraint in problem.constraints:
            if not constraint.scope or not self.feasible:
                continue
            where = [position[key] for key in constraint.scope]
            domains = [self.domains[i] for i in where]
            if math.prod(len(d) for d in domains) > MOST_TUPLES:
                raise SolverError(
                    "cpsat",
                    f"the rule {constraint.rule} ({constraint.description}) ties choices with "
                    f"more than {MOST_TUPLES:,} combinations: too many to write as a table",
                )
            allowed = [
                indices
                for indices in itertools.product(*(range(len(d)) for d in domains))
                if constraint.predicate(*(d[i] for d, i in zip(domains, indices)))
            ]
            self.model.add_allowed_assignments([self.variables[i] for i in where], allowed)

    def decode(self, indices: list[int]) -> dict[ChoiceKey, Any]:
        return {key: domain[index] for key, domain, index in zip(self.keys, self.domains, indices)}


class _Streamer(cp_model.CpSolverSolutionCallback):
    """Hands each solution to the consuming thread; stops the search when the consumer is gone."""

    def __init__(self, variables: list[cp_model.IntVar], found: queue.Queue, stop: threading.Event) -> None:
        super().__init__()
        self.variables = variables
        self.found = found
        self.stop = stop

    def on_solution_callback(self) -> None:
        values = [self.Value(var) for var in self.variables]
        while not self.stop.is_set():
            try:
                self.found.put(values, timeout=0.05)
                return
            except queue.Full:
                continue
        self.StopSearch()


class CpSatEngine(Engine):
    """Solve with CP-SAT: stream every solution, or find the best one.

    Parameters
    ----------
    time_limit : float or None
        Seconds CP-SAT may search before it stops (None: no limit). A search
        stopped without a proof raises :class:`~models.errors.SolverError`.
    """

    name = "cpsat"

    def __init__(self, time_limit: float | None = None) -> None:
        self.time_limit = time_limit

    def _solver(self) -> cp_model.CpSolver:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        if self.time_limit is not None:
            solver.parameters.max_time_in_seconds = self.time_limit
        return solver

    def solutions(self, problem: CastProblem) -> Iterator[dict[ChoiceKey, Any]]:
        """Yield every solution as CP-SAT finds it, in its order.

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of ChoiceKey to value

        Raises
        ------
        SolverError
            CP-SAT ends without a proof (time limit, model invalid).
        """
        built = _Model(problem)
        if not built.feasible:
            return
        if not built.variables:
            yield {}
            return
        solver = self._solver()
        solver.parameters.enumerate_all_solutions = True
        found: queue.Queue = queue.Queue(maxsize=256)
        stop = threading.Event()
        outcome: list[Any] = []

        def run() -> None:
            try:
                outcome.append(solver.Solve(built.model, _Streamer(built.variables, found, stop)))
            except BaseException as exc:  # handed to the consumer below
                outcome.append(exc)
            while not stop.is_set():
                try:
                    found.put(_DONE, timeout=0.05)
                    return
                except queue.Full:
                    continue

        thread = threading.Thread(target=run, name="cp-sat", daemon=True)
        running = (stop, thread)
        _RUNNING.add(running)
        thread.start()
        try:
            while True:
                item = found.get()
                if item is _DONE:
                    break
                yield built.decode(item)
        finally:
            stop.set()
            while thread.is_alive():
                try:
                    found.get(timeout=0.05)
                except queue.Empty:
                    pass
            thread.join()
            _RUNNING.discard(running)
        status = outcome[0] if outcome else None
        if isinstance(status, BaseException):
            raise SolverError(self.name, f"the solver failed: {status}") from status
        if status not in _OK:
            raise SolverError(self.name, f"CP-SAT stopped with status {solver.StatusName(status)}")

    def best(self, problem: CastProblem, score: Score) -> tuple[Cast, int] | None:
        """The solution maximising a score that is a sum over variables.

        Parameters
        ----------
        problem : CastProblem
        score : callable
            ``score(key, value) -> int``: the points of one choice; the score
            of a cast is the sum over its variables.

        Returns
        -------
        (Cast, int) or None
            The best cast and its score; None when there is no solution.

        Raises
        ------
        SolverError
            CP-SAT ends without a proof (time limit, model invalid).
        """
        built = _Model(problem)
        if not built.feasible:
            return None
        model = built.model
        terms = []
        for key, domain, var in zip(built.keys, built.domains, built.variables):
            points = [int(score(key, value)) for value in domain]
            if any(points):
                weight = model.new_int_var(min(points), max(points), f"score {var.Name()}")
                model.add_element(var, points, weight)
                terms.append(weight)
        model.maximize(sum(terms) if terms else 0)
        solver = self._solver()
        status = solver.Solve(model)
        if status == cp_model.INFEASIBLE:
            return None
        if status != cp_model.OPTIMAL:
            raise SolverError(self.name, f"CP-SAT stopped with status {solver.StatusName(status)}")
        assignment = built.decode([solver.Value(var) for var in built.variables])
        return problem.to_cast(assignment), int(round(solver.ObjectiveValue()))
