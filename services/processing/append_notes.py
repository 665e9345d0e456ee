"""What an append tells a game's players: the notifications ``append.lua`` writes to the game's outbox in the
same step as the events that cause them, or not at all; their delivery is services/notifications/. Each
carries a de-duplication key (game, version, kind, seat) that every channel repeats. The kinds
(:data:`KINDS`): a turn begins, the game started or ended, an invitation, a quarter of a turn left, a seat
out of time put to the other players. No notification holds a view, event data or a command.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, NamedTuple

import msgspec

from domain.engine import Game, ScoreLine
from services.table.choice import voters
from services.table.ranking import standings
from services.table.state import CHOICE_ASKED, TableState

Kind = Literal["your_turn", "reminder", "game_started", "game_ended", "invitation", "choice_asked"]
KINDS: tuple[Kind, ...] = (
    "your_turn",
    "reminder",
    "game_started",
    "game_ended",
    "invitation",
    "choice_asked",
)


class Notification(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One notification for one seat of a game (``account`` instead of a seat for an invitation)."""

    key: str
    kind: Kind
    game_id: str
    game: str
    version: int
    seat: int | None = None
    account: str | None = None
    ranking: list[int] | None = None
    scores: list[int] | None = None
    places: list[int] | None = None
    abandoned: bool | None = None
    breakdown: list[list[ScoreLine]] | None = None
    seconds_left: float | None = None
    invite: str | None = None
    about: int | None = None


def dedup_key(game_id: str, version: int, kind: Kind, who: int | str) -> str:
    return f"{game_id}:{version}:{kind}:{who}"


def _note(kind: Kind, game_id: str, game: Game, version: int, seat: int, **extra: Any) -> Notification:
    key = dedup_key(game_id, version, kind, seat)
    return Notification(
        key=key, kind=kind, game_id=game_id, game=game.name, version=version, seat=seat, **extra
    )


class Reached(NamedTuple):
    """What an append reached: the game (its rules and id), the version, the state after it (None: not
    folded, nobody to tell) and the table after it."""

    game: Game
    game_id: str
    version: int
    state: Any
    table: TableState | None = None


def after_append(
    reached: Reached, waiting_before: set[int], notified: frozenset[int], started: bool = False
) -> list[Notification]:
    """The notifications an append causes for the seats in ``notified`` (those held by accounts): the
    start, the end with the table's standings (services/table/ranking.py), or the turn of each seat newly
    to act (not among ``waiting_before``, the seats that had to act before the append; never a seat a bot
    plays for now). With the table after the append, the end is the table's: a game ended by resignations
    ends, seats that gave up rank last, and an abandoned game places nobody first; the end carries each
    seat's points by source (public once over)."""
    game, game_id, version, after = reached.game, reached.game_id, reached.version, reached.state
    if not notified or after is None:
        return []
    table = reached.table or TableState()
    result = standings(game.result(after), table)
    if result is not None:
        ended = {
            "ranking": list(result.ranking),
            "scores": list(result.scores),
            "places": list(result.places),
            "abandoned": result.abandoned,
            "breakdown": None if result.abandoned else game.score_breakdown(after),
        }
        return [_note("game_ended", game_id, game, version, seat, **ended) for seat in sorted(notified)]
    notes = (
        [_note("game_started", game_id, game, version, seat) for seat in sorted(notified)] if started else []
    )
    newly = (game.to_act(after) - waiting_before - table.bot_played()) & notified
    return notes + [_note("your_turn", game_id, game, version, seat) for seat in sorted(newly)]


def asked_to_choose(
    reached: Reached, records: Iterable[Any], humans: frozenset[int], notified: frozenset[int]
) -> list[Notification]:
    """For each seat an append asks the other players about (``papyrus.choice_asked``, services/table/
    choice.py), a notification to each of them held by an account."""
    table = reached.table or TableState()
    notes = []
    for record in records:
        if record.type != CHOICE_ASKED:
            continue
        about = record.data["seat"]
        for seat in sorted(voters(table, humans, about) & notified):
            key = dedup_key(reached.game_id, reached.version, "choice_asked", seat)
            notes.append(
                Notification(
                    key=key,
                    kind="choice_asked",
                    game_id=reached.game_id,
                    game=reached.game.name,
                    version=reached.version,
                    seat=seat,
                    about=about,
                )
            )
    return notes


def encode(notes: Iterable[Notification]) -> bytes:
    """The notifications of one append as one outbox entry ("" when there are none)."""
    listed = list(notes)
    return msgspec.json.encode(listed) if listed else b""


def decode(raw: bytes | str) -> list[Notification]:
    return msgspec.json.decode(raw, type=list[Notification])
