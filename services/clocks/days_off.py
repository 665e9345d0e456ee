"""The days off of the players holding a game's seats (services/clocks/calendar.py), read from their
accounts' ``days_off`` documents: the clocks of a game take them into account for every seat an account
holds; a seat held by no account (or by a bot) has none."""

from __future__ import annotations

import unicodedata
from typing import Any

import msgspec
import redis

from services import keys
from services.clocks.calendar import Calendar
from services.store.read_batch import Read
from services.store.replies import as_bytes

MOST_SEATS = 16  # the seats' fields a batched read asks for, more than any game seats

_decode_calendar = msgspec.json.Decoder(Calendar).decode


class _Holder(msgspec.Struct):
    account: str | None = None


_decode_holder = msgspec.json.Decoder(_Holder).decode


def account_key(account: str) -> str:
    """The form an account's keys are stored under (as services/players/accounts.py's ``name_key``)."""
    return unicodedata.normalize("NFKC", account).casefold()


class DaysOff:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def of_account(self, account: str) -> Calendar | None:
        raw = self._redis.get(keys.account_days_off(account_key(account)))
        return _decode_calendar(as_bytes(raw)) if raw is not None else None

    def holder(self, game_id: str, seat: int) -> str | None:
        """The account holding ``seat`` (None: a guest or a bot)."""
        raw = self._redis.hget(keys.meta(game_id), f"seat:{seat}")
        return _decode_holder(as_bytes(raw)).account if raw is not None else None

    def of_game(self, game_id: str, seats: int) -> dict[int, Calendar]:
        """The days off of each seat whose account named some (two round trips; one without accounts)."""
        fields = [f"seat:{seat}" for seat in range(seats)]
        held = self._redis.hmget(keys.meta(game_id), fields)
        return self.of_holders(dict(enumerate(held)))

    @staticmethod
    def holders_read(game_id: str) -> Read[dict[int, Any]]:
        """The ``seat:<n>`` fields of a game's meta, as a read to batch (for :meth:`of_holders`)."""

        def queue(pipe: redis.client.Pipeline) -> None:
            pipe.hmget(keys.meta(game_id), [f"seat:{seat}" for seat in range(MOST_SEATS)])

        return Read(
            queue, lambda replies: {seat: raw for seat, raw in enumerate(replies[0]) if raw is not None}
        )

    def of_holders(self, held: dict[int, Any]) -> dict[int, Calendar]:
        """The days off of the accounts in ``seat:<n>`` fields (by seat; None: seat free)."""
        return self._calendars({(0, seat): raw for seat, raw in held.items()}).get(0, {})

    def of_games(self, games: list[tuple[str, int]]) -> list[dict[int, Calendar]]:
        """The days off by seat of each game (id, seats), in two round trips for them all."""
        pipe = self._redis.pipeline(transaction=False)
        for game_id, seats in games:
            pipe.hmget(keys.meta(game_id), [f"seat:{seat}" for seat in range(seats)])
        replies = pipe.execute() if games else []
        held = {(index, seat): raw for index, reply in enumerate(replies) for seat, raw in enumerate(reply)}
        found = self._calendars(held)
        return [found.get(index, {}) for index in range(len(games))]

    def _calendars(self, held: dict[tuple[int, int], Any]) -> dict[int, dict[int, Calendar]]:
        """The days off of the accounts in ``seat:<n>`` fields, by (game, seat): one round trip."""
        accounts = {}
        for where, raw in held.items():
            holder = _decode_holder(as_bytes(raw)).account if raw is not None else None
            if holder:
                accounts[where] = holder
        if not accounts:
            return {}
        pipe = self._redis.pipeline(transaction=False)
        for account in accounts.values():
            pipe.get(keys.account_days_off(account_key(account)))
        found: dict[int, dict[int, Calendar]] = {}
        for (game, seat), raw in zip(accounts, pipe.execute(), strict=True):
            if raw is not None:
                calendar = _decode_calendar(as_bytes(raw))
                if not calendar.empty:
                    found.setdefault(game, {})[seat] = calendar
        return found
