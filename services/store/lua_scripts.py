"""The Lua scripts under services/store/lua, registered once per connection."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from typing import Any, cast

import redis
from redis.client import Pipeline
from redis.cluster import RedisCluster
from redis.commands.core import Script
from redis.exceptions import NoScriptError

# What fills a pipeline for :func:`execute_with_scripts`: it queues its commands and answers the scripts
# it queued (with :func:`queue_script`).
PipelineFill = Callable[[Pipeline], Sequence[Script]]
# The scripts this process has loaded, by connection pool (see :func:`execute_with_scripts`).
_LOADED: weakref.WeakKeyDictionary[Any, set[str]] = weakref.WeakKeyDictionary()


@cache
def source(name: str) -> str:
    return resources.files("services.store").joinpath("lua", f"{name}.lua").read_text("utf-8")


@cache
def every_source() -> tuple[str, ...]:
    """The text of every script under services/store/lua."""
    folder = resources.files("services.store").joinpath("lua")
    return tuple(sorted(f.read_text("utf-8") for f in folder.iterdir() if f.name.endswith(".lua")))


def load_scripts_on_connect(connection: Any) -> None:
    """What a new connection to Redis does before its first command (redis-py's ``redis_connect_func``):
    the usual handshake, then every script loaded, in one round trip. A restarted Redis (or a failover)
    has an empty script cache and drops every connection, so each process's pipelines meet NOSCRIPT no
    more after a restart than before it: only a SCRIPT FLUSH by hand, on a connection that stays open,
    opens the window :func:`execute_with_scripts` describes."""
    connection.on_connect()
    bodies = every_source()
    for body in bodies:
        connection.send_command("SCRIPT", "LOAD", body)
    for _ in bodies:
        connection.read_response()


class Scripts:
    """The scripts under services/store/lua bound to one Redis connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.append: Script = connection.register_script(source("append"))
        self.submit: Script = connection.register_script(source("submit"))
        self.project: Script = connection.register_script(source("project"))
        self.compact_finished: Script = connection.register_script(source("compact_finished"))
        self.compact: Script = connection.register_script(source("compact"))
        self.claim: Script = connection.register_script(source("claim"))
        self.start: Script = connection.register_script(source("start"))


class ImmediateCommands:
    """Stands in for a pipeline on a Redis Cluster client, where redis-py refuses scripts in pipelines: each
    command runs at once (its own round trip) and its reply is kept, in order, as ``execute`` would answer."""

    def __init__(self, connection: redis.Redis) -> None:
        self.connection = connection
        self.replies: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        command = getattr(self.connection, name)

        def run(*args: Any, **kwargs: Any) -> ImmediateCommands:
            self.replies.append(command(*args, **kwargs))
            return self

        return run


def queue_script(pipe: Pipeline, script: Script, keys: Sequence[str], args: Sequence[Any]) -> Script:
    """Queue ``script`` in ``pipe`` as a bare EVALSHA and answer it. redis-py asks ``SCRIPT EXISTS`` in a
    round trip of its own before every pipeline that calls a script the usual way; a pipeline filled with
    this instead runs through :func:`execute_with_scripts`, which loads a script only when Redis lacks it.
    On a Redis Cluster client (:class:`ImmediateCommands`) the script runs at once."""
    stand_in = cast(Any, pipe)
    if isinstance(stand_in, ImmediateCommands):
        stand_in.replies.append(script(keys=list(keys), args=list(args), client=stand_in.connection))
        return script
    pipe.evalsha(script.sha, len(keys), *keys, *args)
    return script


def execute_with_scripts(connection: redis.Redis, fill: PipelineFill) -> list[Any]:
    """Run, in one round trip, the pipeline ``fill`` queues; on NOSCRIPT, load the scripts and run it once
    more (its commands must be safe to run twice). Scripts are loaded before a pool's first pipeline, and real
    Redis clients load them on every new connection (:func:`load_scripts_on_connect`), so a killed process
    cannot leave a pipeline's other commands without its script's writes. An error reply raises; on a Redis
    Cluster client, which runs no script in a pipeline, the commands run one by one, in order.
    """
    if isinstance(connection, RedisCluster):
        immediate = ImmediateCommands(connection)
        fill(cast(Pipeline, immediate))
        return immediate.replies
    for _ in range(2):
        pipe = connection.pipeline(transaction=False)
        scripts = fill(pipe)
        load_first_use(connection, scripts)
        replies: list[Any] = pipe.execute(raise_on_error=False)
        if not any(isinstance(reply, NoScriptError) for reply in replies):
            for reply in replies:
                if isinstance(reply, Exception):
                    raise reply
            return replies
        for script in scripts:
            connection.script_load(script.script)
    raise NoScriptError("a script was still unknown after loading it")


def load_first_use(connection: redis.Redis, scripts: Sequence[Script]) -> None:
    """Load the ``scripts`` this process has not loaded on ``connection``'s pool yet."""
    loaded = _LOADED.setdefault(connection.connection_pool, set())
    for script in scripts:
        if script.sha not in loaded:
            connection.script_load(script.script)
            loaded.add(script.sha)
