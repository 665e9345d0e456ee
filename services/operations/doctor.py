"""``papyrus doctor``: what is stuck, failed, dead or orphaned in a store, and the repair of each.

Stuck games (due for over a sweep interval, or with work waiting and not due) get their due work done
(:meth:`Sweep.repair`); the game of a failed job, or of a job a dead worker left started, is
repaired the same way and the job deleted; dead workers (no heartbeat for ``heartbeats.ALIVE_SECONDS``) are
forgotten, RQ's registries too; orphan keys (of a game the store does not know) are deleted. Every RQ Redis
is examined (stalled: work waits, no worker). It reads every running game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

import redis

from services import keys
from services.clocks.config import effective_clock
from services.operations import rq_hygiene
from services.operations.rq_figures import RqFigures, rq_figures
from services.operations.rq_hygiene import AbandonedJob, FailedJob, SilentWorker
from services.processing.job_scheduler import JobScheduler
from services.read_side.projections import TO_ACT, unpacked
from services.results import GameMeta, meta_from
from services.settings import Settings
from services.store.due_index import DueIndex
from services.store.event_store import head_from
from services.store.heartbeats import ALIVE_SECONDS, WorkerHeartbeats
from services.store.layout import stream_entries
from services.store.meta_store import RUNNING, MetaStore
from services.store.replies import as_bytes, as_int, as_str

BATCH = 100


@dataclass(frozen=True)
class StuckGame:
    game_id: str
    reason: str


@dataclass
class Findings:
    stuck_games: list[StuckGame] = field(default_factory=list)
    failed_jobs: list[FailedJob] = field(default_factory=list)
    dead_workers: list[SilentWorker] = field(default_factory=list)
    orphan_keys: list[str] = field(default_factory=list)
    abandoned_jobs: list[AbandonedJob] = field(default_factory=list)
    rq: list[RqFigures] = field(default_factory=list)

    @property
    def stalled(self) -> list[RqFigures]:
        """Of several RQ Redis instances, those that do not answer, or where work waits and no worker
        serves it (one instance alone: its workers are the dead workers)."""
        if len(self.rq) < 2:
            return []
        return [figures for figures in self.rq if figures.stalled or not figures.up]

    @property
    def healthy(self) -> bool:
        found = self.stuck_games or self.failed_jobs or self.dead_workers or self.orphan_keys
        return not (found or self.abandoned_jobs or self.stalled)


def _batches(items: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(items), BATCH):
        yield items[start : start + BATCH]


class Examined(Protocol):
    """What the doctor reads: the composition root's objects satisfy it."""

    @property
    def redis(self) -> redis.Redis: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def due(self) -> DueIndex: ...
    @property
    def meta(self) -> MetaStore[GameMeta]: ...
    @property
    def heartbeats(self) -> WorkerHeartbeats: ...
    @property
    def scheduler(self) -> JobScheduler: ...


class Repairs(Protocol):
    def repair(self, game_id: str) -> bool: ...


class Service(Protocol):
    """The facade, as far as the doctor uses it (services/game_service.py)."""

    @property
    def components(self) -> Examined: ...
    @property
    def sweep(self) -> Repairs: ...


class Doctor:
    def __init__(self, service: Service) -> None:
        self._service = service
        self._components = service.components
        self._queues = [instance.queue for instance in service.components.scheduler.instances]

    def examine(self, now: float) -> Findings:
        dead = self.dead_workers(now)
        names = {worker.name for worker in dead}
        abandoned, failed = [], []
        for rq, queue in enumerate(self._queues):
            abandoned += rq_hygiene.abandoned_jobs(queue, names, rq)
            failed += rq_hygiene.failed_jobs(queue, rq)
        return Findings(
            stuck_games=self.stuck_games(now),
            failed_jobs=failed,
            dead_workers=dead,
            orphan_keys=self.orphan_keys(),
            abandoned_jobs=abandoned,
            rq=rq_figures(self._components.scheduler, now),
        )

    def stuck_games(self, now: float) -> list[StuckGame]:
        interval = self._components.settings.sweep_interval
        stuck = {
            game_id: StuckGame(game_id, f"due for {now - due:.0f} s, longer than a sweep interval")
            for game_id, due in self._components.due.due(now - interval, 1_000_000)
        }
        for batch in _batches(self._components.meta.running_ids()):
            for game_id, waiting in zip(batch, self._waiting_work(batch, now), strict=True):
                if waiting and game_id not in stuck:
                    stuck[game_id] = StuckGame(game_id, f"{waiting}, and not in the due index")
        return sorted(stuck.values(), key=lambda found: found.game_id)

    def _waiting_work(self, game_ids: list[str], now: float) -> list[str]:
        """For each game: the work waiting in it with no due-index entry to bring a worker ("" if none)."""
        pipe = self._components.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.zscore(keys.due_games(), game_id)
            pipe.hgetall(keys.meta(game_id))
            pipe.hgetall(keys.head(game_id))
            pipe.xrevrange(keys.commands(game_id), "+", "-", count=1)
            pipe.hget(keys.projection(game_id, TO_ACT), "version")
            pipe.hget(keys.projection(game_id, TO_ACT), "body")
        replies = pipe.execute()
        return [self._waiting(replies[index : index + 6]) for index in range(0, len(replies), 6)]

    def _waiting(self, replies: list[Any]) -> str:
        score, raw_meta, raw_head, last_command, projected, to_act_body = replies
        meta = meta_from(raw_meta)
        if score is not None or meta is None or meta.status != RUNNING:
            return ""
        head = head_from(raw_head)
        last = stream_entries(last_command)
        if head.version == 0:
            return "not set up"
        if last and last[-1][0] != head.checkpoint:
            return "a command undecided"
        if projected is None or as_int(projected) < head.version:
            return "projections behind the log"
        return self._stand_in_work(meta, as_bytes(to_act_body) if to_act_body is not None else None)

    def _stand_in_work(self, meta: GameMeta, to_act_body: bytes | None) -> str:
        if to_act_body is None:
            return ""
        to_act = set(unpacked(to_act_body)["to_act"])
        if not to_act:
            return "an automatic step waiting"
        if to_act & meta.bot_seats():
            return "a bot to move"
        if effective_clock(meta.clock, self._components.settings.move_timeout) is not None:
            return "a player's deadline to watch"
        return ""

    def dead_workers(self, now: float) -> list[SilentWorker]:
        beats = self._components.heartbeats.last_beats()
        silent = {name: SilentWorker(name, at) for name, at in beats.items() if now - at > ALIVE_SECONDS}
        for queue in self._queues:
            for worker in rq_hygiene.silent_workers(queue, now):
                silent.setdefault(worker.name, worker)
        return sorted(silent.values(), key=lambda worker: worker.name)

    def orphan_keys(self) -> list[str]:
        found = self._components.redis.scan_iter(match=keys.game_tag_pattern(), count=500)
        names = [as_str(name) for name in found]
        games = {game_id for game_id in map(keys.game_id_of, names) if game_id is not None}
        known = self._known_games(sorted(games))
        return sorted(name for name in names if keys.game_id_of(name) not in known)

    def _known_games(self, game_ids: list[str]) -> set[str]:
        known: set[str] = set()
        for batch in _batches(game_ids):
            pipe = self._components.redis.pipeline(transaction=False)
            for game_id in batch:
                pipe.zscore(keys.games(), game_id)
                pipe.exists(keys.meta(game_id))
            replies = pipe.execute()
            known |= {
                game_id
                for index, game_id in enumerate(batch)
                if replies[2 * index] is not None or replies[2 * index + 1]
            }
        return known

    def repair(self, findings: Findings, now: float) -> list[str]:
        """Fix everything ``findings`` lists; one sentence per thing done."""
        of_jobs = [job.game_id for job in findings.failed_jobs if job.game_id]
        of_jobs += [job.game_id for job in findings.abandoned_jobs if job.game_id]
        done = self._repair_games([stuck.game_id for stuck in findings.stuck_games], of_jobs, now)
        for job in findings.failed_jobs:
            rq_hygiene.delete_failed_job(self._queues[job.rq], job.job_id)
            done.append(f"failed job {job.job_id} ({job.function}) deleted")
        for abandoned in findings.abandoned_jobs:
            rq_hygiene.delete_job(self._queues[abandoned.rq], abandoned.job_id)
            done.append(
                f"abandoned job {abandoned.job_id} ({abandoned.function}) of {abandoned.worker} deleted"
            )
        self._components.heartbeats.forget([worker.name for worker in findings.dead_workers])
        for worker in findings.dead_workers:
            for queue in self._queues:
                rq_hygiene.forget_worker(queue, worker.name)
            done.append(f"dead worker {worker.name} forgotten")
        for batch in _batches(findings.orphan_keys):
            self._components.redis.delete(*batch)
        done += [f"orphan key {name} deleted" for name in findings.orphan_keys]
        return done

    def _repair_games(self, stuck: list[str], of_jobs: list[str], now: float) -> list[str]:
        """Do the due work of the stuck games and of the games of failed or abandoned jobs."""
        games = list(dict.fromkeys([*stuck, *of_jobs]))
        done = []
        for game_id in games:
            self._components.due.mark(game_id, now)
            moved = self._service.sweep.repair(game_id)
            done.append(f"game {game_id}: {'moved on' if moved else 'nothing left to do'}; due index updated")
        return done
