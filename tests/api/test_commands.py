"""Submitting commands: outcomes (200, 422, 409, 202), idempotency, and a whole game played over HTTP."""

from __future__ import annotations

from typing import Any

import msgspec

from services import keys
from services.store.records import CommandRecord
from tests.api.conftest import make_app
from tests.api.replay import parse_export, replay_export
from tests.api.support import Harness, JsonClient, Table, json_client
from tests.support.toygame import GAME as TOY_GAME


def first_legal(api: Harness, table: Table, seat: int) -> dict[str, Any]:
    legal: list[dict[str, Any]] = api.seat_view(table, seat)["view"]["legal"]
    return legal[0]


def test_an_accepted_command_answers_the_new_version_and_my_events(api: Harness) -> None:
    table = api.new_game()
    before = api.client.get(f"/api/games/{table.game_id}/view").json["version"]
    command = first_legal(api, table, 0)
    accepted = api.submit(table, 0, command, "first")
    assert accepted.status_code == 200
    assert accepted.json["command_id"] == "first"
    assert accepted.json["status"] == "accepted"
    assert accepted.json["version"] > before
    played = [event for event in accepted.json["events"] if event["type"] == "toy.card_played"]
    assert played[0]["data"]["card"] == command["card"]


def test_an_accepted_answer_says_who_must_act_next_and_a_refusal_says_nothing(api: Harness) -> None:
    table = api.new_game()
    accepted = api.submit(table, 0, first_legal(api, table, 0), "first")
    version = accepted.json["version"]
    shown = api.client.get(f"/api/games/{table.game_id}/view?at={version}").json
    assert accepted.json["to_act"] == shown["to_act"] == [1], "the next seat plays"
    refused = api.submit(table, 0, first_legal(api, table, 1), "again")
    assert refused.status_code == 422
    again = api.client.get(f"/api/games/{table.game_id}/commands/again", headers=table.auth(0))
    assert again.json.get("to_act") is None


def test_an_answer_says_who_acts_once_the_automatic_steps_the_command_triggered_ran(api: Harness) -> None:
    table = api.new_game()
    api.submit(table, 0, first_legal(api, table, 0), "first")
    last_of_round = api.submit(table, 1, first_legal(api, table, 1), "second")
    assert last_of_round.json["to_act"] == [0, 1], "the round was scored at once: both play the next one"
    assert [event["type"] for event in last_of_round.json["events"]] == ["toy.card_played"]
    version = last_of_round.json["version"]
    shown = api.client.get(f"/api/games/{table.game_id}/view?at={version}").json
    assert shown["to_act"] == [0, 1] and shown["version"] == version
    history = api.client.get(f"/api/games/{table.game_id}/history").json
    scored = [event for event in history if event["type"] == "toy.round_scored"]
    assert scored[0]["actor"] == "system" and scored[0]["seq"] == version


def test_a_rule_violation_is_a_422_that_changes_nothing(api: Harness) -> None:
    table = api.new_game()
    hand = api.seat_view(table, 0)["view"]["hand"]
    not_mine = next(card for card in range(1, 50) if card not in hand)
    before = api.versions(table.game_id)[0]
    refused = api.submit(table, 0, {"type": "toy.play_card", "card": not_mine}, "cheat")
    assert refused.status_code == 422
    assert refused.json["error"]["code"] == "card.not_in_hand"
    assert refused.json["error"]["field"] == "command"
    assert api.versions(table.game_id)[0] == before
    assert api.seat_view(table, 0)["view"]["hand"] == hand


def test_a_stale_expected_version_is_a_409_that_changes_nothing(api: Harness) -> None:
    table = api.new_game()
    version = api.client.get(f"/api/games/{table.game_id}/view").json["version"]
    assert api.submit(table, 1, first_legal(api, table, 1), "moves-on").status_code == 200
    api.settle(table.game_id)
    before = api.fingerprint(table.game_id)
    stale = api.submit(table, 0, first_legal(api, table, 0), "late", expected_version=version)
    assert stale.status_code == 409
    assert stale.json["error"]["field"] == "expected_version"
    assert stale.json["error"]["message"] == "Someone moved first — the board is updated, choose again."
    assert api.fingerprint(table.game_id) == before
    body = {"command_id": "late-de", "command": first_legal(api, table, 0), "expected_version": version}
    headers = {**table.auth(0), "Accept-Language": "de"}
    german = api.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=headers)
    assert german.status_code == 409
    assert german.json["error"]["message"].startswith("Jemand anderes war schneller")


def test_resubmitting_a_command_id_with_the_same_body_returns_the_first_outcome(api: Harness) -> None:
    table = api.new_game()
    hand = api.seat_view(table, 0)["view"]["hand"]
    first = api.submit(table, 0, {"type": "toy.play_card", "card": hand[0]}, "once")
    again = api.submit(table, 0, {"card": hand[0], "type": "toy.play_card"}, "once")
    assert first.status_code == again.status_code == 200
    assert again.json["version"] == first.json["version"]
    api.settle(table.game_id)
    assert api.seat_view(table, 0)["view"]["hand"] == hand[1:]


def test_a_command_id_sent_again_with_another_body_is_refused_and_changes_nothing(api: Harness) -> None:
    table = api.new_game()
    hand = api.seat_view(table, 0)["view"]["hand"]
    first = api.submit(table, 0, {"type": "toy.play_card", "card": hand[0]}, "once")
    assert first.status_code == 200
    api.settle(table.game_id)
    before = api.fingerprint(table.game_id)
    reused = api.submit(table, 0, {"type": "toy.play_card", "card": hand[1]}, "once")
    assert reused.status_code == 409
    assert (reused.json["error"]["code"], reused.json["error"]["field"]) == (
        "command_id.reused",
        "command_id",
    )
    api.settle(table.game_id)
    assert api.fingerprint(table.game_id) == before
    assert api.seat_view(table, 0)["view"]["hand"] == hand[1:]


def test_another_seat_reusing_my_command_id_gets_its_own_outcome(api: Harness) -> None:
    table = api.new_game()
    mine = api.submit(table, 0, first_legal(api, table, 0), "same-id")
    assert mine.status_code == 200
    theirs = api.submit(table, 1, first_legal(api, table, 1), "same-id")
    assert theirs.status_code == 200
    assert theirs.json["version"] > mine.json["version"]
    poll = api.client.get(f"/api/games/{table.game_id}/commands/same-id", headers=table.auth(1))
    assert poll.json["version"] == theirs.json["version"]


def test_an_undecided_command_is_a_202_with_a_link_to_poll(api: Harness, service: Any, store: Any) -> None:
    impatient: JsonClient = json_client(make_app(service, store, wait=0.0))
    table = api.new_game()
    body = {"command_id": "slow", "command": first_legal(api, table, 0)}
    pending = impatient.post(f"/api/games/{table.game_id}/commands", json=body, headers=table.auth(0))
    assert pending.status_code == 202
    assert pending.headers["Location"] == pending.json["poll"]
    api.settle(table.game_id)
    polled = api.client.get(pending.json["poll"], headers=table.auth(0))
    assert (polled.status_code, polled.json["status"]) == (200, "accepted")
    assert polled.json["events"] == []  # events are answered once, to the submitting request


def test_polling_needs_the_submitting_seat(api: Harness) -> None:
    table = api.new_game()
    assert api.submit(table, 0, first_legal(api, table, 0), "private").status_code == 200
    assert api.client.get(f"/api/games/{table.game_id}/commands/private").status_code == 401
    other = api.client.get(f"/api/games/{table.game_id}/commands/private", headers=table.auth(1))
    assert other.status_code == 404  # seat 1 never sent "private": it cannot read seat 0's
    assert other.json["error"]["field"] == "command_id"


def test_polling_a_command_id_never_submitted_is_a_404_naming_the_command_id(api: Harness) -> None:
    table = api.new_game()
    unknown = api.client.get(f"/api/games/{table.game_id}/commands/never-sent", headers=table.auth(0))
    assert unknown.status_code == 404
    error = unknown.json["error"]
    assert (error["code"], error["field"]) == ("command.unknown", "command_id")


def test_a_submitted_command_not_yet_decided_polls_as_pending_then_as_its_outcome(api: Harness) -> None:
    table = api.new_game()
    record = CommandRecord(
        command_id="0.queued",  # the API scopes command ids by seat
        seat=0,
        actor=0,
        command=first_legal(api, table, 0),
        expected_version=None,
        at="2027-01-01T00:00:00.000000Z",
    )
    api.service.components.inbox.submit(table.game_id, record)  # in the inbox, no job yet to decide it
    poll = f"/api/games/{table.game_id}/commands/queued"
    pending = api.client.get(poll, headers=table.auth(0))
    assert (pending.status_code, pending.json["status"]) == (202, "pending")
    api.service.components.scheduler.process_game(table.game_id)
    api.settle(table.game_id)
    decided = api.client.get(poll, headers=table.auth(0))
    assert (decided.status_code, decided.json["status"]) == (200, "accepted")


def test_after_a_game_is_archived_polling_answers_from_its_outcomes(api: Harness) -> None:
    table = api.new_game(seats=2, hand=2)
    api.play_out(table)
    assert not api.store.exists(keys.command_ids(table.game_id))  # the index is gone once archived
    known = api.client.get(f"/api/games/{table.game_id}/commands/t0-s0", headers=table.auth(0))
    assert (known.status_code, known.json["status"]) == (200, "accepted")
    unknown = api.client.get(f"/api/games/{table.game_id}/commands/t0-s1x", headers=table.auth(0))
    assert (unknown.status_code, unknown.json["error"]["field"]) == (404, "command_id")


def test_a_whole_game_played_over_http_scores_as_the_domain_does(api: Harness) -> None:
    table = api.new_game(seats=3, hand=3)
    responses = api.play_out(table)
    assert {response.status_code for response in responses} == {200}
    final = api.client.get(f"/api/games/{table.game_id}/view").json
    assert final["status"] == "over"
    exported = api.client.get(f"/api/games/{table.game_id}/export")
    assert exported.status_code == 200
    replayed = replay_export(TOY_GAME, parse_export(exported.get_data(as_text=True)))
    assert replayed is not None
    assert final["result"] == msgspec.to_builtins(replayed)


def test_a_running_game_cannot_be_exported(api: Harness) -> None:
    table = api.new_game()
    refused = api.client.get(f"/api/games/{table.game_id}/export")
    assert refused.status_code == 409


def test_resubmitting_an_accepted_command_with_its_old_version_still_answers_its_outcome(
    api: Harness,
) -> None:
    table = api.new_game()
    version = api.seat_view(table, 0)["version"]
    command = first_legal(api, table, 0)
    first = api.submit(table, 0, command, "retry", expected_version=version)
    api.settle(table.game_id)
    again = api.submit(table, 0, command, "retry", expected_version=version)
    assert first.status_code == again.status_code == 200
    assert again.json["version"] == first.json["version"]
