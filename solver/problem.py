"""The backend-neutral constraint satisfaction problem of one cast (CR 601.2).

A :class:`CastProblem` holds variables (name, finite domain) and constraints
(a scope of variable names, a predicate over their values, and the CR rule the
constraint encodes). Rules modules in :mod:`solver.rules` add them; backends in
:mod:`solver.backends` solve them; :meth:`CastProblem.to_cast` turns a
solution into a :class:`models.cast.Cast`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from models.abilities import CardAbilities, TargetSpec
from models.cast import Cast, TargetChoice
from models.mana import Color, ManaCost, ManaSource
from models.objects import CardType, GameObject, ObjectId, PlayerId
from models.state import GameState

__all__ = ["Variable", "Constraint", "TargetSlot", "Reason", "CastProblem", "target_ids", "split_value",
           "value_of_choice"]


@dataclass(frozen=True, slots=True)
class Variable:
    """One casting choice and the values it may take.

    Parameters
    ----------
    name : str
        Unique in the problem (``"mode:0"``, ``"splices"``, ``"target:ray:0:0"``).
    domain : tuple
        The values, hashable, in a deterministic order.
    rule : str
        The CR rule that makes this a choice (``"CR 702.47b"``).
    """

    name: str
    domain: tuple[Hashable, ...]
    rule: str


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a cast is illegal: one broken rule.

    Parameters
    ----------
    rule : str
        ``"CR 702.47b"``.
    message : str
        A sentence naming the objects involved.
    """

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Constraint:
    """A rule over some casting choices.

    Parameters
    ----------
    scope : tuple of str
        Variable names; the predicate gets their values in this order. An
        empty scope is a condition of the whole cast (timing, CR 307.1).
    predicate : callable
        ``predicate(*values) -> bool``: True when the rule holds.
    rule : str
        The CR rule encoded.
    description : str
        What the rule asks, in words.
    explain : callable or None
        ``explain(*values) -> str``: a sentence naming the objects, used by
        ``why_illegal`` when the predicate is False.
    kind : str
        What backends may assume of it: ``"general"`` (nothing);
        ``"activation"`` (a target slot is None exactly when its mode or
        splice is not chosen, see :attr:`TargetSlot.activator`); ``"monotone"``
        (over modes and splices: once broken by a set of chosen modes and
        spliced cards, broken by every larger set, whatever the splice order,
        as paying a total cost is).
    """

    scope: tuple[str, ...]
    predicate: Callable[..., bool]
    rule: str
    description: str
    explain: Callable[..., str] | None = None
    kind: str = "general"

    def holds(self, assignment: Mapping[str, Any]) -> bool:
        """Whether the rule holds under a full assignment."""
        return self.predicate(*(assignment[name] for name in self.scope))

    def reason(self, assignment: Mapping[str, Any]) -> Reason:
        """The :class:`Reason` this constraint gives when it is broken."""
        values = [assignment[name] for name in self.scope]
        message = self.explain(*values) if self.explain else self.description
        return Reason(self.rule, message)


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """One instance of "target" the spell may have (CR 601.2c).

    Parameters
    ----------
    variable : str
        Name of its variable.
    source : ObjectId
        The spell, or the spliced card the text comes from.
    mode : int or None
    instruction, index : int
    spec : TargetSpec
    activator : str or None
        The variable that switches the instance on: ``"mode:i"`` (a chosen
        mode, CR 700.2c), ``"splices"`` (the card spliced, CR 702.47d), or
        None for the spell's own text (always on).
    choices : tuple of tuple of str
        The legal sets of targets (sorted tuples of ids).
    copy : int
        For a mode that may be chosen more than once: the slot is active when
        the mode is chosen more than ``copy`` times (CR 700.2d).
    """

    variable: str
    source: ObjectId
    mode: int | None
    instruction: int
    index: int
    spec: TargetSpec
    activator: str | None
    choices: tuple[tuple[str, ...], ...]
    copy: int = 0

    @property
    def key(self) -> tuple[str, int | None, int, int, int]:
        """(source, mode, instruction, index, copy), as in :attr:`TargetChoice.slot`."""
        return (self.source, self.mode, self.instruction, self.index, self.copy)


@dataclass(slots=True)
class CastProblem:
    """The CSP of casting one card, with what is needed to read its solutions.

    Parameters
    ----------
    state : GameState
    caster : PlayerId
    spell : GameObject
        The card being cast (CR 601.2a moves it to the stack: it is never in
        the hand it was cast from while the choices are made).
    abilities : CardAbilities
    without_paying_mana_cost : bool
        CR 118.9: the alternative cost of paying nothing for the mana cost.

    Attributes
    ----------
    variables : dict of str to Variable
        In the order the rules make the choices (CR 601.2b-c, 601.2h).
    constraints : list of Constraint
    slots : list of TargetSlot
    splice_candidates : dict of ObjectId to (GameObject, CardAbilities)
    mana_sources : tuple of ManaSource
        Available to the caster (CR 601.2g-h).
    total_cost_of : callable
        ``total_cost_of(assignment) -> ManaCost``, set by the cost rules.
    cache : dict
        Where backends keep what they derive from the problem.
    """

    state: GameState
    caster: PlayerId
    spell: GameObject
    abilities: CardAbilities
    without_paying_mana_cost: bool = False
    variables: dict[str, Variable] = field(default_factory=dict)
    constraints: list[Constraint] = field(default_factory=list)
    slots: list[TargetSlot] = field(default_factory=list)
    splice_candidates: dict[ObjectId, tuple[GameObject, CardAbilities]] = field(default_factory=dict)
    mana_sources: tuple[ManaSource, ...] = ()
    total_cost_of: Callable[[Mapping[str, Any]], ManaCost | None] | None = None
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # ------------------------------------------------------------------ building
    def add_variable(self, name: str, domain: tuple[Hashable, ...], rule: str) -> Variable:
        """Add a variable; its domain is kept in the given order.

        Raises
        ------
        ValueError
            A variable of that name exists already.
        """
        if name in self.variables:
            raise ValueError(f"variable {name!r} defined twice")
        variable = Variable(name, tuple(domain), rule)
        self.variables[name] = variable
        return variable

    def add_constraint(
        self,
        scope: tuple[str, ...],
        predicate: Callable[..., bool],
        rule: str,
        description: str,
        explain: Callable[..., str] | None = None,
        kind: str = "general",
    ) -> Constraint:
        """Add a constraint over existing variables (an empty scope is allowed).

        See :class:`Constraint` for the parameters.
        """
        for name in scope:
            if name not in self.variables:
                raise ValueError(f"constraint {description!r} names unknown variable {name!r}")
        constraint = Constraint(tuple(scope), predicate, rule, description, explain, kind)
        self.constraints.append(constraint)
        return constraint

    # ------------------------------------------------------------------ spell facts
    @property
    def spell_colors(self) -> frozenset[Color]:
        """The spell's colours on the stack: its own; spliced text adds none (CR 702.47c)."""
        return self.spell.card.colors

    @property
    def spell_types(self) -> tuple[CardType, ...]:
        """The spell's card types (CR 702.47c: splicing adds none)."""
        return self.spell.card.types

    @property
    def unconditional_constraints(self) -> tuple[Constraint, ...]:
        """The constraints with an empty scope (conditions of the whole cast)."""
        return tuple(c for c in self.constraints if not c.scope)

    def unconditional_constraints_hold(self) -> bool:
        """Whether every condition of the whole cast (timing, zone, CR 118.6 ...) holds."""
        return all(c.predicate() for c in self.constraints if not c.scope)

    # ------------------------------------------------------------------ reading solutions
    def to_cast(self, assignment: Mapping[str, Any]) -> Cast:
        """The :class:`Cast` a solution describes.

        Parameters
        ----------
        assignment : mapping of str to value
            A value for every variable.

        Returns
        -------
        Cast
            Targets ordered: the spell's own text, its chosen modes in
            printed order, then spliced texts in splice order (CR 702.47b,
            608.2c).
        """
        modes = tuple(
            int(name.split(":")[1])
            for name in self.variables if name.startswith("mode:")
            for _ in range(int(assignment[name]))  # a count where a mode may repeat (CR 700.2d)
        )
        splices: tuple[ObjectId, ...] = tuple(assignment.get("splices", ()))
        position = {source: i for i, source in enumerate(splices)}
        chosen = []
        for slot in self.slots:
            value = assignment[slot.variable]
            if value is None:
                continue
            order = (
                (0, 0, slot.instruction, slot.index) if slot.source == self.spell.id and slot.mode is None
                else (1, slot.mode or 0, slot.copy, slot.index) if slot.source == self.spell.id
                else (2, position[slot.source], slot.instruction, slot.index)
            )
            targets, division = split_value(value)
            chosen.append((order, TargetChoice(slot.source, slot.mode, slot.instruction, slot.index,
                                               slot.spec.phrase, targets, slot.copy, division)))
        chosen.sort(key=lambda item: item[0])
        total = self.total_cost_of(assignment) if self.total_cost_of else None
        return Cast(
            card=self.spell.id,
            name=self.spell.card.name,
            modes=modes,
            splices=splices,
            targets=tuple(choice for _, choice in chosen),
            discards=tuple(sorted(assignment.get("discards", ()))),
            sacrifices=tuple(sorted(assignment.get("sacrifices", ()))),
            exiles=tuple(sorted(tuple(assignment.get("exiles", ())) + (
                (assignment["exiled instead"],) if assignment.get("exiled instead") is not None else ()))),
            taps=tuple(sorted(assignment.get("taps", ()))),
            returns=tuple(sorted(assignment.get("returns", ()))),
            awakened=bool(assignment.get("awakened", False)),
            times_kicked=assignment.get("times kicked", 0),
            overloaded=bool(assignment.get("overloaded", False)),
            x=assignment.get("x"),
            kicked=bool(assignment.get("kicked", False)) or assignment.get("times kicked", 0) > 0,  # CR 702.33e
            without_paying_mana_cost=self.without_paying_mana_cost,
            total_cost=total if total is not None else ManaCost.parse(""),
            mana_value=self.mana_value_with(assignment.get("x")),
        )

    def mana_value_with(self, x: int | None) -> int:
        """The spell's mana value on the stack: X counts as its announced value (CR 202.3e)."""
        card = self.spell.card
        if not x or card.mana_cost is None:
            return card.mana_value
        return card.mana_value + x * sum(1 for s in card.mana_cost.symbols if s.variable == "X")




def target_ids(value: tuple) -> tuple[str, ...]:
    """The ids of a slot value (a tuple of ids, or of (id, amount) pairs when damage is divided)."""
    return tuple(item[0] for item in value) if value and isinstance(value[0], tuple) else value


def split_value(value: tuple) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """(targets, division) of a slot value; the division is empty when nothing is divided."""
    if value and isinstance(value[0], tuple):
        return tuple(item[0] for item in value), tuple(item[1] for item in value)
    return tuple(value), ()


def value_of_choice(targets: tuple[str, ...], division: tuple[int, ...]) -> tuple:
    """The slot value of a target choice: the ids, or (id, amount) pairs when damage is divided."""
    return tuple(zip(targets, division)) if division else tuple(targets)
