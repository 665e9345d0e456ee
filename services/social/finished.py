"""The index of finished games: one summary per game (players, places, scores, fates, when it ended), listed
by game, by player and overall, from which the archive, the profiles and the ratings read.

A summary is computed from the game's meta and log only (:func:`summarise`), so the index is a projection:
``papyrus rebuild-ratings`` recreates it from the finished games' logs. Its places are the table's standings
(services/table/ranking.py), the ones the game page and the notifications show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec
import redis

from domain import registry
from domain.registry import get_game
from services import keys
from services.players.accounts import name_key
from services.results import GameMeta
from services.social.standing import seat_fates
from services.store.command_inbox import CommandInbox
from services.store.event_store import EventStore
from services.store.meta_store import OVER, MetaStore
from services.store.records import CommandRecord, EventRecord, OutcomeRecord, epoch_of
from services.store.replies import as_bytes, as_int, as_str
from services.table.ranking import standings
from services.table.state import table_at
from services.table.state_cache import fold_records

ACCOUNT_FIELD = "account:"


class UnfinishedLog(Exception):
    """A game whose meta says it is over but whose log does not end it: nothing is recorded, and the job
    that records it fails (and is run again) rather than forget the game."""


# The index stores summaries under one-letter keys (a field missing here keeps its name); stored_summary.
SEAT_KEYS = {"seat": "s", "name": "n", "bot": "b", "place": "p", "score": "c", "fate": "f", "account": "a"}
GAME_KEYS = {
    "id": "i",
    "game": "g",
    "title": "t",
    "seats": "n",
    "created_at": "c",
    "ended_at": "e",
    "version": "v",
    "rated": "r",
    "players": "p",
    "public": "u",
    "abandoned": "x",
}


class FinishedSeat(msgspec.Struct, kw_only=True, omit_defaults=True, rename=SEAT_KEYS):
    """One seat of a finished game as the index stores it: ``place`` 1 = first, equal places shared (a seat
    that resigned or forfeited shares the last), ``fate`` ``played``, ``resigned`` or ``timed_out``;
    ``account`` the key (lowercased login name) of the account that held it. Stored only: answers show
    :class:`ArchivedSeat`."""

    seat: int
    name: str
    bot: bool
    place: int
    score: int
    fate: str
    account: str | None = None


class FinishedGame(msgspec.Struct, kw_only=True, omit_defaults=True, rename=GAME_KEYS):
    """A finished game: ``ended_at`` (epoch seconds) is the time of its last event; ``rated`` says whether
    it counts for the ratings (every seat held by an account, no bot, not a friendly game, not abandoned);
    ``abandoned`` that no player was still playing it at its end (nobody won); ``public`` false for a
    private game (left out of the archive and of profiles' lists, counted all the same)."""

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
    abandoned: bool = False


class ArchivedSeat(msgspec.Struct, kw_only=True):
    """One seat of a finished game: the name it played under, ``player`` the display name of the account
    that held it and ``player_id`` its public id (its profile: ``/profiles/<player_id>``; both null for a
    guest or a bot), its final ``place`` (1 =
    first; equal places are shared; a seat that resigned or forfeited shares the last; every seat shares
    1 in an abandoned game, which nobody won), ``score`` and ``fate`` (``played``, ``resigned``, or
    ``timed_out``: its time ran out at least once)."""

    seat: int
    name: str
    bot: bool
    place: int
    score: int
    fate: str
    player: str | None
    player_id: str | None = None


class ArchivedGame(msgspec.Struct, kw_only=True):
    """A finished game: ``ended_at`` (epoch seconds) the time of its last event, ``version`` its final
    version (its history opens there), ``rated`` whether it counted for the ratings, ``abandoned`` whether
    no player was still playing it at its end (then nobody won and it is not rated)."""

    id: str
    game: str
    title: str
    seats: int
    created_at: float
    ended_at: float
    version: int
    rated: bool
    players: list[ArchivedSeat]
    abandoned: bool = False


def archived(
    summary: FinishedGame,
    display_name: Callable[[str], str | None],
    public_id: Callable[[str], str | None] = lambda account: None,
) -> ArchivedGame:
    """The summary as answered: each account shown by its display name and public id, never its login
    name."""
    seats = []
    for p in summary.players:
        player = display_name(p.account) if p.account else None
        seats.append(
            ArchivedSeat(
                seat=p.seat,
                name=p.name,
                bot=p.bot,
                place=p.place,
                score=p.score,
                fate=p.fate,
                player=player,
                player_id=public_id(p.account) if p.account and player is not None else None,
            )
        )
    fields = msgspec.structs.asdict(summary)
    fields.pop("public")
    return ArchivedGame(**{**fields, "players": seats})


def is_rated(players: list[FinishedSeat], friendly: bool) -> bool:
    return not friendly and len(players) >= 2 and all(p.account and not p.bot for p in players)


class GameRecords(Protocol):
    """Where a finished game's summary is read from while it is in Redis: its meta, log and commands."""

    @property
    def redis(self) -> redis.Redis: ...

    @property
    def meta(self) -> MetaStore[GameMeta]: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def inbox(self) -> CommandInbox: ...


def summarise(stored: GameRecords, game_id: str) -> FinishedGame | None:
    """The summary of a finished game from its meta and log in Redis; None if the game is not over, not in
    Redis (an archived game's comes from :func:`summary_of` its archived log) or no longer hosted;
    :class:`UnfinishedLog` if its meta says over but its log does not end it."""
    meta = stored.meta.get(game_id)
    if meta is None or meta.status != OVER or meta.game not in registry.games():
        return None
    records = stored.store.read(game_id)  # read once: the state is folded from the records the fates need
    commands, outcomes = stored.inbox.all(game_id), stored.inbox.outcomes(game_id)
    accounts = seat_accounts(stored.redis.hgetall(keys.meta(game_id)))
    return summary_of(meta, records, commands, outcomes, accounts)


def summary_of(
    meta: GameMeta,
    records: list[EventRecord],
    commands: list[tuple[str, CommandRecord]],
    outcomes: dict[str, OutcomeRecord],
    accounts: dict[int, str],
) -> FinishedGame | None:
    """The summary of a finished game from its meta, log and the accounts holding its seats, with the
    table's standings (a game ended by resignations too); None for a game this server no longer hosts;
    :class:`UnfinishedLog` if its meta says over but its log does not end it."""
    if meta.status != OVER or meta.game not in registry.games():
        return None
    game = get_game(meta.game)
    state = fold_records(game, records, None) if records else None
    result = standings(game.result(state), table_at(records)) if state is not None else None
    if result is None:
        raise UnfinishedLog(f"game {meta.id} is over, but its log of {len(records)} records does not end it")
    fates = seat_fates(meta, records, commands, outcomes)
    names = meta.seat_names()
    held = {player.seat: player for player in meta.players}
    players = [
        FinishedSeat(
            seat=seat,
            name=names[seat],
            bot=bool(held[seat].bot) if seat in held else False,
            place=result.places[seat],
            score=result.scores[seat],
            fate=fates[seat],
            account=accounts.get(seat),
        )
        for seat in range(meta.seats)
    ]
    return FinishedGame(
        id=meta.id,
        game=meta.game,
        title=game.title,
        seats=meta.seats,
        created_at=meta.created_at,
        ended_at=epoch_of(records[-1].at),
        version=records[-1].seq,
        rated=not result.abandoned and is_rated(players, friendly=not meta.rated),
        players=players,
        public=meta.public,
        abandoned=result.abandoned,
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


def won(game: FinishedGame, seat: FinishedSeat) -> bool:
    """First place (alone or shared) in a game that was not abandoned."""
    return seat.place == 1 and not game.abandoned


_decoder = msgspec.msgpack.Decoder(FinishedGame)


def stored_summary(summary: FinishedGame) -> bytes:
    """A summary as the index stores it: MessagePack under one-letter keys, under half its JSON (it is most
    of what Redis keeps of an archived game)."""
    return msgspec.msgpack.encode(summary)


def summary_from(raw: bytes) -> FinishedGame:
    """A stored summary; one stored under its fields' full names (JSON or MessagePack) still reads."""
    if raw[:1] != b"{":
        try:
            return _decoder.decode(raw)
        except msgspec.ValidationError:
            pass
    stored = msgspec.json.decode(raw) if raw[:1] == b"{" else msgspec.msgpack.decode(raw)
    short = {GAME_KEYS.get(key, key): value for key, value in stored.items()}
    short["p"] = [{SEAT_KEYS.get(key, key): value for key, value in seat.items()} for seat in short["p"]]
    return msgspec.convert(short, FinishedGame)


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
        pipe.hset(keys.finished_docs(), summary.id, stored_summary(summary))
        pipe.zadd(keys.finished_index(), {summary.id: summary.ended_at})
        pipe.zadd(keys.finished_index(summary.game), {summary.id: summary.ended_at})
        pipe.execute()
        for player in summary.players:
            if player.account:
                key = keys.account_finished(name_key(player.account))
                self._redis.zadd(key, {summary.id: summary.ended_at})

    def get(self, game_id: str) -> FinishedGame | None:
        raw = self._redis.hget(keys.finished_docs(), game_id)
        return summary_from(as_bytes(raw)) if raw is not None else None

    def many(self, game_ids: list[str]) -> list[FinishedGame]:
        if not game_ids:
            return []
        raws = self._redis.hmget(keys.finished_docs(), game_ids)
        return [summary_from(as_bytes(raw)) for raw in raws if raw is not None]

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
            summary = summary_from(as_bytes(raw))
            doomed.append(keys.finished_index(summary.game))
            doomed += [keys.account_finished(name_key(p.account)) for p in summary.players if p.account]
        for key in dict.fromkeys(doomed):
            self._redis.delete(key)
