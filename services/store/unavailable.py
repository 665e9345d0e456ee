"""The errors that mean a Redis (the store, or RQ's) cannot be reached right now, as opposed to a refusal
or a bug: workers wait them out (workers/outage.py), the API answers them 503 ``store_unavailable``
(api/store_outage.py). redis-py raises ``BusyLoadingError`` (Redis still loading its AOF) as a
``ConnectionError``, so it is one of them."""

from __future__ import annotations

import redis

STORE_UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError)


def pool_exhausted(error: BaseException) -> bool:
    """Every connection of this process's pool is in use (the store itself may be fine): redis-py's
    ``MaxConnectionsError``, or a blocking pool that waited in vain."""
    return isinstance(error, redis.exceptions.MaxConnectionsError) or (
        isinstance(error, redis.ConnectionError) and str(error).startswith("No connection available")
    )
