"""The embedded store kept on disk: opened from its data file and journal, compacted periodically, closed."""

from __future__ import annotations

import fcntl
import itertools
import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

import fakeredis
import redis

from services.store.data_file import (
    DataFileError,
    check_private,
    read_data_file,
    restore_keys,
    snapshot,
    write_data_file,
    write_key,
)
from services.store.journal.capture import POSITION_PROBE, journaled_connection_class
from services.store.journal.log import FSYNC_POLICIES, Journal
from services.store.journal.records import Command, JournalScan, Record, scan

log = logging.getLogger(__name__)


def journal_path(data_file: Path) -> Path:
    """The journal that continues ``data_file``: the same name with ``.journal`` added."""
    return data_file.with_name(data_file.name + ".journal")


@dataclass
class DurableStore:
    """Every change made through ``client`` (for the API: its answers wait for the fsync policy) or
    ``worker_client`` (for the in-process worker: its answers do not wait) is journaled."""

    data_file: Path
    journal: Journal
    client: fakeredis.FakeRedis
    worker_client: fakeredis.FakeRedis
    _lock: int
    _compacting: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    @classmethod
    def open(cls, data_file: Path, fsync_policy: str = "always") -> DurableStore:
        """Load the data file, replay the journal records it does not hold yet, and compact at once (which
        also proves both files can be written). DataFileError if either file cannot be used, or another
        process has them open (``<data file>.lock`` is held while they are in use)."""
        if fsync_policy not in FSYNC_POLICIES:
            choices = ", ".join(FSYNC_POLICIES)
            raise ValueError(f"PAPYRUS_JOURNAL_FSYNC must be one of {choices}, got {fsync_policy!r}")
        lock = _take_lock(data_file)
        try:
            store = cls._load(data_file, fsync_policy, lock)
            store.compact()
        except BaseException:
            os.close(lock)
            raise
        return store

    @classmethod
    def _load(cls, data_file: Path, fsync_policy: str, lock: int) -> DurableStore:
        _remove_leftover_temporaries(data_file)
        server = fakeredis.FakeServer()
        loader = fakeredis.FakeRedis(server=server)
        data = read_data_file(data_file)
        base = data.journal_position if data is not None else 0
        if data is not None:
            restore_keys(loader, data.keys, str(data_file))
        path = journal_path(data_file)
        unapplied = _after(_read_journal(path), base, path)
        for record in unapplied.records:
            _replay(loader, record, path)
        loader.close()
        position = unapplied.records[-1].seq if unapplied.records else base
        journal = Journal(path, fsync_policy, position, unapplied)
        client = fakeredis.FakeRedis(server=server, connection_class=journaled_connection_class(journal))
        worker_connections = journaled_connection_class(journal, waits=False)
        worker_client = fakeredis.FakeRedis(server=server, connection_class=worker_connections)
        return cls(data_file, journal, client, worker_client, lock)

    def compact(self) -> int:
        """Write a new data file from the store and cut the journal down to what it does not hold; the
        number of keys saved. A crash at any point leaves a data file and a journal that load."""
        with self._compacting:
            position, saved = snapshot(self.client, POSITION_PROBE)
            write_data_file(self.data_file, saved, position)
            self.journal.keep_after(position)
            return len(saved)

    def compact_every(self, interval: float) -> None:
        self._thread = threading.Thread(target=self._compact_periodically, args=(interval,), daemon=True)
        self._thread.name = "papyrus-compaction"
        self._thread.start()

    def close(self) -> None:
        """Stop compacting, compact once more and close the journal."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        try:
            if self.journal.failure is None:
                self.compact()
        finally:
            self.journal.close()
            self.client.close()
            self.worker_client.close()
            os.close(self._lock)

    def _compact_periodically(self, interval: float) -> None:
        while not self._stop.wait(interval):
            try:
                self.compact()
            except (OSError, DataFileError, redis.RedisError):
                log.exception(
                    "compacting %s failed; its journal keeps every change until the next try", self.data_file
                )


def _read_journal(path: Path) -> JournalScan:
    if not path.exists():
        return JournalScan()
    check_private(path)
    scanned = scan(path, path.read_bytes())
    if scanned.torn_bytes:
        log.warning(
            "%s: dropped its last record, %d bytes cut short when the process or the machine stopped "
            "(never answered: a record is whole on disk before its answer, or under a policy other than "
            "always, within the loss that policy allows)",
            path,
            scanned.torn_bytes,
        )
    return scanned


def _after(scanned: JournalScan, base: int, path: Path) -> JournalScan:
    """The records the data file (which holds records up to ``base``) does not hold, checked to follow on
    from it with none missing."""
    seqs = [record.seq for record in scanned.records]
    for earlier, later in itertools.pairwise(seqs):
        if later != earlier + 1:
            raise DataFileError(
                f"{path}: journal record {later} follows record {earlier}; records are missing."
            )
    kept = [index for index, seq in enumerate(seqs) if seq > base]
    if kept and seqs[kept[0]] != base + 1:
        raise DataFileError(
            f"{path}: the journal starts at record {seqs[kept[0]]} but its data file ends at record {base}: "
            f"the data file is missing or older than its journal. Put the right data file back, or remove "
            f"both files to start afresh."
        )
    first = kept[0] if kept else len(seqs)
    return JournalScan(scanned.records[first:], scanned.starts[first:], scanned.end, scanned.torn_bytes)


def _replay(connection: fakeredis.FakeRedis, record: Record, path: Path) -> None:
    pipe = connection.pipeline(transaction=True)
    for effect in record.effects:
        if isinstance(effect, Command):
            pipe.execute_command(*effect.args)  # type: ignore[no-untyped-call]
        elif effect.key.type == "none":
            pipe.delete(effect.key.name)
        else:
            write_key(pipe, effect.key)
    try:
        pipe.execute()
    except redis.ResponseError as error:
        raise DataFileError(f"{path}: journal record {record.seq} does not replay ({error}).") from None


def _take_lock(data_file: Path) -> int:
    """Hold ``<data file>.lock`` (an advisory lock the system drops when the process dies), so a second
    process never journals into the same files."""
    path = data_file.with_name(data_file.name + ".lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(handle)
        raise DataFileError(
            f"{data_file} is in use by another process (it holds {path}); stop it first."
        ) from None
    return handle


def _remove_leftover_temporaries(data_file: Path) -> None:
    """Temporary files a crash left behind mid-compaction (never the data file or journal themselves)."""
    for name in (data_file.name, journal_path(data_file).name):
        for leftover in data_file.parent.glob(f".{name}.*.tmp"):
            leftover.unlink(missing_ok=True)
