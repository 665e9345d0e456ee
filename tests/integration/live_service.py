"""A service on a key prefix of its own with two live ``papyrus worker`` processes, for the tests that watch
deadlines fire in real time; everything written under the prefix is forgotten afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from services import keys
from services.game_service import GameService
from services.settings import Settings
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import Workers, start_live_workers, worker_env
from tests.integration.test_recovery import forget_everything
from workers.context import service_from_env


@contextmanager
def live_service(name: str, folder: Path, **env: str) -> Iterator[GameService]:
    """The service of a fresh prefix named after ``name``, its workers started with ``env`` added to their
    environment and logging under ``folder``."""
    prefix = f"papyrus-{name}-{uuid.uuid4().hex[:8]}"
    patch = pytest.MonkeyPatch()
    patch.setattr(keys, "PREFIX", prefix)
    service = service_from_env(Settings(redis_url=REDIS_TEST_URL, queue_name=prefix))
    workers = Workers(worker_env(REDIS_TEST_URL, prefix, **env), folder)
    store = redis.Redis.from_url(REDIS_TEST_URL)
    try:
        start_live_workers(service, workers, 2)
        yield service
    finally:
        workers.stop_all()
        forget_everything(store, prefix)
        store.close()
        service.components.redis.close()
        patch.undo()
