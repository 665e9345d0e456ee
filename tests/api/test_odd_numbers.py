"""Odd numbers: Unicode digits, numbers of thousands of digits, integers beyond 64 bits in
a command or ``expected_version``, a live cursor beyond the game's version — each a 400 naming the field,
before anything is written or any stream starts, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.support import Harness, Table

HUGE_DIGITS = "9" * 5000  # beyond Python's 4,300-digit limit for int(str)
PLAY = {"type": "toy.play_card", "card": 1}
Case = tuple[str, str, Any, int, str]

# (method, path under the game, body (dict = JSON, str = raw JSON text), status, field)
CASES: list[Case] = [
    ("GET", "/view?at=²", None, 400, "at"),
    ("GET", "/view?at=" + HUGE_DIGITS, None, 400, "at"),
    ("GET", "/seats/²/view", None, 400, "seat"),
    ("GET", "/seats/" + HUGE_DIGITS + "/view", None, 400, "seat"),
    ("GET", "/history?after=²", None, 400, "after"),
    ("GET", "/live?after=²", None, 400, "after"),
    ("GET", "/live?after=99999", None, 400, "after"),
    ("GET", "/live?after=" + HUGE_DIGITS, None, 400, "after"),
    ("POST", "/commands", {"command_id": "big", "command": {**PLAY, "card": 2**70}}, 400, "command.card"),
    ("POST", "/commands", {"command_id": "neg", "command": {**PLAY, "card": -(2**70)}}, 400, "command.card"),
    ("POST", "/commands", {"command_id": "deep", "command": {**PLAY, "x": [1, {"y": 2**65}]}}, 400,
     "command.x[1].y"),
    ("POST", "/commands", '{"command_id": "long", "command": {"type": "toy.play_card", "card": '
     + HUGE_DIGITS + "}}", 400, "command"),
    ("POST", "/commands", {"command_id": "ev", "command": PLAY, "expected_version": 2**70}, 400,
     "expected_version"),
    ("POST", "/commands", {"command_id": "ev2", "command": PLAY, "expected_version": 2**63}, 400,
     "expected_version"),
]  # fmt: skip


@pytest.fixture(scope="module")
def table(client: Any, service: Any, store: Any) -> Table:
    return Harness(client, service, store).new_game(seats=2)


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]} {case[1]} {case[4]}")
def test_odd_numbers_are_refused_naming_the_field(api: Harness, table: Table, case: Case) -> None:
    method, path, body, status, field = case
    api.settle(table.game_id)
    before = api.fingerprint(table.game_id)
    payload = {"data": body, "content_type": "application/json"} if isinstance(body, str) else {"json": body}
    response = api.client.open(
        f"/api/games/{table.game_id}{path}",
        method=method,
        headers=table.auth(0),
        **(payload if body is not None else {}),
    )
    assert response.status_code == status, response.get_data()
    assert response.json["error"]["field"] == field
    api.settle(table.game_id)
    assert api.fingerprint(table.game_id) == before


def test_an_oversized_integer_in_new_game_options_is_refused(api: Harness) -> None:
    created = api.client.post("/api/games", json={"game": "toy", "seats": 2, "options": {"hand": 2**64}})
    assert created.status_code == 400
    assert created.json["error"]["field"] == "options.hand"


def test_a_live_cursor_at_the_current_version_still_streams(api: Harness, table: Table) -> None:
    version = api.versions(table.game_id)[0]
    response = api.client.get(f"/api/games/{table.game_id}/live?after={version}", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    response.close()
