"""Moves (CR 601.2, 305, 605, 117.3d, 400.7): the next state, and the state format writing it back as itself."""

from __future__ import annotations

import dataclasses
import glob
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings

from models.cast import Cast
from models.errors import UnsupportedRuleError
from models.io.state_json import load_state, state_from_data
from models.io.state_write import state_to_data
from models.mana import ManaCost
from models.objects import Zone
from models.state import TurnFacts
from solver.actions import PositionCasts
from solver.legal import castable_objects, count_legal_casts, legal_casts
from solver.moves import (
    AddObject,
    CastSpell,
    IllegalMoveError,
    MoveCard,
    PassPriority,
    PlayLand,
    RemoveObject,
    TapForMana,
    after,
)
from solver.payments import payments
from tests.conftest import ROOT
from tests.test_differential import random_states
from tests.test_payments import TREASURE, _first_cast, _hand, _permanent, _state


def _reloaded(state):
    """The state written as JSON text and read back."""
    return state_from_data(json.loads(json.dumps(state_to_data(state))))


def _count(state) -> int | str:
    try:
        return count_legal_casts(state, player=state.priority)
    except UnsupportedRuleError:
        return "unsupported"


def _strike_state():
    return _state(
        [
            _hand("strike", "Lightning Strike"),
            _hand("mtn", "Mountain"),
            _permanent("m", "Mountain"),
            _permanent("i", "Island"),
            _permanent("f", "Forest"),
            _permanent("bear", "Grizzly Bears", "P2"),
        ]
    )


def test_cast_goes_on_the_stack_paid_with_its_payment() -> None:
    """CR 601.2a, 601.2g-i: the card on the stack with its record; the Mountain and Island tapped for {1}{R}."""
    state = _strike_state()
    cast = _first_cast(state, "strike")
    payment = list(payments(state, cast))[0]  # Mountain + Island
    moved = after(state, CastSpell(cast, payment))
    assert moved.stack == ("strike",) and moved.object("strike").zone is Zone.STACK
    assert Cast.from_json(moved.cast_record_of("strike")) == cast
    assert moved.object("m").tapped and moved.object("i").tapped and not moved.object("f").tapped
    assert moved.this_turn.spells_cast_by("P1") == 1
    assert state.object("strike").zone is Zone.HAND and not state.object("m").tapped  # the old state unchanged
    # Lightning Strike is gone from the hand; the Forest alone casts nothing: 0 casts left (the Mountain in
    # hand is a land, CR 305.9)
    assert _count(moved) == 0 == _count(_reloaded(moved))
    assert _reloaded(moved) == moved


def test_pool_treasure_and_what_is_left() -> None:
    """CR 106.4, 701.21a: the pool's {R} spent, the Treasure sacrificed (a token: gone), Sol Ring's spare {C} kept."""
    state = _state(
        [
            _hand("strike", "Lightning Strike"),
            _permanent("t", TREASURE, token=True),
            _permanent("sol", "Sol Ring"),
            _permanent("bear", "Grizzly Bears", "P2"),
        ],
        mana_pool={"P1": "{R}"},
    )
    cast = _first_cast(state, "strike")
    found = {frozenset(p.sources): p for p in payments(state, cast)}
    with_treasure = after(state, CastSpell(cast, found[frozenset({"t"})]))
    assert not with_treasure.has_object("t") and with_treasure.pool_of("P1").is_empty
    with_ring = after(state, CastSpell(cast, found[frozenset({"sol"})]))
    assert with_ring.object("sol").tapped and with_ring.pool_of("P1") == ManaCost.parse("{C}")
    assert _reloaded(with_ring) == with_ring


def test_phyrexian_life_is_paid_and_lost() -> None:
    """CR 107.4f, 119.4: Dismember with one Swamp: 4 life paid, 20 - 4 = 16, 4 life lost this turn."""
    state = _state([_hand("d", "Dismember"), _permanent("s", "Swamp"), _permanent("bear", "Grizzly Bears", "P2")])
    moved = after(state, CastSpell(_first_cast(state, "d")))
    assert moved.life_of("P1") == 16 and moved.this_turn.life_lost_by("P1") == 4


def test_discarded_cards_go_to_the_graveyard() -> None:
    """CR 601.2h, 701.9a: Collective Brutality escalated by discarding a card: it is in its owner's graveyard."""
    state = load_state(ROOT / "examples/rules08-collective-brutality.json")
    cast = next(c for c in legal_casts(state, "brutality") if c.discards)
    moved = after(state, CastSpell(cast))
    assert all(moved.object(card).zone is Zone.GRAVEYARD for card in cast.discards)
    assert _count(moved) == _count(_reloaded(moved))


def test_an_illegal_cast_is_refused() -> None:
    """CR 601.2c: Lightning Strike with no target chosen is no legal cast."""
    with pytest.raises(IllegalMoveError, match="not a legal cast"):
        after(_strike_state(), CastSpell(Cast(card="strike")))


def test_a_payment_of_another_cast_is_refused() -> None:
    """CR 601.2h: the payment must be one of the cast's own."""
    state = _strike_state()
    cast = _first_cast(state, "strike")
    (first, *_) = payments(state, cast)
    other = type(first)(cast, first.total_cost, first.mana[:1])
    with pytest.raises(IllegalMoveError, match="payment"):
        after(state, CastSpell(cast, other))


def test_one_land_a_turn() -> None:
    """CR 305.2: the Mountain played, untapped; a second land this turn is refused."""
    state = _strike_state()
    played = after(state, PlayLand("mtn"))
    assert played.object("mtn").zone is Zone.BATTLEFIELD and not played.object("mtn").tapped
    assert dict(played.this_turn.lands_played) == {"P1": 1}
    more = after(played, AddObject("mtn2", "Mountain", "P1", zone="hand"))
    with pytest.raises(IllegalMoveError, match="has played a land this turn"):
        after(more, PlayLand("mtn2"))
    assert _reloaded(played) == played


def test_a_land_that_enters_tapped() -> None:
    """CR 614.1c: "This land enters tapped." (Tranquil Cove); "unless you control ..." is a condition, refused."""
    state = _state([_hand("cove", "Tranquil Cove"), _hand("falls", "Sulfur Falls")])
    assert after(state, PlayLand("cove")).object("cove").tapped
    with pytest.raises(UnsupportedRuleError, match="condition"):
        after(state, PlayLand("falls"))


def test_no_land_play_on_the_opponents_turn() -> None:
    """CR 305.2: a land is played in a main phase of its player's own turn."""
    state = state_from_data(
        {
            "players": ["P1", "P2"],
            "active_player": "P2",
            "priority": "P1",
            "objects": [_hand("mtn", "Mountain")],
        }
    )
    with pytest.raises(IllegalMoveError, match="main phase of their turn"):
        after(state, PlayLand("mtn"))


def test_tap_for_mana() -> None:
    """CR 605.3a, 107.5: the Forest tapped adds {G}; tapped again it is refused ({T}: an untapped permanent)."""
    state = _strike_state()
    tapped = after(state, TapForMana("f"))
    assert tapped.object("f").tapped and tapped.pool_of("P1") == ManaCost.parse("{G}")
    with pytest.raises(IllegalMoveError, match="is tapped"):
        after(tapped, TapForMana("f"))
    # the {G} pays the {1} of Lightning Strike with the Mountain's {R}: still castable
    assert _count(tapped) == _count(_reloaded(tapped)) == _count(state)


def test_a_creature_dies_and_its_aura_follows() -> None:
    """CR 700.4, 704.5m: a creature put into its graveyard died; the Aura on it goes to its owner's graveyard."""
    state = _state(
        [
            _permanent("bear", "Grizzly Bears", "P2"),
            _permanent("pac", "Pacifism", attached_to="bear"),
        ]
    )
    moved = after(state, MoveCard("bear", "graveyard"))
    assert moved.object("bear").zone is Zone.GRAVEYARD and moved.object("pac").zone is Zone.GRAVEYARD
    assert moved.this_turn.creatures_died == 1
    assert _reloaded(moved) == moved


def test_tokens_and_priority() -> None:
    """CR 111.7, 117.3d: a token removed is gone; passing gives priority to the next player."""
    state = after(_strike_state(), AddObject("tok", TREASURE_CARD, "P1", token=True))
    assert state.object("tok").token and _reloaded(state) == state
    assert not after(state, RemoveObject("tok")).has_object("tok")
    assert after(state, PassPriority()).priority == "P2"
    with pytest.raises(IllegalMoveError, match="already"):
        after(state, AddObject("tok", "Mountain", "P1"))


TREASURE_CARD = state_from_data({"players": ["P1"], "objects": [_permanent("t", TREASURE)]}).object("t").card


@pytest.mark.parametrize("path", sorted(glob.glob(str(ROOT / "examples/*.json"))))
def test_the_state_after_a_cast_reads_back_as_itself(path: str) -> None:
    """The state format writes every state a cast leads to: read back, it is equal and counts the same."""
    state = load_state(path)
    assert _reloaded(state) == state
    for card in castable_objects(state, state.priority):
        try:
            view = legal_casts(state, card)
        except UnsupportedRuleError:
            continue
        for cast in itertools.islice(view, 3):
            try:
                moved = after(state, CastSpell(cast))
            except UnsupportedRuleError:
                continue  # a cost whose effect a move does not carry out (a card discarded at random)
            again = _reloaded(moved)
            assert again == moved and again.stack_casts == moved.stack_casts
            assert _count(again) == _count(moved)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_states())
def test_moves_on_random_states(state) -> None:
    """CR 601.2g-h, 305.2: every legal cast has a payment; its move gives a state the format writes back as itself.

    Each payment's sources are untapped permanents of the caster or pool mana; after the cast, each permanent the
    payment taps is tapped, and the spell is on top of the stack.
    """
    for card in castable_objects(state, "P1"):
        try:
            view = legal_casts(state, card, player="P1")
            casts = list(itertools.islice(view, 3))
        except UnsupportedRuleError:
            continue
        for cast in casts:
            found = list(itertools.islice(payments(state, cast, player="P1"), 3))
            assert found
            for payment in found:
                for use in payment.mana:
                    if use.source is not None and use.taps and not use.consumed:
                        assert not state.object(use.source).tapped
            try:
                moved = after(state, CastSpell(cast, found[-1], player="P1"))
            except UnsupportedRuleError:
                continue
            assert moved.stack[-1] == cast.card
            for use in found[-1].mana:
                if use.source is None or not use.taps or use.consumed or use.source in cast.sacrifices + cast.returns:
                    continue  # a land tapped for mana, then sacrificed or returned for a cost (CR 601.2g-h)
                assert moved.object(use.source).tapped
            assert _reloaded(moved) == moved and _count(_reloaded(moved)) == _count(moved)
    lands = [o.id for o in state.hand("P1") if o.card.is_land]
    if lands and state.phase.is_main and not state.stack:
        played = after(state, PlayLand(lands[0]))
        assert _reloaded(played) == played


def test_a_madness_cast_from_exile() -> None:
    """CR 702.35a, 608.2g: Fiery Temper cast for its madness cost {R} as the trigger resolves, from exile.

    Two casts (any target: P1 or P2); the first as a move: on the stack from exile, the Mountain tapped for {R}.
    """
    state = _state(
        [
            {"id": "ft", "card": "Fiery Temper", "zone": "exile", "owner": "P1"},
            _permanent("m", "Mountain"),
        ]
    )
    position = PositionCasts(state, resolving="madness")
    assert position.count() == 2
    moved = state.after(position.move_of(0))
    assert moved.stack == ("ft",) and moved.object("m").tapped and moved.cast_record_of("ft")["zone"] == "exile"
    with pytest.raises(IllegalMoveError, match="not a legal cast"):
        after(state, CastSpell(position.cast_of(0)))  # with priority, not as the trigger resolves


def test_a_once_each_turn_mana_ability_is_recorded_as_activated() -> None:
    """CR 602.5b: "Activate only once each turn." once used, the later positions of the turn can't use it again.

    Mana Bloom with 3 charge counters ("Remove a charge counter from Mana Bloom: Add one mana of any color. Activate
    only once each turn.") and two Lightning Bolts: the first Bolt is paid by the Bloom (2 counters left, the Bloom
    in ``this_turn.activated``); the second has no mana left: 0 casts, in the state and as written back.
    """
    state = _state(
        [
            _hand("bolt1", "Lightning Bolt"),
            _hand("bolt2", "Lightning Bolt"),
            _permanent("bloom", "Mana Bloom", counters={"charge": 3}),
        ]
    )
    cast = _first_cast(state, "bolt1")
    moved = after(state, CastSpell(cast, next(iter(payments(state, cast)))))
    assert moved.this_turn.activated == ("bloom",)
    assert dict(moved.object("bloom").counters) == {"charge": 2}
    assert count_legal_casts(moved, player="P1") == 0 == count_legal_casts(_reloaded(moved), player="P1")


def test_every_fact_a_file_gives_is_written_back() -> None:
    """The state writer writes every key the reader takes: a commander, every ``this_turn`` fact (docs/state-format.md).

    A state with P1's commander on the battlefield and each fact of the turn given reads back equal to itself.
    """
    state = _state(
        [_permanent("cmd", "Grizzly Bears", commander=True), _permanent("bloom", "Mana Bloom", counters={"charge": 1})],
        this_turn={
            "spells_cast": {"P1": 2},
            "life_lost": {"P2": 3},
            "attacked": ["P1"],
            "creatures_died": 1,
            "permanent_left": ["P2"],
            "combat_damage_by": ["cmd"],
            "lands_played": {"P1": 1},
            "activated": ["bloom"],
            "life_gained": {"P1": 4},
            "cards_drawn": {"P2": 2},
            "noncombat_damage": {"P2": 3},
        },
    )
    assert state.object("cmd").commander and state.this_turn.cards_drawn == (("P2", 2),)
    assert _reloaded(state) == state
    # every fact of the turn the state holds is one the writer writes (a new one must be added to both)
    facts = {f.name for f in dataclasses.fields(TurnFacts)} - {"given"}
    assert set(state_to_data(state)["this_turn"]) == facts


def test_a_mana_ability_with_a_condition_is_not_tapped_by_a_move_without_weighing_it() -> None:
    """CR 602.5b: Mox Opal ("Activate only if you control three or more artifacts.") beside two Sol Rings.

    Its condition holds (three artifacts), so "it has no {T} mana ability" would be wrong; a move with no spell
    does not weigh the condition yet: refused, naming it, never an illegal move.
    """
    state = _state([_permanent("mox", "Mox Opal"), _permanent("s1", "Sol Ring"), _permanent("s2", "Sol Ring")])
    with pytest.raises(UnsupportedRuleError, match="Mox Opal"):
        after(state, TapForMana("mox"))
