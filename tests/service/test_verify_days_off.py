"""Days off as table facts: when a player's days off change, each of their running games records them
(``papyrus.days_off``), so ``papyrus verify`` counts a turn's time as the clock did; a game whose seat was
away until its deadline verifies, and a timeout moved into the absence is caught."""

from __future__ import annotations

import datetime as dt

from services.audit.verify import verify_export
from services.game_service import GameService
from services.inputs import Requester, TableTerms
from services.store.records import now_iso
from tests.audit.forgery import Line, forged
from tests.service.test_clocks import play, time_out
from tests.support.harness import FakeClock, drain, play_out

PER_MOVE = 60.0
DAY = 86_400.0


def away_game(service: GameService, clock: FakeClock) -> str:
    """Seat 0's player goes away today and tomorrow while their turn runs; seat 1 plays; seat 0 times out
    once the absence is over."""
    clock_choice = {"preset": "custom", "per_move": PER_MOVE, "reserve": 0, "policy": "bot"}
    meta = service.create_game("toy", 2, {"hand": 3}, terms=TableTerms(clock=clock_choice))
    for seat in range(2):
        service.accounts.register(f"player{seat}", "correct horse battery", display_name=f"P{seat}")
        service.join(meta.id, f"P{seat}", by=Requester(account=f"player{seat}"))
    service.start(meta.id)
    drain(service, due_scheduled=False)
    play(service, meta.id, 1, "in-time")
    today = dt.datetime.fromtimestamp(clock.now, dt.UTC).date()
    service.days_off.add_absence("player0", today.isoformat(), (today + dt.timedelta(days=1)).isoformat())
    service.absences.changed("player0", service.days_off.doc("player0").calendar())
    drain(service, due_scheduled=False)
    time_out(service, clock, DAY)
    assert service.meta(meta.id).table.stand_in == [], "no timeout while away"
    time_out(service, clock, 2 * DAY)
    assert service.meta(meta.id).table.stand_in == [0], "the clock ran on after the absence"
    return meta.id


def test_the_days_off_are_in_the_log_and_a_game_with_an_absence_verifies(
    service: GameService, clock: FakeClock
) -> None:
    game_id = away_game(service, clock)
    recorded = [r.data for r in service.components.store.read(game_id) if r.type == "papyrus.days_off"]
    today = dt.datetime.fromtimestamp(clock.now - 3 * DAY, dt.UTC).date()
    assert recorded == [
        {
            "seat": 0,
            "zone": "UTC",
            "weekend": [],
            "absences": [[today.isoformat(), (today + dt.timedelta(days=1)).isoformat()]],
            "hours_off": [],
        }
    ]
    service.absences.resettle("player0")
    drain(service, due_scheduled=False)
    again = [r for r in service.components.store.read(game_id) if r.type == "papyrus.days_off"]
    assert len(again) == 1, "the same days off are recorded once"
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_a_timeout_moved_into_the_absence_is_caught(service: GameService, clock: FakeClock) -> None:
    game_id = away_game(service, clock)
    play_out(service, game_id)
    away_at = now_iso(lambda: clock.now - 3 * DAY + 3 * 3600)  # hours into the absence

    def earlier(records: list[Line]) -> None:
        for record in records:
            command = record.get("command") or {}
            if record["kind"] == "command" and command.get("type") == "papyrus.time_out_to_bot":
                record["at"] = away_at

    verdict = verify_export(forged(list(service.export(game_id)), earlier, recompute_chain=True))
    assert not verdict.ok
    assert any("for the move ran out" in str(problem) for problem in verdict.problems), verdict.summary()


def test_a_game_started_during_an_absence_records_it_at_the_start(
    service: GameService, clock: FakeClock
) -> None:
    service.accounts.register("player0", "correct horse battery", display_name="P0")
    today = dt.datetime.fromtimestamp(clock.now, dt.UTC).date()
    service.days_off.add_absence("player0", today.isoformat(), today.isoformat())
    clock_choice = {"preset": "custom", "per_move": PER_MOVE, "reserve": 0, "policy": "bot"}
    meta = service.create_game("toy", 2, {"hand": 2}, terms=TableTerms(clock=clock_choice))
    service.join(meta.id, "P0", by=Requester(account="player0"))
    service.join(meta.id, "P1")
    service.start(meta.id)
    drain(service, due_scheduled=False)
    recorded = [r for r in service.components.store.read(meta.id) if r.type == "papyrus.days_off"]
    assert [(r.actor, r.data["seat"], r.data["absences"]) for r in recorded] == [
        ("clock", 0, [[today.isoformat(), today.isoformat()]])
    ]
    play_out(service, meta.id)
    verdict = verify_export(service.export(meta.id))
    assert verdict.ok, verdict.summary()
