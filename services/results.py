"""What the facade (services/game_service.py) answers: typed results the API encodes as JSON unchanged.

A field that is ``None`` by default is left out of the JSON when unset (``omit_defaults``): a game's
``invite`` (shown to its creator only), a command result's ``poll``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import GameResult
from services.store.records import Actor


class Player(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Who holds a seat: the name the player chose and whether a bot plays it. (The account holding a seat
    stays in the store: a login name is never shown to others.)"""

    seat: int
    name: str
    bot: bool


class GameMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A game's public facts. ``status`` is "open" (waiting for players), "running" or "over"; ``invite`` is
    the invitation code of a private game, in the answer to its creation only."""

    id: str
    game: str
    seats: int
    options: dict[str, Any]
    public: bool
    created_at: float
    status: str
    players: list[Player]
    invite: str | None = None

    def seat_names(self) -> list[str]:
        """How each seat is called in descriptions: its player's name, else "Seat <n>"."""
        names = [f"Seat {seat + 1}" for seat in range(self.seats)]
        for player in self.players:
            names[player.seat] = player.name
        return names

    def bot_seats(self) -> set[int]:
        return {player.seat for player in self.players if player.bot}


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


class GameView(msgspec.Struct, kw_only=True):
    """What a seat (``seat`` null: a spectator) may see of a game at ``version``: ``view`` is the game's
    own view as JSON (null before the game is set up), ``to_act`` the seats that must act."""

    game_id: str
    seat: int | None
    version: int
    status: str
    to_act: list[int]
    result: GameResult | None
    view: Any


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
    """

    command_id: str
    status: str
    version: int
    events: list[HistoryEvent] = []
    violation: dict[str, Any] | None = None
