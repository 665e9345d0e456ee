"""Settings of the live view stream, from the environment: ``PAPYRUS_LIVE_SECONDS``,
``PAPYRUS_LIVE_HEARTBEAT_SECONDS``, ``PAPYRUS_LIVE_RETRY_MS``, ``PAPYRUS_LIVE_MAX_STREAMS`` and
``PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT`` (api/web/live_slots.py)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app
from flask.sansio.app import App

from api.web.live_slots import StreamSlots

EXTENSION = "papyrus.web"
SLOTS_EXTENSION = "papyrus.live_slots"
# `papyrus api` runs 32 threads a process by default: 24 for live views, 8 kept for the rest (it sets
# PAPYRUS_LIVE_MAX_STREAMS to its --threads less 8; this default serves where nothing sets it)
DEFAULT_MAX_STREAMS = 24


def _positive(source: Mapping[str, str], name: str, default: int) -> int:
    raw = source.get(name, "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"{name} must be a whole number >= 1, got {raw!r}")
    return int(raw)


@dataclass(frozen=True)
class LiveSettings:
    """``stream_seconds``: how long one live connection lasts before the browser reconnects (bounds the time
    a server worker is held); ``heartbeat_seconds``: the longest silence, so dead connections are noticed;
    ``retry_ms``: how soon the browser reconnects after a dropped connection; ``max_streams``: live streams
    this process holds at once (fewer than its server threads, so ordinary requests keep a reserve);
    ``max_streams_per_client``: of those, from one client address."""

    stream_seconds: float = 55.0
    heartbeat_seconds: float = 15.0
    retry_ms: int = 1000
    max_streams: int = DEFAULT_MAX_STREAMS
    max_streams_per_client: int = 6

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> LiveSettings:
        source = os.environ if env is None else env
        return cls(
            stream_seconds=float(source.get("PAPYRUS_LIVE_SECONDS", cls.stream_seconds)),
            heartbeat_seconds=float(source.get("PAPYRUS_LIVE_HEARTBEAT_SECONDS", cls.heartbeat_seconds)),
            retry_ms=int(source.get("PAPYRUS_LIVE_RETRY_MS", cls.retry_ms)),
            max_streams=_positive(source, "PAPYRUS_LIVE_MAX_STREAMS", cls.max_streams),
            max_streams_per_client=_positive(
                source, "PAPYRUS_LIVE_MAX_STREAMS_PER_CLIENT", cls.max_streams_per_client
            ),
        )


def install_settings(app: App, settings: LiveSettings | None = None) -> None:
    """Keep settings an app already has (a test may set them before registering the blueprint)."""
    if settings is not None or EXTENSION not in app.extensions:
        app.extensions[EXTENSION] = settings or LiveSettings.from_env()


def live_settings() -> LiveSettings:
    settings: LiveSettings = current_app.extensions[EXTENSION]
    return settings


def stream_slots() -> StreamSlots:
    """This app's count of open live streams, made from its settings on first use."""
    slots: StreamSlots | None = current_app.extensions.get(SLOTS_EXTENSION)
    if slots is None:
        settings = live_settings()
        slots = StreamSlots(settings.max_streams, settings.max_streams_per_client)
        current_app.extensions[SLOTS_EXTENSION] = slots
    return slots
