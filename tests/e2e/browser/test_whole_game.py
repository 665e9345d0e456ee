"""A whole game of Egizia, a player clicking against a bot, to the final ranking on the page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

MAX_LOOPS = 5000


def test_a_player_clicks_through_a_whole_game(site: Site, browser: Any) -> None:
    first = browser.new_context(reduced_motion="reduce").new_page()  # no pulse to repaint all game long
    players = [first]
    pages.register(first, site.base_url, "fiona", "papyrus-pass-3")
    game_id = pages.create_game(first, seats=2, bots=True)
    first.click("#start-game")
    for page in players:
        page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    seat = next(p.seat for p in site.service.meta(game_id).players if p.name == "fiona")
    for _ in range(MAX_LOOPS):
        if site.service.meta(game_id).status == "over":
            break
        waiting = True
        for page in players:
            if pages.your_turn(page):
                seen = pages.version(page)
                pages.decide(page)
                pages.wait_version_above(page, seen)
                assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
                waiting = False
        if waiting:  # the bot decides
            pages.await_a_turn(site.service, game_id, {seat: first})
    table = site.service.view(game_id, None)
    assert site.service.meta(game_id).status == "over", (
        f"the game did not end: {table.status} at version {table.version}, to act {table.to_act}; the page"
        f" at version {pages.version(first)}, its turn {pages.your_turn(first)}"
    )
    # the end is written before its projections: once the page shows it, the service's view shows it too
    first.wait_for_function("() => document.getElementById('turn').textContent === 'The game is over.'")
    result = site.service.view(game_id, None).result
    assert result is not None
    names = {p.seat: p.name for p in site.service.meta(game_id).players}
    winner = result.ranking[0]
    assert f"1. {names[winner]}" in first.inner_text("#prompt")
    for page in players:
        page.context.close()
