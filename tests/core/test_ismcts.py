"""The search player ``ismcts`` (simulator/core/players/ismcts.py), exercised on Sails (a forward model with
``redraw_hidden``): it is offered for every such game, its settings come from the lineup name, it
beats random play, answers only legal indices, is reproducible, and reads only what its seat sees."""

import numpy as np
import pytest

from simulator.core.players import ismcts
from simulator.core.engine.registry import GAME_MODULES, UsageError, get_game
from simulator.core.players.strategies import build_lineup, check_strategy_name, resolve_tuned, without_tuned
from simulator.games.sails import encode_variants
from simulator.games.sails.hidden import redraw_hidden
from tests.cli_helpers import islandsim
from tests.sails.test_hidden import states_at_decisions


@pytest.fixture(scope="module")
def spec():
    return get_game("sails")


@pytest.fixture(scope="module")
def search(spec):
    return spec.strategies["ismcts"]


def test_the_search_player_compiles_only_when_a_lineup_names_it(monkeypatch):
    """Loading a game's strategies and playing its default lineup does not compile ``ismcts``
    (a minute of a first compile); naming it in a lineup compiles it, once."""
    import dataclasses

    compiles = []

    def counted_compile(game_spec, rollout_function):
        compiles.append(game_spec.id)
        return compile_for_game(game_spec, rollout_function)

    compile_for_game = ismcts.compile_for_game
    monkeypatch.setattr(ismcts, "compile_for_game", counted_compile)
    fresh = dataclasses.replace(get_game("sails"))  # its own strategy table, loaded below
    build_lineup(fresh, 4, ())
    assert "ismcts" in fresh.strategies and compiles == []
    lineup = build_lineup(fresh, 4, ("ismcts", "greedy", "ismcts+budget=50", "greedy"))
    assert compiles == ["sails"]
    assert lineup.functions[0] is lineup.functions[2] is fresh.strategies["ismcts"].function
    assert compiles == ["sails"]


def stream(value):
    return np.array([np.uint64(value)], dtype=np.uint64)


def decide(search, state, seat, budget, stream_value, rollout=ismcts.ROLLOUT_HEURISTIC, settings=None,
           final_stream=None):
    """The search player's answer at the pending decision of ``state`` (a copy is searched); ``settings``:
    more ``params`` slots to set; ``final_stream``: an array that receives the stream after the search."""
    from simulator.games.sails.engine import pending_decision
    from simulator.games.sails.state import MAX_OPTIONS

    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    decision_seat, kind, n_options = pending_decision(state, options)
    assert decision_seat == seat
    params = search.params.copy()
    params[ismcts.BUDGET] = budget
    params[ismcts.ROLLOUT] = rollout
    for slot, value in (settings or {}).items():
        params[slot] = value
    seat_stream = stream(stream_value)
    choice = search.function(state.copy(), seat, kind, options, n_options, params, seat_stream)
    if final_stream is not None:
        final_stream[:] = seat_stream
    return choice, n_options


def test_every_game_with_a_forward_model_and_redraw_offers_ismcts():
    for game_id in GAME_MODULES:
        spec = get_game(game_id)
        assert ("ismcts" in spec.strategy_descriptions) == ismcts.has_search_player(spec), game_id
    assert "ismcts" in get_game("sails").strategy_descriptions


def test_islandsim_strategies_lists_ismcts(capsys):
    status, out, _ = islandsim(capsys, "strategies", "--game", "sails")
    assert status == 0
    assert "ismcts" in out and "budget" in out


def test_lineup_settings_set_the_params(spec):
    lineup = build_lineup(spec, 3, ("ismcts+budget=75+c=0.3+rollout=random", "ismcts", "greedy"))
    assert lineup.names[0] == "ismcts+budget=75+c=0.3+rollout=random"
    assert list(lineup.params[0, :3]) == [75, 0.3, ismcts.ROLLOUT_RANDOM]
    assert list(lineup.params[1, :3]) == [ismcts.DEFAULT_BUDGET, ismcts.DEFAULT_EXPLORATION, ismcts.ROLLOUT_HEURISTIC]
    sails = {setting.name: setting.default for setting in ismcts.game_settings("sails")}
    assert list(lineup.params[1, ismcts.HORIZON:ismcts.HEADER]) == [sails["horizon"], ismcts.STOP_DECIDED,
                                                                   sails["agree"], sails["prior"]]
    full = build_lineup(spec, 3, ("ismcts+horizon=1+stop=budget+agree=1+prior=0", "greedy", "greedy"))
    assert list(full.params[0, ismcts.HORIZON:ismcts.HEADER]) == [1.0, ismcts.STOP_BUDGET, 1.0, 0.0]
    # after the header: the default heuristic's own parameters, for the rollouts
    greedy = spec.strategies["greedy"].params
    assert np.array_equal(lineup.params[0, ismcts.HEADER:ismcts.HEADER + len(greedy)], greedy)


@pytest.mark.parametrize("name, message", [
    ("ismcts+budget=0", "budget must be a whole number from 1 to 1,000,000, not '0'"),
    ("ismcts+budget=2.5", "budget must be a whole number"),
    ("ismcts+depth=3", "has no setting 'depth'; settings: budget, c, rollout, reward, horizon, stop, agree, prior"),
    ("ismcts+agree=1.5", "agree must be a number from 0.0 to 1.0, not '1.5'"),
    ("ismcts@tuned-9p", "ismcts@tuned-9p' plays greedy's parameter files in its rollouts"),
    ("ismcts+horizon=0", "horizon must be a number from 0.001 to 1.0, not '0'"),
    ("ismcts+stop=never", "stop must be decided or budget, not 'never'"),
    ("ismcts+rollout=smart", "rollout must be heuristic or random, not 'smart'"),
    ("ismcts+budget", "write each setting of 'ismcts' as key=value"),
    ("ismcts+budget=5+budget=6", "setting 'budget' of 'ismcts' is given twice"),
    ("greedy+budget=5", "strategy 'greedy' takes no settings"),
])
def test_bad_settings_are_refused_in_one_line(spec, name, message):
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        check_strategy_name(spec, name)


def test_bad_setting_on_the_command_line_exits_2(capsys):
    status, out, err = islandsim(capsys, "run", "--game", "sails", "--players", "3", "--n", "2", "--seed", "1",
                                 "--lineup", "ismcts+budget=-1,greedy,greedy", "--jobs", "1", "--quiet")
    assert status == 2 and out == ""
    assert err.startswith("error: strategy 'ismcts+budget=-1': budget must be") and err.count("\n") == 1


def test_it_beats_random_clearly_at_a_small_budget(spec):
    """ismcts with 100 iterations and random rollouts in one seat, random play in the others, 4
    players, seat rotated: random alone would win about a quarter of the games."""
    flags = encode_variants((), 4)
    wins = 0.0
    games = 3
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "ismcts+budget=100+rollout=random"
        lineup = build_lineup(spec, 4, tuple(names))
        seat_results = np.zeros((games, 4, len(spec.seat_columns)), dtype=np.int64)
        game_results = np.zeros((games, len(spec.game_columns)), dtype=np.int64)
        spec.play_chunk(17, 0, games, flags, lineup.functions, lineup.params, seat_results, game_results, True)
        ranks = seat_results[:, :, 1]
        wins += ((ranks[:, seat] == 1) / (ranks == 1).sum(axis=1)).sum()
    assert wins / (4 * games) >= 0.75


@pytest.mark.parametrize("players", [3, 4, 5])
def test_it_answers_a_legal_index_at_every_kind_of_decision(search, players):
    """At decisions sampled from random games (every decision kind comes up), tiny and larger
    budgets, both rollout policies: the answer is an index among the offered options."""
    kinds = set()
    from simulator.games.sails.engine import pending_decision
    from simulator.games.sails.state import MAX_OPTIONS

    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    for number, (seat, state) in enumerate(states_at_decisions(players, ("bonus-after-reveal",), 5, every=4)):
        kinds.add(int(pending_decision(state, options)[1]))
        budget = (1, 2, 25)[number % 3]
        choice, n_options = decide(search, state, seat, budget, number, rollout=number % 2)
        assert 0 <= choice < n_options
    assert len(kinds) >= 3


def test_same_seed_same_answers_and_same_games(spec, search):
    seat, state = states_at_decisions(4, (), 6, every=3)[4]
    assert decide(search, state, seat, 60, 99) == decide(search, state, seat, 60, 99)
    lineup = build_lineup(spec, 4, ("ismcts+budget=20", "greedy", "ismcts+budget=20+rollout=random", "random"))
    flags = encode_variants((), 4)
    played = []
    for _ in range(2):
        seat_results = np.zeros((2, 4, len(spec.seat_columns)), dtype=np.int64)
        game_results = np.zeros((2, len(spec.game_columns)), dtype=np.int64)
        spec.play_chunk(3, 0, 2, flags, lineup.functions, lineup.params, seat_results, game_results, True)
        played.append((seat_results, game_results))
    assert np.array_equal(played[0][0], played[1][0]) and np.array_equal(played[0][1], played[1][1])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_it_never_reads_hidden_information(search, players):
    """Two states that differ only in what the seat cannot see (the second is the first with its
    hidden part redrawn: other hands, hidden table cards, deck orders, the game's stream) get the
    same answer from the same stream."""
    differing = 0
    for number, (seat, state) in enumerate(states_at_decisions(players, (), 7, every=6)[:12]):
        other = state.copy()
        redraw_hidden(other, seat, stream(1000 + number))
        differing += not np.array_equal(other, state)
        assert decide(search, state, seat, 40, number) == decide(search, other, seat, 40, number)
    assert differing > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sails_redraw_depends_only_on_the_seat_view(players):
    """The contract ismcts relies on: redrawing two states with the same view from the same stream
    gives the same state, whatever the hidden part was (Sails gathers hidden cards in card order)."""
    for number, (seat, state) in enumerate(states_at_decisions(players, (), 8, every=4)):
        other = state.copy()
        redraw_hidden(other, seat, stream(500 + number))
        redraw_hidden(state, seat, stream(number))
        redraw_hidden(other, seat, stream(number))
        assert np.array_equal(state, other)


def test_it_is_compiled_once_per_game_and_loaded_from_the_cache(search):
    """The compiled search is cached under a name that carries the game id, and a fresh process
    loads it from the cache instead of compiling it (numba refuses to cache functions that use
    "dynamic globals", and closures over compiled functions are never found again)."""
    import os
    import subprocess
    import sys

    assert search.function.py_func.__qualname__ == "ismcts_sails"
    assert os.path.exists(search.function._cache._cache_file._index_path)
    snippet = ("from simulator.core.engine.registry import get_game; "
               "f = get_game('sails').strategies['ismcts'].function; "
               "print(sum(f.stats.cache_hits.values()), sum(f.stats.cache_misses.values()))")
    done = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, timeout=600,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 0, done.stderr
    hits, misses = (int(x) for x in done.stdout.split())
    assert (hits, misses) == (1, 0)


def test_stopping_once_decided_gives_the_answer_of_the_whole_budget(search):
    """``stop=decided`` ends the search when the root option visited most leads every other by more
    than the iterations left; with the same stream the first iterations are the same, so the answer
    is the full budget's.  It does stop early: the stream has been drawn from less often."""
    stopped_early = 0
    for number, (seat, state) in enumerate(states_at_decisions(4, (), 9, every=3)[:16]):
        after_decided = np.zeros(1, dtype=np.uint64)
        after_budget = np.zeros(1, dtype=np.uint64)
        decided = decide(search, state, seat, 80, number, settings={ismcts.STOP: ismcts.STOP_DECIDED},
                         final_stream=after_decided)
        full = decide(search, state, seat, 80, number, settings={ismcts.STOP: ismcts.STOP_BUDGET},
                      final_stream=after_budget)
        assert decided == full
        stopped_early += after_decided[0] != after_budget[0]
    assert stopped_early >= 4


def test_a_cut_rollout_is_scored_on_the_standings_of_the_last_checkpoint():
    """Win shares and rank rewards from the last checkpoint's provisional standings (an earlier
    checkpoint and the slot of a seat the game does not have are ignored)."""
    offset, max_players, players = 3, 5, 4
    state = np.zeros(offset + 1 + 3 * max_players, dtype=np.int64)
    state[offset] = 2  # two checkpoints recorded
    state[offset + 1:offset + 1 + max_players] = [9, 0, 0, 0, 0]
    state[offset + 1 + max_players:offset + 1 + 2 * max_players] = [3, 7, 7, 1, 50]
    reward = np.full(max_players, -1.0)
    ismcts.provisional_rewards(state, offset, max_players, players, False, reward)
    assert list(reward) == [0.0, 0.5, 0.5, 0.0, 0.0]
    ismcts.provisional_rewards(state, offset, max_players, players, True, reward)
    assert list(reward) == pytest.approx([1 / 3, 1.0, 1.0, 0.0, 0.0])


def test_an_expected_reward_is_the_evaluation_clipped_to_a_win_share():
    """``reward=expected``: a cut rollout is worth each seat's evaluation (its expected win share)
    clipped to [0, 1]; a seat the game does not have gets 0.  The setting sets the params slot."""
    reward = np.full(5, -1.0)
    ismcts.expected_rewards(np.array([0.55, 1.3, -100.0, 0.2, 0.9]), 4, reward)
    assert list(reward) == pytest.approx([0.55, 1.0, 0.0, 0.2, 0.0])
    lineup = build_lineup(get_game("skirmish"), 2, ("ismcts+reward=expected+horizon=0.002", "prospector"))
    assert lineup.params[0, ismcts.REWARD] == ismcts.REWARD_EXPECTED


def test_full_rollouts_and_cut_rollouts_are_both_reproducible_and_legal(search):
    """``horizon=1`` (every rollout to the end, the search before cut rollouts existed) and a short
    horizon answer legal indices, the same for the same stream."""
    for number, (seat, state) in enumerate(states_at_decisions(4, (), 10, every=5)[:8]):
        for horizon in (1.0, 0.1):
            settings = {ismcts.HORIZON: horizon}
            first = decide(search, state, seat, 30, number, settings=settings)
            assert first == decide(search, state, seat, 30, number, settings=settings)
            assert 0 <= first[0] < first[1]


@pytest.mark.parametrize("game_id", ["sails", "loot"])
def test_the_players_slot_holds_the_player_count(game_id):
    """Cut rollouts score the seats ``state[players_slot]`` says the game has (the forward model's
    ``players_slot``; the games whose search player the cost figures cover)."""
    from simulator.core.engine.registry import check_variants

    spec = get_game(game_id)
    slot = spec.forward.players_slot
    for players in spec.player_counts:
        state = np.zeros(spec.forward.state_size, dtype=np.int64)
        spec.forward.new_game(5, 0, players, check_variants(spec, (), players), 0, state,
                              np.zeros((0, 6), dtype=np.int64))
        assert slot >= 0 and state[slot] == players


def test_each_game_has_its_measured_default_horizon():
    """Sails and Loot Island cut their rollouts at the horizon measured for them; a game not
    measured plays every rollout to the end (the listing shows each game's own default)."""
    expected = {"sails": 0.1, "loot": 0.3}
    for game_id in GAME_MODULES:
        spec = get_game(game_id)
        if not ismcts.has_search_player(spec):
            continue
        horizon = [setting for setting in spec.strategy_settings["ismcts"] if setting.name == "horizon"][0]
        assert horizon.default == expected.get(game_id, 1.0), game_id


def test_a_tuned_reference_plays_the_heuristics_tuned_weights_in_the_rollouts(spec):
    """``ismcts@tuned-4p+budget=50``: the search's settings, then the default heuristic's weights
    of its shipped file ``greedy-tuned-4p`` (its working memory kept), under the name written."""
    lineup = build_lineup(spec, 4, ("ismcts@tuned-4p+budget=50", "greedy@tuned-4p", "ismcts", "greedy"))
    assert lineup.names[0] == "ismcts@tuned-4p+budget=50"
    assert lineup.params[0, ismcts.BUDGET] == 50
    tuned = lineup.params[1, :len(spec.strategies["greedy"].params)]
    assert np.array_equal(lineup.params[0, ismcts.HEADER:ismcts.HEADER + len(tuned)], tuned)
    untuned = lineup.params[2, ismcts.HEADER:ismcts.HEADER + len(tuned)]
    assert not np.array_equal(tuned, untuned)


def test_at_tuned_names_the_file_of_the_player_count_and_keeps_the_settings():
    """``ismcts@tuned+budget=200`` becomes ``ismcts@tuned-<P>p+budget=200`` where the default
    heuristic has a file tuned at P players, else ``ismcts+budget=200`` (no Sails file at 2 players)."""
    assert resolve_tuned("sails", "ismcts@tuned+budget=200", 4) == "ismcts@tuned-4p+budget=200"
    assert resolve_tuned("sails", "ismcts@tuned+budget=200", 2) == "ismcts+budget=200"
    assert resolve_tuned("loot", "ismcts@tuned", 2) == "ismcts@tuned-2p"
    assert resolve_tuned("sails", "greedy@tuned", 3) == "greedy@tuned-3p"
    assert resolve_tuned("sails", "ismcts+budget=200", 4) == "ismcts+budget=200"
    assert without_tuned("ismcts@tuned+budget=20+c=0.5") == "ismcts+budget=20+c=0.5"
    check_strategy_name(get_game("loot"), without_tuned("ismcts@tuned+budget=20"))


def _heuristic_answer(spec, state, seat, stream_value):
    """What the default heuristic (the rollout policy, its untuned weights) answers at ``state``."""
    from simulator.games.sails.engine import pending_decision
    from simulator.games.sails.state import MAX_OPTIONS

    options = np.zeros(MAX_OPTIONS, dtype=np.int64)
    _, kind, n_options = pending_decision(state, options)
    greedy = spec.strategies["greedy"]
    return greedy.function(state.copy(), seat, kind, options, n_options, greedy.params.copy(), stream(stream_value))


def test_a_full_prior_answers_what_the_heuristic_answers(spec, search):
    """``prior=1`` credits the heuristic's own answer with the whole budget in visits: no other
    option can overtake it, so the search answers it (the heuristic asked first, same stream)."""
    for number, (seat, state) in enumerate(states_at_decisions(4, (), 11, every=3)[:12]):
        choice, _ = decide(search, state, seat, 40, number, settings={ismcts.PRIOR: 1.0, ismcts.AGREE: 1.0})
        assert choice == _heuristic_answer(spec, state, seat, number)


def test_agreeing_with_the_heuristic_ends_the_search_with_its_answer(spec, search):
    """``agree=0.25``: after a quarter of the budget the search stops as soon as the heuristic's
    answer is the option visited most, and answers it; it does stop early at some decisions (the
    stream was drawn from less often than with agreement allowed only at the end), and where it
    does not, it answers what it answers without the early stop."""
    stopped = 0
    for number, (seat, state) in enumerate(states_at_decisions(4, (), 12, every=3)[:16]):
        after_agree = np.zeros(1, dtype=np.uint64)
        after_late = np.zeros(1, dtype=np.uint64)
        common = {ismcts.STOP: ismcts.STOP_BUDGET, ismcts.PRIOR: 0.0}
        agreed, _ = decide(search, state, seat, 80, number, settings={**common, ismcts.AGREE: 0.25},
                           final_stream=after_agree)
        late, _ = decide(search, state, seat, 80, number, settings={**common, ismcts.AGREE: 0.999},
                         final_stream=after_late)
        if after_agree[0] != after_late[0]:
            stopped += 1
            assert agreed == _heuristic_answer(spec, state, seat, number)
        else:
            assert agreed == late
    assert stopped >= 4
