"""Targets in relation to players and to one another: "each", "that player", "for each opponent", what a spell targets.

"You and target opponent each draw three cards": the phrase is an ordinary target with its effect after it
(CR 115.1). "Target spell that targets a permanent you control" and "… that targets you or a permanent you
control": what a spell on the stack targets is in its cast record (CR 115.9b). "Destroy target land that player
controls", where that player is an earlier target: a rule over two instances of "target" (CR 115.1, 601.2c); "for
each opponent, up to one target … that player controls": at most one target per opponent. Every count is worked
out by hand with the arithmetic in the docstring; each scenario runs on every backend (the ``casts`` fixture checks
they agree).
"""

from __future__ import annotations

import dataclasses

import pytest

from models.abilities import ControllerFilter, TargetKind, TargetRelation
from models.io.card_pool import default_card_database
from models.oracle.parser import parse_card
from solver.legal import why_illegal


THREE_PLAYERS = ["P1", "P2", "P3"]


def targets_of(found) -> set[tuple[tuple[str, ...], ...]]:
    """The targets of each cast, one tuple per instance in printed order."""
    return {tuple(choice.targets for choice in cast.targets) for cast in found}


def _battlefield(object_id: str, card: str, controller: str, **extra) -> dict:
    return {"id": object_id, "card": card, "zone": "battlefield", "controller": controller, **extra}


# ---------------------------------------------------------------------------------------------- each
@pytest.mark.parametrize(("players", "expected"), [(["P1", "P2"], 1), (THREE_PLAYERS, 2)])
def test_target_opponent_each_draw(make_state, casts, players, expected):
    """CR 115.1, 102.2: Secret Rendezvous ("You and target opponent each draw three cards") targets an opponent.

    The target is an opponent of P1: with two players only P2 = 1 cast; with three, P2 or P3 = 2.
    """
    state = make_state(
        hand=[("rendezvous", "Secret Rendezvous")], battlefield=[(f"p{i}", "Plains") for i in range(3)], players=players
    )
    found = casts(state, "rendezvous")
    assert len(found) == expected
    assert all(choice.targets[0] != "P1" for cast in found for choice in cast.targets)


def test_up_to_two_target_players_each_draw(make_state, casts):
    """CR 115.6, 601.2c: Donatello's Science Lesson taps up to two target creatures; up to two target players draw.

    "Tap up to two target creatures. Up to two target players each draw a card."
    One creature (P2's Grizzly Bears): the first instance is none or the Bears = 2 sets. The second chooses 0, 1 or 2
    of the two players: 1 + 2 + 1 = 4 sets. 2 * 4 = 8 casts, for {2}{U} (three Islands).
    """
    state = make_state(
        hand=[("lesson", "Donatello's Science Lesson")],
        battlefield=[(f"i{i}", "Island") for i in range(3)],
        opponent=[("bears", "Grizzly Bears")],
    )
    assert len(casts(state, "lesson")) == 2 * 4


# ---------------------------------------------------------------------------------------------- what a spell targets
def _bolt(object_id: str, target: str) -> dict:
    """P2's Lightning Bolt on the stack with the cast record of its one target."""
    return {
        "id": object_id,
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": object_id, "targets": [{"source": object_id, "phrase": "any target", "targets": [target]}]},
    }


def test_spell_that_targets_a_permanent_you_control(make_state, casts):
    """CR 115.9b: Turn Aside counters a spell that targets a permanent P1 controls, any kind of permanent.

    Four Bolts of P2 on the stack: at P1's Grizzly Bears (a permanent P1 controls: yes), at P1 (a player, not a
    permanent: no), at P2's Bears (P2 controls it: no), at P1's second Bears (yes). 2 casts.
    """
    state = make_state(
        hand=[("aside", "Turn Aside")],
        battlefield=[("i1", "Island"), ("mine", "Grizzly Bears"), ("mine2", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
        objects=[
            _bolt("at_mine", "mine"),
            _bolt("at_me", "P1"),
            _bolt("at_theirs", "theirs"),
            _bolt("at_mine2", "mine2"),
        ],
        stack=["at_mine", "at_me", "at_theirs", "at_mine2"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "aside")) == {(("at_mine",),), (("at_mine2",),)}


def test_spell_that_targets_you_or_a_permanent_you_control(make_state, casts):
    """CR 115.9b: Hindering Light ({W}{U}) counters a spell that targets P1 or a permanent P1 controls.

    Three Bolts of P2 on the stack: at P1 (yes, "you"), at P1's Grizzly Bears (yes, a permanent P1 controls), at P2
    (no). Targets: 2 casts.
    """
    state = make_state(
        hand=[("light", "Hindering Light")],
        battlefield=[("p1", "Plains"), ("i1", "Island"), ("mine", "Grizzly Bears")],
        objects=[_bolt("at_me", "P1"), _bolt("at_mine", "mine"), _bolt("at_them", "P2")],
        stack=["at_me", "at_mine", "at_them"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "light")) == {(("at_me",),), (("at_mine",),)}


# ---------------------------------------------------------------------------------------------- that player
def test_target_land_that_player_controls(make_state, casts):
    """CR 115.1, 601.2c: The Fall of Kroog destroys a land of the opponent it targets.

    "Choose target opponent. Destroy target land that player controls."
    Three players. P2 controls two Forests, P3 one Forest, P1 six Mountains. The land follows the opponent chosen:
    (P2, either Forest) = 2, (P3, its Forest) = 1: 3 casts (without the rule, 2 opponents * 9 lands = 18).
    """
    state = make_state(
        hand=[("kroog", "The Fall of Kroog")],
        battlefield=[(f"m{i}", "Mountain") for i in range(6)],
        opponent=[("f1", "Forest"), ("f2", "Forest")],
        players=THREE_PLAYERS,
        objects=[_battlefield("f3", "Forest", "P3")],
    )
    assert targets_of(casts(state, "kroog")) == {(("P2",), ("f1",)), (("P2",), ("f2",)), (("P3",), ("f3",))}


def test_a_land_of_another_player_is_explained(make_state, casts):
    """CR 601.2c: The Fall of Kroog targeting P2 and P3's Forest: the reason names the rule between the two targets."""
    state = make_state(
        hand=[("kroog", "The Fall of Kroog")],
        battlefield=[(f"m{i}", "Mountain") for i in range(6)],
        opponent=[("f1", "Forest")],
        players=THREE_PLAYERS,
        objects=[_battlefield("f3", "Forest", "P3")],
    )
    legal = next(cast for cast in casts(state, "kroog") if cast.targets[0].targets == ("P2",))
    wrong = dataclasses.replace(legal.targets[1], targets=("f3",))
    reasons = why_illegal(state, legal._replace(targets=(legal.targets[0], wrong)))
    assert any(r.rule == "CR 601.2c" and "controlled by P3" in r.message for r in reasons)


def test_another_target_creature_that_player_controls(make_state, casts):
    """CR 115.1, 115.4, 601.2c: Mutiny's second creature is another one of the first one's controller.

    "Target creature an opponent controls deals damage … to another target creature that player controls."
    P2 controls Grizzly Bears and Gray Ogre, P3 a Memnite, P1 Llanowar Elves. The first is an opponent's creature
    (3 of them); the second another creature of the same player: Bears -> Ogre, Ogre -> Bears, Memnite -> none
    (P3 has no other creature). 2 casts.
    """
    state = make_state(
        hand=[("mutiny", "Mutiny")],
        battlefield=[("m1", "Mountain"), ("elves", "Llanowar Elves")],
        opponent=[("bears", "Grizzly Bears"), ("ogre", "Gray Ogre")],
        players=THREE_PLAYERS,
        objects=[_battlefield("memnite", "Memnite", "P3")],
    )
    assert targets_of(casts(state, "mutiny")) == {(("bears",), ("ogre",)), (("ogre",), ("bears",))}


def test_creature_that_player_or_that_planeswalkers_controller_controls(make_state, casts):
    """CR 115.1, 601.2c, 108.4: Searing Blaze's creature is controlled by the first target, or by its controller.

    "… 1 damage to target player or planeswalker and 1 damage to target creature that player or that
    planeswalker's controller controls." P2 controls Grizzly Bears and Liliana of the Veil; P1 controls Hill Giant
    and Jace Beleren. First P1 (Giant), P2 (Bears), Liliana (P2's: Bears) or Jace (P1's: Giant): 4 casts.
    """
    state = make_state(
        hand=[("blaze", "Searing Blaze")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("giant", "Hill Giant"), ("jace", "Jace Beleren")],
        opponent=[("bears", "Grizzly Bears"), ("liliana", "Liliana of the Veil")],
    )
    assert targets_of(casts(state, "blaze")) == {
        (("P1",), ("giant",)),
        (("P2",), ("bears",)),
        (("liliana",), ("bears",)),
        (("jace",), ("giant",)),
    }


def test_for_each_opponent_up_to_one_target(make_state, casts):
    """CR 115.1, 115.6, 601.2c: Dismantling Wave targets at most one artifact or enchantment of each opponent.

    "For each opponent, destroy up to one target artifact or enchantment that player controls."
    Three players. P2 controls two artifacts (Millstone, Ornithopter), P3 one enchantment (Glorious Anthem), P1 a
    Millstone (not an opponent's). At most one of P2's (none or either: 3) and at most one of P3's (none or it: 2):
    3 * 2 = 6 casts, the empty choice included.
    """
    state = make_state(
        hand=[("wave", "Dismantling Wave")],
        battlefield=[(f"p{i}", "Plains") for i in range(3)] + [("mine", "Millstone")],
        opponent=[("mill", "Millstone"), ("thopter", "Ornithopter")],
        players=THREE_PLAYERS,
        objects=[_battlefield("anthem", "Glorious Anthem", "P3")],
    )
    found = targets_of(casts(state, "wave"))
    assert len(found) == 3 * 2
    assert (("mill", "thopter"),) not in found and (("anthem", "mill"),) in found


def test_for_each_player_and_for_any_number_of_opponents_are_read():
    """CR 115.1, 601.2c: one target for each player, or for any number of opponents, is read; other forms are not.

    Unexplained Absence (for each player) and Windgrace's Judgment (for any number of opponents): any set of
    targets with different controllers. "For each opponent, … target permanent that player controls" (Blatant
    Thievery, exactly one each) and "that player" naming no earlier target (Delirium) are reported.
    """
    database = default_card_database()
    (absence,) = parse_card(database.get("Unexplained Absence")).spell_text[0].targets
    (judgment,) = parse_card(database.get("Windgrace's Judgment")).spell_text[0].targets
    assert (absence.controller, absence.relation, absence.minimum) == (
        ControllerFilter.ANY,
        TargetRelation.DIFFERENT_CONTROLLERS,
        0,
    )
    assert (judgment.controller, judgment.relation, judgment.kinds) == (
        ControllerFilter.OPPONENT,
        TargetRelation.DIFFERENT_CONTROLLERS,
        frozenset({TargetKind.PERMANENT}),
    )
    for name in ("Blatant Thievery", "Delirium", "Guff Rewrites History"):
        assert any(
            "target restriction not modelled" in u.reason for u in parse_card(database.get(name)).casting_unsupported
        ), name


# ---------------------------------------------------------------------------------------------- names, numbers
def test_creature_cards_with_different_names(make_state, casts):
    """CR 201.2b, 115.6: Behold the Sinister Six! returns "up to six target creature cards with different names".

    P1's graveyard: two Grizzly Bears, a Llanowar Elves and a Lightning Bolt (not a creature card); P2's Grizzly
    Bears is in another graveyard. Candidates: bears1, bears2, elves. Sets of different names: none 1, one 3, two
    {bears1, elves} and {bears2, elves} 2 (the two Bears share their name), three 0: 1 + 3 + 2 = 6 casts.
    """
    graveyard = [("bears1", "Grizzly Bears"), ("bears2", "Grizzly Bears"), ("elves", "Llanowar Elves")]
    state = make_state(
        hand=[("six", "Behold the Sinister Six!")],
        battlefield=[(f"s{i}", "Swamp") for i in range(7)],
        objects=[{"id": i, "card": c, "zone": "graveyard", "owner": "P1"} for i, c in graveyard]
        + [
            {"id": "bolt", "card": "Lightning Bolt", "zone": "graveyard", "owner": "P1"},
            {"id": "theirs", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P2"},
        ],
    )
    found = casts(state, "six")
    assert len(found) == 6
    assert ("bears1", "bears2") not in {cast.targets[0].targets for cast in found if cast.targets}
    pair = next(cast for cast in found if cast.targets and cast.targets[0].targets == ("bears1", "elves"))
    same_name = pair._replace(targets=(dataclasses.replace(pair.targets[0], targets=("bears1", "bears2")),))
    assert "CR 601.2c" in {r.rule for r in why_illegal(state, same_name)}


def test_target_creatures_with_equal_toughness(make_state, casts):
    """CR 208.1, 122.1a, 115.6: V.A.T.S. destroys "any number of target creatures with equal toughness".

    P1's Grizzly Bears (2/2); P2's Grizzly Bears (2/2), Hill Giant (3/3), Llanowar Elves with a +1/+1 counter (2/2).
    Sets of one toughness: none 1, one 4, two of the three of toughness 2: 3, all three 1: 1 + 4 + 3 + 1 = 9.
    """
    state = make_state(
        hand=[("vats", "V.A.T.S.")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)] + [("mine", "Grizzly Bears")],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("giant", "Hill Giant"),
            ("elves", "Llanowar Elves", {"counters": {"+1/+1": 1}}),
        ],
    )
    found = casts(state, "vats")
    assert len(found) == 9
    assert all("giant" not in cast.targets[0].targets or len(cast.targets[0].targets) == 1 for cast in found)
