"""Tests of target restrictions, fourth pass: the greatest power, cards with cycling, "card that's an instant".

Also one of two kicker costs named by the text linked to it ("if this spell was kicked with its {2}{R} kicker").
Every count is worked out by hand with the arithmetic in the docstring; each scenario runs on every backend (the
``casts`` fixture checks they agree).
"""

from __future__ import annotations

import dataclasses

import pytest

from models.errors import UnsupportedRuleError
from solver.legal import legal_casts
from tests.rules.conftest import lands


def targets_of(found) -> set[tuple[str, ...]]:
    """The objects chosen for the first instance of "target" of each cast."""
    return {cast.targets[0].targets if cast.targets else () for cast in found}


def in_graveyard(object_id: str, card: str, owner: str = "P1") -> dict:
    """A card in a graveyard."""
    return {"id": object_id, "card": card, "zone": "graveyard", "owner": owner}


# ------------------------------------------------------------------------------------------------- the greatest power
def test_topple_targets_a_creature_with_the_greatest_power(make_state, casts):
    """CR 208.1, 115.1: Topple exiles "target creature with the greatest power among creatures on the battlefield".

    Powers: Grizzly Bears 2, Hill Giant 3, P2's Craw Wurm 6, and P2's Hill Giant with three +1/+1 counters
    3 + 3 = 6 (CR 122.1a). The greatest is 6, and both 6-power creatures qualify (tied): 2 casts.
    """
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
        opponent=[("wurm", "Craw Wurm"), ("big", "Hill Giant", {"counters": {"+1/+1": 3}})],
    )
    assert targets_of(casts(state, "topple")) == {("wurm",), ("big",)}


def test_topple_counts_every_controllers_creatures(make_state, casts):
    """CR 208.1: "among creatures on the battlefield" is everyone's, the caster's creatures too.

    P2's Craw Wurm (6) beside P1's Hill Giant (3): P1's own creature can't be targeted; the Wurm is the one target:
    1 cast.
    """
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("giant", "Hill Giant")],
        opponent=[("wurm", "Craw Wurm")],
    )
    assert targets_of(casts(state, "topple")) == {("wurm",)}


def test_topple_with_a_power_the_state_cannot_give_is_unsupported(make_state):
    """Tarmogoyf's power is defined by an ability (CR 604.3): the greatest power can't be known, so no answer."""
    state = make_state(
        hand=[("topple", "Topple")],
        battlefield=lands("Plains", 3) + [("giant", "Hill Giant")],
        opponent=[("goyf", "Tarmogoyf")],
    )
    with pytest.raises(UnsupportedRuleError):
        legal_casts(state, "topple").count()


# ------------------------------------------------------------------------------------------------ cards with cycling
def test_cards_with_cycling_include_typecycling(make_state, casts):
    """CR 702.29f: "any effect that looks for a card with cycling will find a card with typecycling".

    Sacred Excavation ({3}{U}): "Return up to two target cards with cycling from your graveyard". P1's graveyard
    holds Street Wraith (cycling), Ash Barrens (basic landcycling), Sojourner's Companion (artifact landcycling),
    Fluctuator (a line about cycling abilities, no cycling of its own) and Grizzly Bears; P2's graveyard holds
    Lórien Revealed (cycling, but not P1's). Subsets of the 3 candidates of size 0 to 2: 1 + 3 + 3 = 7 casts.
    """
    state = make_state(
        hand=[("dig", "Sacred Excavation")],
        battlefield=lands("Island", 4),
        objects=[
            in_graveyard("wraith", "Street Wraith"),
            in_graveyard("barrens", "Ash Barrens"),
            in_graveyard("companion", "Sojourner's Companion"),
            in_graveyard("fluctuator", "Fluctuator"),
            in_graveyard("bears", "Grizzly Bears"),
            in_graveyard("revealed", "Lórien Revealed", "P2"),
        ],
    )
    found = casts(state, "dig")
    chosen = {frozenset(c.targets[0].targets) for c in found}
    assert len(found) == 7
    assert set().union(*chosen) == {"wraith", "barrens", "companion"}


# ------------------------------------------------------------------------------------- "card that's an instant or …"
def test_card_thats_an_instant_or_sorcery(make_state, casts):
    """CR 205.2a: "target card that's an instant or sorcery from your graveyard" is an instant or sorcery card.

    Mizzix's Mastery ({3}{R}) with four Mountains; P1's graveyard: Lightning Bolt (instant), Divination (sorcery),
    Grizzly Bears (creature); P2's graveyard: Shock (not P1's). Targets: Bolt or Divination = 2 casts. The overload
    cost {5}{R}{R}{R} needs 8 mana: not with 4 lands.
    """
    state = make_state(
        hand=[("mastery", "Mizzix's Mastery")],
        battlefield=lands("Mountain", 4),
        objects=[
            in_graveyard("bolt", "Lightning Bolt"),
            in_graveyard("div", "Divination"),
            in_graveyard("bears", "Grizzly Bears"),
            in_graveyard("shock", "Shock", "P2"),
        ],
    )
    assert targets_of(casts(state, "mastery")) == {("bolt",), ("div",)}


def test_card_thats_an_instant_or_sorcery_overloaded(make_state, casts):
    """CR 702.96a: with eight Mountains, overload ({5}{R}{R}{R}) is payable too and has no target: 2 + 1 = 3 casts."""
    state = make_state(
        hand=[("mastery", "Mizzix's Mastery")],
        battlefield=lands("Mountain", 8),
        objects=[in_graveyard("bolt", "Lightning Bolt"), in_graveyard("div", "Divination")],
    )
    found = casts(state, "mastery")
    assert sorted((c.alternative_cost or "", targets_of([c]).pop()) for c in found) == [
        ("", ("bolt",)),
        ("", ("div",)),
        ("overload", ()),
    ]


# ------------------------------------------------------------------------------------------- one of two kicker costs
def test_text_linked_to_one_of_two_kickers_names_it(make_state, casts, card):
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
        battlefield=lands("Mountain", 2) + lands("Island", 1),
        opponent=[("bears", "Grizzly Bears")],
    )
    found = casts(state, "spark")
    assert len(found) == 9
    tapping = [c for c in found if len(c.targets) == 2 and c.targets[1].targets]
    assert len(tapping) == 3
    assert all(c.additional_costs == (("kicker {U}", 1),) for c in tapping)


def test_illuminate_counts_each_kicker_and_x(make_state, casts):
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
        battlefield=lands("Mountain", 4) + lands("Island", 3),
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    assert len(casts(state, "ill")) == 28


# --------------------------------------------------------------------------------- "that targets you or a permanent …"
def _bolt(object_id: str, target: str) -> dict:
    """P2's Lightning Bolt on the stack with the cast record of its one target."""
    return {
        "id": object_id,
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": object_id, "targets": [{"source": object_id, "phrase": "any target", "targets": [target]}]},
    }


def test_spell_that_targets_you_or_a_permanent_you_control(make_state, casts):
    """CR 115.9b: Hindering Light ({W}{U}) counters a spell that targets P1 or a permanent P1 controls.

    Three Bolts of P2 on the stack: at P1 (yes, "you"), at P1's Grizzly Bears (yes, a permanent P1 controls), at P2
    (no). Targets: 2 casts.
    """
    state = make_state(
        hand=[("light", "Hindering Light")],
        battlefield=[("p1", "Plains"), ("i1", "Island"), ("mine", "Grizzly Bears")],
        objects=[_bolt("at_me", "P1"), _bolt("at_mine", "mine"), _bolt("at_them", "P2")],
        stack=["at_me", "at_mine", "at_them"],
        active_player="P2",
        priority="P1",
    )
    assert targets_of(casts(state, "light")) == {("at_me",), ("at_mine",)}


# ------------------------------------------------------------------------------------------------------- enchanted
def test_target_enchanted_permanent(make_state, casts):
    """CR 303.4: Cut the Earthly Bond ({U}) returns "target enchanted permanent": one an Aura is attached to.

    P1's Pacifism is attached to P2's Grizzly Bears (as a Forge puzzle's ``AttachedTo`` says; the JSON state has
    no attachments); P2's Hill Giant has none; Pacifism is not enchanted itself. 1 target: 1 cast.
    """
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")],
        battlefield=lands("Island", 1) + [("pacifism", "Pacifism")],
        opponent=[("bears", "Grizzly Bears"), ("giant", "Hill Giant")],
    )
    state = state.with_object(dataclasses.replace(state.object("pacifism"), attached_to="bears"))
    assert targets_of(casts(state, "cut")) == {("bears",)}


def test_enchanted_tells_apart_two_alike_permanents(make_state, casts):
    """CR 303.4: of two Grizzly Bears alike in every field, only the one Pacifism is attached to is enchanted.

    What an Aura is attached to is a fact of the Aura, not of the Bears: the two are not judged as one. 1 cast.
    """
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")],
        battlefield=lands("Island", 1) + [("pacifism", "Pacifism")],
        opponent=[("bears1", "Grizzly Bears"), ("bears2", "Grizzly Bears")],
    )
    state = state.with_object(dataclasses.replace(state.object("pacifism"), attached_to="bears2"))
    assert targets_of(casts(state, "cut")) == {("bears2",)}


def test_nothing_is_enchanted_without_an_aura(make_state, casts):
    """CR 303.4: with no Aura on the battlefield no permanent is enchanted: Cut the Earthly Bond has no target, 0."""
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")], battlefield=lands("Island", 1), opponent=[("bears", "Grizzly Bears")]
    )
    assert casts(state, "cut") == set()


def test_an_aura_attached_to_what_the_state_does_not_say(make_state):
    """CR 303.4: with an Aura whose attachment the state does not give, what is enchanted is unknown: refused."""
    state = make_state(
        hand=[("cut", "Cut the Earthly Bond")],
        battlefield=lands("Island", 1) + [("pacifism", "Pacifism")],
        opponent=[("bears", "Grizzly Bears")],
    )
    with pytest.raises(UnsupportedRuleError, match="attached"):
        legal_casts(state, "cut").count()
