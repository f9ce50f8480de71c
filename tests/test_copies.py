"""Copies of a spell (CR 707.10, 700.2g, 702.47): same modes and splices, new targets if allowed."""

from __future__ import annotations

from models.io.state_json import load_state, state_from_data
from solver.copies import copy_choices
from tests.conftest import ROOT

AFTER = ROOT / "examples" / "after"


def test_copy_of_requisition_raid_keeps_modes_and_may_retarget():
    """CR 707.10c, 700.2g: artifact and player modes kept; 2 artifacts x 2 players = 4 choices."""
    state = load_state(AFTER / "copy07-raid-two-artifacts.json")
    choices = copy_choices(state, "raid")
    casts = list(choices)
    assert choices.count() == len(casts) == 4  # 2 artifacts * 2 players
    assert {cast.modes for cast in casts} == {(0, 2)}
    assert {tuple(t.targets for t in cast.targets) for cast in casts} == {
        (("solring",), ("P1",)),
        (("solring",), ("P2",)),
        (("solring2",), ("P1",)),
        (("solring2",), ("P2",)),
    }
    original = tuple(t.targets for t in choices.original.targets)
    assert original in {tuple(t.targets for t in cast.targets) for cast in casts}  # keeping is one choice


def test_copy_of_spliced_spell_has_the_spliced_text_and_nothing_more():
    """CR 707.10, 702.47: the copy has the Ray text (3 targets: P1, P2, Bears); Kodama's Might isn't added."""
    state = load_state(AFTER / "copy08-mists-ray.json")
    choices = copy_choices(state, "mists")
    casts = list(choices)
    assert choices.count() == 3  # P1, P2, the Bears
    assert {cast.splices for cast in casts} == {("ray",)}
    assert {t.targets for cast in casts for t in cast.targets} == {("P1",), ("P2",), ("bears",)}


def test_copy_without_new_targets_is_the_one_original_choice():
    """CR 707.10: without permission to choose new targets, the copy has the original's targets."""
    state = load_state(AFTER / "copy07-raid-two-artifacts.json")
    choices = copy_choices(state, "raid", new_targets=False)
    assert choices.count() == 1
    assert [cast for cast in choices] == [choices.original]


def test_copy_may_keep_an_illegal_target_but_new_ones_must_be_legal():
    """CR 707.10c: the original target now has protection from red: it may be kept; new ones must be legal."""
    data = {
        "players": ["P1", "P2"],
        "priority": "P2",
        "stack": ["ray"],
        "objects": [
            {
                "id": "ray",
                "card": "Glacial Ray",
                "zone": "stack",
                "owner": "P1",
                "cast": {
                    "card": "ray",
                    "targets": [{"source": "ray", "mode": None, "instruction": 0, "index": 0, "targets": ["knight"]}],
                },
            },
            {
                "id": "knight",
                "card": "Grizzly Bears",
                "zone": "battlefield",
                "controller": "P2",
                "granted": ["protection from red"],
            },
            {"id": "other", "card": "Silver Knight", "zone": "battlefield", "controller": "P2"},
        ],
    }
    choices = copy_choices(state_from_data(data), "ray")
    # keep the (now illegal) Bears, or P1, or P2; Silver Knight has protection from red too.
    assert {cast.targets[0].targets for cast in choices} == {("knight",), ("P1",), ("P2",)}


def test_copy_controller_matters_for_hexproof():
    """CR 707.10, 702.11b: the copy's controller chooses; a hexproof creature of theirs is legal for them."""
    data = {
        "players": ["P1", "P2"],
        "priority": "P2",
        "stack": ["ray"],
        "objects": [
            {
                "id": "ray",
                "card": "Glacial Ray",
                "zone": "stack",
                "owner": "P1",
                "cast": {
                    "card": "ray",
                    "targets": [{"source": "ray", "mode": None, "instruction": 0, "index": 0, "targets": ["P1"]}],
                },
            },
            {"id": "bogle", "card": "Slippery Bogle", "zone": "battlefield", "controller": "P2"},
        ],
    }
    state = state_from_data(data)
    assert copy_choices(state, "ray").count() == 2  # P1, P2: P1 can't target P2's hexproof Bogle
    assert copy_choices(state, "ray", controller="P2").count() == 3  # P2's copy may target its own Bogle


def test_a_copy_may_target_the_original_spell():
    """CR 115.5, 707.10c: a copy is a new object; it may target the spell it copies (only itself is excluded).

    Copy of Counterspell at P2's Glacial Ray: keep the Ray, or target the original Counterspell = 2.
    """
    data = {
        "players": ["P1", "P2"],
        "active_player": "P2",
        "priority": "P2",
        "stack": ["p2ray", "cs"],
        "objects": [
            {"id": "p2ray", "card": "Glacial Ray", "zone": "stack", "owner": "P2"},
            {
                "id": "cs",
                "card": "Counterspell",
                "zone": "stack",
                "owner": "P1",
                "cast": {
                    "card": "cs",
                    "targets": [{"source": "cs", "mode": None, "instruction": 0, "index": 0, "targets": ["p2ray"]}],
                },
            },
        ],
    }
    choices = copy_choices(state_from_data(data), "cs")
    assert {cast.targets[0].targets for cast in choices} == {("p2ray",), ("cs",)}
    assert {cast.name for cast in choices} == {"Counterspell"}  # taken from the state when the record has none


def test_a_copy_keeps_x_kicker_and_costs_paid():
    """CR 707.10: a copy copies every choice made when the original was cast: X, kicked, sacrifices."""
    data = {
        "players": ["P1", "P2"],
        "priority": "P2",
        "stack": ["rage"],
        "objects": [
            {
                "id": "rage",
                "card": "Disintegrate",
                "zone": "stack",
                "owner": "P1",
                "cast": {
                    "card": "rage",
                    "x": 2,
                    "kicked": False,
                    "sacrifices": ["gone"],
                    "targets": [{"source": "rage", "mode": None, "instruction": 0, "index": 0, "targets": ["P2"]}],
                },
            },
            {"id": "gone", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"},
        ],
    }
    casts = list(copy_choices(state_from_data(data), "rage"))
    assert len(casts) == 2  # P1 or P2 ("any target", CR 115.4; no creature, planeswalker or battle in play)
    assert {(cast.x, cast.additional_costs, cast.sacrifices) for cast in casts} == {(2, (), ("gone",))}


def test_a_copy_keeps_the_same_controller_rule():
    """CR 707.10c, 601.2c: the new targets of Barrin's Spite's copy must still share a controller.

    P2 controls b, c, d and P1 controls e: {b,c}, {b,d}, {c,d} = 3.
    """
    data = {
        "players": ["P1", "P2"],
        "priority": "P2",
        "stack": ["bs"],
        "objects": [
            {
                "id": "bs",
                "card": "Barrin's Spite",
                "zone": "stack",
                "owner": "P1",
                "cast": {
                    "card": "bs",
                    "targets": [{"source": "bs", "mode": None, "instruction": 0, "index": 0, "targets": ["b", "c"]}],
                },
            },
            *[{"id": i, "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} for i in "bcd"],
            {"id": "e", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
        ],
    }
    choices = copy_choices(state_from_data(data), "bs")
    assert {cast.targets[0].targets for cast in choices} == {("b", "c"), ("b", "d"), ("c", "d")}
