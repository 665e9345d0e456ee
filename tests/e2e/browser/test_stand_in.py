"""A player who lets the clock run out (a custom clock of a few seconds, policy "a bot plays until the
player is back", chosen in the lobby's form): the page tells them a bot plays their seat and offers "Take my
seat back from the bot"; clicking it gives the seat back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PLAYER, OTHER = "stella", "oskar"
SECONDS_A_MOVE = 3


@pytest.fixture(scope="module")
def away(site: Site, browser: Any) -> Iterator[tuple[Any, Site, str]]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    pages.register(page, site.base_url, PLAYER, "papyrus-pass-7")
    pages.choose_a_short_clock(page, SECONDS_A_MOVE)
    game_id = pages.create_game(page, seats=2, bots=False)
    site.service.join(game_id, OTHER)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    try:
        yield page, site, game_id
    finally:
        context.close()


def test_a_player_whose_time_ran_out_takes_the_seat_back_from_the_bot(away: tuple[Any, Site, str]) -> None:
    page, site, game_id = away
    seat = next(p.seat for p in site.service.meta(game_id).players if p.name == PLAYER)
    meta = site.service.meta(game_id)
    assert meta.clock is not None and meta.clock.per_move == SECONDS_A_MOVE and meta.clock.policy == "bot"
    reclaim = page.locator("#table-actions button", has_text="Take my seat back from the bot")
    reclaim.wait_for(timeout=60_000)
    assert seat in site.service.meta(game_id).table.stand_in
    assert page.locator("#log").inner_text().count("ran out of time") >= 1
    page.wait_for_function(  # the panel is redrawn with every view: read the button drawn now
        """() => [...document.querySelectorAll('#table-actions button.primary')].some((b) =>
            b.innerText === 'Take my seat back from the bot'
            && getComputedStyle(b).color === 'rgb(255, 255, 255)')"""
    )
    # both seats' clocks ran out, so two bots play at full speed and the board and the log above the button
    # move with every move: the button is seldom still for the two frames a pointer click waits for (in
    # one CI run, not once in 30 s); the click goes to the button drawn now, as checked just above
    reclaim.dispatch_event("click")
    page.locator("#table-actions button.undo").wait_for(timeout=pages.WAIT_MS)
    assert (
        seat not in site.service.meta(game_id).table.stand_in
        or page.locator("#log").inner_text().count("takes the seat back") >= 1
    )
    page.wait_for_function("() => document.getElementById('log').innerText.includes('takes the seat back')")
