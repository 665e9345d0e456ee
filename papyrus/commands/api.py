"""``papyrus api``: the production API, the same app as ``papyrus serve`` under Granian (RSGI, the front of
api/front/; ``--requests-only``: WSGI, no front): ``--workers`` processes, each running the Flask app on
``--threads`` threads, against the Redis of ``REDIS_URL``.

Around it: shared metrics (prometheus_client's multiprocess directory, emptied at start),
``PAPYRUS_LIVE_MAX_STREAMS``, Granian's log lines in the API's format,
a gc freeze once the app is built, and server processes that die with the main one (even SIGKILLed).
"""

from __future__ import annotations

import argparse
import ctypes
import logging
import os
import shutil
import signal
import sys
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger(__name__)
HELP = "Run the production API: the app under Granian, several processes of threads (needs REDIS_URL)."
RESERVED_THREADS = 8  # the fewest threads a deployment runs: live openings and waiting submits share them
THREADS = "PAPYRUS_API_THREADS"  # --threads, handed to each server process
LIVE_PAGES = 16_000  # open live pages one process holds by default: a coroutine and a socket each
BACKPRESSURE = LIVE_PAGES + 2048  # requests one process holds at once: open pages and everything else
DEFAULT_WORKERS = 4
DEFAULT_THREADS = 32
LIVE_MAX_STREAMS = "PAPYRUS_LIVE_MAX_STREAMS"
REQUESTS_ONLY = "PAPYRUS_API_REQUESTS_ONLY"  # --requests-only, handed to each server process
MAIN_PROCESS = "PAPYRUS_API_MAIN_PID"  # handed to each server process, which dies with it
PR_SET_PDEATHSIG = 1  # Linux prctl(2): the signal a process gets when its parent dies


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
        help=f"threads per process running the app (default {DEFAULT_THREADS}; an open live page takes one "
        f"only while it opens)",
    )
    parser.add_argument(
        "--requests-only",
        action="store_true",
        help="serve the app on Granian's WSGI threads without the asynchronous front: cheaper requests, but "
        "a live page or a waiting submit holds a thread (for a tier of plain requests behind a proxy "
        "that sends live pages to processes with the front)",
    )


def refusal(env: Mapping[str, str]) -> str | None:
    """Why this environment cannot serve, if it cannot."""
    if not env.get("REDIS_URL", "").strip():
        return (
            "REDIS_URL is not set: the API's processes share their games through Redis "
            "(`papyrus serve` runs the self-contained embedded mode)."
        )
    return None


def served_url(host: str, port: int) -> str:
    """The address this server answers on, for the links in its mails when ``PAPYRUS_PUBLIC_URL`` does not
    name one: a wildcard interface is reached on this machine's loopback address."""
    shown = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def live_streams_default(threads: int | None = None) -> str:
    """Open live pages one process holds: many on the front's loop; without it (``threads``: each page
    holds one of them), what the reserved threads leave."""
    return str(LIVE_PAGES) if threads is None else str(max(1, threads - RESERVED_THREADS))


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
    pages_holding_threads = args.threads if args.requests_only else None
    os.environ.setdefault(LIVE_MAX_STREAMS, live_streams_default(pages_holding_threads))

    os.environ.setdefault("PAPYRUS_PUBLIC_URL", served_url(args.host, args.port))
    os.environ[THREADS] = str(args.threads)
    os.environ[MAIN_PROCESS] = str(os.getpid())
    if args.requests_only:
        os.environ[REQUESTS_ONLY] = "1"
    # before anything imports prometheus_client, which reads it once (observability/shared_figures.py)
    created = prepare_shared_dir(os.environ) if metrics_on else None
    try:
        server.serve(target_loader=build_app, wrap_loader=False)
    finally:
        if created is not None:
            shutil.rmtree(created, ignore_errors=True)
    return 0


def build_app() -> Any:
    """In each server process: forget the gone processes' live gauges, build the app and its front (none
    with ``--requests-only``), freeze what they hold."""
    from api.app import create_app
    from api.context import ApiConfig
    from api.front import build_front
    from api.web.live import live_hub_for
    from services.observability.exposition import multiprocess_dir
    from services.observability.gc_pauses import settle_after_start
    from services.observability.shared_figures import forget_gone_processes

    die_with_main_process()
    directory = multiprocess_dir()
    if directory is not None:
        forget_gone_processes(directory)
    app = create_app()
    if os.environ.get(REQUESTS_ONLY) == "1":
        settle_after_start()
        return app
    threads = int(os.environ.get(THREADS, DEFAULT_THREADS))
    front = build_front(app, threads, ApiConfig.from_env().body_limits(), live=live_hub_for(app))
    settle_after_start()
    return front


def die_with_main_process() -> None:
    """In a server process (Linux): the kernel SIGKILLs it when ``papyrus api``'s main process dies, which
    spawned it from its main thread; if that happened already, it ends now."""
    main_pid = os.environ.get(MAIN_PROCESS)
    if main_pid is None or not sys.platform.startswith("linux"):
        return
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL) != 0:
        log.warning("the server process %s cannot be tied to the main process %s", os.getpid(), main_pid)
    if os.getppid() != int(main_pid):
        os._exit(1)


def _granian(args: argparse.Namespace) -> Any:
    from granian.constants import HTTPModes, Interfaces, Loops
    from granian.log import LogLevels
    from granian.server import Server

    from services.observability.structured_logs import log_format_from_env, log_level_from_env

    level = logging.getLevelName(log_level_from_env())
    wsgi = args.requests_only
    return Server(
        "api.app:create_app",
        address=args.host,
        port=args.port,
        interface=Interfaces.WSGI if wsgi else Interfaces.RSGI,
        loop=Loops.uvloop,  # the front's hand-offs to and from the threads cost less CPU than on asyncio's
        workers=args.workers,
        blocking_threads=args.threads if wsgi else 1,
        backpressure=None if wsgi else BACKPRESSURE,  # WSGI: as many as its threads
        http=HTTPModes.http1,
        websockets=not wsgi,  # a seat's WebSocket, on the asynchronous front only
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
