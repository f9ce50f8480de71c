"""Resolution of a spell whose targets may have become illegal (CR 608.2b-c, 702.47d-e).

A spell on the stack carries the cast it was cast with (the ``"cast"`` record
of its object in the state file). On resolution every target is checked
again, against the spell's own characteristics (a spliced text on a blue
spell is still a blue spell's text, CR 702.47c):

- if the spell has targets and every one of them is now illegal, it does not
  resolve and none of its instructions happen, not even the untargeted ones
  (CR 608.2b), unless the alternative cost paid says otherwise: a mutating
  creature spell then resolves as a creature spell (CR 702.140b, 608.3b);
- otherwise it resolves: instructions happen in order (the spell's own text,
  its chosen modes in printed order, CR 608.2c / 700.2; then each spliced
  text in the chosen order, CR 702.47b), and an illegal target is ignored by
  the instruction that named it (CR 608.2b).

Only targets count: a spell with no targets always resolves (CR 115.6,
608.2b).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from models.abilities import CardAbilities, Instruction
from models.cast import Cast
from models.objects import GameObject, ObjectId
from models.state import GameState
from solver.abilities import abilities_of
from solver.build import spell_problem
from solver.problem import CastProblem, Reason, TargetSlot

__all__ = ["TargetStatus", "ResolvedInstruction", "Resolution", "resolve"]


@dataclass(frozen=True, slots=True)
class TargetStatus:
    """One target of one instance of "target", checked on resolution.

    Parameters
    ----------
    phrase : str
        The target phrase.
    target : str
        Object or player id.
    reason : Reason or None
        Why it is illegal now; None when it is still legal.
    """

    phrase: str
    target: str
    reason: Reason | None

    @property
    def legal(self) -> bool:
        """Whether the target is still legal."""
        return self.reason is None


@dataclass(frozen=True, slots=True)
class ResolvedInstruction:
    """One instruction of the resolving spell, in the order it happens.

    Parameters
    ----------
    source : ObjectId
        The spell, or the spliced card whose text it is.
    mode : int or None
        The mode (0-based, printed order) when it is a mode's text.
    text : str
        The instruction as printed; ``~`` stands for the card's name, which
        in a spliced text means the spell (CR 702.47c).
    targets : tuple of TargetStatus
    happens : bool
        False when the spell does not resolve, or when the instruction has
        targets and all of them are illegal (it then does nothing to them).
    """

    source: ObjectId
    mode: int | None
    text: str
    targets: tuple[TargetStatus, ...]
    happens: bool


@dataclass(frozen=True, slots=True)
class Resolution:
    """What happens when a spell resolves.

    Parameters
    ----------
    spell : ObjectId
    name : str
    resolves : bool
    rule : str
        The rule that decides it (``"CR 608.2b"``).
    explanation : str
        A sentence saying why.
    instructions : tuple of ResolvedInstruction
        In the order they happen.
    """

    spell: ObjectId
    name: str
    resolves: bool
    rule: str
    explanation: str
    instructions: tuple[ResolvedInstruction, ...]


def resolve(state: GameState, spell_id: str) -> Resolution:
    """Resolve a spell on the stack as far as targets decide it (CR 608.2b).

    Each target chosen is asked of its instance of "target" in the spell's cast problem, by the same rule that
    decided it could be chosen (:attr:`~solver.problem.TargetSlot.why_not_target`, with X as announced): a
    target still in the game and legal for its instance is legal (CR 608.2b).

    Parameters
    ----------
    state : GameState
        The spell's object is in zone ``stack`` with its ``cast`` record.
    spell_id : str

    Returns
    -------
    Resolution

    Raises
    ------
    InputError
        The spell is missing, not on the stack, or has no cast record.
    CastFormatError
        The record is no cast of the spell (:func:`spell_problem`).
    """
    problem, cast = spell_problem(state, spell_id)
    statuses = _target_statuses(problem, cast)
    every = [status for group in statuses.values() for status in group]
    own = abilities_of(problem.spell)
    resolves, rule, explanation = _whether_it_resolves(every, own, cast)
    instructions = [
        _resolved(problem, own, cast, statuses, resolves, *source)
        for source in _instructions_in_order(state, problem, own, cast)
    ]
    return Resolution(state.object(spell_id).id, problem.spell.name, resolves, rule, explanation, tuple(instructions))


def _target_statuses(problem: CastProblem, cast: Cast) -> dict[tuple, tuple[TargetStatus, ...]]:
    """Each instance's targets chosen, checked again (CR 608.2b), by the instance's place in the spell."""
    values = problem.assignment_of(cast).values
    statuses: dict[tuple, tuple[TargetStatus, ...]] = {}
    for slot in problem.slots:
        chosen = values[slot.key]
        if chosen is not None:
            statuses[slot.key.slot] = tuple(
                TargetStatus(slot.spec.phrase, target, _still_legal(problem, slot, target)) for target in chosen
            )
    return statuses


def _whether_it_resolves(every: list[TargetStatus], own: CardAbilities, cast: Cast) -> tuple[bool, str, str]:
    """Whether the spell resolves, the rule that says so and why (CR 608.2b, 608.3b)."""
    if every and not any(status.legal for status in every) and _resolves_untargeted(own, cast):
        explanation = (
            f"every target is illegal: the spell cast for its {cast.alternative_cost} cost resolves as the permanent "
            "spell it is without it, and the instructions that target do not happen"
        )
        return True, "CR 608.3b", explanation
    if every and not any(status.legal for status in every):
        explanation = "every target is illegal, so the spell does not resolve and none of its instructions happen"
        return False, "CR 608.2b", explanation
    if not every:
        return True, "CR 608.2b", "the spell has no target"
    return True, "CR 608.2b", "some target is still legal: the spell resolves; illegal targets are ignored"


def _instructions_in_order(
    state: GameState, problem: CastProblem, own: CardAbilities, cast: Cast
) -> list[tuple[GameObject, int | None, int, Instruction]]:
    """The spell's instructions in the order they happen: its own text, its modes chosen, each spliced text.

    Modes in printed order, a mode chosen again carried out again (CR 608.2c, 700.2, 700.2d); spliced texts in
    the order chosen (CR 702.47b). Each is (whose text, its mode, its line or which time its mode is chosen, it).
    """
    sources: list[tuple[GameObject, int | None, int, Instruction]] = []
    for line, instruction in enumerate(own.spell_text):
        sources.append((problem.spell, None, line, instruction))
    seen: dict[int, int] = {}
    for mode_index in cast.modes:
        copy = seen.get(mode_index, 0)
        seen[mode_index] = copy + 1
        sources.append((problem.spell, mode_index, copy, own.modes[mode_index].instruction))
    for spliced in cast.splices:
        obj = state.object(spliced)
        for line, instruction in enumerate(abilities_of(obj).spell_text):
            sources.append((obj, None, line, instruction))
    return sources


def _resolved(
    problem: CastProblem,
    own: CardAbilities,
    cast: Cast,
    statuses: dict[tuple, tuple[TargetStatus, ...]],
    resolves: bool,
    obj: GameObject,
    mode: int | None,
    line: int,
    instruction: Instruction,
) -> ResolvedInstruction:
    """One instruction as it resolves: its targets checked, whether it happens, its text as the cast reads it."""
    # For a mode, ``line`` holds which time it was chosen (its text is one line, instruction 0).
    keys = [
        (obj.id, mode, 0, index, line) if mode is not None else (obj.id, mode, line, index, 0)
        for index in range(len(instruction.targets))
    ]
    targets = tuple(status for key in keys for status in statuses.get(key, ()))
    conditional = bool(instruction.condition) and not _paid(cast, instruction.condition)  # CR 702.33e, 702.113a
    conditional = conditional or cast.alternative_cost in instruction.unless  # cleaved away (CR 702.148b)
    happens = resolves and not conditional and (not targets or any(t.legal for t in targets))
    text = instruction.text.replace("~", obj.name)
    if obj.id == problem.spell.id and any(
        a.removes_targets and a.keyword == cast.alternative_cost for a in own.alternative_costs
    ):
        text = re.sub(r"\b([Tt])arget\b", lambda m: "Each" if m.group(1) == "T" else "each", text)  # CR 702.96a
    return ResolvedInstruction(obj.id, mode, text, targets, happens)


def _resolves_untargeted(own: CardAbilities, cast: Cast) -> bool:
    """Whether the alternative cost paid makes the spell resolve with every target illegal (CR 608.3b).

    A mutating creature spell whose target is illegal ceases to be one and resolves as a creature spell
    (CR 702.140b): :attr:`~models.abilities.AlternativeCost.resolves_untargeted`.
    """
    return any(a.resolves_untargeted and a.keyword == cast.alternative_cost for a in own.alternative_costs)


def _paid(cast: Cast, condition: tuple[str, ...]) -> bool:
    """Whether the cast paid one of the costs a text's condition names ("if this spell was kicked", CR 702.33d)."""
    return cast.alternative_cost in condition or any(cast.times_paid(keyword) for keyword in condition)


def _still_legal(problem: CastProblem, slot: TargetSlot, target: str) -> Reason | None:
    """Why a target chosen is illegal now (CR 608.2b), or None: its instance's own rule, once it is in the game.

    An object that left the game altogether (a token that ceased to exist) has no id in the state: it is no
    target any more (CR 400.7, 608.2b). Every other question is the instance's (:attr:`TargetSlot.why_not_target`),
    which names what is wrong: an object in another zone than its phrase names, a quality it lacks, protection.
    """
    state = problem.state
    if target not in state.players and not state.has_object(target):
        return Reason("CR 608.2b", f"{target} is no longer in the game state")
    why = slot.why_not_target(target)
    if why is not None and target not in state.players and target not in slot.candidates:
        # in no zone its phrase names: it was chosen where the phrase names, and has moved since (CR 400.7)
        obj = state.object(target)
        return Reason(
            "CR 400.7",
            f"{obj.name} ({target}) is {obj.zone.where} now, where '{slot.spec.phrase}' names "
            "nothing: an object that moves to another zone is a new object",
        )
    return why
