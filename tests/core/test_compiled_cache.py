"""The numba cache folders: one per version of a game's code, stale ones removed."""

import os
import time

from simulator import compiled_cache


def test_folders_are_named_after_the_code_they_hold():
    assert compiled_cache.cache_folder("loot").name == f"loot-{compiled_cache.source_fingerprint('loot')}"
    assert compiled_cache.source_fingerprint("loot") != compiled_cache.source_fingerprint("sails")


def test_unused_folders_of_old_code_are_removed_and_others_kept(tmp_path):
    old, recent, current, foreign = (tmp_path / name for name in
                                     ("loot-0123456789abcdef", "sails-fedcba9876543210", "numba-00000000000000aa", "notes"))  # fmt: skip
    for folder in (old, recent, current, foreign):
        folder.mkdir()
        (folder / compiled_cache.LAST_USED).touch()
    long_ago = time.time() - (compiled_cache.STALE_AFTER_DAYS + 1) * 86400
    os.utime(old / compiled_cache.LAST_USED, (long_ago, long_ago))
    os.utime(foreign / compiled_cache.LAST_USED, (long_ago, long_ago))
    os.utime(recent / compiled_cache.LAST_USED, (time.time() - 86400,) * 2)
    assert compiled_cache.remove_stale_folders(tmp_path) == [old]
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(p.name for p in (recent, current, foreign))
