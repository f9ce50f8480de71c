"""The explorer page: plain HTML, CSS and JavaScript served by ``legalcasts serve``'s HTTP transport.

The files are package data (``legalcasts/service/explorer_page/``): no build step, nothing fetched from elsewhere,
so the page works offline. It is a client of the JSON-RPC methods (``POST /``), like any other.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

__all__ = ["PAGE_FILES", "page_file", "add_page_routes"]

PAGE_FILES = {
    "index.html": "text/html",
    "explorer.css": "text/css",
    "explorer.js": "text/javascript",
    "graph.js": "text/javascript",
}
"""The page's files and their media types: nothing else is served."""


def page_file(name: str) -> bytes:
    """One file of the page, as bytes.

    Parameters
    ----------
    name : str
        One of :data:`PAGE_FILES`.

    Raises
    ------
    KeyError
        Not a file of the page.
    """
    if name not in PAGE_FILES:
        raise KeyError(name)
    return resources.files("legalcasts.service").joinpath("explorer_page", name).read_bytes()


def add_page_routes(app: Any, web: Any) -> None:
    """Serve the page on an aiohttp application: ``GET /`` the page, ``GET /page/NAME`` its other files.

    Parameters
    ----------
    app : aiohttp.web.Application
    web : module
        ``aiohttp.web``.
    """

    def respond(name: str) -> Any:
        return web.Response(
            body=page_file(name),
            content_type=PAGE_FILES[name],
            charset="utf-8",
            headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
        )

    async def index(request: Any) -> Any:
        return respond("index.html")

    async def asset(request: Any) -> Any:
        name = request.match_info["name"]
        if name not in PAGE_FILES:
            raise web.HTTPNotFound()
        return respond(name)

    app.router.add_get("/", index)
    app.router.add_get("/page/{name}", asset)
