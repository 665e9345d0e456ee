"""Moves made in a seat's place: a bot's move, and what the clock does for a seat whose time ran out (by the
game's clock policy: the game's timeout command, a bot standing in until the player reclaims the seat, or a
forfeit). Both are queued as commands like a player's, under ids that make them idempotent."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from domain.engine import Bot, Game
from services.clocks.config import effective_clock
from services.observability import metrics
from services.parts import Parts
from services.store.records import Actor, CommandRecord, now_iso
from services.table.commands import TableCommand, TimeOutForfeit, TimeOutToBot
from services.table.ranking import finished

MAX_BOT_ATTEMPTS = 3
TIMEOUT_COMMANDS: dict[str, TableCommand] = {"bot": TimeOutToBot(), "forfeit": TimeOutForfeit()}


def bot_command_id(seat: int, version: int, attempt: int) -> str:
    """Bot moves are idempotent per (seat, version, attempt)."""
    return f"bot-{seat}-{version}-{attempt}"


def bot_seed(game_id: str, seat: int, version: int, attempt: int) -> int:
    """The seed of the bot that plays ``seat`` at ``version`` (one per attempt)."""
    label = f"{game_id}:{seat}:{version}:{attempt}"
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")


def bot_for(game: Game, game_id: str, seat: int, version: int, attempt: int) -> Bot:
    """The game's bot for a bot seat, seeded per attempt."""
    return game.bot(bot_seed(game_id, seat, version, attempt))


class StandIns:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def bot_move(self, game_id: str, seat: int, version: int, attempt: int = 0) -> bool:
        """Submit the bot's move for ``seat`` if it still must act at ``version``. Attempts after a refusal
        use another seed; the last one plays the game's timeout command."""
        parts = self._parts
        meta, game = parts.game_of(game_id)
        head, state = parts.states.load(game, game_id)
        if head.version != version or finished(game, state, meta.table) or seat not in game.to_act(state):
            return False
        if meta.table.paused:
            return False
        if attempt < MAX_BOT_ATTEMPTS:
            command = bot_for(game, game_id, seat, version, attempt).choose(game, state, seat)
        else:
            command = game.timeout_command(state, seat)
        return self._queue(game.name, game_id, seat, seat, bot_command_id(seat, version, attempt), command)

    def timeout_seat(self, game_id: str, seat: int) -> bool:
        """Once ``seat``'s deadline has passed, submit (actor "timeout") what the game's clock policy says:
        the game's timeout command ("pass"), a bot standing in ("bot") or the seat's forfeit ("forfeit")."""
        parts = self._parts
        meta, game = parts.game_of(game_id)
        config = effective_clock(meta.clock, parts.settings.move_timeout)
        entry = parts.deadlines.of_game(game_id, config).get(seat)
        if config is None or entry is None or parts.settings.clock() < entry.deadline:
            return False
        _, state = parts.states.load(game, game_id)
        if finished(game, state, meta.table) or seat not in game.to_act(state) or meta.table.paused:
            return False
        if seat in meta.bot_seats():
            return False
        command = TIMEOUT_COMMANDS.get(config.policy) or game.timeout_command(state, seat)
        return self._queue(game.name, game_id, seat, "timeout", f"timeout-{seat}-{entry.since}", command)

    def _queue(self, game: str, game_id: str, seat: int, actor: Actor, command_id: str, command: Any) -> bool:
        record = CommandRecord(
            command_id=command_id,
            seat=seat,
            actor=actor,
            command=msgspec.to_builtins(command),
            expected_version=None,
            at=now_iso(self._parts.settings.clock),
        )
        is_new = self._parts.queue_command(game_id, record)
        if is_new:
            metrics.command_submitted(game, "bot" if actor == seat else "timeout")
        return is_new
