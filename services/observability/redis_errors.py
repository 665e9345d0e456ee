"""Counting failed attempts to talk to Redis (``papyrus_redis_errors_total``), whoever made them: the
service's reads and writes, RQ's, the live streams' blocking reads.

redis-py makes every connection of a client from its pool's ``connection_class``; :func:`count_errors`
swaps it for a subclass that counts a ConnectionError or TimeoutError on connect, send or read (each retry
is an attempt of its own) before letting it through. TLS and Unix-socket connections keep their class.
"""

from __future__ import annotations

from typing import Any

import redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from services.observability import metrics
from services.store.connect import node_clients

_counting_classes: dict[type, type] = {}


def _kind(error: Exception) -> str:
    return "timeout" if isinstance(error, RedisTimeoutError) else "connection"


def _counting(base: type) -> type:
    """``base`` with its connect, send and read counting their transport failures."""
    if getattr(base, "papyrus_counts_errors", False):
        return base

    class Counting(base):  # type: ignore[misc]
        papyrus_counts_errors = True

        def connect(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return super().connect(*args, **kwargs)
            except (RedisConnectionError, RedisTimeoutError) as error:
                metrics.redis_error(_kind(error))
                raise

        def send_packed_command(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return super().send_packed_command(*args, **kwargs)
            except (RedisConnectionError, RedisTimeoutError) as error:
                metrics.redis_error(_kind(error))
                raise

        def read_response(self, *args: Any, **kwargs: Any) -> Any:
            try:
                return super().read_response(*args, **kwargs)
            except (RedisConnectionError, RedisTimeoutError) as error:
                metrics.redis_error(_kind(error))
                raise

    Counting.__name__ = Counting.__qualname__ = f"Counting{base.__name__}"
    return Counting


def count_errors(*clients: redis.Redis) -> None:
    """Make each client count its failed attempts (connections already open keep their class). A cluster
    client counts on the shards it knows of when this is called."""
    for client in (node for given in clients for node in node_clients(given)):
        pool = client.connection_pool
        base = pool.connection_class
        if base not in _counting_classes:
            _counting_classes[base] = _counting(base)
        pool.connection_class = _counting_classes[base]
