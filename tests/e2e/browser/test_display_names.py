"""What other players see of an account: its display name, never its login name (which a
lockout attacker would need), in the waiting room and on the board."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser


def test_the_other_player_sees_the_display_name_and_never_the_login_name(site: Site, browser: Any) -> None:
    host, guest = (browser.new_context().new_page() for _ in range(2))
    pages.register(host, site.base_url, "login-of-hostess", "papyrus-pass-4", display_name="Hostess")
    pages.register(guest, site.base_url, "login-of-guest", "papyrus-pass-4", display_name="Nubian Guest")
    game_id = pages.create_game(host, seats=2, bots=False)
    pages.join_from_lobby(guest, site.base_url, game_id)
    host.wait_for_selector("#waiting-room li:has-text('Seat 2: Nubian Guest')", timeout=pages.WAIT_MS)
    host.click("#start-game")
    for page in (host, guest):
        page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    assert "Nubian Guest" in host.locator("body").inner_text()
    assert "login-of-guest" not in host.locator("body").inner_text()
    assert "login-of-hostess" not in guest.locator("body").inner_text()
    assert [player.name for player in site.service.meta(game_id).players] == ["Hostess", "Nubian Guest"]
    for page in (host, guest):
        page.context.close()


def test_the_register_page_says_why_a_password_is_refused(site: Site, browser: Any) -> None:
    """A common password: the page keeps the player on the form and says, in words, why it was refused."""
    page = browser.new_context().new_page()
    page.goto(f"{site.base_url}/register")
    assert "Common passwords found in breaches are refused" in page.locator("#password-hint").inner_text()
    page.fill("#name", "login-of-sunny")
    page.fill("#password", "sunshine1")
    page.click("#account-form button[type=submit]")
    error = page.locator("#form-error")
    error.wait_for(state="visible", timeout=pages.WAIT_MS)
    assert "100,000 most common passwords" in error.inner_text()
    assert page.url.endswith("/register")
