"""Joining and leaving: private games by invitation code, a game's invitation for its players, leaving a
game that has not started. (The public lobby itself is ``GET /api/games``.)"""

from __future__ import annotations

import msgspec
from flask import Response, jsonify, url_for

from api import refusals
from api.account_auth import caller_account
from api.auth import require_seat
from api.context import game_service
from api.decoding import decode_body, path_int
from api.endpoints import api_blueprint, endpoint
from api.errors import ApiError
from api.quota_guard import charge, requester
from api.schemas import Invitation, PlayerName, SeatNumber
from services.results import GameMeta, SeatGranted

blueprint = api_blueprint("lobby", __name__)


class JoinByInvite(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Take a seat in the invited game; ``name`` defaults to your display name when you are logged in."""

    name: PlayerName | None = None
    seat: SeatNumber | None = None


@endpoint(
    blueprint,
    "GET",
    "/invites/<code>",
    summary="The private game an invitation code opens.",
    responses={200: ("The game", GameMeta)},
    refusals=(refusals.UNKNOWN_INVITE,),
)
def invited_game(code: str) -> Response:
    service = game_service()
    return jsonify(service.meta(service.seating.game_of_invite(code)))


@endpoint(
    blueprint,
    "POST",
    "/invites/<code>/seats",
    summary="Join the invited game (bound to your account when you are logged in).",
    request=JoinByInvite,
    auth="optional",
    responses={201: ("The seat and its token", SeatGranted)},
    refusals=(
        refusals.BAD_INPUT,
        refusals.NAME_NEEDED,
        refusals.UNKNOWN_INVITE,
        refusals.SEAT_UNAVAILABLE,
        refusals.JOIN_REFUSED,
        refusals.QUOTA_EXCEEDED,
    ),
)
def join_by_invite(code: str) -> tuple[Response, int]:
    charge("join")
    body = decode_body(JoinByInvite, empty_allowed=True)
    service = game_service()
    game_id = service.seating.game_of_invite(code)
    account = caller_account()
    name = body.name or (service.accounts.display_name(account) if account else None)
    if name is None:
        raise ApiError(400, "invalid_field", "A player name is needed when you are not logged in.", "name")
    granted = service.join(game_id, name, body.seat, code, requester())
    return jsonify(granted), 201


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/invite",
    summary="The invitation code and link of a private game, for its seated players to share.",
    auth="seat",
    responses={200: ("The invitation", Invitation)},
    refusals=(refusals.NO_SEAT_TOKEN, refusals.UNKNOWN_GAME, refusals.NO_INVITATION),
)
def game_invite(game_id: str) -> Response:
    require_seat(game_id)
    code = game_service().seating.invite_of(game_id)
    if code is None:
        raise ApiError(404, "invite.none", "This game is public: anyone may join it.", "game_id")
    return jsonify(Invitation(invite=code, url=url_for("lobby.invited_game", code=code)))


@endpoint(
    blueprint,
    "DELETE",
    "/games/<game_id>/seats/<seat>",
    summary="Leave your seat of a game that has not started.",
    auth="seat",
    responses={200: ("The game without you", GameMeta)},
    refusals=(*refusals.SEAT_REFUSALS, refusals.GAME_STARTED, refusals.QUOTA_EXCEEDED),
)
def leave_seat(game_id: str, seat: str) -> Response:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    charge("write")
    return jsonify(game_service().leave(game_id, own))
