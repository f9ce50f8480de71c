"""Moves: the next position after a cast, a land play, a mana ability, a card moved, a pass (CR 601.2, 305, 605).

:func:`after` is python-chess's ``push`` made immutable: it takes a :class:`~models.state.GameState` and a move
and returns the next state, the old one unchanged (states are values: keep the old one to go back, as ``pop``
would). Every state it returns is one the state format writes and reads back as itself
(:func:`models.io.state_write.state_to_data`), so a position reached by moves can be sent, stored or loaded
again.

The moves:

- :class:`CastSpell`: a legal cast (the one judge: :func:`solver.legal.why_illegal`) and a payment of it
  (:func:`solver.payments.payments`, the default when none is given). The card goes on the stack with its cast
  record (CR 601.2a, 601.2i); the objects its costs use are discarded, sacrificed, exiled, tapped or returned;
  the mana abilities of the payment are activated (their permanents tapped, a Treasure sacrificed, their life,
  energy and counters paid, CR 605.3); the pool's mana spent and what is left kept (CR 106.4); the life paid
  (CR 119.4); and the spell counted among the spells its caster cast this turn.
- :class:`PlayLand`: the player with priority plays a land from their hand (CR 305.1-305.2, 505.5b).
- :class:`TapForMana`: a permanent's {T} mana ability activated, its mana added to the pool (CR 605.3a).
- :class:`MoveCard`, :class:`AddObject`, :class:`RemoveObject`: what effects do to objects (a creature dies,
  a card is drawn, a token is made or ceases to exist, CR 400.7).
- :class:`PassPriority`: the next player in turn order receives priority (CR 117.3d).

A move that is not legal raises :class:`IllegalMoveError`, naming why; a move whose result the state can't
describe or legalcasts can't work out raises :class:`~models.errors.UnsupportedRuleError`. Triggered abilities
are not put on the stack (the state format holds spells there, not abilities): the state after a move is the
state before they trigger.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from models.abilities import FACE_DOWN_KEYWORDS, ManaAbility
from models.cast import Cast
from models.errors import InputError, UnsupportedRuleError
from models.io.card_pool import default_card_database
from models.io.state_write import printed_card
from models.mana import ManaCost
from models.objects import Card, CardType, GameObject, ObjectId, PlayerId, Zone, face_down_card
from models.state import GameState
from solver.abilities import abilities_of
from solver.legal import judging_view
from solver.payments import ManaUse, Payment, payments_of_problem, life_paid_for_costs
from solver.problem import CastProblem
from solver.rules.mana import mana_sources_of, spending_restrictions

__all__ = [
    "IllegalMoveError",
    "CastSpell",
    "PlayLand",
    "TapForMana",
    "MoveCard",
    "AddObject",
    "RemoveObject",
    "PassPriority",
    "Move",
    "after",
]


class IllegalMoveError(InputError):
    """A move the rules don't allow in the state: a cast the judge rejects, a second land play, a tapped land."""


class _Applies:
    """What every move has: ``apply(state)``, so that ``state.after(move)`` works.

    The state's module knows no move: a move applies itself.
    """

    __slots__ = ()

    def apply(self, state: GameState) -> GameState:
        """The state after this move: :func:`after`."""
        return after(state, self)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class CastSpell(_Applies):
    """Cast a spell: a legal cast and how it is paid (CR 601.2).

    Parameters
    ----------
    cast : Cast
        Legal for the question's options (:func:`solver.legal.is_legal_cast`).
    payment : Payment or None
        One of :func:`solver.payments.payments` of the cast; None: the default, the first.
    player : str or None
        The caster (default: the card's owner), as :func:`solver.legal.is_legal_cast`.
    without_paying_mana_cost : bool
        The question is of casts without paying the mana cost (CR 118.9).
    resolving : str or None
        ``"madness"`` or ``"miracle"``: cast as that keyword's trigger resolves (CR 608.2g).
    """

    cast: Cast
    payment: Payment | None = None
    player: str | None = None
    without_paying_mana_cost: bool = False
    resolving: str | None = None


@dataclass(frozen=True, slots=True)
class PlayLand(_Applies):
    """The player with priority plays a land card from their hand (CR 305.1, 116.2a).

    Parameters
    ----------
    card : str
        The id of the land card.
    """

    card: str


@dataclass(frozen=True, slots=True)
class TapForMana(_Applies):
    """A permanent's {T} mana ability is activated by its controller: it is tapped and its mana added (CR 605.3a).

    Parameters
    ----------
    permanent : str
        Its id.
    mana : str or None
        The mana it adds, as symbols (``"{G}"``, ``"{W}{B}"``), one of what it can add; None: the first it can
        add, each unit its first type in WUBRGC order.
    """

    permanent: str
    mana: str | None = None


@dataclass(frozen=True, slots=True)
class MoveCard(_Applies):
    """An object moves to another zone, as an effect does (CR 400.7: it becomes a new object).

    Parameters
    ----------
    card : str
        Its id, kept.
    zone : Zone or str
        Where it goes: hand, battlefield, graveyard, exile or library (the stack is reached by casting).
    controller : str or None
        On the battlefield, who controls it (default: its owner, CR 110.2).
    tapped : bool
        On the battlefield, whether it enters tapped.
    """

    card: str
    zone: Zone | str
    controller: str | None = None
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class AddObject(_Applies):
    """A new object comes into the game: a token is made, a card enters from outside the game (CR 111.1).

    Parameters
    ----------
    id : str
        A new id, none of the state's objects' or players'.
    card : str or Card
        A card name of the card database, or the characteristics themselves.
    owner : str
        Its owner (the player who made a token, CR 111.2); also its controller.
    zone : Zone or str
        Where it is (the battlefield by default).
    token : bool
    tapped : bool
    counters : dict of str to int
    """

    id: str
    card: str | Card
    owner: str
    zone: Zone | str = Zone.BATTLEFIELD
    token: bool = False
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class RemoveObject(_Applies):
    """An object leaves the game for good: a token that ceases to exist (CR 111.7), a card the state drops.

    Parameters
    ----------
    id : str
    """

    id: str


@dataclass(frozen=True, slots=True)
class PassPriority(_Applies):
    """The player with priority passes it: the next player in turn order receives it (CR 117.3d).

    The state format does not record passes in succession, so passing never resolves the top of the stack or ends
    the step (CR 117.4); those are moves of their own.
    """


Move = CastSpell | PlayLand | TapForMana | MoveCard | AddObject | RemoveObject | PassPriority
"""A move :func:`after` takes."""


def after(state: GameState, move: Move) -> GameState:
    """The state after a move; ``state`` itself is unchanged.

    Parameters
    ----------
    state : GameState
    move : Move

    Returns
    -------
    GameState
        A new state, one the state format writes (:func:`models.io.state_write.state_to_data`).

    Raises
    ------
    IllegalMoveError
        The move is not legal in ``state``: a cast the judge rejects (its reasons, each with its CR rule), a payment
        that is not one of the cast's, a second land play this turn, a tapped permanent tapped again, an unknown
        object.
    UnsupportedRuleError
        The move's result is not worked out: a cost or a mana ability's effect not carried out, a land whose
        entering is a choice, mana that may be spent on some spells only kept in the pool.
    TypeError
        ``move`` is not a move.
    """
    apply = _MOVES.get(type(move))
    if apply is None:
        raise TypeError(f"not a move: {move!r}")
    return apply(state, move)


# -------------------------------------------------------------------------------------------------- the changes


class _Change:
    """A state being changed: its objects by id (file order kept), stack, life, pools and this turn's facts."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.objects: dict[ObjectId, GameObject | None] = {o.id: o for o in state.objects}
        self.added: list[GameObject] = []
        self.stack = list(state.stack)
        self.records = dict(state.stack_casts)
        self.life = dict(state.life) or {p: 20 for p in state.players}
        self.pools = {p: Counter(_letters(pool)) for p, pool in state.mana_pool}
        self.turn = state.this_turn
        self.priority = state.priority
        self.gone: set[ObjectId] = set()

    def object(self, object_id: str, path: str = "move") -> GameObject:
        found = self.objects.get(ObjectId(object_id))
        if found is None:
            raise IllegalMoveError(path, f"no object with id {object_id!r} in the state")
        return found

    def set(self, obj: GameObject) -> None:
        self.objects[obj.id] = obj

    def count(self, fact: str, player: PlayerId, amount: int = 1) -> None:
        """Add to a per-player fact of this turn (``spells_cast``, ``life_lost``, ``lands_played``)."""
        if not amount:
            return
        counted = dict(getattr(self.turn, fact))
        counted[player] = counted.get(player, 0) + amount
        changed: dict[str, Any] = {fact: tuple(counted.items()), "given": self.turn.given | {fact}}
        self.turn = dataclasses.replace(self.turn, **changed)

    def activated(self, object_id: ObjectId) -> None:
        """List a permanent whose once-each-turn ability was activated this turn (CR 602.5b)."""
        if object_id not in self.turn.activated:
            self.turn = dataclasses.replace(
                self.turn, activated=self.turn.activated + (object_id,), given=self.turn.given | {"activated"}
            )

    def lose_life(self, player: PlayerId, amount: int) -> None:
        """Pay or lose life (CR 119.3-119.4): counted as life lost this turn."""
        if amount:
            self.life[player] = self.life.get(player, 20) - amount
            self.count("life_lost", player, amount)

    def to_zone(self, obj: GameObject, zone: Zone, controller: PlayerId | None = None, tapped: bool = False) -> None:
        """Move an object to a zone: a new object with its id (CR 400.7); a token leaving the battlefield is gone."""
        if obj.zone is Zone.STACK:
            self.stack.remove(obj.id)
            self.records.pop(obj.id, None)
        if obj.zone is Zone.BATTLEFIELD and zone is not Zone.BATTLEFIELD:
            self.left_battlefield(obj, zone)
            if obj.token:  # CR 111.7, 704.5d
                self.remove(obj)
                return
        card = obj.card
        if zone is Zone.BATTLEFIELD:
            new = _fresh(obj, card, zone, controller or obj.owner)
            new = dataclasses.replace(new, tapped=tapped, summoning_sick=True)
        else:
            new = _fresh(obj, _printed(obj), zone, obj.owner)
        self.set(new)

    def left_battlefield(self, obj: GameObject, zone: Zone) -> None:
        """What a permanent leaving the battlefield changes: attachments, effects on it, this turn's facts."""
        if obj.card.has_type(CardType.CREATURE) and zone is Zone.GRAVEYARD:
            self.turn = dataclasses.replace(
                self.turn,
                creatures_died=self.turn.creatures_died + 1,
                given=self.turn.given | {"creatures_died"},
            )
        if obj.controller not in self.turn.permanent_left:
            self.turn = dataclasses.replace(
                self.turn,
                permanent_left=self.turn.permanent_left + (obj.controller,),
                given=self.turn.given | {"permanent_left"},
            )
        self.detach(obj.id)

    def detach(self, object_id: ObjectId) -> None:
        """Objects attached to one that left: Auras to their owners' graveyards (CR 704.5m), others unattached."""
        for other in list(self.objects.values()):
            if other is not None and other.attached_to == object_id:
                if "Aura" in other.card.subtypes:
                    self.to_zone(other, Zone.GRAVEYARD)
                else:
                    self.set(dataclasses.replace(other, attached_to=None))

    def remove(self, obj: GameObject) -> None:
        """The object is gone from the game; what names it names nothing."""
        self.objects[obj.id] = None
        self.gone.add(obj.id)
        if obj.id in self.stack:
            self.stack.remove(obj.id)
            self.records.pop(obj.id, None)
        self.detach(obj.id)
        for other in list(self.objects.values()):
            if other is not None and other.exiled_with == obj.id:
                self.set(dataclasses.replace(other, exiled_with=None))

    def result(self) -> GameState:
        objects = tuple(o for o in self.objects.values() if o is not None) + tuple(self.added)
        effects = tuple(
            dataclasses.replace(e, affects=tuple(a for a in e.affects if a not in self.gone and _same(self, a)))
            for e in self.state.effects
            if e.source not in self.gone
        )
        return dataclasses.replace(
            self.state,
            objects=objects,
            stack=tuple(self.stack),
            stack_casts=tuple((o.id, self.records[o.id]) for o in objects if o.id in self.records),
            life=tuple((p, self.life.get(p, 20)) for p in self.state.players),
            mana_pool=tuple((p, _mana(pool)) for p, pool in self.pools.items() if sum(pool.values())),
            this_turn=self.turn,
            priority=self.priority,
            effects=tuple(e for e in effects if e.affects),
        )


def _same(change: _Change, object_id: str) -> bool:
    """Whether an object an effect affects is still the object it was (not moved to another zone, CR 400.7)."""
    before = change.state.object(object_id) if change.state.has_object(object_id) else None
    now = change.objects.get(ObjectId(object_id))
    return before is not None and now is not None and before.zone is now.zone


def _fresh(obj: GameObject, card: Card, zone: Zone, controller: PlayerId) -> GameObject:
    """The new object a card becomes in a zone (CR 400.7): its status, counters and grants left behind."""
    return GameObject(id=obj.id, card=card, zone=zone, owner=obj.owner, controller=controller, token=obj.token)


def _printed(obj: GameObject) -> Card:
    """The card's own characteristics, its front face (CR 712.8a), whatever face it showed on the battlefield."""
    if obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
        return obj.card
    return printed_card(default_card_database(), obj) or obj.card


def _letters(pool: ManaCost) -> list[str]:
    return [str(symbol)[1] for symbol in pool.symbols]


def _mana(counted: Counter[str]) -> ManaCost:
    return ManaCost.parse("".join("{" + letter + "}" for letter in "WUBRGC" for _ in range(counted[letter])))


# --------------------------------------------------------------------------------------------------- casting


def _cast(state: GameState, move: CastSpell) -> GameState:
    """CR 601.2a-i: the card to the stack with its record, its costs paid with the payment."""
    cast = move.cast
    try:
        view = judging_view(
            state,
            cast,
            player=move.player,
            without_paying_mana_cost=move.without_paying_mana_cost,
            resolving=move.resolving,
        )
    except InputError as exc:
        raise IllegalMoveError(f"move.{exc.path}", exc.message) from None
    reasons = view.why_illegal(cast)
    if reasons:
        raise IllegalMoveError(
            "move.cast", "not a legal cast: " + "; ".join(f"{r.message} ({r.rule})" for r in reasons)
        )
    problem = view.problem_for(cast)
    if problem is None:  # pragma: no cover - a legal cast has its problem
        raise IllegalMoveError("move.cast", "not a legal cast")
    payment = _payment_of(problem, cast, move.payment)
    values = problem.assignment_of(cast).values
    made = problem.to_cast(values)
    _refuse_costs_not_carried_out(problem, values)
    change = _Change(state)
    caster = problem.caster
    spell = change.object(cast.card)
    if spell.zone is Zone.BATTLEFIELD:
        raise UnsupportedRuleError(spell.name, "prepared", "casting a copy of a permanent's spell is not a move yet")
    card = face_down_card(spell.card) if cast.alternative_cost in FACE_DOWN_KEYWORDS else _printed(spell)
    if spell.zone is not Zone.STACK:
        change.set(_fresh(spell, card, Zone.STACK, caster))
    change.stack.append(spell.id)
    change.records[spell.id] = made.to_json()
    _pay_mana(change, caster, payment)
    _pay_objects(change, cast)
    change.lose_life(caster, payment.life + life_paid_for_costs(problem, cast))
    change.count("spells_cast", caster)
    return change.result()


def _payment_of(problem: CastProblem, cast: Cast, given: Payment | None) -> Payment:
    """The payment to carry out: the default, or the given one, which must be one of the cast's."""
    found = payments_of_problem(problem, cast)
    if given is None:
        first = next(found, None)
        if first is None:  # pragma: no cover - a legal cast can be paid
            raise IllegalMoveError("move.payment", "the cast can't be paid")
        return first
    for payment in found:
        if payment.mana == given.mana and payment.life == given.life:
            return payment
    raise IllegalMoveError("move.payment", "not one of the cast's payments (solver.payments.payments)")


def _refuse_costs_not_carried_out(problem: CastProblem, values: dict[Any, Any]) -> None:
    """Costs paid whose effect a move does not carry out: a card discarded at random, "An opponent gains 5 life"."""
    for term in problem.cost_terms:
        cost = term.cost
        if not term.times(*(values[k] for k in term.scope)):
            continue
        plain = cost.mana.is_empty and not cost.objects and not cost.life and not cost.life_x and not cost.reveals
        if cost.discards_at_random or (plain and cost.text and term.label not in _NO_EFFECT):
            raise UnsupportedRuleError(
                problem.spell.name, cost.text or str(cost), "a cost whose effect is not carried out by a move"
            )


_NO_EFFECT = frozenset({"delve", "gift"})
"""Cost terms with no effect of their own on the state: delve's cards are the cast's exiles; a gift is promised
as the spell is cast and given as it resolves (CR 702.174a-b)."""


def _pay_objects(change: _Change, cast: Cast) -> None:
    """The objects the cast's costs use (CR 601.2h): discarded, sacrificed, exiled, tapped, returned."""
    for object_id in cast.taps:
        obj = change.object(object_id)
        change.set(dataclasses.replace(obj, tapped=True))
    for ids, zone in (
        (cast.discards, Zone.GRAVEYARD),
        (cast.sacrifices, Zone.GRAVEYARD),
        (cast.exiles, Zone.EXILE),
        (cast.returns, Zone.HAND),
    ):
        for object_id in ids:
            change.to_zone(change.object(object_id), zone)


def _pay_mana(change: _Change, caster: PlayerId, payment: Payment) -> None:
    """The mana abilities of the payment activated, the pool's mana spent and what is left kept (CR 106.4, 605)."""
    pool = change.pools.setdefault(caster, Counter())
    spent = Counter(_letters(payment.pool_spent))
    if spent - pool:
        raise IllegalMoveError("move.payment", f"the pool holds no {payment.pool_spent}")
    pool.subtract(spent)
    for use in payment.mana:
        if use.source is not None:
            _activate(change, change.object(use.source), use)
    pool.update(_letters(payment.left))


def _activate(change: _Change, obj: GameObject, use: ManaUse) -> None:
    """One mana ability activated: its {T}, its other costs (life, energy, counters), its damage (CR 605.3).

    A permanent with a mana ability "Activate only once each turn." is listed in ``this_turn.activated`` (CR
    602.5b), so no later position of the turn activates it again.
    """
    ability = _ability_used(obj, use)
    controller = obj.controller
    if any(a.once_each_turn and a.taps == use.taps for a in abilities_of(obj).mana_abilities):
        change.activated(obj.id)
    if ability is not None:
        if ability.sacrifices_other:
            raise UnsupportedRuleError(
                obj.name, obj.card.oracle_text, "which permanent a mana ability sacrifices is not chosen by a move"
            )
        change.lose_life(controller, ability.life + ability.damage)
        if ability.energy:
            raise UnsupportedRuleError(obj.name, "{E}", "energy paid for mana is not carried out by a move")
        if ability.counter:
            counters = dict(obj.counters)
            counters[ability.counter] = counters.get(ability.counter, 0) - ability.counters_removed
            obj = dataclasses.replace(obj, counters=tuple(sorted((k, n) for k, n in counters.items() if n > 0)))
    if use.consumed:
        if obj.zone is Zone.HAND:
            change.to_zone(obj, Zone.EXILE)  # "Exile this card from your hand: Add {G}." (CR 605.1a)
        else:
            change.to_zone(obj, Zone.GRAVEYARD)  # sacrificed (CR 701.21a)
        return
    if use.taps:
        if obj.tapped:
            raise IllegalMoveError("move.payment", f"{obj.name} ({obj.id}) is tapped")
        obj = dataclasses.replace(obj, tapped=True)
    change.set(obj)


def _ability_used(obj: GameObject, use: ManaUse) -> ManaAbility | None:
    """The mana ability that made the mana of ``use``: one without other costs when one could (None: a land type's)."""
    letters = Counter(_letters(use.adds))
    candidates = [
        a
        for a in abilities_of(obj).mana_abilities
        if a.taps == use.taps
        and a.sacrifices == use.consumed
        and a.from_hand == (obj.zone is Zone.HAND)
        and _makes(a, letters)
    ]
    basic = any(t in ("Plains", "Island", "Swamp", "Mountain", "Forest") for t in obj.card.subtypes)
    plain = [a for a in candidates if not (a.life or a.damage or a.energy or a.counter or a.sacrifices_other)]
    if plain or (basic and use.taps and not use.consumed) or not candidates:
        return None
    return candidates[0]


def _makes(ability: ManaAbility, letters: Counter[str]) -> bool:
    """Whether the ability can add mana of these types (each unit one of its letters, CR 106.1b)."""
    for option in ability.options or (ability.units,):
        allowed = frozenset().union(*option) if option else frozenset()
        counted = ability.per_power or ability.per_count is not None
        if all(letter in allowed for letter in letters) and (counted or sum(letters.values()) == len(option)):
            return True
    return False


# ---------------------------------------------------------------------------------------------- other moves


def _play_land(state: GameState, move: PlayLand) -> GameState:
    """CR 305.1-305.2, 505.5b: the active player, in a main phase, the stack empty, one land a turn."""
    change = _Change(state)
    obj = change.object(move.card, "move.card")
    player = state.priority
    reasons = []
    if obj.zone is not Zone.HAND or obj.owner != player:
        reasons.append(f"{obj.name} ({obj.id}) is not in {player}'s hand (CR 305.1)")
    if not obj.card.is_land:
        if any(face.is_land for face in obj.card.other_faces):
            raise UnsupportedRuleError(obj.name, obj.card.type_line, "playing a card's land face is not a move yet")
        reasons.append(f"{obj.name} is not a land card (CR 305.1)")
    if player != state.active_player or not state.phase.is_main or state.stack:
        reasons.append(f"{player} may play a land only in a main phase of their turn with the stack empty (CR 305.2)")
    if dict(state.this_turn.lands_played).get(player, 0) >= 1:
        reasons.append(f"{player} has played a land this turn (CR 305.2)")
    if reasons:
        raise IllegalMoveError("move", "; ".join(reasons))
    _refuse_more_land_plays(state, player)
    change.to_zone(obj, Zone.BATTLEFIELD, player, tapped=_enters_tapped(obj.card))
    change.count("lands_played", player)
    return change.result()


_MORE_LANDS = re.compile(r"play (?:an additional land|two additional lands|any number of lands|lands from)", re.I)


def _refuse_more_land_plays(state: GameState, player: PlayerId) -> None:
    """Effects that let a player play more lands, or from elsewhere, are not read (CR 305.2a)."""
    for obj in state.objects_in(Zone.BATTLEFIELD):
        if _MORE_LANDS.search(obj.card.oracle_text):
            raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "more land plays than one (CR 305.2a)")


_ENTERS = re.compile(r"^(?:this land|[^.\n]*?) enters(?: the battlefield)?( tapped)?(.*)$", re.I | re.M)


def _enters_tapped(card: Card) -> bool:
    """Whether the land enters tapped: "This land enters tapped." (CR 614.1c); a condition or choice is refused."""
    text = card.oracle_text
    tapped = False
    for line in text.split("\n"):
        lowered = line.casefold()
        if "enters" not in lowered or lowered.startswith(("when", "whenever")):
            continue  # a trigger: not put on the stack by a move
        if re.fullmatch(
            r"(this land|" + re.escape(card.name.casefold()) + r") enters( the battlefield)? tapped\.", lowered
        ):
            tapped = True
            continue
        raise UnsupportedRuleError(card.name, line, "how it enters is a condition or a choice, not worked out")
    return tapped


def _tap_for_mana(state: GameState, move: TapForMana) -> GameState:
    """CR 605.3a: a {T} mana ability activated by the permanent's controller, its mana added to the pool."""
    change = _Change(state)
    obj = change.object(move.permanent, "move.permanent")
    if obj.zone is not Zone.BATTLEFIELD:
        raise IllegalMoveError("move.permanent", f"{obj.name} ({obj.id}) is not on the battlefield")
    if obj.tapped:
        raise IllegalMoveError("move.permanent", f"{obj.name} ({obj.id}) is tapped: it can't be tapped for mana")
    if any(a.taps and (a.conditions or a.instead_if) for a in abilities_of(obj).mana_abilities):
        # "Activate only if …" (Mox Opal), "add … instead if …": decided as a spell is cast (CR 602.5b), where the
        # judge weighs them; a move with no spell does not weigh them yet
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "a mana ability with a condition, tapped by a move")
    player = obj.controller
    sources = [
        s
        for s in mana_sources_of(state, player, spending_restrictions(state, player))
        if s.object_id == obj.id and s.taps
    ]
    if not sources:
        raise IllegalMoveError("move.permanent", f"{obj.name} ({obj.id}) has no {{T}} mana ability it can activate")
    source = sources[0]
    if source.costs_mana or source.spell_only:
        raise UnsupportedRuleError(obj.name, obj.card.oracle_text, "mana that costs mana or pays some spells only")
    outputs = [tuple(sorted(u, key="WUBRGC".index)[0] for u in o) for o in (source.options or (source.units,))]
    adds = ManaCost.parse("".join("{" + letter + "}" for letter in outputs[0]))
    if move.mana is not None:
        wanted = Counter(_letters(ManaCost.parse(move.mana, path="move.mana")))
        option = next(
            (o for o in (source.options or (source.units,)) if _fits(o, wanted)),
            None,
        )
        if option is None:
            raise IllegalMoveError("move.mana", f"{obj.name} can't add {move.mana}")
        adds = ManaCost.parse(move.mana)
    use = ManaUse(obj.id, adds, consumed=source.consumed, taps=True)
    _activate(change, obj, use)
    change.pools.setdefault(player, Counter()).update(_letters(adds))
    return change.result()


def _fits(option: tuple[frozenset[str], ...], wanted: Counter[str]) -> bool:
    """Whether the units of an output can be made as exactly these types (a matching, small)."""
    if len(option) != sum(wanted.values()):
        return False
    left = list(wanted.elements())

    def place(i: int) -> bool:
        if i == len(option):
            return True
        for k, letter in enumerate(left):
            if letter and letter in option[i]:
                left[k] = ""
                if place(i + 1):
                    return True
                left[k] = letter
        return False

    return place(0)


def _zone(value: Zone | str, path: str) -> Zone:
    try:
        zone = value if isinstance(value, Zone) else Zone(value)
    except ValueError:
        raise IllegalMoveError(path, f"{value!r} is not a zone") from None
    return zone


def _move_card(state: GameState, move: MoveCard) -> GameState:
    """CR 400.7: the object to another zone, a new object; to the stack only by casting."""
    change = _Change(state)
    obj = change.object(move.card, "move.card")
    zone = _zone(move.zone, "move.zone")
    if zone is Zone.STACK:
        raise IllegalMoveError("move.zone", "a card goes on the stack by being cast (CastSpell)")
    controller = None
    if move.controller is not None:
        if move.controller not in state.players:
            raise IllegalMoveError("move.controller", f"unknown player {move.controller!r}")
        controller = PlayerId(move.controller)
    change.to_zone(obj, zone, controller, tapped=move.tapped and zone is Zone.BATTLEFIELD)
    return change.result()


def _add_object(state: GameState, move: AddObject) -> GameState:
    """CR 111.1: a new object, its id new."""
    if state.has_object(move.id) or move.id in state.players:
        raise IllegalMoveError("move.id", f"{move.id!r} is already an object or a player of the state")
    if move.owner not in state.players:
        raise IllegalMoveError("move.owner", f"unknown player {move.owner!r}")
    zone = _zone(move.zone, "move.zone")
    if zone is Zone.STACK:
        raise IllegalMoveError("move.zone", "a card goes on the stack by being cast (CastSpell)")
    card = move.card
    if isinstance(card, str):
        from models.cards import card_of_object

        cards = default_card_database()
        card = card_of_object(cards, cards.get(card, path="move.card"), path="move.card")
    change = _Change(state)
    change.added.append(
        GameObject(
            id=ObjectId(move.id),
            card=card,
            zone=zone,
            owner=PlayerId(move.owner),
            controller=PlayerId(move.owner),
            tapped=move.tapped and zone is Zone.BATTLEFIELD,
            token=move.token,
            counters=tuple(sorted(dict(move.counters).items())),
            summoning_sick=zone is Zone.BATTLEFIELD,
        )
    )
    return change.result()


def _remove_object(state: GameState, move: RemoveObject) -> GameState:
    """The object is gone (a token ceasing to exist, CR 111.7); effects it made end with it."""
    change = _Change(state)
    change.remove(change.object(move.id, "move.id"))
    return change.result()


def _pass_priority(state: GameState, move: PassPriority) -> GameState:
    """CR 117.3d: the next player in turn order receives priority."""
    players = state.players
    return dataclasses.replace(state, priority=players[(players.index(state.priority) + 1) % len(players)])


_MOVES: dict[type, Callable[[GameState, Any], GameState]] = {
    CastSpell: _cast,
    PlayLand: _play_land,
    TapForMana: _tap_for_mana,
    MoveCard: _move_card,
    AddObject: _add_object,
    RemoveObject: _remove_object,
    PassPriority: _pass_priority,
}
