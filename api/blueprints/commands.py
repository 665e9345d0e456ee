"""Commands: submit one for your seat and wait briefly for its outcome, or poll a pending one."""

from __future__ import annotations

import re
from typing import Any

from flask import Response, jsonify, url_for

from api.auth import require_seat
from api.context import api_context, game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint
from api.errors import ApiError, error_response
from api.schemas import COMMAND_ID_PATTERN, CommandResult, ErrorBody, SubmitCommand
from domain.engine import Seat
from services.game_service import CommandOutcome, ServiceError

blueprint = api_blueprint("commands", __name__)

OUTCOME_RESPONSES: dict[int, tuple[str, Any]] = {
    200: ("Accepted: the new version and the new events as you may see them", CommandResult),
    202: ("Not decided yet: poll the `poll` link", CommandResult),
    409: ("`expected_version` was stale: nothing changed", ErrorBody),
    422: ("The rules refuse this command (`error.details` says why)", ErrorBody),
}


def stored_command_id(seat: Seat, command_id: str) -> str:
    """Command ids are scoped by seat, so no seat can read or pre-empt another seat's outcome."""
    return f"{seat}.{command_id}"


def _command_field(service_field: str | None) -> str:
    """The field as a path in the request body: the command sits under ``command``."""
    if not service_field:
        return "command"
    if service_field.startswith("$"):
        return "command" + service_field.removeprefix("$")
    return service_field


def require_command_type(command: dict[str, Any]) -> None:
    """Every command names its type: a body without one is refused even where a game has one command."""
    if not isinstance(command.get("type"), str):
        raise ApiError(400, "command.invalid", "The command needs a `type` string (its tag).", "command.type")


def outcome_response(game_id: str, command_id: str, outcome: CommandOutcome, events: bool) -> Response:
    """The HTTP answer for an outcome; ``events`` only for the submitter's own request."""
    if outcome.status == "rejected":
        violation = outcome.violation or {}
        return error_response(
            422,
            str(violation.get("code", "rule_violation")),
            str(violation.get("message", "The rules refuse this command.")),
            "command",
            details=violation.get("details") or {},
            command_id=command_id,
            version=outcome.version,
        )
    if outcome.status == "stale":
        return error_response(
            409,
            "stale_version",
            f"The game is at version {outcome.version}; your command expected another one.",
            "expected_version",
            command_id=command_id,
            version=outcome.version,
        )
    result = CommandResult(command_id=command_id, status=outcome.status, version=outcome.version)
    if outcome.status == "pending":
        result.poll = url_for("commands.command_outcome", game_id=game_id, command_id=command_id)
        response = jsonify(_as_dict(result))
        response.status_code = 202
        response.headers["Location"] = result.poll
        return response
    if events:
        result.events = outcome.events
    return jsonify(_as_dict(result))


def _as_dict(result: CommandResult) -> dict[str, Any]:
    body = {"command_id": result.command_id, "status": result.status, "version": result.version}
    return {**body, "events": result.events, **({"poll": result.poll} if result.poll else {})}


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
    },
)
def submit_command(game_id: str) -> Response:
    seat = require_seat(game_id)
    body = decode_body(SubmitCommand)
    require_seat(game_id, acting_for=body.seat)
    require_command_type(body.command)
    service = game_service()
    stored_id = stored_command_id(seat, body.command_id)
    try:
        service.submit(game_id, seat, body.command, stored_id, body.expected_version)
    except ServiceError as refused:
        if refused.http_status == 400:
            refused.field = _command_field(refused.field)
        raise
    outcome = service.wait_outcome(game_id, stored_id, api_context().config.submit_wait_seconds)
    return outcome_response(game_id, body.command_id, outcome, events=True)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/commands/<command_id>",
    summary="The outcome of one of your commands (poll after a 202); events are not repeated here, "
    "and a command never submitted also reads as pending.",
    auth="seat",
    responses={
        **OUTCOME_RESPONSES,
        401: ("No valid seat token", ErrorBody),
        404: ("Unknown game or command", ErrorBody),
    },
)
def command_outcome(game_id: str, command_id: str) -> Response:
    seat = require_seat(game_id)
    if not re.fullmatch(COMMAND_ID_PATTERN, command_id) or len(command_id) > 64:
        raise ApiError(400, "invalid_path", "Not a command id (1-64 of A-Z a-z 0-9 _ . -).", "command_id")
    service = game_service()
    stored_id = stored_command_id(seat, command_id)
    outcome = service.outcome(game_id, stored_id)
    if outcome is None:
        version = int(service.view(game_id, None)["version"])
        outcome = CommandOutcome(command_id=stored_id, status="pending", version=version)
    return outcome_response(game_id, command_id, outcome, events=False)
