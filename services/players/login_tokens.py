"""Login tokens: 32 random bytes (url-safe base64), stored only as their sha256 with the account's name and
their expiry (``settings.token_ttl``); the same token serves as the web session cookie and as an API bearer
token. Each account keeps the digests of its live tokens, so a password change revokes them all; a seat token
taken while logged in is bound to its login's digest and dies with it (services/players/seat_tokens.py)."""

from __future__ import annotations

import json
import math
import secrets
from dataclasses import dataclass

import redis

from services import keys
from services.settings import Settings
from services.store.meta_store import token_digest
from services.store.replies import as_str


@dataclass(frozen=True)
class Login:
    """A fresh login: the token (shown once), when it stops working (epoch seconds), and the device cookie
    that makes this browser trusted at the account's next logins (services/players/login_trust.py)."""

    name: str
    token: str
    expires_at: float
    device: str | None = None


class LoginTokens:
    def __init__(self, connection: redis.Redis, settings: Settings) -> None:
        self._redis = connection
        self._settings = settings

    def issue(self, name: str, name_key: str) -> Login:
        token = secrets.token_urlsafe(32)
        ttl = self._settings.token_ttl
        expires_at = self._settings.clock() + ttl
        entry = json.dumps({"name": name, "expires_at": expires_at})
        digest = token_digest(token)
        self._redis.set(keys.account_token(digest), entry, ex=max(1, math.ceil(ttl)))
        logins = keys.account_logins(name_key)
        pipe = self._redis.pipeline()
        pipe.sadd(logins, digest)
        pipe.expire(logins, max(1, math.ceil(ttl)))
        pipe.execute()
        return Login(name=name, token=token, expires_at=expires_at)

    def account_of(self, token: str) -> str | None:
        """The account name a login token stands for; None if unknown, forged, revoked or expired."""
        if not token:
            return None
        return self.account_of_digest(token_digest(token))

    def account_of_digest(self, digest: str) -> str | None:
        raw = self._redis.get(keys.account_token(digest))
        if raw is None:
            return None
        entry = json.loads(as_str(raw))
        if float(entry["expires_at"]) <= self._settings.clock():
            self._redis.delete(keys.account_token(digest))
            return None
        name: str = entry["name"]
        return name

    def revoke(self, token: str, name_key: str) -> bool:
        """End one login token; False if it was not a live token."""
        digest = token_digest(token)
        self._redis.srem(keys.account_logins(name_key), digest)
        return bool(self._redis.delete(keys.account_token(digest)))

    def revoke_all(self, name_key: str) -> None:
        """End every login token of the account (a password change)."""
        logins = keys.account_logins(name_key)
        for digest in self._redis.smembers(logins):
            self._redis.delete(keys.account_token(as_str(digest)))
        self._redis.delete(logins)
