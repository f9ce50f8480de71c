"""One judge: whether a cast is legal is the cast problem's answer, and every path that says it agrees.

The paths: the view ``legal_casts(state, card)`` (iteration, ``in``, ``count()``, ``options()``,
``action_id``), ``is_legal_cast`` and ``why_illegal``, the problem's own ``is_legal``, the CLI's ``check``,
the service's ``check`` / ``count`` / ``options`` / ``explain``, ``explain_card``, ``resolve``, and the four
engines. Permissions come from the state (plotted, ``may_cast``, flashback ...) or from the question asked
(``without_paying_mana_cost``, ``resolving``, the caster), never from the cast record (CR 601.2a, 601.3, 118.9).
The oracle is the fast view's listing for the same question: a check must accept exactly what it lists.

The properties:

1. every listed cast passes every check, with the view's action id (and the service's count is the view's);
   a card whose text is not read is unread for every engine, explain and the service, and no check passes it;
2. a listed cast changed in one choice passes exactly when listed: its choices (targets, divisions, modes,
   X, halves, splices, optional costs, cost objects); its permissions (the zone and the object cast, the free
   flag, the alternative cost, the question and the caster); for every engine's ``in``, and every engine
   lists the same casts;
3. every walk of ``options`` (the first option always, and random ones) ends at a cast that passes, each
   prompt's counts summing to the count of the option taken before it;
4. no sentence of ``explain_card`` saying a part "can't be chosen / cast / spliced / kicked" (or a candidate
   "can't" be chosen) names a part a listed cast takes; a "can't" sentence not read is reported;
5. a listed cast put on the stack (the state after casting, as data), nothing else changed, resolves with
   every target legal.

Every example state (``examples/``, JSON and Forge puzzles) is asked each property in a test of its own;
2,000 random states drawn by hypothesis (graveyards, exile, library and stacks included; derandomized) are
each asked every property in one test, costly paths (the CLI, the service, brute force and CP-SAT) in a fixed
fraction of them. The regression tests at the end state the findings of issue 25, worked out by hand.

The question keywords of ``why_illegal`` / ``is_legal_cast`` and the service's ``check`` are passed only where
their signatures take them (:data:`LIBRARY_TAKES`, :data:`SERVICE_TAKES`); the CLI's ``check`` is asked only the
questions its options can say.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import inspect
import io
import json
import random
import re
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.cast import COST_OBJECT_FIELDS, Cast, TargetChoice
from models.choices import OptionalCostKey
from models.errors import UnsupportedRuleError
from models.io.forge_pzl import load_puzzle
from models.io.state_json import load_state, state_from_data
from models.objects import Zone
from solver.explain import explain_card
from solver.legal import LegalCasts, castable_objects, is_legal_cast, legal_casts, why_illegal
from solver.resolve import resolve
from solver.rules.modes import describe_mode
from solver.rules.split import half_choices
from solver.rules.zones import RESOLVING_KEYWORDS
from legalcasts.service import METHODS, UNSUPPORTED, Service
from tests.conftest import ROOT

ENGINES = ("python-constraint", "brute", "cpsat")
"""The engines beside the fast one; a view of each must hold exactly the fast view's casts."""
TINY = 8
"""Random states with at most this many objects list their casts with CP-SAT too (a model per problem is slow)."""

LIST_LIMIT = 400
"""A view with more casts is counted and sampled, not listed: checks against it use sampled casts only."""


@dataclasses.dataclass(frozen=True)
class Budget:
    """How much is checked per view: the examples are few and checked at length, random states are many."""

    checked: int
    """Listed casts asked of every path (the first, the last and evenly between)."""
    mutated: int
    """Listed casts changed in one choice."""
    mutants: int
    """Changed casts asked, per view and kind (a fixed sample of all of them)."""
    walks: int
    """Random walks through ``options``, besides the walk that always takes the first option."""
    resolved: int
    """Listed casts put on the stack and resolved."""
    service_every: int
    """The service's check is asked of every n-th changed cast (it answers as the library, by its own state)."""
    engine_listing: int
    """Views of at most this many casts are listed by every engine (brute force and CP-SAT are slow)."""


EXAMPLE_BUDGET = Budget(checked=40, mutated=6, mutants=60, walks=3, resolved=6, service_every=1, engine_listing=60)
RANDOM_BUDGET = Budget(checked=4, mutated=2, mutants=10, walks=2, resolved=2, service_every=2, engine_listing=8)
SMALL = 10
"""Random states with at most this many objects ask every engine, not only the fast one (examples always do)."""

EXAMPLE_PATHS = sorted(
    p.relative_to(ROOT).as_posix() for p in (ROOT / "examples").rglob("*") if p.suffix in (".json", ".pzl")
)
ZONES = tuple(Zone)
OTHER_ALTERNATIVES = ("madness", "miracle", "flashback", "plotted", "overload", "foretell")
"""Alternative costs a mutant may name besides the card's own: other cards' keywords, and a permission (plotted)."""
OTHER_OPTIONAL = ("kicker", "multikicker", "buyback", "entwine", "gift", "replicate")


# ---------------------------------------------------------------------------------------------- the API asked


def _keywords(function: Callable[..., Any]) -> set[str]:
    return set(inspect.signature(function).parameters)


QUESTION_KEYWORDS = ("without_paying_mana_cost", "resolving")
LIBRARY_TAKES = {k for k in QUESTION_KEYWORDS if k in _keywords(why_illegal) and k in _keywords(is_legal_cast)}
"""The question keywords the library's checks take (all of them once the target API is in)."""
SERVICE_TAKES = {k for k in QUESTION_KEYWORDS if k in METHODS["check"]}
"""The question params the service's ``check`` takes."""


@dataclasses.dataclass(frozen=True)
class Question:
    """What a check is asked besides the cast: who casts, and the permissions the question itself grants."""

    player: str
    without_paying_mana_cost: bool = False
    resolving: str | None = None

    def view_options(self) -> dict[str, Any]:
        """The keywords of ``legal_casts`` and ``explain_card``."""
        return {
            "player": self.player,
            "without_paying_mana_cost": self.without_paying_mana_cost,
            "resolving": self.resolving,
        }

    def check_options(self) -> dict[str, Any]:
        """The keywords ``why_illegal`` and ``is_legal_cast`` take (only those the library has)."""
        return {"player": self.player, **{k: v for k, v in self.view_options().items() if k in LIBRARY_TAKES}}

    def service_params(self) -> dict[str, Any]:
        """The params of the service's ``check`` (only those it takes, and only when not the default)."""
        return {
            "player": self.player,
            **{k: v for k, v in self.view_options().items() if k in SERVICE_TAKES and v not in (None, False)},
        }

    def __str__(self) -> str:
        extra = ", without paying" if self.without_paying_mana_cost else ""
        extra += f", resolving {self.resolving}" if self.resolving else ""
        return f"[{self.player}{extra}]"


SERVICE = Service()


def _call(method: str, **params: Any) -> dict[str, Any]:
    """The service's answer to one request: ``{"result": ...}`` or ``{"error": ...}``."""
    response = SERVICE.handle({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    return response


# ---------------------------------------------------------------------------------------------- positions


class Position:
    """One state with what the tests ask of it kept: views by card, question and engine; the casts listed."""

    def __init__(
        self,
        label: str,
        state,
        data: dict[str, Any] | None = None,
        path: str | None = None,
        budget: Budget = EXAMPLE_BUDGET,
    ) -> None:
        self.label, self.state, self.data, self.path, self.budget = label, state, data, path, budget
        self.caster = state.priority
        self.ids = tuple(state.players) + tuple(o.id for o in state.objects)
        self._views: dict[tuple, LegalCasts | UnsupportedRuleError] = {}
        self._listed: dict[tuple, tuple[Cast, ...] | None] = {}
        self._digest: str | None = None

    def __str__(self) -> str:
        return self.label

    @property
    def seed(self) -> str:
        """What fixes the samples drawn in this state: the example's path, or the random state's text."""
        return self.path or str(zlib.crc32(json.dumps(self.data, sort_keys=True).encode()))

    @property
    def small(self) -> bool:
        """Whether every engine is asked: of an example always; of one random state in 3 of at most SMALL objects."""
        return self.budget is EXAMPLE_BUDGET or len(self.state.objects) <= SMALL and _one_in(self, 3)

    @property
    def thorough(self) -> bool:
        """Whether the costly paths are asked (the CLI's check and the service).

        Of an example always; of one random state in 4.
        """
        return self.budget is EXAMPLE_BUDGET or _one_in(self, 4)

    @property
    def asks_service(self) -> bool:
        """Whether the service is asked: of a JSON state (not a Forge puzzle) that is :attr:`thorough`."""
        return self.data is not None and self.thorough

    @property
    def digest(self) -> str | None:
        """The service's digest of the state (a Forge puzzle is no JSON state: None)."""
        if self.data is None:
            return None
        if self._digest is None:
            self._digest = _call("load_state", state=self.data)["result"]["digest"]
        return self._digest

    def view(self, card: str, question: Question, backend: str = "fast") -> LegalCasts | UnsupportedRuleError:
        """The view of a card's casts for a question and an engine, or the error saying its text is not read."""
        key = (card, question, backend)
        if key not in self._views:
            try:
                self._views[key] = legal_casts(self.state, card, backend=backend, **question.view_options())
            except UnsupportedRuleError as unread:
                self._views[key] = unread
        return self._views[key]

    def listed(self, card: str, question: Question) -> tuple[Cast, ...] | None:
        """Every cast of the fast view, in order; None when the card is not read or has too many to list."""
        key = (card, question)
        if key not in self._listed:
            view = self.view(card, question)
            self._listed[key] = (
                None if isinstance(view, UnsupportedRuleError) or view.count() > LIST_LIMIT else tuple(view)
            )
        return self._listed[key]

    def enumerated(self, card: str, question: Question) -> frozenset[Cast] | None:
        """The listed casts as a set (None as for :meth:`listed`)."""
        listed = self.listed(card, question)
        return None if listed is None else frozenset(listed)

    def cards(self, players: Iterable[str] | None = None) -> list[str]:
        """The objects whose casts are checked.

        In an example, every card in a hand, graveyard, exile or library, of any player. In a random state, what
        the caster may try to cast (``castable_objects``) and madness cards in exile: the permission changes ask
        of the other objects (the same cast of a card elsewhere).
        """
        cards = [o.id for o in self.state.objects if o.zone not in (Zone.BATTLEFIELD, Zone.STACK)]
        if self.budget is EXAMPLE_BUDGET:
            return cards
        castable = set(castable_objects(self.state, self.caster)) | {
            o.id for o in self.state.objects_in(Zone.EXILE) if "madness" in (o.card.oracle_text or "").casefold()
        }
        return [card for card in cards if card in castable]

    def questions(self, card: str, players: Iterable[str] | None = None) -> list[Question]:
        """The questions asked of a card: each caster, paying or not, and each resolving keyword the card has.

        A random state asks "without paying" of its first card only (the first card in hand).
        """
        obj = self.state.object(card)
        text = (obj.card.oracle_text or "").casefold() + " ".join(
            (h.oracle_text or "").casefold() for h in obj.card.halves
        )
        free = self.budget is EXAMPLE_BUDGET or card == self.state.objects[0].id
        asked = []
        for player in players or (self.caster,):
            asked += [Question(player)] + ([Question(player, True)] if free else [])
            asked += [Question(player, resolving=k) for k in RESOLVING_KEYWORDS if k in text]
        return asked


def _one_in(position: Position, every: int) -> bool:
    """Whether a state is one of the fixed few (by its text) asked a costly path: one in ``every``."""
    return zlib.crc32(json.dumps(position.data, sort_keys=True).encode()) % every == 0


def _position_of_path(path: str) -> Position:
    if path.endswith(".pzl"):
        return Position(path, load_puzzle(ROOT / path).state, path=path)
    data = json.loads((ROOT / path).read_text(encoding="utf-8"))
    return Position(path, load_state(ROOT / path), data, path)


def _spread(items: list[Any] | tuple[Any, ...], most: int) -> list[Any]:
    """At most ``most`` items: the first, the last and evenly between (a fixed sample)."""
    if len(items) <= most:
        return list(items)
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


def _sample(items: list[Any], most: int, seed: str) -> list[Any]:
    """At most ``most`` items drawn with a fixed seed (a position's, and what is drawn), so CI draws the same ones."""
    if len(items) <= most:
        return items
    return random.Random(seed).sample(items, most)


def _shown(cast: Cast) -> str:
    data = cast.to_json()
    for derived in ("name", "total_cost", "mana_value"):
        data.pop(derived, None)
    for choice in data["targets"]:
        choice.pop("phrase", None)
    return json.dumps(data, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------- the checks asked


def _ask(function: Callable[..., Any], *args: Any, **options: Any) -> Any:
    """A path's answer, or the exception it raised, by name (a path never raises for a read card)."""
    try:
        return function(*args, **options)
    except Exception as exc:  # noqa: BLE001 -- whatever a path raises is its answer, reported
        return f"raised {type(exc).__name__}: {exc}"


def _why_illegal_passes(state, cast: Cast, question: Question) -> bool:
    return not why_illegal(state, cast, **question.check_options())


def _is_legal_cast(state, cast: Cast, question: Question) -> bool:
    return is_legal_cast(state, cast, **question.check_options())


def _contains(view: LegalCasts, cast: Cast) -> bool:
    return cast in view


def _service(position: Position, method: str, card: str, question: Question) -> dict[str, Any] | None:
    """The service's answer to ``count`` or ``explain`` of a card for a question (None where it is not asked)."""
    if not position.asks_service:
        return None
    return _call(
        method,
        digest=position.digest,
        card=card,
        **{k: v for k, v in question.view_options().items() if v not in (None, False)},
    )


def _service_check(position: Position, cast: Cast, question: Question) -> tuple[Any, Any]:
    """The service's verdict and action id for a cast (an error by its message)."""
    if position.digest is None:
        return None, None
    response = _call("check", digest=position.digest, card=cast.card, cast=cast.to_json(), **question.service_params())
    if "error" in response:
        return f"error {response['error']['code']}: {response['error']['message']}", None
    return response["result"]["legal"], response["result"]["action_id"]


def verdicts(
    position: Position, cast: Cast, question: Question, *, engines: tuple[str, ...] = (), service: bool = True
) -> dict[str, Any]:
    """What every path says of one cast: True (legal), False, or what it raised."""
    state = position.state
    view = position.view(cast.card, question)
    said: dict[str, Any] = {
        "why_illegal": _ask(_why_illegal_passes, state, cast, question),
        "is_legal_cast": _ask(_is_legal_cast, state, cast, question),
    }
    if not isinstance(view, UnsupportedRuleError):
        said["in view"] = _ask(_contains, view, cast)

        def problem_says() -> bool:
            problem = view.problem_for(cast)
            return problem is not None and problem.is_legal(cast)

        said["problem.is_legal"] = _ask(problem_says)
    for backend in engines:
        other = position.view(cast.card, question, backend)
        said[f"in view[{backend}]"] = other if isinstance(other, UnsupportedRuleError) else _ask(_contains, other, cast)
    if service and position.asks_service:
        legal, action_id = _service_check(position, cast, question)
        said["service check"] = legal
        if legal is True and not isinstance(view, UnsupportedRuleError):
            said["service action_id"] = (
                action_id == view.action_id(cast) or f"{action_id} (view: {view.action_id(cast)})"
            )
    return said


def disagreements(said: dict[str, Any], expected: bool) -> list[str]:
    return [
        f"{path} says {answer}"
        for path, answer in said.items()
        if answer is not expected and not (path == "service action_id" and answer is True)
    ]


def _mismatch(position: Position, question: Question, what: str, cast: Cast, expected: bool, wrong: list[str]) -> str:
    return (
        f"{position} {question} {what}: expected {'legal' if expected else 'illegal'}, but "
        f"{'; '.join(wrong)}\n    cast {_shown(cast)}"
    )


def _supported_views(
    position: Position, players: Iterable[str] | None = None
) -> Iterator[tuple[str, Question, LegalCasts]]:
    for card in position.cards(players):
        for question in position.questions(card, players):
            view = position.view(card, question)
            if not isinstance(view, UnsupportedRuleError):
                yield card, question, view


# -------------------------------------------------------------------- property 1: enumerated casts pass check


def check_enumerated(position: Position, players: Iterable[str] | None = None) -> list[str]:
    """Every cast a view lists passes every path, with the view's action id; an unread card is so everywhere."""
    found: list[str] = []
    for card in position.cards(players):
        for question in position.questions(card, players):
            view = position.view(card, question)
            if isinstance(view, UnsupportedRuleError):
                found += _unread_everywhere(position, card, question, view)
                continue
            total = view.count()
            counted = _service(position, "count", card, question)
            if counted is not None and counted.get("result", {}).get("count") != total:
                found.append(f"{position} {question} {card}: the service counts {counted}, the view {total}")
            listed = position.listed(card, question)
            if listed is not None:
                if len(listed) != total or len(set(listed)) != total:
                    found.append(
                        f"{position} {question} {card}: count() {total}, listed {len(listed)}, "
                        f"distinct {len(set(listed))}"
                    )
                casts = listed
            else:
                casts = tuple(view.cast_of(i) for i in _spread(range(total), position.budget.checked))
            for cast in _spread(casts, position.budget.checked):
                said = verdicts(position, cast, question)
                wrong = disagreements(said, True)
                action_id = view.action_id(cast)
                if action_id is None or view.cast_of(action_id) != cast:
                    wrong.append(f"action_id {action_id} names another cast")
                if wrong:
                    found.append(_mismatch(position, question, "enumerated cast", cast, True, wrong))
    return found


def _unread_everywhere(position: Position, card: str, question: Question, unread: UnsupportedRuleError) -> list[str]:
    """A card whose text is not read: every engine, explain and the service say so; no check calls a cast legal."""
    found = []
    where = f"{position} {question} {card} (unread: {unread})"
    for backend in ENGINES:
        if not isinstance(position.view(card, question, backend), UnsupportedRuleError):
            found.append(f"{where}: the {backend} engine reads it")
    explained = _ask(explain_card, position.state, card, **question.view_options())
    if not (isinstance(explained, str) and "UnsupportedRuleError" in explained):
        found.append(f"{where}: explain_card gives {explained}")
    obj = position.state.object(card)
    for halves in half_choices(position.state, card):
        cast = Cast(card=obj.id, zone=obj.zone, halves=halves)
        for path, answer in (
            ("why_illegal", _ask(_why_illegal_passes, position.state, cast, question)),
            ("is_legal_cast", _ask(_is_legal_cast, position.state, cast, question)),
        ):
            if answer is True:
                found.append(f"{where}: {path} calls {_shown(cast)} legal")
    response = _service(position, "count", card, question)
    if response is not None and response.get("error", {}).get("code") != UNSUPPORTED:
        found.append(f"{where}: the service's count gives {response}")
    return found


# ------------------------------------------------------------------------- property 2: one choice changed


def _with_target(cast: Cast, index: int, choice: TargetChoice | None) -> Cast:
    targets = list(cast.targets)
    if choice is None:
        del targets[index]
    else:
        targets[index] = choice
    return cast._replace(targets=tuple(targets))


def _divided(targets: tuple[str, ...], old: TargetChoice) -> tuple[int, ...]:
    """A division for changed targets: the old amounts by target, 1 for a new one (the same total or one more)."""
    if not old.division:
        return ()
    amounts = dict(zip(old.targets, old.division))
    return tuple(amounts.get(t, 1) for t in targets)


def _retarget(choice: TargetChoice, renamed: dict[str, str]) -> TargetChoice:
    """The choice with targets renamed, each new one taking the old one's amount of a division."""
    amounts = {renamed.get(t, t): a for t, a in zip(choice.targets, choice.division)}
    targets = tuple(sorted(renamed.get(t, t) for t in choice.targets))
    return dataclasses.replace(choice, targets=targets, division=tuple(amounts[t] for t in targets) if amounts else ())


def choice_mutations(cast: Cast, position: Position, view: LegalCasts) -> Iterator[tuple[str, Cast]]:
    """Casts differing from ``cast`` in one choice of CR 601.2b-d and 601.2h, each with what was changed."""
    problem = view.problem_for(cast) or view.problem
    for i, choice in enumerate(cast.targets):
        yield from _target_mutations(cast, position, i, choice)
    yield from _frame_mutations(cast, position, problem)
    yield from _cost_mutations(cast, position, problem)


def _target_mutations(cast: Cast, position: Position, i: int, choice: TargetChoice) -> Iterator[tuple[str, Cast]]:
    """Casts differing from ``cast`` in the targets or division of its ``i``-th instance (CR 601.2c-d)."""
    for other in position.ids:
        if other in choice.targets:
            continue
        if choice.targets:
            yield (
                f"target {i}: {choice.targets[0]} -> {other}",
                _with_target(cast, i, _retarget(choice, {choice.targets[0]: other})),
            )
        grown = tuple(sorted(choice.targets + (other,)))
        yield (
            f"target {i}: + {other}",
            _with_target(cast, i, dataclasses.replace(choice, targets=grown, division=_divided(grown, choice))),
        )
    if choice.targets:
        yield (
            f"target {i}: - {choice.targets[0]}",
            _with_target(
                cast, i, dataclasses.replace(choice, targets=choice.targets[1:], division=choice.division[1:])
            ),
        )
        if len(choice.targets) > 1:
            yield f"target {i}: none", _with_target(cast, i, dataclasses.replace(choice, targets=(), division=()))
    yield f"target {i}: instance left out", _with_target(cast, i, None)
    copies = 1 + max(t.copy for t in cast.targets if t.slot[:4] == choice.slot[:4])
    yield (
        f"target {i}: chosen again as copy {copies}",
        cast._replace(targets=cast.targets + (dataclasses.replace(choice, copy=copies),)),
    )
    yield (
        f"target {i}: instance index {choice.index + 1}",
        _with_target(cast, i, dataclasses.replace(choice, index=choice.index + 1)),
    )
    if choice.division:
        changed = {
            tuple(reversed(choice.division)),
            (choice.division[0] + 1,) + choice.division[1:],
            (choice.division[0] - 1,) + choice.division[1:],
        }
        if len(choice.division) > 1:
            changed.add((choice.division[0] + 1, choice.division[1] - 1) + choice.division[2:])
        for division in sorted(changed - {choice.division}):
            yield (
                f"target {i}: division {list(division)}",
                _with_target(cast, i, dataclasses.replace(choice, division=division)),
            )
    else:
        yield (
            f"target {i}: a division given",
            _with_target(cast, i, dataclasses.replace(choice, division=(1,) * len(choice.targets))),
        )


def _frame_mutations(cast: Cast, position: Position, problem: Any) -> Iterator[tuple[str, Cast]]:
    """Casts differing from ``cast`` in its modes, splices or X (CR 601.2b)."""
    modes = len(problem.abilities.modes)
    for mode in range(modes + 1):
        toggled = tuple(sorted(set(cast.modes) ^ {mode}))
        yield f"modes {list(cast.modes)} -> {list(toggled)}", cast._replace(modes=toggled)
    if cast.modes:
        yield "a mode chosen once more", cast._replace(modes=tuple(sorted(cast.modes + cast.modes[:1])))
        yield "no mode", cast._replace(modes=())
    in_hand = [o.id for o in position.state.objects if o.zone is Zone.HAND and o.id != cast.card]
    for other in in_hand + [o.id for o in position.state.objects if o.zone is not Zone.HAND][:3] + [cast.card]:
        if other not in cast.splices:
            yield f"splice + {other}", cast._replace(splices=cast.splices + (other,))
    if cast.splices:
        yield "splice - last", cast._replace(splices=cast.splices[:-1])
        if len(cast.splices) > 1:
            yield "splice order reversed", cast._replace(splices=tuple(reversed(cast.splices)))
    xs = {(cast.x or 0) + 1, (cast.x or 0) + 2, None if cast.x is not None else 0}
    if cast.x:
        xs.add(cast.x - 1)
    for x in sorted(xs - {cast.x}, key=lambda v: -1 if v is None else v):
        yield f"x {cast.x} -> {x}", cast._replace(x=x)


def _cost_mutations(cast: Cast, position: Position, problem: Any) -> Iterator[tuple[str, Cast]]:
    """Casts differing from ``cast`` in its half, optional costs, gift or objects paying costs (CR 601.2b, 601.2h)."""
    obj = position.state.object(cast.card)
    names = [h.name for h in obj.card.halves]
    for halves in [(n,) for n in names] + [tuple(names), (), ("Fire",), ("Nothing",)]:
        if tuple(halves) != cast.halves:
            yield f"halves {list(cast.halves)} -> {list(halves)}", cast._replace(halves=tuple(halves))
    paid = dict(cast.additional_costs)
    keywords = dict.fromkeys([key.keyword for key in problem.keys_of(OptionalCostKey)] + list(OTHER_OPTIONAL))
    for keyword in keywords:
        times = paid.get(keyword, 0)
        for more in {times + 1, times - 1, 2} - {times}:
            if more >= 0:
                changed = {**paid, keyword: more}
                yield (
                    f"{keyword} paid {times} -> {more}",
                    cast._replace(additional_costs=tuple((k, v) for k, v in changed.items() if v)),
                )
    for recipient in (None, *position.state.players):
        if recipient != cast.gift_recipient:
            yield f"gift to {recipient}", cast._replace(gift_recipient=recipient)
    objects = [o.id for o in position.state.objects if o.id != cast.card]
    for field in COST_OBJECT_FIELDS.values():
        given = getattr(cast, field)
        for one in given:
            yield f"{field} - {one}", cast._replace(**{field: tuple(x for x in given if x != one)})
            for other in objects[:8]:
                if other not in given:
                    yield (
                        f"{field}: {one} -> {other}",
                        cast._replace(**{field: tuple(sorted(tuple(x for x in given if x != one) + (other,)))}),
                    )
        for other in objects:
            if other not in given:
                yield f"{field} + {other}", cast._replace(**{field: tuple(sorted(given + (other,)))})


def permission_mutations(
    cast: Cast, position: Position, view: LegalCasts, question: Question
) -> Iterator[tuple[str, Cast, Question]]:
    """The same cast asked otherwise: another zone, object, free flag, alternative cost, question or caster."""
    for zone in ZONES:
        if zone is not cast.zone:
            yield f"zone {cast.zone.value} -> {zone.value}", cast._replace(zone=zone), question
    name = position.state.object(cast.card).name
    for obj in position.state.objects:
        if obj.id != cast.card and obj.name == name:
            yield f"the same cast of {obj.id} ({obj.zone.value})", _recast(cast, obj.id), question
    yield (
        "without_paying_mana_cost flipped",
        cast._replace(without_paying_mana_cost=not cast.without_paying_mana_cost),
        question,
    )
    problem = view.problem_for(cast) or view.problem
    own = [cost.keyword for cost in problem.abilities.alternative_costs]
    for keyword in dict.fromkeys(own + list(OTHER_ALTERNATIVES) + [None]):
        if keyword != cast.alternative_cost:
            yield (
                f"alternative cost {cast.alternative_cost} -> {keyword}",
                cast._replace(alternative_cost=keyword),
                question,
            )
            if keyword in own or keyword is None:
                yield (
                    f"alternative cost {cast.alternative_cost} -> {keyword}, without paying flipped",
                    cast._replace(alternative_cost=keyword, without_paying_mana_cost=not cast.without_paying_mana_cost),
                    question,
                )
    others = position.questions(cast.card) + [Question(p) for p in position.state.players if p != position.caster]
    if position.budget is EXAMPLE_BUDGET:
        others = position.questions(cast.card, position.state.players)
    for other in others:
        if other != question:
            yield f"asked as {other}", cast, other


def _recast(cast: Cast, card: str) -> Cast:
    """The cast with another object as the card cast (its own text's instances renamed with it)."""
    targets = tuple(dataclasses.replace(t, source=card) if t.source == cast.card else t for t in cast.targets)
    return cast._replace(card=card, targets=targets)


def _expected(position: Position, cast: Cast, question: Question) -> bool | None:
    """Whether the cast is one the fast view lists for the question; None when the view is not listed."""
    casts = position.enumerated(cast.card, question)
    return None if casts is None else cast in casts


def check_mutations(position: Position, kind: str, players: Iterable[str] | None = None) -> list[str]:
    """Each cast changed in one choice (``kind``: "choice" or "permission") is legal iff the view lists it.

    Every engine's membership is asked of each; the service's check of every ``service_every``-th.
    """
    found: list[str] = []
    for card, question, view in _supported_views(position, players):
        listed = position.listed(card, question)
        if not listed:
            continue
        mutants: list[tuple[str, Cast, Question]] = []
        for cast in _spread(listed, position.budget.mutated):
            if kind == "permission":
                mutants += list(permission_mutations(cast, position, view, question))
            else:
                mutants += [(what, mutant, question) for what, mutant in choice_mutations(cast, position, view)]
        seen: set[tuple[Cast, Question]] = set()
        drawn = _sample(mutants, position.budget.mutants, f"{position.seed} {card} {question} {kind}")
        for number, (what, mutant, asked) in enumerate(drawn):
            if (mutant, asked) in seen:
                continue
            seen.add((mutant, asked))
            expected = _expected(position, mutant, asked)
            if expected is None:
                continue
            engines = ENGINES if position.small and (mutant.card, asked) == (card, question) else ()
            said = verdicts(
                position, mutant, asked, engines=engines, service=number % position.budget.service_every == 0
            )
            wrong = disagreements(said, expected)
            if wrong:
                found.append(_mismatch(position, asked, f"{card} changed ({what})", mutant, expected, wrong))
    return found


def check_engines(position: Position, players: Iterable[str] | None = None) -> list[str]:
    """Every engine lists the fast engine's casts, each once, and holds each of them (``in``)."""
    found: list[str] = []
    for card, question, _ in _supported_views(position, players):
        listed = position.listed(card, question)
        if listed is None or len(listed) > position.budget.engine_listing or not position.small:
            continue
        for backend in ENGINES:
            if backend == "cpsat" and position.budget is RANDOM_BUDGET and len(position.state.objects) > TINY:
                continue
            other = position.view(card, question, backend)
            if isinstance(other, UnsupportedRuleError):
                found.append(f"{position} {question} {card}: the {backend} engine does not read it: {other}")
                continue
            theirs = list(other)
            if len(theirs) != len(listed) or set(theirs) != set(listed):
                found.append(
                    f"{position} {question} {card}: the {backend} engine lists {len(theirs)} casts, "
                    f"the fast one {len(listed)}: "
                    f"{sorted(set(map(_shown, theirs)) ^ set(map(_shown, listed)))[:3]}"
                )
            outside = [cast for cast in listed if cast not in other]
            if outside:
                found.append(
                    _mismatch(
                        position,
                        question,
                        f"{card}: a listed cast",
                        outside[0],
                        True,
                        [f"in view[{backend}] says False"],
                    )
                )
    return found


# --------------------------------------------------------------------------- property 3: prompt by prompt


def check_options(position: Position, players: Iterable[str] | None = None) -> list[str]:
    """Every walk through ``options`` ends at a cast every path accepts; each prompt's counts add up."""
    found: list[str] = []
    for card, question, view in _supported_views(position, players):
        total = view.count()
        if not total:
            continue
        rng = random.Random(f"{position.seed} {card} {question} walks")
        for walk in range(position.budget.walks + 1):
            pick = (lambda options: options[0]) if walk == 0 else rng.choice
            found += _walk(position, card, question, view, total, pick, by_service=walk == 0 and position.asks_service)
    return found


def _walk(
    position: Position,
    card: str,
    question: Question,
    view: LegalCasts,
    total: int,
    pick: Callable[[list[Any]], Any],
    by_service: bool,
) -> list[str]:
    where = f"{position} {question} {card}: options"
    chosen: dict[str, Any] = {}
    expected_count = total
    for _ in range(200):
        answer = view.options(chosen, limit=10_000)
        if by_service and position.digest is not None:
            response = _call(
                "options",
                digest=position.digest,
                card=card,
                chosen=chosen,
                limit=10_000,
                **{k: v for k, v in question.view_options().items() if v not in (None, False)},
            )
            if response.get("result") != answer.to_json():
                return [f"{where} {chosen}: the service answers {response}, the library {answer.to_json()}"]
        if answer.count != expected_count:
            return [f"{where} {chosen}: count {answer.count}, but the option taken counted {expected_count}"]
        if answer.prompt is None:
            cast = answer.cast
            if cast is None:
                return [f"{where} {chosen}: no prompt left and no cast"]
            wrong = disagreements(verdicts(position, cast, question), True)
            if answer.action_id != view.action_id(cast) or answer.action_id is None:
                wrong.append(f"options gives action id {answer.action_id}, the view {view.action_id(cast)}")
            return [_mismatch(position, question, f"the end of options {chosen}", cast, True, wrong)] if wrong else []
        options = list(answer.options)
        if not options:
            return [f"{where} {chosen}: prompt {answer.prompt} offers nothing, count {answer.count}"]
        if answer.options_total == len(options) and sum(o.count for o in options) != answer.count:
            return [
                f"{where} {chosen}: prompt {answer.prompt}'s options count "
                f"{sum(o.count for o in options)}, the prompt {answer.count}"
            ]
        if any(o.count < 1 for o in options):
            return [f"{where} {chosen}: prompt {answer.prompt} offers an option with no cast"]
        option = pick(options)
        chosen[answer.prompt] = option.value
        expected_count = option.count
    return [f"{where}: no end after 200 prompts"]


# ------------------------------------------------------------------------------ property 4: explanations

_CANT = re.compile(r"can't be (chosen|cast|spliced|kicked)|can't choose")


def _label(halves: tuple[str, ...], cast_as: str | None) -> str:
    """The prefix ``explain_card`` gives a sentence about one way to cast the card (solver/explain.py)."""
    if cast_as is not None:
        return "bestowed: " if cast_as == "bestow" else f"face down ({cast_as}): "
    return f"{' and '.join(halves)} (fused): " if len(halves) > 1 else f"{halves[0]}: " if halves else ""


def check_explain(position: Position, players: Iterable[str] | None = None) -> list[str]:
    """A part that "can't be chosen / cast / spliced" (or a candidate that "can't be chosen") is in no listed cast."""
    found: list[str] = []
    for card, question, view in _supported_views(position, players):
        listed = position.listed(card, question)
        if listed is None:
            continue
        explained = _ask(explain_card, position.state, card, **question.view_options())
        if isinstance(explained, str):
            found.append(f"{position} {question} {card}: explain_card {explained}")
            continue
        if explained.count != len(listed):
            found.append(f"{position} {question} {card}: explain counts {explained.count}, the view {len(listed)}")
        served = _service(position, "explain", card, question)
        mine = {
            "count": explained.count,
            "reasons": [{"rule": r.rule, "message": r.message} for r in explained.reasons],
        }
        theirs = (served or {}).get("result", {}).get("explanations", [{}])[0]
        if served is not None and {k: theirs.get(k) for k in mine} != mine:
            found.append(f"{position} {question} {card}: the service explains {served}, the library {mine}")
        for reason in explained.reasons:
            claim = _claim(view, reason.message)
            if claim is None:
                if _CANT.search(reason.message):
                    found.append(
                        f"{position} {question} {card}: explain sentence not mapped to a choice: {reason.message!r}"
                    )
                continue
            what, takes = claim
            taking = [cast for cast in listed if takes(cast)]
            if taking:
                found.append(
                    f"{position} {question} {card}: explain says {reason.message!r} ({what}), but "
                    f"{len(taking)} of {len(listed)} casts take it, e.g. {_shown(taking[0])}"
                )
    return found


def _claim(view: LegalCasts, message: str) -> tuple[str, Callable[[Cast], bool]] | None:
    """What a sentence of explain says no cast takes, and a test of whether a cast takes it; None if not read.

    The part of the view is read from the sentence's label (a half, a face-down or bestowed cast); then the
    sentence names the whole cast, an alternative cost, kicks beyond a number, a mode, a card to splice, or a
    candidate of an instance of "target"; or it is one of the problem's conditions no choice changes.
    """
    parts = sorted(view.parts, key=lambda part: -len(_label(part[0], part[1].cast_as)))
    for halves, problem in parts:
        label = _label(halves, problem.cast_as)
        if not message.startswith(label):
            continue
        body, name = message[len(label) :], problem.spell.name

        def of(cast: Cast, problem=problem) -> bool:
            return view.problem_for(cast) is problem

        if body.startswith(f"{name} can't be cast for its "):
            keyword = body[len(f"{name} can't be cast for its ") :].split(" cost (")[0]
            return f"the {keyword} cost", lambda c, keyword=keyword, of=of: of(c) and c.alternative_cost == keyword
        kicked = re.match(rf"{re.escape(name)} can't be kicked more than (\d+) time", body)
        if kicked:
            most = int(kicked.group(1))
            return (
                f"more than {most} kicks",
                lambda c, most=most, of=of: of(c) and (c.times_paid("kicker") + c.times_paid("multikicker") > most),
            )
        if body.startswith(f"{name} can't be cast ("):
            return "the whole cast", of
        for index in range(len(problem.abilities.modes)):
            if body.startswith(f"{describe_mode(problem, index)} can't be chosen ("):
                return f"mode {index}", lambda c, index=index, of=of: of(c) and index in c.modes
        for obj in problem.state.objects:
            if body.startswith(f"{obj.name} ({obj.id}) can't be spliced"):
                return f"splicing {obj.id}", lambda c, spliced=obj.id, of=of: of(c) and spliced in c.splices
        for slot in problem.slots:
            where = "" if slot.source == problem.spell.id else f" (spliced {slot.source})"
            start = f"'{slot.spec.phrase}'{where} can't choose "
            if body.startswith(start):
                candidate = body[len(start) :].split(": ")[0]
                return (
                    f"{candidate} for '{slot.spec.phrase}'",
                    lambda c, slot=slot, candidate=candidate, of=of: (
                        of(c)
                        and any(
                            t.source == slot.source and t.phrase == slot.spec.phrase and candidate in t.targets
                            for t in c.targets
                        )
                    ),
                )
        if any(reason.message == body for reason in problem.failed_whole_cast_conditions()):
            return "the whole cast (a condition no choice changes)", of
    return None


# ------------------------------------------------------------------------------- property 5: resolution

_BATTLEFIELD_ONLY = (
    "tapped",
    "attacking",
    "counters",
    "granted",
    "attached_to",
    "summoning_sick",
    "face_down",
    "cast_as",
    "transformed",
    "flipped",
    "controller",
    "token",
    "prepared",
)
_EXILE_ONLY = ("plotted", "foretold", "on_adventure", "exiled_with", "may_cast", "face")


def after_cast(data: dict[str, Any], cast: Cast, caster: str) -> dict[str, Any] | None:
    """The state right after the cast, as data: the card on the stack with its record, the costs paid (CR 601.2i).

    Discarded and sacrificed objects go to their owners' graveyards (a token ceases to exist, CR 111.7), exiled
    ones to exile, returned ones to their owners' hands, tapped ones are tapped; spliced cards stay in the hand
    (CR 702.47a); the caster keeps priority (CR 117.3c). None for a state given without objects as data.
    """
    after = json.loads(json.dumps(data))
    moved = {
        **{o: "graveyard" for o in cast.discards + cast.sacrifices},
        **{o: "exile" for o in cast.exiles},
        **{o: "hand" for o in cast.returns},
    }
    objects = []
    for obj in after["objects"]:
        if obj["id"] == cast.card:
            obj = {k: v for k, v in obj.items() if k not in _BATTLEFIELD_ONLY + _EXILE_ONLY}
            obj.update(zone="stack", controller=caster, cast=cast.to_json())
            obj.setdefault("owner", data_owner(data, cast.card))
        elif obj["id"] in moved:
            if obj.get("token"):
                continue
            owner = data_owner(data, obj["id"])
            obj = {k: v for k, v in obj.items() if k not in _BATTLEFIELD_ONLY + _EXILE_ONLY}
            obj.update(zone=moved[obj["id"]], owner=owner)
        elif obj["id"] in cast.taps:
            obj = {**obj, "tapped": True}
        objects.append(obj)
    gone = {o for o in moved}
    for obj in objects:
        if obj.get("attached_to") in gone:
            del obj["attached_to"]
    after["objects"] = objects
    after["stack"] = [s for s in after.get("stack", []) if s not in gone] + [cast.card]
    after["priority"] = caster
    return after


def data_owner(data: dict[str, Any], object_id: str) -> str:
    obj = next(o for o in data["objects"] if o["id"] == object_id)
    return obj.get("owner") or obj.get("controller") or data["players"][0]


def check_resolve(position: Position, players: Iterable[str] | None = None) -> list[str]:
    """A legal cast, put on the stack with nothing else changed, resolves with every target legal (CR 608.2b)."""
    if position.data is None:
        return []
    found: list[str] = []
    for card, question, _ in _supported_views(position, players):
        listed = position.listed(card, question)
        if not listed:
            continue
        for cast in _spread(listed, position.budget.resolved):
            paid = set(cast.discards + cast.sacrifices + cast.exiles + cast.taps + cast.returns)
            if paid & {t for choice in cast.targets for t in choice.targets}:
                continue  # a target paid for a cost left (CR 601.2c before 601.2h): illegal as it resolves
            after = after_cast(position.data, cast, question.player)
            what = f"{position} {question} {card}: resolving {_shown(cast)}"
            try:
                resolution = resolve(state_from_data(after), card)
            except Exception as exc:  # noqa: BLE001 -- any failure to read the cast back is the finding
                found.append(f"{what}: {type(exc).__name__}: {exc}")
                continue
            illegal = [
                (t.target, str(t.reason)) for step in resolution.instructions for t in step.targets if not t.legal
            ]
            if not resolution.resolves or illegal:
                found.append(f"{what}: resolves {resolution.resolves}, illegal targets {illegal}")
    return found


# ---------------------------------------------------------------------------------------------- random states

HAND_CARDS = (
    "Lightning Bolt",
    "Shock",
    "Glacial Ray",
    "Kodama's Might",
    "Reach Through Mists",
    "Hundred-Talon Strike",
    "Fire // Ice",
    "Far // Away",
    "Stand // Deliver",
    "Band Together",
    "Unsubstantiate",
    "Killing Glare",
    "Arm the Cathars",
    "Strength of the Tajuru",
    "Comet Storm",
    "Forked Bolt",
    "Electrolyze",
    "Repeal",
    "Cryptic Command",
    "Boros Charm",
    "Izzet Charm",
    "Kolaghan's Command",
    "Collective Brutality",
    "Abuna's Chant",
    "Counterspell",
    "Dispel",
    "Essence Scatter",
    "Unsummon",
    "Raise Dead",
    "Cremate",
    "Ghostly Flicker",
    "Fling",
    "Village Rites",
    "Lightning Axe",
    "Fiery Temper",
    "Thunderous Wrath",
    "Fireblast",
    "Force of Will",
    "Gush",
    "Snuff Out",
    "Burst Lightning",
    "Orim's Chant",
    "Capsize",
    "Mizzium Mortars",
    "Coastal Discovery",
    "Treasure Cruise",
    "Blazing Shoal",
    "Radical Idea",
    "Raven's Crime",
    "Grizzly Bears",
    "Opt",
    "Pacifism",
    "Mind Grind",
)
GRAVEYARD_CARDS = (
    "Think Twice",
    "Deep Analysis",
    "Unburial Rites",
    "Faithless Looting",
    "Firebolt",
    "Raven's Crime",
    "Radical Idea",
    "Sentinel's Eyes",
    "Dusk // Dawn",
    "Commit // Memory",
    "Grizzly Bears",
    "Lightning Bolt",
    "Island",
    "Fiery Temper",
)
EXILE_CARDS = (
    ("Lightning Bolt", {"plotted": True}),
    ("Arm the Cathars", {"plotted": True}),
    ("Killing Glare", {"plotted": True}),
    ("Fire // Ice", {"plotted": True}),
    ("Comet Storm", {"plotted": True}),
    ("Saw It Coming", {"foretold": True}),
    ("Giant Killer", {"on_adventure": True}),
    ("Fiery Temper", {}),
    ("Opt", {}),
    ("Unsubstantiate", {"may_cast": [{"player": "P1", "without_paying": True}]}),
    ("Band Together", {"may_cast": [{"player": "P1", "without_paying": False}]}),
    ("Forked Bolt", {"may_cast": [{"player": "P1", "without_paying": True}]}),
)
LIBRARY_CARDS = (
    ("Shock", {}),
    ("Opt", {"may_cast": [{"player": "P1"}]}),
    ("Far // Away", {"may_cast": [{"player": "P1", "without_paying": True}]}),
)
BOARD_CARDS = (
    "Grizzly Bears",
    "Silver Knight",
    "Kodama of the North Tree",
    "Slippery Bogle",
    "Llanowar Elves",
    "Craw Wurm",
    "Thalia, Guardian of Thraben",
    "Sol Ring",
    "Bonecrusher Giant",
)
GRANTS = ([], [], [], ["protection from red"], ["hexproof"], ["shroud"])
LANDS = ("Island", "Mountain", "Plains", "Forest", "Swamp")
PHASES = ("precombat_main",) * 6 + ("postcombat_main", "combat", "upkeep", "end", "end")


def _stack_spell(draw, sid: str, p1_creatures: list[str]) -> dict[str, Any]:
    """A spell on the stack with its cast record.

    P2's mostly (a Lightning Bolt at P1 or at a creature of P1's, Grizzly Bears, Opt, Wrath of God), sometimes
    P1's own Shock at P2.
    """
    kind = draw(st.sampled_from(("bolt", "bolt", "bears", "opt", "wrath", "shock")))
    record: dict[str, Any] = {"card": sid}
    if kind in ("bolt", "shock"):
        target = "P2" if kind == "shock" else draw(st.sampled_from(["P1", *p1_creatures]))
        record["targets"] = [{"source": sid, "instruction": 0, "index": 0, "targets": [target]}]
    card = {
        "bolt": "Lightning Bolt",
        "bears": "Grizzly Bears",
        "opt": "Opt",
        "wrath": "Wrath of God",
        "shock": "Shock",
    }[kind]
    return {"id": sid, "card": card, "zone": "stack", "owner": "P1" if kind == "shock" else "P2", "cast": record}


@st.composite
def random_states(draw) -> dict[str, Any]:
    """A two-player state, as data, where P1 has priority.

    P1's hand; creatures of both players with protections; P1's lands; graveyards with flashback, retrace,
    jump-start, escape and aftermath cards; exile with plotted, foretold, on-an-Adventure, madness and
    ``may_cast`` cards; a library card; up to two spells on the stack with their cast records.
    """
    objects: list[dict[str, Any]] = []
    for i, name in enumerate(draw(st.lists(st.sampled_from(HAND_CARDS), min_size=1, max_size=3))):
        objects.append({"id": f"h{i}", "card": name, "zone": "hand", "owner": "P1"})
    creatures = draw(
        st.lists(
            st.tuples(
                st.sampled_from(BOARD_CARDS), st.sampled_from(["P1", "P2"]), st.sampled_from(GRANTS), st.booleans()
            ),
            max_size=3,
        )
    )
    for i, (name, who, grants, tapped) in enumerate(creatures):
        objects.append(
            {
                "id": f"c{i}",
                "card": name,
                "zone": "battlefield",
                "controller": who,
                "granted": grants,
                **({"tapped": True} if tapped and i == 0 else {}),
            }
        )
    for i, name in enumerate(draw(st.lists(st.sampled_from(LANDS), max_size=5))):
        objects.append({"id": f"l{i}", "card": name, "zone": "battlefield", "controller": "P1"})
    graveyard = draw(
        st.lists(st.tuples(st.sampled_from(GRAVEYARD_CARDS), st.sampled_from(["P1", "P1", "P2"])), max_size=3)
    )
    for i, (name, who) in enumerate(graveyard):
        objects.append({"id": f"g{i}", "card": name, "zone": "graveyard", "owner": who})
    for i, (name, flags) in enumerate(draw(st.lists(st.sampled_from(EXILE_CARDS), max_size=2))):
        objects.append({"id": f"e{i}", "card": name, "zone": "exile", "owner": "P1", **flags})
    for i, (name, flags) in enumerate(draw(st.lists(st.sampled_from(LIBRARY_CARDS), max_size=1))):
        objects.append({"id": f"y{i}", "card": name, "zone": "library", "owner": "P1", **flags})
    p1_creatures = [f"c{i}" for i, (_, who, _, _) in enumerate(creatures) if who == "P1"]
    stack = []
    for i in range(draw(st.sampled_from((0, 0, 0, 1, 1, 2)))):
        objects.append(_stack_spell(draw, f"s{i}", p1_creatures))
        stack.append(f"s{i}")
    data: dict[str, Any] = {
        "players": ["P1", "P2"],
        "priority": "P1",
        "objects": objects,
        "stack": stack,
        "phase": draw(st.sampled_from(PHASES)),
        "active_player": draw(st.sampled_from(("P1", "P1", "P2"))),
    }
    if draw(st.integers(0, 7)) == 0:
        data["mana_pool"] = {"P1": draw(st.sampled_from(("{R}", "{U}", "{G}{W}", "{B}")))}
    return data


def _random_position(data: dict[str, Any]) -> Position:
    return Position("random state", state_from_data(data), data, budget=RANDOM_BUDGET)


RANDOM = settings(
    max_examples=2000,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _report(found: list[str], position: Position) -> None:
    state = f" in {json.dumps(position.data, separators=(',', ':'))}" if position.data and not position.path else ""
    assert not found, f"{len(found)} disagreement(s){state}:\n" + "\n".join(found[:12])


# ---------------------------------------------------------------------------------------------- the tests


@pytest.fixture(scope="module")
def examples() -> dict[str, Position]:
    return {path: _position_of_path(path) for path in EXAMPLE_PATHS}


def _every_player(position: Position) -> tuple[str, ...]:
    return tuple(position.state.players)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_enumerated_casts_pass_every_check_on_examples(examples, path):
    """CR 601.2: each cast a view lists is legal for why_illegal, is_legal_cast, the problem and the service."""
    position = examples[path]
    _report(check_enumerated(position, _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_the_clis_check_agrees_on_examples(examples, path):
    """CR 601.2: ``legalcasts check`` gives each listed cast, and each changed one, the listing's verdict."""
    position = examples[path]
    _report(_cli_check(position, _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_one_choice_changed_is_legal_iff_listed_on_examples(examples, path):
    """CR 601.2b-d, 601.2h: a cast changed in one choice passes every check exactly when the view lists it."""
    position = examples[path]
    _report(check_mutations(position, "choice", _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_permissions_come_from_the_state_or_the_question_on_examples(examples, path):
    """CR 601.2a, 601.3, 118.9: the zone, the object, the free flag and the alternative cost are the state's say."""
    position = examples[path]
    _report(check_mutations(position, "permission", _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_every_engine_holds_the_same_casts_on_examples(examples, path):
    """CR 601.2: the brute, python-constraint and CP-SAT views hold exactly the fast view's casts."""
    position = examples[path]
    _report(check_engines(position, _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_every_path_of_options_ends_at_a_legal_cast_on_examples(examples, path):
    """CR 601.2a-h: walking the prompts ends at a legal cast; the options' counts sum to the count before them."""
    position = examples[path]
    _report(check_options(position, _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_explain_says_cant_only_of_what_no_cast_takes_on_examples(examples, path):
    """CR 700.2a, 702.47b, 601.2c: what explain says can't be chosen, cast or spliced, no listed cast takes."""
    position = examples[path]
    _report(check_explain(position, _every_player(position)), position)


@pytest.mark.parametrize("path", EXAMPLE_PATHS)
def test_a_legal_cast_resolves_at_once_on_examples(examples, path):
    """CR 608.2b: a legal cast put on the stack, nothing else changed, resolves with every target legal."""
    position = examples[path]
    _report(check_resolve(position, _every_player(position)), position)


PROPERTIES: dict[str, Callable[[Position], list[str]]] = {
    "1. listed casts pass every check": check_enumerated,
    "1. legalcasts check (one state in 4)": lambda position: _cli_check(position) if position.thorough else [],
    "2. one choice changed": lambda position: check_mutations(position, "choice"),
    "2. permissions asked otherwise": lambda position: check_mutations(position, "permission"),
    "2. every engine": check_engines,
    "3. options": check_options,
    "4. explain": check_explain,
    "5. resolve": check_resolve,
}
"""The properties asked of each random state, by name."""


@RANDOM
@given(random_states())
def test_one_judge_on_random_states(data):
    """CR 601.2, 601.3, 118.9, 608.2b: on random states every path agrees with the listed casts.

    Each state is asked every property: listed casts pass every check (1), casts changed in one choice or asked
    otherwise pass exactly when listed, for every engine (2), walks of the prompts end at legal casts (3),
    explain's "can't" names no part a listed cast takes (4), a legal cast resolves at once (5).
    """
    position = _random_position(data)
    found = [f"[{name}] {line}" for name, check in PROPERTIES.items() for line in check(position)]
    _report(found, position)


# ---------------------------------------------------------------------------------------------- the CLI's check


@functools.cache
def _cli_flags() -> frozenset[str]:
    """The options ``legalcasts check`` takes (its --help)."""
    from legalcasts.cli.main import main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.suppress(SystemExit):
        main(["check", "--help"])
    return frozenset(re.findall(r"--[a-z-]+", printed.getvalue()))


def _cli_check(position: Position, players: Iterable[str] | None = None) -> list[str]:
    """``legalcasts check STATE CASTS.jsonl``: one verdict per cast, the listing's (listed casts and changed ones).

    One run per question the CLI can ask (``--player``, and the question flags when ``check`` has them).
    """
    from legalcasts.cli.main import main

    flags = _cli_flags()
    by_question: dict[Question, list[Cast]] = {}
    for card, question, view in _supported_views(position, players):
        if (
            question.without_paying_mana_cost
            and "--without-paying-mana-cost" not in flags
            or question.resolving
            and "--resolving" not in flags
        ):
            continue
        listed = position.listed(card, question)
        if not listed:
            continue
        asked = by_question.setdefault(question, [])
        asked += _spread(listed, 4)
        for cast in _spread(listed, 2):
            changed = _sample(list(choice_mutations(cast, position, view)), 6, f"{position.seed} {card} cli")
            asked += [mutant for _, mutant in changed]
            asked += [m for _, m, q in permission_mutations(cast, position, view, question) if q == question][:6]
    found = []
    with tempfile.TemporaryDirectory() as folder:
        state = ROOT / position.path if position.path else Path(folder) / "state.json"
        if not position.path:
            state.write_text(json.dumps(position.data), encoding="utf-8")
        for question, asked in by_question.items():
            expected = [_expected(position, cast, question) for cast in asked]
            arguments = ["--player", question.player]
            arguments += ["--without-paying-mana-cost"] if question.without_paying_mana_cost else []
            arguments += ["--resolving", question.resolving] if question.resolving else []
            casts = Path(folder) / "casts.jsonl"
            lines = [json.dumps(c.to_json()) + "\n" for c in asked]
            casts.write_text("".join(lines * (2 if len(lines) == 1 else 1)), encoding="utf-8")  # always JSON lines
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                main(["check", str(state), str(casts), *arguments])
            said = [
                line.rsplit(": ", 1)[1]
                for line in printed.getvalue().splitlines()
                if re.match(r".*:\d+: (legal|illegal)$", line)
            ]
            if len(said) < len(asked):
                found.append(f"{position} {question}: the CLI gave {len(said)} verdicts for {len(asked)} casts")
            for cast, legal, verdict in zip(asked, expected, said):
                if legal is not None and (verdict == "legal") != legal:
                    found.append(
                        _mismatch(
                            position,
                            question,
                            f"{cast.card}: legalcasts check",
                            cast,
                            legal,
                            [f"the CLI says {verdict}"],
                        )
                    )
    return found


# ---------------------------------------------------------------------------------------------- regressions
# The findings of issue 25, each with the answer worked out by hand from the rules.


def _state(*objects: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"players": ["P1", "P2"], "objects": list(objects), **more}


def _lands(name: str, count: int, who: str = "P1") -> list[dict[str, Any]]:
    return [{"id": f"{name.lower()}{i}", "card": name, "zone": "battlefield", "controller": who} for i in range(count)]


def _ask_all(data: dict[str, Any], cast: Cast, **question: Any) -> dict[str, Any]:
    """What the library's two checks and the service's check say of a cast, the question passed where taken."""
    state = state_from_data(data)
    asked = Question(question.pop("player", "P1"), **question)
    response = _call("check", state=data, card=cast.card, cast=cast.to_json(), **asked.service_params())
    return {
        "why_illegal": _ask(_why_illegal_passes, state, cast, asked),
        "is_legal_cast": _ask(_is_legal_cast, state, cast, asked),
        "service check": response.get("result", {}).get("legal", response.get("error")),
    }


def _cast_of(view: LegalCasts, **fields: Any) -> Cast:
    """The one listed cast with these fields (targets given as lists of ids per instance)."""
    wanted = fields.pop("targets", None)
    found = [
        cast
        for cast in view
        if all(getattr(cast, k) == v for k, v in fields.items())
        and (wanted is None or [list(t.targets) for t in cast.targets] == wanted)
    ]
    assert len(found) == 1, found
    return found[0]


def test_unsubstantiate_returning_a_creature_resolves():
    """CR 608.2b, 115.1: "target spell or creature" aimed at a creature still on the battlefield stays legal.

    Unsubstantiate with two Islands; P2's Grizzly Bears is the only spell or creature: 1 cast. Put on the stack,
    nothing else changed, it resolves and its target is legal (it is no spell that left the stack).
    """
    data = _state(
        {"id": "u", "card": "Unsubstantiate", "zone": "hand", "owner": "P1"},
        *_lands("Island", 2),
        {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
    )
    view = legal_casts(state_from_data(data), "u")
    assert view.count() == 1
    resolution = resolve(state_from_data(after_cast(data, next(iter(view)), "P1")), "u")
    assert resolution.resolves
    assert [(t.target, t.legal) for step in resolution.instructions for t in step.targets] == [("bears", True)]


@pytest.mark.parametrize(("half", "targets"), [("Ice", [["island0"]]), ("Fire", [["P2"]])])
def test_a_split_card_cast_as_one_half_is_read_on_the_stack(half, targets):
    """CR 709.3a-b, 608.2b: on the stack only the half cast exists: its record names only that half's targets.

    Fire // Ice with an Island and a Mountain: Ice taps the Island (one of its casts); Fire deals 2 to P2 (one of its
    casts). Either, put on the stack, resolves with its target legal; the service loads the state.
    """
    data = _state(
        {"id": "fi", "card": "Fire // Ice", "zone": "hand", "owner": "P1"}, *_lands("Island", 1), *_lands("Mountain", 1)
    )
    cast = _cast_of(legal_casts(state_from_data(data), "fi"), halves=(half,), targets=targets)
    after = after_cast(data, cast, "P1")
    resolution = resolve(state_from_data(after), "fi")
    assert resolution.resolves and all(t.legal for step in resolution.instructions for t in step.targets)
    assert "result" in _call("load_state", state=after)


def test_band_together_with_one_creature_you_control():
    """CR 115.3, 115.6, 601.2c: "up to two target creatures you control" may choose none; "another" then has one.

    Band Together with three Forests and P1's Grizzly Bears alone: choosing no creature of P1's, the Bears are
    "another target creature": 1 cast (choosing the Bears first leaves no other creature). explain_card counts 1
    and says of no part that it can't be cast.
    """
    data = _state(
        {"id": "bt", "card": "Band Together", "zone": "hand", "owner": "P1"},
        *_lands("Forest", 3),
        {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
    )
    state = state_from_data(data)
    view = legal_casts(state, "bt")
    assert [[list(t.targets) for t in cast.targets] for cast in view] == [[[], ["bears"]]]
    explanation = explain_card(state, "bt")
    assert explanation.count == 1
    assert not [r.message for r in explanation.reasons if "can't be cast" in r.message]


def test_arm_the_cathars_other_targets_differ_from_every_earlier_one():
    """CR 115.3, 601.2c: "up to one other target creature" differs from each target chosen before it.

    Arm the Cathars with three Plains and P1's two Grizzly Bears a and b: the first target is a or b; each "up to
    one other" is none or the other creature, and the third differs from the second: first a, then (none, none),
    (b, none) or (none, b); the same from b: 6 casts. The third never repeats the first.
    """
    data = _state(
        {"id": "arm", "card": "Arm the Cathars", "zone": "hand", "owner": "P1"},
        *_lands("Plains", 3),
        {"id": "a", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
        {"id": "b", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
    )
    state = state_from_data(data)
    view = legal_casts(state, "arm")
    chosen = sorted(tuple(t.targets for t in cast.targets) for cast in view)
    assert chosen == sorted(
        [
            (("a",), (), ()),
            (("a",), ("b",), ()),
            (("a",), (), ("b",)),
            (("b",), (), ()),
            (("b",), ("a",), ()),
            (("b",), (), ("a",)),
        ]
    )
    assert view.count() == 6
    first = _cast_of(view, targets=[["a"], [], []])
    repeat = first._replace(
        targets=(first.targets[0], first.targets[1], dataclasses.replace(first.targets[2], targets=("a",)))
    )
    assert _ask_all(data, repeat) == {"why_illegal": False, "is_legal_cast": False, "service check": False}


def test_killing_glare_aimed_at_a_land_is_illegal_not_unread():
    """CR 115.1, 601.2c: a Swamp is no creature: Killing Glare can't target it, and every check says illegal.

    Killing Glare ({X}{B}) with three Swamps and P2's Grizzly Bears (power 2): X is 0 to 2, only X = 2 reaches the
    Bears: 1 cast. The same cast aimed at a Swamp is illegal (the Swamp has no power to compare, and needs none).
    """
    data = _state(
        {"id": "kg", "card": "Killing Glare", "zone": "hand", "owner": "P1"},
        *_lands("Swamp", 3),
        {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
    )
    state = state_from_data(data)
    view = legal_casts(state, "kg")
    assert [(c.x, [list(t.targets) for t in c.targets]) for c in view] == [(2, [["bears"]])]
    cast = next(iter(view))
    at_land = cast._replace(targets=(dataclasses.replace(cast.targets[0], targets=("swamp0",)),))
    assert _ask_all(data, at_land) == {"why_illegal": False, "is_legal_cast": False, "service check": False}
    assert _ask(_contains, view, at_land) is False


@pytest.mark.parametrize(
    ("where", "granted"),
    [
        ({"zone": "hand"}, False),
        ({"zone": "exile", "plotted": True}, True),
        ({"zone": "exile", "may_cast": [{"player": "P1", "without_paying": True}]}, True),
        ({"zone": "exile", "may_cast": [{"player": "P1", "without_paying": False}]}, False),
    ],
)
def test_a_free_cast_is_legal_only_where_the_state_or_the_question_grants_it(where, granted):
    """CR 118.9, 601.3, 702.170d: "without paying its mana cost" is a permission of the state or of the question.

    Lightning Bolt with a Mountain, at P2: free is legal for a plotted Bolt, or one an effect lets P1 cast without
    paying; from the hand, or with an effect that doesn't waive the cost, only when the question grants it
    (``without_paying_mana_cost=True``). Every check gives the same answer.
    """
    data = _state({"id": "bolt", "card": "Lightning Bolt", "owner": "P1", **where}, *_lands("Mountain", 1))
    cast = Cast(
        card="bolt",
        zone=Zone(where["zone"]),
        without_paying_mana_cost=True,
        targets=(TargetChoice("bolt", None, 0, 0, "any target", ("P2",)),),
    )
    legal = {"why_illegal": True, "is_legal_cast": True, "service check": True}
    illegal = dict.fromkeys(legal, False)
    assert _ask_all(data, cast) == (legal if granted else illegal)
    assert _ask_all(data, cast, without_paying_mana_cost=True) == legal
    assert (cast in legal_casts(state_from_data(data), "bolt")) is granted


@pytest.mark.parametrize(
    ("card", "zone", "keyword"), [("Fiery Temper", "exile", "madness"), ("Thunderous Wrath", "hand", "miracle")]
)
def test_a_madness_or_miracle_cast_is_legal_only_as_its_trigger_resolves(card, zone, keyword):
    """CR 702.35a, 702.94a, 608.2g: the madness or miracle cost is paid only as that keyword's trigger resolves.

    Fiery Temper in exile (madness {R}) or Thunderous Wrath in the hand (miracle {R}), one Mountain, at P2: with
    the question ``resolving=keyword`` the cast is legal; asked with no trigger resolving, it is not.
    """
    data = _state(
        {"id": "c", "card": card, "zone": zone, "owner": "P1"},
        *_lands("Mountain", 1),
        phase="upkeep",
        active_player="P2",
    )
    cast = Cast(
        card="c",
        zone=Zone(zone),
        alternative_cost=keyword,
        targets=(TargetChoice("c", None, 0, 0, "any target", ("P2",)),),
    )
    assert _ask_all(data, cast, resolving=keyword) == {
        "why_illegal": True,
        "is_legal_cast": True,
        "service check": True,
    }
    assert _ask_all(data, cast) == {"why_illegal": False, "is_legal_cast": False, "service check": False}


def test_the_cast_problem_judges_the_free_flag():
    """CR 118.9: paying the mana cost or not is a choice of the cast: a problem accepts only its own.

    Lightning Bolt with a Mountain: the problem of the cast paying its cost refuses the free cast at P2, and the
    problem asked "without paying" refuses the cast that pays.
    """
    state = state_from_data(
        _state({"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"}, *_lands("Mountain", 1))
    )
    paid = _cast_of(legal_casts(state, "bolt"), targets=[["P2"]])
    free = _cast_of(legal_casts(state, "bolt", without_paying_mana_cost=True), targets=[["P2"]])
    assert free == paid._replace(without_paying_mana_cost=True)
    paying_problem = legal_casts(state, "bolt").problem
    free_problem = legal_casts(state, "bolt", without_paying_mana_cost=True).problem
    assert (paying_problem.is_legal(paid), paying_problem.is_legal(free)) == (True, False)
    assert (free_problem.is_legal(free), free_problem.is_legal(paid)) == (True, False)


@pytest.mark.parametrize(("lands", "free"), [(0, False), (1, True)])
def test_explain_of_an_x_spell_with_no_x_left_says_why(lands, free):
    """CR 107.3a-b, 601.2b: Mind Grind's X can't be 0; with no X left to choose there is no cast, and explain says so.

    Mind Grind ({X}{U}{B}) alone with no land (no X of 1 or more can be paid), or with an Island asked without
    paying its mana cost (X is then 0, CR 107.3b): 0 casts either way. explain_card (and the service's explain)
    answers with a count of 0 rather than raising.
    """
    data = _state({"id": "grind", "card": "Mind Grind", "zone": "hand", "owner": "P1"}, *_lands("Island", lands))
    state = state_from_data(data)
    assert legal_casts(state, "grind", without_paying_mana_cost=free).count() == 0
    explanation = _ask(explain_card, state, "grind", without_paying_mana_cost=free)
    assert not isinstance(explanation, str), explanation
    assert explanation.count == 0
    served = _call("explain", state=data, card="grind", **({"without_paying_mana_cost": True} if free else {}))
    assert served.get("result", {}).get("explanations", [{}])[0].get("count") == 0, served


def test_a_target_choice_given_twice_is_no_listed_cast():
    """CR 601.2c, 115.3: the targets of each instance of "target" are chosen once: a record giving one twice is no cast.

    Lightning Bolt with a Mountain: 2 casts, at P1 and at P2. The cast at P2 with its one choice written twice is
    refused by why_illegal; it is then no listed cast either: iterating the view and asking ``in`` agree, and it
    is not equal to the cast at P2 (whose canonical key differs).
    """
    state = state_from_data(
        _state({"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"}, *_lands("Mountain", 1))
    )
    view = legal_casts(state, "bolt")
    cast = _cast_of(view, targets=[["P2"]])
    twice = cast._replace(targets=cast.targets * 2)
    assert why_illegal(state, twice) and twice not in view
    assert twice.canonical_key() != cast.canonical_key()
    assert twice not in list(view)
    assert twice != cast
