"""History of a game: every event as the caller may see it, with the caller's own refused commands."""

from __future__ import annotations

from flask import Response, jsonify

from api import refusals
from api.auth import caller_seat, require_seat
from api.context import game_service
from api.decoding import decode_body, path_int, query_int
from api.endpoints import QueryParam, api_blueprint, endpoint
from api.language import localized, rendered
from api.quota_guard import charge
from api.schemas import AnalysePosition
from services.analysis import PositionAnalysis
from services.results import HistoryEntry

blueprint = api_blueprint("history", __name__)

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
    responses={200: ("Events redacted for the caller, in order", list[HistoryEntry])},
    refusals=(refusals.BAD_AFTER, refusals.TOKEN_HOLDS_NO_SEAT, refusals.UNKNOWN_GAME),
)
def public_history(game_id: str) -> Response:
    after = query_int("after") or 0
    return jsonify(localized(game_service().history(game_id, caller_seat(game_id), after=after)))


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/seats/<seat>/history",
    summary="The history as your seat may see it, with your refused commands.",
    auth="seat",
    query=(AFTER,),
    responses={200: ("Events redacted for you, in order", list[HistoryEntry])},
    refusals=(refusals.BAD_AFTER, *refusals.SEAT_REFUSALS),
)
def seat_history(game_id: str, seat: str) -> Response:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    return jsonify(localized(game_service().history(game_id, own, after=query_int("after") or 0)))


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/analysis",
    summary="Once the game is over: the search bot's preferred moves for a seat's decision after event "
    "`at`, each with its estimated win chance. Computed by a worker and cached: `pending` until it is "
    "done (ask again).",
    request=AnalysePosition,
    auth="optional",
    responses={200: ("The analysis, or `pending`", PositionAnalysis)},
    refusals=(
        refusals.BAD_INPUT,
        refusals.UNKNOWN_GAME,
        refusals.NOT_OVER,
        refusals.NO_DECISION,
        refusals.QUOTA_EXCEEDED,
    ),
)
def analyse_position(game_id: str) -> Response:
    charge("write")
    body = decode_body(AnalysePosition)
    found = game_service().analysis(game_id, body.at, body.seat)
    for move in found.moves:
        move.description = rendered(move.description)
    return jsonify(found)
