"""The game as immutable data: mana, cards, abilities, game states and casts.

Nothing here imports from :mod:`solver` or from a solver library.
"""

CR_EDITION = "2026-01-16"
"""The Comprehensive Rules edition the code follows (its effective date)."""
