"""Divisions of X, of counters and of prevention (CR 601.2d, 107.3a) and modes chosen by weight (CR 700.2i).

Each count is worked out by hand in the test's docstring: a division of ``n`` among ``k`` targets, each
getting at least 1, is a composition of ``n`` into ``k`` parts, C(n-1, k-1) of them (CR 601.2d).
"""

from __future__ import annotations

import pytest

from models.cast import Cast, TargetChoice
from models.errors import UnsupportedRuleError
from solver.legal import legal_casts, why_illegal


def test_rolling_thunder_divides_the_x_announced(make_state, casts, basics):
    """CR 601.2d, 107.3a, 601.2b: Rolling Thunder ({X}{R}{R}) with four Mountains: X is 0, 1 or 2.

    Any target: P1, P2 and P2's Bears (3). X = 0: nothing to divide among one or more targets, 0 casts.
    X = 1: one target, 3 x C(0,0) = 3. X = 2: one target 3 x 1 + two targets C(3,2) x C(1,1) = 3 + 3 = 6.
    3 + 6 = 9.
    """
    state = make_state(
        hand=[("thunder", "Rolling Thunder")], battlefield=basics("Mountain", 4), opponent=[("bears", "Grizzly Bears")]
    )
    found = casts(state, "thunder")
    assert len(found) == 9
    assert all(sum(t.division) == cast.x for cast in found for t in cast.targets)
    assert {cast.x for cast in found} == {1, 2}


def test_hail_of_arrows_divides_x_among_attacking_creatures(make_state, casts, basics):
    """CR 601.2d, 115.1: Hail of Arrows ({X}{W}), three Plains: X is at most 2; two attacking Bears, one not.

    X = 1: one of the 2 attackers, 2. X = 2: one attacker given 2 (2), or both given 1 each (1): 3.
    2 + 3 = 5; the Bears that is not attacking is never a target.
    """
    state = make_state(
        hand=[("hail", "Hail of Arrows")],
        battlefield=basics("Plains", 3)
        + [("a1", "Grizzly Bears", {"attacking": True}), ("a2", "Grizzly Bears", {"attacking": True})],
        opponent=[("home", "Grizzly Bears")],
        phase="combat",
    )
    found = casts(state, "hail")
    assert len(found) == 5
    assert all(set(t.targets) <= {"a1", "a2"} for cast in found for t in cast.targets)


def test_a_division_of_x_must_add_up_to_x(make_state, basics):
    """CR 601.2d: Rolling Thunder with X = 2 dividing 1 + 2 among P1 and P2 does not add up to X: illegal."""
    state = make_state(hand=[("thunder", "Rolling Thunder")], battlefield=basics("Mountain", 4))
    phrase = "x damage divided as you choose among any number of targets"
    bad = Cast(
        "thunder",
        "Rolling Thunder",
        x=2,
        targets=(TargetChoice("thunder", None, 0, 0, phrase, ("P1", "P2"), division=(1, 2)),),
    )
    assert "CR 601.2d" in {r.rule for r in why_illegal(state, bad)}
    good = Cast(
        "thunder",
        "Rolling Thunder",
        x=2,
        targets=(TargetChoice("thunder", None, 0, 0, phrase, ("P1", "P2"), division=(1, 1)),),
    )
    assert not why_illegal(state, good)


def test_remedy_divides_the_damage_to_prevent(make_state, casts, basics):
    """CR 601.2d: Remedy, the next 5 damage to prevent divided among any number of targets (P1, P2, Bears).

    k targets: C(3,k) x C(4,k-1): k = 1: 3 x 1 = 3; k = 2: 3 x 4 = 12; k = 3: 1 x 6 = 6. 3 + 12 + 6 = 21.
    """
    state = make_state(
        hand=[("remedy", "Remedy")], battlefield=basics("Plains", 2), opponent=[("bears", "Grizzly Bears")]
    )
    found = casts(state, "remedy")
    assert len(found) == 21
    assert all(sum(t.division) == 5 for cast in found for t in cast.targets)


def test_splendid_agony_distributes_minus_counters(make_state, casts, basics):
    """CR 601.2d: Splendid Agony, two -1/-1 counters among one or two target creatures, two Bears.

    One target: 2 x (2) = 2; both: 1 x (1, 1) = 1. 2 + 1 = 3.
    """
    state = make_state(
        hand=[("agony", "Splendid Agony")],
        battlefield=basics("Swamp", 3),
        opponent=[("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
    )
    assert len(casts(state, "agony")) == 3


@pytest.mark.parametrize("name", ["Monstrous Onslaught", "Pollen Remedy", "Spoils of War", "Fire Covenant"])
def test_a_divided_amount_the_text_defines_is_reported(make_state, basics, name):
    """CR 107.3c, 601.2d: a divided amount the text defines or changes, and is not read, is reported.

    X defined by the text as a value not read ("where X is the greatest power among …") is not the X announced;
    "… this way instead" changes the printed amount; Fire Covenant's X is announced for its "pay X life", not in
    its mana cost. (X as "the number of Mountains you control" is read: Jaws of Stone, below.)
    """
    state = make_state(hand=[("spell", name)], battlefield=basics("Mountain", 6), opponent=[("bears", "Grizzly Bears")])
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "spell").count()


def test_season_of_weaving_pawprints_up_to_five(make_state, casts, basics):
    """CR 700.2i, 700.2d: Season of Weaving, modes of {P}, {P}{P}, {P}{P}{P}, up to five {P} worth, repeats allowed.

    Times (a, b, c) with a + 2b + 3c <= 5, none chosen included (700.2i: any number of modes whose pawprints
    total no more than five): c = 0: b = 0, a 0-5 (6); b = 1, a 0-3 (4); b = 2, a 0-1 (2); c = 1: b = 0,
    a 0-2 (3); b = 1, a = 0 (1). 6 + 4 + 2 + 3 + 1 = 16; no mode has a target.
    """
    state = make_state(hand=[("season", "Season of Weaving")], battlefield=basics("Island", 6))
    found = casts(state, "season")
    assert len(found) == 16
    assert max(sum((1, 2, 3)[m] for m in cast.modes) for cast in found) == 5


def test_pick_your_poison_totals_exactly_four(make_state, casts, basics):
    """CR 700.2i, 700.2d: Pick Your Poison, modes [1] (target creature), [2], [4], totalling exactly 4.

    Times (a, b, c) with a + 2b + 4c = 4: (4, 0, 0), (2, 1, 0), (0, 2, 0), (0, 0, 1). Each time mode [1] is
    chosen is its own "target creature", the same creature allowed (700.2d); two Bears: 2^4 + 2^2 + 1 + 1
    = 22.
    """
    state = make_state(
        hand=[("poison", "Pick Your Poison")],
        battlefield=basics("Swamp", 3) + basics("Forest", 2),
        opponent=[("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
    )
    found = casts(state, "poison")
    assert len(found) == 22
    assert {tuple(sorted(cast.modes)) for cast in found} == {(0, 0, 0, 0), (0, 0, 1), (1, 1), (2,)}


@pytest.mark.parametrize(("wizard", "expected"), [(False, 5), (True, 17)])
def test_more_modes_when_a_condition_holds_as_it_is_cast(make_state, casts, wizard, expected):
    """CR 700.2: Flame of Anor chooses one mode, or two while its caster controls a Wizard.

    "Choose one. If you control a Wizard as you cast this spell, you may choose two instead." Modes: target player
    draws two (P1, P2: 2), destroy target artifact (P2's Ornithopter: 1), 5 damage to target
    creature (Ornithopter, Grizzly Bears, and P1's Prodigal Sorcerer when there: 2 or 3). Island and two Mountains
    pay {1}{U}{R}.
    - No Wizard: one mode, 2 + 1 + 2 = 5.
    - With Prodigal Sorcerer (a Wizard): one mode, 2 + 1 + 3 = 6; two: 2 x 1 + 2 x 3 + 1 x 3 = 11; 17.
    """
    mine = [("i", "Island"), ("m1", "Mountain"), ("m2", "Mountain")] + (
        [("sorcerer", "Prodigal Sorcerer")] if wizard else []
    )
    state = make_state(
        hand=[("flame", "Flame of Anor")],
        battlefield=mine,
        opponent=[("thopter", "Ornithopter"), ("bears", "Grizzly Bears")],
    )
    assert len(casts(state, "flame")) == expected


def test_more_modes_on_two_kinds_controlled_stay_unread(make_state, basics):
    """Soul Transfer's raise on two kinds controlled is not read: refused, never guessed (CR 700.2, 601.2b).

    "If you control an artifact and an enchantment as you cast this spell, you may choose both instead." Whether
    one artifact enchantment meets it is not settled here.
    """
    state = make_state(hand=[("transfer", "Soul Transfer")], battlefield=basics("Swamp", 3))
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "transfer").count()


@pytest.mark.parametrize(("owner", "expected"), [("P2", 3), ("P1", 2)])
def test_more_modes_when_the_caster_controls_what_it_does_not_own(make_state, casts, basics, owner, expected):
    """CR 700.2, 108.3: Weave the Nightmare chooses two modes while its caster controls what another player owns.

    "Choose one. If you control a nonland permanent you don't own as you cast this spell, you may choose two
    instead." P1 controls Grizzly Bears, owned by P2 or by P1. Modes: heist target opponent's library (P2: 1),
    target creature gets -5/-5 (the Bears: 1), counter target noncreature spell (none on the stack: 0, CR 700.2a).
    An Island and two Swamps pay {1}{U}{B}. One mode: 1 + 1 = 2; two modes, when P2 owns the Bears: heist and
    -5/-5, 1 x 1 = 1 more, 3. Owned by P1: 2.
    """
    state = make_state(
        hand=[("weave", "Weave the Nightmare")],
        battlefield=basics("Island", 1) + basics("Swamp", 2) + [("bears", "Grizzly Bears", {"owner": owner})],
    )
    assert len(casts(state, "weave")) == expected


@pytest.mark.parametrize(("swamps", "expected"), [(7, 11), (6, 3)])
def test_any_number_of_modes_when_kicked(make_state, casts, basics, swamps, expected):
    """CR 700.2, 601.4, 107.1c: Inscription of Ruin chooses one mode, or any number (zero too) when kicked.

    "Kicker {2}{B}{B}. Choose one. If this spell was kicked, choose any number instead." Modes: target opponent
    discards two (P2: 1), return target creature card with mana value 2 or less from your graveyard (P1's
    Grizzly Bears card: 1), destroy target creature with mana value 3 or less (P2's Grizzly Bears: 1).
    Unkicked, one mode: 1 + 1 + 1 = 3. Kicked ({2}{B} + {2}{B}{B}: seven Swamps), any subset of the three
    modes, none included as "any number" allows zero (CR 107.1c): 2^3 = 8, each mode with its one target;
    3 + 8 = 11. Six Swamps can't pay the kicker: 3.
    """
    state = make_state(
        hand=[("ruin", "Inscription of Ruin")],
        battlefield=basics("Swamp", swamps),
        opponent=[("bears", "Grizzly Bears")],
        objects=[{"id": "dead", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"}],
    )
    found = casts(state, "ruin")
    assert len(found) == expected
    assert all(len(cast.modes) == 1 for cast in found if not cast.additional_costs)
    assert any(not cast.modes for cast in found) == (swamps == 7)  # kicked, no mode chosen


def test_x_divided_where_x_is_a_count_of_the_state(make_state, casts):
    """CR 107.3c, 601.2d: Jaws of Stone divides X damage, "where X is the number of Mountains you control".

    Three Mountains and four Swamps pay {5}{R}; X = 3. Any number of targets among P1, P2 and P2's Grizzly
    Bears, at least 1 each: one target 3 x 1, two targets 3 sets x 2 divisions (1+2, 2+1), three targets 1 x 1:
    3 + 6 + 1 = 10 casts, each dividing 3.
    """
    state = make_state(
        hand=[("jaws", "Jaws of Stone")],
        battlefield=[(f"m{i}", "Mountain") for i in range(3)] + [(f"s{i}", "Swamp") for i in range(4)],
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "jaws")
    assert len(found) == 10
    assert {sum(c.targets[0].division) for c in found} == {3}


@pytest.mark.parametrize(("creatures", "expected"), [(("Grizzly Bears", "Hill Giant"), 4), (("Grizzly Bears",), 1)])
def test_x_divided_where_x_is_the_greatest_power(make_state, casts, creatures, expected):
    """CR 107.3c, 208.1, 601.2d: Monstrous Onslaught's X is the greatest power among P1's creatures, as it is cast.

    "X damage divided as you choose among any number of target creatures, where X is the greatest power among
    creatures you control as you cast this spell." Five Forests pay {3}{G}{G}. P1's Grizzly Bears (2) and Hill
    Giant (3): X = 3, one target 2 x 1, both 2 divisions (1+2, 2+1): 4 casts. The Bears alone: X = 2, all of it
    to the Bears: 1.
    """
    state = make_state(
        hand=[("onslaught", "Monstrous Onslaught")],
        battlefield=[(f"f{i}", "Forest") for i in range(5)] + [(f"c{i}", c) for i, c in enumerate(creatures)],
    )
    found = casts(state, "onslaught")
    assert len(found) == expected
    assert {sum(c.targets[0].division) for c in found} == {len(creatures) + 1}


@pytest.mark.parametrize(("creatures", "expected"), [(("Grizzly Bears",), 1), (("Grizzly Bears", "Hill Giant"), 3)])
def test_counters_distributed_where_x_is_a_count_then_more_text(make_state, casts, creatures, expected):
    """CR 107.3c, 601.2d: Undercity Upheaval distributes X +1/+1 counters, X the creature cards in P1's graveyard.

    "…, where X is the number of creature cards in your graveyard as you cast this spell. Creatures you control
    gain vigilance until end of turn.": the sentence after the division is other text. Two creature cards (and an
    Opt) in the graveyard: X = 2. Among P1's Bears alone: 2 to it, 1 cast; Bears and Hill Giant: 2 to one of them
    (2) or 1 each (1) = 3. Three Forests pay {1}{G}{G}.
    """
    state = make_state(
        hand=[("upheaval", "Undercity Upheaval")],
        battlefield=[(f"f{i}", "Forest") for i in range(3)] + [(f"c{i}", c) for i, c in enumerate(creatures)],
        opponent=[("theirs", "Grizzly Bears")],
        objects=[
            {"id": f"dead{i}", "card": card, "zone": "graveyard", "owner": "P1"}
            for i, card in enumerate(("Grizzly Bears", "Llanowar Elves", "Opt"))
        ],
    )
    found = casts(state, "upheaval")
    assert len(found) == expected
    assert {sum(c.targets[0].division) for c in found} == {2}
