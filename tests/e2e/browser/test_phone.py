"""On a phone (390 px wide) every choice the page offers is a target of at least 40 px and can be reached
(nothing lies over it), the board's clickable spaces are also listed as large buttons, a bar at the screen's
edge says how many choices wait once they are scrolled away and brings them back, and a ship is placed from
that list with the keyboard."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from domain.games.egizia.data import SHIPS_PER_PLAYER
from services.results import HistoryEvent
from tests.e2e.browser import pages, seen
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SMALLEST_TARGET_PX = 40
SIZES = "nodes => nodes.map((node) => node.getBoundingClientRect()).map((box) => [box.width, box.height])"


def _target_sizes(page: Any) -> list[list[float]]:
    """Width and height of every visible button in the decisions panel."""
    return [size for size in page.locator("#decisions button").evaluate_all(SIZES) if size[1] > 0]


def _assert_every_choice_reachable(page: Any) -> None:
    """Each visible choice scrolled into view lies uncovered (no sticky bar or panel over it)."""
    buttons = [button for button in page.locator("#decisions button").all() if button.is_visible()]
    assert buttons
    for button in buttons:
        button.scroll_into_view_if_needed()
        assert seen.uncovered(button), button.inner_text()


def _assert_the_cue_brings_the_choices_back(page: Any, artifacts: Path, name: str) -> None:
    count = len([button for button in page.locator("#decisions button").all() if button.is_visible()])
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    cue = page.locator("#choices-cue")
    cue.wait_for()
    assert cue.inner_text() == f"Your turn: {count} choice{'' if count == 1 else 's'} ↑"
    assert seen.uncovered(cue)
    page.screenshot(path=str(artifacts / f"phone-{name}-cue.png"))
    cue.click()
    page.wait_for_function("() => document.getElementById('choices-cue').hidden")
    top = page.locator("#decisions").bounding_box()
    assert top is not None and -1 <= top["y"] < PHONE["height"] / 2, "the choices are back in view"
    assert seen.uncovered(page.locator("#decisions button:visible").first)


def _wait_for_placement(page: Any) -> None:
    for _ in range(300):
        if pages.your_turn(page) and page.locator(".choice-list button").count():
            return
        page.wait_for_timeout(100)
    raise AssertionError("it never became this player's placement turn")


def _wait_for_ships_left(site: Site, game_id: str, seat: int, ships: int) -> None:
    """Until the service's view gives ``seat`` that many ships left (the page may show the move's answer
    before the worker's projection of it is read here); the game's log so far if it never does."""
    deadline = time.monotonic() + pages.WAIT_MS / 1000
    while time.monotonic() < deadline:
        view = site.service.view(game_id, seat)
        if next(p for p in view.view["players"] if p["seat"] == seat)["ships_left"] == ships:
            return
        time.sleep(0.05)
    log = [
        (entry.type, entry.actor) if isinstance(entry, HistoryEvent) else entry
        for entry in site.service.history(game_id, seat)
    ]
    raise AssertionError(f"seat {seat} never had {ships} ships left at version {view.version}: {log}")


def test_a_phone_player_places_a_ship_from_large_buttons(site: Site, browser: Any, artifacts: Path) -> None:
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    pages.register(page, site.base_url, "noor", "papyrus-pass-6")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    _wait_for_placement(page)
    page.screenshot(path=str(artifacts / "phone-placement.png"))
    page.screenshot(path=str(artifacts / "phone-placement-full.png"), full_page=True)
    choices = page.locator(".choice-list button")
    assert choices.count() == page.locator("svg.river .legal").count()
    sizes = _target_sizes(page)
    assert sizes and all(w >= SMALLEST_TARGET_PX and h >= SMALLEST_TARGET_PX for w, h in sizes), sizes
    _assert_every_choice_reachable(page)
    _assert_the_cue_brings_the_choices_back(page, artifacts, "placement")
    page.set_viewport_size(DESKTOP)
    assert choices.count() and page.locator(".choice-list").is_hidden(), "wide layouts show the board only"
    assert page.locator("#choices-cue").is_hidden(), "wide layouts keep the choices in the side column"
    page.set_viewport_size(PHONE)

    seen = pages.version(page)
    choices.first.focus()
    page.keyboard.press("Enter")
    variant = page.locator("#decisions .choice button.primary")
    if variant.count():
        assert all(h >= SMALLEST_TARGET_PX for _, h in variant.evaluate_all(SIZES))
        variant.first.focus()
        page.keyboard.press("Enter")
    pages.wait_version_above(page, seen)
    assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
    seat = next(p.seat for p in site.service.meta(game_id).players if p.name == "noor")
    _wait_for_ships_left(site, game_id, seat, SHIPS_PER_PLAYER - 1)
    page.context.close()


def _place_on_a_site_or_move_on(page: Any) -> None:
    """One decision: a ship on a building site when the list offers one, else the page's first choice."""
    seen = pages.version(page)
    sites = page.locator(".choice-list button", has_text="ship space")
    if sites.count():
        sites.first.click()
        variant = page.locator("#decisions .choice button.primary")
        if variant.count():
            variant.first.click()
    else:
        pages.decide(page)
    pages.wait_version_above(page, seen)


def test_a_phone_player_picks_build_spaces_from_large_buttons(
    site: Site, browser: Any, artifacts: Path
) -> None:
    page = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    pages.register(page, site.base_url, "omar", "papyrus-pass-6")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    seat = next(p.seat for p in site.service.meta(game_id).players if p.name == "omar")
    for _ in range(60):
        pages.wait_for_my_turn(page)
        legal = site.service.view(game_id, seat).view["legal_commands"]
        builds = [c for c in legal if c["type"] == "egizia.build" and not c["cards"]]
        if builds:
            break
        _place_on_a_site_or_move_on(page)
    else:
        raise AssertionError("this player never had a build turn")
    assert any(c["type"] == "egizia.decline" for c in legal), "a player may always decline to build"
    decline = page.locator("#decisions [data-command='egizia.decline']")
    assert decline.inner_text() == "Decline to build here"
    _assert_every_choice_reachable(page)
    _assert_the_cue_brings_the_choices_back(page, artifacts, "building")
    for crew in builds[0]["crews"]:
        page.click(f"#decisions .builder [data-crew='{crew}']")
    spaces = page.locator(".choice-list button")
    assert spaces.count() == page.locator("svg.buildings .legal").count() > 0
    spaces.first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-building.png"))
    sizes = _target_sizes(page)
    assert all(w >= SMALLEST_TARGET_PX and h >= SMALLEST_TARGET_PX for w, h in sizes), sizes
    first = (
        spaces.first.inner_text().removeprefix("Build ").split(" as stone")[0]
    )  # "obelisk level 1 (value 1)"
    spaces.first.focus()
    page.keyboard.press("Enter")
    assert f"spaces chosen: {first}." in page.inner_text("#decisions .selection")
    page.context.close()
