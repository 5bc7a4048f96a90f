"""The heuristic's working memory (its last win table, kept after its weights in ``params``)
saves work but never changes a decision."""

import numpy as np

import strategies.sails as heuristic_module
from simulator.games.sails import encode_variants
from simulator.games.sails.setup import clear_table, setup_game, setup_round
from simulator.games.sails.state import (
    BONUS_HELD,
    OPTION_CARD_MASK,
    OPTION_HIDE_SHIFT,
    PLAY_BONUS,
    PLAY_CARD,
    PLAYERS,
    STATE_SIZE,
    TABLE_BONUS,
)
from simulator.games.sails.trick import bonus_options, place_card, play_options
from tests.sails.helpers import lineup

MEMORY = slice(heuristic_module.N_PARAMS, heuristic_module.N_PARAMS + heuristic_module.MEMORY_SIZE)
NAMES = ("greedy", "bonus_hoarder", "treasure_hunter", "bluffer")


def play(spec, params, first_game, n_games, variants=()):
    strategies, _ = lineup(spec, NAMES)
    flags = encode_variants(variants, len(NAMES))
    seat_results = np.zeros((n_games, len(NAMES), len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(5, first_game, n_games, flags, strategies, params, seat_results, game_results, False)
    return seat_results, game_results


def test_the_heuristic_vectors_carry_room_for_the_memory(spec):
    for name in NAMES:
        params = spec.strategies[name].params
        assert len(params) == heuristic_module.N_PARAMS + heuristic_module.MEMORY_SIZE
        assert np.array_equal(params[: heuristic_module.N_PARAMS], heuristic_module.PARAMS[name])
    assert len(heuristic_module.HEURISTIC_PARAMS) == len(spec.strategies["greedy"].params)


def test_games_do_not_depend_on_what_the_memory_held(spec):
    """The same games from clean memory, from the memory another chunk left behind, and from
    junk that claims to cover every cell: identical results, row for row."""
    _, clean_params = lineup(spec, NAMES)
    expected = play(spec, clean_params.copy(), 300, 150)

    used_params = clean_params.copy()
    play(spec, used_params, 0, 100)  # other games leave their tables behind
    assert np.any(used_params[:, MEMORY] != 0)
    after_other_games = play(spec, used_params, 300, 150)

    junk_params = clean_params.copy()
    junk = np.random.default_rng(3).uniform(0, 1, size=junk_params[:, MEMORY].shape)
    junk_params[:, MEMORY] = junk
    junk_params[:, heuristic_module.TABLE_CELLS] = float((1 << 48) - 1)  # "every cell is here"
    from_junk = play(spec, junk_params, 300, 150)

    for results in (after_other_games, from_junk):
        assert np.array_equal(results[0], expected[0])
        assert np.array_equal(results[1], expected[1])


def dealt_state(game):
    """A 4-player state at the first trick of round 1; seat 1 holds 2 Bonus cards."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    flags = encode_variants((), 4)
    setup_game(state, 4, flags)
    deal = np.array([game + 1], dtype=np.uint64)
    setup_round(state, 0, flags, deal, np.zeros(64, dtype=np.int64), np.zeros((0, 6), dtype=np.int64))
    clear_table(state)
    state[BONUS_HELD + 1] = 2
    return state


def test_the_bonus_decision_reuses_the_table_of_the_placement(spec):
    """After seat 1's PLAY_CARD its table holds every cell its PLAY_BONUS reads, counted from
    what it still sees, bit for bit what a recount gives; so is the PLAY_BONUS answer."""
    function = spec.strategies["greedy"].function
    stream = np.zeros(1, dtype=np.uint64)
    options = np.zeros(64, dtype=np.int64)
    asked = 0
    for game in range(40):
        state = dealt_state(game)
        n = play_options(state, 0, options)
        first = options[game % n]
        place_card(state, 0, first & OPTION_CARD_MASK, first >> OPTION_HIDE_SHIFT)  # seat 0 played
        params = spec.strategies["greedy"].params.copy()
        n = play_options(state, 1, options)
        chosen = options[function(state, 1, PLAY_CARD, options, n, params, stream)]
        place_card(state, 1, chosen & OPTION_CARD_MASK, chosen >> OPTION_HIDE_SHIFT)
        n_bonus = bonus_options(state, 1, options)
        cells = heuristic_module.bonus_cells(state, 1, options, n_bonus)
        assert heuristic_module.table_is_current(state, 1, cells, params)
        recounted = spec.strategies["greedy"].params.copy()
        heuristic_module.fill_win_table(state, 1, cells, recounted)
        colour = (chosen & OPTION_CARD_MASK) // 12
        for value in range(1, 13):
            if (cells >> (12 * colour + value - 1)) & 1:
                index = heuristic_module.WIN + colour * 13 + value
                assert params[index] == recounted[index]
        for block in (heuristic_module.NOBODY, heuristic_module.OTHERS):
            assert params[block + colour] == recounted[block + colour]
        if n_bonus > 1:
            asked += 1
            fresh = spec.strategies["greedy"].params.copy()
            reused_answer = function(state, 1, PLAY_BONUS, options, n_bonus, params, stream)
            assert reused_answer == function(state, 1, PLAY_BONUS, options, n_bonus, fresh, stream)
    assert asked >= 20


def test_a_changed_input_makes_the_table_stale(spec):
    function = spec.strategies["greedy"].function
    stream = np.zeros(1, dtype=np.uint64)
    options = np.zeros(64, dtype=np.int64)
    state = dealt_state(4)
    play_options(state, 0, options)
    place_card(state, 0, options[0] & OPTION_CARD_MASK, options[0] >> OPTION_HIDE_SHIFT)
    params = spec.strategies["greedy"].params.copy()
    n = play_options(state, 1, options)
    choice = function(state, 1, PLAY_CARD, options, n, params, stream)
    place_card(state, 1, options[choice] & OPTION_CARD_MASK, options[choice] >> OPTION_HIDE_SHIFT)
    cells = heuristic_module.bonus_cells(state, 1, options, bonus_options(state, 1, options))
    assert heuristic_module.table_is_current(state, 1, cells, params)
    state[TABLE_BONUS + 0] += 1  # seat 0's card got stronger: what seat 1 saw has changed
    assert not heuristic_module.table_is_current(state, 1, cells, params)
    state[TABLE_BONUS + 0] -= 1
    state[BONUS_HELD + 2] += 3  # a later seat now may add more Bonus
    assert not heuristic_module.table_is_current(state, 1, cells, params)
    state[BONUS_HELD + 2] -= 3
    assert heuristic_module.table_is_current(state, 1, cells, params)
    assert not heuristic_module.table_is_current(state, 2, cells, params)  # another seat's view
    state[PLAYERS] = 5  # the same cards with a fifth seat still to play
    assert not heuristic_module.table_is_current(state, 1, cells, params)
