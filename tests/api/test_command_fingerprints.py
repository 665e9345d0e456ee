"""A command id's fingerprint is kept small (16 raw bytes: it stays for every command of a game, finished
games too), and one stored in the earlier form (the whole SHA-256 in hex) still tells the same body from
another."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from services import keys
from tests.api.support import Harness


def old_fingerprint(command: dict[str, Any]) -> str:
    canonical = json.dumps([command, None], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def test_a_fingerprint_is_stored_in_sixteen_bytes(api: Harness) -> None:
    table = api.new_game()
    hand = api.seat_view(table, 0)["view"]["hand"]
    assert api.submit(table, 0, {"type": "toy.play_card", "card": hand[0]}, "small").status_code == 200
    stored = api.store.hgetall(keys.command_fingerprints(table.game_id))
    assert [len(value) for value in stored.values()] == [16]


def test_a_fingerprint_stored_in_hex_still_tells_the_same_body_from_another(api: Harness) -> None:
    table = api.new_game()
    hand = api.seat_view(table, 0)["view"]["hand"]
    command = {"type": "toy.play_card", "card": hand[0]}
    first = api.submit(table, 0, command, "older")
    assert first.status_code == 200
    api.settle(table.game_id)
    fingerprints = keys.command_fingerprints(table.game_id)
    (stored_id,) = api.store.hkeys(fingerprints)
    api.store.hset(fingerprints, stored_id, old_fingerprint(command))
    again = api.submit(table, 0, {"card": hand[0], "type": "toy.play_card"}, "older")
    assert again.status_code == 200 and again.json["version"] == first.json["version"]
    reused = api.submit(table, 0, {"type": "toy.play_card", "card": hand[1]}, "older")
    assert reused.status_code == 409 and reused.json["error"]["code"] == "command_id.reused"


def test_once_a_game_is_over_a_command_id_still_answers_its_body_and_refuses_another(api: Harness) -> None:
    table = api.new_game(seats=2, hand=2)
    hand = api.seat_view(table, 0)["view"]["hand"]
    command = {"type": "toy.play_card", "card": hand[0]}
    first = api.submit(table, 0, command, "mine")
    assert first.status_code == 200
    api.settle(table.game_id)
    api.play_out(table)
    before = api.fingerprint(table.game_id)
    again = api.submit(table, 0, command, "mine")
    assert (again.status_code, again.json["version"]) == (200, first.json["version"])
    reused = api.submit(table, 0, {"type": "toy.play_card", "card": hand[1]}, "mine")
    assert (reused.status_code, reused.json["error"]["field"]) == (409, "command_id")
    assert api.fingerprint(table.game_id) == before
