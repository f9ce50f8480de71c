"""Faces of a card: cleave's two texts (CR 702.148), and the other faces a card's data lacks (CR 709.3, 712.11b)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable


from models.abilities import (
    AlternativeCost,
    CardAbilities,
    Cost,
    Instruction,
    UnsupportedText,
)
from models.mana import ManaCost
from models.objects import Card, Zone


__all__ = ["faces_lacking", "cleave_line", "read_cleave"]


_CAST_FACES = {
    "split": ("CR 709.3", "the other half of the split card"),
    "aftermath": ("CR 702.127a", "the other half of the split card"),
    "adventure": ("CR 715.3", "the Adventure"),
    "modal_dfc": ("CR 712.11b", "the other face of the modal double-faced card"),
}
"""Layouts whose other faces may be cast too: the rule that lets the caster choose, and what the face is."""


def faces_lacking(card: Card) -> list[UnsupportedText]:
    """The other faces of this card that could be cast, when they can't be: their text is lacking, or not modelled.

    A split card's half (CR 709.3), an aftermath half (CR 702.127a), an Adventure (CR 715.3) and a modal
    double-faced card's other face (CR 712.11b) are each a way to cast the card: without them the list of its
    casts would be incomplete, so casting the card is unsupported (never a cast silently missing). With every
    face in the data, the cast rules choose the face (``solver.rules.split.castable_faces``). The other faces of
    a transforming, flip or meld card are not cast from the hand.
    """
    rule, what = _CAST_FACES.get(card.layout or "", (None, ""))
    if rule is None or card.halves:
        return []
    whole = " // ".join(card.faces)
    if card.faces_lacking:
        # an aftermath half is cast only from a graveyard (CR 702.127a): from the hand, the first half is all
        from_graveyard = card.layout == "aftermath" and card.faces_lacking == card.faces[-1:]
        return [
            UnsupportedText(
                f"{face} (of {whole})",
                f"the card data lacks the text of {what}, which may be cast instead ({rule})",
                casting_relevant=not from_graveyard,
                zones=frozenset({Zone.GRAVEYARD}) if from_graveyard else frozenset(),
            )
            for face in card.faces_lacking
        ]
    return []


_CLEAVE_LINE = re.compile(r"Cleave (?P<cost>(?:\{[^{}]+\})+)(?: \([^()]*\))?")


def cleave_line(card: Card) -> str | None:
    """The card's "Cleave {cost}" line as printed, or None when it has none (CR 702.148a)."""
    return next((line for line in card.oracle_text.split("\n") if _CLEAVE_LINE.fullmatch(line.strip())), None)


def read_cleave(card: Card, cleave: str, read: Callable[[Card], CardAbilities]) -> CardAbilities:
    """A card with cleave: both versions of its text, each read as any text is (CR 702.148a-b, 612).

    "Cleave [cost]" means "You may cast this spell by paying [cost] rather than paying its mana cost" and "If
    this spell's cleave cost was paid, change its text by removing all text found within square brackets"
    (CR 702.148a). The card is read twice, without the cleave line: as printed (the brackets dropped, their
    words kept), and cleaved (the bracketed words removed). Lines the same in both are the spell's text either
    way; a line that differs is two instructions: the printed one with ``unless=("cleave",)``, the cleaved one
    with ``condition=("cleave",)``, so the targets and their restrictions are those of the text the cost paid
    leaves. The cleave cost is an alternative cost (keyword ``"cleave"``).

    Everything else the two readings give (costs, modes, permissions, …) must be the same; a difference there, a
    line that differs and already has a condition, or a line removed whole is reported unsupported, as is any
    span either reading reports. An X in the cleave cost ("Cleave {X}{R}{W}") is announced only for that cost
    (CR 107.3, 601.2b).

    Parameters
    ----------
    card : Card
    cleave : str
        The card's cleave line, as printed.
    read : callable
        The reader of a card's text (:func:`models.oracle.parser.parse_card`), given each version of the card.

    Returns
    -------
    CardAbilities
    """
    others = "\n".join(line for line in card.oracle_text.split("\n") if line != cleave)
    printed = read(dataclasses.replace(card, oracle_text=re.sub(r"[\[\]]", "", others)))
    cleaved = read(dataclasses.replace(card, oracle_text=re.sub(r"\s*\[[^\[\]]*\]", "", others)))
    found = _CLEAVE_LINE.fullmatch(cleave.strip())
    assert found is not None  # cleave_line found it
    cost = ManaCost.parse(found["cost"], path="oracle_text")
    unsupported = list(dict.fromkeys(printed.unsupported + cleaved.unsupported))
    keyword_span = cleave.strip().split(" (")[0]
    if dataclasses.replace(printed, spell_text=(), unsupported=()) != dataclasses.replace(
        cleaved, spell_text=(), unsupported=()
    ):
        unsupported.append(UnsupportedText(keyword_span, "words in square brackets outside the spell's text"))
    spell_text: list[Instruction] = []
    if len(printed.spell_text) != len(cleaved.spell_text):
        unsupported.append(UnsupportedText(keyword_span, "cleave removing a whole line"))
    else:
        for whole, cut in zip(printed.spell_text, cleaved.spell_text):
            if whole == cut:
                spell_text.append(whole)
            elif whole.condition or cut.condition or any(s.condition for s in whole.targets + cut.targets):
                unsupported.append(UnsupportedText(whole.text, "cleave changing text that has a condition"))
            else:
                spell_text += [
                    dataclasses.replace(whole, unless=("cleave",)),
                    dataclasses.replace(cut, condition=("cleave",)),
                ]
    alternative = AlternativeCost("cleave", Cost(cost, text=keyword_span), "CR 702.148a")
    return dataclasses.replace(
        printed,
        spell_text=tuple(spell_text),
        alternative_costs=printed.alternative_costs + (alternative,),
        unsupported=tuple(unsupported),
    )
