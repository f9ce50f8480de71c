"""``legalcasts graph``: the interaction graph of a card pool and its reports."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable
from typing import Any

from models.errors import InputError
from models.io.card_index import CARDS_OPTION_HELP
from models.objects import Card
from solver.analysis import (
    GRAPH_FORMATS,
    InteractionGraph,
    build_interaction_graph,
    cheapest_splice_costs,
    splice_components,
    splice_packages,
    unusable_splice_cards,
    write_graph,
)

__all__ = ["add_graph_parser", "run_graph", "report_lines"]


def add_graph_parser(commands: argparse._SubParsersAction) -> None:
    """Add the ``graph`` sub-command to the ``legalcasts`` parser.

    Parameters
    ----------
    commands : argparse._SubParsersAction
        The sub-parsers of the ``legalcasts`` parser.
    """
    graph = commands.add_parser("graph", help="splice and target/protection interactions of a card pool")
    graph.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    graph.add_argument(
        "--format",
        choices=GRAPH_FORMATS,
        default=None,
        help="write the graph as GraphML, node-link JSON or a PNG drawing (needs --output)",
    )
    graph.add_argument("--output", metavar="FILE", help="where to write the graph")
    graph.add_argument(
        "--top",
        type=int,
        default=10,
        metavar="N",
        help="show the N largest packages and the N cheapest (splice card, host) pairs",
    )


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def report_lines(found: InteractionGraph, top: int) -> list[str]:
    """The report ``legalcasts graph`` prints.

    Parameters
    ----------
    found : InteractionGraph
    top : int
        How many packages, components and cheapest pairs to show.

    Returns
    -------
    list of str
        One line each.
    """
    graph = found.graph
    lines = _summary_lines(found)
    components = splice_components(graph)
    lines.append(f"splice components: {len(components)}")
    for component in components[:top]:
        cards = [n for n in component if graph.nodes[n]["splice_quality"]]
        lines.append(
            f"  {_plural(len(component), 'card')}, {_plural(len(cards), 'splice card')}: "
            f"{', '.join(cards[:8])}{', ...' if len(cards) > 8 else ''}"
        )
    lines += _package_lines(graph, top)
    cheapest = cheapest_splice_costs(graph, top)
    lines.append(f"cheapest total cost (host + splice), first {len(cheapest)}:")
    for cost in cheapest:
        other = f" (and {cost.other_cost.rstrip('.')})" if cost.other_cost else ""
        lines.append(f"  {cost.mana_value}  {str(cost.total_cost):<14} {cost.splice} onto {cost.host}{other}")
    unusable = unusable_splice_cards(graph)
    lines.append(f"splice cards with no host in the pool: {', '.join(unusable) if unusable else 'none'}")
    return lines


def _summary_lines(found: InteractionGraph) -> list[str]:
    """The report's first lines: the cards read and skipped, the graph's size, its splice and target edges."""
    graph = found.graph
    splice_edges = [d for _, _, d in graph.edges(data=True) if d["kind"] == "splice"]
    target_edges = [d for _, _, d in graph.edges(data=True) if d["kind"] == "target"]
    splicers = [n for n, d in graph.nodes(data=True) if d["splice_quality"]]
    roles = Counter(s.role for s in found.skipped)
    lines = [
        f"{_plural(found.cards, 'card')}; {_plural(len(found.skipped), 'card')} skipped, text not read "
        f"({roles['spell']:,} {'instant or sorcery' if roles['spell'] == 1 else 'instants or sorceries'}, "
        f"{_plural(roles['permanent'], 'permanent')} "
        "with unread targeting text)",
        f"graph: {_plural(graph.number_of_nodes(), 'node')}, {_plural(graph.number_of_edges(), 'edge')}",
        f"splice: {_plural(len(splicers), 'splice card')}, {_plural(len(splice_edges), 'edge')} (CR 702.47a)",
        f"target: {_plural(len(target_edges), 'edge')} from a spell to a protected permanent, "
        f"{sum(d['blocked'] for d in target_edges):,} blocked "
        f"({sum(d['opponents_only'] for d in target_edges):,} of them by hexproof, for opponents only)",
    ]
    if found.undecided:
        lines.append(
            f"target: {_plural(len(found.undecided), 'spell-permanent pair')} not judged, text not read "
            f"(e.g. {found.undecided[0][0]} and {found.undecided[0][1]}: {found.undecided[0][2]})"
        )
    if found.uncastable_hosts:
        lines.append(f"not hosts, no mana cost (CR 118.6): {', '.join(found.uncastable_hosts)}")
    return lines


def _package_lines(graph: Any, top: int) -> list[str]:
    """The splice packages: cards spliced together onto a common host (CR 702.47a), the first ``top`` shown."""
    packages = splice_packages(graph)
    lines = [f"splice packages (maximal cliques of 'spliced together onto a common host'): {len(packages)}"]
    for package in packages[:top]:
        hosts = package.common_hosts
        shown = f"{', '.join(hosts[:3])}{', ...' if len(hosts) > 3 else ''}"
        lines.append(
            f"  {len(package.cards)} cards, {_plural(len(hosts), 'common host')}"
            f"{' (' + shown + ')' if hosts else ' (pairwise only)'}: {', '.join(package.cards)}"
        )
    return lines


def run_graph(args: argparse.Namespace, cards: Iterable[Card]) -> int:
    """Run ``legalcasts graph``: print the report, write the graph when asked.

    Parameters
    ----------
    args : argparse.Namespace
        ``format``, ``output``, ``top``.
    cards : iterable of Card
        The pool.

    Returns
    -------
    int
        0.

    Raises
    ------
    InputError
        ``--format`` without ``--output`` or the other way round, a negative
        ``--top``, or a file that can't be written.
    """
    if args.top < 0:
        raise InputError("--top", f"must be 0 or more (got {args.top})")
    if (args.format is None) != (args.output is None):
        given, missing = ("--format", "--output") if args.output is None else ("--output", "--format")
        raise InputError(given, f"needs {missing}")
    found = build_interaction_graph(cards)
    if args.format is not None:
        write_graph(found.graph, args.output, args.format)
    for line in report_lines(found, args.top):
        print(line)
    if args.format is not None:
        print(f"wrote {args.format} to {args.output}")
    return 0
