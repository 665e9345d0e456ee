"""The whole app in this process (fakeredis, the embedded worker), playing the first registered game, with
every log line of the process captured as the service would write it."""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import fakeredis
import pytest

from api.app import create_app
from api.context import ApiConfig
from domain.registry import games, get_game
from services.game_service import GameService
from services.observability.structured_logs import configure_logging
from services.settings import Settings
from tests.api.support import JsonClient, bearer, json_client
from workers.embedded import start_embedded_worker

GAME = sorted(games())[0]
SEATS = 3


@dataclass
class Table:
    game_id: str
    tokens: list[str]
    secrets: set[str] = field(default_factory=set)


@dataclass
class App:
    client: JsonClient
    service: GameService

    def open_table(self, seats: int = SEATS) -> Table:
        created = self.client.post("/api/games", json={"game": GAME, "seats": seats})
        assert created.status_code == 201, created.json
        game_id = created.json["id"]
        tokens = [
            self.client.post(f"/api/games/{game_id}/seats", json={"name": f"p{seat}"}).json["token"]
            for seat in range(seats)
        ]
        started = self.client.post(f"/api/games/{game_id}/start", json={}, headers=bearer(tokens[0]))
        assert started.status_code == 200, started.json
        return Table(game_id, tokens)

    def play(self, table: Table, commands: int) -> list[int]:
        """Each seat to act submits its first legal command, ``commands`` times (fewer if the game ends);
        the statuses answered. The secrets of every seat along the way are gathered in ``table``."""
        statuses: list[int] = []
        for turn in range(commands * 20):
            if len(statuses) >= commands:
                break
            self.gather_secrets(table)
            view = self.client.get(f"/api/games/{table.game_id}/view").json
            if view["status"] == "over":
                break
            legal = self.legal_commands(table, view["to_act"])
            if not legal:  # the workers are still at it
                time.sleep(0.02)
                continue
            auth = bearer(table.tokens[view["to_act"][0]])
            body = {"command_id": f"m{turn}", "command": legal[0]}
            answer = self.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=auth)
            statuses.append(answer.status_code)
        return statuses

    def next_to_act(self, table: Table) -> tuple[int, list[dict[str, Any]]]:
        """The first seat to act and its legal commands, once the workers have got there."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            to_act = self.client.get(f"/api/games/{table.game_id}/view").json["to_act"]
            legal = self.legal_commands(table, to_act)
            if legal:
                return to_act[0], legal
            time.sleep(0.02)
        raise AssertionError(f"nobody could act in game {table.game_id}")

    def legal_commands(self, table: Table, to_act: list[int]) -> list[dict[str, Any]]:
        if not to_act:
            return []
        url = f"/api/games/{table.game_id}/seats/{to_act[0]}/legal-commands"
        answer: list[dict[str, Any]] = self.client.get(url, headers=bearer(table.tokens[to_act[0]])).json
        return answer

    def gather_secrets(self, table: Table) -> None:
        meta = self.service.meta(table.game_id)
        game = get_game(meta.game)
        _, state = self.service.components.shared_states.load(game, table.game_id)
        for viewer in [None, *range(meta.seats)]:
            table.secrets |= game.secrets(state, viewer)


@pytest.fixture(scope="package")
def app() -> Iterator[App]:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = GameService(store, Settings())
    worker = start_embedded_worker(service)
    flask_app = create_app(service, redis=store, config=ApiConfig(submit_wait_seconds=5.0), mode="test")
    yield App(json_client(flask_app), service)
    worker.stop()


@pytest.fixture
def captured_logs() -> Iterator[io.StringIO]:
    """Every line logged in this process during the test, as JSON lines at DEBUG level."""
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    stream = io.StringIO()
    configure_logging({"PAPYRUS_LOG_FORMAT": "json", "PAPYRUS_LOG_LEVEL": "DEBUG"}, stream)
    yield stream
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in saved[0]:
        root.addHandler(handler)
    root.setLevel(saved[1])


def lines(stream: io.StringIO) -> list[dict[str, Any]]:
    import json

    return [json.loads(line) for line in stream.getvalue().splitlines() if line.strip()]
