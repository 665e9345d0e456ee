"""Reading a game: my view, the spectators' view, past versions, legal commands and the redacted history."""

from __future__ import annotations

from tests.api.support import Harness


def test_my_view_shows_my_hand_and_my_legal_commands(api: Harness) -> None:
    table = api.new_game(seats=2, hand=3)
    mine = api.seat_view(table, 0)
    assert mine["seat"] == 0
    assert len(mine["view"]["hand"]) == 3
    assert [command["card"] for command in mine["view"]["legal"]] == sorted(mine["view"]["hand"])
    legal = api.client.get(f"/api/games/{table.game_id}/seats/0/legal-commands", headers=table.auth(0))
    assert legal.json == mine["view"]["legal"]


def test_spectators_see_no_hand(api: Harness) -> None:
    table = api.new_game(seats=2)
    public = api.client.get(f"/api/games/{table.game_id}/view").json
    assert public["seat"] is None
    assert public["view"]["hand"] is None
    assert public["view"]["hand_sizes"] == [3, 3]


def test_another_seats_view_legal_commands_and_history_are_forbidden(api: Harness) -> None:
    table = api.new_game(seats=2)
    for resource in ("view", "legal-commands", "history"):
        url = f"/api/games/{table.game_id}/seats/1/{resource}"
        forbidden = api.client.get(url, headers=table.auth(0))
        assert forbidden.status_code == 403, resource
        assert forbidden.json["error"]["field"] == "seat"
        assert api.client.get(url).status_code == 401


def test_my_view_at_a_past_version_is_the_game_as_it_was(api: Harness) -> None:
    table = api.new_game(seats=2)
    before = api.seat_view(table, 0)
    card = before["view"]["legal"][0]
    assert api.submit(table, 0, card, "play").status_code == 200
    api.settle(table.game_id)
    url = f"/api/games/{table.game_id}/seats/0/view?at={before['version']}"
    past = api.client.get(url, headers=table.auth(0)).json
    assert past["version"] == before["version"]
    assert past["view"] == before["view"]
    assert api.seat_view(table, 0)["view"]["hand"] != before["view"]["hand"]


def test_a_version_out_of_range_or_not_a_number_is_refused(api: Harness) -> None:
    table = api.new_game(seats=2)
    for at in ("9999", "-1", "two", "1.5"):
        refused = api.client.get(f"/api/games/{table.game_id}/view?at={at}")
        assert refused.status_code == 400, at
        assert refused.json["error"]["field"] == "at"


def test_a_seat_that_is_not_a_number_is_refused(api: Harness) -> None:
    table = api.new_game(seats=2)
    refused = api.client.get(f"/api/games/{table.game_id}/seats/first/view", headers=table.auth(0))
    assert (refused.status_code, refused.json["error"]["field"]) == (400, "seat")


def test_the_history_hides_other_seats_cards_until_the_game_is_over(api: Harness) -> None:
    table = api.new_game(seats=2)
    history = api.client.get(f"/api/games/{table.game_id}/seats/0/history", headers=table.auth(0)).json
    dealt = {
        entry["data"]["seat"]: entry["data"]["cards"]
        for entry in history
        if entry["type"] == "toy.cards_dealt"
    }
    assert len(dealt[0]) == 3
    assert dealt[1] == []
    shuffles = [entry for entry in history if entry["type"] == "toy.deck_shuffled"]
    assert shuffles[0]["data"]["order"] == []
    public = api.client.get(f"/api/games/{table.game_id}/history").json
    assert all(entry["data"].get("cards") in (None, []) for entry in public)


def test_unknown_games_are_not_found_on_every_read(api: Harness) -> None:
    for url in ("/api/games/nope", "/api/games/nope/view", "/api/games/nope/history"):
        refused = api.client.get(url)
        assert refused.status_code == 404, url
        assert refused.json["error"]["field"] == "game_id"
