"""The clocks and the table's buttons as a player sees them, in a two-player game on the fast clock (chosen
in the lobby's form) against a player who acts through the API: every seat's time counting down with the seat
on the clock highlighted, nothing of the game in the clocks, a move taken back with "Undo my last move", an
undo refused once the other seat acted, a pause both agreed to, and a resignation that ends the game with
the player ranked last."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from domain.registry import get_game
from tests.e2e.browser import pages, turns
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PLAYER, OTHER = "clara", "otto"
RUNNING_BACKGROUND = "rgb(253, 243, 215)"
MINUTES_SECONDS = re.compile(r"^(\d+):(\d\d)$")


class Table:
    def __init__(self, site: Site, page: Any, game_id: str) -> None:
        self.site, self.page, self.game_id = site, page, game_id
        players = site.service.meta(game_id).players
        self.seat = next(p.seat for p in players if p.name == PLAYER)
        self.other = next(p.seat for p in players if p.name == OTHER)
        self.moves = 0

    def other_moves(self) -> None:
        """The other player moves once this player's last move left them to, then until this player must
        decide again (a decision this player's last move left is made first, through the service)."""
        self.moves += 1
        turns.others_move(self.site.service, self.game_id, self.seat, f"otto-{self.moves}")

    def my_turn(self) -> None:
        """The other player moves until this player must decide, and the page says so."""
        self.moves += 1
        turns.until_mine(self.site.service, self.game_id, self.seat, f"otto-{self.moves}")
        pages.wait_for_my_turn(self.page)


@pytest.fixture(scope="module")
def table(site: Site, browser: Any) -> Iterator[Table]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    pages.register(page, site.base_url, PLAYER, "papyrus-pass-7")
    page.select_option("#new-game-clock-preset", "fast")
    game_id = pages.create_game(page, seats=2, bots=False)
    site.service.join(game_id, OTHER)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    try:
        yield Table(site, page, game_id)
    finally:
        context.close()


def _clock_seconds(page: Any, seat: int) -> int:
    text = page.locator(f"#clocks li[data-seat='{seat}'] .clock-time").inner_text()
    found = MINUTES_SECONDS.match(text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


def test_the_clocks_count_down_and_highlight_the_seat_on_the_clock(table: Table) -> None:
    page = table.page
    table.my_turn()
    page.wait_for_selector("#clocks:not([hidden])")
    caption = f"On the clock: {PLAYER}."
    page.wait_for_function(
        "text => document.querySelector('#clocks .clock-caption').innerText === text", arg=caption
    )
    row = page.locator(f"#clocks li[data-seat='{table.seat}']")
    style = row.evaluate("n => { const s = getComputedStyle(n); return [s.fontWeight, s.backgroundColor]; }")
    assert style == ["700", RUNNING_BACKGROUND]
    idle = page.locator(f"#clocks li[data-seat='{table.other}']")
    assert idle.evaluate("n => getComputedStyle(n).backgroundColor") != RUNNING_BACKGROUND
    first = _clock_seconds(page, table.seat)
    assert 11 * 60 < first <= 12 * 60, "fast: 2 minutes a move + 10 minutes reserve"
    page.wait_for_function(  # the countdown runs (awaited: a loaded machine may delay the page's tick)
        """([seat, limit]) => {
            const time = document.querySelector(`#clocks li[data-seat='${seat}'] .clock-time`).innerText;
            const found = /^(\\d+):(\\d\\d)$/.exec(time);
            return found !== null && Number(found[1]) * 60 + Number(found[2]) <= limit;
        }""",
        arg=[table.seat, first - 2],
        timeout=pages.WAIT_MS,
    )
    assert _clock_seconds(page, table.other) == 12 * 60, "the other seat's clock stands still"


def test_the_clocks_show_nothing_of_the_game(table: Table) -> None:
    service = table.site.service
    game = get_game("egizia")
    _, state = service.components.shared_states.load(game, table.game_id)
    text = table.page.locator("#clocks").inner_text()
    words = set(re.findall(r"[\w.-]+", text))
    assert not words & game.secrets(state, table.seat), "no secret in the clocks"
    assert set(re.findall(r"[A-Za-z]+", text)) <= {
        "Clocks",
        "On",
        "on",
        "the",
        "clock",
        "you",
        "Nobody",
        "is",
        PLAYER,
        OTHER,
    }


def test_undo_takes_back_my_move(table: Table) -> None:
    page = table.page
    table.my_turn()
    before = pages.version(page)
    pages.decide(page)
    pages.wait_version_above(page, before)
    assert table.seat not in table.site.service.view_at_head(table.game_id, None).to_act
    undo = page.locator("#table-actions button.undo")
    undo.wait_for(state="visible")
    assert undo.inner_text() == "Undo my last move"
    after_move = pages.version(page)
    undo.click()
    pages.wait_version_above(page, after_move)
    pages.wait_for_my_turn(page)
    assert page.locator("#turn").inner_text().startswith("Your turn")
    page.wait_for_function(
        "() => document.getElementById('log').innerText.includes('takes back their last move')"
    )
    struck = page.locator("#log li.undone")
    struck.first.wait_for()
    assert struck.first.evaluate("n => getComputedStyle(n).textDecorationLine") == "line-through"
    assert struck.first.get_attribute("title") == "Taken back"


def test_undo_is_refused_once_the_other_seat_acted(table: Table) -> None:
    page = table.page
    table.my_turn()
    before = pages.version(page)
    pages.decide(page)
    pages.wait_version_above(page, before)
    table.other_moves()
    page.locator("#table-actions button.undo").click()
    refusal = page.locator("#refusal")
    refusal.wait_for(state="visible")
    assert "Another seat has acted since your last move." in refusal.inner_text()


def test_a_pause_both_players_agreed_to_stops_the_clocks_until_resumed(table: Table) -> None:
    page = table.page
    page.locator("#table-actions button", has_text="Propose a pause").click()
    page.wait_for_function(
        "text => document.getElementById('pause').innerText.includes(text)",
        arg=f"You asked to pause the game; waiting for {OTHER}.",
    )
    outcome = table.site.service.submit_and_wait(
        table.game_id, table.other, {"type": "papyrus.pause"}, "otto-pause", None, 5.0
    )
    assert outcome.status == "accepted"
    caption = "The game is paused: the clocks are stopped."
    page.wait_for_function(
        "text => document.querySelector('#clocks .clock-caption').innerText === text", arg=caption
    )
    frozen = page.locator("#clocks .clock-time").all_inner_texts()
    page.wait_for_timeout(1_500)
    assert page.locator("#clocks .clock-time").all_inner_texts() == frozen, "nothing counts down"
    page.locator("#pause button", has_text="Resume the game").click()
    page.wait_for_function(
        "() => !document.querySelector('#clocks .clock-caption').innerText.includes('paused')"
    )


def test_resigning_asks_first_then_ends_the_game_with_me_last(table: Table) -> None:
    page = table.page
    page.locator("#table-actions button.resign").click()
    confirm = page.locator("#table-actions .resign-confirm")
    confirm.wait_for(state="visible")
    assert "A bot plays your seat and you rank last." in confirm.inner_text()
    yes = confirm.locator("button.danger")
    assert yes.evaluate("n => getComputedStyle(n).backgroundColor") == "rgb(179, 38, 30)"
    yes.click()
    page.wait_for_function("() => document.getElementById('turn').innerText === 'The game is over.'")
    ranking = page.locator("#prompt").inner_text()
    assert ranking.startswith(f"Final ranking: 1. {OTHER}") and f"2. {PLAYER}" in ranking
    assert page.locator("#table-actions").is_hidden()
    assert page.locator("#clocks").is_hidden()
