# islandsim: every target sets up .venv on first use (idempotent), so a fresh clone needs only Python 3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.islandsim-installed

.PHONY: setup run test test-fast bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,cluster]"
	touch $(STAMP)

setup: $(STAMP)

## run: the flagship simulation on local defaults (all cores, results/ folder)
run: $(STAMP)
	$(BIN)/islandsim run --game $(or $(GAME),sails) --players $(or $(PLAYERS),4) --n $(or $(N),100000) --seed $(or $(SEED),2026)

## test: the whole test suite (the command CI runs)
test: $(STAMP)
	$(BIN)/python -m pytest -q

## bench: speed and memory figures (engine games/s, pure-Python ratio, a full 1,000,000-game run)
bench: $(STAMP)
	$(BIN)/islandsim bench --game sails --players 4 --n 100000 --python-n 300 --run-n 1000000

clean:
	rm -rf $(VENV) results .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
