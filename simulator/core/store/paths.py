"""Checking, before anything is played, that every output path of a command can be written.

Each command that writes (a run folder, a run store, a report, a reports folder) checks all
its output paths with these functions first, so a path that cannot be written is refused in
one line naming the option, instead of failing after minutes of play.  The check walks up
to the nearest existing folder and creates (and at once deletes) a temporary file there:
that catches read-only folders and file systems, ``/proc``, a file standing where a folder
is expected and missing permissions, whoever runs the command (root included).
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from simulator.core.engine.registry import UsageError


def check_output_folder(path: Path | str, option: str) -> None:
    """Refuse (:class:`UsageError`) a folder ``path`` that cannot be created or written into."""
    path = Path(path)
    _check_names(path, option)
    if path.exists() and not path.is_dir():
        raise UsageError(f"{option} {path} is a file; give a folder")
    _check_writable_ancestor(path, option)


def check_output_file(path: Path | str, option: str) -> None:
    """Refuse (:class:`UsageError`) a file ``path`` that cannot be created or overwritten."""
    path = Path(path)
    _check_names(path, option)
    if path.is_dir():
        raise UsageError(f"{option} {path} is a folder; give a file name")
    if path.exists():
        try:
            with open(path, "ab"):  # appending nothing: opens for writing, changes nothing
                pass
        except OSError as error:
            raise UsageError(f"{option} {path} cannot be written ({describe_os_error(error, with_path=False)})") from None
        return
    _check_writable_ancestor(path.parent, option, shown=path)


def describe_os_error(error: OSError, with_path: bool = True) -> str:
    """An ``OSError`` in plain words: its message (and the path it concerns)."""
    text = error.strerror or (os.strerror(error.errno) if error.errno else str(error))
    if with_path and error.filename is not None:
        text = f"{text}: {error.filename}"
    return text


def _check_names(path: Path, option: str) -> None:
    name_max, path_max = _name_limits()
    for part in path.parts:
        if len(os.fsencode(part)) > name_max:
            raise UsageError(f"{option}: the name '{part[:40]}...' is too long (at most {name_max} bytes per name)")
    if len(os.fsencode(os.path.abspath(path))) >= path_max:
        raise UsageError(f"{option}: the path is too long (at most {path_max - 1} bytes)")


def _name_limits() -> tuple[int, int]:
    try:
        return os.pathconf("/", "PC_NAME_MAX"), os.pathconf("/", "PC_PATH_MAX")
    except (OSError, ValueError, AttributeError):  # not a POSIX system: the usual limits
        return 255, 4096


def _check_writable_ancestor(path: Path, option: str, shown: Path | None = None) -> None:
    """The nearest existing folder at or above ``path`` must be a folder we can create files in."""
    shown = path if shown is None else shown
    existing = path
    while not existing.exists():
        if existing.is_symlink():  # a dangling link: mkdir would fail on it
            raise UsageError(f"{option} {shown}: {existing} is a broken symbolic link")
        existing = existing.parent
    if not existing.is_dir():
        raise UsageError(f"{option} {shown}: {existing} is a file, not a folder")
    try:
        with tempfile.NamedTemporaryFile(dir=existing, prefix=".islandsim-probe-"):
            pass
    except OSError as error:
        # /proc and the like answer "no such file" or "invalid argument" to a new file
        reason = "it accepts no new files" if error.errno in (errno.ENOENT, errno.EINVAL) else describe_os_error(error, False)
        raise UsageError(f"{option} {shown}: cannot write in {existing} ({reason})") from None
