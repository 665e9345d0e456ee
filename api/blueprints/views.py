"""Views: the public view, a seat's own view (now or at any past version), its legal commands."""

from __future__ import annotations

from flask import Response, jsonify

from api import refusals
from api.auth import proven_by_token, require_seat
from api.context import game_service
from api.decoding import path_int, query_int
from api.endpoints import Freeform, QueryParam, api_blueprint, endpoint
from services.results import GameView

blueprint = api_blueprint("views", __name__)

AT = QueryParam("at", "Replay to this version instead of reading the current view.")


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/view",
    summary="The public view, as a spectator sees it.",
    query=(AT,),
    responses={200: ("The spectator view", GameView)},
    refusals=(refusals.BAD_AT, refusals.UNKNOWN_GAME),
)
def public_view(game_id: str) -> Response:
    return jsonify(game_service().view(game_id, None, at=query_int("at")))


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/view",
    summary="Your seat's view, with its hidden cards and legal commands.",
    auth="seat",
    query=(AT,),
    responses={200: ("Your view", GameView)},
    refusals=(*refusals.SEAT_REFUSALS, refusals.BAD_AT),
)
def seat_view(game_id: str, seat: str) -> Response:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    return jsonify(game_service().view(game_id, own, at=query_int("at")))


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/legal-commands",
    summary="The commands your seat may submit now.",
    auth="seat",
    responses={200: ("Commands as JSON objects", Freeform("Command", "A command", True))},
    refusals=refusals.SEAT_REFUSALS,
)
def legal_commands(game_id: str, seat: str) -> Response:
    wanted = path_int("seat", seat)
    found = proven_by_token(lambda token: game_service().proven.legal_commands(game_id, wanted, token))
    if found is None:
        found = game_service().legal_commands(game_id, require_seat(game_id, acting_for=wanted))
    return jsonify(found)
