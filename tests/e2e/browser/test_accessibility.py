"""axe-core (shipped inside the axe-playwright-python package, nothing fetched) finds no serious or critical
accessibility violation on the lobby, the game page (with decisions to make), the history and the rules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

BLOCKING = {"serious", "critical"}


def _violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} at "
        + "; ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
        for violation in results.response["violations"]
        if violation["impact"] in BLOCKING
    ]


@pytest.fixture(scope="module")
def player(site: Site, browser: Any) -> Iterator[tuple[Any, str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    pages.register(page, site.base_url, "zora", "papyrus-pass-9")
    game_id = pages.create_game(page, seats=2, bots=True)
    page.click("#start-game")
    page.wait_for_selector("svg.river", timeout=pages.WAIT_MS)
    try:
        yield page, game_id
    finally:
        context.close()


def test_the_signed_out_lobby(site: Site, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{site.base_url}/")
    page.wait_for_selector("#new-game-type option", state="attached")
    assert _violations(page) == []
    page.context.close()


def test_the_signed_in_lobby(player: tuple[Any, str], site: Site) -> None:
    page, game_id = player
    page.goto(f"{site.base_url}/")
    page.wait_for_selector(f"#my-games li[data-game-id='{game_id}']")
    assert _violations(page) == []


def test_the_waiting_room(player: tuple[Any, str], site: Site) -> None:
    page, _ = player
    page.goto(f"{site.base_url}/")
    page.wait_for_selector("#new-game-type option", state="attached")
    pages.create_game(page, seats=3, bots=True)
    assert _violations(page) == []


@pytest.mark.parametrize("width", [1280, 390])
def test_the_game_page_with_decisions_to_make(
    player: tuple[Any, str], site: Site, artifacts: Path, width: int
) -> None:
    page, game_id = player
    page.set_viewport_size({"width": width, "height": 900})
    try:
        page.goto(f"{site.base_url}/games/{game_id}")
        page.wait_for_selector("svg.river")
        pages.wait_for_my_turn(page)
        page.wait_for_selector("#decisions button:visible")
        page.wait_for_selector("#log li")
        page.screenshot(path=str(artifacts / f"axe-game-{width}.png"))
        assert _violations(page) == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_the_history_page(player: tuple[Any, str], site: Site) -> None:
    page, game_id = player
    page.goto(f"{site.base_url}/games/{game_id}/history")
    page.wait_for_function("() => document.getElementById('history').dataset.shownVersion")
    assert _violations(page) == []


def test_the_rules_page(player: tuple[Any, str], site: Site) -> None:
    page, game_id = player
    page.goto(f"{site.base_url}/games/{game_id}/rules")
    page.wait_for_selector("#glossary dt[id]")
    assert _violations(page) == []


def test_the_check_itself_finds_a_nameless_button_on_our_pages(site: Site, browser: Any) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{site.base_url}/")
    page.wait_for_selector("#new-game-type option", state="attached")
    page.evaluate("() => document.querySelector('main').append(document.createElement('button'))")
    assert [found for found in _violations(page) if found.startswith("button-name (critical)")]
    page.context.close()
