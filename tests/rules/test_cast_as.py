"""Alternative costs that change what the spell is: face down, or bestowed.

Face down (morph, megamorph, disguise; CR 702.37a-c, 702.168a, 708.2, 708.4): the spell is a 2/2 colourless
creature with no text, no name, no subtypes and no mana cost, cast for {3} rather than its mana cost. Bestowed
(CR 702.103a-b, 702.103d, 303.4a): an Aura enchantment spell, not a creature, with enchant creature, cast for the
bestow cost; as an Aura spell it targets the creature it will enchant, with the usual hexproof and protection
checks. Every rule that looks at the spell sees only those characteristics. Each is one more cast, its
alternative cost naming the keyword. Counts are worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.errors import UnsupportedRuleError
from models.io.state_json import state_from_data
from solver.explain import explain_card
from solver.legal import is_legal_cast, legal_casts
from tests.rules.conftest import lands


def costs(found) -> list[tuple[str, str, int]]:
    """(alternative cost, total cost, mana value) of each cast, sorted."""
    return sorted((c.alternative_cost or "", str(c.total_cost), c.mana_value) for c in found)


@pytest.mark.parametrize(
    ("card", "keyword"), [("Karona's Zealot", "morph"), ("Ire Shaman", "megamorph"), ("Forum Familiar", "disguise")]
)
def test_face_down_for_three(make_state, casts, card, keyword):
    """Each keyword lets the card be cast face down for {3} (CR 702.37a, 702.37b, 702.168a).

    Three Plains and three Mountains. Karona's Zealot {4}{W}: 6 lands pay it, and {3}: 2 casts. Ire Shaman
    {1}{R}: 2 casts. Forum Familiar {1}{W}: 2 casts. The face-down cast costs {3} and has mana value 0 (no mana
    cost, CR 202.3a).
    """
    state = make_state(hand=[("c", card)], battlefield=lands("Plains", 3) + lands("Mountain", 3))
    found = costs(casts(state, "c"))
    assert len(found) == 2 and (keyword, "{3}", 0) in found


def test_face_down_only_when_the_mana_cost_cant_be_paid(make_state, casts):
    """Karona's Zealot ({4}{W}, morph) with three Plains: {4}{W} no; {3} yes: 1 cast, face down."""
    state = make_state(hand=[("z", "Karona's Zealot")], battlefield=lands("Plains", 3))
    assert costs(casts(state, "z")) == [("morph", "{3}", 0)]
    state = make_state(hand=[("z", "Karona's Zealot")], battlefield=lands("Plains", 2))
    assert casts(state, "z") == set()


def test_cost_changes_see_the_face_down_spell(make_state, casts):
    """A face-down spell is a colourless creature spell (CR 708.4).

    Willbender ({1}{U}, morph) with Sapphire Medallion ("Blue spells you cast cost {1} less"): face up it is blue,
    {U}; face down it is colourless, {3}. Three Islands: both (2 casts); two Islands: face up only (1).
    Heartless Summoning ("Creature spells you cast cost {2} less") applies to both: {1}{U} -> {U} (the reduction
    takes generic mana only) and {3} -> {1}; one Island pays both: 2 casts.
    """
    medallion = [("med", "Sapphire Medallion")]
    state = make_state(hand=[("wb", "Willbender")], battlefield=lands("Island", 3) + medallion)
    assert costs(casts(state, "wb")) == [("", "{U}", 2), ("morph", "{3}", 0)]
    state = make_state(hand=[("wb", "Willbender")], battlefield=lands("Island", 2) + medallion)
    assert costs(casts(state, "wb")) == [("", "{U}", 2)]
    state = make_state(hand=[("wb", "Willbender")], battlefield=lands("Island", 1) + [("hs", "Heartless Summoning")])
    assert costs(casts(state, "wb")) == [("", "{U}", 2), ("morph", "{1}", 0)]


def test_never_face_down_without_paying_the_mana_cost(make_state):
    """Casting without paying the mana cost is an alternative cost; morph is another: at most one (CR 118.9a).

    Karona's Zealot for free: the face-up cast only: 1.
    """
    state = make_state(hand=[("z", "Karona's Zealot")])
    found = list(legal_casts(state, "z", without_paying_mana_cost=True))
    assert [c.alternative_cost for c in found] == [None]


def test_a_face_down_cast_is_checked_and_explained(make_state):
    """``is_legal_cast`` takes the face-down cast to its own problem; ``explain`` names it.

    Karona's Zealot with two Plains: neither {4}{W} nor {3} can be paid: 0 casts, and the explanation says
    why for the face-down cast too. With three Plains the face-down cast listed is legal when checked alone.
    """
    state = make_state(hand=[("z", "Karona's Zealot")], battlefield=lands("Plains", 3))
    (cast,) = list(legal_casts(state, "z"))
    assert is_legal_cast(state, cast)
    state = make_state(hand=[("z", "Karona's Zealot")], battlefield=lands("Plains", 2))
    assert not is_legal_cast(state, cast)
    explanation = explain_card(state, "z")
    assert explanation.count == 0 and any(r.message.startswith("face down (morph): ") for r in explanation.reasons)


def test_a_spell_on_the_stack_cast_face_down(make_state):
    """A spell cast face down is colourless on the stack (CR 708.4): "counter target blue spell" can't target it.

    P2 casts Willbender (blue) face down; its cast record says morph. P1's Hydroblast-like Blue Elemental
    Blast ("Counter target red spell") is no use; Red Elemental Blast ("Counter target blue spell"): the
    face-down Willbender is colourless: 0 casts; cast face up (no record of morph), it is blue: 1 cast.
    Essence Scatter ("Counter target creature spell") targets the face-down creature spell: 1 cast.
    """
    cast_up = make_state(
        objects=[{"id": "wb", "card": "Willbender", "zone": "hand", "owner": "P2"}]
        + [{"id": f"i{n}", "card": "Island", "zone": "battlefield", "controller": "P2"} for n in range(3)],
        active_player="P2",
        priority="P2",
    )
    morph = next(c for c in legal_casts(cast_up, "wb") if c.alternative_cost == "morph").to_json()
    face_up = next(c for c in legal_casts(cast_up, "wb") if c.alternative_cost is None).to_json()

    def board(record: dict) -> dict:
        return {
            "players": ["P1", "P2"],
            "active_player": "P2",
            "priority": "P1",
            "stack": ["wb"],
            "objects": [
                {"id": "wb", "card": "Willbender", "zone": "stack", "controller": "P2", "cast": record},
                {"id": "reb", "card": "Red Elemental Blast", "zone": "hand", "owner": "P1"},
                {"id": "scatter", "card": "Essence Scatter", "zone": "hand", "owner": "P1"},
                {"id": "m", "card": "Volcanic Island", "zone": "battlefield", "controller": "P1"},
                {"id": "i", "card": "Island", "zone": "battlefield", "controller": "P1"},
            ],
        }

    face_down_state = state_from_data(board(morph))
    assert legal_casts(face_down_state, "reb").count() == 0
    assert legal_casts(face_down_state, "scatter").count() == 1
    assert legal_casts(state_from_data(board(face_up)), "reb").count() == 1


def summary(found) -> list[tuple[str, tuple[str, ...], str]]:
    """(alternative cost, targets, total cost) of each cast, sorted."""
    return sorted(
        (c.alternative_cost or "", tuple(t for choice in c.targets for t in choice.targets), str(c.total_cost))
        for c in found
    )


def test_bestowed_targets_a_creature(make_state, casts):
    """Boon Satyr ({1}{G}{G}, flash, bestow {3}{G}{G}) with five Forests.

    As a creature: 1 cast. Bestowed, it targets a creature: P1's Grizzly Bears or P2's Grizzly Bears: 2. = 3.
    """
    state = make_state(
        hand=[("satyr", "Boon Satyr")],
        battlefield=lands("Forest", 5) + [("mine", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    assert summary(casts(state, "satyr")) == [
        ("", (), "{1}{G}{G}"),
        ("bestow", ("mine",), "{3}{G}{G}"),
        ("bestow", ("theirs",), "{3}{G}{G}"),
    ]


def test_no_creature_no_bestowed_cast(make_state, casts):
    """Boon Satyr with five Forests and no creature: the Aura spell has no legal target (CR 303.4a): 1 cast."""
    state = make_state(hand=[("satyr", "Boon Satyr")], battlefield=lands("Forest", 5))
    assert summary(casts(state, "satyr")) == [("", (), "{1}{G}{G}")]


def test_hexproof_and_protection(make_state, casts):
    """The bestowed Aura targets as any green Aura spell does (CR 702.11b, 702.16b).

    P2's Slippery Bogle (hexproof) can't be targeted by P1's spell; P2's Kird Ape can; P1's own Slippery Bogle
    can (hexproof stops only opponents). Five Forests: creature 1 + bestowed 2 = 3.
    """
    state = make_state(
        hand=[("satyr", "Boon Satyr")],
        battlefield=lands("Forest", 5) + [("mybogle", "Slippery Bogle")],
        opponent=[("bogle", "Slippery Bogle"), ("ape", "Kird Ape")],
    )
    assert summary(casts(state, "satyr")) == [
        ("", (), "{1}{G}{G}"),
        ("bestow", ("ape",), "{3}{G}{G}"),
        ("bestow", ("mybogle",), "{3}{G}{G}"),
    ]


def test_bestowed_is_not_a_creature_spell(make_state, casts):
    """Heartless Summoning ("Creature spells you cast cost {2} less") applies to the creature, not the Aura.

    Boon Satyr with three Forests and a Grizzly Bears: as a creature {1}{G}{G} - {2} = {G}{G} (generic only):
    1; bestowed {3}{G}{G}, five mana, with three Forests: 0. = 1. With five Forests: 1 + 1 (the Bears) = 2.
    """
    board = [("hs", "Heartless Summoning"), ("bears", "Grizzly Bears")]
    state = make_state(hand=[("satyr", "Boon Satyr")], battlefield=lands("Forest", 3) + board)
    assert summary(casts(state, "satyr")) == [("", (), "{G}{G}")]
    state = make_state(hand=[("satyr", "Boon Satyr")], battlefield=lands("Forest", 5) + board)
    assert summary(casts(state, "satyr")) == [("", (), "{G}{G}"), ("bestow", ("bears",), "{3}{G}{G}")]


def test_timing_of_the_bestowed_spell(make_state, casts):
    """An Aura spell without flash is cast at sorcery speed (CR 307.1-style timing for enchantments, 301.1).

    P2's turn, P1 has priority with an empty stack. Boon Satyr has flash: creature 1 + bestowed onto the Bears 1
    = 2. Nighthowler ({1}{B}{B}, bestow {2}{B}{B}, no flash): 0.
    """
    board = lands("Forest", 5) + lands("Swamp", 4) + [("bears", "Grizzly Bears")]
    state = make_state(
        hand=[("satyr", "Boon Satyr"), ("howl", "Nighthowler")], battlefield=board, active_player="P2", priority="P1"
    )
    assert len(casts(state, "satyr")) == 2
    assert casts(state, "howl") == set()


def prototypes(found) -> list[tuple[bool, bool, str, int]]:
    """(prototyped, without paying the mana cost, total cost, mana value) of each cast, sorted."""
    return sorted((c.prototyped, c.without_paying_mana_cost, str(c.total_cost), c.mana_value) for c in found)


def test_prototyped_for_the_prototype_mana_cost(make_state, casts):
    """CR 702.160a, 718.3: a prototype card may be cast normally or prototyped, with the prototype's mana cost.

    Blitz Automaton ({7}, "Prototype {2}{R} — 3/2"). Three Mountains pay {2}{R} and not {7}: 1 cast, prototyped,
    mana value 3 (CR 718.3b, 202.3). Seven Mountains pay both: 1 + 1 = 2 casts. Two Mountains: 0.
    """
    state = make_state(hand=[("b", "Blitz Automaton")], battlefield=lands("Mountain", 3))
    assert prototypes(casts(state, "b")) == [(True, False, "{2}{R}", 3)]
    state = make_state(hand=[("b", "Blitz Automaton")], battlefield=lands("Mountain", 7))
    assert prototypes(casts(state, "b")) == [(False, False, "{7}", 7), (True, False, "{2}{R}", 3)]
    state = make_state(hand=[("b", "Blitz Automaton")], battlefield=lands("Mountain", 2))
    assert casts(state, "b") == set()


def test_the_prototyped_spell_has_the_colour_of_its_mana_cost(make_state, casts):
    """CR 718.3b, 105.2: the prototyped spell is the colour of the prototype's mana cost; the card is colourless.

    Autonomous Assembler ({5}, "Prototype {1}{W} — 2/2") with Pearl Medallion ("White spells you cast cost {1}
    less to cast"): prototyped it is white, {1}{W} - {1} = {W}; cast normally it is colourless, {5} unchanged.
    One Plains pays {W} only: 1 cast, prototyped, still mana value 2 (a cost change is no mana cost, CR 202.3).
    """
    board = lands("Plains", 1) + [("m", "Pearl Medallion")]
    state = make_state(hand=[("a", "Autonomous Assembler")], battlefield=board)
    assert prototypes(casts(state, "a")) == [(True, False, "{W}", 2)]


def test_the_prototyped_spell_has_the_prototype_mana_value(make_state, casts):
    """CR 718.3a-b: only the prototype's mana cost is evaluated to see whether the prototyped spell can be cast.

    Autonomous Assembler ({5}, prototype {1}{W}) with five Plains: 2 casts (mana value 5 and 2). With P2's Void
    Winnower ("Your opponents can't cast spells with even mana values"): mana value 5 is odd, 2 is even: 1 cast,
    not prototyped.
    """
    hand, board = [("a", "Autonomous Assembler")], lands("Plains", 5)
    assert prototypes(casts(make_state(hand=hand, battlefield=board), "a")) == [
        (False, False, "{5}", 5),
        (True, False, "{1}{W}", 2),
    ]
    state = make_state(hand=hand, battlefield=board, opponent=[("vw", "Void Winnower")])
    assert prototypes(casts(state, "a")) == [(False, False, "{5}", 5)]


def test_prototyped_without_paying_the_mana_cost(make_state, casts):
    """CR 702.160a, 118.9: prototype is no alternative cost, so a prototyped spell may be cast without paying.

    Blitz Automaton with Omniscience ("You may cast spells from your hand without paying their mana costs") and
    no land: normally or prototyped, each without paying: 2 casts, mana values 7 and 3. Asked for casts without
    paying the mana cost, the same 2 (prototype is offered there too, unlike morph, CR 118.9a).
    """
    state = make_state(hand=[("b", "Blitz Automaton")], battlefield=[("o", "Omniscience")])
    assert prototypes(casts(state, "b")) == [(False, True, "", 7), (True, True, "", 3)]
    state = make_state(hand=[("b", "Blitz Automaton")])
    found = prototypes(casts(state, "b", without_paying_mana_cost=True))
    assert found == [(False, True, "", 7), (True, True, "", 3)]


def test_a_prototyped_cast_is_checked_read_and_asked(make_state):
    """CR 718.3: ``prototyped`` is part of the cast: written only when true, read back, a prompt of its own.

    Blitz Automaton with seven Mountains: 2 casts. The prototyped one round-trips through JSON and is legal;
    the same choices said of Grizzly Bears (no prototype) are not, for rule CR 718.3. The first prompt is
    ``prototyped``, false and true 1 cast each.
    """
    from models.cast import Cast

    state = make_state(
        hand=[("b", "Blitz Automaton"), ("g", "Grizzly Bears")], battlefield=lands("Mountain", 7) + lands("Forest", 2)
    )
    view = legal_casts(state, "b")
    (proto,) = [c for c in view if c.prototyped]
    (normal,) = [c for c in view if not c.prototyped]
    assert proto.to_json()["prototyped"] is True and "prototyped" not in normal.to_json()
    assert Cast.from_json(proto.to_json()) == proto and is_legal_cast(state, proto)
    bears = next(iter(legal_casts(state, "g")))
    assert "prototyped" not in bears.to_json()
    claimed = bears._replace(prototyped=True)
    assert not is_legal_cast(state, claimed)
    assert "CR 718.3" in [r.rule for r in legal_casts(state, "g").why_illegal(claimed)]
    first = view.options()
    assert first.prompt == "prototyped" and [(o.value, o.count) for o in first.options] == [(False, 1), (True, 1)]


def test_converted_for_more_than_meets_the_eye(make_state, casts):
    """CR 702.162a, 712.8c, 712.11a: cast converted, its back face up, for the cost, rather than its mana cost.

    Prowl, Stoic Strategist ({3}{W}, "More Than Meets the Eye {2}{W}"). Four Plains: the front face for {3}{W}
    and the back face for {2}{W}, 2 casts; the converted spell's mana value is its front face's mana cost's, 4
    (CR 712.8c). Three Plains: converted only, 1. With Omniscience and no land: the front face without paying
    its mana cost, 1; not converted, whose cost is an alternative cost too (CR 118.9a).
    """
    hand = [("p", "Prowl, Stoic Strategist")]
    found = casts(make_state(hand=hand, battlefield=lands("Plains", 4)), "p")
    assert sorted((c.alternative_cost or "", c.halves, str(c.total_cost), c.mana_value) for c in found) == [
        ("", (), "{3}{W}", 4),
        ("more than meets the eye", ("Prowl, Pursuit Vehicle",), "{2}{W}", 4),
    ]
    found = casts(make_state(hand=hand, battlefield=lands("Plains", 3)), "p")
    assert [(c.alternative_cost, c.name) for c in found] == [("more than meets the eye", "Prowl, Pursuit Vehicle")]
    found = casts(make_state(hand=hand, battlefield=[("o", "Omniscience")]), "p")
    assert [(c.alternative_cost, c.without_paying_mana_cost) for c in found] == [(None, True)]


def test_converted_from_another_zone_is_reported(make_state):
    """CR 702.162a works in any zone the card may be cast from: from exile by an effect, not modelled: reported.

    Prowl in exile, which an effect lets P1 cast (``may_cast``): counting it raises UnsupportedRuleError, never
    a count without the converted casts.
    """
    from models.errors import UnsupportedRuleError

    card = {"id": "p", "card": "Prowl, Stoic Strategist", "zone": "exile", "owner": "P1"}
    state = make_state(battlefield=lands("Plains", 4), objects=[{**card, "may_cast": [{"player": "P1"}]}])
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "p").count()


def test_a_prototyped_spell_on_the_stack_is_refused_where_its_qualities_are_read(make_state, card):
    """A prototyped spell on the stack is refused where a target phrase reads its qualities (CR 718.3b).

    It has the prototype's colours and mana value, which other spells' target phrases don't read yet: "counter
    target red spell" at P2's prototyped Blitz Automaton is refused; Counterspell (any spell) counts it: 1 cast
    with two Islands.
    """
    automaton = {"id": "auto", "card": "Blitz Automaton", "zone": "stack", "controller": "P2"}
    automaton["cast"] = {"card": "auto", "zone": "hand", "prototyped": True}
    red_only = card("Red Snuffer", "{U}", "Instant", "Counter target red spell.")
    state = make_state(
        hand=[("counter", "Counterspell"), ("snuff", red_only)],
        battlefield=lands("Island", 2),
        objects=[automaton],
        stack=["auto"],
        active_player="P2",
        priority="P1",
    )
    assert legal_casts(state, "counter").count() == 1
    with pytest.raises(UnsupportedRuleError, match="prototyped"):
        legal_casts(state, "snuff").count()
