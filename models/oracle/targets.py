"""Target phrases of spell text (CR 115, 601.2c): the reader of an effect's tree, and phrases read as targets.

:class:`SpellTextReader` collects the :class:`~models.abilities.TargetSpec` of each instance of the word
"target" in one effect and the spans it can't read. What "for each …" counts is read here too
(:func:`read_counted`): it names objects as a target phrase does.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from models.abilities import (
    ANY_TARGET_KINDS,
    KICKED,
    PERMANENT_KIND_TYPES,
    ControllerFilter,
    Count,
    ObjectFilter,
    Quality,
    SpellFilter,
    TargetKind,
    TargetRelation,
    TargetSpec,
    UnsupportedText,
)
from models.mana import ManaCost
from models.objects import PERMANENT_TYPES, CardType, Zone

from models.oracle.grammar import first_token, oracle_parser, quality_patterns, tree_tokens
from models.oracle.qualities import (
    NOT_BASIC_LAND,
    OWNED_BY_YOU,
    add_quality,
    card_type_filter,
    last_kind_quality,
    object_filter,
    qualified_kind,
    qualified_kinds,
    read_with_quality,
    targeting_quality,
    with_clause,
)
from models.oracle.words import (
    CARD_SUBTYPE_WORDS,
    CARD_TYPE_WORDS,
    COLOR_WORDS,
    KIND_WORDS,
    NUMBER_WORDS,
    PAID_CONDITIONS,
    STATUS_WORDS,
    SUBTYPE_BY_WORD,
    alternatives,
)

__all__ = [
    "ANY_NUMBER",
    "read_counted",
    "one_target",
    "phrase_spec",
    "counted_objects",
    "targeted_condition",
    "SpellTextReader",
    "PLAIN_TARGET",
]


ANY_NUMBER = 64
"""The count of "any number of target …": more than any board's candidates (the choices are capped)."""


_COUNTED = re.compile(
    r"(?P<what>.+?) (?P<where>on the battlefield|you control|your opponents control|"
    r"an opponent controls|in your graveyard)"
)


def read_counted(text: str) -> Count | None:
    """What "for each …" counts: "creature card in your graveyard", "artifact you control", "opponent you have".

    None when the words are not read.
    """
    if text == "opponent you have":
        return Count(opponents=True, text=text)
    if text in _COUNTED_QUANTITIES:  # the state's this_turn facts, the party (CR 700.8)
        return dataclasses.replace(_COUNTED_QUANTITIES[text], text=text)
    if text == "color among permanents you control":  # the colours of them all (CR 105.2)
        return Count(Zone.BATTLEFIELD, "you", distinct="color", text=text)
    in_hand = re.fullmatch(r"(?P<type>[a-z]+) card in your hand", text)
    if in_hand is not None and in_hand["type"] in CARD_TYPE_WORDS:  # the spell itself is on the stack (CR 601.2a)
        return Count(Zone.HAND, "you", card_type_filter(in_hand["type"]), text=text)
    found = _COUNTED.fullmatch(text)
    if found is None:
        spec = counted_objects(text)
        return None if spec is None else Count(objects=spec, text=text)
    what, where = found["what"], found["where"]
    if where == "in your graveyard":
        if not what.endswith((" card", " cards")):
            return None
        types = [w for w in re.split(r" and/or | and | or ", what.rsplit(" ", 1)[0])]
        if not all(t in CARD_TYPE_WORDS for t in types):
            return None
        clause = frozenset(Quality("type", CardType(t.capitalize())) for t in types)
        return Count(Zone.GRAVEYARD, "you", ObjectFilter((clause,), what), text=text)
    controller = {"on the battlefield": "any", "you control": "you"}.get(where, "opponents")
    if what in KIND_WORDS:
        kind = what
        qualities = (
            None
            if kind == "permanent"
            else ObjectFilter((frozenset({Quality("type", CardType(kind.capitalize()))}),), kind)
        )
        return Count(Zone.BATTLEFIELD, controller, qualities, text=text)
    if not re.fullmatch(quality_patterns()["__QUALIFIED_KIND__"], what):
        return None
    kinds, qualities = qualified_kind(what)
    (kind,) = kinds
    if kind is not TargetKind.PERMANENT:
        qualities = add_quality(qualities, Quality("type", CardType(kind.value.capitalize())), kind.value)
    return Count(Zone.BATTLEFIELD, controller, qualities, text=text)


_COUNTED_QUANTITIES = {
    "creature that died this turn": Count(turn_fact="creatures_died"),
    "spell your opponents have cast this turn": Count(controller="opponents", turn_fact="spells_cast"),
    "1 life your opponents have lost this turn": Count(controller="opponents", turn_fact="life_lost"),
    "card you've drawn this turn": Count(controller="you", turn_fact="cards_drawn"),  # CR 121.1
    "creature in your party": Count(quantity="party"),
}
"""What "for each …" counts when it counts no objects: facts of this turn (the state's ``this_turn``), the party."""


def one_target(phrase: str) -> TargetSpec | None:
    """The one instance of "target" a phrase is, the whole phrase read by the spell-text grammar, or None (CR 115.1).

    Parameters
    ----------
    phrase : str
        Lowercased, starting "target ": ``"target creature you control with flying"``.

    Returns
    -------
    TargetSpec or None
        None when the grammar or the reader does not take the phrase in whole as one instance.
    """
    try:
        tree = oracle_parser().parse(phrase + ".", start="effect")
    except UnexpectedInput:
        return None
    reader = SpellTextReader(phrase + ".")
    reader.read(tree)
    if reader.unsupported or len(reader.targets) != 1 or reader.targets[0].phrase.lower() != phrase:
        return None
    return reader.targets[0]


def phrase_spec(phrase: str) -> TargetSpec | None:
    """:func:`one_target`, naming one object, neither divided nor "another" (CR 115.1); or None."""
    spec = one_target(phrase)
    if spec is None or spec.count != 1 or spec.is_divided or spec.distinct_from is not None:
        return None
    return spec


def counted_objects(text: str) -> TargetSpec | None:
    """The permanents "for each creature you control with power 4 or greater" counts, as a target phrase names them.

    "creature you control with power 4 or greater" is read as "target creature you control with power 4 or
    greater", "attacking creature" as "target attacking creature" (CR 115.1): kinds, controller, qualities. None
    when the words are not one target phrase naming permanents only.
    """
    spec = phrase_spec("target " + text.replace("your opponents control", "an opponent controls"))
    if (
        spec is None
        or not spec.kinds
        or not all(k in PERMANENT_KIND_TYPES or k is TargetKind.PERMANENT for k in spec.kinds)
    ):
        return None
    return spec


def targeted_condition(what: str) -> TargetSpec | None:
    """What "if it targets …" asks of one of the spell's targets, read as a target phrase (CR 601.2c, 601.2f).

    "a tapped creature" is read as "target tapped creature" is, by the spell-text grammar; "a creature card
    with mana value 3 or less" as "target creature card with mana value 3 or less in a graveyard" (the only
    cards a spell targets here are in graveyards, CR 115.1). None when the words are not one target phrase
    read in whole.

    Parameters
    ----------
    what : str
        The words after "it targets", lowercased: ``"a blue permanent you don't control"``.

    Returns
    -------
    TargetSpec or None
        One instance of "target" naming one object; its ``phrase`` is the phrase read.
    """
    article = re.match(r"an? ", what)
    if article is None:
        return None
    phrase = "target " + what[article.end() :]
    if re.search(r"\bcards?\b", phrase) and "graveyard" not in phrase:
        phrase += " in a graveyard"
    return phrase_spec(phrase)


_PAID_RIDER = re.compile(r" was paid\b")


_STRUCTURAL_WORDS = re.compile(r"\b(target|targets|choose|chosen|mode|modes|both|cost|costs|cast|copy|x)\b")
"""Words that make a sentence linked to an optional cost bear on the cast (its targets, modes or costs)."""


_HISTORIES = tuple(
    (re.compile(pattern), lacks)
    for pattern, lacks in (
        (r"\bwas dealt damage this turn\b", "which objects were dealt damage this turn"),
        (r"\bdealt damage (to you )?this turn\b", "which creatures dealt damage this turn"),
        (r"\bblocked\b[^.]* this turn\b", "which creatures blocked or were blocked this turn"),
        (r"\battacked you this turn\b", "which creatures attacked this turn"),
        (r"\bentered (this turn|since your last turn ended)\b", "when each permanent entered the battlefield"),
        (r"\bput there from [a-z ]+ this turn\b", "where each card in a graveyard came from, and when"),
        (r"\bwas activated this turn\b", "which abilities were activated this turn"),
        (r"\bthe second spell cast this turn\b", "the order of the spells cast this turn"),
    )
)
"""What a target restriction asks of the turn's history, and the words for what the state file lacks (CR 115.1)."""


class SpellTextReader:
    """Collects targets and unsupported spans of one effect tree."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.targets: list[TargetSpec] = []
        self.unsupported: list[UnsupportedText] = []
        self.kicked_only: tuple[str, ...] = ()  # the costs the text of this sentence needs paid (CR 702.33g)
        self.trigger: str | None = None  # in a triggered ability the spell creates: "condition", then "effect"
        self.read_up_to = 0  # where the last target phrase read ends in the line
        self.counted_x: Count | None = None  # "where X is the number of …": the divided X, a count (CR 107.3c)

    def read(self, tree: Tree[Token]) -> None:
        """Collect the targets and unread spans of an ``effect`` tree, in printed order.

        "When target creature dies this turn, …": the condition's targets are the spell's; after the comma, the
        triggered ability's targets are chosen when it triggers (CR 603.3d, 603.7a, 603.12). A sentence's end
        ends a clause "if this spell was kicked," (CR 702.33g) and a trigger.
        """
        for child in tree.children:
            if not isinstance(child, Tree):
                continue
            data = child.data
            if data == "free":
                if self.trigger == "condition" and any(str(t) == "," for t in child.children):
                    self.trigger = "effect"
                elif any(str(t) == "." for t in child.children):
                    self.kicked_only = ()
                    self.trigger = None
            elif data == "kicked_clause":
                self._kicked_clause(child)
            elif data == "trigger_start":
                self.trigger = "condition"
            elif self.trigger != "effect" and (method := _CHILD_READERS.get(data)) is not None:
                getattr(self, method)(child)  # (after a trigger's comma: not a target chosen as it is cast)

    def _kicked_clause(self, child: Tree[Token]) -> None:
        """ "if this spell was kicked / bargained," until the end of the sentence (CR 702.33g, 702.166b).

        "if this spell was kicked with its {2}{R} kicker,": that one of two kicker costs (CR 702.33f).
        """
        clause = str(first_token(child)).rstrip(",")
        named = re.fullmatch(r".* kicked with its ((?:\{[^{}]+\})+) kicker", clause)
        self.kicked_only = (
            (f"kicker {ManaCost.parse(named.group(1).upper(), path='oracle_text')}",)
            if named
            else PAID_CONDITIONS[clause.rsplit(" ", 1)[-1]]
        )

    def _divided_target(self, child: Tree[Token]) -> None:
        """ "3 damage divided as you choose among one, two, or three targets" (CR 601.2d)."""
        token = first_token(child)
        count, minimum, amount, what, is_x = _division(str(token))
        phrase = self.line[token.start_pos : token.end_pos]
        if self._division_is_read(token, is_x):
            self._add(
                TargetSpec(
                    phrase,
                    ANY_TARGET_KINDS,
                    count=count,
                    minimum=minimum,
                    divided=amount,
                    divided_what=what,
                    divided_x=is_x,
                ),
                False,
            )

    def _evenly_divided_target(self, child: Tree[Token]) -> None:
        """Fireball's "X damage divided evenly, rounded down, among any number of targets".

        Any number of any targets, none included (CR 115.6); the division follows from them, no choice of the
        caster (CR 601.2d).
        """
        token = first_token(child)
        phrase = self.line[token.start_pos : token.end_pos]
        self._add(TargetSpec(phrase, ANY_TARGET_KINDS, count=ANY_NUMBER, minimum=0), False)

    def _keyword_action_target(self, child: Tree[Token]) -> None:
        """A keyword action whose definition has a target: "Support 2" (CR 701.41a), "Earthbend 3" (CR 701.66a)."""
        token = first_token(child)
        action, number = str(token).split()
        phrase = self.line[token.start_pos : token.end_pos]
        if action == "earthbend":  # "Target land you control becomes a 0/0 …" (CR 701.66a)
            self._add(TargetSpec(phrase, frozenset({TargetKind.LAND}), ControllerFilter.YOU), False)
        elif number == "x":  # "each of up to X target creatures" (CR 701.41a, on a spell)
            self._add(
                TargetSpec(
                    phrase, frozenset({TargetKind.CREATURE}), count=ANY_NUMBER, minimum=0, x_count=True, x_up_to=True
                ),
                False,
            )
        else:  # "each of up to N target creatures" (CR 701.41a, on an instant or sorcery)
            count = int(number) if number.isdigit() else NUMBER_WORDS[number]
            self._add(TargetSpec(phrase, frozenset({TargetKind.CREATURE}), count=count, minimum=0), False)

    def _step_timing(self, child: Tree[Token]) -> None:
        """A timing restriction narrower than a phase in the spell's text: reported (CR 506.7)."""
        self.unsupported.append(
            UnsupportedText(
                self._span(first_token(child)),
                "timing restriction narrower than a phase (CR 506.7): combat steps are not modelled",
            )
        )

    def _unsupported_phrase(self, child: Tree[Token]) -> None:
        """A casting construct the grammar marks as not modelled: reported, unless it only says what the spell does.

        "If this spell's additional cost was paid, you gain 2 life.": what the spell does, linked to the optional
        cost (CR 607.2); no target, mode or cost of the cast in it.
        """
        token = first_token(child)
        if (
            str(token) == "additional cost"
            and _PAID_RIDER.match(self.line[token.end_pos :])
            and not _STRUCTURAL_WORDS.search(self._sentence_of(token).replace("additional cost was paid", ""))
        ):
            return
        self.unsupported.append(
            UnsupportedText(span=self._span(token), reason=f"casting construct not modelled: {str(token)!r}")
        )

    def _sentence_of(self, token: Token) -> str:
        """The sentence of the line that holds ``token``."""
        start = self.line.rfind(". ", 0, token.start_pos)
        end = self.line.find(".", token.end_pos)
        return self.line[start + 2 if start >= 0 else 0 : end if end >= 0 else len(self.line)]

    def _restriction(self, token: Token) -> UnsupportedText:
        """The report of a target restriction not read, from ``token`` to the line's end (CR 115.1).

        Where the restriction asks what happened earlier in the turn, which a state file does not record ("that
        was dealt damage this turn", "that entered this turn"), the reason says what the state lacks.
        """
        span = self._span(token)
        sentence = span.split(". ", 1)[0]
        for pattern, lacks in _HISTORIES:
            if pattern.search(sentence):
                return UnsupportedText(span, f"target restriction not modelled: {lacks} is not in the state")
        return UnsupportedText(span, "target restriction not modelled")

    def _span(self, start: Token, end: int | None = None) -> str:
        end = len(self.line) if end is None else min(end, len(self.line))
        return self.line[start.start_pos : end]

    def _target(self, tree: Tree[Token]) -> None:
        """Read one target phrase of the effect, by its shape (CR 115.1, 115.4, 601.2c)."""
        tokens = tree_tokens(tree)
        phrase = self.line[tokens[0].start_pos : tokens[-1].end_pos]
        if tree.data == "graveyard_target":
            self._graveyard_target(tree, tokens, phrase)
        elif tree.data == "spell_target":
            self._spell_target(tree, tokens, phrase)
        elif tree.data == "another_any_target":
            # a bare "another target": any other target (CR 115.4)
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS), True)
        elif tree.data == "third_any_target":
            # a bare "a third target": any target other than the two before it (CR 115.4)
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS), True, third=True)
        elif tree.data in ("any_target", "counted_any_target") and _has_filter(tree):
            # "any target that was dealt damage this turn": a restriction after the phrase, not read (CR 115.1)
            self.unsupported.append(self._restriction(tokens[0]))
        elif tree.data == "any_target":
            # "any other target" / "any another target": different from the earlier one (CR 115.4)
            another = bool(re.search(r"\b(other|another)\b", phrase.lower()))
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS), another)
        elif tree.data == "counted_any_target":
            # "each of two targets", "up to X targets": that many targets, each any target (CR 115.4, 115.6)
            count, minimum = self._count(tokens[0])[:2]
            self._add(TargetSpec(phrase, ANY_TARGET_KINDS, count=count, minimum=minimum), self._is_other(tokens[0]))
        else:
            self._permanent_target(tree, tokens, phrase)

    def _graveyard_target(self, tree: Tree[Token], tokens: list[Token], phrase: str) -> None:
        """Read "target creature card from your graveyard" and its kin: cards in graveyards (CR 115.2)."""
        if _has_filter(tree):
            self.unsupported.append(self._restriction(tokens[0]))
            return
        token = next(
            t
            for t in tree.children
            if isinstance(t, Token) and t.type in ("GRAVEYARD_CARD", "QUALIFIED_CARD", "LISTED_CARD")
        )
        text = str(token)
        if token.type == "LISTED_CARD":  # "… target instant card and … target sorcery card from your graveyard"
            zone = re.search(r" from (?:your|a|an opponent's) graveyard\b", self.line[token.end_pos or 0 :])
            if zone is None:  # not expected: the terminal's lookahead found one
                self.unsupported.append(self._restriction(tokens[0]))
                return
            text += zone.group()
        qualities = None
        if any(isinstance(c, Tree) and c.data == "graveyard_except" for c in tree.children):
            # "other than a basic land card": not both basic and a land (CR 205.4a)
            qualities = add_quality(None, NOT_BASIC_LAND, "other than a basic land card")
        text, qualities, relation, total_at_most = _graveyard_card_words(text, qualities)
        before_card = re.split(r" cards? (?:from|in) ", " " + text)[0].strip()
        kind_words, qualities = _graveyard_card_kinds(token.type == "QUALIFIED_CARD", before_card, qualities)
        owner = text.rsplit(" ", 2)[-2].replace("her", "their")  # "his or her graveyard" (older wording)
        controller = {
            "your": ControllerFilter.YOU,
            "a": ControllerFilter.ANY,
            "single": ControllerFilter.ANY,
            "opponent's": ControllerFilter.OPPONENT,
            "their": ControllerFilter.ANY,
        }[owner]
        single = owner == "single"  # "from a single graveyard": every card chosen has one owner (CR 115.1)
        count, minimum = self._count(tokens[0])[:2]
        if relation is not None and not self._relates(tokens[0], count):
            return
        in_graveyard_of = None
        if owner == "their":
            in_graveyard_of = self._their_graveyard(tokens[0])
            if in_graveyard_of is None:
                return
        self._add(
            TargetSpec(
                phrase,
                frozenset({TargetKind.GRAVEYARD_CARD}),
                controller,
                count,
                minimum,
                card_types=frozenset(CardType(w.strip().capitalize()) for w in kind_words if w),
                qualities=qualities,
                same_controller=single,
                relation=relation,
                controlled_by=in_graveyard_of,
                total_at_most=total_at_most,
            ),
            self._is_other(tokens[0]),
        )

    def _spell_target(self, tree: Tree[Token], tokens: list[Token], phrase: str) -> None:
        """Read "target instant spell", "target red spell you control" and their kin: spells (CR 115.2)."""
        kind_token = next(
            t for t in tree.children if isinstance(t, Token) and t.type in ("SPELL_KIND", "QUALIFIED_SPELL")
        )
        if _has_filter(tree):
            self.unsupported.append(self._restriction(tokens[0]))
            return
        words = str(kind_token).split()
        qualities = None
        if kind_token.type == "QUALIFIED_SPELL":
            spell_filter = SpellFilter.ANY
            qualities = object_filter(" ".join(words[:-1]))
        else:
            # "instant and/or sorcery spells": each an instant or a sorcery spell (CR 115.1)
            spell_filter = SpellFilter(" ".join(words[:-1] + ["spell"]).replace(" and/or ", " or "))
        for child in tree.children:
            if isinstance(child, Tree) and child.data == "with_quality":
                text = str(child.children[0])
                qualities = add_quality(qualities, with_clause(text), text)
            elif isinstance(child, Tree) and child.data == "spell_targeting":
                text = str(child.children[0])
                qualities = add_quality(qualities, targeting_quality(text), text)
        count, minimum = self._count(tokens[0])[:2]
        controller = ControllerFilter.ANY
        for child in tree.children:
            if isinstance(child, Tree) and child.data == "you_control":
                controller = ControllerFilter.YOU
            elif isinstance(child, Tree) and child.data == "opponent_controls":
                controller = ControllerFilter.OPPONENT
            elif isinstance(child, Tree) and child.data == "you_own":  # "target spell you own" (CR 108.3)
                qualities = add_quality(qualities, OWNED_BY_YOU, "you own")
            elif isinstance(child, Tree) and child.data in (
                "same_controller",
                "same_opponent",
                "different_controllers",
                "that_player_controls",
            ):
                self.unsupported.append(self._restriction(tokens[0]))
                return
        self._add(
            TargetSpec(
                phrase,
                frozenset({TargetKind.SPELL}),
                controller,
                count=count,
                minimum=minimum,
                spells=spell_filter,
                qualities=qualities,
            ),
            self._is_other(tokens[0]),
        )

    def _permanent_target(self, tree: Tree[Token], tokens: list[Token], phrase: str) -> None:
        """Read "target creature you control", "two target artifacts", "another target nonblack creature" (CR 115.1).

        Also "target creature or player" (older wording), read as written: creatures and players, not
        planeswalkers or battles (unlike "any target", CR 115.4).
        """
        parts = _PhraseParts()
        for child in tree.children:
            read = self._phrase_token(child, parts) if isinstance(child, Token) else self._phrase_part(child, parts)
            if not read:
                if read is None:
                    self.unsupported.append(self._restriction(tokens[0]))
                return
        if parts.relation is not None and not self._relates(tokens[0], parts.count):
            return
        controlled_by = None
        if parts.that_player:
            found = self._that_player(
                tokens[0], parts.count, parts.minimum, bool(parts.relation or parts.same_controller or parts.divided)
            )
            if found is None:
                return
            if isinstance(found, int):
                controlled_by = found
            else:  # one target for each opponent or player, each of its own: at most one per controller
                parts.controller, parts.count, parts.minimum = found, ANY_NUMBER, 0
                parts.relation = TargetRelation.DIFFERENT_CONTROLLERS
        self._add(
            TargetSpec(
                phrase,
                frozenset(parts.kinds),
                parts.controller,
                parts.count,
                parts.minimum,
                same_controller=parts.same_controller,
                qualities=parts.qualities,
                divided=parts.divided,
                divided_what=parts.divided_what,
                relation=parts.relation,
                divided_x=parts.divided_x,
                controlled_by=controlled_by,
            ),
            parts.another,
            third=parts.third,
        )

    def _phrase_token(self, child: Token, parts: _PhraseParts) -> bool:
        """Read a token of a target phrase into ``parts``: its count, "another", its kind; False: not read."""
        if child.type == "ANOTHER_TARGET":
            parts.another = True
        elif child.type == "THIRD_TARGET":
            parts.another = parts.third = True
        elif child.type == "DIVIDED_AMONG_KIND":
            parts.count, parts.minimum, parts.divided, parts.divided_what, parts.divided_x = _division(str(child))
            return self._division_is_read(child, parts.divided_x)
        elif child.type == "COUNTED_TARGET":
            parts.count, parts.minimum = self._count(child)[:2]
            parts.another = parts.another or self._is_other(child)
        elif child.type in ("QUALIFIED_KIND", "QUALIFIED_KINDS"):
            kinds_found, parts.qualities = (
                qualified_kind(str(child)) if child.type == "QUALIFIED_KIND" else qualified_kinds(str(child))
            )
            parts.kinds |= kinds_found
        return True

    def _phrase_part(self, child: Tree[Token], parts: _PhraseParts) -> bool | None:
        """Read a part of a target phrase into ``parts``: kinds, controller, qualities, relation.

        Returns False when the phrase is not read (reported where found), None when it is a restriction not read
        (to report), else True.
        """
        if child.data == "kind_or_qualified":
            plain, qualified = [t for t in child.children if isinstance(t, Token) and t.type != "OR"]
            plain_kind = TargetKind(str(plain).removesuffix("s"))
            found_kinds, found = qualified_kind(str(qualified))
            if plain_kind not in PERMANENT_KIND_TYPES:
                return None
            parts.kinds |= {plain_kind} | found_kinds
            # "land or nonblack creature": a land, or else what the qualities say (each clause gains "a land")
            either = Quality("type", PERMANENT_KIND_TYPES[plain_kind])
            parts.qualities = ObjectFilter(
                tuple(clause | {either} for clause in found.clauses), f"{plain} or {found.text}"
            )
        elif child.data == "with_quality":
            text = str(child.children[0])
            clause = with_clause(text)
            scoped = last_kind_quality(parts.kind_list, clause)
            parts.qualities = add_quality(parts.qualities, clause if scoped is None else scoped, text)
        elif child.data == "kinds":
            parts.kind_list = str(child.children[0]) if len(child.children) == 1 else None
            for part in child.children:
                for word in re.findall(r"[a-z]+", str(part)):
                    if word not in ("or", "and"):
                        parts.kinds.add(TargetKind(word.removesuffix("s")))
        elif child.data == "filter":
            return None
        elif (read := _PHRASE_PARTS.get(child.data)) is not None:
            read(child, parts)
        return True

    def _their_graveyard(self, token: Token) -> int | None:
        """Whose graveyard "their graveyard" is in "Target player shuffles … target cards from their graveyard".

        The sentence begins with one target player or opponent, the subject "their" names (CR 115.1): the cards
        are in that player's graveyard, a rule over the two instances (CR 601.2c). Returns the index of that
        instance in the text; anything else ("their" naming no target of the sentence) is reported and None
        returned.
        """
        start = token.start_pos or 0
        sentence = self.line[:start].rsplit(". ", 1)[-1]
        subject = re.fullmatch(r"(?:• )?(target (?:player|opponent)) [a-z]+ ", sentence)  # a mode's bullet
        earlier = self.targets[-1] if self.targets else None
        # the last target read is the sentence's subject: it ends where "target player" ends
        is_subject = subject is not None and self.read_up_to == start - len(sentence) + subject.end(1)
        if (
            earlier is not None
            and is_subject
            and earlier.kinds <= {TargetKind.PLAYER, TargetKind.OPPONENT}
            and earlier.count == earlier.minimum == 1
            and not earlier.x_count
            and earlier.condition == self.kicked_only
        ):
            return len(self.targets) - 1
        self.unsupported.append(
            UnsupportedText(
                self._span(token), "target restriction not modelled: 'their graveyard' names no earlier target player"
            )
        )
        return None

    def _that_player(self, token: Token, count: int, minimum: int, related: bool) -> int | ControllerFilter | None:
        """Who "that player" is in "… target creature that player controls" (CR 115.1, 601.2c); None: reported.

        - After "For each opponent," / "For each player," with "up to one target", or after "For any number of
          opponents," with "target": one target for each of those players, controlled by them. Taken together,
          the targets are any set of objects those players control, no two with one controller: the
          ControllerFilter of the players is returned (OPPONENT or ANY).
        - Else the one target of the instance just before, in the same text, when it is a player or an opponent
          ("Choose target opponent. Destroy target land that player controls."; "target player or planeswalker
          … target creature that player or that planeswalker's controller controls") or a permanent an opponent
          controls ("Target creature an opponent controls deals damage … to another target creature that
          player controls"), and no other player is named between the two: that instance's index.

        Anything else ("For each opponent, … target permanent that player controls", one target each whatever
        the opponent controls; "that player" being the opponent whose turn it is, or the one who chose a mode)
        is reported.
        """
        start = token.start_pos
        sentence = self.line[:start].rsplit(". ", 1)[-1]
        each = re.match(r"for (each opponent|each player|any number of opponents), ", sentence)
        reason = "'that player' names no earlier target of the text"
        if each and not related:
            players = each.group(1)
            if (count, minimum) == ((1, 0) if players.startswith("each") else (1, 1)):
                return ControllerFilter.ANY if players == "each player" else ControllerFilter.OPPONENT
            reason = f"one target for {players}, each chosen whatever that player controls, is not modelled"
        elif self.targets and not related:
            earlier = self.targets[-1]
            between = self.line[self.read_up_to : start]
            # "… that player or that planeswalker's controller controls", after "target player or planeswalker"
            or_planeswalker = re.match(
                r"[^.]*?that player or that planeswalker's controller controls", self.line[start:]
            )
            players = {TargetKind.PLAYER, TargetKind.OPPONENT} | (
                {TargetKind.PLANESWALKER} if or_planeswalker else set()
            )
            is_player = earlier.kinds <= players and (not or_planeswalker or TargetKind.PLANESWALKER in earlier.kinds)
            opponents = earlier.controller is ControllerFilter.OPPONENT and not earlier.kinds & {
                TargetKind.PLAYER,
                TargetKind.OPPONENT,
                TargetKind.SPELL,
                TargetKind.GRAVEYARD_CARD,
            }
            if (
                (is_player or opponents)
                and earlier.count == earlier.minimum == 1
                and not earlier.x_count
                and earlier.condition == self.kicked_only
                and not each
                and not re.search(r"\b(players?|opponents?|you|they|their|its controller)\b", between)
            ):
                return len(self.targets) - 1
        self.unsupported.append(UnsupportedText(self._span(token), f"target restriction not modelled: {reason}"))
        return None

    def _division_is_read(self, token: Token, is_x: bool) -> bool:
        """Whether a division is all the line says of its amount; if not, report the line's rest (CR 601.2d).

        "… where X is the number of Mountains you control" defines X by the text (CR 107.3c), so X is not
        the value announced; "If this spell was kicked, prevent the next 6 damage this way instead" changes
        the amount. Both are reported, never read as the division before them.
        """
        rest = self.line[token.start_pos :]
        # the sentence that ends the division: what follows it is other text, read as such
        counted = re.search(r"\bwhere x is the number of (?P<what>[a-z ]+?)(?: as you cast this spell)?\.(?= |$)", rest)
        if is_x and counted is not None and not re.search(r"\bthis way instead\b", rest):
            # "X damage divided …, where X is the number of Mountains you control as you cast this spell": X is
            # that count, as the spell is cast (CR 107.3c, 601.2d)
            singular = re.sub(
                r"\b(mountain|creature|artifact|land|permanent|card|island|swamp|forest|enchantment|"
                r"planeswalker)s\b",
                r"\1",
                counted["what"],
            )
            self.counted_x = read_counted(singular)
            if self.counted_x is not None:
                return True
        greatest = re.search(
            r"\bwhere x is the greatest power among creatures you control(?: as you cast this spell)?\.(?= |$)", rest
        )
        if is_x and greatest is not None:
            # "…, where X is the greatest power among creatures you control as you cast this spell" (CR 107.3c, 208.1)
            self.counted_x = Count(quantity="greatest power", text="the greatest power among creatures you control")
            return True
        if (is_x and re.search(r"\bx is\b", rest)) or re.search(r"\bthis way instead\b", rest):
            self.unsupported.append(UnsupportedText(rest, "a divided amount the text defines or changes"))
            return False
        return True

    def _spell_or_other(self, tree: Tree[Token]) -> None:
        """Read "target spell or permanent", "target spell or creature" and lists of spells and abilities.

        "target instant spell, sorcery spell, activated ability, or triggered
        ability" (CR 115.1, 115.2).

        Abilities on the stack are not objects a game state holds (CR 113.7a): of such a list only the
        spells can be chosen. A list naming anything else is reported.
        """
        tokens = tree_tokens(tree)
        phrase = self.line[tokens[0].start_pos : tokens[-1].end_pos]
        parts = _spell_or_other_parts(tree)
        if parts is None:
            self.unsupported.append(self._restriction(tokens[0]))
            return
        controller, qualities = parts
        found = _spell_or_other_kinds(tree.data, tokens, qualities)
        if isinstance(found, str):
            self.unsupported.append(UnsupportedText(phrase, found))
            return
        kinds, spells, qualities = found
        count, minimum = self._count(tokens[0])[:2]
        if (
            qualities is not None
            and kinds != {TargetKind.SPELL}
            and any(q.attribute in ("targeting", "cast from") for clause in qualities.clauses for q in clause)
        ):
            self.unsupported.append(UnsupportedText(phrase, "target restriction not modelled"))
            return
        self._add(
            TargetSpec(phrase, frozenset(kinds), controller, count, minimum, spells=spells, qualities=qualities),
            self._is_other(tokens[0]),
        )

    @staticmethod
    def _count(token: Token) -> tuple[int, int, str | None]:
        """(count, minimum, X) of "two target", "up to three target", "one or more target" (CR 115.6, 601.2c).

        (1, 1, None) for a bare "target". X is ``"exactly"`` for "X target", ``"up to"`` for "up to X target",
        else None; the count is then bounded by X, not by the number returned.
        """
        if token.type not in ("COUNTED_TARGET", "COUNTED_TARGETS"):
            return 1, 1, None
        text = str(token).removeprefix("each of ")
        if text.startswith("any number"):
            return ANY_NUMBER, 0, None  # any number, none included (CR 115.6)
        if text.startswith("one or more"):
            return ANY_NUMBER, 1, None
        if text.startswith(("x ", "up to x ")):
            return ANY_NUMBER, 0, "up to" if text.startswith("up to") else "exactly"
        words = text.replace(",", " ").split()
        numbers = [int(w) if w.isdigit() else NUMBER_WORDS[w] for w in words if w.isdigit() or w in NUMBER_WORDS]
        # "two target", "one or two target" (1 to 2), "up to three target" (0 to 3), CR 115.6
        return numbers[-1], 0 if words[0] == "up" else numbers[0], None

    def _relates(self, token: Token, count: int) -> bool:
        """Whether a relation among the targets of one instance is read for this count; reports it when not.

        "Two target creatures controlled by different players" and "any number of target creatures controlled by
        different players" relate the objects of one set (CR 115.1, 601.2c); with one target, or a count that X
        sets, the words mean something else or are not read.
        """
        if count >= 2 and self._count(token)[2] is None:
            return True
        self.unsupported.append(UnsupportedText(self._span(token), "target restriction not modelled"))
        return False

    @staticmethod
    def _count_x(phrase: str) -> str | None:
        """How X bounds the count of a target phrase: "X target" exactly, "up to X target" at most, else None."""
        found = re.match(r"(?:each of )?(up to )?x (?:other )?targets?\b", phrase.lower())
        return None if found is None else "up to" if found.group(1) else "exactly"

    @staticmethod
    def _is_other(token: Token) -> bool:
        """Whether the phrase says "another" or "other": different from the targets before it (CR 115.3)."""
        return token.type == "ANOTHER_TARGET" or (
            token.type in ("COUNTED_TARGET", "COUNTED_TARGETS") and " other target" in str(token)
        )

    def _kicked_count(self, spec: TargetSpec, another: bool, rest: str, end: int) -> TargetSpec | None:
        """ "another target … for each time this spell was kicked": the instance, sized by the kicks, or None.

        Read only as "another target [kind] for each time this spell was kicked" ending its sentence, after
        an earlier target, with no condition other than "if this spell was kicked": one instance of the word
        "target" choosing exactly as many targets as the times the spell was kicked (CR 601.2c, 702.33c-d),
        part of the spell only when kicked (CR 702.33g). Anything else is reported with its span, never
        guessed: "for each time …" after another phrase, or followed by more words in its sentence.

        Parameters
        ----------
        spec : TargetSpec
            The phrase read ("another target creature" reads as "target creature" and ``another``).
        another : bool
            The phrase says "another".
        rest : str
            The lowercased line after the phrase.
        end : int
            Where "… was kicked" ends in ``rest``.
        """
        after = rest[end:]
        if (
            not another
            or spec.count != 1
            or spec.minimum != 1
            or not re.match(r"\.(?: |$)|$", after)
            or self.kicked_only not in ((), KICKED)
            or self._count_x(spec.phrase) is not None
        ):
            sentence = rest[:end] + after.split(".", 1)[0]
            self.unsupported.append(
                UnsupportedText(
                    spec.phrase + sentence, "a target for each time this spell was kicked, in words not read"
                )
            )
            return None
        return dataclasses.replace(
            spec, phrase=spec.phrase + rest[:end], count=ANY_NUMBER, minimum=1, kicked_count=True, condition=KICKED
        )

    def _add(self, spec: TargetSpec, another: bool, third: bool = False) -> None:
        """Add one instance of "target", read where it is in the line and with what the text around it says."""
        placed = self._placed(spec, another)
        if placed is None:
            return
        spec = placed
        x = self._count_x(spec.phrase)
        if x is not None:
            spec = dataclasses.replace(spec, x_count=True, x_up_to=x == "up to")
        if self.kicked_only:
            spec = dataclasses.replace(spec, condition=self.kicked_only)
        if another and not self.targets:
            self.unsupported.append(UnsupportedText(spec.phrase, "'another target' with no earlier target in its text"))
            return
        distinct = self._distinct(spec, another, third)
        if distinct is not None:
            self.targets.append(distinct)

    def _placed(self, spec: TargetSpec, another: bool) -> TargetSpec | None:
        """The instance as the words after it make it: a list of kinds, the kicks counted; None when reported."""
        if spec.divided_x and self.counted_x is not None:  # X is a count the state gives (CR 107.3c)
            spec = dataclasses.replace(spec, divided_count=self.counted_x)
            self.counted_x = None
        start = self.line.find(spec.phrase.lower(), self.read_up_to)
        rest = self.line[start + len(spec.phrase) :] if start >= 0 else ""
        if start >= 0:
            self.read_up_to = start + len(spec.phrase)  # the next phrase is after this one
        if start >= 0 and re.search(r"\b(twice|three times|half)( up to)? $", self.line[:start]):
            # "Exile up to twice X target cards from graveyards": a count that is a multiple of X (CR 115.6)
            self.unsupported.append(
                UnsupportedText(
                    self.line[:start].rsplit(" ", 2)[-2] + " " + spec.phrase,
                    "a number of targets that is a multiple of X is not modelled",
                )
            )
            return None
        if _CONTINUED_KINDS.match(rest):
            listed = _listed_permanents(spec, rest)
            if listed is None:
                # "two target artifacts, creatures, and/or lands", "target enchantment, instant, or sorcery
                # spell": a list the phrase did not take in (CR 115.1)
                self.unsupported.append(
                    UnsupportedText(spec.phrase + rest, "target phrase continues with kinds not read")
                )
                return None
            spec = listed  # "target creature, Vehicle, or nonbasic land": one target, any item of the list
            self.read_up_to = start + len(spec.phrase)
        if re.match(r" the [a-z' ]+ controls?\b", rest):
            # "target creature the opponent to your left controls": whose it is, not read (CR 115.1)
            self.unsupported.append(UnsupportedText(spec.phrase + rest, "target restriction not modelled"))
            return None
        if _quality_scope_unread(spec):
            self.unsupported.append(
                UnsupportedText(spec.phrase, "a quality after a list of kinds: its scope is not read")
            )
            return None
        kicks = re.match(r" for each time (?:it|~|this spell) was kicked\b", rest)
        if kicks is not None:
            # "choose another target creature for each time this spell was kicked": one instance of the word
            # choosing as many targets as kicks paid (CR 601.2c, 702.33c-d), each different from the earlier
            # instance's (CR 115.4); with no kick it is no part of the spell (CR 702.33g)
            read = self._kicked_count(spec, another, rest, kicks.end())
            if read is None:
                return None
            spec = read
            self.read_up_to = start + len(spec.phrase)
        return spec

    def _distinct(self, spec: TargetSpec, another: bool, third: bool) -> TargetSpec | None:
        """The instance with the earlier instances it must differ from ("another", "a third"); None when reported."""
        if third:
            # "a third target": after "target …" and "another target …", different from both (CR 115.4)
            if len(self.targets) < 2 or self.targets[-1].distinct_from != len(self.targets) - 2:
                self.unsupported.append(
                    UnsupportedText(spec.phrase, "'a third target' without a target and another target before it")
                )
                return None
            return dataclasses.replace(
                spec, distinct_from=len(self.targets) - 1, also_distinct_from=len(self.targets) - 2
            )
        if another:
            # "other" / "another": different from every earlier instance of this text that could name the same
            # object, not the one just before alone ("target creature …, up to one other target creature …, and up
            # to one other target creature …", CR 115.3); none such: the one before, which it can't be anyway
            same = [index for index, earlier in enumerate(self.targets) if _may_name_the_same(earlier, spec)]
            if len(same) > 2:
                self.unsupported.append(
                    UnsupportedText(
                        spec.phrase,
                        "'other target' after more than two earlier targets that could name the same object",
                    )
                )
                return None
            return dataclasses.replace(
                spec,
                distinct_from=same[-1] if same else len(self.targets) - 1,
                also_distinct_from=same[0] if len(same) == 2 else None,
            )
        return spec


_CHILD_READERS = {
    "divided_target": "_divided_target",
    "evenly_divided_target": "_evenly_divided_target",
    "spell_or_other": "_spell_or_other",
    "spell_list": "_spell_or_other",
    "target_phrase": "_target",
    "any_target": "_target",
    "any_other_target": "_target",
    "spell_target": "_target",
    "graveyard_target": "_target",
    "another_any_target": "_target",
    "third_any_target": "_target",
    "divided_kind_target": "_target",
    "counted_any_target": "_target",
    "keyword_action_target": "_keyword_action_target",
    "step_timing": "_step_timing",
    "unsupported_phrase": "_unsupported_phrase",
}
"""The method of :class:`SpellTextReader` that reads each item of an effect's tree, by the grammar's rule."""


def _quality_scope_unread(spec: TargetSpec) -> bool:
    """Whether a keyword quality follows a list of kinds of permanents it may qualify all or one of (CR 115.1).

    "target artifacts, enchantments, or creatures with flying": which kinds "with flying" qualifies is not read,
    so the phrase is reported rather than read either way. After "…, or creature" the clause names the other
    kinds (:func:`last_kind_quality`) and is read.
    """
    return len(spec.kinds & PERMANENT_KIND_TYPES.keys()) > 1 and any(
        q.attribute == "keyword" and not any(other.attribute == "type" for other in clause)
        for clause in (spec.qualities.clauses if spec.qualities else ())
        for q in clause
    )


def _spell_or_other_parts(tree: Tree[Token]) -> tuple[ControllerFilter, ObjectFilter | None] | None:
    """The controller and qualities of "target spell or permanent …"; None for a restriction not read (CR 115.1).

    "target spell or permanent that's red or green", "… with mana value 1 or greater": of both kinds (CR 105.2,
    202.3).
    """
    controller = ControllerFilter.ANY
    qualities = None
    for child in tree.children:
        if not isinstance(child, Tree):
            continue
        if child.data == "you_control":
            controller = ControllerFilter.YOU
        elif child.data == "opponent_controls":
            controller = ControllerFilter.OPPONENT
        elif child.data == "spell_targeting":
            text = str(child.children[0])
            qualities = add_quality(qualities, targeting_quality(text), text)
        elif child.data == "with_quality" and re.match(
            r"that's |with mana value \d+ or (less|greater)$", str(child.children[0])
        ):
            text = str(child.children[0])
            qualities = add_quality(qualities, with_clause(text), text)
        else:
            return None
    return controller, qualities


def _spell_or_other_kinds(
    data: str, tokens: list[Token], qualities: ObjectFilter | None
) -> tuple[set[TargetKind], SpellFilter, ObjectFilter | None] | str:
    """The kinds and spells "target spell or creature" or a list of spells and abilities names, or why not read.

    "target spell or nonland permanent": no spell is a land (CR 305.9: a land is played, never cast), so
    "nonland" holds of every spell and the phrase is spells or nonland permanents.
    """
    kinds = {TargetKind.SPELL}
    spell_types: set[str] = set()
    words = str(tokens[1])
    if data == "spell_or_other":
        spell_types.add(" ".join(words.split()[:-1]))
        other = str(tokens[3])
        if tokens[3].type == "QUALIFIED_KIND":
            other_kinds, other_qualities = qualified_kind(other)
            if other_qualities.clauses != (frozenset({Quality("type", CardType.LAND, negated=True)}),):
                return "target restriction not modelled"
            kinds |= other_kinds
            qualities = add_quality(qualities, other_qualities.clauses[0], other_qualities.text)
        elif not other.startswith(("ability", "activated", "triggered")):
            kinds.add(TargetKind(other.removesuffix("s")))
    else:
        for item in re.split(r",? (?:or|and/or) |, ", words):
            if re.fullmatch(r"(activated |triggered )?abilit(y|ies)", item):
                continue
            found = re.fullmatch(
                r"(noncreature |nonartifact |creature |instant |sorcery |artifact |enchantment )?"
                r"spells?",
                item,
            )
            if found is None:
                return f"target {item!r} not modelled"
            spell_types.add((found.group(1) or "").strip())
    if "" in spell_types:
        return kinds, SpellFilter.ANY, qualities
    if spell_types == {"instant", "sorcery"}:
        return kinds, SpellFilter.INSTANT_OR_SORCERY, qualities
    if len(spell_types) == 1:
        return kinds, SpellFilter(f"{spell_types.pop()} spell"), qualities
    return "target restriction not modelled"


def _has_filter(tree: Tree[Token]) -> bool:
    """Whether a target phrase ends with a restriction the grammar marks as not modelled (CR 115.1)."""
    return any(isinstance(c, Tree) and c.data == "filter" for c in tree.children)


@dataclasses.dataclass(slots=True)
class _PhraseParts:
    """What the parts of one target phrase of permanents or players say, as they are read (CR 115.1)."""

    count: int = 1
    minimum: int = 1
    kinds: set[TargetKind] = dataclasses.field(default_factory=set)
    controller: ControllerFilter = ControllerFilter.ANY
    another: bool = False
    third: bool = False
    same_controller: bool = False
    relation: TargetRelation | None = None
    qualities: ObjectFilter | None = None
    that_player: bool = False
    kind_list: str | None = None  # "artifact, enchantment, or creature": a KIND_LIST, as printed
    divided: int = 0
    divided_what: str = "damage"
    divided_x: bool = False


def _set_part(**values: object) -> Callable[[Tree[Token], _PhraseParts], None]:
    """A reader of a phrase part that sets ``values`` in the parts."""

    def read(child: Tree[Token], parts: _PhraseParts) -> None:
        for name, value in values.items():
            setattr(parts, name, value)

    return read


def _add_part_quality(text: str, quality: Quality) -> Callable[[Tree[Token], _PhraseParts], None]:
    """A reader of a phrase part that adds one quality: "you own" (CR 108.3), "token" (CR 111.1)."""

    def read(child: Tree[Token], parts: _PhraseParts) -> None:
        parts.qualities = add_quality(parts.qualities, quality, text)

    return read


def _relation_part(child: Tree[Token], parts: _PhraseParts) -> None:
    """ "that share a creature type": how the objects of one instance stand to each other (CR 115.1, 205.3m)."""
    parts.relation = TargetRelation(str(child.children[0]).removeprefix("that "))  # or "with equal toughness"


_PHRASE_PARTS: dict[str, Callable[[Tree[Token], _PhraseParts], None]] = {
    "you_control": _set_part(controller=ControllerFilter.YOU),
    "you_own": _add_part_quality("you own", OWNED_BY_YOU),  # "target permanent you own" (CR 108.3)
    "opponent_controls": _set_part(controller=ControllerFilter.OPPONENT),
    "same_controller": _set_part(same_controller=True),
    "token": _add_part_quality("token", STATUS_WORDS["token"]),  # "target creature token" (CR 111.1)
    # "controlled by the same opponent": an opponent's, all one's
    "same_opponent": _set_part(controller=ControllerFilter.OPPONENT, same_controller=True),
    "different_controllers": _set_part(relation=TargetRelation.DIFFERENT_CONTROLLERS),
    "that_player_controls": _set_part(that_player=True),
    "relation": _relation_part,
}
"""Readers of the other parts of a target phrase, by the grammar's rule."""


def _graveyard_card_words(
    text: str, qualities: ObjectFilter | None
) -> tuple[str, ObjectFilter | None, TargetRelation | None, tuple[str, int] | None]:
    """The words of a graveyard card phrase with its relation, total and "with …" quality read and taken out.

    "card that's an instant or sorcery" (CR 205.2a), "that share a creature type" (CR 205.3m), "with total mana
    value 3 or less" (CR 601.2c), "with mana value 3 or less" (CR 202.3, 208), "graveyards" (any, CR 115.2).
    """
    counted = re.search(
        r" (with mana value less than or equal to the number of (?:permanent )?cards in your graveyard)$", text
    )
    if counted:  # "… card in your graveyard with mana value less than or equal to the number of …" (CR 601.2c)
        text = text[: counted.start()]
        qualities = add_quality(qualities, with_clause(counted.group(1)), counted.group(1))
    # "target creature card and all other cards with the same name as that card from your graveyard": the one
    # target is the creature card; the others are not targeted (CR 115.1)
    text = text.replace(" and all other cards with the same name as that card", "")
    that_is = re.fullmatch(r"(cards?) that's an? ([a-z]+(?: or [a-z]+)?)( .*)", text)
    if that_is:  # "target card that's an instant or sorcery from your graveyard" (CR 205.2a)
        text = f"{that_is.group(2)} {that_is.group(1)}{that_is.group(3)}"
    relation = None
    shared = re.search(
        r" that share (a creature type|no creature types|a card type)| with different (names|mana values)", text
    )
    if shared:  # "two target creature cards that share a creature type from your graveyard" (CR 205.3m)
        # "… with different names", "… with different mana values" (CR 201.2b, 202.3)
        text = text.replace(shared.group(), "")
        relation = TargetRelation(shared.group().strip().removeprefix("that "))
    total = re.search(r" with total (mana value|power) (\d+) or less", text)
    total_at_most = None
    if total:  # "up to three target creature cards with total mana value 3 or less" (CR 601.2c)
        text = text.replace(total.group(), "")
        total_at_most = (total.group(1), int(total.group(2)))
    with_part = re.search(
        r" (?:each )?with (mana value (\d+|x)( or (less|greater))?|power (\d+|x) or (less|greater)"
        r"|cycling)",
        text,
    )
    if with_part:  # "creature card with mana value 3 or less from your graveyard" (CR 202.3, 208)
        # "one or two target creature cards each with mana value 3 or less": each card so (CR 115.1)
        text = text.replace(with_part.group(), "")
        with_text = with_part.group().strip().removeprefix("each ")
        qualities = add_quality(qualities, read_with_quality(with_text), with_text)
    if text.endswith(" graveyards"):  # "from graveyards", "in graveyards": any graveyard (CR 115.2)
        text = text.removesuffix("graveyards") + "a graveyard"
    return text, qualities, relation, total_at_most


def _graveyard_card_kinds(
    qualified: bool, before_card: str, qualities: ObjectFilter | None
) -> tuple[list[str], ObjectFilter | None]:
    """The card types a graveyard card phrase names ("creature or planeswalker"), and its qualities.

    A QUALIFIED_CARD ("monocolored instant or sorcery card") has adjectives before its card type; a list of
    card types with a Vehicle, Spacecraft or Mount names one clause of types and subtypes (CR 205.3g, 205.3m);
    "permanent card" is a card of any permanent type (CR 110.4).
    """
    if qualified:
        words = before_card.split(" ")
        if (
            words[-1]
            in ("creature", "artifact", "enchantment", "land", "instant", "sorcery", "planeswalker", "permanent")
            and len(words) > 1
            and words[-2] != "or"
        ):
            before_card, kind_words = " ".join(words[:-1]), [words[-1]]
        else:
            kind_words = []
        if before_card == "permanent" or kind_words == ["permanent"]:
            kind_words = [t.value for t in PERMANENT_TYPES]
            before_card = "" if before_card == "permanent" else before_card
        if before_card:
            adjectives = object_filter(before_card)
            qualities = (
                adjectives
                if qualities is None
                else ObjectFilter(adjectives.clauses + qualities.clauses, f"{adjectives.text} … {qualities.text}")
            )
        return kind_words, qualities
    # "creature or planeswalker", "artifact, enchantment, or planeswalker", "creature and/or …"
    kind_words = [w for w in re.split(r",? (?:or|and/or) |, ", before_card) if w] if before_card else []
    if len(kind_words) == 2 and kind_words[1] == "non-aura enchantment":
        # "artifact or non-Aura enchantment card": an artifact card, or an enchantment card that is no Aura (CR
        # 205.3h); with the card types, one clause: an artifact, or not an Aura
        either = frozenset(
            {Quality("type", CardType(kind_words[0].capitalize())), Quality("subtype", "Aura", negated=True)}
        )
        qualities = add_quality(qualities, either, before_card)
        kind_words = [kind_words[0], "enchantment"]
    if kind_words == ["permanent"]:  # "target permanent card" (CR 110.4)
        kind_words = [t.value for t in PERMANENT_TYPES]
    if set(kind_words) & CARD_SUBTYPE_WORDS:
        # "target creature or Vehicle card": a card with one of the types or the subtype (CR 205.3g,
        # 205.3m), one clause of qualities in place of the card types
        type_or_subtype = frozenset(
            Quality("subtype", SUBTYPE_BY_WORD[w])
            if w in CARD_SUBTYPE_WORDS
            else Quality("type", CardType(w.capitalize()))
            for w in kind_words
        )
        qualities = add_quality(qualities, type_or_subtype, before_card)
        kind_words = []
    return kind_words, qualities


_SAME_OBJECT_KINDS = (
    frozenset(PERMANENT_KIND_TYPES) | {TargetKind.PERMANENT},  # an artifact creature is both (CR 110.4)
    frozenset({TargetKind.PLAYER, TargetKind.OPPONENT}),
    frozenset({TargetKind.SPELL}),
    frozenset({TargetKind.GRAVEYARD_CARD}),
)
"""Kinds of target whose instances may name one object: permanents of any kind, players, spells, cards in a
graveyard (CR 115.1)."""


def _may_name_the_same(earlier: TargetSpec, later: TargetSpec) -> bool:
    """Whether two instances of "target" in one text could be given the same object or player (CR 115.3)."""
    return any(earlier.kinds & kinds and later.kinds & kinds for kinds in _SAME_OBJECT_KINDS)


PLAIN_TARGET = TargetSpec("", frozenset())


_LIST_OF_ITEMS = re.compile(r"[^,]+(?:, [^,]+)*,? or [^,]+")


def _listed_permanents(spec: TargetSpec, rest: str) -> TargetSpec | None:
    """One target that is any item of a list of permanents, each with its own qualities, or None (CR 115.1).

    "target artifact creature or black creature", "target creature, Vehicle, or nonbasic land", "target land
    creature or nonbasic land": the phrase read, then ", item" / ", or item" / "or item" to the end of the
    sentence. Each item is read as "target <item>" alone is: one kind of permanent (or a subtype: any
    permanent with it) with qualities, and nothing else (no controller, count or other restriction). The
    target is a permanent that is one of the items: the kinds are those of all items, and the qualities are
    the disjunction of the items' (each item's kind a quality of it), written as every clause taking one
    clause of each item (the qualities hold when every clause does, :class:`~models.abilities.ObjectFilter`).

    Parameters
    ----------
    spec : TargetSpec
        The phrase read, up to the list: its first item, or the words of it the grammar took ("target
        artifact" of "target artifact creature or …"); the list is read again from its start.
    rest : str
        The lowercased line after the phrase.

    Returns
    -------
    TargetSpec or None
        The target, its phrase running to the list's end; None when the list has another shape, an item is
        not read so, or the phrase read has more than a kind and qualities.
    """
    tail = rest.split(".", 1)[0]
    whole = (spec.phrase + tail).lower()
    if (
        not whole.startswith("target ")
        or not _LIST_OF_ITEMS.fullmatch(whole.removeprefix("target "))
        or whole.count(" or ") != 1
        or " and/or " in whole
    ):
        return None
    items = [phrase_spec("target " + item) for item in re.split(r", or |, | or ", whole.removeprefix("target "))]
    disjuncts: list[list[frozenset[Quality]]] = []
    for item in items:
        if (
            item is None
            or len(item.kinds) != 1
            or not item.kinds <= PERMANENT_KIND_TYPES.keys() | {TargetKind.PERMANENT}
        ):
            return None
        if dataclasses.replace(item, phrase="", kinds=frozenset(), qualities=None) != PLAIN_TARGET:
            return None
        (kind,) = item.kinds
        clauses = list(item.qualities.clauses) if item.qualities is not None else []
        if kind in PERMANENT_KIND_TYPES:
            clauses.append(frozenset({Quality("type", PERMANENT_KIND_TYPES[kind])}))
        if not clauses:  # "or permanent": any permanent is one
            return dataclasses.replace(
                spec, phrase=spec.phrase + tail, kinds=frozenset({TargetKind.PERMANENT}), qualities=None
            )
        disjuncts.append(clauses)
    combined = tuple(dict.fromkeys(frozenset().union(*chosen) for chosen in itertools.product(*disjuncts)))
    kinds = frozenset(kind for item in items if item is not None for kind in item.kinds)
    return dataclasses.replace(
        spec,
        phrase=spec.phrase + tail,
        kinds=kinds,
        qualities=ObjectFilter(combined, (spec.phrase + tail).removeprefix("target ")),
    )


# After a target phrase: more kinds joined to it by a comma or "or" ("…, instant, or sorcery spell", "…, Vehicle,
# or nonbasic land", "… or a permanent you control"): a card type, a kind, "spell", a subtype or a colour, maybe
# negated, or a word before a kind.
_CONTINUED_KINDS = re.compile(
    r",? (?:and/or |or )?(?:non-?)?(?:"
    + alternatives([*KIND_WORDS, "player", "opponent", "spell", "instant", "sorcery", *COLOR_WORDS, *SUBTYPE_BY_WORD])
    + r")(?:e?s)?\b"
    r"|,? (?:and/or |or )?(?!target\b)(?:non)?[a-z]+ (?:creature|spell|permanent)s?\b"
    r"|(?:,|,? (?:and/or|or)) (?!target\b)(?:[a-z]+ )?cards?\b"
)


def _division(text: str) -> tuple[int, int, int, str, bool]:
    """(count, minimum, amount, what, X) of a divided or distributed amount (CR 601.2d).

    The text is "3 damage divided as you choose among one, two, or three target(s)",
    "distribute four +1/+1 counters among any number of target", "X damage divided as you choose among
    any number of targets" or "prevent the next 5 damage that would be dealt this turn to any number of
    targets, divided as you choose". Each target gets at least one, so at most ``amount`` targets are
    chosen, and at least one. Where the amount is X (the last value True), the amount returned is 0 and
    the count is bounded by X, announced before targets (CR 107.3a, 601.2b), not by the number returned.
    """
    prevention = re.fullmatch(
        r"prevent the next (\d+) damage that would be dealt this turn to (.*) targets, "
        r"divided as you choose",
        text,
    )
    if prevention is not None:
        head, among, what = prevention.group(1) + " damage", prevention.group(2), "damage to prevent"
    else:
        head, among = text.split(" among ")
        among = among.removesuffix(" targets").removesuffix(" target")
        what = head.split()[2] + " counters" if head.startswith("distribute") else "damage"
    words = head.split()
    number = words[1] if words[0] == "distribute" else words[0]
    is_x = number == "x"
    amount = 0 if is_x else NUMBER_WORDS.get(number) or int(number)
    most = {
        "one or two": 2,
        "one, two, or three": 3,
        "any number of": ANY_NUMBER if is_x else amount,
        "up to two": 2,
        "up to three": 3,
        "up to four": 4,
    }[among]
    return (most if is_x else min(most, amount)), 1, amount, what, is_x
