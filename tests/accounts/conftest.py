"""Account tests: the Flask app over one fakeredis store per test, the toy game, a fake clock (token
expiry) and queued jobs run on demand (``drain``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import fakeredis
import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from api.context import ApiConfig
from services.game_service import GameService
from tests.support.harness import FakeClock, drain, make_service, register_toy

PASSWORD = "correct horse battery"


@dataclass
class Site:
    app: Flask
    service: GameService
    clock: FakeClock

    def client(self, address: str = "203.0.113.1") -> FlaskClient:
        """A browser-like client (it keeps cookies) calling from ``address``."""
        client = self.app.test_client()
        client.environ_base["REMOTE_ADDR"] = address
        return client

    def register(self, name: str, password: str = PASSWORD) -> None:
        response = self.client().post("/api/accounts", json={"name": name, "password": password})
        assert response.status_code == 201, response.get_json()

    def login(self, name: str, password: str = PASSWORD) -> dict[str, str]:
        """Bearer headers for a fresh login token of ``name``."""
        response = self.client().post("/api/sessions", json={"name": name, "password": password})
        assert response.status_code == 200, response.get_json()
        return {"Authorization": f"Bearer {response.get_json()['token']}"}

    def new_game(self, seats: int = 2, public: bool = True) -> dict[str, Any]:
        body = {"game": "toy", "seats": seats, "options": {"hand": 2}, "public": public}
        response = self.client().post("/api/games", json=body)
        assert response.status_code == 201, response.get_json()
        created: dict[str, Any] = response.get_json()
        return created

    def join(self, game_id: str, headers: dict[str, str], **body: Any) -> Any:
        return self.client().post(f"/api/games/{game_id}/seats", json={"name": "me", **body}, headers=headers)

    def settle(self) -> None:
        drain(self.service)


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    register_toy(monkeypatch)
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    clock = FakeClock()
    service = make_service(connection, clock, queue_name="papyrus-accounts")
    app = create_app(service, redis=connection, config=ApiConfig(submit_wait_seconds=0.0), mode="test")
    yield Site(app, service, clock)
    connection.close()
