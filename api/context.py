"""What the views reach through the app: the game service and the API's own settings."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app

from api.front.bodies import BodyLimits
from api.proxies import parse_networks
from services.game_service import GameService

EXTENSION = "papyrus"


@dataclass(frozen=True)
class ApiConfig:
    """API settings from the environment (see docs/settings.md)."""

    max_body_bytes: int = 64 * 1024
    submit_wait_seconds: float = 2.0
    secure_cookies: bool | None = None
    trusted_proxies: str = ""  # PAPYRUS_TRUSTED_PROXIES: see api/proxies.py
    body_seconds: float = 10.0  # PAPYRUS_BODY_SECONDS: how long a request's body may take to arrive
    bodies_per_client: int = 32  # PAPYRUS_BODIES_PER_CLIENT: bodies one client may be sending at once

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ApiConfig:
        source = os.environ if env is None else env
        return cls(
            max_body_bytes=int(_number(source, "PAPYRUS_MAX_BODY_BYTES", cls.max_body_bytes, whole=True)),
            submit_wait_seconds=_number(source, "PAPYRUS_SUBMIT_WAIT_SECONDS", cls.submit_wait_seconds),
            secure_cookies=_switch(source, "PAPYRUS_SECURE_COOKIES"),
            trusted_proxies=source.get("PAPYRUS_TRUSTED_PROXIES", "").strip(),
            body_seconds=_number(source, "PAPYRUS_BODY_SECONDS", cls.body_seconds),
            bodies_per_client=int(
                _number(source, "PAPYRUS_BODIES_PER_CLIENT", cls.bodies_per_client, whole=True)
            ),
        )

    def body_limits(self) -> BodyLimits:
        """What the asynchronous front reads of a body, and for how long (api/front/bodies.py)."""
        return BodyLimits(
            most_bytes=self.max_body_bytes,
            seconds=self.body_seconds or ApiConfig.body_seconds,
            per_client=max(1, self.bodies_per_client),
            trusted=parse_networks(self.trusted_proxies),
        )


def _number(env: Mapping[str, str], name: str, default: float, whole: bool = False) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw) if whole else float(raw)
    except ValueError:
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"{name} must be {kind} >= 0, got {raw!r}") from None
    if value < 0:
        raise ValueError(f"{name} must be >= 0, got {raw!r}")
    return value


_ON, _OFF = frozenset({"1", "true", "yes", "on"}), frozenset({"0", "false", "no", "off"})


def _switch(env: Mapping[str, str], name: str) -> bool | None:
    """An on/off setting (1/0, true/false, yes/no, on/off); None when unset."""
    raw = env.get(name, "").strip().lower()
    if not raw:
        return None
    if raw not in _ON | _OFF:
        raise ValueError(f"{name} must be on or off (1/0, true/false, yes/no), got {raw!r}")
    return raw in _ON


@dataclass(frozen=True)
class ApiContext:
    service: GameService
    redis: Any
    config: ApiConfig
    mode: str


def install(app: Flask, context: ApiContext) -> None:
    app.extensions[EXTENSION] = context


def api_context() -> ApiContext:
    context: ApiContext = current_app.extensions[EXTENSION]
    return context


def game_service() -> GameService:
    return api_context().service
