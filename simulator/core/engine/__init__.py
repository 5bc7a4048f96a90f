"""The game contract and what every engine shares: the registry of games (:mod:`.registry`), the
forward-model play loop (:mod:`.forward`), the strategy signature and decision checks
(:mod:`.decisions`), the counter-based random streams (:mod:`.rng`), the event log
(:mod:`.gamelog`), ranks and score trajectories (:mod:`.ranking`, :mod:`.standings`), seat numbers
(:mod:`.seats`), what each seat may see (:mod:`.visibility`) and the narration helpers
(:mod:`.narration`).  Games import from here and from nothing above it; most of it is compiled
by numba (``simulator/compiled_cache.py`` fingerprints the compiled modules by content).
"""
