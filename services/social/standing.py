"""How each seat left a finished game, as the archive shows it and the profiles count it.

A seat ``resigned`` (the table's ``papyrus.resigned`` fact, reason ``resigned``), ``timed_out`` (a command
accepted with actor ``timeout``, or ``papyrus.resigned`` with reason ``forfeit``) or ``played``; resigned
wins over timed out. The fate says how a seat left; its place is the table's standings'
(services/table/ranking.py): a resignation or a forfeit is a loss, while a seat whose move the clock only
played is placed by its score.
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
