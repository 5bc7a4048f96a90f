"""Rewrite old module names to new ones in code brought from a branch made before the house order.

Old names are those of :data:`simulator.moved_modules.MOVED` plus :data:`PORT_MOVES` (modules other
branches added in old places, moved by the port of issue 24).  Python files: import statements
(``from simulator.analysis import stats, store`` becomes one import per new package) and dotted
names in the text; Markdown: dotted names.  Run from the repository root with the project's venv:

    .venv/bin/python tools/rewrite_moved_imports.py $(git ls-files 'simulator/*.py' 'tests/*.py' ...)

Skip simulator/moved_modules.py and tests/test_import_layers.py, which name old modules on purpose.
"""
import ast
import re
import sys

sys.path.insert(0, ".")
from simulator.moved_modules import MOVED  # noqa: E402

PORT_MOVES = {
    "simulator.core.option_steps": "simulator.core.engine.option_steps",
    "simulator.core.ties": "simulator.core.engine.ties",
    "simulator.core.replay_page": "simulator.core.engine.replay_page",
    "simulator.analysis.stalls": "simulator.analysis.stats.stalls",
    "simulator.analysis.compensation": "simulator.analysis.stats.compensation",
    "simulator.analysis.report_compensation": "simulator.analysis.report.compensation",
    "simulator.analysis.players_page": "simulator.analysis.studies.players_page",
    "simulator.analysis.stored_play": "simulator.analysis.studies.stored_play",
    "simulator.analysis.replayable": "simulator.analysis.studies.replayable",  # also in MOVED (stored names)
    "simulator.analysis.tune_state": "simulator.analysis.studies.tune_state",
    "simulator.analysis.interruption": "simulator.cli.interruption",
    "simulator.analysis.confirm": "simulator.analysis.studies.confirm",
}
MAP = {**MOVED, **PORT_MOVES}
# old modules that became packages: their former content lives in one submodule
PACKAGED = {"simulator.analysis.stats": "simulator.analysis.stats.intervals",
            "simulator.analysis.report": "simulator.analysis.report.document",
            "simulator.cli": "simulator.cli.commands"}


def submodules(package):
    import importlib
    import pkgutil

    try:
        mod = importlib.import_module(package)
        return {m.name for m in pkgutil.iter_modules(mod.__path__)}
    except Exception:
        return set()


def alias_text(name, asname):
    return name if not asname or asname == name else f"{name} as {asname}"


def emit(indent, module, names):
    line = f"{indent}from {module} import {', '.join(names)}"
    if len(line) <= 120:
        return [line]
    return [f"{indent}from {module} import (", f"{indent}    {', '.join(names)},", f"{indent})"]


def rewrite_from(node, indent):
    mod = node.module
    if node.level or not mod or not mod.startswith("simulator"):
        return None
    if mod in MAP:
        return emit(indent, MAP[mod], [alias_text(a.name, a.asname) for a in node.names])
    if mod in PACKAGED:
        subs = submodules(mod)
        if all(a.name in subs for a in node.names):
            return None
        keep = [alias_text(a.name, a.asname) for a in node.names if a.name in subs]
        moved = [alias_text(a.name, a.asname) for a in node.names if a.name not in subs]
        out = emit(indent, mod, keep) if keep else []
        return out + emit(indent, PACKAGED[mod], moved)
    groups, keep, changed = {}, [], False
    for a in node.names:
        full = f"{mod}.{a.name}"
        target = PACKAGED.get(full) or MAP.get(full)
        if target:
            changed = True
            parent, leaf = target.rsplit(".", 1)
            groups.setdefault(parent, []).append(alias_text(leaf, a.asname or a.name))
        else:
            keep.append(alias_text(a.name, a.asname))
    if not changed:
        return None
    out = emit(indent, mod, keep) if keep else []
    for parent, names in groups.items():
        out += emit(indent, parent, names)
    return out


def rewrite_py(text):
    tree = ast.parse(text)
    lines = text.split("\n")
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            indent = lines[node.lineno - 1][: node.col_offset]
            new = rewrite_from(node, indent)
            if new is not None:
                edits.append((node.lineno, node.end_lineno, new))
    for start, end, new in sorted(edits, reverse=True):
        lines[start - 1:end] = new
    return dotted("\n".join(lines))


OLD = sorted(MAP, key=len, reverse=True)
STORED_NAMES = r"(?!:random_salt_)"
"""Names stored in run manifests and panels stay as stored (``simulator.analysis.replayable:random_salt_N``)."""
PATTERN = re.compile(r"(?<![\w.])(" + "|".join(re.escape(o) for o in OLD) + r")(?![\w])" + STORED_NAMES)


KEEP = "# stored name: keep"
"""A line ending with this comment names an old module on purpose (a name stored in data)."""


def dotted(text):
    return "\n".join(line if line.endswith(KEEP) else PATTERN.sub(lambda m: MAP[m.group(1)], line)
                     for line in text.split("\n"))


for path in sys.argv[1:]:
    text = open(path).read()
    new = rewrite_py(text) if path.endswith(".py") else dotted(text)
    if new != text:
        open(path, "w").write(new)
        print("rewrote", path)
