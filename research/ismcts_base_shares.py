"""Per-deal win shares of a search player on an older revision (83a0d59: the module names before
issue 24), in the format of ``research/ismcts_strength.py --save``, so that ``--compare`` pairs the
two revisions on the same deals.  Run it with the older tree on PYTHONPATH and its compile cache:

    cd BASE_TREE && ISLANDSIM_CACHE_DIR=BASE_CACHE PYTHONPATH=BASE_TREE nice -n 10 python \\
        THIS_TREE/research/ismcts_base_shares.py loot 4 60 2026 ismcts+budget=400 greedy base.json
"""
import json, sys, time
import numpy as np
from simulator.core.registry import check_variants, get_game
from simulator.core.strategies import build_lineup

game, players, deals, seed, search, opponent, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7]
spec = get_game(game)
flags = check_variants(spec, (), players)

def shares(names):
    lineup = build_lineup(spec, players, tuple(names))
    seat_results = np.zeros((deals, players, len(spec.seat_columns)), dtype=np.int64)
    game_results = np.zeros((deals, len(spec.game_columns)), dtype=np.int64)
    spec.play_chunk(seed, 0, deals, flags, lineup.functions, lineup.params, seat_results, game_results, False)
    first = seat_results[:, :, 1] == 1
    return first / np.maximum(first.sum(axis=1, keepdims=True), 1)

baseline = shares([opponent] * players)
searched = np.zeros((deals, players))
started = time.process_time()
for seat in range(players):
    names = [opponent] * players
    names[seat] = search
    searched[:, seat] = shares(names)[:, seat]
row = {"search": search, "games": deals * players, "deals": deals, "win_rate": float(searched.mean()),
       "cpu_seconds": time.process_time() - started, "searched_win_shares": searched.tolist()}
json.dump({"game": game, "players": players, "seed": seed, "heuristic": opponent, "rows": [row],
           "baseline_win_shares": baseline.tolist()}, open(out, "w"))
print(json.dumps({k: v for k, v in row.items() if k != "searched_win_shares"}))
