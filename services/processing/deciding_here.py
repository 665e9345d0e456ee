"""Deciding a player's command in the API's request, right after it was queued (``PAPYRUS_DECIDE_IN_API``).

The command is in the inbox and its game marked due before anything is decided, so a crash leaves it to the
sweep. The decision is the workers' own (``GameProcessor.process_game``), on a state cache of the API's;
one thread of a process decides a game at a time, and ``append.lua`` refuses whatever another decider
appended first (``StaleVersion``: reload, carry on), so each command is decided once, in inbox order.
"""

from __future__ import annotations

import logging
import zlib
from threading import Lock
from typing import Any

from services.processing.game_processor import GameProcessor
from services.store.command_inbox import Decided
from services.store.read_batch import Read

log = logging.getLogger(__name__)
STRIPES = 256  # locks per process, a game's chosen by its id: two games rarely share one


class DecidingHere:
    """The API's decisions: ``processor`` has a state cache of its own (folded in place, so a game's
    decisions in this process take its lock)."""

    def __init__(self, processor: GameProcessor) -> None:
        self._processor = processor
        self._locks = [Lock() for _ in range(STRIPES)]

    def decide(self, game_id: str, command_id: str, queueing: Read[Any] | None = None) -> Decided | None:
        """Decide the game's queued commands, ``command_id`` among them (queued by ``queueing``, a checked
        read, in the round trip of the decision's first reads, when given); its outcome and records when
        this call decided it, None when another decider did (or nobody yet). Raises what the decision
        raised: the caller then leaves the command to a worker (once it is queued)."""
        with self._locks[zlib.crc32(game_id.encode()) % STRIPES]:
            return self._processor.decide_for(game_id, command_id, queueing)
