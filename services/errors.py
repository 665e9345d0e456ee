"""The refusal every service raises; the API answers it as JSON."""

from __future__ import annotations


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
