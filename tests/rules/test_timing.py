"""Tests of solver.rules.timing: priority and sorcery timing (CR 117.1a, 307.1, 305.9, 702.8).

Every count is worked out by hand with the arithmetic in a comment; each
scenario runs on both backends.
"""

from __future__ import annotations

import pytest

from models.cast import Cast, TargetChoice
from solver.legal import count_legal_casts, legal_casts, why_illegal

RAID = [("raid", "Requisition Raid")]
TWO_PLAINS = [("p1", "Plains"), ("p2", "Plains")]
OPT = [("opt", "Opt")]
OPPONENT_SPELL = {"id": "spell", "card": "Opt", "zone": "stack", "owner": "P2", "controller": "P2"}


def raid_at_player() -> Cast:
    """Requisition Raid, mode 2 only, targeting P2."""
    return Cast("raid", "Requisition Raid", modes=(2,),
                targets=(TargetChoice("raid", 2, 0, 0, "target player", ("P2",)),))


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        # P1's main phases, empty stack: mode 2 ({1}{W}) at P1 or P2 = 2.
        ({"phase": "precombat_main"}, 2),
        ({"phase": "postcombat_main"}, 2),
        # Not a main phase.
        ({"phase": "combat"}, 0),
        ({"phase": "upkeep"}, 0),
        ({"phase": "end"}, 0),
        # P2's main phase, P1 holding priority: not P1's turn.
        ({"phase": "precombat_main", "active_player": "P2", "priority": "P1"}, 0),
        # P1's main phase with P2's spell on the stack.
        ({"phase": "precombat_main", "objects": [OPPONENT_SPELL], "stack": ["spell"]}, 0),
    ],
)
def test_sorcery_in_own_main_phase_with_empty_stack(make_state, casts, situation, expected):
    """CR 307.1, 117.1a: a sorcery is cast only in its caster's main phase, with priority and an empty stack."""
    state = make_state(hand=RAID, battlefield=TWO_PLAINS, **situation)
    found = casts(state, "raid")
    assert len(found) == expected
    rules = {reason.rule for reason in why_illegal(state, raid_at_player())}
    assert rules == (set() if expected else {"CR 307.1"})


@pytest.mark.parametrize("phase", ["upkeep", "draw", "precombat_main", "combat", "postcombat_main", "end"])
@pytest.mark.parametrize("active", ["P1", "P2"])
def test_instant_any_time_with_priority(make_state, casts, phase, active):
    """CR 117.1a: an instant (Opt) may be cast whenever its caster holds priority, on any player's turn."""
    state = make_state(hand=OPT, battlefield=[("i", "Island")], phase=phase, active_player=active, priority="P1")
    # Opt {U}, no targets = 1.
    assert len(casts(state, "opt")) == 1


def test_instant_with_a_spell_on_the_stack(make_state, casts):
    """CR 117.1a: a nonempty stack doesn't stop an instant."""
    state = make_state(hand=OPT, battlefield=[("i", "Island")], objects=[OPPONENT_SPELL], stack=["spell"])
    assert len(casts(state, "opt")) == 1


def test_nothing_is_cast_in_the_untap_step(make_state, casts):
    """CR 502.4: no player receives priority during the untap step, so no spells can be cast."""
    state = make_state(hand=OPT, battlefield=[("i", "Island")], phase="untap", active_player="P2", priority="P1")
    assert len(casts(state, "opt")) == 0


@pytest.mark.parametrize("card_id", ["opt", "raid", "kavu"])
def test_no_priority_no_cast(make_state, casts, card_id):
    """CR 117.1a: without priority a player casts nothing, instant, sorcery or flash creature."""
    state = make_state(
        hand=OPT + RAID + [("kavu", "Raging Kavu")],
        battlefield=[("i", "Island"), ("m", "Mountain"), ("f", "Forest")] + TWO_PLAINS,
        priority="P2",
    )
    assert len(casts(state, card_id)) == 0
    assert "CR 117.1a" in {reason.rule for reason in why_illegal(state, Cast("opt", "Opt"))}


def test_a_land_is_never_cast(make_state, casts):
    """CR 305.9, 305.1: a land in hand is played, not cast: 0 casts, and why_illegal cites CR 305.9."""
    state = make_state(hand=[("mcard", "Mountain")] + OPT, battlefield=[("i", "Island")])
    assert len(casts(state, "mcard")) == 0
    assert {reason.rule for reason in why_illegal(state, Cast("mcard", "Mountain"))} == {"CR 305.9"}
    # Summed over the hand: Mountain 0 + Opt 1 = 1.
    for backend in ("python-constraint", "brute"):
        assert count_legal_casts(state, backend=backend) == 1


@pytest.mark.parametrize(
    ("creature", "granted", "expected"),
    [
        ("Raging Kavu", [], 1),            # Flash: at P2's end step
        ("Grizzly Bears", [], 0),          # no flash: sorcery timing
        ("Grizzly Bears", ["flash"], 1),   # flash granted by an effect
    ],
)
def test_flash_creature_at_instant_speed(make_state, casts, creature, granted, expected):
    """CR 702.8a: flash lets a creature be cast any time its caster could cast an instant."""
    state = make_state(
        hand=[("c", creature, {"granted": granted})],
        battlefield=[("m", "Mountain"), ("f1", "Forest"), ("f2", "Forest")],
        phase="end", active_player="P2", priority="P1",
    )
    assert len(casts(state, "c")) == expected
    rules = {reason.rule for reason in why_illegal(state, Cast("c", creature))}
    assert rules == (set() if expected else {"CR 307.1"})


def test_flash_creature_with_a_spell_on_the_stack(make_state, casts):
    """CR 702.8a, 117.1a: Raging Kavu may be cast in response to a spell."""
    state = make_state(hand=[("kavu", "Raging Kavu"), ("bears", "Grizzly Bears")],
                       battlefield=[("m", "Mountain"), ("f1", "Forest"), ("f2", "Forest")],
                       objects=[OPPONENT_SPELL], stack=["spell"])
    assert len(casts(state, "kavu")) == 1
    assert len(casts(state, "bears")) == 0


def test_creature_at_sorcery_speed_in_own_main_phase(make_state, casts):
    """CR 307.1 (via 302.1's timing for creatures): Grizzly Bears in P1's main phase, empty stack = 1."""
    state = make_state(hand=[("bears", "Grizzly Bears")], battlefield=[("f1", "Forest"), ("f2", "Forest")])
    assert len(casts(state, "bears")) == 1


@pytest.mark.parametrize(
    ("obj", "player"),
    [
        ({"id": "ray", "card": "Glacial Ray", "zone": "graveyard", "owner": "P1"}, None),
        ({"id": "ray", "card": "Glacial Ray", "zone": "library", "owner": "P1"}, None),
        ({"id": "ray", "card": "Glacial Ray", "zone": "hand", "owner": "P2"}, "P1"),  # not P1's card
    ],
)
def test_cast_only_from_the_casters_hand(make_state, casts, obj, player):
    """CR 601.2a, 601.2: a card is cast from its owner's hand; other zones need a permission (not given)."""
    state = make_state(battlefield=[("m1", "Mountain"), ("m2", "Mountain")], objects=[obj])
    options = {"player": player} if player else {}
    assert len(casts(state, "ray", **options)) == 0
    target = (TargetChoice("ray", None, 0, 0, "any target", ("P2",)),)
    assert "CR 601.2" in {r.rule for r in why_illegal(state, Cast("ray", "Glacial Ray", targets=target), **options)}


def test_opponent_casts_an_instant_on_p1s_turn(make_state, casts):
    """CR 117.1a: P2 holding priority in P1's main phase may cast P2's own instant."""
    state = make_state(opponent=[("m1", "Mountain"), ("m2", "Mountain")], priority="P2",
                       objects=[{"id": "ray", "card": "Glacial Ray", "zone": "hand", "owner": "P2"}])
    # Glacial Ray with P2's Mountains: P1 or P2 = 2.
    assert len(casts(state, "ray")) == 2


def test_a_spliced_sorcery_is_not_cast(make_state, casts):
    """CR 307.1, 702.47a: at P2's end step Splicer's Skill can't be cast but may be spliced onto Opt."""
    state = make_state(
        hand=OPT + [("skill", "Splicer's Skill")],
        battlefield=[("i", "Island")] + [(f"p{i}", "Plains") for i in range(4)],
        phase="end", active_player="P2", priority="P1",
    )
    # Opt alone 1 + Skill spliced ({U}+{3}{W}) 1 = 2; Skill 0.
    assert len(casts(state, "opt")) == 2
    assert len(casts(state, "skill")) == 0
    assert "CR 307.1" in {r.rule for r in why_illegal(state, Cast("skill", "Splicer's Skill"))}
    assert bool(legal_casts(state, "skill")) is False


def test_casting_from_the_graveyard_with_flashback_is_reported(make_state, basics):
    """CR 702.34a: flashback lets a card be cast from a graveyard; not modelled, so reported, never counted 0."""
    from models.errors import UnsupportedRuleError

    state = make_state(battlefield=basics("Island", 2),
                       objects=[{"id": "dread", "card": "Feeling of Dread", "zone": "graveyard", "owner": "P1"}])
    with pytest.raises(UnsupportedRuleError, match="flashback"):
        legal_casts(state, "dread").count()


def test_a_card_in_the_graveyard_without_permission_has_no_cast(make_state, basics):
    """CR 601.2, 601.3: nothing lets Opt be cast from the graveyard: 0 casts, and the reason says where it is."""
    state = make_state(battlefield=basics("Island", 1),
                       objects=[{"id": "opt", "card": "Opt", "zone": "graveyard", "owner": "P1"}])
    assert legal_casts(state, "opt").count() == 0
    assert "CR 601.2" in {r.rule for r in why_illegal(state, Cast("opt", "Opt"))}
