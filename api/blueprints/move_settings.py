"""How a signed-in player's game pages send moves: at once, or after asking "Send this move?"."""

from __future__ import annotations

import msgspec
from flask import Response, jsonify

from api import refusals
from api.account_auth import require_account
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint

blueprint = api_blueprint("move_settings", __name__)


class MoveSettings(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """``confirm``: the game pages ask "Send this move?" before sending each move of the game (the table's
    undo, pause and resign are sent as before), so a slip of the finger sends nothing."""

    confirm: bool


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/moves",
    summary="Whether your game pages ask before sending a move.",
    auth="account",
    responses={200: ("Your move settings", MoveSettings)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def my_move_settings() -> Response:
    return jsonify(MoveSettings(confirm=game_service().accounts.confirm_moves(require_account())))


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/moves",
    summary="Choose whether your game pages ask before sending a move.",
    auth="account",
    request=MoveSettings,
    responses={200: ("Your move settings now", MoveSettings)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def change_move_settings() -> Response:
    name = require_account()
    body = decode_body(MoveSettings)
    return jsonify(MoveSettings(confirm=game_service().accounts.set_confirm_moves(name, body.confirm)))
