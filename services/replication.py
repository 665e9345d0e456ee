"""Replicas that must hold a submitted command before the API answers for it (``PAPYRUS_REQUIRE_REPLICAS``).

After the append, Redis ``WAIT n PAPYRUS_WAIT_TIMEOUT_MS`` on the same connection makes sure n replicas hold
it before the API answers 200 or 202, so a machine failure loses no answered command. If fewer acknowledge in
time the command stays stored and queued; the API answers 503 ``store_unavailable`` and the client polls the
outcome or resubmits the same ``command_id`` (never played twice).
"""

from __future__ import annotations

import math

from services.errors import ServiceError
from services.processing.command_queue import CommandQueue
from services.settings import Settings
from services.store.records import CommandRecord


def queue_confirmed_command(
    queue: CommandQueue,
    settings: Settings,
    game_id: str,
    record: CommandRecord,
    decide: bool,
    fingerprint: bytes,
) -> None:
    """Append a command (a known one is not appended again), wait for the required replicas, and with
    ``decide`` make sure a job will decide it (a finished game's resubmission needs none); 503 when the
    replicas did not all acknowledge in time (the command stays stored and queued). With the body's
    ``fingerprint``, :class:`services.store.command_inbox.CommandIdReused` if the command_id was first sent
    with another body."""
    required, timeout_ms = settings.require_replicas, settings.replica_wait_ms
    acknowledged = queue.inbox.submit_replicated(game_id, record, required, timeout_ms, fingerprint)
    if decide:
        queue.schedule_decision(game_id)
    if acknowledged < required:
        raise ServiceError(
            503,
            "store_unavailable",
            f"The command is stored, but only {acknowledged} of the {required} replicas required "
            f"acknowledged it within {timeout_ms} ms. It will still be decided: poll its outcome, or "
            f"resubmit it with the same command_id later.",
            field=None,
            retry_after=max(1, math.ceil(timeout_ms / 1000)),
        )
