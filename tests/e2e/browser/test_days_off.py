"""Days off in the browser: a player sets a time zone and weekend days and plans absences on the profile
settings page (a started one cannot be cancelled, a later one can), and the other players see the absence
before they join (the lobby's card, the waiting room), then "away until …" on the away player's clock,
which stands still, and on the profile."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-7"
ZONE = "Asia/Tokyo"


def this_year(today: dt.date, first: int, last: int) -> int:
    """The days from ``today + first`` to ``today + last`` that fall in this year."""
    return sum(1 for n in range(first, last + 1) if (today + dt.timedelta(days=n)).year == today.year)


def test_an_away_player_is_marked_for_the_others(site: Site, browser: Any) -> None:
    today = dt.datetime.now(ZoneInfo(ZONE)).date()
    away = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages.register(away, site.base_url, "wanderer", PASSWORD)
    away.goto(f"{site.base_url}/settings/profile")
    away.wait_for_selector("#days-off:not([hidden])", timeout=pages.WAIT_MS)
    away.fill("#time-zone", ZONE)
    away.check("#weekend-days input[value='6']")
    away.check("#weekend-days input[value='7']")
    away.click("#days-off-form button[type=submit]")
    away.locator("#days-off-saved").wait_for(state="visible", timeout=pages.WAIT_MS)
    for first, last in (
        (today, today + dt.timedelta(days=2)),
        (today + dt.timedelta(days=3), today + dt.timedelta(days=4)),
    ):
        away.fill("#absence-first", first.isoformat())
        away.fill("#absence-last", last.isoformat())
        away.click("#absence-form button[type=submit]")
        away.wait_for_function(
            "n => document.querySelectorAll('#absences li.absence').length === n", arg=1 + (first != today)
        )
    assert away.locator("#absences li.absence").first.locator(".cancel-absence").count() == 0, "started"
    assert f"{21 - this_year(today, 0, 4)} of 21" in away.locator("#vacation-left").inner_text()
    away.locator("#absences li.absence").nth(1).locator(".cancel-absence").click()
    away.wait_for_function("() => document.querySelectorAll('#absences li.absence').length === 1")
    assert f"{21 - this_year(today, 0, 2)} of 21" in away.locator("#vacation-left").inner_text()
    bad = away.locator("#absence-error")
    away.fill("#absence-first", today.isoformat())
    away.fill("#absence-last", (today + dt.timedelta(days=40)).isoformat())
    away.click("#absence-form button[type=submit]")
    bad.wait_for(state="visible", timeout=pages.WAIT_MS)

    away.goto(f"{site.base_url}/")
    away.select_option("#new-game-clock-preset", "fast")
    game_id = pages.create_game(away, seats=2, bots=False)

    other = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    pages.register(other, site.base_url, "walt", PASSWORD)
    card = other.locator(f"#open-games li[data-game-id='{game_id}']")
    card.wait_for(timeout=pages.WAIT_MS)
    assert "away" in card.inner_text(), "the lobby shows the absence before joining"
    pages.join_from_lobby(other, site.base_url, game_id)
    other.wait_for_selector(".seats .away-mark", timeout=pages.WAIT_MS)
    assert other.locator(".seats .away-mark").count() == 1, "the waiting room shows the absence"
    away.reload()
    away.click("#start-game")
    mark = other.locator("#clocks .away-mark")
    mark.wait_for(timeout=pages.WAIT_MS)
    until = (today + dt.timedelta(days=2)).isoformat()
    assert site.service.view(game_id, None).away[0].until == until
    seat = site.service.view(game_id, None).away[0].seat
    assert "running" not in (other.locator(f"#clocks li[data-seat='{seat}']").get_attribute("class") or "")
    other.goto(f"{site.base_url}/players/wanderer")
    other.locator("#profile-away").wait_for(state="visible", timeout=pages.WAIT_MS)
    away.context.close()
    other.context.close()
