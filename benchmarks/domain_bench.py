"""The rules engines alone (one core, no Redis), every game in the same run.

    PYTHONPATH=. python benchmarks/domain_bench.py [--games 200] [--case egizia:4 --case giza:6 ...]

Per ``--case game:players``: complete random-bot games per second, and events folded per second when replaying
the stored games, next to msgspec's bare decode of the same events (the same-run reference). Default: every
registered game at its smallest and largest table. CPU time of this process, replays best of ``--repeats``
interleaved runs.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import msgspec

from domain.engine import Game, RandomBot, apply_command, start
from domain.registry import games, get_game


def play(game: Game, players: int, seed: bytes, bot_seed: int) -> list[Any]:
    state, events = start(game, players, game.Options(), seed)
    bots = [RandomBot(bot_seed * 10 + seat) for seat in range(players)]
    while game.result(state) is None:
        seat = min(game.to_act(state))
        state, new_events = apply_command(game, state, seat, bots[seat].choose(game, state, seat))
        events += new_events
    return events


def replay_rates(game: Game, played: list[list[Any]], repeats: int) -> tuple[float, float]:
    """CPU seconds (best of ``repeats``) to decode every game's stored events, and to decode and fold them."""
    encoder = msgspec.msgpack.Encoder()
    decoder = msgspec.msgpack.Decoder(list[game.Event])
    blobs = [encoder.encode(events) for events in played]

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
                state = game.evolve(state, event)
        return time.process_time() - began

    decode_seconds = replay_seconds = float("inf")
    for _ in range(repeats):
        decode_seconds = min(decode_seconds, decode_only())
        replay_seconds = min(replay_seconds, decode_and_fold())
    return decode_seconds, replay_seconds


def measure(name: str, players: int, count: int, seed: int, repeats: int) -> dict[str, Any]:
    game = get_game(name)
    began = time.process_time()
    played = [play(game, players, f"{seed}:{i}".encode(), i) for i in range(count)]
    play_seconds = time.process_time() - began
    total_events = sum(len(events) for events in played)
    decode_seconds, replay_seconds = replay_rates(game, played, repeats)
    fold_seconds = max(replay_seconds - decode_seconds, 1e-9)
    return {
        "game": name,
        "players": players,
        "games": count,
        "events_per_game": round(total_events / count, 1),
        "games_per_second": round(count / play_seconds, 1),
        "bare_decode_events_per_second": round(total_events / decode_seconds),
        "fold_only_events_per_second": round(total_events / fold_seconds),
        "fold_only_vs_bare_decode": round(decode_seconds / fold_seconds, 3),
        "decode_and_fold_vs_bare_decode": round(decode_seconds / replay_seconds, 3),
    }


def default_cases() -> list[str]:
    cases = []
    for name, game in sorted(games().items()):
        cases += [f"{name}:{game.min_players}", f"{name}:{game.max_players}"]
    return cases


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--games", type=int, default=200, help="games per case")
    parser.add_argument("--case", action="append", help="game:players (repeatable; default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=7, help="replay repeats; the best of each is kept")
    args = parser.parse_args()
    results = []
    for case in args.case or default_cases():
        name, _, players = case.partition(":")
        results.append(measure(name, int(players), args.games, args.seed, args.repeats))
    report = {"python": platform.python_version(), "msgspec": msgspec.__version__, "cases": results}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
