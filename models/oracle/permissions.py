"""Permissions and timing: when and from where a spell may be cast (CR 601.3, 500.1).

"Cast this spell only …", "You may cast this spell as though it had flash if …", permissions to cast the card
from another zone, and sentences about the next spell cast.
"""

from __future__ import annotations

import dataclasses
import re

from lark.exceptions import UnexpectedInput

from models.abilities import (
    AdditionalCost,
    AlternativeCost,
    Cost,
    CastingRule,
    CastPermission,
    Instruction,
    Requirement,
    TimingRestriction,
    UnsupportedText,
    ZonePermission,
)
from models.objects import Phase, Zone

from models.oracle.conditions import END_STEP_REASON, state_condition
from models.oracle.costs import cost_of_parts
from models.oracle.grammar import oracle_parser
from models.oracle.targets import SpellTextReader, targeted_condition
from models.oracle.unread import error_span, unread_reason

from lark import Token, Tree

from models.abilities import ControlRequirement
from models.oracle.grammar import mana_cost_of, tree_tokens
from models.oracle.reading import CardReading
from models.oracle.words import NOT_ABILITY_WORDS, SUBTYPE_BY_WORD

__all__ = [
    "read_step_timing",
    "read_cast_only",
    "conditional_flash",
    "STARTING_PLAYER",
    "next_spell_flash",
    "OWN_OTHER_ZONE_PERMISSION",
    "permission_zones",
    "read_step_timing_line",
    "read_starting_player_line",
    "read_next_spell_line",
    "read_conditional_flash_line",
    "read_cast_only_line",
    "read_other_zone_permission_line",
    "own_zone_permissions",
    "read_own_zone_permission_line",
    "read_flash_permission_line",
    "read_timing_restriction_line",
    "read_free_cast_line",
    "read_top_of_library_line",
]


_BEFORE_COMBAT = frozenset({Phase.UNTAP, Phase.UPKEEP, Phase.DRAW, Phase.PRECOMBAT_MAIN, Phase.COMBAT})


_STEP_TIMINGS = {
    # the phases it may be cast in, the turn, and whether only some combat steps allow it (CR 506.1, 507-511)
    "during the declare attackers step": (frozenset({Phase.COMBAT}), "any"),
    "during your declare attackers step": (frozenset({Phase.COMBAT}), "yours"),
    "during the declare attackers step and only if you've been attacked this step": (frozenset({Phase.COMBAT}), "any"),
    "during the declare blockers step": (frozenset({Phase.COMBAT}), "any"),
    "during the declare blockers step on an opponent's turn": (frozenset({Phase.COMBAT}), "opponent"),
    "during combat before blockers are declared": (frozenset({Phase.COMBAT}), "any"),
    "during combat after blockers are declared": (frozenset({Phase.COMBAT}), "any"),
    "during combat on your turn before blockers are declared": (frozenset({Phase.COMBAT}), "yours"),
    "before the combat damage step": (_BEFORE_COMBAT, "any"),
    "before attackers are declared": (_BEFORE_COMBAT, "any"),
    "before blockers are declared": (_BEFORE_COMBAT, "any"),
    "before combat or during combat before blockers are declared": (_BEFORE_COMBAT, "any"),
    "during an opponent's turn, before attackers are declared": (_BEFORE_COMBAT, "opponent"),
}
"""'Cast this spell only …' windows that name steps of combat: read as phases, and unsupported within combat.

Each window is a span of the turn (CR 500.1): "before attackers are declared" is every phase before combat
and the first steps of combat; "during the declare blockers step" is within combat only. Outside the combat
phase the answer follows from the phase; within it, from the step, which the state does not give.
"""


_STEP_TIMING_LINE = re.compile(r"cast (?:~|this spell) only (?P<window>[^.]+)\.")


def read_step_timing(line: str, original: str) -> TimingRestriction | None:
    """A "Cast this spell only during the declare blockers step." line, or None when not one of those read."""
    found = _STEP_TIMING_LINE.fullmatch(line)
    if found is None or found["window"] not in _STEP_TIMINGS:
        if found is not None and found["window"] == "during an opponent's turn after their upkeep step":
            # every phase of the opponent's turn after the beginning phase's upkeep (CR 502, 503)
            return TimingRestriction(frozenset(Phase) - {Phase.UNTAP, Phase.UPKEEP}, "opponent", original)
        return None
    phases, turn = _STEP_TIMINGS[found["window"]]
    return TimingRestriction(phases, turn, original, combat_steps=True)


_AFTER_COMBAT = frozenset({Phase.POSTCOMBAT_MAIN, Phase.END, Phase.CLEANUP})


_PHASE_WINDOWS = {
    # the phases it may be cast in and the turn (CR 500.1): the state names these phases whole
    "after combat": (_AFTER_COMBAT, "any"),  # the postcombat main phase and the end phase (CR 505.1, 511.3, 512)
    "during an opponent's upkeep": (frozenset({Phase.UPKEEP}), "opponent"),  # CR 503.1
}
"""'Cast this spell only …' windows that are whole phases of the state (CR 500.1, 601.3)."""


_CAST_ONLY_LINE = re.compile(r"cast (?:~|this spell) only (?:if (?P<condition>[^.]+)|(?P<window>[^.]+))\.")


def read_cast_only(line: str, original: str) -> TimingRestriction | UnsupportedText | None:
    """A "Cast this spell only if …" or "Cast this spell only after combat." line (CR 601.3, 604.6).

    "Cast this spell only if you control two or more Vampires": a condition the state decides
    (:func:`state_condition`); "only after combat" (the postcombat main phase and the end phase, CR 505.1,
    511.3), "only during an opponent's upkeep" (CR 503.1): phases the state names.

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    TimingRestriction, UnsupportedText or None
        The restriction; the line reported when its condition is not read; None when the line is not one of
        these (other windows are read by the grammar or by :func:`read_step_timing`).
    """
    found = _CAST_ONLY_LINE.fullmatch(line)
    if found is None:
        return None
    if found["window"] is not None:
        if found["window"] == "during your end step":
            return UnsupportedText(original, END_STEP_REASON)
        if found["window"] not in _PHASE_WINDOWS:
            return None
        phases, turn = _PHASE_WINDOWS[found["window"]]
        return TimingRestriction(phases, turn, original)
    requires = state_condition(found["condition"])
    if requires is None:
        return UnsupportedText(original, "the condition of 'Cast this spell only if' is not read (CR 601.3)")
    return TimingRestriction(text=original, requires=requires)


_FLASH_IF_LINE = re.compile(
    r"(?:[a-z' ]+ — )?"  # an ability word: no rules meaning (CR 207.2c)
    r"(?:you may cast (?:~|this spell) as though it had flash if (?P<condition>[^.]+)"
    r"|(?:this spell|~) has flash as long as (?P<while>[^.]+)"
    r"|(?:if|as long as) (?P<first>[^,.]+), you may cast (?:~|this spell) as though it had flash)\."
)

_FLASH_THEN_SACRIFICED = re.compile(
    r"you may cast (?:~|this spell) as though it had flash\. if you cast it any time a sorcery couldn't have been "
    r"cast, the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step\."
)
"""A permission to cast the card as though it had flash whose price comes after it resolves (a delayed trigger at
the next cleanup step, CR 603.7, 514.3a): nothing the cast pays or chooses."""


def conditional_flash(line: str, original: str) -> CastPermission | None:
    """ "You may cast this spell as though it had flash if …" / "This spell has flash as long as …" (CR 601.3).

    "You may cast this spell as though it had flash. If you cast it any time a sorcery couldn't have been cast,
    the controller of the permanent it becomes sacrifices it …": flash always, its sacrifice after it resolved.

    The condition is one the state decides (:func:`state_condition`): "if you control an attacking legendary
    creature", "as long as there are five or more mana values among cards in your graveyard"; or one on the
    choices of the cast: "if X is 3 or less" (X announced, CR 601.2b), "if it targets a permanent you control"
    (the targets chosen, CR 601.2c), which the cast problem checks. Either way the card may be cast any time
    its caster could cast an instant while the condition holds (CR 702.8a, 611.3a), from any zone it is cast
    from.

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    CastPermission or None
        None when the line is not one of these or its condition is not read (the grammar then reads or reports
        it: "if you pay {2} more to cast it", CR 601.3c).
    """
    if _FLASH_THEN_SACRIFICED.fullmatch(line):
        return CastPermission(zone=None, text=original)  # always, wherever it is cast from (CR 702.8a, 601.3)
    if line.startswith("spell mastery — "):
        return None  # the grammar's reading of spell mastery (CR 601.3d)
    found = _FLASH_IF_LINE.fullmatch(line)
    if found is None:
        return None
    if found["condition"] is not None:
        if (x := re.fullmatch(r"x is (\d+) or less", found["condition"])) is not None:
            return CastPermission(zone=None, x_at_most=int(x.group(1)), text=original)  # CR 601.2b, 601.3
        if found["condition"].startswith("it targets "):  # on the targets chosen (CR 601.2c, 601.3)
            spec = targeted_condition(found["condition"].removeprefix("it targets "))
            return None if spec is None else CastPermission(zone=None, if_targets=spec, text=original)
    requires = state_condition(found["condition"] or found["while"] or found["first"])
    if requires is None:
        return None
    return CastPermission(zone=None, requires=requires, text=original)


_NEXT_SPELL_FLASH = re.compile(
    r"the next (?:[a-z]+ )*?(?:spell|card) you (?:cast|play)(?: this turn)? (?:can be "
    r"(?:cast|played) as though it had flash|costs (?:\{[^}]+\})+ less to cast)\.(?: |$)"
)
"""Quicken's "The next sorcery spell you cast this turn can be cast as though it had flash.", Draconic Debut's "The
next Dragon creature spell you cast costs {X} less to cast.": effects of the spell as it resolves, on the spells
cast after it (CR 601.3, 601.2f, 608.2), never a permission or a cost change of the spell itself."""


STARTING_PLAYER = re.compile(
    r"if you (?:weren't|aren't) the starting player, (?:(?:this spell|~) costs \{\d+\} "
    r"less to cast|you may cast (?:this spell|~) as though it had flash)\."
)
"""A cost change or permission on who took the first turn (CR 103.1): the state does not say, so it is reported."""


def next_spell_flash(line: str, original: str) -> Instruction | list[UnsupportedText] | None:
    """A line of spell text that starts "The next … spell you cast this turn can be cast as though it had flash.".

    The sentence is what the spell does as it resolves (CR 608.2): it chooses no target, and it is no
    permission to cast this spell (CR 601.3). The rest of the line is read as spell text is.

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    Instruction, list of UnsupportedText, or None
        The instruction with the targets of the rest of the line; what of the rest is not read; None when the
        line does not start so.
    """
    found = _NEXT_SPELL_FLASH.match(line)
    if found is None:
        return None
    rest = line[found.end() :]
    if not rest:
        return Instruction(original, ())
    try:
        tree = oracle_parser().parse(rest, start="effect")
    except UnexpectedInput as error:
        span = error_span(original[found.end() :], error)
        return [UnsupportedText(span, unread_reason(span))]
    reader = SpellTextReader(rest)
    reader.read(tree)
    if reader.unsupported:
        return reader.unsupported
    return Instruction(original, tuple(reader.targets))


OWN_OTHER_ZONE_PERMISSION = re.compile(r"\byou may cast (this card|~) from (your|a) (graveyard|exile|library)\b")


_PERMISSION_FROM = re.compile(r"\bfrom (?:your |a )?(graveyard|exile|library)\b")


_PERMISSION_ZONES = {"graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE, "library": Zone.LIBRARY}


def permission_zones(line: str) -> frozenset[Zone]:
    """The zones a printed permission to cast the card lets it be cast from: those its sentence names after "from".

    "You may cast this card from your graveyard or from exile." bears on both zones; "… from your graveyard as long
    as …. If you cast it this way and it would be put into a graveyard, exile it instead." on the graveyard only
    (CR 601.3): the exile of the next sentence is where the spell goes, not where it is cast from.
    """
    found = OWN_OTHER_ZONE_PERMISSION.search(line)
    assert found is not None  # the caller matched it
    sentence = line[found.start() :].split(".", 1)[0]
    return frozenset(_PERMISSION_ZONES[word] for word in _PERMISSION_FROM.findall(sentence))


_OWN_PERMISSION = re.compile(
    r"(?:(?P<word>[a-z' ]+) — )?you may cast (?:this card|this creature|~) from "
    r"(?P<zones>your graveyard or from exile|your graveyard|exile)"
    r"(?: by (?P<cost>[^.]+?) in addition to paying its other costs| as long as (?P<while>[^.]+)"
    r"| if (?P<if>[^.]+))?\."
)
"""A card's own permission to be cast from its owner's graveyard or from exile (CR 601.3, 113.6f), with a condition
or a cost added, after a flavour or ability word if one comes first (CR 207.2c-d)."""

_GERUNDS = {"discarding": "discard", "paying": "pay", "sacrificing": "sacrifice", "exiling": "exile"}


def own_zone_permissions(line: str, original: str) -> tuple[ZonePermission, ...] | None:
    """A card's own permission to be cast from another zone: one :class:`ZonePermission` per zone it names.

    "You may cast this card from exile." (Misthollow Griffin); "… from your graveyard or from exile." (Squee, the
    Immortal); "… from your graveyard as long as you control a Zombie." (Gravecrawler: a condition the state
    decides, :func:`~models.oracle.conditions.state_condition`, that must hold as the card is cast, CR 611.3a);
    "… from your graveyard by discarding two cards in addition to paying its other costs." (a cost added to its
    cast from there, CR 118.8, 601.2b). The card's mana cost is paid (CR 601.2f): a permission that names
    another cost ("by paying {2}{W} rather than paying its mana cost", "using its blitz ability") is not one of
    these. Such an ability functions from the zones it names (CR 113.6f); the card is its owner's to cast from
    there ("you", CR 109.5).

    Parameters
    ----------
    line : str
        The line, lowercased.
    original : str
        The line, as printed.

    Returns
    -------
    tuple of ZonePermission, or None
        None when the line is not such a permission, or its condition or cost is not read (it is then reported
        by :func:`read_other_zone_permission_line`).
    """
    found = _OWN_PERMISSION.fullmatch(line)
    if found is None or found["word"] in NOT_ABILITY_WORDS:
        return None
    requires: tuple[Requirement, ...] = ()
    if (condition := found["while"] or found["if"]) is not None:
        read = state_condition(condition)
        if read is None:
            return None
        requires = read
    additional = None
    if found["cost"] is not None:
        words = re.sub(r"\b(" + "|".join(_GERUNDS) + r")\b", lambda m: _GERUNDS[m.group(1)], found["cost"])
        cost = cost_of_parts(words)
        if isinstance(cost, str) or cost.mana.mana_value:
            return None
        additional = AdditionalCost(
            dataclasses.replace(cost, text=original), "cast from another zone", rule="CR 601.2b"
        )
    zones = (
        (Zone.GRAVEYARD, Zone.EXILE)
        if "or" in found["zones"].split()
        else (Zone.GRAVEYARD if "graveyard" in found["zones"] else Zone.EXILE,)
    )
    return tuple(
        ZonePermission("permission", zone, "CR 601.3", additional, requires=requires, text=original) for zone in zones
    )


def read_own_zone_permission_line(reading: CardReading, line: str, original: str) -> bool:
    """ "You may cast this card from your graveyard." and the like (:func:`own_zone_permissions`, CR 601.3)."""
    if (permissions := own_zone_permissions(line, original)) is None:
        return False
    reading.zone_permissions.extend(permissions)
    return True


def read_step_timing_line(reading: CardReading, line: str, original: str) -> bool:
    """ "Cast this spell only during the declare blockers step." (:func:`read_step_timing`)."""
    if not reading.is_spell or (step_timing := read_step_timing(line, original)) is None:
        return False
    reading.timing_restriction = step_timing
    return True


def read_starting_player_line(reading: CardReading, line: str, original: str) -> bool:
    """A cost change or permission on who took the first turn: reported, the state does not say (CR 103.1)."""
    if not STARTING_PLAYER.fullmatch(line):
        return False
    reading.unsupported.append(
        UnsupportedText(
            original,
            "a cost change or permission on whether the caster was the "
            "starting player: the state does not say (CR 103.1)",
        )
    )
    return True


def read_next_spell_line(reading: CardReading, line: str, original: str) -> bool:
    """ "The next sorcery spell you cast this turn can be cast as though it had flash. …" (:func:`next_spell_flash`)."""
    if not reading.is_spell or (next_spell := next_spell_flash(line, original)) is None:
        return False
    if isinstance(next_spell, Instruction):
        reading.spell_text.append(next_spell)
    else:
        reading.unsupported.extend(next_spell)
    return True


def read_conditional_flash_line(reading: CardReading, line: str, original: str) -> bool:
    """ "… as though it had flash if you control a …" (:func:`conditional_flash`, CR 601.3)."""
    if (flash_if := conditional_flash(line, original)) is None:
        return False
    reading.cast_permissions.append(flash_if)
    return True


_OF_ITS_OWN_CAST = re.compile(r"cast (?:~|this spell) only\b")
_ABILITY_WORD = re.compile(r"[a-z' ]+ — (?P<rest>cast (?:~|this spell) only\b.+)")
"""An ability word before the rule: it has no rules meaning (CR 207.2c)."""
"""A permanent card's rule of its own cast, which functions on the stack (CR 113.6, 601.3)."""


def read_cast_only_line(reading: CardReading, line: str, original: str) -> bool:
    """ "Cast this spell only if …", "… only after combat." (:func:`read_cast_only`, CR 601.3), of any card."""
    worded = _ABILITY_WORD.fullmatch(line)  # "Tragic Backstory — Cast this spell only if …" (CR 207.2c)
    if worded is not None:
        line = worded["rest"]
    if not (reading.is_spell or _OF_ITS_OWN_CAST.match(line)) or (cast_only := read_cast_only(line, original)) is None:
        return False  # a permanent's line about other spells' casts is a static ability (CR 604.1)
    if isinstance(cast_only, UnsupportedText):
        reading.unsupported.append(cast_only)
    else:
        reading.timing_restriction = cast_only
    return True


def read_other_zone_permission_line(reading: CardReading, line: str, original: str) -> bool:
    """ "You may cast this card from your graveyard.": a permission to cast it from another zone (CR 601.3).

    Casting it from the hand is as usual; from the zones it names, it is reported.
    """
    if not reading.is_spell or not OWN_OTHER_ZONE_PERMISSION.search(line):
        return False
    reading.unsupported.append(
        UnsupportedText(
            original,
            "casting from another zone than the hand is not modelled",
            casting_relevant=False,
            zones=permission_zones(line),
        )
    )
    return True


def read_flash_permission_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "… as though it had flash if you pay {2} more to cast it." (CR 601.3c); spell mastery's (CR 601.3d)."""
    if tree.data != "flash_for_cost":
        reading.cast_permissions.append(CastPermission(graveyard_spells=2, text=original))  # CR 601.3d
        return
    flash_cost = mana_cost_of(next(c for c in tree.children if isinstance(c, Tree)))
    if flash_cost.generic != flash_cost.mana_value or flash_cost.has_x:
        reading.unsupported.append(UnsupportedText(original, "a coloured or X cost for casting with flash"))
    else:
        reading.cast_permissions.append(CastPermission(cost=flash_cost, text=original))  # CR 601.3c


def read_timing_restriction_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """ "Cast this spell only during combat on your turn." and the like: phases and turns (CR 601.3, 604.6)."""
    phases: set[Phase] = set()
    turns: set[str] = set()
    for token in tree_tokens(tree):
        if token.type != "TIMING_WINDOW":
            continue
        window = str(token)  # "combat", "your turn", "combat on an opponent's turn", ...
        if window.startswith("combat"):
            phases.add(Phase.COMBAT)
        if window.endswith("your turn"):
            turns.add("yours")
        elif window.endswith("opponent's turn"):
            turns.add("opponent")
    if len(turns) > 1:  # "only during your turn and only during an opponent's turn": never
        reading.unsupported.append(UnsupportedText(original, "contradictory timing restriction"))
    else:
        reading.timing_restriction = TimingRestriction(frozenset(phases), turns.pop() if turns else "any", original)


def read_free_cast_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """A spell's flash or free cast on the subtypes controlled (CR 702.8a, 611.3a, 118.9).

    "This spell has flash as long as you control a Merfolk."; "If an opponent controls a Plains and you control
    a Swamp, you may cast this spell without paying its mana cost." (an alternative cost).
    """
    if tree.data == "flash_while_line":
        subtype = SUBTYPE_BY_WORD.get(line.rstrip(".").split()[-1])
        if subtype is None:
            reading.unsupported.append(UnsupportedText(original, "a condition naming no subtype"))
            return
        reading.cast_permissions.append(
            CastPermission(requires=(ControlRequirement("you", subtype, f"you control a {subtype}"),), text=original)
        )
        return
    found = re.match(r"if an opponent controls an? ([a-z]+) and you control an? ([a-z]+),", line)
    assert found is not None, line  # CONDITIONAL_FREE_CAST matched the line
    theirs, yours = (SUBTYPE_BY_WORD.get(word) for word in found.groups())
    if theirs is None or yours is None:
        reading.unsupported.append(UnsupportedText(original, "a condition naming no subtype"))
        return
    reading.alternative.append(
        AlternativeCost(  # CR 118.9: the mana cost is not paid
            "without paying its mana cost",
            Cost(text=original),
            "CR 118.9",
            requires=(
                ControlRequirement("opponent", theirs, f"an opponent controls a {theirs}"),
                ControlRequirement("you", yours, f"you control a {yours}"),
            ),
        )
    )


_TOP_OF_LIBRARY = re.compile(
    r"(?:[^.]*, )?you may (?:(?:look at the top card of your library any time,? and you may )?(?:play|cast) "
    r"[^.]*?from the top of your library|play [^.]*?and cast [^.]*?from the top of your library)[^.]*\."
)
"""A permanent's permission to cast spells (or play lands) from the top of its controller's library (CR 601.3,
305.1): "You may cast creature spells from the top of your library.", "Once each turn, you may cast an instant or
sorcery spell from the top of your library.", "As long as ~ is attached to a creature, you may play lands and cast
spells from the top of your library."."""

_TRIGGER = re.compile(r"(?:[a-z' ]+ — )?(?:when|whenever|at the beginning)\b")

_ONLY_THOSE_CASTS = re.compile(
    r"you may look at the top card of your library any time\."
    r"|(?:if|when) you cast [^.]*? this way, [^.]*\."
    r"|mana of any type can be spent to cast (?:those|that) spells?\."
)
"""Sentences beside such a permission that bear only on the casts it allows, or on none (CR 401.2)."""


def read_top_of_library_line(reading: CardReading, line: str, original: str) -> bool:
    """A permanent's permission to cast spells from the top of its controller's library (CR 601.3, 401.2).

    The state lists the cards of a library, not their order: which card is on top is not known. Such a
    permission is read as a :class:`~models.abilities.CastingRule` of kind ``"top of library"`` for the
    permanent's controller, whatever its words name (the spells, "once each turn", a condition, a cost added
    to those casts): the cast of a card of that player's library is refused (never guessed), and every other
    cast is answered, since the permission bears on no other (:func:`solver.rules.prohibitions.top_of_library`).
    A line that says anything else, or names a hand ("from your hand or the top of your library"), is left to
    the other readers.

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
        Whether the line is such a permission (read).
    """
    if reading.is_spell or "hand" in line or "top of your library" not in line or _TRIGGER.match(line):
        return False  # a triggered ability's effect is the state's once it resolved (CR 603.1, 611.2)
    sentences = re.split(r"(?<=\.) ", re.sub(r"^[a-z' ]+ — ", "", line))
    if not _TOP_OF_LIBRARY.fullmatch(sentences[0]):
        return False
    if not all(_ONLY_THOSE_CASTS.fullmatch(sentence) for sentence in sentences[1:]):
        return False
    reading.casting_rules.append(CastingRule(original, "top of library", "you"))
    return True
