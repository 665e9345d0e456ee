"""The suite's tiers (docs/testing.md): a marker set by the test's folder (or by the test), and how
pytest-xdist spreads the tests. Each xdist worker has a Redis database of its own (tests/support/redis_db.py),
so the integration tests spread like the rest; tests that share a module-, package- or session-scoped
fixture of the suite stay on one worker, and a browser test module stays on one worker with its pages."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from services.players import accounts, passwords
from tests.support.harness import TEST_BOT_ITERATIONS, TEST_BOT_THINK_MS
from tests.support.redis_db import DEFAULT_URL, worker_url
from tests.support.route_builders import share_route_builders

TESTS = Path(__file__).resolve().parent
FOLDER_TIERS = {  # the first folder (relative to tests/) that contains the test's file decides
    "e2e/browser": "browser",
    "e2e": "integration",
    "integration": "integration",
    "benchmarks": "benchmark",
}
START_FIRST = ("integration", "browser")  # handed out first (_longest_first)
SPREAD_FIRST = "slow"  # the long CPU-bound runs: handed out among those, evenly (_longest_first)
LONG_UNITS = (  # as long CPU-bound runs, in the fast tier: the schemathesis fuzzing, in two halves
    "tests/conformance/test_schemathesis.py",
    "tests/conformance/test_schemathesis.py::accounts",
)
MODULE_TIERS = ("browser",)  # one xdist group per module: a worker builds the package's site and browser once
TEST_SCRYPT_N = 2**4  # tests sign up hundreds of players; the papyrus processes they start keep 2**14

# Read by the tests' modules at import, and passed on to the processes they start: this worker's database.
os.environ["REDIS_TEST_URL"] = worker_url(
    os.environ.get("REDIS_TEST_URL", DEFAULT_URL), os.environ.get("PYTEST_XDIST_WORKER")
)

# The papyrus processes the tests start read their settings from this environment: their bots move at once
# after a player's move (production waits BOT_GRACE, 3 s, for an undo: a whole game played against a bot
# would wait that long at every move) and a stand-in thinks as briefly as in this process. A test of the
# grace sets its own; so can the shell.
PROCESS_SETTINGS = {
    "PAPYRUS_BOT_GRACE": "0",
    "PAPYRUS_BOT_THINK_MS": str(TEST_BOT_THINK_MS),
    "PAPYRUS_BOT_ITERATIONS": str(TEST_BOT_ITERATIONS),
}
for _name, _value in PROCESS_SETTINGS.items():
    os.environ.setdefault(_name, _value)


def pytest_configure() -> None:
    """Passwords hashed in this process with scrypt at n=2**4 instead of 2**14: the same code and stored
    format at a thousandth of the work (a hash costs 50 ms of CPU at 2**14). Unknown names are checked
    against a hash of that same cost, as in production. Apps built in this process share their routes'
    URL builders (tests/support/route_builders.py)."""
    production = f"scrypt${passwords.SCRYPT_N}$"
    unknown = passwords.UNKNOWN_NAME_HASH.replace(production, f"scrypt${TEST_SCRYPT_N}$", 1)
    passwords.SCRYPT_N = TEST_SCRYPT_N
    passwords.UNKNOWN_NAME_HASH = accounts.UNKNOWN_NAME_HASH = unknown
    share_route_builders()


def _folder_tier(path: Path) -> str | None:
    relative = path.resolve().relative_to(TESTS).as_posix()
    for folder, tier in FOLDER_TIERS.items():
        if relative.startswith(f"{folder}/"):
            return tier
    return None


def _shared_setup(item: pytest.Item) -> str | None:
    """Where the widest set-up this test shares with others is kept: the folder of a package- or
    session-scoped fixture of the suite, else the test's module if it uses a module- or class-scoped one."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    shared: list[str] = []
    for definitions in info.name2fixturedefs.values():
        fixture = definitions[-1]
        if fixture.scope == "function" or not fixture.baseid.startswith("tests"):
            continue  # per test, or a plugin's (pytest's own tmp_path_factory...)
        wide = fixture.scope in ("session", "package")
        shared.append(fixture.baseid.split("::")[0] if wide else item.nodeid.split("::")[0])
    return min(shared, key=len) if shared else None


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        tier = _folder_tier(item.path)
        if tier is not None and item.get_closest_marker(tier) is None:
            item.add_marker(tier)
        if item.get_closest_marker("xdist_group") is not None:
            continue
        by_module = any(item.get_closest_marker(tier) for tier in MODULE_TIERS)
        group = item.nodeid.split("::")[0] if by_module else _shared_setup(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    items[:] = _longest_first(items)


UNGROUPED = pytest.StashKey[list[str]]()


def pytest_collection_finish(session: pytest.Session) -> None:
    """In an xdist worker with ``--dist loadgroup``, xdist has put each test's group into its node id (the
    only place its scheduler reads it from): a test without it would be spread alone, and the set-up it
    shares built again on every worker. Such a run fails (at every test's set-up) instead."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None or not session.config.getoption("loadgroup", False):
        return
    grouped = [item.nodeid for item in session.items if item.get_closest_marker("xdist_group")]
    session.config.stash[UNGROUPED] = [nodeid for nodeid in grouped if "@" not in nodeid]


def pytest_runtest_setup(item: pytest.Item) -> None:
    ungrouped = item.config.stash.get(UNGROUPED, [])
    if ungrouped:
        pytest.fail(f"pytest-xdist left {len(ungrouped)} tests out of their group: {ungrouped[0]}")


def _work_unit(item: pytest.Item) -> str:
    """The unit xdist's loadgroup scheduler hands a worker whole: the test's group, else the test alone."""
    marker = item.get_closest_marker("xdist_group")
    return str(marker.args[0]) if marker is not None else item.nodeid


def _longest_first(items: list[pytest.Item]) -> list[pytest.Item]:
    """The order xdist hands out the work units (run with --no-loadscope-reorder): first the integration
    units, then the browser modules (both mostly wait on processes, sockets and pages, and last they would
    leave one worker running alone), with the long CPU-bound runs (units holding a `slow` test: the soaks,
    the deep model-based run; and the LONG_UNITS: the schemathesis run) spread evenly among them, so their
    CPU overlaps those waits and none is left to the end; then the rest's units, largest first. The sort
    is stable, so a unit's tests stay together and in order."""
    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        units.setdefault(_work_unit(item), []).append(item)

    def tier(unit: list[pytest.Item]) -> int:
        first = [
            index
            for index, name in enumerate(START_FIRST)
            if any(item.get_closest_marker(name) for item in unit)
        ]
        return (first or [len(START_FIRST)])[0]

    def spread(unit: list[pytest.Item]) -> bool:
        return _work_unit(unit[0]) in LONG_UNITS or any(
            item.get_closest_marker(SPREAD_FIRST) for item in unit
        )

    ordered = sorted(units.values(), key=lambda unit: (tier(unit), -len(unit)))
    waiting = [unit for unit in ordered if tier(unit) < len(START_FIRST) and not spread(unit)]
    long_runs = [unit for unit in ordered if spread(unit)]
    rest = [unit for unit in ordered if tier(unit) == len(START_FIRST) and not spread(unit)]
    first: list[list[pytest.Item]] = []
    step = max(1, len(waiting) // max(1, len(long_runs)))
    for index, unit in enumerate(waiting):
        if index % step == 1 % step and long_runs:
            first.append(long_runs.pop(0))
        first.append(unit)
    return [item for unit in first + long_runs + rest for item in unit]
