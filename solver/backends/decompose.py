"""The fast path: count, enumerate and sample by decomposition.

Once the *frame* of a cast is fixed (the chosen modes, the set of spliced
cards, the other non-target choices), the target slots split into independent
components: each slot alone, except slots tied by a constraint ("another
target", CR 115.4). So

- the number of casts of a frame is the product of its components' counts,
  times the number of splice orders (k! for k spliced cards: the order never
  changes what is legal, only which cast it is, CR 702.47b), times the
  number of values of free choices such as discards;
- frames are generated directly, by a depth-first walk over modes and splice
  cards that stops as soon as the total cost can't be paid (paying only gets
  harder as more is chosen), never by filtering every combination;
- enumeration streams the product of the components' solutions per frame;
- sampling draws a frame weighted by its count, then an order and each
  component uniformly: a uniform draw over all legal casts.

Components with constraints are solved by listing their own (small) product,
for that component only. The constraint graph is built with networkx.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import networkx as nx

from models.cast import Cast, TargetChoice, casts_of_targets
from solver.problem import CastProblem, TargetSlot, split_value, value_of_choice

__all__ = ["DecompositionBackend", "Frame", "analyse"]

_SPLICES = "splices"
_X = "x"
_KICKED = "kicked"


@dataclass(frozen=True, slots=True)
class Frame:
    """The non-target choices of a cast, splice order aside.

    Parameters
    ----------
    modes : tuple of int
        The chosen modes, sorted; a mode chosen more than once appears that
        many times (CR 700.2d).
    spliced : tuple of str
        The spliced cards, in candidate (state-file) order.
    x : int or None
        The value announced for X (CR 107.3a); None when there is no X.
    kicked : bool
        The kicker cost is paid (CR 702.33a).
    """

    modes: tuple[int, ...]
    spliced: tuple[str, ...]
    x: int | None = None
    kicked: bool = False


class _Analysis:
    """What the fast path needs to know of a problem, computed once."""

    def __init__(self, problem: CastProblem) -> None:
        self.problem = problem
        self.slot_of = {slot.variable: slot for slot in problem.slots}
        self.mode_names = [n for n in problem.variables if n.startswith("mode:")]
        self.has_splices = _SPLICES in problem.variables
        self.splice_ids = [obj_id for obj_id in problem.splice_candidates] if self.has_splices else []
        self.has_x = _X in problem.variables
        self.has_kicker = _KICKED in problem.variables
        self.x_values = problem.variables[_X].domain if self.has_x else (None,)
        structural = (set(self.slot_of) | set(self.mode_names) | ({_SPLICES} if self.has_splices else set())
                      | ({_X} if self.has_x else set()) | ({_KICKED} if self.has_kicker else set()))
        self.free_names = [n for n in problem.variables if n not in structural]
        constraints = [c for c in problem.constraints if c.scope and c.kind != "activation"]
        self.frame_constraints = [c for c in constraints if not any(v in self.slot_of for v in c.scope)]
        self.monotone = [c for c in self.frame_constraints if c.kind == "monotone"]
        self.free_constrained = any(
            any(v in self.free_names for v in c.scope) for c in constraints
        ) or any(name in problem.variables for name in ("taps", "returns", "awakened", "times kicked",
                                                          "exiled instead", "overloaded"))
        # (those choices are listed by the general backend)
        graph = nx.Graph()
        graph.add_nodes_from(self.slot_of)
        self.slot_constraints = [c for c in constraints if any(v in self.slot_of for v in c.scope)]
        for constraint in self.slot_constraints:
            if any(v not in self.slot_of and v not in self.mode_names and v != _SPLICES for v in constraint.scope):
                self.free_constrained = True
            slots = [v for v in constraint.scope if v in self.slot_of]
            graph.add_edges_from(itertools.pairwise(slots))
        order = {name: i for i, name in enumerate(self.slot_of)}
        self.components = sorted(
            (sorted(component, key=order.__getitem__) for component in nx.connected_components(graph)),
            key=lambda names: order[names[0]],
        )
        self.component_constraints = [
            [c for c in self.slot_constraints if any(v in component for v in c.scope)]
            for component in self.components
        ]
        # Items that can never be chosen: a mode or card with a slot that has no legal choice.
        self.blocked_modes = {  # modes (and the kicker) with a target instance that has no legal choice
            slot.activator for slot in problem.slots if slot.activator and slot.activator != _SPLICES and not slot.choices
        }
        self.blocked_cards = {
            slot.source for slot in problem.slots if slot.activator == _SPLICES and not slot.choices
        }
        self._component_cache: dict[tuple[int, frozenset[str]], list[dict[str, Any]]] = {}
        self.free_domains = [problem.variables[name].domain for name in self.free_names]
        self.free_count = math.prod(len(d) for d in self.free_domains)
        self.single = [not self.component_constraints[i] and len(c) == 1 for i, c in enumerate(self.components)]
        self.slot_by_key = {slot.key: slot for slot in problem.slots}
        self.choice_sets = {slot.variable: frozenset(slot.choices) for slot in problem.slots}
        self._choice_objects: dict[str, list[TargetChoice]] = {}
        self._frames: list[tuple[Frame, int]] | None = None
        self._valid_frames: dict[tuple[tuple[int, ...], frozenset[str]], Frame] | None = None
        choice = problem.abilities.mode_choice
        self.repeatable = bool(choice and choice.repeatable)
        self.most_modes = choice.maximum if self.repeatable else len(self.mode_names)
        self.castable = problem.unconditional_constraints_hold()
        self._frame_facts: dict[Frame, tuple[tuple[int, ...], Any, list]] = {}
        self.mode_of = {name: int(name.split(":")[1]) for name in self.mode_names}
        self._cost_domains: list[tuple[str, frozenset | None]] | None = None

    def cost_domains(self) -> list[tuple[str, frozenset | None]]:
        """(discards, sacrifices, exiles): the sorted values each may take, None where there is no such choice."""
        if self._cost_domains is None:
            self._cost_domains = [(name, self.sorted_free_domain(name)) for name in ("discards", "sacrifices", "exiles")]
        return self._cost_domains

    def cost_choice(self, free_values) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(discards, sacrifices, exiles), sorted, from values of the free choices in ``free_names`` order."""
        values = dict(zip(self.free_names, free_values))
        return tuple(tuple(sorted(values.get(name, ()))) for name in ("discards", "sacrifices", "exiles"))

    def sorted_free_domain(self, name: str) -> frozenset | None:
        """The values of a free choice as sorted tuples (for checking), or None if there is no such choice."""
        if name not in self.free_names:
            return None
        key = f"sorted {name}"
        found = self.problem.cache.get(key)
        if found is None:
            domain = self.free_domains[self.free_names.index(name)]
            found = self.problem.cache[key] = frozenset(tuple(sorted(value)) for value in domain)
        return found

    def frame_facts(self, frame: Frame) -> tuple[tuple[int, ...], Any, list]:
        """(sorted modes, total cost, [(slot, lone?, component index)] of active components), kept per frame."""
        facts = self._frame_facts.get(frame)
        if facts is None:
            total = (self.problem.total_cost_of(self.frame_assignment(frame))
                     if self.problem.total_cost_of else None)
            active = []
            for index, component in enumerate(self.components):
                if self.single[index]:
                    slot = self.slot_of[component[0]]
                    if self.is_active(slot, frame):
                        active.append((slot, True, index))
                else:
                    active.append((None, False, index))
            facts = self._frame_facts[frame] = (tuple(sorted(frame.modes)), total, active)
        return facts

    # ---------------------------------------------------------------- casts
    def choice_objects(self, name: str) -> list[TargetChoice]:
        """The TargetChoice of each legal choice of a slot, made once."""
        found = self._choice_objects.get(name)
        if found is None:
            slot = self.slot_of[name]
            found = self._choice_objects[name] = [
                TargetChoice(slot.source, slot.mode, slot.instruction, slot.index, slot.spec.phrase,
                             split_value(choice)[0], slot.copy, split_value(choice)[1])
                for choice in slot.choices
            ]
        return found

    def order_key(self, slot: TargetSlot, position: dict[str, int]) -> tuple[int, int, int, int]:
        """Where a slot's choice goes in Cast.targets: own text, modes, then splices in order."""
        spell_id = self.problem.spell.id
        if slot.source == spell_id:
            return (0, -1, slot.instruction, slot.index) if slot.mode is None else (1, slot.mode, slot.copy, slot.index)
        return (2, position[slot.source], slot.instruction, slot.index)

    def counted_frames(self) -> list[tuple[Frame, int]]:
        """Every frame with at least one cast, and its number of casts, depth-first (kept)."""
        if self._frames is None:
            self._frames = [(frame, count) for frame in self.frames() if (count := self.frame_count(frame))]
        return self._frames

    def valid_frames(self) -> dict[tuple[tuple[int, ...], frozenset[str]], Frame]:
        if self._valid_frames is None:
            self._valid_frames = {(f.modes, frozenset(f.spliced), f.x, f.kicked): f for f, _ in self.counted_frames()}
        return self._valid_frames

    # ---------------------------------------------------------------- frames
    def is_active(self, slot: TargetSlot, frame: Frame) -> bool:
        if slot.activator is None:
            return True
        if slot.activator == _SPLICES:
            return slot.source in frame.spliced
        if slot.activator == _KICKED:
            return frame.kicked
        return frame.modes.count(self.mode_of[slot.activator]) > slot.copy

    def frame_assignment(self, frame: Frame, order: tuple[str, ...] | None = None) -> dict[str, Any]:
        if self.repeatable:
            assignment: dict[str, Any] = {name: frame.modes.count(self.mode_of[name]) for name in self.mode_names}
        else:
            assignment = {name: self.mode_of[name] in frame.modes for name in self.mode_names}
        if self.has_splices:
            assignment[_SPLICES] = frame.spliced if order is None else order
        if self.has_x:
            assignment[_X] = frame.x
        if self.has_kicker:
            assignment[_KICKED] = frame.kicked
        return assignment

    def frames(self) -> Iterator[Frame]:
        """Every frame whose frame-only constraints hold, depth-first, modes before splices."""
        items = [("mode", int(n.split(":")[1])) for n in self.mode_names if n not in self.blocked_modes]
        if self.has_kicker and _KICKED not in self.blocked_modes:
            items.append(("kicker", True))
        items += [("splice", s) for s in self.splice_ids if s not in self.blocked_cards]

        def walk(start: int, modes: tuple[int, ...], spliced: tuple[str, ...], kicked: bool = False) -> Iterator[Frame]:
            if len(modes) > self.most_modes:
                return
            for position, x in enumerate(self.x_values):
                frame = Frame(modes, spliced, x, kicked)
                assignment = self.frame_assignment(frame)
                if not all(self._holds(c, assignment) for c in self.monotone):
                    if position == 0:
                        return  # nothing larger can be paid either
                    break  # a larger X can't be paid either
                if all(self._holds(c, assignment) for c in self.frame_constraints):
                    yield frame
            for index in range(start, len(items)):
                kind, value = items[index]
                if kind == "mode":
                    # A repeatable mode may be taken again (CR 700.2d): stay on it.
                    yield from walk(index if self.repeatable else index + 1, modes + (value,), spliced, kicked)
                elif kind == "kicker":
                    yield from walk(index + 1, modes, spliced, True)
                else:
                    yield from walk(index + 1, modes, spliced + (value,), kicked)

        yield from walk(0, (), ())

    def _holds(self, constraint, assignment: dict[str, Any]) -> bool:
        values = []
        for name in constraint.scope:
            if name not in assignment:
                return True  # a free choice: checked with it
            values.append(assignment[name])
        return constraint.predicate(*values)

    # ---------------------------------------------------------------- components
    def component_solutions(self, index: int, frame: Frame) -> list[dict[str, Any]]:
        component = self.components[index]
        active = frozenset(name for name in component if self.is_active(self.slot_of[name], frame))
        key = (index, active)
        cached = self._component_cache.get(key)
        if cached is not None:
            return cached
        names = list(component)
        domains = [self.slot_of[n].choices if n in active else (None,) for n in names]
        constraints = self.component_constraints[index]
        solutions = []
        for values in itertools.product(*domains):
            assignment = dict(zip(names, values))
            if all(c.predicate(*(assignment[v] for v in c.scope)) for c in constraints):
                solutions.append(assignment)
        self._component_cache[key] = solutions
        return solutions

    def component_count(self, index: int, frame: Frame) -> int:
        component = self.components[index]
        if not self.component_constraints[index] and len(component) == 1:
            slot = self.slot_of[component[0]]
            return len(slot.choices) if self.is_active(slot, frame) else 1
        return len(self.component_solutions(index, frame))

    def frame_count(self, frame: Frame) -> int:
        count = math.factorial(len(frame.spliced)) * self.free_count
        for index in range(len(self.components)):
            count *= self.component_count(index, frame)
            if not count:
                return 0
        return count


def analyse(problem: CastProblem) -> _Analysis:
    """The decomposition of a problem (frames, components), cached on the problem.

    Parameters
    ----------
    problem : CastProblem

    Returns
    -------
    object
        The analysis used by :class:`DecompositionBackend`.
    """
    cached = problem.cache.get("decomposition")
    if cached is None:
        cached = problem.cache["decomposition"] = _Analysis(problem)
    return cached


class DecompositionBackend:
    """Count, enumerate and sample casts by decomposition (see the module notes).

    Falls back to listing a component's product when the component has
    constraints; if a free choice (such as discards) is tied to others by a
    constraint, it enumerates with python-constraint instead.
    """

    name = "fast"

    def _fallback(self, problem: CastProblem):
        from solver.backends.pyconstraint import PythonConstraintBackend

        return PythonConstraintBackend()

    def count(self, problem: CastProblem) -> int:
        """The number of solutions, without enumerating them (exact integer).

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        int
        """
        if not problem.unconditional_constraints_hold():
            return 0
        analysis = analyse(problem)
        if analysis.free_constrained:
            return sum(1 for _ in self._fallback(problem).solutions(problem))
        return sum(count for _, count in analysis.counted_frames())

    def solutions(self, problem: CastProblem) -> Iterator[dict[str, Any]]:
        """Yield every solution lazily: frames depth-first, then splice orders, then components.

        Parameters
        ----------
        problem : CastProblem

        Yields
        ------
        dict of str to value
        """
        if not problem.unconditional_constraints_hold():
            return
        analysis = analyse(problem)
        if analysis.free_constrained:
            yield from self._fallback(problem).solutions(problem)
            return
        for frame in analysis.frames():
            if not analysis.frame_count(frame):
                continue
            parts = [analysis.component_solutions(i, frame) for i in range(len(analysis.components))]
            orders = itertools.permutations(frame.spliced) if analysis.has_splices else [None]
            for order in orders:
                base = analysis.frame_assignment(frame, order)
                for free_values in itertools.product(*analysis.free_domains):
                    with_free = dict(base)
                    with_free.update(zip(analysis.free_names, free_values))
                    for combination in itertools.product(*parts):
                        assignment = dict(with_free)
                        for part in combination:
                            assignment.update(part)
                        yield assignment

    # ------------------------------------------------------------------ fast forms
    def iter_compact(self, problem: CastProblem) -> Iterator[tuple[tuple, tuple]]:
        """Every legal cast in compact form, lazily, in :meth:`solutions` order.

        Each item is ``(frame, targets)``: ``frame`` is (chosen modes, spliced
        cards in order, X, values of the other choices such as discards), and
        ``targets`` holds one entry per target component (a tuple of ids for
        a lone instance; a dict of slot variable to value for instances tied
        by a constraint), inactive instances left out. Items are made by
        itertools in C: no Python code runs per cast.

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        iterator of (tuple, tuple)
        """
        return itertools.chain.from_iterable(self._compact_blocks(problem))

    def _compact_blocks(self, problem: CastProblem) -> Iterator[Iterator[tuple[tuple, tuple]]]:
        if not problem.unconditional_constraints_hold():
            return
        analysis = analyse(problem)
        if analysis.free_constrained:
            def fallback() -> Iterator[tuple[tuple, tuple]]:
                for solution in self._fallback(problem).solutions(problem):
                    cast = problem.to_cast(solution)
                    yield (cast.modes, cast.splices, cast.x, (cast.discards,)), tuple(t.targets for t in cast.targets)
            yield fallback()
            return
        for frame, _ in analysis.counted_frames():
            modes = tuple(sorted(frame.modes))
            lists = []
            for index, component in enumerate(analysis.components):
                if analysis.single[index]:
                    slot = analysis.slot_of[component[0]]
                    if analysis.is_active(slot, frame):
                        lists.append(slot.choices)
                else:
                    lists.append(analysis.component_solutions(index, frame))
            orders = itertools.permutations(frame.spliced) if frame.spliced else [()]
            for order in orders:
                for free_values in itertools.product(*analysis.free_domains):
                    yield zip(itertools.repeat((modes, order, frame.x, frame.kicked, free_values)),
                              itertools.product(*lists))

    def iter_casts(self, problem: CastProblem) -> Iterator[Cast]:
        """Every legal cast as a :class:`Cast`, lazily, without building assignments.

        Casts of a frame and splice order whose instances are independent are
        built by itertools in C (:func:`models.cast.casts_of_targets`).

        Parameters
        ----------
        problem : CastProblem

        Returns
        -------
        iterator of Cast
            In :meth:`solutions` order for frames; targets ordered as in
            :meth:`CastProblem.to_cast`.
        """
        return itertools.chain.from_iterable(self._cast_blocks(problem))

    def _cast_blocks(self, problem: CastProblem) -> Iterator[Iterator[Cast]]:
        if not problem.unconditional_constraints_hold():
            return
        analysis = analyse(problem)
        if analysis.free_constrained:
            yield (problem.to_cast(solution) for solution in self._fallback(problem).solutions(problem))
            return
        spell = problem.spell
        card, name, mana_value, free = spell.id, spell.card.name, spell.card.mana_value, problem.without_paying_mana_cost
        cost_choice = analysis.cost_choice
        for frame, _ in analysis.counted_frames():
            modes = tuple(sorted(frame.modes))
            total = problem.total_cost_of(analysis.frame_assignment(frame)) if problem.total_cost_of else None
            mana_value, x = problem.mana_value_with(frame.x), frame.x
            orders = itertools.permutations(frame.spliced) if frame.spliced else [()]
            simple = all(
                analysis.single[i] for i, component in enumerate(analysis.components)
                if any(analysis.is_active(analysis.slot_of[n], frame) for n in component)
            )
            for order in orders:
                position = {source: i for i, source in enumerate(order)}
                for free_values in itertools.product(*analysis.free_domains):
                    discards, sacrifices, exiles = cost_choice(free_values)
                    if simple:
                        active = sorted(
                            (analysis.slot_of[c[0]] for c in analysis.components
                             if analysis.is_active(analysis.slot_of[c[0]], frame)),
                            key=lambda slot: analysis.order_key(slot, position),
                        )
                        lists = [analysis.choice_objects(slot.variable) for slot in active]
                        yield casts_of_targets(card, name, modes, order, itertools.product(*lists),
                                               discards, free, total, mana_value, sacrifices, x, frame.kicked,
                                               exiles)
                    else:
                        yield self._linked_casts(analysis, frame, order, position, modes, discards, total,
                                                 sacrifices, exiles)

    def _linked_casts(self, analysis, frame: Frame, order, position, modes, discards, total,
                      sacrifices, exiles) -> Iterator[Cast]:
        """Casts of a frame whose instances are tied by constraints (components listed)."""
        spell = analysis.problem.spell
        parts = [analysis.component_solutions(i, frame) for i in range(len(analysis.components))]
        for combination in itertools.product(*parts):
            chosen = []
            for part in combination:
                for variable, value in part.items():
                    if value is not None:
                        slot = analysis.slot_of[variable]
                        chosen.append((analysis.order_key(slot, position),
                                       analysis.choice_objects(variable)[slot.choices.index(value)]))
            chosen.sort(key=lambda item: item[0])
            yield Cast.trusted(spell.id, spell.card.name, modes, order, tuple(c for _, c in chosen), discards,
                               analysis.problem.without_paying_mana_cost, total,
                               analysis.problem.mana_value_with(frame.x), sacrifices, frame.x, frame.kicked,
                               exiles)

    def contains(self, problem: CastProblem, cast: Cast) -> bool:
        """Whether a cast is legal, checked directly against the decomposition.

        Parameters
        ----------
        problem : CastProblem
        cast : Cast

        Returns
        -------
        bool
        """
        if cast.card != problem.spell.id or cast.without_paying_mana_cost != problem.without_paying_mana_cost:
            return False
        analysis = analyse(problem)
        if not analysis.castable:
            return False
        if analysis.free_constrained:
            from solver.legal import _reasons

            return not _reasons(problem, cast)
        if cast.taps or cast.returns or cast.awakened or cast.times_kicked or cast.overloaded:
            return False  # those choices exist only in problems listed by the general backend (see free_constrained)
        modes = tuple(sorted(cast.modes))
        spliced = frozenset(cast.splices)
        if len(spliced) != len(cast.splices) or (not analysis.repeatable and len(set(modes)) != len(modes)):
            return False
        frame = analysis.valid_frames().get((modes, spliced, cast.x, cast.kicked))
        if frame is None:
            return False
        values: dict[str, Any] = {}
        for choice in cast.targets:
            slot = analysis.slot_by_key.get(choice.slot)
            if slot is None or slot.variable in values or not analysis.is_active(slot, frame):
                return False
            value = value_of_choice(choice.targets, choice.division)
            if value not in analysis.choice_sets[slot.variable]:
                return False
            values[slot.variable] = value
        for slot in problem.slots:
            if slot.variable not in values:
                if analysis.is_active(slot, frame):
                    return False
                values[slot.variable] = None
        for constraint in analysis.slot_constraints:
            if not constraint.predicate(*(values[v] for v in constraint.scope)):
                return False
        for (_, allowed), given in zip(analysis.cost_domains(), (cast.discards, cast.sacrifices, cast.exiles)):
            if allowed is None:
                if given:
                    return False
            elif tuple(sorted(given)) not in allowed:
                return False
        return True

    def sample_cast(self, problem: CastProblem, rng: random.Random) -> Cast | None:
        """One legal cast drawn uniformly at random, made directly as a :class:`Cast`.

        Parameters
        ----------
        problem : CastProblem
        rng : random.Random

        Returns
        -------
        Cast or None
        """
        analysis = analyse(problem)
        if not analysis.castable:
            return None
        if analysis.free_constrained:  # not decomposable: list the casts and draw one
            solutions = list(self._fallback(problem).solutions(problem))
            return problem.to_cast(rng.choice(solutions)) if solutions else None
        weighted = problem.cache.get("cumulative frames")
        if weighted is None:
            frames, cumulative, total = [], [], 0
            for frame, count in analysis.counted_frames():
                total += count
                frames.append(frame)
                cumulative.append(total)
            weighted = problem.cache["cumulative frames"] = (frames, cumulative, total)
        frames, cumulative, total = weighted
        if not total:
            return None
        frame = frames[bisect.bisect_right(cumulative, rng.randrange(total))]
        modes, total_cost, active = analysis.frame_facts(frame)
        order = tuple(rng.sample(frame.spliced, len(frame.spliced))) if frame.spliced else ()
        position = {source: i for i, source in enumerate(order)}
        chosen = []
        for slot, lone, index in active:
            if lone:
                chosen.append((analysis.order_key(slot, position),
                               rng.choice(analysis.choice_objects(slot.variable))))
            else:
                for variable, value in rng.choice(analysis.component_solutions(index, frame)).items():
                    if value is not None:
                        slot = analysis.slot_of[variable]
                        chosen.append((analysis.order_key(slot, position),
                                       analysis.choice_objects(variable)[slot.choices.index(value)]))
        chosen.sort(key=lambda item: item[0])
        discards, sacrifices, exiles = analysis.cost_choice([rng.choice(domain) for domain in analysis.free_domains])
        spell = problem.spell
        return Cast.trusted(spell.id, spell.card.name, modes, order,
                            tuple(c for _, c in chosen), discards, problem.without_paying_mana_cost,
                            total_cost, problem.mana_value_with(frame.x), sacrifices, frame.x, frame.kicked,
                            exiles)
