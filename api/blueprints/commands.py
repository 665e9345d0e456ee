"""Commands: submit one for your seat and wait briefly for its outcome, or poll a pending one.

A command decided in its request (PAPYRUS_DECIDE_IN_API) is answered at once. Else, under the asynchronous
front (api/front/), the wait is not a thread's: the front waits on its event loop for the game's notice
(api/front/live_hub.py), which carries the decision (else the outcome is read), and makes the answer with
the same functions as a blocking wait, on the loop itself when it can (:func:`_answer_later`).
"""

from __future__ import annotations

import re

from flask import Flask, Response, current_app, request

from api import refusals
from api.auth import bearer_token, proven_by_token, refuse_other_seat, require_seat
from api.context import api_context, game_service
from api.decoding import decode_body, query_int, whole_numbers
from api.endpoints import QueryParam, api_blueprint, endpoint
from api.errors import ApiError
from api.front.live_hub import LookInStore, LookOnThread, WaitingAnswer
from api.front.loop_store import loop_store
from api.front.wsgi_bridge import LIVE_HANDOFF, Handoff, WholeAnswer
from api.language import request_language, use_language
from api.outcomes import command_field, outcome_response, require_command_type, stored_command_id
from api.quota_guard import charge, client_address
from api.request_log import answered_late, answered_later, resume_answering
from api.response_headers import with_api_headers
from api.schemas import COMMAND_ID_PATTERN, CommandResult, SubmitCommand
from services.errors import ServiceError
from services.observability.structured_logs import bound
from services.player_commands import Queued, Submission
from services.results import CommandOutcome, GameView
from services.store.command_inbox import NoticeSilent
from services.store.read_batch import LoopReads

blueprint = api_blueprint("commands", __name__)
# No game's command comes near it; a larger one would be kept in the game's log (and its refusal quoting it)
# for ever.
MAX_COMMAND_BODY = 4096

OUTCOME_RESPONSES: dict[int, tuple[str, object]] = {
    200: ("Accepted: the new version and the new events as you may see them", CommandResult),
    202: ("Not decided yet: poll the `poll` link", CommandResult),
}
OUTCOME_REFUSALS = (refusals.STALE_VERSION, refusals.RULES_REFUSE)
WITH_VIEW = QueryParam(
    "view",
    "1: an accepted command's answer carries your seat's view after it (`view`, with your legal commands), "
    "so a client needs no read before its next move.",
    maximum=1,
)


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/commands",
    summary=(
        "Submit a command for your seat (a game's, or the table's: papyrus.resign, papyrus.undo, "
        "papyrus.pause, papyrus.resume, papyrus.reclaim, papyrus.choose); waits briefly for its outcome."
    ),
    request=SubmitCommand,
    auth="seat",
    query=(WITH_VIEW,),
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
    seat = proven[0] if proven is not None else require_seat(game_id)
    charge("command", address_charged=address is not None and bearer_token() is not None)
    if len(request.get_data(cache=True)) > MAX_COMMAND_BODY:
        raise ApiError(
            400, "command.too_large", f"A command's body must be at most {MAX_COMMAND_BODY} bytes.", "command"
        )
    body = decode_body(SubmitCommand)
    refuse_other_seat(seat, body.seat)
    command = whole_numbers(body.command)
    require_command_type(command)
    stored_id = stored_command_id(seat, body.command_id)
    wait = api_context().config.submit_wait_seconds
    view_seat = seat if query_int("view", 0, 1) == 1 else None
    submission = Submission(game_id, seat, command, stored_id, body.expected_version)
    handoff: Handoff | None = request.environ.get(LIVE_HANDOFF)
    try:
        if handoff is not None and wait > 0:
            if not game_service().commands.decides_here:
                handoff.expect(game_id)  # watched before the command is queued: its decision is heard
            queued = game_service().submit_only(submission, proven[1] if proven is not None else None)
            if isinstance(queued, Queued):
                return _answer_later(handoff, queued, body.command_id, wait, view_seat)
            outcome = queued
        elif proven is not None:
            outcome = game_service().submit_read_and_wait(submission, proven[1], wait)
        else:
            outcome = game_service().submit_and_wait(
                game_id, seat, command, stored_id, body.expected_version, wait
            )
    except ServiceError as refused:
        if refused.http_status == 400:
            refused.field = command_field(refused.field)
        raise
    return _answer(game_id, body.command_id, outcome, view_seat)


def _answer(
    game_id: str,
    command_id: str,
    outcome: CommandOutcome,
    view_seat: int | None,
    view: GameView | None = None,
) -> Response:
    """The submitter's answer, with its seat's view after an accepted command when it asked for it
    (``view``: read already)."""
    if view is None and view_seat is not None and outcome.status == "accepted":
        view = game_service().view_at_head(game_id, view_seat)
    return outcome_response(game_id, command_id, outcome, events=True, view=view)


def _answer_later(
    handoff: Handoff, queued: Queued, command_id: str, wait: float, view_seat: int | None
) -> Response:
    """Leave the wait for ``queued``'s outcome to the front, for up to ``wait`` seconds: a notice that carries
    the decision answers it (with no view asked for), else it looks, at once and at each notice, on its loop
    when the store has a client there and no view is asked for (else on a thread). The answer is made in an
    app context (the request's language, the headers of every API answer, its log line measured from its
    start), not a second request context. Returned here: the pending answer, sent only if that wait fails
    (the command is queued either way)."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    environ, service = request.environ, game_service()
    late, language = answered_later(), request_language()
    game_id = queued.game_id

    def made(outcome: CommandOutcome, view: GameView | None = None) -> WholeAnswer:
        with app.app_context(), bound(**late.fields):
            use_language(language)
            response = _answer(game_id, command_id, outcome, view_seat, view)
            body = response.get_data()
        answered_late(late, response.status_code)
        return response.status_code, with_api_headers(response), body

    def check() -> WholeAnswer | None:
        outcome, view = service.decided_with_view(queued, view_seat)
        return made(outcome, view) if outcome is not None else None

    store = loop_store(app) if view_seat is None else None  # a view may need more reads: on a thread

    async def look() -> WholeAnswer | None:
        assert store is not None
        batch = LoopReads(store)
        decided = batch.add(service.decided_read(queued))
        await batch.run()
        if decided.value is None:
            return None
        outcome = service.decided_carried(queued, decided.value)
        if outcome is None:
            raise LookOnThread
        return made(outcome)

    def hear(message: bytes) -> WholeAnswer | None:
        try:
            decided = service.decided_told(queued, message)
        except NoticeSilent:
            raise LookInStore from None
        if decided is None:
            return None
        outcome = service.decided_carried(queued, decided)
        if outcome is None:
            raise LookInStore
        return made(outcome)

    def expire() -> WholeAnswer:
        with app.request_context(environ):  # the pending answer links to its poll: a URL of this request's
            resume_answering(late.started)
            use_language(language)
            response = app.process_response(_answer(game_id, command_id, service.still_pending(queued), None))
            headers = [(name, value) for name, value in response.headers]
            return response.status_code, headers, response.get_data()

    # a resubmitted command may have been decided before the game was watched: look at once
    handoff.answer = WaitingAnswer(
        game_id,
        wait,
        check,
        expire,
        look_first=queued.cursor is None,
        look=look if store else None,
        hear=hear if view_seat is None else None,
    )
    pending = CommandOutcome(command_id=queued.command_id, status="pending", version=queued.version)
    return outcome_response(game_id, command_id, pending, events=False)


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
