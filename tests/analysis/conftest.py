"""Fixtures: the toy game registered as ``toy``, runs of it, and the CLI with the analysis commands."""

from __future__ import annotations

import pytest

from simulator.core.run import runner
from tests.toy_fixture import toy_game  # noqa: F401  (autouse: the toy game is registered)




@pytest.fixture
def play(tmp_path):
    """``play(name, players=3, n=2000, seed=7, lineup=(), variants=())`` -> path of a finished toy run."""

    def _play(name, players=3, n=2000, seed=7, lineup=(), variants=()):
        config = runner.RunConfig("toy", players, n, seed, tuple(lineup), tuple(variants), 500)
        out = tmp_path / name
        runner.run(runner.prepare(config), out, jobs=1)
        return out

    return _play


@pytest.fixture
def cli_with_analysis():
    """The ``islandsim`` click group with the analysis commands registered."""
    from simulator.cli.analysis import register
    from simulator.cli.commands import cli

    if "report" not in cli.commands:
        register(cli)
    return cli
