"""One real Egizia game, played through the service on fakeredis by random players (one seat refusing now
and then), exported once and shared by the audit tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import fakeredis
import pytest
from flask import Flask

from api.app import create_app
from api.context import ApiConfig
from domain import registry
from domain.engine import Game
from services.game_service import GameService
from tests.support.harness import FakeClock, drain, make_service

GAME = "egizia"
SEATS = 3
CHECKPOINT_EVERY = 15


@dataclass
class PlayedGame:
    service: GameService
    app: Flask
    game: Game
    game_id: str
    tokens: list[str]
    export: list[str]
    refused: int
    histories_before_end: list[dict[int, list[dict[str, Any]]]] = field(default_factory=list)


def _history_as(app: Flask, game_id: str, token: str) -> list[dict[str, Any]]:
    response = app.test_client().get(
        f"/api/games/{game_id}/history", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.get_json()
    body: list[dict[str, Any]] = response.get_json()
    return body


def _refuse_once(service: GameService, game_id: str, to_act: list[int], turn: int) -> int:
    """A refused command from each seat in turn: a stale version from a seat to act, a move out of turn
    (refused by the rules) from a seat that is not."""
    seat = (turn // 10) % SEATS
    if seat in to_act:
        command = service.legal_commands(game_id, seat)[0]
        service.submit(game_id, seat, command, f"stale-{turn}", expected_version=0)
    else:
        command = service.legal_commands(game_id, to_act[0])[0]
        service.submit(game_id, seat, command, f"wrong-turn-{turn}", None)
    return 1


def play(service: GameService, app: Flask, seed: int = 7) -> PlayedGame:
    meta = service.create_game(GAME, SEATS, {})
    game_id = meta.id
    tokens = [service.join(game_id, f"Player {seat}").token for seat in range(SEATS)]
    service.start(game_id)
    rng = random.Random(seed)
    refused = 0
    histories: list[dict[int, list[dict[str, Any]]]] = []
    for turn in range(20_000):
        drain(service)
        if service.meta(game_id).status == "over":
            break
        to_act = service.view(game_id, None).to_act
        if turn % CHECKPOINT_EVERY == 0:
            histories.append({seat: _history_as(app, game_id, tokens[seat]) for seat in range(SEATS)})
        if turn % 10 == 3:
            refused += _refuse_once(service, game_id, to_act, turn)
        for seat in to_act:
            command = rng.choice(service.legal_commands(game_id, seat))
            service.submit(game_id, seat, command, f"move-{turn}-{seat}", None)
    else:
        raise AssertionError("the game did not end")
    export = list(service.export(game_id))
    return PlayedGame(service, app, registry.get_game(GAME), game_id, tokens, export, refused, histories)


@pytest.fixture(scope="package")
def played() -> Iterator[PlayedGame]:
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = make_service(connection, FakeClock(), queue_name="papyrus-audit")
    app = create_app(service, redis=connection, config=ApiConfig(), mode="test")
    yield play(service, app)
    connection.close()
