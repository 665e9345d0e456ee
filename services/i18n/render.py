"""A domain message as the text a reader of one language reads."""

from __future__ import annotations

import re
from collections.abc import Iterable

from domain.messages import Arg, Msg
from services.i18n.catalogs import Language, language

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _template(message: Msg, into: Language) -> str:
    catalog = into.translations
    if message.plural:
        count = message.args.get("count", 0)
        number = count if isinstance(count, int) else 0
        if message.context:
            return catalog.npgettext(message.context, message.id, message.plural, number)
        return catalog.ngettext(message.id, message.plural, number)
    if message.context:
        return catalog.pgettext(message.context, message.id)
    return catalog.gettext(message.id)


def _argument(value: Arg, into: Language) -> str:
    if isinstance(value, Msg):
        return _render(value, into)
    if isinstance(value, list):
        separator = into.translations.pgettext("list separator", ", ")
        return separator.join(_argument(item, into) for item in value)
    return str(value)


def _render(message: Msg, into: Language) -> str:
    args = message.args
    return PLACEHOLDER.sub(
        lambda found: _argument(args[found[1]], into) if found[1] in args else found[0],
        _template(message, into),
    )


def render(message: Msg, code: str) -> str:
    """``message`` in the language ``code`` (English for a language not shipped)."""
    return _render(message, language(code))


def render_all(messages: Iterable[Msg], code: str) -> list[str]:
    return [render(message, code) for message in messages]


def english(message: Msg | str) -> str:
    """A message in English, for logs and the auditor's report (a plain string as it is)."""
    return message if isinstance(message, str) else render(message, "en")
