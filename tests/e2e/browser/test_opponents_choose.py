"""Opponents choose on the page: a game created in the lobby with "Let the other players choose first" and a
clock of a few seconds, which the waiting room's facts say; when the other player runs out of time, the
page asks "… ran out of time. Wait for them, let a bot play their seat, or end their game as a forfeit?"
with three buttons, and "Forfeit" ends that seat's game (a bot finishes it), as the log says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages, seen, turns
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PLAYER, OTHER = "wilhelmina", "otto"
SECONDS_A_MOVE = 10  # the page player's own moves, sent through the service, stay well inside it

ASKED = """name => {
  const node = document.getElementById('choices');
  return !node.hidden && [...node.querySelectorAll('.choice')].some((choice) =>
    choice.querySelector('.pause-text').innerText.startsWith(name + ' ran out of time. Wait for them')
    && choice.querySelectorAll('button').length === 3);
}"""


def _let_the_other_act(site: Site, game_id: str) -> None:
    """Once the game runs, play the page player's moves through the service until the other player must act:
    each move waits for its outcome, so the next one is chosen from the board it left."""
    seats = {player.name: player.seat for player in site.service.meta(game_id).players}
    turns.until_mine(site.service, game_id, seats[OTHER], "quick")


@pytest.fixture(scope="module")
def game(site: Site, browser: Any) -> Iterator[tuple[Any, Site, str]]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    pages.register(page, site.base_url, PLAYER, "papyrus-pass-36")
    pages.choose_a_short_clock(page, SECONDS_A_MOVE)
    page.check("#new-game-opponents-choose")
    game_id = pages.create_game(page, seats=2, bots=False)
    facts = page.locator("#game-facts")
    facts.wait_for(timeout=pages.WAIT_MS)
    assert "The other players choose (otherwise: A bot plays until the player is back)" in facts.inner_text()
    site.service.join(game_id, OTHER)
    page.click("#start-game")
    _let_the_other_act(site, game_id)
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    try:
        yield page, site, game_id
    finally:
        context.close()


def test_the_other_players_are_asked_and_a_forfeit_ends_the_seats_game(
    game: tuple[Any, Site, str], artifacts: Path
) -> None:
    page, site, game_id = game
    meta = site.service.meta(game_id)
    assert meta.clock is not None and meta.clock.opponents_choose and meta.clock.policy == "bot"
    seats = {player.name: player.seat for player in meta.players}
    page.wait_for_function(ASKED, arg=OTHER, timeout=60_000)
    question = page.locator(f"#choices .choice[data-seat='{seats[OTHER]}']")
    buttons = question.locator("button")
    assert buttons.all_inner_texts() == ["Wait", "Let a bot play", "Forfeit"]
    assert all(button.is_enabled() and seen.uncovered(button) for button in buttons.all())
    assert site.service.meta(game_id).table.stand_in == [], "nothing happens before the answer"
    seen.screenshot(page, str(artifacts / "opponents-choose-question.png"))
    question.locator("button", has_text="Forfeit").click()
    page.wait_for_function(
        "name => document.getElementById('log').innerText.includes("
        "'The other players chose to end the game of ' + name + ' as a forfeit.')",
        arg=OTHER,
        timeout=pages.WAIT_MS,
    )
    resigned = site.service.meta(game_id).table.resigned
    assert [(entry.seat, entry.reason) for entry in resigned] == [(seats[OTHER], "forfeit")]
    page.wait_for_function(
        f"() => !document.querySelector(\"#choices .choice[data-seat='{seats[OTHER]}']\")",
        timeout=pages.WAIT_MS,
    )
