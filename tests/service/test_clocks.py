"""Per-game clocks on a fake clock: presets and the custom form, a reserve that shrinks only by the time a
turn takes beyond the per-move allowance, each timeout policy, the pause that freezes the clocks, the
quarter-left reminder sent once, and the clocks in the views carrying nothing of the game."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from rq.registry import ScheduledJobRegistry

from services.audit.verify import verify_export
from services.clocks.reminders import QuarterLeft
from services.errors import ServiceError
from services.game_service import GameService
from services.inputs import Requester, TableTerms
from services.store.records import epoch_of
from tests.support.harness import FakeClock, drain, play_out

PER_MOVE, RESERVE = 60.0, 300.0


def timed_game(service: GameService, policy: str = "bot", seats: int = 2, hand: int = 3) -> str:
    clock = {"preset": "custom", "per_move": PER_MOVE, "reserve": RESERVE, "policy": policy}
    meta = service.create_game("toy", seats, {"hand": hand}, terms=TableTerms(clock=clock))
    for seat in range(seats):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service, due_scheduled=False)
    return meta.id


def play(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], command_id, None)
    drain(service, due_scheduled=False)


def undo_accepted(service: GameService, game_id: str, seat: int) -> None:
    """The seat takes back its last move, and the undo is accepted."""
    service.submit(game_id, seat, {"type": "papyrus.undo"}, "undo", None)
    drain(service, due_scheduled=False)
    outcome = service.outcome(game_id, "undo")
    assert outcome is not None and outcome.violation is None, outcome


def seat_clock(service: GameService, game_id: str, seat: int) -> Any:
    return service.view(game_id, seat).clocks[seat]


def run_due_jobs(service: GameService, clock: FakeClock) -> None:
    """Run the queued jobs and the scheduled ones due by the fake clock (as the workers' upkeep does)."""
    queue = service.components.scheduler.queue
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
    meta = service.create_game("toy", 2, {}, terms=TableTerms(clock={"preset": preset}))
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
    meta = service.create_game("toy", 2, {}, terms=TableTerms(clock={"preset": "none"}))
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service)
    assert service.view(meta.id, 0).clocks == []
    assert service.components.due.score(meta.id) is None


@pytest.mark.parametrize(
    ("choice", "field"),
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
    service: GameService, choice: dict[str, Any], field: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        service.create_game("toy", 2, {}, terms=TableTerms(clock=choice))
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
    events = service.components.store.read(game_id)
    assert [e.type for e in events if e.actor == "timeout"] == ["toy.card_played"]
    assert 0 not in service.meta(game_id).table.bot_played(), "the seat stays its player's"


def test_a_deadline_in_mid_second_is_acted_on_at_the_deadline_not_at_the_next_sweep(
    service: GameService, clock: FakeClock
) -> None:
    """RQ keeps a scheduled job's time in whole seconds: the deadline's job is due at the whole second
    before it and waits out the fraction, never acting early, nor a second late."""
    clock.advance(0.6)  # the turn starts in mid-second
    game_id = timed_game(service, policy="pass")
    deadline = seat_clock(service, game_id, 0).deadline
    play(service, game_id, 1, "present")
    time_out(service, clock, PER_MOVE + RESERVE - 0.3)  # the deadline's whole second, 0.3 s before it
    timeouts = [e for e in service.components.store.read(game_id) if e.actor == "timeout"]
    assert [e.type for e in timeouts] == ["toy.card_played"]
    assert deadline <= epoch_of(timeouts[0].at) <= deadline + 0.02, "at the deadline, not before"


def test_policy_bot_stands_in_until_the_player_reclaims_the_seat(
    service: GameService, clock: FakeClock
) -> None:
    game_id = timed_game(service, policy="bot", hand=3)
    play(service, game_id, 1, "present")
    time_out(service, clock, PER_MOVE + RESERVE + 1)
    facts = [e for e in service.components.store.read(game_id) if e.actor == "timeout"]
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


def test_an_undo_gives_no_time_back_the_turn_runs_from_its_start(
    service: GameService, clock: FakeClock
) -> None:
    """15 s a move, no reserve, forfeit: a move and its undo every 12 s once kept the seat at 15 s for
    ever; the turn's time now runs from its start whatever is taken back, so the seat forfeits on time."""
    per_move = 15.0
    meta = service.create_game(
        "toy",
        2,
        {"hand": 3},
        terms=TableTerms(clock={"preset": "custom", "per_move": per_move, "reserve": 0, "policy": "forfeit"}),
    )
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service, due_scheduled=False)
    clock.advance(6)
    play(service, meta.id, 0, "move")
    clock.advance(6)
    service.submit(meta.id, 0, {"type": "papyrus.undo"}, "undo", None)
    drain(service, due_scheduled=False)
    assert service.outcome(meta.id, "undo").status == "accepted"  # type: ignore[union-attr]
    shown = seat_clock(service, meta.id, 0)
    assert shown.running and shown.remaining == per_move - 12, "the move and its undo took 12 s of the turn"
    time_out(service, clock, 3.5)
    assert (0, "forfeit") in [(r.seat, r.reason) for r in service.meta(meta.id).table.resigned]
    play_out(service, meta.id)
    verdict = verify_export(service.export(meta.id))
    assert verdict.ok, f"the timeout 3 s after the undo follows the clock: {verdict.summary()}"


def test_after_a_pause_the_deadline_is_scheduled_again(service: GameService, clock: FakeClock) -> None:
    """The job of the deadline before the pause ran while paused and did nothing; the deadline after the
    resume gets a job of its own (not only the sweep, a minute later by default)."""
    game_id = timed_game(service, hand=3)
    play(service, game_id, 1, "present")
    clock.advance(PER_MOVE + RESERVE - 10)
    for seat in range(2):
        service.submit(game_id, seat, {"type": "papyrus.pause"}, f"pause-{seat}", None)
    drain(service, due_scheduled=False)
    time_out(service, clock, 60)  # the old deadline passes while paused
    service.submit(game_id, 1, {"type": "papyrus.resume"}, "resume", None)
    drain(service, due_scheduled=False)
    assert seat_clock(service, game_id, 0).remaining == 10
    time_out(service, clock, 9)
    assert service.meta(game_id).table.stand_in == []
    time_out(service, clock, 1.5)
    assert service.meta(game_id).table.stand_in == [0], "timed out by its job, at the deadline"


def test_an_undo_after_the_deadline_times_the_seat_out_at_once(
    service: GameService, clock: FakeClock
) -> None:
    """The move ended the turn before its deadline; taken back after it, the turn is overdue (Egizia: the
    seats place their ships in turn, and a ship placed reveals nothing)."""
    meta = service.create_game(
        "egizia", 2, {}, terms=TableTerms(clock={"preset": "custom", "per_move": 60, "reserve": 0})
    )
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service, due_scheduled=False)
    first = service.view(meta.id, None).to_act[0]
    clock.advance(50)
    play(service, meta.id, first, "move")
    time_out(service, clock, 20)  # the first seat's old deadline passes, the other seat has 40 s left
    service.submit(meta.id, first, {"type": "papyrus.undo"}, "undo", None)
    drain(service, due_scheduled=False)
    assert service.outcome(meta.id, "undo").status == "accepted"  # type: ignore[union-attr]
    assert service.meta(meta.id).table.stand_in == [first], "its timeout was queued with the undo's settle"


def timed_out(service: GameService, game_id: str, seat: int) -> bool:
    """Whether the clock acted on ``seat`` out of time (its command ids name the seat)."""
    return any(
        record.actor == "timeout" and (record.command_id or "").startswith(f"timeout-{seat}-")
        for record in service.components.store.read(game_id)
    )


def away_table(service: GameService, clock: FakeClock, away: bool = True) -> tuple[str, int]:
    """Three-seat Egizia (30 s a move, 60 s of reserve, policy pass) whose seats not to act first have their
    players away from today for three days (their clocks do not run); the game and the seat to act."""
    terms = TableTerms(clock={"preset": "custom", "per_move": 30, "reserve": 60, "policy": "pass"})
    meta = service.create_game("egizia", 3, {}, terms=terms)
    for seat in range(3):
        service.accounts.register(f"player{seat}", "correct horse battery", display_name=f"P{seat}")
        service.join(meta.id, f"P{seat}", by=Requester(account=f"player{seat}"))
    service.start(meta.id)
    drain(service, due_scheduled=False)
    first = service.view(meta.id, None).to_act[0]
    if away:
        go_away(service, clock, set(range(3)) - {first})
    return meta.id, first


def go_away(service: GameService, clock: FakeClock, seats: set[int]) -> None:
    """The players of ``seats`` away from today (UTC) for three days, recorded in their games' logs."""
    today = dt.datetime.fromtimestamp(clock.now, dt.UTC).date()
    for seat in sorted(seats):
        account = f"player{seat}"
        service.days_off.add_absence(account, today.isoformat(), (today + dt.timedelta(days=2)).isoformat())
        service.absences.changed(account, service.days_off.doc(account).calendar())
    drain(service, due_scheduled=False)


def test_the_days_off_recorded_before_a_move_do_not_stop_its_undo(
    service: GameService, clock: FakeClock
) -> None:
    """The other players' days off, recorded just before the move, are no seat acting since it."""
    game_id, first = away_table(service, clock)
    play(service, game_id, first, "move")
    clock.advance(20)
    undo_accepted(service, game_id, first)
    shown = seat_clock(service, game_id, first)
    assert shown.running and shown.remaining == 90 - 20, "the undone turn runs on, the 20 s since counted"


def test_the_days_off_recorded_after_a_move_do_not_stop_its_undo(
    service: GameService, clock: FakeClock
) -> None:
    """The other players go away after the move: their absences are recorded after it in the log, and are
    no seat acting since it. The undone turn runs on (the 20 s since counted); the seat whose turn the move
    had started, away, stops without having used anything, and its clock does not run once it is due
    again."""
    game_id, first = away_table(service, clock, away=False)
    play(service, game_id, first, "move")
    following = service.view(game_id, None).to_act[0]
    assert following != first
    clock.advance(5)
    go_away(service, clock, set(range(3)) - {first})
    assert service.components.store.read(game_id)[-1].type == "papyrus.days_off", "recorded after the move"
    clock.advance(15)
    undo_accepted(service, game_id, first)
    shown = seat_clock(service, game_id, first)
    assert shown.running and shown.remaining == 90 - 20, "the undone turn runs on, the 20 s since counted"
    away = seat_clock(service, game_id, following)
    assert (away.running, away.remaining) == (False, 90), "the away seat used nothing"
    play(service, game_id, first, "move-again")
    clock.advance(60)
    away = seat_clock(service, game_id, following)
    assert (away.running, away.remaining) == (False, 90), "the away seat's clock stands still"


def test_an_undo_after_its_player_went_away_gives_no_time_back(
    service: GameService, clock: FakeClock
) -> None:
    """The seat uses 85 of its 90 s, moves, then its player goes away from today: the undo is accepted, the
    turn resumes with the 5 s it had left (the absence counted from its midnight gives none of the 85 s
    back) and stands still while away; once the absence is over the 5 s run out and the clock passes for
    the seat, which ``papyrus verify`` finds in time."""
    game_id, first = away_table(service, clock, away=False)
    clock.advance(85)
    play(service, game_id, first, "move")
    go_away(service, clock, {first})
    clock.advance(10)
    undo_accepted(service, game_id, first)
    shown = seat_clock(service, game_id, first)
    assert (shown.running, shown.remaining) == (False, 5), "frozen with the 5 s the turn had left"
    time_out(service, clock, 2 * 86_400)
    assert seat_clock(service, game_id, first).remaining == 5, "nothing ran while away"
    back = (clock.now // 86_400 + 1) * 86_400  # the midnight (UTC) after the absence's last day
    time_out(service, clock, back + 4 - clock.now)
    assert not timed_out(service, game_id, first), "4 s after the absence"
    time_out(service, clock, 1.5)
    assert timed_out(service, game_id, first), "the 5 s ran out"
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_an_undo_with_the_others_away_gives_no_time_back(service: GameService, clock: FakeClock) -> None:
    """The seat moves at once; the next seat is away, so nobody times out for 91 s; the undo resumes the
    turn with 90 - 91 s left, so the clock passes for the seat at once. Its reserve is spent: its next
    turn has the 30 s a move only, where without the undo it would have had 90."""
    game_id, first = away_table(service, clock)
    play(service, game_id, first, "move")
    time_out(service, clock, 91)
    assert seat_clock(service, game_id, first).remaining == 90, "the move ended the turn in time"
    service.submit(game_id, first, {"type": "papyrus.undo"}, "undo", None)
    drain(service, due_scheduled=False)
    assert service.outcome(game_id, "undo").status == "accepted"  # type: ignore[union-attr]
    last = service.components.store.read(game_id)[-1]
    assert last.actor == "timeout" and (last.command_id or "").startswith(f"timeout-{first}-"), last
    shown = seat_clock(service, game_id, first)
    assert (shown.running, shown.reserve, shown.remaining) == (False, 0, 30)
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_the_quarter_left_reminder_goes_out_once_per_turn(service: GameService, clock: FakeClock) -> None:
    sent: list[QuarterLeft] = []

    service.components.quarter_left.hooks.append(sent.append)
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


def test_the_clocks_in_a_view_are_seats_and_seconds_only(service: GameService) -> None:
    game_id = timed_game(service)
    for viewer in (None, 0, 1):
        for entry in service.view(game_id, viewer).clocks:
            assert set(entry.__struct_fields__) == {"seat", "running", "remaining", "reserve", "deadline"}
            assert all(
                isinstance(getattr(entry, name), int | float | bool | None)
                for name in entry.__struct_fields__
            )
