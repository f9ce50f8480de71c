"""Numbers any client can read: counts past 2**53 - 1 also written as decimal strings (JSON answers)."""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_EXACT_DOUBLE", "with_decimals"]

MAX_EXACT_DOUBLE = 2**53 - 1
"""The largest whole number every JSON reader holds exactly: past it, a reader of numbers as doubles (JavaScript)
rounds, and one of 64-bit integers (Java's ``long``) overflows past 2**63 - 1."""

_COUNTED = frozenset({"count", "action_id", "options_total", "offset"})
"""The fields of a result that hold counts or action ids, which may be past :data:`MAX_EXACT_DOUBLE`."""

_LISTED = frozenset({"casts", "options", "explanations"})
"""The fields of a result that list objects with such fields."""


def with_decimals(result: Any) -> Any:
    """A result with each count or action id past 2**53 - 1 also written as a decimal string beside it.

    ``"count": 590295810358705651712`` gets ``"count_decimal": "590295810358705651712"``: the number is exact JSON,
    and the string is for clients whose numbers are doubles or 64-bit integers. The fields are ``count``,
    ``action_id``, ``options_total`` and ``offset``, in the result and in each object of its ``casts``,
    ``options`` and ``explanations``. Smaller numbers have no twin.

    Parameters
    ----------
    result : object
        A method's result; changed in place when it is a dict.

    Returns
    -------
    object
        ``result``.

    Examples
    --------
    >>> with_decimals({"count": 2**70, "left_out": []})
    {'count': 1180591620717411303424, 'left_out': [], 'count_decimal': '1180591620717411303424'}
    >>> with_decimals({"count": 15})
    {'count': 15}
    """
    if not isinstance(result, dict):
        return result
    big = [
        key
        for key in _COUNTED.intersection(result)
        if type(result[key]) is int and not -MAX_EXACT_DOUBLE <= result[key] <= MAX_EXACT_DOUBLE
    ]
    for key in big:
        result[f"{key}_decimal"] = str(result[key])
    for key in _LISTED.intersection(result):
        if isinstance(result[key], list):
            for item in result[key]:
                with_decimals(item)
    return result
