"""Rotating a seat token: the bearer token presented is swapped for a new one with a fresh lifetime."""

from __future__ import annotations

from flask import Response, jsonify

from api import refusals
from api.auth import bearer_token, refuse_other_seat
from api.context import game_service
from api.decoding import path_int
from api.endpoints import api_blueprint, endpoint
from api.errors import ApiError
from services.results import SeatGranted

blueprint = api_blueprint("seat_tokens", __name__)


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/seats/<seat>/token",
    summary="Rotate your seat token: the `Authorization: Bearer <seat token>` you send stops working and a "
    "new one (shown once) takes its place, with a fresh lifetime (`expires_at`) for an anonymous seat, or "
    "bound to the same login for an account's seat. No body.",
    auth="seat",
    responses={200: ("The seat's new token", SeatGranted)},
    refusals=(refusals.BAD_SEAT_NUMBER, refusals.SEAT_TOKEN_NEEDED, refusals.NOT_YOUR_SEAT),
)
def rotate_seat_token(game_id: str, seat: str) -> Response:
    wanted = path_int("seat", seat)
    token = bearer_token()
    if token is None:
        raise ApiError(
            401, "unauthenticated", "Send the seat token to rotate as a bearer token.", "Authorization"
        )
    tokens = game_service().seating.tokens
    held = tokens.seat_of(game_id, token)
    if held is not None:
        refuse_other_seat(held, wanted)
    rotated = tokens.rotate(game_id, token)
    if rotated is None:
        raise ApiError(401, "bad_credentials", "This token holds no live seat in this game.", "Authorization")
    new_seat, issued = rotated
    return jsonify(SeatGranted(seat=new_seat, token=issued.token, expires_at=issued.expires_at))
