"""The days a player's clocks do not run: weekend days and absences, in the player's own time zone (pure).

A :class:`Calendar` names a time zone (IANA, via zoneinfo), the ISO weekdays that do not count (1 Monday ..
7 Sunday) and the absences (whole local days, both ends included). A day off runs from one local
midnight to the next, so a daylight-saving change makes it 23 or 25 hours long. :func:`counted` is the time
a running turn uses between two instants, :func:`after` the instant when a given time will have been used:
deadlines and reminders fall past every day off. No clock is read here.
"""

from __future__ import annotations

import datetime as dt
import math
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import msgspec

MAX_DAYS = 3_660  # how far ahead a deadline is looked for: no valid calendar is off that long
HOUR = 3_600.0


class Absence(msgspec.Struct, frozen=True, kw_only=True):
    """Days away, ``first`` to ``last`` included, in the calendar's time zone; ``id`` names it."""

    id: str
    first: dt.date
    last: dt.date

    def covers(self, day: dt.date) -> bool:
        return self.first <= day <= self.last

    @property
    def days(self) -> int:
        return (self.last - self.first).days + 1


class Calendar(msgspec.Struct, frozen=True, kw_only=True):
    """A player's days off: ``zone`` (IANA name), ``weekend`` (ISO weekdays off), ``absences``, and the
    hours of floating vacation spent (``hours_off``: when each began, epoch seconds)."""

    zone: str = "UTC"
    weekend: tuple[int, ...] = ()
    absences: tuple[Absence, ...] = ()
    hours_off: tuple[float, ...] = ()

    @property
    def empty(self) -> bool:
        return not self.weekend and not self.absences and not self.hours_off


NO_DAYS_OFF = Calendar()


@lru_cache(maxsize=256)
def zone_of(name: str) -> ZoneInfo:
    """The time zone ``name`` (ValueError for one zoneinfo does not know)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as unknown:
        raise ValueError(f"unknown time zone {name!r}") from unknown


def local_day(calendar: Calendar, at: float) -> dt.date:
    """The calendar's local date at the instant ``at`` (epoch seconds)."""
    return dt.datetime.fromtimestamp(at, zone_of(calendar.zone)).date()


def midnight(calendar: Calendar, day: dt.date) -> float:
    """The instant ``day`` begins in the calendar's zone (where midnight is skipped, the first instant
    after the gap)."""
    local = dt.datetime.combine(day, dt.time(0), tzinfo=zone_of(calendar.zone))
    return local.timestamp()


def hour_begun(zone: str, at: float) -> float:
    """When the local hour of ``zone`` that ``at`` falls in began (an instant on the hour: the hour it
    ends), so an hour of floating vacation is a whole hour on the player's own clock face, also where the
    zone is half an hour off UTC."""
    offset = dt.datetime.fromtimestamp(at, zone_of(zone)).utcoffset()
    shift = offset.total_seconds() if offset is not None else 0.0
    return math.ceil((at + shift) / HOUR) * HOUR - HOUR - shift


def is_day_off(calendar: Calendar, day: dt.date) -> bool:
    return day.isoweekday() in calendar.weekend or any(away.covers(day) for away in calendar.absences)


def absence_on(calendar: Calendar, at: float) -> Absence | None:
    """The absence the instant ``at`` falls in (None: not away then)."""
    day = local_day(calendar, at)
    return next((away for away in calendar.absences if away.covers(day)), None)


def absence_end(calendar: Calendar, away: Absence) -> float:
    """The instant an absence is over: the midnight after its last day."""
    return midnight(calendar, away.last + dt.timedelta(days=1))


def _hours_off(calendar: Calendar, start: float, end: float) -> float:
    """Seconds of floating vacation between ``start`` and ``end`` that fall on working days."""
    total = 0.0
    for begun in calendar.hours_off:
        first, last = max(start, begun), min(end, begun + HOUR)
        if last > first and not is_day_off(calendar, local_day(calendar, first)):
            total += last - first
    return total


def counted(calendar: Calendar | None, start: float, end: float) -> float:
    """Seconds between ``start`` and ``end`` that are not on a day off nor in an hour of floating
    vacation (0 if ``end`` is not later)."""
    if end <= start:
        return 0.0
    if calendar is None or calendar.empty:
        return end - start
    return _counted_days(calendar, start, end) - _hours_off(calendar, start, end)


def _counted_days(calendar: Calendar, start: float, end: float) -> float:
    total, at, day = 0.0, start, local_day(calendar, start)
    while at < end:
        day_end = midnight(calendar, day + dt.timedelta(days=1))
        if not is_day_off(calendar, day):
            total += min(end, day_end) - at
        at, day = max(at, day_end), day + dt.timedelta(days=1)
    return total


def after(calendar: Calendar | None, start: float, seconds: float) -> float:
    """The instant when ``seconds`` that count will have passed since ``start`` (days off and hours of
    floating vacation skipped; a start on a day off counts from the next day on)."""
    if calendar is None or calendar.empty:
        return start + seconds
    at = _after_days(calendar, start, seconds)
    for _ in range(len(calendar.hours_off) + 1):
        later = _after_days(calendar, start, seconds + _hours_off(calendar, start, at))
        if later == at:
            break
        at = later
    return at


def _after_days(calendar: Calendar, start: float, seconds: float) -> float:
    left, at, day = max(0.0, seconds), start, local_day(calendar, start)
    for _ in range(MAX_DAYS):
        day_end = midnight(calendar, day + dt.timedelta(days=1))
        if not is_day_off(calendar, day):
            if at + left <= day_end:
                return at + left
            left -= max(0.0, day_end - at)
        at, day = max(at, day_end), day + dt.timedelta(days=1)
    return at + left


def days_away(absence: Absence, today: dt.date) -> int:
    """The days of ``absence`` actually spent by ``today`` (included): what it takes off the allowance."""
    if today < absence.first:
        return 0
    return (min(today, absence.last) - absence.first).days + 1
