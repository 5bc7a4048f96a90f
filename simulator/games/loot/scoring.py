"""Loot Island end-of-game scoring (rulebook "Fin du jeu" and "Valeurs des trésors").

Numba core (``@njit(cache=True)``, callable from the engine in nopython mode).  Common arguments:

* ``kept``: ``int64[:]`` treasure ids (rows of ``components.load_treasures()``); only the first
  ``n_kept`` entries are read, so the engine can pass a fixed-size buffer.
* ``treasures``: the treasure table, ``scoring``: the scoring table, ``healers``: the healer
  table (all from ``simulator.games.loot.components``).
* ``crosses``: ``int64[:]`` cross symbols of every participant in the crown ranking, one entry
  per seat, **plus one entry for the dummy player "Aaron" at 2 players**.  Put 0 for a player
  eliminated by curse cubes (a player without crosses neither scores nor pushes anyone down, so
  0 is the same as leaving them out).  ``seat`` is the index of the scored player in it.

Functions::

    treasure_value(kept, n_kept, crosses, seat, treasures, scoring) -> int64
    treasure_breakdown(kept, n_kept, crosses, seat, treasures, scoring, breakdown) -> int64
        breakdown: int64[N_TREASURE_TYPES, N_BREAKDOWN_PARTS], filled with the gold of each type,
        split in BREAKDOWN_BASE (printed gold; Books: multiplier x curse) and BREAKDOWN_BONUS
        (collector bonus for Jewels and Skulls, ladder bonus for Crowns).
    printed_gold(kept, n_kept, treasures, treasure_type) -> int64
    count_of_type(kept, n_kept, treasures, treasure_type) -> int64
    crown_crosses(kept, n_kept, treasures) -> int64
    crown_bonus(crosses, seat, scoring) -> int64
    jewel_bonus(n_jewels, scoring) -> int64
    skull_bonus(kept, n_kept, treasures, scoring) -> int64
    skull_set_bonus_per_type(kept, n_kept, treasures, scoring) -> int64
    other_types_owned(kept, n_kept, treasures, excluded_type) -> int64
    book_value(kept, n_kept, treasures) -> int64
    healer_cost(healer, curse_cubes, healers) -> int64          (healer id or NO_HEALER)
    eliminated_by_curse(curse_cubes, scoring) -> bool
    final_loot_value(treasure_total, has_first_player_tile, curse_cubes, healer, healers, scoring)
        -> int64 (negative means the player cannot pay the Healer and is eliminated)

Python wrappers (same numba functions underneath): ``score_treasures`` -> ``TreasureScore``,
``healer_payment``, ``loot_value``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numba import njit

import simulator.games.loot.components as components
from simulator.games.loot.components import (
    AMULET,
    BOOK,
    CROWN,
    HEALER_COST_PER_CUBE,
    HEALER_FIXED_COST,
    JEWEL,
    N_TREASURE_TYPES,
    NO_HEALER,
    NO_SKULL_KIND,
    SCALAR_ELIMINATION_CUBES,
    SCALAR_FIRST_PLAYER_BONUS,
    SCORING_CROWN_LADDER,
    SCORING_JEWEL_SET_BONUS,
    SCORING_SCALARS,
    SCORING_SKULL_SET_BONUS,
    SKULL,
    TREASURE_BOOK_MULTIPLIER,
    TREASURE_CROSSES,
    TREASURE_CURSE,
    TREASURE_GOLD,
    TREASURE_SKULL_KIND,
    TREASURE_TYPE,
    TREASURE_TYPE_NAMES,
)

from simulator.games.loot.state import N_HEALERS, N_TREASURES, S_RULES, SCORING_WIDTH, T_HEALERS, T_SCORING, T_TREASURES

BREAKDOWN_BASE = 0
BREAKDOWN_BONUS = 1
N_BREAKDOWN_PARTS = 2


# --------------------------------------------------------------------------- numba core


@njit(cache=True)
def count_of_type(kept: np.ndarray, n_kept: int, treasures: np.ndarray, treasure_type: int) -> int:
    """Number of kept treasures of ``treasure_type``."""
    count = 0
    for k in range(n_kept):
        if treasures[kept[k], TREASURE_TYPE] == treasure_type:
            count += 1
    return count


@njit(cache=True)
def printed_gold(kept: np.ndarray, n_kept: int, treasures: np.ndarray, treasure_type: int) -> int:
    """Sum of the printed base gold of the kept treasures of ``treasure_type`` (rule: base value)."""
    total = 0
    for k in range(n_kept):
        if treasures[kept[k], TREASURE_TYPE] == treasure_type:
            total += treasures[kept[k], TREASURE_GOLD]
    return total


@njit(cache=True)
def crown_crosses(kept: np.ndarray, n_kept: int, treasures: np.ndarray) -> int:
    """Total cross symbols on the kept Crowns (what the crown ranking compares)."""
    total = 0
    for k in range(n_kept):
        if treasures[kept[k], TREASURE_TYPE] == CROWN:
            total += treasures[kept[k], TREASURE_CROSSES]
    return total


@njit(cache=True)
def crown_bonus(crosses: np.ndarray, seat: int, scoring: np.ndarray) -> int:
    """Crown ladder bonus of ``seat`` (rule: Crowns).

    Position = number of participants with strictly more crosses.  Tied participants add the
    ladder amounts of the positions they occupy and share them, rounded down.  No crosses, no
    bonus.  Positions past the ladder are worth 0.
    """
    own = crosses[seat]
    if own <= 0:
        return 0
    better = 0
    tied = 0
    for other in range(crosses.shape[0]):
        if crosses[other] > own:
            better += 1
        elif crosses[other] == own:
            tied += 1
    ladder_length = scoring.shape[1]
    pooled = 0
    for position in range(better, min(better + tied, ladder_length)):
        pooled += scoring[SCORING_CROWN_LADDER, position]
    return pooled // tied


@njit(cache=True)
def jewel_bonus(n_jewels: int, scoring: np.ndarray) -> int:
    """Best collector bonus for ``n_jewels`` Jewels (rule: Jewels; each Jewel in one set at most).

    Exact optimum over every split into sets, by dynamic programming on the number of Jewels;
    the bonus of a set of each size comes from the scoring table.
    """
    best = np.zeros(n_jewels + 1, dtype=np.int64)
    largest_set = scoring.shape[1] - 1
    for jewels in range(1, n_jewels + 1):
        best[jewels] = best[jewels - 1]  # this Jewel stays out of every set
        for size in range(1, min(jewels, largest_set) + 1):
            candidate = best[jewels - size] + scoring[SCORING_JEWEL_SET_BONUS, size]
            if candidate > best[jewels]:
                best[jewels] = candidate
    return best[n_jewels]


@njit(cache=True)
def _skull_kind_count(treasures: np.ndarray) -> int:
    return np.max(treasures[:, TREASURE_SKULL_KIND]) + 1


@njit(cache=True)
def skull_set_bonus_per_type(kept: np.ndarray, n_kept: int, treasures: np.ndarray, scoring: np.ndarray) -> int:
    """Sum of the set bonuses of the Skulls, before multiplying by the other types owned.

    Sets are built in layers: each layer takes one Skull of every kind still available.  This is
    optimal because each extra kind in a set adds at least as much as the previous one (checked
    when the scoring table is loaded).
    """
    counts = np.zeros(max(_skull_kind_count(treasures), 1), dtype=np.int64)
    for k in range(n_kept):
        kind = treasures[kept[k], TREASURE_SKULL_KIND]
        if kind != NO_SKULL_KIND:
            counts[kind] += 1
    total = 0
    for layer in range(1, np.max(counts) + 1):
        kinds_in_layer = 0
        for kind in range(counts.shape[0]):
            if counts[kind] >= layer:
                kinds_in_layer += 1
        if kinds_in_layer < scoring.shape[1]:
            total += scoring[SCORING_SKULL_SET_BONUS, kinds_in_layer]
    return total


@njit(cache=True)
def other_types_owned(kept: np.ndarray, n_kept: int, treasures: np.ndarray, excluded_type: int) -> int:
    """Number of different treasure types owned, not counting ``excluded_type``."""
    owned = np.zeros(N_TREASURE_TYPES, dtype=np.int64)
    for k in range(n_kept):
        owned[treasures[kept[k], TREASURE_TYPE]] = 1
    owned[excluded_type] = 0
    return np.sum(owned)


@njit(cache=True)
def skull_bonus(kept: np.ndarray, n_kept: int, treasures: np.ndarray, scoring: np.ndarray) -> int:
    """Skull collector bonus (rule: Skulls): set bonuses times the other treasure types owned."""
    per_type = skull_set_bonus_per_type(kept, n_kept, treasures, scoring)
    return per_type * other_types_owned(kept, n_kept, treasures, SKULL)


@njit(cache=True)
def book_value(kept: np.ndarray, n_kept: int, treasures: np.ndarray) -> int:
    """Gold of the Books (rule: Books), with the best assignment of treasures to Books.

    Each Book multiplies the curse value of one other, non-Book treasure, each treasure serving
    at most one Book.  Pairing the largest multiplier with the largest curse value, and so on,
    is optimal (rearrangement inequality).
    """
    n_books = count_of_type(kept, n_kept, treasures, BOOK)
    if n_books <= 1:  # the common case, without arrays: the one Book takes the largest curse value
        multiplier = 0
        largest = 0
        for k in range(n_kept):
            row = kept[k]
            if treasures[row, TREASURE_TYPE] == BOOK:
                multiplier = treasures[row, TREASURE_BOOK_MULTIPLIER]
            elif treasures[row, TREASURE_CURSE] > largest:
                largest = treasures[row, TREASURE_CURSE]
        return multiplier * largest
    multipliers = np.zeros(n_books, dtype=np.int64)
    curses = np.zeros(n_kept - n_books, dtype=np.int64)
    n_multipliers = 0
    n_curses = 0
    for k in range(n_kept):
        row = kept[k]
        if treasures[row, TREASURE_TYPE] == BOOK:
            multipliers[n_multipliers] = treasures[row, TREASURE_BOOK_MULTIPLIER]
            n_multipliers += 1
        else:
            curses[n_curses] = treasures[row, TREASURE_CURSE]
            n_curses += 1
    multipliers_ascending = np.sort(multipliers)
    curses_ascending = np.sort(curses)
    total = 0
    for pair in range(1, min(n_books, n_curses) + 1):
        total += multipliers_ascending[n_books - pair] * curses_ascending[n_curses - pair]
    return total


@njit(cache=True)
def treasure_breakdown(
    kept: np.ndarray,
    n_kept: int,
    crosses: np.ndarray,
    seat: int,
    treasures: np.ndarray,
    scoring: np.ndarray,
    breakdown: np.ndarray,
) -> int:
    """Fill ``breakdown[type, BREAKDOWN_BASE | BREAKDOWN_BONUS]`` and return the treasure total.

    Excludes the First Player tile and the Healer (see ``final_loot_value``).
    """
    breakdown[:, :] = 0
    for treasure_type in range(N_TREASURE_TYPES):
        breakdown[treasure_type, BREAKDOWN_BASE] = printed_gold(kept, n_kept, treasures, treasure_type)
    breakdown[BOOK, BREAKDOWN_BASE] += book_value(kept, n_kept, treasures)
    breakdown[JEWEL, BREAKDOWN_BONUS] = jewel_bonus(count_of_type(kept, n_kept, treasures, JEWEL), scoring)
    breakdown[CROWN, BREAKDOWN_BONUS] = crown_bonus(crosses, seat, scoring)
    breakdown[SKULL, BREAKDOWN_BONUS] = skull_bonus(kept, n_kept, treasures, scoring)
    return np.sum(breakdown)


@njit(cache=True)
def treasure_value(
    kept: np.ndarray,
    n_kept: int,
    crosses: np.ndarray,
    seat: int,
    treasures: np.ndarray,
    scoring: np.ndarray,
) -> int:
    """Gold from selling the kept treasures (all types, bonuses included): the sum of
    ``treasure_breakdown``'s cells, in one pass over the kept treasures and without the breakdown
    (the engine scores every seat at every checkpoint: no array is allocated unless a Book, a
    Jewel or a Skull is kept)."""
    total = 0
    jewels = 0
    books = 0
    skulls = 0
    for k in range(n_kept):
        row = kept[k]
        total += treasures[row, TREASURE_GOLD]  # printed gold (0 on Books)
        kind = treasures[row, TREASURE_TYPE]
        if kind == JEWEL:
            jewels += 1
        elif kind == BOOK:
            books += 1
        elif kind == SKULL:
            skulls += 1
    if books > 0:
        total += book_value(kept, n_kept, treasures)
    if jewels > 0:
        total += jewel_bonus(jewels, scoring)
    total += crown_bonus(crosses, seat, scoring)
    if skulls > 0:
        total += skull_bonus(kept, n_kept, treasures, scoring)
    return total


@njit(cache=True)
def healer_cost(healer: int, curse_cubes: int, healers: np.ndarray) -> int:
    """Gold paid to ``healer`` (table row) for ``curse_cubes`` cubes; 0 for ``NO_HEALER``.

    Rule: each Healer charges a cost per cube and/or a fixed cost.  A player with no cube takes
    no Healer (pass ``NO_HEALER``).
    """
    if healer == NO_HEALER:
        return 0
    return healers[healer, HEALER_COST_PER_CUBE] * curse_cubes + healers[healer, HEALER_FIXED_COST]


@njit(cache=True)
def eliminated_by_curse(curse_cubes: int, scoring: np.ndarray) -> bool:
    """True when the player has too many cubes after the Final Exploration (end of game, step 2)."""
    return curse_cubes >= scoring[SCORING_SCALARS, SCALAR_ELIMINATION_CUBES]


@njit(cache=True)
def final_loot_value(
    treasure_total: int,
    has_first_player_tile: bool,
    curse_cubes: int,
    healer: int,
    healers: np.ndarray,
    scoring: np.ndarray,
) -> int:
    """Loot value (end of game, step 4): treasures + First Player bonus - Healer cost.

    A negative result means the player cannot pay and is eliminated.
    """
    value = treasure_total - healer_cost(healer, curse_cubes, healers)
    if has_first_player_tile:
        value += scoring[SCORING_SCALARS, SCALAR_FIRST_PLAYER_BONUS]
    return value


# --------------------------------------------------------------------------- the run's tables
# The engine's tables are the run's rules block in the state (state.py, T_*): 2-d views of it in the
# layouts of components.py, so that a changed setting is read at run time (never a compiled constant).


@njit(cache=True, inline="always")
def treasure_rows(state):
    """The run's treasure table (components.py's columns), a view of the state's rules block."""
    start = S_RULES + T_TREASURES
    return state[start:start + N_TREASURES * components.N_TREASURE_COLUMNS].reshape(
        (N_TREASURES, components.N_TREASURE_COLUMNS))


@njit(cache=True, inline="always")
def scoring_rows(state):
    """The run's scoring table (components.py's rows, ``SCORING_WIDTH`` columns), a view of the state."""
    start = S_RULES + T_SCORING
    return state[start:start + components.N_SCORING_ROWS * SCORING_WIDTH].reshape(
        (components.N_SCORING_ROWS, SCORING_WIDTH))


@njit(cache=True, inline="always")
def healer_rows(state):
    """The run's healer table (components.py's columns), a view of the state's rules block."""
    start = S_RULES + T_HEALERS
    return state[start:start + N_HEALERS * components.N_HEALER_COLUMNS].reshape(
        (N_HEALERS, components.N_HEALER_COLUMNS))


# --------------------------------------------------------------------------- Python API


@dataclass(frozen=True)
class TreasureScore:
    """Gold of a set of kept treasures.

    ``total`` = sum of ``by_type``; ``by_type[name]`` = ``base[name]`` + ``bonus[name]`` for every
    name of ``TREASURE_TYPE_NAMES``.  ``base`` is the printed gold (Books: multiplier x curse),
    ``bonus`` the collector / crown ladder bonus.  ``crosses`` is the player's cross count.
    """

    total: int
    by_type: dict[str, int] = field(default_factory=dict)
    base: dict[str, int] = field(default_factory=dict)
    bonus: dict[str, int] = field(default_factory=dict)
    crosses: int = 0


def _kept_ids(reference_numbers: list[int]) -> np.ndarray:
    if len(set(reference_numbers)) != len(reference_numbers):
        raise ValueError(f"a treasure card exists once; duplicated reference numbers in {reference_numbers}")
    return components.treasure_ids(list(reference_numbers))


def score_treasures(reference_numbers: list[int], other_players_crosses: list[int] | None = None) -> TreasureScore:
    """Score the treasures a player kept, given by their reference numbers.

    ``other_players_crosses``: cross symbols of every other participant in the crown ranking
    (non-eliminated players, and the dummy player at 2 players); ``None`` = nobody else.
    """
    treasures = components.load_treasures()
    scoring = components.load_scoring()
    kept = _kept_ids(reference_numbers)
    own_crosses = int(crown_crosses(kept, len(kept), treasures))
    crosses = np.array([own_crosses, *(other_players_crosses or [])], dtype=np.int64)
    breakdown = np.zeros((N_TREASURE_TYPES, N_BREAKDOWN_PARTS), dtype=np.int64)
    total = treasure_breakdown(kept, len(kept), crosses, 0, treasures, scoring, breakdown)
    base = {name: int(breakdown[t, BREAKDOWN_BASE]) for t, name in enumerate(TREASURE_TYPE_NAMES)}
    bonus = {name: int(breakdown[t, BREAKDOWN_BONUS]) for t, name in enumerate(TREASURE_TYPE_NAMES)}
    by_type = {name: base[name] + bonus[name] for name in TREASURE_TYPE_NAMES}
    return TreasureScore(total=int(total), by_type=by_type, base=base, bonus=bonus, crosses=own_crosses)


def healer_payment(healer_number: int, curse_cubes: int) -> int:
    """Gold paid to Healer card ``healer_number`` (1..14, see ``data/healers.csv``) for ``curse_cubes``."""
    if curse_cubes < 0:
        raise ValueError(f"curse cubes cannot be negative, got {curse_cubes}")
    healers = components.load_healers()
    return int(healer_cost(components.healer_id(healer_number), curse_cubes, healers))


def loot_value(
    treasure_total: int, has_first_player_tile: bool, curse_cubes: int, healer_number: int | None
) -> int:
    """Final loot value: treasures + First Player bonus - Healer cost (``None`` = no Healer).

    Negative means eliminated (cannot pay the Healer).  Elimination by too many cubes is checked
    separately (``eliminated_by_curse``) before Healers are chosen.
    """
    healer = NO_HEALER if healer_number is None else components.healer_id(healer_number)
    value = final_loot_value(
        treasure_total,
        has_first_player_tile,
        curse_cubes,
        healer,
        components.load_healers(),
        components.load_scoring(),
    )
    return int(value)
