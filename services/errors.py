"""The refusal every service raises before anything is written; the API answers it as JSON."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses before anything is written. ``http_status`` is a hint for the API:
    400 bad input, 403 not your seat, 404 unknown game, 409 conflict (seat taken, game started)."""

    def __init__(self, http_status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.http_status = http_status
        self.code = code
        self.message = message
        self.field = field
