"""One player against a bot: the lobby marks their turn, a stale tab shows why its command was refused, a
dropped live connection comes back by itself, the pages fit a phone's width, and a spectator reads the
board without any hidden card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

LIVE = "**/api/games/*/live"
PHONE = {"width": 390, "height": 844}
STALE = "Someone moved first — the board is updated, choose again."


@pytest.fixture(scope="module")
def game(site: Site, browser: Any) -> Iterator[tuple[Any, str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    pages.register(page, site.base_url, "carla", "papyrus-pass-2")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    try:
        yield page, game_id
    finally:
        context.close()


def test_the_lobby_marks_the_game_where_it_is_my_turn(game: tuple[Any, str], site: Site) -> None:
    page, game_id = game
    pages.wait_for_my_turn(page)
    page.goto(f"{site.base_url}/")
    entry = page.locator(f"#my-games li[data-game-id='{game_id}']")
    entry.wait_for()
    assert entry.get_attribute("data-your-turn") == "true"
    assert entry.locator(".badge").inner_text() == "Your turn"
    entry.locator("a").click()
    page.wait_for_selector("svg.river g.legal")


def test_a_stale_tab_shows_the_refusal_and_reconnects_after_a_dropped_connection(
    game: tuple[Any, str], site: Site
) -> None:
    page, game_id = game
    pages.wait_for_my_turn(page)
    stale = page.context.new_page()
    stale.route(LIVE, lambda route: route.abort())
    stale.goto(f"{site.base_url}/games/{game_id}")
    stale.wait_for_selector("svg.river g.legal")
    stale.wait_for_selector("#live-state[data-status='offline']")
    seen = pages.version(page)
    pages.decide(page)
    pages.wait_version_above(page, seen)
    pages.decide(stale)
    refusal = stale.locator("#refusal")
    refusal.wait_for()
    assert refusal.is_visible() and refusal.inner_text() == STALE
    stale.wait_for_function(  # the board is updated: the tab now shows the version the other one made
        "v => Number(document.getElementById('game').dataset.version) >= v", arg=pages.version(page)
    )
    stale.unroute(LIVE)
    stale.wait_for_selector("#live-state[data-status='live']", timeout=pages.WAIT_MS)
    pages.wait_for_my_turn(page)
    moved = pages.version(page)
    pages.decide(page)
    pages.wait_version_above(page, moved)
    stale.wait_for_function(  # the other tab's move reaches this one through the restored live stream
        "v => Number(document.getElementById('game').dataset.version) > v", arg=moved, timeout=pages.WAIT_MS
    )
    stale.close()


@pytest.mark.parametrize("path", ["/", "/games/{game_id}", "/games/{game_id}/history"])
def test_pages_fit_a_phone(game: tuple[Any, str], site: Site, artifacts: Path, path: str) -> None:
    page, game_id = game
    page.set_viewport_size(PHONE)
    page.goto(site.base_url + path.format(game_id=game_id))
    if path == "/":
        page.wait_for_selector(f"#my-games li[data-game-id='{game_id}']")
    else:
        page.wait_for_selector("svg.river")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{path} is {overflow}px wider than a phone"
    name = path.replace("/{game_id}", "").strip("/").replace("/", "-") or "lobby"
    page.screenshot(path=str(artifacts / f"phone-{name}.png"), full_page=True)
    page.screenshot(path=str(artifacts / f"phone-{name}-screen.png"))


def test_a_spectator_sees_the_board_reads_a_card_by_tapping_it_and_sees_no_hidden_card(
    game: tuple[Any, str], site: Site, browser: Any
) -> None:
    _, game_id = game
    spectator = browser.new_context(viewport=PHONE).new_page()
    spectator.goto(f"{site.base_url}/games/{game_id}")
    spectator.wait_for_selector("svg.river")
    assert spectator.locator("svg g.legal").count() == 0
    assert spectator.locator("#decisions").is_hidden()
    view = site.service.view(game_id, None).view
    card_space = next(space for space in view["river"] if space["card"])
    spectator.locator(f"svg.river g[data-space='{card_space['id']}']").click()
    inspector = spectator.locator(".inspector")
    assert card_space["card"]["text"] in inspector.inner_text()
    hands = [site.service.view(game_id, seat).view["players"][seat]["sphinx"] for seat in (0, 1)]
    assert all(hands), "every seat starts with a Sphinx card"
    page_text = spectator.content()
    assert not [card["id"] for hand in hands for card in hand if card["id"] in page_text]
    spectator.context.close()
