"""Embedded mode with a data file archives finished games to a directory beside it (same interface as the
S3 store), and a fresh runtime restored from the data file reads them from there."""

from __future__ import annotations

import time
from pathlib import Path

from api.runtime import archive_directory, embedded_runtime
from services.archive.archiver import Archived
from services.archive.layout import object_key
from services.settings import Settings
from tests.service.test_persistence import WAIT_SECONDS, play_first_legal, settled_view, started_game


def test_an_embedded_store_archives_to_its_directory_and_reads_the_game_back_after_a_restart(
    tmp_path: Path,
) -> None:
    data_file = tmp_path / "papyrus-data"
    first = embedded_runtime(Settings(archive_after=0.0), data_file, save_seconds=3600)
    try:
        service = first.service
        game_id, _ = started_game(service)
        for turn in range(50):
            if settled_view(service, game_id).status == "over":
                break
            for seat in service.view(game_id, None).to_act:
                assert play_first_legal(service, game_id, seat, f"{seat}.{turn}") == "accepted"
        archiver = service.archive.archiver
        assert archiver is not None and service.settings.archive_url == str(archive_directory(data_file))
        deadline = time.monotonic() + WAIT_SECONDS
        while archiver.waiting_for(game_id) and time.monotonic() < deadline:
            time.sleep(0.05)
        history, export = service.history(game_id, None), list(service.export(game_id))
        while service.components.meta.get(game_id) is not None and time.monotonic() < deadline + WAIT_SECONDS:
            # now, whatever its due time (the worker's own sweep may have tried before the game was
            # recorded, and put it off); a job of the worker's archiving it meanwhile is no harm
            if archiver.archive(game_id) is not Archived.ARCHIVED:
                time.sleep(0.05)
        assert (
            service.archive.reader.entry(game_id) is not None and service.components.meta.get(game_id) is None
        )
        assert (archive_directory(data_file) / object_key(game_id)).is_file()
    finally:
        first.close()

    second = embedded_runtime(Settings(archive_after=0.0), data_file, save_seconds=3600)
    try:
        assert second.service.history(game_id, None) == history
        assert list(second.service.export(game_id)) == export
        assert second.service.view(game_id, 1).status == "over"
    finally:
        second.close()
