"""Aura spells: an Aura spell targets what its enchant ability names (CR 303.4a, 702.5a).

The target is checked like any other: hexproof (CR 702.11b), shroud (702.18a) and protection (702.16b). Every
count is worked out by hand with the arithmetic in a comment; each scenario runs on every backend.
"""

from __future__ import annotations

from models.io.card_pool import default_card_database
from models.oracle.parser import parse_card

TWO_PLAINS = [("p1", "Plains"), ("p2", "Plains")]


def targets_of(casts) -> set[tuple[str, ...]]:
    """The objects or players chosen for the Aura's one instance of "target", per cast."""
    return {tuple(t for choice in cast.targets for t in choice.targets) for cast in casts}


def test_enchant_creature_is_a_target_checked_like_any(make_state, casts):
    """Pacifism ({1}{W}, "Enchant creature") targets a creature, checked like any target.

    P1's and P2's Grizzly Bears, not the opponent's Slippery Bogle (hexproof, CR 702.11b), Blastoderm (shroud,
    CR 702.18a) or Black Knight (protection from white, CR 702.16b): 2 casts.
    """
    state = make_state(
        hand=[("aura", "Pacifism")],
        battlefield=TWO_PLAINS + [("mine", "Grizzly Bears")],
        opponent=[
            ("theirs", "Grizzly Bears"),
            ("bogle", "Slippery Bogle"),
            ("derm", "Blastoderm"),
            ("knight", "Black Knight"),
        ],
    )
    assert targets_of(casts(state, "aura")) == {("mine",), ("theirs",)}


def test_aura_with_nothing_to_enchant_is_not_cast(make_state, casts):
    """CR 303.4a, 601.2c: an Aura spell requires a target; with no creature, Pacifism has no legal cast: 0."""
    state = make_state(hand=[("aura", "Pacifism")], battlefield=TWO_PLAINS)
    assert casts(state, "aura") == set()


def test_enchant_player(make_state, casts):
    """Curse of Death's Hold ({3}{B}{B}, "Enchant player"): P1 or P2 (CR 303.4a): 2 casts with five Swamps."""
    swamps = [(f"s{i}", "Swamp") for i in range(5)]
    state = make_state(hand=[("curse", "Curse of Death's Hold")], battlefield=swamps)
    assert targets_of(casts(state, "curse")) == {("P1",), ("P2",)}


def test_enchant_a_card_in_a_graveyard(make_state, casts):
    """Animate Dead ({1}{B}, "Enchant creature card in a graveyard"): a creature card in any graveyard.

    P1's graveyard: Grizzly Bears; P2's graveyard: Hill Giant and a Mountain (not a creature): 2 casts.
    """
    graveyards = [
        {"id": "gb", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"},
        {"id": "gg", "card": "Hill Giant", "zone": "graveyard", "owner": "P2"},
        {"id": "gm", "card": "Mountain", "zone": "graveyard", "owner": "P2"},
    ]
    state = make_state(
        hand=[("dead", "Animate Dead")], battlefield=[("s1", "Swamp"), ("s2", "Swamp")], objects=graveyards
    )
    assert targets_of(casts(state, "dead")) == {("gb",), ("gg",)}


def test_enchant_a_list_of_kinds(make_state, casts, card):
    """An enchant ability listing kinds (Planar Disruption, {1}{W}) is one target of any of them (CR 702.5a).

    Sol Ring, Grizzly Bears and a Plains on the battlefield: the land is not one: 2 casts.
    """
    state = make_state(
        hand=[("aura", "Planar Disruption")],
        battlefield=TWO_PLAINS,
        opponent=[("ring", "Sol Ring"), ("bears", "Grizzly Bears")],
    )
    assert targets_of(casts(state, "aura")) == {("ring",), ("bears",)}


def test_an_enchant_ability_not_read_is_reported():
    """An enchant ability not read whole is reported (CR 702.5a).

    Daybreak Coronet: "Enchant creature with another Aura attached to it". It is never read as one of its parts.
    """
    coronet = parse_card(default_card_database().get("Daybreak Coronet"))
    assert any("enchant" in u.reason for u in coronet.casting_unsupported)


def test_target_aura_that_is_attached_to_a_permanent(make_state, casts):
    """CR 303.4, 115.1: Aura Graft gains control of "target Aura that's attached to a permanent".

    P2's Pacifism is attached to P1's Grizzly Bears: a candidate. P1's Curse of the Pierced Heart is attached to P2,
    a player, not a permanent: not one. 1 cast, for {1}{U} (two Islands).
    """
    state = make_state(
        hand=[("graft", "Aura Graft")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("bears", "Grizzly Bears")],
        opponent=[("pacifism", "Pacifism", {"attached_to": "bears"})],
        objects=[
            {
                "id": "curse",
                "card": "Curse of the Pierced Heart",
                "zone": "battlefield",
                "controller": "P1",
                "attached_to": "P2",
            }
        ],
    )
    found = casts(state, "graft")
    assert targets_of(found) == {("pacifism",)}
