"""After the log moved: write the projections, schedule what must happen next, and record when the game is
next due (services/store/due_index.py).

Game over: its streams compacted, dropped from the running set and the due index, indexed and rated by a
job. Nobody to act: the automatic phase is scheduled (after the advance delay). A bot to act: ``bot_move``,
retried with another seed, then the timeout command. A player on a clock: ``timeout_seat`` at the deadline and
``remind_seat`` at a quarter left. A paused table: nothing runs. Every step is idempotent.
"""

from __future__ import annotations

import logging

import redis
from redis.commands.core import Script

from services.observability import metrics
from services.processing.clock_steps import ClockSteps
from services.processing.game_in_job import GameInJob
from services.processing.job_scheduler import JobScheduler
from services.processing.ready_games import NextGame
from services.processing.stand_ins import MAX_BOT_ATTEMPTS, bot_command_id
from services.read_side.projections import GameAtVersion, Projections
from services.results import GameMeta
from services.settings import Settings
from services.store.archive_catalog import ArchiveCatalog
from services.store.command_inbox import CommandInbox
from services.store.compaction import Compaction
from services.store.due_index import DueIndex
from services.store.event_store import EventStore, Head
from services.store.lua_scripts import PipelineFill
from services.store.meta_store import MetaStore
from services.store.records import epoch_of
from services.table.ranking import finished

log = logging.getLogger(__name__)


class GameOver:
    """What a finished game's settle does: its final projections, out of the running set, its leftovers
    dropped and streams compacted, indexed and rated by a job, archived later (with an archive)."""

    def __init__(
        self,
        settings: Settings,
        projections: Projections,
        meta: MetaStore[GameMeta],
        compaction: Compaction,
        scheduler: JobScheduler,
        archive_catalog: ArchiveCatalog,
    ) -> None:
        self._settings = settings
        self._projections = projections
        self._meta = meta
        self._compaction = compaction
        self._scheduler = scheduler
        self._archive_catalog = archive_catalog

    def close(self, at: GameAtVersion, now: float) -> None:
        game_id = at.game_id
        self._projections.write(at, check_first=False)
        self._meta.set_running(game_id, False)
        self._compaction.drop_leftovers(game_id)
        self._compaction.finished_game(game_id)
        self._scheduler.finished(game_id)
        if self._settings.archive_url:
            self._archive_catalog.schedule(game_id, now + self._settings.archive_after)


class TurnJobs:
    """The jobs that play a turn no player plays: the automatic step (after the advance delay) and a bot's
    move (retried with another seed, then the timeout command)."""

    def __init__(
        self, settings: Settings, store: EventStore, inbox: CommandInbox, scheduler: JobScheduler
    ) -> None:
        self._settings = settings
        self._store = store
        self._inbox = inbox
        self._scheduler = scheduler

    def advance(self, game_id: str, head: Head) -> float:
        """Schedule the automatic step after ``head``; when it is due: the advance delay after the event
        that reached it (now, without a delay)."""
        self._scheduler.advance(game_id, head.version)
        settings = self._settings
        if settings.advance_delay <= 0:
            return settings.clock()
        reached = self._store.read(game_id, after=head.version - 1, upto=head.version)
        since = epoch_of(reached[-1].at) if reached else settings.clock()
        return since + settings.advance_delay

    def bot_attempt(self, game_id: str, seat: int, version: int) -> int:
        """How many bot moves for ``seat`` at ``version`` were refused so far."""
        attempt = 0
        while True:
            outcome = self._inbox.outcome(game_id, bot_command_id(seat, version, attempt))
            if outcome is None or outcome.status == "accepted":
                return attempt
            attempt += 1

    def bot_move(self, game_id: str, seat: int, version: int, delay: float = 0.0) -> bool:
        """Schedule the bot's move (after ``delay`` seconds); False (logged) once every attempt at this
        version was refused."""
        attempt = self.bot_attempt(game_id, seat, version)
        if attempt > MAX_BOT_ATTEMPTS:
            log.error(
                "game %s: every move of the bot in seat %s was refused at version %s", game_id, seat, version
            )
            return False
        self._scheduler.bot_move(game_id, seat, version, attempt, delay)
        return True


class NextSteps:
    def __init__(
        self,
        settings: Settings,
        projections: Projections,
        due: DueIndex,
        clocks: ClockSteps,
        turns: TurnJobs,
        game_over: GameOver,
    ) -> None:
        self._settings = settings
        self._projections = projections
        self._due = due
        self.clocks = clocks
        self.turns = turns
        self._game_over = game_over
        self.bot_grace = settings.bot_grace  # how long bots wait after a player's own move

    def settle(self, job: GameInJob, decided_at: float | None = None, ahead: NextGame | None = None) -> None:
        """Project the job's game at its head (with its state folded up to it), schedule what comes next and
        record when the game is next due; ``decided_at``: when the first command this projection shows was
        decided; the job's ``acted``: the seats' commands accepted since the last settle, in order
        (services/processing/clock_steps.py); ``ahead``: the decision job's next game, taken in the round
        trip that records when this one is due."""
        game, game_id, meta, head, state = job.game, job.id, job.meta, job.head, job.state
        now = self._settings.clock()
        at = GameAtVersion(game, game_id, meta.seats, head.version, state, meta.table)
        if finished(game, state, meta.table):
            self._game_over.close(at, now)
            metrics.projection_written(game.name, decided_at, now)
            self._record_due(game_id, None, head, now, ahead)
            return
        # the clocks before the projections: a view read once they are written shows its version's clocks
        due = self._schedule_next(job, now)
        projections_ = self._projections

        def projections(pipe: redis.client.Pipeline) -> list[Script]:
            projections_.write(at, check_first=False, pipe=pipe)
            return projections_.scripts

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

        replies = self._due.record(game_id, due, head, now, first=fill)
        if ahead is not None:
            ahead.taken(replies[0])

    def _schedule_next(self, job: GameInJob, now: float) -> float | None:
        """Track the clocks and schedule what comes next in a running game (no bot moves while the table is
        paused); answers when it is next due (None: not due)."""
        game, game_id, meta, head, state = job.game, job.id, job.meta, job.head, job.state
        to_act = game.to_act(state)
        bots = meta.bot_seats()
        clock_due = self.clocks.track(game_id, meta, to_act - bots, head.version, job.acted)
        if not to_act:
            return self.turns.advance(game_id, head)
        playing = set() if meta.table.paused else to_act & bots
        grace = self._bot_grace(job, bots)
        due = [
            now + grace for seat in sorted(playing) if self.turns.bot_move(game_id, seat, head.version, grace)
        ]
        return min([*due, *clock_due], default=None)

    def _bot_grace(self, job: GameInJob, bots: set[int]) -> float:
        """How long bots wait before moving: the grace setting after a player's own move in this job, so
        that the player may still take it back before a bot acts (no undo crosses another seat's move);
        none after an undo, a bot's move or an automatic step."""
        human_moved = any(not step.undo and step.seat not in bots for step in job.acted)
        return self.bot_grace if human_moved else 0.0
