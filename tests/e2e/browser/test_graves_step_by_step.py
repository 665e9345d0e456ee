"""Grave tiles taken one at a time, as the player sees it in the browser.

After taking a grave tile the page asks in words to take one more space or stop (real, visible,
keyboard-reachable buttons), shows the value of the tile just turned and "?" on every face-down tile. Taking
the next one paints it in the player's colour (computed style and pixels); stopping passes the turn. No
face-down value ever reaches the browser. The seed is written before the game starts, so the tiles begin
cheap; a game in which the bot spoils the set-up is given up for a new one.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import pytest
from PIL import Image

from domain.messages import Msg
from services import keys
from services.i18n import english
from tests.e2e.browser import pages, seen
from tests.e2e.browser.conftest import Site
from tests.e2e.browser.graves_steps import drive_to_step_by_step, received_leaks, sentence_leaks

pytestmark = pytest.mark.browser

PLAYER = "meret"
PASSWORD = "papyrus-pass-12"
DESKTOP = {"width": 1280, "height": 900}
# A seed whose grave tiles start 1, 1, 2, 3, 2, ...: the starting crews pay for a tile and have strength left.
SEED = hashlib.sha256(b"graves-step-by-step-15").digest()
GAMES = 15
TAKE = "#decisions [data-command='egizia.build_more']"
STOP = "#decisions [data-command='egizia.end_build']"
STOP_TEXT = "Stop building here (the market marker moves now)"
SAME_COLOUR = 24  # largest channel difference between a sampled pixel and the colour it should be
MOST_TABS = 120
SHOWN = """(node) => {
  let opacity = 1;
  for (let up = node; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.display === "none") return `display: none on ${up.tagName}`;
    opacity *= Number(style.opacity);
  }
  const style = getComputedStyle(node);
  if (style.visibility !== "visible") return `visibility: ${style.visibility}`;
  if (opacity < 0.9) return `opacity ${opacity}`;
  const box = node.getBoundingClientRect();
  if (box.width < 20 || box.height < 20) return `only ${box.width}x${box.height} px`;
  return "";
}"""
# The version the page shows with what it says then, read at once (the game goes on meanwhile).
READ_TURN = f"""() => ({{
  version: Number(document.getElementById("game").dataset.version),
  turn: document.getElementById("turn").innerText,
  prompt: document.getElementById("prompt").innerText,
  steps: document.querySelectorAll("{TAKE}, {STOP}").length,
}})"""
PAGE_TEXT = """() => [document.body.innerText,
  ...[...document.querySelectorAll("title, text")].map((node) => node.textContent),
  ...[...document.querySelectorAll("[title], [aria-label]")].map((node) =>
    `${node.getAttribute("title") || ""}\\n${node.getAttribute("aria-label") || ""}`),
].join("\\n")"""


@dataclass(frozen=True)
class StepByStep:
    page: Any
    game_id: str
    seat: int
    capture: pages.Capture


def _seat(site: Site, game_id: str) -> int:
    return next(p.seat for p in site.service.meta(game_id).players if p.name == PLAYER)


def _start_seeded_game(page: Any, site: Site) -> str:
    page.goto(f"{site.base_url}/")
    game_id = pages.create_game(page, seats=2, bots=True)
    site.service.components.redis.set(keys.seed(game_id), SEED, nx=True)
    page.click("#start-game")
    page.wait_for_selector("svg.buildings")
    return game_id


@pytest.fixture(scope="module")
def step_by_step(site: Site, browser: Any) -> Iterator[StepByStep]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(pages.WAIT_MS)
    capture = pages.Capture()
    page = context.new_page()
    capture.attach(page)
    pages.register(page, site.base_url, PLAYER, PASSWORD)
    try:
        for _ in range(GAMES):
            capture.bodies.clear()
            game_id = _start_seeded_game(page, site)
            seat = _seat(site, game_id)
            if drive_to_step_by_step(site.service, game_id, seat):
                yield StepByStep(page, game_id, seat, capture)
                return
        raise AssertionError(f"in {GAMES} games the player's build never went on step by step")
    finally:
        context.unroute_all(behavior="ignoreErrors")
        context.close()


def _view(site: Site, game: StepByStep) -> dict[str, Any]:
    return site.service.view(game.game_id, game.seat).view


def _shows_version(page: Any, version: int) -> None:
    page.wait_for_function("v => Number(document.getElementById('game').dataset.version) >= v", arg=version)


def _hidden(view: dict[str, Any]) -> dict[str, int]:
    """The grave tiles face down in ``view``: id -> space index."""
    return {grave["id"]: index for index, grave in enumerate(view["graves"]) if not grave["face_up"]}


def _tile(page: Any, tile: str) -> Any:
    return page.locator(f"svg.buildings [data-build-space='{tile}']")


def _assert_seen_as_a_button(page: Any, button: Any, text: str) -> None:
    """Shown with this text, drawn (not hidden by any style), nothing on top of it, and reached with Tab."""
    assert button.count() == 1, f"no button {text!r}"
    assert button.inner_text() == text
    button.scroll_into_view_if_needed()
    assert button.evaluate(SHOWN) == "", text
    assert seen.uncovered(button), f"something lies over {text!r}"
    ink = seen.parse_rgb(button.evaluate("n => getComputedStyle(n).color"))
    paper = seen.parse_rgb(button.evaluate("n => getComputedStyle(n).backgroundColor"))
    assert seen.contrast(ink, paper) >= 4.5, (text, ink, paper)
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    for _ in range(MOST_TABS):
        page.keyboard.press("Tab")
        if button.evaluate("n => n === document.activeElement"):
            return
    raise AssertionError(f"{text!r} is not reached with the Tab key")


def _assert_face_down_tiles_show_no_value(page: Any, view: dict[str, Any]) -> None:
    hidden = _hidden(view)
    assert hidden, "no tile is face down"
    for tile in hidden:
        shown = _tile(page, tile)
        assert shown.locator("text").text_content() == "?", tile
        assert "face-down" in (shown.get_attribute("class") or ""), tile
        assert shown.is_visible(), tile
    assert sentence_leaks(page.evaluate(PAGE_TEXT), hidden) == []


def _take_button(view: dict[str, Any]) -> tuple[str, int]:
    """The grave tile the player may take next in the same action, and its value."""
    tiles = [c["space"] for c in view["legal_commands"] if c["type"] == "egizia.build_more"]
    grave = next(g for g in view["graves"] if g["id"] in tiles)
    return grave["id"], grave["value"]


def test_the_page_asks_to_take_the_next_grave_tile_or_stop(
    step_by_step: StepByStep, site: Site, artifacts: Path
) -> None:
    page = step_by_step.page
    shown = site.service.view(step_by_step.game_id, step_by_step.seat)
    view = shown.view
    _shows_version(page, shown.version)
    page.wait_for_selector(TAKE)
    prompt = page.locator("#prompt")
    assert prompt.is_visible()
    assert prompt.inner_text() == english(msgspec.convert(view["prompt"]["text"], Msg))
    assert prompt.inner_text().startswith(
        "Your build at the Obelisk and Graves goes on: build one more space"
    )
    assert page.locator("#turn").inner_text() == "Your turn."
    tile, value = _take_button(view)
    take = page.locator(TAKE, has_text="Take grave tile")
    _assert_seen_as_a_button(page, take, f"Take grave tile {tile[1:]} (value {value}) in the same action")
    _assert_seen_as_a_button(page, page.locator(STOP), STOP_TEXT)
    page.screenshot(path=str(artifacts / "graves-step-by-step-prompt.png"))


def test_the_tile_just_turned_up_shows_its_value_and_the_others_stay_face_down(
    step_by_step: StepByStep, site: Site, artifacts: Path
) -> None:
    page = step_by_step.page
    read = site.service.view(step_by_step.game_id, step_by_step.seat)
    _shows_version(page, read.version)  # the live page has the turn-up the read side has
    view = read.view
    turned_up = [g for g in view["graves"] if g["face_up"]][-1]
    assert turned_up["owner"] < 0 and turned_up["value"] is not None
    number = _tile(page, turned_up["id"]).locator("text")
    assert number.text_content() == str(turned_up["value"])
    assert number.is_visible()
    log = page.locator("#log").inner_text()
    number = turned_up["id"][1:]
    assert f"Grave tile {number} is turned face up: value {turned_up['value']}." in log
    _assert_face_down_tiles_show_no_value(page, view)
    page.locator("svg.buildings g.graves").screenshot(path=str(artifacts / "graves-face-down.png"))


def _market_titles(page: Any) -> list[str]:
    return list(
        page.locator("svg.buildings .markets circle.marker title").evaluate_all(
            "nodes => nodes.map((n) => n.textContent)"
        )
    )


def _painted(page: Any, stone: Any, path: Path) -> seen.Rgb:
    """The colour a person sees on ``stone``, sampled from a screenshot of the graves."""
    graves = page.locator("svg.buildings g.graves")
    graves.scroll_into_view_if_needed()
    shot = Image.open(io.BytesIO(graves.screenshot(path=str(path)))).convert("RGB")
    where, box = graves.bounding_box(), stone.bounding_box()
    assert where is not None and box is not None
    inside = {**box, "x": box["x"] - where["x"], "y": box["y"] - where["y"]}
    return seen.dominant_colour(shot, inside)


def _stop_or_end(page: Any, artifacts: Path) -> dict[str, Any]:
    """Stop the build if it still goes on; the view the page shows then, read together with its text."""
    if page.locator(STOP).count():
        before = pages.version(page)
        page.locator(STOP).click()
        pages.wait_version_above(page, before)
    page.wait_for_selector(STOP, state="detached")
    page.screenshot(path=str(artifacts / "graves-stopped.png"))
    return dict(page.evaluate(READ_TURN))


def test_taking_the_tile_paints_it_in_my_colour_then_stopping_moves_my_market_marker(
    step_by_step: StepByStep, site: Site, artifacts: Path
) -> None:
    page, seat = step_by_step.page, step_by_step.seat
    view = _view(site, step_by_step)
    action = view["action"]
    assert action["seat"] == seat
    market = f"{action['market']}_market"
    start = view["players"][seat][market]
    tile, _ = _take_button(view)
    before = pages.version(page)
    page.locator(TAKE, has_text=f"Take grave tile {tile[1:]} (").click()
    pages.wait_version_above(page, before)
    assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
    taken = _tile(page, tile)
    page.wait_for_selector(
        f"svg.buildings [data-build-space='{tile}'][data-owner='{seat}']", state="attached"
    )
    assert taken.get_attribute("data-owner") == str(seat)
    swatch = page.locator(f"#tableaus article[data-seat='{seat}'] .swatch")
    colour = seen.parse_rgb(swatch.evaluate("n => getComputedStyle(n).backgroundColor"))
    stone = taken.locator("rect").first
    assert seen.parse_rgb(stone.evaluate("n => getComputedStyle(n).fill")) == colour
    assert seen.distance(_painted(page, stone, artifacts / "graves-taken.png"), colour) <= SAME_COLOUR
    now = _view(site, step_by_step)
    _assert_face_down_tiles_show_no_value(page, now)

    shown = _stop_or_end(page, artifacts)
    after = site.service.view(step_by_step.game_id, seat, at=shown["version"]).view
    assert after["action"] is None
    assert after["players"][seat][market] == start + 1
    name = f"{action['market']} market"
    titles = _market_titles(page)
    assert f"{PLAYER} on {name} space {start + 2}" in titles, titles
    assert f"{PLAYER} on {name} space {start + 1}" not in titles, titles
    assert shown["steps"] == 0, "the step-by-step buttons stayed"
    names = {p.seat: p.name for p in site.service.meta(step_by_step.game_id).players}
    waiting = after["prompt"]["waiting_for"]
    if seat in waiting:
        prompt = english(msgspec.convert(after["prompt"]["text"], Msg))
        assert shown["turn"].startswith("Your turn") and shown["prompt"] == prompt
    else:
        assert shown["turn"] == f"Waiting for {' and '.join(names[other] for other in waiting)}.", shown
        assert shown["prompt"] == ""


def test_no_face_down_value_reached_the_browser(step_by_step: StepByStep, site: Site) -> None:
    page, capture = step_by_step.page, step_by_step.capture
    # A live stream's body is captured only once the stream ends, so the last moves may still be in an open
    # one: a reload reads the whole log in one answer.
    with page.expect_response(lambda response: "/history" in response.url):
        page.reload()
    capture.close()
    view = _view(site, step_by_step)
    hidden = _hidden(view)
    assert hidden
    bodies = [(url, body) for url, body in capture.bodies if step_by_step.game_id in url]
    assert any(url.endswith("/live") and b"event: view" in body for url, body in bodies), "no live messages"
    revealed = re.compile(rb"Grave tile (?:\d+|\{number\}) is turned face up: value (?:\d|\{value\})")
    assert any(revealed.search(body) for _, body in bodies), "no tile turned face up reached the browser"
    assert received_leaks(bodies, hidden) == []
    assert sentence_leaks(page.evaluate(PAGE_TEXT), hidden) == []
