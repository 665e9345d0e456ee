"""One language's catalog as the JSON the pages' scripts translate with (``static/js/i18n.js``).

``messages`` maps each gettext key (``"<context>\\x04<id>"`` with a context) to its translation, or to the
list of its plural forms; ``plural`` lists the language's CLDR plural categories in gettext's order, so a
script picks a form with ``Intl.PluralRules`` (tests/unit/test_translations.py checks that the two agree).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache

import msgspec
from babel import Locale
from babel.messages.mofile import read_mo

from services.i18n.catalogs import DEFAULT_LANGUAGE, DOMAIN, LOCALE_DIR

CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
CONTEXT_SEPARATOR = "\x04"


@dataclass(frozen=True)
class PageCatalog:
    body: bytes
    etag: str


def plural_categories(code: str) -> list[str]:
    """The language's plural categories in gettext's order of forms."""
    tags = Locale.parse(code).plural_form.tags | {"other"}
    return [tag for tag in CLDR_ORDER if tag in tags]


def _messages(code: str) -> dict[str, str | list[str]]:
    if code == DEFAULT_LANGUAGE:
        return {}
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as compiled:
        catalog = read_mo(compiled)
    found: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        singular = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        key = f"{message.context}{CONTEXT_SEPARATOR}{singular}" if message.context else singular
        found[key] = list(message.string) if isinstance(message.string, (list, tuple)) else message.string
    return found


@cache
def page_catalog(code: str) -> PageCatalog:
    """The JSON for ``code`` (a shipped language), built once per process."""
    body = msgspec.json.encode(
        {"lang": code, "plural": plural_categories(code), "messages": _messages(code)}, order="sorted"
    )
    return PageCatalog(body, hashlib.sha256(body).hexdigest()[:16])
