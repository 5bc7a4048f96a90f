"""Run folders on disk: the manifest and the Parquet results of every chunk (:mod:`.results`),
what the engine records besides results (:mod:`.records`), the checks made before a folder is
trusted (:mod:`.run_folder_checks`), the one-writer lock (:mod:`.run_lock`), checking output
paths before anything is played (:mod:`.paths`) and ``islandsim export`` (:mod:`.export`).
Plain Python, never compiled; depends on :mod:`simulator.core.engine` only.
"""
