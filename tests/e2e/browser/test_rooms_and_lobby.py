"""Around the board: the waiting room (no stray "null", leaving before the start), the page of an unknown
game, the signed-out lobby that makes no failing request, lobby entries laid out as cards, the export link of
a finished game, and the reasons a game gives for a missing option shown next to the decisions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

NOTE = "The Joker alone cannot draw Sphinx cards."


def _failures(page: Any) -> list[str]:
    """Every failing response and console error the page meets from now on."""
    failures: list[str] = []
    page.on(
        "response",
        lambda response: (
            failures.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    page.on("console", lambda message: failures.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: failures.append(str(error)))
    return failures


def test_the_signed_out_lobby_makes_no_failing_request(site: Site, browser: Any, artifacts: Path) -> None:
    page = browser.new_context().new_page()
    failures = _failures(page)
    page.goto(f"{site.base_url}/")
    page.wait_for_selector("#open-games li")
    page.wait_for_selector("#new-game-type option", state="attached")
    page.wait_for_timeout(300)
    assert failures == []
    assert page.locator("#lobby-notice").inner_text() == "To play, register or sign in."
    assert (
        page.locator("#sign-out").is_hidden() and page.locator("#account-nav a[href='/login']").is_visible()
    )
    page.screenshot(path=str(artifacts / "lobby-signed-out.png"))
    page.context.close()


def test_the_waiting_room_shows_no_null_and_a_player_can_leave(
    site: Site, browser: Any, artifacts: Path
) -> None:
    host = browser.new_context().new_page()
    pages.register(host, site.base_url, "ulla", "papyrus-pass-8")
    failures = _failures(host)
    game_id = pages.create_game(host, seats=3, bots=True)
    room = host.locator("#waiting-room")
    assert "null" not in room.inner_text() and "undefined" not in room.inner_text()
    assert room.locator("li").all_inner_texts() == ["Seat 1: ulla", "Seat 2: free", "Seat 3: free"]
    host.screenshot(path=str(artifacts / "waiting-room.png"))
    leave = host.locator("#leave-game")
    leave.wait_for(state="visible")
    assert leave.inner_text() == "Leave this game"
    leave.click()
    host.wait_for_url(f"{site.base_url}/")
    assert [p.name for p in site.service.meta(game_id).players] == []
    host.wait_for_selector("#my-games li")
    assert host.locator(f"#my-games li[data-game-id='{game_id}']").count() == 0
    assert failures == []
    host.context.close()


def test_an_unknown_game_says_so_without_a_lost_connection(site: Site, browser: Any, artifacts: Path) -> None:
    page = browser.new_context().new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    response = page.goto(f"{site.base_url}/games/nosuchgame")
    assert response is not None and response.status == 404
    page.wait_for_timeout(1500)  # long enough for a live stream to have tried (and retried) to connect
    text = page.locator("main").inner_text()
    assert page.locator("h1").inner_text() == "No such game"
    assert "There is no game “nosuchgame” on this server." in text
    assert "connection" not in text.lower()
    assert not [url for url in requests if "/live" in url]
    page.screenshot(path=str(artifacts / "no-such-game.png"))
    page.context.close()


def test_lobby_entries_are_cards_with_title_status_and_players(
    site: Site, browser: Any, artifacts: Path
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages.register(page, site.base_url, "vera", "papyrus-pass-8")
    made = []
    for seats in (2, 3):
        page.goto(f"{site.base_url}/")
        made.append(pages.create_game(page, seats=seats, bots=True))
    page.goto(f"{site.base_url}/")
    for game_id in made:
        page.wait_for_selector(f"#my-games li[data-game-id='{game_id}']")
    boxes = []
    for game_id in made:
        card = page.locator(f"#my-games li[data-game-id='{game_id}']")
        title, badge, players = (card.locator(part) for part in (".card-title", ".badge", ".card-players"))
        assert title.inner_text() == "Egizia"
        assert badge.inner_text() == "Waiting for players"
        assert re.fullmatch(r"\d players: vera, \d seats? free", players.inner_text()), players.inner_text()
        title_box, players_box, card_box = title.bounding_box(), players.bounding_box(), card.bounding_box()
        assert title_box and players_box and card_box
        assert players_box["y"] >= title_box["y"] + title_box["height"] - 1, "players run into the title"
        assert card.inner_text().splitlines()[0].startswith("Egizia"), "the title leads the card"
        boxes.append(card_box)
    first, second = sorted(boxes, key=lambda box: box["y"])
    assert second["y"] >= first["y"] + first["height"], "two cards overlap"
    page.screenshot(path=str(artifacts / "lobby-cards.png"))
    page.context.close()


def test_a_finished_games_page_links_its_export(site: Site, browser: Any, finished_game: str) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{site.base_url}/games/{finished_game}")
    page.wait_for_function("() => document.getElementById('turn').textContent === 'The game is over.'")
    link = page.locator("#export-link")
    assert link.is_visible() and link.inner_text() == "Download the full game record"
    exported = page.request.get(site.base_url + (link.get_attribute("href") or ""))
    assert exported.status == 200
    lines = [json.loads(line) for line in exported.text().splitlines()]
    assert len(lines) > 100
    page.context.close()


def test_a_running_games_page_has_no_export_link(site: Site, browser: Any) -> None:
    page = browser.new_context().new_page()
    pages.register(page, site.base_url, "wim", "papyrus-pass-8")
    pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    assert page.locator("#export-link").is_hidden()
    page.context.close()


def _with_note(route: Any) -> None:
    response = route.fetch()
    body = response.text().replace('"notes":[]', '"notes":' + json.dumps([NOTE]))
    route.fulfill(response=response, body=body)


def test_why_an_option_is_missing_is_shown_next_to_the_decisions(
    site: Site, browser: Any, artifacts: Path
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages.register(page, site.base_url, "xena", "papyrus-pass-8")
    page.route("**/view", _with_note)  # before the game page opens its live stream
    page.route("**/live", _with_note)
    pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    pages.wait_for_my_turn(page)
    notes = page.locator("#notes")
    notes.wait_for()
    assert notes.inner_text() == NOTE
    decisions, shown = page.locator("#decisions").bounding_box(), notes.bounding_box()
    assert decisions and shown
    assert 0 <= shown["y"] - (decisions["y"] + decisions["height"]) <= 24, (
        "the note is right under the decisions"
    )
    assert abs(shown["x"] - decisions["x"]) <= 1
    page.screenshot(path=str(artifacts / "notes-beside-decisions.png"))
    page.unroute_all(behavior="ignoreErrors")
    page.context.close()


def test_a_game_that_disappears_stops_its_live_stream_and_says_so(site: Site, browser: Any) -> None:
    page = browser.new_context().new_page()
    pages.register(page, site.base_url, "yann", "papyrus-pass-8")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    asked: list[str] = []

    def gone(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=404, content_type="application/json", body='{"error": {"code": "game.unknown"}}')

    page.route("**/live", gone)
    live = page.locator("#live-state")
    page.wait_for_function("() => document.getElementById('live-state').dataset.status === 'gone'")
    page.wait_for_timeout(1500)  # several retry periods
    assert live.inner_text() == "No such game: this game no longer exists."
    assert "connection lost" not in page.locator("main").inner_text().lower()
    assert len(asked) == 1, f"the page kept asking: {asked}"
    assert game_id in asked[0]
    page.unroute_all(behavior="ignoreErrors")
    page.context.close()
