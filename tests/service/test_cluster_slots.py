"""No cross-slot access anywhere, so the store runs on a Redis Cluster.

Every Lua script names the keys it touches only through ``KEYS``, and every command the service sends while
games are created, joined, left, played, swept, compacted, archived and examined (scripts, transactions,
multi-key commands) stays within one hash slot, recorded on fakeredis. RQ runs on a Redis of its own here, as
beside a cluster.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from hashlib import sha1
from importlib import resources
from pathlib import Path
from typing import Any

import fakeredis
import pytest
from fakeredis._socket._base import BaseFakeSocket
from fakeredis.commands_mixins.scripting_mixin import ScriptingCommandsMixin
from redis.crc import key_slot

from services.game_service import GameService
from services.inputs import TableTerms
from services.operations.doctor import Doctor
from services.settings import Settings
from services.store import compaction
from services.store.lua_scripts import source
from tests.support.harness import FakeClock, drain, new_game, play_out, sweep_later
from workers import context

LUA_DIR = Path(str(resources.files("services.store").joinpath("lua")))
SERVICES = LUA_DIR.parents[1]  # every Lua script under services/, wherever it lives
SCRIPTS_ON_THE_STORE = (
    "append",
    "submit",
    "project",
    "compact_finished",
    "compact",
    "archive_game",
    "claim",
    "start",
)  # each run below
EMBEDDED_ONLY = {"snapshot"}  # the embedded store's data file (services/store/data_file.py) only
# Commands redis-py's RedisCluster splits by slot itself (ClusterMultiKeyCommands): one slot each on the wire.
SPLIT_BY_CLIENT = {"del", "unlink", "exists", "touch"}
SCRIPT_COMMANDS = {"eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro"}
KEY_SPECS: dict[str, list[Any]] = json.loads(
    Path(fakeredis.__file__).with_name("commands.json").read_text("utf-8")
)
CALL = re.compile(r"redis\.p?call\(\s*'(\w+)'\s*(?:,\s*([^,)]+))?")


def command_keys(name: str, args: list[bytes]) -> list[bytes]:
    """The keys of one command, by Redis's own key positions (``args`` without the command name)."""
    if name in SCRIPT_COMMANDS:
        return args[2 : 2 + int(args[1])]
    if name in ("xread", "xreadgroup"):
        upper = [arg.upper() for arg in args]
        rest = args[upper.index(b"STREAMS") + 1 :]
        return rest[: len(rest) // 2]
    spec = KEY_SPECS.get(name)
    assert spec is not None, f"unknown command {name}: say where its keys are"
    flags, first, last, step = spec[2], spec[3], spec[4], spec[5]
    assert "movablekeys" not in flags, f"{name} has movable keys: say where they are"
    if first == 0:
        return []
    stop = len(args) if last < 0 else last
    return args[first - 1 : stop : step]


def slots(names: list[bytes]) -> set[int]:
    return {key_slot(name) for name in names}


@dataclass
class StoreTraffic:
    """What reached the store's server: commands, transactions and scripts with their keys."""

    server: Any
    commands: list[tuple[str, list[bytes]]] = field(default_factory=list)
    transactions: list[list[bytes]] = field(default_factory=list)
    scripts: list[tuple[list[bytes], list[tuple[str, list[bytes]]]]] = field(default_factory=list)
    open_transactions: dict[int, list[bytes]] = field(default_factory=dict)
    script_shas: set[bytes] = field(default_factory=set)

    def command(self, socket: Any, fields: list[bytes]) -> None:
        name, args = fields[0].decode().lower(), list(fields[1:])
        if name == "command":
            return
        found = command_keys(name, args)
        self.commands.append((name, found))
        if name in SCRIPT_COMMANDS:
            self.scripts.append((found, []))
            self.script_shas.add(args[0])
        if name in ("multi", "watch"):
            self.open_transactions.setdefault(id(socket), []).extend(found)
        elif name in ("exec", "discard", "unwatch"):
            self.transactions.append(self.open_transactions.pop(id(socket), []))
        elif id(socket) in self.open_transactions:
            self.open_transactions[id(socket)].extend(found)

    def script_call(self, name: str, args: list[bytes]) -> None:
        self.scripts[-1][1].append((name, command_keys(name, args)))


@pytest.fixture
def traffic(monkeypatch: pytest.MonkeyPatch) -> StoreTraffic:
    recorded = StoreTraffic(fakeredis.FakeServer())
    process, lua_call = BaseFakeSocket._process_command, ScriptingCommandsMixin._lua_redis_call

    def processing(socket: Any, fields: list[bytes]) -> None:
        if fields and socket._server is recorded.server:
            recorded.command(socket, fields)
        process(socket, fields)

    def calling(socket: Any, runtime: Any, expected: set[Any], op: bytes, *args: Any) -> Any:
        if socket._server is recorded.server:
            raw = [arg if isinstance(arg, bytes) else str(arg).encode() for arg in args]
            recorded.script_call(bytes(op).decode().lower(), raw)
        return lua_call(socket, runtime, expected, op, *args)

    monkeypatch.setattr(BaseFakeSocket, "_process_command", processing)
    monkeypatch.setattr(ScriptingCommandsMixin, "_lua_redis_call", calling)
    return recorded


@pytest.fixture
def cluster_like_service(
    traffic: StoreTraffic, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[GameService]:
    monkeypatch.setattr(compaction, "COMPACT_AFTER", 4)  # a toy game is short: compact its events even so
    store = fakeredis.FakeRedis(server=traffic.server)
    rq = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    settings = Settings(  # snapshots compact events; finished games are archived to a directory at once
        clock=clock, queue_name="papyrus-slots", snapshot_every=2, archive_url=str(tmp_path), archive_after=0
    )
    service = GameService(store, settings, rq_connection=rq)
    context.register(service)
    yield service
    store.close()
    rq.close()


def test_every_lua_script_names_its_keys_only_through_KEYS() -> None:
    scripts = {path: path.stem for path in SERVICES.rglob("*.lua")}
    assert set(scripts.values()) >= {*SCRIPTS_ON_THE_STORE, *EMBEDDED_ONLY}
    for path, name in sorted(scripts.items()):
        if path.parent == LUA_DIR and name in EMBEDDED_ONLY:
            continue
        calls = CALL.findall(path.read_text("utf-8"))
        assert calls, f"{path} calls nothing?"
        for command, first_arg in calls:
            spec = KEY_SPECS[command.lower()]
            if spec[3] > 0:
                assert first_arg.strip().startswith("KEYS["), f"{path}: {command} on {first_arg!r}"


def test_the_embedded_only_script_is_used_by_the_embedded_data_file_alone() -> None:
    users = [
        path
        for path in SERVICES.rglob("*.py")
        if re.search(r"source\(\s*\"snapshot\"\s*\)", path.read_text("utf-8"))
    ]
    assert users == [SERVICES / "store" / "data_file.py"]


def test_nothing_the_service_sends_crosses_a_hash_slot(
    cluster_like_service: GameService, traffic: StoreTraffic, clock: FakeClock
) -> None:
    service = cluster_like_service
    game_id, _ = new_game(service, seats=3, hand=3)
    play_out(service, game_id)
    service.wait_version(game_id, after=service.view(game_id, None).version, timeout=0.01)
    bots_game, _ = new_game(service, seats=2, bots=True)
    drain(service)
    private = service.create_game("toy", 2, {"hand": 2}, terms=TableTerms(public=False))
    assert private.invite is not None
    joined = service.join(private.id, "P0", invite=private.invite)
    service.seating.leave(private.id, joined.seat)
    service.accounts.register("slotty", "a long enough password")
    with pytest.raises(Exception, match=r"(?i)login|name|password"):
        service.accounts.login("slotty", "wrong password!!", "127.0.0.1")
    sweep_later(service, clock)
    Doctor(service).examine(clock())
    assert service.archive.archive_due() >= 1 and service.archive.reader.entry(game_id) is not None
    assert service.meta(game_id).status == "over" and service.meta(bots_game).status in ("running", "over")

    for declared, inside in traffic.scripts:
        assert len(slots(declared)) == 1, f"a script declared keys of several slots: {declared}"
        for name, touched in inside:
            assert set(touched) <= set(declared), f"{name} inside a script touched undeclared {touched}"
    for transaction in traffic.transactions:
        assert len(slots(transaction)) <= 1, f"a transaction spans slots: {transaction}"
    for name, found in traffic.commands:
        if name not in SPLIT_BY_CLIENT:
            assert len(slots(found)) <= 1, f"{name} spans slots: {found}"
    assert {name for name, _ in traffic.commands} >= {"evalsha", "hset", "zadd", "xrange", "xread"}
    every_script = {sha1(source(name).encode()).hexdigest(): name for name in SCRIPTS_ON_THE_STORE}
    assert {every_script.get(sha.decode()) for sha in traffic.script_shas} >= set(SCRIPTS_ON_THE_STORE)
