"""The store's Redis client: one Redis, or a Redis Cluster (PAPYRUS_REDIS_CLUSTER=1).

Every key of a game carries the hash tag of its game (services/keys.py), so a game's keys share one
slot: its Lua scripts and its transactions run on one shard. ``RedisCluster`` routes each command to the
shard of its key and splits the multi-key commands Papyrus sends across games (DEL of leftovers, SCAN) by
slot. It answers the same commands as ``Redis``; the code is typed against ``Redis``, which it is used as.
"""

from __future__ import annotations

from typing import Any, cast

import redis
from redis.cluster import RedisCluster

from services.store.lua_scripts import load_scripts_on_connect


def store_client(url: str, cluster: bool = False, **options: Any) -> redis.Redis:
    """A client of the game store at ``url`` (any node's URL for a cluster), or of RQ's own Redis. On one
    Redis each new connection loads every script first (``load_scripts_on_connect``); a cluster client
    runs no script in a pipeline, so it never meets the NOSCRIPT that would need it."""
    if cluster:
        return cast(redis.Redis, RedisCluster.from_url(url, **options))
    return redis.Redis.from_url(url, redis_connect_func=load_scripts_on_connect, **options)


def is_cluster(connection: object) -> bool:
    return isinstance(connection, RedisCluster)


def node_clients(connection: redis.Redis) -> list[redis.Redis]:
    """The single-node clients behind ``connection``: itself, or one per shard a cluster knows of."""
    if isinstance(connection, RedisCluster):
        nodes = connection.get_nodes()
        return [node.redis_connection for node in nodes if node.redis_connection is not None]
    return [connection]
