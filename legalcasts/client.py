"""A client of ``legalcasts serve``, over stdio (a child process) or HTTP; the standard library only.

>>> from legalcasts.client import Client
>>> import json
>>> with open("examples/case10-mists-ritual-ray.json", encoding="utf-8") as file:
...     state = json.load(file)
>>> with Client.stdio() as client:  # starts `legalcasts serve`, stops it at the end
...     digest = client.load_state(state)["digest"]
...     client.count(digest=digest)["count"], client.count(digest=digest, card="ray")["count"]
(15, 4)

Each call sends one request and waits for its answer; an error answer is raised as :class:`RpcError`.
"""

from __future__ import annotations

import http.client
import itertools
import json
import subprocess
import sys
import threading
import urllib.parse
from collections.abc import Sequence
from typing import Any

__all__ = ["Client", "RpcError"]


class RpcError(Exception):
    """An error answer of the server.

    Parameters
    ----------
    code : int
        The JSON-RPC error code (``-32602`` invalid params, ``-32001`` unsupported card text, ...; see
        ``docs/service.md``).
    message : str
        The server's one line.
    """

    def __init__(self, code: int, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{message} (JSON-RPC error {code})")


class Client:
    """A connection to a ``legalcasts serve``: make one with :meth:`stdio` or :meth:`http`.

    Calls are made one at a time (a lock keeps a client shared between threads in order). Use it as a
    context manager, or call :meth:`close`.

    Attributes
    ----------
    process : subprocess.Popen or None
        The server's process, for a client made by :meth:`stdio`; None over HTTP.
    """

    def __init__(self, send: Any, close: Any, process: subprocess.Popen | None = None) -> None:
        self._send = send
        self._close = close
        self.process = process
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    @classmethod
    def stdio(cls, cmd: Sequence[str] | None = None, *, cards: str | None = None) -> Client:
        """Start ``legalcasts serve`` as a child process and talk to it over its standard input and output.

        Parameters
        ----------
        cmd : sequence of str or None
            The command to start; by default ``legalcasts serve`` run by this Python
            (``python -m legalcasts.cli.launch serve``).
        cards : str or None
            A card file for ``--cards`` (only with the default command).

        Returns
        -------
        Client
        """
        command = list(cmd) if cmd is not None else [sys.executable, "-m", "legalcasts.cli.launch", "serve"]
        if cards is not None:
            command += ["--cards", cards]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        stdin, stdout = process.stdin, process.stdout
        if stdin is None or stdout is None:  # never: both were asked for as pipes
            raise RuntimeError("the server's standard input and output are not pipes")

        def send(line: bytes) -> bytes:
            stdin.write(line)
            stdin.flush()
            answer = stdout.readline()
            if not answer:
                raise ConnectionError(f"the server stopped (exit code {process.wait()})")
            return answer

        def close() -> None:
            stdin.close()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            stdout.close()

        return cls(send, close, process)

    @classmethod
    def http(cls, url: str, *, timeout: float = 300.0) -> Client:
        """Talk to a ``legalcasts serve --port N`` at ``url`` (``http://127.0.0.1:N/``), on one kept connection.

        Parameters
        ----------
        url : str
        timeout : float
            Seconds to wait for an answer.

        Returns
        -------
        Client
        """
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"not an http:// URL: {url!r}")
        host, port, path = parts.hostname, parts.port or 80, parts.path or "/"
        connection: list[http.client.HTTPConnection] = []

        def post(line: bytes) -> bytes:
            if not connection:
                connection.append(http.client.HTTPConnection(host, port, timeout=timeout))
            try:
                connection[0].request("POST", path, body=line, headers={"Content-Type": "application/json"})
                return connection[0].getresponse().read()
            except (http.client.HTTPException, OSError):
                connection.pop().close()
                raise

        def send(line: bytes) -> bytes:
            try:
                return post(line)
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                return post(line)  # a kept connection the server closed: opened again, once

        def close() -> None:
            if connection:
                connection.pop().close()

        return cls(send, close)

    def call(self, method: str, **params: Any) -> Any:
        """Call a method and return its result.

        Parameters
        ----------
        method : str
            ``"count"``, ``"casts"``, ... (``docs/service.md``).
        **params
            The method's params; those given as None are left out.

        Returns
        -------
        object
            The ``result`` of the answer.

        Raises
        ------
        RpcError
            The server answered with an error.
        ConnectionError
            The server stopped.
        """
        with self._lock:
            request_id = next(self._ids)
            request = {
                "jsonrpc": "2.0",
                "id": request_id,
                "method": method,
                "params": {name: value for name, value in params.items() if value is not None},
            }
            answer = json.loads(self._send(json.dumps(request, separators=(",", ":")).encode("utf-8") + b"\n"))
        if "error" in answer:
            raise RpcError(answer["error"]["code"], answer["error"]["message"])
        return answer["result"]

    def close(self) -> None:
        """End the connection (and the child process of :meth:`stdio`)."""
        self._close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # the methods, by name (each takes ``state=`` or ``digest=``, and the params of docs/service.md)

    def load_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """``load_state``: send a state once; the result's ``digest`` names it in later calls."""
        return self.call("load_state", state=state)

    def count(self, **params: Any) -> dict[str, Any]:
        """``count``: the number of legal casts, and the cards left out."""
        return self.call("count", **params)

    def casts(self, **params: Any) -> dict[str, Any]:
        """``casts``: a page of casts, each with its action id and key."""
        return self.call("casts", **params)

    def mask(self, size: int, **params: Any) -> dict[str, Any]:
        """``mask``: a list of ``size`` booleans, true for the action ids below the count."""
        return self.call("mask", size=size, **params)

    def options(self, card: str, chosen: dict[str, Any] | None = None, **params: Any) -> dict[str, Any]:
        """``options``: the next prompt of a card's cast, given the choices made so far."""
        return self.call("options", card=card, chosen=chosen or {}, **params)

    def check(self, cast: dict[str, Any], **params: Any) -> dict[str, Any]:
        """``check``: whether a cast is legal, the rules it breaks, and its action id."""
        return self.call("check", cast=cast, **params)

    def explain(self, **params: Any) -> dict[str, Any]:
        """``explain``: what can't be chosen, and why."""
        return self.call("explain", **params)

    def sample(self, seed: int, **params: Any) -> dict[str, Any]:
        """``sample``: one legal cast drawn at random from ``seed`` (the same in any process)."""
        return self.call("sample", seed=seed, **params)

    def best(self, card: str, score: dict[str, Any], **params: Any) -> dict[str, Any]:
        """``best``: the legal cast of ``card`` of the highest score."""
        return self.call("best", card=card, score=score, **params)
