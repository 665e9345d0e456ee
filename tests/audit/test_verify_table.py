"""`papyrus verify` on a game with the table's facts: a move taken back, a pause and its end, a resignation.
Each is re-decided from the log (the undo folds the game again without the events it took back, the resigned
seat ranks last), and a forger who widens an undo, drops it, or passes a resignation off as a forfeit is
caught."""

from __future__ import annotations

import random
from collections.abc import Iterator

import fakeredis
import pytest

from services.audit.verify import verify_export
from services.game_service import GameService
from tests.audit.forgery import Line, events, forged
from tests.support.harness import FakeClock, drain, make_service

SEATS = 3
RESIGNS = 2


def decide(service: GameService, game_id: str, seat: int, command: dict[str, object], command_id: str) -> str:
    service.submit(game_id, seat, command, command_id, None)
    drain(service)
    outcome = service.outcome(game_id, command_id)
    assert outcome is not None
    return outcome.status


def play_with_the_table(service: GameService) -> str:
    """Seat 0 takes back its first move, the table pauses and resumes, seat 2 resigns after 30 turns."""
    game_id: str = service.create_game("egizia", SEATS, {}).id
    for seat in range(SEATS):
        service.join(game_id, f"Player {seat}")
    service.start(game_id)
    drain(service)
    rng = random.Random(5)
    undone = paused = False
    for turn in range(20_000):
        if service.meta(game_id).status == "over":
            return game_id
        to_act = service.view(game_id, None).to_act
        for seat in to_act:
            command = rng.choice(service.legal_commands(game_id, seat))
            assert decide(service, game_id, seat, command, f"move-{turn}-{seat}") == "accepted"
            if seat == 0 and not undone:
                undone = decide(service, game_id, 0, {"type": "papyrus.undo"}, "undo") == "accepted"
        if turn == 10 and not paused:
            for seat in range(SEATS):
                decide(service, game_id, seat, {"type": "papyrus.pause"}, f"pause-{seat}")
            assert service.meta(game_id).table.paused
            decide(service, game_id, 1, {"type": "papyrus.resume"}, "resume")
            paused = True
        if turn == 30:
            assert decide(service, game_id, RESIGNS, {"type": "papyrus.resign"}, "resign") == "accepted"
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def export() -> Iterator[list[str]]:
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = make_service(connection, FakeClock(), queue_name="papyrus-audit-table")
    game_id = play_with_the_table(service)
    yield list(service.export(game_id))
    connection.close()


def facts(records: list[Line], kind: str) -> list[Line]:
    return [record for record in events(records) if record["type"] == kind]


def test_a_game_with_an_undo_a_pause_and_a_resignation_verifies(export: list[str]) -> None:
    verdict = verify_export(export)
    assert verdict.ok, verdict.summary()
    assert verdict.result is not None and verdict.result.ranking[-1] == RESIGNS
    kinds = {line.split('"type":"')[1].split('"')[0] for line in export if '"type":"papyrus.' in line}
    assert {"papyrus.undone", "papyrus.paused", "papyrus.resumed", "papyrus.resigned"} <= kinds


def test_an_undo_widened_to_an_earlier_event_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        facts(records, "papyrus.undone")[0]["data"]["first_seq"] -= 1

    verdict = verify_export(forged(export, edit, recompute_chain=True))
    assert not verdict.ok
    assert any("papyrus.undone does not follow from the rules" in p.what for p in verdict.problems)


def test_a_dropped_undo_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        undo = facts(records, "papyrus.undone")[0]
        records.remove(undo)
        for record in events(records):
            if record["seq"] > undo["seq"]:
                record["seq"] -= 1

    assert not verify_export(forged(export, edit, recompute_chain=True)).ok


def test_a_resignation_passed_off_as_a_forfeit_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        facts(records, "papyrus.resigned")[0]["data"]["reason"] = "forfeit"

    verdict = verify_export(forged(export, edit, recompute_chain=True))
    assert not verdict.ok
    assert any("reason" in p.what for p in verdict.problems), verdict.problems


def test_a_players_command_rewritten_as_the_clocks_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        command = next(r for r in records if r["kind"] == "command" and r["command_id"] == "resign")
        command["command"] = {"type": "papyrus.time_out_forfeit"}

    verdict = verify_export(forged(export, edit, recompute_chain=False))
    assert not verdict.ok
    assert any("sent by a player" in p.what for p in verdict.problems), verdict.problems


def test_a_timeout_the_clocks_policy_does_not_give_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        records[0]["clock"] = {"per_move": 60.0, "reserve": 0.0, "policy": "forfeit", "preset": "custom"}
        command = next(r for r in records if r["kind"] == "command" and r["command_id"].startswith("move-"))
        command["actor"] = "timeout"

    verdict = verify_export(forged(export, edit, recompute_chain=False))
    assert any("the clock's policy gives papyrus.time_out_forfeit" in p.what for p in verdict.problems)
