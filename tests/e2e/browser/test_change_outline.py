"""Giza and Sobek show what changed since the player's last move as Egizia does: an outline around each
changed stack, card, set or fact (a ring around a moved score marker), never a repaint, with the note above
the board and a text alternative on each outlined thing, in the page's language, on a desktop and on a
390 px phone without sideways scrolling."""

from __future__ import annotations

from itertools import count
from typing import Any

import pytest

from tests.e2e.browser import pages, turns
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

SHAPES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
BOARDS = {"giza": ".giza-boards", "sobek": ".nile-row"}
NOTE = {
    "en": "Highlighted on the board: what changed since your last move.",
    "de": "Auf dem Spielplan markiert: was sich seit deinem letzten Zug geändert hat.",
    "ja": "ボード上の強調表示\uff1aあなたの前回の手番以降に変わったところ。",
}
SAID = {
    "en": "Changed since your last move.",
    "de": "Seit deinem letzten Zug geändert.",
    "ja": "あなたの前回の手番以降に変わりました。",
}
MAGENTA = "rgb(194, 24, 91)"
OUTLINES = """() => [...document.querySelectorAll('#board .changed, #tableaus .changed')].map((node) => {
  const style = getComputedStyle(node);
  const marker = node.querySelector('.marker');
  return {
    outline: style.outlineStyle, colour: style.outlineColor, tag: node.tagName.toLowerCase(),
    ring: marker ? getComputedStyle(marker).stroke : null,
    fill: marker ? getComputedStyle(marker).fill : null,
    seat: marker ? getComputedStyle(marker).getPropertyValue('--seat').trim() : null,
    said: [node.getAttribute('aria-label') || '', node.getAttribute('title') || '',
      node.querySelector('title')?.textContent || '', node.parentElement.textContent || ''].join(' '),
  };
})"""
SHOWN = "version => Number(document.getElementById('game').dataset.version) >= version"
OPPONENT = "nefer"
players = count(1)


@pytest.mark.parametrize("game", sorted(BOARDS))
@pytest.mark.parametrize(
    ("locale", "shape"), [("en-US", "desktop"), ("de-DE", "phone"), ("ja-JP", "phone")], ids=lambda p: p
)
def test_what_changed_since_my_last_move_is_outlined(
    site: Site, browser: Any, game: str, locale: str, shape: str
) -> None:
    context = browser.new_context(locale=locale, viewport=SHAPES[shape], reduced_motion="reduce")
    page = context.new_page()
    player = f"outline{next(players)}{game}"
    pages.register(page, site.base_url, player, "papyrus-pass-7")
    page.select_option("#new-game-type", game)
    game_id = pages.create_game(page, seats=2, bots=False)
    site.service.join(game_id, OPPONENT)
    page.click("#start-game")
    page.wait_for_selector(BOARDS[game], timeout=pages.WAIT_MS)
    seats = {p.name: p.seat for p in site.service.meta(game_id).players}
    mine = seats[player]
    for turn in range(6):  # my move, then theirs until it is mine again: what they did is outlined on my page
        shown = turns.mine_then_others(site.service, game_id, mine, f"outline-{turn}")
        page.wait_for_function(SHOWN, arg=shown.version, timeout=pages.WAIT_MS)
        if page.locator("#changes:not([hidden])").count():  # else their move changed nothing I see
            break
    page.reload()
    page.wait_for_selector("#changes:not([hidden])", timeout=pages.WAIT_MS)
    language = locale[:2]
    assert page.locator("#changes").inner_text() == NOTE[language]
    outlined = page.evaluate(OUTLINES)
    assert outlined, "nothing outlined"
    for thing in outlined:
        if thing["ring"] is not None:  # a score marker: a magenta ring, its owner's colour inside
            assert thing["ring"] == MAGENTA and thing["fill"] == thing["seat"], thing
        else:
            assert thing["outline"] == "solid" and thing["colour"] == MAGENTA, thing
        assert SAID[language] in thing["said"], thing
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "the page scrolls sideways"
    context.close()
