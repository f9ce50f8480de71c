"""The lark grammar of Oracle lines (``oracle.lark``): its parser, its start rules, and reading one line with it.

The grammar has one start rule per kind of line (:data:`LINE_RULES`); :func:`read_line` tries them in order and
gives the first that reads the whole line. The qualified-kind terminals are built from the words of
:mod:`models.oracle.words`.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
import tempfile
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from models.mana import ManaCost

from models.oracle.words import (
    BATCH_WORDS,
    CARD_TYPE_WORDS,
    COLOR_WORDS,
    KIND_WORDS,
    STATUS_WORDS,
    SUBTYPE_BY_WORD,
    alternatives,
)

__all__ = [
    "LINE_RULES",
    "quality_patterns",
    "oracle_parser",
    "any_terminal",
    "read_line",
    "tree_tokens",
    "first_token",
    "mana_cost_of",
]


LINE_RULES = (
    "keyword_line",
    "spree_mode",
    "modal_header",
    "bullet_mode",
    "additional_cost_line",
    "cost_modifier_line",
    "flash_permission_line",
    "timing_restriction_line",
    "player_ability_line",
    "alternative_cost_line",
    "self_cost_line",
    "free_cast_line",
    "mana_ability_line",
    "basic_mana_line",
    "triggered_line",
    "chapter_line",
    "activated_line",
    "effect",
)
"""The grammar's start rules, in the order a line is tried against them."""


def quality_patterns() -> dict[str, str]:
    """The regular expressions of the grammar's QUALIFIED_* terminals."""
    subtype = f"(?:{alternatives(SUBTYPE_BY_WORD)})(?:e?s)?"
    colour = alternatives(COLOR_WORDS)
    adjective = (
        f"(?:non(?:{colour}|{alternatives(KIND_WORDS)})|{colour}|{alternatives(STATUS_WORDS)}"
        f"|(?:non-?)?(?:{alternatives(BATCH_WORDS)})|(?:non-)?{subtype})"
    )
    adjectives = f"{adjective}(?:(?:, |,? or |,? and/or | ){adjective})*"
    not_joined = r"(?!,? or\b)(?!, )"  # "Spirit or enchantment": the "or" joins kinds, not qualities
    kind = f"(?:{alternatives(KIND_WORDS)})s?"
    # a card type before the kind: "artifact creature", "land creature" (CR 205.2a: the object has both types)
    typed_kind = f"(?:(?:{alternatives(KIND_WORDS[:4])}) )?{kind}"
    typed = f"(?:{alternatives(KIND_WORDS[:4])}) {kind}"
    # "target nontoken creature, then …": a comma is the phrase's end unless a kind follows it (a list)
    listed = (
        r"(?!,? (?:or|and/or)\b)(?!, (?:[a-z-]+ )?(?:"
        + alternatives([*KIND_WORDS, "player", "spell", "card"])
        + f"|{subtype}|tokens?)\b)"
        + r"(?!, [^.,;]*,? (?:or|and/or) )"
    )
    # one item of a list of kinds: its qualities are its own, side by side (no "or" inside an item)
    item = f"(?:(?:{adjective} )+(?:{typed_kind}|{subtype}|tokens?)|{subtype}|tokens?)"
    plain = f"(?:{kind})"
    joined = "(?:, |,? or |, and/or )"
    card_types = "(?:creature|artifact|enchantment|land|instant|sorcery|planeswalker|permanent)"
    # "… cards with mana value 3 or less", "… cards with total mana value 8 or less" (CR 202.3, 601.2c)
    card_with = (
        r"(?: with (?:mana value (?:\d+|x)(?: or (?:less|greater))?|power (?:\d+|x) or (?:less|greater)"
        r"|total (?:mana value|power) \d+ or less))?"
    )
    # a spell's qualities may be card types too: "artifact or enchantment spell" (CR 205.2a)
    spell_adjective = f"(?:{adjective}|{alternatives(CARD_TYPE_WORDS)})"
    spell_adjectives = f"{spell_adjective}(?:(?:, |,? or | ){spell_adjective})*"
    return {
        "__QUALIFIED_KIND__": rf"(?:(?:{adjectives} )?{typed}|{adjectives} {kind}|{adjectives} {subtype}|{subtype}"
        rf"|(?:{adjectives} )?tokens?)\b{listed}",
        # "Plains or Island", "black creature or black planeswalker", "Forest, green enchantment, or green
        # planeswalker": two or more kinds, one at least with qualities of its own or a subtype (CR 115.1, 205.3)
        "__QUALIFIED_KINDS__": rf"(?:(?:{plain}{joined})+{item}|{item}(?:{joined}(?:{item}|{plain}))+)\b"
        r"(?!,? (?:or|and/or)\b)(?!, )(?! (?:spells?|cards?)\b)",  # never cut short
        "__QUALIFIED_SPELL__": rf"{spell_adjectives} spells?\b{not_joined}",
        # "monocolored instant or sorcery card from your graveyard": a quality, then one or two card types
        "__QUALIFIED_CARD__": rf"(?:{adjectives} (?:{card_types} (?:or {card_types} )?)?|permanent )cards?{card_with}"
        r" (?:from|in) (?:your|a|an opponent's) graveyard\b"
        # "… in your graveyard with mana value less than or equal to the number of permanent cards in your graveyard"
        r"(?: with mana value less than or equal to the number of (?:permanent )?cards in your graveyard\b)?",
    }


@functools.cache
def oracle_parser() -> Lark:
    """The grammar's LALR parser: built once, then loaded prebuilt from the user's cache folder.

    Building it (the LALR tables and the contextual lexer) takes a third of a second; loading the built parser,
    saved by :meth:`lark.Lark.save` in ``oracle-grammar-<hash>.lark`` of
    :func:`~models.io.card_pool.cache_dir`, a few milliseconds. The hash covers the grammar text, lark's
    version and Python's, so a changed grammar is built again; a file that can't be read or written is
    ignored (the parser is then built, as without a cache).
    """
    grammar = resources.files("models.oracle").joinpath("oracle.lark").read_text("utf-8")
    for placeholder, pattern in quality_patterns().items():
        grammar = grammar.replace(placeholder, pattern.replace("/", "\\/"))
    start = sorted(LINE_RULES)
    digest = hashlib.sha256("\n".join((grammar, lark.__version__, sys.version, repr(start))).encode()).hexdigest()
    path = _grammar_cache_path(digest)
    if path is not None and path.exists():
        try:
            with open(path, "rb") as handle:
                return Lark.load(handle)
        except Exception:  # a file cut short or of another lark: built again below  # noqa: BLE001
            pass
    parser = Lark(grammar, parser="lalr", lexer="contextual", start=start)
    if path is not None:
        try:  # written whole, then renamed: another process reads the old file or the new one, never half
            with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".oracle-grammar-", delete=False) as out:
                parser.save(out)
            os.replace(out.name, path)
        except OSError:
            pass
    return parser


def _grammar_cache_path(digest: str) -> Path | None:
    """Where the built parser of a grammar is kept, or None when the cache folder can't be made."""
    from models.io.card_pool import cache_dir  # the card data modules import this one

    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder / f"oracle-grammar-{digest[:24]}.lark"


@functools.cache
def _first_token_patterns() -> dict[str, re.Pattern[str]]:
    """For each start rule, a pattern of the terminals a line it reads can begin with (its FIRST set).

    A line no such terminal matches at its start can't be read by the rule, so the rule is not tried:
    the answer is the same, found without the parser's failed attempts.
    """
    parser = oracle_parser()
    table = parser.parser.parser.parser.parse_table
    regexps = {terminal.name: terminal.pattern.to_regexp() for terminal in parser.terminals}
    patterns = {}
    for rule in LINE_RULES:
        first = [regexps[name] for name in table.states[table.start_states[rule]] if name in regexps]
        patterns[rule] = _any_of(first)
    return patterns


def _any_of(regexps: Iterable[str]) -> re.Pattern[str]:
    """One pattern matching where any of ``regexps`` does."""
    return re.compile("|".join(f"(?:{regexp})" for regexp in regexps))


def any_terminal(names: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern matching where any of the grammar's terminals ``names`` does."""
    return _any_of(t.pattern.to_regexp() for t in oracle_parser().terminals if t.name in names)


@functools.lru_cache(maxsize=65536)
def read_line(line: str) -> tuple[str, Tree[Token]] | UnexpectedInput:
    """Read one prepared line (lowercased, no reminder text) with the grammar.

    Parameters
    ----------
    line : str

    Returns
    -------
    (str, lark.Tree) or lark.exceptions.UnexpectedInput
        The start rule that read the whole line and its tree, or the error of
        the spell-text rule (the last tried) when none did. Results are
        cached per line: many cards share lines ("Flying", "Draw a card.").
    """
    parser = oracle_parser()
    first_tokens = _first_token_patterns()
    error: UnexpectedInput | None = None
    for rule in LINE_RULES:
        if rule != "effect" and (
            first_tokens[rule].match(line) is None or (rule == "activated_line" and ":" not in line)
        ):
            continue  # the rule can't read this line: its first token, or the colon of a cost, is missing
        try:
            return rule, parser.parse(line, start=rule)
        except UnexpectedInput as exc:
            error = exc.with_traceback(None)  # its frames would hold it: a reference cycle kept in the cache
    assert error is not None
    return error


def tree_tokens(tree: Tree[Token]) -> list[Token]:
    """Every token of a tree, in printed order."""
    return [t for t in tree.scan_values(lambda v: isinstance(v, Token))]


def first_token(tree: Tree[Token]) -> Token:
    """The first child of a rule whose grammar starts it with a terminal."""
    token = tree.children[0]
    assert isinstance(token, Token), tree.data
    return token


def mana_cost_of(tree: Tree[Token] | Token) -> ManaCost:
    """The mana cost a tree's tokens (or one token) spell: ``{2}{R}`` (CR 202.1)."""
    tokens = [tree] if isinstance(tree, Token) else tree_tokens(tree)
    return ManaCost.parse("".join(str(t) for t in tokens), path="oracle_text")
