"""How much of a card pool the grammar reads: the figures of ``legalcasts coverage``."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from models.cards import SkippedRecord
from models.objects import Card, CardType
from models.oracle.parser import parse_card
from models.oracle.statics import sample_choices, with_choices
from models.oracle.unread import may_change_characteristics

__all__ = ["CHARACTERISTICS_UNREAD", "Coverage", "REFUSED", "oracle_coverage"]


@dataclass(frozen=True, slots=True)
class Coverage:
    """Oracle coverage of a card pool.

    Parameters
    ----------
    spells : int
        Instants and sorceries in the pool.
    modelled : int
        Of those, the ones whose casting-relevant text is fully read: the text bearing on casting them from any
        zone (a flashback cost not read leaves the card unsupported, though it is cast from the hand as usual).
    blocking : tuple of (str, int)
        Reasons text was not read, with how many spells each blocks, most first.
    examples : dict of str to str
        One card per reason.
    others : int
        The other cards (permanents and lands) in the pool.
    others_modelled : int
        Of those, the ones whose text bearing on casting spells (their own
        cast, from any zone: Auras, costs, "You may cast this card from your
        graveyard"; and others': cost changes, protection, hexproof, mana
        abilities) is fully read; text naming what the permanent chose as it entered is read with a choice of
        the kind it asks, as a state gives it (``chosen``).
    others_blocking : tuple of (str, int)
        Reasons text of the other cards was not read, most first.
    others_examples : dict of str to str
        One of the other cards per reason.
    skipped : tuple of (str, int)
        Records of the source that are not cards that can be cast (planes, schemes, joke types, bad
        fields), grouped by reason, most first.
    skipped_examples : dict of str to str
        One record's place per skip reason.
    data_lacking : int
        Instants and sorceries unsupported only because the card data lacks the text of a face that may be cast
        (an Adventure, a split card's half, a modal double-faced card's face): a card file with every face reads
        them.
    others_data_lacking : int
        The same, of the other cards.
    """

    spells: int
    modelled: int
    blocking: tuple[tuple[str, int], ...]
    examples: dict[str, str]
    others: int = 0
    others_modelled: int = 0
    others_blocking: tuple[tuple[str, int], ...] = ()
    others_examples: dict[str, str] = field(default_factory=dict)
    skipped: tuple[tuple[str, int], ...] = ()
    skipped_examples: dict[str, str] = field(default_factory=dict)
    data_lacking: int = 0
    others_data_lacking: int = 0

    @property
    def unsupported(self) -> int:
        """Instants and sorceries with text that is not read."""
        return self.spells - self.modelled


DATA_LACKS = "the card data lacks the text of"
"""How the reason of a face the card data lacks begins (``models.oracle.parser``): a gap of the data, not of the
reader."""


def _reason_key(reason: str) -> str:
    # "casting construct not modelled: 'kicker'" and the like group by construct.
    return re.sub(r"\s+", " ", reason)


def _skip_key(reason: str) -> str:
    # "'Summon' in 'Summon — Specter' is not a card type or supertype": grouped by the word, not the line
    return re.sub(r" in '[^']*'| in \"[^\"]*\"", "", reason)


CHARACTERISTICS_UNREAD = "static ability that may change what permanents are (CR 613), not read"
"""The reason a permanent with an unread static line :func:`~models.oracle.unread.may_change_characteristics` is
counted not read."""

REFUSED = "read, but its cast is refused in a game with nothing else in it:"
"""How the reason of an instant or sorcery read fully whose cast problem is refused begins."""


def oracle_coverage(
    cards: Iterable[Card], skipped: Iterable[SkippedRecord] = (), refusal: Callable[[Card], str | None] | None = None
) -> Coverage:
    """Read every card of a pool and count what is modelled.

    Parameters
    ----------
    cards : iterable of Card
    skipped : iterable of SkippedRecord
        The source's records that are not cards (``CardDatabase.skipped``): counted by reason.
    refusal : callable or None
        For an instant or sorcery read fully, why casting it is refused anyway, or None
        (:func:`solver.build.refusal_in_an_empty_game`): a card refused is not counted modelled, its reason
        that refusal. None: the reading alone decides.

    Returns
    -------
    Coverage
    """
    spells = modelled = others = others_modelled = data_lacking = others_data_lacking = 0
    blocking: Counter[str] = Counter()
    others_blocking: Counter[str] = Counter()
    examples: dict[str, str] = {}
    others_examples: dict[str, str] = {}
    for card in cards:
        if not (card.has_type(CardType.INSTANT) or card.has_type(CardType.SORCERY)):
            others += 1
            # what the permanent chose as it entered is the state's (``chosen``): read with a choice (CR 607.2a)
            parsed = parse_card(with_choices(card, sample_choices(card)))
            # a land card is played, not cast (CR 305.9): its text about another zone ("Mayhem") is no cast
            casting = parsed.casting_unsupported if card.is_land else parsed.unsupported_casting_from_any_zone
            unread = {u.reason for u in parsed.permanent_unsupported + casting}
            if any(may_change_characteristics(line) for line in parsed.static_unread):
                unread.add(CHARACTERISTICS_UNREAD)  # refused where it is read, so never a guess: but not read
            if not unread:
                others_modelled += 1
            elif all(reason.startswith(DATA_LACKS) for reason in unread):
                others_data_lacking += 1
            for reason in sorted({_reason_key(r) for r in unread}):
                others_blocking[reason] += 1
                others_examples.setdefault(reason, card.name)
            continue
        spells += 1
        unsupported = parse_card(card).unsupported_casting_from_any_zone  # from the hand or from another zone
        if not unsupported:
            refused = refusal(card) if refusal is not None else None
            if refused is None:
                modelled += 1
            else:
                blocking[_reason_key(f"{REFUSED} {refused}")] += 1
                examples.setdefault(_reason_key(f"{REFUSED} {refused}"), card.name)
            continue
        if all(u.reason.startswith(DATA_LACKS) for u in unsupported):
            data_lacking += 1
        for reason in sorted({_reason_key(u.reason) for u in unsupported}):
            blocking[reason] += 1
            examples.setdefault(reason, card.name)
    skip_reasons: Counter[str] = Counter()
    skipped_examples: dict[str, str] = {}
    for record in skipped:
        key = _skip_key(record.reason)
        skip_reasons[key] += 1
        skipped_examples.setdefault(key, record.name or record.where)
    return Coverage(
        spells,
        modelled,
        tuple(blocking.most_common()),
        examples,
        others,
        others_modelled,
        tuple(others_blocking.most_common()),
        others_examples,
        tuple(skip_reasons.most_common()),
        skipped_examples,
        data_lacking,
        others_data_lacking,
    )
