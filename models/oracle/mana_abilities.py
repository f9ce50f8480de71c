"""Mana abilities of permanents read from a grammar tree: what they add, what they cost (CR 605.1a, 106).

Read by the permanents' lines (:mod:`models.oracle.permanents`) and by abilities an effect gives
(:func:`models.oracle.keywords.parse_granted`: 'Lands you control have "{T}: Add one mana of any color."').
"""

from __future__ import annotations

import dataclasses
import re

from lark import Token, Tree

from models.abilities import ControlRequirement, ManaAbility
from models.oracle.grammar import tree_tokens
from models.oracle.unread import UnreadText
from models.oracle.words import SUBTYPE_BY_WORD

__all__ = ["mana_ability"]


def mana_ability(tree: Tree[Token]) -> ManaAbility:
    """The mana ability a ``mana_ability_line`` tree reads (CR 605.1a)."""
    costs = {t.type: str(t) for t in tree.children if isinstance(t, Token)}
    activation = int(costs["ACTIVATION_GENERIC"].strip("{}")) if "ACTIVATION_GENERIC" in costs else 0
    counter = re.match(r"remove an? ([a-z+/0-9-]+) counter", costs.get("REMOVE_COUNTER", ""))
    ability = dataclasses.replace(
        _mana_units(tree),
        taps="TAP_COST" in costs,
        activation=activation,
        sacrifices="SELF_SACRIFICE" in costs,
        from_hand="SELF_EXILE_FROM_HAND" in costs,
        life=int(costs["PAY_LIFE"].split()[1]) if "PAY_LIFE" in costs else 0,
        energy=costs.get("PAY_ENERGY", "").count("{e}"),
        counter=counter.group(1) if counter else "",
    )
    rider = next((str(t) for t in tree.children if isinstance(t, Token) and t.type == "MANA_RIDER"), "")
    found = re.fullmatch(r"activate only if you control an? ([a-z]+)\.", rider)
    if found:  # "Activate only if you control a Swamp." (CR 602.5b)
        subtype = SUBTYPE_BY_WORD.get(found.group(1))
        if subtype is None:
            raise UnreadText(rider, "a condition of a mana ability not read")
        return dataclasses.replace(ability, requires=(ControlRequirement("you", subtype, f"you control a {subtype}"),))
    return ability


def _mana_units(tree: Tree[Token]) -> ManaAbility:
    output = next(c for c in tree.children if isinstance(c, Tree))
    if output.data == "add_symbols":
        units = []
        for token in tree_tokens(output):
            letter = str(token).strip("{}").upper()
            if letter.isdigit():
                raise ValueError(letter)
            units.append(frozenset(letter))
        return ManaAbility(tuple(units))
    if output.data == "add_one_of":
        letters = frozenset(
            str(t).strip("{}").upper() for t in output.children if isinstance(t, Token) and t.type == "MANA_SYMBOL"
        )
        return ManaAbility((letters,))
    return ManaAbility((frozenset("WUBRG"),))
