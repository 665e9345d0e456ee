"""Decision jobs shared by many games: under load one RQ job decides the commands of many games.

RQ's own work for one job (dequeue, fetch, status, registries, heartbeat, result: about 16 round trips and
as much CPU as deciding and projecting a command) was paid once per command. Now a game waiting for a
decision is noted in a list on RQ's Redis (:data:`keys.ready_games`), and a ``process_game`` job is queued
when none is queued or running, or when more than ``backlog`` games wait for each one that is, up to
``max_jobs`` (``ready_game.lua``, one step): one job decides the games one by one while it keeps up, so a
game stays with one worker, whose state of it is current (with two jobs sharing the games of a 2-core
machine, a command cost a worker a tenth more CPU, BENCHMARKS.md), and more jobs share the games only when
they pile up. Each ``process_game(<id>)`` job decides its own game, then takes the games waiting in the
list, one at a time, until it finds it empty, which ends its count in the same step
(``take_ready_game.lua``; after :data:`JOB_BUDGET` games it stops counting and queues a follow-up job if
needed). Under load the running jobs take the games noted meanwhile, and no job is queued for them. At a
moderate rate the list is often empty for a moment only: the one job left counting that finds it empty
first waits up to ``decision_linger`` seconds for one more game (a blocking pop, still counted, so the API
queues no job meanwhile; any other job ends), at most :data:`LINGER_BUDGET` seconds in all, so that other
jobs on the queue (bot moves, deadlines, mail) never wait long behind it.
Each game so taken costs one round trip instead of RQ's whole job cycle, and is picked up at once.

Nothing here is trusted to remember work: the game's "process queued" flag (on the store) is set before it
is noted, and a game taken from the list is decided only if its flag is still set (deciding a game clears
it: a game decided meanwhile, by its own job or by the sweep, is skipped). A list or count lost with RQ's
Redis, or a job lost after it started, leaves its games in the due index, where the sweep finds them
(services/processing/sweep.py); the count expires :data:`COUNT_TTL_SECONDS` after it was last raised (a
job killed while it ran keeps counting until then).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import redis
from redis.commands.core import Script
from rq.timeouts import BaseTimeoutException

from services import keys
from services.settings import DECISION_BACKLOG, DECISION_JOBS
from services.store.lua_scripts import queue_script, source
from services.store.replies import as_int, as_str
from services.store.unavailable import STORE_UNAVAILABLE

log = logging.getLogger(__name__)
COUNT_TTL_SECONDS = 10
JOB_BUDGET = 200
LINGER_BUDGET = 1.0  # seconds one decision job may spend waiting for games, in all
NOT_NOTED = -1  # ready_game.lua's reply when the flag it checks no longer holds the job id it was given
SHORTEST_WAIT = 0.01  # seconds; Redis reads a blocking timeout in milliseconds, and 0 blocks for ever


class ReadyGames:
    """The list of games waiting for a decision and the count of decision jobs queued or running, on RQ's
    Redis."""

    def __init__(
        self, rq_connection: redis.Redis, max_jobs: int = DECISION_JOBS, backlog: int = DECISION_BACKLOG
    ) -> None:
        self._rq = rq_connection
        self._note_limits = [max_jobs, COUNT_TTL_SECONDS, backlog]
        self._note = rq_connection.register_script(source("ready_game"))
        self._take = rq_connection.register_script(source("take_ready_game"))

    def note(self, game_id: str) -> bool:
        """Note ``game_id`` as waiting; True if the caller must queue a decision job (counted as queued)."""
        return self._job_needed(game_id)

    def job_needed(self) -> bool:
        """True if a decision job must be queued for the games already noted (counted as queued)."""
        return self._job_needed("")

    def _job_needed(self, game_id: str) -> bool:
        return job_needed(self._note(keys=_list_and_count(), args=[game_id, *self._note_limits]))

    def queue_flagged_note(self, pipe: redis.client.Pipeline, game_id: str, flag: str, job_id: str) -> Script:
        """:meth:`note` queued in ``pipe`` on the store's Redis, which RQ shares, right after the SET NX of
        the game's ``flag`` to ``job_id``: the game is noted only if the flag still holds that id (for
        :func:`services.store.lua_scripts.execute_with_scripts`; the reply goes to :func:`job_needed`, and
        is :data:`NOT_NOTED` otherwise)."""
        arguments = [game_id, *self._note_limits, job_id]
        return queue_script(pipe, self._note, [*_list_and_count(), flag], arguments)

    def take(self, keep_counting: bool = False) -> Taken:
        """The game that has waited longest, taken off the list; none when the list is empty, and then the
        calling job no longer counts, unless ``keep_counting`` (it is about to wait for one) and no other
        job counts."""
        return taken_from(self._take(keys=_list_and_count(), args=[int(keep_counting)]))

    def queue_take(self, pipe: redis.client.Pipeline, keep_counting: bool) -> Script:
        """:meth:`take` queued in ``pipe`` on the store's Redis, which RQ shares (for
        :func:`services.store.lua_scripts.execute_with_scripts`; the reply goes to :meth:`NextGame.taken`)."""
        return queue_script(pipe, self._take, _list_and_count(), [int(keep_counting)])

    def wait(self, timeout: float) -> str | None:
        """The next game noted within ``timeout`` seconds (a blocking pop, at least
        :data:`SHORTEST_WAIT`: a timeout Redis reads as 0 would block for ever), None if none was; the
        calling job still counts."""
        found = self._rq.blpop([keys.ready_games()], timeout=max(timeout, SHORTEST_WAIT))
        return as_str(found[1]) if found else None

    def waiting(self) -> int:
        """How many games are noted as waiting for a decision (a game may be noted twice)."""
        return int(self._rq.llen(keys.ready_games()))

    def forget_jobs(self) -> None:
        """Forget the games noted and the decision jobs counted: no job of theirs is queued or running (a
        store restored from its file without its jobs), and every game they stood for is still due."""
        self._rq.delete(*_list_and_count())

    def job_stops(self) -> None:
        """The calling job stops counting while games still wait (it used up its budget)."""
        self._rq.decr(keys.decision_jobs_queued())


def _list_and_count() -> list[str]:
    """The keys of the games noted as waiting and of the decision jobs counted (every script's first two)."""
    return [keys.ready_games(), keys.decision_jobs_queued()]


class Taken(NamedTuple):
    """What a decision job's take found: the game taken (None: the list was empty), and whether the job
    still counts (it may wait for the next game)."""

    game_id: str | None
    counting: bool


def taken_from(reply: Any) -> Taken:
    """:class:`Taken` from ``take_ready_game.lua``'s reply."""
    if reply is None:
        return Taken(None, True)
    if isinstance(reply, int):  # 0: the list was empty and the job no longer counts
        return Taken(None, counting=False)
    return Taken(as_str(reply), True)


def was_noted(note_reply: Any) -> bool:
    """Whether :meth:`ReadyGames.queue_flagged_note` noted its game."""
    return as_int(note_reply) != NOT_NOTED


def job_needed(note_reply: Any) -> bool:
    """Whether ``ready_game.lua``'s reply asks the caller to queue a decision job (counted as queued)."""
    return as_int(note_reply) == 1


class NextGame:
    """The game a decision job decides next, taken off the list in the last round trip of the game before
    it (its settle) instead of a round trip of its own: one round trip less per game a job takes. Only
    where RQ shares the store's Redis (that round trip is on the store's)."""

    def __init__(self, ready: ReadyGames, keep_counting: bool) -> None:
        self._ready = ready
        self.keep_counting = keep_counting  # as :meth:`ReadyGames.take` was asked to
        self.answered = False
        self.found = Taken(None, True)

    def queue(self, pipe: redis.client.Pipeline) -> list[Script]:
        """Queue the take in ``pipe``; its reply goes to :meth:`taken`."""
        return [self._ready.queue_take(pipe, self.keep_counting)]

    def taken(self, reply: Any) -> None:
        self.answered = True
        self.found = taken_from(reply)


def _wait_allowed(linger: float, lingered: float) -> float:
    """How long the job may still wait for a game (less than :data:`SHORTEST_WAIT`: it may not)."""
    return min(linger, LINGER_BUDGET - lingered)


def _next_game(
    ready: ReadyGames, linger: float, lingered: list[float], ahead: NextGame | None = None
) -> str | None:
    """The next waiting game: taken at once (or already, by ``ahead``), or, when no other job counts, after
    waiting up to ``linger`` seconds while the job's linger budget lasts (``lingered`` holds the seconds
    spent waiting so far); None: the job no longer counts, and ends."""
    timeout = _wait_allowed(linger, lingered[0])
    may_wait = timeout >= SHORTEST_WAIT
    found = ahead.found if ahead is not None and ahead.answered else ready.take(keep_counting=may_wait)
    if found.game_id is not None or not (may_wait and found.counting):
        return found.game_id
    started = time.monotonic()
    game_id = ready.wait(timeout)
    lingered[0] += time.monotonic() - started
    return game_id if game_id is not None else ready.take().game_id


def decide_ready_games(
    ready: ReadyGames,
    decide_if_queued: Callable[[str, NextGame | None], int],
    queue_follow_up: Callable[[], None],
    linger: float = 0.0,
    take_ahead: bool = False,
) -> int:
    """What a decision job does after deciding its own game: decide the games waiting in the list (waiting
    up to ``linger`` seconds for one when it is empty), up to :data:`JOB_BUDGET` of them, each only if it
    still has a command queued (its own game too: noted again for a command that came after the job decided
    it); returns how many commands were decided. With ``take_ahead`` each game's settle takes the next one
    (``decide_if_queued``'s :class:`NextGame`). A game that fails is logged and left to the sweep (it stays
    due); the others go on (the game taken ahead too)."""
    decided, lingered = 0, [0.0]
    ahead: NextGame | None = None
    for left in range(JOB_BUDGET - 1, -1, -1):
        game_id = _next_game(ready, linger, lingered, ahead)
        if game_id is None:
            return decided
        keep_counting = _wait_allowed(linger, lingered[0]) >= SHORTEST_WAIT
        ahead = NextGame(ready, keep_counting) if take_ahead and left else None
        try:
            decided += decide_if_queued(game_id, ahead)
        except (*STORE_UNAVAILABLE, BaseTimeoutException):
            raise  # an outage is ridden out by the worker, a job timeout ends the job
        except Exception:
            log.exception("game %s: deciding its queued commands failed; the sweep will retry", game_id)
    ready.job_stops()
    if ready.job_needed():
        queue_follow_up()
    return decided
