"""The lock that makes one process at a time the writer of a run folder.

It is an operating-system lock on ``DIR/.lock`` taken through the ``filelock`` package
(``flock`` on Linux and macOS, ``LockFileEx`` on Windows), so it is released by the system
when the holder dies however it dies: a ``.lock`` file left behind by a killed process is
not a held lock, and the next writer takes it at once.  The holder writes its pid into the
file so that a refused writer can say who holds it.  ``filelock`` opens the file with
``O_NOFOLLOW``: a symlink planted as ``.lock`` is refused, never followed.

The lock is re-entrant within a process: the run store takes it around "reuse, clear or
play this run", and the runner inside takes it again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from simulator.core.engine.registry import UsageError

LOCK = ".lock"
"""The lock file of a run folder."""
WAIT_NOTICE_SECONDS = 0.5
"""How long a waiting writer is silent before saying whom it waits for."""


def _write_holder_pid(descriptor: int) -> None:
    os.ftruncate(descriptor, 0)
    os.write(descriptor, str(os.getpid()).encode())


def _holder(lock_path: Path) -> str:
    try:
        return lock_path.read_text().strip() or "unknown"
    except OSError:
        return "unknown"


class RunLock:
    """Exclusive writer lock of one run folder (a re-entrant context manager).

    ``wait=False`` refuses at once with a :class:`UsageError` naming the holder's pid;
    ``wait=True`` waits for the holder to finish (``say`` is told once whom it waits for).
    The folder must exist.
    """

    def __init__(self, run_dir: Path, wait: bool = False, say: Callable[[str], None] | None = None):
        self.run_dir = Path(run_dir)
        self.wait = wait
        self.say = say
        self._lock = None

    @property
    def path(self) -> Path:
        """The lock file."""
        return self.run_dir / LOCK

    def __enter__(self) -> "RunLock":
        import filelock

        # one instance per path in this process: a second acquisition here is re-entrant
        self._lock = filelock.FileLock(self.path, is_singleton=True, on_acquired=_write_holder_pid)
        try:
            self._lock.acquire(timeout=WAIT_NOTICE_SECONDS if self.wait else 0)
        except filelock.Timeout:
            if not self.wait:
                raise UsageError(
                    f"{self.run_dir} is being written by another islandsim process (pid {_holder(self.path)}); "
                    "wait for it to finish, or stop it"
                ) from None
            if self.say is not None:
                self.say(f"waiting for islandsim process {_holder(self.path)}, which is writing {self.run_dir}")
            self._lock.acquire()
        except OSError as error:  # a symlink planted as .lock (ELOOP), a folder in its place...
            raise UsageError(f"{self.run_dir}: cannot take the lock {self.path} ({error.strerror or error})") from None
        return self

    def __exit__(self, *exc) -> bool:
        if self._lock is not None:
            self._lock.release()
        return False
