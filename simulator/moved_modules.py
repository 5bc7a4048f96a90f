"""Old import paths of modules moved by the house order (issue 24) keep working.

User strategy modules, the strategy guide and older scripts import, for example,
``simulator.core.rng`` or ``simulator.core.decisions``; since the core was grouped into
subpackages these modules live at ``simulator.core.engine.rng`` and so on.  Rather than a file
at each old place (which would also stop git from following the moves), :data:`MOVED` lists
old name -> new name once, and a finder on ``sys.meta_path`` answers an import of an old name
with the module itself: ``import simulator.core.rng`` gives the very module object
``simulator.core.engine.rng``, so patching or reading it through either name is the same.

New code imports the new names; ``tests/test_import_layers.py`` checks that nothing in the
package uses an old one.  Three old modules became packages of the same name and answer their old
attribute names themselves: ``simulator.cli`` (``main``), ``simulator.analysis.stats`` (the
former ``stats.py``, now :mod:`simulator.analysis.stats.intervals`) and
``simulator.analysis.report`` (now :mod:`simulator.analysis.report.document`).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys

MOVED = {
    "simulator.core.registry": "simulator.core.engine.registry",
    "simulator.core.forward": "simulator.core.engine.forward",
    "simulator.core.decisions": "simulator.core.engine.decisions",
    "simulator.core.rng": "simulator.core.engine.rng",
    "simulator.core.gamelog": "simulator.core.engine.gamelog",
    "simulator.core.standings": "simulator.core.engine.standings",
    "simulator.core.ranking": "simulator.core.engine.ranking",
    "simulator.core.seats": "simulator.core.engine.seats",
    "simulator.core.narration": "simulator.core.engine.narration",
    "simulator.core.visibility": "simulator.core.engine.visibility",
    "simulator.core.strategies": "simulator.core.players.strategies",
    "simulator.core.param_files": "simulator.core.players.param_files",
    "simulator.core.strategy_settings": "simulator.core.players.strategy_settings",
    "simulator.core.ismcts": "simulator.core.players.ismcts",
    "simulator.core.results": "simulator.core.store.results",
    "simulator.core.records": "simulator.core.store.records",
    "simulator.core.run_folder_checks": "simulator.core.store.run_folder_checks",
    "simulator.core.run_lock": "simulator.core.store.run_lock",
    "simulator.core.paths": "simulator.core.store.paths",
    "simulator.core.export": "simulator.core.store.export",
    "simulator.core.runner": "simulator.core.run.runner",
    "simulator.core.sequential": "simulator.core.run.sequential",
    "simulator.core.summary": "simulator.core.run.summary",
    "simulator.core.tables": "simulator.core.run.tables",
    "simulator.core.limits": "simulator.core.run.limits",
    "simulator.core.bench": "simulator.benchmark.speed",
    "simulator.analysis.runs": "simulator.analysis.stats.runs",
    "simulator.analysis.measures": "simulator.analysis.stats.measures",
    "simulator.analysis.convergence": "simulator.analysis.stats.convergence",
    "simulator.analysis.shape": "simulator.analysis.stats.shape",
    "simulator.analysis.seats": "simulator.analysis.stats.seats",
    "simulator.analysis.events": "simulator.analysis.stats.events",
    "simulator.analysis.compare": "simulator.analysis.stats.compare",
    "simulator.analysis.tournament": "simulator.analysis.stats.tournament",
    "simulator.analysis.coverage": "simulator.analysis.stats.coverage",
    "simulator.analysis.rule_coverage": "simulator.analysis.stats.rule_coverage",
    "simulator.analysis.store": "simulator.analysis.studies.store",
    "simulator.analysis.experiment": "simulator.analysis.studies.experiment",
    "simulator.analysis.matches": "simulator.analysis.studies.matches",
    "simulator.analysis.ladder": "simulator.analysis.studies.ladder",
    "simulator.analysis.tune": "simulator.analysis.studies.tune",
    "simulator.analysis.skill": "simulator.analysis.studies.skill",
    "simulator.analysis.fairplay": "simulator.analysis.studies.fairplay",
    "simulator.analysis.report_answers": "simulator.analysis.report.answers",
    "simulator.analysis.report_quality": "simulator.analysis.report.quality",
    "simulator.analysis.report_players": "simulator.analysis.report.players",
    "simulator.analysis.charts": "simulator.analysis.report.charts",
    "simulator.cli_options": "simulator.cli.options",
    "simulator.play_command": "simulator.cli.play",
    "simulator.analysis.commands": "simulator.cli.analysis",
    "simulator.analysis.coverage_command": "simulator.cli.coverage",
    "simulator.benchmark.commands": "simulator.cli.benchmark",
    # stored in run manifests (results/store) and players panels (reports/players/*.json) as the
    # module of the salted random players `...:random_salt_N` of `islandsim skill`
    "simulator.analysis.replayable": "simulator.analysis.studies.replayable",
}
"""Old module name -> where the module lives now."""


class _MovedModuleLoader(importlib.abc.Loader):
    def __init__(self, new_name: str) -> None:
        self.new_name = new_name

    def create_module(self, spec):
        return importlib.import_module(self.new_name)

    def exec_module(self, module) -> None:
        """Nothing to run: the module was executed under its new name."""


class MovedModuleFinder(importlib.abc.MetaPathFinder):
    """Finds an old module name of :data:`MOVED` and hands over the module under its new name."""

    def find_spec(self, fullname, path=None, target=None):
        new_name = MOVED.get(fullname)
        if new_name is None:
            return None
        return importlib.util.spec_from_loader(fullname, _MovedModuleLoader(new_name))


def install() -> None:
    """Put the finder on ``sys.meta_path`` once."""
    if not any(isinstance(finder, MovedModuleFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedModuleFinder())


def package_attribute(package: str, submodules: tuple[str, ...], former_module: str, name: str):
    """``package.name`` for a package that replaced a module of the same name: a submodule of the
    package when ``name`` is one, else the attribute of the former module (``former_module``)."""
    if name in submodules:
        return importlib.import_module(f"{package}.{name}")
    if name.startswith("__"):
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return getattr(importlib.import_module(former_module), name)
