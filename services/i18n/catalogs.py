"""The shipped languages, each read once from its compiled gettext catalog."""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Language:
    """A language players can read: its code (``"ja"``), its name in itself (``"日本語"``) and its
    gettext translations (``NullTranslations`` for English, the language of the ids)."""

    code: str
    name: str
    translations: gettext.NullTranslations


def _catalog(code: str) -> gettext.NullTranslations:
    if code == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


@cache
def languages() -> dict[str, Language]:
    """Every shipped language by code, English first: one per catalog under ``locale/``."""
    compiled = sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    codes = [DEFAULT_LANGUAGE, *compiled]
    found = {}
    for code in codes:
        translations = _catalog(code)
        # The language's own name is the translation of "English" in its catalog.
        found[code] = Language(code, translations.pgettext("language name", "English"), translations)
    return found


def language(code: str) -> Language:
    """A shipped language by code; English for any code not shipped."""
    shipped = languages()
    return shipped.get(code, shipped[DEFAULT_LANGUAGE])
