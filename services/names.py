"""Names people give themselves (player names in a game, accounts' display names): normalised with NFKC
(fullwidth letters become plain ones), refused when they hold control or format characters (NUL, bidi
overrides, zero-width characters), characters drawn blank (Hangul fillers, the blank Braille pattern, the
combining grapheme joiner), more than a few combining marks on one letter, or nothing visible; compared
case-insensitively (``casefold``)."""

from __future__ import annotations

import unicodedata
from typing import Any

from domain.messages import Msg, msg, msgn
from services.errors import FieldRefusal

# Unicode categories no name may hold: controls (Cc), format characters (Cf: bidi overrides, zero-width
# joiners and spaces, the BOM), surrogates, private use, unassigned, line and paragraph separators.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and symbols a font draws as nothing: Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), the blank
# Braille pattern, the combining grapheme joiner. Marks (variation selectors too) count only on a letter.
BLANK_CHARACTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
MARK_CATEGORIES = frozenset({"Mn", "Me"})
MOST_STACKED_MARKS = 4  # Vietnamese and Indic scripts stack two or three on one letter


def _refused(field: str, reason: Msg) -> FieldRefusal:
    return FieldRefusal(field, f"{field}.invalid", reason)


def normal_name(value: Any, field: str, longest: int) -> str:
    """``value`` as a name: NFKC-normalised, trimmed, 1 to ``longest`` characters, none of them a control
    or format character; a 400 naming ``field`` and why otherwise."""
    if not isinstance(value, str):
        raise _refused(field, msg("must be a string."))
    name = unicodedata.normalize("NFKC", value).strip()
    visible, stacked = False, 0
    for character in name:
        category = unicodedata.category(character)
        if category in FORBIDDEN_CATEGORIES or character in BLANK_CHARACTERS:
            found = f"U+{ord(character):04X}"
            raise _refused(
                field,
                msg("must not contain control or invisible formatting characters ({found}).", found=found),
            )
        if category in MARK_CATEGORIES:
            stacked += 1
            if stacked > MOST_STACKED_MARKS:
                raise _refused(
                    field,
                    msg("must not stack more than {count} marks on one letter.", count=MOST_STACKED_MARKS),
                )
            continue
        stacked = 0
        visible = visible or not category.startswith("Z")
    if not visible:
        raise _refused(field, msg("must hold at least one visible character."))
    if len(name) > longest:
        raise _refused(
            field, msgn("must be at most {count} character.", "must be at most {count} characters.", longest)
        )
    return name


def same_name(first: str, second: str) -> bool:
    """Two names people would read as the same (letter case and compatibility forms aside)."""
    return name_fold(first) == name_fold(second)


def name_fold(name: str) -> str:
    """The form names are compared (and indexed) in."""
    return unicodedata.normalize("NFKC", name).casefold()
