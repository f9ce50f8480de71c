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
        silently never see the others; True keeps the first ``size`` and says how many are out of reach in
        :attr:`unreachable`.
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
        self, state: GameState, size: int, player: str | None = None, *, truncate: bool = False, **options: Any
    ) -> None:
        self.space = action_space(size)
        self.size = size
        self.position = PositionCasts(state, player, **options)
        count = self.position.count()
        if count > size and not truncate:
            raise InputError(
                "size",
                f"the position has {count} legal casts, more than the {size} actions of the "
                "space (a larger size, or truncate=True to keep the first ones)",
            )
        self.unreachable = max(count - size, 0)
        self.left_out = self.position.left_out
        self.mask = _numpy().array(self.position.mask(size), dtype="int8")

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
        return self.position.cast_of(action)

    def action(self, cast: Cast) -> int | None:
        """The action id of a cast, or None when it is not legal here or lies past ``size``."""
        found = self.position.action_id(cast)
        return found if found is not None and found < self.size else None
