"""The service the API runs on, built from the environment.

With ``REDIS_URL`` (production): that Redis, jobs run by ``papyrus worker`` processes. Without it
(embedded): an in-process fakeredis server and an in-process worker, so one process is the whole system;
with ``PAPYRUS_DATA_FILE`` its games are restored from that file at start and saved to it every
``PAPYRUS_DATA_SAVE_SECONDS`` and when the runtime closes (services/store/data_file.py).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import fakeredis
import redis
from redis import Redis

from api.context import ApiConfig
from api.web.settings import LiveSettings
from services.game_service import GameService
from services.observability.redis_errors import count_errors
from services.settings import Settings
from services.store.data_file import restore_store, save_store

log = logging.getLogger(__name__)
DEFAULT_SAVE_SECONDS = 30.0
SOCKET_TIMEOUT_MARGIN = 30.0


@dataclass(frozen=True)
class Runtime:
    service: GameService
    redis: Any
    mode: str
    close: Callable[[], None]
    data_file: Path | None = None


@dataclass
class PeriodicSave:
    """Saves the embedded store to its data file every ``interval`` seconds, and once more on ``stop``."""

    store: redis.Redis
    path: Path
    interval: float
    stop_event: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="papyrus-data-save", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join()
        save_store(self.store, self.path)

    def _run(self) -> None:
        while not self.stop_event.wait(self.interval):
            try:
                save_store(self.store, self.path)
            except OSError:
                log.exception("saving the games to %s failed; the next save tries again", self.path)


def runtime_from_env(env: Mapping[str, str] | None = None, data_file: str | None = None) -> Runtime:
    """``data_file`` (else ``PAPYRUS_DATA_FILE``) keeps an embedded store's games; production ignores it."""
    settings = Settings.from_env(env)
    if settings.redis_url:
        return production_runtime(settings, store_socket_timeout(env))
    return embedded_runtime(settings, *_data_file_settings(env, data_file))


def _data_file_settings(env: Mapping[str, str] | None, data_file: str | None) -> tuple[Path | None, float]:
    values = os.environ if env is None else env
    chosen = data_file or values.get("PAPYRUS_DATA_FILE", "").strip()
    raw = values.get("PAPYRUS_DATA_SAVE_SECONDS", "").strip()
    try:
        interval = float(raw) if raw else DEFAULT_SAVE_SECONDS
    except ValueError:
        raise ValueError(f"PAPYRUS_DATA_SAVE_SECONDS must be a number of seconds, got {raw!r}") from None
    if interval <= 0:
        raise ValueError(f"PAPYRUS_DATA_SAVE_SECONDS must be above 0, got {raw!r}")
    return (Path(chosen) if chosen else None), interval


def store_socket_timeout(env: Mapping[str, str] | None = None) -> float:
    """Seconds the API waits on a store reply: longer than its longest blocking read (a live page's
    heartbeat wait, the submit wait), which redis-py's default of 5 s would cut short with a TimeoutError."""
    live = LiveSettings.from_env(env)
    longest_block = max(live.heartbeat_seconds, ApiConfig.from_env(env).submit_wait_seconds)
    return longest_block + SOCKET_TIMEOUT_MARGIN


def production_runtime(settings: Settings, socket_timeout: float | None = None) -> Runtime:
    assert settings.redis_url is not None
    store = Redis.from_url(settings.redis_url, socket_timeout=socket_timeout or store_socket_timeout())
    rq_connection = Redis.from_url(settings.rq_redis_url) if settings.rq_redis_url else store
    count_errors(store, rq_connection)
    service = GameService(store, settings, rq_connection)
    return Runtime(service=service, redis=store, mode="production", close=store.close)


def embedded_runtime(
    settings: Settings, data_file: Path | None = None, save_seconds: float = DEFAULT_SAVE_SECONDS
) -> Runtime:
    """Everything in this process: state lives as long as the process does, or in ``data_file``.

    The file's games are restored before the worker starts, so the sweep it runs at once re-schedules
    every automatic step, bot move and deadline they were waiting for."""
    from workers.embedded import start_embedded_worker  # the API hosts the worker only in this mode

    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    if data_file is not None:
        restore_store(store, data_file)
        save_store(store, data_file)  # fails now, not at exit, if the file cannot be written
    service = GameService(store, settings)
    worker = start_embedded_worker(service)
    if data_file is None:
        return Runtime(service=service, redis=store, mode="embedded", close=worker.stop)
    saver = PeriodicSave(store, data_file, save_seconds)
    saver.start()

    def close() -> None:
        worker.stop()
        saver.stop()

    return Runtime(service=service, redis=store, mode="embedded", close=close, data_file=data_file)
