"""Lines of spell text (CR 608.2): whose targets are the spell's, text replaced by a paid cost, an Aura's target."""

from __future__ import annotations

import dataclasses
import re

from lark import Token, Tree

from models.abilities import (
    AlternativeCost,
    Cost,
    CostModifier,
    PROMISED,
    Instruction,
    TargetSpec,
    UnsupportedText,
)

from models.oracle.targets import SpellTextReader, one_target

from models.abilities import ControllerFilter, TargetKind
from models.oracle.prohibitions import read_casting_rules
from models.oracle.statics import bears_on_no_cast, read_static_effects
from models.oracle.reading import CardReading
from models.oracle.unread import PERMANENT_RELEVANT, topics_of
from models.oracle.words import PAID_CONDITIONS

__all__ = [
    "ENCHANT_LINE",
    "aura_target",
    "ENTERS_IF_KICKED",
    "is_spell_text",
    "REPLACING",
    "replaced_targets",
    "unread_gift_condition",
    "gift_replacements",
    "DIE_RESULT_ROW",
    "die_result_effect",
    "read_enchant_line",
    "read_spell_text",
    "read_on_the_stack_cost_line",
    "read_aura_target",
    "read_awaken",
]


ENCHANT_LINE = re.compile(r"enchant [a-z][a-z ,'/-]*")


def aura_target(lines: list[str]) -> Instruction | UnsupportedText:
    """The target of an Aura spell, read from its enchant ability (CR 303.4a, 702.5a).

    "Enchant creature you control" is read as "target creature you control" would be, one instance of
    "target". Several enchant abilities (CR 702.5c), or words the target grammar does not take in whole,
    are reported.
    """
    if len(lines) > 1:
        return UnsupportedText(" / ".join(lines), "an Aura with several enchant abilities (CR 702.5c) not modelled")
    (original,) = lines
    what = original.split(" ", 1)[1] if " " in original else ""
    read = one_target(f"target {what.lower()}")
    if read is None:
        return UnsupportedText(original, "enchant ability whose object is not read")
    return Instruction(original, (dataclasses.replace(read, phrase=original),))


# "If this creature was kicked, it enters with two +1/+1 counters on it.": how the permanent enters (CR 614.1c),
# the kicker itself being read from its keyword line; nothing of casting
ENTERS_IF_KICKED = re.compile(r"if (~|this [a-z]+|it) was kicked( with its (\{[^}]+\})+ kicker)?, (it|~) enters with\b")


_COST_START = re.compile(r"[{\[+−-]|(tap|untap|sacrifice|discard|exile|pay|remove|return|reveal|put)\b")


def is_spell_text(rule: str, line: str) -> bool:
    """Whether a line of an instant or sorcery read as an ability is the spell's own text (CR 608.2c).

    "When target creature dies this turn, return it …" makes a delayed triggered ability as the spell resolves
    (CR 603.7a): its condition's targets are the spell's. "Destroy target … Magic: The Gathering …" has a colon
    but no cost before it (CR 602.1a). Cast triggers ("When you cast this spell, …", CR 603.2) and activated
    abilities with a cost stay abilities.
    """
    if rule == "triggered_line":  # after an ability word ("Morbid — When you cast this spell, …")
        return not re.match(r"([a-z][a-z ]* — )?(when|whenever) you cast (this spell|~)\b", line)
    if rule == "activated_line":
        return _COST_START.match(line.split(":", 1)[0].split("—")[-1].strip()) is None
    return False


_GIFT_CONDITION = re.compile(r"\bgift (?:was|wasn't|was not) promised\b")


REPLACING = re.compile(
    r"\b(?:was kicked|was cast using teamwork|gift was promised), "
    r"(?:[^.]*\btargets?\b[^.]*\binstead\b|instead\b[^.]*"
    r"\btargets?\b)"
)
"""A sentence of text paid for that replaces earlier text with targets: "If this spell was kicked, instead …"."""


def replaced_targets(line: str, tree: Tree[Token]) -> tuple[TargetSpec, ...] | None:
    """The targets of a line whose paid-for sentence replaces the sentence before it ('instead'), or None.

    "Destroy target creature or planeswalker with mana value 2 or less. If this spell was kicked, instead destroy
    target creature or planeswalker.": paid, the second sentence's text is the spell's in place of the first's,
    so only its targets are chosen; not paid, only the first's (CR 702.33g, 702.174m, 608.2c). Read when the line
    is exactly one sentence with targets, then the sentence "If this spell was kicked, …" / "If the gift was
    promised, …" with targets and "instead", then sentences with no target; the first sentence's targets are
    chosen unless the cost is paid.

    Parameters
    ----------
    line : str
        The prepared line, lowercased.
    tree : lark.Tree
        The line read by the grammar's spell-text rule.

    Returns
    -------
    tuple of TargetSpec or None
        In printed order; None when the line has another shape, or its text is not read in whole.
    """
    sentences = re.split(r"(?<=\.) ", line)
    paid = [
        i
        for i, sentence in enumerate(sentences)
        if re.match(r"if (?:~|this spell|it) was (?:kicked|cast using teamwork), |if the gift was promised, ", sentence)
    ]
    if paid != [1] or "instead" not in sentences[1] or any(re.search(r"\btargets?\b", s) for s in sentences[2:]):
        return None
    reader = SpellTextReader(line)
    reader.read(tree)
    if reader.unsupported:
        return None
    before = [spec for spec in reader.targets if not spec.condition]
    after = [spec for spec in reader.targets if spec.condition]
    if not after or reader.targets[: len(before)] != before or len({s.condition for s in after}) != 1:
        return None
    if not before:  # the text replaced has no target (Wildfire Howl): the paid-for targets, as read
        return tuple(after)
    condition = after[0].condition
    return tuple(dataclasses.replace(spec, unless=condition) for spec in before) + tuple(after)


def unread_gift_condition(line: str) -> str | None:
    """Why a spell's line whose targets hang on the gift in a way not read is reported, or None (CR 702.174m).

    A sentence that starts "If the gift was promised," has its targets chosen only if the gift was promised
    (CR 702.174m): that is read, as "if this spell was kicked," is. A sentence with a target that names the gift
    otherwise ("If the gift wasn't promised, … target …", "… target … if the gift was promised") is not read:
    which of its targets the condition governs is not known.

    Parameters
    ----------
    line : str
        The prepared line, lowercased.

    Returns
    -------
    str or None
        The reason, or None when each sentence naming the gift with a target starts with the condition read.
    """
    for sentence in re.split(r"(?<=\.) ", line):
        if (
            _GIFT_CONDITION.search(sentence)
            and re.search(r"\btargets?\b", sentence)
            and not (sentence.startswith("if the gift was promised,") and len(_GIFT_CONDITION.findall(sentence)) == 1)
        ):
            return "targets in text that the gift's promise governs otherwise than 'If the gift was promised, …'"
    return None


def gift_replacements(spell_text: list[Instruction]) -> list[UnsupportedText]:
    """ "If the gift was promised, instead … target …" beside targets chosen either way: reported (CR 608.2c).

    The text after "instead" replaces earlier text of the spell, and with it, maybe, that text's targets: which
    targets are then still chosen is not read. Where every target of the spell is in text that happens only if
    the gift was promised (Wildfire Howl: "… deals 2 damage to each creature. If the gift was promised, instead
    … deals 1 damage to any target …"), the text replaced has none, and the targets are those of CR 702.174m.
    """
    replacing = [
        i
        for i in spell_text
        if re.search(r"\bgift was promised, instead\b", i.text.lower())
        and any(spec.condition == PROMISED for spec in i.targets)
    ]
    if not replacing or all(spec.condition or spec.unless for i in spell_text for spec in i.targets):
        return []
    return [
        UnsupportedText(
            i.text, "text that replaces the spell's earlier text ('instead'), with targets, is not modelled"
        )
        for i in replacing
    ]


DIE_RESULT_ROW = re.compile(r"\d+(?:[—–-]\d+|\+)? \| (?P<effect>.+)")
"""A line of a die roll's results table, "1—14 | …", "15+ | …", "20 | …" (CR 706.3a)."""


def die_result_effect(original: str) -> str:
    """The effect of a die roll's results row, "1—14 | Draw X cards.", else the line as it is.

    A row is "If the result was in this range, [effect]" (CR 706.3a), part of one ability with the roll (CR
    706.3b): its targets are the spell's, chosen as it is cast (CR 601.2c).
    """
    row = DIE_RESULT_ROW.fullmatch(original)
    return original if row is None else row["effect"]


def read_enchant_line(reading: CardReading, line: str, original: str) -> bool:
    """ "Enchant creature, land, or planeswalker": an enchant ability, the Aura spell's target (CR 702.5a)."""
    if not ENCHANT_LINE.fullmatch(line):
        return False
    reading.enchant.append(original)
    return True


_ON_THE_STACK_COST = re.compile(
    r"as long as ~ is on the stack, spells that target it cost \{(?P<amount>\d+)\} more to cast\."
)


def read_on_the_stack_cost_line(reading: CardReading, line: str, original: str) -> bool:
    """Kaervek's Torch: "As long as ~ is on the stack, spells that target it cost {2} more to cast." (CR 601.2f).

    A change of the costs of other spells that target this one while it is on the stack: none of its own cast (it
    can't target itself, CR 115.5).
    """
    found = _ON_THE_STACK_COST.fullmatch(line)
    if found is None:
        return False
    reading.cost_modifiers.append(CostModifier(int(found["amount"]), original, targets_itself=True))
    return True


def _read_spell_only_line(reading: CardReading, tree: Tree[Token], line: str, original: str) -> bool:
    """Spell text whose targets hang on a cost paid in a way read apart, or not read (CR 608.2c, 701.59c, 702.174m).

    "If this spell was kicked, exile target nonland permanent instead": the kicked text replaces the text
    before it, and with it its targets (:func:`replaced_targets`); a form not read is reported, as are targets
    chosen only if evidence was collected, and targets the gift's promise governs otherwise than "If the gift
    was promised, …".
    """
    if REPLACING.search(line):
        replaced = replaced_targets(line, tree)
        if replaced is None:
            reading.unsupported.append(
                UnsupportedText(original, "text that replaces the spell's earlier text ('instead') is not modelled")
            )
        else:
            reading.spell_text.append(Instruction(original, replaced))
        return True
    if re.search(r"\bevidence was collected\b[^.]*\btarget\b", line):
        reading.unsupported.append(
            UnsupportedText(original, "targets that depend on evidence collected are not modelled")
        )
        return True
    if (gift_reason := unread_gift_condition(line)) is not None:
        reading.unsupported.append(UnsupportedText(original, gift_reason))
        return True
    return False


def read_spell_text(reading: CardReading, tree: Tree[Token], line: str, original: str) -> None:
    """A line the grammar's spell-text rule reads: an instant's or sorcery's text, or a permanent's static line.

    Of a spell, the instruction with its targets (CR 115.1, 601.2c), conditioned on a cost paid when it starts
    "If this spell was kicked, …" (CR 702.33g); of a permanent, the keywords an Aura or Equipment grants (CR
    613.1f), or the line reported when it may bear on casting or targeting.
    """
    if reading.is_spell and _read_spell_only_line(reading, tree, line, original):
        return
    reader = SpellTextReader(line)
    reader.read(tree)
    if reading.is_spell:
        reading.unsupported.extend(reader.unsupported)
        paid_text = re.match(r"if (?:~|this spell|it) was (kicked|bargained),|if the gift was (promised),", line)
        reading.spell_text.append(
            Instruction(
                original,
                tuple(reader.targets),
                PAID_CONDITIONS[paid_text.group(paid_text.lastindex or 1)] if paid_text else (),
            )
        )
    elif (rules := read_casting_rules(line)) is not None:
        reading.casting_rules.extend(rules)  # "Your opponents can't cast spells during your turn." (CR 101.2)
    elif (effects := read_static_effects(line)) is not None:
        reading.static_effects.extend(effects)  # "Creatures you control have flying." (CR 611.3, 613)
    elif bears_on_no_cast(line):
        reading.static_no_cast.append(original)  # combat, untapping, how it entered: nothing a cast reads (CR 601.2)
    else:
        reading.static_unread.append(line)
        if PERMANENT_RELEVANT.search(line):
            reading.unsupported.append(
                UnsupportedText(
                    original,
                    "static ability that may bear on casting or targeting",
                    casting_relevant=("cast" in line or "cost" in line) and _ABOUT_ITSELF.search(line) is not None,
                    permanent_relevant=True,
                    topics=topics_of(original),
                )
            )
        elif reader.unsupported and not ENTERS_IF_KICKED.match(line):
            reading.unsupported.extend(reader.unsupported)


_ABOUT_ITSELF = re.compile(
    r"~|\bthis (?:spell|card|creature|artifact|enchantment|permanent|planeswalker|battle|land|vehicle|aura|equipment)\b"
)
"""How a permanent's line names the card itself. A static line of a permanent functions on the battlefield only
(CR 113.6) unless it says otherwise, of the card itself ("This spell costs {1} less …", "You may cast this card from
your graveyard …", CR 113.6a-b): an unread line that never names the card ("Creature spells of the chosen type cost
{2} less to cast.") bears on the board, never on the card's own cast."""


def read_aura_target(reading: CardReading) -> None:
    """The Aura spell's target from its enchant lines, as spell text (:func:`aura_target`, CR 303.4a)."""
    if not reading.enchant:
        return
    aura = aura_target(reading.enchant)
    if isinstance(aura, UnsupportedText):
        reading.unsupported.append(aura)
    else:
        reading.spell_text.append(aura)


def read_awaken(reading: CardReading) -> None:
    """Awaken's alternative cost and the text its payment adds (CR 702.113a).

    "If this spell's awaken cost was paid, put N +1/+1 counters on target land you control. …": an instruction
    with its target, part of the spell only when that cost is paid.
    """
    if not reading.awaken:
        return
    count, cost = reading.awaken
    reading.alternative.append(AlternativeCost("awaken", Cost(cost, text=f"Awaken {count}—{cost}"), "CR 702.113a"))
    reading.spell_text.append(
        Instruction(
            f"Put {count} +1/+1 counters on target land you control. That land becomes a 0/0 Elemental creature "
            "with haste. It's still a land.",
            (TargetSpec("target land you control", frozenset({TargetKind.LAND}), ControllerFilter.YOU),),
            condition=("awaken",),
        )
    )
