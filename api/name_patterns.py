"""The OpenAPI pattern of a login name, exactly as the server reads one (services/players/accounts.py):
NFKC-normalised, then 3-32 of letters, digits, ``_ . -`` starting with a letter or digit. JSON Schema has no
normalisation, so the pattern lists every character whose NFKC form is one such character (U+FF41
fullwidth a, U+1D41A mathematical bold a...); characters that normalise to several (U+338F, "kg") are left
out, so that the length the document states is the length the server counts. Built once, on first use
(a fraction of a second: only the code points NFKC changes are normalised)."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable
from functools import cache

_SURROGATES = range(0xD800, 0xE000)
_SPECIAL = set("\\]^-[")


@cache
def _ascii_forms() -> list[tuple[int, str]]:
    """Every code point whose NFKC form is one ASCII character, with that form. A code point that is its
    own NFKC form (a fast check) is not normalised: its form is ASCII only if it is ASCII itself."""
    found = []
    for code in range(sys.maxunicode + 1):
        if code in _SURROGATES:
            continue
        character = chr(code)
        if character.isascii():
            found.append((code, unicodedata.normalize("NFKC", character)))
        elif not unicodedata.is_normalized("NFKC", character):
            normal = unicodedata.normalize("NFKC", character)
            if len(normal) == 1 and normal.isascii():
                found.append((code, normal))
    return found


def _characters(accepts: Callable[[str], bool]) -> list[int]:
    return [code for code, normal in _ascii_forms() if accepts(normal)]


def _literal(code: int) -> str:
    character = chr(code)
    return "\\" + character if character in _SPECIAL else character


def _character_class(codes: list[int]) -> str:
    spans: list[tuple[int, int]] = []
    for code in codes:
        if spans and spans[-1][1] == code - 1:
            spans[-1] = (spans[-1][0], code)
        else:
            spans.append((code, code))
    parts = [_literal(low) if low == high else f"{_literal(low)}-{_literal(high)}" for low, high in spans]
    return "[" + "".join(parts) + "]"


@cache
def login_name_pattern() -> str:
    """``^<first><rest>{2,31}$`` over every character that normalises to a character the rule allows."""
    first = _character_class(_characters(lambda normal: normal.isascii() and normal.isalnum()))
    rest = _character_class(_characters(lambda normal: bool(re.fullmatch(r"[A-Za-z0-9_.-]", normal))))
    return f"^{first}{rest}{{2,31}}$"
