"""Waterbend as an additional cost (CR 701.67a-b, 118.8, 601.2g-h).

"Waterbend {N}" means "Pay {N}. For each generic mana in that cost, you may tap an untapped artifact or creature
you control rather than pay that mana." Only the waterbend cost's generic mana is paid so (CR 701.67b). The
permanents tapped are a choice of the cast, and can't also be tapped for mana (CR 601.2g-h). Counts are worked
out by hand from the rules; each scenario runs on every backend.
"""

from __future__ import annotations

import pytest

from models.io.card_pool import default_card_database
from models.errors import UnsupportedRuleError
from models.oracle.parser import parse_card


def test_waterbend_reading() -> None:
    """CR 701.67a: "you may waterbend {4}" is an optional {4} whose generic mana tapped permanents may pay."""
    read = parse_card(default_card_database().get("Ruinous Waterbending"))
    assert not read.casting_unsupported
    (waterbend,) = read.additional_costs
    assert (waterbend.keyword, waterbend.optional, str(waterbend.cost.mana)) == ("waterbend", True, "{4}")
    assert waterbend.cost.objects[0].waterbend


def test_waterbend_at_most_its_generic_mana(make_state, casts):
    """CR 701.67a-b: Ruinous Waterbending ({1}{B}{B}), "you may waterbend {4}", no target.

    P1: seven Swamps, five Ornithopters (artifact creatures). Not paid: 1 cast, nothing tapped. Paid: total
    {5}{B}{B}, 7 mana, the Swamps pay it all, so 0 to 4 Ornithopters may be tapped for the {4} (never all five:
    the waterbend cost has 4 generic mana): 1 + 5 + 10 + 10 + 5 = 31. 1 + 31 = 32.
    """
    state = make_state(
        hand=[("ruin", "Ruinous Waterbending")],
        battlefield=[(f"s{i}", "Swamp") for i in range(7)] + [(f"t{i}", "Ornithopter") for i in range(5)],
    )
    found = casts(state, "ruin")
    assert len(found) == 32
    assert max(len(c.taps) for c in found) == 4
    assert all(not c.taps for c in found if not c.times_paid("waterbend"))


def test_waterbend_and_mana_from_the_same_creature(make_state, casts):
    """CR 701.67a, 601.2g-h: Water Whip ({U}{U}), "waterbend {5}", "Return up to two target creatures …".

    P1: four Islands, Grizzly Bears, Ornithopter, Icy Manipulator (an artifact), Llanowar Elves ({T}: Add {G}).
    Total {5}{U}{U}, 7. With the Elves tapped for waterbend, 4 mana: 3 or 4 permanents tapped, the Elves among
    them: C(3, 2) + 1 = 4 sets. With the Elves tapped for mana, 5 mana: 2 or 3 of the other three: 3 + 1 = 4.
    8 sets. Targets: up to two of the three creatures (Bears, Ornithopter, Elves): 1 + 3 + 3 = 7. 8 x 7 = 56.
    """
    state = make_state(
        hand=[("whip", "Water Whip")],
        battlefield=[
            ("i1", "Island"),
            ("i2", "Island"),
            ("i3", "Island"),
            ("i4", "Island"),
            ("bears", "Grizzly Bears"),
            ("thopter", "Ornithopter"),
            ("icy", "Icy Manipulator"),
            ("elves", "Llanowar Elves"),
        ],
    )
    found = casts(state, "whip")
    assert len(found) == 56
    assert len({c.taps for c in found}) == 8


def test_waterbend_with_another_cost_change_is_reported(make_state, casts):
    """CR 701.67b: with a cost change beside it, which generic mana the permanents pay is not read: reported.

    Thalia, Guardian of Thraben makes noncreature spells cost {1} more.
    """
    state = make_state(
        hand=[("whip", "Water Whip")],
        battlefield=[(f"i{i}", "Island") for i in range(8)] + [("bears", "Grizzly Bears")],
        opponent=[("thalia", "Thalia, Guardian of Thraben")],
    )
    with pytest.raises(UnsupportedRuleError):
        casts(state, "whip")


def test_waterbend_x_announced_with_the_cost(make_state, casts):
    """CR 107.3a, 601.2b, 701.67a: Waterbender's Restoration ({U}{U}) announces X with "waterbend {X}".

    "Exile X target creatures you control." P1: three Islands, two Grizzly Bears (b1, b2). {U}{U} takes two
    Islands; {X} is paid by the third and by
    tapping creatures (the targets among them: targets come first, CR 601.2c). X = 0: no target, nothing tapped:
    1. X = 1: targets {b1} or {b2}, 2; the {1} paid by the Island or by tapping b1 or b2: 3 ways; 6. X = 2: targets
    {b1, b2}, 1; the {2} needs at least one creature tapped: {b1}, {b2}, {b1, b2}: 3. 1 + 6 + 3 = 10.
    """
    state = make_state(
        hand=[("restore", "Waterbender's Restoration")],
        battlefield=[
            ("i1", "Island"),
            ("i2", "Island"),
            ("i3", "Island"),
            ("b1", "Grizzly Bears"),
            ("b2", "Grizzly Bears"),
        ],
    )
    found = casts(state, "restore")
    assert len(found) == 10
    assert sorted(c.x for c in found) == [0] + [1] * 6 + [2] * 3
