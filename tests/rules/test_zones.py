"""Casting from another zone than the hand: jump-start, retrace, aftermath, foretell, plot, and effects (CR 601.3).

Each keyword says from where its card may be cast, by whom (its owner) and for what cost: jump-start and retrace
add a discard to the mana cost (CR 702.133a, 702.81a); aftermath casts a split card's second half from the
graveyard (CR 702.127a); a foretold card is cast from exile for its foretell cost (CR 702.143a); a plotted card
from exile without paying its mana cost, as a sorcery (CR 702.170d); a state's ``may_cast`` is an effect that
lets a player cast the card from where it is (CR 601.3). Counts are worked out by hand; each scenario runs on
every backend.
"""

from __future__ import annotations

import pytest

from models.errors import InputError, UnsupportedRuleError
from solver.abilities import abilities_of
from solver.build import build_cast_problem
from solver.legal import castable_objects, count_legal_casts, is_legal_cast, legal_casts, why_illegal
from solver.rules.zones import unread_permissions
from tests.rules.conftest import lands


def card_in(zone: str, object_id: str, card: str, owner: str = "P1", **extra) -> dict:
    """A card in a zone other than the hand or the battlefield."""
    return {"id": object_id, "card": card, "zone": zone, "owner": owner, **extra}


# ------------------------------------------------------------------------------------------------------ jump-start
def test_jump_start_discards_a_card(make_state, casts):
    """CR 702.133a: Radical Idea ({1}{U}) cast from P1's graveyard, discarding a card as an additional cost.

    Two Islands; P1's hand: Grizzly Bears and Lightning Bolt. Either card discarded: 2 casts, each from the
    graveyard with that card discarded.
    """
    state = make_state(
        hand=[("bears", "Grizzly Bears"), ("bolt", "Lightning Bolt")],
        battlefield=lands("Island", 2),
        objects=[card_in("graveyard", "idea", "Radical Idea")],
    )
    found = casts(state, "idea")
    assert {(c.zone.value, c.discards) for c in found} == {("graveyard", ("bears",)), ("graveyard", ("bolt",))}


def test_jump_start_needs_a_card_to_discard(make_state, casts):
    """CR 601.2h: with an empty hand the discard can't be paid: 0 casts from the graveyard."""
    state = make_state(battlefield=lands("Island", 2), objects=[card_in("graveyard", "idea", "Radical Idea")])
    assert casts(state, "idea") == set()


def test_jump_start_from_the_hand_discards_nothing(make_state, casts):
    """CR 702.133a: cast from the hand, Radical Idea costs its mana cost alone: 1 cast, nothing discarded."""
    state = make_state(hand=[("idea", "Radical Idea"), ("bears", "Grizzly Bears")], battlefield=lands("Island", 2))
    assert [(c.zone.value, c.discards) for c in casts(state, "idea")] == [("hand", ())]


def test_only_the_owner_casts_it_from_a_graveyard(make_state, casts):
    """CR 702.133a ("your graveyard"): P2's Radical Idea in P2's graveyard is not P1's to cast: 0."""
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=lands("Island", 2),
        objects=[card_in("graveyard", "idea", "Radical Idea", owner="P2")],
    )
    assert casts(state, "idea") == set()
    assert castable_objects(state, "P1") == ("bears",)


# ------------------------------------------------------------------------------------------------------------ retrace
def test_retrace_discards_a_land_card(make_state, casts):
    """CR 702.81a: Raven's Crime ({B}, "Target player discards a card") from the graveyard, discarding a land card.

    One Swamp; P1's hand: Swamp, Forest, Grizzly Bears. A land card: the Swamp or the Forest (not the Bears), 2;
    target player P1 or P2, 2: 2 x 2 = 4 casts.
    """
    state = make_state(
        hand=[("swamp", "Swamp"), ("forest", "Forest"), ("bears", "Grizzly Bears")],
        battlefield=lands("Swamp", 1),
        objects=[card_in("graveyard", "crime", "Raven's Crime")],
    )
    found = casts(state, "crime")
    assert len(found) == 4
    assert {c.discards for c in found} == {("swamp",), ("forest",)}


# ---------------------------------------------------------------------------------------------------------- aftermath
def test_aftermath_half_from_the_graveyard(make_state, casts):
    """CR 702.127a: Dusk // Dawn in the graveyard: only Dawn ({3}{W}{W}) is cast, never Dusk: 1 cast.

    Named by one half, the object is the whole split card (CR 709.1). Five Plains pay Dawn; Dawn has no target.
    """
    state = make_state(battlefield=lands("Plains", 5), objects=[card_in("graveyard", "dd", "Dusk")])
    assert [(c.halves, c.zone.value) for c in casts(state, "dd")] == [(("Dawn",), "graveyard")]


def test_aftermath_half_not_from_the_hand(make_state, casts):
    """CR 702.127a: from the hand only Dusk ({2}{W}{W}) is cast: five Plains, 1 cast."""
    state = make_state(hand=[("dd", "Dusk // Dawn")], battlefield=lands("Plains", 5))
    assert [(c.halves, c.zone.value) for c in casts(state, "dd")] == [(("Dusk",), "hand")]


# ---------------------------------------------------------------------------------------------------------- foretell
def _bolt_at_p1() -> dict:
    """P2's Lightning Bolt on the stack, at P1."""
    return {
        "id": "bolt",
        "card": "Lightning Bolt",
        "zone": "stack",
        "controller": "P2",
        "cast": {"card": "bolt", "targets": [{"source": "bolt", "phrase": "any target", "targets": ["P1"]}]},
    }


def test_foretold_card_is_cast_for_its_foretell_cost(make_state, casts):
    """CR 702.143a: Saw It Coming (mana cost {1}{U}{U}, foretell {1}{U}), foretold, in exile.

    Two Islands pay {1}{U} but not {1}{U}{U}; target spell: P2's Bolt, one choice: 1 cast, for its foretell cost.
    """
    state = make_state(
        battlefield=lands("Island", 2),
        objects=[card_in("exile", "saw", "Saw It Coming", foretold=True), _bolt_at_p1()],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert [(c.zone.value, c.alternative_cost) for c in casts(state, "saw")] == [("exile", "foretell")]


def test_a_card_exiled_otherwise_is_not_foretold(make_state, casts):
    """CR 702.143a: Saw It Coming in exile, not foretold: nothing lets P1 cast it: 0 casts."""
    state = make_state(
        battlefield=lands("Island", 3),
        objects=[card_in("exile", "saw", "Saw It Coming"), _bolt_at_p1()],
        stack=["bolt"],
        active_player="P2",
        priority="P1",
    )
    assert casts(state, "saw") == set()


# -------------------------------------------------------------------------------------------------------------- plot
def test_plotted_card_is_cast_free_as_a_sorcery(make_state, casts):
    """CR 702.170d: a plotted Lightning Bolt in exile, cast without paying its mana cost in P1's main phase.

    No lands at all. Any target: P1, P2, P2's Grizzly Bears = 3 casts, each without paying its mana cost.
    """
    state = make_state(
        opponent=[("bears", "Grizzly Bears")], objects=[card_in("exile", "bolt", "Lightning Bolt", plotted=True)]
    )
    found = casts(state, "bolt")
    assert len(found) == 3 and all(c.without_paying_mana_cost and c.zone.value == "exile" for c in found)


def test_a_plotted_card_cast_paying_its_mana_cost_is_illegal(make_state, casts):
    """CR 601.3, 118.9: the plotted card may be cast from exile only without paying its mana cost.

    A Mountain pays {R}, but a cast that claims to pay it is none the rules allow: `why_illegal` says so (it
    agrees with `is_legal_cast` and with the view, which lists the 3 free casts only).
    """
    state = make_state(
        battlefield=lands("Mountain", 1),
        opponent=[("bears", "Grizzly Bears")],
        objects=[card_in("exile", "bolt", "Lightning Bolt", plotted=True)],
    )
    free = next(iter(casts(state, "bolt")))
    paid = free._replace(without_paying_mana_cost=False)
    assert not is_legal_cast(state, paid) and is_legal_cast(state, free)
    reasons = why_illegal(state, paid)
    assert [r.rule for r in reasons][:1] == ["CR 601.3"] and "only without paying its mana cost" in reasons[0].message
    assert why_illegal(state, free) == ()


def test_plotted_instant_waits_for_a_main_phase(make_state, casts):
    """CR 702.170d: "during their main phase while the stack is empty": on P2's turn, even an instant: 0 casts."""
    state = make_state(
        opponent=[("bears", "Grizzly Bears")],
        objects=[card_in("exile", "bolt", "Lightning Bolt", plotted=True)],
        active_player="P2",
        priority="P1",
    )
    assert casts(state, "bolt") == set()


# ------------------------------------------------------------------------------------------------------------ effects
def test_an_effect_lets_a_player_cast_a_card_from_a_graveyard(make_state, casts):
    """CR 601.3: ``may_cast`` lets P1 cast P2's Lightning Bolt from P2's graveyard, paying {R}.

    One Mountain; any target: P1, P2 = 2 casts. P2's other Bolt, without the effect, is not castable by P1.
    """
    state = make_state(
        battlefield=lands("Mountain", 1),
        objects=[
            card_in("graveyard", "theirs", "Lightning Bolt", owner="P2", may_cast=[{"player": "P1"}]),
            card_in("graveyard", "other", "Lightning Bolt", owner="P2"),
        ],
    )
    assert len(casts(state, "theirs", player="P1")) == 2
    assert castable_objects(state, "P1") == ("theirs",)


def test_an_effect_without_paying_the_mana_cost(make_state, casts):
    """CR 118.9: a ``may_cast`` with ``without_paying``: no mana needed; P1 or P2 = 2 casts, each free."""
    state = make_state(
        objects=[card_in("exile", "bolt", "Lightning Bolt", may_cast=[{"player": "P1", "without_paying": True}])]
    )
    found = casts(state, "bolt")
    assert len(found) == 2 and all(c.without_paying_mana_cost for c in found)


def test_a_card_in_exile_without_a_permission_is_not_cast(make_state):
    """CR 601.2a: a card in exile that nothing lets P1 cast: 0 casts, and the view says why."""
    state = make_state(battlefield=lands("Mountain", 1), objects=[card_in("exile", "bolt", "Lightning Bolt")])
    view = legal_casts(state, "bolt")
    assert view.count() == 0


# --------------------------------------------------------------------------------------------------------- prepared
def test_a_prepared_permanent_makes_the_answer_unsupported(make_state):
    """A prepared permanent's controller may cast a copy of its spell, which the rules followed do not define.

    P1's prepared Grizzly Bears is among what P1 may cast, and asking for it is refused, never left out.
    """
    state = make_state(battlefield=[("bears", "Grizzly Bears", {"prepared": True})] + lands("Mountain", 1))
    assert castable_objects(state, "P1") == ("bears",)
    with pytest.raises(UnsupportedRuleError, match="prepared"):
        count_legal_casts(state)


# --------------------------------------------------------------------------------------------------------- harmonize
@pytest.mark.parametrize(("mountains", "expected_taps"), [(2, {("wurm",)}), (5, {("wurm",), ("bears",)})])
def test_harmonize_taps_up_to_one_creature_whose_power_reduces_the_cost(make_state, casts, mountains, expected_taps):
    """CR 702.180a-b: Channeled Dragonfire (2 damage to any target; harmonize {5}{R}{R}) from the graveyard.

    P1 controls Craw Wurm (power 6), Grizzly Bears (power 2) and a tapped Hill Giant (tapped: never tapped for
    harmonize). Any target: P1, P2, the Wurm, the Bears, the Giant = 5 choices. The harmonize cost is 7 mana:
    - two Mountains: no creature tapped, 7 > 2; the Bears, 7 - 2 = 5 > 2; the Wurm, {5} less by 6, {R}{R} = 2
      (the rest of the reduction lost): 1 way x 5 targets = 5 casts;
    - five Mountains: the Bears (5 = 5) and the Wurm: 2 ways x 5 = 10 casts; none tapped still 7 > 5.
    """
    state = make_state(
        battlefield=lands("Mountain", mountains)
        + [("wurm", "Craw Wurm"), ("bears", "Grizzly Bears"), ("giant", "Hill Giant", {"tapped": True})],
        objects=[card_in("graveyard", "fire", "Channeled Dragonfire")],
    )
    found = casts(state, "fire")
    assert len(found) == 5 * len(expected_taps)
    assert {c.taps for c in found} == expected_taps
    assert {c.alternative_cost for c in found} == {"harmonize"}


# ---------------------------------------------------------------------------------------- madness and miracle
def test_madness_casts_the_exiled_card_as_its_trigger_resolves(make_state, casts):
    """CR 702.35a, 608.2g: Fiery Temper (madness {R}), exiled as P1 discarded it, cast as the trigger resolves.

    P2's upkeep, P2 holding priority: no timing rule applies during resolution. One Mountain pays {R}; any target:
    P1 or P2 = 2 casts, each for its madness cost, from exile. Asked as usual (no trigger resolving), nothing lets
    P1 cast it from exile: 0.
    """
    state = make_state(
        battlefield=lands("Mountain", 1),
        objects=[card_in("exile", "temper", "Fiery Temper")],
        phase="upkeep",
        active_player="P2",
        priority="P2",
    )
    found = casts(state, "temper", resolving="madness")
    assert {(c.zone.value, c.alternative_cost) for c in found} == {("exile", "madness")} and len(found) == 2
    assert casts(state, "temper") == set()


def test_madness_asks_for_the_exiled_card(make_state, casts):
    """CR 702.35a: the madness cast is of the card exiled instead of discarded; in the hand there is none: 0."""
    state = make_state(hand=[("temper", "Fiery Temper")], battlefield=lands("Mountain", 3))
    assert casts(state, "temper", resolving="madness") == set()


def test_miracle_casts_the_revealed_card_for_its_miracle_cost(make_state, casts):
    """CR 702.94a, 608.2g: Terminus (mana cost {4}{W}{W}, miracle {W}) revealed in the hand as it was drawn.

    One Plains, P2's turn: for its miracle cost, 1 cast (no target); cast as usual it costs 6 and waits for
    P1's main phase: 0.
    """
    state = make_state(
        hand=[("terminus", "Terminus")], battlefield=lands("Plains", 1), phase="draw", active_player="P2", priority="P2"
    )
    assert [(c.zone.value, c.alternative_cost) for c in casts(state, "terminus", resolving="miracle")] == [
        ("hand", "miracle")
    ]
    assert casts(state, "terminus") == set()


def test_a_madness_cast_is_legal_only_when_the_question_is_of_the_trigger(make_state):
    """CR 702.35a, 608.2g: a madness cast is judged by the question, never by the cast's own claim.

    As the madness trigger resolves (``resolving="madness"``) the cast is legal; asked with priority, nothing lets
    P1 cast a card in exile, and the cast says it is the trigger's: illegal, naming CR 702.35a.
    """
    state = make_state(
        battlefield=lands("Mountain", 1),
        objects=[card_in("exile", "temper", "Fiery Temper")],
        phase="upkeep",
        active_player="P2",
        priority="P2",
    )
    cast = next(iter(legal_casts(state, "temper", resolving="madness")))
    assert is_legal_cast(state, cast, resolving="madness") and why_illegal(state, cast, resolving="madness") == ()
    assert not is_legal_cast(state, cast)
    assert "CR 702.35a" in [reason.rule for reason in why_illegal(state, cast)]


def test_an_unknown_resolving_keyword_is_refused(make_state):
    """Only madness and miracle cast a card as their trigger resolves: another word is a clear input error."""
    state = make_state(objects=[card_in("exile", "temper", "Fiery Temper")])
    with pytest.raises(InputError, match="resolving"):
        legal_casts(state, "temper", resolving="cascade")


# ------------------------------------------------------------------------------------------------------------ emerge
def test_emerge_sacrifices_a_creature_whose_mana_value_reduces_the_cost(make_state, casts):
    """CR 702.119a, 702.119c: Wretched Gryff (mana cost {7}, emerge {5}{U}) with three Islands.

    For its mana cost, 7 > 3. By emerge, a creature sacrificed (a choice of the cast) takes its mana value off:
    Grizzly Bears (2): {3}{U} = 4 > 3; Hill Giant (4): {1}{U} = 2; Craw Wurm (6): {U} (the rest lost). 2 casts.
    """
    state = make_state(
        hand=[("gryff", "Wretched Gryff")],
        battlefield=lands("Island", 3) + [("bears", "Grizzly Bears"), ("giant", "Hill Giant"), ("wurm", "Craw Wurm")],
    )
    found = casts(state, "gryff")
    assert {(c.alternative_cost, c.sacrifices) for c in found} == {("emerge", ("giant",)), ("emerge", ("wurm",))}


# -------------------------------------------------------------------------- unread permissions: never left out silently
UNREAD_PERMISSIONS = [
    # (card, zone, the unread span that might let its owner cast it from there)
    ("Kindle the Inner Flame", "graveyard", "Flashback—{1}{R}, Behold three Elementals."),
    ("Kindle the Inner Flame", "graveyard", "Flashback—{1}{R}, Behold three Elementals."),
    ("Lightwheel Enhancements", "graveyard", "Max speed — You may cast this card from your graveyard."),
    (
        "Ebondeath, Dracolich",
        "graveyard",
        "You may cast this card from your graveyard if a creature not named ~ died this turn.",
    ),
    (
        "The Indomitable",
        "graveyard",
        "You may cast this card from your graveyard as long as you control three or more tapped Pirates and/or "
        "Vehicles.",
    ),
    (
        "Nethergoyf",
        "graveyard",
        "Escape—{2}{B}, Exile any number of other cards from your graveyard with four or more card types among them.",
    ),
]


@pytest.mark.parametrize(("name", "zone", "span"), UNREAD_PERMISSIONS)
def test_a_card_unread_text_might_let_be_cast_is_listed_and_refused(make_state, name, zone, span):
    """CR 601.3, 113.6f: unread text of the card itself that might let its owner cast it from where it is.

    The card is one of the cards P1 may try to cast (after the hand, CR 601.3), and its cast problem is refused,
    naming that text: the answer is never a silent 0.
    """
    state = make_state(hand=[("bolt", "Lightning Bolt")], objects=[card_in(zone, "x", name)])
    obj = state.object("x")
    assert [u.span for u in unread_permissions(obj, abilities_of(obj))] == [span]
    assert castable_objects(state, "P1") == ("bolt", "x")
    with pytest.raises(UnsupportedRuleError) as refused:
        build_cast_problem(state, "x")
    assert refused.value.span == span


NO_PERMISSION = [
    # (card, zone): no text of it, read or not, lets it be cast from there
    ("Lightning Bolt", "graveyard"),  # nothing to read
    ("Cabal Therapy", "exile"),  # flashback casts from the graveyard only (CR 702.34a)
    ("Cabal Therapy", "library"),
    ("Gravecrawler", "exile"),  # its permission names the graveyard
    ("Misthollow Griffin", "graveyard"),  # its permission names exile
    ("Thieving Skydiver", "graveyard"),  # "Kicker {X}. X can't be 0.": a cost of its cast from the hand
    ("Emrakul, the Promised End", "graveyard"),  # "costs {1} less … in your graveyard": a cost change
    ("Karador, Ghost Chieftain", "graveyard"),  # other cards' permission, on the battlefield only (CR 113.6)
    ("Serpent of the Pass", "graveyard"),  # "… in your graveyard, you may cast this spell as though it had flash"
    ("Rift Bolt", "exile"),  # suspend casts it as its trigger resolves, never with priority (CR 702.62a)
    ("Catalyst Stone", "graveyard"),  # "Flashback costs you pay cost {2} less.": other spells' costs
]


@pytest.mark.parametrize(("name", "zone"), NO_PERMISSION)
def test_a_card_whose_text_cant_be_a_permission_from_there_is_not_listed(make_state, name, zone):
    """CR 601.3: a card no rule or effect lets be cast from where it is is not one P1 may try to cast.

    Whatever of its text is not read can't be such a permission: it is not listed, so nothing is refused for it.
    """
    state = make_state(hand=[("bolt", "Lightning Bolt")], objects=[card_in(zone, "x", name)])
    obj = state.object("x")
    assert unread_permissions(obj, abilities_of(obj)) == ()
    assert castable_objects(state, "P1") == ("bolt",)


def test_only_the_owner_may_use_an_unread_permission(make_state):
    """CR 601.3, 702.34a ("your graveyard"): P2's Kindle the Inner Flame in P2's graveyard is not P1's to cast."""
    state = make_state(
        hand=[("bolt", "Lightning Bolt")], objects=[card_in("graveyard", "ther", "Kindle the Inner Flame", owner="P2")]
    )
    assert castable_objects(state, "P1") == ("bolt",)
    assert castable_objects(state, "P2") == ("ther",)


def test_an_unread_flashback_cost_bears_on_the_graveyard_only(make_state, casts):
    """CR 702.34a: Kindle the Inner Flame's unread flashback ("Behold three Elementals") casts from the graveyard only.

    In exile nothing lets it be cast (CR 601.3): 0 casts, answered, not refused.
    """
    state = make_state(objects=[card_in("exile", "ther", "Kindle the Inner Flame")])
    assert casts(state, "ther") == set()


def test_a_permanent_changing_flashback_costs_is_text_about_costs(make_state):
    """CR 702.34a, 601.2f: Catalyst Stone's "Flashback costs you pay cost {2} less." changes other spells' costs.

    It is not read: Think Twice's flashback cast from P1's graveyard ({2}{U}, {2} less: {U}, one Island) is
    refused while Catalyst Stone is on the battlefield, never counted as if the Stone did nothing (which gave 0).
    """
    state = make_state(
        battlefield=[("stone", "Catalyst Stone"), ("isl1", "Island")],
        objects=[card_in("graveyard", "think", "Think Twice")],
    )
    with pytest.raises(UnsupportedRuleError, match="Flashback costs you pay cost"):
        legal_casts(state, "think").count()


def test_may_cast_without_paying_beside_flashback(make_state):
    """Think Twice in the graveyard, with flashback {2}{U} and an effect's may_cast without paying (CR 118.9a).

    Flashback and "without paying its mana cost" are both alternative costs: one or the other, two casts (no
    target, so one each): flashback paid with the 3 Islands, and the cast without paying (total cost nothing).
    """
    think = {
        "id": "tt",
        "card": "Think Twice",
        "zone": "graveyard",
        "owner": "P1",
        "may_cast": [{"player": "P1", "without_paying": True}],
    }
    state = make_state(battlefield=lands("Island", 3), objects=[think])
    casts = sorted((c.alternative_cost or "", c.without_paying_mana_cost) for c in legal_casts(state, "tt"))
    assert casts == [("", True), ("flashback", False)]


# ------------------------------------------------------------------------------------ the top of a library (CR 401.2)
def test_casting_from_the_top_of_the_library_is_refused_only_for_that_library(make_state, casts):
    """CR 601.3, 401.2: Garruk's Horde lets its controller cast creature spells from the top of their library.

    The state lists a library's cards, not their order: P1's Craw Wurm in P1's library may be the top card, so it
    is listed among what P1 may cast and its cast is refused. Nothing else depends on the permission: Grizzly
    Bears from the hand, two Forests, is 1 cast; P2's library card is neither P1's to cast nor refused.
    """
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=[("horde", "Garruk's Horde"), *lands("Forest", 2)],
        objects=[card_in("library", "wurm", "Craw Wurm"), card_in("library", "theirs", "Craw Wurm", owner="P2")],
    )
    assert len(casts(state, "bears")) == 1
    assert castable_objects(state, "P1") == ("bears", "wurm")
    with pytest.raises(UnsupportedRuleError, match="on top of the library"):
        casts(state, "wurm")
    assert legal_casts(state, "theirs").count() == 0


def test_an_opponents_top_of_library_permission_bears_on_no_cast_of_yours(make_state, casts):
    """CR 601.3, 109.5: P2's Garruk's Horde lets P2, not P1, cast from the top of P2's library.

    P1's Craw Wurm in P1's library is not listed, its cast 0 (nothing lets P1 cast it from there); Grizzly Bears
    from P1's hand with two Forests: 1 cast.
    """
    state = make_state(
        hand=[("bears", "Grizzly Bears")],
        battlefield=lands("Forest", 2),
        opponent=[("horde", "Garruk's Horde")],
        objects=[card_in("library", "wurm", "Craw Wurm")],
    )
    assert castable_objects(state, "P1") == ("bears",)
    assert len(casts(state, "bears")) == 1
    assert legal_casts(state, "wurm").count() == 0


def test_suspend_casts_the_exiled_card_free_as_its_last_counter_is_removed(make_state, casts):
    """CR 702.62a, 608.2g: suspend casts the exiled card without paying its mana cost as its trigger resolves.

    "When the last time counter is removed from this card, if it's exiled, you may play it without paying its mana
    cost if able." Rift Bolt (suspend 1—{R}) in P1's exile, P1's upkeep: no land, no timing rule during
    resolution; its one target any target: P1 or P2 = 2 casts, each without paying its mana cost, from exile.
    Asked as usual, nothing lets P1 cast it from exile: 0. In the hand the trigger has nothing to cast: 0.
    """
    state = make_state(objects=[card_in("exile", "bolt", "Rift Bolt")], phase="upkeep")
    found = casts(state, "bolt", resolving="suspend")
    assert {(c.zone.value, c.without_paying_mana_cost, c.alternative_cost) for c in found} == {
        ("exile", True, None)
    } and len(found) == 2
    assert casts(state, "bolt") == set()
    in_hand = make_state(hand=[("bolt", "Rift Bolt")], phase="upkeep")
    assert casts(in_hand, "bolt", resolving="suspend") == set()


# ------------------------------------------------------------------------- the card's own permission (CR 601.3)
def test_a_card_cast_from_exile_by_its_own_permission(make_state, casts):
    """CR 601.3, 113.6f: Misthollow Griffin ({2}{U}{U}) "You may cast this card from exile.", in P1's exile.

    Four Islands, P1's main phase: its mana cost paid one way, 1 cast, from exile. P2's Griffin in P2's exile is
    not P1's to cast ("you", its owner: CR 109.5): 0, and not listed.
    """
    state = make_state(battlefield=lands("Island", 4), objects=[card_in("exile", "griffin", "Misthollow Griffin")])
    assert [c.zone.value for c in casts(state, "griffin")] == ["exile"]
    theirs = make_state(
        battlefield=lands("Island", 4), objects=[card_in("exile", "griffin", "Misthollow Griffin", owner="P2")]
    )
    assert casts(theirs, "griffin") == set()
    assert castable_objects(theirs, "P1") == ()


@pytest.mark.parametrize("zone", ["graveyard", "exile"])
def test_a_permission_naming_two_zones(make_state, casts, zone):
    """CR 601.3: Squee, the Immortal ({1}{R}{R}) "… from your graveyard or from exile.": from either, 1 cast.

    Three Mountains: the mana cost paid one way (CR 601.2g-h).
    """
    state = make_state(battlefield=lands("Mountain", 3), objects=[card_in(zone, "squee", "Squee, the Immortal")])
    assert [c.zone.value for c in casts(state, "squee")] == [zone]


def test_an_instant_or_sorcery_cast_from_the_graveyard_by_its_permission(make_state, casts):
    """CR 601.3, 107.3: Their Number Is Legion ({X}{B}{B}{B}{B}) from P1's graveyard, its mana cost paid.

    Five Swamps: {B}{B}{B}{B} and X of 0 or 1, 2 casts; four Swamps: X = 0 only, 1 cast.
    """
    for swamps, expected in ((5, {0, 1}), (4, {0})):
        state = make_state(
            battlefield=lands("Swamp", swamps), objects=[card_in("graveyard", "legion", "Their Number Is Legion")]
        )
        assert {c.x for c in casts(state, "legion")} == expected


@pytest.mark.parametrize(("zombie_side", "expected"), [("P1", 1), ("P2", 0), (None, 0)])
def test_a_permission_with_a_condition_on_the_board(make_state, casts, zombie_side, expected):
    """CR 601.3, 611.3a: Gravecrawler ({B}), "… from your graveyard as long as you control a Zombie.", needs one.

    One Swamp. With Walking Corpse (a Zombie) on P1's side: 1 cast from the graveyard. On P2's side, or none: the
    condition fails, 0 casts, and the reason names it.
    """

    def state_with(side):
        corpse = [("corpse", "Walking Corpse")]
        return make_state(
            battlefield=lands("Swamp", 1) + (corpse if side == "P1" else []),
            opponent=corpse if side == "P2" else [],
            objects=[card_in("graveyard", "crawler", "Gravecrawler")],
        )

    state = state_with(zombie_side)
    assert len(casts(state, "crawler")) == expected
    assert castable_objects(state, "P1") == ("crawler",)  # listed either way: a way to cast it exists
    if not expected:
        (cast,) = casts(state_with("P1"), "crawler")
        reasons = [r.message for r in why_illegal(state, cast)]
        assert any("only if you control a Zombie" in message for message in reasons), reasons


def test_a_permissions_condition_as_the_game_sees_it(make_state, casts, card):
    """CR 601.3, 613.1d, 205.3: a Bear made a Zombie by P1's static ability satisfies Gravecrawler's condition.

    "Creatures you control are Zombies in addition to their other creature types." on P1's side, Grizzly Bears
    (a Bear) beside it, one Swamp: P1 controls a Zombie as the game sees it, 1 cast.
    """
    zombify = card(
        "Zombify Them",
        "{2}{B}",
        "Enchantment",
        "Creatures you control are Zombies in addition to their other creature types.",
    )
    state = make_state(
        battlefield=lands("Swamp", 1) + [("bears", "Grizzly Bears"), ("zombify", zombify)],
        objects=[card_in("graveyard", "crawler", "Gravecrawler")],
    )
    assert len(casts(state, "crawler")) == 1


def test_a_permission_that_adds_a_discard(make_state, casts):
    """CR 601.3, 601.2b, 601.2h: Me, the Immortal ({2}{G}{U}{R}) "… by discarding two cards in addition …".

    Forest, Island, Mountain and two Swamps; P1's hand: three Lightning Bolts. Two of the three discarded: C(3, 2)
    = 3 casts from the graveyard. From the hand nothing is added: with it in P1's hand instead, 1 cast.
    """
    mana = [("f", "Forest"), ("i", "Island"), ("m", "Mountain")] + lands("Swamp", 2)
    bolts = [(f"bolt{i}", "Lightning Bolt") for i in range(3)]
    state = make_state(hand=bolts, battlefield=mana, objects=[card_in("graveyard", "me", "Me, the Immortal")])
    found = casts(state, "me")
    assert sorted(c.discards for c in found) == [("bolt0", "bolt1"), ("bolt0", "bolt2"), ("bolt1", "bolt2")]
    in_hand = make_state(hand=[("me", "Me, the Immortal"), *bolts], battlefield=mana)
    assert [c.discards for c in casts(in_hand, "me")] == [()]


def test_a_permission_that_adds_life_and_a_sacrifice(make_state, casts):
    """CR 601.3, 119.4, 601.2h: Wickerfolk Indomitable's permission adds 2 life and a sacrifice to its cost.

    "… by paying 2 life and sacrificing an artifact or creature in addition to paying its other costs." ({3}{B})

    Four Swamps, Grizzly Bears and Darksteel Relic on P1's side: the Bears or the Relic sacrificed, 2 casts; at 1
    life, 2 life can't be paid (CR 119.4): 0.
    """
    side = lands("Swamp", 4) + [("bears", "Grizzly Bears"), ("relic", "Darksteel Relic")]
    gone = [card_in("graveyard", "wicker", "Wickerfolk Indomitable")]
    state = make_state(battlefield=side, objects=gone)
    assert sorted(c.sacrifices for c in casts(state, "wicker")) == [("bears",), ("relic",)]
    assert casts(make_state(battlefield=side, objects=gone, life={"P1": 1, "P2": 20}), "wicker") == set()


@pytest.mark.parametrize(
    ("life_gained", "swamps", "expected"), [({"P1": 2}, 3, 1), ({"P1": 2}, 4, 2), ({"P2": 2}, 4, 0)]
)
def test_cast_from_the_graveyard_if_you_gained_life(make_state, casts, card, life_gained, swamps, expected):
    """CR 601.3, 119.3: "You may cast this card from your graveyard if you gained life this turn." (a sorcery).

    In P1's graveyard, for its mana cost {X}{2}{B}, no target: when P1 gained life, X = 0 with three Swamps (1
    cast), X = 0 or 1 with four (2); when only P2 did, the permission does not hold: 0.
    """
    necrons = card(
        "Necron Rising",
        "{X}{2}{B}",
        "Sorcery",
        "Create X tapped 2/2 black Necron Warrior artifact creature tokens.\n"
        "You may cast this card from your graveyard if you gained life this turn.",
    )
    state = make_state(
        battlefield=lands("Swamp", swamps),
        objects=[{"id": "necrons", "card": necrons, "zone": "graveyard", "owner": "P1"}],
        this_turn={"life_gained": life_gained},
    )
    found = casts(state, "necrons")
    assert len(found) == expected
    assert all(c.zone.value == "graveyard" for c in found)
