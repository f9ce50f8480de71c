"""X announced with a cost other than the mana cost (CR 107.3a, 601.2b, 119.4), and X no cost announces.

"As an additional cost to cast this spell, pay X life" (Toxic Deluge): X is announced with the cost, 0 up to
the caster's life total. "Foretell {X}{X}{W}": X is announced casting it for that cost, and paid twice. An X
that only words define ("up to X target creatures, where X is one plus the number of cards named Aether Burst
in all graveyards") is reported when the card is read. Counts are worked out by hand from the rules; each
scenario runs on every backend.
"""

from __future__ import annotations

from models.io.card_pool import default_card_database
from models.oracle.parser import parse_card


def test_pay_x_life_announces_x(make_state, casts):
    """CR 107.3a, 119.4: Toxic Deluge ({2}{B}), "pay X life", P1 at 3 life with three Swamps.

    X may be 0, 1, 2 or 3 (no more life than P1 has; 0 life can always be paid): 4 casts.
    """
    state = make_state(hand=[("deluge", "Toxic Deluge")], battlefield=[(f"s{i}", "Swamp") for i in range(3)],
                       life={"P1": 3, "P2": 20})
    assert sorted(c.x for c in casts(state, "deluge")) == [0, 1, 2, 3]


def test_x_twice_in_the_foretell_cost(make_state, casts):
    """CR 107.3a, 702.143a: Starnheim Unleashed, foretold, cast from exile for {X}{X}{W} with five Plains.

    2X + 1 <= 5: X is 0, 1 or 2: 3 casts, each for its foretell cost.
    """
    state = make_state(battlefield=[(f"p{i}", "Plains") for i in range(5)],
                       objects=[{"id": "star", "card": "Starnheim Unleashed", "zone": "exile", "owner": "P1",
                                 "foretold": True}])
    found = casts(state, "star")
    assert sorted(c.x for c in found) == [0, 1, 2]
    assert {c.alternative_cost for c in found} == {"foretell"}


def test_x_only_words_define_is_reported() -> None:
    """CR 107.3a: Aether Burst's "up to X target creatures, where X is …": no cost announces X; reported."""
    read = parse_card(default_card_database().get("Aether Burst"))
    assert [u.span for u in read.casting_unsupported] == ["up to x target creatures"]


def test_kicker_x_announces_x_only_when_kicked(make_state, casts):
    """CR 107.3a, 601.2b, 702.33a: Verdeloth the Ancient ({4}{G}{G}, "Kicker {X}") with eight Forests.

    Not kicked: no X, 1 cast. Kicked: X announced with the kicker, {4}{G}{G} + X within 8 mana: X = 0, 1 or 2,
    3 casts. 1 + 3 = 4.
    """
    state = make_state(hand=[("verdeloth", "Verdeloth the Ancient")],
                       battlefield=[(f"f{i}", "Forest") for i in range(8)])
    found = casts(state, "verdeloth")
    assert sorted((c.times_paid("kicker"), c.x if c.x is not None else -1) for c in found) == [
        (0, -1), (1, 0), (1, 1), (1, 2)]
