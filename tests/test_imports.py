"""The house's imports: no circle among its modules, the core apart from the applications built on it.

Every import is read from the source, deferred ones (inside functions) included: a circle hidden in a function
is a circle all the same. The core is :mod:`models` and :mod:`solver`; the applications (the command line, the
service, batches, the gym, the client) live in :mod:`legalcasts`, and import the core's public names only.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from tests.conftest import ROOT

PACKAGES = ("models", "solver", "legalcasts")
READERS = ("benchmarks", "scripts")
"""What reads the house from outside it: held to its public names too."""


def _modules(packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            found[name] = path
    return found


def _imports(modules: dict[str, Path]) -> list[tuple[str, str, tuple[str, ...]]]:
    """(importer, imported module, names imported from it) for every import of a house module, deferred included."""
    found = []
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                pairs = [(alias.name, ()) for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                pairs = []
                for alias in node.names:  # "from package import module" imports that module
                    sub = f"{node.module}.{alias.name}"
                    pairs.append((sub, ()) if sub in modules else (node.module, (alias.name,)))
            else:
                continue
            for target, names in pairs:
                while target and target not in modules:  # a name of a module: the module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    found.append((name, target, names))
    return found


def test_no_circle_of_imports():
    """No module imports, directly or through others, one that imports it, even from inside a function."""
    modules = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    graph.add_edges_from((importer, imported) for importer, imported, _ in _imports(modules))
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert not circles, f"circles of imports: {circles}"


def test_the_core_imports_no_application():
    """Models and solver never import legalcasts: the applications are built on the core, not in it."""
    modules = _modules()
    wrong = [
        (importer, imported)
        for importer, imported, _ in _imports(modules)
        if importer.split(".")[0] in ("models", "solver") and imported.split(".")[0] == "legalcasts"
    ]
    assert not wrong, wrong


def test_applications_and_rules_import_no_private_name_of_another_module():
    """No module imports another's private names (``_x``): what crosses a module border is public.

    The benchmarks and scripts too: a name a refactor may rename unseen is no name to read from outside.
    """
    modules = _modules(PACKAGES + READERS)
    wrong = [
        (importer, imported, name)
        for importer, imported, names in _imports(modules)
        for name in names
        if name.startswith("_") and not name.startswith("__")
    ]
    assert not wrong, wrong


def test_every_name_of_the_front_door_is_found():
    """Each public name of ``legalcasts`` is loaded from the module the front door says, and is that module's.

    The front door loads names lazily from a table: a name moved to another module must move in the table too.
    """
    import importlib

    import legalcasts

    assert set(legalcasts._WHERE) == set(legalcasts.__all__)
    for name, module in legalcasts._WHERE.items():
        assert getattr(legalcasts, name) is getattr(importlib.import_module(module), name), name
