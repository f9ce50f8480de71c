"""``legalcasts explore``: the explorer page of a position, served over HTTP on the loopback."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from urllib.parse import urlencode

from collections.abc import Callable
from typing import TYPE_CHECKING

from models.cards import CardDatabase
from models.errors import InputError
from models.io.card_index import CARDS_OPTION_HELP

if TYPE_CHECKING:
    from legalcasts.service import Service

__all__ = ["add_explore_parser", "run_explore", "listen"]


def add_explore_parser(commands: argparse._SubParsersAction) -> None:
    """Add the ``explore`` sub-command to the ``legalcasts`` parser.

    Parameters
    ----------
    commands : argparse._SubParsersAction
        The sub-parsers of the ``legalcasts`` parser.
    """
    explore = commands.add_parser(
        "explore", help="a web page of a position's casts, prompts and interactions, on the loopback (docs/explorer.md)"
    )
    explore.add_argument("state", help="game-state JSON file")
    explore.add_argument("--port", type=int, default=0, metavar="N", help="the port (default 0: a free one)")
    explore.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="the address listened on (default 127.0.0.1, the loopback; there is no authentication)",
    )
    explore.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    explore.add_argument("--open", action="store_true", help="open the page in the default web browser")


def _state_data(path: str) -> dict[str, object]:
    """The JSON object of the state file ``path`` (bad input: one :class:`InputError` naming the file)."""
    if path.casefold().endswith(".pzl"):
        raise InputError(path, "a Forge puzzle can't be explored yet: the service loads state JSON files")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, f"cannot read it ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(path, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if not isinstance(data, dict):
        raise InputError(path, "not a JSON object")
    return data


def listen(service: Service, host: str, port: int, on_listening: Callable[[str], None] | None = None) -> int:
    """Serve ``service`` over HTTP, a busy port or a wrong address being bad input (``--port``, ``--host``).

    Parameters
    ----------
    service : legalcasts.service.Service
    host : str
    port : int
        0 to 65535; 0: a free one.
    on_listening : callable or None
        Called with the address once listening.

    Returns
    -------
    int
        0 once stopped (SIGINT, SIGTERM).
    """
    import errno
    import socket

    from legalcasts.service.transports import serve_http

    if not 0 <= port <= 65535:
        raise InputError("--port", f"must be from 0 to 65535 (got {port})")
    try:
        return serve_http(service, host, port, on_listening)
    except socket.gaierror as exc:  # not an address
        raise InputError("--host", f"cannot listen on {host!r} ({exc.strerror or exc})") from None
    except OSError as exc:  # the port is taken, or the address is not this machine's
        option = "--host" if exc.errno == errno.EADDRNOTAVAIL else "--port"
        raise InputError(option, f"cannot listen on {host} port {port} ({exc.strerror or exc})") from None


def run_explore(args: argparse.Namespace, cards: CardDatabase) -> int:
    """``explore``: load the state, serve the page and the methods, print the page's address on standard output.

    Parameters
    ----------
    args : argparse.Namespace
        ``state``, ``port``, ``host``, ``open``.
    cards : CardDatabase

    Returns
    -------
    int
        0 once stopped; a state that does not load is bad input (exit 2) before anything is served.
    """
    from legalcasts.service import Service

    data = _state_data(args.state)
    service = Service(cards, files=Path.cwd())
    answer = service.handle({"jsonrpc": "2.0", "id": 0, "method": "load_state", "params": {"state": data}})
    if "error" in answer:  # the line the other commands print, with the file's name for 'state'
        message = answer["error"]["message"].removeprefix("error: ").removeprefix("state: ")
        raise InputError(args.state, message)
    digest = answer["result"]["digest"]
    query = urlencode({"digest": digest, "name": Path(args.state).name})

    def opened(address: str) -> None:
        page = f"{address}?{query}"
        print(f"legalcasts explore: {page}", flush=True)
        if args.open:
            import webbrowser

            webbrowser.open(page)

    return listen(service, args.host, args.port, opened)
