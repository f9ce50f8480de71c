"""The calls the explorer page needs beyond the casts: a position's board, its cards' interactions, a state file.

``board`` and ``interactions`` are methods of every ``legalcasts serve``; ``read_state_file`` only of a server
started with a folder to read from (``legalcasts explore``, ``legalcasts serve --http``), and only files under it.
The page (``legalcasts/service/page/``) calls them over JSON-RPC like any client.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from models.errors import InputError
from models.objects import Card, GameObject
from models.state import GameState

__all__ = ["board", "interactions", "read_state_file", "STATE_FILE_SUFFIXES", "MAX_STATE_FILE_BYTES"]

STATE_FILE_SUFFIXES = (".json", ".pzl")
"""The files ``read_state_file`` reads: state files (state-format.md) and Forge puzzles (forge-puzzles.md)."""

MAX_STATE_FILE_BYTES = 10 * 1024 * 1024
"""The largest state file read (10 MiB, the largest request)."""


def _card(card: Card) -> dict[str, Any]:
    """A card's printed characteristics as the page shows them (CR 109.3)."""
    return {
        "name": card.name,
        "name_fr": card.name_fr,
        "mana_cost": None if card.mana_cost is None else str(card.mana_cost),
        "type_line": card.type_line,
        "oracle_text": card.oracle_text,
        "power": card.power,
        "toughness": card.toughness,
    }


def _object(obj: GameObject) -> dict[str, Any]:
    """One object: its card, zone, control and status (CR 110.5 tapped, 301.5 attached, 122.1 counters)."""
    return {
        "id": obj.id,
        **_card(obj.card),
        "zone": obj.zone.value,
        "owner": obj.owner,
        "controller": obj.controller,
        "tapped": obj.tapped,
        "attached_to": obj.attached_to,
        "counters": [{"kind": kind, "number": number} for kind, number in obj.counters],
        "token": obj.token,
        "attacking": obj.attacking,
        "granted": list(obj.granted),
    }


def board(state: GameState) -> dict[str, Any]:
    """A position as the page draws it: each player with their life, counters and pool, and every object.

    Parameters
    ----------
    state : GameState

    Returns
    -------
    dict
        ``{players: [{id, life, counters: [{kind, number}], mana_pool}], active_player, priority, phase,
        stack, objects}``: ``stack`` the ids bottom first (CR 405); ``objects`` in the state's order, each with
        ``id``, its card (``name``, ``name_fr``, ``mana_cost``, ``type_line``, ``oracle_text``, ``power``,
        ``toughness``), ``zone``, ``owner``, ``controller``, ``tapped``, ``attached_to`` (an id or null),
        ``counters``, ``token``, ``attacking``, ``granted``.
    """
    life = dict(state.life)
    pools = {player: str(cost) for player, cost in state.mana_pool}
    counters = dict(state.player_counters)
    return {
        "players": [
            {
                "id": player,
                "life": life.get(player),
                "counters": [{"kind": kind, "number": number} for kind, number in counters.get(player, ())],
                "mana_pool": pools.get(player, ""),
            }
            for player in state.players
        ],
        "active_player": state.active_player,
        "priority": state.priority,
        "phase": state.phase.value,
        "stack": list(state.stack),
        "objects": [_object(obj) for obj in state.objects],
    }


def interactions(state: GameState) -> dict[str, Any]:
    """The splice and target/protection graph of the position's cards (as ``legalcasts graph`` builds a pool's).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    dict
        ``{nodes: [{name, type_line, mana_cost, colors, splice_quality, protected, objects}], edges: [{source,
        target, kind, ...}], skipped: [{name, role, span, reason}], undecided: [{spell, permanent, reason}]}``.
        Nodes are card names (each with the ids of the objects that are that card); a splice edge goes from the
        splice card to a host with the quality it splices onto (CR 702.47a) and carries ``quality``,
        ``splice_cost`` (its mana; ``""`` for none) and ``total_cost`` (the mana of the host and the splice,
        X = 0); a target edge from a spell to a protected permanent its instances of "target" name, with
        ``blocked``, ``rule``, ``reason``, ``opponents_only`` and ``phrases`` (CR 702.16b, 702.11b, 702.18a).
        Cards whose relevant text is not read are in ``skipped``, never guessed.
    """
    from solver.analysis import build_interaction_graph

    ids: dict[str, list[str]] = {}
    cards: dict[str, Card] = {}
    for obj in state.objects:
        ids.setdefault(obj.card.name, []).append(obj.id)
        cards.setdefault(obj.card.name, obj.card)
    found = build_interaction_graph(cards.values())
    graph = found.graph
    nodes = []
    for name, data in graph.nodes(data=True):
        protected = bool(data.get("protection") or data.get("hexproof") or data.get("hexproof_from"))
        nodes.append(
            {
                "name": name,
                "type_line": data.get("type_line", ""),
                "mana_cost": data.get("mana_cost"),
                "colors": data.get("colors", ""),
                "splice_quality": data.get("splice_quality") or None,
                "protected": protected or bool(data.get("shroud")),
                "objects": ids.get(name, []),
            }
        )
    edges = []
    for source, target, data in graph.edges(data=True):
        edge: dict[str, Any] = {"source": source, "target": target, "kind": data["kind"]}
        if data["kind"] == "splice":
            edge.update(
                quality=data.get("quality", ""),
                splice_cost=data.get("splice_cost", ""),
                total_cost=data.get("total_cost", ""),
            )
        else:
            edge.update(
                blocked=bool(data.get("blocked")),
                rule=data.get("rule", ""),
                reason=data.get("reason", ""),
                opponents_only=bool(data.get("opponents_only")),
                phrases=data.get("phrases", ""),
            )
        edges.append(edge)
    return {
        "nodes": nodes,
        "edges": edges,
        "skipped": [{"name": s.name, "role": s.role, "span": s.span, "reason": s.reason} for s in found.skipped],
        "undecided": [{"spell": s, "permanent": p, "reason": r} for s, p, r in found.undecided],
    }


def read_state_file(root: Path, path: str) -> dict[str, Any]:
    """The JSON data of a state file under ``root``, or a puzzle's text, for the page to send with ``load_state``.

    Parameters
    ----------
    root : Path
        The folder the server reads from; a path outside it is refused.
    path : str
        Relative to ``root`` (or absolute, inside it); a ``.json`` state file or a ``.pzl`` Forge puzzle of at
        most 10 MiB.

    Returns
    -------
    dict
        ``{path, state}``: the path as given and the file's JSON object; ``{path, puzzle}`` for a puzzle, its text.

    Raises
    ------
    InputError
        ``path``: outside the folder, no such file, neither ``.json`` nor ``.pzl``, too large, not JSON, or not an
        object.
    """
    base = root.resolve()
    file = (base / path).resolve()
    if not file.is_relative_to(base):
        raise InputError("path", f"{path!r} is outside the folder this server reads from")
    if file.suffix.casefold() not in STATE_FILE_SUFFIXES:
        raise InputError("path", f"{path!r} is not a state file (.json) or a Forge puzzle (.pzl)")
    if not file.is_file():
        raise InputError("path", f"no file {path!r}")
    if file.stat().st_size > MAX_STATE_FILE_BYTES:
        raise InputError("path", f"{path!r} is over {MAX_STATE_FILE_BYTES:,} bytes")
    if file.suffix.casefold() == ".pzl":  # its text, for load_state's ``puzzle``
        try:
            return {"path": path, "puzzle": file.read_text(encoding="utf-8")}
        except UnicodeDecodeError as exc:
            raise InputError("path", f"{path!r} is not UTF-8 text: {exc}") from None
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError("path", f"{path!r} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InputError("path", f"{path!r} holds no JSON object")
    return {"path": path, "state": data}
