"""Slow request bodies cannot take the API down: ``papyrus api --workers 1 --threads 8`` with three times
its threads in connections from one address, each sending a POST's headers and one byte of its body, then
nothing. Liveness, readiness and a player's move still answer within a second (bodies are read on the
event loop, api/front/), and each slow request is answered 408 once ``PAPYRUS_BODY_SECONDS`` pass. A live
stream whose page closed gives its thread and slot back within seconds."""

from __future__ import annotations

import os
import socket
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import redis

from tests.e2e.conftest import REDIS_TEST_URL
from tests.e2e.test_observed_deployment import (
    GAME,
    call,
    delete_what_the_run_made,
    free_port,
    rq_keys,
    spawn,
    stop,
    wait_http,
)

THREADS = 8
SLOW_CONNECTIONS = 3 * THREADS
BODY_SECONDS = 4
ANSWER_WITHIN = 1.0


@dataclass(frozen=True)
class Api:
    url: str
    port: int


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    store = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        store.ping()
    except redis.ConnectionError as error:
        if os.environ.get("PAPYRUS_REQUIRE_REDIS") == "1":
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    run = uuid.uuid4().hex[:8]
    prefix = queue = f"papyrus-slow-{run}"
    env = {
        "REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": queue,
        "PAPYRUS_KEY_PREFIX": prefix,
        "PAPYRUS_BODY_SECONDS": str(BODY_SECONDS),
    }
    logs, rq_before, port = tmp_path_factory.mktemp("slow-logs"), rq_keys(store), free_port()
    command = [sys.executable, "-m", "papyrus", "api", "--workers", "1", "--threads", str(THREADS)]
    processes = [
        spawn([*command, "--port", str(port)], env, logs / "api.log"),
        spawn([sys.executable, "-m", "papyrus", "worker"], env, logs / "worker.log"),
    ]
    try:
        wait_http(f"http://127.0.0.1:{port}/api/health", processes[0], logs / "api.log")
        yield Api(f"http://127.0.0.1:{port}", port)
    finally:
        stop(processes)
        delete_what_the_run_made(store, prefix, queue, rq_before)
        store.close()


def slow_post(port: int) -> socket.socket:
    """A POST that announces 1,000 bytes of body and sends one."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=BODY_SECONDS * 3)
    head = (
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 1000\r\n\r\n{"
    )
    sock.sendall(head.encode())
    return sock


def started_game(api: Api) -> tuple[str, list[str]]:
    game_id = call("POST", f"{api.url}/api/games", body={"game": GAME, "seats": 2}).json()["id"]
    tokens = [
        call("POST", f"{api.url}/api/games/{game_id}/seats", body={"name": f"p{seat}"}).json()["token"]
        for seat in range(2)
    ]
    assert call("POST", f"{api.url}/api/games/{game_id}/start", tokens[0], {}).status_code == 200
    return game_id, tokens


def a_legal_move(api: Api, game_id: str, tokens: list[str]) -> tuple[int, dict[str, object]]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        to_act = call("GET", f"{api.url}/api/games/{game_id}/view").json()["to_act"]
        if to_act:
            seat = to_act[0]
            legal = call("GET", f"{api.url}/api/games/{game_id}/seats/{seat}/legal-commands", tokens[seat])
            if legal.json():
                return seat, legal.json()[0]
        time.sleep(0.05)
    raise AssertionError("nobody came to act")


def timed(method: str, url: str, token: str | None = None, body: object = None) -> tuple[int, float]:
    started = time.monotonic()
    status = call(method, url, token, body).status_code
    return status, time.monotonic() - started


def test_slow_bodies_from_one_address_leave_the_api_answering(api: Api) -> None:
    game_id, tokens = started_game(api)
    seat, move = a_legal_move(api, game_id, tokens)
    slow = [slow_post(api.port) for _ in range(SLOW_CONNECTIONS)]
    try:
        time.sleep(0.5)  # every slow request is in, holding whatever it can hold
        for path in ("/api/live", "/api/health", f"/api/games/{game_id}/view"):
            status, seconds = timed("GET", f"{api.url}{path}")
            assert status == 200 and seconds < ANSWER_WITHIN, (path, status, seconds)
        body = {"command_id": "while-slow", "command": move}
        status, seconds = timed("POST", f"{api.url}/api/games/{game_id}/commands", tokens[seat], body)
        assert status in {200, 202} and seconds < ANSWER_WITHIN, (status, seconds)
        for sock in slow:
            answer = sock.recv(4096)
            assert answer.startswith(b"HTTP/1.1 408"), answer
            assert b"body.too_slow" in answer
    finally:
        for sock in slow:
            sock.close()


LIVE_CAP = 6  # papyrus api --threads 8: all but a quarter of the threads


def open_live(api: Api, game_id: str) -> tuple[socket.socket, bytes]:
    """A live stream on a raw socket: the socket and the start of its answer."""
    sock = socket.create_connection(("127.0.0.1", api.port), timeout=10)
    sock.sendall(f"GET /api/games/{game_id}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return sock, sock.recv(4096)


def test_a_closed_live_stream_gives_its_slot_back_within_seconds(api: Api) -> None:
    """Every stream the process may hold, opened and closed by the page: within three seconds as many open
    again (the server hears the client leave; the stream no longer waits for its next heartbeat)."""
    game_id, _ = started_game(api)
    opened = [open_live(api, game_id) for _ in range(LIVE_CAP)]
    assert all(answer.startswith(b"HTTP/1.1 200") for _, answer in opened), [a for _, a in opened]
    refused = open_live(api, game_id)
    assert refused[1].startswith(b"HTTP/1.1 503"), refused[1]
    refused[0].close()
    for sock, _ in opened:
        sock.close()
    deadline = time.monotonic() + 3.0
    reopened: list[tuple[socket.socket, bytes]] = []
    try:
        while len(reopened) < LIVE_CAP and time.monotonic() < deadline:
            sock, answer = open_live(api, game_id)
            if answer.startswith(b"HTTP/1.1 200"):
                reopened.append((sock, answer))
            else:
                sock.close()
                time.sleep(0.1)
        assert len(reopened) == LIVE_CAP
    finally:
        for sock, _ in reopened:
            sock.close()
