"""Every malformed Giza command answers 4xx naming the field, and leaves the game unchanged: a command of the
wrong shape is refused before anything is written (400); one the rules refuse (422) is kept in the audit log
but changes no event, view or hand."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.api.support import Harness, Table, bearer

Case = tuple[dict[str, Any], int, str]
ANY_TILE = "T5.1"

# (command, status, the field the answer names); "<mine>" / "<theirs>" are tiles of seat 0 / seat 1's hand
CASES: list[Case] = [
    ({"type": "giza.play", "tile": 7, "board": 1, "site": 0}, 400, "command.tile"),
    ({"type": "giza.play", "tile": ["<mine>"], "board": 1, "site": 0}, 400, "command.tile"),
    ({"type": "giza.play", "tile": "<mine>", "board": "1", "site": 0}, 400, "command.board"),
    ({"type": "giza.play", "tile": "<mine>", "board": True, "site": 0}, 400, "command.board"),
    ({"type": "giza.play", "tile": "<mine>", "board": 1, "site": "khufu"}, 400, "command.site"),
    ({"type": "giza.play", "tile": "<mine>", "board": 1, "site": 1.5}, 400, "command.site"),
    ({"type": "giza.play", "board": 1, "site": 0}, 400, "command.tile"),
    ({"type": "giza.play", "tile": "<mine>", "site": 0}, 400, "command.board"),
    ({"type": "giza.play", "tile": "<mine>", "board": 1}, 400, "command.site"),
    ({"type": "giza.play", "tile": "<mine>", "board": 6, "site": 0}, 400, "command.board"),
    ({"type": "giza.play", "tile": "<mine>", "board": -1, "site": 0}, 400, "command.board"),
    ({"type": "giza.play", "tile": "<mine>", "board": 1, "site": 4}, 400, "command.site"),
    ({"type": "giza.play", "tile": "<mine>", "board": 1, "site": -1}, 400, "command.site"),
    ({"type": "giza.play", "tile": "", "board": 1, "site": 0}, 400, "command.tile"),
    ({"type": "giza.play", "tile": "<mine>", "board": 1, "site": 0, "extra": 1}, 400, "command.extra"),
    ({"type": "giza.discard", "tiles": "<mine>"}, 400, "command.tiles"),
    ({"type": "giza.discard", "tiles": [3]}, 400, "command.tiles[0]"),
    ({"type": "giza.discard"}, 400, "command.tiles"),
    ({"type": "giza.discard", "tiles": []}, 400, "command.tiles"),
    ({"type": "giza.discard", "tiles": ["<mine>", "a", "b", "c", "d"]}, 400, "command.tiles"),
    ({"type": "giza.remove_scarab"}, 400, "command.site"),
    ({"type": "giza.remove_scarab", "site": "0"}, 400, "command.site"),
    ({"type": "giza.remove_scarab", "site": 9}, 400, "command.site"),
    ({"type": "giza.pass"}, 400, "command.type"),
    ({"tile": "<mine>", "board": 1, "site": 0}, 400, "command.type"),
    ({"type": "giza.play", "tile": "S+9.9", "board": 1, "site": 0}, 422, "tile"),
    ({"type": "giza.play", "tile": "<theirs>", "board": 1, "site": 0}, 422, "tile"),
    ({"type": "giza.play", "tile": "<mine>", "board": 2, "site": 0}, 422, "board"),
    ({"type": "giza.discard", "tiles": ["<mine>", "<mine>"]}, 422, "tiles"),
    ({"type": "giza.discard", "tiles": ["<mine>", "<theirs>"]}, 422, "tiles"),
    ({"type": "giza.discard", "tiles": ["no-such-tile"]}, 422, "tiles"),
    ({"type": "giza.remove_scarab", "site": 0}, 422, "site"),
]  # fmt: skip


@pytest.fixture(scope="module")
def table(client: Any, service: Any, store: Any) -> Table:
    api = Harness(client, service, store)
    created = client.post("/api/games", json={"game": "giza", "seats": 2, "options": {"start_player": 1}})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    tokens = [
        client.post(f"/api/games/{game_id}/seats", json={"name": f"p{seat}"}).json["token"] for seat in (0, 1)
    ]
    assert client.post(f"/api/games/{game_id}/start", headers=bearer(tokens[0])).status_code == 200
    api.settle(game_id)
    return Table(game_id, tokens)


def _filled(value: Any, mine: str, theirs: str) -> Any:
    if isinstance(value, dict):
        return {key: _filled(item, mine, theirs) for key, item in value.items()}
    if isinstance(value, list):
        return [_filled(item, mine, theirs) for item in value]
    return {"<mine>": mine, "<theirs>": theirs}.get(value, value) if isinstance(value, str) else value


def _what_players_see(api: Harness, table: Table) -> list[Any]:
    seen = [api.client.get(f"/api/games/{table.game_id}/view").json]
    seen += [api.seat_view(table, seat) for seat in (0, 1)]
    return seen


@pytest.mark.parametrize(("command", "status", "field"), CASES)
def test_a_malformed_giza_command_is_refused_naming_the_field_and_changes_nothing(
    api: Harness, table: Table, command: dict[str, Any], status: int, field: str
) -> None:
    api.settle(table.game_id)
    hands = [
        [tile["id"] for tile in api.seat_view(table, seat)["view"]["hands"][seat]["tiles"]] for seat in (0, 1)
    ]
    assert api.seat_view(table, 0)["view"]["to_act"] == [0]
    before, fingerprint, (events, _) = (
        _what_players_see(api, table),
        api.fingerprint(table.game_id),
        api.versions(table.game_id),
    )
    body = _filled(command, hands[0][0], hands[1][0])
    answer = api.submit(table, 0, body, f"bad-{uuid.uuid4().hex[:12]}")
    assert answer.status_code == status, answer.json
    error = answer.json["error"]
    if status == 400:
        assert error["field"] == field and field.split(".")[-1].split("[")[0] in error["message"]
    else:
        assert error["field"] == "command" and error["details"] == {"field": field}
        assert error["message"].startswith(f"{field}:") or "your Menkaure" in error["message"]
        assert hands[1][0] not in error["message"], "a refusal never names another seat's tile"
    api.settle(table.game_id)
    assert _what_players_see(api, table) == before
    assert api.versions(table.game_id)[0] == events
    if status == 400:
        assert api.fingerprint(table.game_id) == fingerprint, "a command that does not decode writes nothing"


def test_a_seat_outside_the_table_is_refused_naming_the_seat(api: Harness, table: Table) -> None:
    play = {"type": "giza.discard", "tiles": [ANY_TILE]}
    for seat in (2, 7):
        answer = api.client.get(f"/api/games/{table.game_id}/seats/{seat}/view", headers=table.auth(0))
        assert answer.status_code == 403 and answer.json["error"]["field"] == "seat"
    body = {"command_id": "seat-elsewhere", "command": play, "seat": 5}
    answer = api.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=table.auth(0))
    assert answer.status_code in (400, 403) and answer.json["error"]["field"] == "seat"
