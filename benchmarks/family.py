"""The scaling family of the benchmarks: a Requisition Raid-like Arcane Spree spell.

``family_state(n, k)``: P1 casts an Arcane sorcery with Requisition Raid's
three Spree modes (destroy target artifact / destroy target enchantment /
+1/+1 counters for target player's creatures, each +{1}), with ``k`` Glacial
Rays in hand (Splice onto Arcane {1}{R}, any target) and enough mana for
everything; P2 controls ``n`` artifacts, ``n`` enchantments and ``n``
creatures.

Expected count, by hand (CR 702.172a, 702.47b, 115.3):

- modes: every non-empty subset, each mode's choices multiplied:
  (1 + n) * (1 + n) * (1 + 2) - 1
- splices: for j of the k cards spliced, C(k, j) sets * j! orders * (n + 2)^j
  any-target choices (n creatures and 2 players);
- total = modes * sum over j of C(k, j) * j! * (n + 2)^j.
"""

from __future__ import annotations

import math

from models.io.state_json import state_from_data
from models.state import GameState

__all__ = ["family_state", "family_count", "SIZES", "SPLICE_COUNTS"]

SIZES = (2, 5, 10, 20, 40)
SPLICE_COUNTS = (0, 1, 2, 3, 4)

RAID_ARCANE = {
    "name": "Arcane Requisition",
    "mana_cost": "{W}",
    "type_line": "Sorcery — Arcane",
    "oracle_text": (
        "Spree (Choose one or more additional costs.)\n"
        "+ {1} — Destroy target artifact.\n"
        "+ {1} — Destroy target enchantment.\n"
        "+ {1} — Put a +1/+1 counter on each creature target player controls."
    ),
}


def family_count(n: int, k: int) -> int:
    """The number of legal casts of the family's spell, worked out by hand (see the module notes)."""
    modes = (1 + n) * (1 + n) * (1 + 2) - 1
    splices = sum(math.comb(k, j) * math.factorial(j) * (n + 2) ** j for j in range(k + 1))
    return modes * splices


def family_state(n: int, k: int) -> GameState:
    """The family's state for ``n`` permanents of each kind and ``k`` splice cards."""
    objects = [{"id": "spell", "card": RAID_ARCANE, "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"ray{i}", "card": "Glacial Ray", "zone": "hand", "owner": "P1"} for i in range(k)]
    objects += [{"id": f"art{i}", "card": "Sol Ring", "zone": "battlefield", "controller": "P2"} for i in range(n)]
    objects += [{"id": f"ench{i}", "card": "Bad Moon", "zone": "battlefield", "controller": "P2"} for i in range(n)]
    objects += [
        {"id": f"bear{i}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} for i in range(n)
    ]
    # Enough mana: {W} + 3 * {1} + k * {1}{R}.
    pool = "{W}" + "{R}" * k + "{C}" * (3 + k)
    return state_from_data({"players": ["P1", "P2"], "objects": objects, "mana_pool": {"P1": pool}})
