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
name here is one of theirs.
"""

from models import CR_EDITION
from models.abilities import CardAbilities
from models.cards import Card, CardDatabase, default_card_database
from models.cast import CAST_FIELDS, Cast, TargetChoice
from models.choices import (
    ALTERNATIVE_COST, FACE, GIFT_RECIPIENT, SPLICE_ORDER, SPLICE_SET, X, ZONE, AlternativeCostKey, ChoiceKey,
    ChoiceKind, CostAction, CostObjectsKey, DivisionKey, FaceKey, GiftRecipientKey, ModeKey, OptionalCostKey,
    SpliceOrderKey, SpliceSetKey, TargetKey, XKey, ZoneKey,
)
from models.errors import (
    CardDataError, CastFormatError, InputError, LegalcastsError, ManaCostError, SolverError, StateError,
    UnknownCardError, UnsupportedRuleError,
)
from models.io.forge_pzl import load_puzzle
from models.io.state_json import load_state, state_from_data, state_from_json
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
    LegalCasts, best_cast, castable_objects, count_legal_casts, held_view, is_legal_cast, legal_casts, sample_cast,
    why_illegal,
)
from solver.problem import CastProblem, Reason
from solver.prompts import PROMPTS, Option, Options
from solver.resolve import Resolution, resolve

__all__ = [
    # the game state and the cards
    "load_state", "state_from_data", "state_from_json", "load_puzzle", "GameState", "GameObject", "ObjectId",
    "PlayerId", "Zone", "Phase", "Card", "CardDatabase", "default_card_database", "parse_card", "CardAbilities",
    "ManaCost",
    # casts and what tells them apart
    "Cast", "TargetChoice", "CAST_FIELDS", "ChoiceKind", "ChoiceKey", "ZoneKey", "FaceKey", "AlternativeCostKey",
    "OptionalCostKey", "GiftRecipientKey", "ModeKey", "SpliceSetKey", "SpliceOrderKey", "XKey", "TargetKey",
    "DivisionKey", "CostObjectsKey", "CostAction", "ZONE", "FACE", "ALTERNATIVE_COST", "GIFT_RECIPIENT", "SPLICE_SET",
    "SPLICE_ORDER", "X",
    # the questions
    "legal_casts", "LegalCasts", "held_view", "count_legal_casts", "is_legal_cast", "why_illegal", "Reason",
    "sample_cast", "best_cast", "castable_objects", "explain_card", "Explanation", "resolve", "Resolution",
    "copy_choices", "CopyChoices",
    # at every decision: action ids, prompts, digests
    "PositionCasts", "state_digest", "Options", "Option", "PROMPTS",
    # the problem and the engines
    "build_cast_problem", "CastProblem", "Engine", "ENGINES", "get_engine",
    # errors
    "LegalcastsError", "InputError", "StateError", "CastFormatError", "CardDataError", "UnknownCardError",
    "ManaCostError", "UnsupportedRuleError", "SolverError",
    "CR_EDITION",
]
