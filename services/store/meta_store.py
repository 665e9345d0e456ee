"""Game meta (which game, seats, options, status, players), seat tokens, the game index and the lobby.

Meta is a hash: ``doc`` (JSON: id, game, seats, options, public, created_at), ``status`` (written by
``append.lua`` when the game ends), one ``seat:<n>`` field per taken seat (JSON: name, bot, and the
account holding it, if any; the account is never shown), one ``account:<lowercased name>`` field (the seat)
per account seated, one ``name:<casefolded player name>`` field (the seat) per player who joined, and
``table`` (JSON, written by ``append.lua`` with the table's facts: services/table/state.py).
A seat is taken by ``claim.lua`` (game open, account not seated yet, seat free: one step, so two players
never take the same seat, an account never holds two, and a crash never leaves half a claim); a game
starts by ``start.lua`` (open and every seat taken: one step, so a seat left meanwhile is seen).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec
import redis

from services import keys
from services.clocks.config import ClockConfig
from services.results import GameMeta, Player
from services.store.lua_scripts import Scripts
from services.store.replies import as_int, as_str
from services.table.state import decode_table

OPEN, RUNNING, OVER = "open", "running", "over"


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


class _SeatHeld(msgspec.Struct):
    """A ``seat:<n>`` field as :class:`Player` shows it (the account holding it is left out)."""

    name: str
    bot: bool


_decode_doc = msgspec.json.Decoder(dict[str, Any]).decode
_decode_seat = msgspec.json.Decoder(_SeatHeld).decode


def meta_from(reply: dict[Any, Any]) -> GameMeta | None:
    """The meta of a game from the HGETALL of its meta hash (None if the game does not exist)."""
    raw = {as_str(k): v for k, v in reply.items()}
    if "doc" not in raw:
        return None
    doc = _decode_doc(raw["doc"])
    players = []
    for seat in range(doc["seats"]):
        taken = raw.get(f"seat:{seat}")
        if taken is not None:
            held = _decode_seat(taken)
            players.append(Player(seat=seat, name=held.name, bot=held.bot))
    clock = doc.pop("clock", None)
    status = raw.get("status")
    return GameMeta(
        **doc,
        status=as_str(status) if status is not None else OPEN,
        players=players,
        clock=msgspec.convert(clock, ClockConfig) if clock is not None else None,
        table=decode_table(raw.get("table")),
    )


class MetaStore:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def create(self, doc: dict[str, Any], created_at: float) -> None:
        game_id = doc["id"]
        pipe = self._redis.pipeline(transaction=False)  # two shards on a cluster: meta first, then index
        pipe.hset(keys.meta(game_id), mapping={"doc": json.dumps(doc), "status": OPEN})
        pipe.zadd(keys.games(), {game_id: created_at})
        pipe.execute()

    def get(self, game_id: str) -> GameMeta | None:
        return meta_from(self._redis.hgetall(keys.meta(game_id)))

    def claim_seat(self, game_id: str, seat: int, name: str, bot: bool) -> bool:
        """Take ``seat`` for a bot or a guest (HSETNX); False if taken."""
        return bool(
            self._redis.hsetnx(keys.meta(game_id), f"seat:{seat}", json.dumps({"name": name, "bot": bot}))
        )

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

    def publish_lobby(self, meta: GameMeta) -> None:
        """Show an open public game in the lobby, or take it out once it is not open."""
        pipe = self._redis.pipeline(transaction=False)
        if meta.status == OPEN and meta.public:
            pipe.hset(keys.lobby(), meta.id, msgspec.json.encode(meta))
            pipe.zadd(keys.lobby_order(), {meta.id: meta.created_at})
        else:
            pipe.hdel(keys.lobby(), meta.id)
            pipe.zrem(keys.lobby_order(), meta.id)
        pipe.execute()

    def lobby(self) -> list[GameMeta]:
        entries = [_lobby_entry.decode(raw) for raw in self._redis.hvals(keys.lobby())]
        return sorted(entries, key=lambda meta: (meta.created_at, meta.id))


_lobby_entry = msgspec.json.Decoder(GameMeta)
