"""The ``islandsim`` command line, one module per command group: the group and the game commands
(:mod:`.commands`: games, strategies, run, replay, repair, export, bench), the options several
commands share (:mod:`.options`), ``play`` (:mod:`.play`), the study commands (:mod:`.analysis`:
tournament, compare, report, experiment), ``coverage`` (:mod:`.coverage`), the player commands
``tune``, ``ladder``, ``skill`` and ``check-strategy`` (:mod:`.tune`, :mod:`.ladder`, :mod:`.skill`,
:mod:`.check_strategy`) and ``bench-ab``, ``bench-table`` (:mod:`.benchmark`); the line a stopped long command ends
with (:mod:`.interruption`).  The top layer:
nothing below imports it.
"""


def __getattr__(name: str):
    """``from simulator.cli import main`` (the ``islandsim`` entry point of older installs) keeps
    working: the command group lives in :mod:`simulator.cli.commands`."""
    if name == "main":
        from simulator.cli.commands import main

        return main
    raise AttributeError(f"module 'simulator.cli' has no attribute {name!r}")
