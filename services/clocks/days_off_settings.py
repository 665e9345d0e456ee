"""An account's days off: its time zone, the weekdays its clocks do not count, and its absences.

While away (an absence's days, in the account's time zone) the clocks of all its games stand still: no
deadline, reminder, timeout or stand-in; it may still move, at no cost of time. An absence is refused if it
overlaps another, starts in the past, or takes more days in a year than the allowance
(``PAPYRUS_VACATION_DAYS``) leaves; it can be cancelled until it starts. Days are spent once reached.
Changes re-settle the account's running games (services/processing/absences.py).
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

import msgspec
import redis

from services import keys
from services.clocks.calendar import Absence, Calendar, days_away, hour_begun, local_day, zone_of
from services.clocks.days_off import account_key
from services.errors import ServiceError
from services.settings import Settings

MAX_WEEKEND_DAYS = 3
MAX_ABSENCES = 40
MAX_DAYS_AHEAD = 2 * 366


class DaysOffDoc(msgspec.Struct, kw_only=True):
    """What is stored (``keys.account_days_off``): the clock's :class:`Calendar` fields, and whether the
    account spends vacation days an hour at a time when a seat is about to time out (``floating``)."""

    zone: str = "UTC"
    weekend: tuple[int, ...] = ()
    absences: tuple[Absence, ...] = ()
    hours_off: tuple[float, ...] = ()
    floating: bool = False

    def calendar(self) -> Calendar:
        return Calendar(
            zone=self.zone, weekend=self.weekend, absences=self.absences, hours_off=self.hours_off
        )


class AbsenceShown(msgspec.Struct, kw_only=True):
    """An absence: its id, first and last day (ISO dates, the account's time zone), whether it started."""

    id: str
    first: str
    last: str
    started: bool


class DaysOffSettings(msgspec.Struct, kw_only=True):
    """An account's days off as its owner sees them: ``zone`` (IANA), ``weekend`` (ISO weekdays, 1 Monday ..
    7 Sunday), ``absences``, ``floating`` (spend vacation an hour at a time instead of timing out), the
    yearly ``allowance`` in days, the days ``spent`` and ``planned`` this year, and the days ``left``."""

    zone: str
    weekend: list[int]
    absences: list[AbsenceShown]
    floating: bool
    allowance: int
    spent: float
    planned: int
    left: float


def _refused(field: str, message: str) -> ServiceError:
    return ServiceError(400, f"{field}.invalid", message, field=field)


def _date(value: Any, field: str) -> dt.date:
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            pass
    raise _refused(field, f"{field} must be a date written YYYY-MM-DD.")


def valid_zone(value: Any) -> str:
    """An IANA time zone name zoneinfo knows, or a 400 naming ``zone``."""
    if isinstance(value, str) and 0 < len(value) <= 64:
        try:
            zone_of(value)
            return value
        except ValueError:
            pass
    raise _refused("zone", "zone must be a time zone name such as Europe/Berlin or Asia/Tokyo.")


def valid_weekend(value: Any) -> tuple[int, ...]:
    """A list of distinct ISO weekdays (1 Monday .. 7 Sunday), at most :data:`MAX_WEEKEND_DAYS`."""
    if not isinstance(value, list) or not all(isinstance(day, int) and 1 <= day <= 7 for day in value):
        raise _refused("weekend", "weekend must be a list of weekdays, 1 (Monday) to 7 (Sunday).")
    if len(set(value)) > MAX_WEEKEND_DAYS:
        raise _refused("weekend", f"weekend may name at most {MAX_WEEKEND_DAYS} days.")
    return tuple(sorted(set(value)))


def days_in_year(absence: Absence, year: int, upto: dt.date | None = None) -> int:
    """The days of ``absence`` in ``year`` (reached by ``upto`` only, if given)."""
    first = max(absence.first, dt.date(year, 1, 1))
    last = min(absence.last, dt.date(year, 12, 31), upto or absence.last)
    return max(0, (last - first).days + 1)


def floated_days(doc: DaysOffDoc, year: int) -> float:
    """The vacation spent an hour at a time in ``year`` (of the account's time zone), in days."""
    zone = zone_of(doc.zone)
    return sum(1 for begun in doc.hours_off if dt.datetime.fromtimestamp(begun, zone).year == year) / 24


class DaysOffService:
    def __init__(self, connection: redis.Redis, settings: Settings) -> None:
        self._redis = connection
        self._settings = settings

    def doc(self, account: str) -> DaysOffDoc:
        raw = self._redis.get(keys.account_days_off(account_key(account)))
        return msgspec.json.decode(raw, type=DaysOffDoc) if raw is not None else DaysOffDoc()

    def _save(self, account: str, doc: DaysOffDoc) -> None:
        self._redis.set(keys.account_days_off(account_key(account)), msgspec.json.encode(doc))

    def today(self, doc: DaysOffDoc) -> dt.date:
        return local_day(doc.calendar(), self._settings.clock())

    def shown(self, account: str) -> DaysOffSettings:
        doc = self.doc(account)
        today = self.today(doc)
        reached = sum(days_in_year(away, today.year, today) for away in doc.absences)
        spent = reached + floated_days(doc, today.year)
        planned = sum(days_in_year(away, today.year) for away in doc.absences) - reached
        allowance = self._settings.vacation_days
        absences = [
            AbsenceShown(
                id=away.id,
                first=away.first.isoformat(),
                last=away.last.isoformat(),
                started=days_away(away, today) > 0,
            )
            for away in doc.absences
            if away.last >= today
        ]
        return DaysOffSettings(
            zone=doc.zone,
            weekend=list(doc.weekend),
            absences=absences,
            floating=doc.floating,
            allowance=allowance,
            spent=round(spent, 3),
            planned=planned,
            left=round(max(0.0, allowance - spent - planned), 3),
        )

    def update(self, account: str, zone: Any = None, weekend: Any = None, floating: Any = None) -> DaysOffDoc:
        """Change the time zone, the weekend days or floating vacation (None: unchanged)."""
        doc = self.doc(account)
        if zone is not None:
            doc.zone = valid_zone(zone)
        if weekend is not None:
            doc.weekend = valid_weekend(weekend)
        if floating is not None:
            if not isinstance(floating, bool):
                raise _refused("floating", "floating must be true or false.")
            doc.floating = floating
        self._save(account, doc)
        return doc

    def add_absence(self, account: str, first: Any, last: Any) -> Absence:
        """A new absence from ``first`` to ``last`` (dates in the account's time zone, both included)."""
        doc = self.doc(account)
        start, end = _date(first, "first"), _date(last, "last")
        today = self.today(doc)
        if start < today:
            raise _refused("first", "first must be today or later.")
        if end < start:
            raise _refused("last", "last must not be before first.")
        if (end - today).days > MAX_DAYS_AHEAD:
            raise _refused("last", "last must be within two years from today.")
        if any(away.first <= end and start <= away.last for away in doc.absences):
            raise _refused("first", "this absence overlaps another one.")
        if sum(1 for away in doc.absences if away.last >= today) >= MAX_ABSENCES:
            raise _refused("first", f"at most {MAX_ABSENCES} absences may be planned.")
        absence = Absence(id=secrets.token_hex(4), first=start, last=end)
        for year in range(start.year, end.year + 1):
            taken = sum(days_in_year(away, year) for away in doc.absences) + floated_days(doc, year)
            if taken + days_in_year(absence, year) > self._settings.vacation_days:
                left = max(0, int(self._settings.vacation_days - taken))
                raise _refused("last", f"only {left} vacation days are left in {year}.")
        kept = [away for away in doc.absences if away.last.year >= today.year - 1]
        doc.absences = tuple(sorted([*kept, absence], key=lambda away: away.first))
        self._save(account, doc)
        return absence

    def float_hour(self, account: str, at: float) -> bool:
        """Spend the hour up to ``at`` (a deadline: the whole hour it falls in, or ends) as floating
        vacation if the account chose to and has an hour left this year; True if spent (or already)."""
        doc = self.doc(account)
        begun = hour_begun(doc.zone, at)
        if begun in doc.hours_off:
            return True
        shown = self.shown(account)
        if not doc.floating or shown.left < 1 / 24:
            return False
        zone = zone_of(doc.zone)
        year = dt.datetime.fromtimestamp(at, zone).year
        doc.hours_off = tuple(
            sorted(h for h in (*doc.hours_off, begun) if dt.datetime.fromtimestamp(h, zone).year >= year - 1)
        )
        self._save(account, doc)
        return True

    def cancel_absence(self, account: str, absence_id: str) -> None:
        """Cancel an absence that has not started (409 once it has; 404 if unknown)."""
        doc = self.doc(account)
        found = next((away for away in doc.absences if away.id == absence_id), None)
        if found is None:
            raise ServiceError(404, "absence.unknown", "No such absence.", field="absence_id")
        if found.first <= self.today(doc):
            raise ServiceError(409, "absence.started", "An absence cannot be cancelled once it started.")
        doc.absences = tuple(away for away in doc.absences if away.id != absence_id)
        self._save(account, doc)
