"""How often a login may be tried, decided before a password is checked, each limit one atomic Lua step (so
concurrent guesses are all counted).

Per name and address: ``free_attempts`` tries, then a back-off doubling from ``first_delay`` to
``longest_delay``; a success forgets it, so a guesser slows only themselves. Per name: ``name_ceiling``
attempts per ``window`` from all addresses (a lockout takes many addresses). Per address: ``address_ceiling``
per ``window`` across names. A success refunds its attempt to both ceilings. Each script touches one key, so
it works on a Redis Cluster.
"""

from __future__ import annotations

from dataclasses import dataclass

import redis
from redis.commands.core import Script

from domain.messages import msg
from services import keys
from services.errors import ServiceError
from services.store.lua_scripts import source
from services.store.replies import as_int

KEY_PART = 64  # a claimed name or an address is cut to this many characters inside a key


class LoginThrottled(ServiceError):
    """Too many login attempts for this name, address or pair: try again after ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            429,
            "login.throttled",
            msg("Too many login attempts; try again in {seconds} s.", seconds=retry_after),
            retry_after=retry_after,
        )


@dataclass(frozen=True)
class ThrottlePolicy:
    """The limits (see the module's docstring); docs/security.md lists the defaults."""

    free_attempts: int = 5
    first_delay: float = 2.0
    longest_delay: float = 15 * 60.0
    name_ceiling: int = 100
    address_ceiling: int = 30
    window: int = 15 * 60


class LoginThrottle:
    def __init__(self, connection: redis.Redis, policy: ThrottlePolicy | None = None) -> None:
        self._redis = connection
        self.policy = policy or ThrottlePolicy()
        self._backoff: Script = connection.register_script(source("login_backoff"))
        self._ceiling: Script = connection.register_script(source("login_ceiling"))
        self._refund: Script = connection.register_script(source("login_refund"))

    def attempt(self, name_key: str, address: str, now: float, trusted: bool = False) -> None:
        """Count one attempt of ``name_key`` from ``address``; ``LoginThrottled`` (nothing else counted) when
        the pair must wait, or when the address or (unless the client is ``trusted``: login_trust.py) the
        name is past its ceiling."""
        policy = self.policy
        pair = keys.login_backoff(name_key[:KEY_PART], address[:KEY_PART])
        args = [now, policy.free_attempts, policy.first_delay, policy.longest_delay, policy.window]
        self._refuse_unless(self._backoff(keys=[pair], args=args))
        self._refuse_unless(
            self._ceiling(keys=[self._address_key(address)], args=[policy.address_ceiling, policy.window])
        )
        if not trusted:
            self._refuse_unless(
                self._ceiling(keys=[self._name_key(name_key)], args=[policy.name_ceiling, policy.window])
            )

    def succeeded(self, name_key: str, address: str, trusted: bool = False) -> None:
        """A right password: forget the pair's back-off and refund the attempt to the ceilings it counted."""
        self._redis.delete(keys.login_backoff(name_key[:KEY_PART], address[:KEY_PART]))
        self._refund(keys=[self._address_key(address)])
        if not trusted:
            self._refund(keys=[self._name_key(name_key)])

    def forget(self, name_key: str, addresses: list[str]) -> None:
        """Drop what is counted of ``name_key`` (an erased account): its ceiling, its pairs' back-offs."""
        pairs = [keys.login_backoff(name_key[:KEY_PART], address[:KEY_PART]) for address in addresses]
        for key in (self._name_key(name_key), *pairs):
            self._redis.delete(key)

    @staticmethod
    def _name_key(name_key: str) -> str:
        return keys.login_failures("name", name_key[:KEY_PART])

    @staticmethod
    def _address_key(address: str) -> str:
        return keys.login_failures("address", address[:KEY_PART])

    def _refuse_unless(self, reply: list[object]) -> None:
        allowed, wait = (as_int(value) for value in reply)
        if not allowed:
            raise LoginThrottled(max(1, wait))
