"""Embedded mode with a data file: games saved, restored by a fresh runtime, and carried on from there."""

from __future__ import annotations

import time
from pathlib import Path

import fakeredis
import msgspec
import pytest

from api.runtime import Runtime, embedded_runtime
from services import keys
from services.game_service import GameService
from services.results import GameView
from services.settings import Settings
from services.store.data_file import DataFileError, restore_store, save_store

WAIT_SECONDS = 15.0


def settled_view(service: GameService, game_id: str) -> GameView:
    """The public view once the worker is done: someone must act (or the game is over) and the projection
    shows the last event."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        view = service.view(game_id, None)
        head = service.components.store.head(game_id).version
        if view.version == head and (view.to_act or view.status == "over"):
            return view
        time.sleep(0.02)
    raise AssertionError(f"game {game_id} did not settle")


def play_first_legal(service: GameService, game_id: str, seat: int, command_id: str) -> str:
    command = service.legal_commands(game_id, seat)[0]
    service.submit(game_id, seat, command, command_id)
    return service.wait_outcome(game_id, command_id, WAIT_SECONDS).status


def started_game(service: GameService) -> tuple[str, list[str]]:
    game_id = service.create_game("toy", 2, {"hand": 3}).id
    tokens = [service.join(game_id, f"P{seat}").token for seat in range(2)]
    service.start(game_id)
    settled_view(service, game_id)
    return game_id, tokens


def seat_views(service: GameService, game_id: str) -> list[GameView]:
    return [service.view(game_id, seat) for seat in (None, 0, 1)]


@pytest.fixture
def data_file(tmp_path: Path) -> Path:
    return tmp_path / "papyrus-data"


def test_a_fresh_runtime_restores_a_game_from_the_data_file_and_it_goes_on(data_file: Path) -> None:
    first = embedded_runtime(Settings(), data_file, save_seconds=3600)
    try:
        game_id, tokens = started_game(first.service)
        assert play_first_legal(first.service, game_id, 0, "0.round-1") == "accepted"
        assert play_first_legal(first.service, game_id, 1, "1.round-1") == "accepted"
        settled_view(first.service, game_id)
        before = seat_views(first.service, game_id)
    finally:
        first.close()  # saves

    second = embedded_runtime(Settings(), data_file, save_seconds=3600)
    try:
        assert seat_views(second.service, game_id) == before
        assert [second.service.authenticate(game_id, token) for token in tokens] == [0, 1]
        assert play_first_legal(second.service, game_id, 0, "0.round-2") == "accepted"
        assert settled_view(second.service, game_id).version > before[0].version
        assert second.service.outcome(game_id, "0.round-1") is not None  # old outcomes still answer
    finally:
        second.close()


def test_a_restored_game_waiting_on_a_bot_move_gets_it_scheduled_again(data_file: Path) -> None:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    idle = GameService(store, Settings())  # no worker: the jobs it queues never run, and are not saved
    game_id = idle.create_game("toy", 2, {"hand": 3}).id
    idle.join(game_id, "Ann")
    idle.start(game_id, fill_with_bots=True)
    save_store(store, data_file)

    restored = embedded_runtime(Settings(), data_file, save_seconds=3600)
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while settled_view(restored.service, game_id).to_act != [0] and time.monotonic() < deadline:
            time.sleep(0.02)  # the bot (seat 1) plays its card; Ann (seat 0) is left to act
        assert restored.service.view(game_id, None).to_act == [0]
        assert play_first_legal(restored.service, game_id, 0, "0.first") == "accepted"
    finally:
        restored.close()


def test_games_reach_the_data_file_periodically_without_a_restart(data_file: Path) -> None:
    running: Runtime = embedded_runtime(Settings(), data_file, save_seconds=0.05)
    try:
        game_id = running.service.create_game("toy", 2, {}).id
        deadline = time.monotonic() + WAIT_SECONDS
        copy = fakeredis.FakeRedis(server=fakeredis.FakeServer())
        while not copy.exists(keys.meta(game_id)) and time.monotonic() < deadline:
            time.sleep(0.02)
            restore_store(copy, data_file)
        assert copy.exists(keys.meta(game_id))
    finally:
        running.close()


def test_expiring_keys_keep_their_remaining_time(data_file: Path) -> None:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    store.set(keys.account_token("abc"), b"{}", ex=3600)
    store.set(keys.games(), b"kept")
    store.set("not-papyrus:other", b"left out")
    assert save_store(store, data_file) == 2
    copy = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    assert restore_store(copy, data_file) == 2
    assert 3500_000 < copy.pttl(keys.account_token("abc")) <= 3600_000
    assert copy.pttl(keys.games()) == -1
    assert not copy.exists("not-papyrus:other")


def test_a_damaged_data_file_stops_the_start_and_is_left_as_it_was(data_file: Path) -> None:
    data_file.write_bytes(b"not a data file")
    data_file.chmod(0o600)
    with pytest.raises(DataFileError, match="not a Papyrus data file"):
        embedded_runtime(Settings(), data_file)
    assert data_file.read_bytes() == b"not a data file"


def test_a_data_file_other_users_may_write_is_refused(data_file: Path) -> None:
    save_store(fakeredis.FakeRedis(server=fakeredis.FakeServer()), data_file)
    data_file.chmod(0o666)
    with pytest.raises(DataFileError, match="writable by other users"):
        restore_store(fakeredis.FakeRedis(server=fakeredis.FakeServer()), data_file)


def test_the_data_file_is_readable_by_its_owner_only(data_file: Path) -> None:
    save_store(fakeredis.FakeRedis(server=fakeredis.FakeServer()), data_file)
    assert data_file.stat().st_mode & 0o077 == 0


def test_the_data_file_is_plain_data_keeping_every_stream_entry_id(data_file: Path) -> None:
    runtime = embedded_runtime(Settings(), data_file, save_seconds=3600)
    try:
        game_id, _ = started_game(runtime.service)
        entry_ids = [entry_id for entry_id, _ in runtime.redis.xrange(keys.events(game_id))]
    finally:
        runtime.close()
    saved = msgspec.msgpack.decode(data_file.read_bytes())
    assert saved["format"] == "papyrus-data/3"
    assert saved["journal_position"] > 0  # the start of the game went through the journal
    by_name = {name: (kind, contents) for name, kind, _, contents in saved["keys"]}
    kind, entries = by_name[keys.events(game_id).encode()]
    assert kind == "stream"
    assert [entry_id for entry_id, _ in entries] == entry_ids
    assert {kind for kind, _ in by_name.values()} <= {"string", "hash", "stream", "set", "zset", "list"}
