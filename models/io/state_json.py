"""Load game states from the JSON state-file contract (docs/state-format.md).

Validation is two layers: pydantic checks the shape of the file (unknown keys,
types, zones, phases), then :func:`state_from_data` checks what refers to what
(ids, players, card names, cost strings, granted abilities). Every error is a
:class:`models.errors.StateError` (a ``ValueError``) naming the key path and
the value: ``objects[3].card: unknown card 'Glacal Ray' (did you mean
'Glacial Ray'?)``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from models.abilities import FACE_DOWN_KEYWORDS
from models.cards import CardDatabase, UnreadableSymbolError, card_from_record, card_of_object
from models.io.card_pool import default_card_database
from models.cast import Cast
from models.errors import InputError, StateError, UnsupportedRuleError, json_text
from models.mana import ManaCost, ManaSource
from models.objects import Card, CastGrant, GameObject, ObjectId, Phase, PlayerId, Zone, face_down_card
from models.state import GameState, StateEffect, TurnFacts
from models.io.text import parse_json, read_input_text

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

__all__ = ["face_up", "load_state", "state_from_data", "state_from_json"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _InlineCard(_Strict):
    name: str = Field(min_length=1)
    mana_cost: str = ""
    type_line: str = Field(min_length=1)
    oracle_text: str = ""
    colors: list[str] | None = None
    power: str | None = None
    toughness: str | None = None


class _MayCast(_Strict):
    player: str
    without_paying: bool = False
    until: Literal["end_of_turn"] | None = None


class _Object(_Strict):
    id: str = Field(min_length=1)
    card: str | dict[str, Any]
    zone: Literal["hand", "battlefield", "graveyard", "exile", "library", "stack"]
    owner: str | None = None
    controller: str | None = None
    tapped: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    token: bool = False
    attacking: bool = False
    granted: list[str] = Field(default_factory=list)
    cast: dict[str, Any] | None = None
    face: Literal["front", "back"] | None = None
    foretold: bool = False
    plotted: bool = False
    on_adventure: bool = False
    prepared: bool = False
    exiled_with: str | None = Field(default=None, min_length=1)
    may_cast: list[_MayCast] = Field(default_factory=list)
    attached_to: str | None = Field(default=None, min_length=1)
    summoning_sick: bool = False
    face_down: bool = False
    cast_as: Literal["morph", "megamorph", "disguise", "manifest", "cloak"] | None = None
    transformed: bool = False
    flipped: bool = False
    chosen: dict[str, str] = Field(default_factory=dict)
    commander: bool = False


class _ThisTurn(_Strict):
    spells_cast: dict[str, int] = Field(default_factory=dict)
    life_lost: dict[str, int] = Field(default_factory=dict)
    attacked: list[str] = Field(default_factory=list)
    creatures_died: int = Field(default=0, ge=0)
    permanent_left: list[str] = Field(default_factory=list)
    combat_damage_by: list[str | dict[str, str]] = Field(default_factory=list)
    lands_played: dict[str, int] = Field(default_factory=dict)
    activated: list[str] = Field(default_factory=list)
    life_gained: dict[str, int] = Field(default_factory=dict)
    noncombat_damage: dict[str, int] = Field(default_factory=dict)
    cards_drawn: dict[str, int] = Field(default_factory=dict)


class _Effect(_Strict):
    source: str = Field(min_length=1)
    affects: list[str] = Field(min_length=1)
    text: str = Field(min_length=1)
    timestamp: int = 0


class _State(_Strict):
    players: list[str] = Field(min_length=1)
    life: dict[str, int] = Field(default_factory=dict)
    active_player: str | None = None
    priority: str | None = None
    phase: Literal["untap", "upkeep", "draw", "precombat_main", "combat", "postcombat_main", "end"] = (
        "precombat_main"  # the contract's phases (STATE_FORMAT.md); a Forge puzzle may start in the cleanup step
    )
    stack: list[str] = Field(default_factory=list)
    objects: list[_Object] = Field(default_factory=list)
    mana_pool: dict[str, str] = Field(default_factory=dict)
    this_turn: _ThisTurn | None = None
    counters: dict[str, dict[str, int]] = Field(default_factory=dict)
    effects: list[_Effect] = Field(default_factory=list)


def _face_up(card: Card, face: str | None, zone: str, fail: Callable[[str], StateError]) -> Card:
    """The characteristics of a card with the face the state names up (CR 712.8).

    On the battlefield and the stack the face up is the object's (CR 712.8d-f); elsewhere a double-faced card
    has its front face's characteristics only (CR 712.8a), and ``face`` is for display. A back face up that the
    card data lacks can't be read.
    """
    if face is None or face == "front" or zone not in ("battlefield", "stack"):
        if face == "back" and len(card.faces) < 2:
            raise fail(f"{card.name} has no back face")
        return card
    if len(card.faces) < 2 or card.halves or card.layout in ("adventure", "split", "aftermath", "flip"):
        raise fail(f"{card.name} is not a double-faced card (CR 712.1)")
    back = next((f for f in card.other_faces if f.name == card.faces[1]), None)
    if back is None:
        raise fail(f"the card data lacks the text of {card.faces[1]!r}, the back face of {card.name}")
    if card.layout == "transform":  # its mana value is the front face's (CR 712.8e)
        return dataclasses.replace(back, mana_cost=card.mana_cost)
    return back


def face_up(card: Card, face: str, zone: str) -> Card:
    """The characteristics a card read from a state file has with ``face`` up in ``zone`` (CR 712.8).

    Raises
    ------
    StateError
        The card has no such face, or the card data lacks its text.
    """
    return _face_up(card, face, zone, lambda message: StateError("face", message))


def _shown_face(card: Card, entry: _Object, path: str, fail: Callable[[str, str], StateError]) -> Card:
    """The characteristics an object has with the face the state says is up (CR 708.2, 710.2, 712.8).

    ``transformed`` is ``face: "back"`` for a transforming card (CR 712.8e); ``flipped`` is a flip card's other
    half up, with the card's mana cost (CR 710.2); a face-down permanent is a 2/2 creature with no text, name,
    subtypes or mana cost (CR 708.2a), however it was turned face down (``cast_as``: morph, megamorph,
    disguise, manifest, cloak).
    """
    if entry.cast_as is not None and not entry.face_down:
        raise fail(f"{path}.cast_as", "cast_as says how a face-down permanent was turned face down: give face_down too")
    if entry.transformed and entry.face == "front":
        raise fail(f"{path}.transformed", "a transformed permanent has its back face up, not 'front'")
    if entry.transformed and card.layout not in ("transform", "modal_dfc", "meld"):
        raise fail(f"{path}.transformed", f"{card.name} is not a transforming double-faced card (CR 712.1)")
    face = "back" if entry.transformed else entry.face
    if entry.flipped:
        if card.layout != "flip":
            raise fail(f"{path}.flipped", f"{card.name} is not a flip card (CR 710.1)")
        other = next((f for f in card.other_faces if len(card.faces) > 1 and f.name == card.faces[1]), None)
        if other is None:
            raise fail(
                f"{path}.flipped", f"the card data lacks the text of {card.faces[1]!r}, the flipped half of {card.name}"
            )
        card = dataclasses.replace(other, mana_cost=card.mana_cost)
    card = _face_up(
        card, face, entry.zone, functools.partial(fail, f"{path}.transformed" if entry.transformed else f"{path}.face")
    )
    return face_down_card(card) if entry.face_down else card


def _key_path(location: tuple[Any, ...]) -> str:
    path = ""
    for part in location:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part in ("str", "_InlineCard", "function-after", "literal"):
            continue
        else:
            path += f".{part}" if path else str(part)
    return path


_EXPECTED = {
    "bool_type": "must be true or false",
    "string_type": "must be a string",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "dict_type": "must be a JSON object",
    "model_type": "must be a JSON object",
    "model_attributes_type": "must be a JSON object",
    "list_type": "must be a list",
}
"""Our words for pydantic's error types: what the value must be."""


def _shown(value: Any) -> str:
    """A value as the JSON it was written as (``true``, ``null``, ``"yes"``), cut after 60 characters."""
    return json_text(value)


def _message(error: ErrorDetails) -> str:
    """One pydantic error as our message: what is wrong, in words, and the value as written in the file."""
    kind, value = error["type"], error.get("input")
    if kind == "missing":
        return "missing"
    if kind == "extra_forbidden":
        return f"unknown key (value {_shown(value)})"
    if kind in _EXPECTED:
        return f"{_EXPECTED[kind]}, not {_shown(value)}"
    if kind == "too_short":
        minimum = (error.get("ctx") or {}).get("min_length", 1)
        noun = "item" if minimum == 1 else "items"
        return f"must have at least {minimum} {noun}" if not isinstance(value, str) else "must not be empty"
    if kind == "literal_error":
        expected = (error.get("ctx") or {}).get("expected", "")
        return f"{_shown(value)} is not one of {expected}"
    if kind == "greater_than_equal":
        return f"must be {(error.get('ctx') or {}).get('ge', 0)} or more, not {_shown(value)}"
    return f"{error['msg']}, not {_shown(value)}"


def state_from_data(data: Any, cards: CardDatabase | None = None, source: str = "") -> GameState:
    """Build a :class:`GameState` from the decoded JSON of a state file.

    Parameters
    ----------
    data : object
        The decoded JSON document.
    cards : CardDatabase or None
        Where card names are looked up; the bundled database by default.
    source : str
        The file name, put before the key path in error messages.

    Returns
    -------
    GameState

    Raises
    ------
    StateError
        The first problem found, with its key path and value.
    """
    prefix = f"{source}: " if source else ""
    try:
        model = _State.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = _key_path(tuple(error["loc"]))
        if not where:
            raise StateError(source, f"a state file is one JSON object, not {type(data).__name__}") from None
        raise StateError(prefix + where, _message(error)) from None
    reader = _StateReader(model, default_card_database() if cards is None else cards, prefix)
    return reader.state()


class _StateReader:
    """The reading of one validated state file: each part checked against the others, errors with key paths."""

    def __init__(self, model: _State, cards: CardDatabase, prefix: str) -> None:
        self.model, self.cards, self.prefix = model, cards, prefix
        players = model.players
        for index, name in enumerate(players):
            if name in players[:index]:
                raise self.fail(f"players[{index}]", f"player {name!r} is listed twice")
        self.players = players

    def fail(self, path: str, message: str) -> StateError:
        """The error of a value at a key path of the file."""
        return StateError(self.prefix + path, message)

    def player(self, path: str, value: str | None, default: str) -> PlayerId:
        """A player the file names at ``path`` (``default`` when it names none), checked to be one of its players."""
        if value is None:
            return PlayerId(default)
        if value not in self.players:
            raise self.fail(path, f"unknown player {value!r} (players are {', '.join(self.players)})")
        return PlayerId(value)

    def state(self) -> GameState:
        """The game state the file describes."""
        model, players = self.model, self.players
        active = self.player("active_player", model.active_player, players[0])
        priority = self.player("priority", model.priority, active)
        for name in model.life:
            self.player(f"life.{name}", name, name)
        objects, stack_casts = self.objects()
        place: dict[str, int] = {o.id: index for index, o in enumerate(objects)}  # each id's index in the file
        self.check_stack(objects, place)
        self.check_attachments(objects, place)
        return GameState(
            players=tuple(PlayerId(p) for p in players),
            active_player=active,
            priority=priority,
            phase=Phase(model.phase),
            objects=tuple(objects),
            stack=tuple(ObjectId(s) for s in model.stack),
            life=tuple((PlayerId(p), model.life.get(p, 20)) for p in players),
            mana_pool=self.pools(),
            stack_casts=tuple(stack_casts),
            this_turn=self.this_turn(place),
            player_counters=self.player_counters(),
            effects=self.effects(place),
        )

    def pools(self) -> tuple[tuple[PlayerId, ManaCost], ...]:
        """The mana in each player's pool: mana symbols only, {W}{U}{B}{R}{G}{C} (CR 106.1)."""
        pools = []
        for name, text in self.model.mana_pool.items():
            try:
                pool = ManaCost.parse(text, path=f"mana_pool.{name}")
                ManaSource.from_pool(text, path=f"mana_pool.{name}")
            except InputError as exc:
                raise self.fail(exc.path, exc.message) from None
            pools.append((self.player(f"mana_pool.{name}", name, name), pool))
        return tuple(pools)

    def this_turn(self, place: dict[str, int]) -> TurnFacts:
        """The facts of the current turn the file gives (none given: nothing happened); ``place``: the file's ids."""
        facts = self.model.this_turn
        if facts is None:
            return TurnFacts()
        for index, name in enumerate(facts.activated):  # permanents of the file
            if name not in place:
                raise self.fail(f"this_turn.activated[{index}]", f"no object with id {name!r} in the state")
        for key in ("spells_cast", "life_lost", "lands_played", "life_gained", "cards_drawn", "noncombat_damage"):
            for name, number in getattr(facts, key).items():
                self.player(f"this_turn.{key}.{name}", name, name)
                if number < 0:
                    raise self.fail(f"this_turn.{key}.{name}", f"a count can't be negative ({number})")
        for key in ("attacked", "permanent_left"):
            for index, name in enumerate(getattr(facts, key)):
                self.player(f"this_turn.{key}[{index}]", name, name)
        return TurnFacts(
            spells_cast=tuple((PlayerId(p), n) for p, n in facts.spells_cast.items()),
            life_lost=tuple((PlayerId(p), n) for p, n in facts.life_lost.items()),
            attacked=tuple(PlayerId(p) for p in facts.attacked),
            creatures_died=facts.creatures_died,
            permanent_left=tuple(PlayerId(p) for p in facts.permanent_left),
            combat_damage_by=tuple(
                d if isinstance(d, str) else tuple(sorted(d.items())) for d in facts.combat_damage_by
            ),
            lands_played=tuple((PlayerId(p), n) for p, n in facts.lands_played.items()),
            activated=tuple(facts.activated),
            life_gained=tuple((PlayerId(p), n) for p, n in facts.life_gained.items()),
            noncombat_damage=tuple((PlayerId(p), n) for p, n in facts.noncombat_damage.items()),
            cards_drawn=tuple((PlayerId(p), n) for p, n in facts.cards_drawn.items()),
            given=frozenset(facts.model_fields_set),
        )

    def effects(self, place: dict[str, int]) -> tuple[StateEffect, ...]:
        """The continuous effects of resolved spells and abilities (CR 611.2), each naming objects of the file."""
        found = []
        for index, entry in enumerate(self.model.effects):
            path = f"effects[{index}]"
            for key, ids in (("source", [entry.source]), ("affects", entry.affects)):
                for at, name in enumerate(ids):
                    if name not in place:
                        where = f"{path}.{key}" if key == "source" else f"{path}.affects[{at}]"
                        raise self.fail(where, f"no object with id {name!r} in the state")
            found.append(
                StateEffect(
                    ObjectId(entry.source), tuple(ObjectId(a) for a in entry.affects), entry.text, entry.timestamp
                )
            )
        return tuple(found)

    def player_counters(self) -> tuple[tuple[PlayerId, tuple[tuple[str, int], ...]], ...]:
        """Each player's counters (CR 122.1), those with none left out."""
        found = []
        for name, kinds in self.model.counters.items():
            for kind, amount in kinds.items():
                if amount < 0:
                    raise self.fail(f"counters.{name}.{kind}", f"a number of counters can't be negative (got {amount})")
            counted = tuple(sorted((k, n) for k, n in kinds.items() if n))
            player = self.player(f"counters.{name}", name, name)
            if counted:
                found.append((player, counted))
        return tuple(found)

    def objects(self) -> tuple[list[GameObject], list[tuple[ObjectId, Any]]]:
        """Every object of the file, in order, and the cast records of the spells on the stack."""
        objects: list[GameObject] = []
        seen: dict[str, int] = {}
        stack_casts: list[tuple[ObjectId, Any]] = []
        for index, entry in enumerate(self.model.objects):
            path = f"objects[{index}]"
            if entry.id in seen:
                raise self.fail(f"{path}.id", f"duplicate id {entry.id!r} (also objects[{seen[entry.id]}])")
            if entry.id in self.players:
                raise self.fail(f"{path}.id", f"id {entry.id!r} is also a player id")
            seen[entry.id] = index
            objects.append(self.game_object(entry, path, stack_casts))
        return objects, stack_casts

    def game_object(self, entry: _Object, path: str, stack_casts: list[tuple[ObjectId, Any]]) -> GameObject:
        """One object of the file, its cast record (a spell on the stack) added to ``stack_casts``."""
        if entry.owner is None and entry.controller is None:
            raise self.fail(f"{path}.owner", "give an owner or a controller")
        if entry.owner is not None:
            self.player(f"{path}.owner", entry.owner, entry.owner)
        if entry.controller is not None:
            self.player(f"{path}.controller", entry.controller, entry.controller)
        # Each defaults to the other; one of them is given (checked above).
        owner = PlayerId(entry.owner or entry.controller or "")
        controller = PlayerId(entry.controller or entry.owner or "")
        card = self.card(entry, path)
        if self.names_back_face(entry, card):
            entry = entry.model_copy(update={"face": "back"})
        card = _shown_face(card, entry, path, self.fail)
        self.check_flags(entry, card, path)
        if entry.chosen:
            card = self.chosen(entry, card, path)
        grants = tuple(
            CastGrant(
                self.player(f"{path}.may_cast[{i}].player", grant.player, grant.player),
                grant.without_paying,
                grant.until,
            )
            for i, grant in enumerate(entry.may_cast)
        )
        granted = tuple(entry.granted)
        if granted:
            from models.oracle.parser import parse_granted  # the grammar, loaded when a file first grants

            try:
                parse_granted(granted)
            except InputError as exc:
                raise self.fail(f"{path}.granted", exc.message) from None
        if entry.cast is not None:
            stack_casts.append((ObjectId(entry.id), self.cast_record(entry, path)))
            if isinstance(entry.cast, dict) and entry.cast.get("alternative_cost") in FACE_DOWN_KEYWORDS:
                card = face_down_card(card)  # a spell cast face down has only those characteristics (CR 708.4)
        return GameObject(
            id=ObjectId(entry.id),
            card=card,
            zone=Zone(entry.zone),
            owner=owner,
            controller=controller if entry.zone in ("battlefield", "stack") else owner,
            tapped=entry.tapped,
            counters=tuple(sorted(entry.counters.items())),
            token=entry.token,
            attacking=entry.attacking,
            granted=granted,
            foretold=entry.foretold,
            plotted=entry.plotted,
            on_adventure=entry.on_adventure,
            prepared=entry.prepared,
            exiled_with=entry.exiled_with,
            may_cast=grants,
            summoning_sick=entry.summoning_sick,
            attached_to=entry.attached_to,
            commander=entry.commander,
        )

    def names_back_face(self, entry: _Object, card: Card) -> bool:
        """A permanent named by the back face of its double-faced card, with no ``face`` or ``transformed`` given.

        On the battlefield a double-faced permanent has the characteristics of the face up (CR 712.8d-e): a file
        naming the back face ("Insectile Aberration") means that face is up, as ``"face": "back"`` says. In
        another zone the card has its front face's characteristics whatever face names it (CR 712.8a).

        Parameters
        ----------
        entry : _Object
            The object as the file gives it.
        card : Card
            Its card as :meth:`card` gives it: the front face, with its other faces.

        Returns
        -------
        bool
        """
        if (
            entry.zone != "battlefield"
            or entry.face is not None
            or entry.transformed
            or not isinstance(entry.card, str)
        ):
            return False
        if card.layout not in ("transform", "modal_dfc") or len(card.faces) < 2:
            return False
        return self.cards.get(entry.card).name == card.faces[1]

    def card(self, entry: _Object, path: str) -> Card:
        """The card of an object: by name (its faces with it, CR 709.1, 712.2), or inline (Scryfall fields)."""
        where = self.prefix + f"{path}.card"
        try:
            if isinstance(entry.card, str):
                return card_of_object(self.cards, self.cards.get(entry.card, path=where), path=where)
            try:
                inline = _InlineCard.model_validate(entry.card)
            except ValidationError as exc:
                error = exc.errors()[0]
                key = _key_path(tuple(error["loc"]))
                raise self.fail(f"{path}.card.{key}" if key else f"{path}.card", _message(error)) from None
            return card_from_record(inline.model_dump(), path=where)
        except UnreadableSymbolError as exc:  # a card the state gives whose text can't be read: exit code 3
            raise UnsupportedRuleError(
                f"{exc.path.removesuffix('.oracle_text')}",
                exc.symbol,
                f"{exc.symbol} in its text is not a symbol of the rules, CR 107",
            ) from None
        except StateError:
            raise
        except InputError as exc:
            raise StateError(exc.path, exc.message) from None

    def check_flags(self, entry: _Object, card: Card, path: str) -> None:
        """Each flag of an object is one of its zone's, and its counters are whole numbers of 0 or more."""
        for flag, zone in (
            ("foretold", "exile"),
            ("plotted", "exile"),
            ("on_adventure", "exile"),
            ("prepared", "battlefield"),
            ("exiled_with", "exile"),
            ("attached_to", "battlefield"),
            ("summoning_sick", "battlefield"),
            ("face_down", "battlefield"),
            ("transformed", "battlefield"),
            ("flipped", "battlefield"),
        ):
            if getattr(entry, flag) not in (False, None) and entry.zone != zone:
                raise self.fail(
                    f"{path}.{flag}",
                    f"only a card {Zone(zone).where} can be "
                    f"{flag.replace('_', ' ')}; this object is {Zone(entry.zone).where}",
                )
        if entry.on_adventure and card.layout != "adventure":
            raise self.fail(f"{path}.on_adventure", f"{card.name} is not an adventurer card (CR 715.1)")
        if entry.commander and entry.token:  # a commander is a card (CR 903.3)
            raise self.fail(f"{path}.commander", "a token can't be a commander (CR 903.3: a commander is a card)")
        if entry.tapped and entry.zone != "battlefield":
            raise self.fail(f"{path}.tapped", f"only permanents can be tapped; this object is {Zone(entry.zone).where}")
        for counter, amount in entry.counters.items():
            if amount < 0:
                raise self.fail(f"{path}.counters.{counter}", f"a number of counters can't be negative (got {amount})")

    def chosen(self, entry: _Object, card: Card, path: str) -> Card:
        """The permanent's card with what was chosen as it entered written into its text (CR 607.2a)."""
        if entry.zone != "battlefield":
            raise self.fail(f"{path}.chosen", "what was chosen as a permanent entered is for permanents (battlefield)")
        from models.oracle.statics import with_choices  # the reader's words, loaded when a file first chooses

        try:
            return with_choices(card, entry.chosen)
        except ValueError as exc:
            raise self.fail(f"{path}.chosen", str(exc)) from None

    def cast_record(self, entry: _Object, path: str) -> Any:
        """The cast record of a spell on the stack, read as any cast record is (unknown keys are errors)."""
        if entry.zone != "stack":
            raise self.fail(f"{path}.cast", "only a spell on the stack has a cast record")
        try:
            record = Cast.from_json(entry.cast, path=f"{path}.cast")
        except InputError as exc:
            raise self.fail(exc.path, exc.message) from None
        if record.card != entry.id:
            raise self.fail(f"{path}.cast.card", f"the record is of {record.card!r}, not of this object {entry.id!r}")
        return entry.cast

    def check_stack(self, objects: list[GameObject], seen: dict[str, int]) -> None:
        """The stack list names exactly the objects in zone ``stack``, each once (``seen``: each id's index)."""
        on_stack = [o.id for o in objects if o.zone is Zone.STACK]
        for index, object_id in enumerate(self.model.stack):
            if object_id not in seen:
                raise self.fail(f"stack[{index}]", f"unknown object {object_id!r}")
            if objects[seen[object_id]].zone is not Zone.STACK:
                raise self.fail(f"stack[{index}]", f"object {object_id!r} is not in zone 'stack'")
        if len(set(self.model.stack)) != len(self.model.stack):
            raise self.fail("stack", "an object is listed twice")
        missing = [o for o in on_stack if o not in self.model.stack]
        if missing:
            raise self.fail("stack", f"objects in zone 'stack' missing from the stack list: {', '.join(missing)}")

    def check_attachments(self, objects: list[GameObject], seen: dict[str, int]) -> None:
        """What is attached is attached to a permanent on the battlefield or a player, not itself (CR 301.5, 303.4)."""
        for index, obj in enumerate(objects):
            if obj.attached_to is None:
                continue
            where = f"objects[{index}].attached_to"
            if obj.attached_to == obj.id:
                raise self.fail(where, f"{obj.name} can't be attached to itself (CR 301.5c, 303.4d)")
            if obj.attached_to not in seen and obj.attached_to not in self.players:
                raise self.fail(where, f"unknown object or player {obj.attached_to!r}")
            if obj.attached_to in seen and objects[seen[obj.attached_to]].zone is not Zone.BATTLEFIELD:
                raise self.fail(
                    where,
                    f"{obj.attached_to!r} is not on the battlefield: an Aura, Equipment or "
                    "Fortification is attached to a permanent or a player (CR 301.5, 303.4)",
                )


def state_from_json(text: str, cards: CardDatabase | None = None, source: str = "") -> GameState:
    """Parse the text of a state file; see :func:`state_from_data`.

    Raises
    ------
    StateError
        Text that is not JSON (with line and column), or any error of
        :func:`state_from_data`.
    """
    return state_from_data(parse_json(text, source, StateError), cards, source)


def load_state(path: str | Path, cards: CardDatabase | None = None) -> GameState:
    """Read a state file (JSON); ``legalcasts.load_state`` reads a Forge puzzle too (:mod:`models.io.states`).

    Parameters
    ----------
    path : str or Path
    cards : CardDatabase or None

    Returns
    -------
    GameState

    Raises
    ------
    StateError
        Unreadable file, a Forge puzzle (``.pzl``: the puzzle reader reads through this module, so it is not
        read here), or any error of :func:`state_from_data`.
    """
    path = Path(path)
    if path.suffix.casefold() == ".pzl":
        raise StateError(
            str(path), "a Forge puzzle is read by legalcasts.load_state (models.io.states), not as a state file"
        )
    return state_from_json(read_input_text(path, "state file"), cards, source=str(path))
