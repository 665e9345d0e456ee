"""The table over HTTP: a clock chosen at creation (refused by field when bad), every seat's time in the view
and the OpenAPI document, the table's commands through the commands endpoint (an unknown one refused by
field), a resigned seat's game commands refused with 409, and the question about a seat out of time in a game
whose opponents choose, answered through the commands endpoint."""

from __future__ import annotations

import time
from collections.abc import Iterator

import fakeredis
import pytest

from services.game_service import GameService
from services.settings import Settings
from tests.api.conftest import make_app
from tests.api.support import Harness, Table, bearer, json_client
from tests.support.harness import TEST_BOT_ITERATIONS, TEST_BOT_THINK_MS
from workers import context
from workers.embedded import start_embedded_worker


def test_a_game_created_with_a_clock_shows_every_seats_time(api: Harness) -> None:
    created = api.client.post("/api/games", json={"game": "toy", "seats": 2, "clock": {"preset": "fast"}})
    assert created.status_code == 201
    assert created.json["clock"] == {
        "per_move": 120.0,
        "reserve": 600.0,
        "policy": "bot",
        "preset": "fast",
        "opponents_choose": False,
    }
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


def _asked_about(api: Harness, table: Table, seat: int, deadline: float) -> list[dict[str, object]]:
    while time.monotonic() < deadline:
        choices: list[dict[str, object]] = api.seat_view(table, seat)["table"]["choices"]
        if choices:
            return choices
        time.sleep(0.05)
    raise AssertionError("nobody was asked about the seat out of time")


@pytest.fixture
def own_api(service: GameService) -> Iterator[Harness]:
    """A store and worker of this test's own, so the seat's deadline is handled apart from the games every
    test before it left on the package's store; the package's service registered for jobs again after it."""
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    own = GameService(store, Settings(bot_think_ms=TEST_BOT_THINK_MS, bot_iterations=TEST_BOT_ITERATIONS))
    worker = start_embedded_worker(own)
    yield Harness(json_client(make_app(own, store)), own, store)
    worker.stop()
    context.register(service)


def test_opponents_choose_a_forfeit_for_a_seat_out_of_time(own_api: Harness) -> None:
    api = own_api
    clock = {"preset": "custom", "per_move": 2, "reserve": 0, "policy": "bot", "opponents_choose": True}
    created = api.client.post("/api/games", json={"game": "toy", "seats": 3, "clock": clock})
    assert created.status_code == 201, created.json
    assert created.json["clock"]["opponents_choose"] is True
    game_id = created.json["id"]
    tokens = [
        api.client.post(f"/api/games/{game_id}/seats", json={"name": f"p{seat}"}).json["token"]
        for seat in range(3)
    ]
    table = Table(game_id, tokens)
    assert api.client.post(f"/api/games/{game_id}/start", headers=table.auth(0)).status_code == 200
    api.settle(game_id)
    for seat in (1, 2):
        legal = api.seat_view(table, seat)["view"]["legal"]
        assert api.submit(table, seat, legal[0], f"in-time-{seat}").status_code == 200
    choices = _asked_about(api, table, 1, time.monotonic() + 30)
    assert [(entry["seat"], entry["votes"], entry["ruling"]) for entry in choices] == [(0, [], None)]
    refused = api.submit(table, 0, {"type": "papyrus.choose", "about": 0, "choice": "wait"}, "self")
    assert refused.status_code == 409 or refused.status_code == 422, refused.json
    assert refused.json["error"]["code"] == "choice.not_yours"
    bad = api.submit(table, 1, {"type": "papyrus.choose", "about": 0}, "no-choice")
    assert bad.status_code == 400 and bad.json["error"]["field"].startswith("command")
    first = api.submit(table, 1, {"type": "papyrus.choose", "about": 0, "choice": "forfeit"}, "c1")
    assert first.status_code == 200, first.json
    assert [event["type"] for event in first.json["events"]] == ["papyrus.choice_voted"]
    last = api.submit(table, 2, {"type": "papyrus.choose", "about": 0, "choice": "forfeit"}, "c2")
    assert [event["type"] for event in last.json["events"]] == [
        "papyrus.choice_voted",
        "papyrus.choice_made",
        "papyrus.resigned",
    ]
    view = api.client.get(f"/api/games/{game_id}/view").json
    assert view["table"]["resigned"] == [{"seat": 0, "reason": "forfeit"}]
    assert view["table"]["choices"] == []
