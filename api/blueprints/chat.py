"""A game's chat: read it, write in it (a seat at the table, or a logged-in spectator in the spectators'
channel), and mute a speaker for one's own seat. New messages also arrive on the live stream."""

from __future__ import annotations

from typing import Annotated

import msgspec
from flask import Response, jsonify

from api import refusals
from api.account_auth import caller_account
from api.auth import caller_seat, require_seat
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint
from api.quota_guard import charge
from services.social.chat import ChatMessage

blueprint = api_blueprint("chat", __name__)
# Something visible, and no control character but a line break (the service says which rule a text broke).
_TEXT_CHARACTER = "[^\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]"
_VISIBLE_CHARACTER = "[^\\s\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029]"
# Written without a lookahead, which generators of examples (schemathesis, hypothesis) can only filter for.
TEXT_PATTERN = f"^{_TEXT_CHARACTER}*{_VISIBLE_CHARACTER}{_TEXT_CHARACTER}*$"
SPEAKER_PATTERN = "^(seat:[0-9]{1,2}|spectator:[0-9a-f]{16})$"


class PostMessage(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A chat message: text only (trimmed; its length limit is ``PAPYRUS_CHAT_MAX_LENGTH``, 500 by
    default), shown as text, never as markup."""

    text: Annotated[str, msgspec.Meta(min_length=1, max_length=500, pattern=TEXT_PATTERN)]


class MuteSpeaker(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Mute (``muted`` true) or unmute a speaker for the caller's seat: a message's ``speaker``
    (``seat:<n>`` or ``spectator:<id>``)."""

    speaker: Annotated[str, msgspec.Meta(pattern=SPEAKER_PATTERN)]
    muted: bool = True


class Mutes(msgspec.Struct, kw_only=True):
    """The speakers the caller's seat has muted in this game, and the name each last wrote under."""

    muted: list[str]
    names: dict[str, str]


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/chat",
    summary="The game's chat, oldest first (both channels; a seat does not see the speakers it muted).",
    auth="optional",
    responses={200: ("The messages", list[ChatMessage])},
    refusals=(refusals.TOKEN_HOLDS_NO_SEAT, refusals.UNKNOWN_GAME),
)
def read_chat(game_id: str) -> Response:
    service = game_service()
    service.meta(game_id)
    return jsonify(service.social.messages(game_id, caller_seat(game_id)))


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/chat",
    summary="Write in the game's chat: a seat at the table, a logged-in spectator in the spectators' "
    "channel (when the game lets spectators talk). Rate-limited per speaker.",
    auth="optional",
    request=PostMessage,
    responses={201: ("The message as stored", ChatMessage)},
    refusals=(
        refusals.BAD_CHAT_TEXT,
        refusals.CHAT_NEEDS_LOGIN,
        refusals.TOKEN_HOLDS_NO_SEAT,
        refusals.SPECTATORS_SILENT,
        refusals.UNKNOWN_GAME,
        refusals.CHAT_TOO_FAST,
        refusals.CHAT_ARCHIVED,
        refusals.QUOTA_EXCEEDED,
    ),
)
def post_chat(game_id: str) -> tuple[Response, int]:
    charge("chat")
    service = game_service()
    meta = service.meta(game_id)
    body = decode_body(PostMessage)
    seat = caller_seat(game_id)
    message = service.social.post(meta, seat, caller_account(), body.text)
    return jsonify(message), 201


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/chat/mutes",
    summary="The speakers your seat has muted in this game (none for a spectator).",
    auth="optional",
    responses={200: ("Your mutes", Mutes)},
    refusals=(refusals.TOKEN_HOLDS_NO_SEAT, refusals.UNKNOWN_GAME),
)
def chat_mutes(game_id: str) -> Response:
    service = game_service()
    service.meta(game_id)
    seat = caller_seat(game_id)
    muted = sorted(service.social.mutes(game_id, seat))
    return jsonify(Mutes(muted=muted, names=service.social.speaker_names(game_id, muted)))


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/chat/mutes",
    summary="Mute or unmute a speaker for your seat: their messages leave what your seat reads and its "
    "live stream (they stay in the game's record). Only a seat may mute (401/403 otherwise).",
    auth="optional",
    request=MuteSpeaker,
    responses={200: ("Your mutes now", Mutes)},
    refusals=(
        refusals.BAD_SPEAKER,
        refusals.NO_SEAT_TOKEN,
        refusals.NOT_SEATED,
        refusals.UNKNOWN_GAME,
        refusals.CHAT_ARCHIVED,
        refusals.QUOTA_EXCEEDED,
    ),
)
def mute_speaker(game_id: str) -> Response:
    charge("settings")
    service = game_service()
    service.meta(game_id)
    seat = require_seat(game_id)
    body = decode_body(MuteSpeaker)
    muted = service.social.mute(game_id, seat, body.speaker, body.muted)
    return jsonify(Mutes(muted=muted, names=service.social.speaker_names(game_id, muted)))
