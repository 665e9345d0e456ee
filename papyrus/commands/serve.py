"""``papyrus serve``: the API on a local HTTP server.

Without ``REDIS_URL`` everything runs in this one process (an embedded fakeredis and an in-process worker),
so a newcomer can play at once; with ``REDIS_URL`` it serves that Redis and ``papyrus worker`` processes
run the jobs. Production runs the same app under gunicorn: ``gunicorn "api.app:create_app()"``.
"""

from __future__ import annotations

import argparse

from werkzeug.serving import run_simple

HELP = "Run the API (one self-contained process unless REDIS_URL is set)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="interface to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")


def run(args: argparse.Namespace) -> int:
    from api.app import create_app
    from api.runtime import runtime_from_env

    runtime = runtime_from_env()
    try:
        app = create_app(runtime.service, redis=runtime.redis, mode=runtime.mode)
        url = f"http://{args.host}:{args.port}/"
        print(f"Papyrus ({runtime.mode} mode) serving on {url}  (API description: {url}api/openapi.json)")
        print(_mode_note(runtime.mode), flush=True)
        run_simple(args.host, args.port, app, threaded=True)
    finally:
        runtime.close()
    return 0


def _mode_note(mode: str) -> str:
    if mode == "embedded":
        return "Embedded: games live in this process only (set REDIS_URL to keep them). Ctrl-C stops."
    return "Using REDIS_URL; start `papyrus worker` processes to run the games. Ctrl-C stops."
