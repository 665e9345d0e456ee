"""Moves nobody typed: the opening setup, bot moves, timed-out seats, and the sweep that repairs lost jobs."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

import msgspec

from domain.engine import Bot, Game
from services import codec, keys
from services.codec import CommandRecord
from services.components import Components
from services.event_store import StaleVersion
from services.followups import MAX_BOT_ATTEMPTS, bot_command_id
from services.meta_store import RUNNING
from services.processor import Processor, new_events
from services.scripts import as_bytes


def queue_command(parts: Components, game_id: str, record: CommandRecord) -> bool:
    """Append a command (idempotent by command_id) and make sure a process_game job will see it."""
    is_new, _ = parts.inbox.submit(game_id, record)
    parts.scheduler.process_game(game_id)
    return is_new


def bot_seed(game_id: str, seat: int, version: int, attempt: int) -> int:
    """The seed of the bot that plays ``seat`` at ``version`` (one per attempt)."""
    label = f"{game_id}:{seat}:{version}:{attempt}"
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")


def bot_for(game: Game, game_id: str, seat: int, version: int, attempt: int) -> Bot:
    """The game's bot for a bot seat, seeded per attempt."""
    return game.bot(bot_seed(game_id, seat, version, attempt))


@dataclass
class SweepReport:
    games: int = 0
    started: int = 0
    processed: int = 0
    settled: int = 0
    timed_out: int = 0


class Automation:
    def __init__(self, parts: Components, processor: Processor) -> None:
        self._parts = parts
        self._processor = processor

    def run_setup(self, game_id: str) -> bool:
        """Draw (or reuse) the secret seed and append the opening events; False if already set up."""
        parts = self._parts
        meta, game = parts.game_of(game_id)
        head = parts.store.head(game_id)
        if head.version > 0:
            return False
        parts.redis.set(keys.seed(game_id), secrets.token_bytes(32), nx=True)
        seed = parts.redis.get(keys.seed(game_id))
        if seed is None:
            raise RuntimeError(f"game {game_id}: no seed")
        options = msgspec.convert(meta["options"], game.Options)
        events = game.setup(meta["seats"], options, as_bytes(seed))
        records = parts.store.build(head, new_events(game, events), "system", None)
        try:
            parts.store.append(game_id, head, records)
        except StaleVersion:
            return False
        self._processor.followups.settle(game, game_id, meta)
        return True

    def bot_move(self, game_id: str, seat: int, version: int, attempt: int = 0) -> bool:
        """Submit the bot's move for ``seat`` if it still must act at ``version``. Attempts after a refusal
        use another seed; the last one plays the game's timeout command."""
        parts = self._parts
        _, game = parts.game_of(game_id)
        head, state = parts.states.load(game, game_id)
        if head.version != version or game.result(state) is not None or seat not in game.to_act(state):
            return False
        if attempt < MAX_BOT_ATTEMPTS:
            command = bot_for(game, game_id, seat, version, attempt).choose(game, state, seat)
        else:
            command = game.timeout_command(state, seat)
        return self._queue(game_id, seat, seat, bot_command_id(seat, version, attempt), command)

    def timeout_seat(self, game_id: str, seat: int) -> bool:
        """Submit ``game.timeout_command`` for ``seat`` (actor "timeout") once its deadline has passed."""
        parts = self._parts
        _, game = parts.game_of(game_id)
        entry = self._processor.followups.deadlines(game_id).get(seat)
        if entry is None or parts.settings.clock() < entry.deadline:
            return False
        _, state = parts.states.load(game, game_id)
        if game.result(state) is not None or seat not in game.to_act(state):
            return False
        command = game.timeout_command(state, seat)
        return self._queue(game_id, seat, "timeout", f"timeout-{seat}-{entry.since}", command)

    def sweep(self) -> SweepReport:
        """Re-create whatever a running game is missing: setup, inbox processing, projections, jobs."""
        parts = self._parts
        report = SweepReport()
        for game_id in parts.meta.running_ids():
            report.games += 1
            if parts.meta.status(game_id) != RUNNING:  # over, but maybe not projected and archived yet
                meta, game = parts.game_of(game_id)
                self._processor.followups.settle(game, game_id, meta, repair=True)
                continue
            head = parts.store.head(game_id)
            if head.version == 0:
                report.started += int(self.run_setup(game_id))
                continue
            behind = parts.projections.version(game_id) < head.version
            if parts.inbox.pending(game_id, head.checkpoint, count=1) or behind:
                report.processed += int(parts.scheduler.process_game(game_id))
                continue
            meta, game = parts.game_of(game_id)
            self._processor.followups.settle(game, game_id, meta, repair=True)
            report.settled += 1
            report.timed_out += self._time_out_overdue(game_id)
        return report

    def _time_out_overdue(self, game_id: str) -> int:
        """Submit the timeout of every seat past its deadline (in case its job ran early or got lost)."""
        now = self._parts.settings.clock()
        overdue = self._processor.followups.deadlines(game_id).items()
        return sum(int(self.timeout_seat(game_id, seat)) for seat, entry in overdue if entry.deadline <= now)

    def _queue(self, game_id: str, seat: int, actor: codec.Actor, command_id: str, command: Any) -> bool:
        record = CommandRecord(
            command_id=command_id,
            seat=seat,
            actor=actor,
            command=msgspec.to_builtins(command),
            expected_version=None,
            at=codec.now_iso(self._parts.settings.clock),
        )
        return queue_command(self._parts, game_id, record)
