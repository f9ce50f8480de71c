"""Keyword lines (CR 702): the keyword abilities a line of the grammar's ``keyword_line`` rule names."""

from __future__ import annotations

import functools
import re

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from models.abilities import (
    FACE_DOWN_KEYWORDS,
    OTHER_ZONE_KEYWORDS,
    AlternativeCost,
    CardAbilities,
    Count,
    Cost,
    CostModifier,
    ObjectCost,
    Protection,
    SpliceAbility,
    UnsupportedText,
)
from models.choices import CostAction
from models.errors import InputError
from models.mana import Color, ManaCost
from models.objects import CardType, Zone

from models.oracle.costs import object_cost
from models.oracle.grammar import any_terminal, first_token, mana_cost_of, oracle_parser, tree_tokens
from models.oracle.keyword_costs import (
    KEYWORD_COSTS, ZONE_COST_KEYWORDS, ZONE_KEYWORDS, bestow_cost, cast_keyword_cost, combat_damage_alternative,
    optional_keyword_cost, read_affinity, read_conspire, read_emerge, read_gift, read_strive, sacrifice_keyword,
    turn_alternative_cost,
)
from models.oracle.unread import PERMANENT_RELEVANT, topics_of
from models.oracle.words import COLOR_WORDS, TYPE_WORDS, strip_reminder

__all__ = [
    "KEYWORD_SHAPED", "KEYWORD_COST_DASH", "WITH_ITS_COST", "battlefield_keyword_start", "keyword_then_cost",
    "keyword_abilities", "parse_granted",
]


# A line shaped like a keyword ability (CR 702): no sentence, so no closing period, colon or quote; a modal
# bullet or a power/toughness line ("4/4", a level up card's) is not one.
KEYWORD_SHAPED = re.compile(r"(?!.*•)(?!level \d)(?!\d+/\d+$).*[^.:\"~]")


# "Flashback—{R}, Pay 3 life.", "Ward—Discard a card.": a keyword and a cost joined by an unspaced dash
# (an ability word's dash is spaced: "Landfall — Whenever …")
KEYWORD_COST_DASH = re.compile(r"[a-z][a-z' -]*[a-z0-9]—\S")


WITH_ITS_COST = re.compile(r"—| ?\{| \d| x\b|\.?$")
"""What follows a keyword with its cost, or alone ("Flashback—…", "Escape {…", "Suspend 4—…", "Suspend X—…",
"Mayhem"); not a line about the keyword ("Flashback costs you pay cost {2} less.")."""


@functools.cache
def battlefield_keyword_start() -> re.Pattern[str]:
    """The keywords of the grammar that don't change how the card is cast from the hand, at a line's start.

    A keyword line that starts with one but is not read ("Protection from non-Spirit creatures", "Flashback—{R},
    Pay 3 life.") bears on the card as a permanent, or on casting it from another zone, not from the hand.
    """
    return any_terminal(("COMBAT_KEYWORD", "NUMBERED_KEYWORD", "HAND_KEYWORD", "LANDWALK", "PROTECTION_FROM",
                          "HEXPROOF", "HEXPROOF_FROM", "SHROUD", "WARD"))


def keyword_then_cost(line: str) -> bool:
    """Whether a line is a keyword of the grammar followed by a cost ("Flashback {3}{B}, Pay 3 life.", CR 702)."""
    keyword = battlefield_keyword_start().match(line) or _cast_keyword_start().match(line)
    return keyword is not None and line[keyword.end():].startswith((" {", "—"))


@functools.cache
def _cast_keyword_start() -> re.Pattern[str]:
    """The keywords that change how the card is cast from the hand, at a line's start (CAST_KEYWORD, COST_KEYWORD)."""
    return any_terminal(("CAST_KEYWORD", "COST_KEYWORD"))


def keyword_abilities(tree: Tree, line: str, out: dict) -> None:
    """Read the keywords of a ``keyword_line`` tree into ``out`` (CR 702)."""
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        kind = child.data
        if kind == "protection":
            out["protections"].append(_protection(child, line, out))
        elif kind == "hexproof":
            out["hexproof"] = True
        elif kind == "hexproof_from":
            out["hexproof_from"] |= {COLOR_WORDS[str(t)] for t in child.children if isinstance(t, Token)
                                     and t.type == "COLOR"}
        elif kind == "shroud":
            out["shroud"] = True
        elif kind == "flash":
            out["flash"] = True
        elif kind == "ward":
            out["ward"] = True
        elif kind == "spree":
            out["spree"] = True
        elif kind == "awaken":
            out["awaken"] = (int(str(child.children[1])), mana_cost_of(child.children[-1]))  # CR 702.113a
        elif kind == "fuse":
            out["fuse"] = True  # both halves may be cast from the hand (CR 702.102a): see solver.rules.split
        elif kind == "cost_keyword":
            keyword = str(child.children[0]).lower()
            record = KEYWORD_COSTS[keyword](Cost(mana_cost_of(child.children[1]), text=line))
            out["alternative" if isinstance(record, AlternativeCost) else "additional"].append(record)
        elif kind in ("entwine", "escalate"):
            out[kind] = Cost(mana_cost_of(child.children[1]), text=line)  # CR 702.42a, 702.120a
        elif kind in ("escalate_other", "entwine_other"):
            text = str(child.children[-1])
            which = kind.split("_")[0]
            if which == "escalate" and text.rstrip(".") == "discard a card":  # CR 702.120a
                out[which] = Cost(objects=(ObjectCost(CostAction.DISCARD, 1, zone=Zone.HAND, text=text),), text=text)
                continue
            cost = object_cost(text)
            if cost is None:
                out["unsupported"].append(UnsupportedText(line, f"{which} cost {text!r} not modelled"))
                continue
            out[which] = Cost(objects=(cost,), text=text)
        elif kind == "splice":
            quality_tree, cost_part = child.children[1], child.children[-1]
            quality = "Arcane" if quality_tree.data == "splice_arcane" else "instant or sorcery"
            if isinstance(cost_part, Tree):
                out["splice"] = SpliceAbility(quality, Cost(mana_cost_of(cost_part), text=line))
            elif re.fullmatch(r"an opponent gains \d+ life\.?", str(cost_part)):
                # no object is chosen and nothing can stop it being paid (CR 118.3, 119.10)
                out["splice"] = SpliceAbility(quality, Cost(text=str(cost_part)))
            else:
                cost = object_cost(str(cost_part))
                if cost is None:
                    out["unsupported"].append(UnsupportedText(line, f"splice cost {str(cost_part)!r} not modelled"))
                else:
                    out["splice"] = SpliceAbility(quality, Cost(objects=(cost,), text=str(cost_part)))
        elif kind == "hand_keyword":
            word = str(child.children[0]).lower()
            if word == "aftermath":  # "Cast this spell only from your graveyard." (CR 702.127a)
                out["cast_only_from"] = Zone.GRAVEYARD
            if word in ZONE_KEYWORDS and len(child.children) == 1:
                # "Jump-start", "Retrace", "Aftermath": cast from the graveyard, with a cost added (CR 601.3)
                out.setdefault("zone_permissions", []).append(ZONE_KEYWORDS[word](line))
                continue
            if word in ZONE_COST_KEYWORDS and len(child.children) > 1 and all(
                    isinstance(t, Token) and t.type == "MANA_SYMBOL" for t in child.children[1:]):
                # "Flashback {2}{R}", "Foretell {1}{U}", "Madness {1}{R}": cast from that zone for that cost rather
                # than the mana cost (CR 118.9); which cards may use it: solver.rules.zones
                rule, zone = ZONE_COST_KEYWORDS[word]
                zone_cost = ManaCost.parse("".join(str(t) for t in child.children[1:]), path="oracle_text")
                out["alternative"].append(AlternativeCost(word, Cost(zone_cost, text=line), rule, zone=zone))
                continue
            if word == "plot":
                # "Plot {1}{R}": exiling it is a special action; cast from exile while plotted, which the state
                # says, whether or not the card has plot then (CR 702.170a, 702.170d)
                continue
            if word in OTHER_ZONE_KEYWORDS and WITH_ITS_COST.match(line.lower()[len(word):]):
                # the card may be cast from the keyword's zone: from there it is unsupported, from the hand (and
                # any other zone) it is not
                out["unsupported"].append(UnsupportedText(
                    line, f"casting with {word} from another zone than the hand is not modelled",
                    casting_relevant=False, zones=OTHER_ZONE_KEYWORDS[word]))
            elif word in OTHER_ZONE_KEYWORDS:
                # "Flashback costs you pay cost {2} less.": not the keyword with its cost but a line about it, which
                # a permanent's ability changes for other spells (CR 113.6): what it bears on, not read
                out["unsupported"].append(UnsupportedText(
                    line, "keyword ability not read", casting_relevant=False, permanent_relevant=bool(topics_of(line)),
                    topics=topics_of(line)))
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == ["delve"]:
            out["delve"] = True  # each card exiled from the graveyard pays for {1} (CR 702.66a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == ["convoke"]:
            out["convoke"] = True  # each creature tapped pays for {1} or one mana of its colour (CR 702.51a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == [
                "improvise"]:
            out["improvise"] = True  # each artifact tapped pays for {1} (CR 702.126a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == ["assist"]:
            out["assist"] = True  # another player may pay generic mana of the total cost (CR 702.132a)
        elif kind == "cast_keyword" and str(first_token(child)).lower() in FACE_DOWN_KEYWORDS:
            # "Morph {4}{G}", "Morph—Reveal a white card in your hand.", "Disguise {1}{W}": cast face down for {3};
            # the cost after the keyword turns the permanent face up, and bears on no cast (CR 702.37a-e, 702.168)
            out["face_down"] = str(first_token(child)).lower()
        elif kind == "cast_keyword" and str(first_token(child)).lower() == "tiered" and len(child.children) == 1:
            out["tiered"] = True  # choose one mode, paying its cost as an additional cost (CR 702.183a)
        elif kind == "cast_keyword" and (emerge := read_emerge(line)) is not None:
            out["alternative"].append(emerge[0])  # cast for the emerge cost, sacrificing a creature (CR 702.119a)
            out.setdefault("cost_modifiers", []).append(emerge[1])
        elif kind == "cast_keyword" and (bestow := bestow_cost(child, line)) is not None:
            out["bestow"] = bestow  # cast as an Aura with enchant creature for this cost (CR 702.103a-b)
        elif kind == "cast_keyword" and (affinity := read_affinity(line)) is not None:
            out.setdefault("cost_modifiers", []).append(affinity)  # {1} less for each … (CR 702.41a)
        elif kind == "cast_keyword" and (turn_cost := turn_alternative_cost(child, line)) is not None:
            out["alternative"].append(turn_cost)  # spectacle, surge (CR 702.137a, 702.117a)
        elif kind == "cast_keyword" and "subtypes" in out and (
                combat := combat_damage_alternative(child, line, out["subtypes"])) is not None:
            out["alternative"].append(combat)  # prowl, freerunning (CR 702.76a, 702.173a)
        elif kind == "cast_keyword" and (sacrifice := sacrifice_keyword(child, line)) is not None:
            out["additional"].append(sacrifice)  # bargain, casualty N: an optional sacrifice (CR 702.166a, 702.153a)
        elif kind == "cast_keyword" and [str(t).lower() for t in child.children if isinstance(t, Token)] == [
                "undaunted"]:
            # "This spell costs {1} less to cast for each opponent you have"; each instance applies (CR 702.125a-c)
            opponents = Count(opponents=True, text="opponent you have")
            out["cost_modifiers"].append(CostModifier(-1, line, own=True, per=opponents))
        elif kind == "cast_keyword" and (strive := read_strive(line)) is not None:
            out["cost_modifiers"].append(strive)  # more for each target beyond the first (CR 207.2c, 601.2f)
        elif kind == "cast_keyword" and "colors" in out and (
                conspire := read_conspire(child, out["colors"])) is not None:
            out["additional"].append(conspire)  # tap two untapped creatures sharing a colour with it (CR 702.78a)
        elif kind == "cast_keyword" and (gift := read_gift(child)) is not None:
            out["additional"].append(gift)  # "Gift a card": you may choose an opponent (CR 702.174a)
        elif kind == "cast_keyword" and (optional := optional_keyword_cost(line.strip().lower(), line.strip())):
            out["additional"].append(optional)  # "Buyback—Sacrifice a land." (CR 702.27a, 702.56a)
        elif kind == "cast_keyword" and (paid := cast_keyword_cost(child, line)) is not None:
            # evoke, dash, blitz, warp, impending: an alternative cost; offspring, squad: an additional one
            out["alternative" if isinstance(paid, AlternativeCost) else "additional"].append(paid)
        elif kind == "cast_keyword":
            token = first_token(child)
            # "Buyback costs cost {2} less." reads like a keyword line but changes other spells' costs: on the
            # battlefield it bears on casting them (a static ability, CR 601.2f), so it is marked so
            relevant = bool(PERMANENT_RELEVANT.search(line.lower()))
            out["unsupported"].append(
                UnsupportedText(
                    line[token.start_pos :],
                    f"keyword {str(token)!r} changes how the card is cast; not modelled",
                    permanent_relevant=relevant, topics=topics_of(line) if relevant else frozenset(),
                )
            )
        elif kind == "enchant":
            out["enchant"].append(line)  # read as the Aura spell's target by parse_card (CR 303.4a, 702.5a)
        elif kind == "combat_keyword":
            # no bearing on casting from hand, but a quality of a permanent ("target creature with flying")
            out.setdefault("keywords", set()).add(" ".join(str(child.children[0]).lower().split()))


def _protection(tree: Tree, line: str, out: dict) -> Protection:
    colors: set[Color] = set()
    types: set[CardType] = set()
    everything = False
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        word = str(child.children[0])
        if child.data == "protection_color":
            colors.add(COLOR_WORDS[word])
        elif child.data == "protection_type":
            types.add(TYPE_WORDS[word])
        elif child.data == "protection_everything":
            everything = True
        else:
            out["unsupported"].append(
                UnsupportedText(
                    line, f"protection from {word!r} not modelled",
                    casting_relevant=False, permanent_relevant=True, topics=frozenset({"targeting"}),
                )
            )
    tokens = tree_tokens(tree)
    return Protection(frozenset(colors), frozenset(types), everything,
                      line[tokens[0].start_pos : tokens[-1].end_pos])


@functools.lru_cache(maxsize=1024)
def parse_granted(texts: tuple[str, ...]) -> CardAbilities:
    """Read abilities gained from effects, given as keyword text.

    Parameters
    ----------
    texts : tuple of str
        E.g. ``("protection from red", "hexproof")``.

    Returns
    -------
    CardAbilities

    Raises
    ------
    InputError
        A text that is not a keyword ability the grammar reads.

    Examples
    --------
    >>> parse_granted(("hexproof",)).hexproof
    True
    """
    out: dict = {
        "protections": [], "hexproof": False, "hexproof_from": set(), "shroud": False, "flash": False,
        "ward": False, "spree": False, "splice": None, "unsupported": [],
        "additional": [], "alternative": [], "cost_modifiers": [], "enchant": [],
    }
    for text in texts:
        line = strip_reminder(text).strip()
        try:
            tree = oracle_parser().parse(line.lower(), start="keyword_line")
        except UnexpectedInput:
            raise InputError("", f"{text!r} is not a keyword ability legalcasts reads") from None
        keyword_abilities(tree, line, out)
        if out["unsupported"]:
            raise InputError("", f"{text!r}: {out['unsupported'][0].reason}")
        if out["spree"] or out["splice"] or any(out[key] for key in ("additional", "alternative", "cost_modifiers",
                                                                       "enchant")):
            raise InputError("", f"{text!r} is an ability of spells in hand, not one a permanent can gain")
    return CardAbilities(
        protections=tuple(out["protections"]), hexproof=out["hexproof"],
        hexproof_from=frozenset(out["hexproof_from"]),
        shroud=out["shroud"], ward=out["ward"], flash=out["flash"],
        keywords=frozenset(out.get("keywords", ())),
    )
