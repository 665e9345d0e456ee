"""Passwords, stored as ``scrypt$<n>$<r>$<p>$<salt hex>$<key hex>`` (``hashlib.scrypt``, 16-byte salt).

A new one follows NIST SP 800-63B: 8 to 200 characters of any kind, no composition rules, refused only
when easy to guess: in ``common_passwords.txt.gz`` (the 100,000 most common found in breaches, any letter
case; licence beside it), one character repeated, a run (``12345678``), the account's or the service's
name with digits around it or not, or holding control characters.
"""

from __future__ import annotations

import gzip
import hashlib
import hmac
import itertools
import secrets
import string
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from domain.messages import Msg, msg
from services.errors import FieldRefusal

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


COMMON_PASSWORDS = Path(__file__).with_name("common_passwords.txt.gz")
SERVICE_WORDS = ("papyrus",)
AROUND_A_WORD = string.digits + string.punctuation + " "


@cache
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, letter case folded (read once per process, about 40,000)."""
    with gzip.open(COMMON_PASSWORDS, "rt", encoding="utf-8") as lines:
        return frozenset(line.rstrip("\n").casefold() for line in lines if line.strip())


def _is_run(password: str) -> bool:
    """One character repeated, or each the next (or the previous) of the one before it."""
    steps = {ord(after) - ord(before) for before, after in itertools.pairwise(password)}
    return len(steps) == 1 and steps <= {-1, 0, 1}


def _core(text: str) -> str:
    """``text`` without the digits, punctuation and spaces around it: "Papyrus2024!" is "papyrus"."""
    return text.strip(AROUND_A_WORD)


def _refused(field: str, code: str, reason: Msg) -> FieldRefusal:
    return FieldRefusal(field, f"{field}.{code}", reason)


def valid_password(password: Any, field: str = "password", context: Iterable[str] = ()) -> str:
    """``password`` if an account may take it as a new password; a 400 naming ``field`` and why otherwise.
    ``context``: the account's own names, which it may not be either."""
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise _refused(
            field,
            "invalid",
            msg("must be {least} to {most} characters.", least=MIN_PASSWORD, most=MAX_PASSWORD),
        )
    if any(unicodedata.category(character) == "Cc" for character in password):
        raise _refused(field, "invalid", msg("must not contain control characters (NUL, tabs, line breaks)."))
    folded = password.casefold()
    if _is_run(folded):
        raise _refused(
            field,
            "guessable",
            msg("is one character repeated or a run like 12345678: it is guessed at once."),
        )
    if _core(folded) in {_core(word.casefold()) for word in (*context, *SERVICE_WORDS)}:
        raise _refused(
            field,
            "guessable",
            msg("must not be your name or the service's, with or without digits: it is guessed at once."),
        )
    if folded in common_passwords():
        raise _refused(
            field,
            "common",
            msg(
                "is one of the 100,000 most common passwords, found in breaches: attackers try it first. "
                "Choose another (a few unrelated words make a good one)."
            ),
        )
    return password
