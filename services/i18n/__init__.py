"""The languages players read: gettext catalogs under ``locale/`` (one per language, handled with Babel),
rendering of the domain's messages (``domain.messages.Msg``) and the choice of a reader's language.

English is the language of the message ids, so it needs no catalog; every other language is the directory
``locale/<code>/LC_MESSAGES`` with its ``messages.po`` and the ``messages.mo`` compiled from it
(docs/translations.md).
"""

from services.i18n.catalogs import DEFAULT_LANGUAGE, Language, language, languages
from services.i18n.choice import choose_language
from services.i18n.render import english, render, render_all

__all__ = [
    "DEFAULT_LANGUAGE",
    "Language",
    "choose_language",
    "english",
    "language",
    "languages",
    "render",
    "render_all",
]
