"""The ``legalcasts`` command: the questions of the library asked from a shell.

:mod:`legalcasts.cli.launch` is the console script (it imports nothing heavy, so Ctrl-C while the rest loads is
one line too); :mod:`legalcasts.cli.main` parses and runs the commands; ``cards``, ``batch`` and ``graph`` have
modules of their own. Nothing of the library imports this package.
"""
