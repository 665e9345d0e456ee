"""The web pages as the server renders them: each game's title and stylesheet, the rules reference of every
hosted game, the "No such game" page, and who is signed in without a failing request."""

from __future__ import annotations

import html
from collections.abc import Iterator

import pytest

from domain import registry
from domain.engine import Game, RulesSection
from services.i18n import english
from tests.api.support import TOY, Harness

WORDED = [
    RulesSection(title="How a round goes", paragraphs=["First <everyone> places a ship.", "Then builds."]),
    RulesSection(title="Scoring & the end", paragraphs=["The highest score wins."]),
]


@pytest.fixture
def worded_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every hosted game with the same two sections (a game may not have written its own yet)."""
    for game in registry.games().values():
        monkeypatch.setattr(game, "rules_reference", lambda: WORDED)
    yield


def _page(api: Harness, path: str) -> tuple[int, str]:
    response = api.client.get(path)
    return response.status_code, response.get_data(as_text=True)


def _section_titles(game: Game) -> list[str]:
    return [english(section.title) for section in game.rules_reference()]


@pytest.mark.parametrize("name", [*sorted(registry.games()), TOY])
def test_every_hosted_game_has_a_rules_page_with_each_of_its_sections(api: Harness, name: str) -> None:
    game = registry.get_game(name)
    status, page = _page(api, f"/rules/{name}")
    assert status == 200
    assert f"<title>Rules · {html.escape(game.title)} · Papyrus</title>" in page
    for title in _section_titles(game):
        assert html.escape(title) in page, title


def test_the_rules_page_shows_every_section_and_paragraph_escaped(api: Harness, worded_rules: None) -> None:
    for name in [*registry.games(), TOY]:
        _, page = _page(api, f"/rules/{name}")
        for section in WORDED:
            assert f">{html.escape(section.title)}</h2>" in page
            for paragraph in section.paragraphs:
                assert f"<p>{html.escape(paragraph)}</p>" in page
        assert "<everyone>" not in page


def test_a_games_rules_page_is_linked_from_its_page_and_lists_its_sections(
    api: Harness, worded_rules: None
) -> None:
    table = api.new_game()
    _, game_page = _page(api, f"/games/{table.game_id}")
    assert f'href="/games/{table.game_id}/rules"' in game_page
    status, rules = _page(api, f"/games/{table.game_id}/rules")
    assert status == 200
    assert all(html.escape(section.title) in rules for section in WORDED)
    assert 'id="glossary"' in rules and f'href="/games/{table.game_id}"' in rules


@pytest.mark.parametrize("page", ["", "/history", "/rules"])
def test_an_unknown_game_gets_a_no_such_game_page_without_the_live_script(api: Harness, page: str) -> None:
    path = f"/games/nosuchgame{page}"
    status, shown = _page(api, path)
    assert status == 404
    assert "<h1>No such game</h1>" in shown and "nosuchgame" in shown
    assert "js/game.js" not in shown and "js/history.js" not in shown


def test_an_unknown_game_name_has_no_rules_page(api: Harness) -> None:
    status, page = _page(api, "/rules/nosuchgame")
    assert status == 404 and "No such game" in page


def test_a_games_pages_carry_its_title_and_link_its_stylesheet_only_when_it_has_one(api: Harness) -> None:
    table = api.new_game()
    toy = registry.get_game(TOY)
    for path in (f"/games/{table.game_id}", f"/games/{table.game_id}/history"):
        _, page = _page(api, path)
        assert f"{html.escape(toy.title)} · Papyrus</title>" in page
        assert "board.css" not in page, "the toy game has no stylesheet of its own"
        assert "version" not in page.split("<title>")[1].split("</title>")[0]
    for name, game in registry.games().items():
        if name == TOY:
            continue
        _, page = _page(api, f"/rules/{name}")
        assert f'href="/static/games/{name}/board.css"' in page
        css = api.client.get(f"/static/games/{name}/board.css")
        assert css.status_code == 200 and css.mimetype == "text/css", game.title


def test_the_session_says_who_is_signed_in_and_answers_200_to_nobody(api: Harness) -> None:
    anonymous = api.client.get("/web/session.json")
    nobody = {"name": None, "display_name": None}
    assert anonymous.status_code == 200 and anonymous.json == nobody
    account = {"name": "wanda", "password": "papyrus-pass-9"}
    registered = api.client.post("/api/accounts", json={**account, "display_name": "Wanda W."})
    assert registered.status_code == 201
    login = api.client.post("/api/sessions", json=account)
    cookie = login.headers["Set-Cookie"].split(";")[0]
    signed_in = api.client.get("/web/session.json", headers={"Cookie": cookie})
    assert signed_in.status_code == 200 and signed_in.json == {"name": "wanda", "display_name": "Wanda W."}
    forged = api.client.get("/web/session.json", headers={"Cookie": "papyrus_session=forged"})
    assert forged.status_code == 200 and forged.json == nobody


@pytest.mark.parametrize("path", ["/register", "/login"])
def test_the_password_forms_post_and_wait_for_their_script(api: Harness, path: str) -> None:
    """A click before the page's script is ready must not submit the form as a GET, which would put the
    password in the address (and in every log that records it): the form posts, and its button starts
    disabled until the script has taken the form over."""
    status, body = _page(api, path)
    assert status == 200
    form = body[body.index('<form id="account-form"') :]
    assert 'method="post"' in form[: form.index(">")]
    button = form[form.index("<button") :]
    assert " disabled" in button[: button.index(">")]
