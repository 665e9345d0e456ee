"""The service the API runs on, built from the environment.

With ``REDIS_URL`` (production): that Redis, jobs run by ``papyrus worker`` processes. Without it
(embedded): an in-process fakeredis server and an in-process worker, so one process is the whole system.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import fakeredis
from redis import Redis

from services.game_service import GameService
from services.settings import Settings


@dataclass(frozen=True)
class Runtime:
    service: GameService
    redis: Any
    mode: str
    close: Callable[[], None]


def runtime_from_env(env: Mapping[str, str] | None = None) -> Runtime:
    settings = Settings.from_env(env)
    if settings.redis_url:
        return production_runtime(settings)
    return embedded_runtime(settings)


def production_runtime(settings: Settings) -> Runtime:
    assert settings.redis_url is not None
    store = Redis.from_url(settings.redis_url)
    rq_connection = Redis.from_url(settings.rq_redis_url) if settings.rq_redis_url else store
    service = GameService(store, settings, rq_connection)
    return Runtime(service=service, redis=store, mode="production", close=store.close)


def embedded_runtime(settings: Settings) -> Runtime:
    """Everything in this process: state lives as long as the process does."""
    from workers.embedded import start_embedded_worker  # the API hosts the worker only in this mode

    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = GameService(store, settings)
    worker = start_embedded_worker(service)
    return Runtime(service=service, redis=store, mode="embedded", close=worker.stop)
