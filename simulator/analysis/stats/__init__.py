"""Answers read off run folders, each with its 95% interval; nothing here plays a game.
Reading runs (:mod:`.runs`), intervals and paired tests (:mod:`.intervals`), game-quality
measures (:mod:`.measures`), seat advantage (:mod:`.seats`), paired comparison of setups
(:mod:`.compare`), event-card impact (:mod:`.events`), strategy strength from rotations
(:mod:`.tournament`), score shape (:mod:`.shape`), convergence (:mod:`.convergence`) and what
never or how often rules happened (:mod:`.coverage`, :mod:`.rule_coverage`), games stopped at
a cap (:mod:`.stalls`) and the compensation that evens out a seat (:mod:`.compensation`).
"""


from pathlib import Path

_SUBMODULES = tuple(sorted(path.stem for path in Path(__file__).parent.glob("*.py") if path.stem != "__init__"))


def __getattr__(name: str):
    """The former module ``simulator.analysis.stats`` is now :mod:`simulator.analysis.stats.intervals`: its names keep working here."""
    from simulator.moved_modules import package_attribute

    return package_attribute(__name__, _SUBMODULES, "simulator.analysis.stats.intervals", name)
