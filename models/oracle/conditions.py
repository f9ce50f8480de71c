"""Conditions the state decides when a spell is cast: whose turn, what is controlled, how many (CR 601.2f, 601.3).

Each reader gives :class:`~models.abilities.Requirement` records, or None when the words are not read.
"""

from __future__ import annotations

import re
from dataclasses import replace


from models.abilities import (
    ControllerFilter,
    ControlRequirement,
    TargetKind,
    TargetSpec,
    Count,
    Requirement,
    TurnRequirement,
    ObjectFilter,
    Quality,
    PresenceRequirement,
    CountRequirement,
)
from models.objects import CardType, Zone

from models.oracle.qualities import add_quality
from models.oracle.targets import counted_objects, phrase_spec
from models.oracle.words import CARD_TYPE_WORDS, NUMBER_WORDS, SUBTYPE_BY_WORD

__all__ = [
    "COMMANDER_CONTROLLED",
    "COST_CONDITIONS",
    "count_condition",
    "presence_condition",
    "alternative_condition",
    "END_STEP_REASON",
    "state_condition",
]


COST_CONDITIONS: dict[str, Requirement] = {
    "a creature died this turn": TurnRequirement("creature died", "a creature died this turn"),
    "you've cast another spell this turn": TurnRequirement(
        "cast another spell", "you have cast another spell this turn"
    ),
    # the state says which creatures attack; whether one attacks this player, the solver decides or reports
    "a creature is attacking you": TurnRequirement("creature attacking you", "a creature is attacking you"),
}
"""Conditions of a cost change read whole: facts of this turn and of the combat."""


_LIFE_CONDITION = re.compile(r"your life total is (?P<number>\d+) or (?P<way>less|greater)")


_AMONG_CONDITION = re.compile(
    r"there are (?P<number>[a-z]+) or more (?P<what>card types|mana values) among cards in "
    r"your graveyard"
)


_COUNTERS_CONDITION = re.compile(
    r"(?P<who>you have|an opponent has) (?P<number>[a-z]+) or more (?P<kind>poison|energy|experience|rad) counters"
)


_NONE_CONDITION = re.compile(r"(?P<who>you control|an opponent controls) no (?P<what>[a-z ]+s)")


_BOTH_CONDITION = re.compile(r"you control an? (?P<what>[a-z]+) (?P<kind>[a-z]+) and an? non-(?P=what) (?P=kind)")


def count_condition(condition: str) -> Requirement | tuple[Requirement, ...] | None:
    """A condition on a number the state gives, or on two exclusive kinds of permanents, or None (CR 601.2f).

    "your life total is 5 or less" (CR 119); "there are four or more card types among cards in your graveyard"
    (CR 205.2a); "an opponent cast two or more spells this turn" (one opponent's, from the state's this_turn);
    "an opponent has three or more poison counters" (one opponent's counters, CR 122.1);
    "an opponent controls no basic lands" (one opponent's permanents, none of them so); "you control a Human
    creature and a non-Human creature" (two requirements, which no one permanent meets both of).
    """
    if (life := _LIFE_CONDITION.fullmatch(condition)) is not None:
        number = int(life["number"])
        life_total = Count(quantity="life", text="your life total")
        if life["way"] == "less":
            return CountRequirement(life_total, at_most=number, text=condition)
        return CountRequirement(life_total, at_least=number, text=condition)
    among = _AMONG_CONDITION.fullmatch(condition)
    if among is not None and among["number"] in NUMBER_WORDS:
        count = Count(Zone.GRAVEYARD, "you", distinct=among["what"].removesuffix("s"), text=among["what"])
        return CountRequirement(count, at_least=NUMBER_WORDS[among["number"]], text=condition)
    spells = re.fullmatch(r"an opponent cast (?P<number>[a-z]+) or more spells this turn", condition)
    if spells is not None and spells["number"] in NUMBER_WORDS:  # one opponent's spells (the state's this_turn)
        cast = Count(turn_fact="spells_cast", controller="opponents", text="spells cast this turn")
        return CountRequirement(cast, at_least=NUMBER_WORDS[spells["number"]], one_opponent=True, text=condition)
    if (turn := _turn_count_condition(condition)) is not None:
        return turn
    counters = _COUNTERS_CONDITION.fullmatch(condition)
    if counters is not None and counters["number"] in NUMBER_WORDS:  # a player's counters (CR 122.1)
        had = Count(quantity=f"{counters['kind']} counters", text=f"{counters['kind']} counters")
        opponent = counters["who"] == "an opponent has"
        return CountRequirement(had, at_least=NUMBER_WORDS[counters["number"]], one_opponent=opponent, text=condition)
    if (none := _NONE_CONDITION.fullmatch(condition)) is not None:
        where = "you control" if none["who"] == "you control" else "an opponent controls"
        spec = counted_objects(f"{none['what'][:-1]} {where}")
        if spec is None:
            return None
        return CountRequirement(
            Count(objects=spec, text=none["what"]), at_most=0, one_opponent=none["who"] != "you control", text=condition
        )
    two_types = re.fullmatch(r"you control an? (?P<first>[a-z]+) (?P<second>[a-z]+)", condition)
    if two_types is not None and {two_types["first"], two_types["second"]} <= CARD_TYPE_WORDS - {"instant", "sorcery"}:
        qualities = ObjectFilter(
            tuple(
                frozenset({Quality("type", CardType(w.capitalize()))})
                for w in (two_types["first"], two_types["second"])
            ),
            condition,
        )
        return CountRequirement(
            Count(Zone.BATTLEFIELD, "you", qualities, text=condition), at_least=1, text=condition
        )  # "an artifact creature": both card types (CR 205.2a)
    if (both := _BOTH_CONDITION.fullmatch(condition)) is not None:
        first = presence_condition(f"you control a {both['what']} {both['kind']}")
        second = presence_condition(f"you control a non-{both['what']} {both['kind']}")
        if first is None or second is None:
            return None
        return first, second
    return None


_GAINED_OR_DREW = re.compile(
    r"(?P<who>you|an opponent)(?: gained life|(?:'ve| have| has) gained (?P<life>\w+) or more life) this turn"
    r"|(?P<drawer>you|an opponent)(?: drew|'ve drawn| have drawn| has drawn) (?P<cards>\w+) or more cards this turn"
)


def _turn_count_condition(condition: str) -> CountRequirement | None:
    """A number of this turn's facts: the state's ``this_turn`` life gained (CR 119.3) or cards drawn (CR 121.1).

    "you gained life this turn", "you've gained 3 or more life this turn", "an opponent has drawn four or more
    cards this turn": the caster's, or one opponent's. None for other words.
    """
    found = _GAINED_OR_DREW.fullmatch(condition)
    if found is None:
        return None
    number = found["life"] or found["cards"]
    at_least = 1 if number is None else int(number) if number.isdigit() else NUMBER_WORDS.get(number)
    if at_least is None:
        return None
    who = found["who"] or found["drawer"]
    fact = "cards_drawn" if found["drawer"] else "life_gained"
    count = Count(turn_fact=fact, controller="you" if who == "you" else "opponents", text=fact.replace("_", " "))
    return CountRequirement(count, at_least=at_least, one_opponent=who == "an opponent", text=condition)


_AMOUNT = r"(?P<amount>an?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen) or more)"


_PRESENCE = (  # (pattern, the target phrase that names each object, one player's only)
    (re.compile(rf"you control {_AMOUNT} (?P<what>.+)"), "target {head} you control{tail}", False),
    (re.compile(rf"an opponent controls {_AMOUNT} (?P<what>.+)"), "target {head} an opponent controls{tail}", True),
    (re.compile(rf"your opponents control {_AMOUNT} (?P<what>.+)"), "target {head} an opponent controls{tail}", False),
    (re.compile(rf"there (?:are|is) {_AMOUNT} (?P<what>.+) on the battlefield"), "target {head}{tail}", False),
    (
        re.compile(rf"there (?:are|is) {_AMOUNT} (?P<what>.+) in your graveyard"),
        "target {head}{tail} in your graveyard",
        False,
    ),
    (re.compile(rf"you have {_AMOUNT} (?P<what>.+) in your graveyard"), "target {head}{tail} in your graveyard", False),
    (
        re.compile(rf"an opponent has {_AMOUNT} (?P<what>.+) in their graveyard"),
        "target {head}{tail} in an opponent's graveyard",
        True,
    ),
    (re.compile(rf"{_AMOUNT} (?P<what>.+) (?:is|are) attacking"), "target attacking {head}{tail}", False),
)


def presence_condition(condition: str) -> PresenceRequirement | None:
    """A condition that so many objects exist, read as a target phrase naming each (CR 601.2f, 115.1).

    "you control a creature with flying" is "target creature you control with flying", at least 1; "there are
    ten or more nonland permanents on the battlefield" is "target nonland permanent", at least 10; "an opponent
    has seven or more cards in their graveyard" is "target card in an opponent's graveyard", at least 7 of one
    opponent's. A plural is made singular by its noun ("permanents", "cards"). None when the words are not one
    target phrase read in whole.

    Parameters
    ----------
    condition : str
        The words after "if", lowercased.

    Returns
    -------
    PresenceRequirement or None
    """
    for pattern, template, one_player in _PRESENCE:
        found = pattern.fullmatch(condition)
        if found is None:
            continue
        amount = found["amount"]
        at_least = 1 if amount in ("a", "an") else NUMBER_WORDS[amount.split()[0]]
        what = found["what"]
        head, tail = (
            (what.split(" with ", 1)[0], " with " + what.split(" with ", 1)[1]) if " with " in what else (what, "")
        )
        if at_least > 1:  # "nonland permanents": the plural noun ends the head
            if not head.endswith("s"):
                return None
            head = head[:-1]
        elif head.endswith("s") and not head.endswith("ss"):
            return None  # a plural after "a": words not read
        # (a divided instance's phrase starts with its amount, never "target": phrase_spec's test of it holds)
        spec = phrase_spec(template.format(head=head, tail=tail))
        return None if spec is None else PresenceRequirement(spec, at_least, one_player, condition)
    return None


_TURN_CONDITIONS = {
    "it's your turn": TurnRequirement("your turn", "it is your turn"),
    "it's not your turn": TurnRequirement("not your turn", "it is not your turn"),
}


COMMANDER_CONTROLLED = PresenceRequirement(
    TargetSpec(
        "a commander you control",
        frozenset({TargetKind.PERMANENT}),
        ControllerFilter.YOU,
        qualities=ObjectFilter((frozenset({Quality("commander")}),), "commander"),
    ),
    text="you control a commander",
)
""""You control a commander": a permanent the caster controls that is a commander, whoever's (CR 903.3d); the
state says which cards are commanders (an object's ``commander``)."""


def alternative_condition(condition: str) -> Requirement | None:
    """The condition of a printed alternative cost, decided by the state, or None when not read (CR 118.9).

    "you control a Swamp" (a subtype), "it's not your turn" / "it's your turn" (whose turn, CR 102.1), and
    the conditions that so many objects exist ("there are thirteen or more creatures on the battlefield",
    "four or more creatures are attacking": :func:`presence_condition`).
    """
    if condition in _TURN_CONDITIONS:
        return _TURN_CONDITIONS[condition]
    if condition == COMMANDER_CONTROLLED.text:
        return COMMANDER_CONTROLLED
    exactly = re.fullmatch(r"exactly (?P<number>[a-z]+) (?P<what>creatures?) (?:is|are) attacking", condition)
    if exactly is not None and exactly["number"] in NUMBER_WORDS:  # Pitfall Trap (CR 506.4, 508.1)
        spec = phrase_spec("target attacking creature")
        number = NUMBER_WORDS[exactly["number"]]
        if spec is not None:
            return CountRequirement(
                Count(objects=spec, text="attacking creatures"), at_least=number, at_most=number, text=condition
            )
    if condition == "you have no land cards in hand":  # Land Grant: the caster's hand (CR 402)
        lands = ObjectFilter((frozenset({Quality("type", CardType.LAND)}),), "land cards")
        return CountRequirement(
            Count(Zone.HAND, "you", lands, text="land cards in your hand"), at_most=0, text=condition
        )
    counted = count_condition(condition)  # "an opponent cast three or more spells this turn" (Mindbreak Trap)
    if isinstance(counted, CountRequirement):
        return counted
    control = re.fullmatch(r"you control an? (?P<subtype>[a-z]+)", condition)
    if control and control["subtype"] in SUBTYPE_BY_WORD:
        subtype = SUBTYPE_BY_WORD[control["subtype"]]
        return ControlRequirement("you", subtype, f"you control a {subtype}")
    return presence_condition(condition)


END_STEP_REASON = (
    "the end step: the state's end phase holds the end step and the cleanup step, in which a player "
    "may get priority too, and does not tell them apart (CR 512.1, 513, 514.3a)"
)


def state_condition(condition: str) -> tuple[Requirement, ...] | None:
    """A condition that the state decides when the spell is cast, or None when not read (CR 601.2f, 601.3).

    Facts of this turn and of the combat ("a creature is attacking you"), whose turn it is, "you control a
    Wizard" / "you control an enchantment" (a subtype or a card type), "you control fewer creatures than each
    opponent" (a count of each player's permanents compared), numbers the state gives
    (:func:`count_condition`), and so many objects existing (:func:`presence_condition`).

    Parameters
    ----------
    condition : str
        The words after "if" or "as long as", lowercased.

    Returns
    -------
    tuple of Requirement, or None
        All must hold.
    """
    if condition in COST_CONDITIONS:
        return (COST_CONDITIONS[condition],)
    fewer = re.fullmatch(r"you control fewer (?P<what>[a-z]+)s than each opponent", condition)
    if fewer is not None and fewer["what"] in CARD_TYPE_WORDS - {"instant", "sorcery"}:
        kind = ObjectFilter((frozenset({Quality("type", CardType(fewer["what"].capitalize()))}),), fewer["what"])
        return (
            CountRequirement(
                Count(Zone.BATTLEFIELD, "you", kind, text=f"{fewer['what']}s"),
                fewer_than_each_opponent=True,
                text=condition,
            ),
        )
    if condition in _TURN_CONDITIONS:
        return (_TURN_CONDITIONS[condition],)
    if condition == COMMANDER_CONTROLLED.text:  # CR 903.3d
        return (COMMANDER_CONTROLLED,)
    found = re.fullmatch(r"you control an? (?P<what>[a-z]+)", condition)
    what = found["what"] if found else ""
    if what in SUBTYPE_BY_WORD:
        return (ControlRequirement("you", SUBTYPE_BY_WORD[what], f"you control a {SUBTYPE_BY_WORD[what]}"),)
    if what in CARD_TYPE_WORDS:
        return (ControlRequirement("you", "", f"you control a {what}", card_type=CardType(what.capitalize())),)
    if (counted := count_condition(condition)) is not None:
        return counted if isinstance(counted, tuple) else (counted,)
    presence = presence_condition(condition)
    if presence is not None:
        return (presence,)
    # "you control an artifact and an enchantment" is not read: whether one artifact enchantment meets it is not
    # settled here (the same doubt keeps "costs {1} less if you control an artifact and a creature" unread)
    return _not_owned(condition)


_NOT_OWNED = re.compile(r"you control an? (?P<what>[a-z ]+) you don't own")


def _not_owned(condition: str) -> tuple[Requirement, ...] | None:
    """ "you control a nonland permanent you don't own": a permanent the caster controls and another player owns.

    The kind is read as :func:`presence_condition` reads it; its owner is not the caster (CR 108.3, 108.4). None
    when the kind is not read.
    """
    found = _NOT_OWNED.fullmatch(condition)
    if found is None:
        return None
    presence = presence_condition(f"you control a {found['what']}")
    if presence is None or presence.at_least != 1:
        return None
    not_owned = Quality("owner", "you", negated=True)
    objects = replace(presence.objects, qualities=add_quality(presence.objects.qualities, not_owned, "you don't own"))
    return (replace(presence, objects=objects, text=condition),)
