"""Explanations: which modes, splices and target instances are unavailable, and why."""

from __future__ import annotations

from dataclasses import replace

from models.io.state_json import load_state
from models.objects import Phase
from solver.explain import explain_card
from tests.conftest import ROOT

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
    assert any(r.rule == "CR 601.2c" and "protection from black and from green" in r.message
               for r in explanation.reasons)


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
    """CR 702.16b, 702.47c: Glacial Ray alone can't choose Silver Knight (protection from red); spliced onto blue
    Reach Through Mists it can, so Reach's explanation excludes nobody."""
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


def test_explain_a_timing_restriction():
    """CR 601.3, 604.6: Savage Beating outside combat: the restriction printed on it is the reason."""
    state = load_state(EXAMPLES / "rules13-savage-beating-combat.json")
    assert explain_card(state, "beating").reasons == ()
    explanation = explain_card(replace(state, phase=Phase.POSTCOMBAT_MAIN), "beating")
    assert explanation.count == 0
    assert [r.rule for r in explanation.reasons] == ["CR 601.3"]
    assert "only during your turn and only during combat" in explanation.reasons[0].message
