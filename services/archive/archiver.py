"""Moving finished games out of Redis into the object store, a game at a time, idempotent and crash-safe.

A game is archived once due (``PAPYRUS_ARCHIVE_AFTER`` after its end), recorded, its notifications out,
every command decided. Its fingerprint is taken before and after its
export is read; the export is written as one object, read back and compared; the catalog entry (its sha256)
is written; then ``archive_game.lua`` deletes the game's keys in one step if the fingerprint still holds. A
crash anywhere leaves the game whole in Redis (read there while its meta is), or archived.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from enum import Enum

import msgspec
import redis

from services import keys
from services.archive.layout import object_key, pack, sha256, unpack
from services.players.accounts import name_key
from services.results import GameMeta
from services.settings import Settings
from services.social.finished import seat_accounts
from services.store.archive_catalog import ArchiveCatalog, CatalogEntry
from services.store.meta_store import OVER, MetaStore
from services.store.object_store import ObjectStore, ObjectStoreError
from services.store.replies import as_str

log = logging.getLogger(__name__)
RETRY_SECONDS = 300.0  # a game not ready yet (or whose store failed) is tried again after this
CHANGED_RETRY_SECONDS = 60.0  # a game that changed while it was archived (a chat message) is tried again
BATCH = 50
BUDGET_SECONDS = 30.0  # one job archives for this long at most, then leaves the rest to the next


def held_by(entry: CatalogEntry) -> list[str]:
    """The keys of the accounts that held the archived game's seats."""
    return [name_key(account) for account in entry.accounts if account is not None]


class Archived(Enum):
    ARCHIVED = "archived"
    NOT_READY = "not ready"
    CHANGED = "changed while archived"
    GONE = "not a finished game"


class ArchiveVerifyError(Exception):
    """The object read back is not the one written."""


class Archiver:
    def __init__(
        self,
        connection: redis.Redis,
        settings: Settings,
        meta: MetaStore[GameMeta],
        catalog: ArchiveCatalog,
        objects: ObjectStore,
        export: Callable[[str], Iterator[str]],
    ) -> None:
        self._redis = connection
        self._settings = settings
        self._meta = meta
        self._catalog = catalog
        self._objects = objects
        self._export = export

    def archive(self, game_id: str) -> Archived:
        """Archive one finished game now, whatever its due time; what happened. Safe to run again, and at
        the same time as another worker (the second one's delete finds the game gone or changed)."""
        catalog = self._catalog
        meta = self._meta.get(game_id)
        if meta is None:
            archived = catalog.get(game_id)
            if archived is not None:  # deleted by an earlier run that stopped after the delete
                catalog.forget_index_entry(game_id, held_by(archived))
                return Archived.ARCHIVED
            catalog.drop_due(game_id)
            return Archived.GONE
        if meta.status != OVER:
            catalog.drop_due(game_id)
            return Archived.GONE
        waiting = self.waiting_for(game_id)
        if waiting:
            log.info("game %s is not archived yet: %s", game_id, waiting)
            catalog.postpone(game_id, self._settings.clock() + RETRY_SECONDS)
            return Archived.NOT_READY
        before = catalog.fingerprint(game_id, meta.seats)
        body = pack(self._export(game_id))
        entry = self._entry(game_id, meta.seats, body)
        if catalog.fingerprint(game_id, meta.seats) != before:
            return self._changed(game_id)
        self._write_and_verify(game_id, body, entry)
        catalog.put(game_id, entry)
        if not catalog.delete_game(game_id, meta.seats, before):
            return self._changed(game_id)
        catalog.forget_index_entry(game_id, held_by(entry))
        return Archived.ARCHIVED

    def waiting_for(self, game_id: str) -> str:
        """What the game still waits for before it may leave Redis ("" when nothing)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zscore(keys.finished_pending(), game_id)
        pipe.xlen(keys.notify_outbox(game_id))
        pipe.hget(keys.head(game_id), "checkpoint")
        pipe.xrevrange(keys.commands(game_id), "+", "-", count=1)
        pending, outbox, checkpoint, last = pipe.execute()
        if pending is not None:
            return "its recording in the finished games' index"
        if outbox:
            return "the delivery of its notifications"
        if last and as_str(last[0][0]) != as_str(checkpoint or b"0-0"):
            return "the decision of its last command"
        return ""

    def _entry(self, game_id: str, seats: int, body: bytes) -> CatalogEntry:
        """The catalog entry of the object ``body`` (what Redis keeps once the game is archived)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(keys.meta(game_id))
        for seat in range(seats):
            pipe.smembers(keys.chat_mutes(game_id, seat))
        meta_hash, *muted = pipe.execute()
        held = seat_accounts(meta_hash)
        mutes = {seat: sorted(as_str(m) for m in members) for seat, members in enumerate(muted) if members}
        return CatalogEntry(sha256(body), len(body), [held.get(seat) for seat in range(seats)], mutes)

    def _write_and_verify(self, game_id: str, body: bytes, entry: CatalogEntry) -> None:
        key = object_key(game_id)
        self._objects.put(key, body)
        stored = self._objects.get(key)
        if stored is None or sha256(stored) != entry.sha256:
            raise ArchiveVerifyError(
                f"{key} read back from {self._objects.describe()} is not what was written"
            )

    def _changed(self, game_id: str) -> Archived:
        log.info("game %s changed while it was archived; it is tried again", game_id)
        self._catalog.postpone(game_id, self._settings.clock() + CHANGED_RETRY_SECONDS)
        return Archived.CHANGED

    def rewrite(
        self,
        game_id: str,
        lines: Callable[[list[str]], list[str]],
        accounts: Callable[[list[str | None]], list[str | None]] = lambda held: held,
    ) -> bool:
        """Replace an archived game's object by ``lines`` of its lines (names replaced, as
        :func:`services.archive.names.renamed_export` does) and its catalog's accounts by ``accounts`` of
        them; False if the game is not archived. Crash-safe: the catalog accepts the old and the new object
        while the new one is written and verified, then the new one only (run it again after a crash)."""
        entry = self._catalog.get(game_id)
        if entry is None:
            return False
        old = self._reader_body(game_id, entry)
        body = pack(lines(unpack(old)))
        new = CatalogEntry(sha256(body), len(body), accounts(list(entry.accounts)), entry.mutes)
        self._catalog.put(game_id, msgspec.structs.replace(new, previous=sha256(old)))
        self._write_and_verify(game_id, body, new)
        self._catalog.put(game_id, new)
        return True

    def _reader_body(self, game_id: str, entry: CatalogEntry) -> bytes:
        body = self._objects.get(object_key(game_id))
        if body is None or not entry.accepts(sha256(body)):
            raise ArchiveVerifyError(f"{object_key(game_id)} is missing or is not the archived object")
        return body

    def archive_due(self, budget: float = BUDGET_SECONDS) -> int:
        """Archive the games due by now, for up to ``budget`` seconds, holding the archiving lease (another
        job holding it: nothing is done); how many games were archived. The lease lasts a sweep interval,
        renewed after each game, so a killed job's is taken over at a sweep soon after; two jobs at once
        would only repeat each other's work."""
        lease_seconds = self._settings.sweep_interval
        lease = self._redis.lock(keys.archive_lease(), timeout=lease_seconds, blocking=False)
        if not lease.acquire(blocking=False):
            return 0
        archived, started = 0, time.monotonic()
        try:
            while time.monotonic() - started < budget:
                due = self._catalog.due(self._settings.clock(), BATCH)
                if not due:
                    break
                for game_id in due:
                    archived += int(self._archive_or_postpone(game_id) is Archived.ARCHIVED)
                    lease.reacquire()
                    if time.monotonic() - started >= budget:
                        break
        finally:
            try:
                lease.release()
            except redis.exceptions.LockError:
                log.warning("the archiving lease expired while it was held")
        return archived

    def _archive_or_postpone(self, game_id: str) -> Archived:
        try:
            return self.archive(game_id)
        except (ObjectStoreError, ArchiveVerifyError) as error:
            log.error("game %s could not be archived: %s; tried again later", game_id, error)
            self._catalog.postpone(game_id, self._settings.clock() + RETRY_SECONDS)
            return Archived.NOT_READY
