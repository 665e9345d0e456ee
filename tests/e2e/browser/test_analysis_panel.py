"""A finished game's history page offers the search bot's analysis: a player picks a past position and a
seat, asks, and reads the preferred move in words with its estimated win chance, in the page's language,
computed by a worker."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site
from tests.service.test_analysis import NAME, _a_decision

pytestmark = pytest.mark.browser

PREFERRED = {"en-US": "Preferred:", "ja-JP": "推奨"}  # the catalogs' words for the best move


@pytest.fixture(params=sorted(PREFERRED))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    context = browser.new_context(locale=request.param, viewport={"width": 1280, "height": 900})
    shown = context.new_page()
    shown.locale = request.param  # type: ignore[attr-defined]
    try:
        yield shown
    finally:
        context.close()


def test_the_history_page_shows_the_search_bots_preferred_move_and_win_chance(page: Any, site: Site) -> None:
    game_id = pages.bot_game_to_the_end(site.service, NAME, 2)
    version, seat = _a_decision(site.service, game_id)
    page.goto(f"{site.base_url}/games/{game_id}/history")
    page.wait_for_selector("#analysis", state="visible", timeout=pages.WAIT_MS)
    page.fill("#version-slider", str(version))
    page.wait_for_function(
        "v => document.getElementById('history').dataset.shownVersion === String(v)", arg=version
    )
    page.select_option("#analysis-seat", str(seat))
    page.click("#analysis-ask")
    line = page.locator("#analysis-answer .analysis-line").first
    line.wait_for(timeout=60_000)
    text = line.inner_text()
    assert text.startswith(PREFERRED[page.locale]), text
    assert "%" in text and any(character.isdigit() for character in text), text
