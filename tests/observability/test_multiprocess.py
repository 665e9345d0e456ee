"""Under ``papyrus api`` the API's processes share their figures in PROMETHEUS_MULTIPROC_DIR: two processes
count, one scrape answers both sums; a process marked dead leaves the live-stream gauge but its counts stay,
and a process that starts marks dead every process that is gone (services/observability/shared_figures.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from prometheus_client.multiprocess import mark_process_dead
from prometheus_client.parser import text_string_to_metric_families

from services.observability.exposition import MULTIPROC_DIR, render
from services.observability.shared_figures import forget_gone_processes, prepare_shared_dir

ROOT = Path(__file__).resolve().parents[2]
WRITER = """
import itertools, os, sys
from services.observability import metrics
submitted, streams = int(sys.argv[1]), int(sys.argv[2])
for _ in range(submitted):
    metrics.command_submitted("a-game", "player")
open_streams = [metrics.counted_stream(itertools.repeat("x")) for _ in range(streams)]
for stream in open_streams:
    next(stream)
print(os.getpid(), flush=True)
os._exit(0)  # dies with its streams open, as a killed API process would
"""


def write_from_a_process(directory: Path, submitted: int, streams: int) -> int:
    """Run a process that counts and dies with ``streams`` live streams open; its pid."""
    env = {**os.environ, MULTIPROC_DIR: str(directory)}
    done = subprocess.run(
        [sys.executable, "-c", WRITER, str(submitted), str(streams)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.strip())


def scrape(directory: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    monkeypatch.setenv(MULTIPROC_DIR, str(directory))
    body, _ = render(None)
    return {
        sample.name: sample.value
        for family in text_string_to_metric_families(body.decode())
        for sample in family.samples
        if sample.name in {"papyrus_commands_submitted_total", "papyrus_live_streams_open"}
    }


def test_one_scrape_sums_what_two_processes_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = write_from_a_process(tmp_path, submitted=3, streams=1)
    second = write_from_a_process(tmp_path, submitted=4, streams=2)
    assert first != second
    assert scrape(tmp_path, monkeypatch) == {
        "papyrus_commands_submitted_total": 7,
        "papyrus_live_streams_open": 3,
    }
    mark_process_dead(second, str(tmp_path))
    assert scrape(tmp_path, monkeypatch) == {
        "papyrus_commands_submitted_total": 7,
        "papyrus_live_streams_open": 1,
    }


def test_a_starting_process_forgets_the_streams_of_the_processes_that_are_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = write_from_a_process(tmp_path, submitted=2, streams=3)
    (tmp_path / f"gauge_livesum_{os.getpid()}.db").write_bytes(
        (tmp_path / f"gauge_livesum_{gone}.db").read_bytes()
    )
    assert scrape(tmp_path, monkeypatch)["papyrus_live_streams_open"] == 6

    assert forget_gone_processes(str(tmp_path)) == [gone]

    assert scrape(tmp_path, monkeypatch) == {
        "papyrus_commands_submitted_total": 2,
        "papyrus_live_streams_open": 3,  # this process runs: its streams still count
    }
    assert forget_gone_processes(str(tmp_path)) == []


def test_the_shared_directory_starts_empty_and_a_private_one_is_made_when_none_is_named(
    tmp_path: Path,
) -> None:
    write_from_a_process(tmp_path, submitted=1, streams=0)
    named = {MULTIPROC_DIR: str(tmp_path)}
    assert prepare_shared_dir(named) is None
    assert list(tmp_path.glob("*.db")) == []

    unnamed: dict[str, str] = {}
    created = prepare_shared_dir(unnamed)
    assert created is not None and created.is_dir() and unnamed[MULTIPROC_DIR] == str(created)
    created.rmdir()
