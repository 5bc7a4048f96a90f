"""The numba cache folders: one per version of a game's code, stale ones removed."""

import os
import time

from simulator import compiled_cache


def test_folders_are_named_after_the_code_they_hold():
    assert compiled_cache.cache_folder("loot").name == f"loot-{compiled_cache.source_fingerprint('loot')}"
    assert compiled_cache.source_fingerprint("loot") != compiled_cache.source_fingerprint("sails")


def test_unused_folders_of_old_code_are_removed_and_others_kept(tmp_path):
    old, recent, current, foreign, lookalike = (tmp_path / name for name in (
        "loot-0123456789abcdef", "sails-fedcba9876543210", "numba-00000000000000aa", "notes", "data-00112233aabbccdd"))  # fmt: skip
    for folder in (old, recent, current, foreign, lookalike):
        folder.mkdir()
        (folder / compiled_cache.LAST_USED).touch()
    for folder in (old, recent, current):  # the folders islandsim created carry its marker
        (folder / compiled_cache.MARKER).write_text(compiled_cache.MARKER_TEXT)
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    (elsewhere / compiled_cache.MARKER).write_text(compiled_cache.MARKER_TEXT)
    link = tmp_path / "skirmish-aaaaaaaaaaaaaaaa"
    link.symlink_to(elsewhere)
    long_ago = time.time() - (compiled_cache.STALE_AFTER_DAYS + 1) * 86400
    for stamp in (old / compiled_cache.LAST_USED, foreign / compiled_cache.LAST_USED,
                  lookalike / compiled_cache.LAST_USED, elsewhere):  # fmt: skip
        os.utime(stamp, (long_ago, long_ago))
    os.utime(recent / compiled_cache.LAST_USED, (time.time() - 86400,) * 2)
    assert compiled_cache.remove_stale_folders(tmp_path) == [old]
    kept = (recent, current, foreign, lookalike, link)  # a folder without the marker, or a symlink, is not islandsim's
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(path.name for path in kept)
    assert elsewhere.is_dir()


def test_a_game_file_compiles_into_the_game_folder_however_it_is_imported():
    """Tests import engines directly, the CLI through the registry: both must use one folder, or
    every engine is compiled twice."""
    top = compiled_cache._TOP
    assert compiled_cache.game_of_source(str(top / "simulator/games/loot/engine.py")) == "loot"
    assert compiled_cache.game_of_source(str(top / "strategies/skirmish.py")) == "skirmish"
    assert compiled_cache.game_of_source(str(top / "strategies/params/loot/greedy-tuned-4p.toml")) is None
    assert compiled_cache.game_of_source(str(top / "simulator/core/engine/forward.py")) is None
    assert compiled_cache.game_of_source("/elsewhere/simulator/games/loot/engine.py") is None

    from simulator.games.sails import engine  # a direct import, outside get_game

    assert engine.apply._cache._cache_path.startswith(str(compiled_cache.cache_folder("sails")))


def test_files_left_out_of_the_fingerprint_are_not_imported_by_compiled_code():
    """A file left out of the fingerprint (narration, visibility declarations) must not reach
    machine code: no module that compiles anything imports it, so editing it cannot leave a
    stale engine in the cache."""
    import ast
    from pathlib import Path

    top = Path(__file__).resolve().parents[2]
    left_out = {name[:-3] for name in compiled_cache.NOT_COMPILED}
    sources = [*top.glob("simulator/games/*/*.py"), *top.glob("strategies/*.py"), *top.rglob("simulator/core/**/*.py")]
    offenders = []
    for path in sources:
        text = path.read_text()
        if "njit" not in text or path.stem in left_out:
            continue
        for node in ast.walk(ast.parse(text)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
            offenders += [f"{path.relative_to(top)} imports {name}" for name in names
                          if name.rsplit(".", 1)[-1] in left_out]  # fmt: skip
    assert offenders == []
    assert {"visibility.py", "narrate.py"} <= set(compiled_cache.NOT_COMPILED)


def _copy_of_the_sources(tmp_path):
    """The compiled-cache-relevant part of the tree (simulator/, strategies/), copied under tmp_path."""
    import shutil

    top = compiled_cache._TOP
    for folder in ("simulator", "strategies"):
        shutil.copytree(top / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_the_fingerprint_ignores_moves_and_pure_python_files_but_not_compiled_code(tmp_path):
    """Issue 24: the fingerprint hashes the contents of what numba compiles, so moving files (the
    house-order regrouping) or editing the run store, the CLI or the analysis leaves compiled engines
    and stored runs valid, while any edit to compiled core code gives a new fingerprint."""
    top = _copy_of_the_sources(tmp_path)
    before = {game: compiled_cache.fingerprint(game, top) for game in (None, "loot", "sails")}
    assert before == {game: compiled_cache.source_fingerprint(game) for game in before}

    (top / "simulator/core/store/results.py").write_text("# edited\n" + (top / "simulator/core/store/results.py").read_text())
    (top / "simulator/core/store/paths.py").rename(top / "simulator/core/store/output_paths.py")
    (top / "simulator/cli/commands.py").write_text("# edited\n")
    (top / "simulator/core/engine/rng.py").rename(top / "simulator/core/engine/random_streams.py")
    assert {game: compiled_cache.fingerprint(game, top) for game in before} == before

    (top / "simulator/core/engine/random_streams.py").write_text(
        (top / "simulator/core/engine/random_streams.py").read_text() + "\nEXTRA_CONSTANT = 1\n")
    after = {game: compiled_cache.fingerprint(game, top) for game in before}
    assert all(after[game] != before[game] for game in before)


def test_the_compiled_core_is_what_numba_compiles_and_what_it_imports():
    core = {path.relative_to(compiled_cache._TOP).as_posix()
            for path in compiled_cache.compiled_core_files(compiled_cache._python_files("simulator/games/sails"))}
    assert {"simulator/core/engine/rng.py", "simulator/core/engine/forward.py", "simulator/core/engine/decisions.py",
            "simulator/core/players/ismcts.py"} <= core
    assert not [path for path in core if path.startswith(("simulator/core/store/", "simulator/core/run/"))]
    assert "simulator/core/engine/registry.py" not in core and "simulator/core/engine/narration.py" not in core
