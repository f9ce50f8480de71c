"""The transports of ``legalcasts serve``: JSON-RPC 2.0 lines on stdio, or HTTP on loopback.

stdio: one request (or batch) per line on standard input, one response per line on standard output, in order;
nothing else is written to standard output. HTTP: ``POST /`` with one request or batch as the body; the
response is the body of the answer (``204`` for notifications only, ``413`` for a body over
:data:`~legalcasts.service.MAX_REQUEST_BYTES`). The methods are :class:`legalcasts.service.Service`'s; aiohttp is
imported only for HTTP.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from typing import IO, Any

from models.errors import one_line
from legalcasts.service.page import add_page_routes
from legalcasts.service import (
    INTERNAL_ERROR,
    MAX_REQUEST_BYTES,
    RpcError,
    Service,
    decode,
    encode,
    error_response,
    parse_error,
    too_large_error,
)

__all__ = ["serve_stdio", "serve_http", "read_line"]

_CHUNK = 1 << 16
"""Bytes read at a time when a line too long to answer is skipped."""


def read_line(stream: IO[bytes], limit: int = MAX_REQUEST_BYTES) -> tuple[bytes, bool]:
    """Read one line of at most ``limit`` bytes; a longer one is read to its end in chunks and dropped.

    Parameters
    ----------
    stream : binary file
    limit : int
        The most bytes kept.

    Returns
    -------
    (bytes, bool)
        The line (empty at the end of the stream), and whether it was over ``limit`` (then the bytes returned
        are only its start, and the rest has been read and dropped).
    """
    line = stream.readline(limit + 1)
    if len(line) <= limit or line.endswith(b"\n") and len(line) == limit + 1:
        return line, False
    while True:  # never more than a chunk held at a time
        rest = stream.readline(_CHUNK)
        if not rest or rest.endswith(b"\n"):
            return line[:_CHUNK], True


def serve_stdio(service: Service, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Answer the requests of standard input, one per line, until its end.

    Parameters
    ----------
    service : Service
    stdin, stdout : binary files or None
        The standard streams by default. Then, while serving, whatever else writes to standard output (a print,
        a library's C code) goes to standard error: only responses reach standard output.

    Returns
    -------
    int
        0 at the end of the input.
    """
    stdin = stdin or sys.stdin.buffer
    if stdout is not None:
        return _answer_lines(service, stdin, stdout)
    sys.stdout.flush()
    responses = os.fdopen(os.dup(1), "wb")  # the real standard output, for responses alone
    saved_fd, saved = os.dup(1), sys.stdout
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        return _answer_lines(service, stdin, responses)
    finally:
        sys.stdout = saved
        os.dup2(saved_fd, 1)
        os.close(saved_fd)
        responses.close()


def _answer_lines(service: Service, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Answer each line of ``stdin`` on ``stdout``, in order, until the end of ``stdin``."""
    while True:
        line, too_long = read_line(stdin)
        if not line:
            return 0
        answer = encode(error_response(None, too_large_error())) if too_long else service.handle_line(line)
        if answer is not None:
            stdout.write(answer)
            stdout.flush()


def serve_http(
    service: Service,
    host: str = "127.0.0.1",
    port: int = 0,
    on_listening: Callable[[str], None] | None = None,
) -> int:
    """Answer JSON-RPC requests POSTed to ``http://HOST:PORT/`` until interrupted.

    Parameters
    ----------
    service : Service
    host : str
        The address listened on: the loopback by default. The server has no authentication.
    port : int
        0: a free port, chosen by the system.
    on_listening : callable or None
        Called with the address (``http://127.0.0.1:8765/``) once listening.

    Returns
    -------
    int
        0 when stopped (SIGINT or SIGTERM). The address is printed on standard error once listening:
        ``legalcasts serve: listening on http://127.0.0.1:8765/``.

    Notes
    -----
    Requests are answered one at a time, in the order they arrive: the service is called from the event loop's
    thread. A client gone before its answer is dropped; aiohttp's and asyncio's warnings are one line each on
    standard error. ``GET /`` is the explorer page (:mod:`legalcasts.service.page`), a client of these methods.
    """
    import asyncio
    import signal

    from aiohttp import web

    async def answer(request: web.Request) -> web.StreamResponse:
        if request.content_length is not None and request.content_length > MAX_REQUEST_BYTES:
            return _json_response(web, encode(error_response(None, too_large_error())), status=413)
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return _json_response(web, encode(error_response(None, too_large_error())), status=413)
        except ConnectionError:  # the client went away mid-request: nobody to answer
            return web.Response(status=400)
        try:
            decoded = decode(body)
        except (ValueError, RecursionError) as exc:
            return _json_response(web, encode(error_response(None, parse_error(exc))))
        try:
            response = service.handle(decoded)
        except Exception as exc:  # never: Service.handle answers every fault itself
            response = error_response(None, RpcError(INTERNAL_ERROR, f"internal error: {type(exc).__name__}: {exc}"))
        if response is None:
            return web.Response(status=204)
        return _json_response(web, encode(response))

    _one_line_logs()

    async def run() -> None:
        app = web.Application(client_max_size=MAX_REQUEST_BYTES)
        app.router.add_post("/", answer)
        add_page_routes(app, web)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0]
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        address = f"http://{shown}:{bound[1]}/"
        print(f"legalcasts serve: listening on {address}", file=sys.stderr, flush=True)
        if on_listening is not None:
            on_listening(address)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()

    asyncio.run(run())
    return 0


class _OneLine(logging.Formatter):
    """A log record as one line on stderr, its exception named, never a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line = f"legalcasts serve: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            line += f": {type(record.exc_info[1]).__name__}: {record.exc_info[1]}"
        return one_line(line)


def _one_line_logs() -> None:
    """Have aiohttp's and asyncio's warnings and errors written as one line each (:class:`_OneLine`)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    for name in ("aiohttp", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(logging.WARNING)
        logger.propagate = False


def _json_response(web: Any, body: bytes, status: int = 200) -> Any:
    return web.Response(body=body, status=status, content_type="application/json")
