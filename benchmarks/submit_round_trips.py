"""Redis round trips the API spends on one ``POST /api/games/<id>/commands``, and on which commands.

    python benchmarks/submit_round_trips.py                       # embedded store (fakeredis)
    python benchmarks/submit_round_trips.py --url redis://127.0.0.1:6379/15 --commands 40

Plays one game through the Flask test client, with and without ``expected_version``, and counts the request
thread's round trips (one per pipeline or lone command), "to the inbox" and "waiting". Runs under a fresh key
prefix and queue name; deletes what it wrote.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import fakeredis
import redis
from redis.client import Pipeline

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.app import create_app
from api.context import ApiConfig
from services import keys
from services.game_service import GameService
from services.settings import Settings
from workers.embedded import start_embedded_worker

INBOX_SCRIPT_MARK = "XADD"


class Trips:
    """Round trips sent by one thread, each named by its command (a pipeline by its commands)."""

    def __init__(self, thread: int) -> None:
        self.thread = thread
        self.names: list[str] = []

    @contextmanager
    def counting(self) -> Iterator[Trips]:
        real_command, real_pipeline = redis.Redis.execute_command, Pipeline.execute
        trips = self

        def command(client: redis.Redis, *args: Any, **options: Any) -> Any:
            if threading.get_ident() == trips.thread:
                trips.names.append(_name(args))
            return real_command(client, *args, **options)  # type: ignore[no-untyped-call]

        def pipeline(pipe: Pipeline, raise_on_error: bool = True) -> Any:
            if threading.get_ident() == trips.thread and pipe.command_stack:
                inner = "+".join(_name(_args(queued)) for queued in pipe.command_stack)
                trips.names.append(f"pipeline[{inner}]")
            return real_pipeline(pipe, raise_on_error)

        redis.Redis.execute_command = command  # type: ignore[method-assign,assignment]
        Pipeline.execute = pipeline  # type: ignore[method-assign,assignment]
        try:
            yield self
        finally:
            redis.Redis.execute_command = real_command  # type: ignore[method-assign]
            Pipeline.execute = real_pipeline  # type: ignore[method-assign]


def _args(queued: Any) -> tuple[Any, ...]:
    """A queued pipeline command's arguments (redis-py queues ``(args, options)`` pairs)."""
    args: tuple[Any, ...] = queued[0] if isinstance(queued, tuple) else queued.args
    return args


def _name(args: tuple[Any, ...]) -> str:
    name = str(args[0]).upper() if args else "?"
    if name.startswith("SCRIPT"):
        return "SCRIPT LOAD"
    if name == "EVALSHA" and len(args) > 3:
        return f"EVALSHA({_key_suffix(args[3])})"
    if len(args) > 1 and isinstance(args[1], str | bytes):
        return f"{name}({_key_suffix(args[1])})"
    return name


def _key_suffix(key: Any) -> str:
    text = key.decode() if isinstance(key, bytes) else str(key)
    if text.startswith("rq:"):
        return ":".join(text.split(":")[:2])
    return text.rsplit("}:", 1)[-1] if "}:" in text else text.rsplit(":", 1)[-1]


def _until_inbox(names: list[str]) -> int:
    """How many round trips came before and including the inbox append (``submit.lua`` on command_ids)."""
    for index, name in enumerate(names):
        if "EVALSHA(command_ids)" in name:  # alone, or in a pipeline with the decision's reads
            return index + 1
    return len(names)


def play(client: Any, commands: int, seed: int, game: str, seats: int, expect: bool) -> list[list[str]]:
    """Round trips of each submit; with ``expect`` each command carries the version it was chosen at, as
    the web page's do."""
    rng = random.Random(seed)
    created = client.post("/api/games", json={"game": game, "seats": seats, "options": {}}).get_json()
    game_id = created["id"]
    tokens = [
        client.post(f"/api/games/{game_id}/seats", json={"name": f"P{seat}"}).get_json()["token"]
        for seat in range(seats)
    ]
    client.post(f"/api/games/{game_id}/start", headers=_auth(tokens[0]))
    trips = Trips(threading.get_ident())
    per_request: list[list[str]] = []
    version = 1
    for number in range(commands):
        view = _settled_view(client, game_id, version)
        if view["status"] == "over":
            break
        seat = rng.choice(view["to_act"])
        legal = client.get(f"/api/games/{game_id}/seats/{seat}/legal-commands", headers=_auth(tokens[seat]))
        body = {"command_id": f"c{number}", "command": rng.choice(legal.get_json())}
        if expect:
            body["expected_version"] = view["version"]
        trips.names = []
        with trips.counting():
            answer = client.post(f"/api/games/{game_id}/commands", json=body, headers=_auth(tokens[seat]))
        if answer.status_code != 200:
            raise RuntimeError(f"command {number} answered {answer.status_code}: {answer.get_json()}")
        per_request.append(list(trips.names))
        version = answer.get_json()["version"]
    return per_request


def _settled_view(client: Any, game_id: str, version: int) -> dict[str, Any]:
    """The public view once it shows ``version`` or later and someone must act (or the game is over)."""
    for _ in range(2000):
        view: dict[str, Any] = client.get(f"/api/games/{game_id}/view").get_json()
        if view["version"] >= version and (view["to_act"] or view["status"] == "over"):
            return view
        threading.Event().wait(0.005)
    raise RuntimeError("the game never settled")


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def report(per_request: list[list[str]]) -> str:
    inbox = [_until_inbox(names) for names in per_request]
    total = [len(names) for names in per_request]
    waiting = [t - i for t, i in zip(total, inbox, strict=True)]
    typical = per_request[total.index(int(statistics.median_low(total)))]
    lines = [
        f"submits {len(per_request)}",
        f"to the inbox: min {min(inbox)} median {statistics.median(inbox)} max {max(inbox)}",
        f"waiting and answer: min {min(waiting)} median {statistics.median(waiting)} max {max(waiting)}",
        f"whole request: min {min(total)} median {statistics.median(total)} max {max(total)}",
        "a typical request, in order:",
        *(f"  {name}" for name in typical),
        "by command over every request:",
        *(f"  {count:5d} {name}" for name, count in Counter(n for r in per_request for n in r).most_common()),
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--url", default=None, help="a Redis to run on (default: an embedded fakeredis)")
    parser.add_argument("--game", default="egizia")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--commands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    store: redis.Redis = (
        redis.Redis.from_url(args.url) if args.url else fakeredis.FakeRedis(server=fakeredis.FakeServer())
    )
    keys.PREFIX = queue_name = f"papyrus-trips-{uuid.uuid4().hex[:8]}"
    service = GameService(store, Settings(queue_name=queue_name))
    worker = start_embedded_worker(service)
    config = ApiConfig(submit_wait_seconds=10.0)
    client = create_app(service, redis=store, config=config, mode="benchmark").test_client()
    try:
        reports = [
            f"{title}:\n{report(play(client, args.commands, args.seed, args.game, args.seats, expect))}"
            for title, expect in (("with expected_version (the web page)", True), ("without", False))
        ]
    finally:
        worker.stop()
        service.components.scheduler.queue.delete(delete_jobs=True)
        leftovers = list(store.scan_iter(match=keys.everything_pattern(), count=500))
        if leftovers:
            store.delete(*leftovers)
    print("\n\n".join(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
