"""After the log moved: write the projections, schedule whatever must happen next, and record when the game
is next due in the due index (services/store/due_index.py), which the sweep reads.

* game over: it leaves the running set and the due index; its deadlines, process flag, snapshot and
  wake-up stream are dropped and its streams archived (services/store/archive.py); a job indexes it and
  folds it into its game's ratings (``record_finished_game``, services/social/);
* nobody to act: the automatic phase is scheduled as ``advance_game(<id>, <version>)`` (after the advance
  delay; at delay 0 the worker's job has already run it inline, so this path serves the first phase after
  the start request and a configured delay); due after the delay;
* a bot must act: ``bot_move(<id>, <seat>, <version>, <attempt>)``, due at once; a refused bot move is
  retried with another seed, then with the game's timeout command, then left (logged) for an operator;
* a player must act and the game has a clock: that seat's turn runs on its clock (services/clocks/, once per
  turn), a ``timeout_seat`` job is scheduled at its deadline and a ``remind_seat`` job when a quarter of
  its time is left (services/processing/clock_steps.py); due at the earliest of them;
* a player must act and the game has no clock: nothing is due;
* the table is paused: no bot moves and every running turn is frozen.

Every step is idempotent (versioned projections, deterministic job ids), so running it twice is harmless.
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from redis.commands.core import Script

from domain.engine import Game
from services import keys
from services.observability import metrics
from services.parts import Parts
from services.processing.clock_steps import ClockSteps
from services.processing.ready_games import NextGame
from services.processing.stand_ins import MAX_BOT_ATTEMPTS, bot_command_id
from services.results import GameMeta
from services.store.event_store import FINISHED_DECIDED_TTL_MS, Head
from services.store.lua_scripts import PipelineFill
from services.store.records import epoch_of
from services.table.ranking import finished

log = logging.getLogger(__name__)


class NextSteps:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts
        self.clocks = ClockSteps(parts)

    def settle(
        self,
        game: Game,
        game_id: str,
        meta: GameMeta,
        head: Head | None = None,
        state: Any = None,
        decided_at: float | None = None,
        acted: set[int] | None = None,
        ahead: NextGame | None = None,
    ) -> None:
        """Project the game at ``head`` (with ``state`` folded up to it; both loaded when not given),
        schedule what comes next and record when the game is next due; ``decided_at``: when the first
        command this projection shows was decided; ``acted``: the seats whose commands were accepted since
        the last settle (their turns ended); ``ahead``: the decision job's next game, taken in the round
        trip that records when this one is due."""
        parts = self._parts
        if head is None:
            head, state = parts.states.load(game, game_id)
        now = parts.settings.clock()
        if finished(game, state, meta.table):
            parts.projections.write(
                game, game_id, meta.seats, head.version, state, check_first=False, table=meta.table
            )
            metrics.projection_written(game.name, decided_at, now)
            parts.meta.set_running(game_id, False)
            drop_leftovers(parts.redis, game_id)
            parts.archive.finished_game(game_id)
            parts.scheduler.finished(game_id)
            self._record_due(game_id, None, head, now, ahead)
            return
        # the clocks before the projections: a view read once they are written shows its version's clocks
        due = self._schedule_next(game, game_id, meta, head, state, now, acted or set())

        def projections(pipe: redis.client.Pipeline) -> list[Script]:
            parts.projections.write(
                game, game_id, meta.seats, head.version, state, check_first=False, table=meta.table, pipe=pipe
            )
            return parts.projections.scripts

        self._record_due(game_id, due, head, now, ahead, projections)  # one round trip with the projections
        metrics.projection_written(game.name, decided_at, now)

    def _record_due(
        self,
        game_id: str,
        due: float | None,
        head: Head,
        now: float,
        ahead: NextGame | None,
        writes: PipelineFill | None = None,
    ) -> None:
        """Record when the game is next due (DueIndex.record) in one round trip with ``writes`` and, with
        ``ahead``, the take of the decision job's next game."""

        def fill(pipe: redis.client.Pipeline) -> list[Script]:
            taking = ahead.queue(pipe) if ahead is not None else []
            return [*taking, *(writes(pipe) if writes is not None else [])]

        replies = self._parts.due.record(game_id, due, head, now, first=fill)
        if ahead is not None:
            ahead.taken(replies[0])

    def _schedule_next(
        self, game: Game, game_id: str, meta: GameMeta, head: Head, state: Any, now: float, acted: set[int]
    ) -> float | None:
        """Track the clocks and schedule what comes next in a running game (no bot moves while the table is
        paused); answers when it is next due (None: not due)."""
        to_act = game.to_act(state)
        bots = meta.bot_seats()
        clock_due = self.clocks.track(game_id, meta, to_act - bots, head.version, acted)
        if not to_act:
            self._parts.scheduler.advance(game_id, head.version)
            return self._automatic_step_due(game_id, head)
        playing = set() if meta.table.paused else to_act & bots
        due = [now for seat in sorted(playing) if self._schedule_bot(game_id, seat, head.version)]
        return min([*due, *clock_due], default=None)

    def _automatic_step_due(self, game_id: str, head: Head) -> float:
        """When the automatic step after ``head`` is due: the advance delay after the event that reached
        it (now, without a delay)."""
        settings = self._parts.settings
        if settings.advance_delay <= 0:
            return settings.clock()
        reached = self._parts.store.read(game_id, after=head.version - 1, upto=head.version)
        since = epoch_of(reached[-1].at) if reached else settings.clock()
        return since + settings.advance_delay

    def bot_attempt(self, game_id: str, seat: int, version: int) -> int:
        """How many bot moves for ``seat`` at ``version`` were refused so far."""
        attempt = 0
        while True:
            outcome = self._parts.inbox.outcome(game_id, bot_command_id(seat, version, attempt))
            if outcome is None or outcome.status == "accepted":
                return attempt
            attempt += 1

    def _schedule_bot(self, game_id: str, seat: int, version: int) -> bool:
        """Schedule the bot's move; False (logged) once every attempt at this version was refused."""
        attempt = self.bot_attempt(game_id, seat, version)
        if attempt > MAX_BOT_ATTEMPTS:
            log.error(
                "game %s: every move of the bot in seat %s was refused at version %s", game_id, seat, version
            )
            return False
        self._parts.scheduler.bot_move(game_id, seat, version, attempt)
        return True


def drop_leftovers(connection: redis.Redis, game_id: str) -> None:
    """Delete what a finished game no longer needs (keys.finished_game_leftovers) and leave its waiters'
    wake-up stream to expire in FINISHED_DECIDED_TTL_MS (two round trips, once per game: a Redis Cluster
    client's pipeline deletes one key per command)."""
    connection.delete(*keys.finished_game_leftovers(game_id))
    connection.pexpire(keys.decided(game_id), FINISHED_DECIDED_TTL_MS)
