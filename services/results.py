"""What the facade (services/game_service.py) answers: typed results the API encodes as JSON unchanged.

A field that is ``None`` by default is left out of the JSON when unset (``omit_defaults``): a game's
``invite`` (shown to its creator only), a command result's ``poll``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import GameResult
from services.clocks.config import ClockConfig
from services.store.records import Actor
from services.table.state import TableState


class Player(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Who holds a seat: the name the player chose and whether a bot plays it. (The account holding a seat
    stays in the store: a login name is never shown to others.)"""

    seat: int
    name: str
    bot: bool


class GameMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A game's public facts. ``status`` is "open" (waiting for players), "running" or "over"; ``invite`` is
    the invitation code of a private game, in the answer to its creation only. ``rated`` (false: a friendly
    game, never rated) and ``spectator_chat`` (false: spectators may not write in the chat) are shown only
    when false. ``clock``: the clock chosen at creation (absent: the server's default); ``table``:
    resignations, seats a bot stands in for, the pause and the moves taken back (services/table/)."""

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


class GameView(msgspec.Struct, kw_only=True):
    """What a seat (``seat`` null: a spectator) may see of a game at ``version``: ``view`` is the game's
    own view as JSON (null before the game is set up), ``to_act`` the seats that must act. ``clock`` is the
    game's clock (null: none), ``clocks`` every seat's time, ``now`` the server's time they were read at
    (epoch seconds: a page counts down from it; null without a clock), ``table`` the resignations,
    stand-ins, pause and undos."""

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


class YourTurn(msgspec.Struct, kw_only=True):
    """Whether ``seat`` must act, at which version, and its deadline (epoch seconds) if moves time out."""

    game_id: str
    seat: int
    your_turn: bool
    version: int
    deadline: float | None


class HistoryEvent(msgspec.Struct, kw_only=True, tag_field="kind", tag="event"):
    """An event as the reader may see it, with a sentence that describes it."""

    seq: int
    type: str
    at: str
    actor: Actor
    command_id: str | None
    data: dict[str, Any]
    description: str


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
