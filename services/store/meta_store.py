"""Game meta (which game, seats, options, status, players), seat tokens, the game index and the lobby.

Meta is a hash: ``doc`` (the game's JSON), ``status``, a ``seat:<n>`` field per taken seat (name, bot, the
account, never shown), ``account:<name>`` and ``name:<casefolded name>`` fields (their seat), ``creator``
(an account), ``table`` (by ``append.lua``). ``claim.lua`` takes a seat and ``start.lua`` starts a game,
each in one step: no race leaves half a change. How a meta reads is given to the store
(services/results.py).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

import msgspec
import redis

from services import keys
from services.store.lua_scripts import Scripts
from services.store.read_batch import Read
from services.store.replies import as_int, as_str

OPEN, RUNNING, OVER = "open", "running", "over"
CREATOR = "creator"  # the meta field naming the account that created the game (never shown)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def name_field(folded_name: str) -> str:
    """The meta field holding the seat of the player of that name (casefolded: no two players share one)."""
    return f"name:{folded_name}"


def account_field(account: str) -> str:
    """The meta field holding the seat of ``account`` (names are unique case-insensitively)."""
    return f"account:{account.lower()}"


class Claim(NamedTuple):
    """``claim.lua``'s answer: status 1 taken, 0 every seat tried is taken, -1 the game is not open, -2 the
    account already holds ``seat``, -3 the player at ``seat`` has that name already."""

    status: int
    seat: int


class Listed(Protocol):
    """What the lobby needs of a game's meta."""

    id: str
    status: str
    public: bool
    created_at: float


M = TypeVar("M", bound=Listed)


class MetaStore(Generic[M]):
    """``decode`` reads a game's meta from the HGETALL of its hash (None if the game does not exist);
    ``listed`` is the type a lobby entry is encoded from and decoded to."""

    def __init__(
        self, connection: redis.Redis, decode: Callable[[dict[Any, Any]], M | None], listed: type[M]
    ) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)
        self._decode = decode
        self._lobby_entry = msgspec.json.Decoder(listed)

    def create(self, doc: dict[str, Any], created_at: float, creator: str | None = None) -> None:
        """Store a new open game; ``creator``: the account that created it (its seat may start it)."""
        game_id = doc["id"]
        pipe = self._redis.pipeline(transaction=False)  # two shards on a cluster: meta first, then index
        pipe.hset(keys.meta(game_id), mapping={"doc": json.dumps(doc), "status": OPEN})
        if creator:
            pipe.hset(keys.meta(game_id), CREATOR, creator.lower())
        pipe.zadd(keys.games(), {game_id: created_at})
        pipe.execute()

    def get(self, game_id: str) -> M | None:
        return self._decode(self._redis.hgetall(keys.meta(game_id)))

    def read(self, game_id: str) -> Read[M | None]:
        """:meth:`get` as a read to batch."""
        return Read(lambda pipe: pipe.hgetall(keys.meta(game_id)), lambda replies: self._decode(replies[0]))

    def claim_seat(self, game_id: str, seat: int, name: str, bot: bool, level: str = "") -> bool:
        """Take ``seat`` for a bot of ``level`` or a guest (HSETNX); False if taken."""
        held = {"name": name, "bot": bot, **({"level": level} if level else {})}
        return bool(self._redis.hsetnx(keys.meta(game_id), f"seat:{seat}", json.dumps(held)))

    def claim(
        self, game_id: str, seats: Sequence[int], name: str, account: str | None, folded_name: str
    ) -> Claim:
        """Take the first free seat of ``seats`` for a player (held by ``account`` if given) in one step,
        unless another player of the game has the name (``folded_name``: compared casefolded)."""
        value = json.dumps({"name": name, "bot": False, **({"account": account} if account else {})})
        field = account_field(account) if account else ""
        args: list[str | int] = [value, field, name_field(folded_name), *seats]
        result = self._scripts.claim(keys=[keys.meta(game_id)], args=args)
        return Claim(as_int(result[0]), as_int(result[1]))

    def status(self, game_id: str) -> str | None:
        raw = self._redis.hget(keys.meta(game_id), "status")
        return as_str(raw) if raw is not None else None

    def start_if_full(self, game_id: str, seats: int) -> int:
        """Flip open -> running if every seat is taken, in one step: 1 started, 0 not open, else
        ``-1 - <first empty seat>``."""
        return as_int(self._scripts.start(keys=[keys.meta(game_id)], args=[seats]))

    def all_ids(self) -> list[str]:
        return [as_str(game_id) for game_id in self._redis.zrange(keys.games(), 0, -1)]

    def running_ids(self) -> list[str]:
        return sorted(as_str(game_id) for game_id in self._redis.smembers(keys.running_games()))

    def set_running(self, game_id: str, running: bool) -> None:
        if running:
            self._redis.sadd(keys.running_games(), game_id)
        else:
            self._redis.srem(keys.running_games(), game_id)

    def publish_lobby(self, meta: M) -> None:
        """Show an open public game in the lobby, or take it out once it is not open."""
        pipe = self._redis.pipeline(transaction=False)
        if meta.status == OPEN and meta.public:
            pipe.hset(keys.lobby(), meta.id, msgspec.json.encode(meta))
            pipe.zadd(keys.lobby_order(), {meta.id: meta.created_at})
        else:
            pipe.hdel(keys.lobby(), meta.id)
            pipe.zrem(keys.lobby_order(), meta.id)
        pipe.execute()

    def lobby(self) -> list[M]:
        entries = [self._lobby_entry.decode(raw) for raw in self._redis.hvals(keys.lobby())]
        return sorted(entries, key=lambda meta: (meta.created_at, meta.id))
