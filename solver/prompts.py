"""Prompt by prompt: the options of a cast's next choice that still lead to a legal cast (CR 601.2a-h).

Game engines ask for a cast one prompt at a time: the half, the zone, the
alternative cost, the modes, the cards to splice, the optional costs, X, then
each instance of "target", its division and the objects paying costs. Given
the choices made so far, :func:`next_options` gives the next prompt and each
of its options with the number of legal casts that choose it. An option that
leads to no legal cast is never offered (offered-then-rejected choices are
how engines softlock), and following the options from the first prompt to
the last reaches every legal cast of the view exactly once.

The prompts, in order (:data:`PROMPTS`): ``halves``, ``prototyped`` (a choice only when the card may be cast
both ways, CR 718.3), ``zone``,
``without_paying_mana_cost`` (a choice only when the card may be cast both
ways, CR 118.9a), ``alternative_cost``, ``modes``, ``splice_set``, ``additional_costs``,
``gift_recipient``, ``x``, ``splices`` (the order of the spliced texts, CR
702.47b), then per instance of "target" in :attr:`~models.cast.Cast.targets`
order ``target_0``, ``division_0``, ``target_1``, ... (CR 601.2c-d), then the
objects paying costs: ``discards``, ``sacrifices``, ``exiles``, ``taps``,
``returns`` (CR 601.2h). This follows CR 601.2b's announcements, with the
alternative cost first, as the engines ask it. A prompt with one option is no
decision: it is taken and listed in ``forced``; a prompt the spell doesn't
have is never asked.

Values are in the JSON form of :meth:`Cast.to_json` fields: lists of ids,
of mode indices (from 0) and of amounts, a ``{keyword: times}`` object for the
optional costs, a string or null for the zone, the alternative cost, the gift's
recipient, and an integer or null for X. A set of targets or of objects is
sorted by id, as a cast writes it.

Engines answer through :meth:`solver.backends.Engine.options`. This module
holds what every engine shares (the prompts, their values, the walk from one
prompt to the next) and the answer made by listing the casts
(:func:`options_by_listing`); the fast engine answers from its decomposition,
without listing any cast.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from models.cast import COST_OBJECT_FIELDS, Cast
from models.errors import InputError, SolverError, json_text

__all__ = [
    "PROMPTS",
    "FRAME_PROMPTS",
    "COST_PROMPTS",
    "DEFAULT_LIMIT",
    "Option",
    "Options",
    "Walk",
    "options_by_listing",
    "prompt_values",
    "read_chosen",
    "json_value",
]

FRAME_PROMPTS = (
    "halves",
    "prototyped",
    "zone",
    "without_paying_mana_cost",
    "alternative_cost",
    "modes",
    "splice_set",
    "additional_costs",
    "gift_recipient",
    "x",
)
"""The prompts made before targets (CR 601.2a-b), in the order asked."""

COST_PROMPTS = tuple(COST_OBJECT_FIELDS.values())
"""The objects paying costs (CR 601.2h), asked last: ``discards``, ``sacrifices``, ``exiles``, ``taps``, ``returns``."""

PROMPTS = FRAME_PROMPTS + ("splices", "target_<i>", "division_<i>") + COST_PROMPTS
"""Every prompt, in the order asked; ``<i>`` is an instance's place in :attr:`Cast.targets`, from 0."""

DEFAULT_LIMIT = 100
"""Options given at most per answer (``limit``): "any number of target creatures" has 2^n options."""


@dataclasses.dataclass(frozen=True, slots=True)
class Option:
    """One option of a prompt and the number of legal casts that choose it.

    Parameters
    ----------
    value : JSON value
        The choice, as ``chosen`` takes it back (see the module notes).
    count : int
        Legal casts that make this choice and every choice made so far.
    """

    value: Any
    count: int

    def to_json(self) -> dict[str, Any]:
        """``{"value": ..., "count": ...}``."""
        return {"value": self.value, "count": self.count}


@dataclasses.dataclass(frozen=True, slots=True)
class Options:
    """The next prompt of a cast and its options, given the choices made so far.

    Parameters
    ----------
    prompt : str or None
        The prompt's name (``"modes"``, ``"target_0"``, ...); None when every choice is made.
    instance : dict or None
        For ``target_<i>`` and ``division_<i>``: the instance of "target" (``source``, ``mode``,
        ``instruction``, ``index``, ``copy``, ``phrase``, as in a cast's ``targets``).
    options : tuple of Option
        The options from ``offset``, at most ``limit``, in the order the casts are listed (action ids).
    options_total : int
        How many options the prompt has.
    offset : int
        The first option given.
    forced : tuple of (str, value)
        The prompts with one option, taken on the way (their values are part of every cast below).
    count : int
        Legal casts that make every choice so far (the sum of all options' counts).
    cast : Cast or None
        When every choice is made: the cast.
    action_id : int or None
        The cast's action id in its view (:meth:`LegalCasts.action_id`).
    """

    prompt: str | None
    instance: dict[str, Any] | None
    options: tuple[Option, ...]
    options_total: int
    offset: int
    forced: tuple[tuple[str, Any], ...]
    count: int
    cast: Cast | None = None
    action_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The answer as a JSON object: every field, ``forced`` as ``[{"prompt", "value"}]``, ``cast`` as its JSON."""
        return {
            "prompt": self.prompt,
            "instance": self.instance,
            "options": [o.to_json() for o in self.options],
            "options_total": self.options_total,
            "offset": self.offset,
            "forced": [{"prompt": prompt, "value": value} for prompt, value in self.forced],
            "count": self.count,
            "cast": self.cast.to_json() if self.cast is not None else None,
            "action_id": self.action_id,
        }


# ---------------------------------------------------------------- values: the JSON form and a hashable one
def json_value(prompt: str, value: Any) -> Any:
    """The JSON form of a prompt's value, from its hashable form."""
    if prompt == "additional_costs":
        return dict(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _ids(value: Any, where: str, *, ordered: bool = False) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise InputError(where, f"expected a list of ids (got {json_text(value)})")
    return tuple(value) if ordered else tuple(sorted(value))


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        raise InputError(where, f"expected a list of integers (got {json_text(value)})")
    return tuple(value)


def _optional_string(value: Any, where: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise InputError(where, f"expected a string or null (got {json_text(value)})")
    return value


def _read_costs(value: Any, where: str) -> tuple[tuple[str, int], ...]:
    """Optional costs as ``{keyword: times}`` (or pairs), in a form that compares: sorted, paid ones only."""
    pairs = value.items() if isinstance(value, Mapping) else value
    if not isinstance(pairs, list | tuple) and not isinstance(value, Mapping):
        raise InputError(where, f"expected an object of keyword: times (got {json_text(value)})")
    found = []
    for pair in pairs:
        if not (
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and isinstance(pair[0], str)
            and isinstance(pair[1], int)
            and not isinstance(pair[1], bool)
            and pair[1] >= 0
        ):
            raise InputError(where, f"expected an object of keyword: times (got {json_text(value)})")
        if pair[1]:
            found.append((pair[0], pair[1]))
    return tuple(sorted(found))


def _read_x(value: Any, where: str) -> int | None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise InputError(where, f"expected an integer of 0 or more, or null (got {json_text(value)})")
    return value


def _read_flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(where, f"expected true or false (got {json_text(value)})")
    return value


def _read_zone(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InputError(where, f"expected a zone name (got {json_text(value)})")
    return value


_READERS: dict[str, Callable[[Any, str], Any]] = {
    "halves": lambda v, w: _ids(v, w, ordered=True),
    "prototyped": _read_flag,
    "zone": _read_zone,
    "without_paying_mana_cost": _read_flag,
    "alternative_cost": _optional_string,
    "modes": lambda v, w: tuple(sorted(_ints(v, w))),
    "splice_set": _ids,
    "additional_costs": _read_costs,
    "gift_recipient": _optional_string,
    "x": _read_x,
    "splices": lambda v, w: _ids(v, w, ordered=True),
    **{prompt: _ids for prompt in COST_PROMPTS},
}


def _reader(prompt: str) -> Callable[[Any, str], Any] | None:
    if prompt in _READERS:
        return _READERS[prompt]
    kind, _, number = prompt.partition("_")
    if kind in ("target", "division") and number.isdigit() and str(int(number)) == number:
        return _ids if kind == "target" else _ints
    return None


def read_chosen(chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The choices made so far, each checked for shape and put in the form prompts compare.

    Raises
    ------
    InputError
        An unknown prompt, or a value of the wrong shape, at ``chosen.<prompt>``.
    """
    found = {}
    for prompt, value in chosen.items():
        reader = _reader(prompt) if isinstance(prompt, str) else None
        if reader is None:
            raise InputError(f"chosen.{prompt}", "no such prompt (prompts: " + ", ".join(PROMPTS) + ")")
        found[prompt] = reader(value, f"chosen.{prompt}")
    return found


def prompt_values(cast: Cast) -> dict[str, Any]:
    """Every prompt a cast answers and its value, in JSON form: what ``chosen`` holds once the cast is made.

    Parameters
    ----------
    cast : Cast

    Returns
    -------
    dict of str to JSON value
        Keys in :data:`PROMPTS` order; ``target_<i>`` for each of its instances (and ``division_<i>`` when
        damage is divided), the cost prompts for each field that holds objects.
    """
    found: dict[str, Any] = {
        "halves": list(cast.halves),
        "prototyped": cast.prototyped,
        "zone": cast.zone.value,
        "without_paying_mana_cost": cast.without_paying_mana_cost,
        "alternative_cost": cast.alternative_cost,
        "modes": list(cast.modes),
        "splice_set": sorted(cast.splices),
        "additional_costs": dict(cast.additional_costs),
        "gift_recipient": cast.gift_recipient,
        "x": cast.x,
        "splices": list(cast.splices),
    }
    for i, choice in enumerate(cast.targets):
        found[f"target_{i}"] = list(choice.targets)
        if choice.division:
            found[f"division_{i}"] = list(choice.division)
    for prompt in COST_PROMPTS:
        found[prompt] = list(getattr(cast, prompt))
    return found


ABSENT = object()
"""The value of a prompt an item does not have (a cast with no division for that instance)."""


def _hashable(prompt: str, value: Any) -> Any:
    """A :func:`prompt_values` value in the form :func:`read_chosen` gives: tuples, modes and costs sorted."""
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    if isinstance(value, list):
        return tuple(sorted(value)) if prompt == "modes" else tuple(value)
    return value


class Walk:
    """One ``options`` question as it is answered: the choices given, those taken on the way, the page asked.

    Parameters
    ----------
    chosen : mapping of str to JSON value or None
        Prompt name -> option taken.
    offset : int
        The first option to give (0 or more).
    limit : int
        At most this many options (1 or more).

    Raises
    ------
    InputError
        A bad ``offset``, ``limit`` or ``chosen`` (an unknown prompt, a value of the wrong shape).
    """

    def __init__(self, chosen: Mapping[str, Any] | None, offset: int, limit: int) -> None:
        if not isinstance(offset, int) or isinstance(offset, bool) or offset < 0:
            raise InputError("offset", f"must be an integer of 0 or more (got {json_text(offset)})")
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise InputError("limit", f"must be an integer of 1 or more (got {json_text(limit)})")
        if chosen is not None and not isinstance(chosen, Mapping):
            raise InputError("chosen", f"expected an object of prompt: option (got {json_text(chosen)})")
        self.given = dict(chosen or {})
        self.wanted = read_chosen(self.given)
        self.used: set[str] = set()
        self.forced: list[tuple[str, Any]] = []
        self.offset, self.limit = offset, limit

    def chose(self, prompt: str) -> bool:
        """Whether ``prompt`` was given; marks it answered."""
        if prompt in self.wanted:
            self.used.add(prompt)
            return True
        return False

    def take(self, prompt: str, value: Any) -> None:
        """Take a prompt's one option (listed in ``forced`` unless it chooses nothing: no X, no objects, paying)."""
        if value not in ((), None) and value is not False:
            self.forced.append((prompt, json_value(prompt, value)))

    def grouped(
        self,
        prompt: str,
        items: list[Any],
        value: Callable[[Any], Any],
        weight: Callable[[Any], int],
        instance: Callable[[], dict[str, Any] | None] | None = None,
    ) -> tuple[Options | None, list[Any]]:
        """Answer one prompt over weighted items (frames, or casts): take the choice given, or ask, or take the one.

        Parameters
        ----------
        prompt : str
        items : list
            What is left, each with a value of the prompt (``value(item)``, :data:`ABSENT` when it has no such
            prompt) and a number of casts (``weight(item)``).
        value, weight : callable
        instance : callable or None
            The instance of "target" a ``target_<i>`` or ``division_<i>`` prompt is about.

        Returns
        -------
        (Options or None, list)
            The answer asking the prompt, or None; the items left.

        Raises
        ------
        InputError
            The choice given leads to no legal cast, or names a prompt the spell doesn't have.
        """
        groups: dict[Any, int] = {}
        for item in items:
            found = value(item)
            if found is not ABSENT:
                groups[found] = groups.get(found, 0) + weight(item)
        if self.chose(prompt):
            kept = [item for item in items if value(item) == self.wanted[prompt]]
            if not kept and list(groups) in ([], [None], [()]):
                raise self.not_asked(prompt)
            if not kept:
                raise self.no_cast(prompt, list(groups), len(groups))
            return None, kept
        if len(groups) > 1:
            listed = list(groups.items())
            return self.ask(
                prompt,
                instance() if instance is not None else None,
                len(listed),
                listed[self.offset : self.offset + self.limit],
                sum(groups.values()),
            ), items
        if groups:
            self.take(prompt, next(iter(groups)))
        return None, items

    def not_asked(self, prompt: str) -> InputError:
        """The error of a choice for a prompt the spell doesn't have (no X, no alternative cost, ...)."""
        return InputError(f"chosen.{prompt}", "is no prompt of this cast")

    def no_cast(self, prompt: str, shown: list[Any], total: int) -> InputError:
        """The error of a choice that leads to no legal cast, with (some of) the options there are."""
        listed = ", ".join(json.dumps(json_value(prompt, v), ensure_ascii=False) for v in shown[:8])
        more = f", ... ({total} in all)" if total > 8 else ""
        return InputError(
            f"chosen.{prompt}",
            f"{json_text(self.given.get(prompt))} leads to no legal cast given "
            f"the choices before it (the options: {listed}{more})",
        )

    def ask(
        self, prompt: str, instance: dict[str, Any] | None, total: int, page: list[tuple[Any, int]], count: int
    ) -> Options:
        """The answer that asks ``prompt``.

        A choice given for a later prompt is refused: the counts of this prompt's options would not see it.
        """
        late = sorted(set(self.wanted) - self.used)
        if late:
            raise InputError(f"chosen.{late[0]}", f"is given before the prompt {prompt!r}, which is not answered yet")
        return Options(
            prompt,
            instance,
            tuple(Option(json_value(prompt, v), n) for v, n in page),
            total,
            self.offset,
            tuple(self.forced),
            count,
        )

    def nothing(self) -> Options:
        """The answer when no cast is legal."""
        return Options(None, None, (), 0, self.offset, tuple(self.forced), 0)

    def done(self, cast: Cast) -> Options:
        """The answer once every prompt is answered: the cast.

        A prompt the cast doesn't ask may be given as the value its casts write (no splice order, no objects).
        """
        late = sorted(prompt for prompt in set(self.wanted) - self.used if self.wanted[prompt] not in ((), None))
        if late:
            raise self.not_asked(late[0])
        return Options(None, None, (), 0, self.offset, tuple(self.forced), 1, cast)


def instance_of(choice: Any) -> dict[str, Any]:
    """An instance of "target" as an answer names it: source, mode, instruction, index, copy and phrase."""
    return {
        "source": choice.source,
        "mode": choice.mode,
        "instruction": choice.instruction,
        "index": choice.index,
        "copy": choice.copy,
        "phrase": choice.phrase,
    }


def options_by_listing(
    casts: Iterable[Cast], chosen: Mapping[str, Any] | None = None, *, offset: int = 0, limit: int = DEFAULT_LIMIT
) -> Options:
    """The next prompt and its options, found by listing every cast (the answer any engine can give).

    Parameters
    ----------
    casts : iterable of Cast
        Every legal cast, each once, in the engine's order (options come in the order first met).
    chosen, offset, limit
        As for :class:`Walk`.

    Returns
    -------
    Options
        Without ``action_id`` (the view's to give).

    Raises
    ------
    InputError
        As :class:`Walk`; a choice that leads to no legal cast.
    """
    walk = Walk(chosen, offset, limit)
    left = [
        (cast, {prompt: _hashable(prompt, value) for prompt, value in prompt_values(cast).items()}) for cast in casts
    ]

    def step(prompt: str) -> Options | None:
        nonlocal left
        instance = None
        if prompt.startswith(("target_", "division_")):

            def instance() -> dict[str, Any]:
                return instance_of(left[0][0].targets[int(prompt.partition("_")[2])])

        asked, left = walk.grouped(prompt, left, lambda item: item[1].get(prompt, ABSENT), lambda item: 1, instance)
        return asked

    for prompt in FRAME_PROMPTS + ("splices",):
        if (asked := step(prompt)) is not None:
            return asked
    for i in range(max((len(cast.targets) for cast, _ in left), default=0)):
        for prompt in (f"target_{i}", f"division_{i}"):
            if (asked := step(prompt)) is not None:
                return asked
    for prompt in COST_PROMPTS:
        if (asked := step(prompt)) is not None:
            return asked
    if not left:
        return walk.nothing()
    if len(left) > 1:
        raise SolverError("options", f"every prompt is answered and {len(left)} casts are left")
    return walk.done(left[0][0])
