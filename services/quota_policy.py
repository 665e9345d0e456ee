"""The quotas' policy, read once from the environment with the other settings: how many uses of each action
one account or one client address may make per window (``PAPYRUS_QUOTA_<ACTION>=<count>/<seconds>``, ``0``:
off; ``PAPYRUS_QUOTAS=off``). Counting them is services/limits/quotas.py's."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limit:
    """At most ``count`` uses per ``seconds``."""

    count: int
    seconds: int


# What a person playing by the web never reaches, and a script creating games or accounts in a loop soon
# does (without quotas one client made 10,000 games in 26 s and 300 accounts in 9 s).
DEFAULT_LIMITS: dict[str, Limit] = {
    "register": Limit(20, 3600),
    "create_game": Limit(100, 3600),
    "join": Limit(400, 3600),
    "command": Limit(5000, 600),
    "write": Limit(1000, 3600),
    "chat": Limit(300, 600),
    "invite": Limit(100, 3600),
    "settings": Limit(200, 3600),
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
