"""A spell's own cost change: "This spell costs {1} less to cast for each …" / "… if you control a …" (CR 601.2f).

The reduction takes generic mana only (CR 118.7a). What is counted, or the condition, is read from the state.
Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest


def graveyard(*cards: str) -> list[dict]:
    """Cards in P1's graveyard."""
    return [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": "P1"} for i, name in enumerate(cards)]


@pytest.mark.parametrize(("cards", "expected"), [
    (("Lightning Bolt", "Opt", "Lava Spike"), 1),  # {6}{R}{R} - 3 = {3}{R}{R}: 5 mana, 5 lands
    (("Lightning Bolt", "Opt", "Grizzly Bears"), 0),  # a creature card isn't counted: {4}{R}{R}, 6 > 5
])
def test_for_each_instant_and_sorcery_card_in_your_graveyard(make_state, casts, cards, expected):
    """Bedlam Reveler counts instant and sorcery cards in its caster's graveyard only."""
    lands = [("m1", "Mountain"), ("m2", "Mountain"), ("i1", "Island"), ("i2", "Island"), ("i3", "Island")]
    state = make_state(hand=[("rev", "Bedlam Reveler")], battlefield=lands, objects=graveyard(*cards))
    assert len(casts(state, "rev")) == expected


@pytest.mark.parametrize(("wizard", "expected"), [(True, 1), (False, 0)])
def test_if_you_control_a_subtype(make_state, casts, wizard, expected):
    """Academy Journeymage ({4}{U}) costs {1} less while its caster controls a Wizard.

    With Prodigal Sorcerer (a Human Wizard) it costs {3}{U}, paid by four Islands, and its enters trigger's
    target is not chosen on casting: 1 cast; without a Wizard {4}{U} needs five lands: 0.
    """
    board = [(f"i{i}", "Island") for i in range(4)] + ([("wiz", "Prodigal Sorcerer")] if wizard else [])
    state = make_state(hand=[("jm", "Academy Journeymage")], battlefield=board)
    assert len(casts(state, "jm")) == expected


def test_for_each_creature_your_opponents_control(make_state, casts):
    """Primeval Protector ({10}{G}) costs {1} less per creature P1's opponents control (CR 601.2f).

    P2 controls five Grizzly Bears and P1 one (not counted): {5}{G}, 6 mana, paid by six Forests: 1 cast.
    """
    state = make_state(hand=[("pp", "Primeval Protector")],
                       battlefield=[(f"f{i}", "Forest") for i in range(6)] + [("mine", "Grizzly Bears")],
                       opponent=[(f"b{i}", "Grizzly Bears") for i in range(5)])
    assert len(casts(state, "pp")) == 1
