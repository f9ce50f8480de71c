"""Copies of a spell on the stack (CR 707.10, 700.2g, 702.47).

A copy is put on the stack, not cast: it keeps every choice made when the
original was cast (modes, spliced text, X, costs paid, CR 707.10) and nothing
can be spliced onto it or chosen afresh but its targets, and only when the
copying effect says the new controller may choose new targets. Then each
instance of "target" may keep its target, even if it is illegal now, or take
any other target legal for the copy (CR 707.10c); different instances keep
their own rules ("another target", CR 115.4). The copy is a new object on the
stack: it is never among the candidates, which are permanents and players.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from models.cast import Cast, TargetChoice
from models.errors import CastFormatError, InputError, UnsupportedRuleError
from models.state import GameState
from solver.abilities import abilities_of
from solver.backends.decompose import DecompositionBackend
from solver.problem import CastProblem, TargetSlot
from solver.resolve import cast_of_spell, target_spec
from solver.rules.targets import controller_of, legal_targets, slot_variable, split_value, value_of_choice

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
    """

    def __init__(self, state: GameState, spell_id: str, *, new_targets: bool = True,
                 controller: str | None = None) -> None:
        spell, original = cast_of_spell(state, spell_id)
        if controller is not None and controller not in state.players:
            raise InputError("--player", f"unknown player {controller!r} (players are {', '.join(state.players)})")
        self.original = original
        self.problem = CastProblem(state, controller or spell.controller, spell, abilities_of(spell))  # type: ignore[arg-type]
        problem = self.problem
        # The copy is a new object: it may target the original spell (CR 115.5 forbids only itself).
        problem.cache["targets are a copy's"] = True
        slots_by_text: dict[tuple, list[TargetSlot]] = {}
        for position, choice in enumerate(original.targets):
            spec = target_spec(state, spell, choice.source, choice.mode, choice.instruction, choice.index)
            if spec is None:
                raise CastFormatError(f"objects[{spell_id}].cast.targets[{position}]",
                                      f"no instance of 'target' at {choice.slot}")
            if spec.divided and new_targets:
                raise UnsupportedRuleError(spell.name, spec.phrase, "new targets for a copy with divided damage")
            if new_targets:
                pool = sorted(set(legal_targets(problem, spec)) | set(choice.targets))
                sizes = range(spec.minimum, spec.count + 1)
                choices = tuple(tuple(sorted(c)) for size in sizes for c in itertools.combinations(pool, size))
                if spec.same_controller:  # the copy keeps the phrase's own rules (CR 707.10c)
                    choices = tuple(c for c in choices if len({controller_of(problem, t) for t in c}) <= 1)
            else:
                choices = (value_of_choice(choice.targets, choice.division),)
            name = slot_variable(choice.source, choice.mode, choice.instruction, choice.index, choice.copy)
            problem.add_variable(name, choices, "CR 707.10c")
            slot = TargetSlot(name, choice.source, choice.mode, choice.instruction, choice.index, spec, None, choices,
                              choice.copy)
            problem.slots.append(slot)
            slots_by_text.setdefault((choice.source, choice.mode, choice.instruction, choice.copy), []).append(slot)
        for slots in slots_by_text.values():
            by_index = {slot.index: slot for slot in slots}
            for slot in slots:
                earlier = by_index.get(slot.spec.distinct_from) if slot.spec.distinct_from is not None else None
                if earlier is not None:
                    problem.add_constraint(
                        (earlier.variable, slot.variable),
                        lambda first, second: not set(first) & set(second),
                        "CR 115.4", f"'{slot.spec.phrase}' must differ from '{earlier.spec.phrase}'",
                    )
        self._backend = DecompositionBackend()

    def __iter__(self) -> Iterator[Cast]:
        """Yield each choice as a :class:`Cast` with the original's modes, splices and costs.

        The targets follow the original's order; the original's own choice
        comes among them (keeping every target is one choice).
        """
        for solution in self._backend.solutions(self.problem):
            targets = tuple(
                TargetChoice(slot.source, slot.mode, slot.instruction, slot.index, slot.spec.phrase,
                             split_value(solution[slot.variable])[0], slot.copy, split_value(solution[slot.variable])[1])
                for slot in self.problem.slots  # in the original's order
            )
            # Every other choice is copied: modes, splices, X, kicker, costs paid (CR 707.10).
            yield self.original._replace(targets=targets)

    def count(self) -> int:
        """The number of choices, by decomposition (a product over instances)."""
        return self._backend.count(self.problem)

    def __contains__(self, cast: object) -> bool:
        return isinstance(cast, Cast) and any(cast == choice for choice in self)


def copy_choices(state: GameState, spell_id: str, new_targets: bool = True,
                 controller: str | None = None) -> CopyChoices:
    """The legal choices for a copy of a spell on the stack; see :class:`CopyChoices`.

    Returns
    -------
    CopyChoices
    """
    return CopyChoices(state, spell_id, new_targets=new_targets, controller=controller)
