"""A clear undo while it is allowed: right after a player's own move, while nobody else acted since, the game
page shows "Undo my last move" under the turn; pressing it takes the move back and the player moves again;
the other player's page never shows it, and it goes once the move is taken back. At a table with a bot, the
bot's grace leaves the player time to undo."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}


def test_right_after_my_move_the_page_offers_to_undo_it_and_the_undo_works(browser: Any, site: Site) -> None:
    host_context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    guest_context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        pages.register(host, site.base_url, "undo-host", "papyrus-pass-5")
        pages.register(guest, site.base_url, "undo-guest", "papyrus-pass-6")
        pages.start_with_a_guest(host, guest, site.base_url, "svg.river", pages.TWO_PLAYERS)
        mover = next(page for page in (host, guest) if _waits_for_turn(page))
        other = guest if mover is host else host
        undo = mover.locator("#undo-now")
        assert undo.is_hidden(), "nothing to undo before my first move"
        before = pages.version(mover)
        pages.decide(mover)
        pages.wait_version_above(mover, before)
        undo.wait_for(state="visible", timeout=pages.WAIT_MS)
        assert undo.inner_text() == "Undo my last move"
        other.wait_for_function(
            "v => Number(document.getElementById('game').dataset.version) > v", arg=before
        )
        assert other.locator("#undo-now").is_hidden(), "only the player who moved may take it back"
        moved = pages.version(mover)
        undo.click()
        pages.wait_version_above(mover, moved)
        undo.wait_for(state="hidden", timeout=pages.WAIT_MS)
        assert mover.locator("#refusal").is_hidden()
        pages.wait_for_my_turn(mover)
    finally:
        host_context.close()
        guest_context.close()


def _waits_for_turn(page: Any) -> bool:
    page.wait_for_function("() => document.getElementById('game').dataset.version", timeout=pages.WAIT_MS)
    for _ in range(50):
        if pages.your_turn(page):
            return True
        page.wait_for_timeout(100)
    return False


def test_at_a_table_with_a_bot_the_bot_waits_so_the_player_can_undo(
    browser: Any, site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a bot grace (PAPYRUS_BOT_GRACE) the bot waits after the player's move: the page offers the undo
    and it is accepted."""
    monkeypatch.setattr(site.service.components.next_steps, "bot_grace", 4.0)
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    try:
        pages.register(page, site.base_url, "undo-solo", "papyrus-pass-8")
        pages.create_game(page, seats=2, bots=True)
        page.click("#start-game")
        page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
        pages.wait_for_my_turn(page)
        before = pages.version(page)
        pages.decide(page)
        pages.wait_version_above(page, before)
        undo = page.locator("#undo-now")
        undo.wait_for(state="visible", timeout=pages.WAIT_MS)
        moved = pages.version(page)
        undo.click()
        pages.wait_version_above(page, moved)
        undo.wait_for(state="hidden", timeout=pages.WAIT_MS)
        assert page.locator("#refusal").is_hidden(), page.locator("#refusal").inner_text()
        pages.wait_for_my_turn(page)
        assert page.locator("#log li.undone").count() > 0, "the log strikes the move through"
    finally:
        context.close()


def test_a_move_costs_the_page_one_request(browser: Any, site: Site) -> None:
    """The answer to a move carries the mover's view and the move's events: the page shows them without
    reading its view or the log again (the live stream, opened before, is not a request of the move)."""
    host_context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    guest_context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    host, guest = host_context.new_page(), guest_context.new_page()
    try:
        pages.register(host, site.base_url, "one-request-host", "papyrus-pass-5")
        pages.register(guest, site.base_url, "one-request-guest", "papyrus-pass-6")
        pages.start_with_a_guest(host, guest, site.base_url, "svg.river", pages.TWO_PLAYERS)
        mover = next(page for page in (host, guest) if _waits_for_turn(page))
        requests: list[str] = []
        mover.on("request", lambda request: requests.append(f"{request.method} {request.url}"))
        before = pages.version(mover)
        pages.decide(mover)
        pages.wait_version_above(mover, before)
        mover.locator("#undo-now").wait_for(state="visible", timeout=pages.WAIT_MS)
        moves = [each for each in requests if "/api/" in each and "/live" not in each]
        assert len(moves) == 1 and moves[0].startswith("POST ") and "/commands?view=1" in moves[0], moves
        assert mover.locator("#log li").count() > 0
    finally:
        host_context.close()
        guest_context.close()
