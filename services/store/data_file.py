"""The embedded store's data file: every Papyrus key in one file, the snapshot its journal continues.

:func:`snapshot` reads every key under the key prefix and the journal's position in one atomic step
(lua/snapshot.lua); :func:`write_data_file` writes them as plain MessagePack (``papyrus-data/3``: each
key's type, contents and absolute expiry; never Redis ``DUMP``) to a temporary file, renamed over the old
one. The file holds token hashes, so it is readable by its owner only; a file that does not restore stops
the start and is left untouched. Format and guarantees: docs/durability.md.
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
from services.store.lua_scripts import source
from services.store.replies import as_bytes, as_int, as_str

FORMAT = "papyrus-data/3"
READABLE_FORMATS = ("papyrus-data/2", FORMAT)


class DataFileError(Exception):
    """A data file (or its journal) that cannot be used; the message names the file and the reason."""


class SavedKey(msgspec.Struct, array_like=True):
    name: bytes
    type: str
    expires_at_ms: int
    contents: Any


class DataFile(msgspec.Struct):
    format: str
    saved_at: float
    keys: list[SavedKey]
    journal_position: int = 0


def save_store(connection: redis.Redis, path: Path) -> int:
    """Write every Papyrus key to ``path`` atomically, as a data file without a journal (position 0);
    returns how many keys were saved."""
    _, saved = snapshot(connection)
    write_data_file(path, saved, 0)
    return len(saved)


def restore_store(connection: redis.Redis, path: Path) -> int:
    """Load every key ``path`` holds (replacing any of the same name); 0 when there is no file yet. Keys
    whose expiry passed while the service was down are skipped. DataFileError if the file is unusable."""
    data = read_data_file(path)
    return restore_keys(connection, data.keys, str(path)) if data is not None else 0


def restore_keys(connection: redis.Redis, saved_keys: list[SavedKey], origin: str) -> int:
    now_ms = int(time.time() * 1000)
    live = [saved for saved in saved_keys if not saved.expires_at_ms or saved.expires_at_ms > now_ms]
    pipe = connection.pipeline(transaction=True)
    for saved in live:
        write_key(pipe, saved)
    try:
        pipe.execute()
    except redis.ResponseError as error:
        raise DataFileError(f"{origin}: its keys do not restore ({error}); the file is left as is.") from None
    return len(live)


def snapshot(connection: redis.Redis, position_probe: bytes = b"") -> tuple[int, list[SavedKey]]:
    """Every Papyrus key, read in one atomic step, and the journal position that step saw (0 without a
    probe): the journal records up to that position are exactly the changes the snapshot holds."""
    script = connection.register_script(source("snapshot"))
    try:
        reply: Any = script(args=[keys.everything_pattern(), position_probe])
    except redis.ResponseError as error:
        raise DataFileError(f"the store cannot be saved: {error}") from None
    position_reply, entries = reply
    now_ms = int(time.time() * 1000)
    saved = []
    for name, kind, ttl_ms, contents in entries:
        kind = as_str(kind)
        expires_at_ms = now_ms + as_int(ttl_ms) if as_int(ttl_ms) > 0 else 0
        saved.append(SavedKey(as_bytes(name), kind, expires_at_ms, plain_contents(kind, contents)))
    position = as_int(position_reply) if position_probe else 0
    return position, saved


def plain_contents(kind: str, reply: Any) -> Any:
    """A read reply (flat field/value lists as RESP2 gives them, or maps and pairs as RESP3 does) as the
    data file's plain contents."""
    if kind == "hash":
        return [[as_bytes(field), as_bytes(value)] for field, value in _pairs(reply)]
    if kind == "stream":
        return [
            [as_bytes(entry_id), [[as_bytes(f), as_bytes(v)] for f, v in _pairs(fields)]]
            for entry_id, fields in reply
        ]
    if kind == "set":
        return sorted(as_bytes(member) for member in reply)
    if kind == "zset":
        return [[as_bytes(member), float(as_str(score))] for member, score in _pairs(reply)]
    if kind == "list":
        return [as_bytes(item) for item in reply]
    return as_bytes(reply)


def _pairs(reply: Any) -> list[tuple[Any, Any]]:
    if isinstance(reply, dict):
        return list(reply.items())
    if reply and isinstance(reply[0], list):
        return [(first, second) for first, second in reply]
    return list(zip(reply[::2], reply[1::2], strict=True))


def write_key(pipe: Any, saved: SavedKey) -> None:
    """Queue the writes that replace one key by its saved contents and absolute expiry."""
    name, contents = saved.name, saved.contents
    pipe.delete(name)
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
    if saved.expires_at_ms:
        pipe.pexpireat(name, saved.expires_at_ms)


def write_data_file(path: Path, saved: list[SavedKey], journal_position: int) -> None:
    """Replace ``path`` by a data file of ``saved`` atomically (temporary file, fsync, rename, fsync of the
    directory), readable by its owner only."""
    data = DataFile(format=FORMAT, saved_at=time.time(), keys=saved, journal_position=journal_position)
    replace_file(path, msgspec.msgpack.encode(data))


def replace_file(path: Path, body: bytes) -> None:
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
    fsync_directory(path.parent)


def fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` survive a power loss."""
    handle = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def read_data_file(path: Path) -> DataFile | None:
    """The data file's contents; None when there is none yet. DataFileError if it is unusable."""
    if not path.exists():
        return None
    check_private(path)
    try:
        data = msgspec.msgpack.decode(path.read_bytes(), type=DataFile)
    except (OSError, msgspec.DecodeError) as error:
        raise DataFileError(f"{path}: not a Papyrus data file ({error}).") from None
    if data.format not in READABLE_FORMATS:
        raise DataFileError(f"{path}: format {data.format!r}, this Papyrus reads {READABLE_FORMATS}.")
    return data


def check_private(path: Path) -> None:
    info = path.stat()
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise DataFileError(f"{path}: owned by another user; refusing to load it.")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise DataFileError(f"{path}: writable by other users; refusing to load it (chmod go-w).")
