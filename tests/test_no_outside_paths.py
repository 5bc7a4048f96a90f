"""No document or source file points at a file outside the project.

The rule, for every tracked text file (``git ls-files``: .md, .py, .toml, .txt, .csv, .json, and
the Makefile): no absolute path into the places where a person's or a machine's own files live,
``/work/``, ``/home/``, ``/root/``, ``/Users/``, ``/mnt/``, ``/tmp/``, and no path into the
company's shared folder (``shared/rules/``, ``shared/specs/``, ``shared/components/``, absolute or
not). A reader of a clone has none of those files: a rule text or a spec is cited by its title and
section (e.g. "Loot Island rulebook (French), section 'Fin du jeu'"), a command by a path inside the
project or a placeholder (``COPY_FOLDER``), an output folder by a relative name.

What the rule allows, because it points at no document: paths of the operating system itself
(``/usr/bin/chromium``, ``/etc/passwd`` as the classic untrusted path in a test, ``/dev/null``),
the user's own folders written with ``~`` (``~/.cache/islandsim``), an example value of a setting
such as ``ISLANDSIM_CACHE_DIR=/shared/numba-cache`` (a folder the user chooses, not a file cited),
and temporary files, which code makes with ``tempfile`` or pytest's ``tmp_path``, never by writing
``/tmp/...`` literally (the literal form is what a pasted command or a note leaves behind).

``PENDING`` lists the files whose paths are being fixed on other branches right now; each entry
goes once its file is clean (the second test says when).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = (".md", ".py", ".toml", ".txt", ".csv", ".json")

OUTSIDE = re.compile(
    r"(?<![\w.~$-])/(?:work|home|root|Users|mnt|tmp)(?:/|\b)"  # an absolute path into someone's files
    r"|(?<![\w.-])/?shared/(?:rules|specs|components)/"  # the company's shared folder
)
"""A path to a file outside the project (see the module's docstring for what it allows)."""

# Pending (issue 37): these files are being edited on other branches; the lead replaces their
# absolute paths with titles and sections after merging them, then removes the entries.
PENDING: set[str] = set()


SELF = "tests/test_no_outside_paths.py"
"""This file, whose examples of what the rule refuses are such paths."""


def _tracked_text_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    return [name for name in listed.stdout.split("\0")
            if name.endswith(SUFFIXES) or name == "Makefile"]  # fmt: skip


def _outside_paths(name: str) -> list[str]:
    path = ROOT / name
    if not path.is_file():  # deleted in the work tree, not yet in the index
        return []
    text = path.read_text(encoding="utf-8", errors="replace")
    return [f"{name}:{number}: {line.strip()[:160]}" for number, line in enumerate(text.splitlines(), start=1)
            if OUTSIDE.search(line)]  # fmt: skip


def test_the_rule_tells_a_pointer_outside_from_what_it_allows():
    for pointer in ("see /work/shared/rules/loot-island.fr.md", "`/home/me/notes.md`", "--out /tmp/warm",
                    'cwd="/tmp"', "/root/.bashrc", "shared/specs/skeleton.md", "PYTHONPATH=$PWD:/tmp"):
        assert OUTSIDE.search(pointer), pointer
    for allowed in ("/usr/bin/chromium", "'/etc/passwd'", "~/.cache/islandsim", "ISLANDSIM_CACHE_DIR=/shared/numba-cache",
                    "docs/games/tobago.md", "tmp_path / 'run'", "results/store", "simulator/games/loot/data/",
                    "$TMPDIR/x", "a shared/ folder"):
        assert not OUTSIDE.search(allowed), allowed


def test_no_tracked_text_file_points_outside_the_project():
    found = [hit for name in _tracked_text_files() if name not in PENDING and name != SELF for hit in _outside_paths(name)]
    assert not found, "paths to files outside the project (cite a title and section instead):\n" + "\n".join(found)


def test_every_pending_file_still_needs_its_entry():
    tracked = set(_tracked_text_files())
    clean = sorted(name for name in PENDING if name not in tracked or not _outside_paths(name))
    assert not clean, f"no outside path left in {clean}: remove them from PENDING"
