"""Tests of solver.rules.targets: legal choices for each instance of "target" (CR 115, 601.2c).

Also hexproof (CR 702.11), protection (702.16), shroud (702.18) and ward
(702.21). Every count is worked out by hand with the arithmetic in a
comment; each scenario runs on both backends.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from models.cast import Cast, TargetChoice
from models.errors import UnsupportedRuleError
from solver.legal import is_legal_cast, legal_casts, why_illegal
from tests.rules.conftest import lands, older_text, one_face

RAY = [("ray", "Glacial Ray")]
TWO_MOUNTAINS = [("m1", "Mountain"), ("m2", "Mountain")]


def chosen(found) -> set[tuple[str, ...]]:
    """The target sets of one-instance casts."""
    return {tuple(t for choice in cast.targets for t in choice.targets) for cast in found}


def bears(n: int, prefix: str = "c") -> list[tuple[str, str]]:
    """``n`` Grizzly Bears with ids ``<prefix>0..``."""
    return [(f"{prefix}{i}", "Grizzly Bears") for i in range(n)]


@pytest.fixture
def walker(card):
    """An inline planeswalker whose text can't bear on targeting."""
    return card("Test Walker", "{2}{W}", "Legendary Planeswalker — Test", "+1: You gain 2 life.")


def test_any_target_is_creatures_players_and_planeswalkers(make_state, casts, walker):
    """CR 115.4: "any target" is a creature, player, planeswalker or battle; not a noncreature artifact."""
    state = make_state(
        hand=RAY,
        battlefield=TWO_MOUNTAINS,
        opponent=[("bears", "Grizzly Bears"), ("walker", walker), ("ring", "Sol Ring"), ("moon", "Bad Moon")],
    )
    found = casts(state, "ray")
    # P1, P2, Grizzly Bears, Test Walker = 4 (Sol Ring, Bad Moon and the Mountains are not).
    assert chosen(found) == {("P1",), ("P2",), ("bears",), ("walker",)}


@pytest.mark.parametrize(
    "liliana",
    [
        # Current wording: loyalty abilities as "[+1]: …", "[−2]: Target player sacrifices a creature." (CR 606.2)
        pytest.param("Liliana of the Veil", id="current"),
        # Older wording: "+1: Each player discards a card.", "−2: Target player sacrifices a creature."
        pytest.param(older_text("Liliana of the Veil"), id="older"),
    ],
)
def test_any_target_includes_a_real_planeswalker(make_state, casts, liliana):
    """CR 115.4: Liliana of the Veil is a legal "any target"; her own abilities don't change that."""
    state = make_state(hand=RAY, battlefield=TWO_MOUNTAINS, opponent=[("bears", "Grizzly Bears"), ("lili", liliana)])
    # P1, P2, Grizzly Bears, Liliana = 4.
    assert len(casts(state, "ray")) == 4


def test_creature_or_player_excludes_planeswalkers(make_state, casts, card, walker):
    """CR 115.1a: "target creature or player" (older wording) means exactly that: no planeswalkers."""
    shock = card("Old Shock", "{R}", "Instant", "Old Shock deals 1 damage to target creature or player.")
    state = make_state(
        hand=[("shock", shock)],
        battlefield=[("m1", "Mountain")],
        opponent=[("bears", "Grizzly Bears"), ("walker", walker)],
    )
    # P1, P2, Grizzly Bears = 3.
    assert chosen(casts(state, "shock")) == {("P1",), ("P2",), ("bears",)}


@pytest.mark.parametrize(("players", "expected"), [(["P1", "P2"], 1), (["P1", "P2", "P3"], 2)])
def test_target_opponent_excludes_the_caster(make_state, casts, players, expected):
    """CR 115.1, 102.2: "target opponent" (Simoon) is any player but the caster."""
    state = make_state(hand=[("simoon", "Simoon")], battlefield=[("m", "Mountain"), ("f", "Forest")], players=players)
    found = casts(state, "simoon")
    # Opponents of P1: players minus P1 -> 1 in a two-player game, 2 with P3.
    assert len(found) == expected
    assert ("P1",) not in chosen(found)


def test_target_player_includes_the_caster(make_state, casts):
    """CR 115.1: "target player" (Dampen Thought) may be the caster: P1 or P2."""
    state = make_state(hand=[("dampen", "Dampen Thought")], battlefield=[("i1", "Island"), ("i2", "Island")])
    assert chosen(casts(state, "dampen")) == {("P1",), ("P2",)}


def test_target_creature_you_control(make_state, casts):
    """CR 115.1, 109.5: Ranger's Guile's "target creature you control" is one of the caster's creatures."""
    state = make_state(
        hand=[("guile", "Ranger's Guile")],
        battlefield=[("f", "Forest"), ("mine1", "Grizzly Bears"), ("mine2", "Llanowar Elves")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    # P1's two creatures = 2.
    assert chosen(casts(state, "guile")) == {("mine1",), ("mine2",)}


@pytest.mark.parametrize(("mine", "theirs"), [(2, 3), (1, 1), (0, 2), (2, 0)])
def test_creature_you_control_and_creature_an_opponent_controls(make_state, casts, mine, theirs):
    """CR 115.1, 115.3: Wild Instincts targets one of your creatures and one an opponent controls."""
    state = make_state(
        hand=[("wild", "Wild Instincts")],
        battlefield=[(f"f{i}", "Forest") for i in range(4)] + bears(mine, "mine"),
        opponent=bears(theirs, "theirs"),
    )
    # Two independent instances: mine x theirs (2x3 = 6, 1x1 = 1, 0x2 = 0, 2x0 = 0).
    assert len(casts(state, "wild")) == mine * theirs


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_two_target_creatures_are_two_different_creatures(make_state, casts, n):
    """CR 115.3: "two target creatures" (Twinstrike) is one instance: a set of 2 different creatures."""
    state = make_state(
        hand=[("twin", "Twinstrike")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)] + [("m", "Mountain")],
        opponent=bears(n),
    )
    found = casts(state, "twin")
    # C(n, 2): 0, 0, 1, 3, 6.
    assert len(found) == math.comb(n, 2)
    assert all(len(cast.targets) == 1 and len(cast.targets[0].targets) == 2 for cast in found)


def test_two_target_lands_counts_every_pair_of_lands(make_state, casts):
    """CR 115.3 (INTERACTIONS A19): Shifting Borders may take any two different lands, the caster's included."""
    state = make_state(
        hand=[("borders", "Shifting Borders")],
        battlefield=[(f"i{i}", "Island") for i in range(4)],
        opponent=[("om", "Mountain")],
    )
    # 4 Islands + 1 opposing Mountain = 5 lands: C(5, 2) = 10.
    assert len(casts(state, "borders")) == 10


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_up_to_two_targets_allows_zero_one_or_two(make_state, casts, n):
    """CR 115.6: "up to two target creatures" (Dual Shot) may choose 0, 1 or 2 different creatures."""
    state = make_state(hand=[("dual", "Dual Shot")], battlefield=[("m", "Mountain")], opponent=bears(n))
    # C(n,0) + C(n,1) + C(n,2): n=0 1, n=1 2, n=2 4, n=3 7.
    assert len(casts(state, "dual")) == 1 + n + math.comb(n, 2)


@pytest.mark.parametrize(("n", "expected"), [(1, 0), (2, 2), (3, 6)])
def test_another_target_creature_must_differ(make_state, casts, card, n, expected):
    """CR 115.4: "another target creature" can't be the creature chosen for the first instance."""
    shift = card(
        "Counter Shift", "{1}{B}", "Instant", "Move all counters from target creature onto another target creature."
    )
    state = make_state(hand=[("shift", shift)], battlefield=[("s1", "Swamp"), ("s2", "Swamp")], opponent=bears(n))
    found = casts(state, "shift")
    # Ordered pairs of different creatures: n x (n - 1): 1 -> 0, 3 -> 3*2 = 6.
    assert len(found) == n * (n - 1) == expected
    assert all(cast.targets[0].targets != cast.targets[1].targets for cast in found)


@pytest.mark.parametrize(
    ("hand", "lands", "expected"),
    [
        # Blood Feud: "Target creature fights another target creature", 3 creatures: 3*2 = 6.
        ([("feud", "Blood Feud")], [(f"m{i}", "Mountain") for i in range(6)], 6),
        # Carom: "... target creature ... another target creature ...", 3 creatures: 6.
        ([("carom", "Carom")], [("p1", "Plains"), ("p2", "Plains")], 6),
    ],
)
def test_another_target_on_real_cards(make_state, casts, hand, lands, expected):
    """CR 115.4: two instances joined by "another" choose two different creatures, in order."""
    state = make_state(hand=hand, battlefield=lands, opponent=bears(3))
    assert len(casts(state, hand[0][0])) == expected


def test_another_target_player(make_state, casts):
    """CR 115.4: Biomantic Mastery's "target player ... another target player": (P1, P2) or (P2, P1)."""
    state = make_state(hand=[("mastery", "Biomantic Mastery")], battlefield=[(f"f{i}", "Forest") for i in range(7)])
    # {4}{G/U}{G/U}{G/U} = 7 Forests; ordered pairs of different players: 2*1 = 2.
    assert len(casts(state, "mastery")) == 2


def test_any_other_target_must_differ(make_state, casts, card):
    """CR 115.4: "any other target" can't repeat the earlier "any target" (as Arc Trail)."""
    arc = card("Arc Test", "{R}", "Sorcery", "Arc Test deals 2 damage to any target and 1 damage to any other target.")
    state = make_state(hand=[("arc", arc)], battlefield=[("m", "Mountain")], opponent=[("bears", "Grizzly Bears")])
    # Candidates P1, P2, Bears: ordered pairs of different ones 3*2 = 6.
    assert len(casts(state, "arc")) == 6


@pytest.mark.parametrize(
    ("spell", "spell_card", "lands", "controller", "expected"),
    [
        # Opponent's Slippery Bogle: not a target for P1's Ray -> P1, P2 = 2.
        ("ray", "Glacial Ray", TWO_MOUNTAINS, "P2", 2),
        # P1's own Bogle: hexproof doesn't stop its controller -> P1, P2, Bogle = 3.
        ("ray", "Glacial Ray", TWO_MOUNTAINS, "P1", 3),
        # Kodama's Might on P1's own Bogle (the only creature) = 1.
        ("might", "Kodama's Might", [("f", "Forest")], "P1", 1),
        # Kodama's Might with only P2's Bogle = 0.
        ("might", "Kodama's Might", [("f", "Forest")], "P2", 0),
    ],
)
def test_hexproof_stops_opponents_only(make_state, casts, spell, spell_card, lands, controller, expected):
    """CR 702.11b: hexproof stops spells of the permanent's controller's opponents, not its controller."""
    bogle = [("bogle", "Slippery Bogle")]
    state = make_state(
        hand=[(spell, spell_card)],
        battlefield=lands + (bogle if controller == "P1" else []),
        opponent=bogle if controller == "P2" else [],
    )
    assert len(casts(state, spell)) == expected


@pytest.mark.parametrize("controller", ["P1", "P2"])
def test_shroud_stops_everyone(make_state, casts, controller):
    """CR 702.18a: Humble Budoka (shroud) can't be targeted by anyone, its controller included."""
    budoka = [("budoka", "Humble Budoka")]
    state = make_state(
        hand=[("might", "Kodama's Might"), ("ray", "Glacial Ray")],
        battlefield=[("f", "Forest")] + TWO_MOUNTAINS + (budoka if controller == "P1" else []),
        opponent=budoka if controller == "P2" else [],
    )
    # Might: no other creature = 0. Ray: P1, P2 = 2.
    assert len(casts(state, "might")) == 0
    assert chosen(casts(state, "ray")) == {("P1",), ("P2",)}


@pytest.mark.parametrize(
    ("spell", "spell_card", "lands", "expected"),
    [
        # Silver Knight has protection from red: red Ray -> P1, P2 = 2.
        ("ray", "Glacial Ray", TWO_MOUNTAINS, 2),
        # green Kodama's Might -> Knight = 1.
        ("might", "Kodama's Might", [("f", "Forest")], 1),
    ],
)
def test_protection_from_a_colour_stops_spells_of_that_colour(make_state, casts, spell, spell_card, lands, expected):
    """CR 702.16b: a permanent with protection from red can't be targeted by red spells, only those."""
    state = make_state(hand=[(spell, spell_card)], battlefield=lands, opponent=[("knight", "Silver Knight")])
    assert len(casts(state, spell)) == expected


@pytest.mark.parametrize(
    ("granted", "expected"),
    [
        ([], 2),  # both Bears
        (["protection from blue"], 1),  # blue Consuming Vortex: only the other Bears
        (["protection from red"], 2),  # not blue: no effect
        (["hexproof"], 1),  # P2's Bears, P1's spell
        (["shroud"], 1),
    ],
)
def test_granted_abilities_are_respected(make_state, casts, granted, expected):
    """CR 613.1f, 702.11b, 702.16b, 702.18a: abilities granted by effects ("granted" in the state) count."""
    state = make_state(
        hand=[("vortex", "Consuming Vortex")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        opponent=[("granted", "Grizzly Bears", {"granted": granted}), ("plain", "Grizzly Bears")],
    )
    found = casts(state, "vortex")
    assert len(found) == expected
    assert ("plain",) in chosen(found)


def test_ward_does_not_remove_a_target(make_state, casts):
    """CR 702.21a: ward is a triggered ability, not a targeting restriction nor a cost of casting."""
    state = make_state(hand=RAY, battlefield=TWO_MOUNTAINS, opponent=[("kappa", "Kappa Cannoneer")])
    found = casts(state, "ray")
    # P1, P2, Kappa Cannoneer (ward {4}) = 3, each for {1}{R}: ward's {4} is not in the total cost.
    assert chosen(found) == {("P1",), ("P2",), ("kappa",)}
    assert {str(cast.total_cost) for cast in found} == {"{1}{R}"}


def test_only_permanents_are_targets(make_state, casts):
    """CR 115.2: a creature card in a graveyard or hand is not a "target creature"."""
    state = make_state(
        hand=[("might", "Kodama's Might"), ("bears_in_hand", "Grizzly Bears")],
        battlefield=[("f", "Forest")],
        objects=[{"id": "dead", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P2"}],
    )
    assert len(casts(state, "might")) == 0


@pytest.mark.parametrize(
    ("spell_card", "text"),
    [
        (None, "Destroy target creature that was dealt damage this turn."),
        ("Crushing Pain", None),  # "… 6 damage to target creature that was dealt damage this turn."
        (None, "Destroy target suspected creature."),  # the state has no suspected status
    ],
)
def test_unreadable_target_phrase_raises(make_state, card, spell_card, text):
    """CR 115.1a: a target phrase the grammar can't read raises UnsupportedRuleError, never zero casts."""
    spell = spell_card or card("Restriction Test", "{1}{B}", "Instant", text)
    state = make_state(
        hand=[("spell", spell)],
        battlefield=[(f"s{i}", "Swamp") for i in range(3)] + [("f", "Forest"), ("mine", "Grizzly Bears")],
        opponent=[("bears", "Grizzly Bears"), ("bears2", "Grizzly Bears")],
    )
    for backend in ("python-constraint", "brute"):
        with pytest.raises(UnsupportedRuleError):
            legal_casts(state, "spell", backend=backend).count()


@pytest.mark.parametrize(
    ("target", "rule"),
    [
        ("ring", "CR 115.1"),  # a noncreature artifact is not "any target"
        ("bogle", "CR 702.11b"),  # opponent's hexproof creature
        ("budoka", "CR 702.18a"),  # shroud
        ("knight", "CR 702.16b"),  # protection from red vs red Ray
    ],
)
def test_why_illegal_names_the_targeting_rule(make_state, target, rule):
    """CR 115.1, 702.11b, 702.18a, 702.16b: why_illegal cites the rule that makes a target illegal."""
    state = make_state(
        hand=RAY,
        battlefield=TWO_MOUNTAINS,
        opponent=[
            ("ring", "Sol Ring"),
            ("bogle", "Slippery Bogle"),
            ("budoka", "Humble Budoka"),
            ("knight", "Silver Knight"),
        ],
    )
    cast = Cast("ray", "Glacial Ray", targets=(TargetChoice("ray", None, 0, 0, "any target", (target,)),))
    assert rule in {reason.rule for reason in why_illegal(state, cast)}
    assert cast not in legal_casts(state, "ray")


def test_why_illegal_same_creature_for_another_target(make_state, card):
    """CR 115.4: choosing one creature for "target creature" and "another target creature" is illegal."""
    shift = card(
        "Counter Shift", "{1}{B}", "Instant", "Move all counters from target creature onto another target creature."
    )
    state = make_state(hand=[("shift", shift)], battlefield=[("s1", "Swamp"), ("s2", "Swamp")], opponent=bears(2))
    same = Cast(
        "shift",
        "Counter Shift",
        targets=(
            TargetChoice("shift", None, 0, 0, "target creature", ("c0",)),
            TargetChoice("shift", None, 0, 1, "another target creature", ("c0",)),
        ),
    )
    assert "CR 115.4" in {reason.rule for reason in why_illegal(state, same)}


def test_a_required_target_must_be_chosen(make_state, casts):
    """CR 601.2c: Glacial Ray requires a target; a proposed cast that chooses none is not legal."""
    state = make_state(hand=RAY, battlefield=TWO_MOUNTAINS)
    assert len(casts(state, "ray")) == 2  # P1 or P2; none without a target
    untargeted = Cast("ray", "Glacial Ray")
    assert untargeted not in legal_casts(state, "ray")
    assert not is_legal_cast(state, untargeted)


FORKED_BOLT = {
    "name": "Forked Bolt",
    "mana_cost": "{R}",
    "type_line": "Sorcery",
    "oracle_text": "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
}
CONE = {
    "name": "Cone of Flame-like",
    "mana_cost": "{R}",
    "type_line": "Sorcery",
    "oracle_text": "This spell deals 3 damage divided as you choose among one, two, or three targets.",
}


def test_divided_damage_each_division_is_a_cast(make_state, casts, basics):
    """CR 601.2d: 2 damage among one or two of P1, P2 and a creature: 3 single targets + C(3,2) pairs at 1 each = 6."""
    state = make_state(
        hand=[("bolt", FORKED_BOLT)], battlefield=basics("Mountain", 1), opponent=[("bear", "Grizzly Bears")]
    )
    found = casts(state, "bolt")
    assert len(found) == 6
    assert {t.division for cast in found for t in cast.targets} == {(2,), (1, 1)}


def test_three_damage_divisions(make_state, casts, basics):
    """CR 601.2d: 3 damage among 1-3 of P1, P2, one creature: 3*1 + C(3,2)*2 (1+2, 2+1) + 1*1 (1+1+1) = 10."""
    state = make_state(hand=[("cone", CONE)], battlefield=basics("Mountain", 1), opponent=[("bear", "Grizzly Bears")])
    assert len(casts(state, "cone")) == 10


def test_a_division_that_does_not_add_up_is_illegal(make_state, basics):
    """CR 601.2d: each target gets at least 1 and the amounts add up to the damage."""
    state = make_state(hand=[("bolt", FORKED_BOLT)], battlefield=basics("Mountain", 1))
    bad = Cast(
        "bolt",
        "Forked Bolt",
        targets=(TargetChoice("bolt", None, 0, 0, "2 damage divided", ("P1", "P2"), division=(2, 1)),),
    )
    assert "CR 601.2d" in {r.rule for r in why_illegal(state, bad)}
    good = bad._replace(targets=(bad.targets[0].__class__("bolt", None, 0, 0, "x", ("P1", "P2"), division=(1, 1)),))
    assert not why_illegal(state, good)


def test_you_dont_control(make_state, casts, basics):
    """CR 115.1, 109.5: Prey Upon: 'target creature you control' (2) x 'target creature you don't control' (3) = 6."""
    state = make_state(
        hand=[("prey", "Prey Upon")],
        battlefield=basics("Forest", 1) + [("mine1", "Grizzly Bears"), ("mine2", "Grizzly Bears")],
        opponent=[("t1", "Grizzly Bears"), ("t2", "Grizzly Bears"), ("t3", "Grizzly Bears")],
    )
    found = casts(state, "prey")
    assert len(found) == 6
    assert {cast.targets[1].targets[0] for cast in found} == {"t1", "t2", "t3"}


@pytest.mark.parametrize(("owner", "expected"), [("P2", 2), ("P1", 3)])
def test_hexproof_from_a_colour(make_state, casts, basics, owner, expected):
    """CR 702.11d: hexproof from red stops P1's red spell from targeting P2's creature, not P1's own.

    Glacial Ray at P2's creature with hexproof from red: P1, P2 only (2); at P1's own such creature: P1,
    P2, the creature (3).
    """
    creature = ("bear", "Grizzly Bears", {"granted": ["hexproof from red"]})
    state = make_state(
        hand=[("ray", "Glacial Ray")],
        battlefield=basics("Mountain", 2) + ([creature] if owner == "P1" else []),
        opponent=[creature] if owner == "P2" else [],
    )
    assert len(casts(state, "ray")) == expected


@pytest.mark.parametrize(("owner", "expected"), [("P2", 1), ("P1", 2)])
def test_hexproof_from_enchantments_stops_an_opponents_aura(make_state, casts, basics, owner, expected):
    """CR 702.11d, 303.4a: Jaheira, Harper Emissary: "Hexproof from artifacts and enchantments".

    Pacifism (an enchantment Aura spell, "Enchant creature") with P2's Grizzly Bears: at P2's Jaheira it can't
    aim, only the Bears (1); at P1's own Jaheira it can, Jaheira or the Bears (2).
    """
    jaheira = ("jaheira", "Jaheira, Harper Emissary")
    state = make_state(
        hand=[("pacifism", "Pacifism")],
        battlefield=basics("Plains", 2) + ([jaheira] if owner == "P1" else []),
        opponent=[("bears", "Grizzly Bears")] + ([jaheira] if owner == "P2" else []),
    )
    assert len(casts(state, "pacifism")) == expected


@pytest.mark.parametrize(("spell", "expected"), [("Lightning Bolt", 2), ("Lightning Helix", 3)])
def test_hexproof_from_monocolored(make_state, casts, basics, spell, expected):
    """CR 702.11d, 105.4: Sphinx of the Guildpact, P2's: "Hexproof from monocolored".

    Lightning Bolt (red alone) can't target it: P1 or P2 (2). Lightning Helix (red and white) can: P1, P2 or the
    Sphinx (3).
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=basics("Mountain", 1) + basics("Plains", 1),
        opponent=[("sphinx", "Sphinx of the Guildpact")],
    )
    assert len(casts(state, "spell")) == expected


def test_hexproof_from_monocolored_given_by_an_equipment(make_state, casts, basics):
    """CR 702.11d, 613.1f: hexproof from monocolored given by Dragonfire Blade.

    "Equipped creature gets +2/+2 and has hexproof from monocolored." P2's Grizzly Bears equipped with it:
    Lightning Bolt (red alone) has P1 and P2 as targets, not the Bears (2).
    """
    state = make_state(
        hand=[("bolt", "Lightning Bolt")],
        battlefield=basics("Mountain", 1),
        opponent=[("bears", "Grizzly Bears"), ("blade", "Dragonfire Blade", {"attached_to": "bears"})],
    )
    assert len(casts(state, "bolt")) == 2


def _graveyard(owner: str, *cards: tuple[str, str]) -> list[dict]:
    return [{"id": object_id, "card": name, "zone": "graveyard", "owner": owner} for object_id, name in cards]


def test_target_card_in_your_graveyard(make_state, casts, basics):
    """CR 115.2: 'target creature card from your graveyard' names creature cards in P1's graveyard only.

    Raise Dead with two creature cards (and an instant) in P1's graveyard and one in P2's: 2.
    """
    state = make_state(
        hand=[("raise", "Raise Dead")],
        battlefield=basics("Swamp", 1),
        objects=_graveyard("P1", ("g1", "Grizzly Bears"), ("g2", "Silver Knight"), ("g3", "Opt"))
        + _graveyard("P2", ("g4", "Grizzly Bears")),
    )
    found = casts(state, "raise")
    assert {cast.targets[0].targets for cast in found} == {("g1",), ("g2",)}


@pytest.mark.parametrize(
    ("graveyard", "expected"),
    [
        ([], 1),  # Soulless Revival can't be spliced: no creature card (CR 702.47b)
        ([("g1", "Grizzly Bears")], 2),  # Reach alone, or with Soulless Revival returning the Bears
    ],
)
def test_splice_needs_its_graveyard_target(make_state, casts, basics, graveyard, expected):
    """CR 702.47b (INTERACTIONS A4): a card can't be spliced when its own target can't be chosen."""
    state = make_state(
        hand=[("mists", "Reach Through Mists"), ("revival", "Soulless Revival")],
        battlefield=basics("Island", 1) + basics("Swamp", 2),
        objects=_graveyard("P1", *graveyard),
    )
    assert len(casts(state, "mists")) == expected


def test_two_targets_controlled_by_the_same_player(make_state, casts, basics):
    """CR 601.2c, 115.3: Barrin's Spite's two different creatures have one controller.

    P1's 2 creatures C(2,2) = 1 + P2's 3 creatures C(3,2) = 3 -> 4 (mixed pairs are not allowed).
    """
    state = make_state(
        hand=[("spite", "Barrin's Spite")],
        battlefield=basics("Island", 2) + basics("Swamp", 2) + [("m1", "Grizzly Bears"), ("m2", "Grizzly Bears")],
        opponent=[("t1", "Grizzly Bears"), ("t2", "Grizzly Bears"), ("t3", "Grizzly Bears")],
    )
    found = casts(state, "spite")
    assert {cast.targets[0].targets for cast in found} == {("m1", "m2"), ("t1", "t2"), ("t1", "t3"), ("t2", "t3")}
    mixed = next(iter(found))._replace(targets=(TargetChoice("spite", None, 0, 0, "x", ("m1", "t1")),))
    assert "CR 601.2c" in {r.rule for r in why_illegal(state, mixed)}


LEYLINE = {
    "name": "Leyline of Sanctity-like",
    "mana_cost": "{2}{W}{W}",
    "type_line": "Enchantment",
    "oracle_text": "You have hexproof.",
}
CLOAK = {
    "name": "True Believer-like",
    "mana_cost": "{W}{W}",
    "type_line": "Creature — Human Cleric",
    "oracle_text": "You have shroud.",
    "power": "2",
    "toughness": "2",
}


@pytest.mark.parametrize(
    ("p2_has", "p1_has", "expected"),
    [
        ([], [], {("P1",), ("P2",)}),
        ([("ley", LEYLINE)], [], {("P1",)}),  # P2 has hexproof: not P1's target (CR 702.11c)
        ([], [("ley", LEYLINE)], {("P1",), ("P2",)}),  # P1 has hexproof: P1 may still target P1
        ([], [("cloak", CLOAK)], {("P2",)}),  # P1 has shroud: nobody may target P1 (CR 702.18b)
    ],
)
def test_player_hexproof_and_shroud(make_state, casts, basics, p2_has, p1_has, expected):
    """CR 702.11c, 702.18b: 'You have hexproof/shroud' on a permanent protects its controller."""
    state = make_state(hand=[("spike", "Lava Spike")], battlefield=basics("Mountain", 1) + p1_has, opponent=p2_has)
    assert {cast.targets[0].targets for cast in casts(state, "spike")} == expected


def test_any_number_of_targets_is_every_subset(make_state, casts, basics):
    """CR 115.6, 601.2c: 'any number of target' cards is every subset, the empty one included.

    Gravepurge, 'any number of target creature cards from your graveyard', with three creature cards in
    P1's graveyard: 2^3 = 8.
    """
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(3)]
    state = make_state(hand=[("purge", "Gravepurge")], battlefield=basics("Swamp", 3), objects=graveyard)
    found = casts(state, "purge")
    assert len(found) == 8
    assert () in {cast.targets[0].targets for cast in found}


@pytest.mark.parametrize("cards", [17, 63, 64, 70])
def test_any_number_of_targets_over_many_candidates_is_counted_not_listed(make_state, basics, cards):
    """CR 115.6: 'any number of target' among n candidates is every subset: 2^n casts, counted without a list.

    Gravepurge with ``cards`` creature cards in P1's graveyard and no other choice: 2^17 = 131,072, and
    2^70 for 70 cards (once a MemoryError from 64 candidates on, an UnsupportedRuleError from 17). Every
    set, the empty one and all 70 cards included, is legal; a card named twice is not.
    """
    graveyard = [{"id": f"g{i:02}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(cards)]
    state = make_state(hand=[("purge", "Gravepurge")], battlefield=basics("Swamp", 3), objects=graveyard)
    view = legal_casts(state, "purge")
    assert view.count() == 2**cards
    first = next(iter(view))
    assert first.targets[0].targets == ()
    every_card = tuple(o["id"] for o in graveyard)
    everything = first._replace(targets=(dataclasses.replace(first.targets[0], targets=every_card),))
    twice = first._replace(targets=(dataclasses.replace(first.targets[0], targets=("g00", "g00")),))
    assert everything in view and twice not in view
    sample = view.sample(random.Random(5))
    assert sample in view and is_legal_cast(state, sample)


def test_x_targets_follow_the_announced_x(make_state, casts, basics):
    """CR 601.2b then 601.2c: Death Denied's X, announced first, is how many targets it has.

    Death Denied ({X}{B}{B}, 'X target creature cards from your graveyard') with 4 Swamps (X <= 2) and
    3 creature cards: X=0: 1 + X=1: 3 + X=2: C(3,2) = 3 -> 7.
    """
    graveyard = [{"id": f"g{i}", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"} for i in range(3)]
    state = make_state(hand=[("denied", "Death Denied")], battlefield=basics("Swamp", 4), objects=graveyard)
    found = casts(state, "denied")
    assert len(found) == 7
    assert all(len(cast.targets[0].targets) == cast.x for cast in found)


# ---------------------------------------------------------------- qualities of targets (CR 115.1, 105, 205, 110.5)
THREE_SWAMPS = [("s1", "Swamp"), ("s2", "Swamp"), ("s3", "Swamp")]


def test_nonblack_creatures_two_of_three(make_state, casts):
    """CR 105.2, 115.3: Reckless Spite destroys two different nonblack creatures."""
    state = make_state(
        hand=[("spite", "Reckless Spite")],
        battlefield=THREE_SWAMPS + [("mine", "Grizzly Bears")],
        opponent=[("b1", "Grizzly Bears"), ("b2", "Hill Giant"), ("skel", "Drudge Skeletons")],
    )
    found = casts(state, "spite")
    # Nonblack creatures: mine, b1, b2 (Drudge Skeletons is black): C(3,2) = 3 pairs.
    assert chosen(found) == {("b1", "b2"), ("b1", "mine"), ("b2", "mine")}


def test_nonartifact_nonblack_needs_both(make_state, casts):
    """CR 205.2, 105.2: Terror's "nonartifact, nonblack creature" excludes artifact and black creatures."""
    state = make_state(
        hand=[("terror", "Terror")],
        battlefield=THREE_SWAMPS[:2],
        opponent=[("bears", "Grizzly Bears"), ("jugg", "Juggernaut"), ("skel", "Drudge Skeletons")],
    )
    # Juggernaut is an artifact, Drudge Skeletons is black: only Grizzly Bears = 1.
    assert chosen(casts(state, "terror")) == {("bears",)}


def test_non_subtypes(make_state, casts):
    """CR 205.3m: Victim of Night's "non-Vampire, non-Werewolf, non-Zombie creature" excludes Zombies."""
    state = make_state(
        hand=[("victim", "Victim of Night")],
        battlefield=THREE_SWAMPS,
        opponent=[("bears", "Grizzly Bears"), ("zombie", "Scathe Zombies"), ("kami", "Kami of Ancient Law")],
    )
    # Grizzly Bears (Bear) and Kami of Ancient Law (Spirit) = 2; Scathe Zombies is a Zombie.
    assert chosen(casts(state, "victim")) == {("bears",), ("kami",)}


def test_a_subtype_alone_names_permanents_of_it(make_state, casts):
    """CR 205.3m: Rend Spirit's "target Spirit" is any Spirit permanent, whoever controls it."""
    state = make_state(
        hand=[("rend", "Rend Spirit")],
        battlefield=THREE_SWAMPS + [("mykami", "Kami of Ancient Law")],
        opponent=[("bears", "Grizzly Bears"), ("kami", "Kami of Ancient Law")],
    )
    # Spirits: mykami and kami = 2.
    assert chosen(casts(state, "rend")) == {("mykami",), ("kami",)}


def test_spell_subtypes_or(make_state, casts, card):
    """CR 205.3k, 115.1: Hisoka's Defiance counters a Spirit or an Arcane spell, not Lightning Bolt."""
    state = make_state(
        hand=[("defiance", "Hisoka's Defiance")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        objects=[
            {"id": "ray", "card": "Glacial Ray", "zone": "stack", "controller": "P2"},
            {"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"},
            {"id": "kami", "card": "Kami of Ancient Law", "zone": "stack", "controller": "P2"},
        ],
        stack=["ray", "bolt", "kami"],
    )
    # Glacial Ray is Arcane, Kami of Ancient Law a Spirit creature spell, Lightning Bolt neither: 2.
    assert chosen(casts(state, "defiance")) == {("ray",), ("kami",)}


def test_coloured_spell_or_permanent_modes(make_state, casts):
    """CR 700.2, 105.2: Blue Elemental Blast counters a red spell or destroys a red permanent."""
    state = make_state(
        hand=[("beb", "Blue Elemental Blast")],
        battlefield=[("i1", "Island")],
        opponent=[("goblin", "Mons's Goblin Raiders"), ("bears", "Grizzly Bears"), ("m", "Mountain")],
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
    )
    # mode 1: the red spell Lightning Bolt (1); mode 2: red permanents: the Goblin (a Mountain is colourless) (1) = 2.
    assert chosen(casts(state, "beb")) == {("bolt",), ("goblin",)}


def test_power_counts_counters(make_state, casts):
    """CR 208.1, 122.1a: Smite the Monstrous needs power 4 or greater, +1/+1 counters included."""
    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=[(f"p{i}", "Plains") for i in range(4)],
        opponent=[
            ("bears", "Grizzly Bears"),
            ("big", "Grizzly Bears", {"counters": {"+1/+1": 2}}),
            ("giant", "Hill Giant"),
            ("wurm", "Craw Wurm"),
            ("shrunk", "Craw Wurm", {"counters": {"-1/-1": 3}}),
        ],
    )
    # Bears 2, Bears+2 = 4 (yes), Hill Giant 3, Craw Wurm 6 (yes), Craw Wurm-3 = 3: two legal.
    assert chosen(casts(state, "smite")) == {("big",), ("wurm",)}


def test_keyword_quality_includes_granted_abilities(make_state, casts):
    """CR 702.9, 613.1f: Plummet's "creature with flying" includes a creature granted flying."""
    state = make_state(
        hand=[("plummet", "Plummet")],
        battlefield=[("f1", "Forest"), ("f2", "Forest")],
        opponent=[
            ("air", "Air Elemental"),
            ("bears", "Grizzly Bears"),
            ("winged", "Grizzly Bears", {"granted": ["flying"]}),
        ],
    )
    # Air Elemental has flying; the second Bears gained it: 2.
    assert chosen(casts(state, "plummet")) == {("air",), ("winged",)}


def test_status_qualities(make_state, casts):
    """CR 110.5, 506.4: "target tapped creature" and "target attacking creature" read the object's status."""
    board = [
        ("tapped", "Grizzly Bears", {"tapped": True}),
        ("untapped", "Grizzly Bears"),
        ("attacker", "Hill Giant", {"attacking": True, "tapped": True}),
    ]
    mine = make_state(hand=[("compulsion", "Murderous Compulsion")], battlefield=THREE_SWAMPS, opponent=board)
    # Sorcery in P1's main phase. Tapped: tapped and attacker = 2.
    assert chosen(casts(mine, "compulsion")) == {("tapped",), ("attacker",)}
    theirs = make_state(
        hand=[("rebuke", "Rebuke")],
        battlefield=[(f"p{i}", "Plains") for i in range(3)],
        opponent=board,
        active_player="P2",
        priority="P1",
        phase="combat",
    )
    # Instant in P2's combat. Attacking: attacker = 1.
    assert chosen(casts(theirs, "rebuke")) == {("attacker",)}


def test_legendary_creature_card_in_graveyard(make_state, casts):
    """CR 205.4, 115.2: Goryo's Vengeance returns a legendary creature card from the caster's graveyard."""
    state = make_state(
        hand=[("goryo", "Goryo's Vengeance")],
        battlefield=THREE_SWAMPS[:2],
        objects=[
            {"id": "isamaru", "card": "Isamaru, Hound of Konda", "zone": "graveyard", "owner": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "zone": "graveyard", "owner": "P1"},
            {"id": "theirs", "card": "Isamaru, Hound of Konda", "zone": "graveyard", "owner": "P2"},
        ],
    )
    # Legendary creature cards in P1's graveyard: isamaru = 1 (Bears isn't legendary; P2's Isamaru isn't P1's).
    assert chosen(casts(state, "goryo")) == {("isamaru",)}


def test_where_a_target_goes_is_not_a_restriction(make_state, casts):
    """CR 115.1: Griptide's "on top of its owner's library" says where it goes, not what may be chosen."""
    state = make_state(
        hand=[("griptide", "Griptide")],
        battlefield=[(f"i{i}", "Island") for i in range(4)],
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    # Both creatures = 2.
    assert chosen(casts(state, "griptide")) == {("bears",), ("giant",)}


def test_why_illegal_names_the_quality(make_state):
    """CR 115.1: a target without the named quality is refused with the phrase in the reason."""
    state = make_state(
        hand=[("terror", "Terror")], battlefield=THREE_SWAMPS[:2], opponent=[("skel", "Drudge Skeletons")]
    )
    choice = TargetChoice("terror", None, 0, 0, "target nonartifact, nonblack creature", ("skel",))
    cast = Cast("terror", "Terror", targets=(choice,))
    reasons = why_illegal(state, cast)
    assert [r.rule for r in reasons] == ["CR 115.1"]
    assert "nonartifact, nonblack" in str(reasons[0])


def test_spell_or_creature(make_state, casts):
    """CR 115.1, 700.2: Brutal Expulsion's "target spell or creature" chooses a spell or a creature."""
    state = make_state(
        hand=[("expel", "Brutal Expulsion")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("bears", "Grizzly Bears"), ("ring", "Sol Ring")],
        active_player="P2",
        priority="P1",
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
    )
    found = casts(state, "expel")
    # Mode 1: bolt or bears = 2 (Sol Ring is no creature); mode 2: bears = 1; both: 2 * 1 = 2. 2 + 1 + 2 = 5.
    assert len(found) == 5


def test_spell_or_permanent_never_itself(make_state, casts):
    """CR 115.5: Chaoslace's "target spell or permanent" may be any spell but itself, or any permanent."""
    state = make_state(
        hand=[("lace", "Chaoslace")],
        battlefield=[("m1", "Mountain")],
        opponent=[("bears", "Grizzly Bears")],
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    # Permanents: m1, bears; spells: bolt (Chaoslace itself is not on the stack yet, and never its own target) = 3.
    assert chosen(casts(state, "lace")) == {("m1",), ("bears",), ("bolt",)}


def test_spell_or_ability_list_chooses_spells(make_state, casts):
    """CR 113.7a, 115.1: Voidslime's choices are the spells on the stack, the only objects there.

    Voidslime's "target spell, activated ability, or triggered ability": the state's stack holds spells
    only, so those are the choices.
    """
    state = make_state(
        hand=[("slime", "Voidslime")],
        battlefield=[("f", "Forest"), ("i1", "Island"), ("i2", "Island")],
        objects=[
            {"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "zone": "stack", "controller": "P2"},
        ],
        stack=["bolt", "bears"],
        active_player="P2",
        priority="P1",
    )
    # Two spells on the stack = 2.
    assert chosen(casts(state, "slime")) == {("bolt",), ("bears",)}


def _bolt(object_id: str, target: str, controller: str = "P2") -> dict:
    """A Lightning Bolt on the stack with the cast record of its one target."""
    return {
        "id": object_id,
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": controller,
        "cast": {"card": object_id, "targets": [{"source": object_id, "phrase": "any target", "targets": [target]}]},
    }


def test_spell_with_a_single_target(make_state, casts):
    """CR 115.9a, 702.172a: Return the Favor's second mode needs a spell that chose exactly one target.

    A creature spell chose none.
    """
    state = make_state(
        hand=[("favor", "Return the Favor")],
        battlefield=[(f"m{i}", "Mountain") for i in range(4)],
        objects=[_bolt("bolt", "P1"), {"id": "bears", "card": "Grizzly Bears", "zone": "stack", "controller": "P2"}],
        stack=["bolt", "bears"],
        active_player="P2",
        priority="P1",
    )
    found = casts(state, "favor")
    # Mode 1 (copy an instant or sorcery spell): bolt = 1. Mode 2 (a spell with a single target): bolt = 1
    # (Grizzly Bears targets nothing). Both: 1 * 1 = 1, for {R}{R}+{1}+{1} = four Mountains. 1 + 1 + 1 = 3.
    assert len(found) == 3


def test_spell_that_targets_a_player(make_state, casts, card):
    """CR 115.9b: Outwit counters a spell that targets a player, not one that targets a creature."""
    state = make_state(
        hand=[("outwit", "Outwit")],
        battlefield=[("i1", "Island")],
        opponent=[("bears", "Grizzly Bears")],
        objects=[_bolt("at_me", "P1"), _bolt("at_bears", "bears")],
        stack=["at_me", "at_bears"],
        active_player="P2",
        priority="P1",
    )
    # at_me targets P1 (a player) = 1; at_bears targets a creature.
    assert chosen(casts(state, "outwit")) == {("at_me",)}


def test_what_a_spell_targets_must_be_given(make_state):
    """CR 115.9: a spell on the stack whose text targets, given without its cast record, can't be judged."""
    state = make_state(
        hand=[("outwit", "Outwit")],
        battlefield=[("i1", "Island")],
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    with pytest.raises(UnsupportedRuleError, match="cast record"):
        legal_casts(state, "outwit").count()


FLYERS = [("air", "Air Elemental"), ("monster", "Phantom Monster"), ("sprites", "Scryb Sprites")]


@pytest.mark.parametrize(
    ("opponent", "expected"),
    [
        # 3 flyers (the Bears have no flying): one gets 3: 3; two share 3 as 1+2 or 2+1: C(3,2) * 2 = 6;
        # all three get 1 each: 1; total 10.
        (FLYERS + [("bear", "Grizzly Bears")], 3 + 3 * 2 + 1),
        # one flyer with hexproof: 2 flyers: 2 + C(2,2) * 2 = 4.
        (FLYERS[:2] + [("sprites", "Scryb Sprites", {"granted": ["hexproof"]})], 2 + 1 * 2),
        # no flyer: no legal target, no cast.
        ([("bear", "Grizzly Bears")], 0),
    ],
)
def test_divided_damage_among_restricted_targets(make_state, casts, basics, opponent, expected):
    """CR 601.2d, 115.1: Aerial Volley, 3 damage among one, two, or three target creatures with flying."""
    state = make_state(hand=[("volley", "Aerial Volley")], battlefield=basics("Forest", 1), opponent=opponent)
    found = casts(state, "volley")
    assert len(found) == expected
    assert all(
        sum(t.division) == 3 and set(t.targets) <= {"air", "monster", "sprites"} for cast in found for t in cast.targets
    )


def test_divided_damage_at_a_creature_without_flying_is_illegal(make_state, basics):
    """CR 115.1: Grizzly Bears has no flying: not a legal target for Aerial Volley."""
    state = make_state(
        hand=[("volley", "Aerial Volley")],
        battlefield=basics("Forest", 1),
        opponent=FLYERS + [("bear", "Grizzly Bears")],
    )
    phrase = "3 damage divided as you choose among one, two, or three target creatures with flying"
    cast = Cast(
        "volley",
        "Aerial Volley",
        targets=(TargetChoice("volley", None, 0, 0, phrase, ("air", "bear"), division=(2, 1)),),
    )
    assert {r.rule for r in why_illegal(state, cast)} == {"CR 115.1"}


def test_distribute_counters_in_a_mode(make_state, casts):
    """CR 601.2d, 700.2: Abzan Charm; creatures: P1's Bears, P2's Air Elemental (4/4) and Scryb Sprites (1/1)."""
    state = make_state(
        hand=[("charm", "Abzan Charm")],
        battlefield=[("p", "Plains"), ("s", "Swamp"), ("f", "Forest"), ("bear", "Grizzly Bears")],
        opponent=[("air", "Air Elemental"), ("sprites", "Scryb Sprites")],
    )
    found = casts(state, "charm")
    # mode 1, power 3 or greater: Air Elemental = 1; mode 2, no target = 1;
    # mode 3, two counters: one creature gets 2: 3; two get 1 each: C(3,2) = 3; so 6. Total 1 + 1 + 6 = 8.
    assert len(found) == 8
    assert sorted(len([c for c in found if c.modes == (m,)]) for m in range(3)) == [1, 1, 6]
    bad = Cast(
        "charm",
        "Abzan Charm",
        modes=(2,),
        targets=(
            TargetChoice(
                "charm",
                2,
                0,
                0,
                "distribute two +1/+1 counters among one or two target creatures",
                ("air", "bear"),
                division=(2, 1),
            ),
        ),
    )
    reasons = why_illegal(state, bad)
    assert [r.rule for r in reasons] == ["CR 601.2d"]
    assert "2 +1/+1 counters must be divided" in reasons[0].message


def test_distribute_counters_among_any_number(make_state, casts, basics):
    """CR 601.2d: Blessings of Nature, four +1/+1 counters among any number of 5 creatures: at most 4 targets.

    One target: 5; two: C(5,2) * 3 (1+3, 2+2, 3+1) = 30; three: C(5,3) * 3 (a 2 and two 1s) = 30;
    four: C(5,4) * 1 = 5; five would need 5 counters. Total 70.
    """
    state = make_state(
        hand=[("blessings", "Blessings of Nature")],
        battlefield=basics("Forest", 5) + [("bear1", "Grizzly Bears"), ("bear2", "Grizzly Bears")],
        opponent=[("air", "Air Elemental"), ("sprites", "Scryb Sprites"), ("bear3", "Grizzly Bears")],
    )
    found = casts(state, "blessings")
    assert len(found) == 5 + 30 + 30 + 5
    assert max(len(t.targets) for cast in found for t in cast.targets) == 4


def test_list_of_kinds_with_and_or(make_state, casts):
    """CR 115.1, 115.3: Ghostly Flicker's "two target artifacts, creatures, and/or lands you control"."""
    state = make_state(
        hand=[("flicker", "Ghostly Flicker")],
        battlefield=[("i1", "Island"), ("i2", "Island"), ("i3", "Island"), ("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears"), ("ring", "Sol Ring")],
    )
    # P1's lands and creatures: i1, i2, i3, mine = 4; two different ones: C(4, 2) = 6 (nothing of P2's).
    assert len(casts(state, "flicker")) == 6


def test_static_type_change_is_unsupported(make_state):
    """CR 613.1d: "target creature" with Living Lands on the battlefield is unsupported rather than wrong.

    With Living Lands ("All Forests are 1/1 creatures that are still lands.") the Forests are creatures;
    that effect is not applied.
    """
    state = make_state(
        hand=[("ray", "Glacial Ray")],
        battlefield=TWO_MOUNTAINS + [("f", "Forest")],
        opponent=[("lands", "Living Lands")],
    )
    with pytest.raises(UnsupportedRuleError, match="613.1d"):
        legal_casts(state, "ray").count()


def test_grant_of_hexproof_to_others(make_state):
    """CR 702.11b, 613.1f: Drogskol Captain's "Other Spirit creatures you control … have hexproof".

    The opponent's Captain gives their Kami of Ancient Law (a Spirit) hexproof: Glacial Ray ({1}{R}, any target)
    can't target it. Its targets are P1, P2 and the Captain itself ("other"): 3 casts.
    """
    state = make_state(
        hand=RAY, battlefield=TWO_MOUNTAINS, opponent=[("captain", "Drogskol Captain"), ("kami", "Kami of Ancient Law")]
    )
    targets = sorted(t.targets for cast in legal_casts(state, "ray") for t in cast.targets)
    assert targets == [("P1",), ("P2",), ("captain",)]


def test_land_or_qualified_creature(make_state, casts):
    """CR 115.1, 105.2: Befoul's "target land or nonblack creature": any land, or a creature that isn't black."""
    state = make_state(
        hand=[("befoul", "Befoul")],
        battlefield=[(f"s{i}", "Swamp") for i in range(4)],
        opponent=[("forest", "Forest"), ("bears", "Grizzly Bears"), ("skel", "Drudge Skeletons")],
    )
    # Lands: four Swamps and the Forest = 5; nonblack creatures: the Bears = 1 (Drudge Skeletons is black). 6.
    assert len(casts(state, "befoul")) == 6


def test_spell_of_one_of_several_card_types(make_state, casts):
    """Annul: "Counter target artifact or enchantment spell" (CR 115.1, 205.2a).

    On the stack: Sol Ring (artifact), Pacifism (enchantment), Grizzly Bears (creature), all P2's. Annul may
    target Sol Ring or Pacifism: 2 casts.
    """
    stack = [
        {"id": "ring", "card": "Sol Ring", "zone": "stack", "controller": "P2"},
        {"id": "aura", "card": "Pacifism", "zone": "stack", "controller": "P2"},
        {"id": "bear", "card": "Grizzly Bears", "zone": "stack", "controller": "P2"},
    ]
    state = make_state(
        hand=[("annul", "Annul")],
        battlefield=[("i", "Island")],
        objects=stack,
        stack=["ring", "aura", "bear"],
        active_player="P2",
        priority="P1",
    )
    assert {t for c in casts(state, "annul") for choice in c.targets for t in choice.targets} == {"ring", "aura"}


def test_target_without_a_keyword(make_state, casts):
    """Tidal Surge: "Tap up to three target creatures without flying" (CR 702.9): the bears, never the bird.

    {1}{U} with two Islands. Two Grizzly Bears and a Birds of Paradise (flying): subsets of the two bears of
    size 0 to 2 = 1 + 2 + 1 = 4 casts.
    """
    state = make_state(
        hand=[("surge", "Tidal Surge")],
        battlefield=[("i1", "Island"), ("i2", "Island")],
        opponent=[("b1", "Grizzly Bears"), ("b2", "Grizzly Bears"), ("bird", "Birds of Paradise")],
    )
    found = casts(state, "surge")
    assert len(found) == 4 and all("bird" not in choice.targets for c in found for choice in c.targets)


def test_graveyard_card_with_mana_value_or_less(make_state, casts):
    """Unearth: "Return target creature card with mana value 3 or less from your graveyard" (CR 202.3).

    P1's graveyard: Grizzly Bears (2), Hill Giant (4), Lightning Bolt (1, an instant): Grizzly Bears only: 1 cast.
    """
    cards = [
        {"id": n, "card": c, "zone": "graveyard", "owner": "P1"}
        for n, c in (("gb", "Grizzly Bears"), ("hg", "Hill Giant"), ("lb", "Lightning Bolt"))
    ]
    state = make_state(hand=[("un", "Unearth")], battlefield=[("s", "Swamp")], objects=cards)
    assert {t for c in casts(state, "un") for choice in c.targets for t in choice.targets} == {"gb"}


def test_cards_from_a_single_graveyard(make_state, casts):
    """Cease's "up to two target cards from a single graveyard": every card chosen has one owner (CR 115.1).

    Cease's half as a one-faced card (the card data lacks Cease // Desist's other half). P1's graveyard: Opt,
    Shock; P2's: Lightning Bolt. Sets of up to two cards with one owner (CR 115.1): none,
    three singles, and {Opt, Shock}: 5; times target player P1 or P2: 10 casts. {Opt, Lightning Bolt} is never
    chosen.
    """
    cards = [
        {"id": i, "card": c, "zone": "graveyard", "owner": o}
        for i, c, o in (("opt", "Opt", "P1"), ("shock", "Shock", "P1"), ("bolt", "Lightning Bolt", "P2"))
    ]
    state = make_state(
        hand=[("cease", one_face("Cease"))], battlefield=[("s", "Swamp"), ("f", "Forest")], objects=cards
    )
    found = casts(state, "cease")
    chosen = {frozenset(c.targets[0].targets) for c in found}
    assert len(found) == 10 and chosen == {
        frozenset(),
        frozenset({"opt"}),
        frozenset({"shock"}),
        frozenset({"bolt"}),
        frozenset({"opt", "shock"}),
    }


def test_no_creature_is_blocking_outside_combat(make_state, casts):
    """ "Target attacking or blocking creature" outside the combat phase (CR 511.3, 509.1).

    Impeccable Timing (3 damage to target attacking or blocking creature) in P1's postcombat main phase, P2's
    Grizzly Bears not attacking: no creature attacks or blocks outside combat: 0 casts. Vanquish (destroy
    target blocking creature) likewise: 0.
    """
    state = make_state(
        hand=[("timing", "Impeccable Timing"), ("vanquish", "Vanquish")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains")],
        opponent=[("bears", "Grizzly Bears")],
        phase="postcombat_main",
    )
    assert casts(state, "timing") == set()
    assert casts(state, "vanquish") == set()


def test_blocking_is_not_known_during_combat(make_state):
    """During combat the state does not say which creatures block: "blocking creature" is unsupported, not guessed.

    P2 attacks with Grizzly Bears; P1, with priority, casts Vanquish: P1's Hill Giant may be blocking.
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    state = make_state(
        hand=[("vanquish", "Vanquish")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains"), ("giant", "Hill Giant")],
        opponent=[("bears", "Grizzly Bears", {"attacking": True})],
        phase="combat",
        active_player="P2",
        priority="P1",
    )
    with pytest.raises(UnsupportedRuleError, match="blocking"):
        legal_casts(state, "vanquish").count()


def test_choose_any_number_of_target_creatures(make_state, casts):
    """ "Choose any number of target creatures." is "any number of target creatures" (CR 115.1, 601.2c).

    Cauldron Haze ({1}{W}{B}) with P1's and P2's Grizzly Bears: every subset of the two, none included:
    2^2 = 4 casts.
    """
    state = make_state(
        hand=[("haze", "Cauldron Haze")],
        battlefield=[("p", "Plains"), ("s", "Swamp"), ("s2", "Swamp"), ("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    assert len(casts(state, "haze")) == 4


def test_a_third_target_differs_from_both_before_it(make_state, casts):
    """Cone of Flame: 1 damage to any target, 2 to another target, 3 to a third target (CR 115.4).

    Five Mountains; P1, P2 and P2's Grizzly Bears: three candidates, each instance a different one, in order:
    3 x 2 x 1 = 6 casts. Without the Bears, two candidates for three different targets: 0.
    """
    mountains = [(f"m{i}", "Mountain") for i in range(5)]
    state = make_state(hand=[("cone", "Cone of Flame")], battlefield=mountains, opponent=[("bears", "Grizzly Bears")])
    found = casts(state, "cone")
    assert len(found) == 6 and all(len({t for ch in c.targets for t in ch.targets}) == 3 for c in found)
    state = make_state(hand=[("cone", "Cone of Flame")], battlefield=mountains)
    assert casts(state, "cone") == set()


def test_white_and_or_blue_creatures(make_state, casts):
    """ "Target white and/or blue creatures": white, blue or both (CR 105.2, 115.1).

    Ignite Disorder (3 damage divided among one, two, or three such creatures) with P2's Savannah Lions (white),
    Storm Crow (blue) and Goblin Piker (red): {Lions} 3 to it: 1; {Crow}: 1; both: 3 as 1+2 or 2+1: 2; = 4.
    """
    state = make_state(
        hand=[("ignite", "Ignite Disorder")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("lions", "Savannah Lions"), ("crow", "Storm Crow"), ("piker", "Goblin Piker")],
    )
    assert len(casts(state, "ignite")) == 4


def test_a_verb_right_after_the_target_phrase():
    """ "Up to three target lands don't untap …": "don't" is what the targets do, not a restriction (CR 115.1).

    Rubble (an aftermath half) reads one instance of up to three target lands, any controller.
    """
    from models.abilities import ControllerFilter, TargetKind
    from models.io.card_pool import default_card_database
    from models.oracle.parser import parse_card

    abilities = parse_card(default_card_database().get("Rubble"))
    (spec,) = [t for i in abilities.spell_text for t in i.targets]
    assert not abilities.casting_unsupported
    assert (spec.count, spec.minimum, spec.kinds, spec.controller) == (
        3,
        0,
        frozenset({TargetKind.LAND}),
        ControllerFilter.ANY,
    )


def test_a_quality_before_two_card_types_of_a_graveyard_card():
    """ "Target monocolored instant or sorcery card from your graveyard": monocolored, and instant or sorcery.

    Maestros Confluence's first mode (CR 105.2, 115.1, 205.2a): two clauses that both hold.
    """
    from models.abilities import Quality
    from models.io.card_pool import default_card_database
    from models.objects import CardType
    from models.oracle.parser import parse_card

    abilities = parse_card(default_card_database().get("Maestros Confluence"))
    spec = abilities.modes[0].instruction.targets[0]
    assert not abilities.casting_unsupported and spec.qualities is not None
    assert set(spec.qualities.clauses) == {
        frozenset({Quality("colors", "monocolored")}),
        frozenset({Quality("type", CardType.INSTANT), Quality("type", CardType.SORCERY)}),
    }


@pytest.mark.parametrize(("on_stack", "expected"), [(True, 1), (False, 0)])
def test_meddle_targets_any_spell(make_state, on_stack, expected):
    """Meddle's one target is a spell (CR 115.1); what that spell targets is checked as Meddle resolves (608.2b).

    "If target spell has only one target and that target is a creature, change that spell's target to another
    creature." P2's Lightning Bolt on the stack: 1 cast (2 Islands pay {1}{U}); none: 0.
    """
    bolt = [{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}]
    extra = {"objects": bolt, "stack": ["bolt"], "active_player": "P2", "priority": "P1"} if on_stack else {}
    state = make_state(hand=[("meddle", "Meddle")], battlefield=lands("Island", 2), **extra)
    assert legal_casts(state, "meddle").count() == expected


@pytest.mark.parametrize(("spell", "expected"), [("Lightning Bolt", 4), ("Unsummon", 2), ("Giant Growth", 3)])
def test_protection_from_three_colours_in_a_list(make_state, casts, basics, spell, expected):
    """CR 702.16a-b: Oversoul of Dusk: "Protection from blue, from black, and from red".

    P1's Grizzly Bears; P2's Oversoul and Raging Goblin. Lightning Bolt (red, any target): P1, P2, the Bears,
    the Goblin (4); Unsummon (blue, target creature): the Bears, the Goblin (2); Giant Growth (green): the Bears,
    the Goblin, the Oversoul (3).
    """
    state = make_state(
        hand=[("spell", spell)],
        battlefield=basics("Mountain", 1) + basics("Island", 1) + basics("Forest", 1) + [("bears", "Grizzly Bears")],
        opponent=[("oversoul", "Oversoul of Dusk"), ("goblin", "Raging Goblin")],
    )
    assert len(casts(state, "spell")) == expected
