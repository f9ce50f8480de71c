"""Explanations: which modes, splices and target instances are unavailable, and why."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from models.io.state_json import load_state, state_from_data
from models.objects import Phase
from solver.explain import explain_card
from tests.conftest import ROOT
from tests.rules.conftest import older_text

EXAMPLES = ROOT / "examples"


def test_explain_names_the_splice_card_the_rule_and_the_shroud():
    """CR 702.47b, 702.18a: in case 13, Kodama's Might can't be spliced: the only creature has shroud."""
    state = load_state(EXAMPLES / "case13-mists-might-shroud.json")
    explanation = explain_card(state, "mists")
    assert explanation.count == 1
    text = "\n".join(explanation.lines())
    assert "Kodama's Might (might) can't be spliced (CR 702.47b)" in text
    assert "Kodama of the North Tree (kodama) has shroud (CR 702.18a)" in text


def test_explain_protection_from_the_spells_colour():
    """CR 702.16b: Kodama's Might is green; Mirran Crusader has protection from green."""
    state = load_state(EXAMPLES / "case01-mists-might-crusader.json")
    explanation = explain_card(state, "might")
    assert explanation.count == 0
    assert any(
        r.rule == "CR 601.2c" and "protection from black and from green" in r.message for r in explanation.reasons
    )


def test_explain_unaffordable_modes():
    """CR 601.2h: with 2 Mountains each Derailment mode needs {2}{R}: neither can be chosen."""
    state = load_state(EXAMPLES / "case07-derailment-2mountains.json")
    card = next(o.id for o in state.hand("P1"))
    explanation = explain_card(state, card)
    assert explanation.count == 0
    assert [r.rule for r in explanation.reasons] == ["CR 601.2h", "CR 601.2h"]


def test_explain_timing():
    """CR 307.1: Splicer's Skill at P2's end step can't be cast; the reason says whose phase it is."""
    state = load_state(EXAMPLES / "case09-opt-skill-end-step.json")
    skill = next(o.id for o in state.hand("P1") if o.name == "Splicer's Skill")
    reasons = explain_card(state, skill).reasons
    assert [r.rule for r in reasons] == ["CR 307.1"] and "P2's end phase" in reasons[0].message


def test_explain_names_excluded_candidates_when_casts_exist():
    """CR 702.16b, 702.47c: Glacial Ray can't choose Silver Knight alone, but can spliced onto a blue spell.

    Glacial Ray alone can't choose Silver Knight (protection from red); spliced onto blue Reach Through
    Mists it can, so Reach's explanation excludes nobody.
    """
    state = load_state(EXAMPLES / "case02-mists-ray-silver-knight.json")
    ray = explain_card(state, "ray")
    assert ray.count == 2
    assert [r.rule for r in ray.reasons] == ["CR 702.16b"] and "can't choose knight" in ray.reasons[0].message
    assert explain_card(state, "mists").reasons == ()


def test_explain_a_spell_with_x_and_a_flash_cost():
    """CR 107.3, 601.3c: at P2's end step Ghitu Fire ({X}{R} + {2}, 7 lands) has 5 values of X x 3 targets = 15."""
    state = load_state(EXAMPLES / "rules12-flash-for-two-more.json")
    explanation = explain_card(state, "fire")
    assert (explanation.count, explanation.reasons) == (15, ())


@pytest.mark.parametrize(
    "wording",
    [
        "current",
        "older",
    ],
)
def test_explain_a_timing_restriction(wording):
    """CR 601.3, 604.6: Savage Beating outside combat: the restriction printed on it is the reason."""
    data = json.loads((EXAMPLES / "rules13-savage-beating-combat.json").read_text(encoding="utf-8"))
    if wording == "older":  # "Cast Savage Beating only during your turn and only during combat."
        for entry in data["objects"]:
            if entry["card"] == "Savage Beating":
                entry["card"] = older_text("Savage Beating")
    state = state_from_data(data)
    assert explain_card(state, "beating").reasons == ()
    explanation = explain_card(replace(state, phase=Phase.POSTCOMBAT_MAIN), "beating")
    assert explanation.count == 0
    assert [r.rule for r in explanation.reasons] == ["CR 601.3"]
    printed = (
        "only during your turn and only during combat" if wording == "older" else "only during combat on your turn"
    )
    assert printed in explanation.reasons[0].message


def test_explain_says_why_when_nothing_else_does():
    """CR 115.4, 601.2h, 119.4: zero casts always come with a reason.

    'another target' with one creature; Phyrexian mana at 1 life.
    """
    fate = explain_card(load_state(ROOT / "examples/rules03-fate-transfer-1.json"), "fate")
    assert fate.count == 0 and [r.rule for r in fate.reasons] == ["CR 115.4"]
    probe = explain_card(load_state(ROOT / "examples/rules11-probe-1.json"), "probe")
    assert probe.count == 0 and any("CR 119.4" in r.message and "has 1" in r.message for r in probe.reasons)


def test_explain_nothing_to_sacrifice():
    """CR 601.2h: Fling with no creature to sacrifice can't be cast, and explain says so."""
    from models.io.state_json import state_from_data

    state = state_from_data(
        {
            "players": ["P1", "P2"],
            "objects": [
                {
                    "id": "fling",
                    "card": {
                        "name": "Fling",
                        "mana_cost": "{1}{R}",
                        "type_line": "Instant",
                        "oracle_text": "As an additional cost to cast this spell, sacrifice a creature.\n"
                        "Fling deals damage equal to the sacrificed creature's power to any "
                        "target.",
                    },
                    "zone": "hand",
                    "owner": "P1",
                },
                {"id": "m1", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
                {"id": "m2", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
            ],
        }
    )
    found = explain_card(state, "fling")
    assert found.count == 0 and any(
        "nothing of the kind its cost asks to sacrifice" in r.message for r in found.reasons
    )


@pytest.mark.parametrize(
    ("example", "card", "expected"),
    [
        # CR 115.2, 601.2c: "target instant spell" names spells on the stack; Lava Spike is a sorcery.
        (
            "explain01-dispel-sorcery-on-stack",
            "dispel",
            [
                "Dispel (dispel): 0 legal casts",
                "- Dispel can't be cast (CR 601.2c): no legal target for 'target instant spell' — Lava Spike "
                "(spike) is not "
                "an instant spell (CR 115.1)",
            ],
        ),
        # Lightning Bolt is an instant: one cast; the sorcery beside it is named as a candidate that can't be chosen.
        (
            "explain02-dispel-instant-and-sorcery",
            "dispel",
            [
                "Dispel (dispel): 1 legal cast",
                "- 'target instant spell' can't choose spike: Lava Spike (spike) is not an instant spell (CR 115.1)",
            ],
        ),
        # CR 115.2: "target creature card from your graveyard" names cards in P1's graveyard.
        (
            "explain03-raise-dead-graveyards",
            "raise",
            [
                "Raise Dead (raise): 0 legal casts",
                "- Raise Dead can't be cast (CR 601.2c): no legal target for 'target creature card from your "
                "graveyard' — "
                "Lightning Bolt (bolt) is not a creature card (CR 115.1); Grizzly Bears (theirbears) is in P2's "
                "graveyard, "
                "not P1's (CR 115.1)",
            ],
        ),
        (
            "explain04-raise-dead-own-creature",
            "raise",
            [
                "Raise Dead (raise): 1 legal cast",
                "- 'target creature card from your graveyard' can't choose bolt: Lightning Bolt (bolt) is not a "
                "creature "
                "card (CR 115.1)",
                "- 'target creature card from your graveyard' can't choose theirbears: Grizzly Bears (theirbears) "
                "is in P2's "
                "graveyard, not P1's (CR 115.1)",
            ],
        ),
    ],
)
def test_explain_finds_candidates_on_the_stack_and_in_graveyards(example, card, expected):
    """CR 115.2, 601.2c: explain reads the candidates of each instance from the problem: spells, graveyard cards."""
    explanation = explain_card(load_state(ROOT / "examples" / f"{example}.json"), card)
    assert explanation.lines() == expected


def test_modes_are_numbered_from_one_in_every_sentence():
    """CR 700.2: sentences number modes from 1 (JSON from 0): explain, why_illegal and the problem's keys agree."""
    from models.choices import ModeKey
    from solver.legal import legal_casts, why_illegal

    state = load_state(ROOT / "examples" / "rules02-izzet-charm.json")
    # Izzet Charm's first mode counters a noncreature spell: the stack is empty, so mode index 0 has no target.
    explanation = explain_card(state, "charm")
    assert any(line.startswith("- mode 1 ('Counter target noncreature spell") for line in explanation.lines())
    cast = next(iter(legal_casts(state, "charm")))
    reasons = why_illegal(state, cast._replace(modes=(0,), targets=()))
    assert any("mode 1 is chosen but 'target noncreature spell' has no legal target" in r.message for r in reasons)
    assert str(ModeKey(0)) == "mode 1"
    assert not any("mode 0" in r.message for r in reasons)


def test_explain_kicks_beyond_the_targets():
    """CR 702.33c, 115.4: Comet Storm with 6 Mountains and no creature: kicked at most once.

    The mana pays for 4 kicks ({R}{R} + 4 x {1}), but each kick needs another target different from the first,
    and only P1 and P2 can be chosen.
    """
    objects = [{"id": "storm", "card": "Comet Storm", "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"m{i}", "card": "Mountain", "zone": "battlefield", "controller": "P1"} for i in range(6)]
    explanation = explain_card(state_from_data({"players": ["P1", "P2"], "objects": objects}), "storm")
    # X + 2 + k <= 6: k = 0, X 0..4: 5 x 2 targets = 10; k = 1, X 0..3: 4 x 2 * 1 = 8; 18 in all
    assert explanation.count == 18
    (reason,) = [r for r in explanation.reasons if r.rule == "CR 702.33c"]
    assert "can't be kicked more than 1 time(s)" in reason.message and "pays for 4" in reason.message
    assert "it can choose P1, P2" in reason.message


def test_explain_says_cant_only_of_what_no_legal_cast_chooses():
    """CR 115.4, 601.2c: Band Together with one creature P1 controls has 1 cast, and explain never says otherwise.

    "Up to two target creatures you control each deal damage equal to their power to another target creature."
    ({2}{G}, three Forests.) With Grizzly Bears alone: the first instance chooses none, "another target creature"
    chooses the Bears: 1 cast. Nothing is unavailable but what no cast chooses: no "can't be cast".
    """
    state = state_from_data(
        {
            "players": ["P1", "P2"],
            "objects": [
                {"id": "bt", "card": "Band Together", "zone": "hand", "owner": "P1"},
                *({"id": f"f{i}", "card": "Forest", "zone": "battlefield", "controller": "P1"} for i in range(3)),
                {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"},
            ],
        }
    )
    explanation = explain_card(state, "bt")
    assert explanation.count == 1
    assert not any("can't be cast" in reason.message for reason in explanation.reasons)


def test_explain_says_what_it_did_not_ask_because_no_cast_would_be_legal():
    """CR 506.1, 601.2: Just Fate in combat with no attacker: 0 casts, the undecided step named as not asked.

    Its timing names the declare attackers step, which the state does not tell apart; "target attacking
    creature" has no legal choice, so no cast is legal in any step: the count is 0, and explain says both.
    """
    state = state_from_data(
        {
            "players": ["P1", "P2"],
            "active_player": "P2",
            "priority": "P1",
            "phase": "combat",
            "objects": [
                {"id": "fate", "card": "Just Fate", "zone": "hand", "owner": "P1"},
                {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
            ],
        }
    )
    explanation = explain_card(state, "fate")
    assert explanation.count == 0
    text = "\n".join(explanation.lines())
    assert 'not asked: "Cast this spell only during the declare attackers step' in text
    assert "no legal target for 'target attacking creature'" in text
