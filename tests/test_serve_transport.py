"""``legalcasts serve`` as a process: JSON-RPC 2.0 over stdio lines and over HTTP, bad input, and the clients.

Each server runs in a process of its own, started once for the module. After every bad request (not JSON,
an unknown method, wrong params, a state that fails to load, a request over 10 MiB, a client gone
mid-request) a good request is answered: no request stops a server. Expected counts are the hand-worked ones
of ``examples/README.md``, their arithmetic repeated.
"""

from __future__ import annotations

import http.client
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from legalcasts.client import Client, RpcError
from legalcasts.service import INVALID_PARAMS, INVALID_REQUEST, MAX_REQUEST_BYTES, METHOD_NOT_FOUND, PARSE_ERROR
from tests.conftest import ROOT

TIMEOUT = 120
"""Seconds to wait for an answer or a start (a loaded machine starts a server in seconds)."""


def state_of(name: str) -> dict[str, Any]:
    return json.loads((ROOT / name).read_text(encoding="utf-8"))


def _env(hash_seed: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}


def _lines(stream: Any, into: queue.Queue) -> None:
    for line in iter(stream.readline, b""):
        into.put(line)
    into.put(b"")


class StdioServer:
    """``legalcasts serve`` on stdio, read by a thread, so that a missing answer fails a test instead of hanging it."""

    def __init__(self, hash_seed: str = "1") -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "legalcasts.cli.launch", "serve"],
            cwd=ROOT,
            env=_env(hash_seed),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.out: queue.Queue[bytes] = queue.Queue()
        self.err: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=_lines, args=(self.process.stdout, self.out), daemon=True).start()
        threading.Thread(target=_lines, args=(self.process.stderr, self.err), daemon=True).start()

    def send(self, data: bytes) -> None:
        """Write bytes to its standard input."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def answer(self) -> Any:
        """The next line of its standard output, decoded."""
        line = self.out.get(timeout=TIMEOUT)
        assert line.endswith(b"\n"), line
        return json.loads(line)

    def request(self, method: str, request_id: Any = 1, **params: Any) -> Any:
        """Send one request, return its decoded answer."""
        self.send(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}).encode() + b"\n")
        return self.answer()

    def stop(self) -> tuple[int, bytes]:
        """Close its input; its exit code and what it wrote on stderr."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(timeout=TIMEOUT)
        err = b""
        while (line := self.err.get(timeout=TIMEOUT)) != b"":
            err += line
        return code, err


class HttpServer:
    """``legalcasts serve --port 0``: the port it took read from its first line on stderr."""

    def __init__(self, hash_seed: str = "2") -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "legalcasts.cli.launch", "serve", "--port", "0"],
            cwd=ROOT,
            env=_env(hash_seed),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.err: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=_lines, args=(self.process.stderr, self.err), daemon=True).start()
        first = self.err.get(timeout=TIMEOUT).decode()
        found = re.fullmatch(r"legalcasts serve: listening on http://127\.0\.0\.1:(\d+)/\n", first)
        assert found, first
        self.port = int(found.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"

    def post(self, body: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        """POST a body to /, on a connection of its own: the status and the decoded answer (None when empty)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            connection.request("POST", "/", body=body, headers={"Content-Type": "application/json", **(headers or {})})
            response = connection.getresponse()
            data = response.read()
            return response.status, json.loads(data) if data else None
        finally:
            connection.close()

    def request(self, method: str, request_id: Any = 1, **params: Any) -> Any:
        """POST one request, return its decoded answer (status 200)."""
        status, answer = self.post(
            json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}).encode()
        )
        assert status == 200
        return answer

    def stop(self) -> tuple[int, bytes]:
        """Stop it with SIGTERM; its exit code and what it wrote on stderr after the first line."""
        self.process.terminate()
        code = self.process.wait(timeout=TIMEOUT)
        err = b""
        while (line := self.err.get(timeout=TIMEOUT)) != b"":
            err += line
        return code, err


@pytest.fixture(scope="module")
def stdio_server() -> Iterator[StdioServer]:
    server = StdioServer()
    yield server
    code, err = server.stop()
    assert code == 0 and b"Traceback" not in err, err


@pytest.fixture(scope="module")
def http_server() -> Iterator[HttpServer]:
    server = HttpServer()
    yield server
    code, err = server.stop()
    assert code == 0 and b"Traceback" not in err, err


@pytest.fixture(params=["stdio", "http"])
def server(request, stdio_server, http_server) -> StdioServer | HttpServer:
    return stdio_server if request.param == "stdio" else http_server


def result(answer: Any) -> Any:
    assert "error" not in answer, answer["error"]
    return answer["result"]


def good_request_succeeds(server: StdioServer | HttpServer) -> None:
    """After anything: case10 still counts 15 (Reach 8 + Ritual 3 + Ray 4)."""
    assert result(server.request("count", state=state_of("examples/case10-mists-ritual-ray.json")))["count"] == 15


def test_every_method(server):
    """Each method once, on case03 (Requisition Raid, 26 casts: 2+2+2 + 4+4+4 + 8) and case13."""
    loaded = result(server.request("load_state", state=state_of("examples/case03-raid-4plains.json")))
    digest = loaded["digest"]
    assert loaded["castable"] == ["raid"] and loaded["players"] == ["P1", "P2"]
    assert result(server.request("count", digest=digest)) == {"count": 26, "left_out": []}
    page = result(server.request("casts", digest=digest, card="raid", offset=24, limit=100))
    assert page["count"] == 26 and [item["action_id"] for item in page["casts"]] == [24, 25]
    assert result(server.request("mask", digest=digest, size=28))["mask"] == [True] * 26 + [False] * 2
    options = result(server.request("options", digest=digest, card="raid"))
    assert options["count"] == 26 and options["options"]
    checked = result(server.request("check", digest=digest, cast=page["casts"][0]["cast"], card="raid"))
    assert checked == {"legal": True, "reasons": [], "action_id": 24, "notes": []}
    sampled = result(server.request("sample", digest=digest, card="raid", seed=3))
    assert 0 <= sampled["action_id"] < 26
    best = result(
        server.request(
            "best", digest=digest, card="raid", score={"targets": {"solring": 3, "badmoon": 2, "sandals": 1}}
        )
    )
    assert best["score"] == 5  # Sol Ring 3 + Bad Moon 2: one artifact and one enchantment target at most
    explained = result(server.request("explain", state=state_of("examples/case13-mists-might-shroud.json")))
    assert [item["count"] for item in explained["explanations"]] == [1, 0]  # Reach 1; Kodama's Might: no target
    assert result(server.request("version"))["jsonrpc"] == "2.0"
    assert "best" in result(server.request("methods"))["methods"]


def test_the_same_seed_draws_the_same_cast_in_two_processes(stdio_server, http_server):
    """Two server processes (different string hashing): the same state and seed draw the same cast."""
    state = state_of("examples/case10-mists-ritual-ray.json")
    for seed in (0, 1, 99):
        one = result(stdio_server.request("sample", state=state, seed=seed))
        other = result(http_server.request("sample", state=state, seed=seed))
        assert one == other and one["cast"] is not None


def test_not_json(server):
    if isinstance(server, StdioServer):
        server.send(b"{not json\n")
        answer = server.answer()
    else:
        status, answer = server.post(b"{not json")
        assert status == 200
    assert answer["id"] is None and answer["error"]["code"] == PARSE_ERROR
    good_request_succeeds(server)


def test_unknown_method_and_wrong_params(server):
    answer = server.request("count_everything", request_id="x")
    assert answer["id"] == "x" and answer["error"]["code"] == METHOD_NOT_FOUND
    answer = server.request("casts", state=state_of("examples/case10-mists-ritual-ray.json"), limit="all")
    assert answer["error"] == {
        "code": INVALID_PARAMS,
        "message": 'error: limit: must be a whole number from 0 to 10000, not "all"',
    }
    good_request_succeeds(server)


def test_a_state_that_fails_to_load_gets_the_commands_line(server):
    answer = server.request("count", state=state_of("tests/bad_input/mana-pool-snow.json"))
    assert answer["error"]["code"] == INVALID_PARAMS
    command = subprocess.run(
        [sys.executable, "-m", "legalcasts.cli.main", "count", "tests/bad_input/mana-pool-snow.json"],
        cwd=ROOT,
        env=_env("0"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert command.returncode == 2
    assert command.stderr.strip() == "legalcasts: " + answer["error"]["message"].replace(
        "state: ", "tests/bad_input/mana-pool-snow.json: ", 1
    )
    good_request_succeeds(server)


def test_a_request_over_10_mib_is_refused(server):
    big = b'{"jsonrpc": "2.0", "id": 1, "method": "version", "params": {"pad": "' + b"x" * MAX_REQUEST_BYTES + b'"}}'
    if isinstance(server, StdioServer):
        server.send(big + b"\n")
        answer = server.answer()
    else:
        status, answer = server.post(big)
        assert status == 413
    assert answer["error"]["code"] == INVALID_REQUEST and "10,485,760 bytes" in answer["error"]["message"]
    good_request_succeeds(server)


def test_a_chunked_body_over_10_mib_is_refused(http_server):
    """No Content-Length: the body is read up to the limit, then refused (413)."""

    def chunks() -> Iterator[bytes]:
        for _ in range(12):
            yield b"x" * (1024 * 1024)

    connection = http.client.HTTPConnection("127.0.0.1", http_server.port, timeout=TIMEOUT)
    try:
        connection.request(
            "POST",
            "/",
            body=chunks(),
            encode_chunked=True,
            headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
        )
        response = connection.getresponse()
        assert response.status == 413
        assert json.loads(response.read())["error"]["code"] == INVALID_REQUEST
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered and closed the connection before the whole body was sent: refused too
    finally:
        connection.close()
    good_request_succeeds(http_server)


def test_a_client_gone_mid_request_is_dropped(http_server):
    """A body announced as 1,000 bytes, 20 sent, then the connection closed."""
    with socket.create_connection(("127.0.0.1", http_server.port), timeout=TIMEOUT) as raw:
        raw.sendall(
            b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n" + b'{"jsonrpc": "2.0", "'
        )
    good_request_succeeds(http_server)


def test_a_stdio_client_gone_mid_line_ends_the_server_cleanly():
    """Standard input closed mid-line: that line is answered, then the server ends cleanly."""
    # Standard input closed in the middle of a line: that line is answered as what it is (not JSON), then the server
    # ends, exit code 0, no traceback.
    server = StdioServer()
    server.request("version")
    server.send(b'{"jsonrpc": "2.0", "id": 2, "meth')
    code, err = server.stop()
    assert server.answer()["error"]["code"] == PARSE_ERROR
    assert code == 0 and err == b""


def test_stdout_holds_only_responses(stdio_server):
    """Batches and notifications: one line per answer, none for notifications, all JSON-RPC responses."""
    stdio_server.send(b'{"jsonrpc": "2.0", "method": "version"}\n')  # a notification: no answer
    stdio_server.send(
        b'[{"jsonrpc": "2.0", "id": 1, "method": "version"}, {"jsonrpc": "2.0", "method": "x"}, '
        b'{"jsonrpc": "2.0", "id": 2, "method": "methods"}]\n'
    )
    batch = stdio_server.answer()
    assert [item["id"] for item in batch] == [1, 2] and all("result" in item for item in batch)
    assert stdio_server.out.empty()


def test_http_notification_is_204(http_server):
    status, body = http_server.post(b'{"jsonrpc": "2.0", "method": "version"}')
    assert (status, body) == (204, None)


def test_python_client_over_both_transports(http_server):
    """legalcasts.client: the same answers over stdio and HTTP; an error answer is raised with its code."""
    state = state_of("examples/case02-mists-ray-silver-knight.json")
    with Client.stdio() as local, Client.http(http_server.url) as remote:
        for client in (local, remote):
            digest = client.load_state(state)["digest"]
            # case02: Reach 4 (alone 1 + spliced Ray at P1, P2 or the Knight 3), Ray 2 (P1, P2: pro red, CR 702.16b)
            assert client.count(digest=digest)["count"] == 6
            assert client.count(digest=digest, card="ray")["count"] == 2
            with pytest.raises(RpcError) as caught:
                client.count(digest=digest, card="nobody")
            assert caught.value.code == INVALID_PARAMS
            assert caught.value.message == "error: card: no object with id 'nobody' in the state"
        assert local.casts(state=state) == remote.casts(state=state)


def test_a_port_taken_is_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = subprocess.run(
            [sys.executable, "-m", "legalcasts.cli.main", "serve", "--port", str(port)],
            cwd=ROOT,
            env=_env("0"),
            capture_output=True,
            text=True,
            check=False,
            timeout=TIMEOUT,
        )
    assert command.returncode == 2 and command.stdout == ""
    assert command.stderr.startswith(f"legalcasts: error: --port: cannot listen on 127.0.0.1 port {port} (")
    assert len(command.stderr.splitlines()) == 1


@pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="no JDK (javac, java)")
def test_java_bridge(http_server, tmp_path):
    """clients/java: load case03, take the first option at every prompt, check the cast: legal (exit 0)."""
    source = ROOT / "clients" / "java" / "LegalcastsBridge.java"
    subprocess.run(["javac", "-d", str(tmp_path), str(source)], check=True, timeout=TIMEOUT)
    run = subprocess.run(
        [
            "java",
            "-cp",
            str(tmp_path),
            "LegalcastsBridge",
            http_server.url,
            str(ROOT / "examples" / "case03-raid-4plains.json"),
            "raid",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("load_state: digest ") and lines[0].endswith('castable ["raid"]')
    # Spree's modes: an artifact (Sol Ring or the artifact enchantment: 2), an enchantment (Bad Moon or the
    # artifact enchantment: 2), a player (P1 or P2: 2); two modes 2 x 2 = 4; all three 8: 26 in all
    assert lines[1] == (
        "prompt 1: modes, 26 casts: [0] (2), [0, 1] (4), [0, 1, 2] (8), [0, 2] (4), [1] (2), [1, 2] (4), [2] (2) -> [0]"
    )
    assert lines[2] == 'prompt 2: target_0 "target artifact", 2 casts: ["solring"] (1), ["sandals"] (1) -> ["solring"]'
    assert lines[3].startswith('cast: {"card": "raid"') and lines[3].endswith("(action id 0)")
    assert lines[4:] == ["check: legal, action id 0"]


@pytest.mark.skipif(shutil.which("javac") is None or shutil.which("java") is None, reason="no JDK (javac, java)")
def test_java_bridge_reads_counts_past_a_long(http_server, tmp_path):
    """clients/java with 2^70 casts (Eerie Interlude, 70 creatures, CR 115.1d): past 2^63 - 1, read exactly."""
    source = ROOT / "clients" / "java" / "LegalcastsBridge.java"
    subprocess.run(["javac", "-d", str(tmp_path), str(source)], check=True, timeout=TIMEOUT)
    state = ROOT / "tests" / "fixtures" / "big-count-eerie-interlude-70.json"
    run = subprocess.run(
        ["java", "-cp", str(tmp_path), "LegalcastsBridge", http_server.url, str(state), "interlude"],
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[1].startswith(
        'prompt 1: target_0 "any number of target creatures you control", 1180591620717411303424 casts: [] (1), '
    )
    assert lines[-1] == "check: legal, action id 0"


def test_the_java_bridge_compiles_without_warnings(tmp_path):
    if shutil.which("javac") is None:
        pytest.skip("no JDK (javac)")
    compiled = subprocess.run(
        [
            "javac",
            "-Xlint:all",
            "-Werror",
            "-d",
            str(tmp_path),
            str(Path(ROOT, "clients", "java", "LegalcastsBridge.java")),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
    )
    assert compiled.returncode == 0, compiled.stderr


def test_the_example_session():
    """examples/serve-session.jsonl: Glacial Ray, two Mountains, P2's Grizzly Bears: 3 casts (P1, P2, the Bears)."""
    with (ROOT / "examples" / "serve-session.jsonl").open("rb") as requests:
        run = subprocess.run(
            [sys.executable, "-m", "legalcasts.cli.launch", "serve"],
            cwd=ROOT,
            env=_env("0"),
            stdin=requests,
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
        )
    assert run.returncode == 0 and run.stderr == b""
    answers = {answer["id"]: answer for answer in map(json.loads, run.stdout.splitlines())}
    assert sorted(answers) == [1, 2, 3, 4, 5, 6, 7]  # the notification gets no answer
    assert answers[1]["result"]["castable"] == ["ray"]
    assert answers[2]["result"] == {"count": 3, "left_out": []}
    assert [item["action_id"] for item in answers[3]["result"]["casts"]] == [2]
    assert sum(option["count"] for option in answers[4]["result"]["options"]) == 3
    assert answers[5]["result"] == {"count": 3, "mask": [True, True, True, False, False]}
    assert answers[6]["error"]["code"] == INVALID_PARAMS and answers[7]["error"]["code"] == METHOD_NOT_FOUND


def test_a_line_over_the_limit_is_skipped_to_its_end():
    """read_line: a line longer than the limit is reported and read to its end; the next line is whole."""
    import io

    from legalcasts.service.transports import read_line

    stream = io.BytesIO(b"x" * 300_000 + b"\n" + b"0123456789\n" + b"tail")
    assert read_line(stream, limit=10)[1] is True
    assert read_line(stream, limit=10) == (b"0123456789\n", False)  # exactly the limit, and its end of line
    assert read_line(stream, limit=10) == (b"tail", False)
    assert read_line(stream, limit=10) == (b"", False)


def test_stdio_in_process_answers_in_order():
    """serve_stdio on given streams: one answer per request with an id, in order, none for the notification."""
    import io

    from legalcasts.service.transports import serve_stdio
    from legalcasts.service import Service

    requests = io.BytesIO(
        b'{"jsonrpc": "2.0", "id": 1, "method": "version"}\n'
        b'{"jsonrpc": "2.0", "method": "version"}\n'
        b'{"jsonrpc": "2.0", "id": 2, "method": "nope"}\n'
    )
    answers = io.BytesIO()
    assert serve_stdio(Service(), requests, answers) == 0
    lines = [json.loads(line) for line in answers.getvalue().splitlines()]
    assert [line["id"] for line in lines] == [1, 2] and lines[1]["error"]["code"] == METHOD_NOT_FOUND
