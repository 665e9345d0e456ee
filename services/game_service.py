"""The one facade the API (and the CLI) use to run games. It knows the Game protocol, never a game.

Interface contract shared by services/ (which implements it) and api/ (which calls it). Everything is
keyed by ``game_id`` (a short url-safe string); seats are 0-based ints; JSON-ready dicts come out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import redis

from services.settings import Settings


class CommandOutcome(msgspec.Struct, kw_only=True):
    """What became of one submitted command.

    status: "accepted" | "rejected" | "stale" | "pending"
    version: the game's event count after the command (accepted), or the current version otherwise
    events: the new events as the submitting seat may see them (accepted only), JSON-ready dicts
    violation: {"code", "message", "details"} when rejected
    """

    command_id: str
    status: str
    version: int
    events: list[dict[str, Any]] = []
    violation: dict[str, Any] | None = None


class ServiceError(Exception):
    """A request the service refuses before anything is written. ``http_status`` is a hint for the API:
    400 bad input, 403 not your seat, 404 unknown game, 409 conflict (seat taken, game started)."""

    def __init__(self, http_status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.http_status = http_status
        self.code = code
        self.message = message
        self.field = field


class GameService:
    """Runs games on the store. Construct one per process; it is thread-safe as far as redis-py is.

    ``redis`` is the game store connection (``decode_responses=False``); ``rq_connection`` is RQ's own
    Redis (defaults to ``settings.rq_redis_url`` when set, else the store connection).
    """

    def __init__(
        self, redis: redis.Redis, settings: Settings, rq_connection: redis.Redis | None = None
    ) -> None:
        raise NotImplementedError

    def create_game(self, game: str, seats: int, options: dict[str, Any], public: bool = True) -> dict[str, Any]:
        """Create an open game. Returns its meta: ``{"id", "game", "seats", "options", "public", "status":
        "open"|"running"|"over", "players": [{"seat", "name", "bot"}...], "created_at", "version"}``.
        ServiceError 400 for an unknown game, a bad seat count or options that do not decode (field named)."""
        raise NotImplementedError

    def join(self, game_id: str, player_name: str, seat: int | None = None) -> dict[str, Any]:
        """Take a seat (the first free one when ``seat`` is None). Returns ``{"seat", "token"}``; the token is
        shown once and stored only as its sha256. 404 unknown game, 409 seat taken / game started / full."""
        raise NotImplementedError

    def authenticate(self, game_id: str, token: str) -> int | None:
        """The seat this token holds in this game, or None."""
        raise NotImplementedError

    def start(self, game_id: str, fill_with_bots: bool = False) -> dict[str, Any]:
        """Run setup (the service draws and keeps the seed) and return the meta. Empty seats become bots
        when ``fill_with_bots``; otherwise 409 while a seat is empty. 409 if already started."""
        raise NotImplementedError

    def submit(
        self,
        game_id: str,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None = None,
    ) -> None:
        """Queue a player's command. It is decoded against the game's Command union first: an undecodable
        command raises ServiceError(400, "command.invalid", field=<json path such as "$.ship">) and nothing
        is written. Resubmitting a ``command_id`` is a no-op (its first outcome stands). 409 if the game is
        not running."""
        raise NotImplementedError

    def wait_outcome(self, game_id: str, command_id: str, timeout: float) -> CommandOutcome:
        """Block (no busy loop) up to ``timeout`` seconds for the command's outcome; status "pending" if
        it is not decided by then."""
        raise NotImplementedError

    def outcome(self, game_id: str, command_id: str) -> CommandOutcome | None:
        """The outcome of a decided command, None while undecided or unknown."""
        raise NotImplementedError

    def view(self, game_id: str, seat: int | None, at: int | None = None) -> dict[str, Any]:
        """What ``seat`` (None = spectator) may see: ``{"game_id", "version", "seat", "status", "view":
        <the game's view as JSON>, "to_act": [seats], "result": {...}|None}``. From the projection when
        ``at`` is None, else replayed to version ``at`` (400 if out of range)."""
        raise NotImplementedError

    def legal_commands(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        """The commands ``seat`` may submit now, as JSON dicts (with their "type" tag)."""
        raise NotImplementedError

    def history(self, game_id: str, seat: int | None) -> list[dict[str, Any]]:
        """Every event record as ``seat`` may see it, in order: ``{"kind": "event", "seq", "type", "at",
        "actor", "command_id", "data", "description"}``, interleaved with that seat's refused commands
        ``{"kind": "refused", "command_id", "at", "actor", "command", "status", "violation"}``. Once the
        game is over nothing is redacted and every seat's refusals are listed."""
        raise NotImplementedError

    def export(self, game_id: str) -> Iterator[str]:
        """The full audit log as JSON Lines (format in services/export.py); 409 until the game is over."""
        raise NotImplementedError

    def lobby(self) -> list[dict[str, Any]]:
        """Public open games, oldest first, each a meta dict."""
        raise NotImplementedError

    def your_turn(self, game_id: str, seat: int) -> dict[str, Any]:
        """``{"game_id", "seat", "your_turn": bool, "version", "deadline": epoch seconds | None}``."""
        raise NotImplementedError

    def meta(self, game_id: str) -> dict[str, Any]:
        """The game's meta (see ``create_game``); 404 if unknown."""
        raise NotImplementedError
