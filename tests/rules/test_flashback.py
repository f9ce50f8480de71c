"""Flashback and escape: a card in its owner's graveyard is cast for that cost (CR 702.34a, 702.138a).

The cost is an alternative cost (CR 118.9): paid exactly when the card is cast from the graveyard, never from the
hand, and not together with another alternative cost (CR 118.9a). The card's type keeps its timing. Counts are
worked out by hand; each scenario runs on every backend.
"""

from __future__ import annotations

from solver.legal import castable_objects, legal_casts
from tests.rules.conftest import lands

FIVE_LANDS = [("i1", "Island"), ("i2", "Island"), ("i3", "Island"), ("m1", "Mountain"), ("m2", "Mountain")]


def in_graveyard(object_id: str, card: str, owner: str = "P1") -> dict:
    """A card in a graveyard."""
    return {"id": object_id, "card": card, "zone": "graveyard", "owner": owner}


def test_flashback_from_the_graveyard(make_state, casts):
    """Think Twice ({1}{U}, flashback {2}{U}) in P1's graveyard, five lands: one cast, for {2}{U}, named so."""
    state = make_state(battlefield=FIVE_LANDS, objects=[in_graveyard("tt", "Think Twice")])
    (cast,) = casts(state, "tt")
    assert (cast.zone.value, cast.alternative_cost) == ("graveyard", "flashback")


def test_flashback_cost_is_not_paid_from_the_hand(make_state, casts):
    """Think Twice in the hand is cast for its mana cost only (CR 702.34a: flashback casts it from the graveyard)."""
    state = make_state(hand=[("tt", "Think Twice")], battlefield=FIVE_LANDS)
    assert [cast.alternative_cost for cast in casts(state, "tt")] == [None]


def test_flashback_needs_its_cost(make_state, casts):
    """Firebolt's flashback costs {4}{R}: four lands can't pay it: 0 casts from the graveyard (CR 601.2h)."""
    state = make_state(battlefield=FIVE_LANDS[:4], objects=[in_graveyard("fb", "Firebolt")])
    assert casts(state, "fb") == set()


def test_only_the_owner_casts_it_and_sorceries_keep_their_timing(make_state, casts):
    """Only the owner casts a card with flashback, and a sorcery keeps its timing.

    P2's Firebolt in P2's graveyard is not P1's to cast (CR 702.34a: "your graveyard"); P1's Firebolt, a
    sorcery, can't be cast on P2's turn (CR 307.1): 0 and 0.
    """
    state = make_state(battlefield=FIVE_LANDS, objects=[in_graveyard("theirs", "Firebolt", "P2")])
    assert casts(state, "theirs") == set()
    state = make_state(
        battlefield=FIVE_LANDS, objects=[in_graveyard("fb", "Firebolt")], active_player="P2", priority="P1"
    )
    assert casts(state, "fb") == set()


def test_without_paying_the_mana_cost_flashback_is_not_cast(make_state):
    """Cast without paying its mana cost, a card in the graveyard can't use flashback (CR 118.9a): 0.

    Only one alternative cost may apply to a spell, and flashback is one.
    """
    state = make_state(battlefield=FIVE_LANDS, objects=[in_graveyard("tt", "Think Twice")])
    assert legal_casts(state, "tt", without_paying_mana_cost=True).count() == 0


def test_castable_objects_include_cards_with_flashback_in_the_graveyard(make_state):
    """A player's castable objects: the hand, then graveyard cards with flashback of theirs (not Opt, not P2's)."""
    state = make_state(
        hand=[("h", "Opt")],
        objects=[
            in_graveyard("tt", "Think Twice"),
            in_graveyard("opt", "Opt"),
            in_graveyard("p2", "Think Twice", "P2"),
        ],
    )
    assert castable_objects(state, "P1") == ("h", "tt")


def test_flashback_with_mana_and_life(make_state, casts):
    """Deep Analysis's flashback costs {1}{U} and 3 life (CR 702.34a, 119.4).

    Target player P1 or P2: 2 casts with two Islands at 20 life; none at 2 life.
    """
    islands = [("i1", "Island"), ("i2", "Island")]
    state = make_state(battlefield=islands, objects=[in_graveyard("da", "Deep Analysis")])
    assert len(casts(state, "da")) == 2
    state = make_state(battlefield=islands, objects=[in_graveyard("da", "Deep Analysis")], life={"P1": 2, "P2": 20})
    assert casts(state, "da") == set()


def test_escape_exiles_other_cards_from_the_graveyard(make_state, casts):
    """Woe Strider (a creature): "Escape—{3}{B}{B}, Exile four other cards from your graveyard." (CR 702.138a).

    Five Swamps; P1's graveyard: Woe Strider and five other cards. Escape exiles four of the five others (never
    Woe Strider itself, on the stack, CR 601.2a): C(5, 4) = 5 casts, each with exactly four exiled.
    """
    others = [in_graveyard(f"g{i}", "Opt") for i in range(5)]
    state = make_state(
        battlefield=[(f"s{i}", "Swamp") for i in range(5)], objects=[in_graveyard("woe", "Woe Strider"), *others]
    )
    found = casts(state, "woe")
    assert len(found) == 5 and all(len(c.exiles) == 4 and "woe" not in c.exiles for c in found)
    assert {c.alternative_cost for c in found} == {"escape"}


def test_flashback_whose_cost_is_a_sacrifice(make_state):
    """Lava Dart: "Flashback—Sacrifice a Mountain." (CR 702.34a: cast from the graveyard for that cost).

    In P1's graveyard, with 2 Mountains and P2's Bears: the Mountain sacrificed (2 ways, each a choice, CR 601.2h)
    times the target (P1, P2 or the Bears: 3) = 6 casts.
    """
    dart = {"id": "dart", "card": "Lava Dart", "zone": "graveyard", "owner": "P1"}
    state = make_state(battlefield=lands("Mountain", 2), opponent=[("bears", "Grizzly Bears")], objects=[dart])
    assert legal_casts(state, "dart").count() == 6


def test_flashback_sacrificing_x_mountains(make_state, casts):
    """CR 702.34a, 107.3a, 601.2b, 601.2h: Firecat Blitz ({X}{R}{R}), "Flashback—{R}{R}, Sacrifice X Mountains.".

    X is announced with the flashback cost, which asks for X Mountains; the mana cost's {X} is not paid. Three
    Mountains (two tap for {R}{R}, and may be sacrificed after, CR 601.2g-h); no target: X = 0 (1), 1 (3 ways),
    2 (C(3, 2) = 3), 3 (1): 8 casts, each for {R}{R}.
    """
    state = make_state(battlefield=lands("Mountain", 3), objects=[in_graveyard("blitz", "Firecat Blitz")])
    found = casts(state, "blitz")
    assert len(found) == 8
    assert {(c.x, len(c.sacrifices), str(c.total_cost), c.alternative_cost) for c in found} == {
        (x, x, "{R}{R}", "flashback") for x in range(4)
    }


def test_flashback_discarding_x_cards(make_state, casts):
    """CR 702.34a, 107.3a, 601.2d: Conflagrate ({X}{X}{R}), "Flashback—{R}{R}, Discard X cards.", two Mountains.

    "X damage divided as you choose among any number of targets": at least 1 to each target chosen, so X is 1 or
    more (the division is among one or more targets). P1 holds two Grizzly Bears; targets P1 and P2 (no creature).
    X = 1: either card discarded (2) * one player dealt 1 (2) = 4; X = 2: both discarded (1) * (2 to P1, 2 to P2,
    or 1 and 1) = 3. 7 casts, each for {R}{R}.
    """
    state = make_state(
        hand=[("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
        battlefield=lands("Mountain", 2),
        objects=[in_graveyard("fire", "Conflagrate")],
    )
    found = casts(state, "fire")
    assert len(found) == 7
    assert all(len(c.discards) == c.x and str(c.total_cost) == "{R}{R}" for c in found)


def test_flashback_exiling_x_cards_from_the_graveyard(make_state, casts):
    """CR 702.34a, 107.3a, 601.2a: Summons of Saruman, "Flashback—{3}{U}{R}, Exile X cards from your graveyard.".

    Five lands pay {3}{U}{R}; P1's graveyard also holds Grizzly Bears and Opt (the Summons itself is on the stack
    as it is cast, CR 601.2a, and can't pay): X = 0 (1), 1 (2), 2 (1) = 4 casts.
    """
    state = make_state(
        battlefield=FIVE_LANDS,
        objects=[
            in_graveyard("summons", "Summons of Saruman"),
            in_graveyard("bears", "Grizzly Bears"),
            in_graveyard("opt", "Opt"),
        ],
    )
    found = casts(state, "summons")
    assert len(found) == 4
    assert all(len(c.exiles) == c.x and "summons" not in c.exiles for c in found)


def _graveyard_card(object_id: str, card: str) -> dict:
    return {"id": object_id, "card": card, "zone": "graveyard", "owner": "P1"}


def test_flashback_exiling_x_blue_cards(make_state):
    """CR 702.34a, 107.3a, 105.2: "Flashback—{1}{U}, Exile X blue cards from your graveyard." (Flash of Insight).

    X is announced with the flashback cost and is the number of blue cards exiled; Flash of Insight is on the stack,
    so it can't exile itself (CR 601.2a). P1's graveyard: Flash of Insight, Opt and Counterspell (blue), Lightning
    Bolt (red); Island and Mountain pay {1}{U} (the mana cost's {X} is not paid). X = 0: 1 cast; X = 1: Opt or
    Counterspell, 2; X = 2: both, 1. 4 casts, all for {1}{U}.
    """
    state = make_state(
        battlefield=[("i", "Island"), ("m", "Mountain")],
        objects=[
            _graveyard_card("foi", "Flash of Insight"),
            _graveyard_card("opt", "Opt"),
            _graveyard_card("cs", "Counterspell"),
            _graveyard_card("bolt", "Lightning Bolt"),
        ],
    )
    found = legal_casts(state, "foi")
    assert sorted((c.x, tuple(sorted(c.exiles))) for c in found) == [
        (0, ()),
        (1, ("cs",)),
        (1, ("opt",)),
        (2, ("cs", "opt")),
    ]
    assert {str(c.total_cost) for c in found} == {"{1}{U}"}
