"""Resolution of a spell whose targets may have become illegal (CR 608.2b-c, 702.47d-e).

A spell on the stack carries the cast it was cast with (the ``"cast"`` record
of its object in the state file). On resolution every target is checked
again, against the spell's own characteristics (a spliced text on a blue
spell is still a blue spell's text, CR 702.47c):

- if the spell has targets and every one of them is now illegal, it does not
  resolve and none of its instructions happen, not even the untargeted ones
  (CR 608.2b);
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

from models.abilities import CardAbilities, Instruction, TargetKind
from models.cast import Cast
from models.choices import mode_label
from models.errors import CastFormatError, InputError, UnsupportedRuleError
from models.objects import GameObject, ObjectId, Zone
from models.state import GameState
from solver.abilities import abilities_of
from solver.problem import CastProblem, Reason, TargetSlot, state_memo
from solver.rules.targets import spell_on_stack_problem

__all__ = ["TargetStatus", "ResolvedInstruction", "Resolution", "resolve", "cast_of_spell"]


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


def cast_of_spell(state: GameState, spell_id: str) -> tuple[GameObject, Cast]:
    """The spell object and the cast record it carries.

    Raises
    ------
    InputError
        No such object, not on the stack, or no cast record.
    CastFormatError
        A record that is not a cast of this spell.
    """
    if not state.has_object(spell_id):
        raise InputError("--spell", f"no object with id {spell_id!r} in the state")
    spell = state.object(spell_id)
    if spell.zone is not Zone.STACK:
        raise InputError("--spell", f"{spell.name} ({spell_id}) is {spell.zone.where}, not on the stack")
    record = state.cast_record_of(spell_id)
    if record is None:
        raise InputError(f"--spell {spell_id}", f"{spell.name} has no cast record (the choices it was cast with): "
                         "in a state file, give it as the object's \"cast\", the line 'legalcasts casts --format "
                         "jsonl' printed for it; a Forge puzzle has no such record")
    cast = Cast.from_json(record, path=f"objects[{spell_id}].cast")
    if cast.card != spell_id:
        raise CastFormatError(f"objects[{spell_id}].cast.card", f"the record is of {cast.card!r}, not {spell_id!r}")
    abilities = abilities_of(spell)
    choice = abilities.mode_choice
    for index, mode in enumerate(cast.modes):
        if not 0 <= mode < len(abilities.modes):
            raise CastFormatError(f"objects[{spell_id}].cast.modes[{index}]",
                                  f"{spell.name} has no {mode_label(mode)} (index {mode}; its modes are "
                                  f"indices 0 to {len(abilities.modes) - 1})")
    if len(set(cast.modes)) != len(cast.modes) and not (choice and choice.repeatable):
        raise CastFormatError(f"objects[{spell_id}].cast.modes", f"a mode is chosen twice: {list(cast.modes)}")
    if not cast.name:
        cast = cast._replace(name=spell.name)
    for index, spliced in enumerate(cast.splices):
        if not state.has_object(spliced):
            raise CastFormatError(
                f"objects[{spell_id}].cast.splices[{index}]",
                f"spliced card {spliced!r} is not in the state (keep it in any zone: its text is on the spell)",
            )
    return spell, cast


def check_stack_records(state: GameState) -> None:
    """Refuse a state whose spells on the stack carry cast records no cast of them could have (once per state).

    Each record is read as :func:`cast_of_spell` reads it, then against the spell's text: its instances of
    "target" and how many targets each chose (CR 601.2c, 115.3, 115.4, 702.33c), its kicks and X (CR 601.2b,
    107.3b). A spell whose text can't be read is left to what reads it (it is reported there).

    Parameters
    ----------
    state : GameState

    Raises
    ------
    CastFormatError
        The first record that can't describe a cast of its spell, with its key path
        (``objects[<id>].cast...``).
    """
    memo = state_memo(state)
    if memo.stack_records_checked:
        return
    for spell_id, _ in state.stack_casts:
        spell, cast = cast_of_spell(state, spell_id)
        try:
            spell_on_stack_problem(state, spell, cast, spell.controller, path=f"objects[{spell_id}].cast")
        except UnsupportedRuleError:
            continue
    memo.stack_records_checked = True


def resolve(state: GameState, spell_id: str) -> Resolution:
    """Resolve a spell on the stack as far as targets decide it (CR 608.2b).

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
        The record names a target instance the spell does not have.
    """
    spell, cast = cast_of_spell(state, spell_id)
    # The spell's instances of "target", each re-checked through the target rules of its problem (CR 608.2b).
    problem = spell_on_stack_problem(state, spell, cast, spell.controller, path=f"objects[{spell_id}].cast")
    statuses: dict[tuple, tuple[TargetStatus, ...]] = {}
    for slot in problem.slots:
        chosen = next(c for c in cast.targets if c.slot == slot.key.slot)
        statuses[slot.key.slot] = tuple(
            TargetStatus(slot.spec.phrase, target, _recheck(problem, slot, target)) for target in chosen.targets
        )
    every = [status for group in statuses.values() for status in group]
    if every and not any(status.legal for status in every):
        resolves = False
        explanation = "every target is illegal, so the spell does not resolve and none of its instructions happen"
    else:
        resolves = True
        explanation = ("the spell has no target" if not every else
                       "some target is still legal: the spell resolves; illegal targets are ignored")
    instructions = []
    own = abilities_of(spell)
    sources: list[tuple[GameObject, CardAbilities, int | None, int, Instruction]] = []
    for line, instruction in enumerate(own.spell_text):
        sources.append((spell, own, None, line, instruction))
    seen: dict[int, int] = {}
    for mode_index in cast.modes:  # printed order; a mode chosen again is carried out again (CR 700.2d)
        if 0 <= mode_index < len(own.modes):
            copy = seen.get(mode_index, 0)
            seen[mode_index] = copy + 1
            sources.append((spell, own, mode_index, copy, own.modes[mode_index].instruction))
    for spliced in cast.splices:
        obj = state.object(spliced)
        for line, instruction in enumerate(abilities_of(obj).spell_text):
            sources.append((obj, abilities_of(obj), None, line, instruction))
    for obj, _, mode, line, instruction in sources:
        # For a mode, ``line`` holds which time it was chosen (its text is one line, instruction 0).
        keys = [(obj.id, mode, 0, index, line) if mode is not None else (obj.id, mode, line, index, 0)
                for index in range(len(instruction.targets))]
        targets = tuple(status for key in keys for status in statuses.get(key, ()))
        conditional = bool(instruction.condition) and not _paid(cast, instruction.condition)  # CR 702.33e, 702.113a
        conditional = conditional or cast.alternative_cost in instruction.unless  # cleaved away (CR 702.148b)
        happens = resolves and not conditional and (not targets or any(t.legal for t in targets))
        text = instruction.text.replace("~", obj.name)
        if obj.id == spell.id and any(a.removes_targets and a.keyword == cast.alternative_cost
                                      for a in own.alternative_costs):
            text = re.sub(r"\b([Tt])arget\b", lambda m: "Each" if m.group(1) == "T" else "each", text)  # CR 702.96a
        instructions.append(ResolvedInstruction(obj.id, mode, text,
                                                targets, happens))
    return Resolution(spell.id, spell.name, resolves, "CR 608.2b", explanation, tuple(instructions))


def _paid(cast: Cast, condition: tuple[str, ...]) -> bool:
    """Whether the cast paid one of the costs a text's condition names ("if this spell was kicked", CR 702.33d)."""
    return cast.alternative_cost in condition or any(cast.times_paid(keyword) for keyword in condition)


def _recheck(problem: CastProblem, slot: TargetSlot, target: str) -> Reason | None:
    """Whether a target is still legal: the same object (CR 400.7), and legal for its instance (CR 608.2b)."""
    state, spec = problem.state, slot.spec
    if target not in state.players and not state.has_object(target):
        return Reason("CR 608.2b", f"{target} is no longer in the game state")
    if target not in state.players:
        obj = state.object(ObjectId(target))
        expected = (Zone.GRAVEYARD if TargetKind.GRAVEYARD_CARD in spec.kinds
                    else Zone.STACK if TargetKind.SPELL in spec.kinds else Zone.BATTLEFIELD)
        if obj.zone is not expected:
            where = obj.zone.where
            what = {Zone.GRAVEYARD: "a card that left its graveyard", Zone.STACK: "a spell that left the stack",
                    Zone.BATTLEFIELD: "a permanent that left the battlefield"}[expected]
            return Reason("CR 400.7", f"{obj.name} ({target}) is {where} now: {what} is a new object")
    return slot.why_not_target(target)
