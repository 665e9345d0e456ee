"""``papyrus worker``: run an RQ worker (with the RQ scheduler) for game jobs. Needs REDIS_URL.

``--rq N`` serves the RQ Redis of index N in ``RQ_REDIS_URLS``; ``--rq all`` (the default) serves every
one: with several, one child process each (``papyrus worker --rq N``), stopped together."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from types import FrameType

from services.notifications.settings import NotifySettings
from services.observability import metrics
from services.observability.exposition import MULTIPROC_DIR, multiprocess_dir, serve_process_metrics
from services.observability.setup import observe_from_env
from services.observability.structured_logs import fields
from services.processing.rq_instances import parse_rq_choice
from services.settings import Settings
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
    parser.add_argument(
        "--rq",
        default="all",
        help="the RQ Redis to serve: its index in RQ_REDIS_URLS (from 0), or all (default: one process each)",
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


def public_url_refusal(env: Mapping[str, str]) -> str | None:
    """Why this worker would send mails with wrong links, if it would: the worker serves no page, so it
    cannot know the address players reach the site at (``papyrus api`` and ``papyrus serve`` default to
    the one they serve on). With real mail (``PAPYRUS_SMTP_URL``) that address must be given."""
    if env.get("PAPYRUS_PUBLIC_URL", "").strip() or not env.get("PAPYRUS_SMTP_URL", "").strip():
        return None
    return (
        "PAPYRUS_PUBLIC_URL is not set: the links in the mails this worker sends (the game, unsubscribe, "
        "e-mail verification) need the address players reach the site at, e.g. https://papyrus.example."
    )


def child_arguments(args: argparse.Namespace, rq: int) -> list[str]:
    """The command line of the child serving the RQ Redis ``rq`` (``--rq all`` with several)."""
    line = [sys.executable, "-m", "papyrus", "worker", "--rq", str(rq)]
    line += ["--burst"] if args.burst else []
    line += ["--fork"] if args.fork else []
    line += ["--name", f"{args.name}-rq{rq}"] if args.name else []
    line += ["--max-jobs", str(args.max_jobs)] if args.max_jobs is not None else []
    return line


def run_children(args: argparse.Namespace, instances: Sequence[int]) -> int:
    """One worker process per RQ Redis; a stop signal goes to each; the worst exit status."""
    if args.metrics_port is not None:
        print("papyrus worker: --metrics-port needs one --rq N (a port per process)", file=sys.stderr)
        return 2
    children = [subprocess.Popen(child_arguments(args, rq)) for rq in instances]

    def forward(signum: int, frame: FrameType | None) -> None:
        for child in children:
            if child.poll() is None:
                child.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    return max(child.wait() for child in children)


def run(args: argparse.Namespace) -> int:
    try:
        observe_from_env()
        settings = Settings.from_env()
        instances = parse_rq_choice(args.rq, max(1, len(settings.rq_urls())))
    except ValueError as error:
        print(f"papyrus worker: {error}", file=sys.stderr)
        return 2
    if len(instances) > 1:
        return run_children(args, instances)
    refused = refusal(args) or public_url_refusal(os.environ)
    if refused is not None:
        print(f"papyrus worker: {refused}", file=sys.stderr)
        return 2
    if args.metrics_port is not None and metrics.is_enabled():
        try:
            serve_process_metrics(args.metrics_port, args.metrics_host)
        except OSError as error:
            print(f"papyrus worker: --metrics-port {args.metrics_port}: {error}", file=sys.stderr)
            return 2
    if not os.environ.get("PAPYRUS_PUBLIC_URL", "").strip():
        log.warning(
            "PAPYRUS_PUBLIC_URL is not set: links in the mail log and webhook bodies name the default "
            "address",
            extra=fields(public_url=NotifySettings.public_url),
        )
    log.info(
        "worker starting",
        extra=fields(
            pid=os.getpid(), name=args.name, fork=args.fork, metrics_port=args.metrics_port, rq=instances[0]
        ),
    )
    run_worker(settings, args.burst, args.name, args.fork, args.max_jobs, instances[0])
    return 0
