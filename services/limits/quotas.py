"""Quotas: how often one account or one client address may do one kind of write, shared by every API process.

A quota is ``count`` uses per ``seconds``-long window from the first use, one counter per subject (a digest of
``account:<name>`` or ``address:<ip>``, never an address in clear), counted and checked in one Lua step. Past
it, :class:`QuotaExceeded` (429, ``Retry-After``). Settings: ``PAPYRUS_QUOTA_<ACTION>=<count>/<seconds>``
(``0``: off), ``PAPYRUS_QUOTAS=off``. Use: ``quotas.charge("chat", account="ann", address="192.0.2.1")``.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis
from redis.exceptions import NoScriptError

from domain.messages import Msg, msg
from services import keys
from services.errors import ServiceError
from services.quota_policy import Limit as Limit
from services.quota_policy import QuotaPolicy as QuotaPolicy
from services.store.lua_scripts import source
from services.store.read_batch import Read
from services.store.replies import as_int

QUOTA_WORDS: dict[str, Callable[[Limit, int], Msg]] = {
    "account": lambda limit, wait: msg(
        "Too many requests of this kind from your account (at most {count} in {seconds} s); "
        "try again in {wait} s.",
        count=limit.count,
        seconds=limit.seconds,
        wait=wait,
    ),
    "address": lambda limit, wait: msg(
        "Too many requests of this kind from your network address (at most {count} in {seconds} s); "
        "try again in {wait} s.",
        count=limit.count,
        seconds=limit.seconds,
        wait=wait,
    ),
}


class QuotaExceeded(ServiceError):
    """429: this account or address used up an action's quota; ``retry_after`` seconds until it refills."""

    def __init__(self, action: str, subject_kind: str, limit: Limit, retry_after: int) -> None:
        super().__init__(
            429,
            "quota.exceeded",
            (QUOTA_WORDS.get(subject_kind, QUOTA_WORDS["address"]))(limit, retry_after),
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

    def charging(self, action: str, kind: str, value: str) -> Read[None] | None:
        """One ``action`` counted against one subject (``kind`` "account" or "address") as a checked read to
        batch in a round trip the caller makes anyway (a plain pipeline, not a cluster's): 429 past its
        limit as the batch runs. None when the action has no quota."""
        limit = self.policy.limits.get(action)
        if limit is None:
            return None
        key = self._key(action, kind, value)
        charge = QueuedCharge(self, action, kind, value, limit)
        return Read(
            lambda pipe: pipe.evalsha(self._count.sha, 1, key, limit.seconds * 1000),
            lambda replies: charge.check(replies[0]),
            checked=True,
        )

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
