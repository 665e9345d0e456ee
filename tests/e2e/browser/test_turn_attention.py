"""The open page as a notification channel: the tab title (what the browser's tab shows) and the favicon
say "your turn" exactly while it is the viewer's turn; and the notification settings page."""

from __future__ import annotations

from io import BytesIO
from itertools import count
from typing import Any

import pytest
from PIL import Image

from tests.e2e.browser import pages, turns
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser
TURN_PREFIX = "▶ Your turn · "
GAME_TITLE = "Egizia · Papyrus"
passes = count()


def _title_says_turn(page: Any, yours: bool) -> None:
    page.wait_for_function(
        "([prefix, yours]) => document.title.startsWith(prefix) === yours",
        arg=[TURN_PREFIX, yours],
        timeout=pages.WAIT_MS,
    )


def _play_until_the_turn_passes(site: Site, game_id: str, seat: int) -> None:
    """``seat`` moves until the other seat of the two must decide."""
    turns.until_mine(site.service, game_id, 1 - seat, f"attention-{next(passes)}")


def _first_to_act(site: Site, game_id: str) -> int:
    return min(turns.deciding(site.service, game_id).to_act)


def test_the_tab_title_and_favicon_show_your_turn_only_on_your_turn(site: Site, browser: Any) -> None:
    host, friend = (browser.new_context().new_page() for _ in range(2))
    pages.register(host, site.base_url, "tara", "papyrus-pass-4")
    pages.register(friend, site.base_url, "umar", "papyrus-pass-4")
    game_id = pages.create_game(host, seats=2, bots=False)
    pages.join_from_lobby(friend, site.base_url, game_id)
    host.click("#start-game")
    by_seat = {0: host, 1: friend}
    for _ in range(2):
        acting = _first_to_act(site, game_id)
        waiting = by_seat[1 - acting]
        _title_says_turn(by_seat[acting], True)
        _title_says_turn(waiting, False)
        assert by_seat[acting].title() == TURN_PREFIX + GAME_TITLE and waiting.title() == GAME_TITLE
        assert (by_seat[acting].get_attribute("link[rel=icon]", "href") or "").endswith("favicon-turn.svg")
        assert (waiting.get_attribute("link[rel=icon]", "href") or "").endswith("favicon.svg")
        _play_until_the_turn_passes(site, game_id, acting)
        _title_says_turn(by_seat[acting], False)
    assert host.locator("#notify-permission").is_visible()  # a player may ask for browser notifications
    spectator = browser.new_context().new_page()
    spectator.goto(f"{site.base_url}/games/{game_id}")
    spectator.wait_for_selector("#live-state:has-text('Live.')")
    assert spectator.title() == GAME_TITLE and not spectator.locator("#notify-permission").is_visible()
    for page in (host, friend, spectator):
        page.context.close()


def test_the_turn_favicon_shows_a_red_dot(site: Site, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 64, "height": 64})
    page.set_content(
        f'<img src="{site.base_url}/static/favicon-turn.svg" width="64" height="64" '
        'style="position:fixed;left:0;top:0">'
    )
    page.wait_for_timeout(200)
    image = Image.open(BytesIO(page.screenshot())).convert("RGB")
    red, green, blue = image.getpixel((50, 16))
    assert red > 150 and green < 100 and blue < 100, (red, green, blue)
    page.close()


def test_the_settings_page_saves_events_and_refuses_a_private_webhook(site: Site, browser: Any) -> None:
    page = browser.new_context().new_page()
    pages.register(page, site.base_url, "nadia", "papyrus-pass-4")
    page.click("#notify-settings-link")
    page.wait_for_url(f"{site.base_url}/account/settings")
    page.wait_for_selector("#email-state:has-text('No e-mail address yet.')")
    box = page.locator("input[name=mail][value=game_started]")
    assert box.is_checked()
    box.set_checked(False)
    page.click("#events-form button[type=submit]")
    page.wait_for_selector("#settings-saved:has-text('Saved.')")
    page.fill("#webhook-url", "https://10.0.0.7/hook")
    page.click("#webhook-form button[type=submit]")
    error = page.locator("#settings-error")
    error.wait_for(state="visible")
    assert "private" in error.inner_text()
    page.reload()
    page.wait_for_selector("#email-state:has-text('No e-mail address yet.')")
    assert not page.locator("input[name=mail][value=game_started]").is_checked()
    assert page.locator("input[name=mail][value=your_turn]").is_checked()
    page.context.close()


CAPTURE_NOTIFICATIONS = """
window.__shown = [];
Object.defineProperty(document, "hidden", { get: () => window.__hidden === true });
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__shown.push({ title, body: options.body }); }
};
"""


def test_a_turn_in_a_background_tab_raises_a_browser_notification(site: Site, browser: Any) -> None:
    host_context = browser.new_context()
    host_context.add_init_script(CAPTURE_NOTIFICATIONS)
    host, friend = host_context.new_page(), browser.new_context().new_page()
    pages.register(host, site.base_url, "wendel", "papyrus-pass-4")
    pages.register(friend, site.base_url, "ximena", "papyrus-pass-4")
    game_id = pages.create_game(host, seats=2, bots=False)
    pages.join_from_lobby(friend, site.base_url, game_id)
    host.evaluate("window.__hidden = true")
    host.click("#start-game")
    acting = _first_to_act(site, game_id)
    if acting != 0:
        _play_until_the_turn_passes(site, game_id, acting)
    _title_says_turn(host, True)
    shown = host.evaluate("window.__shown")
    assert shown == [{"title": "Your turn", "body": "It is your turn in Egizia."}]
    for page in (host, friend):
        page.context.close()
