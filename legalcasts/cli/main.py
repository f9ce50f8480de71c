"""The ``legalcasts`` command.

``legalcasts casts STATE`` lists the legal casts, ``legalcasts count STATE``
prints their number, ``legalcasts check STATE CAST`` says whether one cast is
legal and why not, ``legalcasts explain STATE`` says which parts of a cast are
unavailable, ``legalcasts resolve STATE --spell ID`` resolves a spell on the
stack and ``legalcasts copies STATE --spell ID`` lists the choices for a copy.
STATE is a game-state JSON file or a Forge puzzle (``.pzl``). ``coverage``,
``graph``, ``cards`` and ``batch`` work on card pools and many states. Bad
input gets one line on stderr naming the key path and exit code 2; text
legalcasts can't read gets one line and exit code 3.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import NoReturn

from models import CR_EDITION
from legalcasts.numbers import with_decimals
from models.cards import CardDatabase
from models.io.card_pool import default_card_database
from models.cast import COST_OBJECT_FIELDS, Cast
from models.errors import CastFormatError, InputError, LegalcastsError, UnsupportedRuleError, one_line
from models.io.card_index import CARDS_OPTION_HELP, load_card_database
from models.io.forge_pzl import load_puzzle
from models.io.state_json import load_state
from models.objects import Card, ObjectId, PlayerId
from models.oracle.coverage import Coverage, oracle_coverage
from models.oracle.parser import parse_card
from models.oracle.saved import enable_saved_readings
from models.state import GameState
from solver.backends import ENGINES
from legalcasts.batch import objects_to_cast
from legalcasts.cli.batch import add_batch_command, run_batch_command
from solver.build import refusal_in_an_empty_game
from legalcasts.cli.cards import add_cards_command, run_cards_command
from legalcasts.cli.state import add_state_command, print_puzzle_notes, run_state_command
from solver.copies import copy_choices
from solver.explain import explain_card
from legalcasts.cli.graph import add_graph_parser, run_graph
from legalcasts.cli.explore import add_explore_parser, listen, run_explore
from legalcasts.version import version_line
from solver.legal import LegalCasts, judging_view
from solver.build import check_stack_records
from solver.resolve import resolve
from solver.rules.zones import RESOLVING_KEYWORDS

__all__ = ["main", "CR_EDITION"]


EXIT_OK, EXIT_ILLEGAL, EXIT_INPUT, EXIT_UNSUPPORTED = 0, 1, 2, 3


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a process stopped by Ctrl-C


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, as for any bad input
        raise SystemExit(_fail(EXIT_INPUT, f"error: {message} (see {self.prog} --help)"))


def _fail(code: int, message: str) -> int:
    """Print one error line on stderr, its quoted values and length bounded (:func:`one_line`); return ``code``."""
    print(f"legalcasts: {one_line(message)}", file=sys.stderr)
    return code


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="legalcasts",
        description="Every legal way to cast a Magic: The Gathering spell in a game state "
        f"(Comprehensive Rules of {CR_EDITION}).",
        epilog="Exit codes: 0 done (check: legal), 1 check: illegal, 2 bad input, 3 card text legalcasts can't "
        "read, 130 interrupted. 'legalcasts COMMAND --help' gives a command's options.",
    )
    parser.add_argument("--version", action="version", version=version_line())
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("state", help="game-state JSON file or Forge puzzle (.pzl)")
        which = sub.add_mutually_exclusive_group()
        which.add_argument(
            "--card", metavar="NAME", help="the card in the player's hand to cast, by name (English or French)"
        )
        which.add_argument("--object", metavar="ID", help="the object to cast, by its id in the state file")
        sub.add_argument("--player", metavar="ID", help="the caster (default: the player with priority)")
        sub.add_argument(
            "--without-paying-mana-cost",
            action="store_true",
            help="cast without paying the mana cost (CR 118.9); additional costs are still paid",
        )
        sub.add_argument(
            "--resolving",
            choices=sorted(RESOLVING_KEYWORDS),
            default=None,
            help="cast as this keyword's trigger resolves, for its cost: a madness card in exile, the "
            "discard just made (CR 702.35a); a miracle card in the hand, revealed as drawn (CR "
            "702.94a); a suspended card in exile, its last time counter removed, without paying its mana cost "
            "(CR 702.62a); no priority or timing needed (CR 608.2g)",
        )
        sub.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
        sub.add_argument(
            "--backend",
            choices=sorted(ENGINES),
            default=None,
            help="the solver; every one gives the same casts (default: fast, the decomposition)",
        )
        sub.add_argument(
            "--strict",
            action="store_true",
            help="exit 3 when any card to cast has text legalcasts can't read (default: leave such "
            "a card out, name it on stderr, and go on with the others)",
        )

    casts = commands.add_parser("casts", help="list the legal casts")
    common(casts)
    casts.add_argument("--limit", type=int, metavar="N", help="list at most N casts")
    casts.add_argument(
        "--format",
        choices=("table", "jsonl"),
        default="table",
        help="table: one row per cast, for reading (default); jsonl: one JSON object per cast, the "
        "form 'check' and the state file's 'cast' read",
    )
    count = commands.add_parser("count", help="print the number of legal casts")
    common(count)
    count.add_argument(
        "--format",
        choices=("number", "json"),
        default="number",
        help='number: the number alone (default); json: {"count": N}, with "count_decimal": "N" beside it '
        "when N is past 2**53 - 1, for readers whose numbers are doubles or 64-bit integers",
    )
    check = commands.add_parser("check", help="check casts, one per line (as 'casts --format jsonl' writes them)")
    check.add_argument("state", help="game-state JSON file or Forge puzzle (.pzl)")
    check.add_argument(
        "cast",
        help="JSON file holding one cast object, or JSON lines holding one cast each "
        "(the output of 'casts --format jsonl'): each is checked",
    )
    check.add_argument("--player", metavar="ID", help="the caster (default: the card's owner)")
    check.add_argument(
        "--without-paying-mana-cost",
        action="store_true",
        help="the casts are without paying the mana cost (CR 118.9): an effect lets the player cast "
        "so; without it, a cast that says so is legal only where the state grants it (a "
        "plotted card, a 'may_cast' without paying)",
    )
    check.add_argument(
        "--resolving",
        choices=sorted(RESOLVING_KEYWORDS),
        default=None,
        help="the casts are made as this keyword's trigger resolves (CR 702.35a, 702.62a, 702.94a, 608.2g); "
        "without it, a madness, miracle or suspend cast is illegal",
    )
    check.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    explain = commands.add_parser("explain", help="say which modes, splices and targets are unavailable, and why")
    common(explain)
    resolve = commands.add_parser("resolve", help="resolve a spell on the stack (CR 608.2b)")
    resolve.add_argument("state", help="game-state JSON file; the spell carries its 'cast' record")
    resolve.add_argument("--spell", metavar="ID", required=True, help="the spell on the stack")
    resolve.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    copies = commands.add_parser("copies", help="list the choices for a copy of a spell (CR 707.10)")
    copies.add_argument("state", help="game-state JSON file; the spell carries its 'cast' record")
    copies.add_argument("--spell", metavar="ID", required=True, help="the spell on the stack")
    copies.add_argument("--player", metavar="ID", help="who controls the copy (default: the spell's controller)")
    copies.add_argument("--keep-targets", action="store_true", help="the copying effect does not allow new targets")
    copies.add_argument("--count", action="store_true", help="print the number of choices only")
    copies.add_argument(
        "--format",
        choices=("table", "jsonl"),
        default="table",
        help="table: one numbered line per choice, for reading (default); jsonl: one JSON object per choice",
    )
    copies.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    coverage = commands.add_parser(
        "coverage",
        help="how many instants and sorceries the grammar reads (default: the embedded card pool, about 30 s)",
    )
    coverage.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    coverage.add_argument(
        "--top", type=int, default=15, metavar="N", help="show the N most common reasons (0 or more; default 15)"
    )
    serve = commands.add_parser(
        "serve", help="answer JSON-RPC 2.0 requests: lines on stdio, or HTTP with --port (docs/service.md)"
    )
    serve.add_argument(
        "--port",
        type=int,
        metavar="N",
        help="serve HTTP on this port (0: a free one, printed on stderr); default: lines on stdio",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        help="the address HTTP listens on (default 127.0.0.1, the loopback; there is no authentication)",
    )
    serve.add_argument(
        "--http",
        action="store_true",
        help="serve HTTP (on --port, or a free one) with the explorer page, which may load state files under the "
        "current folder (docs/explorer.md)",
    )
    serve.add_argument("--cards", metavar="FILE", help=CARDS_OPTION_HELP)
    add_graph_parser(commands)
    add_explore_parser(commands)
    add_cards_command(commands)
    add_state_command(commands, CARDS_OPTION_HELP)
    add_batch_command(commands)
    return parser


def _objects_to_cast(
    state: GameState, args: argparse.Namespace, cards: CardDatabase
) -> tuple[PlayerId, list[ObjectId]]:
    if args.object:
        player = PlayerId(args.player or state.priority)
        if player not in state.players:
            raise InputError("--player", f"unknown player {player!r} (players are {', '.join(state.players)})")
        if not state.has_object(args.object):
            raise InputError("--object", f"no object with id {args.object!r} in the state")
        return player, [ObjectId(args.object)]
    resolving = getattr(args, "resolving", None)
    if resolving:  # the player's cards where the keyword's trigger finds them (a madness card in exile)
        caster = PlayerId(args.player or state.priority)
        zone = RESOLVING_KEYWORDS[resolving][0]
        candidates = [o.id for o in state.objects_in(zone) if o.owner == caster]
        return objects_to_cast(state, cards, player=args.player, card=args.card, candidates=candidates)
    return objects_to_cast(state, cards, player=args.player, card=args.card)


def _note_left_out(
    state: GameState, left_out: list[tuple[ObjectId, UnsupportedRuleError]], strict: bool, anything_else: bool
) -> None:
    """Name the cards a command over several cards leaves out because legalcasts can't read their text.

    Raises the first error (exit 3) under ``--strict``, or when no other card is left: then there is nothing
    else to report, and a count of 0 would be a silent wrong answer.
    """
    if not left_out:
        return
    if strict or not anything_else:
        raise left_out[0][1]
    for object_id, error in left_out:
        print(
            f"legalcasts: left out {state.object(object_id).name} ({object_id}), text not read: {error} "
            "(the other cards are done; --strict: exit 3 instead)",
            file=sys.stderr,
        )


def _views(state: GameState, args: argparse.Namespace, cards: CardDatabase) -> list[tuple[LegalCasts, int]]:
    """The views of the cards to cast, each with its count; a card whose text can't be read is named and left out.

    See ``--strict``. Counting is where some text is read, so each view is counted here, before any output.
    """
    from solver.actions import PositionCasts

    player, object_ids = _objects_to_cast(state, args, cards)
    position = PositionCasts(
        state,
        player,
        objects=object_ids,
        without_paying_mana_cost=args.without_paying_mana_cost,
        backend=args.backend,
        resolving=args.resolving,
    )
    _note_left_out(state, position.left_out, args.strict, anything_else=bool(position.views))
    return list(zip(position.views, position.counts))


def _target_label(target: str, state: GameState) -> str:
    """A chosen target for the table, named.

    A player by id; an object whose id says nothing of it (a Forge puzzle's ``ai-battlefield-1`` or ``5``) by its
    card name too: ``Loch Dragon (ai-battlefield-1)``.
    """
    if re.fullmatch(r"\d+|(?:human|ai)-[a-z]+-\d+", target) and state.has_object(target):
        name = state.object(target).name
        return f"{name} ({target})" if name else target
    return target


def _describe_targets(cast: Cast, state: GameState) -> str:
    parts = []
    for choice in cast.targets:
        where = "" if choice.source == cast.card else f"[{choice.source}] "
        labels = [_target_label(t, state) for t in choice.targets]
        chosen = [f"{t} ({amount})" for t, amount in zip(labels, choice.division)] if choice.division else labels
        parts.append(f"{where}{choice.phrase}: {', '.join(chosen) or '-'}")
    return "; ".join(parts) or "-"


def _describe_costs(cast: Cast) -> str:
    """Prototyped (CR 718.3), X, the alternative cost, optional costs and the objects paying costs, for the table."""
    parts = ["prototyped"] if cast.prototyped else []
    if cast.x is not None:
        parts.append(f"X={cast.x}")
    if cast.alternative_cost is not None:
        parts.append(cast.alternative_cost)
    for keyword, times in cast.additional_costs:
        parts.append(keyword if times == 1 else f"{keyword} x{times}")
    if cast.gift_recipient is not None:
        parts.append(f"gift to {cast.gift_recipient}")
    for action, field in COST_OBJECT_FIELDS.items():
        objects = getattr(cast, field)
        if objects:
            parts.append(f"{action.value} {', '.join(objects)}")
    return "; ".join(parts) or "-"


_ALWAYS_SHOWN = ("#", "card", "total cost", "mana value")
"""The table's columns shown even when empty; the others are left out when every row has "-" there."""
_NO_WRAP = ("#", "total cost", "mana value")
"""Columns never wrapped nor cut: a cost is read whole ({1}{U}{R}, never {1}{U}{…)."""


def _print_table(views: list[tuple[LegalCasts, int]], limit: int | None, state: GameState) -> int:
    """Print the casts as a table (rich), then the number shown and the total.

    Columns every row leaves empty ("-": no modes, no splices) are not drawn, and the cost columns never wrap,
    so the total cost is whole at 80 columns. With ``--limit 0``, or no legal cast, there is no table.
    """
    from rich.console import Console
    from rich.table import Table

    total = sum(count for _, count in views)
    rows = _table_rows(views, limit, state)
    # A terminal's width, or $COLUMNS; else (a pipe, a file) 200 columns
    console = Console(width=None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 200)
    if rows:
        shown = [i for i, name in enumerate(_COLUMNS) if name in _ALWAYS_SHOWN or any(row[i] != "-" for row in rows)]
        table = Table(show_lines=False)
        for i in shown:
            table.add_column(_COLUMNS[i], no_wrap=_COLUMNS[i] in _NO_WRAP, overflow="fold")
        for row in rows:
            table.add_row(*(row[i] for i in shown))
        console.print(table)
    noun = f"legal cast{'s' if total != 1 else ''}"
    if len(rows) < total:
        console.print(f"{len(rows)} of {total} {noun} shown (--limit {limit})")
    else:
        console.print(f"{total} {noun}")
    return EXIT_OK


_COLUMNS = ("#", "card", "modes", "splices (order)", "targets", "costs paid with", "total cost", "mana value")
"""The table's columns, in order."""


def _table_rows(views: list[tuple[LegalCasts, int]], limit: int | None, state: GameState) -> list[tuple[str, ...]]:
    """One row of :data:`_COLUMNS` per cast, the first ``limit`` (all when None), markup escaped."""
    from rich.markup import escape

    rows: list[tuple[str, ...]] = []
    for view, _ in views:
        modes_text = {m.index: m.instruction.text for m in view.problem.abilities.modes}
        for cast in view:
            if limit is not None and len(rows) >= limit:
                break
            rows.append(
                (
                    str(len(rows) + 1),
                    escape(f"{cast.name} ({cast.card})"),
                    escape("; ".join(f"{i + 1}: {modes_text[i]}" for i in cast.modes) or "-"),
                    escape(", ".join(cast.splices) or "-"),
                    escape(_describe_targets(cast, state)),
                    escape(_describe_costs(cast)),
                    str(cast.total_cost) or "{0}",
                    str(cast.mana_value),
                )
            )
    return rows


def _check(state: GameState, args: argparse.Namespace) -> int:
    """``check``: one cast, or each line of a JSON-lines file of casts (``casts --format jsonl``).

    One cast prints ``legal``, or ``illegal`` and each broken rule. Several print one verdict per line,
    ``FILE:N: legal``, then the number of legal and illegal casts. Exit code 1 when any cast is illegal.
    """
    from models.io.text import parse_json, read_input_text

    try:
        text = read_input_text(Path(args.cast), "cast file")
    except InputError as exc:
        raise CastFormatError(exc.path, exc.message) from None
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
    try:
        single = [(0, parse_json(text, args.cast, CastFormatError))]
    except CastFormatError:
        if len(lines) < 2:
            raise
        single = None
    records = single or [(number, parse_json(line, f"{args.cast}:{number}", CastFormatError)) for number, line in lines]
    casts = []
    for number, data in records:  # every record is read before any verdict: a bad one is one error, nothing else
        where = f"{args.cast}:{number}" if number else args.cast
        cast = Cast.from_json(data, path=f"{where}: cast")
        if not state.has_object(cast.card):
            raise InputError(f"{where}: cast.card", f"no object with id {cast.card!r} in the state")
        casts.append((where, cast))
    illegal = 0
    for where, cast in casts:
        view = judging_view(
            state,
            cast,
            player=args.player,
            without_paying_mana_cost=args.without_paying_mana_cost,
            resolving=args.resolving,
        )
        reasons = view.why_illegal(cast)
        illegal += bool(reasons)
        verdict = "legal" if not reasons else "illegal"
        print(verdict if single else f"{where}: {verdict}")
        for broken in reasons:
            print(f"- {broken}")
        for note in () if reasons else view.derived_field_notes(cast):
            print(f"note: {note}")
    if not single:
        print(f"{len(casts) - illegal} of {len(casts)} casts legal, {illegal} illegal")
    return EXIT_ILLEGAL if illegal else EXIT_OK


def _print_resolution(resolution) -> int:
    verdict = "resolves" if resolution.resolves else "does not resolve"
    print(f"{resolution.name} ({resolution.spell}) {verdict} ({resolution.rule}): {resolution.explanation}")
    for number, step in enumerate(resolution.instructions, start=1):
        where = "" if step.source == resolution.spell else f"[spliced {step.source}] "
        mode = "" if step.mode is None else f"[mode {step.mode + 1}] "
        print(f"{number}. {where}{mode}{step.text} -> {'happens' if step.happens else 'does not happen'}")
        for status in step.targets:
            state_text = "legal" if status.legal else f"illegal, ignored: {status.reason}"
            print(f"   {status.phrase}: {status.target} ({state_text})")
    return EXIT_OK


@contextlib.contextmanager
def _in_file(path: str) -> Iterator[None]:
    """Name the state file in the errors of a spell's cast record (they are found after the file is read)."""
    try:
        yield
    except CastFormatError as exc:
        raise CastFormatError(f"{path}: {exc.path}", exc.message) from None


def _cards_the_reader_reads(cards: Iterable[Card], failed: list[tuple[str, str]]) -> Iterator[Card]:
    """The cards of a pool the Oracle reader gets through, one at a time; (name, error) of the others into ``failed``.

    The reader marks text it can't read as unsupported; an exception from it is a bug. A pool-wide report
    (``coverage``, ``graph``) names such cards and goes on with the others, as one bad card never stops a run
    over many. Each card is yielded right after it is read, so the report's own reading finds it in the
    reader's cache.
    """
    for card in cards:
        try:
            parse_card(card)
        except Exception as exc:  # a bug of the reader: named in the report, never counted as read
            failed.append((card.name, f"{type(exc).__name__}: {exc}"))
        else:
            yield card


def _data_lacking(count: int) -> str:
    """The note on cards unsupported only because the card data lacks a face that may be cast."""
    return f", {count} of them only because the card data lacks a face's text" if count else ""


def _coverage(found: Coverage, top: int) -> int:
    """Print the report of ``legalcasts coverage``: the share read, and the ``top`` reasons of the rest."""
    share = 100 * found.modelled / found.spells if found.spells else 0.0
    print(
        f"{found.modelled} of {found.spells} instants and sorceries fully modelled ({share:.1f}%); "
        f"{found.unsupported} unsupported{_data_lacking(found.data_lacking)}"
    )
    for reason, count in found.blocking[:top]:
        print(f"{count:5d}  {reason}  (e.g. {found.examples[reason]})")
    if found.others:
        share = 100 * found.others_modelled / found.others
        print(
            f"{found.others_modelled} of {found.others} other cards with their casting-relevant text fully "
            f"read ({share:.1f}%); {found.others - found.others_modelled} unsupported"
            f"{_data_lacking(found.others_data_lacking)}"
        )
        for reason, count in found.others_blocking[:top]:
            print(f"{count:5d}  {reason}  (e.g. {found.others_examples[reason]})")
    if found.skipped:
        total = sum(count for _, count in found.skipped)
        print(f"{total} records skipped: not cards that can be cast, or not readable as cards")
        for reason, count in found.skipped[:top]:
            print(f"{count:5d}  {reason}  (e.g. {found.skipped_examples[reason]})")
    return EXIT_OK


def _serve(args: argparse.Namespace, cards: CardDatabase) -> int:
    """``serve``: JSON-RPC 2.0 over stdio lines, or over HTTP with ``--port`` or ``--http`` (and the explorer page)."""
    from legalcasts.service.transports import serve_stdio
    from legalcasts.service import Service

    service = Service(cards, files=Path.cwd() if args.http else None)  # --http: the page may load state files
    if args.port is None and not args.http:
        return serve_stdio(service)
    return listen(service, args.host, 0 if args.port is None else args.port)


def _run(args: argparse.Namespace) -> int:
    """Run one command: those of the card data first, then those of a state file."""
    if args.command == "cards":
        return run_cards_command(args)
    if args.command == "batch":
        return run_batch_command(args)
    cards = load_card_database(args.cards) if args.cards else default_card_database()
    if args.command == "serve":
        return _serve(args, cards)
    if args.command == "explore":
        return run_explore(args, cards)
    if args.command in ("coverage", "graph"):
        return _read_pool(args, cards)
    if args.command == "state":
        return run_state_command(args, cards)
    state = _state_of(args, cards)
    if args.command == "check":
        return _check(state, args)
    if args.command == "resolve":
        with _in_file(args.state):
            resolution = resolve(state, args.spell)
        return _print_resolution(resolution)
    if args.command == "copies":
        return _copies(state, args)
    if args.command == "explain":
        return _explain(state, args, cards)
    return _casts(state, args, cards)


def _read_pool(args: argparse.Namespace, cards: CardDatabase) -> int:
    """``coverage`` and ``graph``: every card of the pool read, those the reader fails on named, the others used."""
    if args.command == "coverage" and args.top < 0:
        raise InputError("--top", f"must be 0 or more (got {args.top})")
    failed: list[tuple[str, str]] = []
    try:
        read = _cards_the_reader_reads(cards, failed)
        if args.command == "graph":
            return run_graph(args, read)
        return _coverage(oracle_coverage(read, getattr(cards, "skipped", ()), refusal_in_an_empty_game), args.top)
    finally:
        if failed:  # a bug of the reader, named: the other cards were counted
            listed = "; ".join(f"{name} ({error})" for name, error in failed[:5])
            more = f"; and {len(failed) - 5:,} more" if len(failed) > 5 else ""
            print(
                f"legalcasts: the Oracle reader fails on {len(failed):,} card{'s' if len(failed) > 1 else ''}, "
                f"left out: {listed}{more}",
                file=sys.stderr,
            )


def _state_of(args: argparse.Namespace, cards: CardDatabase) -> GameState:
    """The state file or Forge puzzle of a command, its notes printed and its stack records judged."""
    if str(args.state).casefold().endswith(".pzl"):  # a Forge puzzle: what it reads and ignores, noted
        puzzle = load_puzzle(args.state, cards)
        state = puzzle.state
        print_puzzle_notes(puzzle, args.state)
    else:
        state = load_state(args.state, cards)
    with _in_file(args.state):  # a spell's record on the stack that no cast of it could have is bad input
        check_stack_records(state)
    return state


def _copies(state: GameState, args: argparse.Namespace) -> int:
    """``copies``: the choices for a copy of a spell on the stack, or their number (CR 707.10)."""
    with _in_file(args.state):
        choices = copy_choices(state, args.spell, new_targets=not args.keep_targets, controller=args.player)
    if args.count:
        print(choices.count())
        return EXIT_OK
    if args.format == "jsonl":
        for cast in choices:
            print(json.dumps(cast.to_json(), ensure_ascii=False))
        return EXIT_OK
    for number, cast in enumerate(choices, start=1):
        print(f"{number}. {_describe_targets(cast, state)}")
    count = choices.count()
    kept = []
    if choices.original.modes:
        modes = choices.original.modes
        kept.append(f"mode{'s' if len(modes) > 1 else ''} {', '.join(str(m + 1) for m in modes)}")
    if choices.original.splices:
        kept.append(f"the text of {', '.join(choices.original.splices)} spliced onto it")
    keeps = f"; it keeps {' and '.join(kept)}" if kept else ""
    print(
        f"{count} choice{'s' if count != 1 else ''} for a copy of {choices.original.name} ({args.spell})"
        f"{keeps}; nothing new can be spliced (CR 707.10)"
    )
    return EXIT_OK


def _explain(state: GameState, args: argparse.Namespace, cards: CardDatabase) -> int:
    """``explain``: what can't be chosen of each card, and why; cards whose text isn't read named and left out."""
    player, object_ids = _objects_to_cast(state, args, cards)
    if not object_ids:
        print(f"{player} has no card to cast: their hand is empty, and no card of their graveyard may be cast")
        return EXIT_OK
    explained, left_out = [], []
    for object_id in object_ids:
        try:
            explained.append(
                explain_card(
                    state,
                    object_id,
                    player=player,
                    without_paying_mana_cost=args.without_paying_mana_cost,
                    backend=args.backend,
                    resolving=args.resolving,
                )
            )
        except UnsupportedRuleError as error:
            left_out.append((ObjectId(object_id), error))
    _note_left_out(state, left_out, args.strict, anything_else=bool(explained))
    for explanation in explained:
        print("\n".join(explanation.lines()))
    return EXIT_OK


def _casts(state: GameState, args: argparse.Namespace, cards: CardDatabase) -> int:
    """``count`` and ``casts``: the number of legal casts, or the casts as a table or JSON lines."""
    if getattr(args, "limit", None) is not None and args.limit < 0:
        raise InputError("--limit", f"must be 0 or more (got {args.limit})")
    views = _views(state, args, cards)  # builds every problem first: errors before any output
    if args.command == "count":
        total = sum(count for _, count in views)
        print(json.dumps(with_decimals({"count": total})) if args.format == "json" else total)
        return EXIT_OK
    if args.format == "table":
        return _print_table(views, args.limit, state)
    shown = 0
    for view, _ in views:
        for cast in view:
            if args.limit is not None and shown >= args.limit:
                return EXIT_OK
            print(json.dumps(cast.to_json(), ensure_ascii=False))
            shown += 1
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line.

    Parameters
    ----------
    argv : sequence of str or None
        Arguments without the program name; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        0 done (``check``: legal), 1 ``check``: illegal, 2 bad input,
        3 text legalcasts can't read, 130 interrupted (Ctrl-C). With no
        arguments, the help is printed and 0 returned.
    """
    parser = _build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:  # no command: the usage and the commands, as --help gives them
        parser.print_help()
        return EXIT_OK
    try:
        args = parser.parse_args(argv)
        enable_saved_readings()  # cards read by an earlier call are not read again (models.oracle.saved)
        return _run(args)
    except SystemExit as exc:
        return int(exc.code or 0)
    except KeyboardInterrupt:
        return _fail(EXIT_INTERRUPTED, "interrupted")
    except RecursionError:  # a value nested deeper than any reader of ours checks
        return _fail(EXIT_INPUT, "error: the input is nested too deeply to read")
    except UnsupportedRuleError as exc:
        return _fail(EXIT_UNSUPPORTED, f"unsupported: {exc}")
    except (InputError, LegalcastsError) as exc:
        return _fail(EXIT_INPUT, f"error: {exc}")
    except BrokenPipeError:
        sys.stderr.close()
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
