"""``papyrus doctor [--repair]``: list stuck games, failed jobs, dead workers and orphan keys; repair them.

Exit status: 0 when nothing was found (or everything found was repaired), 1 when something was found and
not repaired, 2 when Redis cannot be reached."""

from __future__ import annotations

import argparse
import sys
import time

from services.operations.doctor import Doctor, Findings
from services.operations.rq_figures import RqFigures
from services.store.unavailable import STORE_UNAVAILABLE
from workers import context

HELP = (
    "List stuck games, failed jobs, dead workers and orphan keys (needs REDIS_URL); --repair fixes them "
    "and says what it did."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--repair",
        action="store_true",
        help="do the stuck games' work, delete failed jobs (after repairing their games), forget dead "
        "workers and delete orphan keys",
    )


def report(findings: Findings) -> list[str]:
    """The findings, one line each, under a heading per kind."""
    lines = [f"stuck games: {len(findings.stuck_games)}"]
    lines += [f"  {game.game_id}: {game.reason}" for game in findings.stuck_games]
    lines.append(f"failed jobs: {len(findings.failed_jobs)}")
    lines += [
        f"  {job.job_id} ({job.function}, game {job.game_id or '?'}): {job.error}"
        for job in findings.failed_jobs
    ]
    lines.append(f"jobs of dead workers: {len(findings.abandoned_jobs)}")
    lines += [
        f"  {job.job_id} ({job.function}, game {job.game_id or '?'}): started by {job.worker}"
        for job in findings.abandoned_jobs
    ]
    lines.append(f"dead workers: {len(findings.dead_workers)}")
    lines += [f"  {worker.name}: {_silence(worker.last_heartbeat)}" for worker in findings.dead_workers]
    lines.append(f"orphan keys: {len(findings.orphan_keys)}")
    lines += [f"  {name}" for name in findings.orphan_keys]
    lines.append(f"RQ Redis instances: {len(findings.rq)}, stalled: {len(findings.stalled)}")
    lines += [_instance_line(figures) for figures in findings.rq]
    return lines


def _instance_line(figures: RqFigures) -> str:
    if not figures.up:
        return f"  rq {figures.index}: does not answer"
    line = (
        f"  rq {figures.index}: {figures.queued} queued, {figures.waiting} games waiting, "
        f"{figures.scheduled} scheduled, {figures.started} started, {figures.failed} failed, "
        f"{figures.workers} worker(s)"
    )
    return line + (f"; stalled: start `papyrus worker --rq {figures.index}`" if figures.stalled else "")


def _silence(last_heartbeat: float | None) -> str:
    if last_heartbeat is None:
        return "no heartbeat"
    return f"last heartbeat {time.time() - last_heartbeat:.0f} s ago"


def run(args: argparse.Namespace) -> int:
    try:
        doctor = Doctor(context.service_from_env())
        findings = doctor.examine(time.time())
        print("\n".join(report(findings)))
        if findings.healthy:
            print("nothing to repair")
            return 0
        if not args.repair:
            print("run `papyrus doctor --repair` to fix these")
            return 1
        print("repairs:")
        for done in doctor.repair(findings, time.time()):
            print(f"  {done}")
        return 0
    except STORE_UNAVAILABLE as error:
        print(f"papyrus doctor: Redis does not answer: {error}", file=sys.stderr)
        return 2
