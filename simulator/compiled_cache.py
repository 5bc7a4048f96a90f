"""Where numba keeps the compiled engines: one folder per version of each game's code.

numba's own cache checks only the timestamp of the file that holds a compiled function, so a
change to a constant or a helper in another module would leave stale machine code in use.
islandsim therefore points numba at a folder named after a hash of the sources that the
compiled code depends on: for a game, every file of ``simulator/games/<id>`` (code and data),
``strategies/<id>.py``, and the core modules numba compiles (those defining ``@njit`` functions or
caching compiled code, ``cache=True``) with every core module they import at module level (whose
constants compiled code may bake in).  The hash is of the files' contents, not their names or
places: moving a file changes nothing, and editing the CLI, the analysis, the run store or any
core module outside that set (``simulator/core/store``, ``simulator/core/run``...) leaves the
compiled engines and the stored runs of the analysis store valid.  Any change to compiled code
gives a fresh cache; an unchanged install loads its compiled engines in a fraction of a second.
A game's files (``simulator/games/<id>/``, ``strategies/<id>.py``) always
compile into the game's folder, whether the module was imported through the registry or directly
(a numba cache locator of ours decides by the file's path), so an engine is compiled once, not once
per way of importing it.

The base folder is ``$ISLANDSIM_CACHE_DIR``, else ``$NUMBA_CACHE_DIR``, else
``~/.cache/islandsim``.  Every process (local workers, Dask workers with the same install)
computes the same folders.  Each use stamps the folder (``.last-used``); folders of code
versions not used for ``STALE_AFTER_DAYS`` days are removed, so upgrades and edits do not pile
up compiled code (30-60 MB per game version).  Only folders islandsim created are ever removed:
they hold the marker file ``.islandsim-cache``; a folder of another program that merely looks
like ``word-<16 hex>`` in the same base folder, or a symlink, is left alone.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
import shutil
import time
from pathlib import Path

_TOP = Path(__file__).resolve().parent.parent
CORE = "simulator/core"
"""The game-agnostic code; only the part of it that compiled code depends on is fingerprinted."""


def _hash_contents(paths: list[Path]) -> str:
    """A hash of the files' contents alone, whatever their names and order."""
    digest = hashlib.sha256()
    for content_digest in sorted(hashlib.sha256(path.read_bytes()).digest() for path in paths):
        digest.update(content_digest)
    return digest.hexdigest()[:16]


SOURCE_SUFFIXES = (".py", ".csv", ".json", ".toml")
"""Code and data files: numba bakes module-level tables built from data files into machine code."""
NOT_COMPILED = ("visibility.py", "narrate.py", "play_text.py", "narration.py", "option_steps.py", "draw.py",
                "replay_page.py", "stepping.py", "rule_settings.py", "settings.py")
"""Plain-Python files in those folders that no compiled code imports: the declarations of what
each seat can see (``simulator/core/engine/visibility.py``), the narration that turns a log into
words (``narrate.py``, ``play_text.py``, ``simulator/core/engine/narration.py``), the choice of an
option in steps (``simulator/core/engine/option_steps.py``), a game stepped from Python
(``simulator/core/engine/stepping.py``), the declared rule settings, whose values reach the
engines at run time (``simulator/core/engine/rule_settings.py``, each game's ``settings.py``: a
changed default changes a run's rules fingerprint, not its code) and the visual replay (each game's
``draw.py``, ``simulator/core/engine/replay_page.py``).  Editing them must
neither recompile engines nor mark stored runs as played by other code
(``tests/core/test_compiled_cache.py`` checks that no module with compiled code imports them)."""


def _python_files(relative: str, top: Path = _TOP) -> list[Path]:
    location = top / relative
    if location.is_file():
        return [location]
    if not location.is_dir():
        return []
    return sorted(
        path for path in location.rglob("*")
        if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts and path.name not in NOT_COMPILED
    )


_COMPILES = re.compile(r"^[ \t]*@(?:numba\.)?(?:njit|jit|vectorize|guvectorize)\b|\bcache=True\b", re.M)
"""A module that numba compiles: it decorates functions for numba or caches compiled code."""
_IMPORT = re.compile(r"^(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)|import[ \t]+([\w., \t]+))", re.M)
"""A module-level import statement (at the start of a line): what compiled code can bake in."""


def _module_name(path: Path, top: Path) -> str:
    parts = list(path.relative_to(top).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_imports(text: str) -> set[str]:
    """The modules a source imports at module level, with ``from package import name`` also
    naming ``package.name`` (a submodule, when there is one)."""
    named = set()
    for source, names, plain in _IMPORT.findall(text):
        if plain:
            named.update(part.split(" as ")[0].strip() for part in plain.split(","))
            continue
        named.add(source)
        for name in names.strip("()").replace("\n", " ").split(","):
            if name.strip():
                named.add(f"{source}.{name.split(' as ')[0].strip()}")
    return named


def compiled_core_files(game_files: list[Path], top: Path = _TOP) -> list[Path]:
    """The core files compiled code depends on: core modules numba compiles, and every core module
    imported at module level by them or by ``game_files`` (a game's code and strategies), transitively."""
    core = {_module_name(path, top): path for path in _python_files(CORE, top) if path.suffix == ".py"}
    texts = {name: path.read_text(encoding="utf-8") for name, path in core.items()}
    pending = [name for name, text in texts.items() if _COMPILES.search(text)]
    for path in game_files:
        if path.suffix == ".py":
            pending += [name for name in _module_imports(path.read_text(encoding="utf-8")) if name in core]
    needed: set[str] = set()
    while pending:
        name = pending.pop()
        if name in needed:
            continue
        needed.add(name)
        pending += [imported for imported in _module_imports(texts[name]) if imported in core]
    return sorted(core[name] for name in needed)


def fingerprint(game_id: str | None = None, top: Path = _TOP) -> str:
    """:func:`source_fingerprint` of the sources under ``top`` (uncached; tests give another tree)."""
    if game_id is None:
        game_files = _python_files("simulator/games", top) + _python_files("strategies", top)
    else:
        game_files = _python_files(f"simulator/games/{game_id}", top) + _python_files(f"strategies/{game_id}.py", top)
    return _hash_contents(compiled_core_files(game_files, top) + game_files)


@functools.lru_cache(maxsize=None)
def source_fingerprint(game_id: str | None = None) -> str:
    """A short hash of the contents of one game's engine, data and strategies and of the core code
    they compile with (:func:`compiled_core_files`).

    It names the numba cache folder and, in the analysis store, decides whether a stored run
    was played by the current code.

    Without ``game_id``: of every compiled source (that core code, all games, all strategies); that
    folder serves modules imported directly rather than through the registry (tests do so).
    """
    return fingerprint(game_id)


def cache_folder(game_id: str | None = None) -> Path:
    """The numba cache folder for this version of the core (and of ``game_id``'s code)."""
    base = os.environ.get("ISLANDSIM_CACHE_DIR") or os.environ.get("NUMBA_CACHE_DIR")
    base_path = Path(base) if base else Path.home() / ".cache" / "islandsim"
    name = f"numba-{source_fingerprint(game_id)}" if game_id is None else f"{game_id}-{source_fingerprint(game_id)}"
    return base_path / name


STALE_AFTER_DAYS = 30
"""A cache folder unused for this long belongs to code that is gone: it is removed."""
LAST_USED = ".last-used"
MARKER = ".islandsim-cache"
"""Written into every cache folder islandsim creates; the cleanup removes only folders holding it."""
MARKER_TEXT = "numba cache folder created by islandsim; removed after 30 days unused\n"
_CACHE_FOLDER_NAME = re.compile(r"^[a-z]+-[0-9a-f]{16}$")


def _last_used(folder: Path) -> float:
    stamp = folder / LAST_USED
    return (stamp if stamp.exists() else folder).stat().st_mtime


def _is_islandsim_cache(folder: Path) -> bool:
    """A real folder (not a symlink) named like a cache folder and holding islandsim's marker."""
    return (
        _CACHE_FOLDER_NAME.match(folder.name) is not None
        and not folder.is_symlink()
        and folder.is_dir()
        and (folder / MARKER).is_file()
    )


@functools.lru_cache(maxsize=None)
def remove_stale_folders(base: Path) -> list[Path]:
    """Remove the cache folders under ``base`` not used for ``STALE_AFTER_DAYS`` (once per process)."""
    removed = []
    cutoff = time.time() - STALE_AFTER_DAYS * 86400
    with contextlib.suppress(OSError):
        for folder in base.iterdir():
            if _is_islandsim_cache(folder):
                with contextlib.suppress(OSError):
                    if _last_used(folder) < cutoff:
                        shutil.rmtree(folder)
                        removed.append(folder)
    return removed


def _prepare(folder: Path) -> bool:
    """Create ``folder`` with islandsim's marker and stamp it as used; False if it cannot be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        marker = folder / MARKER
        if not marker.exists():
            marker.write_text(MARKER_TEXT)
        (folder / LAST_USED).touch()
    except OSError:
        return False
    remove_stale_folders(folder.parent)
    return True


def _point_numba_at(folder: Path) -> str | None:
    from numba.core import config

    previous = config.CACHE_DIR
    if _prepare(folder):
        config.CACHE_DIR = str(folder)
    return previous  # an unwritable home leaves numba its own locations


@functools.lru_cache(maxsize=None)
def game_of_source(py_file: str) -> str | None:
    """The game whose cache folder holds what ``py_file`` compiles: ``simulator/games/<id>/...`` and
    ``strategies/<id>.py`` belong to game ``<id>``; any other file to none (None)."""
    try:
        relative = Path(py_file).resolve().relative_to(_TOP)
    except ValueError:
        return None
    parts = relative.parts
    if len(parts) >= 4 and parts[:2] == ("simulator", "games"):
        return parts[2]
    if len(parts) == 2 and parts[0] == "strategies" and relative.suffix == ".py":
        game_id = relative.stem
        return game_id if (_TOP / "simulator" / "games" / game_id).is_dir() else None
    return None


@functools.lru_cache(maxsize=None)
def _prepared_game_folder(game_id: str) -> Path | None:
    folder = cache_folder(game_id)
    return folder if _prepare(folder) else None


def _game_folder_locator_class():
    """A numba cache locator that files a game's compiled functions in the game's folder, however the
    module was imported: through the registry (``get_game``) or directly (as tests do).  Without it,
    a direct import would compile the same engine a second time into the folder of all sources."""
    from numba.core import caching

    base = getattr(caching, "UserProvidedCacheLocator", None) or caching._UserProvidedCacheLocator

    class GameFolderLocator(base):
        def __init__(self, py_func, py_file):
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            folder = _prepared_game_folder(game_of_source(py_file))
            self._cache_path = os.path.join(str(folder), self.get_suitable_cache_subpath(py_file))

        @classmethod
        def from_function(cls, py_func, py_file):
            game_id = game_of_source(py_file)
            if game_id is None or _prepared_game_folder(game_id) is None:
                return None  # not a game's file: the folder numba is pointed at (config.CACHE_DIR)
            return super(base, cls).from_function(py_func, py_file)

    return caching, GameFolderLocator


def use_versioned_cache() -> None:
    """Point numba at the folder of all compiled sources, and file each game's compiled functions in
    its own folder (run once, before any compiled module is imported)."""
    _point_numba_at(cache_folder())
    caching, locator = _game_folder_locator_class()
    implementation = getattr(caching, "CacheImpl", None) or caching._CacheImpl
    if not any(getattr(known, "__name__", "") == locator.__name__ for known in implementation._locator_classes):
        implementation._locator_classes.insert(0, locator)


@contextlib.contextmanager
def game_cache(game_id: str):
    """While importing a game's modules and strategies, cache what they compile in its folder."""
    from numba.core import config

    previous = _point_numba_at(cache_folder(game_id))
    try:
        yield
    finally:
        config.CACHE_DIR = previous
