"""``experiments/`` holds the studies only (the TOML files ``islandsim experiment`` plays, and the
parameter files they name); the research scripts behind figures of the docs live in ``research/``,
and every script a tracked file names by path exists."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_no_outside_paths import ROOT, _tracked_text_files

SCRIPT = re.compile(r"(?<![\w/.-])((?:experiments|research)/[a-z0-9_]+\.py)\b")  # NAME.py is a placeholder

PENDING: set[str] = set()
"""Files allowed to name a script at its old place for a while (a branch moving them); none now."""


def test_experiments_holds_the_studies_only():
    kept = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "experiments").rglob("*") if path.is_file())
    assert kept and all(name.endswith(".toml") for name in kept), kept
    assert sorted(path.name for path in (ROOT / "research").glob("*.py"))  # the scripts moved there


def test_every_script_named_by_path_exists():
    missing = []
    for name in _tracked_text_files():
        path = ROOT / name
        if name in PENDING or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            missing += [f"{name}:{number}: {script}" for script in SCRIPT.findall(line) if not (ROOT / script).is_file()]
    assert not missing, "scripts named but not there:\n" + "\n".join(missing)


def test_the_readme_tree_names_the_research_folder():
    readme = Path(ROOT / "README.md").read_text(encoding="utf-8")
    assert "| `research/` |" in readme and "| `experiments/` |" in readme


def test_every_pending_file_still_names_a_moved_script():
    clean = sorted(name for name in PENDING if (ROOT / name).is_file()
                   and not re.search(r"experiments/[a-z0-9_]+\.py", (ROOT / name).read_text(encoding="utf-8")))  # fmt: skip
    assert not clean, f"no script at its old place left in {clean}: remove them from PENDING"
