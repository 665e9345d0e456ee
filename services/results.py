"""What the facade (services/game_service.py) answers the API: typed results, encoded as JSON by the API."""

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
