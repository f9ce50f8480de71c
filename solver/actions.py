"""Casts as actions: stable action ids over a whole position, pages of casts, masks and state digests.

A game-playing program asks at every decision for the legal moves of a
position. :class:`PositionCasts` gives the casts of every card a player may
cast, each with an action id: its place in a deterministic order that depends
on the state only (the cards in :func:`~solver.legal.castable_objects` order,
then each card's casts in :meth:`LegalCasts.action_id` order), so the same
state gives the same ids in any process, on any machine. Ids are dense: the
mask over a fixed action space of ``size`` ids is True below the number of
casts. :func:`state_digest` names a state by its content, for caches.

>>> from models.io.state_json import load_state
>>> position = PositionCasts(load_state("examples/case10-mists-ritual-ray.json"), "P1")
>>> position.count(), [(i, cast.name) for i, cast in position.casts(offset=7, limit=3)]
(15, [(7, 'Reach Through Mists'), (8, 'Desperate Ritual'), (9, 'Desperate Ritual')])
>>> position.action_id(position.cast_of(8))
8
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterator, Sequence
from typing import Any

from models.cast import Cast
from models.errors import InputError, UnsupportedRuleError
from models.objects import ObjectId, PlayerId, Zone
from models.state import GameState
from solver.legal import LegalCasts, castable_objects, held_view
from solver.moves import CastSpell, PassPriority
from solver.rules.zones import RESOLVING_KEYWORDS

__all__ = ["PASS_KEY", "PositionCasts", "state_digest"]

PASS_KEY = '{"pass":true}'
"""The stable key of the pass action (CR 117.3d), beside the casts' canonical keys."""


def state_digest(data: Any) -> str:
    """A name of a game state by its content: the same JSON data gives the same digest, anywhere.

    The SHA-256 of the data written as JSON with sorted keys and no spaces, its first 32 hexadecimal
    digits: key order and spacing in the file change nothing, any value does.

    Parameters
    ----------
    data : JSON value
        The state as decoded from JSON (docs/state-format.md).

    Returns
    -------
    str
        32 hexadecimal digits.

    Raises
    ------
    InputError
        ``data`` holds a value JSON can't write (a float NaN, an object that is not JSON data) or a string that is
        not Unicode text.

    Examples
    --------
    >>> state_digest({"players": ["P1", "P2"], "objects": []}) == state_digest({"objects": [], "players": ["P1", "P2"]})
    True
    """
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        encoded = text.encode()
    except UnicodeEncodeError:
        raise InputError(
            "state", "holds a string that is not Unicode text (a lone surrogate, such as the escape of U+D800 alone)"
        ) from None
    except (TypeError, ValueError) as exc:
        raise InputError("state", f"is not JSON data ({exc})") from None
    return hashlib.sha256(encoded).hexdigest()[:32]


class PositionCasts:
    """The legal casts of every card a player may cast in a position, each with an action id.

    Parameters
    ----------
    state : GameState
    player : str or None
        The caster (default: the player with priority).
    objects : sequence of str or None
        The cards to cast, by object id (default: :func:`~solver.legal.castable_objects`, or with
        ``resolving`` the player's cards where that keyword's trigger finds them).
    without_paying_mana_cost : bool
        CR 118.9.
    resolving : str or None
        ``"madness"`` or ``"miracle"`` (see :class:`~solver.legal.LegalCasts`).
    backend : str or None
        The engine of the views (the action ids are the fast engine's order whatever the engine).
    include_pass : bool
        Whether the actions end with passing priority (CR 117.3d): its id :attr:`pass_id` is the one after the last
        cast's, and its key :data:`PASS_KEY`.

    Attributes
    ----------
    player : str
    views : list of LegalCasts
        One per card with text legalcasts reads, in order; a land in the hand has none (lands are played,
        not cast, CR 305.9).
    counts : list of int
        The number of casts of each view.
    left_out : list of (str, UnsupportedRuleError)
        The cards whose text legalcasts can't read, each with the error naming the text: their casts are
        not counted, and the caller must say so (never a silent 0).

    Raises
    ------
    InputError
        An unknown player or object.
    """

    def __init__(
        self,
        state: GameState,
        player: str | None = None,
        *,
        objects: Sequence[str] | None = None,
        without_paying_mana_cost: bool = False,
        resolving: str | None = None,
        backend: str | None = None,
        include_pass: bool = False,
    ) -> None:
        self.state = state
        self.include_pass = include_pass
        self.without_paying = without_paying_mana_cost
        self.resolving = resolving
        caster = PlayerId(player or state.priority)
        if caster not in state.players:
            raise InputError("player", f"unknown player {caster!r} (players are {', '.join(state.players)})")
        self.player = caster
        if objects is None:
            if resolving:
                if resolving not in RESOLVING_KEYWORDS:
                    raise InputError(
                        "resolving", f"must be one of {', '.join(sorted(RESOLVING_KEYWORDS))} (got {resolving!r})"
                    )
                zone = RESOLVING_KEYWORDS[resolving][0]
                objects = [o.id for o in state.objects_in(zone) if o.owner == caster]
            else:
                objects = castable_objects(state, caster)
        self.views: list[LegalCasts] = []
        self.counts: list[int] = []
        self.left_out: list[tuple[ObjectId, UnsupportedRuleError]] = []
        for object_id in objects:
            if not state.has_object(object_id):
                raise InputError("card", f"no object with id {object_id!r} in the state")
            obj = state.object(object_id)
            if obj.zone is Zone.HAND and obj.card.is_land:
                continue  # lands are played, not cast (CR 305.9)
            try:
                view = held_view(
                    state,
                    object_id,
                    player=caster,
                    without_paying_mana_cost=without_paying_mana_cost,
                    backend=backend,
                    resolving=resolving,
                )
                count = view.count()
            except UnsupportedRuleError as error:
                self.left_out.append((ObjectId(object_id), error))
                continue
            self.views.append(view)
            self.counts.append(count)
        self._starts = [0, *itertools.accumulate(self.counts)]

    def count(self) -> int:
        """The number of legal casts of every view (the cards left out are not counted)."""
        return self._starts[-1]

    @property
    def pass_id(self) -> int | None:
        """The action id of passing priority: the one after the last cast's; None without ``include_pass``."""
        return self.count() if self.include_pass else None

    def actions(self) -> int:
        """The number of actions: the legal casts, and the pass when it is one of them."""
        return self.count() + self.include_pass

    def key_of(self, action_id: int) -> str:
        """The stable key of an action: the cast's canonical key (:meth:`Cast.canonical_key`), or :data:`PASS_KEY`.

        A key names the cast's choices by object id, so it means the same cast in another position that has the
        same objects (a creature more, the state's objects in another order), where its action id may differ.

        Raises
        ------
        InputError
            No action has this id.
        """
        if action_id == self.pass_id:
            return PASS_KEY
        return self.cast_of(action_id).canonical_key()

    def action_of_key(self, key: str) -> int | None:
        """The action id of a stable key in this position, or None when it names no legal cast here.

        Raises
        ------
        CastFormatError
            ``key`` is neither a cast's canonical key nor :data:`PASS_KEY`.
        """
        if key == PASS_KEY:
            return self.pass_id
        return self.action_id(Cast.from_key(key))

    def move_of(self, action_id: int) -> CastSpell | PassPriority:
        """The move of an action, for :func:`solver.moves.after`: the cast, paid the default way, or the pass.

        Raises
        ------
        InputError
            No action has this id.
        """
        if action_id == self.pass_id:
            return PassPriority()
        return CastSpell(
            self.cast_of(action_id),
            player=self.player,
            without_paying_mana_cost=self.without_paying,
            resolving=self.resolving,
        )

    def casts(self, offset: int = 0, limit: int | None = None) -> Iterator[tuple[int, Cast]]:
        """(action id, cast) from action id ``offset`` on, at most ``limit`` of them, without making earlier ones.

        Parameters
        ----------
        offset : int
            0 or more.
        limit : int or None
            0 or more; None: to the end.

        Returns
        -------
        iterator of (int, Cast)

        Raises
        ------
        InputError
            A negative offset or limit.
        """
        _check_count("offset", offset)
        if limit is not None:
            _check_count("limit", limit)
        found = (
            item
            for i, view in enumerate(self.views)
            if self._starts[i + 1] > offset
            for item in zip(
                itertools.count(max(offset, self._starts[i])), view.casts_from(max(offset - self._starts[i], 0))
            )
        )
        return itertools.islice(found, limit)

    def action_id(self, cast: Cast) -> int | None:
        """The cast's action id in the position, or None when it is not one of its legal casts."""
        for start, view in zip(self._starts, self.views):
            if view.problem.spell.id == cast.card:
                found = view.action_id(cast)
                return None if found is None else start + found
        return None

    def cast_of(self, action_id: int) -> Cast:
        """The cast with this action id.

        Raises
        ------
        InputError
            ``action_id`` is not an integer of the position's range.
        """
        if not isinstance(action_id, int) or isinstance(action_id, bool):
            raise InputError("action_id", f"expected an integer (got {action_id!r})")
        if action_id == self.pass_id:
            raise InputError("action_id", f"action {action_id} is passing priority, not a cast")
        if not 0 <= action_id < self.count():
            raise InputError(
                "action_id",
                f"no action {action_id}: the position's casts have ids 0 to {self.count() - 1}"
                if self.count()
                else f"no action {action_id}: {self.player} has no legal cast",
            )
        for i, view in enumerate(self.views):
            if action_id < self._starts[i + 1]:
                return view.cast_of(action_id - self._starts[i])
        raise AssertionError("unreachable: the id is below the count")

    def mask(self, size: int) -> list[bool]:
        """Which of the action ids ``0 .. size - 1`` are legal actions (ids are dense: True below :meth:`actions`).

        Raises
        ------
        InputError
            ``size`` is negative or not an integer.
        """
        _check_count("size", size)
        count = min(self.actions(), size)
        return [True] * count + [False] * (size - count)


def _check_count(name: str, value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InputError(name, f"must be an integer of 0 or more (got {value!r})")
