"""``papyrus serve``: the API on a local HTTP server.

Without ``REDIS_URL`` everything runs in this one process (an embedded fakeredis and an in-process worker),
so a newcomer can play at once; with ``--data-file`` (or ``PAPYRUS_DATA_FILE``) every change is journaled
next to that file before it is answered, so the games survive a restart and a crash (services/store/journal).
With ``REDIS_URL`` it serves that Redis and ``papyrus worker`` processes run the jobs. Production runs the
same app under Granian, several processes of threads: ``papyrus api`` (papyrus/commands/api.py).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from types import FrameType

from werkzeug.serving import run_simple

HELP = "Run the API (one self-contained process unless REDIS_URL is set)."


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
    from api.response_headers import QuietRequestHandler
    from api.runtime import runtime_from_env
    from services.observability.gc_pauses import settle_after_start
    from services.observability.setup import observe_from_env
    from services.store.data_file import DataFileError

    try:
        observe_from_env()
        runtime = runtime_from_env(data_file=args.data_file)
    except (DataFileError, OSError, ValueError) as error:
        print(f"papyrus serve: {error}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, _exit_cleanly)  # so `kill` compacts the data file as Ctrl-C does
    try:
        app = create_app(runtime.service, redis=runtime.redis, mode=runtime.mode)
        url = f"http://{args.host}:{args.port}/"
        print(f"Papyrus ({runtime.mode} mode) serving on {url}  (API description: {url}api/openapi.json)")
        print(_mode_note(runtime.mode, runtime.data_file), flush=True)
        mail = runtime.service.notifications.settings
        print(_mail_note(mail.smtp_url, mail.mail_log), flush=True)
        if args.data_file and runtime.mode != "embedded":
            print("--data-file is not used: REDIS_URL keeps the games.", flush=True)
        settle_after_start()
        run_simple(args.host, args.port, app, threaded=True, request_handler=QuietRequestHandler)
    except KeyboardInterrupt:
        pass
    finally:
        runtime.close()
    return 0


def _exit_cleanly(signum: int, frame: FrameType | None) -> None:
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
