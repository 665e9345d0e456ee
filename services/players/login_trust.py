"""Clients an account trusts at login (OWASP's device cookies): a browser holding a device cookie issued
at a successful login of that account, or a client address (IPv4, or an IPv6 /64) that logged in to it
within ``TRUST_SECONDS``. Their attempts are not counted against the name's ceiling, so guesses from
elsewhere cannot lock the owner out; a device cookie sent with ``DEVICE_FAILURES`` wrong passwords in a
window is trusted no more. Only sha256 digests of device cookies are stored."""

from __future__ import annotations

import hashlib
import secrets

import redis

from services import keys
from services.store.replies import as_int

TRUST_SECONDS = 90 * 24 * 3600
DEVICE_FAILURES = 10
FAILURE_WINDOW = 15 * 60
MOST_DEVICES = 20  # per account: the oldest are forgotten first


def _digest(cookie: str) -> str:
    return hashlib.sha256(cookie.encode("utf-8")).hexdigest()


class LoginTrust:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def trusts(self, name_key: str, address: str, device: str | None, now: float) -> bool:
        """Whether an attempt on ``name_key`` from ``address`` with ``device`` comes from a trusted client."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.zscore(keys.account_addresses(name_key), address)
        if device:
            pipe.hget(keys.account_devices(name_key), _digest(device))
            pipe.get(keys.device_failures(name_key, _digest(device)))
        replies = pipe.execute()
        if replies[0] is not None and float(replies[0]) > now - TRUST_SECONDS:
            return True
        if not device or replies[1] is None or float(replies[1]) <= now - TRUST_SECONDS:
            return False
        return replies[2] is None or as_int(replies[2]) < DEVICE_FAILURES

    def failed(self, name_key: str, device: str | None) -> None:
        """A wrong password sent with ``device``: counted toward its distrust."""
        if not device:
            return
        counter = keys.device_failures(name_key, _digest(device))
        pipe = self._redis.pipeline(transaction=False)
        pipe.incr(counter)
        pipe.expire(counter, FAILURE_WINDOW, nx=True)
        pipe.execute()

    def succeeded(self, name_key: str, address: str, device: str | None, now: float) -> str:
        """Remember ``address`` and the device (a new cookie when it had none that is known); the device
        cookie to set."""
        devices, addresses = keys.account_devices(name_key), keys.account_addresses(name_key)
        known = bool(device) and self._redis.hexists(devices, _digest(device or ""))
        cookie = device if known and device else secrets.token_urlsafe(24)
        pipe = self._redis.pipeline(transaction=False)
        pipe.hset(devices, _digest(cookie), now)
        pipe.zadd(addresses, {address: now})
        pipe.zremrangebyscore(addresses, "-inf", now - TRUST_SECONDS)
        pipe.delete(keys.device_failures(name_key, _digest(cookie)))
        for key in (devices, addresses):
            pipe.expire(key, TRUST_SECONDS)
        pipe.execute()
        self._forget_oldest_devices(devices)
        return cookie

    def _forget_oldest_devices(self, devices: str) -> None:
        held = self._redis.hgetall(devices)
        if len(held) <= MOST_DEVICES:
            return
        by_age = sorted(held.items(), key=lambda item: float(item[1]))
        self._redis.hdel(devices, *[digest for digest, _ in by_age[: len(held) - MOST_DEVICES]])
