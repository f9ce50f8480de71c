"""When a text's instance of "target" is part of the spell: its mode chosen, its card spliced, its cost paid.

A mode's text is part of the spell when the mode is chosen (CR 700.2c), a spliced card's text when it is
spliced (CR 702.47d), "if this spell was kicked" text when it is kicked (CR 702.33g); an overloaded spell's
own text takes no target (CR 702.96b). Each condition is a :class:`~solver.problem.SwitchAtom` over one choice
made before targets.
"""

from __future__ import annotations

from typing import Any

from models.abilities import (
    KICKED,
    AdditionalCost,
    AlternativeCost,
    Instruction,
    TargetSpec,
)
from models.choices import ALTERNATIVE_COST, SPLICE_SET, ModeKey, OptionalCostKey
from models.errors import UnsupportedRuleError
from models.objects import (
    GameObject,
)
from solver.problem import (
    CastProblem,
    Switch,
    SwitchAtom,
)

__all__ = ["kick_key", "optional_cost_key", "paid_atom", "switch_of"]


def _mode_atom(index: int, copy: int) -> SwitchAtom:
    key = ModeKey(index)
    if copy:
        return SwitchAtom(key, lambda chosen: chosen > copy, f"{key} is chosen {copy + 1} times or more", "CR 700.2d")
    return SwitchAtom(key, lambda chosen: chosen > 0, f"{key} is chosen", "CR 700.2a")


def _splice_atom(card: GameObject) -> SwitchAtom:
    card_id = card.id
    return SwitchAtom(
        SPLICE_SET,
        lambda spliced: card_id in spliced,
        f"{card.name} ({card_id}) is spliced",
        "CR 702.47b",
        member=card_id,
    )


def paid_atom(problem: CastProblem, source: GameObject, condition: tuple[str, ...], phrase: str) -> SwitchAtom:
    """The atom of text that happens only if a cost was paid: kicker (CR 702.33g), awaken (CR 702.113a).

    Parameters
    ----------
    problem : CastProblem
    source : GameObject
        Whose text it is: the spell's own, or the cost is not one of this cast.
    condition : tuple of str
        The keywords of the costs any one of which, paid, makes the text apply (``TargetSpec.condition``).
    phrase : str
        The words, for the error.

    Returns
    -------
    SwitchAtom
        Over the choice of paying the optional cost, or of the alternative cost.

    Raises
    ------
    UnsupportedRuleError
        Text outside the spell's own, or a spell with none or several costs of those named.
    """
    if source.id != problem.spell.id:
        raise UnsupportedRuleError(source.name, phrase, "text that needs a cost paid, outside the spell's own text")
    optional = [a for a in problem.abilities.additional_costs if a.optional and a.keyword in condition]
    alternative = [a for a in problem.abilities.alternative_costs if a.keyword in condition]
    if len(optional) + len(alternative) != 1:
        # (multikicker's "if it was kicked" beside kicker, or such text on a spell without the cost)
        raise UnsupportedRuleError(
            source.name,
            phrase,
            f"text that needs {' or '.join(condition)} paid, on a spell with none or several such costs",
        )
    if optional:
        key = optional_cost_key(optional[0])
        kicked = condition == ("kicker", "multikicker")
        text = "the spell is kicked" if kicked else f"the {optional[0].keyword} cost is paid"
        return SwitchAtom(key, lambda times: times > 0, text, "CR 702.33g" if kicked else optional[0].rule)
    keyword = alternative[0].keyword
    rule = "CR 702.113b" if keyword == "awaken" else alternative[0].rule
    return SwitchAtom(ALTERNATIVE_COST, lambda chosen: chosen == keyword, f"the {keyword} cost is paid", rule)


def _unpaid_atom(problem: CastProblem, source: GameObject, unless: tuple[str, ...], phrase: str) -> SwitchAtom:
    """The atom of text that is part of the spell only if no cost of ``unless`` was paid.

    Cleave (CR 702.148a-b): paid, it removes the words in square brackets (a text-changing effect, CR 612), so
    the printed version of such a line is then not the spell's text, and its cleaved version is. Kicker or gift
    text that replaces the sentence before it ("If this spell was kicked, instead …", CR 702.33g, 608.2c): the
    atom is that of :func:`paid_atom`, negated.

    Raises
    ------
    UnsupportedRuleError
        Such text outside the spell's own text, or naming a cost the spell does not have.
    """
    if source.id != problem.spell.id:
        raise UnsupportedRuleError(source.name, phrase, "text changed by a cost paid, outside the spell's own text")
    names = tuple(a.keyword for a in problem.abilities.alternative_costs if a.keyword in unless)
    if not names and any(a.optional and a.keyword in unless for a in problem.abilities.additional_costs):
        paid = paid_atom(problem, source, unless, phrase)

        def unpaid(value: Any, paid: SwitchAtom = paid) -> bool:
            return not paid.holds(value)

        return SwitchAtom(paid.key, unpaid, f"not ({paid.text}): the text paying it replaces", paid.rule)
    if not names:
        raise UnsupportedRuleError(
            source.name, phrase, f"text changed by {' or '.join(unless)}, on a spell without that cost"
        )
    rule = next(a.rule for a in problem.abilities.alternative_costs if a.keyword in unless)
    return SwitchAtom(
        ALTERNATIVE_COST,
        lambda chosen: chosen not in names,
        f"the {' or '.join(names)} cost is not paid (paid, the words in square brackets are removed)",
        "CR 702.148b" if names == ("cleave",) else rule,
    )


def _not_removed_atom(removing: tuple[AlternativeCost, ...]) -> SwitchAtom:
    """Overload: paid, the spell's own "target" reads "each" and takes no target (CR 702.96b)."""
    names = tuple(a.keyword for a in removing)
    return SwitchAtom(
        ALTERNATIVE_COST,
        lambda chosen: chosen not in names,
        f"the {' or '.join(names)} cost is not paid (paid, 'target' reads 'each')",
        "CR 702.96b",
    )


def switch_of(
    problem: CastProblem,
    source: GameObject,
    instruction: Instruction,
    spec: TargetSpec,
    mode: int | None,
    copy: int,
    spliced: bool,
) -> Switch | None:
    """When one instance of "target" is part of the spell (CR 601.2c), or None for always.

    Parameters
    ----------
    problem : CastProblem
    source : GameObject
        The card whose text holds it.
    instruction : Instruction
    spec : TargetSpec
    mode, copy : int or None, int
        The mode whose text holds it and which time it is chosen.
    spliced : bool
        The text is a spliced card's.

    Raises
    ------
    UnsupportedRuleError
        Conditions this version does not model (see :func:`paid_atom`).
    """
    atoms: list[SwitchAtom] = []
    if spliced:
        atoms.append(_splice_atom(source))
    if mode is not None:
        atoms.append(_mode_atom(mode, copy))
    for condition in (instruction.condition, spec.condition):
        if condition:
            atoms.append(paid_atom(problem, source, condition, spec.phrase))
    for unless in (instruction.unless, spec.unless):  # cleave's printed text; text kicked text replaces
        if unless:
            atoms.append(_unpaid_atom(problem, source, unless, spec.phrase))
    removing = tuple(a for a in problem.abilities.alternative_costs if a.removes_targets)
    if removing and not spliced and not problem.without_paying_mana_cost:
        if problem.splice_candidates:
            raise UnsupportedRuleError(
                problem.spell.name, removing[0].keyword, "an alternative cost that removes targets with spliced text"
            )
        atoms.append(_not_removed_atom(removing))
    return Switch(tuple(atoms)) if atoms else None


def optional_cost_key(additional: AdditionalCost) -> OptionalCostKey:
    """The key of the choice of paying an optional additional cost: its keyword (or, with none, its text).

    Parameters
    ----------
    additional : AdditionalCost
        An optional cost of the spell (kicker, buyback, gift, …).

    Returns
    -------
    OptionalCostKey
        The key of the variable that says how many times it is paid (CR 601.2b).
    """
    return OptionalCostKey(additional.keyword or additional.cost.text)


def kick_key(problem: CastProblem, phrase: str) -> OptionalCostKey:
    """The choice of how many times the spell is kicked, for text that counts the kicks (CR 702.33c-d).

    Parameters
    ----------
    problem : CastProblem
    phrase : str
        The words that count the kicks, for the error.

    Returns
    -------
    OptionalCostKey
        The key of the spell's one kicker or multikicker cost.

    Raises
    ------
    UnsupportedRuleError
        The spell has no kicker cost, or several.
    """
    kickers = [a for a in problem.abilities.additional_costs if a.optional and a.keyword in KICKED]
    if len(kickers) != 1:
        raise UnsupportedRuleError(
            problem.spell.name, phrase, "text that counts the kicks, on a spell with none or several kicker costs"
        )
    return optional_cost_key(kickers[0])
