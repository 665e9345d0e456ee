"""No seat's WebSocket shows it another seat's secrets: for every registered game, each seat follows the game
on its own socket while the seats play over theirs; every frame a seat got (its opening, pushes, answers)
is searched for what is secret for it at that frame's version (tests/support/conformance.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from domain.registry import games
from tests.api.socket_client import SocketClient
from tests.api.support import Harness, Table
from tests.api.test_waiting_submits import Front
from tests.support.conformance import leaked

MOVES = 12  # moves played per game: enough to deal, play and reveal
GAMES = sorted(games())


def _table(harness: Harness, name: str, seats: int) -> Table:
    created = harness.client.post("/api/games", json={"game": name, "seats": seats, "options": {}})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    tokens = [
        harness.client.post(f"/api/games/{game_id}/seats", json={"name": f"p{seat}"}).json["token"]
        for seat in range(seats)
    ]
    table = Table(game_id, tokens)
    assert harness.client.post(f"/api/games/{game_id}/start", headers=table.auth(0)).status_code == 200
    harness.settle(game_id)
    return table


def _version(frame: dict[str, Any], head: int) -> int:
    if frame["type"] == "view":
        return int(frame["view"]["version"])
    if frame["type"] == "answer" and frame["ok"]:
        return int(frame["result"]["version"])
    return head


@pytest.mark.parametrize("name", GAMES)
def test_no_seats_socket_shows_another_seats_secrets(deciding: Harness, name: str) -> None:
    game = games()[name]
    seats = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    table = _table(deciding, name, seats)
    front = Front(deciding)
    service = deciding.service
    chosen = random.Random(name)

    async def scenario() -> list[list[tuple[dict[str, Any], int]]]:
        clients = [
            await SocketClient(front.asgi, f"/api/games/{table.game_id}/socket", table.auth(seat)).open()
            for seat in range(seats)
        ]
        got: list[list[tuple[dict[str, Any], int]]] = [[] for _ in range(seats)]

        async def gather(seat: int, until_view: bool) -> None:
            """Record what the seat's socket got; with ``until_view``, until it got a view."""
            head = service.components.store.head(table.game_id).version
            got[seat] += [(frame, _version(frame, head)) for frame in clients[seat].skipped]
            clients[seat].skipped.clear()
            while until_view or not clients[seat].frames.empty():
                frame = await clients[seat].next()
                got[seat].append((frame, _version(frame, head)))
                until_view = until_view and frame["type"] != "view"

        for seat in range(seats):
            await gather(seat, until_view=True)  # the opening
        for turn in range(MOVES):
            view = service.view(table.game_id, None)
            if view.status == "over" or not view.to_act:
                break
            seat = chosen.choice(view.to_act)
            legal = deciding.client.get(
                f"/api/games/{table.game_id}/seats/{seat}/legal-commands", headers=table.auth(seat)
            ).json
            answer = await clients[seat].answer({"command_id": f"t{turn}", "command": chosen.choice(legal)})
            got[seat].append((answer, _version(answer, 0)))
            assert answer["ok"], answer
            deciding.settle(table.game_id)
            for other in range(seats):
                await gather(other, until_view=other != seat)
        for client in clients:
            await client.close()
        return got

    got = front.run(scenario())
    meta, rules = service.meta(table.game_id), games()[name]
    searched, own_seen = 0, 0
    for seat, frames in enumerate(got):
        assert any(frame["type"] == "view" for frame, _ in frames), "the socket pushed views"
        for frame, version in frames:
            state = service._state_at(meta, rules, version)
            hidden = rules.secrets(state, seat)
            found = leaked(hidden, json.dumps(frame))
            assert not found, f"seat {seat}'s socket shows {found} in {frame['type']} at version {version}"
            searched += len(hidden)
            own_seen += len(leaked(rules.secrets(state, (seat + 1) % seats), json.dumps(frame)))
    assert searched > 0, "some secrets were searched for"
    assert own_seen > 0, "the search finds a seat's own secrets in its own frames (seen by another)"
