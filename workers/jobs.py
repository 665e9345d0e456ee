"""The RQ job functions. Each takes ids only and resolves its connections through workers.context."""

from __future__ import annotations

import uuid

from rq import get_current_job

from workers import context
from workers.observed_jobs import observed


@observed
def process_game(game_id: str) -> int:
    """Decide the game's queued commands in order, then project and schedule what follows; then the same for
    the games waiting for a decision (one job serves many games under load)."""
    return context.service().decisions.process_game_and_waiting(game_id, _own_id())


@observed
def decide_waiting_games() -> int:
    """Decide the games waiting for a decision (queued when the job before ended or died with games left)."""
    return context.service().decisions.decide_waiting(_own_id())


def _own_id() -> str:
    """The running job's id, which its lease as a decision job bears (a made-up one outside a job)."""
    job = get_current_job()
    return job.id if job is not None else f"papyrus-unqueued-{uuid.uuid4().hex[:12]}"


@observed
def advance_game(game_id: str, version: int) -> bool:
    """Run the automatic phase due at ``version``; a late or duplicate job finds it gone and does nothing."""
    return context.service().processor.advance_game(game_id, version)


@observed
def bot_move(game_id: str, seat: int, version: int, attempt: int = 0) -> bool:
    """Submit the bot's move for ``seat`` at ``version`` (idempotent command id per attempt)."""
    return context.service().stand_ins.bot_move(game_id, seat, version, attempt)


@observed
def timeout_seat(game_id: str, seat: int) -> bool:
    """Submit the timeout command of a seat whose deadline passed (actor "timeout")."""
    return context.service().stand_ins.timeout_seat(game_id, seat)


@observed
def record_finished_game(game_id: str) -> bool:
    """Index a finished game (archive, profiles) and fold it into its game's ratings."""
    return context.service().social.record_finished(game_id)


@observed
def archive_games() -> int:
    """Archive the finished games due now (services/archive/), for half a minute at most; how many."""
    return context.service().archive.archive_due()


def remind_seat(game_id: str, seat: int, since: int) -> bool:
    """Send the reminder that a quarter of the seat's time is left (once a turn, services/clocks/)."""
    return context.service().components.reminders.remind(game_id, seat, since)


def deliver_notifications(game_id: str) -> int:
    """Deliver the game's outbox (mails, webhooks); the number of outbox entries done."""
    return context.service().notifications.delivery.deliver_game(game_id)


@observed
def analyse_position(game_id: str, version: int, seat: int) -> bool:
    """The search bot's analysis of a finished game's position for a seat, cached (services/analysis.py)."""
    context.service().analyse_position(game_id, version, seat)
    return True


@observed
def absence_over(account: str) -> int:
    """An absence of ``account`` ended: settle its running games again, so frozen clocks run on."""
    return context.service().absences.resettle(account)
