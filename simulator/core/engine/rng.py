"""Counter-based random streams for the engines (numba-compiled).

Every game ``i`` of a run with seed ``s`` draws from streams derived from
``(s, i, purpose)`` alone, so results do not depend on the number of jobs, the
chunk size or the backend.  The deal stream (``PURPOSE_DEAL``) does not depend
on the rule variant or the lineup either: two variants run with the same seed
play the same deals (common random numbers).

A stream is a one-element ``uint64`` array holding a SplitMix64 state; the
functions below advance it in place.
"""

import warnings

import numpy as np
from numba import njit

# SplitMix64 relies on arithmetic modulo 2**64.  Compiled, it wraps silently; run as plain
# Python (NUMBA_DISABLE_JIT=1) numpy would warn on every wrapped multiply.
warnings.filterwarnings("ignore", message="overflow encountered in scalar", category=RuntimeWarning,
                        module=__name__)  # fmt: skip

PURPOSE_DEAL = 0
"""Stream used by the engine for shuffles and every chance event of the rules."""
PURPOSE_FIRST_STRATEGY = 1
"""Seat ``k``'s strategy draws from purpose ``PURPOSE_FIRST_STRATEGY + k``."""

_GOLDEN_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_SHIFT_30 = np.uint64(30)
_SHIFT_27 = np.uint64(27)
_SHIFT_31 = np.uint64(31)
_SHIFT_11 = np.uint64(11)
_TWO_POW_MINUS_53 = 1.0 / 9007199254740992.0


@njit(cache=True)
def mix64(value: np.uint64) -> np.uint64:
    """SplitMix64 finaliser: a bijective scramble of a 64-bit value."""
    z = np.uint64(value)
    z = (z ^ (z >> _SHIFT_30)) * _MIX_1
    z = (z ^ (z >> _SHIFT_27)) * _MIX_2
    return z ^ (z >> _SHIFT_31)


@njit(cache=True)
def stream_seed(run_seed: int, game_index: int, purpose: int) -> np.uint64:
    """The starting state of the stream for ``(run_seed, game_index, purpose)``."""
    z = mix64(np.uint64(run_seed) + _GOLDEN_GAMMA)
    z = mix64(z ^ (np.uint64(game_index) * _GOLDEN_GAMMA))
    z = mix64(z ^ (np.uint64(purpose + 1) * _MIX_1))
    return z


@njit(cache=True)
def new_stream(run_seed: int, game_index: int, purpose: int) -> np.ndarray:
    """A fresh stream (one-element uint64 array) for ``(run_seed, game_index, purpose)``."""
    stream = np.empty(1, dtype=np.uint64)
    stream[0] = stream_seed(run_seed, game_index, purpose)
    return stream


@njit(cache=True)
def reset_stream(stream: np.ndarray, run_seed: int, game_index: int, purpose: int) -> None:
    """Re-seed an existing stream in place (avoids allocating in the game loop)."""
    stream[0] = stream_seed(run_seed, game_index, purpose)


@njit(cache=True)
def side_stream(parent_start: np.uint64, purpose: int) -> np.ndarray:
    """A fresh stream derived from another stream's starting state and a purpose number.

    For draws that only some setups make (Loot Island's forced or excluded events): taking
    them from the deal stream would shift every later deal draw and break common random
    numbers between the setups.
    """
    stream = np.empty(1, dtype=np.uint64)
    stream[0] = mix64(np.uint64(parent_start) ^ (np.uint64(purpose + 1) * _MIX_2))
    return stream


@njit(cache=True)
def next_uint64(stream: np.ndarray) -> np.uint64:
    """Advance the stream and return 64 random bits."""
    stream[0] = stream[0] + _GOLDEN_GAMMA
    return mix64(stream[0])


@njit(cache=True)
def random_float(stream: np.ndarray) -> float:
    """A uniform float in [0, 1)."""
    return float(next_uint64(stream) >> _SHIFT_11) * _TWO_POW_MINUS_53


@njit(cache=True)
def random_below(stream: np.ndarray, bound: int) -> int:
    """A uniform integer in [0, bound); ``bound`` must be positive."""
    return int(random_float(stream) * bound)


@njit(cache=True)
def shuffle_prefix(values: np.ndarray, count: int, stream: np.ndarray) -> None:
    """Fisher-Yates shuffle of ``values[:count]`` in place."""
    for position in range(count - 1, 0, -1):
        other = random_below(stream, position + 1)
        held = values[position]
        values[position] = values[other]
        values[other] = held
