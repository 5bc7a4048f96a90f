"""Strategy names as a study writes them, for reports that rank or compare strategies across
player counts.

A study names ``X@tuned`` (settings may follow: ``ismcts@tuned+budget=100``); at P players it plays
``X@tuned-<P>p``, the file tuned at that count (:func:`simulator.core.players.strategies.resolve_tuned`),
and its runs record that file.  Shown as recorded, ``greedy@tuned-2p`` and ``greedy@tuned-4p`` read
as two strategies; they are one (the tuned default), whose weights follow the table size.  Reports
therefore show :func:`as_written` wherever strategies are ranked or compared, and name the
per-count file in their details (:func:`per_count_file`).  The runs, their manifests and every
JSON output keep the recorded name.
"""

from __future__ import annotations

from simulator.core.players.reference import names_user_code, parse_reference

TUNED_FILE = "tuned"
"""The parameter file a study writes (``X@tuned``), resolved per player count."""


def per_count_file(players: int) -> str:
    """The shipped file that ``X@tuned`` resolves to at ``players`` players: ``tuned-<P>p``."""
    return f"{TUNED_FILE}-{players}p"


def as_written(name: str, players: int) -> str:
    """``name`` (recorded in a run at ``players`` players) as a study writes it: ``X@tuned-<P>p``
    (settings kept) becomes ``X@tuned``; any other name is returned as is, among them a file
    tuned for another player count (``greedy@tuned-4p`` played at 3 players is not what
    ``greedy@tuned`` plays there)."""
    if names_user_code(name):
        return name
    reference = parse_reference(name)
    if reference.param_file != per_count_file(players):
        return name
    return reference.with_param_file(TUNED_FILE).text


def with_file(name: str, players: int) -> str:
    """``name`` as written, followed by the file it played at ``players`` players when that differs:
    ``greedy@tuned (file tuned-4p)``; for the details of a report."""
    written = as_written(name, players)
    return written if written == name else f"{written} (file {per_count_file(players)})"
