"""Conditions and counts the state decides: "if an opponent controls a Plains", "the number of creatures you control".

A condition printed on a spell (an alternative cost's, a cost change's, a timing permission's: CR 118.9, 601.2f,
601.3) holds or not in the state; a count (CR 107.3c: X defined by the text; a cost that changes by a number)
is a number the state gives. Both read the objects a phrase names (:mod:`solver.rules.naming`) and the
characteristics of permanents (:mod:`solver.rules.characteristics`).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from models.abilities import (
    CombatDamageRequirement,
    ControlRequirement,
    Count,
    CountRequirement,
    PresenceRequirement,
    Requirement,
    TargetSpec,
    TurnRequirement,
)
from models.errors import UnsupportedRuleError
from models.mana import Color
from models.objects import Card, CardType, GameObject, Phase, PlayerId, Zone
from models.state import GameState
from models.subtypes import SUBTYPES
from solver.abilities import abilities_of
from solver.problem import CastProblem
from models.oracle.unread import STATIC_CREATURE_TYPE_CHANGE
from solver.rules.characteristics import (
    creature_types,
    refuse_static_changes,
    refuse_static_power_changes,
    refuse_static_type_changes,
)
from solver.rules.naming import candidates_of, is_named_by
from solver.rules.qualities import has_qualities, number_of

__all__ = [
    "card_types_and_mana_value",
    "combat_damage_holds",
    "count_holds",
    "count_of",
    "holds_for",
    "named_objects",
    "party_size",
    "presence_holds",
    "requirement_holds",
    "requirement_text",
    "turn_holds",
    "unblocked_attacker",
]


def requirement_holds(problem: CastProblem, requirement: Requirement) -> bool:
    """Whether a requirement holds for the caster of a problem.

    See :func:`holds_for`, :func:`turn_holds` and :func:`presence_holds`.

    Raises
    ------
    UnsupportedRuleError
        As :func:`presence_holds`.
    """
    if isinstance(requirement, TurnRequirement):
        if requirement.fact == "creature attacking you":
            return creature_attacking(problem)
        if requirement.fact == "unblocked attacker you control":
            return unblocked_attacker(problem, requirement)
        return turn_holds(problem.state, problem.caster, requirement)
    if isinstance(requirement, PresenceRequirement):
        return presence_holds(problem, requirement)
    if isinstance(requirement, CountRequirement):
        return count_holds(problem, requirement)
    if isinstance(requirement, CombatDamageRequirement):
        return combat_damage_holds(problem.state, problem.caster, requirement, problem.spell.name)
    return holds_for(problem.state, problem.caster, requirement)


def named_objects(problem: CastProblem, spec: TargetSpec) -> list[GameObject]:
    """The objects a target phrase names in the state, by what they are, not whether they could be targeted.

    Each candidate of the phrase (:func:`~solver.rules.targets.candidates_of`) whose kind, controller and
    qualities it names (:func:`~solver.rules.targets.is_named_by`, CR 115.1); players are left out.

    Parameters
    ----------
    problem : CastProblem
    spec : TargetSpec
        The phrase: "target creature you control with power 4 or greater".

    Returns
    -------
    list of GameObject
        In the order of the candidates (permanents in file order).

    Raises
    ------
    UnsupportedRuleError
        As :func:`~solver.rules.targets.is_named_by`.
    """
    state = problem.state
    return [
        state.object(c)
        for c in candidates_of(problem, spec)
        if c not in state.players and is_named_by(problem, spec, c)
    ]


_PARTY = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(problem: CastProblem) -> int:
    """How many creatures the caster's party has: up to one each of Cleric, Rogue, Warrior and Wizard (CR 700.8).

    The most creatures the caster controls that can each be given a different one of the four types among its
    own creature types (changeling: every one, CR 702.73a), 0 to 4.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    int

    Raises
    ------
    UnsupportedRuleError
        A permanent on the battlefield whose static ability may change creature types (CR 613.1d), not applied.
    """
    refuse_static_changes(
        problem, STATIC_CREATURE_TYPE_CHANGE, "CR 613.1d", "creature types", "the creatures of a party can't be told"
    )
    refuse_static_type_changes(problem)
    roles = [
        (frozenset(creature_types(o)) | _also_types(problem, o)) & frozenset(_PARTY)
        for o in problem.state.objects_in(Zone.BATTLEFIELD, problem.caster)
        if o.card.has_type(CardType.CREATURE)
    ]
    roles = [r for r in roles if r]
    best = 0
    for size in range(min(len(roles), len(_PARTY)), 0, -1):
        # a party of this size: some creatures, each given a different type of its own (a matching)
        if any(
            any(len(set(pick)) == size for pick in itertools.product(*chosen))
            for chosen in itertools.combinations(roles, size)
        ):
            best = size
            break
    return best


_ALSO = re.compile(r"\b(?:is|are) also\b")
_SELF_ALSO = re.compile(r"^(?:~|this creature) is also an? (?P<types>[A-Za-z, ]+)\.$", re.MULTILINE)


def _also_types(problem: CastProblem, obj: GameObject) -> frozenset[str]:
    """The creature types a creature's own "~ is also a Cleric, Rogue, Warrior, and Wizard." gives it (CR 205.3).

    Raises
    ------
    UnsupportedRuleError
        A permanent on the battlefield with other "is also" / "are also" text, which may give types to others.
    """
    for other in problem.state.battlefield():
        text = other.card.oracle_text.replace(other.card.name, "~")
        if _ALSO.search(_SELF_ALSO.sub("", text)):
            raise UnsupportedRuleError(
                other.name,
                other.card.oracle_text,
                "a static ability that may add creature types is not applied (CR 613.1d): "
                "the creatures of a party can't be told",
            )
    text = obj.card.oracle_text.replace(obj.card.name, "~")
    return frozenset(
        word for found in _SELF_ALSO.finditer(text) for word in re.split(r", and |, | and ", found["types"])
    )


def creature_attacking(problem: CastProblem) -> bool:
    """Whether a creature is attacking the caster ("if a creature is attacking you", CR 506.3, 508.1b).

    Only the active player's creatures attack (CR 506.2, 506.3d): on the caster's turn none attacks them. A
    creature attacks a player, a planeswalker or a battle (CR 508.1b), and the state says which creatures
    attack, not what each attacks: it decides the question when no creature of an opponent attacks (no), and
    in a two-player game when the caster controls no planeswalker and no battle is on the battlefield (each
    attacking creature attacks the caster: yes).

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    bool

    Raises
    ------
    UnsupportedRuleError
        Creatures of an opponent attack, and what they attack can't be told.
    """
    state, caster = problem.state, problem.caster
    attackers = [o for o in state.battlefield() if o.attacking and o.controller != caster]
    if not attackers:
        return False
    battlefield = state.battlefield()
    if len(state.players) == 2 and not any(
        o.card.has_type(CardType.BATTLE) or (o.card.has_type(CardType.PLANESWALKER) and o.controller == caster)
        for o in battlefield
    ):
        return True
    raise UnsupportedRuleError(
        problem.spell.name,
        "a creature is attacking you",
        "the state says which creatures attack, not whom: with several opponents, a "
        "planeswalker or a battle, whether one attacks this player can't be told",
    )


def unblocked_attacker(problem: CastProblem, requirement: TurnRequirement) -> bool:
    """Whether the caster controls an unblocked attacking creature in the declare blockers step (sneak).

    Attacking creatures exist only in the combat phase (CR 506.4), and only the active player's creatures
    attack (CR 506.2): outside it, or when the caster controls no attacking creature, no. Otherwise the state
    does not say which step of combat it is (CR 506.1), nor which attacking creatures are blocked (CR 509.1h).

    Parameters
    ----------
    problem : CastProblem
    requirement : TurnRequirement
        Its words, for the error.

    Returns
    -------
    bool

    Raises
    ------
    UnsupportedRuleError
        In the combat phase, while the caster controls an attacking creature.
    """
    state = problem.state
    if state.phase is not Phase.COMBAT:
        return False
    if not any(o.attacking for o in state.battlefield() if o.controller == problem.caster):
        return False
    raise UnsupportedRuleError(
        problem.spell.name,
        requirement.text,
        "the state does not say which step of combat it is, nor which attacking creatures "
        "are blocked (CR 506.1, 509.1h)",
    )


def count_holds(problem: CastProblem, requirement: CountRequirement) -> bool:
    """Whether what the requirement counts is within its bounds (CR 601.2f, 601.3).

    Parameters
    ----------
    problem : CastProblem
    requirement : CountRequirement

    Returns
    -------
    bool
        With ``one_opponent``, whether the count of one of the caster's opponents is within them; with
        ``fewer_than_each_opponent``, whether the caster's count is less than each opponent's.

    Raises
    ------
    UnsupportedRuleError
        As :func:`count_of`.
    """

    def within(number: int) -> bool:
        return number >= requirement.at_least and (requirement.at_most is None or number <= requirement.at_most)

    if requirement.fewer_than_each_opponent:  # "you control fewer creatures than each opponent"
        mine = count_of(problem, requirement.count, problem.caster)
        return all(
            mine < count_of(problem, requirement.count, player)
            for player in problem.state.players
            if player != problem.caster
        )
    if requirement.one_opponent:
        return any(
            within(count_of(problem, requirement.count, player))
            for player in problem.state.players
            if player != problem.caster
        )
    return within(count_of(problem, requirement.count))


def presence_holds(problem: CastProblem, requirement: PresenceRequirement) -> bool:
    """Whether at least so many objects are as the requirement's phrase names them (CR 601.2f, 115.1).

    Each object or card the phrase could name in the state (:func:`~solver.rules.targets.candidates_of`) is
    tested by what it is (:func:`~solver.rules.targets.is_named_by`: kind, controller, qualities), never by
    whether the spell could target it.

    Parameters
    ----------
    problem : CastProblem
    requirement : PresenceRequirement

    Returns
    -------
    bool
        With ``one_player``, whether one player's objects (owner of a card in a graveyard, controller of a
        permanent) reach ``at_least``.

    Raises
    ------
    UnsupportedRuleError
        A quality of the phrase the state's static abilities may change (power, types) and can't be judged.
    """
    named = named_objects(problem, requirement.objects)
    if not requirement.one_player:
        return len(named) >= requirement.at_least
    per_player: dict[str, int] = {}
    for obj in named:
        player = obj.owner if obj.zone is Zone.GRAVEYARD else obj.controller
        per_player[player] = per_player.get(player, 0) + 1
    return any(count >= requirement.at_least for count in per_player.values())


PLAYER_FACTS = frozenset({"spells_cast", "life_lost", "life_gained", "cards_drawn", "noncombat_damage"})
"""The state's ``this_turn`` facts given per player that a :class:`~models.abilities.Count` counts: spells cast,
life lost (CR 119.3), life gained (CR 119.3), cards drawn (CR 121.1), noncombat damage dealt to them (CR 120.1)."""


_FACT_KEYS = {"opponent lost life": "life_lost", "cast another spell": "spells_cast", "creature died": "creatures_died"}


def turn_holds(state: GameState, caster: str, requirement: TurnRequirement) -> bool:
    """Whether what the requirement asks happened this turn, by the state's ``this_turn`` facts.

    A fact the state does not give is taken as nothing happened (the conservative reading).

    Parameters
    ----------
    state : GameState
    caster : str
    requirement : TurnRequirement

    Returns
    -------
    bool
    """
    if requirement.fact in ("your turn", "not your turn"):  # whose turn it is (CR 102.1, 500.1)
        return (state.active_player == caster) == (requirement.fact == "your turn")
    facts = state.this_turn
    if requirement.fact == "opponent lost life":  # CR 702.137a
        return any(facts.life_lost_by(p) > 0 for p in state.players if p != caster)
    if requirement.fact == "cast another spell":  # CR 702.117a: before this one, so any in the facts
        return facts.spells_cast_by(caster) > 0
    return facts.creatures_died > 0


_CREATURE_TYPES = frozenset(SUBTYPES["creature"])


def combat_damage_holds(state: GameState, caster: str, requirement: CombatDamageRequirement, card: str = "") -> bool:
    """Whether a creature of the caster's with one of the subtypes dealt combat damage to a player this turn.

    Read from the state's ``this_turn.combat_damage_by``, which STATE_FORMAT.md gives for freerunning: each entry
    is taken as a source that dealt combat damage *to a player* this turn (freerunning's and prowl's condition,
    CR 702.173a, 702.76a). Only creatures deal combat damage (CR 510.1). An entry is

    - ``{"player": P, "subtype": T}``: a creature P controlled, with creature type T, dealt it; or
    - an object id: that object dealt it. The state has no history of characteristics, so a permanent on the
      battlefield is taken with its controller and creature types now (changeling: every one, CR 702.73a).
      An id of an object elsewhere, or of none in the state, does not say whose creature it was, nor what.

    A fact the file does not give is taken as absent (STATE_FORMAT.md's conservative reading), so the condition
    holds only if an entry shows it. A permanent named by its id is a commander (freerunning, CR 702.173a, 903.3)
    as the state marks it; a ``{"player", "subtype"}`` entry does not say which card dealt the damage, so whether
    it was a commander is not decided, and is reported unsupported whenever the answer hangs on it (no entry
    shows an Assassin or a commander of the caster's, and one shows another creature of theirs). An entry the
    state does not describe is likewise reported when the answer hangs on it.

    Parameters
    ----------
    state : GameState
    caster : str
        The player "you" is.
    requirement : CombatDamageRequirement
    card : str
        The card's name, for the error.

    Returns
    -------
    bool

    Raises
    ------
    UnsupportedRuleError
        The answer hangs on whether a creature was a commander, or on an entry the state does not describe.
    ValueError
        An entry that is neither an id nor exactly ``{"player", "subtype"}``.
    """
    undecided: list[str] = []
    for entry in state.this_turn.combat_damage_by:
        if isinstance(entry, str):
            obj = state.object(entry) if state.has_object(entry) else None
            if obj is None or obj.zone is not Zone.BATTLEFIELD:
                undecided.append(f"{entry!r}: no permanent of the state says whose it was and what")
                continue
            if obj.controller != caster:
                continue
            changeling = "changeling" in abilities_of(obj).keywords
            types = _CREATURE_TYPES if changeling else frozenset(obj.card.subtypes) & _CREATURE_TYPES
            if types & requirement.subtypes or (requirement.commander and obj.commander):  # CR 903.3
                return True
            continue
        fact = dict(entry)
        if set(fact) != {"player", "subtype"}:
            raise ValueError(f"this_turn.combat_damage_by: {fact!r} is neither an id nor {{'player', 'subtype'}}")
        if fact["player"] != caster:
            continue
        if fact["subtype"] in requirement.subtypes:
            return True
        if requirement.commander:
            undecided.append(f"a {fact['subtype']} of {caster}: whether it is a commander")
    if undecided:
        raise UnsupportedRuleError(
            card,
            requirement.text,
            "combat damage by a creature the state does not decide "
            f"({'; '.join(undecided)}; an entry of a player and a subtype does not say which card dealt it)",
        )
    return False


def requirement_text(problem: CastProblem, requirement: Requirement) -> str:
    """The words of a requirement, with a note when the state does not give the turn fact it asks."""
    if isinstance(requirement, CombatDamageRequirement) and "combat_damage_by" not in problem.state.this_turn.given:
        return f"{requirement.text} (the state gives no this_turn.combat_damage_by: taken as none)"
    if (
        isinstance(requirement, TurnRequirement)
        and requirement.fact in _FACT_KEYS
        and _FACT_KEYS[requirement.fact] not in problem.state.this_turn.given
    ):
        return f"{requirement.text} (the state gives no this_turn.{_FACT_KEYS[requirement.fact]}: taken as none)"
    if (
        isinstance(requirement, CountRequirement)
        and requirement.count.turn_fact in PLAYER_FACTS
        and requirement.count.turn_fact not in problem.state.this_turn.given
    ):
        return f"{requirement.text} (the state gives no this_turn.{requirement.count.turn_fact}: taken as none)"
    return requirement.text


def holds_for(state: GameState, caster: str, requirement: ControlRequirement) -> bool:
    """Whether the caster (or an opponent of theirs) controls a permanent of the subtype and type (CR 205.3).

    Parameters
    ----------
    state : GameState
    caster : str
        The player "you" is.
    requirement : ControlRequirement

    Returns
    -------
    bool
    """
    players = [PlayerId(caster)] if requirement.who == "you" else [p for p in state.players if p != caster]
    return any(
        (not requirement.subtype or requirement.subtype in obj.card.subtypes)
        and (requirement.card_type is None or obj.card.has_type(requirement.card_type))
        and (not requirement.supertype or requirement.supertype in obj.card.supertypes)
        for player in players
        for obj in state.objects_in(Zone.BATTLEFIELD, player)
    )


def count_in_state(
    state: GameState,
    you: PlayerId,
    count: Count,
    source: GameObject | None = None,
    affected: GameObject | None = None,
) -> int | None:
    """What a count counts from the state alone, "you" being ``you``; None when it needs a cast to count.

    Parameters
    ----------
    state : GameState
    you : PlayerId
        The player "you", "your" and "opponents" are said of: a permanent's controller, or the caster.
    count : Count
    source : GameObject or None
        The permanent whose ability counts, for "counters on this creature" (CR 122.1).
    affected : GameObject or None
        The object the effect applies to, for "counters on it", "for each Aura attached to it" (``of_affected``).

    Returns
    -------
    int or None
        This turn's facts, opponents, players, the life total, a devotion (CR 700.5), counters on ``source`` (or
        ``affected``), the Auras and Equipment attached to it (CR 301.5, 303.4), cards in graveyards or hands,
        permanents, with their qualities (and the different colours or basic land types among them, CR 305.6, or
        the different card types or mana values among cards in graveyards and hands, a split card's its halves'
        combined, CR 709.4); None for what needs the cast problem (objects named by a target phrase, the party,
        total power, card types or mana values among permanents), for the card types or mana values of another
        card with several faces (CR 712.8), the devotion of a player controlling a split card, and what is
        attached when an Aura on the battlefield is attached to what the state does not say (CR 303.4c).
    """
    if count.counters_on is not None or count.attached:
        return _on_object(state, count, affected if count.of_affected else source)
    if count.quantity is not None and count.quantity.startswith("devotion to "):
        return _devotion_of(state, you, count.quantity.removeprefix("devotion to "))
    if count.turn_fact is not None:
        return _turn_fact(state, you, count)
    if count.opponents:
        return sum(1 for p in state.players if p != you)
    if count.quantity == "players":
        return len(state.players)
    if count.quantity == "life":
        return state.life_of(you)
    if count.quantity is not None and count.quantity.endswith(" counters"):  # "experience counters you have"
        return state.counters_of(you).get(count.quantity.removesuffix(" counters"), 0)
    if count.quantity is not None or count.objects is not None:
        return None
    if count.distinct not in (None, "color", "basic land type") and count.zone not in (Zone.GRAVEYARD, Zone.HAND):
        return None
    return _objects_counted(state, you, count)


def _on_object(state: GameState, count: Count, on: GameObject | None) -> int | None:
    """The counters on one permanent (CR 122.1), or the permanents attached to it (CR 301.5, 303.4)."""
    if on is None:
        return None
    if count.attached:
        return _attached_to(state, on, count)
    counters = dict(on.counters)
    return sum(counters.values()) if count.counters_on == "any" else counters.get(count.counters_on or "", 0)


def _turn_fact(state: GameState, you: PlayerId, count: Count) -> int | None:
    """The turn's facts: creatures that died this turn, spells cast or life lost by "you" or the opponents."""
    if count.turn_fact == "creatures_died":
        return state.this_turn.creatures_died
    if count.turn_fact in PLAYER_FACTS:
        players = [p for p in state.players if (p == you) == (count.controller == "you")]
        return sum(state.this_turn.of_player(count.turn_fact, p) for p in players)
    return None


def _objects_counted(state: GameState, you: PlayerId, count: Count) -> int | None:
    """The cards of graveyards or hands, or the permanents, with the count's qualities (or what differs among them)."""
    owners = {
        "you": {you},
        "opponents": {p for p in state.players if p != you},
    }.get(count.controller, set(state.players))
    if count.zone in (Zone.GRAVEYARD, Zone.HAND):
        objects = [o for o in state.objects_in(count.zone) if o.owner in owners]
    else:
        objects = [o for o in state.battlefield() if o.controller in owners]
    objects = [o for o in objects if has_qualities(o, count.qualities)]
    if count.distinct == "color":
        return len({c for o in objects for c in o.card.colors})
    if count.distinct == "basic land type":  # domain: among lands (CR 305.6)
        lands = [o for o in objects if o.card.has_type(CardType.LAND)]
        return len({s for o in lands for s in o.card.subtypes if s in _BASIC_LAND_TYPES})
    if count.distinct is not None:
        return _distinct_cards(objects, count.distinct)
    return len(objects)


_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
"""The basic land types (CR 305.6)."""


def _attached_to(state: GameState, on: GameObject, count: Count) -> int | None:
    """The permanents with the count's qualities attached to ``on`` (CR 301.5, 303.4); None when not told.

    An Aura the state says is attached to nothing is attached to something (CR 303.4c): it may be to ``on``.
    """
    attached = [o for o in state.battlefield() if has_qualities(o, count.qualities)]
    if any(o.attached_to is None and "Aura" in o.card.subtypes for o in attached):
        return None
    return sum(1 for o in attached if o.attached_to == on.id)


def _devotion_of(state: GameState, you: PlayerId, colour: str) -> int | None:
    """A player's devotion to a colour (CR 700.5); None when they control a split card (its cost, CR 709.4b)."""
    wanted = {c.name.lower(): c for c in Color}.get(colour)
    if wanted is None:
        return None
    total = 0
    for obj in state.objects_in(Zone.BATTLEFIELD, you):
        if obj.card.halves:
            return None
        if obj.card.mana_cost is not None:
            total += sum(1 for symbol in obj.card.mana_cost.symbols if wanted in symbol.colors)
    return total


def card_types_and_mana_value(card: Card) -> tuple[frozenset[CardType], int] | None:
    """A card's card types and mana value outside the stack, or None for a card with faces other than halves.

    A split card's are those of its halves combined: each card type of either half (CR 709.4c), the mana value
    of their combined mana costs (CR 709.4b). Another card with several faces (transforming, modal, adventurer,
    flip) is not read here (CR 712.8, 715.4, 709.4 for halves alone).

    Parameters
    ----------
    card : Card

    Returns
    -------
    (frozenset of CardType, int) or None
        Kindred for tribal (CR 205.2a); None when not read.
    """
    if card.halves:
        types = {t for half in card.halves for t in half.types}
        value = sum(half.mana_value for half in card.halves)
    elif card.faces:
        return None
    else:
        types, value = set(card.types), card.mana_value
    return frozenset(CardType.KINDRED if t is CardType.TRIBAL else t for t in types), value


def _distinct_cards(objects: list[GameObject], what: str) -> int | None:
    """The different card types (CR 205.2a) or mana values (CR 202.3) among cards; None for a card not read.

    A split card's are its halves' combined (CR 709.4): :func:`card_types_and_mana_value`.
    """
    read = [card_types_and_mana_value(o.card) for o in objects]
    if any(r is None for r in read):
        return None
    if what == "card type":
        return len({t for r in read if r is not None for t in r[0]})
    return len({r[1] for r in read if r is not None})


def count_of(problem: CastProblem, count: Count, player: str | None = None) -> int:
    """How many objects (or opponents, or what else the count names) a cost change counts now (CR 601.2f).

    Parameters
    ----------
    problem : CastProblem
    count : Count
    player : str or None
        Count only this player's permanents (controller) or cards (owner), whatever ``count.controller`` says;
        None: as it says.

    Returns
    -------
    int
        Opponents of the caster; players in the game; a sum of this turn's facts; the creatures in the caster's
        party (CR 700.8); the caster's life total; or the caster's graveyard or hand cards, or the permanents of
        the players named, that have the qualities (with ``distinct``, the different colours, card types or mana
        values among them).

    Raises
    ------
    UnsupportedRuleError
        A count the state's static abilities may change and can't be judged (creature types, card types,
        power), or the card types or mana values of a card with several faces.
    """
    state, caster = problem.state, problem.caster
    if count.turn_fact in PLAYER_FACTS and player is not None:
        # one player's facts ("an opponent cast two or more spells this turn")
        return state.this_turn.of_player(count.turn_fact, player)
    if (count.quantity or "").endswith(" counters") and player is not None:  # "an opponent has … counters"
        return state.counters_of(player).get((count.quantity or "").removesuffix(" counters"), 0)
    if _of_the_state_alone(count):
        number = count_in_state(state, caster, count)
        if number is None:  # counters on a permanent: counted by the permanent's own ability, never here
            raise UnsupportedRuleError(problem.spell.name, count.text, "counters of no permanent named")
        return number
    if count.quantity == "party":
        return party_size(problem)
    if count.quantity in ("total power", "total toughness", "greatest power"):
        return _of_creatures_you_control(problem, count.quantity)
    if count.quantity is not None and count.quantity.startswith("devotion to "):
        return _devotion(problem, count.quantity.removeprefix("devotion to "))
    if count.objects is not None:
        objects = named_objects(problem, count.objects)
        if player is not None:
            objects = [o for o in objects if o.controller == player]
    elif count.zone in (Zone.GRAVEYARD, Zone.HAND):
        objects = [o for o in state.objects_in(count.zone) if o.owner == (player or caster)]
    else:
        objects = [
            o
            for o in state.battlefield()
            if (
                o.controller == player
                if player is not None
                else count.controller == "any" or (o.controller == caster) == (count.controller == "you")
            )
        ]
    objects = [o for o in objects if has_qualities(o, count.qualities)]
    if count.distinct is None:
        return len(objects)
    return len(_distinct_values(problem, objects, count.distinct))


def _of_the_state_alone(count: Count) -> bool:
    """Whether a count is a number of the state alone, no object counted: turn facts, players, life, counters."""
    return bool(
        count.counters_on is not None
        or count.turn_fact
        or count.opponents
        or count.quantity in ("players", "life")
        or (count.quantity or "").endswith(" counters")
    )


def _of_creatures_you_control(problem: CastProblem, quantity: str) -> int:
    """The total power or toughness, or the greatest power, of the creatures the caster controls, at least 0.

    Read as the game sees them, with counters (CR 208, 122.1a); 0 with no creature, and 0 for a negative result
    (CR 107.1b).

    Parameters
    ----------
    problem : CastProblem
    quantity : str
        ``"total power"``, ``"total toughness"`` or ``"greatest power"``.

    Raises
    ------
    UnsupportedRuleError
        A static ability not read that may change power or toughness, or what is a creature (CR 613.1d, 613.4),
        or a power an ability defines.
    """
    refuse_static_power_changes(problem)
    refuse_static_type_changes(problem)
    attribute = "toughness" if quantity == "total toughness" else "power"
    values = [
        number_of(o, attribute)
        for o in problem.state.objects_in(Zone.BATTLEFIELD, problem.caster)
        if o.card.has_type(CardType.CREATURE)
    ]
    found = max(values, default=0) if quantity == "greatest power" else sum(values)
    return max(0, found)


def _devotion(problem: CastProblem, colour: str) -> int:
    """The caster's devotion to a colour: its mana symbols among the mana costs of their permanents (CR 700.5).

    A hybrid symbol counts toward each of its colours, a Phyrexian one toward its colour (CR 700.5a); a
    permanent with no mana cost (a token, a back face, a face-down permanent) counts none.

    Raises
    ------
    UnsupportedRuleError
        A split card on the battlefield, whose mana cost is that of its halves combined (CR 709.4).
    """
    wanted = {c.name.lower(): c for c in Color}[colour]
    total = 0
    for obj in problem.state.objects_in(Zone.BATTLEFIELD, problem.caster):
        if obj.card.halves:
            raise UnsupportedRuleError(
                problem.spell.name,
                f"devotion to {colour}",
                f"{obj.name} is a split card: its mana cost is not read for devotion",
            )
        if obj.card.mana_cost is not None:
            total += sum(1 for symbol in obj.card.mana_cost.symbols if wanted in symbol.colors)
    return total


def _distinct_values(problem: CastProblem, objects: list[GameObject], what: str) -> set[Any]:
    """The different colours (CR 105.2), card types (CR 205.2a) or mana values (CR 202.3) among the objects.

    A split card's are its halves' combined (CR 709.4b-c).

    Raises
    ------
    UnsupportedRuleError
        Card types or mana values of another card with several faces (whose characteristics depend on its layout
        and zone, CR 712.8) are not read here.
    """
    values: set[Any] = set()
    for obj in objects:
        if what == "color":
            values |= set(obj.card.colors)
            continue
        read = card_types_and_mana_value(obj.card)
        if read is None:
            raise UnsupportedRuleError(
                obj.name, obj.card.type_line, f"the {what} of a card with several faces, counted among others"
            )
        if what == "card type":
            values |= read[0]
        else:
            values.add(read[1])
    return values
