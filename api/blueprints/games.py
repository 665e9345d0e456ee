"""Games: create, list the lobby, read a game's facts, join a seat, start, export the audit log."""

from __future__ import annotations

import dataclasses
from itertools import chain

import msgspec
from flask import Response, jsonify, stream_with_context

from api import refusals
from api.auth import require_seat
from api.context import game_service
from api.decoding import decode_body, whole_numbers
from api.endpoints import Freeform, api_blueprint, endpoint
from api.paging import PAGED, page_params, page_request, page_response
from api.quota_guard import charge, requester
from api.schemas import CreateGame, JoinSeat, StartGame
from services.inputs import TableTerms
from services.limits.paging import LOBBY_CURSOR
from services.results import GameMeta, SeatGranted

blueprint = api_blueprint("games", __name__)
EXPORT = Freeform(
    "AuditExport",
    "JSON Lines: one audit record (a JSON object) per line",
    media_type="application/x-ndjson",
)


@endpoint(
    blueprint,
    "POST",
    "/games",
    summary="Create a game (its type, number of seats and options).",
    request=CreateGame,
    responses={201: ("The new open game", GameMeta)},
    refusals=(refusals.BAD_INPUT, refusals.QUOTA_EXCEEDED),
)
def create_game() -> tuple[Response, int]:
    charge("create_game")
    body = decode_body(CreateGame)
    options = whole_numbers(body.options)
    clock = msgspec.to_builtins(body.clock) if body.clock is not None else None
    service = game_service()
    terms = TableTerms(public=body.public, clock=clock, rated=body.rated, spectator_chat=body.spectator_chat)
    created = service.create_game(body.game, body.seats, options, terms, requester())
    return jsonify(created), 201


@endpoint(
    blueprint,
    "GET",
    "/games",
    summary="The lobby: public games waiting for players, a page at a time.",
    query=page_params(LOBBY_CURSOR),
    responses={200: ("Open public games, oldest first" + PAGED, list[GameMeta])},
    refusals=(refusals.BAD_PAGE,),
)
def lobby() -> Response:
    limit, cursor = page_request()
    service = game_service()
    page = service.lobby_page(limit, cursor)
    shown = dataclasses.replace(page, items=service.for_joining(page.items))
    return page_response(shown, "games.lobby", limit)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>",
    summary="A game's public facts.",
    responses={200: ("The game", GameMeta)},
    refusals=(refusals.UNKNOWN_GAME,),
)
def game_meta(game_id: str) -> Response:
    service = game_service()
    return jsonify(service.for_joining([service.meta(game_id)])[0])


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/seats",
    summary="Join a seat; the answer holds the seat's secret bearer token (shown once).",
    request=JoinSeat,
    responses={201: ("The seat and its token", SeatGranted)},
    refusals=(
        refusals.BAD_INPUT,
        refusals.UNKNOWN_GAME,
        refusals.SEAT_UNAVAILABLE,
        refusals.JOIN_REFUSED,
        refusals.QUOTA_EXCEEDED,
    ),
)
def join_seat(game_id: str) -> tuple[Response, int]:
    charge("join")
    body = decode_body(JoinSeat)
    granted = game_service().join(game_id, body.name, body.seat, body.invite, requester())
    return jsonify(granted), 201


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/start",
    summary="Start the game; empty seats are filled with bots when `fill_with_bots`.",
    request=StartGame,
    auth="seat",
    responses={200: ("The running game", GameMeta)},
    refusals=(
        refusals.BAD_INPUT,
        refusals.NO_SEAT_TOKEN,
        refusals.NOT_CREATOR,
        refusals.UNKNOWN_GAME,
        refusals.CANNOT_START,
        refusals.QUOTA_EXCEEDED,
    ),
)
def start_game(game_id: str) -> Response:
    seat = require_seat(game_id)
    charge("write")
    body = decode_body(StartGame, empty_allowed=True)
    service = game_service()
    return jsonify(
        service.start(game_id, fill_with_bots=body.fill_with_bots, bot_level=body.bot_level, by_seat=seat)
    )


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/export",
    summary="The full audit log as JSON Lines (seed revealed), once the game is over.",
    responses={200: ("JSON Lines, one record per line", EXPORT)},
    refusals=(refusals.UNKNOWN_GAME, refusals.NOT_OVER),
)
def export_game(game_id: str) -> Response:
    lines = game_service().export(game_id)
    first = next(lines, None)  # the service refuses (409) on the first read: before any byte is sent
    records = chain([] if first is None else [first], lines)
    body = (line if line.endswith("\n") else line + "\n" for line in records)
    return Response(stream_with_context(body), mimetype="application/x-ndjson")
