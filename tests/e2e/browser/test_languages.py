"""Each game's page and history in English, Japanese and German, on a desktop and on a 390 px phone: the text
a person sees is in the browser's language, names no internal id, version or event number, and axe finds no
serious or critical violation. A screenshot of every page goes to test-artifacts/browser/.

A game of each type that bots played to its end: its history page shows the board at several points of the
game (its start, the middle, the end; a screenshot of the end) and the game page its final board, as a
spectator sees them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import ENDED_GAMES, ENDED_GAMES_GROUP, Site

pytestmark = [pytest.mark.browser, ENDED_GAMES_GROUP]

LOCALES = {"en-US": "en", "ja-JP": "ja", "de-DE": "de"}
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
BLOCKING = {"serious", "critical"}
# axe's colour-contrast rule, three quarters of a scan's time, compares colours the stylesheet sets alike in
# every language: it runs once per page and screen, in this language; every other rule runs in all of them.
CONTRAST_LOCALE = "en-US"
LAYOUT_RULES = {"color-contrast": {"enabled": False}}  # off in the other languages' scans
# A card, tile or token id as the rules modules write them: N12-09, SPH-TBL-STONE, ST-WHE-2, S+3.1, SCA.3,
# CH-THIEF, EV-GUILD-1, IVO-01. A word with a lowercase letter (E-Mail, Sphinx-Kopf) is never one.
ID_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Z][A-Z0-9]*[-+.][A-Z0-9]+(?:[-+.][A-Z0-9]+)*(?![A-Za-z0-9])")
# Board and space ids: G5, S1, TL1, P2-3, C10, R_EDFU, B_SPHINX, START-FIELD (a letter or two and a number).
SPACE_ID = re.compile(r"(?<![A-Za-z0-9_])(?:[A-Z]{1,2}\d+(?:-\d+)?|[A-Z]+_[A-Z_]+)(?![A-Za-z0-9_])")
ENGLISH_CODES = re.compile(r"\bversion\b|\bevent \d+|\bseed commitment\b", re.IGNORECASE)
WORDS = {  # a word each language's game page must show
    "en": "History",
    "ja": "履歴",
    "de": "Verlauf",
}


@pytest.fixture(
    scope="module",
    params=[(locale, shape) for locale in LOCALES for shape in VIEWPORTS],
    ids=lambda p: "-".join(p),
)
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """One browser tab per language and screen, shared by the tests (each goes to the address it checks)."""
    locale, shape = request.param
    context = browser.new_context(locale=locale, viewport=VIEWPORTS[shape], reduced_motion="reduce")
    shown = context.new_page()
    shown.locale = LOCALES[locale]  # type: ignore[attr-defined]
    shown.shape = shape  # type: ignore[attr-defined]
    shown.contrast = locale == CONTRAST_LOCALE  # type: ignore[attr-defined]
    try:
        yield shown
    finally:
        context.close()


def _visible_text(page: Any) -> str:
    return str(page.evaluate("() => document.body.innerText"))


def _check_words(page: Any, where: str) -> None:
    text = _visible_text(page)
    ids = sorted(set(ID_TOKEN.findall(text)) | set(SPACE_ID.findall(text)))
    assert not ids, f"{where}: ids a player reads: {ids}"
    codes = ENGLISH_CODES.findall(text)
    assert not codes, f"{where}: internal words a player reads: {codes}"


def _violations(page: Any) -> list[str]:
    """The serious and critical violations axe finds: every rule where the page checks contrast, else every
    rule but those that depend on the layout alone."""
    from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe

    options = DEFAULT_OPTIONS if page.contrast else {**DEFAULT_OPTIONS, "rules": LAYOUT_RULES}
    results = Axe().run(page, options=options)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + "; ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
        if violation["impact"] in BLOCKING
    ]


def _snap(page: Any, artifacts: Path, name: str) -> None:
    pages.keep_shot(page, artifacts / f"lang-{name}-{page.locale}-{page.shape}")


@pytest.mark.parametrize("name", sorted(ENDED_GAMES))
def test_the_game_page_speaks_the_browsers_language_and_names_no_id(
    page: Any, site: Site, ended_games: dict[str, str], artifacts: Path, name: str
) -> None:
    page.goto(f"{site.base_url}/games/{ended_games[name]}")
    page.wait_for_selector("#log li", timeout=pages.WAIT_MS)
    assert page.evaluate("() => document.documentElement.lang") == page.locale
    assert WORDS[page.locale] in _visible_text(page)
    if page.locale == "ja":  # the game's own words are Japanese too, not only the page's frame
        assert re.search(r"[\u3040-\u30ff]", page.inner_text("#log")), "the game log is not in Japanese"
    _check_words(page, f"{name} game page")
    _snap(page, artifacts, f"{name}-game")
    assert _violations(page) == []


@pytest.mark.parametrize("name", sorted(ENDED_GAMES))
def test_the_history_shows_the_board_at_several_points_without_ids(
    page: Any, site: Site, ended_games: dict[str, str], artifacts: Path, name: str
) -> None:
    page.goto(f"{site.base_url}/games/{ended_games[name]}/history")
    page.wait_for_function("() => document.getElementById('history').dataset.shownVersion")
    last = int(page.get_attribute("#version-slider", "max"))
    for point, version in (("start", 2), ("middle", last // 2), ("end", last)):
        page.evaluate(
            "v => { const s = document.getElementById('version-slider'); s.value = v;"
            " s.dispatchEvent(new Event('input')); }",
            version,
        )
        page.wait_for_function(
            "v => document.getElementById('history').dataset.shownVersion === String(v)", arg=version
        )
        _check_words(page, f"{name} history at its {point}")
    _snap(page, artifacts, f"{name}-history-end")
    assert _violations(page) == []


def test_the_rules_pages_are_translated(page: Any, site: Site, artifacts: Path) -> None:
    for name in ENDED_GAMES:
        page.goto(f"{site.base_url}/rules/{name}")
        text = _visible_text(page)
        if page.locale == "ja":
            assert re.search(r"[\u3040-\u30ff]", page.inner_text(".rules-section")), (
                f"{name} rules not in Japanese"
            )
        _check_words(page, f"{name} rules")
        assert text
        _snap(page, artifacts, f"{name}-rules")
