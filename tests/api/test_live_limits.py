"""Live streams cannot exhaust the server: past the cap in all or per client a new
stream is refused with 503 and Retry-After while ordinary requests go on, a closed stream gives its slot
back, and a store connection pool used up answers 503 ``server_busy``, never a 500."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import fakeredis
import pytest
import requests
from flask import Flask
from werkzeug.serving import make_server

from api.app import create_app
from api.context import ApiConfig
from api.web.settings import EXTENSION, LiveSettings
from services.game_service import GameService
from services.limits.quotas import QuotaPolicy
from services.settings import Settings
from tests.api.support import TOY, ApiResponse, JsonClient, json_client

CLIENT = {"REMOTE_ADDR": "198.51.100.20"}
# Flask's test client keeps each unread stream's request context open: they are closed last-opened first.


def _app(service: GameService, store: Any, **live: Any) -> Flask:
    app = create_app(service, redis=store, config=ApiConfig(), mode="test")
    app.extensions[EXTENSION] = LiveSettings(stream_seconds=30, heartbeat_seconds=0.2, **live)
    return app


@pytest.fixture
def store(toy_registered: None) -> fakeredis.FakeRedis:
    return fakeredis.FakeRedis(server=fakeredis.FakeServer(), max_connections=40)


@pytest.fixture
def fresh(store: fakeredis.FakeRedis) -> GameService:
    return GameService(store, Settings(quotas=QuotaPolicy.off()))


def _open(client: JsonClient, game_id: str, environ: dict[str, str] = CLIENT) -> ApiResponse:
    return client.get(f"/api/games/{game_id}/live", buffered=False, environ_base=environ)


def test_past_the_cap_a_stream_is_refused_and_ordinary_requests_go_on(
    fresh: GameService, store: fakeredis.FakeRedis
) -> None:
    client = json_client(_app(fresh, store, max_streams=2, max_streams_per_client=5))
    game_id = fresh.create_game(TOY, 2, {}).id
    held = [_open(client, game_id) for _ in range(2)]
    assert [response.status_code for response in held] == [200, 200]
    refused = _open(client, game_id, {"REMOTE_ADDR": "192.0.2.33"})
    assert refused.status_code == 503
    assert refused.json["error"]["code"] == "live.busy"
    assert int(refused.headers["Retry-After"]) > 0
    assert client.get(f"/api/games/{game_id}").status_code == 200
    held[1].close()  # the page went away: its slot is free again
    again = _open(client, game_id)
    assert again.status_code == 200
    again.close()
    held[0].close()


def test_one_client_holds_at_most_its_share_of_streams(
    fresh: GameService, store: fakeredis.FakeRedis
) -> None:
    client = json_client(_app(fresh, store, max_streams=10, max_streams_per_client=2))
    game_id = fresh.create_game(TOY, 2, {}).id
    held = [_open(client, game_id) for _ in range(2)]
    refused = _open(client, game_id)
    assert refused.status_code == 503
    assert refused.json["error"]["code"] == "live.too_many_from_client"
    other = _open(client, game_id, {"REMOTE_ADDR": "192.0.2.34"})
    assert other.status_code == 200
    for response in reversed([*held, other]):  # the test client's streams close in the order they nest
        response.close()


def test_a_used_up_connection_pool_answers_503_not_500(
    fresh: GameService, store: fakeredis.FakeRedis
) -> None:
    client = json_client(_app(fresh, store))
    game_id = fresh.create_game(TOY, 2, {}).id
    pool = store.connection_pool
    taken = []
    while True:
        try:
            taken.append(pool.get_connection())
        except Exception:
            break
    busy = client.get(f"/api/games/{game_id}")
    assert busy.status_code == 503
    assert busy.json["error"]["code"] == "server_busy"
    assert busy.headers["Retry-After"] == "2"
    for connection in taken:
        pool.release(connection)
    assert client.get(f"/api/games/{game_id}").status_code == 200


@pytest.fixture
def served(fresh: GameService, store: fakeredis.FakeRedis) -> Iterator[tuple[str, str]]:
    """The app behind werkzeug's threaded server (as ``papyrus serve``), with the default caps."""
    app = _app(fresh, store, max_streams=LiveSettings().max_streams, max_streams_per_client=100)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", fresh.create_game(TOY, 2, {}).id
    server.shutdown()
    thread.join(5)


def test_many_idle_pages_leave_the_server_answering(served: tuple[str, str]) -> None:
    base, game_id = served
    cap = LiveSettings().max_streams
    sessions = [
        requests.get(f"{base}/api/games/{game_id}/live", stream=True, timeout=10) for _ in range(cap + 6)
    ]
    try:
        statuses = sorted(response.status_code for response in sessions)
        assert statuses == [200] * cap + [503] * 6  # 40 store connections: the pool is never used up
        started = time.monotonic()
        assert requests.get(f"{base}/api/games/{game_id}", timeout=10).status_code == 200
        assert time.monotonic() - started < 2.0
    finally:
        for response in sessions:
            response.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # a closed page's stream ends at its next heartbeat
        reopened = requests.get(f"{base}/api/games/{game_id}/live", stream=True, timeout=10)
        reopened.close()
        if reopened.status_code == 200:
            break
        time.sleep(0.2)
    assert reopened.status_code == 200
