"""Seat numbers: the one place where an engine's seat index becomes the number a user reads.

Engines index seats ``0 .. P-1`` (array positions).  Everything a user reads numbers them
``1 .. P``: the run table, ``--json``, ``compare``, ``replay``, reports and the ``seat`` column of
the results files.  Results columns that name a seat use 0 for "no seat" (e.g. no winner).
"""

from __future__ import annotations

import numpy as np

FIRST_SEAT = 1
"""The number of the first seat in everything a user reads."""


def seat_number(engine_seat):
    """The user's seat number of an engine seat index (int or array; engine ``-1`` = none -> 0)."""
    if isinstance(engine_seat, np.ndarray):
        return np.where(engine_seat < 0, 0, engine_seat + FIRST_SEAT)
    return 0 if engine_seat < 0 else int(engine_seat) + FIRST_SEAT


def seat_label(engine_seat: int) -> str:
    """``"seat N"`` for an engine seat index, as narrations and messages write it."""
    return f"seat {seat_number(engine_seat)}"
