"""What the Sails engine records besides the result (docs/engine-contract.md, last section): rule
counters forced on hand-set tables, score trajectories, decision statistics."""

import numpy as np
import pytest
from numba import njit

from simulator.core.engine.decisions import STRATEGY_SIGNATURE

from simulator.core.store.records import RecordPlan, allocate
from simulator.games.sails.resolution import trick_outcomes
from simulator.games.sails.state import COUNTERS, MAX_CHECKPOINTS, MAX_PLAYERS, RULE_COUNTERS, RULE_IDS
from tests.sails.helpers import get_spec, lineup
from tests.sails.test_rulebook_examples import BLUE, GREEN, PURPLE, RED, island, new_table, play, resolve, set_deck, treasure
from simulator.games.sails import encode_variants


def fired(state, rule_id):
    return state[COUNTERS + RULE_IDS.index(rule_id)]


def test_a_tie_for_the_strongest_card_counts_r12_and_the_reversed_weakest_tie_r19():
    """Seat 1 reaches 8 with 2 Bonus, tying seat 3's 8 (the first player keeps the colour: R12);
    seats 0 and 2 tie for the weakest 3 (the farthest receives, reading 3: R19)."""
    state = new_table(4, first=3)
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(GREEN, 0)])
    play(state, [(3, island(RED, 8), 0), (0, island(RED, 3), 0), (1, island(RED, 6), 2), (2, island(RED, 3), 0)])
    before = {rule: fired(state, rule) for rule in RULE_IDS}
    trick_outcomes(state)
    changed = {rule: fired(state, rule) - before[rule] for rule in RULE_IDS if fired(state, rule) != before[rule]}
    # one colour of 4 cards: won by the strongest of several (R11), its weakest receives (R18)
    assert changed == {"R11": 1, "R12": 1, "R18": 1, "R19": 1}


def test_the_nearest_weakest_tie_counts_its_variant_not_r19():
    state = new_table(4, first=3, variants=("weakest-tie-nearest",))
    set_deck(state, 0, [treasure(RED, 0)])
    set_deck(state, 1, [treasure(GREEN, 0)])
    play(state, [(3, island(RED, 8), 0), (0, island(RED, 3), 0), (1, island(RED, 6), 0), (2, island(RED, 3), 0)])
    trick_outcomes(state)
    assert fired(state, "variant:weakest-tie-nearest") == 1
    assert fired(state, "R19") == 0


def test_a_steal_and_an_action_count_their_rules():
    """The rulebook trick: Éric steals Stéphanie's red 4 (R15), Marilou wins green alone without a
    green treasure and activates the green/purple card, side A3 (R10, R16, A3, R26)."""
    eric, stephanie, nicolas, marilou = 0, 1, 2, 3
    state = new_table(4, first=eric)
    set_deck(state, 0, [treasure(BLUE, 7), treasure(RED, 6), treasure(RED, 2)])
    set_deck(state, 1, [treasure(GREEN, 7), treasure(PURPLE, 0)])
    from simulator.games.sails.board import pile_push

    pile_push(state, stephanie, treasure(BLUE, 0))
    pile_push(state, stephanie, treasure(RED, 4))
    play(state, [(eric, island(RED, 9), 0), (stephanie, island(RED, 6), 0), (nicolas, island(RED, 2), 0),
                 (marilou, island(GREEN, 5), 0)])
    resolve(state, 4)
    assert fired(state, "R15") == 1 and fired(state, "R14") == 0
    assert fired(state, "R10") == 1  # green won by a sole card
    assert fired(state, "R16") == 1 and fired(state, "A3") == 1 and fired(state, "R26") == 1
    assert fired(state, "A1") == fired(state, "A2") == fired(state, "A4") == 0


def test_every_counter_has_a_label_and_the_spec_exposes_the_layout():
    forward = get_spec().forward
    assert forward.rule_ids == RULE_IDS and forward.counters_offset == COUNTERS
    assert all(forward.rule_labels[rule] for rule in RULE_IDS) and len(RULE_COUNTERS) == len(RULE_IDS)
    assert [rule for rule in RULE_IDS if rule.startswith("R")] == [f"R{i}" for i in range(1, 32)]
    variants = {rule.removeprefix("variant:") for rule in RULE_IDS if rule.startswith("variant:")}
    assert variants == set(get_spec().variants)
    assert forward.checkpoint_unit == "trick" and forward.max_checkpoints == MAX_CHECKPOINTS


def play_recorded(players, n_games, variants=(), names=None, seed=5):
    spec = get_spec()
    names = names or ("greedy",) * players
    strategies, params = lineup(spec, names)
    seats = np.zeros((n_games, players, len(spec.seat_columns)), dtype=np.int64)
    games = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    recorded = allocate(spec, RecordPlan(counters=True, trajectories=True), n_games)
    spec.forward.play_chunk_recording(seed, 0, n_games, encode_variants(tuple(variants), players), strategies, params,
                                      seats, games, recorded.rule_counts, recorded.decision_stats,
                                      recorded.trajectories, True)
    return spec, seats, games, recorded


@pytest.mark.parametrize("players", [3, 5])
def test_trajectories_have_one_checkpoint_per_trick_and_end_with_the_final_scores(players):
    spec, seats, games, recorded = play_recorded(players, 6)
    for game in range(6):
        row = recorded.trajectories[game]
        assert row[0] == games[game, spec.game_columns.index("length")]  # one checkpoint per trick
        last = row[1 + (row[0] - 1) * MAX_PLAYERS:1 + (row[0] - 1) * MAX_PLAYERS + players]
        assert list(last) == list(seats[game, :, 0])
        half = row[0] // 2
        end_of_round_1 = row[1 + (half - 1) * MAX_PLAYERS:1 + (half - 1) * MAX_PLAYERS + players]
        assert list(end_of_round_1) == list(seats[game, :, spec.seat_columns.index("round1_score")])


def test_recording_changes_no_result_and_counters_match_the_result_columns():
    spec, seats, games, recorded = play_recorded(4, 8, names=("greedy", "random", "treasure_hunter", "bluffer"))
    plain_seats = np.zeros_like(seats)
    plain_games = np.zeros_like(games)
    strategies, params = lineup(spec, ("greedy", "random", "treasure_hunter", "bluffer"))
    spec.play_chunk(5, 0, 8, encode_variants((), 4), strategies, params, plain_seats, plain_games, True)
    assert (plain_seats == seats).all() and (plain_games == games).all()
    counts = dict(zip(RULE_IDS, recorded.rule_counts.T))
    for action in range(1, 5):
        assert (counts[f"A{action}"] == games[:, spec.game_columns.index(f"actions_used_a{action}")]).all()
    assert (counts["R15"] == games[:, spec.game_columns.index("steals")]).all()
    assert (counts["R16"] == sum(counts[f"A{action}"] for action in range(1, 5))).all()
    assert (counts["bonus"] == seats[:, :, spec.seat_columns.index("bonus_spent")].sum(axis=1)).all()
    assert (counts["R2"] == 2).all() and (counts["R1"] == 0).all()  # 4 players: two decks, each round


@njit(STRATEGY_SIGNATURE, cache=True)
def counting_first_option(state, seat, kind, options, n_options, params, stream):
    """Scripted: takes the first option and counts, in its own parameter row, the calls and the options."""
    params[0] += 1
    params[1] += n_options
    return 0


def test_decision_statistics_add_up_to_the_strategy_calls():
    spec = get_spec()
    n_games = 4
    params = np.zeros((4, 2))
    seats = np.zeros((n_games, 4, len(spec.seat_columns)), dtype=np.int64)
    games = np.zeros((n_games, len(spec.game_columns)), dtype=np.int64)
    recorded = allocate(spec, RecordPlan(counters=True), n_games)
    spec.forward.play_chunk_recording(3, 0, n_games, encode_variants((), 4), (counting_first_option,) * 4, params,
                                      seats, games, recorded.rule_counts, recorded.decision_stats,
                                      recorded.trajectories, True)
    assert recorded.decision_stats[:, :, 0].sum() == params[:, 0].sum() > 0
    assert recorded.decision_stats[:, :, 1].sum() == params[:, 1].sum()
    assert recorded.trajectories.shape[0] == 0  # not asked for


def test_decision_statistics_by_kind():
    spec, seats, games, recorded = play_recorded(4, 5, names=("random",) * 4)
    asked = recorded.decision_stats[:, :, 0]
    offered = recorded.decision_stats[:, :, 1]
    play_card = spec.decision_kinds.index("play_card")
    assert (asked[:, play_card] == 96).all()  # 4 seats x 24 tricks, always at least 2 options (a card, 2 sides)
    assert (offered >= 2 * asked).all()  # an asked decision offers 2 options or more
    assert (asked[:, spec.decision_kinds.index("bonus_after_reveal")] == 0).all()  # variant off
    _, _, _, with_variant = play_recorded(4, 5, variants=("bonus-after-reveal",), names=("random",) * 4)
    assert with_variant.decision_stats[:, spec.decision_kinds.index("bonus_after_reveal"), 0].sum() > 0


def test_variant_counters_fire_only_under_their_variant():
    _, _, _, plain = play_recorded(4, 4)
    _, _, _, varied = play_recorded(4, 4, variants=("random-first-player", "opening-pass-once", "treasure-values-low"))
    position = {rule: RULE_IDS.index(rule) for rule in RULE_IDS}
    for rule in ("variant:random-first-player", "variant:opening-pass-once", "variant:treasure-values-low"):
        assert (plain.rule_counts[:, position[rule]] == 0).all()
        assert (varied.rule_counts[:, position[rule]] == 1).all()
    assert (varied.rule_counts[:, position["R4"]] == 1).all()  # the pass, in round 1 only
    assert (plain.rule_counts[:, position["R4"]] == 2).all()
