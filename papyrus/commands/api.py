"""``papyrus api``: the production API, the same Flask app as ``papyrus serve`` under Granian's HTTP server
(its WSGI interface): ``--workers`` processes of ``--threads`` threads each, against the Redis of
``REDIS_URL`` (``papyrus worker`` processes run the jobs).

Granian parses HTTP and writes the answers in Rust, outside Python's global interpreter lock; the app's
own code runs in each process's threads. It replaced gunicorn's gthread worker: the API's CPU per command
fell by a fifth, a bare request's server CPU by two fifths (BENCHMARKS.md, "Issue 16, seventh stop").

What this command sets up around Granian:

* Metrics: the processes share their figures through prometheus_client's multiprocess mode, so ``GET
  /metrics`` on any of them answers the sums of all (services/observability/shared_figures.py). The
  directory (``PROMETHEUS_MULTIPROC_DIR``, a private temporary one when unset, removed on exit) is emptied
  at start; a process that starts marks dead the live gauges of processes that are gone.
* Threads: each open game page holds one thread on its live stream, so ``PAPYRUS_LIVE_MAX_STREAMS``
  defaults to the threads less ``RESERVED_THREADS``, kept for every other request and the health check.
* Logs: Granian's own lines go through the same formatter as the API's (``PAPYRUS_LOG_FORMAT``); it writes
  no access log, the API logs one line per request itself.
* A worker process that dies is started again; the app's long-lived objects are frozen out of the garbage
  collector's walks once built (services/observability/gc_pauses.py).
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sys
from collections.abc import Callable, Mapping
from typing import Any

HELP = "Run the production API: the app under Granian, several processes of threads (needs REDIS_URL)."
RESERVED_THREADS = 8
DEFAULT_WORKERS = 4
DEFAULT_THREADS = 32
LIVE_MAX_STREAMS = "PAPYRUS_LIVE_MAX_STREAMS"


def whole_number_at_least_one(name: str) -> Callable[[str], int]:
    def parse(raw: str) -> int:
        if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number >= 1, got {raw!r}")
        return int(raw)

    return parse


def port_number(raw: str) -> int:
    value = whole_number_at_least_one("--port")(raw)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"--port must be between 1 and 65535, got {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=port_number, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--workers",
        type=whole_number_at_least_one("--workers"),
        default=DEFAULT_WORKERS,
        help=f"server processes (default {DEFAULT_WORKERS})",
    )
    parser.add_argument(
        "--threads",
        type=whole_number_at_least_one("--threads"),
        default=DEFAULT_THREADS,
        help=f"threads per process running the app (default {DEFAULT_THREADS}; live views may hold all but "
        f"{RESERVED_THREADS})",
    )


def refusal(env: Mapping[str, str]) -> str | None:
    """Why this environment cannot serve, if it cannot."""
    if not env.get("REDIS_URL", "").strip():
        return (
            "REDIS_URL is not set: the API's processes share their games through Redis "
            "(`papyrus serve` runs the self-contained embedded mode)."
        )
    return None


def live_streams_default(threads: int) -> str:
    return str(max(1, threads - RESERVED_THREADS))


def run(args: argparse.Namespace) -> int:
    from services.observability.shared_figures import metrics_enabled_from_env, prepare_shared_dir

    try:
        metrics_on = metrics_enabled_from_env()
    except ValueError as error:
        print(f"papyrus api: {error}", file=sys.stderr)
        return 2
    refused = refusal(os.environ)
    if refused is not None:
        print(f"papyrus api: {refused}", file=sys.stderr)
        return 2
    try:
        server = _granian(args)
    except ValueError as error:
        print(f"papyrus api: {error}", file=sys.stderr)
        return 2
    os.environ.setdefault(LIVE_MAX_STREAMS, live_streams_default(args.threads))
    # before anything imports prometheus_client, which reads it once (observability/shared_figures.py)
    created = prepare_shared_dir(os.environ) if metrics_on else None
    try:
        server.serve(target_loader=build_app, wrap_loader=False)
    finally:
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
    return 0


def build_app() -> Any:
    """In each server process: forget the gone processes' live gauges, build the app, freeze what it holds."""
    from api.app import create_app
    from services.observability.exposition import multiprocess_dir
    from services.observability.gc_pauses import settle_after_start
    from services.observability.shared_figures import forget_gone_processes

    directory = multiprocess_dir()
    if directory is not None:
        forget_gone_processes(directory)
    app = create_app()
    settle_after_start()
    return app


def _granian(args: argparse.Namespace) -> Any:
    from granian.constants import HTTPModes, Interfaces
    from granian.log import LogLevels
    from granian.server import Server

    from services.observability.structured_logs import log_format_from_env, log_level_from_env

    level = logging.getLevelName(log_level_from_env())
    return Server(
        "api.app:create_app",
        address=args.host,
        port=args.port,
        interface=Interfaces.WSGI,
        workers=args.workers,
        blocking_threads=args.threads,
        http=HTTPModes.http1,
        websockets=False,
        log_level=LogLevels(level.lower()),
        log_dictconfig=_log_config(log_format_from_env(), level),
        respawn_failed_workers=True,
        factory=True,
    )


def _log_config(log_format: str, level: str) -> dict[str, Any]:
    """Granian's own lines through the API's handler and format (it configures logging in each process)."""
    papyrus = {"()": "services.observability.structured_logs.make_handler", "log_format": log_format}
    return {
        "handlers": {"papyrus": papyrus},
        "root": {"level": level, "handlers": ["papyrus"]},
        "loggers": {"_granian": {"handlers": ["papyrus"], "propagate": False}},
    }
