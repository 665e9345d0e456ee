"""Giza's tiles and Sobek's cards carry pictures from /static/icons.svg (Giza: stones, treasures, scarabs,
demolish tiles and the Sphinx's parts; Sobek: each kind of goods and each character card, its own), drawn
on the board with a text alternative in the page's language (the tile's kind word and title, the card's
label), on a desktop and on a 390 px phone without sideways scrolling."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import ENDED_GAMES_GROUP, Site

pytestmark = [pytest.mark.browser, ENDED_GAMES_GROUP]

ICONS = Path(__file__).resolve().parents[3] / "api" / "web" / "static" / "icons.svg"
SHAPES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
DRAWN = {"giza": ".giza-tile[data-kind]", "sobek": ".card:not(.back)"}  # what carries a picture
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PICTURES = """(selector) => [...document.querySelectorAll(selector)].map((thing) => {
  const picture = thing.querySelector('svg.icon use');
  const box = picture ? picture.closest('svg').getBoundingClientRect() : null;
  return {
    card: thing.getAttribute('data-card'),
    href: picture ? picture.getAttribute('href') : null,
    hidden: picture ? picture.closest('svg').getAttribute('aria-hidden') : null,
    width: box ? box.width : 0,
    named: [thing.getAttribute('aria-label') || '', thing.getAttribute('title') || '', thing.innerText]
      .join(' ').trim(),
  };
})"""


def _symbols() -> set[str]:
    return {node.attrib["id"] for node in ElementTree.parse(ICONS).getroot() if node.attrib.get("id")}


@pytest.fixture(params=[("en-US", "desktop"), ("ja-JP", "phone"), ("de-DE", "phone")], ids="-".join)
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    locale, shape = request.param
    context = browser.new_context(locale=locale, viewport=SHAPES[shape])
    shown = context.new_page()
    shown.language = locale[:2]  # type: ignore[attr-defined]
    try:
        yield shown
    finally:
        context.close()


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_tiles_and_cards_are_drawn_with_named_pictures(
    page: Any, site: Site, ended_games: dict[str, str], name: str, artifacts: Path
) -> None:
    symbols = _symbols()
    page.goto(f"{site.base_url}/games/{ended_games[name]}")
    selector = DRAWN[name]
    page.wait_for_selector(selector, timeout=pages.WAIT_MS)
    drawn = page.evaluate(PICTURES, selector)
    assert drawn, f"no {selector} on the board"
    for thing in drawn:
        assert thing["href"] and thing["href"].split("#")[1] in symbols, thing
        assert thing["hidden"] == "true" and thing["width"] > 0, thing  # drawn, named by the text beside it
        assert thing["named"], thing
        if page.language == "ja":
            assert JAPANESE.search(thing["named"]), thing
    kinds = {thing["href"] for thing in drawn}
    assert len(kinds) >= 3, kinds
    characters = {thing["card"]: thing["href"] for thing in drawn if (thing["card"] or "").startswith("CH-")}
    assert len(set(characters.values())) == len(characters), f"characters share a picture: {characters}"
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "the page scrolls sideways"
    page.locator(selector).first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"icons-{name}-{page.language}.png"))
