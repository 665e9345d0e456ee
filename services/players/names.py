"""Names people give themselves (player names in a game, accounts' display names): normalised with NFKC
(fullwidth letters become plain ones), refused when they hold control or format characters (NUL, bidi
overrides, zero-width characters) or nothing visible, and compared case-insensitively (``casefold``)."""

from __future__ import annotations

import unicodedata
from typing import Any

from services.errors import ServiceError

# Unicode categories no name may hold: controls (Cc), format characters (Cf: bidi overrides, zero-width
# joiners and spaces, the BOM), surrogates, private use, unassigned, line and paragraph separators.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def _refused(field: str, reason: str) -> ServiceError:
    return ServiceError(400, f"{field}.invalid", f"{field} {reason}", field=field)


def normal_name(value: Any, field: str, longest: int) -> str:
    """``value`` as a name: NFKC-normalised, trimmed, 1 to ``longest`` characters, none of them a control
    or format character; a 400 naming ``field`` and why otherwise."""
    if not isinstance(value, str):
        raise _refused(field, "must be a string.")
    name = unicodedata.normalize("NFKC", value).strip()
    for character in name:
        category = unicodedata.category(character)
        if category in FORBIDDEN_CATEGORIES:
            found = f"U+{ord(character):04X}"
            raise _refused(field, f"must not contain control or invisible formatting characters ({found}).")
    if not name:
        raise _refused(field, "must hold at least one visible character.")
    if len(name) > longest:
        raise _refused(field, f"must be at most {longest} characters.")
    return name


def same_name(first: str, second: str) -> bool:
    """Two names people would read as the same (letter case and compatibility forms aside)."""
    return name_fold(first) == name_fold(second)


def name_fold(name: str) -> str:
    """The form names are compared (and indexed) in."""
    return unicodedata.normalize("NFKC", name).casefold()
