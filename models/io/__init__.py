"""Loaders: game-state files."""
