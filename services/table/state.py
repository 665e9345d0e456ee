"""The table's state, folded from its facts (engine records ``papyrus.*`` in the game's log).

The facts: ``resigned`` {seat, reason} (a bot plays the seat, which loses); ``stand_in`` and ``reclaimed``
{seat} (a bot plays a seat out of time until taken back); ``pause_voted`` {seat} (the first asks, others
agree), ``pause_declined``, ``pause_withdrawn`` {seat}, ``paused``, ``resumed`` {seat}; ``undone`` {seat,
command_id, first_seq, last_seq}; ``game_ended`` {ranking, scores} (too few seats left); ``days_off``
{seat, zone, weekend, absences, hours_off}; :data:`CHOICE_FACTS`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from domain.engine import GameResult

RESIGNED = "papyrus.resigned"
STAND_IN = "papyrus.stand_in"
RECLAIMED = "papyrus.reclaimed"
PAUSE_VOTED = "papyrus.pause_voted"
PAUSE_DECLINED = "papyrus.pause_declined"
PAUSE_WITHDRAWN = "papyrus.pause_withdrawn"
PAUSED = "papyrus.paused"
RESUMED = "papyrus.resumed"
UNDONE = "papyrus.undone"
GAME_ENDED = "papyrus.game_ended"
CHOICE_ASKED = "papyrus.choice_asked"
CHOICE_VOTED = "papyrus.choice_voted"
CHOICE_MADE = "papyrus.choice_made"
CHOICE_DROPPED = "papyrus.choice_dropped"
PAUSE_FACTS = frozenset({PAUSE_VOTED, PAUSE_DECLINED, PAUSE_WITHDRAWN, PAUSED, RESUMED})
DAYS_OFF = "papyrus.days_off"
CHOICE_FACTS = frozenset({CHOICE_ASKED, CHOICE_VOTED, CHOICE_MADE, CHOICE_DROPPED})
TABLE_FACTS = frozenset(
    {RESIGNED, STAND_IN, RECLAIMED, UNDONE, GAME_ENDED, DAYS_OFF, *PAUSE_FACTS, *CHOICE_FACTS}
)


class Resignation(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    reason: str


class Vote(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    choice: str


class SeatChoice(msgspec.Struct, frozen=True, kw_only=True):
    """The question about a seat out of time: answers taken until ``until`` (epoch seconds), the ``votes``
    given; once decided, the ``ruling`` ("wait" or "pass") and when it was made (``ruled_at``), kept until the
    seat plays."""

    seat: int
    until: float
    votes: list[Vote] = []
    ruling: str | None = None
    ruled_at: float | None = None

    @property
    def open(self) -> bool:
        return self.ruling is None


class SeatDaysOff(msgspec.Struct, frozen=True, kw_only=True):
    """A seat's player's days off as last recorded (fact ``days_off``, the clock's ``note_days_off``)."""

    seat: int
    zone: str = "UTC"
    weekend: list[int] = []
    absences: list[list[str]] = []
    hours_off: list[float] = []


class TableState(msgspec.Struct, kw_only=True):
    """``resigned`` in the order the seats gave up; ``stand_in`` seats a bot plays until reclaimed;
    ``pause_asked_by`` the seat that asked for the pause asked for or in force, ``pause_votes`` the seats that
    agreed to it (the asker too); ``undone`` the ranges of event seqs taken back; ``ended`` the result when
    resignations ended the game; ``choices`` the questions about seats out of time, and the rulings still
    applying."""

    resigned: list[Resignation] = []
    stand_in: list[int] = []
    pause_votes: list[int] = []
    pause_asked_by: int | None = None
    paused: bool = False
    undone: list[tuple[int, int]] = []
    ended: GameResult | None = None
    choices: list[SeatChoice] = []
    days_off: list[SeatDaysOff] = []

    def days_off_of(self, seat: int) -> SeatDaysOff | None:
        return next((entry for entry in self.days_off if entry.seat == seat), None)

    def choice_for(self, seat: int) -> SeatChoice | None:
        return next((entry for entry in self.choices if entry.seat == seat), None)

    def resigned_seats(self) -> set[int]:
        return {entry.seat for entry in self.resigned}

    def bot_played(self) -> set[int]:
        """Seats a bot plays for now: resigned, forfeited or stood in."""
        return self.resigned_seats() | set(self.stand_in)

    def is_undone(self, seq: int) -> bool:
        return any(first <= seq <= last for first, last in self.undone)


def is_table_fact(record_type: str) -> bool:
    return record_type in TABLE_FACTS


def fold_fact(table: TableState, record_type: str, data: dict[str, Any]) -> TableState:
    """The table after one of its facts (a new state; ``table`` is left as it was)."""
    table = msgspec.structs.replace(table)
    if record_type in CHOICE_FACTS:
        table.choices = _choices_after(table.choices, record_type, data)
    elif record_type == DAYS_OFF:
        others = [entry for entry in table.days_off if entry.seat != data["seat"]]
        table.days_off = sorted([*others, msgspec.convert(data, SeatDaysOff)], key=lambda one: one.seat)
    elif record_type == RESIGNED:
        table.resigned = [*table.resigned, Resignation(seat=data["seat"], reason=data["reason"])]
        table.stand_in = [seat for seat in table.stand_in if seat != data["seat"]]
        table.choices = [entry for entry in table.choices if entry.seat != data["seat"]]
    elif record_type == STAND_IN:
        table.stand_in = sorted({*table.stand_in, data["seat"]})
        table.choices = [entry for entry in table.choices if entry.seat != data["seat"]]
    elif record_type == RECLAIMED:
        table.stand_in = [seat for seat in table.stand_in if seat != data["seat"]]
    elif record_type == PAUSE_VOTED:
        table.pause_asked_by = data["seat"] if not table.pause_votes else table.pause_asked_by
        table.pause_votes = sorted({*table.pause_votes, data["seat"]})
    elif record_type == PAUSE_WITHDRAWN and data["seat"] != table.pause_asked_by:
        table.pause_votes = [seat for seat in table.pause_votes if seat != data["seat"]]
    elif record_type in (PAUSE_DECLINED, PAUSE_WITHDRAWN):
        table.pause_votes, table.pause_asked_by = [], None
    elif record_type == PAUSED:
        table.paused = True  # who asked and who agreed stay known while it lasts
    elif record_type == RESUMED:
        table.paused, table.pause_votes, table.pause_asked_by = False, [], None
    elif record_type == UNDONE:
        table.undone = [*table.undone, (data["first_seq"], data["last_seq"])]
    elif record_type == GAME_ENDED:
        table.ended = GameResult(ranking=list(data["ranking"]), scores=list(data["scores"]))
    return table


def _choices_after(choices: list[SeatChoice], record_type: str, data: dict[str, Any]) -> list[SeatChoice]:
    """The questions after one of their facts: asked (anew), answered, decided (a bot or a forfeit ends the
    question with the fact that follows; "wait" and "pass" stay as a ruling), dropped."""
    seat = data["about"] if record_type == CHOICE_VOTED else data["seat"]
    others = [entry for entry in choices if entry.seat != seat]
    entry = next((entry for entry in choices if entry.seat == seat), None)
    if record_type == CHOICE_ASKED:
        return sorted([*others, SeatChoice(seat=seat, until=data["until"])], key=lambda one: one.seat)
    if entry is None or record_type == CHOICE_DROPPED:
        return others
    if record_type == CHOICE_VOTED:
        entry = msgspec.structs.replace(
            entry, votes=[*entry.votes, Vote(seat=data["seat"], choice=data["choice"])]
        )
    else:
        entry = msgspec.structs.replace(entry, ruling=data["choice"], ruled_at=data["at"])
    return sorted([*others, entry], key=lambda one: one.seat)


def encode_table(table: TableState) -> bytes:
    return msgspec.json.encode(table)


def decode_table(raw: str | bytes | None) -> TableState:
    return msgspec.json.decode(raw, type=TableState) if raw else TableState()


def table_at(records: Iterable[Any]) -> TableState:
    """The table folded from a log's records (those of the table's facts; the others are skipped)."""
    table = TableState()
    for record in records:
        if is_table_fact(record.type):
            table = fold_fact(table, record.type, record.data)
    return table
