"""Teamwork, and modes raised by an optional cost paid (CR 118.8, 601.2b, 601.2g-h, 601.4, 700.2).

Teamwork N is newer than the rules edition the reader follows; its reminder text defines it: "As an additional
cost to cast this spell, you may tap any number of creatures you control with total power N or more." The
creatures tapped are a choice of the cast (STATE_FORMAT.md, "What counts as one cast"); a creature tapped for
the cost can't also tap for mana (CR 601.2g-h). "If this spell was cast using teamwork" asks it paid, as "if
this spell was kicked" asks kicker: text, targets ("instead …", CR 608.2c) and the number of modes ("choose
both instead", CR 700.2, 601.4). Counts are worked out by hand from the rules; each scenario runs on every
backend.
"""

from __future__ import annotations

from models.io.card_pool import default_card_database
from models.oracle.parser import parse_card


def test_teamwork_reading() -> None:
    """CR 118.8: "Teamwork 3" is an optional additional cost of creatures tapped with total power 3 or more."""
    read = parse_card(default_card_database().get("Heroic Teamwork"))
    assert not read.casting_unsupported
    (teamwork,) = read.additional_costs
    assert (teamwork.keyword, teamwork.optional) == ("teamwork", True)
    (tapped,) = teamwork.cost.objects
    assert (tapped.action.value, tapped.count, tapped.least_total_power) == ("tap", None, 3)


def test_teamwork_sets_and_mana_from_the_same_creatures(make_state, casts):
    """CR 601.2g-h: Heroic Teamwork ({2}{W}, Teamwork 3), "One or two target creatures each get +2/+1".

    P1: two Plains, Llanowar Elves (1/1, {T}: Add {G}), Grizzly Bears (2/2), Savannah Lions (2/1). Targets: one
    or two of the three creatures, 3 + 3 = 6 sets. The mana: {2}{W} needs the Elves' {G} with both Plains, so a
    teamwork set holding the Elves can't be paid. Sets of power 3 or more: {Bears, Lions} 4, {Bears, Elves} 3,
    {Lions, Elves} 3, all three 5; only {Bears, Lions} leaves the Elves untapped. Per target set: not paid 1,
    paid 1. 6 x 2 = 12.
    """
    state = make_state(
        hand=[("heroic", "Heroic Teamwork")],
        battlefield=[
            ("p1", "Plains"),
            ("p2", "Plains"),
            ("elves", "Llanowar Elves"),
            ("bears", "Grizzly Bears"),
            ("lions", "Savannah Lions"),
        ],
    )
    found = casts(state, "heroic")
    assert len(found) == 12
    assert {c.taps for c in found if c.times_paid("teamwork")} == {("bears", "lions")}
    assert all(not c.taps for c in found if not c.times_paid("teamwork"))


def test_teamwork_without_enough_power_cannot_be_paid(make_state, casts):
    """CR 601.2h: Heroic Teamwork with only Grizzly Bears (power 2) and three Plains: teamwork 3 can't be paid.

    Targets: the Bears, 1 set. Not paid only: 1.
    """
    state = make_state(
        hand=[("heroic", "Heroic Teamwork")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains"), ("bears", "Grizzly Bears")],
    )
    found = casts(state, "heroic")
    assert len(found) == 1
    assert not next(iter(found)).times_paid("teamwork")


def test_teamwork_raises_the_modes_to_both(make_state, casts):
    """CR 700.2, 601.4: Go Nuts! ({G}, Teamwork 3) chooses exactly both modes when teamwork is paid.

    "Choose one. If this spell was cast using teamwork, choose both instead." P1: Forest, two Grizzly Bears (b1,
    b2); P2: Grizzly Bears (o1). Mode 1, a +1/+1 counter on target creature:
    3 targets. Mode 2, target creature you control fights target creature an opponent controls: 2 x 1 = 2.
    Teamwork 3: {b1, b2} (power 4) only. Not paid, exactly one mode: 3 + 2 = 5. Paid, exactly both: 3 x 2 = 6.
    5 + 6 = 11.
    """
    state = make_state(
        hand=[("nuts", "Go Nuts!")],
        battlefield=[("f1", "Forest"), ("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")],
        opponent=[("o1", "Grizzly Bears")],
    )
    found = casts(state, "nuts")
    assert len(found) == 11
    assert all(len(c.modes) == (2 if c.times_paid("teamwork") else 1) for c in found)
    assert sum(1 for c in found if c.times_paid("teamwork")) == 6


def test_teamwork_text_replacing_targets(make_state, casts):
    """CR 608.2c: Cruel Alliance ({2}{B}, Teamwork 2): paid, its teamwork text replaces the first sentence.

    "Exile target creature with mana value 3 or less. If this spell was cast using teamwork, instead exile target
    creature and you gain 3 life." P1: three Swamps, two Grizzly Bears (b1, b2); P2: Grizzly Bears (o1, mana
    value 2), Shivan Dragon (o2, 6).
    Not paid: a creature with mana value 3 or less, b1, b2 or o1: 3. Paid: any creature, 4, times the teamwork
    sets of power 2 or more, {b1}, {b2}, {b1, b2}: 4 x 3 = 12. 3 + 12 = 15.
    """
    state = make_state(
        hand=[("alliance", "Cruel Alliance")],
        battlefield=[
            ("s1", "Swamp"),
            ("s2", "Swamp"),
            ("s3", "Swamp"),
            ("b1", "Grizzly Bears"),
            ("b2", "Grizzly Bears"),
        ],
        opponent=[("o1", "Grizzly Bears"), ("o2", "Shivan Dragon")],
    )
    found = casts(state, "alliance")
    assert len(found) == 15
    assert not any(t.targets == ("o2",) for c in found if not c.times_paid("teamwork") for t in c.targets)


def test_additional_cost_paid_raises_the_modes(make_state, casts):
    """CR 700.2, 601.4, 701.68a: Pyrrhic Strike ({2}{W}) chooses both modes when its blight is paid.

    "As an additional cost to cast this spell, you may blight 2." "Choose one. If this spell's additional cost
    was paid, choose both instead." P1: three Plains, Grizzly Bears (a creature to blight). P2: Icy Manipulator
    (an artifact), Shivan Dragon
    (mana value 6). Mode 1, target artifact or enchantment: 1. Mode 2, target creature with mana value 3 or
    greater: the Dragon, 1 (the Bears' is 2). Not paid: 1 + 1 = 2. Paid (which creature takes the counters is
    no choice of the cast): both, 1 x 1 = 1. 3.
    """
    state = make_state(
        hand=[("strike", "Pyrrhic Strike")],
        battlefield=[("p1", "Plains"), ("p2", "Plains"), ("p3", "Plains"), ("b1", "Grizzly Bears")],
        opponent=[("o1", "Icy Manipulator"), ("o2", "Shivan Dragon")],
    )
    found = casts(state, "strike")
    assert len(found) == 3
    assert {(c.modes, c.times_paid("optional additional cost")) for c in found} == {((0,), 0), ((1,), 0), ((0, 1), 1)}
