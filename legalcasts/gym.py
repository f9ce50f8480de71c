"""A fixed-size action space of casts with a mask, the shape Gymnasium's ``Discrete`` and ``action_mask`` expect.

Reinforcement-learning agents pick an integer from a fixed action space and
need a mask of the legal ones. A position's casts have dense, stable action
ids (:class:`~solver.actions.PositionCasts`): action ``i`` is the ``i``-th
cast in the documented order, so the mask is 1 below the number of casts.
Gymnasium is an optional extra: ``pip install -e '.[gym]'``.

>>> from legalcasts import load_state
>>> from legalcasts.gym import CastActions
>>> actions = CastActions(load_state("examples/case10-mists-ritual-ray.json"), size=32)
>>> int(actions.mask.sum()), actions.mask.dtype.name, int(actions.space.n)   # case 10: 8 + 3 + 4 casts
(15, 'int8', 32)
>>> actions.cast(8).name, actions.action(actions.cast(8))
('Desperate Ritual', 8)
>>> int(actions.space.sample(mask=actions.mask)) < 15   # only legal casts are drawn
True
"""

from __future__ import annotations

import bisect
import itertools
from typing import Any

from models.cast import Cast
from models.errors import InputError
from models.state import GameState
from solver.actions import PositionCasts

__all__ = ["CastActions", "action_space"]

_INSTALL = "legalcasts.gym needs Gymnasium and NumPy: pip install -e '.[gym]'"


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - the extra installs it
        raise ImportError(_INSTALL) from None
    return numpy


def action_space(size: int) -> Any:
    """Gymnasium's ``Discrete(size)``: the action ids ``0 .. size - 1``.

    Parameters
    ----------
    size : int
        1 or more.

    Returns
    -------
    gymnasium.spaces.Discrete

    Raises
    ------
    ImportError
        Gymnasium is not installed (the ``gym`` extra).
    InputError
        ``size`` is not an integer of 1 or more.
    """
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise InputError("size", f"must be an integer of 1 or more (got {size!r})")
    try:
        from gymnasium.spaces import Discrete
    except ImportError:
        raise ImportError(_INSTALL) from None
    return Discrete(size)


class CastActions:
    """The casts of a position as a fixed action space of ``size`` ids, with their mask.

    Parameters
    ----------
    state : GameState
    size : int
        The action space's size (1 or more): the most casts a position of the agent's game may have.
    player : str or None
        The caster (default: the player with priority).
    truncate : bool
        When the position has more casts than ``size``: False (the default) raises, as the agent would
        silently never see the others; True keeps some casts of every card, the space shared between the cards as
        evenly as their casts allow (each card its first casts, in action-id order), and says how many are out of
        reach in :attr:`unreachable`. A card is left out only when the space has fewer actions than cards.
    pass_action : bool
        Whether the last action kept is passing priority (CR 117.3d): :attr:`pass_id`.
    **options
        As for :class:`~solver.actions.PositionCasts` (``without_paying_mana_cost``, ``resolving``).

    Attributes
    ----------
    position : PositionCasts
    space : gymnasium.spaces.Discrete
    mask : numpy.ndarray of int8, shape (size,)
        1 for the legal actions: what ``space.sample(mask=...)`` and an ``info["action_mask"]`` take.
    unreachable : int
        Casts past ``size`` (0 unless ``truncate``).
    kept : list of int
        How many casts of each card of ``position.views`` have an action: all of them, unless truncated.
    pass_id : int or None
        The action of passing priority, after the casts; None without ``pass_action``.
    left_out : list of (str, UnsupportedRuleError)
        Cards whose text legalcasts can't read: their casts are in no action (see ``PositionCasts``).

    Raises
    ------
    InputError
        The position has more casts than ``size`` and ``truncate`` is False; a bad size or player.
    ImportError
        Gymnasium is not installed.
    """

    def __init__(
        self,
        state: GameState,
        size: int,
        player: str | None = None,
        *,
        truncate: bool = False,
        pass_action: bool = False,
        **options: Any,
    ) -> None:
        self.space = action_space(size)
        self.size = size
        self.position = PositionCasts(state, player, include_pass=pass_action, **options)
        count = self.position.count()
        room = size - pass_action
        if count > room and not truncate:
            raise InputError(
                "size",
                f"the position has {count} legal casts{' and the pass' if pass_action else ''}, more than the "
                f"{size} actions of the space (a larger size, or truncate=True to keep some casts of every card)",
            )
        self.kept = _shares(self.position.counts, max(room, 0))
        self._starts = [0, *itertools.accumulate(self.kept)]
        self.unreachable = count - self._starts[-1]
        self.pass_id = self._starts[-1] if pass_action else None
        self.left_out = self.position.left_out
        legal = self._starts[-1] + pass_action
        self.mask = _numpy().array([1] * legal + [0] * (size - legal), dtype="int8")

    @property
    def info(self) -> dict[str, Any]:
        """``{"action_mask": mask}``, as Gymnasium environments give it with an observation."""
        return {"action_mask": self.mask}

    def cast(self, action: int) -> Cast:
        """The cast of a legal action.

        Raises
        ------
        InputError
            The action is masked out (no legal cast has this id) or not an integer.
        """
        action = int(action) if hasattr(action, "__index__") else action
        if not isinstance(action, int) or not 0 <= action < self.size or not self.mask[action]:
            raise InputError(
                "action",
                f"{action!r} is not a legal action of this position "
                f"({int(self.mask.sum())} legal, ids 0 to {int(self.mask.sum()) - 1})",
            )
        if action == self.pass_id:
            raise InputError("action", f"action {action} is passing priority, not a cast")
        card = bisect.bisect_right(self._starts, action) - 1
        return self.position.views[card].cast_of(action - self._starts[card])

    def action(self, cast: Cast) -> int | None:
        """The action id of a cast, or None when it is not legal here or was left out of the space."""
        found = self.position.action_id(cast)
        if found is None:
            return None
        starts = [0, *itertools.accumulate(self.position.counts)]
        card = bisect.bisect_right(starts, found) - 1
        local = found - starts[card]
        return self._starts[card] + local if local < self.kept[card] else None


def _shares(counts: list[int], room: int) -> list[int]:
    """How many casts of each card fit ``room`` actions, shared as evenly as the counts allow (water-filling).

    Every card keeps all its casts when they fit; otherwise each card keeps the same number, or all of its own
    when it has fewer, the actions left over going to the first cards; with fewer actions than cards, the first
    cards keep one each.
    """
    if sum(counts) <= room:
        return list(counts)
    kept = [0] * len(counts)
    left = room
    waiting = [i for i, n in enumerate(counts) if n]
    while waiting and left:
        share = left // len(waiting)
        if share == 0:
            for i in waiting[:left]:
                kept[i] += 1
            break
        for i in waiting:
            take = min(share, counts[i] - kept[i])
            kept[i] += take
            left -= take
        waiting = [i for i in waiting if kept[i] < counts[i]]
    return kept
