"""Alternating processes: 83a0d59's ``ismcts+budget=400`` against this tree's search NAME (another
name than the base's, which ``islandsim bench-ab`` cannot do), through the bench-ab child
(``simulator/benchmark/ab_child.py``), one Loot Island game per process, 4 players, every seat the
search.  Needs 83a0d59's export and compile cache, which ``islandsim bench-ab 83a0d59 --game loot``
makes once.  Prints each round's CPU seconds and the ratio new/base (geometric mean of the rounds,
95% t-interval on their logarithms, as ``bench-ab``):

    python research/ismcts_ab_names.py ismcts@tuned-4p+budget=400+agree=0.25+prior=0.1 4
"""
import json, math, os, subprocess, sys, tempfile
base_tree = os.path.expanduser("~/.cache/islandsim-bench-ab/83a0d594b4d1b27bf6ce28364104022d29b9aa2c")
new_tree = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
child = new_tree + "/simulator/benchmark/ab_child.py"
name, rounds = sys.argv[1], int(sys.argv[2])
def run(tree, env_extra, lineup):
    request = {"game": "loot", "players": 4, "lineup": [lineup] * 4, "n": 1, "repeats": 1, "seed": 1,
               "game_module": None, "count_decisions": False}
    env = {**os.environ, "PYTHONPATH": tree, **env_extra}
    out = subprocess.run(["nice", "-n", "10", sys.executable, child, json.dumps(request)], cwd=tempfile.gettempdir(), env=env,
                         capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
    answer = json.loads(out)
    assert answer["simulator"].startswith(tree), answer["simulator"]
    return min(answer["cpu_seconds"])
ratios, bases, news = [], [], []
for _ in range(rounds):
    b = run(base_tree + "/tree", {"ISLANDSIM_CACHE_DIR": base_tree + "/numba"}, "ismcts+budget=400")
    n = run(new_tree, {}, name)
    bases.append(b); news.append(n); ratios.append(n / b)
    print(json.dumps({"base_s": b, "new_s": n, "ratio": n / b}), flush=True)
logs = [math.log(r) for r in ratios]
mean = sum(logs) / len(logs)
sd = (sum((x - mean) ** 2 for x in logs) / (len(logs) - 1)) ** 0.5
t = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571}[len(logs)]
half = t * sd / len(logs) ** 0.5
print(json.dumps({"name": name, "rounds": rounds, "base_s": bases, "new_s": news, "ratio": math.exp(mean),
                  "ci95": [math.exp(mean - half), math.exp(mean + half)]}))
