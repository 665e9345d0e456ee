"""The Lua scripts under services/lua, registered once per connection."""

from __future__ import annotations

import zlib
from functools import cache
from importlib import resources
from typing import Any

import msgspec
import redis
from redis.commands.core import Script

ARCHIVE_FIELD = b"z"


@cache
def source(name: str) -> str:
    return resources.files("services").joinpath("lua", f"{name}.lua").read_text("utf-8")


class Scripts:
    """The scripts under services/lua bound to one Redis connection."""

    def __init__(self, connection: redis.Redis) -> None:
        self.append: Script = connection.register_script(source("append"))
        self.submit: Script = connection.register_script(source("submit"))
        self.project: Script = connection.register_script(source("project"))
        self.archive: Script = connection.register_script(source("archive"))
        self.claim: Script = connection.register_script(source("claim"))
        self.start: Script = connection.register_script(source("start"))


def as_int(value: Any) -> int:
    return int(value.decode() if isinstance(value, bytes) else value)


def as_str(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def as_bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


def stream_entries(reply: Any) -> list[tuple[str, bytes]]:
    """``(entry id, field "r")`` pairs of an XRANGE/XREVRANGE reply, an archive entry (field ``z``, see
    services/archive.py) expanded into the entries it holds, in order."""
    entries: list[tuple[str, bytes]] = []
    for entry_id, fields in reply or []:
        if ARCHIVE_FIELD in fields:
            archived = msgspec.msgpack.decode(zlib.decompress(as_bytes(fields[ARCHIVE_FIELD])))
            entries += [(str(inner_id), bytes(raw)) for inner_id, raw in archived]
        else:
            entries.append((as_str(entry_id), as_bytes(fields[b"r"])))
    return entries
