"""Cross-site request forgery: a page on another origin (a sibling subdomain included)
can neither act with a victim's session cookie nor log the victim in as the attacker. Bodies must be JSON
(what a cross-site form cannot send), and cookie-authenticated changes and logins must come from the
service's own origin."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.accounts.conftest import PASSWORD, Site

OWN = "http://localhost"  # the test client's own origin
SIBLING = "https://evil.localhost"


def _signed_in(site: Site, name: str) -> FlaskClient:
    site.register(name)
    browser = site.client()
    assert browser.post("/api/sessions", json={"name": name, "password": PASSWORD}).status_code == 200
    return browser


def _error(response: Any) -> tuple[int, str, str]:
    error = response.get_json()["error"]
    return response.status_code, error["code"], error["field"]


def test_a_body_not_sent_as_json_is_refused_naming_the_header(site: Site) -> None:
    body = '{"game": "toy", "seats": 2, "options": {"hand": 2}}'
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        refused = site.client().post("/api/games", data=body, content_type=content_type)
        assert _error(refused) == (415, "content_type.unsupported", "Content-Type")
    assert site.client().get("/api/games").get_json() == []
    created = site.client().post("/api/games", data=body, content_type="application/json; charset=utf-8")
    assert created.status_code == 201


def test_a_cookie_request_from_another_site_changes_nothing(site: Site) -> None:
    browser = _signed_in(site, "victim")
    game = site.new_game()
    url = f"/api/games/{game['id']}/seats"
    for headers in ({"Origin": SIBLING}, {"Origin": "null"}, {"Sec-Fetch-Site": "same-site"}):
        refused = browser.post(url, json={"name": "Victim"}, headers=headers)
        assert _error(refused) == (403, "origin.forbidden", "Origin")
    assert site.service.meta(game["id"]).players == []
    own = browser.post(url, json={"name": "Victim"}, headers={"Origin": OWN, "Sec-Fetch-Site": "same-origin"})
    assert own.status_code == 201


def test_a_cross_site_form_cannot_log_a_victim_in_as_the_attacker(site: Site) -> None:
    site.register("attacker")
    victim = site.client()
    form = victim.post(
        "/api/sessions",
        data=f'{{"name": "attacker", "password": "{PASSWORD}"}}',
        content_type="text/plain",
        headers={"Origin": SIBLING},
    )
    assert form.status_code == 415
    scripted = victim.post(
        "/api/sessions", json={"name": "attacker", "password": PASSWORD}, headers={"Origin": SIBLING}
    )
    assert _error(scripted) == (403, "origin.forbidden", "Origin")
    for refused in (form, scripted):
        assert "Set-Cookie" not in refused.headers
    assert victim.get("/api/accounts/me").status_code == 401


def test_api_clients_with_a_bearer_token_and_no_browser_headers_still_work(site: Site) -> None:
    site.register("robot")
    bearer = site.login("robot")
    game = site.new_game()
    assert site.join(game["id"], bearer).status_code == 201
