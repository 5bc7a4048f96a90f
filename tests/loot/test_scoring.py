"""Loot Island scoring: the rulebook's worked examples, brute-force oracles and data sanity."""

import itertools
import os
import subprocess
import sys

import numpy as np
import pytest

from simulator.games.loot import components as c
from simulator.games.loot import scoring as s

TREASURES = c.load_treasures()
SCORING = c.load_scoring()
ALL_REFERENCES = TREASURES[:, c.TREASURE_REF].tolist()


def row_of(ref):
    return TREASURES[c.treasure_ids([ref])[0]]


# --------------------------------------------------------------------------- rulebook examples


def test_example_coin_sacks_7_and_12_give_19():
    # Blue's coin sacks: ref 7 (7 gold) and ref 16 (12 gold).
    score = s.score_treasures([7, 16])
    assert score.by_type["coin_sack"] == 19
    assert score.total == 19


def test_example_3x_book_worth_12_and_2x_book_worth_0():
    # Blue: 3x Book (ref 49), 2x Book (ref 5), coin sack with curse 4 (ref 16).
    # The 3x Book takes the sack's curse 4; the 2x Book has no other treasure left.
    assert row_of(16)[c.TREASURE_CURSE] == 4
    score = s.score_treasures([49, 5, 16])
    assert score.by_type["book"] == 12
    assert score.total == 12 + 12


def test_example_jewels_43():
    # Red's Jewels 3+2+4+3+3: refs 10, 2, 21, 35, 50 -> 15 base + 20 (set of 3) + 8 (set of 2).
    score = s.score_treasures([10, 2, 21, 35, 50])
    assert score.base["jewel"] == 15
    assert score.bonus["jewel"] == 28
    assert score.by_type["jewel"] == 43


def test_example_skulls_27():
    # Yellow: 1 Amulet (8), 2 coin sacks (6, 7), 2 Crowns (1, 3), 1 Jewel (2),
    # 3 Skulls: two of kind R (9: 3 gold, 58: 4 gold) and one of kind L (18: 4 gold) = 11 base.
    skulls = [9, 58, 18]
    assert row_of(9)[c.TREASURE_SKULL_KIND] == row_of(58)[c.TREASURE_SKULL_KIND] != row_of(18)[c.TREASURE_SKULL_KIND]
    score = s.score_treasures([8, 6, 7, 1, 3, 2, *skulls])
    assert score.base["skull"] == 11
    assert score.bonus["skull"] == 3 * 4 + 1 * 4
    assert score.by_type["skull"] == 27


def test_example_crowns_21_21_11_0():
    # Red 6 crosses (refs 3 + 23), Blue 6 (20 + 17), Yellow 3 (46), Black 0.
    hands = {"red": [3, 23], "blue": [20, 17], "yellow": [46], "black": []}
    crosses = {name: s.score_treasures(hand).crosses for name, hand in hands.items()}
    assert crosses == {"red": 6, "blue": 6, "yellow": 3, "black": 0}
    expected = {"red": 21, "blue": 21, "yellow": 11, "black": 0}
    for name, hand in hands.items():
        others = [crosses[other] for other in hands if other != name]
        assert s.score_treasures(hand, others).bonus["crown"] == expected[name]


def test_example_crowns_with_the_numba_function_for_every_seat():
    crosses = np.array([6, 6, 3, 0], dtype=np.int64)
    bonuses = [s.crown_bonus(crosses, seat, SCORING) for seat in range(4)]
    assert bonuses == [21, 21, 11, 0]


def test_example_healer_1_per_cube_plus_2_with_5_cubes_costs_7():
    assert s.healer_payment(3, 5) == 7


def test_example_healer_fixed_17_with_12_cubes_costs_17():
    assert s.healer_payment(13, 12) == 17


# --------------------------------------------------------------------------- other rules


def test_two_player_dummy_crosses_count_in_the_ranking():
    # Player 4 crosses, dummy "Aaron" 5, opponent 0: the player is second.
    assert s.score_treasures([20], other_players_crosses=[5, 0]).bonus["crown"] == 18


def test_crown_three_way_tie_shares_three_positions_rounded_down():
    crosses = np.array([4, 4, 4, 1], dtype=np.int64)
    ladder = SCORING[c.SCORING_CROWN_LADDER]
    assert s.crown_bonus(crosses, 0, SCORING) == (ladder[0] + ladder[1] + ladder[2]) // 3
    assert s.crown_bonus(crosses, 3, SCORING) == ladder[3]


def test_books_never_multiply_another_book():
    # Two Books with curse values, nothing else: both worth 0.
    assert s.score_treasures([49, 56]).by_type["book"] == 0


def test_skull_bonus_is_zero_without_other_types():
    score = s.score_treasures([9, 18, 19])
    assert score.bonus["skull"] == 0
    assert score.by_type["skull"] == 3 + 4 + 5


def test_first_player_bonus_and_healer_in_final_loot_value():
    first_player_bonus = SCORING[c.SCORING_SCALARS, c.SCALAR_FIRST_PLAYER_BONUS]
    assert first_player_bonus == 5
    assert s.loot_value(40, True, 5, 3) == 40 + 5 - 7
    assert s.loot_value(40, False, 0, None) == 40
    assert s.loot_value(10, False, 12, 13) < 0  # cannot pay: eliminated


def test_thirteen_cubes_eliminate():
    assert not s.eliminated_by_curse(12, SCORING)
    assert s.eliminated_by_curse(13, SCORING)


def test_engine_buffer_entries_after_n_kept_are_ignored():
    kept = np.full(20, 69, dtype=np.int64)  # garbage after the first entries
    kept[:2] = c.treasure_ids([7, 16])
    crosses = np.zeros(3, dtype=np.int64)
    assert s.treasure_value(kept, 2, crosses, 0, TREASURES, SCORING) == 19


def test_unknown_or_duplicated_reference_numbers_are_rejected():
    with pytest.raises(ValueError):
        s.score_treasures([75])
    with pytest.raises(ValueError):
        s.score_treasures([7, 7])
    with pytest.raises(ValueError):
        s.healer_payment(15, 3)


# --------------------------------------------------------------------------- brute-force oracles


def random_hands(count, seed, max_size=12):
    generator = np.random.default_rng(seed)
    for _ in range(count):
        size = int(generator.integers(0, max_size + 1))
        yield generator.choice(ALL_REFERENCES, size=size, replace=False).tolist()


def brute_force_books(hand):
    rows = [row_of(ref) for ref in hand]
    multipliers = [r[c.TREASURE_BOOK_MULTIPLIER] for r in rows if r[c.TREASURE_TYPE] == c.BOOK]
    curses = [r[c.TREASURE_CURSE] for r in rows if r[c.TREASURE_TYPE] != c.BOOK]
    curses += [0] * len(multipliers)  # a Book may get no treasure at all
    return max(
        sum(m * v for m, v in zip(multipliers, chosen))
        for chosen in itertools.permutations(curses, len(multipliers))
    )


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for index in range(len(partition)):
            yield partition[:index] + [[first, *partition[index]]] + partition[index + 1 :]


def brute_force_skull_bonus(hand):
    rows = [row_of(ref) for ref in hand]
    kinds = [r[c.TREASURE_SKULL_KIND] for r in rows if r[c.TREASURE_TYPE] == c.SKULL]
    other_types = len({r[c.TREASURE_TYPE] for r in rows if r[c.TREASURE_TYPE] != c.SKULL})
    best = 0
    for partition in set_partitions(kinds):
        if all(len(set(group)) == len(group) for group in partition):
            best = max(best, sum(SCORING[c.SCORING_SKULL_SET_BONUS, len(group)] for group in partition))
    return best * other_types


def brute_force_jewel_bonus(n_jewels):
    def best(remaining):
        options = [0]
        for size in range(1, remaining + 1):
            if size < SCORING.shape[1]:
                options.append(SCORING[c.SCORING_JEWEL_SET_BONUS, size] + best(remaining - size))
        return max(options)

    return best(n_jewels)


def test_book_assignment_is_optimal():
    for hand in random_hands(150, seed=1):
        assert s.score_treasures(hand).by_type["book"] == brute_force_books(hand), hand


def test_book_assignment_is_optimal_on_book_heavy_hands():
    books = [r for r in ALL_REFERENCES if row_of(r)[c.TREASURE_TYPE] == c.BOOK]
    generator = np.random.default_rng(2)
    for _ in range(60):
        hand = generator.choice(books, size=4, replace=False).tolist()
        hand += generator.choice([r for r in ALL_REFERENCES if r not in books], size=4, replace=False).tolist()
        assert s.score_treasures(hand).by_type["book"] == brute_force_books(hand), hand


def test_skull_layers_are_optimal():
    skulls = [r for r in ALL_REFERENCES if row_of(r)[c.TREASURE_TYPE] == c.SKULL]
    generator = np.random.default_rng(3)
    for _ in range(80):
        hand = generator.choice(skulls, size=int(generator.integers(0, 8)), replace=False).tolist()
        hand += generator.choice([8, 6, 5, 2, 1], size=int(generator.integers(0, 6)), replace=False).tolist()
        assert s.score_treasures(hand).bonus["skull"] == brute_force_skull_bonus(hand), hand


def test_jewel_sets_are_optimal():
    for n_jewels in range(15):
        assert s.jewel_bonus(n_jewels, SCORING) == brute_force_jewel_bonus(n_jewels)


def test_breakdown_sums_to_total():
    for hand in random_hands(100, seed=4):
        score = s.score_treasures(hand, other_players_crosses=[3, 5])
        assert sum(score.by_type.values()) == score.total
        for name in c.TREASURE_TYPE_NAMES:
            assert score.by_type[name] == score.base[name] + score.bonus[name]


def test_score_does_not_depend_on_card_order():
    generator = np.random.default_rng(5)
    for hand in random_hands(60, seed=6):
        shuffled = generator.permutation(hand).tolist()
        assert s.score_treasures(hand, [4]) == s.score_treasures(shuffled, [4])


def test_crown_bonuses_never_exceed_the_ladder():
    generator = np.random.default_rng(7)
    ladder_total = SCORING[c.SCORING_CROWN_LADDER].sum()
    for _ in range(200):
        crosses = generator.integers(0, 8, size=int(generator.integers(1, 6))).astype(np.int64)
        bonuses = [s.crown_bonus(crosses, seat, SCORING) for seat in range(len(crosses))]
        assert sum(bonuses) <= ladder_total
        for seat, bonus in enumerate(bonuses):
            if crosses[seat] == 0:
                assert bonus == 0
            more = [other for other in range(len(crosses)) if crosses[other] > crosses[seat]]
            for other in more:
                assert bonuses[other] >= bonus


# --------------------------------------------------------------------------- component data


def test_treasure_deck_composition():
    assert TREASURES.shape == (74, c.N_TREASURE_COLUMNS)
    types = TREASURES[:, c.TREASURE_TYPE]
    counts = {name: int((types == t).sum()) for t, name in enumerate(c.TREASURE_TYPE_NAMES)}
    assert counts == {"amulet": 10, "coin_sack": 14, "book": 10, "jewel": 14, "crown": 14, "skull": 12}
    assert np.bincount(TREASURES[:, c.TREASURE_TIER]).tolist() == [0, 21, 16, 16, 21]
    skull_kinds = TREASURES[types == c.SKULL, c.TREASURE_SKULL_KIND]
    assert np.bincount(skull_kinds).tolist() == [4, 4, 4]
    assert (TREASURES[types != c.SKULL, c.TREASURE_SKULL_KIND] == c.NO_SKULL_KIND).all()


def test_treasure_regularities():
    types = TREASURES[:, c.TREASURE_TYPE]
    jewels = TREASURES[types == c.JEWEL]
    assert (jewels[:, c.TREASURE_GOLD] == jewels[:, c.TREASURE_CURSE]).all()
    crowns = TREASURES[types == c.CROWN]
    assert (crowns[:, c.TREASURE_GOLD] + crowns[:, c.TREASURE_CROSSES] == 5).all()
    books = TREASURES[types == c.BOOK]
    assert set(books[:, c.TREASURE_BOOK_MULTIPLIER].tolist()) == {1, 2, 3}
    assert (books[:, c.TREASURE_GOLD] == 0).all()


def test_healers_and_scoring_tables():
    healers = c.load_healers()
    assert healers.shape == (14, c.N_HEALER_COLUMNS)
    confirmed = healers[healers[:, c.HEALER_RECONSTRUCTED] == 0, c.HEALER_NUMBER].tolist()
    assert confirmed == [3, 13]
    assert SCORING[c.SCORING_CROWN_LADDER, :3].tolist() == [25, 18, 11]
    assert SCORING[c.SCORING_SCALARS, c.SCALAR_ELIMINATION_CUBES] == 13


def test_loaders_return_independent_copies():
    table = c.load_treasures()
    table[0, c.TREASURE_GOLD] = 999
    assert c.load_treasures()[0, c.TREASURE_GOLD] != 999


def test_works_without_jit():
    code = (
        "from simulator.games.loot import scoring as s;"
        "assert s.score_treasures([10, 2, 21, 35, 50]).total == 43;"
        "assert s.score_treasures([8, 6, 7, 1, 3, 2, 9, 58, 18]).by_type['skull'] == 27;"
        "assert s.score_treasures([49, 5, 16]).by_type['book'] == 12;"
        "assert s.score_treasures([3, 23], [6, 3, 0]).bonus['crown'] == 21;"
        "assert s.healer_payment(3, 5) == 7"
    )
    environment = dict(os.environ, NUMBA_DISABLE_JIT="1")
    result = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_callable_from_nopython_code():
    from numba import njit

    @njit
    def end_of_game(kept, n_kept, crosses, seat, cubes, healer, has_tile, treasures, healers, scoring):
        if s.eliminated_by_curse(cubes, scoring):
            return -1
        total = s.treasure_value(kept, n_kept, crosses, seat, treasures, scoring)
        return s.final_loot_value(total, has_tile, cubes, healer, healers, scoring)

    kept = c.treasure_ids([10, 2, 21, 35, 50, 7])
    crosses = np.zeros(2, dtype=np.int64)
    healers = c.load_healers()
    value = end_of_game(kept, len(kept), crosses, 0, 5, c.healer_id(3), 1, TREASURES, healers, SCORING)
    assert value == 43 + 7 + 5 - 7
    assert end_of_game(kept, len(kept), crosses, 0, 13, c.NO_HEALER, 0, TREASURES, healers, SCORING) == -1


def test_treasure_value_is_the_breakdowns_sum():
    """treasure_value (one pass, the engine's) gives the sum of treasure_breakdown's cells."""
    books = [r for r in ALL_REFERENCES if row_of(r)[c.TREASURE_TYPE] == c.BOOK]
    generator = np.random.default_rng(7)
    hands = list(random_hands(200, seed=8)) + [generator.choice(books, size=int(generator.integers(1, 5)), replace=False).tolist()
                                               + next(random_hands(1, seed=9 + i))[:4] for i in range(40)]
    for hand in hands:
        hand = list(dict.fromkeys(hand))
        kept = c.treasure_ids(hand)
        crosses = np.array([s.crown_crosses(kept, len(kept), TREASURES), 3, 5], dtype=np.int64)
        breakdown = np.zeros((c.N_TREASURE_TYPES, s.N_BREAKDOWN_PARTS), dtype=np.int64)
        total = s.treasure_breakdown(kept, len(kept), crosses, 0, TREASURES, SCORING, breakdown)
        assert s.treasure_value(kept, len(kept), crosses, 0, TREASURES, SCORING) == total == breakdown.sum(), hand
