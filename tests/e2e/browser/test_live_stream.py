"""The live view stream without a browser: what each caller receives, and the refusals."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.app import create_app
from api.context import ApiConfig
from api.web.settings import LiveSettings, install_settings
from services.game_service import GameService
from tests.e2e.browser.conftest import Site

SHORT = LiveSettings(stream_seconds=0.6, heartbeat_seconds=0.2, retry_ms=250)
SETTLE_SECONDS = 30.0


@pytest.fixture(scope="module")
def service(site: Site) -> GameService:
    """The package's service: one embedded worker per process (its jobs find the service through a global)."""
    return site.service


@pytest.fixture(scope="module")
def client(service: GameService) -> FlaskClient:
    app = create_app(service, redis=service.components.redis, config=ApiConfig(), mode="test")
    install_settings(app, SHORT)
    return app.test_client()


@pytest.fixture(scope="module")
def game(service: GameService) -> tuple[str, list[str]]:
    created = service.create_game("egizia", 2, {})
    tokens = [service.join(created.id, name).token for name in ("dora", "emil")]
    service.start(created.id)
    deadline = time.monotonic() + SETTLE_SECONDS
    while not service.view(created.id, None).to_act:  # the worker lays the game out after start returns
        assert time.monotonic() < deadline, "nobody came to act in the started game"
        time.sleep(0.02)
    return created.id, tokens


def _messages(body: str) -> list[dict[str, Any]]:
    blocks = [block for block in body.split("\n\n") if block.startswith("event: view")]
    return [json.loads(block.split("data: ", 1)[1]) for block in blocks]


def test_a_seat_receives_its_own_current_view(client: FlaskClient, game: tuple[str, list[str]]) -> None:
    game_id, tokens = game
    response = client.get(f"/api/games/{game_id}/live", headers={"Authorization": f"Bearer {tokens[1]}"})
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    body = response.get_data(as_text=True)
    assert body.startswith(f"retry: {SHORT.retry_ms}\n\n")
    first = _messages(body)[0]
    assert first["seat"] == 1 and first["version"] > 0
    players = first["view"]["players"]
    assert players[1]["sphinx"] and players[0]["sphinx"] is None


def test_a_spectator_sees_no_hidden_cards(client: FlaskClient, game: tuple[str, list[str]]) -> None:
    game_id, _ = game
    first = _messages(client.get(f"/api/games/{game_id}/live").get_data(as_text=True))[0]
    assert first["seat"] is None
    assert all(player["sphinx"] is None for player in first["view"]["players"])
    assert first["view"]["legal_commands"] == []


def test_a_reconnecting_page_gets_only_newer_versions(
    client: FlaskClient, game: tuple[str, list[str]], service: GameService
) -> None:
    game_id, tokens = game
    current = service.view(game_id, 0).version
    headers = {"Authorization": f"Bearer {tokens[0]}", "Last-Event-ID": str(current)}
    body = client.get(f"/api/games/{game_id}/live", headers=headers).get_data(as_text=True)
    assert _messages(body) == []  # nobody moved: nothing new to send, only heartbeats
    assert ": still here" in body
    behind = {"Authorization": f"Bearer {tokens[0]}", "Last-Event-ID": str(current - 1)}
    assert _messages(client.get(f"/api/games/{game_id}/live", headers=behind).get_data(as_text=True))


@pytest.mark.parametrize(
    ("path", "headers", "status", "field"),
    [
        ("/api/games/nosuchgame/live", {}, 404, "game_id"),
        ("/api/games/{game_id}/live", {"Authorization": "Bearer forged"}, 401, "Authorization"),
        ("/api/games/{game_id}/live", {"Last-Event-ID": "soon"}, 400, "after"),
        ("/api/games/{game_id}/live?after=-1", {}, 400, "after"),
    ],
)
def test_bad_requests_are_refused_before_streaming(
    client: FlaskClient,
    game: tuple[str, list[str]],
    path: str,
    headers: dict[str, str],
    status: int,
    field: str,
) -> None:
    response = client.get(path.format(game_id=game[0]), headers=headers)
    assert response.status_code == status
    assert response.get_json()["error"]["field"] == field
