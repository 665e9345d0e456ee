# Papyrus: the two commands a newcomer needs are `make serve` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test test-browser chromium lint typecheck check clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Embedded mode keeps its games in .papyrus-data and its journal .papyrus-data.journal (git-ignored) across
# restarts and crashes; with REDIS_URL set the files are not used. `PAPYRUS_DATA_FILE= make serve` keeps them in memory only.
serve: $(STAMP)
	PAPYRUS_DATA_FILE="$${PAPYRUS_DATA_FILE-.papyrus-data}" $(BIN)/papyrus serve

test: $(STAMP)
	$(BIN)/python -m pytest

# Browser tests use Debian's Chromium at /usr/bin/chromium and the playwright module from the dev extras.
chromium:
	test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

test-browser: $(STAMP) chromium
	PAPYRUS_REQUIRE_BROWSER=1 $(BIN)/python -m pytest tests/e2e/browser

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

check: lint typecheck test

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
