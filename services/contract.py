"""The result and error types shared by the facade (services/game_service.py) and the API."""

from __future__ import annotations

from typing import Any

import msgspec


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
    """A request the service refuses. ``http_status`` is a hint for the API: 400 bad input, 403 not your
    seat, 404 unknown game, 409 conflict (seat taken, game started): nothing was written; 503 the store
    could not confirm it in time, with ``retry_after`` seconds (the message says what was written)."""

    def __init__(
        self,
        http_status: int,
        code: str,
        message: str,
        field: str | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.http_status = http_status
        self.code = code
        self.message = message
        self.field = field
        self.retry_after = retry_after
