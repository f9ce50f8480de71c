"""Static abilities of permanents: the continuous effects they generate, and the lines that bear on no cast.

A permanent's static line ("Creatures you control have flying.", "Enchanted creature loses flying.", "As long as
your devotion to black and green is less than seven, ~ isn't a creature.") is read into
:class:`~models.abilities.ContinuousEffect` records: whom the effect applies to, when, and what it changes in each
layer (CR 611.3, 613.1). A line whose effect only concerns what no cast reads (combat, untapping, how a permanent
enters, life, drawing, CR 601.2) is read as such. Any other static line is kept unread
(:attr:`~models.abilities.CardAbilities.static_unread`): the rules that read what it may change refuse under it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping

from models.abilities import (
    AffectedObjects,
    ContinuousEffect,
    ControlRequirement,
    ControllerFilter,
    Count,
    CountedNumber,
    EffectCondition,
    EffectScope,
    ObjectFilter,
    Quality,
    TargetKind,
)
from models.errors import InputError
from models.mana import Color
from models.objects import Card, CardType, Zone
from models.oracle.keywords import parse_granted
from models.oracle.permanents import quoted_ability_bears_on_no_cast
from models.oracle.qualities import qualified_kind, with_clause
from models.oracle.targets import read_counted
from models.oracle.unread import UnreadText
from models.oracle.words import (
    ABILITY_WORD_PREFIX,
    COLOR_WORDS,
    KIND_WORDS,
    NUMBER_WORDS,
    SUBTYPE_BY_WORD,
    singular_noun,
)
from models.subtypes import SUBTYPES

__all__ = [
    "read_static_effects",
    "read_effect_text",
    "bears_on_no_cast",
    "read_level_striations",
    "sample_choices",
    "with_choices",
]


_NO_CAST = re.compile(
    r"(?:"
    # how a permanent enters: a replacement applied as it entered (CR 614.1c, 614.12); on the battlefield, done
    r".*\benters?(?: the battlefield)?(?: tapped| prepared| with [^.]* counters? on (?:it|them))\b.*"
    r"|as (?:~|this [a-z]+) enters(?: the battlefield)?, (?:choose|you may pay|you may reveal|it becomes)\b.*"
    # combat: attacking, blocking and combat damage are chosen in the combat phase, never while casting (CR 506)
    r"|(?:~|this [a-z]+|enchanted creature|equipped creature|it)(?:'s)? (?:can't|cannot) (?:attack|block)\b.*"
    r"|(?:~|this [a-z]+|enchanted creature|equipped creature) (?:attacks|blocks) each (?:combat|turn) if able\."
    r"|(?:~|this [a-z]+|enchanted creature|equipped creature) (?:can't be blocked|must be blocked)\b.*"
    r"|(?:~|this [a-z]+) can block (?:only|any number of|an additional)\b.*"
    r"|all creatures able to block (?:~|this [a-z]+|enchanted creature) do so\."
    r"|creatures with ([a-z]+walk) can be blocked as though they didn't have \1\."
    r"|(?:your opponents|players|each player|each opponent(?: who [^.]*)?|[a-z ]*creatures[a-z ]*) can't "
    r"(?:attack|block)\b[^.]*\."
    r"|creatures with power less than (?:~|this [a-z]+)'s power can't block it\."
    r"|(?:enchanted|equipped) creature is goaded\."
    # exerting is chosen as it attacks, and what "when you do" does resolves in combat (CR 701.43, 603.12)
    r"|you may exert (?:~|this creature) as (?:it|he|she) attacks\. when you do, .*"
    # untapping (CR 502.3)
    r"|(?:~|this [a-z]+|enchanted (?:creature|permanent|land|artifact)) (?:doesn't|does not) untap during\b.*"
    r"|you may choose not to untap (?:~|this [a-z]+) during your untap step\."
    # the spell's own text read elsewhere, or nothing any cast reads
    r"|(?:~|this spell) can't be countered\."
    # what happens once a spell is cast: countering, its damage (CR 701.6, 702.15), replacements of discards
    r"|[a-z ,]*\bspells (?:you control |your opponents control )?can't be countered\."
    r"|[a-z ,]*\bspells you control have lifelink\."
    r"|spells and abilities your opponents control can't cause you to [^.]*\."
    r"|if a spell or ability an opponent controls causes you to discard (?:~|this card), [^.]*\."
    r"|you have no maximum hand size\.|skip your draw step\.|players can't gain life\.|damage can't be prevented\."
    r"|you may look at the top card of your library any time\.|play with the top card of your library revealed\."
    r"|you may play an additional land on each of your turns\.|draft this card face up\."
    r"|a deck can have any number of cards named ~\.|~ can be your commander\."
    r"|remove this card from your deck before playing if you're not playing for ante\."
    r"|if this card is in your opening hand, you may begin the game with it on the battlefield\."
    r"|if (?:~|this [a-z]+) would be put into a graveyard from anywhere, [^.]*\."
    r"|if you would gain life, you gain [^.]* instead\."
    # what a spell's damage does as it resolves: replacement and prevention effects (CR 614.1a, 615)
    r"|if [^.]*\bwould deal (?:noncombat )?damage\b[^.]*, (?:it deals|prevent)[^.]*\."
    r"|if you would lose unspent mana, [^.]*\."
    # abilities activated from the hand, never a cast: cycling, ninjutsu given to cards there (CR 702.29a, 702.49a);
    # on the stack a spell is no card in the hand, so what is given is gone as its cost is determined (CR 601.2f)
    r"|(?:each )?[a-z ,]+ cards? in your hand ha(?:s|ve) (?:[a-z]*cycling|ninjutsu) (?:\{[^}]+\})+\."
    # only abilities that are not mana abilities banned, of a name chosen or given (CR 602.5, 605.3a)
    r"|activated abilities of sources with the (?:chosen )?name[^.]* can't be activated unless they're mana "
    r"abilities\."
    # mana pools empty as steps and phases end (CR 106.4, 500.4), never during a cast: the state gives the pool
    r"|(?:you|players) don't lose unspent (?:(?:white|blue|black|red|green) )?mana as steps and phases end\."
    r")"
)
"""Static lines whose effect only concerns what no cast reads: how the permanent entered, combat, untapping, the
draw, life (CR 601.2 reads none of them). Such a line may still name a keyword ("can't be blocked except by
creatures with flying"): it gives none."""


def bears_on_no_cast(line: str) -> bool:
    """Whether a permanent's static line only concerns what no cast reads (combat, untapping, entering, life).

    Parameters
    ----------
    line : str
        The prepared line, lowercased (the card's name as ``~``).

    Returns
    -------
    bool
    """
    return _NO_CAST.fullmatch(line) is not None


_TURNS = r"during your turn|during turns other than yours"
_CONDITION_FIRST = re.compile(rf"(?:as long as (?P<condition>[^,]+)|(?P<turn>{_TURNS})), (?P<rest>.+)")
_CONDITION_LAST = re.compile(rf"(?P<rest>.+?),? (?:as long as (?P<condition>[^,]+)|(?P<turn>{_TURNS}))\.")
_ABILITY_WORD = re.compile(ABILITY_WORD_PREFIX + r"(?P<rest>.+)")
"""An ability word before a static line ("Threshold — …", "Descend 4 — …"): it has no rules meaning (CR 207.2c)."""

_IT = r"(?:~|this creature|this permanent|this artifact|this enchantment|this land|it)"

_SUBJECT = re.compile(
    r"(?P<attached>enchanted|equipped) (?P<kind>creature|permanent|land|artifact|planeswalker)"
    r"|(?P<self>~|this (?:creature|permanent|artifact|enchantment|land|vehicle))"
    r"|(?:all |each )?(?P<other>other )?(?P<group>[a-z ,'-]+?)"
    r"(?: (?P<controller>you control|your opponents control|an opponent controls))?(?: with (?P<with>[a-z0-9+/ -]+))?"
    r"(?: that(?:'s| are) (?P<that>[a-z ,/-]+))?"
)

_PREDICATE_START = (
    r"(?:gets?|has|have|gains?|loses?|is|are|becomes?|isn't|can't|can (?:block|attack)|doesn't"
    r"|(?:attacks|blocks) each combat if able|assigns combat damage|its activated abilities)\b"
)
_SPLIT = re.compile(rf"(?:,? and |, )(?={_PREDICATE_START})")


def _predicates(text: str) -> list[str]:
    """A line's predicates ("gets +1/+1", "has flying"), split outside quotes: a quoted ability given is one word."""
    quoted: list[str] = []

    def hold(match: re.Match[str]) -> str:
        quoted.append(match.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    held = re.sub(r'"[^"]*"', hold, text)
    return [re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m.group(1))], part) for part in _SPLIT.split(held)]


_VERB = re.compile(rf"(?P<subject>.+?)(?<! that) (?P<predicates>{_PREDICATE_START}.*)\.")


def read_static_effects(line: str) -> tuple[ContinuousEffect, ...] | None:
    """The continuous effects one static line of a permanent generates (CR 611.3, 613.1), or None when not read.

    Read: "Creatures you control have flying.", "Other Elves you control get +1/+1.", "Enchanted creature gets
    +1/+1 and has flying.", "Enchanted creature loses flying.", "Enchanted creature is a Demon Spirit.", "Enchanted
    creature has base power and toughness 0/4, has defender, loses all other abilities, and is a blue Wall in
    addition to its other colors and types.", "Enchanted creature can't attack or block, and its activated
    abilities can't be activated.", "You control enchanted creature.", "As long as your devotion to black and green
    is less than seven, ~ isn't a creature.", "During your turn, this creature has first strike."

    Parameters
    ----------
    line : str
        The prepared line, lowercased (the card's name as ``~``).

    Returns
    -------
    tuple of ContinuousEffect, or None
        One effect per line read (its changes by layer); None when a part of the line is not read: no part of it
        is then guessed.
    """
    # protection's state-based action would put the Aura into the graveyard: this one stays (CR 303.4d, 702.16d)
    line = _STAYS.sub(".", line)
    try:
        return _read(line)
    except UnreadText:
        return None


_STAYS = re.compile(r"\. this effect doesn't remove (?:this aura|~)\.$")
"""The Aura's own exception to what protection does to Auras, CR 702.16d: nothing a cast reads."""


_LEVEL = re.compile(r"level (?P<low>\d+)(?:-(?P<high>\d+)|\+)")


def read_level_striations(lines: list[str]) -> tuple[list[str], list[ContinuousEffect], list[str]]:
    """A leveler card's striations: each level symbol's static ability (CR 711.2), apart from its other lines.

    "LEVEL 6-11 / 6/6 / Lifelink" means "As long as this creature has at least 6 level counters on it, but no more
    than 11, it has base power and toughness 6/6 and has lifelink" (CR 711.2a; "LEVEL 12+", 711.2b). A
    striation's keyword lines are what it gives; its triggered and activated abilities other than mana abilities
    bear on no cast. A striation with anything else is not read: its words are kept whole, unread.

    Parameters
    ----------
    lines : list of str
        The card's prepared lines (:func:`~models.oracle.words.prepare_lines`), as printed.

    Returns
    -------
    (list of str, list of ContinuousEffect, list of str)
        The lines outside the striations (read as any other card's, CR 711.4), one effect per striation read,
        and the striations not read, lowercased, in the words of CR 711.2a ("level 1-4: it has base power and
        toughness 1/2 and has {t}: add {g}{g}.").
    """
    kept: list[str] = []
    bands: list[tuple[re.Match[str], list[str]]] = []
    for line in lines:
        symbol = _LEVEL.fullmatch(line.lower())
        if symbol is not None:
            bands.append((symbol, []))
        elif bands:
            bands[-1][1].append(line)
        else:
            kept.append(line)
    effects: list[ContinuousEffect] = []
    unread: list[str] = []
    for symbol, band in bands:
        effect = _striation(symbol, band)
        if effect is None:  # in CR 711.2's words, so that the rules reading power or mana refuse under it
            box = next((line for line in band if re.fullmatch(r"\d+/\d+", line)), "")
            rest = " / ".join(line for line in band if line != box).lower()
            unread.append(f"{symbol.group(0)}: it has base power and toughness {box} and has {rest}")
        else:
            effects.append(effect)
    return kept, effects, unread


def _striation(symbol: re.Match[str], band: list[str]) -> ContinuousEffect | None:
    """One level symbol's static ability (CR 711.2a-b), or None when a line of its striation is not read."""
    low, high = int(symbol["low"]), int(symbol["high"]) if symbol["high"] else None
    condition = EffectCondition("counters", number=low, text=symbol.group(0), counter="level", at_most=high)
    changes: dict[str, object] = {}
    for line in band:
        lowered = line.lower()
        if (box := re.fullmatch(r"(\d+)/(\d+)", lowered)) is not None:
            changes["base_power"] = (int(box.group(1)), int(box.group(2)))
        elif re.match(r"[^:]*:|(?:when|whenever|at the beginning)\b", lowered):
            if not quoted_ability_bears_on_no_cast(lowered):
                return None  # a mana ability, or one not read
        else:
            keywords = _keywords(lowered.rstrip("."))
            if keywords is None:
                return None
            changes["add_keywords"] = tuple(changes.get("add_keywords", ())) + keywords  # type: ignore[arg-type]
    text = f"{symbol.group(0)}: " + " / ".join(band)
    return ContinuousEffect(text, AffectedObjects(EffectScope.SELF), condition, **changes)  # type: ignore[arg-type]


CHOICE_KINDS = ("color", "type", "name")
"""What a state may say was chosen as a permanent entered: a colour, a type (creature, card or land type), a name."""


def with_choices(card: Card, chosen: Mapping[str, str]) -> Card:
    """The card with what was chosen as it entered written into its text, for the readers to read (CR 607.2a).

    "As Coldsteel Heart enters, choose a color. {T}: Add one mana of the chosen color." with red chosen reads
    "{T}: Add {R}."; "protection from the chosen color", "creatures you control of the chosen type", "spells you
    cast of the chosen type", "is the chosen type", "spells of the chosen color" likewise. Words naming the
    choice otherwise are left as they are: not read, never guessed.

    Parameters
    ----------
    card : Card
    chosen : mapping of str to str
        ``{"color": "red"}``, ``{"type": "Elf"}``, ``{"name": "Lightning Bolt"}`` (:data:`CHOICE_KINDS`).

    Returns
    -------
    Card

    Raises
    ------
    ValueError
        A kind of choice not known, a colour that is no colour, a type that is no type.
    """
    text = card.oracle_text
    for kind, value in chosen.items():
        if kind not in CHOICE_KINDS:
            raise ValueError(f"{kind!r} is not a kind of choice ({', '.join(CHOICE_KINDS)})")
        word = value.strip().lower()
        if kind == "color":
            if word not in COLOR_WORDS:
                raise ValueError(f"{value!r} is not a colour")
            letter = COLOR_WORDS[word].letter
            text = re.sub(r"one mana of the chosen color", "{" + letter + "}", text, flags=re.IGNORECASE)
            text = re.sub(
                r"((?:other )?)(creatures|spells|permanents)((?: you control| you cast)?) of the chosen color",
                rf"\1{word} \2\3",
                text,
                flags=re.IGNORECASE,
            )
            text = re.sub(r"the chosen color", word, text, flags=re.IGNORECASE)
        elif kind == "type":
            if word not in SUBTYPE_BY_WORD and word not in _CARD_TYPES:
                raise ValueError(f"{value!r} is not a type")
            name = SUBTYPE_BY_WORD.get(word, word)
            text = re.sub(
                r"((?:other )?)((?:creature )?(?:creatures|spells))((?: you control| you cast)?) of the chosen type",
                rf"\1{name} \2\3",
                text,
                flags=re.IGNORECASE,
            )
            article = "an" if name[0].lower() in "aeiou" else "a"
            text = re.sub(r"\bis the chosen type\b", f"is {article} {name}", text, flags=re.IGNORECASE)
        else:
            text = re.sub(r"the chosen name", f"the name {value.strip()}", text, flags=re.IGNORECASE)
    return card if text == card.oracle_text else dataclasses.replace(card, oracle_text=text)


_CHOICE_SAMPLES = (
    ("color", re.compile(r"\bchoose an? (?:non[a-z]+ )?colou?r\b"), "red"),
    ("type", re.compile(r"\bchoose an? [^.]*\bcreature type\b"), "Elf"),
    ("type", re.compile(r"\bchoose an? (?:basic )?land type\b"), "Island"),
    ("type", re.compile(r"\bchoose an? card type\b|\bchoose artifact, creature, enchantment\b"), "artifact"),
    ("name", re.compile(r"\bchoose (?:an?|any) [a-z, ]*?\bcard name\b"), "Grizzly Bears"),
)
"""What a permanent may choose as it enters (CR 607.2a), by the words that ask it, with one value of that kind."""


def sample_choices(card: Card) -> dict[str, str]:
    """One value for each choice the card's text asks as it enters and names after: a state's possible ``chosen``.

    "As Icon of Ancestry enters, choose a creature type. Creatures you control of the chosen type get +1/+1.":
    ``{"type": "Elf"}``. The choice asked decides the kind of value (a creature type, a land type, a card type, a
    colour, a card name); text naming a choice it never asks gets none.

    Parameters
    ----------
    card : Card

    Returns
    -------
    dict of str to str
        For :func:`with_choices`; empty when the text names no choice.
    """
    text = card.oracle_text.lower()
    chosen: dict[str, str] = {}
    for kind, asked, value in _CHOICE_SAMPLES:
        if f"chosen {kind}" in text.replace("chosen creature type", "chosen type") and asked.search(text):
            chosen.setdefault(kind, value)
    return chosen


_DURATION = re.compile(r"(?P<rest>.+?)(?: until (?:end of turn|your next turn)| this turn)?\.?")


@functools.lru_cache(maxsize=1024)
def read_effect_text(text: str) -> ContinuousEffect | None:
    """The continuous effect a resolved spell or ability left, from its words (the state's ``effects``, CR 611.2).

    "gets +2/+2 and gains flying until end of turn", "loses all abilities", "becomes a blue Frog": the same
    predicates as static abilities, applied to the objects the state lists (CR 611.2c); how long it lasts is the
    state's to say (it is listed while it is in force).

    Parameters
    ----------
    text : str
        The effect's words, without the objects it applies to.

    Returns
    -------
    ContinuousEffect or None
        None when a part of it is not read.
    """
    found = _DURATION.fullmatch(text.strip().lower())
    if found is None:
        return None
    changes: dict[str, object] = {}
    try:
        for predicate in _predicates(found["rest"]):
            if not _read_predicate(predicate.strip(), changes):
                return None
    except UnreadText:
        return None
    if changes.pop(_OPPONENTS_OF_THE_SOURCE, False):
        return None  # whose opponents: the listed objects' controllers may not be the effect's (CR 109.5)
    return ContinuousEffect(text, AffectedObjects(EffectScope.LISTED), **changes)  # type: ignore[arg-type]


_BANNED = re.compile(
    r"(?:activated abilities of (?P<group>[^.]+?)|(?P<subject>enchanted (?:creature|permanent|artifact|land)|"
    r"equipped creature|~|this (?:creature|permanent|artifact))'s activated abilities) can't be activated"
    r"(?P<unless> unless they're mana abilities)?\."
)
"""Activated abilities that can't be activated (CR 602.5): "Activated abilities of artifacts can't be activated."."""


def _read_banned(found: re.Match[str], line: str) -> tuple[ContinuousEffect, ...] | None:
    """Their mana abilities neither, unless "unless they're mana abilities" (CR 605.3a): then nothing a cast reads."""
    subject = found["group"] or found["subject"]
    affected = _affected(subject if found["group"] is None else subject.removeprefix("all "))
    if affected is None:
        return None
    if found["unless"]:
        return (ContinuousEffect(line, affected),)  # no layer: what it bans, no cast reads
    return (ContinuousEffect(line, affected, activation_banned=True),)


def _read(line: str) -> tuple[ContinuousEffect, ...] | None:
    if (banned := _BANNED.fullmatch(line)) is not None:
        return _read_banned(banned, line)
    worded = _ABILITY_WORD.fullmatch(line)  # "Domain — …": an ability word has no rules meaning (CR 207.2c)
    if (defined := _DEFINED.fullmatch(worded["rest"] if worded else line)) is not None:
        return _read_defined(defined, line)
    if (animated := _STILL_A_LAND.fullmatch(line)) is not None:
        return _read_still_a_land(animated, line)
    if (imprisoned := _COLORLESS_LAND.fullmatch(line)) is not None:
        return _read_colorless_land(imprisoned, line)
    control = re.fullmatch(r"you control enchanted (creature|permanent|artifact|land|planeswalker)\.", line)
    if control:
        affected = AffectedObjects(EffectScope.ATTACHED, frozenset({TargetKind(control.group(1))}))
        return (ContinuousEffect(line, affected, gains_control=True),)
    try:
        condition, body = _condition(line)
    except UnreadText:
        if _no_cast_whatever_the_condition(line):
            return (ContinuousEffect(line, AffectedObjects(EffectScope.SELF)),)  # no change any cast reads
        raise
    found = _VERB.fullmatch(body + "." if body.endswith('"') else body)  # 'have "… life."': the quote ends it
    if found is None:
        return None
    subject = _affected(found["subject"])
    if subject is None:
        return None
    if condition is not None and subject.scope is EffectScope.ATTACHED and condition.text.startswith("it"):
        # "Enchanted creature has shroud as long as it's untapped": "it" is the enchanted creature, not the Aura
        if condition.kind not in _STATUS_QUALITIES:
            return None
        status = ObjectFilter((frozenset({_STATUS_QUALITIES[condition.kind]}),), condition.kind)
        condition = EffectCondition("attached is", text=condition.text, qualities=status)
    changes: dict[str, object] = {}
    for predicate in _predicates(found["predicates"]):
        if not _read_predicate(predicate.strip(), changes):
            return None
    if changes.pop(_OPPONENTS_OF_THE_SOURCE, False) and not _controlled_by_the_source(subject):
        return None  # "your opponents" are the source's (CR 109.5): hexproof would be the object's controller's
    effect = ContinuousEffect(line, subject, condition, **changes)  # type: ignore[arg-type]
    return (effect,)


def _no_cast_whatever_the_condition(line: str) -> bool:
    """Whether a conditioned line changes only what combat reads, so that its condition needs no reading.

    "As long as you control a creature with power 4 or greater, this creature can attack as though it didn't have
    defender.": attacking is chosen in combat (CR 508.1), whether the condition holds or not.
    """
    worded = _ABILITY_WORD.fullmatch(line)
    line = worded["rest"] if worded else line
    for pattern in (_CONDITION_FIRST, _CONDITION_LAST):
        found = pattern.fullmatch(line)
        if found is not None and found["condition"] is not None:
            verb = _VERB.fullmatch(found["rest"].rstrip(".") + ".")
            return verb is not None and all(
                _NO_CAST_PREDICATE.fullmatch(p.strip()) for p in _predicates(verb["predicates"])
            )
    return False


_STILL_A_LAND = re.compile(
    r"enchanted land is an? (?P<power>\d+)/(?P<toughness>\d+) (?P<what>[a-z ]+?) creature"
    r"(?: with (?P<keywords>[a-z ,]+))?\. it's still a land\."
)
"""A Zendikon's animation: "Enchanted land is a 2/6 white Wall creature with defender. It's still a land."."""


def _read_still_a_land(found: re.Match[str], line: str) -> tuple[ContinuousEffect, ...] | None:
    """The land keeps its types and gains the creature type and its creature types (CR 205.1b, "still a land").

    Its colour is set when one is named (layer 5), its power and toughness set (7b, CR 613.4b), its keywords given.
    """
    changes: dict[str, object] = {
        "add_types": frozenset({CardType.CREATURE}),
        "base_power": (int(found["power"]), int(found["toughness"])),
    }
    colours, creature_types = set(), set()
    for word in found["what"].split(" "):
        if word in COLOR_WORDS:
            colours.add(COLOR_WORDS[word])
        elif word in _CREATURE_TYPES:
            creature_types.add(_CREATURE_TYPES[word])
        else:
            return None
    if colours:
        changes["colours"] = frozenset(colours)
    if creature_types:
        changes["add_subtypes"] = frozenset(creature_types)
    if found["keywords"]:
        keywords = _keywords(found["keywords"])
        if keywords is None:
            return None
        changes["add_keywords"] = keywords
    affected = AffectedObjects(EffectScope.ATTACHED, frozenset({TargetKind.LAND}))
    return (ContinuousEffect(line, affected, **changes),)  # type: ignore[arg-type]


_COLORLESS_LAND = re.compile(
    r"enchanted (?P<kind>permanent|creature|land) is a colorless land with (?P<ability>\"[^\"]+\") and loses all "
    r"other card types and abilities\."
)
"""Imprisoned in the Moon: 'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card
types and abilities.'."""


def _read_colorless_land(found: re.Match[str], line: str) -> tuple[ContinuousEffect, ...] | None:
    """A land alone (layer 4, its other card types' subtypes gone, CR 205.1a), colourless (5), with one ability (6).

    It keeps its supertypes and land types; every other ability it had is gone, the intrinsic mana abilities of
    its land types among them (CR 305.6, 613.1f).
    """
    ability = _keywords(found["ability"])
    if ability is None:
        return None
    affected = AffectedObjects(EffectScope.ATTACHED, frozenset({TargetKind(found["kind"])}))
    effect = ContinuousEffect(
        line,
        affected,
        set_types=frozenset({CardType.LAND}),
        colours=frozenset(),
        loses_abilities=True,
        add_keywords=ability,
    )
    return (effect,)


_OPPONENTS_OF_THE_SOURCE = "opponents of the source"
"""A reading's mark: what it gives is said of the source's controller's opponents ("your opponents control")."""


def _controlled_by_the_source(subject: AffectedObjects) -> bool:
    """Whether every object the effect applies to is controlled by its source's controller.

    Itself, or a group of "… you control": then "spells your opponents control" are those of the object's
    controller's opponents, as hexproof says (CR 702.11b).
    """
    return subject.scope is EffectScope.SELF or (
        subject.scope is EffectScope.GROUP and subject.controller is ControllerFilter.YOU
    )


def _condition(line: str) -> tuple[EffectCondition | None, str]:
    """The line's condition ("as long as …", "during your turn", CR 611.3a) and the rest of it.

    Raises
    ------
    UnreadText
        A condition not read.
    """
    if (worded := _ABILITY_WORD.fullmatch(line)) is not None:
        line = worded["rest"]
    for pattern, rest in ((_CONDITION_FIRST, ""), (_CONDITION_LAST, ".")):
        found = pattern.fullmatch(line)
        if found is not None:
            words = found["turn"] or found["condition"]
            return _read_condition(words), _it_named(words, found["rest"]) + rest
    return None, line


_CONDITION_SUBJECT = re.compile(
    r"(?P<subject>enchanted (?:creature|permanent)|equipped creature|~|this (?:creature|artifact|enchantment|"
    r"equipment|vehicle|permanent|land)) (?:is|has)\b"
)


def _it_named(condition: str, rest: str) -> str:
    """The line's "it" named as its condition names it: "as long as enchanted creature is red, it gets +1/+1"."""
    found = _CONDITION_SUBJECT.match(condition)
    if found is None:
        return rest
    subject = found["subject"]
    if rest.startswith("it's "):
        return f"{subject} is {rest[5:]}"  # "it's a creature …"
    if rest.startswith("it "):
        return f"{subject} {rest.removeprefix('it ')}"
    return rest


def _read_condition(words: str) -> EffectCondition:
    """One condition of a static ability: whose turn, devotion, the source's status, what is controlled, cards."""
    if words in ("during your turn", "it's your turn", "it's not your turn", "during turns other than yours"):
        mine = words in ("during your turn", "it's your turn")
        return EffectCondition("your turn" if mine else "not your turn", text=words)
    if devoted := re.fullmatch(r"your devotion to ([a-z]+(?: and [a-z]+)?) is less than ([a-z]+|\d+)", words):
        colours = frozenset(_colour(word) for word in devoted.group(1).split(" and "))
        return EffectCondition("devotion below", colours, _number(devoted.group(2)), words)
    if (status := re.fullmatch(rf"{_IT}(?:'s| is) (attacking|untapped|tapped)", words)) is not None:
        return EffectCondition(status.group(1), text=words)
    if (counter := re.fullmatch(rf"{_IT} has an? ([a-z+/0-9-]+) counter on it", words)) is not None:
        return EffectCondition("counter", text=words, counter=counter.group(1))
    if (counters := _COUNTERS_CONDITION.fullmatch(words)) is not None:  # CR 122.1
        kind = (counters["kind"] or "any").strip()
        if counters["n"] == "no":
            return EffectCondition("counters", number=0, text=words, counter=kind, at_most=0)
        return EffectCondition("counters", number=_number(counters["n"]), text=words, counter=kind)
    if (attached := _ATTACHED_IS.fullmatch(words)) is not None:
        return EffectCondition("attached is", text=words, qualities=_is_qualities(attached["what"], words))
    if (equipped := re.fullmatch(rf"{_IT}(?:'s| is) (enchanted|equipped|modified)", words)) is not None:
        return EffectCondition(equipped.group(1), text=words)
    if (controls := re.fullmatch(r"(you control|an opponent controls) an? ([a-z]+)", words)) is not None:
        who = "you" if controls.group(1) == "you control" else "opponents"
        what = controls.group(2)
        if what in SUBTYPE_BY_WORD:
            requirement = ControlRequirement(who, SUBTYPE_BY_WORD[what], words)
        elif what in _CARD_TYPES:
            requirement = ControlRequirement(who, "", words, card_type=_CARD_TYPES[what])
        else:
            raise UnreadText(words, "a condition of a static ability not read")
        return EffectCondition("control", text=words, requirement=requirement)
    graveyard = re.fullmatch(
        r"(?:there are ([a-z]+|\d+) or more cards in your graveyard|([a-z]+|\d+) or more cards are in your graveyard)",
        words,
    )
    if graveyard is not None:
        number = _number(graveyard.group(1) or graveyard.group(2))
        return EffectCondition("graveyard at least", number=number, text=words)
    if words == "you have no cards in hand":
        return EffectCondition("no cards in hand", text=words)
    counted = _count_condition(words)
    if counted is not None:
        return counted
    raise UnreadText(words, "a condition of a static ability not read")


_COUNTERS_CONDITION = re.compile(
    rf"{_IT} has (?P<n>no|[a-z]+|\d+)(?: or more)? (?P<kind>[+\-/0-9a-z]+ )?counters on it"
)
"""The counters on the permanent itself: "this creature has three or more +1/+1 counters on it" (CR 122.1)."""

_ATTACHED_IS = re.compile(r"(?:enchanted (?:creature|permanent)|equipped creature) is (?P<what>[a-z ]+)")
"""What the permanent the source is attached to is: "enchanted creature is red", "equipped creature is a Human"."""

_STATUS_QUALITIES = {
    "attacking": Quality("attacking"),
    "tapped": Quality("tapped"),
    "untapped": Quality("tapped", negated=True),
}


def _is_qualities(words: str, condition: str) -> ObjectFilter:
    """ "red", "a Human or an Angel", "legendary", "a creature", "an Equipment", "tapped": one clause of them.

    Raises
    ------
    UnreadText
        A word that is none of a colour, a card type, a subtype, "legendary" or a status.
    """
    clause = set()
    for part in words.split(" or "):
        word = re.sub(r"^an? ", "", part.strip())
        if word in COLOR_WORDS:
            clause.add(Quality("color", COLOR_WORDS[word]))
        elif word in _CARD_TYPES:
            clause.add(Quality("type", _CARD_TYPES[word]))
        elif word in SUBTYPE_BY_WORD:
            clause.add(Quality("subtype", SUBTYPE_BY_WORD[word]))
        elif word == "legendary":
            clause.add(Quality("supertype", "Legendary"))
        elif word in _STATUS_QUALITIES:
            clause.add(_STATUS_QUALITIES[word])
        else:
            raise UnreadText(condition, "a condition of a static ability not read")
    return ObjectFilter((frozenset(clause),), words)


_HOW_MANY = r"(?P<n>an?|another|no|[a-z]+|\d+)(?: or (?P<way>more|greater|fewer|less))?"
_CONTROL_COUNT = re.compile(
    rf"(?P<who>you control|an opponent controls|your opponents control) {_HOW_MANY} (?P<what>.+)"
)
_HAVE_COUNT = re.compile(
    rf"(?P<who>you have|an opponent has) {_HOW_MANY} "
    r"(?P<what>cards in (?:your |their )?hand|cards in (?:your |their )?graveyard|life)"
)
_SPELLS_CAST = re.compile(rf"you've cast {_HOW_MANY} spells this turn")
_PLAYER_COUNTERS = re.compile(
    rf"(?P<who>you have|an opponent has) {_HOW_MANY} (?P<kind>poison|energy|experience) counters"
)
_LIFE_TOTAL = re.compile(r"your life total is (?P<total>\d+) or (?P<bound>less|greater)")
_CARDS_COUNT = re.compile(
    rf"there(?: are| is|'s) {_HOW_MANY} (?P<cards>(?:[a-z]+ )*cards? in (?:your graveyard|all graveyards))"
)


def _count_condition(words: str) -> EffectCondition | None:
    """A ``"count"`` condition, or None when not read.

    "you control seven or more lands", "an opponent has no cards in hand", "your life total is 10 or less",
    "there are four or more creature cards in your graveyard" (CR 611.3a).
    """
    if (found := _CONTROL_COUNT.fullmatch(words)) is not None:
        count = _count(found["what"] + " you control")
        who = found["who"]
        if count is None or count.zone is not Zone.BATTLEFIELD:
            return None
        if who == "your opponents control":
            count = dataclasses.replace(count, controller="opponents")
        return _bounded(found, count, words, an_opponent=who == "an opponent controls")
    if (found := _LIFE_TOTAL.fullmatch(words)) is not None:
        number, life = int(found["total"]), Count(quantity="life", text=words)
        if found["bound"] == "less":
            return EffectCondition("count", text=words, count=life, at_most=number)
        return EffectCondition("count", text=words, count=life, number=number)
    if (found := _CARDS_COUNT.fullmatch(words)) is not None:
        count = _count(found["cards"])
        return None if count is None else _bounded(found, count, words)
    if (found := _SPELLS_CAST.fullmatch(words)) is not None:  # this turn's facts, from the state (CR 601.2i)
        return _bounded(found, Count(turn_fact="spells_cast", controller="you", text=words), words)
    if (found := _PLAYER_COUNTERS.fullmatch(words)) is not None:  # a player's counters (CR 122.1)
        count = Count(quantity=f"{found['kind']} counters", text=words)
        return _bounded(found, count, words, an_opponent=found["who"] == "an opponent has")
    if (found := _HAVE_COUNT.fullmatch(words)) is not None:
        count = (
            Count(Zone.HAND if "hand" in found["what"] else Zone.GRAVEYARD, "you", text=words)
            if found["what"].startswith("cards")
            else Count(quantity="life", text=words)
        )
        return _bounded(found, count, words, an_opponent=found["who"] == "an opponent has")
    return None


def _bounded(found: re.Match[str], count: Count, words: str, *, an_opponent: bool = False) -> EffectCondition | None:
    """The condition "N or more", "N or fewer", "no", "a", "another" says of a count."""
    n, way = found["n"], found["way"]
    if n in ("a", "an", "another"):
        if way is not None:
            return None
        return EffectCondition(
            "count", text=words, count=count, number=1, an_opponent=an_opponent, other=n == "another"
        )
    if n == "no":
        return EffectCondition("count", text=words, count=count, at_most=0, an_opponent=an_opponent)
    if way is None or not (n.isdigit() or n in NUMBER_WORDS):
        return None  # "exactly one", "one": not read
    number = _number(n)
    if way in ("more", "greater"):
        return EffectCondition("count", text=words, count=count, number=number, an_opponent=an_opponent)
    return EffectCondition("count", text=words, count=count, at_most=number, an_opponent=an_opponent)


def _colour(word: str) -> Color:
    colour = COLOR_WORDS.get(word)
    if colour is None:
        raise UnreadText(word, "a colour not read")
    return colour


def _number(word: str) -> int:
    if word.isdigit():
        return int(word)
    if word not in NUMBER_WORDS:
        raise UnreadText(word, "a number not read")
    return int(NUMBER_WORDS[word])


def _count(words: str) -> Count | None:
    """What "for each …" counts, when it counts what the layers can count; None otherwise.

    Permanents by their qualities and controller, or cards in the controller's graveyard or hand
    (:func:`~models.oracle.targets.read_counted`).
    """
    if words in ("cards in your hand", "card in your hand"):
        return Count(Zone.HAND, "you", text=words)
    if words in ("cards in all players' hands", "card in all players' hands"):
        return Count(Zone.HAND, "any", text=words)
    if words in ("basic land types among lands you control", "basic land type among lands you control"):
        return Count(controller="you", distinct="basic land type", text=words)  # domain (CR 305.6)
    if (counters := _COUNTERS_ON_SOURCE.fullmatch(words)) is not None:
        return Count(
            counters_on=(counters["kind"] or "any").strip(), text=words, of_affected=counters["it"] is not None
        )
    if (attached := _ATTACHED_TO.fullmatch(words)) is not None:
        return _attached_count(attached, words)
    if (among := _AMONG_CARDS.fullmatch(words)) is not None:  # delirium (CR 205.2a), mana values (CR 202.3)
        controller = {"all graveyards": "any", "your graveyard": "you", "your opponents' graveyards": "opponents"}
        return Count(Zone.GRAVEYARD, controller[among["where"]], distinct=among["what"], text=words)
    if (cards := _CARDS_IN.fullmatch(words)) is not None:
        return _cards_in(cards, words)
    if (either := _EITHER_TYPE.fullmatch(words)) is not None:  # "artifact and/or enchantment you control"
        names = either["types"].split(" and/or ")
        if all(name in _CARD_TYPES for name in names):
            clause = frozenset(Quality("type", _CARD_TYPES[name]) for name in names)
            return Count(Zone.BATTLEFIELD, "you", ObjectFilter((clause,), either["types"]), text=words)
    if (had := re.fullmatch(r"([a-z]+) counters? you have", words)) is not None:  # a player's counters (CR 122.1)
        return Count(quantity=f"{had.group(1)} counters", text=words)
    count = read_counted(words) or read_counted(_singular_phrase(words))
    if count is None or count.objects or count.quantity not in (None, "players", "life"):
        return None
    if count.distinct not in (None, "color") or (count.distinct and count.zone is not Zone.BATTLEFIELD):
        return None
    if count.zone is not Zone.BATTLEFIELD and (
        count.zone not in (Zone.GRAVEYARD, Zone.HAND) or count.controller != "you"
    ):
        return None
    if _reads_power(count):
        return None  # counted in layer 7, before power is known (CR 613.4): not read
    return count


def _reads_power(count: Count) -> bool:
    """Whether a count asks the power or toughness of what it counts ("creatures with power 4 or greater")."""
    clauses = count.qualities.clauses if count.qualities else ()
    return any(q.attribute in ("power", "toughness", "power plus toughness") for c in clauses for q in c)


_EITHER_TYPE = re.compile(r"(?P<types>[a-z]+(?: and/or [a-z]+)+) you control")
"""Permanents of any of some card types: "artifact and/or enchantment you control" (CR 205.2a)."""

_ATTACHED_TO = re.compile(
    r"(?P<what>auras?|equipment|auras? and equipment) attached to (?P<on>it|~|this (?:creature|permanent))"
)
"""What is attached to a permanent: "Aura and Equipment attached to it" (CR 301.5, 303.4)."""


def _attached_count(found: re.Match[str], words: str) -> Count:
    """The Auras, Equipment or both attached to the source, or ("it") to the object the effect applies to."""
    subtypes = (
        {"Aura", "Equipment"} if "and" in found["what"] else {"Equipment" if "equip" in found["what"] else "Aura"}
    )
    clause = frozenset(Quality("subtype", subtype) for subtype in subtypes)
    qualities = ObjectFilter((clause,), found["what"])
    return Count(qualities=qualities, text=words, attached=True, of_affected=found["on"] == "it")


_AMONG_CARDS = re.compile(
    r"(?P<what>card type|mana value)s? among cards in "
    r"(?P<where>all graveyards|your graveyard|your opponents' graveyards)"
)
"""The different card types or mana values among the cards of graveyards: "card types among cards in your graveyard"."""

_CARDS_IN = re.compile(
    r"(?P<types>(?:[a-z]+(?: and/or | or | and |, ))*[a-z]+ )?cards? in "
    r"(?P<where>all graveyards|your graveyard|your opponents' graveyards|your hand)"
)
"""Cards in a zone by card type: "creature cards in all graveyards", "instant and sorcery cards in your graveyard"."""


def _cards_in(found: re.Match[str], words: str) -> Count | None:
    """The count of cards :data:`_CARDS_IN` matched, or None when a word is not a card type (CR 205.2a)."""
    qualities = None
    if found["types"]:
        names = re.split(r" and/or | or | and |, ", found["types"].strip())
        clause = _card_kinds(names)
        if clause is None:
            return None
        qualities = ObjectFilter((clause,), found["types"].strip())
    zone, controller = {
        "all graveyards": (Zone.GRAVEYARD, "any"),
        "your graveyard": (Zone.GRAVEYARD, "you"),
        "your opponents' graveyards": (Zone.GRAVEYARD, "opponents"),
        "your hand": (Zone.HAND, "you"),
    }[found["where"]]
    return Count(zone, controller, qualities, text=words)


_PERMANENT_TYPES = frozenset(
    {CardType.ARTIFACT, CardType.CREATURE, CardType.ENCHANTMENT, CardType.LAND, CardType.PLANESWALKER, CardType.BATTLE}
)
"""The card types of permanent cards (CR 110.4)."""


def _card_kinds(names: list[str]) -> frozenset[Quality] | None:
    """ "creature", "permanent", "Lesson": a card type, a permanent card's (CR 110.4a), or a subtype; one clause."""
    clause: set[Quality] = set()
    for name in names:
        if name in _CARD_TYPES:
            clause.add(Quality("type", _CARD_TYPES[name]))
        elif name == "permanent":
            clause |= {Quality("type", card_type) for card_type in _PERMANENT_TYPES}
        elif name in SUBTYPE_BY_WORD and name not in COLOR_WORDS:
            clause.add(Quality("subtype", SUBTYPE_BY_WORD[name]))
        else:
            return None
    return frozenset(clause)


_COUNTERS_ON_SOURCE = re.compile(
    r"(?P<kind>[+\-/0-9a-z]+ )?counters? on (?:~|this (?:creature|artifact|enchantment|equipment|aura|permanent|land|"
    r"vehicle|planeswalker)|(?P<it>it))"
)
"""Counters on the permanent whose ability it is: "for each +1/+1 counter on this creature" (CR 122.1); "on it":
on the object the effect applies to."""


def _singular_phrase(words: str) -> str:
    """ "creatures you control" as "creature you control", "creature cards in your graveyard" as "creature card …"."""
    out = []
    for word in words.split(" "):
        single = "card" if word == "cards" else singular_noun(word)
        out.append(single if single is not None and word.endswith("s") else word)
    return " ".join(out)


_DEFINED = re.compile(
    r"(?:~|this creature|this vehicle)'s (?P<what>power and toughness are each|power is|toughness is) equal to "
    r"(?P<number>[^.]+?)(?: and its toughness is equal to that number plus (?P<plus>[a-z]+|\d+))?\."
)
"""A characteristic-defining ability of power (CR 604.3, 613.4a): "~'s power is equal to the number of …", "~'s
power is equal to … and its toughness is equal to that number plus 1"."""


def _read_defined(found: re.Match[str], line: str) -> tuple[ContinuousEffect, ...] | None:
    """The power, toughness or both a characteristic-defining ability sets in layer 7a (CR 604.3, 613.4a)."""
    number = _counted_number(found["number"])
    if number is None:
        return None
    power = toughness = None
    if found["what"] != "toughness is":
        power = number
    if found["what"] != "power is":
        toughness = number
    if found["plus"] is not None:  # "and its toughness is equal to that number plus 1"
        if found["what"] != "power is":
            return None
        try:
            toughness = dataclasses.replace(number, constant=number.constant + _number(found["plus"]))
        except UnreadText:
            return None
    effect = ContinuousEffect(line, AffectedObjects(EffectScope.SELF), defined_power=power, defined_toughness=toughness)
    return (effect,)


_TERM = re.compile(
    r"(?P<times>twice )?(?:the (?:total )?number of (?P<counted>.+)|your devotion to (?P<devotion>[a-z]+)"
    r"|(?P<life>your life total))"
)
"""One term of a number: "twice the number of cards in your hand", "your devotion to black", "your life total"."""


def _counted_number(words: str) -> CountedNumber | None:
    """A number the state gives: "1 plus the number of lands you control", "twice the number of …" (CR 107.1).

    A constant plus terms, each a count the layers can count (:func:`_count`), a player's devotion to a colour
    (CR 700.5) or their life total (CR 119), once or twice; None when a part is not read.
    """
    constant, terms = 0, []
    for part in words.split(" plus "):
        if part.isdigit() or part in NUMBER_WORDS:
            constant += _number(part)
            continue
        found = _TERM.fullmatch(part)
        if found is None:
            return None
        if found["devotion"] is not None:
            if found["devotion"] not in COLOR_WORDS:
                return None
            count: Count | None = Count(quantity=f"devotion to {found['devotion']}", text=part)
        elif found["life"] is not None:
            count = Count(quantity="life", text=part)
        else:
            count = _count(found["counted"])
        if count is None:
            return None
        terms.append((2 if found["times"] else 1, count))
    if not terms:
        return None
    return CountedNumber(constant, tuple(terms), words)


def _affected(subject: str) -> AffectedObjects | None:
    """Whom the line's effect applies to: the permanent itself, what it is attached to, or a group (CR 611.3)."""
    found = _SUBJECT.fullmatch(subject)
    if found is None:
        return None
    if found["attached"]:
        if found["attached"] == "equipped" and found["kind"] not in ("creature", "permanent"):
            return None
        return AffectedObjects(EffectScope.ATTACHED, frozenset({TargetKind(found["kind"])}))
    if found["self"]:
        return AffectedObjects(EffectScope.SELF)
    controller = {
        None: ControllerFilter.ANY,
        "you control": ControllerFilter.YOU,
        "your opponents control": ControllerFilter.OPPONENT,
        "an opponent controls": ControllerFilter.OPPONENT,
    }[found["controller"]]
    status, group_words = _board_status(found["group"])
    group = _group(group_words)
    if group is None:
        return None
    kinds, qualities, tokens = group
    if status is not None:
        qualities = ObjectFilter((qualities.clauses if qualities else ()) + (status,), found["group"])
    if found["with"]:
        clause = _with_quality(found["with"])
        if clause is None:
            return None
        qualities = ObjectFilter((qualities.clauses if qualities else ()) + (clause,), found["with"])
    if found["that"]:
        clause = _that_quality(found["that"])
        if clause is None:
            return None
        qualities = ObjectFilter((qualities.clauses if qualities else ()) + (clause,), found["that"])
    return AffectedObjects(EffectScope.GROUP, kinds, qualities, controller, bool(found["other"]), tokens)


_BOARD_STATUSES = {
    "enchanted": Quality("enchanted"),
    "equipped": Quality("equipped"),
    "modified": Quality("modified"),
}
"""What the board says of a permanent: an Aura attached (CR 303.4), an Equipment (CR 301.5), modified (CR 700.9)."""


def _board_status(words: str) -> tuple[frozenset[Quality] | None, str]:
    """ "equipped creatures", "combined, enchanted, and equipped creatures": the statuses first, and the rest.

    One clause: any of the statuses named (a list names its alternatives).
    """
    found = re.fullmatch(r"(?P<statuses>(?:[a-z]+(?:,? and |,? or |, ))*[a-z]+) (?P<rest>[a-z ]+)", words)
    if found is None:
        return None, words
    statuses = _ALTERNATIVES.split(found["statuses"])
    if not all(status in _BOARD_STATUSES for status in statuses):
        return None, words
    return frozenset(_BOARD_STATUSES[status] for status in statuses), found["rest"]


def _with_quality(words: str) -> frozenset[Quality] | None:
    """ "flying", "power 4 or greater", "a +1/+1 counter on it", "a counter on it": what the group's objects have.

    A counter of a kind, or of any kind (CR 122.1); else the target phrases' "with …" clause, when each of its
    keywords is one (a clause read otherwise is not guessed at: None).
    """
    counter = re.fullmatch(r"(?:an? )?(?P<kind>[+\-/0-9a-z]+ )?counters? on (?:it|them)", words)
    if counter is not None:
        kind = counter["kind"].strip() if counter["kind"] else None
        return frozenset({Quality("counter", kind)})
    try:
        clause = with_clause(words)
        for quality in clause:
            if quality.attribute == "keyword":
                parse_granted((str(quality.value),))
    except (UnreadText, InputError, KeyError, ValueError):
        return None
    return clause


_ALTERNATIVES = re.compile(r",? and/or |,? or |, and |, | and ")
"""What separates the alternatives of a list of kinds: "Wolves and Werewolves", "a Wolf or a Werewolf"."""


def _that_quality(words: str) -> frozenset[Quality] | None:
    """ "a Wolf or a Werewolf", "Zombies and/or tokens": one clause whose alternatives are subtypes or tokens.

    Each word is a subtype, singular or plural, "token(s)" (CR 111.1), or what the board says of a permanent
    ("enchanted", "equipped", "modified": :data:`_BOARD_STATUSES`); anything else is not read (None).
    """
    clause = set()
    for part in _ALTERNATIVES.split(words):
        word = re.sub(r"^an? ", "", part.strip())
        if word in ("token", "tokens"):
            clause.add(Quality("token"))
            continue
        if word in _BOARD_STATUSES:  # "creatures you control that are enchanted or equipped"
            clause.add(_BOARD_STATUSES[word])
            continue
        single = word if word in _CREATURE_TYPES else singular_noun(word)
        if single is None or single not in _CREATURE_TYPES:
            return None
        clause.add(Quality("subtype", _CREATURE_TYPES[single]))
    return frozenset(clause)


def _kinds_clause(parts: list[str]) -> frozenset[Quality] | None:
    """ "Mounts", "Vehicles", "snow": each part a subtype of any kind (CR 205.3) or a supertype (CR 205.4), or None."""
    clause = set()
    for part in parts:
        word = part.strip()
        single = word if word in SUBTYPE_BY_WORD else singular_noun(word)
        if word in ("snow", "legendary"):
            clause.add(Quality("supertype", word.capitalize()))
        elif single is not None and single in SUBTYPE_BY_WORD:
            clause.add(Quality("subtype", SUBTYPE_BY_WORD[single]))
        else:
            return None
    return frozenset(clause)


def _union(text: str) -> tuple[frozenset[TargetKind], ObjectFilter | None, bool] | None:
    """A list of creature types, each a group of its own: the permanents of any of them (their union).

    "Wolves and Werewolves", "Skeletons, Vampires, and Zombies", "Ninja and Rogue creatures".
    """
    creatures = text.endswith(" creatures")
    parts = _ALTERNATIVES.split(text.removesuffix(" creatures"))
    if len(parts) < 2:
        return None
    clause = _that_quality(" or ".join(parts)) or _kinds_clause(parts)
    if clause is None or any(q.attribute not in ("subtype", "supertype") for q in clause):
        return None
    kinds = frozenset({TargetKind.CREATURE if creatures else TargetKind.PERMANENT})
    return kinds, ObjectFilter((clause,), text), False


def _group(text: str) -> tuple[frozenset[TargetKind], ObjectFilter | None, bool] | None:
    """ "creatures", "green creatures", "creature tokens", "other Elves", "artifact creatures": kinds and qualities.

    A list of creature types ("Wolves and Werewolves you control") is the union of its groups; a creature type
    whose plural is its singular ("Merfolk") is read as the plural.
    """
    if (union := _union(text)) is not None:
        return union
    words = text.split(" ")
    tokens = words[-1] == "tokens"
    if tokens and words[:-1] and all(word in _TOKEN_STATUSES for word in words[:-1]):
        words = words[:-1] + ["permanents"]  # "attacking tokens": attacking permanents that are tokens
    elif tokens:
        words = words[:-1]
        if not words:
            return None
        words[-1] = words[-1] + "s"
    head = (
        singular_noun(words[-1])
        or (words[-1] if words[-1] in KIND_WORDS else None)  # "each creature you control"
        or (words[-1] if words[-1] in _CREATURE_TYPES else None)  # "Merfolk", "Kithkin": plural as singular
    )
    if head is None:
        return None
    if len(words) == 1 and head in KIND_WORDS:  # "permanents", "creatures", "lands"
        return frozenset({TargetKind(head)}), None, tokens
    phrase = " ".join(words[:-1] + [head])
    try:
        kinds, qualities = qualified_kind(phrase)
    except (UnreadText, InputError, KeyError, ValueError):
        return None
    if not qualities.clauses and len(words) > 1:
        return None
    return frozenset(kinds), (qualities if qualities.clauses else None), tokens


_TOKEN_STATUSES = frozenset({"attacking", "tapped", "untapped"})
"""What a token may be, before "tokens" alone: "attacking tokens you control" (CR 111.1, 506.4)."""

_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
_CARD_TYPES = {t.value.lower(): t for t in CardType}
_CREATURE_TYPES = {name.lower(): name for name in SUBTYPES["creature"]}


_UNTARGETABLE = re.compile(
    r"can't be the targets? of (?:(?P<colours>[a-z]+(?: or [a-z]+)*) )?spells"
    r"(?: or abilities(?: from (?P<sources>[a-z]+(?: or [a-z]+)*) sources)?)?(?P<opponents> your opponents control)?"
)
"""What spells can't target the object: "can't be the target of red spells or abilities from red sources"."""


def _untargetable_keywords(found: re.Match[str]) -> tuple[str, ...] | None:
    """The keyword whose targeting rule is the same for spells (CR 702.16b, 702.11b-d, 702.18a); None if none is.

    Of spells, which alone are cast: "can't be the target of red spells or abilities from red sources" is what
    protection from red says of targets (CR 702.16b); with "your opponents control", hexproof from red (CR
    702.11d); of every spell, shroud (CR 702.18a), or hexproof with "your opponents control" (CR 702.11b).
    """
    colours = found["colours"].split(" or ") if found["colours"] else []
    if found["sources"] is not None and found["sources"].split(" or ") != colours:
        return None
    if any(colour not in COLOR_WORDS for colour in colours):
        return None  # "nongreen spells", "Aura spells": not read
    if not colours:
        return ("hexproof",) if found["opponents"] else ("shroud",)
    kind = "hexproof from" if found["opponents"] else "protection from"
    return tuple(f"{kind} {colour}" for colour in colours)


_NO_CAST_PREDICATE = re.compile(
    r"can't (?:attack|block|attack or block)(?: alone| you(?: or planeswalkers you control)?)?|is goaded"
    r"|(?:attacks|blocks) each combat if able"
    r"|assigns combat damage equal to its toughness rather than its power"
    # how it blocks or is blocked, and whether it may attack: chosen in combat, never while casting (CR 506, 509)
    r"|can't be blocked\b[^.]*|must be blocked\b[^.]*|can block\b[^.]*"
    r"|can attack as though (?:it|they) didn't have defender"
    r"|can't become suspected"
    r"|(?:doesn't|don't) untap during (?:its|their) controller's untap steps?"
)
"""A predicate of a static line that changes what only combat or untapping reads (CR 506, 502.3)."""


def _read_predicate(predicate: str, changes: dict[str, object]) -> bool:
    """Read one predicate of a static line into ``changes`` (ContinuousEffect's fields); False when not read."""
    # "gets an additional +2/+2": what it gets besides what the line before gives, the same change (CR 613.4c)
    if (pt := re.fullmatch(r"gets? (?:an additional )?([+-]\d+)/([+-]\d+)(?: for each (.+))?", predicate)) is not None:
        changes["power_change"] = (int(pt.group(1)), int(pt.group(2)))
        if pt.group(3) is not None:
            per = _each_count(pt.group(3))
            if per is None:
                return False
            changes["power_per"] = per
        return True
    if (xs := _X_CHANGE.fullmatch(predicate)) is not None:  # "+X/+X, where X is the number of …" (CR 613.4c)
        per = _each_count(xs["counted"])
        if per is None:
            return False
        changes["power_change"] = (_x_sign(xs["power"]), _x_sign(xs["toughness"]))
        changes["power_per"] = per
        return True
    if (base := re.fullmatch(r"(?:has|have) base power and toughness (\d+)/(\d+)", predicate)) is not None:
        changes["base_power"] = (int(base.group(1)), int(base.group(2)))
        return True
    for pattern, field_name, value in _FLAG_PREDICATES:
        if pattern.fullmatch(predicate):
            if field_name:
                changes[field_name] = value
            return True
    return _read_ability_predicate(predicate, changes)


def _each_count(words: str) -> Count | None:
    """What "for each …" counts (:func:`_count`), "other …" too: permanents but the object the effect applies to.

    "for each other creature you control": the permanents counted, less the affected object when it is one of
    them (CR 611.3); "other" of anything but permanents is not read.
    """
    if not words.startswith("other "):
        return _count(words)
    count = _count(words.removeprefix("other "))
    if count is None or count.zone is not Zone.BATTLEFIELD or count.quantity or count.distinct or count.objects:
        return None
    if count.counters_on is not None or count.attached or count.opponents or count.turn_fact:
        return None
    return dataclasses.replace(count, other=True, text=words)


_X_CHANGE = re.compile(
    r"gets? (?P<power>[+-](?:x|0))/(?P<toughness>[+-](?:x|0)), where x is the number of (?P<counted>[^.]+)"
)
"""A change of power and toughness by a number the state counts: "gets -X/-X, where X is the number of …"."""


def _x_sign(part: str) -> int:
    """+1 for "+x", -1 for "-x", 0 for "+0" or "-0": the change per object counted."""
    return 0 if part.endswith("0") else (1 if part.startswith("+") else -1)


_FLAG_PREDICATES: tuple[tuple[re.Pattern[str], str, object], ...] = (
    (re.compile(r"(?:loses|lose) all (?:other )?abilities"), "loses_abilities", True),
    (re.compile(r"its activated abilities can't be activated"), "activation_banned", True),
    (re.compile(r"its activated abilities can't be activated unless they're mana abilities"), "", None),
    (re.compile(r"(?:isn't|is not) a creature"), "remove_types", frozenset({CardType.CREATURE})),
)
"""Predicates that set one field of the effect ("loses all abilities", CR 613.1f; "isn't a creature", 205.1a)."""


def _read_ability_predicate(predicate: str, changes: dict[str, object]) -> bool:
    """A predicate giving or taking abilities, or setting types and colours ("has flying", "is a Demon Spirit")."""
    if _NO_CAST_PREDICATE.fullmatch(predicate):
        return True  # combat (CR 506), untapping (CR 502.3): nothing a cast reads
    if (untargetable := _UNTARGETABLE.fullmatch(predicate)) is not None:
        keywords = _untargetable_keywords(untargetable)
        if untargetable["opponents"]:
            changes[_OPPONENTS_OF_THE_SOURCE] = True
    elif (gained := re.fullmatch(r"(?:has|have|gains?) (.+)", predicate)) is not None:
        keywords = _keywords(gained.group(1))
    elif (denied := re.fullmatch(r"can't have or gain (.+)", predicate)) is not None:
        keywords = _keywords(denied.group(1))  # whatever gives them, in whatever order (CR 613.1f)
        if keywords is not None:
            changes["denied_keywords"] = keywords
        return keywords is not None
    elif (lost := re.fullmatch(r"(?:loses|lose) (.+)", predicate)) is not None:
        keywords = _keywords(lost.group(1))
        if keywords is not None:
            changes["remove_keywords"] = keywords
        return keywords is not None
    elif (became := re.fullmatch(r"(?:is|are|becomes?) (?:an? )?(.+)", predicate)) is not None:
        return _read_is(became.group(1), changes)
    else:
        return False
    if keywords is None:
        return False
    changes["add_keywords"] = tuple(changes.get("add_keywords", ())) + keywords  # type: ignore[arg-type]
    return True


def _keywords(text: str) -> tuple[str, ...] | None:
    """ "flying", "flying and first strike", "protection from red and from blue": keyword texts, or None.

    A quoted triggered or activated ability other than a mana ability bears on no cast: read, and given as
    nothing (:func:`~models.oracle.permanents.quoted_ability_bears_on_no_cast`); a quoted mana ability is given
    as its text ("{t}: add {g}.", read by :func:`~models.oracle.keywords.parse_granted`).
    """
    quoted: list[str] = []

    def hold(match: re.Match[str]) -> str:
        quoted.append(match.group(1))
        return f"\x00{len(quoted) - 1}"

    held = re.sub(r'"([^"]*)"', hold, text)
    items = []
    for item in (i.strip() for i in re.split(r",? and (?!from\b)|, ", held)):
        if not item:
            continue
        if "\x00" in item:
            if not re.fullmatch(r"\x00\d+", item):
                return None
            ability = quoted[int(item[1:])]
            if re.search(r":\s*add\b", ability) or re.fullmatch(r"ward—[^.]+\.", ability):
                items.append(ability)  # a mana ability or ward given: read by parse_granted below (CR 605.1a)
            elif not quoted_ability_bears_on_no_cast(ability):
                return None
            continue
        items.append(item)
    try:
        parse_granted(tuple(items))
    except InputError:
        return None
    return tuple(items)


def _read_is_whole(words: str, changes: dict[str, object]) -> bool:
    """ "all colors" (CR 105.2), "also a Cleric, Rogue, Warrior, and Wizard" (creature types added, CR 205.1b)."""
    if words == "all colors":
        changes["colours"] = frozenset(COLOR_WORDS.values())
        return True
    names = [w.strip() for w in re.split(r",? and |, ", re.sub(r"^also an? ", "", words))]
    if not all(name in _CREATURE_TYPES for name in names):
        return False
    changes["add_subtypes"] = frozenset(_CREATURE_TYPES[name] for name in names)
    return True


def _read_is(words: str, changes: dict[str, object]) -> bool:
    """The types and colours an effect sets or adds (CR 205.1a-b, 105.3), read into ``changes``.

    "a Demon Spirit", "a blue Wall in addition to its other colors and types", "Food artifacts in addition to
    their other types", "blue", "an Island" (land types, CR 305.7).
    """
    addition = re.fullmatch(
        r"(.+) in addition to (?:its|their) other (colors and (?:creature )?types|(?:creature )?types)", words
    )
    if addition is not None:
        words = addition.group(1)
    if words == "every creature type":  # all creature types, its others kept (changeling's words, CR 702.73a)
        changes["add_subtypes"] = frozenset(_CREATURE_TYPES.values())
        return True
    if (based := re.fullmatch(r"(.+) with base power and toughness (\d+)/(\d+)", words)) is not None:
        changes["base_power"] = (int(based.group(2)), int(based.group(3)))  # layer 7b (CR 613.4b)
        words = based.group(1)
    if words == "all colors" or words.startswith("also "):
        return _read_is_whole(words, changes)
    return _read_type_words(words, changes, addition)


def _read_type_words(words: str, changes: dict[str, object], addition: re.Match[str] | None) -> bool:
    """ "blue Frog creature", "Food artifacts" (with ``addition``: "in addition to …"): colours and types."""
    adds = addition is not None
    colours: set[Color] = set()
    card_types: set[CardType] = set()
    creature_types: set[str] = set()
    other_subtypes: set[str] = set()
    for word in words.split(" "):
        single = word if word in COLOR_WORDS or word in _CARD_TYPES or word in SUBTYPE_BY_WORD else singular_noun(word)
        if single in COLOR_WORDS:
            colours.add(_colour(single))
        elif single in _CARD_TYPES and single not in ("instant", "sorcery"):
            card_types.add(_CARD_TYPES[single])
        elif single in _CREATURE_TYPES:
            creature_types.add(_CREATURE_TYPES[single])
        elif single is not None and single in SUBTYPE_BY_WORD:
            other_subtypes.add(SUBTYPE_BY_WORD[single])
        else:
            return False
    if colours and adds and addition is not None and "colors" not in addition.group(2):
        return False  # "a blue Wall in addition to its other creature types": the colour's scope is not read
    if other_subtypes and other_subtypes <= _BASIC_LAND_TYPES and not (adds or colours or card_types or creature_types):
        changes["land_types"] = frozenset(other_subtypes)  # "Enchanted land is an Island." (CR 305.7)
        return True
    if other_subtypes and not adds:
        return False  # a subtype other than a creature type set, not added: not read
    if card_types and not adds and card_types != {CardType.CREATURE}:
        return False  # "an artifact creature" keeps its other types (CR 205.1b): not read
    if colours:
        changes["add_colours" if adds else "colours"] = frozenset(colours)
    if card_types and not adds:  # "a blue Frog creature": the card type set, its other subtypes gone (CR 205.1a)
        changes["set_types"] = frozenset(card_types)
    elif card_types:
        changes["add_types"] = frozenset(card_types)
    if creature_types and not adds:
        changes["creature_types"] = frozenset(creature_types)
    if (creature_types and adds) or other_subtypes:
        changes["add_subtypes"] = frozenset(other_subtypes | (creature_types if adds else set()))
    return bool(colours or card_types or creature_types or other_subtypes)
