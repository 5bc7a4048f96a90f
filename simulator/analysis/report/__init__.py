"""Writing reports: the :class:`~.document.Document` (HTML or Markdown) and its page template
(:mod:`.page`), the first screen of answers (:mod:`.answers`), the game-quality sections
(:mod:`.quality`), the players section and panel files (:mod:`.players`) and the charts
(:mod:`.charts`).  Reads :mod:`simulator.analysis.stats`; plays nothing.
"""
