"""Domain benchmark for Egizia (one core, no Redis).

Measures (1) complete random-bot 4-player games per second, (2) events folded per second when replaying the
stored (msgpack-encoded) games from scratch, next to msgspec's bare decode rate of the same events,
measured in the same run. Run: ``PYTHONPATH=. python benchmarks/domain_bench.py [--games 200] [--players 4]``.
All times are CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import msgspec

from domain.engine import RandomBot, apply_command, start
from domain.games.egizia import GAME, EgiziaOptions
from domain.games.egizia.events import EgiziaEvent


def play(players: int, seed: bytes, bot_seed: int) -> list[Any]:
    state, events = start(GAME, players, EgiziaOptions(), seed)
    bot = RandomBot(bot_seed)
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, new_events = apply_command(GAME, state, seat, bot.choose(GAME, state, seat))
        events += new_events
    return events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=7, help="replay repeats; the best of each is kept")
    args = parser.parse_args()

    began = time.process_time()
    games = [play(args.players, f"{args.seed}:{i}".encode(), i) for i in range(args.games)]
    play_seconds = time.process_time() - began

    encoder = msgspec.msgpack.Encoder()
    decoder = msgspec.msgpack.Decoder(list[EgiziaEvent])
    blobs = [encoder.encode(events) for events in games]
    total_events = sum(len(events) for events in games)

    def decode_only() -> float:
        began = time.process_time()
        for blob in blobs:
            decoder.decode(blob)
        return time.process_time() - began

    def decode_and_fold() -> float:
        began = time.process_time()
        for blob in blobs:
            state = None
            for event in decoder.decode(blob):
                state = GAME.evolve(state, event)
        return time.process_time() - began

    # Interleaved repeats, best of each: the figures are CPU time of this process, so that other load on the
    # machine disturbs them as little as possible.
    decode_seconds = replay_seconds = float("inf")
    for _ in range(args.repeats):
        decode_seconds = min(decode_seconds, decode_only())
        replay_seconds = min(replay_seconds, decode_and_fold())
    fold_seconds = max(replay_seconds - decode_seconds, 1e-9)

    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "msgspec": msgspec.__version__,
                "players": args.players,
                "games": args.games,
                "events_per_game": round(total_events / args.games, 1),
                "games_per_second": round(args.games / play_seconds, 1),
                "bare_decode_events_per_second": round(total_events / decode_seconds),
                "decode_and_fold_events_per_second": round(total_events / replay_seconds),
                "fold_only_events_per_second": round(total_events / fold_seconds),
                "fold_only_vs_bare_decode": round(decode_seconds / fold_seconds, 3),
                "decode_and_fold_vs_bare_decode": round(decode_seconds / replay_seconds, 3),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
