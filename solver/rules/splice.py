"""Splice (CR 702.47): which cards may be spliced, and in which order.

One variable, ``splices``: the ordered tuple of the cards spliced, all
different, each a card in the caster's hand with "Splice onto <quality>"
where the spell has that quality (CR 702.47a-b). Its domain holds every such
sequence (the empty one first): choosing the set and the order is one choice
here because the order of the added texts is the caster's (CR 702.47b) and
two orders are two different casts. The spell itself is never in its own
domain: it is on the stack, not in hand (CR 601.2a).

A card whose text needs targets that can't be chosen can't be spliced
(CR 702.47b): that follows from its target slots (:mod:`solver.rules.targets`).
"""

from __future__ import annotations

import itertools

from models.errors import UnsupportedRuleError
from models.objects import ObjectId, Zone
from solver.problem import CastProblem, Reason
from solver.abilities import abilities_of

__all__ = ["add_splice_rules", "splice_candidates", "explain_splices", "SPLICES"]

SPLICES = "splices"
"""The name of the splice variable."""


def splice_candidates(problem: CastProblem) -> list:
    """Cards in the caster's hand that may be spliced onto this spell (CR 702.47a).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    list of (GameObject, CardAbilities)
        In state-file order.

    Raises
    ------
    UnsupportedRuleError
        A card with a splice ability onto this spell whose text can't be read.
    """
    card = problem.spell.card
    found = []
    for candidate in problem.state.hand(problem.caster):
        if candidate.id == problem.spell.id:
            continue  # on the stack now (CR 601.2a): never spliced onto itself
        abilities = abilities_of(candidate)
        splice = abilities.splice
        unread_splice = [u for u in abilities.casting_unsupported if "splice" in u.span.lower()]
        if splice is None:
            if unread_splice:
                raise UnsupportedRuleError(candidate.name, unread_splice[0].span, unread_splice[0].reason)
            continue
        if not splice.applies_to(card.types, card.subtypes):
            continue
        unread = [u for u in abilities.casting_unsupported]
        if unread:
            raise UnsupportedRuleError(candidate.name, unread[0].span, unread[0].reason)
        found.append((candidate, abilities))
    return found


def add_splice_rules(problem: CastProblem) -> None:
    """Add the ``splices`` variable (CR 601.2b, 702.47a-b).

    Parameters
    ----------
    problem : CastProblem
        Its ``splice_candidates`` are filled in.
    """
    candidates = splice_candidates(problem)
    problem.splice_candidates = {obj.id: (obj, abilities) for obj, abilities in candidates}
    if not candidates:
        return
    ids = [obj.id for obj, _ in candidates]
    domain: list[tuple[ObjectId, ...]] = []
    for size in range(len(ids) + 1):
        domain.extend(itertools.permutations(ids, size))
    problem.add_variable(SPLICES, tuple(domain), "CR 702.47b")


def explain_splices(problem: CastProblem, spliced: tuple[str, ...]) -> list[Reason]:
    """Why a proposed sequence of spliced cards is not a legal choice.

    Parameters
    ----------
    problem : CastProblem
    spliced : tuple of str
        Object ids in splice order.

    Returns
    -------
    list of Reason
        Empty when every card may be spliced (targets aside).
    """
    reasons = []
    state, spell = problem.state, problem.spell
    seen = set()
    for object_id in spliced:
        if object_id in seen:
            reasons.append(Reason("CR 702.47b", f"{object_id} is spliced twice: a card is spliced onto a spell at most once"))
            continue
        seen.add(object_id)
        if object_id == spell.id:
            reasons.append(Reason("CR 702.47a", f"{spell.name} ({object_id}) can't be spliced onto itself: it is on the stack, not in hand"))
            continue
        if not state.has_object(object_id):
            reasons.append(Reason("CR 702.47a", f"there is no object {object_id!r}"))
            continue
        obj = state.object(object_id)
        if obj.zone is not Zone.HAND or obj.owner != problem.caster:
            reasons.append(Reason("CR 702.47a", f"{obj.name} ({object_id}) is not in {problem.caster}'s hand"))
            continue
        splice = abilities_of(obj).splice
        if splice is None:
            reasons.append(Reason("CR 702.47a", f"{obj.name} ({object_id}) has no splice ability"))
        elif not splice.applies_to(spell.card.types, spell.card.subtypes):
            reasons.append(Reason(
                "CR 702.47a",
                f"{obj.name} ({object_id}) splices onto {splice.quality} spells; {spell.name} is not one",
            ))
    return reasons
