"""``papyrus worker``: run an RQ worker (with the RQ scheduler) for game jobs. Needs REDIS_URL."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from services.observability import metrics
from services.observability.exposition import MULTIPROC_DIR, multiprocess_dir, serve_process_metrics
from services.observability.setup import observe_from_env
from services.observability.structured_logs import fields
from workers.worker import run_worker

HELP = "Run a job worker: decides commands, runs automatic phases, bots and timeouts (needs REDIS_URL)."
log = logging.getLogger("papyrus.worker")


def positive_int(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--max-jobs must be a whole number, got {raw!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"--max-jobs must be at least 1, got {value}")
    return value


def port_number(raw: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--metrics-port must be a port number, got {raw!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"--metrics-port must be between 1 and 65535, got {value}")
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
    parser.add_argument(
        "--metrics-port",
        type=port_number,
        default=None,
        help="answer this worker's Prometheus metrics at http://<host>:<port>/ (default: not served)",
    )
    parser.add_argument(
        "--metrics-host", default="0.0.0.0", help="interface for --metrics-port (default 0.0.0.0)"
    )


def refusal(args: argparse.Namespace) -> str | None:
    """Why these arguments and this environment would make a worker's figures wrong, if they would."""
    if multiprocess_dir() is not None:
        return (
            f"unset {MULTIPROC_DIR} for workers: it is where the API's processes (`papyrus api`) share "
            "their figures, and a worker's would be counted there too (a worker answers its own at "
            "--metrics-port)."
        )
    if args.metrics_port is not None and args.fork:
        return (
            "--metrics-port counts the jobs a worker runs in its own process; with --fork each job runs in "
            "a process of its own whose counts would be lost. Drop --fork or --metrics-port."
        )
    return None


def run(args: argparse.Namespace) -> int:
    try:
        observe_from_env()
    except ValueError as error:
        print(f"papyrus worker: {error}", file=sys.stderr)
        return 2
    refused = refusal(args)
    if refused is not None:
        print(f"papyrus worker: {refused}", file=sys.stderr)
        return 2
    if args.metrics_port is not None and metrics.is_enabled():
        try:
            serve_process_metrics(args.metrics_port, args.metrics_host)
        except OSError as error:
            print(f"papyrus worker: --metrics-port {args.metrics_port}: {error}", file=sys.stderr)
            return 2
    log.info(
        "worker starting",
        extra=fields(pid=os.getpid(), name=args.name, fork=args.fork, metrics_port=args.metrics_port),
    )
    run_worker(burst=args.burst, name=args.name, fork=args.fork, max_jobs=args.max_jobs)
    return 0
