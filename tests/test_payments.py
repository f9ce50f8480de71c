"""Payments of legal casts (CR 601.2g-h): which mana abilities are activated, and what they add."""

from __future__ import annotations

import glob
import itertools

import pytest

from models.cast import Cast
from models.errors import InputError, UnsupportedRuleError
from models.io.state_json import load_state, state_from_data
from models.mana import ManaCost, ManaPayer
from solver.legal import castable_objects, legal_casts
from solver.payments import default_payment, payments
from solver.rules.mana import available_mana_sources
from tests.conftest import ROOT

TREASURE = {
    "name": "Treasure",
    "type_line": "Artifact — Treasure",
    "oracle_text": "{T}, Sacrifice this artifact: Add one mana of any color.",
}


def _state(objects: list[dict], **more: object):
    return state_from_data({"players": ["P1", "P2"], "objects": objects, **more})


def _hand(object_id: str, card: object) -> dict:
    return {"id": object_id, "card": card, "zone": "hand", "owner": "P1"}


def _permanent(object_id: str, card: object, controller: str = "P1", **more: object) -> dict:
    return {"id": object_id, "card": card, "zone": "battlefield", "controller": controller, **more}


def _first_cast(state, card: str) -> Cast:
    return next(iter(legal_casts(state, card)))


def test_pairs_of_lands_that_pay_one_and_red() -> None:
    """CR 601.2h, 106.1: {1}{R} from a Mountain, an Island and a Forest.

    {R} needs the Mountain (the only red source); {1} is either other land: Mountain+Island, Mountain+Forest,
    2 payments. All three lands pay too, but leave the third's mana unspent: not a payment of its own.
    """
    state = _state(
        [
            _hand("strike", "Lightning Strike"),
            _permanent("m", "Mountain"),
            _permanent("i", "Island"),
            _permanent("f", "Forest"),
        ]
    )
    found = list(payments(state, _first_cast(state, "strike")))
    assert [p.sources for p in found] == [("m", "i"), ("m", "f")]
    assert [str(u.adds) for u in found[0].mana] == ["{R}", "{U}"]
    assert found[0].total_cost == ManaCost.parse("{1}{R}") and found[0].life == 0


def test_pool_treasure_and_sol_ring() -> None:
    """CR 106.4, 601.2g-h: {1}{R} from a pool of {R}, a Mountain, a Treasure and a Sol Ring.

    Red comes from the pool, the Mountain or the Treasure (any colour); each pair of the four sources makes two
    mana with at least one red, and no single source does ({R}: one mana; Sol Ring: {C}{C}, no red): C(4, 2) = 6
    payments. The default spends the pool and taps the Mountain, sacrificing nothing; with Sol Ring one {C} is
    left in the pool.
    """
    state = _state(
        [
            _hand("strike", "Lightning Strike"),
            _permanent("m", "Mountain"),
            _permanent("t", TREASURE, token=True),
            _permanent("sol", "Sol Ring"),
        ],
        mana_pool={"P1": "{R}"},
    )
    found = list(payments(state, _first_cast(state, "strike")))
    assert len(found) == 6
    assert {frozenset(p.sources) | ({"pool"} if not p.pool_spent.is_empty else set()) for p in found} == {
        frozenset(pair) for pair in itertools.combinations(["pool", "m", "t", "sol"], 2)
    }
    first = default_payment(state, _first_cast(state, "strike"))
    assert first.sources == ("m",) and first.pool_spent == ManaCost.parse("{R}")
    with_ring = next(p for p in found if p.sources == ("m", "sol"))
    assert with_ring.left == ManaCost.parse("{C}")
    treasure = next(u for p in found for u in p.mana if u.source == "t")
    assert treasure.consumed


def test_filter_land_paid_by_an_island() -> None:
    """CR 605.3, 107.4e: Concentrate {2}{U}{U} from an Island, Mystic Gate and two Plains.

    Mystic Gate's "{W/U}, {T}: Add {U}{U}" is paid with mana made before: the Island's {U} (or a Plains' {W});
    then {U}{U} pays the blue, the two Plains the {2}. Five mana made, one spent on the Gate: one payment, all
    four sources (without the Gate there is only one blue mana).
    """
    state = _state(
        [
            _hand("c", "Concentrate"),
            _permanent("i", "Island"),
            _permanent("gate", "Mystic Gate"),
            _permanent("p1", "Plains"),
            _permanent("p2", "Plains"),
        ]
    )
    (only,) = payments(state, _first_cast(state, "c"))
    assert set(only.sources) == {"i", "gate", "p1", "p2"}
    gate = next(u for u in only.mana if u.source == "gate")
    assert gate.adds == ManaCost.parse("{U}{U}") and gate.activation.mana_value == 1


def test_restricted_mana_pays_only_its_spells() -> None:
    """CR 106.6: Ancient Ziggurat's mana is spent only on creature spells.

    Grizzly Bears {1}{G} with Ziggurat (any colour), a Forest and a Mountain: {G} from the Forest or the
    Ziggurat, {1} from another: Forest+Mountain, Forest+Ziggurat, Mountain+Ziggurat (3 payments, the default
    keeping the Ziggurat, the source of more colours). Lightning Strike {1}{R} with Ziggurat and a Forest: the
    Ziggurat can't pay for it and the Forest makes no red, so the cast is not legal and has no payment.
    """
    state = _state(
        [
            _hand("bears", "Grizzly Bears"),
            _hand("strike", "Lightning Strike"),
            _permanent("z", "Ancient Ziggurat"),
            _permanent("f", "Forest"),
            _permanent("m", "Mountain"),
        ]
    )
    found = list(payments(state, _first_cast(state, "bears")))
    assert [set(p.sources) for p in found] == [{"f", "m"}, {"f", "z"}, {"m", "z"}]
    strike = Cast(card="strike", targets=_first_cast(state, "strike").targets)
    state_without_mountain = _state(
        [_hand("strike", "Lightning Strike"), _permanent("z", "Ancient Ziggurat"), _permanent("f", "Forest")]
    )
    assert not list(legal_casts(state_without_mountain, "strike"))
    with pytest.raises(InputError, match="not a legal cast"):
        next(payments(state_without_mountain, strike))


def test_phyrexian_life() -> None:
    """CR 107.4f, 119.4: Dismember {1}{B/P}{B/P} with one Swamp: the Swamp pays {1}, 4 life the rest."""
    state = _state(
        [
            _hand("d", "Dismember"),
            _permanent("s", "Swamp"),
            _permanent("bear", "Grizzly Bears", "P2"),
        ]
    )
    (only,) = payments(state, _first_cast(state, "d"))
    assert only.sources == ("s",) and only.life == 4


def test_delve_and_convoke_pay_first() -> None:
    """CR 702.66a, 702.51a: the cards exiled and the creatures tapped pay first, the mana the rest."""
    cruise = load_state(ROOT / "examples/rules26-treasure-cruise-delve.json")
    for cast in legal_casts(cruise, "cruise"):
        # {7}{U}: each card exiled pays {1}; the Islands pay the rest, one Island a mana
        for payment in payments(cruise, cast):
            assert len(payment.sources) == 8 - len(cast.exiles)


@pytest.mark.parametrize("path", sorted(glob.glob(str(ROOT / "examples/*.json"))))
def test_every_legal_cast_has_payments_the_mana_rules_accept(path: str) -> None:
    """CR 601.2h: a legal cast has a payment, each payment's sources pay it, and none can be left out."""
    state = load_state(path)
    for card in castable_objects(state, state.priority):
        try:
            view = legal_casts(state, card)
        except UnsupportedRuleError:
            continue
        for cast in itertools.islice(view, 12):
            found = list(itertools.islice(payments(state, cast), 30))
            assert found, cast
            keys = [tuple(sorted((u.source or "", str(u.adds)) for u in p.mana)) for p in found]
            assert len(set(keys)) == len(keys)
            problem = view.problem_for(cast)
            sources = available_mana_sources(problem)
            for payment in found:
                if cast.exiles or cast.taps or payment.life:
                    continue  # paid in part by objects or life: the plain rule below does not hold
                used = set(payment.sources)
                chosen = [s for s in sources if s.object_id in used]
                pool = [s for s in sources if s.object_id is None][: payment.pool_spent.mana_value]
                assert ManaPayer(chosen + pool).can_pay(payment.total_cost.with_x(cast.x or 0))


def test_an_illegal_cast_has_no_payment() -> None:
    """CR 601.2h: Glacial Ray with no target named is no legal cast, so it has no payment."""
    state = load_state(ROOT / "examples/case10-mists-ritual-ray.json")
    with pytest.raises(InputError, match="not a legal cast"):
        next(payments(state, Cast(card="ray")))
