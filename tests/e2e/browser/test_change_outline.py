"""Giza and Sobek show what changed since the player's last move as Egizia does: an outline around each
changed stack, card, set or fact (a ring around a moved score marker), never a repaint, with the note above
the board and a text alternative on each outlined thing, in the page's language, on a desktop and on a
390 px phone without sideways scrolling."""

from __future__ import annotations

import time
from itertools import count
from typing import Any

import pytest

from tests.e2e.browser import pages
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
OPPONENT = "nefer"
players = count(1)


def _move(site: Site, game_id: str, seat: int, label: str) -> None:
    """``seat`` makes its first legal move, once it has one (the workers may still be settling)."""
    service = site.service
    for _ in range(200):
        legal = service.legal_commands(game_id, seat)
        if legal:
            break
        time.sleep(0.05)
    assert legal, f"seat {seat} never had a move"
    outcome = service.submit_and_wait(game_id, seat, legal[0], label, None, 5.0)
    assert outcome.status == "accepted", outcome


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
    mine, theirs = seats[player], seats[OPPONENT]
    for turn in range(6):  # my move, then theirs: what they did is outlined on my page
        if site.service.legal_commands(game_id, mine):
            _move(site, game_id, mine, f"mine-{turn}")
        _move(site, game_id, theirs, f"theirs-{turn}")
        if page.locator("#changes:not([hidden])").count() and site.service.legal_commands(game_id, mine):
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
