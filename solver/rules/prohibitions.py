"""What permanents forbid or allow in casting: "can't cast", "only any time they could cast a sorcery", flash.

CR 101.2: when a rule or effect allows something and another says it can't be done, the "can't" wins: a
permanent's "Your opponents can't cast spells during your turn" forbids a cast the rules would allow, and "You
may cast spells as though they had flash" (CR 601.3c, 702.8a) yields to it. Each permanent's
:class:`~models.abilities.CastingRule` records bind the players they name, as seen from the permanent's
controller, for the spells they name. A spell whose mana value the rule reads and whose mana cost has {X} is
judged with the X announced (CR 202.3e: on the stack, X is its value).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from models.abilities import AlternativeCost, CastingRule, ObjectFilter, Quality
from models.choices import X
from models.errors import UnsupportedRuleError
from models.mana import SymbolKind
from models.objects import GameObject, Phase, PlayerId, Zone
from solver.abilities import abilities_of
from models.state import GameState
from solver.problem import CastProblem, ProblemRef, state_memo
from solver.rules.conditions import count_in_state
from solver.rules.qualities import has_qualities

__all__ = [
    "add_casting_rules",
    "granted_alternative_costs",
    "granted_flash",
    "casting_rules_that_bind",
    "free_cast_grant",
    "top_of_library",
]


def casting_rules_that_bind(problem: CastProblem, kind: str) -> Iterator[tuple[GameObject, CastingRule]]:
    """The permanents' casting rules of one kind that bind this caster, now, for this spell (its mana value aside).

    Parameters
    ----------
    problem : CastProblem
    kind : str
        A :attr:`CastingRule.kind`.

    Yields
    ------
    (GameObject, CastingRule)
        The permanent and its rule, in battlefield order.
    """
    state, caster, spell = problem.state, problem.caster, problem.spell
    for obj, rule in _casting_rules(state):
        if rule.kind != kind:
            continue
        if rule.players == "you" and obj.controller != caster:
            continue
        if rule.players == "opponents" and obj.controller == caster:
            continue
        if rule.condition is not None:
            if rule.condition.kind == "your turn" and state.active_player != obj.controller:
                continue
            if rule.condition.kind == "not your turn" and state.active_player == obj.controller:
                continue
            if rule.condition.kind == "combat" and state.phase is not Phase.COMBAT:
                continue
            if rule.condition.kind == "attacked this turn" and caster not in state.this_turn.attacked:
                continue
        if rule.from_zones is not None and spell.zone not in rule.from_zones:
            continue
        if rule.not_from_hand and spell.zone is Zone.HAND:
            continue
        if rule.with_x and not _has_x(spell):
            continue
        if rule.named and not _named(spell, rule):
            continue
        if not has_qualities(spell, _without_mana_value(rule.spells)):
            continue
        yield obj, rule


def _named(spell: GameObject, rule: CastingRule) -> bool:
    """Whether the spell has the name the rule names (CR 201.2).

    Raises
    ------
    UnsupportedRuleError
        A card of two faces one of which has the name: the face cast has it alone (CR 709.3a, 712.11b), and which
        face is cast is not decided here.
    """
    name = spell.card.name.lower()
    if name == rule.named:
        return True
    if rule.named in name.split(" // "):
        raise UnsupportedRuleError(spell.name, rule.text, "a name of one face of the card: which face is cast")
    return False


def _casting_rules(state: GameState) -> tuple[tuple[GameObject, CastingRule], ...]:
    """Every permanent's casting rules with the permanent, battlefield order: read once per state (its memo)."""
    memo = state_memo(state)
    if memo.casting_rules is None:
        memo.casting_rules = tuple(
            (obj, rule) for obj in state.battlefield() for rule in abilities_of(obj).casting_rules
        )
    return memo.casting_rules


def top_of_library(state: GameState, card: GameObject, player: PlayerId) -> tuple[GameObject, CastingRule] | None:
    """The first permanent of ``player`` that lets them cast spells from the top of their library, if ``card`` is there.

    "You may cast creature spells from the top of your library." (Garruk's Horde) functions for its controller and
    their library only (CR 109.5, 601.3). The state lists a library's cards without their order, so whether
    ``card`` is on top is not known (CR 401.2): its cast is refused, never guessed; other casts don't depend on it.

    Parameters
    ----------
    state : GameState
    card : GameObject
        A card in some zone.
    player : PlayerId
        Who would cast it.

    Returns
    -------
    (GameObject, CastingRule) or None
        None when the card is not in ``player``'s library or no permanent of theirs has such a permission.
    """
    if card.zone is not Zone.LIBRARY or card.owner != player:
        return None
    return next(
        (
            (obj, rule)
            for obj, rule in _casting_rules(state)
            if rule.kind == "top of library" and obj.controller == player
        ),
        None,
    )


def granted_flash(problem: CastProblem) -> bool:
    """Whether a permanent lets the caster cast this spell as though it had flash (CR 601.3c, 702.8a).

    "You may cast spells as though they had flash." (Leyline of Anticipation), "You may cast creature spells as
    though they had flash." (Vivien, Champion of the Wilds): for the permanent's controller.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    bool
    """
    return any(True for _ in casting_rules_that_bind(problem, "as though flash"))


GRANTED = "granted "
"""How the keyword of an alternative cost a permanent grants begins: ``"granted {W}{U}{B}{R}{G}"``, the cost paid
after it (:func:`granted_alternative_costs`)."""


def granted_alternative_costs(problem: CastProblem) -> tuple[AlternativeCost, ...]:
    """The alternative costs permanents let the caster pay rather than this spell's mana cost (CR 118.9).

    "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast." (Jodah, Archmage Eternal),
    "You may pay {0} rather than pay the mana cost for Zombie creature spells you cast." (Rooftop Storm): for the
    permanent's controller's spells it names (CR 109.5), as the game sees them. Each is one more alternative cost
    of the cast, at most one of which is paid (CR 118.9a), named ``"granted "`` and the cost (``"granted {0}"``):
    two permanents granting the same cost give one choice, the same payment.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    tuple of AlternativeCost
        In battlefield order, each cost once.
    """
    found: dict[str, AlternativeCost] = {}
    for _, rule in casting_rules_that_bind(problem, "alternative cost"):
        cost = rule.alternative
        if cost is None:
            continue
        paid = str(cost.mana) if not cost.objects and not cost.life else cost.text
        keyword = GRANTED + paid
        found.setdefault(keyword, AlternativeCost(keyword, cost, "CR 118.9", granted=True))
    return tuple(found.values())


def free_cast_grant(problem: CastProblem) -> tuple[GameObject, CastingRule] | None:
    """The first permanent that lets the caster cast this spell without paying its mana cost, with its rule.

    "You may cast spells from your hand without paying their mana costs." (Omniscience), "You may cast spells with
    mana value less than or equal to the number of lands you control without paying their mana costs." (Fires of
    Invention): the spell's mana value is judged with X = 0, as a spell cast without paying its mana cost has it
    (CR 107.3b, 202.3e).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    (GameObject, CastingRule) or None
    """
    for obj, rule in casting_rules_that_bind(problem, "without paying"):
        if _named_by_mana_value(rule, _mana_value(problem.spell, 0)) and _within_count(problem, obj, rule):
            return obj, rule
    return None


def _within_count(problem: CastProblem, obj: GameObject, rule: CastingRule) -> bool:
    """Whether the spell's mana value (X = 0) is at most what the rule counts, "you" being its controller."""
    if rule.mana_value_at_most is None:
        return True
    bound = count_in_state(problem.state, obj.controller, rule.mana_value_at_most, obj)
    return bound is not None and _mana_value(problem.spell, 0) <= bound


def add_casting_rules(problem: CastProblem) -> None:
    """Add what the permanents forbid: each rule that binds the caster and this spell, a condition of the cast.

    Parameters
    ----------
    problem : CastProblem

    Notes
    -----
    - CR 101.2: "Noncreature spells with mana value 4 or greater can't be cast." (Gaddock Teeg), "Your opponents
      can't cast spells from anywhere other than their hands." (Drannith Magistrate): the spell can't be cast.
      A rule on mana value (even, "4 or greater") of a spell with {X} binds each value of X apart (CR 202.3e).
    - "Each player can't cast more than one spell each turn." (Rule of Law): with a spell cast this turn (the
      state's ``this_turn.spells_cast``), none more.
    - "Each opponent can cast spells only any time they could cast a sorcery." (Teferi, Time Raveler): in the
      caster's main phase with an empty stack (CR 307.1); a flash permission doesn't change that (CR 101.2).
    """
    problem_of = ProblemRef(problem)
    spell = problem.spell
    for obj, rule in casting_rules_that_bind(problem, "can't cast"):
        says = f'{obj.name} ({obj.id}) says "{rule.text.replace("~", obj.name)}"'
        if not (rule.even_mana_value or _mana_value_qualities(rule.spells)):
            problem.add_constraint((), lambda: False, "CR 101.2", "a permanent forbids the cast", _said(says))
            continue
        if X in problem.variables and _has_x(spell):
            problem.add_constraint(
                (X,),
                lambda x, rule=rule: not _named_by_mana_value(rule, _mana_value(problem_of().spell, x)),
                "CR 101.2",
                "a permanent forbids spells of some mana values",
                lambda x, says=says: (
                    f"{says}, and with X = {x} the spell's mana value is "
                    f"{_mana_value(problem_of().spell, x)} (CR 202.3e, 101.2)"
                ),
            )
        elif _named_by_mana_value(rule, _mana_value(spell, 0)):
            problem.add_constraint((), lambda: False, "CR 101.2", "a permanent forbids the cast", _said(says))
    for obj, rule in casting_rules_that_bind(problem, "one each turn"):
        cast = problem.state.this_turn.spells_cast_by(problem.caster)
        if cast >= rule.limit:
            says = f'{obj.name} ({obj.id}) says "{rule.text}", and {problem.caster} cast {cast} this turn'
            problem.add_constraint((), lambda: False, "CR 101.2", "spells each turn", _said(says))
    for obj, rule in casting_rules_that_bind(problem, "sorcery timing"):
        state = problem.state
        if not (state.active_player == problem.caster and state.phase.is_main and not state.stack):
            says = (
                f'{obj.name} ({obj.id}) says "{rule.text}", and it is {state.active_player}\'s '
                f"{state.phase.value.replace('_', ' ')} phase{', the stack is not empty' if state.stack else ''}"
            )
            problem.add_constraint((), lambda: False, "CR 307.1", "only as a sorcery", _said(says))


def _said(says: str) -> Callable[..., str]:
    """The explanation of a forbidden cast: what the permanent says."""
    return lambda *values: f"{says} (CR 101.2)"


def _has_x(spell: GameObject) -> bool:
    cost = spell.card.mana_cost
    return cost is not None and cost.has_x


def _mana_value(spell: GameObject, x: int) -> int:
    """The spell's mana value with X announced (CR 202.3e)."""
    cost = spell.card.mana_cost
    if cost is None:
        return 0
    return cost.mana_value + x * sum(1 for s in cost.symbols if s.kind is SymbolKind.VARIABLE)


def _mana_value_qualities(spells: ObjectFilter | None) -> list[Quality]:
    return [q for clause in (spells.clauses if spells else ()) for q in clause if q.attribute == "mana value"]


def _without_mana_value(spells: ObjectFilter | None) -> ObjectFilter | None:
    """The filter less its clauses on mana value, judged with X apart."""
    if spells is None:
        return None
    clauses = tuple(c for c in spells.clauses if not any(q.attribute == "mana value" for q in c))
    return ObjectFilter(clauses, spells.text) if clauses else None


def _named_by_mana_value(rule: CastingRule, mana_value: int) -> bool:
    """Whether a spell of this mana value is one the rule names, by its clauses on mana value and parity."""
    if rule.even_mana_value and mana_value % 2:
        return False
    for quality in _mana_value_qualities(rule.spells):
        value = quality.value if isinstance(quality.value, int) else 0
        holds = {"=": mana_value == value, "<=": mana_value <= value, ">=": mana_value >= value}[quality.comparison]
        if holds == quality.negated:
            return False
    return True
