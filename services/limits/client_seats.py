"""Seats per anonymous client: a client that is not logged in may take at most
``PAPYRUS_ANONYMOUS_SEATS_PER_GAME`` seats of a game another client created, so one client cannot fill someone
else's game; its own game it may fill (several players at one screen).

A client is its address, digested. One hash per game (``keys.client_seats``) holds the creator, the seats each
client holds and which client took each seat (leaving gives it back); reserving is one atomic step
(lua/client_seat.lua).
"""

from __future__ import annotations

import redis

from domain.messages import msgn
from services import keys
from services.errors import ServiceError
from services.limits.quotas import subject_digest
from services.store.lua_scripts import source
from services.store.replies import as_int, as_str

DEFAULT_SEATS_PER_GAME = 1


def _client(address: str) -> str:
    return subject_digest(f"address:{address}")


class ClientSeats:
    def __init__(self, connection: redis.Redis, seats_per_game: int = DEFAULT_SEATS_PER_GAME) -> None:
        self._redis = connection
        self.seats_per_game = seats_per_game
        self._reserve = connection.register_script(source("client_seat"))

    def created(self, game_id: str, address: str | None) -> None:
        if address:
            self._redis.hset(keys.client_seats(game_id), "creator", _client(address))

    def reserve(self, game_id: str, address: str | None) -> None:
        """Count one more seat for this anonymous client; 403 ``seats.client_limit`` past its share."""
        if not address or self.seats_per_game <= 0:
            return
        if not as_int(
            self._reserve(keys=[keys.client_seats(game_id)], args=[_client(address), self.seats_per_game])
        ):
            raise ServiceError(
                403,
                "seats.client_limit",
                msgn(
                    "Without logging in you may take at most {count} seat of a game someone else created; "
                    "log in to play, or leave room for other players.",
                    "Without logging in you may take at most {count} seats of a game someone else created; "
                    "log in to play, or leave room for other players.",
                    self.seats_per_game,
                ),
                field="seat",
            )

    def taken(self, game_id: str, seat: int, address: str | None) -> None:
        """Remember which client took ``seat`` (so leaving gives it back)."""
        if address:
            self._redis.hset(keys.client_seats(game_id), f"seat:{seat}", _client(address))

    def give_back(self, game_id: str, address: str | None) -> None:
        """Undo :meth:`reserve` (the claim itself failed)."""
        if not address or self.seats_per_game <= 0:
            return
        client = _client(address)
        key = keys.client_seats(game_id)
        if self._redis.hget(key, "creator") != client.encode():
            self._redis.hincrby(key, f"client:{client}", -1)

    def left(self, game_id: str, seat: int) -> None:
        """Seat ``seat`` was left: its client may take another one."""
        key = keys.client_seats(game_id)
        holder = self._redis.hget(key, f"seat:{seat}")
        if holder is None:
            return
        pipe = self._redis.pipeline()
        pipe.hdel(key, f"seat:{seat}")
        if self._redis.hget(key, "creator") != holder:
            pipe.hincrby(key, f"client:{as_str(holder)}", -1)
        pipe.execute()
