"""The public API: the legal casts of a card, as a view (like python-chess's ``legal_moves``).

>>> from models.io.state_json import state_from_data
>>> state = state_from_data({"players": ["P1", "P2"], "objects": [
...     {"id": "mists", "card": "Reach Through Mists", "zone": "hand", "owner": "P1"},
...     {"id": "ray", "card": "Glacial Ray", "zone": "hand", "owner": "P1"},
...     {"id": "isl", "card": "Island", "zone": "battlefield", "controller": "P1"},
...     {"id": "m1", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
...     {"id": "m2", "card": "Mountain", "zone": "battlefield", "controller": "P1"}]})
>>> casts = legal_casts(state, "mists")
>>> casts.count()   # alone, or with Glacial Ray spliced at P1 or at P2 (CR 702.47)
3
>>> bool(casts), next(iter(casts)) in casts
(True, True)
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator, Mapping
from typing import Any

from models.cast import Cast
from models.errors import InputError, UnsupportedRuleError
from models.objects import GameObject, PlayerId, Zone
from models.state import GameState
from solver.abilities import abilities_of
from solver.backends import Engine, Score, get_engine
from solver.build import build_cast_problem
from solver.problem import CastProblem, Reason
from solver.prompts import DEFAULT_LIMIT, Options
from solver.rules.cast_as import can_be_prototyped, cast_as_choices
from solver.rules.layers import as_the_game_sees_it
from solver.rules.prohibitions import free_cast_grant, top_of_library
from solver.rules.split import castable_faces, half_choices, halves_reason
from solver.rules.zones import unread_permissions, zone_ways

_ENGINES: dict[str, Engine] = {}


def _fast() -> Engine:
    """The fast engine, whose order is the order of action ids whatever a view's engine (made once)."""
    if "fast" not in _ENGINES:
        _ENGINES["fast"] = get_engine("fast")
    return _ENGINES["fast"]


__all__ = [
    "LegalCasts",
    "legal_casts",
    "is_legal_cast",
    "why_illegal",
    "count_legal_casts",
    "sample_cast",
    "best_cast",
    "castable_objects",
    "held_view",
    "judging_view",
]


class LegalCasts:
    """The legal casts of one object: iterate, ``in``, ``bool()``, ``count()``, ``sample()``, ``best()``.

    Parameters
    ----------
    state : GameState
    card : str
        Object id of the card to cast.
    player : str or None
        The caster (default: the card's owner).
    without_paying_mana_cost : bool
        CR 118.9.
    backend : str or None
        The engine: ``"fast"`` (decomposition, the default), ``"python-constraint"``,
        ``"brute"`` or ``"cpsat"``. Every engine gives the same casts.
    resolving : str or None
        ``"madness"`` or ``"miracle"``: the casts as that keyword's triggered ability resolves, for its cost:
        a madness card from exile, the discard just made (CR 702.35a), a miracle card from the hand, revealed
        as it was drawn (CR 702.94a), with no priority and no timing rule (CR 608.2g). None: casts with priority.

    Raises
    ------
    InputError
        Unknown object, player or engine.
    UnsupportedRuleError
        Text bearing on this cast that can't be read.

    Notes
    -----
    A split card is cast as one half, or both fused: that choice is made
    first (CR 709.3, 702.102a), so the view holds one problem per choice of
    halves and is the union of their casts.
    """

    def __init__(
        self,
        state: GameState,
        card: str,
        *,
        player: str | None = None,
        without_paying_mana_cost: bool = False,
        backend: str | None = None,
        resolving: str | None = None,
    ) -> None:
        self.state = state
        if not state.has_object(card):
            raise InputError("card", f"no object with id {card!r} in the state")
        self.engine: Engine = get_engine(backend or "fast")
        # One problem per choice of halves of a split card (CR 709.3, 702.102a); one for any other card; and one
        # more for each way to cast it as something else: face down, bestowed (CR 702.37c, 702.103b), never
        # as a madness or miracle trigger resolves, whose cost is the one alternative cost (CR 118.9a). Cast
        # prototyped is one more, after the card's own: no alternative cost, so with any (CR 718.3, 118.9)
        self.parts: tuple[tuple[tuple[str, ...], CastProblem], ...] = (
            tuple(
                (
                    halves,
                    build_cast_problem(
                        state,
                        card,
                        player=player,
                        halves=halves,
                        without_paying_mana_cost=without_paying_mana_cost,
                        resolving=resolving,
                    ),
                )
                for halves in half_choices(state, card)
            )
            + tuple(
                (
                    (),
                    build_cast_problem(
                        state,
                        card,
                        player=player,
                        prototyped=True,
                        without_paying_mana_cost=without_paying_mana_cost,
                        resolving=resolving,
                    ),
                )
                for _ in range(can_be_prototyped(state, card))
            )
            + tuple(
                ((), build_cast_problem(state, card, player=player, cast_as=keyword))
                for keyword in (() if resolving else cast_as_choices(state, card, without_paying_mana_cost))
            )
        )
        if not without_paying_mana_cost and resolving is None:
            # a way to cast it without paying its mana cost beside the way that pays: a part of its own (CR 118.9a)
            self.parts += tuple(
                (
                    halves,
                    build_cast_problem(
                        state,
                        card,
                        player=player,
                        halves=halves,
                        prototyped=problem.prototyped,
                        without_paying_mana_cost=True,
                    ),
                )
                for halves, problem in self.parts
                if problem.cast_as is None and _may_also_be_free(problem)
            )
        self.problem: CastProblem = self.parts[0][1]
        self._problems = tuple(problem for _, problem in self.parts)
        self._counts: list[int] | None = None

    @property
    def problems(self) -> tuple[CastProblem, ...]:
        """The cast problems of the view: one, or one per choice of halves of a split card."""
        return self._problems

    def problem_for(self, cast: Cast) -> CastProblem | None:
        """The problem a proposed cast belongs to, or None when it names none of them.

        By the halves it names; a cast whose alternative cost is the card's morph, megamorph, disguise or bestow
        belongs to the problem of the spell cast that way (CR 702.37c, 702.103b); a prototyped one to the problem
        of the prototyped spell (CR 718.3); one without paying the mana
        cost, to the problem of such casts when the view holds one beside those that pay it (CR 118.9).
        """
        halves = tuple(cast.halves)
        named = [problem for named, problem in self.parts if named == halves]
        # prototyped or not, by what the cast says; else the problems of its halves, to say why not (CR 718.3)
        named = [problem for problem in named if problem.prototyped == cast.prototyped] or named
        for fits in (
            lambda p: p.cast_as == cast.alternative_cost and _pays_as(p, cast),
            lambda p: p.cast_as is None and _pays_as(p, cast),
            lambda p: p.cast_as == cast.alternative_cost,
            lambda p: p.cast_as is None,
        ):
            found = next((problem for problem in named if fits(problem)), None)
            if found is not None:
                return found
        return None

    def __iter__(self) -> Iterator[Cast]:
        """Yield each legal cast once, in the engine's order (the fast path: frames depth-first)."""
        for problem in self.problems:
            yield from self.engine.casts(problem)

    def __contains__(self, cast: object) -> bool:
        """Whether a cast is one of the view's, checked directly (no enumeration) by its problem's engine.

        Whether the spell is cast without paying its mana cost is part of the cast (CR 118.9), and of its
        problem: the view's option, or a way to cast the card that is free (plotted, an effect). Every engine's
        check reads it (:meth:`CastProblem.assignment_of`): a cast that says otherwise is none of the view's.
        """
        if not isinstance(cast, Cast):
            return False
        problem = self.problem_for(cast)
        return problem is not None and self.engine.contains(problem, cast)

    def why_illegal(self, cast: Cast) -> tuple[Reason, ...]:
        """Every rule a proposed cast breaks, each with its CR number; empty exactly when ``cast in self``.

        The cast is read onto the problem of its halves and way of casting (:meth:`problem_for`) and judged by
        it (:meth:`CastProblem.why_illegal`): its choices, and the permissions it claims against those the
        state and the view's options grant (CR 601.3, 118.9, 608.2g).

        Parameters
        ----------
        cast : Cast

        Returns
        -------
        tuple of Reason
        """
        problem = self.problem_for(cast)
        if problem is None:
            spell = self.problem.spell
            refused = halves_reason(self.state, spell.id, tuple(cast.halves))
            if refused is not None:
                return (Reason(*refused),)
            return (Reason("CR 709.3", f"{spell.name} ({spell.id}) can't be cast as {' and '.join(cast.halves)}"),)
        return tuple(problem.why_illegal(cast))

    def derived_field_notes(self, cast: Cast) -> tuple[str, ...]:
        """Notes on a legal cast's derived fields (name, phrases, total cost, mana value) that are not its own.

        Derived fields follow from the choices (docs/cast-json.md): a record may leave them out (empty or 0), and
        one that gives them wrong is still the same cast, so this is a note, never a reason. The cast's own
        fields are its problem's (:meth:`CastProblem.to_cast` of the record's choices).

        Parameters
        ----------
        cast : Cast
            A cast of the view.

        Returns
        -------
        tuple of str
            One sentence per wrong field, in the order name, total cost, mana value, the phrases; empty when
            none is wrong or the cast names no problem of the view.
        """
        problem = self.problem_for(cast)
        if problem is None:
            return ()
        actual = problem.to_cast(problem.assignment_of(cast).values)
        phrases = {choice.slot: choice.phrase for choice in actual.targets}
        derived: list[tuple[str, Any, Any]] = [
            ("name", cast.name, actual.name),
            ("total_cost", str(cast.total_cost), str(actual.total_cost)),
            ("mana_value", cast.mana_value, actual.mana_value),
        ]
        derived += [
            (f"targets[{i}].phrase", choice.phrase, phrases.get(choice.slot, choice.phrase))
            for i, choice in enumerate(cast.targets)
        ]
        return tuple(
            f"the record's {field} is {given!r}; the cast's is {real!r} (derived fields are not choices)"
            for field, given, real in derived
            if given not in ("", 0) and given != real
        )

    def __bool__(self) -> bool:
        """Whether there is at least one legal cast (stops at the first)."""
        return next(iter(self), None) is not None

    def count(self) -> int:
        """The number of legal casts (distinct as docs/state-format.md defines it), by the engine.

        The fast path counts by decomposition, without enumerating (exact even
        for 10^11 casts), once per view (a view is of one state, which never changes); other engines enumerate.
        """
        if self.engine.name == "fast":
            return sum(self.part_counts())
        return sum(self.engine.count(problem) for problem in self.problems)

    def sample(self, rng: random.Random | None = None) -> Cast | None:
        """One legal cast drawn uniformly at random, or None when there is none.

        The fast path draws without enumerating: a frame weighted by its
        number of casts, then each of the rest uniformly.

        Parameters
        ----------
        rng : random.Random or None
            The source of randomness (a fresh ``random.Random()`` by default).

        Returns
        -------
        Cast or None
        """
        rng = rng or random.Random()
        problems = self.problems
        if len(problems) == 1:
            return self.engine.sample(problems[0], rng)
        weights = self.part_counts()  # each half by its number of casts (every engine counts alike)
        if not any(weights):
            return None
        return self.engine.sample(rng.choices(problems, weights=weights)[0], rng)

    def best(self, score: Score, engine: Engine | None = None) -> tuple[Cast, int] | None:
        """The legal cast with the highest score, and the score; None when there is none.

        Parameters
        ----------
        score : callable
            ``score(key, value) -> int``, summed over the cast's choices (see :func:`best_cast`).
        engine : Engine or None
            The engine that optimises (CP-SAT with a time limit, say); the view's own by default.
        """
        engine = engine or self.engine
        found = [best for problem in self.problems if (best := engine.best(problem, score)) is not None]
        return max(found, key=lambda item: item[1], default=None)

    # ------------------------------------------------------------------ action ids and prompts
    def part_counts(self) -> list[int]:
        """The number of casts of each problem of the view, in :attr:`parts` order, counted once and kept.

        Counted by the fast engine whatever the view's engine (every engine gives the same casts): the action ids,
        the draw of a part to sample from and explanations read them.

        Returns
        -------
        list of int
        """
        if self._counts is None:
            self._counts = [_fast().count(problem) for problem in self.problems]
        return self._counts

    def action_id(self, cast: Cast) -> int | None:
        """The cast's action id: its place (from 0) in the order of the view's casts, or None when it is not legal.

        The order is the fast engine's, whatever engine the view uses, and depends only on the state: the
        ways to cast the card (halves, then cast face down or bestowed), then the choices made before
        targets depth-first, then the instances of "target" in :attr:`Cast.targets` order, each instance's
        sets smallest first (docs/service.md, "Action ids"). The same state gives the same ids in any process.
        Found without listing the casts before it.

        Parameters
        ----------
        cast : Cast

        Returns
        -------
        int or None
        """
        if cast not in self:
            return None
        problem = self.problem_for(cast)
        fast = _fast()
        before = 0
        for part, count in zip(self.problems, self.part_counts()):
            if part is problem:
                index = fast.index_of(problem, cast)
                return None if index is None else before + index
            before += count
        return None

    def cast_of(self, action_id: int) -> Cast:
        """The cast with this action id (:meth:`action_id`), found without listing the casts before it.

        Parameters
        ----------
        action_id : int
            ``0 <= action_id < count()``.

        Returns
        -------
        Cast

        Raises
        ------
        InputError
            ``action_id`` is not an integer, or is out of range.
        """
        if not isinstance(action_id, int) or isinstance(action_id, bool):
            raise InputError("action_id", f"expected an integer (got {action_id!r})")
        counts = self.part_counts()
        if not 0 <= action_id < sum(counts):
            raise InputError(
                "action_id",
                f"no action {action_id}: the casts of {self.problem.spell.id} have ids 0 to {sum(counts) - 1}"
                if sum(counts)
                else f"no action {action_id}: {self.problem.spell.id} has no legal cast",
            )
        fast = _fast()
        for problem, count in zip(self.problems, counts):
            if action_id < count:
                return fast.cast_at(problem, action_id)
            action_id -= count
        raise AssertionError("unreachable: the id is below the sum of the counts")

    def casts_from(self, action_id: int) -> Iterator[Cast]:
        """The casts in action-id order from ``action_id`` on, without making the ones before it (a page).

        Parameters
        ----------
        action_id : int
            0 or more; past the last cast, nothing.

        Returns
        -------
        iterator of Cast
        """
        fast = _fast()
        parts = []
        for problem, count in zip(self.problems, self.part_counts()):
            if action_id < count:
                parts.append(fast.casts_from(problem, max(action_id, 0)))
            action_id -= count
        return itertools.chain.from_iterable(parts)

    def mask(self, size: int) -> list[bool]:
        """Which of the action ids ``0 .. size - 1`` are legal casts: ``[True] * count() + [False] * ...``, cut.

        Action ids are dense, so the mask of a fixed action space of ``size`` (Gymnasium's ``Discrete(size)``)
        is True below the number of casts.

        Parameters
        ----------
        size : int
            0 or more.

        Returns
        -------
        list of bool

        Raises
        ------
        InputError
            ``size`` is negative or not an integer.
        """
        if not isinstance(size, int) or isinstance(size, bool) or size < 0:
            raise InputError("size", f"must be an integer of 0 or more (got {size!r})")
        count = min(self.count(), size)
        return [True] * count + [False] * (size - count)

    def options(
        self, chosen: Mapping[str, Any] | None = None, *, offset: int = 0, limit: int = DEFAULT_LIMIT, **more: Any
    ) -> Options:
        """The next prompt of a cast, given the choices made so far, and its options with their counts.

        See :mod:`solver.prompts`: prompts come in a fixed order (the half, the zone, the alternative cost,
        the modes, the splices, the optional costs, X, the splice order, each instance's targets and
        division, the objects paying costs); an option is offered only when at least one legal cast takes
        it, with the number that do; a prompt with one option is taken and listed in ``forced``.

        Parameters
        ----------
        chosen : mapping or None
            Prompt name -> option taken, in JSON form (``{"modes": [0, 2], "target_0": ["P2"]}``).
        offset, limit : int
            The page of options given (a prompt of "any number of targets" has 2^n options).
        **more
            More choices, by prompt name (``view.options(modes=[0], x=2)``).

        Returns
        -------
        Options

        Raises
        ------
        InputError
            A prompt that doesn't exist, a value of the wrong shape, or a choice that leads to no legal cast.

        Examples
        --------
        >>> from models.io.state_json import load_state
        >>> view = legal_casts(load_state("examples/case10-mists-ritual-ray.json"), "mists")
        >>> first = view.options()
        >>> first.prompt, [(o.value, o.count) for o in first.options]   # cards to splice (CR 702.47a)
        ('splice_set', [([], 1), (['ritual'], 1), (['ray', 'ritual'], 4), (['ray'], 2)])
        >>> last = view.options(splice_set=["ray"], target_0=["P2"])
        >>> last.prompt, last.cast.splices, last.action_id
        (None, ('ray',), 7)
        """
        answer = _fast().options(self.problems, {**(chosen or {}), **more}, offset=offset, limit=limit)
        if answer.cast is None:
            return answer
        return dataclasses.replace(answer, action_id=self.action_id(answer.cast))

    def divide(self) -> dict[tuple[tuple[int, ...], tuple[str, ...]], int]:
        """Counts per first choices: (chosen modes, spliced cards in order) -> number of casts.

        Like a chess perft "divide": on a count mismatch it shows which
        branch is wrong. Keys are in the order they are first met.

        Returns
        -------
        dict of (tuple of int, tuple of str) to int
        """
        counts: dict[tuple[tuple[int, ...], tuple[str, ...]], int] = {}
        for cast in self:
            key = (cast.modes, tuple(cast.splices))
            counts[key] = counts.get(key, 0) + 1
        return counts

    def __repr__(self) -> str:
        return f"<LegalCasts of {self.problem.spell.name} ({self.problem.spell.id}) by {self.problem.caster}>"


def _pays_as(problem: CastProblem, cast: Cast) -> bool:
    """Whether the problem is of casts that pay the mana cost as the cast says it does (CR 118.9)."""
    return problem.without_paying_mana_cost == cast.without_paying_mana_cost


def _may_also_be_free(problem: CastProblem) -> bool:
    """Whether the card may also be cast without paying its mana cost, beside the casts that pay it (CR 118.9).

    An effect's ``may_cast`` without paying beside another way from its zone, or a permanent's "You may cast
    spells … without paying their mana costs." (Omniscience, Fires of Invention) for a card its caster may cast
    from where it is.
    """
    if problem.without_paying_mana_cost or problem.recorded is not None:
        return False
    return problem.free_too or (bool(problem.zone_ways) and free_cast_grant(problem) is not None)


def legal_casts(state: GameState, card: str, **options: Any) -> LegalCasts:
    """The legal casts of the object ``card``; see :class:`LegalCasts` for the options.

    Returns
    -------
    LegalCasts
    """
    return LegalCasts(state, card, **options)


def castable_objects(state: GameState, player: str) -> tuple[str, ...]:
    """The ids of the cards a player may try to cast: their hand, then cards a keyword lets them cast elsewhere.

    Flashback, escape, jump-start, retrace and aftermath cast a card from its owner's graveyard (CR 702.34a,
    702.138a, 702.133a, 702.81a, 702.127a); foretold, plotted and Adventure cards are cast from exile (CR
    702.143a, 702.170d, 715.3d); an effect's ``may_cast`` names who may cast a card from where it is (CR 601.3).
    A card of the player's graveyard, exile or library whose unread text might let them cast it from there
    (:func:`~solver.rules.zones.unread_permissions`: "Flashback—Sacrifice a creature.", "You may cast this card
    from exile.") is listed too: its cast problem is refused, naming the text, so that a whole-player answer
    leaves it out with a word, never silently. A prepared permanent's controller may cast a copy of its spell
    (reported unsupported when asked). The hand first, then the graveyard, exile and library, then prepared
    permanents, each in file order.

    Parameters
    ----------
    state : GameState
    player : str

    Returns
    -------
    tuple of str
        Object ids. Whether each can be cast now is the cast problem's to say.
    """
    caster = PlayerId(player)
    elsewhere = [
        o.id
        for zone in (Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY)
        for o in state.objects_in(zone)
        if (o.owner == caster or o.may_cast) and (_cast_from_there(o, caster) or _on_top_perhaps(state, o, caster))
    ]
    prepared = [o.id for o in state.objects_in(Zone.BATTLEFIELD, caster) if o.prepared]  # a copy of its spell
    return tuple(o.id for o in state.hand(caster)) + tuple(elsewhere) + tuple(prepared)


def _on_top_perhaps(state: GameState, obj: GameObject, caster: PlayerId) -> bool:
    """Whether a permanent of the caster lets them cast from the top of their library, and ``obj`` is in it.

    The permanents as the game sees them (a control change, CR 613.1b): such a card may be on top, which the state
    does not say (CR 401.2), so it is listed and its cast problem refused
    (:func:`solver.rules.prohibitions.top_of_library`).
    """
    if obj.zone is not Zone.LIBRARY or obj.owner != caster:
        return False
    try:
        seen = as_the_game_sees_it(state)
    except UnsupportedRuleError:
        return True  # listed: its cast problem is refused for the same reason as every other
    return top_of_library(seen, obj, caster) is not None


def _cast_from_there(obj: GameObject, caster: PlayerId) -> bool:
    """Whether something lets ``caster`` cast the card from where it is, or might: a keyword of it, or an effect.

    Or text of it not read that might, its owner's (:func:`solver.rules.zones.unread_permissions`). Either half
    of a split card may be the one (:func:`solver.rules.zones.zone_ways`).
    """
    halves = [dataclasses.replace(obj, card=card) for card in obj.card.halves or (obj.card,)]
    disturbed = obj.card.layout == "transform" and obj.owner == caster and bool(castable_faces(obj))  # CR 702.146a
    return (
        disturbed
        or any(zone_ways(half, caster, abilities_of(half)) for half in halves)
        or (obj.owner == caster and any(unread_permissions(part, abilities_of(part)) for part in (obj, *halves)))
    )


def count_legal_casts(
    state: GameState,
    card: str | None = None,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    backend: str | None = None,
) -> int:
    """The number of legal casts of one object, or of every card in a player's hand.

    Parameters
    ----------
    state : GameState
    card : str or None
        An object id; None sums over every card in the player's hand (a land
        counts 0: lands are played, not cast, CR 305.9).
    player : str or None
        The caster; by default the card's owner, or (with no card) the
        player with priority.
    without_paying_mana_cost : bool
    backend : str or None
        By default the decomposition fast path.

    Returns
    -------
    int

    Notes
    -----
    The views counted are kept with the state object (:func:`held_view`): counting again in the same state
    object builds no problem.
    """
    if card is not None:
        return held_view(
            state, card, player=player, without_paying_mana_cost=without_paying_mana_cost, backend=backend
        ).count()
    caster = player or state.priority
    return sum(
        held_view(
            state, object_id, player=caster, without_paying_mana_cost=without_paying_mana_cost, backend=backend
        ).count()
        for object_id in castable_objects(state, caster)
    )


def sample_cast(state: GameState, card: str, rng: random.Random | None = None, **options: Any) -> Cast | None:
    """One legal cast of ``card`` drawn uniformly at random, without enumerating.

    Parameters
    ----------
    state : GameState
    card : str
        Object id.
    rng : random.Random or None
    **options
        As for :class:`LegalCasts`.

    Returns
    -------
    Cast or None
        None when the card has no legal cast.
    """
    return held_view(state, card, **options).sample(rng)


def best_cast(state: GameState, card: str, score: Score, **options: Any) -> tuple[Cast, int] | None:
    """The legal cast with the highest score, found by CP-SAT (or by the engine named with ``backend``).

    Parameters
    ----------
    state : GameState
    card : str
        Object id.
    score : callable
        ``score(key, value) -> int``, summed over the cast's choices. ``key``
        is a :class:`~models.choices.ChoiceKey` (``ModeKey``, ``TargetKey``,
        ``SpliceOrderKey``, ``CostObjectsKey``, ...; its ``kind`` says which
        :class:`~models.choices.ChoiceKind`); ``value`` is the choice: a
        mode's count, a tuple of target ids (None when the instance is not
        part of the cast), the spliced cards in order, the objects paying a cost.
    **options
        As for :class:`LegalCasts` (``player``, ``without_paying_mana_cost``, ``backend``).

    Returns
    -------
    (Cast, int) or None
        The best cast and its score; None when the card has no legal cast.

    Examples
    --------
    >>> from models.choices import ChoiceKind
    >>> from models.io.state_json import load_state
    >>> state = load_state("examples/case03-raid-4plains.json")
    >>> value = {"solring": 3, "badmoon": 2, "sandals": 1}
    >>> def score(key, choice):  # destroy the most valuable permanents
    ...     return sum(value.get(t, 0) for t in choice) if key.kind is ChoiceKind.TARGET and choice else 0
    >>> cast, points = best_cast(state, "raid", score)
    >>> points, [t.targets for t in cast.targets][:2]
    (5, [('solring',), ('badmoon',)])
    """
    options.setdefault("backend", "cpsat")
    return LegalCasts(state, card, **options).best(score)


_HELD: dict[tuple, tuple[GameState, Any]] = {}
_HELD_LIMIT = 64
"""At most this many views and problems are kept (a few states' worth); the oldest is dropped first."""


def _held(state: GameState, key: tuple, make: Any) -> Any:
    """What ``make()`` returns for this state object and key, made once and kept (by the state's identity)."""
    full = (id(state),) + key
    found = _HELD.get(full)
    if found is not None and found[0] is state:
        return found[1]
    value = make()
    if len(_HELD) >= _HELD_LIMIT:
        del _HELD[next(iter(_HELD))]
    _HELD[full] = (state, value)
    return value


def held_view(state: GameState, card: str, **options: Any) -> LegalCasts:
    """The view :func:`legal_casts` gives, made once per state object, card and options, and kept.

    :func:`sample_cast` and :func:`count_legal_casts` read it, so that calling them again on the same state
    object costs no new problem. States are immutable: a changed position is a new state object, with views
    of its own. At most 64 views and problems are kept, the oldest dropped first.

    Parameters
    ----------
    state : GameState
    card : str
    **options
        As for :class:`LegalCasts`.

    Returns
    -------
    LegalCasts
    """
    if not state.has_object(card):
        raise InputError("card", f"no object with id {card!r} in the state")
    player = options.get("player") or state.object(card).owner  # the same defaults as LegalCasts
    key = (
        "view",
        card,
        player,
        bool(options.get("without_paying_mana_cost")),
        options.get("backend") or "fast",
        tuple(sorted((k, v) for k, v in options.items() if k not in ("player", "without_paying_mana_cost", "backend"))),
    )
    return _held(state, key, lambda: LegalCasts(state, card, **options))


def judging_view(
    state: GameState,
    cast: Cast,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    resolving: str | None = None,
) -> LegalCasts:
    """The view that judges a proposed cast: the card's legal casts for this question (:func:`held_view`).

    The permissions are the question's and the state's, never the cast's own: a cast that says it is without
    paying its mana cost, or cast as a madness or miracle trigger resolves, is judged by the view of casts with
    that permission only when the question asks for it (CR 601.3, 118.9, 608.2g).

    Parameters
    ----------
    state : GameState
    cast : Cast
    player : str or None
        The caster (default: the card's owner).
    without_paying_mana_cost : bool
        The question is of casts without paying the mana cost (CR 118.9).
    resolving : str or None
        ``"madness"`` or ``"miracle"``: the question is of casts as that trigger resolves (CR 608.2g).

    Returns
    -------
    LegalCasts

    Raises
    ------
    InputError
        The cast names an object that is not in the state; an unknown player.
    UnsupportedRuleError
        Text bearing on the card's casts that can't be read.
    """
    if not state.has_object(cast.card):
        raise InputError("cast.card", f"no object with id {cast.card!r} in the state")
    return held_view(
        state, cast.card, player=player, without_paying_mana_cost=without_paying_mana_cost, resolving=resolving
    )


def is_legal_cast(
    state: GameState,
    cast: Cast,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    resolving: str | None = None,
) -> bool:
    """Whether a proposed cast is legal: ``cast in legal_casts(state, cast.card, ...)``, checked without enumerating.

    Parameters
    ----------
    state : GameState
    cast : Cast
    player : str or None
    without_paying_mana_cost : bool
        The question is of casts without paying the mana cost (CR 118.9); a cast that claims it otherwise is
        legal only where the state grants it.
    resolving : str or None
        ``"madness"`` or ``"miracle"`` (CR 608.2g).

    Returns
    -------
    bool

    Raises
    ------
    InputError
        The cast names an object that is not in the state.
    UnsupportedRuleError
        Text bearing on this card's casts that can't be read.
    """
    return cast in judging_view(
        state, cast, player=player, without_paying_mana_cost=without_paying_mana_cost, resolving=resolving
    )


def why_illegal(
    state: GameState,
    cast: Cast,
    *,
    player: str | None = None,
    without_paying_mana_cost: bool = False,
    resolving: str | None = None,
) -> tuple[Reason, ...]:
    """Every rule a proposed cast breaks, each with its CR number (:meth:`LegalCasts.why_illegal`).

    Empty exactly when :func:`is_legal_cast` is True: both ask the same view.

    Parameters
    ----------
    state : GameState
    cast : Cast
    player : str or None
    without_paying_mana_cost : bool
    resolving : str or None
        As :func:`is_legal_cast`.

    Returns
    -------
    tuple of Reason
        Empty when the cast is legal.

    Raises
    ------
    InputError
        The cast names an object that is not in the state.
    UnsupportedRuleError
        Text bearing on this card's casts that can't be read.
    """
    return judging_view(
        state, cast, player=player, without_paying_mana_cost=without_paying_mana_cost, resolving=resolving
    ).why_illegal(cast)
