"""How fast a move reaches the other player's open page: submit -> the other seat's live (SSE) message.

Embedded mode (fakeredis + in-process worker) behind a threaded werkzeug server on loopback; two seats
hold `GET /api/games/<id>/live` open while seat after seat submits its first legal command. Reference in
the same run: a plain `GET .../seats/<n>/view`. Prints one JSON object.

    python benchmarks/live_latency.py --moves 40
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import threading
import time
import uuid
from typing import Any

import fakeredis
import requests
from werkzeug.serving import make_server

from api.app import create_app
from api.context import ApiConfig
from services.game_service import GameService
from services.settings import Settings
from workers.embedded import start_embedded_worker

Arrival = tuple[int, int, float]  # seat, version, perf_counter time


def percentile_ms(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return round(ordered[int(fraction * (len(ordered) - 1))] * 1000, 1)


def listen(base: str, game_id: str, seat: int, token: str, arrivals: queue.Queue[Arrival]) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    with requests.get(f"{base}/games/{game_id}/live", headers=headers, stream=True, timeout=120) as stream:
        for line in stream.iter_lines():
            if line.startswith(b"id: "):
                arrivals.put((seat, int(line[4:]), time.perf_counter()))


def drain(arrivals: queue.Queue[Arrival]) -> None:
    while not arrivals.empty():
        arrivals.get()


def wait_for(arrivals: queue.Queue[Arrival], seat: int, version: int) -> float:
    while True:
        got_seat, got_version, at = arrivals.get(timeout=10)
        if got_seat == seat and got_version >= version:
            return at


def measure(game: str, moves: int) -> dict[str, Any]:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = GameService(store, Settings())
    worker = start_embedded_worker(service)
    server = make_server(
        "127.0.0.1", 0, create_app(service, redis=store, config=ApiConfig(), mode="test"), threaded=True
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/api"
    game_id = service.create_game(game, 2, {}).id
    tokens = [service.join(game_id, name).token for name in ("first", "second")]
    service.start(game_id)
    arrivals: queue.Queue[Arrival] = queue.Queue()
    for seat, token in enumerate(tokens):
        threading.Thread(target=listen, args=(base, game_id, seat, token, arrivals), daemon=True).start()
    time.sleep(0.5)
    live: list[float] = []
    view_reads: list[float] = []
    try:
        for _ in range(moves):
            to_act = service.view(game_id, 0).to_act
            if not to_act:
                break
            seat = to_act[0]
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            began = time.perf_counter()
            requests.get(f"{base}/games/{game_id}/seats/{seat}/view", headers=headers, timeout=10)
            view_reads.append(time.perf_counter() - began)
            drain(arrivals)
            body = {"command_id": uuid.uuid4().hex, "command": service.legal_commands(game_id, seat)[0]}
            began = time.perf_counter()
            answer = requests.post(f"{base}/games/{game_id}/commands", json=body, headers=headers, timeout=10)
            live.append(wait_for(arrivals, 1 - seat, answer.json()["version"]) - began)
            time.sleep(0.05)
    finally:
        server.shutdown()
        worker.stop()
    return {
        "moves": len(live),
        "submit_to_other_seat_live_ms": {"p50": percentile_ms(live, 0.5), "p90": percentile_ms(live, 0.9)},
        "reference_seat_view_get_ms": {
            "p50": percentile_ms(view_reads, 0.5),
            "p90": percentile_ms(view_reads, 0.9),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="egizia")
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    print(json.dumps(measure(args.game, args.moves)))


if __name__ == "__main__":
    main()
