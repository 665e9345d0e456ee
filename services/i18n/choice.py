"""Which shipped language a reader gets: the account's setting, else the browser's ``Accept-Language``."""

from __future__ import annotations

from services.i18n.catalogs import DEFAULT_LANGUAGE, languages


def _ranges(accept_language: str) -> list[tuple[float, int, str]]:
    ranked = []
    for position, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, position, tag.strip().lower()))
    return sorted(ranked)


def choose_language(setting: str | None, accept_language: str | None) -> str:
    """The account's language when it is shipped, else the first shipped language the browser accepts
    (``de-AT`` counts as ``de``), else English."""
    shipped = languages()
    if setting is not None and setting in shipped:
        return setting
    for _, _, tag in _ranges(accept_language or ""):
        primary = tag.split("-")[0]
        if primary in shipped:
            return primary
    return DEFAULT_LANGUAGE
