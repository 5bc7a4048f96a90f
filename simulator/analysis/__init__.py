"""The analysis layer: balance questions answered with honest statistics, and reports.

Subpackages, from data to document (each may import the ones before it, never those after):

- :mod:`.stats` reads run folders (refusing incomplete or mismatched ones), builds the per-game
  measures and answers one question per module (seats, tournament, compare, events, shape,
  convergence, coverage, game-quality measures), with the statistics in :mod:`.stats.intervals`;
- :mod:`.report` draws the charts and assembles and writes HTML or Markdown;
- :mod:`.studies` plays what a study needs: the run store (reusing identical complete runs on
  disk), ``experiments/*.toml``, the strength ladder, skill versus luck, tuning, fair play.

The commands are in :mod:`simulator.cli`; the methods are described in ``docs/analysis.md``.
"""
