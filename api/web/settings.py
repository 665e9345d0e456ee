"""Settings of the live view stream, from the environment: ``PAPYRUS_LIVE_SECONDS``,
``PAPYRUS_LIVE_HEARTBEAT_SECONDS`` and ``PAPYRUS_LIVE_RETRY_MS``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app
from flask.sansio.app import App

EXTENSION = "papyrus.web"


@dataclass(frozen=True)
class LiveSettings:
    """``stream_seconds``: how long one live connection lasts before the browser reconnects (bounds the time
    a server worker is held); ``heartbeat_seconds``: the longest silence, so dead connections are noticed;
    ``retry_ms``: how soon the browser reconnects after a dropped connection."""

    stream_seconds: float = 55.0
    heartbeat_seconds: float = 15.0
    retry_ms: int = 1000

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> LiveSettings:
        source = os.environ if env is None else env
        return cls(
            stream_seconds=float(source.get("PAPYRUS_LIVE_SECONDS", cls.stream_seconds)),
            heartbeat_seconds=float(source.get("PAPYRUS_LIVE_HEARTBEAT_SECONDS", cls.heartbeat_seconds)),
            retry_ms=int(source.get("PAPYRUS_LIVE_RETRY_MS", cls.retry_ms)),
        )


def install_settings(app: App, settings: LiveSettings | None = None) -> None:
    """Keep settings an app already has (a test may set them before registering the blueprint)."""
    if settings is not None or EXTENSION not in app.extensions:
        app.extensions[EXTENSION] = settings or LiveSettings.from_env()


def live_settings() -> LiveSettings:
    settings: LiveSettings = current_app.extensions[EXTENSION]
    return settings
