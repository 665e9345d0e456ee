"""Each game is called what its readers' community calls it: Sobek is セベク for Japanese players (the name
of its Japanese player guide), Giza ギザ and Egizia エジツィア; German players read the editions' own names.
Checked where a person reads them: the rules page's heading and the lobby's choice of game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

TITLES = {
    "en-US": {"egizia": "Egizia", "giza": "Giza", "sobek": "Sobek"},
    "de-DE": {"egizia": "Egizia", "giza": "Giza", "sobek": "Sobek"},
    "ja-JP": {"egizia": "エジツィア", "giza": "ギザ", "sobek": "セベク"},
}


@pytest.mark.parametrize("locale", sorted(TITLES))
def test_each_game_is_called_by_its_communitys_name(site: Site, browser: Any, locale: str) -> None:
    page = browser.new_context(locale=locale).new_page()
    for name, title in TITLES[locale].items():
        page.goto(f"{site.base_url}/rules/{name}")
        heading = page.locator("#rules h1").inner_text()
        assert heading.startswith(title), (locale, heading)
    page.goto(f"{site.base_url}/")
    choice = page.locator("select[name='game'] option")
    choice.first.wait_for(state="attached")
    values = choice.evaluate_all("options => options.map((o) => o.value)")
    shown = dict(zip(values, choice.all_inner_texts(), strict=True))
    assert {name: shown[name] for name in TITLES[locale]} == TITLES[locale]
    page.context.close()
