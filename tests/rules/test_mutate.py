"""Mutate: an alternative cost that makes the spell a mutating creature spell with a target (CR 702.140a-b).

"Mutate [cost]" means "You may pay [cost] rather than pay this spell's mana cost. If you do, it becomes a
mutating creature spell and targets a non-Human creature with the same owner as this spell." (CR 702.140a). The
cast paying it follows the rules of alternative costs (CR 118.9, 601.2b, 601.2f-h) and chooses that target
(CR 601.2c, 115.1e). Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

from models.io.state_json import state_from_data
from solver.resolve import resolve
from tests.rules.conftest import lands

SNATCHER = ("snatch", "Souvenir Snatcher")
"""Souvenir Snatcher {4}{U}, Creature — Bird 4/4, "Mutate {5}{U}"."""


def targets_by_cost(found) -> list[tuple[str, tuple[str, ...]]]:
    """Each cast's alternative cost ("" for the mana cost) and the targets it chose, sorted."""
    return sorted((c.alternative_cost or "", tuple(t for entry in c.targets for t in entry.targets)) for c in found)


def board(islands: int) -> dict:
    """Islands, and creatures on both sides: whose they are (owner) and who controls them differ for two."""
    return {
        "hand": [SNATCHER],
        "battlefield": lands("Island", islands)
        + [
            ("bears", "Grizzly Bears"),  # a Bear P1 owns: a legal target
            ("squire", "Squire"),  # Human Soldier: a Human (CR 702.140a)
            ("outcast", "Changeling Outcast"),  # changeling: every creature type, a Human too (CR 702.73a)
            ("borrowed", "Grizzly Bears", {"owner": "P2"}),  # P1 controls it, P2 owns it
        ],
        "opponent": [
            ("obears", "Grizzly Bears"),  # P2 owns and controls it
            ("stolen", "Grizzly Bears", {"owner": "P1"}),  # P2 controls it, P1 owns it: the same owner
        ],
    }


def test_mutate_targets_a_non_human_creature_with_the_spell_s_owner(make_state, casts):
    """Six Islands pay {4}{U} (1 cast) or the mutate cost {5}{U}; mutate's target is chosen among the creatures.

    The spell's owner is P1 (CR 108.3). Candidates: bears (P1's Bear) yes; squire (Human) no; outcast
    (changeling, so a Human, CR 702.73a) no; borrowed (owned by P2) no; obears (owned by P2) no; stolen
    (controlled by P2, owned by P1) yes: "same owner" asks who owns it, not who controls it. 1 + 2 = 3 casts.
    """
    found = casts(make_state(**board(6)), "snatch")
    assert targets_by_cost(found) == [("", ()), ("mutate", ("bears",)), ("mutate", ("stolen",))]


def test_the_ordinary_cast_has_no_target(make_state, casts):
    """Five Islands pay {4}{U} but not {5}{U} (6 mana): the ordinary cast alone, with no target: 1 cast."""
    found = casts(make_state(**board(5)), "snatch")
    assert targets_by_cost(found) == [("", ())]


def test_no_legal_target_no_mutate(make_state, casts):
    """With no non-Human creature P1 owns, mutate's target can't be chosen, so it can't be paid (CR 601.2c).

    A Human and a creature P2 owns only: the ordinary cast alone, 1 cast.
    """
    state = make_state(
        hand=[SNATCHER], battlefield=lands("Island", 6) + [("squire", "Squire")], opponent=[("obears", "Grizzly Bears")]
    )
    assert targets_by_cost(casts(state, "snatch")) == [("", ())]


def test_a_card_cast_by_its_owner_counts_shroud_and_protection_as_any_target_does(make_state, casts):
    """The target is a target (CR 115.1e): a creature P1 owns that P2 controls with hexproof can't be chosen.

    Six Islands; P1's Bear, and a Gladecover Scout ("Hexproof") P1 owns and P2 controls: P1 is its controller's
    opponent (CR 702.11a). 1 ordinary cast + 1 mutating onto the Bear = 2 casts.
    """
    state = make_state(
        hand=[SNATCHER],
        battlefield=lands("Island", 6) + [("bears", "Grizzly Bears")],
        opponent=[("scout", "Gladecover Scout", {"owner": "P1"})],
    )
    assert targets_by_cost(casts(state, "snatch")) == [("", ()), ("mutate", ("bears",))]


def _on_stack(target_extra: dict) -> dict:
    """Souvenir Snatcher on the stack, cast for its mutate cost targeting ``bears`` (P1's), as the state has it."""
    return {
        "players": ["P1", "P2"],
        "priority": "P2",
        "stack": ["spell"],
        "objects": [
            {
                "id": "spell",
                "card": "Souvenir Snatcher",
                "zone": "stack",
                "owner": "P1",
                "cast": {
                    "card": "spell",
                    "alternative_cost": "mutate",
                    "targets": [{"source": "spell", "mode": None, "instruction": 0, "index": 0, "targets": ["bears"]}],
                },
            },
            {"id": "bears", "zone": "battlefield", "controller": "P1", **target_extra},
        ],
    }


def test_a_mutating_spell_whose_target_is_illegal_resolves_as_a_creature_spell():
    """CR 702.140b, 608.3b: the target illegal as the spell resolves, it resolves anyway, without merging.

    The Bear still legal: the spell resolves and merges (CR 702.140c). The target now a Human (Squire stands in
    its place, same id): the mutating spell ceases to be one and resolves as a creature spell; the merge, whose
    target is illegal, does not happen.
    """
    legal = resolve(state_from_data(_on_stack({"card": "Grizzly Bears"})), "spell")
    assert legal.resolves and [s.happens for s in legal.instructions] == [True]
    illegal = resolve(state_from_data(_on_stack({"card": "Squire"})), "spell")
    assert illegal.resolves and illegal.rule == "CR 608.3b"
    assert [s.happens for s in illegal.instructions] == [False]
