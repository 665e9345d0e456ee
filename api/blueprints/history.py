"""History: every event of a game, redacted for the caller (a spectator, or a seat)."""

from __future__ import annotations

from flask import Response, jsonify

from api import refusals
from api.auth import caller_seat, require_seat
from api.context import game_service
from api.decoding import path_int
from api.endpoints import api_blueprint, endpoint
from services.results import HistoryEntry

blueprint = api_blueprint("history", __name__)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/history",
    summary="The history as the caller may see it: a spectator, or (with a seat or account token) a seat "
    "with its own refused commands. Once the game is over, everything.",
    auth="optional",
    responses={200: ("Events redacted for the caller, in order", list[HistoryEntry])},
    refusals=(refusals.TOKEN_HOLDS_NO_SEAT, refusals.UNKNOWN_GAME),
)
def public_history(game_id: str) -> Response:
    return jsonify(game_service().history(game_id, caller_seat(game_id)))


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/history",
    summary="The history as your seat may see it, with your refused commands.",
    auth="seat",
    responses={200: ("Events redacted for you, in order", list[HistoryEntry])},
    refusals=refusals.SEAT_REFUSALS,
)
def seat_history(game_id: str, seat: str) -> Response:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    return jsonify(game_service().history(game_id, own))
