"""From a command's outcome to its HTTP answer, and the few rules the API adds to submitted commands."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, url_for

from api.errors import ApiError, error_response
from api.language import localized, rendered
from api.schemas import CommandResult
from domain.engine import Seat
from domain.messages import msg
from services.results import CommandOutcome, GameView, HistoryEvent


def stored_command_id(seat: Seat, command_id: str) -> str:
    """Command ids are scoped by seat, so no seat can read or pre-empt another seat's outcome."""
    return f"{seat}.{command_id}"


def command_field(service_field: str | None) -> str:
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


def outcome_response(
    game_id: str, command_id: str, outcome: CommandOutcome, events: bool, view: GameView | None = None
) -> Response:
    """The HTTP answer for an outcome; ``events`` only for the submitter's own request, ``view`` (the
    submitter's view after an accepted command) when it asked for it."""
    if outcome.status == "rejected":
        violation = outcome.violation or {}
        return error_response(
            422,
            str(violation.get("code", "rule_violation")),
            rendered(violation.get("message", "The rules refuse this command.")),
            "command",
            details=violation.get("details") or {},
            command_id=command_id,
            version=outcome.version,
        )
    if outcome.status == "stale":
        return error_response(
            409,
            "stale_version",
            rendered(msg("Someone moved first — the board is updated, choose again.")),
            "expected_version",
            command_id=command_id,
            version=outcome.version,
        )
    result = CommandResult(
        command_id=command_id,
        status=outcome.status,
        version=outcome.version,
        events=[entry for entry in localized(outcome.events) if isinstance(entry, HistoryEvent)]
        if events and outcome.status != "pending"
        else [],
        to_act=outcome.to_act,
        view=view if outcome.status == "accepted" else None,
    )
    if outcome.status == "pending":
        result.poll = url_for("commands.command_outcome", game_id=game_id, command_id=command_id)
        response = jsonify(result)
        response.status_code = 202
        response.headers["Location"] = result.poll
        return response
    return jsonify(result)
