"""Quotas: how often one account or one client address may do one kind of write (register, create a game,
join, submit a command, start or leave a game, chat...), counted in Redis so every API process shares them.

A quota is ``count`` uses per ``seconds``-long window, the window starting at the first use; each subject
(``account:<name>``, ``address:<ip>``) has its own counter, one key built by services/keys.py holding a
digest of the subject (no address is stored in clear). Counting and checking is one atomic step (a Lua
script), so concurrent requests cannot slip past the limit. Past it, :class:`QuotaExceeded` (429 with
``Retry-After``: the seconds left in the window). Settings: ``PAPYRUS_QUOTA_<ACTION>=<count>/<seconds>``
(``0`` turns one off), ``PAPYRUS_QUOTAS=off`` turns them all off.

Other parts of the service use it as ``quotas.charge("chat", account="ann", address="192.0.2.1")``.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import redis
from redis.exceptions import NoScriptError

from services import keys
from services.errors import ServiceError
from services.store.lua_scripts import source
from services.store.replies import as_int


@dataclass(frozen=True)
class Limit:
    """At most ``count`` uses per ``seconds``."""

    count: int
    seconds: int


# What a person playing by the web never reaches, and a script creating games or accounts in a loop soon
# does (issue 13: 10,000 games in 26 s, 300 accounts in 9 s from one client).
DEFAULT_LIMITS: dict[str, Limit] = {
    "register": Limit(20, 3600),
    "create_game": Limit(100, 3600),
    "join": Limit(400, 3600),
    "command": Limit(5000, 600),
    "write": Limit(1000, 3600),
    "chat": Limit(300, 600),
}


def _limit(name: str, raw: str) -> Limit | None:
    count, slash, seconds = raw.partition("/")
    try:
        parsed = Limit(int(count), int(seconds)) if slash else Limit(int(count), 0)
    except ValueError:
        raise ValueError(f"{name} must be <count>/<seconds> (e.g. 100/3600) or 0, got {raw!r}") from None
    if parsed.count == 0:
        return None
    if parsed.count < 0 or parsed.seconds <= 0:
        raise ValueError(f"{name} must be a positive count per a positive number of seconds, got {raw!r}")
    return parsed


@dataclass(frozen=True)
class QuotaPolicy:
    """The limit of each action (an action without one is not limited)."""

    limits: Mapping[str, Limit] = field(default_factory=lambda: dict(DEFAULT_LIMITS))

    @classmethod
    def off(cls) -> QuotaPolicy:
        return cls(limits={})

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> QuotaPolicy:
        source_env = os.environ if env is None else env
        switch = source_env.get("PAPYRUS_QUOTAS", "").strip().lower()
        if switch in {"0", "off", "false", "no"}:
            return cls.off()
        if switch not in {"", "1", "on", "true", "yes"}:
            raise ValueError(f"PAPYRUS_QUOTAS must be on or off, got {switch!r}")
        limits: dict[str, Limit] = {}
        for action, default in DEFAULT_LIMITS.items():
            name = f"PAPYRUS_QUOTA_{action.upper()}"
            raw = source_env.get(name, "").strip()
            chosen = _limit(name, raw) if raw else default
            if chosen is not None:
                limits[action] = chosen
        return cls(limits=limits)


class QuotaExceeded(ServiceError):
    """429: this account or address used up an action's quota; ``retry_after`` seconds until it refills."""

    def __init__(self, action: str, subject_kind: str, limit: Limit, retry_after: int) -> None:
        super().__init__(
            429,
            "quota.exceeded",
            f"Too many {action.replace('_', ' ')} requests from this {subject_kind} "
            f"(at most {limit.count} per {limit.seconds} s); try again in {retry_after} s.",
            retry_after=retry_after,
        )
        self.action = action


def subject_digest(subject: str) -> str:
    return hashlib.sha256(subject.encode("utf-8")).hexdigest()[:32]


class Quotas:
    def __init__(self, connection: redis.Redis, policy: QuotaPolicy) -> None:
        self._redis = connection
        self.policy = policy
        self._count = connection.register_script(source("quota"))

    def charge(self, action: str, *, account: str | None = None, address: str | None = None) -> None:
        """Count one ``action`` against the account (when logged in) and the client address; 429
        (:class:`QuotaExceeded`) if either is past its limit."""
        limit = self.policy.limits.get(action)
        if limit is None:
            return
        subjects = [("account", account.lower() if account else None), ("address", address)]
        for kind, value in subjects:
            if value:
                self.charge_subject(action, kind, value)

    def queue_charge(
        self, pipe: redis.client.Pipeline, action: str, kind: str, value: str
    ) -> QueuedCharge | None:
        """Queue one ``action`` counted against one subject (``kind`` "account" or "address") in ``pipe``, a
        round trip the caller makes anyway (a plain pipeline, not a cluster's); None when the action has
        no quota. The queued charge's :meth:`QueuedCharge.check` then reads its reply."""
        limit = self.policy.limits.get(action)
        if limit is None:
            return None
        key = self._key(action, kind, value)
        pipe.evalsha(self._count.sha, 1, key, limit.seconds * 1000)
        return QueuedCharge(self, action, kind, value, limit)

    def charge_subject(self, action: str, kind: str, value: str) -> None:
        """Count one ``action`` against one subject, in a round trip of its own; 429 past its limit."""
        limit = self.policy.limits.get(action)
        if limit is None:
            return
        reply = self._count(keys=[self._key(action, kind, value)], args=[limit.seconds * 1000])
        QueuedCharge(self, action, kind, value, limit).check(reply)

    @staticmethod
    def _key(action: str, kind: str, value: str) -> str:
        return keys.quota(action, subject_digest(f"{kind}:{value}"))


@dataclass(frozen=True)
class QueuedCharge:
    """A charge counted in someone else's round trip, to be checked against its reply."""

    quotas: Quotas
    action: str
    kind: str
    value: str
    limit: Limit

    def check(self, reply: Any) -> None:
        """429 (:class:`QuotaExceeded`) if this use took the subject past its limit. A Redis that did not
        know the script (restarted, its script cache flushed) counted nothing: the charge is made now."""
        if isinstance(reply, NoScriptError):
            self.quotas.charge_subject(self.action, self.kind, self.value)
            return
        if isinstance(reply, Exception):
            raise reply
        used, left_ms = reply
        if as_int(used) > self.limit.count:
            raise QuotaExceeded(self.action, self.kind, self.limit, max(1, math.ceil(as_int(left_ms) / 1000)))
