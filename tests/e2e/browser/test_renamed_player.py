"""A link to a player's former display name (an archive entry, a bookmark) opens the player's profile under
the name they use now, at its lasting address (the account's public id, never shown as text); a name
nobody has gets a page saying so, in the reader's language."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

import pytest

from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("locale", "nobody"),
    [
        ("en-US", "No such player"),
        ("de-DE", "Spieler nicht gefunden"),
        ("ja-JP", "プレイヤーが見つかりません"),
    ],
)
def test_a_link_to_a_former_name_opens_the_renamed_players_profile(
    site: Site, browser: Any, locale: str, nobody: str
) -> None:
    if site.service.social.profiles.account_of("Sahure the Great") is None:
        site.service.accounts.register("sahure", "papyrus-pass-9", display_name="Sahure")
        site.service.social.profiles.rename("sahure", "Sahure the Great")
    public_id = site.service.social.profiles.public_id("sahure")
    page = browser.new_context(locale=locale).new_page()
    page.goto(f"{site.base_url}/players/Sahure")
    page.wait_for_selector("[data-loaded='true']")
    assert page.inner_text("#profile-title") == "Sahure the Great"
    assert unquote(page.url).endswith(f"/profiles/{public_id}")
    assert public_id not in page.inner_text("body")
    assert page.locator("#profile-error").is_hidden()
    page.goto(f"{site.base_url}/players/Nobody by this name")
    assert page.inner_text("#profile-title") == nobody
    page.wait_for_selector("#profile-error:visible")
    page.context.close()
