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

import dataclasses
import functools
import re

from lark import Tree
from lark.exceptions import UnexpectedInput

from models.abilities import (
    OTHER_ZONE_KEYWORDS,
    AdditionalCost,
    AlternativeCost,
    CardAbilities,
    CastPermission,
    ControllerFilter,
    ControlRequirement,
    Requirement,
    Cost,
    CostModifier,
    Instruction,
    ManaAbility,
    Mode,
    ObjectCost,
    ObjectFilter,
    Quality,
    ModeChoice,
    TargetKind,
    TargetSpec,
    XLimit,
    TimingRestriction,
    UnsupportedText,
)
from models.choices import CostAction
from models.errors import ManaCostError
from models.mana import ManaCost, SymbolKind
from models.objects import Card, CardType, Phase, Zone
from models.oracle.saved import save_reading, saved_reading

from models.oracle.announced_x import SPEND_ON_X, read_x_limit, x_without_announcement
from models.oracle.conditions import alternative_condition
from models.oracle.cost_changes import own_cost_change, own_cost_when, own_cost_where_x
from models.oracle.cost_lines import (
    COMMANDER_FREE_CAST, additional_cost_choice, additional_object_cost, printed_additional_cost, rather_than_pay,
    read_cost_then_change, read_waterbend, x_objects_additional_cost,
)
from models.oracle.costs import object_cost
from models.oracle.faces import cleave_line, faces_lacking, read_cleave
from models.oracle.grammar import mana_cost_of, oracle_parser, read_line, tree_tokens
from models.oracle.keyword_costs import (
    SNEAK, TEAMWORK, cycling_keywords, graveyard_keyword, optional_keyword_cost, read_sneak, read_teamwork,
    two_kickers,
)
from models.oracle.keywords import (
    KEYWORD_COST_DASH, KEYWORD_SHAPED, WITH_ITS_COST, battlefield_keyword_start, keyword_abilities, keyword_then_cost,
)
from models.oracle.modes import (
    CHOICE_BOUNDS, DIE_RESULT_ROW, PRICED_MODE, RAISED_CHOICE, paid_raise, read_weighted_modes,
)
from models.oracle.permanents import BASIC_LETTERS, LOYALTY_COST, mana_ability, read_attached_grants
from models.oracle.permissions import (
    OWN_OTHER_ZONE_PERMISSION, STARTING_PLAYER, conditional_flash, next_spell_flash, permission_zones, read_cast_only,
    read_step_timing,
)
from models.oracle.qualities import spell_qualities
from models.oracle.spell_text import (
    ENCHANT_LINE, ENTERS_IF_KICKED, REPLACING, aura_target, gift_replacements, is_spell_text, replaced_targets,
    unread_gift_condition,
)
from models.oracle.targets import SpellTextReader
from models.oracle.unread import PERMANENT_RELEVANT, UnreadText, error_span, topics_of, unread_reason
from models.oracle.words import COLOR_WORDS, PAID_CONDITIONS, SUBTYPE_BY_WORD, prepare_lines, strip_reminder
from models.oracle.grammar import LINE_RULES
from models.oracle.targets import ANY_NUMBER
from models.oracle.keyword_costs import KEYWORD_COSTS
from models.oracle.keywords import parse_granted

__all__ = ["parse_card", "parse_granted", "LINE_RULES", "read_line", "ANY_NUMBER", "KEYWORD_COSTS", "oracle_parser"]


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
    """:func:`parse_card`, always read from the text."""
    if (cleave := cleave_line(card)) is not None:
        return read_cleave(card, cleave, parse_card)
    is_spell = card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)
    out: dict = {
        "protections": [], "hexproof": False, "hexproof_from": set(), "shroud": False, "flash": False,
        "ward": False, "spree": False, "splice": None, "unsupported": [],
        "entwine": None, "escalate": None, "choose": None, "additional": [], "alternative": [], "enchant": [],
        "cost_modifiers": [], "colors": card.colors, "subtypes": card.subtypes,
    }
    spell_text: list[Instruction] = []
    modes: list[Mode] = []
    additional: list[AdditionalCost] = out["additional"]
    alternative: list[AlternativeCost] = out["alternative"]
    cast_permissions: list[CastPermission] = []
    mana_abilities: list[ManaAbility] = []
    cost_modifiers: list[CostModifier] = out["cost_modifiers"]
    x_limits: list[XLimit] = []
    unsupported: list[UnsupportedText] = out["unsupported"]

    ability_modes = False  # the bullets read next are the modes of a triggered or activated ability
    for original in prepare_lines(card):
        if (row := DIE_RESULT_ROW.fullmatch(original)) is not None:
            # "1—14 | Draw X cards.": "If the result was in this range, [effect]" (CR 706.3a), one ability with
            # the roll (706.3b): its targets are the spell's, chosen as it is cast (CR 601.2c)
            original = row["effect"]
        has_x = card.mana_cost is not None and card.mana_cost.has_x
        if (x_limit := read_x_limit(original, has_x, is_spell)) is not None:
            read_limit, original = x_limit  # "X can't be 0." (CR 107.3, 601.2b)
            if isinstance(read_limit, UnsupportedText):
                unsupported.append(read_limit)
            else:
                x_limits.append(read_limit)
            if not original:
                continue
        line = original.lower()
        if is_spell and (spend := SPEND_ON_X.fullmatch(line)) is not None:
            # "Spend only black mana on X.": only mana of those colours pays for X (CR 107.3, 601.2h)
            out["x_colours"] = frozenset(COLOR_WORDS[word].letter for word in spend["colours"].split(" and/or "))
            continue
        if is_spell and (step_timing := read_step_timing(line, original)) is not None:
            out["timing_restriction"] = step_timing  # "Cast this spell only during the declare blockers step."
            continue
        if is_spell and (raised := RAISED_CHOICE.fullmatch(line)) is not None:
            # "Choose one. If you control a Wizard as you cast this spell, you may choose two instead." (CR 700.2)
            paid = paid_raise(raised["condition"])
            requirement = None if paid is not None else alternative_condition(raised["condition"])
            if requirement is None and paid is None:
                unsupported.append(UnsupportedText(original, "the condition for choosing more modes is not read"))
            out["choose"] = (raised["number"], original)
            out["raised"] = (raised["raised"], requirement, paid or (), not raised["may"])
            continue
        if (cost_then_change := read_cost_then_change(line, original)) is not None:
            additional.append(cost_then_change[0])  # "… This spell costs {2} less to cast for each card exiled …"
            cost_modifiers.append(cost_then_change[1])
            continue
        if STARTING_PLAYER.fullmatch(line):
            unsupported.append(UnsupportedText(original, "a cost change or permission on whether the caster was the "
                                                         "starting player: the state does not say (CR 103.1)"))
            continue
        if COMMANDER_FREE_CAST.fullmatch(line):
            unsupported.append(UnsupportedText(original, "an alternative cost for controlling a commander: the "
                                                         "state gives no commander (CR 903.3, 118.9)"))
            continue
        if is_spell and (next_spell := next_spell_flash(line, original)) is not None:
            if isinstance(next_spell, Instruction):  # "The next sorcery spell you cast this turn can be cast as …"
                spell_text.append(next_spell)
            else:
                unsupported.extend(next_spell)
            continue
        if (where_x := own_cost_where_x(line, original)) is not None:
            cost_modifiers.append(where_x)  # "This spell costs {X} less to cast, where X is your devotion to black."
            continue
        if (own_when := own_cost_when(line, original)) is not None:
            if isinstance(own_when, UnsupportedText):  # "This spell costs {1} less to cast during your turn."
                unsupported.append(own_when)
            else:
                cost_modifiers.extend(own_when)
            continue
        if (flash_if := conditional_flash(line, original)) is not None:
            cast_permissions.append(flash_if)  # "… as though it had flash if you control a …" (CR 601.3)
            continue
        if is_spell and (cast_only := read_cast_only(line, original)) is not None:
            if isinstance(cast_only, UnsupportedText):  # "Cast this spell only if …" (CR 601.3)
                unsupported.append(cast_only)
            else:
                out["timing_restriction"] = cast_only
            continue
        if ENCHANT_LINE.fullmatch(line):  # "Enchant creature, land, or planeswalker" (CR 702.5a)
            out["enchant"].append(original)
            continue
        if read_weighted_modes(line, original, out, modes):
            continue
        try:
            result = read_line(line)
            if isinstance(result, UnexpectedInput):
                span = error_span(original, result)
                relevant = bool(PERMANENT_RELEVANT.search(line))
                unsupported.append(
                    UnsupportedText(
                        span, unread_reason(span),
                        casting_relevant=is_spell or "cast" in line or "additional cost" in line,
                        permanent_relevant=relevant, topics=topics_of(original),
                    )
                )
                continue
            rule, tree = result
            if rule == "bullet_mode" and ability_modes:
                continue  # a mode of the triggered or activated ability above, chosen when it is put on the stack
            # "When this creature enters, choose one —": the bullets that follow are that ability's modes (CR 700.2)
            ability_modes = rule in ("triggered_line", "activated_line") and line.endswith("—")
            if is_spell and is_spell_text(rule, line):
                try:
                    rule, tree = "effect", oracle_parser().parse(line, start="effect")
                except UnexpectedInput as error:
                    span = error_span(original, error)
                    unsupported.append(UnsupportedText(span, unread_reason(span)))
                    continue
            if rule == "keyword_line":
                keyword_abilities(tree, original, out)
            elif rule == "spree_mode":
                cost_tree = next(c for c in tree.children if isinstance(c, Tree) and c.data == "mana_cost")
                effect = next(c for c in tree.children if isinstance(c, Tree) and c.data == "effect")
                reader = SpellTextReader(line)
                reader.read(effect)
                text = re.sub(r"^\+\s*(\{[^}]*\})+\s*—\s*", "", original)  # the mode's text, after its cost
                unsupported.extend(reader.unsupported)
                modes.append(
                    Mode(len(modes), Instruction(text, tuple(reader.targets)),
                         mana_cost_of(cost_tree))
                )
            elif rule == "modal_header":
                word = str(tree.children[0]).removeprefix("choose ").split(".")[0].strip()
                out["choose"] = (word, original)
                out["repeatable"] = tree.data == "repeatable_header"
            elif rule == "bullet_mode":
                effect = next(c for c in tree.children if isinstance(c, Tree) and c.data == "effect")
                reader = SpellTextReader(line)
                reader.read(effect)
                unsupported.extend(reader.unsupported)
                text = original.lstrip("•").strip()
                if not text.endswith((".", '"')):
                    # "• Giant Growth": a mode that names another card's text (play-test cards), not read
                    unsupported.append(UnsupportedText(original, "a mode that is not a sentence"))
                priced = PRICED_MODE.fullmatch(text)
                if priced:  # "• Cross-Slash — {0} — Destroy target tapped creature." (tiered, CR 702.183a)
                    modes.append(Mode(len(modes), Instruction(priced["effect"], tuple(reader.targets)),
                                      ManaCost.parse(priced["cost"], path="oracle_text")))
                else:
                    modes.append(Mode(len(modes), Instruction(text, tuple(reader.targets))))
            elif rule == "additional_cost_line" and tree.data == "any_number_cost_line":
                text = str(tree.children[-1]).removeprefix("you may ")
                if text == "pay x life.":
                    additional.append(AdditionalCost(Cost(life_x=True, text=original)))  # CR 119.4
                    continue
                if text == "exile x cards from your graveyard.":
                    # X cards, X the spell's X: that of {X} in the mana cost, or announced (CR 107.3a, 601.2b)
                    cost = ObjectCost(CostAction.EXILE, None, zone=Zone.GRAVEYARD, x_count=True, text=text)
                    additional.append(AdditionalCost(Cost(objects=(cost,), text=original)))
                    continue
                every = text.startswith("sacrifice all ")
                read = object_cost(re.sub(r"any number of |all ", "a ", text, count=1))
                if read is None or read.count != 1:
                    unsupported.append(UnsupportedText(original, f"additional cost {text!r} not modelled"))
                else:  # any number of them, none included; or all of them (CR 118.8, 601.2h)
                    cost = dataclasses.replace(read, count=0 if every else None, text=text)
                    additional.append(AdditionalCost(Cost(objects=(cost,), text=original)))
            elif rule == "additional_cost_line":
                additional.append(AdditionalCost(Cost(objects=(additional_object_cost(tree, line),), text=original)))
            elif rule == "cost_modifier_line":
                tokens = tree_tokens(tree)
                amount = mana_cost_of(next(c for c in tree.children if isinstance(c, Tree)))
                sign = 1 if any(str(t) == "more" for t in tokens) else -1
                words = next((str(t) for t in tokens if t.type == "SPELL_QUALITIES"), "")
                who = next(str(t) for t in tokens if t.type == "SPELLS_COST")
                qualities = spell_qualities(words) if words else None
                if words and qualities is None:
                    unsupported.append(UnsupportedText(
                        original, f"cost change for {words!r} spells not modelled",
                        casting_relevant=False, permanent_relevant=True, topics=topics_of(original)))
                elif amount.generic != amount.mana_value and sign < 0:
                    unsupported.append(UnsupportedText(
                        original, "coloured cost reduction not modelled",
                        casting_relevant=False, permanent_relevant=True, topics=topics_of(original)))
                else:
                    coloured = ManaCost(tuple(s for s in amount.symbols if s.kind is not SymbolKind.GENERIC))
                    cost_modifiers.append(CostModifier(
                        sign * amount.generic, original, qualities=qualities,
                        casters="you" if "you cast" in who else "opponents" if "opponents" in who else "any",
                        coloured=coloured if coloured.symbols else None))
            elif rule == "flash_permission_line":
                if tree.data == "flash_for_cost":
                    flash_cost = mana_cost_of(next(c for c in tree.children if isinstance(c, Tree)))
                    if flash_cost.generic != flash_cost.mana_value or flash_cost.has_x:
                        unsupported.append(UnsupportedText(original, "a coloured or X cost for casting with flash"))
                    else:
                        cast_permissions.append(CastPermission(cost=flash_cost, text=original))  # CR 601.3c
                else:
                    cast_permissions.append(CastPermission(graveyard_spells=2, text=original))  # CR 601.3d
            elif rule == "timing_restriction_line":
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
                    unsupported.append(UnsupportedText(original, "contradictory timing restriction"))
                else:
                    out["timing_restriction"] = TimingRestriction(frozenset(phases), turns.pop() if turns else "any",
                                                                  original)
            elif rule == "self_cost_line":
                own = own_cost_change(original)
                if isinstance(own, UnsupportedText):
                    unsupported.append(own)
                else:
                    cost_modifiers.extend(own)
            elif rule == "alternative_cost_line" and tree.data == "rather_than_pay_line":
                printed = rather_than_pay(original)
                if isinstance(printed, UnsupportedText):
                    unsupported.append(printed)
                else:
                    alternative.append(printed)
            elif rule == "alternative_cost_line":
                colour = str(tree.children[0]).split()[4]  # "you may exile a <colour> card ..."
                # "exile a red card with mana value X from your hand", as printed
                text = re.sub(r"^you may | rather than pay .*$", "", original, flags=re.IGNORECASE)
                of_colour = ObjectFilter((frozenset({Quality("color", COLOR_WORDS[colour])}),), colour)
                exiled = ObjectCost(CostAction.EXILE, 1, qualities=of_colour, zone=Zone.HAND, mana_value_is_x=True,
                                    text=text)
                alternative.append(AlternativeCost(text, Cost(objects=(exiled,), text=text), "CR 118.9"))
            elif rule == "free_cast_line" and tree.data == "flash_while_line":
                subtype = SUBTYPE_BY_WORD.get(line.rstrip(".").split()[-1])
                if subtype is None:
                    unsupported.append(UnsupportedText(original, "a condition naming no subtype"))
                    continue
                cast_permissions.append(CastPermission(
                    requires=(ControlRequirement("you", subtype, f"you control a {subtype}"),), text=original))
            elif rule == "free_cast_line":
                found = re.match(r"if an opponent controls an? ([a-z]+) and you control an? ([a-z]+),", line)
                assert found is not None, line  # CONDITIONAL_FREE_CAST matched the line
                theirs, yours = (SUBTYPE_BY_WORD.get(word) for word in found.groups())
                if theirs is None or yours is None:
                    unsupported.append(UnsupportedText(original, "a condition naming no subtype"))
                    continue
                alternative.append(AlternativeCost(  # CR 118.9: the mana cost is not paid
                    "without paying its mana cost", Cost(text=original), "CR 118.9",
                    requires=(ControlRequirement("opponent", theirs, f"an opponent controls a {theirs}"),
                              ControlRequirement("you", yours, f"you control a {yours}"))))
            elif rule == "player_ability_line":
                word = str(tree.children[1])
                out["controller_" + word] = True
            elif rule == "mana_ability_line":
                try:
                    mana_abilities.append(mana_ability(tree))
                except ValueError:
                    unsupported.append(UnsupportedText(
                        original, "generic mana in a mana ability",
                        casting_relevant=False, permanent_relevant=True, topics=topics_of(original)))
            elif rule == "basic_mana_line":
                mana_abilities.append(ManaAbility((frozenset(BASIC_LETTERS[line]),)))
            elif rule == "triggered_line" and re.search(r"\btapped for mana\b.*\badds?\b", line):
                # "Whenever enchanted land is tapped for mana, its controller adds an additional {G}": a triggered
                # mana ability (CR 605.1b), changing the mana a permanent makes: not read
                unsupported.append(UnsupportedText(
                    original, "triggered mana ability not read", casting_relevant=False, permanent_relevant=True,
                    topics=frozenset({"mana"})))
            elif rule == "chapter_line":
                pass  # a chapter ability is a triggered ability (CR 714.2b): its targets are not the spell's
            elif rule in ("triggered_line", "activated_line"):
                if rule == "activated_line" and re.search(r":\s*add\b", line) and not LOYALTY_COST.match(line):
                    # (a loyalty ability is never a mana ability, CR 605.1a: it makes mana as it resolves)
                    unsupported.append(UnsupportedText(
                        original, "mana ability with a cost other than {T}",
                        casting_relevant=False, permanent_relevant=True, topics=topics_of(original)))
                # Targets of triggered and activated abilities are not the spell's (CR 115.1b).
            elif (from_graveyard := graveyard_keyword(line, original)) is not None:
                alternative.append(from_graveyard)  # "Escape—{3}{B}{B}, Exile four other cards from your graveyard."
            elif (kickers := two_kickers(line, original)) is not None:
                additional.extend(kickers)  # "Kicker {1}{B} and/or {R}": two kicker costs (CR 702.33b)
            elif (optional := optional_keyword_cost(line, original)) is not None:
                additional.append(optional)  # "Kicker—Sacrifice a creature.", "Buyback—Pay 3 life."
            elif (teamwork := TEAMWORK.fullmatch(line)) is not None:
                additional.append(read_teamwork(int(teamwork["total"]), original))  # "Teamwork 2"
            elif (sneak := SNEAK.fullmatch(line)) is not None:
                alternative.append(read_sneak(sneak["cost"], original))  # "Sneak {1}{W}"
            elif line == "paradigm":
                # "Then exile this spell. After you first resolve a spell with this name, you may cast a copy of it
                # from exile …" (its reminder text): nothing about casting the card from the hand or a graveyard;
                # from exile, a copy is cast, which the state does not describe
                unsupported.append(UnsupportedText(
                    original, "casting a copy of a card with paradigm from exile is not modelled (CR 707.12)",
                    casting_relevant=False, zones=frozenset({Zone.EXILE})))
            elif line == "spell commander":
                # "This card can be your commander." (its reminder text): what a deck may hold (CR 903.3); cast
                # as a commander it is cast from the command zone (CR 903.8), which no state holds
                continue
            elif KEYWORD_SHAPED.fullmatch(line) or KEYWORD_COST_DASH.match(line) or keyword_then_cost(line):
                # a keyword line none of the grammar's keywords reads ("Sneak {2}{U}", "Enchant creature, land, or
                # planeswalker", "Kicker {1}{B} and/or {R}"): it may change how the card is cast, or be cast from
                # another zone; never taken for spell text
                what = "modal or list header not read" if line.endswith("—") else "keyword ability not read"
                keyword = battlefield_keyword_start().match(line)
                # a keyword with its cost ("Flashback—{R}{R}, Discard X cards.", "Suspend 4—{R}") casts the card from
                # the keyword's zone; a line about the keyword ("Flashback costs you pay cost {2} less.") does not
                with_cost = keyword is not None and WITH_ITS_COST.match(line[keyword.end():])
                zones = OTHER_ZONE_KEYWORDS.get(keyword.group(), frozenset()) if keyword and with_cost else frozenset()
                unsupported.append(UnsupportedText(
                    original, what, casting_relevant=keyword is None, permanent_relevant=bool(topics_of(original)),
                    topics=topics_of(original), zones=zones))
            elif (x_objects := x_objects_additional_cost(line, original)) is not None:
                additional.append(x_objects)  # "…, discard X cards." (CR 107.3a, 601.2b)
            elif (choice := additional_cost_choice(line, original)) is not None:
                additional.extend(choice)  # "…, discard a card or pay {5}." (CR 601.2b)
            elif (waterbend := read_waterbend(line, original)) is not None:
                additional.append(waterbend[0])  # "…, you may waterbend {6}." (CR 701.67a)
                cost_modifiers.append(waterbend[1])
            elif (extra := printed_additional_cost(line, original)) is not None:
                additional.append(extra)  # "As an additional cost to cast this spell, sacrifice a Goblin." (CR 118.8)
            elif is_spell and OWN_OTHER_ZONE_PERMISSION.search(line):
                # "You may cast this card from your graveyard.": a permission to cast it from another zone
                # (CR 601.3); casting it from the hand is as usual
                unsupported.append(UnsupportedText(
                    original, "casting from another zone than the hand is not modelled", casting_relevant=False,
                    zones=permission_zones(line)))
            elif is_spell and REPLACING.search(line) and replaced_targets(line, tree) is None:
                # "If this spell was kicked, exile target nonland permanent instead": the kicked text replaces
                # the text before it, and with it its targets (CR 608.2c); a form not read
                unsupported.append(UnsupportedText(original, "text that replaces the spell's earlier text "
                                                             "('instead') is not modelled"))
            elif is_spell and REPLACING.search(line):
                replaced = replaced_targets(line, tree)
                assert replaced is not None  # the branch above took the other case
                spell_text.append(Instruction(original, replaced))
            elif is_spell and re.search(r"\bevidence was collected\b[^.]*\btarget\b", line):
                # targets chosen only if evidence was collected (CR 701.59c): not modelled
                unsupported.append(UnsupportedText(original, "targets that depend on evidence collected are not "
                                                             "modelled"))
            elif is_spell and (gift_reason := unread_gift_condition(line)) is not None:
                unsupported.append(UnsupportedText(original, gift_reason))  # targets the condition's words decide
            else:  # effect
                reader = SpellTextReader(line)
                reader.read(tree)
                if is_spell:
                    unsupported.extend(reader.unsupported)
                    paid_text = re.match(r"if (?:~|this spell|it) was (kicked|bargained),|if the gift was (promised),",
                                         line)
                    spell_text.append(Instruction(original, tuple(reader.targets),
                                                  PAID_CONDITIONS[paid_text.group(paid_text.lastindex or 1)]
                                                  if paid_text else ()))
                elif (grants := read_attached_grants(line)) is not None:
                    out.setdefault("attached_grants", []).extend(grants)  # "Equipped creature has shroud." (CR 613)
                elif PERMANENT_RELEVANT.search(line):
                    unsupported.append(UnsupportedText(
                        original, "static ability that may bear on casting or targeting",
                        casting_relevant="cast" in line or "cost" in line,
                        permanent_relevant=True, topics=topics_of(original)))
                elif reader.unsupported and not ENTERS_IF_KICKED.match(line):
                    unsupported.extend(reader.unsupported)
        except (UnreadText, ManaCostError) as unread:
            # a word or symbol of a phrase the grammar took in that the reader can't give a meaning to
            span = unread.span if isinstance(unread, UnreadText) else original
            reason = unread.reason if isinstance(unread, UnreadText) else f"mana symbol not read ({unread.message})"
            unsupported.append(UnsupportedText(
                span, reason, casting_relevant=is_spell or "cast" in line or "additional cost" in line,
                permanent_relevant=bool(PERMANENT_RELEVANT.search(line)), topics=topics_of(original)))

    unsupported.extend(gift_replacements(spell_text))
    unsupported.extend(faces_lacking(card))
    if out["enchant"]:
        aura = aura_target(out["enchant"])
        if isinstance(aura, UnsupportedText):
            unsupported.append(aura)
        else:
            spell_text.append(aura)
    if card.mana_cost is not None and any(s.variable in ("Y", "Z") for s in card.mana_cost.symbols):
        unsupported.append(UnsupportedText(str(card.mana_cost), "Y or Z in the mana cost is not modelled"))
    for cost, where in [(m.cost, m.instruction.text) for m in modes if m.cost is not None] + (
        [(out["splice"].cost.mana, "splice cost")] if out["splice"] else []
    ):
        if cost.has_x:
            unsupported.append(UnsupportedText(where, "X in an additional cost is not modelled"))
    divided_x = [spec.phrase for instruction in spell_text + [m.instruction for m in modes]
                 for spec in instruction.targets if spec.divided_x]
    divided_x = [spec.phrase for instruction in spell_text + [m.instruction for m in modes]
                 for spec in instruction.targets if spec.divided_x and spec.divided_count is None]
    if divided_x and re.search(r"\bx is\b", strip_reminder(card.oracle_text).lower()):
        # "X is the number of … as you cast this spell": X is defined by the text (CR 107.3c), not announced
        unsupported.append(UnsupportedText(divided_x[0], "a divided amount the text defines or changes"))
    elif divided_x and (card.mana_cost is None or not card.mana_cost.has_x):
        # Fire Covenant's "pay X life": X announced for an additional cost, which the cost rules don't announce yet
        unsupported.append(UnsupportedText(divided_x[0], "X divided without {X} in the mana cost"))
    mode_choice = None
    costed = [m for m in modes if m.cost is not None]
    if out["spree"]:
        if not modes or len(costed) != len(modes):
            unsupported.append(UnsupportedText("Spree", "Spree needs one '+ cost —' line per mode"))
        mode_choice = ModeChoice(1, len(modes), spree=True)
    elif out.get("tiered"):
        # "Tiered (Choose one additional cost.)": one mode, its cost an additional cost (CR 702.183a)
        if len(modes) < 2 or len(costed) != len(modes) or out["choose"] or out["entwine"] or out["escalate"]:
            unsupported.append(UnsupportedText("Tiered", "Tiered needs one '• name — cost — effect' line per mode"))
        mode_choice = ModeChoice(1, 1, tiered=True)
    elif out.get("weighted") is not None:
        low, high, header = out["weighted"]
        weights = tuple(out["weights"])
        if costed or len(modes) < 2 or len(weights) != len(modes) or out["entwine"] or out["escalate"]:
            unsupported.append(UnsupportedText(header, "modal text whose modes can't be read"))
        else:
            mode_choice = ModeChoice(low, high, repeatable=True, weights=weights)
    elif out["choose"] is not None:
        number, header = out["choose"]
        low, high = CHOICE_BOUNDS[number](len(modes))
        repeatable = out.get("repeatable", False)
        if costed or len(modes) < 2 or (high > len(modes) and not repeatable):
            unsupported.append(UnsupportedText(header, "modal text whose modes can't be read"))
        raised_to: int | None = None
        raised_least: int | None = None
        raised_if: tuple[Requirement, ...] = ()
        raised_if_paid: tuple[str, ...] = ()
        if out.get("raised") is not None:  # more modes when a condition holds as it is cast (CR 700.2)
            word, requirement, raised_if_paid, must = out["raised"]
            raised_to = 2 if word == "both" else CHOICE_BOUNDS[word](len(modes))[1]
            # "choose both instead", no "you may": then exactly both; "choose one or more instead": one at least
            raised_least = CHOICE_BOUNDS["two" if word == "both" else word](len(modes))[0] if must else None
            raised_if = (requirement,) if requirement is not None else ()
        mode_choice = ModeChoice(low, high, entwine=out["entwine"], escalate=out["escalate"], repeatable=repeatable,
                                 raised_maximum=raised_to, raised_if=raised_if, raised_minimum=raised_least,
                                 raised_if_paid=raised_if_paid)
    elif modes:
        unsupported.append(UnsupportedText(modes[0].instruction.text, "modes without Spree or 'Choose …'"))
    if (out["entwine"] or out["escalate"]) and (mode_choice is None or mode_choice.spree):
        unsupported.append(UnsupportedText("Entwine/Escalate", "entwine or escalate without 'Choose …' modes"))
    if out.get("awaken"):
        # CR 702.113a: an alternative cost, and "If this spell's awaken cost was paid, put N +1/+1 counters on
        # target land you control. ..."
        count, cost = out["awaken"]
        alternative.append(AlternativeCost("awaken", Cost(cost, text=f"Awaken {count}—{cost}"), "CR 702.113a"))
        spell_text.append(Instruction(
            f"Put {count} +1/+1 counters on target land you control. That land becomes a 0/0 Elemental creature "
            "with haste. It's still a land.",
            (TargetSpec("target land you control", frozenset({TargetKind.LAND}), ControllerFilter.YOU),),
            condition=("awaken",)))
    if is_spell:
        unsupported.extend(x_without_announcement(card, spell_text, modes, additional, alternative))
    # Only the spell's own text (not Spree modes) is what a splice adds (CR 702.47a).
    return CardAbilities(
        spell_text=tuple(spell_text),
        modes=tuple(modes),
        mode_choice=mode_choice,
        splice=out["splice"],
        additional_costs=tuple(additional),
        alternative_costs=tuple(alternative),
        cost_modifiers=tuple(cost_modifiers),
        cast_permissions=tuple(cast_permissions),
        zone_permissions=tuple(out.get("zone_permissions", ())),
        timing_restriction=out.get("timing_restriction"),
        x_limits=tuple(x_limits),
        cast_only_from=out.get("cast_only_from"),
        delve=out.get("delve", False),
        convoke=out.get("convoke", False),
        improvise=out.get("improvise", False),
        x_colours=out.get("x_colours", frozenset()),
        assist=out.get("assist", False),
        face_down=out.get("face_down"),
        bestow=out.get("bestow"),
        attached_grants=tuple(out.get("attached_grants", ())),
        flash=out["flash"],
        fuse=out.get("fuse", False),
        protections=tuple(out["protections"]),
        hexproof=out["hexproof"],
        hexproof_from=frozenset(out["hexproof_from"]),
        shroud=out["shroud"],
        ward=out["ward"],
        controller_hexproof=out.get("controller_hexproof", False),
        controller_shroud=out.get("controller_shroud", False),
        mana_abilities=tuple(mana_abilities),
        keywords=frozenset(out.get("keywords", ())) | cycling_keywords(card),
        unsupported=tuple(unsupported),
    )
