"""Replicate, casualty and bargain: optional additional costs (CR 702.56a, 702.153a, 702.166a, 118.8).

Replicate is paid any number of times; casualty sacrifices a creature with power N or greater; bargain an
artifact, enchantment or token. Their copies are made after casting, with targets chosen then. Counts are worked
out by hand; each scenario runs on every backend.
"""

from __future__ import annotations


def test_replicate_paid_any_number_of_times(make_state, casts):
    """Pyromatics ({1}{R}, replicate {1}{R}, 1 damage to any target): four Mountains pay it once more at most.

    Replicate paid 0 or 1 times, times any target P1 or P2: 2 x 2 = 4 casts.
    """
    state = make_state(hand=[("pyro", "Pyromatics")], battlefield=[(f"m{i}", "Mountain") for i in range(4)])
    found = casts(state, "pyro")
    assert len(found) == 4 and sorted({dict(c.additional_costs).get("replicate", 0) for c in found}) == [0, 1]


def test_casualty_sacrifices_a_creature_with_enough_power(make_state, casts):
    """Flawless Forgery ({3}{U}{U}, casualty 3): Hill Giant (3/3) may be sacrificed, Grizzly Bears (2/2) may not.

    One instant card in the opponent's graveyard to target. Casualty not paid, or paid with Hill Giant: 2 casts.
    """
    state = make_state(
        hand=[("ff", "Flawless Forgery")],
        battlefield=[(f"i{i}", "Island") for i in range(5)] + [("giant", "Hill Giant"), ("bears", "Grizzly Bears")],
        objects=[{"id": "bolt", "card": "Lightning Bolt", "zone": "graveyard", "owner": "P2"}],
    )
    assert sorted(c.sacrifices for c in casts(state, "ff")) == [(), ("giant",)]


def test_bargain_sacrifices_an_artifact_enchantment_or_token(make_state, casts):
    """Torch the Tower ({R}, bargain; 2 damage to target creature or planeswalker): one Mountain.

    Sacrifice candidates: Sol Ring (artifact), Bad Moon (enchantment), a Grizzly Bears token; not a nontoken
    Grizzly Bears. Targets: the two Grizzly Bears (the token may be targeted and sacrificed, CR 601.2c).
    Not bargained: 2 targets; bargained: 3 candidates x 2 targets = 6. Total 8.
    """
    state = make_state(
        hand=[("torch", "Torch the Tower")],
        battlefield=[
            ("m", "Mountain"),
            ("ring", "Sol Ring"),
            ("moon", "Bad Moon"),
            ("tok", "Grizzly Bears", {"token": True}),
            ("bears", "Grizzly Bears"),
        ],
    )
    found = casts(state, "torch")
    assert len(found) == 8 and {c.sacrifices for c in found} == {(), ("ring",), ("moon",), ("tok",)}
