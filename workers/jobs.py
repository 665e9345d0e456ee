"""The RQ job functions. Each takes ids only and resolves its connections through workers.context."""

from __future__ import annotations

from workers import context
from workers.observed_jobs import observed


@observed
def process_game(game_id: str) -> int:
    """Decide the game's queued commands in order, then project and schedule what follows; then the same for
    the games waiting for a decision (one job serves many games under load)."""
    return context.service().processor.process_game_and_waiting(game_id)


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


def remind_seat(game_id: str, seat: int, since: int) -> bool:
    """Send the reminder that a quarter of the seat's time is left (once a turn, services/clocks/)."""
    return context.service().processor.next_steps.clocks.remind(game_id, seat, since)


def deliver_notifications(game_id: str) -> int:
    """Deliver the game's outbox (mails, webhooks); the number of outbox entries done."""
    return context.service().notifications.delivery.deliver_game(game_id)
