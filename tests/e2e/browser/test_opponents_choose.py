"""Opponents choose on the page: a game created in the lobby with "Let the other players choose first" and a
clock of a few seconds, which the waiting room's facts say; when the other player runs out of time, the
page asks "… ran out of time. Wait for them, let a bot play their seat, or end their game as a forfeit?"
with three buttons, and "Forfeit" ends that seat's game (a bot finishes it), as the log says."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages, seen
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


def _let_the_other_act(site: Site, game_id: str, name: str) -> None:
    """Once the game runs, play ``name``'s moves through the service until only the other seat must act:
    each move waits for its outcome, so the next one is chosen from the board it left."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        meta = site.service.meta(game_id)
        if meta.status != "running":
            time.sleep(0.05)
            continue
        seat = next(player.seat for player in meta.players if player.name == name)
        to_act = site.service.view(game_id, None).to_act
        if to_act and seat not in to_act:
            return
        legal = site.service.legal_commands(game_id, seat) if seat in to_act else []
        if legal:
            site.service.submit_and_wait(game_id, seat, legal[0], f"quick-{time.monotonic_ns()}", None, 5.0)
        else:
            time.sleep(0.05)
    raise AssertionError("the other player never had to act alone")


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
    _let_the_other_act(site, game_id, PLAYER)
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
