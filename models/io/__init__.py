"""Loaders: game-state files, card files (MTGJSON, Scryfall) and the SQLite card index."""
