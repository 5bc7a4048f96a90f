"""Where numba keeps the compiled engines: one folder per version of the source code.

numba's own cache checks only the timestamp of the file that holds a compiled function, so a
change to a constant or a helper in another module would leave stale machine code in use.
islandsim therefore points numba at a folder named after a hash of every Python source of
``simulator/core``, ``simulator/games`` and ``strategies``: any change to the code gives a fresh cache, and an
unchanged install keeps loading its compiled engines in a fraction of a second.

The base folder is ``$ISLANDSIM_CACHE_DIR``, else ``$NUMBA_CACHE_DIR``, else
``~/.cache/islandsim``.  Every process (local workers, Dask workers with the same install)
computes the same folder.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_COMPILED_SOURCES = ("simulator/core", "simulator/games", "strategies")
"""Folders whose code numba compiles (or that compiled code calls); the CLI and analysis are not hashed."""


def source_fingerprint() -> str:
    """A short hash of every Python source file of the engines and strategies."""
    top = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for root in _COMPILED_SOURCES:
        for path in sorted((top / root).rglob("*.py")):
            digest.update(str(path.relative_to(top)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_folder() -> Path:
    """The numba cache folder for this version of the code."""
    base = os.environ.get("ISLANDSIM_CACHE_DIR") or os.environ.get("NUMBA_CACHE_DIR")
    base_path = Path(base) if base else Path.home() / ".cache" / "islandsim"
    return base_path / f"numba-{source_fingerprint()}"


def use_versioned_cache() -> None:
    """Point numba at :func:`cache_folder` (must run before any engine module is imported)."""
    from numba.core import config

    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return  # unwritable home: numba falls back to its own locations
    config.CACHE_DIR = str(folder)
