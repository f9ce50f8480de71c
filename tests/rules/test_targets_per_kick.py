"""Tests of "another target for each time this spell was kicked" (Comet Storm, Strength of the Tajuru).

The text has two instances of the word "target": the first chooses one target; the second chooses as many
targets as the times the spell was kicked (CR 601.2c: the number of targets is defined by the text; CR
702.33c-d), each different from the first's (CR 115.4) and from each other (CR 115.3), and is no part of the
spell when it was not kicked (CR 702.33g). So a frame kicked ``k >= 1`` times has ``sum over a of
C(|C1 minus a|, k)`` target choices: ``n * C(n - 1, k)`` with ``n`` candidates legal for both. Every count is
worked out by hand with the arithmetic in a comment, on every backend (``casts``).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest

from models.cast import Cast, TargetChoice
from models.errors import CastFormatError
from models.io.state_json import state_from_data
from solver.backends import get_engine
from solver.copies import copy_choices
from solver.legal import is_legal_cast, legal_casts, why_illegal

FIRST = "any target"
KICKED = "another target for each time this spell was kicked"
STORM = [("storm", "Comet Storm")]
TAJURU = [("tajuru", "Strength of the Tajuru")]


def by_frame(found) -> Counter:
    """The number of casts of each (X, times kicked)."""
    return Counter((cast.x, cast.times_paid("multikicker")) for cast in found)


def test_comet_storm_counts_every_frame(make_state, casts, basics):
    """CR 601.2c, 702.33c, 115.4: Comet Storm with 4 Mountains; P2 has two creatures, P1 none.

    Candidates: P1, P2, Grizzly Bears, Hill Giant = 4. The total cost {X}{R}{R} plus {1} a kick is paid with
    4 Mountains: X + 2 + k <= 4. Each frame kicked k times: 4 * C(3, k) target choices.
    k = 0: X in 0..2, 3 frames x 4 * C(3, 0) = 4  -> 12
    k = 1: X in 0..1, 2 frames x 4 * C(3, 1) = 12 -> 24
    k = 2: X = 0,     1 frame  x 4 * C(3, 2) = 12 -> 12
    48 in all.
    """
    state = make_state(
        hand=STORM, battlefield=basics("Mountain", 4), opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")]
    )
    found = casts(state, "storm")
    assert len(found) == 48
    assert by_frame(found) == {(0, 0): 4, (1, 0): 4, (2, 0): 4, (0, 1): 12, (1, 1): 12, (0, 2): 12}
    for cast in found:
        kicks = cast.times_paid("multikicker")
        targets = [choice.targets for choice in cast.targets]
        assert [len(t) for t in targets] == ([1, kicks] if kicks else [1])
        assert len({t for chosen in targets for t in chosen}) == 1 + kicks  # all different (CR 115.3, 115.4)


def test_comet_storm_leaves_out_a_protected_creature(make_state, casts, basics):
    """CR 702.16b, 702.33c: a creature with protection from red is no candidate of either instance.

    5 Mountains; P2: Grizzly Bears, Hill Giant, Silver Knight (protection from red). Candidates: P1, P2, Bears,
    Giant = 4. X + 2 + k <= 5:
    k = 0: X in 0..3, 4 frames x 4 * C(3, 0) = 4  -> 16
    k = 1: X in 0..2, 3 frames x 4 * C(3, 1) = 12 -> 36
    k = 2: X in 0..1, 2 frames x 4 * C(3, 2) = 12 -> 24
    k = 3: X = 0,     1 frame  x 4 * C(3, 3) = 4  -> 4
    80 in all; the Knight is never chosen.
    """
    state = make_state(
        hand=STORM,
        battlefield=basics("Mountain", 5),
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant"), ("knight", "Silver Knight")],
    )
    found = casts(state, "storm")
    assert len(found) == 80
    assert by_frame(found)[(0, 3)] == 4
    assert not any("knight" in choice.targets for cast in found for choice in cast.targets)


def test_kicks_beyond_the_candidates_have_no_cast(make_state, casts, basics):
    """CR 702.33c, 115.4 (INTERACTIONS C3): kicked k times needs 1 + k different targets; k <= candidates - 1.

    6 Mountains, no creatures: the candidates are P1 and P2 (n = 2). X + 2 + k <= 6:
    k = 0: X in 0..4, 5 frames x 2 * C(1, 0) = 2 -> 10
    k = 1: X in 0..3, 4 frames x 2 * C(1, 1) = 2 -> 8
    k = 2..4: 2 * C(1, k) = 0: no cast, though the mana pays for them.
    18 in all.
    """
    state = make_state(hand=STORM, battlefield=basics("Mountain", 6))
    found = casts(state, "storm")
    assert len(found) == 18
    assert max(cast.times_paid("multikicker") for cast in found) == 1
    kicked_twice = Cast(
        "storm",
        "Comet Storm",
        x=0,
        additional_costs=(("multikicker", 2),),
        targets=(
            TargetChoice("storm", None, 0, 0, FIRST, ("P1",)),
            TargetChoice("storm", None, 0, 1, KICKED, ("P1", "P2")),
        ),
    )
    assert "CR 115.4" in {reason.rule for reason in why_illegal(state, kicked_twice)}


def test_strength_of_the_tajuru_targets_creatures_only(make_state, casts, basics):
    """CR 601.2c, 702.33c, 115.4: Strength of the Tajuru ({X}{G}{G}, multikicker {1}) with 4 Forests.

    Creatures: P1's Grizzly Bears, P2's Hill Giant and Silver Knight (protection from red: a green spell may
    target it), and P2's Llanowar Elves with protection from green (no candidate). Players are not
    creatures. Candidates: 3. X + 2 + k <= 4:
    k = 0: X in 0..2, 3 frames x 3 * C(2, 0) = 3 -> 9
    k = 1: X in 0..1, 2 frames x 3 * C(2, 1) = 6 -> 12
    k = 2: X = 0,     1 frame  x 3 * C(2, 2) = 3 -> 3
    24 in all.
    """
    state = make_state(
        hand=TAJURU,
        battlefield=basics("Forest", 4) + [("bears", "Grizzly Bears")],
        opponent=[
            ("giant", "Hill Giant"),
            ("knight", "Silver Knight"),
            ("elves", "Llanowar Elves", {"granted": ["protection from green"]}),
        ],
    )
    found = casts(state, "tajuru")
    assert len(found) == 24
    assert by_frame(found) == {(0, 0): 3, (1, 0): 3, (2, 0): 3, (0, 1): 6, (1, 1): 6, (0, 2): 3}
    assert {t for cast in found for choice in cast.targets for t in choice.targets} == {"bears", "giant", "knight"}


def _storm(kicks: int, first: tuple[str, ...], later: tuple[str, ...] | None) -> Cast:
    targets = [TargetChoice("storm", None, 0, 0, FIRST, first)]
    if later is not None:
        targets.append(TargetChoice("storm", None, 0, 1, KICKED, later))
    return Cast(
        "storm", "Comet Storm", x=0, additional_costs=(("multikicker", kicks),) if kicks else (), targets=tuple(targets)
    )


def test_why_illegal_says_how_many_targets_a_kick_takes(make_state, basics):
    """CR 702.33c, 601.2c, 115.3, 115.4, 702.33g: too many or too few kicked targets, or one chosen twice.

    4 Mountains; P2's Grizzly Bears and Hill Giant. Kicked once, "another target …" takes exactly one target.
    """
    state = make_state(
        hand=STORM, battlefield=basics("Mountain", 4), opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")]
    )
    assert is_legal_cast(state, _storm(1, ("P2",), ("bears",)))

    def rules(cast: Cast) -> dict[str, str]:
        assert not is_legal_cast(state, cast) and cast not in legal_casts(state, "storm")
        return {reason.rule: reason.message for reason in why_illegal(state, cast)}

    too_many = rules(_storm(1, ("P2",), ("bears", "giant")))
    assert "kicked 1 time(s) but 2 target(s)" in too_many["CR 702.33c"]
    too_few = rules(_storm(2, ("P2",), ("bears",)))
    assert "kicked 2 time(s) but 1 target(s)" in too_few["CR 702.33c"]
    assert "CR 115.4" in rules(_storm(1, ("P2",), ("P2",)))  # the first instance's target again
    assert "CR 115.3" in rules(_storm(2, ("P2",), ("bears", "bears")))  # one target twice in one instance
    assert "CR 702.33g" in rules(_storm(1, ("P2",), None))  # kicked, but no target for the kicks
    assert "CR 702.33g" in rules(_storm(0, ("P2",), ("bears",)))  # not kicked: the instance is no part of it


def test_a_copy_keeps_the_number_of_kicked_targets(make_state, basics):
    """CR 707.10, 707.10c, 702.33c: a copy of a Comet Storm kicked once chooses 1 + 1 different targets.

    P1's Comet Storm on the stack, X = 1, kicked once, targeting P2 then Grizzly Bears; a copy may choose new
    targets among P1, P2, Bears, Hill Giant: 4 for the first, then one of the 3 others: 4 * 3 = 12.
    """
    cast = {
        "card": "storm",
        "x": 1,
        "additional_costs": {"multikicker": 1},
        "targets": [
            {"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]},
            {"source": "storm", "instruction": 0, "index": 1, "targets": ["bears"]},
        ],
    }
    state = make_state(
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
        stack=["storm"],
        objects=[{"id": "storm", "card": "Comet Storm", "zone": "stack", "owner": "P1", "cast": cast}],
    )
    choices = copy_choices(state, "storm")
    assert choices.count() == 12
    assert all(len(copy.targets[1].targets) == 1 for copy in choices)
    assert copy_choices(state, "storm", new_targets=False).count() == 1


def test_many_kicks_over_many_candidates_are_counted_not_listed(basics):
    """CR 702.33c, 115.4: Comet Storm with 12 Mountains and 200 creatures: counted in closed form.

    n = 202 candidates (two players, 200 Bears); X + 2 + k <= 12, so a frame kicked k times has 202 * C(201, k)
    casts and there are 11 - k values of X: the sum over k of (11 - k) * 202 * C(201, k). Nothing is listed;
    ids, membership and draws are answered from the count.
    """
    objects = [{"id": "storm", "card": "Comet Storm", "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"m{i}", "card": "Mountain", "zone": "battlefield", "controller": "P1"} for i in range(12)]
    objects += [
        {"id": f"c{i:03}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} for i in range(200)
    ]
    state = state_from_data({"players": ["P1", "P2"], "objects": objects})
    view = legal_casts(state, "storm")
    expected = sum((11 - k) * 202 * math.comb(201, k) for k in range(11))
    assert view.count() == expected
    assert not get_engine("fast").listed_components(view.problem)
    rng = random.Random(5)
    for index in (0, 1, expected // 3, expected - 1, *(rng.randrange(expected) for _ in range(5))):
        cast = view.cast_of(index)
        assert view.action_id(cast) == index and cast in view
        assert next(iter(view.casts_from(index))) == cast
    for _ in range(20):
        drawn = view.sample(rng)
        assert drawn in view and is_legal_cast(state, drawn)


def test_a_cast_record_with_the_wrong_number_of_kicked_targets_is_refused(make_state):
    """CR 601.2c, 702.33c: a spell's cast record kicked once names exactly one target for the kicks.

    Comet Storm on the stack kicked once whose record names two kicked targets is malformed input: a
    ``CastFormatError`` naming the field, not a legal spell.
    """
    cast = {
        "card": "storm",
        "x": 1,
        "additional_costs": {"multikicker": 1},
        "targets": [
            {"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]},
            {"source": "storm", "instruction": 0, "index": 1, "targets": ["bears", "giant"]},
        ],
    }
    state = make_state(
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
        stack=["storm"],
        objects=[{"id": "storm", "card": "Comet Storm", "zone": "stack", "owner": "P1", "cast": cast}],
    )
    with pytest.raises(
        CastFormatError, match=r"targets\[1\]\.targets: .*kicked 1 time\(s\) but 2 target\(s\) are chosen"
    ):
        copy_choices(state, "storm")


def _storm_on_the_stack(make_state, **cast):
    """Comet Storm of P1's on the stack with this record (its card's id "storm"), P2 with Grizzly Bears."""
    record = {"card": "storm", **cast}
    return make_state(
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
        stack=["storm"],
        objects=[{"id": "storm", "card": "Comet Storm", "zone": "stack", "owner": "P1", "cast": record}],
    )


def test_a_record_whose_kicked_target_repeats_the_first_is_refused(make_state):
    """CR 115.4: "another target" differs from the first target: P2 chosen for both is no cast of Comet Storm."""
    state = _storm_on_the_stack(
        make_state,
        x=1,
        additional_costs={"multikicker": 1},
        targets=[
            {"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]},
            {"source": "storm", "instruction": 0, "index": 1, "targets": ["P2"]},
        ],
    )
    with pytest.raises(CastFormatError, match=r"targets\[1\]\.targets: .*P2 chosen for both .*CR 115\.4"):
        copy_choices(state, "storm")


def test_a_record_cast_free_with_x_above_0_is_refused(make_state):
    """CR 107.3b: cast without paying its mana cost, X is 0; a record saying X = 3 is no cast of the spell."""
    state = _storm_on_the_stack(
        make_state,
        x=3,
        without_paying_mana_cost=True,
        targets=[{"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]}],
    )
    with pytest.raises(CastFormatError, match=r"\.x: .*X is 0, not 3 \(CR 107\.3b\)"):
        copy_choices(state, "storm")


def test_a_record_paid_with_no_x_is_refused(make_state):
    """CR 601.2b, 107.3a: X is announced as the spell is cast; a paid record of an X spell gives it."""
    state = _storm_on_the_stack(
        make_state, targets=[{"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]}]
    )
    with pytest.raises(CastFormatError, match=r"\.x: .*Comet Storm has X in its mana cost"):
        copy_choices(state, "storm")


def test_an_older_kicked_key_on_a_multikicker_card_asks_how_many_times(make_state):
    """CR 702.33c-d: an older record's "kicked": true says the spell was kicked, not how often.

    Comet Storm has multikicker only, so the record must say how many times (times_kicked): it is refused,
    never read as unkicked.
    """
    state = _storm_on_the_stack(
        make_state,
        x=0,
        kicked=True,
        targets=[
            {"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]},
            {"source": "storm", "instruction": 0, "index": 1, "targets": ["bears"]},
        ],
    )
    with pytest.raises(
        CastFormatError,
        match=r"additional_costs: .*Comet Storm has no kicker cost to pay: it has "
        r"multikicker, and the cast says how many times",
    ):
        copy_choices(state, "storm")


def test_count_refuses_a_state_with_a_bad_record_on_the_stack(tmp_path, capsys):
    """A malformed record on the stack is bad input for every command: one line naming the file, exit 2.

    Kicked once, the record names two kicked targets (CR 601.2c, 702.33c), though no card in hand reads it.
    """
    from legalcasts.cli.main import main

    record = {
        "card": "storm",
        "x": 0,
        "additional_costs": {"multikicker": 1},
        "targets": [
            {"source": "storm", "instruction": 0, "index": 0, "targets": ["P2"]},
            {"source": "storm", "instruction": 0, "index": 1, "targets": ["P1", "bears"]},
        ],
    }
    state = {
        "players": ["P1", "P2"],
        "active_player": "P2",
        "priority": "P1",
        "objects": [
            {"id": "storm", "card": "Comet Storm", "zone": "stack", "owner": "P2", "cast": record},
            {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
            {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
        ],
        "stack": ["storm"],
    }
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    assert main(["count", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0] and "objects[storm].cast.targets[1].targets" in err[0]
