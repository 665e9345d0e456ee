"""The service the API runs on, built from the environment.

With ``REDIS_URL`` (production): that Redis, jobs run by ``papyrus worker`` processes. Without it
(embedded): an in-process fakeredis server and an in-process worker, so one process is the whole system;
with ``PAPYRUS_DATA_FILE`` every change is journaled before it is answered, and the games are restored from
that file and its journal at start (finished games are archived beside it); the file is rewritten from the
store every ``PAPYRUS_DATA_SAVE_SECONDS`` and at close (services/store/journal).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fakeredis

from api.context import ApiConfig
from api.web.settings import LiveSettings
from services.game_service import GameService
from services.observability.redis_errors import count_errors
from services.processing.rq_instances import rq_connections
from services.settings import Settings
from services.store.connect import store_client
from services.store.journal import FSYNC_POLICIES, DurableStore

DEFAULT_SAVE_SECONDS = 30.0
DEFAULT_FSYNC_POLICY = "always"
SOCKET_TIMEOUT_MARGIN = 30.0


@dataclass(frozen=True)
class Runtime:
    service: GameService
    redis: Any
    mode: str
    close: Callable[[], None]
    data_file: Path | None = None


def runtime_from_env(env: Mapping[str, str] | None = None, data_file: str | None = None) -> Runtime:
    """``data_file`` (else ``PAPYRUS_DATA_FILE``) keeps an embedded store's games; production ignores it."""
    settings = Settings.from_env(env)
    if settings.redis_url:
        return production_runtime(settings, store_socket_timeout(env))
    return embedded_runtime(settings, *_data_file_settings(env, data_file))


def _data_file_settings(
    env: Mapping[str, str] | None, data_file: str | None
) -> tuple[Path | None, float, str]:
    values = os.environ if env is None else env
    chosen = data_file or values.get("PAPYRUS_DATA_FILE", "").strip()
    fsync_policy = values.get("PAPYRUS_JOURNAL_FSYNC", "").strip() or DEFAULT_FSYNC_POLICY
    if fsync_policy not in FSYNC_POLICIES:
        raise ValueError(
            f"PAPYRUS_JOURNAL_FSYNC must be one of {', '.join(FSYNC_POLICIES)}, got {fsync_policy!r}"
        )
    raw = values.get("PAPYRUS_DATA_SAVE_SECONDS", "").strip()
    try:
        interval = float(raw) if raw else DEFAULT_SAVE_SECONDS
    except ValueError:
        raise ValueError(f"PAPYRUS_DATA_SAVE_SECONDS must be a number of seconds, got {raw!r}") from None
    if interval <= 0:
        raise ValueError(f"PAPYRUS_DATA_SAVE_SECONDS must be above 0, got {raw!r}")
    return (Path(chosen) if chosen else None), interval, fsync_policy


def store_socket_timeout(env: Mapping[str, str] | None = None) -> float:
    """Seconds the API waits on a store reply: longer than its longest blocking read (a live page's
    heartbeat wait, the submit wait), which redis-py's default of 5 s would cut short with a TimeoutError."""
    live = LiveSettings.from_env(env)
    longest_block = max(live.heartbeat_seconds, ApiConfig.from_env(env).submit_wait_seconds)
    return longest_block + SOCKET_TIMEOUT_MARGIN


def production_runtime(settings: Settings, socket_timeout: float | None = None) -> Runtime:
    assert settings.redis_url is not None
    timeout = socket_timeout or store_socket_timeout()
    store = store_client(settings.redis_url, settings.redis_cluster, socket_timeout=timeout)
    connections = rq_connections(settings, store, store_client)
    count_errors(store, *connections)
    service = GameService(store, settings, connections)
    return Runtime(service=service, redis=store, mode="production", close=store.close)


def archive_directory(data_file: Path) -> Path:
    """Where an embedded store keeps its archived games (unless PAPYRUS_ARCHIVE_URL says):
    ``<data file>.archive``."""
    return data_file.with_name(data_file.name + ".archive")


def embedded_runtime(
    settings: Settings,
    data_file: Path | None = None,
    save_seconds: float = DEFAULT_SAVE_SECONDS,
    fsync_policy: str = DEFAULT_FSYNC_POLICY,
) -> Runtime:
    """Everything in this process: state lives as long as the process does, or in ``data_file`` and its
    journal.

    The games are restored before the worker starts, so the sweep it runs at once re-schedules every
    automatic step, bot move and deadline they were waiting for."""
    from workers.embedded import start_embedded_worker  # the API hosts the worker only in this mode

    if data_file is None:
        store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
        service = GameService(store, settings)
        worker = start_embedded_worker(service)
        return Runtime(service=service, redis=store, mode="embedded", close=worker.stop)
    durable = DurableStore.open(data_file, fsync_policy)
    if not settings.archive_url:  # finished games are archived to a directory beside the data file
        settings = dataclasses.replace(settings, archive_url=str(archive_directory(data_file)))
    service = GameService(durable.client, settings)
    worker = start_embedded_worker(GameService(durable.worker_client, settings))
    durable.compact_every(save_seconds)

    def close() -> None:
        worker.stop()
        durable.close()

    return Runtime(service=service, redis=durable.client, mode="embedded", close=close, data_file=data_file)
