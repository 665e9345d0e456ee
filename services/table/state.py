"""The table's state, folded from its facts (engine records ``papyrus.*`` in the game's log).

Facts and their data:

* ``papyrus.resigned`` {seat, reason: "resigned" | "forfeit"}: the seat gave up (or forfeited when its time
  ran out); a bot plays it from now on and it ranks last;
* ``papyrus.stand_in`` {seat}: the seat's time ran out and a bot plays it until its player reclaims it;
* ``papyrus.reclaimed`` {seat}: the player of a stood-in seat plays again;
* ``papyrus.pause_voted`` {seat}, ``papyrus.paused`` {}, ``papyrus.resumed`` {seat}: a pause every seated
  player agreed to, and its end;
* ``papyrus.undone`` {seat, command_id, first_seq, last_seq}: the seat took back its command whose events
  (and the automatic steps after them) are ``first_seq..last_seq``; games fold the log without them;
* ``papyrus.game_ended`` {ranking, scores}: resignations left too few seats to go on.
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
PAUSED = "papyrus.paused"
RESUMED = "papyrus.resumed"
UNDONE = "papyrus.undone"
GAME_ENDED = "papyrus.game_ended"
TABLE_FACTS = frozenset({RESIGNED, STAND_IN, RECLAIMED, PAUSE_VOTED, PAUSED, RESUMED, UNDONE, GAME_ENDED})


class Resignation(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    reason: str


class TableState(msgspec.Struct, kw_only=True):
    """``resigned`` in the order the seats gave up; ``stand_in`` seats a bot plays until reclaimed;
    ``undone`` the ranges of event seqs taken back; ``ended`` the result when resignations ended the game."""

    resigned: list[Resignation] = []
    stand_in: list[int] = []
    pause_votes: list[int] = []
    paused: bool = False
    undone: list[tuple[int, int]] = []
    ended: GameResult | None = None

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
    if record_type == RESIGNED:
        table.resigned = [*table.resigned, Resignation(seat=data["seat"], reason=data["reason"])]
        table.stand_in = [seat for seat in table.stand_in if seat != data["seat"]]
    elif record_type == STAND_IN:
        table.stand_in = sorted({*table.stand_in, data["seat"]})
    elif record_type == RECLAIMED:
        table.stand_in = [seat for seat in table.stand_in if seat != data["seat"]]
    elif record_type == PAUSE_VOTED:
        table.pause_votes = sorted({*table.pause_votes, data["seat"]})
    elif record_type == PAUSED:
        table.paused, table.pause_votes = True, []
    elif record_type == RESUMED:
        table.paused, table.pause_votes = False, []
    elif record_type == UNDONE:
        table.undone = [*table.undone, (data["first_seq"], data["last_seq"])]
    elif record_type == GAME_ENDED:
        table.ended = GameResult(ranking=list(data["ranking"]), scores=list(data["scores"]))
    return table


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
