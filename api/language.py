"""The language of the caller of one request: the signed-in account's setting, else the browser's
``Accept-Language`` (English when it names no shipped language). Computed once per request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from flask import g, request

from api.account_auth import caller_account
from api.context import game_service
from domain.messages import Msg
from services.i18n import choose_language, render
from services.results import HistoryEntry, HistoryEvent

_CACHE = "papyrus_language"


LANGUAGE_COOKIE = "papyrus_lang"  # a signed-out visitor's choice, set by the pages' language selector


def request_language() -> str:
    """The account's setting, else the visitor's language cookie, else ``Accept-Language``, else English."""
    if _CACHE not in g:
        account = caller_account()
        setting = game_service().accounts.language(account) if account else None
        chosen = setting if setting is not None else request.cookies.get(LANGUAGE_COOKIE)
        setattr(g, _CACHE, choose_language(chosen, request.headers.get("Accept-Language")))
    code: str = getattr(g, _CACHE)
    return code


def use_language(code: str) -> None:
    """This request's language is ``code`` (chosen by :func:`request_language` in an earlier context of the
    same request: an answer made after the request returned, api/blueprints/commands.py)."""
    setattr(g, _CACHE, code)


def rendered(message: Any) -> str:
    """A message as the caller reads it: a stored message (its builtins form) is rendered, a string left
    as it is (answers recorded before messages had ids)."""
    if isinstance(message, Msg):
        return render(message, request_language())
    if isinstance(message, dict):
        return render(msgspec.convert(message, Msg), request_language())
    return str(message)


def localized(entries: Sequence[HistoryEntry]) -> list[HistoryEntry]:
    """History entries as the caller reads them: each description and refusal in the caller's language."""
    shown: list[HistoryEntry] = []
    for entry in entries:
        if isinstance(entry, HistoryEvent):
            shown.append(msgspec.structs.replace(entry, description=rendered(entry.description)))
        elif entry.violation and "message" in entry.violation:
            violation = {**entry.violation, "message": rendered(entry.violation["message"])}
            shown.append(msgspec.structs.replace(entry, violation=violation))
        else:
            shown.append(entry)
    return shown
