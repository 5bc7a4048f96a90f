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
