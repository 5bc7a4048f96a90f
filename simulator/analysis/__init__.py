"""The analysis layer: balance questions answered with honest statistics, and reports.

Modules, from data to document:

- :mod:`.runs` reads run folders (refusing incomplete or mismatched ones) and builds the
  per-game measures every other module uses;
- :mod:`.stats` holds the statistics (Wilson, paired differences, Holm, wording);
- :mod:`.seats`, :mod:`.tournament`, :mod:`.compare`, :mod:`.events`, :mod:`.shape`,
  :mod:`.convergence` answer one question each;
- :mod:`.store` plays the runs a study needs (reusing identical complete runs on disk);
- :mod:`.charts` draws, :mod:`.report` assembles and writes HTML or Markdown;
- :mod:`.experiment` reads ``experiments/*.toml``; :mod:`.commands` adds the CLI commands.

The methods are described in ``docs/analysis.md``.
"""
