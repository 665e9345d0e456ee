"""What a player sees once a game is over, on a desktop screen and a 390 px phone: after resigning a
two-player Giza game nothing offers a move (no "to play", no enabled control, the table's buttons gone), also
after a reload; equal scores share a place in the final ranking and in the archive; and a game whose every
player ran out of time is shown as abandoned, with no winner, in the game page, the archive and the profile.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from services.inputs import Requester, TableTerms
from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-5"
SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
ENABLED_CONTROLS = "#board button:not([disabled]), #decisions button:not([disabled]), #board [role=button]"
TURN_BADGES = "#board .badge.turn"
ABANDONED = "Abandoned: nobody was playing any more at the end, so nobody won."


@pytest.fixture(params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    context = browser.new_context(viewport=SCREENS[request.param], reduced_motion="reduce")
    try:
        yield request.param, context.new_page()
    finally:
        context.close()


def _register(page: Any, site: Site, name: str) -> None:
    pages.register(page, site.base_url, name, PASSWORD)


def _wait_over(page: Any) -> None:
    page.wait_for_function(
        "() => document.getElementById('turn').innerText === 'The game is over.'", timeout=pages.WAIT_MS
    )


def _assert_nothing_offered(page: Any) -> None:
    assert page.locator("#turn").inner_text() == "The game is over."
    assert page.locator(TURN_BADGES).count() == 0, "nobody is shown 'to play'"
    assert [node.inner_text() for node in page.locator(ENABLED_CONTROLS).all() if node.is_visible()] == []
    assert page.locator("#decisions").is_hidden()
    assert page.locator("#table-actions").is_hidden()
    assert page.get_attribute("#game", "data-your-turn") == "false"


def test_after_resigning_a_two_player_game_nothing_offers_a_move_also_after_a_reload(
    site: Site, screen: tuple[str, Any]
) -> None:
    name, page = screen
    player = f"rhea-{name}"
    _register(page, site, player)
    page.select_option("#new-game-type", "giza")
    game_id = pages.create_game(page, seats=2, bots=False)
    site.service.join(game_id, "otto")
    page.click("#start-game")
    page.wait_for_selector(".giza-boards", timeout=pages.WAIT_MS)
    page.locator("#table-actions button.resign").click()
    page.locator("#table-actions .resign-confirm button.danger").click()
    _wait_over(page)
    _assert_nothing_offered(page)
    assert page.locator("#prompt").inner_text() == f"Final ranking: 1. otto (0), 2. {player} (0)."
    page.reload()
    _wait_over(page)
    _assert_nothing_offered(page)
    page.goto(f"{site.base_url}/")
    mine = page.locator(f"#my-games li[data-game-id='{game_id}']")
    mine.wait_for(timeout=pages.WAIT_MS)
    assert mine.get_attribute("data-your-turn") == "false" and "Your turn" not in mine.inner_text()


def test_equal_scores_share_a_place_on_the_game_page_and_in_the_archive(
    site: Site, screen: tuple[str, Any]
) -> None:
    """Iris resigns a Giza game against two bots at the start: nobody is left to play, so it ends at once and
    the two bots, level on 0, share the first place. Iris starts, so no bot has moved before she resigns."""
    name, page = screen
    player = f"iris-{name}"
    _register(page, site, player)
    page.select_option("#new-game-type", "giza")
    page.fill("#option-start_player", "1")
    game_id = pages.create_game(page, seats=3, bots=True)
    page.click("#start-game")
    page.wait_for_selector(".giza-boards", timeout=pages.WAIT_MS)
    page.locator("#table-actions button.resign").click()
    page.locator("#table-actions .resign-confirm button.danger").click()
    _wait_over(page)
    ranking = page.locator("#prompt").inner_text()
    places = [part.split(".")[0] for part in ranking.removeprefix("Final ranking: ").split(", ")]
    assert places == ["1", "1", "3"], ranking
    assert ranking.endswith(f"3. {player} (0).")
    page.goto(f"{site.base_url}/archive?player={player}")
    card = page.locator(f"li[data-game-id='{game_id}']")
    card.wait_for(timeout=pages.WAIT_MS)
    assert card.locator(".place").all_inner_texts() == ["1st", "1st", "3rd"]


def _abandoned_game(site: Site, names: list[str]) -> str:
    """A game whose two players both let their one second run out: stand-in bots finish it."""
    clock = {"preset": "custom", "per_move": 1, "reserve": 0, "policy": "bot"}
    game_id = site.service.create_game("giza", 2, {}, terms=TableTerms(clock=clock)).id
    for name in names:
        site.service.join(game_id, name, by=Requester(account=name))
    site.service.start(game_id)
    deadline = time.monotonic() + 60
    while site.service.meta(game_id).status != "over":
        assert time.monotonic() < deadline, "the stand-ins did not finish the game"
        time.sleep(0.2)
    while site.service.social.finished.get(game_id) is None:
        assert time.monotonic() < deadline, "the finished game was not recorded"
        time.sleep(0.1)
    return game_id


def test_a_game_every_player_ran_out_of_time_in_is_shown_abandoned_with_no_winner(
    site: Site, screen: tuple[str, Any]
) -> None:
    name, page = screen
    player = f"tess-{name}"
    _register(page, site, player)
    other = f"ugo-{name}"
    site.service.accounts.register(other, PASSWORD, display_name=other)
    game_id = _abandoned_game(site, [player, other])
    page.goto(f"{site.base_url}/games/{game_id}")
    _wait_over(page)
    assert page.locator("#prompt").inner_text() == ABANDONED
    page.goto(f"{site.base_url}/archive?player={player}")
    card = page.locator(f"li[data-game-id='{game_id}']")
    card.wait_for(timeout=pages.WAIT_MS)
    assert card.locator(".badge").inner_text().startswith("abandoned")
    assert card.locator(".place").count() == 0, "no place, no winner"
    assert "no winner, not rated" in card.inner_text()
    page.goto(f"{site.base_url}/players/{player}")
    page.wait_for_selector("#profile[data-loaded='true']", timeout=pages.WAIT_MS)
    row = page.locator("#record tr[data-game='giza'] td").all_inner_texts()
    assert row[:5] == ["1", "0", "0", "1", "1"], "played 1, won 0, resigned 0, timed out 1, abandoned 1"
    page.goto(f"{site.base_url}/leaderboard/giza")
    page.wait_for_selector("#leaderboard[data-loaded]", timeout=pages.WAIT_MS)
    assert player not in page.locator("#board-table").inner_text(), "an abandoned game is not rated"
    page.click("#leaderboard a[href='/ratings']")
    rules = page.locator("#rating-rules")
    rules.wait_for(state="visible", timeout=pages.WAIT_MS)
    assert "is abandoned: nobody wins and it is not rated." in rules.inner_text()
    assert rules.inner_text().startswith("Resigning, or forfeiting when your time runs out, counts as a loss")
