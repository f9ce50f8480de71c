"""Shared helpers of the rules tests: build a state inline, cast on both backends.

``make_state`` writes the JSON document of the state-file contract and loads
it with ``state_from_data``, so every test goes through the same path as a
state file. ``casts`` runs one cast on every backend and checks they agree
before returning the set of casts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from models.cards import older_sets_card_database
from models.io.card_pool import default_card_database
from models.cast import Cast
from models.errors import UnsupportedRuleError
from models.io.state_json import state_from_data
from models.state import GameState
from solver.legal import legal_casts

BACKENDS = ("python-constraint", "brute", "fast", None)
"""Every scenario runs on each (None: the default view); brute force is the oracle."""

Entry = str | tuple


def inline_card(name: str, mana_cost: str, type_line: str, oracle_text: str = "", **extra: Any) -> dict:
    """An inline card object with Scryfall field names (STATE_FORMAT.md)."""
    return {"name": name, "mana_cost": mana_cost, "type_line": type_line, "oracle_text": oracle_text, **extra}


def older_text(name: str) -> dict:
    """The inline card of a real card in its older wording, as ``models/data/cards.jsonl`` has it.

    The default card data has the current wording; a test of a rule whose card the reader can't read in
    its current wording yet runs on this too, so the rule stays tested (see :func:`unread_current_wording`).
    """
    card = older_sets_card_database().get(name)
    return inline_card(
        card.name,
        str(card.mana_cost) if card.mana_cost else "",
        card.type_line,
        card.oracle_text,
        colors=[c.letter for c in sorted(card.colors, key=lambda c: "WUBRG".index(c.letter))],
        power=card.power,
        toughness=card.toughness,
    )


def one_face(name: str) -> dict:
    """The inline card of one face of a multi-face card of the default card data, as a card with that face only.

    The bundled data lacks the other face of most modal double-faced cards and some split cards, so casting them
    is unsupported (the list of casts would miss that face). A test of a rule that the face's text shows runs on
    this one-faced copy.
    """
    card = default_card_database().get(name)
    return inline_card(
        card.name,
        str(card.mana_cost) if card.mana_cost else "",
        card.type_line,
        card.oracle_text,
        colors=[c.letter for c in sorted(card.colors, key=lambda c: "WUBRG".index(c.letter))],
        power=card.power,
        toughness=card.toughness,
    )


def unread_current_wording(reason: str) -> pytest.MarkDecorator:
    """An expected failure: the card's current wording is reported unsupported (CR text the reader can't read yet).

    Strict: once the reader reads the text, the test passes and the mark must go.
    """
    return pytest.mark.xfail(raises=UnsupportedRuleError, strict=True, reason=reason)


def _object(entry: Entry, zone: str, player: str, default_id: str) -> dict:
    """One object of the ``objects`` list.

    ``entry`` is a card name (the id is ``default_id``), or ``(id, card)``, or
    ``(id, card, {extra keys})``; ``card`` is a name or an inline card dict.
    """
    if isinstance(entry, str):
        object_id, card, extra = default_id, entry, {}
    elif len(entry) == 2:
        (object_id, card), extra = entry, {}
    else:
        object_id, card, extra = entry
    data = {"id": object_id, "card": card, "zone": zone}
    data["owner" if zone == "hand" else "controller"] = player
    data.update(extra)
    return data


def build_state(
    hand: Iterable[Entry] = (),
    battlefield: Iterable[Entry] = (),
    opponent: Iterable[Entry] = (),
    *,
    objects: Iterable[dict] = (),
    **extra: Any,
) -> GameState:
    """A two-player state (P1 acts, P2 opposes), from the JSON contract.

    Parameters
    ----------
    hand : entries
        Cards in P1's hand.
    battlefield : entries
        P1's permanents (untapped unless the entry says ``{"tapped": True}``).
    opponent : entries
        P2's permanents.
    objects : dicts
        More objects, written as in the state file (P2's hand, the stack, ...).
    **extra
        Other top-level keys: ``phase``, ``active_player``, ``priority``,
        ``stack``, ``mana_pool``, ``life``.
    """
    listed: list[dict] = []
    for zone, player, entries, prefix in (
        ("hand", "P1", hand, "h"),
        ("battlefield", "P1", battlefield, "b"),
        ("battlefield", "P2", opponent, "o"),
    ):
        for index, entry in enumerate(entries):
            listed.append(_object(entry, zone, player, f"{prefix}{index}"))
    data = {"players": ["P1", "P2"], "objects": listed + list(objects), **extra}
    return state_from_data(data)


def lands(name: str, count: int, prefix: str | None = None) -> list[tuple[str, str]]:
    """``count`` basic lands ``name`` with ids ``<prefix>1..<prefix>count``."""
    prefix = prefix or name.lower()[:3]
    return [(f"{prefix}{i}", name) for i in range(1, count + 1)]


def relics(count: int, prefix: str = "r") -> list[tuple[str, str]]:
    """``count`` Darksteel Relics (artifacts with no mana ability) with ids ``<prefix>1..``."""
    return [(f"{prefix}{i}", "Darksteel Relic") for i in range(1, count + 1)]


def all_casts(state: GameState, card: str, **options: Any) -> set[Cast]:
    """The legal casts of ``card`` after checking both backends give the same set.

    Also checks that no backend yields a cast twice, that ``count()`` is the
    size of the set, and that every cast is ``in`` the view (the direct check).
    """
    results = {}
    for backend in BACKENDS:
        view = legal_casts(state, card, backend=backend, **options)
        listed = list(view)
        found = set(listed)
        assert len(listed) == len(found), f"{backend} yields a cast twice"
        assert view.count() == len(found)
        assert bool(view) == bool(found)
        assert all(cast in view for cast in found)
        results[backend] = found
    assert all(found == results["brute"] for found in results.values()), "backends disagree"
    return results["brute"]


@pytest.fixture
def make_state() -> Callable[..., GameState]:
    """:func:`build_state`: ``make_state(hand=[...], battlefield=[...], opponent=[...], **extra)``."""
    return build_state


@pytest.fixture
def casts() -> Callable[..., set[Cast]]:
    """:func:`all_casts`: ``casts(state, "card-id", **options)``, checked on both backends."""
    return all_casts


@pytest.fixture
def card() -> Callable[..., dict]:
    """:func:`inline_card`: ``card(name, mana_cost, type_line, oracle_text)``."""
    return inline_card


@pytest.fixture
def basics() -> Callable[..., list]:
    """:func:`lands`: ``basics("Mountain", 3)`` -> mou1..mou3."""
    return lands
