"""CPU instructions per worker command and per API request, counted by valgrind, which the machine's
neighbours do not move.

    python benchmarks/instruction_counts.py [--redis-url redis://127.0.0.1:6379/8] [--api-only]

Each part runs in its own process under callgrind, counting only its measured work: the worker (state
current, one command behind, cold), the API (a live move: its ``POST …/commands?view=1`` and each seat's
page's catch-up; that move on the seat's WebSocket; legal commands; a submit; an unmatched route;
``api_front``: through the front) and bare Flask. It flushes the database.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]


ROUTES = ["live_move", "socket_move", "legal", "submit", "unmatched", "bare"]
FRONT_ONLY = {"socket_move"}  # a WebSocket is the front's alone


def measured(work: Callable[[], None]) -> None:
    """Run ``work`` where callgrind counts (``--toggle-collect=functools_reduce``)."""
    functools.reduce(lambda _, __: work(), [None], None)


def quiet_logs() -> None:
    from services.observability.structured_logs import configure_logging

    configure_logging(stream=open(os.devnull, "w"))  # noqa: SIM115 - for the process's life


def worker_part(url: str, games: int, rounds: int, workers: int = 1, cold: bool = False) -> dict[str, Any]:
    import redis
    from rq import SimpleWorker

    from benchmarks.job_runs import raise_failed
    from services.game_service import GameService
    from services.settings import Settings
    from workers import context

    quiet_logs()
    connection = redis.Redis.from_url(url)
    connection.flushdb()
    services = [GameService(connection, Settings(queue_name="instruction-counts")) for _ in range(workers)]
    service = services[0]
    context.register(service)
    queue = service.components.scheduler.queue

    def drain() -> None:
        worker = SimpleWorker([queue], connection=connection)
        while worker.work(burst=True, max_jobs=50, logging_level="WARNING"):
            pass

    ids = []
    for _ in range(games):
        meta = service.create_game("egizia", 4, {})
        for seat in range(4):
            service.join(meta.id, f"p{seat}")
        service.start(meta.id)
        ids.append(meta.id)
    drain()
    for other in services[1:]:  # every worker holds every game's state, as after a while of play
        for game_id in ids:
            other.processor.process_game(game_id)
    choices, decided = random.Random(7), 0
    for round_number in range(rounds):
        for game_id in ids:
            to_act = sorted(service.view(game_id, None).to_act)
            legal = service.legal_commands(game_id, to_act[0]) if to_act else []
            if legal:
                service.submit(game_id, to_act[0], choices.choice(legal), f"r{round_number}", None)
                decided += 1
        deciding = services[round_number % workers]
        if cold:
            for game_id in ids:
                deciding.components.states.forget(game_id)
        context.register(deciding)
        measured(drain)
    raise_failed(queue)  # after the counted runs, so the check is not counted
    return {"count": decided}


def api_part(url: str, route: str, requests: int, front: bool = False) -> dict[str, Any]:
    from werkzeug.test import EnvironBuilder

    os.environ.update(REDIS_URL=url, PAPYRUS_QUOTAS="off", PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT="1000")
    os.environ.update(PAPYRUS_LIVE_MAX_STREAMS="1000")  # socket_move's sockets, all open at once
    if route == "bare":
        import flask_ref

        app: Any = flask_ref.create_app()
        builder = EnvironBuilder(path="/ping")
    else:
        import redis

        from api.app import create_app

        redis.Redis.from_url(url).flushdb()
        app = create_app()
        quiet_logs()
        builder = EnvironBuilder(path="/api/nothing-here")
        if route == "legal":
            builder = legal_commands_request(app, url)
        if route == "submit":
            return submit_part(app, url, requests, front)
        if route == "live_move":
            return live_move_part(app, url, requests, front)
        if route == "socket_move":
            return socket_move_part(app, url, requests)
    environs = [{**builder.get_environ(), "REMOTE_ADDR": "127.0.0.1"} for _ in range(requests)]
    call = through_front(app) if front else answered_status

    def answer_all() -> None:
        for environ in environs:
            call(app, environ)

    answer_all()  # caches warmed, scripts loaded: then the measured run
    environs = [{**builder.get_environ(), "REMOTE_ADDR": "127.0.0.1"} for _ in range(requests)]
    measured(answer_all)
    return {"count": requests}


def submit_part(app: Any, url: str, games: int, front: bool = False) -> dict[str, Any]:
    """Count one submitted command in each of ``games`` new 4-seat Egizia games (and as many before them,
    uncounted, to warm the caches), a worker deciding them meanwhile."""
    worker = start_worker(url)
    call = through_front(app) if front else answered_status
    try:
        warm_up, counted_ones = submit_requests(app, games), submit_requests(app, games)

        def answer_all(environs: list[dict[str, Any]]) -> None:
            for environ in environs:
                status = call(app, environ)
                if not status.startswith("200"):
                    raise RuntimeError(f"a submit was answered {status}")

        answer_all(warm_up)
        measured(lambda: answer_all(counted_ones))
    finally:
        worker.terminate()
        worker.wait()
    return {"count": games}


def live_move_part(app: Any, url: str, games: int, front: bool = False) -> dict[str, Any]:
    """Count one live move in each of ``games`` new 4-seat Egizia games: its ``POST …/commands?view=1``
    (answered once a worker decided it) and the catch-up of a live page of each seat at the version before
    (what the live hub runs once per seat after the decision's notice), as many moved before, uncounted."""
    from api.web.live import LiveTarget, catch_up
    from services.observability.gc_pauses import settle_after_start

    worker = start_worker(url)
    call = through_front(app) if front else answered_status
    service = app.extensions["papyrus"].service
    notices = itertools.count(1)
    try:
        warm_up, counted_ones = live_moves(app, games), live_moves(app, games)

        def move_all(moves: list[tuple[str, int, str, dict[str, Any]]]) -> None:
            for game_id, seen, cursor, environ in moves:
                status = call(app, environ)
                if not status.startswith("200"):
                    raise RuntimeError(f"a submit was answered {status}")
                notice = next(notices)  # the decision's notice woke every page of the game
                for seat in range(4):
                    catch_up(LiveTarget(service, game_id, seat), seen, cursor, notice)

        move_all(warm_up)
        settle_after_start()  # as papyrus api does once the app is built: no full collection counted
        measured(lambda: move_all(counted_ones))
    finally:
        worker.terminate()
        worker.wait()
    return {"count": games}


def socket_move_part(app: Any, url: str, games: int) -> dict[str, Any]:
    """Count :func:`live_move_part`'s moves made over each mover's WebSocket through the front: the command
    frame, the decision's notice (in this process), the mover's socket catching up (its view pushed into
    the answer frame) and the catch-up of each other seat's socket at the version before, sharing the
    notice's read; the sockets are opened uncounted."""
    import asyncio

    from api.front.live_hub import LocalSource
    from api.web.live import LiveTarget
    from api.web.seat_socket import socket_catch_up
    from services.observability.gc_pauses import settle_after_start
    from services.store.live_notices import LOCAL_NOTICES

    worker = start_worker(url)
    front = front_of(app, LocalSource(LOCAL_NOTICES))
    loop = asyncio.new_event_loop()
    service = app.extensions["papyrus"].service
    try:
        warm_up, counted_ones = live_moves(app, games), live_moves(app, games)
        sockets = [[Socket(front, environ) for *_, environ in moves] for moves in (warm_up, counted_ones)]
        for socket in (socket for some in sockets for socket in some):
            loop.run_until_complete(socket.open())

        def move_all(moves: list[tuple[str, int, str, dict[str, Any]]], opened: list[Socket]) -> None:
            for (game_id, seen, cursor, environ), socket in zip(moves, opened, strict=True):
                answer = loop.run_until_complete(socket.answer(environ["wsgi.input"].getvalue()))
                if '"ok":true' not in answer[:200] or '"view":{' not in answer:
                    raise RuntimeError(f"a move over a socket was answered {answer[:2000]}")
                notice = front.live._games[game_id].serial  # the decision's, which the mover's socket heard
                for seat in (seat for seat in range(4) if seat != socket.seat):
                    socket_catch_up(LiveTarget(service, game_id, seat), seen, cursor, notice)

        move_all(warm_up, sockets[0])
        settle_after_start()
        measured(lambda: move_all(counted_ones, sockets[1]))
        for socket in (socket for some in sockets for socket in some):
            loop.run_until_complete(socket.close())
    finally:
        worker.terminate()
        worker.wait()
    return {"count": games}


class Socket:
    """A seat's WebSocket on the front's ASGI interface, opened on the request of a move."""

    def __init__(self, front: Any, environ: dict[str, Any]) -> None:
        import asyncio

        scope, _ = asgi_request(environ)
        path = scope["path"].rsplit("/", 1)[0] + "/socket"
        headers = [(name, value) for name, value in scope["headers"] if not name.startswith(b"content-")]
        self.scope = {**scope, "type": "websocket", "method": "GET", "path": path, "query_string": b""}
        self.scope |= {"scheme": "ws", "headers": headers}
        self.front = front
        self.seat = -1  # the welcome frame says
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.frames: asyncio.Queue[str] = asyncio.Queue()  # as sent: a client's decoding is not counted

    async def open(self) -> None:
        import asyncio

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "websocket.send":
                self.frames.put_nowait(message["text"])

        self.incoming.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.ensure_future(self.front(self.scope, self.incoming.get, send))
        async with asyncio.timeout(600):  # under valgrind
            while (frame := json.loads(await self.frames.get()))["type"] != "view":
                if frame["type"] == "refused":
                    raise RuntimeError(f"a socket was refused: {frame}")
                if frame["type"] == "welcome":
                    self.seat = int(frame["seat"])

    async def close(self) -> None:
        self.incoming.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await self.task

    async def answer(self, body: bytes) -> str:
        """The answer frame to the command ``body``, undecoded."""
        import asyncio

        self.incoming.put_nowait({"type": "websocket.receive", "text": body.decode()})
        async with asyncio.timeout(600):  # under valgrind
            while not (frame := await self.frames.get()).startswith('{"type":"answer"'):
                pass
        return frame


def live_moves(app: Any, games: int) -> list[tuple[str, int, str, dict[str, Any]]]:
    """:func:`submit_requests` with ``?view=1``, each with its game's version and chat cursor before."""
    from werkzeug.test import EnvironBuilder

    service = app.extensions["papyrus"].service
    moves = []
    for environ in submit_requests(app, games):
        game_id = environ["PATH_INFO"].split("/")[3]
        cursor, _ = service.social.chat_backlog(game_id, None)
        body = environ["wsgi.input"].read()
        headers = {"Authorization": environ["HTTP_AUTHORIZATION"], "Content-Type": "application/json"}
        builder = EnvironBuilder(path=environ["PATH_INFO"], method="POST", headers=headers, data=body)
        live = {**builder.get_environ(), "QUERY_STRING": "view=1", "REMOTE_ADDR": "127.0.0.1"}
        moves.append((game_id, service.version(game_id), cursor, live))
    return moves


def answered_status(app: Any, environ: dict[str, Any]) -> str:
    """Call ``app`` with ``environ``, read its whole answer and return its status line."""
    statuses: list[str] = []
    body = app(environ, lambda status, headers, info=None: statuses.append(status))
    for _ in body:
        pass
    return statuses[0]


def through_front(app: Any) -> Callable[[Any, dict[str, Any]], str]:
    """A caller like :func:`answered_status` that sends each request through the asynchronous front, on one
    event loop kept for the whole run, as an ASGI server would (the scope, the body's messages; the front's
    ASGI adapter, api/front/rsgi.py, counted with it: under Granian it is served through RSGI)."""
    import asyncio

    front = front_of(app)
    loop = asyncio.new_event_loop()

    def call(_: Any, environ: dict[str, Any]) -> str:
        scope, body = asgi_request(environ)
        sent: list[dict[str, Any]] = []
        messages = [{"type": "http.request", "body": body, "more_body": False}]

        async def receive() -> dict[str, Any]:
            return messages.pop() if messages else {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        loop.run_until_complete(front(scope, receive, send))
        return f"{sent[0]['status']}"

    return call


def front_of(app: Any, notices: Any = None) -> Any:
    """The asynchronous front over ``app``, its pool running the app on the counted thread; its live hub
    hears ``notices`` (none by default)."""
    from api.context import ApiConfig
    from api.front import build_front
    from api.front.live_hub import LiveHub
    from tests.support.notices import SilentNotices

    # with no notices, a waiting submit looks for its outcome after the hub's half-second look (the worker has
    # decided it by then): each is checked once, as a notice would have it, no subscription's work counted
    hub = lambda pool: LiveHub(notices or SilentNotices(), pool)  # noqa: E731
    return build_front(app, 8, ApiConfig().body_limits(), pool=InlinePool(), live=hub)


class InlinePool(Executor):
    """Runs what the front hands to its pool at once, on the counted thread (a pool thread would escape
    callgrind's toggle); the hand-over through the event loop is kept."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        from concurrent.futures import Future

        done: Future[Any] = Future()
        done.set_result(fn(*args, **kwargs))
        return done


def asgi_request(environ: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    """The ASGI scope and body of a request werkzeug built as a WSGI environ."""
    headers = [
        (key[5:].replace("_", "-").lower().encode("latin-1"), str(value).encode("latin-1"))
        for key, value in environ.items()
        if key.startswith("HTTP_")
    ]
    for key, name in (("CONTENT_TYPE", b"content-type"), ("CONTENT_LENGTH", b"content-length")):
        if environ.get(key):
            headers.append((name, str(environ[key]).encode("latin-1")))
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": environ["REQUEST_METHOD"],
        "scheme": "http",
        "path": environ["PATH_INFO"],
        "raw_path": environ["PATH_INFO"].encode("latin-1"),
        "query_string": environ.get("QUERY_STRING", "").encode("latin-1"),
        "root_path": "",
        "headers": headers,
        "client": (environ.get("REMOTE_ADDR", "127.0.0.1"), 40000),
        "server": ("127.0.0.1", 8000),
    }
    return scope, environ["wsgi.input"].read()


def start_worker(url: str) -> subprocess.Popen[bytes]:
    env = {**os.environ, "REDIS_URL": url}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    command = [sys.executable, "-m", "papyrus", "worker"]
    return subprocess.Popen(command, cwd=ROOT, env=env, stderr=subprocess.DEVNULL)


def submit_requests(app: Any, games: int) -> list[dict[str, Any]]:
    """For each of ``games`` new 4-seat Egizia games, once its first seat must act, a request submitting
    one of that seat's legal commands."""
    from werkzeug.test import EnvironBuilder

    client = app.test_client()
    seated = [started_game(client) for _ in range(games)]
    environs = []
    for game_id, tokens in seated:
        to_act = seats_to_act(client, game_id)
        auth = {"Authorization": f"Bearer {tokens[to_act[0]]}"}
        legal = client.get(f"/api/games/{game_id}/seats/{to_act[0]}/legal-commands", headers=auth).get_json()
        body = {"command_id": "counted", "command": legal[0]}
        path = f"/api/games/{game_id}/commands"
        builder = EnvironBuilder(path=path, method="POST", headers=auth, json=body)
        environs.append({**builder.get_environ(), "REMOTE_ADDR": "127.0.0.1"})
    return environs


def started_game(client: Any) -> tuple[str, list[str]]:
    """A new, started 4-seat Egizia game: its id and its seats' tokens."""
    game = client.post("/api/games", json={"game": "egizia", "seats": 4}).get_json()
    tokens = [
        client.post(f"/api/games/{game['id']}/seats", json={"name": f"p{seat}"}).get_json()["token"]
        for seat in range(4)
    ]
    client.post(f"/api/games/{game['id']}/start", json={}, headers={"Authorization": f"Bearer {tokens[0]}"})
    return game["id"], tokens


def seats_to_act(client: Any, game_id: str) -> list[int]:
    """The seats to act in ``game_id`` once a worker has laid it out (within a minute)."""
    for _ in range(600):
        to_act: list[int] = client.get(f"/api/games/{game_id}/view").get_json()["to_act"]
        if to_act:
            return to_act
        time.sleep(0.1)
    raise RuntimeError(f"no seat came to act in {game_id}")


def legal_commands_request(app: Any, url: str) -> Any:
    """A request for the legal commands of the seat to act in a new 4-seat Egizia game (a worker sets it
    up, in a process of its own)."""
    from werkzeug.test import EnvironBuilder

    client = app.test_client()
    game_id, tokens = started_game(client)
    worker = start_worker(url)
    try:
        seat = seats_to_act(client, game_id)[0]
    finally:
        worker.terminate()
        worker.wait()
    return EnvironBuilder(
        path=f"/api/games/{game_id}/seats/{seat}/legal-commands",
        headers={"Authorization": f"Bearer {tokens[seat]}"},
    )


def counted(part: list[str], args: argparse.Namespace) -> int | None:
    """Instructions per unit of ``part`` (run in a child process under callgrind), rounded; with
    ``--no-valgrind`` the part runs uncounted, at native speed (a smoke run), and None is returned."""
    options = ["--redis-url", args.redis_url, "--games", str(args.games), "--rounds", str(args.rounds)]
    options += ["--requests", str(args.requests), "--submits", str(args.submits)]
    child = [sys.executable, __file__, *options, "--child", *part]
    valgrind = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no",
        "--toggle-collect=functools_reduce",
    ]  # fmt: skip
    done = subprocess.run(
        [*valgrind, *child] if args.valgrind else child, capture_output=True, text=True, check=True, cwd=ROOT
    )
    count = json.loads(done.stdout.strip().splitlines()[-1])["count"]
    if not args.valgrind:
        return None
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return round(int(found.group(1).replace(",", "")) / count)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--submits", type=int, default=40, help="submitted commands counted (one per game)")
    parser.add_argument("--api-only", action="store_true", help="count the API's requests only")
    parser.add_argument("--front-only", action="store_true", help="count the API through the front only")
    parser.add_argument("--routes", nargs="+", default=ROUTES, choices=ROUTES, help="the API parts counted")
    parser.add_argument(
        "--no-valgrind",
        dest="valgrind",
        action="store_false",
        help="run every part uncounted, without valgrind (checks that the parts run; prints no figure)",
    )
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind.startswith("worker"):
            workers, cold = (2 if kind == "worker_alternating" else 1), kind == "worker_cold"
            print(json.dumps(worker_part(args.redis_url, args.games, args.rounds, workers, cold)))
        else:
            count = args.submits if rest[0] in ("submit", "live_move", "socket_move") else args.requests
            print(json.dumps(api_part(args.redis_url, rest[0], count, front=kind == "api_front")))
        return 0
    figures: dict[str, int | None] = {}
    if not args.api_only:
        figures["worker_instructions_per_command"] = counted(["worker"], args)
        figures["worker_instructions_per_command_alternating"] = counted(["worker_alternating"], args)
        figures["worker_instructions_per_command_cold"] = counted(["worker_cold"], args)
    for route in (route for route in args.routes if route not in FRONT_ONLY) if not args.front_only else ():
        figures[f"api_instructions_per_{route}_request"] = counted(["api", route], args)
    for route in (route for route in args.routes if route != "bare"):
        figures[f"api_front_instructions_per_{route}_request"] = counted(["api_front", route], args)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
