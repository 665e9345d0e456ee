"""The "Ask before sending a move" setting, as a player sees it: chosen on the profile settings page (kept
after a reload), the game page then asks "Send this move?" above the decisions before sending a move;
Cancel sends nothing, Send sends it. Checked on a desktop and on a 390 px phone, where the question stands
in view."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

SHAPES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_player_who_asks_to_confirm_moves_is_asked_before_each_move(
    browser: Any, site: Site, shape: str
) -> None:
    context = browser.new_context(viewport=SHAPES[shape], reduced_motion="reduce")
    page = context.new_page()
    try:
        pages.register(page, site.base_url, f"careful-{shape}", "papyrus-pass-9")
        page.goto(f"{site.base_url}/settings/profile")
        page.wait_for_selector("#moves-form", state="visible")
        assert not page.is_checked("#confirm-moves"), "off unless chosen"
        page.check("#confirm-moves")
        page.click("#moves-form button[type=submit]")
        page.wait_for_selector("#moves-form-saved", state="visible")
        page.reload()
        page.wait_for_selector("#moves-form", state="visible")
        assert page.is_checked("#confirm-moves")

        page.goto(f"{site.base_url}/")
        pages.create_game(page, seats=2, bots=True)
        page.click("#start-game")
        page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
        pages.wait_for_my_turn(page)
        before = pages.version(page)
        passing = page.locator("#decisions [data-command='egizia.pass']")
        passing.click()
        question = page.locator("#confirm-move")
        question.wait_for(state="visible")
        assert question.locator("p").inner_text() == "Send this move?"
        assert question.locator("button").all_inner_texts() == ["Send", "Cancel"]
        box = question.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SHAPES[shape]["width"]
        question.locator("[data-confirm='cancel']").click()
        question.wait_for(state="hidden")
        page.wait_for_timeout(1000)
        assert pages.version(page) == before, "a cancelled move is not sent"
        passing.click()
        question.locator("[data-confirm='send']").click()
        pages.wait_version_above(page, before)
        assert page.locator("#refusal").is_hidden()
    finally:
        context.close()
