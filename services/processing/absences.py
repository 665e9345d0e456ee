"""Moving an account's games on when its days off change: every change (time zone, weekend days, an
absence set or cancelled) and every absence's end re-settle the account's running games, whose clocks then
schedule their deadlines and reminders past the new days off, and record the days off in each game's log
(``papyrus.note_days_off``, so ``papyrus verify`` counts the turns' time as the clock did). Each absence's end
has a job of its own (``absence_over``), so a game frozen by it moves on within about a second."""

from __future__ import annotations

import datetime as dt
import hashlib

import msgspec
import redis

from services import keys
from services.clocks.calendar import Calendar, absence_end
from services.clocks.config import effective_clock
from services.clocks.days_off import DaysOff, account_key
from services.clocks.days_off_settings import DaysOffService
from services.processing.command_queue import CommandQueue
from services.processing.job_scheduler import JobScheduler
from services.results import GameMeta
from services.settings import Settings
from services.store.meta_store import RUNNING, MetaStore
from services.store.records import CommandRecord, now_iso
from services.store.replies import as_str
from services.table.commands import CLOCK_ACTOR, NoteDaysOff
from services.table.state import SeatDaysOff


def days_off_note(calendar: Calendar) -> NoteDaysOff:
    """The clock's record of a player's days off (absences by their days, without their ids)."""
    return NoteDaysOff(
        zone=calendar.zone,
        weekend=list(calendar.weekend),
        absences=[[away.first.isoformat(), away.last.isoformat()] for away in calendar.absences],
        hours_off=list(calendar.hours_off),
    )


def days_off_record(note: NoteDaysOff) -> SeatDaysOff:
    """What a note records, as the table keeps it (for seat 0)."""
    return SeatDaysOff(
        seat=0, zone=note.zone, weekend=note.weekend, absences=note.absences, hours_off=note.hours_off
    )


def absence_over_job_id(account: str, absence_id: str, ends: float) -> str:
    return f"papyrus-absence-over-{account_key(account)}-{absence_id}-{round(ends)}"


class Absences:
    def __init__(
        self,
        connection: redis.Redis,
        settings: Settings,
        days_off: DaysOff,
        meta: MetaStore[GameMeta],
        scheduler: JobScheduler,
        command_queue: CommandQueue,
    ) -> None:
        self._redis = connection
        self._settings = settings
        self._days_off = days_off
        self._meta = meta
        self._scheduler = scheduler
        self._command_queue = command_queue
        self.days_off = DaysOffService(connection, settings)

    def float_vacation(self, game_id: str, seat: int, deadline: float) -> bool:
        """A seat is about to time out: if its account spends floating vacation and has an hour left, spend
        the hour now, which moves every deadline of the account's games falling in it by up to an hour
        (their games are settled again); True if spent."""
        account = self._days_off.holder(game_id, seat)
        if account is None or not self.days_off.float_hour(account, deadline):
            return False
        self.resettle(account)
        return True

    def running_games(self, account: str) -> list[str]:
        """The running games the account holds a seat in."""
        game_ids = [
            as_str(game_id) for game_id in self._redis.hkeys(keys.account_games(account_key(account)))
        ]
        return [game_id for game_id in game_ids if self._meta.status(game_id) == RUNNING]

    def resettle(self, account: str) -> int:
        """Queue a decision for each running game of the account (it settles the game again: deadlines
        and reminders past the days off now set); how many games."""
        games = self.running_games(account)
        note = days_off_note(self.days_off.doc(account).calendar())
        for game_id in games:
            self._note(game_id, account, note)
            self._scheduler.process_game(game_id)
        return len(games)

    def note_game(self, game_id: str) -> None:
        """Record, in a game just started, the days off of each account holding a seat (those with some)."""
        meta = self._meta.get(game_id)
        for seat in range(meta.seats if meta is not None else 0):
            account = self._days_off.holder(game_id, seat)
            if account is not None:
                self._note(game_id, account, days_off_note(self.days_off.doc(account).calendar()))

    def _note(self, game_id: str, account: str, note: NoteDaysOff) -> None:
        """Queue the record of the account's days off for each seat it holds in a game with a clock, unless
        the game has them already (none recorded counts as none); the command id names seat and change."""
        meta = self._meta.get(game_id)
        if meta is None or effective_clock(meta.clock, self._settings.move_timeout) is None:
            return
        body = msgspec.to_builtins(note)
        for seat in range(meta.seats):
            if self._days_off.holder(game_id, seat) != account:
                continue
            recorded = msgspec.structs.replace(meta.table.days_off_of(seat) or SeatDaysOff(seat=0), seat=0)
            if recorded == days_off_record(note):
                continue
            digest = hashlib.sha256(msgspec.json.encode([recorded, body])).hexdigest()[:16]
            record = CommandRecord(
                command_id=f"days-off-{seat}-{digest}",
                seat=seat,
                actor=CLOCK_ACTOR,
                command=body,
                expected_version=None,
                at=now_iso(self._settings.clock),
            )
            self._command_queue.queue_command(game_id, record)

    def changed(self, account: str, calendar: Calendar) -> int:
        """After the account's days off changed: schedule the end of each absence to come, and resettle its
        running games; how many games."""
        now = self._settings.clock()
        today = dt.datetime.fromtimestamp(now, dt.UTC).date() - dt.timedelta(days=1)
        for away in calendar.absences:
            if away.last < today:
                continue
            ends = absence_end(calendar, away)
            if ends > now:
                job_id = absence_over_job_id(account, away.id, ends)
                self._scheduler.ensure(job_id, "absence_over", (account,), ends - now)
        return self.resettle(account)
