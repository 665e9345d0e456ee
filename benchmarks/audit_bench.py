"""Audit and accounts benchmark (one core; fakeredis only to produce the exports).

    PYTHONPATH=. python benchmarks/audit_bench.py [--games 10] [--players 4]

Measures ``verify_export`` in events per second over exported bot games, next to the bare replay of the same
exports and the parse alone; and one login's scrypt next to one SHA-256. CPU time of this process, best of
``--repeats``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import time
from collections.abc import Callable

import fakeredis

from domain import registry
from domain.engine import fold
from services.audit.records import parse_export
from services.audit.verify import verify_export
from services.players.passwords import hash_password, password_matches
from services.store.game_events import to_event
from tests.support.harness import FakeClock, drain, make_service


def exports(game_name: str, games: int, players: int) -> list[list[str]]:
    connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = make_service(connection, FakeClock(), queue_name="audit-bench")
    produced = []
    for _ in range(games):
        game_id = service.create_game(game_name, players, {}).id
        service.start(game_id, fill_with_bots=True)
        drain(service)
        produced.append(list(service.export(game_id)))
    return produced


def bare_replay(lines: list[str]) -> object:
    """The final state folded from the export's events, with no check at all."""
    export = parse_export(lines)
    game = registry.get_game(export.header["game"])
    records = [e.record for e in export.events if not e.record.is_engine_record]
    return fold(game, (to_event(game, record) for record in records))


def best(repeats: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeats):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    game_name = sorted(registry.games())[0]
    logs = exports(game_name, args.games, args.players)
    events = sum(len(parse_export(lines).events) for lines in logs)
    assert all(verify_export(lines).ok for lines in logs)
    verify_s = best(args.repeats, lambda: [verify_export(lines) for lines in logs])
    replay_s = best(args.repeats, lambda: [bare_replay(lines) for lines in logs])
    parse_s = best(args.repeats, lambda: [parse_export(lines) for lines in logs])
    stored = hash_password("correct horse battery")
    kdf_s = best(args.repeats, lambda: password_matches("correct horse battery", stored))
    sha_s = best(
        args.repeats, lambda: [hashlib.sha256(b"correct horse battery").digest() for _ in range(1000)]
    )
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "game": game_name,
                "games": args.games,
                "events": events,
                "verify_events_per_s": round(events / verify_s),
                "bare_replay_events_per_s": round(events / replay_s),
                "parse_only_events_per_s": round(events / parse_s),
                "verify_ms_per_game": round(1000 * verify_s / args.games, 1),
                "scrypt_login_ms": round(1000 * kdf_s, 1),
                "sha256_us": round(1_000_000 * sha_s / 1000, 2),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
