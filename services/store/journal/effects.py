"""Which store commands the journal records, the keys each writes, and how a command becomes a record that
replays to the same result.

Writes to Papyrus keys are recorded (RQ's are left out, as the data file leaves them). Most replay as sent; an
``XADD`` records the entry id it got; a write whose replay could differ (``RESTORE`` of a fakeredis pickle,
``SPOP``) is recorded as the contents of the keys it wrote. The journal adds every touched key's absolute
expiry. Any other write to a Papyrus key is refused before it runs.
"""

from __future__ import annotations

from collections.abc import Callable

from fakeredis.model import is_write_command

from services import keys

KeyRule = Callable[[list[bytes]], list[bytes]]


def _first(args: list[bytes]) -> list[bytes]:
    return args[:1]


def _every(args: list[bytes]) -> list[bytes]:
    return list(args)


def _first_two(args: list[bytes]) -> list[bytes]:
    return args[:2]


def _every_other(args: list[bytes]) -> list[bytes]:
    return args[::2]


def _none(args: list[bytes]) -> list[bytes]:
    return []


_FIRST_KEY = (
    "set",
    "setnx",
    "setex",
    "psetex",
    "getset",
    "getdel",
    "getex",
    "append",
    "setrange",
    "incr",
    "incrby",
    "incrbyfloat",
    "decr",
    "decrby",
    "expire",
    "pexpire",
    "expireat",
    "pexpireat",
    "persist",
    "hset",
    "hsetnx",
    "hmset",
    "hdel",
    "hincrby",
    "hincrbyfloat",
    "xadd",
    "xtrim",
    "xdel",
    "zadd",
    "zrem",
    "zincrby",
    "zremrangebyscore",
    "zremrangebyrank",
    "zremrangebylex",
    "zpopmin",
    "zpopmax",
    "sadd",
    "srem",
    "rpush",
    "lpush",
    "rpushx",
    "lpushx",
    "lpop",
    "rpop",
    "lrem",
    "ltrim",
    "lset",
    "linsert",
)
REPLAYED: dict[str, KeyRule] = {
    **dict.fromkeys(_FIRST_KEY, _first),
    **dict.fromkeys(("del", "unlink"), _every),
    **dict.fromkeys(("rename", "renamenx", "copy", "smove", "lmove", "rpoplpush"), _first_two),
    **dict.fromkeys(("mset", "msetnx"), _every_other),
    **dict.fromkeys(("flushdb", "flushall"), _none),
}
IMAGED: dict[str, KeyRule] = {"restore": _first, "spop": _first}
_PREFIX = f"{keys.PREFIX}:".encode()


def is_papyrus_key(name: bytes) -> bool:
    return name.startswith(_PREFIX)


def written_keys(name: str, args: list[bytes]) -> list[bytes] | None:
    """The Papyrus keys a recordable write touches (empty for FLUSHDB/FLUSHALL, which touch all); None
    when the command is not a write the journal records."""
    rule = REPLAYED.get(name) or IMAGED.get(name)
    if rule is None:
        return None
    touched = rule(args)
    if rule is _none:
        return []
    papyrus = [key for key in touched if is_papyrus_key(key)]
    return papyrus or None


def is_imaged(name: str) -> bool:
    return name in IMAGED


def refusal(name: str, args: list[bytes]) -> str | None:
    """Why the store must refuse this command before it runs, if it writes to a Papyrus key in a way the
    journal cannot record."""
    if name in REPLAYED or name in IMAGED or not is_write_command(name.encode()):
        return None
    if any(is_papyrus_key(arg) for arg in args):
        return f"ERR the embedded store's journal cannot record {name.upper()}; Papyrus must not use it"
    return None


def replayable(name: str, args: list[bytes], result: object) -> list[bytes] | None:
    """The command as the journal keeps it (None: nothing to replay, an XADD that created nothing)."""
    if name != "xadd":
        return [name.upper().encode(), *args]
    if not isinstance(result, bytes):
        return None
    index = _xadd_id_index(args)
    return [b"XADD", *args[:index], result, *args[index + 1 :]]


def _xadd_id_index(args: list[bytes]) -> int:
    """Where the entry id sits in XADD's arguments: after the key and its options."""
    index = 1
    while index < len(args):
        option = args[index].upper()
        if option == b"NOMKSTREAM":
            index += 1
        elif option in (b"MAXLEN", b"MINID"):
            index += 3 if args[index + 1] in (b"=", b"~") else 2
        elif option == b"LIMIT":
            index += 2
        else:
            return index
    raise ValueError("XADD without an entry id")
