"""The incremental history a page's game log follows: ``?after=<seq>`` returns only what came after that
event, for a spectator and for a seat, refuses a bad ``after`` naming it, and is in the OpenAPI document."""

from __future__ import annotations

import pytest

from tests.api.support import Harness


def _events(entries: list[dict[str, object]]) -> list[object]:
    return [entry["seq"] for entry in entries if entry["kind"] == "event"]


def test_after_returns_only_the_later_entries_for_a_spectator_and_a_seat(api: Harness) -> None:
    table = api.new_game()
    api.play_out(table)
    paths = {
        "spectator": (f"/api/games/{table.game_id}/history", {}),
        "seat": (f"/api/games/{table.game_id}/seats/1/history", table.auth(1)),
    }
    for who, (path, headers) in paths.items():
        whole = api.client.get(path, headers=headers).json
        seqs = _events(whole)
        assert len(seqs) > 4, who
        middle = seqs[len(seqs) // 2]
        later = api.client.get(f"{path}?after={middle}", headers=headers).json
        assert later == [entry for entry in whole if entry["kind"] == "event" and entry["seq"] > middle], who
        assert api.client.get(f"{path}?after=0", headers=headers).json == whole, who
        assert api.client.get(f"{path}?after={seqs[-1]}", headers=headers).json == [], who
        assert api.client.get(f"{path}?after={seqs[-1] + 100}", headers=headers).json == [], who


def test_a_seats_refused_command_comes_after_the_event_it_was_decided_at(api: Harness) -> None:
    table = api.new_game()
    view = api.seat_view(table, 0)
    refused = api.submit(table, 0, {"type": "toy.play_card", "card": 999}, "no-such-card")
    assert refused.status_code == 422
    path = f"/api/games/{table.game_id}/seats/0/history"
    at = view["version"]
    later = api.client.get(f"{path}?after={at}", headers=table.auth(0)).json
    assert [entry["kind"] for entry in later] == ["refused"]
    assert later[0]["command_id"].endswith("no-such-card")
    assert api.client.get(f"{path}?after={at + 1}", headers=table.auth(0)).json == []


@pytest.mark.parametrize("after", ["-1", "soon", "1.5", "²", "", "9" * 40])
def test_a_bad_after_is_refused_naming_it(api: Harness, after: str) -> None:
    table = api.new_game()
    for path, headers in (
        (f"/api/games/{table.game_id}/history", {}),
        (f"/api/games/{table.game_id}/seats/0/history", table.auth(0)),
    ):
        response = api.client.get(path, query_string={"after": after}, headers=headers)
        assert response.status_code == 400, (path, after)
        assert response.json["error"]["field"] == "after"
        assert "`after` must be an integer >= 0" in response.json["error"]["message"]


def test_the_openapi_document_describes_after_on_both_history_endpoints(api: Harness) -> None:
    paths = api.client.get("/api/openapi.json").json["paths"]
    for path in ("/api/games/{game_id}/history", "/api/games/{game_id}/seats/{seat}/history"):
        operation = paths[path]["get"]
        [after] = [param for param in operation["parameters"] if param["name"] == "after"]
        assert after["in"] == "query" and "after" in after["description"].lower()
        assert "400" in operation["responses"]
