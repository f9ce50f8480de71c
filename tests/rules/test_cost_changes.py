"""Tests of solver.rules.cost_changes: what is added to the total cost and what is taken off it (CR 601.2f, 118.7).

The spell's own changes: "This spell costs {1} less to cast for each …" / "… if …" (CR 601.2f), what is counted
or the condition read from the state (or from a choice of the cast: "if it's bargained", CR 601.2b); the reduction
takes generic mana only (CR 118.7a). Affinity for [text]: the spell costs {1} less for each [text] its caster
controls (CR 702.41a). The changes of permanents: "Noncreature spells cost {1} more", "Arcane spells you cast cost
{1} less", "White spells you cast cost {W} more" (CR 601.2f), applied once to the whole total. Counts are worked
out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from solver.legal import legal_casts
from tests.rules.conftest import lands, older_text, one_face, relics

RAY = [("ray", "Glacial Ray")]
MISTS_AND_RAY = [("mists", "Reach Through Mists"), ("ray", "Glacial Ray")]


def graveyard(*cards: str) -> list[dict]:
    """Cards in P1's graveyard."""
    return [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": "P1"} for i, name in enumerate(cards)]


def _bolt(object_id: str) -> dict:
    """P2's Lightning Bolt on the stack, at P1."""
    return {
        "id": object_id,
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": object_id, "targets": [{"source": object_id, "phrase": "any target", "targets": ["P1"]}]},
    }


# ---------------------------------------------------------------------------------------------- what is counted
@pytest.mark.parametrize(
    ("this_turn", "expected"),
    [
        ({"spells_cast": {"P2": 2, "P1": 3}}, 1),  # P2's two spells: {4}{U} - 2 = {2}{U}, three Islands pay it
        ({"spells_cast": {"P1": 3}}, 0),  # the caster's own spells are not counted: {4}{U}, 5 > 3
        ({}, 0),  # not given: none cast (the conservative reading)
    ],
)
def test_for_each_spell_your_opponents_have_cast_this_turn(make_state, casts, basics, this_turn, expected):
    """CR 601.2f: Delightful Discovery ({4}{U}) costs {1} less per spell P1's opponents cast this turn.

    Three Islands; no target: 1 cast when the total is {2}{U}, else 0.
    """
    state = make_state(hand=[("dd", "Delightful Discovery")], battlefield=basics("Island", 3), this_turn=this_turn)
    assert len(casts(state, "dd")) == expected


@pytest.mark.parametrize(
    ("life_lost", "expected"),
    [
        ({"P2": 4}, 1),  # {5}{B/R}{B/R} - 4 = {1}{B/R}{B/R}: three Swamps; target opponent: P2 only
        ({"P1": 4}, 0),  # the caster's own loss is not counted: 7 mana > 3
    ],
)
def test_for_each_1_life_your_opponents_have_lost_this_turn(make_state, casts, basics, life_lost, expected):
    """CR 601.2f: Bloodsoaked Insight costs {1} less per 1 life P1's opponents lost this turn (this_turn.life_lost).

    Its front face as a one-faced card (the card data lacks its back face, so the card itself is unsupported).

    "Target opponent": P2, one choice. 1 cast when the reduction is 4, else 0.
    """
    state = make_state(
        hand=[("bi", one_face("Bloodsoaked Insight"))],
        battlefield=basics("Swamp", 3),
        this_turn={"life_lost": life_lost},
    )
    assert len(casts(state, "bi")) == expected


def test_for_each_creature_you_control_with_power_4_or_greater(make_state, casts, basics):
    """CR 601.2f, 118.7a: Spectral Denial ({X}{U}) costs {1} less per creature P1 controls with power 4 or greater.

    P1: Craw Wurm (6/4), Grizzly Bears with three +1/+1 counters (5/5) and Grizzly Bears (2/2), one Island; P2's
    Craw Wurm is not P1's. Two counted: the generic part, X included, is 2 less. With one Island: X = 0, 1, 2 cost
    {U} (X - 2 of generic mana can't go below 0), X = 3 costs {1}{U}, 2 > 1. Target spell: P2's Divination on the
    stack, one choice. 3 casts.
    """
    state = make_state(
        hand=[("sd", "Spectral Denial")],
        battlefield=basics("Island", 1)
        + [("wurm", "Craw Wurm"), ("big", "Grizzly Bears", {"counters": {"+1/+1": 3}}), ("bears", "Grizzly Bears")],
        opponent=[("their", "Craw Wurm")],
        objects=[{"id": "div", "card": "Divination", "zone": "stack", "controller": "P2"}],
        stack=["div"],
    )
    assert sorted(c.x for c in casts(state, "sd")) == [0, 1, 2]


@pytest.mark.parametrize(("attacking", "expected"), [(3, 1), (2, 0)])
def test_for_each_attacking_creature(make_state, casts, basics, attacking, expected):
    """CR 601.2f, 506.4: Stone Idol Trap ({5}{R}) costs {1} less per attacking creature (the state's ``attacking``).

    P2's turn, combat, P1 with priority; P2 attacks with some of four Grizzly Bears. Three Mountains: with three
    attackers {2}{R} (1 cast); with two {3}{R}, 4 > 3 (0).
    """
    bears = [(f"b{i}", "Grizzly Bears", {"attacking": i < attacking}) for i in range(4)]
    state = make_state(
        hand=[("trap", "Stone Idol Trap")],
        battlefield=basics("Mountain", 3),
        opponent=bears,
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    assert len(casts(state, "trap")) == expected


@pytest.mark.parametrize(
    ("creatures", "expected"),
    [
        (("Prodigal Sorcerer", "Cloudkin Seer"), 0),  # two Wizards are one member: {4}{B} - 1 = {3}{B}, 4 > 3
        (("Prodigal Sorcerer", "Changeling Outcast"), 1),  # a Wizard, and a changeling as Rogue: {2}{B}
        (("Changeling Outcast", "Changeling Outcast"), 1),  # each changeling a different role: 2 members, {2}{B}
    ],
)
def test_for_each_creature_in_your_party(make_state, casts, basics, creatures, expected):
    """CR 700.8, 702.73a: Deadly Alliance ({4}{B}) costs {1} less per creature in P1's party.

    A party is up to one each of Cleric, Rogue, Warrior and Wizard among P1's creatures; a changeling has every
    creature type but fills one role. Three Swamps; target creature or planeswalker: P2's Grizzly Bears, and P1's
    two creatures, 3 targets when castable.
    """
    board = basics("Swamp", 3) + [(f"c{i}", name) for i, name in enumerate(creatures)]
    state = make_state(hand=[("da", "Deadly Alliance")], battlefield=board, opponent=["Grizzly Bears"])
    assert len(casts(state, "da")) == 3 * expected


def test_the_party_of_a_creature_that_is_also_every_role(make_state, casts, basics):
    """CR 700.8, 205.3: Veteran Adventurer "is also a Cleric, Rogue, Warrior, and Wizard": one member, not four.

    With Veteran Adventurer and Prodigal Sorcerer (Wizard) the party is 2: Deadly Alliance costs {2}{B}, three
    Swamps pay it; targets: P2's Grizzly Bears and P1's two creatures, 3 casts.
    """
    board = basics("Swamp", 3) + [("vet", "Veteran Adventurer"), ("wiz", "Prodigal Sorcerer")]
    state = make_state(hand=[("da", "Deadly Alliance")], battlefield=board, opponent=["Grizzly Bears"])
    assert len(casts(state, "da")) == 3


@pytest.mark.parametrize(
    ("artifacts", "in_hand", "expected"),
    [
        (2, 1, 1),  # {4}{U} - 3 = {1}{U}: two Islands
        (1, 1, 0),  # {2}{U}: 3 > 2
        (0, 3, 1),  # cards in hand count as much as permanents
    ],
)
def test_for_each_artifact_you_control_and_each_artifact_card_in_your_hand(
    make_state, casts, basics, artifacts, in_hand, expected
):
    """CR 601.2f: Machinist's Dismissal ({4}{U}) costs {1} less per artifact P1 controls and per artifact card in hand.

    Ornithopters on the battlefield, Ornithopters in hand; two Islands; target noncreature spell: P2's Divination,
    one choice.
    """
    hand = [("md", "Machinist's Dismissal")] + [(f"h{i}", "Ornithopter") for i in range(in_hand)]
    board = basics("Island", 2) + [(f"a{i}", "Ornithopter") for i in range(artifacts)]
    state = make_state(
        hand=hand,
        battlefield=board,
        objects=[{"id": "div", "card": "Divination", "zone": "stack", "controller": "P2"}],
        stack=["div"],
    )
    assert len(casts(state, "md")) == expected


@pytest.mark.parametrize(
    ("permanents", "expected"),
    [
        (("Grizzly Bears", "Prodigal Sorcerer", "Hill Giant"), 1),  # green, blue, red: {6}{U} - 3 = {3}{U}
        (("Grizzly Bears", "Llanowar Elves", "Ornithopter"), 0),  # green only: {5}{U}, 6 > 4
    ],
)
def test_for_each_color_among_permanents_you_control(make_state, casts, basics, permanents, expected):
    """CR 601.2f, 105.2: Rime Chill ({6}{U}) costs {1} less per colour among P1's permanents (lands are colourless).

    Four Islands. "Tap up to two target creatures": P1's three creatures and none of P2's; 0, 1 or 2 of the three:
    1 + 3 + 3 = 7 target sets when castable.
    """
    board = basics("Island", 4) + [(f"c{i}", name) for i, name in enumerate(permanents)]
    state = make_state(hand=[("rc", "Rime Chill")], battlefield=board)
    assert len(casts(state, "rc")) == 7 * expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (("Lightning Bolt", "Opt", "Lava Spike"), 1),  # {6}{R}{R} - 3 = {3}{R}{R}: 5 mana, 5 lands
        (("Lightning Bolt", "Opt", "Grizzly Bears"), 0),  # a creature card isn't counted: {4}{R}{R}, 6 > 5
    ],
)
def test_for_each_instant_and_sorcery_card_in_your_graveyard(make_state, casts, cards, expected):
    """Bedlam Reveler counts instant and sorcery cards in its caster's graveyard only."""
    lands = [("m1", "Mountain"), ("m2", "Mountain"), ("i1", "Island"), ("i2", "Island"), ("i3", "Island")]
    state = make_state(hand=[("rev", "Bedlam Reveler")], battlefield=lands, objects=graveyard(*cards))
    assert len(casts(state, "rev")) == expected


def test_for_each_creature_your_opponents_control(make_state, casts):
    """Primeval Protector ({10}{G}) costs {1} less per creature P1's opponents control (CR 601.2f).

    P2 controls five Grizzly Bears and P1 one (not counted): {5}{G}, 6 mana, paid by six Forests: 1 cast.
    """
    state = make_state(
        hand=[("pp", "Primeval Protector")],
        battlefield=[(f"f{i}", "Forest") for i in range(6)] + [("mine", "Grizzly Bears")],
        opponent=[(f"b{i}", "Grizzly Bears") for i in range(5)],
    )
    assert len(casts(state, "pp")) == 1


@pytest.mark.parametrize(
    "act",
    [
        # Current wording: "This spell costs {1} less to cast for each creature on the battlefield."
        pytest.param("Blasphemous Act", id="current"),
        # Older wording: "Blasphemous Act costs {1} less to cast for each creature on the battlefield."
        pytest.param(older_text("Blasphemous Act"), id="older"),
    ],
)
def test_spell_that_costs_less_for_each_creature(make_state, casts, act):
    """CR 601.2f, 118.7a: Blasphemous Act costs {1} less per creature, never less than its {R}.

    Blasphemous Act ({8}{R}) costs {1} less for each creature on the battlefield.
    """
    four_mountains = [(f"m{i}", "Mountain") for i in range(4)]
    five = make_state(
        hand=[("act", act)],
        battlefield=four_mountains + [("b0", "Grizzly Bears")],
        opponent=[(f"o{i}", "Grizzly Bears") for i in range(4)],
    )
    # 5 creatures: {8}{R} - {5} = {3}{R}, four Mountains pay it: 1 cast (no targets).
    assert [str(c.total_cost) for c in casts(five, "act")] == ["{3}{R}"]
    four = make_state(
        hand=[("act", act)], battlefield=four_mountains, opponent=[(f"o{i}", "Grizzly Bears") for i in range(4)]
    )
    assert casts(four, "act") == set()  # {4}{R} needs five mana
    many = make_state(
        hand=[("act", act)], battlefield=[("m0", "Mountain")], opponent=[(f"o{i}", "Grizzly Bears") for i in range(12)]
    )
    assert [str(c.total_cost) for c in casts(many, "act")] == ["{R}"]  # 12 creatures: generic to 0, {R} stays


# ---------------------------------------------------------------------------------------------- conditions
@pytest.mark.parametrize(("wizard", "expected"), [(True, 1), (False, 0)])
def test_if_you_control_a_subtype(make_state, casts, wizard, expected):
    """Academy Journeymage ({4}{U}) costs {1} less while its caster controls a Wizard.

    With Prodigal Sorcerer (a Human Wizard) it costs {3}{U}, paid by four Islands, and its enters trigger's
    target is not chosen on casting: 1 cast; without a Wizard {4}{U} needs five lands: 0.
    """
    board = [(f"i{i}", "Island") for i in range(4)] + ([("wiz", "Prodigal Sorcerer")] if wizard else [])
    state = make_state(hand=[("jm", "Academy Journeymage")], battlefield=board)
    assert len(casts(state, "jm")) == expected


@pytest.mark.parametrize(("enchantment", "expected"), [(True, 2), (False, 0)])
def test_two_conditions_each_take_their_own_mana(make_state, casts, basics, enchantment, expected):
    """CR 601.2f: Assassin's Ink ({2}{B}{B}) costs {1} less if P1 controls an artifact and {1} less if an enchantment.

    Two Swamps and an Ornithopter; with Underworld Dreams both hold: {B}{B} (paid), without it {1}{B}{B} (3 > 2).
    Target creature or planeswalker: Ornithopter or P2's Grizzly Bears: 2 casts when castable.
    """
    board = (
        basics("Swamp", 2) + [("thopter", "Ornithopter")] + ([("dreams", "Underworld Dreams")] if enchantment else [])
    )
    state = make_state(hand=[("ink", "Assassin's Ink")], battlefield=board, opponent=["Grizzly Bears"])
    assert len(casts(state, "ink")) == expected


@pytest.mark.parametrize(
    ("lands", "expected"),
    [
        ({"P2": "Evolving Wilds", "P3": "Plains"}, 1),  # P2 controls no basic land: {1}{B}{B}, three Swamps
        ({"P2": "Forest", "P3": "Plains"}, 0),  # each controls one: {2}{B}{B}, 4 > 3
        ({"P2": "Forest", "P3": "Evolving Wilds"}, 1),  # one opponent (P3) controls none: enough
    ],
)
def test_an_opponent_controls_no_basic_lands(make_state, casts, basics, lands, expected):
    """CR 601.2f, 205.4a: Hagra Mauling ({2}{B}{B}) costs {1} less if an opponent controls no basic lands.

    Its front face as a one-faced card (the card data lacks its back face, so the card itself is unsupported).

    Three players; three Swamps; target creature: P2's Grizzly Bears only, 1 cast when castable.
    """
    objects = [
        {"id": f"land-{player}", "card": land, "zone": "battlefield", "controller": player}
        for player, land in lands.items()
    ]
    state = make_state(
        hand=[("hm", one_face("Hagra Mauling"))],
        battlefield=basics("Swamp", 3),
        opponent=["Grizzly Bears"],
        objects=objects,
        players=["P1", "P2", "P3"],
    )
    assert len(casts(state, "hm")) == expected


@pytest.mark.parametrize(("artifact", "expected"), [("Ornithopter", 1), ("Bonesplitter", 0)])
def test_you_control_an_artifact_creature(make_state, casts, basics, artifact, expected):
    """CR 601.2f, 205.2a: Machine Over Matter ({1}{U}) costs {1} less if P1 controls an artifact creature.

    One Island. Ornithopter is an artifact creature: {U}; Bonesplitter is an artifact, not a creature: {1}{U},
    2 > 1. Target nonland permanent: the artifact, 1 cast when castable.
    """
    state = make_state(hand=[("mom", "Machine Over Matter")], battlefield=basics("Island", 1) + [("a", artifact)])
    assert len(casts(state, "mom")) == expected


@pytest.mark.parametrize(
    ("creatures", "expected"),
    [
        (("Elite Vanguard", "Grizzly Bears"), 1),  # a Human and a non-Human: {U}
        (("Elite Vanguard", "Elite Vanguard"), 0),  # no non-Human: {2}{U}, 3 > 1
    ],
)
def test_a_human_creature_and_a_non_human_creature(make_state, casts, basics, creatures, expected):
    """CR 601.2f: Of One Mind ({2}{U}) costs {2} less if P1 controls a Human creature and a non-Human creature.

    One Island; no target.
    """
    board = basics("Island", 1) + [(f"c{i}", name) for i, name in enumerate(creatures)]
    state = make_state(hand=[("oom", "Of One Mind")], battlefield=board)
    assert len(casts(state, "oom")) == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        (("Grizzly Bears", "Opt", "Ornithopter", "Forest"), 1),  # creature, instant, artifact, land: 4 types
        (("Grizzly Bears", "Opt", "Ornithopter", "Lightning Bolt"), 0),  # creature, instant, artifact: 3
    ],
)
def test_four_or_more_card_types_among_cards_in_your_graveyard(make_state, casts, basics, cards, expected):
    """CR 601.2f, 205.2a: Scour the Laboratory ({4}{U}{U}) costs {2} less with delirium.

    Card types are counted once each, Ornithopter giving artifact and creature. Four Islands: {2}{U}{U} paid,
    {4}{U}{U} not. No target.
    """
    graveyard = [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": "P1"} for i, name in enumerate(cards)]
    state = make_state(hand=[("scour", "Scour the Laboratory")], battlefield=basics("Island", 4), objects=graveyard)
    assert len(casts(state, "scour")) == expected


@pytest.mark.parametrize(("life", "expected"), [(5, 1), (6, 0)])
def test_your_life_total_is_5_or_less(make_state, casts, basics, life, expected):
    """CR 601.2f, 119: The End ({2}{B}{B}) costs {2} less if P1's life total is 5 or less.

    Two Swamps pay {B}{B}; target creature or planeswalker: P2's Grizzly Bears, 1 cast when castable.
    """
    state = make_state(
        hand=[("end", "The End")], battlefield=basics("Swamp", 2), opponent=["Grizzly Bears"], life={"P1": life}
    )
    assert len(casts(state, "end")) == expected


@pytest.mark.parametrize(("attacking", "expected"), [(True, 1), (False, 0)])
def test_a_creature_is_attacking_you(make_state, casts, basics, attacking, expected):
    """CR 601.2f, 508.1b: Swat Away ({2}{U}{U}) costs {2} less if a creature is attacking P1.

    Two players, P2's combat, P1 with priority and no planeswalker, no battle: an attacking creature of P2
    attacks P1. Two Islands pay {U}{U}; target spell or creature: P2's Grizzly Bears (no spell on the stack),
    1 cast when castable.
    """
    state = make_state(
        hand=[("swat", "Swat Away")],
        battlefield=basics("Island", 2),
        opponent=[("bear", "Grizzly Bears", {"attacking": attacking})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    assert len(casts(state, "swat")) == expected


def test_whom_a_creature_attacks_is_not_guessed(make_state, casts, basics):
    """CR 508.1b: with a planeswalker of P1's on the battlefield, P2's attacker may attack it, not P1: reported."""
    state = make_state(
        hand=[("swat", "Swat Away")],
        battlefield=basics("Island", 2) + [("jace", "Jace Beleren")],
        opponent=[("bear", "Grizzly Bears", {"attacking": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "swat")


@pytest.mark.parametrize(("islands", "expected"), [(2, 1), (3, 2)])
def test_a_reduction_if_bargained(make_state, casts, islands, expected):
    """CR 702.166b, 601.2f: Ice Out ({1}{U}{U}) costs {1} less if it's bargained (Ornithopter sacrificed).

    Target spell: P2's Bolt, one choice. Two Islands: only bargained, {U}{U}: 1 cast. Three: bargained or not:
    2 casts.
    """
    state = make_state(
        hand=[("ice", "Ice Out")],
        battlefield=lands("Island", islands) + [("thopter", "Ornithopter")],
        objects=[_bolt("bolt")],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "ice")
    assert len(found) == expected
    assert ("thopter",) in {c.sacrifices for c in found}


# ---------------------------------------------------------------------------------------------- affinity (CR 702.41)
def test_affinity_for_artifacts_counts_the_casters_artifacts(make_state, casts):
    """Frogmite ({4}, affinity for artifacts) costs {1} less for each artifact its caster controls (CR 702.41a).

    Four Relics, no land: {4} - 4 = {0}: 1 cast. Three Relics: {1} and no mana: 0. Three Relics and an Island:
    {1}: 1 cast. No artifact of P1's and four of P2's: {4} with one Island: 0.
    """
    assert len(casts(make_state(hand=[("frog", "Frogmite")], battlefield=relics(4)), "frog")) == 1
    assert casts(make_state(hand=[("frog", "Frogmite")], battlefield=relics(3)), "frog") == set()
    assert len(casts(make_state(hand=[("frog", "Frogmite")], battlefield=relics(3) + lands("Island", 1)), "frog")) == 1
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


# ------------------------------------------------------------------------------ changes of permanents' (CR 601.2f)
@pytest.mark.parametrize(
    ("mountains", "mists", "ray"),
    [
        # Island + 3 Mountains. Reach alone {1}{U} 1 + Reach+Ray {U}+{1}{R}+{1} = 4 mana
        # x {P1, P2, Thalia} 3 -> 4. Ray {2}{R} x 3 -> 3.
        (3, 4, 3),
        # Island + 2 Mountains: the splice costs 4 > 3 -> Reach 1; Ray {2}{R} = 3 mana -> 3.
        (2, 1, 3),
    ],
)
def test_thalia_taxes_noncreature_spells(make_state, casts, mountains, mists, ray):
    """CR 601.2f: Thalia's "Noncreature spells cost {1} more" adds {1} to the total cost."""
    state = make_state(
        hand=MISTS_AND_RAY,
        battlefield=[("i", "Island")] + [(f"m{i}", "Mountain") for i in range(mountains)],
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
    )
    assert len(casts(state, "mists")) == mists
    assert len(casts(state, "ray")) == ray


@pytest.mark.parametrize(
    ("mountains", "expected"),
    [
        # Targets {P1, P2, Thalia} = 3 per Ray. Costs with the tax once: alone {1}{U} 2,
        # one Ray {2}{U}{R} 4, two Rays {3}{U}{R}{R} 6 (taxed per card it would be 7).
        (4, 1 + 2 * 3),  # 5 mana: alone 1 + one Ray 6 = 7
        (5, 1 + 2 * 3 + 2 * 3 * 3),  # 6 mana: + two Rays in 2 orders x 3 x 3 = 18 -> 25
    ],
)
def test_thalia_tax_is_applied_once_to_the_total(make_state, casts, mountains, expected):
    """CR 601.2f (INTERACTIONS A11): a cost increase applies once to the whole total, not to each splice."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("r1", "Glacial Ray"), ("r2", "Glacial Ray")],
        battlefield=[("i", "Island")] + [(f"m{i}", "Mountain") for i in range(mountains)],
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
    )
    found = casts(state, "mists")
    assert len(found) == expected
    assert {str(c.total_cost) for c in found if len(c.splices) == 2} <= {"{3}{U}{R}{R}"}


def test_thalia_does_not_tax_creature_spells(make_state, casts):
    """CR 601.2f: Thalia taxes noncreature spells only: Grizzly Bears {1}{G} with 2 Forests is castable."""
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=[("f1", "Forest"), ("f2", "Forest")],
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
    )
    found = casts(state, "bears")
    assert len(found) == 1
    assert str(next(iter(found)).total_cost) == "{1}{G}"


@pytest.mark.parametrize(("mountains", "expected"), [(2, 0), (3, 3)])
def test_thalia_taxes_her_controllers_spells_too(make_state, casts, mountains, expected):
    """CR 601.2f: "Noncreature spells cost {1} more" applies to every player's spells, Thalia's controller's too."""
    state = make_state(
        hand=RAY,
        battlefield=[(f"m{i}", "Mountain") for i in range(mountains)] + [("thalia", "Thalia, Guardian of Thraben")],
    )
    # Ray costs {2}{R} = 3: 2 Mountains 0; 3 Mountains -> P1, P2, Thalia = 3.
    assert len(casts(state, "ray")) == expected


def test_arcane_spells_you_cast_cost_less(make_state, casts):
    """CR 601.2f: Long-Forgotten Gohei reduces its controller's Arcane spells only.

    Long-Forgotten Gohei makes its controller's Arcane spells cost {1} less: Glacial Ray ({1}{R}) for one
    Mountain; an opponent's Gohei does not.
    """
    mine = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m", "Mountain"), ("gohei", "Long-Forgotten Gohei")])
    # {1}{R} - {1} = {R}: any target P1 or P2 (the Gohei is no creature) = 2.
    found = casts(mine, "ray")
    assert len(found) == 2 and {str(c.total_cost) for c in found} == {"{R}"}
    theirs = make_state(
        hand=[("ray", "Glacial Ray")], battlefield=[("m", "Mountain")], opponent=[("gohei", "Long-Forgotten Gohei")]
    )
    assert len(casts(theirs, "ray")) == 0  # {1}{R} with one Mountain


def test_coloured_cost_increase(make_state, casts):
    """CR 601.2f: Alabaster Leech: white spells its controller casts cost {W} more."""
    two = make_state(
        hand=[("strike", "Hundred-Talon Strike")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("leech", "Alabaster Leech")],
    )
    # {W} + {W} = {W}{W}, two Plains; target creature: the Leech = 1.
    found = casts(two, "strike")
    assert len(found) == 1 and {str(c.total_cost) for c in found} == {"{W}{W}"}
    one = make_state(
        hand=[("strike", "Hundred-Talon Strike")], battlefield=[("p1", "Plains"), ("leech", "Alabaster Leech")]
    )
    assert len(casts(one, "strike")) == 0


def test_spells_your_opponents_cast_cost_more(make_state, casts):
    """CR 601.2f: Grand Arbiter Augustin IV makes its controller's opponents' spells cost {1} more."""
    state = make_state(
        hand=[("ray", "Glacial Ray")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain")],
        opponent=[("arbiter", "Grand Arbiter Augustin IV")],
    )
    found = casts(state, "ray")
    # {1}{R} + {1} = {2}{R}: P1, P2, the Arbiter = 3.
    assert len(found) == 3 and {str(c.total_cost) for c in found} == {"{2}{R}"}


@pytest.mark.parametrize(("side", "expected"), [("P1", 1), ("P2", 0), (None, 0)])
def test_reduction_for_spells_cast_from_a_graveyard(make_state, side, expected):
    """Gravebreaker Lamia: "Spells you cast from your graveyard cost {1} less to cast." (CR 601.2f).

    Think Twice's flashback {2}{U} from P1's graveyard with two Islands: P1's Lamia makes it {1}{U}, 1 cast; the
    opponent's Lamia reduces only its controller's spells, and without one {2}{U} is more than two Islands: 0.
    """
    lamia = [("lamia", "Gravebreaker Lamia")]
    state = make_state(
        battlefield=lands("Island", 2) + (lamia if side == "P1" else []),
        opponent=lamia if side == "P2" else [],
        objects=[{"id": "twice", "card": "Think Twice", "zone": "graveyard", "owner": "P1"}],
    )
    assert legal_casts(state, "twice").count() == expected


def test_reduction_from_the_graveyard_leaves_the_hand_alone(make_state):
    """The Lamia's reduction is for spells cast from a graveyard: Think Twice from the hand costs {1}{U} still.

    One Island: 0 casts from the hand, though the Lamia is P1's.
    """
    state = make_state(
        hand=[("twice", "Think Twice")], battlefield=lands("Island", 1) + [("lamia", "Gravebreaker Lamia")]
    )
    assert legal_casts(state, "twice").count() == 0


@pytest.mark.parametrize(("familiar", "expected"), [(True, 2), (False, 0)])
def test_reduction_for_spells_of_either_colour(make_state, familiar, expected):
    """Thornscape Familiar: "Red spells and white spells you cast cost {1} less to cast." (CR 601.2f, 105.2).

    Lava Axe ({4}{R}, target player or planeswalker) with four Mountains: with the Familiar it costs {3}{R}, and
    targets P1 or P2 (2 casts); without, 5 mana is more than 4 (0).
    """
    state = make_state(
        hand=[("axe", "Lava Axe")],
        battlefield=lands("Mountain", 4) + ([("familiar", "Thornscape Familiar")] if familiar else []),
    )
    assert legal_casts(state, "axe").count() == expected


@pytest.mark.parametrize(("mountains", "expected"), [(1, 3), (3, 5)])
def test_spells_that_target_what_the_permanents_controller_controls_cost_more(make_state, mountains, expected):
    """Kasmina (P2's) makes P1's spells that target P2's creatures or planeswalkers cost {2} more (CR 601.2f).

    "Spells your opponents cast that target a creature or planeswalker you control cost {2} more to cast." Targets
    are chosen before the total cost is determined (CR 601.2c, 601.2f). P1's Lightning Bolt ({R}, any target):
    its targets are P1, P2, P1's own Bears (not P2's: {R}), P2's Bears and Kasmina ({2}{R} each). With 1
    Mountain: P1, P2, P1's Bears = 3 casts; with 3: all 5.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", mountains) + [("mine", "Grizzly Bears")],
        opponent=[("kasmina", "Kasmina, Enigmatic Mentor"), ("theirs", "Grizzly Bears")],
    )
    assert legal_casts(state, "bolt").count() == expected


def test_a_targeted_cost_change_binds_only_the_opponents_of_its_controller(make_state):
    """P1's own Kasmina changes nothing of P1's spells (CR 601.2f: "your opponents cast").

    Lightning Bolt with 1 Mountain targets P1, P2, Kasmina and P2's Bears: 4 casts.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=lands("Mountain", 1) + [("kasmina", "Kasmina, Enigmatic Mentor")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    assert legal_casts(state, "bolt").count() == 4


# ------------------------------------------------------- permanents' changes by a count, a turn, a zone, an order
@pytest.mark.parametrize(
    ("counters", "forests", "expected"),
    [
        (2, 4, 1),  # Craw Wurm {4}{G}{G} - 2 = {2}{G}{G}: four Forests pay it
        (1, 4, 0),  # - 1 = {3}{G}{G}: 5 > 4
        (0, 6, 1),  # no counter, no reduction: six Forests pay {4}{G}{G}
        (9, 2, 1),  # - 9 takes the generic {4} only (CR 118.7a): {G}{G}, two Forests
        (9, 1, 0),  # ... never the coloured part: {G}{G} > one Forest
    ],
)
def test_for_each_counter_on_the_permanent(make_state, casts, basics, counters, forests, expected):
    """CR 601.2f, 118.7a, 122.1: Animar's "Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~".

    The counters counted are those on Animar itself; Craw Wurm (no target, no other choice) is 1 cast when
    payable, else 0.
    """
    state = make_state(
        hand=[("wurm", "Craw Wurm")],
        battlefield=[
            ("animar", "Animar, Soul of Elements", {"counters": {"+1/+1": counters}}),
            *basics("Forest", forests),
        ],
    )
    assert len(casts(state, "wurm")) == expected


def test_counters_on_an_opponents_permanent_reduce_only_its_controllers_spells(make_state, casts, basics):
    """CR 601.2f, 109.5: "spells you cast" are Animar's controller's: P2's Animar with 2 counters leaves P1's cost.

    Craw Wurm {4}{G}{G} with four Forests: 6 > 4, 0 casts; P2's own Craw Wurm from P2's hand with P2's four
    Forests: {2}{G}{G}, 1 cast.
    """
    state = make_state(
        hand=[("wurm", "Craw Wurm")],
        battlefield=basics("Forest", 4),
        opponent=[("animar", "Animar, Soul of Elements", {"counters": {"+1/+1": 2}}), *basics("Forest", 4, "of")],
        objects=[{"id": "their", "card": "Craw Wurm", "zone": "hand", "owner": "P2"}],
        active_player="P2",
    )
    assert len(casts(state, "wurm")) == 0
    assert len(casts(state, "their")) == 1


def test_two_counted_permanents_each_count_their_own_counters(make_state, casts, basics):
    """CR 601.2f, 122.1: two Animars, 1 and 2 counters: {1} less for each counter on each, {3} in all.

    Craw Wurm {4}{G}{G} - 3 = {1}{G}{G}: three Forests, 1 cast (two Forests: 0).
    """
    animars = [
        ("a1", "Animar, Soul of Elements", {"counters": {"+1/+1": 1}}),
        ("a2", "Animar, Soul of Elements", {"counters": {"+1/+1": 2}}),
    ]
    assert len(casts(make_state(hand=[("wurm", "Craw Wurm")], battlefield=animars + basics("Forest", 3)), "wurm")) == 1
    assert len(casts(make_state(hand=[("wurm", "Craw Wurm")], battlefield=animars + basics("Forest", 2)), "wurm")) == 0


@pytest.mark.parametrize(("experience", "expected"), [(2, 1), (1, 0)])
def test_for_each_counter_its_controller_has(make_state, casts, basics, experience, expected):
    """CR 601.2f, 122.1: Mizzix: "Instant and sorcery spells … cost {1} less … for each experience counter you have".

    Counted on the player: Divination {2}{U} - 2 = {U}, one Island: 1 cast; - 1 = {1}{U}: 0.
    """
    state = make_state(
        hand=[("div", "Divination")],
        battlefield=[("mizzix", "Mizzix of the Izmagnus"), *basics("Island", 1)],
        counters={"P1": {"experience": experience}},
    )
    assert len(casts(state, "div")) == expected


@pytest.mark.parametrize(
    ("spell", "expected"),
    [("Serra Angel", 1), ("Craw Wurm", 0)],  # an Angel spell: {3}{W}{W} - 2 = {1}{W}{W}; a Wurm: not named
)
def test_counted_change_of_spells_of_two_subtypes(make_state, casts, basics, spell, expected):
    """CR 601.2f, 205.3m: Herald of War's "Angel spells and Human spells … for each +1/+1 counter on this creature".

    Two counters; three Plains and nothing else: Serra Angel {1}{W}{W} is payable, Craw Wurm (not an Angel or
    Human) costs {4}{G}{G}, unpayable.
    """
    state = make_state(
        hand=[("it", spell)],
        battlefield=[("herald", "Herald of War", {"counters": {"+1/+1": 2}}), *basics("Plains", 3)],
    )
    assert len(casts(state, "it")) == expected


@pytest.mark.parametrize(
    ("life_gained", "expected"),
    [({"P1": 1}, 1), ({}, 0), ({"P2": 5}, 0)],
)
def test_costs_less_if_you_gained_life_this_turn(make_state, casts, basics, life_gained, expected):
    """CR 601.2f, 119.3: Mortality Spear ({2}{B}{G}) costs {2} less if P1 gained life this turn (this_turn.life_gained).

    A Swamp and a Forest; "destroy target nonland permanent": P2's Grizzly Bears alone (P1's lands are lands). P1
    gained 1 life: {B}{G}, 1 cast; not given, or only P2 gained life: {2}{B}{G} with two lands, 0.
    """
    state = make_state(
        hand=[("spear", "Mortality Spear")],
        battlefield=basics("Swamp", 1) + basics("Forest", 1),
        opponent=[("bears", "Grizzly Bears")],
        this_turn={"life_gained": life_gained},
    )
    found = casts(state, "spear")
    assert len(found) == expected
    assert all(str(cast.total_cost) == "{B}{G}" for cast in found)


@pytest.mark.parametrize(("gained", "expected"), [(3, 2), (2, 0)])
def test_costs_less_if_you_gained_3_or_more_life(make_state, casts, basics, gained, expected):
    """CR 601.2f, 119.3: Sanguine Indulgence ({3}{B}) costs {3} less if P1 gained 3 or more life this turn.

    One Swamp; "up to two target creature cards from your graveyard", one Grizzly Bears there: none or the Bears,
    2 casts, when {B} is the total (3 gained); with 2 gained it is {3}{B}: 0.
    """
    state = make_state(
        hand=[("si", "Sanguine Indulgence")],
        battlefield=basics("Swamp", 1),
        objects=[{"id": "dead", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"}],
        this_turn={"life_gained": {"P1": gained}},
    )
    assert len(casts(state, "si")) == expected


@pytest.mark.parametrize(("drawn", "expected"), [(2, 1), (1, 0), (5, 1), (0, 0)])
def test_costs_less_for_each_card_you_have_drawn(make_state, casts, basics, drawn, expected):
    """CR 601.2f, 118.7a, 121.1: Inspired Fire ({3}{R}) costs {1} less per card P1 drew this turn.

    Two Mountains; 4 damage to target creature: P2's Grizzly Bears, one target. Two drawn: {1}{R}, 1 cast; one:
    {2}{R}, 0; five: the reduction takes generic mana only, {R}, 1; none: {3}{R}, 0.
    """
    state = make_state(
        hand=[("fire", "Inspired Fire")],
        battlefield=basics("Mountain", 2),
        opponent=[("bears", "Grizzly Bears")],
        this_turn={"cards_drawn": {"P1": drawn, "P2": 7}},
    )
    assert len(casts(state, "fire")) == expected


@pytest.mark.parametrize(("drawn", "expected"), [(4, 3), (3, 0)])
def test_costs_less_if_an_opponent_has_drawn_four_or_more(make_state, casts, basics, drawn, expected):
    """CR 601.2f, 118.7b, 121.1: Even the Score ({X}{U}{U}{U}) costs {U}{U}{U} less if an opponent drew 4 or more.

    Two Islands; "Draw X cards.", no target. P2 drew four: {X}, X = 0, 1 or 2, 3 casts; three: {X}{U}{U}{U}, 0
    (P1's own ten cards drawn don't count).
    """
    state = make_state(
        hand=[("even", "Even the Score")],
        battlefield=basics("Island", 2),
        this_turn={"cards_drawn": {"P1": 10, "P2": drawn}},
    )
    assert len(casts(state, "even")) == expected


@pytest.mark.parametrize(("spells_cast", "expected"), [(1, 1), (0, 0), (2, 0)])
def test_the_second_spell_you_cast_each_turn(make_state, casts, basics, spells_cast, expected):
    """CR 601.2f: Highspire Bell-Ringer's "The second spell you cast each turn costs {1} less to cast".

    The state's this_turn.spells_cast says P1 cast one spell before: Divination {2}{U} - 1 = {1}{U}, two
    Islands, 1 cast; as the first or third spell it costs {2}{U}: 0.
    """
    state = make_state(
        hand=[("div", "Divination")],
        battlefield=[("bell", "Highspire Bell-Ringer"), *basics("Island", 2)],
        this_turn={"spells_cast": {"P1": spells_cast}},
    )
    assert len(casts(state, "div")) == expected


def test_the_first_creature_spell_you_cast_each_turn(make_state, casts, basics):
    """CR 601.2f: Conduit of Ruin's "The first creature spell you cast each turn costs {2} less to cast".

    No spell cast this turn: Craw Wurm {4}{G}{G} - 2 = {2}{G}{G}, four Forests, 1 cast; Divination (no creature)
    isn't reduced. After one spell, whether it was a creature spell is not in the state: the Wurm is refused,
    Divination is not (its cost is no question).
    """
    board = [("conduit", "Conduit of Ruin"), *basics("Forest", 4), *basics("Island", 3)]
    hand = [("wurm", "Craw Wurm"), ("div", "Divination")]
    assert len(casts(make_state(hand=hand, battlefield=board), "wurm")) == 1
    after_one = make_state(hand=hand, battlefield=board, this_turn={"spells_cast": {"P1": 1}})
    with pytest.raises(UnsupportedRuleError, match="which of the spells cast this turn"):
        casts(after_one, "wurm")
    assert len(casts(after_one, "div")) == 1  # {2}{U}: three Islands


@pytest.mark.parametrize(("active", "expected"), [("P2", 1), ("P1", 0)])
def test_during_turns_other_than_yours(make_state, casts, basics, active, expected):
    """CR 601.2f, 102.1: Geyser Drake's "During turns other than yours, spells you cast cost {1} less".

    Opt ({U}, instant) never drops below {U} (CR 118.7a); Cancel {1}{U}{U} on P2's turn costs {U}{U}: two
    Islands, 1 cast (target: the Bolt on the stack); on P1's own turn {1}{U}{U}: 0.
    """
    state = make_state(
        hand=[("cancel", "Cancel")],
        battlefield=[("drake", "Geyser Drake"), *basics("Island", 2)],
        objects=[_bolt("bolt")],
        stack=["bolt"],
        active_player=active,
        priority="P1",
    )
    assert len(casts(state, "cancel")) == expected


@pytest.mark.parametrize(("zone", "expected"), [("graveyard", 1), ("hand", 0)])
def test_spells_cast_from_anywhere_other_than_your_hand(make_state, casts, basics, zone, expected):
    """CR 601.2f: Bilbo's "Spells you cast from anywhere other than your hand cost {1} less to cast".

    Think Twice ({1}{U}, flashback {2}{U}): from the graveyard, flashback {2}{U} - 1 = {1}{U}, two Islands pay
    it, 1 cast (unreduced, 3 > 2); from the hand with one Island, {1}{U} is not reduced: 0 (reduced it would be
    {U}, 1 cast).
    """
    islands = 2 if zone == "graveyard" else 1
    entry = {"id": "tt", "card": "Think Twice", "zone": zone, "owner": "P1"}
    board = [("bilbo", "Bilbo, Thief in the Night"), *basics("Island", islands)]
    state = make_state(battlefield=board, objects=[entry])
    assert len(casts(state, "tt")) == expected


def test_a_class_level_not_in_the_state_refuses_its_cost_change(make_state, casts, basics):
    """CR 716.2a: Artist's Talent's "Noncreature spells you cast cost {1} less" is its level 2 ability.

    A Class has the abilities below a level bar only at that level, which the state does not give: the
    reduction is neither applied nor ignored, the cast is refused. Without the Class, Divination {2}{U} with
    three Islands is 1 cast.
    """
    islands = basics("Island", 3)
    assert len(casts(make_state(hand=[("div", "Divination")], battlefield=islands), "div")) == 1
    state = make_state(hand=[("div", "Divination")], battlefield=[("talent", "Artist's Talent"), *islands])
    with pytest.raises(UnsupportedRuleError, match="Class's level"):
        casts(state, "div")


def test_fireball_costs_one_more_for_each_target_beyond_the_first(make_state):
    """Fireball ({X}{R}) costs {1} more for each target beyond the first (CR 601.2c-d, 601.2f).

    "X damage divided evenly, rounded down, among any number of targets. This spell costs {1} more to cast for
    each target beyond the first.": no division chosen; the targets change the total cost.

    3 Mountains; targets are any subset of {P1, P2, P2's Bears} (none included, CR 115.6). Total X + 1 + (n - 1
    for n >= 2) <= 3: n = 0 or 1, X in 0..2 (3 values x 1 and x 3 subsets = 3 + 9); n = 2, X in 0..1 (2 x 3 = 6);
    n = 3, X = 0 (1). 3 + 9 + 6 + 1 = 19 casts.
    """
    state = make_state(
        hand=[("fireball", "Fireball")], battlefield=lands("Mountain", 3), opponent=[("bears", "Grizzly Bears")]
    )
    assert legal_casts(state, "fireball").count() == 19


@pytest.mark.parametrize(("islands", "expected"), [(2, 0), (4, 1)])
def test_spells_that_target_kaerveks_torch_cost_more(make_state, islands, expected):
    """Kaervek's Torch on the stack makes spells that target it cost {2} more (CR 601.2f).

    P1's Counterspell ({U}{U}, target spell) has P2's Torch as its one target: {2}{U}{U} (CR 601.2f). With 2
    Islands, 0 casts; with 4, 1 cast.
    """
    torch = [{"id": "torch", "card": "Kaervek's Torch", "zone": "stack", "controller": "P2"}]
    state = make_state(
        hand=[("counter", "Counterspell")],
        battlefield=lands("Island", islands),
        objects=torch,
        stack=["torch"],
        active_player="P2",
        priority="P1",
    )
    assert legal_casts(state, "counter").count() == expected


@pytest.mark.parametrize(
    ("spell", "land"),
    [("Chameleon Colossus", "Forest"), ("Mistform Ultimus", "Island")],
)
def test_every_creature_type_is_a_goblin_spell(make_state, spell, land):
    """Every creature type is a characteristic-defining ability, in every zone (CR 702.73a, 604.3).

    Changeling, "is every creature type (even if this card isn't on the battlefield)": each is a Goblin spell, and
    Goblin Warchief's "Goblin spells you cast cost {1} less" makes {2}{G}{G} / {3}{U} cost 3, paid by 3 lands: 1
    cast (no target).
    """
    state = make_state(hand=[("spell", spell)], battlefield=[("chief", "Goblin Warchief")] + lands(land, 3))
    assert legal_casts(state, "spell").count() == 1


# ------------------------------------------------------- "{X} less, where X is" power and toughness (CR 601.2f, 208)
@pytest.mark.parametrize(
    ("forests", "mine", "theirs", "expected"),
    [
        (3, ["Grizzly Bears", "Craw Wurm"], [], 1),  # greatest power 6: {7}{G}{G} - 6 = {1}{G}{G}, three Forests pay
        (2, ["Grizzly Bears", "Craw Wurm"], [], 0),  # two Forests don't
        (3, ["Grizzly Bears"], ["Craw Wurm"], 0),  # P2's Wurm is not P1's: 2 off, {5}{G}{G}
        (7, ["Grizzly Bears"], ["Craw Wurm"], 1),
        (6, ["Grizzly Bears", "Glorious Anthem"], [], 1),  # the Bears 3/3 as the game sees it: {4}{G}{G}
        (5, ["Grizzly Bears", "Glorious Anthem"], [], 0),
    ],
)
def test_the_great_henge_costs_less_by_the_greatest_power(make_state, casts, forests, mine, theirs, expected):
    """CR 601.2f, 208, 613.4: The Great Henge ({7}{G}{G}) costs {X} less, X the greatest power of P1's creatures.

    "This spell costs {X} less to cast, where X is the greatest power among creatures you control." Grizzly Bears is
    2/2, Craw Wurm 6/4; Glorious Anthem gives P1's creatures +1/+1 (layer 7c). One cast whenever the Forests pay the
    rest, none otherwise (arithmetic beside each case).
    """
    state = make_state(
        hand=[("henge", "The Great Henge")],
        battlefield=lands("Forest", forests) + [(f"c{i}", name) for i, name in enumerate(mine)],
        opponent=[(f"t{i}", name) for i, name in enumerate(theirs)],
    )
    assert len(casts(state, "henge")) == expected


@pytest.mark.parametrize(("forests", "expected"), [(5, 1), (4, 0)])
def test_a_cost_less_by_the_total_toughness(make_state, casts, forests, expected):
    """CR 601.2f, 208: The Pride of Hull Clade ({10}{G}) costs {X} less, X the total toughness of P1's creatures.

    Grizzly Bears (toughness 2) and Craw Wurm (4): X = 6, {4}{G}: five Forests pay it, 1 cast; four don't, 0.
    """
    state = make_state(
        hand=[("pride", "The Pride of Hull Clade")],
        battlefield=lands("Forest", forests) + [("bears", "Grizzly Bears"), ("wurm", "Craw Wurm")],
    )
    assert len(casts(state, "pride")) == expected


def test_a_permanents_unread_cost_change_of_other_spells_is_no_part_of_its_own_cast(make_state):
    """A permanent's change of other spells' costs functions on the battlefield only (CR 113.6).

    Urza's Incubator in the hand ("Creature spells of the chosen type cost {2} less to cast."): cast ({3}, no
    target) with 3 Mountains, 1 cast. On the battlefield with no type chosen in the state, P1's Grizzly Bears'
    cost can't be told: unsupported.
    """
    state = make_state(hand=[("incubator", "Urza's Incubator")], battlefield=lands("Mountain", 3))
    assert legal_casts(state, "incubator").count() == 1
    board = make_state(
        hand=[("bears", "Grizzly Bears")], battlefield=[("inc", "Urza's Incubator")] + lands("Forest", 2)
    )
    with pytest.raises(UnsupportedRuleError):
        legal_casts(board, "bears").count()
