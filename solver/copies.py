"""Copies of a spell on the stack (CR 707.10, 700.2g, 702.47).

A copy is put on the stack, not cast: it keeps every choice made when the
original was cast (modes, spliced text, X, costs paid, CR 707.10) and nothing
can be spliced onto it or chosen afresh but its targets, and only when the
copying effect says the new controller may choose new targets. Then each
instance of "target" may keep its target, even if it is illegal now, or take
any other target legal for the copy (CR 707.10c); different instances keep
their own rules ("another target", CR 115.4). The copy is a new object on the
stack: it may target the original spell, never itself.

The choices are the solutions of the copy's problem
(:func:`solver.build.recorded_problem` with ``is_copy``): the spell's cast
problem, every choice but the targets the original's, whose domains and
rules come from the target rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from models.cast import Cast
from models.errors import InputError
from models.state import GameState
from solver.backends import get_engine
from solver.build import recorded_problem, spell_problem

__all__ = ["CopyChoices", "copy_choices"]


class CopyChoices:
    """The choices for a copy of a spell: iterate them, ``count()`` them.

    Parameters
    ----------
    state : GameState
    spell_id : str
        The original spell, on the stack with its cast record.
    new_targets : bool
        Whether the copying effect lets the copy's controller choose new
        targets (CR 707.10c); if not, there is exactly one choice.
    controller : str or None
        Who controls the copy (CR 707.10); the original's controller by default.

    Raises
    ------
    InputError, CastFormatError
        As :func:`solver.resolve.resolve`.
    UnsupportedRuleError
        New targets for a copy that divides damage.
    """

    def __init__(
        self, state: GameState, spell_id: str, *, new_targets: bool = True, controller: str | None = None
    ) -> None:
        _, original = spell_problem(state, spell_id)  # the record is a cast of the spell
        if controller is not None and controller not in state.players:
            raise InputError("--player", f"unknown player {controller!r} (players are {', '.join(state.players)})")
        self.original = original
        spell = state.object(spell_id)
        self.problem = recorded_problem(
            state,
            spell_id,
            original,
            controller=controller or spell.controller,
            is_copy=True,
            keep_targets=not new_targets,
            path=f"objects[{spell_id}].cast",
        )
        self._engine = get_engine("fast")

    def __iter__(self) -> Iterator[Cast]:
        """Yield each choice as a :class:`Cast` with the original's modes, splices and costs.

        The targets in :attr:`Cast.targets` order, as the original's; the original's own choice comes among them
        (keeping every target is one choice).
        """
        for solution in self._engine.solutions(self.problem):
            # Every other choice is copied: modes, splices, X, costs paid (CR 707.10).
            yield self.original._replace(targets=self.problem.to_cast(solution).targets)

    def count(self) -> int:
        """The number of choices, by decomposition (a product over instances)."""
        return self._engine.count(self.problem)

    def __contains__(self, cast: object) -> bool:
        return isinstance(cast, Cast) and any(cast == choice for choice in self)


def copy_choices(
    state: GameState, spell_id: str, new_targets: bool = True, controller: str | None = None
) -> CopyChoices:
    """The legal choices for a copy of a spell on the stack; see :class:`CopyChoices`.

    Returns
    -------
    CopyChoices
    """
    return CopyChoices(state, spell_id, new_targets=new_targets, controller=controller)
