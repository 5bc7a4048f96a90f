"""Ranks from final scores, shared by every engine (numba-compiled)."""

import numpy as np
from numba import njit


@njit(cache=True)
def competition_ranks(scores: np.ndarray, tiebreak: np.ndarray, eliminated: np.ndarray, ranks: np.ndarray) -> None:
    """Fill ``ranks`` with standard competition ranks (1 = best, ties share a rank).

    A seat ranks above another when its score is higher, or equal with a higher
    ``tiebreak``.  Eliminated seats (non-zero in ``eliminated``) get rank 0 and never
    win.  Seats equal on both keys share the same rank.
    """
    n_seats = scores.shape[0]
    for seat in range(n_seats):
        if eliminated[seat] != 0:
            ranks[seat] = 0
            continue
        better = 0
        for other in range(n_seats):
            if other == seat or eliminated[other] != 0:
                continue
            if scores[other] > scores[seat] or (scores[other] == scores[seat] and tiebreak[other] > tiebreak[seat]):
                better += 1
        ranks[seat] = better + 1
