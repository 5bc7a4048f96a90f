"""What a long command does when it is stopped: one line saying what was kept and the command that
continues the work, then exit status 130 (Ctrl-C) or 143 (SIGTERM, handled as Ctrl-C).

``run`` keeps its finished chunks (:mod:`simulator.core.run.runner`); ``experiment``, ``ladder`` and
``skill`` keep their finished runs in the run store, and the finished chunks of the run in
progress; ``tune`` keeps its search state after each finished generation.  docs/running.md,
"What each command keeps when stopped", says it for the user.
"""

from __future__ import annotations

import contextlib
import shlex
import signal
import sys
import threading
from typing import Callable, Iterable

import click

from simulator.core.run import runner

EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT)."""
EXIT_TERMINATED = 143
"""SIGTERM (128 + SIGTERM)."""

_typed: list[str] | None = None


def remember(arguments: list[str] | None) -> None:
    """Keep the command line as typed (``islandsim`` left out), for :func:`command_again`."""
    global _typed
    _typed = [str(argument) for argument in arguments] if arguments is not None else None


def command_again(extra: Iterable[str] = (), drop: Iterable[str] = ()) -> str:
    """The command that was typed, shell-quoted, without the flags ``drop`` and with ``extra``
    appended: what continues an interrupted command."""
    typed = _typed if _typed is not None else sys.argv[1:]
    dropped = set(drop)
    words = [word for word in typed if word not in dropped] + list(extra)
    return "islandsim " + shlex.join(words)


def _terminate(signum, frame) -> None:
    raise runner.Terminated()


@contextlib.contextmanager
def stopped_with_a_line(kept: Callable[[], str], again: Callable[[], str]):
    """While the body runs, SIGTERM is handled as Ctrl-C; after either, one line on stderr,
    ``interrupted: kept <kept()>; continue with: <again()>``, and exit 130 or 143."""
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        yield
    except KeyboardInterrupt as stop:
        click.echo(f"interrupted: kept {kept()}; continue with: {again()}", err=True)
        sys.exit(EXIT_TERMINATED if isinstance(stop, runner.Terminated) else EXIT_INTERRUPTED)
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)
