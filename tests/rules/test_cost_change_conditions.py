"""A spell's own cost change whose condition is what it targets: "costs {3} less to cast if it targets …".

Targets are chosen (CR 601.2c) before the total cost is determined (CR 601.2f), so the total cost of each cast
depends on the targets chosen, and a target may be legal only because of the reduction it brings. The reduction
takes generic mana only (CR 118.7a). With several instances of "target", one target being of the kind is enough.
Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import dataclasses

import pytest

from models.cards import card_from_record
from models.io.card_pool import default_card_database
from models.oracle.parser import parse_card
from solver.explain import explain_card
from solver.legal import legal_casts, why_illegal

TAPPED_AND_UNTAPPED = [("tb", "Grizzly Bears", {"tapped": True}), ("ub", "Grizzly Bears")]


def chosen(found) -> dict[tuple[tuple[str, ...], ...], str]:
    """Each cast's targets (one tuple of ids per instance, in order) with its total cost."""
    return {tuple(choice.targets for choice in cast.targets): str(cast.total_cost) for cast in found}


def test_the_reduction_is_read_as_a_condition_on_targets():
    """CR 601.2f: "if it targets a tapped creature" is read as the phrase "target tapped creature" is (CR 115.1)."""
    (modifier,) = parse_card(default_card_database().get("Seized from Slumber")).cost_modifiers
    assert modifier.amount == -3 and modifier.own and not modifier.requires
    assert modifier.if_targets is not None and modifier.if_targets.phrase == "target tapped creature"


@pytest.mark.parametrize(
    ("plains", "expected"),
    [
        (2, {(("tb",),): "{1}{W}"}),
        (4, {(("tb",),): "{1}{W}"}),
        (5, {(("tb",),): "{1}{W}", (("ub",),): "{4}{W}"}),
    ],
)
def test_only_the_target_that_reduces_the_cost_is_affordable(make_state, casts, basics, plains, expected):
    """CR 601.2c, 601.2f: Seized from Slumber ({4}{W}) costs {3} less if it targets a tapped creature.

    P2 has a tapped and an untapped Grizzly Bears; P1 has no creature. Targeting the tapped one the total cost
    is {4}{W} - {3} = {1}{W} (2 mana); the untapped one {4}{W} (5 mana). Two Plains: the tapped Bears only, 1
    cast; four Plains: still 1 (4 < 5); five Plains: both, 2 casts, each with its own total cost.
    """
    state = make_state(
        hand=[("sfs", "Seized from Slumber")], battlefield=basics("Plains", plains), opponent=TAPPED_AND_UNTAPPED
    )
    assert chosen(casts(state, "sfs")) == expected


def test_why_illegal_names_the_total_cost_of_the_targets_chosen(make_state, casts, basics):
    """CR 601.2h: with two Plains, Seized from Slumber at the untapped Bears costs {4}{W} and can't be paid."""
    state = make_state(
        hand=[("sfs", "Seized from Slumber")], battlefield=basics("Plains", 2), opponent=TAPPED_AND_UNTAPPED
    )
    (legal,) = casts(state, "sfs")
    assert why_illegal(state, legal) == ()
    (choice,) = legal.targets
    untapped = legal._replace(targets=(dataclasses.replace(choice, targets=("ub",)),))
    reasons = why_illegal(state, untapped)
    assert [reason.rule for reason in reasons] == ["CR 601.2h"]
    assert "{4}{W}" in reasons[0].message


@pytest.mark.parametrize(
    ("mine", "forests", "expected"),
    [
        # P1's Bears is the only creature P1 controls; P2's Merfolk is blue: {3}{G} - {3} = {G}, one Forest
        ("Grizzly Bears", 1, {(("me",), ("merfolk",)): "{G}"}),
        # four Forests pay {3}{G} too: P2's Bears (green) is then a second choice, at full cost
        ("Grizzly Bears", 4, {(("me",), ("merfolk",)): "{G}", (("me",), ("theirs",)): "{3}{G}"}),
    ],
)
def test_one_target_of_several_is_enough(make_state, casts, basics, mine, forests, expected):
    """CR 601.2f: Hunter's Mark ({3}{G}) costs {3} less if it targets a blue permanent P1 doesn't control.

    Its two instances: "target creature you control" (P1's Bears: 1 choice) and "target creature or
    planeswalker you don't control" (P2's Merfolk of the Pearl Trident, blue, or P2's Grizzly Bears). The
    second instance naming the Merfolk is enough: {G}. One Forest: 1 x 1 = 1 cast; four Forests: 1 x 2 = 2.
    """
    state = make_state(
        hand=[("mark", "Hunter's Mark")],
        battlefield=[("me", mine)] + basics("Forest", forests),
        opponent=[("merfolk", "Merfolk of the Pearl Trident"), ("theirs", "Grizzly Bears")],
    )
    assert chosen(casts(state, "mark")) == expected


def test_a_blue_permanent_the_caster_controls_does_not_reduce(make_state, casts, basics):
    """CR 601.2f: Hunter's Mark's condition is a blue permanent P1 *doesn't* control.

    P1's only creature is a blue Merfolk of the Pearl Trident, the first instance's only choice; P2 has a
    Grizzly Bears, the second's only choice. Neither target is a blue permanent P1 doesn't control: {3}{G},
    and one Forest can't pay it: 0 casts.
    """
    state = make_state(
        hand=[("mark", "Hunter's Mark")],
        battlefield=[("merfolk", "Merfolk of the Pearl Trident")] + basics("Forest", 1),
        opponent=[("theirs", "Grizzly Bears")],
    )
    assert casts(state, "mark") == set()


@pytest.mark.parametrize(
    ("islands", "expected"),
    [
        (1, {(("opt",),): "{U}"}),
        (3, {(("opt",),): "{U}", (("bolt",),): "{2}{U}"}),
    ],
)
def test_a_blue_spell_on_the_stack(make_state, casts, basics, islands, expected):
    """CR 601.2f: Mystical Dispute ({2}{U}) costs {2} less if it targets a blue spell.

    On the stack, P2's Opt (blue) and Lightning Bolt (red); P1 has priority in P2's turn. Counter target spell:
    Opt at {U}, Bolt at {2}{U}. One Island: 1 cast; three Islands: 2.
    """
    stack = [
        {"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"},
        {"id": "opt", "card": "Opt", "zone": "stack", "controller": "P2"},
    ]
    state = make_state(
        hand=[("dispute", "Mystical Dispute")],
        battlefield=basics("Island", islands),
        objects=stack,
        stack=["bolt", "opt"],
        active_player="P2",
        priority="P1",
    )
    assert chosen(casts(state, "dispute")) == expected


@pytest.mark.parametrize(
    ("islands", "expected"),
    [
        (2, {}),
        (3, {(("attacker",),): "{2}{U}", (("tapped",),): "{2}{U}"}),
        (4, {(("attacker",),): "{2}{U}", (("tapped",),): "{2}{U}", (("untapped",),): "{3}{U}"}),
    ],
)
def test_attacking_or_tapped(make_state, casts, basics, islands, expected):
    """CR 601.2f, 506.4: Dire Downdraft ({3}{U}) costs {1} less if it targets an attacking or tapped creature.

    In P2's combat, P2's Hill Giant attacks (tapped), one Grizzly Bears is tapped, one untapped. Target
    creature: the attacker or the tapped Bears at {2}{U} (3 mana), the untapped Bears at {3}{U} (4 mana). Two
    Islands: 0; three: 2; four: 3.
    """
    board = [
        ("tapped", "Grizzly Bears", {"tapped": True}),
        ("untapped", "Grizzly Bears"),
        ("attacker", "Hill Giant", {"attacking": True, "tapped": True}),
    ]
    state = make_state(
        hand=[("draft", "Dire Downdraft")],
        battlefield=basics("Island", islands),
        opponent=board,
        active_player="P2",
        priority="P1",
        phase="combat",
    )
    assert chosen(casts(state, "draft")) == expected


def test_a_creature_card_in_the_graveyard_by_mana_value(make_state, casts, basics):
    """CR 601.2f, 202.3: Revoke Demise ({4}{B}) costs {2} less if it targets a creature card with mana value 3 or less.

    Return target creature card from P1's graveyard: Grizzly Bears (mana value 2) and Centaur Courser (3) at
    {2}{B}, Hill Giant (4) at {4}{B}. Three Swamps: Bears and Courser, 2 casts.
    """
    graveyard = [
        {"id": name.split()[0].lower(), "card": name, "zone": "graveyard", "owner": "P1"}
        for name in ("Grizzly Bears", "Centaur Courser", "Hill Giant")
    ]
    state = make_state(hand=[("revoke", "Revoke Demise")], battlefield=basics("Swamp", 3), objects=graveyard)
    assert chosen(casts(state, "revoke")) == {(("grizzly",),): "{2}{B}", (("centaur",),): "{2}{B}"}


@pytest.mark.parametrize(
    ("plains", "expected"),
    [
        (3, {(("ring",),): "{2}{W}"}),
        (6, {(("ring",),): "{2}{W}", (("bears",),): "{5}{W}"}),
    ],
)
def test_an_increase_if_it_targets_a_creature(make_state, casts, basics, plains, expected):
    """CR 601.2f: Vanish into Eternity ({2}{W}) costs {3} more if it targets a creature.

    Exile target nonland permanent: P2's Sol Ring at {2}{W}, P2's Grizzly Bears at {2}{W} + {3} = {5}{W}; the
    Plains are lands (not choices). Three Plains: Sol Ring only, 1 cast; six: 2.
    """
    state = make_state(
        hand=[("vanish", "Vanish into Eternity")],
        battlefield=basics("Plains", plains),
        opponent=[("ring", "Sol Ring"), ("bears", "Grizzly Bears")],
    )
    assert chosen(casts(state, "vanish")) == expected


@pytest.mark.parametrize(
    "condition",
    [
        "it targets a creature that was dealt damage this turn",  # no damage history in the state
        "it targets a creature whose controller has eight or more cards in their graveyard",
        "it targets a spell or ability that targets a creature you control with power 7 or greater",
        "it targets a face-down creature",  # no face-down status in the state
    ],
)
def test_unread_target_conditions_are_reported(card, condition):
    """CR 601.2f: a condition on targets the target grammar doesn't read in whole stays unsupported, never guessed."""
    text = f"This spell costs {{3}} less to cast if {condition}.\nDestroy target creature."
    found = parse_card(card_from_record(card("Test Spell", "{4}{B}", "Instant", text)))
    assert not found.cost_modifiers
    assert [u.reason for u in found.casting_unsupported] == ["the condition of the spell's cost change is not read"]


# ---------------------------------------------------------------- conditions the battlefield or a graveyard decides
@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        (["Air Elemental"], [], 1),  # P1 controls a creature with flying: {1}{U}, two Islands
        ([], ["Air Elemental"], 0),  # P2's flier doesn't count: {2}{U}, 3 > 2
        (["Grizzly Bears"], [], 0),  # a creature without flying: {2}{U}
    ],
)
def test_if_you_control_a_creature_with_flying(make_state, casts, basics, mine, theirs, expected):
    """CR 601.2f: Winged Words ({2}{U}, draw two cards) costs {1} less if P1 controls a creature with flying.

    No target: one cast when the two Islands pay the total cost, none otherwise.
    """
    state = make_state(
        hand=[("words", "Winged Words")],
        battlefield=basics("Island", 2) + [(f"m{i}", name) for i, name in enumerate(mine)],
        opponent=[(f"t{i}", name) for i, name in enumerate(theirs)],
    )
    assert len(casts(state, "words")) == expected


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        (0, 10, 1),  # ten nonland permanents: {W}{W}{W}, three Plains
        (5, 5, 1),  # whoever controls them
        (0, 9, 0),  # nine (the Plains are lands): {3}{W}{W}{W}, 6 > 3
    ],
)
def test_ten_or_more_nonland_permanents(make_state, casts, basics, mine, theirs, expected):
    """CR 601.2f: Hour of Revelation ({3}{W}{W}{W}) costs {3} less with ten or more nonland permanents in play.

    Grizzly Bears are the nonland permanents; P1's three Plains are lands and don't count; the spell itself is
    on the stack. No target: 1 cast or 0.
    """
    state = make_state(
        hand=[("hour", "Hour of Revelation")],
        battlefield=basics("Plains", 3) + [(f"m{i}", "Grizzly Bears") for i in range(mine)],
        opponent=[(f"t{i}", "Grizzly Bears") for i in range(theirs)],
    )
    assert len(casts(state, "hour")) == expected


@pytest.mark.parametrize(
    ("graveyards", "expected"),
    [
        ({"P2": 7}, 1),  # one opponent with seven cards: {2}{U}{U}, four Islands
        ({"P2": 6}, 0),  # six: {5}{U}{U}, 7 > 4
        ({"P1": 7}, 0),  # P1's own graveyard doesn't count
        ({"P2": 4, "P3": 4}, 0),  # eight cards, but no one opponent has seven
        ({"P2": 2, "P3": 7}, 1),  # the other opponent has seven
    ],
)
def test_an_opponent_has_seven_or_more_cards_in_their_graveyard(make_state, casts, basics, graveyards, expected):
    """CR 601.2f: Into the Story ({5}{U}{U}) costs {3} less if one opponent has seven or more graveyard cards.

    Three players; the cards are Grizzly Bears, each in its owner's graveyard. No target: 1 cast or 0.
    """
    cards = [
        {"id": f"{player}-{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": player}
        for player, count in graveyards.items()
        for i in range(count)
    ]
    state = make_state(
        hand=[("story", "Into the Story")], battlefield=basics("Island", 4), objects=cards, players=["P1", "P2", "P3"]
    )
    assert len(casts(state, "story")) == expected


@pytest.mark.parametrize(
    ("counters", "expected"),
    [
        ({"P2": {"poison": 3}}, 1),  # {2}{U} less {2}: the Island pays {U}
        ({"P2": {"poison": 2}}, 0),  # two: no reduction, one land can't pay {2}{U}
        ({"P3": {"poison": 4}}, 1),  # any one opponent's
        ({"P1": {"poison": 5}, "P2": {"energy": 3}}, 0),  # the caster's poison and an opponent's energy: not it
    ],
)
def test_an_opponent_has_three_or_more_poison_counters(make_state, casts, basics, counters, expected):
    """CR 601.2f, 122.1: Distorted Curiosity costs {2} less if an opponent has three or more poison counters.

    One Island; no target (draw two): 1 cast when the reduction applies, else 0. Three players, the counters
    of each player as the state gives them.
    """
    state = make_state(
        hand=[("curiosity", "Distorted Curiosity")],
        battlefield=basics("Island", 1),
        players=["P1", "P2", "P3"],
        counters=counters,
    )
    assert len(casts(state, "curiosity")) == expected


@pytest.mark.parametrize(
    "condition",
    [
        # read since: "you control an enchanted creature" (tests/rules/test_target_qualities.py); "you control
        # an artifact creature", "you control a human creature and a non-human creature", "there are four or more
        # card types among cards in your graveyard", "a creature is attacking you" (this file; decided where the
        # state tells, reported where it does not)
        "you control at least two creatures that share a creature type",
        "you control an artifact and a creature",  # one artifact creature, or two permanents? not read
    ],
)
def test_unread_presence_conditions_are_reported(card, condition):
    """CR 601.2f: a condition that is not one target phrase read in whole stays unsupported, never guessed."""
    text = f"This spell costs {{2}} less to cast if {condition}.\nDraw two cards."
    found = parse_card(card_from_record(card("Test Spell", "{4}{U}", "Sorcery", text)))
    assert not found.cost_modifiers
    assert [u.reason for u in found.casting_unsupported] == ["the condition of the spell's cost change is not read"]


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        # no fact given: taken as none; {5}{R} from four Mountains can't be paid (CR 601.2h)
        (None, 0),
        # 2 noncombat damage to P2, P1's opponent: {5}{R} - {2} = {3}{R}, four Mountains pay it
        ({"P2": 2}, 1),
        # only damage to opponents counts: P1's own 5 don't; P2's 1 leaves {4}{R}, five mana needed
        ({"P1": 5, "P2": 1}, 0),
        # more than the generic part: the reduction stops at {R} (CR 601.2f)
        ({"P2": 9}, 1),
    ],
)
def test_incinerator_costs_less_by_the_noncombat_damage_dealt_to_opponents(make_state, damage, expected):
    """CR 601.2f: Chandra's Incinerator costs less by the noncombat damage dealt to the caster's opponents this turn.

    "This spell costs {X} less to cast, where X is the total amount of noncombat damage dealt to your opponents this
    turn.", read from ``this_turn.noncombat_damage``. Chandra's Incinerator costs {5}{R}; P1 has four Mountains;
    the creature spell has no target: 1 cast when its total cost is paid, else 0.
    """
    extra = {} if damage is None else {"this_turn": {"noncombat_damage": damage}}
    state = make_state(
        hand=[("incinerator", "Chandra's Incinerator")], battlefield=[(f"m{i}", "Mountain") for i in range(4)], **extra
    )
    assert legal_casts(state, "incinerator").count() == expected


def test_a_turn_fact_not_given_is_said_where_the_cost_cant_be_paid(make_state):
    """A ``this_turn`` fact the state does not give is taken as none (docs/state-format.md), and ``explain`` says so.

    Chandra's Incinerator ({5}{R}) with two Mountains and no ``this_turn``: {5}{R} can't be paid (CR 601.2h), and
    the reason names the fact its cost change counts.
    """
    state = make_state(
        hand=[("incinerator", "Chandra's Incinerator")], battlefield=[("m1", "Mountain"), ("m2", "Mountain")]
    )
    (reason,) = explain_card(state, "incinerator").reasons
    assert reason.rule == "CR 601.2h"
    assert reason.message.endswith("this_turn.noncombat_damage, which the state does not give: taken as none")
    given = make_state(
        hand=[("incinerator", "Chandra's Incinerator")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        this_turn={"noncombat_damage": {"P2": 1}},
    )
    assert "taken as none" not in explain_card(given, "incinerator").reasons[0].message
