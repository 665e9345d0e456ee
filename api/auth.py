"""Who is calling. A seat proves itself with the bearer token it got when joining, or through the account
that holds it (an account's login token as bearer, or its session cookie: see api/account_auth.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import request

from api.account_auth import caller_account, note_seat_token
from api.context import game_service
from api.errors import ApiError
from domain.engine import Seat
from domain.messages import msg

_BEARER = "bearer "
Proven = TypeVar("Proven")


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    if not header:
        return None
    if not header.lower().startswith(_BEARER) or not header[len(_BEARER) :].strip():
        bearer = msg("Send your seat token as `Authorization: Bearer <seat token>`.")
        raise ApiError(401, "bad_credentials", bearer, "Authorization")
    return header[len(_BEARER) :].strip()


def caller_seat(game_id: str) -> Seat | None:
    """The seat the caller holds in ``game_id`` (by seat token, or through a logged-in account), or None
    for a spectator (anonymous, or an account without a seat here)."""
    token = bearer_token()
    if token is not None:
        seat = game_service().authenticate(game_id, token)
        if seat is not None:
            note_seat_token(token)
            return seat
    account = caller_account()
    if account is not None:
        return game_service().account_seat(account, game_id)
    if token is not None:
        raise ApiError(
            401,
            "bad_credentials",
            msg("This sign-in holds no seat in this game: it is unknown, expired or was replaced."),
            "Authorization",
        )
    return None


def require_seat(game_id: str, acting_for: Seat | None = None) -> Seat:
    """The caller's seat; 401 without a valid token, 403 when acting for a seat the caller does not hold."""
    seat = caller_seat(game_id)
    if seat is None and caller_account() is not None:
        raise ApiError(403, "not_joined", msg("Your account holds no seat in this game."), "Authorization")
    if seat is None:
        raise ApiError(401, "unauthenticated", msg("Sign in or join this game first."), "Authorization")
    refuse_other_seat(seat, acting_for)
    return seat


def refuse_other_seat(seat: Seat, acting_for: Seat | None) -> None:
    """403 when the caller, holding ``seat``, acts for another seat (checked without asking the store)."""
    if acting_for is not None and acting_for != seat:
        raise ApiError(403, "not_your_seat", msg("You can act only for your own seat."), "seat")


def proven_by_token(prove: Callable[[str], Proven | None]) -> Proven | None:
    """What ``prove`` answers for the caller's bearer token: a read done in the same round trip as the
    token's proof of its seat (services/proven_reads.py); None without a token or when it proves no seat
    there, and the caller then authenticates with :func:`require_seat`, which says why it refuses."""
    token = bearer_token()
    if token is None:
        return None
    found = prove(token)
    if found is not None:
        note_seat_token(token)
    return found
