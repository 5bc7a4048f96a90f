# islandsim: every target sets up .venv on first use (idempotent), so a fresh clone needs only Python 3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.islandsim-installed

.PHONY: setup run test test-slow bench bench-ab reports players-report clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,cluster]"
	touch $(STAMP)

setup: $(STAMP)

## run: the flagship simulation on local defaults (all cores, results/ folder)
run: $(STAMP)
	$(BIN)/islandsim run --game $(or $(GAME),loot) --players $(or $(PLAYERS),4) --n $(or $(N),100000) --seed $(or $(SEED),2026)

## test: the whole test suite (the command CI runs), on every core (pytest-xdist; a test file's tests stay in one
## worker, so its fixtures are built once); TEST_JOBS=1 runs it in one process
test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(or $(TEST_JOBS),auto) --dist loadfile

## test-slow: the long statistical checks (marked slow), left out of `make test`, then the fuzzing tests with ten
## times as many inputs (hypothesis profile `long`; docs/running.md, "Fuzzing the files islandsim reads")
test-slow: $(STAMP)
	$(BIN)/python -m pytest -q -m slow
	HYPOTHESIS_PROFILE=long $(BIN)/python -m pytest -q tests/analysis/test_fuzzing.py

## bench: speed and memory figures per game (engine games/s on one and all cores, pure-Python ratio, a full
## `islandsim run` of 1,000,000 games: wall time and peak memory, `ismcts` CPU per decision), then the
## README's Speed table (Markdown) from the rows they append to results/bench-rows.jsonl
BENCH_ROWS := results/bench-rows.jsonl
bench: $(STAMP)
	rm -f $(BENCH_ROWS)
	$(BIN)/islandsim bench --game sails --players 4 --n 50000 --python-n 200 --run-n 1000000 --ismcts-n 2 --trajectories --row $(BENCH_ROWS)
	$(BIN)/islandsim bench --game loot --players 4 --n 20000 --python-n 20 --run-n 1000000 --ismcts-n 1 --dask --row $(BENCH_ROWS)
	$(BIN)/islandsim bench --game skeleton --players 4 --n 50000 --python-n 100 --run-n 1000000 --ismcts-n 2 --row $(BENCH_ROWS)
	$(BIN)/islandsim bench --game skirmish --players 4 --n 5000 --python-n 5 --run-n 1000000 --ismcts-n 1 --row $(BENCH_ROWS)
	$(BIN)/islandsim bench --game tobago --players 4 --n 20000 --python-n 20 --run-n 1000000 --ismcts-n 1 --row $(BENCH_ROWS)
	@echo
	$(BIN)/islandsim bench-table $(BENCH_ROWS)

## bench-ab: CPU time per game of revision BASE against this tree, in alternating processes, with the
## ratio's 95% interval (docs/performance.md); e.g. make bench-ab BASE=main GAMES="sails loot" LINEUP=first_option
bench-ab: $(STAMP)
	@test -n "$(BASE)" || { echo "error: give the base revision: make bench-ab BASE=<rev>" >&2; exit 2; }
	nice -n 10 $(BIN)/islandsim bench-ab $(BASE) $(foreach game,$(or $(GAMES),sails loot skeleton skirmish tobago),--game $(game)) \
		--players $(or $(PLAYERS),4) --lineup $(or $(LINEUP),default) --n $(or $(N),4000) --rounds $(or $(ROUNDS),10)

## reports: regenerate the balance reports of the shipped studies (experiments/*.toml -> reports/*.html);
## runs already complete in results/store are reused
reports: $(STAMP)
	$(BIN)/islandsim experiment experiments/*.toml --reports-dir reports

## players-report: the cross-game skill-versus-luck report (ladder and panel of every game at every player count
## it has, 2 to 5) and reports/players/<game>.json, which the study reports written into reports/ show (run it
## before `make reports`); its games are runs of results/store, reused when asked again
players-report: $(STAMP)
	nice -n 10 $(BIN)/islandsim skill --players 2 --players 3 --players 4 --players 5 --n 1000 --replays 8 \
		--seed 2026 --report reports/players.html --quiet

clean:
	rm -rf $(VENV) results .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
