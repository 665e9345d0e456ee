"""Passwords, stored as ``scrypt$<n>$<r>$<p>$<salt hex>$<key hex>`` (``hashlib.scrypt``, 16-byte salt)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from services.errors import ServiceError

MIN_PASSWORD, MAX_PASSWORD = 8, 200
SCRYPT_N, SCRYPT_R, SCRYPT_P, SCRYPT_KEY_BYTES = 2**14, 8, 1, 32
# Checked for unknown names, so an unknown name and a wrong password cost the same work.
UNKNOWN_NAME_HASH = f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${'00' * 16}${'00' * SCRYPT_KEY_BYTES}"


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=SCRYPT_KEY_BYTES, maxmem=128 * n * r * 2
    )


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    key = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${key.hex()}"


def password_matches(password: str, stored: str) -> bool:
    """Constant-time comparison of ``password`` against a stored ``scrypt$...`` hash."""
    _, n, r, p, salt, key = stored.split("$")
    derived = _scrypt(password, bytes.fromhex(salt), int(n), int(r), int(p))
    return hmac.compare_digest(derived, bytes.fromhex(key))


def valid_password(password: Any, field: str = "password") -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ServiceError(
            400,
            f"{field}.invalid",
            f"{field} must be {MIN_PASSWORD} to {MAX_PASSWORD} characters.",
            field=field,
        )
    return password
