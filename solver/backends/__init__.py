"""Backends that solve a :class:`solver.problem.CastProblem`.

Every backend has a ``name`` and ``solutions(problem)``, a generator of
assignments (dicts of variable name to value). Solver-library types never
leave this package.
"""

from __future__ import annotations

from typing import Protocol

from solver.backends.brute import BruteForceBackend
from solver.backends.cpsat import CpSatBackend
from solver.backends.decompose import DecompositionBackend
from solver.backends.pyconstraint import PythonConstraintBackend

__all__ = [
    "Backend", "BruteForceBackend", "CpSatBackend", "DecompositionBackend", "PythonConstraintBackend",
    "BACKENDS", "get_backend",
]


class Backend(Protocol):
    """What every backend provides."""

    name: str

    def solutions(self, problem):  # pragma: no cover - protocol
        """Yield every solution of the problem as a dict of variable name to value."""


BACKENDS = {
    "python-constraint": PythonConstraintBackend,
    "brute": BruteForceBackend,
    "fast": DecompositionBackend,
    "cpsat": CpSatBackend,
}
"""The backends by name; ``python-constraint`` is the default."""


def get_backend(name: str = "python-constraint") -> Backend:
    """The backend with this name.

    Raises
    ------
    ValueError
        Unknown name.
    """
    try:
        return BACKENDS[name]()
    except KeyError:
        raise ValueError(f"unknown backend {name!r} (known: {', '.join(BACKENDS)})") from None
