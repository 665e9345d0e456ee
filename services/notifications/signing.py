"""Signed tokens for the links in mails: one-click unsubscribe and e-mail verification.

A token is ``<base64url payload>.<base64url HMAC-SHA256>``; the key is ``PAPYRUS_SECRET_KEY`` or, without
it, a random key created once in the store (so every process of one deployment signs alike)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

import redis

from services import keys
from services.errors import ServiceError
from services.store.replies import as_bytes


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def signing_key(connection: redis.Redis, configured: str | None) -> bytes:
    if configured:
        return configured.encode()
    connection.set(keys.notify_signing_key(), secrets.token_bytes(32), nx=True)
    stored = connection.get(keys.notify_signing_key())
    if stored is None:
        raise RuntimeError("the notification signing key is missing")
    return as_bytes(stored)


def sign(key: bytes, payload: dict[str, Any]) -> str:
    body = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    return f"{_b64(body)}.{_b64(hmac.new(key, body, hashlib.sha256).digest())}"


def verify(key: bytes, token: str, purpose: str, now: float) -> dict[str, Any]:
    """The payload of a token signed with ``key`` for ``purpose``; 404 ``token.invalid`` otherwise (forged,
    for another purpose, or expired: no such link)."""
    refused = ServiceError(404, "token.invalid", "This link is not valid (or has expired).", field="token")
    body_text, _, signature = token.partition(".")
    try:
        body, mac = _unb64(body_text), _unb64(signature)
        payload = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise refused from None
    if not isinstance(payload, dict):
        raise refused
    expected = hmac.new(key, body, hashlib.sha256).digest()
    if not hmac.compare_digest(mac, expected) or payload.get("purpose") != purpose:
        raise refused
    expires_at = payload.get("expires_at", now + 1)
    if not isinstance(expires_at, int | float) or expires_at <= now:
        raise refused
    verified: dict[str, Any] = payload
    return verified
