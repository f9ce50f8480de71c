"""The public API: the legal casts of a card, as a view (like python-chess's ``legal_moves``).

>>> from models.io.state_json import state_from_data
>>> state = state_from_data({"players": ["P1", "P2"], "objects": [
...     {"id": "mists", "card": "Reach Through Mists", "zone": "hand", "owner": "P1"},
...     {"id": "ray", "card": "Glacial Ray", "zone": "hand", "owner": "P1"},
...     {"id": "isl", "card": "Island", "zone": "battlefield", "controller": "P1"},
...     {"id": "m1", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
...     {"id": "m2", "card": "Mountain", "zone": "battlefield", "controller": "P1"}]})
>>> casts = legal_casts(state, "mists")
>>> casts.count()   # alone, or with Glacial Ray spliced at P1 or at P2 (CR 702.47)
3
>>> bool(casts), next(iter(casts)) in casts
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from models.cast import Cast
from models.errors import InputError
from models.objects import Zone
from models.state import GameState
from solver.backends import get_backend
from solver.backends.decompose import DecompositionBackend
from solver.build import build_cast_problem
from solver.problem import CastProblem, Reason
from solver.rules.costs import (
    AWAKENED, DISCARDS, EXILED_INSTEAD, EXILES, KICKED, OVERLOADED, RETURNS, SACRIFICES, TAPS, TIMES_KICKED, X,
)
from solver.rules.splice import SPLICES, explain_splices
from solver.rules.split import half_choices, halves_reason
from solver.rules.modes import mode_variable
from solver.rules.targets import value_of_choice, why_not_legal_target

__all__ = [
    "LegalCasts",
    "legal_casts",
    "is_legal_cast",
    "why_illegal",
    "count_legal_casts",
    "sample_cast",
    "best_cast",
    "castable_objects",
]


class LegalCasts:
    """The legal casts of one object: iterate, ``in``, ``bool()``, ``count()``.

    Parameters
    ----------
    state : GameState
    card : str
        Object id of the card to cast.
    player : str or None
        The caster (default: the card's owner).
    without_paying_mana_cost : bool
        CR 118.9.
    backend : str or None
        ``"python-constraint"``, ``"brute"``, ``"cpsat"`` or ``"fast"``.
        By default the decomposition fast path enumerates, counts, samples
        and checks (it falls back to python-constraint where the choices
        don't decompose); a named backend enumerates and counts with that
        backend and checks with the rules directly.

    Raises
    ------
    InputError
        Unknown object or player.
    UnsupportedRuleError
        Text bearing on this cast that can't be read.
    """

    def __init__(
        self,
        state: GameState,
        card: str,
        *,
        player: str | None = None,
        without_paying_mana_cost: bool = False,
        backend: str | None = None,
    ) -> None:
        self.state = state
        if not state.has_object(card):
            raise InputError("card", f"no object with id {card!r} in the state")
        # One problem per choice of halves of a split card (CR 709.3, 702.102a); one for any other card.
        self.parts: tuple[tuple[tuple[str, ...], CastProblem], ...] = tuple(
            (halves, build_cast_problem(state, card, player=player, halves=halves,
                                        without_paying_mana_cost=without_paying_mana_cost))
            for halves in half_choices(state, card)
        )
        self.problem: CastProblem = self.parts[0][1]
        self.fast = DecompositionBackend()
        self.backend = get_backend(backend) if backend else None

    def __iter__(self) -> Iterator[Cast]:
        """Yield each legal cast once.

        By default from the decomposition fast path (frames depth-first:
        modes, then splice cards in state-file order; then splice orders;
        then targets in domain order); with a named backend, in its order.
        """
        for halves, problem in self.parts:
            if self.backend is None:
                casts = self.fast.iter_casts(problem)
            else:
                casts = map(problem.to_cast, self.backend.solutions(problem))
            yield from (c._replace(halves=halves) for c in casts) if halves else casts

    def __contains__(self, cast: object) -> bool:
        """Whether a cast is legal, checked directly (no enumeration)."""
        if not isinstance(cast, Cast):
            return False
        if len(self.parts) == 1:  # not a split card: no halves to name
            if cast.halves:
                return False
            problem = self.problem
        else:
            problem = dict(self.parts).get(cast.halves)
            if problem is None:
                return False
            cast = cast._replace(halves=())
        if self.backend is None:
            return self.fast.contains(problem, cast)
        return not _reasons(problem, cast)

    def __bool__(self) -> bool:
        """Whether there is at least one legal cast (stops at the first)."""
        return next(iter(self), None) is not None

    def count(self) -> int:
        """The number of legal casts (distinct as the README defines it).

        Counted by decomposition, without enumerating (exact even for 10^11
        casts), unless a backend was named: then by that backend.
        """
        backend = self.backend or self.fast
        counter = getattr(backend, "count", None)
        if counter is not None:
            return sum(counter(problem) for _, problem in self.parts)
        return sum(1 for _, problem in self.parts for _ in backend.solutions(problem))

    def sample(self, rng: random.Random | None = None) -> Cast | None:
        """One legal cast drawn uniformly at random, or None when there is none.

        Drawn by decomposition, without enumerating: a frame weighted by its
        number of casts, then a splice order and each target uniformly.

        Parameters
        ----------
        rng : random.Random or None
            The source of randomness (a fresh ``random.Random()`` by default).

        Returns
        -------
        Cast or None
        """
        rng = rng or random.Random()
        if len(self.parts) == 1:
            return self.fast.sample_cast(self.problem, rng)
        weights = [self.fast.count(problem) for _, problem in self.parts]  # each half by its number of casts
        if not any(weights):
            return None
        halves, problem = rng.choices(self.parts, weights=weights)[0]
        return self.fast.sample_cast(problem, rng)._replace(halves=halves)

    def divide(self) -> dict[tuple[tuple[int, ...], tuple[str, ...]], int]:
        """Counts per first choices: (chosen modes, spliced cards in order) -> number of casts.

        Like a chess perft "divide": on a count mismatch it shows which
        branch is wrong. Keys are in the order they are first met.

        Returns
        -------
        dict of (tuple of int, tuple of str) to int
        """
        counts: dict[tuple[tuple[int, ...], tuple[str, ...]], int] = {}
        for cast in self:
            key = (cast.modes, tuple(cast.splices))
            counts[key] = counts.get(key, 0) + 1
        return counts

    def __repr__(self) -> str:
        return f"<LegalCasts of {self.problem.spell.name} ({self.problem.spell.id}) by {self.problem.caster}>"


def legal_casts(state: GameState, card: str, **options: Any) -> LegalCasts:
    """The legal casts of the object ``card``; see :class:`LegalCasts` for the options.

    Returns
    -------
    LegalCasts
    """
    return LegalCasts(state, card, **options)


def castable_objects(state: GameState, player: str) -> tuple[str, ...]:
    """The ids of the cards in a player's hand, in file order."""
    return tuple(o.id for o in state.hand(player))


def count_legal_casts(
    state: GameState,
    card: str | None = None,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    backend: str | None = None,
) -> int:
    """The number of legal casts of one object, or of every card in a player's hand.

    Parameters
    ----------
    state : GameState
    card : str or None
        An object id; None sums over every card in the player's hand (a land
        counts 0: lands are played, not cast, CR 305.9).
    player : str or None
        The caster; by default the card's owner, or (with no card) the
        player with priority.
    without_paying_mana_cost : bool
    backend : str or None
        By default the decomposition fast path.

    Returns
    -------
    int
    """
    if card is not None:
        return legal_casts(state, card, player=player, without_paying_mana_cost=without_paying_mana_cost,
                           backend=backend).count()
    caster = player or state.priority
    return sum(
        legal_casts(state, object_id, player=caster, without_paying_mana_cost=without_paying_mana_cost,
                    backend=backend).count()
        for object_id in castable_objects(state, caster)
    )


def sample_cast(state: GameState, card: str, rng: random.Random | None = None, **options: Any) -> Cast | None:
    """One legal cast of ``card`` drawn uniformly at random, without enumerating.

    Parameters
    ----------
    state : GameState
    card : str
        Object id.
    rng : random.Random or None
    **options
        As for :class:`LegalCasts`.

    Returns
    -------
    Cast or None
        None when the card has no legal cast.
    """
    return LegalCasts(state, card, **options).sample(rng)


def best_cast(
    state: GameState,
    card: str,
    score: Callable[[str, Any], int],
    **options: Any,
) -> tuple[Cast, int] | None:
    """The legal cast with the highest score, found by CP-SAT.

    Parameters
    ----------
    state : GameState
    card : str
        Object id.
    score : callable
        ``score(variable_name, value) -> int``, summed over the cast's
        variables: ``"mode:<i>"`` (bool), ``"splices"`` (tuple of ids),
        ``"discards"`` (tuple of ids), and one ``"target:..."`` per instance
        (a tuple of ids, or None when the instance is not part of the cast).
    **options
        As for :class:`LegalCasts` (``player``, ``without_paying_mana_cost``).

    Returns
    -------
    (Cast, int) or None
        The best cast and its score; None when the card has no legal cast.

    Examples
    --------
    >>> from models.io.state_json import load_state
    >>> state = load_state("examples/case03-raid-4plains.json")
    >>> value = {"solring": 3, "badmoon": 2, "sandals": 1}
    >>> def score(name, choice):  # destroy the most valuable permanents
    ...     return sum(value.get(t, 0) for t in choice) if name.startswith("target:") and choice else 0
    >>> cast, points = best_cast(state, "raid", score)
    >>> points, [t.targets for t in cast.targets][:2]
    (5, [('solring',), ('badmoon',)])
    """
    from solver.backends.cpsat import CpSatBackend

    options.pop("backend", None)
    problem = build_cast_problem(state, card, **options)
    found = CpSatBackend().best(problem, score)
    if found is None:
        return None
    assignment, points = found
    return problem.to_cast(assignment), points


def is_legal_cast(state: GameState, cast: Cast, *, player: str | None = None) -> bool:
    """Whether a proposed cast is legal, checked directly without enumerating.

    Parameters
    ----------
    state : GameState
    cast : Cast
    player : str or None

    Returns
    -------
    bool
    """
    return not why_illegal(state, cast, player=player)


def why_illegal(state: GameState, cast: Cast, *, player: str | None = None) -> tuple[Reason, ...]:
    """Every rule a proposed cast breaks, each with its CR number.

    Parameters
    ----------
    state : GameState
    cast : Cast
    player : str or None

    Returns
    -------
    tuple of Reason
        Empty when the cast is legal.

    Raises
    ------
    InputError
        The cast names an object that is not in the state.
    UnsupportedRuleError
        Text bearing on this cast that can't be read.
    """
    if not state.has_object(cast.card):
        raise InputError("cast.card", f"no object with id {cast.card!r} in the state")
    refused = halves_reason(state, cast.card, cast.halves)
    if refused is not None:
        return (Reason(*refused),)
    problem = build_cast_problem(
        state, cast.card, player=player, without_paying_mana_cost=cast.without_paying_mana_cost, halves=cast.halves
    )
    return tuple(_reasons(problem, cast._replace(halves=())))


def _reasons(problem: CastProblem, cast: Cast) -> list[Reason]:
    reasons = [c.reason({}) for c in problem.unconditional_constraints if not c.predicate()]
    if problem.spell.card.is_land:
        return reasons
    if cast.card != problem.spell.id:
        return reasons + [Reason("CR 601.2", f"the cast is of {cast.card}, not {problem.spell.id}")]
    assignment: dict[str, Any] = {}
    # Modes (CR 700.2, 702.172).
    mode_count = len(problem.abilities.modes)
    for index in cast.modes:
        if not 0 <= index < mode_count or problem.abilities.mode_choice is None:
            reasons.append(Reason("CR 700.2", f"{problem.spell.name} has no mode {index}"))
    choice = problem.abilities.mode_choice
    repeatable = choice is not None and choice.repeatable
    if len(set(cast.modes)) != len(cast.modes) and not repeatable:
        reasons.append(Reason("CR 700.2d", "a mode is chosen more than once"))
    for mode in problem.abilities.modes:
        count = cast.modes.count(mode.index)
        name = mode_variable(mode.index)
        if repeatable:
            assignment[name] = count if count in problem.variables[name].domain else _Invalid()
            if isinstance(assignment[name], _Invalid):
                reasons.append(Reason("CR 700.2", f"mode {mode.index + 1} is chosen {count} times; "
                                      f"at most {choice.maximum} modes are chosen"))
        else:
            assignment[name] = count > 0
    # Splices (CR 702.47).
    splice_reasons = explain_splices(problem, cast.splices)
    reasons.extend(splice_reasons)
    if SPLICES in problem.variables:
        spliced = tuple(cast.splices)
        valid = not splice_reasons and spliced in problem.variables[SPLICES].domain
        assignment[SPLICES] = spliced if valid else _Invalid()
    elif cast.splices and not splice_reasons:
        reasons.append(Reason("CR 702.47a", "no card can be spliced onto this spell"))
    # Kicker (CR 702.33).
    if KICKED in problem.variables:
        assignment[KICKED] = cast.kicked
    elif cast.kicked and TIMES_KICKED not in problem.variables:
        reasons.append(Reason("CR 702.33a", f"{problem.spell.name} has no kicker"))
    if TIMES_KICKED in problem.variables:
        if cast.times_kicked not in problem.variables[TIMES_KICKED].domain:
            reasons.append(Reason("CR 601.2h", f"the multikicker cost can't be paid {cast.times_kicked} times "
                                  "with the mana available"))
            assignment[TIMES_KICKED] = _Invalid()
        else:
            assignment[TIMES_KICKED] = cast.times_kicked
        if cast.kicked != (cast.times_kicked > 0) and KICKED not in problem.variables:
            reasons.append(Reason("CR 702.33e", "a spell is kicked exactly when its multikicker cost is paid at "
                                  "least once"))
    elif cast.times_kicked:
        reasons.append(Reason("CR 702.33c", f"{problem.spell.name} has no multikicker"))
    # Alternative costs of keywords (CR 118.9): never with "without paying its mana cost" (CR 118.9a).
    for variable, paid, keyword, rule in ((OVERLOADED, cast.overloaded, "overload", "CR 702.96a"),
                                          (AWAKENED, cast.awakened, "awaken", "CR 702.113a")):
        if variable in problem.variables:
            if paid and problem.without_paying_mana_cost:
                reasons.append(Reason("CR 118.9a", f"only one alternative cost: the {keyword} cost can't be paid when "
                                      "the spell is cast without paying its mana cost"))
            assignment[variable] = paid and not problem.without_paying_mana_cost
        elif paid:
            reasons.append(Reason(rule, f"{problem.spell.name} has no {keyword}"))
    # X (CR 601.2b, 107.3).
    if X in problem.variables:
        if cast.x is None:
            reasons.append(Reason("CR 601.2b", f"{problem.spell.name} has X in its mana cost: a value must be announced"))
            assignment[X] = _Invalid()
        elif cast.x not in problem.variables[X].domain:
            rule = "CR 107.3b" if problem.without_paying_mana_cost else "CR 601.2h"
            reasons.append(Reason(rule, f"X = {cast.x} can't be paid" if rule == "CR 601.2h" else
                                  "cast without paying its mana cost, X is 0"))
            assignment[X] = _Invalid()
        else:
            assignment[X] = cast.x
    elif cast.x is not None:
        reasons.append(Reason("CR 107.3", f"{problem.spell.name} has no X in its mana cost"))
    # Targets (CR 601.2c, 115).
    given = {choice.slot: choice for choice in cast.targets}
    if len(given) != len(cast.targets):
        reasons.append(Reason("CR 115.3", "two target choices are given for one instance of 'target'"))
    slot_keys = set()
    for slot in problem.slots:
        slot_keys.add(slot.key)
        choice = given.get(slot.key)
        value = None if choice is None else value_of_choice(choice.targets, choice.division)
        assignment[slot.variable] = value
        if value is None and slot.activator is None:
            reasons.append(Reason("CR 601.2c", f"no target is chosen for '{slot.spec.phrase}' of {problem.spell.name}"))
            assignment[slot.variable] = _Invalid()
            continue
        if value is None or value in slot.choices:
            continue
        spec = slot.spec
        if spec.divided and (len(choice.division) != len(choice.targets) or sum(choice.division) != spec.divided
                             or any(amount < 1 for amount in choice.division)):
            reasons.append(Reason("CR 601.2d", f"'{spec.phrase}': {spec.divided} {spec.divided_what} must be divided "
                                  f"among the targets, at least 1 each; the division given is {list(choice.division)}"))
        elif not spec.divided and choice.division:
            reasons.append(Reason("CR 601.2d", f"'{spec.phrase}' divides nothing; a division is given"))
        value = tuple(choice.targets)
        if len(set(value)) != len(value):
            reasons.append(Reason("CR 115.3", f"the same object is chosen twice for '{spec.phrase}'"))
        if spec.same_controller and len({problem.state.object(t).controller for t in value
                                         if problem.state.has_object(t)}) > 1:
            reasons.append(Reason("CR 601.2c", f"'{spec.phrase}': the targets have different controllers"))
        if not spec.minimum <= len(value) <= spec.count:
            reasons.append(Reason("CR 601.2c", f"'{spec.phrase}' takes {spec.count} target(s); {len(value)} given"))
        for target in value:
            why = why_not_legal_target(problem, spec, target)
            if why is not None:
                reasons.append(Reason(why.rule, f"'{spec.phrase}': {why.message}"))
        assignment[slot.variable] = _Invalid()
    for key in given:
        if key not in slot_keys:
            reasons.append(Reason("CR 601.2c", f"no instance of 'target' at {key} in the spell or its spliced texts"))
    # Objects paying costs (CR 601.2h, 118.10): discards and sacrifices; a card exiled from the hand instead of
    # paying the mana cost (CR 118.9); then cards exiled from the graveyard, permanents tapped or returned.
    spell_name = problem.spell.name
    for variable, given, action, absent in (
        (DISCARDS, cast.discards, "discard", f"{spell_name} has no discard cost"),
        (SACRIFICES, cast.sacrifices, "sacrifice", f"{spell_name} has no sacrifice cost"),
    ):
        _check_cost_objects(problem, assignment, reasons, variable, given, action, absent)
    graveyard_exiles = cast.exiles
    if EXILED_INSTEAD in problem.variables:
        state = problem.state
        from_hand = [e for e in cast.exiles if state.has_object(e) and state.object(e).zone is Zone.HAND]
        graveyard_exiles = tuple(e for e in cast.exiles if e not in from_hand)
        if len(from_hand) > 1 or (from_hand and from_hand[0] not in problem.variables[EXILED_INSTEAD].domain):
            colour = problem.abilities.exile_from_hand_instead.name.lower()
            reasons.append(Reason("CR 118.9", f"one {colour} card other than {spell_name} is exiled from "
                                  f"{problem.caster}'s hand instead of paying the mana cost; {from_hand} can't be"))
            assignment[EXILED_INSTEAD] = _Invalid()
        else:
            assignment[EXILED_INSTEAD] = from_hand[0] if from_hand else None
    for variable, given, action, absent in (
        (EXILES, graveyard_exiles, "exile", f"{spell_name} has no exile cost"),
        (TAPS, cast.taps, "tap", "no cost of this cast asks to tap a permanent"),
        (RETURNS, cast.returns, "return", "no cost of this cast asks to return a permanent"),
    ):
        _check_cost_objects(problem, assignment, reasons, variable, given, action, absent)
    # Constraints whose values are all valid.
    for constraint in problem.constraints:
        if not constraint.scope:
            continue
        values = [assignment.get(name) for name in constraint.scope]
        if any(isinstance(v, _Invalid) for v in values):
            continue
        if not constraint.predicate(*values):
            reasons.append(constraint.reason(assignment))
    return _unique(reasons)


def _check_cost_objects(problem: CastProblem, assignment: dict, reasons: list[Reason], variable: str,
                        given: tuple[str, ...], action: str, absent: str) -> None:
    """Put the objects a cast names for one action's costs into ``assignment``, or say why they can't pay.

    The set must be one of the variable's values (the order it is given in
    is not a choice); with no such variable, naming any object is wrong.
    """
    chosen = tuple(sorted(given))
    if variable in problem.variables:
        canonical = {tuple(sorted(d)): d for d in problem.variables[variable].domain}
        if chosen in canonical:
            assignment[variable] = canonical[chosen]
        else:
            reasons.append(_cost_objects_reason(problem, tuple(given), variable, action))
            assignment[variable] = _Invalid()
    elif chosen:
        reasons.append(Reason("CR 601.2h", absent))


def _cost_objects_reason(problem: CastProblem, given: tuple[str, ...], variable: str, action: str) -> Reason:
    """Why a set of objects given to pay a cost is not one the costs accept (CR 601.2h, 118.10).

    Each object is checked first (it exists, is where the cost takes it from,
    is not the spell itself, is given once), then how many are given against
    the sizes the costs allow, then what they are.
    """
    state = problem.state
    for object_id in given:
        if object_id == problem.spell.id:
            return Reason("CR 601.2a", f"{problem.spell.name} is on the stack: it can't pay its own cost")
        if not state.has_object(object_id):
            return Reason("CR 601.2h", f"there is no object {object_id!r}")
        obj = state.object(object_id)
        if action == "discard" and (obj.zone is not Zone.HAND or obj.owner != problem.caster):
            return Reason("CR 601.2h", f"{object_id} is not a card in {problem.caster}'s hand")
        if action == "exile" and (obj.zone is not Zone.GRAVEYARD or obj.owner != problem.caster):
            return Reason("CR 601.2h", f"{object_id} is not a card in {problem.caster}'s graveyard")
        if action in ("sacrifice", "tap", "return") and obj.zone is not Zone.BATTLEFIELD:
            return Reason("CR 701.21a", f"{object_id} is not a permanent on the battlefield")
        if action in ("sacrifice", "tap", "return") and obj.controller != problem.caster:
            return Reason("CR 701.21a", f"{obj.name} ({object_id}) is controlled by {obj.controller}: "
                          f"a player can {action} only permanents they control")
    if len(set(given)) != len(given):
        return Reason("CR 118.10", f"the same object can't be used twice to {action}")
    sizes = sorted({len(d) for d in problem.variables[variable].domain})
    if len(given) not in sizes:
        needed = " or ".join(str(n) for n in sizes) if sizes else "no"
        return Reason("CR 601.2h", f"{needed} object(s) to {action} can pay the costs of this cast; {len(given)} given")
    return Reason("CR 601.2h", f"{list(given)} can't pay the costs that ask to {action} (not of the kind asked for)")


class _Invalid:
    """A value outside its domain: constraints over it are not checked again."""


def _unique(reasons: list[Reason]) -> list[Reason]:
    seen: dict[Reason, None] = {}
    for reason in reasons:
        seen.setdefault(reason, None)
    return list(seen)
