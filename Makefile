# Papyrus: the two commands a newcomer needs are `make serve` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve test test-fast test-browser chromium lint typecheck check clean messages translations

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Embedded mode keeps its games in .papyrus-data and its journal .papyrus-data.journal (git-ignored) across
# restarts and crashes; with REDIS_URL set the files are not used. `PAPYRUS_DATA_FILE= make serve` keeps them in memory only.
serve: $(STAMP)
	PAPYRUS_DATA_FILE="$${PAPYRUS_DATA_FILE-.papyrus-data}" $(BIN)/papyrus serve

# The whole suite in one run spread over TEST_WORKERS processes by pytest-xdist (--dist loadgroup): each
# process has a Redis database of its own (REDIS_TEST_URL's, counting down: 15, 14, 13, 12), so the integration
# tests spread like the rest; most of them wait on real processes, pages and sockets, which is why four
# processes pay off on two cores (quiet fresh clones: pytest 574 s with four, 638-659 s with three; 371 s with
# four on a faster VM). The longest work (integration, then browser modules, the long CPU-bound runs spread
# among them) is started first (tests/conftest.py), hence --no-loadscope-reorder. docs/testing.md tells the tiers and their measured times.
TEST_WORKERS ?= 4
XDIST = -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder
FAST = not integration and not browser and not benchmark and not slow

# Each process imports the whole suite and the code it tests: with bytecode written (__pycache__, and pytest's
# rewritten test modules) that costs a worker 8 s of CPU instead of 16, so the test targets write it even where
# the shell sets PYTHONDONTWRITEBYTECODE.
test test-fast test-browser: export PYTHONDONTWRITEBYTECODE :=

test: $(STAMP)
	$(BIN)/python -m pytest $(XDIST)

# The fast tier: the in-process tests (unit, domain, conformance, the API and the services on fakeredis). They
# keep a core busy each, so one process per core: a third would only collect the suite once more. 2,143 tests:
# 104 s wall, 144 s of CPU on the 2-core VM with nothing else running (docs/testing.md).
FAST_WORKERS ?= 2

test-fast: $(STAMP)
	$(BIN)/python -m pytest -n $(FAST_WORKERS) --dist loadgroup -m "$(FAST)"

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

# Translations (docs/translations.md): `make messages` extracts every text players read into the template and
# merges it into each language's catalog; translate the new entries, then `make translations` compiles them.
LOCALE := services/i18n/locale
BABEL_KEYWORDS := -k msg -k msgn:1,2 -k msgp:1c,2 -k n_:1,2 -k p_:1c,2
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(BABEL_KEYWORDS) --no-location --sort-output --width 110 \
		--project Papyrus --copyright-holder "Papyrus" -o $(LOCALE)/messages.pot .
	$(BIN)/pybabel update -i $(LOCALE)/messages.pot -d $(LOCALE) --width 110 --ignore-obsolete --no-fuzzy-matching

translations: $(STAMP)
	$(BIN)/pybabel compile -d $(LOCALE) --statistics

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
