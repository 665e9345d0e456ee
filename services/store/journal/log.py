"""The open journal file: records appended in the order the store ran them, made durable by the fsync
policy, and cut down to the records a new data file does not hold yet."""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from services.store.data_file import replace_file
from services.store.journal.records import MAGIC, Effect, JournalScan, Record, frame

log = logging.getLogger(__name__)
FSYNC_POLICIES = ("always", "everysec", "no")
EVERYSEC_INTERVAL = 1.0


class JournalFailed(Exception):
    """The journal could not be written or flushed: the store refuses every command from then on."""


class Journal:
    """Append-only, one writer at a time (the store's lock orders appends; ``_lock`` guards the file against a
    compaction). ``position`` is the seq of the last record written, ``synced`` of the last one on disk. Under
    ``always`` an answer waits for an fsync covering what it saw (one fsync serves all waiting); ``everysec``
    fsyncs once a second; ``no`` leaves it to the system.
    """

    def __init__(self, path: Path, policy: str, position: int, scanned: JournalScan) -> None:
        self.path = path
        self.policy = policy
        self.position = position
        self.synced = position
        self.failure: str | None = None
        self._starts = list(scanned.starts)
        self._size = scanned.end
        self._lock = threading.Lock()
        self._sync_lock = threading.Lock()
        self._stop = threading.Event()
        if not path.exists():
            replace_file(path, MAGIC)
        elif scanned.torn_bytes:
            os.truncate(path, scanned.end)
        self._fd = os.open(path, os.O_RDWR | os.O_APPEND)
        os.fsync(self._fd)
        self._flusher: threading.Thread | None = None
        if policy == "everysec":
            self._flusher = threading.Thread(target=self._flush_every_second, name="papyrus-journal-fsync")
            self._flusher.daemon = True
            self._flusher.start()

    def append(self, effects: list[Effect], at_ms: int) -> int:
        """Write one record after the last; its seq. JournalFailed once a write has failed."""
        with self._lock:
            if self.failure is not None:
                raise JournalFailed(self.failure)
            seq = self.position + 1
            data = frame(Record(seq=seq, at_ms=at_ms, effects=effects))
            try:
                _write_all(self._fd, data)
            except OSError as error:
                self._fail(f"writing {self.path} failed: {error}")
                raise JournalFailed(self.failure) from error
            self._starts.append(self._size)
            self._size += len(data)
            self.position = seq
            return seq

    def make_durable(self, upto: int) -> bool:
        """Under ``always``, return once every record up to ``upto`` is on disk; False if the journal
        failed (the answer must then be an error)."""
        if self.policy == "always" and self.synced < upto:
            with self._sync_lock:
                if self.synced < upto and self.failure is None:
                    self._fsync()
        return self.failure is None

    def keep_after(self, position: int) -> None:
        """Replace the file by one holding only the records after ``position`` (a data file now holds the
        rest): written aside, flushed and renamed over, so a crash leaves either file whole."""
        with self._lock, self._sync_lock:
            kept = self.position - position
            if kept > len(self._starts):
                raise ValueError(f"the journal does not reach back to record {position + 1}")
            index = len(self._starts) - kept
            start = self._starts[index] if kept else self._size
            tail = os.pread(self._fd, self._size - start, start)
            replace_file(self.path, MAGIC + tail)
            old, self._fd = self._fd, os.open(self.path, os.O_RDWR | os.O_APPEND)
            os.close(old)
            shift = start - len(MAGIC)
            self._starts = [offset - shift for offset in self._starts[index:]]
            self._size = len(MAGIC) + len(tail)
            self.synced = self.position

    def close(self) -> None:
        self._stop.set()
        if self._flusher is not None:
            self._flusher.join()
        with self._lock, self._sync_lock:
            if self.failure is None:
                self._fsync()
            os.close(self._fd)

    def _fsync(self) -> None:
        target = self.position
        try:
            os.fsync(self._fd)
        except OSError as error:
            self._fail(f"flushing {self.path} to disk failed: {error}")
            return
        self.synced = max(self.synced, target)

    def _flush_every_second(self) -> None:
        while not self._stop.wait(EVERYSEC_INTERVAL):
            if self.synced < self.position:
                with self._sync_lock:
                    if self.failure is None:
                        self._fsync()

    def _fail(self, reason: str) -> None:
        self.failure = reason
        log.error("the embedded store's journal failed, every command is refused from now on: %s", reason)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(handle, view)
        view = view[written:]
