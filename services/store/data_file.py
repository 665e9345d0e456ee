"""The embedded store's data file: every Papyrus key saved to one file, restored at start.

:func:`save_store` reads every key under the key prefix in one MULTI/EXEC (a consistent snapshot) with its
type, plain contents and absolute expiry, and writes them to a temporary file renamed over the old one (a
crash mid-save leaves the previous file whole). :func:`restore_store` loads them back before the worker
starts; RQ's keys are not saved (the sweep at start re-creates every job a running game needs).

Format ``papyrus-data/2``: MessagePack ``{"format", "saved_at", "keys": [[name, type, expires_at_ms | 0,
contents], ...]}``, plain data, never code (not Redis ``DUMP``: fakeredis's is a pickle). The file holds
token hashes, so it is created owner-only and a file another user owns or may write is refused; a file
that does not restore stops the start with a clear error and is left untouched.
"""

from __future__ import annotations

import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

import msgspec
import redis

from services import keys
from services.store.replies import as_bytes

FORMAT = "papyrus-data/2"


class DataFileError(Exception):
    """A data file that cannot be used; the message names the file and the reason."""


class SavedKey(msgspec.Struct, array_like=True):
    name: bytes
    type: str
    expires_at_ms: int
    contents: Any


def _read_contents(pipe: Any, name: bytes, kind: str) -> None:
    """Queue the read of one key's contents by its type."""
    readers = {
        "string": lambda: pipe.get(name),
        "hash": lambda: pipe.hgetall(name),
        "stream": lambda: pipe.xrange(name),
        "set": lambda: pipe.smembers(name),
        "zset": lambda: pipe.zrange(name, 0, -1, withscores=True),
        "list": lambda: pipe.lrange(name, 0, -1),
    }
    if kind not in readers:
        raise DataFileError(f"key {name!r} has type {kind!r}, which the data file cannot hold.")
    readers[kind]()


def _plain(kind: str, reply: Any) -> Any:
    """A read reply as MessagePack-ready data."""
    if kind == "hash":
        return [[field, value] for field, value in reply.items()]
    if kind == "stream":
        return [[entry_id, [[field, value] for field, value in fields.items()]] for entry_id, fields in reply]
    if kind == "set":
        return sorted(reply)
    if kind == "zset":
        return [[member, score] for member, score in reply]
    return reply


def _write_contents(pipe: Any, saved: SavedKey) -> None:
    """Queue the writes that recreate one saved key (after it was deleted)."""
    name, contents = saved.name, saved.contents
    if saved.type == "string":
        pipe.set(name, contents)
    elif saved.type == "hash":
        pipe.hset(name, mapping=dict(contents))
    elif saved.type == "stream":
        for entry_id, fields in contents:
            pipe.xadd(name, dict(fields), id=entry_id)
    elif saved.type == "set":
        pipe.sadd(name, *contents)
    elif saved.type == "zset":
        pipe.zadd(name, {member: score for member, score in contents})
    elif saved.type == "list":
        pipe.rpush(name, *contents)
    else:
        raise DataFileError(f"key {name!r} has type {saved.type!r}, which this Papyrus cannot restore.")


class DataFile(msgspec.Struct):
    format: str
    saved_at: float
    keys: list[SavedKey]


def save_store(connection: redis.Redis, path: Path) -> int:
    """Write every Papyrus key to ``path`` atomically; returns how many keys were saved."""
    saved = _snapshot(connection)
    body = msgspec.msgpack.encode(DataFile(format=FORMAT, saved_at=time.time(), keys=saved))
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return len(saved)


def restore_store(connection: redis.Redis, path: Path) -> int:
    """Load every key ``path`` holds (replacing any of the same name); 0 when there is no file yet. Keys
    whose expiry passed while the service was down are skipped. DataFileError if the file is unusable."""
    if not path.exists():
        return 0
    data = _read(path)
    now_ms = int(time.time() * 1000)
    pipe = connection.pipeline(transaction=True)
    restored = 0
    for saved in data.keys:
        ttl_ms = saved.expires_at_ms - now_ms if saved.expires_at_ms else 0
        if saved.expires_at_ms and ttl_ms <= 0:
            continue
        pipe.delete(saved.name)
        _write_contents(pipe, saved)
        if ttl_ms > 0:
            pipe.pexpire(saved.name, ttl_ms)
        restored += 1
    try:
        pipe.execute()
    except redis.ResponseError as error:
        raise DataFileError(f"{path}: its keys do not restore ({error}); the file is left as is.") from None
    return restored


def _snapshot(connection: redis.Redis) -> list[SavedKey]:
    names = [as_bytes(name) for name in connection.keys(keys.everything_pattern())]
    typing = connection.pipeline(transaction=False)
    for name in names:
        typing.type(name)
    kinds = [as_bytes(kind).decode() for kind in typing.execute()]
    present = [(name, kind) for name, kind in zip(names, kinds, strict=True) if kind != "none"]
    pipe = connection.pipeline(transaction=True)
    for name, kind in present:
        _read_contents(pipe, name, kind)
        pipe.pttl(name)
    replies: list[Any] = pipe.execute()
    now_ms = int(time.time() * 1000)
    saved = []
    for index, (name, kind) in enumerate(present):
        reply, ttl_ms = replies[2 * index], replies[2 * index + 1]
        if ttl_ms == -2:  # deleted between listing and the snapshot
            continue
        expires_at_ms = now_ms + ttl_ms if ttl_ms > 0 else 0
        saved.append(
            SavedKey(name=name, type=kind, expires_at_ms=expires_at_ms, contents=_plain(kind, reply))
        )
    return saved


def _read(path: Path) -> DataFile:
    _check_private(path)
    try:
        data = msgspec.msgpack.decode(path.read_bytes(), type=DataFile)
    except (OSError, msgspec.DecodeError) as error:
        raise DataFileError(f"{path}: not a Papyrus data file ({error}).") from None
    if data.format != FORMAT:
        raise DataFileError(f"{path}: format {data.format!r}, this Papyrus reads {FORMAT!r}.")
    return data


def _check_private(path: Path) -> None:
    info = path.stat()
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise DataFileError(f"{path}: owned by another user; refusing to load it.")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise DataFileError(f"{path}: writable by other users; refusing to load it (chmod go-w).")
