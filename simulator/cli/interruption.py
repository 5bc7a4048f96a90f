"""What a long command does when it is stopped: one line saying what was kept and the command that
continues the work, then exit status 130 (Ctrl-C) or 143 (SIGTERM, handled as Ctrl-C).

``run`` keeps its finished chunks (:mod:`simulator.core.run.runner`); ``experiment``, ``tournament``,
``compare``, ``coverage``, ``ladder`` and ``skill`` keep their finished runs in the run store, and the
finished chunks of the run in progress; ``tune`` keeps its search state after each finished
generation; every other command keeps nothing (:class:`InterruptibleGroup`).  docs/running.md,
"What each command keeps when stopped", says it for the user.
"""

from __future__ import annotations

import contextlib
import shlex
import signal
import sys
import threading
from pathlib import Path
from typing import Callable, Iterable

import click

from simulator.analysis.studies import stored_play
from simulator.core.engine.narration import plural
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


def interruption_line(kept: str | None, again: str) -> str:
    """The line an interrupted command prints: what it kept (``None``: nothing) and what continues it."""
    if kept is None:
        return f"interrupted: nothing was kept; start again with: {again}"
    return f"interrupted: kept {kept}; continue with: {again}"


def nothing_kept() -> None:
    """What a command that stores nothing keeps when stopped (see :func:`interruption_line`)."""
    return None


@contextlib.contextmanager
def stopped_with_a_line(kept: Callable[[], str | None], again: Callable[[], str]):
    """While the body runs, SIGTERM is handled as Ctrl-C; after either, one line on stderr
    (:func:`interruption_line` of ``kept()`` and ``again()``), and exit 130 or 143."""
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        yield
    except KeyboardInterrupt as stop:
        click.echo(interruption_line(kept(), again()), err=True)
        sys.exit(EXIT_TERMINATED if isinstance(stop, runner.Terminated) else EXIT_INTERRUPTED)
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)


_on_stop: tuple[Callable[[], str | None], Callable[[], str]] = (nothing_kept, command_again)


def on_stop(kept: Callable[[], str | None], again: Callable[[], str]) -> None:
    """From now to the end of the command, a Ctrl-C or SIGTERM prints ``kept()`` and ``again()``
    (:func:`interruption_line`): a command calls it once it knows what it will keep."""
    global _on_stop
    _on_stop = (kept, again)


def kept_in_store(store_folder: Path, configs: list) -> Callable[[], str]:
    """What a command playing the runs ``configs`` into the run store keeps, in words."""

    def kept() -> str:
        done = stored_play.complete_runs(store_folder, configs)
        text = f"{done} of {plural(len(configs), 'run')} complete in {store_folder}"
        return text if done == len(configs) else f"{text}, and the finished chunks of the run in progress"

    return kept


def again_with_seed(seed: int, drawn: bool) -> Callable[[], str]:
    """The command that continues one whose seed was ``drawn`` at random: the same, with that
    ``--seed`` (the same games, so the stored runs are reused)."""
    return lambda: command_again(("--seed", str(seed)) if drawn else ())


class InterruptibleGroup(click.Group):
    """The ``islandsim`` group: every command stopped by Ctrl-C or SIGTERM ends with one line, what
    it kept (:func:`on_stop`; by default nothing) and the command that continues it, exit 130 or
    143: never click's bare "Aborted!" or a traceback.  A command inside its own
    :func:`stopped_with_a_line` says it there."""

    def invoke(self, ctx: click.Context):
        on_stop(nothing_kept, command_again)
        with stopped_with_a_line(lambda: _on_stop[0](), lambda: _on_stop[1]()):
            return super().invoke(ctx)
