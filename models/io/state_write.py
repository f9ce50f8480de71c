"""Write a game state as the JSON of a state file (docs/state-format.md): the inverse of the reader.

:func:`state_to_data` gives the decoded JSON of a :class:`~models.state.GameState`, such that
:func:`models.io.state_json.state_from_data` reads back an equal state (the same objects, cards, stack and its
cast records, turn facts, pools, life and effects). Each object's card is written as the reader would make it
again: by name (the card database's card, with the face up, flipped or face down that the object shows), or
inline (Scryfall fields) when the database's card by that name is not the object's. A state the format can't
write (a card the reader would not make again, a phase the format lacks, effects the rules work out) is refused,
naming the part: never written as something else.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from models.abilities import FACE_DOWN_KEYWORDS
from models.cards import CardDatabase, card_from_record, card_of_object
from models.errors import InputError, StateError
from models.io.card_pool import default_card_database
from models.io.state_json import face_up
from models.objects import Card, GameObject, Phase, Zone, face_down_card
from models.state import GameState, TurnFacts

__all__ = ["state_to_data", "printed_card"]

_PHASES = frozenset(p.value for p in Phase if p is not Phase.CLEANUP)
"""The phases the state format names (a Forge puzzle may start in the cleanup step, which it lacks)."""


_BARE = {"abilities_lost": False, "keywords_lost": (), "activation_banned": False, "rules_text_lost": False}
"""Fields the rules work out from the state, never read from a file, with their values in an object a file
describes."""


def state_to_data(state: GameState, cards: CardDatabase | None = None) -> dict[str, Any]:
    """The decoded JSON of a state file describing ``state`` (docs/state-format.md).

    Parameters
    ----------
    state : GameState
    cards : CardDatabase or None
        The database card names are looked up in when the state is read back (the bundled one by default).

    Returns
    -------
    dict
        JSON-ready: ``json.dumps`` writes it, and :func:`~models.io.state_json.state_from_data` with the same
        ``cards`` reads back a state equal to ``state``.

    Raises
    ------
    StateError
        A part of the state the format can't write, with its key path: an object whose card the reader would not
        make again, a phase the format lacks.
    """
    cards = default_card_database() if cards is None else cards
    if state.phase.value not in _PHASES:
        raise StateError("phase", f"{state.phase.value!r} is not a phase the state format names")
    records = dict(state.stack_casts)
    data: dict[str, Any] = {
        "players": list(state.players),
        "active_player": state.active_player,
        "priority": state.priority,
        "phase": state.phase.value,
        "life": {player: state.life_of(player) for player in state.players},
        "stack": list(state.stack),
        "objects": [_object(cards, obj, f"objects[{i}]", records.get(obj.id)) for i, obj in enumerate(state.objects)],
    }
    pools = {player: str(pool) for player, pool in state.mana_pool if not pool.is_empty}
    if pools:
        data["mana_pool"] = pools
    if state.this_turn.given:
        data["this_turn"] = _this_turn(state.this_turn)
    if state.player_counters:
        data["counters"] = {player: dict(kinds) for player, kinds in state.player_counters}
    if state.effects:
        data["effects"] = [
            {"source": e.source, "affects": list(e.affects), "text": e.text, "timestamp": e.timestamp}
            for e in state.effects
        ]
    return data


def _this_turn(facts: TurnFacts) -> dict[str, Any]:
    """The ``this_turn`` object: the facts the state was given, each written."""
    written: dict[str, Any] = {
        "spells_cast": dict(facts.spells_cast),
        "life_lost": dict(facts.life_lost),
        "attacked": list(facts.attacked),
        "creatures_died": facts.creatures_died,
        "permanent_left": list(facts.permanent_left),
        "combat_damage_by": [d if isinstance(d, str) else dict(d) for d in facts.combat_damage_by],
        "lands_played": dict(facts.lands_played),
        "activated": list(facts.activated),
        "life_gained": dict(facts.life_gained),
        "noncombat_damage": dict(facts.noncombat_damage),
        "cards_drawn": dict(facts.cards_drawn),
    }
    return {key: value for key, value in written.items() if key in facts.given}


def _object(cards: CardDatabase, obj: GameObject, path: str, record: Any) -> dict[str, Any]:
    """One object's entry: its card, zone, control and status, and its cast record on the stack."""
    for name, bare in _BARE.items():
        if getattr(obj, name) != bare:
            raise StateError(f"{path}.{name}", "worked out by the rules from the state: no state file gives it")
    entry: dict[str, Any] = {"id": obj.id, **_card(cards, obj, path, record), "zone": obj.zone.value}
    entry["owner"] = obj.owner
    if obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
        entry["controller"] = obj.controller
    flags = ("tapped", "token", "attacking", "summoning_sick", "foretold", "plotted", "on_adventure", "prepared")
    for name in flags + ("commander",):
        if getattr(obj, name):
            entry[name] = True
    if obj.counters:
        entry["counters"] = dict(obj.counters)
    if obj.granted:
        entry["granted"] = list(obj.granted)
    for name in ("attached_to", "exiled_with"):
        if getattr(obj, name) is not None:
            entry[name] = getattr(obj, name)
    if obj.may_cast:
        entry["may_cast"] = [
            {"player": g.player, "without_paying": g.without_paying, **({"until": g.until} if g.until else {})}
            for g in obj.may_cast
        ]
    if record is not None:
        entry["cast"] = record
    return entry


def _card(cards: CardDatabase, obj: GameObject, path: str, record: Any) -> dict[str, Any]:
    """The keys that make the reader give this object its card again: ``card``, and ``face``, ``flipped`` ..."""
    card = obj.card
    try:
        whole = card_of_object(cards, cards.get(card.name))
    except InputError:
        whole = None
    if whole is not None:
        for keys, made in _shown(whole, obj, record):
            if made == card:
                return {"card": whole.name, **keys}
    inline = _inline(card)
    try:
        if card_from_record(inline) == card:
            return {"card": inline}
    except InputError:
        pass
    raise StateError(f"{path}.card", f"{card.name}: its characteristics are not a card the state format can name")


def printed_card(cards: CardDatabase, obj: GameObject) -> Card | None:
    """The card an object is by the name of the database, if its characteristics are one way it may show it.

    A permanent with its back face up, flipped, face down or with a choice written into its text is that card
    (CR 712.8a, 708.2, 607.2a); it has the card's own characteristics once it leaves the battlefield (CR 400.7).

    Parameters
    ----------
    cards : CardDatabase
    obj : GameObject

    Returns
    -------
    Card or None
        The database's card (a multi-face card's front, with its other faces); None when the object's card is
        none of its ways (an inline card).
    """
    try:
        whole = card_of_object(cards, cards.get(obj.card.name))
    except InputError:
        return None
    return whole if any(made == obj.card for _, made in _shown(whole, obj, None)) else None


def _shown(whole: Card, obj: GameObject, record: Any) -> list[tuple[dict[str, Any], Card]]:
    """The cards the reader makes of ``whole`` for each way a file may show it: as it is, back face up, ..."""
    if obj.zone is Zone.STACK and isinstance(record, dict) and record.get("alternative_cost") in FACE_DOWN_KEYWORDS:
        return [({}, face_down_card(whole))]  # cast face down: the record says so (CR 708.4)
    found: list[tuple[dict[str, Any], Card]] = [({}, whole)]
    if obj.zone is not Zone.BATTLEFIELD:
        return found
    if len(whole.faces) > 1:
        try:
            found.append(({"face": "back"}, face_up(whole, "back", "battlefield")))
        except StateError:
            pass
        if whole.layout == "flip":
            other = next((f for f in whole.other_faces if f.name == whole.faces[1]), None)
            if other is not None:
                found.append(({"flipped": True}, dataclasses.replace(other, mana_cost=whole.mana_cost)))
    found.append(({"face_down": True}, face_down_card(whole)))
    if "chosen" in whole.oracle_text.casefold() and whole.oracle_text != obj.card.oracle_text:
        found += _chosen(whole, obj.card)
    return found


def _chosen(whole: Card, card: Card) -> list[tuple[dict[str, Any], Card]]:
    """The colour or type chosen as the permanent entered that makes ``whole`` read as ``card`` (CR 607.2a)."""
    from models.oracle.statics import with_choices  # the reader's words, loaded when a permanent chose
    from models.oracle.words import COLOR_WORDS, SUBTYPE_BY_WORD

    for kind, values in (("color", list(COLOR_WORDS)), ("type", list(dict.fromkeys(SUBTYPE_BY_WORD.values())))):
        for value in values:
            try:
                made = with_choices(whole, {kind: value})
            except ValueError:
                continue
            if made == card:
                return [({"chosen": {kind: value}}, made)]
    return []


def _inline(card: Card) -> dict[str, Any]:
    """The card as an inline object of Scryfall fields."""
    record: dict[str, Any] = {
        "name": card.name,
        "mana_cost": "" if card.mana_cost is None else str(card.mana_cost),
        "type_line": card.type_line,
        "oracle_text": card.oracle_text,
        "colors": sorted((c.letter for c in card.colors), key="WUBRG".index),
    }
    for name in ("power", "toughness"):
        if getattr(card, name) is not None:
            record[name] = getattr(card, name)
    return record
