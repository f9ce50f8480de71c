"""The service's calls for the explorer page: ``board``, ``interactions`` and ``read_state_file``, in process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from legalcasts.service import INVALID_PARAMS, Service
from legalcasts.service.page import PAGE_FILES, page_file
from tests.conftest import ROOT

CASE01 = ROOT / "examples" / "case01-mists-might-crusader.json"


def call(service: Service, method: str, **params: Any) -> Any:
    response = service.handle({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    assert "error" not in response, response
    return response["result"]


def error(service: Service, method: str, **params: Any) -> tuple[int, str]:
    response = service.handle({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
    return response["error"]["code"], response["error"]["message"]


@pytest.fixture(scope="module")
def service() -> Service:
    return Service(files=ROOT)


def test_board_draws_each_object_with_its_card_and_status(service):
    counters = {"counters": {"+1/+1": 2}}
    state = {
        "players": ["P1", "P2"],
        "life": {"P1": 17, "P2": 20},
        "objects": [
            {"id": "bolt", "card": "Lightning Bolt", "zone": "hand", "owner": "P1"},
            {"id": "m", "card": "Mountain", "zone": "battlefield", "controller": "P1", "tapped": True},
            {"id": "bear", "card": "Grizzly Bears", "zone": "battlefield", "controller": "P2"} | counters,
        ],
    }
    board = call(service, "board", state=state)
    assert [p["id"] for p in board["players"]] == ["P1", "P2"]
    assert [p["life"] for p in board["players"]] == [17, 20]
    assert board["priority"] == "P1" and board["castable"] == ["bolt"]  # the hand's one card (CR 601.3)
    by_id = {o["id"]: o for o in board["objects"]}
    assert by_id["bolt"]["oracle_text"] == "Lightning Bolt deals 3 damage to any target."
    assert by_id["bolt"]["mana_cost"] == "{R}" and by_id["bolt"]["zone"] == "hand"
    assert by_id["m"]["tapped"] is True and by_id["m"]["mana_cost"] is None  # a land has no mana cost (CR 202.1a)
    assert by_id["bear"]["counters"] == [{"kind": "+1/+1", "number": 2}] and by_id["bear"]["controller"] == "P2"
    assert board["digest"] == call(service, "load_state", state=state)["digest"]


def test_interactions_of_a_position_splice_and_protection():
    state = json.loads(CASE01.read_text(encoding="utf-8"))
    graph = call(Service(), "interactions", state=state)
    edges = {(e["source"], e["target"]): e for e in graph["edges"]}
    # Kodama's Might splices onto Arcane: Reach Through Mists is an Arcane instant (CR 702.47a); casting it with
    # Might spliced costs Mists' {U} plus the splice cost {G} (CR 601.2f)
    splice = edges[("Kodama's Might", "Reach Through Mists")]
    assert splice["kind"] == "splice" and splice["quality"] == "Arcane" and splice["total_cost"] == "{U}{G}"
    assert splice["splice_cost"] == "{G}"
    # Might's "target creature" can't choose Mirran Crusader: protection from green, Might is green (CR 702.16b)
    target = edges[("Kodama's Might", "Mirran Crusader")]
    assert target["kind"] == "target" and target["blocked"] and target["rule"] == "CR 702.16b"
    assert len(edges) == 2  # Mists targets nothing and splices onto nothing
    nodes = {n["name"]: n for n in graph["nodes"]}
    assert nodes["Mirran Crusader"]["protected"] and nodes["Mirran Crusader"]["objects"] == ["crusader"]
    assert graph["skipped"] == []


def test_read_state_file_reads_under_its_folder_only(service):
    read = call(service, "read_state_file", path="examples/case01-mists-might-crusader.json")
    assert read["state"] == json.loads(CASE01.read_text(encoding="utf-8"))
    code, message = error(service, "read_state_file", path="../outside.json")
    assert code == INVALID_PARAMS
    assert message == "error: path: '../outside.json' is outside the folder this server reads from"
    code, message = error(service, "read_state_file", path="pyproject.toml")
    assert code == INVALID_PARAMS
    assert message == "error: path: 'pyproject.toml' is not a state file (.json) or a Forge puzzle (.pzl)"
    # a puzzle is read as its text, for load_state's puzzle: Cryptic Command 24 + Glacial Ray 4 = 28
    # (docs/forge-puzzles.md)
    read = call(service, "read_state_file", path="examples/forge-cryptic-counter.pzl")
    assert read["puzzle"].startswith("[metadata]") and "state" not in read
    assert (
        call(service, "count", state=None, digest=call(service, "load_state", puzzle=read["puzzle"])["digest"])["count"]
        == 28
    )
    code, message = error(service, "read_state_file", path="examples/none.json")
    assert message == "error: path: no file 'examples/none.json'"


def test_read_state_file_refused_by_a_server_that_reads_no_files(tmp_path: Path):
    code, message = error(Service(), "read_state_file", path="examples/case01-mists-might-crusader.json")
    assert code == INVALID_PARAMS and message == "error: path: this server reads no files (legalcasts explore does)"
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    code, message = error(Service(files=tmp_path), "read_state_file", path="list.json")
    assert message == "error: path: 'list.json' holds no JSON object"


def test_the_page_files_are_served_and_nothing_else():
    for name in PAGE_FILES:
        assert page_file(name)  # package data: an install carries them
    assert b"/page/explorer.js" in page_file("index.html")
    with pytest.raises(KeyError):
        page_file("../__init__.py")


def _browser_tests(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The browser tests' phone test run by pytest in a child process, with ``env`` added to the environment."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "tests/test_explorer_browser.py"]
        + ["-k", "phone"],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_the_browser_tests_fail_without_a_browser_and_skip_only_when_told():
    missing = _browser_tests({"LEGALCASTS_CHROMIUM": "/nonexistent/chromium"})
    assert missing.returncode == 1, missing.stdout
    assert "no Chromium at /nonexistent/chromium: apt-get install chromium chromium-driver" in missing.stdout
    told = _browser_tests({"LEGALCASTS_NO_BROWSER": "1"})
    assert told.returncode in (0, 5) and "1 skipped" in told.stdout, told.stdout  # 5: the module alone, skipped
    assert "LEGALCASTS_NO_BROWSER=1: the explorer's browser tests are not run" in told.stdout


def _run(*argv: str) -> tuple[int, str]:
    """``legalcasts ARGV`` in process: its exit code and what it printed on stderr."""
    import contextlib
    import io

    from legalcasts.cli.main import main

    printed = io.StringIO()
    with contextlib.redirect_stderr(printed), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    return code, printed.getvalue()


def test_explore_refuses_bad_input_in_one_line_before_serving(tmp_path: Path):
    assert _run("explore", "nonexist.json") == (2, "legalcasts: error: nonexist.json: no such file\n")
    cleanup = tmp_path / "cleanup.pzl"  # a puzzle is explored as its state file, which can't say the cleanup step
    cleanup.write_text("[state]\nactivephase=CLEANUP\n", encoding="utf-8")
    assert _run("explore", str(cleanup)) == (
        2,
        f"legalcasts: error: {cleanup}: can't export: the game is in the cleanup step, where no player gets priority "
        "(CR 514.3): the state format has no cleanup step\n",
    )
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": 3}', encoding="utf-8")
    assert _run("explore", str(bad)) == (2, f"legalcasts: error: {bad}: players: must be a list, not 3\n")
    code, printed = _run("explore", str(CASE01), "--port", "99999")
    assert code == 2 and printed == "legalcasts: error: --port: must be from 0 to 65535 (got 99999)\n"


def test_serve_http_serves_the_page_and_reads_state_files_under_its_folder():
    import re
    import urllib.error
    import urllib.request

    process = subprocess.Popen(
        [sys.executable, "-m", "legalcasts.cli.main", "serve", "--http"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert process.stderr is not None
        found = re.fullmatch(r"legalcasts serve: listening on (http://127\.0\.0\.1:\d+/)\n", process.stderr.readline())
        assert found
        address = found.group(1)
        with urllib.request.urlopen(address) as page:
            assert page.status == 200 and page.headers.get_content_type() == "text/html"
            assert b"<title>legalcasts explorer</title>" in page.read()
        with urllib.request.urlopen(address + "page/graph.js") as script:
            assert script.headers.get_content_type() == "text/javascript"
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(address + "page/..%2F__init__.py")
        assert missing.value.code == 404
        request = {"jsonrpc": "2.0", "id": 1, "method": "read_state_file", "params": {"path": str(CASE01.name)}}
        body = json.dumps(request).encode()
        with urllib.request.urlopen(urllib.request.Request(address, data=body)) as answer:
            message = json.loads(answer.read())["error"]["message"]
        assert message == "error: path: no file 'case01-mists-might-crusader.json'"  # the folder is the root
        request["params"] = {"path": f"examples/{CASE01.name}"}
        with urllib.request.urlopen(urllib.request.Request(address, data=json.dumps(request).encode())) as answer:
            assert json.loads(answer.read())["result"]["state"]["objects"][0]["id"] == "mists"
    finally:
        process.terminate()
        process.wait(timeout=20)
