"""Creating, listing, joining and starting games over HTTP."""

from __future__ import annotations

import pytest

from tests.api.support import TOY, Harness, bearer


def test_a_created_game_is_open_and_listed_in_the_lobby(api: Harness) -> None:
    created = api.client.post("/api/games", json={"game": TOY, "seats": 3, "options": {"hand": 2}})
    assert created.status_code == 201
    game = created.json
    assert (game["game"], game["seats"], game["status"], game["options"]) == (TOY, 3, "open", {"hand": 2})
    assert game["id"] in [listed["id"] for listed in api.client.get("/api/games").json]
    assert api.client.get(f"/api/games/{game['id']}").json["id"] == game["id"]


def test_a_private_game_stays_out_of_the_lobby(api: Harness) -> None:
    game = api.client.post("/api/games", json={"game": TOY, "seats": 2, "public": False}).json
    assert game["id"] not in [listed["id"] for listed in api.client.get("/api/games").json]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess", "seats": 2}, "game"),
        ({"game": TOY, "seats": 9}, "seats"),
        ({"game": TOY, "seats": "two"}, "seats"),
        ({"game": TOY}, "seats"),
        ({"game": TOY, "seats": 2, "options": {"hand": "many"}}, "options.hand"),
        ({"game": TOY, "seats": 2, "options": {"jokers": True}}, "options.jokers"),
        ({"game": "egizia", "seats": 2, "options": {"jokers": True}}, "options.jokers"),
        (
            {"game": "egizia", "seats": 2, "options": {"starting_sphinx_card": 3}},
            "options.starting_sphinx_card",
        ),
        ({"game": TOY, "seats": 2, "colour": "red"}, "colour"),
    ],
)
def test_a_bad_game_is_refused_naming_the_field(api: Harness, body: dict[str, object], field: str) -> None:
    before = api.client.get("/api/games").json
    refused = api.client.post("/api/games", json=body)
    assert refused.status_code == 400
    assert refused.json["error"]["field"] == field
    assert refused.json["error"]["message"]
    assert api.client.get("/api/games").json == before


def test_an_unknown_option_is_refused_with_the_reason_and_the_options_the_game_has(api: Harness) -> None:
    refused = api.client.post("/api/games", json={"game": "egizia", "seats": 2, "options": {"jokers": 1}})
    assert refused.status_code == 400
    assert "egizia has no option 'jokers'" in refused.json["error"]["message"]
    assert "starting_sphinx_card" in refused.json["error"]["message"]


def test_joining_hands_out_a_token_that_is_stored_only_hashed(api: Harness) -> None:
    table = api.new_game(seats=2, start=False)
    stored = b"".join(value or b"" for value in api.fingerprint(table.game_id).values())
    for token in table.tokens:
        assert token.encode() not in stored
    players = api.client.get(f"/api/games/{table.game_id}").json["players"]
    assert [player["seat"] for player in players] == [0, 1]


def test_a_taken_seat_and_a_full_game_are_conflicts(api: Harness) -> None:
    game_id = api.client.post("/api/games", json={"game": TOY, "seats": 2}).json["id"]
    assert api.client.post(f"/api/games/{game_id}/seats", json={"name": "ann", "seat": 1}).status_code == 201
    taken = api.client.post(f"/api/games/{game_id}/seats", json={"name": "bob", "seat": 1})
    assert (taken.status_code, taken.json["error"]["field"]) == (409, "seat")
    assert api.client.post(f"/api/games/{game_id}/seats", json={"name": "cy"}).json["seat"] == 0
    assert api.client.post(f"/api/games/{game_id}/seats", json={"name": "di"}).status_code == 409


def test_a_seat_outside_the_table_is_refused(api: Harness) -> None:
    game_id = api.client.post("/api/games", json={"game": TOY, "seats": 2}).json["id"]
    refused = api.client.post(f"/api/games/{game_id}/seats", json={"name": "ann", "seat": 7})
    assert (refused.status_code, refused.json["error"]["field"]) == (400, "seat")
    assert api.client.get(f"/api/games/{game_id}").json["players"] == []


def test_joining_an_unknown_game_is_not_found(api: Harness) -> None:
    refused = api.client.post("/api/games/nope/seats", json={"name": "ann"})
    assert refused.status_code == 404
    assert refused.json["error"]["code"]


def test_starting_needs_a_seat_token_and_every_seat_taken(api: Harness) -> None:
    game_id = api.client.post("/api/games", json={"game": TOY, "seats": 3}).json["id"]
    token = api.client.post(f"/api/games/{game_id}/seats", json={"name": "ann"}).json["token"]
    assert api.client.post(f"/api/games/{game_id}/start").status_code == 401
    assert api.client.post(f"/api/games/{game_id}/start", headers=bearer("forged")).status_code == 401
    assert api.client.post(f"/api/games/{game_id}/start", headers=bearer(token)).status_code == 409
    assert api.client.get(f"/api/games/{game_id}").json["status"] == "open"


def test_empty_seats_can_be_filled_with_bots_that_play_their_moves(api: Harness) -> None:
    game_id = api.client.post("/api/games", json={"game": TOY, "seats": 3, "options": {"hand": 2}}).json["id"]
    token = api.client.post(f"/api/games/{game_id}/seats", json={"name": "ann"}).json["token"]
    started = api.client.post(
        f"/api/games/{game_id}/start", json={"fill_with_bots": True}, headers=bearer(token)
    )
    assert started.status_code == 200
    assert [player["bot"] for player in started.json["players"]] == [False, True, True]
    api.settle(game_id)
    view = api.client.get(f"/api/games/{game_id}/view").json
    assert view["to_act"] == [0]  # the bots have played; only the human is awaited


def test_a_started_game_cannot_be_started_or_joined_again(api: Harness) -> None:
    table = api.new_game(seats=2)
    again = api.client.post(f"/api/games/{table.game_id}/start", headers=table.auth(0))
    assert again.status_code == 409
    assert api.client.post(f"/api/games/{table.game_id}/seats", json={"name": "late"}).status_code == 409
