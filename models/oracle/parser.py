"""Oracle text to :class:`models.abilities.CardAbilities`, through a lark grammar.

The grammar (``oracle.lark``) has one start rule per kind of line: keyword
lines, Spree modes, additional costs, cost modifiers, mana abilities,
triggered and activated abilities of permanents, and spell text. Each line of
a card is read by the first rule that reads all of it. Spell text is free text
in which every instance of the word "target" must be read as a known target
phrase (CR 115.1, 601.2c); a "target" the grammar cannot read, or a casting
construct not modelled (kicker, divided damage, choose-one modes, ...), is
reported as :class:`models.abilities.UnsupportedText` with the span, never
ignored.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lark.exceptions import UnexpectedInput

from models.abilities import CardAbilities, UnsupportedText
from models.errors import ManaCostError
from models.objects import Card
from models.oracle.announced_x import (
    read_spend_on_x_line,
    read_x_limit_sentence,
    unmodelled_x,
    x_without_announcement,
)
from models.oracle.cost_changes import (
    read_cost_modifier_line,
    read_cost_when_line,
    read_permanent_cost_line,
    read_targeted_cost_line,
    read_cost_where_x_line,
    read_self_cost_line,
)
from models.oracle.cost_lines import (
    read_additional_choice_line,
    read_additional_cost_line,
    read_alternative_cost_line,
    read_commander_free_cast_line,
    read_cost_then_change_line,
    read_printed_additional_line,
    read_waterbend_line,
    read_x_objects_line,
)
from models.oracle.faces import cleave_line, faces_lacking, read_cleave
from models.oracle.grammar import LINE_RULES, oracle_parser, read_line
from models.oracle.keyword_costs import cycling_keywords
from models.oracle.keywords import (
    KEYWORD_COSTS,
    parse_granted,
    read_keyword_led_line,
    read_keyword_line,
    read_unread_keyword_line,
)
from models.oracle.modes import (
    read_bullet_mode,
    read_modal_header,
    read_mode_choice,
    read_raised_choice_line,
    read_spree_mode,
    read_weighted_mode_line,
)
from models.oracle.permanents import (
    read_ability_line,
    read_basic_mana_line,
    read_mana_ability_line,
    read_player_ability_line,
)
from models.oracle.permissions import (
    read_cast_only_line,
    read_conditional_flash_line,
    read_flash_permission_line,
    read_free_cast_line,
    read_next_spell_line,
    read_other_zone_permission_line,
    read_own_zone_permission_line,
    read_starting_player_line,
    read_step_timing_line,
    read_timing_restriction_line,
    read_top_of_library_line,
)
from models.oracle.reading import CardReading, LineReader, TreeReader
from models.oracle.saved import save_reading, saved_reading
from models.oracle.statics import read_level_striations
from models.oracle.spell_text import (
    die_result_effect,
    gift_replacements,
    is_spell_text,
    read_aura_target,
    read_awaken,
    read_enchant_line,
    read_on_the_stack_cost_line,
    read_spell_text,
)
from models.oracle.targets import ANY_NUMBER
from models.oracle.unread import PERMANENT_RELEVANT, UnreadText, error_span, topics_of, unread_reason
from models.oracle.words import prepare_lines

__all__ = [
    "parse_card",
    "parse_granted",
    "LINE_RULES",
    "read_line",
    "ANY_NUMBER",
    "KEYWORD_COSTS",
    "oracle_parser",
    "LINE_READERS",
    "RULE_READERS",
    "FREE_TEXT_READERS",
]

LINE_READERS: tuple[LineReader, ...] = (
    read_spend_on_x_line,  # "Spend only black mana on X." (CR 107.3)
    read_step_timing_line,  # "Cast this spell only during the declare blockers step." (CR 601.3)
    read_raised_choice_line,  # "Choose one. If …, you may choose two instead." (CR 700.2)
    read_cost_then_change_line,  # "As an additional cost …, you may exile … This spell costs {2} less …" (CR 118.8)
    read_starting_player_line,  # "If you weren't the starting player, …" (CR 103.1): reported
    read_commander_free_cast_line,  # "If you control a commander, you may cast …" (CR 903.3): reported
    read_next_spell_line,  # "The next sorcery spell you cast this turn can be cast as though it had flash."
    read_cost_where_x_line,  # "This spell costs {X} less to cast, where X is …" (CR 601.2f)
    read_cost_when_line,  # "This spell costs {1} less to cast during your turn." (CR 601.2f)
    read_on_the_stack_cost_line,  # "As long as ~ is on the stack, spells that target it cost {2} more …"
    read_targeted_cost_line,  # "Spells your opponents cast that target a creature you control cost {2} more …"
    read_permanent_cost_line,  # "Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~."
    read_conditional_flash_line,  # "… as though it had flash if …" (CR 601.3)
    read_own_zone_permission_line,  # "You may cast this card from exile." (CR 601.3, 113.6f)
    read_cast_only_line,  # "Cast this spell only if …" (CR 601.3)
    read_enchant_line,  # "Enchant creature, land, or planeswalker" (CR 702.5a)
    read_top_of_library_line,  # "You may cast creature spells from the top of your library." (CR 601.3, 401.2)
    read_weighted_mode_line,  # "Choose up to five {P} worth of modes. …" and its modes (CR 700.2i)
)
"""The readers tried on a line, in this order, before the grammar: each reads a family of lines by their words."""

RULE_READERS: dict[str, TreeReader] = {
    "keyword_line": read_keyword_line,
    "spree_mode": read_spree_mode,
    "modal_header": read_modal_header,
    "bullet_mode": read_bullet_mode,
    "additional_cost_line": read_additional_cost_line,
    "cost_modifier_line": read_cost_modifier_line,
    "flash_permission_line": read_flash_permission_line,
    "timing_restriction_line": read_timing_restriction_line,
    "player_ability_line": read_player_ability_line,
    "alternative_cost_line": read_alternative_cost_line,
    "self_cost_line": read_self_cost_line,
    "free_cast_line": read_free_cast_line,
    "mana_ability_line": read_mana_ability_line,
    "basic_mana_line": read_basic_mana_line,
    "triggered_line": read_ability_line,
    "chapter_line": read_ability_line,
    "activated_line": read_ability_line,
}
"""The reader of a line that a start rule of the grammar (:data:`LINE_RULES`) reads, by the rule; a line of the
spell-text rule is read by :data:`FREE_TEXT_READERS`, then as spell text."""

FREE_TEXT_READERS: tuple[LineReader, ...] = (
    read_keyword_led_line,  # "Kicker—Sacrifice a creature.", "Flashback—{R}, Pay 3 life.", "Teamwork 2"
    read_unread_keyword_line,  # a keyword-shaped line no keyword reads: reported, never spell text
    read_x_objects_line,  # "As an additional cost to cast this spell, discard X cards." (CR 107.3a)
    read_additional_choice_line,  # "…, discard a card or pay {5}." (CR 601.2b)
    read_waterbend_line,  # "…, you may waterbend {6}." (CR 701.67a)
    read_printed_additional_line,  # "As an additional cost to cast this spell, sacrifice a Goblin." (CR 118.8)
    read_other_zone_permission_line,  # "You may cast this card from your graveyard." (CR 601.3): reported
)
"""The readers tried, in this order, on a line the grammar reads as free text, before it is read as spell text
(:func:`models.oracle.spell_text.read_spell_text`)."""


@functools.lru_cache(maxsize=8192)
def parse_card(card: Card) -> CardAbilities:
    """Read a card's Oracle text into the abilities the casting rules use.

    Parameters
    ----------
    card : Card

    Returns
    -------
    CardAbilities
        With ``unsupported`` listing every span that was not understood and
        could bear on casting (as a spell) or targeting and mana (as a
        permanent).

    Notes
    -----
    Reminder text (in parentheses) is dropped first: it has no rules meaning
    (CR 207.2). The card's own name in its text is read as "this object"
    (CR 201.5). Results are cached per card, and kept between runs when
    :func:`models.oracle.saved.enable_saved_readings` was called (the
    ``legalcasts`` command does).

    Examples
    --------
    >>> from models.io.card_pool import default_card_database
    >>> ray = parse_card(default_card_database().get("Glacial Ray"))
    >>> [t.phrase for i in ray.spell_text for t in i.targets], str(ray.splice.cost)
    (['any target'], '{1}{R}')
    """
    found = saved_reading(card)
    if found is None:
        found = _read_card(card)
        save_reading(card, found)
    return found


def _read_card(card: Card) -> CardAbilities:
    """:func:`parse_card`, always read from the text: each line by the first reader that reads it, in order."""
    if (cleave := cleave_line(card)) is not None:
        return read_cleave(card, cleave, parse_card)
    reading = CardReading.of(card)
    lines, striations, unread = read_level_striations(prepare_lines(card))  # a leveler's (CR 711.2)
    reading.static_effects.extend(striations)
    reading.static_unread.extend(unread)
    reading.unsupported.extend(
        UnsupportedText(
            line,
            "a leveler's striation not read (CR 711.2)",
            casting_relevant=False,
            permanent_relevant=True,
            topics=topics_of(line),
        )
        for line in unread
    )
    levels: _Read | None = None
    stationed: _Read | None = None
    station = any(_STATION.fullmatch(line.lower()) for line in lines)
    for original in lines:
        if levels is None and _CLASS_LEVEL_BAR.fullmatch(original.lower()):
            levels = _Read.of(reading)  # what the text box before the first class level bar gave (CR 716.3)
        if station and stationed is None and _STATION_SYMBOL.match(original):
            stationed = _Read.of(reading)  # what the text before the first station symbol gave (CR 721.4)
        _read_card_line(reading, original)
    if levels is not None:
        _conditional_abilities(reading, levels, _LEVELLED)
    if stationed is not None:
        _conditional_abilities(reading, stationed, _STATIONED)
    if "Room" in card.subtypes:
        _room_door(reading)
    return _card_abilities(card, reading)


_CLASS_LEVEL_BAR = re.compile(r"(?:\{[^}]+\})+: level \d+")
"""A class level bar, "{1}{R}: Level 2" (CR 716.2)."""

_STATION = re.compile(r"station\b.*")
"""A station card's station ability (CR 702.184a): its "N+ | …" lines are station symbols, not a die's rows."""

_STATION_SYMBOL = re.compile(r"\d+\+ \| ")
"""A station symbol, "12+ | {U}, {T}: Add {U} for each artifact you control." (CR 721.2)."""


@dataclass(frozen=True, slots=True)
class _Read:
    """How many records of each kind a reading had at one line: those after it came from later lines."""

    static_effects: int
    casting_rules: int
    cost_modifiers: int
    mana_abilities: int
    protections: int

    @classmethod
    def of(cls, reading: CardReading) -> _Read:
        return cls(
            len(reading.static_effects),
            len(reading.casting_rules),
            len(reading.cost_modifiers),
            len(reading.mana_abilities),
            len(reading.protections),
        )


_LEVELLED = "a Class's level is not in the state, and its abilities of a level not reached don't exist (CR 716.2a)"

_STATIONED = "a station symbol's abilities exist only with that many charge counters (CR 721.2a), which is not read yet"


def _conditional_abilities(reading: CardReading, before: _Read, reason: str) -> None:
    """Abilities that exist only at a Class's level (CR 716.2a) or a station symbol's counters (CR 721.2a).

    The static effects, casting rules, cost changes of other spells, mana abilities and protections read after
    the first class level bar or station symbol become unread text with what they bear on (``reason``), so the
    rules that read those refuse under it; the abilities before it are the permanent's at all times (CR 716.3,
    721.4).
    """
    effects = reading.static_effects[before.static_effects :]
    spans: list[tuple[str, frozenset[str]]] = [(e.text, topics_of(e.text)) for e in effects]
    spans += [(r.text, frozenset({"cost"})) for r in reading.casting_rules[before.casting_rules :]]
    later = reading.cost_modifiers[before.cost_modifiers :]
    spans += [(m.text, frozenset({"cost"})) for m in later if not m.own]
    spans += [("{T}: Add …", frozenset({"mana"})) for _ in reading.mana_abilities[before.mana_abilities :][:1]]
    spans += [("protection", frozenset({"targeting"})) for _ in reading.protections[before.protections :][:1]]
    reading.static_unread.extend(e.text for e in effects)
    reading.unsupported.extend(
        UnsupportedText(span, reason, casting_relevant=False, permanent_relevant=True, topics=topics)
        for span, topics in spans
    )
    del reading.static_effects[before.static_effects :]
    del reading.casting_rules[before.casting_rules :]
    del reading.mana_abilities[before.mana_abilities :]
    del reading.protections[before.protections :]
    reading.cost_modifiers[before.cost_modifiers :] = [m for m in later if m.own]


_LOCKED = "a Room's door: whether it is unlocked is not in the state, and a locked door's text doesn't exist (CR 709.5)"


def _room_door(reading: CardReading) -> None:
    """A Room's door bears on other casts only while unlocked (CR 709.5), which no state says: reported, not read.

    Its static effects, casting rules, cost changes of other spells and mana abilities become unread text with
    what they bear on (types and power, casting, mana), so the rules that read those refuse under it.
    """
    spans: list[tuple[str, frozenset[str]]] = [(e.text, topics_of(e.text)) for e in reading.static_effects]
    spans += [(r.text, frozenset({"cost"})) for r in reading.casting_rules]
    spans += [(m.text, frozenset({"cost"})) for m in reading.cost_modifiers if not m.own]
    spans += [("{T}: Add …", frozenset({"mana"})) for _ in reading.mana_abilities[:1]]
    reading.static_unread.extend(e.text for e in reading.static_effects)
    reading.unsupported.extend(
        UnsupportedText(span, _LOCKED, casting_relevant=False, permanent_relevant=True, topics=topics)
        for span, topics in spans
    )
    reading.static_effects.clear()
    reading.casting_rules.clear()
    reading.cost_modifiers[:] = [m for m in reading.cost_modifiers if m.own]
    reading.mana_abilities.clear()


def _read_card_line(reading: CardReading, original: str) -> None:
    """Read one line of the card: by its words (:data:`LINE_READERS`), else by the grammar.

    A word or symbol of a phrase the grammar took in that the reader can't give a meaning to makes the line
    (or the span named) unsupported.
    """
    original = read_x_limit_sentence(reading, die_result_effect(original))  # "X can't be 0." (CR 107.3)
    if not original:
        return
    line = original.lower()
    for reader in LINE_READERS:
        if reader(reading, line, original):
            return
    try:
        _read_with_grammar(reading, line, original)
    except (UnreadText, ManaCostError) as unread:
        span = unread.span if isinstance(unread, UnreadText) else original
        reason = unread.reason if isinstance(unread, UnreadText) else f"mana symbol not read ({unread.message})"
        reading.unsupported.append(_unread_line(reading, span, reason, line, original))


def _unread_line(reading: CardReading, span: str, reason: str, line: str, original: str) -> UnsupportedText:
    """A span of a line not read: whether it bears on casting the card, or on a permanent's targeting or mana."""
    casting_relevant = reading.is_spell or "cast" in line or "additional cost" in line
    return UnsupportedText(
        span,
        reason,
        casting_relevant=casting_relevant,
        permanent_relevant=bool(PERMANENT_RELEVANT.search(line)),
        topics=topics_of(original),
    )


_ABILITY_SHAPE = re.compile(r"[^:]*:|(?:when|whenever|at the beginning)\b")
"""The start of an activated ability ("{T}: …", CR 602.1) or a triggered one ("When …", CR 603.1): no static line."""


def _read_with_grammar(reading: CardReading, line: str, original: str) -> None:
    """Read a line with the grammar's first start rule that reads it whole, then that rule's reader.

    An instant's or sorcery's line read as an ability may be its own text (:func:`is_spell_text`); the bullets
    after "When this creature enters, choose one —" are that ability's modes, chosen when it is put on the
    stack (CR 700.2), not the spell's.
    """
    result = read_line(line)
    if isinstance(result, UnexpectedInput):
        span = error_span(original, result)
        reading.unsupported.append(_unread_line(reading, span, unread_reason(span), line, original))
        if not reading.is_spell and not _ABILITY_SHAPE.match(line):
            reading.static_unread.append(line)  # a static line of a permanent, not read (CR 604.1)
        return
    rule, tree = result
    if rule == "bullet_mode" and reading.ability_modes:
        return
    reading.ability_modes = rule in ("triggered_line", "activated_line") and line.endswith("—")
    if reading.is_spell and is_spell_text(rule, line):
        try:
            rule, tree = "effect", oracle_parser().parse(line, start="effect")
        except UnexpectedInput as error:
            span = error_span(original, error)
            reading.unsupported.append(UnsupportedText(span, unread_reason(span)))
            return
    if rule != "effect":
        RULE_READERS[rule](reading, tree, line, original)
        return
    for reader in FREE_TEXT_READERS:
        if reader(reading, line, original):
            return
    read_spell_text(reading, tree, line, original)


def _card_abilities(card: Card, reading: CardReading) -> CardAbilities:
    """The card's abilities, its lines read: what the card reads as a whole added (targets, modes, X, faces)."""
    reading.unsupported.extend(gift_replacements(reading.spell_text))
    reading.unsupported.extend(faces_lacking(card))
    read_aura_target(reading)
    reading.unsupported.extend(unmodelled_x(card, reading))
    mode_choice = read_mode_choice(reading)
    read_awaken(reading)
    if reading.is_spell:
        reading.unsupported.extend(
            x_without_announcement(card, reading.spell_text, reading.modes, reading.additional, reading.alternative)
        )
    # Only the spell's own text (not Spree modes) is what a splice adds (CR 702.47a).
    return CardAbilities(
        spell_text=tuple(reading.spell_text),
        modes=tuple(reading.modes),
        mode_choice=mode_choice,
        splice=reading.splice,
        additional_costs=tuple(reading.additional),
        alternative_costs=tuple(reading.alternative),
        cost_modifiers=tuple(reading.cost_modifiers),
        cast_permissions=tuple(reading.cast_permissions),
        zone_permissions=tuple(reading.zone_permissions),
        timing_restriction=reading.timing_restriction,
        x_limits=tuple(reading.x_limits),
        cast_only_from=reading.cast_only_from,
        delve=reading.delve,
        convoke=reading.convoke,
        improvise=reading.improvise,
        x_colours=reading.x_colours,
        assist=reading.assist,
        face_down=reading.face_down,
        bestow=reading.bestow,
        prototype=reading.prototype,
        more_than_meets_the_eye=reading.more_than_meets_the_eye,
        flash=reading.flash,
        fuse=reading.fuse,
        protections=tuple(reading.protections),
        hexproof=reading.hexproof,
        hexproof_from=frozenset(reading.hexproof_from),
        hexproof_from_qualities=tuple(reading.hexproof_from_qualities),
        shroud=reading.shroud,
        ward=reading.ward,
        controller_hexproof=reading.controller_hexproof,
        controller_shroud=reading.controller_shroud,
        mana_abilities=tuple(reading.mana_abilities),
        keywords=frozenset(reading.keywords) | cycling_keywords(card),
        unsupported=tuple(reading.unsupported),
        static_effects=tuple(reading.static_effects),
        static_unread=tuple(reading.static_unread),
        static_no_cast=tuple(reading.static_no_cast),
        casting_rules=tuple(reading.casting_rules),
        mana_when_tapped=tuple(reading.mana_when_tapped),
        mana_triggers=tuple(reading.mana_triggers),
    )
