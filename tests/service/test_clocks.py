"""Per-game clocks on a fake clock: presets and the custom form, a reserve that shrinks only by the time a
turn takes beyond the per-move allowance, each timeout policy, the pause that freezes the clocks, the
quarter-left reminder sent once, and the clocks in the views carrying nothing of the game."""

from __future__ import annotations

from typing import Any

import pytest
from rq.registry import ScheduledJobRegistry

from services.clocks.reminders import QuarterLeft, forget_hook, on_quarter_left
from services.errors import ServiceError
from services.game_service import GameService
from services.parts import Parts
from tests.support.harness import FakeClock, drain, play_out

PER_MOVE, RESERVE = 60.0, 300.0


def timed_game(service: GameService, policy: str = "bot", seats: int = 2, hand: int = 3) -> str:
    clock = {"preset": "custom", "per_move": PER_MOVE, "reserve": RESERVE, "policy": policy}
    meta = service.create_game("toy", seats, {"hand": hand}, clock=clock)
    for seat in range(seats):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service, due_scheduled=False)
    return meta.id


def play(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)
    drain(service, due_scheduled=False)


def seat_clock(service: GameService, game_id: str, seat: int) -> Any:
    return service.view(game_id, seat).clocks[seat]


def run_due_jobs(service: GameService, clock: FakeClock) -> None:
    """Run the queued jobs and the scheduled ones due by the fake clock (as the workers' upkeep does)."""
    queue = service.parts.scheduler.queue
    scheduled = ScheduledJobRegistry(queue=queue)  # type: ignore[no-untyped-call]
    for _ in range(20):
        due = scheduled.get_jobs_to_schedule(int(clock.now))
        for job_id in due:
            job = queue.fetch_job(job_id)
            scheduled.remove(job_id)
            if job is not None:
                queue._enqueue_job(job)
        drain(service, due_scheduled=False)
        if not due:
            return


def time_out(service: GameService, clock: FakeClock, seconds: float) -> None:
    """Let ``seconds`` pass and run whatever came due (scheduled deadlines and reminders)."""
    clock.advance(seconds)
    run_due_jobs(service, clock)


@pytest.mark.parametrize(
    ("preset", "per_move", "reserve"),
    [("slow", 86_400, 3 * 86_400), ("relaxed", 3 * 86_400, 7 * 86_400), ("fast", 120, 600)],
)
def test_a_preset_gives_each_seat_its_time_per_move_and_reserve(
    service: GameService, preset: str, per_move: float, reserve: float
) -> None:
    meta = service.create_game("toy", 2, {}, clock={"preset": preset})
    assert meta.clock is not None and (meta.clock.per_move, meta.clock.reserve) == (per_move, reserve)
    assert meta.clock.policy == "bot"
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service)
    view = service.view(meta.id, None)
    assert [c.remaining for c in view.clocks] == [per_move + reserve] * 2
    assert all(c.running and c.deadline == view.now + per_move + reserve for c in view.clocks)


def test_no_clock_means_no_deadline(service: GameService) -> None:
    meta = service.create_game("toy", 2, {}, clock={"preset": "none"})
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service)
    assert service.view(meta.id, 0).clocks == []
    assert service.parts.due.score(meta.id) is None


@pytest.mark.parametrize(
    ("clock", "field"),
    [
        ({"preset": "blitz"}, "clock.preset"),
        ({"preset": "custom", "reserve": 10}, "clock.per_move"),
        ({"preset": "custom", "per_move": -5, "reserve": 10}, "clock.per_move"),
        ({"preset": "slow", "policy": "nap"}, "clock.policy"),
        ({"preset": "slow", "per_move": 5}, "clock.per_move"),
        ({"preset": "slow", "extra": 1}, "clock.extra"),
    ],
)
def test_a_bad_clock_is_refused_naming_the_field(
    service: GameService, clock: dict[str, Any], field: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        service.create_game("toy", 2, {}, clock=clock)
    assert refused.value.http_status == 400
    assert refused.value.field == field


def test_the_reserve_shrinks_only_by_time_beyond_the_per_move_allowance(
    service: GameService, clock: FakeClock
) -> None:
    game_id = timed_game(service, hand=3)
    clock.advance(PER_MOVE - 10)
    play(service, game_id, 0, "quick")
    assert seat_clock(service, game_id, 0).reserve == RESERVE, "within the allowance: reserve untouched"
    assert not seat_clock(service, game_id, 0).running
    clock.advance(30)  # seat 1 used 80 s so far: 20 beyond the allowance
    play(service, game_id, 1, "slow")
    assert seat_clock(service, game_id, 1).reserve == RESERVE - 20
    assert seat_clock(service, game_id, 0).running, "a new round: seat 0 is on the clock again"
    clock.advance(100)
    shown = seat_clock(service, game_id, 0)
    assert shown.remaining == PER_MOVE + RESERVE - 100


def test_policy_pass_plays_the_games_timeout_command_as_actor_timeout(
    service: GameService, clock: FakeClock
) -> None:
    game_id = timed_game(service, policy="pass")
    play(service, game_id, 1, "present")
    time_out(service, clock, PER_MOVE + RESERVE + 1)
    events = service.parts.store.read(game_id)
    assert [e.type for e in events if e.actor == "timeout"] == ["toy.card_played"]
    assert 0 not in service.meta(game_id).table.bot_played(), "the seat stays its player's"


def test_a_deadline_in_mid_second_is_acted_on_when_it_passes_not_at_the_next_sweep(
    service: GameService, clock: FakeClock
) -> None:
    clock.advance(0.6)  # the turn starts in mid-second: RQ keeps a scheduled job's time in whole seconds
    game_id = timed_game(service, policy="pass")
    play(service, game_id, 1, "present")
    time_out(service, clock, PER_MOVE + RESERVE - 0.3)  # the deadline's whole second, before the deadline
    assert not [e for e in service.parts.store.read(game_id) if e.actor == "timeout"]
    time_out(service, clock, 0.7)
    events = service.parts.store.read(game_id)
    assert [e.type for e in events if e.actor == "timeout"] == ["toy.card_played"]


def test_policy_bot_stands_in_until_the_player_reclaims_the_seat(
    service: GameService, clock: FakeClock
) -> None:
    game_id = timed_game(service, policy="bot", hand=3)
    play(service, game_id, 1, "present")
    time_out(service, clock, PER_MOVE + RESERVE + 1)
    facts = [e for e in service.parts.store.read(game_id) if e.actor == "timeout"]
    assert [(f.type, f.data) for f in facts] == [("papyrus.stand_in", {"seat": 0})]
    assert service.meta(game_id).table.stand_in == [0]
    assert 0 not in service.view(game_id, None).to_act, "the bot played seat 0's move"
    play(service, game_id, 1, "next")
    assert 0 not in service.view(game_id, None).to_act, "the bot keeps playing seat 0"
    with pytest.raises(ServiceError) as refused:
        service.submit(game_id, 0, {"type": "toy.play_card", "card": 1}, "back-early", None)
    assert refused.value.code == "seat.stood_in"
    service.submit(game_id, 0, {"type": "papyrus.reclaim"}, "back", None)
    drain(service, due_scheduled=False)
    assert service.meta(game_id).table.stand_in == []
    assert seat_clock(service, game_id, 0).reserve == 0.0, "the timed-out turn used up the reserve"


def test_policy_forfeit_ranks_the_seat_last_and_a_bot_finishes(
    service: GameService, clock: FakeClock
) -> None:
    game_id = timed_game(service, policy="forfeit", seats=3, hand=2)
    play(service, game_id, 1, "p1")
    play(service, game_id, 2, "p2")
    time_out(service, clock, PER_MOVE + RESERVE + 1)
    assert [(r.seat, r.reason) for r in service.meta(game_id).table.resigned] == [(0, "forfeit")]
    play_out(service, game_id)
    result = service.view(game_id, None).result
    assert result is not None and result.ranking[-1] == 0


def test_a_pause_every_player_agreed_to_freezes_the_clocks_until_resumed(
    service: GameService, clock: FakeClock
) -> None:
    game_id = timed_game(service, hand=3)
    clock.advance(40)
    service.submit(game_id, 0, {"type": "papyrus.pause"}, "pause-0", None)
    drain(service)
    assert not service.meta(game_id).table.paused, "one vote is not enough"
    service.submit(game_id, 1, {"type": "papyrus.pause"}, "pause-1", None)
    drain(service)
    assert service.meta(game_id).table.paused
    frozen = seat_clock(service, game_id, 0)
    assert not frozen.running and frozen.remaining == PER_MOVE + RESERVE - 40
    time_out(service, clock, 10 * (PER_MOVE + RESERVE))
    assert seat_clock(service, game_id, 0).remaining == PER_MOVE + RESERVE - 40, "nothing ran while paused"
    assert service.meta(game_id).table.stand_in == [], "no timeout while paused"
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "while-paused", None)
    drain(service)
    refused = service.outcome(game_id, "while-paused")
    assert refused is not None and refused.violation is not None
    assert refused.violation["code"] == "table.paused"
    service.submit(game_id, 1, {"type": "papyrus.resume"}, "resume", None)
    drain(service, due_scheduled=False)
    clock.advance(5)
    assert seat_clock(service, game_id, 0).running
    assert seat_clock(service, game_id, 0).remaining == PER_MOVE + RESERVE - 45


def test_the_quarter_left_reminder_goes_out_once_per_turn(service: GameService, clock: FakeClock) -> None:
    sent: list[QuarterLeft] = []

    def hook(parts: Parts, reminder: QuarterLeft) -> None:
        sent.append(reminder)

    on_quarter_left(hook)
    try:
        game_id = timed_game(service, hand=3)
        assert service.view(game_id, 0).clocks[0].running
        time_out(service, clock, 0.7 * (PER_MOVE + RESERVE))
        assert sent == []
        time_out(service, clock, 0.1 * (PER_MOVE + RESERVE))
        assert sorted(r.seat for r in sent) == [0, 1]
        assert all(r.remaining == pytest.approx(0.2 * (PER_MOVE + RESERVE)) for r in sent)
        clock.advance(service.settings.sweep_interval)
        service.sweep.run()
        drain(service)
        assert len(sent) == 2, "a sweep or a repeated job sends nothing more"
    finally:
        forget_hook(hook)


def test_the_clocks_in_a_view_are_seats_and_seconds_only(service: GameService) -> None:
    game_id = timed_game(service)
    for viewer in (None, 0, 1):
        for entry in service.view(game_id, viewer).clocks:
            assert set(entry.__struct_fields__) == {"seat", "running", "remaining", "reserve", "deadline"}
            assert all(
                isinstance(getattr(entry, name), int | float | bool | None)
                for name in entry.__struct_fields__
            )
