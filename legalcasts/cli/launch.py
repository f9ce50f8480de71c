"""The ``legalcasts`` console script: Ctrl-C while the command's modules load is one line too.

Loading :mod:`legalcasts.cli.main` and what it needs (OR-Tools, networkx, the card data's code) takes about a second;
an interrupt then would end in a traceback from deep in an import. This module imports nothing heavy itself.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from legalcasts.version import version_line

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Load the command line and run it (:func:`legalcasts.cli.main.main`).

    Parameters
    ----------
    argv : sequence of str or None
        Arguments without the program name; ``sys.argv[1:]`` by default.

    Returns
    -------
    int
        The command's exit code; 130 when interrupted (Ctrl-C) while loading, with one line on stderr.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments == ["--version"]:  # answered without loading the command line (its imports take most of a call)
        print(version_line())
        return 0
    try:
        from legalcasts.cli.main import main as run
    except KeyboardInterrupt:
        print("legalcasts: interrupted", file=sys.stderr)
        return 130
    return run(argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
