"""The package's import structure (issue 24): no import circle, and no import from a lower layer to a
higher one.

The import graph is read with the standard library alone (``ast``): an edge ``a -> b`` for every
``import``/``from ... import`` in module ``a`` naming a module ``b`` of ``simulator`` or ``strategies``,
wherever the statement is (module level, inside a function: a lazy import hides a circle from
Python but not from a reader; and under ``if TYPE_CHECKING:``, which never runs but is a dependency
all the same: a reader follows it, and a type checker walks it).  ``from package import name`` counts as
an import of the submodule ``package.name`` when there is one and of the package itself (Python
runs the package's ``__init__`` and reads the name from it: a package whose ``__init__`` imports its
modules, as a game's ``game_spec()`` does, is in a circle with a module importing ``from`` it).
Circles are the strongly connected components of that graph (Tarjan).

Games and the search player are plugged in by name (``registry.GAME_MODULES``,
``registry.STRATEGY_MODULES``, ``registry.GENERAL_STRATEGIES``), the one sanctioned way for a
lower layer to reach a higher one; those tables are checked here to name modules of a higher layer.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent
PACKAGES = ("simulator", "strategies")

LAYERS = (
    ("engine", ("simulator", "simulator.compiled_cache", "simulator.moved_modules", "simulator.core",
                "simulator.core.engine")),
    ("games", ("simulator.games",)),
    ("strategies", ("strategies",)),
    ("players", ("simulator.core.players",)),
    ("store", ("simulator.core.store",)),
    ("run", ("simulator.core.run",)),
    ("analysis.stats", ("simulator.analysis", "simulator.analysis.stats")),
    ("analysis.report", ("simulator.analysis.report",)),
    ("analysis.studies", ("simulator.analysis.studies", "simulator.benchmark")),
    ("cli", ("simulator.cli", "simulator.__main__", "simulator.api")),
)
"""From the bottom up: a module may import modules of its own layer and of the layers below it.
A module belongs to the layer of the longest prefix that names it (``simulator.core.engine.rng`` ->
engine, ``simulator.games.loot.engine`` -> games)."""


def module_files(top: Path = TOP) -> dict[str, Path]:
    """Module name -> file, for every module of the checked packages."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((top / package).rglob("*.py")):
            parts = list(path.relative_to(top).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` (file ``path``) imports, wherever the import is."""
    is_package = path.name == "__init__.py"
    named = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            named.add(source)
            named.update(f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in modules)
    found = set()
    for target in named:
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def import_graph(top: Path = TOP) -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
    modules = module_files(top)
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer_of(module: str) -> int:
    """The rank of the layer of ``module`` in :data:`LAYERS` (0 = bottom)."""
    best, rank = -1, None
    for position, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, rank = len(prefix), position
    assert rank is not None, f"{module} is in no layer of LAYERS: add it"
    return rank


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a module to a module of a higher layer, as readable lines."""
    return sorted(f"{module} ({LAYERS[layer_of(module)][0]}) imports {target} ({LAYERS[layer_of(target)][0]})"
                  for module, targets in graph.items() for target in targets if layer_of(target) > layer_of(module))


def test_the_package_has_no_import_circle():
    assert circles(import_graph()) == []


def test_no_module_imports_from_a_higher_layer():
    assert upward_imports(import_graph()) == []


def test_the_checks_find_a_circle_and_an_upward_import(tmp_path):
    """The two checks above can fail: a toy package with a circle and an upward import is caught."""
    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "__init__.py").write_text("")
    core = tmp_path / "simulator" / "core"
    for folder in (core / "engine", tmp_path / "simulator" / "cli"):
        folder.mkdir(parents=True)
        (folder / "__init__.py").write_text("")
    (tmp_path / "simulator" / "__init__.py").write_text("")
    (core / "__init__.py").write_text("")
    (core / "engine" / "a.py").write_text("def f():\n    import simulator.core.engine.b\n")
    (core / "engine" / "b.py").write_text("from simulator.core.engine.a import f\nfrom simulator.cli import main\n")
    (tmp_path / "simulator" / "cli" / "main.py").write_text("import json\n")
    (core / "engine" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import simulator.cli.main\n")
    (core / "engine" / "__init__.py").write_text("def load():\n    from simulator.core.engine import d\n")
    (core / "engine" / "d.py").write_text("from simulator.core.engine import a\n")
    graph = import_graph(tmp_path)
    assert sorted(circles(graph)) == [["simulator.core.engine", "simulator.core.engine.d"],
                              ["simulator.core.engine.a", "simulator.core.engine.b"]]
    assert upward_imports(graph) == ["simulator.core.engine.b (engine) imports simulator.cli (cli)",
                                     "simulator.core.engine.b (engine) imports simulator.cli.main (cli)",
                                     "simulator.core.engine.c (engine) imports simulator.cli.main (cli)"]


def test_every_module_of_the_package_has_a_layer():
    for module in import_graph():
        layer_of(module)


def test_plugin_tables_name_modules_of_higher_layers():
    """The registry reaches games and strategies only through its tables of module names."""
    from simulator.core.engine import registry

    modules = module_files()
    plugged = list(registry.GAME_MODULES.values()) + list(registry.STRATEGY_MODULES.values())
    plugged += [reference.partition(":")[0] for reference in registry.GENERAL_STRATEGIES]
    for name in plugged:
        assert name in modules, f"registry names {name}, which is no module"
        assert layer_of(name) > layer_of(registry.__name__)


def test_the_package_imports_modules_by_their_new_names_only():
    """Old names (``simulator.moved_modules.MOVED``) are for code outside the package."""
    from simulator.moved_modules import MOVED

    old_names = [f"{module} imports {target}" for module, path in module_files().items()
                 for target in _named_imports(path) if target in MOVED and module not in RUNS_AGAINST_OLD_TREES]
    assert old_names == []


RUNS_AGAINST_OLD_TREES = ("simulator.benchmark.ab_child",)
"""``islandsim bench-ab`` runs this file against an older revision's tree too: it imports the names
every revision has."""


def _named_imports(path: Path) -> set[str]:
    named = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            named.add(node.module)
            named.update(f"{node.module}.{alias.name}" for alias in node.names)
    return named


@pytest.mark.parametrize("old, new", [
    ("simulator.core.rng", "simulator.core.engine.rng"),
    ("simulator.core.decisions", "simulator.core.engine.decisions"),
    ("simulator.core.strategies", "simulator.core.players.strategies"),
    ("simulator.core.results", "simulator.core.store.results"),
    ("simulator.cli_options", "simulator.cli.options"),
])
def test_old_import_paths_give_the_moved_module(old, new):
    """User strategy modules and the strategy guide import ``simulator.core.rng`` and
    ``simulator.core.decisions``: the old name gives the very module that now lives elsewhere."""
    code = (f"import importlib, {old} as old_module\n"
            f"assert old_module is importlib.import_module('{new}'), old_module\n"
            f"from {old.rpartition('.')[0]} import {old.rpartition('.')[2]} as again\n"
            "assert again is old_module\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=TOP, timeout=120)
    assert result.returncode == 0, result.stderr


def test_every_moved_module_exists_at_its_new_name():
    from simulator.moved_modules import MOVED

    modules = module_files()
    assert [new for new in MOVED.values() if new not in modules] == []
    assert [old for old in MOVED if old in modules] == []


def test_former_modules_that_became_packages_answer_their_old_names():
    from simulator.analysis import report, stats
    from simulator.analysis.report.document import Document
    from simulator.analysis.stats.intervals import wilson_interval
    from simulator.cli import main
    from simulator.cli.commands import main as current_main

    assert stats.wilson_interval is wilson_interval
    assert report.Document is Document
    assert main is current_main
    from simulator.analysis.stats import runs

    assert runs.__name__ == "simulator.analysis.stats.runs"
