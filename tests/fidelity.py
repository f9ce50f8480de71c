"""The casting structure of a card, as the fidelity harness compares it (see tests/fidelity/README.md).

:func:`structure_of` turns what the Oracle reader made of a card into the plain JSON shape in which the
expected structures are written by hand from the Oracle text, so the two can be compared with ``==``.
"""

from __future__ import annotations

import re

from typing import Any

from models.abilities import (
    ANY_TARGET_KINDS,
    AdditionalCost,
    AlternativeCost,
    CardAbilities,
    CombatDamageRequirement,
    ObjectCost,
    TargetSpec,
)
from models.objects import Card, CardType, Zone
from models.oracle.parser import ANY_NUMBER

__all__ = ["structure_of", "target_of", "bears_on_others"]


def target_of(spec: TargetSpec, condition: tuple[str, ...] = ()) -> dict[str, Any]:
    """One instance of "target" (CR 115.1) as the harness writes it; ``condition`` is its instruction's."""
    condition = spec.condition or condition
    kinds = sorted(k.value for k in spec.kinds)
    if spec.kinds == ANY_TARGET_KINDS:
        kinds = ["any target"]
    if spec.x_count:
        count: int | str = "X"
        minimum: int | str = 0 if spec.x_up_to else "X"
    elif spec.count >= ANY_NUMBER:
        count, minimum = "any number", spec.minimum
    else:
        count, minimum = spec.count, spec.minimum
    return {
        "kinds": kinds,
        "count": count,
        "min": minimum,
        "controller": spec.controller.value,
        "other": spec.distinct_from is not None,
        "restricted": bool(spec.qualities)
        or bool(spec.card_types)
        or spec.same_controller
        or spec.relation is not None
        or spec.controlled_by is not None
        or spec.total_at_most is not None
        or (spec.spells is not None and spec.spells.value != "spell"),
        "divided": spec.divided or ("X" if spec.divided_x else None),
        "when": None if not condition else "kicked" if "kicker" in condition else condition[0],
    }


def _object_cost(cost: ObjectCost) -> str:
    count = "X" if cost.x_count else "any" if cost.count is None else "all" if cost.count == 0 else str(cost.count)
    where = (
        " from graveyard"
        if cost.zone is Zone.GRAVEYARD
        else " from hand"
        if cost.zone is Zone.HAND and cost.action.value != "discard"
        else ""
    )
    return f"{cost.action.value} {count}{where}"


def _additional(cost: AdditionalCost) -> list[str]:
    if cost.keyword in _NAMED_BY_KEYWORD:
        return [cost.keyword]
    found = []
    if not cost.cost.mana.is_empty:
        label = cost.keyword or "pay"  # two kickers are named by their costs: "kicker {1}{B}" (CR 702.33b)
        found.append(label if label.endswith(str(cost.cost.mana)) else f"{label} {cost.cost.mana}")
    found += [_object_cost(o) for o in cost.cost.objects]
    if cost.cost.discards_at_random:
        found.append(f"discard {cost.cost.discards_at_random} at random")
    found += [f"{'behold' if r.behold else 'reveal'} {r.qualities.text}" for r in cost.cost.reveals]
    if cost.cost.life_x:
        found.append("pay X life")
    if not found and cost.keyword:
        found.append(cost.keyword)
    return found


_NAMED_BY_KEYWORD = frozenset({"conspire"})
"""Additional costs whose objects the keyword itself defines, listed by its name: conspire taps two creatures
that share a colour with the spell (CR 702.78a)."""


def _alternative(cost: AlternativeCost) -> str:
    mana = cost.cost.mana
    text = cost.keyword if mana.is_empty else f"{cost.keyword} {mana}"
    damage = [r for r in cost.requires if isinstance(r, CombatDamageRequirement)]
    if damage:  # prowl's creature types (CR 702.76a), freerunning's Assassin or commander (CR 702.173a)
        text += f" ({' or '.join(sorted(damage[0].subtypes) + (['commander'] if damage[0].commander else []))})"
    return text


_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def bears_on_others(card: Card, abilities: CardAbilities) -> bool:
    """Whether a permanent's read text bears on other spells: cost changes, protection, mana (CR 601.2f, 702).

    A basic land type makes mana (CR 305.6) whatever the text says.
    """
    return bool(
        _BASIC_LAND_TYPES & set(card.subtypes)
        or [m for m in abilities.cost_modifiers if not m.own]
        or abilities.protections
        or abilities.hexproof
        or abilities.shroud
        or abilities.hexproof_from
        or abilities.controller_hexproof
        or abilities.controller_shroud
        or abilities.mana_abilities
        or abilities.permanent_unsupported
        or any(
            re.search(r"\b(protection|hexproof|shroud)\b", k) for e in abilities.static_effects for k in e.add_keywords
        )
        or any(e.loses_abilities or e.activation_banned or e.land_types for e in abilities.static_effects)
        or abilities.casting_rules
    )


def structure_of(card: Card, abilities: CardAbilities) -> dict[str, Any]:
    """The casting structure of a card that the reader marked fully read, in the harness's JSON shape.

    Parameters
    ----------
    card : Card
    abilities : CardAbilities
        ``parse_card(card)``, with no casting-relevant unsupported text.

    Returns
    -------
    dict
        ``x``, ``flash``, ``targets`` (of the non-modal text, printed order), ``modes`` (None, or the
        choice bounds, Spree, repeats, entwine/escalate and each mode's targets and cost),
        ``additional_costs``, ``alternative_costs``, and for a permanent ``bears_on_others``.
    """
    choice = abilities.mode_choice
    modes = None
    if choice is not None:
        modes = {
            "choose": [choice.minimum, choice.maximum],
            "spree": choice.spree,
            "repeatable": choice.repeatable,
            "entwine": choice.entwine is not None,
            "escalate": choice.escalate is not None,
            "modes": [
                {
                    "targets": [target_of(t) for t in m.instruction.targets],
                    "cost": None if m.cost is None else str(m.cost),
                }
                for m in abilities.modes
            ],
        }
    structure: dict[str, Any] = {
        "x": card.mana_cost is not None and card.mana_cost.has_x,
        "flash": abilities.flash,
        "targets": [
            target_of(t, instruction.condition) for instruction in abilities.spell_text for t in instruction.targets
        ],
        "modes": modes,
        "additional_costs": [text for cost in abilities.additional_costs for text in _additional(cost)],
        "alternative_costs": [_alternative(cost) for cost in abilities.alternative_costs],
    }
    if abilities.delve:
        structure["delve"] = True
    if abilities.improvise:
        structure["improvise"] = True
    if abilities.face_down:
        structure["face_down"] = abilities.face_down
    if abilities.bestow:
        structure["bestow"] = str(abilities.bestow)
    if abilities.prototype:
        prototype = abilities.prototype
        structure["prototype"] = [str(prototype.mana_cost), prototype.power, prototype.toughness]
    own = [
        [str(m.per_target_beyond_first), "target beyond the first"]
        if m.per_target_beyond_first is not None
        else [m.amount, m.per.text if m.per else None]
        for m in abilities.cost_modifiers
        if m.own
    ]
    if own:
        structure["own_cost_changes"] = own
    if not (card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)):
        structure["bears_on_others"] = bears_on_others(card, abilities)
    return structure
