"""The characteristics of permanents as the game sees them (CR 613): what Auras and Equipment give, counters.

"Equipped creature has shroud", "… gets +2/+2 and has protection from red and from blue": the keywords are the
attached permanent's abilities, whether or not the state's ``granted`` lists them, and targeting follows
(CR 702.18a shroud, 702.16b protection). What is attached to what comes from a state file's ``attached_to`` or a
Forge puzzle's ``AttachedTo``; an Aura the state does not say is attached leaves the protection it gives unknown
(unsupported, never guessed: an Aura is always attached, CR 303.4c), an Equipment so is unattached (CR 301.5c).
Keyword counters give their keyword (CR 122.1b). Counts are worked out by hand; each scenario runs on every
backend.
"""

from __future__ import annotations

import dataclasses

import pytest

from models.errors import UnsupportedRuleError
from models.state import GameState
from solver.legal import legal_casts
from tests.rules.conftest import lands


def attach(state: GameState, what: str, to: str) -> GameState:
    """The state with ``what`` attached to ``to`` (as a Forge puzzle's ``AttachedTo`` says)."""
    objects = tuple(dataclasses.replace(o, attached_to=to) if o.id == what else o for o in state.objects)
    return dataclasses.replace(state, objects=objects)


def targets(found) -> list[str]:
    """The single target of each cast, sorted."""
    return sorted(t for cast in found for choice in cast.targets for t in choice.targets)


def test_equipped_creature_with_shroud_cant_be_targeted(make_state, casts):
    """Lightning Greaves ("Equipped creature has haste and shroud") on P2's Grizzly Bears (CR 702.18a).

    Lightning Bolt at any target: P1, P2, P2's Hill Giant; not the equipped Bears: 3 casts.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant"), ("greaves", "Lightning Greaves")],
    )
    assert targets(casts(attach(state, "greaves", "bears"), "bolt")) == ["P1", "P2", "giant"]


def test_where_the_state_does_not_say_what_an_aura_is_attached_to(make_state):
    """CR 303.4c: Robe of Mirrors ("Enchanted creature has shroud") attached to nothing the state names.

    An Aura on the battlefield is always attached to something: which creature has shroud is unknown, and Lightning
    Bolt's count is unsupported, never guessed.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1),
        opponent=[("bears", "Grizzly Bears"), ("robe", "Robe of Mirrors")],
    )
    with pytest.raises(UnsupportedRuleError, match="attached to"):
        legal_casts(state, "bolt").count()


def test_sword_gives_protection_from_two_colours(make_state, casts):
    """Sword of Fire and Ice gives protection from red and from blue (and +2/+2) to the equipped creature.

    On P2's Bears: Lightning Bolt (red) can't target it (CR 702.16b): P1, P2, Hill Giant = 3. Swords to
    Plowshares (white) can: the Bears and the Giant = 2.
    """
    state = attach(
        make_state(
            hand=[("bolt", "Lightning Bolt"), ("stp", "Swords to Plowshares")],
            battlefield=lands("Mountain", 1) + lands("Plains", 1),
            opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant"), ("sword", "Sword of Fire and Ice")],
        ),
        "sword",
        "bears",
    )
    assert targets(casts(state, "bolt")) == ["P1", "P2", "giant"]
    assert targets(casts(state, "stp")) == ["bears", "giant"]


def test_a_grant_already_listed_is_not_doubled(make_state, casts):
    """Robe of Mirrors ("Enchanted creature has shroud") on a Bears whose ``granted`` already says shroud.

    Lightning Bolt: P1, P2 only: 2 casts.
    """
    state = attach(
        make_state(
            hand=[("bolt", "Lightning Bolt")],
            battlefield=lands("Mountain", 1),
            opponent=[("bears", "Grizzly Bears", {"granted": ["shroud"]}), ("robe", "Robe of Mirrors")],
        ),
        "robe",
        "bears",
    )
    assert targets(casts(state, "bolt")) == ["P1", "P2"]


def test_a_keyword_counter_gives_its_keyword(make_state, casts):
    """CR 122.1b, 613.1f: a flying counter on Grizzly Bears gives it flying, so Plummet may target it.

    Plummet ({1}{G}, "Destroy target creature with flying."), two Forests. P2's Grizzly Bears with a flying
    counter and P2's Serra Angel (flying): 2 casts; without the counter, the Angel alone: 1. A +1/+1 counter is
    no keyword: still 1.
    """
    forests = lands("Forest", 2)
    for counters, expected in (({"flying": 1}, 2), ({}, 1), ({"+1/+1": 1}, 1)):
        state = make_state(
            hand=[("plummet", "Plummet")],
            battlefield=forests,
            opponent=[("bears", "Grizzly Bears", {"counters": counters}), ("angel", "Serra Angel")],
        )
        assert len(casts(state, "plummet")) == expected, counters


def test_a_hexproof_counter_stops_an_opponents_spell(make_state, casts):
    """CR 122.1b, 702.11b: a hexproof counter on P2's Grizzly Bears: P1's Lightning Bolt can't target it.

    Lightning Bolt, one Mountain: any target is P1, P2 or the Bears; with the counter, P1 or P2: 2 casts (3 without).
    """
    for counters, expected in (({"hexproof": 1}, 2), ({}, 3)):
        state = make_state(
            hand=[("bolt", "Lightning Bolt")],
            battlefield=lands("Mountain", 1),
            opponent=[("bears", "Grizzly Bears", {"counters": counters})],
        )
        assert len(casts(state, "bolt")) == expected, counters


def test_an_unattached_equipment_gives_nothing(make_state, casts):
    """CR 301.5c, 702.11b: Swiftfoot Boots ("Equipped creature has hexproof and haste") attached to nothing.

    P2's Boots unattached beside P2's Grizzly Bears: P1's Lightning Bolt (one Mountain) targets P1, P2 or the
    Bears: 3 casts. Attached to the Bears, they have hexproof against P1's spell: 2.
    """
    for boots, expected in (({}, 3), ({"attached_to": "bears"}, 2)):
        state = make_state(
            hand=[("bolt", "Lightning Bolt")],
            battlefield=lands("Mountain", 1),
            opponent=[("bears", "Grizzly Bears"), ("boots", "Swiftfoot Boots", boots)],
        )
        assert len(casts(state, "bolt")) == expected, boots


def test_a_haste_counter_lets_a_summoning_sick_creature_tap_for_mana(make_state, casts):
    """CR 122.1b, 302.6: Llanowar Elves under P1's control since this turn, with a haste counter, taps for {G}.

    Giant Growth ({G}, "Target creature gets +3/+3"), the Elves the only source and the only creature: sick with
    no counter, 0 casts; with a haste counter, 1.
    """
    for counters, expected in (({}, 0), ({"haste": 1}, 1)):
        state = make_state(
            hand=[("growth", "Giant Growth")],
            battlefield=[("elves", "Llanowar Elves", {"summoning_sick": True, "counters": counters})],
        )
        assert len(casts(state, "growth")) == expected, counters


@pytest.mark.parametrize(
    ("protected", "spell", "expected"),
    [
        ("Warren-Scourge Elf", "Tarfire", 2),  # a Goblin spell (Kindred Instant — Goblin): P1, P2
        ("Warren-Scourge Elf", "Shock", 3),  # no Goblin: P1, P2 and the Elf
        ("Basri's Lieutenant", "Lightning Helix", 2),  # red and white, multicolored: P1, P2
        ("Basri's Lieutenant", "Lightning Bolt", 3),  # red alone: P1, P2 and the Lieutenant
        ("Guardian of the Guildpact", "Lightning Bolt", 2),  # monocolored (CR 105.4): P1, P2
        ("Guardian of the Guildpact", "Lightning Helix", 3),  # two colours: P1, P2 and the Guardian
    ],
)
def test_protection_from_a_creature_type_and_from_multicolored(make_state, protected, spell, expected):
    """ "Protection from Goblins", "from multicolored", "from monocolored": no such spell targets it (CR 702.16b).

    Each spell deals damage to any target; the protected creature is P2's, and the only one.
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=lands("Mountain", 2) + lands("Plains", 1),
        opponent=[("guard", protected)],
    )
    assert legal_casts(state, "spell").count() == expected
