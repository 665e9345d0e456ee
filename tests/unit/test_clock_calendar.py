"""Days off on a fake clock: weekend days and absences in the player's time zone stop a running turn's clock,
deadlines and reminders fall past them, a daylight-saving change makes a day off 23 or 25 hours long, and a
paused (frozen) seat's clock does not run on any day."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from services.clocks import bank
from services.clocks.calendar import (
    Absence,
    Calendar,
    absence_end,
    absence_on,
    after,
    counted,
    days_away,
    hour_begun,
    midnight,
    zone_of,
)
from services.clocks.config import DAY, ClockConfig

HOUR = 3_600.0
BERLIN = "Europe/Berlin"
TOKYO = "Asia/Tokyo"


def at(zone: str, *parts: int) -> float:
    """An instant given as local date and time in ``zone``."""
    return dt.datetime(*parts, tzinfo=ZoneInfo(zone)).timestamp()  # type: ignore[misc]


def away(first: str, last: str) -> Absence:
    return Absence(id="a", first=dt.date.fromisoformat(first), last=dt.date.fromisoformat(last))


def test_without_days_off_time_counts_as_it_passes() -> None:
    assert counted(None, 100.0, 250.0) == 150.0
    assert counted(Calendar(), 100.0, 250.0) == 150.0
    assert after(Calendar(zone=TOKYO), 100.0, 50.0) == 150.0
    assert counted(None, 250.0, 100.0) == 0.0


def test_a_weekend_day_does_not_count_in_the_players_own_time_zone() -> None:
    # Friday 2026-03-06 20:00 in Tokyo; Saturday and Sunday off there
    tokyo = Calendar(zone=TOKYO, weekend=(6, 7))
    friday = at(TOKYO, 2026, 3, 6, 20)
    monday_two = at(TOKYO, 2026, 3, 9, 2)
    assert counted(tokyo, friday, monday_two) == 6 * HOUR, "4 h on Friday, 2 h on Monday"
    assert after(tokyo, friday, 6 * HOUR) == monday_two
    # the same instants in Berlin's weekend: Tokyo's Saturday starts 8 h before Berlin's
    berlin = Calendar(zone=BERLIN, weekend=(6, 7))
    assert counted(berlin, friday, monday_two) != counted(tokyo, friday, monday_two)


def test_an_absence_covers_whole_local_days_first_and_last_included() -> None:
    calendar = Calendar(zone=BERLIN, absences=(away("2026-07-01", "2026-07-03"),))
    start = at(BERLIN, 2026, 6, 30, 12)
    assert after(calendar, start, 24 * HOUR) == at(BERLIN, 2026, 7, 4, 12)
    assert absence_on(calendar, at(BERLIN, 2026, 7, 3, 23, 59)) is not None
    assert absence_on(calendar, at(BERLIN, 2026, 7, 4, 0, 0)) is None
    assert absence_end(calendar, calendar.absences[0]) == at(BERLIN, 2026, 7, 4)


def test_a_day_off_across_the_spring_change_is_23_hours_and_the_autumn_one_25() -> None:
    # Berlin: clocks go forward on Sunday 2026-03-29 and back on Sunday 2026-10-25
    sundays = Calendar(zone=BERLIN, weekend=(7,))
    spring = midnight(sundays, dt.date(2026, 3, 30)) - midnight(sundays, dt.date(2026, 3, 29))
    autumn = midnight(sundays, dt.date(2026, 10, 26)) - midnight(sundays, dt.date(2026, 10, 25))
    assert (spring, autumn) == (23 * HOUR, 25 * HOUR)
    saturday_noon = at(BERLIN, 2026, 3, 28, 12)
    monday_noon = at(BERLIN, 2026, 3, 30, 12)
    assert monday_noon - saturday_noon == 47 * HOUR
    assert counted(sundays, saturday_noon, monday_noon) == 24 * HOUR
    assert after(sundays, saturday_noon, 24 * HOUR) == monday_noon
    autumn_saturday = at(BERLIN, 2026, 10, 24, 12)
    autumn_monday = at(BERLIN, 2026, 10, 26, 12)
    assert autumn_monday - autumn_saturday == 49 * HOUR
    assert counted(sundays, autumn_saturday, autumn_monday) == 24 * HOUR


def test_a_turn_started_on_a_day_off_counts_from_the_next_day() -> None:
    calendar = Calendar(zone="UTC", weekend=(6, 7))
    saturday = at("UTC", 2026, 3, 7, 10)
    assert after(calendar, saturday, HOUR) == at("UTC", 2026, 3, 9, 1)


CONFIG = ClockConfig(per_move=DAY, reserve=DAY)


def test_deadlines_and_reminders_skip_an_absence() -> None:
    calendar = Calendar(zone=TOKYO, absences=(away("2026-05-02", "2026-05-05"),))
    start = at(TOKYO, 2026, 5, 1, 12)
    running = bank.start_turn(bank.fresh(CONFIG), version=3, now=start)
    assert bank.deadline(running, CONFIG) == start + 2 * DAY
    assert bank.deadline(running, CONFIG, calendar) == at(TOKYO, 2026, 5, 7, 12)
    assert bank.reminder_at(running, CONFIG, calendar) == at(TOKYO, 2026, 5, 7, 0)
    during = at(TOKYO, 2026, 5, 4, 9)
    assert bank.remaining(running, CONFIG, during, calendar) == 2 * DAY - 12 * HOUR


def test_a_move_made_while_away_costs_no_time() -> None:
    calendar = Calendar(zone=BERLIN, absences=(away("2026-08-10", "2026-08-20"),))
    start = at(BERLIN, 2026, 8, 10, 8)
    running = bank.start_turn(bank.fresh(CONFIG), version=3, now=start)
    moved = bank.end_by_command(running, CONFIG, at(BERLIN, 2026, 8, 15, 8), calendar)
    assert moved.reserve == CONFIG.reserve and moved.ended[-1].used == 0.0


def test_a_frozen_seat_does_not_run_on_a_working_day_either() -> None:
    calendar = Calendar(zone=BERLIN, weekend=(6, 7))
    start = at(BERLIN, 2026, 3, 2, 9)
    frozen = bank.freeze(bank.start_turn(bank.fresh(CONFIG), version=1, now=start), start + HOUR, calendar)
    assert bank.deadline(frozen, CONFIG, calendar) is None
    assert bank.remaining(frozen, CONFIG, start + 5 * DAY, calendar) == 2 * DAY - HOUR
    thawed = bank.thaw(frozen, at(BERLIN, 2026, 3, 6, 23))  # Friday 23:00, then the weekend
    assert bank.deadline(thawed, CONFIG, calendar) == at(BERLIN, 2026, 3, 10, 22)


def test_the_days_an_absence_spends_are_those_already_away() -> None:
    absence = away("2026-12-20", "2026-12-31")
    assert days_away(absence, dt.date(2026, 12, 19)) == 0
    assert days_away(absence, dt.date(2026, 12, 22)) == 3
    assert days_away(absence, dt.date(2027, 1, 5)) == absence.days == 12


def test_an_unknown_time_zone_is_refused() -> None:
    with pytest.raises(ValueError, match="time zone"):
        zone_of("Mars/Olympus")


def test_an_hour_of_floating_vacation_moves_a_deadline_in_it_by_an_hour() -> None:
    start = at("UTC", 2026, 3, 2, 9)
    spent = Calendar(hours_off=(at("UTC", 2026, 3, 2, 12),))
    assert after(spent, start, 3.5 * HOUR) == at("UTC", 2026, 3, 2, 13, 30)
    assert counted(spent, start, at("UTC", 2026, 3, 2, 14)) == 4 * HOUR
    assert after(spent, start, 2 * HOUR) == at("UTC", 2026, 3, 2, 11), "a deadline before the hour stays"


def test_an_hour_of_floating_vacation_is_a_whole_hour_on_the_players_own_clock_face() -> None:
    assert hour_begun("UTC", at("UTC", 2026, 3, 2, 12, 20)) == at("UTC", 2026, 3, 2, 12)
    assert hour_begun("UTC", at("UTC", 2026, 3, 2, 13)) == at("UTC", 2026, 3, 2, 12), "the hour it ends"
    assert hour_begun("Asia/Kolkata", at("Asia/Kolkata", 2026, 3, 2, 12, 20)) == at(
        "Asia/Kolkata", 2026, 3, 2, 12
    )
    assert hour_begun("Asia/Kathmandu", at("Asia/Kathmandu", 2026, 3, 2, 9, 59)) == at(
        "Asia/Kathmandu", 2026, 3, 2, 9
    )
