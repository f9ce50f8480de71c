"""One target that is any item of a list of permanents, each item with its own qualities (CR 115.1, 601.2c).

"target artifact creature or black creature", "target creature, Vehicle, or nonbasic land": one instance of
"target", whose legal objects are those any item of the list names. "target Aura attached to a creature",
"target creature that isn't enchanted": what the state says each Aura is attached to (a Forge puzzle's
``AttachedTo``; a state file does not say, and an Aura there leaves the phrase unjudged). Counts are worked out by
hand from the
rules; each scenario runs on every backend.
"""

from __future__ import annotations

import dataclasses

import pytest

from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
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
    state = make_state(
        hand=[("purge", "Purge")],
        battlefield=[("p1", "Plains"), ("p2", "Plains")],
        opponent=[
            ("thopter", "Ornithopter"),
            ("skeletons", "Drudge Skeletons"),
            ("bears", "Grizzly Bears"),
            ("icy", "Icy Manipulator"),
            ("swamp", "Swamp"),
        ],
    )
    found = casts(state, "purge")
    assert {c.targets[0].targets for c in found} == {("thopter",), ("skeletons",)}


def test_creature_vehicle_or_nonbasic_land(make_state, casts):
    """CR 115.1, 205.3, 205.4a: Ray of Ruin ({4}{B}), "Exile target creature, Vehicle, or nonbasic land", has 3.

    P1: five Swamps (basic lands). P2: Grizzly Bears (a creature), Smuggler's Copter (a Vehicle, not a creature
    now), Icy Manipulator (an artifact, none of the three), Strip Mine (a nonbasic land), Forest (basic). Legal:
    Bears, Copter, Strip Mine: 3 casts.
    """
    state = make_state(
        hand=[("ray", "Ray of Ruin")],
        battlefield=[(f"s{i}", "Swamp") for i in range(5)],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("copter", "Smuggler's Copter"),
            ("icy", "Icy Manipulator"),
            ("mine", "Strip Mine"),
            ("forest", "Forest"),
        ],
    )
    found = casts(state, "ray")
    assert {c.targets[0].targets for c in found} == {("bears",), ("copter",), ("mine",)}


def _attach(state, what: str, to: str):
    """The state with ``what`` attached to ``to`` (as a Forge puzzle's ``AttachedTo`` says)."""
    objects = tuple(dataclasses.replace(o, attached_to=to) if o.id == what else o for o in state.objects)
    return dataclasses.replace(state, objects=objects)


def test_aura_attached_to_a_creature(make_state, casts):
    """CR 303.4, 115.1: Seedling Charm ({G}) returns an Aura attached to a creature, not one on a land.

    P1: Forest with Psychic Venom attached (an Aura on a land), Grizzly Bears (green) with P2's Pacifism attached.
    Mode 1: the Auras attached to a creature: Pacifism, 1. Mode 2, regenerate target green creature: the Bears,
    1. Mode 3, target creature gains trample: the Bears, 1. Choose one: 3 casts.
    """
    state = make_state(
        hand=[("charm", "Seedling Charm")],
        battlefield=[("forest", "Forest"), ("venom", "Psychic Venom"), ("bears", "Grizzly Bears")],
        opponent=[("pacifism", "Pacifism")],
    )
    state = _attach(_attach(state, "venom", "forest"), "pacifism", "bears")
    found = casts(state, "charm")
    assert len(found) == 3
    assert {c.targets[0].targets for c in found if c.modes == (0,)} == {("pacifism",)}


def test_aura_not_said_attached_is_reported(make_state, casts):
    """CR 303.4: an Aura the state does not say is attached to anything is reported, not guessed.

    An Aura on the battlefield is attached to something: where the state does not say what, the phrase can't be
    judged.
    """
    state = make_state(
        hand=[("charm", "Seedling Charm")],
        battlefield=[("forest", "Forest"), ("bears", "Grizzly Bears")],
        opponent=[("pacifism", "Pacifism")],
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "charm")


def test_creature_that_isnt_enchanted(make_state, casts):
    """CR 303.4, 115.1: Brainspoil ({3}{B}{B}) destroys target creature that isn't enchanted.

    P1: five Swamps. P2: Grizzly Bears with Pacifism attached, Hill Giant. Only the Giant: 1 cast.
    """
    state = make_state(
        hand=[("spoil", "Brainspoil")],
        battlefield=[(f"s{i}", "Swamp") for i in range(5)],
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant"), ("pacifism", "Pacifism")],
    )
    state = _attach(state, "pacifism", "bears")
    assert {c.targets[0].targets for c in casts(state, "spoil")} == {("giant",)}


def test_creature_thats_attacking_or_blocking(make_state, casts):
    """CR 506.4, 508.1k: Gideon's Defeat ({W}) exiles target white creature that's attacking or blocking.

    In P1's combat, P1's Savannah Lions (white) attacks and Grizzly Bears (green) does not: the Lions, 1 cast;
    whether the Bears blocks is never asked, as it is not white. In P1's main phase no creature attacks or
    blocks: 0.
    """
    battlefield = [
        ("plains", "Plains"),
        ("lions", "Savannah Lions", {"attacking": True, "tapped": True}),
        ("bears", "Grizzly Bears"),
    ]
    combat = make_state(hand=[("defeat", "Gideon's Defeat")], battlefield=battlefield, phase="combat")
    assert {c.targets[0].targets for c in casts(combat, "defeat")} == {("lions",)}
    main = make_state(
        hand=[("defeat", "Gideon's Defeat")],
        battlefield=[("plains", "Plains"), ("lions", "Savannah Lions"), ("bears", "Grizzly Bears")],
    )
    assert casts(main, "defeat") == set()
