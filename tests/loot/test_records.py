"""What the Loot engine records besides the results (docs/engine-contract.md, "What the engine
records"): rule firing counters and score trajectories in the final state."""

import numpy as np
import pytest

from simulator.core.engine.registry import check_event_rules
from simulator.core.players.strategies import build_lineup
from simulator.games.loot import state as layout
from simulator.games.loot.engine import final_results, play_logged

GAMES = 12


def final_states(spec, players, variants=(), forced=(), names=None):
    """(final state, seat rows, game row) of GAMES games played by the core loop."""
    lineup = build_lineup(spec, players, names or ("greedy",) + ("random",) * (players - 1))
    flags = np.concatenate([spec.encode_variants(variants, players), check_event_rules(spec, forced, (), players)])
    games = []
    for game in range(GAMES):
        log = np.zeros((layout.LOG_CAP, 6), dtype=np.int64)
        state = play_logged(3, game, flags, lineup.functions, lineup.params, log, True)
        seat_rows = np.zeros((players, len(spec.seat_columns)), dtype=np.int64)
        game_row = np.zeros(len(spec.game_columns), dtype=np.int64)
        final_results(state, seat_rows, game_row)
        games.append((state, seat_rows, game_row))
    return games


def counter(spec, state, rule_id):
    forward = spec.forward
    return int(state[forward.counters_offset + forward.rule_ids.index(rule_id)])


def test_the_forward_model_names_its_counters_and_trajectories(spec):
    forward = spec.forward
    assert forward.counters_offset == layout.S_COUNTERS and len(forward.rule_ids) == layout.N_RULE_COUNTERS
    assert set(forward.rule_labels) == set(forward.rule_ids)
    assert set(layout.EVENT_CODES) <= set(forward.rule_ids)
    assert {f"variant:{name}" for name in spec.variants} <= set(forward.rule_ids)
    assert forward.trajectory_offset == layout.S_TRAJECTORY and forward.checkpoint_unit == "round"


@pytest.mark.parametrize("code", ["B8", "A1", "B14"])
def test_a_forced_event_counts_once_per_game_it_is_turned(spec, code):
    """--force-event puts the card in every game: its counter is 1 unless the game ended before
    its round; the event counters add up to the rounds played."""
    for state, _, game_row in final_states(spec, 4, forced=(code,)):
        rounds_played = int(state[layout.S_ROUND])
        events = sum(counter(spec, state, event) for event in layout.EVENT_CODES)
        assert events == rounds_played
        event_round = list(game_row[1:6]).index(layout.EVENT_CODES.index(code)) + 1
        assert counter(spec, state, code) == (1 if event_round <= rounds_played else 0)


def test_counters_agree_with_the_result_columns(spec):
    for players in (2, 5):
        for state, seat_rows, game_row in final_states(spec, players):
            islands = sum(counter(spec, state, f"island:{name}") for name in layout.ISLAND_IDS)
            assert islands == game_row[12]  # small_islands_used
            assert counter(spec, state, "keep-treasure") == seat_rows[:, 15].sum()  # treasures_kept
            eliminated = list(seat_rows[:, 4])
            assert counter(spec, state, "eliminated-cubes") == eliminated.count(1)
            assert counter(spec, state, "eliminated-healer") == eliminated.count(2)
            assert counter(spec, state, "pass") >= players * (int(state[layout.S_ROUND]) - game_row[13])
            aaron_rules = ("aaron-play", "aaron-island", "aaron-crown")
            if players != 2:
                assert all(counter(spec, state, rule) == 0 for rule in aaron_rules)


def test_a_variant_branch_counts_only_under_its_variant(spec):
    for state, _, _ in final_states(spec, 4, variants=("starting-draft",)):
        assert counter(spec, state, "variant:starting-draft") == 1
    for state, _, _ in final_states(spec, 4):
        assert all(counter(spec, state, f"variant:{name}") == 0 for name in spec.variants)


def test_trajectories_record_every_round_and_end_with_the_final_scores(spec):
    for players in (2, 4):
        for state, seat_rows, game_row in final_states(spec, players):
            checkpoints = int(state[layout.S_TRAJECTORY])
            rounds_begun = int(state[layout.S_ROUND])
            # one per round whose Phase 3 ended (all of them unless the treasures ran out), the Final
            # Exploration, the end
            if game_row[13] == 0:
                assert checkpoints == rounds_begun + 2 == layout.MAX_CHECKPOINTS
            else:
                assert rounds_begun + 1 <= checkpoints <= rounds_begun + 2
            row = layout.S_TRAJECTORY + 1 + (checkpoints - 1) * layout.MAX_PLAYERS
            assert state[row:row + players].tolist() == seat_rows[:, 0].tolist()
            first = state[layout.S_TRAJECTORY + 1:layout.S_TRAJECTORY + 1 + players]
            assert (first >= 0).all()
