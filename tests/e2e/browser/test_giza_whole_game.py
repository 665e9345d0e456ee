"""Two registered people and two bots play a whole game of Giza by clicking, to the final ranking on the page.

Anna plays with the mouse on a desktop screen; Bruno plays with the keyboard on a phone-sized screen, and
his browser's every response body and live-stream message is kept. The tests check what a person sees: the
tiles' text and computed colours, pixels of a screenshot where tiles are drawn, the boards against the
service's view, phone-sized targets without sideways scrolling, and that Bruno never receives a tile of
another hand.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import pytest

from domain.messages import Msg
from domain.registry import get_game
from services.i18n import render
from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-9"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1400, "height": 1000}
MAX_LOOPS = 3000
SMALLEST_TARGET_PX = 44
OVER = re.compile(rb'"status":\s*"over"|papyrus\.seed_revealed')  # a view, or history read after the end
DEALS = 4  # a random deal may end the game in a few turns (a board completed early): deal again, this often


@dataclass
class PlayedGame:
    game_id: str
    anna: Any
    bruno: Any
    seats: dict[str, int]
    bruno_received: pages.Capture
    actions: list[str] = field(default_factory=list)
    secrets_on_bruno_page: list[str] = field(default_factory=list)
    phone_checked: int = 0
    inspected: dict[str, str] = field(default_factory=dict)

    def showed_every_moment(self) -> bool:
        """Both kinds of move, three phone turns and both kinds of stack to inspect happened."""
        return (
            {"play", "discard"} <= set(self.actions)
            and self.phone_checked >= 3
            and set(self.inspected) == {"own", "other"}
        )


def _seat_of(site: Site, game_id: str, name: str) -> int:
    players = site.service.meta(game_id).players
    return next(p.seat for p in players if p.name == name)


def _activate(page: Any, target: Any, keyboard: bool) -> None:
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()


def decide(page: Any, keyboard: bool, turn: int, shot: Path | None = None, own_board: bool = False) -> str:
    """One decision by clicking (or by keyboard) among what the page offers; returns what it did. ``shot``:
    where to save a screenshot of the chosen tile's targets before playing it; ``own_board``: a tile goes on
    one's own board where it may (so there is a stack of one's own to look at)."""
    remove = page.locator("#decisions [data-command='giza.remove_scarab']")
    if remove.count() and turn % 2:
        _activate(page, remove.first, keyboard)
        return "remove"
    hand = page.locator(".giza-hand button.giza-tile")
    if turn % 4 != 3:
        for index in range(hand.count()):
            _activate(page, hand.nth(index), keyboard)
            chosen = page.locator(".giza-hand button[aria-pressed='true']")
            assert chosen.evaluate("node => getComputedStyle(node).backgroundImage").startswith(
                "linear-gradient"
            )
            targets = page.locator(".giza-choices button") if keyboard else page.locator(".giza-site.legal")
            mine = targets.filter(has_text=re.compile(r"\byour\b"))
            if own_board and mine.count():
                targets = mine
            if targets.count():
                if shot is not None:
                    pages.keep_shot(page, shot)
                _activate(page, targets.first, keyboard)
                return "play"
            _activate(page, hand.nth(index), keyboard)  # choose it again: not chosen any more
    for index in range(min(2, hand.count())):
        _activate(page, hand.nth(index), keyboard)
    _activate(page, page.locator("#decisions [data-command='giza.discard']"), keyboard)
    return "discard"


def _bruno_sees_no_secret(played: PlayedGame, site: Site) -> None:
    """The page Bruno has open names no tile of another hand or of the pool, at this very moment."""
    game = get_game("giza")
    _, state = site.service.components.shared_states.load(game, played.game_id)
    secrets = game.secrets(state, played.seats["bruno"])
    text = played.bruno.content()
    played.secrets_on_bruno_page += [
        tile for tile in secrets if re.search(rf"(?<![\w+.-]){re.escape(tile)}(?![\w+.-])", text)
    ]


def _inspect_stacks(played: PlayedGame) -> None:
    """Bruno taps a stack of his own and a tall one of another player: the page tells him what he may see
    (all of his own, the top tile and the height of another's)."""
    page, bruno = played.bruno, played.seats["bruno"]
    for key, boards, height in (
        ("own", f"[data-board='{bruno}']", 1),
        ("other", f":not([data-board='{bruno}'])", 2),
    ):
        stacked = page.locator(f"li:nth-child({height})")
        tall = page.locator(f".giza-site{boards}:not(.legal)").filter(has=stacked)
        if key not in played.inspected and tall.count():
            tall.first.click()
            detail = page.locator(
                f".giza-board[data-seat='{tall.first.get_attribute('data-board')}'] .stack-detail"
            )
            detail.wait_for(state="visible")
            played.inspected[key] = detail.inner_text()


def _phone_fits(page: Any) -> None:
    """At 390 px nothing scrolls sideways and every hand tile and choice is a target of 44 px at least."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px"
    boxes = "nodes => nodes.map((n) => n.getBoundingClientRect()).filter((b) => b.height > 0)"
    sizes = page.locator(".giza-hand button, #decisions button").evaluate_all(
        f"{boxes}.map((b) => [b.width, b.height])"
    )
    assert sizes and all(w >= SMALLEST_TARGET_PX and h >= SMALLEST_TARGET_PX for w, h in sizes), sizes


def _play_to_the_end(played: PlayedGame, site: Site, artifacts: Path) -> None:
    players = [(played.anna, False), (played.bruno, True)]
    turn = 0
    for _ in range(MAX_LOOPS):
        if site.service.meta(played.game_id).status == "over":
            return
        acted = False
        for page, keyboard in players:
            if not pages.your_turn(page):
                continue
            if keyboard:
                _bruno_sees_no_secret(played, site)
                _inspect_stacks(played)
                _phone_fits(page)
                played.phone_checked += 1
            if turn in (2, 3, 12, 13):
                where = "phone" if keyboard else "desktop"
                pages.keep_shot(page, artifacts / f"giza-turn-{turn}-{where}")
            seen = pages.version(page)
            shot = (
                artifacts / f"giza-choosing-{'phone' if keyboard else 'desktop'}" if turn in (4, 5) else None
            )
            own_board = keyboard and "own" not in played.inspected
            played.actions.append(decide(page, keyboard, turn, shot, own_board))
            pages.wait_version_above(page, seen)
            assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
            turn += 1
            acted = True
        if not acted:  # bots decide
            by_seat = {played.seats["anna"]: played.anna, played.seats["bruno"]: played.bruno}
            pages.await_a_turn(site.service, played.game_id, by_seat)
    raise AssertionError("the game did not end")


def _new_game(site: Site, anna: Any, bruno: Any, capture: pages.Capture, leaks: list[str]) -> PlayedGame:
    """Anna opens a four-seat game with two bots, Bruno joins it from the lobby and Anna starts it;
    ``leaks`` gathers what Bruno's page ever showed of others' tiles, over every game dealt."""
    game_id = pages.start_with_a_guest(anna, bruno, site.base_url, ".giza-board", pages.NewTable("giza"))
    seats = {name: _seat_of(site, game_id, name) for name in ("giza-anna", "giza-bruno")}
    named_seats = {"anna": seats["giza-anna"], "bruno": seats["giza-bruno"]}
    return PlayedGame(game_id, anna, bruno, named_seats, capture, secrets_on_bruno_page=leaks)


@pytest.fixture(scope="module")
def played(site: Site, browser: Any, artifacts: Path) -> Iterator[PlayedGame]:
    # Without the pulse of what changed (an outline's colour), neither page repaints all game long.
    anna_context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    bruno_context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    capture = pages.Capture(until=OVER)  # once a body shows the game over, all is public
    anna, bruno = anna_context.new_page(), bruno_context.new_page()
    capture.attach(bruno)
    pages.register(anna, site.base_url, "giza-anna", PASSWORD)
    pages.register(bruno, site.base_url, "giza-bruno", PASSWORD)
    result: PlayedGame | None = None
    leaks: list[str] = []
    for _ in range(DEALS):
        capture.restart()
        result = _new_game(site, anna, bruno, capture, leaks)
        _play_to_the_end(result, site, artifacts)
        if result.showed_every_moment():
            break
    assert result is not None
    for page in (anna, bruno):
        page.wait_for_function("() => document.getElementById('turn').textContent === 'The game is over.'")
    pages.keep_shot(anna, artifacts / "giza-over-desktop")
    pages.keep_shot(bruno, artifacts / "giza-over-phone")
    try:
        yield result
    finally:
        bruno_context.unroute_all(behavior="ignoreErrors")
        anna_context.close()
        bruno_context.close()


def test_a_whole_game_is_played_by_clicking_to_the_final_ranking(played: PlayedGame, site: Site) -> None:
    result = site.service.view(played.game_id, None).result
    assert result is not None
    names = {p.seat: p.name for p in site.service.meta(played.game_id).players}
    winner = result.ranking[0]
    for page in (played.anna, played.bruno):
        prompt = page.inner_text("#prompt")
        assert f"Final ranking: 1. {names[winner]}" in prompt, prompt
        assert page.locator(".giza-results").is_visible()
        assert page.inner_text(".giza-results li:first-child").startswith(f"1. {names[winner]}:")
    assert {"play", "discard"} <= set(played.actions), played.actions


def test_the_phone_player_was_never_offered_a_target_below_44_px_nor_sideways_scrolling(
    played: PlayedGame,
) -> None:
    assert played.phone_checked >= 3


def test_a_tap_on_a_stack_shows_it_as_far_as_the_player_may_see_it(played: PlayedGame) -> None:
    assert set(played.inspected) == {"own", "other"}, played.inspected
    assert "bottom to top:" in played.inspected["own"] and "points" in played.inspected["own"]
    other = played.inspected["other"]
    assert ", top: " in other and "You may not look at the" in other and "bottom to top" not in other


def test_the_boards_show_what_the_service_says(played: PlayedGame, site: Site) -> None:
    page, seat = played.anna, played.seats["anna"]
    page.goto(f"{site.base_url}/games/{played.game_id}")
    page.wait_for_selector(".giza-board")
    view = site.service.view(played.game_id, seat, at=pages.version(page)).view
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.giza-site')].map((s) => ({
             board: Number(s.dataset.board), site: Number(s.dataset.site), height: Number(s.dataset.height),
             top: s.dataset.top, tiles: [...s.querySelectorAll('[data-tile]')].map((t) => t.dataset.tile),
             text: s.innerText }))"""
    )
    assert len(shown) == 4 * len(view["boards"])
    for drawn in shown:
        site_view = view["boards"][drawn["board"]]["sites"][drawn["site"]]
        assert drawn["height"] == site_view["height"]
        assert drawn["top"] == (site_view["top"]["id"] if site_view["top"] else "")
        assert drawn["tiles"] == [tile["id"] for tile in site_view["tiles"]]  # the game is over: all shown
        name = render(msgspec.convert(site_view["name"], Msg), "en")
        assert name in drawn["text"] and f"{site_view['height']} tile" in drawn["text"]
    pool = page.inner_text(".giza-pool [data-fact='pool']")
    assert pool.startswith(f"{view['pool_count']} tile")


def test_the_history_page_shows_the_board_at_any_past_version(
    played: PlayedGame, site: Site, artifacts: Path
) -> None:
    page, seat = played.bruno, played.seats["bruno"]
    page.goto(f"{site.base_url}/games/{played.game_id}/history")
    page.wait_for_selector("#events li")
    events = page.inner_text("#events")
    assert "shuffled face down into the pool" in events and "The game ends:" in events
    for version in (8, 20):
        page.locator("#version-slider").fill(str(version))
        page.wait_for_function(
            "v => document.getElementById('history').dataset.shownVersion === String(v)", arg=version
        )
        expected = site.service.view(played.game_id, seat, at=version).view
        assert page.inner_text(".giza-pool [data-fact='pool']").startswith(f"{expected['pool_count']} tile")
        heights = page.eval_on_selector_all(
            ".giza-site", "nodes => nodes.map((n) => Number(n.dataset.height))"
        )
        assert sum(heights) == sum(site["height"] for board in expected["boards"] for site in board["sites"])
        assert page.locator(".giza-hand button").count() == 0, "the history is read only"
    pages.keep_shot(page, artifacts / "giza-history")


def test_a_negative_stone_is_drawn_dark_and_a_positive_stone_light(
    played: PlayedGame, artifacts: Path
) -> None:
    page = played.anna
    negative = page.locator(".giza-guide [data-kind='stone'][data-points='-3']").first
    positive = page.locator(".giza-guide [data-kind='stone'][data-points='3']").first
    background = "node => getComputedStyle(node).backgroundImage + getComputedStyle(node).color"
    assert negative.evaluate(background) != positive.evaluate(background)
    assert negative.inner_text().startswith("\u22123") and positive.inner_text().startswith("+3")
    dark = _background_pixel(negative.screenshot(path=str(artifacts / "giza-negative-stone.png")))
    light = _background_pixel(positive.screenshot(path=str(artifacts / "giza-positive-stone.png")))
    assert sum(dark[:3]) < 3 * 120 < 3 * 150 < sum(light[:3]), (dark, light)
    assert light[0] > light[2] + 40, f"a positive stone is sand coloured, not grey: {light}"


def test_every_drawn_tile_on_the_boards_has_its_colour_in_a_screenshot(
    played: PlayedGame, artifacts: Path
) -> None:
    page = played.anna
    tiles = page.locator(".giza-board .giza-stack [data-kind='stone']")
    assert tiles.count() > 0, "no stone was built in the whole game"
    for index in range(min(tiles.count(), 6)):
        tile = tiles.nth(index)
        pixel = _background_pixel(tile.screenshot(path=str(artifacts / f"giza-board-stone-{index}.png")))
        points = int(tile.get_attribute("data-points") or 0)
        assert (sum(pixel[:3]) < 3 * 130) == (points < 0), (points, pixel)


def test_the_second_player_never_receives_another_seats_tiles(played: PlayedGame, site: Site) -> None:
    assert played.secrets_on_bruno_page == []
    game = get_game("giza")
    _, final = site.service.components.shared_states.load(game, played.game_id)
    bruno = played.seats["bruno"]
    hidden_to_the_end = {tile for seat, hand in enumerate(final.hands) if seat != bruno for tile in hand}
    hidden_to_the_end |= set(final.pool)
    own = set(final.hands[bruno])
    assert hidden_to_the_end and own
    received = played.bruno_received.bodies
    assert any(url.endswith("/live") and b"event: view" in body for url, body in received), "no live messages"
    assert any(tile.encode() in body for tile in own for _, body in received), "his own tiles never arrived"
    pattern = re.compile(
        rb"(?<![\w+.-])(" + b"|".join(re.escape(t.encode()) for t in hidden_to_the_end) + rb")(?![\w+.-])"
    )
    leaks = {(url, match.group(0)) for url, body in received for match in pattern.finditer(body)}
    assert not leaks


def _background_pixel(png: bytes) -> tuple[int, ...]:
    """The median pixel by brightness of a tile's screenshot: its face, not the few pixels of its text."""
    _, _, rows = _decode_png(png)
    pixels = sorted((pixel for row in rows for pixel in row), key=lambda pixel: sum(pixel[:3]))
    return pixels[len(pixels) // 2]


def _decode_png(png: bytes) -> tuple[int, int, list[list[tuple[int, ...]]]]:
    """Width, height and pixel rows of an 8-bit RGB(A) PNG, as Chromium writes screenshots."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, data, width, height, channels = 8, b"", 0, 0, 4
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind, chunk = png[position + 4 : position + 8], png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            data += chunk
        position += 12 + length
    raw = zlib.decompress(data)
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                near = min(
                    (abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner)
                )
                line[i] = (line[i] + near[2]) & 0xFF
        rows.append(line)
        previous = line
    return (
        width,
        height,
        [[tuple(line[x : x + channels]) for x in range(0, stride, channels)] for line in rows],
    )
