"""A seat's legal commands and a submitted command prove the caller's seat token in the round trip that
reads the game (services/proven_reads.py): what they answer must be exactly what the separate check
answered, for every seat and every way of getting the token wrong."""

from __future__ import annotations

import json

from tests.api.support import Harness, bearer


def test_each_seat_reads_its_own_legal_commands_and_no_other_seats(api: Harness) -> None:
    table = api.new_game(seats=3)
    game = f"/api/games/{table.game_id}"
    for seat in range(3):
        hand = api.seat_view(table, seat)["view"]["hand"]
        mine = api.client.get(f"{game}/seats/{seat}/legal-commands", headers=table.auth(seat))
        assert mine.status_code == 200
        assert sorted(command["card"] for command in mine.json) == sorted(hand)
        for other in set(range(3)) - {seat}:
            refused = api.client.get(f"{game}/seats/{other}/legal-commands", headers=table.auth(seat))
            assert (refused.status_code, refused.json["error"]["code"]) == (403, "not_your_seat")
            assert "card" not in json.dumps(refused.json)


def test_a_token_that_proves_no_seat_reads_nothing_and_writes_nothing(api: Harness) -> None:
    table = api.new_game()
    game = f"/api/games/{table.game_id}"
    other_table = api.new_game()
    hand = api.seat_view(table, 0)["view"]["hand"]
    before = api.fingerprint(table.game_id)
    for headers in (bearer("not-a-token"), other_table.auth(0)):
        legal = api.client.get(f"{game}/seats/0/legal-commands", headers=headers)
        assert (legal.status_code, legal.json["error"]["code"]) == (401, "bad_credentials")
        body = {"command_id": "sneaky", "command": {"type": "toy.play_card", "card": hand[0]}}
        submitted = api.client.post(f"{game}/commands", json=body, headers=headers)
        assert (submitted.status_code, submitted.json["error"]["code"]) == (401, "bad_credentials")
    assert api.fingerprint(table.game_id) == before


def test_an_unknown_game_answers_as_it_did_before_the_token_was_checked_with_the_read(api: Harness) -> None:
    table = api.new_game()
    legal = api.client.get("/api/games/nope/seats/0/legal-commands", headers=table.auth(0))
    assert legal.status_code == 401
    body = {"command_id": "c1", "command": {"type": "toy.play_card", "card": 1}}
    submitted = api.client.post("/api/games/nope/commands", json=body, headers=table.auth(0))
    assert submitted.status_code == 401


def test_a_resubmitted_command_is_its_first_outcome_even_once_its_version_is_gone(api: Harness) -> None:
    table = api.new_game()
    seat_view = api.seat_view(table, 0)
    command = {"type": "toy.play_card", "card": seat_view["view"]["hand"][0]}
    first = api.submit(table, 0, command, "once", expected_version=seat_view["version"])
    assert (first.status_code, first.json["status"]) == (200, "accepted")
    api.settle(table.game_id)
    again = api.submit(table, 0, command, "once", expected_version=seat_view["version"])
    assert (again.status_code, again.json["status"]) == (200, "accepted")
    assert again.json["version"] == first.json["version"] > seat_view["version"]
    fresh = api.submit(table, 0, command, "twice", expected_version=seat_view["version"])
    assert (fresh.status_code, fresh.json["error"]["code"]) == (409, "stale_version")
