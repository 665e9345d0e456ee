"""CPU instructions per command in a worker and per API request, counted by valgrind: a figure that does
not move with the load of the machine's neighbours, as the load benchmark's CPU milliseconds do (on the
project's VM the same code measures 20 % apart from one run to the next).

    python benchmarks/instruction_counts.py [--redis-url redis://127.0.0.1:6379/8]

Each part runs in a process of its own under ``valgrind --tool=callgrind``, counting only what runs inside
one call of ``functools.reduce`` (``--toggle-collect``), in which the part does its measured work:

* ``worker``: Egizia games (4 seats) whose next seat submits a random legal command each round, then one
  in-process RQ SimpleWorker decides them all (jobs, reads, decisions, appends, projections, schedules):
  instructions per decided command;
* ``worker_alternating``: the same with two workers' services (each its own state cache) deciding the
  rounds in turn, so every job finds its worker's state of the game one command behind: what a command
  costs when the game moves between workers, as it does with several worker processes;
* ``worker_cold``: the same with one worker that holds no game's state as each round starts (a worker new
  to its games, or whose state cache let them go among many more games than it holds);
* ``api``: the API's WSGI app called in-process (no HTTP server) for a seat's legal commands, for a
  submitted command (``submit``: one per game, each a legal command of the seat to act, answered once a
  ``papyrus worker`` in a process of its own, not counted, decided it) and for an unmatched route (the
  per-request work of every hook); the same-run reference is a bare Flask endpoint
  (benchmarks/flask_ref.py) called the same way: instructions per request.

Needs valgrind; the database given is flushed.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]


def measured(work: Callable[[], None]) -> None:
    """Run ``work`` where callgrind counts (``--toggle-collect=functools_reduce``)."""
    functools.reduce(lambda _, __: work(), [None], None)


def quiet_logs() -> None:
    from services.observability.structured_logs import configure_logging

    configure_logging(stream=open(os.devnull, "w"))  # noqa: SIM115 - for the process's life


def worker_part(url: str, games: int, rounds: int, workers: int = 1, cold: bool = False) -> dict[str, Any]:
    import redis
    from rq import SimpleWorker

    from services.game_service import GameService
    from services.settings import Settings
    from workers import context

    quiet_logs()
    connection = redis.Redis.from_url(url)
    connection.flushdb()
    services = [GameService(connection, Settings(queue_name="instruction-counts")) for _ in range(workers)]
    service = services[0]
    context.register(service)
    queue = service.parts.scheduler.queue

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
                deciding.parts.states.forget(game_id)
        context.register(deciding)
        measured(drain)
    return {"count": decided}


def api_part(url: str, route: str, requests: int) -> dict[str, Any]:
    from werkzeug.test import EnvironBuilder

    os.environ.update(REDIS_URL=url, PAPYRUS_QUOTAS="off")
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
            return submit_part(app, url, requests)
    environs = [{**builder.get_environ(), "REMOTE_ADDR": "127.0.0.1"} for _ in range(requests)]

    def answer_all() -> None:
        for environ in environs:
            answered_status(app, environ)

    answer_all()  # caches warmed, scripts loaded: then the measured run
    environs = [{**builder.get_environ(), "REMOTE_ADDR": "127.0.0.1"} for _ in range(requests)]
    measured(answer_all)
    return {"count": requests}


def submit_part(app: Any, url: str, games: int) -> dict[str, Any]:
    """Count one submitted command in each of ``games`` new 4-seat Egizia games (and as many before them,
    uncounted, to warm the caches), a worker deciding them meanwhile."""
    worker = start_worker(url)
    try:
        warm_up, counted_ones = submit_requests(app, games), submit_requests(app, games)

        def answer_all(environs: list[dict[str, Any]]) -> None:
            for environ in environs:
                status = answered_status(app, environ)
                if not status.startswith("200"):
                    raise RuntimeError(f"a submit was answered {status}")

        answer_all(warm_up)
        measured(lambda: answer_all(counted_ones))
    finally:
        worker.terminate()
        worker.wait()
    return {"count": games}


def answered_status(app: Any, environ: dict[str, Any]) -> str:
    """Call ``app`` with ``environ``, read its whole answer and return its status line."""
    statuses: list[str] = []
    body = app(environ, lambda status, headers, info=None: statuses.append(status))
    for _ in body:
        pass
    return statuses[0]


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


def counted(part: list[str], args: argparse.Namespace) -> float:
    """Instructions per unit of ``part`` (run in a child process under callgrind)."""
    options = ["--redis-url", args.redis_url, "--games", str(args.games), "--rounds", str(args.rounds)]
    command = [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no",
        "--toggle-collect=functools_reduce", sys.executable, __file__, *options,
        "--requests", str(args.requests), "--submits", str(args.submits), "--child", *part,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    count = json.loads(done.stdout.strip().splitlines()[-1])["count"]
    return int(found.group(1).replace(",", "")) / count


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/8")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--submits", type=int, default=40, help="submitted commands counted (one per game)")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind.startswith("worker"):
            workers, cold = (2 if kind == "worker_alternating" else 1), kind == "worker_cold"
            print(json.dumps(worker_part(args.redis_url, args.games, args.rounds, workers, cold)))
        else:
            count = args.submits if rest[0] == "submit" else args.requests
            print(json.dumps(api_part(args.redis_url, rest[0], count)))
        return 0
    figures = {
        "worker_instructions_per_command": round(counted(["worker"], args)),
        "worker_instructions_per_command_alternating": round(counted(["worker_alternating"], args)),
        "worker_instructions_per_command_cold": round(counted(["worker_cold"], args)),
    }
    for route in ("legal", "submit", "unmatched", "bare"):
        figures[f"api_instructions_per_{route}_request"] = round(counted(["api", route], args))
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
