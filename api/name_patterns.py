"""The OpenAPI pattern of a login name, exactly as the server reads one (services/players/accounts.py):
NFKC-normalised, then 3-32 of letters, digits, ``_ . -`` starting with a letter or digit. JSON Schema has no
normalisation, so the pattern lists every character whose NFKC form is one such character (U+FF41
fullwidth a, U+1D41A mathematical bold a...); characters that normalise to several (U+338F, "kg") are left
out, so that the length the document states is the length the server counts. Built once, on first use
(about a second: every code point is normalised)."""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable
from functools import cache

_SURROGATES = range(0xD800, 0xE000)
_SPECIAL = set("\\]^-[")


def _characters(accepts: Callable[[str], bool]) -> list[int]:
    found = []
    for code in range(sys.maxunicode + 1):
        if code in _SURROGATES:
            continue
        normal = unicodedata.normalize("NFKC", chr(code))
        if len(normal) == 1 and accepts(normal):
            found.append(code)
    return found


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
