"""The methods of ``legalcasts serve`` (:class:`legalcasts.service.Service`), in process, without a transport.

Every expected count is the one ``examples/README.md`` works out by hand from the rules, with its arithmetic
repeated here; none is what the code printed.
"""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr
from typing import Any

import pytest

from legalcasts.service import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    MAX_REQUEST_BYTES,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNKNOWN_DIGEST,
    UNSUPPORTED,
    Service,
)
from tests.conftest import ROOT


def state_of(name: str) -> dict[str, Any]:
    return json.loads((ROOT / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def service() -> Service:
    return Service()


def answer(service: Service, method: str, request_id: Any = 1, **params: Any) -> dict[str, Any]:
    response = service.handle({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
    assert response["id"] == request_id and response["jsonrpc"] == "2.0"
    return response


def call(service: Service, method: str, **params: Any) -> Any:
    response = answer(service, method, **params)
    assert "error" not in response, response["error"]
    return response["result"]


def error(service: Service, method: str, **params: Any) -> tuple[int, str]:
    response = answer(service, method, **params)
    assert "result" not in response, response["result"]
    return response["error"]["code"], response["error"]["message"]


def test_load_state_gives_a_digest_the_players_and_the_cards_to_cast(service):
    """load_state: the digest names the state in later calls; castable is the hand, lands left out (CR 305.9)."""
    loaded = call(service, "load_state", state=state_of("examples/case11-discard-draw-mountain-card.json"))
    assert re.fullmatch(r"[0-9a-f]{32}", loaded["digest"])
    assert loaded["players"] == ["P1", "P2"] and loaded["priority"] == "P1"
    assert loaded["castable"] == ["ray", "draw"]  # not the Mountain card "mtncard"
    again = call(service, "load_state", state=state_of("examples/case11-discard-draw-mountain-card.json"))
    assert again["digest"] == loaded["digest"]
    other = call(service, "load_state", state=state_of("examples/case11-discard-draw.json"))
    assert other["digest"] != loaded["digest"]


def test_count_by_state_or_digest(service):
    """count, by state or by digest: the whole hand, and each card."""
    # case10: Reach Through Mists 8 (alone 1 + Ritual 1 + Ray 2 + both in 2 orders x 2 targets 4), Desperate Ritual
    # 3, Glacial Ray 4 (P1 or P2, alone or with Ritual spliced): 8 + 3 + 4 = 15 (CR 702.47).
    state = state_of("examples/case10-mists-ritual-ray.json")
    digest = call(service, "load_state", state=state)["digest"]
    assert call(service, "load_state", state=state)["castable"] == ["mists", "ritual", "ray"]
    assert call(service, "count", digest=digest) == {"count": 15, "left_out": []}
    assert call(service, "count", state=state)["count"] == 15
    assert [call(service, "count", digest=digest, card=card)["count"] for card in ("mists", "ritual", "ray")] == [
        8,
        3,
        4,
    ]


def test_count_leaves_out_a_land_in_hand():
    """A land in hand counts 0: it is played, not cast (CR 305.9)."""
    # case11 with a Mountain card in hand: Arcane Discard Draw 2 + 2x2 = 6, Glacial Ray 2, the Mountain 0 (lands are
    # played, not cast, CR 305.9): 8.
    assert call(Service(), "count", state=state_of("examples/case11-discard-draw-mountain-card.json"))["count"] == 8


def test_count_without_paying_the_mana_cost(service):
    """without_paying_mana_cost: Spree's {1} a mode is still paid (CR 118.9d)."""
    # case05: Requisition Raid free still pays Spree's {1} a mode (CR 118.9d): one Plains, one mode: 2 + 2 + 2 = 6;
    # no land, no mode can be paid and one is required (CR 702.172a): 0.
    one = state_of("examples/case05-raid-free-1plains.json")
    none = state_of("examples/case05-raid-free-0plains.json")
    assert call(service, "count", state=one, without_paying_mana_cost=True)["count"] == 6
    assert call(service, "count", state=none, without_paying_mana_cost=True)["count"] == 0


def test_a_card_whose_text_is_not_read_is_left_out_and_named(service):
    """Odd Bolt's text is not read: it is named; the others count as in case02: Reach 4 + Ray 2 = 6."""
    state = state_of("tests/bad_input/one-unread-card-in-hand.json")
    result = call(service, "count", state=state)
    assert result["count"] == 6
    assert [(item["card"], item["name"]) for item in result["left_out"]] == [("odd", "Odd Bolt")]
    assert "target creature in a weird way" in result["left_out"][0]["reason"]
    code, message = error(service, "count", state=state, card="odd")
    assert code == UNSUPPORTED and message.startswith("unsupported: Odd Bolt: unsupported rules text")
    explained = call(service, "explain", state=state)
    assert [item["card"] for item in explained["explanations"]] == ["mists", "ray"]
    assert [item["card"] for item in explained["left_out"]] == ["odd"]
    alone = {**state, "objects": [o for o in state["objects"] if o["id"] not in ("mists", "ray")]}
    for method in ("count", "casts", "explain"):  # nothing else to answer with: a count of 0 would be wrong
        code, message = error(service, method, state=alone)
        assert code == UNSUPPORTED and message.startswith("unsupported: Odd Bolt: ")


def test_casts_pages_with_action_ids_and_keys(service):
    """casts: pages of casts with their action ids in order and a key each."""
    # case03: Requisition Raid has 26 casts (2+2+2 one mode, 4+4+4 two, 8 all three); pages of them carry the action
    # ids in order, and a key per cast.
    digest = call(service, "load_state", state=state_of("examples/case03-raid-4plains.json"))["digest"]
    whole = call(service, "casts", digest=digest, card="raid")
    assert whole["count"] == 26 and whole["offset"] == 0 and whole["left_out"] == []
    assert [item["action_id"] for item in whole["casts"]] == list(range(26))
    assert len({item["key"] for item in whole["casts"]}) == 26
    page = call(service, "casts", digest=digest, card="raid", offset=20, limit=10)
    assert [item["action_id"] for item in page["casts"]] == [20, 21, 22, 23, 24, 25]
    assert page["casts"] == whole["casts"][20:]
    for item in whole["casts"]:
        checked = call(service, "check", digest=digest, cast=item["cast"], card="raid")
        assert checked == {"legal": True, "reasons": [], "action_id": item["action_id"], "notes": []}


def test_position_casts_follow_the_cards_to_cast(service):
    """case10 without a card: every cast of the hand, 15, Reach's 8 then Ritual's 3 then Ray's 4."""
    result = call(service, "casts", state=state_of("examples/case10-mists-ritual-ray.json"))
    assert result["count"] == 15
    assert [item["cast"]["card"] for item in result["casts"]] == ["mists"] * 8 + ["ritual"] * 3 + ["ray"] * 4
    assert [item["action_id"] for item in result["casts"]] == list(range(15))


def test_mask_is_true_below_the_count(service):
    """case03: 26 casts: the first 26 of 30 action ids are legal."""
    result = call(service, "mask", state=state_of("examples/case03-raid-4plains.json"), card="raid", size=30)
    assert result == {"count": 26, "mask": [True] * 26 + [False] * 4}


def test_options_prompt_by_prompt_reach_one_legal_cast(service):
    """options: the first option at every prompt ends on one legal cast."""
    # case03: the options of the first prompt lead to the 26 casts; picking the first option at every prompt ends on
    # one cast, which check finds legal.
    state = state_of("examples/case03-raid-4plains.json")
    first = call(service, "options", state=state, card="raid")
    assert first["count"] == 26
    chosen: dict[str, Any] = {}
    found = first
    for _ in range(50):
        if found["cast"] is not None:
            break
        assert found["options"] and all(option["count"] > 0 for option in found["options"])
        chosen[found["prompt"]] = found["options"][0]["value"]
        found = call(service, "options", state=state, card="raid", chosen=chosen)
    assert found["cast"] is not None and found["count"] == 1
    checked = call(service, "check", state=state, cast=found["cast"], card="raid")
    assert checked["legal"] and checked["action_id"] == found["action_id"]


def test_options_with_a_bad_choice_is_invalid_params(service):
    code, message = error(
        service,
        "options",
        state=state_of("examples/case03-raid-4plains.json"),
        card="raid",
        chosen={"no such prompt": 1},
    )
    assert code == INVALID_PARAMS and message.startswith("error: chosen.")


def test_check_names_the_broken_rule(service):
    """case02: Glacial Ray is red and Silver Knight has protection from red: not a legal target (CR 702.16b)."""
    state = state_of("examples/case02-mists-ray-silver-knight.json")
    cast = {
        "card": "ray",
        "modes": [],
        "splices": [],
        "discards": [],
        "sacrifices": [],
        "without_paying_mana_cost": False,
        "targets": [{"source": "ray", "mode": None, "instruction": 0, "index": 0, "copy": 0, "targets": ["knight"]}],
    }
    result = call(service, "check", state=state, cast=cast)
    assert result["legal"] is False and result["action_id"] is None
    assert [reason["rule"] for reason in result["reasons"]] == ["CR 702.16b"]
    cast["targets"][0]["targets"] = ["P2"]
    result = call(service, "check", state=state, cast=cast)
    assert result["legal"] is True and result["reasons"] == []
    # position ids: Reach's 4 casts first (ids 0-3), then Ray at P1 (4) and at P2 (5)
    assert result["action_id"] == 5


def test_payments_of_a_legal_cast(service):
    """CR 601.2g-h, 106: Lightning Strike ({1}{R}) with a Mountain, an Island and a Forest untapped.

    {R} only from the Mountain; {1} from the Island or the Forest: 2 payments, Mountain + Island first (state
    order). An illegal cast has none: the same error as the library's.
    """
    state = {
        "players": ["P1", "P2"],
        "objects": [
            {"id": "strike", "card": "Lightning Strike", "zone": "hand", "owner": "P1"},
            {"id": "m", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
            {"id": "i", "card": "Island", "zone": "battlefield", "controller": "P1"},
            {"id": "f", "card": "Forest", "zone": "battlefield", "controller": "P1"},
        ],
    }
    cast = call(service, "casts", state=state, card="strike", limit=1)["casts"][0]["cast"]
    result = call(service, "payments", state=state, cast=cast)
    assert [[use["source"] for use in p["mana"]] for p in result["payments"]] == [["m", "i"], ["m", "f"]]
    assert result["more"] is False and {p["total_cost"] for p in result["payments"]} == {"{1}{R}"}
    assert call(service, "payments", state=state, cast=cast, limit=1)["more"] is True
    # the cast is of the card the call names, as for check
    assert error(service, "payments", state=state, card="m", cast=cast) == (
        INVALID_PARAMS,
        "error: card: the cast is of 'strike', not 'm'",
    )
    cast["targets"][0]["targets"] = ["strike"]  # a spell in the hand is no target (CR 115.4)
    assert error(service, "payments", state=state, cast=cast)[0] == INVALID_PARAMS


def test_check_of_another_cards_cast_is_refused(service):
    state = state_of("examples/case02-mists-ray-silver-knight.json")
    cast = call(service, "casts", state=state, card="ray", limit=1)["casts"][0]["cast"]
    assert error(service, "check", state=state, card="mists", cast=cast) == (
        INVALID_PARAMS,
        "error: card: the cast is of 'ray', not 'mists'",
    )


def test_check_of_a_malformed_cast_is_the_commands_line(service):
    code, message = error(
        service,
        "check",
        state=state_of("examples/case02-mists-ray-silver-knight.json"),
        cast={"card": "ray", "x": True},
    )
    assert code == INVALID_PARAMS and message == "error: cast.x: expected a whole number at least 0, got true"


def test_explain_says_why(service):
    """case13: Kodama's Might can't be spliced: its only target has shroud (CR 702.47b, 702.18a); 1 cast."""
    result = call(service, "explain", state=state_of("examples/case13-mists-might-shroud.json"), card="mists")
    (explained,) = result["explanations"]
    assert explained["count"] == 1 and explained["name"] == "Reach Through Mists"
    assert [reason["rule"] for reason in explained["reasons"]] == ["CR 702.47b"]
    assert "has shroud (CR 702.18a)" in explained["reasons"][0]["message"]
    assert explained["lines"][0] == "Reach Through Mists (mists): 1 legal cast"


def test_sample_is_a_legal_cast_fixed_by_its_seed(service):
    state = state_of("examples/case03-raid-4plains.json")
    drawn = [call(service, "sample", state=state, card="raid", seed=seed) for seed in (1, 2, 1)]
    assert drawn[0] == drawn[2]
    for result in drawn:
        assert 0 <= result["action_id"] < 26
        assert call(service, "check", state=state, cast=result["cast"], card="raid")["action_id"] == result["action_id"]
    empty = state_of("examples/case05-raid-free-0plains.json")
    assert call(service, "sample", state=empty, seed=1) == {"cast": None, "action_id": None, "key": None}


def test_best_maximises_the_score_table(service):
    """best: the legal cast of the highest score, from a table of points."""
    # case03: one artifact and one enchantment target at most: Sol Ring 3 + Bad Moon 2 = 5; or, with 10 points for
    # the third mode (P1 or P2 gets counters), 10 + 5 = 15 with all three modes ({3}{W}: four Plains).
    state = state_of("examples/case03-raid-4plains.json")
    value = {"solring": 3, "badmoon": 2, "sandals": 1}
    result = call(service, "best", state=state, card="raid", score={"targets": value})
    assert result["score"] == 5
    targets = {t for choice in result["cast"]["targets"] for t in choice["targets"]}
    assert {"solring", "badmoon"} <= targets and "sandals" not in targets  # the player mode, if any, scores 0
    assert isinstance(result["action_id"], int)
    moded = call(service, "best", state=state, card="raid", score={"targets": value, "modes": {"2": 10}})
    assert moded["score"] == 15 and moded["cast"]["modes"] == [0, 1, 2]
    code, message = error(service, "best", state=state, card="raid", score={"targets": {"solring": "a lot"}})
    assert code == INVALID_PARAMS and message == 'error: score.targets.solring: must be a whole number, not "a lot"'


def test_the_message_of_a_state_that_does_not_load_is_the_commands(service, capsys):
    """The line ``legalcasts count`` prints on stderr for a bad state file, with ``state`` for the file name."""
    from legalcasts.cli.main import main

    path = "tests/bad_input/tapped-null.json"
    printed = io.StringIO()
    with redirect_stderr(printed):
        assert main(["count", str(ROOT / path)]) == 2
    line = printed.getvalue().strip()
    code, message = error(service, "count", state=state_of(path))
    assert code == INVALID_PARAMS
    assert line == f"legalcasts: {message.replace('state: ', f'{ROOT / path}: ', 1)}"


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({}, "error: state: count needs 'state' or 'digest'"),
        ({"state": [1]}, "error: state: must be an object, not an array"),
        ({"state": {}, "digest": "x"}, "error: digest: give either 'state' or 'digest', not both"),
        ({"state": {"players": ["P1"]}, "player": "P9"}, "error: player: unknown player 'P9' (players are P1)"),
        ({"state": {"players": ["P1"]}, "card": "ghost"}, "error: card: no object with id 'ghost' in the state"),
        (
            {"state": {"players": ["P1"]}, "limit": 5},
            "error: limit: count takes no param 'limit' (it takes state, "
            "digest, card, player, without_paying_mana_cost, resolving)",
        ),
        (
            {"state": {"players": ["P1"]}, "resolving": "flashback"},
            "error: resolving: must be one of madness, miracle, suspend, not 'flashback'",
        ),
        (
            {"state": {"players": ["P1"]}, "without_paying_mana_cost": 1},
            "error: without_paying_mana_cost: must be true or false, not 1",
        ),
    ],
)
def test_wrong_params_are_named(service, params, expected):
    code, message = error(service, "count", **params)
    assert (code, message) == (INVALID_PARAMS, expected)


@pytest.mark.parametrize(
    ("method", "params", "expected"),
    [
        ("casts", {"limit": 10001}, "error: limit: must be a whole number from 0 to 10000, not 10001"),
        ("casts", {"offset": -1}, "error: offset: must be a whole number 0 or more, not -1"),
        ("mask", {}, "error: size: mask needs 'size'"),
        ("sample", {}, "error: seed: sample needs 'seed', a whole number, not null"),
        ("options", {}, "error: card: options needs 'card'"),
        ("best", {"card": "x"}, "error: score: best needs 'score'"),
    ],
)
def test_wrong_method_params_are_named(service, method, params, expected):
    state = {"players": ["P1"], "objects": [{"id": "x", "card": "Glacial Ray", "zone": "hand", "owner": "P1"}]}
    assert error(service, method, state=state, **params) == (INVALID_PARAMS, expected)


def test_an_unknown_digest_is_named_and_an_old_state_is_dropped():
    service = Service(max_states=2)
    digests = [
        call(service, "load_state", state=state_of(name))["digest"]
        for name in (
            "examples/case02-mists-ray-silver-knight.json",
            "examples/case03-raid-4plains.json",
            "examples/case10-mists-ritual-ray.json",
        )
    ]
    code, message = error(service, "count", digest=digests[0])
    assert code == UNKNOWN_DIGEST and digests[0] in message
    assert call(service, "count", digest=digests[2])["count"] == 15
    assert list(service._states) == digests[1:]  # what was made of the first state went with it


def test_json_rpc_framing(service):
    """Parse errors, invalid requests, unknown methods, notifications and batches (JSON-RPC 2.0)."""

    def line(text: str | bytes) -> Any:
        out = service.handle_line(text.encode() if isinstance(text, str) else text)
        return None if out is None else json.loads(out)

    assert line("{")["error"]["code"] == PARSE_ERROR and line("{")["id"] is None
    assert line(b"\xff\xfe")["error"]["code"] == PARSE_ERROR
    assert line("[" * 100_000 + "]" * 100_000)["error"]["code"] in (PARSE_ERROR, INVALID_REQUEST)
    assert line("1")["error"]["code"] == INVALID_REQUEST
    assert line("[]")["error"]["code"] == INVALID_REQUEST
    assert line('{"id": 1, "method": "version"}')["error"]["code"] == INVALID_REQUEST  # no "jsonrpc"
    assert line('{"jsonrpc": "2.0", "id": 1, "method": 5}')["error"]["code"] == INVALID_REQUEST
    unknown = line('{"jsonrpc": "2.0", "id": "a", "method": "cast_everything"}')
    assert unknown["id"] == "a" and unknown["error"]["code"] == METHOD_NOT_FOUND
    assert "'cast_everything'" in unknown["error"]["message"]
    assert line('{"jsonrpc": "2.0", "method": "version"}') is None  # a notification: no answer
    assert line('{"jsonrpc": "2.0", "method": "no such method"}') is None
    assert line("   \n") is None
    batch = line(
        '[{"jsonrpc": "2.0", "id": 1, "method": "version"}, {"jsonrpc": "2.0", "method": "version"},'
        ' 7, {"jsonrpc": "2.0", "id": 2, "method": "nope"}]'
    )
    assert [item.get("id") for item in batch] == [1, None, 2]
    assert "result" in batch[0] and batch[1]["error"]["code"] == INVALID_REQUEST
    assert batch[2]["error"]["code"] == METHOD_NOT_FOUND
    assert line('[{"jsonrpc": "2.0", "method": "version"}]') is None


def test_a_request_over_the_limit_is_refused_unread(service):
    response = json.loads(service.handle_line(b'{"a": "' + b"x" * MAX_REQUEST_BYTES + b'"}'))
    assert response["error"]["code"] == INVALID_REQUEST and "10,485,760 bytes" in response["error"]["message"]


def test_a_fault_of_the_server_is_one_line_and_the_next_request_is_answered(monkeypatch):
    service = Service()

    def broken(params: Any) -> Any:
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setitem(service._methods, "count", broken)
    code, message = error(service, "count", state={"players": ["P1"]})
    assert code == INTERNAL_ERROR and message == "internal error: RuntimeError: a bug over two lines"
    assert call(service, "version")["jsonrpc"] == "2.0"


def test_methods_lists_every_method(service):
    listed = call(service, "methods")["methods"]
    assert set(listed) == {
        "load_state",
        "count",
        "casts",
        "mask",
        "options",
        "check",
        "payments",
        "explain",
        "sample",
        "best",
        "board",
        "interactions",
        "read_state_file",
        "version",
        "methods",
    }
    assert listed["casts"][-2:] == ["offset", "limit"]


def test_resolving_madness_casts_the_exiled_card(service):
    """resolving: madness casts Fiery Temper from exile as its trigger resolves (CR 702.35a, 608.2g)."""
    # One Mountain pays the madness cost {R}; Fiery Temper deals 3 damage to any target: P1 or P2 (no creature),
    # 2 casts. Without resolving, nothing lets P1 cast a card in exile: 0.
    state = {
        "players": ["P1", "P2"],
        "phase": "upkeep",
        "active_player": "P2",
        "objects": [
            {"id": "temper", "card": "Fiery Temper", "zone": "exile", "owner": "P1"},
            {"id": "m", "card": "Mountain", "zone": "battlefield", "controller": "P1"},
        ],
    }
    assert call(service, "count", state=state, player="P1", resolving="madness")["count"] == 2
    assert call(service, "count", state=state, player="P1", card="temper")["count"] == 0
    page = call(service, "casts", state=state, player="P1", resolving="madness")
    assert [item["cast"]["alternative_cost"] for item in page["casts"]] == ["madness", "madness"]
    for item in page["casts"]:  # the way of casting is the question's, never the cast's own (CR 608.2g)
        assert call(service, "check", state=state, player="P1", resolving="madness", cast=item["cast"]) == {
            "legal": True,
            "reasons": [],
            "action_id": item["action_id"],
            "notes": [],
        }
        refused = call(service, "check", state=state, player="P1", cast=item["cast"])
        assert not refused["legal"] and refused["action_id"] is None
        assert "CR 702.35a" in [reason["rule"] for reason in refused["reasons"]]


def test_lone_surrogates_and_non_json_numbers_are_answered(service):
    """A lone surrogate is echoed escaped; NaN, Infinity and 1e400 are not JSON; the next request is answered.

    The escape of U+D800 alone is valid JSON text (RFC 8259): echoed in an escaped id, never a crash.
    """
    echoed = json.loads(service.handle_line(b'{"jsonrpc": "2.0", "id": "\\ud800", "method": "version"}'))
    assert echoed["id"] == "\ud800" and "result" in echoed
    named = json.loads(
        service.handle_line(b'{"jsonrpc": "2.0", "id": 2, "method": "count", "params": {"bogus\\ud800": 1}}')
    )
    assert named["error"]["code"] == INVALID_PARAMS
    for text in (
        b'{"jsonrpc": "2.0", "id": NaN, "method": "version"}',
        b'{"jsonrpc": "2.0", "id": 1e400, "method": "version"}',
    ):
        answer_ = json.loads(service.handle_line(text))
        assert answer_["id"] is None and answer_["error"]["code"] == PARSE_ERROR
    assert "result" in json.loads(service.handle_line(b'{"jsonrpc": "2.0", "id": 3, "method": "version"}'))


def test_an_invalid_request_without_id_is_answered_a_notification_is_not(service):
    """JSON-RPC 2.0, section 5: no method, or no "jsonrpc", is an invalid request answered with id null."""
    for request in ({"jsonrpc": "2.0"}, {"method": "version"}):
        response = service.handle(request)
        assert response["id"] is None and response["error"]["code"] == INVALID_REQUEST
    assert service.handle({"jsonrpc": "2.0", "method": "version"}) is None


def test_check_gives_a_free_cast_its_id_among_the_positions_casts(service):
    """rules44: check without card gives each listed cast back its own id, the plotted Bolt's among them.

    The plotted Lightning Bolt is cast without paying its mana cost (CR 702.170d) among the position's other casts.
    """
    digest = call(service, "load_state", state=state_of("examples/rules44-other-zones.json"))["digest"]
    listed = call(service, "casts", digest=digest, limit=100)["casts"]
    assert any(item["cast"]["without_paying_mana_cost"] for item in listed)
    for item in listed:
        assert call(service, "check", digest=digest, cast=item["cast"])["action_id"] == item["action_id"]


def test_best_refuses_what_it_cannot_bound(service):
    """best: a problem too large for a model is -32003, answered at once; bad points, ids and modes are -32602.

    'Any number of target creatures you control' among 40 Bears is 2^40 sets of targets.
    """
    from legalcasts.service import SOLVER_LIMIT

    objects = [{"id": "ei", "card": "Eerie Interlude", "zone": "hand", "owner": "P1"}]
    objects += [{"id": f"w{i}", "card": "Plains", "zone": "battlefield", "controller": "P1"} for i in range(3)]
    objects += [{"id": f"b{i}", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P1"} for i in range(40)]
    state = {"players": ["P1", "P2"], "objects": objects}
    code, message = error(service, "best", state=state, card="ei", score={"targets": {"b0": 1}})
    assert code == SOLVER_LIMIT and "more than 100,000 values" in message
    raid = state_of("examples/case03-raid-4plains.json")
    for score, path in (
        ({"targets": {"solring": 10**30}}, "score.targets.solring"),
        ({"targets": {"nobody": 1}}, "score.targets.nobody"),
        ({"modes": {"3": 1}}, "score.modes.3"),
    ):
        code, message = error(service, "best", state=raid, card="raid", score=score)
        assert code == INVALID_PARAMS and message.startswith(f"error: {path}: ")


def test_check_judges_permissions_from_the_state_and_the_params_never_the_cast(service):
    """CR 118.9, 601.3: check is legal exactly when count lists the cast, with the same params.

    Lightning Bolt in P1's hand, no land: 0 casts (its {R} can't be paid, CR 601.2h). A cast that says it is
    without paying its mana cost is illegal (nothing grants it), with no action id; asked with
    ``without_paying_mana_cost``, the 3 free casts (P1, P2, Grizzly Bears) are counted, and the same cast is
    legal, with its action id among them.
    """
    state = {
        "players": ["P1", "P2"],
        "objects": [
            {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"},
        ],
    }
    cast = {
        "card": "bolt",
        "without_paying_mana_cost": True,
        "targets": [{"source": "bolt", "instruction": 0, "index": 0, "targets": ["P2"]}],
    }
    assert call(service, "count", state=state)["count"] == 0
    refused = call(service, "check", state=state, cast=cast)
    assert not refused["legal"] and refused["action_id"] is None and refused["notes"] == []
    assert "CR 118.9" in [reason["rule"] for reason in refused["reasons"]]
    assert call(service, "count", state=state, without_paying_mana_cost=True)["count"] == 3
    granted = call(service, "check", state=state, cast=cast, without_paying_mana_cost=True)
    assert granted["legal"] and granted["reasons"] == [] and granted["action_id"] is not None


def test_check_notes_wrong_derived_fields_as_the_command_does(service):
    """docs/cast-json.md: a legal cast whose total cost and mana value are written wrong is legal, with notes.

    Case 10's Glacial Ray at P2 costs {1}{R} and has mana value 2; the record says {5} and 7.
    """
    import json as json_module

    state = json_module.loads((ROOT / "examples" / "case10-mists-ritual-ray.json").read_text(encoding="utf-8"))
    cast = {
        "card": "ray",
        "targets": [{"source": "ray", "instruction": 0, "index": 0, "targets": ["P2"]}],
        "total_cost": "{5}",
        "mana_value": 7,
    }
    checked = call(service, "check", state=state, cast=cast)
    assert checked["legal"]
    assert checked["notes"] == [
        "the record's total_cost is '{5}'; the cast's is '{1}{R}' (derived fields are not choices)",
        "the record's mana_value is 7; the cast's is 2 (derived fields are not choices)",
    ]


BIG = "tests/fixtures/big-count-eerie-interlude-70.json"


def test_counts_past_two_to_the_53_are_also_decimal_strings(service):
    """Eerie Interlude with 70 creatures: "any number of target creatures you control" has 2^70 sets (CR 115.1d).

    2^70 = 1180591620717411303424 is past 2^53 - 1 (a double's exact integers) and 2^63 - 1 (Java's long): each
    count and action id that large is written again as a decimal string beside it; a small one is not.
    """
    big = 2**70
    digest = call(service, "load_state", state=state_of(BIG))["digest"]
    counted = call(service, "count", digest=digest)
    assert counted["count"] == big and counted["count_decimal"] == "1180591620717411303424"
    page = call(service, "casts", digest=digest, offset=big - 1, limit=1)
    assert page["offset_decimal"] == str(big - 1) and page["casts"][0]["action_id_decimal"] == str(big - 1)
    # the last cast targets every creature: the largest set comes last (TargetSets: smallest first)
    assert len(page["casts"][0]["cast"]["targets"][0]["targets"]) == 70
    first = call(service, "options", digest=digest, card="interlude", limit=2)
    assert first["count_decimal"] == first["options_total_decimal"] == str(big)
    assert [o["count"] for o in first["options"]] == [1, 1] and "count_decimal" not in first["options"][0]
    small = call(service, "count", state=state_of("examples/case10-mists-ritual-ray.json"))
    assert small == {"count": 15, "left_out": []}
