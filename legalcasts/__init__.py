"""legalcasts: every legal way to cast a Magic: The Gathering spell in a game state.

The front door of the library, as ``import chess`` is python-chess's::

    >>> import legalcasts
    >>> state = legalcasts.load_state("examples/case10-mists-ritual-ray.json")
    >>> casts = legalcasts.legal_casts(state, "mists")   # a view: iterate, `in`, bool(), count(), sample()
    >>> casts.count()
    8
    >>> cast = next(iter(casts))
    >>> cast in casts, legalcasts.is_legal_cast(state, cast), legalcasts.why_illegal(state, cast)
    (True, True, ())
    >>> legalcasts.count_legal_casts(state, player="P1")   # every card in P1's hand
    15

The code lives in two packages, as the project is laid out: :mod:`models`
(the game as data: cards, abilities, states, casts, the choice vocabulary)
and :mod:`solver` (the cast problem, its rules modules and engines). Every
name here is one of theirs, imported the first time it is asked for, so that
``import legalcasts`` (and the command line, :mod:`legalcasts.cli`) loads
nothing it does not use. The applications built on them live here:
:mod:`legalcasts.cli`, :mod:`legalcasts.service`, :mod:`legalcasts.batch`,
:mod:`legalcasts.gym` and :mod:`legalcasts.client`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names as type checkers see them; at run time each is imported when first asked for
    from models import CR_EDITION
    from models.abilities import CardAbilities
    from models.cards import Card, CardDatabase
    from models.io.card_pool import default_card_database
    from models.cast import CAST_FIELDS, Cast, TargetChoice
    from models.choices import (
        ALTERNATIVE_COST,
        FACE,
        GIFT_RECIPIENT,
        SPLICE_ORDER,
        SPLICE_SET,
        X,
        ZONE,
        AlternativeCostKey,
        ChoiceKey,
        ChoiceKind,
        CostAction,
        CostObjectsKey,
        DivisionKey,
        FaceKey,
        GiftRecipientKey,
        ModeKey,
        OptionalCostKey,
        SpliceOrderKey,
        SpliceSetKey,
        TargetKey,
        XKey,
        ZoneKey,
    )
    from models.errors import (
        CardDataError,
        CastFormatError,
        InputError,
        LegalcastsError,
        ManaCostError,
        SolverError,
        StateError,
        UnknownCardError,
        UnsupportedRuleError,
    )
    from models.io.forge_pzl import load_puzzle
    from models.io.state_json import state_from_data, state_from_json
    from models.io.state_write import state_to_data
    from models.io.states import load_state
    from models.mana import ManaCost
    from models.objects import GameObject, ObjectId, Phase, PlayerId, Zone
    from models.oracle.parser import parse_card
    from models.state import GameState
    from solver.actions import PositionCasts, state_digest
    from solver.backends import ENGINES, Engine, get_engine
    from solver.build import build_cast_problem
    from solver.copies import CopyChoices, copy_choices
    from solver.explain import Explanation, explain_card
    from solver.legal import (
        LegalCasts,
        best_cast,
        castable_objects,
        count_legal_casts,
        held_view,
        is_legal_cast,
        legal_casts,
        sample_cast,
        why_illegal,
    )
    from solver.moves import (
        AddObject,
        CastSpell,
        IllegalMoveError,
        Move,
        MoveCard,
        PassPriority,
        PlayLand,
        RemoveObject,
        TapForMana,
        after,
    )
    from solver.payments import ManaUse, Payment, default_payment, payments
    from solver.problem import CastProblem, Reason
    from solver.prompts import PROMPTS, Option, Options
    from solver.resolve import Resolution, resolve

_WHERE = {
    "CR_EDITION": "models",
    "CardAbilities": "models.abilities",
    "Card": "models.cards",
    "CardDatabase": "models.cards",
    "default_card_database": "models.io.card_pool",
    "CAST_FIELDS": "models.cast",
    "Cast": "models.cast",
    "TargetChoice": "models.cast",
    "ALTERNATIVE_COST": "models.choices",
    "FACE": "models.choices",
    "GIFT_RECIPIENT": "models.choices",
    "SPLICE_ORDER": "models.choices",
    "SPLICE_SET": "models.choices",
    "X": "models.choices",
    "ZONE": "models.choices",
    "AlternativeCostKey": "models.choices",
    "ChoiceKey": "models.choices",
    "ChoiceKind": "models.choices",
    "CostAction": "models.choices",
    "CostObjectsKey": "models.choices",
    "DivisionKey": "models.choices",
    "FaceKey": "models.choices",
    "GiftRecipientKey": "models.choices",
    "ModeKey": "models.choices",
    "OptionalCostKey": "models.choices",
    "SpliceOrderKey": "models.choices",
    "SpliceSetKey": "models.choices",
    "TargetKey": "models.choices",
    "XKey": "models.choices",
    "ZoneKey": "models.choices",
    "CardDataError": "models.errors",
    "CastFormatError": "models.errors",
    "InputError": "models.errors",
    "LegalcastsError": "models.errors",
    "ManaCostError": "models.errors",
    "SolverError": "models.errors",
    "StateError": "models.errors",
    "UnknownCardError": "models.errors",
    "UnsupportedRuleError": "models.errors",
    "load_puzzle": "models.io.forge_pzl",
    "load_state": "models.io.states",
    "state_from_data": "models.io.state_json",
    "state_from_json": "models.io.state_json",
    "ManaCost": "models.mana",
    "GameObject": "models.objects",
    "ObjectId": "models.objects",
    "Phase": "models.objects",
    "PlayerId": "models.objects",
    "Zone": "models.objects",
    "parse_card": "models.oracle.parser",
    "GameState": "models.state",
    "PositionCasts": "solver.actions",
    "state_digest": "solver.actions",
    "ENGINES": "solver.backends",
    "Engine": "solver.backends",
    "get_engine": "solver.backends",
    "build_cast_problem": "solver.build",
    "CopyChoices": "solver.copies",
    "copy_choices": "solver.copies",
    "Explanation": "solver.explain",
    "explain_card": "solver.explain",
    "LegalCasts": "solver.legal",
    "best_cast": "solver.legal",
    "castable_objects": "solver.legal",
    "count_legal_casts": "solver.legal",
    "held_view": "solver.legal",
    "is_legal_cast": "solver.legal",
    "legal_casts": "solver.legal",
    "sample_cast": "solver.legal",
    "why_illegal": "solver.legal",
    "state_to_data": "models.io.state_write",
    "AddObject": "solver.moves",
    "CastSpell": "solver.moves",
    "IllegalMoveError": "solver.moves",
    "Move": "solver.moves",
    "MoveCard": "solver.moves",
    "PassPriority": "solver.moves",
    "PlayLand": "solver.moves",
    "RemoveObject": "solver.moves",
    "TapForMana": "solver.moves",
    "after": "solver.moves",
    "ManaUse": "solver.payments",
    "Payment": "solver.payments",
    "default_payment": "solver.payments",
    "payments": "solver.payments",
    "CastProblem": "solver.problem",
    "Reason": "solver.problem",
    "PROMPTS": "solver.prompts",
    "Option": "solver.prompts",
    "Options": "solver.prompts",
    "Resolution": "solver.resolve",
    "resolve": "solver.resolve",
}
"""The module each public name comes from."""


def __getattr__(name: str) -> Any:
    """A public name of the front door, imported from its module the first time it is asked for (PEP 562).

    Raises
    ------
    AttributeError
        ``name`` is not a public name of legalcasts.
    """
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'legalcasts' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = [
    # the game state and the cards
    "load_state",
    "state_from_data",
    "state_from_json",
    "load_puzzle",
    "state_to_data",
    "GameState",
    "GameObject",
    "ObjectId",
    "PlayerId",
    "Zone",
    "Phase",
    "Card",
    "CardDatabase",
    "default_card_database",
    "parse_card",
    "CardAbilities",
    "ManaCost",
    # casts and what tells them apart
    "Cast",
    "TargetChoice",
    "CAST_FIELDS",
    "ChoiceKind",
    "ChoiceKey",
    "ZoneKey",
    "FaceKey",
    "AlternativeCostKey",
    "OptionalCostKey",
    "GiftRecipientKey",
    "ModeKey",
    "SpliceSetKey",
    "SpliceOrderKey",
    "XKey",
    "TargetKey",
    "DivisionKey",
    "CostObjectsKey",
    "CostAction",
    "ZONE",
    "FACE",
    "ALTERNATIVE_COST",
    "GIFT_RECIPIENT",
    "SPLICE_SET",
    "SPLICE_ORDER",
    "X",
    # the questions
    "legal_casts",
    "LegalCasts",
    "held_view",
    "count_legal_casts",
    "is_legal_cast",
    "why_illegal",
    "Reason",
    "sample_cast",
    "best_cast",
    "castable_objects",
    "explain_card",
    "Explanation",
    "resolve",
    "Resolution",
    "copy_choices",
    "CopyChoices",
    # carrying a cast out: its payments
    "payments",
    "default_payment",
    "Payment",
    "ManaUse",
    # positions that change: moves
    "after",
    "Move",
    "CastSpell",
    "PlayLand",
    "TapForMana",
    "MoveCard",
    "AddObject",
    "RemoveObject",
    "PassPriority",
    "IllegalMoveError",
    # at every decision: action ids, prompts, digests
    "PositionCasts",
    "state_digest",
    "Options",
    "Option",
    "PROMPTS",
    # the problem and the engines
    "build_cast_problem",
    "CastProblem",
    "Engine",
    "ENGINES",
    "get_engine",
    # errors
    "LegalcastsError",
    "InputError",
    "StateError",
    "CastFormatError",
    "CardDataError",
    "UnknownCardError",
    "ManaCostError",
    "UnsupportedRuleError",
    "SolverError",
    "CR_EDITION",
]
