"""JSON errors everywhere: every refusal is ``{"error": {"code", "message", "field"}}`` with a 4xx status."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, jsonify
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from api.field_words import field_label, service_refusal
from domain.messages import Msg, msg
from services.errors import FieldRefusal, ServiceError


class ApiError(Exception):
    """A request the API refuses. ``field`` names the offending input (a JSON path without ``$.``)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: Msg | str,
        field: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message if isinstance(message, str) else message.id)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.extra = extra or {}


def error_body(code: str, message: str, field: str | None, **extra: Any) -> dict[str, Any]:
    """The one error shape of the API."""
    return {"error": {"code": code, "message": message, "field": field, **extra}}


def error_response(status: int, code: str, message: str, field: str | None = None, **extra: Any) -> Response:
    response = jsonify(error_body(code, message, field, **extra))
    response.status_code = status
    return response


def _api_error(error: ApiError, localize: Callable[[Msg], str]) -> Response:
    message = error.message if isinstance(error.message, str) else localize(error.message)
    return error_response(error.status, error.code, message, error.field, **error.extra)


def _service_error(error: ServiceError, localize: Callable[[Msg], str]) -> Response:
    message = error.message
    if isinstance(error, FieldRefusal) and error.field is not None and not isinstance(message, str):
        message = msg("{field}: {reason}", field=field_label(error.field), reason=message)
    elif isinstance(message, str) and error.field is not None and error.http_status == 400:
        message = service_refusal(error.field, message)
    if not isinstance(message, str):
        message = localize(message)
    response = error_response(error.http_status, error.code, message, error.field)
    if error.retry_after is not None:
        response.headers["Retry-After"] = str(error.retry_after)
    return response


def _too_large(error: RequestEntityTooLarge) -> Response:
    # 400, not 413: every bad body is refused the same way.
    return error_response(400, "body_too_large", "The request body is larger than the API accepts.", "body")


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    code = (error.name or "error").lower().replace(" ", "_")
    response = error_response(status, code, error.description or error.name or "error", None)
    allowed = dict(error.get_headers()).get("Allow")
    if allowed:  # a 405 names the methods the resource does allow
        response.headers["Allow"] = allowed
    return response


def _unexpected(error: Exception) -> Response:
    # Never echo the exception text to the client: it could carry state a seat may not see.
    current_app.logger.exception("unhandled error", exc_info=error)
    return error_response(500, "internal_error", "The server failed to handle this request.", None)


def register_error_handlers(app: Flask, localize: Callable[[Msg], str]) -> None:
    """JSON for every refusal; ``localize`` renders a service's message in the caller's language."""
    app.register_error_handler(ApiError, lambda error: _api_error(error, localize))
    app.register_error_handler(ServiceError, lambda error: _service_error(error, localize))
    app.register_error_handler(RequestEntityTooLarge, _too_large)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
