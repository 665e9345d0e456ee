"""The refusal every service raises; the API answers it as JSON."""

from __future__ import annotations

from domain.messages import Msg


class ServiceError(Exception):
    """A request the service refuses. ``http_status`` is a hint for the API: 400 bad input, 403 not your
    seat, 404 unknown game, 409 conflict (seat taken, game started): nothing was written; 503 the store
    could not confirm it in time, with ``retry_after`` seconds (the message says what was written). A
    message that is a :class:`Msg` reaches the caller in the caller's language."""

    def __init__(
        self,
        http_status: int,
        code: str,
        message: Msg | str,
        field: str | None = None,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message if isinstance(message, str) else message.id)
        self.http_status = http_status
        self.code = code
        self.message = message
        self.field = field
        self.retry_after = retry_after


class FieldRefusal(ServiceError):
    """400: the service refuses the value of ``field``; ``reason`` says why (``msg("must be 8 to 200
    characters.")``). The API puts the field's name, as its form labels it, in front."""

    def __init__(self, field: str, code: str, reason: Msg) -> None:
        super().__init__(400, code, reason, field=field)
