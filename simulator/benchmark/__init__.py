"""Benchmarks that are not part of the compiled code: the A/B comparison of two revisions
(:mod:`simulator.benchmark.ab`) and the README's speed table (:mod:`simulator.benchmark.table`).

They live outside ``simulator/core`` on purpose: the numba cache of every game is keyed by a hash
of ``simulator/core`` (``simulator/compiled_cache.py``), so a change to a benchmark there would
make every engine compile again.
"""
