"""History: every event of a game, redacted for the caller (a spectator, or a seat)."""

from __future__ import annotations

from typing import Any

from api.auth import caller_seat, require_seat
from api.context import game_service
from api.decoding import path_int, query_int
from api.endpoints import Freeform, QueryParam, api_blueprint, endpoint
from api.schemas import ErrorBody

blueprint = api_blueprint("history", __name__)

HISTORY = Freeform(
    "HistoryEntry",
    'An event {"kind": "event", "seq", "type", "at", "actor", "command_id", "data", "description"} '
    'or one of your refused commands {"kind": "refused", ...}.',
    array=True,
)
AFTER = QueryParam(
    "after",
    "Only the entries after this event (its `seq`): a page that shows the earlier ones asks for the rest.",
)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/history",
    summary="The history as the caller may see it: a spectator, or (with a seat or account token) a seat "
    "with its own refused commands. Once the game is over, everything.",
    auth="optional",
    query=(AFTER,),
    responses={
        200: ("Events redacted for the caller, in order", HISTORY),
        400: ("Bad `after`", ErrorBody),
        401: ("A token that holds nothing", ErrorBody),
        404: ("Unknown game", ErrorBody),
    },
)
def public_history(game_id: str) -> list[dict[str, Any]]:
    return game_service().history(game_id, caller_seat(game_id), after=query_int("after") or 0)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/history",
    summary="The history as your seat may see it, with your refused commands.",
    auth="seat",
    query=(AFTER,),
    responses={
        200: ("Events redacted for you, in order", HISTORY),
        400: ("Bad seat number or `after`", ErrorBody),
        401: ("No valid seat token", ErrorBody),
        403: ("That seat is not yours", ErrorBody),
        404: ("Unknown game", ErrorBody),
    },
)
def seat_history(game_id: str, seat: str) -> list[dict[str, Any]]:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    return game_service().history(game_id, own, after=query_int("after") or 0)
