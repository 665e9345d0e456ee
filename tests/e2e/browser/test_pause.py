"""A pause as the players see it, one on a desktop screen and one on a 390 px phone: the other player is asked
"X asks to pause the game" with Accept and Decline, a request can be withdrawn or declined, and once both
agreed a banner on every page says who asked and who agreed while every move control stays in view,
disabled, until a player resumes the game."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from services.i18n import english
from tests.e2e.browser import pages, seen
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-6"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
HOST, GUEST = "pia", "quentin"
PAUSED_BACKGROUND = "rgb(255, 236, 179)"


@dataclass
class Pair:
    site: Site
    host: Any
    guest: Any
    game_id: str

    def pages(self) -> list[Any]:
        return [self.host, self.guest]

    def on_turn(self) -> Any:
        """The page of the player whose turn it is."""
        service = self.site.service
        names = {player.seat: player.name for player in service.meta(self.game_id).players}
        (seat,) = service.view(self.game_id, None).to_act
        return self.host if names[seat] == HOST else self.guest


@pytest.fixture(scope="module")
def pair(site: Site, browser: Any) -> Iterator[Pair]:
    desktop = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    phone = browser.new_context(viewport=PHONE, reduced_motion="reduce", is_mobile=True, has_touch=True)
    try:
        host, guest = desktop.new_page(), phone.new_page()
        pages.register(host, site.base_url, HOST, PASSWORD)
        pages.register(guest, site.base_url, GUEST, PASSWORD)
        table = pages.NewTable("giza", seats=2, bots=False)
        game_id = pages.start_with_a_guest(host, guest, site.base_url, ".giza-boards", table)
        yield Pair(site, host, guest, game_id)
    finally:
        desktop.close()
        phone.close()


SHOWS = """text => {
  const node = document.getElementById('pause');
  return !node.hidden && node.querySelector('.pause-text').innerText === text;
}"""


def _pause_text(page: Any, text: str) -> None:
    page.wait_for_function(SHOWS, arg=text, timeout=pages.WAIT_MS)


def _no_pause(page: Any) -> None:
    page.wait_for_function("() => document.getElementById('pause').hidden", timeout=pages.WAIT_MS)


def _propose(page: Any) -> None:
    page.locator("#table-actions button", has_text="Propose a pause").click()


def test_the_other_player_is_asked_and_a_request_can_be_withdrawn(pair: Pair) -> None:
    _propose(pair.host)
    _pause_text(pair.guest, f"{HOST} asks to pause the game.")
    _pause_text(pair.host, f"You asked to pause the game; waiting for {GUEST}.")
    buttons = pair.guest.locator("#pause button")
    assert buttons.all_inner_texts() == ["Accept", "Decline"]
    assert all(button.is_enabled() and seen.uncovered(button) for button in buttons.all())
    box = pair.guest.locator("#pause").bounding_box()
    assert box is not None and box["y"] < PHONE["height"], "the request is in view on the phone"
    pair.host.locator("#pause button", has_text="Withdraw my request").click()
    for page in pair.pages():
        _no_pause(page)


def test_a_declined_request_ends_and_the_game_goes_on(pair: Pair) -> None:
    _propose(pair.host)
    _pause_text(pair.guest, f"{HOST} asks to pause the game.")
    pair.guest.locator("#pause button", has_text="Decline").click()
    for page in pair.pages():
        _no_pause(page)
    history = pair.site.service.history(pair.game_id, None)
    assert any(
        f"{GUEST} declines the pause" in english(getattr(entry, "description", "")) for entry in history
    )


def test_once_both_agreed_a_banner_says_who_and_the_move_controls_are_disabled_until_resumed(
    pair: Pair, artifacts: Path
) -> None:
    _propose(pair.host)
    _pause_text(pair.guest, f"{HOST} asks to pause the game.")
    pair.guest.locator("#pause button", has_text="Accept").click()
    banner = f"The game is paused: {HOST} asked, {GUEST} agreed. The clocks are stopped."
    for page in pair.pages():
        _pause_text(page, banner)
        assert page.locator("#turn").inner_text() == "The game is paused."
        assert page.get_attribute("#game", "data-your-turn") == "false"
        background = page.locator("#pause").evaluate("n => getComputedStyle(n).backgroundColor")
        assert background == PAUSED_BACKGROUND
    on_turn = pair.on_turn()
    controls = on_turn.locator("#board button, #decisions button")
    assert controls.count() > 0, "the hand's tiles and the choices stay in view"
    assert all(control.is_disabled() for control in controls.all()), "every move control is disabled"
    assert on_turn.locator("#board").evaluate("n => n.inert") is True
    assert on_turn.locator("#board").evaluate("n => getComputedStyle(n).opacity") == "0.55"
    seen.screenshot(pair.guest, str(artifacts / "pause-banner-phone.png"))
    seen.screenshot(pair.host, str(artifacts / "pause-banner-desktop.png"))
    pair.guest.locator("#pause button", has_text="Resume the game").click()
    for page in pair.pages():
        _no_pause(page)
    page = on_turn
    enabled = "() => [...document.querySelectorAll('#board button')].some((b) => !b.disabled)"
    page.wait_for_function(enabled, timeout=pages.WAIT_MS)
    assert page.locator("#board").evaluate("n => n.inert") is False
