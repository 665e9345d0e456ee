"""Accounts: register and log in with a name and a password, login tokens that expire, and the seats an
account holds.

* Passwords are stored as ``scrypt$<n>$<r>$<p>$<salt hex>$<key hex>`` (``hashlib.scrypt``, 16-byte salt).
* Names are unique case-insensitively; an account's keys carry the tag ``{account:<lowercased name>}``.
* A login token is 32 random bytes (url-safe base64), stored only as its sha256 with its expiry
  (``settings.token_ttl``); the same token serves as the web session cookie and as an API bearer token.
* Failed logins are counted per name and per client address for ``FAILURE_WINDOW`` seconds; past
  ``MAX_FAILURES_PER_NAME`` / ``MAX_FAILURES_PER_ADDRESS`` every attempt is refused with ``LoginThrottled``
  (HTTP 429, ``retry_after`` seconds) before the password is even checked. An unknown name and a wrong
  password get the same answer after the same work (the key derivation runs for unknown names too).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import secrets
from dataclasses import dataclass
from typing import Any

import redis

from services import keys
from services.errors import ServiceError
from services.results import Account
from services.settings import Settings
from services.store.meta_store import account_field, token_digest
from services.store.replies import as_int, as_str

NAME_RULE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$")
MIN_PASSWORD, MAX_PASSWORD = 8, 200
SCRYPT_N, SCRYPT_R, SCRYPT_P, SCRYPT_KEY_BYTES = 2**14, 8, 1, 32
FAILURE_WINDOW = 15 * 60
MAX_FAILURES_PER_NAME = 5
MAX_FAILURES_PER_ADDRESS = 30
_UNKNOWN_NAME_HASH = f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${'00' * 16}${'00' * SCRYPT_KEY_BYTES}"
LOGIN_FAILED = ("login.failed", "Wrong name or password.")


class LoginThrottled(ServiceError):
    """Too many failed logins for this name or address: try again after ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(429, "login.throttled", f"Too many failed logins; try again in {retry_after} s.")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Login:
    """A fresh login: the token (shown once) and when it stops working (epoch seconds)."""

    name: str
    token: str
    expires_at: float


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=SCRYPT_KEY_BYTES, maxmem=128 * n * r * 2
    )


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    key = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${key.hex()}"


def password_matches(password: str, stored: str) -> bool:
    """Constant-time comparison of ``password`` against a stored ``scrypt$...`` hash."""
    _, n, r, p, salt, key = stored.split("$")
    derived = _scrypt(password, bytes.fromhex(salt), int(n), int(r), int(p))
    return hmac.compare_digest(derived, bytes.fromhex(key))


def name_key(name: str) -> str:
    return name.lower()


def _valid_name(name: Any) -> str:
    if not isinstance(name, str) or not NAME_RULE.fullmatch(name):
        raise ServiceError(
            400,
            "name.invalid",
            "name must be 3 to 32 characters: letters, digits, '_', '.' or '-', starting with a letter or "
            "digit.",
            field="name",
        )
    return name


def _valid_password(password: Any) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ServiceError(
            400,
            "password.invalid",
            f"password must be {MIN_PASSWORD} to {MAX_PASSWORD} characters.",
            field="password",
        )
    return password


class Accounts:
    def __init__(self, connection: redis.Redis, settings: Settings) -> None:
        self._redis = connection
        self._settings = settings

    def register(self, name: Any, password: Any) -> Account:
        """A new account; 409 if the name (in any letter case) is taken."""
        name, password = _valid_name(name), _valid_password(password)
        doc = {"name": name, "password": hash_password(password), "created_at": self._settings.clock()}
        if not self._redis.set(keys.account(name_key(name)), json.dumps(doc), nx=True):
            raise ServiceError(409, "name.taken", f"The name {name!r} is already taken.", field="name")
        return Account(name=name, created_at=doc["created_at"])

    def profile(self, name: str) -> Account | None:
        doc = self._doc(name)
        return None if doc is None else Account(name=doc["name"], created_at=doc["created_at"])

    def login(self, name: Any, password: Any, address: str) -> Login:
        """A new token for a right name and password. Every failure is the same 401 (``LOGIN_FAILED``);
        429 (``LoginThrottled``) after too many recent failures for this name or this address."""
        claimed = name if isinstance(name, str) else ""
        counters = [
            (keys.login_failures("name", name_key(claimed)[:64]), MAX_FAILURES_PER_NAME),
            (keys.login_failures("address", address[:64]), MAX_FAILURES_PER_ADDRESS),
        ]
        self._refuse_if_throttled(counters)
        doc = self._doc(claimed) if NAME_RULE.fullmatch(claimed) else None
        stored = doc["password"] if doc is not None else _UNKNOWN_NAME_HASH
        right = password_matches(password if isinstance(password, str) else "", stored)
        if doc is None or not right:
            self._count_failure([key for key, _ in counters])
            raise ServiceError(401, *LOGIN_FAILED)
        self._redis.delete(counters[0][0])
        return self._issue(doc["name"])

    def authenticate(self, token: str) -> str | None:
        """The account name a login token stands for; None if unknown, forged, revoked or expired."""
        if not token:
            return None
        raw = self._redis.get(keys.account_token(token_digest(token)))
        if raw is None:
            return None
        entry = json.loads(as_str(raw))
        if float(entry["expires_at"]) <= self._settings.clock():
            self._redis.delete(keys.account_token(token_digest(token)))
            return None
        name: str = entry["name"]
        return name

    def logout(self, token: str) -> bool:
        """Revoke a login token; False if it was not a live token."""
        return bool(self._redis.delete(keys.account_token(token_digest(token))))

    def bind_seat(self, name: str, game_id: str, seat: int) -> None:
        """List ``game_id`` among the account's games (written after the seat is claimed in the game's meta,
        which is what decides; a join retried after a crash here writes it again)."""
        self._redis.hset(keys.account_games(name_key(name)), game_id, seat)

    def release_game(self, name: str, game_id: str) -> None:
        self._redis.hdel(keys.account_games(name_key(name)), game_id)

    def seat_in(self, name: str, game_id: str) -> int | None:
        """The seat the account holds in ``game_id``, as the game's meta records it (see MetaStore.claim)."""
        raw = self._redis.hget(keys.meta(game_id), account_field(name))
        return as_int(raw) if raw is not None else None

    def seats(self, name: str) -> dict[str, int]:
        """Every game the account holds a seat in: game id -> seat."""
        raw = self._redis.hgetall(keys.account_games(name_key(name)))
        held = {as_str(game_id): as_int(seat) for game_id, seat in raw.items()}
        return {game_id: seat for game_id, seat in held.items() if seat >= 0}

    def _doc(self, name: str) -> dict[str, Any] | None:
        raw = self._redis.get(keys.account(name_key(name)))
        if raw is None:
            return None
        doc: dict[str, Any] = json.loads(as_str(raw))
        return doc

    def _issue(self, name: str) -> Login:
        token = secrets.token_urlsafe(32)
        ttl = self._settings.token_ttl
        expires_at = self._settings.clock() + ttl
        entry = json.dumps({"name": name, "expires_at": expires_at})
        self._redis.set(keys.account_token(token_digest(token)), entry, ex=max(1, math.ceil(ttl)))
        return Login(name=name, token=token, expires_at=expires_at)

    def _refuse_if_throttled(self, counters: list[tuple[str, int]]) -> None:
        for key, limit in counters:
            raw = self._redis.get(key)
            if raw is not None and as_int(raw) >= limit:
                remaining = as_int(self._redis.ttl(key))
                raise LoginThrottled(remaining if remaining > 0 else FAILURE_WINDOW)

    def _count_failure(self, counter_keys: list[str]) -> None:
        pipe = self._redis.pipeline(transaction=False)  # one counter per shard on a cluster
        for key in counter_keys:
            pipe.incr(key)
            pipe.expire(key, FAILURE_WINDOW)
        pipe.execute()
