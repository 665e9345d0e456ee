"""The production shape, observed: ``papyrus api`` (two processes sharing figures), two ``papyrus worker
--metrics-port`` processes and a real Redis. Commands over HTTP move the API's and the workers' figures, the
store's figures say two workers and nothing pending, every log line is JSON without a token. Then every API
process is SIGKILLed while a page holds a live stream: new ones answer, every acknowledged command is there,
and the dead stream no longer counts.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis
import requests
from prometheus_client.parser import text_string_to_metric_families

from domain.registry import games
from tests.e2e.conftest import REDIS_TEST_URL, ROOT

GAME = sorted(games())[0]
SEATS = 3
COMMANDS = 8


@dataclass(frozen=True)
class Observed:
    api: str
    worker_metrics: list[str]
    logs: Path
    api_pid: int


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def spawn(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**{key: value for key, value in os.environ.items() if key != "PROMETHEUS_MULTIPROC_DIR"}, **env},
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def wait_http(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{url}: the process exited:\n{log.read_text()}")
        try:
            if requests.get(url, timeout=1).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{url} did not answer:\n{log.read_text()}")


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def rq_keys(store: redis.Redis) -> set[bytes]:
    return set(store.scan_iter(match="rq:*", count=1000))


def delete_what_the_run_made(store: redis.Redis, prefix: str, queue: str, rq_before: set[bytes]) -> None:
    """This run's games (its own key prefix) and RQ's keys it created (its jobs, results, registries)."""
    names = [*store.scan_iter(match=f"{prefix}:*", count=1000), *(rq_keys(store) - rq_before)]
    if names:
        store.delete(*names)
    store.srem("rq:queues", f"rq:queue:{queue}")


@pytest.fixture(scope="module")
def observed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Observed]:
    store = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        store.ping()
    except redis.ConnectionError as error:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    run = uuid.uuid4().hex[:8]
    prefix, queue = f"papyrus-observed-{run}", f"papyrus-observed-{run}"
    env = {
        "REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": queue,
        "PAPYRUS_DECIDE_IN_API": "0",  # the workers decide: their figures are added up here
        "PAPYRUS_KEY_PREFIX": prefix,
        "PAPYRUS_LOG_FORMAT": "json",
    }
    logs, rq_before = tmp_path_factory.mktemp("observed-logs"), rq_keys(store)
    api_port, worker_ports = free_port(), [free_port(), free_port()]
    api = [
        sys.executable,
        "-m",
        "papyrus",
        "api",
        "--workers",
        "2",
        "--threads",
        "4",
        "--port",
        str(api_port),
    ]
    processes = [spawn(api, env, logs / "api.log")]
    for index, port in enumerate(worker_ports):
        command = [sys.executable, "-m", "papyrus", "worker", "--metrics-port", str(port)]
        processes.append(spawn(command, env, logs / f"worker{index}.log"))
    try:
        wait_http(f"http://127.0.0.1:{api_port}/api/health", processes[0], logs / "api.log")
        for index, port in enumerate(worker_ports):
            wait_http(f"http://127.0.0.1:{port}/", processes[index + 1], logs / f"worker{index}.log")
        worker_urls = [f"http://127.0.0.1:{port}/" for port in worker_ports]
        yield Observed(f"http://127.0.0.1:{api_port}", worker_urls, logs, processes[0].pid)
    finally:
        stop(processes)
        delete_what_the_run_made(store, prefix, queue, rq_before)
        store.close()


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    text = requests.get(url, timeout=10).text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def total(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(value for (sample, have), value in samples.items() if sample == name and wanted <= set(have))


def call(method: str, url: str, token: str | None = None, body: Any = None) -> requests.Response:
    """A request on a connection of its own, so the API's processes share the requests."""
    headers = (
        {"Authorization": f"Bearer {token}", "Connection": "close"} if token else {"Connection": "close"}
    )
    return requests.request(method, url, json=body, headers=headers, timeout=30)


def play(api: str) -> tuple[str, list[str], list[int]]:
    game_id = call("POST", f"{api}/api/games", body={"game": GAME, "seats": SEATS}).json()["id"]
    tokens = [
        call("POST", f"{api}/api/games/{game_id}/seats", body={"name": f"p{seat}"}).json()["token"]
        for seat in range(SEATS)
    ]
    assert call("POST", f"{api}/api/games/{game_id}/start", tokens[0], {}).status_code == 200
    statuses: list[int] = []
    deadline = time.monotonic() + 60
    while len(statuses) < COMMANDS and time.monotonic() < deadline:
        to_act = call("GET", f"{api}/api/games/{game_id}/view").json()["to_act"]
        if not to_act:  # an automatic phase is running in the workers
            time.sleep(0.05)
            continue
        legal = call("GET", f"{api}/api/games/{game_id}/seats/{to_act[0]}/legal-commands", tokens[to_act[0]])
        if not legal.json():
            time.sleep(0.05)
            continue
        body = {"command_id": f"c{len(statuses)}", "command": legal.json()[0]}
        statuses.append(
            call("POST", f"{api}/api/games/{game_id}/commands", tokens[to_act[0]], body).status_code
        )
    assert len(statuses) == COMMANDS
    return game_id, tokens, statuses


JOB_COUNT = "papyrus_job_duration_seconds_count"


def settled_worker_figures(observed: Observed, submitted: float) -> list[dict[Any, float]]:
    """The workers' figures once they decided every submitted command and the job that decided the last one
    ended (a decision job waits briefly for more games before it ends and records its duration; each scrape
    is a process's own)."""
    deadline = time.monotonic() + 20
    while True:
        figures = [scrape(url) for url in observed.worker_metrics]
        decided = sum(total(one, "papyrus_commands_decided_total", game=GAME) for one in figures)
        jobs = sum(total(one, JOB_COUNT, function="process_game") for one in figures)
        if (decided >= submitted and jobs >= 1) or time.monotonic() > deadline:
            return figures
        time.sleep(0.1)


def test_the_figures_add_up_across_processes_and_the_logs_are_json(observed: Observed) -> None:
    before = scrape(f"{observed.api}/metrics")
    game_id, tokens, statuses = play(observed.api)
    api = scrape(f"{observed.api}/metrics")

    submitted = total(api, "papyrus_commands_submitted_total", game=GAME, source="player")
    submitted -= total(before, "papyrus_commands_submitted_total", game=GAME, source="player")
    assert submitted == COMMANDS
    route = "/api/games/<game_id>/commands"
    posted = total(api, "papyrus_http_requests_total", method="POST", route=route)
    assert posted - total(before, "papyrus_http_requests_total", method="POST", route=route) == COMMANDS
    assert scrape(f"{observed.api}/metrics")[
        ("papyrus_commands_submitted_total", (("game", GAME), ("source", "player")))
    ] == total(api, "papyrus_commands_submitted_total", game=GAME, source="player")

    workers = settled_worker_figures(observed, submitted)
    decided = sum(total(one, "papyrus_commands_decided_total", game=GAME) for one in workers)
    accepted = sum(
        total(one, "papyrus_commands_decided_total", game=GAME, outcome="accepted") for one in workers
    )
    latencies = sum(
        total(one, "papyrus_command_submit_to_outcome_seconds_count", game=GAME) for one in workers
    )
    assert (decided, latencies) == (COMMANDS, COMMANDS)
    assert accepted == statuses.count(200)
    jobs = sum(total(one, "papyrus_job_duration_seconds_count", function="process_game") for one in workers)
    assert jobs >= 1
    # every process froze its start-up objects out of the collector's walks and times its pauses
    assert total(api, "papyrus_gc_pause_seconds_count") >= 1
    assert all(total(one, "papyrus_gc_pause_seconds_count") >= 1 for one in workers)

    store = scrape(f"{observed.api}/metrics")
    assert store[("papyrus_workers_alive", ())] == 2
    assert store[("papyrus_oldest_undecided_command_age_seconds", ())] == 0
    assert_json_logs_without_tokens(observed.logs, game_id, tokens)


def assert_json_logs_without_tokens(logs: Path, game_id: str, tokens: list[str]) -> None:
    api_lines = [json.loads(line) for line in (logs / "api.log").read_text().splitlines() if line.strip()]
    assert any(
        line.get("route") == "/api/games/<game_id>/commands" and line["game_id"] == game_id
        for line in api_lines
    )
    assert any(line["logger"] == "_granian" for line in api_lines)  # the server's own lines, as JSON
    job_lines = []
    for log in sorted(logs.glob("worker*.log")):
        parsed = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
        job_lines += [line for line in parsed if line["logger"] == "papyrus.jobs"]
    assert any(line["function"] == "process_game" and line.get("game_id") == game_id for line in job_lines)
    everything = "".join(log.read_text() for log in logs.glob("*.log"))
    assert not [token for token in tokens if token in everything]


def server_processes(pid: int) -> set[int]:
    """The processes the API's server started (it runs the app in them)."""
    return {int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}


def replaced(observed: Observed, killed: set[int]) -> set[int]:
    """The server's processes once it started as many new ones as were killed and one of them answers."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = server_processes(observed.api_pid)
        if len(now) == len(killed) and not now & killed:
            try:
                if call("GET", f"{observed.api}/api/live").ok:
                    return now
            except requests.RequestException:
                pass
        time.sleep(0.1)
    raise AssertionError(f"the killed API processes {killed} were not replaced in 30 s")


def test_killed_api_processes_are_replaced_and_their_live_streams_stop_counting(observed: Observed) -> None:
    game_id, tokens, statuses = play(observed.api)
    view_url = f"{observed.api}/api/games/{game_id}/view"
    version = call("GET", view_url).json()["version"]
    live_url = f"{observed.api}/api/games/{game_id}/live"
    headers = {"Authorization": f"Bearer {tokens[0]}"}
    with requests.get(live_url, headers=headers, stream=True, timeout=30) as page:
        lines = page.iter_lines()  # held open: dropping it mid-stream would close the connection
        assert next(lines) == b"retry: 1000"
        assert scrape(f"{observed.api}/metrics")[("papyrus_live_streams_open", ())] == 1
        killed = server_processes(observed.api_pid)
        assert len(killed) == 2
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        replaced(observed, killed)
    assert scrape(f"{observed.api}/metrics")[("papyrus_live_streams_open", ())] == 0
    assert statuses.count(200) >= 1
    assert call("GET", view_url).json()["version"] >= version  # every acknowledged command is still there
    assert call("GET", f"{observed.api}/api/health").ok
