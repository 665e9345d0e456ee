"""Open pages on the asynchronous front, with real processes: ``papyrus api`` and a ``papyrus worker`` on a
real Redis, pages of players and spectators following a game over server-sent events. Every page sees each
decision; the API process's notices connection is killed (``CLIENT KILL``) and moves are decided while it
is away: it subscribes again and every page, still on its same stream, catches up to the last move. In
embedded mode (``papyrus serve``) the worker's notices reach the pages in process."""

from __future__ import annotations

import os
import re
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
import requests

from tests.e2e.conftest import REDIS_TEST_URL
from tests.e2e.test_observed_deployment import (
    GAME,
    call,
    delete_what_the_run_made,
    free_port,
    rq_keys,
    server_processes,
    spawn,
    stop,
    wait_http,
)

SEATS = 2
SPECTATORS = 6
RESUBSCRIBE_SECONDS = 4.0  # the API's first pause before subscribing again: moves are decided meanwhile
REACH_SECONDS = 15.0


@dataclass
class Page:
    """One open page: the versions its stream announced, in order, and how many streams it opened."""

    url: str
    token: str | None
    versions: list[int] = field(default_factory=list)
    opened: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    def follow(self) -> None:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        try:
            with requests.get(self.url, headers=headers, stream=True, timeout=60) as stream:
                assert stream.status_code == 200, stream.text
                self.opened += 1
                for line in stream.iter_lines():
                    if self.stop.is_set():
                        return
                    if line.startswith(b"id: "):
                        self.versions.append(int(line[4:]))
        except requests.RequestException:
            return  # the server stopped at the end of the test: what the page saw is asserted


@dataclass(frozen=True)
class Deployment:
    api: str
    api_pid: int
    store: redis.Redis


def _redis_or_skip() -> redis.Redis:
    store = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        store.ping()
    except redis.ConnectionError as error:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    return store


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    store = _redis_or_skip()
    run = uuid.uuid4().hex[:8]
    prefix = queue = f"papyrus-notices-{run}"
    env = {
        "REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": queue,
        "PAPYRUS_KEY_PREFIX": prefix,
        "PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT": "100",
        "PAPYRUS_LIVE_RESUBSCRIBE_SECONDS": str(RESUBSCRIBE_SECONDS),
    }
    logs, rq_before, port = tmp_path_factory.mktemp("notices-logs"), rq_keys(store), free_port()
    api = [sys.executable, "-m", "papyrus", "api", "--workers", "1", "--threads", "4", "--port", str(port)]
    processes = [
        spawn(api, env, logs / "api.log"),
        spawn([sys.executable, "-m", "papyrus", "worker"], env, logs / "worker.log"),
    ]
    try:
        wait_http(f"http://127.0.0.1:{port}/api/health", processes[0], logs / "api.log")
        yield Deployment(f"http://127.0.0.1:{port}", processes[0].pid, store)
    finally:
        stop(processes)
        delete_what_the_run_made(store, prefix, queue, rq_before)
        store.close()


def new_game(api: str) -> tuple[str, list[str]]:
    game_id = call("POST", f"{api}/api/games", body={"game": GAME, "seats": SEATS}).json()["id"]
    tokens = [
        call("POST", f"{api}/api/games/{game_id}/seats", body={"name": f"p{seat}"}).json()["token"]
        for seat in range(SEATS)
    ]
    assert call("POST", f"{api}/api/games/{game_id}/start", tokens[0], {}).status_code == 200
    return game_id, tokens


def move(api: str, game_id: str, tokens: list[str], number: int) -> int:
    """Submit one legal command for the seat to act (once the workers let one act); the version after it."""
    deadline = time.monotonic() + REACH_SECONDS
    while time.monotonic() < deadline:
        to_act = call("GET", f"{api}/api/games/{game_id}/view").json()["to_act"]
        seat = to_act[0] if to_act else 0
        legal_url = f"{api}/api/games/{game_id}/seats/{seat}/legal-commands"
        legal = call("GET", legal_url, tokens[seat]).json() if to_act else []
        if legal:
            body = {"command_id": f"m{number}", "command": legal[0]}
            answer = call("POST", f"{api}/api/games/{game_id}/commands", tokens[seat], body)
            assert answer.status_code == 200, answer.text
            return int(answer.json()["version"])
        time.sleep(0.05)
    raise AssertionError("no seat could act")


def open_pages(api: str, game_id: str, tokens: list[str]) -> list[Page]:
    url = f"{api}/api/games/{game_id}/live"
    pages = [Page(url, token) for token in tokens] + [Page(url, None) for _ in range(SPECTATORS)]
    for page in pages:
        threading.Thread(target=page.follow, daemon=True).start()
    reach(pages, 0, "the opening")
    return pages


def reach(pages: list[Page], version: int, what: str) -> None:
    deadline = time.monotonic() + REACH_SECONDS
    while time.monotonic() < deadline:
        if all(page.versions and page.versions[-1] >= version for page in pages):
            return
        time.sleep(0.02)
    behind = [page.versions[-3:] for page in pages if not page.versions or page.versions[-1] < version]
    raise AssertionError(f"{what}: pages still behind version {version}: {behind}")


def notice_connections(store: redis.Redis, pids: set[int]) -> list[int]:
    names = {f"papyrus-live-{pid}" for pid in pids}
    return [int(client["id"]) for client in store.client_list() if client.get("name") in names]


def test_every_page_sees_each_decision_and_catches_up_after_its_notices_connection_is_killed(
    deployment: Deployment,
) -> None:
    api = deployment.api
    game_id, tokens = new_game(api)
    pages = open_pages(api, game_id, tokens)
    try:
        for number in range(3):
            reach(pages, move(api, game_id, tokens, number), f"move {number}")
        connections = notice_connections(deployment.store, server_processes(deployment.api_pid))
        assert len(connections) == 1  # one connection for every page of the process
        for connection in connections:
            deployment.store.client_kill_filter(_id=connection)
        last = max(move(api, game_id, tokens, number) for number in range(3, 5))
        assert not notice_connections(deployment.store, server_processes(deployment.api_pid))  # still away
        reach(pages, last, "after the notices connection was killed")
        assert [page.opened for page in pages] == [1] * len(pages)  # the same streams, never reopened
        assert all(page.versions == sorted(set(page.versions)) for page in pages)
        reach(pages, move(api, game_id, tokens, 5), "once subscribed again")
    finally:
        for page in pages:
            page.stop.set()


def test_embedded_mode_notifies_pages_in_process(tmp_path: Path) -> None:
    port = free_port()
    env = {"PAPYRUS_DATA_FILE": "", "REDIS_URL": "", "PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT": "100"}
    command = [sys.executable, "-m", "papyrus", "serve", "--port", str(port)]
    server = spawn(command, env, tmp_path / "serve.log")
    try:
        api = f"http://127.0.0.1:{port}"
        wait_http(f"{api}/api/live", server, tmp_path / "serve.log")
        game_id, tokens = new_game(api)
        pages = open_pages(api, game_id, tokens)
        for number in range(3):
            reach(pages, move(api, game_id, tokens, number), f"move {number}")
        assert re.search(r"embedded", (tmp_path / "serve.log").read_text())
        for page in pages:
            page.stop.set()
    finally:
        stop([server])
