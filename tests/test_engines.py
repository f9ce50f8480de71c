"""One engine protocol: every engine answers the same questions, with shared defaults, through one door.

- Every engine named in ``ENGINES`` is an :class:`~solver.backends.Engine`
  and gives the same casts, counts, checks and best score.
- An engine that only lists solutions gets every other answer from the
  protocol's defaults.
- CP-SAT streams: taking the first solution of a problem with 10^5 casts
  stops the search after a bounded number of solutions.
- Engine failures are the project's own exceptions.
- No engine module is imported outside ``solver/backends/``.
"""

from __future__ import annotations

import ast
import itertools
import random
import threading

import pytest

from benchmarks.family import family_state
from legalcasts import ENGINES, ChoiceKind, Engine, InputError, LegalCasts, SolverError, get_engine, legal_casts
from models.io.state_json import load_state
from solver.problem import CastProblem
from tests.conftest import ROOT


class ListingEngine(Engine):
    """An engine that only lists solutions (brute force's): every other answer is the protocol's default."""

    name = "listing"

    def solutions(self, problem: CastProblem):
        """Brute force's solutions, in its order."""
        return get_engine("brute").solutions(problem)


def test_every_engine_is_an_engine() -> None:
    """Every named engine implements the protocol."""
    for name in ENGINES:
        engine = get_engine(name)
        assert isinstance(engine, Engine) and engine.name == name
        for method in ("solutions", "casts", "count", "contains", "sample", "best"):
            assert callable(getattr(engine, method))


def test_unknown_engine_is_an_input_error() -> None:
    """Bad input: an unknown engine name is an InputError naming the known ones."""
    with pytest.raises(InputError, match="unknown backend 'quick'.*fast"):
        get_engine("quick")


@pytest.mark.parametrize(
    "example",
    ["case10-mists-ritual-ray", "rules17-betrayal-entwine-sacrifice", "rules09-forked-bolt", "rules16-fuse-far-away"],
)
def test_defaults_give_what_every_engine_gives(example, monkeypatch) -> None:
    """CR 601.2: count, contains, sample and best from solutions alone equal every engine's own answers."""
    state = load_state(ROOT / "examples" / f"{example}.json")
    card = state.hand(state.priority)[0].id

    def score(key, value) -> int:  # prefer more targets, then more modes
        return (len(value) * 10 if key.kind is ChoiceKind.TARGET and value else 0) + (
            int(value) if key.kind is ChoiceKind.MODE else 0
        )

    answers = {}
    for name in list(ENGINES) + ["listing"]:
        if name == "listing":
            monkeypatch.setitem(ENGINES, "listing", (__name__, "ListingEngine"))
        view = legal_casts(state, card, backend=name)
        casts = set(view)
        sample = view.sample(random.Random(7))
        best = view.best(score)
        assert view.count() == len(casts)
        assert all(cast in view for cast in casts)
        assert (sample in casts) if casts else sample is None
        assert (best is None) == (not casts)
        answers[name] = (casts, best[1] if best else None)
    assert len({frozenset(casts) for casts, _ in answers.values()}) == 1
    assert len({points for _, points in answers.values()}) == 1


def test_listing_engine_samples_uniformly() -> None:
    """The protocol's default sample (reservoir sampling) draws each of 8 casts about equally (chi-square).

    Case 10's Reach Through Mists has 8 casts; 4,000 draws give 500 expected each; with 7 degrees of
    freedom the 0.999 quantile of chi-square is 24.32.
    """
    state = load_state(ROOT / "examples" / "case10-mists-ritual-ray.json")
    view = LegalCasts(state, "mists")
    problem = view.problem
    engine = ListingEngine()
    rng = random.Random(20261201)
    seen: dict = {}
    for _ in range(4000):
        cast = engine.sample(problem, rng)
        seen[cast] = seen.get(cast, 0) + 1
    assert set(seen) == set(view)
    chi_square = sum((n - 500) ** 2 / 500 for n in seen.values())
    assert chi_square < 24.32, seen


def test_cpsat_streams_and_stops_when_the_consumer_stops(monkeypatch) -> None:
    """CP-SAT hands solutions over as found: the first of 113,306 casts comes after a bounded number.

    The family state n=10, k=2 has (11*11*3 - 1) * (1 + 2*12 + 2*12^2) = 362 * 313 = 113,306 casts
    (benchmarks/family.py). The solver thread hands each solution through a queue of 256: taking two
    and closing the stream stops the search with at most 256 + 3 solutions found, and the thread ends.
    """
    import solver.backends.cpsat as cpsat

    found = []
    original = cpsat._Streamer.on_solution_callback

    def counting(self) -> None:
        found.append(1)
        original(self)

    monkeypatch.setattr(cpsat._Streamer, "on_solution_callback", counting)
    problem = legal_casts(family_state(10, 2), "spell").problem
    stream = get_engine("cpsat").solutions(problem)
    first = list(itertools.islice(stream, 2))
    stream.close()
    assert len(first) == 2 and all(problem.to_cast(s) for s in first)
    assert len(found) <= 256 + 3
    assert not any(t.name == "cp-sat" and t.is_alive() for t in threading.enumerate())


def test_cpsat_failure_is_a_solver_error() -> None:
    """Backend errors are the project's own: CP-SAT stopped by its time limit without a proof."""
    from solver.backends.cpsat import CpSatEngine

    problem = legal_casts(family_state(10, 4), "spell").problem
    with pytest.raises(SolverError, match="cpsat"):
        CpSatEngine(time_limit=0.0).best(problem, lambda key, value: 1 if value else 0)


def _imports(path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return found


def test_no_engine_module_is_imported_outside_the_backends_package() -> None:
    """One protocol: outside solver/backends/, engines are found by name (get_engine), never imported."""
    modules = [f"solver.backends.{stem}" for stem in ("brute", "pyconstraint", "cpsat", "decompose")]
    offenders = []
    for path in sorted(ROOT.glob("**/*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(("solver/backends/", ".venv/", "tests/", "build/")):
            continue
        for name in _imports(path):
            if (
                any(name == m or name.startswith(m + ".") for m in modules)
                or name.endswith("Engine")
                and name.startswith("solver.backends.")
                and name != "solver.backends.Engine"
            ):
                offenders.append(f"{relative}: {name}")
    assert offenders == []


def test_a_stream_left_open_ends_with_the_interpreter() -> None:
    """A CP-SAT stream still open at exit is stopped, and the process exits 0 (not aborted mid-search)."""
    import subprocess
    import sys

    script = (
        "import legalcasts\nfrom benchmarks.family import family_state\n"
        "it = iter(legalcasts.legal_casts(family_state(10, 2), 'spell', backend='cpsat'))\n"
        "print(next(it).modes)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "(0,)", "")


def test_closing_the_casts_of_an_engine_stops_its_search() -> None:
    """Engine.casts is a generator: closing it closes the engine's solutions (the CP-SAT thread ends)."""
    problem = legal_casts(family_state(10, 2), "spell").problem
    casts = get_engine("cpsat").casts(problem)
    assert next(casts).card == "spell"
    casts.close()
    assert not any(t.name == "cp-sat" and t.is_alive() for t in threading.enumerate())


@pytest.mark.parametrize(
    ("card", "board", "expected"),
    [
        # the Bears or the Giant for 6 damage, and no creature token for the other: 2
        ("Trick Shot", [("bears", "Grizzly Bears", "P1"), ("giant", "Hill Giant", "P2")], 2),
        # P1's Bears deal damage, with no other legendary creature of P1's, to P2's Giant: 1
        ("Friendly Rivalry", [("bears", "Grizzly Bears", "P1"), ("giant", "Hill Giant", "P2")], 1),
    ],
)
def test_another_target_none_of_whose_candidates_the_first_takes(card, board, expected):
    """CR 115.3, 601.2c: "up to one other target creature token" with no token: only no second target.

    The pair of instances counts the later one's sets as the earlier one takes some of its candidates: with no
    candidate at all, none is taken, and every engine counts the casts without error.
    """
    from tests.rules.conftest import all_casts, build_state, lands

    state = build_state(
        hand=[("spell", card)],
        battlefield=lands("Mountain", 5) + lands("Forest", 1) + [(i, c) for i, c, p in board if p == "P1"],
        opponent=[(i, c) for i, c, p in board if p == "P2"],
    )
    assert len(all_casts(state, "spell")) == expected
