"""Card-interaction graphs over a card pool (networkx).

Two relations are read from the parsed text of every card of a pool
(:func:`models.oracle.parser.parse_card`), without any game state:

- **splice** edges, splice card -> host: the splice card's "Splice onto
  <quality>" names a quality the host has, so the card may be spliced onto
  the host when it is cast (CR 702.47a). A card is never spliced onto itself:
  it is on the stack while it is cast, not in hand (CR 601.2a, 702.47a-b).
- **target** edges, spell -> permanent: an instance of the word "target" in
  the spell's text (main text or a mode) names the permanent's card type, and
  the permanent has protection (CR 702.16b), hexproof or hexproof from a
  colour (CR 702.11b, 702.11d) or shroud (CR 702.18a). The edge says whether
  that ability stops the spell from choosing the permanent (``blocked``) and
  by which rule.

What the reports read from the graph: the splice packages (connected
components of the splice edges, and maximal cliques of the "can be spliced
together onto a common host" relation), the cheapest total cost of each
(splice card, host) pair, and the splice cards with no host in the pool.

Only what the card models express is used. Cards whose text bears on these
relations and is not read are skipped and counted, never guessed:
instants and sorceries with unread casting text, and permanents with unread
text that may change who can target them.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import networkx as nx
else:

    class _Networkx:
        """networkx, imported when a graph is first made: the commands that make none don't load it."""

        def __getattr__(self, name: str) -> Any:
            import networkx

            return getattr(networkx, name)

    nx = _Networkx()

from models.abilities import CardAbilities, ControllerFilter, SpliceAbility, TargetSpec
from models.errors import InputError, UnsupportedRuleError
from models.mana import COLOR_ORDER, Color, ManaCost, sum_costs
from models.objects import Card, CardType, GameObject, ObjectId, Phase, PlayerId, Zone
from models.oracle.parser import parse_card
from models.state import GameState
from solver.problem import CastProblem, Reason
from solver.rules.naming import why_not_legal_target
from solver.rules.qualities import is_of_kinds

__all__ = [
    "SkippedCard",
    "InteractionGraph",
    "SplicePackage",
    "SpliceCost",
    "GRAPH_FORMATS",
    "build_interaction_graph",
    "splice_graph",
    "target_graph",
    "splice_components",
    "splice_packages",
    "cheapest_splice_costs",
    "unusable_splice_cards",
    "write_graph",
]

GRAPH_FORMATS = ("graphml", "json", "png")
"""The formats :func:`write_graph` writes."""

SPLICE, TARGET = "splice", "target"
"""The values of the edge attribute ``kind``."""


@dataclass(frozen=True, slots=True)
class SkippedCard:
    """A card left out of the graph because text that bears on it is not read.

    Parameters
    ----------
    name : str
    role : str
        ``"spell"`` (an instant or sorcery with unread casting text) or
        ``"permanent"`` (unread text that may change who can target it).
    span : str
        The first unread span.
    reason : str
        Why it is not read.
    """

    name: str
    role: str
    span: str
    reason: str


@dataclass(frozen=True, slots=True)
class InteractionGraph:
    """The interaction graph of a card pool and what was left out of it.

    Parameters
    ----------
    graph : networkx.DiGraph
        Nodes are card names. Edge attribute ``kind`` is ``"splice"`` (splice
        card -> host) or ``"target"`` (spell -> permanent); see
        :func:`build_interaction_graph` for the other attributes.
    cards : int
        Cards in the pool.
    skipped : tuple of SkippedCard
        Cards whose relevant text is not read, in pool order.
    uncastable_hosts : tuple of str
        Instants and sorceries a splice card names but which have no mana
        cost, so can't be cast by paying it (CR 118.6): not hosts here.
    undecided : tuple of (str, str, str)
        (spell, permanent, reason) of the pairs the target rules can't judge
        from the cards alone (a quality naming power, of a permanent whose
        power a static ability changes, CR 613.4): no edge, never guessed.
    """

    graph: nx.DiGraph
    cards: int
    skipped: tuple[SkippedCard, ...]
    uncastable_hosts: tuple[str, ...]
    undecided: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class SplicePackage:
    """A maximal set of splice cards that can be spliced pairwise onto a common host.

    Parameters
    ----------
    cards : tuple of str
        The splice cards, sorted by name.
    common_hosts : tuple of str
        Hosts onto which every card of the package can be spliced (none of
        them a card of the package: CR 702.47a, 601.2a), sorted by name. Empty
        when the cards share a host two by two but no single one.
    """

    cards: tuple[str, ...]
    common_hosts: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SpliceCost:
    """The cheapest total cost of casting one host with one card spliced onto it (CR 601.2f).

    Parameters
    ----------
    splice : str
        The splice card.
    host : str
        The spell it is spliced onto.
    total_cost : ManaCost
        Host mana cost (X = 0) + the cheapest Spree mode's cost when the host
        has Spree (at least one mode is chosen, CR 702.172a) + splice cost.
    mana_value : int
        The mana value of ``total_cost`` (CR 202.3): the mana paid. The
        spell's own mana value stays the host's (CR 202.3, 702.47c).
    other_cost : str
        The part of the splice cost that is not mana, as printed ("tap an
        untapped white creature you control."); ``""`` when there is none.
    """

    splice: str
    host: str
    total_cost: ManaCost
    mana_value: int
    other_cost: str = ""


def _other_splice_cost(splice) -> str:
    """The part of a splice cost that is not mana (objects, or an opponent's life gain), as printed."""
    if splice.cost.objects:
        return splice.cost.objects[0].text
    return splice.cost.text if splice.cost.mana.is_empty else ""


def _letters(colors: Iterable[Color]) -> str:
    """Colours as WUBRG letters in WUBRG order (``""`` for colourless)."""
    present = set(colors)
    return "".join(c.letter for c in COLOR_ORDER if c in present)


def _is_instant_or_sorcery(card: Card) -> bool:
    return card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)


def _is_protected(abilities: CardAbilities) -> bool:
    return bool(
        abilities.protections
        or abilities.hexproof
        or abilities.hexproof_from
        or abilities.hexproof_from_qualities
        or abilities.shroud
    )


def _cheapest_mode_cost(abilities: CardAbilities) -> ManaCost | None:
    """The cheapest Spree mode cost (CR 702.172a), or None for a spell without Spree."""
    choice = abilities.mode_choice
    if choice is None or not choice.spree:
        return None
    costs = [m.cost or ManaCost.ZERO for m in abilities.modes]
    return min(costs, key=lambda cost: (cost.mana_value, str(cost))) if costs else None


def _target_specs(abilities: CardAbilities) -> list[tuple[TargetSpec, int | None]]:
    """Each instance of "target" in the text, with the 0-based mode it is in (None: main text)."""
    found: list[tuple[TargetSpec, int | None]] = [
        (spec, None) for instruction in abilities.spell_text for spec in instruction.targets
    ]
    found += [(spec, mode.index) for mode in abilities.modes for spec in mode.instruction.targets]
    return found


def _names_permanent(spec: TargetSpec, card: Card) -> bool:
    """Whether an instance of "target" names a permanent of this card by kind (CR 115.1, 110.4).

    A first sieve: whether the phrase can choose it at all is asked of the target rules (:func:`_block`).
    """
    return card.is_permanent_card and is_of_kinds(card.types, spec.kinds)


def _block(spell: Card, spec: TargetSpec, permanent: Card) -> tuple[str, str, bool] | None:
    """What stops ``spec`` of ``spell`` from choosing a permanent of this card, asked of the target rules.

    A two-player state is made: P1 casts the spell from hand, and the
    permanent is on the battlefield, controlled by an opponent (by P1 for
    "… you control"). The target rules of that cast's problem
    (:func:`solver.rules.targets.why_not_legal_target`) say why it can't be
    chosen; when an opponent can't choose it, they are asked again with P1
    controlling it, to tell a block that holds only for opponents (hexproof).

    Returns
    -------
    (str, str, bool) or None
        The rule, the reason, and whether the block holds only for an
        opponent of the permanent's controller; None when nothing stops it.
    """
    yours = spec.controller is ControllerFilter.YOU
    why = _why_not_target(spell, spec, permanent, "P1" if yours else "P2")
    if why is None:
        return None
    opponents_only = (
        not yours
        and spec.controller is not ControllerFilter.OPPONENT
        and _why_not_target(spell, spec, permanent, "P1") is None
    )
    return why.rule, _ability_named(why.message), opponents_only


def _why_not_target(spell: Card, spec: TargetSpec, permanent: Card, controller: str) -> Reason | None:
    objects = (
        GameObject(ObjectId("spell"), spell, Zone.HAND, PlayerId("P1"), PlayerId("P1")),
        GameObject(ObjectId("permanent"), permanent, Zone.BATTLEFIELD, PlayerId(controller), PlayerId(controller)),
    )
    players = (PlayerId("P1"), PlayerId("P2"))
    state = GameState(players, players[0], players[0], Phase.PRECOMBAT_MAIN, objects)
    problem = CastProblem(state, players[0], objects[0], parse_card(spell))
    return why_not_legal_target(problem, spec, "permanent")


def _ability_named(message: str) -> str:
    """The ability a target rule's sentence names: "Silver Knight (permanent) has protection from red; …"."""
    found = re.search(r"\bhas (.+?)(?:;| and \w+ is an opponent|, the colour|$)", message)
    return found.group(1).lower() if found else message


def _card_node(card: Card, abilities: CardAbilities) -> dict[str, object]:
    """Node attributes: scalars only, so that GraphML can hold them."""
    return {
        "type_line": card.type_line,
        "mana_cost": "" if card.mana_cost is None else str(card.mana_cost),
        "mana_value": card.mana_value,
        "colors": _letters(card.colors),
        "splice_quality": abilities.splice.quality if abilities.splice else "",
        "splice_cost": str(abilities.splice.cost.mana) if abilities.splice else "",
        "protection": "; ".join(p.text for p in abilities.protections),
        "hexproof": abilities.hexproof,
        "hexproof_from": _letters(abilities.hexproof_from),
        "shroud": abilities.shroud,
    }


def build_interaction_graph(cards: Iterable[Card]) -> InteractionGraph:
    """Build the splice and target/protection graph of a card pool.

    Parameters
    ----------
    cards : iterable of Card
        The pool, e.g. ``models.io.card_pool.default_card_database()``. A name
        given twice is one node.

    Returns
    -------
    InteractionGraph
        Its ``graph`` is a ``networkx.DiGraph`` whose nodes are card names
        with the attributes ``type_line``, ``mana_cost``, ``mana_value``,
        ``colors`` (WUBRG letters), ``splice_quality``, ``splice_cost``,
        ``protection``, ``hexproof``, ``hexproof_from``, ``shroud``.
        Splice edges (``kind="splice"``, splice card -> host, CR 702.47a)
        carry ``quality``, ``splice_cost``, ``host_colors``,
        ``splice_colors``, ``colors`` (both), ``mode_cost`` (the cheapest
        Spree mode of the host, ``""`` if it has no Spree), ``total_cost``
        (host mana cost + mode cost + splice cost, X = 0, CR 601.2f),
        ``total_mana_value`` (its mana value: mana paid) and ``mana_value``
        (the spell's: the host's, CR 202.3, 702.47c). Target edges
        (``kind="target"``, spell -> protected permanent) carry ``blocked``
        (True when no instance of "target" of the spell that names the
        permanent's type may choose it), ``rule`` and ``reason`` of the
        block (``""`` when not blocked), ``opponents_only`` (the block comes
        from hexproof: the permanent's controller may still choose it),
        ``phrases`` (the instances naming it, ``; ``-separated) and
        ``open_phrases`` (those that may still choose it).

    Notes
    -----
    Hosts are instants and sorceries with a mana cost whose casting text is
    read; a host without a mana cost can't be cast by paying it (CR 118.6)
    and is listed in ``uncastable_hosts``. Whether a splice card's own
    targets can be chosen depends on a game state (CR 702.47b): not checked
    here. A target edge takes the spell's own colour and types; spliced onto
    another host, the text takes the host's (CR 702.47c).

    Examples
    --------
    >>> from models.io.card_pool import default_card_database
    >>> db = default_card_database()
    >>> pool = [db.get(n) for n in ("Glacial Ray", "Reach Through Mists", "Silver Knight")]
    >>> found = build_interaction_graph(pool)
    >>> found.graph.edges["Glacial Ray", "Reach Through Mists"]["total_cost"]
    '{1}{U}{R}'
    >>> found.graph.edges["Glacial Ray", "Silver Knight"]["rule"]
    'CR 702.16b'
    """
    pool = _read_pool(cards)
    graph: nx.DiGraph[str] = nx.DiGraph()
    uncastable = _add_splice_edges(graph, pool.spells)
    undecided = _add_target_edges(graph, pool.spells, pool.protected)
    return InteractionGraph(graph, pool.cards, tuple(pool.skipped), tuple(sorted(uncastable)), tuple(undecided))


@dataclass(slots=True)
class _ReadPool:
    """The cards of a pool that may make edges, read, and those whose relevant text is not read.

    Attributes
    ----------
    cards : int
        Cards in the pool.
    spells : dict of str to (Card, CardAbilities)
        The instants and sorceries whose casting text is read, by name, in pool order.
    protected : dict of str to (Card, CardAbilities)
        The permanent cards with protection, hexproof or shroud whose text about targeting is read.
    skipped : list of SkippedCard
        The others of those, in pool order.
    """

    cards: int = 0
    spells: dict[str, tuple[Card, CardAbilities]] = field(default_factory=dict)
    protected: dict[str, tuple[Card, CardAbilities]] = field(default_factory=dict)
    skipped: list[SkippedCard] = field(default_factory=list)


def _read_pool(cards: Iterable[Card]) -> _ReadPool:
    """Read each card of the pool: the spells that may splice or be spliced onto or target, the protected permanents.

    A spell whose casting text is not read, or a permanent whose text about targeting is not read, is skipped,
    never guessed; a name given twice is one entry.
    """
    pool = _ReadPool()
    for card in cards:
        pool.cards += 1
        abilities = parse_card(card)
        if _is_instant_or_sorcery(card):
            unread = abilities.casting_unsupported
            if unread:
                pool.skipped.append(SkippedCard(card.name, "spell", unread[0].span, unread[0].reason))
                continue
            pool.spells[card.name] = (card, abilities)
        elif card.is_permanent_card and _is_protected(abilities):
            unread = tuple(u for u in abilities.permanent_unsupported if "targeting" in u.topics)
            if unread:
                pool.skipped.append(SkippedCard(card.name, "permanent", unread[0].span, unread[0].reason))
                continue
            pool.protected[card.name] = (card, abilities)
    return pool


def _add_splice_edges(graph: nx.DiGraph[str], spells: dict[str, tuple[Card, CardAbilities]]) -> set[str]:
    """Add an edge from each splice card to each host it may be spliced onto (CR 702.47a).

    Parameters
    ----------
    graph : networkx.DiGraph
        Given the splice cards, the hosts and the edges, splice card by splice card, hosts in pool order.
    spells : dict of str to (Card, CardAbilities)
        The instants and sorceries read (:func:`_read_pool`).

    Returns
    -------
    set of str
        The hosts a splice card names that have no mana cost, so can't be cast by paying it (CR 118.6).
    """
    uncastable: set[str] = set()
    splicers = [
        (name, card, abilities, abilities.splice) for name, (card, abilities) in spells.items() if abilities.splice
    ]
    for name, card, abilities, splice in splicers:
        graph.add_node(name, **_card_node(card, abilities))
        for host_name, (host, host_abilities) in spells.items():
            if host_name == name or not splice.applies_to(host.types, host.subtypes):
                continue  # never onto itself (CR 601.2a, 702.47a); the quality (CR 702.47a)
            if host.mana_cost is None:
                uncastable.add(host_name)
                continue
            graph.add_node(host_name, **_card_node(host, host_abilities))
            graph.add_edge(name, host_name, **_splice_edge(card, splice, host, host.mana_cost, host_abilities))
    return uncastable


def _splice_edge(
    card: Card, splice: SpliceAbility, host: Card, host_mana_cost: ManaCost, host_abilities: CardAbilities
) -> dict[str, object]:
    """The attributes of the edge from a splice card to a host (CR 702.47a, 601.2f, 202.3).

    The total cost is the host's mana cost (``host_mana_cost``, the host's own) with X = 0, its cheapest Spree
    mode's cost and the splice cost's mana; the spell's mana value stays the host's (CR 702.47c).
    """
    mode_cost = _cheapest_mode_cost(host_abilities)
    total = sum_costs([host_mana_cost.with_x(0), mode_cost or ManaCost.EMPTY, splice.cost.mana])
    return {
        "kind": SPLICE,
        "rule": "CR 702.47a",
        "quality": splice.quality,
        "splice_cost": str(splice.cost.mana),
        "host_colors": _letters(host.colors),
        "splice_colors": _letters(card.colors),
        "colors": _letters(host.colors | card.colors),
        "mode_cost": "" if mode_cost is None else str(mode_cost),
        "total_cost": str(total),
        "total_mana_value": total.mana_value,
        "mana_value": host.mana_value,
        "other_cost": _other_splice_cost(splice),
    }


def _add_target_edges(
    graph: nx.DiGraph[str],
    spells: dict[str, tuple[Card, CardAbilities]],
    protected: dict[str, tuple[Card, CardAbilities]],
) -> list[tuple[str, str, str]]:
    """Add an edge from each spell to each protected permanent an instance of "target" of it names (CR 115.1).

    Parameters
    ----------
    graph : networkx.DiGraph
        Given the spells, the permanents and the edges, spell by spell, permanents in pool order.
    spells, protected : dict of str to (Card, CardAbilities)
        The instants and sorceries, and the protected permanents, read (:func:`_read_pool`).

    Returns
    -------
    list of (str, str, str)
        (spell, permanent, reason) of the pairs the target rules can't judge from the cards alone: no edge.
    """
    undecided: list[tuple[str, str, str]] = []
    for spell_name, (spell, spell_abilities) in spells.items():
        specs = _target_specs(spell_abilities)
        if not specs:
            continue
        for permanent_name, (permanent, abilities) in protected.items():
            naming = [spec for spec, _ in specs if _names_permanent(spec, permanent)]
            if not naming:
                continue
            try:
                judged = _judged_phrases(spell, naming, permanent)
            except UnsupportedRuleError as exc:  # the rules can't judge this pair: never guessed
                undecided.append((spell_name, permanent_name, f"{exc.span}: {exc.reason}"))
                continue
            if not judged:
                continue
            graph.add_node(spell_name, **_card_node(spell, spell_abilities))
            graph.add_node(permanent_name, **_card_node(permanent, abilities))
            graph.add_edge(spell_name, permanent_name, **_target_edge(spell, judged))
    return undecided


def _judged_phrases(
    spell: Card, naming: list[TargetSpec], permanent: Card
) -> list[tuple[TargetSpec, tuple[str, str, bool] | None]]:
    """Each instance of "target" naming the permanent's kind, with what stops it from choosing it (:func:`_block`).

    An instance whose quality the permanent lacks ("target nonlegendary creature") does not name it (CR 115.1):
    left out.

    Raises
    ------
    UnsupportedRuleError
        The target rules can't judge the pair from the cards alone.
    """
    judged = [(spec, _block(spell, spec, permanent)) for spec in naming]
    return [(spec, block) for spec, block in judged if block is None or block[0] != "CR 115.1"]


def _target_edge(spell: Card, judged: list[tuple[TargetSpec, tuple[str, str, bool] | None]]) -> dict[str, object]:
    """The attributes of the edge from a spell to a permanent its instances of "target" name (CR 115.1).

    Blocked when every instance naming it is: the rule and reason are then the first block's.
    """
    naming, blocks = [spec for spec, _ in judged], [block for _, block in judged]
    open_phrases = [spec.phrase for spec, block in zip(naming, blocks) if block is None]
    first = next((block for block in blocks if block is not None), None)
    blocked = not open_phrases  # every phrase naming it is blocked, so first is a block
    rule, reason, opponents_only = first if blocked and first is not None else ("", "", False)
    return {
        "kind": TARGET,
        "blocked": blocked,
        "rule": rule,
        "reason": reason,
        "opponents_only": bool(opponents_only),
        "phrases": "; ".join(dict.fromkeys(spec.phrase for spec in naming)),
        "open_phrases": "; ".join(dict.fromkeys(open_phrases)),
        "spell_colors": _letters(spell.colors),
    }


def splice_graph(graph: nx.DiGraph) -> nx.DiGraph:
    """The splice edges of an interaction graph with every splice card as a node.

    Parameters
    ----------
    graph : networkx.DiGraph
        From :func:`build_interaction_graph`.

    Returns
    -------
    networkx.DiGraph
        A copy holding the splice cards (those with ``splice_quality``, even
        with no host) and the splice edges with their hosts.
    """
    found: nx.DiGraph[str] = nx.DiGraph()
    found.add_nodes_from((n, d) for n, d in graph.nodes(data=True) if d.get("splice_quality"))
    found.add_edges_from((u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] == SPLICE)
    for node in found:
        found.nodes[node].update(graph.nodes[node])
    return found


def target_graph(graph: nx.DiGraph) -> nx.DiGraph:
    """The target/protection edges of an interaction graph and their nodes.

    Parameters
    ----------
    graph : networkx.DiGraph
        From :func:`build_interaction_graph`.

    Returns
    -------
    networkx.DiGraph
        A copy holding only the ``kind="target"`` edges and their ends.
    """
    found: nx.DiGraph[str] = nx.DiGraph()
    found.add_edges_from((u, v, d) for u, v, d in graph.edges(data=True) if d["kind"] == TARGET)
    for node in found:
        found.nodes[node].update(graph.nodes[node])
    return found


def splice_components(graph: nx.DiGraph) -> list[tuple[str, ...]]:
    """The connected components of the splice graph (edge direction ignored).

    Parameters
    ----------
    graph : networkx.DiGraph
        From :func:`build_interaction_graph`.

    Returns
    -------
    list of tuple of str
        Each component's cards sorted by name; the largest first, ties by
        their first name. A splice card with no host is a component of one.
    """
    components = nx.weakly_connected_components(splice_graph(graph))
    return sorted((tuple(sorted(c)) for c in components), key=lambda c: (-len(c), c))


def splice_packages(graph: nx.DiGraph) -> list[SplicePackage]:
    """The maximal sets of splice cards that can be spliced together onto a common host.

    Two splice cards are related when some host other than both takes both
    (CR 702.47a; neither is spliced onto itself, CR 601.2a). A package is a
    maximal clique of that relation (``networkx.find_cliques``).

    Parameters
    ----------
    graph : networkx.DiGraph
        From :func:`build_interaction_graph`.

    Returns
    -------
    list of SplicePackage
        The largest first, then the one with more common hosts, then by
        card names. Splice cards with no host are in none.

    Notes
    -----
    The relation is pairwise: a package's cards share hosts two by two, and
    ``common_hosts`` says which hosts take all of them at once.
    """
    splices = splice_graph(graph)
    hosts = {n: set(splices.successors(n)) for n, d in splices.nodes(data=True) if d.get("splice_quality")}
    related: nx.Graph[str] = nx.Graph()
    related.add_nodes_from(n for n, found in hosts.items() if found)
    names = sorted(related)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            if hosts[first] & hosts[second] - {first, second}:
                related.add_edge(first, second)
    packages = []
    for clique in nx.find_cliques(related):
        members = set(clique)
        common = set.intersection(*(hosts[n] for n in members)) - members
        packages.append(SplicePackage(tuple(sorted(members)), tuple(sorted(common))))
    return sorted(packages, key=lambda p: (-len(p.cards), -len(p.common_hosts), p.cards))


def cheapest_splice_costs(graph: nx.DiGraph, top: int | None = None) -> list[SpliceCost]:
    """The total cost of each (splice card, host) pair, cheapest first (CR 601.2f, 702.47a).

    Parameters
    ----------
    graph : networkx.DiGraph
        From :func:`build_interaction_graph`.
    top : int or None
        Keep the first ``top``; all when None.

    Returns
    -------
    list of SpliceCost
        Sorted by mana value of the total cost, then the cost as printed,
        then splice card and host names.

    Raises
    ------
    InputError
        ``top`` is negative.
    """
    if top is not None and top < 0:
        raise InputError("--top", f"must be 0 or more (got {top})")
    found = [
        SpliceCost(u, v, ManaCost.parse(d["total_cost"]), d["total_mana_value"], d.get("other_cost", ""))
        for u, v, d in graph.edges(data=True)
        if d["kind"] == SPLICE
    ]
    # mana first; a cost that is also paid with objects or life comes after the same mana alone
    found.sort(key=lambda c: (c.mana_value, bool(c.other_cost), str(c.total_cost), c.splice, c.host))
    return found if top is None else found[:top]


def unusable_splice_cards(graph: nx.DiGraph) -> list[str]:
    """Splice cards with no host in the pool: their splice ability can never be used (CR 702.47a).

    Parameters
    ----------
    graph : networkx.DiGraph
        From :func:`build_interaction_graph`.

    Returns
    -------
    list of str
        Sorted by name.
    """
    splices = splice_graph(graph)
    return sorted(n for n in splices if splices.out_degree(n) == 0 and splices.nodes[n].get("splice_quality"))


def write_graph(graph: nx.DiGraph, path: str | Path, fmt: str) -> None:
    """Write the graph as GraphML, node-link JSON or a PNG drawing.

    The file is written whole or not at all: to a temporary file beside it,
    then renamed.

    Parameters
    ----------
    graph : networkx.DiGraph
    path : str or Path
        The file to write.
    fmt : str
        ``"graphml"`` (``networkx.write_graphml``), ``"json"``
        (``networkx.node_link_data``, edges under ``"edges"``) or ``"png"``
        (a drawing, matplotlib's Agg backend).

    Raises
    ------
    InputError
        An unknown format, a directory that does not exist or can't be
        written, or matplotlib missing for ``"png"``.
    """
    if fmt not in GRAPH_FORMATS:
        raise InputError("--format", f"unknown format {fmt!r} (choose from {', '.join(GRAPH_FORMATS)})")
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise InputError("--output", f"cannot write {str(path)!r}: no directory {str(directory)!r}")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    except OSError as exc:
        raise InputError("--output", f"cannot write {str(path)!r} ({exc.strerror})") from None
    os.close(handle)
    try:
        if fmt == "graphml":
            nx.write_graphml(graph, temporary)
        elif fmt == "json":
            with open(temporary, "w", encoding="utf-8") as out:
                json.dump(nx.node_link_data(graph, edges="edges"), out, ensure_ascii=False, indent=1)
        else:
            _draw(graph, temporary)
        os.chmod(temporary, 0o666 & ~_umask())  # as open() would make it, not mkstemp's 0600
        os.replace(temporary, path)
    except OSError as exc:
        raise InputError("--output", f"cannot write {str(path)!r} ({exc.strerror})") from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _columns(graph: nx.DiGraph) -> list[list[str]]:
    """The drawing's columns: splice cards, then hosts and spells, then permanents only targeted."""
    splicers = sorted(n for n, d in graph.nodes(data=True) if d.get("splice_quality"))
    permanents = sorted(
        n
        for n in graph
        if graph.in_degree(n)
        and all(d["kind"] == TARGET for _, _, d in graph.in_edges(n, data=True))
        and not graph.out_degree(n)
    )
    middle = sorted(set(graph) - set(splicers) - set(permanents))
    return [splicers, middle, permanents]


def _draw_edges(
    graph: nx.DiGraph, positions: Mapping[str, tuple[float, float]], columns: list[list[str]], axes: Any
) -> list[tuple[str, str]]:
    """Draw the edges by kind, each its colour; returns each kind's colour and legend (with its number)."""
    splice_edges = [(u, v) for u, v, d in graph.edges(data=True) if d["kind"] == SPLICE]
    open_edges = [(u, v) for u, v, d in graph.edges(data=True) if d["kind"] == TARGET and not d["blocked"]]
    blocked_edges = [(u, v) for u, v, d in graph.edges(data=True) if d["kind"] == TARGET and d["blocked"]]
    thin = 0.2 if graph.number_of_edges() > 500 else 0.8
    legend = []
    column_of = {node: x for x, column in enumerate(columns) for node in column}
    for edges, color, label in (
        (splice_edges, "tab:blue", "splice (CR 702.47a)"),
        (open_edges, "tab:green", "may target despite protection"),
        (blocked_edges, "tab:red", "can't target (CR 702.16b, 702.11, 702.18a)"),
    ):
        across = [(u, v) for u, v in edges if column_of[u] != column_of[v]]
        within = [(u, v) for u, v in edges if column_of[u] == column_of[v]]  # bent, not over the column
        # the stubs take arrows as a literal True or False (one overload each); networkx takes any bool
        nx.draw_networkx_edges(
            graph,
            positions,
            edgelist=across,
            edge_color=color,
            width=thin,
            alpha=0.5,
            arrows=len(edges) <= 200,
            ax=axes,
        )  # type: ignore[call-overload]
        if within:
            nx.draw_networkx_edges(
                graph,
                positions,
                edgelist=within,
                edge_color=color,
                width=thin,
                alpha=0.5,
                arrows=True,
                connectionstyle="arc3,rad=0.3",
                ax=axes,
            )
        legend.append((color, f"{label}: {len(edges):,}"))
    return legend


def _draw(graph: nx.DiGraph, path: str) -> None:
    """Draw the graph to a PNG: splice cards on the left, hosts and spells in the middle, permanents on the right."""
    try:
        import matplotlib
    except ImportError:
        raise InputError(
            "--format", "png needs the 'plot' extra (matplotlib): pip install -e '.[plot]' in a checkout"
        ) from None
    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.lines import Line2D

    splicers, middle, permanents = columns = _columns(graph)
    positions = {}
    for x, column in enumerate(columns):
        for i, node in enumerate(column):
            positions[node] = (x, -(i + 0.5) / max(len(column), 1))
    height = max(4.0, min(40.0, 0.22 * max(len(splicers), len(permanents), min(len(middle), 40))))
    figure, axes = pyplot.subplots(figsize=(14, height))
    handles = [
        Line2D([], [], color=color, linewidth=2, label=label)
        for color, label in _draw_edges(graph, positions, columns, axes)
    ]
    size = 30 if len(graph) > 200 else 120
    nx.draw_networkx_nodes(graph, positions, node_size=size, node_color="lightgray", edgecolors="black", ax=axes)
    labelled = set(splicers) | set(permanents) | (set(middle) if len(middle) <= 40 else set())
    for node in labelled:
        x, y = positions[node]
        align = "right" if x == 0 else "left"
        axes.text(x + (-0.02 if x == 0 else 0.02), y, node, fontsize=7, ha=align, va="center")
    axes.set_title(
        f"{len(splicers)} splice cards, {len(middle)} hosts and targeting spells, "
        f"{len(permanents)} protected permanents"
    )
    axes.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, -0.08), ncol=3, fontsize=8)
    axes.set_xlim(-0.6, 2.6)
    axes.axis("off")
    figure.tight_layout()
    figure.savefig(path, format="png", dpi=100)
    pyplot.close(figure)
