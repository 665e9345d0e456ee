"""Joining and leaving: private games by invitation code, a game's invitation for its players, leaving a
game that has not started. (The public lobby itself is ``GET /api/games``.)"""

from __future__ import annotations

from typing import Any

import msgspec
from flask import url_for

from api.account_auth import caller_account
from api.auth import require_seat
from api.context import game_service
from api.decoding import decode_body, path_int
from api.endpoints import Freeform, api_blueprint, endpoint
from api.errors import ApiError
from api.schemas import ErrorBody, PlayerName, SeatGranted, SeatNumber

blueprint = api_blueprint("lobby", __name__)

GAME = Freeform("Game", "A game's public facts: id, game, seats, options, status, players, version.")
INVITATION = Freeform("Invitation", 'A private game\'s invitation: {"invite": code, "url": link to join}.')


class JoinByInvite(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Take a seat in the invited game; ``name`` defaults to your account name when you are logged in."""

    name: PlayerName | None = None
    seat: SeatNumber | None = None


@endpoint(
    blueprint,
    "GET",
    "/invites/<code>",
    summary="The private game an invitation code opens.",
    responses={200: ("The game", GAME), 404: ("No game has this code", ErrorBody)},
)
def invited_game(code: str) -> dict[str, Any]:
    service = game_service()
    return service.meta(service.seating.game_of_invite(code))


@endpoint(
    blueprint,
    "POST",
    "/invites/<code>/seats",
    summary="Join the invited game (bound to your account when you are logged in).",
    request=JoinByInvite,
    auth="optional",
    responses={
        201: ("The seat and its token", SeatGranted),
        400: ("Bad input (a name is needed when not logged in)", ErrorBody),
        404: ("No game has this code", ErrorBody),
        409: ("Seat taken, game full or started, or your account already sits here", ErrorBody),
    },
)
def join_by_invite(code: str) -> tuple[dict[str, Any], int]:
    body = decode_body(JoinByInvite, empty_allowed=True)
    service = game_service()
    game_id = service.seating.game_of_invite(code)
    account = caller_account()
    name = body.name or account
    if name is None:
        raise ApiError(400, "invalid_field", "A player name is needed when you are not logged in.", "name")
    return service.join(game_id, name, body.seat, account=account, invite=code), 201


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/invite",
    summary="The invitation code and link of a private game, for its seated players to share.",
    auth="seat",
    responses={
        200: ("The invitation", INVITATION),
        401: ("No valid seat token", ErrorBody),
        404: ("Unknown game, or a public game (no invitation needed)", ErrorBody),
    },
)
def game_invite(game_id: str) -> dict[str, Any]:
    require_seat(game_id)
    code = game_service().seating.invite_of(game_id)
    if code is None:
        raise ApiError(404, "invite.none", "This game is public: anyone may join it.", "game_id")
    return {"invite": code, "url": url_for("lobby.invited_game", code=code)}


@endpoint(
    blueprint,
    "DELETE",
    "/games/<game_id>/seats/<seat>",
    summary="Leave your seat of a game that has not started.",
    auth="seat",
    responses={
        200: ("The game without you", GAME),
        400: ("Bad seat number", ErrorBody),
        401: ("No valid seat token", ErrorBody),
        403: ("That seat is not yours", ErrorBody),
        404: ("Unknown game", ErrorBody),
        409: ("The game has started", ErrorBody),
    },
)
def leave_seat(game_id: str, seat: str) -> dict[str, Any]:
    own = require_seat(game_id, acting_for=path_int("seat", seat))
    service = game_service()
    service.seating.leave(game_id, own)
    return service.meta(game_id)
