"""Decision jobs shared by many games: under load one RQ job decides the commands of many games.

A game waiting is noted in a list on RQ's Redis; a ``process_game`` job is queued only when none is queued
or running, or when more than ``backlog`` games wait for each, up to ``max_jobs`` (``ready_game.lua``).
Each job decides its game, then takes the waiting ones (``take_ready_game.lua``). A job counts by a lease
every take renews: killed, it stops counting when the lease runs out; the upkeep then notes again the game
it held (:data:`RESCUED`: decided though its flag was cleared) and queues a job.
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
LEASE_SECONDS = 5.0  # a decision job counts this long after it was queued or last took a game
JOB_BUDGET = 200
LINGER_BUDGET = 1.0  # seconds one decision job may spend waiting for games, in all
NOT_NOTED = -1  # ready_game.lua's reply when the flag it checks no longer holds the job id it was given
SHORTEST_WAIT = 0.01  # seconds; Redis reads a blocking timeout in milliseconds, and 0 blocks for ever
RESCUED = "!"  # marks a game noted again because the job holding it stopped counting


class Waiting(NamedTuple):
    """A game taken off the list: its id, and whether it was noted again after its job died (then it is
    decided even though its "process job queued" flag is no longer set)."""

    game_id: str
    rescued: bool


def waiting_from(entry: str) -> Waiting:
    """The :class:`Waiting` game a list entry stands for."""
    if entry.startswith(RESCUED):
        return Waiting(entry[len(RESCUED) :], True)
    return Waiting(entry, False)


class ReadyGames:
    """The list of games waiting for a decision and the leases of the decision jobs queued or running, on
    RQ's Redis; ``job_id`` is always the id of the RQ job that holds (or is to hold) a lease."""

    def __init__(
        self,
        rq_connection: redis.Redis,
        max_jobs: int = DECISION_JOBS,
        backlog: int = DECISION_BACKLOG,
        lease: float = LEASE_SECONDS,
    ) -> None:
        self._rq = rq_connection
        self._lease_ms = max(1, round(lease * 1000))
        self._note_limits = [max_jobs, self._lease_ms, backlog]
        self._note = rq_connection.register_script(source("ready_game"))
        self._take = rq_connection.register_script(source("take_ready_game"))

    def note(self, game_id: str, job_id: str) -> bool:
        """Note ``game_id`` as waiting; True if the caller must queue the decision job ``job_id`` (leased)."""
        return self._job_needed(game_id, job_id)

    def job_needed(self, job_id: str) -> bool:
        """True if the decision job ``job_id`` must be queued for the games already noted (leased)."""
        return self._job_needed("", job_id)

    def _job_needed(self, game_id: str, job_id: str) -> bool:
        return job_needed(self._note(keys=_list_and_leases(), args=[game_id, *self._note_limits, job_id]))

    def queue_flagged_note(self, pipe: redis.client.Pipeline, game_id: str, flag: str, job_id: str) -> Script:
        """:meth:`note` queued in ``pipe`` on the store's Redis, which RQ shares, right after the SET NX of
        the game's ``flag`` to ``job_id``: the game is noted only if the flag still holds that id (for
        :func:`services.store.lua_scripts.execute_with_scripts`; the reply goes to :func:`job_needed`, and
        is :data:`NOT_NOTED` otherwise)."""
        arguments = [game_id, *self._note_limits, job_id]
        return queue_script(pipe, self._note, [*_list_and_leases(), flag], arguments)

    def take(self, job_id: str, keep_counting: bool = False) -> Taken:
        """The game that has waited longest, taken off the list by the job ``job_id`` (its lease renewed);
        none when the list is empty, and then the job no longer counts, unless ``keep_counting`` (it is
        about to wait for one) and no other job counts."""
        return taken_from(self._take(keys=_list_and_leases(), args=self._take_args(job_id, keep_counting)))

    def queue_take(self, pipe: redis.client.Pipeline, job_id: str, keep_counting: bool) -> Script:
        """:meth:`take` queued in ``pipe`` on the store's Redis, which RQ shares (for
        :func:`services.store.lua_scripts.execute_with_scripts`; the reply goes to :meth:`NextGame.taken`)."""
        return queue_script(pipe, self._take, _list_and_leases(), self._take_args(job_id, keep_counting))

    def _take_args(self, job_id: str, keep_counting: bool) -> list[str | int]:
        return [int(keep_counting), job_id, self._lease_ms]

    def wait(self, timeout: float) -> str | None:
        """The next game noted within ``timeout`` seconds (a blocking pop, at least
        :data:`SHORTEST_WAIT`: a timeout Redis reads as 0 would block for ever), None if none was; the
        calling job still counts."""
        found = self._rq.blpop([keys.ready_games()], timeout=max(timeout, SHORTEST_WAIT))
        return as_str(found[1]) if found else None

    def hold(self, job_id: str, entry: str) -> None:
        """The job ``job_id`` holds the game it popped (:meth:`wait`): should it die with it, the game is
        noted again once its lease runs out."""
        self._rq.hset(keys.decision_job_holds(), job_id, entry)

    def waiting(self) -> int:
        """How many games are noted as waiting for a decision (a game may be noted twice)."""
        return int(self._rq.llen(keys.ready_games()))

    def counted(self) -> int:
        """How many decision jobs hold a lease that has not run out."""
        seconds, microseconds = self._rq.time()
        return int(
            self._rq.zcount(keys.decision_job_leases(), f"({seconds * 1000 + microseconds // 1000}", "+inf")
        )

    def forget_jobs(self) -> None:
        """Forget the games noted and the decision jobs counted: no job of theirs is queued or running (a
        store restored from its file without its jobs), and every game they stood for is still due."""
        self._rq.delete(*_list_and_leases())

    def job_stops(self, job_id: str) -> None:
        """The job ``job_id`` stops counting while games still wait (it used up its budget)."""
        pipe = self._rq.pipeline(transaction=False)
        pipe.zrem(keys.decision_job_leases(), job_id)
        pipe.hdel(keys.decision_job_holds(), job_id)
        pipe.execute()


def _list_and_leases() -> list[str]:
    """The keys of the games noted as waiting, of the decision jobs' leases and of the games they hold
    (every script's first three)."""
    return [keys.ready_games(), keys.decision_job_leases(), keys.decision_job_holds()]


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

    def __init__(self, ready: ReadyGames, job_id: str, keep_counting: bool) -> None:
        self._ready = ready
        self._job_id = job_id
        self.keep_counting = keep_counting  # as :meth:`ReadyGames.take` was asked to
        self.answered = False
        self.found = Taken(None, True)

    def queue(self, pipe: redis.client.Pipeline) -> list[Script]:
        """Queue the take in ``pipe``; its reply goes to :meth:`taken`."""
        return [self._ready.queue_take(pipe, self._job_id, self.keep_counting)]

    def taken(self, reply: Any) -> None:
        self.answered = True
        self.found = taken_from(reply)


def _wait_allowed(linger: float, lingered: float) -> float:
    """How long the job may still wait for a game (less than :data:`SHORTEST_WAIT`: it may not)."""
    return min(linger, LINGER_BUDGET - lingered)


def _next_game(
    ready: ReadyGames, job_id: str, linger: float, lingered: list[float], ahead: NextGame | None = None
) -> str | None:
    """The next waiting game: taken at once (or already, by ``ahead``), or, when no other job counts, after
    waiting up to ``linger`` seconds while the job's linger budget lasts (``lingered`` holds the seconds
    spent waiting so far); None: the job no longer counts, and ends."""
    timeout = _wait_allowed(linger, lingered[0])
    may_wait = timeout >= SHORTEST_WAIT
    found = ahead.found if ahead is not None and ahead.answered else ready.take(job_id, may_wait)
    if found.game_id is not None or not (may_wait and found.counting):
        return found.game_id
    started = time.monotonic()
    game_id = ready.wait(timeout)
    lingered[0] += time.monotonic() - started
    if game_id is None:
        return ready.take(job_id).game_id
    ready.hold(job_id, game_id)
    return game_id


def decide_ready_games(
    ready: ReadyGames,
    job_id: str,
    decide_if_queued: Callable[[str, NextGame | None, bool], int],
    queue_follow_up: Callable[[], object],
    linger: float = 0.0,
    take_ahead: bool = False,
) -> int:
    """What the decision job ``job_id`` does after deciding its own game: decide the games waiting in the
    list (waiting up to ``linger`` seconds for one when it is empty), up to :data:`JOB_BUDGET` of them,
    each only if it still has a command queued; returns how many commands were decided. With
    ``take_ahead`` each game's settle takes the next one (``decide_if_queued``'s :class:`NextGame`; its
    last argument False for a game noted again after its job died, decided whatever its flag says). A game
    that fails is logged and left to the sweep (it stays due); the others go on."""
    decided, lingered = 0, [0.0]
    ahead: NextGame | None = None
    for left in range(JOB_BUDGET - 1, -1, -1):
        entry = _next_game(ready, job_id, linger, lingered, ahead)
        if entry is None:
            return decided
        game_id, rescued = waiting_from(entry)
        keep_counting = _wait_allowed(linger, lingered[0]) >= SHORTEST_WAIT
        ahead = NextGame(ready, job_id, keep_counting) if take_ahead and left else None
        try:
            decided += decide_if_queued(game_id, ahead, not rescued)
        except (*STORE_UNAVAILABLE, BaseTimeoutException):
            raise  # an outage is ridden out by the worker, a job timeout ends the job
        except Exception:
            log.exception("game %s: deciding its queued commands failed; the sweep will retry", game_id)
    ready.job_stops(job_id)
    queue_follow_up()
    return decided
