"""Commands decided per second by ``process_game`` and ``advance_game``, on fakeredis and on real Redis.

    python benchmarks/worker_bench.py [--url redis://127.0.0.1:6379/15] [--games 3]

``--games`` 4-player Egizia bot games are played to the end through the service, their jobs run by an
in-process RQ SimpleWorker; the figure is commands decided per second spent inside those two calls. The
same-run reference is the bare domain deciding and folding the same commands (``apply_command``). Runs under a
fresh key prefix and queue name, and deletes what it wrote.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fakeredis
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.job_runs import run_jobs
from domain import registry
from domain.engine import RandomBot, apply_command, start
from services import keys
from services.game_service import GameService
from services.processing.game_processor import GameProcessor
from services.settings import Settings
from workers import context

GAME = "egizia"


class Timed:
    """Wraps ``GameProcessor.process_game`` and ``GameProcessor.advance_game``: seconds spent inside them and
    the commands decided (automatic phases run inside process_game at advance delay 0, in advance_game jobs
    otherwise: both are counted)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.decided = 0
        self._process = GameProcessor.process_game
        self._advance = GameProcessor.advance_game

    def __enter__(self) -> Timed:
        process, advance, timed = self._process, self._advance, self

        def process_game(self: GameProcessor, game_id: str, *args: Any, **kwargs: Any) -> int:
            started = time.perf_counter()
            decided = process(self, game_id, *args, **kwargs)
            timed.seconds += time.perf_counter() - started
            timed.decided += decided
            return decided

        def advance_game(self: GameProcessor, game_id: str, *args: Any, **kwargs: Any) -> bool:
            started = time.perf_counter()
            advanced = advance(self, game_id, *args, **kwargs)
            timed.seconds += time.perf_counter() - started
            return advanced

        GameProcessor.process_game = process_game  # type: ignore[method-assign]
        GameProcessor.advance_game = advance_game  # type: ignore[method-assign]
        return self

    def __exit__(self, *_: object) -> None:
        GameProcessor.process_game = self._process  # type: ignore[method-assign]
        GameProcessor.advance_game = self._advance  # type: ignore[method-assign]


def play_games(connection: redis.Redis, games: int) -> tuple[float, int]:
    """Commands decided per second inside process_game over ``games`` bot games, and how many."""
    keys.PREFIX = queue_name = f"papyrus-bench-{uuid.uuid4().hex[:8]}"
    service = GameService(connection, Settings(queue_name=queue_name))
    context.register(service)
    queue = service.components.scheduler.queue
    try:
        with Timed() as timed:
            for _ in range(games):
                meta = service.create_game(GAME, 4, {})
                service.start(meta.id, fill_with_bots=True)
                run_jobs(queue)
                if service.meta(meta.id).status != "over":
                    raise RuntimeError(f"bot game {meta.id} did not finish")
        return timed.decided / timed.seconds, timed.decided
    finally:
        queue.delete(delete_jobs=True)
        leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
        if leftovers:
            connection.delete(*leftovers)


def bare_domain_rate(commands: int) -> float:
    """Commands per second decided and folded by the bare domain (random bots, no store)."""
    game: Any = registry.get_game(GAME)
    bot, decided, seconds, seed = RandomBot(7), 0, 0.0, 0
    while decided < commands:
        seed += 1
        state, _ = start(game, 4, game.Options(), f"bench-{seed}".encode())
        while game.result(state) is None and decided < commands:
            seat = min(game.to_act(state))
            command = bot.choose(game, state, seat)
            started = time.perf_counter()
            state, _ = apply_command(game, state, seat, command)
            seconds += time.perf_counter() - started
            decided += 1
    return decided / seconds


def deepcopy_ms(moves: int = 40, copies: int = 200) -> float:
    """Milliseconds one ``copy.deepcopy`` of a mid-game Egizia state takes (the copy per command the worker
    avoids by folding in place)."""
    game: Any = registry.get_game(GAME)
    bot = RandomBot(3)
    state, _ = start(game, 4, game.Options(), b"bench-copy")
    for _ in range(moves):
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        state, _ = apply_command(game, state, seat, bot.choose(game, state, seat))
    started = time.perf_counter()
    for _ in range(copies):
        copy.deepcopy(state)
    return (time.perf_counter() - started) / copies * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="redis://127.0.0.1:6379/15")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    real = redis.Redis.from_url(args.url)
    print(f"redis {real.info('server')['redis_version']} at {args.url}; {args.games} games per run")
    connections: list[tuple[str, Callable[[], redis.Redis]]] = [
        ("fakeredis", lambda: fakeredis.FakeRedis()),
        ("real Redis", lambda: real),
    ]
    for label, connect in connections:
        rates = []
        for _ in range(args.runs):
            rate, decided = play_games(connect(), args.games)
            rates.append(rate)
        print(
            f"process_game + advance_game on {label}: median {statistics.median(rates):,.0f} commands/s "
            f"(runs: {', '.join(f'{r:,.0f}' for r in rates)}; {decided} commands per run)"
        )
    print(f"reference, bare domain apply_command: {bare_domain_rate(500):,.0f} commands/s")
    print(f"one deepcopy of a mid-game {GAME} state: {deepcopy_ms():.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
