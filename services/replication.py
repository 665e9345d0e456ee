"""Replicas that must hold a submitted command before the API answers for it (``PAPYRUS_REQUIRE_REPLICAS``).

Redis with ``appendfsync everysec`` can lose about the last second of writes when its machine fails. With
``PAPYRUS_REQUIRE_REPLICAS=n`` a submitted command is appended and then, on the same connection, Redis
``WAIT n PAPYRUS_WAIT_TIMEOUT_MS`` makes sure n replicas hold it before the API answers 200 or 202. If fewer
acknowledge in time, the command is still stored on the primary and still queued to be decided; the API
answers 503 ``store_unavailable`` with ``Retry-After``, and the client may poll the command's outcome or
resubmit the same ``command_id`` (a resubmission never plays it twice, and waits for the replicas again).
"""

from __future__ import annotations

import math

from services.errors import ServiceError
from services.parts import Parts
from services.store.records import CommandRecord


def queue_confirmed_command(
    parts: Parts, game_id: str, record: CommandRecord, decide: bool = True, fingerprint: bytes = b""
) -> None:
    """Append a command (a known one is not appended again), wait for the required replicas, and with
    ``decide`` make sure a job will decide it (a finished game's resubmission needs none); 503 when the
    replicas did not all acknowledge in time (the command stays stored and queued). With the body's
    ``fingerprint``, :class:`services.store.command_inbox.CommandIdReused` if the command_id was first sent
    with another body."""
    required, timeout_ms = parts.settings.require_replicas, parts.settings.replica_wait_ms
    acknowledged = parts.inbox.submit_replicated(game_id, record, required, timeout_ms, fingerprint)
    if decide:
        parts.schedule_decision(game_id)
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
