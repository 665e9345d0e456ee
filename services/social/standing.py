"""How each seat left a finished game, and the places the ratings and the profiles count from it.

A seat's fate is one of:

* ``resigned``: the seat gave the game up: the table's fact ``papyrus.resigned`` (services/table/) with
  ``data.reason`` ``"resigned"``;
* ``timed_out``: the seat ran out of time: a command played in its place by the service when its deadline
  passed (actor ``"timeout"``, accepted, whatever the clock's policy), or the table's ``papyrus.resigned``
  with ``data.reason`` ``"forfeit"``;
* ``played``: anything else.

Places follow the game's final ranking, except that every resigned or timed-out seat comes last, tied with
the others that fell (a resigned seat is counted as resigned even if it also timed out).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from services.results import GameMeta
from services.store.records import CommandRecord, EventRecord, OutcomeRecord
from services.table import state as table_state

PLAYED, RESIGNED, TIMED_OUT = "played", "resigned", "timed_out"
FATE_BY_RESIGN_REASON = {"resigned": RESIGNED, "forfeit": TIMED_OUT}
TIMEOUT_ACTOR = "timeout"


def _fall(fates: list[str], seat: object, fate: str) -> None:
    if isinstance(seat, int) and 0 <= seat < len(fates) and fates[seat] != RESIGNED:
        fates[seat] = fate


def seat_fates(
    meta: GameMeta,
    records: Iterable[EventRecord],
    commands: Iterable[tuple[str, CommandRecord]],
    outcomes: Mapping[str, OutcomeRecord],
) -> list[str]:
    """Each seat's fate, by seat."""
    fates = [PLAYED] * meta.seats
    for _, command in commands:
        outcome = outcomes.get(command.command_id)
        if command.actor == TIMEOUT_ACTOR and outcome is not None and outcome.status == "accepted":
            _fall(fates, command.seat, TIMED_OUT)
    for record in records:
        if record.type == table_state.RESIGNED:
            fate = FATE_BY_RESIGN_REASON.get(str(record.data.get("reason")), RESIGNED)
            _fall(fates, record.data.get("seat"), fate)
    return fates


def places(ranking: list[int], fates: list[str]) -> list[int]:
    """Each seat's place (1 = first), by seat: the game's ranking among the seats that played on, then
    every seat that fell tied for the place after them."""
    placed = [0] * len(fates)
    standing = [seat for seat in ranking if fates[seat] == PLAYED]
    for place, seat in enumerate(standing, start=1):
        placed[seat] = place
    for seat, fate in enumerate(fates):
        if fate != PLAYED:
            placed[seat] = len(standing) + 1
    return placed
