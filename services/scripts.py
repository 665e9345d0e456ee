"""The Lua scripts under services/lua, registered once per connection."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import redis
from redis.commands.core import Script


@cache
def source(name: str) -> str:
    return resources.files("services").joinpath("lua", f"{name}.lua").read_text("utf-8")


class Scripts:
    """The scripts under services/lua bound to one Redis connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.append: Script = connection.register_script(source("append"))
        self.submit: Script = connection.register_script(source("submit"))
        self.project: Script = connection.register_script(source("project"))
        self.compact: Script = connection.register_script(source("compact"))
        self.claim: Script = connection.register_script(source("claim"))
        self.start: Script = connection.register_script(source("start"))


def as_int(value: Any) -> int:
    return int(value.decode() if isinstance(value, bytes) else value)


def as_str(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def as_bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


def stream_entries(reply: Any) -> list[tuple[str, bytes]]:
    """``(entry id, field "r")`` pairs of an XRANGE/XREVRANGE reply."""
    return [(as_str(entry_id), as_bytes(fields[b"r"])) for entry_id, fields in reply or []]
