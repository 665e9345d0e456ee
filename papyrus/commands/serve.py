"""``papyrus serve``: the API on a local HTTP server.

Without ``REDIS_URL`` everything runs in this one process (an embedded fakeredis and an in-process worker),
so a newcomer can play at once; with ``--data-file`` (or ``PAPYRUS_DATA_FILE``) every change is journaled
next to that file before it is answered, so the games survive a restart and a crash (services/store/journal).
With ``REDIS_URL`` it serves that Redis and ``papyrus worker`` processes run the jobs. It serves through the
same asynchronous front as ``papyrus api`` (api/front/), under Granian's server embedded in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from types import FrameType
from typing import Any

HELP = "Run the API (one self-contained process unless REDIS_URL is set)."
SERVE_THREADS = 32  # the app's threads: as one process of `papyrus api`


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--data-file",
        default=None,
        metavar="PATH",
        help="embedded mode: keep the games in this file across restarts (default: $PAPYRUS_DATA_FILE)",
    )


def run(args: argparse.Namespace) -> int:
    from api.app import create_app
    from api.context import ApiConfig
    from api.front import build_front
    from api.runtime import runtime_from_env
    from api.web.live import live_hub_for
    from papyrus.commands.api import LIVE_MAX_STREAMS, live_streams_default, served_url
    from services.observability.gc_pauses import settle_after_start
    from services.observability.setup import observe_from_env
    from services.store.data_file import DataFileError

    os.environ.setdefault("PAPYRUS_PUBLIC_URL", served_url(args.host, args.port))
    try:
        observe_from_env()
        runtime = runtime_from_env(data_file=args.data_file)
    except (DataFileError, OSError, ValueError) as error:
        print(f"papyrus serve: {error}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _exit_cleanly)  # so `kill` compacts the data file as Ctrl-C does
    os.environ.setdefault(LIVE_MAX_STREAMS, live_streams_default())  # pages wait on the loop, as in `api`
    try:
        app = create_app(runtime.service, redis=runtime.redis, mode=runtime.mode)
        url = f"http://{args.host}:{args.port}/"
        print(f"Papyrus ({runtime.mode} mode) serving on {url}  (API description: {url}api/openapi.json)")
        print(_mode_note(runtime.mode, runtime.data_file), flush=True)
        mail = runtime.service.notifications.settings
        print(_mail_note(mail.smtp_url, mail.mail_log), flush=True)
        if args.data_file and runtime.mode != "embedded":
            print("--data-file is not used: REDIS_URL keeps the games.", flush=True)
        front = build_front(app, SERVE_THREADS, ApiConfig.from_env().body_limits(), live=live_hub_for(app))
        settle_after_start()
        asyncio.run(_serve_until_stopped(_granian(front, args.host, args.port)))
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the data file is compacted now: let nothing cut it
    except KeyboardInterrupt:
        pass
    finally:
        runtime.close()
    return 0


async def _serve_until_stopped(server: Any) -> None:
    """Serve until SIGTERM or Ctrl-C, which stop the server gracefully (through the event loop, which
    they wake: a Python handler alone would wait for the loop's next tick)."""
    loop = asyncio.get_running_loop()
    for stopping in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(stopping, server.stop)
    await server.serve()


def _granian(front: Any, host: str, port: int) -> Any:
    """Granian in this process (its embedded server), serving the front on this process's event loop."""
    from granian.constants import HTTPModes, Interfaces
    from granian.log import LogLevels
    from granian.server.embed import Server

    from papyrus.commands.api import BACKPRESSURE  # open live pages count: they wait on the loop

    return Server(
        front,
        address=host,
        port=port,
        interface=Interfaces.RSGI,
        http=HTTPModes.http1,
        websockets=True,  # a seat's WebSocket (api/front/sockets.py)
        backpressure=BACKPRESSURE,
        log_level=LogLevels.error,  # at warning it calls itself experimental at every start
    )


def _exit_cleanly(signum: int, frame: FrameType | None) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one must not cut the data file's compaction
    raise KeyboardInterrupt


def _mail_note(smtp_url: str | None, mail_log: str) -> str:
    if smtp_url:
        return "Mails go out through PAPYRUS_SMTP_URL."
    return f"No PAPYRUS_SMTP_URL: mails are appended to {os.path.abspath(mail_log)} (PAPYRUS_MAIL_LOG)."


def _mode_note(mode: str, data_file: object) -> str:
    if mode == "embedded" and data_file is not None:
        return (
            f"Embedded: games are kept in {data_file} and its journal (every change is in the journal "
            f"before it is answered). Ctrl-C stops."
        )
    if mode == "embedded":
        return "Embedded: games live in this process only (--data-file keeps them). Ctrl-C stops."
    return "Using REDIS_URL; start `papyrus worker` processes to run the games. Ctrl-C stops."
