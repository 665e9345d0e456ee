"""Commands: submit one for your seat and wait briefly for its outcome, or poll a pending one."""

from __future__ import annotations

import re
from typing import Any

from flask import Response

from api.auth import require_seat
from api.context import api_context, game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint
from api.errors import ApiError
from api.outcomes import (
    command_field,
    known_stale,
    outcome_response,
    require_command_type,
    stored_command_id,
)
from api.schemas import COMMAND_ID_PATTERN, CommandResult, ErrorBody, SubmitCommand
from services.game_service import CommandOutcome, ServiceError

blueprint = api_blueprint("commands", __name__)

OUTCOME_RESPONSES: dict[int, tuple[str, Any]] = {
    200: ("Accepted: the new version and the new events as you may see them", CommandResult),
    202: ("Not decided yet: poll the `poll` link", CommandResult),
    409: ("`expected_version` was stale: nothing changed", ErrorBody),
    422: ("The rules refuse this command (`error.details` says why)", ErrorBody),
}


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/commands",
    summary="Submit a command for your seat; waits briefly for its outcome.",
    request=SubmitCommand,
    auth="seat",
    responses={
        **OUTCOME_RESPONSES,
        400: ("Malformed JSON, unknown command type, wrong field type or oversized body", ErrorBody),
        401: ("No valid seat token", ErrorBody),
        403: ("Acting for a seat the token does not hold", ErrorBody),
        404: ("Unknown game", ErrorBody),
        503: (
            "`PAPYRUS_REQUIRE_REPLICAS` replicas did not acknowledge the command in time: it is stored and "
            "will be decided; poll its outcome (`Retry-After` says when to try again)",
            ErrorBody,
        ),
    },
)
def submit_command(game_id: str) -> Response:
    seat = require_seat(game_id)
    body = decode_body(SubmitCommand)
    require_seat(game_id, acting_for=body.seat)
    require_command_type(body.command)
    service = game_service()
    stored_id = stored_command_id(seat, body.command_id)
    stale = known_stale(service, game_id, stored_id, body.expected_version)
    if stale is not None:
        return outcome_response(game_id, body.command_id, stale, events=False)
    try:
        service.submit(game_id, seat, body.command, stored_id, body.expected_version)
    except ServiceError as refused:
        if refused.http_status == 400:
            refused.field = command_field(refused.field)
        raise
    outcome = service.wait_outcome(game_id, stored_id, api_context().config.submit_wait_seconds)
    return outcome_response(game_id, body.command_id, outcome, events=True)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/commands/<command_id>",
    summary="The outcome of one of your commands (poll after a 202): pending (202) until it is decided; "
    "events are not repeated here; a command id your seat never submitted is a 404.",
    auth="seat",
    responses={
        **OUTCOME_RESPONSES,
        401: ("No valid seat token", ErrorBody),
        404: ("Unknown game, or a command id this seat never submitted (`field`: `command_id`)", ErrorBody),
    },
)
def command_outcome(game_id: str, command_id: str) -> Response:
    seat = require_seat(game_id)
    if not re.fullmatch(COMMAND_ID_PATTERN, command_id) or len(command_id) > 64:
        raise ApiError(400, "invalid_path", "Not a command id (1-64 of A-Z a-z 0-9 _ . -).", "command_id")
    service = game_service()
    stored_id = stored_command_id(seat, command_id)
    outcome = service.outcome(game_id, stored_id)
    if outcome is None and not service.is_submitted(game_id, stored_id):
        raise ApiError(
            404, "command.unknown", f"Your seat never submitted a command {command_id!r} here.", "command_id"
        )
    if outcome is None:
        version = int(service.view(game_id, None)["version"])
        outcome = CommandOutcome(command_id=stored_id, status="pending", version=version)
    return outcome_response(game_id, command_id, outcome, events=False)
