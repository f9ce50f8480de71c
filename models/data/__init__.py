"""The card file shipped with the package (cards.jsonl)."""
