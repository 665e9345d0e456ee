"""``papyrus worker``: run an RQ worker (with the RQ scheduler) for game jobs. Needs REDIS_URL."""

from __future__ import annotations

import argparse

from workers.worker import run_worker

HELP = "Run a job worker: decides commands, runs automatic phases, bots and timeouts (needs REDIS_URL)."


def positive_int(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--max-jobs must be a whole number, got {raw!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"--max-jobs must be at least 1, got {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--burst", action="store_true", help="quit once the queue is empty")
    parser.add_argument("--name", default=None, help="worker name (default: RQ's)")
    parser.add_argument(
        "--fork",
        action="store_true",
        help="run each job in a forked work-horse (RQ's default Worker: isolated, but slower; the default "
        "runs jobs in the worker process, see workers/worker.py)",
    )
    parser.add_argument(
        "--max-jobs",
        type=positive_int,
        default=None,
        help="quit after this many jobs (let the process supervisor start a fresh worker)",
    )


def run(args: argparse.Namespace) -> int:
    run_worker(burst=args.burst, name=args.name, fork=args.fork, max_jobs=args.max_jobs)
    return 0
