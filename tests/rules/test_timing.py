"""Tests of solver.rules.timing: priority and sorcery timing (CR 117.1a, 307.1, 305.9, 702.8).

Every count is worked out by hand with the arithmetic in a comment; each
scenario runs on both backends.
"""

from __future__ import annotations

import pytest

from models.cast import Cast, TargetChoice
from solver.legal import count_legal_casts, legal_casts, why_illegal
from tests.rules.conftest import older_text

RAID = [("raid", "Requisition Raid")]
TWO_PLAINS = [("p1", "Plains"), ("p2", "Plains")]
OPT = [("opt", "Opt")]
OPPONENT_SPELL = {"id": "spell", "card": "Opt", "zone": "stack", "owner": "P2", "controller": "P2"}


def raid_at_player() -> Cast:
    """Requisition Raid, mode 2 only, targeting P2."""
    return Cast(
        "raid", "Requisition Raid", modes=(2,), targets=(TargetChoice("raid", 2, 0, 0, "target player", ("P2",)),)
    )


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
        ("Raging Kavu", [], 1),  # Flash: at P2's end step
        ("Grizzly Bears", [], 0),  # no flash: sorcery timing
        ("Grizzly Bears", ["flash"], 1),  # flash granted by an effect
    ],
)
def test_flash_creature_at_instant_speed(make_state, casts, creature, granted, expected):
    """CR 702.8a, 302.1: flash lets a creature be cast any time its caster could cast an instant.

    Without it, the broken rule is the creature's own timing rule (CR 302.1), not the sorcery's (CR 307.1).
    """
    state = make_state(
        hand=[("c", creature, {"granted": granted})],
        battlefield=[("m", "Mountain"), ("f1", "Forest"), ("f2", "Forest")],
        phase="end",
        active_player="P2",
        priority="P1",
    )
    assert len(casts(state, "c")) == expected
    rules = {reason.rule for reason in why_illegal(state, Cast("c", creature))}
    assert rules == (set() if expected else {"CR 302.1"})


def test_flash_creature_with_a_spell_on_the_stack(make_state, casts):
    """CR 702.8a, 117.1a: Raging Kavu may be cast in response to a spell."""
    state = make_state(
        hand=[("kavu", "Raging Kavu"), ("bears", "Grizzly Bears")],
        battlefield=[("m", "Mountain"), ("f1", "Forest"), ("f2", "Forest")],
        objects=[OPPONENT_SPELL],
        stack=["spell"],
    )
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
    state = make_state(
        opponent=[("m1", "Mountain"), ("m2", "Mountain")],
        priority="P2",
        objects=[{"id": "ray", "card": "Glacial Ray", "zone": "hand", "owner": "P2"}],
    )
    # Glacial Ray with P2's Mountains: P1 or P2 = 2.
    assert len(casts(state, "ray")) == 2


def test_a_spliced_sorcery_is_not_cast(make_state, casts):
    """CR 307.1, 702.47a: at P2's end step Splicer's Skill can't be cast but may be spliced onto Opt."""
    state = make_state(
        hand=OPT + [("skill", "Splicer's Skill")],
        battlefield=[("i", "Island")] + [(f"p{i}", "Plains") for i in range(4)],
        phase="end",
        active_player="P2",
        priority="P1",
    )
    # Opt alone 1 + Skill spliced ({U}+{3}{W}) 1 = 2; Skill 0.
    assert len(casts(state, "opt")) == 2
    assert len(casts(state, "skill")) == 0
    assert "CR 307.1" in {r.rule for r in why_illegal(state, Cast("skill", "Splicer's Skill"))}
    assert bool(legal_casts(state, "skill")) is False


def test_casting_from_the_graveyard_with_flashback(make_state, basics):
    """CR 702.34a: flashback lets Feeling of Dread be cast from P1's graveyard for {1}{U}.

    Two Islands; "up to two target creatures" with no creature: the one cast choosing none.
    """
    state = make_state(
        battlefield=basics("Island", 2),
        objects=[{"id": "dread", "card": "Feeling of Dread", "zone": "graveyard", "owner": "P1"}],
    )
    assert [c.alternative_cost for c in legal_casts(state, "dread")] == ["flashback"]


def test_a_card_in_the_graveyard_without_permission_has_no_cast(make_state, basics):
    """CR 601.2, 601.3: nothing lets Opt be cast from the graveyard: 0 casts, and the reason says where it is."""
    state = make_state(
        battlefield=basics("Island", 1), objects=[{"id": "opt", "card": "Opt", "zone": "graveyard", "owner": "P1"}]
    )
    assert legal_casts(state, "opt").count() == 0
    assert "CR 601.2" in {r.rule for r in why_illegal(state, Cast("opt", "Opt"))}


# ---------------------------------------------------------------- "as though it had flash if you pay {2} more"
P2_END_STEP = {"phase": "end", "active_player": "P2", "priority": "P1"}


def plains(count: int) -> list[tuple[str, str]]:
    return [(f"p{i}", "Plains") for i in range(1, count + 1)]


@pytest.mark.parametrize(
    ("situation", "lands", "expected", "total"),
    [
        # P1's main phase, empty stack: sorcery timing, Rout costs its mana cost {3}{W}{W} = 5.
        ({}, 5, 1, "{3}{W}{W}"),
        # Same with 7 Plains: the permission is not used, nothing more is paid (one cast, not two).
        ({}, 7, 1, "{3}{W}{W}"),
        # P2's end step: only as though it had flash, {3}{W}{W} + {2} = 7 mana.
        (P2_END_STEP, 6, 0, None),
        (P2_END_STEP, 7, 1, "{5}{W}{W}"),
        # P1's combat phase: not a main phase (CR 307.5a), 7 mana.
        ({"phase": "combat"}, 6, 0, None),
        ({"phase": "combat"}, 7, 1, "{5}{W}{W}"),
        # P1's main phase with P2's Opt on the stack: another object on the stack (CR 307.5a), 7 mana.
        ({"objects": [OPPONENT_SPELL], "stack": ["spell"]}, 6, 0, None),
        ({"objects": [OPPONENT_SPELL], "stack": ["spell"]}, 7, 1, "{5}{W}{W}"),
    ],
)
def test_rout_as_though_it_had_flash_for_two_more(make_state, casts, situation, lands, expected, total):
    """CR 601.3c, 307.5a, 601.2f: Rout may be cast any time an instant could be, paying {2} more exactly then."""
    state = make_state(hand=[("rout", "Rout")], battlefield=plains(lands), **situation)
    found = casts(state, "rout")
    assert len(found) == expected
    assert [str(c.total_cost) for c in found] == ([total] if expected else [])
    if not expected:
        # Timing allows it: what fails is paying the {2} more.
        assert {r.rule for r in why_illegal(state, Cast("rout", "Rout"))} == {"CR 601.2h"}


def test_rout_needs_priority_even_with_flash(make_state, casts):
    """CR 117.1a, 304.5: "as though it had flash" still needs priority."""
    state = make_state(hand=[("rout", "Rout")], battlefield=plains(7), phase="end", active_player="P2", priority="P2")
    assert len(casts(state, "rout")) == 0
    assert {r.rule for r in why_illegal(state, Cast("rout", "Rout"))} == {"CR 117.1a"}


@pytest.mark.parametrize(("lands", "expected"), [(1, 0), (2, 1)])
def test_flash_cost_is_paid_without_paying_the_mana_cost(make_state, casts, lands, expected):
    """CR 601.3c, 118.9: the {2} more is an additional cost: cast without paying its mana cost, Rout costs {2}."""
    state = make_state(hand=[("rout", "Rout")], battlefield=plains(lands), **P2_END_STEP)
    found = casts(state, "rout", without_paying_mana_cost=True)
    assert len(found) == expected
    assert all(str(c.total_cost) == "{2}" for c in found)


@pytest.mark.parametrize(("lands", "expected"), [(7, 0), (8, 1)])
def test_flash_cost_and_thalia_add_up(make_state, casts, lands, expected):
    """CR 601.2f: at P2's end step Rout costs {3}{W}{W} + {2} (flash) + {1} (Thalia) = 8 mana."""
    state = make_state(
        hand=[("rout", "Rout")],
        battlefield=plains(lands),
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
        **P2_END_STEP,
    )
    found = casts(state, "rout")
    assert len(found) == expected
    assert all(str(c.total_cost) == "{6}{W}{W}" for c in found)


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        # P1's main phase, 4 Mountains: {X}{R}, X = 0..3 (4 values) x {P1, P2} = 8.
        ({}, 4 * 2),
        # P2's end step: {X}{R} + {2} with 4 Mountains: X = 0..1 (2 values) x {P1, P2} = 4.
        (P2_END_STEP, 2 * 2),
    ],
)
def test_ghitu_fire_x_with_the_flash_cost(make_state, casts, situation, expected):
    """CR 601.3c, 107.3, 601.2f: Ghitu Fire cast as though it had flash leaves {2} less for X."""
    state = make_state(
        hand=[("fire", "Ghitu Fire")], battlefield=[(f"m{i}", "Mountain") for i in range(4)], **situation
    )
    found = casts(state, "fire")
    assert len(found) == expected
    assert max(c.x for c in found) == (3 if not situation else 1)


def graveyard(*names: str, owner: str = "P1") -> list[dict]:
    return [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": owner} for i, name in enumerate(names)]


@pytest.mark.parametrize(
    ("cards", "owner", "expected"),
    [
        (("Opt", "Rout"), "P1", 1),  # two instant/sorcery cards in P1's graveyard: flash
        (("Opt", "Island"), "P1", 0),  # one instant and a land: no spell mastery
        (("Opt",), "P1", 0),
        (("Opt", "Rout"), "P2", 0),  # in P2's graveyard: not the caster's
    ],
)
def test_swift_reckoning_spell_mastery(make_state, casts, cards, owner, expected):
    """CR 601.3d: with two or more instant and/or sorcery cards in its caster's graveyard, Swift Reckoning has flash."""
    state = make_state(
        hand=[("reckoning", "Swift Reckoning")],
        battlefield=plains(2),
        opponent=[("bears", "Grizzly Bears", {"tapped": True})],
        objects=graveyard(*cards, owner=owner),
        **P2_END_STEP,
    )
    # "Destroy target tapped creature": the tapped Bears only; {1}{W}, nothing more = 1 cast when it has flash.
    found = casts(state, "reckoning")
    assert len(found) == expected
    assert all(str(c.total_cost) == "{1}{W}" for c in found)
    cast = Cast(
        "reckoning",
        "Swift Reckoning",
        targets=(TargetChoice("reckoning", None, 0, 0, "target tapped creature", ("bears",)),),
    )
    reasons = why_illegal(state, cast)
    assert {r.rule for r in reasons} == (set() if expected else {"CR 307.1"})
    assert all("CR 601.3d" in r.message for r in reasons)


# ---------------------------------------------------------------- "Cast this spell only during …"
def mountains(count: int) -> list[tuple[str, str]]:
    return [(f"m{i}", "Mountain") for i in range(1, count + 1)]


@pytest.mark.parametrize(
    ("situation", "lands", "expected"),
    [
        # P1's combat phase: mode 1 or mode 2 ({3}{R}{R}) = 2; entwined ({3}{R}{R} + {1}{R} = 7 mana) = 1.
        ({"phase": "combat"}, 7, 3),
        ({"phase": "combat"}, 6, 2),
        # Not combat, P1's turn.
        ({"phase": "precombat_main"}, 7, 0),
        ({"phase": "end"}, 7, 0),
        # P2's combat phase, P1 holding priority: combat, but not P1's turn.
        ({"phase": "combat", "active_player": "P2", "priority": "P1"}, 7, 0),
    ],
)
@pytest.mark.parametrize(
    "beating",
    [
        # Current wording: "Cast this spell only during combat on your turn."
        pytest.param("Savage Beating", id="current"),
        # Older wording: "Cast Savage Beating only during your turn and only during combat." (the same restriction)
        pytest.param(older_text("Savage Beating"), id="older"),
    ],
)
def test_savage_beating_only_during_your_turn_and_only_during_combat(
    make_state, casts, situation, lands, expected, beating
):
    """CR 601.3, 604.6, 702.42a: Savage Beating, entwine {1}{R}, only during its caster's turn and during combat."""
    state = make_state(hand=[("beating", beating)], battlefield=mountains(lands), **situation)
    assert len(casts(state, "beating")) == expected
    rules = {r.rule for r in why_illegal(state, Cast("beating", "Savage Beating", modes=(0,)))}
    assert rules == (set() if expected else {"CR 601.3"})


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        # Combat on either player's turn: "target creature you don't control", P2's two Bears = 2.
        ({"phase": "combat"}, 2),
        ({"phase": "combat", "active_player": "P2", "priority": "P1"}, 2),
        ({"phase": "postcombat_main"}, 0),
        ({"phase": "upkeep", "active_player": "P2", "priority": "P1"}, 0),
    ],
)
def test_spinal_embrace_only_during_combat(make_state, casts, situation, expected):
    """CR 601.3, 604.6, 506.1: Spinal Embrace may be cast in any player's combat phase, never outside it."""
    state = make_state(
        hand=[("embrace", "Spinal Embrace")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("s1", "Swamp")] + mountains(3),
        opponent=[("bear1", "Grizzly Bears"), ("bear2", "Grizzly Bears")],
        **situation,
    )
    assert len(casts(state, "embrace")) == expected


def test_timing_restriction_is_explained(make_state):
    """CR 601.3, 604.6: why_illegal names the restriction printed on Cauldron Dance."""
    state = make_state(
        hand=[("dance", "Cauldron Dance")],
        battlefield=[("s1", "Swamp"), ("r1", "Mountain")] + plains(4),
        objects=graveyard("Grizzly Bears"),
    )
    cast = Cast(
        "dance",
        "Cauldron Dance",
        targets=(TargetChoice("dance", None, 0, 0, "target creature card from your graveyard", ("g0",)),),
    )
    reasons = why_illegal(state, cast)
    assert [r.rule for r in reasons] == ["CR 601.3"]
    assert "Cast this spell only during combat." in reasons[0].message  # its current wording
    assert (
        why_illegal(
            make_state(
                hand=[("dance", "Cauldron Dance")],
                battlefield=[("s1", "Swamp"), ("r1", "Mountain")] + plains(4),
                objects=graveyard("Grizzly Bears"),
                phase="combat",
            ),
            cast,
        )
        == ()
    )


@pytest.mark.parametrize(
    ("text", "phases", "turn"),
    [
        ("Cast this spell only during combat.", {"combat"}, "any"),
        ("Cast this spell only during your turn.", set(), "yours"),
        ("Cast this spell only during an opponent's turn.", set(), "opponent"),
        ("Cast this spell only during your turn and only during combat.", {"combat"}, "yours"),
    ],
)
def test_timing_restriction_is_read(card, text, phases, turn):
    """CR 601.3, 604.6: the restriction is read into CardAbilities.timing_restriction."""
    from models.cards import card_from_record
    from models.oracle.parser import parse_card

    abilities = parse_card(card_from_record(card("Some Instant", "{R}", "Instant", text + "\nDraw a card.")))
    assert not abilities.casting_unsupported
    assert {p.value for p in abilities.timing_restriction.phases} == phases
    assert abilities.timing_restriction.turn == turn


@pytest.mark.parametrize(
    ("name", "phases", "turn"),
    [
        ("Berserk", {"untap", "upkeep", "draw", "precombat_main", "combat"}, "any"),  # before the combat damage step
        ("Camouflage", {"combat"}, "yours"),  # during your declare attackers step
        ("Chaotic Strike", {"combat"}, "any"),  # during combat after blockers are declared
        ("Siren's Call", {"untap", "upkeep", "draw", "precombat_main", "combat"}, "opponent"),  # before attackers
    ],
)
def test_restrictions_naming_combat_steps(name, phases, turn):
    """CR 506.1, 601.3: windows such as "before blockers are declared" are read as the phases they span.

    Within the combat phase only some steps allow the spell, and the state does not tell steps apart: the
    restriction says so (``combat_steps``), and the cast rules report it there.
    """
    from models.io.card_pool import default_card_database
    from models.oracle.parser import parse_card

    restriction = parse_card(default_card_database().get(name)).timing_restriction
    assert restriction is not None and restriction.combat_steps
    assert {p.value for p in restriction.phases} == phases and restriction.turn == turn


@pytest.mark.parametrize(
    ("situation", "islands", "total"),
    [
        ({}, 2, "{U}{U}"),  # P1's main phase: a creature at sorcery timing, {U}{U}
        (P2_END_STEP, 3, None),  # P2's end step: {U}{U} + {2} = 4 mana, 3 Islands: no cast
        (P2_END_STEP, 4, "{2}{U}{U}"),
    ],
)
def test_a_creature_cast_as_though_it_had_flash(make_state, casts, situation, islands, total):
    """CR 601.3c, 307.5a: Harbinger of the Tides, a creature, may be cast with flash for {2} more."""
    state = make_state(
        hand=[("harbinger", "Harbinger of the Tides")],
        battlefield=[(f"i{n}", "Island") for n in range(islands)],
        **situation,
    )
    assert [str(c.total_cost) for c in casts(state, "harbinger")] == ([total] if total else [])


@pytest.mark.parametrize(
    ("phase", "active", "expected"),
    [
        ("precombat_main", "P1", 2),  # before combat: Berserk's window is open (any target creature: 2)
        ("upkeep", "P2", 2),  # an opponent's upkeep is before that turn's combat damage step too
        ("postcombat_main", "P1", 0),  # after the combat damage step of this turn: closed
        ("end", "P2", 0),
    ],
)
def test_before_the_combat_damage_step(make_state, casts, phase, active, expected):
    """Berserk: "Cast this spell only before the combat damage step." (CR 601.3, 506.1, 510).

    Outside the combat phase the phase decides: before combat yes, after no. Berserk targets a creature:
    P1's and P2's Grizzly Bears = 2 casts when it can be cast.
    """
    state = make_state(
        hand=[("berserk", "Berserk")],
        battlefield=[("f", "Forest"), ("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
        phase=phase,
        active_player=active,
        priority="P1",
    )
    assert len(casts(state, "berserk")) == expected


def test_a_combat_step_window_outside_and_inside_combat(make_state, casts):
    """Chaotic Strike: "Cast this spell only during combat after blockers are declared." (CR 601.3, 509).

    In a main phase: 0 casts. In combat, which step it is is not in the state: unsupported, not guessed.
    Reset ("only during an opponent's turn after their upkeep step"): in P2's draw step, 1 cast; in P2's
    upkeep, 0; in P1's own main phase, 0.
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    islands = [("i1", "Island"), ("i2", "Island")]
    state = make_state(
        hand=[("strike", "Chaotic Strike")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("bears", "Grizzly Bears")],
        phase="precombat_main",
    )
    assert casts(state, "strike") == set()
    state = make_state(
        hand=[("strike", "Chaotic Strike")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("bears", "Grizzly Bears", {"attacking": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    with pytest.raises(UnsupportedRuleError, match="steps of combat"):
        legal_casts(state, "strike").count()
    for phase, active, expected in (("draw", "P2", 1), ("upkeep", "P2", 0), ("precombat_main", "P1", 0)):
        state = make_state(
            hand=[("reset", "Reset")], battlefield=islands, phase=phase, active_player=active, priority="P1"
        )
        assert len(casts(state, "reset")) == expected, phase


def test_combat_steps_that_change_no_answer_refuse_nothing(make_state, casts):
    """CR 506.1, 601.3: a restriction naming steps of combat, undecidable in combat, refuses only what it changes.

    Just Fate: "Cast this spell only during the declare attackers step and only if you've been attacked this
    step. Destroy target attacking creature." ({2}{W}, three Plains.) In P2's combat with no attacking creature,
    "target attacking creature" has no legal choice (CR 115.1, 601.2c): no cast, whatever the step: 0 by every
    engine, no refusal. With P2's Grizzly Bears attacking, there would be 1 cast in the declare attackers step
    and 0 in the others, and the state doesn't say which: unsupported, by every path.
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    plains = [("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains")]
    state = make_state(
        hand=[("fate", "Just Fate")],
        battlefield=plains,
        opponent=[("bears", "Grizzly Bears")],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    assert casts(state, "fate") == set()  # every engine agrees, none refuses
    attacked = make_state(
        hand=[("fate", "Just Fate")],
        battlefield=plains,
        opponent=[("bears", "Grizzly Bears", {"attacking": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    for backend in ("fast", "brute", "python-constraint"):
        with pytest.raises(UnsupportedRuleError, match="steps of combat"):
            legal_casts(attacked, "fate", backend=backend).count()


@pytest.mark.parametrize(
    ("name", "record", "rule"),
    [
        ("Bears", {"mana_cost": "{1}{G}", "type_line": "Creature — Bear"}, "CR 302.1"),
        ("Relic", {"mana_cost": "{1}", "type_line": "Artifact"}, "CR 301.1"),
        ("Aura", {"mana_cost": "{W}", "type_line": "Enchantment"}, "CR 303.1"),
        ("Walker", {"mana_cost": "{2}{U}", "type_line": "Legendary Planeswalker — Jace"}, "CR 306.1"),
        ("Siege", {"mana_cost": "{2}{R}", "type_line": "Battle — Siege"}, "CR 310.1"),
        ("Golem", {"mana_cost": "{3}", "type_line": "Artifact Creature — Golem"}, "CR 302.1"),
        ("Ritual", {"mana_cost": "{B}", "type_line": "Sorcery"}, "CR 307.1"),
        ("Tribal", {"mana_cost": "{B}", "type_line": "Kindred Sorcery — Goblin"}, "CR 307.1"),
    ],
)
def test_wrong_time_cites_the_timing_rule_of_the_card_type(make_state, name, record, rule):
    """CR 301.1, 302.1, 303.1, 306.1, 307.1, 310.1: a card cast at the wrong time breaks its type's rule.

    Issue 16, defect 4. An artifact creature is a creature first; a kindred card follows its other type (CR 308.1).
    """
    card = {"name": name, "oracle_text": "", **record}
    state = make_state(hand=[("x", card)], phase="end", active_player="P2", priority="P1")
    assert {reason.rule for reason in why_illegal(state, Cast("x", name))} >= {rule}
