"""Spree (CR 702.172): one or more modes, each with its own additional cost.

The mode variables come from :mod:`solver.rules.modes`; Spree asks for one
or more of them (CR 702.172a). The cost printed before each chosen mode is
an additional cost (CR 700.2h), a cost term summed in
:mod:`solver.rules.costs`; so it is still paid when the spell is cast
without paying its mana cost (CR 118.9d).
"""

from __future__ import annotations

from models.abilities import Cost
from solver.problem import CastProblem, CostTerm
from solver.rules.modes import mode_keys

__all__ = ["add_spree_rules"]


def add_spree_rules(problem: CastProblem) -> None:
    """Add Spree's bound, at least one mode, each at most once (CR 702.172a, 700.2d), and the modes' costs.

    Parameters
    ----------
    problem : CastProblem
        The mode variables must have been added (:func:`solver.rules.modes.add_mode_rules`).
    """
    card_name = problem.spell.card.name  # kept by the problem: no reference back to it
    choice = problem.abilities.mode_choice
    if choice is None or not choice.spree:
        return
    keys = mode_keys(problem)
    problem.add_constraint(
        keys,
        lambda *chosen: 1 <= sum(chosen) <= len(keys),
        "CR 702.172a",
        "choose one or more modes (Spree)",
        lambda *chosen: f"{sum(chosen)} modes chosen; {card_name} needs one or more (Spree)",
    )
    for mode, key in zip(problem.abilities.modes, keys):
        if mode.cost is not None:  # an additional cost of the chosen mode (CR 700.2h)
            problem.add_cost(CostTerm(Cost(mode.cost), (key,), int, 1, f"{key} (Spree)"))
