"""One target that is any item of a list of permanents, each item with its own qualities (CR 115.1, 601.2c).

"target artifact creature or black creature", "target creature, Vehicle, or nonbasic land": one instance of
"target", whose legal objects are those any item of the list names. Counts are worked out by hand from the
rules; each scenario runs on every backend.
"""

from __future__ import annotations

from models.cards import default_card_database
from models.oracle.parser import parse_card


def test_list_reading() -> None:
    """CR 115.1: Purge's "target artifact creature or black creature" is one target, read in whole."""
    read = parse_card(default_card_database().get("Purge"))
    assert not read.casting_unsupported
    (target,) = [t for i in read.spell_text for t in i.targets]
    assert (target.phrase, target.count) == ("target artifact creature or black creature", 1)


def test_artifact_creature_or_black_creature(make_state, casts):
    """CR 115.1, 601.2c: Purge ({1}{W}), "Destroy target artifact creature or black creature", has two targets.

    P1: Plains, Plains. P2: Ornithopter (an artifact creature), Drudge Skeletons (a black creature), Grizzly
    Bears (a green creature), Icy Manipulator (an artifact, not a creature), Swamp (a land, with no
    colour). Legal: Ornithopter and Drudge Skeletons, 2 casts.
    """
    state = make_state(hand=[("purge", "Purge")], battlefield=[("p1", "Plains"), ("p2", "Plains")],
                       opponent=[("thopter", "Ornithopter"), ("skeletons", "Drudge Skeletons"),
                                 ("bears", "Grizzly Bears"), ("icy", "Icy Manipulator"), ("swamp", "Swamp")])
    found = casts(state, "purge")
    assert {c.targets[0].targets for c in found} == {("thopter",), ("skeletons",)}


def test_creature_vehicle_or_nonbasic_land(make_state, casts):
    """CR 115.1, 205.3, 205.4a: Ray of Ruin ({4}{B}), "Exile target creature, Vehicle, or nonbasic land", has 3.

    P1: five Swamps (basic lands). P2: Grizzly Bears (a creature), Smuggler's Copter (a Vehicle, not a creature
    now), Icy Manipulator (an artifact, none of the three), Strip Mine (a nonbasic land), Forest (basic). Legal:
    Bears, Copter, Strip Mine: 3 casts.
    """
    state = make_state(hand=[("ray", "Ray of Ruin")], battlefield=[(f"s{i}", "Swamp") for i in range(5)],
                       opponent=[("bears", "Grizzly Bears"), ("copter", "Smuggler's Copter"),
                                 ("icy", "Icy Manipulator"), ("mine", "Strip Mine"), ("forest", "Forest")])
    found = casts(state, "ray")
    assert {c.targets[0].targets for c in found} == {("bears",), ("copter",), ("mine",)}
