"""Breaking ties between equal options, the same way in every strategy (numba-compiled).

A strategy that keeps the first of equal values breaks ties by option order, and option
order often follows absolute seat numbers (victims, targets, seats' pieces listed seat by
seat): the bot then favours or harms low seat numbers, an asymmetry that is not in the rules
(issue 25: Skeleton Island showed seat 1 27.4% and seat 4 31.6% where every seat should win
25%).  Strategies therefore pick uniformly among the options of equal best value, drawing
from their own seat stream (reservoir sampling: the k-th equal option seen replaces the kept
one with probability 1/k).  The stream is drawn only on an exact tie, so a decision without
ties draws nothing.

Usage in an argmax loop::

    best = 0
    best_value = -1e300
    equal = 0
    for i in range(n_options):
        value = ...
        take, equal = prefer(value, best_value, equal, stream)
        if take:
            best = i
            best_value = value
"""

from numba import njit

from simulator.core.engine.rng import random_below


@njit(cache=True, inline="always")
def prefer(value, best_value, equal_count, stream):
    """``(take, equal_count)``: whether the option of ``value`` becomes the kept one.

    A higher value is always taken (the count of equal options restarts at 1); a value equal to
    ``best_value`` is taken with probability ``1 / k``, ``k`` the number of options of that value
    seen so far (counting it), which keeps each of them with the same probability; a lower value
    is never taken.  ``equal_count`` starts at 0 before the first option.
    """
    if value > best_value:
        return True, 1
    if value == best_value:
        equal_count += 1
        return random_below(stream, equal_count) == 0, equal_count
    return False, equal_count
