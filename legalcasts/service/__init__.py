"""The methods of ``legalcasts serve``, as JSON-RPC 2.0, with no transport.

:class:`Service` answers one decoded request (or batch) with its response, and one line of bytes with one line
of bytes; :mod:`legalcasts.service.transports` carries them over stdio lines and over HTTP. States are sent once
(``load_state``) and named after by their digest; every method takes either ``state`` or ``digest``.

>>> import json
>>> service = Service()
>>> with open("examples/case10-mists-ritual-ray.json", encoding="utf-8") as file:
...     state = json.load(file)
>>> loaded = service.handle({"jsonrpc": "2.0", "id": 1, "method": "load_state", "params": {"state": state}})
>>> loaded["result"]["castable"]
['mists', 'ritual', 'ray']
>>> digest = loaded["result"]["digest"]
>>> service.handle({"jsonrpc": "2.0", "id": 2, "method": "count", "params": {"digest": digest}})
{'jsonrpc': '2.0', 'id': 2, 'result': {'count': 15, 'left_out': []}}
>>> json.loads(service.handle_line(b'{"jsonrpc": "2.0", "id": 3, "method": "count", "params": {"digest": "00"}}'))
{'jsonrpc': '2.0', 'id': 3, 'error': {'code': -32002, 'message': "unknown digest '00': send the state with \
load_state (the server holds the last 256 states)"}}
"""

from __future__ import annotations

import itertools
import json
import random
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from legalcasts.numbers import with_decimals
from models.cards import CardDatabase
from models.io.card_pool import default_card_database
from models.cast import Cast
from models.choices import ChoiceKind
from models.errors import InputError, SolverError, UnsupportedRuleError, one_line
from models.io.forge_pzl import export_state, puzzle_from_text
from models.io.state_json import state_from_data
from models.objects import Zone
from models.state import GameState
from solver.actions import PositionCasts, state_digest
from solver.backends import get_engine
from solver.explain import explain_card
from solver.legal import LegalCasts, castable_objects, held_view, judging_view
from solver.payments import payments
from solver.prompts import DEFAULT_LIMIT
from solver.build import check_stack_records
from solver.rules.zones import RESOLVING_KEYWORDS
from legalcasts.service import explorer

__all__ = [
    "Service",
    "RpcError",
    "PARSE_ERROR",
    "INVALID_REQUEST",
    "METHOD_NOT_FOUND",
    "INVALID_PARAMS",
    "INTERNAL_ERROR",
    "UNSUPPORTED",
    "UNKNOWN_DIGEST",
    "SOLVER_LIMIT",
    "MAX_REQUEST_BYTES",
    "METHODS",
    "decode",
    "encode",
]

PARSE_ERROR = -32700
"""The request is not JSON (JSON-RPC 2.0)."""
INVALID_REQUEST = -32600
"""Not a JSON-RPC 2.0 request object or batch; or a request over :data:`MAX_REQUEST_BYTES`."""
METHOD_NOT_FOUND = -32601
"""No such method."""
INVALID_PARAMS = -32602
"""A missing or wrong param, or a state or cast that does not load: the message ``legalcasts`` prints."""
INTERNAL_ERROR = -32603
"""A fault of the server's own; the request is answered and the server goes on."""
UNSUPPORTED = -32001
"""Card text legalcasts can't read bears on the answer (the command line's exit code 3)."""
UNKNOWN_DIGEST = -32002
"""A ``digest`` the server does not hold (never loaded, or dropped as the oldest): send the state again."""
SOLVER_LIMIT = -32003
"""The optimiser refused the problem (``best``): too large to write as a model, or stopped by its time limit."""

MAX_REQUEST_BYTES = 10 * 1024 * 1024
"""The largest request, in bytes (10 MiB): a larger one is answered with an error and not read."""

MAX_STATES = 256
"""States held by digest, each with the views made of it; the one used least recently is dropped first."""
MAX_CASTS_PAGE = 10_000
"""The largest ``limit`` of ``casts``."""
MAX_OPTIONS_PAGE = 10_000
"""The largest ``limit`` of ``options``."""
MAX_MASK = 1_000_000
"""The largest ``size`` of ``mask``."""

_COMMON = ("state", "digest", "card", "player", "without_paying_mana_cost", "resolving")
"""The params every method but ``load_state`` takes."""

METHODS: dict[str, tuple[str, ...]] = {
    "load_state": ("state", "puzzle"),
    "count": _COMMON,
    "casts": _COMMON + ("offset", "limit"),
    "mask": _COMMON + ("size",),
    "options": _COMMON + ("chosen", "offset", "limit"),
    "check": _COMMON + ("cast",),  # the way of casting is the question's, as for count (CR 601.3)
    "payments": _COMMON + ("cast", "limit"),
    "explain": _COMMON,
    "sample": _COMMON + ("seed",),
    "best": _COMMON + ("score",),
    "board": ("state", "digest"),  # the position drawn, and the calls below: legalcasts/service/explorer.py
    "interactions": ("state", "digest"),
    "read_state_file": ("path",),
    "version": (),
    "methods": (),
}
"""Each method and the params it takes."""


class RpcError(Exception):
    """A JSON-RPC error to answer with.

    Parameters
    ----------
    code : int
        One of the codes of this module (:data:`INVALID_PARAMS`, :data:`UNSUPPORTED`, ...).
    message : str
        One line.
    """

    def __init__(self, code: int, message: str) -> None:
        self.code = code
        self.message = one_line(message)
        super().__init__(self.message)


def _input_error(exc: InputError) -> RpcError:
    """The error of bad input: the line ``legalcasts`` prints on stderr, without its ``legalcasts:`` prefix."""
    return RpcError(INVALID_PARAMS, f"error: {exc}")


def _unsupported(exc: UnsupportedRuleError) -> RpcError:
    """The error of text legalcasts can't read: the line ``legalcasts`` prints (exit code 3)."""
    return RpcError(UNSUPPORTED, f"unsupported: {exc}")


def _json_kind(value: Any) -> str:
    """A JSON value as the message names it: ``true``, ``null``, ``"x"``, an object, ..."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return json.dumps(value, ensure_ascii=False)[:60]


class _Params:
    """The params of one call, read by name, each checked: a wrong one is :data:`INVALID_PARAMS` naming it."""

    def __init__(self, method: str, params: Any) -> None:
        if params is None:
            params = {}
        if not isinstance(params, dict):
            raise RpcError(
                INVALID_PARAMS, f"error: params: must be an object of named params, not {_json_kind(params)}"
            )
        allowed = METHODS[method]
        for name in params:
            if name not in allowed:
                takes = ", ".join(allowed) or "no params"
                raise RpcError(INVALID_PARAMS, f"error: {name}: {method} takes no param {name!r} (it takes {takes})")
        self.method = method
        self.values: dict[str, Any] = params

    def _fail(self, name: str, message: str) -> RpcError:
        return RpcError(INVALID_PARAMS, f"error: {name}: {message}")

    def has(self, name: str) -> bool:
        return self.values.get(name) is not None

    def text(self, name: str, required: bool = False) -> str | None:
        value = self.values.get(name)
        if value is None:
            if required:
                raise self._fail(name, f"{self.method} needs {name!r}")
            return None
        if not isinstance(value, str):
            raise self._fail(name, f"must be a string, not {_json_kind(value)}")
        return value

    def flag(self, name: str) -> bool:
        value = self.values.get(name, False)
        if not isinstance(value, bool):
            raise self._fail(name, f"must be true or false, not {_json_kind(value)}")
        return value

    def whole(self, name: str, default: int | None, low: int, high: int | None) -> int:
        value = self.values.get(name)
        if value is None:  # left out, or null: the default, where there is one
            value = default
        if value is None:
            raise self._fail(name, f"{self.method} needs {name!r}")
        bounds = f"from {low} to {high}" if high is not None else f"{low} or more"
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            raise self._fail(name, f"must be a whole number {bounds}, not {_json_kind(value)}")
        return value

    def mapping(self, name: str) -> dict[str, Any] | None:
        value = self.values.get(name)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self._fail(name, f"must be an object, not {_json_kind(value)}")
        return value

    def required_mapping(self, name: str) -> dict[str, Any]:
        value = self.mapping(name)
        if value is None:
            raise self._fail(name, f"{self.method} needs {name!r}")
        return value


@dataclass(slots=True)
class _Held:
    """A state held by the service, and what was made of it (views, positions), by what they are of."""

    state: GameState
    made: dict[tuple[Any, ...], Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Position:
    """What a call is about: a state, its digest, the caster, the card (or every card) and the way of casting."""

    state: GameState
    digest: str
    player: str
    card: str | None
    without_paying_mana_cost: bool
    resolving: str | None

    @property
    def view_options(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "without_paying_mana_cost": self.without_paying_mana_cost,
            "resolving": self.resolving,
        }


def _cast_param(params: _Params, where: _Position, method: str) -> Cast:
    """The ``cast`` param of ``check`` and ``payments``: a cast of an object of the state, of ``card`` if given.

    Raises
    ------
    RpcError
        No ``cast``.
    InputError
        A cast that is not one (``Cast.from_json``), of no object of the state, or of another card than ``card``.
    """
    data = params.values.get("cast")
    if data is None:
        raise RpcError(INVALID_PARAMS, f"error: cast: {method} needs 'cast'")
    cast = Cast.from_json(data, path="cast")
    if not where.state.has_object(cast.card):
        raise InputError("cast.card", f"no object with id {cast.card!r} in the state")
    if where.card is not None and cast.card != where.card:
        raise InputError("card", f"the cast is of {cast.card!r}, not {where.card!r}")
    return cast


class Service:
    """The JSON-RPC 2.0 methods of ``legalcasts serve``, transport-free.

    Parameters
    ----------
    cards : CardDatabase or None
        Where the states' card names are looked up; the embedded pool by default.
    max_states : int
        States held by digest (least recently used dropped first).
    files : Path or None
        The folder ``read_state_file`` reads state files under; None (the default): it reads none.

    Notes
    -----
    Not thread-safe: a transport calls it from one thread. No request raises: every failure is an error
    response (:data:`INTERNAL_ERROR` for a fault of the server's own), so no request stops a server.
    """

    def __init__(
        self, cards: CardDatabase | None = None, *, max_states: int = MAX_STATES, files: Path | None = None
    ) -> None:
        self.files = files
        self.cards = cards if cards is not None else default_card_database()
        if max_states < 1:
            raise ValueError(f"max_states must be 1 or more (got {max_states})")
        self.max_states = max_states
        self._states: OrderedDict[str, _Held] = OrderedDict()
        self._methods: dict[str, Callable[[_Params], Any]] = {
            "load_state": self._load_state,
            "count": self._count,
            "casts": self._casts,
            "mask": self._mask,
            "options": self._options,
            "check": self._check,
            "payments": self._payments,
            "explain": self._explain,
            "sample": self._sample,
            "best": self._best,
            "board": self._board,
            "interactions": lambda params: explorer.interactions(self._state_of(params)[0]),
            "read_state_file": self._read_state_file,
            "version": self._version,
            "methods": self._list_methods,
        }

    # --- JSON-RPC framing ---

    def handle_line(self, line: bytes) -> bytes | None:
        """Answer one line of JSON (a request or a batch) with one line, or None when nothing is answered.

        Parameters
        ----------
        line : bytes
            UTF-8 JSON text, with or without its end of line.

        Returns
        -------
        bytes or None
            The response as compact JSON ending in a newline; None for a notification, a batch of notifications
            or a blank line.
        """
        if not line.strip():
            return None
        if len(line) - line.endswith(b"\n") > MAX_REQUEST_BYTES:
            response: Any = error_response(None, too_large_error())
        else:
            try:
                request = decode(line)
            except (ValueError, RecursionError) as exc:
                response = error_response(None, parse_error(exc))
            else:
                response = self.handle(request)
        if response is None:
            return None
        return encode(response)

    def handle(self, request: Any) -> Any:
        """Answer one decoded request, or a batch (a list of them).

        Parameters
        ----------
        request : object
            A JSON-RPC 2.0 request object, or a non-empty array of them.

        Returns
        -------
        dict, list of dict, or None
            The response; for a batch, the list of the responses to its requests that have an id; None for a
            notification (a request without ``id``) or a batch of notifications only.
        """
        if isinstance(request, list):
            if not request:
                return error_response(None, RpcError(INVALID_REQUEST, "invalid request: an empty batch"))
            answers = [answer for item in request if (answer := self._handle_one(item)) is not None]
            return answers or None
        return self._handle_one(request)

    def _handle_one(self, request: Any) -> dict[str, Any] | None:
        if not isinstance(request, dict):
            return error_response(None, RpcError(INVALID_REQUEST, "invalid request: not an object"))
        request_id = request.get("id")
        if not isinstance(request_id, (str, int, float, type(None))) or isinstance(request_id, bool):
            return error_response(
                None, RpcError(INVALID_REQUEST, "invalid request: id must be a string, a number or null")
            )
        method = request.get("method")
        # a request without an id is a notification, answered with nothing, unless it is no valid request at
        # all: that is answered with id null (JSON-RPC 2.0, section 5)
        notification = "id" not in request and request.get("jsonrpc") == "2.0" and isinstance(method, str)
        if request.get("jsonrpc") != "2.0":
            error = RpcError(INVALID_REQUEST, 'invalid request: "jsonrpc" must be "2.0"')
        elif not isinstance(method, str):
            error = RpcError(INVALID_REQUEST, 'invalid request: "method" must be a string')
        elif set(request) - {"jsonrpc", "id", "method", "params"}:
            extra = sorted(set(request) - {"jsonrpc", "id", "method", "params"})
            error = RpcError(INVALID_REQUEST, f"invalid request: unknown member {extra[0]!r}")
        elif method not in self._methods:
            error = RpcError(METHOD_NOT_FOUND, f"unknown method {method!r} (methods: {', '.join(METHODS)})")
        else:
            try:
                result = with_decimals(self._methods[method](_Params(method, request.get("params"))))
            except RpcError as exc:
                error = exc
            except UnsupportedRuleError as exc:
                error = _unsupported(exc)
            except InputError as exc:
                error = _input_error(exc)
            except SolverError as exc:
                error = RpcError(SOLVER_LIMIT, f"solver: {exc}")
            except RecursionError:
                error = RpcError(INVALID_PARAMS, "error: the input is nested too deeply to read")
            except Exception as exc:  # a fault of ours: answered, never a traceback, never a stop
                error = RpcError(INTERNAL_ERROR, f"internal error: {type(exc).__name__}: {exc}")
            else:
                return None if notification else {"jsonrpc": "2.0", "id": request_id, "result": result}
        return None if notification else error_response(request_id, error)

    # --- states and views ---

    def _state_of(self, params: _Params) -> tuple[GameState, str]:
        """The state a call names: ``state`` (loaded, and held) or ``digest`` (one held)."""
        if params.has("state") and params.has("digest"):
            raise RpcError(INVALID_PARAMS, "error: digest: give either 'state' or 'digest', not both")
        digest = params.text("digest")
        if digest is not None:
            held = self._states.get(digest)
            if held is None:
                raise RpcError(
                    UNKNOWN_DIGEST,
                    f"unknown digest {digest!r}: send the state with load_state (the "
                    f"server holds the last {self.max_states} states)",
                )
            self._states.move_to_end(digest)
            return held.state, digest
        data = params.mapping("state")
        if data is None:
            raise RpcError(INVALID_PARAMS, f"error: state: {params.method} needs 'state' or 'digest'")
        return self._load(data)

    def _load(self, data: dict[str, Any]) -> tuple[GameState, str]:
        digest = state_digest(data)
        held = self._states.get(digest)
        if held is None:
            state = state_from_data(data, self.cards, source="state")
            check_stack_records(state)  # a spell's record on the stack that no cast of it could have
            held = _Held(state)
            self._states[digest] = held
            while len(self._states) > self.max_states:  # the oldest, and every view made of it
                self._states.popitem(last=False)
        self._states.move_to_end(digest)
        return held.state, digest

    def _position(self, params: _Params) -> _Position:
        state, digest = self._state_of(params)
        player = params.text("player") or state.priority
        if player not in state.players:
            raise RpcError(
                INVALID_PARAMS, f"error: player: unknown player {player!r} (players are {', '.join(state.players)})"
            )
        card = params.text("card")
        if card is not None and not state.has_object(card):
            raise RpcError(INVALID_PARAMS, f"error: card: no object with id {card!r} in the state")
        resolving = params.text("resolving")
        if resolving is not None and resolving not in RESOLVING_KEYWORDS:
            raise RpcError(
                INVALID_PARAMS,
                f"error: resolving: must be one of {', '.join(sorted(RESOLVING_KEYWORDS))}, not {resolving!r}",
            )
        return _Position(state, digest, player, card, params.flag("without_paying_mana_cost"), resolving)

    def _held(self, where: _Position, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """What ``make()`` gives for ``key`` in the call's state, made once and held as long as the state is.

        An :class:`UnsupportedRuleError` is held too, and raised again.
        """
        made = self._states[where.digest].made  # the call's state was just used: it is held
        found = made.get(key)
        if found is None:
            try:
                found = make()
            except UnsupportedRuleError as exc:
                found = exc
            made[key] = found
        if isinstance(found, UnsupportedRuleError):
            raise found
        return found

    def _view(self, where: _Position, card: str) -> LegalCasts:
        """The view of one card's casts, counted once (text read only when counting fails there).

        The library's held view (:func:`~solver.legal.held_view`): the one a position's casts number too.
        """

        def make() -> LegalCasts:
            view = held_view(where.state, card, **where.view_options)
            view.count()
            return view

        key = ("view", card, where.player, where.without_paying_mana_cost, where.resolving)
        return self._held(where, key, make)

    def _objects(self, where: _Position) -> list[str]:
        """The objects a call without ``card`` is about: what the caster may cast (lands in hand left out)."""
        if where.resolving:  # the cards where the keyword's trigger finds them (a madness card in exile)
            zone = RESOLVING_KEYWORDS[where.resolving][0]
            among: list[str] = [o.id for o in where.state.objects_in(zone) if o.owner == where.player]
        else:
            among = list(castable_objects(where.state, where.player))
        # lands are played, not cast (CR 305.9)
        return [
            object_id
            for object_id in among
            if not (where.state.object(object_id).zone is Zone.HAND and where.state.object(object_id).card.is_land)
        ]

    # --- the methods ---

    def _load_state(self, params: _Params) -> dict[str, Any]:
        """A state (``state``, the state file's object) or a Forge puzzle's (``puzzle``, the text of a ``.pzl``).

        A puzzle is held as the state file it is read as (``legalcasts state export``), named by that file's
        digest; what its reading left out or ignored is in ``warnings`` and ``notes``.
        """
        if params.has("state") and params.has("puzzle"):
            raise RpcError(INVALID_PARAMS, "error: puzzle: give either 'state' or 'puzzle', not both")
        text = params.text("puzzle")
        if text is None and not params.has("state"):
            raise RpcError(INVALID_PARAMS, "error: state: load_state needs 'state' or 'puzzle'")
        read = None if text is None else puzzle_from_text(text, self.cards, source="puzzle")
        state, digest = self._load(params.required_mapping("state") if read is None else export_state(read))
        where = _Position(state, digest, state.priority, None, False, None)
        loaded: dict[str, Any] = {
            "digest": digest,
            "players": list(state.players),
            "priority": state.priority,
            "castable": self._objects(where),
        }
        if read is not None:
            loaded["warnings"], loaded["notes"] = list(read.warnings), list(read.notes)
        return loaded

    def _count(self, params: _Params) -> dict[str, Any]:
        actions, left_out = self._actions(self._position(params))
        return {"count": actions.count(), "left_out": left_out}

    def _casts(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        offset = params.whole("offset", 0, 0, None)
        limit = params.whole("limit", 100, 0, MAX_CASTS_PAGE)
        actions, left_out = self._actions(where)
        if isinstance(actions, LegalCasts):  # a card's casts from the offset on, in the order of their action ids
            numbered: Iterable[tuple[int, Cast]] = zip(
                itertools.count(offset), itertools.islice(actions.casts_from(offset), limit)
            )
        else:
            numbered = actions.casts(offset, limit)
        page = [
            {"action_id": action_id, "key": cast.canonical_key(), "cast": cast.to_json()}
            for action_id, cast in numbered
        ]
        return {"count": actions.count(), "offset": offset, "casts": page, "left_out": left_out}

    def _actions(self, where: _Position) -> tuple[LegalCasts | PositionCasts, list[dict[str, str]]]:
        """What numbers the casts of the call: the card's view, or the position (every card the caster may cast).

        Without a card, a card whose text can't be read is left out and named, as ``legalcasts count`` does;
        when no card is left, its error is raised (:data:`UNSUPPORTED`): a count of 0 would be wrong.
        """
        if where.card is not None:
            return self._view(where, where.card), []
        key = ("position", where.player, where.without_paying_mana_cost, where.resolving)
        position: PositionCasts = self._held(
            where,
            key,
            lambda: PositionCasts(
                where.state,
                where.player,
                without_paying_mana_cost=where.without_paying_mana_cost,
                resolving=where.resolving,
            ),
        )
        left_out = [
            {"card": object_id, "name": where.state.object(object_id).name, "reason": str(error)}
            for object_id, error in position.left_out
        ]
        if position.left_out and not position.views:
            raise position.left_out[0][1]
        return position, left_out

    def _mask(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        size = params.whole("size", None, 0, MAX_MASK)
        actions, _ = self._actions(where)
        return {"count": actions.count(), "mask": actions.mask(size)}

    def _options(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        if where.card is None:
            raise RpcError(INVALID_PARAMS, "error: card: options needs 'card'")
        chosen = params.mapping("chosen") or {}
        offset = params.whole("offset", 0, 0, None)
        limit = params.whole("limit", DEFAULT_LIMIT, 1, MAX_OPTIONS_PAGE)
        return self._view(where, where.card).options(chosen, offset=offset, limit=limit).to_json()

    def _check(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        cast = _cast_param(params, where, "check")
        view = judging_view(where.state, cast, **where.view_options)
        reasons = view.why_illegal(cast)
        action_id = None
        if not reasons:  # its id among the casts the call names: the card's with 'card', else the position's
            actions, _ = self._actions(where)
            action_id = actions.action_id(cast)
        return {
            "legal": not reasons,
            "reasons": [{"rule": r.rule, "message": r.message} for r in reasons],
            "action_id": action_id,
            "notes": list(() if reasons else view.derived_field_notes(cast)),
        }

    def _payments(self, params: _Params) -> dict[str, Any]:
        """The ways to pay a legal cast (CR 601.2g-h), the default first: ``{"payments": [...], "more": bool}``."""
        where = self._position(params)
        cast = _cast_param(params, where, "payments")
        limit = params.whole("limit", 10, 1, MAX_CASTS_PAGE)
        found = list(itertools.islice(payments(where.state, cast, **where.view_options), limit + 1))
        return {"payments": [payment.to_json() for payment in found[:limit]], "more": len(found) > limit}

    def _explain(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        object_ids = [where.card] if where.card is not None else self._objects(where)
        explanations, left_out, first = [], [], None
        for object_id in object_ids:
            try:
                explanation = explain_card(where.state, object_id, **where.view_options)
            except UnsupportedRuleError as exc:
                if where.card is not None:
                    raise
                first = first or exc
                left_out.append({"card": object_id, "name": where.state.object(object_id).name, "reason": str(exc)})
                continue
            explanations.append(
                {
                    "card": explanation.card,
                    "name": explanation.name,
                    "count": explanation.count,
                    "reasons": [{"rule": r.rule, "message": r.message} for r in explanation.reasons],
                    "lines": explanation.lines(),
                }
            )
        if first is not None and not explanations:
            raise first
        return {"explanations": explanations, "left_out": left_out}

    def _sample(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        seed = params.values.get("seed")
        if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
            raise RpcError(INVALID_PARAMS, f"error: seed: sample needs 'seed', a whole number, not {_json_kind(seed)}")
        actions, _ = self._actions(where)
        count = actions.count()
        if count == 0:
            return {"cast": None, "action_id": None, "key": None}
        action_id = random.Random(seed).randrange(count)  # the same draw in any process: ids are a fixed order
        cast = actions.cast_of(action_id)
        return {"cast": cast.to_json(), "action_id": action_id, "key": cast.canonical_key()}

    def _best(self, params: _Params) -> dict[str, Any]:
        where = self._position(params)
        if where.card is None:
            raise RpcError(INVALID_PARAMS, "error: card: best needs 'card'")
        table = params.required_mapping("score")
        view = self._view(where, where.card)  # its problems, optimised by CP-SAT
        _check_score_ids(table, where.state, view)
        score = score_function(table)
        found = view.best(score, get_engine("cpsat", time_limit=BEST_SECONDS))  # a bounded answer, or SOLVER_LIMIT
        if found is None:
            return {"cast": None, "score": None, "action_id": None}
        cast, points = found
        return {"cast": cast.to_json(), "score": points, "action_id": view.action_id(cast)}

    def _board(self, params: _Params) -> dict[str, Any]:
        state, digest = self._state_of(params)
        where = _Position(state, digest, state.priority, None, False, None)
        return {"digest": digest, **explorer.board(state), "castable": self._objects(where)}

    def _read_state_file(self, params: _Params) -> dict[str, Any]:
        path = params.text("path", required=True)
        assert path is not None
        if self.files is None:
            raise RpcError(INVALID_PARAMS, "error: path: this server reads no files (legalcasts explore does)")
        return explorer.read_state_file(self.files, path)

    def _version(self, params: _Params) -> dict[str, Any]:
        from models import CR_EDITION
        from legalcasts.version import version_line

        return {"version": version_line(), "rules": CR_EDITION, "jsonrpc": "2.0"}

    def _list_methods(self, params: _Params) -> dict[str, Any]:
        return {"methods": {name: list(takes) for name, takes in METHODS.items()}}


_SCORE_TABLES = ("targets", "modes", "x", "splices", "costs")


BEST_SECONDS = 10.0
"""The most seconds ``best``'s optimiser searches before it stops (:data:`SOLVER_LIMIT`)."""

MOST_POINTS = 10**6
"""The most points one entry of a score table may give, either way (the optimiser works in 64-bit integers)."""


def _check_points(path: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(path, f"must be a whole number, not {_json_kind(value)}")
    if abs(value) > MOST_POINTS:
        raise InputError(path, f"must be between -{MOST_POINTS:,} and {MOST_POINTS:,} (got {value})")


def _check_score_ids(table: Mapping[str, Any], state: GameState, view: LegalCasts) -> None:
    """A score table names objects and players of the state, and modes the spell has (``score.<part>.<id>``)."""
    for name in ("targets", "splices", "costs"):
        part = table.get(name)
        if isinstance(part, dict):
            for key in part:
                if key not in state.players and not state.has_object(key):
                    raise InputError(f"score.{name}.{key}", "no object or player with this id in the state")
    modes = table.get("modes")
    if isinstance(modes, dict):
        known = {str(m.index) for problem in view.problems for m in problem.abilities.modes}
        for key in modes:
            if key not in known:
                raise InputError(
                    f"score.modes.{key}",
                    f"{view.problem.spell.name} has no mode {key} (modes count "
                    f"from 0: {', '.join(sorted(known)) or 'none'})",
                )


def score_function(table: Mapping[str, Any]) -> Callable[[Any, Any], int]:
    """A score for :func:`solver.legal.best_cast` made from a table of points.

    Parameters
    ----------
    table : mapping
        ``targets``: object or player id -> points for each instance of "target" choosing it; ``modes``: mode
        index (from 0, a string) -> points each time it is chosen; ``x``: points per unit of X; ``splices``:
        card id -> points when spliced; ``costs``: object id -> points when used to pay a cost (sacrificed,
        discarded, exiled, tapped, returned: a negative number to spare it). Each part is optional.

    Returns
    -------
    callable
        ``score(key, value) -> int``, summed over a cast's choices (see :class:`models.choices.ChoiceKind`).

    Raises
    ------
    InputError
        An unknown part, or points that are not whole numbers (path ``score.<part>``).
    """
    for name in table:
        if name not in _SCORE_TABLES:
            raise InputError(f"score.{name}", f"unknown part (the parts are {', '.join(_SCORE_TABLES)})")

    def points(name: str) -> dict[str, int]:
        part = table.get(name) or {}
        if not isinstance(part, dict):
            raise InputError(f"score.{name}", f"must be an object of id -> points, not {_json_kind(part)}")
        for key, value in part.items():
            _check_points(f"score.{name}.{key}", value)
        return part

    targets, splices, costs = points("targets"), points("splices"), points("costs")
    modes: dict[int, int] = {}
    for key, value in points("modes").items():
        if not key.isdigit():
            raise InputError(f"score.modes.{key}", "must be a mode's index, counted from 0")
        modes[int(key)] = value
    per_x = table.get("x", 0)
    _check_points("score.x", per_x)

    def score(key: Any, value: Any) -> int:
        kind = key.kind
        if kind is ChoiceKind.TARGET:
            return sum(targets.get(t, 0) for t in value) if value else 0
        if kind is ChoiceKind.MODE:
            return modes.get(key.index, 0) * int(value or 0)
        if kind is ChoiceKind.X:
            return per_x * (value or 0)
        if kind is ChoiceKind.SPLICE_SET:
            return sum(splices.get(card, 0) for card in value or ())
        if kind is ChoiceKind.COST_OBJECTS:
            return sum(costs.get(o, 0) for o in value or ())
        return 0

    return score


def _parse_problem(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
    if isinstance(exc, RecursionError):
        return "nested too deeply to read"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})"
    return f"not JSON: {exc}"


def too_large_error() -> RpcError:
    """The error of a request over :data:`MAX_REQUEST_BYTES`."""
    return RpcError(INVALID_REQUEST, f"invalid request: over {MAX_REQUEST_BYTES:,} bytes; not read")


def parse_error(exc: Exception) -> RpcError:
    """The error of a request that is not JSON (:data:`PARSE_ERROR`), naming where it fails."""
    return RpcError(PARSE_ERROR, f"parse error: {_parse_problem(exc)}")


def error_response(request_id: Any, error: RpcError) -> dict[str, Any]:
    """A JSON-RPC 2.0 error response.

    Parameters
    ----------
    request_id : str, int or None
        The request's id; None when it could not be read.
    error : RpcError

    Returns
    -------
    dict
    """
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": error.code, "message": error.message}}


def encode(response: Any) -> bytes:
    """A response as one line of compact UTF-8 JSON, ending in a newline.

    A string holding a lone surrogate (the escape of U+D800 alone is valid JSON text, and a request may echo it in
    its id or a message) has no UTF-8 form: the response is then written with every non-ASCII character escaped,
    which is the same JSON.
    """
    text = json.dumps(response, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return json.dumps(response, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"


def decode(data: bytes) -> Any:
    """A request's JSON text, read as RFC 8259 JSON: ``NaN``, ``Infinity`` and numbers too large for a float refused.

    Raises
    ------
    ValueError
        The text is not JSON (or not UTF-8, or holds such a value); RecursionError: nested too deeply.
    """
    return json.loads(data, parse_constant=_no_constant, parse_float=_finite_float)


def _no_constant(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON (RFC 8259): a request holding one is not read."""
    raise ValueError(f"{name} is not a JSON value")


def _finite_float(text: str) -> float:
    """A JSON number with a fraction or exponent; one too large for a float (``1e400``) is not read."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:40]} is too large")
    return value
