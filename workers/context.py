"""Which GameService the jobs of this process use.

RQ jobs take ids only, so a job resolves its service here: the one registered by the process that runs
the worker (``papyrus worker`` or the embedded worker of ``papyrus serve``), else one built from the
environment (REDIS_URL, RQ_REDIS_URL...). Jobs run in the worker process itself unless the worker forks
(``papyrus worker --fork``), whose work-horses inherit the registration.
"""

from __future__ import annotations

from threading import Lock

from redis import Redis

from services.game_service import GameService
from services.observability.redis_errors import count_errors
from services.processing.rq_instances import rq_connections
from services.settings import Settings
from services.store.connect import store_client

_lock = Lock()
CONNECT_TIMEOUT = 5.0
REPLY_TIMEOUT = 30.0
_service: GameService | None = None


def register(service: GameService) -> None:
    global _service
    with _lock:
        _service = service


def connect(url: str, cluster: bool = False) -> Redis:
    """A worker's connection: it fails within seconds when Redis is unreachable or hangs (no job blocks on
    Redis), so the worker notices an outage and waits it out (workers/outage.py)."""
    return store_client(url, cluster, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=REPLY_TIMEOUT)


def service_from_env(settings: Settings | None = None, rq_home: int = 0) -> GameService:
    """The service of a worker serving the RQ Redis ``rq_home`` (an index into ``RQ_REDIS_URLS``)."""
    settings = settings or Settings.from_env()
    if not settings.redis_url:
        raise RuntimeError("REDIS_URL is not set: a worker needs the store's Redis")
    store = connect(settings.redis_url, settings.redis_cluster)
    connections = rq_connections(settings, store, connect)
    count_errors(store, *connections)
    return GameService(store, settings, connections, rq_home=rq_home)


def service() -> GameService:
    global _service
    with _lock:
        if _service is None:
            _service = service_from_env()
        return _service
