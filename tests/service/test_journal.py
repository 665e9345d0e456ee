"""The embedded store's journal, in one process: every answered change comes back after a crash (the store
reopened from its files without being closed), torn and damaged journals, and what the journal refuses."""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import redis

from services import keys
from services.store.data_file import DataFileError, snapshot
from services.store.journal import DurableStore, journal_path
from services.store.journal.records import FRAME_HEADER, MAGIC

KEY = keys.games()  # any Papyrus key
TOKEN = keys.account_token("abc")
STREAM = keys.events("journaled")


@pytest.fixture
def data_file(tmp_path: Path) -> Path:
    return tmp_path / "papyrus-data"


@pytest.fixture
def opened(data_file: Path) -> Iterator[list[DurableStore]]:
    stores: list[DurableStore] = []
    yield stores
    for store in stores:
        store.journal.close()


def open_store(data_file: Path, stores: list[DurableStore], policy: str = "always") -> DurableStore:
    store = DurableStore.open(data_file, policy)
    stores.append(store)
    return store


def after_a_crash(data_file: Path) -> Path:
    """The data file of a new process started on the files as they are now, byte for byte, as a crash of
    the process that has them open would leave them (that process is never closed, so it compacts nothing
    more; its files are copied aside because it still holds their lock)."""
    directory = data_file.parent / f"restart-{len(list(data_file.parent.glob('restart-*')))}"
    directory.mkdir()
    for path in (data_file, journal_path(data_file)):
        if path.exists():
            shutil.copy2(path, directory / path.name)
    return directory / data_file.name


def contents(store: DurableStore) -> dict[bytes, tuple[str, Any]]:
    _, saved = snapshot(store.client)
    return {key.name: (key.type, key.contents) for key in saved}


def some_changes(client: redis.Redis) -> None:
    client.set(KEY, b"1")
    client.hset(keys.meta("g1"), mapping={"status": "running", "seats": "2"})
    client.xadd(STREAM, {"r": b"first"})
    client.xadd(STREAM, {"r": b"second"}, maxlen=5)
    pipe = client.pipeline(transaction=True)
    pipe.incr(keys.login_failures("name", "ann"))
    pipe.expire(keys.login_failures("name", "ann"), 900)
    pipe.execute()
    script = (
        "redis.call('HSET', KEYS[1], 'version', ARGV[1]); return redis.call('XADD', KEYS[2], '*', 'c', 'x')"
    )
    client.eval(script, 2, keys.head("g1"), keys.decided("g1"), 7)


def test_every_answered_change_comes_back_when_the_store_was_never_closed(
    data_file: Path, opened: list[DurableStore]
) -> None:
    first = open_store(data_file, opened)
    some_changes(first.client)
    first.client.set(TOKEN, b"{}", ex=3600)
    before = contents(first)

    crashed_and_restarted = open_store(
        after_a_crash(data_file), opened
    )  # the first was never closed nor compacted again
    assert contents(crashed_and_restarted) == before
    assert 3500_000 < crashed_and_restarted.client.pttl(TOKEN) <= 3600_000


def test_stream_entry_ids_the_server_picked_are_kept(data_file: Path, opened: list[DurableStore]) -> None:
    first = open_store(data_file, opened)
    picked = [first.client.xadd(STREAM, {"r": str(n)}) for n in range(3)]
    restarted = open_store(after_a_crash(data_file), opened)
    assert [entry_id for entry_id, _ in restarted.client.xrange(STREAM)] == picked


def test_a_script_that_rewrites_a_key_from_a_dump_comes_back_as_its_contents(
    data_file: Path, opened: list[DurableStore]
) -> None:
    first = open_store(data_file, opened)
    first.client.xadd(STREAM, {"r": b"kept"}, id="0-3")
    compacted = "redis.call('RESTORE', KEYS[1], 0, redis.call('DUMP', KEYS[1]), 'REPLACE')"
    first.client.eval(compacted, 1, STREAM)
    body = journal_path(data_file).read_bytes()
    assert b"RESTORE" not in body  # fakeredis's DUMP is a pickle: never kept, never loaded
    restarted = open_store(after_a_crash(data_file), opened)
    assert restarted.client.xrange(STREAM) == [(b"0-3", {b"r": b"kept"})]


def test_only_papyrus_keys_are_journaled(data_file: Path, opened: list[DurableStore]) -> None:
    first = open_store(data_file, opened)
    first.client.set("rq:job:1", b"queued")
    first.client.set(KEY, b"kept")
    restarted = open_store(after_a_crash(data_file), opened)
    assert restarted.client.get(KEY) == b"kept"
    assert not restarted.client.exists("rq:job:1")


def test_a_write_the_journal_cannot_record_is_refused_before_it_runs(
    data_file: Path, opened: list[DurableStore]
) -> None:
    store = open_store(data_file, opened)
    store.client.sadd(KEY, b"a")
    with pytest.raises(redis.ResponseError, match="journal cannot record SINTERSTORE"):
        store.client.sinterstore(keys.lobby(), [KEY])
    assert not store.client.exists(keys.lobby())


def test_a_key_whose_expiry_passed_while_the_service_was_down_stays_gone(
    data_file: Path, opened: list[DurableStore]
) -> None:
    first = open_store(data_file, opened)
    first.client.set(TOKEN, b"{}", px=30)
    first.client.append(TOKEN, b"!")  # a write that keeps the expiry: replayed late, it must not revive it
    first.client.set(KEY, b"kept")
    while first.client.exists(TOKEN):
        time.sleep(0.005)  # the key expires 30 ms after it was set
    restarted = open_store(after_a_crash(data_file), opened)
    assert not restarted.client.exists(TOKEN)
    assert restarted.client.get(KEY) == b"kept"


def test_a_record_cut_short_by_a_crash_is_dropped_and_the_journal_goes_on(
    data_file: Path, opened: list[DurableStore], caplog: pytest.LogCaptureFixture
) -> None:
    first = open_store(data_file, opened)
    some_changes(first.client)
    before = contents(first)
    path = journal_path(data_file)
    whole = path.read_bytes()
    first.client.set(KEY, b"never answered")  # the record a crash cut short
    cut = path.read_bytes()[: len(whole) + FRAME_HEADER.size + 3]
    path.write_bytes(cut)

    with caplog.at_level(logging.WARNING):
        restarted = open_store(after_a_crash(data_file), opened)
    assert contents(restarted) == before
    assert "dropped its last record" in caplog.text
    restarted.client.set(KEY, b"after the restart")
    assert open_store(after_a_crash(restarted.data_file), opened).client.get(KEY) == b"after the restart"


def test_a_last_record_whose_checksum_fails_is_dropped(data_file: Path, opened: list[DurableStore]) -> None:
    first = open_store(data_file, opened)
    first.client.set(KEY, b"answered")
    first.client.set(KEY, b"torn")
    path = journal_path(data_file)
    body = bytearray(path.read_bytes())
    body[-1] ^= 0xFF
    path.write_bytes(bytes(body))
    assert open_store(after_a_crash(data_file), opened).client.get(KEY) == b"answered"


def test_damage_followed_by_records_stops_the_start_and_leaves_the_files(
    data_file: Path, opened: list[DurableStore]
) -> None:
    first = open_store(data_file, opened)
    first.client.set(KEY, b"one")
    first.client.set(KEY, b"two")
    path = journal_path(data_file)
    body = bytearray(path.read_bytes())
    body[len(MAGIC) + FRAME_HEADER.size] ^= 0xFF  # inside the first record's payload
    path.write_bytes(bytes(body))
    restarted = after_a_crash(data_file)
    with pytest.raises(DataFileError, match=r"damaged .* refusing to start"):
        DurableStore.open(restarted)
    assert journal_path(restarted).read_bytes() == bytes(body)


def test_a_journal_without_the_data_file_it_continues_stops_the_start(
    data_file: Path, opened: list[DurableStore]
) -> None:
    first = open_store(data_file, opened)
    first.client.set(KEY, b"one")
    first.compact()
    first.client.set(KEY, b"two")
    data_file.unlink()
    with pytest.raises(DataFileError, match="data file is missing or older than its journal"):
        DurableStore.open(after_a_crash(data_file))


def test_under_always_a_change_is_on_disk_before_it_answers(
    data_file: Path, opened: list[DurableStore]
) -> None:
    store = open_store(data_file, opened)
    store.client.set(KEY, b"one")
    assert store.journal.synced == store.journal.position > 0


def test_an_unknown_fsync_policy_is_refused(data_file: Path) -> None:
    with pytest.raises(ValueError, match="PAPYRUS_JOURNAL_FSYNC must be one of always, everysec, no"):
        DurableStore.open(data_file, "sometimes")


@pytest.mark.parametrize("policy", ["everysec", "no"])
def test_every_policy_writes_the_record_before_the_answer(
    data_file: Path, opened: list[DurableStore], policy: str
) -> None:
    first = open_store(data_file, opened, policy)
    first.client.set(KEY, b"answered")
    assert open_store(after_a_crash(data_file), opened).client.get(KEY) == b"answered"


def test_once_the_journal_cannot_be_written_the_store_refuses_everything(
    data_file: Path, opened: list[DurableStore]
) -> None:
    store = open_store(data_file, opened)
    store.client.set(KEY, b"answered")
    read_only = os.open(journal_path(data_file), os.O_RDONLY)
    journal_fd = store.journal._fd
    os.dup2(read_only, journal_fd)  # every write to the journal now fails, as on a full or broken disk
    os.close(read_only)
    with pytest.raises(redis.ResponseError, match="journal cannot be written"):
        store.client.set(KEY, b"not journaled")
    with pytest.raises(redis.ResponseError, match="journal cannot be written"):
        store.client.get(KEY)
    assert open_store(after_a_crash(data_file), opened).client.get(KEY) == b"answered"


def test_compaction_empties_the_journal_and_keeps_everything(
    data_file: Path, opened: list[DurableStore]
) -> None:
    store = open_store(data_file, opened)
    some_changes(store.client)
    store.client.set(KEY, b"last")
    before = contents(store)
    store.compact()
    assert journal_path(data_file).read_bytes() == MAGIC
    saved = msgspec.msgpack.decode(data_file.read_bytes())
    assert saved["journal_position"] == store.journal.position
    store.client.set(KEY, b"after compaction")
    restarted = open_store(after_a_crash(data_file), opened)
    assert contents(restarted) == {**before, KEY.encode(): ("string", b"after compaction")}


def test_the_journal_is_readable_by_its_owner_only_and_refused_when_others_may_write_it(
    data_file: Path, opened: list[DurableStore]
) -> None:
    store = open_store(data_file, opened)
    store.client.set(KEY, b"one")
    path = journal_path(data_file)
    assert path.stat().st_mode & 0o077 == 0
    path.chmod(0o666)
    with pytest.raises(DataFileError, match="writable by other users"):
        DurableStore.open(after_a_crash(data_file))


def test_a_data_file_from_before_the_journal_still_loads(data_file: Path, opened: list[DurableStore]) -> None:
    legacy = {"format": "papyrus-data/2", "saved_at": 0.0, "keys": [[KEY.encode(), "string", 0, b"old"]]}
    data_file.write_bytes(msgspec.msgpack.encode(legacy))
    data_file.chmod(0o600)
    assert open_store(data_file, opened).client.get(KEY) == b"old"


def test_a_second_process_cannot_open_the_files_while_the_first_has_them(
    data_file: Path, opened: list[DurableStore]
) -> None:
    first = open_store(data_file, opened)
    with pytest.raises(DataFileError, match="in use by another process"):
        DurableStore.open(data_file)
    first.close()
    opened.remove(first)
    open_store(data_file, opened)
