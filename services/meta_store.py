"""Game meta (which game, seats, options, status, players), seat tokens, the game index and the lobby.

Meta is a hash: ``doc`` (JSON: id, game, seats, options, public, created_at), ``status`` (written by
``append.lua`` when the game ends) and one ``seat:<n>`` field per taken seat (JSON: name, bot, and the
account holding it, if any), claimed with HSETNX so two players can never take the same seat.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import redis

from services import keys
from services.scripts import as_int, as_str

OPEN, RUNNING, OVER = "open", "running", "over"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class MetaStore:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def create(self, doc: dict[str, Any], created_at: float) -> None:
        game_id = doc["id"]
        pipe = self._redis.pipeline()
        pipe.hset(keys.meta(game_id), mapping={"doc": json.dumps(doc), "status": OPEN})
        pipe.zadd(keys.games(), {game_id: created_at})
        pipe.execute()

    def get(self, game_id: str) -> dict[str, Any] | None:
        raw = {as_str(k): as_str(v) for k, v in self._redis.hgetall(keys.meta(game_id)).items()}
        if "doc" not in raw:
            return None
        doc: dict[str, Any] = json.loads(raw["doc"])
        players = []
        for seat in range(doc["seats"]):
            taken = raw.get(f"seat:{seat}")
            if taken is not None:
                players.append({"seat": seat, **json.loads(taken)})
        return {**doc, "status": raw.get("status", OPEN), "players": players}

    def claim_seat(self, game_id: str, seat: int, name: str, bot: bool, account: str | None = None) -> bool:
        value = json.dumps({"name": name, "bot": bot, **({"account": account} if account else {})})
        return bool(self._redis.hsetnx(keys.meta(game_id), f"seat:{seat}", value))

    def release_seat(self, game_id: str, seat: int) -> None:
        self._redis.hdel(keys.meta(game_id), f"seat:{seat}")

    def status(self, game_id: str) -> str | None:
        raw = self._redis.hget(keys.meta(game_id), "status")
        return as_str(raw) if raw is not None else None

    def mark_running(self, game_id: str) -> bool:
        """Flip open -> running atomically; False if it was not open."""
        with self._redis.pipeline() as pipe:
            try:
                pipe.watch(keys.meta(game_id))  # type: ignore[no-untyped-call]
                current = pipe.hget(keys.meta(game_id), "status")
                if current is None or as_str(current) != OPEN:
                    return False
                pipe.multi()
                pipe.hset(keys.meta(game_id), "status", RUNNING)
                pipe.execute()
                return True
            except redis.WatchError:
                return False

    def save_token(self, game_id: str, token: str, seat: int) -> None:
        self._redis.hset(keys.seat_tokens(game_id), token_digest(token), seat)

    def seat_of(self, game_id: str, token: str) -> int | None:
        raw = self._redis.hget(keys.seat_tokens(game_id), token_digest(token))
        return as_int(raw) if raw is not None else None

    def all_ids(self) -> list[str]:
        return [as_str(game_id) for game_id in self._redis.zrange(keys.games(), 0, -1)]

    def running_ids(self) -> list[str]:
        return sorted(as_str(game_id) for game_id in self._redis.smembers(keys.running_games()))

    def set_running(self, game_id: str, running: bool) -> None:
        if running:
            self._redis.sadd(keys.running_games(), game_id)
        else:
            self._redis.srem(keys.running_games(), game_id)

    def publish_lobby(self, meta: dict[str, Any]) -> None:
        """Show an open public game in the lobby, or take it out once it is not open."""
        if meta["status"] == OPEN and meta["public"]:
            self._redis.hset(keys.lobby(), meta["id"], json.dumps(meta))
        else:
            self._redis.hdel(keys.lobby(), meta["id"])

    def lobby(self) -> list[dict[str, Any]]:
        entries = [json.loads(as_str(v)) for v in self._redis.hvals(keys.lobby())]
        return sorted(entries, key=lambda meta: (meta["created_at"], meta["id"]))
