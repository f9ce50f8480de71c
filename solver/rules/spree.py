"""Spree and the choice of modes (CR 702.172, 700.2).

One boolean variable per mode, ``mode:<i>``; Spree asks for one or more
modes (CR 702.172a) and adds the cost printed before each chosen mode as an
additional cost (CR 700.2h; the cost itself is summed in :mod:`solver.rules.costs`).
A mode whose targets can't be chosen can't be chosen (CR 700.2a): that
follows from its target slots (:mod:`solver.rules.targets`).
"""

from __future__ import annotations

from solver.problem import CastProblem

__all__ = ["add_mode_rules", "mode_variable"]


def mode_variable(index: int) -> str:
    """The name of the variable of mode ``index`` (0-based, printed order)."""
    return f"mode:{index}"


def add_mode_rules(problem: CastProblem) -> None:
    """Add one boolean per mode and the bounds on how many are chosen.

    Parameters
    ----------
    problem : CastProblem

    Notes
    -----
    CR 702.172a: Spree means "choose one or more modes"; CR 700.2d: each mode
    at most once unless the card says otherwise (not modelled here: such
    cards are reported unsupported by the grammar).
    """
    choice = problem.abilities.mode_choice
    if choice is None:
        return
    names = tuple(mode_variable(mode.index) for mode in problem.abilities.modes)
    for name in names:
        problem.add_variable(name, (False, True), "CR 700.2")
    rule = "CR 702.172a" if choice.spree else "CR 700.2"
    low, high = choice.minimum, choice.maximum
    problem.add_constraint(
        names,
        lambda *chosen: low <= sum(chosen) <= high,
        rule,
        f"choose {low} to {high} modes",
        lambda *chosen: (
            f"{sum(chosen)} modes chosen; {problem.spell.card.name} needs "
            + ("one or more (Spree)" if choice.spree and high == len(names) else f"{low} to {high}")
        ),
    )
