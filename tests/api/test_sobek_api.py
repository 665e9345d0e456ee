"""Sobek through the HTTP API: a whole game played by its seats to the end, exported and verified; malformed
Sobek commands answer 400 naming the field, rule refusals 422, and neither changes a stored byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from papyrus.cli import main
from services.audit.verify import verify_export
from tests.api.support import Harness, Table

GAME = "sobek"
SEATS = 3
MAX_MOVES = 2_000


def sobek_table(api: Harness, seats: int = SEATS, people: int = SEATS) -> Table:
    """A started Sobek game: ``people`` seats joined through the API, the others filled with bots."""
    created = api.client.post("/api/games", json={"game": GAME, "seats": seats})
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    tokens = []
    for seat in range(people):
        joined = api.client.post(f"/api/games/{game_id}/seats", json={"name": f"merchant {seat}"})
        assert joined.status_code == 201, joined.json
        tokens.append(joined.json["token"])
    table = Table(game_id, tokens)
    started = api.client.post(
        f"/api/games/{game_id}/start", headers=table.auth(0), json={"fill_with_bots": people < seats}
    )
    assert started.status_code == 200, started.json
    api.settle(game_id)
    return table


def _play_to_the_end(api: Harness, table: Table) -> dict[str, Any]:
    for move in range(MAX_MOVES):
        public = api.client.get(f"/api/games/{table.game_id}/view").json
        if public["status"] == "over":
            return public
        people = [seat for seat in public["to_act"] if seat < len(table.tokens)]
        if not people:  # only bots are to act: the workers play them
            api.settle(table.game_id)
            continue
        seat = people[0]
        legal = api.seat_view(table, seat)["view"]["legal_commands"]
        answer = api.submit(table, seat, legal[move % len(legal)], f"m{move}")
        assert answer.status_code == 200, answer.json
        api.settle(table.game_id)
    raise AssertionError("the Sobek game did not end")


def test_a_sobek_game_with_a_bot_played_through_the_api_ends_exports_and_verifies(
    api: Harness, tmp_path: Path
) -> None:
    table = sobek_table(api, SEATS, people=2)
    players = api.client.get(f"/api/games/{table.game_id}").json["players"]
    assert [p["bot"] for p in sorted(players, key=lambda p: p["seat"])] == [False, False, True]
    first = api.seat_view(table, 0)["view"]
    assert first["game"] == "sobek" and 1 <= len(first["nile"]) <= 9 and first["round"] == 1
    final = _play_to_the_end(api, table)
    result = final["result"]
    assert sorted(result["ranking"]) == list(range(SEATS))
    history = api.client.get(f"/api/games/{table.game_id}/history", headers=table.auth(1)).json
    assert any("Round 1 begins" in entry.get("description", "") for entry in history)
    exported = api.client.get(f"/api/games/{table.game_id}/export")
    assert exported.status_code == 200
    lines = exported.get_data(as_text=True).splitlines()
    verdict = verify_export(lines)
    assert verdict.ok, "\n".join(str(problem) for problem in verdict.problems)
    assert verdict.result is not None
    assert (verdict.result.ranking, verdict.result.scores) == (result["ranking"], result["scores"])
    path = tmp_path / "sobek.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    header = json.loads(lines[0])
    assert header["game"] == "sobek" and header["seed"]


BAD_COMMANDS: list[tuple[dict[str, Any], str]] = [
    ({"type": "sobek.take"}, "command.position"),
    ({"type": "sobek.take", "position": "first"}, "command.position"),
    ({"type": "sobek.take", "position": 1, "card": "IVO-01"}, "command.card"),
    ({"type": "sobek.play_set", "cards": "IVO-01"}, "command.cards"),
    ({"type": "sobek.play_set", "cards": [1, 2, 3]}, "command.cards[0]"),
    ({"type": "sobek.play_set", "cards": ["IVO-01"], "join": "new"}, "command.join"),
    ({"type": "sobek.steal", "target": 1}, "command.back"),
    ({"type": "sobek.purge", "goods": 3}, "command.goods"),
    ({"type": "sobek.choose_start", "seat": None}, "command.seat"),
    ({"type": "sobek.fly"}, "command.type"),
]


@pytest.fixture(scope="module")
def sobek_game(client: Any, service: Any, store: Any) -> Table:
    return sobek_table(Harness(client, service, store))


@pytest.mark.parametrize(("command", "field"), BAD_COMMANDS)
def test_a_malformed_sobek_command_names_the_field_and_changes_nothing(
    api: Harness, sobek_game: Table, command: dict[str, Any], field: str
) -> None:
    api.settle(sobek_game.game_id)
    before = api.fingerprint(sobek_game.game_id)
    seat = api.client.get(f"/api/games/{sobek_game.game_id}/view").json["to_act"][0]
    answer = api.submit(sobek_game, seat, command, "malformed")
    assert answer.status_code == 400, answer.json
    assert answer.json["error"]["field"] == field and answer.json["error"]["message"]
    api.settle(sobek_game.game_id)
    assert api.fingerprint(sobek_game.game_id) == before


@pytest.mark.parametrize(
    ("command", "message", "detail"),
    [
        ({"type": "sobek.take", "position": 7}, "first 4 cards of the Nile", "position"),
        ({"type": "sobek.play_set", "cards": ["IVO-01", "IVO-02"]}, "do not hold every card", "cards"),
        ({"type": "sobek.choose_token", "token": "EV-GUILD-1"}, "first choose your turn's action", ""),
    ],
)
def test_a_sobek_command_the_rules_refuse_answers_422_with_the_rule(
    api: Harness, sobek_game: Table, command: dict[str, Any], message: str, detail: str
) -> None:
    api.settle(sobek_game.game_id)
    public = api.client.get(f"/api/games/{sobek_game.game_id}/view").json
    seat = public["to_act"][0]
    before = api.versions(sobek_game.game_id)[0]
    answer = api.submit(sobek_game, seat, command, f"refused-{command['type']}")
    assert answer.status_code == 422, answer.json
    assert message in answer.json["error"]["message"]
    assert answer.json["error"]["details"] == ({"field": detail} if detail else {})
    assert "IVO-01" not in answer.json["error"]["message"]
    api.settle(sobek_game.game_id)
    assert api.versions(sobek_game.game_id)[0] == before


def test_a_command_too_large_to_keep_is_refused_before_anything_is_stored(api: Harness) -> None:
    """A command of a known type with 6 KB of strings: refused with 400, not kept in the log for ever."""
    table = sobek_table(api, people=1)
    before = api.fingerprint(table.game_id)
    huge = {"type": "sobek.play_set", "cards": ["x" * 600] * 10}
    refused = api.client.post(
        f"/api/games/{table.game_id}/commands",
        headers=table.auth(0),
        json={"command_id": "huge", "command": huge},
    )
    assert refused.status_code == 400, refused.json
    assert refused.json["error"]["code"] == "command.too_large"
    assert refused.json["error"]["field"] == "command"
    api.settle(table.game_id)
    assert api.fingerprint(table.game_id) == before
