"""The game state: players, zones, turn, stack and mana (CR 103-117, 400s).

A :class:`GameState` is immutable. It is built by :mod:`models.io.state_json`
from the JSON contract of the state file, or directly in code.
"""

from __future__ import annotations

from collections.abc import Mapping
import dataclasses
from dataclasses import dataclass, field
from typing import Any

from models.mana import ManaCost
from models.objects import GameObject, ObjectId, Phase, PlayerId, Zone

__all__ = ["GameState", "StateEffect", "TurnFacts"]


@dataclass(frozen=True, slots=True)
class TurnFacts:
    """Facts about the current turn that casting rules depend on: the state file's ``this_turn``.

    Parameters
    ----------
    spells_cast : tuple of (PlayerId, int)
        Spells each player has cast this turn (surge, CR 702.117a).
    life_lost : tuple of (PlayerId, int)
        Life each player has lost this turn (spectacle, CR 702.137a).
    attacked : tuple of PlayerId
        Players who attacked with a creature this turn.
    creatures_died : int
        Creatures that died this turn (CR 700.4: put into a graveyard from the battlefield).
    permanent_left : tuple of PlayerId
        Players a permanent of whom left the battlefield this turn.
    combat_damage_by : tuple
        Objects (ids) or ``{"player": ID, "subtype": ...}`` facts that dealt combat damage this turn.
    lands_played : tuple of (PlayerId, int)
        Lands each player has played this turn.
    activated : tuple of str
        Permanents (ids) whose ability "Activate only once each turn." was activated this turn (CR 602.5b).
    noncombat_damage : tuple of (PlayerId, int)
        Noncombat damage dealt to each player this turn (CR 120.1, 510).
    life_gained : tuple of (PlayerId, int)
        Life each player has gained this turn (CR 119.3).
    cards_drawn : tuple of (PlayerId, int)
        Cards each player has drawn this turn (CR 121.1).
    given : frozenset of str
        The keys the file gave: a fact not given is taken as none happened (the conservative reading), and
        the sentences that use it say so.
    """

    spells_cast: tuple[tuple[PlayerId, int], ...] = ()
    life_lost: tuple[tuple[PlayerId, int], ...] = ()
    attacked: tuple[PlayerId, ...] = ()
    creatures_died: int = 0
    permanent_left: tuple[PlayerId, ...] = ()
    combat_damage_by: tuple[Any, ...] = ()
    lands_played: tuple[tuple[PlayerId, int], ...] = ()
    activated: tuple[str, ...] = ()
    life_gained: tuple[tuple[PlayerId, int], ...] = ()
    noncombat_damage: tuple[tuple[PlayerId, int], ...] = ()
    cards_drawn: tuple[tuple[PlayerId, int], ...] = ()
    given: frozenset[str] = frozenset()

    def spells_cast_by(self, player: str) -> int:
        """How many spells ``player`` has cast this turn (0 when not given)."""
        return self.of_player("spells_cast", player)

    def life_lost_by(self, player: str) -> int:
        """How much life ``player`` has lost this turn (0 when not given)."""
        return self.of_player("life_lost", player)

    def of_player(self, fact: str, player: str) -> int:
        """A player's number of a fact given per player (0 when not given).

        ``fact`` is ``"spells_cast"``, ``"life_lost"``, ``"life_gained"``, ``"cards_drawn"``, ``"noncombat_damage"``
        or ``"lands_played"``.
        """
        numbers: tuple[tuple[PlayerId, int], ...] = getattr(self, fact)
        return dict(numbers).get(PlayerId(player), 0)


@dataclass(frozen=True, slots=True)
class StateEffect:
    """A continuous effect of a resolved spell or ability, still in force (CR 611.2): the file's ``effects``.

    Parameters
    ----------
    source : ObjectId
        The object whose spell or ability made it; its controller is the effect's "you" (CR 611.2a).
    affects : tuple of ObjectId
        The objects it applies to, fixed as it began (CR 611.2c).
    text : str
        What it does, as the card says it: "gets +2/+2 and gains flying until end of turn". Read by the same
        reader as static abilities, and applied in the same layers (CR 613).
    timestamp : int
        Its order among the file's effects (CR 613.7b): a later one applies later within a layer.
    """

    source: ObjectId
    affects: tuple[ObjectId, ...]
    text: str
    timestamp: int = 0


@dataclass(frozen=True, slots=True, weakref_slot=True)
class GameState:
    """One moment of a game, enough to decide what may be cast.

    Parameters
    ----------
    players : tuple of PlayerId
        In turn order.
    active_player, priority : PlayerId
        Whose turn it is (CR 102.1) and who has priority (CR 117).
    phase : Phase
    objects : tuple of GameObject
        Every object that matters, in file order.
    stack : tuple of ObjectId
        Bottom first (CR 405).
    life : tuple of (PlayerId, int)
        Life totals (CR 119), one per player.
    mana_pool : tuple of (PlayerId, ManaCost)
        Mana already in each player's pool (CR 106.4), written as symbols.
    stack_casts : tuple of (ObjectId, mapping)
        For spells on the stack, the cast record they were cast with
        (one line of ``legalcasts casts --format jsonl``).
    this_turn : TurnFacts
        Facts about the current turn (the file's ``this_turn``).
    player_counters : tuple of (PlayerId, tuple of (str, int))
        Counters each player has (CR 122.1: energy, poison, experience...), kind and number sorted by kind;
        players with none left out.
    effects : tuple of StateEffect
        Continuous effects of resolved spells and abilities still in force (CR 611.2), in file order.
    """

    players: tuple[PlayerId, ...]
    active_player: PlayerId
    priority: PlayerId
    phase: Phase
    objects: tuple[GameObject, ...]
    stack: tuple[ObjectId, ...] = ()
    life: tuple[tuple[PlayerId, int], ...] = ()
    mana_pool: tuple[tuple[PlayerId, ManaCost], ...] = ()
    stack_casts: tuple[tuple[ObjectId, Any], ...] = field(default=(), compare=False)
    this_turn: TurnFacts = TurnFacts()
    player_counters: tuple[tuple[PlayerId, tuple[tuple[str, int], ...]], ...] = ()
    effects: tuple[StateEffect, ...] = ()
    _index: Mapping[ObjectId, GameObject] = field(init=False, compare=False, repr=False)
    _zones: dict[tuple[Zone, PlayerId | None], tuple[GameObject, ...]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {o.id: o for o in self.objects})
        object.__setattr__(self, "_zones", {})

    def __hash__(self) -> int:
        return hash((self.players, self.active_player, self.priority, self.phase, self.objects, self.stack))

    def object(self, object_id: str) -> GameObject:
        """The object with this id.

        Raises
        ------
        KeyError
            No such object.
        """
        return self._index[ObjectId(object_id)]

    def counters_of(self, player: str) -> dict[str, int]:
        """A player's counters by kind (CR 122.1): ``{"energy": 3}``; empty when they have none."""
        return dict(dict(self.player_counters).get(PlayerId(player), ()))

    def has_object(self, object_id: str) -> bool:
        """Whether an object with this id exists."""
        return object_id in self._index

    def objects_in(self, zone: Zone, controller: PlayerId | None = None) -> tuple[GameObject, ...]:
        """Objects in a zone, in file order, optionally of one controller.

        Parameters
        ----------
        zone : Zone
        controller : PlayerId or None
            For hands, graveyards and libraries the controller is the owner.

        Returns
        -------
        tuple of GameObject
        """
        zones = self._zones
        if not zones:  # the state never changes: every zone's lists are made once, in one pass
            lists: dict[tuple[Zone, PlayerId | None], list[GameObject]] = {}
            for o in self.objects:
                lists.setdefault((o.zone, None), []).append(o)
                lists.setdefault((o.zone, o.controller), []).append(o)
            zones.update((key, tuple(found)) for key, found in lists.items())
        return zones.get((zone, controller), ())

    def hand(self, player: PlayerId) -> tuple[GameObject, ...]:
        """The cards in a player's hand, in file order (CR 402)."""
        return tuple(o for o in self.objects_in(Zone.HAND) if o.owner == player)

    def battlefield(self) -> tuple[GameObject, ...]:
        """The permanents on the battlefield, in file order (CR 403)."""
        return self.objects_in(Zone.BATTLEFIELD)

    def opponents(self, player: PlayerId) -> tuple[PlayerId, ...]:
        """The player's opponents, in turn order (CR 102.3, two-team games aside)."""
        return tuple(p for p in self.players if p != player)

    def life_of(self, player: PlayerId) -> int:
        """A player's life total (CR 119); 20 when not given."""
        return dict(self.life).get(player, 20)

    def pool_of(self, player: PlayerId) -> ManaCost:
        """The mana in a player's mana pool, as symbols; empty when not given."""
        return dict(self.mana_pool).get(player, ManaCost.parse(""))

    def cast_record_of(self, object_id: str) -> Any | None:
        """The cast record given for a spell on the stack, or None."""
        return dict(self.stack_casts).get(ObjectId(object_id))

    def after(self, move: Any) -> GameState:
        """The state after a move (a cast with its payment, a land play, ...); this state is unchanged.

        Parameters
        ----------
        move : solver.moves.Move
            Any object with ``apply(state) -> GameState``: the moves of :mod:`solver.moves`.

        Returns
        -------
        GameState

        Raises
        ------
        solver.moves.IllegalMoveError, UnsupportedRuleError
            As :func:`solver.moves.after`.
        """
        return move.apply(self)  # type: ignore[no-any-return]

    def with_object(self, changed: GameObject) -> GameState:
        """The state with the object of ``changed``'s id replaced by ``changed`` (the rest unchanged).

        Parameters
        ----------
        changed : GameObject
            An object of the state, changed (its card, its granted abilities).

        Returns
        -------
        GameState
        """
        return dataclasses.replace(self, objects=tuple(changed if o.id == changed.id else o for o in self.objects))
