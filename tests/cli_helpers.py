"""Running the ``islandsim`` command line inside the test process."""

from __future__ import annotations

from simulator.cli import commands as cli_module


def islandsim(capsys, *arguments) -> tuple[int, str, str]:
    """``islandsim ARGUMENTS`` in this process: (exit status, stdout, stderr)."""
    try:
        cli_module.main([str(argument) for argument in arguments])
        status = 0
    except SystemExit as exit_request:
        status = exit_request.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err
