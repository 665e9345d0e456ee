"""Reading archived games: the catalog entry in Redis, then the object, refused unless its sha256 is the one
the entry holds. Each process keeps the last few games it read, parsed, with their final state folded."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any

from domain.registry import get_game
from services.archive.layout import ArchivedLog, UnreadableObject, object_key, parse, sha256, unpack
from services.errors import ServiceError
from services.read_side.projections import ViewBody, view_body
from services.store.archive_catalog import ArchiveCatalog, CatalogEntry
from services.store.object_store import ObjectStore, ObjectStoreError
from services.table.state import table_at
from services.table.state_cache import fold_records

log = logging.getLogger(__name__)
CACHED_GAMES = 32
RETRY_AFTER = 30


def unavailable(game_id: str, why: str) -> ServiceError:
    log.error("archived game %s cannot be read: %s", game_id, why)
    return ServiceError(
        503,
        "archive.unavailable",
        "This finished game is archived and its record cannot be read now; try again later.",
        retry_after=RETRY_AFTER,
    )


def damaged(game_id: str, why: str) -> ServiceError:
    log.error("archived game %s is refused: %s", game_id, why)
    return ServiceError(
        500,
        "archive.damaged",
        "This finished game's archived record does not match its checksum, so it is not shown.",
    )


class ArchivedGames:
    def __init__(self, catalog: ArchiveCatalog, objects: ObjectStore | None) -> None:
        self.catalog = catalog
        self.objects = objects
        self._cache: OrderedDict[tuple[str, bytes], tuple[ArchivedLog, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def entry(self, game_id: str) -> CatalogEntry | None:
        return self.catalog.get(game_id)

    def entries(self, game_ids: list[str]) -> dict[str, CatalogEntry]:
        """The catalog entries of those of ``game_ids`` that are archived."""
        return self.catalog.many(game_ids)

    def load(self, game_id: str) -> ArchivedLog | None:
        """The archived game, None if the game is not archived; 503 when the store cannot be read, 500 when
        the object is missing or is not the one archived."""
        found = self._load(game_id)
        return found[0] if found is not None else None

    def body(self, game_id: str, entry: CatalogEntry) -> bytes:
        """The game's object as stored, checked against ``entry``."""
        if self.objects is None:
            raise unavailable(game_id, "no object store is configured (PAPYRUS_ARCHIVE_URL)")
        try:
            body = self.objects.get(object_key(game_id))
        except ObjectStoreError as error:
            raise unavailable(game_id, str(error)) from None
        if body is None:
            raise damaged(game_id, f"{object_key(game_id)} is missing from {self.objects.describe()}")
        if not entry.accepts(sha256(body)):
            raise damaged(
                game_id, f"{object_key(game_id)} has sha256 {sha256(body).hex()}, not the catalog's"
            )
        return body

    def _load(self, game_id: str) -> tuple[ArchivedLog, Any] | None:
        entry = self.catalog.get(game_id)
        if entry is None:
            return None
        with self._lock:
            cached = self._cache.get((game_id, entry.sha256))
            if cached is not None:
                self._cache.move_to_end((game_id, entry.sha256))
                return cached
        body = self.body(game_id, entry)
        try:
            archived = parse(unpack(body))
        except UnreadableObject as error:
            raise damaged(game_id, str(error)) from None
        final = fold_records(get_game(archived.meta.game), archived.records, None)
        with self._lock:
            self._cache[(game_id, entry.sha256)] = (archived, final)
            while len(self._cache) > CACHED_GAMES:
                self._cache.popitem(last=False)
        return archived, final

    def view(self, archived: ArchivedLog, seat: int | None, at: int | None) -> ViewBody:
        """What ``seat`` sees of the archived game at the end, or at version ``at`` (in range)."""
        game = get_game(archived.meta.game)
        if at is None or at >= archived.version:
            found = self._load(archived.meta.id)
            state = found[1] if found is not None else fold_records(game, archived.records, None)
            return view_body(game, state, seat, archived.version, archived.meta.table)
        records = [record for record in archived.records if record.seq <= at]
        return view_body(game, fold_records(game, records, None), seat, at, table_at(records))

    def forget(self, game_id: str) -> None:
        """Drop the game from this process's cache (its object was rewritten)."""
        with self._lock:
            for key in [key for key in self._cache if key[0] == game_id]:
                del self._cache[key]
