"""`papyrus verify` on a game where a seat ran out of time: its timeout commands (actor "timeout") are
re-decided like any other, and a forger who passes them off as the seat's own moves is caught."""

from __future__ import annotations

from collections.abc import Iterator

import fakeredis
import pytest

from services.audit.verify import verify_export
from tests.audit.absent_seat import AbsentSeat, play_with_an_absent_seat
from tests.audit.forgery import Line, events, forged
from tests.support.harness import FakeClock, make_service

SEATS = 3
ABSENT = 2
MOVE_TIMEOUT = 3600.0


# Seats 0 and 1 play random legal moves at once; seat 2 never plays and always times out.
TABLE = AbsentSeat(SEATS, ABSENT, seed=11, allowance=MOVE_TIMEOUT)


@pytest.fixture(scope="module")
def export() -> Iterator[list[str]]:
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    clock = FakeClock()
    service = make_service(connection, clock, queue_name="papyrus-audit-timeouts", move_timeout=MOVE_TIMEOUT)
    game_id = play_with_an_absent_seat(service, clock, TABLE)
    yield list(service.export(game_id))
    connection.close()


def timeout_events(records: list[Line]) -> list[Line]:
    return [record for record in events(records) if record["actor"] == "timeout"]


def test_a_game_with_timed_out_seats_verifies(export: list[str]) -> None:
    verdict = verify_export(export)
    assert verdict.ok, "\n".join(map(str, verdict.problems))
    commands = [line for line in export if '"kind":"command"' in line and '"actor":"timeout"' in line]
    assert len(commands) >= 5, "the absent seat should have timed out many times"


def test_a_timeout_passed_off_as_the_seats_own_move_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        record = timeout_events(records)[len(timeout_events(records)) // 2]
        record["actor"] = ABSENT
        edit.seq = record["seq"]  # type: ignore[attr-defined]

    for recompute_chain in (False, True):
        verdict = verify_export(forged(export, edit, recompute_chain))
        assert not verdict.ok
        seq = edit.seq  # type: ignore[attr-defined]
        assert any(f"event seq {seq})" in problem.where for problem in verdict.problems), verdict.problems


def test_a_timeout_command_record_rewritten_as_the_seats_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        command = next(
            record
            for record in records
            if record["kind"] == "command" and record["actor"] == "timeout" and record["outcome"]["last_seq"]
        )
        command["actor"] = ABSENT

    verdict = verify_export(forged(export, edit, recompute_chain=False))
    assert not verdict.ok
    assert any("expected 2" in problem.what for problem in verdict.problems), verdict.problems
