"""Each game's ratings: a projection of its rated finished games, folded in the order they ended.

A job rating a game that ended after every game folded applies it on top (one MULTI); one that ended earlier
refolds the whole table. Jobs of one game take a short lock (``keys.ratings_lock``). So the table is always
the fold of its games by (``ended_at``, game id), which ``papyrus rebuild-ratings`` recreates.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable

import msgspec
import redis

from services import keys
from services.social.finished import FinishedGame, FinishedGames
from services.social.rating_math import RatedResult, Rating, fold
from services.store.replies import as_str

LOCK_MS = 10_000
LOCK_WAIT_SECONDS = 15.0
_decoder = msgspec.json.Decoder(Rating)


class RatingsBusy(Exception):
    """Another job held a game's ratings for too long; the job fails and can be run again."""


def rated_result(summary: FinishedGame) -> RatedResult:
    return RatedResult(
        accounts=[p.account or "" for p in summary.players], places=[p.place for p in summary.players]
    )


def in_order(summaries: Iterable[FinishedGame]) -> list[FinishedGame]:
    return sorted((s for s in summaries if s.rated), key=lambda s: (s.ended_at, s.id))


class Ratings:
    def __init__(self, connection: redis.Redis, finished: FinishedGames) -> None:
        self._redis = connection
        self._finished = finished

    def apply(self, summary: FinishedGame) -> bool:
        """Fold a rated finished game into its game's ratings; False if unrated or already folded."""
        if not summary.rated:
            return False
        token = self._lock(summary.game)
        try:
            if self._redis.zscore(keys.rated_games(summary.game), summary.id) is not None:
                return False
            newest = self._redis.zrevrange(keys.rated_games(summary.game), 0, 0, withscores=True)
            if newest and (float(newest[0][1]), as_str(newest[0][0])) > (summary.ended_at, summary.id):
                self._refold(summary.game, [summary])
            else:
                self._apply_on_top(summary)
            return True
        finally:
            self._unlock(summary.game, token)

    def _apply_on_top(self, summary: FinishedGame) -> None:
        names = [p.account or "" for p in summary.players]
        raws = self._redis.hmget(keys.ratings(summary.game), [name.lower() for name in names])
        table = {name.lower(): _decoder.decode(raw) for name, raw in zip(names, raws, strict=True) if raw}
        folded = fold(table, [rated_result(summary)])
        self._write(summary.game, {name.lower(): folded[name.lower()] for name in names}, [summary], False)

    def _refold(self, game: str, extra: list[FinishedGame]) -> None:
        applied = [as_str(i) for i in self._redis.zrange(keys.rated_games(game), 0, -1)]
        summaries = in_order([*self._finished.many(applied), *extra])
        self._write(game, fold({}, map(rated_result, summaries)), summaries, True)

    def replace_all(self, game: str, summaries: list[FinishedGame]) -> None:
        """The game's table refolded from these finished games only (a rebuild)."""
        ordered = in_order(summaries)
        self._write(game, fold({}, map(rated_result, ordered)), ordered, True)

    def _write(self, game: str, table: dict[str, Rating], games: list[FinishedGame], replace: bool) -> None:
        pipe = self._redis.pipeline(transaction=True)
        if replace:
            pipe.delete(keys.ratings(game), keys.rating_board(game), keys.rated_games(game))
        if table:
            pipe.hset(keys.ratings(game), mapping={k: msgspec.json.encode(r) for k, r in table.items()})
            pipe.zadd(keys.rating_board(game), {k: r.ordinal for k, r in table.items()})
        if games:
            pipe.zadd(keys.rated_games(game), {s.id: s.ended_at for s in games})
        pipe.execute()

    def table(self, game: str) -> dict[str, Rating]:
        raw = self._redis.hgetall(keys.ratings(game))
        return {as_str(k): _decoder.decode(v) for k, v in raw.items()}

    def of(self, game: str, account: str) -> Rating | None:
        raw = self._redis.hget(keys.ratings(game), account.lower())
        return _decoder.decode(raw) if raw is not None else None

    def board(self, game: str, start: int, count: int) -> tuple[int, list[Rating]]:
        """How many players the game's leaderboard holds, and ``count`` of them from ``start`` (0 = best)."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zcard(keys.rating_board(game))
        pipe.zrevrange(keys.rating_board(game), start, start + count - 1)
        total, members = pipe.execute()
        if not members:
            return int(total), []
        raws = self._redis.hmget(keys.ratings(game), members)
        return int(total), [_decoder.decode(raw) for raw in raws if raw is not None]

    def _lock(self, game: str) -> str:
        token = secrets.token_hex(8)
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while not self._redis.set(keys.ratings_lock(game), token, nx=True, px=LOCK_MS):
            if time.monotonic() > deadline:
                raise RatingsBusy(f"the ratings of {game} stayed locked for {LOCK_WAIT_SECONDS} s")
            time.sleep(0.02)
        return token

    def _unlock(self, game: str, token: str) -> None:
        held = self._redis.get(keys.ratings_lock(game))
        if held is not None and as_str(held) == token:
            self._redis.delete(keys.ratings_lock(game))
