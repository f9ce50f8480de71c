"""Split cards (CR 709) and fused split spells (CR 702.102).

The card data has one entry per half (``"Alive"``, ``"Well"``), each naming
the whole card in ``faces_of`` (``"Alive // Well"``). The whole card is built
here from its halves: in every zone but the stack it has the characteristics
of both halves combined (CR 709.4), and so does a fused split spell on the
stack (CR 709.4d, 702.102b).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from models.mana import sum_costs
from models.objects import Card

__all__ = ["whole_split_cards", "combined_card"]


def combined_card(name: str, halves: tuple[Card, Card]) -> Card:
    """The whole split card: both halves' characteristics combined (CR 709.4b-c, 702.102b).

    Parameters
    ----------
    name : str
        ``"Left // Right"``.
    halves : (Card, Card)
        Left half first.

    Returns
    -------
    Card
        Its mana cost is both halves' costs together (CR 709.4b: colours and
        mana value follow from it), its card types, subtypes and text those of
        either half (CR 709.4c); ``halves`` holds the two halves.
    """
    costs = [h.mana_cost for h in halves if h.mana_cost is not None]
    names_fr = [h.name_fr for h in halves if h.name_fr]

    def ordered(values: Callable[[Card], tuple[Any, ...]]) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(v for h in halves for v in values(h)))

    return Card(
        name=name,
        mana_cost=sum_costs(costs) if costs else None,
        colors=frozenset().union(*(h.colors for h in halves)),
        type_line=" // ".join(h.type_line for h in halves),
        supertypes=ordered(lambda h: h.supertypes),
        types=ordered(lambda h: h.types),
        subtypes=ordered(lambda h: h.subtypes),
        oracle_text="\n".join(h.oracle_text for h in halves if h.oracle_text),
        name_fr=" // ".join(names_fr) if len(names_fr) == len(halves) else None,
        halves=halves,
        faces=tuple(h.name for h in halves),
    )


def whole_split_cards(cards: Iterable[Card]) -> list[Card]:
    """The whole split cards whose two halves are both among ``cards``.

    Parameters
    ----------
    cards : iterable of Card
        Halves carry the whole card's name in ``split_of``.

    Returns
    -------
    list of Card
        One per split card, in the order its first half is met.

    Examples
    --------
    >>> from models.io.card_pool import default_card_database
    >>> whole = default_card_database().get("Alive // Well")
    >>> [h.name for h in whole.halves], str(whole.mana_cost), whole.mana_value
    (['Alive', 'Well'], '{3}{W}{G}', 5)
    """
    cards = list(cards)
    by_name = {c.name: c for c in cards}
    found: dict[str, Card] = {}
    for card in cards:
        if card.split_of is None or card.split_of in found:
            continue
        names = card.split_of.split(" // ")
        if len(names) == 2 and all(n in by_name for n in names):
            found[card.split_of] = combined_card(card.split_of, (by_name[names[0]], by_name[names[1]]))
    return list(found.values())
