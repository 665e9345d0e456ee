"""``papyrus worker``: run an RQ worker (with the RQ scheduler) for game jobs. Needs REDIS_URL."""

from __future__ import annotations

import argparse

from workers.worker import run_worker

HELP = "Run a job worker: decides commands, runs automatic phases, bots and timeouts (needs REDIS_URL)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--burst", action="store_true", help="quit once the queue is empty")
    parser.add_argument("--name", default=None, help="worker name (default: RQ's)")


def run(args: argparse.Namespace) -> int:
    run_worker(burst=args.burst, name=args.name)
    return 0
