"""A private game stays out of the lobby; its creator shares the invitation link and a friend joins by it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser


def test_a_friend_joins_a_private_game_through_its_invitation_link(site: Site, browser: Any) -> None:
    host, friend = (browser.new_context().new_page() for _ in range(2))
    pages.register(host, site.base_url, "hana", "papyrus-pass-4")
    pages.register(friend, site.base_url, "ivan", "papyrus-pass-4")
    host.set_checked("#new-game-public", False)
    game_id = pages.create_game(host, seats=2, bots=False)
    link = host.locator("#invitation a").get_attribute("href")
    assert link is not None and "invite=" in link
    friend.goto(f"{site.base_url}/")
    friend.wait_for_selector("#open-games li")
    assert friend.locator(f"#open-games li[data-game-id='{game_id}']").count() == 0
    friend.goto(site.base_url + link)
    friend.click("#join-game")
    friend.wait_for_selector("#waiting-room li:has-text('Seat 2: ivan')")
    host.wait_for_selector("#waiting-room li:has-text('Seat 2: ivan')", timeout=pages.WAIT_MS)
    host.click("#start-game")
    for page in (host, friend):
        page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    assert [p.name for p in site.service.meta(game_id).players] == ["hana", "ivan"]
    for page in (host, friend):
        page.context.close()
