"""Commands: submit one for your seat and wait briefly for its outcome, or poll a pending one."""

from __future__ import annotations

import re

from flask import Response

from api import refusals
from api.auth import bearer_token, proven_by_token, refuse_other_seat, require_seat
from api.context import api_context, game_service
from api.decoding import decode_body, whole_numbers
from api.endpoints import api_blueprint, endpoint
from api.errors import ApiError
from api.outcomes import command_field, outcome_response, require_command_type, stored_command_id
from api.quota_guard import charge, client_address
from api.schemas import COMMAND_ID_PATTERN, CommandResult, SubmitCommand
from services.errors import ServiceError

blueprint = api_blueprint("commands", __name__)

OUTCOME_RESPONSES: dict[int, tuple[str, object]] = {
    200: ("Accepted: the new version and the new events as you may see them", CommandResult),
    202: ("Not decided yet: poll the `poll` link", CommandResult),
}
OUTCOME_REFUSALS = (refusals.STALE_VERSION, refusals.RULES_REFUSE)


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/commands",
    summary=(
        "Submit a command for your seat (a game's, or the table's: papyrus.resign, papyrus.undo, "
        "papyrus.pause, papyrus.resume, papyrus.reclaim); waits briefly for its outcome."
    ),
    request=SubmitCommand,
    auth="seat",
    responses=OUTCOME_RESPONSES,
    refusals=(
        *OUTCOME_REFUSALS,
        refusals.SEAT_GIVEN_UP,
        refusals.BAD_COMMAND,
        refusals.NO_SEAT_TOKEN,
        refusals.NOT_YOUR_SEAT,
        refusals.UNKNOWN_GAME,
        refusals.REPLICAS_UNCONFIRMED,
        refusals.QUOTA_EXCEEDED,
        refusals.COMMAND_ID_REUSED,
    ),
)
def submit_command(game_id: str) -> Response:
    reads = game_service().proven
    address = client_address() if reads.charges_quota else None
    proven = proven_by_token(lambda token: reads.before_submit(game_id, token, address))
    seat, found = proven if proven is not None else (require_seat(game_id), None)
    charge("command", address_charged=address is not None and bearer_token() is not None)
    body = decode_body(SubmitCommand)
    refuse_other_seat(seat, body.seat)
    command = whole_numbers(body.command)
    require_command_type(command)
    stored_id = stored_command_id(seat, body.command_id)
    wait = api_context().config.submit_wait_seconds
    try:
        outcome = game_service().submit_and_wait(
            game_id, seat, command, stored_id, body.expected_version, wait, found
        )
    except ServiceError as refused:
        if refused.http_status == 400:
            refused.field = command_field(refused.field)
        raise
    return outcome_response(game_id, body.command_id, outcome, events=True)


@endpoint(
    blueprint,
    "GET",
    "/games/<game_id>/commands/<command_id>",
    summary="The outcome of one of your commands (poll after a 202): pending (202) until it is decided; "
    "events are not repeated here; a command id your seat never submitted is a 404.",
    auth="seat",
    responses=OUTCOME_RESPONSES,
    refusals=(
        *OUTCOME_REFUSALS,
        refusals.BAD_COMMAND_ID,
        refusals.NO_SEAT_TOKEN,
        refusals.UNKNOWN_GAME,
        refusals.UNKNOWN_COMMAND,
    ),
)
def command_outcome(game_id: str, command_id: str) -> Response:
    seat = require_seat(game_id)
    if not re.fullmatch(COMMAND_ID_PATTERN, command_id) or len(command_id) > 64:
        raise ApiError(400, "invalid_path", "Not a command id (1-64 of A-Z a-z 0-9 _ . -).", "command_id")
    outcome = game_service().poll(game_id, stored_command_id(seat, command_id))
    if outcome is None:
        raise ApiError(
            404, "command.unknown", f"Your seat never submitted a command {command_id!r} here.", "command_id"
        )
    return outcome_response(game_id, command_id, outcome, events=False)
