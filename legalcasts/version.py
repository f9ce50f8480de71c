"""The version of legalcasts and the rules edition it follows, read without loading the library."""

from __future__ import annotations

__all__ = ["version_line"]


def version_line() -> str:
    """What ``legalcasts --version`` prints: the installed version and the rules edition followed.

    Returns
    -------
    str
        ``"legalcasts 0.1.0 (Comprehensive Rules of 2026-01-16)"``; ``(not installed)`` for a checkout run
        without installing it.
    """
    from importlib.metadata import PackageNotFoundError, version

    from models import CR_EDITION  # the package's root only: no card data, no grammar

    try:
        installed = version("legalcasts")
    except PackageNotFoundError:  # run from a checkout that is not installed
        installed = "(not installed)"
    return f"legalcasts {installed} (Comprehensive Rules of {CR_EDITION})"
