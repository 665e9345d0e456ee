"""`papyrus verify` on a game with a clock (one hour a move, no reserve, policy "pass") where one seat never
plays: every timeout came after that seat's hour by the log's own times and verifies; a timeout moved earlier
than the seat's allowance, or a clock that says there is none, is caught."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import fakeredis
import pytest

from services.audit.verify import verify_export
from services.inputs import TableTerms
from services.store.records import epoch_of
from tests.audit.absent_seat import AbsentSeat, play_with_an_absent_seat
from tests.audit.forgery import Line, forged
from tests.support.harness import FakeClock, make_service

SEATS = 2
ABSENT = 1
HOUR = 3600.0


CLOCK = TableTerms(clock={"preset": "custom", "per_move": HOUR, "reserve": 0, "policy": "pass"})
TABLE = AbsentSeat(SEATS, ABSENT, seed=3, allowance=HOUR, move_seconds=60, terms=CLOCK)


@pytest.fixture(scope="module")
def export() -> Iterator[list[str]]:
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    clock = FakeClock()
    service = make_service(connection, clock, queue_name="papyrus-audit-clock")
    game_id = play_with_an_absent_seat(service, clock, TABLE)
    yield list(service.export(game_id))
    connection.close()


def timeouts(records: list[Line]) -> list[Line]:
    return [r for r in records if r["kind"] == "command" and r["actor"] == "timeout"]


def test_a_game_whose_timeouts_followed_the_clock_verifies(export: list[str]) -> None:
    verdict = verify_export(export)
    assert verdict.ok, verdict.summary()
    assert sum('"actor":"timeout"' in line and '"kind":"command"' in line for line in export) >= 5


def test_a_timeout_before_the_seats_hour_ran_out_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        command = timeouts(records)[2]
        earlier = epoch_of(command["at"]) - HOUR / 2
        command["at"] = datetime.fromtimestamp(earlier, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")

    verdict = verify_export(forged(export, edit, recompute_chain=False))
    assert any("a timeout before the seat's 3600 s for the move ran out" in p.what for p in verdict.problems)


def test_a_header_claiming_no_clock_is_caught(export: list[str]) -> None:
    def edit(records: list[Line]) -> None:
        records[0]["clock"] = {"per_move": 0.0, "reserve": 0.0, "policy": "bot", "preset": "none"}

    verdict = verify_export(forged(export, edit, recompute_chain=False))
    assert any("a timeout in a game without a clock" in p.what for p in verdict.problems)
