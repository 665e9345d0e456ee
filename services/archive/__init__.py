"""The archive of finished games: each one moved out of Redis, a configurable time after its end, into an
object store (services/store/object_store.py) as its audit export; read back wherever a finished game is
read. Layout: layout.py; reading: reader.py; archiving: archiver.py; docs/durability.md says what it keeps."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import redis

from services.archive.archiver import Archiver
from services.archive.names import renamed_export
from services.archive.reader import ArchivedGames
from services.players.accounts import name_key
from services.results import GameMeta
from services.settings import Settings
from services.store.archive_catalog import ArchiveCatalog
from services.store.meta_store import MetaStore
from services.store.object_store import ObjectStore, object_store


class GameArchive:
    """The reader and, when an object store is configured (``PAPYRUS_ARCHIVE_URL``), the archiver."""

    def __init__(
        self,
        connection: redis.Redis,
        settings: Settings,
        meta: MetaStore[GameMeta],
        catalog: ArchiveCatalog,
        export: Callable[[str], Iterator[str]],
    ) -> None:
        self.objects: ObjectStore | None = None
        if settings.archive_url:
            self.objects = object_store(
                settings.archive_url, settings.archive_endpoint, settings.archive_region
            )
        self.reader = ArchivedGames(catalog, self.objects)
        self.archiver = None
        if self.objects:
            self.archiver = Archiver(connection, settings, meta, catalog, self.objects, export)

    def archive_due(self) -> int:
        """Archive the games due now (the archiving job); how many were archived."""
        return self.archiver.archive_due() if self.archiver is not None else 0

    def rename(
        self,
        game_id: str,
        seats: dict[int, str],
        speakers: dict[str, str],
        account: str | None = None,
        pseudonym: str | None = None,
    ) -> bool:
        """Rename players in an archived game (seat -> new name, chat speaker -> new name) and replace
        ``account`` among the accounts that held its seats by ``pseudonym`` (a key no login takes; None:
        forget it); False if the game is not archived."""
        if self.archiver is None:
            return False
        gone = name_key(account) if account else None
        renamed = self.archiver.rewrite(
            game_id,
            lambda lines: renamed_export(lines, seats, speakers),
            lambda held: [pseudonym if key is not None and key == gone else key for key in held],
        )
        self.reader.forget(game_id)
        return renamed
