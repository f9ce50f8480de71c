"""Static abilities of permanents that forbid or allow casting other spells (CR 101.2, 601.3, 702.8a).

"Your opponents can't cast spells during your turn.", "Noncreature spells with mana value 4 or greater can't be
cast.", "Each player can't cast more than one spell each turn.", "Each opponent can cast spells only any time
they could cast a sorcery.", "You may cast spells as though they had flash.": each line is read into one
:class:`~models.abilities.CastingRule`, which :mod:`solver.rules.prohibitions` applies to every cast.
"""

from __future__ import annotations

import dataclasses
import re

from models.abilities import CastingRule, Count, EffectCondition, ObjectFilter, Quality
from models.objects import CardType, Zone
from models.oracle.costs import cost_of_parts
from models.oracle.qualities import spell_qualities
from models.oracle.words import NUMBER_WORDS

__all__ = ["read_casting_rule", "read_casting_rules"]


_WHO = {
    "you": "you",
    "your opponents": "opponents",
    "each opponent": "opponents",
    "players": "each",
    "each player": "each",
}

_CANT = re.compile(
    r"(?:(?P<turn>during your turn), )?(?P<who>you|your opponents|each opponent|players|each player)"
    r"(?P<attacked> who attacked with a creature this turn)? can't cast "
    r"(?P<what>.+?)(?: (?P<when>during your turn|during combat))?"
    r"(?: or activate abilities of artifacts, creatures, or enchantments)?\."
)
_CANT_BE_CAST = re.compile(r"(?P<what>.+?) can't be cast\.")
_ONE_EACH_TURN = re.compile(
    r"(?P<who>you|each player) can(?:'t cast more than| cast no more than) (?P<limit>one|two|three) spells? each turn\."
)
_ONLY_YOUR_TURN = re.compile(r"you can cast spells only during your turn\.")
_FREE = re.compile(
    r"you may cast (?P<what>spells|[a-z ]+ spells)(?: with mana value less than or equal to the number of "
    r"(?P<counted>[a-z ]+))?(?P<hand> from your hand)? without paying their mana costs\."
)
_ALTERNATIVE = re.compile(
    r"you may (?P<cost>[^.]+?) rather than pay the mana cost for (?P<what>spells|[a-z ]+ spells) you cast\."
)
"""A cost a permanent lets its controller pay rather than the mana cost of the spells named (CR 118.9)."""
_SORCERY_ONLY = re.compile(
    r"(?P<who>each opponent|your opponents) can cast spells only any time they could cast a sorcery\."
)
_FLASH = re.compile(r"you may cast (?P<what>.+?) as though they had flash\.")

_ZONES = {
    "from anywhere other than their hands": "not hand",
    "from anywhere other than your hand": "not hand",
    "from graveyards or libraries": frozenset({Zone.GRAVEYARD, Zone.LIBRARY}),
    "from graveyards": frozenset({Zone.GRAVEYARD}),
    "from your graveyard": frozenset({Zone.GRAVEYARD}),
}


def read_casting_rules(line: str) -> tuple[CastingRule, ...] | None:
    """The casting rules one static line of a permanent states, or None when the line is not read here.

    A line of two sentences joined by "and" ("You can cast spells only during your turn and you can cast no more
    than two spells each turn.") is two rules, each read whole, or none.

    Parameters
    ----------
    line : str
        The prepared line, lowercased (the card's name as ``~``).

    Returns
    -------
    tuple of CastingRule, or None
        None when the line is no casting rule, or a part of it is not read: nothing is guessed.
    """
    parts = re.split(r" and (?=you can\b)", line)
    rules = [read_casting_rule(part if part.endswith(".") else part + ".") for part in parts]
    if any(rule is None for rule in rules):
        return None
    return tuple(dataclasses.replace(rule, text=line) for rule in rules if rule is not None)


def read_casting_rule(line: str) -> CastingRule | None:
    """The casting rule one static sentence of a permanent states, or None when the line is not one read here.

    Parameters
    ----------
    line : str
        The prepared line, lowercased (the card's name as ``~``).

    Returns
    -------
    CastingRule or None
        None when the line is no casting rule, or a part of it is not read: nothing is guessed.
    """
    if (one := _ONE_EACH_TURN.fullmatch(line)) is not None:
        return CastingRule(line, "one each turn", _WHO[one["who"]], limit=NUMBER_WORDS[one["limit"]])
    if _ONLY_YOUR_TURN.fullmatch(line):  # "can't cast" during turns other than yours (CR 101.2)
        return CastingRule(line, "can't cast", "you", condition=EffectCondition("not your turn", text=line))
    if (free := _FREE.fullmatch(line)) is not None:
        return _free_rule(line, free)
    if (alternative := _ALTERNATIVE.fullmatch(line)) is not None:
        return _alternative_rule(line, alternative)
    if (sorcery := _SORCERY_ONLY.fullmatch(line)) is not None:
        return CastingRule(line, "sorcery timing", _WHO[sorcery["who"]])
    if (flash := _FLASH.fullmatch(line)) is not None:
        return _with_spells(CastingRule(line, "as though flash", "you"), flash["what"])
    if (cant := _CANT.fullmatch(line)) is not None:
        when = cant["turn"] or cant["when"]
        condition = None
        if when is not None:
            condition = EffectCondition("your turn" if "turn" in when else "combat", text=when)
        if cant["attacked"]:  # the state's this_turn.attacked (Angelic Arbiter)
            condition = EffectCondition("attacked this turn", text=cant["attacked"].strip())
        return _with_spells(CastingRule(line, "can't cast", _WHO[cant["who"]], condition=condition), cant["what"])
    if (cast := _CANT_BE_CAST.fullmatch(line)) is not None:
        return _with_spells(CastingRule(line, "can't cast", "each"), cast["what"])
    return None


def _free_rule(line: str, found: re.Match[str]) -> CastingRule | None:
    """A permanent's permission to cast spells without paying their mana costs (CR 118.9).

    "You may cast spells with mana value less than or equal to the number of lands you control without paying
    their mana costs." (Fires of Invention), "… from your hand …" (Omniscience).
    """
    rule = CastingRule(line, "without paying", "you")
    if found["hand"]:
        rule = dataclasses.replace(rule, from_zones=frozenset({Zone.HAND}))
    if found["counted"]:
        counted = _COUNTED.get(found["counted"])
        if counted is None:
            return None
        rule = dataclasses.replace(rule, mana_value_at_most=counted)
    return _with_spells(rule, found["what"])


def _alternative_rule(line: str, found: re.Match[str]) -> CastingRule | None:
    """A permanent's alternative cost for its controller's spells (CR 118.9): paid rather than their mana costs.

    "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast." (Jodah, Archmage Eternal),
    "You may pay {0} rather than pay the mana cost for Zombie creature spells you cast." (Rooftop Storm); the cost
    is read as other costs are (:func:`~models.oracle.costs.cost_of_parts`: "collect evidence 10"). None when a
    part is not read, or the cost has an X ("{X}, where X is that spell's mana value").
    """
    words = found["cost"]
    if re.search(r"\bx\b|\{x\}|\bor\b", words):
        return None
    cost = cost_of_parts(words)
    if isinstance(cost, str) or cost.discards_at_random:
        return None
    rule = CastingRule(line, "alternative cost", "you", alternative=dataclasses.replace(cost, text=words))
    return _with_spells(rule, found["what"])


_COUNTED = {
    "lands you control": Count(
        Zone.BATTLEFIELD,
        "you",
        ObjectFilter((frozenset({Quality("type", CardType.LAND)}),), "land"),
        text="lands you control",
    ),
}
"""What a permanent's "with mana value less than or equal to the number of …" counts."""


def _with_spells(rule: CastingRule, what: str) -> CastingRule | None:
    """The rule with the spells its words name; None when a word is not read.

    "noncreature spells with mana value 4 or greater", "spells from graveyards or libraries", "spells with even
    mana values", "creature spells".
    """
    changes: dict[str, object] = {}
    for phrase, zones in _ZONES.items():
        if what.endswith(" " + phrase):
            what = what.removesuffix(" " + phrase)
            if zones == "not hand":
                changes["not_from_hand"] = True
            else:
                changes["from_zones"] = zones
    clause: list[Quality] = []
    with_part = re.fullmatch(r"(?P<head>.+?) with (?P<with>.+)", what)
    if with_part is not None:
        what = with_part["head"]
        quality = _with(with_part["with"])
        if quality is None:
            return None
        if isinstance(quality, tuple):  # "spells with the name Lightning Bolt" (CR 201.2)
            changes["named"] = quality[1]
        elif quality == "x":
            changes["with_x"] = True
        elif quality == "even":
            changes["even_mana_value"] = True
        elif isinstance(quality, Quality):
            clause.append(quality)
    if what != "spells":
        head = re.fullmatch(r"(?P<words>.+) spells", what)
        if head is None:
            return None
        spells = spell_qualities(head["words"])
        if spells is None:
            return None
        changes["spells"] = ObjectFilter(spells.clauses + tuple(frozenset({q}) for q in clause), what)
    elif clause:
        changes["spells"] = ObjectFilter(tuple(frozenset({q}) for q in clause), what)
    return dataclasses.replace(rule, **changes)  # type: ignore[arg-type]


def _with(words: str) -> Quality | str | tuple[str, str] | None:
    """ "mana value 4 or greater", "{x} in their mana costs", "even mana values", "the name …": what a spell has."""
    if words.startswith("the name ") and len(words) > len("the name ") and "~" not in words:
        return ("name", words.removeprefix("the name "))
    if words == "{x} in their mana costs":
        return "x"
    if words in ("even mana values", "an even mana value"):
        return "even"
    found = re.fullmatch(r"mana value (?P<n>\d+|[a-z]+)(?: or (?P<way>greater|less))?", words)
    if found is None:
        return None
    number = int(found["n"]) if found["n"].isdigit() else NUMBER_WORDS.get(found["n"])
    if number is None:
        return None
    comparison = {None: "=", "greater": ">=", "less": "<="}[found["way"]]
    return Quality("mana value", number, comparison=comparison)
