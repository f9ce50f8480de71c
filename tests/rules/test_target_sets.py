"""Counting without listing: target sets, divisions and cost objects counted in closed form agree with listing.

CR 115.3, 115.6 (sets of targets), 601.2d (divisions), 601.2h and 118.10 (objects paying costs). Each closed
form is compared with the listing it replaces, on small cases worked out by hand, and the fast engine's
lazy paths (components too large to list, :data:`solver.backends.decompose.LISTED`) with its listed ones.
"""

from __future__ import annotations

import itertools
import math
import random
from types import SimpleNamespace

import pytest

from models.io.state_json import state_from_data
from solver.backends import decompose, get_engine
from solver.legal import is_legal_cast, legal_casts
from solver.rules.object_costs import can_split, count_splits
from solver.rules.target_sets import TargetSets, drawn_indices


@pytest.mark.parametrize(("n", "least", "most"), [(0, 0, 3), (4, 0, 2), (5, 1, 3), (6, 2, 2), (5, 0, 64), (3, 4, 5)])
def test_target_sets_are_the_listed_sets(n, least, most):
    """CR 115.3, 115.6: the sets of ``least`` to ``most`` of n candidates, smaller first, each sorted by id."""
    candidates = tuple(f"c{(7 * i) % 10}{i}" for i in range(n))  # not in id order
    listed = [tuple(sorted(c)) for k in range(least, min(most, n) + 1) for c in itertools.combinations(candidates, k)]
    sets = TargetSets(candidates, least, most)
    assert list(sets) == listed
    assert sets.size == len(listed) == sum(math.comb(n, k) for k in range(least, min(most, n) + 1))
    assert [sets[i] for i in range(sets.size)] == listed
    assert all(chosen in sets for chosen in listed)
    assert not listed or tuple(reversed(listed[-1])) not in sets or len(listed[-1]) < 2
    assert ("nobody",) not in sets and "c00" not in sets


def test_target_sets_draw_uniformly():
    """CR 115.6: 'up to two' of four candidates is 11 sets; 11,000 draws give each about 1,000 times."""
    sets = TargetSets(("a", "b", "c", "d"), 0, 2)
    rng = random.Random(3)
    seen: dict[tuple[str, ...], int] = {}
    for _ in range(11_000):
        chosen = sets.sample(rng)
        seen[chosen] = seen.get(chosen, 0) + 1
    assert set(seen) == set(sets)
    assert all(850 < times < 1150 for times in seen.values())


@pytest.mark.parametrize("seed", range(20))
def test_count_splits_is_the_number_of_sets_that_pay(seed):
    """CR 118.10, 601.2h: count_splits equals the sets of the right size that can_split accepts."""
    rng = random.Random(seed)
    objects = {
        f"o{i}": SimpleNamespace(a=rng.random() < 0.5, b=rng.random() < 0.5, c=rng.random() < 0.3)
        for i in range(rng.randrange(3, 9))
    }
    needs = [(rng.randrange(1, 3), lambda o: o.a), (rng.randrange(0, 3), lambda o: o.b)]
    if rng.random() < 0.5:
        needs.append((1, lambda o: o.c))
    needs = [(n, m) for n, m in needs if n]
    candidates = tuple(objects)
    size = sum(n for n, _ in needs)
    listed = sum(1 for chosen in itertools.combinations(candidates, size) if can_split(chosen, needs, objects))
    assert count_splits(needs, candidates, objects) == listed


def _arc_state(creatures: int) -> object:
    objects = [
        {"id": "arc", "card": "Arc Lightning", "zone": "hand", "owner": "P1"},
        {"id": "m1", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
        {"id": "m2", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
        {"id": "m3", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
    ]
    objects += [
        {"id": f"b{i}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} for i in range(creatures)
    ]
    return state_from_data({"players": ["P1", "P2"], "objects": objects})


@pytest.mark.parametrize("creatures", [0, 1, 3, 20])
def test_divided_damage_is_counted_by_number_of_targets(creatures):
    """CR 601.2d: Arc Lightning, 3 damage divided among one, two or three targets, n candidates.

    n = creatures + 2 players; one target gets 3 (n ways), two get 2+1 or 1+2 (2 C(n, 2)), three get 1 each
    (C(n, 3)). 20 Bears: 22 + 462 + 1540 = 2024.
    """
    n = creatures + 2
    expected = n + 2 * math.comb(n, 2) + math.comb(n, 3)
    state = _arc_state(creatures)
    view = legal_casts(state, "arc")
    assert view.count() == expected
    listed = list(view)
    assert len(listed) == len(set(listed)) == expected
    assert all(cast in view for cast in listed[:50])
    assert legal_casts(state, "arc", backend="python-constraint").count() == expected


def test_lazy_components_give_the_listed_casts(monkeypatch):
    """CR 601.2c-d: made lazily (nothing listed), the casts, their order and the counts are the listed ones."""
    state = _arc_state(6)
    listed = list(legal_casts(state, "arc"))
    monkeypatch.setattr(decompose, "LISTED", 0)
    lazy_view = legal_casts(state, "arc")
    assert list(lazy_view) == listed
    assert lazy_view.count() == len(listed)
    rng = random.Random(7)
    drawn = [lazy_view.sample(rng) for _ in range(300)]
    assert all(cast in lazy_view and is_legal_cast(state, cast) for cast in drawn)


def test_divided_draws_are_uniform():
    """CR 601.2d: each of Arc Lightning's 10 casts with one Bear (3 candidates: 3 + 6 + 1) drawn about as often."""
    state = _arc_state(1)
    view = legal_casts(state, "arc")
    assert view.count() == 10
    rng = random.Random(11)
    seen: dict[object, int] = {}
    for _ in range(5000):
        cast = view.sample(rng)
        seen[cast] = seen.get(cast, 0) + 1
    assert set(seen) == set(view)
    assert all(400 < times < 600 for times in seen.values())


def test_another_target_draws_are_uniform():
    """CR 115.4, 702.33c: each of Comet Storm's 48 casts (4 Mountains; P1, P2 and two Bears) drawn about as often.

    X + 2 + k <= 4 and 4 candidates: 3 x 4 (k = 0) + 2 x 4 * C(3, 1) + 4 * C(3, 2) = 12 + 24 + 12 = 48. A draw
    picks a frame by its count, then the first target and the kicked ones by how many they could share.
    """
    objects = [{"id": "storm", "card": "Comet Storm", "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"m{i}", "card": "Mountain", "zone": "battlefield", "controller": "P1"} for i in range(4)]
    objects += [{"id": f"c{i}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} for i in range(2)]
    view = legal_casts(state_from_data({"players": ["P1", "P2"], "objects": objects}), "storm")
    assert view.count() == 48 and not get_engine("fast").listed_components(view.problem)
    rng = random.Random(13)
    seen: dict[object, int] = {}
    for _ in range(48 * 200):
        cast = view.sample(rng)
        seen[cast] = seen.get(cast, 0) + 1
    assert set(seen) == set(view)
    assert all(130 < times < 270 for times in seen.values())  # 200 expected each; a bound far from chance


def _effort_state() -> object:
    objects = [
        {"id": "effort", "card": "Collective Effort", "zone": "hand", "owner": "P1"},
        {"id": "p1", "card": "Plains", "zone": "battlefield", "controller": "P1"},
        {"id": "p2", "card": "Plains", "zone": "battlefield", "controller": "P1"},
        {"id": "elf1", "card": "Llanowar Elves", "zone": "battlefield", "controller": "P1"},
        {"id": "elf2", "card": "Llanowar Elves", "zone": "battlefield", "controller": "P1"},
        {"id": "bear1", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
        {"id": "angel", "card": "Serra Angel", "zone": "battlefield", "controller": "P2"},
        {"id": "giant", "card": "Hill Giant", "zone": "battlefield", "controller": "P2"},
        {"id": "arena", "card": "Phyrexian Arena", "zone": "battlefield", "controller": "P2"},
    ]
    return state_from_data({"players": ["P1", "P2"], "objects": objects})


def test_tapping_for_a_cost_what_could_make_mana_is_counted_by_groups():
    """CR 601.2g-h, 702.120a: Collective Effort ({1}{W}{W}), escalate 'tap an untapped creature you control'.

    Two Plains pay {W}{W}; the {1} needs one Llanowar Elves untapped. Modes: destroy target creature with
    power 4 or greater (none: the Angel is 4/4, so one), destroy target enchantment (the Arena: one), +1/+1
    counters on each creature target player controls (two players). One mode: 1 + 1 + 2 = 4 casts. Two modes
    tap one creature of three, but not both Elves matter: any one of Elf, Elf, Bears leaves an Elf, 3 ways;
    (1x1 + 1x2 + 1x2) x 3 = 15. Three modes tap two of three, leaving an Elf only if a Bears is tapped:
    {elf1, bear1}, {elf2, bear1}: 2 ways, 1 x 1 x 2 x 2 = 4. 4 + 15 + 4 = 23; the same as listing (python-
    constraint), with the count made by groups, not by listing the sets.
    """
    state = _effort_state()
    view = legal_casts(state, "effort")
    assert view.count() == 23
    assert legal_casts(state, "effort", backend="python-constraint").count() == 23
    assert not get_engine("fast").listed_components(view.problem)
    listed = list(view)
    assert len(set(listed)) == 23 and all(cast in view for cast in listed)
    rng = random.Random(2)
    assert all(view.sample(rng) in set(listed) for _ in range(200))


@pytest.mark.parametrize("lions", [3, 14, 16])
def test_any_number_of_cards_exiled_for_a_cost_change_are_counted_by_how_many(lions: int) -> None:
    """CR 601.2b, 601.2f-h: the cards exiled for March of Otherworldly Light's cost change, counted by number.

    March ({X}{W}): "you may exile any number of white cards from your hand. This spell costs {2} less to cast
    for each card exiled this way." Five Plains; n Savannah Lions in hand (white); P2's Grizzly Bears (mana
    value 2) the one target ("with mana value X or less": X >= 2). Exiling k Lions, the total cost is {W}
    plus X - 2k generic (none below 0): paid with five Plains iff X - 2k <= 4. So X is 2 to 4 + 2k, 2k + 3
    values, for each of C(n, k) sets: sum over k of C(n, k)(2k + 3) = 3 * 2^n + 2 * n * 2^(n-1) =
    2^n (n + 3). The sets are counted by how many are taken, never listed: 2^16 sets would take seconds.
    """
    objects = [
        {"id": "march", "card": "March of Otherworldly Light", "zone": "hand", "owner": "P1"},
        {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
    ]
    objects += [{"id": f"w{i}", "card": "Plains", "zone": "battlefield", "controller": "P1"} for i in range(5)]
    objects += [{"id": f"l{i:02}", "card": "Savannah Lions", "zone": "hand", "owner": "P1"} for i in range(lions)]
    view = legal_casts(state_from_data({"players": ["P1", "P2"], "objects": objects}), "march")
    assert view.count() == 2**lions * (lions + 3)
    assert all(
        "objects exiled from the hand" not in keys for keys in decompose.analyse(view.problem).listed_components()
    )
    if lions == 3:  # 8 * 6 = 48 casts, each listed once, by the fast path and by brute force alike
        assert set(view) == set(legal_casts(view.state, "march", backend="brute"))


@pytest.mark.parametrize("mountains", [4, 6])
def test_runs_of_x_are_counted_at_once(mountains: int) -> None:
    """CR 107.3a, 601.2f: frames that differ in X alone have one count when only the total cost reads X.

    Blaze ({X}{R}, "X damage to any target") with n Mountains: X from 0 to n - 1, each with the same 3 targets
    (P1, P2, Grizzly Bears): 3n casts. Comet Storm ({X}{R}{R}, multikicker {1}) on the same 3 candidates:
    kicked k times, X runs from 0 to n - 2 - k, each frame 3 C(2, k) casts (k <= 2: 1 + k different targets).
    4 Mountains: 3*3 + 2*6 + 1*3 = 24; 6 Mountains: 5*3 + 4*6 + 3*3 = 48. The count by runs (``total``)
    equals the sum over the frames listed one by one.
    """
    objects = [{"id": f"m{i}", "card": "Mountain", "zone": "battlefield", "controller": "P1"} for i in range(mountains)]
    objects += [
        {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
        {"id": "blaze", "card": "Blaze", "zone": "hand", "owner": "P1"},
        {"id": "storm", "card": "Comet Storm", "zone": "hand", "owner": "P1"},
    ]
    state = state_from_data({"players": ["P1", "P2"], "objects": objects})
    expected = {"blaze": 3 * mountains, "storm": {4: 24, 6: 48}[mountains]}
    for card, count in expected.items():
        (problem,) = legal_casts(state, card, player="P1").problems
        by_runs = decompose.Analysis(problem)
        assert by_runs.total() == count
        by_frames = decompose.Analysis(problem)
        assert sum(n for _, n in by_frames.counted_frames()) == count == len(list(legal_casts(state, card)))


@pytest.mark.parametrize("n,k,skipped", [(5, 2, ()), (5, 2, (1,)), (7, 3, (0, 6)), (4, 4, ()), (6, 0, (2,))])
def test_drawn_indices_are_uniform_over_the_sets_not_skipped(n: int, k: int, skipped: tuple[int, ...]) -> None:
    # Floyd's draw of k of the n - len(skipped) indices left: each of the C(n - s, k) sets has probability
    # 1 / C(n - s, k). (5, 2, (1,)): 4 indices left, C(4, 2) = 6 sets, each about 24,000 / 6 = 4,000 times; the
    # standard deviation of a count is sqrt(24,000 * 1/6 * 5/6) = 57.7, and every count is asked to be within
    # 6 of them (346) of its expectation.
    rng = random.Random(11)
    draws = 24_000
    left = [i for i in range(n) if i not in skipped]
    sets = {tuple(c) for c in itertools.combinations(left, k)}
    seen: dict[tuple[int, ...], int] = {}
    for _ in range(draws):
        drawn = drawn_indices(n, k, rng, skipped)
        assert len(drawn) == len(set(drawn)) == k
        seen[tuple(sorted(drawn))] = seen.get(tuple(sorted(drawn)), 0) + 1
    assert set(seen) == sets  # every set not touching a skipped index, and only those
    p = 1 / math.comb(len(left), k)
    deviation = math.sqrt(draws * p * (1 - p))
    assert all(abs(count - draws * p) <= 6 * deviation for count in seen.values()), seen


def test_drawn_indices_refuses_more_than_are_left() -> None:
    with pytest.raises(ValueError, match="3 indices can't be drawn from 2"):
        drawn_indices(4, 3, random.Random(1), (0, 1))
