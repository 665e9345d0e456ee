"""The board as a person sees it. Every built stone on every building shows its builder's colour (pixels
sampled from screenshots, not DOM attributes: a stylesheet once painted every built stone like an empty
one); seat colours are strong against an empty stone and carry readable text; the page styles itself from
its own files only (no inline style, nothing fetched from elsewhere) and the game's board.css; the board's
text stays readable on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import seen
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

BUILDINGS = ("obelisk", "graves", "pyramid", "temple")  # the Sphinx is a river site: it holds no stones
WIDE = {"width": 1400, "height": 1100}
PHONE = {"width": 390, "height": 844}
SEATS = 6
SAME_COLOUR = 24  # largest channel difference between a sampled pixel and the colour it should be
STRONG = 3.0  # WCAG's contrast for graphical objects: a seat's colour against an empty stone
READABLE = 4.5  # WCAG's contrast for text: the value written on a built stone
SMALLEST_PHONE_TEXT_PX = 8.0


@pytest.fixture(scope="module")
def board(site: Site, browser: Any, finished_game: str) -> Any:
    page = browser.new_context(viewport=WIDE, reduced_motion="reduce").new_page()
    page.goto(f"{site.base_url}/games/{finished_game}")
    page.wait_for_selector("svg.buildings")
    yield page
    page.context.close()


def _swatch(page: Any, seat: int) -> seen.Rgb:
    """The seat's colour as its tableau shows it next to the player's name."""
    swatch = page.locator(f"#tableaus article[data-seat='{seat}'] .swatch")
    return seen.parse_rgb(swatch.evaluate("n => getComputedStyle(n).backgroundColor"))


def test_every_built_stone_on_every_building_shows_its_builders_colour(
    board: Any, site: Site, finished_game: str, artifacts: Path
) -> None:
    view = site.service.view(finished_game, None).view
    players = [p["seat"] for p in view["players"]]
    colours = {seat: _swatch(board, seat) for seat in players}
    assert len(set(colours.values())) == len(players), "two players share a colour"
    empty = seen.parse_rgb(
        board.locator("svg.buildings rect.stone:not(.owned)").first.evaluate("n => getComputedStyle(n).fill")
    )
    board.locator("svg.buildings").screenshot(path=str(artifacts / "built-buildings.png"))
    for building in BUILDINGS:
        group = board.locator(f"svg.buildings g.{building}")
        group.scroll_into_view_if_needed()
        shot = seen.screenshot(board, path=str(artifacts / f"built-{building}.png"))
        stones = group.locator("[data-build-space]").all()
        built = [stone for stone in stones if stone.get_attribute("data-owner") != "-1"]
        assert built, f"nothing built on the {building}"
        for stone in stones:
            owner = int(stone.get_attribute("data-owner") or -1)
            box = stone.locator("rect").first.bounding_box()
            assert box is not None
            shown = seen.dominant_colour(shot, box)
            name = stone.get_attribute("data-build-space")
            if owner >= 0:
                assert seen.distance(shown, colours[owner]) <= SAME_COLOUR, (
                    building,
                    name,
                    shown,
                    colours[owner],
                )
            else:
                assert all(seen.distance(shown, colour) > SAME_COLOUR for colour in colours.values()), name
        assert len(built) == sum(1 for stone in stones if stone.get_attribute("data-owner") != "-1")
    assert all(seen.contrast(colour, empty) >= STRONG for colour in colours.values())


PALETTE = """(seats) => Array.from({ length: seats }, (_, seat) => {
  const probe = document.createElement("span");
  probe.className = `seat-${seat}`;
  document.body.append(probe);
  const style = getComputedStyle(probe);
  const colours = [style.getPropertyValue("--seat"), style.getPropertyValue("--seat-ink")];
  probe.remove();
  return colours;
})"""


def test_seat_colours_stand_out_from_an_empty_stone_and_carry_readable_text(board: Any) -> None:
    empty = seen.parse_rgb(
        board.locator("svg.buildings rect.stone:not(.owned)").first.evaluate("n => getComputedStyle(n).fill")
    )
    palette = [(seen.parse_rgb(fill), seen.parse_rgb(ink)) for fill, ink in board.evaluate(PALETTE, SEATS)]
    assert len({fill for fill, _ in palette}) == SEATS
    for seat, (fill, ink) in enumerate(palette):
        assert seen.contrast(fill, empty) >= STRONG, (seat, fill)
        assert seen.contrast(ink, fill) >= READABLE, (seat, fill, ink)
    built_label = board.locator("svg.buildings .build-space:not([data-owner='-1']) text").first
    ink = seen.parse_rgb(built_label.evaluate("n => getComputedStyle(n).fill"))
    fill = seen.parse_rgb(
        built_label.evaluate("n => getComputedStyle(n.parentNode.querySelector('rect')).fill")
    )
    assert seen.contrast(ink, fill) >= READABLE


def test_the_page_draws_with_its_own_files_and_the_games_stylesheet(
    site: Site, browser: Any, finished_game: str
) -> None:
    page = browser.new_context(viewport=WIDE).new_page()
    requested: list[str] = []
    refused: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on(
        "console",
        lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None,
    )
    page.goto(f"{site.base_url}/games/{finished_game}")
    page.wait_for_selector("svg.buildings")
    page.wait_for_timeout(300)
    assert all(url.startswith(site.base_url) for url in requested), [
        u for u in requested if not u.startswith(site.base_url)
    ]
    assert f"{site.base_url}/static/games/egizia/board.css" in requested
    assert page.evaluate("() => document.querySelectorAll('[style]').length") == 0, "an inline style"
    assert refused == []
    nile = page.locator("svg.river .nile")
    assert seen.parse_rgb(nile.evaluate("n => getComputedStyle(n).stroke")) != (0, 0, 0), (
        "the river is unstyled"
    )
    page.context.close()


def test_the_boards_text_is_readable_on_a_phone(
    site: Site, browser: Any, finished_game: str, artifacts: Path
) -> None:
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    page.goto(f"{site.base_url}/games/{finished_game}")
    page.wait_for_selector("svg.buildings")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a phone"
    sizes = page.locator("svg.board text.label").evaluate_all(
        "nodes => nodes.filter((n) => n.textContent.trim() && n.getBoundingClientRect().width > 0)"
        ".map((n) => "
        "parseFloat(getComputedStyle(n).fontSize) * n.ownerSVGElement.getScreenCTM().a)"
    )
    assert sizes and min(sizes) >= SMALLEST_PHONE_TEXT_PX, min(sizes)
    page.locator("svg.river").screenshot(path=str(artifacts / "phone-river.png"))
    page.locator("svg.buildings").screenshot(path=str(artifacts / "phone-buildings.png"))
    page.context.close()
