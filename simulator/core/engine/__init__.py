"""The game contract and what every engine shares: the registry of games (:mod:`.registry`), the
forward-model play loop (:mod:`.forward`), the strategy signature and decision checks
(:mod:`.decisions`), the counter-based random streams (:mod:`.rng`), the event log
(:mod:`.gamelog`), ranks and score trajectories (:mod:`.ranking`, :mod:`.standings`), seat numbers
(:mod:`.seats`), tie-breaking among equal options (:mod:`.ties`), what each seat may see
(:mod:`.visibility`), the narration helpers (:mod:`.narration`), choosing an option in steps
(:mod:`.option_steps`) and the visual replay page (:mod:`.replay_page`, which each game's
``draw.py`` fills).  Games import from here and from nothing above it; most of it is compiled
by numba (``simulator/compiled_cache.py`` fingerprints the compiled modules by content).
"""
