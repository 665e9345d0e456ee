"""One player against a bot: the lobby marks their turn, a stale tab shows why its command was refused, a
dropped live connection comes back by itself, the pages fit a phone's width, and a spectator reads the
board without any hidden card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.messages import Msg
from services.i18n import english
from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

LIVE = "**/api/games/*/live"
COMMANDS = "**/api/games/*/commands?view=1"
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


def _answered_late(route: Any) -> None:
    """The command reaches the server, but the page hears only "not decided yet" (202), as when the
    workers take longer than the server waits."""
    route.fetch()
    route.fulfill(status=202, json={"status": "pending"})


def _play_until_the_bot_has_moved(page: Any, decisions: int = 20) -> None:
    """Decide until it is this player's turn again after the bot acted: a turn may ask for several
    decisions in a row, and only the bot's move makes an undo refused. The page's own "Undo my last
    move" button is up exactly while nobody else has acted since the player's last move."""
    for _ in range(decisions):
        pages.wait_for_my_turn(page)
        if page.locator("#undo-now").is_hidden():
            return
        seen = pages.version(page)
        pages.decide(page)
        pages.wait_version_above(page, seen)
    raise AssertionError(f"the bot never moved in {decisions} of this player's decisions")


def test_a_refusal_decided_after_the_servers_wait_still_reaches_the_page(game: tuple[Any, str]) -> None:
    page, _ = game
    pages.wait_for_my_turn(page)
    seen = pages.version(page)
    pages.decide(page)
    pages.wait_version_above(page, seen)
    _play_until_the_bot_has_moved(page)
    page.route(COMMANDS, _answered_late)
    try:
        page.locator("#table-actions button.undo").click()
        refusal = page.locator("#refusal")
        refusal.wait_for(timeout=pages.WAIT_MS)
        assert refusal.inner_text() == "Refused: Another seat has acted since your last move."
    finally:
        page.unroute(COMMANDS)


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


def _play_until_the_river_shows_a_card(page: Any, site: Site, game_id: str, decisions: int = 20) -> Any:
    """The river empties as a round ends: decide until it is this player's turn (the bot waits, the board
    stands still) with a card on the river; returns the spectator's view of that board."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{site.base_url}/games/{game_id}")
    page.wait_for_selector("svg.river")
    for _ in range(decisions):
        pages.wait_for_my_turn(page)
        view = site.service.view(game_id, None).view
        if any(space["card"] for space in view["river"]):
            return view
        seen = pages.version(page)
        pages.decide(page)
        pages.wait_version_above(page, seen)
    raise AssertionError(f"no card on the river in {decisions} of this player's decisions")


def test_a_spectator_sees_the_board_reads_a_card_by_tapping_it_and_sees_no_hidden_card(
    game: tuple[Any, str], site: Site, browser: Any
) -> None:
    page, game_id = game
    view = _play_until_the_river_shows_a_card(page, site, game_id)
    card_space = next(space for space in view["river"] if space["card"])
    spectator = browser.new_context(viewport=PHONE).new_page()
    spectator.goto(f"{site.base_url}/games/{game_id}")
    spectator.wait_for_selector("svg.river")
    assert spectator.locator("svg g.legal").count() == 0
    assert spectator.locator("#decisions").is_hidden()
    spectator.locator(f"svg.river g[data-space='{card_space['id']}']").click()
    inspector = spectator.locator(".inspector")
    assert english(msgspec.convert(card_space["card"]["text"], Msg)) in inspector.inner_text()
    hands = [site.service.view(game_id, seat).view["players"][seat]["sphinx"] for seat in (0, 1)]
    assert all(hands), "every seat starts with a Sphinx card"
    page_text = spectator.content()
    assert not [card["id"] for hand in hands for card in hand if card["id"] in page_text]
    spectator.context.close()


def test_a_double_click_on_a_move_sends_it_once_and_shows_no_refusal(site: Site, browser: Any) -> None:
    """On a game of its own: passing ends this player's round, which the other tests' game must not."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    pages.register(page, site.base_url, "dora", "papyrus-pass-3")
    pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    pages.wait_for_my_turn(page)
    seen = pages.version(page)
    passing = page.locator("#decisions [data-command='egizia.pass']")
    passing.wait_for()
    held: list[Any] = []  # both clicks' requests, answered only once both are sent
    page.route(COMMANDS, lambda route: held.append(route))
    passing.dblclick()
    pages.wait_until(page, lambda: len(held) >= 2)
    for route in held:
        route.continue_()
    page.unroute(COMMANDS)
    pages.wait_version_above(page, seen)
    page.wait_for_timeout(1500)  # the second click's answer, had it been refused, would show by now
    assert page.locator("#refusal").is_hidden(), page.locator("#refusal").inner_text()
    posted = [msgspec.json.decode(route.request.post_data or "")["command_id"] for route in held]
    assert len(posted) == 2 and len(set(posted)) == 1, "both clicks sent, with one command id"
    context.close()
