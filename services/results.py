"""What the facade (services/game_service.py) answers: typed results the API encodes as JSON unchanged.

A field that is ``None`` by default is left out of the JSON when unset (``omit_defaults``): a game's
``invite`` (shown to its creator only), a command result's ``poll``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import GameResult, ScoreLine, Text
from services.clocks.config import ClockConfig
from services.store.meta_store import CREATOR, OPEN, account_field
from services.store.records import Actor
from services.store.replies import as_int, as_str
from services.table.state import TableState, decode_table


class Player(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Who holds a seat: the name the player chose and whether a bot plays it, with the bot's ``level``
    (beginner, casual or strong; absent for a player, or a bot seated before levels existed: casual).
    (The account holding a seat stays in the store: a login name is never shown to others.)"""

    seat: int
    name: str
    bot: bool
    level: str = ""


class DurationEstimate(msgspec.Struct, kw_only=True):
    """How long games like this one took: half ended within ``median`` seconds, nine in ten within ``p90``;
    ``games``: how many finished games it is drawn from."""

    median: float
    p90: float
    games: int


class SeatAbsence(msgspec.Struct, kw_only=True):
    """An absence of a seat's player, now or to come: its first and last day (ISO dates) in ``zone``."""

    seat: int
    first: str
    last: str
    zone: str


class GameMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A game's public facts: ``status`` "open", "running" or "over"; ``invite`` (a private game's code, to
    its creator only); ``rated`` and ``spectator_chat`` (shown only when false); ``clock`` (absent: the
    server's default); ``table`` (resignations, stand-ins, pause, undos: services/table/); ``host`` (the
    creator's seat while it sits there: only it may start); in the lobby and a game's facts ``absences``
    (the seated players' absences not over) and ``estimate`` (how long games like it took; null: none yet)."""

    id: str
    game: str
    seats: int
    options: dict[str, Any]
    public: bool
    created_at: float
    status: str
    players: list[Player]
    invite: str | None = None
    rated: bool = True
    spectator_chat: bool = True
    clock: ClockConfig | None = None
    table: TableState = msgspec.field(default_factory=TableState)
    host: int | None = None
    absences: list[SeatAbsence] = []
    estimate: DurationEstimate | None = None

    def seat_names(self) -> list[str]:
        """How each seat is called in descriptions: its player's name, else "Seat <n>"."""
        names = [f"Seat {seat + 1}" for seat in range(self.seats)]
        for player in self.players:
            names[player.seat] = player.name
        return names

    def bot_seats(self) -> set[int]:
        """Seats a bot plays now: bot seats, and seats resigned, forfeited or stood in for."""
        return self.seated_bots() | self.table.bot_played()

    def seated_bots(self) -> set[int]:
        """Seats a bot was given when the game started."""
        return {player.seat for player in self.players if player.bot}

    def humans(self) -> frozenset[int]:
        """Seats held by players (a bot may play one of them for now)."""
        return frozenset(player.seat for player in self.players if not player.bot)


class AccountGame(GameMeta, kw_only=True, omit_defaults=True):
    """A game an account holds a seat in: its public facts, the seat, and whether that seat must act."""

    seat: int
    your_turn: bool


class SeatGranted(msgspec.Struct, kw_only=True):
    """The joined seat and its bearer token (shown once; only its hash is stored). ``expires_at`` (epoch
    seconds) ends an anonymous seat's token (rotate it before); null for a token bound to an account's
    login, which ends with that login."""

    seat: int
    token: str
    expires_at: float | None = None


class Account(msgspec.Struct, kw_only=True):
    """An account: its login name as registered (shown to its owner only), the display name others see,
    and when it was registered (epoch seconds)."""

    name: str
    display_name: str
    created_at: float


class SeatClockView(msgspec.Struct, kw_only=True):
    """One seat's clock as everyone may see it: whether its turn runs now (``running``), the seconds it has
    left (in this turn, or for its next one), its reserve, and when its time runs out (epoch seconds,
    running turns only; frozen while the table is paused)."""

    seat: int
    running: bool
    remaining: float
    reserve: float
    deadline: float | None = None


class SeatAway(msgspec.Struct, kw_only=True):
    """A seat whose player is away: its clock does not run until the day after ``until`` (a date, in the
    player's time zone, ``zone``)."""

    seat: int
    until: str
    zone: str


class GameView(msgspec.Struct, kw_only=True):
    """What a seat (``seat`` null: a spectator) may see of a game at ``version``: ``view`` is the game's
    own view as JSON (null before the game is set up), ``to_act`` the seats that must act. ``clock`` is the
    game's clock (null: none), ``clocks`` every seat's time, ``now`` the server's time they were read at
    (epoch seconds: a page counts down from it; null without a clock), ``table`` the resignations,
    stand-ins, pause and undos, ``away`` the seats whose players are away now; ``breakdown`` each seat's
    points by source once over."""

    game_id: str
    seat: int | None
    version: int
    status: str
    to_act: list[int]
    result: GameResult | None
    view: Any
    clock: ClockConfig | None = None
    clocks: list[SeatClockView] = []
    now: float | None = None
    table: TableState = msgspec.field(default_factory=TableState)
    breakdown: list[list[ScoreLine]] | None = None
    away: list[SeatAway] = []


class YourTurn(msgspec.Struct, kw_only=True):
    """Whether ``seat`` must act, at which version, and its deadline (epoch seconds) if moves time out."""

    game_id: str
    seat: int
    your_turn: bool
    version: int
    deadline: float | None


class HistoryEvent(msgspec.Struct, kw_only=True, tag_field="kind", tag="event"):
    """An event as the reader may see it, with a sentence that describes it (a message: ``id`` and
    ``args``, rendered in the reader's language; see docs/translations.md)."""

    seq: int
    type: str
    at: str
    actor: Actor
    command_id: str | None
    data: dict[str, Any]
    description: Text


class RefusedCommand(msgspec.Struct, kw_only=True, tag_field="kind", tag="refused"):
    """A command the game refused (status "rejected" or "stale"), placed after the events before it."""

    entry_id: str
    command_id: str
    at: str
    seat: int
    actor: Actor
    command: dict[str, Any]
    status: str
    version: int
    violation: dict[str, Any] | None


HistoryEntry = HistoryEvent | RefusedCommand


class CommandOutcome(msgspec.Struct, kw_only=True):
    """What became of one submitted command.

    status: "accepted" | "rejected" | "stale" | "pending"
    version: the game's event count after the command (accepted), or the current version otherwise
    events: the new events as the submitting seat may see them (accepted only)
    violation: {"code", "message", "details"} when rejected
    to_act: the seats that must act once an accepted command and the automatic steps it triggered have run
      (empty: the game is over, or its automatic steps wait for a configured delay), so a client need not
      read the view to learn whose turn it is; null otherwise
    """

    command_id: str
    status: str
    version: int
    events: list[HistoryEvent] = []
    violation: dict[str, Any] | None = None
    to_act: list[int] | None = None


class _SeatHeld(msgspec.Struct):
    """A ``seat:<n>`` field as :class:`Player` shows it (the account holding it is left out)."""

    name: str
    bot: bool
    level: str = ""


_decode_doc = msgspec.json.Decoder(dict[str, Any]).decode
_decode_seat = msgspec.json.Decoder(_SeatHeld).decode


def meta_from(reply: dict[Any, Any]) -> GameMeta | None:
    """The meta of a game from the HGETALL of its meta hash (None if the game does not exist)."""
    raw = {as_str(k): v for k, v in reply.items()}
    if "doc" not in raw:
        return None
    doc = _decode_doc(raw["doc"])
    players = []
    for seat in range(doc["seats"]):
        taken = raw.get(f"seat:{seat}")
        if taken is not None:
            held = _decode_seat(taken)
            players.append(Player(seat=seat, name=held.name, bot=held.bot, level=held.level))
    clock = doc.pop("clock", None)
    status = raw.get("status")
    creator = raw.get(CREATOR)
    host = raw.get(account_field(as_str(creator))) if creator is not None else None
    return GameMeta(
        **doc,
        status=as_str(status) if status is not None else OPEN,
        players=players,
        clock=msgspec.convert(clock, ClockConfig) if clock is not None else None,
        table=decode_table(raw.get("table")),
        host=as_int(host) if host is not None else None,
    )
