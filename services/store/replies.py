"""Redis replies as Python values, whichever way the connection decodes responses."""

from __future__ import annotations

from typing import Any


def as_int(value: Any) -> int:
    return int(value.decode() if isinstance(value, bytes) else value)


def as_str(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def as_bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()
