"""Tests of target restrictions, third pass: the scope of a quality after a list of kinds, and more.

"Destroy target artifact, enchantment, or creature with flying": "with flying" qualifies the creature only, the kind
it follows (CR 115.1). Every count is worked out by hand with the arithmetic in the docstring; each scenario runs on
every backend (the ``casts`` fixture checks they agree).
"""

from __future__ import annotations

import pytest

from models.cards import default_card_database
from models.oracle.parser import parse_card


def targets_of(found) -> set[tuple[tuple[str, ...], ...]]:
    """The targets of each cast, one tuple per instance in printed order."""
    return {tuple(choice.targets for choice in cast.targets) for cast in found}


# ---------------------------------------------------------------------------------------------- "…, or creature with"
_FLYING_BOARD = [("bears", "Grizzly Bears"), ("angel", "Serra Angel"), ("thopter", "Ornithopter"),
                 ("juggernaut", "Juggernaut"), ("anthem", "Glorious Anthem"), ("forest", "Forest")]


@pytest.mark.parametrize(("card", "lands", "expected"), [("Shoot Down", 4, 4), ("Mutant Chain Reaction", 3, 5)])
def test_quality_after_a_list_of_kinds_names_the_last_kind(make_state, casts, card, lands, expected):
    """CR 115.1: "target artifact, enchantment, or creature with flying": any artifact, any enchantment, a flyer.

    P2 has Grizzly Bears (a creature without flying: no), Serra Angel (a creature with flying: yes), Ornithopter
    (an artifact creature with flying: yes), Juggernaut (an artifact creature without flying: yes, an artifact),
    Glorious Anthem (an enchantment: yes) and a Forest (a land: no). Shoot Down: 4 targets = 4 casts. Mutant Chain
    Reaction's "up to one target": the 4, or none = 5 casts.
    """
    state = make_state(hand=[("spell", card)], battlefield=[(f"f{i}", "Forest") for i in range(lands)],
                       opponent=_FLYING_BOARD)
    found = casts(state, "spell")
    assert len(found) == expected
    assert {t for cast in found for choice in cast.targets for t in choice.targets} == {
        "angel", "thopter", "juggernaut", "anthem"}


def test_quality_after_a_list_of_kinds_battle(make_state, casts):
    """CR 115.1: Atraxa's Fall ("target artifact, battle, enchantment, or creature with flying") on P1's own board.

    P1 has Grizzly Bears (no), Serra Angel (yes), Glorious Anthem (yes) and two Forests (no): 2 casts for {1}{G}.
    """
    state = make_state(hand=[("fall", "Atraxa's Fall")],
                       battlefield=[("f1", "Forest"), ("f2", "Forest"), ("bears", "Grizzly Bears"),
                                    ("angel", "Serra Angel"), ("anthem", "Glorious Anthem")])
    assert targets_of(casts(state, "fall")) == {(("angel",),), (("anthem",),)}


@pytest.mark.parametrize("name", ["Airship Crash", "Broken Wings", "Carnivorous Canopy", "Return to the Earth",
                                  "Shattered Wings", "Shoot Down", "Shower of Arrows", "Atraxa's Fall",
                                  "Mutant Chain Reaction", "Spider Food"])
def test_cards_with_a_flyer_among_kinds_are_read(name):
    """CR 115.1: the ten instants and sorceries of "…, or creature with flying" are read whole."""
    assert not parse_card(default_card_database().get(name)).casting_unsupported
