"""Writing reports: the :class:`~.document.Document` (HTML or Markdown, with the style sheet every
HTML report shares), the first screen of answers (:mod:`.answers`), the game-quality sections
(:mod:`.quality`), the players section and panel files (:mod:`.players`), the compensation
section (:mod:`.compensation`), the charts (:mod:`.charts`) and the caveats that disclose
reconstructed components on the first screen (:mod:`.reconstructions`).  Reads :mod:`simulator.analysis.stats`; plays nothing.
"""


from pathlib import Path

_SUBMODULES = tuple(sorted(path.stem for path in Path(__file__).parent.glob("*.py") if path.stem != "__init__"))


def __getattr__(name: str):
    """The former module ``simulator.analysis.report`` is now :mod:`simulator.analysis.report.document`: its names keep working here."""
    from simulator.moved_modules import package_attribute

    return package_attribute(__name__, _SUBMODULES, "simulator.analysis.report.document", name)
