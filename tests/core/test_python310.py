"""islandsim promises Python >= 3.10 (README, ``requires-python``), where ``tomllib`` does not exist.

The check runs in a fresh interpreter whose import system refuses ``tomllib`` (as 3.10 would):
every module of ``simulator`` and ``strategies`` must import, and every experiment file must
parse, through the ``tomli`` fallback.  Numba's JIT is off in that interpreter: the check is
about imports, not compilation.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import importlib, importlib.abc, pkgutil, sys
from pathlib import Path

class NoTomllib(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "tomllib":
            raise ModuleNotFoundError("No module named 'tomllib' (blocked: Python 3.10 has none)")
        return None

sys.meta_path.insert(0, NoTomllib())
sys.modules.pop("tomllib", None)
try:
    import tomllib
except ModuleNotFoundError:
    pass
else:
    raise SystemExit("the tomllib block does not work")

imported = []
for package_name in ("simulator", "strategies"):
    package = importlib.import_module(package_name)
    imported.append(package_name)
    for module in pkgutil.walk_packages(package.__path__, package_name + "."):
        importlib.import_module(module.name)
        imported.append(module.name)
assert "tomllib" not in sys.modules, "some module imported tomllib after all"

from simulator.analysis.studies.experiment import load_experiment
parsed = [load_experiment(path).title for path in sorted(Path("experiments").glob("*.toml"))]
print(len(imported), "modules", len(parsed), "experiments")
"""


def test_every_module_imports_and_experiments_parse_without_tomllib():
    pytest.importorskip("tomli", reason="the Python 3.10 fallback parser (pip install tomli, or .[test])")
    environment = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=str(ROOT))
    finished = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, env=environment, capture_output=True,
                              text=True, timeout=600)  # fmt: skip
    assert finished.returncode == 0, finished.stderr[-3000:]
    modules, _, experiments, _ = finished.stdout.split()
    assert int(modules) >= 40  # simulator.core, .analysis, both games, strategies
    assert int(experiments) == len(list((ROOT / "experiments").glob("*.toml"))) > 0
