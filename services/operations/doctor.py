"""``papyrus doctor``: what is stuck, failed, dead or orphaned in a store, and the repair of each.

* **stuck games**: due for longer than a sweep interval (the sweep should have taken them), or with work
  waiting (a command undecided, no set-up, projections behind the log, an automatic step, a bot to move, a
  deadline) and no entry in the due index that would bring a worker;
* **failed jobs**: RQ's failed registry of the queue;
* **dead workers**: heartbeats silent for ``heartbeats.ALIVE_SECONDS``, and workers RQ still lists that
  stopped beating;
* **orphan keys**: keys under the prefix of a game the store does not know (its meta and index entry gone).

Repairs: a stuck game gets its due work done here (the sweep's :meth:`Sweep.repair`, which also writes its
due time); a failed job's game is repaired the same way from the store, then the job is deleted (its work
is done, and re-running a job that failed would fail again); dead workers are forgotten (RQ's registries
too); orphan keys are deleted. Each repair is reported in a sentence. Unlike the sweep, the examination
reads every running game: it is an operator's tool, run on demand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from services import keys
from services.clocks.config import effective_clock
from services.game_service import GameService
from services.operations import rq_hygiene
from services.operations.rq_hygiene import FailedJob, SilentWorker
from services.read_side.projections import TO_ACT, unpacked
from services.results import GameMeta
from services.store.event_store import head_from
from services.store.heartbeats import ALIVE_SECONDS
from services.store.layout import stream_entries
from services.store.meta_store import RUNNING, meta_from
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

    @property
    def healthy(self) -> bool:
        return not (self.stuck_games or self.failed_jobs or self.dead_workers or self.orphan_keys)


def _batches(items: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(items), BATCH):
        yield items[start : start + BATCH]


class Doctor:
    def __init__(self, service: GameService) -> None:
        self._service = service
        self._parts = service.parts
        self._queue = service.parts.scheduler.queue

    def examine(self, now: float) -> Findings:
        return Findings(
            stuck_games=self.stuck_games(now),
            failed_jobs=rq_hygiene.failed_jobs(self._queue),
            dead_workers=self.dead_workers(now),
            orphan_keys=self.orphan_keys(),
        )

    def stuck_games(self, now: float) -> list[StuckGame]:
        interval = self._parts.settings.sweep_interval
        stuck = {
            game_id: StuckGame(game_id, f"due for {now - due:.0f} s, longer than a sweep interval")
            for game_id, due in self._parts.due.due(now - interval, 1_000_000)
        }
        for batch in _batches(self._parts.meta.running_ids()):
            for game_id, waiting in zip(batch, self._waiting_work(batch, now), strict=True):
                if waiting and game_id not in stuck:
                    stuck[game_id] = StuckGame(game_id, f"{waiting}, and not in the due index")
        return sorted(stuck.values(), key=lambda found: found.game_id)

    def _waiting_work(self, game_ids: list[str], now: float) -> list[str]:
        """For each game: the work waiting in it with no due-index entry to bring a worker ("" if none)."""
        pipe = self._parts.redis.pipeline(transaction=False)
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
        if effective_clock(meta.clock, self._parts.settings.move_timeout) is not None:
            return "a player's deadline to watch"
        return ""

    def dead_workers(self, now: float) -> list[SilentWorker]:
        beats = self._parts.heartbeats.last_beats()
        silent = {name: SilentWorker(name, at) for name, at in beats.items() if now - at > ALIVE_SECONDS}
        for worker in rq_hygiene.silent_workers(self._queue, now):
            silent.setdefault(worker.name, worker)
        return sorted(silent.values(), key=lambda worker: worker.name)

    def orphan_keys(self) -> list[str]:
        found = self._parts.redis.scan_iter(match=keys.game_tag_pattern(), count=500)
        names = [as_str(name) for name in found]
        games = {game_id for game_id in map(keys.game_id_of, names) if game_id is not None}
        known = self._known_games(sorted(games))
        return sorted(name for name in names if keys.game_id_of(name) not in known)

    def _known_games(self, game_ids: list[str]) -> set[str]:
        known: set[str] = set()
        for batch in _batches(game_ids):
            pipe = self._parts.redis.pipeline(transaction=False)
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
        done = []
        games = [stuck.game_id for stuck in findings.stuck_games]
        games += [job.game_id for job in findings.failed_jobs if job.game_id and job.game_id not in games]
        for game_id in games:
            self._parts.due.mark(game_id, now)
            moved = self._service.sweep.repair(game_id)
            done.append(f"game {game_id}: {'moved on' if moved else 'nothing left to do'}; due index updated")
        for job in findings.failed_jobs:
            rq_hygiene.delete_failed_job(self._queue, job.job_id)
            done.append(f"failed job {job.job_id} ({job.function}) deleted")
        self._parts.heartbeats.forget([worker.name for worker in findings.dead_workers])
        for worker in findings.dead_workers:
            rq_hygiene.forget_worker(self._queue, worker.name)
            done.append(f"dead worker {worker.name} forgotten")
        for batch in _batches(findings.orphan_keys):
            self._parts.redis.delete(*batch)
        done += [f"orphan key {name} deleted" for name in findings.orphan_keys]
        return done
