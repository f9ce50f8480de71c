"""The spell's own cost changes: "This spell costs {1} less to cast for each …" / "… if …" (CR 601.2f)."""

from __future__ import annotations

import dataclasses
import re


from models.abilities import (
    ControlRequirement,
    Count,
    CountRequirement,
    Requirement,
    TurnRequirement,
    CostModifier,
    UnsupportedText,
)
from models.mana import ManaCost, SymbolKind
from models.objects import CardType, Zone

from models.oracle.keyword_costs import strive_modifier
from models.oracle.conditions import COST_CONDITIONS, END_STEP_REASON, count_condition, presence_condition
from models.oracle.targets import read_counted, targeted_condition
from models.oracle.unread import UnreadText
from models.oracle.words import CARD_TYPE_WORDS, SUBTYPE_BY_WORD

from lark import Token, Tree

from models.oracle.grammar import mana_cost_of, tree_tokens
from models.oracle.qualities import spell_qualities
from models.oracle.reading import CardReading
from models.oracle.unread import topics_of

__all__ = [
    "own_cost_change",
    "own_cost_when",
    "own_cost_where_x",
    "read_cost_where_x_line",
    "read_cost_when_line",
    "read_self_cost_line",
    "read_cost_modifier_line",
    "read_permanent_cost_line",
    "read_targeted_cost_line",
]


_OWN_COST = re.compile(
    r"(?:[a-z ]+ — )?(?:~|this spell) costs \{(?P<amount>\d+)\} (?P<sign>less|more) to cast "
    r"(?:for each (?P<each>[^.]+)|if (?P<condition>[^.]+))\."
)


_OWN_COST_START = re.compile(r"(?:[a-z ]+ — )?(?:~|this spell) costs ")


_OWN_COST_PARTS = re.compile(r" and (?=\{\d+\} (?:less|more) to cast )")


def own_cost_change(original: str) -> tuple[CostModifier, ...] | UnsupportedText:
    """The spell's own cost changes, "This spell costs {1} less to cast for each …" or "… if …" (CR 601.2f).

    What it counts ("creature card in your graveyard", "opponent you have") or asks ("if you control a Wizard")
    must be read, or the line is reported. One line may make several changes, each read on its own: "{1} less
    to cast if you control an artifact and {1} less to cast if you control an enchantment", "for each artifact
    you control and each artifact card in your hand" (a reduction for each of both).

    Parameters
    ----------
    original : str
        The line, as printed.

    Returns
    -------
    tuple of CostModifier, or UnsupportedText
        One change per clause and per thing counted, printed order, each with the whole line as its text.
    """
    if (beyond := strive_modifier(original)) is not None:  # "… for each target beyond the first" (Fireball)
        return (beyond,)
    lowered = original.lower()
    start = _OWN_COST_START.match(lowered)
    if start is None or _OWN_COST.fullmatch(lowered) is None:
        return UnsupportedText(original, "a cost change of the spell not read")
    changes: list[CostModifier] = []
    for clause in _OWN_COST_PARTS.split(lowered[start.end() :].removesuffix(".")):
        found = _OWN_COST.fullmatch(f"{start.group()}{clause}.")
        if found is None:
            return UnsupportedText(original, "a cost change of the spell not read")
        amount = int(found["amount"]) * (-1 if found["sign"] == "less" else 1)
        if not found["each"]:
            change = _own_conditional_change(original, amount, found["condition"])
            if isinstance(change, UnsupportedText):
                return change
            changes.append(change)
            continue
        for each in found["each"].split(" and each "):
            try:
                counted = read_counted(each)
            except UnreadText:
                counted = None
            if counted is None:
                return UnsupportedText(original, "what the spell's cost change counts is not read")
            changes.append(CostModifier(amount, original, own=True, per=counted))
    return tuple(changes)


def _own_conditional_change(original: str, amount: int, condition: str) -> CostModifier | UnsupportedText:
    """One "This spell costs {2} less to cast if …" change, its condition read (CR 601.2f); else the line reported."""
    if condition in COST_CONDITIONS:  # read from the state's this_turn facts and its attackers
        return CostModifier(amount, original, own=True, requires=(COST_CONDITIONS[condition],))
    if condition in ("it's bargained", "this spell was bargained", "~ was bargained"):
        return CostModifier(amount, original, own=True, if_paid="bargain")  # the optional cost paid (CR 702.166b)
    if condition.startswith("it targets "):
        spec = targeted_condition(condition.removeprefix("it targets "))
        if spec is None:
            return UnsupportedText(original, "the condition of the spell's cost change is not read")
        return CostModifier(amount, original, own=True, if_targets=spec)
    found = re.fullmatch(r"you control an? (?P<what>[a-z]+)", condition)
    what = found["what"] if found else ""
    if what in SUBTYPE_BY_WORD:
        requirement: Requirement = ControlRequirement(
            "you", SUBTYPE_BY_WORD[what], f"you control a {SUBTYPE_BY_WORD[what]}"
        )
    elif what in CARD_TYPE_WORDS:
        requirement = ControlRequirement("you", "", f"you control a {what}", card_type=CardType(what.capitalize()))
    elif (counted := count_condition(condition)) is not None:
        return CostModifier(amount, original, own=True, requires=counted if isinstance(counted, tuple) else (counted,))
    else:
        presence = presence_condition(condition)
        if presence is None:
            return UnsupportedText(original, "the condition of the spell's cost change is not read")
        requirement = presence
    return CostModifier(amount, original, own=True, requires=(requirement,))


_OWN_COST_WHEN = (
    re.compile(
        r"(?:[a-z ]+ — )?(?P<during>during your turn|during turns other than yours), (?:this spell|~) costs "
        r"(?P<mana>(?:\{[0-9wubrg]\})+) (?P<sign>less|more) to cast\."
    ),
    re.compile(
        r"(?:[a-z ]+ — )?(?:this spell|~) costs (?P<mana>(?:\{[0-9wubrg]\})+) (?P<sign>less|more) to cast "
        r"(?:(?P<during>during your turn)|as long as (?P<condition>[^.]+))\."
    ),
    re.compile(
        r"(?:[a-z ]+ — )?(?:this spell|~) costs (?P<mana>(?:\{\d+\})?\{[wubrg]\}(?:\{[wubrg]\})*) "
        r"(?P<sign>less) to cast if (?P<condition>[^.]+)\."
    ),
    re.compile(
        r"(?:this spell|~) costs \{(?P<amount>\d+)\} (?P<sign>less) to cast if (?P<condition>[^.]+)\. "
        r"it also costs \{(?P<also>\d+)\} less to cast if (?P<also_condition>[^.]+)\."
    ),
)


_DURING = {
    "during your turn": TurnRequirement("your turn", "it is your turn"),
    "during turns other than yours": TurnRequirement("not your turn", "it is not your turn"),
}


def own_cost_when(line: str, original: str) -> tuple[CostModifier, ...] | UnsupportedText | None:
    """The spell's own cost change on whose turn it is or "as long as …", or two in two sentences (CR 601.2f).

    "This spell costs {1} less to cast during your turn.", "During turns other than yours, this spell costs {3}
    more to cast." (whose turn, CR 102.1); "This spell costs {2} less to cast as long as there are four or more
    card types among cards in your graveyard." (as "if …": :func:`_own_conditional_change`); "This spell costs
    {1} less to cast if you control a Spirit. It also costs {1} less to cast if you control an enchantment."
    (two changes, each with its condition).

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    tuple of CostModifier, UnsupportedText or None
        The changes, each with the whole line as its text; the line reported when a condition is not read;
        None when the line is not one of these.
    """
    if re.fullmatch(r"(?:this spell|~) costs \{\d+\} less to cast during your end step\.", line):
        return UnsupportedText(original, END_STEP_REASON)
    for pattern in _OWN_COST_WHEN:
        found = pattern.fullmatch(line)
        if found is None:
            continue
        if "mana" in pattern.groupindex:
            mana = ManaCost.parse(found["mana"].upper(), path="oracle_text")
            amount = mana.generic * (-1 if found["sign"] == "less" else 1)
            symbols = tuple(s for s in mana.symbols if s.kind is SymbolKind.COLORED)
            coloured = ManaCost(symbols) if symbols else None
        else:
            amount, coloured = int(found["amount"]) * (-1 if found["sign"] == "less" else 1), None
        if coloured is not None and found["sign"] == "more":
            return None  # "costs {R} more": not one of these
        if "during" in pattern.groupindex and found["during"]:
            return (
                CostModifier(
                    amount, original, own=True, requires=(_DURING[found["during"]],), coloured_reduction=coloured
                ),
            )
        changes = [_own_conditional_change(original, amount, found["condition"])]
        if "also" in pattern.groupindex:
            changes.append(_own_conditional_change(original, -int(found["also"]), found["also_condition"]))
        unread = next((c for c in changes if isinstance(c, UnsupportedText)), None)
        if unread is not None:
            return unread
        read = tuple(c for c in changes if isinstance(c, CostModifier))
        if coloured is not None:
            if any(c.if_targets is not None or c.per is not None for c in read):
                return UnsupportedText(original, "a coloured reduction on the spell's targets is not modelled")
            read = tuple(dataclasses.replace(c, coloured_reduction=coloured) for c in read)
        return read
    return None


_OWN_COST_WHERE_X = re.compile(
    r"(?:[a-z ]+ — )?(?:this spell|~) costs \{x\} less to cast, where x is "
    r"(?P<what>the total (?:power|toughness) of creatures you control|the greatest power among creatures you control"
    r"|your devotion to (?:white|blue|black|red|green)"
    r"|the total amount of noncombat damage dealt to your opponents this turn)\."
)
"""The spell's own reduction by a number the state gives: "This spell costs {X} less to cast, where X is your
devotion to black." (CR 601.2f, 700.5), "… the greatest power among creatures you control." (The Great Henge, CR
208), "… the total toughness of creatures you control."; this X is not the spell's X (CR 107.3)."""

_WHERE_X_QUANTITIES = {
    "the total power of creatures you control": "total power",
    "the total toughness of creatures you control": "total toughness",
    "the greatest power among creatures you control": "greatest power",
}


def own_cost_where_x(line: str, original: str) -> CostModifier | None:
    """The spell's own "{X} less to cast, where X is the total power of creatures you control", or None.

    Also "… the total toughness of creatures you control", "… the greatest power among creatures you control" (CR
    208) and "… where X is your devotion to black." (CR 700.5): a reduction of one generic mana for each (CR
    601.2f).
    """
    found = _OWN_COST_WHERE_X.fullmatch(line)
    if found is None:
        return None
    what = found["what"]
    if what.endswith("noncombat damage dealt to your opponents this turn"):  # the turn's facts (Chandra's Incinerator)
        return CostModifier(
            -1, original, own=True, per=Count(controller="opponents", turn_fact="noncombat_damage", text=what)
        )
    quantity = _WHERE_X_QUANTITIES.get(what, what.removeprefix("your "))
    return CostModifier(-1, original, own=True, per=Count(quantity=quantity, text=what))


def read_cost_where_x_line(reading: CardReading, line: str, original: str) -> bool:
    """The spell's own "{X} less to cast, where X is your devotion to black." (:func:`own_cost_where_x`)."""
    if (where_x := own_cost_where_x(line, original)) is None:
        return False
    reading.cost_modifiers.append(where_x)
    return True


def read_cost_when_line(reading: CardReading, line: str, original: str) -> bool:
    """The spell's own "{1} less to cast during your turn." and the like (:func:`own_cost_when`)."""
    if (own_when := own_cost_when(line, original)) is None:
        return False
    if isinstance(own_when, UnsupportedText):
        reading.unsupported.append(own_when)
    else:
        reading.cost_modifiers.extend(own_when)
    return True


_TARGETED_COST = re.compile(
    r"(?P<words>[a-z ]+ )?spells (?P<who>you|your opponents) cast that targets? (?P<what>[^.]+?) costs? "
    r"\{(?P<amount>\d+)\} (?P<sign>more|less) to cast\."
)
_TARGETED_ACTIVATION = re.compile(
    r"abilities (?:you|your opponents) activate that targets? [^.]+ costs? \{\d+\} (?:more|less) to activate\."
)


def read_targeted_cost_line(reading: CardReading, line: str, original: str) -> bool:
    """A permanent's change of the cost of spells that target something (CR 601.2f), or of abilities (none cast).

    "Spells your opponents cast that target a creature or planeswalker you control cost {2} more to cast."
    (Kasmina, Enigmatic Mentor): a change with ``if_targets``, "you" being the permanent's controller
    (:func:`solver.rules.cost_changes.cost_modifiers_of` reads it from the caster's side). "Abilities your
    opponents activate that target … cost {2} more to activate." changes no spell's cost: bears on no cast.
    A phrase or a quality of the spells not read is reported.
    """
    if reading.is_spell:
        return False
    if _TARGETED_ACTIVATION.fullmatch(line):
        reading.static_no_cast.append(original)
        return True
    found = _TARGETED_COST.fullmatch(line)
    if found is None:
        return False
    spec = targeted_condition(found["what"])
    qualities = spell_qualities(found["words"].strip()) if found["words"] else None
    if spec is None or (found["words"] and qualities is None):
        reading.unsupported.append(
            UnsupportedText(
                original,
                "a cost change of spells that target something, not read",
                casting_relevant=False,
                permanent_relevant=True,
                topics=topics_of(original),
            )
        )
        return True
    amount = int(found["amount"]) * (1 if found["sign"] == "more" else -1)
    casters = "you" if found["who"] == "you" else "opponents"
    reading.cost_modifiers.append(CostModifier(amount, original, qualities=qualities, casters=casters, if_targets=spec))
    return True


def read_self_cost_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """The grammar's ``self_cost_line``: "This spell costs {1} less to cast for each …" (:func:`own_cost_change`)."""
    own = own_cost_change(original)
    if isinstance(own, UnsupportedText):
        reading.unsupported.append(own)
    else:
        reading.cost_modifiers.extend(own)


def read_cost_modifier_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "Noncreature spells cost {1} more to cast.": a permanent's change of other spells' costs (CR 601.2f).

    The spells it names ("white", "instant and sorcery") must be read, and a reduction be generic mana, or the
    line is reported.
    """
    tokens = tree_tokens(tree)
    amount = mana_cost_of(next(c for c in tree.children if isinstance(c, Tree)))
    sign = 1 if any(str(t) == "more" for t in tokens) else -1
    # "Red spells and white spells": the spells that are red or white, as "red and white spells" (CR 105.2)
    words = next((str(t) for t in tokens if t.type == "SPELL_QUALITIES"), "").replace(" spells ", " ")
    who = next(str(t) for t in tokens if t.type == "SPELLS_COST")
    qualities = spell_qualities(words) if words else None
    if words and qualities is None:
        reading.unsupported.append(
            UnsupportedText(
                original,
                f"cost change for {words!r} spells not modelled",
                casting_relevant=False,
                permanent_relevant=True,
                topics=topics_of(original),
            )
        )
    elif amount.generic != amount.mana_value and sign < 0:
        reading.unsupported.append(
            UnsupportedText(
                original,
                "coloured cost reduction not modelled",
                casting_relevant=False,
                permanent_relevant=True,
                topics=topics_of(original),
            )
        )
    else:
        coloured = ManaCost(tuple(s for s in amount.symbols if s.kind is not SymbolKind.GENERIC))
        reading.cost_modifiers.append(
            CostModifier(
                sign * amount.generic,
                original,
                qualities=qualities,
                casters="you" if "you cast" in who else "opponents" if "opponents" in who else "any",
                from_zone=Zone.GRAVEYARD if "graveyard" in who else Zone.EXILE if "exile" in who else None,
                coloured=coloured if coloured.symbols else None,
            )
        )


_PERMANENT_COST = re.compile(
    r"(?:[a-z' ]+ — )?(?:(?P<during>during your turn|during turns other than yours), )?"
    r"(?P<words>[a-z+/\- ]+? )?spells (?P<who>you cast|your opponents cast) "
    r"(?:from (?P<from>anywhere other than your hand|your graveyard or from exile) )?"
    r"cost \{(?P<amount>\d+)\} (?P<sign>less|more) to cast(?: for each (?P<each>[^.]+))?\."
)
"""A permanent's change of other spells' costs with what the grammar's ``cost_modifier_line`` lacks: whose turn it
is, the zone cast from, or a count ("Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~.")."""

_NTH_SPELL = re.compile(
    r"the (?P<nth>first|second) (?P<words>[a-z+/\- ]+? )?spell you cast each turn costs \{(?P<amount>\d+)\} "
    r"(?P<sign>less|more) to cast\."
)
"""A change of the first or second spell the permanent's controller casts each turn (CR 601.2f)."""

_COUNTERS_ON_IT = re.compile(
    r"(?P<kind>[+\-/0-9a-z]+ )?counters? on (?:~|this (?:creature|artifact|enchantment|equipment|aura|permanent|land|"
    r"vehicle|planeswalker))"
)


def _permanent_count(each: str) -> Count | None:
    """What a permanent's "for each …" counts: counters on it, a player's counters, or :func:`read_counted`.

    "+1/+1 counter on ~" counts the counters on the permanent whose ability it is (``counters_on``, CR 122.1);
    "experience counter you have", the counters of that kind its controller has (CR 122.1).
    """
    if (on := _COUNTERS_ON_IT.fullmatch(each)) is not None:
        return Count(counters_on=(on["kind"] or "any").strip(), text=each)
    if (had := re.fullmatch(r"([a-z]+) counters? you have", each)) is not None:
        return Count(quantity=f"{had.group(1)} counters", text=each)
    try:
        return read_counted(each)
    except UnreadText:
        return None


def _permanent_unread(original: str, reason: str) -> UnsupportedText:
    """A permanent's cost change not read: it may change what other spells cost (topic ``cost``)."""
    return UnsupportedText(
        original, reason, casting_relevant=False, permanent_relevant=True, topics=topics_of(original) | {"cost"}
    )


def read_permanent_cost_line(reading: CardReading, line: str, original: str) -> bool:
    """A permanent's change of other spells' costs by a count, on whose turn it is, or by the zone cast from.

    "Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~." (Animar, Soul of Elements: the
    counters on that permanent, CR 122.1), "Instant and sorcery spells you cast cost {1} less to cast for each
    experience counter you have." (Mizzix of the Izmagnus: its controller's counters), "… for each Ally you
    control", "During turns other than yours, spells you cast cost {1} less to cast." (CR 102.1), "Spells you
    cast from anywhere other than your hand cost {2} less to cast.", and "The second spell you cast each turn
    costs {1} less to cast." or "The first creature spell you cast each turn costs {2} less to cast." (the
    state's ``this_turn.spells_cast``). Each is a generic change (CR 601.2f); a reduction takes off generic mana
    only (CR 118.7). What the count or the spells' qualities name must be read, or the line is reported.

    Parameters
    ----------
    reading : CardReading
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    bool
        Whether the line is one of these (read, or reported); False leaves it to the grammar.
    """
    if reading.is_spell:
        return False
    if (nth := _NTH_SPELL.fullmatch(line)) is not None:
        return _read_nth_spell(reading, nth, original)
    found = _PERMANENT_COST.fullmatch(line)
    if found is None or not (found["during"] or found["from"] or found["each"]):
        return False  # the grammar's cost_modifier_line reads the others
    words = (found["words"] or "").strip().replace(" spells ", " ")
    qualities = spell_qualities(words) if words else None
    if words and qualities is None:
        reading.unsupported.append(_permanent_unread(original, f"cost change for {words!r} spells not modelled"))
        return True
    per = None
    if found["each"]:
        per = _permanent_count(found["each"])
        if per is None:
            reading.unsupported.append(_permanent_unread(original, "what a permanent's cost change counts is not read"))
            return True
    zones = {"anywhere other than your hand": (None, Zone.HAND), "your graveyard or from exile": (Zone.GRAVEYARD, None)}
    from_zone, except_from = zones.get(found["from"] or "", (None, None))
    change = CostModifier(
        int(found["amount"]) * (-1 if found["sign"] == "less" else 1),
        original,
        qualities=qualities,
        casters="you" if found["who"] == "you cast" else "opponents",
        per=per,
        requires=(_DURING[found["during"]],) if found["during"] else (),
        from_zone=from_zone,
        except_from_zone=except_from,
    )
    reading.cost_modifiers.append(change)
    if found["from"] == "your graveyard or from exile":  # the same change of spells cast from exile (CR 601.2f)
        reading.cost_modifiers.append(dataclasses.replace(change, from_zone=Zone.EXILE))
    return True


def _read_nth_spell(reading: CardReading, nth: re.Match[str], original: str) -> bool:
    """ "The second spell you cast each turn costs {1} less to cast.", "The first creature spell …" (CR 601.2f).

    The caster's spells cast before this one this turn are the state's ``this_turn.spells_cast``: the first
    spell is cast when there were none, the second when there was one. "The first creature spell" is also the
    first when there were none; after one, whether it was a creature spell is not in the state
    (``first_of_qualities``). "The second creature spell" can't be told: reported.
    """
    words = (nth["words"] or "").strip()
    qualities = spell_qualities(words) if words else None
    if words and (qualities is None or nth["nth"] == "second"):
        reading.unsupported.append(_permanent_unread(original, f"a change of the {nth['nth']} {words} spell each turn"))
        return True
    before = 0 if nth["nth"] == "first" else 1
    spells_cast = Count(controller="you", turn_fact="spells_cast", text="spells you've cast this turn")
    reading.cost_modifiers.append(
        CostModifier(
            int(nth["amount"]) * (-1 if nth["sign"] == "less" else 1),
            original,
            qualities=qualities,
            casters="you",
            requires=(CountRequirement(spells_cast, at_least=before, at_most=before, text=f"the {nth['nth']} spell"),),
            first_of_qualities=qualities is not None,
        )
    )
    return True
