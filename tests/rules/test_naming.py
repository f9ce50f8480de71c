"""Tests of target restrictions beyond kind and controller: what a phrase asks of each target (CR 115.1, 601.2c).

Restrictions tied to X ("target creature with mana value X"): X is announced before targets are chosen
(CR 601.2b, 107.3a), so the legal targets depend on the value announced, and each value of X is its own cast
(STATE_FORMAT.md, "What counts as one cast"). Every count is worked out by hand with the arithmetic in the
docstring; each scenario runs on every backend (the ``casts`` fixture checks they agree).
"""

from __future__ import annotations

import dataclasses

import pytest

from models.cast import Cast
from models.errors import UnsupportedRuleError
from solver.copies import copy_choices
from solver.legal import legal_casts, why_illegal
from solver.resolve import resolve

# Mana values 0, 1, 2, 3 (CR 202.3)
SMALL_CREATURES = [
    ("memnite", "Memnite"),
    ("elves", "Llanowar Elves"),
    ("bears", "Grizzly Bears"),
    ("ogre", "Gray Ogre"),
]


def islands(n: int) -> list[tuple[str, str]]:
    """``n`` Islands with ids i0..i(n-1)."""
    return [(f"i{k}", "Island") for k in range(n)]


def swamps(n: int) -> list[tuple[str, str]]:
    """``n`` Swamps with ids s0..s(n-1)."""
    return [(f"s{k}", "Swamp") for k in range(n)]


def x_and_targets(found: set[Cast]) -> set[tuple[int | None, tuple[str, ...]]]:
    """(X, targets of the one instance) of each cast."""
    return {(cast.x, tuple(t for choice in cast.targets for t in choice.targets)) for cast in found}


# ---------------------------------------------------------------------------------------------- X
@pytest.mark.parametrize(("lands", "expected"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 4)])
def test_mana_value_x_names_the_creatures_of_the_value_announced(make_state, casts, lands, expected):
    """CR 601.2b, 601.2c, 107.3a: Entrancing Melody ({X}{U}{U}) targets a creature whose mana value is X.

    With n Islands, X is at most n - 2. The opponent's creatures have mana values 0, 1, 2, 3 (Memnite, Llanowar
    Elves, Grizzly Bears, Gray Ogre): each X from 0 to n - 2 has exactly the creature of that mana value, so
    the casts are min(n - 1, 4): 2 Islands -> X = 0 -> 1; 3 -> 2; 4 -> 3; 5 -> 4; 6 -> X = 4 has no creature -> 4.
    """
    state = make_state(hand=[("melody", "Entrancing Melody")], battlefield=islands(lands), opponent=SMALL_CREATURES)
    found = casts(state, "melody")
    assert len(found) == expected
    assert all(cast.x == state.object(cast.targets[0].targets[0]).card.mana_value for cast in found)


def test_each_creature_comes_with_its_own_x(make_state, casts):
    """CR 601.2b then 601.2c: the Bears (mana value 2) are a legal target only with X = 2, the Elves only with X = 1.

    Four Islands: X at most 2. The casts are exactly (X=0, Memnite), (X=1, Elves), (X=2, Bears) = 3; Gray Ogre
    (mana value 3) would need X = 3, {3}{U}{U}, five mana.
    """
    state = make_state(hand=[("melody", "Entrancing Melody")], battlefield=islands(4), opponent=SMALL_CREATURES)
    assert x_and_targets(casts(state, "melody")) == {(0, ("memnite",)), (1, ("elves",)), (2, ("bears",))}


@pytest.mark.parametrize(("lands", "expected"), [(3, 1), (4, 1 + 2), (5, 1 + 2 + 3), (6, 1 + 2 + 3 + 4)])
def test_mana_value_x_or_less(make_state, casts, lands, expected):
    """CR 601.2b, 601.2c: Dominate ({X}{1}{U}{U}) targets a creature with mana value X or less.

    With n Islands X is at most n - 3; for each X the creatures of mana value 0..X (of 0, 1, 2, 3) are legal:
    X + 1 of them while X <= 3. 3 Islands: X = 0 -> 1; 4: 1 + 2 = 3; 5: 1 + 2 + 3 = 6; 6: 1 + 2 + 3 + 4 = 10.
    """
    state = make_state(hand=[("dominate", "Dominate")], battlefield=islands(lands), opponent=SMALL_CREATURES)
    assert len(casts(state, "dominate")) == expected


def test_power_x_or_less_counts_counters(make_state, casts):
    """CR 601.2c, 208.1, 122.1a: Killing Glare ({X}{B}) targets a creature with power X or less.

    Four Swamps: X from 0 to 3. Powers: Memnite 1, Grizzly Bears 2, Grizzly Bears with a +1/+1 counter 3, Craw
    Wurm 6. X = 0: none; X = 1: Memnite; X = 2: Memnite, Bears; X = 3: Memnite, Bears, the countered Bears.
    0 + 1 + 2 + 3 = 6.
    """
    state = make_state(
        hand=[("glare", "Killing Glare")],
        battlefield=swamps(4),
        opponent=[
            ("memnite", "Memnite"),
            ("bears", "Grizzly Bears"),
            ("big", "Grizzly Bears", {"counters": {"+1/+1": 1}}),
            ("wurm", "Craw Wurm"),
        ],
    )
    found = casts(state, "glare")
    assert len(found) == 6
    assert (2, ("big",)) not in x_and_targets(found) and (3, ("big",)) in x_and_targets(found)


@pytest.mark.parametrize(("lands", "expected"), [(1, 0), (2, 1), (3, 2)])
def test_spell_with_mana_value_x(make_state, casts, lands, expected):
    """CR 601.2c, 202.3: Spell Blast ({X}{U}) counters a spell whose mana value is X.

    On the stack: Lightning Bolt (mana value 1) and Grizzly Bears (2), both P2's. With n Islands X is at most
    n - 1: 1 Island -> X = 0, no spell of mana value 0 -> 0; 2 -> X = 1: Bolt -> 1; 3 -> also X = 2: Bears -> 2.
    """
    state = make_state(
        hand=[("blast", "Spell Blast")],
        battlefield=islands(lands),
        objects=[
            {"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "zone": "stack", "controller": "P2"},
        ],
        stack=["bolt", "bears"],
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "blast")
    assert len(found) == expected
    assert all(cast.x == {"bolt": 1, "bears": 2}[cast.targets[0].targets[0]] for cast in found)


def test_graveyard_card_with_mana_value_x_or_less(make_state, casts):
    """CR 115.2, 601.2c: Stir the Grave ({X}{B}) returns a creature card with mana value X or less from your graveyard.

    Three Swamps: X from 0 to 2. P1's graveyard: Memnite (0), Grizzly Bears (2), Craw Wurm (6); P2's graveyard
    holds a Memnite too, not P1's. X = 0: Memnite; X = 1: Memnite; X = 2: Memnite, Bears. 1 + 1 + 2 = 4.
    """
    state = make_state(
        hand=[("stir", "Stir the Grave")],
        battlefield=swamps(3),
        objects=[
            {"id": "g_memnite", "card": "Memnite", "zone": "graveyard", "owner": "P1"},
            {"id": "g_bears", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"},
            {"id": "g_wurm", "card": "Craw Wurm", "zone": "graveyard", "owner": "P1"},
            {"id": "theirs", "card": "Memnite", "zone": "graveyard", "owner": "P2"},
        ],
    )
    assert x_and_targets(casts(state, "stir")) == {
        (0, ("g_memnite",)),
        (1, ("g_memnite",)),
        (2, ("g_memnite",)),
        (2, ("g_bears",)),
    }


def test_without_paying_the_mana_cost_x_is_zero(make_state, casts):
    """CR 107.3b, 601.2b: cast without paying its mana cost, X is 0: Entrancing Melody can take only Memnite.

    Mana values 0, 1, 2, 3 on the battlefield; X = 0 names Memnite alone = 1.
    """
    state = make_state(hand=[("melody", "Entrancing Melody")], battlefield=islands(6), opponent=SMALL_CREATURES)
    assert x_and_targets(casts(state, "melody", without_paying_mana_cost=True)) == {(0, ("memnite",))}


def test_a_target_of_another_mana_value_breaks_the_rule_with_x(make_state, casts):
    """CR 601.2c: (X = 1, Grizzly Bears) is no cast of Entrancing Melody; the reason names X and the mana value."""
    state = make_state(hand=[("melody", "Entrancing Melody")], battlefield=islands(4), opponent=SMALL_CREATURES)
    legal = next(cast for cast in casts(state, "melody") if cast.x == 2)
    reasons = why_illegal(state, legal._replace(x=1, total_cost=legal.total_cost))
    assert [r.rule for r in reasons] == ["CR 601.2c"]
    assert "X is 1" in reasons[0].message and "mana value 2" in reasons[0].message


def _melody_on_stack(x: int, target: str) -> dict:
    """An Entrancing Melody on the stack, cast by P1 with this X and target."""
    return {
        "id": "melody",
        "card": "Entrancing Melody",
        "zone": "stack",
        "controller": "P1",
        "cast": {
            "card": "melody",
            "x": x,
            "targets": [{"source": "melody", "phrase": "target creature with mana value x", "targets": [target]}],
        },
    }


@pytest.mark.parametrize(("x", "resolves"), [(2, True), (1, False)])
def test_resolution_rechecks_the_target_with_the_x_announced(make_state, x, resolves):
    """CR 608.2b, 107.3a: on resolution the target is checked again with the X announced as it was cast.

    Grizzly Bears have mana value 2: legal for X = 2; for X = 1 the only target is illegal, so the spell does not
    resolve.
    """
    state = make_state(opponent=[("bears", "Grizzly Bears")], objects=[_melody_on_stack(x, "bears")], stack=["melody"])
    assert resolve(state, "melody").resolves is resolves


def test_a_copy_keeps_x_and_chooses_new_targets_with_it(make_state):
    """CR 707.10, 707.10c: a copy of Entrancing Melody cast with X = 2 may choose a new creature of mana value 2.

    Creatures: two Grizzly Bears (mana value 2) and Llanowar Elves (1). The original targets the first Bears;
    the copy keeps it or takes the other Bears = 2 (the Elves would need X = 1, and X is copied).
    """
    state = make_state(
        opponent=[("bears1", "Grizzly Bears"), ("bears2", "Grizzly Bears"), ("elves", "Llanowar Elves")],
        objects=[_melody_on_stack(2, "bears1")],
        stack=["melody"],
    )
    choices = copy_choices(state, "melody")
    assert choices.count() == 2
    assert {cast.targets[0].targets for cast in choices} == {("bears1",), ("bears2",)}


def test_a_spell_with_x_targets_resolves_with_its_x(make_state):
    """CR 608.2b, 601.2c: Icy Blast cast with X = 1 and one target: resolution reads X from its cast record.

    The one target, Grizzly Bears, is still legal: the spell resolves.
    """
    icy = {
        "id": "icy",
        "card": "Icy Blast",
        "zone": "stack",
        "controller": "P1",
        "cast": {
            "card": "icy",
            "x": 1,
            "targets": [{"source": "icy", "phrase": "x target creatures", "targets": ["bears"]}],
        },
    }
    state = make_state(opponent=[("bears", "Grizzly Bears")], objects=[icy], stack=["icy"])
    assert resolve(state, "icy").resolves


# ---------------------------------------------------------------------------------------------- relations
def _pairs(found: set[Cast]) -> set[tuple[str, ...]]:
    """The set chosen for the one instance of each cast."""
    return {choice.targets for cast in found for choice in cast.targets}


def test_two_creatures_controlled_by_different_players(make_state, casts):
    """CR 115.1, 601.2c: Run Away Together's two creatures must have different controllers.

    P1 controls a, b; P2 controls c, d, e. Pairs of the five: C(5, 2) = 10; pairs with one controller:
    C(2, 2) + C(3, 2) = 4; 10 - 4 = 6 (= 2 x 3).
    """
    state = make_state(
        hand=[("run", "Run Away Together")],
        battlefield=islands(2) + [("a", "Grizzly Bears"), ("b", "Llanowar Elves")],
        opponent=[("c", "Grizzly Bears"), ("d", "Llanowar Elves"), ("e", "Memnite")],
    )
    found = casts(state, "run")
    assert len(found) == 6
    assert all(state.object(x).controller != state.object(y).controller for x, y in _pairs(found))


def test_different_players_with_three_players(make_state, casts):
    """CR 115.1, 601.2c: with P3 controlling f, the pairs across controllers are 2 x 3 + 2 x 1 + 3 x 1 = 11."""
    state = make_state(
        hand=[("run", "Run Away Together")],
        battlefield=islands(2) + [("a", "Grizzly Bears"), ("b", "Llanowar Elves")],
        opponent=[("c", "Grizzly Bears"), ("d", "Llanowar Elves"), ("e", "Memnite")],
        objects=[{"id": "f", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P3"}],
        players=["P1", "P2", "P3"],
    )
    assert len(casts(state, "run")) == 11


def test_any_number_of_creatures_controlled_by_different_players(make_state, casts):
    """CR 115.6, 601.2c: Chaos Mutation chooses at most one creature per player, none included.

    P1 controls a, b; P2 controls c, d, e: for each player none or one of theirs: (2 + 1) x (3 + 1) = 12.
    """
    state = make_state(
        hand=[("chaos", "Chaos Mutation")],
        battlefield=islands(4) + [("m", "Mountain"), ("a", "Grizzly Bears"), ("b", "Llanowar Elves")],
        opponent=[("c", "Grizzly Bears"), ("d", "Llanowar Elves"), ("e", "Memnite")],
    )
    found = casts(state, "chaos")
    assert len(found) == 12
    assert () in _pairs(found)


@pytest.mark.parametrize(("third", "expected"), [([], 3), (["f1", "f2"], 3 + 1)])
def test_two_creatures_controlled_by_the_same_opponent(make_state, casts, third, expected):
    """CR 115.1, 601.2c: Trial of Agony's two creatures are one opponent's; the caster's own never count.

    P1 controls a, b; P2 controls c, d, e: C(3, 2) = 3 pairs. With a P3 controlling two more: + C(2, 2) = 4.
    """
    players = ["P1", "P2", "P3"] if third else ["P1", "P2"]
    state = make_state(
        hand=[("trial", "Trial of Agony")],
        battlefield=[("m", "Mountain"), ("a", "Grizzly Bears"), ("b", "Llanowar Elves")],
        opponent=[("c", "Grizzly Bears"), ("d", "Llanowar Elves"), ("e", "Memnite")],
        objects=[{"id": f, "card": "Grizzly Bears", "zone": "battlefield", "controller": "P3"} for f in third],
        players=players,
    )
    assert len(casts(state, "trial")) == expected


GRAVEYARD_CREATURES = [
    ("g_bears", "Grizzly Bears"),
    ("g_elves", "Llanowar Elves"),
    ("g_mystic", "Elvish Mystic"),
    ("g_outcast", "Changeling Outcast"),
    ("g_bolt", "Lightning Bolt"),
]


def test_two_creature_cards_that_share_a_creature_type(make_state, casts):
    """CR 700.2, 205.3m, 702.73a: Unbury returns one creature card, or two that share a creature type.

    P1's graveyard: Grizzly Bears (Bear), Llanowar Elves and Elvish Mystic (Elf Druid), Changeling Outcast
    (changeling: every creature type), Lightning Bolt (no creature). Mode 1: 4 creature cards = 4. Mode 2: Elves
    and Mystic share Elf and Druid: 1; the Outcast shares a type with each of the other three: 3; Bears with an
    Elf: none. 4 + 1 + 3 = 8.
    """
    state = make_state(
        hand=[("unbury", "Unbury")],
        battlefield=swamps(2),
        objects=[{"id": i, "card": c, "zone": "graveyard", "owner": "P1"} for i, c in GRAVEYARD_CREATURES],
    )
    found = casts(state, "unbury")
    assert len(found) == 8
    two = {pair for pair in _pairs(found) if len(pair) == 2}
    assert two == {
        ("g_elves", "g_mystic"),
        ("g_bears", "g_outcast"),
        ("g_elves", "g_outcast"),
        ("g_mystic", "g_outcast"),
    }


def test_two_creatures_that_share_no_creature_types(make_state, casts):
    """CR 205.3m, 702.73a: Rivals' Duel fights two creatures that share no creature type.

    Grizzly Bears (Bear), Llanowar Elves and Elvish Mystic (Elf Druid), Changeling Outcast (every creature
    type). Bears with either Elf: 2; the Elves share Elf; the Outcast shares a type with all. = 2.
    """
    state = make_state(
        hand=[("duel", "Rivals' Duel")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("m3", "Mountain"), ("m4", "Mountain")],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("elves", "Llanowar Elves"),
            ("mystic", "Elvish Mystic"),
            ("outcast", "Changeling Outcast"),
        ],
    )
    assert _pairs(casts(state, "duel")) == {("bears", "elves"), ("bears", "mystic")}


KINDRED_BOARD = dict(
    battlefield=[("axe", "Obsidian Battle-Axe"), ("orni", "Ornithopter")],
    opponent=[("blossom", "Bitterblossom"), ("bears", "Grizzly Bears"), ("ring", "Sol Ring")],
)


def test_two_permanents_that_share_a_card_type(make_state, casts):
    """CR 205.2a: Shifting Loyalties' two permanents share a card type; Kindred is a card type.

    Bitterblossom (Kindred Enchantment), Obsidian Battle-Axe (Kindred Artifact), Ornithopter (Artifact Creature),
    Grizzly Bears (Creature), Sol Ring (Artifact); mana from the pool, so no land is on the battlefield. Pairs:
    Blossom-Axe (Kindred), Axe-Ornithopter, Axe-Sol Ring, Ornithopter-Sol Ring (Artifact), Ornithopter-Bears
    (Creature) = 5.
    """
    state = make_state(hand=[("shift", "Shifting Loyalties")], mana_pool={"P1": "{C}{C}{C}{C}{C}{U}"}, **KINDRED_BOARD)
    assert _pairs(casts(state, "shift")) == {
        ("axe", "blossom"),
        ("axe", "orni"),
        ("axe", "ring"),
        ("orni", "ring"),
        ("bears", "orni"),
    }


def test_two_permanents_that_share_a_permanent_type(make_state, casts):
    """CR 110.4: Role Reversal's permanents share a permanent type; Kindred is a card type but no permanent type.

    The board of the card-type test: its 5 pairs less Bitterblossom-Battle-Axe, which share only Kindred = 4.
    """
    state = make_state(hand=[("role", "Role Reversal")], mana_pool={"P1": "{U}{U}{R}"}, **KINDRED_BOARD)
    assert _pairs(casts(state, "role")) == {("axe", "orni"), ("axe", "ring"), ("orni", "ring"), ("bears", "orni")}


def test_a_pair_that_breaks_the_relation_is_explained(make_state, casts):
    """CR 601.2c: two creatures of P2 given to Run Away Together: the reason names the relation broken."""
    state = make_state(
        hand=[("run", "Run Away Together")],
        battlefield=islands(2) + [("a", "Grizzly Bears")],
        opponent=[("c", "Grizzly Bears"), ("d", "Llanowar Elves")],
    )
    legal = next(iter(casts(state, "run")))
    chosen = dataclasses.replace(legal.targets[0], targets=("c", "d"))
    reasons = why_illegal(state, legal._replace(targets=(chosen,)))
    assert any("same controller" in r.message and r.rule == "CR 601.2c" for r in reasons)


def test_creature_types_changed_by_a_static_ability_are_not_guessed(make_state):
    """CR 613.1d: Arcane Adaptation adds a chosen creature type; not applied, so Rivals' Duel is unsupported."""
    state = make_state(
        hand=[("duel", "Rivals' Duel")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)] + [("adaptation", "Arcane Adaptation")],
        opponent=[("bears", "Grizzly Bears"), ("elves", "Llanowar Elves")],
    )
    with pytest.raises(UnsupportedRuleError, match="creature types"):
        legal_casts(state, "duel").count()


# ---------------------------------------------------------------------------------------------- qualities
def test_power_or_toughness_4_or_greater(make_state, casts):
    """CR 208.1, 122.1a: Repel Calamity destroys a creature whose power or toughness is 4 or greater.

    Grizzly Bears 2/2 no; Hill Giant 3/3 no; Craw Wurm 6/4 yes; Grizzly Bears with two +1/+1 counters 4/4 yes;
    Wall of Stone 0/8 yes (its toughness) = 3.
    """
    state = make_state(
        hand=[("repel", "Repel Calamity")],
        battlefield=[("p1", "Plains"), ("p2", "Plains")],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("giant", "Hill Giant"),
            ("wurm", "Craw Wurm"),
            ("big", "Grizzly Bears", {"counters": {"+1/+1": 2}}),
            ("wall", "Wall of Stone"),
        ],
    )
    assert _pairs(casts(state, "repel")) == {("wurm",), ("big",), ("wall",)}


def test_creature_spell_with_power_or_toughness_2_or_less(make_state, casts):
    """CR 115.2, 208.1: Stern Scolding counters a creature spell with power or toughness 2 or less.

    On the stack: Grizzly Bears 2/2 yes, Ornithopter 0/2 yes, Hill Giant 3/3 no, Craw Wurm 6/4 no, Lightning
    Bolt (no creature spell) no = 2.
    """
    spells = [
        ("s_bears", "Grizzly Bears"),
        ("s_orni", "Ornithopter"),
        ("s_giant", "Hill Giant"),
        ("s_wurm", "Craw Wurm"),
        ("s_bolt", "Lightning Bolt"),
    ]
    state = make_state(
        hand=[("scold", "Stern Scolding")],
        battlefield=islands(1),
        objects=[{"id": i, "card": c, "zone": "stack", "controller": "P2"} for i, c in spells],
        stack=[i for i, _ in spells],
        active_player="P2",
        priority="P1",
    )
    assert _pairs(casts(state, "scold")) == {("s_bears",), ("s_orni",)}


TOKEN_BOARD = [("bears", "Grizzly Bears"), ("token", "Grizzly Bears", {"token": True})]


def test_up_to_one_target_creature_token(make_state, casts):
    """CR 111.1, 115.3, 115.6: Conduct Electricity: target creature, and up to one target creature token.

    The first instance: the Bears or the token = 2; the second, its own instance: none or the token = 2 (the
    same token may be chosen for both, CR 115.3). 2 x 2 = 4.
    """
    state = make_state(
        hand=[("conduct", "Conduct Electricity")],
        battlefield=[(f"m{i}", "Mountain") for i in range(5)],
        opponent=TOKEN_BOARD,
    )
    assert len(casts(state, "conduct")) == 4


def test_up_to_one_other_target_creature_token(make_state, casts):
    """CR 115.4: Trick Shot's token must be another creature than its first target.

    First the Bears: then none or the token = 2; first the token: then none (no other token) = 1. 2 + 1 = 3.
    """
    state = make_state(
        hand=[("trick", "Trick Shot")], battlefield=[(f"m{i}", "Mountain") for i in range(5)], opponent=TOKEN_BOARD
    )
    assert len(casts(state, "trick")) == 3
