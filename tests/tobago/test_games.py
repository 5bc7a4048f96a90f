"""Whole Tobago games: debug invariants at every player count and in every variant, result columns,
strategies (legal, every decision kind used, the default beating random), rule counters and
score trajectories, the golden replay, redraw_hidden."""

import math
import os
from pathlib import Path

import numpy as np
import pytest


from simulator.games.tobago import engine
from simulator.games.tobago import state as layout
from simulator.games.tobago import variants
from simulator.games.tobago.state import (
    COUNTERS,
    DECISION_KINDS,
    MAX_OPTIONS,
    MAX_PLAYERS,
    N_COUNTERS,
    RULE_IDS,
    STATE_SIZE,
    TRAJECTORY,
)
from tests.tobago.helpers import Game, lineup, run_chunk

GOLDEN = Path(__file__).parent / "golden_replay_4p_seed7.txt"
GOLDEN_NAMES = ("racer", "random", "contributor", "amulet_hunter")
HEURISTICS = ("racer", "contributor", "amulet_hunter")


def check_columns(spec, seat_results, game_results, ties_broken=False):
    """Result columns agree with each other; ``ties_broken`` (variant tiebreak-amulets, A29): a
    seat tied on coins may rank anywhere within its tie, never above a richer seat."""
    col = {name: i for i, name in enumerate(spec.seat_columns)}
    gcol = {name: i for i, name in enumerate(spec.game_columns)}
    scores = seat_results[:, :, col["score"]]
    expected = 1 + (scores[:, None, :] > scores[:, :, None]).sum(2)
    ranks = seat_results[:, :, col["rank"]]
    if ties_broken:
        last_of_tie = (scores[:, None, :] >= scores[:, :, None]).sum(2)
        assert np.all(ranks >= expected) and np.all(ranks <= last_of_tie)
    else:
        assert np.array_equal(ranks, expected)
    assert np.array_equal(game_results[:, gcol["winning_score"]], scores.max(1))
    assert np.array_equal(game_results[:, gcol["treasures_raised_total"]], seat_results[:, :, col["treasures_raised"]].sum(1))
    assert np.all(seat_results >= 0) and np.all(game_results >= 0)
    assert np.all(scores <= 6 * seat_results[:, :, col["gold_cards"]])
    assert np.all(scores >= 2 * seat_results[:, :, col["gold_cards"]])
    assert game_results[:, gcol["capped"]].sum() == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants(spec, players):
    seat_results, game_results = run_chunk(spec, ("random",) * players, 2000, seed=players)
    check_columns(spec, seat_results, game_results)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_keep_invariants(spec, players):
    names = tuple((HEURISTICS + ("random",))[k] for k in range(players))
    seat_results, game_results = run_chunk(spec, names, 500, seed=50 + players)
    check_columns(spec, seat_results, game_results)


def test_each_variant_keeps_invariants(spec):
    names = ("random", "racer", "amulet_hunter")
    for variant in sorted(v for v in variants() if not v.startswith("island-")) + ["island-7"]:
        players = 2 if variant == "two-player-hand-4" else 3
        seat_results, game_results = run_chunk(spec, names[:players], 40, variants=(variant,), seed=7)
        check_columns(spec, seat_results, game_results, ties_broken=variant == "tiebreak-amulets")


def test_every_decision_kind_is_used_by_the_heuristics(spec):
    """Over a few games, the heuristics answer every decision kind of the spec (exchange_cards
    under its variant; raise_order and start_raise, rare in play, have their own tests in
    test_rules and test_strategies)."""
    from simulator.core.engine.rng import new_stream

    names = ("racer", "contributor", "amulet_hunter", "random")
    strategies, params = lineup(spec, names)
    seen = set()
    for variants_ in ((), ("exchange-any-subset",)):
        flags = engine_flags(variants_, 4)
        for game_index in range(25):
            state = np.zeros(STATE_SIZE, dtype=np.int64)
            options = np.zeros(MAX_OPTIONS, dtype=np.int64)
            log = np.zeros((0, 6), dtype=np.int64)
            streams = [new_stream(5, game_index, 1 + seat) for seat in range(4)]
            engine.new_game(5, game_index, 4, flags, 0, state, log)
            while True:
                seat, kind, n = engine.pending_decision(state, options)
                if seat < 0:
                    break
                choice = strategies[seat](state, seat, kind, options, n, params[seat], streams[seat])
                assert 0 <= choice < n
                if names[seat] != "random":
                    seen.add(kind)
                engine.apply(state, choice, log)
    expected = set(range(len(DECISION_KINDS))) - {layout.RAISE_ORDER, layout.START_RAISE}
    assert expected <= seen, [DECISION_KINDS[k] for k in sorted(expected - seen)]


def engine_flags(names, players):
    from simulator.games.tobago import encode_variants

    return encode_variants(tuple(names), players)


def z_lower_bound(values, z=4.0):
    return values.mean() - z * values.std(ddof=1) / math.sqrt(len(values))


def test_default_strategy_beats_random_clearly(spec):
    """The default, rotating through the 4 seats against random players: its score minus the
    random players' mean is positive with a 4-sigma margin; it wins well over 25%."""
    gaps, wins = [], []
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = spec.default_strategy
        seat_results, _ = run_chunk(spec, tuple(names), 60, seed=200 + seat, debug=False)
        scores = seat_results[:, :, 0].astype(float)
        gaps.append(scores[:, seat] - np.delete(scores, seat, axis=1).mean(1))
        wins.append(seat_results[:, seat, 1] == 1)
    gaps = np.concatenate(gaps)
    wins = np.concatenate(wins).astype(float)
    assert z_lower_bound(gaps) > 0
    assert z_lower_bound(wins) > 0.25


def test_rule_counters_and_trajectories(spec):
    forward = spec.forward
    assert forward.rule_ids == RULE_IDS and len(RULE_IDS) == N_COUNTERS
    assert forward.counters_offset == COUNTERS and forward.trajectory_offset == TRAJECTORY
    assert RULE_IDS[:65] == tuple(f"R{k}" for k in range(1, 66))
    g = Game(players=4, seed=12, debug=1)
    rng = np.random.default_rng(4)
    while not g.over():
        _, _, values = g.pending()
        g.choose(values[rng.integers(len(values))])
    s = g.state
    counters = dict(zip(RULE_IDS, s[COUNTERS:COUNTERS + N_COUNTERS]))
    for rule in ("R1", "R2", "R4", "R6", "R7", "R8", "R11", "R13", "R24", "R44", "R48", "R62", "R65"):
        assert counters[rule] > 0, rule
    assert counters["R44"] == s[layout.TREASURES_RAISED]
    k = s[TRAJECTORY]
    assert k == s[layout.TREASURES_RAISED] + 1
    final = [s[TRAJECTORY + 1 + (k - 1) * MAX_PLAYERS + seat] for seat in range(4)]
    assert final == [s[layout.SCORE + seat] for seat in range(4)]


def golden_lines(spec):
    strategies, params = lineup(spec, GOLDEN_NAMES)
    return spec.narrate(7, 0, engine_flags((), 4), strategies, params)


def test_golden_replay(spec):
    text = "\n".join(golden_lines(spec)) + "\n"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_narration_covers_the_game(spec):
    lines = golden_lines(spec)
    assert lines[0].startswith("The island of ")
    assert sum(line.startswith("Final: seat") for line in lines) == 4
    assert any(" raises the " in line for line in lines)
    assert any(" lays '" in line for line in lines)


def test_narration_reads_like_a_player_would(spec):
    """Issue 22: plurals agree ("1 possible hex"), a map's first clue comes after "starts the new
    map", a standing line opens each round, and the rounds are numbered."""
    import re

    lines = golden_lines(spec)
    wrong = re.compile(r"(?<![\d-])1 (possible hexes|markers|legs|cards|gold cards|coins|amulets|clue cards)\b")
    assert not [line for line in lines if wrong.search(line)]
    starts = [i for i, line in enumerate(lines) if " starts the new " in line]
    assert starts
    for i in starts:
        colour = lines[i].split(" starts the new ")[1].split(" ")[0]
        assert f"on the {colour} map" in lines[i + 1] and " lays '" in lines[i + 1]
    rounds = [line for line in lines if line.startswith("== Round ")]
    assert rounds[:2] == ["== Round 1 ==", "== Round 2 =="]
    assert lines[lines.index(rounds[0]) + 1].startswith("Standing: seat 1 0 coins in 0 gold cards, 0 amulets;")


def test_a_stalled_game_narration_is_folded(spec):
    """A game stopped by the turn cap (old contributor weights, seed 1, game 401: 2,000 turns of
    the same exchanges) reads in a few hundred lines: the repeated round is told once with a count."""
    from tests.tobago.test_strategies import OLD_CONTRIBUTOR

    strategies, _ = lineup(spec, ("contributor",) * 4)
    lines = spec.narrate(1, 401, engine_flags((), 4), strategies, np.array([OLD_CONTRIBUTOR] * 4))
    assert len(lines) < 800
    assert any(line.startswith("(the last ") and "more times, up to round" in line for line in lines)
    assert lines[-6].startswith("End: the turn cap stopped the game (no winner)")
    assert all(line.endswith("not ranked") for line in lines[-4:])


def test_redraw_hidden_keeps_what_the_seat_sees(spec):
    from simulator.core.engine.rng import new_stream
    from simulator.games.tobago.hidden import redraw_hidden
    from simulator.games.tobago.state import CLUE_DECK, CLUE_DECK_COUNT, GOLD_DECK, GOLD_DECK_COUNT, HAND

    g = Game(players=3, seed=8, debug=0)
    g.play_setup()
    before = g.state.copy()
    redraw_hidden(g.state, 0, new_stream(1, 2, 3))
    s = g.state
    assert np.array_equal(s[HAND:HAND + 6], before[HAND:HAND + 6])  # own hand kept
    hidden = lambda st: sorted(st[CLUE_DECK:CLUE_DECK + st[CLUE_DECK_COUNT]].tolist() + st[HAND + 6:HAND + 18].tolist())
    assert hidden(s) == hidden(before)
    assert sorted(s[GOLD_DECK:GOLD_DECK + s[GOLD_DECK_COUNT]]) == sorted(before[GOLD_DECK:GOLD_DECK + before[GOLD_DECK_COUNT]])
    assert not np.array_equal(s[CLUE_DECK:CLUE_DECK + 40], before[CLUE_DECK:CLUE_DECK + 40])
    top = s[GOLD_DECK + 29:GOLD_DECK + 41]
    assert 0 not in top.tolist()  # R4 kept: no curse in the former safe top





def test_redraw_hidden_depends_only_on_the_seat_view():
    """The contract ismcts relies on (docs/engine-contract.md): redrawing two states with the same
    view from the same stream gives the same state, whatever their hidden part was (hands, clue
    deck, gold deck, unseen pool cards), at decisions all through a game."""
    from simulator.core.engine.rng import new_stream
    from simulator.games.tobago.hidden import redraw_hidden

    g = Game(players=3, seed=8, debug=0)
    checked = 0
    for step in range(400):
        seat, kind, values = g.pending()
        if seat < 0:
            break
        if step % 10 == 0:
            for viewer in range(3):
                real = g.state.copy()
                other = g.state.copy()
                redraw_hidden(other, viewer, new_stream(500 + step, viewer, 3))  # another hidden part
                redraw_hidden(real, viewer, new_stream(step, viewer, 3))
                redraw_hidden(other, viewer, new_stream(step, viewer, 3))
                assert np.array_equal(real, other), (step, viewer)
                checked += 1
        engine.apply(g.state, (step * 7) % len(values), g.log)
    assert checked >= 20
