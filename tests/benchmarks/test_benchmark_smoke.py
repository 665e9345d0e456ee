"""Every script in benchmarks/ runs at tiny sizes (its smoke run), so a benchmark that no longer runs
against today's code fails the suite instead of the next person who measures.

Each run gets a redis-server of its own (the scripts flush, fill or refuse a non-empty database) and must
exit 0 with output and no traceback anywhere in it: a benchmark that logs a failed job and still prints a
figure measured nothing. A new script fails here until its smoke arguments are added to :data:`SMOKE`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.private_redis import PrivateRedis

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
RUN_SECONDS = 300.0
SMALL_LOAD = [
    *("--clients", "2", "--api-workers", "1", "--api-threads", "4", "--rq-workers", "1"),
    *("--reference-seconds", "0.5", "--xadd-requests", "500"),
]

# The arguments of each script's smoke run: "{redis}" is the run's own Redis URL, "{tmp}" a fresh folder.
SMOKE: dict[str, list[str]] = {
    "audit_bench.py": ["--games", "1", "--repeats", "1"],
    "compact_bench.py": ["--games", "1", "--decisions", "5", "--trials", "1"],
    "decision_job_round_trips.py": ["--url", "{redis}", "--games", "1", "2"],
    "domain_bench.py": ["--games", "2", "--repeats", "1"],
    "front_request_cost.py": ["--redis-url", "{redis}", "--requests", "16", "--rounds", "1"],
    "instruction_counts.py": [
        *("--redis-url", "{redis}", "--games", "1", "--rounds", "1", "--requests", "2", "--submits", "1"),
        "--no-valgrind",
    ],
    "journal_bench.py": ["--clients", "1", "--commands", "4", "--rounds", "1", "--dir", "{tmp}"],
    "live_capacity.py": [
        *("--pages", "8", "--pages-per-game", "4", "--duration", "1", "--warm-up", "0", "--json"),
        *("--clients", "2", "--rq-workers", "1", "--api-threads", "4"),
    ],
    "live_latency.py": ["--moves", "3"],
    "live_players.py": [
        *("--redis-url", "{redis}", "--games", "2", "--duration", "1", "--warm-up", "1"),
        *("--clients", "2", "--api-workers", "1", "--api-threads", "4", "--rq-workers", "1"),
        *("--reference-seconds", "0.5", "--xadd-requests", "500"),
    ],
    "load_bench.py": [
        *("--redis-url", "{redis}", "--games", "2", "--rate", "0", "--duration", "1", "--warm-up", "0"),
        *("--finish-games", "1", "--rq-redis", "2", *SMALL_LOAD),
    ],
    "many_games_bench.py": [
        *("--games", "5", "--finished", "2", "--drive-games", "2", "--drive-seconds", "1"),
        *("--due-games", "2", "--archived", "2", "--games-per-account", "1", *SMALL_LOAD),
    ],
    "notify_bench.py": ["--url", "{redis}", "--games", "2", "--per-game", "1"],
    "redis_client_cost.py": ["--redis-url", "{redis}", "--rounds", "20"],
    "store_bench.py": ["--url", "{redis}", "--appends", "50", "--games", "1"],
    "submit_round_trips.py": ["--commands", "3"],
    "worker_bench.py": ["--url", "{redis}", "--games", "1", "--runs", "1"],
    "worker_profile.py": ["--url", "{redis}", "--games", "1", "--commands", "6"],
}

# Smoke runs of a script in another of its modes, by "<script> <mode>".
MODES: dict[str, list[str]] = {"live_players.py --socket": [*SMOKE["live_players.py"], "--socket"]}


def scripts() -> list[str]:
    """The runnable scripts of benchmarks/ (the modules they share have no ``__main__`` block)."""
    return sorted(
        path.name for path in BENCHMARKS.glob("*.py") if 'if __name__ == "__main__":' in path.read_text()
    )


@pytest.mark.parametrize("script", [*scripts(), *MODES])
def test_the_benchmark_runs_at_tiny_sizes(script: str, tmp_path: Path) -> None:
    assert script in SMOKE or script in MODES, f"benchmarks/{script} has no smoke run: add it to SMOKE"
    server = PrivateRedis(tmp_path / "redis")
    try:
        smoke = SMOKE[script] if script in SMOKE else MODES[script]
        arguments = [part.format(redis=server.url, tmp=tmp_path) for part in smoke]
        env = {**os.environ, "REDIS_URL": server.url, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, str(BENCHMARKS / script.split()[0]), *arguments],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=RUN_SECONDS,
        )
    finally:
        server.stop()
    output = f"--- stdout\n{done.stdout[-4000:]}\n--- stderr\n{done.stderr[-4000:]}"
    assert done.returncode == 0, output
    assert "Traceback" not in done.stdout + done.stderr, output
    assert done.stdout.strip(), output


def test_every_smoke_run_names_a_script_that_exists() -> None:
    assert sorted(SMOKE) == scripts()
    assert {mode.split()[0] for mode in MODES} <= set(scripts())
