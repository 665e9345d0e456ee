"""Helpers for driving the API in tests: create and start games, play them out, fingerprint the store."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import fakeredis
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from services import keys
from services.game_service import GameService

TOY = "toy"


class ApiResponse(TestResponse):
    @property
    def json(self) -> Any:
        """The API answers JSON everywhere (errors included)."""
        return self.get_json()


class JsonClient(FlaskClient):
    """Flask's test client with responses typed as the API's JSON answers."""

    def open(self, *args: Any, **kwargs: Any) -> ApiResponse:
        response = super().open(*args, **kwargs)
        assert isinstance(response, ApiResponse)
        return response

    def get(self, *args: Any, **kwargs: Any) -> ApiResponse:
        return self.open(*args, method="GET", **kwargs)

    def post(self, *args: Any, **kwargs: Any) -> ApiResponse:
        return self.open(*args, method="POST", **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> ApiResponse:
        return self.open(*args, method="DELETE", **kwargs)


def json_client(app: Flask) -> JsonClient:
    return JsonClient(app, ApiResponse, use_cookies=False)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    game_id: str
    tokens: list[str]

    def auth(self, seat: int) -> dict[str, str]:
        return bearer(self.tokens[seat])


@dataclass
class Harness:
    client: JsonClient
    service: GameService
    store: fakeredis.FakeRedis

    def new_game(self, seats: int = 2, start: bool = True, **options: Any) -> Table:
        created = self.client.post("/api/games", json={"game": TOY, "seats": seats, "options": options})
        assert created.status_code == 201, created.json
        game_id = created.json["id"]
        tokens = []
        for seat in range(seats):
            joined = self.client.post(f"/api/games/{game_id}/seats", json={"name": f"player {seat}"})
            assert joined.status_code == 201, joined.json
            tokens.append(joined.json["token"])
        table = Table(game_id, tokens)
        if start:
            started = self.client.post(f"/api/games/{game_id}/start", headers=table.auth(0))
            assert started.status_code == 200, started.json
            self.settle(game_id)
        return table

    def seat_view(self, table: Table, seat: int) -> dict[str, Any]:
        response = self.client.get(f"/api/games/{table.game_id}/seats/{seat}/view", headers=table.auth(seat))
        assert response.status_code == 200, response.json
        body: dict[str, Any] = response.json
        return body

    def submit(
        self, table: Table, seat: int, command: dict[str, Any], command_id: str, **extra: Any
    ) -> ApiResponse:
        body = {"command_id": command_id, "command": command, **extra}
        return self.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=table.auth(seat))

    def play_out(self, table: Table) -> list[ApiResponse]:
        """Every seat plays its first legal card until the game is over; the submit responses in order."""
        responses: list[ApiResponse] = []
        for turn in range(200):
            view = self.client.get(f"/api/games/{table.game_id}/view").json
            if view["status"] == "over" or view["result"] is not None:
                return responses
            for seat in view["to_act"]:
                legal = self.seat_view(table, seat)["view"]["legal"]
                responses.append(self.submit(table, seat, legal[0], f"t{turn}-s{seat}"))
            self.settle(table.game_id)
        raise AssertionError("the game did not finish")

    def settle(self, game_id: str, timeout: float = 10.0) -> None:
        """Wait until the workers are done with this game: a player must act (or it is over), the
        projections show the last event and no job is queued, twice in a row."""
        deadline = time.monotonic() + timeout
        calm = 0
        while time.monotonic() < deadline:
            calm = calm + 1 if self._is_settled(game_id) else 0
            if calm == 2:
                return
            time.sleep(0.03)
        raise AssertionError(f"game {game_id} did not settle")

    def _is_settled(self, game_id: str) -> bool:
        if self.service.meta(game_id).status == "open":
            return True
        queue = self.service.components.scheduler.queue
        head = self.service.components.store.head(game_id).version
        public = self.service.view(game_id, None)
        waiting = bool(public.to_act) or public.status == "over"
        idle = queue.count == 0 and not self.store.exists(keys.process_queued(game_id))
        return idle and waiting and public.version == head

    def fingerprint(self, game_id: str) -> dict[bytes, bytes | None]:
        """Every stored byte of one game (and the cross-game index and lobby)."""
        names = [*keys.game_keys(game_id), keys.games(), keys.lobby()]
        names += [name.decode() for name in self.store.scan_iter(match=keys.projection_pattern(game_id))]
        return {name.encode(): self.store.dump(name) for name in names}

    def versions(self, game_id: str) -> tuple[int, int]:
        """(events, commands) stream lengths."""
        return self.store.xlen(keys.events(game_id)), self.store.xlen(keys.commands(game_id))
