"""Improvise and affinity: artifacts help to cast a spell (CR 702.126, 702.41).

Improvise: each artifact its caster taps pays one generic mana of the total cost, after the total cost is
determined (CR 702.126a-b); which artifacts are tapped is a choice of the cast (STATE_FORMAT: what counts as one
cast), and an artifact tapped this way can't also tap for mana (CR 601.2g). Affinity for [text]: the spell costs
{1} less for each [text] its caster controls (CR 702.41a). Counts are worked out by hand; each scenario runs on
every backend.
"""

from __future__ import annotations

from tests.rules.conftest import lands

BOLT_ON_STACK = {"objects": [{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
                 "stack": ["bolt"], "active_player": "P2", "priority": "P1"}


def relics(count: int, prefix: str = "r") -> list[tuple[str, str]]:
    """``count`` Darksteel Relics (artifacts with no mana ability) with ids ``<prefix>1..``."""
    return [(f"{prefix}{i}", "Darksteel Relic") for i in range(1, count + 1)]


def test_improvise_any_set_of_artifacts_that_pays_generic_mana(make_state, casts):
    """Metallic Rebuke ({2}{U}, improvise; counter target spell) with Lightning Bolt on the stack.

    One Island and two Relics: the Island pays {U}, so both Relics pay the {2}: 1 set, 1 target = 1 cast.
    Three Islands and two Relics: the Islands pay it all, so any of the 4 sets of Relics (none, r1, r2, both)
    may be tapped: 4 casts.
    """
    state = make_state(hand=[("rebuke", "Metallic Rebuke")], battlefield=lands("Island", 1) + relics(2),
                       **BOLT_ON_STACK)
    assert [frozenset(c.taps) for c in casts(state, "rebuke")] == [frozenset({"r1", "r2"})]
    state = make_state(hand=[("rebuke", "Metallic Rebuke")], battlefield=lands("Island", 3) + relics(2),
                       **BOLT_ON_STACK)
    assert {frozenset(c.taps) for c in casts(state, "rebuke")} == {
        frozenset(), frozenset({"r1"}), frozenset({"r2"}), frozenset({"r1", "r2"})}


def test_improvise_pays_no_coloured_mana(make_state, casts):
    """Artifacts tapped for improvise pay generic mana only (CR 702.126a): three Relics and no land leave {U}: 0."""
    state = make_state(hand=[("rebuke", "Metallic Rebuke")], battlefield=relics(3), **BOLT_ON_STACK)
    assert casts(state, "rebuke") == set()


def test_an_artifact_tapped_for_improvise_makes_no_mana(make_state, casts):
    """Sol Ring tapped for improvise pays {1}, not its {C}{C} (CR 601.2g, 702.126a).

    Metallic Rebuke {2}{U} with an Island, a Sol Ring and a Relic. None tapped: Island {U} + Sol Ring {C}{C}: yes.
    The Relic: it pays {1}, Sol Ring the other: yes. Sol Ring alone: it pays {1}, and {1} is left with only the
    Island (paying {U}): no. Both: {2} paid, the Island {U}: yes. 3 casts.
    """
    state = make_state(hand=[("rebuke", "Metallic Rebuke")],
                       battlefield=lands("Island", 1) + [("sol", "Sol Ring"), ("r1", "Darksteel Relic")],
                       **BOLT_ON_STACK)
    assert {frozenset(c.taps) for c in casts(state, "rebuke")} == {
        frozenset(), frozenset({"r1"}), frozenset({"sol", "r1"})}


def test_affinity_for_artifacts_counts_the_casters_artifacts(make_state, casts):
    """Frogmite ({4}, affinity for artifacts) costs {1} less for each artifact its caster controls (CR 702.41a).

    Four Relics, no land: {4} - 4 = {0}: 1 cast. Three Relics: {1} and no mana: 0. Three Relics and an Island:
    {1}: 1 cast. No artifact of P1's and four of P2's: {4} with one Island: 0.
    """
    assert len(casts(make_state(hand=[("frog", "Frogmite")], battlefield=relics(4)), "frog")) == 1
    assert casts(make_state(hand=[("frog", "Frogmite")], battlefield=relics(3)), "frog") == set()
    assert len(casts(make_state(hand=[("frog", "Frogmite")], battlefield=relics(3) + lands("Island", 1)),
                     "frog")) == 1
    state = make_state(hand=[("frog", "Frogmite")], battlefield=lands("Island", 1), opponent=relics(4, "o"))
    assert casts(state, "frog") == set()


def test_affinity_for_a_land_type(make_state, casts):
    """Affinity for Islands counts the caster's Islands (CR 702.41a); the Islands still tap for mana.

    Spire Golem ({6}, affinity for Islands): five Islands make it {6} - 5 = {1}: 1 cast; four: {2}, paid by
    the four: 1 cast; three: {3}, paid by the three: 1 cast; two: {4} with two mana: 0.
    """
    for islands, expected in ((5, 1), (4, 1), (3, 1), (2, 0)):
        state = make_state(hand=[("golem", "Spire Golem")], battlefield=lands("Island", islands))
        assert len(casts(state, "golem")) == expected, islands
