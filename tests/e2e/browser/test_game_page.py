"""The game page as a player reads it, one player against a bot on a desktop: the game's title, names (never
seat numbers) in the header and the history, a game log in words beside the board that follows every step
live (the automatic ones too), what changed since the player's last move outlined in magenta while every
piece keeps its owner's colour (also after a reload, and on a 390 px phone),
and a decision panel that never lies over the board."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain import registry
from services.i18n import english
from services.results import HistoryEvent
from tests.e2e.browser import pages, seen
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PLAYER = "tess"
SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)
LOG = "#log li[data-seq]"
CHANGED = "svg.board .changed"
CHANGED_MAGENTA = (194, 24, 91)
# Every piece drawn in an owner's colour inside (or as) a highlighted thing: its fill, its owner's colour and
# its stroke, as computed.
OWNED_PIECES = """nodes => nodes.flatMap((node) => [node, ...node.querySelectorAll('.hull, .marker, .owned')])
  .filter((piece) => piece.matches('.hull, .marker, .owned'))
  .map((piece) => [getComputedStyle(piece).fill, getComputedStyle(piece).getPropertyValue('--seat').trim(),
    getComputedStyle(piece).stroke])"""


def _seat(site: Site, game_id: str) -> int:
    return next(p.seat for p in site.service.meta(game_id).players if p.name == PLAYER)


def _history(site: Site, game_id: str, seat: int, upto: int) -> list[tuple[int, str]]:
    entries = site.service.history(game_id, seat)
    return [(e.seq, english(e.description)) for e in entries if isinstance(e, HistoryEvent) and e.seq <= upto]


def _log(page: Any) -> list[tuple[int, str]]:
    items = page.locator(LOG).evaluate_all("nodes => nodes.map((n) => [Number(n.dataset.seq), n.innerText])")
    return [(int(seq), text) for seq, text in items]


@pytest.fixture(scope="module")
def duel(site: Site, browser: Any) -> Iterator[tuple[Any, str]]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    pages.register(page, site.base_url, PLAYER, "papyrus-pass-7")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    try:
        yield page, game_id
    finally:
        context.close()


def test_the_title_is_the_games_own_without_a_version_number(duel: tuple[Any, str]) -> None:
    page, _ = duel
    title = registry.get_game("egizia").title
    assert page.locator("#game-title").inner_text() == title
    assert page.title().removeprefix("▶ Your turn · ") == f"{title} · Papyrus"  # the prefix: on your turn
    assert "version" not in page.locator(".status").inner_text().lower()


def test_the_header_names_whom_the_table_waits_for(duel: tuple[Any, str], site: Site, browser: Any) -> None:
    page, game_id = duel
    pages.wait_for_my_turn(page)
    assert page.locator("#turn").inner_text().startswith("Your turn")
    spectator = browser.new_context(viewport=DESKTOP).new_page()
    spectator.goto(f"{site.base_url}/games/{game_id}")
    spectator.wait_for_selector("svg.river")
    waiting = site.service.view(game_id, None).to_act
    names = {p.seat: p.name for p in site.service.meta(game_id).players}
    turn = spectator.locator("#turn").inner_text()
    assert turn == f"Waiting for {' and '.join(names[seat] for seat in waiting)}.", turn
    assert not SEAT_NUMBER.search(turn)
    spectator.context.close()


def _play_to_round_two(page: Any) -> None:
    for _ in range(400):
        if pages.board_state(page)[0] >= 2:
            return
        if pages.your_turn(page):
            before = pages.version(page)
            pages.decide(page)
            pages.wait_version_above(page, before)
        else:
            page.wait_for_timeout(100)
    raise AssertionError("round 2 never came")


def test_the_log_beside_the_board_follows_every_step_live(
    duel: tuple[Any, str], site: Site, artifacts: Path
) -> None:
    page, game_id = duel
    seat = _seat(site, game_id)
    page.evaluate("() => { window.stayedOnThePage = true; }")
    _play_to_round_two(page)
    page.wait_for_function(
        "() => Number(document.querySelector('#log li[data-seq]:last-child')?.dataset.seq)"
        " >= Number(document.getElementById('game').dataset.version)"
    )
    assert page.evaluate("() => window.stayedOnThePage === true"), "the page reloaded, it did not follow"
    version = pages.version(page)
    expected = _history(site, game_id, seat, version)
    shown = [entry for entry in _log(page) if entry[0] <= version]
    assert shown == expected
    automatic = [
        (e.seq, english(e.description))
        for e in site.service.history(game_id, seat)
        if isinstance(e, HistoryEvent) and e.actor == "system" and e.seq <= version
    ]
    assert len(automatic) > 10 and all(entry in shown for entry in automatic)
    assert not [text for _, text in shown if SEAT_NUMBER.search(text)]
    log_box = page.locator("#log-panel").bounding_box()
    board_box = page.locator("#board").bounding_box()
    assert log_box and board_box
    assert log_box["x"] >= board_box["x"] + board_box["width"], "the log is beside the board"
    assert page.locator(LOG).last.is_visible(), "the log shows its newest entry"
    page.screenshot(path=str(artifacts / "game-log-desktop.png"))


def _changed_keys(page: Any) -> list[str]:
    keys = page.locator(CHANGED).evaluate_all(
        "nodes => nodes.map((n) => n.dataset.space || n.dataset.buildSpace || n.dataset.target"
        " || n.getAttribute('class'))"
    )
    return sorted(keys)


def _shows_changes(page: Any) -> bool:
    """True once the board highlights something (some bot moves, a pass, change nothing it draws)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_selector(CHANGED, state="attached", timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def test_what_changed_since_my_last_move_is_highlighted_also_after_a_reload(
    duel: tuple[Any, str], site: Site, artifacts: Path
) -> None:
    page, game_id = duel
    seat = _seat(site, game_id)
    for _ in range(20):  # until the bot has made a move that shows on the board since my last move
        pages.wait_for_my_turn(page)
        before = pages.version(page)
        pages.decide(page)
        pages.wait_version_above(page, before)
        pages.wait_for_my_turn(page)
        later = site.service.history(game_id, seat, after=before)
        others = [entry for entry in later if isinstance(entry, HistoryEvent) and entry.actor != seat]
        moved = any(entry.actor != "system" for entry in others)
        if moved and _shows_changes(page):
            break
    else:
        raise AssertionError("the bot never changed the board between two of my moves")
    page.wait_for_selector(CHANGED, state="attached")
    notice = page.locator("#changes")
    notice.wait_for(state="visible")
    assert notice.inner_text() == "Highlighted on the board: what changed since your last move."
    live = _changed_keys(page)
    page.reload()
    page.wait_for_selector(CHANGED, state="attached", timeout=pages.WAIT_MS)
    assert _changed_keys(page) == live
    since = page.locator("#log li.since-own")
    assert since.count() > 0, "the log marks what happened since my last move"
    assert seen.parse_rgb(since.last.evaluate("n => getComputedStyle(n).borderLeftColor")) == CHANGED_MAGENTA
    first = page.locator(CHANGED).first
    drawn = first.evaluate("n => [getComputedStyle(n).outlineColor, getComputedStyle(n).outlineStyle]")
    assert seen.parse_rgb(drawn[0]) == CHANGED_MAGENTA and drawn[1] == "solid", "an outline around the thing"
    for fill, seat, stroke in page.locator(CHANGED).evaluate_all(OWNED_PIECES):
        assert seen.parse_rgb(fill) == seen.parse_rgb(seat), "a changed piece keeps its owner's colour"
        assert seen.parse_rgb(stroke) != CHANGED_MAGENTA, "a changed piece is not repainted"
    first.scroll_into_view_if_needed()
    box = first.bounding_box()
    assert box is not None
    shot = seen.screenshot(page, path=str(artifacts / "changed-since-my-move.png"))
    left, top = int(box["x"]) - 5, int(box["y"]) - 5
    outline = shot.crop((left, top, left + int(box["width"]) + 10, top + int(box["height"]) + 10))
    pixels = outline.get_flattened_data()
    magenta = [pixel for pixel in pixels if seen.distance(pixel[:3], CHANGED_MAGENTA) < 40]
    assert magenta, "no highlight to be seen"
    page.set_viewport_size({"width": 390, "height": 844})  # on a phone the outline is drawn the same way
    try:
        page.wait_for_selector(CHANGED, state="attached")
        drawn = page.locator(CHANGED).first.evaluate("n => getComputedStyle(n).outlineColor")
        assert seen.parse_rgb(drawn) == CHANGED_MAGENTA
        for fill, seat, _ in page.locator(CHANGED).evaluate_all(OWNED_PIECES):
            assert seen.parse_rgb(fill) == seen.parse_rgb(seat)
    finally:
        page.set_viewport_size(DESKTOP)


def test_the_decisions_never_lie_over_the_board_on_a_desktop(duel: tuple[Any, str], artifacts: Path) -> None:
    page, _ = duel
    pages.wait_for_my_turn(page)
    decisions = page.locator("#decisions")
    decisions.wait_for()
    bottom = page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")
    for scroll in (0, 600, bottom):
        page.evaluate("y => window.scrollTo(0, y)", scroll)
        page.wait_for_timeout(150)
        panel, board = decisions.bounding_box(), page.locator("#board").bounding_box()
        assert panel and board
        assert panel["x"] >= board["x"] + board["width"], f"decisions over the board at scroll {scroll}"
        assert 0 <= panel["y"] < DESKTOP["height"] / 2, f"the decisions scrolled out of sight at {scroll}"
        first = decisions.locator("button:visible").first
        assert seen.uncovered(first), f"something lies over the first choice at scroll {scroll}"
        page.screenshot(path=str(artifacts / f"desktop-side-column-{scroll}.png"))
    page.evaluate("() => window.scrollTo(0, 0)")


def test_the_history_page_calls_every_player_by_name(duel: tuple[Any, str], site: Site) -> None:
    page, game_id = duel
    pages.wait_for_my_turn(page)
    pages.decide(page)  # whoever began, both players have now moved once the bot has answered
    names = [p.name for p in site.service.meta(game_id).players]
    texts: list[str] = []
    for _ in range(60):
        page.goto(f"{site.base_url}/games/{game_id}/history")
        page.wait_for_selector("#events li")
        texts = page.locator("#events li").all_inner_texts()
        if all(any(name in text for text in texts) for name in names):
            break
        page.wait_for_timeout(250)
    assert all(any(name in text for text in texts) for name in names), names
    assert not [text for text in texts if SEAT_NUMBER.search(text)]
    page.goto(f"{site.base_url}/games/{game_id}")
    page.wait_for_selector("svg.river")
