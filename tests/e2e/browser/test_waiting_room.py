"""The waiting room as its players see it: the game's clock, what happens when time runs out and its options
in words, the invitation link, and the Start button for the player who created the game only (the others
read who starts it), in English and in German."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser


def test_the_waiting_room_shows_clock_options_and_link_and_only_the_creator_starts(
    site: Site, browser: Any, artifacts: Path
) -> None:
    host = browser.new_context(locale="en-US").new_page()
    guest = browser.new_context(locale="de-DE").new_page()
    pages.register(host, site.base_url, "imhotep", "papyrus-pass-9", display_name="Imhotep")
    pages.register(guest, site.base_url, "hemiunu", "papyrus-pass-9", display_name="Hemiunu")
    host.goto(f"{site.base_url}/")
    host.select_option("#new-game-type", "egizia")
    host.select_option("#new-game-clock-preset", "fast")
    host.set_checked("#new-game-variants input[name=without_tenth_card]", True)
    game_id = pages.create_game(host, seats=3, bots=True)
    facts = host.inner_text("#game-facts")
    assert "Fast (live): 2 minutes a move + 10 minutes reserve" in facts
    assert "A bot plays until the player is back" in facts
    assert "Leave out the Sphinx card worth +1 point per 10 points of your score\nyes" in facts
    link = host.locator("#invitation a")
    assert link.inner_text() == f"{site.base_url}/games/{game_id}"
    assert host.locator("#start-game").is_visible()
    host.screenshot(path=str(artifacts / "waiting-room-creator.png"), full_page=True)

    pages.join_from_lobby(guest, site.base_url, game_id)
    guest.wait_for_selector("#waiting-for-host")
    assert guest.locator("#start-game").count() == 0, "only the creator may start the game"
    assert guest.inner_text("#waiting-for-host") == "Imhotep hat dieses Spiel erstellt und startet es."
    assert "Schnell" in guest.inner_text("#game-facts")
    guest.screenshot(path=str(artifacts / "waiting-room-guest-de.png"), full_page=True)

    host.reload()
    host.click("#start-game")
    guest.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    for page in (host, guest):
        page.context.close()


def test_form_errors_name_the_field_in_the_forms_units_and_language(site: Site, browser: Any) -> None:
    page = browser.new_context(locale="de-DE").new_page()
    page.goto(f"{site.base_url}/register")
    page.fill("#name", "nebka")
    page.fill("#password", "kurz")
    page.click("#account-form button[type=submit]")
    page.wait_for_selector("#form-error:not([hidden])")
    assert page.inner_text("#form-error") == "Passwort: mindestens 8 Zeichen"
    pages.register(page, site.base_url, "nebka", "papyrus-pass-9")
    page.select_option("#new-game-clock-preset", "custom")
    page.fill("#new-game-clock-per-move", "-5")
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#new-game-error:not([hidden])")
    error = page.inner_text("#new-game-error")
    assert error == "Minuten pro Zug: eine Zahl von Minuten von 0 bis 525600", error
    page.context.close()
