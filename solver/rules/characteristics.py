"""The characteristics of objects as the game sees them, and the static abilities that change them (CR 613).

What the rules read of a permanent (its types, creature types, power, the protections it has) comes from
its card, its counters and what the state grants it; a static ability on the battlefield that could change
those (CR 613.1d-f, 613.4) and that legalcasts does not apply is refused here, by the rule that would read it,
never ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from models.errors import UnsupportedRuleError
from models.abilities import CardAbilities, EffectScope
from models.objects import CardType, GameObject
from models.state import GameState
from models.subtypes import SUBTYPES
from models.oracle.statics import read_effect_text
from models.oracle.unread import STATIC_COLOUR_CHANGE, STATIC_POWER_CHANGE, STATIC_TYPE_CHANGE
from solver.abilities import abilities_of
from solver.problem import CastProblem, state_memo

__all__ = [
    "battlefield_groups",
    "card_types",
    "creature_types",
    "refuse_granted_protections",
    "refuse_static_changes",
    "refuse_static_colour_changes",
    "refuse_static_keyword_changes",
    "refuse_static_power_changes",
    "refuse_static_type_changes",
    "static_lines",
    "unread_static_line",
]


def static_lines(obj: GameObject) -> tuple[str, ...]:
    """The permanent's static lines that no reader read into an effect or a rule (lowercased, CR 604.1).

    What the layers apply (:mod:`solver.rules.layers`) and what bears on no cast are left out: a rule that reads
    what such a line may change refuses under one that is left, never guesses. A permanent that lost all its
    abilities has none (CR 613.1f).
    """
    return abilities_of(obj).static_unread


def unread_static_line(state: GameState, pattern: re.Pattern[str]) -> tuple[GameObject, str] | None:
    """The first permanent with an unread static line the pattern finds, with that line; None when none has one.

    Parameters
    ----------
    state : GameState
    pattern : re.Pattern
        Searched in each line of :func:`static_lines`.

    Returns
    -------
    (GameObject, str) or None
    """
    for _, permanents in battlefield_groups(state):  # permanents alike in abilities: their lines asked once
        for line in static_lines(permanents[0]):
            if pattern.search(line):
                return permanents[0], line
    for obj in state.battlefield():  # an Aura the state leaves unattached: what it gives, unknown (CR 303.4c)
        if obj.attached_to is None and "Aura" in obj.card.subtypes:
            for given in abilities_of(obj).static_effects:
                if given.affected.scope is EffectScope.ATTACHED and pattern.search(given.text):
                    return obj, given.text
    for effect in state.effects:  # an effect in force not read is read the same way (CR 611.2)
        if read_effect_text(effect.text) is None and pattern.search(effect.text.lower()):
            return state.object(effect.source), effect.text
    return None


def refuse_static_changes(
    problem: CastProblem, pattern: re.Pattern[str], rule: str, what: str, consequence: str
) -> None:
    """Raise when a permanent on the battlefield has an unread static line the pattern finds (once per problem).

    Raises
    ------
    UnsupportedRuleError
        Naming the permanent, its line, and what can't be judged under it.
    """
    if pattern.pattern in problem.memo.checked:
        return
    found = unread_static_line(problem.state, pattern)
    if found is not None:
        obj, line = found
        raise UnsupportedRuleError(obj.name, line, f"a static change of {what} is not applied ({rule}): {consequence}")
    problem.memo.checked.add(pattern.pattern)


_GRANTS_PROTECTION = re.compile(r"\b(hexproof|shroud|protection|can't be the targets?)\b")


def refuse_granted_protections(problem: CastProblem) -> None:
    """Refuse to judge targets when a permanent's unread text may give others hexproof, shroud or protection.

    "Other Spirit creatures you control get +1/+1 and have hexproof." (Drogskol
    Captain) or "You and Humans you control have hexproof." (Sigarda) change
    what may be targeted (CR 702.11, 702.16, 702.18) but are not read: with such
    a permanent on the battlefield, a target is unsupported, never guessed. So is
    an Aura giving one that the state does not say is attached to anything (it
    always is, CR 303.4c); an Equipment or Fortification the state does not say
    is attached is unattached (CR 301.5c), and gives nothing.
    """
    if "granted protections" in problem.memo.checked:
        return
    for abilities, permanents in battlefield_groups(problem.state):  # permanents alike in abilities, asked once
        for unread in abilities.permanent_unsupported:
            if "targeting" in unread.topics and _GRANTS_PROTECTION.search(re.sub(r'"[^"]*"', "", unread.span.lower())):
                raise UnsupportedRuleError(
                    permanents[0].name,
                    unread.span,
                    "it may give other permanents or players hexproof, shroud or protection, which is not read",
                )
        given = [
            k
            for e in abilities.static_effects
            if e.affected.scope is EffectScope.ATTACHED
            for k in e.add_keywords
            if _GRANTS_PROTECTION.search(k)
        ]
        # an Aura on the battlefield is always attached to something (CR 303.4c): one the state says is attached
        # to nothing leaves what it gives unknown; an Equipment or Fortification may be unattached (CR 301.5c)
        obj = (
            next((o for o in permanents if o.attached_to is None and "Aura" in o.card.subtypes), None)
            if given
            else None
        )
        if given and obj is not None:
            raise UnsupportedRuleError(
                obj.name,
                ", ".join(given),
                "it gives the permanent it is attached to "
                f"{', '.join(given)}, and the state does not say what it is attached to "
                "(CR 301.5, 303.4)",
            )
    found = unread_static_line(problem.state, _GRANTS_PROTECTION)
    if found is not None:
        raise UnsupportedRuleError(
            found[0].name, found[1], "it may give permanents hexproof, shroud or protection, which is not read"
        )
    problem.memo.checked.add("granted protections")


def refuse_static_type_changes(problem: CastProblem) -> None:
    """Refuse to judge what a permanent is when a static ability may change card types (CR 613.1d, 205.1b).

    "All Forests are 1/1 creatures that are still lands." (Living Lands) is not
    applied, so which permanents are creatures can't be told: unsupported,
    never guessed.
    """
    refuse_static_changes(problem, STATIC_TYPE_CHANGE, "CR 613.1d", "card types", "what a permanent is can't be told")


def refuse_static_power_changes(problem: CastProblem) -> None:
    """Refuse to judge power or toughness when a permanent's static ability may change them (CR 613.4).

    Power and toughness are read as printed, with +1/+1 and -1/-1 counters
    (CR 122.1a); effects like "Spirit creatures you control get +1/+1" are not
    applied, so a quality naming power is then unsupported, never guessed.
    """
    refuse_static_changes(
        problem, STATIC_POWER_CHANGE, "CR 613.4", "power or toughness", "a target quality naming power can't be judged"
    )


def refuse_static_colour_changes(problem: CastProblem) -> None:
    """Refuse to judge a colour when a permanent's unread static line may change colours (CR 613.1e, 105.3).

    "All creatures are black." not read: whether a creature is black can't be told. Lines read are applied in
    layer 5 (:mod:`solver.rules.layers`).

    Parameters
    ----------
    problem : CastProblem

    Raises
    ------
    UnsupportedRuleError
        A permanent with such a line, named with it.
    """
    refuse_static_changes(problem, STATIC_COLOUR_CHANGE, "CR 613.1e", "colours", "a colour can't be judged")


def refuse_static_keyword_changes(problem: CastProblem, keywords: Iterable[str]) -> None:
    """Refuse to judge keywords when a permanent's unread static line may give or take one of them (CR 613.1f).

    "Each creature you control with a +1/+1 counter on it has trample." not read: whether a creature has
    trample can't be told. Lines read are applied in layer 6 (:mod:`solver.rules.layers`).

    Parameters
    ----------
    problem : CastProblem
    keywords : iterable of str
        The keywords a rule is about to read ("flying" of "target creature with flying"; "haste" of a creature's
        {T} mana ability).
    """
    words = "|".join(sorted(re.escape(k.lower()) for k in keywords))
    if not words:
        return
    pattern = re.compile(
        rf"\b(has|have|gains?|loses?|lose)\b.*\b({words})\b|\blose(s)? all\b.*\babilities\b"
        r"|\b(as|is|becomes?) a copy of\b"  # a copy (CR 707.2): what it copies, the state does not say
    )
    refuse_static_changes(problem, pattern, "CR 613.1f", "abilities", f"whether an object has {words} can't be told")


def creature_types(obj: GameObject) -> frozenset[str]:
    """An object's creature types (CR 205.3m): every one with changeling or "is every creature type" (CR 702.73a)."""
    if "changeling" in abilities_of(obj).keywords or re.search(
        r"\bis every creature type\b", obj.card.oracle_text.lower()
    ):
        return _CREATURE_TYPES
    return frozenset(obj.card.subtypes) & _CREATURE_TYPES


def card_types(obj: GameObject) -> frozenset[CardType]:
    """An object's card types (CR 205.2a), Tribal read as its current name Kindred."""
    return frozenset(CardType.KINDRED if t is CardType.TRIBAL else t for t in obj.card.types)


_CREATURE_TYPES = SUBTYPES["creature"]


def battlefield_groups(state: GameState) -> list[tuple[CardAbilities, list[GameObject]]]:
    """The permanents of a state grouped by their abilities (by identity), in order of first appearance.

    Permanents of one card with no granted abilities share their card's abilities: what a pass over the
    battlefield asks of abilities alone is asked once per group. Kept per state (its memo).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    list of (CardAbilities, list of GameObject)
        Each group's abilities and its permanents, battlefield order within a group.
    """
    memo = state_memo(state)
    if memo.battlefield_groups is None:
        groups: dict[int, tuple[CardAbilities, list[GameObject]]] = {}
        for obj in state.battlefield():
            abilities = abilities_of(obj)
            group = groups.get(id(abilities))
            if group is None:
                group = groups[id(abilities)] = (abilities, [])
            group[1].append(obj)
        memo.battlefield_groups = list(groups.values())
    return memo.battlefield_groups


def refuse_unread_topic(state: GameState, topic: str) -> None:
    """Refuse when a permanent has an unread line bearing on ``topic`` (:func:`models.oracle.unread.topics_of`).

    "counters": a ban on counters beside a cost that puts them (Tatterkite); "sacrifice": a ban on sacrificing
    beside a sacrifice cost (Hithlain Rope): what the line protects can't pay the cost (CR 118.3), and the line is
    not read, so only a cast with such a cost is refused.

    Raises
    ------
    UnsupportedRuleError
        The first such permanent, with the line.
    """
    for abilities, permanents in battlefield_groups(state):
        unread = [u for u in abilities.permanent_unsupported if topic in u.topics]
        if unread:
            raise UnsupportedRuleError(permanents[0].name, unread[0].span, unread[0].reason)
