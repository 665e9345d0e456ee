"""Seat tokens and their terms. A token is 24 random bytes shown once, stored as its sha256 (digest -> seat).

Its terms (``seat_token_terms``) say how long it lasts: taken while logged in, it is bound to that login and
ends with it (logout, expiry, password change); taken anonymously, it expires ``seat_token_ttl`` seconds after
it was issued, and ``rotate`` swaps it for a fresh one. A token without terms keeps working until it is
rotated.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis

from services import keys
from services.players.login_tokens import LoginTokens
from services.settings import Settings
from services.store.meta_store import token_digest
from services.store.read_batch import Read, Reads
from services.store.replies import as_int, as_str


@dataclass(frozen=True)
class IssuedToken:
    token: str
    expires_at: float | None


class SeatTokens:
    def __init__(self, connection: redis.Redis, settings: Settings, logins: LoginTokens) -> None:
        self._redis = connection
        self._settings = settings
        self._logins = logins

    def issue(self, game_id: str, seat: int, login_digest: str | None) -> IssuedToken:
        """A new token for ``seat``: bound to ``login_digest`` when given, else with a lifetime."""
        token = secrets.token_urlsafe(24)
        digest = token_digest(token)
        expires_at = None if login_digest else self._settings.clock() + self._settings.seat_token_ttl
        terms = {"login": login_digest} if login_digest else {"expires_at": expires_at}
        pipe = self._redis.pipeline()
        pipe.hset(keys.seat_tokens(game_id), digest, seat)
        pipe.hset(keys.seat_token_terms(game_id), digest, json.dumps(terms))
        pipe.execute()
        return IssuedToken(token=token, expires_at=expires_at)

    def seat_of(self, game_id: str, token: str) -> int | None:
        """The seat a live token holds; None for an unknown, expired or unbound (logged-out) token."""
        if not token:
            return None
        batch = Reads(self._redis)
        seat = batch.add(self.lookup(game_id, token))
        batch.run()
        return seat.value

    def lookup(self, game_id: str, token: str) -> Read[int | None]:
        """:meth:`seat_of` as a read to batch (a read of the game's in the same round trip must not answer
        before the token proved its seat; a token bound to a login asks whether that login is still live)."""
        digest = token_digest(token)

        def queue(pipe: redis.client.Pipeline) -> None:
            pipe.hget(keys.seat_tokens(game_id), digest)
            pipe.hget(keys.seat_token_terms(game_id), digest)

        def decode(replies: Sequence[Any]) -> int | None:
            seat, raw_terms = replies
            if seat is None:
                return None
            if raw_terms is not None and not self._alive(json.loads(as_str(raw_terms))):
                return None
            return as_int(seat)

        return Read(queue, decode)

    def rotate(self, game_id: str, token: str) -> tuple[int, IssuedToken] | None:
        """Swap a live token for a new one of the same seat and binding; None if ``token`` is not live."""
        seat = self.seat_of(game_id, token)
        if seat is None:
            return None
        digest = token_digest(token)
        raw_terms = self._redis.hget(keys.seat_token_terms(game_id), digest)
        login = json.loads(as_str(raw_terms)).get("login") if raw_terms is not None else None
        issued = self.issue(game_id, seat, login)
        self.forget(game_id, [digest])
        return seat, issued

    def forget(self, game_id: str, digests: list[str]) -> None:
        if digests:
            pipe = self._redis.pipeline()
            pipe.hdel(keys.seat_tokens(game_id), *digests)
            pipe.hdel(keys.seat_token_terms(game_id), *digests)
            pipe.execute()

    def _alive(self, terms: dict[str, Any]) -> bool:
        login = terms.get("login")
        if isinstance(login, str):
            return self._logins.account_of_digest(login) is not None
        expires_at = terms.get("expires_at")
        return not isinstance(expires_at, (int, float)) or expires_at > self._settings.clock()
