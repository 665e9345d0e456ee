"""Players on live pages, flat out: one request a move, as boardgame.io's clients play over their sockets.

    python benchmarks/live_players.py --redis-url redis://127.0.0.1:6379/13 --games 100 --duration 30

Each seat holds its live stream open and, when its pushed view says it must act, submits one of the legal
commands it carries (``--socket``: moves, answers and pushes on its WebSocket). Prints moves/s, requests a
move, the submit's latency, a game's turn (a move to its next), the CPU a move of the API, workers and
Redis, and same-run references (bare Flask, redis-benchmark XADD)."""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load_bench import (
    add_reference_sizes,
    bare_flask_rate,
    bare_reference,
    create_tables,
    delete_created_keys,
    machine_busy_idle,
    redis_cpu_seconds,
    redis_xadd_rate,
)
from benchmarks.load_support import (
    Table,
    api_server,
    cpu_seconds,
    free_port,
    percentile,
    python_module,
    spawn,
    stop,
    wait_http,
)
from domain.registry import games


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--game", default=sorted(games())[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--warm-up", type=float, default=5.0)
    parser.add_argument("--api-workers", type=int, default=2)
    parser.add_argument("--api-threads", type=int, default=16)
    parser.add_argument("--rq-workers", type=int, default=2)
    parser.add_argument(
        "--clients", type=int, default=32, help="threads of the bare Flask reference's client"
    )
    parser.add_argument(
        "--socket", action="store_true", help="each seat plays over its WebSocket, not a stream and POSTs"
    )
    add_reference_sizes(parser)
    return parser.parse_args()


@dataclass
class Tally:
    """What the players did while measured."""

    measuring: bool = False
    accepted: int = 0
    refused: int = 0
    requests: int = 0
    latencies: list[float] = field(default_factory=list)
    turns: list[float] = field(default_factory=list)  # between a game's successive moves, whoever made them
    last_move: dict[str, float] = field(default_factory=dict)
    over: set[str] = field(default_factory=set)  # the games that ended (no seat to act)

    def moved(self, game_id: str, now: float) -> None:
        """A move of ``game_id`` sent at ``now``: the time since its previous one is a turn of the game."""
        last = self.last_move.get(game_id)
        self.last_move[game_id] = now
        if self.measuring and last is not None:
            self.turns.append(now - last)


class Seat:
    """One player: its live stream, and a keep-alive connection its moves go on, one at a time."""

    def __init__(self, port: int, table: Table, seat: int, tally: Tally) -> None:
        self.port, self.table, self.seat, self.tally = port, table, seat, tally
        self.tried = -1  # the last version this seat moved on
        self.moves = 0
        self.random = random.Random(f"{table.game_id}-{seat}")
        self.moving: asyncio.Task[None] | None = None
        self.held: dict[str, Any] | None = None  # a view pushed while its move was in flight, seen after
        self.connection: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def follow(self) -> None:
        token = self.table.tokens[self.seat]
        head = f"GET /api/games/{self.table.game_id}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=1 << 22)
        writer.write(f"{head}Authorization: Bearer {token}\r\n\r\n".encode())
        answer = await reader.readuntil(b"\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 200"), answer
        buffer = b""
        while size := int((await reader.readuntil(b"\r\n")).strip(), 16):  # chunked transfer coding
            buffer += (await reader.readexactly(size + 2))[:-2]
            *messages, buffer = buffer.split(b"\n\n")
            for message in messages:
                if message.startswith(b"event: view"):
                    self.seen(json.loads(message.split(b"\ndata: ", 1)[1]))

    def seen(self, body: dict[str, Any]) -> None:
        legal = (body.get("view") or {}).get("legal_commands") or []
        version = int(body["version"])
        if not body["to_act"]:
            self.tally.over.add(self.table.game_id)
        if self.seat not in body["to_act"] or not legal or version <= self.tried:
            return
        if self.moving is not None and not self.moving.done():
            self.held = body  # its turn again before its move's answer: dropped, the game would stall
            return
        self.tried = version
        self.moving = asyncio.ensure_future(self.move(self.random.choice(legal)))

    async def move(self, command: dict[str, Any]) -> None:
        self.moves += 1
        body = json.dumps({"command_id": f"m{self.moves}", "command": command}).encode()
        path = f"/api/games/{self.table.game_id}/commands"
        token = self.table.tokens[self.seat]
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        if self.connection is None:
            self.connection = await asyncio.open_connection("127.0.0.1", self.port)
        reader, writer = self.connection
        started = time.perf_counter()
        self.tally.moved(self.table.game_id, started)
        writer.write(head.encode() + body)
        answer = await reader.readuntil(b"\r\n\r\n")
        length = next(
            int(line.split(b":", 1)[1])
            for line in answer.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        outcome = await reader.readexactly(length)
        status = int(answer[9:12])
        if self.tally.measuring:
            self.tally.requests += 1
            self.tally.latencies.append(time.perf_counter() - started)
            if status == 200:
                self.tally.accepted += 1
            else:
                self.tally.refused += 1
        self.moving, held, self.held = None, self.held, None
        made = int(json.loads(outcome)["version"]) if status == 200 else -1
        if held is not None and int(held["version"]) >= made:  # else its move's own push is still to come
            self.seen(held)


class RawSocket:
    """A WebSocket client on asyncio's streams, text frames and no extension, as lean as the stream's client
    above: a general client library spent four times the client CPU a move, which the server's neighbours
    on the machine then lacked."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int, path: str, token: str) -> RawSocket:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 22)
        key = base64.b64encode(os.urandom(16)).decode()
        head = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer {token}\r\n\r\n"
        )
        writer.write(head.encode())
        answer = await reader.readuntil(b"\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 101"), answer
        return cls(reader, writer)

    async def recv(self) -> bytes | None:
        """The next message's payload (continuations joined); None once the server closed."""
        message = b""
        while True:
            first, second = await self.reader.readexactly(2)
            length = second & 0x7F
            if length >= 126:
                length = int.from_bytes(await self.reader.readexactly(2 if length == 126 else 8), "big")
            payload = await self.reader.readexactly(length)
            opcode = first & 0x0F
            if opcode == 8:
                return None
            if opcode == 9:
                self._frame(0x8A, payload)  # a pong for the ping
            elif opcode in (0, 1, 2):
                message += payload
                if first & 0x80:
                    return message

    def send(self, text: str) -> None:
        self._frame(0x81, text.encode())

    def _frame(self, first: int, payload: bytes) -> None:
        size = len(payload)
        if size < 126:
            head = bytes((first, 0x80 | size))
        elif size < 1 << 16:
            head = bytes((first, 0x80 | 126)) + size.to_bytes(2, "big")
        else:
            head = bytes((first, 0x80 | 127)) + size.to_bytes(8, "big")
        mask = os.urandom(4)
        key = int.from_bytes((mask * (size // 4 + 1))[:size], "big")
        masked = (int.from_bytes(payload, "big") ^ key).to_bytes(size, "big") if size else b""
        self.writer.write(head + mask + masked)

    def close(self) -> None:
        self.writer.close()


class SocketSeat(Seat):
    """One player over its WebSocket: the views pushed to it and its commands' answers (each carrying its
    view after the move) tell it when to act; a move is a frame, its answer a frame."""

    socket: RawSocket | None = None
    sent_at: dict[str, float]

    async def follow(self) -> None:
        self.sent_at = {}
        path = f"/api/games/{self.table.game_id}/socket"
        self.socket = await RawSocket.open(self.port, path, self.table.tokens[self.seat])
        try:
            while (text := await self.socket.recv()) is not None:
                frame = json.loads(text)
                if frame["type"] == "view":
                    self.seen(frame["view"])
                elif frame["type"] == "answer":
                    self.answered(frame)
        finally:
            self.socket.close()

    def answered(self, frame: dict[str, Any]) -> None:
        started = self.sent_at.pop(str(frame["id"]), None)
        if self.tally.measuring and started is not None:
            self.tally.requests += 1
            self.tally.latencies.append(time.perf_counter() - started)
            if frame["ok"] and frame["result"]["status"] == "accepted":
                self.tally.accepted += 1
            else:
                self.tally.refused += 1
        if frame["ok"] and frame["result"].get("view") is not None:
            self.seen(frame["result"]["view"])  # its own push is not sent again

    def seen(self, body: dict[str, Any]) -> None:
        legal = (body.get("view") or {}).get("legal_commands") or []
        version = int(body["version"])
        if not body["to_act"]:
            self.tally.over.add(self.table.game_id)
        if self.seat not in body["to_act"] or not legal or version <= self.tried or self.sent_at:
            return
        self.tried = version
        self.moves += 1
        command_id = f"m{self.moves}"
        assert self.socket is not None
        self.sent_at[command_id] = now = time.perf_counter()
        self.tally.moved(self.table.game_id, now)
        self.socket.send(json.dumps({"command_id": command_id, "command": self.random.choice(legal)}))


async def play(port: int, tables: list[Table], tally: Tally, args: argparse.Namespace) -> float:
    """Open every seat's stream (or socket), play for the warm-up and the measured duration; the seconds
    measured."""
    kind = SocketSeat if args.socket else Seat
    seats = [kind(port, table, seat, tally) for table in tables for seat in range(len(table.tokens))]
    tasks = [asyncio.ensure_future(seat.follow()) for seat in seats]
    await asyncio.sleep(args.warm_up)
    tally.measuring = True
    started = time.monotonic()
    await asyncio.sleep(args.duration)
    tally.measuring = False
    seconds = time.monotonic() - started
    for task in tasks:
        task.cancel()
    for seat in seats:
        if seat.connection is not None:
            seat.connection[1].close()
    return seconds


def run(args: argparse.Namespace, store: redis.Redis, logs: Path) -> dict[str, Any]:
    env = {
        "REDIS_URL": args.redis_url,
        "PAPYRUS_QUOTAS": "off",
        "PAPYRUS_LIVE_SECONDS": "3600",  # no stream ends during the run
        "PAPYRUS_LIVE_MAX_STREAMS": str(args.games * args.seats + 100),
        "PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT": str(args.games * args.seats + 100),
    }
    port = free_port()
    processes = [api_server(port, args.api_workers, args.api_threads, env, logs / "api.log")]
    processes += [
        spawn(python_module("papyrus", "worker"), env, logs / f"worker{n}.log")
        for n in range(args.rq_workers)
    ]
    try:
        wait_http(f"http://127.0.0.1:{port}/api/health")
        tables = create_tables(f"http://127.0.0.1:{port}", args)
        tally = Tally()
        before: dict[str, Any] = {}

        async def measured() -> float:
            async def start_counting() -> None:
                await asyncio.sleep(args.warm_up)
                before["api"], before["worker"] = cpu_seconds(processes[0].pid), _workers_cpu(processes)
                before["redis"], before["machine"] = redis_cpu_seconds(store), machine_busy_idle()
                before["client"] = time.process_time()

            counting = asyncio.ensure_future(start_counting())
            seconds = await play(port, tables, tally, args)
            await counting
            return seconds

        seconds = asyncio.run(measured())
        api = cpu_seconds(processes[0].pid) - before["api"]
        worker = _workers_cpu(processes) - before["worker"]
        redis_cpu = redis_cpu_seconds(store) - before["redis"]
        busy, idle = (now - then for now, then in zip(machine_busy_idle(), before["machine"], strict=True))
        moves = max(1, tally.accepted)
        per_move = {name: round(1000 * cpu / moves, 2) for name, cpu in (("api", api), ("worker", worker))}
        return {
            "mode": "socket" if args.socket else "http",
            "moves": tally.accepted,
            "moves_per_s": round(tally.accepted / seconds, 1),
            "refused": tally.refused,
            ("socket_commands_per_move" if args.socket else "http_requests_per_move"): round(
                tally.requests / moves, 2
            ),
            "submit_p50_ms": round(percentile(tally.latencies, 0.5) * 1000, 1),
            "submit_p99_ms": round(percentile(tally.latencies, 0.99) * 1000, 1),
            "turn_p50_ms": round(percentile(tally.turns, 0.5) * 1000, 1),
            "turn_p99_ms": round(percentile(tally.turns, 0.99) * 1000, 1),
            "games_over_at_end": len(tally.over),
            "api_cpu_ms_per_move": per_move["api"],
            "worker_cpu_ms_per_move": per_move["worker"],
            "redis_cpu_ms_per_move": round(1000 * redis_cpu / moves, 2),
            "server_cpu_ms_per_move": round(1000 * (api + worker + redis_cpu) / moves, 2),
            "client_cpu_ms_per_move": round(1000 * (time.process_time() - before["client"]) / moves, 2),
            "machine_cpu_busy_pct": round(100 * busy / max(1, busy + idle), 1),
        }
    finally:
        stop(processes)


def _workers_cpu(processes: list[Any]) -> float:
    return sum(cpu_seconds(process.pid) for process in processes[1:])


def main() -> None:
    args = parse_args()
    store = redis.Redis.from_url(args.redis_url)
    if store.dbsize():
        raise SystemExit(f"{args.redis_url} holds keys: give an empty database")
    logs = Path(tempfile.mkdtemp(prefix="papyrus-live-players-"))
    try:
        before = bare_flask_rate(args, logs)
        figures = run(args, store, logs)
        after = bare_flask_rate(args, logs)
        figures |= bare_reference(before, after)
        figures["moves_per_s_over_bare_flask_req_per_s"] = round(
            figures["moves_per_s"] / figures["reference_bare_flask_req_per_s"], 3
        )
        figures["reference_redis_benchmark_xadd_per_s"] = redis_xadd_rate(args.redis_url, args.xadd_requests)
    finally:
        delete_created_keys(store)
    print(
        json.dumps({"command": " ".join(["benchmarks/live_players.py", *sys.argv[1:]]), **figures}, indent=2)
    )


if __name__ == "__main__":
    main()
