"""Who plays a seat: strategy references (``greedy``, ``greedy@tuned-4p``, ``ismcts+budget=400``,
``mod:decide``) parsed into one small value (:mod:`.reference`) and resolved into compiled
lineups (:mod:`.strategies`), the named parameter files they may name (:mod:`.param_files`), the
settings written after a name (:mod:`.strategy_settings`) and the search player every
forward-model game gets (:mod:`.ismcts`).  Depends on :mod:`simulator.core.engine` only.
"""
