"""A whole game of Giza through the HTTP API: created, joined by two people, started with a bot in the third
seat, played to the end by HTTP commands, its history read by each seat, exported and verified offline. While
it runs, nothing a seat reads names a tile of another hand or of the pool."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from domain.registry import get_game
from papyrus.cli import main
from services.audit.verify import verify_export
from tests.api.support import Harness, Table, bearer
from tests.support.conformance import leaked

SEATS = 3
HUMANS = 2
GAME_NAME = "giza"
PLAY_SECONDS = 120


def open_table(api: Harness) -> Table:
    created = api.client.post(
        "/api/games", json={"game": GAME_NAME, "seats": SEATS, "options": {"start_player": 2}}
    )
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    tokens = []
    for name in ("ana", "bo"):
        joined = api.client.post(f"/api/games/{game_id}/seats", json={"name": name})
        assert joined.status_code == 201, joined.json
        tokens.append(joined.json["token"])
    started = api.client.post(
        f"/api/games/{game_id}/start", json={"fill_with_bots": True}, headers=bearer(tokens[0])
    )
    assert started.status_code == 200, started.json
    assert [player["bot"] for player in started.json["players"]] == [False, False, True]
    api.settle(game_id)
    return Table(game_id, tokens)


def read_everything(api: Harness, table: Table, seat: int) -> str:
    game = f"/api/games/{table.game_id}"
    urls = [game, f"{game}/view", f"{game}/history", f"{game}/seats/{seat}/view"]
    urls += [f"{game}/seats/{seat}/legal-commands", f"{game}/seats/{seat}/history"]
    return json.dumps([api.client.get(url, headers=table.auth(seat)).json for url in urls])


def secrets_now(api: Harness, table: Table, seat: int) -> set[str]:
    game = get_game(GAME_NAME)
    _, state = api.service.components.shared_states.load(game, table.game_id)
    return game.secrets(state, seat)


def play_to_the_end(api: Harness, table: Table) -> int:
    """The two people play random legal commands until the game is over; the number of their moves."""
    rng = random.Random(9)
    moves = 0
    deadline = time.monotonic() + PLAY_SECONDS
    while time.monotonic() < deadline:
        public = api.client.get(f"/api/games/{table.game_id}/view").json
        if public["status"] == "over":
            return moves
        (seat,) = public["to_act"]
        if seat >= HUMANS:  # the bot seat: the service plays it
            time.sleep(0.02)
            continue
        if moves % 5 == 0:
            for reader in range(HUMANS):
                assert leaked(secrets_now(api, table, reader), read_everything(api, table, reader)) == set()
        view = api.seat_view(table, seat)["view"]
        assert view["prompt"]["decision"] == "giza.turn"
        answer = api.submit(table, seat, rng.choice(view["legal_commands"]), f"m{moves}")
        assert answer.status_code == 200, answer.json
        moves += 1
        api.settle(table.game_id)
    raise AssertionError("the game did not end")


def test_a_giza_game_is_played_to_the_end_through_the_api_exported_and_verified(
    api: Harness, tmp_path: Path
) -> None:
    table = open_table(api)
    assert api.client.get(f"/api/games/{table.game_id}/view").json["view"]["start_seat"] == 1
    # each person moved; a random game may end early, on a completed board (seen after 5 of their moves)
    assert play_to_the_end(api, table) >= HUMANS
    final = api.client.get(f"/api/games/{table.game_id}/view").json
    result: dict[str, Any] = final["result"]
    assert sorted(result["ranking"]) == [0, 1, 2]
    shown = final["view"]
    assert [board["score"] for board in shown["boards"]] == result["scores"]
    assert all(hand["tiles"] is not None for hand in shown["hands"]), "everything is shown once over"

    history = api.client.get(f"/api/games/{table.game_id}/seats/0/history", headers=table.auth(0)).json
    described = " ".join(entry.get("description", "") for entry in history)
    assert "The game ends:" in described and "bo draws" in described.lower()
    draws = [entry["data"] for entry in history if entry.get("type") == "giza.tiles_drawn"]
    assert all(draw["tiles"] for draw in draws), "once over, the history shows every draw"

    exported = api.client.get(f"/api/games/{table.game_id}/export")
    assert exported.status_code == 200
    lines = exported.get_data(as_text=True).splitlines()
    verdict = verify_export(lines)
    assert verdict.ok, verdict.summary()
    assert verdict.result is not None
    assert (verdict.result.ranking, verdict.result.scores) == (result["ranking"], result["scores"])
    path = tmp_path / "giza.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
