"""Views: the public view, a seat's own view (now or at any past version), its legal commands."""

from __future__ import annotations

from typing import Any

from api.auth import require_seat
from api.context import game_service
from api.decoding import path_int, query_int
from api.endpoints import Freeform, QueryParam, api_blueprint, endpoint
from api.schemas import ErrorBody

blueprint = api_blueprint("views", __name__)

VIEW = Freeform(
    "View",
    'What the caller may see: {"game_id", "version", "seat", "status", "view", "to_act", "result"}.',
)
AT = QueryParam("at", "Replay to this version instead of reading the current view.")
SEAT_ERRORS: dict[int, tuple[str, Any]] = {
    400: ("Bad seat number or `at`", ErrorBody),
    401: ("No valid seat token", ErrorBody),
    403: ("That seat is not yours", ErrorBody),
    404: ("Unknown game", ErrorBody),
}


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/view",
    summary="The public view, as a spectator sees it.",
    query=(AT,),
    responses={
        200: ("The spectator view", VIEW),
        400: ("Bad `at`", ErrorBody),
        404: ("Unknown game", ErrorBody),
    },
)
def public_view(game_id: str) -> dict[str, Any]:
    return game_service().view(game_id, None, at=query_int("at"))


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/view",
    summary="Your seat's view, with its hidden cards and legal commands.",
    auth="seat",
    query=(AT,),
    responses={200: ("Your view", VIEW), **SEAT_ERRORS},
)
def seat_view(game_id: str, seat: str) -> dict[str, Any]:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    return game_service().view(game_id, own, at=query_int("at"))


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/legal-commands",
    summary="The commands your seat may submit now.",
    auth="seat",
    responses={200: ("Commands as JSON objects", Freeform("Command", "A command", True)), **SEAT_ERRORS},
)
def legal_commands(game_id: str, seat: str) -> list[dict[str, Any]]:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    return game_service().legal_commands(game_id, own)
