"""Studies that play games to answer a question: the run store that reuses identical runs
(:mod:`.store`), declarative experiments (:mod:`.experiment`), seatings played in memory
(:mod:`.matches`), the strength ladder (:mod:`.ladder`), skill versus luck (:mod:`.skill`),
weight tuning (:mod:`.tune`, its saved search :mod:`.tune_state`), the fair-play check of a
strategy (:mod:`.fairplay`), headlines confirmed under a stronger lineup (:mod:`.confirm`), play
through the run store (:mod:`.stored_play`), the salted random players (:mod:`.replayable`), and the
cross-game players report (:mod:`.players_page`).
Built on :mod:`simulator.analysis.stats` and :mod:`simulator.analysis.report`.
"""
