"""Who is calling. Today a seat proves itself with the bearer token it got when joining; accounts (session
cookies, account tokens) will plug in here and nowhere else."""

from __future__ import annotations

from flask import request

from api.context import game_service
from api.errors import ApiError
from domain.engine import Seat

_BEARER = "bearer "


def _bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    if not header.lower().startswith(_BEARER) or not header[len(_BEARER) :].strip():
        raise ApiError(401, "bad_credentials", "Use `Authorization: Bearer <seat token>`.", "Authorization")
    return header[len(_BEARER) :].strip()


def caller_seat(game_id: str) -> Seat | None:
    """The seat the caller holds in ``game_id``, or None for an anonymous caller (a spectator)."""
    token = _bearer_token()
    if token is None:
        return None
    seat = game_service().authenticate(game_id, token)
    if seat is None:
        raise ApiError(401, "bad_credentials", "This token holds no seat in this game.", "Authorization")
    return seat


def require_seat(game_id: str, acting_for: Seat | None = None) -> Seat:
    """The caller's seat; 401 without a valid token, 403 when acting for a seat the caller does not hold."""
    seat = caller_seat(game_id)
    if seat is None:
        raise ApiError(401, "unauthenticated", "This endpoint needs a seat token.", "Authorization")
    if acting_for is not None and acting_for != seat:
        raise ApiError(403, "not_your_seat", f"Your token holds seat {seat}, not seat {acting_for}.", "seat")
    return seat
