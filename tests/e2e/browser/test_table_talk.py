"""Table talk and standing in the browser: the chat reaching every seat and spectator live (markup shown as
text, seat colours, mutes, the rate limit), a profile after rated games, its settings, the leaderboard and
the archive, as a person sees them."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from services import keys
from services.game_service import GameService
from services.inputs import Requester
from tests.e2e.browser import pages, seen, turns
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-15"
MARKUP = '<b>bold</b> <img src=x onerror="document.title=1"> & co'
SEAT_0_RED = (198, 40, 40)
TURN_RED = (161, 50, 42)
GAME_SECONDS = 120.0


def _signed_in(browser: Any, site: Site, name: str) -> Any:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages.register(page, site.base_url, name, PASSWORD)
    return page


def _seated_game(service: GameService, names: list[str]) -> str:
    game_id = service.create_game("egizia", len(names), {}).id
    for name in names:
        service.join(game_id, name, by=Requester(account=name))
    service.start(game_id)
    return game_id


def _chat_texts(page: Any, channel: str) -> list[str]:
    texts: list[str] = page.locator(f"#chat-{channel} li .chat-text").all_inner_texts()
    return texts


def _wait_text(page: Any, channel: str, text: str) -> None:
    page.wait_for_function(
        "([channel, text]) => [...document.querySelectorAll(`#chat-${channel} li .chat-text`)]"
        ".some((node) => node.textContent === text)",
        arg=[channel, text],
        timeout=pages.WAIT_MS,
    )


def test_chat_reaches_every_seat_and_spectator_live_as_plain_text(
    site: Site, browser: Any, artifacts: Path
) -> None:
    ann, bob, cleo = (_signed_in(browser, site, name) for name in ("talk_ann", "talk_bob", "talk_cleo"))
    anonymous = browser.new_context().new_page()
    game_id = _seated_game(site.service, ["talk_ann", "talk_bob"])
    everyone = (ann, bob, cleo, anonymous)
    for page in everyone:
        page.goto(f"{site.base_url}/games/{game_id}")
        page.wait_for_selector("#live-state[data-status='live']", timeout=pages.WAIT_MS)
    assert anonymous.locator("#chat-form").is_hidden()
    assert anonymous.locator("#chat-signin").inner_text() == "Sign in to talk."
    assert cleo.locator("#chat-label").inner_text() == "Say something to the other spectators"

    ann.fill("#chat-text", MARKUP)
    ann.press("#chat-text", "Enter")
    for page in everyone:
        _wait_text(page, "table", MARKUP)
        assert page.locator("#chat-table b, #chat-table img").count() == 0  # shown, never parsed
        name = page.locator("#chat-table li").first
        assert name.locator(".chat-name").inner_text() == "talk_ann"
        border = name.evaluate("node => getComputedStyle(node).borderLeftColor")
        assert seen.parse_rgb(border) == SEAT_0_RED
    assert ann.title() != "1"  # the image's onerror never ran

    cleo.fill("#chat-text", "watching from the rail")
    cleo.click("#chat-form button[type=submit]")
    for page in everyone:
        _wait_text(page, "spectators", "watching from the rail")
        assert page.locator("#chat-spectators-title").is_visible()
    seen.screenshot(bob, str(artifacts / "chat-bob.png"))

    bob.click("#chat-spectators li button.chat-mute")
    bob.wait_for_function("() => !document.querySelector('#chat-spectators li')", timeout=pages.WAIT_MS)
    cleo.fill("#chat-text", "second word from the rail")
    cleo.press("#chat-text", "Enter")
    _wait_text(ann, "spectators", "second word from the rail")
    bob.wait_for_timeout(1500)
    assert _chat_texts(bob, "spectators") == []
    bob.reload()
    bob.wait_for_selector("#live-state[data-status='live']", timeout=pages.WAIT_MS)
    _wait_text(bob, "table", MARKUP)
    assert _chat_texts(bob, "spectators") == []
    unmute = bob.locator("#chat-muted button")
    unmute.wait_for(state="visible", timeout=pages.WAIT_MS)
    assert unmute.inner_text() == "Unmute talk_cleo"
    unmute.click()
    _wait_text(bob, "spectators", "second word from the rail")
    assert _chat_texts(bob, "spectators") == ["watching from the rail", "second word from the rail"]
    assert bob.locator("#chat-muted").is_hidden()

    for number in range(10):
        ann.fill("#chat-text", f"quick {number}")
        ann.press("#chat-text", "Enter")
        answered = (
            "() => document.getElementById('chat-text').value === ''"
            " || !document.getElementById('chat-error').hidden"
        )
        ann.wait_for_function(answered, timeout=pages.WAIT_MS)
        if ann.locator("#chat-error").is_visible():
            break
    error = ann.locator("#chat-error")
    error.wait_for(state="visible", timeout=pages.WAIT_MS)
    assert error.inner_text().startswith("At most 5 messages every 30 s")
    assert seen.parse_rgb(error.evaluate("node => getComputedStyle(node).color")) == (142, 42, 32)
    for page in (ann, bob, cleo, anonymous):
        page.context.close()


def _play_rated_game(service: GameService, names: list[str], seed: int) -> str:
    """Both seats play random legal moves through the service until the game is over."""
    game_id = _seated_game(service, names)
    service.social.post(service.meta(game_id), 0, names[0], f"<u>gl</u> hf {seed}")
    chooser = random.Random(seed)
    deadline = time.monotonic() + GAME_SECONDS
    turn = 0
    while service.meta(game_id).status != "over":
        assert time.monotonic() < deadline, "the game did not end"
        for seat in turns.deciding(service, game_id).to_act:
            legal = service.legal_commands(game_id, seat)
            if legal:
                turn += 1
                service.submit_and_wait(game_id, seat, chooser.choice(legal), f"r{turn}", None, 5.0)
    deadline = time.monotonic() + 10
    pending = service.components.redis
    while service.social.finished.get(game_id) is None or pending.zscore(keys.finished_pending(), game_id):
        assert time.monotonic() < deadline, "the finished game was never indexed and rated"
        time.sleep(0.05)
    return game_id


@pytest.fixture(scope="module")
def rated_games(site: Site) -> list[str]:
    for name in ("rank_ann", "rank_bob"):
        site.service.accounts.register(name, PASSWORD, display_name=name)
    return [_play_rated_game(site.service, ["rank_ann", "rank_bob"], seed) for seed in (1, 2)]


def test_a_profile_shows_the_record_rating_and_recent_places(
    site: Site, browser: Any, artifacts: Path, rated_games: list[str]
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{site.base_url}/players/rank_ann")
    page.wait_for_selector("#profile[data-loaded='true']", timeout=pages.WAIT_MS)
    assert page.locator("#profile-title").inner_text() == "rank_ann"
    assert page.locator("#profile-since").inner_text().startswith("Member since ")
    row = page.locator("#record tr[data-game='egizia'] td")
    cells = row.all_inner_texts()
    wins = sum(
        1
        for game_id in rated_games
        for player in site.service.social.finished.get(game_id).players  # type: ignore[union-attr]
        if player.account == "rank_ann" and player.place == 1
    )
    rating = site.service.social.ratings.of("egizia", "rank_ann")
    assert rating is not None
    assert cells[:5] == ["2", str(wins), "0", "0", "0"]  # played, won, resigned, timed out, abandoned
    assert float(cells[5]) == pytest.approx(rating.ordinal, abs=0.006)  # shown to two decimals
    assert cells[5].count(".") == 1 and len(cells[5].split(".")[1]) == 2 and cells[6] in ("#1", "#2")
    assert row.nth(5).evaluate("node => getComputedStyle(node).fontWeight") == "700"
    recent = page.locator("#recent > li")
    assert recent.count() == 2
    places = page.locator("#recent .places li.mine .place").all_inner_texts()
    assert sorted(places) == sorted("1st" if n < wins else "2nd" for n in range(2))
    seen.screenshot(page, str(artifacts / "profile.png"))
    page.context.close()


def test_a_player_changes_the_display_name_and_it_shows_as_text(
    site: Site, browser: Any, rated_games: list[str]
) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{site.base_url}/login")
    page.fill("#name", "rank_bob")
    page.fill("#password", PASSWORD)
    page.click("#account-form button[type=submit]")
    page.wait_for_url(f"{site.base_url}/")
    page.click("#settings-link")
    page.wait_for_selector("#profile-form:not([hidden])", timeout=pages.WAIT_MS)
    assert page.locator("#display-name").input_value() == "rank_bob"
    page.fill("#display-name", "<i>Bob</i> the Builder")
    page.click("#profile-form button[type=submit]")
    page.locator("#profile-form-saved").wait_for(state="visible", timeout=pages.WAIT_MS)
    page.click("#who")
    page.wait_for_selector("#profile[data-loaded='true']", timeout=pages.WAIT_MS)
    assert page.locator("#profile-title").inner_text() == "<i>Bob</i> the Builder"
    public_id = site.service.social.profiles.public_id("rank_bob")
    assert page.url.endswith(f"/profiles/{public_id}") and public_id not in page.inner_text("body")
    assert page.locator("#profile-title i").count() == 0
    assert page.locator("#profile-settings").is_visible()
    page.context.close()


def test_the_leaderboard_ranks_rated_players_best_first(
    site: Site, browser: Any, artifacts: Path, rated_games: list[str]
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{site.base_url}/leaderboard")
    page.wait_for_url(f"{site.base_url}/leaderboard/egizia")
    page.wait_for_selector("#leaderboard[data-loaded='1']", timeout=pages.WAIT_MS)
    assert page.locator("#leaderboard-title").inner_text() == "Leaderboard · Egizia"
    rows = page.locator("#board-table tbody tr")
    names = rows.evaluate_all("rows => rows.map((row) => row.dataset.name)")
    ratings = [float(text) for text in page.locator("#board-table td.rating").all_inner_texts()]
    assert ratings == sorted(ratings, reverse=True)
    table = site.service.social.ratings.table("egizia")
    shown = {key: site.service.accounts.display_name(key) for key in table}
    assert names == [shown[key] for key in sorted(table, key=lambda key: -table[key].ordinal)]
    assert "rank_ann" in names
    assert page.locator("#board-table tbody tr:first-child td.rank").inner_text() == "#1"
    first_rank = page.locator("#board-table tbody tr:first-child td.rank")
    assert seen.parse_rgb(first_rank.evaluate("node => getComputedStyle(node).color")) == TURN_RED
    assert page.locator("#board-next").is_disabled() and page.locator("#board-previous").is_disabled()
    assert page.locator("nav.game-tabs a[aria-current='page']").inner_text() == "Egizia"
    seen.screenshot(page, str(artifacts / "leaderboard.png"))
    page.goto(f"{site.base_url}/leaderboard/giza")
    page.wait_for_selector("#leaderboard[data-loaded='1']", timeout=pages.WAIT_MS)
    assert page.locator("#board-empty").is_visible()
    page.context.close()


def test_the_archive_filters_by_player_and_opens_the_final_board_with_the_export(
    site: Site, browser: Any, artifacts: Path, rated_games: list[str]
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{site.base_url}/archive")
    page.wait_for_selector("#archive[data-loaded]", timeout=pages.WAIT_MS)  # its filters are listened to
    page.fill("#filter-player", "rank_ann")
    page.select_option("#filter-players", "2")
    page.click("#archive-filters button[type=submit]")
    page.wait_for_selector("#archive[data-loaded*='player=rank_ann']", timeout=pages.WAIT_MS)
    shown = page.locator("#archive-list > li").evaluate_all("cards => cards.map((c) => c.dataset.gameId)")
    assert shown == list(reversed(rated_games))
    assert page.locator("#archive-total").inner_text() == "2 finished games"
    seen.screenshot(page, str(artifacts / "archive.png"))
    page.select_option("#filter-players", "3")
    page.click("#archive-filters button[type=submit]")
    page.wait_for_selector("#archive[data-loaded*='players=3']", timeout=pages.WAIT_MS)
    assert page.locator("#archive-list > li").inner_text() == "No finished game matches."
    page.goto(f"{site.base_url}/archive?player=rank_ann")
    page.wait_for_selector("#archive-list > li[data-game-id]", timeout=pages.WAIT_MS)
    page.locator("#archive-list > li").first.locator("a.card-title").click()
    page.wait_for_url(f"{site.base_url}/games/{rated_games[-1]}/history")
    final = site.service.view(rated_games[-1], None).version
    page.wait_for_selector(f"#history[data-shown-version='{final}']", timeout=pages.WAIT_MS)
    assert page.locator("#version-slider").input_value() == str(final)
    assert page.locator("#history-export-link").is_visible()
    said = site.service.social.messages(rated_games[-1], None)[0]
    entry = page.locator("#events li.chat-entry")
    assert entry.locator(".chat-text").inner_text() == said.text and entry.locator("u").count() == 0
    assert entry.locator(".chat-name").inner_text() == "rank_ann (player)"
    before = entry.evaluate("node => node.previousElementSibling.dataset.seq")
    assert before == str(said.version)
    entry.scroll_into_view_if_needed()
    seen.screenshot(page, str(artifacts / "history-chat.png"))
    page.context.close()


@pytest.mark.parametrize(
    ("path", "ready"),
    [
        ("/players/rank_ann", "#profile[data-loaded='true']"),
        ("/leaderboard/egizia", "#leaderboard[data-loaded='1']"),
        ("/archive?player=rank_ann", "#archive-list > li[data-game-id]"),
        ("/settings/profile", "#profile-settings-signin:not([hidden])"),
    ],
)
def test_the_standing_pages_have_no_serious_accessibility_violation(
    site: Site, browser: Any, rated_games: list[str], path: str, ready: str
) -> None:
    from tests.e2e.browser.test_accessibility import _violations

    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{site.base_url}{path}")
    page.wait_for_selector(ready, timeout=pages.WAIT_MS)
    assert _violations(page) == []
    page.context.close()


def test_the_chat_panel_has_no_serious_accessibility_violation(site: Site, browser: Any) -> None:
    from tests.e2e.browser.test_accessibility import _violations

    page = _signed_in(browser, site, "talk_axe")
    site.service.accounts.register("talk_axe2", PASSWORD, display_name="talk_axe2")
    game_id = _seated_game(site.service, ["talk_axe", "talk_axe2"])
    site.service.social.post(site.service.meta(game_id), 1, "talk_axe2", "hello there")
    page.goto(f"{site.base_url}/games/{game_id}")
    page.wait_for_selector("#chat-table li .chat-mute", timeout=pages.WAIT_MS)
    assert _violations(page) == []
    page.context.close()
