"""The cast problem as the one definition of legality (CR 601.2).

- ``assignment_of`` is the inverse of ``to_cast``: every solution of every
  example state reads back to itself, every field of every kind of choice
  included (zone, half, alternative and optional costs, modes, splice set
  and order, X, targets, divisions, cost objects).
- Every variable is keyed by a typed :class:`~models.choices.ChoiceKey`.
- A value outside a domain is explained by its variable, with a CR rule.
- Lazy domains agree with themselves: what they make, they contain.
- With ten splice cards in hand the splice domains are made, not listed.
"""

from __future__ import annotations

import itertools

import pytest

from legalcasts import build_cast_problem, get_engine, legal_casts
from models.choices import ChoiceKey, ChoiceKind, CostObjectsKey, DivisionKey, SpliceSetKey, TargetKey
from models.errors import UnsupportedRuleError
from models.io.state_json import load_state
from models.objects import Zone
from solver.problem import LazyDomain
from tests.conftest import ROOT, UNREAD_CURRENT_WORDING
from tests.rules.conftest import build_state

EXAMPLES = [
    pytest.param(
        p,
        id=p.stem,
        marks=pytest.mark.xfail(
            raises=UnsupportedRuleError, strict=True, reason=UNREAD_CURRENT_WORDING[f"examples/{p.name}"]
        ),
    )
    if f"examples/{p.name}" in UNREAD_CURRENT_WORDING
    else pytest.param(p, id=p.stem)
    for p in sorted((ROOT / "examples").glob("*.json"))
]


def _views(path):
    state = load_state(path)
    player = state.priority
    for card in state.hand(player):
        if not card.card.is_land:
            yield state, legal_casts(state, card.id, player=player)


@pytest.mark.parametrize("path", EXAMPLES)
def test_assignment_of_inverts_to_cast(path) -> None:
    """CR 601.2: every solution of every example reads back from its cast to the same assignment."""
    brute = get_engine("brute")
    for _, view in _views(path):
        for problem in view.problems:
            for solution in itertools.islice(brute.solutions(problem), 300):
                cast = problem.to_cast(solution)
                proposal = problem.assignment_of(cast)
                assert proposal.unmatched == ()
                assert {key: _canonical(key, value) for key, value in proposal.values.items()} == {
                    key: _canonical(key, value) for key, value in solution.items()
                }
                assert problem.is_legal(cast) and problem.why_illegal(cast) == []


def _canonical(key: ChoiceKey, value):
    """Cost objects are sets (any order names the same objects); a mode chosen once is 1 or True."""
    if isinstance(key, CostObjectsKey):
        return tuple(sorted(value))
    return value


def test_every_kind_of_choice_round_trips_on_one_problem() -> None:
    """CR 601.2a-h: a problem with a mode, a division, an optional cost, X and cost objects reads back whole."""
    forked = {
        "name": "Test Fork",
        "mana_cost": "{X}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Kicker {1}\nAs an additional cost to cast this spell, sacrifice a creature.\n"
        "Test Fork deals 2 damage divided as you choose among one or two targets.",
    }
    state = build_state(
        hand=[("fork", forked)], battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("bear", "Grizzly Bears")]
    )
    problem = build_cast_problem(state, "fork")
    kinds = {key.kind for key in problem.variables}
    assert {
        ChoiceKind.OPTIONAL_COST,
        ChoiceKind.X,
        ChoiceKind.TARGET,
        ChoiceKind.DIVISION,
        ChoiceKind.COST_OBJECTS,
        ChoiceKind.ZONE,
        ChoiceKind.FACE,
        ChoiceKind.ALTERNATIVE_COST,
    } <= kinds
    solutions = list(get_engine("brute").solutions(problem))
    # Sacrifice the Bears (the only creature); X = 0 or 1 with kicker unpaid ({R} or {1}{R} of two Mountains),
    # X = 0 kicked ({1}{R}). Targets: P1, P2 or the Bears (it is sacrificed after targets are chosen, CR 601.2c
    # before 601.2h): one target gets 2 (3 ways), two targets get 1 and 1 (3 pairs): 6 per cost choice.
    # (X=0, X=1, kicked) x 6 = 18.
    assert len(solutions) == 18
    for solution in solutions:
        cast = problem.to_cast(solution)
        assert cast.sacrifices == ("bear",) and cast.targets[0].division
        back = problem.assignment_of(cast).values
        assert {k: _canonical(k, v) for k, v in back.items()} == {k: _canonical(k, v) for k, v in solution.items()}


@pytest.mark.parametrize("path", EXAMPLES)
def test_every_variable_is_keyed_by_a_typed_choice(path) -> None:
    """Typed choices: no variable, constraint scope or cost term is named by a string."""
    for _, view in _views(path):
        for problem in view.problems:
            assert all(isinstance(key, ChoiceKey) and key.kind in ChoiceKind for key in problem.variables)
            assert all(isinstance(key, ChoiceKey) for c in problem.constraints for key in c.scope)
            assert all(isinstance(key, ChoiceKey) for term in problem.cost_terms for key in term.scope)


@pytest.mark.parametrize("path", EXAMPLES)
def test_lazy_domains_contain_what_they_make(path) -> None:
    """A lazy domain's membership test agrees with the values it makes (first 2,000 of each)."""
    for _, view in _views(path):
        for problem in view.problems:
            for variable in problem.variables.values():
                values = list(itertools.islice(iter(variable.domain), 2000))
                assert all(value in variable.domain for value in values), variable.key
                assert len(set(values)) == len(values), variable.key


def test_values_outside_a_domain_are_explained_with_their_rule() -> None:
    """CR 601.2: every variable says, with a CR rule, why a value outside its domain can't be chosen."""
    state = load_state(ROOT / "examples" / "case10-mists-ritual-ray.json")
    problem = build_cast_problem(state, "mists")
    wrong = {
        "ZoneKey": Zone.GRAVEYARD,
        "FaceKey": ("Far",),
        "AlternativeCostKey": "overload",
        "SpliceSetKey": ("opt",),
        "SpliceOrderKey": ("ray", "ray"),
        "XKey": 3,
        "TargetKey": ("nobody",),
        "CostObjectsKey": ("isl",),
    }
    for key, variable in problem.variables.items():
        value = wrong[type(key).__name__]
        assert value not in variable.domain
        reasons = variable.why_not(value)
        assert reasons and all(r.rule.startswith("CR ") and r.message for r in reasons), key


def test_ten_splice_cards_make_their_domains_lazily() -> None:
    """CR 702.47a-b: with ten splice cards the sets and orders are made within the budget, not listed.

    The count is asserted against the benchmark's independent count (every affordable set, times its
    orders and targets).
    """
    from benchmarks.splice_build import independent_count, splice_state

    state = splice_state(10)
    problem = build_cast_problem(state, "mists")
    domains = {type(key): variable.domain for key, variable in problem.variables.items()}
    assert isinstance(domains[SpliceSetKey], LazyDomain)
    assert get_engine("fast").count(problem) == independent_count(state) == 56
    # 2^10 sets exist; with four lands only the affordable ones are ever made
    assert sum(1 for _ in domains[SpliceSetKey]) < 2**10


def test_division_and_targets_are_separate_choices() -> None:
    """CR 601.2d: the division is its own variable, made from the targets chosen (Forked Bolt)."""
    forked_bolt = {
        "name": "Forked Bolt",
        "mana_cost": "{R}",
        "type_line": "Sorcery",
        "oracle_text": "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
    }
    state = build_state(
        hand=[("bolt", forked_bolt)], battlefield=[("m1", "Mountain")], opponent=[("b1", "Grizzly Bears")]
    )
    problem = build_cast_problem(state, "bolt")
    (slot,) = problem.slots
    assert isinstance(slot.key, TargetKey) and isinstance(slot.division, DivisionKey)
    # any target among P1, P2, b1: one target gets 2 (3 ways) or two targets get 1 each (3 pairs) = 6
    assert get_engine("fast").count(problem) == 6
