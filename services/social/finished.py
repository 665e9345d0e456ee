"""The index of finished games: one summary per game (players, places, scores, fates, when it ended), listed
by game, by player and overall, from which the archive, the profiles and the ratings read.

A summary is computed from the game's meta and log only (:func:`summarise`), so the index is a projection:
``papyrus rebuild-ratings`` recreates it from the finished games' logs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
import redis

from domain import registry
from domain.registry import get_game
from services import keys
from services.parts import Parts
from services.players.accounts import name_key
from services.social.standing import PLAYED, places, seat_fates
from services.store.meta_store import OVER
from services.store.records import epoch_of
from services.store.replies import as_int, as_str
from services.store.state_cache import fold_records

ACCOUNT_FIELD = "account:"


class FinishedSeat(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One seat of a finished game as the index stores it: ``place`` 1 = winner (a resigned or timed-out
    seat is placed last), ``fate`` ``played``, ``resigned`` or ``timed_out``; ``account`` the key (lowercased
    login name) of the account that held it. Stored only: answers show :class:`ArchivedSeat`."""

    seat: int
    name: str
    bot: bool
    place: int
    score: int
    fate: str
    account: str | None = None


class FinishedGame(msgspec.Struct, kw_only=True):
    """A finished game: ``ended_at`` (epoch seconds) is the time of its last event; ``rated`` says whether
    it counts for the ratings (every seat held by an account, no bot, not a friendly game); ``public``
    false for a private game (left out of the archive and of profiles' lists, counted all the same)."""

    id: str
    game: str
    title: str
    seats: int
    created_at: float
    ended_at: float
    version: int
    rated: bool
    players: list[FinishedSeat]
    public: bool = True


class ArchivedSeat(msgspec.Struct, kw_only=True):
    """One seat of a finished game: the name it played under, ``player`` the display name of the account
    that held it (its profile: ``/players/<player>``; null for a guest or a bot), its final ``place`` (1 =
    winner; a resigned or timed-out seat is placed last), ``score`` and ``fate`` (``played``, ``resigned``,
    ``timed_out``)."""

    seat: int
    name: str
    bot: bool
    place: int
    score: int
    fate: str
    player: str | None


class ArchivedGame(msgspec.Struct, kw_only=True):
    """A finished game: ``ended_at`` (epoch seconds) the time of its last event, ``version`` its final
    version (its history opens there), ``rated`` whether it counted for the ratings."""

    id: str
    game: str
    title: str
    seats: int
    created_at: float
    ended_at: float
    version: int
    rated: bool
    players: list[ArchivedSeat]


def archived(summary: FinishedGame, display_name: Callable[[str], str | None]) -> ArchivedGame:
    """The summary as answered: each account shown by its display name, never its login name."""
    seats = [
        ArchivedSeat(
            seat=p.seat,
            name=p.name,
            bot=p.bot,
            place=p.place,
            score=p.score,
            fate=p.fate,
            player=display_name(p.account) if p.account else None,
        )
        for p in summary.players
    ]
    fields = msgspec.structs.asdict(summary)
    fields.pop("public")
    return ArchivedGame(**{**fields, "players": seats})


def is_rated(players: list[FinishedSeat], friendly: bool) -> bool:
    return not friendly and len(players) >= 2 and all(p.account and not p.bot for p in players)


def summarise(parts: Parts, game_id: str) -> FinishedGame | None:
    """The summary of a finished game from its meta and log; None if the game is not over (or is a game
    this server no longer hosts)."""
    meta = parts.meta.get(game_id)
    if meta is None or meta.status != OVER or meta.game not in registry.games():
        return None
    game = get_game(meta.game)
    records = parts.store.read(game_id)  # read once: the state is folded from the records the fates need
    result = game.result(fold_records(game, records, None)) if records else None
    if result is None:
        return None
    fates = seat_fates(meta, records, parts.inbox.all(game_id), parts.inbox.outcomes(game_id))
    placed = places(list(result.ranking), fates)
    names = meta.seat_names()
    held = {player.seat: player for player in meta.players}
    accounts = seat_accounts(parts.redis.hgetall(keys.meta(game_id)))
    players = [
        FinishedSeat(
            seat=seat,
            name=names[seat],
            bot=bool(held[seat].bot) if seat in held else False,
            place=placed[seat],
            score=result.scores[seat],
            fate=fates[seat],
            account=accounts.get(seat),
        )
        for seat in range(meta.seats)
    ]
    return FinishedGame(
        id=game_id,
        game=meta.game,
        title=game.title,
        seats=meta.seats,
        created_at=meta.created_at,
        ended_at=epoch_of(records[-1].at),
        version=records[-1].seq,
        rated=is_rated(players, friendly=not meta.rated),
        players=players,
        public=meta.public,
    )


def seat_accounts(meta_hash: dict[Any, Any]) -> dict[int, str]:
    """Seat -> account key, from the game's meta hash (its ``account:<key>`` fields: the store keeps who
    holds a seat, answers never show it)."""
    held = {}
    for field, seat in meta_hash.items():
        name = as_str(field)
        if name.startswith(ACCOUNT_FIELD):
            held[as_int(seat)] = name[len(ACCOUNT_FIELD) :]
    return held


def won(seat: FinishedSeat) -> bool:
    return seat.place == 1 and seat.fate == PLAYED


_decoder = msgspec.json.Decoder(FinishedGame)


@dataclass(frozen=True)
class Window:
    """Which finished games to list: ``since``/``until`` epoch seconds of their end (inclusive)."""

    since: float | None = None
    until: float | None = None


class FinishedGames:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def record(self, summary: FinishedGame) -> None:
        """Index a finished game (idempotent: the same summary written again changes nothing)."""
        pipe = self._redis.pipeline(transaction=True)
        pipe.hset(keys.finished_docs(), summary.id, msgspec.json.encode(summary))
        pipe.zadd(keys.finished_index(), {summary.id: summary.ended_at})
        pipe.zadd(keys.finished_index(summary.game), {summary.id: summary.ended_at})
        pipe.execute()
        for player in summary.players:
            if player.account:
                key = keys.account_finished(name_key(player.account))
                self._redis.zadd(key, {summary.id: summary.ended_at})

    def get(self, game_id: str) -> FinishedGame | None:
        raw = self._redis.hget(keys.finished_docs(), game_id)
        return _decoder.decode(raw) if raw is not None else None

    def many(self, game_ids: list[str]) -> list[FinishedGame]:
        if not game_ids:
            return []
        raws = self._redis.hmget(keys.finished_docs(), game_ids)
        return [_decoder.decode(raw) for raw in raws if raw is not None]

    def ids(self, game: str | None, player: str | None, window: Window) -> list[str]:
        """Finished game ids, newest first: a player's (by account name), a game's, or all."""
        key = keys.account_finished(name_key(player)) if player else keys.finished_index(game)
        low = "-inf" if window.since is None else window.since
        high = "+inf" if window.until is None else window.until
        return [as_str(game_id) for game_id in self._redis.zrevrangebyscore(key, high, low)]

    def forget_all(self) -> None:
        """Drop the whole index (before a rebuild)."""
        doomed = [keys.finished_docs(), keys.finished_index()]
        raws = self._redis.hvals(keys.finished_docs())
        for raw in raws:
            summary = _decoder.decode(raw)
            doomed.append(keys.finished_index(summary.game))
            doomed += [keys.account_finished(name_key(p.account)) for p in summary.players if p.account]
        for key in dict.fromkeys(doomed):
            self._redis.delete(key)
