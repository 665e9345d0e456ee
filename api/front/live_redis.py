"""Notices from Redis: one connection per shard and API process, subscribed (SSUBSCRIBE, sharded pub/sub)
to the live channels of the games its pages wait on, whatever their number of pages.

A connection that drops (a Redis restart, a failover, ``CLIENT KILL``) is opened again after a short pause
and subscribes to every channel again; each channel's confirmation wakes its game's pages, which catch up
from their last event, so no move published meanwhile is missed.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable
from typing import Any

import redis
from redis.asyncio.connection import AbstractConnection, Connection, parse_url

from api.front.live_hub import LiveHub
from services import keys

log = logging.getLogger(__name__)
LONGEST_PAUSE = 2.0  # seconds between attempts to open a dropped connection again, at most (doubling)
PAUSE_SETTING = "PAPYRUS_LIVE_RESUBSCRIBE_SECONDS"  # the first pause (default 0.05 s)
CLIENT_NAME = "papyrus-live-{pid}"  # each notices connection's name in CLIENT LIST (its API process's pid)
Address = tuple[str, int]


class _Shard:
    """One connection to one Redis node and the channels this process wants from it."""

    def __init__(
        self, kind: type[AbstractConnection], options: dict[str, Any], hub: LiveHub, first_pause: float
    ) -> None:
        self._kind = kind
        self._options = options
        self._hub = hub
        self._first_pause = first_pause
        self.wanted: dict[str, str] = {}  # channel -> game id
        self._subscribed: set[str] = set()
        self._changed = asyncio.Event()
        self._connection: AbstractConnection | None = None
        self.task = asyncio.ensure_future(self._run())

    def want(self, channel: str, game_id: str | None) -> None:
        if game_id is None:
            self.wanted.pop(channel, None)
        else:
            self.wanted[channel] = game_id
        self._changed.set()

    async def _run(self) -> None:
        pause = self._first_pause
        while True:
            connection = self._kind(**self._options)
            try:
                await connection.connect()  # type: ignore[no-untyped-call]
                self._connection, self._subscribed = connection, set()
                self._changed.set()
                pause = self._first_pause
                await _until_first_fails(self._read(connection), self._write(connection))
            except (redis.RedisError, OSError) as error:
                log.warning("the live notices' connection dropped; subscribing again: %s", error)
            finally:
                self._connection = None
                await connection.disconnect(nowait=True)
            await asyncio.sleep(pause)
            pause = min(pause * 2, LONGEST_PAUSE)

    async def _write(self, connection: AbstractConnection) -> None:
        """Subscribe to the channels wanted and not yet subscribed, unsubscribe from the others."""
        while True:
            await self._changed.wait()
            self._changed.clear()
            wanted = set(self.wanted)
            commands = [("SSUBSCRIBE", channel) for channel in wanted - self._subscribed]
            commands += [("SUNSUBSCRIBE", channel) for channel in self._subscribed - wanted]
            self._subscribed = wanted
            if commands:  # one command per channel: in a cluster one SSUBSCRIBE may not span slots
                await connection.send_packed_command(connection.pack_commands(commands), check_health=False)

    async def _read(self, connection: AbstractConnection) -> None:
        while True:
            reply = await connection.read_response(timeout=None, disconnect_on_error=False, push_request=True)
            if not isinstance(reply, list) or len(reply) < 2:
                continue
            kind, channel = _text(reply[0]), _text(reply[1])
            game_id = self.wanted.get(channel)
            if game_id is None:
                continue
            if kind == "smessage":
                self._hub.notice(
                    game_id, reply[2] if len(reply) > 2 and isinstance(reply[2], bytes) else None
                )
            elif kind == "ssubscribe":
                self._hub.notice(game_id)  # a subscription confirmed: its pages catch up once


async def _until_first_fails(*running: Any) -> None:
    tasks = [asyncio.ensure_future(each) for each in running]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            task.result()
    finally:
        for task in tasks:
            task.cancel()


def _text(value: Any) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


class RedisSource:
    """Sharded pub/sub on the store at ``url``; ``shard_of`` names the node that holds a channel (one Redis:
    always its own address; a cluster: the owner of the channel's slot)."""

    def __init__(
        self, url: str, shard_of: Callable[[str], Address] | None = None, first_pause: float = 0.05
    ) -> None:
        parsed: dict[str, Any] = dict(parse_url(url))
        self._kind: type[AbstractConnection] = parsed.pop("connection_class", Connection)
        name = CLIENT_NAME.format(pid=os.getpid())
        self._options = {**parsed, "socket_keepalive": True, "socket_timeout": None, "client_name": name}
        self._first_pause = first_pause
        own = (str(self._options.get("host", "localhost")), int(self._options.get("port", 6379)))
        self._shard_of = shard_of or (lambda channel: own)
        self._shards: dict[Address, _Shard] = {}
        self._hub: LiveHub | None = None

    def start(self, hub: LiveHub) -> None:
        self._hub = hub

    def watch(self, game_id: str) -> None:
        channel = keys.live(game_id)
        self._shard(channel).want(channel, game_id)

    def unwatch(self, game_id: str) -> None:
        channel = keys.live(game_id)
        self._shard(channel).want(channel, None)

    def _shard(self, channel: str) -> _Shard:
        address = self._shard_of(channel)
        shard = self._shards.get(address)
        if shard is None:
            assert self._hub is not None, "started before the first page"
            options = {**self._options, "host": address[0], "port": address[1]}
            shard = self._shards[address] = _Shard(self._kind, options, self._hub, self._first_pause)
        return shard


def cluster_shards(store: Any) -> Callable[[str], Address]:
    """The node of a Redis Cluster client that owns a channel's slot."""

    def shard_of(channel: str) -> Address:
        node = store.get_node_from_key(channel)
        return str(node.host), int(node.port)

    return shard_of
