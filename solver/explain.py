"""Why a card has no (or few) legal casts: the parts of a cast that can't be chosen, read from its problem.

For people analysing a position: :func:`explain_card` lists each part of a
cast that can't be chosen and the rule that stops it, naming the objects
(e.g. "Kodama's Might can't be spliced (CR 702.47b): no legal target for
'target creature' — Kodama of the North Tree (north) has shroud (CR 702.18a)").

Every "can't" is the judge's: said only when no legal cast makes the choice
(the problem's count, or its count with that choice made). Every sentence
of why comes from the cast problem: its conditions of the whole cast, its
target instances with their candidates (players and permanents, spells on
the stack, cards in graveyards, as each phrase says) and why each can't be
chosen, the splice set's reasons, the objects its costs can use, and its
payment rule evaluated on the cheapest choices. Nothing here re-derives a
rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from models.choices import (
    ALTERNATIVE_COST,
    SPLICE_SET,
    X,
    ChoiceKey,
    CostObjectsKey,
    FaceKey,
    GiftRecipientKey,
    ModeKey,
    OptionalCostKey,
    XKey,
    ZoneKey,
)
from models.mana import ManaCost, SymbolKind
from models.oracle.unread import PERMANENT_RELEVANT, may_change_characteristics
from models.state import GameState
from solver.abilities import abilities_of
from solver.backends import get_engine
from solver.legal import LegalCasts
from solver.problem import CastProblem, ConstraintKind, Reason, TargetSlot
from solver.rules.modes import describe_mode
from solver.rules.x import x_bounds
from solver.rules.splice import splicing_cards
from solver.rules.switches import kick_key
from solver.rules.target_sets import named_candidates

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
        return [head] + [
            f"- {reason}" if f"({reason.rule})" not in reason.message else f"- {reason.message}"
            for reason in self.reasons
        ]


def _worth_naming(problem: CastProblem, candidate: str, why: Reason) -> bool:
    """Whether a candidate's failure says something: not a permanent or player of another kind (CR 115.1).

    A spell on the stack or a card in a graveyard of the wrong kind is named
    ("Lava Spike (spike) is not an instant spell"); a land that is not a
    creature is not.
    """
    if why.rule != "CR 115.1":
        return True
    state = problem.state
    return (
        candidate not in state.players
        and state.has_object(candidate)
        and state.object(candidate).zone.value in ("stack", "graveyard")
    )


def _what(phrase: str) -> str:
    """What a phrase names, without its count: 'two target creatures' -> 'creatures'."""
    return re.sub(r"^.*?\btarget\s+", "", phrase) or phrase


def _no_target(problem: CastProblem, slot: TargetSlot) -> str:
    """Why an instance of "target" has no legal choice, naming the candidates that fail."""
    failures = []
    for candidate in slot.candidates:
        why = slot.why_not_target(candidate)
        if why is not None and _worth_naming(problem, candidate, why):
            failures.append(f"{why.message} ({why.rule})")
    spec = slot.spec
    if not failures:
        if spec.count > 1 and spec.minimum > 1:
            return f"no legal target for '{spec.phrase}': it needs {spec.minimum} different ones"
        return f"no legal target for '{spec.phrase}': there is no {_what(spec.phrase)} to choose"
    return f"no legal target for '{spec.phrase}' — " + "; ".join(failures)


def _cheapest(problem: CastProblem, chosen: dict[ChoiceKey, Any]) -> list[dict[ChoiceKey, Any]]:
    """The cheapest choices made before targets, with ``chosen`` forced, one per alternative cost (CR 118.9).

    Nothing more than asked: no other mode, no splice, no optional cost paid, the smallest X.
    """
    base: dict[ChoiceKey, Any] = {}
    missing = object()
    for key, variable in problem.variables.items():
        if isinstance(key, (ModeKey, OptionalCostKey)):
            base[key] = 0
        elif key == SPLICE_SET:
            base[key] = ()
        elif isinstance(key, (XKey, ZoneKey, FaceKey, GiftRecipientKey)):
            # the smallest X; the one zone and half; no gift promised (None comes first)
            first = next(iter(variable.domain), missing)
            if first is missing:  # no value can be chosen: no cast, whatever its cost (said where it is)
                return []
            base[key] = first
    base.update(chosen)
    return [{**base, ALTERNATIVE_COST: value} for value in problem.variables[ALTERNATIVE_COST].domain]


def _payable(problem: CastProblem, chosen: dict[ChoiceKey, Any] | None = None) -> tuple[bool, str]:
    """Whether the problem's payment rule holds for the cheapest choices with ``chosen``; and that total cost."""
    options = _cheapest(problem, chosen or {})
    if not options:  # no way to pay from where the card is: the zone rule says why (CR 601.2a)
        return True, "{0}"
    rules = [c for c in problem.constraints if c.kind is ConstraintKind.MONOTONE]
    ok = any(all(rule.holds(option) for rule in rules) for option in options)
    total = problem.total_cost_of(options[0]) if problem.total_cost_of else ManaCost.EMPTY
    return ok, str(total) or "{0}"


def explain_card(
    state: GameState,
    card: str,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    backend: str | None = None,
    resolving: str | None = None,
) -> Explanation:
    """Explain which parts of a card's casts are unavailable, and why.

    Every "can't" is a fact of the one judge: the card (a half, a way of casting it) "can't be cast" only when
    its problem has no legal cast; a mode "can't be chosen", a card "can't be spliced", a kick "can't be paid"
    only when no legal cast chooses it (:meth:`CastProblem.choosing`, counted by the fast engine). The sentence
    that follows says why, from the problem's own rules: its conditions of the whole cast, its instances of
    "target" and why each candidate can't be chosen, the objects its costs can use, its payment rule at the
    cheapest choices.

    Parameters
    ----------
    state : GameState
    card : str
        Object id.
    player : str or None
        The caster; the card's owner by default.
    without_paying_mana_cost : bool
    backend : str or None
        The engine that counts the casts (the fast path by default).
    resolving : str or None
        ``"madness"`` or ``"miracle"``: as :class:`~solver.legal.LegalCasts` says.

    Returns
    -------
    Explanation

    Raises
    ------
    InputError, UnsupportedRuleError
        As :func:`solver.build.build_cast_problem`.
    """
    view = LegalCasts(
        state,
        card,
        player=player,
        without_paying_mana_cost=without_paying_mana_cost,
        backend=backend,
        resolving=resolving,
    )
    count = view.count()
    whole = state.object(card)
    reasons: list[Reason] = []
    for (halves, problem), part_count in zip(view.parts, view.part_counts()):
        # a split card: what keeps each half (or the fused spell) from being cast (CR 709.3, 702.102a)
        label = f"{' and '.join(halves)} (fused): " if len(halves) > 1 else f"{halves[0]}: " if halves else ""
        if problem.cast_as is not None:  # CR 702.37c, 708.4, 702.103b
            label = "bestowed: " if problem.cast_as == "bestow" else f"face down ({problem.cast_as}): "
        if problem.prototyped:  # CR 718.3
            label += "prototyped: "
        if (
            problem.cast_as is None
            and problem.without_paying_mana_cost
            and any(
                named == halves and other.prototyped == problem.prototyped and not other.without_paying_mana_cost
                for named, other in view.parts
            )
        ):  # beside casts of the same halves that pay it: a part of its own (CR 118.9a)
            label += "without paying its mana cost: "
        reasons.extend(Reason(r.rule, label + r.message) for r in _problem_reasons(problem, part_count))
    reasons.extend(_read_as_no_cast(state))
    return Explanation(whole.id, whole.name, count, tuple(reasons))


def _read_as_no_cast(state: GameState) -> list[Reason]:
    """The permanents' lines that name what casts read (a keyword, spells, a type) but bear on no cast, said once.

    "This creature can't be blocked except by creatures with flying", "Creature spells you control can't be
    countered": read as combat or what follows a cast (CR 601.2 reads neither), so they change no answer.
    """
    said: dict[str, list[str]] = {}
    for obj in state.battlefield():
        for line in abilities_of(obj).static_no_cast:
            if may_change_characteristics(line.lower()) or PERMANENT_RELEVANT.search(line.lower()):
                said.setdefault(obj.name, [])
                if line not in said[obj.name]:
                    said[obj.name].append(line)
    return [
        Reason("CR 601.2", f"{name}: {' '.join(repr(line) for line in lines)} bears on no cast, and is read as such")
        for name, lines in said.items()
    ]


_FAST = get_engine("fast")
"""The engine that says whether any legal cast makes a choice (every engine gives the same casts)."""


def _none_choose(problem: CastProblem, key: ChoiceKey, holds: Any, text: str) -> bool:
    """Whether no legal cast of the problem makes this choice: the judge's count of the casts that do is 0."""
    return _FAST.count(problem.choosing(key, holds, text)) == 0


def _problem_reasons(problem: CastProblem, count: int) -> list[Reason]:
    """The unavailable parts of one cast problem with ``count`` legal casts, each with its rule."""
    spell = problem.spell
    reasons = problem.failed_whole_cast_conditions()
    reasons.extend(_ignored(problem))
    if spell.card.is_land:
        return reasons
    if count == 0:  # what keeps the spell from being cast at all (CR 601.2)
        reasons.extend(_whole_cast_reasons(problem, said=any(r.rule == "CR 601.2h" for r in reasons)))
    alternatives = problem.variables[ALTERNATIVE_COST]
    for cost in problem.abilities.alternative_costs:
        if cost.requires and cost.keyword not in alternatives.domain:  # its condition (the state says) fails
            for reason in alternatives.why_not(cost.keyword):
                reasons.append(
                    Reason(
                        reason.rule,
                        f"{spell.name} can't be cast for its {cost.keyword} cost ({reason.rule}): {reason.message}",
                    )
                )
    reasons.extend(_modes_not_chosen(problem, count))
    reasons.extend(_splices_not_made(problem, count))
    if count:
        for slot in problem.slots:
            if slot.spec.kicked_count and slot.spec.distinct_from is not None:
                own = [s for s in problem.slots if s.source == spell.id and s.key.mode is None]
                reasons.extend(_kicks_beyond_targets(problem, slot, own))
    reasons.extend(_excluded_candidates(problem))
    return reasons


def _ignored(problem: CastProblem) -> list[Reason]:
    """Conditions the state can't decide that change no answer here (:attr:`CastProblem.undecided`), said as such."""
    return [
        Reason(
            "CR 601.2",
            f"not asked: {error.span!r} ({error.reason}), since {problem.spell.name} has no "
            "legal cast even if it allows one",
        )
        for error in problem.undecided
    ]


def _whole_cast_reasons(problem: CastProblem, said: bool) -> list[Reason]:
    """Why a problem with no legal cast has none: its instances with no target, its costs (CR 601.2c, 601.2h).

    ``said``: a condition of the whole cast has said already that the total cost can't be paid.
    """
    reasons = _target_reasons(problem) + _x_reasons(problem) + _cost_object_reasons(problem)
    total = _total_cost_reasons(problem)
    if not said and not any(r.rule == "CR 601.2h" for r in reasons):  # said once
        reasons += total
    return reasons


def _target_reasons(problem: CastProblem) -> list[Reason]:
    """The spell's own instances of "target" with no target, or too few different ones (CR 601.2c, 115.4)."""
    spell, reasons = problem.spell, []
    own = [slot for slot in problem.slots if slot.source == spell.id and slot.key.mode is None]
    for slot in own:
        if slot.switch is None and not slot.choices:
            reasons.append(Reason("CR 601.2c", f"{spell.name} can't be cast (CR 601.2c): {_no_target(problem, slot)}"))
        if slot.switch is None and slot.choices and slot.spec.distinct_from is not None:
            reasons.extend(_distinct_reasons(problem, own, slot))
    return reasons


def _distinct_reasons(problem: CastProblem, own: list[TargetSlot], slot: TargetSlot) -> list[Reason]:
    """An instance that must differ from an earlier one, when the two can't have enough targets (CR 115.4)."""
    earlier = next(
        s for s in own if s.key.instruction == slot.key.instruction and s.key.index == slot.spec.distinct_from
    )
    shared = set(named_candidates(earlier.choices)) | set(named_candidates(slot.choices))
    least = _least(earlier) + _least(slot)
    if len(shared) >= least:
        return []
    return [
        Reason(
            "CR 115.4",
            f"{problem.spell.name} can't be cast (CR 115.4): '{slot.spec.phrase}' must "
            f"differ from '{earlier.spec.phrase}', which take {least} different targets "
            f"in all, and only {', '.join(sorted(shared)) or 'none'} can be chosen",
        )
    ]


_MISSING = object()


def _x_reasons(problem: CastProblem) -> list[Reason]:
    """No value of X can be announced and paid (CR 107.3, 601.2b, 601.2h)."""
    x = problem.variables.get(X)
    if x is None or next(iter(x.domain), _MISSING) is not _MISSING:
        return []
    why = "; ".join(r.message for r in x.why_not(x_bounds(problem)[0]))
    return [
        Reason(
            "CR 601.2b",
            f"{problem.spell.name} can't be cast (CR 601.2b): no value of X can be announced and paid ({why})",
        )
    ]


def _cost_object_reasons(problem: CastProblem) -> list[Reason]:
    """Each cost that asks for objects the caster doesn't have (CR 601.2h)."""
    return [
        Reason(
            "CR 601.2h",
            f"{problem.spell.name} can't be cast (CR 601.2h): {problem.caster} has "
            f"nothing of the kind its cost asks to {key.action.value}",
        )
        for key, variable in problem.variables.items()
        if isinstance(key, CostObjectsKey) and next(iter(variable.domain), _MISSING) is _MISSING
    ]


def _total_cost_reasons(problem: CastProblem) -> list[Reason]:
    """The total cost alone can't be paid, with what life could pay for Phyrexian symbols (CR 601.2h, 119.4)."""
    ok, total = _payable(problem)
    if ok:
        return []
    life = problem.state.life_of(problem.caster)
    phyrexian = sum(1 for symbol in ManaCost.parse(total).symbols if symbol.kind is SymbolKind.PHYREXIAN)
    extra = (
        f" (its {phyrexian} Phyrexian symbol(s) could be paid with 2 life each, and {problem.caster} "
        f"has {life}: CR 119.4)"
        if phyrexian
        else ""
    )
    return [
        Reason(
            "CR 601.2h",
            f"{problem.spell.name} can't be cast (CR 601.2h): its cost {total} alone can't be paid{extra}",
        )
    ]


def _least(slot: TargetSlot) -> int:
    """The fewest targets an instance takes when it is part of the spell (0 for "up to", CR 601.2c)."""
    return slot.spec.minimum


def _modes_not_chosen(problem: CastProblem, count: int) -> list[Reason]:
    """Each mode no legal cast chooses (every mode, when the problem has no cast), and why (CR 700.2a, 601.2h)."""
    reasons = []
    for mode in problem.abilities.modes:
        key = ModeKey(mode.index)
        if key not in problem.variables or count and not _none_choose(problem, key, bool, f"{key} is chosen"):
            continue
        label = describe_mode(problem, mode.index)
        empty = [s for s in problem.slots if s.key.mode == mode.index and s.key.copy == 0 and not s.choices]
        for slot in empty:
            reasons.append(Reason("CR 700.2a", f"{label} can't be chosen (CR 700.2a): {_no_target(problem, slot)}"))
        if not empty:
            ok, total = _payable(problem, {key: 1})
            if not ok:
                reasons.append(
                    Reason("CR 601.2h", f"{label} can't be chosen (CR 601.2h): the total cost {total} can't be paid")
                )
            elif count:  # no one rule stops it: the choices it needs with it break some rule (CR 700.2)
                reasons.append(Reason("CR 700.2", f"{label} can't be chosen (CR 700.2): no legal cast chooses it"))
    return reasons


def _splices_not_made(problem: CastProblem, count: int) -> list[Reason]:
    """Each card in hand with a splice ability that no legal cast splices, and why (CR 702.47a-b, 601.2h)."""
    spell, reasons = problem.spell, []
    splice_set = problem.variables[SPLICE_SET]
    for obj in splicing_cards(problem):
        name = f"{obj.name} ({obj.id})"
        if obj.id not in problem.splice_candidates:
            for reason in splice_set.why_not((obj.id,)):
                message = "it" + reason.message[len(name) :] if reason.message.startswith(name) else reason.message
                reasons.append(
                    Reason(reason.rule, f"{name} can't be spliced onto {spell.name} ({reason.rule}): {message}")
                )
            continue
        if count and not _none_choose(
            problem, SPLICE_SET, lambda spliced, card=obj.id: card in spliced, f"{name} is spliced"
        ):
            continue
        empty = [s for s in problem.slots if s.source == obj.id and not s.choices]
        for slot in empty:
            reasons.append(Reason("CR 702.47b", f"{name} can't be spliced (CR 702.47b): {_no_target(problem, slot)}"))
        if not empty:
            ok, total = _payable(problem, {SPLICE_SET: (obj.id,)})
            if not ok:
                reasons.append(
                    Reason("CR 601.2h", f"{name} can't be spliced (CR 601.2h): the total cost {total} can't be paid")
                )
            elif count:
                reasons.append(Reason("CR 702.47b", f"{name} can't be spliced (CR 702.47b): no legal cast splices it"))
    return reasons


def _kicks_beyond_targets(problem: CastProblem, slot: TargetSlot, own: list[TargetSlot]) -> list[Reason]:
    """Kicks the mana pays for but the targets don't: each kick needs another different target (CR 702.33c, 115.4).

    "Choose any target, then choose another target for each time this spell was kicked": kicked ``k`` times,
    the spell has ``1 + k`` different targets (CR 115.3, 115.4), so it is kicked at most as many times as the
    later instance has candidates other than the first instance's target. Said when the mana would pay for
    more kicks than that (INTERACTIONS C3), and no legal cast kicks it more.
    """
    spell, spec = problem.spell, slot.spec
    earlier = next(
        (s for s in own if s.key.instruction == slot.key.instruction and s.key.index == spec.distinct_from), None
    )
    key = kick_key(problem, spec.phrase)
    if earlier is None or key not in problem.variables:
        return []
    first, later = set(named_candidates(earlier.choices)), set(named_candidates(slot.choices))
    most = len(later) - (1 if first <= later else 0) if first else 0  # the most left beside one first target
    paid = most
    for kicks in range(most + 1, max(problem.variables[key].domain, default=0) + 1):
        if not _payable(problem, {key: kicks})[0]:
            break
        paid = kicks  # the most kicks the mana pays for, at the cheapest other choices (CR 601.2f-h)
    if paid <= most or not _none_choose(problem, key, lambda times: times > most, f"{key} more than {most} times"):
        return []
    named = ", ".join(sorted(later)) or "none"
    return [
        Reason(
            "CR 702.33c",
            f"{spell.name} can't be kicked more than {most} time(s) (CR 702.33c, 115.4), though "
            f"the mana pays for {paid}: '{spec.phrase}' chooses one target for each kick, all "
            f"different and different from '{earlier.spec.phrase}'; it can choose {named}",
        )
    ]


def _excluded_candidates(problem: CastProblem) -> list[Reason]:
    """For instances that do have choices: the candidates that can't be chosen, and why.

    A candidate outside an instance's domain is in no legal cast's choice for it: the domain is the judge's.
    """
    found: list[Reason] = []
    seen: set[tuple[str, str]] = set()
    for slot in problem.slots:
        if not slot.choices:
            continue  # already explained as "no legal target"
        for candidate in slot.candidates:
            why = slot.why_not_target(candidate)
            if why is None or not _worth_naming(problem, candidate, why) or (slot.spec.phrase, candidate) in seen:
                continue
            seen.add((slot.spec.phrase, candidate))
            where = "" if slot.source == problem.spell.id else f" (spliced {slot.source})"
            found.append(
                Reason(why.rule, f"'{slot.spec.phrase}'{where} can't choose {candidate}: {why.message} ({why.rule})")
            )
    return found
