"""The table over HTTP: a clock chosen at creation (refused by field when bad), every seat's time in the view
and the OpenAPI document, the table's commands through the commands endpoint (an unknown one refused by
field), and a resigned seat's game commands refused with 409."""

from __future__ import annotations

from tests.api.support import Harness, bearer


def test_a_game_created_with_a_clock_shows_every_seats_time(api: Harness) -> None:
    created = api.client.post("/api/games", json={"game": "toy", "seats": 2, "clock": {"preset": "fast"}})
    assert created.status_code == 201
    assert created.json["clock"] == {"per_move": 120.0, "reserve": 600.0, "policy": "bot", "preset": "fast"}
    game_id = created.json["id"]
    tokens = [
        api.client.post(f"/api/games/{game_id}/seats", json={"name": f"p{seat}"}).json["token"]
        for seat in range(2)
    ]
    assert api.client.get(f"/api/games/{game_id}/view").json["clocks"] == [], "no clock runs before the start"
    assert (
        api.client.post(f"/api/games/{game_id}/start", json={}, headers=bearer(tokens[0])).status_code == 200
    )
    api.settle(game_id)
    view = api.client.get(f"/api/games/{game_id}/view").json
    assert view["clock"]["preset"] == "fast"
    assert [entry["seat"] for entry in view["clocks"]] == [0, 1]
    assert all(entry["running"] and 700.0 < entry["remaining"] <= 720.0 for entry in view["clocks"])


def test_a_bad_clock_is_a_400_naming_the_field(api: Harness) -> None:
    for clock, field in (
        ({"preset": "blitz"}, "clock.preset"),
        ({"preset": "custom", "per_move": "soon", "reserve": 1}, "clock.per_move"),
        ({"preset": "slow", "policy": "nap"}, "clock.policy"),
    ):
        refused = api.client.post("/api/games", json={"game": "toy", "seats": 2, "clock": clock})
        assert refused.status_code == 400, refused.json
        assert refused.json["error"]["field"] == field, refused.json


def test_an_unknown_table_command_is_a_400_naming_the_field(api: Harness) -> None:
    table = api.new_game()
    refused = api.submit(table, 0, {"type": "papyrus.time_out_forfeit"}, "sneaky")
    assert refused.status_code == 400
    assert refused.json["error"]["field"].startswith("command")


def test_a_resigned_seat_may_not_play_and_its_resignation_ends_a_two_player_game(api: Harness) -> None:
    table = api.new_game(seats=3)
    resigned = api.submit(table, 2, {"type": "papyrus.resign"}, "bye")
    assert resigned.status_code == 200
    assert [event["type"] for event in resigned.json["events"]] == ["papyrus.resigned"]
    api.settle(table.game_id)
    refused = api.submit(table, 2, {"type": "toy.play_card", "card": 1}, "back")
    assert refused.status_code == 409
    assert refused.json["error"]["code"] == "seat.resigned"
    view = api.client.get(f"/api/games/{table.game_id}/view").json
    assert view["table"]["resigned"] == [{"seat": 2, "reason": "resigned"}]


def test_the_openapi_document_describes_the_clocks_and_the_table(api: Harness) -> None:
    document = api.client.get("/api/openapi.json").json
    schemas = document["components"]["schemas"]
    assert {"ClockChoice", "SeatClockView", "TableState"} <= set(schemas)
    assert "clocks" in schemas["GameView"]["properties"]
    submit = document["paths"]["/api/games/{game_id}/commands"]["post"]
    assert "409" in submit["responses"] and "papyrus.resign" in submit["summary"]
