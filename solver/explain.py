"""Why a card has no (or few) legal casts: modes, splices and targets that are unavailable.

For people analysing a position: ``explain_card`` lists each part of a cast
that can't be chosen and the rule that stops it, naming the objects
(e.g. "Kodama's Might can't be spliced (CR 702.47b): no legal target for
'target creature' — Kodama of the North Tree (north) has shroud (CR 702.18a)").
"""

from __future__ import annotations

from dataclasses import dataclass

from models.abilities import TargetSpec
from models.mana import ManaCost, SymbolKind, can_pay
from models.state import GameState
from solver.abilities import abilities_of
from solver.legal import LegalCasts
from solver.problem import CastProblem, Reason
from solver.rules.costs import (
    AWAKENED, DISCARDS, EXILED_INSTEAD, EXILES, KICKED, OVERLOADED, RETURNS, SACRIFICES, TAPS, TIMES_KICKED, X,
)
from solver.rules.splice import SPLICES
from solver.rules.modes import mode_variable
from solver.rules.targets import target_ids, why_not_legal_target

__all__ = ["Explanation", "explain_card"]


@dataclass(frozen=True, slots=True)
class Explanation:
    """What legalcasts can say about the casts of one card.

    Parameters
    ----------
    card : str
        Object id.
    name : str
    count : int
        The number of legal casts.
    reasons : tuple of Reason
        One per unavailable part of a cast, with its rule.
    """

    card: str
    name: str
    count: int
    reasons: tuple[Reason, ...]

    def lines(self) -> list[str]:
        """The explanation as lines of text."""
        head = f"{self.name} ({self.card}): {self.count} legal cast{'s' if self.count != 1 else ''}"
        return [head] + [f"- {reason}" if f"({reason.rule})" not in reason.message else f"- {reason.message}"
                         for reason in self.reasons]


def _no_target(problem: CastProblem, spec: TargetSpec) -> str:
    """Why an instance of "target" has no legal choice, naming the candidates that fail."""
    state = problem.state
    failures = []
    for candidate in list(state.players) + [o.id for o in state.battlefield()]:
        why = why_not_legal_target(problem, spec, candidate)
        if why is not None and why.rule != "CR 115.1":
            failures.append(f"{why.message} ({why.rule})")
    kinds = " or ".join(sorted(k.value for k in spec.kinds))
    if spec.count > 1 and not failures:
        return f"no legal target for '{spec.phrase}': it needs {spec.count} different {kinds}s"
    if not failures:
        return f"no legal target for '{spec.phrase}': there is no {kinds} to choose"
    return f"no legal target for '{spec.phrase}' — " + "; ".join(failures)


def _payable(problem: CastProblem, modes: tuple[int, ...] = (), splices: tuple[str, ...] = ()) -> tuple[bool, str]:
    assignment: dict = {mode_variable(m.index): m.index in modes for m in problem.abilities.modes}
    if SPLICES in problem.variables:
        assignment[SPLICES] = splices
    # The cheapest choices of the rest: X = 0 (CR 107.3), not kicked (CR 702.33a, 702.33c), the mana cost
    # itself; then each alternative cost (CR 118.9): the awaken cost, or a card exiled from the hand.
    assignment.update({name: value for name, value in ((X, 0), (KICKED, False), (TIMES_KICKED, 0),
                                                       (AWAKENED, False), (EXILED_INSTEAD, None), (OVERLOADED, False))
                       if name in problem.variables})
    if problem.total_cost_of is None:
        return True, ""
    options = [assignment]
    for name in (AWAKENED, OVERLOADED):
        if name in problem.variables and True in problem.variables[name].domain:
            options.append({**assignment, name: True})
    for card in problem.variables[EXILED_INSTEAD].domain[1:] if EXILED_INSTEAD in problem.variables else ():
        options.append({**assignment, EXILED_INSTEAD: card, X: problem.state.object(card).card.mana_value})
    life = problem.state.life_of(problem.caster)
    totals = [problem.total_cost_of(option) for option in options]
    ok = any(can_pay(total, problem.mana_sources, life=life) for total in totals)
    return ok, str(totals[0]) or "{0}"


def explain_card(state: GameState, card: str, *, player: str | None = None,
                 without_paying_mana_cost: bool = False) -> Explanation:
    """Explain which parts of a card's casts are unavailable, and why.

    Parameters
    ----------
    state : GameState
    card : str
        Object id.
    player : str or None
        The caster; the card's owner by default.
    without_paying_mana_cost : bool

    Returns
    -------
    Explanation

    Raises
    ------
    InputError, UnsupportedRuleError
        As :func:`solver.build.build_cast_problem`.
    """
    view = LegalCasts(state, card, player=player, without_paying_mana_cost=without_paying_mana_cost)
    count = view.count()
    whole = state.object(card)
    reasons: list[Reason] = []
    for halves, problem in view.parts:
        # a split card: what keeps each half (or the fused spell) from being cast (CR 709.3, 702.102a)
        label = f"{' and '.join(halves)} (fused): " if len(halves) > 1 else f"{halves[0]}: " if halves else ""
        reasons.extend(Reason(r.rule, label + r.message) for r in _problem_reasons(state, problem))
    return Explanation(whole.id, whole.name, count, tuple(reasons))


def _problem_reasons(state: GameState, problem: CastProblem) -> list[Reason]:
    """The unavailable parts of one cast problem, each with its rule."""
    spell = problem.spell
    reasons: list[Reason] = [c.reason({}) for c in problem.unconditional_constraints if not c.predicate()]
    if spell.card.is_land:
        return reasons
    for slot in problem.slots:
        if slot.source == spell.id and slot.mode is None and not slot.choices:
            reasons.append(Reason("CR 601.2c", f"{spell.name} can't be cast (CR 601.2c): {_no_target(problem, slot.spec)}"))
        if (slot.source == spell.id and slot.mode is None and slot.choices and slot.spec.distinct_from is not None
                and all(len(set(target_ids(c))) == len(target_ids(c)) for c in slot.choices)):
            earlier = next(s for s in problem.slots if s.source == slot.source and s.mode == slot.mode
                           and s.instruction == slot.instruction and s.index == slot.spec.distinct_from)
            shared = {t for c in earlier.choices for t in target_ids(c)} | {t for c in slot.choices for t in target_ids(c)}
            if len(shared) < 2:
                reasons.append(Reason("CR 115.4", f"{spell.name} can't be cast (CR 115.4): '{slot.spec.phrase}' must "
                                      f"differ from '{earlier.spec.phrase}', and only {', '.join(sorted(shared))} "
                                      "can be chosen for either"))
    for variable, action in ((DISCARDS, "discard"), (SACRIFICES, "sacrifice"), (EXILES, "exile"), (TAPS, "tap"),
                             (RETURNS, "return")):
        if variable in problem.variables and not problem.variables[variable].domain:
            reasons.append(Reason("CR 601.2h", f"{spell.name} can't be cast (CR 601.2h): {problem.caster} has "
                                  f"nothing of the kind its cost asks to {action}"))
    ok, total = _payable(problem)
    if not ok and not any(r.rule == "CR 601.2h" for r in reasons):  # said already when nothing else is chosen
        life = problem.state.life_of(problem.caster)
        phyrexian = sum(1 for symbol in ManaCost.parse(total).symbols if symbol.kind is SymbolKind.PHYREXIAN)
        extra = f" (its {phyrexian} Phyrexian symbol(s) could be paid with 2 life each, and {problem.caster} " \
                f"has {life}: CR 119.4)" if phyrexian else ""
        reasons.append(Reason("CR 601.2h", f"{spell.name} can't be cast (CR 601.2h): its cost {total} alone can't "
                              f"be paid{extra}"))
    for mode in problem.abilities.modes:
        label = f"mode {mode.index + 1} ('{mode.instruction.text.replace('~', spell.name)}')"
        empty = [s for s in problem.slots if s.source == spell.id and s.mode == mode.index and not s.choices]
        for slot in empty:
            reasons.append(Reason("CR 700.2a", f"{label} can't be chosen (CR 700.2a): {_no_target(problem, slot.spec)}"))
        if not empty:
            ok, total = _payable(problem, modes=(mode.index,))
            if not ok:
                reasons.append(Reason("CR 601.2h", f"{label} can't be chosen (CR 601.2h): the total cost {total} can't be paid"))
    for obj in state.hand(problem.caster):
        if obj.id == spell.id:
            continue
        splice = abilities_of(obj).splice
        if splice is None:
            continue
        name = f"{obj.name} ({obj.id})"
        if not splice.applies_to(spell.card.types, spell.card.subtypes):
            reasons.append(Reason("CR 702.47a", f"{name} can't be spliced onto {spell.name} (CR 702.47a): "
                                  f"it splices onto {splice.quality} spells"))
            continue
        empty = [s for s in problem.slots if s.source == obj.id and not s.choices]
        for slot in empty:
            reasons.append(Reason("CR 702.47b", f"{name} can't be spliced (CR 702.47b): {_no_target(problem, slot.spec)}"))
        if not empty:
            ok, total = _payable(problem, splices=(obj.id,))
            if not ok:
                reasons.append(Reason("CR 601.2h", f"{name} can't be spliced (CR 601.2h): the total cost {total} can't be paid"))
    reasons.extend(_excluded_candidates(problem))
    return reasons


def _excluded_candidates(problem: CastProblem) -> list[Reason]:
    """For instances that do have choices: the candidates of the right kind that can't be chosen, and why."""
    found: list[Reason] = []
    seen: set[tuple[str, str]] = set()
    state = problem.state
    for slot in problem.slots:
        if not slot.choices:
            continue  # already explained as "no legal target"
        for candidate in list(state.players) + [o.id for o in state.battlefield()]:
            why = why_not_legal_target(problem, slot.spec, candidate)
            if why is None or why.rule == "CR 115.1" or (slot.spec.phrase, candidate) in seen:
                continue
            seen.add((slot.spec.phrase, candidate))
            where = "" if slot.source == problem.spell.id else f" (spliced {slot.source})"
            found.append(Reason(why.rule, f"'{slot.spec.phrase}'{where} can't choose {candidate}: {why.message} "
                                          f"({why.rule})"))
    return found
