"""The rules reference, reachable from the game page: every section of the game's ``rules_reference()``
appears on its rules page (for every hosted game), and the page of a game being played also lists every
space and card on its board with the text the board shows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain import registry
from domain.engine import RulesSection
from domain.messages import Msg
from services.i18n.render import english
from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

WORDED = [
    RulesSection(title="The phases of a round", paragraphs=["Ships are placed, crews fed, stones built."]),
    RulesSection(title="Scoring at the end", paragraphs=["Each building scores its own way."]),
]


@pytest.fixture
def worded(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Sections for every game (the server runs in this process), so the page is seen to show them."""
    for game in registry.games().values():
        monkeypatch.setattr(game, "rules_reference", lambda: WORDED)
    yield


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_section_of_a_games_rules_reference_is_on_its_page(site: Site, browser: Any, name: str) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{site.base_url}/rules/{name}")
    headings = page.locator(".rules-section h2").all_inner_texts()
    assert headings == [english(section.title) for section in registry.get_game(name).rules_reference()]
    page.context.close()


def test_the_rules_are_reached_from_the_game_page_with_every_space_and_card(
    site: Site, browser: Any, worded: None, artifacts: Path
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages.register(page, site.base_url, "yuki", "papyrus-pass-9")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    page.click("#rules-link")
    page.wait_for_url(f"{site.base_url}/games/{game_id}/rules")
    for section in WORDED:
        shown = page.locator(".rules-section", has=page.locator("h2", has_text=section.title))
        assert shown.locator("h2").is_visible()
        assert shown.locator("p").all_inner_texts() == section.paragraphs
    page.wait_for_selector("#glossary dt[id]")
    glossary = page.locator("#glossary").inner_text()
    view = site.service.view(game_id, None).view
    for space in view["river"]:
        if space["type"] == "card" and not space["card"]:
            continue  # an empty card space only says a card lies there until a ship takes it
        text = space["card"]["text"] if space["card"] else space["text"]
        shown = english(msgspec.convert(text, Msg)) if isinstance(text, dict) else text
        assert not shown or shown in glossary, space["id"]
    assert page.locator("nav[aria-label='Sections'] a").count() == len(WORDED) + 1
    page.screenshot(path=str(artifacts / "rules-page.png"), full_page=True)
    page.click("text=Back to the game")
    page.wait_for_selector("svg.river")
    page.context.close()
