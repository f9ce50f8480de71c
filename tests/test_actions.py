"""Action ids, pages, masks, digests and prompt-by-prompt options (docs/service.md).

The property tests walk every path of :meth:`LegalCasts.options` from the
first prompt to the last and compare the casts reached with the view's: the
same set, each cast once, every option's count the number of casts below it,
and no option that leads nowhere. Action ids are compared with the place of
each cast in the fast engine's listing.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from models.cast import Cast, TargetChoice
from models.errors import InputError, UnsupportedRuleError
from models.io.state_json import load_state, state_from_data
from solver.actions import PositionCasts, state_digest
from solver.legal import LegalCasts, castable_objects, legal_casts
from solver.backends import get_engine
from solver.prompts import prompt_values
from tests.conftest import ROOT
from tests.test_differential import SUITE_STATES, random_states

CASE10 = ROOT / "examples/case10-mists-ritual-ray.json"


def same_answer(fast, listing) -> bool:
    """The fast engine's answer and the one made by listing the casts: the same, but for the options' order."""

    def key(answer):
        options = sorted((repr(o.value), o.count) for o in answer.options)
        return answer.prompt, answer.instance, options, answer.options_total, answer.forced, answer.count, answer.cast

    return key(fast) == key(listing)


def walk(view: LegalCasts, chosen: dict, leaves: list, cross_check: bool = False) -> int:
    """Follow every option from ``chosen`` to the end; return the number of casts reached (each leaf once).

    With ``cross_check``, each answer is compared with the brute-force engine's, made by listing its casts.
    """
    answer = view.options(chosen, limit=10**9)
    if cross_check:
        assert same_answer(answer, get_engine("brute").options(view.problems, chosen, limit=10**9)), chosen
    if answer.prompt is None:
        if answer.count == 0:  # only where nothing is chosen: no option ever leads to no cast
            assert not chosen and answer.cast is None
            return 0
        assert answer.count == 1 and answer.cast is not None
        leaves.append((answer.cast, answer.action_id, dict(chosen)))
        return 1
    assert answer.options_total == len(answer.options) >= 2, "a prompt with one option is taken, not asked"
    total = 0
    for option in answer.options:
        below = walk(view, {**chosen, answer.prompt: option.value}, leaves, cross_check)
        assert below == option.count >= 1, (answer.prompt, option, chosen)  # never a dead end
        total += below
    assert total == answer.count
    return total


def check_view(view: LegalCasts, limit: int = 2000) -> None:
    """Options reach exactly the casts; ids are places in the fast listing; pages and ids agree."""
    count = view.count()
    if count > limit:
        return
    casts = list(
        LegalCasts(
            view.state,
            view.problem.spell.id,
            player=view.problem.caster,
            without_paying_mana_cost=view.problem.without_paying_mana_cost,
        )
    )
    assert len(casts) == count
    leaves: list = []
    assert walk(view, {}, leaves, cross_check=count <= 300) == count
    assert sorted(c.canonical_key() for c, _, _ in leaves) == sorted(c.canonical_key() for c in casts)
    for cast, action_id, chosen in leaves:
        assert casts[action_id] == cast and cast.to_json() == casts[action_id].to_json()
        # every prompt the cast answers, given at once, leads to it too
        assert view.options(prompt_values(cast)).cast == cast
        assert {k: v for k, v in prompt_values(cast).items() if k in chosen} == chosen
    for index, cast in enumerate(casts):
        assert view.action_id(cast) == index
        assert view.cast_of(index).to_json() == cast.to_json()
    for start in {0, 1, count // 2, max(count - 1, 0), count}:
        assert list(view.casts_from(start)) == casts[start:]


def views_of(state, player: str = "P1"):
    for card in castable_objects(state, player):
        try:
            view = legal_casts(state, card, player=player)
            view.count()
        except UnsupportedRuleError:
            continue
        yield view


@pytest.mark.parametrize("path", SUITE_STATES)
def test_options_reach_exactly_the_casts_on_suite_states(path: str) -> None:
    """CR 601.2a-h: prompt by prompt, the options reach every legal cast once, and only legal casts."""
    state = load_state(ROOT / path)
    for player in state.players:
        for view in views_of(state, player):
            check_view(view)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_states())
def test_options_reach_exactly_the_casts_on_random_states(state) -> None:
    """CR 601.2a-h: on random boards, the same: no dead end, no cast missed, none reached twice."""
    for view in views_of(state):
        check_view(view)


def test_case10_options_by_hand() -> None:
    """CR 702.47a-b: Reach Through Mists ({U}) with Desperate Ritual and Glacial Ray (splice {1}{R} each).

    Five lands pay {U} + {1}{R} + {1}{R}. Spliced cards: none (1 cast), Ritual (1), Ray (Ray's "any target":
    P1 or P2, no creatures: 2), both (2 orders x 2 targets = 4); 8 in all. The splice order and the target
    are prompts of their own; X, modes and costs are no prompts here.
    """
    view = legal_casts(load_state(CASE10), "mists")
    first = view.options()
    assert first.prompt == "splice_set" and first.count == 8
    assert {tuple(o.value): o.count for o in first.options} == {
        (): 1,
        ("ritual",): 1,
        ("ray",): 2,
        ("ray", "ritual"): 4,
    }
    assert first.forced == (("zone", "hand"),)
    both = view.options(splice_set=["ray", "ritual"])
    assert both.prompt == "splices" and {tuple(o.value): o.count for o in both.options} == {
        ("ray", "ritual"): 2,
        ("ritual", "ray"): 2,
    }
    ordered = view.options(splice_set=["ritual", "ray"], splices=["ritual", "ray"])  # a set: any order
    assert ordered.prompt == "target_0" and ordered.instance is not None
    assert ordered.instance["source"] == "ray" and ordered.instance["phrase"] == "any target"
    assert [(o.value, o.count) for o in ordered.options] == [(["P1"], 1), (["P2"], 1)]
    done = view.options(splice_set=["ray"], target_0=["P2"])
    assert done.prompt is None and done.cast is not None and done.cast.splices == ("ray",)
    assert done.cast.targets[0].targets == ("P2",) and view.cast_of(done.action_id) == done.cast


def test_options_say_what_is_wrong() -> None:
    view = legal_casts(load_state(CASE10), "mists")
    with pytest.raises(InputError, match=r"chosen\.mode: no such prompt"):
        view.options(mode=[0])
    with pytest.raises(InputError, match=r"chosen\.splice_set: expected a list of ids"):
        view.options(splice_set="ray")
    with pytest.raises(InputError, match=r"chosen\.splice_set: .* leads to no legal cast .*\[\], \[\"ritual\"\]"):
        view.options(splice_set=["ray", "mists"])
    with pytest.raises(InputError, match=r"chosen\.target_0: is given before the prompt 'splice_set'"):
        view.options(target_0=["P2"])
    with pytest.raises(InputError, match=r"chosen\.target_1: is no prompt of this cast"):
        view.options(splice_set=["ray"], target_0=["P2"], target_1=["P1"])
    with pytest.raises(InputError, match="limit: must be an integer of 1 or more"):
        view.options(limit=0)


@pytest.mark.parametrize(
    "card, land",
    [
        ("Comet Storm", "Mountain"),
        ("Strength of the Tajuru", "Forest"),
        ("Band Together", "Forest"),
        ("Pit Fight", "Forest"),
    ],
)
def test_options_and_ids_of_another_target(card: str, land: str) -> None:
    """CR 115.4, 702.33c: an instance and a later "another target" one, walked prompt by prompt and by id.

    Counted in closed form (nothing listed), checked against the listing: Comet Storm and Strength of the
    Tajuru (a target per kick), Band Together (up to two, then another), Pit Fight (one, then another).
    """
    objects = [{"id": "h0", "card": card, "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"l{i}", "card": land, "zone": "battlefield", "controller": "P1"} for i in range(3)]
    objects += [
        {"id": f"b{i}", "card": name, "zone": "battlefield", "controller": who}
        for i, (name, who) in enumerate([("Grizzly Bears", "P2"), ("Silver Knight", "P1"), ("Llanowar Elves", "P1")])
    ]
    view = legal_casts(state_from_data({"players": ["P1", "P2"], "objects": objects}), "h0")
    assert view.count() and not get_engine("fast").listed_components(view.problem)
    check_view(view)


def test_options_page_large_prompts() -> None:
    """CR 115.6: "any number of target creatures" with 12 candidates has 2^12 = 4,096 sets; pages of 100."""
    objects = [{"id": "interlude", "card": "Eerie Interlude", "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"w{i}", "card": "Plains", "zone": "battlefield", "controller": "P1"} for i in range(3)]
    objects += [
        {"id": f"c{i:02}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"} for i in range(12)
    ]
    state = state_from_data({"players": ["P1", "P2"], "objects": objects})
    view = legal_casts(state, "interlude")
    page = view.options(offset=4000, limit=100)
    assert page.prompt == "target_0" and page.options_total == 4096 and page.count == 4096
    assert len(page.options) == 96 and page.options[-1].value == [f"c{i:02}" for i in range(12)]  # the last set
    assert view.options(offset=0, limit=2).options[0].value == []  # "any number": none first


def test_action_ids_are_the_same_in_another_process() -> None:
    """The order depends on the state only: another interpreter with another hash seed gives the same ids."""
    code = (
        "import sys; from models.io.state_json import load_state; from solver.actions import PositionCasts; "
        "p = PositionCasts(load_state(sys.argv[1]), 'P1'); print([c.canonical_key() for _, c in p.casts()])"
    )
    here = PositionCasts(load_state(CASE10), "P1")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    there = subprocess.run(
        [sys.executable, "-c", code, str(CASE10)], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    ).stdout.strip()
    assert there == str([c.canonical_key() for _, c in here.casts()])


def test_position_ids_pages_and_mask() -> None:
    """Case 10: Reach 8 casts (ids 0-7), Desperate Ritual 3 (8-10), Glacial Ray 4 (11-14): 15 (examples/README)."""
    position = PositionCasts(load_state(CASE10), "P1")
    assert position.counts == [8, 3, 4] and position.count() == 15
    everything = list(position.casts())
    assert [i for i, _ in everything] == list(range(15))
    assert [c.card for _, c in everything] == ["mists"] * 8 + ["ritual"] * 3 + ["ray"] * 4
    assert list(position.casts(offset=7, limit=2)) == everything[7:9]
    assert list(position.casts(offset=15)) == [] and list(position.casts(limit=0)) == []
    assert all(position.action_id(cast) == i and position.cast_of(i) == cast for i, cast in everything)
    assert position.mask(4) == [True] * 4 and position.mask(17) == [True] * 15 + [False] * 2
    with pytest.raises(InputError, match="no action 15: the position's casts have ids 0 to 14"):
        position.cast_of(15)
    stranger = Cast(card="ray", targets=(TargetChoice("ray", None, 0, 0, "any target", ("nobody",)),))
    assert position.action_id(stranger) is None


def test_canonical_key_and_digest() -> None:
    first = TargetChoice("s", None, 0, 0, "target creature", ("a",))
    second = TargetChoice("s", None, 1, 0, "target player", ("P2",))
    one, other = Cast(card="s", targets=(first, second)), Cast(card="s", targets=(second, first))
    assert one == other and one.canonical_key() == other.canonical_key()  # the order listed is not a choice
    assert one.canonical_key() != one._replace(x=1).canonical_key()
    data = {"players": ["P1", "P2"], "objects": [{"id": "a", "card": "Island", "zone": "hand", "owner": "P1"}]}
    shuffled = {"objects": [{"zone": "hand", "owner": "P1", "card": "Island", "id": "a"}], "players": ["P1", "P2"]}
    assert state_digest(data) == state_digest(shuffled) and len(state_digest(data)) == 32
    assert state_digest(data) != state_digest({**data, "players": ["P2", "P1"]})
    with pytest.raises(InputError, match="state: is not JSON data"):
        state_digest({"players": float("nan")})
    with pytest.raises(InputError, match="state: holds a string that is not Unicode text"):
        state_digest({"phase": "\ud800"})


@pytest.mark.parametrize("hand", ["burn", "arcane", "targets", "costs"])
def test_pages_from_deep_ids_are_the_casts_at_those_ids(hand: str) -> None:
    """A page from any id is the casts at those ids (positions of 10 permanents a side).

    Tied components, lone instances of up to 2^n sets, divided damage and splices start from their digits,
    not listed from the first cast.
    """
    import random

    from benchmarks.positions import position_state

    state = position_state(10, hand)
    rng = random.Random(7)
    for view in views_of(state):
        count = view.count()
        for start in {0, count - 1, *(rng.randrange(count) for _ in range(6))} if count else ():
            page = list(itertools.islice(view.casts_from(start), 5))
            assert page == [view.cast_of(i) for i in range(start, min(start + 5, count))]
            assert [view.action_id(cast) for cast in page] == list(range(start, start + len(page)))


def test_a_choice_for_a_prompt_the_spell_has_not_is_named() -> None:
    """Glacial Ray has no X (its mana cost is {1}{R}, CR 107.3): x is no prompt of its casts, for either engine."""
    view = legal_casts(load_state(ROOT / "examples/case02-mists-ray-silver-knight.json"), "ray")
    with pytest.raises(InputError, match=r"chosen\.x: is no prompt of this cast"):
        view.options(x=3)
    with pytest.raises(InputError, match=r"chosen\.x: is no prompt of this cast"):
        get_engine("brute").options(view.problems, {"x": 3})


def _keys(position: PositionCasts) -> dict[str, Cast]:
    return {position.key_of(i): cast for i, cast in position.casts()}


def test_a_stable_key_survives_an_unrelated_change() -> None:
    """A cast's key names its choices by object id: a creature more leaves every old key naming the same cast.

    Case 10 with a Grizzly Bears more for P2: Glacial Ray gains a target (CR 115.1), so the ids after the Ray's
    first casts move, but each old key still names its cast, now at another id.
    """
    data = json.loads(CASE10.read_text(encoding="utf-8"))
    before = PositionCasts(state_from_data(data))
    data["objects"].insert(0, {"id": "bears2", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"})
    now = PositionCasts(state_from_data(data))
    assert now.count() > before.count()
    moved = 0
    for i, cast in before.casts():
        key = before.key_of(i)
        found = now.action_of_key(key)
        assert found is not None and now.cast_of(found) == cast and Cast.from_key(key) == cast
        moved += found != i
    assert moved  # the ids did change: only the keys stayed


@pytest.mark.parametrize("seed", range(3))
def test_a_stable_key_survives_reordered_objects(seed: int) -> None:
    """The state's objects in another order: the same keys, each naming the same cast."""
    import random

    for path in (
        CASE10,
        ROOT / "examples/rules35-modes-divisions.json",
        ROOT / "examples/rules08-collective-brutality.json",
    ):
        data = json.loads(path.read_text(encoding="utf-8"))
        before = _keys(PositionCasts(state_from_data(data)))
        random.Random(seed).shuffle(data["objects"])
        after = PositionCasts(state_from_data(data))
        assert _keys(after) == before
        assert all(after.cast_of(after.action_of_key(key)) == cast for key, cast in before.items())


def test_the_pass_action() -> None:
    """CR 117.3d: passing priority is the action after the last cast, its key PASS_KEY."""
    from solver.actions import PASS_KEY

    position = PositionCasts(load_state(CASE10), include_pass=True)
    assert position.pass_id == 15 and position.actions() == 16 and position.count() == 15
    assert position.key_of(15) == PASS_KEY and position.action_of_key(PASS_KEY) == 15
    assert position.mask(17) == [True] * 16 + [False]
    with pytest.raises(InputError, match="passing priority"):
        position.cast_of(15)
    assert PositionCasts(load_state(CASE10)).action_of_key(PASS_KEY) is None


def test_an_action_as_a_move() -> None:
    """CR 601.2, 117.3d: an action id gives the move :func:`solver.moves.after` carries out."""
    from solver.moves import PassPriority, after

    state = load_state(CASE10)
    position = PositionCasts(state, include_pass=True)
    moved = after(state, position.move_of(12))
    assert moved.stack == (position.cast_of(12).card,)
    assert position.move_of(15) == PassPriority() and after(state, PassPriority()).priority == "P2"
