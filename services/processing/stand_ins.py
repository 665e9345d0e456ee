"""Moves made in a seat's place: a bot's move, and the game's timeout command for a seat whose time ran
out. Both are queued as commands like a player's, under ids that make them idempotent."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from domain.engine import Bot, Game
from services.observability import metrics
from services.parts import Parts
from services.store.records import Actor, CommandRecord, now_iso

MAX_BOT_ATTEMPTS = 3


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
        _, game = parts.game_of(game_id)
        head, state = parts.states.load(game, game_id)
        if head.version != version or game.result(state) is not None or seat not in game.to_act(state):
            return False
        if attempt < MAX_BOT_ATTEMPTS:
            command = bot_for(game, game_id, seat, version, attempt).choose(game, state, seat)
        else:
            command = game.timeout_command(state, seat)
        return self._queue(game.name, game_id, seat, seat, bot_command_id(seat, version, attempt), command)

    def timeout_seat(self, game_id: str, seat: int) -> bool:
        """Submit ``game.timeout_command`` for ``seat`` (actor "timeout") once its deadline has passed."""
        parts = self._parts
        _, game = parts.game_of(game_id)
        entry = parts.deadlines.of_game(game_id).get(seat)
        if entry is None or parts.settings.clock() < entry.deadline:
            return False
        _, state = parts.states.load(game, game_id)
        if game.result(state) is not None or seat not in game.to_act(state):
            return False
        command = game.timeout_command(state, seat)
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
