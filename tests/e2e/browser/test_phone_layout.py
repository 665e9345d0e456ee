"""Each game's page on a 390 x 844 phone, in English, German and Japanese, as the seated player whose turn it
is: nothing scrolls sideways (the board fits the width, no element of it is wider than the screen), the
decisions come right after the board, the table's controls (undo, pause, resign) after the board, and the page
is not much taller than the board, the decisions and the log together. A screenshot of each goes to
test-artifacts/browser/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
GAMES = ("egizia", "giza", "sobek")
LOCALES = ("en-US", "de-DE", "ja-JP")
BOARDS = {"egizia": "svg.river", "giza": ".giza-table", "sobek": ".sobek"}
# Besides the board (with the players' boards), the decisions (with their notes) and the log, the page holds
# the header, whose turn it is, the clocks, the table's controls and the chat: at most this much more.
OTHER_PARTS_PX = 1200
# The page before: the table's controls first, Egizia's board in a sideways-scrolling box, ~5,900 px tall.

LAYOUT = """() => {
  const width = document.documentElement.clientWidth;
  const box = (id) => { const found = document.getElementById(id);
    if (!found || found.hidden) return null;
    const r = found.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, height: r.height }; };
  const wide = [];
  for (const element of document.querySelectorAll('#board, #board *, #tableaus, #tableaus *')) {
    if (element instanceof SVGElement && element.ownerSVGElement) continue;  // drawn inside its SVG
    const r = element.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 1 || r.left < -1 || r.width > width)) {
      const name = `${element.tagName}.${element.getAttribute('class') || ''}`;
      wide.push(`${name} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    const scroller = getComputedStyle(element).overflowX;
    if ((scroller === 'auto' || scroller === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
      wide.push(`scrolls sideways: ${element.tagName}.${element.getAttribute('class') || ''}`);
    }
  }
  return { width, scrollWidth: document.scrollingElement.scrollWidth,
    height: document.scrollingElement.scrollHeight, wide,
    board: box('board'), tableaus: box('tableaus'), decisions: box('decisions'), notes: box('notes'),
    table: box('table-actions'), log: box('log-panel'), status: box('game-title') };
}"""


@pytest.fixture(scope="module")
def tables(site: Site, browser: Any) -> Iterator[tuple[Any, dict[str, str]]]:
    """A signed-in player's running game of each game, waiting for that player's decision, and the
    browser's signed-in state to open it with in each language."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    pages.register(page, site.base_url, "thumbs", "papyrus-pass-6")
    games = {}
    for name in GAMES:
        page.goto(f"{site.base_url}/")
        page.select_option("#new-game-type", name)
        games[name] = pages.create_game(page, seats=2, bots=True)
        page.click("#start-game")
        page.wait_for_selector(BOARDS[name], timeout=pages.WAIT_MS)
        pages.wait_for_my_turn(page)
    state = context.storage_state()
    context.close()
    yield state, games


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", GAMES)
def test_the_board_fits_a_phone_with_the_decisions_a_thumb_away(
    site: Site, browser: Any, tables: tuple[Any, dict[str, str]], artifacts: Path, name: str, locale: str
) -> None:
    state, games = tables
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=locale, storage_state=state
    )
    page = context.new_page()
    try:
        page.goto(f"{site.base_url}/games/{games[name]}")
        page.wait_for_selector(BOARDS[name], timeout=pages.WAIT_MS)
        pages.wait_for_my_turn(page)
        page.wait_for_selector("#decisions:not([hidden])", timeout=pages.WAIT_MS)
        page.wait_for_selector("#log li", timeout=pages.WAIT_MS)
        page.screenshot(path=str(artifacts / f"phone-layout-{name}-{locale}.png"), full_page=True)
        shown = page.evaluate(LAYOUT)
        print(f"{name} {locale}: {shown['height']} px tall")
        assert shown["scrollWidth"] <= PHONE["width"], shown
        assert shown["wide"] == [], shown["wide"]
        board, decisions, table, log = shown["board"], shown["decisions"], shown["table"], shown["log"]
        assert decisions["top"] >= board["bottom"] and decisions["top"] - board["bottom"] < 40, shown
        assert table is not None and table["top"] >= board["bottom"], "the table's controls after the board"
        assert table["top"] >= decisions["bottom"], "the table's controls after the decisions"
        # The notes on why some options are missing belong to the decisions; how many there are depends on the
        # hand the game dealt.
        optional = sum((shown[part] or {"height": 0})["height"] for part in ("tableaus", "notes"))
        parts = board["height"] + optional + decisions["height"]
        assert shown["height"] <= parts + log["height"] + OTHER_PARTS_PX, shown
    finally:
        context.close()
