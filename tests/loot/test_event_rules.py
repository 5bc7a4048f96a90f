"""--force-event / --exclude-event: the counterfactual event setups of Loot Island.

A forced card comes up in every game, an excluded card in none, and everything else of the
deal (hands, treasures, ship, first player) stays that of the baseline run on the same seed.
"""

import numpy as np
import pytest

from simulator.core.run import runner
from simulator.core.engine.registry import UsageError
from simulator.games.loot.state import EVENT_CODES

GAMES = 2000
SEED = 31
EVENT_COLUMNS = slice(1, 6)  # game columns event_1 .. event_5


@pytest.fixture(scope="module")
def play(run_games):
    """``play(players, forced, excluded, n, debug)``: seat and game result arrays of ``n``
    greedy-strategy games with these event rules."""

    def _play(players, forced=(), excluded=(), n=GAMES, debug=False):
        return run_games(players, (), n, seed=SEED, debug=debug, forced=forced, excluded=excluded)

    return _play


def event_ids(*codes):
    return [EVENT_CODES.index(code) for code in codes]


def test_event_columns_are_where_this_test_reads_them(spec):
    assert spec.game_columns[EVENT_COLUMNS] == tuple(f"event_{r}" for r in range(1, 6))


@pytest.fixture(scope="module")
def baseline(play):
    return play(4)


@pytest.fixture(scope="module")
def counterfactual(play):
    return play(4, forced=("B12", "A3"), excluded=("B13", "A2"), debug=True)


def test_forced_cards_come_up_in_every_game_and_excluded_ones_never(counterfactual):
    events = counterfactual[1][:, EVENT_COLUMNS]
    b12, a3, b13, a2 = event_ids("B12", "A3", "B13", "A2")
    assert np.all(events[:, 0] == a3)
    assert np.all(np.sum(events[:, 1:] == b12, axis=1) == 1)
    assert not np.any(events == b13) and not np.any(events == a2)
    # every game still has four different B cards after its A card
    assert np.all(events[:, 1:] >= 4)
    assert all(len(set(row)) == 4 for row in events[:, 1:].tolist())


def test_games_whose_deal_already_obeys_the_rules_are_played_identically(baseline, counterfactual):
    """Common random numbers: the rules change only the event draw, never the rest of the deal."""
    base_seats, base_games = baseline
    seats, games = counterfactual
    b12, a3, b13, a2 = event_ids("B12", "A3", "B13", "A2")
    base_events = base_games[:, EVENT_COLUMNS]
    obeys = (base_events[:, 0] == a3) & np.any(base_events == b12, axis=1) & ~np.any(base_events == b13, axis=1)
    assert obeys.sum() > 20  # about 1/4 * 4/14 * 10/13 of the games
    assert np.array_equal(games[obeys], base_games[obeys])
    assert np.array_equal(seats[obeys], base_seats[obeys])
    # and games that had to change did change their events (not a copy of the baseline)
    assert not np.array_equal(games[~obeys, EVENT_COLUMNS], base_games[~obeys, EVENT_COLUMNS])


def test_exclusion_keeps_the_other_cards_of_the_deal_in_order(play, baseline):
    """An excluded card is left in the box: the next B card of the same shuffled deck replaces it."""
    _, games = play(4, excluded=("B5",), n=300)
    base_events = baseline[1][:300, EVENT_COLUMNS]
    (b5,) = event_ids("B5")
    for base_row, row in zip(base_events.tolist(), games[:, EVENT_COLUMNS].tolist()):
        kept = [event for event in base_row[1:] if event != b5]
        assert row[0] == base_row[0]
        assert row[1:1 + len(kept)] == kept


@pytest.mark.parametrize("players", [2, 3, 5])
def test_event_rules_keep_every_invariant_at_every_player_count(play, players):
    """Debug mode checks the invariants after every step; the rules hold at 2 (with Aaron), 3 and 5."""
    _, games = play(players, forced=("A2", "B9", "B4"), excluded=("B1", "B2"), n=300, debug=True)
    events = games[:, EVENT_COLUMNS]
    a2, b9, b4, b1, b2 = event_ids("A2", "B9", "B4", "B1", "B2")
    assert np.all(events[:, 0] == a2)
    assert np.all(np.any(events == b9, axis=1) & np.any(events == b4, axis=1))
    assert not np.any((events == b1) | (events == b2))


def test_a_forced_card_comes_up_in_every_round_equally_often(counterfactual):
    (b12,) = event_ids("B12")
    rounds = np.argmax(counterfactual[1][:, 2:6] == b12, axis=1)
    counts = np.bincount(rounds, minlength=4)
    # 2000 games over 4 rounds: 500 expected each, sd about 19
    assert np.all(np.abs(counts - GAMES / 4) < 100), counts


def test_a_forced_card_changes_the_outcome_distribution(baseline, play):
    """Forcing an event is not a no-op on results: B13 forced differs from the baseline in some game."""
    seats, games = play(4, forced=("B13",), n=300)
    assert not np.array_equal(seats, baseline[0][:300])


@pytest.mark.parametrize(
    "forced, excluded, message",
    [
        (("B15",), (), "unknown event card 'B15' for loot; cards: A1, A2"),
        (("B12",), ("B12",), "B12 cannot be both forced and excluded"),
        (("A1", "A2"), (), "at most one A event can be forced"),
        ((), ("A1", "A2", "A3", "A4"), "at least one A event must stay"),
        (("B1", "B2", "B3", "B4", "B5"), (), "at most four B events can be forced"),
        ((), tuple(f"B{k}" for k in range(1, 12)), "at least four B events must stay in the game: 11 of 14"),
    ],
)
def test_impossible_event_rules_are_refused_before_anything_runs(forced, excluded, message):
    config = runner.RunConfig("loot", 4, 10, 1, force_events=forced, exclude_events=excluded)
    with pytest.raises(UsageError, match=message):
        runner.prepare(config)


def test_a_game_without_event_cards_refuses_them():
    with pytest.raises(UsageError, match="Sails.* has no event cards"):
        runner.prepare(runner.RunConfig("sails", 4, 10, 1, force_events=("B12",)))


def test_the_event_rules_are_part_of_the_run_configuration(tmp_path):
    from simulator.core.store import results

    prepared = runner.prepare(runner.RunConfig("loot", 4, 40, 3, chunk_size=20, force_events=("B12", "B12")))
    assert prepared.config.force_events == ("B12",)
    runner.run(prepared, tmp_path / "run", jobs=1)
    manifest = results.read_manifest(tmp_path / "run")
    assert manifest["force_events"] == ["B12"] and manifest["exclude_events"] == []
    assert runner.config_from_folder(tmp_path / "run") == prepared.config
    other = runner.prepare(runner.RunConfig("loot", 4, 40, 3, chunk_size=20, force_events=("B11",)))
    with pytest.raises(UsageError, match="holds a run with force_events"):
        results.check_run_folder(tmp_path / "run", other)
