"""The end of a game, as a person sees it: under the final ranking, a table of every player's points by where
they came from (Egizia's scoring steps, Giza's pyramids and Sphinx, Sobek's rounds), each column summing to
the player's score, on the game page and on the history's final board, in the page's language, on a desktop
and on a 390 px phone without sideways scrolling."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.i18n import render
from tests.e2e.browser.conftest import ENDED_GAMES, ENDED_GAMES_GROUP, Site

pytestmark = [pytest.mark.browser, ENDED_GAMES_GROUP]

SHAPES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# Egizia's crews are one term on the board and in the breakdown: "Trupp", 作業班 (tests/unit/test_glossary.py)
UNFED = {"en": "Crews not fed", "de": "Nicht ernährte Trupps", "ja": "食料不足の作業班"}
HEADINGS = {"en": "Where the points came from", "de": "Woher die Punkte kamen", "ja": "得点の内訳"}
TABLE = """() => {
  const table = document.querySelector("#breakdown table.breakdown");
  const cells = (row) => [...row.querySelectorAll("th, td")].map((cell) => cell.innerText.trim());
  return {
    heading: document.querySelector("#breakdown h2").innerText,
    head: cells(table.tHead.rows[0]),
    rows: [...table.tBodies[0].rows].map(cells),
    total: cells(table.tFoot.rows[0]),
    tableRight: table.getBoundingClientRect().right,
    pageWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  };
}"""


@pytest.fixture(
    scope="module",
    params=[("en-US", "desktop"), ("ja-JP", "phone"), ("de-DE", "phone")],
    ids=lambda p: "-".join(p),
)
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    """One browser tab per language and screen, shared by the tests (each goes to the address it checks)."""
    locale, shape = request.param
    context = browser.new_context(locale=locale, viewport=SHAPES[shape], reduced_motion="reduce")
    shown = context.new_page()
    shown.language = locale[:2]  # type: ignore[attr-defined]
    try:
        yield shown
    finally:
        context.close()


def _signed(points: int) -> str:
    return f"\u2212{-points}" if points < 0 else str(points)


def _check(page: Any, site: Site, game_id: str) -> None:
    page.wait_for_selector("#breakdown table.breakdown", state="visible", timeout=15_000)
    shown = page.evaluate(TABLE)
    language = page.language
    assert shown["heading"] == HEADINGS[language]
    view = site.service.view(game_id, None)
    assert view.result is not None and view.breakdown is not None
    names = site.service.meta(game_id).seat_names()
    ranking = list(view.result.ranking)
    assert shown["head"][1:] == [names[seat] for seat in ranking]
    first = view.breakdown[ranking[0]]
    assert [row[0] for row in shown["rows"]] == [render(line.label, language) for line in first]  # type: ignore[arg-type]
    for column, seat in enumerate(ranking, start=1):
        assert [row[column] for row in shown["rows"]] == [
            _signed(line.points) for line in view.breakdown[seat]
        ]
        assert shown["total"][column] == _signed(view.result.scores[seat])
    assert shown["pageWidth"] <= shown["viewport"], "the page scrolls sideways"
    assert shown["tableRight"] <= shown["viewport"]


@pytest.mark.parametrize("name", sorted(ENDED_GAMES))
def test_the_final_board_shows_each_players_points_by_source_on_the_game_page_and_in_the_history(
    page: Any, site: Site, ended_games: dict[str, str], name: str, artifacts: Path
) -> None:
    game_id = ended_games[name]
    page.goto(f"{site.base_url}/games/{game_id}")
    _check(page, site, game_id)
    if name == "egizia":
        assert page.locator("#breakdown table.breakdown tbody th", has_text=UNFED[page.language]).count() == 1
    page.locator("#breakdown").screenshot(path=str(artifacts / f"breakdown-{name}-{page.language}.png"))
    page.goto(f"{site.base_url}/games/{game_id}/history")
    _check(page, site, game_id)
    page.fill("#version-slider", "2")  # an earlier moment shows no breakdown
    page.wait_for_function("() => document.getElementById('breakdown').hidden", timeout=15_000)
