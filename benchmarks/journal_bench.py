"""Embedded-mode commands per second without the journal and with it under each fsync policy, in one run.

    python benchmarks/journal_bench.py [--clients 1 4] [--commands 150] [--rounds 3] [--dir /disk/to/test]

Each mode builds an embedded runtime as ``papyrus serve`` does; ``--clients`` threads play two-seat Egizia
games through the service (submit, wait for the outcome). Reports the median commands/s of ``--rounds`` runs
(every mode once per round), its range, and the fsyncs per command; "no journal" is the reference. Run it on
the disk that will hold the data file.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.runtime import Runtime, embedded_runtime
from services.game_service import GameService
from services.settings import Settings

GAME = "egizia"
MODES = ("no journal", "fsync no", "fsync everysec", "fsync always")
OUTCOME_WAIT = 30.0


class FsyncCounter:
    """Counts ``os.fsync`` calls while the benchmark runs (the journal calls it through ``os``)."""

    def __init__(self) -> None:
        self.calls = 0
        self._real: Callable[[int], None] = os.fsync

    def __enter__(self) -> FsyncCounter:
        real = self._real

        def counted(handle: int) -> None:
            self.calls += 1
            real(handle)

        os.fsync = counted
        return self

    def __exit__(self, *exc: object) -> None:
        os.fsync = self._real


def runtime_for(mode: str, directory: Path) -> Runtime:
    if mode == "no journal":
        return embedded_runtime(Settings())
    data_file = Path(tempfile.mkdtemp(dir=directory)) / "papyrus-data"
    return embedded_runtime(Settings(), data_file, fsync_policy=mode.removeprefix("fsync "))


def new_game(service: GameService) -> str:
    game_id = service.create_game(GAME, 2, {}).id
    for seat in range(2):
        service.join(game_id, f"P{seat}")
    service.start(game_id)
    return game_id


def play(service: GameService, commands: int, rng: random.Random, client: int) -> None:
    """Decide ``commands`` commands, submitted one at a time as the API would."""
    game_id, decided = new_game(service), 0
    while decided < commands:
        view = service.view(game_id, None)
        if view.status == "over":
            game_id = new_game(service)
            continue
        if not view.to_act:
            service.wait_version(game_id, view.version, 1.0)
            continue
        seat = view.to_act[0]
        legal = service.legal_commands(game_id, seat)
        if not legal:
            service.wait_version(game_id, view.version, 1.0)
            continue
        command_id = f"{seat}.c{client}-{decided}"
        service.submit(game_id, seat, rng.choice(legal), command_id, view.version)
        if service.wait_outcome(game_id, command_id, OUTCOME_WAIT).status == "pending":
            raise RuntimeError(f"command {command_id} was not decided in {OUTCOME_WAIT} s")
        decided += 1


def measure(mode: str, clients: int, commands: int, directory: Path) -> dict[str, Any]:
    runtime = runtime_for(mode, directory)
    try:
        failures: list[BaseException] = []

        def client_plays(client: int) -> None:
            try:
                play(runtime.service, commands, random.Random(client), client)
            except BaseException as error:
                failures.append(error)
                raise

        with FsyncCounter() as fsyncs:
            threads = [threading.Thread(target=client_plays, args=(client,)) for client in range(clients)]
            started = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - started
        if failures:
            raise RuntimeError(f"{mode}: {len(failures)} client(s) failed, no figure") from failures[0]
    finally:
        runtime.close()
    total = clients * commands
    return {
        "mode": mode,
        "clients": clients,
        "commands": total,
        "per_second": total / seconds,
        "fsyncs": fsyncs.calls / total,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--commands", type=int, default=150, help="commands decided per client and mode")
    parser.add_argument(
        "--rounds", type=int, default=1, help="runs of every mode, interleaved (median shown)"
    )
    parser.add_argument(
        "--dir", type=Path, default=Path(tempfile.gettempdir()), help="where the data files go"
    )
    args = parser.parse_args()
    runs: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for _ in range(args.rounds):
        for clients in args.clients:
            for mode in MODES:
                runs.setdefault((clients, mode), []).append(measure(mode, clients, args.commands, args.dir))
    header = ("mode", "clients", "commands", "commands/s", "range", "fsyncs/command")
    print(f"{header[0]:<16} {header[1]:>7} {header[2]:>8} {header[3]:>10} {header[4]:>13} {header[5]:>14}")
    for (clients, mode), rows in runs.items():
        rates = sorted(row["per_second"] for row in rows)
        spread = f"{rates[0]:.1f}-{rates[-1]:.1f}"
        fsyncs = statistics.median(row["fsyncs"] for row in rows)
        print(
            f"{mode:<16} {clients:>7} {rows[0]['commands']:>8} {statistics.median(rates):>10.1f} "
            f"{spread:>13} {fsyncs:>14.2f}"
        )


if __name__ == "__main__":
    main()
