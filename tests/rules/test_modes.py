"""Modal spells (CR 700.2), Entwine (CR 702.42) and Escalate (CR 702.120)."""

from __future__ import annotations

import pytest

from models.cast import Cast
from solver.legal import legal_casts, why_illegal

CRUSH_CONTRABAND = (
    "crush",
    {
        "name": "Crush Contraband",
        "mana_cost": "{3}{W}",
        "type_line": "Instant",
        "oracle_text": "Choose one or both —\n• Exile target artifact an opponent controls.\n"
        "• Exile target enchantment an opponent controls.",
    },
)


def test_choose_one_or_both_counts_each_mode_set(make_state, casts, basics):
    """CR 700.2: Crush Contraband's modes with an opponent's artifact and enchantment: 3 casts.

    One artifact and one enchantment of P2's (P1's Sol Ring is not an opponent's):
    {A} 1 + {E} 1 + {A, E} 1*1 = 3 (issue 3, case 1).
    """
    state = make_state(
        hand=[CRUSH_CONTRABAND],
        battlefield=basics("Plains", 4) + [("ring", "Sol Ring")],
        opponent=[("art", "Sol Ring"), ("ench", "Bad Moon")],
    )
    found = casts(state, "crush")
    assert len(found) == 3
    assert {cast.modes for cast in found} == {(0,), (1,), (0, 1)}


def test_choose_one_boros_charm(make_state, casts, basics):
    """CR 700.2: Boros Charm, choose one: 2 + 1 + 1 = 4 casts.

    4 damage to target player or planeswalker (P1, P2), indestructible (no target), double strike to
    target creature (the Bears).
    """
    state = make_state(
        hand=[("charm", "Boros Charm")],
        battlefield=basics("Mountain", 1) + basics("Plains", 1),
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "charm")
    assert len(found) == 4
    assert all(len(cast.modes) == 1 for cast in found)


@pytest.mark.parametrize(
    ("plains", "creatures", "expected"),
    [
        (4, 1, 2),  # life 1 + prevent 1; entwine needs {3}{W}+{2} = 6 mana
        (6, 1, 3),  # + entwined with the one creature
        (6, 2, 5),  # life 1 + prevent 2 + entwined 2
        (6, 0, 1),  # only the life mode: the prevent mode has no target (CR 700.2a), so no entwine either
    ],
)
def test_entwine_chooses_all_modes_for_its_cost(make_state, casts, basics, plains, creatures, expected):
    """CR 702.42a: Abuna's Chant (choose one; entwine {2}) may choose both modes by paying {2} more."""
    state = make_state(
        hand=[("chant", "Abuna's Chant")],
        battlefield=basics("Plains", plains),
        opponent=[(f"c{i}", "Grizzly Bears") for i in range(creatures)],
    )
    found = casts(state, "chant")
    assert len(found) == expected
    for cast in found:
        assert str(cast.total_cost) == ("{5}{W}" if cast.modes == (0, 1) else "{3}{W}")
        assert cast.mana_value == 4  # CR 202.3: {3}{W}, entwine never counts


@pytest.mark.parametrize(
    ("plains", "expected"),
    [
        (2, 4),  # one mode: player 2 (P1, P2) + untap 1 (zero targets: "up to two") + opponent 1 (P2)
        (4, 9),  # + pairs with one escalate {2}: {1,2} 2*1 + {1,3} 2*1 + {2,3} 1*1 = 5
        (6, 11),  # + all three with escalate twice: 2*1*1 = 2
    ],
)
def test_escalate_pays_once_per_mode_beyond_the_first(make_state, casts, basics, plains, expected):
    """CR 702.120a: Blessed Alliance ({1}{W}, escalate {2}, choose one or more)."""
    state = make_state(hand=[("alliance", "Blessed Alliance")], battlefield=basics("Plains", plains))
    found = casts(state, "alliance")
    assert len(found) == expected
    for cast in found:
        assert cast.total_cost.mana_value == 2 + 2 * (len(cast.modes) - 1)


def test_mode_count_broken_is_explained(make_state, basics):
    """CR 700.2: Boros Charm with two modes chosen is illegal, and the reason says so."""
    state = make_state(hand=[("charm", "Boros Charm")], battlefield=basics("Mountain", 2) + basics("Plains", 2))
    reasons = why_illegal(state, Cast("charm", "Boros Charm", modes=(1, 2)))
    assert "CR 700.2" in {r.rule for r in reasons}


def test_entwine_without_paying_is_illegal(make_state, basics):
    """CR 702.42a, 601.2h: both modes of Abuna's Chant with only 4 Plains can't pay the entwine cost."""
    state = make_state(
        hand=[("chant", "Abuna's Chant")], battlefield=basics("Plains", 4), opponent=[("bears", "Grizzly Bears")]
    )
    from models.cast import TargetChoice

    cast = Cast(
        "chant", "Abuna's Chant", modes=(0, 1), targets=(TargetChoice("chant", 1, 0, 0, "target creature", ("bears",)),)
    )
    assert "CR 601.2h" in {r.rule for r in why_illegal(state, cast)}


@pytest.mark.parametrize(
    ("other_cards", "expected"),
    [
        (["Swamp", "Grizzly Bears"], 10),  # one mode 3; pairs 3 * 2 discard choices = 6; all three 1 * 1 = 1
        (["Swamp"], 6),  # one mode 3; pairs 3 * 1 = 3; all three need two cards: 0
        ([], 3),  # nothing to discard: one mode only
    ],
)
def test_escalate_with_a_discard_cost(make_state, casts, basics, other_cards, expected):
    """CR 702.120a: Collective Brutality's escalate cost is discarding a card per mode beyond the first."""
    hand = [("brutality", "Collective Brutality")] + [(f"card{i}", name) for i, name in enumerate(other_cards)]
    state = make_state(hand=hand, battlefield=basics("Swamp", 2), opponent=[("bear", "Grizzly Bears")])
    found = casts(state, "brutality")
    assert len(found) == expected
    assert all(len(cast.discards) == len(cast.modes) - 1 for cast in found)


def test_same_mode_more_than_once_each_copy_targets_in_sequence(make_state, casts, basics):
    """CR 700.2d: Mystic Confluence chooses modes more than once: 15 casts with two creatures.

    No spell on the stack (so no counter mode, CR 700.2a), two creatures: bounce x3: 2*2*2 = 8;
    bounce x2 + draw: 2*2 = 4; bounce + draw x2: 2; draw x3: 1; total 15.
    Bouncing A then B and B then A are two casts; A twice is allowed (different instances, CR 115.3).
    """
    state = make_state(
        hand=[("confluence", "Mystic Confluence")],
        battlefield=basics("Island", 5),
        opponent=[("a", "Grizzly Bears"), ("b", "Grizzly Bears")],
    )
    found = casts(state, "confluence")
    assert len(found) == 15
    twice = [tuple(t.targets for t in cast.targets) for cast in found if cast.modes == (1, 1, 2)]
    assert sorted(twice) == [(("a",), ("a",)), (("a",), ("b",)), (("b",), ("a",)), (("b",), ("b",))]


def test_a_mode_repeated_without_permission_is_illegal(make_state, basics):
    """CR 700.2d: Cryptic Command can't choose 'draw a card' twice."""
    state = make_state(hand=[("cryptic", "Cryptic Command")], battlefield=basics("Island", 4))
    reasons = why_illegal(state, Cast("cryptic", "Cryptic Command", modes=(3, 3)))
    assert "CR 700.2d" in {r.rule for r in reasons}


@pytest.mark.parametrize(("mountains", "expected"), [(1, 2), (4, 4), (7, 6)])
def test_tiered_one_mode_and_its_cost(make_state, casts, mountains, expected):
    """Tiered: "Choose one additional cost." — exactly one mode, its printed cost paid too (CR 702.183a, 700.2h).

    Thunder Magic {R}: Thunder {0} (2 damage), Thundara {3} (4 damage), Thundaga {5}{R} (8 damage), each to
    target creature: P1's and P2's Grizzly Bears, 2 targets a mode. One Mountain pays {R} + {0}: one mode, 2
    casts; four pay {R} + {3} too: 4; seven pay {5}{R}{R} too: 6.
    """
    state = make_state(
        hand=[("magic", "Thunder Magic")],
        battlefield=[(f"m{i}", "Mountain") for i in range(mountains)] + [("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "magic")
    assert len(found) == expected and all(len(c.modes) == 1 for c in found)


def test_choose_five_with_repeats_counts_multisets(make_state):
    """CR 700.2d: Unite the Coalition, "Choose five. You may choose the same mode more than once.": 672 casts.

    The mana is in P1's pool and no permanent is on the battlefield, so "target permanent" (mode 0) and "target
    artifact or enchantment" (mode 4) have no legal target and can't be chosen (CR 700.2a). Modes 1 (target
    player draws), 2 (exile target player's graveyard) and 3 (2 damage to any target: P1 or P2, no creature,
    planeswalker or battle) each have 2 targets. Five modes from three, repeats allowed: C(3 + 5 - 1, 5) = 21
    multisets, each of five instances of "target" with 2 choices apiece (a repeated mode may take the same or
    another target, CR 700.2d): 21 * 2^5 = 672.
    """
    state = make_state(hand=[("unite", "Unite the Coalition")], mana_pool={"P1": "{C}{C}{W}{U}{B}{R}{G}"})
    view = legal_casts(state, "unite")  # the default engine: the brute force one lists every product
    found = list(view)
    assert view.count() == len(found) == len(set(found)) == 672
    assert all(len(cast.modes) == 5 and set(cast.modes) <= {1, 2, 3} for cast in found)


def test_choose_five_not_four(make_state, basics):
    """CR 700.2: Unite the Coalition with four modes chosen is illegal, and the reason says so."""
    state = make_state(hand=[("unite", "Unite the Coalition")], mana_pool={"P1": "{C}{C}{W}{U}{B}{R}{G}"})
    reasons = why_illegal(state, Cast("unite", "Unite the Coalition", modes=(1, 1, 1, 1)))
    assert "CR 700.2" in {r.rule for r in reasons}


@pytest.mark.parametrize(("bears", "expected"), [(0, 1), (1, 5), (2, 31)])
def test_choose_up_to_four_with_repeats(make_state, casts, bears, expected):
    """CR 700.2d: Moment of Reckoning chooses up to four modes, the same one more than once allowed.

    No permanent on the battlefield (the mana is in the pool): "destroy target nonland permanent" can't be chosen
    (CR 700.2a). "Return target nonland permanent card from your graveyard" has one target per Grizzly Bears in
    P1's graveyard; chosen k times (k from 0 to 4, "up to" admits none), each instance targets any of them (CR
    700.2d): sum over k of bears^k. No bears: only no mode, 1; one: 1 + 1 + 1 + 1 + 1 = 5; two:
    1 + 2 + 4 + 8 + 16 = 31.
    """
    state = make_state(
        hand=[("moment", "Moment of Reckoning")],
        mana_pool={"P1": "{C}{C}{C}{W}{W}{B}{B}"},
        objects=[{"id": f"dead{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(bears)]
        + [{"id": "bolt", "card": "Lightning Bolt", "zone": "graveyard", "owner": "P1"}],
    )
    found = casts(state, "moment")
    assert len(found) == expected
    assert all(set(cast.modes) <= {1} for cast in found)


@pytest.mark.parametrize(
    ("commander", "controller", "expected"),
    [(True, "P1", 3), (False, "P1", 2), (True, "P2", 2)],
)
def test_both_modes_if_you_control_a_commander(make_state, casts, basics, commander, controller, expected):
    """CR 700.2, 903.3d: Akroma's Will chooses both modes if its caster controls a commander.

    "Choose one. If you control a commander as you cast this spell, you may choose both instead." Neither mode
    targets. With a commander P1 controls (Isamaru, Hound of Konda marked so): {0}, {1} or both = 3; Isamaru no
    commander, or P2's commander under P2's control: one mode, 2.
    """
    isamaru = {"id": "isamaru", "card": "Isamaru, Hound of Konda", "zone": "battlefield", "controller": controller}
    state = make_state(
        hand=[("will", "Akroma's Will")],
        battlefield=basics("Plains", 4),
        objects=[isamaru | ({"commander": True} if commander else {})],
    )
    found = casts(state, "will")
    assert len(found) == expected
    assert {cast.modes for cast in found} == ({(0,), (1,), (0, 1)} if expected == 3 else {(0,), (1,)})
