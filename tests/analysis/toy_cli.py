"""``python -m tests.analysis.toy_cli ARGS``: the ``islandsim`` command line with the toy games registered
(``toy``, ``skilltoy``), for the tests that stop a real process part-way (tests/analysis/test_interruptions.py)."""

import sys

from simulator.core.engine import registry

registry.GAME_MODULES.setdefault("toy", "tests.analysis.toygame")
registry.GAME_MODULES.setdefault("skilltoy", "tests.analysis.skilltoy")

from simulator.cli.commands import main  # noqa: E402  (after the registration, as the tests' fixtures do)

if __name__ == "__main__":
    main(sys.argv[1:])
