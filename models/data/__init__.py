"""The card data shipped with the package: the 2026 pool (oracle-2026.jsonl.gz) and 13 older sets (cards.jsonl)."""
