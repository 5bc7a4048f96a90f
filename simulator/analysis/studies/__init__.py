"""Studies that play games to answer a question: the run store that reuses identical runs
(:mod:`.store`), declarative experiments (:mod:`.experiment`), seatings played in memory
(:mod:`.matches`), the strength ladder (:mod:`.ladder`), skill versus luck (:mod:`.skill`),
weight tuning (:mod:`.tune`) and the fair-play check of a strategy (:mod:`.fairplay`).
Built on :mod:`simulator.analysis.stats` and :mod:`simulator.analysis.report`.
"""
