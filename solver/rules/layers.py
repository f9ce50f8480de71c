"""The layer system: the characteristics of permanents as the game sees them (CR 611.3, 613).

Every rule reads a permanent's card types, subtypes, colours, abilities, power and controller through the state
this module makes: each permanent's printed values with the continuous effects of the static abilities on the
battlefield applied, layer by layer (CR 613.1: control in layer 2, types in 4, colours in 5, abilities in 6, power
and toughness in 7), each effect to the objects it applied to when it began to apply (CR 613.6), under its
condition (CR 611.3a). An effect of a permanent that lost all its abilities in layer 6 no longer exists from
there on (CR 613.8, dependency). A state gives no timestamps (CR 613.7): where two effects on one object in one
layer would give different results in different orders, the answer is unsupported, never guessed.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NoReturn

from models.abilities import (
    ContinuousEffect,
    ControllerFilter,
    Count,
    CountedNumber,
    EffectCondition,
    EffectScope,
    Layer,
    ObjectFilter,
    Quality,
    TargetKind,
)
from models.errors import UnsupportedRuleError
from models.oracle.statics import read_effect_text
from models.oracle.unread import topics_of
from models.mana import Color
from models.objects import CardType, GameObject, ObjectId, PlayerId, Zone
from models.state import GameState
from models.subtypes import SUBTYPES
from solver.abilities import StateTable, abilities_of, keyword_counters
from solver.rules.conditions import count_in_state, holds_for
from solver.rules.qualities import has_qualities, is_of_kinds

__all__ = ["as_the_game_sees_it", "as_the_game_sees_it_while_cast", "devotion", "is_unattached_aura"]


@dataclass
class _Seen:
    """One permanent's characteristics as the layers change them."""

    controller: PlayerId
    types: list[CardType]
    subtypes: list[str]
    colours: frozenset[Color]
    keywords: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    abilities_lost: bool = False
    rules_text_lost: bool = False
    activation_banned: bool = False
    base: tuple[int, int] | None = None
    change: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class _Applied:
    """An effect of one source in play, in the order the battlefield lists the sources."""

    source: GameObject
    effect: ContinuousEffect
    order: int
    affects: tuple[ObjectId, ...] = ()
    timestamp: int | None = None


_SEEN_STATES: StateTable[GameState | None] = StateTable(64)
_UNKNOWN = object()


def as_the_game_sees_it(state: GameState) -> GameState:
    """The state with every permanent's characteristics as the continuous effects in play make them (CR 613).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    GameState
        ``state`` itself when no effect changes anything; else a state whose permanents carry their types,
        subtypes, colours, power and toughness (their card's fields), controller, gained keywords (``granted``)
        and lost abilities as the layers give them. Kept while the state lives.

    Raises
    ------
    UnsupportedRuleError
        Effects whose order matters on one object in one layer (the state has no timestamps, CR 613.7), an Aura
        whose effects apply to the object it is attached to when the state says it is attached to nothing (CR
        303.4c), or an effect one of whose parts can't be applied.
    """
    found = _SEEN_STATES.get(state, _UNKNOWN)
    if found is not _UNKNOWN:
        return state if found is None else found
    applied = _effects_in_play(state)
    result = _apply(state, applied) if applied else state
    _SEEN_STATES.put(state, None if result is state else result)
    return result


_SEEN_WHILE_CAST: StateTable[dict[ObjectId, GameState]] = StateTable(64)


def as_the_game_sees_it_while_cast(state: GameState, card: str) -> GameState:
    """The state as the game sees it while ``card`` is cast: the card is on the stack, out of its zone (CR 601.2a).

    Targets are chosen and the total cost determined with the spell on the stack (CR 601.2c, 601.2f): an effect
    that counts the cards in a hand or a graveyard ("+1/+1 for each card in your hand", delirium) no longer counts
    the spell. The card itself stays where it is in the state returned (the rules of casting read its zone); only
    the permanents are seen as the effects make them with the card moved.

    Parameters
    ----------
    state : GameState
    card : str
        The id of the object being cast.

    Returns
    -------
    GameState
        :func:`as_the_game_sees_it` of ``state`` when no effect counts cards of the card's zone; else that state
        with the permanents as the layers make them with the card on the stack.

    Raises
    ------
    UnsupportedRuleError
        As :func:`as_the_game_sees_it`.
    """
    whole = as_the_game_sees_it(state)
    spell = state.object(card)
    if spell.zone in (Zone.BATTLEFIELD, Zone.STACK) or spell.zone not in _zones_counted(state):
        return whole
    known: dict[ObjectId, GameState] | None = _SEEN_WHILE_CAST.get(state, None)
    if known is None:
        known = {}
        _SEEN_WHILE_CAST.put(state, known)
    found = known.get(spell.id)
    if found is None:
        moved = dataclasses.replace(
            state,
            objects=tuple(dataclasses.replace(o, zone=Zone.STACK) if o.id == spell.id else o for o in state.objects),
        )
        seen = as_the_game_sees_it(moved)
        found = known[spell.id] = dataclasses.replace(
            whole,
            objects=tuple(seen.object(o.id) if o.zone is Zone.BATTLEFIELD else o for o in whole.objects),
        )
    return found


_ZONES_COUNTED: StateTable[frozenset[Zone]] = StateTable(64)


def _zones_counted(state: GameState) -> frozenset[Zone]:
    """The zones other than the battlefield whose cards some effect in play counts or asks about (CR 611.3a)."""
    found: frozenset[Zone] | None = _ZONES_COUNTED.get(state, None)
    if found is None:
        zones: set[Zone] = set()
        for one in _effects_in_play(state):
            zones |= _zones_in(one.effect)
        found = frozenset(zones)
        _ZONES_COUNTED.put(state, found)
    return found


def _zones_in(value: object) -> set[Zone]:
    """The zones of every count (:class:`~models.abilities.Count`) and zone condition held in a record, at any depth."""
    if isinstance(value, Count):
        return set() if value.zone is Zone.BATTLEFIELD or value.quantity or value.turn_fact else {value.zone}
    if isinstance(value, EffectCondition) and value.kind in ("graveyard at least", "no cards in hand"):
        return {Zone.GRAVEYARD if value.kind == "graveyard at least" else Zone.HAND} | _zones_in(value.count)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(_zones_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, tuple | frozenset | list):
        return set().union(*(_zones_in(item) for item in value))
    return set()


def _effects_in_play(state: GameState) -> list[_Applied]:
    """The static abilities' effects of the permanents, then the state's effects of resolved spells (CR 611.2-3).

    Raises
    ------
    UnsupportedRuleError
        An effect of the state whose text is not read and may change mana or costs (what every cast reads).
    """
    found = []
    for order, obj in enumerate(state.battlefield()):
        for effect in abilities_of(obj).static_effects:
            if effect.affected.scope is EffectScope.ATTACHED and is_unattached_aura(obj):
                _refuse_unattached(obj, effect)
                continue  # what it applies to is unknown: the rules that read what it changes refuse
            found.append(_Applied(obj, effect, order))
    for order, given in enumerate(state.effects, start=len(found)):
        read = read_effect_text(given.text)
        if read is None:
            if topics_of(given.text) & {"mana", "cost"}:
                source = state.object(given.source)
                raise UnsupportedRuleError(source.name, given.text, "an effect in force whose text is not read")
            continue  # refused by the rules that read what it may change (unread_static_line)
        found.append(_Applied(state.object(given.source), read, order, given.affects, given.timestamp))
    return found


def is_unattached_aura(obj: GameObject) -> bool:
    """Whether the state says an Aura on the battlefield is attached to nothing, which it never is (CR 303.4c).

    Parameters
    ----------
    obj : GameObject

    Returns
    -------
    bool
    """
    return obj.attached_to is None and "Aura" in obj.card.subtypes


def _refuse_unattached(obj: GameObject, effect: ContinuousEffect) -> None:
    """Refuse an unattached Aura's effect on what every cast reads: control, mana abilities (CR 303.4c)."""
    if effect.gains_control or effect.activation_banned or effect.land_types is not None or effect.loses_abilities:
        raise UnsupportedRuleError(
            obj.name,
            effect.text,
            "it applies to the object it is attached to, and the state does not say what it is attached to "
            "(CR 301.5, 303.4c)",
        )


def devotion(state: GameState, player: PlayerId, colours: Iterable[Color]) -> int:
    """A player's devotion to colours: their mana symbols among the mana costs of the permanents they control.

    A symbol counts once if it is of any of the colours (a hybrid symbol of both among them too), CR 700.5.

    Parameters
    ----------
    state : GameState
        Its permanents' controllers as control effects make them (CR 700.5a).
    player : PlayerId
    colours : iterable of Color

    Returns
    -------
    int
        A number of mana symbols.
    """
    wanted = frozenset(colours)
    total = 0
    for obj in state.battlefield():
        cost = obj.card.mana_cost
        if obj.controller != player or cost is None:
            continue
        total += sum(1 for symbol in cost.symbols if wanted.intersection(symbol.colors))
    return total


def _holds(state: GameState, source: GameObject, condition: EffectCondition | None) -> bool:
    """Whether an effect's condition holds now (CR 611.3a)."""
    if condition is None:
        return True
    if condition.kind == "devotion below":
        return devotion(state, source.controller, condition.colours) < condition.number
    if condition.kind in ("your turn", "not your turn"):
        return (state.active_player == source.controller) == (condition.kind == "your turn")
    now = state.object(source.id)
    if condition.kind in ("attacking", "tapped", "untapped"):
        return now.attacking if condition.kind == "attacking" else now.tapped == (condition.kind == "tapped")
    if condition.kind == "counter":
        return dict(now.counters).get(condition.counter, 0) > 0
    if condition.kind == "counters":  # a leveler's striation (CR 711.2a-b), "three or more counters on it"
        counters = dict(now.counters)
        number = sum(counters.values()) if condition.counter == "any" else counters.get(condition.counter, 0)
        return number >= condition.number and (condition.at_most is None or number <= condition.at_most)
    if condition.kind in ("attached is", "enchanted", "equipped"):
        return _attachment_holds(state, now, condition)
    if condition.kind == "modified":  # a counter on it, or an Equipment or an Aura of its controller's (CR 700.9)
        return _status_holds(state, now, Quality("modified"))
    if condition.kind == "control" and condition.requirement is not None:
        return holds_for(state, now.controller, condition.requirement)
    if condition.kind == "graveyard at least":
        return len(state.objects_in(Zone.GRAVEYARD, now.controller)) >= condition.number
    if condition.kind == "no cards in hand":
        return not state.objects_in(Zone.HAND, now.controller)
    if condition.kind == "count" and condition.count is not None:
        players = [p for p in state.players if p != now.controller] if condition.an_opponent else [now.controller]
        return any(_count_within(state, now, player, condition) for player in players)
    raise UnsupportedRuleError(source.name, condition.text, "a condition of a static ability not read")


def _attachment_holds(state: GameState, source: GameObject, condition: EffectCondition) -> bool:
    """Whether a condition on attachments holds: of what the source is attached to, or of what is attached to it.

    "as long as enchanted creature is red" (CR 301.5, 303.4); "as long as this creature is equipped" (an Equipment
    attached to it), "enchanted" (an Aura).

    Raises
    ------
    UnsupportedRuleError
        An Aura on the battlefield the state says is attached to nothing: it may be attached to the source.
    """
    if condition.kind == "attached is":
        if source.attached_to is None or not state.has_object(source.attached_to):
            return False  # an Aura attached to nothing makes no effect on what it is attached to (left out above)
        host = state.object(source.attached_to)
        return host.zone is Zone.BATTLEFIELD and has_qualities(host, condition.qualities)
    subtype = "Aura" if condition.kind == "enchanted" else "Equipment"
    attached = [o for o in state.battlefield() if subtype in o.card.subtypes]
    if subtype == "Aura" and any(is_unattached_aura(o) for o in attached):
        raise UnsupportedRuleError(
            source.name, condition.text, "an Aura on the battlefield is attached to what the state does not say"
        )
    return any(o.attached_to == source.id for o in attached)


def _count_within(state: GameState, source: GameObject, you: PlayerId, condition: EffectCondition) -> bool:
    """Whether a ``"count"`` condition's number, "you" being ``you``, is within its bounds.

    Raises
    ------
    UnsupportedRuleError
        A count the state alone doesn't give.
    """
    assert condition.count is not None
    number = count_in_state(state, you, condition.count, source)
    if number is None:
        raise UnsupportedRuleError(source.name, condition.text, "a condition of a static ability not read")
    if condition.other and has_qualities(source, condition.count.qualities) and _counted_itself(source, you, condition):
        number -= 1  # "another …": the source is not one of them
    return number >= condition.number and (condition.at_most is None or number <= condition.at_most)


def _counted_itself(source: GameObject, you: PlayerId, condition: EffectCondition) -> bool:
    """Whether the source is among the permanents a count of "another …" counted."""
    count = condition.count
    return (
        count is not None
        and count.zone is Zone.BATTLEFIELD
        and source.zone is Zone.BATTLEFIELD
        and (count.controller == "any" or (source.controller == you) == (count.controller == "you"))
    )


def _printed(obj: GameObject) -> _Seen:
    card = obj.card
    return _Seen(obj.controller, list(card.types), list(card.subtypes), card.colors)


def _as_object(obj: GameObject, seen: _Seen, state: GameState) -> GameObject:
    """A twin of the permanent as the layers saw it: its card's characteristics and its status replaced."""
    card = dataclasses.replace(
        obj.card,
        types=tuple(seen.types),
        subtypes=tuple(seen.subtypes),
        colors=seen.colours,
        power=_power(obj.card.power, seen, 0),
        toughness=_power(obj.card.toughness, seen, 1),
    )
    if card == obj.card:
        card = obj.card
    return dataclasses.replace(
        obj,
        card=card,
        controller=seen.controller,
        granted=tuple(dict.fromkeys(obj.granted + tuple(seen.keywords))),
        abilities_lost=obj.abilities_lost or seen.abilities_lost,
        keywords_lost=tuple(dict.fromkeys(obj.keywords_lost + tuple(seen.lost))),
        activation_banned=obj.activation_banned or seen.activation_banned,
        rules_text_lost=obj.rules_text_lost or seen.rules_text_lost,
    )


def _power(printed: str | None, seen: _Seen, index: int) -> str | None:
    """Power or toughness after layer 7b and 7c (counters are added where they are read, CR 613.4c)."""
    if seen.base is None and seen.change == (0, 0):
        return printed
    if seen.base is not None:
        return str(seen.base[index] + seen.change[index])
    if printed is None or not printed.lstrip("-").isdigit():
        return printed  # defined by an ability (CR 604.3): read as unsupported where it is read
    return str(int(printed) + seen.change[index])


def _apply(state: GameState, applied: list[_Applied]) -> GameState:
    printed = {obj.id: _printed(obj) for obj in state.battlefield()}
    seen = dict(printed)  # each changed as a new value (_change builds new lists), printed left as it is
    affected: dict[int, tuple[ObjectId, ...]] = {}  # by the effect's place in ``applied``
    live = [i for i, a in enumerate(applied) if _holds(state, a.source, a.effect.condition)]
    current = state
    for layer in Layer:
        in_layer = [i for i in live if layer in applied[i].effect.layers and not _removed(applied[i], seen, layer)]
        if not in_layer:
            continue
        for i in in_layer:
            if i not in affected:
                affected[i] = _affected_ids(current, applied[i])  # when it begins to apply (CR 613.6)
        _apply_layer(layer, [(applied[i], affected[i]) for i in in_layer], seen, current)
        current = _with(state, seen, printed)
        if layer is Layer.CONTROL:  # devotion counts what each player controls now (CR 700.5a)
            live = [i for i, a in enumerate(applied) if _holds(current, a.source, a.effect.condition)]
    _refuse_changed_conditions(current, applied, live)
    return current


def _refuse_changed_conditions(state: GameState, applied: list[_Applied], live: list[int]) -> None:
    """Refuse when an effect's condition no longer says what it said once the effects applied (CR 611.3a).

    A condition is asked of the game as it is ("as long as you control three or more artifacts" counts what the
    effects make artifacts): where the effects change whether one holds, which of them apply is not settled here.
    """
    for i, one in enumerate(applied):
        condition = one.effect.condition
        if condition is None or condition.kind in ("your turn", "not your turn", "devotion below"):
            continue
        if _holds(state, one.source, condition) != (i in live):
            raise UnsupportedRuleError(
                one.source.name,
                condition.text,
                "the continuous effects change whether this condition holds (CR 611.3a, 613.8)",
            )


def _removed(one: _Applied, seen: dict[ObjectId, _Seen], layer: Layer) -> bool:
    """Whether the effect's source lost the ability that makes it, by a layer-6 effect (CR 613.8a)."""
    source = seen.get(one.source.id)
    return layer >= Layer.ABILITIES and source is not None and source.abilities_lost and not one.effect.loses_abilities


def _with(state: GameState, seen: dict[ObjectId, _Seen], printed: dict[ObjectId, _Seen]) -> GameState:
    objects = tuple(
        _as_object(o, seen[o.id], state) if o.id in seen and seen[o.id] != printed[o.id] else o for o in state.objects
    )
    return dataclasses.replace(state, objects=objects)


def _affected_ids(state: GameState, one: _Applied) -> tuple[ObjectId, ...]:
    """The permanents an effect applies to (CR 611.3, 613.6), as the state shows them now."""
    source, scope = state.object(one.source.id), one.effect.affected
    if scope.scope is EffectScope.SELF:
        return (source.id,)
    if scope.scope is EffectScope.LISTED:  # as the state names them, those still on the battlefield (CR 611.2c)
        return tuple(i for i in one.affects if state.has_object(i) and state.object(i).zone is Zone.BATTLEFIELD)
    if scope.scope is EffectScope.ATTACHED:
        if source.attached_to is None:
            return ()  # an unattached Equipment gives nothing (CR 301.5c); an Aura's effects are left out above
        if not state.has_object(source.attached_to):
            return ()
        target = state.object(source.attached_to)
        return (target.id,) if target.zone is Zone.BATTLEFIELD else ()
    found = []
    for obj in state.battlefield():
        if scope.other and obj.id == source.id:
            continue
        if scope.tokens and not obj.token:
            continue
        if scope.controller is ControllerFilter.YOU and obj.controller != source.controller:
            continue
        if scope.controller is ControllerFilter.OPPONENT and obj.controller == source.controller:
            continue
        if TargetKind.PERMANENT not in scope.kinds and not is_of_kinds(obj.card.types, scope.kinds):
            continue
        if not _on_the_board(state, obj, scope.qualities):
            continue
        found.append(obj.id)
    return tuple(found)


_BOARD_STATUSES = frozenset({"enchanted", "equipped", "modified"})


def _on_the_board(state: GameState, obj: GameObject, qualities: ObjectFilter | None) -> bool:
    """Whether a permanent has the qualities, its attachments and counters judged on the board.

    "enchanted": an Aura is attached to it (CR 303.4); "equipped": an Equipment (CR 301.5); "modified": it has a
    counter, is equipped, or is enchanted by an Aura its controller controls (CR 700.9).

    Raises
    ------
    UnsupportedRuleError
        An Aura the state says is attached to nothing, when whether a permanent is enchanted is asked (CR 303.4c).
    """
    if qualities is None:
        return True
    return all(
        any(
            _status_holds(state, obj, q) != q.negated if q.attribute in _BOARD_STATUSES else has_qualities(obj, _one(q))
            for q in clause
        )
        for clause in qualities.clauses
    )


def _one(quality: Quality) -> ObjectFilter:
    return ObjectFilter((frozenset({quality}),))


def _status_holds(state: GameState, obj: GameObject, quality: Quality) -> bool:
    """Whether a permanent is enchanted, equipped or modified, as the board's attachments and counters say."""
    attached = [o for o in state.battlefield() if o.attached_to == obj.id]
    equipped = any("Equipment" in o.card.subtypes for o in attached)
    if quality.attribute == "equipped":
        return equipped
    auras = [o for o in attached if "Aura" in o.card.subtypes]
    if any(is_unattached_aura(o) for o in state.battlefield()):
        raise UnsupportedRuleError(
            obj.name, quality.attribute, "an Aura on the battlefield is attached to what the state does not say"
        )
    if quality.attribute == "enchanted":
        return bool(auras)
    return (
        any(n > 0 for n in dict(obj.counters).values())
        or equipped
        or any(o.controller == obj.controller for o in auras)
    )


def _apply_layer(
    layer: Layer, effects: list[tuple[_Applied, tuple[ObjectId, ...]]], seen: dict[ObjectId, _Seen], state: GameState
) -> None:
    """Apply one layer's effects to each object, refusing where their order matters and is not known."""
    by_object: dict[ObjectId, list[_Applied]] = {}
    for one, ids in effects:
        for obj_id in ids:
            by_object.setdefault(obj_id, []).append(one)
    if layer is Layer.ABILITIES:  # an ability removed before its effect applies makes none (CR 613.8a)
        for obj_id, ones in by_object.items():
            if any(one.effect.loses_abilities and not _removed(one, seen, layer) for one in ones):
                seen[obj_id] = dataclasses.replace(seen[obj_id], abilities_lost=True)
    for obj_id, ones in by_object.items():
        ones = [o for o in ones if not _removed(o, seen, layer)]
        if not ones:
            continue
        if layer is Layer.ABILITIES:
            _refuse_unknown_order_with_given(state.object(obj_id), ones, seen[obj_id])
        for sublayer in sorted({_sublayer(one.effect) for one in ones}):  # 7a, 7b, 7c (CR 613.4)
            group = [one for one in ones if _sublayer(one.effect) == sublayer]
            seen[obj_id] = _in_any_order(layer, group, seen[obj_id], state, obj_id)
        if layer is Layer.ABILITIES:  # what a later sublayer's group gave (CR 613.1f)
            _deny(seen[obj_id], ones)


def _in_any_order(layer: Layer, group: list[_Applied], before: _Seen, state: GameState, obj_id: ObjectId) -> _Seen:
    """The object's characteristics after a group of effects, the same in every order, or refused (CR 613.7)."""
    results = []
    for order in _orders(layer, group, state.object(obj_id)):
        trial = dataclasses.replace(before)  # _change builds new lists: before is left as it is
        for one in order:
            _change(layer, one, trial, state, obj_id)
        _deny(trial, group)
        results.append(trial)
    if any(r != results[0] for r in results[1:]):
        _refuse_order(state.object(obj_id), group[0], "effects on it in one layer give different results by order")
    return results[0]


def _deny(seen: _Seen, ones: list[_Applied]) -> None:
    """Take the keywords the effects say the object can't have, whatever gave them, in whatever order (CR 613.1f)."""
    denied = {k for one in ones for k in one.effect.denied_keywords}
    if denied:
        seen.keywords = [k for k in seen.keywords if k not in denied]
        seen.lost = seen.lost + sorted(k for k in denied if k not in seen.lost)


def _refuse_unknown_order_with_given(obj: GameObject, ones: list[_Applied], seen: _Seen) -> None:
    """Refuse when layer-6 effects take what the state gives the object: their timestamps are not known."""
    if seen.abilities_lost and _given(obj):
        _refuse_order(obj, ones[0], "it loses all abilities, and has abilities given to it")
    for one in ones:
        if set(one.effect.denied_keywords) & _given(obj):  # the state's grants are added where they are read
            raise UnsupportedRuleError(obj.name, one.effect.text, "it can't have a keyword the state gives it")
        lost_given = set(one.effect.remove_keywords) & _given(obj)
        if lost_given:
            _refuse_order(obj, one, f"it loses {', '.join(sorted(lost_given))}, also given to it")


def _orders(layer: Layer, ones: list[_Applied], obj: GameObject) -> Iterable[Iterable[_Applied]]:
    """The orders to try the effects on one object in one layer in: one when order can't matter (CR 613.7)."""
    if len(ones) == 1 or all(_additive(layer, one.effect) for one in ones):
        return [ones]
    if all(one.timestamp is not None for one in ones):  # the state's effects, in their timestamps' order (613.7)
        return [sorted(ones, key=lambda one: one.timestamp or 0)]
    if len(ones) > _MOST_ORDERED:
        _refuse_order(obj, ones[0], f"{len(ones)} effects on it in one layer may interact")
    return itertools.permutations(ones)


_MOST_ORDERED = 5
"""The most effects on one object in one layer whose every order is tried (5! = 120 orders)."""


def _given(obj: GameObject) -> set[str]:
    """Keywords the state gives the object (granted, keyword counters): their timestamps are not known."""
    return {k.lower() for k in obj.granted + keyword_counters(obj)}


def _additive(layer: Layer, effect: ContinuousEffect) -> bool:
    """Whether the effect's part in this layer only adds (types, colours, keywords, +N/+N): order can't matter."""
    if layer is Layer.TYPES:
        return (
            not effect.remove_types
            and effect.creature_types is None
            and effect.land_types is None
            and effect.set_types is None
        )
    if layer is Layer.COLOURS:
        return effect.colours is None
    if layer is Layer.ABILITIES:
        return not (effect.remove_keywords or effect.loses_abilities)
    if layer is Layer.POWER:
        return effect.base_power is None and effect.defined_power is None and effect.defined_toughness is None
    return False


def _refuse_order(obj: GameObject, one: _Applied, what: str) -> NoReturn:
    raise UnsupportedRuleError(
        obj.name,
        one.effect.text,
        f"{what}, and the state gives no timestamps to order them (CR 613.7)",
    )


_LAND_TYPES = frozenset(SUBTYPES["land"])

_CORRELATED = {
    CardType.CREATURE: frozenset(SUBTYPES["creature"]),
    CardType.KINDRED: frozenset(SUBTYPES["creature"]),
}


_SUBTYPES_OF = {
    CardType.ARTIFACT: frozenset(SUBTYPES["artifact"]),
    CardType.ENCHANTMENT: frozenset(SUBTYPES["enchantment"]),
    CardType.LAND: frozenset(SUBTYPES["land"]),
    CardType.PLANESWALKER: frozenset(SUBTYPES["planeswalker"]),
    CardType.CREATURE: frozenset(SUBTYPES["creature"]),
    CardType.KINDRED: frozenset(SUBTYPES["creature"]),
    CardType.TRIBAL: frozenset(SUBTYPES["creature"]),
    CardType.BATTLE: frozenset(SUBTYPES.get("battle", ())),
    CardType.INSTANT: frozenset(SUBTYPES["spell"]),
    CardType.SORCERY: frozenset(SUBTYPES["spell"]),
}
"""The subtypes correlated with each card type (CR 205.3d-i)."""


def _set_types(seen: _Seen, types: frozenset[CardType]) -> None:
    """Card types set (CR 205.1a): they replace the object's, but instant and sorcery, which it keeps.

    The subtypes of a card type it no longer has go with it, unless a card type it has now has them too.
    """
    kept = [t for t in seen.types if t in (CardType.INSTANT, CardType.SORCERY)]
    seen.types = kept + sorted((t for t in types if t not in kept), key=lambda t: t.value)
    allowed = frozenset().union(*(_SUBTYPES_OF.get(t, frozenset()) for t in seen.types))
    seen.subtypes = [s for s in seen.subtypes if s in allowed]


def _sublayer(effect: ContinuousEffect) -> int:
    """The sublayer of an effect's part in layer 7 (CR 613.4): 7a defining, 7b setting, 7c changing; 0 elsewhere."""
    if effect.defined_power is not None or effect.defined_toughness is not None:
        return 0
    return 1 if effect.base_power is not None else 2


def _counted(state: GameState, source: GameObject, count: Count, affected: GameObject) -> int:
    """What "for each …" or "equal to the number of …" counts now, "you" being the source's controller.

    "it" ("for each Aura attached to it", "counters on it") is ``affected``, the object the effect applies to.

    Raises
    ------
    UnsupportedRuleError
        A count the state alone doesn't give: a split card's mana cost for devotion, an Aura attached to what the
        state does not say (the reader keeps other such lines unread).
    """
    number = count_in_state(state, source.controller, count, source, affected)
    if number is None:
        raise UnsupportedRuleError(source.name, count.text, "a count of a static ability not read")
    if count.other and _among_counted(affected, source.controller, count):
        number -= 1  # "for each other creature you control": the object the effect applies to is not one
    return number


def _among_counted(obj: GameObject, you: PlayerId, count: Count) -> bool:
    """Whether a permanent is one of the permanents a count counts, "you" being ``you`` (CR 611.3)."""
    controllers = {"you": obj.controller == you, "opponents": obj.controller != you}
    return (
        count.zone is Zone.BATTLEFIELD
        and obj.zone is Zone.BATTLEFIELD
        and controllers.get(count.controller, True)
        and has_qualities(obj, count.qualities)
    )


def _number(state: GameState, source: GameObject, number: CountedNumber, affected: GameObject) -> int:
    """A number of the state: its constant plus each count times its multiple (CR 107.1, 604.3)."""
    return number.constant + sum(times * _counted(state, source, count, affected) for times, count in number.terms)


def _defined(state: GameState, source: GameObject, effect: ContinuousEffect) -> tuple[int, int]:
    """Power and toughness after layer 7a: what the ability defines, the rest printed (CR 604.3, 613.4a).

    Raises
    ------
    UnsupportedRuleError
        A printed value it leaves that is not a number.
    """
    values = []
    for defined, printed in (
        (effect.defined_power, source.card.power),
        (effect.defined_toughness, source.card.toughness),
    ):
        if defined is not None:
            values.append(_number(state, source, defined, source))
        elif printed is not None and printed.lstrip("-").isdigit():
            values.append(int(printed))
        else:
            raise UnsupportedRuleError(source.name, effect.text, "what it leaves of power and toughness is not read")
    return values[0], values[1]


def _change(layer: Layer, one: _Applied, seen: _Seen, state: GameState, obj_id: ObjectId) -> None:
    """Apply one effect's part in one layer to one object's characteristics."""
    effect = one.effect
    if layer is Layer.CONTROL:
        seen.controller = one.source.controller
    elif layer is Layer.TYPES:
        if effect.set_types is not None:
            _set_types(seen, effect.set_types)
        seen.types = [t for t in seen.types if t not in effect.remove_types] + [
            t for t in sorted(effect.add_types, key=lambda t: t.value) if t not in seen.types
        ]
        for removed in effect.remove_types:  # its subtypes go with a card type removed (CR 205.1a)
            kept = frozenset().union(*(_CORRELATED.get(t, frozenset()) for t in seen.types))
            seen.subtypes = [s for s in seen.subtypes if s not in _CORRELATED.get(removed, ()) or s in kept]
        if effect.creature_types is not None:  # set: they replace its creature types (CR 205.1a)
            others = [s for s in seen.subtypes if s not in _CORRELATED[CardType.CREATURE]]
            seen.subtypes = others + sorted(effect.creature_types)
        seen.subtypes = seen.subtypes + [s for s in sorted(effect.add_subtypes) if s not in seen.subtypes]
        if effect.land_types is not None:  # the land's land types replaced, its text's abilities gone (CR 305.7)
            seen.subtypes = [s for s in seen.subtypes if s not in _LAND_TYPES] + sorted(effect.land_types)
            seen.rules_text_lost = True
    elif layer is Layer.COLOURS:
        seen.colours = (effect.colours if effect.colours is not None else seen.colours) | effect.add_colours
    elif layer is Layer.ABILITIES:
        if effect.loses_abilities:
            seen.abilities_lost = True
            seen.keywords = []
        seen.lost = seen.lost + [k for k in effect.remove_keywords if k not in seen.lost]
        seen.keywords = [k for k in seen.keywords if k not in effect.remove_keywords]
        seen.keywords = seen.keywords + [k for k in effect.add_keywords if k not in seen.keywords]
        seen.lost = [k for k in seen.lost if k not in effect.add_keywords]
        seen.activation_banned = seen.activation_banned or effect.activation_banned
    elif layer is Layer.POWER:
        source = state.object(one.source.id)
        if effect.defined_power is not None or effect.defined_toughness is not None:  # 7a
            seen.base = _defined(state, source, effect)
        if effect.base_power is not None:
            seen.base = effect.base_power
        times = 1 if effect.power_per is None else _counted(state, source, effect.power_per, state.object(obj_id))
        seen.change = (seen.change[0] + times * effect.power_change[0], seen.change[1] + times * effect.power_change[1])
