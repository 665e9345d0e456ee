"""Moves made in a seat's place: a bot's move, and what the clock does for a seat whose time ran out (by the
game's clock policy: the game's timeout command, a bot standing in until the player reclaims the seat, or a
forfeit, or, in a game whose opponents choose, the question to the other players, its end and its ruling
"pass"). Both are queued as commands like a player's, under ids that make them idempotent."""

from __future__ import annotations

import hashlib
import time
from typing import Any

import msgspec

from domain.bots import LEVELS, bot_kinds, make_bot
from domain.engine import Bot, Game
from domain.registry import get_game
from domain.search import Budget, SearchBot
from services.clocks.config import ClockConfig
from services.clocks.deadlines import Deadline
from services.observability import metrics
from services.processing.absences import Absences
from services.processing.bot_thinking import BotThinking
from services.processing.clock_steps import ClockSteps, choice_due
from services.processing.command_queue import CommandQueue
from services.results import GameMeta
from services.settings import Settings
from services.store.meta_store import MetaStore
from services.store.records import Actor, CommandRecord, now_iso
from services.table.choice import PASS, voters
from services.table.commands import CloseChoice, TableCommand, TimeOutAsk, TimeOutForfeit, TimeOutToBot
from services.table.ranking import finished
from services.table.state_cache import StateCache

MAX_BOT_ATTEMPTS = 3
CASUAL = "casual"
LONGEST_WAIT = 1.0  # seconds a timeout job waits for its deadline (it is due at the whole second before)
WALL_FACTOR = 5  # a search's real time at most this many times its CPU time: a loaded machine slows it
PAST_THE_DEADLINE = 0.01  # ...and how far past it it wakes, so no rounding finds the deadline not yet passed
TIMEOUT_COMMANDS: dict[str, TableCommand] = {"bot": TimeOutToBot(), "forfeit": TimeOutForfeit()}


def bot_command_id(seat: int, version: int, attempt: int) -> str:
    """Bot moves are idempotent per (seat, version, attempt)."""
    return f"bot-{seat}-{version}-{attempt}"


def bot_seed(game_id: str, seat: int, version: int, attempt: int) -> int:
    """The seed of the bot that plays ``seat`` at ``version`` (one per attempt)."""
    label = f"{game_id}:{seat}:{version}:{attempt}"
    return int.from_bytes(hashlib.sha256(label.encode()).digest()[:8], "big")


def bot_level(meta: GameMeta, seat: int, settings: Settings) -> str:
    """The level of the bot playing ``seat``: a seated bot's own (casual for one seated before levels
    existed), the stand-in level for a seat a bot plays in a player's place (time ran out, resigned)."""
    for player in meta.players:
        if player.seat == seat and player.bot:
            return player.level or CASUAL
    return settings.stand_in_level


def search_budget(settings: Settings, times: int = 1) -> Budget:
    """The search bot's budget per move in a worker (``times`` over for an analysis): the settings' time as
    CPU time of the thinking thread, so a busy machine slows a move rather than weakens it, capped at
    ``WALL_FACTOR`` times as much real time, and the settings' samples."""
    think_ms = settings.bot_think_ms * times
    return Budget(
        think_ms=think_ms,
        clock=time.thread_time,
        wall_ms=think_ms * WALL_FACTOR,
        wall_clock=time.perf_counter,
        iterations=settings.bot_iterations * times,
    )


def bot_for(game: Game, level: str, seed: int, settings: Settings) -> Bot:
    """The bot of ``level`` for a seat, seeded per move and attempt; a level the game cannot play (no
    search without ``determinize``) falls back on the game's seat bot."""
    kind = LEVELS.get(level, "")
    if kind not in bot_kinds(game):
        return game.bot(seed)
    return make_bot(game, kind, seed, search_budget(settings))


def clock_command(
    meta: GameMeta, config: ClockConfig, seat: int, turn: tuple[int, int]
) -> tuple[str, TableCommand | None]:
    """What the clock sends for ``seat`` out of time at ``turn`` (the game's version, the version the seat's
    turn started at), with its command id (None: the game's own timeout command). The policy's command,
    unless the opponents choose: then the question to them (once per version, while someone can answer),
    its end once the day to answer is over, or the game's timeout command the ruling "pass" left."""
    version, since = turn
    policy = f"timeout-{seat}-{since}", TIMEOUT_COMMANDS.get(config.policy)
    if not config.opponents_choose:
        return policy
    entry = meta.table.choice_for(seat)
    if entry is not None and entry.open:
        return f"close-{seat}-{version}", CloseChoice(default=config.policy)
    if entry is not None and entry.ruling == PASS:
        return f"timeout-{seat}-{since}", None
    if voters(meta.table, meta.humans(), seat):
        return f"ask-{seat}-{version}", TimeOutAsk()
    return policy


class StandIns:
    def __init__(
        self,
        settings: Settings,
        meta: MetaStore[GameMeta],
        states: StateCache,
        clocks: ClockSteps,
        command_queue: CommandQueue,
        absences: Absences,
    ) -> None:
        self._settings = settings
        self._meta = meta
        self._states = states
        self._clocks = clocks
        self._command_queue = command_queue
        self.absences = absences
        self.thinking: BotThinking | None = None
        """Where a search bot thinks when set (the embedded worker's): beside the job, not in it."""

    def _game_of(self, game_id: str) -> tuple[GameMeta, Game]:
        """The meta and Game of an existing game (KeyError if unknown)."""
        meta = self._meta.get(game_id)
        if meta is None:
            raise KeyError(game_id)
        return meta, get_game(meta.game)

    def bot_move(self, game_id: str, seat: int, version: int, attempt: int = 0) -> bool:
        """Submit the bot's move for ``seat`` if it still must act at ``version``. Attempts after a refusal
        use another seed; the last one plays the game's timeout command. With ``thinking`` set, a search
        bot's move is handed to it and queued from there: False, nothing is queued yet."""
        meta, game = self._game_of(game_id)
        head, state = self._states.load(game, game_id)
        if head.version != version or finished(game, state, meta.table) or seat not in game.to_act(state):
            return False
        if meta.table.paused:
            return False
        command_id = bot_command_id(seat, version, attempt)
        if attempt >= MAX_BOT_ATTEMPTS:
            return self._queue(game.name, game_id, seat, seat, command_id, game.timeout_command(state, seat))
        level = bot_level(meta, seat, self._settings)
        bot = bot_for(game, level, bot_seed(game_id, seat, version, attempt), self._settings)
        if self.thinking is not None and isinstance(bot, SearchBot):
            key = f"{game_id}:{command_id}"
            self.thinking.think(key, lambda: self._thought(game_id, seat, version, command_id, bot))
            return False
        return self._queue(game.name, game_id, seat, seat, command_id, bot.choose(game, state, seat))

    def _thought(self, game_id: str, seat: int, version: int, command_id: str, bot: Bot) -> bool:
        """In the thinking thread: choose the move and queue it, unless the game moved on meanwhile."""
        _, game = self._game_of(game_id)
        head, state = self._states.load(game, game_id)
        if head.version != version:
            return False
        command = bot.choose(game, state, seat)
        if self._states.load(game, game_id)[0].version != version:
            return False
        return self._queue(game.name, game_id, seat, seat, command_id, command)

    def timeout_seat(self, game_id: str, seat: int) -> bool:
        """Once ``seat``'s deadline has passed, submit (actor "timeout") what the game's clock policy says:
        the game's timeout command ("pass"), a bot standing in ("bot") or the seat's forfeit ("forfeit").
        A deadline less than :data:`LONGEST_WAIT` away is waited for (its job is due at the whole second
        before it), and everything is read again after the wait."""
        settings = self._settings
        meta, game, config, entry = self._deadline(game_id, seat)
        early = entry.deadline - settings.clock() if entry is not None else 0.0
        if 0 < early <= LONGEST_WAIT:
            settings.sleep(early + PAST_THE_DEADLINE)
            meta, game, config, entry = self._deadline(game_id, seat)
        if config is None or entry is None or settings.clock() < entry.deadline:
            return False
        head, state = self._states.load(game, game_id)
        if finished(game, state, meta.table) or seat not in game.to_act(state) or meta.table.paused:
            return False
        asked = meta.table.choice_for(seat) if config.opponents_choose else None
        if seat in meta.bot_seats():
            return False
        if asked is None and self.absences.float_vacation(game_id, seat, entry.deadline):
            return False
        command_id, command = clock_command(meta, config, seat, (head.version, entry.since))
        if command is None:
            command = game.timeout_command(state, seat)
        return self._queue(game.name, game_id, seat, "timeout", command_id, command)

    def _deadline(
        self, game_id: str, seat: int
    ) -> tuple[GameMeta, Game, ClockConfig | None, Deadline | None]:
        """The game, its clock and when the clock acts on ``seat``'s running turn (None: none runs): its
        deadline, or later while the other players choose what happens to it."""
        meta, game = self._game_of(game_id)
        config, deadlines, days_off = self._clocks.running(meta)
        entry = deadlines.get(seat)
        if config is not None and entry is not None:
            due = choice_due(meta.table, seat, entry.deadline, config, days_off.get(seat))
            entry = Deadline(entry.since, due)
        return meta, game, config, entry

    def _queue(self, game: str, game_id: str, seat: int, actor: Actor, command_id: str, command: Any) -> bool:
        record = CommandRecord(
            command_id=command_id,
            seat=seat,
            actor=actor,
            command=msgspec.to_builtins(command),
            expected_version=None,
            at=now_iso(self._settings.clock),
        )
        is_new = self._command_queue.queue_command(game_id, record)
        if is_new:
            metrics.command_submitted(game, "bot" if actor == seat else "timeout")
        return is_new
