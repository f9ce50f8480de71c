"""Benchmarks: runnable suites that measure ratios in one run (not collected by pytest)."""
