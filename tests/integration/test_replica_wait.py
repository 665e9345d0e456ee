"""PAPYRUS_REQUIRE_REPLICAS: against a Redis of the test's own, a command is answered 200 only once a replica
holds it, and 503 ``store_unavailable`` with Retry-After when no replica acknowledges in time: the command is
stored on the primary all the same, decided, and its resubmission is confirmed once a replica is back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from flask.testing import FlaskClient

from api.app import create_app
from api.context import ApiConfig
from services import keys
from services.game_service import GameService
from services.settings import Settings
from tests.integration.private_redis import PrivateRedis
from workers.embedded import EmbeddedWorker, start_embedded_worker

pytestmark = pytest.mark.integration
WAIT_MS = 300
DECIDED_SECONDS = 20.0


@pytest.fixture
def primary(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path / "primary")
    yield server
    server.stop()


@pytest.fixture
def running(primary: PrivateRedis) -> Iterator[tuple[FlaskClient, GameService]]:
    settings = Settings(redis_url=primary.url, require_replicas=1, replica_wait_ms=WAIT_MS)
    store = redis.Redis.from_url(primary.url)
    service = GameService(store, settings)
    worker: EmbeddedWorker = start_embedded_worker(service)
    app = create_app(service, redis=store, config=ApiConfig(submit_wait_seconds=5.0), mode="test")
    yield app.test_client(), service
    worker.stop()
    store.close()


def started_game(client: FlaskClient) -> tuple[str, dict[str, str]]:
    game_id = client.post("/api/games", json={"game": "egizia", "seats": 2}).get_json()["id"]
    token = client.post(f"/api/games/{game_id}/seats", json={"name": "ann"}).get_json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert (
        client.post(f"/api/games/{game_id}/start", json={"fill_with_bots": True}, headers=headers).status_code
        == 200
    )
    return game_id, headers


def a_legal_command(client: FlaskClient, game_id: str, headers: dict[str, str]) -> dict[str, Any]:
    deadline = time.monotonic() + DECIDED_SECONDS
    while time.monotonic() < deadline:
        legal = client.get(f"/api/games/{game_id}/seats/0/legal-commands", headers=headers).get_json()
        if legal:
            return dict(legal[0])
        time.sleep(0.05)
    raise AssertionError("seat 0 never got to act")


def submit(client: FlaskClient, game_id: str, headers: dict[str, str], command_id: str, command: Any) -> Any:
    body = {"command_id": command_id, "command": command}
    return client.post(f"/api/games/{game_id}/commands", json=body, headers=headers)


def test_with_a_replica_a_command_is_answered_once_the_replica_holds_it(
    primary: PrivateRedis, running: tuple[FlaskClient, GameService], tmp_path: Path
) -> None:
    replica = PrivateRedis(tmp_path / "replica", replica_of=primary)
    try:
        primary.wait_for_replicas(1)
        replica.wait_in_sync()
        primary.wait_acknowledged(1)
        client, _ = running
        game_id, headers = started_game(client)
        answer = submit(client, game_id, headers, "m1", a_legal_command(client, game_id, headers))
        assert answer.status_code == 200, answer.get_data(as_text=True)
        assert replica.client.hexists(keys.command_ids(game_id), "0.m1")
    finally:
        replica.stop()


def test_without_a_replica_the_command_is_stored_decided_and_answered_503(
    primary: PrivateRedis, running: tuple[FlaskClient, GameService], tmp_path: Path
) -> None:
    client, service = running
    game_id, headers = started_game(client)
    command = a_legal_command(client, game_id, headers)
    answer = submit(client, game_id, headers, "m1", command)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "1"
    error = answer.get_json()["error"]
    assert error["code"] == "store_unavailable" and "It will still be decided" in error["message"]
    assert service.poll(game_id, "0.m1") is not None

    deadline = time.monotonic() + DECIDED_SECONDS
    polled = client.get(f"/api/games/{game_id}/commands/m1", headers=headers)
    while polled.status_code == 202 and time.monotonic() < deadline:
        time.sleep(0.05)
        polled = client.get(f"/api/games/{game_id}/commands/m1", headers=headers)
    assert polled.status_code == 200 and polled.get_json()["status"] == "accepted"

    again = submit(client, game_id, headers, "m1", command)
    assert again.status_code == 503  # still no replica: a resubmission is not confirmed either
    replica = PrivateRedis(tmp_path / "replica", replica_of=primary)
    try:
        primary.wait_for_replicas(1)
        replica.wait_in_sync()
        primary.wait_acknowledged(1)
        confirmed = submit(client, game_id, headers, "m1", command)
        assert (
            confirmed.status_code == 200 and confirmed.get_json()["version"] == polled.get_json()["version"]
        )
        assert replica.client.hexists(keys.command_ids(game_id), "0.m1")
    finally:
        replica.stop()
    stored = [command for _, command in service.components.inbox.all(game_id) if command.command_id == "0.m1"]
    assert len(stored) == 1  # three submissions, one command: decided once
