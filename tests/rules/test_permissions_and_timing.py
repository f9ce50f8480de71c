"""Tests of the spell's own timing text, permissions and cost changes (CR 601.3, 601.3b-c, 307.1, 702.8a).

"Cast this spell only if …", "only after combat", conditional "as though it had flash" (CR 604.6, 117.1a,
500-514), and the spell's own cost changes (CR 601.2f).

Every count is worked out by hand from the rules, the arithmetic in the docstring; each scenario runs on every
backend (the ``casts`` fixture checks they agree).
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from solver.legal import legal_casts

SWAMPS = [("s1", "Swamp"), ("s2", "Swamp")]


@pytest.mark.parametrize(("vampires", "expected"), [(2, 3), (1, 0), (0, 0)])
def test_feast_of_blood_needs_two_vampires(make_state, casts, vampires, expected):
    """CR 601.3: "Cast this spell only if you control two or more Vampires." (Feast of Blood, {1}{B} sorcery).

    P1's main phase, two Swamps, P2 controls Grizzly Bears. Two Vampire Nighthawks: "destroy target creature"
    has 2 + 1 = 3 creatures to choose = 3 casts. One Vampire (Nighthawk): the condition fails = 0; none = 0.
    """
    mine = [(f"v{i}", "Vampire Nighthawk") for i in range(vampires)]
    state = make_state(hand=[("feast", "Feast of Blood")], battlefield=SWAMPS + mine, opponent=["Grizzly Bears"])
    assert len(casts(state, "feast")) == expected


@pytest.mark.parametrize(("mine", "expected"), [(["Grizzly Bears"], 2), ([], 0)])
def test_would_you_have_done_the_same_needs_a_creature(make_state, casts, mine, expected):
    """CR 601.3: "Cast this spell only if you control a creature." (Would You Have Done the Same?, {B} instant).

    With P1's Grizzly Bears and P2's Raging Goblin, "destroy target creature" = 2 casts; P1 with no creature
    (the Goblin is P2's) = 0.
    """
    state = make_state(
        hand=[("would", "Would You Have Done the Same?")],
        battlefield=[("s", "Swamp"), *mine],
        opponent=["Raging Goblin"],
        phase="upkeep",
    )
    assert len(casts(state, "would")) == expected


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        # P2's upkeep, P1 holding priority: Festival ({W}, no target) = 1.
        ({"phase": "upkeep", "active_player": "P2", "priority": "P1"}, 1),
        # P1's own upkeep: not an opponent's = 0.
        ({"phase": "upkeep"}, 0),
        # P2's draw step: not the upkeep = 0.
        ({"phase": "draw", "active_player": "P2", "priority": "P1"}, 0),
    ],
)
def test_festival_only_during_an_opponents_upkeep(make_state, casts, situation, expected):
    """CR 601.3, 503.1: "Cast this spell only during an opponent's upkeep." (Festival, {W} instant)."""
    state = make_state(hand=[("festival", "Festival")], battlefield=[("p", "Plains")], **situation)
    assert len(casts(state, "festival")) == expected


@pytest.mark.parametrize(
    ("phase", "expected"),
    [("upkeep", 0), ("precombat_main", 0), ("combat", 0), ("postcombat_main", 1), ("end", 1)],
)
def test_glyph_of_reincarnation_only_after_combat(make_state, casts, phase, expected):
    """CR 601.3, 505.1, 511.3: "Cast this spell only after combat." (Glyph of Reincarnation, {G} instant).

    After combat is the postcombat main phase and the end phase. One Wall (Wall of Stone, P2's) is the only
    "target Wall": 1 cast then; before or during combat = 0.
    """
    state = make_state(
        hand=[("glyph", "Glyph of Reincarnation")],
        battlefield=[("f", "Forest")],
        opponent=["Wall of Stone", "Grizzly Bears"],
        phase=phase,
    )
    assert len(casts(state, "glyph")) == expected


@pytest.mark.parametrize(
    ("attacking", "active", "expected"),
    [(True, "P2", 1), (False, "P2", 0), (True, "P1", 0)],
)
def test_confront_the_assault_needs_an_attacker(make_state, casts, attacking, active, expected):
    """CR 601.3, 506.3, 508.1b: "Cast this spell only if a creature is attacking you." (Confront the Assault).

    Two players, P1 controls no planeswalker: P2's attacking Grizzly Bears attacks P1 = 1 cast ({4}{W}, no
    target). Not attacking = 0. On P1's own turn, P1's attacking Bears attack P2, not P1 = 0.
    """
    bears = ("bears", "Grizzly Bears", {"attacking": attacking})
    plains = [(f"p{i}", "Plains") for i in range(5)]
    if active == "P2":
        state = make_state(
            hand=[("confront", "Confront the Assault")],
            battlefield=plains,
            opponent=[bears],
            phase="combat",
            active_player="P2",
            priority="P1",
        )
    else:
        state = make_state(hand=[("confront", "Confront the Assault")], battlefield=[*plains, bears], phase="combat")
    assert len(casts(state, "confront")) == expected


THEIR_END = {"phase": "end", "active_player": "P2", "priority": "P1"}
"""P2's end step, P1 holding priority: a sorcery could not be cast now (CR 307.1)."""


def _graveyard(*names: str) -> list[dict]:
    """Cards in P1's graveyard, ids g0, g1 and so on."""
    return [{"id": f"g{i}", "card": name, "zone": "graveyard", "owner": "P1"} for i, name in enumerate(names)]


@pytest.mark.parametrize(
    ("attacking", "situation", "expected"),
    [(True, {"phase": "combat"}, 1), (False, {"phase": "combat"}, 0), (False, {}, 1)],
)
def test_scarring_memories_flash_with_an_attacking_legend(make_state, casts, attacking, situation, expected):
    """CR 601.3, 702.8a: flash "if you control an attacking legendary creature." (Scarring Memories).

    {3}{B} sorcery; "target opponent": P2 only = 1 cast when it may be cast.

    P1's combat with Isamaru, Hound of Konda (legendary) attacking: as though it had flash = 1. Isamaru not
    attacking: a sorcery in combat = 0. P1's main phase, empty stack: sorcery timing = 1.
    """
    isamaru = ("isamaru", "Isamaru, Hound of Konda", {"attacking": attacking})
    swamps = [(f"s{i}", "Swamp") for i in range(4)]
    state = make_state(hand=[("scar", "Scarring Memories")], battlefield=[*swamps, isamaru], **situation)
    assert len(casts(state, "scar")) == expected


@pytest.mark.parametrize(("situation", "expected"), [(THEIR_END, 4), ({}, 6)])
def test_silver_scrutiny_flash_if_x_is_3_or_less(make_state, casts, situation, expected):
    """CR 601.2b, 601.3: "You may cast this spell as though it had flash if X is 3 or less." (Silver Scrutiny).

    {X}{U}{U} with seven Islands: X is 0 to 5 (7 - 2). On P2's end step only X = 0, 1, 2, 3 allow it = 4 casts;
    in P1's main phase every X = 6.
    """
    islands = [(f"i{i}", "Island") for i in range(7)]
    state = make_state(hand=[("scrutiny", "Silver Scrutiny")], battlefield=islands, **situation)
    assert len(casts(state, "scrutiny")) == expected


@pytest.mark.parametrize(("situation", "expected"), [(THEIR_END, 5), ({}, 6)])
def test_flash_photography_flash_if_it_targets_your_permanent(make_state, casts, situation, expected):
    """CR 601.2c, 601.3: "… as though it had flash if it targets a permanent you control." (Flash Photography).

    {2}{U}{U}, "a copy of target permanent": P1's four Islands and Grizzly Bears, P2's Raging Goblin = 6
    permanents. On P2's end step only P1's five may be the target = 5; in P1's main phase all 6.
    """
    islands = [(f"i{i}", "Island") for i in range(4)]
    state = make_state(
        hand=[("photo", "Flash Photography")],
        battlefield=[*islands, "Grizzly Bears"],
        opponent=["Raging Goblin"],
        **situation,
    )
    assert len(casts(state, "photo")) == expected


def test_flash_photography_flashback_on_an_opponents_turn(make_state, casts):
    """CR 702.34a, 601.3: the permission holds wherever the card is cast from (Flash Photography's flashback).

    Flashback {4}{U}{U} from P1's graveyard on P2's end step, six Islands and P2's Raging Goblin: only P1's six
    Islands may be the target = 6.
    """
    islands = [(f"i{i}", "Island") for i in range(6)]
    state = make_state(
        battlefield=islands,
        opponent=["Raging Goblin"],
        objects=[{"id": "photo", "card": "Flash Photography", "zone": "graveyard", "owner": "P1"}],
        **THEIR_END,
    )
    assert len(casts(state, "photo")) == 6


@pytest.mark.parametrize(
    ("graveyard", "expected"),
    [
        (("Island", "Raging Goblin", "Grizzly Bears", "Vampire Nighthawk", "Serra Angel"), 4),
        (("Raging Goblin", "Grizzly Bears", "Vampire Nighthawk", "Serra Angel"), 0),
    ],
)
def test_graveyard_shift_flash_with_five_mana_values(make_state, casts, graveyard, expected):
    """CR 702.8a, 202.3: flash "as long as there are five or more mana values among cards in your graveyard".

    Graveyard Shift, {4}{B} sorcery, "target creature card from your graveyard", on P2's end step.

    Mana values 0, 1, 2, 3, 5: five, flash; four creature cards to return = 4. Without the Island: 1, 2, 3, 5
    are four, a sorcery on P2's turn = 0.
    """
    swamps = [(f"s{i}", "Swamp") for i in range(5)]
    state = make_state(
        hand=[("shift", "Graveyard Shift")], battlefield=swamps, objects=_graveyard(*graveyard), **THEIR_END
    )
    assert len(casts(state, "shift")) == expected


def test_march_of_otherworldly_light_counts_the_cards_exiled(make_state, casts):
    """CR 601.2b, 601.2f: {2} less "for each card exiled this way" (March of Otherworldly Light, {X}{W}).

    "As an additional cost to cast this spell, you may exile any number of white cards from your hand."

    Two Plains (2 mana); in hand Savannah Lions and Serra Angel (white) and Grizzly Bears (green, not
    exilable); P2's Grizzly Bears (mana value 2) is the only "target artifact, creature, or enchantment with
    mana value X or less", so X >= 2. Total {W} + max(0, X - 2n) <= 2 mana, n cards exiled:
    n = 0: X <= 1, no target = 0; n = 1 (2 ways): X in {2, 3} = 2 x 2 = 4; n = 2: X in {2, 3, 4, 5} = 4.
    Total 0 + 4 + 4 = 8.
    """
    hand = [
        ("march", "March of Otherworldly Light"),
        ("lions", "Savannah Lions"),
        ("angel", "Serra Angel"),
        ("bears", "Grizzly Bears"),
    ]
    state = make_state(hand=hand, battlefield=[("p1", "Plains"), ("p2", "Plains")], opponent=["Grizzly Bears"])
    found = casts(state, "march")
    assert len(found) == 8
    by_exiled = sorted((len(c.exiles), c.x, str(c.total_cost)) for c in found)
    # the total: {X}{W} less {2} per card, never below {W} (CR 601.2f)
    assert by_exiled == [
        (1, 2, "{W}"),
        (1, 2, "{W}"),
        (1, 3, "{1}{W}"),
        (1, 3, "{1}{W}"),
        (2, 2, "{W}"),
        (2, 3, "{W}"),
        (2, 4, "{W}"),
        (2, 5, "{1}{W}"),
    ]


def test_explosive_singularity_counts_the_creatures_tapped(make_state, casts):
    """CR 601.2b, 601.2f, 601.2g: {1} less "for each creature tapped this way" (Explosive Singularity).

    {8}{R}{R}, "you may tap any number of untapped creatures you control", "any target".

    Eight Mountains, Llanowar Elves ({T}: Add {G}) and two Grizzly Bears. Tapping k creatures, the total
    {R}{R} + {8 - k} needs 10 - k mana from the Mountains and the Elves if untapped: k = 0: 10 from 9, no;
    k = 1: the Elves tapped leave 8 < 9, either Bears leaves 9 = 2; k = 2: 8 needed, any pair = 3; k = 3:
    7 from 8 = 1. Six sets of creatures, each with 5 targets (P1, P2, the Elves, two Bears) = 30.
    """
    mountains = [(f"m{i}", "Mountain") for i in range(8)]
    state = make_state(
        hand=[("boom", "Explosive Singularity")],
        battlefield=[*mountains, ("elves", "Llanowar Elves"), ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
    )
    found = casts(state, "boom")
    assert len(found) == 30
    assert {c.taps for c in found} == {
        ("b1",),
        ("b2",),
        ("b1", "b2"),
        ("b1", "elves"),
        ("b2", "elves"),
        ("b1", "b2", "elves"),
    }


@pytest.mark.parametrize(("forests", "expected"), [(2, 3), (4, 4)])
def test_bite_down_on_crime_cheaper_if_evidence_was_collected(make_state, casts, forests, expected):
    """CR 701.59a, 701.59c, 601.2f: {2} less "if evidence was collected" (Bite Down on Crime, {3}{G}).

    "As an additional cost to cast this spell, you may collect evidence 6."

    P1's graveyard: Serra Angel (5), Vampire Nighthawk (3), Raging Goblin (1): sets of total 6 or more are
    {Angel, Nighthawk}, {Angel, Goblin} and all three = 3. Targets: P1's Grizzly Bears and P2's Raging
    Goblin, one way. Two Forests: only with evidence ({1}{G}) = 3; four Forests: 3 + 1 without ({3}{G}) = 4.
    """
    state = make_state(
        hand=[("bite", "Bite Down on Crime")],
        battlefield=[*[(f"f{i}", "Forest") for i in range(forests)], "Grizzly Bears"],
        opponent=["Raging Goblin"],
        objects=_graveyard("Serra Angel", "Vampire Nighthawk", "Raging Goblin"),
    )
    assert len(casts(state, "bite")) == expected


@pytest.mark.parametrize(("active", "expected"), [("P1", 1), ("P2", 0)])
def test_mental_modulation_cheaper_during_your_turn(make_state, casts, active, expected):
    """CR 601.2f, 102.1: "This spell costs {1} less to cast during your turn." (Mental Modulation, {1}{U}).

    One Island; "tap target artifact or creature": P2's Grizzly Bears only. P1's turn: {U} = 1 cast; P2's turn
    (P1 holding priority): {1}{U} needs 2 mana = 0.
    """
    state = make_state(
        hand=[("mod", "Mental Modulation")],
        battlefield=[("i", "Island")],
        opponent=["Grizzly Bears"],
        active_player=active,
        priority="P1",
        phase="upkeep",
    )
    assert len(casts(state, "mod")) == expected


@pytest.mark.parametrize(("islands", "active", "expected"), [(7, "P1", 1), (7, "P2", 0), (10, "P2", 1)])
def test_hurkyls_final_meditation_costs_more_on_other_turns(make_state, casts, islands, active, expected):
    """CR 601.2f, 102.1: "During turns other than yours, this spell costs {3} more to cast." ({4}{U}{U}{U}).

    No target. Seven Islands on P1's turn: {4}{U}{U}{U} = 1; on P2's turn {7}{U}{U}{U} needs 10 = 0; ten = 1.
    """
    state = make_state(
        hand=[("hurkyl", "Hurkyl's Final Meditation")],
        battlefield=[(f"i{i}", "Island") for i in range(islands)],
        active_player=active,
        priority="P1",
        phase="end",
    )
    assert len(casts(state, "hurkyl")) == expected


@pytest.mark.parametrize(
    ("mine", "expected"),
    [(["Spectral Sailor", "Glorious Anthem"], 1), (["Glorious Anthem"], 0), (["Spectral Sailor"], 0)],
)
def test_geistlight_snare_two_reductions(make_state, casts, mine, expected):
    """CR 601.2f: two reductions, "if you control a Spirit" and "if you control an enchantment" (Geistlight Snare).

    {2}{U}, "counter target spell": P2's Opt on the stack.

    One Island: a Spirit (Spectral Sailor) and an enchantment (Glorious Anthem) make it {U} = 1; either alone
    leaves {1}{U}, 2 mana = 0.
    """
    opt = {"id": "opt", "card": "Opt", "zone": "stack", "owner": "P2", "controller": "P2"}
    state = make_state(
        hand=[("snare", "Geistlight Snare")],
        battlefield=[("i", "Island"), *mine],
        objects=[opt],
        stack=["opt"],
        active_player="P2",
        priority="P1",
    )
    assert len(casts(state, "snare")) == expected


@pytest.mark.parametrize(
    ("graveyard", "expected"),
    [(("Island", "Grizzly Bears", "Opt", "Glorious Anthem"), 1), (("Island", "Grizzly Bears", "Opt"), 0)],
)
def test_drag_to_the_roots_delirium_as_long_as(make_state, casts, graveyard, expected):
    """CR 601.2f, 205.2a: {2} less "as long as there are four or more card types among cards in your graveyard".

    Drag to the Roots, {2}{B}{G}, "destroy target nonland permanent".

    A Swamp and a Forest; P2's Grizzly Bears the only nonland permanent. Land, creature, instant, enchantment:
    four types, {B}{G} = 1; three types: {2}{B}{G} needs 4 = 0.
    """
    state = make_state(
        hand=[("drag", "Drag to the Roots")],
        battlefield=[("s", "Swamp"), ("f", "Forest")],
        opponent=["Grizzly Bears"],
        objects=_graveyard(*graveyard),
    )
    assert len(casts(state, "drag")) == expected


@pytest.mark.parametrize(
    ("card", "lands", "expected"), [("Quicken", ["Island"], 1), ("Ride the Avalanche", ["Forest", "Island"], 1)]
)
def test_next_spell_as_though_it_had_flash_is_an_effect(make_state, casts, card, lands, expected):
    """CR 601.3, 608.2, 603.7: "The next … spell … can be cast as though it had flash" is an effect, no permission.

    It is what the spell does as it resolves, not a permission of its own, and chooses no target.

    Quicken ({U}, draw a card) and Ride the Avalanche ({G}{U}): no target of the spell; Ride the Avalanche's
    "up to one target creature" is its delayed trigger's, chosen when it triggers. P2's end step, P1's Grizzly
    Bears and P2's Raging Goblin on the battlefield: one cast each.
    """
    state = make_state(
        hand=[("spell", card)],
        battlefield=[*((f"l{i}", name) for i, name in enumerate(lands)), "Grizzly Bears"],
        opponent=["Raging Goblin"],
        **THEIR_END,
    )
    assert len(casts(state, "spell")) == expected


@pytest.mark.parametrize(("theirs", "third", "expected"), [(2, None, 1), (1, None, 0), (2, 1, 0), (2, 2, 1)])
def test_even_the_odds_fewer_creatures_than_each_opponent(make_state, casts, theirs, third, expected):
    """CR 601.3: "Cast this spell only if you control fewer creatures than each opponent." (Even the Odds).

    {2}{W} instant, no target, three Plains; P1 controls one Grizzly Bears. P2 with 2 creatures: 1 < 2 = 1 cast;
    with 1: not fewer = 0. A third player P3 with 1: not fewer than each = 0; with 2: 1 < 2 and 1 < 2 = 1.
    """
    players = {} if third is None else {"players": ["P1", "P2", "P3"]}
    p3 = [
        {"id": f"t{i}", "card": "Raging Goblin", "zone": "battlefield", "controller": "P3"} for i in range(third or 0)
    ]
    state = make_state(
        hand=[("odds", "Even the Odds")],
        battlefield=[*((f"p{i}", "Plains") for i in range(3)), "Grizzly Bears"],
        opponent=[(f"o{i}", "Raging Goblin") for i in range(theirs)],
        objects=p3,
        **players,
    )
    assert len(casts(state, "odds")) == expected


@pytest.mark.parametrize(("mine", "expected"), [("Vampire Nighthawk", 2), ("Grizzly Bears", 0)])
def test_drag_to_the_underworld_devotion_to_black(make_state, casts, mine, expected):
    """CR 601.2f, 700.5: "This spell costs {X} less to cast, where X is your devotion to black." ({2}{B}{B}).

    Two Swamps. Vampire Nighthawk ({1}{B}{B}): devotion 2, total {B}{B}; "destroy target creature": the
    Nighthawk or P2's Raging Goblin = 2. Grizzly Bears ({1}{G}) instead: devotion 0, {2}{B}{B} needs 4 = 0.
    """
    state = make_state(
        hand=[("drag", "Drag to the Underworld")], battlefield=[*SWAMPS, mine], opponent=["Raging Goblin"]
    )
    assert len(casts(state, "drag")) == expected


@pytest.mark.parametrize(("counters", "expected"), [({"+1/+1": 1}, 7), ({}, 0)])
def test_volcanic_salvo_total_power(make_state, casts, counters, expected):
    """CR 601.2f, 208, 122.1a: {X} less, "where X is the total power of creatures you control" (Volcanic Salvo).

    {10}{R}{R}, "each of up to two target creatures and/or planeswalkers".

    Five Mountains; P1's Serra Angel (4) and Grizzly Bears (2) with a +1/+1 counter: total power 7, {3}{R}{R}
    = 5 mana; targets among the Angel, the Bears and P2's Raging Goblin, up to two: 1 + 3 + 3 = 7. Without the
    counter: power 6, {4}{R}{R} needs 6 = 0.
    """
    mountains = [(f"m{i}", "Mountain") for i in range(5)]
    state = make_state(
        hand=[("salvo", "Volcanic Salvo")],
        battlefield=[*mountains, "Serra Angel", ("bears", "Grizzly Bears", {"counters": counters})],
        opponent=["Raging Goblin"],
    )
    assert len(casts(state, "salvo")) == expected


def test_draconic_debut_next_spell_reduction_is_an_effect(make_state, casts):
    """CR 601.2f, 608.2: "The next Dragon creature spell you cast costs {X} less to cast." changes later spells.

    Draconic Debut, {X}{R}, "X damage to any target", three Mountains, no creature: X = 0, 1, 2, each at P1 or
    P2 = 3 x 2 = 6; its own cost is not reduced.
    """
    state = make_state(hand=[("debut", "Draconic Debut")], battlefield=[(f"m{i}", "Mountain") for i in range(3)])
    found = casts(state, "debut")
    assert len(found) == 6
    assert {str(c.total_cost) for c in found} == {"{R}", "{1}{R}", "{2}{R}"}


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ("Unforgiving Overtake", "starting player"),
        ("Shove Aside", "starting player"),
    ],
)
def test_what_the_state_does_not_give_is_reported(make_state, card, reason):
    """CR 103.1: the starting player is not in the state: the text stays unsupported."""
    state = make_state(hand=[("spell", card)], battlefield=[(f"l{i}", "Island") for i in range(4)])
    with pytest.raises(UnsupportedRuleError, match=reason):
        legal_casts(state, "spell").count()


@pytest.mark.parametrize(
    ("lands", "active", "expected"),
    [(["Island", "Plains"], "P1", 1), (["Plains", "Plains"], "P1", 0), (["Island", "Island"], "P2", 0)],
)
def test_discontinuity_coloured_reduction_during_your_turn(make_state, casts, lands, active, expected):
    """CR 601.2f, 118.7b-c: "During your turn, this spell costs {2}{U}{U} less to cast." (Discontinuity).

    {3}{U}{U}{U}, no target. P1's turn: {U}{U} off the {U}{U}{U}, {2} off the {3}: {1}{U}; an Island and a
    Plains pay it = 1; two Plains have no {U} = 0. P2's turn: {3}{U}{U}{U} with two lands = 0.
    """
    state = make_state(
        hand=[("disc", "Discontinuity")],
        battlefield=[(f"l{i}", name) for i, name in enumerate(lands)],
        active_player=active,
        priority="P1",
        phase="upkeep",
    )
    found = casts(state, "disc")
    assert len(found) == expected
    assert all(str(c.total_cost) == "{1}{U}" for c in found)


@pytest.mark.parametrize(
    ("spells_cast", "expected"), [({"P2": 2}, 1), ({"P2": 1}, 0), ({"P2": 1, "P3": 1}, 0), ({}, 0)]
)
def test_ertais_scorn_one_opponent_cast_two_spells(make_state, casts, spells_cast, expected):
    """CR 601.2f, 118.7: {U} less "if an opponent cast two or more spells this turn" (Ertai's Scorn).

    Ertai's Scorn, {1}{U}{U}, "counter target spell": P2's Opt on the stack; two Islands. P2 cast two: {1}{U}
    = 1. One: {1}{U}{U} needs 3 = 0. P2 and P3 one each: no one opponent cast two = 0. No fact given: none = 0.
    """
    opt = {"id": "opt", "card": "Opt", "zone": "stack", "owner": "P2", "controller": "P2"}
    players = {"players": ["P1", "P2", "P3"]} if "P3" in spells_cast else {}
    state = make_state(
        hand=[("scorn", "Ertai's Scorn")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        objects=[opt],
        stack=["opt"],
        active_player="P2",
        priority="P1",
        this_turn={"spells_cast": spells_cast},
        **players,
    )
    assert len(casts(state, "scorn")) == expected


def test_a_permission_to_play_cards_from_a_graveyard_is_not_passed_over(make_state):
    """To play a card is to cast it or play it as a land (CR 601.1); Hades's line is not read.

    Hades, Sorcerer of Eld ("During your turn, you may play cards from your graveyard.") on P1's side: the Lightning
    Bolt in P1's graveyard may be cast in P1's turn, so its casts can't be left out: the answer is refused, naming
    Hades, never 2 casts of the Bolt in hand alone.
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("hades", "Hades, Sorcerer of Eld")],
        objects=[{"id": "bolt2", "card": "Lightning Bolt", "zone": "graveyard", "owner": "P1"}],
    )
    with pytest.raises(UnsupportedRuleError, match="Hades"):
        legal_casts(state, "bolt").count()


@pytest.mark.parametrize(("situation", "expected"), [(THEIR_END, 2), ({}, 2), ({"phase": "upkeep"}, 2)])
def test_flash_whose_price_is_a_sacrifice_after_it_resolves(make_state, casts, situation, expected):
    """CR 702.8a, 601.3: flash whose price comes after the spell resolved (Armor of Thorns).

    Armor of Thorns ({1}{G} Aura, "Enchant nonblack creature"): "You may cast this spell as though it had flash.
    If you cast it any time a sorcery couldn't have been cast, the controller of the permanent it becomes
    sacrifices it at the beginning of the next cleanup step." The sacrifice is a delayed trigger at the next
    cleanup step (CR 603.7, 514.3a): nothing the cast pays. Two Forests, P1's Grizzly Bears and P2's Raging
    Goblin (both nonblack): 2 targets at any time P1 could cast an instant, P2's end step and P1's upkeep as in
    P1's main phase = 2.
    """
    forests = [("f1", "Forest"), ("f2", "Forest")]
    state = make_state(
        hand=[("armor", "Armor of Thorns")],
        battlefield=[*forests, "Grizzly Bears"],
        opponent=["Raging Goblin"],
        **situation,
    )
    assert len(casts(state, "armor")) == expected


@pytest.mark.parametrize(
    ("this_turn", "expected"), [({"spells_cast": {"P1": 1}}, 1), ({"spells_cast": {"P2": 2}}, 0), ({}, 0)]
)
def test_a_creature_cast_only_if_another_spell_was_cast(make_state, casts, this_turn, expected):
    """CR 601.3, 604.6: a permanent card's own "Cast this spell only if …" (Hewed Stone Retainers).

    Hewed Stone Retainers ({3} artifact creature): "Cast this spell only if you've cast another spell this
    turn." Three Swamps in P1's main phase: P1 cast one spell this turn = 1 cast (no target); only P2 cast
    spells, or nobody did = 0.
    """
    swamps = [("s1", "Swamp"), ("s2", "Swamp"), ("s3", "Swamp")]
    state = make_state(hand=[("golem", "Hewed Stone Retainers")], battlefield=swamps, this_turn=this_turn)
    assert len(casts(state, "golem")) == expected


@pytest.mark.parametrize(("this_turn", "expected"), [({"creatures_died": 1}, 1), ({}, 0)])
def test_a_cast_only_rule_after_an_ability_word(make_state, casts, this_turn, expected):
    """CR 207.2c, 601.3: "Tragic Backstory — Cast this spell only if a creature died this turn." (Grim Wanderer).

    The ability word has no rules meaning. Grim Wanderer ({1}{B} creature, flash) with two Swamps in P1's main
    phase: a creature died this turn = 1 cast; none = 0.
    """
    swamps = [(f"s{i}", "Swamp") for i in range(2)]
    state = make_state(hand=[("grim", "Grim Wanderer")], battlefield=swamps, this_turn=this_turn)
    assert len(casts(state, "grim")) == expected


@pytest.mark.parametrize(
    ("situation", "blue", "expected"), [(THEIR_END, True, 1), (THEIR_END, False, 0), ({}, False, 1)]
)
def test_flash_as_long_as_a_condition_said_first(make_state, casts, situation, blue, expected):
    """CR 702.8a, 601.3: flash as long as a condition said before it holds (Hungering Yeti).

    Hungering Yeti ({4}{R} creature): "As long as you control a green or blue permanent, you may cast this spell
    as though it had flash." Five Mountains, and Merfolk Looter (a blue creature) when ``blue``; a land is
    colourless (CR 105.2c). On P2's end step: with the Looter 1 cast, without it 0; in P1's main phase as any
    creature: 1.
    """
    mountains = [(f"m{i}", "Mountain") for i in range(5)]
    state = make_state(
        hand=[("yeti", "Hungering Yeti")],
        battlefield=mountains + ([("looter", "Merfolk Looter")] if blue else []),
        **situation,
    )
    assert len(casts(state, "yeti")) == expected


@pytest.mark.parametrize(("wurm", "expected"), [(True, 2), (False, 0)])
def test_flash_if_after_an_ability_word(make_state, casts, wurm, expected):
    """CR 207.2c, 601.3: flash if a condition holds, after an ability word (Dragon Grip).

    Dragon Grip ({2}{R} Aura, "Enchant creature"): "Ferocious — If you control a creature with power 4 or
    greater, you may cast this spell as though it had flash." On P2's end step, three Mountains and P2's Grizzly
    Bears: with P1's Craw Wurm (6/4) the Aura may be cast, at the Wurm or the Bears = 2; without it 0.
    """
    mountains = [(f"m{i}", "Mountain") for i in range(3)]
    state = make_state(
        hand=[("grip", "Dragon Grip")],
        battlefield=mountains + ([("wurm", "Craw Wurm")] if wurm else []),
        opponent=["Grizzly Bears"],
        **THEIR_END,
    )
    assert len(casts(state, "grip")) == expected
