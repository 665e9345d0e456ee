"""A seat's clock as pure arithmetic on given times: the per-move allowance is free, only the time beyond it
comes out of the reserve, a pause freezes a running turn, and the reminder falls when a quarter is left."""

from __future__ import annotations

import pytest

from services.clocks import bank
from services.clocks.config import ClockChoice, ClockConfig, ClockRefused, clock_from, effective_clock

CONFIG = ClockConfig(per_move=100.0, reserve=300.0)
T0 = 1_000_000.0


def test_a_turn_within_the_allowance_leaves_the_reserve_whole() -> None:
    running = bank.start_turn(bank.fresh(CONFIG), version=7, now=T0)
    assert bank.deadline(running, CONFIG) == T0 + 400
    assert bank.stop_turn(running, CONFIG, T0 + 99).reserve == 300


def test_a_long_turn_pays_only_what_goes_beyond_the_allowance() -> None:
    running = bank.start_turn(bank.fresh(CONFIG), version=7, now=T0)
    assert bank.stop_turn(running, CONFIG, T0 + 160).reserve == 240
    assert bank.stop_turn(running, CONFIG, T0 + 900).reserve == 0, "never below zero"


def test_a_pause_freezes_the_turn_and_resuming_goes_on_from_there() -> None:
    running = bank.start_turn(bank.fresh(CONFIG), version=7, now=T0)
    frozen = bank.freeze(running, T0 + 50)
    assert bank.deadline(frozen, CONFIG) is None
    assert bank.remaining(frozen, CONFIG, T0 + 5_000) == 350
    thawed = bank.thaw(frozen, T0 + 5_000)
    assert bank.deadline(thawed, CONFIG) == T0 + 5_000 + 350
    assert bank.stop_turn(thawed, CONFIG, T0 + 5_100).reserve == 250, "150 s used in all: 50 beyond"


def test_the_reminder_falls_when_a_quarter_of_the_turns_time_is_left() -> None:
    running = bank.start_turn(bank.fresh(CONFIG), version=7, now=T0)
    at = bank.reminder_at(running, CONFIG)
    assert at == T0 + 300
    assert bank.remaining(running, CONFIG, at) == 100 == (CONFIG.per_move + CONFIG.reserve) / 4
    assert bank.reminder_at(bank.SeatClock(reserve=300, since=7, started=T0, reminded=True), CONFIG) is None


def test_an_undo_resumes_the_turn_its_command_ended_with_the_same_deadline() -> None:
    running = bank.start_turn(bank.fresh(CONFIG), version=7, now=T0)
    moved = bank.end_by_command(running, CONFIG, T0 + 150)
    assert moved.reserve == 250 and not moved.on_turn, "50 s beyond the allowance, paid"
    resumed = bank.resume_ended(moved, CONFIG, version=9, now=T0 + 160)
    assert (resumed.since, resumed.reserve, resumed.ended) == (7, 300, [])
    assert bank.deadline(resumed, CONFIG) == bank.deadline(running, CONFIG) == T0 + 400
    assert bank.remaining(resumed, CONFIG, T0 + 160) == 240, "the 10 s between move and undo count too"


def test_undos_in_a_row_resume_the_turns_one_by_one_and_another_seats_move_forgets_them() -> None:
    first = bank.start_turn(bank.fresh(CONFIG), version=7, now=T0)
    second = bank.start_turn(bank.end_by_command(first, CONFIG, T0 + 30), version=8, now=T0 + 30)
    done = bank.end_by_command(second, CONFIG, T0 + 200)
    assert done.reserve == 230, "the second turn paid 70 s beyond its allowance"
    back_once = bank.resume_ended(done, CONFIG, version=9, now=T0 + 200)
    assert (back_once.since, back_once.reserve, bank.remaining(back_once, CONFIG, T0 + 200)) == (8, 300, 230)
    back_twice = bank.resume_ended(back_once, CONFIG, version=10, now=T0 + 200)
    assert (back_twice.since, bank.remaining(back_twice, CONFIG, T0 + 200)) == (7, 200)
    assert bank.forget_ended(done).ended == []


def test_an_undo_with_no_turn_kept_gives_no_per_move_allowance() -> None:
    idle = bank.SeatClock(reserve=300)
    resumed = bank.resume_ended(idle, CONFIG, version=9, now=T0)
    assert bank.remaining(resumed, CONFIG, T0) == 300 and resumed.since == 9


@pytest.mark.parametrize(
    ("choice", "field"),
    [
        (ClockChoice(preset="custom", per_move=float("nan"), reserve=1.0), "clock.per_move"),
        (ClockChoice(preset="custom", per_move=0.0, reserve=0.0), "clock.per_move"),
        (ClockChoice(preset="custom", per_move=1.0), "clock.reserve"),
        (ClockChoice(preset="hourly"), "clock.preset"),
    ],
)
def test_a_clock_that_makes_no_sense_is_refused_naming_the_field(choice: ClockChoice, field: str) -> None:
    with pytest.raises(ClockRefused) as refused:
        clock_from(choice)
    assert refused.value.field == field


def test_none_means_no_clock_even_when_the_server_has_a_default() -> None:
    assert effective_clock(clock_from(ClockChoice(preset="none")), move_timeout=60) is None
    server = effective_clock(None, move_timeout=60)
    assert server is not None and (server.per_move, server.reserve, server.policy) == (60, 0, "pass")
    assert effective_clock(None, move_timeout=0) is None
