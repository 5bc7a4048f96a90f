"""The engines' event log (numba): one ``int64[:, 6]`` row ``[code, a, b, c, d, e]`` per event.

Each game decides when it logs and where it keeps the row count (its state vector); the row
format, which ``narrate`` reads back, is shared.
"""

from numba import njit


@njit(cache=True, inline="always")
def write_record(log, row, code, a, b, c, d, e) -> None:
    """Fill row ``row`` of ``log`` with ``[code, a, b, c, d, e]``."""
    log[row, 0] = code
    log[row, 1] = a
    log[row, 2] = b
    log[row, 3] = c
    log[row, 4] = d
    log[row, 5] = e
