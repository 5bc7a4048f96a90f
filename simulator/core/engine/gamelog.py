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


# Inlined into each caller: its "log array too small" error would otherwise make numba keep the
# reference counting of the caller's array arguments on every call, logging on or off.
@njit(cache=True, inline="always")
def append_record(log, state, count_slot, code, a, b, c, d, e) -> None:
    """Append ``[code, a, b, c, d, e]`` to ``log`` when logging is on (a log array with rows);
    ``state[count_slot]`` holds the number of records written so far."""
    if log.shape[0] == 0:
        return
    row = state[count_slot]
    if row >= log.shape[0]:
        raise AssertionError("log array too small")
    write_record(log, row, code, a, b, c, d, e)
    state[count_slot] = row + 1
