"""Tests of solver.rules.costs: the costs announced before targets, and the cost terms (CR 601.2b, 601.2f, 118).

A spell with no mana cost (CR 118.6); optional additional costs, paid once (kicker, CR 702.33a; buyback,
CR 702.27a) or any number of times (multikicker, CR 702.33c); two kicker costs, and text linked to one of them
(CR 702.33b, 702.33f); alternative costs, at most one (CR 118.9, 118.9a):
awaken (CR 702.113), a Shoal's card exiled (its X the card's mana value, CR 107.3), overload (CR 702.96).
Choices a cast can't have are refused. Every count is worked out by hand with the arithmetic in a comment; each
scenario runs on both backends.
"""

from __future__ import annotations

import pytest

from models.cast import Cast, TargetChoice
from solver.legal import why_illegal


@pytest.mark.parametrize(
    ("lands", "free", "expected"),
    [
        ([("i1", "Island"), ("i2", "Island"), ("i3", "Island")], False, 0),  # no mana cost: unpayable
        ([], False, 0),
        ([("i1", "Island"), ("i2", "Island"), ("i3", "Island")], True, 1),  # the alternative cost
        ([], True, 1),
    ],
)
def test_a_card_with_no_mana_cost(make_state, casts, lands, free, expected):
    """CR 118.6, 118.6a: Evermind can't be cast by paying its (nonexistent) mana cost, only without paying it."""
    state = make_state(hand=[("ever", "Evermind")], battlefield=lands)
    found = casts(state, "ever", without_paying_mana_cost=free)
    assert len(found) == expected
    assert all(cast.mana_value == 0 for cast in found)  # CR 202.3a


def test_why_illegal_no_mana_cost_cites_118_6(make_state):
    """CR 118.6: the normal cast of Evermind is illegal because its cost can't be paid."""
    state = make_state(hand=[("ever", "Evermind")], battlefield=[("i1", "Island"), ("i2", "Island")])
    assert "CR 118.6" in {reason.rule for reason in why_illegal(state, Cast("ever", "Evermind"))}


@pytest.mark.parametrize(
    ("lands", "expected"),
    [
        ({"Island": 3}, 1),  # {2}{U}: unkicked only; no target in the unkicked text
        ({"Island": 3, "Swamp": 2}, 3),  # + kicked ({1}{B} more): 'target player' (P1 or P2) chosen only then
    ],
)
def test_kicker_and_kicked_only_targets(make_state, casts, basics, lands, expected):
    """CR 702.33a, 702.33g: Probe's kicker is an optional additional cost; its target exists only if kicked."""
    battlefield = [land for name, count in lands.items() for land in basics(name, count)]
    state = make_state(hand=[("probe", "Probe")], battlefield=battlefield)
    found = casts(state, "probe")
    assert len(found) == expected
    assert all(bool(cast.targets) == bool(cast.times_paid("kicker")) for cast in found)
    assert all(cast.mana_value == 3 for cast in found)  # CR 202.3: kicker never counts


def test_kicker_adds_its_cost(make_state, casts, basics):
    """CR 702.33a, 601.2f: Dismantling Blow ({2}{W}, kicker {2}{U}) at Sol Ring or Bad Moon: 2 unkicked + 2 kicked."""
    state = make_state(
        hand=[("blow", "Dismantling Blow")],
        battlefield=basics("Plains", 5) + basics("Island", 1),
        opponent=[("ring", "Sol Ring"), ("moon", "Bad Moon")],
    )
    found = casts(state, "blow")
    assert len(found) == 4
    assert {str(cast.total_cost) for cast in found if cast.times_paid("kicker")} == {"{4}{W}{U}"}
    unkicked = next(c for c in found if not c.times_paid("kicker"))
    assert not why_illegal(state, unkicked._replace(additional_costs=(("kicker", 1),)))  # 6 lands pay {4}{W}{U}
    poor = make_state(
        hand=[("blow", "Dismantling Blow")], battlefield=basics("Plains", 3), opponent=[("ring", "Sol Ring")]
    )
    assert "CR 601.2h" in {r.rule for r in why_illegal(poor, unkicked._replace(additional_costs=(("kicker", 1),)))}


# ---------------------------------------------------------------- two kicker costs (CR 702.33b, 702.33f)
def test_text_linked_to_one_of_two_kickers_names_it(make_state, casts, card, basics):
    """CR 702.33f: "if this spell was kicked with its {U} kicker" links the target to that kicker cost only.

    An inline card, {R} instant: "Kicker {1}{R} and/or {U}. ~ deals 1 damage to any target. If this spell was kicked
    with its {U} kicker, tap target creature." Two Mountains and an Island (3 mana); P2 has Grizzly Bears. Any
    target: P1, P2 or the Bears (3 choices).
    - no kicker, {R}: 3 casts;
    - the {1}{R} kicker, {1}{R}{R} (R and R from the Mountains): 3 casts, no second target;
    - the {U} kicker, {R}{U}: 3 x the Bears tapped = 3 casts, each with a second target;
    - both, {1}{R}{R}{U} = 4 mana > 3: none.
    3 + 3 + 3 = 9 casts, of which the 3 with the {U} kicker tap the Bears.
    """
    spark = card(
        "Linked Spark",
        "{R}",
        "Instant",
        "Kicker {1}{R} and/or {U}\nLinked Spark deals 1 damage to any "
        "target. If this spell was kicked with its {U} kicker, tap target creature.",
    )
    state = make_state(
        hand=[("spark", spark)],
        battlefield=basics("Mountain", 2) + basics("Island", 1),
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "spark")
    assert len(found) == 9
    tapping = [c for c in found if len(c.targets) == 2 and c.targets[1].targets]
    assert len(tapping) == 3
    assert all(c.additional_costs == (("kicker {U}", 1),) for c in tapping)


def test_illuminate_counts_each_kicker_and_x(make_state, casts, basics):
    """CR 702.33b, 107.3: Illuminate ({X}{R}, kicker {2}{R} and/or {3}{U}) targets one creature.

    Seven lands (4 Mountains, 3 Islands), two creatures (P2's Grizzly Bears and Hill Giant). Per target:
    - no kicker, X + 1 <= 7: X = 0..6, 7 casts;
    - the {2}{R} kicker, X + 4 <= 7 (R and R from Mountains): X = 0..3, 4 casts;
    - the {3}{U} kicker, X + 5 <= 7: X = 0..2, 3 casts;
    - both, X + 8 > 7: none.
    (7 + 4 + 3) x 2 targets = 28 casts.
    """
    state = make_state(
        hand=[("ill", "Illuminate")],
        battlefield=basics("Mountain", 4) + basics("Island", 3),
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    assert len(casts(state, "ill")) == 28


# ---------------------------------------------------------------- awaken (CR 702.113), an alternative cost (CR 118.9)
def test_awaken_is_an_alternative_cost_with_a_land_target(make_state, casts):
    """CR 702.113a-b, 118.9: Coastal Discovery's awaken cost adds a target; the mana value stays 4.

    Coastal Discovery ({3}{U}) or its awaken cost {5}{U}, which adds "target land you control"; the mana
    value stays 4 (CR 118.9c).
    """
    islands = [(f"i{i}", "Island") for i in range(6)]
    state = make_state(hand=[("discovery", "Coastal Discovery")], battlefield=islands, opponent=[("theirs", "Forest")])
    found = casts(state, "discovery")
    # Normal cast: no target, 1. Awakened for {5}{U} (six Islands pay it): one of P1's six lands, 6. 1 + 6 = 7.
    assert len(found) == 7
    awakened = [c for c in found if c.alternative_cost == "awaken"]
    assert len(awakened) == 6 and {str(c.total_cost) for c in awakened} == {"{5}{U}"}
    assert {c.mana_value for c in found} == {4}


def test_awaken_needs_its_cost_and_never_with_another_alternative_cost(make_state, casts):
    """CR 702.113a, 118.9a: with five Islands only the normal cast; cast without paying its mana cost, no awaken."""
    state = make_state(hand=[("discovery", "Coastal Discovery")], battlefield=[(f"i{i}", "Island") for i in range(5)])
    # {5}{U} needs six mana: only the normal cast, 1.
    assert len(casts(state, "discovery")) == 1
    # Without paying its mana cost: one alternative cost only, so no awaken: 1.
    free = casts(state, "discovery", without_paying_mana_cost=True)
    assert len(free) == 1 and not any(c.alternative_cost == "awaken" for c in free)
    from models.cast import Cast
    from solver.legal import why_illegal

    free_awaken = Cast("discovery", "", alternative_cost="awaken", without_paying_mana_cost=True)
    rules = [r.rule for r in why_illegal(state, free_awaken, without_paying_mana_cost=True)]
    assert "CR 118.9a" in rules
    # asked without the permission, the free cast is illegal for that alone too: nothing grants it (CR 118.9)
    assert "CR 118.9" in [r.rule for r in why_illegal(state, free_awaken)]


def test_choices_a_cast_cannot_have_are_refused(make_state):
    """CR 601.2h, 702.113a: taps, returns or an awaken cost on a spell without such costs make a cast illegal."""
    from models.cast import Cast
    from solver.legal import legal_casts, why_illegal

    state = make_state(
        hand=[("ray", "Glacial Ray")], battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("bears", "Grizzly Bears")]
    )
    legal = next(iter(legal_casts(state, "ray")))
    for changed in (
        legal._replace(taps=("bears",)),
        legal._replace(returns=("bears",)),
        legal._replace(alternative_cost="awaken"),
    ):
        assert changed not in legal_casts(state, "ray")
        assert why_illegal(state, changed)
    assert legal in legal_casts(state, "ray") and isinstance(legal, Cast)


# ---------------------------------------------------------------- a static ability that may change power (CR 613.4)


def test_power_quality_reads_an_anthem_of_its_controller(make_state):
    """CR 613.4c, 611.3a: "Spirit creatures you control get +1/+1" (Long-Forgotten Gohei) applies in layer 7c.

    Smite the Monstrous: "Destroy target creature with power 4 or greater", {3}{W}, four Plains. The opponent's
    Gohei makes their Geist of the Moors (a 3/1 Spirit) 4/2: a legal target. Grizzly Bears (2/2, no Spirit) stays 2/2;
    the caster's own Geist is not the Gohei's controller's: 3/1. Gohei itself is no creature. One cast.
    """
    from solver.legal import legal_casts

    state = make_state(
        hand=[("smite", "Smite the Monstrous")],
        battlefield=[(f"p{i}", "Plains") for i in range(4)] + [("mine", "Geist of the Moors")],
        opponent=[("gohei", "Long-Forgotten Gohei"), ("bears", "Grizzly Bears"), ("geist", "Geist of the Moors")],
    )
    casts = list(legal_casts(state, "smite"))
    assert [tuple(t.targets for t in c.targets) for c in casts] == [(("geist",),)]


# ---------------------------------------------------------------- multikicker (CR 702.33c)
CHALICE = {
    "name": "Everflowing Chalice",
    "mana_cost": "{0}",
    "type_line": "Artifact",
    "oracle_text": "Multikicker {2} (You may pay an additional {2} any number of times as you cast this "
    "spell.)\nEverflowing Chalice enters the battlefield with a charge counter on it for "
    "each time it was kicked.\n{T}: Add {C} for each charge counter on Everflowing Chalice.",
}


def test_multikicker_any_number_of_times(make_state, casts):
    """CR 702.33c: each number of times Everflowing Chalice is kicked is its own cast.

    Everflowing Chalice ({0}, multikicker {2}) with seven Islands: kicked 0, 1, 2 or 3 times
    (3 * {2} = 6 <= 7 < 8): 4 casts.
    """
    state = make_state(hand=[("chalice", CHALICE)], battlefield=[(f"i{i}", "Island") for i in range(7)])
    found = casts(state, "chalice")
    kicks = sorted(
        (c.times_paid("multikicker"), c.times_paid("multikicker") > 0, str(c.total_cost) or "{0}") for c in found
    )
    assert kicks == [(0, False, "{0}"), (1, True, "{2}"), (2, True, "{4}"), (3, True, "{6}")]
    from solver.legal import why_illegal

    kicked_three_times = next(c for c in found if c.times_paid("multikicker") == 3)
    assert why_illegal(state, kicked_three_times._replace(additional_costs=(("multikicker", 4),)))


# ---------------------------------------------------------------- an alternative cost written on the card (CR 118.9)
def test_shoal_exiles_a_card_instead_of_paying(make_state, casts):
    """CR 118.9, 107.3: Blazing Shoal's X is the mana value of the red card it exiles.

    Blazing Shoal ({X}{R}{R}) cast by exiling a red card with mana value X from the hand: X is then that
    card's mana value, whatever mana is available.
    """
    state = make_state(
        hand=[
            ("shoal", "Blazing Shoal"),
            ("giant", "Hill Giant"),
            ("bolt", "Lightning Bolt"),
            ("bears", "Grizzly Bears"),
        ],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "shoal")
    # Target creature: theirs = 1. Paying {X}{R}{R} with two Mountains: X = 0 only -> 1.
    # Exiling Hill Giant (red, mana value 4): X = 4 -> 1; Lightning Bolt (red, 1): X = 1 -> 1; Grizzly Bears is green.
    # 1 + 1 + 1 = 3.
    assert sorted((c.x, c.exiles, str(c.total_cost) or "{0}") for c in found) == [
        (0, (), "{R}{R}"),
        (1, ("bolt",), "{0}"),
        (4, ("giant",), "{0}"),
    ]
    assert {c.mana_value for c in found} == {2, 3, 6}  # CR 202.3e: X counts as announced: 0+2, 1+2, 4+2


def test_shoal_never_with_another_alternative_cost(make_state, casts):
    """CR 118.9a: cast without paying its mana cost, a Shoal can't also exile a card; X is 0 (CR 107.3b)."""
    state = make_state(
        hand=[("shoal", "Blazing Shoal"), ("giant", "Hill Giant")], opponent=[("theirs", "Grizzly Bears")]
    )
    free = casts(state, "shoal", without_paying_mana_cost=True)
    assert [(c.x, c.exiles) for c in free] == [(0, ())]


# ---------------------------------------------------------------- overload (CR 702.96), an alternative cost
def test_overload_replaces_target_with_each(make_state, casts):
    """CR 702.96a-b: Weapon Surge targets one creature, or is overloaded with no target.

    Weapon Surge ({R}, overload {1}{R}): one creature P1 controls as its target, or overloaded with no
    target at all.
    """
    state = make_state(
        hand=[("surge", "Weapon Surge")],
        battlefield=[("m1", "Mountain"), ("m2", "Mountain"), ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
        opponent=[("theirs", "Grizzly Bears")],
    )
    found = casts(state, "surge")
    # {R}: target creature you control, b1 or b2 = 2; overloaded for {1}{R}: no target = 1. 2 + 1 = 3.
    assert sorted((c.alternative_cost == "overload", str(c.total_cost), len(c.targets)) for c in found) == [
        (False, "{R}", 1),
        (False, "{R}", 1),
        (True, "{1}{R}", 0),
    ]
    # with one Mountain only the targeted cast; with no creature of P1's only the overloaded one
    assert (
        len(
            casts(
                make_state(hand=[("surge", "Weapon Surge")], battlefield=[("m1", "Mountain"), ("b1", "Grizzly Bears")]),
                "surge",
            )
        )
        == 1
    )
    alone = casts(
        make_state(
            hand=[("surge", "Weapon Surge")],
            battlefield=[("m1", "Mountain"), ("m2", "Mountain")],
            opponent=[("theirs", "Grizzly Bears")],
        ),
        "surge",
    )
    assert [(c.alternative_cost == "overload", len(c.targets)) for c in alone] == [(True, 0)]


def test_overload_with_spliced_text_is_unsupported(make_state):
    """CR 702.96a, 702.47c, 612: overload and splice both change the spell's text; which applies first is not decided.

    Weapon Surge (an instant with overload) with Splicer's Skill (splice onto instant or sorcery) in hand:
    whether the spliced "target" reads "each" too is not modelled, so the cast is unsupported, never guessed.
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    state = make_state(
        hand=[("surge", "Weapon Surge"), ("skill", "Splicer's Skill")],
        battlefield=[("m1", "Mountain"), ("b1", "Grizzly Bears")],
    )
    with pytest.raises(UnsupportedRuleError, match="removes targets with spliced text"):
        legal_casts(state, "surge")


# ---------------------------------------------------------------- buyback (CR 702.27), an optional additional cost

CAPSIZE = {
    "name": "Capsize",
    "mana_cost": "{1}{U}{U}",
    "type_line": "Instant",
    "oracle_text": "Buyback {3} (You may pay an additional {3} as you cast this spell. If you do, put this "
    "card into your hand as it resolves.)\nReturn target permanent to its owner's hand.",
}


@pytest.mark.parametrize(
    ("mountains", "expected"),
    [
        # three Islands and three Mountains: 'target permanent' has 6 lands + the Bears = 7 choices;
        # {1}{U}{U}: 7; bought back, {4}{U}{U} is 6 mana and the six lands pay it: 7. 7 + 7 = 14
        (3, 14),
        # three Islands and two Mountains: 5 lands + the Bears = 6 choices; {1}{U}{U}: 6; {4}{U}{U} needs 6 mana of 5: 0
        (2, 6),
    ],
)
def test_buyback_is_an_optional_additional_cost(make_state, casts, basics, mountains, expected):
    """CR 702.27a, 601.2b, 601.2f: "Buyback [cost]": the caster may pay [cost] more; each choice is its own cast."""
    state = make_state(
        hand=[("capsize", CAPSIZE)],
        battlefield=basics("Island", 3, "isl") + basics("Mountain", mountains, "mtn"),
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "capsize")
    assert len(found) == expected
    bought = [c for c in found if c.times_paid("buyback")]
    assert len(bought) == (7 if mountains == 3 else 0)
    assert {str(c.total_cost) for c in bought} <= {"{4}{U}{U}"}
    assert {c.mana_value for c in found} == {3}  # CR 202.3: the buyback cost never counts
    assert all(c.additional_costs in ((), (("buyback", 1),)) for c in found)


def test_buyback_cost_changers_are_unsupported(make_state):
    """CR 702.27a, 601.2f: "Buyback costs cost {2} less." is not read: unsupported.

    It is not guessed: a permanent that changes buyback costs makes every buyback cast unsupported while it
    is on the battlefield. (A buyback cost paid with objects, "Buyback—Sacrifice a land.", is read: see
    tests/rules/test_spell_keywords.py.)
    """
    from models.errors import UnsupportedRuleError
    from solver.legal import legal_casts

    crystal = {
        "name": "Memory Crystal",
        "mana_cost": "{3}",
        "type_line": "Artifact",
        "oracle_text": "Buyback costs cost {2} less.",
    }
    state = make_state(hand=[("capsize", CAPSIZE)], battlefield=[("isl1", "Island"), ("crystal", crystal)])
    with pytest.raises(UnsupportedRuleError, match="Memory Crystal"):
        legal_casts(state, "capsize")


def test_buyback_named_on_a_spell_without_it_is_illegal(make_state):
    """CR 601.2b: a cast can't pay an optional cost the spell does not have; a cast record names it by keyword."""
    state = make_state(hand=[("ray", "Glacial Ray")], battlefield=[("m1", "Mountain"), ("m2", "Mountain")])
    target = (TargetChoice("ray", None, 0, 0, "any target", ("P2",)),)
    cast = Cast("ray", "Glacial Ray", targets=target, additional_costs=(("buyback", 1),))
    assert [r.rule for r in why_illegal(state, cast)] == ["CR 601.2b"]
    assert "has no buyback cost" in why_illegal(state, cast)[0].message
