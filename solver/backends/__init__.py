"""Backends that solve a :class:`solver.problem.CastProblem`.

Every backend has a ``name`` and ``solutions(problem)``, a generator of
assignments (dicts of variable name to value). Solver-library types never
leave this package.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

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
    "python-constraint": ("solver.backends.pyconstraint", "PythonConstraintBackend"),
    "brute": ("solver.backends.brute", "BruteForceBackend"),
    "fast": ("solver.backends.decompose", "DecompositionBackend"),
    "cpsat": ("solver.backends.cpsat", "CpSatBackend"),
}
"""The backends by name: (module, class), imported when first used (OR-Tools takes a second to load)."""


def __getattr__(name: str) -> Any:
    """The backend classes by class name, imported on first use (PEP 562)."""
    for module, class_name in BACKENDS.values():
        if class_name == name:
            return getattr(importlib.import_module(module), class_name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def get_backend(name: str = "python-constraint") -> Backend:
    """The backend with this name.

    Raises
    ------
    ValueError
        Unknown name.
    """
    try:
        module, class_name = BACKENDS[name]
    except KeyError:
        raise ValueError(f"unknown backend {name!r} (known: {', '.join(BACKENDS)})") from None
    return getattr(importlib.import_module(module), class_name)()
