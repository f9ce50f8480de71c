"""What permanents forbid or allow in casting other spells, from either side (CR 101.2, 601.3, 702.8a)."""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from solver.legal import legal_casts
from tests.rules.conftest import lands


def _count(state, card):
    return legal_casts(state, card).count()


@pytest.mark.parametrize(("side", "expected"), [("P2", 6), ("P1", 12)])
def test_even_mana_values_with_x(make_state, side, expected):
    """Void Winnower: "Your opponents can't cast spells with even mana values." (CR 202.3e: X counts on the stack).

    Blaze ({X}{R}, X damage to any target), four Mountains: X is 0 to 3, mana value 1 + X. With the opponent's
    Winnower, X = 1 and X = 3 (mana values 2 and 4) can't be cast: X 0 or 2, times 3 targets (P1, P2, the
    Winnower) = 6 casts. The caster's own Winnower binds only its controller's opponents: 4 x 3 = 12.
    """
    winnower = [("winnower", "Void Winnower")]
    state = make_state(
        hand=[("blaze", "Blaze")],
        battlefield=lands("Mountain", 4) + (winnower if side == "P1" else []),
        opponent=winnower if side == "P2" else [],
    )
    assert _count(state, "blaze") == expected


@pytest.mark.parametrize("side", ["P1", "P2"])
@pytest.mark.parametrize(("spell", "expected"), [("Blaze", 0), ("Sift", 0), ("Hill Giant", 1), ("Divination", 1)])
def test_gaddock_teeg_binds_every_player(make_state, side, spell, expected):
    """Gaddock Teeg: noncreature spells with mana value 4 or greater, or with {X}, can't be cast (CR 101.2).

    It binds every player, its controller too. Blaze has {X}: 0; Sift (mana value 4, a sorcery): 0; Hill Giant
    (mana value 4, a creature): 1; Divination (mana value 3): 1. Four Islands and four Mountains pay them.
    """
    teeg = [("teeg", "Gaddock Teeg")]
    state = make_state(
        hand=[("spell", spell)],
        battlefield=lands("Island", 4) + lands("Mountain", 4) + (teeg if side == "P1" else []),
        opponent=teeg if side == "P2" else [],
    )
    assert _count(state, "spell") == expected


@pytest.mark.parametrize(("active", "expected"), [("P2", 0), ("P1", 3)])
def test_grand_abolisher_during_its_controllers_turn(make_state, active, expected):
    """Grand Abolisher: "During your turn, your opponents can't cast spells …" (CR 101.2).

    P2's Abolisher: on P2's turn P1 can't cast Lightning Bolt (0); on P1's own turn Bolt has 3 targets (P1, P2,
    the Abolisher).
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("abolisher", "Grand Abolisher")],
        active_player=active,
        priority="P1",
    )
    assert _count(state, "bolt") == expected


@pytest.mark.parametrize(("magistrate", "expected"), [("P2", 0), ("P1", 1), (None, 1)])
def test_drannith_magistrate_forbids_other_zones(make_state, magistrate, expected):
    """Drannith Magistrate's "Your opponents can't cast spells from anywhere other than their hands".

    Think Twice in P1's graveyard, flashback {2}{U}, three Islands: 1 cast (no target, no choice); none with the
    opponent's Magistrate; the caster's own binds only its controller's opponents: 1.
    """
    mine = [("magistrate", "Drannith Magistrate")]
    state = make_state(
        battlefield=lands("Island", 3) + (mine if magistrate == "P1" else []),
        opponent=mine if magistrate == "P2" else [],
        objects=[{"id": "twice", "card": "Think Twice", "zone": "graveyard", "owner": "P1"}],
    )
    assert _count(state, "twice") == expected


@pytest.mark.parametrize(("cast", "expected"), [(1, 0), (0, 3)])
def test_rule_of_law(make_state, cast, expected):
    """Rule of Law: "Each player can't cast more than one spell each turn." (the state's this_turn.spells_cast).

    P1 cast a spell this turn: Lightning Bolt can't be cast (0). None yet: 3 targets (P1, P2, nothing else).
    Rule of Law is P1's own: it binds each player.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1) + [("law", "Rule of Law"), ("bears", "Grizzly Bears")],
        this_turn={"spells_cast": {"P1": cast}},
    )
    assert _count(state, "bolt") == expected


@pytest.mark.parametrize(("active", "expected"), [("P1", 3), ("P2", 0)])
def test_teferi_sorcery_timing_for_opponents(make_state, active, expected):
    """Teferi, Time Raveler: "Each opponent can cast spells only any time they could cast a sorcery." (CR 307.1).

    P1's Lightning Bolt in P1's main phase with an empty stack: 3 targets (P1, P2, Teferi, a planeswalker). On
    P2's turn, although an instant: none.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("teferi", "Teferi, Time Raveler", {"counters": {"loyalty": 4}})],
        active_player=active,
        priority="P1",
    )
    assert _count(state, "bolt") == expected


@pytest.mark.parametrize(("side", "expected"), [("P1", 1), ("P2", 0), (None, 0)])
def test_leyline_of_anticipation_gives_flash(make_state, side, expected):
    """Leyline of Anticipation: "You may cast spells as though they had flash." (CR 601.3c, 702.8a).

    Hill Giant ({3}{R}) on P2's turn, four Mountains: with P1's Leyline, 1 cast; with P2's or none, 0 (a creature
    spell is cast only in its caster's main phase, CR 307.1).
    """
    leyline = [("leyline", "Leyline of Anticipation")]
    state = make_state(
        hand=[("giant", "Hill Giant")],
        battlefield=lands("Mountain", 4) + (leyline if side == "P1" else []),
        opponent=leyline if side == "P2" else [],
        active_player="P2",
        priority="P1",
    )
    assert _count(state, "giant") == expected


@pytest.mark.parametrize(("attacked", "expected"), [(["P1"], 0), ([], 3)])
def test_who_attacked_this_turn(make_state, attacked, expected):
    """Angelic Arbiter: "Each opponent who attacked with a creature this turn can't cast spells." (CR 101.2).

    P1 attacked this turn (the state's this_turn.attacked): Lightning Bolt can't be cast (0). Not: 3 targets
    (P1, P2, the Arbiter). Its other line, about attacking, bears on no cast.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("arbiter", "Angelic Arbiter")],
        this_turn={"attacked": attacked},
    )
    assert _count(state, "bolt") == expected


@pytest.mark.parametrize(
    ("spell", "tapped", "expected"),
    [
        # Lightning Bolt ({R}, mana value 1 <= 3 lands): P1 or P2, paid (2) or not (2): 4 casts
        ("Lightning Bolt", False, 4),
        # the Mountains tapped: only without paying, 2 casts (tapped lands are lands P1 controls)
        ("Lightning Bolt", True, 2),
        # Lava Axe (mana value 5 > 3 lands; {4}{R} > 3 mana): 0 casts
        ("Lava Axe", False, 0),
        # Hill Giant ({3}{R}: 4 mana from 3 Mountains; mana value 4 > 3 lands): 0 casts
        ("Hill Giant", False, 0),
        # Grizzly Bears ({1}{G}, no green mana; mana value 2 <= 3): without paying alone, 1 cast
        ("Grizzly Bears", False, 1),
    ],
)
def test_fires_of_invention_casts_without_paying(make_state, spell, tapped, expected):
    """Fires of Invention lets P1 cast spells of mana value up to 3 without paying their mana costs (CR 118.9).

    "You may cast spells with mana value less than or equal to the number of lands you control without paying
    their mana costs.": an alternative cost, so a cast that pays and one that doesn't are two casts (CR 118.9a).
    P1 controls it and 3 Mountains, in P1's main phase.
    """
    mountains = [(f"mtn{i}", "Mountain", {"tapped": tapped}) for i in range(1, 4)]
    state = make_state(hand=[("spell", spell)], battlefield=[("fires", "Fires of Invention"), *mountains])
    assert legal_casts(state, "spell").count() == expected


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({}, 4),  # as above: Bolt paid or not, at P1 or P2
        ({"this_turn": {"spells_cast": {"P1": 1}}}, 4),  # one spell cast: a second is allowed
        ({"this_turn": {"spells_cast": {"P1": 2}}}, 0),  # "no more than two spells each turn" (CR 101.2)
        ({"active_player": "P2", "priority": "P1"}, 0),  # "only during your turn": an instant in P2's turn
    ],
)
def test_fires_of_invention_limits_when_and_how_many(make_state, extra, expected):
    """Fires of Invention: P1's spells only in P1's turn, two each turn (CR 101.2).

    "You can cast spells only during your turn and you can cast no more than two spells each turn." Lightning Bolt
    with 3 Mountains: 4 casts when neither binds (see above), else none.
    """
    mountains = lands("Mountain", 3)
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("fires", "Fires of Invention"), *mountains], **extra
    )
    assert legal_casts(state, "bolt").count() == expected


@pytest.mark.parametrize(("side", "expected"), [("P1", 1), ("P2", 0)])
def test_omniscience(make_state, side, expected):
    """Omniscience: "You may cast spells from your hand without paying their mana costs." (CR 118.9).

    Shivan Dragon with no land: P1's Omniscience casts it without paying, 1 cast; P2's lets only P2 do so, 0.
    """
    omniscience = [("omni", "Omniscience")]
    state = make_state(
        hand=[("dragon", "Shivan Dragon")],
        battlefield=omniscience if side == "P1" else [],
        opponent=omniscience if side == "P2" else [],
    )
    assert legal_casts(state, "dragon").count() == expected


def test_without_paying_is_a_prompt_when_both_ways_are_open(make_state):
    """The first prompt of Bolt under Fires of Invention is whether it is paid (CR 118.9a): 2 casts each way.

    Each cast is legal, and asked without paying names the casts without paying alone.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=[("fires", "Fires of Invention"), *lands("Mountain", 3)]
    )
    view = legal_casts(state, "bolt")
    first = view.options()
    assert (first.prompt, [(o.value, o.count) for o in first.options]) == (
        "without_paying_mana_cost",
        [(False, 2), (True, 2)],
    )
    casts = list(view)
    assert sum(c.without_paying_mana_cost for c in casts) == 2
    assert all(c in view and not view.why_illegal(c) for c in casts)
    assert legal_casts(state, "bolt", without_paying_mana_cost=True).count() == 2


@pytest.mark.parametrize(("spell", "expected"), [("Lightning Bolt", 0), ("Shock", 3)])
def test_spells_with_the_chosen_name_cant_be_cast(make_state, spell, expected):
    """Meddling Mage: "Spells with the chosen name can't be cast." (CR 101.2, 201.2, 607.2a), Lightning Bolt named.

    P2's Mage, the name in the state (``chosen``). P1's Lightning Bolt can't be cast (0); Shock, another name,
    has P1, P2 and the Mage as targets (3).
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=lands("Mountain", 1),
        opponent=[("mage", "Meddling Mage", {"chosen": {"name": "Lightning Bolt"}})],
    )
    assert _count(state, "spell") == expected


def test_a_name_not_in_the_state_is_not_guessed(make_state):
    """Meddling Mage with no name in the state: whether Lightning Bolt has it is not known (CR 607.2a).

    Unsupported, never guessed.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], battlefield=lands("Mountain", 1), opponent=[("mage", "Meddling Mage")]
    )
    with pytest.raises(UnsupportedRuleError):
        _count(state, "bolt")


@pytest.mark.parametrize(("named", "expected"), [("Fire", 3), ("Ice", 3), ("Grizzly Bears", 6)])
def test_a_name_of_one_half_of_a_split_card(make_state, named, expected):
    """Nevermore naming one half of Fire // Ice: the half cast has its own name alone (CR 709.3a, 201.2).

    A Mountain and an Island. Fire ({1}{R}, 2 damage divided among one or two targets): P1, P2, or both = 3
    casts; Ice ({1}{U}, tap target permanent): the Mountain, the Island or Nevermore = 3. Fire named: Ice alone,
    3; Ice named: Fire alone, 3; another name: 6.
    """
    state = make_state(
        hand=[("fi", "Fire // Ice")],
        battlefield=lands("Mountain", 1) + lands("Island", 1),
        opponent=[("nevermore", "Nevermore", {"chosen": {"name": named}})],
    )
    assert _count(state, "fi") == expected
