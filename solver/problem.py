"""The backend-neutral constraint satisfaction problem of one cast (CR 601.2), and the one definition of legality.

A :class:`CastProblem` holds variables (a :mod:`typed key <models.choices>`, a
domain, the rule that makes it a choice, and the sentence that says why a
value is outside the domain) and constraints (a scope of keys, a predicate,
the CR rule it encodes and the sentence that says why it is broken). Rules
modules in :mod:`solver.rules` add them; engines in :mod:`solver.backends`
solve them.

Legality is decided here and only here: :meth:`CastProblem.assignment_of`
maps any proposed :class:`~models.cast.Cast` onto the variables (the inverse
of :meth:`CastProblem.to_cast`), and :meth:`CastProblem.reasons` checks an
assignment against every domain and constraint. ``is_legal_cast``,
``why_illegal``, ``explain``, resolution, copies and the analysis all read
the problem; none of them re-derives a rule.
"""

from __future__ import annotations

import dataclasses
import enum
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from models.abilities import CardAbilities, Cost, CostModifier, TargetSpec
from models.cast import COST_OBJECT_FIELDS, Cast, TargetChoice
from models.choices import (
    ALTERNATIVE_COST,
    FACE,
    GIFT_RECIPIENT,
    SPLICE_ORDER,
    ZONE,
    AlternativeCostKey,
    ChoiceKey,
    CostAction,
    CostObjectsKey,
    DivisionKey,
    FaceKey,
    GiftRecipientKey,
    ModeKey,
    OptionalCostKey,
    SpliceOrderKey,
    SpliceSetKey,
    TargetKey,
    X,
    XKey,
    ZoneKey,
)
from models.errors import SolverError
from models.mana import Color, ManaCost, ManaSource
from models.objects import CardType, GameObject, ObjectId, PlayerId, Zone
from models.state import GameState
from solver.abilities import StateTable
from solver.rules.target_sets import TargetChoices
from solver.rules.zones import RESOLVING_KEYWORDS, ZoneWay

__all__ = [
    "Reason",
    "ConstraintKind",
    "LazyDomain",
    "Variable",
    "Constraint",
    "SwitchAtom",
    "Switch",
    "TargetSlot",
    "CostTerm",
    "Proposal",
    "ProblemMemo",
    "StateMemo",
    "state_memo",
    "share_state_memo",
    "CastProblem",
    "Assignment",
    "ProblemRef",
    "never_listed",
]

Assignment = Mapping[ChoiceKey, Any]
"""A value per variable, keyed by the variables' :class:`~models.choices.ChoiceKey`."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a cast is illegal: one broken rule.

    Parameters
    ----------
    rule : str
        ``"CR 702.47b"``.
    message : str
        A sentence naming the objects involved.
    """

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class ConstraintKind(enum.Enum):
    """What engines may assume of a constraint beyond its predicate."""

    GENERAL = "general"
    """Nothing."""
    ACTIVATION = "activation"
    """An instance of "target" has a value exactly when its :class:`Switch` is on (CR 601.2c, 700.2c, 702.47d)."""
    MONOTONE = "monotone"
    """Over choices made before targets: once broken, it stays broken when more modes, splices, kicks or a
    larger X are chosen (paying a total cost only gets harder, CR 601.2f-h)."""
    SIZE = "size"
    """Over choices made before targets and, last, one instance of "target": how many targets the instance
    chooses ("X target creatures", "another target for each time this spell was kicked", CR 601.2c). The
    predicate reads the instance's value only through its length (any tuple of that many items answers as
    the value would), and holds when the instance has no value (None)."""
    ANOTHER = "another"
    """Over two instances of "target", earlier first: "another target", no object or player is chosen for
    both (CR 115.4); it holds when either has no value (None)."""


class LazyDomain:
    """A domain whose values are made when asked for, never up front.

    Parameters
    ----------
    generate : callable
        ``generate() -> iterator`` of the values, in a deterministic order.
    contains : callable
        ``contains(value) -> bool``, answered without generating.
    description : str
        What the values are, for ``repr``.

    Examples
    --------
    >>> evens = LazyDomain(lambda: iter(range(0, 10, 2)), lambda v: v in range(0, 10, 2), "even numbers")
    >>> 4 in evens, 5 in evens, list(evens)[:3]
    (True, False, [0, 2, 4])
    """

    __slots__ = ("_generate", "_contains", "description")

    def __init__(self, generate: Callable[[], Iterator[Any]], contains: Callable[[Any], bool], description: str):
        self._generate = generate
        self._contains = contains
        self.description = description

    def __iter__(self) -> Iterator[Any]:
        return self._generate()

    def __contains__(self, value: object) -> bool:
        return self._contains(value)

    def __repr__(self) -> str:
        return f"<LazyDomain: {self.description}>"


Domain = tuple[Any, ...] | LazyDomain


def _no_explanation(key: ChoiceKey, rule: str) -> Callable[[Any], tuple[Reason, ...]]:
    return lambda value: (Reason(rule, f"{value!r} is not a possible value of {key}"),)


@dataclass(frozen=True, slots=True)
class Variable:
    """One casting choice, the values it may take, and why a value can't be taken.

    Parameters
    ----------
    key : ChoiceKey
    domain : tuple or LazyDomain
        The values, hashable, in a deterministic order.
    rule : str
        The CR rule that makes this a choice (``"CR 702.47b"``).
    why_not : callable
        ``why_not(value) -> tuple of Reason``: for a value outside the domain,
        every rule it breaks, each with its sentence.
    """

    key: ChoiceKey
    domain: Domain
    rule: str
    why_not: Callable[[Any], tuple[Reason, ...]]

    def first(self) -> Any:
        """The first value of the domain (the one taken when nothing more is chosen), or raises StopIteration."""
        return next(iter(self.domain))


@dataclass(frozen=True, slots=True)
class Constraint:
    """A rule over some casting choices.

    Parameters
    ----------
    scope : tuple of ChoiceKey
        The keys; the predicate gets their values in this order. An empty
        scope is a condition of the whole cast (timing, CR 307.1).
    predicate : callable
        ``predicate(*values) -> bool``: True when the rule holds.
    rule : str
        The CR rule encoded.
    description : str
        What the rule asks, in words.
    explain : callable or None
        ``explain(*values) -> str``: a sentence naming the objects, used when
        the predicate is False.
    kind : ConstraintKind
    generate : callable or None
        ``generate(*values[:-1]) -> iterable``: given the values of every key
        of the scope but the last, the values of the last key that satisfy the
        rule, in its domain's order (how engines make dependent values, such
        as the orders of the spliced cards, without listing a whole domain).
    count : callable or None
        ``count(*values[:-1]) -> int``: how many values ``generate`` makes.
    sizes : callable or None
        For a :attr:`ConstraintKind.SIZE` rule: ``sizes(*values[:-1]) -> range``, the numbers of targets the
        rule allows given the values of the other keys (exactly X: ``range(x, x + 1)``; at most X:
        ``range(0, x + 1)``); engines then need not try every number. None: ask the predicate.
    """

    scope: tuple[ChoiceKey, ...]
    predicate: Callable[..., bool]
    rule: str
    description: str
    explain: Callable[..., str] | None = None
    kind: ConstraintKind = ConstraintKind.GENERAL
    generate: Callable[..., Iterable[Any]] | None = None
    count: Callable[..., int] | None = None
    sizes: Callable[..., range] | None = None

    def holds(self, assignment: Assignment) -> bool:
        """Whether the rule holds under an assignment of every key of the scope."""
        return self.predicate(*[assignment[key] for key in self.scope])

    def reason(self, assignment: Assignment) -> Reason:
        """The :class:`Reason` this constraint gives when it is broken."""
        values = [assignment[key] for key in self.scope]
        message = self.explain(*values) if self.explain else self.description
        return Reason(self.rule, message)


@dataclass(frozen=True, slots=True)
class SwitchAtom:
    """One condition of a :class:`Switch`: a test of one choice made before targets.

    Parameters
    ----------
    key : ChoiceKey
        The choice tested (a mode, the splice set, an optional cost, the alternative cost).
    holds : callable
        ``holds(value) -> bool``.
    text : str
        What it asks, as a clause: ``"mode 2 is chosen"``.
    rule : str
    member : str or None
        When the test is whether an object is in the value (a card in the splice set, CR 702.47b): that
        object's id, so engines may ask it as membership without calling ``holds``, which says the same.
        None for any other test.
    """

    key: ChoiceKey
    holds: Callable[[Any], bool]
    text: str
    rule: str
    member: str | None = None


@dataclass(frozen=True, slots=True)
class Switch:
    """When an instance of "target" is part of the spell: every atom holds (CR 601.2c).

    A mode's text is part of the spell when the mode is chosen (CR 700.2c), a
    spliced card's text when it is spliced (CR 702.47d), "if this spell was
    kicked" text when it is kicked (CR 702.33g), awaken's text when its cost
    is paid (CR 702.113a); an overloaded spell's own text takes no target
    (CR 702.96b).
    """

    atoms: tuple[SwitchAtom, ...]

    @property
    def scope(self) -> tuple[ChoiceKey, ...]:
        """The keys the atoms test, in order."""
        return tuple(atom.key for atom in self.atoms)

    def is_on(self, *values: Any) -> bool:
        """Whether every atom holds for these values of :attr:`scope`."""
        return all(atom.holds(value) for atom, value in zip(self.atoms, values))

    def is_on_in(self, assignment: Assignment) -> bool:
        """Whether every atom holds in an assignment of its keys."""
        return all(atom.holds(assignment[atom.key]) for atom in self.atoms)

    @property
    def text(self) -> str:
        """The atoms as one clause: ``"mode 2 is chosen and the spell is kicked"``."""
        return " and ".join(atom.text for atom in self.atoms)


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """One instance of "target" the spell may have (CR 601.2c), with what may be chosen for it.

    Parameters
    ----------
    key : TargetKey
        The key of its variable.
    spec : TargetSpec
    switch : Switch or None
        When the instance is part of the spell; None for the spell's own text (always).
    choices : TargetSets or tuple of tuple of str
        The legal sets of targets (sorted tuples of ids): counted and drawn
        without being listed (:class:`~solver.rules.target_sets.TargetSets`), or
        listed where the phrase asks something of the whole set.
    candidates : tuple of str
        Every object and player the phrase could name in this state (players,
        permanents, spells on the stack, cards in graveyards, as the phrase
        says): what explanations go through.
    division : DivisionKey or None
        The key of the division variable when damage or counters are divided (CR 601.2d).
    why_not_target : callable
        ``why_not_target(candidate) -> Reason or None``: why one object or
        player can't be chosen for this instance (CR 115, 702.11, 702.16, 702.18).
    """

    key: TargetKey
    spec: TargetSpec
    switch: Switch | None
    choices: TargetChoices
    candidates: tuple[str, ...]
    division: DivisionKey | None
    why_not_target: Callable[[str], Reason | None]

    @property
    def source(self) -> ObjectId:
        """The card whose text holds the instance."""
        return self.key.source


@dataclass(frozen=True, slots=True)
class CostTerm:
    """One part of the total cost (CR 601.2f), paid as many times as choices say.

    Parameters
    ----------
    cost : Cost
        Mana (X in it takes the value announced for X), objects and life.
    scope : tuple of ChoiceKey
        The choices that say how many times it is paid.
    times : callable
        ``times(*values of scope) -> int``.
    most_times : int
        The most times it can be paid in this problem (bounds the objects it asks for).
    label : str
        What it is, for sentences: ``"kicker"``, ``"splice Glacial Ray (ray)"``.
    member : str or None
        For a term paid once when an object is in the value of its one scope key, and never otherwise (a
        card's splice cost, paid when the card is in the splice set, CR 702.47a): that object's id, so the
        cost rules may sum such terms over the value's objects instead of asking ``times`` of each term.
        ``times`` still says the same. None for any other term.
    """

    cost: Cost
    scope: tuple[ChoiceKey, ...]
    times: Callable[..., int]
    most_times: int
    label: str
    member: str | None = None


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposed cast read onto a problem: a value for every variable, and what maps onto none.

    Parameters
    ----------
    values : dict of ChoiceKey to value
        One value per variable of the problem, in or out of its domain.
    unmatched : tuple of Reason
        Parts of the cast that no variable holds (a mode the spell does not
        have, an instance of "target" it does not have, ...), each with its rule.
    unmatched_at : tuple of str
        Where each of ``unmatched`` is in the cast's JSON form (``"modes[1]"``, ``"targets[2]"``,
        ``"additional_costs"``; ``""`` for the whole cast), in the same order.
    """

    values: dict[ChoiceKey, Any]
    unmatched: tuple[Reason, ...] = ()
    unmatched_at: tuple[str, ...] = ()


@dataclass(slots=True)
class ProblemMemo:
    """What the rules modules derive once per problem from the state, kept with it (typed, not a dict).

    Attributes
    ----------
    legal_targets : dict of TargetSpec to tuple of str
        The legal candidates of each target phrase (it depends on the phrase and the spell only).
    cost_modifiers : list of CostModifier or None
        The cost changes that apply to the spell, once read (CR 601.2f).
    player_protections : dict of str to (bool, bool)
        Whether each player has hexproof, shroud (CR 702.11c, 702.18b).
    checked : set of str
        The guards against unread static abilities already passed.
    object_needs : dict of ChoiceKey to tuple
        For the objects one action takes to pay costs (a :class:`~models.choices.CostObjectsKey`): the keys
        of the choices that say what is asked, ``asked(given) -> list of (int, matcher)``, the candidates and
        the objects by id; set by the cost rules where the objects pay counted needs only.
    any_number : dict of ChoiceKey to tuple
        For objects an action takes "any number of" and nothing else asks for: the candidates, the objects by
        id, and whether an object may be taken (CR 601.2h).
    """

    legal_targets: dict[TargetSpec, tuple[str, ...]] = field(default_factory=dict)
    cost_modifiers: list[CostModifier] | None = None
    player_protections: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    checked: set[str] = field(default_factory=set)
    object_needs: dict[ChoiceKey, tuple] = field(default_factory=dict)
    any_number: dict[ChoiceKey, tuple] = field(default_factory=dict)


@dataclass(slots=True)
class StateMemo:
    """What the rules derive from a state alone, shared by every problem built on that state object.

    Attributes
    ----------
    checked : set of str
        The guards against unread static abilities of the state's permanents already passed.
    player_protections : dict of str to (bool, bool)
        Whether each player has hexproof, shroud (CR 702.11c, 702.18b).
    legal_targets : dict
        The legal candidates of a target phrase for a spell (keyed by the phrase and what of the spell and
        the caster legality reads), for phrases whose legality reads nothing else of the problem.
    target_bases : dict
        Per target phrase, caster and whether the spell is a copy: the candidates legal for any spell of the
        caster but for the protections and hexproof that read the spell's colours and types, and those of them
        that have such protections or hexproof (CR 702.11d, 702.16b).
    mana_sources : dict
        The mana each player can have while paying (CR 601.2g-h), by player, or by player, the restrictions on
        spending mana of theirs the spell meets (CR 106.6) and the conditions of activation that hold (CR 602.5b).
    alike : dict of str to int
        Per object id, the number of its group in :attr:`groups` by what tells the object from others but its
        id (its card, by identity, and its other fields): objects of one group are judged alike by target
        phrases that read no record by id.
    alike_kind : dict of str to int
        The same without the status fields (tapped, counters, token, attacking, summoning sickness): what
        phrases with no quality read.
    groups : dict of tuple to int
        The number of each such signature.
    payers : dict
        The :class:`~models.mana.ManaPayer` of a tuple of mana sources, by the tuple's identity (kept with it).
    shielded : frozenset of str or None
        The permanents with hexproof from a colour or protection (CR 702.11d, 702.16): the only ones whose
        legality as a target depends on the spell's colours and types; None until asked.
    cost_changers : tuple of (GameObject, CostModifier) or None
        The cost changes of the permanents' static abilities that name other spells (CR 601.2f), each with its
        permanent; None until asked.
    candidates : dict of str to (tuple of str, frozenset of str)
        What target phrases of a class could name, legal or not, in order and as a set, by class
        (``"players"``, ``"spells"``, ``"graveyards"``, ``"permanents"``, ``"permanents and spells"``;
        CR 115.1-115.2).
    target_sets : dict
        The :class:`~solver.rules.target_sets.TargetSets` of a tuple of legal candidates (kept with the tuple, by its
        identity) and its least and most sizes: one object for every problem whose instance has them.
    cost_candidates : dict
        Per action and zone, caster, spell (for a zone the spell is in) and object costs asked there (by
        identity): those costs, the objects of that zone by id, and the ids of those that could pay one of the
        costs (CR 601.2h).
    battlefield_groups : list or None
        The permanents grouped by their abilities (:func:`solver.rules.characteristics.battlefield_groups`); None until
        asked.
    stopped : dict
        Whether a spell's colours and types stop a permanent with hexproof from a colour or protection, by the
        permanent's abilities (kept beside the answer), whether the caster controls it, and the colours and
        types (CR 702.11d, 702.16b).
    stack_records_checked : bool
        Whether the cast records of the spells on the stack were checked against their spells
        (:func:`solver.resolve.check_stack_records`).
    by_types : dict
        Per tuple of target candidates (by identity) and spell: the permanents among them grouped by their
        card's types, and the other candidates (see :func:`solver.rules.targets.legal_by_kind`).
    cost_counts : dict
        Per key of :attr:`cost_candidates` and how many objects each of those costs asks for: the number of
        sets of the candidates that pay them exactly (CR 601.2h, 118.10).
    permanents_to_pay : dict of (str, bool) to tuple of GameObject
        Per player, and whether the cost taps them: the permanents that player controls that a cost could
        use (untapped ones, to tap), file order.
    casting_rules : tuple of (GameObject, CastingRule) or None
        The permanents' rules of what may be cast (:mod:`solver.rules.prohibitions`), battlefield order; None
        until read.
    resource_costs : dict
        Per player, the life and energy their permanents' mana abilities may pay (:mod:`solver.rules.mana`).
    by_caster : dict
        What one pass over a caster's permanents finds for the mana rules, by (what, caster): spending
        restrictions, permanents sacrificed for mana, sources that deal damage (:mod:`solver.rules.mana`).
    """

    checked: set[str] = field(default_factory=set)
    player_protections: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    legal_targets: dict[tuple, tuple[str, ...]] = field(default_factory=dict)
    target_bases: dict[tuple, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    mana_sources: dict[str | tuple[str, frozenset[Any], frozenset[Any]], tuple[ManaSource, ...]] = field(
        default_factory=dict
    )
    alike: dict[str, int] = field(default_factory=dict)
    alike_kind: dict[str, int] = field(default_factory=dict)
    groups: dict[tuple, int] = field(default_factory=dict)
    payers: dict[int, tuple[tuple[ManaSource, ...], Any]] = field(default_factory=dict)
    shielded: frozenset[str] | None = None
    cost_changers: tuple[tuple[GameObject, Any], ...] | None = None
    candidates: dict[str, tuple[tuple[str, ...], frozenset[str]]] = field(default_factory=dict)
    target_sets: dict[tuple, tuple[tuple[str, ...], Any]] = field(default_factory=dict)
    cost_candidates: dict[tuple, tuple[tuple[Any, ...], dict[str, GameObject], tuple[str, ...]]] = field(
        default_factory=dict
    )
    permanents_to_pay: dict[tuple[str, bool], tuple[GameObject, ...]] = field(default_factory=dict)
    cost_counts: dict[tuple, int] = field(default_factory=dict)
    by_types: dict[tuple, tuple[tuple[str, ...], list, list]] = field(default_factory=dict)
    stack_records_checked: bool = False
    stopped: dict[tuple, tuple[Any, bool]] = field(default_factory=dict)
    battlefield_groups: list[tuple[Any, list[GameObject]]] | None = None
    casting_rules: tuple[tuple[GameObject, Any], ...] | None = None
    resource_costs: dict[str, Any] = field(default_factory=dict)
    by_caster: dict[tuple[str, str], Any] = field(default_factory=dict)


_STATE_MEMOS: StateTable[StateMemo] = StateTable(64)
"""Each state's memo while the state lives (at most 64 states at once)."""


def share_state_memo(state: GameState, base: GameState) -> None:
    """Let ``state`` read the :class:`StateMemo` of ``base``: a state that differs from it only in the card cast.

    A split card's half, a face cast, a card cast face down are the same state but for that card (CR 709.3,
    712, 708.4): what the rest of the state decides is the same. The memo's answers that read the card cast
    are keyed by what they read of it (its colours and types) or leave it aside (a candidate that is the spell
    itself is judged alone, CR 115.5), and the caster's mana sources leave out the spell (CR 601.2a).

    Parameters
    ----------
    state : GameState
    base : GameState
    """
    _STATE_MEMOS.put(state, state_memo(base))


def state_memo(state: GameState) -> StateMemo:
    """The :class:`StateMemo` of a state object (kept by identity while it lives; the oldest past 64 states dropped).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    StateMemo
    """
    found = _STATE_MEMOS.get(state)
    if found is None:
        found = StateMemo()
        _STATE_MEMOS.put(state, found)
    return found


@dataclass(slots=True, eq=False, weakref_slot=True)
class CastProblem:
    """The CSP of casting one card, with what is needed to read its solutions.

    Parameters
    ----------
    state : GameState
    caster : PlayerId
    spell : GameObject
        The card being cast (CR 601.2a moves it to the stack: it is never in
        the hand it was cast from while the choices are made); for a split
        card, the half cast or the fused whole.
    abilities : CardAbilities
    without_paying_mana_cost : bool
        CR 118.9: the alternative cost of paying nothing for the mana cost.
    halves : tuple of str
        For a split card, the half (or both halves, fused) this problem casts (CR 709.3, 702.102a).
    cast_as : str or None
        The card is cast face down (``"morph"``, CR 702.37c) or bestowed (``"bestow"``, CR 702.103b): ``spell``
        has the characteristics that gives (CR 708.4, 702.103d); None when it is cast as itself.
    prototyped : bool
        The card is cast prototyped: ``spell`` has the prototype's mana cost, power and toughness and that mana
        cost's colours (CR 702.160a, 718.3b). No alternative cost (CR 118.9): any may be paid with it.
    is_copy : bool
        The problem is of a copy of a spell, a new object: it may target the
        original spell (CR 707.10, 115.5).
    resolving : str or None
        The card is cast as the triggered ability of this keyword resolves (``"madness"``, ``"miracle"``): for
        that alternative cost, with no priority and no timing rule (CR 608.2g, 702.35a, 702.94a); None: cast as
        usual, with priority.
    zone_ways : tuple of ZoneWay
        The ways the caster may cast the card from the zone it is in (:func:`solver.rules.zones.zone_ways`):
        the hand, or what lets it be cast from elsewhere; empty when nothing does.
    recorded : Cast or None
        For a spell on the stack, the choices it was cast with (its record, CR 601.2i): the problem is then of
        the shape of a cast, the rules of the choices themselves (modes, splices, the instances of "target"
        each choice makes part of the spell, how many targets each takes, all different where the text says
        so, divisions), and none of what decided whether it could be cast then (the zone, timing, the mana and
        objects that paid its costs: CR 601.2a, 601.2f-h). Its instances of "target" may name any player or
        object (the record is judged for its shape), and each target's legality now is asked of the instance
        (:attr:`TargetSlot.why_not_target`, CR 608.2b), with X as announced. None for a cast being made.
    free_too : bool
        Another way to cast the card from its zone is without paying its mana cost (an effect's ``may_cast``):
        this problem holds the casts that pay it, and the view another problem with those that don't (CR 118.9a).
    keep_targets : bool
        For a copy of a spell on the stack (``is_copy`` with ``recorded``): the copying effect allows no new
        targets, so each instance keeps its original's (CR 707.10c); otherwise each may take any target legal for
        the copy, or keep its original's.

    Attributes
    ----------
    variables : dict of ChoiceKey to Variable
        In the order the rules make the choices (CR 601.2a-h).
    constraints : list of Constraint
    slots : list of TargetSlot
    splice_candidates : dict of ObjectId to (GameObject, CardAbilities)
        The cards in the caster's hand that may be spliced onto the spell, state-file order.
    splice_affords : callable or None
        ``splice_affords(spliced) -> bool`` for a tuple of candidates in candidate order, each once: whether the
        splice costs of the set can be paid (CR 702.47a, 601.2h), answered without checking its shape as the
        splice set's domain does; None when no card can be spliced.
    splice_objects_available : callable or None
        ``splice_objects_available(spliced) -> bool``: :attr:`splice_affords` less the mana, for a walk that
        checks that the total cost, splice costs included, can be paid.
    payment_rule : Constraint or None
        The monotone rule, over choices made before targets, that the total cost (every term of
        :attr:`cost_terms`) can be paid with the mana sources available and nothing else (no delve, convoke,
        improvise or assist), CR 601.2f-h; None otherwise.
    cost_terms : list of CostTerm
        The parts of the total cost, added by the rules modules and read by the cost rules.
    mana_sources : tuple of ManaSource
        Available to the caster (CR 601.2g-h).
    total_cost_of : callable or None
        ``total_cost_of(assignment) -> ManaCost``, set by the cost rules. An
        assignment without the keys of :attr:`total_cost_targets` gives the
        cheapest total those targets allow.
    total_cost_targets : tuple of ChoiceKey
        The instances of "target" whose choice changes the total cost ("This
        spell costs {3} less to cast if it targets a tapped creature": targets
        are chosen before the total cost is determined, CR 601.2c, 601.2f),
        and the choices of paying costs it counts ("for each card exiled this
        way", CR 601.2b); empty when the choices made before targets decide it.
    total_cost_keys : tuple of ChoiceKey
        The choices made before targets that the total cost reads (modes, kicks, X, spliced cards, ...).
    total_cost_before_cost_objects : callable or None
        ``total_cost_before_cost_objects(assignment) -> ManaCost``: the total cost before the cards exiled for
        delve or the permanents tapped for convoke or improvise pay any of it (CR 702.66b, 702.51b), for an
        assignment of every choice; set by the cost rules. The payments of a cast start from it.
    total_cost_of_values : callable or None
        ``total_cost_of_values(values) -> ManaCost``: :attr:`total_cost_of` of an assignment given as the values
        of :attr:`total_cost_keys` in their order, when :attr:`total_cost_targets` is empty (nothing chosen
        later changes the total); None otherwise. Engines read a frame's total cost with it without making an
        assignment.
    joint_counts : dict of ChoiceKey to (Constraint, tuple of Constraint)
        For a choice several rules end in (the permanents tapped to pay a cost, which then make no mana,
        CR 601.2g-h), a constraint whose ``count`` and ``generate`` give exactly the values the rules of the
        tuple all allow: engines count those without listing them, when no other rule ends in the choice.
    undecided : list of UnsupportedRuleError
        Conditions of the whole cast that the state can't decide and that can only forbid casts (a timing
        restriction naming steps of combat, in combat: CR 506.1). They are assumed to hold in the problem's
        rules; :func:`solver.build.build_cast_problem` refuses the problem when some cast would be legal under
        them (the answer would depend on them), and keeps it, with no cast, when none would.
    memo : ProblemMemo
    engine_memo : dict of str to object
        What an engine works out once per problem (the fast engine's decomposition), by engine name: kept
        with the problem and dropped with it.
    """

    state: GameState
    caster: PlayerId
    spell: GameObject
    abilities: CardAbilities
    without_paying_mana_cost: bool = False
    halves: tuple[str, ...] = ()
    cast_as: str | None = None
    prototyped: bool = False
    is_copy: bool = False
    resolving: str | None = None
    zone_ways: tuple[ZoneWay, ...] = ()
    recorded: Cast | None = None
    keep_targets: bool = False
    free_too: bool = False
    variables: dict[ChoiceKey, Variable] = field(default_factory=dict)
    constraints: list[Constraint] = field(default_factory=list)
    slots: list[TargetSlot] = field(default_factory=list)
    splice_candidates: dict[ObjectId, tuple[GameObject, CardAbilities]] = field(default_factory=dict)
    splice_affords: Callable[[tuple[ObjectId, ...]], bool] | None = None
    splice_objects_available: Callable[[tuple[ObjectId, ...]], bool] | None = None
    payment_rule: Constraint | None = None
    cost_terms: list[CostTerm] = field(default_factory=list)
    mana_sources: tuple[ManaSource, ...] | None = None
    total_cost_of: Callable[[Assignment], ManaCost] | None = None
    total_cost_targets: tuple[ChoiceKey, ...] = ()
    total_cost_keys: tuple[ChoiceKey, ...] = ()
    total_cost_of_values: Callable[[tuple], ManaCost] | None = None
    total_cost_before_cost_objects: Callable[[Assignment], ManaCost] | None = None
    joint_counts: dict[ChoiceKey, tuple[Constraint, tuple[Constraint, ...]]] = field(default_factory=dict)
    undecided: list[Any] = field(default_factory=list)
    memo: ProblemMemo = field(default_factory=ProblemMemo)
    engine_memo: dict[str, Any] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ building
    def add_variable(
        self, key: ChoiceKey, domain: Domain, rule: str, why_not: Callable[[Any], tuple[Reason, ...]] | None = None
    ) -> Variable:
        """Add a variable; its domain is kept in the given order.

        Parameters
        ----------
        key : ChoiceKey
        domain : tuple or LazyDomain
        rule : str
        why_not : callable or None
            Explains a value outside the domain; by default a generic sentence.

        Raises
        ------
        ValueError
            A variable with that key exists already.
        """
        if key in self.variables:
            raise ValueError(f"variable {key!r} defined twice")
        variable = Variable(
            key,
            domain if isinstance(domain, LazyDomain) else tuple(domain),
            rule,
            why_not or _no_explanation(key, rule),
        )
        self.variables[key] = variable
        return variable

    def add_constraint(
        self,
        scope: tuple[ChoiceKey, ...],
        predicate: Callable[..., bool],
        rule: str,
        description: str,
        explain: Callable[..., str] | None = None,
        kind: ConstraintKind = ConstraintKind.GENERAL,
        generate: Callable[..., Iterable[Any]] | None = None,
        count: Callable[..., int] | None = None,
        sizes: Callable[..., range] | None = None,
    ) -> Constraint:
        """Add a constraint over existing variables (an empty scope is allowed).

        See :class:`Constraint` for the parameters.

        Raises
        ------
        ValueError
            The scope names a key that is not a variable.
        """
        for key in scope:
            if key not in self.variables:
                raise ValueError(f"constraint {description!r} names unknown variable {key!r}")
        constraint = Constraint(tuple(scope), predicate, rule, description, explain, kind, generate, count, sizes)
        self.constraints.append(constraint)
        return constraint

    def add_cost(self, term: CostTerm) -> None:
        """Add one part of the total cost (CR 601.2f); read by :func:`solver.rules.costs.add_cost_rules`."""
        self.cost_terms.append(term)

    def choosing(self, key: ChoiceKey, holds: Callable[[Any], bool], text: str) -> CastProblem:
        """The same problem with one more rule: its casts whose choice ``key`` holds ``holds``.

        What explanations ask of the one judge: "no legal cast chooses mode 2" is that this problem's count is 0
        with ``ModeKey(1)`` at 1 or more. The problem itself is unchanged; the new one shares its variables,
        slots and cost terms, and has its own engine memo.

        Parameters
        ----------
        key : ChoiceKey
            A variable of the problem.
        holds : callable
            ``holds(value) -> bool``.
        text : str
            The choice, in words (``"mode 2 is chosen"``).

        Returns
        -------
        CastProblem

        Raises
        ------
        ValueError
            ``key`` is not a variable of the problem.
        """
        if key not in self.variables:
            raise ValueError(f"{key!r} is not a variable of the problem")
        narrowed = dataclasses.replace(self, constraints=list(self.constraints), engine_memo={})
        narrowed.add_constraint((key,), holds, "CR 601.2", text)
        return narrowed

    # ------------------------------------------------------------------ spell facts
    @property
    def spell_colors(self) -> frozenset[Color]:
        """The spell's colours on the stack: its own; spliced text adds none (CR 702.47c)."""
        return self.spell.card.colors

    @property
    def spell_types(self) -> tuple[CardType, ...]:
        """The spell's card types (CR 702.47c: splicing adds none)."""
        return self.spell.card.types

    def keys_of(self, kind_type: type) -> list[Any]:
        """The keys of the variables of one key class, in variable order (``problem.keys_of(ModeKey)``)."""
        return [key for key in self.variables if type(key) is kind_type]

    def whole_cast_conditions(self) -> list[Constraint]:
        """The constraints that no casting choice can change.

        Those with an empty scope, or over the zone, the half and the alternative cost where each has one
        value: timing (CR 117.1a, 307.1), the zone and the permission to cast from it (CR 601.3), a spell
        with no mana cost and no alternative cost (CR 118.6).
        """

        def one_value(key: ChoiceKey) -> bool:
            domain = self.variables[key].domain  # a tuple for the zone, the half and the alternative cost
            return isinstance(domain, tuple) and len(domain) == 1

        found = []
        for constraint in self.constraints:
            if all(
                isinstance(key, (ZoneKey, FaceKey, AlternativeCostKey)) and one_value(key) for key in constraint.scope
            ):
                found.append(constraint)
        return found

    def failed_whole_cast_conditions(self) -> list[Reason]:
        """The reasons of the :meth:`whole_cast_conditions` that fail."""
        reasons = []
        for constraint in self.whole_cast_conditions():
            values = {key: self.variables[key].first() for key in constraint.scope}
            if not constraint.holds(values):
                reasons.append(constraint.reason(values))
        return reasons

    # ------------------------------------------------------------------ reading solutions
    def to_cast(self, assignment: Assignment) -> Cast:
        """The :class:`Cast` a solution describes.

        Parameters
        ----------
        assignment : mapping of ChoiceKey to value
            A value for every variable.

        Returns
        -------
        Cast
            Targets ordered: the spell's own text, its chosen modes in
            printed order, then spliced texts in splice order (CR 702.47b,
            608.2c).
        """
        modes = tuple(
            key.index for key in self.variables if type(key) is ModeKey for _ in range(int(assignment[key]))
        )  # a count where a mode may repeat (CR 700.2d)
        splices: tuple[ObjectId, ...] = tuple(assignment.get(SPLICE_ORDER, ()))
        position = {source: i for i, source in enumerate(splices)}
        chosen = []
        for slot in self.slots:
            value = assignment[slot.key]
            if value is None:
                continue
            division = tuple(assignment[slot.division]) if slot.division is not None else ()
            chosen.append(
                (
                    self.target_order(slot.key, position),
                    TargetChoice(
                        slot.key.source,
                        slot.key.mode,
                        slot.key.instruction,
                        slot.key.index,
                        slot.spec.phrase,
                        tuple(value),
                        slot.key.copy,
                        division,
                    ),
                )
            )
        chosen.sort(key=lambda item: item[0])
        paid: dict[CostAction, list[ObjectId]] = {}
        for key in self.variables:
            if type(key) is CostObjectsKey:
                paid.setdefault(key.action, []).extend(assignment[key])
        x = assignment.get(X)
        total = self.total_cost_of(assignment) if self.total_cost_of else ManaCost.EMPTY
        return Cast(
            card=self.spell.id,
            name=self.spell.card.name,
            zone=assignment.get(ZONE, self.spell.zone),
            halves=tuple(assignment.get(FACE, self.halves)),
            prototyped=self.prototyped,
            modes=modes,
            splices=splices,
            targets=tuple(choice for _, choice in chosen),
            x=x,
            alternative_cost=assignment.get(ALTERNATIVE_COST),
            additional_costs=tuple(
                (key.keyword, int(assignment[key]))
                for key in self.variables
                if type(key) is OptionalCostKey and assignment[key]
            ),
            gift_recipient=assignment.get(GIFT_RECIPIENT),
            without_paying_mana_cost=self.without_paying_mana_cost,
            total_cost=total,
            mana_value=self.mana_value_with(x),
            **{name: tuple(sorted(paid.get(action, ()))) for action, name in COST_OBJECT_FIELDS.items()},
        )

    def target_order(self, key: TargetKey, position: Mapping[ObjectId, int]) -> tuple[int, int, int, int]:
        """Where an instance's choice goes in :attr:`Cast.targets`: own text, modes, then splices in order."""
        if key.source == self.spell.id:
            return (0, -1, key.instruction, key.index) if key.mode is None else (1, key.mode, key.copy, key.index)
        return (2, position[key.source], key.instruction, key.index)

    def mana_value_with(self, x: int | None) -> int:
        """The spell's mana value on the stack: X counts as its announced value (CR 202.3e)."""
        card = self.spell.card
        if not x or card.mana_cost is None:
            return card.mana_value
        return card.mana_value + x * sum(1 for s in card.mana_cost.symbols if s.variable == "X")

    # ------------------------------------------------------------------ the one definition of legality
    def assignment_of(self, cast: Cast) -> Proposal:
        """Map a proposed cast onto the problem's variables: the inverse of :meth:`to_cast`.

        Parameters
        ----------
        cast : Cast

        Returns
        -------
        Proposal
            A value for every variable (possibly outside its domain) and the
            parts of the cast no variable holds.
        """
        values: dict[ChoiceKey, Any] = {}
        refused: list[tuple[str, Reason]] = []
        if cast.card != self.spell.id:
            refused.append(("card", Reason("CR 601.2", f"the cast is of {cast.card}, not {self.spell.id}")))
        refused += self._permission_reasons(cast)
        optional = dict(cast.additional_costs)
        by_action = self.objects_named(cast)
        for key in self.variables:
            found = _IN_CAST.get(type(key))
            if found is not None:
                values[key] = found[1](self, key, cast)
            elif type(key) is OptionalCostKey:
                values[key] = optional.pop(key.keyword, 0)
            elif type(key) is CostObjectsKey:
                values[key] = by_action.pop((key.action, key.zone), ())
        refused += self._unmatched_choices(cast, optional, by_action)
        refused += self._target_values(cast, values)
        return Proposal(values, tuple(reason for _, reason in refused), tuple(where for where, _ in refused))

    def _unmatched_choices(
        self, cast: Cast, optional: Mapping[str, int], by_action: Mapping[tuple[CostAction, Zone], tuple[ObjectId, ...]]
    ) -> list[tuple[str, Reason]]:
        """The modes, optional costs, gift and objects paying costs a cast names that no variable holds."""
        name, refused = self.spell.name, list[tuple[str, Reason]]()
        indices = sorted({key.index for key in self.keys_of(ModeKey)})
        held = f"its mode indices are {', '.join(map(str, indices))}" if indices else "it has no modes"
        for index in sorted(set(cast.modes) - set(indices)):
            refused.append(
                (
                    f"modes[{cast.modes.index(index)}]",
                    Reason(
                        "CR 700.2",
                        f"{name} has no mode of index {index} (a cast's modes are indices from 0, its first "
                        f"mode 0; {held})",
                    ),
                )
            )
        has = {key.keyword for key in self.keys_of(OptionalCostKey)}
        for keyword in optional:
            hint = (
                ": it has multikicker, and the cast says how many times it is paid (times_kicked, or "
                'additional_costs {"multikicker": n})'
                if keyword == "kicker" and "multikicker" in has
                else ""
            )
            refused.append(("additional_costs", Reason("CR 601.2b", f"{name} has no {keyword} cost to pay{hint}")))
        if cast.gift_recipient is not None and GIFT_RECIPIENT not in self.variables:
            refused.append(
                ("gift_recipient", Reason("CR 702.174a", f"{name} has no gift: no opponent is chosen for one"))
            )
        for (action, _), objects in () if self.recorded is not None else by_action.items():
            # a spell on the stack paid its costs: what paid them is history, not a choice judged now (CR 601.2h)
            refused.append(
                (
                    COST_OBJECT_FIELDS[action],
                    Reason("CR 601.2h", f"no cost of this cast asks to {action.value} {', '.join(objects)}"),
                )
            )
        return refused

    def _target_values(self, cast: Cast, values: dict[ChoiceKey, Any]) -> list[tuple[str, Reason]]:
        """Each instance's targets and division put in ``values``; the target choices no instance holds."""
        refused = list[tuple[str, Reason]]()
        given: dict[TargetKey, TargetChoice] = {}
        place: dict[TargetKey, int] = {}
        for position, choice in enumerate(cast.targets):
            key = TargetKey(choice.source, choice.mode, choice.instruction, choice.index, choice.copy)
            if key in given:
                refused.append(
                    (
                        f"targets[{position}]",
                        Reason("CR 115.3", "two target choices are given for one instance of 'target'"),
                    )
                )
            given[key] = choice
            place.setdefault(key, position)
        for slot in self.slots:
            chosen = given.pop(slot.key, None)
            values[slot.key] = None if chosen is None else tuple(chosen.targets)
            if slot.division is not None:
                values[slot.division] = None if chosen is None else tuple(chosen.division)
            elif chosen is not None and chosen.division:
                refused.append(
                    (
                        f"targets[{place[slot.key]}].division",
                        Reason("CR 601.2d", f"'{slot.spec.phrase}' divides nothing; a division is given"),
                    )
                )
        for key in given:
            refused.append(
                (
                    f"targets[{place[key]}]",
                    Reason("CR 601.2c", f"no instance of 'target' is at {key} in the spell or its spliced texts"),
                )
            )
        return refused

    def _permission_reasons(self, cast: Cast) -> list[tuple[str, Reason]]:
        """Why a cast claims a way of casting that neither the state nor the question grants (CR 601.3, 118.9).

        Casting without paying the mana cost, and casting as a madness or miracle trigger resolves, are
        permissions: the state gives them (a plotted card, an effect's ``may_cast``) or the question asks for
        them (``without_paying_mana_cost``, ``resolving``), and the problem holds them. A cast that says
        otherwise is none of the problem's, whatever its other choices.
        """
        name, reasons = self.spell.name, list[tuple[str, Reason]]()
        if cast.prototyped != self.prototyped:  # the spell's characteristics differ (CR 718.3b)
            why = (
                f"the cast is prototyped, but {name} ({self.spell.id}) can't be cast prototyped here (CR 702.160a)"
                if cast.prototyped
                else f"the cast is not prototyped, but {name} ({self.spell.id}) is cast prototyped here"
            )
            reasons.append(("prototyped", Reason("CR 718.3", why)))
        if self.recorded is not None:  # the record says how it was cast; nothing is granted now (CR 601.2i)
            return reasons
        if cast.without_paying_mana_cost and not self.without_paying_mana_cost:
            reasons.append(
                (
                    "without_paying_mana_cost",
                    Reason(
                        "CR 118.9",
                        f"the cast is without paying {name}'s mana cost, and nothing grants that: no effect of "
                        "the state lets it be cast so, and the question is not of casts without paying the mana "
                        "cost",
                    ),
                )
            )
        elif self.without_paying_mana_cost and not cast.without_paying_mana_cost:
            if self.zone_ways and all(way.free for way in self.zone_ways):
                where = "exile" if self.spell.zone is Zone.EXILE else f"the {self.spell.zone.value}"
                reasons.append(
                    (
                        "without_paying_mana_cost",
                        Reason(
                            "CR 601.3",
                            f"{name} ({self.spell.id}) may be cast from {where} only without paying its mana "
                            "cost (CR 118.9), but the cast pays it",
                        ),
                    )
                )
            else:
                reasons.append(
                    (
                        "without_paying_mana_cost",
                        Reason(
                            "CR 118.9",
                            f"the casts asked for are without paying {name}'s mana cost, but the cast pays it",
                        ),
                    )
                )
        keyword = cast.alternative_cost
        if keyword in RESOLVING_KEYWORDS and self.resolving != keyword:
            rule = RESOLVING_KEYWORDS[keyword][1]
            reasons.append(
                (
                    "alternative_cost",
                    Reason(
                        rule,
                        f"{name} is cast for its {keyword} cost only as its {keyword} triggered ability resolves "
                        "(CR 608.2g), and the question is not of that moment",
                    ),
                )
            )
        return reasons

    def objects_named(self, cast: Cast) -> dict[tuple[CostAction, Zone], tuple[ObjectId, ...]]:
        """The objects a cast names to pay costs, by action and by the zone of the variable that reads them.

        Discarded cards are in the hand, exiled ones in the hand (the Shoals), on the battlefield ("exile a
        creature you control") or in the graveyard, the others
        on the battlefield (CR 601.2h); an object not in the state is read as the action's usual zone.

        Returns
        -------
        dict of (CostAction, Zone) to tuple of ObjectId
            In the order the cast names them.
        """
        found: dict[tuple[CostAction, Zone], list[ObjectId]] = {}
        for action, name in COST_OBJECT_FIELDS.items():
            for object_id in getattr(cast, name):
                if action is CostAction.DISCARD:
                    zone = Zone.HAND
                elif action is CostAction.EXILE:  # from the hand, the battlefield ("a creature you control") or
                    where = self.state.object(object_id).zone if self.state.has_object(object_id) else None
                    zone = where if where in (Zone.HAND, Zone.BATTLEFIELD) else Zone.GRAVEYARD  # the graveyard
                else:
                    zone = Zone.BATTLEFIELD
                found.setdefault((action, zone), []).append(object_id)
        return {key: tuple(ids) for key, ids in found.items()}

    def _splice_set_of(self, spliced: tuple[ObjectId, ...]) -> tuple[ObjectId, ...]:
        """The cards of a splice order in candidate order; cards that are no candidate keep their place at the end."""
        order = {card: i for i, card in enumerate(self.splice_candidates)}
        return tuple(sorted(spliced, key=lambda card: order.get(card, len(order))))

    def reasons(self, proposal: Proposal) -> list[Reason]:
        """Every rule a proposed assignment breaks, each once, with its CR rule.

        The parts no variable holds; then, per variable in choice order, why
        a value outside its domain can't be chosen; then every constraint
        over values that are all in their domains.

        Parameters
        ----------
        proposal : Proposal

        Returns
        -------
        list of Reason
            Empty when the assignment is a solution.
        """
        return list(dict.fromkeys(reason for _, reason in self.broken(proposal)))

    def broken(self, proposal: Proposal) -> list[tuple[tuple[ChoiceKey, ...] | str, Reason]]:
        """:meth:`reasons`, each with what it is about: the keys of its variable or rule, or a place in the cast.

        Parameters
        ----------
        proposal : Proposal

        Returns
        -------
        list of (tuple of ChoiceKey or str, Reason)
            In :meth:`reasons` order, repeats kept: for a part no variable holds, its place in the cast's JSON
            form (:attr:`Proposal.unmatched_at`); for a value outside its domain, its key; for a broken rule,
            the rule's scope.
        """
        found: list[tuple[tuple[ChoiceKey, ...] | str, Reason]] = list(
            zip(proposal.unmatched_at or ("",) * len(proposal.unmatched), proposal.unmatched)
        )
        values = proposal.values
        invalid: set[ChoiceKey] = set()
        for key, variable in self.variables.items():
            value = values[key]
            if value not in variable.domain:
                invalid.add(key)
                found.extend(((key,), reason) for reason in variable.why_not(value))
        for constraint in self.constraints:
            if invalid.intersection(constraint.scope):
                continue
            if not constraint.holds(values):
                found.append((constraint.scope, constraint.reason(values)))
        return found

    def place_in(self, cast: Cast, about: tuple[ChoiceKey, ...] | str) -> str:
        """Where in a cast's JSON form a reason of :meth:`broken` is: ``"targets[1].targets"``, ``"x"``, ``"modes"``.

        The last instance of "target" (or division) a rule reads, where it reads one, is the choice it judges
        (the later of "another target", the instance sized by X or the kicks); else its first key.

        Parameters
        ----------
        cast : Cast
        about : tuple of ChoiceKey or str
            As :meth:`broken` gives it.

        Returns
        -------
        str
            A key path relative to the cast; ``""`` for the cast as a whole (timing, the zone's permission).
        """
        if isinstance(about, str):
            return about
        for key in reversed(about):
            if isinstance(key, (TargetKey, DivisionKey)):
                target = key if isinstance(key, TargetKey) else key.target
                part = "targets" if isinstance(key, TargetKey) else "division"
                position = next((i for i, c in enumerate(cast.targets) if c.slot == target.slot), None)
                return "targets" if position is None else f"targets[{position}].{part}"
        if not about:
            return ""
        key = about[0]
        if type(key) is CostObjectsKey:
            return COST_OBJECT_FIELDS[key.action]
        if type(key) is OptionalCostKey:
            return "additional_costs"
        found = _IN_CAST.get(type(key))
        return found[0] if found is not None else ""

    def why_illegal(self, cast: Cast) -> list[Reason]:
        """Every rule a proposed cast breaks: :meth:`reasons` of :meth:`assignment_of`."""
        return self.reasons(self.assignment_of(cast))

    def is_legal(self, cast: Cast) -> bool:
        """Whether a proposed cast is legal: no reason against it (:meth:`why_illegal`)."""
        return not self.why_illegal(cast)


_IN_CAST: dict[type, tuple[str, Callable[[CastProblem, Any, Cast], Any]]] = {
    ModeKey: ("modes", lambda problem, key, cast: cast.modes.count(key.index)),  # times chosen (CR 700.2d)
    ZoneKey: ("zone", lambda problem, key, cast: cast.zone),
    FaceKey: ("halves", lambda problem, key, cast: tuple(cast.halves)),
    AlternativeCostKey: ("alternative_cost", lambda problem, key, cast: cast.alternative_cost),
    GiftRecipientKey: ("gift_recipient", lambda problem, key, cast: cast.gift_recipient),
    SpliceSetKey: ("splices", lambda problem, key, cast: problem._splice_set_of(cast.splices)),
    SpliceOrderKey: ("splices", lambda problem, key, cast: tuple(cast.splices)),
    XKey: ("x", lambda problem, key, cast: cast.x),
}
"""For each kind of choice made before targets: its key in a cast's JSON form, and the value a cast gives it, as
:meth:`CastProblem.assignment_of` and :meth:`CastProblem.place_in` read them (optional costs and the objects
paying costs, each named once in a cast, are read there)."""


class ProblemRef:
    """A reference to a problem that does not keep it alive, for what the problem itself keeps.

    The rules, domains and explanations of a problem are kept in the problem. One that held the problem itself
    would make a reference cycle, which only Python's garbage collector frees: a whole hand of views dropped
    would then cost the collector milliseconds of passes over thousands of objects. Holding this instead, a
    problem dropped is freed at once, with all it keeps.

    Parameters
    ----------
    problem : CastProblem

    Examples
    --------
    >>> from legalcasts import legal_casts
    >>> from models.io.state_json import load_state
    >>> problem = legal_casts(load_state("examples/case10-mists-ritual-ray.json"), "mists").problems[0]
    >>> problem_of = ProblemRef(problem)
    >>> problem_of() is problem
    True
    >>> del problem  # nothing else held it
    >>> problem_of()
    Traceback (most recent call last):
    ...
    ReferenceError: the cast problem this rule belongs to was dropped
    """

    __slots__ = ("_ref",)

    def __init__(self, problem: CastProblem) -> None:
        self._ref = weakref.ref(problem)

    def __call__(self) -> CastProblem:
        """The problem.

        Raises
        ------
        ReferenceError
            The problem was dropped: nothing it kept can be asked any more.
        """
        problem = self._ref()
        if problem is None:
            raise ReferenceError("the cast problem this rule belongs to was dropped")
        return problem


def never_listed() -> Iterator[Any]:
    """The values of a choice of a spell on the stack: its record's, never listed (the problem is judged, not solved).

    The ``generate`` of a :class:`LazyDomain` whose ``contains`` alone is asked: X, the times an optional cost was
    paid, the targets a record may name (:attr:`CastProblem.recorded`).

    Raises
    ------
    SolverError
        Always.
    """
    raise SolverError("fast", "the values of a choice of a spell on the stack are its record's: they are never listed")
