"""More keywords that change how an instant or sorcery is cast: conspire, costs with objects, and more below.

Conspire (CR 702.78); optional keyword costs paid with objects (buyback, CR 702.27a; kicker, CR 702.33a;
replicate, CR 702.56a).

Conspire: "As an additional cost to cast this spell, you may tap two untapped creatures you control that each share
a color with it" (CR 702.78a); the creatures tapped are a choice of the cast (CR 601.2h), and a creature tapped
for mana can't also be tapped for the cost (CR 601.2g-h). Counts are worked out by hand; each scenario runs on
every backend.
"""

from __future__ import annotations

from tests.rules.conftest import lands


def paid(found, keyword: str) -> list[int]:
    """How many times each cast paid an optional cost, sorted."""
    return sorted(cast.times_paid(keyword) for cast in found)


# ---------------------------------------------------------------- conspire (CR 702.78)
def test_conspire_taps_two_creatures_sharing_a_colour(make_state, casts):
    """CR 702.78a, 601.2g-h: Gleeful Sabotage {1}{G}, "Destroy target artifact or enchantment. Conspire".

    P1: one Forest, Llanowar Elves (green, "{T}: Add {G}"), two Grizzly Bears (green), Goblin Piker (red).
    P2: Ornithopter, the only artifact or enchantment: 1 target. {1}{G} needs both the Forest and the Elves'
    mana, so the Elves can't also be tapped for conspire. Not conspired: 1. Conspired: two green creatures
    other than the Elves: the two Bears (the red Piker shares no colour): 1. 1 + 1 = 2.
    """
    state = make_state(hand=[("sab", "Gleeful Sabotage")],
                       battlefield=lands("Forest", 1) + [("elf", "Llanowar Elves"), ("b1", "Grizzly Bears"),
                                                         ("b2", "Grizzly Bears"), ("gob", "Goblin Piker")],
                       opponent=[("orn", "Ornithopter")])
    found = casts(state, "sab")
    assert paid(found, "conspire") == [0, 1]
    assert [c.taps for c in found if c.times_paid("conspire")] == [("b1", "b2")]


def test_conspire_each_creature_shares_a_colour_with_the_spell(make_state, casts):
    """CR 702.78a, 105.2: Memory Sluice {U/B} is blue and black; each creature tapped shares a colour with it.

    "Target player mills four cards": P1 or P2 (2). Creatures: Coral Merfolk (blue), Walking Corpse (black),
    Goblin Piker (red), Ornithopter (colourless). The Merfolk and the Corpse share no colour with each other but
    each shares one with the spell: the one pair. An Island pays {U/B}. 2 x (1 + 1) = 4.
    """
    state = make_state(hand=[("ms", "Memory Sluice")],
                       battlefield=lands("Island", 1) + [("mer", "Coral Merfolk"), ("cor", "Walking Corpse"),
                                                         ("gob", "Goblin Piker"), ("orn", "Ornithopter")])
    found = casts(state, "ms")
    assert len(found) == 4
    assert {c.taps for c in found if c.times_paid("conspire")} == {("cor", "mer")}


def test_conspire_needs_two_creatures(make_state, casts):
    """CR 702.78a, 601.2h: with one green creature, Gleeful Sabotage can't be conspired.

    Two Forests pay {1}{G}; one Grizzly Bears; target Ornithopter (1): 1 cast, not conspired.
    """
    state = make_state(hand=[("sab", "Gleeful Sabotage")],
                       battlefield=lands("Forest", 2) + [("b1", "Grizzly Bears")],
                       opponent=[("orn", "Ornithopter")])
    assert paid(casts(state, "sab"), "conspire") == [0]


# ---------------------------------------------------------------- buyback, kicker, replicate paid with objects
def test_buyback_sacrificing_a_land_tapped_for_mana(make_state, casts):
    """CR 702.27a, 601.2g-h: Pegasus Stampede {1}{W}, "Buyback—Sacrifice a land."; no target.

    Three Plains: two pay {1}{W}. Without buyback: 1. With it: any of the three Plains is sacrificed, one tapped
    for mana included (mana abilities are activated before costs are paid, CR 601.2g): 3. 1 + 3 = 4.
    """
    state = make_state(hand=[("peg", "Pegasus Stampede")], battlefield=lands("Plains", 3))
    found = casts(state, "peg")
    assert paid(found, "buyback") == [0, 1, 1, 1]
    assert sorted(c.sacrifices for c in found) == [(), ("pla1",), ("pla2",), ("pla3",)]


def test_buyback_discarding_two_cards(make_state, casts):
    """CR 702.27a, 601.2h: Forbid {1}{U}{U}, "Buyback—Discard two cards. Counter target spell".

    P2's Lightning Bolt on the stack: 1 target. P1's hand: Forbid and three other cards. Three Islands pay.
    Without buyback: 1. With it: two of the three other cards (Forbid is on the stack, CR 601.2a): 3. 1 + 3 = 4.
    """
    state = make_state(hand=[("forbid", "Forbid"), ("c1", "Island"), ("c2", "Grizzly Bears"), ("c3", "Shock")],
                       battlefield=lands("Island", 3),
                       objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "stack", "controller": "P2"}],
                       stack=["bolt"])
    found = casts(state, "forbid")
    assert paid(found, "buyback") == [0, 1, 1, 1]
    assert sorted(c.discards for c in found if c.discards) == [("c1", "c2"), ("c1", "c3"), ("c2", "c3")]


def test_buyback_paying_life(make_state, casts):
    """CR 702.27a, 119.4: Slaughter {2}{B}{B}, "Buyback—Pay 4 life. Destroy target nonblack creature".

    P2's Grizzly Bears: 1 target (P2's Walking Corpse is black). Four Swamps. P1 at 4 life can pay 4 life (CR 119.4):
    2 casts; at 3 life, only without buyback: 1.
    """
    for life, expected in ((4, [0, 1]), (3, [0])):
        state = make_state(hand=[("sl", "Slaughter")], battlefield=lands("Swamp", 4),
                           opponent=[("bears", "Grizzly Bears"), ("cor", "Walking Corpse")], life={"P1": life})
        assert paid(casts(state, "sl"), "buyback") == expected


def test_kicker_sacrificing_an_artifact_or_creature(make_state, casts):
    """CR 702.33a, 601.2c-h: Vayne's Treachery {1}{B}, "Kicker—Sacrifice an artifact or creature".

    "Target creature gets -2/-2 …": P1's Ornithopter (artifact creature) and Grizzly Bears, P2's Grizzly Bears: 3.
    Two Swamps pay. Not kicked: 3. Kicked: sacrifice the Ornithopter, the Bears or Sol Ring (an artifact) (3),
    the target any of the three (targets are chosen before costs are paid, CR 601.2c, 601.2h): 9. 3 + 9 = 12.
    """
    state = make_state(hand=[("vt", "Vayne's Treachery")],
                       battlefield=lands("Swamp", 2) + [("orn", "Ornithopter"), ("bears", "Grizzly Bears"),
                                                        ("ring", "Sol Ring")],
                       opponent=[("theirs", "Grizzly Bears")])
    found = casts(state, "vt")
    assert len(found) == 12
    assert sorted({c.sacrifices for c in found}) == [(), ("bears",), ("orn",), ("ring",)]


def test_kicker_sacrificing_an_artifact_or_goblin(make_state, casts):
    """CR 702.33a, 702.33g: Goblin Barrage {3}{R}, "Kicker—Sacrifice an artifact or Goblin".

    "~ deals 4 damage to target creature. If this spell was kicked, it also deals 4 damage to target player or
    planeswalker." P1: four Mountains, Goblin Piker (a Goblin), Ornithopter (an artifact), Grizzly Bears
    (neither). Target creature: any of the three (3). Not kicked: 3. Kicked: sacrifice the Piker or the
    Ornithopter (2), target creature (3), target player P1 or P2 (2): 12. 3 + 12 = 15.
    """
    state = make_state(hand=[("gb", "Goblin Barrage")],
                       battlefield=lands("Mountain", 4) + [("gob", "Goblin Piker"), ("orn", "Ornithopter"),
                                                           ("bears", "Grizzly Bears")])
    found = casts(state, "gb")
    assert len(found) == 15
    assert sorted({c.sacrifices for c in found}) == [(), ("gob",), ("orn",)]


def test_replicate_tapping_daleks(make_state, casts):
    """CR 702.56a, 601.2b, 601.2h: Exterminate! {2}{B}, "Replicate—Tap an untapped Dalek you control".

    "Destroy target creature. …": P1's two Dalek Squadrons and P2's Grizzly Bears: 3. Three Swamps pay {2}{B}.
    Replicate paid 0 times (1 way), once (one of two Daleks tapped: 2 ways) or twice (both: 1 way): 4 ways, each
    with 3 targets: 12. (The copies' targets are chosen as the trigger resolves, not while casting.)
    """
    state = make_state(hand=[("ex", "Exterminate!")],
                       battlefield=lands("Swamp", 3) + [("d1", "Dalek Squadron"), ("d2", "Dalek Squadron")],
                       opponent=[("bears", "Grizzly Bears")])
    found = casts(state, "ex")
    assert len(found) == 12
    assert paid(found, "replicate") == [0] * 3 + [1] * 6 + [2] * 3
