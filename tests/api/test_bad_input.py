"""Every refused request answers 4xx with the field and the reason, and leaves every stored byte unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import MAX_BODY
from tests.api.support import Harness, Table, bearer

PLAY = {"type": "toy.play_card", "card": 1}
ACE = {**PLAY, "card": "ace"}
NO_CARD = {"type": "toy.play_card"}
HUGE = {**PLAY, "pad": "x" * MAX_BODY}
Case = tuple[str, str, Any, str, int, str | None]

# (method, path under the game, body (dict = JSON, bytes = raw), credentials, status, field)
CASES: list[Case] = [
    ("POST", "/commands", b"{not json", "seat0", 400, "body"),
    ("POST", "/commands", b"", "seat0", 400, "body"),
    ("POST", "/commands", b"[1, 2]", "seat0", 400, "body"),
    ("POST", "/commands", {"command": PLAY}, "seat0", 400, "command_id"),
    ("POST", "/commands", {"command_id": 5, "command": PLAY}, "seat0", 400, "command_id"),
    ("POST", "/commands", {"command_id": "two words", "command": PLAY}, "seat0", 400, "command_id"),
    ("POST", "/commands", {"command_id": "x" * 65, "command": PLAY}, "seat0", 400, "command_id"),
    ("POST", "/commands", {"command_id": "a", "command": "play"}, "seat0", 400, "command"),
    ("POST", "/commands", {"command_id": "a", "command": {"type": "toy.fly"}}, "seat0", 400, "command.type"),
    ("POST", "/commands", {"command_id": "a", "command": {"card": 1}}, "seat0", 400, "command.type"),
    ("POST", "/commands", {"command_id": "a", "command": ACE}, "seat0", 400, "command.card"),
    ("POST", "/commands", {"command_id": "a", "command": NO_CARD}, "seat0", 400, "command.card"),
    ("POST", "/commands", {"command_id": "a", "command": {**PLAY, "face_up": True}}, "seat0", 400,
     "command.face_up"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY, "expected_version": -1}, "seat0", 400,
     "expected_version"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY, "expected_version": "3"}, "seat0", 400,
     "expected_version"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY, "as_admin": True}, "seat0", 400, "as_admin"),
    ("POST", "/commands", {"command_id": "a", "command": HUGE}, "seat0", 400, "body"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY, "seat": 1}, "seat0", 403, "seat"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY}, "none", 401, "Authorization"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY}, "forged", 401, "Authorization"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY}, "basic", 401, "Authorization"),
    ("POST", "/commands", {"command_id": "a", "command": PLAY}, "other-game", 401, "Authorization"),
    ("POST", "/seats", {"name": ""}, "none", 400, "name"),
    ("POST", "/seats", {"name": "n" * 41}, "none", 400, "name"),
    ("POST", "/seats", {"name": "ann", "seat": "first"}, "none", 400, "seat"),
    ("POST", "/seats", {"name": "ann"}, "none", 409, None),
    ("POST", "/start", {"fill_with_bots": "yes"}, "seat0", 400, "fill_with_bots"),
    ("POST", "/start", {}, "seat0", 409, None),
    ("GET", "/seats/1/view", None, "seat0", 403, "seat"),
    ("GET", "/seats/0/view?at=x", None, "seat0", 400, "at"),
    ("GET", "/seats/9/legal-commands", None, "seat0", 403, "seat"),
    ("GET", "/seats/-1/history", None, "seat0", 400, "seat"),
    ("GET", "/commands/bad%20id", None, "seat0", 400, "command_id"),
    ("GET", "/export", None, "none", 409, None),
    ("POST", "/commands", b"[" * 1500 + b"]" * 1500, "seat0", 400, "body"),
    ("POST", "/commands", b'{"command_id": "a", "command": ' + b"[" * 1500 + b"]" * 1500 + b"}", "seat0",
     400, "command"),
    ("POST", "/commands", b'{"command_id": "a", "command": {"type": "toy.play_card", "card": 1, "x": '
     + b"[" * 600 + b"]" * 600 + b"}}", "seat0", 400, "body"),
    ("POST", "/seats", b"{" + b'"a":{' * 2000 + b"}" * 2001, "none", 400, "body"),
]  # fmt: skip


def credentials(kind: str, table: Table, other: Table) -> dict[str, str]:
    return {
        "none": {},
        "seat0": table.auth(0),
        "forged": bearer("not-a-token"),
        "basic": {"Authorization": f"Basic {table.tokens[0]}"},
        "other-game": other.auth(0),
    }[kind]


@pytest.fixture(scope="module")
def tables(client: Any, service: Any, store: Any) -> tuple[Table, Table]:
    harness = Harness(client, service, store)
    return harness.new_game(seats=2), harness.new_game(seats=2)


@pytest.mark.parametrize("case", CASES, ids=lambda case: f"{case[0]} {case[1]} {case[3]} {case[5]}")
def test_refused_requests_name_the_field_and_change_nothing(
    api: Harness, tables: tuple[Table, Table], case: Case
) -> None:
    method, path, body, auth, status, field = case
    table, other = tables
    api.settle(table.game_id)
    before = api.fingerprint(table.game_id)
    payload = (
        {"data": body, "content_type": "application/json"} if isinstance(body, bytes) else {"json": body}
    )
    response = api.client.open(
        f"/api/games/{table.game_id}{path}",
        method=method,
        headers=credentials(auth, table, other),
        **(payload if body is not None else {}),
    )
    assert response.status_code == status, response.json
    error = response.json["error"]
    assert error["field"] == field
    assert error["code"] and error["message"]
    api.settle(table.game_id)
    assert api.fingerprint(table.game_id) == before


def test_unknown_paths_and_methods_answer_json_errors(api: Harness) -> None:
    missing = api.client.get("/api/nothing-here")
    assert missing.status_code == 404
    assert missing.json["error"]["code"] == "not_found"
    wrong_method = api.client.delete("/api/games")
    assert wrong_method.status_code == 405
    assert wrong_method.json["error"]["message"]


DEEP = b"[" * 3000 + b"]" * 3000


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/games", b'{"game": "toy", "seats": 2, "options": {"a": ' + DEEP + b"}}"),
        ("/api/accounts", DEEP),
        ("/api/sessions", DEEP),
        ("/api/sessions", b'{"name": ' + DEEP + b"}"),
    ],
)
def test_a_body_nested_thousands_deep_is_refused_with_400(api: Harness, path: str, body: bytes) -> None:
    """(Each request here is charged to the package's shared quotas: one of each kind.)"""
    refused = api.client.post(path, data=body, content_type="application/json")
    assert refused.status_code == 400, refused.json
    assert refused.json["error"]["field"] in {"body", "name", "options"}


@pytest.mark.parametrize("query", ["page=92233720368547759", "page=1000001", "page=999999999999999999"])
def test_a_page_number_past_any_list_is_refused_with_400(api: Harness, query: str) -> None:
    for path in ("/api/ratings/toy", "/api/archive"):
        refused = api.client.get(f"{path}?{query}")
        assert refused.status_code == 400, refused.json
        assert refused.json["error"]["field"] == "page"
