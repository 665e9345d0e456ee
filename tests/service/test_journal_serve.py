"""``papyrus serve`` in embedded mode, SIGKILLed while a seat plays over HTTP against a bot: every command it
was answered for (200, 422 or 202) is there after the restart with the same outcome and version, the game
goes on to its end, a game killed right after it ended comes back over with the same result, and its export
verifies. The kill points are random (the seed is in every failure message)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from services.store.journal import journal_path
from services.store.journal.records import FRAME_HEADER
from tests.service.serve_process import ROOT, WAIT_SECONDS, Seat, Server, in_background, poll

KILLS = 6
COMPACT_SECONDS = "0.3"  # compactions run all through the bursts, so some kills land in one


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


def start_game(base: str) -> tuple[str, str]:
    """A two-seat game: seat 0 joined over HTTP, seat 1 a bot the server plays."""
    created = requests.post(f"{base}/games", json={"game": "egizia", "seats": 2}, timeout=10)
    game_id = created.json()["id"]
    token = requests.post(f"{base}/games/{game_id}/seats", json={"name": "ann"}, timeout=10).json()["token"]
    started = requests.post(
        f"{base}/games/{game_id}/start",
        json={"fill_with_bots": True},
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert started.status_code == 200, started.text
    return game_id, token


def restart(servers: list[Server], data_file: Path, logs: Path, seat: Seat) -> Server:
    servers[-1].kill()
    server = Server(data_file, {"PAPYRUS_DATA_SAVE_SECONDS": COMPACT_SECONDS}, logs)
    servers.append(server)
    seat.base = server.base
    return server


def assert_every_acknowledged_command_is_back(seat: Seat, context: str) -> None:
    session = seat.http()
    history = session.get(f"{seat.base}/games/{seat.game_id}/seats/{seat.seat}/history", timeout=30).json()
    events = {entry["seq"]: entry for entry in history if entry["kind"] == "event"}
    for acknowledged in list(seat.acknowledged.values()):
        answer = poll(session, seat.base, seat.game_id, acknowledged.command_id)
        if acknowledged.status_code == 202:  # stored, undecided when the server died: decided now
            assert answer.status_code in (200, 422), f"{context}: {acknowledged} came back as {answer.text}"
            seat._remember(acknowledged.command_id, answer)
            continue
        version = answer.json()["version"] if answer.status_code == 200 else answer.json()["error"]["version"]
        assert (answer.status_code, version) == (acknowledged.status_code, acknowledged.version), (
            f"{context}: {acknowledged} came back as {answer.text}"
        )
        for seq, event_type, command_id in acknowledged.events:
            assert (events[seq]["type"], events[seq]["command_id"]) == (event_type, command_id), context


def public_view(base: str, game_id: str, at_least: int = 0) -> dict[str, Any]:
    """The spectator view once it shows version ``at_least`` (after a restart the worker may still be
    writing the projections the killed process did not get to)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        view: dict[str, Any] = requests.get(f"{base}/games/{game_id}/view", timeout=30).json()
        if view["version"] >= at_least or time.monotonic() > deadline:
            return view
        time.sleep(0.05)


def test_sigkill_at_random_points_loses_no_acknowledged_command_and_the_game_ends_verified(
    tmp_path: Path, servers: list[Server]
) -> None:
    seed = random.randrange(10**9)
    rng = random.Random(seed)
    data_file = tmp_path / "papyrus-data"
    servers.append(Server(data_file, {"PAPYRUS_DATA_SAVE_SECONDS": COMPACT_SECONDS}, tmp_path))
    game_id, token = start_game(servers[-1].base)
    seat = Seat(servers[-1].base, game_id, 0, token, rng)
    for kill in range(KILLS):
        context = f"seed {seed}, kill {kill + 1}"
        if kill % 2 == 0:  # during a burst of moves
            player = in_background(lambda: seat.play(until_over=False))
            time.sleep(rng.uniform(0.05, 0.8))
        else:  # right after an answer, while the worker may still be playing the bot's reply
            player = in_background(lambda: seat.play(until_over=False, moves=rng.randint(1, 4)))
            player.join()
        servers[-1].kill()
        player.join()
        assert seat.errors == [], context
        version_before = max((ack.version for ack in seat.acknowledged.values()), default=0)
        restart(servers, data_file, tmp_path, seat)
        assert public_view(seat.base, game_id, version_before)["version"] >= version_before, context
        assert_every_acknowledged_command_is_back(seat, context)

    seat.play(until_over=True)
    finished = public_view(seat.base, game_id)
    assert finished["status"] == "over" and finished["result"] is not None
    restart(servers, data_file, tmp_path, seat)  # SIGKILL right after the game ended
    context = f"seed {seed}, after the end"
    restored = public_view(seat.base, game_id, finished["version"])
    assert (restored["status"], restored["result"], restored["version"]) == (
        "over",
        finished["result"],
        finished["version"],
    ), context
    assert_every_acknowledged_command_is_back(seat, context)
    assert_the_export_verifies(seat, tmp_path, context)
    assert len(seat.acknowledged) >= 5, context  # the seat played a real part of the game
    late = seat.http().post(
        f"{seat.base}/games/{game_id}/commands",
        json={"command_id": "late", "command": seat.last_command},
        timeout=30,
    )
    assert (late.status_code, late.json()["error"]["code"]) == (409, "game.over"), late.text


def assert_the_export_verifies(seat: Seat, tmp_path: Path, context: str) -> None:
    exported = requests.get(f"{seat.base}/games/{seat.game_id}/export", timeout=30)
    assert exported.status_code == 200, context
    path = tmp_path / "game.jsonl"
    path.write_text(exported.text)
    verified = subprocess.run(
        [sys.executable, "-m", "papyrus", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert verified.returncode == 0, f"{context}: {verified.stdout}{verified.stderr}"
    lines = [json.loads(line) for line in exported.text.splitlines()]
    outcomes = {line["command_id"]: line["outcome"]["status"] for line in lines if line["kind"] == "command"}
    for acknowledged in seat.acknowledged.values():
        expected = "accepted" if acknowledged.status_code == 200 else "rejected"
        assert outcomes[f"{seat.seat}.{acknowledged.command_id}"] == expected, context


def test_a_journal_record_torn_by_a_crash_is_dropped_and_the_game_goes_on(
    tmp_path: Path, servers: list[Server]
) -> None:
    data_file = tmp_path / "papyrus-data"
    servers.append(Server(data_file, {"PAPYRUS_DATA_SAVE_SECONDS": "3600"}, tmp_path))
    game_id, token = start_game(servers[-1].base)
    seat = Seat(servers[-1].base, game_id, 0, token, random.Random(7))
    seat.play(until_over=False, moves=3)
    servers[-1].kill()
    with journal_path(data_file).open("ab") as journal:  # a record the crash cut short
        journal.write(FRAME_HEADER.pack(500, 0) + b"half a record")

    server = restart(servers, data_file, tmp_path, seat)
    assert "dropped its last record" in server.log_path.read_text()
    assert_every_acknowledged_command_is_back(seat, "after a torn record")
    seat.play(until_over=True)
    assert public_view(seat.base, game_id)["status"] == "over"
